"""What layout asks to be drawn: each face a page shows, described, not yet drawn.

Layout decides where every face goes; a face itself is a request here. `Drawn` is a face a template draws for
some data (a card's front, given the card); `Made` is one the program makes of drawing steps (a net, a rules
page, a board sheet's marks, a card with its proof label), which may hold other faces: their steps in its own
(`Inline`, or a group's `steps`), or the face itself (an underlay, a small picture). The render stage turns each
request into a face, its key and its steps (pnp/render/faces.py): one a template made before, for the same data,
comes from the cache.
"""
from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.errors import Where
from pnp.layout.imposition import SCALE_BAR, SCALE_BAR_HEIGHT, SCALE_LABEL, SCALE_TICK, SCALE_WORDS
from pnp.model.units import PT
from pnp.typeset.markup import escaped
from pnp.typeset.text import CAP, font


class Drawn:
    """The face `template` draws, given `context` (as `card`, `sheet`, `face`, `panels` ...) and the game, at this
    size (mm, without the bleed) and bleed; `where` is the data that asks for it, named in any error. A face
    drawn `over` another (a numbered sheet over its background) has its text read against what that one paints.
    `context` may be given as a function that makes it when asked for: a card's, which its record holds already;
    `where` as None when that function knows it too (its `where`: a card's place, pnp/layout/cards.py). (Requests
    are plain objects, one per face a page places: a big deck asks for thousands.)"""

    __slots__ = ("template", "size", "bleed", "_where", "_context", "over")

    def __init__(self, template: str, size: tuple[float, float], bleed: float, where: Where | None,
                 context: "dict | Callable[[], dict]", over: "Drawn | None" = None):
        self.template, self.size, self.bleed, self._where, self._context, self.over = (template, tuple(size), bleed,
                                                                                      where, context, over)

    @property
    def context(self) -> dict:
        return self._context() if callable(self._context) else self._context

    @property
    def where(self) -> Where:
        return self._context.where if self._where is None else self._where

    def __eq__(self, other) -> bool:
        """A request given its place in a group (InGroup) is equal to another made for the same place (a big
        deck's are made again as their pages are read, pnp.layout.imposition.Pairs); any other is itself."""
        if self is other:
            return True
        return (isinstance(self._context, InGroup) and type(other) is Drawn and self._context == other._context
                and (self.template, self.size, self.bleed, self._where, self.over) ==
                (other.template, other.size, other.bleed, other._where, other.over))

    def __hash__(self) -> int:
        if isinstance(self._context, InGroup):
            return hash((self.template, self._context))
        return object.__hash__(self)


class InGroup:
    """What a face is given, named by its place among others (a card among its group's cards): `group`, the
    sequence, and `index`. A maker keeps the faces asked for with it by that place, in an array a group and
    template (pnp/render/faces.py), not by each request: a big deck's requests are many."""

    __slots__ = ("group", "index")

    def __init__(self, group, index: int):
        self.group, self.index = group, index

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.group is self.group and other.index == self.index

    def __hash__(self) -> int:
        return hash((id(self.group), self.index))


class Raw:
    """Drawing steps the program writes as a template would (`{"rect": {...}}`): checked, defaults filled in,
    when drawn."""

    __slots__ = ("steps",)

    def __init__(self, steps: list):
        self.steps = steps


class Inline:
    """Another face's steps, drawn as part of this one's."""

    __slots__ = ("face",)

    def __init__(self, face: "Drawn | Made"):
        self.face = face


class Made:
    """A face the program makes of `steps`: steps ready to draw, as (name, values); `Raw` and `Inline` steps; and
    steps holding a request as their `face` (an underlay, a picture) or, for a group, as their `steps`.

    `key` tells it from every other face: its parts are text, and requests and Raw steps, which stand for their
    faces' keys and for their checked steps; with `by_steps`, its steps as drawn end the key too."""

    __slots__ = ("key", "steps", "size", "bleed", "where", "by_steps")

    def __init__(self, key: tuple, steps: tuple, size: tuple[float, float], bleed: float, where: Where,
                 by_steps: bool = False):
        self.key, self.steps, self.size, self.bleed, self.where, self.by_steps = (key, steps, tuple(size), bleed,
                                                                                  where, by_steps)


REQUESTS = (Drawn, Made)


def layered(under, over) -> Made:
    """`over` drawn on top of `under`, a face of the same size that may be shared by many."""
    return Made((under, "\n", over), (("underlay", {"face": under}), Inline(over)), over.size, over.bleed,
                over.where)


def overlaid(face, raw: list, tag: str):
    """A face with more steps drawn over it (a token's cut line); `tag` names them in the face's key."""
    if not raw:
        return face
    steps = Raw(raw)
    return Made((face, f"\n{tag}: ", steps), (Inline(face), steps), face.size, face.bleed, face.where)


def labelled(face, label: str) -> Made:
    """A face with a small label at its foot, inside the trim: a card's id on proofs. On a face too narrow
    for it, the label runs up the right-hand edge, and it is set smaller where even that is too short: a
    proof is read by its designer, close up."""
    w, h = face.size
    turned = w < h and _label_size(label, w - 4.0) < 6.0
    length = (h if turned else w) - 4.0
    size = min(6.0, _label_size(label, length))
    ink = len(label) * 1.3 * size / 6.0
    if turned:  # a box along the edge, turned about its middle
        x, y, box_w, box_h = w - 1.6 - length / 2, h / 2 - 1.3, length, 2.6
        backing = {"x": w - 2.9, "y": 2.0, "w": 2.7, "h": ink + 0.5}
    else:
        x, y, box_w, box_h = 2.0, h - 2.6, length, None
        backing = {"x": w - 2.0 - ink, "y": h - 2.9, "w": ink + 0.5, "h": 2.7}
    text = {"text": escaped(label), "x": x, "y": y, "w": box_w, "h": box_h, "size": size, "font": "sans",
            "colour": "#555555", "align": "right", "valign": "top", "leading": 1.2, "fit": False,
            "rotate": 90.0 if turned else 0.0, "opacity": 1.0}
    backing.update({"r": 0.6, "fill": "#FFFFFF", "stroke": "none", "width": 0.0, "dash": None, "opacity": 0.8})
    return Made((face, f"\nproof: {label}"), (Inline(face), ("rect", backing), ("text", text)), face.size,
                face.bleed, face.where)


def _label_size(label: str, length: float) -> float:
    """The size (pt) at which `label` just fills `length` mm of a line."""
    return 0.97 * length * PT / max(stringWidth(label, font("sans"), 1.0), 1e-6)


# --- steps the program writes ------------------------------------------------------------------------------

WIDE = 1000.0  # mm: the box of a line of text already set, which it never fills
BAR_INK = "#000000"


def text_step(text: str, x: float, baseline: float, size: float, face: str, colour: str,
              align: str = "left", w: float = 200.0, markup: bool = False) -> tuple:
    """One line of text as a `text` step whose first baseline falls at `baseline`: printed as it is written,
    unless it is `markup` (pnp/typeset/markup.py)."""
    return ("text", {"text": text if markup else escaped(text), "x": x, "y": baseline - size * CAP / PT, "w": w, "h": None, "size": size,
                     "font": face, "colour": colour, "align": align, "valign": "top", "leading": 1.2,
                     "fit": False, "rotate": 0.0, "opacity": 1.0})


def line_step(x0: float, y0: float, x1: float, y1: float, colour: str, width: float) -> tuple:
    return ("line", {"points": [[x0, y0], [x1, y1]], "stroke": colour, "fill": "none", "width": width,
                     "dash": None, "opacity": 1.0})


def scale_bar(x: float, y: float, height: float, label: str = SCALE_WORDS[0]) -> list:
    """A 50 mm bar with 10 mm ticks, its label above it, as steps: its lower-left corner at (x, y) mm from the
    page's lower-left corner, on a page `height` mm high. (Laid-out pages carry it in their footer,
    pnp/write/marks.py; a page drawn as steps carries it so.)"""
    top = height - y - SCALE_BAR_HEIGHT
    steps = [("rect", _rect(x + SCALE_TICK * i, top, SCALE_TICK, SCALE_BAR_HEIGHT, fill=BAR_INK))
             for i in range(0, round(SCALE_BAR / SCALE_TICK), 2)]
    steps.append(("rect", _rect(x, top, SCALE_BAR, SCALE_BAR_HEIGHT, stroke=BAR_INK, width=0.25)))
    return steps + [text_step(label, x + SCALE_BAR / 2 - WIDE / 2, height - y - SCALE_LABEL, 6, "sans", BAR_INK,
                              align="center", w=WIDE)]


def _rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = "none", width: float = 0.0):
    return {"x": x, "y": y, "w": w, "h": h, "r": 0.0, "fill": fill, "stroke": stroke, "width": width, "dash": None,
            "opacity": 1.0}
