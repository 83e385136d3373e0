"""A CSV card list reads the same whatever line endings it was saved with (Windows', Unix's, old Macs'), a quoted
cell keeping its line break; a row that is not CSV is blamed at its own line, a quote never closed at the line
it opens."""
from __future__ import annotations

import pytest

from pnp.errors import DataError
from pnp.read.datafile import load_csv

pytestmark = pytest.mark.quick

ROWS = ["id,count,label", "alpha,1,plain", 'beta,2,"two', 'lines"', "gamma,3,"]


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["unix", "windows", "old mac"])
def test_every_line_ending_reads_as_the_same_rows_each_at_its_line(tmp_path, ending):
    path = tmp_path / "deck.csv"
    path.write_bytes(ending.join(ROWS).encode() + ending.encode())
    rows = load_csv(path, 100, ",")
    assert [dict(row) for row in rows] == [{"id": "alpha", "count": 1, "label": "plain"},
                                           {"id": "beta", "count": 2, "label": f"two{ending}lines"},
                                           {"id": "gamma", "count": 3}]
    assert rows.item_lines == [2, 3, 5]  # the quoted cell's row starts at its first line


def problem(tmp_path, text: str) -> tuple[int, str]:
    """The one problem of a CSV card list holding `text`: (its line, what it says)."""
    path = tmp_path / "deck.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_csv(path, 100, ",")
    [(where, message)] = raised.value.problems
    assert where.file.endswith("deck.csv")
    return where.line, message


def test_text_after_a_closing_quote_is_no_csv_at_its_line(tmp_path):
    line, message = problem(tmp_path, 'id,count\nalpha,1\n"beta"x,2\ngamma,3\n')
    assert line == 3 and message.startswith("not valid CSV") and "never closed" not in message


def test_a_quote_never_closed_is_blamed_at_the_line_it_opens(tmp_path):
    line, message = problem(tmp_path, 'id,count\nalpha,1\n"beta,2\ngamma,3\n')
    assert line == 3 and "never closed" in message
