"""pnp.chance: the orders the printer and the checker share must never change (a printed sheet's number stands
for its layout), whatever the Python they run on."""
import random

from pnp.chance import expand, shuffled

LETTERS = "abcdefghijklmnopqrstuvwxy"  # as many items as a Cannon Dice sheet's grid


def test_shuffled_keeps_the_orders_printed_so_far():
    # written down once: a change to how `shuffled` draws would reorder every numbered sheet already printed
    assert "".join(shuffled(LETTERS, 1)) == "bhupwfjdtgykvxrencosqmila"
    assert "".join(shuffled(LETTERS, 4740)) == "sjagmrxclvqnuyktfoewipdhb"


def test_shuffled_is_random_shuffle_with_the_text_seed():
    # `shuffled` writes out random.shuffle's steps (to spare a call per item): the same order, seed by seed,
    # for lists of every length, repeated items and all
    for size in (0, 1, 2, 3, 7, 25, 64, 100):
        items = [f"item{i % 9}" for i in range(size)]
        for seed in (*range(1, 60), "A-7", 9999):
            expected = list(items)
            random.Random(f"pnp:{seed}").shuffle(expected)
            assert shuffled(items, seed) == expected, (size, seed)


def test_shuffled_leaves_its_items_alone():
    items = expand({"pearl": 2, "ruby": 1})
    order = shuffled(items, 3)
    assert items == ["pearl", "pearl", "ruby"] and sorted(order) == items
