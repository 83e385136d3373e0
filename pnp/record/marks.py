"""What a recorded log says besides its events, in one place for the recorder that writes it and `pnp stats
--playtests` that reads it: `started:` in the header (the date and time play began), a note as a comment with
the time (`# 14:32 note: Ann bored`), the end as a comment with the time (`# ended 15:10`), and a line the table
insisted on, marked after it (`Ann take 5 map  # insisted: BT-TAKE-CARD ...`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

STARTED = "started"  # the header key of the date and time play began (`started: 2025-03-14 19:05`)
DAY, TIME = "%Y-%m-%d %H:%M", "%H:%M"
_NOTE = re.compile(r"#\s*(\d\d?:\d\d) note:(.*)$")
_ENDED = re.compile(r"#\s*ended (\d\d?:\d\d)\s*$")
_INSISTED = re.compile(r"#\s*insisted:")
_STARTED = re.compile(rf"{STARTED}\s*:\s*(\d{{4}}-\d\d-\d\d \d\d?:\d\d)\s*(#.*)?$", re.IGNORECASE)


def note_line(when: datetime, text: str) -> str:
    return f"# {when.strftime(TIME)} note: {one_line(text)}"


def ended_line(when: datetime) -> str:
    return f"# ended {when.strftime(TIME)}"


def insisted_line(line: str, code: str, message: str) -> str:
    return f"{line}  # insisted: {code} {one_line(message)}"


def is_insisted(text: str) -> bool:
    return bool(_INSISTED.search(text))


def ended_at(text: str) -> str | None:
    """The time (HH:MM) an end line says, or None for another line."""
    found = _ENDED.match(text.strip())
    return found.group(1) if found else None


def one_line(text: str) -> str:
    return " ".join(str(text).split())


@dataclass
class Timeline:
    """When a recorded game began and ended, and its notes: (line, time, text, the event line before it)."""

    started: datetime | None = None
    ended: str | None = None
    notes: list = field(default_factory=list)

    @property
    def minutes(self) -> int | None:
        """How long the game lasted, in whole minutes (past midnight, into the next day), or None untimed."""
        if self.started is None or self.ended is None:
            return None
        hour, minute = map(int, self.ended.split(":"))
        end = self.started.replace(hour=hour, minute=minute)
        if end < self.started:
            end += timedelta(days=1)
        return int((end - self.started).total_seconds() // 60)


def timeline(text: str) -> Timeline:
    """The start, end and notes a log's text holds (none for a log written otherwise)."""
    found, before = Timeline(), ""
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        line = raw.strip()
        started = _STARTED.match(line) if found.started is None else None
        if started:
            try:
                found.started = datetime.strptime(started.group(1), DAY)
            except ValueError:
                pass
        elif line.startswith("#"):
            note, end = _NOTE.match(line), ended_at(line)
            if note:
                found.notes.append((number, note.group(1), note.group(2).strip(), before))
            elif end:
                found.ended = end
        elif line:
            before = line.split("#", 1)[0].strip()
    return found
