"""A game recorded at the table: the log kept line by line as it is played, checked by the game's rules as each
line comes, and kept in its file from the moment each line is entered.

The file is a plain pnp log: the header `pnp simulate` writes for the same game, players and options (the
`kit:` played with always, `rules:` for a variant), and `started:`, the date and time play began. Then one
event a line, each played by the rules as it is entered: a line they refuse is not written, unless the table
insists it was played so, when it is written with a comment naming the rule (`  # insisted: CODE message`)
and the game carries on from it as written, as a check does. A note is a comment with the time
(`# 14:32 note: ...`); the end of the game a comment with the time too (`# ended 15:10`). Every change
rewrites the file at once (a temporary file beside it, flushed to disk, renamed over it), so the file is
always a whole log; opened again, it is replayed, and the recording goes on where the table was.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pnp.check.reader import read_log, read_text
from pnp.check.replay import parse_event
from pnp.check.setup import read_setup
from pnp.check.simulate import variant_header
from pnp.check.loader import rules_for
from pnp.check.violations import LOG_INTERNAL, LOG_SYNTAX, ReadError, Whistle
from pnp.errors import PnpError, clip, shown
from pnp.read.version import kit_version
from pnp.record.choices import completed, grouped, offers
from pnp.record.marks import DAY, STARTED, ended_at, ended_line, insisted_line, is_insisted, note_line, one_line



class Refused(Exception):
    """The rules refuse a line: `code` (the checker's rule code, e.g. BT-TURN) and `message` (its own words);
    `line`, the log's line the problem is found at (a line may show the problem of one before it), and `also`,
    the codes of the other rules it broke, named in the message too."""

    def __init__(self, code: str, message: str, line: int = 0, also: tuple = ()):
        super().__init__(f"{code} {message}")
        self.code, self.message, self.line, self.also = code, message, line, also


@dataclass
class Line:
    """A line of the file: its text as written, and what it is (header, event, note or insisted)."""

    text: str
    kind: str


class Table:
    """A game being recorded at the table: the log so far, the state the rules know, the file it is kept in."""

    path: Path

    def __init__(self, path: Path, rules, setup, lines: list, clock):
        self.path, self.rules, self.setup, self.lines, self.clock = path, rules, setup, lines, clock
        self.whistle = Whistle(shown(path))
        self.state = rules.start(setup, self.whistle)
        self.before: list = []  # the state before each event line, None where unknown (a log resumed)

    # -- opening ---------------------------------------------------------------------------------------

    @classmethod
    def open(cls, out: Path, game: str, players: tuple, options: dict | None = None, rules: tuple = (),
             clock=None) -> "Table":
        """Start recording into `out`, or resume when `out` already holds a log (of that game: else a PnpError
        naming the file). `clock()` gives the time of day (a datetime), for tests. Header keys of the game that
        `options` leaves out are drawn as `pnp simulate` draws them (who starts, say)."""
        out, clock = Path(out), clock or datetime.now
        if out.is_file() and out.stat().st_size:
            return cls._resumed(out, game, clock)
        played = rules_for(game, tuple(rules))
        slug = played.game.slug
        header = {"game": slug, **(variant_header(played.game) or {"kit": kit_version(played.game)}),
                  "players": " ".join(players), **played.simulated_header(random.Random(), tuple(players)),
                  **{key: str(value) for key, value in (options or {}).items()}, STARTED: clock().strftime(DAY)}
        lines = [Line("# Recorded at the table by pnp record", "header"),
                 *(Line(f"{key}: {value}", "header") for key, value in header.items()), Line("", "header")]
        log, problems = read_log("\n".join(line.text for line in lines), shown(out))
        setup, found_rules, found = read_setup(log)
        if problems or found or setup is None:
            raise PnpError("the log's header is not valid: " + "; ".join(p.message for p in problems + found))
        table = cls(out, found_rules, setup, lines, clock)
        out.parent.mkdir(parents=True, exist_ok=True)
        table._write()
        return table

    @classmethod
    def _resumed(cls, out: Path, game: str, clock) -> "Table":
        """The table of the log `out` holds, replayed line by line: each event played as it was entered."""
        file = shown(out)
        try:
            text = read_text(out)
        except ReadError as error:
            raise PnpError(f"{file}: {error.message}") from None
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        log, problems = read_log(text, file)
        named = log.header.get("game", ("", 1))[0].lower()
        wanted = rules_for(game).game.slug
        if named != wanted:
            raise PnpError(f"{file} holds a log of {clip(named or 'no game')!r}, not of {wanted!r}: record into "
                           f"another file, or go on recording {clip(named)} with its own game")
        setup, rules, found = read_setup(log)
        if problems or found or setup is None:
            first = min(problems + found, key=lambda p: p.line)
            raise PnpError(f"{file}:{first.line}: {first.rule} {first.message}")
        events = dict(log.lines())
        if log.problems:
            first = log.problems[0]
            raise PnpError(f"{file}:{first.line}: {first.rule} {first.message}")
        table = cls(out, rules, setup, [], clock)
        opening = True
        for number, raw in enumerate(text.split("\n"), start=1):
            if number in events:
                opening = False
                try:
                    action = table._action(events[number])
                except Refused as error:
                    raise PnpError(f"{file}:{number}: {error.code} {error.message}") from None
                table._play(action, len(table.lines) + 1)
                table.lines.append(Line(raw, "insisted" if is_insisted(raw) else "event"))
                table.before.append(None)
            else:
                table.lines.append(Line(raw, "header" if opening else "note"))
        while len(table.lines) > 1 and not table.lines[-1].text.strip():  # the file's last line feed
            table.lines.pop()
        return table

    # -- the table's moves -----------------------------------------------------------------------------

    def enter(self, text: str, insist: bool = False) -> dict:
        """Play one line, as typed or pressed: written to the file at once (atomic, flushed) and the new view
        returned. Raises Refused when the rules refuse it, unless `insist`: then it is written with a comment
        marking it as played so at the table, with the code and message, and the replay carries on."""
        action = self._action(text.split("#", 1)[0])
        number = len(self.lines) + 1
        before = self.state
        trial = before.clone()
        heard = self._heard(trial, action, number)
        line = str(action)
        if heard:
            problem = _one(heard)
            if not insist:
                raise problem
            trial.after_problem(action)
            line = insisted_line(line, problem.code, problem.message)
        self.state = trial
        self.before.append(before)
        self.lines.append(Line(line, "insisted" if heard else "event"))
        if self.state.is_over():
            self.lines.append(Line(ended_line(self.clock()), "note"))
        self._write()
        return self.view()

    def undo(self) -> dict:
        """Take back the last event line (and the notes after it); the new view. Nothing to undo: the view."""
        last = next((i for i in range(len(self.lines) - 1, -1, -1) if self.lines[i].kind in ("event", "insisted")),
                    None)
        if last is None:
            return self.view()
        del self.lines[last:]
        before = self.before.pop()
        self.state = before if before is not None else self._replayed()
        self._write()
        return self.view()

    def note(self, text: str) -> dict:
        """A note, written as a comment with the clock time; the new view."""
        if one_line(text):
            self.lines.append(Line(note_line(self.clock(), text), "note"))
            self._write()
        return self.view()

    def completions(self, prefix: str, limit: int = 20) -> list[str]:
        """Lines the rules allow next that start with `prefix` (case-insensitive), the likeliest first (in the
        order the rules offer them); a line of cards drawn is completed a word at a time."""
        return completed(offers(self.state), prefix, limit)

    # -- what the page shows ---------------------------------------------------------------------------

    def view(self) -> dict:
        """Everything the page shows, JSON-ready: the game, its players, whose turn it is ("table" when chance is
        next, None once over), the scores, what is public, the next line's choices by verb, the log, the times."""
        state, players = self.state, self.setup.players
        over = state.is_over()
        mover = None if over else state.to_move()
        public = getattr(state, "public", None)
        return {"game": self.rules.game.name, "slug": self.rules.game.slug, "players": list(players),
                "turn": None if over else mover if mover in players else "table", "over": over,
                "scores": _scores(state), "public": public() if public is not None else [],
                "choices": grouped(offers(state), players),
                "log": [{"line": n, "text": line.text, "kind": line.kind}
                        for n, line in enumerate(self.lines, start=1) if line.text.strip()],
                "started": self.started(), "ended": self.ended()}

    def started(self) -> str:
        """The time play began, HH:MM."""
        return self.setup.options.get(STARTED, "")[-5:] or _header_time(self.lines)

    def ended(self) -> str | None:
        """The time the game ended, HH:MM, once it is over."""
        return next((ended_at(line.text) for line in reversed(self.lines) if ended_at(line.text)), None)

    # -- inside ----------------------------------------------------------------------------------------

    def _action(self, text: str):
        """The action of a line, read as `pnp check` reads it; Refused (its read code) when it cannot be."""
        words = text.replace(",", " ").split()
        players = {name.lower(): name for name in self.setup.players}
        aliases = {word: meant for word, meant in self.rules.game.aliases.items() if word not in players}
        if aliases:
            words = [aliases.get(word.lower(), word) for word in words]
        try:
            return parse_event(words, players, self.rules.verbs)
        except ReadError as error:
            raise Refused(error.rule or LOG_SYNTAX, error.message) from None

    def _heard(self, state, action, number: int) -> list:
        """The rules `action` breaks, played on `state` at line `number` (played whatever it breaks)."""
        with self.whistle.aside() as heard:
            self.whistle.line = number
            try:
                state.apply(action)
            except Exception as error:  # noqa: BLE001 - the game's rules failing on a line: said, never a traceback
                raise Refused(LOG_INTERNAL, f"the rules could not play this line ({type(error).__name__}: "
                                            f"{error}): a bug of the game's rules module") from None
        return list(heard)

    def _play(self, action, number: int) -> None:
        """Play `action` on the state as a check does: as written, whatever it breaks."""
        if self._heard(self.state, action, number):
            self.state.after_problem(action)

    def _replayed(self):
        """The state after the event lines kept, played again from the header."""
        self.state = self.rules.start(self.setup, self.whistle)
        for number, line in enumerate(self.lines, start=1):
            if line.kind in ("event", "insisted"):
                self._play(self._action(line.text.split("#", 1)[0]), number)
        self.before = [None] * len(self.before)
        return self.state

    def _write(self) -> None:
        """The whole log into its file at once: a temporary file beside it, flushed to disk, renamed over it."""
        text = "\n".join(line.text for line in self.lines) + "\n"
        temporary = self.path.with_name(f".{self.path.name}.writing")
        with open(temporary, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.path)


def _one(heard: list) -> Refused:
    """The problems a line broke, as one: the first rule's code, the others named in the message."""
    first = heard[0]
    message = "; ".join([first.message, *(f"also {v.rule}: {v.message}" for v in heard[1:])])
    return Refused(first.rule, message, first.line, tuple(v.rule for v in heard[1:]))


def _scores(state) -> dict | None:
    """Each player's score as the rules count it now, or None while they cannot tell."""
    try:
        totals = state.totals()
    except Exception:  # noqa: BLE001 - a game that counts only a finished game's scores
        return None
    return dict(totals) if totals else None


def _header_time(lines: list) -> str:
    """The time in a `started:` header line, HH:MM, or ""."""
    for line in lines:
        if line.text.startswith(f"{STARTED}:"):
            return line.text.strip()[-5:]
    return ""
