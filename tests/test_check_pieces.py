"""The pieces a game's state is made of: supplies, decks, seats, dice, follow-ups, and the state base."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from pnp.check.engine import TABLE, State, ranks
from pnp.check.pieces import Deck, Dice, Due, FollowUps, Seats, Supply
from pnp.check.violations import LOG_SYNTAX, ReadError, Whistle
from pnp.check.words import Words
from pnp.errors import Where


def test_a_supply_says_which_things_ran_short():
    box = Supply({"gem": 2, "coin": 1})
    assert box.take(["gem", "coin"]) == []
    assert box.take(["gem", "gem", "coin"]) == ["gem", "coin"]
    assert (box.taken("gem"), box.full["gem"]) == (3, 2)
    assert box.pool() == []
    assert Supply({"a": 2, "b": 1}).pool() == ["a", "a", "b"]


def test_a_deck_turns_up_only_what_it_can_hold_and_is_remade_from_its_discards():
    deck = Deck({"map": 2, "kraken": 1})
    assert deck.draw("map", 3) and deck.draw("kraken", 4)
    assert not deck.draw("kraken", 5) and len(deck) == 1      # none left: the deck is unchanged
    deck.discard("kraken")
    assert deck.draw("map", 6) and len(deck) == 0
    assert deck.pool() == ["kraken"]                           # what a reshuffle would make
    assert deck.draw("kraken", 9) and deck.reshuffled == 9     # the empty deck is remade, then drawn
    assert deck.seen == {"map": 3, "kraken": 4}


def test_a_card_the_deck_never_held_is_not_turned_up_and_leaves_the_deck_as_it_was():
    deck = Deck({"map": 1, "kraken": 1})
    assert not deck.draw("parrot", 1) and not deck.fits("parrot")
    assert len(deck) == 2 and deck.seen == {} and deck.pool() == ["map", "kraken"]


def test_a_card_put_under_the_deck_comes_up_once_the_unknown_cards_above_it_are_drawn():
    deck = Deck({"m1": 1, "m2": 1, "m3": 1}, size=2)           # one card is elsewhere: which, nobody knows
    assert deck.top() is None and deck.fits("m3")
    assert deck.draw("m1", 1)
    deck.put_under("m1", 2)
    assert not deck.fits("m1")                                 # an unknown card is still on top of it
    assert deck.draw("m3", 3)
    assert deck.top() == "m1" and deck.fits("m1") and not deck.fits("m2")
    assert deck.pool() == ["m1"]
    deck.draw_anyway("m2", 4)                                  # a slip: the top card goes all the same
    assert len(deck) == 0 and deck.seen["m2"] == 4


def test_a_deck_may_forget_the_order_of_the_cards_put_under_it():
    deck = Deck({"m1": 1, "m2": 1, "m3": 1})
    for line, card in enumerate(("m1", "m2", "m3"), 1):
        assert deck.draw(card, line)
        deck.put_under(card, line)
    assert deck.top() == "m1" and not deck.fits("m3")
    deck.forget_order()                                        # after a slip the order is not trusted
    assert deck.top() is None and deck.fits("m3") and len(deck) == 3
    assert deck.draw("m3", 4) and deck.pool() == ["m1", "m2"]


def test_seats_go_clockwise_skipping_whom_they_are_told():
    seats = Seats(("Ann", "Bob", "Cy"))
    assert seats.after("Ann") == "Bob" and seats.after("Cy") == "Ann"
    assert seats.after("Ann", skip={"Bob"}) == "Cy"
    assert seats.after("Ann", skip={"Bob", "Cy"}) == "Ann" and seats.after("Ann", {"Ann", "Bob", "Cy"}) is None
    assert seats.others("Bob") == ["Cy", "Ann"]
    assert dict(Seats(("Ann", "Bob")).opposite) == {"Ann": "Bob", "Bob": "Ann"}


def test_a_dummy_seat_takes_its_turn_but_is_no_player():
    seats = Seats(("Ann", "Bob"), dummies=("Dummy",))
    assert seats.order == ("Ann", "Bob", "Dummy")
    assert seats.after("Bob") == "Dummy" and seats.after("Dummy") == "Ann"
    assert seats.is_dummy("Dummy") and not seats.is_dummy("Ann")


def die(*faces):
    return Dice(SimpleNamespace(options={"faces": list(faces)}, where=Where("game.yaml", 7, "dice")))


def test_dice_roll_their_faces_and_check_them_against_the_rules():
    dice = die(1, 2, 3, 4, "pirate", "pirate")
    assert set(dice.roll(random.Random(1), 50)) == {1, 2, 3, 4, "pirate"}
    problems: list = []
    dice.check(problems, range(1, 5), ("pirate",))
    assert problems == []
    dice.check(problems, range(1, 4), ("pirate", "parrot"))
    assert [message for _, message in problems] == ["the dice have no 'parrot' face",
                                                    "every face but pirate and parrot is a whole number from 1 to 3"]
    assert str(problems[0][0]) == "game.yaml:7: dice"


def test_a_log_names_a_face_of_the_dice_in_any_case_and_a_face_they_lack_is_told_with_their_faces():
    face = die(1, 2, "Pirate").kind()
    assert face.label == "FACE" and face.table == {"1": 1, "2": 2, "pirate": "Pirate"}
    assert face.read(Words(["roll", "PIRATE"], 1, "roll FACE", {})) == "Pirate"
    with pytest.raises(ReadError) as caught:
        face.read(Words(["roll", "seven"], 1, "roll FACE", {}))
    assert (caught.value.rule, caught.value.message) == (LOG_SYNTAX, "'seven' is not a die face (1, 2, Pirate) "
                                                                     "(write `roll FACE`)")


class Chores(FollowUps, State):
    """A state made only of follow-ups: a card asks for a roll, whose die is then moved."""

    end_code, follow_up_code = "T-END", "T-FOLLOW-UP"
    missing_texts = {"roll": ("the table rolls", "roll FACE"), "move": ("{p} moves", "{p} move N"),
                     "look": ("{p} looks", "{p} look")}
    unasked = {"move": ("moves", "only a roll lets a pawn move")}
    table_kinds = frozenset(("roll",))

    def begin(self, setup):
        self.todo = []


def chores() -> Chores:
    setup = SimpleNamespace(players=("Ann", "Bob"), line=lambda key: 1)
    return Chores(None, setup, Whistle("t.log"))


def test_follow_ups_come_next_first_and_a_skipped_one_is_reported():
    state = chores()
    state.ask(Due("move", "Ann", "T-CARD", 3, "Ann's card (line 3)"))
    state.ask(Due("look", "Bob", "T-LOOK", 4, "Bob's glass (line 4)", optional=True))
    state.ask(Due("roll", "Ann", "T-CARD", 3, "Ann's card (line 3)", then="move"))
    assert state.follower() is TABLE
    state.w.line = 9
    due = state.answer("move", "Bob")                       # the roll left out: the move stands for it
    assert (due.kind, due.data) == ("move", None)
    assert [(v.line, v.rule, v.message) for v in state.w.violations] == [
        (9, "T-CARD", "Ann's card (line 3): next, the table rolls (write `roll FACE`)"),
        (9, "T-CARD", "Ann's card (line 3): this is Ann's to do, not Bob's")]
    assert state.follower() == "Bob"
    assert state.settle() is None and state.todo == []        # the optional look goes without a word ...
    assert state.w.violations[-1].message == "Ann's card (line 3): next, Ann moves (write `Ann move N`)"
    assert len(state.w.violations) == 3                         # ... the move that was due is reported
    assert state.answer("move", "Ann") is None
    assert state.w.violations[-1].message == "Ann moves, but nothing asks for it now: only a roll lets a pawn move"


def test_follow_ups_asked_of_several_at_once_are_answered_by_their_own_player_first():
    state = chores()
    state.in_any_order, state.answered_by = True, {"look": frozenset(("move",))}
    state.todo = [Due("look", "Ann", "T-LOOK", 2, "Ann's glass (line 2)"), Due("roll", "Bob", "T-CARD", 3, "a card"),
                  Due("move", "Bob", "T-CARD", 3, "Bob's card (line 3)"), Due("move", "Ann", "T-CARD", 4, "Ann's card")]
    due = state.answer("move", "Bob")          # Bob's own move, though Ann's look, which a move answers, comes first
    assert (due.player, due.line) == ("Bob", 3) and [d.line for d in state.todo] == [4]
    assert [v.message for v in state.w.violations] == [
        "Ann's glass (line 2): next, Ann looks (write `Ann look`)", "a card: next, the table rolls (write `roll FACE`)"]
    state.todo = [Due("move", "Ann", "T-CARD", 5, "Ann's card (line 5)"), Due("move", "Ann", "T-CARD", 6, "again")]
    due = state.answer("move", "Bob")          # none is Bob's: the first anyone owes, reported as Ann's
    assert due.line == 5 and [d.line for d in state.todo] == [6]
    assert state.w.violations[-1].message == "Ann's card (line 5): this is Ann's to do, not Bob's"
    state.unasked = {"look": ("looks", "only a glass lets a player look")}
    assert state.answer("look", "Ann") is None and [d.line for d in state.todo] == [6]  # none of its kind: as it was
    assert state.w.violations[-1].message == "Ann looks, but nothing asks for it now: only a glass lets a player look"


def test_ranks_group_ties_from_the_top():
    assert ranks({"A": 3, "B": 5, "C": 3}) == [(5, ["B"]), (3, ["A", "C"])]


class Tally(State):
    """A state with a little of everything a clone must copy or share."""

    end_code = "T-END"

    def begin(self, setup):
        self.counts = {name: [0, 0] for name in self.players}
        self.deck = Deck({"a": 1})
        self.seats, self.note = Seats(self.players), ("kept", "as is")
        self.done = False

    def is_over(self):
        return self.done

    def on_count(self, action):
        self.counts[action.player][0] += 1


def tally() -> Tally:
    setup = SimpleNamespace(players=("Ann", "Bob"), line=lambda key: 2)
    return Tally(SimpleNamespace(facts="read once, never changed"), setup, Whistle("t.log"))


def test_a_clone_copies_what_changes_and_shares_what_does_not():
    state = tally()
    other = state.clone()
    other.counts["Ann"][0] = 5
    other.deck.draw("a", 1)
    assert state.counts["Ann"][0] == 0 and len(state.deck) == 1 and len(other.deck) == 0
    assert other.f is state.f and other.w is state.w and other.seats is state.seats and other.note is state.note


def test_the_base_dispatches_each_verb_and_guards_the_end():
    state = tally()
    count = SimpleNamespace(verb="count", player="Bob")
    state.apply(count)
    assert state.counts["Bob"][0] == 1
    state.done = True
    state.w.line = 8
    state.apply(count)
    state.apply(count)
    assert state.counts["Bob"][0] == 1
    assert [(v.line, v.rule, v.message) for v in state.w.violations] == [(8, "T-END", "the game is over")]


def test_a_whistle_reports_at_the_line_it_is_set_to_and_a_rule_broken_before_any_line_at_line_0():
    whistle = Whistle("t.log")
    whistle.blow("T-SETUP", "the table cannot be set")
    whistle.line = 5
    whistle.blow("T-CARD", "no such card")
    whistle.blow("T-END", "the game is not over", line=9)
    assert [str(v) for v in whistle.violations] == ["t.log:0: T-SETUP the table cannot be set",
                                                    "t.log:5: T-CARD no such card",
                                                    "t.log:9: T-END the game is not over"]


def test_a_whistle_aside_keeps_what_it_hears_apart_and_puts_its_line_back():
    whistle = Whistle("t.log", strict=True)
    whistle.line = 3
    with whistle.aside() as heard:
        whistle.line = 8
        whistle.blow("T-CARD", "tried")
    assert [(v.line, v.rule) for v in heard] == [(8, "T-CARD")] and whistle.violations == [] and whistle.line == 3
