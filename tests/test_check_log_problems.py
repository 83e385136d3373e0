"""A log that cannot be read is one problem of that log at its line: a bad byte, a word too long to be a log's;
each is told as every problem is (`pnp check --json` writes each as a record). A winner line naming one of a
shared win names every winner; a roll of no face names the die's faces; a deck's discards count every card
discarded. What the reader makes of a log's lines: a header key given twice, a header too long, comments and
lines of commas; and what a header may name: an installed game, never a folder, a variant's facts once each."""
from __future__ import annotations

import pytest

from pnp.check.pieces import Deck
from pnp.check.reader import Log
from pnp.errors import QUOTE
from pnp.read.games import installed_folder
from pnp.check.replay import check_path, check_text
from pnp.check.violations import LIMIT, LOG_FILE, LOG_GAME, LOG_HEADER, LOG_SYNTAX

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


HEADER = "game: pirates-gold\nplayers: Mia Tom Ana\nstarts: Mia\n"


def test_a_word_as_long_as_a_message_may_quote_is_still_a_word_and_a_long_line_of_short_words_is_read():
    log = Log(HEADER + "round 1\n", "words.log")
    assert log.words(5, "Mia give " + "x" * QUOTE) == ["Mia", "give", "x" * QUOTE] and not log.problems
    many = "Mia give Tom 1 " * 20  # 300 characters, no word longer than 4
    assert log.words(6, many) == many.split() and not log.problems
    assert log.words(7, "Mia give " + "x" * (QUOTE + 1)) is None
    [problem] = log.problems
    assert (problem.file, problem.line, problem.rule) == ("words.log", 7, LOG_SYNTAX)
    assert problem.message.startswith(f"a word of {QUOTE + 1} characters ('xxxxxxxxxxxxxxxxxxx")


def test_a_header_key_given_twice_is_a_problem_at_the_second_naming_the_first():
    log = Log(HEADER + "date: today\nplayers: Mia Tom\nround 1\n", "twice.log")
    [problem] = log.problems
    assert (problem.file, problem.line, problem.rule, problem.kind) == ("twice.log", 5, LOG_HEADER, "read")
    assert problem.message == "`players:` is given twice (first at line 2)"
    assert log.header["players"] == ("Mia Tom Ana", 2)


def test_a_header_longer_than_the_problems_a_log_may_have_is_read_no_further():
    lines = [f"note{number}: x" for number in range(LIMIT + 5)]
    log = Log("\n".join(lines + ["round 1"]), "long-header.log")
    [problem] = log.problems
    assert (problem.line, problem.rule) == (LIMIT + 1, LOG_HEADER)
    assert problem.message == f"a header of more than {LIMIT} lines: the log is not read further"
    assert len(log.header) == LIMIT and list(log.lines()) == []


def test_comments_blank_lines_and_lines_of_commas_hold_no_event():
    log = Log(HEADER + "# a comment: with a colon\n\n , ,\nround 1  # the first round\nMia give Mia 1,\n", "c.log")
    assert list(log.events()) == [(7, ["round", "1"]), (8, ["Mia", "give", "Mia", "1"])] and not log.problems
    assert log.last_line == 8 and log.header["starts"] == ("Mia", 3)


def test_a_winner_line_naming_nobody_is_a_line_that_cannot_be_read():
    from test_playtests import SHARED  # line 19: winner Mia Tom

    [problem, *_] = check_text(SHARED.replace("winner Mia Tom", "winner"), "w.log").violations
    assert (problem.line, problem.rule, problem.kind) == (19, LOG_SYNTAX, "read")
    assert problem.message == "a player's name is missing (write `winner PLAYER [PLAYER ...]`)"


def test_a_log_naming_a_folder_for_its_game_is_told_that_only_the_person_checking_names_one():
    [problem] = check_text("game: ./my-game\nplayers: Mia Tom\nround 1\n", "folder.log").violations
    assert (problem.line, problem.rule) == (1, LOG_GAME)
    assert "'./my-game' is not a game's slug" in problem.message
    assert "a game folder's rules run only when you name it: pnp check --game FOLDER LOG" in problem.message


def test_a_variant_naming_one_rule_fact_twice_is_one_problem_at_its_line():
    log = HEADER.replace("players:", "rules: rounds=2 rounds=4\nplayers:") + "round 1\n"
    [problem] = check_text(log, "variant.log").violations
    assert (problem.line, problem.rule) == (2, LOG_HEADER) and problem.message == "`rules:` rounds is given twice"


def test_a_log_file_that_is_not_there_is_one_problem_at_its_first_line(tmp_path):
    [problem] = check_path(tmp_path / "lost.log").violations
    assert (problem.file, problem.line, problem.rule, problem.kind) == (str(tmp_path / "lost.log"), 1, LOG_FILE,
                                                                       "read")
    assert problem.message == "no such file"
