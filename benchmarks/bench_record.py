"""Speed of recording a game at the table (`pnp.record.table.Table`), printed as figures (a script, not a test).

    .venv/bin/python benchmarks/bench_record.py [--game buccaneer] [--games 3] [--players 4] [--seed 1]
    .venv/bin/python benchmarks/bench_record.py --games 1 --players 2 --resume 20      # what CI runs

1. GAMES games of greedy bots are simulated (not timed), the longest kept whole;
2. a press: each line of each game entered into a Table in turn, as a page's button would, from the press to
   the view with the next choices (the line played by the rules, the file rewritten and flushed to disk, the
   lines allowed next found, what is public): the processor time of each, its median, the slowest and the
   presses with the most choices, the busiest turns. The target: 50 ms of processor time a press;
3. a resume, for every game: a log of RESUME lines at most (the first game of random bots that long, else the
   longest of a few; a game of Buccaneer is stopped after its turns' limit, about 300 lines), read again by
   `Table.open` and its view made, as a server started again does. The target: 0.5 s for 500 lines.

The machine's load average is printed before and after: figures taken on a busy machine say little.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.check.loader import checked_games, rules_for  # noqa: E402
from pnp.check.simulate import game_rng, play  # noqa: E402
from pnp.record.table import Table  # noqa: E402

PRESS, RESUME = 0.050, 0.5  # the targets, in seconds of processor time
BUSIEST = 5  # the presses with the most choices shown


def load() -> str:
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def opened(path: Path, played) -> Table:
    header = played.header
    options = {key: value for key, value in header.items() if key not in ("game", "players", "rules", "kit")}
    return Table.open(path, header["game"], tuple(header["players"].split()), options)


def presses(path: Path, played) -> list:
    """(processor seconds, wall seconds, choices offered after, line) of each line of `played` entered."""
    table, found = opened(path, played), []
    for action in played.actions:
        start, wall = time.process_time(), time.perf_counter()
        view = table.enter(str(action))
        found.append((time.process_time() - start, time.perf_counter() - wall,
                      sum(len(group["lines"]) + len(group.get("draws", ())) for group in view["choices"]), str(action)))
    return found


def long_game(rules, seed: int, players: int | None, lines: int, tries: int = 10):
    """The first game of random bots with `lines` lines or more (else the longest of `tries`)."""
    longest = None
    for n in range(1, tries + 1):
        played = play(rules, game_rng(seed, 1000 + n), players, ("random",), {}, "a benchmark")
        if longest is None or len(played.actions) > len(longest.actions):
            longest = played
        if len(played.actions) >= lines:
            break
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="buccaneer")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--resume", type=int, default=500, help="lines of the log resumed")
    args = parser.parse_args()
    print(load())
    rules = rules_for(args.game)
    games = [play(rules, game_rng(args.seed, n), args.players, ("greedy",), {}, "a benchmark")
             for n in range(1, args.games + 1)]
    print(f"{args.game}: {len(games)} greedy games of {args.players} players, "
          f"{sum(len(g.actions) for g in games):,} lines")
    with tempfile.TemporaryDirectory() as folder:
        timed = []
        for n, played in enumerate(games, start=1):
            timed += presses(Path(folder) / f"game-{n}.log", played)
        cpu = sorted(t[0] for t in timed)
        print(f"a press, processor time: median {statistics.median(cpu) * 1000:.1f} ms, 95th percentile "
              f"{cpu[int(len(cpu) * 0.95)] * 1000:.1f} ms, slowest {cpu[-1] * 1000:.1f} ms "
              f"(target {PRESS * 1000:.0f} ms: {'met' if cpu[-1] <= PRESS else 'MISSED'}); wall time slowest "
              f"{max(t[1] for t in timed) * 1000:.1f} ms (flushing to disk included)")
        print("the busiest turns (most choices offered after the press):")
        for seconds, _, choices, line in sorted(timed, key=lambda t: -t[2])[:BUSIEST]:
            print(f"  {seconds * 1000:6.1f} ms  {choices:4} choices  after {line}")

        print("a resume (processor time):")
        for game in checked_games():
            longest = long_game(rules_for(game), args.seed, None, args.resume)
            path = Path(folder) / f"resumed-{game}.log"
            table = opened(path, longest)
            for action in longest.actions[:args.resume]:
                table.enter(str(action))
            lines = len(path.read_text().splitlines())
            start = time.process_time()
            Table.open(path, game, ()).view()
            seconds = time.process_time() - start
            met = "met" if seconds <= RESUME * max(lines, 500) / 500 else "MISSED"
            print(f"  {game:16} a log of {lines:5,} lines: {seconds:.3f} s (target {RESUME} s for 500 lines: {met})")
    print(load())


if __name__ == "__main__":
    main()
