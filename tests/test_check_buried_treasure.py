"""Buried Treasure's rules: the scoring rule, the checker following the data and its rule facts, which a variant
must let the cards play (the failing logs, the examples and the rule codes are checked with every game's in
test_check_contract.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import check_with
from pnp.build.stages import read_kit
from pnp.check.engine import State
from pnp.check.loader import rules_of
from pnp.check.reader import read_log
from pnp.check.replay import check_text
from pnp.check.setup import read_setup
from pnp.check.violations import Whistle
from pnp.cli import cli
from pnp.commands import check
from pnp.read.games import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "pnp" / "games" / "buried-treasure"


# --- the scoring rule (9.1, 9.2), on a log's state --------------------------------------------------

HEADER = "game: buried-treasure\nplayers: Ann Bob Cid Dan\nstarts: Ann\n"


def state_with(counts: dict):
    """A four-player game's state before its first event, with these counts of blue cards."""
    log, _ = read_log(HEADER, "t.log")
    setup, rules, _ = read_setup(log)
    state = rules.start(setup, Whistle("t.log"))
    for name, blue in counts.items():
        state.counts[name][3] = blue  # blue is the fourth colour in the data
    return state


@pytest.mark.parametrize("counts, places", [
    ({"Ann": 3, "Bob": 3, "Cid": 2, "Dan": 1}, ["Cid", "Dan"]),   # the rulebook's example
    ({"Ann": 4, "Bob": 2, "Cid": 2, "Dan": 1}, ["Ann", "Dan"]),   # a tie for 2nd passes it down
    ({"Ann": 2, "Bob": 2, "Cid": 1, "Dan": 1}, []),               # nobody stands alone
    ({"Ann": 1, "Bob": 0, "Cid": 0, "Dan": 0}, ["Ann"]),          # no cards, no points
])
def test_places_skip_shared_counts_and_empty_hands(counts, places):
    assert state_with(counts)._places(3) == places


# --- the checker follows the data -------------------------------------------------------------------

@pytest.fixture
def bt_copy(game_copy) -> Path:
    return game_copy("buried-treasure")


def test_a_card_count_in_the_data_changes_what_the_deal_may_hold(bt_copy):
    example = GAME / "examples" / "basic-two-players.log"  # valid with the project's own data
    csv = bt_copy / "game-cards.csv"
    csv.write_text(csv.read_text().replace("ship,9,", "ship,8,").replace("map,8,", "map,9,"))
    found = check_with(bt_copy, example)
    assert [v.rule for v in found] == ["BT-DEAL-COUNT"]
    assert "ship is dealt 9 times in this game; the deck holds 8" in found[0].message


def test_a_score_card_value_in_the_data_changes_the_scores_accepted(bt_copy):
    example = GAME / "examples" / "basic-two-players.log"
    cards = bt_copy / "score-cards.yaml"
    cards.write_text(cards.read_text().replace("blue: [10, 5]}", "blue: [12, 5]}"))  # card D, round 1
    found = check_with(bt_copy, example)
    assert [(v.rule, v.message.split(" (")[0]) for v in found] == [
        ("BT-ROUND-SCORE", "Mia has 24 points, not 22"),  # then the written points stand: the final fits them
    ]


def test_rule_facts_that_contradict_the_cards_are_a_data_error(bt_copy):
    rules = bt_copy / "rules.yaml"
    rules.write_text(rules.read_text().replace("columns: [6, 5, 4, 3]", "columns: [6, 5, 4, 4]"))
    result = CliRunner().invoke(check.command, ["--game", str(bt_copy), str(GAME / "examples" / "basic-two-players.log")])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "3 deals of 19 cards need more than the 54 game cards" in result.output


@pytest.mark.parametrize("rule, says", [
    ("rounds=5", "--rule: rounds: 5 rounds need as many score cards; the kit has 4"),
    ("rounds=4", "--rule: rounds: 4 deals of 18 cards need more than the 54 game cards"),
    ("columns=[7,5,4,3]", "--rule: columns: 3 deals of 19 cards need more than the 54 game cards"),
    ("hand-sizes.4=6", "--rule: hand-sizes: 4 hands of 6 need more than the 22 starter cards"),
])
def test_a_variant_the_cards_cannot_play_is_refused_naming_its_key(tmp_path, rule, says):
    result = CliRunner().invoke(cli, ["build", "buried-treasure", "--rule", rule, "--out", str(tmp_path)])
    assert result.exit_code == 2 and says in result.output, result.output
    assert not (tmp_path / "buried-treasure").exists()


def test_every_number_of_players_needs_a_hand_size(bt_copy):
    rules = bt_copy / "rules.yaml"
    rules.write_text(rules.read_text().replace("  3: 7\n", ""))
    result = CliRunner().invoke(check.command, ["--game", str(bt_copy), str(GAME / "examples" / "basic-two-players.log")])
    assert result.exit_code == 2 and "no hand size for 3 players (the game is played by 2 to 4)" in result.output


def test_a_starter_is_named_by_the_word_of_its_id_no_other_starter_holds():
    assert rules_of(load_game("buried-treasure")).kinds()["starter"].table == {
        "wild-flag": "wild-flag", "starter-cannon": "starter-cannon", "starter-map": "starter-map",
        "starter-pirate": "starter-pirate", "starter-ship": "starter-ship",
        "wild": "wild-flag", "cannon": "starter-cannon", "map": "starter-map", "pirate": "starter-pirate",
        "ship": "starter-ship"}


def test_a_variant_is_stated_by_the_players_rules_and_the_checkers():
    """(Its cards and score sheet: tests/test_rule_tweaks.py reads the kit's text back.)"""
    game = read_kit("buried-treasure", ["hand-sizes.2=10", "bonus.coloured=2", "rounds=2", "columns=[5,5,4,3]"])
    text = " ".join(game.components["rules"].options["content"].split())
    assert "Deal 17 of them face up into four columns of 5, 5, 4 and 3 cards" in text
    assert "The rest of the deck waits for round 2." in text and "After two rounds the richest" in text
    assert "For round 2, turn up a new score card and deal 17 new cards" in text
    assert "Two score cards are never used." in text and "After the second round" in text
    assert "10 each for two players, 7 for three, 5 for four." in text
    assert "still in your hand is worth 2 points. A Wild Flag left in your hand is worth nothing" in text
    listed = CliRunner().invoke(cli, ["list", "buried-treasure", "--rules", "--text", "--rule", "hand-sizes.2=10",
                                      "--rule", "rounds=2"])
    assert listed.exit_code == 0, listed.output
    checker = " ".join(listed.output.split())  # RULES.md, its facts stated
    assert "10 each with 2 players, 7 each with 3 players" in checker and "there is no round 3" in checker


@pytest.mark.parametrize("old, new, found", [
    ("  colours: [red, green, yellow, blue]\n", "", "vars.colours: missing required key"),
    ("one: Pirate, plural: Pirates,", "one: Pirate, plurals: Pirates,", "vars.suits.yellow.plural: missing required key"),
])
def test_the_vars_the_checker_reads_are_checked(bt_copy, old, new, found):
    data = bt_copy / "game.yaml"
    assert old in data.read_text()
    data.write_text(data.read_text().replace(old, new))
    example = GAME / "examples" / "basic-two-players.log"
    result = CliRunner().invoke(check.command, ["--game", str(bt_copy), str(example)])
    assert result.exit_code == 2 and found in result.output


# --- one slip, one report: the checker carries on the way the slip was most likely made ---------------

EXAMPLE = GAME / "examples" / "basic-two-players.log"


def slipped(old: str, new: str) -> list:
    """(line, code) of each problem in the basic example with one line changed."""
    text = EXAMPLE.read_text()
    assert text.count(old) == 1
    return [(v.line, v.rule) for v in check_text(text.replace(old, new), "slip.log").violations]


@pytest.mark.parametrize("old, new", [
    ("deal 3 map-flag-1", "deal 2 map-flag-1"),     # a column dealt already: the deal is column 3's, its size says
    ("deal 3 map-flag-1", "deal 7 map-flag-1"),     # no such column
    ("deal 1 cannon ship ship-extra", "deal 2 cannon ship ship-extra"),  # column 2's deal follows, of 5 cards
])
def test_a_deal_with_a_wrong_column_number_is_one_slip(old, new):
    assert slipped(old, new) == [(16 if "map-flag-1" in old else 14, "BT-DEAL-SHAPE")]


@pytest.mark.parametrize("old, new, line", [
    ("deal 3 map-flag-1 cannon map map", "deal 3 map-flag-1 cannon map ship", 25),      # map taken there: believed
    ("deal 4 ship pirate ship-flag-4", "deal 4 ship pirate ship-flag-2", 19),
    ("deal 2 pirate ship-extra ship-flag-1 map-flag-2", "deal 2 pirate ship-extra ship-flag-3 map-flag-2", 28),
])
def test_a_card_written_wrong_in_a_deal_is_one_slip(old, new, line):
    """Reported where it shows, a take naming another card, and only there: the card taken is believed, so
    the round's points are the right ones, and the deck's count follows it, so the card written is not dealt
    too often later (ship-flag-3 comes in round 2)."""
    assert slipped(old, new) == [(line, "BT-TAKE-CARD")]


def test_written_round_points_stand_for_the_totals():
    assert slipped("scores Mia 12 Tom 18", "scores Mia 14 Tom 18") == [(67, "BT-ROUND-SCORE")]  # the final fits


def test_a_steal_left_out_is_found_by_the_points_written():
    text = EXAMPLE.read_text().replace("Mia steal Tom 1                                 # ... Mia takes", "# Mia takes")
    found = check_text(text, "slip.log").violations
    assert [(v.line, v.rule) for v in found] == [(38, "BT-ROUND-SCORE")]
    assert "1 green card of Tom's being Mia's" in found[0].message


def test_a_line_goes_straight_to_its_handler_only_while_the_game_cannot_be_over():
    """The state's `apply` skips State.apply's question whether the game is over while no winner is written
    (a shortcut for speed): right only while `is_over` needs the winner and the game has no `decided`."""
    log, _ = read_log("game: buried-treasure\nplayers: Ann Bob Cid\nstarts: Ann\n", "t.log")
    setup, rules, _ = read_setup(log)
    state = rules.start(setup, Whistle("t.log"))
    state.round, state.final_line, state.winner_line = 3, 9, 0
    assert not state.is_over()
    assert type(state).decided is State.decided
