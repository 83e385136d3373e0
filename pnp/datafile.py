"""Reading data files with their line numbers, and checking them against declared specs.

Every value read from YAML or CSV keeps the line it came from, so that any problem can be reported as
`file:line: field: message`. A spec declares every accepted key: an unknown key is a problem, never ignored.
Specs collect problems instead of stopping at the first, so a designer sees them all at once.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import DataError, Where, clip, shown
from pnp.units import parse_length

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LDict(dict):
    """A mapping read from a data file: remembers its own line and the line of each key."""

    line: int = 0
    key_lines: dict


class LList(list):
    """A sequence read from a data file: remembers its own line and the line of each item."""

    line: int = 0
    item_lines: list


def line_of(value, key=None, default: int = 0) -> int:
    """The line a value (or one of its keys or items) came from, when known."""
    if key is not None:
        if isinstance(value, LDict):
            return value.key_lines.get(key, value.line)
        if isinstance(value, LList) and isinstance(key, int) and key < len(value.item_lines):
            return value.item_lines[key]
    return getattr(value, "line", default) or default


class _Scalars(yaml.constructor.SafeConstructor):
    pass


def _convert(node, file: str, problems: list) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = LDict()
        out.line, out.key_lines = line, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, file, problems)
            key_line = key_node.start_mark.line + 1
            if not isinstance(key, (str, int, float, bool)):
                problems.append((Where(file, key_line), "a key must be a plain word or number"))
                continue
            if key in out:
                problems.append((Where(file, key_line, str(key)), "this key is given twice"))
            out[key] = _convert(value_node, file, problems)
            out.key_lines[key] = key_line
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LList(_convert(item, file, problems) for item in node.value)
        out.line, out.item_lines = line, [item.start_mark.line + 1 for item in node.value]
        return out
    return _Scalars().construct_object(node)


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML text into LDict/LList/scalars; syntax errors become DataError with the line."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 0
        raise DataError([(Where(file, line), f"not valid YAML: {error.problem or error}")]) from None
    except yaml.YAMLError as error:
        raise DataError([(Where(file), f"not valid YAML: {error}")]) from None
    if node is None:
        return None
    problems: list = []
    value = _convert(node, file, problems)
    if problems:
        raise DataError(problems)
    return value


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([(Where(shown(path)), "file not found")]) from None
    except UnicodeDecodeError as error:
        raise DataError([(Where(shown(path)), f"not UTF-8 text ({error.reason} at byte {error.start})")]) from None
    except OSError as error:
        raise DataError([(Where(shown(path)), f"cannot be read: {error.strerror}")]) from None


def load_yaml(path: Path) -> Any:
    return parse_yaml(read_text(path), shown(path))


def load_csv(path: Path) -> LList:
    """Rows of a CSV file with a header line, as LDicts that know their line. Empty cells are left out."""
    file = shown(path)
    rows = LList()
    rows.line, rows.item_lines = 1, []
    reader = csv.reader(read_text(path).splitlines())
    header = None
    for number, cells in enumerate(reader, start=1):
        if not any(cell.strip() for cell in cells) or cells[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [cell.strip() for cell in cells]
            continue
        if len(cells) > len(header):
            raise DataError([(Where(file, number), f"{len(cells)} cells but the header names {len(header)} columns")])
        row = LDict()
        row.line, row.key_lines = number, {}
        for name, cell in zip(header, cells):
            if cell.strip():
                row[name] = _csv_value(cell.strip())
                row.key_lines[name] = number
        rows.append(row)
        rows.item_lines.append(number)
    return rows


def _csv_value(cell: str):
    if re.fullmatch(r"-?\d+", cell):
        return int(cell)
    if re.fullmatch(r"-?\d+\.\d+", cell):
        return float(cell)
    return cell


# --- specs ------------------------------------------------------------------------------------------

class Spec:
    """Checks one value, reporting problems; returns the value converted for the program's use."""

    expected = "a value"

    def check(self, value, where: Where, problems: list):
        raise NotImplementedError

    def fail(self, value, where: Where, problems: list, message: str | None = None):
        problems.append((where, message or f"expected {self.expected}, got {clip(repr(value))}"))
        return None


class Any_(Spec):
    expected = "any value"

    def check(self, value, where, problems):
        return value


class Text(Spec):
    expected = "text"

    def check(self, value, where, problems):
        if isinstance(value, bool) or isinstance(value, (dict, list)) or value is None:
            return self.fail(value, where, problems)
        return str(value)


class Int(Spec):
    def __init__(self, low: int | None = None, high: int | None = None):
        self.low, self.high = low, high
        bounds = f" from {low}" if low is not None else ""
        bounds += f" to {high}" if high is not None else ""
        self.expected = f"a whole number{bounds}"

    def check(self, value, where, problems):
        if isinstance(value, bool) or not isinstance(value, int):
            return self.fail(value, where, problems)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            return self.fail(value, where, problems)
        return value


class Number(Spec):
    expected = "a number"

    def check(self, value, where, problems):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return self.fail(value, where, problems)
        return float(value)


class Bool(Spec):
    expected = "true or false"

    def check(self, value, where, problems):
        return value if isinstance(value, bool) else self.fail(value, where, problems)


class Length(Spec):
    expected = "a length such as 63.5mm, 2.5in or 18pt"

    def check(self, value, where, problems):
        try:
            return parse_length(value)
        except (ValueError, TypeError):
            return self.fail(value, where, problems)


class Choice(Spec):
    def __init__(self, *options):
        self.options = options
        self.expected = "one of " + ", ".join(map(str, options))

    def check(self, value, where, problems):
        return value if value in self.options else self.fail(value, where, problems)


_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


class Colour(Spec):
    """A colour: '#rrggbb', '#rgb', 'none', or a name from the game's palette."""

    expected = "a colour such as #1f5fa8, none, or a palette name"

    def __init__(self, palette: dict | None = None):
        self.palette = palette or {}

    def check(self, value, where, problems):
        if isinstance(value, str) and (_HEX.match(value) or value == "none" or value in self.palette):
            return value
        return self.fail(value, where, problems)


class ListOf(Spec):
    def __init__(self, item: Spec, min_items: int = 0, max_items: int | None = None):
        self.item, self.min_items, self.max_items = item, min_items, max_items
        self.expected = f"a list of {item.expected}"

    def check(self, value, where, problems):
        if not isinstance(value, list):
            return self.fail(value, where, problems)
        if len(value) < self.min_items:
            return self.fail(value, where, problems, f"expected at least {self.min_items} items, got {len(value)}")
        if self.max_items is not None and len(value) > self.max_items:
            return self.fail(value, where, problems, f"expected at most {self.max_items} items, got {len(value)}")
        return [self.item.check(item, where.at(f"[{i}]", line_of(value, i, where.line)), problems)
                for i, item in enumerate(value)]


class MapOf(Spec):
    def __init__(self, value: Spec, key: Spec | None = None):
        self.key, self.value = key or Text(), value
        self.expected = f"a mapping of {self.key.expected} to {value.expected}"

    def check(self, value, where, problems):
        if not isinstance(value, dict):
            return self.fail(value, where, problems)
        out = {}
        for key, item in value.items():
            place = where.at(str(key), line_of(value, key, where.line))
            checked_key = self.key.check(key, place, problems)
            out[checked_key] = self.value.check(item, place, problems)
        return out


REQUIRED = object()


class Record(Spec):
    """A mapping with declared keys. `fields` maps each key to a spec, or to (spec, default)."""

    def __init__(self, fields: dict, expected: str = "a mapping"):
        self.fields = {name: (rule if isinstance(rule, tuple) else (rule, REQUIRED)) for name, rule in fields.items()}
        self.expected = expected

    def check(self, value, where, problems):
        if not isinstance(value, dict):
            return self.fail(value, where, problems)
        out = {}
        for key in value:
            if key not in self.fields:
                known = ", ".join(self.fields)
                problems.append((where.at(str(key), line_of(value, key, where.line)),
                                 f"unknown key (expected one of: {known})"))
        for name, (spec, default) in self.fields.items():
            if name in value:
                out[name] = spec.check(value[name], where.at(name, line_of(value, name, where.line)), problems)
            elif default is REQUIRED:
                problems.append((where.at(name, line_of(value, default=where.line)), "missing required key"))
            else:
                out[name] = default() if callable(default) else default
        return out


class Either(Spec):
    """The first of several specs that accepts the value without problems."""

    def __init__(self, *specs: Spec):
        self.specs = specs
        self.expected = " or ".join(spec.expected for spec in specs)

    def check(self, value, where, problems):
        for spec in self.specs:
            trial: list = []
            result = spec.check(value, where, trial)
            if not trial:
                return result
        return self.fail(value, where, problems)


def checked(spec: Spec, value, where: Where):
    """Check one value against a spec, raising every problem found at once."""
    problems: list = []
    result = spec.check(value, where, problems)
    if problems:
        raise DataError(problems)
    return result
