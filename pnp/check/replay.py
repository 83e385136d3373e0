"""Checking a log: read it, parse each event with the game's verbs, replay it through the game's state.

A log that cannot be read (LOG-* problems) is not replayed: its problems are reported alone, since a
replay that skips a line would blame the lines after it. A readable log is replayed to its end and
every broken rule reported, unless the check is strict, when the first problem ends it.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from pnp.check.reader import Log, read_log, read_text
from pnp.check.setup import Setup, read_setup
from pnp.check.violations import LOG_PLAYER, LOG_SYNTAX, READ, ReadError, Stop, Violation, Whistle
from pnp.check.words import Words
from pnp.errors import shown


@dataclass
class Outcome:
    """What checking one log found: its violations, how many events it had, and a summary when valid."""

    file: str
    violations: list = field(default_factory=list)
    events: int = 0
    summary: str = ""

    @property
    def unreadable(self) -> bool:
        return any(v.kind == READ for v in self.violations)


def check_path(path: Path, strict: bool = False) -> Outcome:
    """Check one log file."""
    file = shown(path)
    try:
        text = read_text(Path(path))
    except ReadError as error:
        return Outcome(file, [Violation(file, error.line or 1, error.rule, error.message, READ)])
    return check_text(text, file, strict)


def check_text(text: str, file: str, strict: bool = False) -> Outcome:
    """Check the text of one log, reported as coming from `file`."""
    log, problems = read_log(text, file)
    setup, rules, found = read_setup(log)
    problems += found
    actions = parse_events(log, setup, rules, problems) if setup else []
    if problems:
        problems.sort(key=lambda v: v.line)
        return Outcome(file, problems[:1] if strict else problems, len(log.events))
    whistle = Whistle(file, strict)
    try:
        state = rules.start(setup, whistle)
        for line, action in actions:
            whistle.line = line
            state.apply(action)
        whistle.line = log.last_line
        state.finish()
    except Stop:
        pass
    summary = "" if whistle.violations else state.summary()
    return Outcome(file, whistle.violations, len(log.events), summary)


def parse_events(log: Log, setup: Setup, rules, problems: list) -> list:
    """(line, action) for every event that can be read; a problem for every one that cannot."""
    players = {name.lower(): name for name in setup.players}
    actions = []
    for line, words in log.events:
        try:
            actions.append((line, parse_event(words, players, rules.verbs)))
        except ReadError as error:
            problems.append(Violation(log.file, line, error.rule, error.message, READ))
    return actions


def parse_event(words: list, players: dict, verbs: dict):
    """One event's action: `[PLAYER] VERB WORDS...`, the verb's parser reading the words."""
    actor = players.get(words[0].lower())
    at = 0 if actor is None else 1
    if at == len(words):
        raise ReadError(LOG_SYNTAX, f"a verb must follow {actor} ({', '.join(verbs)})")
    verb = verbs.get(words[at].lower())
    if verb is None:
        if at == 0 and len(words) > 1 and words[1].lower() in verbs:
            raise ReadError(LOG_PLAYER, f"{words[0]!r} is not a player ({', '.join(players.values())})")
        close = difflib.get_close_matches(words[at].lower(), list(verbs), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ReadError(LOG_SYNTAX, f"unknown verb {words[at]!r}{hint} (verbs: {', '.join(verbs)})")
    if verb.by_player and actor is None:
        raise ReadError(LOG_SYNTAX, f"`{verb.name}` needs the acting player first (write `{verb.usage}`)")
    if not verb.by_player and actor is not None:
        raise ReadError(LOG_SYNTAX, f"`{verb.name}` is not a player's move: start the line with it "
                                    f"(write `{verb.usage}`)")
    return verb.parse(Words(words, at + 1, verb.usage, players), actor)


def log_paths(names) -> list[Path]:
    """The files to check: each name given, a folder standing for every *.log file below it."""
    paths = []
    for name in names:
        path = Path(name)
        paths += sorted(path.rglob("*.log")) if path.is_dir() else [path]
    return paths
