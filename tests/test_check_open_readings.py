"""After a line that breaks a rule, the readings of the log around it that fit the lines ahead as well as the one
kept are played on beside it (pnp/check/resync.py): the log's end, when one of them explains it, is not reported
as a second mistake; when none of them does, it is. Shown on a game small enough to count by hand: two players
take turns to add 1 or 2 to a tally, which must end at the goal, each having had as many turns."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.check.engine import State
from pnp.check.resync import AHEAD, REREADS, Replay
from pnp.check.verbs import action
from pnp.check.violations import Whistle

pytestmark = pytest.mark.quick

Add = action("add", "{player} add {n:n}")


class Tally(State):
    """The tally so far and whose turn it is; the log's end must find the tally at the goal, Ann to add next."""

    end_code = "T-END"

    def begin(self, setup):
        self.total, self.turn = 0, 0

    def to_move(self):
        return self.players[self.turn]

    def legal_actions(self):
        return [Add(self.to_move(), n) for n in (1, 2)]

    def is_over(self):
        return False

    def on_add(self, add):
        if add.player != self.to_move():
            self.w.blow("T-TURN", f"it is {self.to_move()}'s turn")
        if add.n not in (1, 2):
            self.w.blow("T-ADD", f"a turn adds 1 or 2, not {add.n}")
        self.total += add.n
        self.turn = (self.players.index(add.player) + 1) % len(self.players)

    def finish(self):
        if self.turn:
            self.w.blow("T-ROUND", f"{self.to_move()} has not had a turn as often as Ann")
        if self.total != self.f.goal:
            self.w.blow("T-GOAL", f"the tally ends at {self.total}, not {self.f.goal}")


class TallyRules:
    """The rules of a tally to `goal`."""

    def __init__(self, goal: int):
        self.goal = goal

    def start(self, setup, whistle):
        return Tally(self, setup, whistle)


def replayed(goal: int, lines: list) -> list:
    """Each problem the replay of `lines` (numbered from 1) reports, the tally's goal `goal`: `LINE RULE`, and
    `+RULE` for each other rule the same line broke."""
    whistle = Whistle("tally.log")
    replay = Replay(TallyRules(goal), SimpleNamespace(players=("Ann", "Bob")), whistle)
    for number, line in enumerate(lines, start=1):
        replay.feed(number, line)
    replay.finish(len(lines))
    return [f"{v.line} {'+'.join((v.rule, *v.also))}" for v in whistle.violations]


# Ann adds 5 at line 3, which no turn may: the line as written, or read as `Ann add 1` or `Ann add 2`, fit the
# many lines after it alike (each adds 1, in turn), so all three are played on to the end.
LATER = [Add(("Bob", "Ann")[number % 2], 1) for number in range(AHEAD + 9)]  # Bob's the last
LOG = [Add("Ann", 1), Add("Bob", 1), Add("Ann", 5), *LATER]
COUNTED = 2 + len(LATER)  # the tally without line 3


def test_a_slip_far_from_the_end_fits_the_lines_after_it_under_each_reading_and_is_reported_once():
    assert replayed(COUNTED + 5, LOG) == ["3 T-ADD"]


def test_the_end_that_a_reading_left_open_by_the_slip_explains_is_not_a_second_mistake():
    assert replayed(COUNTED + 2, LOG) == ["3 T-ADD"]  # line 3 read as `Ann add 2`
    assert replayed(COUNTED + 1, LOG) == ["3 T-ADD"]  # line 3 read as `Ann add 1`


def test_an_end_that_no_reading_explains_is_reported_at_the_log_s_last_line():
    assert replayed(COUNTED + 4, LOG) == ["3 T-ADD", f"{len(LOG)} T-GOAL"]
    fair = LOG[:2] + [Add("Ann", 1)] + LATER  # no slip: no other reading is played on
    assert replayed(COUNTED + 1, fair) == [] and replayed(COUNTED + 4, fair) == [f"{len(LOG)} T-GOAL"]


def test_a_slip_among_the_last_lines_is_read_by_the_lines_after_it_and_the_end():
    short = [Add("Ann", 1), Add("Bob", 1), Add("Ann", 5), Add("Bob", 1), Add("Ann", 1), Add("Bob", 1)]
    assert replayed(7, short) == ["3 T-ADD"]   # line 3 read as `Ann add 2`: the end fits
    assert replayed(10, short) == ["3 T-ADD"]  # as written
    assert replayed(20, short) == ["3 T-ADD", "6 T-GOAL"]


def test_an_end_that_breaks_several_rules_is_one_problem_apart_from_the_last_line_s_own():
    fair = [Add("Ann", 1), Add("Bob", 1), Add("Ann", 2)]
    assert replayed(9, fair) == ["3 T-ROUND+T-GOAL"]
    assert replayed(9, fair[:2] + [Add("Bob", 2)]) == ["3 T-TURN", "3 T-GOAL"]  # Bob played out of turn, Ann next


def slipping(slips: int) -> list:
    """A fair tally of 40 lines a block, `slips` blocks, in each of which Bob writes Ann's 11th line as his."""
    lines = []
    for _ in range(slips):
        lines += [Add("Bob" if at == 10 else ("Ann", "Bob")[at % 2], 1) for at in range(40)]
    return lines


def test_a_log_s_slips_are_read_as_the_moves_allowed_only_so_many_times_a_log():
    """Each slip, read as Ann's move, is one problem at its line; past REREADS of them a log is too far off to be
    worth the search, and a slip played as written makes the next line a second problem."""
    slips = [40 * block + 11 for block in range(REREADS + 1)]
    assert replayed(40 * REREADS, slipping(REREADS)) == [f"{line} T-TURN" for line in slips[:-1]]
    assert replayed(40 * len(slips), slipping(len(slips))) == [f"{line} T-TURN" for line in slips] + \
        [f"{slips[-1] + 1} T-TURN"]
