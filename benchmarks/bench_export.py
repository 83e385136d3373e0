"""Export speed and memory, measured (never asserted in unit tests: shared machines are noisy).

    python benchmarks/bench_export.py [--runs 3] [--only all,png,tts] [--cards 200] [--big 2000]
    python benchmarks/bench_export.py --tiny      # every job once, the toy game, small decks: what CI runs

Each figure is the median of several runs, each a fresh process, with the processor time (user + system) and
the peak memory of the process (bench_build.py measures alike; runs of things compared take turns).

1. All five games to every target (`pnp export png`, `tts`, `mpc`, `tgc`, one command each, their times
   added), against `pnp build` of all five, both with a warm cache. Target: 2 x the build's time or less.
2. A deck of 200 different cards (text and vector art, bench_build.py's), `pnp export png` at 300 dpi with an
   empty cache: faces a second (its 200 fronts and the back they share). Target: 50 faces/s or more.
3. A deck of 2,000 different cards, `pnp export tts` with an empty cache: the peak memory. Target: 300 MB or
   less, and flat in the number of cards (the 200-card deck's figure is printed beside it).

--tiny runs each command once and nothing before it (job 1 of the tests' toy game, with the cache its build
fills), the modules used as compiled already: that the benchmark still runs, its figures of no worth.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "tests" / "fixtures" / "toy"  # --tiny's game: every kind of part, each small
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_build import Timings, make_deck, run, session  # noqa: E402

# the commands measured are this checkout's, wherever the benchmark is run from
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])

TARGETS = ("png", "tts", "mpc", "tgc")


def every_target(pnp: list, scratch: Path, runs: int, timings: Timings, games: list, warm_up: bool = True) -> None:
    """Job 1, for the `games` named (none: all five); `warm_up`: each command run once first, not counted."""
    warm = scratch / "warm-all"
    if warm_up:
        run(pnp + ["build", *games, "--out", str(scratch / "built")], warm)
        for target in TARGETS:
            run(pnp + ["export", target, *games, "--out", str(scratch / "exported")], warm)
    for _ in range(runs):
        timings.add("build", run(pnp + ["build", *games, "--out", str(scratch / "built")], warm))
        for target in TARGETS:
            timings.add(target, run(pnp + ["export", target, *games, "--out", str(scratch / "exported")], warm))
    build = timings.median("build"), timings.median("build", 1)
    export = sum(timings.median(target) for target in TARGETS), sum(timings.median(target, 1) for target in TARGETS)
    print(f"{', '.join(Path(game).name for game in games) or 'All five games'}, warm cache:")
    print(f"  pnp build:            {timings.line('build')}")
    for target in TARGETS:
        print(f"  pnp export {target}:       {timings.line(target)}")
    print(f"  every target: {export[0]:.3f} s (processor {export[1]:.3f} s) = {export[0] / build[0]:.2f} x the "
          f"build (processor time: {export[1] / build[1]:.2f} x)  (target <= 2)", flush=True)


def deck(pnp: list, scratch: Path, cards: int, target: str, runs: int, timings: Timings, *args) -> str:
    """`pnp export TARGET` of a deck of `cards` different cards, each run with an empty cache; its label."""
    game = scratch / f"deck-{cards}"
    if not game.exists():
        make_deck(game, cards)
    label = f"{cards}-card deck, {target}"
    for index in range(runs):
        timings.add(label, run(pnp + ["export", target, str(game), "--out", str(scratch / "decks"), *args],
                               scratch / f"cold-{target}-{cards}-{index}"))
    return label


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="all,png,tts", help="which of all, png, tts to measure")
    parser.add_argument("--cards", type=int, default=200, help="the PNG job's number of different cards")
    parser.add_argument("--big", type=int, default=2000, help="the TTS job's number of different cards")
    parser.add_argument("--tiny", action="store_true", help="each command once, the toy game, small decks: that "
                        "the benchmark still runs, not figures")
    options = parser.parse_args()
    games = [str(TOY)] if options.tiny else []
    if options.tiny:
        options.runs, options.cards, options.big = 1, 4, 8
    warm_up = not options.tiny
    only = set(options.only.split(","))
    with session(own_bytecode=warm_up) as (pnp, scratch, timings):
        if warm_up:
            run(pnp + ["--version"], scratch / "compile")  # compiles the modules once
        if "all" in only:
            every_target(pnp, scratch, options.runs, timings, games, warm_up)
        if "png" in only:
            label = deck(pnp, scratch, options.cards, "png", options.runs, timings, "--dpi", "300")
            faces = options.cards + 1
            print(f"{label} at 300 dpi, empty cache ({faces} faces): {timings.line(label)}\n"
                  f"  = {faces / timings.median(label):.0f} faces/s, {faces / timings.median(label, 1):.0f} a "
                  "processor second  (target >= 50 faces/s)", flush=True)
        if "tts" in only:
            small = deck(pnp, scratch, options.cards, "tts", 1, timings)
            big = deck(pnp, scratch, options.big, "tts", 1, timings)
            print(f"{big}, empty cache: {timings.line(big)}  (target <= 300 MB)\n"
                  f"  beside {small}: {timings.line(small)}", flush=True)


if __name__ == "__main__":
    main()
