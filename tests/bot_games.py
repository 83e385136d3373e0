"""The games each bot of a game plays on every seat, seed 5, twelve a bot: the checker's golden answers
(tests/test_check_golden.py) pin a digest of them and of logs jumbled from them, and its contract
(tests/test_check_contract.py) checks them and corrupts them. Simulated once in a test process, for both."""
from __future__ import annotations

import functools

from pnp.check.simulate import simulate

SEED, GAMES_PER_BOT = 5, 12


@functools.cache
def bot_games(game: str, bot: str) -> tuple[str, ...]:
    """The logs of GAMES_PER_BOT games of `game` (seed SEED), every seat played by `bot`."""
    return tuple(text for _, text in simulate(game, GAMES_PER_BOT, SEED, bots=(bot,)))
