"""Reading data files, YAML and CSV, with the line each value came from.

Every mapping and list read keeps its lines (`LDict`, `LList`, pnp/model/specs.py), so that the specs that
check it can report any problem as `file:line: field: message`. A file that cannot be read, or holds what
data may not (a second document, a tag, an alias that would expand without end), is a DataError with its line.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pnp import textfile
from pnp.errors import DataError, Where, shown
from pnp.memo import Memo
from pnp.model.specs import LDict, LList

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_DEPTH = 64  # collections inside collections: far more than any data file needs
MAX_VALUES = 1_000_000  # values in one YAML file once its aliases are expanded
MAX_BYTES = 16 << 20  # a data file is written by hand: anything larger is a mistake
_YAML = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_YAML + name for name in ("null", "bool", "int", "float", "str")}
_AS_WRITTEN = {_YAML + name for name in ("timestamp", "merge", "value")}  # kept as the text they are
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_YAML):] if tag.startswith(_YAML) else tag


_NO_KEY, _BAD_KEY = object(), object()


@dataclass
class _Open:
    """A mapping or sequence being read."""

    value: Any
    line: int
    anchor: str | None
    size: int = 1  # the values it holds, itself included and aliases expanded
    key: Any = _NO_KEY  # in a mapping: the key read, waiting for its value
    key_line: int = 0


class _Builder:
    """Builds values from the parser's events, without recursion, so that nesting, aliases and tags are
    checked as they come: too deep, an alias inside its own anchor, more than MAX_VALUES once aliases are
    expanded, or a tag that is not plain data, each reported with its line."""

    def __init__(self, file: str, lines: bool):
        self.file, self.lines = file, lines
        self.problems: list = []
        self.stack: list[_Open] = []
        self.anchors: dict = {}  # name -> (value, size)
        self.values = 0
        self.documents = 0
        self.root = None

    def fail(self, line: int, message: str):
        raise DataError([(Where(self.file, line), message)])

    def add(self, event) -> None:
        line = event.start_mark.line + 1
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                self.fail(line, "a second document (after `---`): a data file holds one")
        elif isinstance(event, yaml.ScalarEvent):
            self.place(self.scalar(event, line), 1, line, event.anchor)
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            self.open(event, line)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            done = self.stack.pop()
            self.values -= done.size - 1  # what it holds was counted as it came
            self.place(done.value, done.size, done.line, done.anchor)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                inside = any(frame.anchor == event.anchor for frame in self.stack)
                self.fail(line, f"the alias *{event.anchor} " + ("is inside its own anchor: it would never end"
                                                                 if inside else "names no anchor before it"))
            value, size = self.anchors[event.anchor]
            self.place(value, size, line)

    def open(self, event, line: int) -> None:
        mapping = isinstance(event, yaml.MappingStartEvent)
        if event.tag not in (None, "!", _YAML + ("map" if mapping else "seq")):
            self.problems.append((Where(self.file, line), f"the tag {_tag_name(event.tag)} is not accepted in data"))
        if len(self.stack) >= MAX_DEPTH:
            self.fail(line, f"nested more than {MAX_DEPTH} deep")
        if not self.lines:
            value = {} if mapping else []
        elif mapping:
            value = LDict()
            value.line, value.key_lines = line, {}
        else:
            value = LList()
            value.line, value.item_lines = line, []
        self.stack.append(_Open(value, line, event.anchor))

    def scalar(self, event, line: int):
        tag = event.tag
        if tag in (None, "!"):
            tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag in _AS_WRITTEN:
            return event.value
        if tag not in _SCALAR_TAGS:
            self.problems.append((Where(self.file, line), f"the tag {_tag_name(tag)} is not accepted in data"))
            return None
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)
        except ValueError:  # a number of thousands of digits
            self.problems.append((Where(self.file, line), "a number too long to read"))
        except yaml.YAMLError as error:
            self.problems.append((Where(self.file, line), f"cannot be read as {_tag_name(tag)}: {error}"))
        return None

    def place(self, value, size: int, line: int, anchor=None) -> None:
        """A finished value (of `size` values once expanded): into the collection being read, or as the root."""
        self.values += size
        if self.values > MAX_VALUES:
            self.fail(line, f"holds more than {MAX_VALUES:,} values (counting what its aliases repeat)")
        if anchor is not None:
            self.anchors[anchor] = (value, size)
        if not self.stack:
            self.root = value
            return
        into = self.stack[-1]
        into.size += size
        if isinstance(into.value, list):
            into.value.append(value)
            if self.lines:
                into.value.item_lines.append(line)
        elif into.key is _NO_KEY:
            if not isinstance(value, (str, int, float, bool)):
                self.problems.append((Where(self.file, line), "a key must be a plain word or number"))
                value = _BAD_KEY
            into.key, into.key_line = value, line
        else:
            self.put(into, value)

    def put(self, into: _Open, value) -> None:
        key, into.key = into.key, _NO_KEY
        if key is _BAD_KEY:
            return
        if key in into.value:
            self.problems.append((Where(self.file, into.key_line, str(key)), "this key is given twice"))
        into.value[key] = value
        if self.lines:
            into.value.key_lines[key] = into.key_line


PARSED = Memo(256)  # (text, file, lines) -> what `parse_yaml` read from it: kept while the program runs, so that
# a build again (`pnp watch`, a rule tweaked) reads again only the files that changed. Handed out as copies, as
# its readers may change what they are given.
KEPT_TEXT = 1 << 20  # characters: a longer text is read again each time rather than kept


def parse_yaml(text: str, file: str, lines: bool = True) -> Any:
    """Parse YAML text into LDict/LList/scalars (plain dicts and lists when `lines` is false). Every problem,
    from a syntax error to an alias that would expand without end, becomes a DataError with its line. A text
    read before is not read again: what it held is copied (see `PARSED`)."""
    key = (text, file, lines)
    kept = PARSED.get(key, PARSED)
    if kept is PARSED:
        kept = _parsed(text, file, lines)
        if len(text) > KEPT_TEXT:
            return kept
        PARSED.keep(key, kept)
    return _copied(kept, {})


def _copied(value, seen: dict):
    """A copy of what `parse_yaml` read, its mappings and lists new (with their lines), a value placed twice (by
    an alias) copied once and placed twice again; scalars, which cannot change, shared."""
    if not isinstance(value, (dict, list)):
        return value
    copy = seen.get(id(value))
    if copy is not None:
        return copy
    if isinstance(value, dict):
        copy = seen[id(value)] = type(value)()
        for name, item in value.items():
            copy[name] = _copied(item, seen)
        if isinstance(value, LDict):
            copy.__dict__.update(value.__dict__)
            copy.key_lines = dict(value.key_lines)
    else:
        copy = seen[id(value)] = type(value)()
        copy.extend(_copied(item, seen) for item in value)
        if isinstance(value, LList):
            copy.__dict__.update(value.__dict__)
            copy.item_lines = list(value.item_lines)
    return copy


def _parsed(text: str, file: str, lines: bool) -> Any:
    """`parse_yaml`, read afresh."""
    builder = _Builder(file, lines)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            builder.add(event)
    except yaml.MarkedYAMLError as error:
        raise DataError([_syntax_problem(error, file)]) from None
    except yaml.reader.ReaderError as error:
        line = text.encode("utf-8", "surrogatepass").count(b"\n", 0, error.position) + 1  # a byte position
        raise DataError([(Where(file, line), f"not valid YAML: the character U+{error.character:04X} "
                                             "is not allowed in YAML")]) from None
    except yaml.YAMLError as error:
        raise DataError([(Where(file), f"not valid YAML: {error}")]) from None
    if builder.problems:
        raise DataError(builder.problems)
    return builder.root


# the parser names the line where it noticed a problem; for a quote, bracket or key left open, the line
# where it was opened is where the mistake is
_OPENED = ("scanning a quoted scalar", "parsing a flow", "scanning a simple key")


def _syntax_problem(error: yaml.MarkedYAMLError, file: str) -> tuple:
    problem, context = error.problem or str(error), error.context or ""
    mark = error.problem_mark or error.context_mark
    line = mark.line + 1 if mark else 0
    if error.context_mark and any(opened in context for opened in _OPENED):
        opened_at = error.context_mark.line + 1
        if opened_at != line:
            return Where(file, opened_at), f"not valid YAML: {problem} on line {line}, {context} begun here"
        line = opened_at
    return Where(file, line), f"not valid YAML: {problem}"


def read_bytes(path: Path) -> bytes:
    """A data file's bytes, read as pnp/textfile.py reads any file a person hands pnp: a plain file only, at
    most MAX_BYTES. Any failure is a DataError at the file."""
    file = shown(path)
    try:
        return textfile.read_bytes(path, MAX_BYTES)
    except textfile.NotText as error:
        raise DataError([(Where(file), error.message)]) from None
    except FileNotFoundError:
        raise DataError([(Where(file), "file not found")]) from None
    except OSError as error:
        raise DataError([(Where(file), f"cannot be read: {error.strerror}")]) from None


def read_text(path: Path) -> str:
    """A data file's text (UTF-8, with or without a byte-order mark), named for what it is when it is not
    text (UTF-16, Windows-1252, a spreadsheet). Any failure is a DataError at the file (and the line, when one
    is to blame)."""
    data = read_bytes(path)
    try:
        return textfile.decoded(data)
    except textfile.NotText as error:
        line = textfile.line_at(data, error.offset) if error.offset is not None else 0
        raise DataError([(Where(shown(path), line), error.message)]) from None


def load_yaml(path: Path) -> Any:
    return parse_yaml(read_text(path), shown(path))


def load_csv(path: Path, max_rows: int | None = None, delimiter: str = ",") -> LList:
    """Rows of a CSV file (or, with a tab as `delimiter`, a TSV file) read by `table`."""
    file, problems = shown(path), []
    rows = table(_csv_records(read_text(path), delimiter, file, problems), lambda number, *_: Where(file, number),
                 max_rows, problems, delimiter)
    if problems:
        raise DataError(problems)
    return rows


def _csv_records(text: str, delimiter: str, file: str, problems: list):
    """(row number, cells) of each row of CSV text; a row that cannot be read ends it, noted in `problems`."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True, delimiter=delimiter)
    end = 0
    try:
        for cells in reader:
            number, end = end + 1, reader.line_num  # a quoted cell may span lines: the row starts at the first
            yield number, cells
    except csv.Error as error:
        opened = "end of data" in str(error)
        problems.append((Where(file, end + 1 if opened else reader.line_num),
                         "a quoted cell that starts on this line is never closed" if opened else
                         f"not valid CSV: {error}"))


def table(records, place, max_rows: int | None, problems: list, delimiter: str | None = None) -> LList:
    """The rows of a table with a header row, as LDicts that know their row; empty cells are left out.
    `records` gives (row number, cells) for each row, a cell being text, a number, a bool or None (blank);
    `place(row, column=None, header=())` is the Where of a row, or of a cell of it (column counted from 0).
    The list's `line` is the header's row, `columns` the names it gives, `where` the place of the header,
    `comments` how many rows were left out because their first cell starts with `#` (a comment, or a card
    set aside). Problems are noted in `problems`; `delimiter` is a text file's, to name one used wrongly."""
    rows = LList()
    rows.line, rows.item_lines, rows.columns, rows.comments = 1, [], [], 0
    header = None
    alike: dict = {}  # each text the cells hold, once: a column's values recur from row to row (a big deck's art)
    for number, cells in records:
        if all(blank(cell) for cell in cells):
            continue
        if isinstance(cells[0], str) and cells[0].lstrip().startswith("#"):
            rows.comments += 1
            continue
        if header is None:
            header = _header(cells, number, place, delimiter)
            rows.line, rows.columns = number, header
        elif len(cells) > len(header):
            past = next((i for i in range(len(header), len(cells)) if not blank(cells[i])), len(header))
            problems.append((place(number, past, header),
                             f"{len(cells)} cells but the header names {len(header)} columns"))
        elif max_rows is not None and len(rows) >= max_rows:
            problems.append((place(number), f"more than {max_rows:,} rows: at most {max_rows:,} are read"))
            break
        else:
            rows.append(_row(header, cells, number, alike))
            rows.item_lines.append(number)
    rows.where = place(rows.line, None, tuple(rows.columns))
    return rows


def blank(cell) -> bool:
    """Whether a table's cell holds nothing (None, or only spaces)."""
    return cell is None or (isinstance(cell, str) and not cell.strip())


_SEPARATORS = {",": ("commas", "CSV", "comma"), ";": ("semicolons", "", ""), "\t": ("tabs", "TSV", "tab"),
               "|": ("bars", "", "")}


def _header(cells: list, number: int, place, delimiter: str | None) -> list[str]:
    names = ["" if cell is None else str(cell).strip() for cell in cells]
    if len(names) == 1 and delimiter:
        for separator, (name, _, _) in _SEPARATORS.items():
            if separator != delimiter and separator in names[0]:
                _, kind, word = _SEPARATORS[delimiter]
                raise DataError([(place(number), f"the columns are separated by {name}: a {kind} file separates "
                                                 f"them with {word}s (save it again as {word}-separated)")])
    problems = [(place(number, i - 1), f"column {i} has no name") for i, name in enumerate(names, start=1)
                if not name]
    problems += [(place(number, i, names).at(name), "this column is named twice")
                 for i, name in enumerate(names) if name and name in names[:i]]
    if problems:
        raise DataError(problems)
    return names


def _row(header: list[str], cells: list, number: int, alike: dict) -> LDict:
    """A row's cells by their column's name, blank ones left out; a text another row holds too is that row's
    (`alike`: the table's texts so far)."""
    row = LDict()
    row.line, row.key_lines = number, {}
    for name, cell in zip(header, cells):
        if isinstance(cell, str):  # (each cell stripped once: blank when nothing is left)
            cell = cell.strip()
            if not cell:
                continue
            value = _csv_value(cell)
        elif cell is None:
            continue
        else:
            value = cell
        row[name] = alike.setdefault(value, value) if type(value) is str else value
        row.key_lines[name] = number
    return row


INTEGER = re.compile(r"-?\d{1,4000}")  # a cell read as a whole number
DECIMAL = re.compile(r"-?\d+\.\d+")  # a cell read as a number with a fraction


def _csv_value(cell: str):
    if not (cell[0] == "-" or cell[0].isdecimal()):  # (a text: most of a deck's cells, not matched twice)
        return cell
    if INTEGER.fullmatch(cell):
        return int(cell)
    if DECIMAL.fullmatch(cell):
        return float(cell)
    return cell
