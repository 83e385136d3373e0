"""A board read from data: its spaces, where each lies, and which are one step apart.

One description serves the printer, which draws the spaces where the data puts them, and the checker,
which walks them: move a hiding place in the data and it moves on the printed board and in the rules.
Two shapes are described the same way, as a mapping (a component's `board:` data):

    spaces:                          # a path or any graph of spaces
      - {id: bay, at: [10, 80], kind: bay}
      - {id: s1, at: [20, 80]}
      - {id: s2, at: [30, 80], kind: hiding}
    paths:                           # each space one step from the next: [a, b, c] joins a-b and b-c
      - [bay, s1, s2]

    grid: {columns: 24, rows: 24, steps: 8}   # a square grid, squares A1 (bottom left) to X24; steps:
                                              # 4 (no diagonals) or 8 (diagonals too); `names: numbers`
                                              # names them by column and row instead, 1-1 to 24-24
    regions:
      island: {from: K11, to: N14, closed: true}   # closed: no piece may enter
      mud-bay: {squares: [A1]}
    spaces:                                   # named spaces beside the grid, one step from the squares
      - {id: genoa, at: [0, 8], kind: harbour}  # whose positions touch theirs

A space's position is `at: [x, y]` (a grid square's is its column and row number); its `kind` is what it
is (a hiding place, a harbour), for a grid square the first region holding it. Templates read the board
as plain values (`as_dicts`); rules walk it (`steps_from`, `line`).
"""
from __future__ import annotations

import string
from dataclasses import dataclass

from pnp.errors import DataError, Where
from pnp.model.specs import Any_, Bool, Choice, Int, ListOf, MapOf, Number, Record, Text, checked, line_of

COLUMNS = string.ascii_uppercase  # a grid's column letters: 26 at most
NAMES = ("letters", "numbers")  # how a grid names its squares: K11, or 11-11 (column, then row)

SPACE = Record({"id": Text(), "at": ListOf(Number(), min_items=2, max_items=2), "kind": (Text(), "")}, "a space")
REGION = Record({"from": (Any_(), None), "to": (Any_(), None), "squares": (ListOf(Text()), list),
                 "closed": (Bool(), False)}, "a region: squares `from` one corner `to` the other, or listed")
BOARD = Record({
    "grid": (Record({"columns": Int(1, 99), "rows": Int(1, 99), "steps": (Choice(4, 8), 4),
                     "names": (Choice(*NAMES), "letters")}, "a grid"), None),
    "regions": (MapOf(REGION), dict),
    "spaces": (ListOf(SPACE), list),
    "paths": (ListOf(ListOf(Text(), min_items=2)), list),
}, "a board: its spaces and paths, or a grid with regions")


@dataclass(frozen=True)
class Space:
    """One space of a board: its id (what logs and the printed board call it), its position, what kind
    of space it is, and the ids of the spaces one step away."""

    id: str
    x: float
    y: float
    kind: str = ""
    links: tuple = ()


class Board:
    """The spaces of a board by id, in data order; for a grid, its size and regions too."""

    def __init__(self, spaces: dict, regions: dict, closed: frozenset, grid: dict | None):
        self.spaces, self.regions, self.closed, self.grid = spaces, regions, closed, grid
        self._positions: dict | None = None  # (x, y) -> space id, made when first asked for
        self._rays: dict = {}                 # (start, dx, dy) -> the whole ray, made when first asked for
        self._open_links: dict | None = None  # space id -> its links but to closed squares, made when first asked for

    @classmethod
    def read(cls, data, where: Where) -> "Board":
        """A board from its data (see the module's doc); every problem raised at once as a DataError."""
        values = checked(BOARD, data, where)
        problems: list = []
        grid = values["grid"]
        if grid and grid["names"] == "letters" and grid["columns"] > len(COLUMNS):
            problems.append((where.at("grid.columns"), f"letters name at most {len(COLUMNS)} columns "
                             "(give `names: numbers`)"))
            grid = None
        regions = _regions(values["regions"], grid, data, where, problems)
        spaces = _squares(grid, regions) if grid else {}
        for index, space in enumerate(values["spaces"]):
            spot = where.at("spaces").at(f"[{index}]", line_of(data.get("spaces"), index, where.line))
            if space["id"] in spaces:
                problems.append((spot.at("id"), f"{space['id']!r} names two spaces"))
            spaces[space["id"]] = Space(space["id"], *space["at"], space["kind"])
        links = _links(values["paths"], spaces, data, where, problems)
        if problems:
            raise DataError(problems)
        if grid:
            _touching(spaces, links, grid["steps"])
        closed = frozenset(square for name, squares in regions.items() if values["regions"][name]["closed"]
                           for square in squares)
        linked = {key: Space(s.id, s.x, s.y, s.kind, tuple(links.get(key, ()))) for key, s in spaces.items()}
        return cls(linked, regions, closed, grid)

    def __contains__(self, space_id) -> bool:
        return space_id in self.spaces

    def neighbours(self, space_id: str) -> tuple:
        return self.spaces[space_id].links

    def steps_from(self, start: str, most: int | None = None, blocked=(), ends=()) -> dict:
        """Space id -> the fewest steps from `start` to it, going round closed squares and `blocked`
        spaces (a pawn nobody may pass), at most `most` steps. A walk may enter the spaces of `ends` but
        goes no further (a bay that ends a move, a square where a pawn must stop)."""
        links = self._open_links
        if links is None:
            links = self._open_links = {key: tuple(t for t in s.links if t not in self.closed)
                                        for key, s in self.spaces.items()}
        found, frontier, step = {start: 0}, [start], 0
        while frontier and (most is None or step < most):  # one step further each time round
            step, reached = step + 1, []
            for here in frontier:
                if here in ends and here != start:
                    continue
                for there in links[here]:
                    if there not in found and there not in blocked:
                        found[there] = step
                        reached.append(there)
            frontier = reached
        return found

    def square(self, column: int, row: int) -> str | None:
        """The id of a grid square by its column and row numbers, from 1; None off the grid."""
        grid = self.grid
        if grid and 1 <= column <= grid["columns"] and 1 <= row <= grid["rows"]:
            return _name(column, row, grid)
        return None

    def line(self, start: str, dx: int, dy: int, count: int) -> list:
        """The squares of a straight move from `start`, `count` steps of (dx, dy): a step off the grid or
        onto a closed square ends it early (`ray` without the spaces beside the grid)."""
        return [key for key in self.ray(start, dx, dy, count)
                if self.square(int(self.spaces[key].x), int(self.spaces[key].y)) == key]

    def at(self, x: int, y: int) -> str | None:
        """The id of the space at a whole-number position (a grid square, or a space beside the grid); None
        where there is none."""
        if self._positions is None:
            self._positions = {(s.x, s.y): key for key, s in self.spaces.items()}
        return self._positions.get((x, y))

    def ray(self, start: str, dx: int, dy: int, count: int) -> list:
        """The spaces of a straight move from `start`, up to `count` steps of (dx, dy): grid squares, and a
        space beside the grid at the very position a step reaches (a harbour), which ends it. A step onto a
        closed square or where no space lies ends it early."""
        whole = self._rays.get((start, dx, dy))
        if whole is None:
            whole = self._rays[start, dx, dy] = tuple(self._ray(start, dx, dy))
        return list(whole[:count])

    def _ray(self, start: str, dx: int, dy: int):
        space = self.spaces[start]
        x, y = int(space.x), int(space.y)
        while dx or dy:
            x, y = x + dx, y + dy
            key = self.at(x, y)
            if key is None or key in self.closed:
                return
            yield key
            if self.grid and self.square(x, y) is None:
                return

    def headings(self, space_id: str) -> list:
        """The steps (dx, dy) from a space to the spaces linked with it that lie one step away by position:
        the ways out of a harbour beside the grid."""
        space = self.spaces[space_id]
        found = []
        for other in space.links:
            there = self.spaces[other]
            dx, dy = there.x - space.x, there.y - space.y
            if max(abs(dx), abs(dy)) == 1 and dx == int(dx) and dy == int(dy):
                found.append((int(dx), int(dy)))
        return found

    def away(self, square: str, region: str) -> tuple:
        """The step (dx, dy) leading straight away from a region, from a square beside it: square on from a
        side, diagonal from a corner; (0, 0) for a square not beside the region."""
        inside, here = set(self.regions[region]), self.spaces[square]
        sx = sy = 0
        for other in here.links:
            if other in inside:
                sx += here.x - self.spaces[other].x
                sy += here.y - self.spaces[other].y
        big = max(abs(sx), abs(sy))
        if not big:
            return 0, 0
        return (int(sx / big) if abs(sx) == big else 0), (int(sy / big) if abs(sy) == big else 0)

    def around(self, region: str) -> list:
        """The spaces one step from a region but outside it (an island's coast)."""
        inside = set(self.regions[region])
        return [key for key in self.spaces if key not in inside
                and any(other in inside for other in self.spaces[key].links)]

    def as_dicts(self) -> dict:
        """The board as plain values, for a template: spaces (id, x, y, kind, links), regions, grid."""
        return {"spaces": [{"id": s.id, "x": s.x, "y": s.y, "kind": s.kind, "links": list(s.links)}
                           for s in self.spaces.values()],
                "regions": {name: list(squares) for name, squares in self.regions.items()},
                "grid": dict(self.grid) if self.grid else None}


def _regions(declared: dict, grid, data, where: Where, problems: list) -> dict:
    """Region name -> its squares, in order; each checked against the grid."""
    regions = {}
    for name, region in declared.items():
        spot = where.at(f"regions.{name}", line_of(data.get("regions"), name, where.line))
        if not grid:
            problems.append((spot, "regions belong to a grid board (give `grid:`)"))
            continue
        corners = [_position(region[key], grid, spot.at(key), problems) for key in ("from", "to")
                   if region[key] is not None]
        squares = [_position(square, grid, spot.at("squares"), problems) for square in region["squares"]]
        if len(corners) == 2 and None not in corners:
            (x1, y1), (x2, y2) = corners
            squares += [(x, y) for y in range(min(y1, y2), max(y1, y2) + 1)
                        for x in range(min(x1, x2), max(x1, x2) + 1)]
        elif corners or not squares:
            problems.append((spot, "a region gives both corners, `from` and `to`, or its `squares`"))
        regions[name] = [_name(x, y, grid) for x, y in filter(None, squares)]
    return regions


def _name(column: int, row: int, grid: dict) -> str:
    """A grid square's id: K11 (letters), or 11-11 (numbers)."""
    return f"{column}-{row}" if grid["names"] == "numbers" else f"{COLUMNS[column - 1]}{row}"


def _position(name, grid: dict, where: Where, problems: list):
    """(column, row) of a square named like `K11` (or `11-11`); None, reported, when the grid has no
    such square."""
    text = str(name)
    if grid["names"] == "numbers":
        column, _, row = text.partition("-")
        column, row = (int(column), int(row)) if column.isdigit() and row.isdigit() else (0, 0)
    else:
        column = COLUMNS.find(text[:1].upper()) + 1
        row = int(text[1:]) if text[1:].isdigit() else 0
    if not (0 < column <= grid["columns"] and 0 < row <= grid["rows"]):
        problems.append((where, f"{text!r} is no square of the {grid['columns']}×{grid['rows']} grid"))
        return None
    return column, row


def _squares(grid: dict, regions: dict) -> dict:
    """Every square of a grid as a space, its kind the first region holding it."""
    kind = {}
    for name, squares in reversed(regions.items()):
        kind.update(dict.fromkeys(squares, name))
    squares = [(_name(x, y, grid), x, y) for y in range(1, grid["rows"] + 1) for x in range(1, grid["columns"] + 1)]
    return {key: Space(key, x, y, kind.get(key, "")) for key, x, y in squares}


def _links(paths: list, spaces: dict, data, where: Where, problems: list) -> dict:
    """Space id -> the ids one step away along the paths, both ways, in the order the paths give them."""
    links: dict = {}
    for index, path in enumerate(paths):
        spot = where.at("paths").at(f"[{index}]", line_of(data.get("paths"), index, where.line))
        unknown = [key for key in path if key not in spaces]
        if unknown:
            problems.append((spot, f"no space has the id {', '.join(map(repr, unknown))}"))
            continue
        for a, b in zip(path, path[1:]):
            for one, other in ((a, b), (b, a)):
                if other not in links.setdefault(one, []):
                    links[one].append(other)
    return links


def _touching(spaces: dict, links: dict, steps: int) -> None:
    """On a grid, spaces one step apart by position are linked: side by side, or corner to corner too
    when diagonal steps are allowed."""
    at = {(int(s.x), int(s.y)): key for key, s in spaces.items() if s.x == int(s.x) and s.y == int(s.y)}
    moves = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
             if (dx or dy) and (steps == 8 or not dx or not dy)]
    for (x, y), key in at.items():
        for dx, dy in moves:
            other = at.get((x + dx, y + dy))
            if other is not None and other not in links.setdefault(key, []):
                links[key].append(other)
