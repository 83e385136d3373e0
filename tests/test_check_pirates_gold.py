"""Pirates' Gold's rules: the dummy seat, the limits on a turn, the three recipients, the pool, the end of a
round and its tokens, the end of the game, the bots and the data (the failing logs, the examples and the
rule codes are checked with every game's in test_check_contract.py)."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import check_with
from pnp.check.engine import TABLE, State
from pnp.check.loader import rules_for
from pnp.check.reader import read_log
from pnp.check.replay import check_text, parse_event
from pnp.check.resync import Replay
from pnp.check.setup import read_setup
from pnp.check.simulate import simulate
from pnp.check.violations import Whistle
from pnp.commands import build, check, simulate as simulate_command
from pnp.errors import DataError
from pnp.read.games import load_game

SIX = "Anne Bart Cora Dirk Edda Finn"
EXAMPLES = Path(__file__).resolve().parent.parent / "pnp" / "games" / "pirates-gold" / "examples"


def log(body: str, players: str = "Mia Tom Ana", starts: str = "Mia", rules: str = "") -> str:
    """A log of the body's lines; `rules`: the variant it is played by (`pirate=2 taken=2`)."""
    variant = f"rules: {rules}\n" if rules else ""
    return f"game: pirates-gold\n{variant}players: {players}\nstarts: {starts}\n" + body.strip() + "\n"


def broken(body: str, **header) -> list:
    """(line of the body, counted from 1, rule) of every problem but a log stopping before the game's end."""
    found = check_text(log(body, **header), "t.log").violations
    return [(v.line - 3, v.rule) for v in found if not v.message.startswith("the log stops")]


def state_after(body: str, **header):
    """The game's state once the body's lines are played."""
    parsed, _ = read_log(log(body, **header), "t.log")
    setup, rules, problems = read_setup(parsed)
    assert not problems
    replay = Replay(rules, setup, Whistle("t.log"))
    players = {name.lower(): name for name in setup.players}
    for line, words in parsed.events():
        replay.feed(line, parse_event(words, players, rules.verbs))
    replay.finish(0)
    return replay.state


# --- the kit and the checker read the same cards -----------------------------------------------------

def test_the_kit_holds_53_cards_with_one_back_and_the_checker_counts_them():
    game = load_game("pirates-gold")
    cards = game.components["game-cards"]
    kinds = Counter()
    for card in cards.cards:
        kinds[(card.fields["kind"], card.fields["gold"])] += card.count
    assert kinds == {("gold", 1): 33, ("gold", 2): 10, ("gold", 3): 5, ("pirate", 0): 4, ("box", 0): 1}
    assert len({card.back for card in cards.cards}) == 1
    assert game.components["treasure-tokens"].card_total == 35
    assert broken("round 1\n" + "Mia give Mia 3\n" * 5 + "Mia give Tom 3") == [(7, "PG-CARD")]


def test_a_card_count_changed_in_the_data_changes_the_checker(game_copy, tmp_path):
    folder = game_copy("pirates-gold")
    cards = folder / "game-cards.csv"
    cards.write_text(cards.read_text().replace("gold-3,5,", "gold-3,6,"))
    path = tmp_path / "six-threes.log"
    path.write_text(log("round 1\n" + "Mia give Mia 3\n" * 5 + "Mia give Tom 3\nMia give Ana 1"))
    assert [v.rule for v in check_with(folder, path)] == ["PG-GAME-END"]  # the log stops early, nothing else
    assert [v.rule for v in check_text(path.read_text(), "t.log").violations] == ["PG-CARD", "PG-GAME-END"]


def test_the_checker_counts_the_printed_tokens(game_copy):
    folder = game_copy("pirates-gold")
    data = folder / "game.yaml"
    data.write_text(data.read_text().replace("{id: treasure, count: 35}", "{id: treasure, count: 34}"))
    with pytest.raises(DataError, match="7 players: 7 seats of 5 tokens need more than the 34 treasure tokens"):
        rules_for(str(folder))


TABLES = "tokens:                   # the treasure tokens each seat starts with, by number of players\n"


@pytest.mark.parametrize("old, new, found", [
    (TABLES + "  2-5: 7", TABLES + "  2-4: 7", "tokens: no value for 5 players (game.yaml allows 2–7)"),
    (TABLES + "  2-5: 7\n  6-7: 5", TABLES + "  2-5: 7\n  5-7: 5", "tokens.5-7: 5 players have a value already"),
    (TABLES + "  2-5: 7\n  6-7: 5", TABLES + "  2-5: 7\n  6-8: 5", "tokens.6-8: beyond the players game.yaml allows (2–7)"),
    (TABLES + "  2-5: 7", TABLES + "  two-5: 7", "expected a number of players, or a range of them such as 2-5"),
    ("  6-7: 5\nturn-cards", "  6-7: 6\nturn-cards", "7 players: 7 seats of 6 tokens need more than the 35"),
    ("turn-cards:               # the most cards a turn deals, by number of players\n  2-5: 7",
     "turn-cards:               # the most cards a turn deals, by number of players\n  2-5: 2",
     "3 players: 3 seats and 2 cards a turn cannot reach 3 recipients"),
    ("recipients: 3", "recipients: 4", "2 players: 3 seats and 7 cards a turn cannot reach 4 recipients"),
    ("specials: 4", "specials: 6", "the deck holds 5 special cards, not 6"),
])
def test_the_rule_facts_are_checked_against_the_kit(game_copy, old, new, found, tmp_path):
    folder = game_copy("pirates-gold")
    rules = folder / "rules.yaml"
    assert old in rules.read_text()
    rules.write_text(rules.read_text().replace(old, new))
    path = tmp_path / "any.log"
    path.write_text(log("round 1"))
    result = CliRunner().invoke(check.command, ["--game", str(folder), str(path)])
    assert result.exit_code == 2 and found in result.output and "rules.yaml:" in result.output


@pytest.mark.parametrize("rule, found", [
    ("tokens.6-7=6", "--rule: tokens.6-7: 7 players: 7 seats of 6 tokens need more than the 35 treasure tokens"),
    ("recipients=4", "--rule: recipients: 2 players: 3 seats and 7 cards a turn cannot reach 4 recipients"),
    ("specials=6", "--rule: specials: the deck holds 5 special cards, not 6"),
    ("pirate=-1", "--rule: pirate: expected a whole number from 0"),
])
def test_a_variant_the_rules_cannot_play_is_refused_at_its_option(rule, found, tmp_path):
    result = CliRunner().invoke(build.command, ["pirates-gold", "--rule", rule, "--out", str(tmp_path)])
    assert result.exit_code == 2 and found in result.output, result.output


def test_a_variant_is_played_by_the_checker_and_the_bots():
    rules = rules_for("pirates-gold", ("pirate=2", "taken=2", "payers=3", "tokens.2-5=6", "turn-cards.6-7=6"))
    assert (rules.pirate, rules.taken, rules.payers) == (2, 2, 3)
    assert rules.tables[5].tokens == 6 and rules.tables[6].gives == 6 and rules.tables[2].dummies == 1


def test_the_kits_short_names_of_a_card_are_its_aliases():
    rules = rules_for("pirates-gold")
    assert rules.card_names["box"] == rules.card_names["chest"] == rules.card_names["treasure-box"] == "box"
    assert broken("round 1\nMia give Tom CHEST\nTom give Tom 1") == []


# --- turns ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, limit", [(3, 7), (4, 7), (5, 7), (6, 5), (7, 5)])
def test_a_turn_has_seven_cards_at_most_five_with_six_or_seven_players(players, limit):
    names = SIX.split()[:players] if players <= 6 else SIX.split() + ["Gwen"]
    cards = [f"Anne give {to} 1" for to in ["Anne", "Bart", "Cora"] + ["Anne"] * (limit - 3)]
    body = "round 1\n" + "\n".join(cards) + "\nBart give Bart 1\n"
    assert broken(body, players=" ".join(names), starts="Anne") == []
    assert broken(body.replace("Bart give Bart 1", "Anne give Anne 1"), players=" ".join(names),
                  starts="Anne") == [(limit + 2, "PG-GIVES")]


def test_a_turn_reaches_three_different_players_the_giver_among_them_before_it_stops():
    assert broken("round 1\nMia give Mia 1\nMia give Tom 1\nMia give Ana 1\nMia stop\nTom give Tom 1") == []
    assert broken("round 1\nMia give Mia 1\nMia give Tom 1\nMia stop") == [(4, "PG-RECIPIENTS")]
    assert broken("round 1\nMia give Tom 1\nMia give Ana 1\nMia give Tom 1\nMia stop") == [(5, "PG-RECIPIENTS")]
    assert broken("round 1\nMia stop") == [(2, "PG-RECIPIENTS")]


def test_a_turn_that_ends_with_its_last_card_short_of_three_players_breaks_the_rule_there_once():
    body = "round 1\n" + "Mia give Mia 1\n" * 5 + "Mia give Tom 1\nMia give Ana 1\nTom give Tom 1"
    assert broken(body) == []
    body = "round 1\n" + "Mia give Mia 1\n" * 6 + "Mia give Tom 1\nTom give Tom 1"
    assert broken(body) == [(8, "PG-RECIPIENTS")]


@pytest.mark.parametrize("players, cards", [("Mia Tom Ana", 6), ("Anne Bart Cora Dirk Edda Finn", 4)])
def test_a_special_card_cuts_short_a_turn_that_could_no_longer_reach_three_players(players, cards):
    giver = players.split()[0]
    body = "round 1\n" + f"{giver} give {giver} 1\n" * cards + f"{giver} give {giver} pirate\n"
    assert broken(body + f"{players.split()[1]} give {giver} 1", players=players, starts=giver) == []


def test_a_special_card_ends_the_turn_at_once_whatever_the_recipients():
    assert broken("round 1\nMia give Mia pirate\nTom give Tom 1") == []
    assert broken("round 1\nMia give Tom box\nMia give Mia 1") == [(3, "PG-SPECIAL")]
    assert broken("round 1\nMia give Tom pirate\nMia stop") == [(3, "PG-SPECIAL")]


def test_turns_go_clockwise_and_a_line_by_another_seat_is_named():
    assert broken("round 1\nMia give Mia pirate\nAna give Ana 1") == [(3, "PG-TURN")]
    assert broken("round 1\nMia give Mia 1\nTom give Ana 1\nMia give Tom 1") == [(3, "PG-TURN")]
    assert broken("round 1\nTom give Tom 1") == [(2, "PG-START")]


# --- the dummy -------------------------------------------------------------------------------------------

TWO = {"players": "Lena Omar", "starts": "dummy"}


def test_the_dummy_deals_one_card_each_clockwise_from_itself_up_to_seven():
    turn = "\n".join(f"dummy give {to} 1" for to in ["dummy", "Lena", "Omar"] * 2 + ["dummy"])
    assert broken(f"round 1\n{turn}\nLena give Lena 1", **TWO) == []
    assert broken(f"round 1\n{turn}\ndummy give Lena 1", **TWO) == [(9, "PG-GIVES")]
    assert broken("round 1\ndummy give Lena 1", **TWO) == [(2, "PG-DUMMY")]
    assert broken("round 1\ndummy give dummy 1\ndummy give Omar 1", **TWO) == [(3, "PG-DUMMY")]


def test_the_dummy_turn_ends_at_a_special_card_and_its_seat_follows_the_last_player():
    body = "round 1\ndummy give dummy 1\ndummy give Lena pirate\nLena give dummy 1"
    assert broken(body, **TWO) == []
    assert broken(body.replace("Lena give dummy 1", "dummy give Omar 1"), **TWO) == [(4, "PG-SPECIAL")]
    state = state_after("round 1\nLena give Lena pirate\nOmar give Omar pirate", players="Lena Omar", starts="Lena")
    assert state.to_move() is TABLE and state.next == "dummy"


def test_a_dummy_stop_is_read_and_judged_as_a_players_stop():
    three = "round 1\ndummy give dummy 1\ndummy give Lena 1\ndummy give Omar 1\n"
    assert broken(three + "dummy stop\nLena give Lena 1", **TWO) == []
    assert broken(three + "dummy give dummy 1\ndummy stop\nLena give Lena 1", **TWO) == []
    assert broken("round 1\ndummy give dummy 1\ndummy give Lena 1\ndummy stop\nLena give Lena 1",
                  **TWO) == [(4, "PG-RECIPIENTS")]
    assert broken("round 1\ndummy stop\ndummy give dummy 1", **TWO) == [(2, "PG-RECIPIENTS")]
    assert broken("round 1\ndummy give dummy 1\ndummy give Lena pirate\ndummy stop\nLena give Lena 1",
                  **TWO) == [(4, "PG-SPECIAL")]
    seven = "\n".join(f"dummy give {to} 1" for to in ["dummy", "Lena", "Omar"] * 2 + ["dummy"])
    assert broken(f"round 1\n{seven}\ndummy stop\nLena give Lena 1", **TWO) == [(9, "PG-GIVES")]
    assert broken("round 1\nLena give Lena 1\ndummy stop\nLena give Omar 1", players="Lena Omar",
                  starts="Lena") == [(3, "PG-TURN")]
    assert broken("round 1\nMia give Mia 1\ndummy stop\nMia give Tom 1") == [(3, "PG-DUMMY")]


def test_there_is_no_dummy_with_three_players():
    assert broken("round 1\nMia give dummy 1") == [(2, "PG-DUMMY")]
    assert broken("round 1\ndummy give Mia 1") == [(2, "PG-DUMMY")]


def test_a_two_player_turn_must_reach_the_dummy_too():
    body = "round 1\nLena give Lena 1\nLena give Omar 1\nLena stop"
    assert broken(body, players="Lena Omar", starts="Lena") == [(4, "PG-RECIPIENTS")]


# --- the pool, the round's end, its tokens ------------------------------------------------------------

def round_of_pirates(gold: str, last: str = "Mia give Mia pirate") -> str:
    """Mia gives `gold` (card lines), then stops; three pirates end Tom's, Ana's and Bo's turns; `last` is the
    4th special card."""
    return f"{gold}\nMia stop\nTom give Tom pirate\nAna give Ana pirate\nBo give Bo pirate\n{last}"


FOUR = {"players": "Mia Tom Ana Bo"}


def test_the_pool_stays_beside_the_deck_until_a_treasure_box_empties_it():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 2\nMia give Ana 1")
    state = state_after(body + "\nMia take Bo Ana\nround 2", **FOUR)
    assert state.pool == 4 and state.tokens == {"Mia": 8, "Tom": 6, "Ana": 5, "Bo": 5}
    state = state_after(body + "\nMia take Bo Ana\nround 2\nTom give Ana box", **FOUR)
    assert state.pool == 0 and state.tokens["Ana"] == 9


def test_the_round_ends_at_its_fourth_special_card_the_box_included():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 2\nMia give Ana 1", "Mia give Mia box")
    assert broken(body + "\nMia take Bo Ana\nround 2\nTom give Tom 1", **FOUR) == []
    assert broken(body + "\nMia take Bo Ana\nTom give Tom 1", **FOUR) == [(11, "PG-ROUND")]
    assert broken(body.replace("Mia give Mia box", "Mia take Bo Ana"), **FOUR) == [(9, "PG-ROUND")]


def test_the_most_gold_takes_a_token_from_each_of_the_two_lowest_choosing_among_ties():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 1\nMia give Ana 1")  # 3, 1, 1, 0
    assert broken(body + "\nMia take Bo Tom", **FOUR) == []
    assert broken(body + "\nMia take Ana Bo", **FOUR) == []
    assert broken(body + "\nMia take Tom Ana", **FOUR) == [(10, "PG-TRANSFER")]
    assert broken(body + "\nTom take Bo Ana", **FOUR) == [(10, "PG-TRANSFER")]
    assert broken(body + "\nround 2", **FOUR) == [(10, "PG-TRANSFER")]  # missing: left a choice
    assert broken(body + "\nMia take Bo Tom\nMia take Bo Tom", **FOUR) == [(11, "PG-TRANSFER")]


def test_a_tie_for_the_most_gold_moves_no_token():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 3\nMia give Ana 1")
    assert broken(body + "\nround 2", **FOUR) == []
    assert broken(body + "\nMia take Bo Ana", **FOUR) == [(10, "PG-TRANSFER")]


def test_a_transfer_written_after_a_tie_is_reported_once_and_its_tokens_moved_as_written():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 3\nMia give Ana 1") + "\nMia take Bo Ana"
    state = state_after(body + "\nround 2", **FOUR)
    assert state.tokens == {"Mia": 8, "Tom": 6, "Ana": 5, "Bo": 5}
    assert broken(body + "\nMia take Bo Ana", **FOUR) == [(10, "PG-TRANSFER"), (11, "PG-TRANSFER")]
    assert state_after(body + "\nMia take Bo Ana", **FOUR).tokens["Mia"] == 8  # moved once


def test_a_transfer_by_the_wrong_seat_from_the_wrong_seats_is_one_mistake():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 1\nMia give Ana 1")  # 3, 1, 1, 0
    assert broken(body + "\nTom take Mia Ana", **FOUR) == [(10, "PG-TRANSFER")]


def test_the_gold_written_is_checked_and_then_decides_the_tokens():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 2\nMia give Ana 1")
    assert broken(body + "\ngold Mia 3 Tom 2 Ana 1 Bo 0\nMia take Bo Ana", **FOUR) == []
    # a card left out of the log: the table counted Tom 4, so Tom took the tokens, reported once
    assert broken(body + "\ngold Mia 3 Tom 4 Ana 1 Bo 0\nTom take Bo Ana", **FOUR) == [(10, "PG-GOLD")]
    assert broken(body + "\ngold Mia 3 Ana 1 Bo 0\nMia take Bo Ana", **FOUR) == [(10, "PG-GOLD")]


def test_the_next_round_starts_after_the_seat_that_played_last():
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 2\nMia give Ana 1") + "\nMia take Bo Ana"
    assert broken(body + "\nround 2\nTom give Tom 1", **FOUR) == []
    assert broken(body + "\nround 2\nMia give Mia 1", **FOUR) == [(12, "PG-START")]


# --- the end of the game ------------------------------------------------------------------------------

BROKE = """round 1
Anne give Anne 3
Anne give Finn pirate
Bart give Finn pirate
Cora give Finn pirate
Dirk give Finn pirate
Anne take Finn Bart
round 2
Edda give Finn pirate"""


def test_the_game_ends_at_once_when_a_seat_cannot_pay_a_token():
    end = "\nfinal Anne 7 Bart 4 Cora 5 Dirk 5 Edda 5 Finn 0\nwinner Anne"
    assert broken(BROKE + end, players=SIX, starts="Anne") == []
    assert broken(BROKE + "\nFinn give Finn 1" + end, players=SIX, starts="Anne") == [(10, "PG-GAME-END")]
    outcome = check_text(log(BROKE + end, players=SIX, starts="Anne"), "t.log")
    assert outcome.summary.startswith("a legal game of 6 players, 2 rounds")


ROUND_TWO = """round 2
Edda give Edda 3
Edda give Anne 1
Edda give Bart 1
Edda stop
Finn give Anne pirate
Anne give Bart pirate
Bart give Cora pirate
Cora give Dirk pirate
Edda take Finn Cora"""


def test_a_seat_that_cannot_pay_at_a_rounds_end_ends_the_game_once_the_other_has_paid():
    body = BROKE.split("\nround 2")[0] + "\n" + ROUND_TWO
    end = "\nfinal Anne 6 Bart 3 Cora 3 Dirk 4 Edda 6 Finn 0\nwinner Anne Edda"  # Finn could not pay Edda
    assert broken(body + end, players=SIX, starts="Anne") == []
    assert broken(body + "\nround 3" + end, players=SIX, starts="Anne") == [(18, "PG-GAME-END")]


def test_the_game_ends_after_round_three_and_the_dummy_never_wins():
    text = (EXAMPLES / "two-players.log").read_text()
    state = state_after(text.split("\n", 4)[4], players="Lena Omar", starts="dummy")
    assert state.done() == "round 3 is over" and state.tokens["dummy"] == 9
    assert state.totals() == {"Lena": 9, "Omar": 3} and state.winners(state.totals())[0] == ("Lena",)


# --- simulated games and bots ---------------------------------------------------------------------------

ALL_BOTS = ("random", "greedy", "stop-3", "stop-5", "stop-7", "leader-3", "leader-5")


@pytest.mark.parametrize("players", range(2, 8))
def test_simulated_games_of_every_size_pass_the_checker(players):
    for _, text in simulate("pirates-gold", 6, players, players, ALL_BOTS):
        assert f"players: {' '.join(text.split('players: ')[1].split()[:players])}" in text
        outcome = check_text(text, "sim.log")
        assert outcome.violations == [], text
        assert f"a legal game of {players} players" in outcome.summary


def turns(text: str, player: str) -> list:
    """The number of cards of each of `player`'s turns, and how each ended (`stop`, or the last card)."""
    found, current = [], None
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[1] in ("give", "stop") and words[0] != "dummy":
            if words[0] == player:
                current = current or [0, ""]
                if words[1] == "stop":
                    current[1] = "stop"
                else:
                    current[0] += 1
                    current[1] = words[-1]
                continue
        if current:
            found.append(tuple(current))
            current = None
    return found


def test_a_stop_after_k_bot_stops_once_k_cards_are_out_and_the_rules_allow():
    for _, text in simulate("pirates-gold", 10, 3, 4, ("stop-3", "stop-5")):
        assert all(cards <= 3 for cards, _ in turns(text, "Anne"))
        assert all(cards <= 5 for cards, _ in turns(text, "Bart"))
        assert any(how == "stop" for _, how in turns(text, "Anne"))


def test_a_leader_bot_gives_its_two_cards_away_to_the_richest():
    for _, text in simulate("pirates-gold", 5, 4, 3, ("leader-7", "random", "random")):
        assert re.search(r"^Anne give (Bart|Cora) ", text, re.M)
        assert "Anne stop" not in text  # it never stops before the seventh card


def test_the_command_simulates_any_number_of_players_with_the_games_own_bots(tmp_path):
    runner = CliRunner()
    for players in ("2", "7"):
        result = runner.invoke(simulate_command.command, ["pirates-gold", "--games", "3", "--players", players,
                                                          "--bot", "stop-4", "--bot", "leader-5",
                                                          "--out", str(tmp_path / players)])
        assert result.exit_code == 0 and "all valid" in result.output, result.output
    result = runner.invoke(simulate_command.command, ["pirates-gold", "--bot", "sly", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "no bot 'sly' plays Pirates' Gold (its bots: random, greedy, stop-3" in result.output
    result = runner.invoke(simulate_command.command, ["pirates-gold", "--players", "8", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "2–7 players, not 8" in result.output


# --- readings of the rulebook: what a report rests on ----------------------------------------------------

def reports(body: str, **header) -> list:
    return [v for v in check_text(log(body, **header), "t.log").violations if not v.message.startswith("the log stops")]


def test_a_report_that_rests_on_a_reading_names_it():
    two = {"players": "Lena Omar", "starts": "Lena"}
    seat, = reports("round 1\nLena give Lena pirate\ndummy give dummy 1\nOmar give Omar 1", **two)[:1]
    assert (seat.line, seat.rule) == (6, "PG-TURN") and "rule 1.3" in seat.message
    stop, = reports("round 1\ndummy give dummy 1\ndummy stop\ndummy give Lena 1", **TWO)
    assert (stop.line, stop.rule) == (6, "PG-RECIPIENTS") and "rule 10.2" in stop.message
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 2\nMia give Ana 1",
                                          "Mia give Mia 2\nMia give Mia pirate")
    gold, = reports(body + "\ngold Mia 5 Tom 2 Ana 1 Bo 0\nMia take Bo Ana", **FOUR)
    assert (gold.line, gold.rule) == (14, "PG-GOLD") and "rule 7.1" in gold.message
    legal = Path(__file__).parent / "logs" / "pirates-gold" / "legal"
    text = (legal / "pool-and-specials.log").read_text()  # the box, round 2's 4th special, brings Mia 6 tokens
    for claim, named in (("6", True), ("11", False)):
        final, = check_text(text.replace("final Mia 12", f"final Mia {claim}"), "t.log").violations
        assert final.rule == "PG-FINAL-SCORE" and ("rule 7.1" in final.message) == named


def test_the_dummys_tokens_may_be_written_at_the_end_and_are_checked():
    text = (EXAMPLES / "two-players.log").read_text()
    assert check_text(text.replace("final Lena 9 Omar 3", "final Lena 9 Omar 3 dummy 9"), "t.log").violations == []
    found = check_text(text.replace("final Lena 9 Omar 3", "final Lena 9 Omar 3 dummy 8"), "t.log").violations
    assert [(v.line, v.rule) for v in found] == [(121, "PG-FINAL-SCORE")]


def test_the_dummy_is_never_a_winner():
    text = (EXAMPLES / "two-players.log").read_text()
    found = check_text(text.replace("winner Lena", "winner dummy"), "t.log").violations
    assert [(v.line, v.rule) for v in found] == [(122, "PG-WINNER")] and "rule 9.3" in found[0].message
    found = check_text(log("round 1\nwinner dummy"), "t.log").violations
    assert [v.rule for v in found][:1] == ["PG-DUMMY"]


# --- after a problem: the log's word for what the checker can no longer count -------------------------

THREE = EXAMPLES / "three-players.log"


def changed(old: str, new: str, path: Path = THREE) -> list:
    """(line, rule) of each problem of an example with one line changed."""
    text = path.read_text()
    assert text.count(old) == 1
    return [(v.line, v.rule) for v in check_text(text.replace(old, new), "t.log").violations]


def test_a_special_card_written_as_gold_is_one_problem_where_the_round_ends():
    # the box, round 2's 4th special card, written as gold: the round ends, by the log, one special card
    # short; its gold and the tokens then go by the log, so the final totals, which count the pool Ana took
    # with the box, are no second problem
    assert changed("Mia give Ana box ", "Mia give Ana 1   ") == [(85, "PG-ROUND")]
    # a pirate in the middle of a round written as gold: Tom's turn goes on by the checker's count
    assert changed("Tom give Tom pirate         # Tom pays", "Tom give Tom 1             # Tom pays") == \
        [(24, "PG-TURN")]


def test_after_a_problem_in_a_round_its_gold_line_is_the_tables_count():
    # the dummy's card to the wrong seat is the problem; the gold line, which counts it where it went, is not
    text = (EXAMPLES / "two-players.log").read_text()
    wrong = text.replace("dummy give Lena 1\ndummy give Omar 3", "dummy give Omar 1\ndummy give Omar 3", 1)
    assert [(v.line, v.rule) for v in check_text(wrong, "t.log").violations] == [(9, "PG-DUMMY")]
    # without the problem, the same wrong gold line is reported
    assert changed("gold Mia 17 Tom 13 Ana 18", "gold Mia 17 Tom 14 Ana 18") == [(53, "PG-GOLD")]


def test_a_pirate_given_to_the_wrong_seat_is_one_problem():
    found = changed("Tom give Tom pirate         # Tom pays", "Tom give Mia pirate         # Tom pays")
    assert [rule for _, rule in found] == ["PG-GOLD"]


def test_the_winner_follows_the_final_totals_written_or_the_checkers():
    # a final total written wrong, and the winner written from it: one mistake
    assert changed("final Mia 3 Tom 5 Ana 9", "final Mia 3 Tom 10 Ana 9") == [(138, "PG-FINAL-SCORE")]
    assert changed("final Mia 3 Tom 5 Ana 9", "final Mia 3 Tom 10 Ana 9").count((139, "PG-WINNER")) == 0
    text = THREE.read_text().replace("final Mia 3 Tom 5 Ana 9", "final Mia 3 Tom 10 Ana 9")
    text = text.replace("winner Ana", "winner Tom")
    assert [(v.line, v.rule) for v in check_text(text, "t.log").violations] == [(138, "PG-FINAL-SCORE")]
    assert changed("winner Ana", "winner Mia") == [(139, "PG-WINNER")]


def test_a_line_goes_straight_to_its_handler_only_while_the_game_cannot_be_over():
    """The state's `apply` skips State.apply's question whether the game is over while no winner is written
    (a shortcut for speed): right only while `is_over` needs the winner and the game has no `decided`."""
    parsed, _ = read_log(log(""), "t.log")
    setup, rules, _ = read_setup(parsed)
    state = rules.start(setup, Whistle("t.log"))
    state.round, state.final_line, state.winner_line = 3, 9, 0
    assert not state.is_over()
    assert type(state).decided is State.decided


def test_a_variants_pirate_and_round_end_move_its_tokens_and_a_seat_short_of_them_ends_the_game():
    text = "game: pirates-gold\nrules: pirate=2 tokens.2-5=1\nplayers: Mia Tom Ana\nstarts: Mia\n"
    body = "round 1\nMia give Tom pirate\nfinal Mia 1 Tom 0 Ana 1\nwinner Mia Ana\n"
    assert check_text(text + body, "t.log").violations == []  # Tom paid his one token of two: the game ended
    found = check_text(text + body.replace("Tom 0", "Tom 1"), "t.log").violations
    assert [v.rule for v in found] == ["PG-FINAL-SCORE"]
    body = "round 1\n" + round_of_pirates("Mia give Mia 3\nMia give Tom 1\nMia give Ana 1") + "\nMia take Bo Tom"
    state = state_after(body, players="Mia Tom Ana Bo", starts="Mia")
    assert state.tokens == {"Mia": 8, "Tom": 5, "Ana": 6, "Bo": 5}
    state = state_after(body + "\nround 2", players="Mia Tom Ana Bo", starts="Mia", rules="taken=2 pirate=0")
    assert state.tokens == {"Mia": 11, "Tom": 5, "Ana": 7, "Bo": 5} and state.pool == 0
    assert broken(body + "\nround 2", players="Mia Tom Ana Bo", rules="taken=2 pirate=0") == []
