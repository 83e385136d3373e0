"""The toolkit a game's rules are written with is `pnp.check.__all__`: every name pnp's own games import from
pnp is there, and the game `pnp new --rules` makes passes the contract every game owes through it alone
(simulated with each bot and checked, its example logs, corrupted logs each caught with one report)."""
from __future__ import annotations

import ast
import importlib

import pytest
from click.testing import CliRunner

import corruption
import pnp.check
from installing import installed, registered
from pnp.check.bots import bots_for
from pnp.check.loader import rules_for
from pnp.check.replay import check_path, check_text
from pnp.check.simulate import simulate
from pnp.cli import cli
from pnp.resources import GAMES, PACKAGE


def imported_from_pnp(folder) -> set:
    """(module, name) of every `from pnp... import name` in the Python files below `folder`."""
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pnp":
                found |= {(node.module, alias.name) for alias in node.names}
    return found


def test_every_name_the_shipped_games_import_from_pnp_is_in_the_toolkit():
    used = imported_from_pnp(GAMES)
    assert used, "the games import nothing from pnp?"
    exported = [getattr(pnp.check, name) for name in pnp.check.__all__]
    for module, name in sorted(used):
        thing = getattr(importlib.import_module(module), name)
        assert any(thing is each for each in exported), f"{module}.{name} is used by a game, not in pnp.check.__all__"


def test_the_skeleton_imports_from_pnp_check_alone_and_every_name_is_there():
    used = imported_from_pnp(PACKAGE / "starter_rules" / "__PACKAGE__" / "rules")
    assert used and {module for module, _ in used} == {"pnp.check"}
    assert {name for _, name in used} <= set(pnp.check.__all__)
    assert len(set(pnp.check.__all__)) == len(pnp.check.__all__)


@pytest.fixture(scope="module")
def race(tmp_path_factory):
    """The game `pnp new sea-race --rules` makes, installed as pip would (its metadata beside it on sys.path)."""
    root = tmp_path_factory.mktemp("made")
    made = CliRunner().invoke(cli, ["new", str(root / "sea-race"), "--rules"])
    assert made.exit_code == 0, made.output
    registered(root / "sea-race", "sea-race", {"sea-race": "sea_race"})
    with installed(root / "sea-race"):
        yield root / "sea-race"


def test_the_made_game_passes_the_contract_through_its_entry_point(race):
    rules = rules_for("sea-race")
    assert type(rules).__module__ == "sea_race.rules"
    for bot in bots_for(rules):
        for _, text in simulate("sea-race", 12, seed=5, bots=(bot,)):
            outcome = check_text(text, "simulated.log")
            assert outcome.violations == [] and outcome.summary.startswith("a legal game"), text
    assert check_path(race / "logs" / "legal.log").violations == []
    assert {v.rule for v in check_path(race / "logs" / "illegal.log").violations} == {
        "RACE-TURN", "RACE-CHOICE", "RACE-ROLL", "RACE-FINAL", "RACE-WINNER"}


def test_one_mistake_in_a_made_game_s_log_gets_one_report(race):
    tally = corruption.measure("sea-race", 6, 10)
    assert tally.mutants == 60 and tally.caught > 0.8 * tally.mutants
    assert tally.single >= corruption.TARGET * tally.caught and tally.blamed == 0, tally.row("sea-race")
