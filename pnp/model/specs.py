"""The words a schema is written in: specs that check a value read from a data file and say, at its file and
line, what is wrong with it.

A value read from YAML or CSV remembers the line it came from (`LDict`, `LList`; pnp/read/datafile.py reads
them), so that any problem can be reported as `file:line: field: message`. A spec declares every accepted key:
an unknown key is a problem, never ignored. Specs collect problems instead of stopping at the first, so a
designer sees them all at once.
"""
from __future__ import annotations

import math
import re

from pnp.errors import DataError, Where, clip
from pnp.model.numbers import MAX_NUMBER
from pnp.model.units import parse_length


class LDict(dict):
    """A mapping read from a data file: remembers its own line and the line of each key."""

    line: int = 0
    key_lines: dict


class LList(list):
    """A sequence read from a data file: remembers its own line and the line of each item
    (and, for the rows of a CSV file, the names its header gives)."""

    line: int = 0
    item_lines: list
    columns: list | None = None
    comments: int = 0  # CSV rows left out because their first cell starts with `#`


def line_of(value, key=None, default: int = 0) -> int:
    """The line a value (or one of its keys or items) came from, when known."""
    if key is not None:
        if isinstance(value, LDict):
            return value.key_lines.get(key, value.line)
        if isinstance(value, LList) and isinstance(key, int) and key < len(value.item_lines):
            return value.item_lines[key]
    return getattr(value, "line", default) or default


class Spec:
    """Checks one value, reporting problems; returns the value converted for the program's use."""

    expected = "a value"
    leaf = False  # a spec of one value, checked without looking inside it: `where` serves only to say a problem

    def check(self, value, where: Where, problems: list):
        raise NotImplementedError

    def fail(self, value, where: Where, problems: list, message: str | None = None):
        problems.append((where, message or f"expected {self.expected}, got {clip(repr(value))}"))
        return None


class Any_(Spec):
    """Any value (or any of one Python type, such as dict), as it was read."""
    leaf = True

    def __init__(self, kind: type | None = None, expected: str = "any value"):
        self.kind, self.expected = kind, expected

    def check(self, value, where, problems):
        return value if self.kind is None or isinstance(value, self.kind) else self.fail(value, where, problems)


class Text(Spec):
    leaf = True
    expected = "text"

    def check(self, value, where, problems):
        if isinstance(value, bool) or isinstance(value, (dict, list)) or value is None:
            return self.fail(value, where, problems)
        return str(value)


class Int(Spec):
    leaf = True
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


MAX_LENGTH = 100_000.0  # mm: 100 m, beyond any paper


class Number(Spec):
    leaf = True
    expected = "a number"

    def check(self, value, where, problems):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (isinstance(value, float) and not math.isfinite(value)):
            return self.fail(value, where, problems)
        if abs(value) > MAX_NUMBER:  # (an int of 400 digits too, which no float holds)
            return self.fail(value, where, problems, f"expected a number from {-MAX_NUMBER:g} to {MAX_NUMBER:g}, "
                                                     f"got {clip(repr(value))}")
        return float(value)


class Bool(Spec):
    leaf = True
    expected = "true or false"

    def check(self, value, where, problems):
        return value if isinstance(value, bool) else self.fail(value, where, problems)


class Length(Spec):
    """A length in millimetres, at least `low` when given."""
    leaf = True

    def __init__(self, low: float | None = None):
        self.low = low
        self.expected = "a length such as 63.5mm, 2.5in or 18pt" + (f" (at least {low:g}mm)" if low else
                                                                     " (0 or more)" if low == 0 else "")

    def check(self, value, where, problems):
        try:
            length = parse_length(value)
        except (ValueError, TypeError, OverflowError):
            return self.fail(value, where, problems)
        if not math.isfinite(length) or (self.low is not None and length < self.low):
            return self.fail(value, where, problems)
        if abs(length) > MAX_LENGTH:
            return self.fail(value, where, problems, f"expected a length of at most {MAX_LENGTH / 1000:g} m, "
                                                     f"got {clip(repr(value))}")
        return length


class Choice(Spec):
    leaf = True
    def __init__(self, *options):
        self.options = options
        self.expected = "one of " + ", ".join(map(str, options))

    def check(self, value, where, problems):
        return value if value in self.options else self.fail(value, where, problems)


_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


class Colour(Spec):
    """A colour: '#rrggbb', '#rgb', 'none', or a name from the game's palette; with `printed`, one that prints
    (a text's: not none, nor a palette name that is none)."""
    leaf = True

    expected = "a colour such as #1f5fa8, none, or a palette name"

    def __init__(self, palette: dict | None = None, printed: bool = False):
        self.palette, self.printed = palette or {}, printed

    def check(self, value, where, problems):
        if isinstance(value, str) and (_HEX.match(value) or value == "none" or value in self.palette):
            if self.printed and "none" in (value, self.palette.get(value)):
                named = "" if value == "none" else f" (the palette makes {value} none)"
                return self.fail(value, where, problems, f"a text's colour must print{named}: expected a colour "
                                                         "such as #1f5fa8 or a palette name that is one")
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
    """A mapping with declared keys. `fields` maps each key to a spec, or to (spec, default).
    A required key that is missing is reported, and reads as None, like any value found wrong."""

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
                if spec.leaf:  # a value found right needs no place of its own: one is made only to say a problem
                    trial: list = []
                    found = spec.check(value[name], where, trial)
                    if not trial:
                        out[name] = found
                        continue
                out[name] = spec.check(value[name], where.at(name, line_of(value, name, where.line)), problems)
            elif default is REQUIRED:
                problems.append((where.at(name, line_of(value, default=where.line)), "missing required key"))
                out[name] = None
            else:
                out[name] = default() if callable(default) else default
        return out


class Either(Spec):
    """The first of several specs that accepts the value without problems."""

    def __init__(self, *specs: Spec):
        self.specs = specs
        self.expected = " or ".join(spec.expected for spec in specs)

    def check(self, value, where, problems):
        trials = []
        for spec in self.specs:
            trial: list = []
            result = spec.check(value, where, trial)
            if not trial:
                return result
            trials.append(trial)
        for trial in trials:  # a spec that got inside the value (a list's item) says best what is wrong
            if any(len(place.field) > len(where.field) for place, _ in trial):
                problems.extend(trial)
                return None
        return self.fail(value, where, problems)


def checked(spec: Spec, value, where: Where):
    """Check one value against a spec, raising every problem found at once."""
    problems: list = []
    result = spec.check(value, where, problems)
    if problems:
        raise DataError(problems)
    return result
