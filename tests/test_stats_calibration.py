"""`pnp stats --compare` calls a difference real only when the games support it: two samples of the same game
and bots (A/A) are called different in at most one report in twenty, and a difference planted in one of two
samples is still found.

Each game is played once, by the chunk function of a run (game n of a seed is always the same game), and
every report adds up two disjoint draws of those games: a comparison of two runs of the same plan with other
game numbers, as affordable as a few hundred games a game."""
from __future__ import annotations

import random

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


def result(game: str, games: list) -> dict:
    """The result of a run that played exactly `games` (counts of single games)."""
    total: dict = {}
    for counts in games:
        add(total, counts)
    return {"settings": {"game": game}, "counts": total}


def flagged(rows: list) -> bool:
    return any(row["real"] for row in rows)


def test_two_samples_of_the_same_games_are_rarely_called_different(pools):
    draw = random.Random(2024)
    reports = flags = judged = 0
    for game in GAMES:
        pool = pools[game]
        for report in range(REPORTS):
            old, new = SIZES[report % len(SIZES)]
            games = draw.sample(pool, old + new)
            rows = compare(result(game, games[:old]), result(game, games[old:]))
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
    found = 0
    for _ in range(20):
        games = draw.sample(pool, len(pool))
        old = games[:250]
        new = [counts for counts in games[250:] if _first_player_won(counts) or draw.random() < 1 / 3]
        rows = compare(result("cannon-dice", old), result("cannon-dice", new))
        [row] = [row for row in rows if row["what"] == "2 players: wins of the 1st player in turn order"]
        found += row["real"] and row["low"] > 0
    assert found >= 18


def test_a_winning_margin_half_a_spread_wider_is_found(pools):
    """Every game of the second sample has its winning margin raised by 4 points, half the spread of Cannon
    Dice's margins from game to game (8 points)."""
    draw = random.Random(8)
    pool = pools["cannon-dice"]
    raised = [_margin_raised(counts, 4) for counts in pool]  # each game once, not each time it is drawn
    found = 0
    for _ in range(20):
        numbers = draw.sample(range(len(pool)), 600)  # the draws of sample(pool, 600), by their places
        old, new = [pool[n] for n in numbers[:300]], [raised[n] for n in numbers[300:]]
        rows = compare(result("cannon-dice", old), result("cannon-dice", new))
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
