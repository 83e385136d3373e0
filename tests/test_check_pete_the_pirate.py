"""Pete the Pirate's rules: moves walked on the board's data, Pete's walk, catches in turn, hidden gems, the
colours and the bots (the failing logs, the examples and the rule codes are checked with every game's in
test_check_contract.py)."""
from __future__ import annotations


import pytest

from pnp.check.loader import installed_rules, rules_of
from pnp.check.reader import read_log
from pnp.check.replay import check_text, parse_event
from pnp.check.setup import read_setup
from pnp.check.simulate import simulate
from pnp.check.violations import Whistle
from pnp.errors import DataError
from pnp.read.games import load_game


def log(body: str, players: str = "Mia Tom Ana", extra: str = "") -> str:
    return f"game: pete-the-pirate\nplayers: {players}\nstarts: Mia\n{extra}\n" + body.strip() + "\n"


def broken(body: str, **header) -> list:
    """(line of the body, counted from 1, rule, message) of every problem but a log stopping before the end."""
    found = check_text(log(body, **header), "t.log").violations
    return [(v.line - 4, v.rule, v.message) for v in found if not v.message.startswith("the log stops")]


def test_a_move_may_not_pass_pete_and_is_measured_along_the_paths():
    body = """
roll pirate
Mia pete L2
roll 4
Tom move R3
roll 1
Ana move P1
roll 4
Mia move R3
roll 4
Tom move R7
roll 1
Ana move R1
roll 1
Mia move R4
roll 3
Tom move L3
"""
    # Tom's sailor on R7 would cross the line to the centre, but Pete stands on L2, in the way
    assert broken(body) == [(16, "PP-MOVE-PETE", "every way from R7 to L3 within 3 passes Pete on L2")]
    far = broken(body.replace("Tom move L3", "Tom move L4"))
    assert far == [(16, "PP-MOVE-FAR", "L4 is 4 squares from R7, more than the 3 pips rolled")]
    assert broken(body.replace("Tom move L3", "Tom move R4")) == []       # the other way is free
    chest = broken(body.replace("Tom move L3", "Tom move chest-red"))
    assert chest == [(16, "PP-MOVE-FAR", "no path leads from R7 to chest-red (the bay ends a move)")]


def test_pete_walks_up_to_three_squares_stops_at_the_first_sailor_and_never_enters_the_bay():
    body = """
roll 4
Mia move R3
roll pirate
Tom pete R7
roll 1
Ana move P1
roll 2
Mia move R5
roll pirate
Tom pete R4
"""
    assert broken(body) == [(10, "PP-PETE", "Pete stops at the first square with a sailor, before R4")]
    assert broken(body.replace("Tom pete R4", "Tom pete R5\nTom turn Mia 1\nMia show A")) == []
    far = broken(body.replace("Tom pete R7", "Tom pete R6"))
    assert far == [(4, "PP-PETE", "R6 is more than 3 squares from Pete on L3")] + [
        (10, "PP-PETE", "Pete stops at the first square with a sailor, before R4")]
    assert broken(body.replace("Tom pete R4", "Tom pete bay"))[0][2] == "Pete never enters the bay"


def test_every_other_sailor_pete_stops_on_is_caught_once_in_the_order_the_log_writes():
    body = """
roll 4
Mia move R3
roll 4
Tom move R3
roll 4
Ana move R3
roll pirate
Mia pete R7
roll pirate
Tom pete R4
roll pirate
Ana pete R3
Ana turn Mia 1
Mia show A
Ana turn Tom 3
Tom show B
"""
    assert broken(body) == []
    assert broken(body.replace("Ana turn Mia 1\nMia show A\nAna turn Tom 3\nTom show B",
                               "Ana turn Tom 3\nTom show B\nAna turn Mia 1\nMia show A")) == []  # Tom first
    skipped = broken(body.replace("Ana turn Mia 1\nMia show A\n", ""))  # at the log's end, which stops early too
    assert [(line, rule) for line, rule, _ in skipped] == [(14, "PP-CATCH")]
    assert skipped[0][2].startswith("Pete stopping on R3: next, Ana turns Mia's chest (write `Ana turn Mia QUARTERS`)")
    stranger = broken(body.replace("Ana turn Tom 3", "Ana turn Ana 3").replace("Tom show B", "Ana show B"))
    assert stranger == [(15, "PP-CATCH", "Pete stopped on R3, where Tom's sailor stands: Tom's chest is turned, "
                                         "not Ana's")]


def test_hidden_gems_are_found_only_in_the_compartment_shown():
    body = """
roll 4
Mia move R3
roll 1
Tom move P1
roll 1
Ana move P1
roll 3
Mia move R6
Mia hide B
roll pirate
Tom pete R7
roll pirate
Ana pete R6
Ana turn Mia 2
Mia show A
roll 1
Mia move R5
roll pirate
Tom pete R5
Tom turn Mia 1
Mia show B
Tom return R6
"""
    assert broken(body) == []                                   # A was empty: nothing went back then
    twice = broken(body.replace("Tom return R6", "Tom return R6 R10"))
    assert twice == [(22, "PP-RETURN", "the 1 red gem found go back one on each of 1 hiding place, not on R6 R10")]
    missing = broken(body.replace("Tom return R6\n", ""))
    assert [rule for _, rule, _ in missing] == ["PP-RETURN"]


def test_colours_come_from_the_header_or_the_seat_order():
    body = "roll 2\nMia move R1\nroll 2\nTom move R1\nroll 2\nAna move R1\nroll 3\nMia move R4\n"
    hide = "roll 4\nTom move R5\nroll 4\nAna move R5\nroll 2\nMia move R6\nMia hide A\n"
    assert broken(body + hide) == []                            # R6 holds Mia's red gem
    assert broken(body + hide, extra="colours: blue green yellow") == []
    bad = check_text(log(body, extra="colours: blue blue red"), "t.log").violations
    assert bad[0].rule == "LOG-HEADER" and "3 different colours" in bad[0].message


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulated_games_end_with_a_winner_who_has_every_gem_safe(bot):
    gems = installed_rules("pete-the-pirate").gems  # of each colour: one for each hiding place
    for _, text in simulate("pete-the-pirate", 4, seed=2, bots=(bot,)):
        outcome = check_text(text, "sim.log")
        assert outcome.violations == [] and "winner" in outcome.summary
        final = next(line for line in text.splitlines() if line.startswith("final"))
        assert f" {gems}" in final


# --- a variant: the rule facts of rules.yaml, changed by --rule -------------------------------------------

def test_a_variant_walks_pete_and_turns_chests_as_far_as_its_facts_say():
    body = """
roll 4
Mia move R3
roll pirate
Tom pete R7
roll 1
Ana move P1
roll 2
Mia move R5
roll pirate
Tom pete R5
Tom turn Mia 3
Mia show A
"""
    assert broken(body) == []
    short = ("pete-steps=2", "quarter-turns=2")
    found = [(v.line - 4, v.rule, v.message) for v in check_text(log(body), "t.log", rule=short).violations
             if not v.message.startswith("the log stops")]
    assert found == [(4, "PP-PETE", "R7 is more than 2 squares from Pete on L3"),
                     (11, "PP-QUARTER", "a chest turns 1 to 2 quarter turns, not 3")]
    one = [v.message for v in check_text(log(body), "t.log", rule=("quarter-turns=1",)).violations]
    assert "a chest turns 1 quarter turn, not 3" in one
    rules = installed_rules("pete-the-pirate")
    for _, text in simulate("pete-the-pirate", 3, seed=3, bots=("random",), rule=("pete-steps=1",)):
        assert "rules: pete-steps=1" in text and check_text(text, "sim.log").violations == []  # its own variant
        assert rules.pete_steps == 3  # the plain game's rules stay as they were


def test_a_chest_turns_at_most_a_whole_turn():
    assert rules_of(load_game("pete-the-pirate", ["quarter-turns=4"])).quarter_turns == 4
    with pytest.raises(DataError) as refused:
        rules_of(load_game("pete-the-pirate", ["quarter-turns=5"]))
    assert "--rule: quarter-turns: a chest turns at most a whole turn, 4 quarter turns" in str(refused.value)


# --- one slip, one report ------------------------------------------------------------------------------

def state_after(body: str):
    """The state of a three-player game after `body`, its problems set aside."""
    parsed, _ = read_log(log(body), "t.log")
    setup, rules, _ = read_setup(parsed)
    state = rules.start(setup, Whistle("t.log"))
    names = {name.lower(): name for name in setup.players}
    for line, words in parsed.events():
        state.w.line = line
        state.apply(parse_event(words, names, rules.verbs))
    return state


@pytest.mark.parametrize("hide", ["", "Tom hide B\n"])
def test_a_gem_is_hidden_all_the_same_when_its_line_is_left_out_or_written_under_another_name(hide):
    """CHOICE, RULES.md 3.2: the gem is always taken; left out, it is in A, the first compartment; under Tom's
    name, it is Mia's gem in B all the same. So the gems counted later fit."""
    state = state_after(f"roll 4\nMia move R3\nroll 1\nTom move P1\nroll 1\nAna move P1\nroll 3\nMia move R6\n{hide}"
                        "roll 1\nTom move R1")
    assert state.chest["Mia"] == ([1, 0] if not hide else [0, 1]) and state.chest["Tom"] == [0, 0]
    assert "red" not in state.places["R6"]
