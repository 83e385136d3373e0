"""Shared test helpers."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "pnp" / "games"


@pytest.fixture
def game_copy(tmp_path):
    """`game_copy(slug)`: a private copy of a game's folder, whose data a test may change."""
    def copy(slug: str) -> Path:
        folder = tmp_path / slug
        shutil.copytree(GAMES / slug, folder, ignore=shutil.ignore_patterns("examples", "__pycache__"))
        return folder
    return copy


def naming(log: Path, folder: Path) -> str:
    """A log's text with its `game:` line naming a copied game folder instead of the game's slug."""
    return log.read_text().replace(f"game: {folder.name}", f"game: {folder}")
