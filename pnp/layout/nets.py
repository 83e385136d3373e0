"""Nets: flat shapes to cut, fold and glue into dice, boxes, envelopes and standees.

A net is a set of rectangular panels laid edge to edge (millimetres, y downwards) and tabs on some of their
free edges. Every edge is of a named type: a `fold` where two panels share it or a tab stands on it, a `cut`
elsewhere; a tab is a `glue` tab (grey, glued to another panel) or a `flap` (a closing flap that tucks in,
left white or given a fill). Nets for particular things (a die, an envelope, a standee, a box's tray,
divider and sleeve) are built here from a few sizes; a game may also give its own panels and tabs.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.model.kinds import SIDES
from pnp.typeset.markup import escaped

CUT = {"stroke": "#000000", "width": 0.3, "fill": "none", "dash": None, "opacity": 1.0}
FOLD = {**CUT, "stroke": "#555555", "width": 0.25, "dash": [2.0, 1.5]}
MARK = {**CUT, "width": 0.2}  # a fold's mark in the waste beyond its ends, to lay a ruler on when scoring
EDGES = {  # each kind of tab (TAB_EDGES): how it is drawn, and the word printed on it unless the data gives another
    "glue": ({**CUT, "fill": "#E6E6E6"}, "glue"),
    "flap": (CUT, ""),  # white, unless given a fill (a flap that shows once closed)
}


@dataclass(frozen=True)
class Panel:
    name: str
    x: float
    y: float
    w: float
    h: float

    def edge(self, side: str) -> tuple[tuple[float, float], tuple[float, float]]:
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        return {"top": ((x0, y0), (x1, y0)), "right": ((x1, y0), (x1, y1)),
                "bottom": ((x0, y1), (x1, y1)), "left": ((x0, y0), (x0, y1))}[side]


@dataclass(frozen=True)
class Tab:
    panel: str
    side: str
    depth: float
    taper: float  # how far each end of the tab's outer edge is drawn in
    edge: str = "glue"  # glue or flap (EDGES)
    label: str | None = None  # the word printed on it; None: its edge type's
    fill: str | None = None  # a colour for a flap that shows once closed (glue tabs are always grey)

    @property
    def text(self) -> str:
        return EDGES[self.edge][1] if self.label is None else self.label


def _key(edge) -> tuple:
    return tuple(round(v, 6) for point in edge for v in point)


def folds_and_cuts(panels: list[Panel], tabs: list[Tab]) -> tuple[list, list]:
    """Every panel edge, once: a fold where two panels share it or a tab stands on it, else a cut.
    Panels are expected to share whole edges (as in every box, die and envelope net)."""
    edges: dict = {}
    for panel in panels:
        for side in SIDES:
            edges.setdefault(_key(panel.edge(side)), []).append((panel.name, side, panel.edge(side)))
    tabbed = {(t.panel, t.side) for t in tabs}
    folds, cuts = [], []
    for owners in edges.values():
        name, side, edge = owners[0]
        (folds if len(owners) > 1 or (name, side) in tabbed else cuts).append(edge)
    return folds, cuts


def problems(panels: list[Panel], tabs: list[Tab]) -> list[tuple[str, str]]:
    """What keeps a net from being cut out and folded, as (field, message) pairs: panels must have an area,
    must not overlap, and must hang together by whole shared edges (a fold); a tab stands on a free edge of
    a panel (never on a fold, never two on one edge) and covers neither a panel nor another tab."""
    if not panels:
        return [("panels", "a net needs at least one panel")]
    found: list[tuple[str, str]] = []
    by_name = {p.name: p for p in panels}
    found += [(f"panels.{p.name}", "a panel needs a width and a height above 0") for p in panels
              if p.w <= 0 or p.h <= 0]
    unknown = sorted({t.panel for t in tabs} - set(by_name))
    if unknown:
        found.append(("tabs", f"tabs stand on panels the net does not have: {', '.join(unknown)}"))
    if found:
        return found
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            if _overlap(_corners(a), _corners(b)):
                found.append((f"panels.{b.name}", f"panels {a.name} and {b.name} overlap"))
            elif _partly_touching(a, b):
                found.append((f"panels.{b.name}", f"panels {a.name} and {b.name} meet along part of an edge: "
                              "panels fold only where they share a whole edge"))
    folds = {_key(edge) for edge in folds_and_cuts(panels, [])[0]}
    apart = _detached(panels)
    if apart and not found:
        found.append((f"panels.{apart[0]}", f"{', '.join(apart)} {'is' if len(apart) == 1 else 'are'} not joined "
                      "to the other panels by a shared edge: the net would fall apart"))
    seen: dict = {}
    for index, tab in enumerate(tabs):
        field, edge = f"tabs.[{index}]", _key(by_name[tab.panel].edge(tab.side))
        if tab.depth <= 0:
            found.append((field, "a tab needs a depth above 0"))
            continue
        if edge in folds:
            found.append((field, f"the {tab.side} edge of {tab.panel} is a fold between two panels: "
                          "a tab goes on a free edge"))
            continue
        if edge in seen:
            found.append((field, f"the {tab.side} edge of {tab.panel} already has a tab (tabs.[{seen[edge]}])"))
            continue
        seen[edge] = index
        outline = tab_outline(by_name[tab.panel], tab)
        for panel in panels:
            if _overlap(outline, _corners(panel)):
                found.append((field, f"the tab on the {tab.side} edge of {tab.panel} covers panel {panel.name}"))
        for other in range(index):
            if other in seen.values() and _overlap(outline, tab_outline(by_name[tabs[other].panel], tabs[other])):
                found.append((field, f"the tab on the {tab.side} edge of {tab.panel} overlaps tabs.[{other}]"))
    return found


def _corners(panel: Panel) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = panel.x, panel.y, panel.x + panel.w, panel.y + panel.h
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _overlap(a: list, b: list, margin: float = 1e-6) -> bool:
    """Whether two convex outlines share some area; touching along an edge or at a corner does not count."""
    for outline in (a, b):
        for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
            length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            if length < margin:
                continue
            nx, ny = (y2 - y1) / length, (x1 - x2) / length
            on_a = [nx * x + ny * y for x, y in a]
            on_b = [nx * x + ny * y for x, y in b]
            if max(on_a) <= min(on_b) + margin or max(on_b) <= min(on_a) + margin:
                return False  # a line that separates them
    return True


def _partly_touching(a: Panel, b: Panel) -> bool:
    """Whether two panels touch along a stretch of edge that is not a whole edge of both."""
    for side, facing in (("right", "left"), ("left", "right"), ("bottom", "top"), ("top", "bottom")):
        (ax0, ay0), (ax1, ay1) = a.edge(side)
        (bx0, by0), (bx1, by1) = b.edge(facing)
        vertical = side in ("left", "right")
        if abs((ax0 - bx0) if vertical else (ay0 - by0)) > 1e-6:
            continue
        lo_a, hi_a, lo_b, hi_b = (ay0, ay1, by0, by1) if vertical else (ax0, ax1, bx0, bx1)
        shared = min(hi_a, hi_b) - max(lo_a, lo_b)
        if shared > 1e-6 and (abs(lo_a - lo_b) > 1e-6 or abs(hi_a - hi_b) > 1e-6):
            return True
    return False


def _detached(panels: list[Panel]) -> list[str]:
    """The panels not joined, fold by fold, to the first one (two panels with an edge in common share it)."""
    joined, queue = {panels[0].name}, [panels[0]]
    while queue:
        panel = queue.pop()
        edges = {_key(panel.edge(side)) for side in SIDES}
        for other in panels:
            if other.name not in joined and edges & {_key(other.edge(side)) for side in SIDES}:
                joined.add(other.name)
                queue.append(other)
    return [p.name for p in panels if p.name not in joined]


def tab_outline(panel: Panel, tab: Tab) -> list[tuple[float, float]]:
    """The four corners of a tab standing on one edge of a panel, pointing away from it."""
    (ax, ay), (bx, by) = panel.edge(tab.side)
    out = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[tab.side]
    along = ((bx - ax), (by - ay))
    length = max(abs(along[0]), abs(along[1]))
    ux, uy = along[0] / length, along[1] / length
    d, t = tab.depth, min(tab.taper, length / 2 - 0.5)
    return [(ax, ay), (ax + ux * t + out[0] * d, ay + uy * t + out[1] * d),
            (bx - ux * t + out[0] * d, by - uy * t + out[1] * d), (bx, by)]


def bounds(panels: list[Panel], tabs: list[Tab]) -> tuple[float, float, float, float]:
    by_name = {p.name: p for p in panels}
    points = [(p.x, p.y) for p in panels] + [(p.x + p.w, p.y + p.h) for p in panels]
    points += [pt for t in tabs for pt in tab_outline(by_name[t.panel], t)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def net_steps(panels: list[Panel], tabs: list[Tab], marks: float = 0.0) -> list:
    """Drawing steps for the net's own lines: its tabs, dashed folds, solid cuts; with `marks`, each fold's
    ends marked that far out into the waste. Drawn over the panels' artwork, in the net's coordinates."""
    by_name = {p.name: p for p in panels}
    steps = []
    for tab in tabs:
        corners = [list(p) for p in tab_outline(by_name[tab.panel], tab)]
        style = EDGES[tab.edge][0]
        fill = tab.fill or style["fill"] if tab.edge == "flap" else style["fill"]
        if fill != "none":
            steps.append(("polygon", {"points": corners, **style, "stroke": "none", "fill": fill}))
        steps.append(("line", {"points": corners, **style, "fill": "none"}))  # cut round: its base is a fold
        if tab.text:
            steps.append(_tab_label(corners, tab))
    folds, cuts = folds_and_cuts(panels, tabs)
    steps += [("line", {"points": [list(a), list(b)], **FOLD}) for a, b in folds]
    steps += [("line", {"points": [list(a), list(b)], **CUT}) for a, b in cuts]
    if marks:
        steps += [("line", {"points": [list(a), list(b)], **MARK})
                  for a, b in waste_marks(tuple(panels), tuple(tabs), tuple(folds), marks)]
    return steps


@lru_cache(maxsize=256)
def waste_marks(panels: tuple, tabs: tuple, folds: tuple, length: float) -> list:
    """Short lines in line with each fold, out beyond its ends where the line first leaves the net: the
    paper there is cut away, so the marks show where to score without marking the piece. A fold in line
    with another shares its marks."""
    by_name = {p.name: p for p in panels}
    shapes = [_corners(p) for p in panels] + [tab_outline(by_name[t.panel], t) for t in tabs]
    marks: dict = {}
    for (ax, ay), (bx, by) in folds:
        size = max(abs(bx - ax), abs(by - ay))
        ux, uy = (bx - ax) / size, (by - ay) / size
        for (x, y), sign in (((ax, ay), -1), ((bx, by), 1)):
            away = 1.0
            while True:
                points = [(x + sign * ux * (away + length * i / 8), y + sign * uy * (away + length * i / 8))
                          for i in range(9)]
                if not any(_covers(shape, point) for shape in shapes for point in points):
                    break
                away += 0.5
            start, end = points[0], points[-1]
            marks[tuple(round(v, 3) for v in start + end)] = (start, end)
    return list(marks.values())


def _covers(shape: list, point) -> bool:
    """Whether a convex outline (corners in order) holds a point, its edges included."""
    x, y = point
    side = None  # which side of the edges found so far the point lies (None: on their lines)
    for (x1, y1), (x2, y2) in zip(shape, shape[1:] + shape[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) > 1e-6:
            if side is None:
                side = cross > 0
            elif side != (cross > 0):  # on both sides of some edges: outside
                return False
    return True


def _tab_label(corners, tab: Tab):
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    cx, cy = sum(xs) / 4, sum(ys) / 4
    vertical = tab.side in ("left", "right")
    size = max(6.0, min(8.5, tab.depth * 0.78))  # points: big enough to read, small enough to sit on the tab
    text = {"text": escaped(tab.text), "x": -15.0, "y": -1.2, "w": 30.0, "h": None, "size": size, "font": "sans",
            "colour": "#555555", "align": "center", "valign": "top", "leading": 1.2, "fit": False,
            "rotate": 0.0, "opacity": 1.0}
    return ("group", {"x": cx, "y": cy, "rotate": 90.0 if vertical else 0.0, "steps": (("text", text),)})


# --- a die as a cube net ----------------------------------------------------------------------------

# The cross net: the ring B C D E folds round the middle, A and F close the ends.
#        A
#     B  C  D  E
#        F
CROSS = {"A": (1, 0), "B": (0, 1), "C": (1, 1), "D": (2, 1), "E": (3, 1), "F": (1, 2)}
# faces[i] goes on panel ORDER[i]: opposite panels are C-E, B-D, A-F, so faces 1st-6th, 2nd-5th and
# 3rd-4th end up opposite each other on the cube
ORDER = ("C", "B", "A", "F", "D", "E")
CROSS_TABS = (("E", "right"), ("E", "top"), ("E", "bottom"), ("A", "left"), ("A", "right"),
              ("F", "left"), ("F", "right"))


def die_panels(edge: float) -> list[Panel]:
    return [Panel(name, col * edge, row * edge, edge, edge) for name, (col, row) in CROSS.items()]


def die_tabs(edge: float) -> list[Tab]:
    return [Tab(panel, side, depth=min(8.0, edge * 0.35), taper=min(8.0, edge * 0.35)) for panel, side in CROSS_TABS]


def shifted(panels: list[Panel], tabs: list[Tab]) -> tuple[list[Panel], tuple[float, float]]:
    """The panels moved so that the net, tabs included, starts at (0, 0); and the net's size."""
    x0, y0, x1, y1 = bounds(panels, tabs)
    return [Panel(p.name, p.x - x0, p.y - y0, p.w, p.h) for p in panels], (x1 - x0, y1 - y0)


# --- an envelope that holds a card flat --------------------------------------------------------------------

def envelope(inner: tuple[float, float], flap: float, tab: float) -> tuple[list[Panel], list[Tab]]:
    """A pocket for a card of size `inner` (ease included): the back with its closing flap on top, the front
    below it (the fold between them is the envelope's bottom) with a glue tab on each side."""
    w, h = inner
    panels = [Panel("back", 0.0, 0.0, w, h), Panel("front", 0.0, h, w, h)]
    tabs = [Tab("back", "top", flap, min(flap * 0.45, w / 4), edge="flap"),
            Tab("front", "left", tab, min(4.0, h / 4)), Tab("front", "right", tab, min(4.0, h / 4))]
    return panels, tabs


# --- a standee: a figure's two sides folded over at its head, standing on a base -----------------------------

SLOT_DEPTH = 6.0  # how far a standee's foot goes into a slot base


def standee(size: tuple[float, float], foot: float, base: str) -> tuple[list[Panel], float]:
    """A standee's panels, and where its head's fold lies (y). The back stands above the front, joined at
    the figure's head: folded there and glued, the two sides make one figure. With `tabs`, a foot hangs
    below each side, folded out opposite ways; with `slot`, each side runs SLOT_DEPTH further down, into
    the slot of a base (`slot_base`)."""
    w, h = size
    extra = foot if base == "tabs" else SLOT_DEPTH
    panels = [Panel("back", 0.0, extra, w, h), Panel("front", 0.0, extra + h, w, h)]
    if base == "tabs":
        panels = [Panel("back foot", 0.0, 0.0, w, foot), *panels, Panel("front foot", 0.0, extra + 2 * h, w, foot)]
    else:
        panels = [Panel("back", 0.0, 0.0, w, h + extra), Panel("front", 0.0, extra + h, w, h + extra)]
    return panels, extra + h


def slot_base(width: float, foot: float, top: float) -> tuple[Panel, tuple]:
    """The base a slot standee stands in, below it at `top`: a panel as deep as two feet and 6 mm wider
    than the figure each side, with the slot (a cut as long as the figure is wide, and a little more)
    across its middle."""
    y = top + foot
    return Panel("base", -6.0, top, width + 12.0, 2 * foot), ((-0.3, y), (width + 0.3, y))


def framed(panels: list[Panel], tabs: list[Tab], margin: float) -> tuple[list[Panel], tuple[float, float]]:
    """The panels moved so that the net, tabs included, starts `margin` in from (0, 0) (room for the fold
    marks in the waste); and the size of the net with that margin all round."""
    x0, y0, x1, y1 = bounds(panels, tabs)
    moved = [Panel(p.name, p.x - x0 + margin, p.y - y0 + margin, p.w, p.h) for p in panels]
    return moved, (x1 - x0 + 2 * margin, y1 - y0 + 2 * margin)


# --- a box: a tray with dividers in a sliding sleeve (a matchbox) ----------------------------------------

GLUE_TAB = 8.0  # the depth of a box's glue tabs, less where a wall is lower


def tray(inner: tuple, thickness: float) -> tuple[list[Panel], list[Tab]]:
    """An open tray whose inside is `inner` (length, width, height): its floor, two long sides and two
    ends ("end A", "end B") folded up, and a tapered glue tab at each end of the long sides, glued inside
    the ends. The floor is a paper's thickness larger than the inside, for the walls' own fold."""
    length, width, height = inner
    fl, fw = length + thickness, width + thickness
    tab = min(GLUE_TAB, height - 1.0)
    panels = [Panel("floor", 0.0, 0.0, fl, fw), Panel("side 1", 0.0, -height, fl, height),
              Panel("side 2", 0.0, fw, fl, height), Panel("end A", -height, 0.0, height, fw),
              Panel("end B", fl, 0.0, height, fw)]
    tabs = [Tab(side, edge, tab, min(3.0, height / 3)) for side in ("side 1", "side 2") for edge in ("left", "right")]
    return panels, tabs


def divider(inner: tuple, thickness: float) -> tuple[list[Panel], list[Tab]]:
    """A wall across the tray, of two layers folded at its top edge and glued together; a glue tab on
    each side of one layer holds it to the tray's long sides. A little lower than the tray, so the sleeve
    slides over it."""
    _, width, height = inner
    w, h = width - 2 * thickness, height - 0.5
    tab = min(6.0, w / 4)
    panels = [Panel("divider", 0.0, 0.0, w, h), Panel("divider back", 0.0, h, w, h)]
    return panels, [Tab("divider", side, tab, min(2.0, h / 3)) for side in ("left", "right")]


def sleeve(inner: tuple, thickness: float, clearance: float) -> tuple[list[Panel], list[Tab]]:
    """The sleeve the tray slides in, open at both ends: lid, side, floor, side round the tray (whose outside
    is the inside plus two thicknesses each way, one more under the floor) with `clearance` to spare and a
    thickness for its own folds; a glue tab on the last side goes under the lid's free edge."""
    length, width, height = inner
    sl = length + 2 * thickness
    sw = width + 2 * thickness + clearance + thickness
    sh = height + thickness + clearance + thickness
    panels, y = [], 0.0
    for name, depth in (("lid", sw), ("side 1", sh), ("floor", sw), ("side 2", sh)):
        panels.append(Panel(name, 0.0, y, sl, depth))
        y += depth
    return panels, [Tab("side 2", "bottom", min(GLUE_TAB, sw - 2), min(4.0, sl / 4))]
