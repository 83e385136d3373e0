"""Text a player can read: checked on every face a template makes, before anything is drawn.

What the checks find is an error, which stops the build, or a warning, which is reported while the build goes
on (`pnp build --warnings-as-errors` stops on warnings too):

- text that does not fit its box (see typeset/text.py): an error;
- ink beyond its frame (the smallest rectangle drawn before it, in the same group, that holds the middle of
  its box, a little clear of that rectangle's line), or on a card into the 3 mm next to the trim, which a cut
  may take: an error from GRAZE mm on, a warning below that;
- text set below MIN_SIZE (only a `size` written below it does that: `fit` never shrinks text so far): a
  warning;
- text that stands out from what is painted under the middle of its box by a contrast ratio below CONTRAST
  (WCAG's, from the colours' relative luminance): a warning. Under artwork or a picture the colour is not
  known, and nothing is said.

A text step marked `fine: true` is fine print (or faint text) its designer means: it gives no warning; its
errors stay. Each finding names its step; the face maker adds the template line that wrote the step and
tells each line's findings once for all the faces they were found on (see `describe`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pnp.model.geometry import Box
from pnp.model.mapped import Mapped
from pnp.memo import Recent
from pnp.model.units import PT
from pnp.render.draw import colour
from pnp.typeset.text import DESCENT, text_layout, unfitted
from pnp.wording import plural

MIN_SIZE = 6.0  # points: the smallest text a player is asked to read
CLEARANCE = 0.3  # mm between the ink of a text and the line of its frame
SAFE = 3.0  # mm inside the trim: the safe zone
GRAZE = 1.0  # mm: ink less than this past its frame or into the safe zone is a warning, from this on an error
CONTRAST = 3.0  # the lowest contrast ratio of text against what lies under it (WCAG's, 1 to 21) that is not warned of
PAPER = (1.0, 1.0, 1.0)  # what lies under everything: white paper
SCENES = 64  # steps whose scene after them a scene keeps at once, and points under its texts (see Scene): a
# template's own, and the few faces' steps met since it was last emptied
TEXTS = 16  # texts whose findings a scene keeps at once, those asked for last: a template's own (the same step on
# every face) stay, a deck's own texts (each met once) pass through, so that what a scene holds does not grow with
# the deck, nor are the scenes after its other steps let go and made again for them
KEPT_SCENES = 1024  # scenes kept at once, all let go past that (a deck's template makes a few dozen)
SCENE_SIZE = 64  # frames and paints a scene holds at most: a face's steps after those are checked in full (each
# scene holds all before it, and a face's steps may be thousands)

FIT, FRAME, SAFE_ZONE, SMALL, FAINT = "fit", "frame", "safe zone", "small", "contrast"


@dataclass(frozen=True)
class Finding:
    """One thing that keeps one text step of a face from being read. `file` and `line` are the template line
    that wrote the step (line 0: not known), filled in by the face maker."""

    step: str  # "step 4", or "step 2.1" for the first step of the group at step 2
    path: tuple  # the step's place among the face's steps, from 1: (4,), or (2, 1)
    kind: str  # FIT, FRAME, SAFE_ZONE, SMALL or FAINT
    error: bool
    text: str
    amount: float  # mm beyond the frame or into the safe zone; points; a contrast ratio
    detail: str = ""  # the frame's step; the box the text does not fit; the colours
    file: str = ""
    line: int = 0


def ink_box(v: dict, layout=None) -> Box:
    """Where a (checked, unturned) text step puts ink, in the face's coordinates: y grows downwards here,
    so the box's y0 is the top of the first line and y1 the lowest point of the last. (`layout`: its
    text_layout, when known.)"""
    return Box(*_ink_edges(v, layout or text_layout(v)))


def _ink_edges(v: dict, layout) -> tuple[float, float, float, float]:
    """`ink_box`'s x0, y0, x1, y1."""
    lefts = layout.line_x(v)
    x0 = v["x"] + min(lefts)
    x1 = v["x"] + max([left + width for left, width in zip(lefts, layout.widths)])
    top = v["y"] + layout.baselines[0] - layout.top
    bottom = v["y"] + layout.baselines[-1] + layout.size * DESCENT / PT
    return x0, top, x1, bottom


def _outside(ink: tuple, room: Box) -> float:
    """How far (mm) the ink (`_ink_edges`) reaches beyond `room`; 0 when it stays inside."""
    x0, y0, x1, y1 = ink
    return max(0.0, room.x0 - x0, x1 - room.x1, room.y0 - y0, y1 - room.y1)


def problems(steps, size: tuple[float, float], cut: bool, palette: dict, under=()) -> list[Finding]:
    """What keeps the text of a face's steps from being read. A face `cut` out along its trim (a card) keeps
    its text out of the safe zone too; `palette` names the colours the steps may use; `under` are the steps
    of a face it is drawn over, if any."""
    found: list = []
    palette_items = tuple(sorted(palette.items()))
    if under:  # (a face drawn over another: checked in full)
        paints: list = []
        painted(under, Place(), paints, palette_items)
        _check(steps, _safe(size, cut), Place(), paints, (), palette_items, found)
        return found
    scene = Scene.first(size, cut, palette_items)
    for index, step in enumerate(steps, start=1):
        if scene.full:  # the rest of a busy face: checked in full
            _check(steps[index - 1:], scene.safe, ROOT, list(scene.paints), (), palette_items, found,
                   list(scene.frames), index)
            break
        scene, notes = scene.then(step, index)
        found += notes
    return found


def _safe(size: tuple[float, float], cut: bool) -> Box | None:
    """The safe zone of a face of that size `cut` out along its trim (a card); None for another face."""
    w, h = size
    return Box(SAFE, SAFE, w - SAFE, h - SAFE) if cut and w > 2 * SAFE and h > 2 * SAFE else None


class Scene:
    """What the steps of a face drawn so far leave for a text after them: the frames it may lie in and what they
    painted (`_check`), on a face of that safe zone and palette. A template's faces share most of their steps
    (pnp/render/steps.py reads a line once for them all): the scene after each step and what it gave are worked
    out once for a scene, kept by the step itself and its place (`then`)."""

    __slots__ = ("safe", "palette", "frames", "paints", "full", "after", "texts", "under")
    firsts: dict = {}  # (size, cut, palette) -> the scene before a face's first step, and from it every scene kept
    made = 0  # scenes made since `firsts` was last emptied

    def __init__(self, safe: Box | None, palette: tuple, frames: tuple = (), paints: tuple = ()):
        self.safe, self.palette, self.frames, self.paints = safe, palette, frames, paints
        self.full = len(frames) + len(paints) > SCENE_SIZE  # (a busy face's: not kept, see `then`)
        self.after: dict = {}  # (id of a step that is no text, its number) -> (the step, the scene after it, what
        # it gave): a scene holding itself would be freed only by the cycle collector, with every step it keeps,
        # long after it was let go, and a text's scene after it is this one: texts are kept apart
        self.texts = Recent(TEXTS)  # (id of a text step, its number) -> (the step, what it gave)
        self.under: dict = {}  # a point of the face -> the colour painted there (`colour_under`)

    @classmethod
    def first(cls, size: tuple[float, float], cut: bool, palette: tuple) -> "Scene":
        """The scene before the first step of a face of that size, `cut` or not (see `problems`), and palette."""
        if cls.made >= KEPT_SCENES:  # (all let go at once: memory stays flat whatever the faces)
            cls.firsts.clear()
            cls.made = 0
        found = cls.firsts.get((size, cut, palette))
        if found is None:
            found = cls.firsts[size, cut, palette] = cls(_safe(size, cut), palette)
            cls.made += 1
        return found

    def then(self, step: tuple, index: int) -> tuple["Scene", tuple]:
        """The scene after `step`, the face's step number `index`, and the findings of its text."""
        if step[0] == "text":  # (it adds no frame, paints nothing: the scene after it is this one)
            return self, self._text(step, index)
        known = self.after.get((id(step), index))
        if known is not None and known[0] is step:
            return known[1], known[2]
        found: list = []
        frames, paints = list(self.frames), list(self.paints)
        _check((step,), self.safe, ROOT, paints, (), self.palette, found, frames, index)
        scene = Scene(self.safe, self.palette, tuple(frames), tuple(paints))
        if scene.full:  # not kept (the face's later steps are checked in full)
            return scene, tuple(found)
        Scene.made += 1
        if len(self.after) >= SCENES:  # a deck's own steps come once each: keep memory flat
            self.after.clear()
        self.after[id(step), index] = (step, scene, tuple(found))
        return scene, tuple(found)

    def _text(self, step: tuple, index: int) -> tuple:
        """The findings of a text step, the face's step number `index`, checked as `_check` checks it, in this
        scene; kept among the TEXTS asked for last."""
        key = (id(step), index)
        known = self.texts.get(key)
        if known is None or known[0] is not step:
            found: list = []
            if step[1]["text"].strip():
                _check_text(step[1], self.frames, self.safe, ROOT, self.paints, (index,), self.palette, found,
                            self.under)
            known = self.texts[key] = (step, tuple(found))
        return known[1]


def _check(steps, safe: Box | None, place: "Place", paints: list, path: tuple, palette: tuple, found: list,
           frames: list | None = None, start: int = 1) -> None:
    """Check the text of `steps`, drawn at `place` (a group's frame in the face); `paints` is what was painted
    before them, in the face's coordinates, and `frames` the frames drawn before them in the same group; the
    first of `steps` is step number `start` there."""
    frames = [] if frames is None else frames  # (the rectangle a text must keep inside, which step drew it)
    for index, (name, v) in enumerate(steps, start=start):
        if name == "rect":
            frames.append((_frame(v["x"], v["y"], v["w"], v["h"], v["width"] if v["stroke"] != "none" else 0.0),
                           path + (index,)))
        if name == "group":  # its steps have frames of their own, in their own coordinates
            inner = place.then(v["x"], v["y"], v["rotate"], v["mirror"])
            _check(v["steps"], None, inner, paints, path + (index,), palette, found)
        elif name == "text" and v["text"].strip():
            _check_text(v, frames, safe, place, paints, path + (index,), palette, found)
        else:
            _add_paint(name, v, place, paints, palette)


@lru_cache(maxsize=1024)  # the frames of a template's faces recur from face to face
def _frame(x: float, y: float, w: float, h: float, width: float) -> Box:
    """The room a rect at (x, y), w × h, its line `width` mm wide, leaves a text inside it."""
    clear = width / 2 + CLEARANCE
    return Box(x, y, x + w, y + h).inset(clear, clear, clear, clear)


def painted(steps, place: "Place", paints: list, palette: tuple) -> None:
    """Add what `steps`, drawn at `place`, paint (in their groups too) to `paints`."""
    for name, v in steps:
        if name == "group":
            painted(v["steps"], place.then(v["x"], v["y"], v["rotate"], v.get("mirror", False)), paints, palette)
        else:
            _add_paint(name, v, place, paints, palette)


def _add_paint(name: str, v: dict, place: "Place", paints: list, palette: tuple) -> None:
    """Add what one step other than a group, drawn at `place`, paints to `paints`."""
    paint = _paint(name, v, palette)
    if paint is not None:
        paints.append((place.matrix, *paint))


def step_name(path: tuple) -> str:
    """A step as a message names it by its numbers, the groups' it is in first: "step 4", "step 5.2" (the
    second step of the group at step 5), as the step checker does (pnp/render/steps.py)."""
    return "step " + ".".join(map(str, path))


def _check_text(v: dict, frames: list, safe: Box | None, place: "Place", paints: list, path: tuple,
                palette: tuple, found: list, under: dict | None = None) -> None:
    """Note what keeps one text step from being read (a step marked `fine` gives no warning); `under` keeps the
    colour painted at each point asked of `paints` (a Scene's), when given."""
    def note(kind: str, error: bool, amount: float, detail: str = "") -> None:
        if error or not v["fine"]:
            step = step_name(path)
            found.append(Finding(step, path, kind, error, v["text"], amount, detail))

    layout = text_layout(v)
    if not layout.fits:
        note(FIT, True, layout.size, unfitted(v, layout))
        return
    if layout.smallest < MIN_SIZE - 1e-6:  # the smallest size it sets, a size inside the text included
        note(SMALL, False, layout.smallest)
    middle = text_middle(v, layout)
    if not v["rotate"]:
        for kind, over, detail in _spilt(_ink_edges(v, layout), middle, frames, safe):
            note(kind, over >= GRAZE, over, detail)
    faint = _faint(v, place.point(*middle), paints, palette, layout, under)
    if faint:
        note(FAINT, False, *faint)


def _spilt(ink: tuple, middle: tuple, frames: list, safe: Box | None) -> list:
    """How far ink (`_ink_edges`) reaches beyond its frame and into the safe zone: (kind, mm, which frame) for
    each."""
    found = []
    x, y = middle
    holding = None  # (area, frame, index) of the smallest frame holding the middle, the first of those alike
    for box, index in frames:
        if box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1:
            area = (box.x1 - box.x0) * (box.y1 - box.y0)
            if holding is None or area < holding[0]:
                holding = (area, box, index)
    if holding:
        _, frame, index = holding
        over = _outside(ink, frame)
        if over > 0.05:
            found.append((FRAME, over, f"the rect of {step_name(index)}"))
    over = _outside(ink, safe) if safe is not None else 0.0
    if over > 0.05:
        found.append((SAFE_ZONE, over, ""))
    return found


def _faint(v: dict, point: tuple, paints: list, palette: tuple, layout, seen: dict | None = None) -> tuple | None:
    """A text's lowest contrast ratio with what lies under `point` (its middle, in the face), of its own colour
    and each colour set inside it, and the two colours, when it is below CONTRAST; None when it is not, or the
    colours are not known. `seen`: the colours found under points of `paints` so far (see `_check_text`)."""
    if seen is None:
        under = _colour_under(point, tuple(paints))
    else:
        under = seen.get(point, seen)
        if under is seen:
            if len(seen) >= SCENES:
                seen.clear()
            under = seen[point] = colour_under(point, paints)
    if under is None:
        return None
    inks = tuple(dict.fromkeys([v["colour"], *(piece.colour for line in layout.pieces for piece in line
                                               if piece.colour is not None and not piece.icon)]))
    return _lowest(inks, v["opacity"], under, palette)


@lru_cache(maxsize=4096)  # a template's texts share their colours and what lies under them
def _lowest(inks: tuple, opacity: float, under: tuple, palette: tuple) -> tuple | None:
    """`_faint` of texts in the colours `inks` at `opacity` over the colour `under`."""
    found = [(contrast(seen, under), seen) for seen in (over(under, ink, opacity) for ink in
                                                        filter(None, (rgb(colour, palette) for colour in inks)))]
    lowest = min((ratio for ratio, _ in found), default=CONTRAST)
    if lowest >= CONTRAST:
        return None
    return min((ratio, f"{hex_of(seen)} on {hex_of(under)}") for ratio, seen in found if ratio == lowest)


def text_middle(v: dict, layout=None) -> tuple[float, float]:
    """The middle of a text step's box (of its ink, down from its top, when it has no height)."""
    return v["x"] + v["w"] / 2, v["y"] + (v["h"] if v["h"] is not None else ink_height(v, layout)) / 2


def ink_height(v: dict, layout=None) -> float:
    """From the top of a box without a height to the foot of its text's ink."""
    layout = layout or text_layout(v)
    return layout.baselines[-1] + layout.size * DESCENT / PT


# --- contrast ------------------------------------------------------------------------------------------------

class Place:
    """Where a group's steps are drawn in the face: their point (u, v) lands at (a·u + b·v + e, c·u + d·v + f)."""

    def __init__(self, matrix: tuple = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
        self.matrix = matrix

    def then(self, x: float, y: float, rotate: float, mirror: bool) -> "Place":
        """The frame of a group drawn here: origin at (x, y), turned clockwise by `rotate` degrees, and
        reflected across its own x axis when `mirror` (see draw.Painter._group)."""
        turn = math.radians(rotate)
        cos, sin, flip = math.cos(turn), math.sin(turn), -1.0 if mirror else 1.0
        a, b, c, d, e, f = self.matrix
        own = (cos, -sin * flip, sin, cos * flip)  # the group's own turn and reflection
        return Place((a * own[0] + b * own[2], a * own[1] + b * own[3], c * own[0] + d * own[2],
                      c * own[1] + d * own[3], a * x + b * y + e, c * x + d * y + f))

    def point(self, u: float, v: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.matrix
        return a * u + b * v + e, c * u + d * v + f


ROOT = Place()  # a face's own frame


def _local(matrix: tuple, x: float, y: float) -> tuple[float, float]:
    """The point of the face at (x, y), in the frame of a Place's `matrix`."""
    a, b, c, d, e, f = matrix
    det = a * d - b * c
    x, y = x - e, y - f
    return (d * x - b * y) / det, (a * y - c * x) / det


def _paint(name: str, v: dict, palette: tuple):
    """What a step paints, as (the shape it covers (see `covers`), its colour or None when not known, its
    opacity); None for a step that paints nothing under a text (a line, a shape without fill)."""
    if name in ("art", "image"):  # its colours are not known here
        return ("box", min(v["x"], v["x"] + v["w"]), min(v["y"], v["y"] + v["h"]), max(v["x"], v["x"] + v["w"]),
                max(v["y"], v["y"] + v["h"])), None, v["opacity"]
    if name not in ("rect", "circle", "ellipse", "polygon"):
        return None
    fill = rgb(v["fill"], palette)
    if fill is None:
        return None
    if name == "rect":  # (round corners left out)
        x0, x1 = sorted((v["x"], v["x"] + v["w"]))
        y0, y1 = sorted((v["y"], v["y"] + v["h"]))
        shape = ("box", x0, y0, x1, y1)
    elif name == "circle":
        shape = ("circle", v["x"], v["y"], v["r"])
    elif name == "ellipse":
        shape = ("ellipse", v["x"], v["y"], v["rx"], v["ry"])
    else:
        shape = ("polygon", tuple(tuple(point) for point in v["points"]))
    return shape, fill, v["opacity"]


def covers(shape: tuple, x: float, y: float) -> bool:
    """Whether a shape `_paint` tells of covers the point (x, y)."""
    kind = shape[0]
    if kind == "box":
        return shape[1] <= x <= shape[3] and shape[2] <= y <= shape[4]
    if kind == "circle":
        return (x - shape[1]) ** 2 + (y - shape[2]) ** 2 <= shape[3] ** 2
    if kind == "ellipse":
        _, cx, cy, rx, ry = shape
        return rx > 0 and ry > 0 and ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
    return _inside(shape[1], x, y)


def _inside(points: list, x: float, y: float) -> bool:
    """Whether (x, y) lies inside a polygon (even-odd)."""
    inside = False
    for (x0, y0, *_), (x1, y1, *_) in zip(points, points[1:] + points[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def colour_under(point: tuple, paints: list):
    """The colour painted at a point of the face, over the paper; None when artwork or a picture shows there."""
    seen = PAPER
    for matrix, shape, fill, opacity in paints:
        if covers(shape, *_local(matrix, *point)):
            seen = None if fill is None else fill if opacity >= 1 else None if seen is None else over(seen, fill,
                                                                                                     opacity)
    return seen


_colour_under = lru_cache(maxsize=4096)(colour_under)  # (the faces of a template paint alike)


def over(under: tuple, ink: tuple, opacity: float) -> tuple:
    """`ink` laid at `opacity` over `under`."""
    opacity = min(max(opacity, 0.0), 1.0)
    return tuple(u + (i - u) * opacity for u, i in zip(under, ink))


def rgb(value: str, palette: tuple) -> tuple | None:
    made = colour(value, palette)
    return None if made is None else (made.red, made.green, made.blue)


def hex_of(rgb: tuple) -> str:
    return "#" + "".join(f"{round(part * 255):02X}" for part in rgb)


@lru_cache(maxsize=4096)
def luminance(rgb: tuple) -> float:
    """A colour's relative luminance (WCAG 2): 0 for black, 1 for white."""
    linear = [part / 12.92 if part <= 0.04045 else ((part + 0.055) / 1.055) ** 2.4 for part in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: tuple, other: tuple) -> float:
    """WCAG 2's contrast ratio of two colours: from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# --- messages ------------------------------------------------------------------------------------------------

class Summary:
    """The findings of one kind that one template step gave, summed up as each is added (`add`): all a message
    says of them (`describe`), in memory that does not grow with them but for each one's text kept as its hash,
    eight bytes, to count the different texts (a big deck's cards each give theirs)."""

    __slots__ = ("kind", "error", "text", "texts", "labels", "detail", "details", "low", "high")

    def __init__(self):
        self.text = None  # the first finding's text
        self.texts = Mapped("q")  # each finding's text, as its hash (the same text told once, `describe`)
        self.labels: dict = {}  # the steps' labels ("step 4"), in the order found
        self.details = 0  # the different details found, up to two: the first is `detail`

    def add(self, finding: Finding) -> None:
        if self.text is None:
            self.kind, self.error, self.text, self.detail = finding.kind, finding.error, finding.text, finding.detail
            self.low = self.high = finding.amount
            self.details = 1
        self.texts.append(hash(finding.text))
        self.labels[finding.step] = None
        if self.details == 1 and finding.detail != self.detail:
            self.details = 2
        self.low, self.high = min(self.low, finding.amount), max(self.high, finding.amount)


def describe(kinds: list[tuple[Summary, str]], on: str) -> str:
    """What a template step's findings say, all errors or all warnings: for each kind, its findings (summed up)
    and the faces they were found on ("on 72 cards (alpha, ...)"); or "" there, and the faces of every kind in
    `on`."""
    first = kinds[0][0]
    others = len({text for found, _ in kinds for text in found.texts}) - 1
    quoted = _quoted(first.text) + (f" (and {plural(others, 'other')})" if others else "")
    said = ", and ".join(_clause(found) + (f" {faces}" if faces else "") for found, faces in kinds)
    said = f"text {quoted} {said}" + (f", {on}" if on else "")
    if not first.error:
        return said + "; mark the step `fine: true` if that is meant"
    fix = "shorten it" if any(found.kind == FIT for found, _ in kinds) else "move it"
    return f"{said}: {fix} or give it more room"


def _clause(found: Summary) -> str:
    """What findings of one kind say of their text."""
    kind = found.kind
    detail = f" ({found.detail})" if found.details == 1 and found.detail else ""
    if kind == FIT:
        return f"does not fit its box {found.detail}"
    if kind == SMALL:
        return f"is set at {_span(found, ' pt', below=MIN_SIZE)}, below the {MIN_SIZE:g} pt a player reads with ease"
    if kind == FAINT:
        return f"has a contrast of {_span(found, ':1', below=CONTRAST)} with what lies under it{detail}, below {CONTRAST:g}:1"
    if kind == FRAME:
        return f"runs {_span(found, ' mm')} past its frame{detail}"
    return f"runs {_span(found, ' mm')} into the {SAFE:g} mm next to the edge, which a cut may take"


def _span(found: Summary, unit: str, below: float | None = None) -> str:
    """The amounts of some findings, each followed by `unit`: "0.4 mm", or "0.2 to 0.4 mm"; amounts found
    `below` a limit each printed below it (`_figure`)."""
    low, high = (_figure(value, below) + unit for value in (found.low, found.high))
    return low if low == high else f"{low} to {high}"


def _figure(value: float, below: float | None = None) -> str:
    """An amount to one decimal, or to as many more (three at most, the last cut rather than rounded) as keep
    one that is `below` a limit printed below it: a contrast of 2.96 is "2.96", never "3.0" beside a limit
    of 3."""
    for digits in (1, 2, 3):
        said = f"{value:.{digits}f}"
        if below is None or float(said) < below:
            return said
    return f"{math.floor(value * 1000) / 1000:.3f}"


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:28] + "…")
