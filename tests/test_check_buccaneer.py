"""Buccaneer's rules: straight moves on the board's data, the coast and its chance cards read from the card
list, challenges, ports, attacks, and the bots (the failing logs, the examples and the rule codes are checked
with every game's in test_check_contract.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.check.ending import FinalScores
from pnp.check.engine import State
from pnp.check.loader import rules_for
from pnp.check.replay import check_text
from pnp.check.simulate import game_rng, play, simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "pnp" / "games" / "buccaneer" / "examples"
SETUP = """game: buccaneer
players: Mia Tom
ports: london bristol
cut Mia 20 Tom 12
port cadiz red-2 black-2 gold-bar
port bombay red-1 black-1 gold-bar rum
port marseilles red-3 black-3 rum
port genoa red-1 red-2 diamond
port amsterdam black-1 black-2 ruby
port venice red-3 black-2 pearl
deal Mia red-3 red-3 red-2 black-1 black-1 black-2
deal Tom black-3 black-3 black-3 red-1 red-2 red-1
"""
START = "Mia sail 9-9 ne\nTom sail 17-9 n\n"


def broken(body: str, setup: str = SETUP) -> list:
    """(line of the body, counted from 1, rule) of every problem of a game stopped after `body`."""
    players = next(line.split()[1:] for line in setup.splitlines() if line.startswith("players:"))
    text = setup + body.strip() + "\nstop\nfinal " + " ".join(f"{p} 0" for p in players) + "\n"
    skip = setup.count("\n")
    return [(v.line - skip, v.rule) for v in check_text(text, "t.log").violations]


def test_the_checker_reads_what_each_chance_card_does_from_the_card_list():
    rules = rules_for("buccaneer")
    assert sorted(rules.by_number) == list(range(1, 29))
    assert rules.card["chance-14"]["treasure"] == 7 and rules.card["chance-14"]["crew"] == 3
    assert {rules.card[c]["effect"] for c in rules.card} >= {"blown", "loot", "fever", "chart", "swap"}
    assert rules.worth["chance-24"] == 4 and rules.worth["chance-21"] == 5


def test_a_port_is_made_up_to_eight_with_the_fewest_and_most_valuable_pieces():
    assert broken(START) == []
    # red-1 and black-1 are worth 2: the missing 6 is a gold bar and a rum barrel, not a diamond alone
    wrong = SETUP.replace("port bombay red-1 black-1 gold-bar rum", "port bombay red-1 black-1 diamond")
    assert broken(START, wrong) == [(-6, "BU-PORT-SETUP")]


def test_a_move_runs_straight_along_the_bow_and_no_further_than_the_crew_sails():
    assert broken("Mia sail 9-12 n\nTom sail 17-9 n\n") == []
    assert broken("Mia sail 9-13 n\nTom sail 17-9 n\n") == [(1, "BU-SAIL-FAR")]           # 13 squares, crew 12
    assert broken("Mia sail 11-3 n\nTom sail 17-9 n\n") == [(1, "BU-SAIL-LINE")]          # no arrow of London
    assert broken(START + "Mia sail 9-12 n\n") == [(3, "BU-SAIL-LINE")]                   # the bow points ne


def test_a_challenge_proves_an_over_move_and_costs_the_crew():
    over = "Mia sail 9-13 n\nTom challenge Mia\n"
    lost = over + "Mia lose red-3 red-3 red-2 black-1 black-1 black-2\nTom sail 17-9 n\n"
    assert broken(lost) == []
    assert broken(over + "Tom sail 17-9 n\n") == [(3, "BU-CHALLENGE")]     # the crew is never given up
    honest = "Mia sail 9-12 n\nTom challenge Mia\nTom sail 17-9 n\n"
    assert broken(honest) == []                                           # the move stands: nothing happens
    coast = START + "Mia sail 10-10 n\nTom challenge Mia\ndraw 5\nMia blown london\n"
    assert broken(coast) == []                                  # the challenge comes before the chance card


def test_the_gale_blows_a_ship_straight_out_from_a_side_and_diagonally_from_a_corner():
    corner = START + "Mia sail 10-10 n\ndraw 1\n"
    assert broken(corner + "Mia blown 5-5 n\n") == []
    assert broken(corner + "Mia blown 5-10 n\n") == [(5, "BU-CHANCE-BLOWN")]
    side = corner.replace("draw 1", "draw 11\nMia take ruby\nTom turn w\nMia sail 10-12 n\ndraw 1")
    assert broken(side + "Mia blown 5-12 e\n") == []


def test_a_port_trades_value_for_value_and_a_ship_there_must_sail_out():
    body = START.replace("17-9 n", "17-9 e").replace("9-9 ne", "9-9 n") + \
        "Mia sail 9-12 n\nTom sail cadiz\nTom trade red-2 red-1 red-1 for gold-bar\nMia turn e\n"
    assert broken(body) == []
    assert broken(body + "Tom stay\n") == [(7, "BU-MUST-MOVE")]


def test_a_trade_for_more_of_a_kind_than_the_docks_hold_is_reported():
    body = START.replace("17-9 n", "17-9 e").replace("9-9 ne", "9-9 n") + \
        "Mia sail 9-12 n\nTom sail cadiz\nTom trade black-3 black-3 red-2 for gold-bar gold-bar\nMia turn e\n"
    assert broken(body) == [(5, "BU-TRADE")]                      # Cadiz's docks hold one gold bar


def test_a_ship_lying_at_sea_may_stop_a_passing_ship_and_attack_it():
    body = "Mia sail 9-9 e\nTom sail 17-9 w\nMia sail 17-9 e\nTom attack Mia\nfight Mia 4 Tom 5\n" \
           "Tom seize crew black-1 black-1\nMia sail 17-12 n\nTom turn n\n"
    assert broken(body) == []
    assert broken(body.replace("Mia sail 17-12 n\n", "")) == [(7, "BU-FREE-MOVE")]
    assert broken(body.replace("Tom seize crew black-1 black-1", "Mia seize treasure")) == [(6, "BU-SPOILS")]


def test_nothing_but_the_end_follows_a_win():
    text = (EXAMPLES / "two-players.log").read_text().replace("final Anne", "Anne sail 17-10 nw\nfinal Anne")
    assert [v.rule for v in check_text(text, "t.log").violations] == ["BU-GAME-END"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulated_games_of_every_size_pass_and_the_greedy_bots_bring_treasure_home(players):
    logs = [text for _, text in simulate("buccaneer", 5, seed=players, players=players, bots=("greedy",))]
    for text in logs:
        assert check_text(text, "sim.log").violations == []
    assert sum("\nwinner " in text for text in logs) >= 4


def test_an_attack_on_the_coast_is_settled_before_the_mover_draws_its_card():
    body = "Mia sail 16-7 nw\nTom sail 17-6 nw\nMia sail 13-10 nw\ndraw 21\nTom sail 13-10 nw\nTom attack Mia\n" \
           "fight Tom 5 Mia 4\nTom seize crew black-1 black-1\nMia sail 13-7 s\ndraw 23\nMia turn w\n"
    assert broken(body) == []
    late = body.replace("Tom attack Mia\n", "draw 23\nTom attack Mia\n")
    late = late.replace("Mia sail 13-7 s\ndraw 23", "Mia sail 13-7 s")
    assert broken(late)[0] == (7, "BU-ATTACK")                   # the card first: the attack comes too late


def test_a_chance_card_does_what_its_data_says(tmp_path):
    folder = tmp_path / "buccaneer"
    shutil.copytree(EXAMPLES.parent, folder)
    cards = folder / "chance-cards.yaml"
    card_12 = "effect: loot, treasure: 4, crew: 2"
    cards.write_text(cards.read_text().replace(card_12, card_12.replace("4", "5")))
    body = START + "Mia sail 10-10 n\ndraw 12\nMia take ruby\n"   # card 12: up to 4 as printed, up to 5 here
    text = SETUP + body + "stop\nfinal Mia 0 Tom 0\n"
    assert [v.rule for v in check_text(text, "t.log").violations] == ["BU-CHANCE-TREASURE"]
    assert check_text(text, "t.log", rules=rules_for(str(folder))).violations == []


def test_yellow_fever_takes_the_surplus_from_hand_and_home_docks_the_drawer_first():
    body = START + "Mia sail 10-10 n\ndraw 15\nMia hire red-1 black-1\nTom turn w\nMia sail 10-11 n\ndraw 22\n"
    assert broken(body + "Mia lose red-3\n") == []                                     # 8 crew cards: 1 goes
    assert broken(body + "Mia lose red-3 red-3\n") == [(9, "BU-CHANCE-CUT")]


def test_a_full_hold_leaves_a_card_only_its_crew():
    body = START + "Mia sail 10-10 n\ndraw 14\nMia take diamond rum\nTom turn w\nMia sail 10-11 n\ndraw 11\n"
    assert broken(body + "Mia hire red-1 black-1\n") == []
    assert broken(body + "Mia take rum\n")[0] == (9, "BU-CHANCE-TREASURE")


def test_every_chance_card_is_tried_by_a_failing_log():
    """Each of the cards in the list is drawn in at least one log of tests/logs/buccaneer that breaks a rule."""
    logs = Path(__file__).parent / "logs" / "buccaneer"
    drawn = {int(line.split()[1]) for path in logs.glob("*.log")
             for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("draw ")}
    assert set(rules_for("buccaneer").by_number) <= drawn


def test_card_6_names_the_harbour_it_expected_and_the_reading_it_applied():
    body = START + "Mia sail 10-10 n\ndraw 6\nMia blown amsterdam\n"     # bow north: Venice, 10 squares off
    found = check_text(SETUP + body + "stop\nfinal Mia 0 Tom 0\n", "t.log").violations
    assert [(v.line - SETUP.count("\n"), v.rule) for v in found] == [(5, "BU-CHANCE-BLOWN")]
    assert "venice" in found[0].message and "RULES.md 8.2" in found[0].message
    assert broken(body.replace("amsterdam", "venice")) == []


# One mistake, one report: the state stops trusting what a mistake blurred, and goes on as the log is written.
ATTACK = "Mia sail 9-9 ne\nTom sail 17-8 nw\nMia sail 10-10 e\ndraw 14\nMia take diamond rum\nTom sail 15-10 se\n" \
         "draw 11\nTom take ruby\nMia sail 15-10 e\nMia attack Tom\nfight Mia 4 Tom 5\nTom seize treasure\n" \
         "Tom return rum\nMia sail 15-5 s\nTom sail 17-8 se\nMia sail 15-1 s\nTom sail 18-7 se\n"


def test_a_return_left_out_is_reported_once_at_the_free_move_after_it():
    assert broken(ATTACK) == []
    assert broken(ATTACK.replace("Tom return rum\n", "")) == [(13, "BU-RETURN")]


def test_a_ship_blown_to_the_wrong_square_goes_on_from_where_the_log_put_it():
    body = START + "Mia sail 10-10 n\ndraw 3\nMia blown 24-24 s\nTom sail 17-12 n\nMia sail 24-20 s\n"
    assert broken(body) == [(5, "BU-CHANCE-BLOWN")]          # 24-20 lies on from 24-24, not from Mud Bay


def test_a_line_written_for_the_wrong_player_is_reported_once():
    body = "Mia sail 9-9 n\nTom sail 17-9 n\nMia sail 9-12 n\nTom sail 17-12 n\nMia turn e\nTom sail 17-15 n\n"
    assert broken(body) == []
    assert broken(body.replace("Tom sail 17-12 n", "Mia sail 17-12 n")) == [(4, "BU-TURN")]
    assert broken(body.replace("Mia turn e", "Tom turn e")) == [(5, "BU-TURN")]


def test_a_chance_card_misnamed_is_reported_once_not_again_when_it_comes_up():
    body = START + "Mia sail 10-10 n\ndraw 10\nMia lose red-3\nTom turn w\nMia sail 10-11 n\ndraw 7\n" \
                   "Mia give Tom red-2 black-1\n"
    assert broken(body) == []
    wrong = body.replace("draw 10\n", "draw 7\n", 1)     # card 7 at the first stop: its follow-up does not fit
    assert broken(wrong) == [(5, "BU-CHANCE-CUT")]


def test_a_line_of_a_turn_that_ended_written_after_the_next_move_is_reported_once():
    three = SETUP.replace("players: Mia Tom", "players: Mia Tom Ann").replace("ports: london bristol",
                                                                           "ports: london bristol genoa")
    three = three.replace("port genoa red-1 red-2 diamond\n", "")
    three = three.replace("cut Mia 20 Tom 12", "cut Mia 20 Tom 12 Ann 5")
    three += "deal Ann red-1 red-1 black-1 black-1 red-2 black-2\n"
    body = "Mia sail 9-9 e\nTom sail 17-9 n\nAnn unload red-1\nMia sail 12-9 e\nTom sail 17-12 n\n"
    assert broken(body, three) == []                       # Ann's ship idles at home, leaving crew on her docks
    late = body.replace("Ann unload red-1\nMia sail 12-9 e", "Mia sail 12-9 e\nAnn unload red-1")
    assert broken(late, three) == [(4, "BU-TURN")]           # Ann's line comes after Mia's next move


def test_a_sail_home_left_out_is_reported_once_and_the_unloading_after_it_kept():
    log = Path(__file__).parent / "logs" / "buccaneer" / "legal" / "home-docks-and-safety-zone.log"
    lines = log.read_text().split("\n")
    home = max(i for i, line in enumerate(lines) if line.startswith("Mia sail london"))
    found = check_text("\n".join(lines[:home] + lines[home + 1:]), "t.log").violations
    assert [(v.line, v.rule) for v in found] == [(home + 1, "BU-HOME-DOCKS")]     # the unload, now at its place


def test_a_move_is_too_long_exactly_when_it_passes_the_sailing_value():
    # A move within what its crew cards are worth at the least keeps no sailing value (the squares stand for it):
    # whether it was too long must come out as the crew's whole value says, for every move made.
    moves, previous = [], [None]

    def watch(state, action):
        last = state.last_move
        if previous[0] is not None and previous[0].verb == "sail" and last:  # the move just made
            moves.append((last[1] > last[2], last[1] > state.sailing(last[0])))
        previous[0] = action
    texts = [text for _, text in simulate("buccaneer", 4, seed=3, bots=("random",))]
    texts += [SETUP + body for body in ("Mia sail 9-13 n\nTom sail 17-9 n\n", "Mia sail 9-12 n\nTom sail 17-9 n\n",
                                        "Mia sail 9-10 n\nTom sail 17-16 n\n")]
    for text in texts:
        check_text(text, "t.log", watch=watch)
    assert len(moves) > 100 and all(shortcut == whole for shortcut, whole in moves)
    assert (True, True) in moves and (False, False) in moves


def test_apply_calls_the_engines_handle_and_reads_the_end_lines_from_the_state_itself():
    # Sailing.apply calls the engine's `handle` for a line while play goes on, `dispatch` otherwise: neither may be
    # overridden by a part of the state. The final and winner lines start on the state as FinalScores' defaults.
    state = rules_for("buccaneer").state
    assert state.handle is State.handle and state.dispatch is State.apply
    watched = []
    check_text(SETUP + START, "t.log", watch=lambda s, action: watched.append((s.final_line, s.winner_line)))
    assert watched and set(watched) == {(FinalScores.final_line, FinalScores.winner_line)}


# After a mistake, what it leaves unsure is the log's word: a later line is reported only when it is wrong
# whatever the mistake was. A second mistake of its own is still reported.
WAIT = "Mia turn ne\nTom turn n\nMia turn n\nTom turn e\n" * 9  # turns on the spot, past the lines a reread reads
TRADE = "Mia sail 9-9 n\nTom sail 17-9 e\n" + WAIT + \
        "Mia sail 9-12 n\nTom sail cadiz\nTom trade red-2 for black-2\nMia turn e\n"
TRADED = TRADE.count("\n") - 1  # the trade's line


def setup_line(setup: str, text: str) -> int:
    """The line of `text` in a game set up by `setup`, counted as `broken` counts them (the body's first is 1)."""
    lines = setup.splitlines()
    return lines.index(text) + 1 - len(lines)


def test_the_docks_of_a_port_set_up_wrongly_are_the_logs_word():
    assert broken(TRADE) == []                                     # black-2 lies on Cadiz's docks
    wrong = SETUP.replace("port cadiz red-2 black-2 gold-bar", "port cadiz red-2 red-3 gold-bar")
    port = setup_line(wrong, "port cadiz red-2 red-3 gold-bar")
    assert broken(TRADE, wrong) == [(port, "BU-PORT-SETUP")]      # the black-2 traded for was there all along
    unfair = TRADE.replace("Tom trade red-2 for black-2", "Tom trade red-1 for black-2")
    assert broken(unfair, wrong) == [(port, "BU-PORT-SETUP"), (TRADED, "BU-TRADE")]   # 1 for 2: still not fair


def test_the_docks_of_a_port_left_out_of_the_set_up_are_the_logs_word():
    left_out = SETUP.replace("port cadiz red-2 black-2 gold-bar\n", "")
    both = TRADE.replace("Tom trade red-2 for black-2", "Tom trade black-3 red-2 red-1 for red-2 gold-bar")
    assert broken(both) == []
    assert broken(both, left_out) == [(1, "BU-SETUP")]             # reported once, at the dealer's first move
    unfair = TRADE.replace("Tom trade red-2 for black-2", "Tom trade red-2 red-1 for gold-bar")
    assert broken(unfair, left_out) == [(1, "BU-SETUP"), (TRADED, "BU-TRADE")]


def test_after_a_mistake_in_the_set_up_a_surplus_returned_is_the_logs_word():
    # A set-up mistake leaves every hand unsure, and so what a hold may take: Tom's return of the rum is played.
    wrong = SETUP.replace("port cadiz red-2 black-2 gold-bar", "port cadiz red-2 pearl gold-bar")
    port = setup_line(wrong, "port cadiz red-2 pearl gold-bar")
    assert broken(ATTACK, wrong) == [(port, "BU-PORT-SETUP")]
    off_course = ATTACK.replace("Mia sail 15-1 s", "Mia sail 16-1 s")
    assert broken(off_course, wrong) == [(port, "BU-PORT-SETUP"), (16, "BU-SAIL-LINE")]


def test_the_final_scores_of_a_player_whose_cargo_a_mistake_blurred_are_the_logs_word():
    lines = (EXAMPLES / "two-players.log").read_text().split("\n")
    unload = lines.index(next(line for line in lines if line.startswith("Anne unload ruby gold-bar")))
    dropped = lines[:unload] + lines[unload + 1:]     # left out: the checker counts ruby and gold-bar still aboard
    maroon = dropped.index(next(line for line in dropped if line.startswith("Anne maroon black-3"))) + 1
    final = dropped.index(next(line for line in dropped if line.startswith("final "))) + 1

    def found(text_lines):
        return [(v.line, v.rule) for v in check_text("\n".join(text_lines), "t.log").violations]
    # card 9 then takes the best treasure Anne seems to carry: reported; her 26 points at home, and her win, stand
    assert found(dropped) == [(maroon, "BU-CHANCE-MAROON")]
    more = [line.replace("Anne 26", "Anne 27") for line in dropped]   # more than the ship could have unloaded
    assert found(more) == [(maroon, "BU-CHANCE-MAROON"), (final, "BU-GAME-END")]


def test_a_press_nothing_asks_for_is_played_as_written():
    # Card 2 written as card 7: the press is reported. Played as written, it leaves Anne without crew, and her ship
    # drifts as a derelict does; not played, her ship would be blamed for every drift after it.
    lines = play(rules_for("buccaneer"), game_rng(14, 12), None, ("random",), {}, "t").log().split("\n")
    press = lines.index("Bart press Anne black-2 black-3 red-2")
    assert lines[press - 1] == "draw 2"
    lines[press - 1] = "draw 7"
    found = [(v.line, v.rule) for v in check_text("\n".join(lines), "t.log").violations]
    assert found == [(press + 1, "BU-CHANCE-PRESS")]
    stay = next(i for i in range(press + 1, len(lines)) if lines[i].startswith("Bart sail"))
    lines[stay] = "Bart stay"                                       # away from home: Bart's ship must move
    found = [(v.line, v.rule) for v in check_text("\n".join(lines), "t.log").violations]
    assert found[:2] == [(press + 1, "BU-CHANCE-PRESS"), (stay + 1, "BU-MUST-MOVE")]


def test_a_kept_card_misnumbered_leaves_the_chance_pile_a_card_short():
    # A kept card (21, 23 to 26) written as a card whose follow-up the next line lacks: reported there. The card
    # drawn is out of the pile all the same, so the cards put under it come up an unseen card sooner than the
    # count says: they fit. A card that cannot be on top whatever was drawn is still reported.
    text = next(text for _, text in simulate("buccaneer", 1, seed=5, players=4, bots=("greedy", "random")))
    lines = text.split("\n")
    draws = [i for i, line in enumerate(lines) if line.startswith("draw ")]
    drawn = [lines[i].split()[1] for i in draws]
    kept = next(n for n, card in enumerate(drawn) if card in ("21", "23", "24", "25", "26"))
    loot = next(card for card in drawn[kept:] if card in ("11", "12", "13", "14", "15", "27", "28"))
    piles = {}
    check_text(text, "t.log", watch=lambda state, action: piles.setdefault(state.w.line, (
        state.chance.unknown, list(state.chance.known))) if action.verb == "draw" else None)
    again = next(i for i in draws[kept:] if piles[i + 1][0] == 0)   # the first card put under comes up
    at = draws[kept]
    lines[at] = f"draw {loot}"
    found = [(v.line, v.rule) for v in check_text("\n".join(lines), "t.log").violations]
    assert found == [(at + 2, "BU-CHANCE-TREASURE")]
    second = piles[again + 1][1][1].split("-")[1]                   # the second card under the pile, not the first
    lines[again] = f"draw {second}"
    found = [(v.line, v.rule) for v in check_text("\n".join(lines), "t.log").violations]
    assert found[:2] == [(at + 2, "BU-CHANCE-TREASURE"), (again + 1, "BU-DRAW")]
