"""What the checker and the simulator do with fixed inputs, pinned in tests/golden/checks.txt; and the suite's
batch of jumbled logs, which must each get an answer, never a failure of the checker.

A refactoring of the checker must not change a single line there: the simulated logs (a digest of their
text), and for logs jumbled from them, every problem found, as `line CODE` (a quarter of them checked as
`--strict` checks them, which stops at the first). After a change of the rules that is meant, write the file
again and read the difference:

    PNP_GOLDEN=write .venv/bin/pytest tests/test_check_golden.py && git diff tests/golden/
"""
from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest
from bot_games import GAMES_PER_BOT, SEED, bot_games
from conftest import jumbled
from pnp.check.bots import bots_for
from pnp.check.loader import checked_games, rules_for
from pnp.check.replay import check_text

GOLDEN = Path(__file__).parent / "golden" / "checks.txt"
GAMES = checked_games()
JUMBLED = 100  # logs a game in the suite; `python tests/fuzz_logs.py --long` changes 10,000 logs at random


def pinned(game: str) -> list:
    """A game's lines of the golden file, made afresh: games every bot of the game plays on every seat, and logs
    jumbled from them, each checked (a bug of the checker raises here, or is a LOG-INTERNAL problem)."""
    texts = [text for bot in bots_for(rules_for(game)) for text in bot_games(game, bot)]
    digest = hashlib.sha256("".join(texts).encode()).hexdigest()[:16]
    lines = [f"{game} simulated (seed {SEED}, {len(texts)} games): {digest}"]
    rng = random.Random(game)
    for number in range(JUMBLED):
        strict = number % 4 == 0
        found = check_text(jumbled(rng, texts), "jumbled.log", strict=strict).violations
        assert all(v.line >= 1 and v.rule != "LOG-INTERNAL" for v in found), found
        lines.append(f"{game} jumbled {number}{' strict' if strict else ''}: "
                     + ("; ".join(f"{v.line} {'+'.join((v.rule, *v.also))}" for v in found) or "valid"))
    return lines


@pytest.mark.parametrize("game", GAMES)  # a game a test: the games' lines are made side by side under -n
def test_the_checker_says_what_it_said(game):
    lines = pinned(game)
    golden = GOLDEN.read_text().splitlines() if GOLDEN.exists() else []
    if os.environ.get("PNP_GOLDEN") == "write":  # this game's lines replaced, the others' kept, in the games' order
        kept = {name: [line for line in golden if line.split(" ", 1)[0] == name] for name in GAMES}
        kept[game] = lines
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text("\n".join(line for name in GAMES for line in kept[name]) + "\n")
        golden = GOLDEN.read_text().splitlines()
    assert [line for line in golden if line.split(" ", 1)[0] == game] == lines
    assert {line.split(" ", 1)[0] for line in golden} == set(GAMES)  # no game left out of the file, none extra
