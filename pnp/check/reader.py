"""Reading a playtest log: header lines, then one event per line; `#` starts a comment.

The shape is the same for every game:

    game: buried-treasure        <- header: `key: value`, before the first event
    players: Ann Bob
    Ann take 3 ship              <- event: [PLAYER] VERB WORDS..., words split by spaces or commas

The reader knows nothing of verbs or cards; it only splits text into a header and tokenised events.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.check.violations import LOG_FILE, LOG_HEADER, LOG_SYNTAX, READ, ReadError, Violation

_HEADER = re.compile(r"([A-Za-z][\w-]*)\s*:(.*)")


@dataclass
class Log:
    """A log split into its header (key -> (value, line)) and its events (line, words)."""

    file: str
    header: dict = field(default_factory=dict)
    events: list = field(default_factory=list)
    last_line: int = 1  # the last line holding anything, where problems found at the end are reported


def read_log(text: str, file: str) -> tuple[Log, list[Violation]]:
    """Split a log's text into header and events; problems are lines that fit neither place."""
    log, problems = Log(file), []
    for number, raw in enumerate(text.split("\n"), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        log.last_line = number
        header = _HEADER.fullmatch(body)
        if header and not log.events:
            key, value = header.group(1).lower(), header.group(2).strip()
            if key in log.header:
                first = log.header[key][1]
                problems.append(Violation(file, number, LOG_HEADER, f"`{key}:` is given twice (first at line {first})", READ))
            else:
                log.header[key] = (value, number)
        elif header:
            problems.append(Violation(file, number, LOG_SYNTAX,
                                      f"header line `{header.group(1)}:` after the first event; "
                                      "header lines come first", READ))
        else:
            log.events.append((number, body.replace(",", " ").split()))
    return log, problems


def read_text(path: Path) -> str:
    """The text of a log file; a ReadError (LOG-FILE) with the line of the trouble when it is not text."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ReadError(LOG_FILE, "no such file") from None
    except IsADirectoryError:
        raise ReadError(LOG_FILE, "is a folder, not a log file") from None
    except OSError as error:
        raise ReadError(LOG_FILE, f"cannot be read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _binary(data, error.start, f"not UTF-8 text (byte {error.start})") from None
    if "\x00" in text:
        raise _binary(data, data.index(b"\x00"), "a binary file (it holds NUL bytes), not a log")
    return text


def _binary(data: bytes, offset: int, message: str) -> ReadError:
    return ReadError(LOG_FILE, message, line=data.count(b"\n", 0, offset) + 1)


def words_of(value: str) -> list[str]:
    """The words of a header value, split by spaces or commas as event words are."""
    return value.replace(",", " ").split()
