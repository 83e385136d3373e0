"""Tiling: a board too large for the paper, cut into sheets that glue back together (pure geometry).

The rule is PosteRazor's. The board (with its bleed at the outer edges) is divided by seams into rows,
and each row into columns: rows of sheets all upright or all turned share their vertical seams; where fewer
sheets need it, rows of turned sheets stand above rows of upright ones, each row with its own. Each sheet prints its own part of the board plus a glue band (GLUE, 10 mm) beyond its right and
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
MAX_ROWS = len(ROWS)  # rows of sheets a board is tiled on at most: each is named by a letter (A1, B1 ... Z1)
MAX_COLUMNS = 26  # sheets in a row at most: 26 by 26 A4 sheets make a board some 5 by 7 m


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
    landscape: bool = False  # printed on the paper turned

    @property
    def label(self) -> str:
        """A1 for the top-left sheet; letters down the rows, numbers along the columns."""
        return f"{ROWS[self.row]}{self.column + 1}"


@dataclass(frozen=True)
class Row:
    """A row of sheets: whether they print on the paper turned, and its vertical seams, left to right."""

    landscape: bool
    xs: tuple

    @property
    def columns(self) -> int:
        return len(self.xs) + 1


@dataclass(frozen=True)
class Plan:
    """How a board is printed: its sheets, row by row, its seams, and the spaces a seam had to split (if any).
    Every sheet of a row is printed alike, upright or turned; rows may differ, as fewer sheets need."""

    tiles: tuple
    rows: tuple  # of Row, top to bottom
    ys: tuple  # the horizontal seams', top to bottom
    splits: tuple  # "x = 123 mm splits R4" for each seam that could not fall between spaces

    @property
    def sheets(self) -> int:
        return len(self.tiles)

    def tile(self, row: int, column: int) -> Tile:
        return self.tiles[sum(each.columns for each in self.rows[:row]) + column]

    def own(self, tile: Tile) -> Box:
        """A sheet's own part of the board: its part without the glue bands its neighbours cover."""
        src = tile.source
        return Box(src.x0, src.y0, self.rows[tile.row].xs[tile.column] if tile.glue_right else src.x1,
                   self.ys[tile.row] if tile.glue_bottom else src.y1)

    def below(self, tile: Tile) -> list:
        """The sheets of the next row that are glued over the band at a sheet's foot, left to right."""
        mine = self.own(tile)
        return [other for other in self.tiles if other.row == tile.row + 1
                and self.own(other).x0 < mine.x1 - 1e-9 and mine.x0 < self.own(other).x1 - 1e-9]


def count(length: float, bleed: float, room: float, glue: float = GLUE) -> int | None:
    """How many sheets a side of `length` (plus bleed at both ends) needs when each holds `room`; None
    when no number of sheets can hold it (a sheet no wider than the glue band)."""
    whole = length + 2 * bleed
    if whole <= room + 1e-9:
        return 1
    if room <= glue + 1e-9:
        return None
    return 1 + math.ceil((whole - room) / (room - glue) - 1e-9)


def seams(length: float, bleed: float, room, parts: int, blocked: list,
          glue: float = GLUE) -> tuple[list, list]:
    """Where the seams between `parts` sheets fall along one side: (positions, the blocked spans each seam
    that could not avoid one cuts through). `blocked` are (start, end, name) spans a seam should not cross
    (the spaces); each seam falls in the middle of a gap between them, the gap nearest an even division
    (in proportion to what each sheet holds), within reach of the sheets on both sides. A sheet holds `room`
    (one length for all, or each sheet's in turn): its own part plus, but for the last, the glue band."""
    spans = sorted((lo, hi) for lo, hi, _ in blocked)
    gaps, edge = [], -math.inf
    for lo, hi in spans:
        if lo >= edge - 1e-9:  # spaces that only touch (a grid's squares) leave a seam room on their edge
            gaps.append((edge, lo))
        edge = max(edge, hi)
    gaps.append((edge, math.inf))
    held = list(room) if isinstance(room, (list, tuple)) else [room] * parts
    positions, splits, previous = [], [], -bleed
    for k in range(1, parts):
        lowest = length + bleed - sum(held[k:]) + (parts - 1 - k) * glue  # the sheets after it still reach the end
        highest = previous + held[k - 1] - glue
        target = min(max(_even(length, bleed, held, k, glue), lowest), highest)
        choices = [min(max(_middle(a, b, target), lowest), highest) for a, b in gaps if b >= lowest and a <= highest]
        if choices:
            at = min(choices, key=lambda x: (abs(x - target), x))
        else:
            at = target
            splits.append((at, [name for lo, hi, name in blocked if lo < at < hi]))
        positions.append(round(at, 6))
        previous = at
    return positions, splits


def _even(length: float, bleed: float, held: list, k: int, glue: float) -> float:
    """Where the k-th seam falls when the side is divided in proportion to what each sheet holds (evenly,
    when they hold alike)."""
    if len(set(held)) == 1:
        return -bleed + k * (length + 2 * bleed) / len(held)
    shares = [each - glue for each in held]
    return -bleed + (length + 2 * bleed) * sum(shares[:k]) / sum(shares)


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
    sheet can print in, "portrait" first), every row alike or the rows of one orientation above those of the
    other: then every row alike before rows that differ, then the fewest split spaces, then the seams nearest
    an even division, then the first orientation. Rows alike share their vertical seams, so that four sheets
    meet at a cross; a row unlike the next keeps its seams clear of its own spaces.
    `footprints` are (name, Box) of the spaces, in the board's frame. NoRoom when no plan exists."""
    best = None
    for order in _within_cap(size, bleed, rooms, glue):
        heights = [rooms[name][1] for name in order]
        ys, found = seams(size[1], bleed, heights, len(order), [(b.y0, b.y1, n) for n, b in footprints], glue)
        splits = [("y", at, names) for at, names in found]
        uneven = sum(abs(at - _even(size[1], bleed, heights, k, glue)) for k, at in enumerate(ys, 1))
        cuts_y = [-bleed, *ys, size[1] + bleed]
        rows: list = []
        for name, top, bottom in zip(order, cuts_y, cuts_y[1:]):
            width = rooms[name][0]
            columns = count(size[0], bleed, width, glue)
            if rows and len(set(order)) == 1:
                rows.append(Row(name == "landscape", rows[-1].xs))
                continue
            spaces = [(b.x0, b.x1, n) for n, b in footprints if len(set(order)) == 1 or (b.y0 < bottom and top < b.y1)]
            xs, found = seams(size[0], bleed, width, columns, spaces, glue)
            rows.append(Row(name == "landscape", tuple(xs)))
            splits = [("x", at, names) for at, names in found] + splits
            uneven += sum(abs(at - _even(size[0], bleed, [width] * columns, k, glue)) for k, at in enumerate(xs, 1))
        named = tuple(f"the seam at {axis} = {at:g} mm splits {', '.join(names) or 'nothing'}"
                      for axis, at, names in sorted(splits, key=lambda split: split[0]))
        key = (sum(row.columns for row in rows), len(set(order)), len(named), round(uneven, 3))
        if best is None or key < best[0]:
            best = (key, _plan(size, bleed, rows, ys, named, glue))
    if best is None:
        raise NoRoom(f"a {size[0]:g} × {size[1]:g} mm board cannot be tiled on this paper: a sheet must "
                         f"hold more than the {glue:g} mm glue band")
    return best[1]


def _within_cap(size: tuple, bleed: float, rooms: dict, glue: float) -> list:
    """The orders of rows (`_row_orders`) that tile the board on at most MAX_ROWS rows of MAX_COLUMNS sheets; NoRoom
    saying how many sheets the board would take when there are some, but none within the cap."""
    orders = _row_orders(size, bleed, rooms, glue)
    columns = {name: count(size[0], bleed, w, glue) for name, (w, _) in rooms.items()}
    within = [order for order in orders
              if len(order) <= MAX_ROWS and all(columns[name] <= MAX_COLUMNS for name in set(order))]
    if orders and not within:
        sheets, rows = min((sum(columns[name] for name in order), len(order)) for order in orders)
        raise NoRoom(f"a {size[0]:g} × {size[1]:g} mm board would take {sheets:,} sheets of this paper, in "
                     f"{rows:,} {'row' if rows == 1 else 'rows'}: a board is tiled on at most {MAX_ROWS} rows of "
                     f"{MAX_COLUMNS} sheets; make it smaller, or print it on larger paper (--paper)")
    return within


def _row_orders(size: tuple, bleed: float, rooms: dict, glue: float) -> list:
    """The orientations of the rows, top to bottom, of every plan worth weighing: all rows alike, in each
    orientation; and, for each pair of orientations, a number of rows of the one above the fewest rows of the
    other that reach the board's foot. Orientations whose sheets cannot hold the board's width are left out."""
    usable = [name for name, (w, h) in rooms.items() if count(size[0], bleed, w, glue) is not None
              and count(size[1], bleed, h, glue) is not None]
    orders = [[name] * count(size[1], bleed, rooms[name][1], glue) for name in usable]
    whole = size[1] + 2 * bleed
    for upper in usable:
        for lower in usable:
            if upper == lower:
                continue
            top, bottom = rooms[upper][1], rooms[lower][1]
            for above in range(1, count(size[1], bleed, top, glue)):
                reach = above * top - (above - 1) * glue  # how far down the rows above reach
                rest = count(whole - reach + glue, 0.0, bottom, glue)
                orders.append([upper] * above + [lower] * rest)
    return orders


def _plan(size, bleed, rows, ys, splits, glue) -> Plan:
    cuts_y = [-bleed, *ys, size[1] + bleed]
    tiles = []
    for r, row in enumerate(rows):
        cuts_x = [-bleed, *row.xs, size[0] + bleed]
        for column in range(row.columns):
            right, bottom = column < row.columns - 1, r < len(rows) - 1
            source = Box(cuts_x[column], cuts_y[r], cuts_x[column + 1] + (glue if right else 0.0),
                         cuts_y[r + 1] + (glue if bottom else 0.0))
            tiles.append(Tile(r, column, source, right, bottom, column > 0, r > 0, row.landscape))
    return Plan(tuple(tiles), tuple(rows), tuple(ys), splits)
