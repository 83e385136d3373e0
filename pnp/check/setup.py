"""The header of a log, checked: which game, who plays in which seat, and the game's own options.

`game:`, `players:` and `rules:` are the checker's; the game's rules module declares every other key it accepts
(`Rules.header`) with the specs of `pnp.model.specs`, so an unknown or mistyped key is reported, never ignored.
`game:` names an installed game by its slug; a game folder's rules come only from the command line. `rules:`
names a variant of the game's rule facts as `pnp simulate --rule` writes it (`goal=25 hand=5`,
pnp/read/rulefacts.py): the log is judged by the variant's rules, and `--rule` on the command line gives the
variant of the logs that name none.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.check.loader import installed_rules, variant_rules
from pnp.check.reader import Log, words_of
from pnp.check.violations import LOG_GAME, LOG_HEADER, READ, RULE, Violation
from pnp.model.specs import Any_, Bool, Int, LDict, Record, Spec, Text
from pnp.errors import QUOTE, DataError, PnpError, Where, clip, one_line
from pnp.model.game import Game
from pnp.read.rulefacts import variant_items, variant_text
from pnp.read.version import changed_cards, kit_version

# Keys any log may carry to say where it comes from; the checker keeps but never judges them. `kit:` is the
# version of the kit played with (`pnp list` shows it, every printed page's footer carries it): one that
# differs from the data's now is warned of (`kit_warnings`), never an error. `started:` is the date and time
# play began, as `pnp record` writes it (`2025-03-14 19:05`), from which `pnp stats --playtests` finds how long
# a game lasted.
NOTES = {"date": (Text(), ""), "place": (Text(), ""), "source": (Text(), ""), "kit": (Text(), ""),
         "started": (Text(), "")}
VARIANT = "rules"  # the header key naming the variant played: `rules: goal=25 hand=5` (read before the rules are)

HEADERS = 256
_headers: dict = {}  # (rules, players) -> the spec their logs' headers are checked with
_setups: dict = {}   # (rules, a header's keys, values and lines) -> its Setup, for a header without problems:
                     # logs with the same header share it (a Setup and its options are read, never changed)

_NAME = re.compile(r"[^\W\d_][\w'-]*")
_TRUE, _FALSE = {"yes", "true", "on"}, {"no", "false", "off"}


@dataclass(frozen=True)
class Setup:
    """A checked header: the game's data, the players in seat order, the game's options and their lines."""

    game: Game
    players: tuple
    options: dict
    lines: dict  # header key -> line number

    def line(self, key: str) -> int:
        return self.lines.get(key, 1)


class Player(Spec):
    """One of the players, written in any case; read as the name the `players:` line gives."""

    def __init__(self, players: tuple):
        self.by_lower = {name.lower(): name for name in players}
        self.expected = "one of the players (" + ", ".join(players) + ")"

    def check(self, value, where, problems):
        name = self.by_lower.get(str(value).lower())
        return name if name is not None else self.fail(value, where, problems)


class PlayerOrder(Spec):
    """Every player once, in an order that means something (youngest first, for instance)."""

    def __init__(self, players: tuple):
        self.player = Player(players)
        self.expected = "every player once: " + " ".join(players)

    def check(self, value, where, problems):
        inner: list = []
        names = [self.player.check(word, where, inner) for word in words_of(str(value))]
        if inner or sorted(names) != sorted(self.player.by_lower.values()):
            return self.fail(value, where, problems)
        return tuple(names)


class OnePerSeat(Spec):
    """For each player, in seat order, one of `choices` (`ports: london cadiz`, `colours: red blue`); with
    `distinct`, none twice. `what` names the choices (`ports`)."""

    def __init__(self, choices: tuple, players: tuple, what: str, distinct: bool = True):
        self.choices, self.count, self.distinct = choices, len(players), distinct
        different = "different " if distinct else ""
        self.expected = f"{self.count} {different}{what} in seat order, of {', '.join(choices)}"

    def check(self, value, where, problems):
        chosen = str(value).replace(",", " ").lower().split()
        if len(chosen) != self.count or not set(chosen) <= set(self.choices) or \
                (self.distinct and len(set(chosen)) != self.count):
            return self.fail(value, where, problems)
        return tuple(chosen)


def read_setup(log: Log, rules=None, rule: tuple = ()) -> tuple:
    """(setup, rules, problems) for a log's header. Setup is None when the game, its variant or the players
    are unknown, or too many or too few for the game; with any problem, the setup serves to read the events but
    not to replay them. `rules`: a game's rules named on the command line, the game the log must name; without
    them, the installed game it names. The rules returned are those of the variant the log's `rules:` names,
    else of `rule` (--rule's `KEY=VALUE` texts), else `rules` as given."""
    problems: list[Violation] = []

    def problem(code: str, line: int, message: str, kind: str = READ):
        problems.append(Violation(log.file, line, code, message, kind))

    if "game" not in log.header:
        problem(LOG_HEADER, 1, "no `game:` line: the header must say which game was played")
        return None, None, problems
    slug, game_line = log.header["game"]
    if rules is not None and slug.lower() != rules.game.slug.lower():
        problem(LOG_GAME, game_line, f"the log names {clip(slug)!r}, not {rules.game.slug!r}, the game "
                                     "given to check it with")
        return None, None, problems
    try:
        rules = rules or installed_rules(slug.lower())
    except PnpError as error:
        problem(LOG_GAME, game_line, error.format_message())
        return None, None, problems
    if VARIANT in log.header or rule:
        rules, line, trouble = _variant(log, rules, rule)
        if trouble:
            problem(LOG_HEADER, line, trouble)
            return None, rules, problems
    written = (rules, tuple(log.header.items()))  # all a setup depends on: a header met before is read once
    known = _setups.get(written)
    if known is not None:
        return known, rules, problems
    players = _players(log, rules, problem)
    if players is None:
        return None, rules, problems

    spec = _header_spec(rules, players)
    values = LDict()
    values.line, values.key_lines = min(line for _, line in log.header.values()), {}
    for key, (text, line) in log.header.items():
        values[key] = _typed(text, spec.fields.get(key))
        values.key_lines[key] = line
    found: list = []
    options = spec.check(values, Where(log.file, values.line), found)
    for where, message in found:
        problem(LOG_HEADER, where.line, f"`{clip(where.field)}:` {message}")
    options = {key: value for key, value in (options or {}).items() if key not in ("game", "players", VARIANT)}
    lines = {key: line for key, (_, line) in log.header.items()}
    setup = Setup(rules.game, players, options, lines)
    if not problems:
        if len(_setups) >= HEADERS:
            _setups.clear()
        _setups[written] = setup
    return setup, rules, problems


def _variant(log: Log, rules, rule: tuple) -> tuple:
    """(rules, line, trouble): the rules of the variant the log's `rules:` names, else of `rule` (--rule's
    texts); trouble ("" when none) is why it cannot be played, at the line of `rules:` (or of `game:`)."""
    if VARIANT not in log.header:
        try:
            return variant_rules(rules, rule), 0, ""
        except PnpError as error:
            return rules, log.header["game"][1], _refused(error, "--rule")
    text, line = log.header[VARIANT]
    try:
        items = variant_items(text)
    except PnpError as error:
        return rules, line, f"`{VARIANT}:` {error.format_message()}"
    if not items:
        return rules, line, (f"`{VARIANT}:` names no rule fact: write the variant played as KEY=VALUE items "
                             f"(pnp list {rules.game.slug} --rules lists them), or leave the line out")
    keys = [item.partition("=")[0] for item in items]
    twice = next((key for key in keys if keys.count(key) > 1), None)
    if twice:
        return rules, line, f"`{VARIANT}:` {clip(twice)} is given twice"
    try:
        named = variant_rules(rules, items)
    except PnpError as error:
        return rules, line, _refused(error, f"`{VARIANT}:`")
    try:
        wanted = variant_rules(rules, rule) if rule else named
    except PnpError as error:
        return rules, line, _refused(error, "--rule")
    if wanted.game.variant != named.game.variant:
        return rules, line, (f"the log names the variant {clip(variant_text(named.game.variant))}, not "
                             f"{clip(variant_text(wanted.game.variant))}, the one given with --rule")
    return named, line, ""


def _refused(error: PnpError, option: str) -> str:
    """Why a variant cannot be played, as one line naming where it was given (`rules:` or --rule)."""
    if isinstance(error, DataError):  # each problem at the fact the variant changed, else in the data files
        return f"{option} " + "; ".join(one_line(f"{where.field}: {message}" if where.file == "--rule" else
                                                 f"{where}: {message}") for where, message in error.problems)
    message = error.format_message()
    return f"{option} {message.removeprefix('--rule ')}" if message.startswith("--rule ") else f"{option}: {message}"


def _header_spec(rules, players: tuple) -> Record:
    """The spec of a log's header for a game and its players, made once (HEADERS of them kept at most)."""
    spec = _headers.get((rules, players))
    if spec is None:
        if len(_headers) >= HEADERS:
            _headers.clear()
        spec = _headers[(rules, players)] = Record({"game": Any_(), "players": Any_(), VARIANT: (Text(), ""), **NOTES,
                                                    **rules.header(players)}, "a log header")
    return spec


def _players(log: Log, rules, problem) -> tuple | None:
    if "players" not in log.header:
        problem(LOG_HEADER, log.header["game"][1], "no `players:` line: name the players in seat order")
        return None
    text, line = log.header["players"]
    names, seen, fine = words_of(text), set(), True
    if not names:
        problem(LOG_HEADER, line, "no players are named")
        return None
    if not _seated(len(names), rules, line, problem):
        return None
    for name in names:
        why = ("start with a letter, no spaces" if not _NAME.fullmatch(name) else
               "it is a verb of the log" if name.lower() in rules.verbs else
               "it is named twice" if name.lower() in seen else "")
        if why:
            problem(LOG_HEADER, line, f"{clip(name)!r} cannot be a player's name: {why}")
            fine = False
        seen.add(name.lower())
    return tuple(names) if fine else None


def _seated(count: int, rules, line: int, problem) -> bool:
    """Whether the game is played by this many: a rule of the game, under its own code (exit 1), said first
    since no later line can be checked otherwise."""
    low, high = rules.game.players
    if low <= count <= high:
        return True
    allowed = f"{low}" if low == high else f"{low}–{high}"
    message = f"{rules.game.name} is played by {allowed} players, not {count}: the log is not replayed"
    problem(rules.players_code or LOG_HEADER, line, message, RULE if rules.players_code else READ)
    return False


def _typed(text: str, spec) -> object:
    """A header value as its spec expects it: yes/no for a Bool, digits for an Int, else the text."""
    low = text.lower()
    if isinstance(spec, tuple):
        spec = spec[0]
    if isinstance(spec, Bool) and low in _TRUE | _FALSE:
        return low in _TRUE
    if isinstance(spec, Int) and text.isdecimal() and len(text) <= QUOTE:
        return int(text)
    return text


def kit_warnings(setup: Setup, file: str, manifests: dict | None = None) -> list[str]:
    """A warning when the log's `kit:` is not the version of the game's data now: the cards played may differ
    from those the checker knows. `manifests` ((game, kit) -> a build's manifest) name the cards that changed,
    when one is of the kit the log was played with."""
    played = str(setup.options.get("kit") or "").strip().lower()
    version = kit_version(setup.game) if played else ""
    if played == version:
        return []
    old = (manifests or {}).get((setup.game.slug, played))
    since = "; ".join(changed_cards(old["cards"], setup.game)) if old and isinstance(old.get("cards"), dict) else ""
    variant = f" with rules {clip(variant_text(setup.game.variant))}" if setup.game.variant else ""
    return [f"{file}:{setup.line('kit')}: warning: played with kit {clip(played)}, but the data of "
            f"{setup.game.slug}{variant} is now kit {version}: the log is checked against the cards as they "
            "are now" + (f" (since then, {since})" if since else "")]
