"""Every page of every game's kit, on each paper, duplex and fold-and-glue, read back from its PDF: the footer's two
lines, the 50 mm scale bar and the word "fold" keep clear of each other, of the crop marks, the cut and fold lines
and the faces, inside the printable area; a fold line runs only as far as the faces it folds."""
import functools
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from pdfread import MM, furniture
from pnp.build.stages import lay_out, maker_for, write_pdf
from pnp.layout.imposition import SCALE_BAR, SCALE_BAR_HEIGHT, Settings
from pnp.model.paper import PAPERS
from pnp.typeset.text import font
from pnp.build.stages import read_kit as load_game  # (the game as the build prints it: its texts stated)

GAMES = sorted(path.parent.name for path in (Path(__file__).parent.parent / "pnp" / "games").glob("*/game.yaml"))
FONTS = {"DejaVuSans": "sans", "DejaVuSans-Bold": "bold", "DejaVuSerif-Bold": "title"}
FOLD_DASH = (3.0, 2.0)  # the fold line's dash, in mm (cut lines are dotted finer)
FOOTER = re.compile(r"page \d+ of \d+$|print at 100 %|50 mm$|^fold$")  # the footer, the bar's label, a fold's
EPS = 0.05  # mm: what counts as touching


def extent(name: str, text: str, size: float) -> tuple[float, float, float]:
    face = font(FONTS.get(name, "sans"))
    metrics = pdfmetrics.getFont(face).face
    return pdfmetrics.stringWidth(text, face, size), metrics.ascent * size / 1000, metrics.descent * size / 1000


@functools.lru_cache(maxsize=None)
def kit(slug: str, paper: str, fold: bool) -> tuple:
    """The kit's pages as (page size in mm, what each draws itself): one build for every test that reads it."""
    game = load_game(slug)
    settings = Settings(paper=PAPERS[paper], fold=fold)
    maker = maker_for(game)
    data = write_pdf(game, lay_out(game, settings, maker), settings, with_contents=True, maker=maker)
    reader = PdfReader(io.BytesIO(data))
    return tuple(((float(page.mediabox.width) / MM, float(page.mediabox.height) / MM),
                  furniture(reader, page, extent)) for page in reader.pages)


def overlap(a, b) -> bool:
    """Whether two boxes (or a box and a line, a box of no width) share more than an edge."""
    ax0, ax1, ay0, ay1 = min(a[0], a[2]), max(a[0], a[2]), min(a[1], a[3]), max(a[1], a[3])
    bx0, bx1, by0, by1 = min(b[0], b[2]), max(b[0], b[2]), min(b[1], b[3]), max(b[1], b[3])
    return ax0 < bx1 + EPS and bx0 < ax1 + EPS and ay0 < by1 + EPS and by0 < ay1 + EPS


def footer_of(drawn) -> list[tuple[str, tuple]]:
    """The footer's lines, the scale bar (its label and its bar) and the word by a fold line, each with its box."""
    items = [(text, box) for text, box in drawn.texts if FOOTER.search(text)]
    bars = [box for box in drawn.rects if abs(box[2] - box[0] - SCALE_BAR) < 0.01 and
            abs(box[3] - box[1] - SCALE_BAR_HEIGHT) < 0.01 or abs(box[3] - box[1] - SCALE_BAR) < 0.01 and
            abs(box[2] - box[0] - SCALE_BAR_HEIGHT) < 0.01]
    return items + [("the scale bar", box) for box in set(bars)]


def faces(drawn, w: float, h: float) -> list:
    """The boxes of the faces a page places (with the bleed it shows): not a form as large as the page, which
    draws on the page in its own coordinates (a board's tile marks)."""
    return [box for box in drawn.forms if box[2] - box[0] < w - 0.01 or box[3] - box[1] < h - 0.01]


CASES = [(slug, paper, fold) for slug in GAMES for paper in ("a4", "letter") for fold in (False, True)]
NAMES = [f"{slug}-{paper}-{'fold' if fold else 'duplex'}" for slug, paper, fold in CASES]


@pytest.mark.parametrize("slug,paper,fold", CASES, ids=NAMES)
def test_the_footer_and_scale_bar_keep_clear_of_marks_lines_faces_and_each_other(slug, paper, fold):
    margin = PAPERS[paper].margin
    problems = []
    for number, ((w, h), drawn) in enumerate(kit(slug, paper, fold), start=1):
        items = footer_of(drawn)
        texts = [text for text, _ in items]
        assert any("print at 100 %" in text for text in texts) and "the scale bar" in texts, (number, texts)
        for i, (what, box) in enumerate(items):
            if not (margin - EPS <= box[0] and box[2] <= w - margin + EPS and margin - EPS <= box[1]
                    and box[3] <= h - margin + EPS):
                problems.append((number, what, "reaches into the unprinted margin"))
            problems += [(number, what, "overlaps", other) for other, other_box in items[i + 1:]
                         if overlap(box, other_box)]
            problems += [(number, what, "crosses a line", line) for line in drawn.lines if overlap(box, line[:4])]
            problems += [(number, what, "overlaps a face", face) for face in faces(drawn, w, h)
                         if overlap(box, face)]
    assert problems == []


@pytest.mark.parametrize("slug,paper,fold", [case for case in CASES if case[2]],
                         ids=[name for name in NAMES if name.endswith("fold")])
def test_a_fold_line_runs_only_as_far_as_the_faces_it_folds(slug, paper, fold):
    folded = 0
    for number, ((w, h), drawn) in enumerate(kit(slug, paper, fold), start=1):
        for x0, y0, x1, y1, dash in drawn.lines:
            if dash != FOLD_DASH:
                continue
            folded += 1
            placed = faces(drawn, w, h)
            assert placed, number
            if x0 == x1:  # a fold across the page: its ends inside the faces' height
                low, high = min(f[1] for f in placed), max(f[3] for f in placed)
                assert low - EPS <= min(y0, y1) and max(y0, y1) <= high + EPS, (number, (x0, y0, x1, y1))
            else:
                low, high = min(f[0] for f in placed), max(f[2] for f in placed)
                assert low - EPS <= min(x0, x1) and max(x0, x1) <= high + EPS, (number, (x0, y0, x1, y1))
    assert folded
