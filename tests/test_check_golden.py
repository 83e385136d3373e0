"""What the checker and the simulator do with fixed inputs, pinned in tests/golden/checks.txt.

A refactoring of the checker must not change a single line there: the simulated logs (a digest of their
text), and for logs jumbled from them, every problem found, as `line CODE`. After a change of the rules
that is meant, write the file again and read the difference:

    PNP_GOLDEN=write .venv/bin/pytest tests/test_check_golden.py && git diff tests/golden/
"""
from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest
from conftest import jumbled
from pnp.check.loader import checked_games
from pnp.check.replay import check_text
from pnp.check.simulate import simulate

GOLDEN = Path(__file__).parent / "golden" / "checks.txt"
GAMES = checked_games()
JUMBLED = 40


def pinned(game: str) -> list:
    """A game's lines of the golden file, made afresh."""
    texts = [text for bots in (("random",), ("greedy", "random")) for _, text in simulate(game, 8, 11, bots=bots)]
    digest = hashlib.sha256("".join(texts).encode()).hexdigest()[:16]
    lines = [f"{game} simulated (seed 11, 16 games): {digest}"]
    rng = random.Random(game)
    for number in range(JUMBLED):
        found = check_text(jumbled(rng, texts), "jumbled.log").violations
        lines.append(f"{game} jumbled {number}: " + ("; ".join(f"{v.line} {'+'.join((v.rule, *v.also))}"
                                                              for v in found) or "valid"))
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
