"""Nets: flat shapes to cut, fold and glue into dice, boxes and envelopes.

A net is a set of rectangular panels laid edge to edge (millimetres, y downwards) and glue tabs on some of
their free edges. An edge two panels share is a fold; a tab's base is a fold; every other edge is a cut.
"""
from __future__ import annotations

from dataclasses import dataclass

SIDES = ("top", "right", "bottom", "left")
CUT = {"stroke": "#000000", "width": 0.3, "fill": "none", "dash": None, "opacity": 1.0}
FOLD = {**CUT, "stroke": "#555555", "width": 0.25, "dash": [2.0, 1.5]}
TAB = {**CUT, "fill": "#E6E6E6"}  # a glue tab; a tab with no label (a closing flap) is white unless given a fill


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
    label: str = "glue"
    fill: str | None = None  # a colour for a flap that shows once closed (glue tabs are always grey)


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


def net_steps(panels: list[Panel], tabs: list[Tab]) -> list:
    """Drawing steps for the net's own lines: grey glue tabs, dashed folds, solid cuts.
    Drawn over the panels' artwork, in the net's coordinates."""
    by_name = {p.name: p for p in panels}
    steps = []
    for tab in tabs:
        corners = tab_outline(by_name[tab.panel], tab)
        style = TAB if tab.label else {**CUT, "fill": tab.fill or "none"}
        steps.append(("polygon", {"points": [list(p) for p in corners], **style}))
        if tab.label:
            steps.append(_tab_label(corners, tab))
    folds, cuts = folds_and_cuts(panels, tabs)
    steps += [("line", {"points": [list(a), list(b)], **FOLD}) for a, b in folds]
    steps += [("line", {"points": [list(a), list(b)], **CUT}) for a, b in cuts]
    return steps


def _tab_label(corners, tab: Tab):
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    cx, cy = sum(xs) / 4, sum(ys) / 4
    vertical = tab.side in ("left", "right")
    size = max(6.0, min(8.5, tab.depth * 0.78))  # points: big enough to read, small enough to sit on the tab
    text = {"text": tab.label, "x": -15.0, "y": -1.2, "w": 30.0, "h": None, "size": size, "font": "sans",
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
    tabs = [Tab("back", "top", flap, min(flap * 0.45, w / 4), label=""),
            Tab("front", "left", tab, min(4.0, h / 4)), Tab("front", "right", tab, min(4.0, h / 4))]
    return panels, tabs
