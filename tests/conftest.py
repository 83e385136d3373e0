"""Shared test helpers."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.loader import rules_for
from pnp.check.replay import check_text
from pnp.cli import cli

GAMES = Path(__file__).resolve().parent.parent / "pnp" / "games"
TOY = Path(__file__).resolve().parent / "fixtures" / "toy"


@pytest.fixture
def game_copy(tmp_path):
    """`game_copy(slug)`: a private copy of a game's folder, whose data a test may change."""
    def copy(slug: str) -> Path:
        folder = tmp_path / slug
        shutil.copytree(GAMES / slug, folder, ignore=shutil.ignore_patterns("examples", "__pycache__"))
        return folder
    return copy


def check_with(folder: Path, log: Path) -> list:
    """The problems of a log checked against the game folder's rules, as `pnp check --game FOLDER LOG` finds them."""
    return check_text(log.read_text(), "copy.log", rules=rules_for(str(folder))).violations


@pytest.fixture
def toy(tmp_path):
    """A private copy of the small test game, whose files a test may change."""
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    return game


def edit(path: Path, old: str, new: str):
    """Replace the first `old` in a file by `new`; `old` must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def run(game, tmp_path, *args):
    """`pnp build` of a game folder into tmp_path/out, as the command line runs it (no exception escapes)."""
    result = CliRunner().invoke(cli, ["build", str(game), "--out", str(tmp_path / "out"), *args])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def jumbled(rng, texts: list) -> str:
    """A simulated log with lines dropped, repeated, moved, borrowed from another game, or reworded."""
    lines = rng.choice(texts).split("\n")
    borrowed = [line for text in texts for line in text.split("\n")]
    for _ in range(rng.randint(1, 8)):
        at, change = rng.randrange(len(lines)), rng.randrange(5)
        if change == 0 and len(lines) > 1:
            del lines[at]
        elif change == 1:
            lines.insert(at, rng.choice(lines))
        elif change == 2:
            lines.insert(at, rng.choice(borrowed))
        elif change == 3:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif lines[at].split():
            words = lines[at].split()
            words[rng.randrange(len(words))] = rng.choice(rng.choice(borrowed).split() or ["?"])
            lines[at] = " ".join(words)
    return "\n".join(lines)
