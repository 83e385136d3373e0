"""Simulated games: bots play complete games through a game's rules engine, each written as a log.

Chance is the TABLE's move: the state draws each random outcome (a deal, a roll) from the game's own
random generator, and the log records it, so the log replays without one. Game `i` of seed `s` draws
from `random.Random` seeded by both, so the same seed always writes the same logs.
"""
from __future__ import annotations

import random

from pnp.check.bots import bots_for
from pnp.check.engine import TABLE
from pnp.check.loader import rules_for
from pnp.check.reader import read_log
from pnp.check.setup import read_setup
from pnp.check.violations import BotFoul, SimulationWhistle
from pnp.errors import PnpError

NAMES = ("Anne", "Bart", "Cora", "Dirk", "Edda", "Finn", "Gwen", "Hugo")
MAX_EVENTS = 100_000  # a game longer than this is a rules module that never ends: a bug


def simulate(game: str, games: int, seed: int, players: int | None = None, bots=("random",),
             options: dict | None = None):
    """Yield (number, log text) for `games` complete games of `game` (a slug, or a folder named by the
    person running the command), numbered from 1. Each log names the game by its slug."""
    rules = rules_for(game)
    known = bots_for(rules)
    unknown = [kind for kind in bots if kind not in known]
    if unknown:
        raise PnpError(f"no bot {unknown[0]!r} plays {rules.game.name} (its bots: {', '.join(known)})")
    for number in range(1, games + 1):
        rng = random.Random(f"{seed}:{number}")
        yield number, play(rules, rng, players, bots, options or {}, f"seed {seed}, game {number}")


def play(rules, rng, players: int | None, bots, options: dict, source: str) -> str:
    """One complete game of the game of `rules` as the text of its log."""
    low, high = rules.game.players
    count = players or rng.randint(low, high)
    if not low <= count <= min(high, len(NAMES)):
        raise PnpError(f"{rules.game.name} is simulated with {low}–{min(high, len(NAMES))} players, not {count}")
    names = NAMES[:count]
    kinds = [bots[i % len(bots)] for i in range(count)]
    known = bots_for(rules)
    seats = {name: known[kind] for name, kind in zip(names, kinds)}
    header = {"game": rules.game.slug, "players": " ".join(names),
              **rules.simulated_header(rng, names), **options}
    lines = [f"# Simulated by pnp simulate: {source}; bots {', '.join(f'{n} {k}' for n, k in zip(names, kinds))}",
             *(f"{key}: {value}" for key, value in header.items()), ""]
    whistle = SimulationWhistle("simulation")
    state = rules.start(_setup("\n".join(lines), rules), whistle)
    for _ in range(MAX_EVENTS):
        if state.is_over():
            return "\n".join(lines) + "\n"
        mover = state.to_move()
        action = state.table_action(rng) if mover is TABLE else state.outcome(seats[mover](state, mover, rng), rng)
        whistle.line = len(lines) + 1  # the line the action will have, for a state that remembers lines
        state.apply(action)
        if action is not None:
            lines.append(str(action))
    raise BotFoul(f"no end after {MAX_EVENTS} events")


def _setup(header: str, rules):
    """The simulated header read back as any log's header is, so the game starts as a check would start it."""
    log, problems = read_log(header, "simulation")
    setup, _, found = read_setup(log, rules)
    if problems or found:
        raise PnpError("the simulated games' header is not valid: " + "; ".join(v.message for v in problems + found))
    return setup

