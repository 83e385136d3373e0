"""Speed of `pnp stats`, printed as figures (a script, not a test).

    .venv/bin/python benchmarks/bench_stats.py [--games 100000] [--scaling 20000] [--shards 100]
                                               [--shard-games 1000] [--game GAME]
    .venv/bin/python benchmarks/bench_stats.py --games 200 --scaling 100 --shards 3 --shard-games 100  # CI's

1. the whole command, `pnp stats GAME --games N --workers 2 --no-html`, run as a user runs it (random bots);
2. throughput with 1 and with 2 workers on the same games, and the ratio (the pool's scaling);
3. `pnp stats merge` of 100 shard files, each as large as a shard of 1,000 games: the merge alone, and the
   whole command writing the merged result (without the HTML page, whose plots take seconds of their own).

The machine's load average is printed before and after: figures taken on a busy machine say little.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.stats import results  # noqa: E402
from pnp.stats.run import Plan, run  # noqa: E402


def load() -> str:
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def command(*args: str) -> float:
    """Seconds the `pnp` command takes, from its start to its end."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", *args], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def whole_run(game: str, games: int, folder: Path) -> None:
    seconds = command("stats", game, "--games", str(games), "--workers", "2", "--no-html", "--out", str(folder))
    print(f"  pnp stats {game} --games {games:,} --workers 2: {seconds:.1f} s ({games / seconds:,.0f} games/s)")


def scaling(game: str, games: int) -> None:
    plan = Plan(game, seed=1)
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        run(plan, 1, games, workers)
        rates[workers] = games / (time.perf_counter() - start)
        print(f"  {workers} worker{'s' if workers > 1 else ''}: {rates[workers]:,.0f} games/s ({games:,} games)")
    print(f"  scaling from 1 to 2 workers: {rates[2] / rates[1]:.2f}x")


def merging(game: str, shards: int, folder: Path, each: int) -> None:
    plan = Plan(game, seed=1)
    counts = run(plan, 1, each, workers=2)  # the counts of one shard of `each` games, written as each shard
    settings, games = plan.settings(), shards * each
    files = []
    for index in range(shards):
        files.append(folder / f"shard-{index + 1}.json")
        results.write(files[-1], results.result(settings, games, [(index * each + 1, (index + 1) * each)], counts))
    size = files[0].stat().st_size
    start = time.perf_counter()
    merged = results.merge(files)
    alone = time.perf_counter() - start
    assert merged["counts"]["games"] == games and merged["played"] == [[1, games]]
    whole = command("stats", "merge", *map(str, files), "--no-html", "--out", str(folder / "merged"))
    print(f"  {shards} shards of {size / 1024:.0f} KiB: merged in {alone:.2f} s; "
          f"pnp stats merge (start to end, writing the result) {whole:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="buried-treasure")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--scaling", type=int, default=20_000, help="games played with 1, then 2 workers")
    parser.add_argument("--shards", type=int, default=100)
    parser.add_argument("--shard-games", type=int, default=1000, help="games a shard merged holds")
    options = parser.parse_args()
    print(f"{options.game}, {os.cpu_count()} cores, {load()}")
    with tempfile.TemporaryDirectory() as folder:
        whole_run(options.game, options.games, Path(folder))
        scaling(options.game, options.scaling)
        merging(options.game, options.shards, Path(folder), options.shard_games)
    print(load())


if __name__ == "__main__":
    main()
