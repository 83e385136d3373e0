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

from conftest import jumbled
from pnp.check.loader import checked_games
from pnp.check.replay import check_text
from pnp.check.simulate import simulate

GOLDEN = Path(__file__).parent / "golden" / "checks.txt"
GAMES = checked_games()
JUMBLED = 40


def pinned() -> list:
    """The lines of the golden file, made afresh."""
    lines = []
    for game in GAMES:
        texts = [text for bots in (("random",), ("greedy", "random")) for _, text in simulate(game, 8, 11, bots=bots)]
        digest = hashlib.sha256("".join(texts).encode()).hexdigest()[:16]
        lines.append(f"{game} simulated (seed 11, 16 games): {digest}")
        rng = random.Random(game)
        for number in range(JUMBLED):
            found = check_text(jumbled(rng, texts), "jumbled.log").violations
            lines.append(f"{game} jumbled {number}: " + ("; ".join(f"{v.line} {'+'.join((v.rule, *v.also))}"
                                                                  for v in found) or "valid"))
    return lines


def test_the_checker_says_what_it_said():
    lines = pinned()
    if os.environ.get("PNP_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text("\n".join(lines) + "\n")
    assert GOLDEN.read_text().splitlines() == lines
