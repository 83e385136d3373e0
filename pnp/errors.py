"""Errors the command line reports cleanly: a message, a location, an exit code, never a traceback."""
from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import click

from pnp.wording import plural


@dataclass(frozen=True, slots=True)
class Where:
    """A place in a data file: the file, its line (0 when unknown) and the field being read. (Slotted: a big deck
    keeps one a card.)"""

    file: str
    line: int = 0
    field: str = ""
    lines: ClassVar[str] = "line"  # what its file is made of, as a message names one: "first at line 4"

    def at(self, field: str, line: int | None = None) -> "Where":
        """The same file, one field deeper (and at another line when known)."""
        return self._moved(f"{self.field}.{field}" if self.field else field, self.line if line is None else line)

    def row(self, line: int) -> "Where":
        """The same file (and sheet) at another line, no field named: where a table's row is."""
        return self._moved("", line)

    def _moved(self, field: str, line: int) -> "Where":
        """The same file (and sheet) at that field and line."""
        # (what dataclasses.replace makes, in a small part of the time: a deck's steps ask this many times a card)
        made = object.__new__(type(self))
        for name in self.__match_args__:  # (its fields, a subclass's too)
            _set(made, name, getattr(self, name))
        _set(made, "field", field)
        _set(made, "line", line)
        return made

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}" if self.line else self.file
        return f"{place}: {self.field}" if self.field else place


@dataclass(frozen=True, slots=True)
class InSheet(Where):
    """A place in one sheet of a spreadsheet, said as the spreadsheet names a cell: `cards.xlsx:Cards!C7`.
    `line` is the row (0: the sheet as a whole). The column is `column` (counted from 0) when given, else the
    one of `columns` (the header's names) that the field names, else the row's `id` cell, else its first."""

    sheet: str = ""
    columns: tuple = ()
    column: int | None = None
    lines: ClassVar[str] = "row"

    def __str__(self) -> str:
        sheet = self.sheet if re.fullmatch(r"\w+", self.sheet) else "'" + self.sheet.replace("'", "''") + "'"
        place = f"{self.file}:{sheet}"
        if self.line:
            named = [self.columns.index(name) for name in (self.field.split(".")[0], "id") if name in self.columns]
            column = self.column if self.column is not None else named[0] if named else 0
            place += f"!{column_letter(column)}{self.line}"
        return f"{place}: {self.field}" if self.field else place


def column_letter(index: int) -> str:
    """A spreadsheet's name for a column counted from 0: A ... Z, AA ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


_set = object.__setattr__  # (a frozen record's field, set as it is made)


QUOTE = 80  # characters of a user's text quoted in a message at most


def clip(text: str, limit: int = QUOTE) -> str:
    """A piece of a user's text as a message quotes it: at most `limit` characters, an ellipsis for the rest."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def one_line(text: str) -> str:
    """A message as one line: a line break or other control character quoted from the data is shown escaped."""
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


def shown(path: str | Path) -> str:
    """A path as a user should read it: relative to the working directory when it lies below it."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def shown_all(paths) -> list[str]:
    """`shown` of each of many paths (a folder's files), each folder and the working directory resolved once: a
    file that is no symbolic link resolves to its folder, resolved, and its name."""
    here, folders, names = Path.cwd().resolve(), {}, []
    for path in paths:
        path = path if isinstance(path, Path) else Path(path)
        name = path.name
        if name in ("", ".", "..") or _is_link(path):
            names.append(shown(path))
            continue
        text = str(path)
        place = text[:len(text) - len(name)]  # its folder as written, the same text for every file in it
        folder = folders.get(place, False)
        if folder is False:
            try:
                folder = folders[place] = str(path.parent.resolve().relative_to(here))
            except ValueError:
                folder = folders[place] = None  # not below the working directory: each path as given
        names.append(text if folder is None else name if folder == "." else folder + os.sep + name)
    return names


def _is_link(path: Path) -> bool:
    """Whether a path is a symbolic link, or may be one (it cannot be looked at)."""
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False
    except OSError:
        return True


class PnpError(click.ClickException):
    """Anything the user can fix: bad data, a bad option, a missing file. Exit code 2."""

    exit_code = 2


class DataError(PnpError):
    """Every problem found in a game's data files, reported all at once."""

    def __init__(self, problems: list[tuple[Where, str]]):
        self.problems = sorted(set(problems), key=lambda p: (p[0].file, p[0].line, p[0].field, p[1]))
        lines = [one_line(f"{where}: {message}") for where, message in self.problems]
        count = len(self.problems)
        super().__init__(f"{plural(count, 'problem')} in the data files:\n  " + "\n  ".join(lines))


class OverLimit(DataError):
    """A template's face past one of the limits on a face (characters written, steps drawn): its other faces
    are not tried, since each would most likely cost as much again to end the same way."""


SHOWN = 5  # the warnings alike that a summing-up line names


@dataclass(frozen=True)
class Alike:
    """What makes a warning one of a kind, so that many of them are said in one line: what they are
    (`noun`, `nouns`), what they share ("print below 300 dpi"), and this one as that line names it
    ("flag.png (150 dpi)")."""

    noun: str
    nouns: str
    shared: str
    item: str


def told(warnings: list, verbose: bool = False) -> list[str]:
    """The lines a build prints for its warnings, each (where, message) or (where, message, Alike): each in
    full, in the order of their files and lines; but several of a kind summed up in one line, where the first
    of them would be, naming the first few, unless `verbose` (`pnp build -v` lists them all)."""
    groups: dict = {}
    ordered = sorted(warnings, key=lambda warning: (warning[0].file, warning[0].line, warning[0].field, warning[1]))
    for number, warning in enumerate(ordered):
        alike = warning[2] if len(warning) > 2 and not verbose else None
        groups.setdefault((alike.noun, alike.nouns, alike.shared) if alike else number, []).append(warning)
    lines = []
    for found in groups.values():
        if len(found) == 1:
            lines.append(f"warning: {found[0][0]}: {found[0][1]}")
            continue
        alike = found[0][2]
        items = list(dict.fromkeys(warning[2].item for warning in found))
        named = ", ".join(items[:SHOWN]) + (", …" if len(items) > SHOWN else "")
        lines.append(f"warning: {plural(len(found), alike.noun, alike.nouns)} {alike.shared}: {named} "
                     "— pnp build -v lists them all")
    return [one_line(line) for line in lines]
