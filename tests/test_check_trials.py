"""What the replay uses to try readings of a log cheaply (pnp/check/resync.py, pnp/check/violations.py): a whistle
that notes only where rules broke, random generators that draw what `random.Random` draws without being seeded
each time, and the states a reread made, taken again by the next."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from pnp.check.engine import Piece, State
from pnp.check.loader import checked_games
from pnp.check.replay import check_text
from pnp.check.resync import Replay, _allowed, _Draws, _Stream
from pnp.check.simulate import simulate
from pnp.check.violations import Violation, Whistle
from test_check_open_readings import Add, Tally

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


class Count(Tally):
    """The tally of test_check_open_readings, to no goal: every line played is counted, in `PLAYED`, wherever it
    is played."""

    def on_add(self, add):
        PLAYED.append(add)
        super().on_add(add)

    def finish(self):
        pass


PLAYED: list = []


class CountRules:
    def start(self, setup, whistle):
        return Count(self, setup, whistle)


def counted(lines: list) -> tuple:
    """(each problem of `lines` as `LINE RULE: message`, how many lines the replay played in all)."""
    del PLAYED[:]
    whistle = Whistle("count.log")
    replay = Replay(CountRules(), SimpleNamespace(players=("Ann", "Bob")), whistle)
    for number, line in enumerate(lines, start=1):
        replay.feed(number, line)
    replay.finish(len(lines))
    return [f"{v.line} {v.rule}: {v.message}" for v in whistle.violations], len(PLAYED)


def test_a_reread_takes_again_the_states_the_last_made_and_finds_what_playing_them_again_finds(monkeypatch):
    fair = [Add(("Ann", "Bob")[at % 2], 1) for at in range(120)]
    slips = fair[:60] + [Add("Ann", 7), Add("Bob", 9)] + fair[60:62] + [Add("Ann", 3)] + fair[62:]
    found, played = counted(slips)
    assert [problem.split(":")[0] for problem in found] == ["61 T-ADD", "62 T-ADD", "65 T-ADD"]
    monkeypatch.setattr(Replay, "_made", lambda self, history: {})  # every reread plays its lines from the start
    again, more = counted(slips)
    assert again == found and more > played + 100  # the second and third rereads play 60 lines again, at least


def test_the_states_a_reread_made_are_taken_again_only_from_the_same_checkpoint_and_the_same_lines():
    replay = Replay(CountRules(), SimpleNamespace(players=("Ann", "Bob")), Whistle("count.log"))
    lines = [(1, Add("Ann", 1)), (2, Add("Bob", 1))]
    states = {2: object()}
    replay.base, replay.made = "checkpoint", ("checkpoint", lines, states)
    assert replay._made(lines + [(3, Add("Ann", 2))]) is states
    assert replay._made([lines[0], (2, Add("Bob", 2))]) == {}  # a line read otherwise since
    replay.base = "another"
    assert replay._made(lines) == {}


def contents(value):
    """What a state holds, all the way down, to compare before and after: containers and pieces by contents."""
    if isinstance(value, Piece) or isinstance(value, State):
        return type(value), {key: contents(item) for key, item in vars(value).items() if key not in ("f", "w")}
    if isinstance(value, (list, tuple)):
        return type(value), [contents(item) for item in value]
    if isinstance(value, dict):
        return type(value), {key: contents(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return type(value), set(value)
    return value


@pytest.mark.parametrize("game", checked_games())
def test_the_moves_allowed_are_found_without_changing_the_state(game):
    """A reread asks a state the same questions again and again (its legal actions, the outcomes chance and the
    table's turn may bring): the answers, and the state, must be the same each time."""
    asked = []

    def ask(state, action):
        before = contents(state)
        found = _allowed(state)
        asked.append(found == _allowed(state) and contents(state) == before)
    for _, text in simulate(game, 1, 2):
        check_text("\n".join(text.split("\n")[:80]), "asked.log", watch=ask)
    assert asked and all(asked)
