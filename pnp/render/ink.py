"""Low ink (`pnp build --ink low`): a face's steps with what takes much ink printed light, everything else kept,
so that a kit prints on a home printer without emptying its cartridges.

A *large fill* is a filled shape (rect, circle, ellipse, polygon) of a colour that covers LARGE or more of the
face's trimmed area, or whose area times its darkness is INKY of it or more, in one shape or added up over
several: a card's background and its inner panel, a full-bleed back, the sea of a board, a board's many spaces
of one colour, a dark disc, a figure's coat. Its colour is mixed with white (faint: TINT of it kept, less for a
dark colour, so that no tint is darker than FAINT), and it gains a thin outline in its own colour (EDGE; a
shape that had one keeps it), so that its edge and its colour still show. A line BAND wide or wider is a band
of colour (a sleeve): its area counts with its colour's, and a band of a large fill's colour keeps BAND_TINT of
it. An outline or a line wider than OUTLINE prints OUTLINE wide. Artwork keeps its outlines darker than its
fills (ART_LINE, ART_TINT). A text darker than it needs to be is eased to the lightest shade of its colour that
keeps a contrast of EASED (EASED_LARGE for large text) with what lies under it. Pictures and small shapes (suit
marks, pips) keep their colours; cut and crop marks are the writer's and are not faces' steps.

A fill a template marks `cue: true` is a colour the piece is sorted by (a card's suit, a treasure's colour): when
it is a large fill, and so printed as a tint, its colour is kept in a band CUE wide along the face's left edge
(the edge a hand of cards fanned left to right shows), out into the bleed, drawn where the last such fill was so
that what lay over the fill lies over the band. A face of several cue colours (a wild card of four suits)
shares the band among them, top to bottom, in the order they are drawn.

A text, or an outline or line, that stood out from what lay under it and no longer does (light lettering or a
light frame on a background now pale) takes the lightest tint of the colour that lay under it before that
stands out from the new tint (WCAG's contrast: READABLE for text, CONTRAST for lines), else a dark shade of
its own. A line or outline that never stood out from its background (a texture: waves drawn
on a sea, a board's grid) takes the lightest tint of its colour that stands out from the new tint as much as it
stood out from the old colour: as faint as it was, and no fainter.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pnp.typeset.markup import recoloured
from pnp.render.legibility import (CONTRAST, Place, colour_under, contrast, hex_of, over, painted, rgb,
                                   text_middle)

LARGE = 0.1  # a fill colour covering this share of the face's trimmed area or more is a large fill
INKY = 0.02  # a fill colour whose area times its darkness is this share of the face's or more is a large fill too
TINT = 0.05  # the share of a large fill's colour kept in its tint (the rest is white paper)...
FAINT = 0.02  # ...or less, so that the tint is no darker than this (a share of black)
BAND = 1.5  # a line this wide (mm) or wider is a band of colour (a sleeve, a road): its colour's area counts
EDGE = 0.2  # the width (mm) of the outline a large fill without one gains, in its own colour
OUTLINE = 0.5  # the widest (mm) an outline or a line narrower than a band prints: its colour and its place kept
BAND_TINT = 0.3  # the share of its colour a band of a large fill's colour keeps (it has no edge to outline)
EASED = 7.0  # the contrast (WCAG's, its highest level for text) a dark text is eased to, to save ink
EASED_LARGE = 4.5  # the same for a large text (WCAG's highest level asks less of it)
READABLE = 4.5  # the contrast (WCAG's) a recoloured text keeps with the tint under it; a line keeps CONTRAST
SHADE = 0.3  # the share of its own colour a text keeps when darkened to stand out from a tint
ART_TINT = 0.15  # the share of its colour an artwork's fill keeps
ART_LINE = 0.7  # the share of its colour an artwork's outline keeps: dark still, a symbol's shape kept
CUE = 3.0  # the width (mm, inside the trim) of the band along a face's left edge that keeps its cue colours
COLOUR_SET = re.compile(r"(?<![\w.])(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (rg|RG)\b")  # a fill (rg) or stroke (RG)
# colour set, in PDF operators
SHAPES = ("rect", "circle", "ellipse", "polygon")


def lightened(steps, size: tuple[float, float], palette: dict, face_of=lambda face: face, bleed: float = 0.0) -> tuple:
    """`steps` (a face's, checked) for a low-ink print of a face of `size` (mm) and `bleed` (mm); `face_of` gives
    the low-ink face for another face the steps draw whole (an underlay, a picture of a component)."""
    w, h = size
    palette_items = tuple(sorted(palette.items()))
    areas: dict = {}
    _fill_areas(steps, palette_items, areas)
    face = max(w * h, 1e-9)
    large = {fill for fill, total in areas.items() if total >= face * LARGE or total * darkness(fill) >= face * INKY}
    walk = _Walk(large, palette_items, face_of)
    kept = [index for index, step in enumerate(steps) if _cues(step, palette_items, large)]
    if not kept:
        return walk.steps(steps, Place())
    colours = list(dict.fromkeys(colour for step in steps for colour in _cues(step, palette_items, large)))
    last = kept[-1] + 1
    band = cue_band(colours, h, bleed)
    return walk.steps(steps[:last], Place()) + walk.kept(band) + walk.steps(steps[last:], Place())


def _cues(step, palette: tuple, large: set) -> list:
    """The cue colours (see the module's docstring) a step fills that low ink prints as tints, its groups' too."""
    name, v = step
    if name == "group":
        return [colour for inner in v["steps"] for colour in _cues(inner, palette, large)]
    fill = rgb(v["fill"], palette) if name in SHAPES and v.get("cue") else None
    return [fill] if fill in large else []


def cue_band(colours: list, height: float, bleed: float) -> tuple:
    """The band along a face's left edge (CUE wide inside the trim, out to the end of the bleed) that keeps its
    cue colours: rect steps sharing it from top to bottom, one a colour."""
    share = (height + 2 * bleed) / len(colours)
    return tuple(("rect", {"x": -bleed, "y": -bleed + index * share, "w": bleed + CUE, "h": share, "r": 0.0,
                           "fill": hex_of(colour), "stroke": "none", "width": 0.0, "dash": None, "opacity": 1.0})
                 for index, colour in enumerate(colours))


def _fill_areas(steps, palette: tuple, areas: dict) -> None:
    """The area each fill colour covers on a face, added up over its shapes (its groups' too) into `areas`."""
    for name, v in steps:
        if name == "group":
            _fill_areas(v["steps"], palette, areas)
        elif name in SHAPES and v["fill"] != "none":
            fill = rgb(v["fill"], palette)
            areas[fill] = areas.get(fill, 0.0) + area(name, v)
        elif name == "line" and v["width"] >= BAND:
            stroke = rgb(v["stroke"], palette)
            areas[stroke] = areas.get(stroke, 0.0) + length(v["points"]) * v["width"]


class _Walk:
    def __init__(self, large: set, palette: tuple, face_of):
        self.large, self.palette, self.face_of = large, palette, face_of  # large: the colours of large fills
        self.before: list = []  # what the face painted, as legibility.painted keeps it
        self.after: list = []  # what the low-ink face paints

    def steps(self, steps, place: Place) -> tuple:
        return tuple(self.step(name, values, place) for name, values in steps)

    def kept(self, steps) -> tuple:
        """Steps low ink adds to a face (a cue band), printed as they are: what lies over them sees them."""
        painted(steps, Place(), self.after, self.palette)
        return tuple(steps)

    def step(self, name: str, v: dict, place: Place) -> tuple:
        if name == "group":
            inner = place.then(v["x"], v["y"], v["rotate"], v.get("mirror", False))
            return name, {**v, "steps": self.steps(v["steps"], inner)}
        if name in ("underlay", "picture"):
            return name, {**v, "face": self.face_of(v["face"])}
        if name == "art":
            return name, {**v, "art": LowInkArt(v["art"])}
        made = v
        fill = rgb(v["fill"], self.palette) if name in SHAPES else None
        if fill in self.large:
            made = {**v, "fill": hex_of(faint(fill))}
            if v["stroke"] == "none":
                made.update(stroke=hex_of(fill), width=EDGE)
        elif name == "line" and v["width"] >= BAND and rgb(v["stroke"], self.palette) in self.large:
            made = {**v, "stroke": hex_of(tint(rgb(v["stroke"], self.palette), BAND_TINT))}
        elif name == "text":  # its own colour, and each colour set inside it, as it stands out from the tint
            point = place.point(*text_middle(v))

            def printed(colour: str) -> str:
                return self.eased(self.recoloured({**v, "colour": colour}, "colour", point, READABLE), point)["colour"]

            made = {**v, "colour": printed(v["colour"]), "text": recoloured(v["text"], printed)}
        elif name in SHAPES + ("line",) and v["stroke"] != "none":
            made = self.recoloured(v, "stroke", place.point(*_middle(name, v)), CONTRAST)
        if name in SHAPES + ("line",) and made["stroke"] != "none" and OUTLINE < made["width"] < BAND:
            made = {**made, "width": OUTLINE}
        if name != "text":
            painted(((name, v),), place, self.before, self.palette)
            painted(((name, made),), place, self.after, self.palette)
        return name, made

    def eased(self, v: dict, point: tuple) -> dict:
        """A text darker than it needs to be printed in the lightest mix of its colour with white that keeps a
        contrast of EASED (EASED_LARGE for a large text) with what lies under it (the paper, where nothing
        does)."""
        ink, under = rgb(v["colour"], self.palette), colour_under(point, self.after) or (1.0, 1.0, 1.0)
        needed = EASED_LARGE if large_text(v) else EASED
        if ink is None or v["opacity"] < 1 or darkness(ink) <= darkness(under) or contrast(ink, under) <= needed:
            return v  # light lettering on a dark ground: the ground is what takes ink
        return {**v, "colour": hex_of(lightest(ink, under, needed))}

    def recoloured(self, v: dict, key: str, point: tuple, needed: float) -> dict:
        """A step whose colour `key` (a text's, a line's) no longer stands out from what lies under `point`,
        given the lightest tint of the colour that lay there before that stands out from the new one by
        `needed` (a sea-blue title on pale sea-blue), else a dark shade of its own."""
        ink = rgb(v[key], self.palette)
        was, now = colour_under(point, self.before), colour_under(point, self.after)
        if ink is None or was is None or now is None or was == now:
            return v
        if key == "stroke" and (faint_by := contrast(over(was, ink, v["opacity"]), was)) < CONTRAST:
            return {**v, key: hex_of(lightest(ink, now, faint_by))}  # a texture (waves on a sea, a grid): as
            # faint on the tint as it was, and no fainter
        if contrast(over(now, ink, v["opacity"]), now) >= CONTRAST:
            return v
        for kept in (0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0):  # how much of the old colour
            lighter = tuple(1 - (1 - part) * kept for part in was)
            if contrast(lighter, now) >= needed:
                return {**v, key: hex_of(lighter)}
        shade = tuple(part * SHADE for part in ink)
        return {**v, key: hex_of(max((was, shade), key=lambda colour: contrast(colour, now)))}


def darkness(colour: tuple) -> float:
    """How dark a colour prints: 1 minus its luma (ITU-R BT.601), 0 for white, 1 for black."""
    return 1 - (0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2])


def lightest(ink: tuple, under: tuple, needed: float) -> tuple:
    """The lightest mix of `ink` with white that keeps a contrast of `needed` with `under` (`ink` itself when
    none does)."""
    if contrast(ink, under) <= needed:
        return ink
    low, high = 0.0, 1.0  # the share of its colour kept: too little, enough
    for _ in range(12):
        kept = (low + high) / 2
        low, high = (low, kept) if contrast(tint(ink, kept), under) >= needed else (kept, high)
    return tint(ink, high)


def large_text(v: dict) -> bool:
    """Whether a text step is set large, as WCAG counts it: 18 points or more, 14 or more in bold (a text fitted
    to its box may be set smaller than its size, and is not counted large)."""
    return not v["fit"] and (v["size"] >= 18 or v["size"] >= 14 and "bold" in v["font"])


def faint(colour: tuple) -> tuple:
    """A large fill's tint: TINT of its colour, or less for a dark colour, so that it darkens the paper by no more
    than FAINT."""
    return tint(colour, min(TINT, FAINT / max(darkness(colour), FAINT)))


def tint(colour: tuple, kept: float = TINT) -> tuple:
    """A colour mixed with white, `kept` of it kept (TINT: a large fill's)."""
    return tuple(1 - (1 - part) * kept for part in colour)


def length(points) -> float:
    """The length (mm) of a line through `points`."""
    return sum(math.dist(one[:2], other[:2]) for one, other in zip(points, points[1:]))


def _middle(name: str, v: dict) -> tuple[float, float]:
    """The middle of a shape or line step: what lies under it is what its outline is seen against."""
    if name == "rect":
        return v["x"] + v["w"] / 2, v["y"] + v["h"] / 2
    if name in ("circle", "ellipse"):
        return v["x"], v["y"]
    xs, ys = [point[0] for point in v["points"]], [point[1] for point in v["points"]]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def area(name: str, v: dict) -> float:
    """The area (mm²) a shape step covers (a rect's round corners counted square)."""
    if name == "rect":
        return abs(v["w"] * v["h"])
    if name == "circle":
        return math.pi * v["r"] ** 2
    if name == "ellipse":
        return math.pi * abs(v["rx"] * v["ry"])
    points = v["points"]
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0, *_), (x1, y1, *_) in zip(points, points[1:] + points[:1]))) / 2


@dataclass(frozen=True)
class LowInkArt:
    """A piece of artwork printed with low ink: its fills tinted (ART_TINT of their colour kept), its outlines
    dark still (ART_LINE), so that a symbol keeps its shape and reads as before."""

    art: object  # artwork.Artwork
    ink: str = "low"

    @property
    def path(self):
        return self.art.path

    @property
    def root(self):
        return self.art.root

    @property
    def images(self):
        return self.art.images


def lightened_stream(stream: tuple) -> tuple:
    """Artwork's PDF operators (library.art_stream) with every fill colour tinted (ART_TINT of it kept) and every
    outline's lightened a little (ART_LINE kept)."""
    code, states, width, height = stream

    def tinted(found) -> str:
        kept = ART_TINT if found.group(4) == "rg" else ART_LINE
        parts = tuple(1 - (1 - min(max(float(part), 0.0), 1.0)) * kept for part in found.groups()[:3])
        return " ".join(f"{part:.4f}" for part in parts) + " " + found.group(4)

    return tuple(COLOUR_SET.sub(tinted, line) if isinstance(line, str) else line for line in code), states, width, height
