"""Each game pnp installs is found by the package its entry point names, read afresh from the entry points
(not from what an earlier call kept), and its folder is the one holding its game.yaml."""
from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest

from pnp.read import games

pytestmark = pytest.mark.quick

GAMES = Path(games.__file__).resolve().parent.parent / "games"


def test_each_installed_game_is_found_by_the_package_its_entry_point_names(monkeypatch):
    monkeypatch.setattr(games, "_installed", {})  # read the entry points again
    found = games.installed_games()
    registered = {point.name: point.value for point in entry_points(group=games.GROUP)}
    assert {slug: game.package for slug, game in found.items()} == registered
    for slug in ("pirates-gold", "buccaneer"):
        assert found[slug].folder() == GAMES / slug and len(found[slug].sources) == 1
