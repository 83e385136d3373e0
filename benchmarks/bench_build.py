"""Build speed and memory, measured (never asserted in unit tests: shared machines are noisy).

    python benchmarks/bench_build.py [--runs 5]

1. Whole kits as a user builds them, in a fresh process (interpreter start-up and imports included), with an
   empty cache and with the cache of compiled templates and artwork a previous build leaves: Buried Treasure
   (duplex and fold), Cannon Dice (its fold-and-glue form, 10 numbered sheets) and Pete the Pirate (duplex and
   fold: a board tiled over sheets, tokens, standees, box nets). Target: under 1 s each.
2. A synthetic deck of 1,000 different cards with text and vector art, laid out and written as one PDF,
   fronts and backs. Target: 500 cards per second or more.
3. Peak memory (maximum resident set size) of each of those processes. Target: under 200 MB.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

DECK_SIZE = 1000

SYNTHETIC_GAME = """\
name: Benchmark Deck
players: [1, 6]
palette: {a: "#C0392B", b: "#2E8B57", c: "#E0A800", d: "#1F5FA8", ink: "#2B1D0E", paper: "#FBF3DF"}
components:
  deck:
    kind: cards
    title: Deck
    size: poker
    template: front.yaml.j2
    back: back.yaml.j2
    cards: deck.csv
    fields:
      title: {type: text}
      text: {type: text}
      suit: {type: choice, of: [a, b, c, d]}
      value: {type: int}
"""

FRONT = """\
- rect: {x: {{ -bleed }}, y: {{ -bleed }}, w: {{ w + 2 * bleed }}, h: {{ h + 2 * bleed }}, fill: {{ card.suit }}}
- rect: {x: 3.5, y: 12, w: {{ w - 7 }}, h: {{ h - 15.5 }}, r: 2.5, fill: paper, stroke: ink, width: 0.5}
- text: {text: {{ card.title | tojson }}, x: 3.5, y: 3.5, w: {{ w - 7 }}, h: 7, size: 12, font: title, colour: paper}
- art: {src: {{ card.art }}, x: 12, y: 16, w: 39.5, h: 39.5}
- circle: {x: 10, y: 20, r: 5, fill: ink}
- text: {text: {{ card.value | string | tojson }}, x: 5, y: 17, w: 10, h: 6, size: 11, font: bold, colour: paper}
- text: {text: {{ card.text | tojson }}, x: 7, y: 58, w: {{ w - 14 }}, h: 22, size: 8, colour: ink}
"""

BACK = """\
- rect: {x: {{ -bleed }}, y: {{ -bleed }}, w: {{ w + 2 * bleed }}, h: {{ h + 2 * bleed }}, fill: ink}
- art: {src: buried-treasure/compass.svg, x: 12, y: 25, w: 39.5, h: 39.5}
"""

ARTS = ["cannon", "map", "pirate", "ship"]


def make_deck(folder: Path) -> None:
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(SYNTHETIC_GAME.replace("value: {type: int}",
                                                             "value: {type: int}\n      art: {type: text}"))
    (folder / "templates" / "front.yaml.j2").write_text(FRONT)
    (folder / "templates" / "back.yaml.j2").write_text(BACK)
    rows = ["id,count,title,text,suit,value,art"]
    for i in range(DECK_SIZE):
        text = f"Card {i}: move {i % 7 + 1} spaces, then draw {i % 3 + 1} cards and give one to a player of your choice."
        rows.append(f"card-{i},1,Card number {i},\"{text}\",{'abcd'[i % 4]},{i % 10},"
                    f"buried-treasure/{ARTS[i % 4]}.svg")
    (folder / "deck.csv").write_text("\n".join(rows) + "\n")


DECK_SCRIPT = """
import sys, time
from pnp.games import load_game
from pnp.imposition import Settings
from pnp.kit import lay_out, render
start = time.perf_counter()
game = load_game(sys.argv[1])
parts = lay_out(game, Settings())
data = render(game, parts, Settings(), with_contents=False)
print(time.perf_counter() - start, len(data))
"""


def run(command: list[str], cache_home: Path | None = None) -> tuple[float, str]:
    """Wall time of a command in a fresh process; with `cache_home`, a cache of its own (empty: a cold start)."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache_home)) if cache_home else None
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    return time.perf_counter() - start, done.stdout


def peak_mb() -> float:
    """The largest resident set of the child processes so far (ru_maxrss is in KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


KITS = [  # (what is built, the command's arguments)
    ("Buried Treasure kit, duplex + fold, A4 (11 files)", ["buried-treasure"]),
    ("Cannon Dice kit, fold-and-glue, 10 numbered sheets, A4", ["cannon-dice", "--sheets", "10"]),
    ("Pete the Pirate kit, duplex + fold, A4: tiled board, tokens, standees, boxes", ["pete-the-pirate"]),
]


def time_kit(pnp: list[str], args: list[str], scratch: Path, runs: int) -> str:
    """`pnp build ARGS` in fresh processes: with an empty cache each time, then with a warm one."""
    build = pnp + ["build", *args, "--out", str(scratch / "out")]
    cold = [run(build, scratch / f"cold-cache-{args[0]}-{i}")[0] for i in range(runs)]
    warm_cache = scratch / "warm-cache"
    run(build, warm_cache)
    warm = [run(build, warm_cache)[0] for _ in range(runs)]
    return (f"  empty cache:  median {statistics.median(cold):.3f} s, worst {max(cold):.3f} s over {runs} runs"
            "  (target < 1 s)\n"
            f"  warm cache:   median {statistics.median(warm):.3f} s, worst {max(warm):.3f} s over {runs} runs")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    pnp = [sys.executable, "-m", "pnp"]
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        for title, args in KITS:
            print(f"{title}: `pnp build {' '.join(args)}` in a fresh process")
            print(time_kit(pnp, args, scratch, runs), flush=True)
        make_deck(scratch / "deck")
        deck = []
        for _ in range(runs):
            _, out = run([sys.executable, "-c", DECK_SCRIPT, str(scratch / "deck")], scratch / "warm-cache")
            deck.append(float(out.split()[0]))
    print(textwrap.dedent(f"""\
        Synthetic deck of {DECK_SIZE} different cards with text and vector art, fronts + backs, one PDF:
          median {statistics.median(deck):.3f} s = {DECK_SIZE / statistics.median(deck):.0f} cards/s,
          best {DECK_SIZE / min(deck):.0f} cards/s  (target >= 500 cards/s)
        Peak memory (max RSS of any run): {peak_mb():.0f} MB  (target < 200 MB)"""))


if __name__ == "__main__":
    main()
