"""Imposition: where each face goes on each sheet of paper.

All lengths are millimetres with the origin at the bottom-left corner of the page (as in PDF).
A grid of cells is fitted into the printable area (paper minus the unprinted margin), in whichever
orientation holds the most; neighbouring cards share their cut lines unless a gutter is asked for.
Backs are placed by mirroring: across the page for duplex, across the fold line for fold-and-glue.
"""
from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from pnp.model.geometry import Box
from pnp.model.paper import PAPERS, Paper

FOOTER_BAND = 6.0  # the strip at the bottom of a page for the footer and the 50 mm scale bar
MARK_GAP = 0.5  # between the bleed and a crop mark
MARK_MIN = 3.0  # the shortest crop mark worth drawing: one long enough to lay a ruler on
MARK_ROOM = MARK_GAP + MARK_MIN  # what a crop mark needs beyond the bleed
MARK_LENGTH = 5.0  # a crop mark's length where there is room; never shorter than MARK_MIN


# the bar every page carries, to be measured after printing: proof that nothing was scaled
SCALE_BAR = 50.0  # mm long
SCALE_TICK = 10.0  # mm: black and white in turn
SCALE_BAR_HEIGHT = 1.2  # mm
SCALE_LABEL = 1.9  # mm from the bar's foot up to its label's baseline
SCALE_WORDS = (f"this bar must measure {SCALE_BAR:g} mm", f"{SCALE_BAR:g} mm")  # its label: above it, or beside it


class NoRoom(Exception):
    """A piece does not fit the paper inside its margins (or a text runs to more pages than it may): the data's
    fault, or the --margin's, which the build tells apart (pnp/layout/print_order.py)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One face on a page: its trimmed rectangle, how far it is turned (degrees anticlockwise) and
    the part of its bleed that may print (never over a neighbour, never into the unprinted margin)."""

    trim: Box
    rotation: int
    clip: Box


@dataclass(frozen=True)
class Settings:
    """How the user asked to print."""

    paper: Paper = PAPERS["a4"]
    size: tuple[float, float] | None = None  # the page, as laid out: the paper's, unless turned (None: the paper's)
    margin: float | None = None  # unprinted at each edge of the paper (None: what the paper says)
    fold: bool = False  # fold-and-glue sheets instead of duplex pages
    short_edge: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False
    sheets: int | None = None  # how many numbered sheets to print, when asked for
    shop: bool = False  # print-shop files: one card a page, the page its bleed, the trim box set
    proof: bool = False  # each card's id printed at its foot, to check a kit against its data
    gutter: float | str | None = None  # space between cards, for every card group (else each group's own);
    # "bleed": twice each group's bleed
    ink: str = "normal"  # "low": large fills printed as light tints (pnp/render/ink.py)

    def __post_init__(self):
        if self.size is None:
            object.__setattr__(self, "size", self.paper.size)
        if self.margin is None:
            object.__setattr__(self, "margin", self.paper.margin)


@dataclass(frozen=True)
class Spacing:
    """How the pieces a page holds are spaced, so that a kit can pack its part-filled pages together
    (pnp/layout/packing.py): each piece keeps its bleed, its gutter (or gap) and whether it has crop marks."""

    bleed: float
    gutter: float  # between neighbours: a gap between nets, room for crop marks between cards
    full: bool  # the page holds as many as a page of them can: it is printed as it is
    header: bool = False  # the page's first face heads every page holding the others (a bar to measure)
    upright: bool = False  # its pieces are read as they stand (a board's assembly map): never turned


class Placed(Sequence):
    """A page's faces in their slots, as (slot, face) pairs: the slots those of a grid, one sequence for all its
    pages, and the faces in a tuple (a big deck's pages hold thousands of faces: a pair and a list's item each,
    some 75 bytes a face, against some 20 here). Read as the list of pairs it stands for."""

    __slots__ = ("slots", "faces")

    def __init__(self, slots, faces: tuple):
        self.slots, self.faces = slots, faces

    def __iter__(self):
        return zip(self.slots, self.faces)

    def __len__(self) -> int:
        return len(self.faces)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self)[index]
        return self.slots[range(len(self.faces))[index]], self.faces[index]

    def __eq__(self, other) -> bool:
        return isinstance(other, (list, Placed)) and list(self) == list(other)

    __hash__ = None  # (as a list's)

    def __repr__(self) -> str:
        return repr(list(self))


class Pairs(Sequence):
    """Pieces as (front, back) requests, each made when it is asked for (a big deck's cards): a page of them keeps
    its faces as a `Span` of these, not a tuple of requests made once and held the build long (some 230 bytes a
    card). A request made again is equal to the one made before (pnp/layout/requests.py)."""

    def span(self, start: int, stop: int, sides: tuple) -> "Span":
        return Span(self, start, stop, sides)

    def face(self, index: int, side: int):
        """The front (`side` 0) or the back (1) of pair `index`: made alone where it can be."""
        return self[index][side]

    def faces(self, start: int, stop: int, side: int):
        """The fronts or the backs of pairs[start:stop], one at a time."""
        return (self.face(index, side) for index in range(start, stop))


class Span(Sequence):
    """The faces of pairs[start:stop], each made when asked for: the fronts (`sides` (0,)), the backs ((1,)), or
    the fronts and then the backs ((0, 1))."""

    __slots__ = ("pairs", "start", "stop", "sides")

    def __init__(self, pairs: Pairs, start: int, stop: int, sides: tuple):
        self.pairs, self.start, self.stop, self.sides = pairs, start, stop, sides

    def __len__(self) -> int:
        return (self.stop - self.start) * len(self.sides)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        index = range(len(self))[index]
        side, at = divmod(index, self.stop - self.start)
        return self.pairs.face(self.start + at, self.sides[side])

    def __iter__(self):
        for side in self.sides:
            yield from self.pairs.faces(self.start, self.stop, side)


def _faces(pairs, start: int, stop: int, sides: tuple):
    """The faces of pairs[start:stop] on a page, side by side: a tuple of those of a list, else a Span of Pairs
    made when asked for. (A grid's pages are made each time they are read: GridPages.)"""
    if not isinstance(pairs, (list, tuple)):
        return pairs.span(start, stop, sides)
    held = pairs[start:stop]
    faces = tuple(map(_SIDES[sides[0]], held))
    return faces + tuple(map(_SIDES[sides[1]], held)) if len(sides) > 1 else faces


_SIDES = (operator.itemgetter(0), operator.itemgetter(1))  # a (front, back) pair's front, and its back


@dataclass(slots=True)
class Page:
    """A laid-out page: faces in slots, plus what the page furniture needs to know. (Slotted, as Slot and Box
    are: a big deck lays out thousands.)"""

    size: tuple[float, float]
    side: str  # fronts, backs, fold-and-glue, sheets
    placed: list = field(default_factory=list)  # (Slot, face) pairs: a list, or a grid's Placed
    content: Box | None = None  # the area the faces and their crop marks may use
    fold: tuple | None = None  # ("x" or "y", position) of a fold line
    fit: "Fit | None" = None  # how the grid sits on the paper
    reverse: bool = False  # printed on the back of the page before it (duplex backs, a rules sheet's second page)

    @property
    def cuts_x(self) -> tuple:
        """Where the cutting blade runs across the faces on this page (x of each vertical cut)."""
        return tuple(sorted({round(v, 4) for slot, _ in self.placed for v in (slot.trim.x0, slot.trim.x1)}))

    @property
    def cuts_y(self) -> tuple:
        return tuple(sorted({round(v, 4) for slot, _ in self.placed for v in (slot.trim.y0, slot.trim.y1)}))

    @property
    def grid(self) -> Box | None:
        """The trimmed area of the faces on this page, which every cut spans."""
        return _around([slot.trim for slot, _ in self.placed])

    def cut_segments(self) -> list[tuple[float, float, float, float]]:
        """The cuts along the edges of the faces this page holds, as (x0, y0, x1, y1) lines: the edges of
        neighbouring faces joined into one line, and no line along a slot left empty."""
        vertical: dict = {}
        horizontal: dict = {}
        for slot, _ in self.placed:
            t = slot.trim
            for x in (t.x0, t.x1):
                vertical.setdefault(round(x, 4), []).append((t.y0, t.y1))
            for y in (t.y0, t.y1):
                horizontal.setdefault(round(y, 4), []).append((t.x0, t.x1))
        lines = [(x, a, x, b) for x, spans in vertical.items() for a, b in _joined(spans)]
        return lines + [(a, y, b, y) for y, spans in horizontal.items() for a, b in _joined(spans)]

    @property
    def inked(self) -> Box | None:
        """The area the placed faces cover, bleed included: crop marks stay outside it."""
        return _around([slot.clip for slot, _ in self.placed])

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Short lines in the margins, in line with every cut, beyond the faces and their bleed, as (x0, y0, x1,
        y1) from the end nearer the faces: MARK_LENGTH where there is room, none where there is not MARK_MIN."""
        if self.blocks:  # a packed page: each group of pieces has its own
            return [line for block in self.blocks for line in block.crop_marks()]
        if not self.marks or self.grid is None:
            return []
        room, inked = self.content, self.inked
        lines = []
        for x in self.cuts_x:
            for start, end in ((inked.y1 + MARK_GAP, room.y1), (inked.y0 - MARK_GAP, room.y0)):
                length = min(MARK_LENGTH, abs(end - start))
                if length >= MARK_MIN - 1e-6:
                    lines.append((x, start, x, start + length if end > start else start - length))
        for y in self.cuts_y:
            for start, end in ((inked.x1 + MARK_GAP, room.x1), (inked.x0 - MARK_GAP, room.x0)):
                length = min(MARK_LENGTH, abs(end - start))
                if length >= MARK_MIN - 1e-6:
                    lines.append((start, y, start + length if end > start else start - length, y))
        return lines

    def fold_line(self) -> tuple[float, float, float, float] | None:
        """The fold, as (x0, y0, x1, y1): as long as the faces it folds, bleed included, and no longer."""
        if not self.fold or not self.placed:
            return None
        (axis, at), inked = self.fold, self.inked
        return (at, inked.y0, at, inked.y1) if axis == "x" else (inked.x0, at, inked.x1, at)
    footer_at_bottom: bool = True
    marks: bool = True
    cut_lines: bool = False
    furniture: bool = True  # the footer and the scale bar
    trim: Box | None = None  # the TrimBox of a print-shop page (its MediaBox is the bleed)
    flat: object = None  # a face drawn on the page itself, in its coordinates: the contents page, the duplex test
    footer: tuple = ("", "")  # the footer's two lines, once the page's place in a PDF is known (layout/print_order.py)
    spacing: Spacing | None = None  # how its pieces are spaced, when a kit may pack them with others' (packing.py)
    blocks: tuple = ()  # on a packed page: its groups of pieces, each a Page with its own crop marks
    stock: str = ""  # on a kit's packed page: the stock it prints on (the heavier, where parts of two share it)

    def footed(self, footer: tuple) -> Page:
        """The same page with its footer's lines: what dataclasses.replace makes, in a third of the time (a PDF's
        every page is made so as it is written)."""
        values = list(_page_fields(self))
        values[_FOOTER] = footer
        return Page(*values)

    def holding(self, placed, spacing: Spacing | None) -> Page:
        """The same page with these faces in their slots, spaced so: as `footed` makes it (a grid's pages are made
        as they are asked for, GridPages)."""
        values = list(_page_fields(self))
        values[_PLACED], values[_SPACING] = placed, spacing
        return Page(*values)


_page_fields = operator.attrgetter(*Page.__match_args__)  # a page's fields, in order
_FOOTER, _PLACED, _SPACING = map(Page.__match_args__.index, ("footer", "placed", "spacing"))


def _joined(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Intervals on a line, those that touch or overlap joined into one."""
    joined: list = []
    for a, b in sorted(spans):
        if joined and a <= joined[-1][1] + 1e-6:
            joined[-1] = (joined[-1][0], max(joined[-1][1], b))
        else:
            joined.append((a, b))
    return joined


def _around(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes),
               max(b.y1 for b in boxes))


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    cell: tuple[float, float]  # a cell as laid on the page (swapped when turned)
    turned: bool
    gutter: float
    origin: tuple[float, float]  # bottom-left of the grid's trimmed area

    @property
    def count(self) -> int:
        return self.cols * self.rows

    @property
    def box(self) -> Box:
        w = self.cols * self.cell[0] + (self.cols - 1) * self.gutter
        h = self.rows * self.cell[1] + (self.rows - 1) * self.gutter
        return Box(self.origin[0], self.origin[1], self.origin[0] + w, self.origin[1] + h)

    def cells(self) -> list[Box]:
        """Cells in reading order: top row first, left to right."""
        (w, h), g, x0 = self.cell, self.gutter, self.origin[0]
        top = self.box.y1
        return [Box(x0 + c * (w + g), top - (r + 1) * h - r * g, x0 + c * (w + g) + w, top - r * (h + g))
                for r in range(self.rows) for c in range(self.cols)]


def grids(area: Box, size: tuple[float, float], gutter: float, align: str = "center") -> list[Grid]:
    """The grids of cells of `size` that fit in `area`: upright first, then turned.
    `align` places a grid in the area: centred, or against its left/right edge (for fold halves)."""
    found = []
    for turned in (False, True):
        w, h = (size[1], size[0]) if turned else size
        cols = math.floor((area.w + gutter + 1e-9) / (w + gutter))
        rows = math.floor((area.h + gutter + 1e-9) / (h + gutter))
        if cols < 1 or rows < 1:
            continue
        gw, gh = cols * w + (cols - 1) * gutter, rows * h + (rows - 1) * gutter
        x = {"center": area.x0 + (area.w - gw) / 2, "left": area.x0, "right": area.x1 - gw}[align]
        found.append(Grid(cols, rows, (w, h), turned, gutter, (x, area.y0 + (area.h - gh) / 2)))
    return found


def fit(area: Box, size: tuple[float, float], gutter: float, align: str = "center") -> Grid | None:
    """The grid holding the most cells in `area`, upright when turning gains nothing; None if none fit."""
    return max(grids(area, size, gutter, align), key=lambda grid: grid.count, default=None)


def printable(settings: Settings) -> Box:
    w, h = settings.size
    return Box(settings.margin, settings.margin, w - settings.margin, h - settings.margin)


@dataclass(frozen=True)
class Fit:
    """How a grid of faces sits on the paper: what the contents page tells the user about it."""

    per_page: int
    edge_bleed: float  # the least bleed kept at the grid's outer edges: the data's, unless the paper is short
    marks: bool  # room for a crop mark at one end at least of every cut; if not, the cuts are drawn as lines
    turned: bool = False  # the faces lie on their sides: turned, more of them fit with every cut marked


def frames(settings: Settings, bleed: float, strict: bool):
    """Candidate content areas, best first: with a footer band, then without. Yields (content area, footer at
    bottom?, area for the grid). A strict frame keeps room round the grid for its full bleed and crop marks;
    the others keep none, and the bleed at the grid's edges gives way (see `edge_bleeds`)."""
    area = printable(settings)
    room = bleed + MARK_ROOM if strict else 0.0
    for band in (True, False):
        base = area.inset(bottom=FOOTER_BAND) if band else area
        yield base, band, base.inset(room, room, room, room)


def candidates(searches: list, bleed: float, shared: bool) -> list:
    """What each (settings, search) finds, `search(content, band, area)`, in the strict frames of its paper;
    then in the others too when neighbours share their cuts (they trade bleed at the paper's edge for more a
    page) or when nothing fits a strict frame."""
    def found(strict: bool) -> list:
        return [item for settings, search in searches for frame in frames(settings, bleed, strict)
                for item in search(*frame)]

    strict = found(True)
    return strict if strict and not shared else strict + found(False)


def edge_bleeds(grid: Grid, bleed: float, content: Box) -> tuple[float, float, float, float]:
    """The bleed at the grid's left, right, bottom and top edge: all of it, unless that would leave too little
    room in `content` for crop marks (then as much as leaves them MARK_ROOM)."""
    box = grid.box

    def outer(room: float) -> float:
        return max(0.0, min(bleed, room - MARK_ROOM))

    return (outer(box.x0 - content.x0), outer(content.x1 - box.x1), outer(box.y0 - content.y0),
            outer(content.y1 - box.y1))


def clip_for(cell: Box, grid: Grid, bleed: float, content: Box) -> Box:
    """A cell's bleed: half the gutter between neighbours (up to the bleed); at the grid's edges, `edge_bleeds`."""
    inner = min(bleed, grid.gutter / 2)
    box = grid.box
    left, right, bottom, top = edge_bleeds(grid, bleed, content)
    left = left if abs(cell.x0 - box.x0) < 1e-6 else inner
    right = right if abs(cell.x1 - box.x1) < 1e-6 else inner
    bottom = bottom if abs(cell.y0 - box.y0) < 1e-6 else inner
    top = top if abs(cell.y1 - box.y1) < 1e-6 else inner
    return Box(cell.x0 - left, cell.y0 - bottom, cell.x1 + right, cell.y1 + top).clip(content)


def fit_of(grid: Grid, bleed: float, content: Box) -> Fit:
    """What a grid keeps of the bleed and the crop marks (marks sit beyond the bleed, across the grid's edges)."""
    left, right, bottom, top = edge_bleeds(grid, bleed, content)
    box = grid.box
    room = (box.x0 - left - content.x0, content.x1 - box.x1 - right, box.y0 - bottom - content.y0,
            content.y1 - box.y1 - top)
    marked = [r - MARK_GAP >= MARK_MIN - 1e-6 for r in room]
    return Fit(grid.count, min(left, right, bottom, top), (marked[0] or marked[1]) and (marked[2] or marked[3]),
               grid.turned)


def chosen(options: list, needed: int, bleed: float, marked: bool = True):
    """Of the (grid, content, ...) `options`, in order of preference, the first that holds as many pieces as any
    could, or all of them when fewer are needed; of those that keep a crop mark on every cut when any does
    (nine poker cards upright on Letter would leave their top and bottom cuts unmarked: eight turned keep
    every mark), unless `marked` is false."""
    if marked:
        options = [option for option in options if fit_of(option[0], bleed, option[1]).marks] or options
    enough = min(needed, max(option[0].count for option in options))
    return next(option for option in options if option[0].count >= enough)


def shares_cuts(bleed: float, gutter: float) -> bool:
    """Whether neighbouring cards are too close for each to have its whole bleed."""
    return gutter < 2 * bleed - 1e-9


@functools.lru_cache(maxsize=256)
def best_grid(settings: Settings, size, gutter: float, bleed: float, needed: int, marked: bool = True):
    """The (grid, content, footer-at-bottom) for one-sided or duplex pages: as `chosen` picks it from the options
    in the order `candidates` gives the frames, upright before turned. Kept, as `fold_grid`, by all it depends on:
    a build asks for each part's grid for its pages and for its advice, and `pnp watch` on every save."""
    def search(content, band, area):
        return [(grid, content, band) for grid in grids(area, size, gutter)]

    options = candidates([(settings, search)], bleed, shares_cuts(bleed, gutter))
    if not options:
        raise NoRoom(f"a {size[0]:g} × {size[1]:g} mm piece does not fit on {settings.paper.name} paper "
                         f"inside {settings.margin:g} mm margins")
    return chosen(options, needed, bleed, marked)


def capacity(size, bleed: float, gutter: float, settings: Settings, marked: bool = True) -> Fit:
    """How the most faces of `size` a page can hold sit on it, for duplex pages or fold-and-glue sheets: with a
    crop mark on every cut where the paper allows that, unless `marked` is false (then the most of all)."""
    if settings.fold:
        grid, content, *_ = fold_grid(size, bleed, gutter, settings, 10 ** 6, marked)
    else:
        grid, content, _ = best_grid(settings, size, gutter, bleed, 10 ** 6, marked)
    return fit_of(grid, bleed, content)


def mirror(slot: Slot, axis: str, at: float) -> Slot:
    """The slot behind `slot` once the paper is turned over about a line (x = at, or y = at).
    Turning about a vertical line keeps a card upright; about a horizontal line turns it half round."""
    def flip(box: Box) -> Box:
        if axis == "x":
            return Box(2 * at - box.x1, box.y0, 2 * at - box.x0, box.y1)
        return Box(box.x0, 2 * at - box.y1, box.x1, 2 * at - box.y0)

    rotation = (-slot.rotation if axis == "x" else 180 - slot.rotation) % 360
    return Slot(flip(slot.trim), rotation, flip(slot.clip))


def behind(slot: Slot, settings: Settings) -> Slot:
    """Where the back of the face in `slot` prints on a duplex page: mirrored as the printer turns the paper,
    shifted by --back-offset, its bleed kept inside the printable area."""
    axis, at = ("y", settings.size[1] / 2) if settings.short_edge else ("x", settings.size[0] / 2)
    dx, dy = settings.back_offset
    back = mirror(slot, axis, at)
    return replace(back, trim=back.trim.shift(dx, dy), clip=back.clip.shift(dx, dy).clip(printable(settings)))


class GridPages(Sequence):
    """A part's pages on one grid, each made when it is asked for: for each page's share of its `count` pieces,
    `per_page` a page (one empty page for none), `sides` pages (its fronts, then their backs), each
    `make(start, stop, side)`, the Page of pieces[start:stop] on that side. A big deck's pages are not held the
    build long (thousands of Pages and Spacings, some 80 bytes a card), as its faces are not (`Placed`, `Span`).

    A page made again is equal to the one made before and prints alike: all but its faces (its slots, content,
    fit and spacing) are the grid's, made once and shared by every page, so that the writer, which knows a page's
    marks by the identity of its slots and content (pnp/write/pdf.py), draws them once for all. A page is not
    the same object twice: who keeps pages apart knows them by their place (packing.kit_pages). The part's pages
    are the same object as long as the part is."""

    __slots__ = ("count", "per_page", "sides", "make", "shares")

    def __init__(self, count: int, per_page: int, sides: int, make):
        self.count, self.per_page, self.sides, self.make = count, per_page, sides, make
        self.shares = max(1, -(-count // per_page))  # pages of fronts (or sheets): one, empty, for none

    def share(self, sheet: int) -> tuple[int, int]:
        """(start, stop) of the pieces on the `sheet`th page of fronts."""
        start = sheet * self.per_page
        return start, min(start + self.per_page, self.count)

    def __len__(self) -> int:
        return self.shares * self.sides

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        sheet, side = divmod(range(self.shares * self.sides)[index], self.sides)
        return self.make(*self.share(sheet), side)

    def __iter__(self):
        for sheet in range(self.shares):
            start, stop = self.share(sheet)
            for side in range(self.sides):
                yield self.make(start, stop, side)

    def __eq__(self, other) -> bool:
        return isinstance(other, (list, GridPages)) and list(self) == list(other)

    __hash__ = None  # (as a list's)

    def __repr__(self) -> str:
        return repr(list(self))


def duplex_pages(pairs: list, size, bleed: float, gutter: float, settings: Settings,
                 marks: bool = True) -> GridPages:
    """Front pages, each followed by its back page when the faces have backs. `pairs` are (front, back|None)."""
    grid, content, band = best_grid(settings, size, gutter, bleed, max(1, len(pairs)))
    most = best_grid(settings, size, gutter, bleed, 10 ** 6)[0].count  # a page is full when it holds that many
    fit = fit_of(grid, bleed, content)
    cells = grid.cells()
    rotation = 90 if grid.turned else 0
    slots = [Slot(cell, rotation, clip_for(cell, grid, bleed, content)) for cell in cells]
    has_backs = any(back is not None for _, back in pairs)
    backs_at = [behind(slot, settings) for slot in slots] if has_backs else []  # every back page's slots, as the
    # front pages share theirs: a big deck's pages hold thousands of faces, not thousands of slots
    common = dict(size=settings.size, content=content, footer_at_bottom=band, fit=fit)
    front = Page(side="fronts" if has_backs else "sheets", marks=marks,
                 cut_lines=settings.cut_lines or (marks and not fit.marks), **common)  # (each page but its faces)
    back = Page(side="backs", marks=False, reverse=True, **common)
    spacing = functools.cache(lambda held: Spacing(bleed, gutter, held >= most))  # (one for the full pages, one
    # for the last)

    def page(start: int, stop: int, side: int) -> Page:
        if side:
            return back.holding(Placed(backs_at, _faces(pairs, start, stop, (1,))), None)
        return front.holding(Placed(slots, _faces(pairs, start, stop, (0,))), spacing(stop - start))

    return GridPages(len(pairs), grid.count, 2 if has_backs else 1, page)


@functools.lru_cache(maxsize=256)
def fold_grid(size, bleed: float, gutter: float, settings: Settings, needed: int, marked: bool = True):
    """The best fold-and-glue sheet for `needed` cards of `size`: (grid of the fronts, content, footer band?, fold
    axis, fold position, the page's settings). Portrait or landscape, folded across or along: as `chosen` picks
    it from the options in the order `candidates` gives the frames (a footer band before none)."""
    gap = max(2 * bleed, 2.0)  # each card keeps its bleed on both sides of the fold
    searches = []
    for landscape in (False, True):
        w, h = settings.size
        paper = (max(w, h), min(w, h)) if landscape else (min(w, h), max(w, h))
        page_settings = replace(settings, size=paper)
        for axis in ("x", "y"):
            def search(content, band, inner, axis=axis, paper=paper, page_settings=page_settings):
                at = (paper[0] if axis == "x" else content.y0 + content.y1) / 2
                if axis == "x":
                    half = Box(inner.x0, inner.y0, at - gap / 2, inner.y1)
                    grid = fit(half, size, gutter, align="right")
                else:
                    half = Box(inner.x0, at + gap / 2, inner.x1, inner.y1)
                    grid = fit(half, size, gutter)
                    if grid:  # against the fold, so fronts and backs mirror about it
                        grid = replace(grid, origin=(grid.origin[0], half.y0))
                return [(grid, content, band, axis, at, page_settings)] if grid else []
            searches.append((page_settings, search))
    options = candidates(searches, bleed, shares_cuts(bleed, gutter))
    if not options:
        raise NoRoom(f"a {size[0]:g} × {size[1]:g} mm card does not fit half of {settings.paper.name} paper "
                         f"inside {settings.margin:g} mm margins")
    return chosen(options, needed, bleed, marked)


def fold_pages(pairs: list, size, bleed: float, gutter: float, settings: Settings) -> GridPages:
    """Fold-and-glue sheets: fronts on one half, their backs mirrored on the other half of the same side."""
    grid, content, band, axis, at, page_settings = fold_grid(size, bleed, gutter, settings, max(1, len(pairs)))
    fit = fit_of(grid, bleed, content)
    rotation = 90 if grid.turned else 0
    fronts = [Slot(cell, rotation, clip_for(cell, grid, bleed, content)) for cell in grid.cells()]
    backs = [mirror(slot, axis, at) for slot in fronts]
    spaced = functools.cache(lambda held: (fronts[:held] + backs[:held], Spacing(bleed, gutter, held == grid.count)))
    # (a page's slots and spacing by how many pieces it holds: one for the full pages, one for the last)
    sheet = Page(size=page_settings.size, side="fold-and-glue", content=content, fold=(axis, at),
                 footer_at_bottom=band, fit=fit, cut_lines=settings.cut_lines or not fit.marks)  # (each but its faces)

    def page(start: int, stop: int, side: int) -> Page:
        slots, spacing = spaced(stop - start)
        return sheet.holding(Placed(slots, _faces(pairs, start, stop, (0, 1))), spacing)

    return GridPages(len(pairs), grid.count, 1, page)


def shop_pages(pairs: list, size, bleed: float) -> list[Page]:
    """For a print shop: each face on a page of its own, as large as the card with its bleed, with the
    trim box set; a front's back on the page after it. No marks and no footer: the shop cuts to the box."""
    w, h = size
    page_size = (w + 2 * bleed, h + 2 * bleed)
    trim = Box(bleed, bleed, bleed + w, bleed + h)
    slot = Slot(trim, 0, Box(0.0, 0.0, *page_size))
    return [Page(size=page_size, side=side, placed=[(slot, face)], marks=False, furniture=False, trim=trim)
            for front, back in pairs for face, side in ((front, "front"), (back, "back")) if face is not None]


def shelf_pages(faces: list, settings: Settings, gap: float, header=None) -> list[Page]:
    """Faces of different sizes (nets to cut out) in reading order: side by side on shelves across the
    printable area, a new shelf below when a face does not fit beside the last, a new page when the shelf
    does not fit below. `header`, a face, heads each page (a check bar). One-sided, no crop marks."""
    content = printable(settings).inset(bottom=FOOTER_BAND)
    pages: list = []
    x = y = shelf = 0.0
    placed: list = []

    def new_page():
        nonlocal x, y, shelf, placed
        placed = []
        pages.append(Page(size=settings.size, side="sheets", placed=placed, content=content, marks=False,
                          spacing=Spacing(0.0, gap, False, header is not None)))
        x, y, shelf = 0.0, 0.0, 0.0
        if header is not None:
            w, h = header.size
            box = Box(content.x0, content.y1 - h, content.x0 + w, content.y1)
            placed.append((Slot(box, 0, box), header))
            y = h + gap

    for face in faces:
        w, h = face.size
        if w > content.w + 1e-6 or h > content.h - (header.size[1] + gap if header else 0) + 1e-6:
            raise NoRoom(f"a {w:.0f} × {h:.0f} mm piece does not fit on {settings.paper.name} paper "
                             f"inside {settings.margin:g} mm margins")
        if not pages:
            new_page()
        if x + w > content.w + 1e-6:  # the next shelf
            x, y, shelf = 0.0, y + shelf + gap, 0.0
        if y + h > content.h + 1e-6:
            new_page()
        box = Box(content.x0 + x, content.y1 - y - h, content.x0 + x + w, content.y1 - y)
        placed.append((Slot(box, 0, box), face))
        x, shelf = x + w + gap, max(shelf, h)
    return pages
