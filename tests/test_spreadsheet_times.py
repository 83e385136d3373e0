"""A time typed in a spreadsheet's cell reads as the same clock text from .xlsx and .ods, as it was typed:
`12:30`, not Excel's time of day `12:30:00` nor LibreOffice's saved length of time `PT12H30M00S`."""
from __future__ import annotations

import datetime

import openpyxl
import pytest

from pnp.read.cardlists import load_list
from test_ods_cell_values import SPOT, cell, header, write

pytestmark = pytest.mark.quick

TIMES = [  # (as .xlsx saves it, as .ods saves it, the text read from both)
    (datetime.time(12, 30), "PT12H30M00S", "12:30"),
    (datetime.time(9, 5), "PT09H05M00S", "09:05"),
    (datetime.time(0, 0, 15), "PT00H00M15S", "00:00:15"),
    (datetime.time(23, 59, 59, 600_000), "PT23H59M59.6S", "24:00"),  # rounded to the second
    (datetime.timedelta(days=1, hours=12), "P1DT12H00M00S", "36:00"),  # a length of time, past a day
    (-datetime.timedelta(minutes=90), "-PT01H30M00S", "-01:30"),
]


def read_xlsx(tmp_path, value) -> object:
    """The value a one-card .xlsx list gives for a cell holding `value`."""
    book = openpyxl.Workbook()
    book.active.append(["id", "at"])
    book.active.append(["alpha", value])
    if isinstance(value, datetime.timedelta):
        book.active["B2"].number_format = "[h]:mm:ss"  # a length of time, as a spreadsheet formats one
    book.save(tmp_path / "deck.xlsx")
    [row] = load_list(tmp_path / "deck.xlsx", None, 100, SPOT)
    return row["at"]


def read_ods(tmp_path, saved: str, kind: str = "time") -> object:
    """The value a one-card .ods list gives for a time (or date) cell whose saved value is `saved`."""
    made = cell("shown", valuetype=kind, **{f"{kind}value": saved})
    path = write(tmp_path / "deck.ods", [header("id", "at"), [cell("alpha", valuetype="string"), made]])
    [row] = load_list(path, None, 100, SPOT)
    return row["at"]


@pytest.mark.parametrize("in_xlsx, in_ods, read", TIMES, ids=[read for _, _, read in TIMES])
def test_a_time_reads_as_the_same_clock_text_from_xlsx_and_ods(tmp_path, in_xlsx, in_ods, read):
    assert read_xlsx(tmp_path, in_xlsx) == read
    assert read_ods(tmp_path, in_ods) == read


def test_a_length_in_months_has_no_clock_time_and_reads_as_saved(tmp_path):
    assert read_ods(tmp_path, "P1Y2M") == "P1Y2M"


def test_a_date_with_a_time_of_day_reads_alike_from_both(tmp_path):
    assert read_xlsx(tmp_path, datetime.datetime(2026, 6, 10, 12, 30)) == "2026-06-10T12:30:00"
    assert read_ods(tmp_path, "2026-06-10T12:30:00", "date") == "2026-06-10T12:30:00"
    assert read_xlsx(tmp_path, datetime.datetime(2026, 6, 10)) == "2026-06-10"  # midnight: the date alone
