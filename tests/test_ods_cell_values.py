"""An .ods card list's cell reads as the value LibreOffice saved with it, not as the text it shows: a number
shown as `2,50` or `25 %`, a choice shown as `TRUE`, a date shown as `06/10/2026`; a merged cell keeps the
cells after it in their columns, and a formula's error is placed at its own cell."""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from pnp.errors import DataError, Where
from pnp.read.cardlists import load_list

CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"  # where LibreOffice marks errors
SPOT = Where("game.yaml", 13)


def cell(shown: str | list | None = None, **attributes):
    """A table cell showing `shown` (a list: one paragraph each), its saved value in `attributes`."""
    from odf.table import TableCell
    from odf.text import P

    made = TableCell(**attributes)
    for paragraph in [shown] if isinstance(shown, str) else shown or []:
        made.addElement(P(text=paragraph))
    return made


def covered(shown: str | None = None):
    """A cell hidden under a merged cell to its left (LibreOffice keeps what it held before the merge)."""
    from odf.table import CoveredTableCell
    from odf.text import P

    made = CoveredTableCell()
    if shown is not None:
        made.addElement(P(text=shown))
    return made


def error(shown: str):
    """A cell whose formula's result is an error: its text is the error's, and LibreOffice marks its type."""
    made = cell(shown, valuetype="string")
    made.attributes[(CALCEXT, "value-type")] = "error"
    return made


def write(path: Path, rows: list[list]) -> Path:
    """An .ods file whose one sheet, `Deck`, holds `rows` of cells."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow

    document, table = OpenDocumentSpreadsheet(), Table(name="Deck")
    for cells in rows:
        row = TableRow()
        for each in cells:
            row.addElement(each)
        table.addElement(row)
    document.spreadsheet.addElement(table)
    document.save(str(path))
    _name_calcext(path)
    return path


def _name_calcext(path: Path) -> None:
    """odfpy saves an attribute of a namespace it does not know under a made-up prefix it never declares:
    declare it, as LibreOffice's own files do (unless odfpy, having met the namespace before in this process,
    declared it itself)."""
    with zipfile.ZipFile(path) as source:
        parts = {item.filename: source.read(item.filename) for item in source.infolist()}
    content = parts["content.xml"].decode()
    for prefix in set(re.findall(r'(\w+):value-type="error"', content)) - set(re.findall(r'xmlns:(\w+)=', content)):
        content = content.replace("<office:document-content ",
                                  f'<office:document-content xmlns:{prefix}="{CALCEXT}" ', 1)
    parts["content.xml"] = content.encode()
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)


def header(*names: str) -> list:
    return [cell(name, valuetype="string") for name in names]


def test_each_kind_of_cell_reads_as_its_saved_value_not_its_shown_text(tmp_path):
    rows = load_list(write(tmp_path / "deck.ods", [
        header("id", "decimal", "share", "price", "yes", "no", "day", "lines", "large"),
        [cell("alpha", valuetype="string"), cell("2,50", valuetype="float", value="2.5"),
         cell("25 %", valuetype="percentage", value="0.25"),
         cell("3,00 €", valuetype="currency", value="3", currency="EUR"),
         cell("TRUE", valuetype="boolean", booleanvalue="true"),
         cell("FALSE", valuetype="boolean", booleanvalue="false"),
         cell("06/10/2026", valuetype="date", datevalue="2026-10-06"),
         cell(["first line", "second line"], valuetype="string"),
         cell("1.23457E+19", valuetype="float", value="12345678901234567890")],
    ]), None, 100, SPOT)
    assert [dict(row) for row in rows] == [{
        "id": "alpha", "decimal": 2.5, "share": 0.25, "price": 3, "yes": True, "no": False, "day": "2026-10-06",
        "lines": "first line\nsecond line", "large": 12345678901234567890}]
    assert isinstance(rows[0]["price"], int)  # a whole number is an int, as a CSV file's would be


def test_the_cells_after_a_merged_cell_or_after_blanks_keep_their_columns(tmp_path):
    rows = load_list(write(tmp_path / "deck.ods", [
        header("id", "wide", "hidden", "after", "far"),
        [cell("alpha", valuetype="string"), cell("two columns", valuetype="string", numbercolumnsspanned="2"),
         covered("under the merge"), cell("C", valuetype="string")],
        [cell("beta", valuetype="string"), cell(), cell(), cell(), cell("E", valuetype="string")],
    ]), None, 100, SPOT)
    assert [dict(row) for row in rows] == [{"id": "alpha", "wide": "two columns", "after": "C"},
                                           {"id": "beta", "far": "E"}]


def test_a_formula_s_error_is_placed_at_its_cell_past_the_blanks_before_it(tmp_path):
    path = write(tmp_path / "deck.ods", [header("id", "count", "value"),
                                         [cell("alpha", valuetype="string"), cell(), error("#DIV/0!")]])
    with pytest.raises(DataError) as raised:
        load_list(path, None, 100, SPOT)
    [(where, message)] = raised.value.problems
    assert str(where).endswith("deck.ods:Deck!C2") and "#DIV/0!" in message

