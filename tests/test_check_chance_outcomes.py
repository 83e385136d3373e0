"""What chance may bring at a moment of a game, as the lines a log would write: every result of a draw walked in
turn (a die, two dice, a card from a small pile), a deal of many cards as a pattern of the cards to be named
(`Drawn`), and what such a pattern lets a line hold, whole or word by word, as `pnp record` offers it."""
from __future__ import annotations

from itertools import permutations

import pytest

from pnp.check.outcomes import HIGH, Drawn, Every, every_outcome

pytestmark = pytest.mark.quick


def test_a_roll_of_one_die_is_each_of_its_faces_once_in_order():
    found, complete = every_outcome(lambda rng: f"roll {rng.randint(1, 6)}")
    assert found == [f"roll {pips}" for pips in range(1, 7)] and complete


def test_two_draws_in_one_line_give_every_pair_of_their_results():
    found, complete = every_outcome(lambda rng: f"roll {rng.randint(1, 2)} {rng.choice('abc')}")
    assert found == ["roll 1 a", "roll 1 b", "roll 1 c", "roll 2 a", "roll 2 b", "roll 2 c"] and complete


def test_results_written_alike_are_one_line_and_a_choice_among_equal_cards_is_one_result():
    found, complete = every_outcome(lambda rng: f"take {rng.choice(['gold', 'gold', 'map'])} {rng.randint(1, 2) * 0}")
    assert found == ["take gold 0", "take map 0"] and complete


def test_a_coin_flip_is_taken_both_ways_whatever_its_threshold():
    found, complete = every_outcome(lambda rng: "heads" if rng.random() < 0.5 else "tails")
    assert found == ["heads", "tails"] and complete
    assert every_outcome(lambda rng: rng.random())[0] == [0.0, HIGH]


def test_a_draw_with_more_results_than_its_runs_says_it_is_not_complete():
    found, complete = every_outcome(lambda rng: f"roll {rng.randint(1, 6)}", runs=4)
    assert found == ["roll 1", "roll 2", "roll 3", "roll 4"] and not complete


def test_the_script_of_a_walk_says_which_result_each_draw_took_and_among_how_many():
    script, widths = [], []
    rng = Every(script, widths)
    assert (rng.randint(1, 6), rng.choice(["map", "gold"]), rng.randrange(3)) == (1, "map", 0)
    assert (script, widths, rng.at) == ([0, 0, 0], [6, 2, 3], 3)
    again = Every([5, 1, 2], [6, 2, 3])
    assert (again.randint(1, 6), again.choice(["map", "gold"]), again.randrange(3)) == (6, "gold", 2)


def test_a_few_cards_dealt_are_listed_each_order_once_and_a_shuffle_too():
    found, complete = every_outcome(lambda rng: "deal " + " ".join(rng.sample(["map", "gold", "map"], 2)))
    assert found == ["deal map gold", "deal map map", "deal gold map"] and complete
    found, _ = every_outcome(lambda rng: " ".join(_shuffled(rng, ["a", "b", "c"])))
    assert found == ["a b c", "a c b", "b a c", "b c a", "c a b", "c b a"]


def _shuffled(rng, cards: list) -> list:
    rng.shuffle(cards)
    return cards


PILE = ["map", "gold", "kraken", "ruby", "pearl", "map"]  # five different cards: 5 ** 3 orders of three, past LISTED


def test_a_deal_of_too_many_orders_is_a_pattern_of_the_cards_to_be_named():
    [drawn], complete = every_outcome(lambda rng: "deal 1 " + " ".join(rng.sample(PILE, 3)))
    assert complete and drawn == Drawn(("deal", "1", None, None, None),
                                       (("map", 2), ("gold", 1), ("kraken", 1), ("ruby", 1), ("pearl", 1)))
    assert str(drawn) == "deal 1 CARD CARD CARD"


def test_a_deal_whose_line_says_what_its_cards_are_worth_is_walked_card_by_card():
    worth = {"map": 1, "gold": 5, "kraken": -3, "ruby": 4, "pearl": 2}
    found, complete = every_outcome(lambda rng: f"score {sum(worth[card] for card in rng.sample(PILE, 3))}")
    sums = {sum(worth[card] for card in three) for three in permutations(PILE, 3)}
    assert complete and sorted(found) == sorted(f"score {total}" for total in sums)


def test_a_line_drawn_holds_the_pattern_s_words_and_cards_the_pile_holds_in_any_case():
    drawn = Drawn(("Anne", "hire", None, None), (("black-3", 1), ("red-2", 2)))
    assert drawn.allows("Anne hire black-3 red-2") and drawn.allows("anne HIRE Red-2, red-2")
    assert not drawn.allows("Anne hire black-3 black-3")   # the pile holds one black 3
    assert not drawn.allows("Anne hire black-3 blue-1")    # nor any blue 1
    assert not drawn.allows("Bart hire black-3 red-2")     # the line is Anne's
    assert not drawn.allows("Anne hire black-3")           # a card short
    assert not drawn.allows("Anne hire black-3 red-2 red-2")


def test_a_line_drawn_is_offered_word_by_word_the_cards_left_in_the_pile_s_order():
    drawn = Drawn(("Anne", "hire", None, None), (("black-3", 1), ("red-2", 2), ("green-1", 1)))
    assert drawn.next_words([]) == ["Anne"] and drawn.next_words(["Anne"]) == ["hire"]
    assert drawn.next_words(["Anne", "hire"]) == ["black-3", "red-2", "green-1"]
    assert drawn.next_words(["Anne", "hire", "black-3"]) == ["red-2", "green-1"]
    assert drawn.next_words(["Anne", "hire", "red-2"]) == ["black-3", "red-2", "green-1"]
    assert drawn.next_words(["Anne", "hire", "red-2", "red-2"]) == []   # whole
    assert drawn.next_words(["Bart"]) == []                             # strays from the pattern


def test_a_hand_drawn_in_any_order_is_offered_one_way_each():
    hand = Drawn(("deal", None, None), (("black-3", 1), ("red-2", 2), ("green-1", 1)), ordered=False)
    assert hand.next_words(["deal"]) == ["black-3", "red-2", "green-1"]
    assert hand.next_words(["deal", "red-2"]) == ["red-2", "green-1"]  # black-3 came earlier in the pile: not after
    assert hand.next_words(["deal", "green-1"]) == []
    assert hand.allows("deal green-1 black-3")  # a hand written in another order is still the same hand
