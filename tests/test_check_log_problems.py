"""A log that cannot be read is one problem of that log at its line: a bad byte, a word too long to be a log's;
each is told as every problem is (`pnp check --json` writes each as a record). A winner line naming one of a
shared win names every winner; a roll of no face names the die's faces; a deck's discards count every card
discarded."""
from __future__ import annotations

import pytest

from pnp.check.pieces import Deck
from pnp.read.games import installed_folder
from pnp.check.replay import check_path, check_text
from pnp.check.violations import LOG_SYNTAX

pytestmark = pytest.mark.quick


def test_a_log_that_is_not_utf8_is_one_problem_of_that_log_at_the_line_of_its_bad_byte(tmp_path):
    log = tmp_path / "evening.log"
    log.write_bytes(b"game: pirates-gold\nplayers: Mia Tom\n\xff\xfe Mia give Tom 1\n")
    outcome = check_path(log)
    [problem] = outcome.violations
    assert outcome.file == problem.file == str(log) and problem.line == 3 and problem.kind == "read"
    assert problem.as_dict() == {"file": str(log), "line": 3, "rule": problem.rule, "message": problem.message,
                                 "kind": "read", "also": []}


def test_a_card_discarded_twice_comes_back_twice_when_the_deck_is_made_again_from_its_discards():
    deck = Deck({"pirate": 2, "gold": 1})
    for line, card in enumerate(("pirate", "gold", "pirate"), start=1):
        assert deck.draw(card, line)
    deck.discard("pirate")
    deck.discard("pirate")
    assert len(deck) == 0 and deck.draw("pirate", 4)  # made again from the two pirates discarded
    assert deck.reshuffled == 4 and deck.draw("pirate", 5) and not deck.draw("gold", 6)


def test_a_word_too_long_for_a_log_is_one_problem_at_its_line_saying_how_long():
    from test_playtests import SHARED

    log = SHARED.replace("Mia give Tom 1", "Mia give Tom " + "x" * 300)  # line 7
    [problem] = check_text(log, "long.log").violations
    assert (problem.line, problem.rule) == (7, LOG_SYNTAX) and "a word of 300 characters" in problem.message


def test_a_winner_line_naming_one_of_a_shared_win_names_every_winner():
    from test_playtests import BROKEN  # Mia and Tom share the win; line 19 names Mia alone

    [problem] = check_text(BROKEN, "broken.log").violations
    assert problem.line == 19 and problem.message.startswith("Mia and Tom share the win") and \
        problem.message.endswith(", not Mia")


def test_a_roll_of_no_face_of_the_die_names_the_faces_and_the_verb_s_usage():
    log = (installed_folder("cannon-dice") / "examples" / "roll-off.log").read_text(encoding="utf-8").splitlines()
    at = log.index("roll 3 2")
    log[at] = "roll 3 seven"
    [problem, *_] = check_text("\n".join(log) + "\n", "duel.log").violations
    assert (problem.line, problem.rule) == (at + 1, LOG_SYNTAX)
    assert "'seven' is not a die face (1, 2, 3, 4, 5, explosion)" in problem.message
    assert problem.message.endswith("(write `roll FACE [FACE]`)")
