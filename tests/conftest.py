"""Shared test helpers."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.check.loader import rules_for
from pnp.check.replay import check_text

GAMES = Path(__file__).resolve().parent.parent / "pnp" / "games"


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
