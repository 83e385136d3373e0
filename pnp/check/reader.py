"""Reading a playtest log: header lines, then one event per line; `#` starts a comment.

The shape is the same for every game:

    game: buried-treasure        <- header: `key: value`, before the first event
    players: Ann Bob
    Ann take 3 ship              <- event: [PLAYER] VERB WORDS..., words split by spaces or commas

The reader knows nothing of verbs or cards; it only splits text into a header and tokenised events.
A line ends at a line feed, a carriage return or both (old Mac, Unix and Windows files read alike).
The header is read at once; the events one at a time, so that a log of a million lines never sits in
memory as a million lists of words.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.check.violations import LIMIT, LOG_FILE, LOG_HEADER, LOG_SYNTAX, READ, ReadError, Violation
from pnp.errors import QUOTE, clip
from pnp.textfile import NotText, decoded, line_at, read_bytes

_HEADER = re.compile(r"([A-Za-z][\w-]*)\s*:(.*)")
MAX_BYTES = 64 * 1024 * 1024  # a log longer than this is no playtest: about two million lines


class Log:
    """A log being read: its header (key -> (value, line)), read at once, then its events.

    `problems` holds the lines that fit nowhere, found so far: the header's, then each misplaced header
    line, or line holding too long a word, as the events reach it."""

    def __init__(self, text: str, file: str):
        self.file = file
        self.header: dict = {}
        self.problems: list[Violation] = []
        self.last_line = 1  # the last line holding anything, where problems found at the end are reported
        self._reading = self._read(text)
        next(self._reading, None)  # the header is read, up to the first event

    def lines(self):
        """(line, text without its comment) for every event, in order; each header line among them becomes a
        problem as it is reached. The words of an event's text are `words(line, text)`."""
        return self._reading

    def _read(self, text: str):
        """Yield (line, text) of every line holding more than spaces and commas, but its header lines: those
        before the first event are read into the header, those after it are problems. Once, before the first
        event, it yields None: the header is read then."""
        header, opening, last = _HEADER.fullmatch, True, 1
        for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
            body = line.split("#", 1)[0].strip() if "#" in line else line.strip()
            if not body or ("," in body and not body.replace(",", " ").strip()):  # a line of commas holds nothing
                continue
            last = number
            found = header(body) if ":" in body else None
            if found is None:
                if opening:
                    opening = False
                    yield None
                yield number, body
            elif not opening:
                self._problem(number, LOG_SYNTAX, f"header line `{clip(found.group(1))}:` after the first event; "
                                                  "header lines come first")
            elif len(self.header) + len(self.problems) >= LIMIT:
                self._problem(number, LOG_HEADER, f"a header of more than {LIMIT} lines: the log is not read further")
                break
            else:
                self._header_line(number, found)
        self.last_line = last

    def words(self, line: int, body: str) -> list | None:
        """The words of an event's text, or None, a problem, when one is too long to be a word of a log."""
        words = _words(body)
        if len(body) > QUOTE and max(map(len, words)) > QUOTE:
            word = max(words, key=len)
            self._problem(line, LOG_SYNTAX, f"a word of {len(word):,} characters ({clip(word, 20)!r}): "
                                            f"no word of a log is longer than {QUOTE}")
            return None
        return words

    def events(self):
        """Yield (line, words) for every event, in order: `lines`, each line's words (a line with too long a
        word becomes a problem instead)."""
        for number, body in self.lines():
            words = self.words(number, body)
            if words is not None:
                yield number, words

    def _problem(self, line: int, rule: str, message: str) -> None:
        self.problems.append(Violation(self.file, line, rule, message, READ))

    def _header_line(self, number: int, header) -> None:
        key, value = header.group(1).lower(), header.group(2).strip()
        if key in self.header:
            self._problem(number, LOG_HEADER, f"`{clip(key)}:` is given twice (first at line {self.header[key][1]})")
        else:
            self.header[key] = (value, number)


def read_log(text: str, file: str) -> tuple[Log, list[Violation]]:
    """A log's header, read, and its problems so far (the list grows as its events are read)."""
    log = Log(text, file)
    return log, log.problems


def _words(body: str) -> list[str]:
    return body.replace(",", " ").split()


def read_text(path: Path) -> str:
    """The text of a log file (or of standard input, for `-`); a ReadError (LOG-FILE) with the line of the
    trouble when it is not text."""
    try:
        data = read_bytes(path, MAX_BYTES)
    except NotText as error:
        raise ReadError(LOG_FILE, error.message) from None
    except FileNotFoundError:
        raise ReadError(LOG_FILE, "no such file") from None
    except OSError as error:
        raise ReadError(LOG_FILE, f"cannot be read: {error.strerror or error}") from None
    try:
        return decoded(data)
    except NotText as error:
        raise ReadError(LOG_FILE, error.message, line=line_at(data, error.offset or 0)) from None


def words_of(value: str) -> list[str]:
    """The words of a header value, split by spaces or commas as event words are."""
    return _words(value)
