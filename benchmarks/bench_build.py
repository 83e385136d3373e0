"""Build speed and memory, measured (never asserted in unit tests: shared machines are noisy).

    python benchmarks/bench_build.py [--runs 5] [--only kits,png,svg,deck,variant,text,memory] [--cards 10000]
    python benchmarks/bench_build.py --tiny       # every job once, small: what CI runs, figures of no worth

Every figure is the median of several runs, each a fresh process (interpreter start-up and imports included),
and runs of the things compared take turns, so that a busy machine slows them alike; the processor time each
took (user + system) is shown too, being less sensitive to a machine shared with other work. The processes
keep compiled modules as an installed program does (in a scratch folder, even where PYTHONDONTWRITEBYTECODE
is set), after a first run that compiles them. --tiny runs each command of each job once and nothing before
it: a build with an empty cache fills the cache its warm run finds, and the modules are used as compiled already.

1. Whole kits as a user builds them: Buried Treasure (duplex and fold), Cannon Dice (its fold-and-glue form,
   10 numbered sheets) and Pete the Pirate (duplex and fold: a board tiled over sheets, tokens, standees, box
   nets), with an empty cache and with the cache a previous build leaves; then all five kits in one run
   (`pnp build`). Target: under 1 s each; Buccaneer, the largest kit (a 24 x 24 board, 88 cards, 36 tokens,
   mats, duplex and fold), under 1.5 s; the five in one run, 2.0 processor seconds with an empty cache.
2. The 200-card picture job: 20 PNG faces (poker size with 3 mm bleed, 300 dpi, made here) ten times each with
   one back, A4, duplex, built by `pnp build` (the deck's PDF, the kit's and the duplex test) and, in the same
   run, by a plain reportlab script that lays out the same cards drawing each picture once as a form: about
   the least work that job can take with reportlab. Reported as the ratio of the medians.
   Target: 1.0 or less with an empty cache, 0.5 or less with a warm one.
3. The 200-card picture job with each front wrapped in an SVG file, as art often comes from other tools: an
   SVG of the face's size holding just an <image> of the PNG beside it, placed by an `art` step; compared
   in the same run with the same plain reportlab script. Target: 1.2 or less (processor time) with an
   empty cache, 0.8 or less with a warm one.
4. A deck of 10,000 different cards with text and vector art, `pnp build --duplex` (the deck's PDF and the
   kit's, both every card), with an empty cache and a warm one: cards per second and the peak memory of the
   process. Target: 1,000 cards/s or more, 1,500 a processor second with an empty cache (1,000 cards), 100 MB
   or less.
5. A variant of the rules: Buried Treasure's duplex kit built with `--rule hand-sizes.2=10 --rule
   bonus.coloured=2` (the rules sheet, the score sheet and every starter card state the new values) and
   without, taking turns, each with an empty cache. Target: the variant costs no more processor time than the
   plain kit (a ratio of 1.0 or less, within the machine's noise: the interval of the runs' paired ratios, as
   in 6., reaching 1.0).
6. 1,000 different text cards (the deck of 4.), `pnp build --duplex` with an empty cache, against plain
   reportlab writing the same cards by hand (`../shared/bench/baseline_text_cards.py` from the project's
   folder, or `--baseline FILE`): the same two PDFs (`--pdfs 2`, as pnp writes the deck's PDF and the kit's)
   and one. Taking turns; the ratios of the medians of processor time, and against the two, run by run, the
   median of the ratios of each pnp run to the plain run beside it, with a 95 % interval from the sign test:
   the target is met when the whole interval lies at 1.0 or below. Target: 1.0 or less against the two.
7. The deck of 4. at a tenth, half and all of its size (1,000, 5,000 and 10,000 cards), each built with an empty
   cache, taking turns: the peak memory of each, what the peak grows by a thousand cards past the smallest and
   from half the deck to all of it, and the slope of a straight line through every run's peak against its
   number of cards, with its 95 % interval (least squares, Student's t): the peak is flat when the whole
   interval lies within FLAT MB a thousand cards either way. Target: 100 MB or less, not growing with the deck
   (a build holds a few parts' faces at a time, not the deck's).
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from contextlib import contextmanager
from pathlib import Path

# --- the jobs --------------------------------------------------------------------------------------------

DECK_GAME = """\
name: Benchmark Deck
players: [1, 6]
forms: [duplex]
rules_elsewhere: the rules booklet
palette: {a: "#C0392B", b: "#2E8B57", c: "#E0A800", d: "#1F5FA8", ink: "#2B1D0E", paper: "#FBF3DF"}
components:
"""

DECK_GROUP = """\
  deck-%(n)d:
    kind: cards
    title: Deck %(n)d
    size: poker
    template: front.yaml.j2
    back: back.yaml.j2
    cards: deck-%(n)d.csv
    fields:
      title: {type: text}
      text: {type: text}
      suit: {type: choice, of: [a, b, c, d]}
      value: {type: int}
      art: {type: text}
"""

DECK_FRONT = """\
- rect: {x: {{ -bleed }}, y: {{ -bleed }}, w: {{ w + 2 * bleed }}, h: {{ h + 2 * bleed }}, fill: {{ card.suit }}}
- rect: {x: 3.5, y: 12, w: {{ w - 7 }}, h: {{ h - 15.5 }}, r: 2.5, fill: paper, stroke: ink, width: 0.5}
- text: {text: {{ card.title | tojson }}, x: 3.5, y: 3.5, w: {{ w - 7 }}, h: 7, size: 12, font: title, colour: paper}
- art: {src: {{ card.art }}, x: 12, y: 16, w: 39.5, h: 39.5}
- circle: {x: 10, y: 20, r: 5, fill: ink}
- text: {text: {{ card.value | string | tojson }}, x: 5, y: 17, w: 10, h: 6, size: 11, font: bold, colour: paper}
- text: {text: {{ card.text | tojson }}, x: 7, y: 58, w: {{ w - 14 }}, h: 22, size: 8, colour: ink}
"""

DECK_BACK = """\
- rect: {x: {{ -bleed }}, y: {{ -bleed }}, w: {{ w + 2 * bleed }}, h: {{ h + 2 * bleed }}, fill: ink}
- art: {src: buried-treasure/compass.svg, x: 12, y: 25, w: 39.5, h: 39.5}
"""

ARTS = ["cannon", "map", "pirate", "ship"]


def make_deck(folder: Path, cards: int) -> None:
    """A game whose deck has `cards` different cards, each with a title, a value, a sentence and artwork, in
    groups as large as the data allows."""
    from pnp.model.kinds import MAX_CARDS

    (folder / "templates").mkdir(parents=True)
    (folder / "templates" / "front.yaml.j2").write_text(DECK_FRONT)
    (folder / "templates" / "back.yaml.j2").write_text(DECK_BACK)
    groups = range(1, (cards + MAX_CARDS - 1) // MAX_CARDS + 1)
    (folder / "game.yaml").write_text(DECK_GAME + "".join(DECK_GROUP % {"n": n} for n in groups))
    for n in groups:
        rows = ["id,count,title,text,suit,value,art"]
        for i in range((n - 1) * MAX_CARDS, min(n * MAX_CARDS, cards)):
            text = (f"Card {i}: move {i % 7 + 1} spaces, then draw {i % 3 + 1} cards and give one to a player "
                    "of your choice.")
            rows.append(f"card-{i},1,Card number {i},\"{text}\",{'abcd'[i % 4]},{i % 10},"
                        f"buried-treasure/{ARTS[i % 4]}.svg")
        (folder / f"deck-{n}.csv").write_text("\n".join(rows) + "\n")


PICTURES, COPIES = 20, 10
CARD_W, CARD_H, BLEED = 63.5, 88.9, 3.0  # mm
DPI = 300

PICTURE_GAME = """\
name: Picture Deck
players: [2, 4]
forms: [duplex]
rules_elsewhere: the rules booklet
components:
  deck:
    kind: cards
    title: Deck
    size: poker
    template: front.yaml.j2
    back: back.yaml.j2
    cards: deck.csv
    fields:
      picture: {type: text}
"""

WHOLE_FACE = ("- %s: {src: %s, x: {{ -bleed }}, y: {{ -bleed }}, w: {{ w + 2 * bleed }}, "
              "h: {{ h + 2 * bleed }}}\n")
WRAPPER = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%gmm" '
           'height="%gmm" viewBox="0 0 %d %d">\n  <image width="%d" height="%d" xlink:href="%s"/>\n</svg>\n')


def make_pictures(folder: Path, wrapped: bool = False, fronts: int = PICTURES) -> None:
    """The picture job's game folder: `fronts` fronts and a back as PNG files, whole faces with their bleed at
    DPI, a few lines of writing on each, and a deck of each front COPIES times. `wrapped`: each front drawn
    by an SVG file of the face's size that holds just an <image> of its PNG."""
    from PIL import Image, ImageDraw

    size = tuple(round((side + 2 * BLEED) / 25.4 * DPI) for side in (CARD_W, CARD_H))
    art = folder / "artwork"
    art.mkdir(parents=True)
    for number in range(fronts):
        picture = Image.new("RGB", size, (30 + 9 * number, 100, 170 - 6 * number))
        pen = ImageDraw.Draw(picture)
        pen.rectangle([70, 70, size[0] - 70, size[1] - 70], outline=(250, 245, 230), width=10)
        for line in range(14):
            pen.text((110, 120 + 45 * line), f"Card {number}: sail {line % 5 + 1} leagues, then draw a card.",
                     fill=(250, 245, 230))
        picture.save(art / f"front-{number:02d}.png")
        if wrapped:
            (art / f"front-{number:02d}.svg").write_text(WRAPPER % (CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, *size,
                                                                    *size, f"front-{number:02d}.png"))
    Image.new("RGB", size, (110, 35, 30)).save(art / "back.png")
    (folder / "templates").mkdir()
    step, kind = ("art", "svg") if wrapped else ("image", "png")
    (folder / "templates" / "front.yaml.j2").write_text(WHOLE_FACE % (step, "{{ card.picture }}"))
    (folder / "templates" / "back.yaml.j2").write_text(WHOLE_FACE % ("image", "back.png"))
    rows = ["id,count,picture"] + [f"card-{n},{COPIES},front-{n:02d}.{kind}" for n in range(fronts)]
    (folder / "deck.csv").write_text("\n".join(rows) + "\n")
    (folder / "game.yaml").write_text(PICTURE_GAME)


# Plain reportlab for the same job: each picture drawn once into a form, forms placed 3 x 3 on A4 with crop
# marks, each page of fronts followed by its backs, mirrored for a long-edge flip.
PLAIN_REPORTLAB = """
import sys
from pathlib import Path
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

folder, out = Path(sys.argv[1]), sys.argv[2]
w, h, bleed = {w} * mm, {h} * mm, {bleed} * mm
pages = Canvas(out, pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
left, bottom = (210 * mm - 3 * w) / 2, (297 * mm - 3 * h) / 2

def picture_form(name, path):
    pages.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
    pages.drawImage(str(path), -bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
    pages.endForm()
    return name

fronts = [picture_form(f"front{{n}}", path) for n, path in enumerate(sorted(folder.glob("front-*.png")))]
back = picture_form("back", folder / "back.png")
deck = [front for front in fronts for _ in range({copies})]

def put(form, column, row):
    x, y = left + column * w, bottom + (2 - row) * h
    pages.saveState()
    clip = pages.beginPath()
    clip.rect(x - (bleed if column == 0 else 0), y - (bleed if row == 2 else 0),
              w + (bleed if column in (0, 2) else 0), h + (bleed if row in (0, 2) else 0))
    pages.clipPath(clip, stroke=0, fill=0)
    pages.translate(x, y)
    pages.doForm(form)
    pages.restoreState()

def marks():
    pages.setLineWidth(0.25 * mm)
    for i in range(4):
        x, y = left + i * w, bottom + i * h
        pages.line(x, bottom - bleed - 0.5 * mm, x, bottom - bleed - 5.5 * mm)
        pages.line(x, bottom + 3 * h + bleed + 0.5 * mm, x, bottom + 3 * h + bleed + 5.5 * mm)
        pages.line(left - bleed - 0.5 * mm, y, left - bleed - 5.5 * mm, y)
        pages.line(left + 3 * w + bleed + 0.5 * mm, y, left + 3 * w + bleed + 5.5 * mm, y)

for first in range(0, len(deck), 9):
    sheet = deck[first:first + 9]
    for index, form in enumerate(sheet):
        put(form, index % 3, index // 3)
    marks()
    pages.showPage()
    for index in range(len(sheet)):
        put(back, 2 - index % 3, index // 3)
    pages.showPage()
pages.save()
""".format(w=CARD_W, h=CARD_H, bleed=BLEED, copies=COPIES)


KITS = [  # (what is built, the command's arguments, the target in seconds)
    ("Buried Treasure kit, duplex + fold, A4 (11 files)", ["buried-treasure"], 1.0),
    ("Cannon Dice kit, fold-and-glue, 10 numbered sheets, A4", ["cannon-dice", "--sheets", "10"], 1.0),
    ("Pete the Pirate kit, duplex + fold, A4: tiled board, tokens, standees, boxes", ["pete-the-pirate"], 1.0),
    ("Buccaneer kit, duplex + fold, A4: a 24 x 24 board on six sheets, cards, tokens, mats", ["buccaneer"], 1.5),
    ("All five kits in one run, as each game's data asks (Pirate's Gold too)", [], 2.0),
]


# --- measuring --------------------------------------------------------------------------------------------

def run(command: list[str], cache_home: Path) -> tuple[float, float, float]:
    """Wall time (s), processor time (s) and peak memory (MB) of a command in a fresh process with a cache
    folder of its own."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = child.stderr.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.stderr.close()
    if status != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{errors}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # ru_maxrss: KiB on Linux


class Timings:
    """Runs of several commands taking turns; each kept as (seconds, processor seconds, MB)."""

    def __init__(self):
        self.runs: dict[str, list] = {}

    def add(self, label: str, measured: tuple[float, float, float]) -> None:
        self.runs.setdefault(label, []).append(measured)

    def median(self, label: str, which: int = 0) -> float:
        return statistics.median(run[which] for run in self.runs[label])

    def peak(self, label: str) -> float:
        return max(mb for _, _, mb in self.runs[label])

    def peaks(self, label: str) -> list[float]:
        return [mb for _, _, mb in self.runs[label]]

    def line(self, label: str) -> str:
        seconds = [run[0] for run in self.runs[label]]
        return (f"median {statistics.median(seconds):.3f} s (best {min(seconds):.3f}, worst {max(seconds):.3f}, "
                f"{len(seconds)} runs; processor {self.median(label, 1):.3f} s), peak {self.peak(label):.1f} MB")


def paired(these: list, those: list) -> tuple:
    """Runs of two commands taken in turn, compared pair by pair: the median of the ratios of their processor
    times (each of `these` to the one of `those` run next to it), and a 95 % interval for that median which
    assumes nothing of how the ratios spread: the order statistics the sign test gives, which cover the median
    at least 95 times in a hundred. (None, None) for the interval with fewer than 6 pairs, too few for one."""
    ratios = sorted(this[1] / that[1] for this, that in zip(these, those))
    n, k = len(ratios), 0  # k: the largest with P(Binomial(n, 1/2) < k) <= 2.5 %
    while sum(math.comb(n, i) for i in range(k + 1)) <= 0.025 * 2 ** n:
        k += 1
    return (statistics.median(ratios), *((ratios[k - 1], ratios[n - k]) if k else (None, None)))


def verdict(these: list, those: list, target: float = 1.0) -> str:
    """The paired comparison of `these` with `those` (see `paired`) in words, against a target ratio: met when the
    whole interval lies at or below it, missed when above it, else too close to tell on this machine."""
    ratio, low, high = paired(these, those)
    if low is None:
        return f"pairs: median ratio {ratio:.2f} (too few runs for an interval)"
    judged = "met" if high <= target else "missed" if low > target else "within the noise of the runs"
    return f"pairs: median ratio {ratio:.3f}, 95 % interval {low:.3f} to {high:.3f}: target {judged}"


def builds(pnp: list[str], args: list[str], scratch: Path, runs: int, timings: Timings, name: str,
           also=None, warm_up: bool = True) -> None:
    """`pnp build ARGS` with an empty cache and with a warm one, `runs` times each, taking turns with `also`
    (label, command) when given. `warm_up`: a first run of each, not counted, fills the warm cache (and
    compiles the modules); without it, the first run with an empty cache fills it."""
    out = scratch / "out"
    warm = scratch / f"warm-{name}"
    if warm_up:
        run(pnp + ["build", *args, "--out", str(out)], warm)
        if also:
            run(also[1], warm)
    for index in range(runs):
        empty = scratch / f"cold-{name}-{index}" if warm_up or index else warm
        timings.add(f"{name} cold", run(pnp + ["build", *args, "--out", str(out)], empty))
        timings.add(f"{name} warm", run(pnp + ["build", *args, "--out", str(out)], warm))
        if also:
            label, command = also
            timings.add(label, run(command, warm))


def pictures(pnp: list[str], scratch: Path, runs: int, timings: Timings, wrapped: bool, targets,
             fronts: int = PICTURES, warm_up: bool = True) -> None:
    """The picture job (its fronts PNG files placed by `image` steps, or wrapped in SVG files), and plain
    reportlab drawing the same PNG files, taking turns; the ratios printed against `targets` (cold, warm)."""
    game = scratch / ("wrapped" if wrapped else "pictures")
    make_pictures(game, wrapped, fronts)
    baseline = [sys.executable, "-c", PLAIN_REPORTLAB, str(game / "artwork"), str(scratch / "plain.pdf")]
    name = f"{fronts * COPIES}-card picture job" + (", fronts in SVG" if wrapped else "")
    plain = f"plain reportlab ({name})"
    builds(pnp, [str(game), "--duplex"], scratch, runs, timings, name, also=(plain, baseline), warm_up=warm_up)
    how = "each wrapped in an SVG file, placed by `art`" if wrapped else "placed by `image`"
    print(f"{name} ({fronts} PNG faces x {COPIES}, {how}, {DPI} dpi, A4, duplex):")
    print(f"  plain reportlab:     {timings.line(plain)}")
    for kind, target in zip(("cold", "warm"), targets):
        ratio = timings.median(f"{name} {kind}") / timings.median(plain)
        processor = timings.median(f"{name} {kind}", 1) / timings.median(plain, 1)
        print(f"  pnp, {'empty' if kind == 'cold' else 'warm '} cache:  {timings.line(f'{name} {kind}')}"
              f"\n    = {ratio:.2f} x plain reportlab  (target <= {target}; processor time: {processor:.2f} x)")
    sys.stdout.flush()


VARIANT = ["--rule", "hand-sizes.2=10", "--rule", "bonus.coloured=2"]


def variant(pnp: list[str], scratch: Path, runs: int, timings: Timings, warm_up: bool = True) -> None:
    """Buried Treasure's duplex kit, plain and as a variant of its rules, taking turns, each with an empty cache."""
    args = ["buried-treasure", "--duplex", "--out", str(scratch / "out")]
    if warm_up:
        run(pnp + ["build", *args], scratch / "compile")  # (which compiles the modules)
    for index in range(runs):
        timings.add("plain rules", run(pnp + ["build", *args], scratch / f"plain-{index}"))
        timings.add("variant", run(pnp + ["build", *args, *VARIANT], scratch / f"variant-{index}"))
    ratio = timings.median("variant", 1) / timings.median("plain rules", 1)
    print(f"Buried Treasure, duplex, empty cache, `{' '.join(VARIANT)}` against the plain rules:")
    print(f"  plain rules: {timings.line('plain rules')}")
    print(f"  variant:     {timings.line('variant')}")
    print(f"    = {ratio:.2f} x the plain kit's processor time  (target <= 1.0)\n"
          f"    {verdict(timings.runs['variant'], timings.runs['plain rules'])}", flush=True)


BASELINE = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "baseline_text_cards.py"


def text_cards(pnp: list[str], scratch: Path, runs: int, timings: Timings, cards: int, baseline: Path,
               warm_up: bool = True) -> None:
    """`cards` different text cards built by pnp with an empty cache, and written by plain reportlab into the same
    two PDFs and into one, taking turns; the processor time ratios printed."""
    if not baseline.is_file():
        print(f"Text cards: no plain reportlab script at {baseline} (--baseline FILE): not measured")
        return
    game = scratch / "text-deck"
    make_deck(game, cards)
    args = [str(game), "--duplex", "--out", str(scratch / "out")]
    from pnp.resources import FONTS, resource_dir

    assets = scratch / "assets"  # the fonts and artwork pnp uses, as the script looks for them
    assets.mkdir()
    (assets / "fonts").symlink_to(FONTS)
    (assets / "artwork").symlink_to(resource_dir("artwork"))
    plain = {pdfs: [sys.executable, str(baseline), str(scratch / "plain.pdf"), "--cards", str(cards), "--pdfs",
                    str(pdfs), "--assets", str(assets)] for pdfs in (2, 1)}
    if warm_up:
        run(pnp + ["build", *args], scratch / "compile")  # (which compiles the modules)
    for index in range(runs):
        timings.add("text cards", run(pnp + ["build", *args], scratch / f"text-{index}"))
        for pdfs, command in plain.items():
            timings.add(f"plain reportlab, {pdfs} PDFs", run(command, scratch / "compile"))
    print(f"{cards:,} different text cards, `pnp build --duplex` with an empty cache, against plain reportlab:")
    print(f"  pnp:                       {timings.line('text cards')}")
    for pdfs in plain:
        label = f"plain reportlab, {pdfs} PDFs"
        ratio = timings.median("text cards", 1) / timings.median(label, 1)
        print(f"  {label + ':':26} {timings.line(label)}\n    = pnp at {ratio:.2f} x its processor time"
              + (f"  (target <= 1.0)\n    {verdict(timings.runs['text cards'], timings.runs[label])}"
                 if pdfs == 2 else ""))
    sys.stdout.flush()


def memory(pnp: list[str], scratch: Path, runs: int, timings: Timings, cards: int, warm_up: bool = True) -> None:
    """The deck of `cards` cards at a tenth, half and all of its size, built in turn with an empty cache; the peak
    memory of each printed, and its growth past the smallest."""
    sizes = [cards // 10, cards // 2, cards]
    commands = {}
    for size in sizes:
        make_deck(scratch / f"deck-of-{size}", size)
        commands[size] = pnp + ["build", str(scratch / f"deck-of-{size}"), "--duplex", "--out", str(scratch / "out")]
    if warm_up:
        run(commands[sizes[0]], scratch / "compile")  # (which compiles the modules)
    for index in range(runs):
        for size, command in commands.items():
            timings.add(f"{size} cards", run(command, scratch / f"memory-{size}-{index}"))
    print("Peak memory of the deck of different cards, `pnp build --duplex` with an empty cache:")
    for size in sizes:
        peaks = timings.peaks(f"{size} cards")
        print(f"  {size:6,} cards: {timings.line(f'{size} cards')}; peaks from {min(peaks):.1f} to {max(peaks):.1f} MB")
        if size > sizes[0]:
            print(f"    = {growth(timings, sizes[0], size):+.2f} MB a thousand cards past {sizes[0]:,}")
    print(f"  from {sizes[1]:,} to {sizes[2]:,} cards: {growth(timings, sizes[1], sizes[2]):+.2f} MB a thousand cards")
    print(f"  {flatness({size: timings.peaks(f'{size} cards') for size in sizes})}")
    print("  (target <= 100 MB, not growing with the deck)", flush=True)


def growth(timings: Timings, fewer: int, more: int) -> float:
    """What the median peak memory (MB) grows by a thousand cards from the deck of `fewer` cards to that of `more`."""
    fewer_mb, more_mb = (statistics.median(timings.peaks(f"{size} cards")) for size in (fewer, more))
    return (more_mb - fewer_mb) / (more - fewer) * 1000


FLAT = 0.05  # MB a thousand cards: a peak that grows less, either way, is taken for flat (0.5 MB at 10,000 cards,
# under 1 % of the build's peak, and less than one size's runs spread)


def trend(peaks: dict) -> tuple:
    """The slope (MB a thousand cards) of the least-squares line through the peaks of the runs (number of cards ->
    the peak of each of its runs) and its 95 % interval, from Student's t with as many degrees of freedom as
    runs less two; (slope, None, None) with fewer than three runs."""
    from pnp.stats.figures import t_quantile

    points = [(cards / 1000, mb) for cards, runs in peaks.items() for mb in runs]
    x_mean, y_mean = statistics.fmean(x for x, _ in points), statistics.fmean(y for _, y in points)
    spread = sum((x - x_mean) ** 2 for x, _ in points)
    slope = sum((x - x_mean) * (y - y_mean) for x, y in points) / spread
    if len(points) < 3:
        return slope, None, None
    residual = sum((y - y_mean - slope * (x - x_mean)) ** 2 for x, y in points) / (len(points) - 2)
    half = t_quantile(len(points) - 2) * math.sqrt(residual / spread)
    return slope, slope - half, slope + half


def flatness(peaks: dict) -> str:
    """The trend of the peaks (see `trend`) in words: flat when its whole interval lies within FLAT either way,
    growing when it lies above FLAT, else too close to tell on this machine."""
    slope, low, high = trend(peaks)
    if low is None:
        return f"line through the peaks: {slope:+.3f} MB a thousand cards (too few runs for an interval)"
    judged = "flat" if -FLAT <= low and high <= FLAT else "growing" if low > FLAT else "within the noise of the runs"
    return (f"line through the peaks: {slope:+.3f} MB a thousand cards, 95 % interval {low:+.3f} to {high:+.3f}: "
            f"{judged} (flat: within {FLAT} either way)")


def load() -> str:
    return "load average {:.2f}, {:.2f}, {:.2f} on {} cores".format(*os.getloadavg(), os.cpu_count())


@contextmanager
def session(own_bytecode: bool = True):
    """A benchmark's run: the command that starts pnp, a scratch folder and the timings; the machine's load
    said at the start and at the end. `own_bytecode`: the processes it starts keep the modules they compile
    in the scratch folder (even where PYTHONDONTWRITEBYTECODE is set), as an installed program keeps them;
    without it, they use the modules as compiled already."""
    print(f"Machine: {load()} at the start", flush=True)
    environment = dict(os.environ)
    with tempfile.TemporaryDirectory() as scratch:
        if own_bytecode:
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
            os.environ["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        try:
            yield [sys.executable, "-m", "pnp"], Path(scratch), Timings()
        finally:
            os.environ.clear()
            os.environ.update(environment)
    print(f"Machine: {load()} at the end")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="kits,png,svg,deck,variant,text,memory",
                        help="which of kits, png, svg, deck, variant, text, memory to measure")
    parser.add_argument("--baseline", type=Path, default=BASELINE,
                        help="the plain reportlab script of the text cards (default: %(default)s)")
    parser.add_argument("--cards", type=int, default=10_000, help="the big deck's number of different cards")
    parser.add_argument("--tiny", action="store_true", help="each job's commands run once, one kit, two "
                        "pictures, a 40-card deck: that the benchmark still runs, not figures")
    options = parser.parse_args()
    kits = KITS[:1] if options.tiny else KITS
    if options.tiny:
        options.runs, options.cards = 1, 40
    warm_up, fronts = not options.tiny, 2 if options.tiny else PICTURES
    only = set(options.only.split(","))
    with session(own_bytecode=warm_up) as (pnp, scratch, timings):
        if "kits" in only:
            for name, args, target in kits:
                builds(pnp, args, scratch, options.runs, timings, name, warm_up=warm_up)
                print(f"{name}: `pnp build {' '.join(args)}`  (target < {target:g} s)")
                print(f"  empty cache: {timings.line(f'{name} cold')}")
                print(f"  warm cache:  {timings.line(f'{name} warm')}", flush=True)
        for job, wrapped, targets in (("png", False, (1.0, 0.5)), ("svg", True, (1.2, 0.8))):
            if job in only:
                pictures(pnp, scratch, options.runs, timings, wrapped, targets, fronts, warm_up)
        if "variant" in only:
            variant(pnp, scratch, options.runs, timings, warm_up)
        if "text" in only:
            text_cards(pnp, scratch, options.runs, timings, 40 if options.tiny else 1000, options.baseline, warm_up)
        if "deck" in only:
            game = scratch / "deck"
            make_deck(game, options.cards)
            name = f"{options.cards}-card deck"
            builds(pnp, [str(game), "--duplex"], scratch, max(1, options.runs // 2), timings, name, warm_up=warm_up)
            print(textwrap.dedent(f"""\
                Deck of {options.cards:,} different cards with text and vector art, `pnp build --duplex` (deck and
                kit PDFs, every card in each):"""))
            for kind in ("cold", "warm"):
                rate = options.cards / timings.median(f"{name} {kind}")
                per_processor = options.cards / timings.median(f"{name} {kind}", 1)
                print(f"  {'empty' if kind == 'cold' else 'warm '} cache: {timings.line(f'{name} {kind}')}\n"
                      f"    = {rate:,.0f} cards/s, {per_processor:,.0f} a processor second  (target >= 1,000 "
                      f"cards/s{', 1,500 a processor second' if kind == 'cold' else ''}, <= 100 MB)")
        if "memory" in only:
            memory(pnp, scratch, options.runs, timings, options.cards, warm_up)


if __name__ == "__main__":
    main()
