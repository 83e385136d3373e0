"""`pnp watch`'s loop, measured: the time from saving a one-card text change to the build (PDFs and preview
pictures) being done, in the one long-lived process `pnp watch` runs.

    python benchmarks/bench_watch.py [--saves 9]      # Buccaneer, the largest kit
    python benchmarks/bench_watch.py --tiny           # the toy game of the tests, two saves: what CI runs

A copy of the game is watched (a session in a thread, as `pnp watch` runs it, with a cache of its own); after
the first build, one card's text is changed and saved, again and again, each save waiting for its build.
Shown: the first build, then the median of the saves, as wall time (save to build done: the notice of the
save included) and as processor time (user + system of the whole process while it waited: less sensitive to
a machine shared with other work). Target: 1 s or less from save to build done for Buccaneer.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHANGES = {  # game -> (file, text, the text that each save writes in its place: {n} the save's number)
    "buccaneer": ("chance-cards.yaml", "they hand you 3 crew cards", "they give you 3 crew cards ({n})"),
    "toy": ("deck.csv", "Beta,2", "Brigantine {n},2"),
}


def cpu() -> float:
    times = os.times()
    return times.user + times.system


def measure(folder: Path, saves: int) -> tuple[dict, list]:
    """The first build's status, and (wall, processor) seconds of each save until its build was done."""
    from pnp.model.paper import PAPERS
    from pnp.build.watch import Session, run

    file, one, other = CHANGES[folder.name]
    path = folder / file
    session = Session(str(folder), {"paper": PAPERS["a4"]}, folder.parent / "out")
    stop = threading.Event()
    thread = threading.Thread(target=run, args=(session, lambda message: None), kwargs={"stop": stop})
    thread.start()
    try:
        while session.current()["build"] < 1:
            time.sleep(0.005)
        first = session.current()
        time.sleep(0.5)  # the watcher started after the first build
        figures = []
        said = one
        for save in range(saves):  # each save says it anew: no build's pages were ever pictured before
            new = other.format(n=save + 1)
            text = path.read_text(encoding="utf-8").replace(said, new)
            said = new
            number = session.current()["build"]
            start, used = time.perf_counter(), cpu()
            path.write_text(text, encoding="utf-8")
            while session.current()["build"] == number:
                time.sleep(0.002)
            figures.append((time.perf_counter() - start, cpu() - used))
            status = session.current()
            if not status["ok"]:
                raise SystemExit(f"the build after a save failed: {status['problems']}")
            time.sleep(0.3)  # the build's own writes settle
    finally:
        stop.set()
        thread.join()
    return first, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=9)
    parser.add_argument("--tiny", action="store_true", help="the toy game, two saves")
    args = parser.parse_args()
    if args.tiny:
        source, saves = ROOT / "tests" / "fixtures" / "toy", 2
    else:
        source, saves = ROOT / "pnp" / "games" / "buccaneer", args.saves
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / "cache")
        folder = Path(scratch) / source.name
        shutil.copytree(source, folder, ignore=shutil.ignore_patterns("examples", "rules", "__pycache__"))
        first, figures = measure(folder, saves)
    walls, cpus = [wall for wall, _ in figures], [used for _, used in figures]
    print(f"{source.name}: first build (empty cache) {first['seconds']:.2f} s wall, {first['cpu']:.2f} s processor")
    print(f"{source.name}: save to build done, median of {len(figures)}: {statistics.median(walls):.3f} s wall "
          f"(range {min(walls):.3f}-{max(walls):.3f}), {statistics.median(cpus):.3f} s processor (target: 1 s)")


if __name__ == "__main__":
    main()
