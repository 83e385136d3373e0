"""Where the package's templates, artwork, fonts and games live, installed or in a source checkout."""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """`templates` and `artwork` sit inside the installed package, or beside it in a source checkout."""
    for folder in (PACKAGE / name, PACKAGE.parent / name):
        if folder.is_dir():
            return folder
    return PACKAGE / name


TEMPLATES = resource_dir("templates")
ARTWORK = resource_dir("artwork")
FONTS = PACKAGE / "fonts"
GAMES = PACKAGE / "games"


def search_path(game_folder: Path, name: str) -> list[Path]:
    """Where a game's templates or artwork are looked up: its own folder first, then the shared one."""
    return [game_folder / name, resource_dir(name)]
