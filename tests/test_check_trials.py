"""What the replay uses to try readings of a log cheaply (pnp/check/resync.py, pnp/check/violations.py): a whistle
that notes only where rules broke, and random generators that draw what `random.Random` draws without being
seeded each time."""
from __future__ import annotations

import random

import pytest

from pnp.check.resync import _Draws, _Stream
from pnp.check.violations import Violation, Whistle

pytestmark = pytest.mark.quick


def test_a_trial_notes_the_line_of_each_broken_rule_and_keeps_nothing():
    whistle = Whistle("t.log")
    whistle.line = 7
    with whistle.tried() as heard:
        whistle.line = 9
        whistle.blow("X-ONE", "a message no one reads")
        whistle.blow("X-TWO", "another", line=4)
    assert heard == [9, 4]
    assert whistle.violations == [] and whistle.line == 7


def test_a_trial_inside_an_aside_gives_the_aside_back_its_violations():
    whistle = Whistle("t.log", strict=True)
    with whistle.aside() as outer:
        whistle.line = 3
        with whistle.tried() as inner:
            whistle.blow("X-IN", "tried")
        whistle.blow("X-OUT", "aside")
    assert inner == [3]
    assert outer == [Violation("t.log", 3, "X-OUT", "aside")]
    assert whistle.violations == []


def test_a_whistle_left_by_an_error_inside_a_trial_is_as_it_was():
    whistle = Whistle("t.log")
    with pytest.raises(KeyError), whistle.tried():
        raise KeyError("a reading off the rules")
    whistle.blow("X-KEPT", "kept")
    assert [v.rule for v in whistle.violations] == ["X-KEPT"]


@pytest.mark.parametrize("seed", [0, 1, 47])
def test_a_stream_draws_what_a_generator_seeded_alike_draws(seed):
    plain, stream, again = random.Random(seed), _Stream(seed), _Stream(seed)
    for n in range(1, 400):
        cards = list(range(n % 40))
        shuffled = list(cards)
        plain.shuffle(cards)
        stream.shuffle(shuffled)
        assert shuffled == cards
        assert stream.choice(range(n)) == plain.choice(range(n))
        assert stream.sample(range(500), 5) == plain.sample(range(500), 5)
        assert stream.randint(1, 6) == plain.randint(1, 6)
        assert stream.random() == plain.random()
        assert stream.getrandbits(n % 100) == plain.getrandbits(n % 100)  # several words past 32 bits, none at 0
        assert stream.randrange(10 ** 20) == plain.randrange(10 ** 20)
    first = random.Random(seed)
    assert [again.random() for _ in range(50)] == [first.random() for _ in range(50)]  # the words kept, read again


def test_a_stream_says_whether_it_was_drawn_from():
    stream = _Stream(3)
    assert not stream.drawn
    stream.choice("ab")
    assert stream.drawn


def test_draws_are_made_once_when_chance_has_no_part_and_with_every_seed_when_it_has():
    assert _Draws().each(lambda rng: "same") == ["same"]
    drawn = _Draws().each(lambda rng: rng.randint(1, 6))
    assert drawn == [random.Random(seed).randint(1, 6) for seed in range(len(drawn))] and len(drawn) > 1
