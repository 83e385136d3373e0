"""Card lists in spreadsheets (.xlsx, .ods) and TSV files, and suffixes in any case: read as a CSV file is,
each problem placed at its sheet's cell (`deck.xlsx:Deck!D3`)."""
from __future__ import annotations

import csv
import os
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from conftest import TOY, edit
from pnp.cli import cli
from pnp.errors import DataError, InSheet, Where, column_letter
from pnp.read.games import load_game


def toy_rows() -> list[list]:
    """The toy's deck.csv as a spreadsheet holds it: numbers as numbers, blank cells empty."""
    with open(TOY / "deck.csv", encoding="utf-8", newline="") as stream:
        return [[int(cell) if cell.isdigit() else cell or None for cell in row] for row in csv.reader(stream)]


def write_xlsx(path: Path, rows: list[list], title: str = "Deck", before: tuple = ()) -> Path:
    """A workbook whose sheet `title` holds `rows`, after empty sheets named `before`."""
    book = openpyxl.Workbook()
    first = book.active
    for name in before:
        book.create_sheet(name, 0)
    first.title = title
    for row in rows:
        first.append(row)
    book.save(path)
    return path


def write_ods(path: Path, rows: list[list], title: str = "Deck") -> Path:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document, table = OpenDocumentSpreadsheet(), Table(name=title)
    for row in rows:
        line = TableRow()
        for value in row:
            if value is None:
                cell = TableCell()
            elif isinstance(value, int):
                cell = TableCell(valuetype="float", value=str(value))
            else:
                cell = TableCell(valuetype="string")
            if value is not None:
                cell.addElement(P(text=str(value)))
            line.addElement(cell)
        table.addElement(line)
    document.spreadsheet.addElement(table)
    document.save(str(path))
    return path


def use(toy: Path, cards: str) -> None:
    edit(toy / "game.yaml", "cards: deck.csv", f"cards: {cards}")


def problems(folder: Path) -> list[str]:
    """The problems of loading the game, their files named from inside its folder."""
    home = os.getcwd()
    os.chdir(folder)
    try:
        with pytest.raises(DataError) as raised:
            load_game(str(folder))
    finally:
        os.chdir(home)
    return [f"{where}: {message}" for where, message in raised.value.problems]


def cards_of(folder: Path) -> list[tuple]:
    return [(card.id, card.count, card.fields, card.back) for card in load_game(str(folder)).components["deck"].cards]


def test_an_xlsx_card_list_builds_the_same_pdfs_as_the_csv_it_was_made_from(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    shutil.copytree(TOY, tmp_path / "csv" / "toy")
    sheet = tmp_path / "xlsx" / "toy"
    shutil.copytree(TOY, sheet)
    write_xlsx(sheet / "deck.xlsx", toy_rows())
    (sheet / "deck.csv").unlink()
    use(sheet, "deck.xlsx")
    for form in ("csv", "xlsx"):
        result = CliRunner().invoke(cli, ["build", str(tmp_path / form / "toy"), "--duplex",
                                          "--out", str(tmp_path / form / "out")])
        assert result.exit_code == 0, result.output
    made = sorted((tmp_path / "csv" / "out" / "toy").glob("*.pdf"))
    assert len(made) > 3
    for pdf in made:
        assert pdf.read_bytes() == (tmp_path / "xlsx" / "out" / "toy" / pdf.name).read_bytes(), pdf.name


def test_an_ods_tsv_or_upper_case_csv_reads_as_the_csv(toy):
    expected = cards_of(toy)
    write_ods(toy / "deck.ods", toy_rows())
    (toy / "deck.tsv").write_text((toy / "deck.csv").read_text(encoding="utf-8").replace(",", "\t"), encoding="utf-8")
    shutil.copy(toy / "deck.csv", toy / "DECK.CSV")
    use(toy, "deck.ods")
    for name in ("deck.ods", "deck.tsv", "DECK.CSV"):
        edit(toy / "game.yaml", (toy / "game.yaml").read_text().split("cards: ")[1].split("\n")[0], name)
        assert cards_of(toy) == expected, name


def test_a_sheet_is_chosen_by_name_and_the_first_is_read_by_default(toy):
    write_xlsx(toy / "deck.xlsx", toy_rows(), title="Deck", before=("Notes",))
    use(toy, "deck.xlsx")
    assert any("Notes!A1: id: no such column" in problem for problem in problems(toy))  # the first sheet: empty
    edit(toy / "game.yaml", "cards: deck.xlsx", "cards: {file: deck.xlsx, sheet: Deck}")
    assert len(cards_of(toy)) == 4
    edit(toy / "game.yaml", "sheet: Deck", "sheet: Dek")
    assert problems(toy) == ["game.yaml:13: deck.cards.sheet: deck.xlsx has no sheet named 'Dek' "
                             "(its sheets: Notes, Deck)"]


def test_a_csv_file_has_no_sheet(toy):
    use(toy, "{file: deck.csv, sheet: Deck}")
    assert [problem.split(": ")[:2] for problem in problems(toy)] == [["game.yaml:13", "deck.cards.sheet"]]


@pytest.mark.parametrize("writer", [write_xlsx, write_ods])
def test_each_problem_is_placed_at_its_sheet_and_cell(toy, writer):
    rows = toy_rows()
    rows[2][3] = "x"  # beta's value: D3
    rows[3][0] = "alpha"  # gamma's id: A4, a second alpha
    suffix = "xlsx" if writer is write_xlsx else "ods"
    writer(toy / f"deck.{suffix}", rows, title="My deck")
    use(toy, f"deck.{suffix}")
    found = problems(toy)
    assert [problem.split(": ")[:2] for problem in found] == [[f"deck.{suffix}:'My deck'!D3", "value"],
                                                              [f"deck.{suffix}:'My deck'!A4", "id"]]
    assert "first at row 2" in found[1]


def test_a_column_past_the_header_and_an_unknown_column_are_placed_at_their_cells(toy):
    rows = toy_rows()
    rows[0][4] = "backs"  # E1
    rows[2].append("stray")  # F3
    write_xlsx(toy / "deck.xlsx", rows)
    use(toy, "deck.xlsx")
    assert [problem.split(": ")[0] for problem in problems(toy)] == ["deck.xlsx:Deck!F3"]
    del rows[2][-1]
    write_xlsx(toy / "deck.xlsx", rows)
    assert [problem.split(": ")[:2] for problem in problems(toy)] == [["deck.xlsx:Deck!E1", "backs"]]


def formulas(path: Path, results: dict) -> None:
    """Give the formulas of an .xlsx file written by openpyxl (which saves none) the results a spreadsheet
    program would have saved with them: cell -> (type, value)."""
    with zipfile.ZipFile(path) as source:
        parts = {item.filename: source.read(item.filename) for item in source.infolist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    for cell, (kind, value) in results.items():
        start = sheet.index(f'<c r="{cell}"')
        end = sheet.index("</c>", start)
        formula = sheet[sheet.index("<f>", start):sheet.index("</f>", start) + 4]
        sheet = sheet[:start] + f'<c r="{cell}" t="{kind}">{formula}<v>{value}</v>' + sheet[end:]
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)


def test_a_formula_reads_as_its_saved_result_and_an_error_result_is_placed(toy):
    rows = toy_rows()
    rows[1][1] = "=1+2"  # alpha's count: B2
    write_xlsx(toy / "deck.xlsx", rows)
    formulas(toy / "deck.xlsx", {"B2": ("n", "7")})
    use(toy, "deck.xlsx")
    assert cards_of(toy)[0][:2] == ("alpha", 7)
    rows[2][1] = "=1/0"
    write_xlsx(toy / "deck.xlsx", rows)
    formulas(toy / "deck.xlsx", {"B2": ("n", "7"), "B3": ("e", "#DIV/0!")})
    assert [problem.split(": ")[0] for problem in problems(toy)] == ["deck.xlsx:Deck!B3"]


def test_a_damaged_spreadsheet_or_an_unread_kind_is_said_clearly(toy):
    (toy / "deck.xlsx").write_bytes(b"PK\x03\x04 not really a workbook")
    use(toy, "deck.xlsx")
    assert [problem.split(": ")[0] for problem in problems(toy)] == ["deck.xlsx"]
    shutil.copy(toy / "deck.csv", toy / "deck.xls")
    edit(toy / "game.yaml", "cards: deck.xlsx", "cards: deck.xls")
    found = problems(toy)
    assert [problem.split(": ")[:2] for problem in found] == [["game.yaml:13", "deck.cards"]] and ".xlsx" in found[0]


def test_a_csv_saved_as_windows_1252_says_so_at_its_line(toy):
    text = (toy / "deck.csv").read_text(encoding="utf-8").replace("☠", "")
    (toy / "deck.csv").write_bytes(text.encode("cp1252"))
    found = problems(toy)
    assert [problem.split(": ")[0] for problem in found] == ["deck.csv:2"]
    assert "Windows-1252" in found[0] and "UTF-8" in found[0]


def test_a_tsv_file_with_commas_says_how_it_is_separated(toy):
    shutil.copy(toy / "deck.csv", toy / "deck.tsv")
    use(toy, "deck.tsv")
    found = problems(toy)
    assert [problem.split(": ")[0] for problem in found] == ["deck.tsv:1"] and "commas" in found[0]


def test_cells_are_named_as_a_spreadsheet_names_them():
    assert [column_letter(index) for index in (0, 25, 26, 701, 702)] == ["A", "Z", "AA", "ZZ", "AAA"]
    where = InSheet("cards.xlsx", 7, "", "Cards", ("id", "count", "title"))
    assert [str(where.at("title")), str(where), str(where.at("nothing")), str(InSheet("c.ods", 0, "", "Sheet 1"))] \
        == ["cards.xlsx:Cards!C7: title", "cards.xlsx:Cards!A7", "cards.xlsx:Cards!A7: nothing", "c.ods:'Sheet 1'"]


def test_a_row_is_placed_as_dataclasses_replace_places_it():
    """Where.row: the same file (and sheet, columns) at another line, its field left out."""
    for where in (Where("deck.csv", 1, "cards"), InSheet("cards.xlsx", 1, "cards", "Cards", ("id", "title"), 2)):
        row = where.row(9)
        assert type(row) is type(where) and row == replace(where, line=9, field="") and str(row).endswith("9")


def test_a_spreadsheet_that_unpacks_past_the_limit_is_refused_before_it_is_read(toy, monkeypatch):
    from pnp.read import cardlists

    write_xlsx(toy / "deck.xlsx", toy_rows())
    use(toy, "deck.xlsx")
    with zipfile.ZipFile(toy / "deck.xlsx") as packed:
        size = sum(part.file_size for part in packed.infolist())
    monkeypatch.setattr(cardlists, "MAX_UNPACKED", size - 1)
    found = problems(toy)
    assert [problem.split(": ")[0] for problem in found] == ["deck.xlsx"] and f"{size:,} bytes" in found[0]
    monkeypatch.setattr(cardlists, "MAX_UNPACKED", size)
    assert len(cards_of(toy)) == 4


def test_an_ods_file_s_repeated_cells_and_rows_keep_every_cell_in_its_column(toy):
    """LibreOffice writes a run of like cells (or rows) once, with a count: blank ones to the sheet's end."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    def cell(value=None, **repeat):
        if value is None:
            return TableCell(**repeat)
        made = TableCell(valuetype="float", value=str(value), **repeat) if isinstance(value, int) else \
            TableCell(valuetype="string", **repeat)
        made.addElement(P(text=str(value)))
        return made

    document, table = OpenDocumentSpreadsheet(), Table(name="Deck")
    for cells, repeat in (([cell("id"), cell("count"), cell("label"), cell("value"),
                            cell(numbercolumnsrepeated="1000")], None),
                          ([cell(numbercolumnsrepeated="1024")], "3"),
                          ([cell("alpha"), cell(3), cell(), cell(1)], None),
                          ([cell("beta"), cell(2), cell("Same"), cell(numbercolumnsrepeated="3"), cell("x")], None),
                          ([cell(numbercolumnsrepeated="1024")], "1048000")):
        row = TableRow(numberrowsrepeated=repeat) if repeat else TableRow()
        for item in cells:
            row.addElement(item)
        table.addElement(row)
    document.spreadsheet.addElement(table)
    document.save(str(toy / "deck.ods"))
    use(toy, "deck.ods")
    assert [problem.split(": ")[0] for problem in problems(toy)] == ["deck.ods:Deck!G6"]


@pytest.mark.parametrize("writer", [write_xlsx, write_ods])
def test_a_sheet_holds_at_most_the_rows_a_card_list_may_have(tmp_path, writer):
    from pnp.read.cardlists import load_list

    path = writer(tmp_path / f"deck.{'xlsx' if writer is write_xlsx else 'ods'}", toy_rows())
    assert len(load_list(path, None, 4, Where("game.yaml", 13))) == 4
    with pytest.raises(DataError) as raised:
        load_list(path, None, 2, Where("game.yaml", 13))
    [(where, message)] = raised.value.problems
    assert str(where).endswith(f"{path.name}:Deck!A4") and "2 rows" in message  # the third card's row


def test_an_ods_file_without_a_sheet_is_blamed_where_the_data_names_it(tmp_path):
    from odf.opendocument import OpenDocumentSpreadsheet

    from pnp.read.cardlists import load_list

    OpenDocumentSpreadsheet().save(str(tmp_path / "deck.ods"))
    spot = Where("game.yaml", 13, "deck.cards")
    with pytest.raises(DataError) as raised:
        load_list(tmp_path / "deck.ods", None, 100, spot)
    [(where, message)] = raised.value.problems
    assert where == spot and "no sheet" in message and "None" not in message  # no sheet to name


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_damaged_spreadsheet_says_which_kind_it_was_read_as(toy, suffix):
    (toy / f"deck.{suffix}").write_bytes(b"PK\x03\x04 not really a spreadsheet")
    use(toy, f"deck.{suffix}")
    [found] = problems(toy)
    assert found.startswith(f"deck.{suffix}: ") and f"(.{suffix})" in found


def test_a_date_in_a_workbook_reads_as_its_iso_date_and_a_time_of_day_as_its_iso_time(toy):
    import datetime

    rows = toy_rows()
    rows[1][2] = datetime.date(2026, 10, 6)  # alpha's label
    rows[2][2] = datetime.datetime(2026, 10, 6, 12, 30)  # beta's
    write_xlsx(toy / "deck.xlsx", rows)
    use(toy, "deck.xlsx")
    assert [card[2]["label"] for card in cards_of(toy)[:2]] == ["2026-10-06", "2026-10-06T12:30:00"]


def test_a_formula_s_error_in_a_text_column_is_still_an_error_at_its_cell(toy):
    rows = toy_rows()
    rows[1][2] = "=1/0"  # alpha's label: C2, a column that takes any text
    write_xlsx(toy / "deck.xlsx", rows)
    formulas(toy / "deck.xlsx", {"C2": ("e", "#DIV/0!")})
    use(toy, "deck.xlsx")
    [found] = problems(toy)
    assert found.startswith("deck.xlsx:Deck!C2") and "#DIV/0!" in found
