"""Tiling: a board too large for the paper, cut into sheets that glue back together (pure geometry).

The rule is PosteRazor's. The board (with its bleed at the outer edges) is divided by seams into columns
and rows. Each sheet prints its own part of the board plus a glue band (GLUE, 10 mm) beyond its right and
bottom seams; the neighbour's matching edge is cut exactly on the seam and glued over that band, and the
board's outer edges are left whole (trimmed on the crop marks once it is assembled). So two neighbours
overlap by exactly the glue band, and nothing else of the board is printed twice.

Lengths are millimetres in the board's own frame: origin at its top-left corner, y downwards, as templates
draw it. A seam falls in a gap between spaces where one lies within reach, never through a space unless
the paper leaves no choice; then the plan says which spaces it splits. Squares that touch (a grid) leave
a gap of no width on their shared edge: a seam may fall there.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.layout.imposition import NoRoom
from pnp.model.geometry import Box

GLUE = 10.0  # the band each sheet prints beyond its right and bottom seams, under its neighbour
ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: its row and column (from 0) and the part of the board it prints."""

    row: int
    column: int
    source: Box  # in the board's frame, y downwards: bleed at outer edges, the glue band at right and bottom
    glue_right: bool  # a glue band beyond the right seam (a neighbour is glued over it)
    glue_bottom: bool
    cut_left: bool  # the left edge is cut on the seam and glued over the left neighbour's band
    cut_top: bool

    @property
    def label(self) -> str:
        """A1 for the top-left sheet; letters down the rows, numbers along the columns."""
        return f"{ROWS[self.row]}{self.column + 1}"


@dataclass(frozen=True)
class Plan:
    """How a board is printed: its sheets, its seams, and the spaces a seam had to split (if any)."""

    tiles: tuple
    columns: int
    rows: int
    landscape: bool
    xs: tuple  # the vertical seams' positions, left to right
    ys: tuple  # the horizontal seams', top to bottom
    splits: tuple  # "x = 123 mm splits R4" for each seam that could not fall between spaces

    @property
    def sheets(self) -> int:
        return self.columns * self.rows

    def tile(self, row: int, column: int) -> Tile:
        return self.tiles[row * self.columns + column]


def count(length: float, bleed: float, room: float, glue: float = GLUE) -> int | None:
    """How many sheets a side of `length` (plus bleed at both ends) needs when each holds `room`; None
    when no number of sheets can hold it (a sheet no wider than the glue band)."""
    whole = length + 2 * bleed
    if whole <= room + 1e-9:
        return 1
    if room <= glue + 1e-9:
        return None
    return 1 + math.ceil((whole - room) / (room - glue) - 1e-9)


def seams(length: float, bleed: float, room: float, parts: int, blocked: list,
          glue: float = GLUE) -> tuple[list, list]:
    """Where the seams between `parts` sheets fall along one side: (positions, the blocked spans each seam
    that could not avoid one cuts through). `blocked` are (start, end, name) spans a seam should not cross
    (the spaces); each seam falls in the middle of a gap between them, the gap nearest an even division,
    within reach of the sheets on both sides. A sheet holds `room`: its own part plus, but for the last,
    the glue band."""
    spans = sorted((lo, hi) for lo, hi, _ in blocked)
    gaps, edge = [], -math.inf
    for lo, hi in spans:
        if lo >= edge - 1e-9:  # spaces that only touch (a grid's squares) leave a seam room on their edge
            gaps.append((edge, lo))
        edge = max(edge, hi)
    gaps.append((edge, math.inf))
    positions, splits, previous = [], [], -bleed
    for k in range(1, parts):
        lowest = length + bleed - room - (parts - 1 - k) * (room - glue)  # the sheets after it still reach the end
        highest = previous + room - glue
        target = min(max(-bleed + k * (length + 2 * bleed) / parts, lowest), highest)
        choices = [min(max(_middle(a, b, target), lowest), highest) for a, b in gaps if b >= lowest and a <= highest]
        if choices:
            at = min(choices, key=lambda x: (abs(x - target), x))
        else:
            at = target
            splits.append((at, [name for lo, hi, name in blocked if lo < at < hi]))
        positions.append(round(at, 6))
        previous = at
    return positions, splits


def _middle(a: float, b: float, target: float) -> float:
    """The seam's place in the gap (a, b): its middle, or as near the target as an open end allows."""
    if math.isinf(a) and math.isinf(b):
        return target
    if math.isinf(a):
        return min(target, b)
    if math.isinf(b):
        return max(target, a)
    return (a + b) / 2


def plan(size: tuple, bleed: float, rooms: dict, footprints: list, glue: float = GLUE) -> Plan:
    """The plan that needs the fewest sheets, over the orientations `rooms` offers (name -> (w, h) a
    sheet can print in, "portrait" first): then the fewest split spaces, then the seams nearest an even
    division, then the first orientation.
    `footprints` are (name, Box) of the spaces, in the board's frame. NoRoom when no plan exists."""
    best = None
    for name, (room_w, room_h) in rooms.items():
        columns, rows = count(size[0], bleed, room_w, glue), count(size[1], bleed, room_h, glue)
        if columns is None or rows is None:
            continue
        xs, x_splits = seams(size[0], bleed, room_w, columns, [(b.x0, b.x1, n) for n, b in footprints], glue)
        ys, y_splits = seams(size[1], bleed, room_h, rows, [(b.y0, b.y1, n) for n, b in footprints], glue)
        splits = tuple(f"the seam at {axis} = {at:g} mm splits {', '.join(names) or 'nothing'}"
                       for axis, found in (("x", x_splits), ("y", y_splits)) for at, names in found)
        uneven = sum(abs(at - (-bleed + k * (size[0] + 2 * bleed) / columns)) for k, at in enumerate(xs, 1)) + \
            sum(abs(at - (-bleed + k * (size[1] + 2 * bleed) / rows)) for k, at in enumerate(ys, 1))
        key = (columns * rows, len(splits), round(uneven, 3))
        if best is None or key < best[0]:
            best = (key, _plan(size, bleed, xs, ys, name == "landscape", splits, glue))
    if best is None:
        raise NoRoom(f"a {size[0]:g} × {size[1]:g} mm board cannot be tiled on this paper: a sheet must "
                         f"hold more than the {glue:g} mm glue band")
    return best[1]


def _plan(size, bleed, xs, ys, landscape, splits, glue) -> Plan:
    cuts_x = [-bleed, *xs, size[0] + bleed]
    cuts_y = [-bleed, *ys, size[1] + bleed]
    columns, rows = len(cuts_x) - 1, len(cuts_y) - 1
    tiles = []
    for row in range(rows):
        for column in range(columns):
            right, bottom = column < columns - 1, row < rows - 1
            source = Box(cuts_x[column], cuts_y[row], cuts_x[column + 1] + (glue if right else 0.0),
                         cuts_y[row + 1] + (glue if bottom else 0.0))
            tiles.append(Tile(row, column, source, right, bottom, column > 0, row > 0))
    return Plan(tuple(tiles), columns, rows, landscape, tuple(xs), tuple(ys), splits)
