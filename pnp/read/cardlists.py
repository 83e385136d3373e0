"""Card lists kept in a file of the game's folder: CSV or TSV text, a YAML list, or one sheet of a spreadsheet
(.xlsx from Excel, .ods from LibreOffice), told apart by the file's suffix in any case.

A sheet is read as a CSV file is (pnp/read/datafile.py `table`): a header row, then a row for each card,
blank rows and rows whose first cell starts with `#` left out. A formula reads as the value the spreadsheet
program last worked out and saved with the file. Every problem is placed as the spreadsheet names a cell:
`cards.xlsx:Cards!C7`. The spreadsheet libraries are imported only when a spreadsheet is read.
"""
from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

from pnp.errors import DataError, InSheet, Where, shown
from pnp.read.datafile import blank, load_csv, load_yaml, read_bytes, table

DELIMITERS = {".csv": ",", ".tsv": "\t"}
WORKBOOKS = (".xlsx", ".xlsm")
SHEETS = WORKBOOKS + (".ods",)
YAML = (".yaml", ".yml")
MAX_COLUMNS = 16_384  # as many as a sheet of either format holds
MAX_ROWS = 1_048_576
MAX_UNPACKED = 128 << 20  # bytes a spreadsheet's parts may unpack to: a sheet of 2,000 cards needs a few MB


def load_list(path: Path, sheet: str | None, max_rows: int, spot: Where):
    """The rows of the card list in `path` (a list of rows; from a table, one with `columns`, `comments` and
    `where`, see `table`). `sheet` names a spreadsheet's sheet (None: its first); `spot` is where the data
    names the file, blamed for a sheet that is not there or a file of a kind pnp does not read."""
    suffix = path.suffix.lower()
    if sheet is not None and suffix not in SHEETS:
        raise DataError([(spot.at("sheet"), f"{path.name} is not a spreadsheet (.xlsx or .ods): it has no sheets")])
    if suffix in DELIMITERS:
        return load_csv(path, max_rows, DELIMITERS[suffix])
    if suffix in SHEETS:
        return load_sheet(path, sheet, max_rows, spot)
    if suffix in YAML:
        return load_yaml(path)
    old = " (an .xls file is Excel's old format: save it as .xlsx)" if suffix == ".xls" else ""
    raise DataError([(spot, f"{path.name}: a card list is a .csv, .tsv, .xlsx, .ods or .yaml file{old}")])


def load_sheet(path: Path, sheet: str | None, max_rows: int, spot: Where):
    """The rows of one sheet of a spreadsheet, read by `table`."""
    file, data, problems = shown(path), read_bytes(path), []
    kind = "an Excel workbook (.xlsx)" if path.suffix.lower() in WORKBOOKS else "an OpenDocument spreadsheet (.ods)"
    try:  # a damaged file fails in the libraries in ways of their own (zip, XML, a missing part)
        _check_unpacked(data, file)
        names, records = (_xlsx if path.suffix.lower() in WORKBOOKS else _ods)(data)
        name = names[0] if sheet is None and names else sheet
        if name not in names:
            raise DataError([(spot.at("sheet") if sheet is not None else spot,
                              f"{path.name} has no sheet named {name!r} (its sheets: {', '.join(names)})"
                              if names else f"{path.name} holds no sheet")])

        def place(row: int, column: int | None = None, header=()) -> InSheet:
            return InSheet(file, row, "", name, tuple(header), column)
        rows = table(records(name, place, problems), place, max_rows, problems)
    except DataError:
        raise
    except Exception as error:  # noqa: BLE001 - see above
        raise DataError([(Where(file), f"cannot be read as {kind}: {type(error).__name__}: {error}")]) from None
    if problems:
        raise DataError(problems)
    return rows


def _check_unpacked(data: bytes, file: str) -> None:
    """A spreadsheet is a zip file: what it unpacks to is held to MAX_UNPACKED (the sizes its parts declare,
    which the zip reader does not read past), so that a small file cannot fill memory."""
    import zipfile  # only a spreadsheet pays for it (and for the compressors it brings): `pnp check` reads none

    with zipfile.ZipFile(io.BytesIO(data)) as packed:
        size = sum(part.file_size for part in packed.infolist())
    if size > MAX_UNPACKED:
        raise DataError([(Where(file), f"unpacks to {size:,} bytes: more than the {MAX_UNPACKED >> 20} MB a "
                                       "spreadsheet of cards may hold")])


def _xlsx(data: bytes):
    """The sheets' names of an .xlsx workbook, and how to read one: (row number, cells) for each row."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)

    def records(name: str, place, problems: list):
        sheet = book[name]
        sheet.reset_dimensions()  # its saved size may be wrong, or huge: read the rows it holds
        for number, cells in enumerate(sheet.iter_rows(), start=1):
            values = []
            for column, cell in enumerate(cells[:MAX_COLUMNS]):
                if cell.data_type == "e":  # a formula whose result is an error (#DIV/0!, #REF!, ...)
                    problems.append((place(number, column), f"the formula's result is an error ({cell.value})"))
                    values.append(None)
                else:
                    values.append(_plain(cell.value))
            while values and blank(values[-1]):  # a cell formatted but empty
                values.pop()
            yield number, values
    return book.sheetnames, records


def _ods(data: bytes):
    """The sheets' names of an .ods spreadsheet, and how to read one: (row number, cells) for each row."""
    from odf.namespaces import TABLENS, TEXTNS
    from odf.opendocument import load
    from odf.table import Table, TableRow
    from odf.teletype import extractText

    tables = {}
    body = load(io.BytesIO(data)).spreadsheet
    for element in body.getElementsByType(Table) if body is not None else ():
        tables.setdefault(element.getAttribute("name"), element)

    def cell_value(cell):
        kind = cell.getAttribute("valuetype")
        if kind in ("float", "percentage", "currency"):
            return _number(cell.getAttribute("value"))
        if kind == "boolean":
            return cell.getAttribute("booleanvalue") == "true"
        if kind == "date":
            return cell.getAttribute("datevalue")
        if kind == "time":
            return _ods_time(cell.getAttribute("timevalue"))
        texts = [extractText(child) for child in cell.childNodes if child.qname == (TEXTNS, "p")]
        return "\n".join(texts) if texts else None

    def records(name: str, place, problems: list):
        number = 0
        for row in tables[name].getElementsByType(TableRow):
            repeat = int(row.getAttribute("numberrowsrepeated") or 1)
            cells, blanks = [], 0  # blank cells are added only when a value follows them
            for cell in row.childNodes:
                if cell.qname not in ((TABLENS, "table-cell"), (TABLENS, "covered-table-cell")):
                    continue
                times = int(cell.getAttribute("numbercolumnsrepeated") or 1)
                value = cell_value(cell) if cell.qname[1] == "table-cell" else None
                if _ods_error(cell):
                    problems.append((place(number + 1, len(cells) + blanks),
                                     f"the formula's result is an error ({value})"))
                    value = None
                if blank(value):
                    blanks += times
                    continue
                cells += [None] * blanks + [value] * min(times, MAX_COLUMNS)
                blanks = 0
                if len(cells) >= MAX_COLUMNS:
                    break
            if not cells:
                number += repeat
                continue
            for _ in range(repeat):
                number += 1
                if number > MAX_ROWS:
                    return
                yield number, cells
    return list(tables), records


def _ods_error(cell) -> bool:
    """Whether LibreOffice marked the cell's value as a formula's error (Err:502, #DIV/0!, ...)."""
    return any(name == "value-type" and value == "error" for (_, name), value in cell.attributes.items())


def _ods_time(duration: str) -> str:
    """An .ods time cell's value, saved as a length of time (`PT12H30M00S`), as the clock text .xlsx reads as."""
    parts = re.fullmatch(r"(-?)P(?:(\d+)D)?T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d*)?)S)?", duration)
    if parts is None:  # a length in months or years: no clock time
        return duration
    sign, days, hours, minutes, seconds = parts.groups()
    return sign + _clock(((int(days or 0) * 24 + int(hours or 0)) * 60 + int(minutes or 0)) * 60
                         + float(seconds or 0))


def _clock(seconds: float) -> str:
    """A time as it is typed in a cell: `12:30`, with its seconds when it has some (`12:30:15`, rounded to the
    second), its hours past 24 kept for a length of time (`36:00`)."""
    hours, rest = divmod(round(seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours:02d}:{minutes:02d}" + (f":{seconds:02d}" if seconds else "")


def _number(text: str):
    """A number as an .ods file writes it: a whole number as an int, as a CSV file's would be."""
    return int(text) if re.fullmatch(r"-?\d{1,4000}", text) else _plain(float(text))


def _plain(value):
    """A cell's value as a CSV file would give it: a whole number as an int, a date as its ISO text, a time as
    its clock text (`12:30`, as .ods times read)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        return int(value)
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, datetime.time):
        return _clock(value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6)
    if isinstance(value, datetime.timedelta):
        return ("-" if value < datetime.timedelta() else "") + _clock(abs(value.total_seconds()))
    if isinstance(value, datetime.date):  # a date with a time of day too: 2026-06-10T12:30:00, as .ods reads it
        return value.isoformat()
    return value
