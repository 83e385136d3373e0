"""`pnp stats --compare` calls a difference real only when the games support it: two samples of the same game
and bots (A/A) are called different in at most one report in twenty, and a difference planted in one of two
samples is still found.

Each game is played once, by the chunk function of a run (game n of a seed is always the same game), and
every report adds up two disjoint draws of those games: a comparison of two runs of the same plan with other
game numbers, as affordable as a few hundred games a game."""
from __future__ import annotations

import random
from typing import NamedTuple

import numpy
import pytest

from pnp.stats.figures import compare
from pnp.stats.run import Plan, play_games
from pnp.stats.tally import add

GAMES = ("buried-treasure", "cannon-dice")
BOTS = ("random", "greedy")
POOL = 700  # games played of each game, once
REPORTS = 100  # A/A reports of each game: 200 in all
SIZES = [(20, 300), (50, 50), (150, 150), (12, 400), (100, 250)]  # the two samples' games, report by report
AT_MOST = 0.05  # the share of A/A reports allowed to call anything real


class Pools(dict):
    """game -> the counts of each of its games 1..POOL (players drawn game by game), played when first asked for:
    a test process that runs only the tests of Cannon Dice plays no game of the other."""

    def __missing__(self, game: str) -> list:
        self[game] = [play_games(Plan(game, seed=11, bots=BOTS), n, n) for n in range(1, POOL + 1)]
        return self[game]


@pytest.fixture(scope="module")
def pools() -> Pools:
    return Pools()


def ran(game: str, counts: dict) -> dict:
    """The result of a run of `game` whose games' counts add up to `counts` (see `Totals`)."""
    return {"settings": {"game": game}, "counts": counts}


class Item(NamedTuple):
    """A step of a count's path into a list: the item's place, and the list's length."""
    index: int
    length: int


EMPTY = "an empty mapping"  # the last step of the path of a mapping a game counts nothing in


class Totals:
    """The counts of a pool's games as a matrix, a column for each count (its path through the mappings and
    lists) and a row for each game: the counts of any of its games added up as `add` adds them one by one (each
    count summed, each key that any of them has kept, an empty mapping too), a sum a column rather than a call a
    mapping, in a quarter of the time."""

    def __init__(self, pool: list):
        columns: dict = {}  # path -> its column
        found = [{columns.setdefault(path, len(columns)): count for path, count in _counted(counts, ())}
                 for counts in pool]
        self.paths = list(columns)
        self.counts = numpy.zeros((len(pool), len(columns)), dtype=numpy.int64)
        self.held = numpy.zeros((len(pool), len(columns)), dtype=bool)
        for row, counted in enumerate(found):
            self.counts[row, list(counted)] = list(counted.values())
            self.held[row, list(counted)] = True

    def total(self, numbers: list) -> dict:
        """The counts of the games at places `numbers` of the pool, added up."""
        sums, held = self.counts[numbers].sum(axis=0), self.held[numbers].any(axis=0)
        out: dict = {}
        for column in numpy.flatnonzero(held):
            *steps, last = self.paths[column]
            holder = out
            for step, following in zip(steps, [*steps[1:], last]):
                key = step.index if type(step) is Item else step
                if (holder.get(key) if type(holder) is dict else holder[key]) is None:
                    holder[key] = [None] * following.length if type(following) is Item else {}
                holder = holder[key]
            if last != EMPTY:
                holder[last.index if type(last) is Item else last] = int(sums[column])
        return out


def _counted(value, path: tuple):
    """(path, count) of each count a game's counts hold under `value`, at `path`; (path, 0) for an empty mapping."""
    if type(value) is dict and value:
        for key, item in value.items():
            yield from _counted(item, (*path, key))
    elif type(value) is list:
        for index, item in enumerate(value):
            yield from _counted(item, (*path, Item(index, len(value))))
    elif type(value) is dict:
        yield (*path, EMPTY), 0
    else:
        assert type(value) is int, (path, value)
        yield path, value


@pytest.mark.parametrize("game", GAMES)
def test_totals_add_up_drawn_games_as_the_stats_add_them_one_by_one(game):
    """What the calibrations compare: Totals makes of any draw of games what `add`, the stats' own, makes."""
    pool = [play_games(Plan(game, seed=11, bots=BOTS), n, n) for n in range(1, 41)]
    totals, draw = Totals(pool), random.Random(3)
    for size in (1, 2, 17, 40):
        numbers = draw.sample(range(len(pool)), size)
        one_by_one: dict = {}
        for number in numbers:
            add(one_by_one, pool[number])
        assert totals.total(numbers) == one_by_one, (size, numbers)


def flagged(rows: list) -> bool:
    return any(row["real"] for row in rows)


def test_two_samples_of_the_same_games_are_rarely_called_different(pools):
    draw = random.Random(2024)
    reports = flags = judged = 0
    for game in GAMES:
        pool = pools[game]
        totals = Totals(pool)
        for report in range(REPORTS):
            old, new = SIZES[report % len(SIZES)]
            numbers = draw.sample(range(len(pool)), old + new)  # the draws of sample(pool, old + new), by their places
            rows = compare(ran(game, totals.total(numbers[:old])), ran(game, totals.total(numbers[old:])))
            reports += 1
            flags += flagged(rows)
            judged += sum(row["p"] is not None for row in rows)
    assert reports == 200
    assert judged > 200 * 60  # most figures are judged: the test is not passed by judging none
    assert flags <= AT_MOST * reports, f"{flags} of {reports} reports of the same games call something real"


def test_a_first_player_made_to_win_more_often_is_found(pools):
    """The second sample keeps every game the first player in turn order won, and one in three of the others:
    the first player's wins rise from about a half to about three quarters, and the report says so."""
    draw = random.Random(7)
    pool = pools["cannon-dice"]
    totals = Totals(pool)
    found = 0
    for _ in range(20):
        numbers = draw.sample(range(len(pool)), len(pool))  # the draws of sample(pool, len(pool)), by their places
        old = numbers[:250]
        new = [n for n in numbers[250:] if _first_player_won(pool[n]) or draw.random() < 1 / 3]
        rows = compare(ran("cannon-dice", totals.total(old)), ran("cannon-dice", totals.total(new)))
        [row] = [row for row in rows if row["what"] == "2 players: wins of the 1st player in turn order"]
        found += row["real"] and row["low"] > 0
    assert found >= 18


def test_a_winning_margin_half_a_spread_wider_is_found(pools):
    """Every game of the second sample has its winning margin raised by 4 points, half the spread of Cannon
    Dice's margins from game to game (8 points)."""
    draw = random.Random(8)
    pool = pools["cannon-dice"]
    raised = Totals([_margin_raised(counts, 4) for counts in pool])  # each game once, not each time it is drawn
    totals = Totals(pool)
    found = 0
    for _ in range(20):
        numbers = draw.sample(range(len(pool)), 600)  # the draws of sample(pool, 600), by their places
        rows = compare(ran("cannon-dice", totals.total(numbers[:300])), ran("cannon-dice", raised.total(numbers[300:])))
        [row] = [row for row in rows if row["what"] == "2 players: mean winning margin"]
        found += row["real"] and row["low"] > 0
    assert found >= 18


def _first_player_won(counts: dict) -> bool:
    [block] = counts["players"].values()
    return block["order"]["wins"][0] == 1


def _margin_raised(counts: dict, points: int) -> dict:
    """A game's counts with its winning margin `points` higher."""
    out = add({}, counts)
    for block in out["players"].values():
        block["margin"] = {str(int(margin) + points): games for margin, games in block["margin"].items()}
    return out
