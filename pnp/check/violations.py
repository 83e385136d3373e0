"""What the checker reports: a violation at a file and line, with a stable rule code.

Two kinds, as python-chess separates a move that cannot be read from one that breaks a rule:
`read` problems (the log cannot be understood: exit code 2) and `rule` problems (it can, and a rule
is broken: exit code 1). Read codes are generic and start with `LOG-`; rule codes belong to a game
and are documented in that game's RULES.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import clip

READ, RULE = "read", "rule"

# The generic read codes, documented in docs/playtest-logs.md.
LOG_FILE = "LOG-FILE"          # the file cannot be read as text
LOG_SYNTAX = "LOG-SYNTAX"      # a line has no meaning: unknown verb, missing or extra words
LOG_HEADER = "LOG-HEADER"      # the header is missing a key, has an unknown one, or a bad value
LOG_GAME = "LOG-GAME"          # the game named by the header is unknown or its data is broken
LOG_CARD = "LOG-CARD"          # a card name the game's data does not have
LOG_PLAYER = "LOG-PLAYER"      # a name that is not one of the players
LOG_INTERNAL = "LOG-INTERNAL"  # the checker itself failed on this file: a bug to report
LOG_LIMIT = "LOG-LIMIT"        # so many problems that the rest of the log is not checked

LIMIT = 100    # problems reported per log at most: past them, a log is too far off to be worth more lines
MESSAGE = 300  # characters of a message at most: one quoting too much of a huge line is cut


def too_many(file: str, line: int, kind: str) -> "Violation":
    """The last problem of a log that has LIMIT of them: the checking stops there."""
    return Violation(file, line, LOG_LIMIT, f"{LIMIT} problems found: the rest of the log is not checked", kind)


@dataclass(frozen=True)
class Violation:
    """One problem: where it is, which rule, and what happened (expected and actual when that helps)."""

    file: str
    line: int
    rule: str
    message: str
    kind: str = RULE
    also: tuple = ()  # the codes of the other rules the same line broke, each named in the message too

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.rule} {self.message}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "rule": self.rule, "message": self.message, "kind": self.kind,
                "also": list(self.also)}


class ReadError(Exception):
    """A line (or header value) that cannot be understood; raised by parsers, caught per line."""

    def __init__(self, rule: str, message: str, line: int | None = None):
        super().__init__(message)
        self.rule, self.message, self.line = rule, clip(message, MESSAGE), line


class Stop(Exception):
    """Raised by a strict whistle to end a replay at its first violation."""


class Whistle:
    """Where a game's state reports rule violations while a log is replayed.

    The state calls `blow(rule, message)`; the driver sets `line` before each event. Collecting every
    violation or stopping at the first is the driver's choice of whistle, not the state's concern; so is
    trying how the replay would go (`aside`, or `tried` when only where rules broke matters) before deciding
    how to read a line.
    """

    def __init__(self, file: str, strict: bool = False):
        self.file, self.strict = file, strict
        self.line = 0
        self.violations: list[Violation] = []
        self._aside: list | None = None
        self._lines_only = False  # inside `tried`: a broken rule is noted by its line alone

    def blow(self, rule: str, message: str, line: int | None = None) -> None:
        """Report a broken rule (at the current line unless `line` is given). Raises Stop when the check is
        strict, or once LIMIT violations are kept."""
        if self._lines_only:  # a trial no one reads the messages of: none is made into a violation
            self._aside.append(self.line if line is None else line)
            return
        violation = Violation(self.file, self.line if line is None else line, rule, clip(message, MESSAGE))
        if self._aside is not None:
            self._aside.append(violation)
            return
        self.violations.append(violation)
        if self.strict:
            raise Stop
        if len(self.violations) >= LIMIT:
            self.violations.append(too_many(self.file, violation.line, RULE))
            raise Stop

    def aside(self) -> "_Apart":
        """Inside (`with whistle.aside() as heard`), violations are collected in the list `heard`, neither kept
        nor stopping anything."""
        return _Apart(self, lines_only=False)

    def tried(self) -> "_Apart":
        """As `aside`, but each broken rule is collected as its line alone: what a replay trying readings of a
        log asks (how many rules broke, and where), for many lines whose messages no one will read."""
        return _Apart(self, lines_only=True)


class _Apart:
    """The context of `Whistle.aside` and `Whistle.tried`, a class rather than a generator as a replay enters
    one for every reading it tries: what the whistle collected before, and its line, are given back on exit."""

    def __init__(self, whistle: Whistle, lines_only: bool):
        self.whistle, self.lines_only = whistle, lines_only

    def __enter__(self) -> list:
        whistle = self.whistle
        self.outer = whistle._aside, whistle.line, whistle._lines_only
        heard = whistle._aside = []
        whistle._lines_only = self.lines_only
        return heard

    def __exit__(self, *exc) -> None:
        whistle = self.whistle
        whistle._aside, whistle.line, whistle._lines_only = self.outer


class BotFoul(Exception):
    """A bot made a move its own rules engine rejects: a bug in the rules module, never a user error."""


class SimulationWhistle(Whistle):
    """The whistle of a simulated game: any violation is a bug, so it raises at once."""

    def blow(self, rule: str, message: str, line: int | None = None) -> None:
        raise BotFoul(f"{rule} {message}")
