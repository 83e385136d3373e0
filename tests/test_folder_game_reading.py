"""A game named by its folder is read as data alone: neither the installed games' entry points nor the checker
are loaded for it (some 30 ms of every build of such a game), yet a folder holding rules is still played by them."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pnp.build import stages
from pnp.read import games

pytestmark = pytest.mark.quick

TOY = Path(__file__).resolve().parent / "fixtures" / "toy"


def test_a_game_named_by_its_folder_is_read_without_the_entry_points(monkeypatch):
    def unread():
        raise AssertionError("the installed games were looked up for a game named by its folder")

    monkeypatch.setattr(games, "installed_games", unread)
    assert stages.read_kit(str(TOY)).slug == "toy"
    assert games.installed("buried-treasure/") is None  # a path's separator: never a slug


def test_a_game_named_by_its_folder_without_rules_loads_no_checker():
    probe = (f"import sys\nfrom pnp.build.stages import read_kit\nread_kit({str(TOY)!r})\n"
             "print(sorted({'pnp.check', 'importlib.metadata'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_an_installed_game_s_folder_named_as_such_is_still_played_by_its_rules(monkeypatch):
    played = []
    monkeypatch.setattr("pnp.check.loader.rules_of", played.append)
    folder = games.installed_folder("buried-treasure")
    stages.read_kit(str(folder))
    assert [game.folder for game in played] == [folder]
