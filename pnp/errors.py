"""Errors the command line reports cleanly: a message, a location, an exit code, never a traceback."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import click

from pnp.wording import plural


@dataclass(frozen=True)
class Where:
    """A place in a data file: the file, its line (0 when unknown) and the field being read."""

    file: str
    line: int = 0
    field: str = ""

    def at(self, field: str, line: int | None = None) -> "Where":
        """The same file, one field deeper (and at another line when known)."""
        path = f"{self.field}.{field}" if self.field else field
        return Where(self.file, self.line if line is None else line, path)

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}" if self.line else self.file
        return f"{place}: {self.field}" if self.field else place


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
