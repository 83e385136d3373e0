"""Where a page's furniture goes: its footer's two lines, the 50 mm scale bar and the word "fold" by a fold line.

A page with a footer band (imposition.FOOTER_BAND) has them in it: the lines at its left, the bar at its right.
A page without one (its faces took the band) has them in the margins round its faces, each where it touches no
crop mark, fold line, face or other piece of furniture: along the bottom margin first, then the top, the left
(read upwards) and the right (read downwards); the two lines together where they fit, else each on its own.
All lengths are millimetres from the page's lower-left corner.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics

from pnp.layout.imposition import (FOOTER_BAND, MARK_GAP, MARK_LENGTH, SCALE_BAR, SCALE_BAR_HEIGHT, SCALE_LABEL,
                                   SCALE_WORDS, Page)
from pnp.model.geometry import Box
from pnp.model.units import PT
from pnp.read.version import LENGTH as VERSION_LENGTH
from pnp.typeset.text import font

FURNITURE_SIZE = 6.0  # points: the footer, the scale bar's label and the word "fold"
LINE_PITCH = 2.5  # between the footer's two baselines
CLEAR = 1.0  # kept between a piece of furniture and anything else drawn
APART = 4.0  # kept between two pieces of furniture, so that each reads as its own
ROUND = 0.3  # round the footer line that names the kit's version, where the preview leaves it white
BAR_LABELS = SCALE_WORDS  # above the bar; after its end, where the margin is narrow
BESIDE = 1.0  # between the bar's end and a label after it
FOLD_WORD = "fold"


@dataclass(frozen=True)
class Spot:
    """Where a piece of furniture goes: the start of its baseline (a text's, or the bar's foot), and which way it
    reads (degrees anticlockwise: 0, 90 upwards or 270 downwards)."""

    x: float
    y: float
    turn: int = 0


@dataclass(frozen=True)
class Furniture:
    lines: tuple  # a Spot for each footer line
    bar: Spot
    label_beside: bool  # the bar's label after its end ("50 mm"), not above it
    fold_label: Spot | None  # the word "fold" (None: no room for it clear of the marks)


def width(text: str) -> float:
    return pdfmetrics.stringWidth(text, font("sans"), FURNITURE_SIZE) / PT


def _metrics() -> tuple[float, float]:
    """The furniture's letters' reach above and below their baseline (descent negative)."""
    face = pdfmetrics.getFont(font("sans")).face
    return face.ascent * FURNITURE_SIZE / 1000 / PT, face.descent * FURNITURE_SIZE / 1000 / PT


def extents(footer: tuple[str, str]) -> dict:
    """Each piece's extent in its own frame, (along start, along end, across low, across high), the baseline at
    across 0: "block" the two lines, one above the other; "lines" each; "bar" each way of labelling it."""
    ascent, descent = _metrics()
    lines = [(0.0, width(line), descent, ascent) for line in footer]
    block = (0.0, max(width(line) for line in footer), descent - LINE_PITCH, ascent)
    above = (0.0, SCALE_BAR, 0.0, SCALE_LABEL + ascent)
    beside = (0.0, SCALE_BAR + BESIDE + width(BAR_LABELS[1]), min(0.0, descent - 0.2),
              max(SCALE_BAR_HEIGHT, ascent - 0.2))
    return {"block": block, "lines": lines, "bar": (above, beside)}


def box_at(extent: tuple, spot: Spot) -> Box:
    """The page's box that a piece of this extent fills at `spot`."""
    u0, u1, v0, v1 = extent
    if spot.turn == 90:  # reads upwards: its letters' tops to the left
        return Box(spot.x - v1, spot.y + u0, spot.x - v0, spot.y + u1)
    if spot.turn == 270:  # reads downwards: its letters' tops to the right
        return Box(spot.x + v0, spot.y - u1, spot.x + v1, spot.y - u0)
    return Box(spot.x + u0, spot.y + v0, spot.x + u1, spot.y + v1)


def _spot_of(extent: tuple, box: Box, turn: int) -> Spot:
    u0, u1, v0, v1 = extent
    if turn == 90:
        return Spot(box.x0 + v1, box.y0 - u0, 90)
    if turn == 270:
        return Spot(box.x0 - v0, box.y1 + u0, 270)
    return Spot(box.x0 - u0, box.y0 - v0, 0)


def _overlap(a: Box, b: Box) -> bool:
    return a.x0 < b.x1 - 1e-6 and b.x0 < a.x1 - 1e-6 and a.y0 < b.y1 - 1e-6 and b.y0 < a.y1 - 1e-6


def _flipped(box: Box) -> Box:
    return Box(box.y0, box.x0, box.y1, box.x1)


def _free(region: Box, size: tuple, obstacles: list, high: bool, from_end: bool) -> Box | None:
    """A box of `size` (w, h) in `region` touching none of `obstacles`: the lowest (or, `high`, the highest), and
    of those the leftmost (or, `from_end`, the rightmost)."""
    w, h = size
    near = [o for o in obstacles if _overlap(o, region)]
    if high:
        across = sorted({region.y1 - h} | {o.y0 - h for o in near}, reverse=True)
    else:
        across = sorted({region.y0} | {o.y1 for o in near})
    if from_end:
        along = sorted({region.x1 - w} | {o.x0 - w for o in near}, reverse=True)
    else:
        along = sorted({region.x0} | {o.x1 for o in near})
    for y in across:
        if y < region.y0 - 1e-6 or y + h > region.y1 + 1e-6:
            continue
        row = [o for o in near if o.y0 < y + h - 1e-6 and y < o.y1 - 1e-6]
        for x in along:
            box = Box(x, y, x + w, y + h)
            if region.x0 - 1e-6 <= x and x + w <= region.x1 + 1e-6 and not any(_overlap(box, o) for o in row):
                return box
    return None


def lanes(page: Page) -> list[tuple[Box, int, bool]]:
    """The margins round the faces, in the order furniture tries them: (region, turn, whether the side away from
    the faces is the region's high side)."""
    room, inked = page.content, page.inked
    if inked is None:
        return [(room, 0, False)]
    return [(Box(room.x0, room.y0, room.x1, inked.y0 - CLEAR), 0, False),
            (Box(room.x0, inked.y1 + CLEAR, room.x1, room.y1), 0, True),
            (Box(room.x0, room.y0, inked.x0 - CLEAR, room.y1), 90, False),
            (Box(inked.x1 + CLEAR, room.y0, room.x1, room.y1), 270, True)]


def _place(extent: tuple, page: Page, obstacles: list, from_end: bool = False) -> Spot | None:
    """The first spot, lane by lane, where a piece of `extent` touches nothing in `obstacles` (boxes already
    widened by CLEAR); the piece's own box, widened by APART, is added to them."""
    u0, u1, v0, v1 = extent
    for region, turn, outward_high in lanes(page):
        if region.w <= 0 or region.h <= 0:
            continue
        if turn == 0:
            box = _free(region, (u1 - u0, v1 - v0), obstacles, outward_high, from_end)
        else:  # the same search, the page's x and y swapped
            found = _free(_flipped(region), (u1 - u0, v1 - v0), [_flipped(o) for o in obstacles],
                          outward_high, from_end)
            box = _flipped(found) if found else None
        if box is not None:
            obstacles.append(box.inset(-APART, -APART, -APART, -APART))
            return _spot_of(extent, box, turn)
    return None


def _obstacles(page: Page) -> list[Box]:
    """What furniture keeps clear of, widened by CLEAR: crop marks, the fold line and the faces."""
    lines = page.crop_marks() + ([page.fold_line()] if page.fold_line() else [])
    boxes = [Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) for x0, y0, x1, y1 in lines]
    boxes += [slot.clip for slot, _ in page.placed]
    return [box.inset(-CLEAR, -CLEAR, -CLEAR, -CLEAR) for box in boxes]


def _fold_label(page: Page, obstacles: list) -> Spot | None:
    """The word "fold" just beyond an end of the fold line, centred on it, where it touches nothing."""
    line = page.fold_line()
    if line is None:
        return None
    ascent, descent = _metrics()
    half = width(FOLD_WORD) / 2
    x0, y0, x1, y1 = line
    spots = []
    for gap in (CLEAR, MARK_GAP + MARK_LENGTH + CLEAR):  # next to the line's end, else past the crop marks there
        if x0 == x1:  # across the page: the word above its top end, else below its foot
            spots += [Spot(x0 - half, y1 + gap - descent), Spot(x0 - half, y0 - gap - ascent)]
        else:  # along: read upwards, left of its left end, else right of its right end
            spots += [Spot(x0 - gap + descent, y0 - half, 90), Spot(x1 + gap + ascent, y0 - half, 90)]
    room = page.content
    for spot in spots:
        box = box_at((0.0, 2 * half, descent, ascent), spot)
        inside = room.x0 <= box.x0 and box.x1 <= room.x1 and room.y0 <= box.y0 and box.y1 <= room.y1
        if inside and not any(_overlap(box, o) for o in obstacles):
            obstacles.append(box.inset(-CLEAR, -CLEAR, -CLEAR, -CLEAR))
            return spot
    return None


def furniture(page: Page) -> Furniture:
    """Where the page's footer lines, scale bar and fold word go."""
    room = page.content
    # what the fold word and a footer placed in the margins keep clear of (one at the foot of the page keeps
    # clear of nothing)
    obstacles = _obstacles(page) if page.fold_line() is not None or not page.footer_at_bottom else []
    fold_label = _fold_label(page, obstacles)
    if page.footer_at_bottom:
        base = room.y0 - FOOTER_BAND
        return Furniture((Spot(room.x0, base + 0.9 + LINE_PITCH), Spot(room.x0, base + 0.9)),
                         Spot(room.x1 - SCALE_BAR, base + 0.9), False, fold_label)
    sizes = extents(page.footer)
    block = _place(sizes["block"], page, obstacles)
    if block is not None:
        lines = (block, below(block, LINE_PITCH))
    else:
        lines = tuple(_place(extent, page, obstacles) for extent in sizes["lines"])
        if None in lines:  # no margin holds them (a margin asked too narrow): at the foot, over what is there
            first = Spot(room.x0, room.y0 - _metrics()[1] + LINE_PITCH)
            lines = (first, below(first, LINE_PITCH))
    for beside, extent in enumerate(sizes["bar"]):
        bar = _place(extent, page, obstacles, from_end=True)
        if bar is not None:
            return Furniture(lines, bar, bool(beside), fold_label)
    return Furniture(lines, Spot(room.x1 - SCALE_BAR, room.y0), False, fold_label)  # as the lines, when nowhere


def version_box(page: Page, placed: Furniture | None = None) -> Box | None:
    """The box of the footer's second line, which ends with the kit's version (every change to the game's data
    changes it) — as wide as any version makes it, a little round it but for the line above; None on a page
    without furniture. `placed`: the page's `furniture`, when known.
    A page's picture in the preview leaves it white, and the preview's heading shows the line once
    (pnp/write/preview.py): the picture of a page the change did not touch is kept.
    """
    if not page.furniture:
        return None
    line = page.footer[1]
    widest = max("0123456789abcdef", key=width) * VERSION_LENGTH  # any version fits
    start, end, low, high = extents((page.footer[0], line[:len(line) - VERSION_LENGTH] + widest))["lines"][1]
    return box_at((start - ROUND, end + ROUND, low - ROUND, high), (placed or furniture(page)).lines[1])


def below(spot: Spot, drop: float) -> Spot:
    """The spot `drop` mm below `spot` in its own frame: the footer's second line under its first."""
    if spot.turn == 90:
        return Spot(spot.x + drop, spot.y, 90)
    if spot.turn == 270:
        return Spot(spot.x - drop, spot.y, 270)
    return Spot(spot.x, spot.y - drop, 0)
