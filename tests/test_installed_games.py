"""Installed games: every game pnp knows by its slug is a package registered under the entry-point group
`pnp.games`, pnp's own five as a designer's; its rules are that package's `rules`, imported. A log names only
an installed game, and a folder's code runs only when the person running pnp names the folder."""
from __future__ import annotations

import shutil
import sys
from importlib.metadata import entry_points

import pytest
from click.testing import CliRunner

from installing import installed, registered
from pnp import resources
from pnp.check.loader import checked_games, rules_for
from pnp.cli import cli
from pnp.read.games import GROUP, game_slug, installed_games, load_game

SHIPPED = ["buccaneer", "buried-treasure", "cannon-dice", "pete-the-pirate", "pirates-gold"]
EXAMPLE = resources.GAMES / "pete-the-pirate" / "examples" / "two-players.log"


def run(*args):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def test_the_shipped_games_are_registered_and_found_through_their_entry_points():
    points = {point.name: point for point in entry_points(group=GROUP)}
    assert set(SHIPPED) <= set(points)
    for slug in SHIPPED:
        assert points[slug].dist.metadata["Name"] == "pnp-press"
        assert installed_games()[slug].folder() == resources.GAMES / slug
        package = points[slug].value
        assert type(rules_for(slug)).__module__.startswith(f"{package}.rules")  # imported as the package's rules
    assert set(SHIPPED) <= set(checked_games())


@pytest.fixture
def pete_copy(tmp_path):
    """Pete the Pirate's folder copied as a package of its own, `pete_copy`, beside its distribution's metadata
    registering it as `pete-copy`: what `pip install` leaves."""
    root = tmp_path / "site"
    shutil.copytree(resources.GAMES / "pete-the-pirate", root / "pete_copy",
                    ignore=shutil.ignore_patterns("examples", "__pycache__"))
    (root / "pete_copy" / "__init__.py").write_text('"""A copy of Pete the Pirate, installed as a package."""\n')
    return registered(root, "pete-copy", {"pete-copy": "pete_copy"})


def test_a_game_installed_as_a_package_is_found_by_its_slug_and_its_rules_imported(pete_copy, tmp_path):
    log = tmp_path / "copy.log"
    log.write_text(EXAMPLE.read_text().replace("game: pete-the-pirate", "game: pete-copy"))
    with installed(pete_copy):
        assert "pete-copy" in checked_games()
        game = load_game("pete-copy")
        assert game.slug == "pete-copy" and game.folder == pete_copy / "pete_copy"
        assert type(rules_for("pete-copy")).__module__ == "pete_copy.rules"
        listed = run("list")
        assert listed.exit_code == 0 and "pete-copy" in listed.output and "buccaneer" in listed.output
        checked = run("check", log)
        assert checked.exit_code == 0, checked.output
        simulated = run("simulate", "pete-copy", "--games", 3, "--out", tmp_path / "sims")
        assert simulated.exit_code == 0, simulated.output
        assert len(list((tmp_path / "sims").glob("*.log"))) == 3
    assert "pete-copy" not in installed_games()
    assert run("check", log).exit_code != 0  # uninstalled: the log names no game pnp knows


def test_two_installed_games_with_one_slug_are_an_error_naming_both(pete_copy, tmp_path):
    other = registered(tmp_path / "other", "other-pete", {"pete-copy": "pete_copy"})
    log = tmp_path / "copy.log"
    log.write_text(EXAMPLE.read_text().replace("game: pete-the-pirate", "game: pete-copy"))
    with installed(pete_copy, other):
        for result in (run("list", "pete-copy"), run("check", log), run("simulate", "pete-copy", "--games", 1,
                                                                         "--out", tmp_path / "sims")):
            assert result.exit_code == 2, result.output
            assert "pete-copy" in result.output and "other-pete" in result.output and "Traceback" not in result.output
        assert run("list", "buccaneer").exit_code == 0  # the others are still there


def test_an_entry_point_that_names_no_game_package_is_an_error_saying_so(tmp_path):
    root = registered(tmp_path / "site", "broken", {"lost": "no_such_package", "empty": "empty_package"})
    (root / "empty_package").mkdir()
    (root / "empty_package" / "__init__.py").write_text("")
    with installed(root):
        lost, empty = run("build", "lost"), run("build", "empty")
    assert lost.exit_code == 2 and "no_such_package" in lost.output and "broken" in lost.output
    assert empty.exit_code == 2 and "game.yaml" in empty.output and "empty_package" in empty.output


def test_a_log_naming_an_installed_package_not_a_slug_runs_nothing(pete_copy, tmp_path):
    """A log names a game by its slug only: the package's name, or the folder's, is no game."""
    log = tmp_path / "x.log"
    with installed(pete_copy):
        for name in ("pete_copy", str(pete_copy / "pete_copy")):
            log.write_text(EXAMPLE.read_text().replace("game: pete-the-pirate", f"game: {name}"))
            result = run("check", log)
            assert result.exit_code != 0 and "LOG-GAME" in result.output
        assert "pete_copy.rules" not in sys.modules


def test_an_installed_games_pages_and_recordings_go_under_its_slug_not_its_package_folder(pete_copy, tmp_path):
    from datetime import datetime

    from pnp.build.watch import Session
    from pnp.commands.record import default_log

    with installed(pete_copy):
        assert game_slug("pete-copy") == "pete-copy" and game_slug(str(pete_copy / "pete_copy")) == "pete_copy"
        assert Session("pete-copy", {}, tmp_path).slug == "pete-copy"
        assert default_log("pete-copy", datetime(2026, 11, 29, 9, 5)).parts[:2] == ("playtests", "pete-copy")
