"""Checking a log: read it, parse each event with the game's verbs, replay it through the game's state.

A log that cannot be read (LOG-* problems) is not replayed: its problems are reported alone, since a
replay that skips a line would blame the lines after it. A readable log is replayed to its end and
every broken rule reported, unless the check is strict, when the first problem ends it, or LIMIT
problems are found. The log is read, parsed and replayed one line at a time, so its length costs time,
not memory.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.check.reader import read_log, read_text
from pnp.check.resync import Replay
from pnp.check.setup import VARIANT, kit_warnings, read_setup
from pnp.check.simulate import Played
from pnp.check.violations import LIMIT, LOG_PLAYER, LOG_SYNTAX, READ, ReadError, Violation, Whistle, too_many
from pnp.check.words import Words, close_hint
from pnp.errors import clip, shown
from pnp.read.rulefacts import variant_text
from pnp.textfile import STDIN

# A line's action depends only on its text, the game's rules and the players (their names, and the aliases
# they leave): lines come back word for word, within a log and from log to log, so each is parsed once and
# its action (a tuple, never changed) kept, for PARSED lines at most. A line that cannot be read is not kept.
PARSED = 131072
_parsed: dict = {}  # (rules, players) -> {a line's text: its action}
_kept = [0]  # how many actions `_parsed` holds in all


@dataclass
class Outcome:
    """What checking one log found: its violations, how many events it had, and a summary when valid."""

    file: str
    violations: list = field(default_factory=list)
    events: int = 0
    summary: str = ""
    warnings: list = field(default_factory=list)  # lines worth telling that are not problems of the log
    game: Played | None = None  # a valid log's game as a simulated game gives it (when recorded): what stats count

    @property
    def unreadable(self) -> bool:
        return any(v.kind == READ for v in self.violations)


def check_path(path: Path, strict: bool = False, rules=None, manifests: dict | None = None, file: str | None = None,
               **replayed) -> Outcome:
    """Check one log file (against `rules` when given, else the installed game its header names); `manifests`
    as for `kit_warnings`; `file`: the path as shown (`pnp.errors.shown`), when known; `replayed`: `rule`,
    `record`, `watch` and `summary`, as for `check_text`."""
    path = path if isinstance(path, Path) else Path(path)  # a Path given is read as it is, its text made once
    file = "<stdin>" if str(path) == STDIN else file or shown(path)
    try:
        text = read_text(path)
    except ReadError as error:
        return Outcome(file, [Violation(file, error.line or 1, error.rule, error.message, READ)])
    return check_text(text, file, strict, rules, manifests, **replayed)


def check_text(text: str, file: str, strict: bool = False, rules=None, manifests: dict | None = None,
               record: bool = False, watch=None, summary: bool = True, rule: tuple = ()) -> Outcome:
    """Check the text of one log, reported as coming from `file`; `rules` and `manifests` as for `check_path`.
    The log is judged by the variant its `rules:` header names, else by `rule` (--rule's `KEY=VALUE` texts).
    `record`: a valid log's game is kept (`Outcome.game`), as `pnp.check.simulate.play` gives a bots' game;
    `watch(state, action)` is called before each action is played (a log found broken may have called it);
    `summary`: a valid log's summary is written (`Outcome.summary`), which a report that shows none spares."""
    log, problems = read_log(text, file)
    setup, rules, found = read_setup(log, rules, rule)
    problems += found
    warnings = kit_warnings(setup, file, manifests) if setup else []
    whistle = Whistle(file, strict)
    replay = Replay(rules, setup, whistle, watch) if setup and not problems else None
    play = replay.feed if replay else None  # None once the log is found unreadable: it is read on, not replayed
    actions = [] if record else None
    seats = (rules, setup.players) if setup else None
    kept = _kept_for(seats) if setup else {}
    names = None  # the players and the game's aliases, as the words of a line not kept are read with
    events = 0
    for line, body in log.lines():
        action = kept.get(body)
        if action is None:
            words = log.words(line, body)
            if words is None:
                continue
            if setup:
                names = names or _names(rules, setup)
                try:
                    action = parse_event([names[1].get(word.lower(), word) for word in words] if names[1] else words,
                                         names[0], rules.verbs)
                except ReadError as error:
                    problems.append(Violation(file, line, error.rule, error.message, READ))
                else:
                    _keep(seats, kept, body, action)
        events += 1
        if problems:
            play = None
            if strict or len(problems) >= LIMIT:
                break
        elif play:
            play(line, action)
            if actions is not None:
                actions.append(action)
    if problems:
        return Outcome(file, _first(problems, strict), events, warnings=warnings)
    replay.finish(log.last_line)
    if whistle.violations:
        return Outcome(file, whistle.violations, events, "", warnings)
    game = _played(log, setup, replay.state, actions) if record else None
    said = replay.state.summary() if summary else ""
    if said and setup.game.variant:
        said += f"; variant {clip(variant_text(setup.game.variant))}"
    return Outcome(file, [], events, said, warnings, game)


def _kept_for(seats: tuple) -> dict:
    """The actions kept for the lines of a game's logs by the same players, `seats` (rules, players): a line's
    text -> its action."""
    kept = _parsed.get(seats)
    if kept is None:
        kept = _parsed[seats] = {}
    return kept


def _keep(seats: tuple, kept: dict, body: str, action) -> None:
    """Keep a line's action in `kept`, `_kept_for(seats)`: past PARSED actions in all, those kept before go."""
    if _kept[0] >= PARSED:
        for each in _parsed.values():
            each.clear()
        _parsed.clear()
        _parsed[seats], _kept[0] = kept, 0
    kept[body] = action
    _kept[0] += 1


def _names(rules, setup) -> tuple:
    """(lower-case name -> player, word -> what it stands for): the players, and the game's aliases that are
    no player's name."""
    players = {name.lower(): name for name in setup.players}
    return players, {word: meant for word, meant in rules.game.aliases.items() if word not in players}


def _played(log, setup, state, actions: list) -> Played:
    """A valid log's game as `pnp.check.simulate.play` gives a bots' game: the seats' players stand where the
    bots would; its header as written, but for the variant it was judged by, as `variant_header` writes it."""
    header = {key: text for key, (text, _) in log.header.items() if key != VARIANT}
    if setup.game.variant:
        header[VARIANT] = variant_text(setup.game.variant)
    movers = [action.player for action in actions if action.by_player]
    return Played([], header, setup.players, state, actions, movers[0] if movers else None, len(movers))


def _first(problems: list, strict: bool) -> list:
    """The problems of a log that cannot be read, in line order: the first only when strict, at most LIMIT."""
    problems.sort(key=lambda v: v.line)
    if strict:
        return problems[:1]
    if len(problems) >= LIMIT:
        return problems[:LIMIT] + [too_many(problems[0].file, problems[LIMIT - 1].line, READ)]
    return problems


def parse_event(words: list, players: dict, verbs: dict):
    """One event's action: `[PLAYER] VERB WORDS...`, the verb's parser reading the words."""
    if not words:
        raise ReadError(LOG_SYNTAX, f"an event is a verb and its words ({', '.join(verbs)})")
    actor = players.get(words[0].lower())
    at = 0 if actor is None else 1
    if at == len(words):
        raise ReadError(LOG_SYNTAX, f"a verb must follow {actor} ({', '.join(verbs)})")
    verb = verbs.get(words[at].lower())
    if verb is None:
        if at == 0 and len(words) > 1 and words[1].lower() in verbs:
            raise ReadError(LOG_PLAYER, f"{clip(words[0])!r} is not a player ({', '.join(players.values())})")
        hint = close_hint(words[at].lower(), verbs)
        raise ReadError(LOG_SYNTAX, f"unknown verb {clip(words[at])!r}{hint} (verbs: {', '.join(verbs)})")
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
