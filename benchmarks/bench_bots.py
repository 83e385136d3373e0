"""Speed of the bots, printed as figures (a script, not a test).

    .venv/bin/python benchmarks/bench_bots.py [--games 200] [--runs 5] [--seed 1] [--game buccaneer ...]
    .venv/bin/python benchmarks/bench_bots.py --games 2 --runs 1      # what CI runs: that it still runs

For each game with a checker (all, unless `--game` names one), the same numbered games are played with
every seat's bot `random`, then with every seat's bot `greedy` (as `pnp simulate --bot ...` plays them,
without writing logs). Each figure is the processor time (user + system, of this process) per game, the
median of `--runs` runs, and the ratio greedy / random. Games of one bot differ in length from the
other's, so the ratio is the cost of a greedy game beside a random one, as a user running `pnp stats` sees it.

Targets (by hand, on an idle machine; never asserted in tests):
- Buccaneer's greedy bot: at most 20 ms a game;
- every game's greedy bot: at most 3x its random bot's time a game.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.check.loader import checked_games, rules_for  # noqa: E402
from pnp.check.simulate import game_rng, play  # noqa: E402

GAMES = tuple(checked_games())
BOTS = ("random", "greedy")


def per_game(rules, bot: str, games: int, seed: int) -> float:
    """Milliseconds of processor time a game, over games 1..`games` of `seed` played by `bot` alone."""
    start = time.process_time()
    for number in range(1, games + 1):
        play(rules, game_rng(seed, number), None, (bot,), {}, f"seed {seed}, game {number}")
    return (time.process_time() - start) * 1000 / games


def measure(game: str, games: int, runs: int, seed: int) -> dict:
    rules = rules_for(game)  # the game's data, read once before the clock starts
    figures = {}
    for bot in BOTS:
        times = [per_game(rules, bot, games, seed) for _ in range(runs)]
        figures[bot] = statistics.median(times)
    return figures


def load() -> str:
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a run, for each bot")
    parser.add_argument("--runs", type=int, default=5, help="runs whose median is printed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", dest="games_measured", action="append", choices=GAMES,
                        help="a game to measure (repeat for more; default: all)")
    options = parser.parse_args()
    print(f"{options.games} games a run, median of {options.runs} runs, processor time; {load()}")
    print(f"  {'game':<18}{'random ms/game':>16}{'greedy ms/game':>16}{'greedy/random':>15}")
    for game in options.games_measured or GAMES:
        figures = measure(game, options.games, options.runs, options.seed)
        print(f"  {game:<18}{figures['random']:>16.2f}{figures['greedy']:>16.2f}"
              f"{figures['greedy'] / figures['random']:>14.1f}x")
    print(load())


if __name__ == "__main__":
    main()
