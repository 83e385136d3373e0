"""Speed of `pnp stats GAME --playtests FOLDER`, printed as figures (a script, not a test).

    .venv/bin/python benchmarks/bench_playtests.py [--logs 10000] [--profile 500] [--game buried-treasure]
    .venv/bin/python benchmarks/bench_playtests.py --logs 20 --profile 10      # what CI runs

1. LOGS logs of bots' games (random and greedy bots, turned round the seats) are written into a temporary
   folder by the simulator (not timed);
2. the whole command, `pnp stats GAME --playtests FOLDER --no-html`, run as a user runs it on every core:
   its wall-clock time and its processor time (user + system of the command and its worker processes),
   with events read a processor second. The target: 10,000 Buried Treasure logs in 30 s;
3. where the time goes, in this process on PROFILE of the logs: checking alone (`pnp check`'s replay), the
   same with each game recorded and counted, the same with the players' moves set against the greedy bot's;
   and cProfile's most expensive functions of the last.

The machine's load average is printed before and after: figures taken on a busy machine say little.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.check.loader import rules_for  # noqa: E402
from pnp.check.replay import check_path  # noqa: E402
from pnp.stats.playtests import read_logs  # noqa: E402
from pnp.stats.run import Plan, cores, run  # noqa: E402

TARGET = 30.0  # seconds for 10,000 Buried Treasure logs


def load() -> str:
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


def write_logs(game: str, logs: int, folder: Path) -> None:
    run(Plan(game, seed=1, bots=("random", "greedy"), logs=str(folder)), 1, logs, workers=cores())


def whole_command(game: str, folder: Path, out: Path) -> tuple:
    """(wall seconds, processor seconds, its output) of the command, its worker processes included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pnp", "stats", game, "--playtests", str(folder), "--no-html",
                           "--out", str(out)], check=True, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def processor_time(step) -> float:
    start = time.process_time()
    step()
    return time.process_time() - start


def where_the_time_goes(game: str, files: list) -> None:
    rules = rules_for(game)
    events = sum(check_path(Path(file), rules=rules).events for file in files)  # warm, and the events
    steps = [("checking alone", lambda: [check_path(Path(file), rules=rules) for file in files]),
             ("checked, recorded and counted", lambda: read_logs(game, files)),
             ("... and every move set against the greedy bot's", lambda: read_logs(game, files, frozenset(files)))]
    print(f"  in this process, {len(files):,} logs ({events:,} events):")
    for name, step in steps:
        seconds = processor_time(step)
        print(f"    {name:50s} {seconds:6.2f} s   {events / seconds:9,.0f} events/s   "
              f"{1000 * seconds / len(files):5.2f} ms a log")
    profile = cProfile.Profile()
    profile.runcall(read_logs, game, files, frozenset(files))
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(15)
    print("  cProfile, the last step, by time spent in each function itself:")
    print("\n".join("    " + line for line in text.getvalue().splitlines() if line.strip()[:1].isdigit()
                    or "tottime" in line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=10_000)
    parser.add_argument("--profile", type=int, default=500, help="logs profiled in this process")
    parser.add_argument("--game", default="buried-treasure")
    options = parser.parse_args()
    print(load(), f"· {cores()} cores")
    with tempfile.TemporaryDirectory() as temporary:
        folder, out = Path(temporary) / "logs", Path(temporary) / "out"
        write_logs(options.game, options.logs, folder)
        files = sorted(str(path) for path in folder.glob("*.log"))
        print(f"{options.game}: {len(files):,} logs of bots' games written")
        wall, cpu, output = whole_command(options.game, folder, out)
        events = sum(check_path(Path(file), rules=rules_for(options.game)).events for file in files)
        print(f"  pnp stats --playtests: {wall:.1f} s wall-clock, {cpu:.1f} s processor time "
              f"({events:,} events, {events / cpu:,.0f} events a processor second)"
              + (f"; target for 10,000 logs: {TARGET:.0f} s" if options.logs == 10_000 else ""))
        print("  " + next(line for line in output.splitlines() if " logs: " in line))
        where_the_time_goes(options.game, files[:options.profile])
    print(load())


if __name__ == "__main__":
    main()
