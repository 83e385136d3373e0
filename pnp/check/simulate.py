"""Simulated games: bots play complete games through a game's rules engine, each written as a log.

Chance is the TABLE's move: the state draws each random outcome (a deal, a roll) from the game's own
random generator, and the log records it, so the log replays without one. Game `i` of seed `s` draws
from `random.Random` seeded by both, so the same seed always writes the same logs.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass

from pnp.check.bots import bots_for
from pnp.check.engine import TABLE
from pnp.check.loader import rules_for
from pnp.check.reader import read_log
from pnp.check.setup import VARIANT, read_setup
from pnp.check.violations import BotFoul, SimulationWhistle
from pnp.errors import PnpError
from pnp.read.rulefacts import variant_text
from pnp.read.version import kit_version

NAMES = ("Anne", "Bart", "Cora", "Dirk", "Edda", "Finn", "Gwen", "Hugo")
MAX_EVENTS = 100_000  # a game longer than this is a rules module that never ends: a bug


def simulate(game: str, games: int, seed: int, players: int | None = None, bots=("random",),
             options: dict | None = None, rule: tuple = ()):
    """Yield (number, log text) for `games` complete games of `game` (a slug, or a folder named by the
    person running the command), numbered from 1, played by the variant `rule` gives (--rule's `KEY=VALUE`
    texts; none: the game's own rules). Each log names the game by its slug, and the variant (`variant_header`)."""
    rules = rules_for(game, rule)
    check_bots(rules, bots)
    for number in range(1, games + 1):
        yield number, play(rules, game_rng(seed, number), players, bots, options or {}, f"seed {seed}, game {number}").log()


def check_bots(rules, bots) -> None:
    """Every bot named is one that plays the game of `rules` (a generic bot or one of the game's own)."""
    known = bots_for(rules)
    unknown = [kind for kind in bots if kind not in known]
    if unknown:
        raise PnpError(f"no bot {unknown[0]!r} plays {rules.game.name} (its bots: {', '.join(known)})")


def game_rng(seed: int, number: int) -> random.Random:
    """The random generator of game `number` of a seed: the same game whatever else is played."""
    return random.Random(f"{seed}:{number}")


@dataclass
class Played:
    """A complete simulated game: its header, the bot of each seat, its actions, and its final state."""

    lines: list       # the log's lines before the first event
    header: dict      # the header's values: key -> text
    bots: tuple       # the bot of each seat, in the order of `state.players`
    state: object     # the game's State once the game is over
    actions: list     # every event of the log, in order
    first: str | None  # the first player to act
    moves: int        # the events the players chose (the others are the table's)

    def log(self) -> str:
        """The game's log."""
        return "\n".join([*self.lines, *map(str, self.actions)]) + "\n"


def play(rules, rng, players: int | None, bots, options: dict, source: str, turn: int = 0,
         names: tuple = NAMES) -> Played:
    """One complete game of the game of `rules`. Seat i gets bot `bots[(i + turn) % len(bots)]`: turning
    the bots game by game seats each of them everywhere as often. The players are the first of `names`."""
    low, high = rules.game.players
    count = players or rng.randint(low, high)
    most = min(high, len(names))
    if not low <= count <= most:
        raise PnpError(f"{rules.game.name} is simulated with {low if low == most else f'{low}–{most}'} players, "
                       f"not {count}")
    names = tuple(names[:count])
    kinds = tuple(bots[(i + turn) % len(bots)] for i in range(count))
    header = {"game": rules.game.slug, **variant_header(rules.game), "players": " ".join(names),
              **rules.simulated_header(rng, names), **options}
    lines = [f"# Simulated by pnp simulate: {source}; bots {', '.join(f'{n} {k}' for n, k in zip(names, kinds))}",
             *(f"{key}: {value}" for key, value in header.items()), ""]
    state, actions, first, moves = _playout(rules, rng, _setup("\n".join(lines), rules), kinds, len(lines) + 1)
    return Played(lines, header, kinds, state, actions, first, moves)


def variant_header(game) -> dict:
    """The header lines of a game played by a variant of its rule facts: `rules:`, the variant as `--rule` gives
    it (`goal=25 hand=5`), and `kit:`, the version of the kit that states it (`pnp build --rule ...`); none for
    the game's own rules, whose logs say nothing of either."""
    if not game.variant:
        return {}
    return {VARIANT: variant_text(game.variant), "kit": kit_version(game)}


def _playout(rules, rng, setup, kinds: tuple, line: int) -> tuple:
    """(state, actions, first player to act, player moves) of a game played from `setup` to its end."""
    known = bots_for(rules)
    seats = {name: known[kind] for name, kind in zip(setup.players, kinds)}
    whistle = SimulationWhistle("simulation")
    state = rules.start(setup, whistle)
    actions: list = []
    first, moves = None, 0
    for _ in range(MAX_EVENTS):
        if state.is_over():
            return state, actions, first, moves
        mover = state.to_move()
        if mover is TABLE:
            action = state.table_action(rng)
        else:
            action = state.outcome(seats[mover](state, mover, rng), rng)
            first = first or mover
            moves += action is not None
        whistle.line = line + len(actions)  # the line the action will have, for a state that remembers lines
        state.apply(action)
        if action is not None:
            actions.append(action)
    raise BotFoul(f"no end after {MAX_EVENTS} events")


@contextmanager
def fouls_reported():
    """A bot's move that its own rules refuse is a bug in the game's rules module: said so, never a traceback."""
    try:
        yield
    except BotFoul as error:
        raise PnpError(f"a bot's move broke the rules it was offered, a bug in the rules module: {error}") from None


def _setup(header: str, rules):
    """The simulated header read back as any log's header is, so the game starts as a check would start it."""
    log, problems = read_log(header, "simulation")
    setup, _, found = read_setup(log, rules)
    if problems or found:
        raise PnpError("the simulated games' header is not valid: " + "; ".join(v.message for v in problems + found))
    return setup

