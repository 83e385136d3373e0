"""Drawing a face's steps with reportlab into a Drawing: shapes, text set in the kit's fonts (pnp/typeset/text.py),
artwork and pictures placed."""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION, PDF_VERSION_DEFAULT

from pnp.errors import DataError
from pnp.model import numbers
from pnp.model.units import PT
from pnp.typeset.text import ICON, SLANT, glyph_names, missing_glyphs, overflow, shown_font, text_layout


@lru_cache(maxsize=None)
def colour(value: str, palette_items: tuple):
    """A checked colour (pnp/model/specs.py `Colour`) as reportlab's: `#rgb` read as CSS reads it, `#rrggbb`."""
    value = dict(palette_items).get(value, value)
    if value == "none":
        return None
    if len(value) == 4:  # #rgb: each digit doubled, as in CSS (#f00 is #ff0000)
        value = "#" + "".join(digit * 2 for digit in value[1:])
    return HexColor(value)


@lru_cache(maxsize=None)
def _fill_code(value: str, palette_items: tuple) -> str:
    """The operator that fills with a checked colour, as setFillColor writes it at full opacity."""
    fill = colour(value, palette_items)
    return f"{fp_str(fill.red, fill.green, fill.blue)} rg"


@dataclass(frozen=True)
class Drawing:
    """A face drawn once, as PDF operators ready for a form in any document (pnp/write/pdf.py, face_form).

    `code` is the operators, one line each, with two kinds of marker that each document fills in for itself:
    ("text", x, y, font, size, leading, text), a line of text in one of our fonts (`sans` ...), whose bytes
    depend on the fonts the document embeds; and ("use", i), placing `uses[i]` (Artwork, Picture or Face),
    whose forms the document names. `states` are the transparency states the code names, as
    ((key, value), name) pairs."""

    code: list  # (a tuple when drawn here, a list when read from the cache)
    states: tuple
    uses: tuple  # in the order their own forms must be made, before this one
    dpi: dict  # index of a picture in `uses` -> the lowest resolution it prints at here
    transparent: bool  # whether it sets an opacity, which asks for PDF 1.4


def uses_of(steps) -> list:
    """What a face's steps place, without repeats: its artwork and pictures (groups included), then the faces
    it draws whole (an underlay, a picture of a component)."""
    return list(dict.fromkeys([*artwork_of(steps), *(values["face"] for step, values in steps
                                                     if step in ("underlay", "picture"))]))


def artwork_of(steps):
    """The artwork and pictures a face's steps draw, groups included."""
    for step, values in steps:
        if step in ("art", "image"):
            yield values[step]
        elif step == "group":
            yield from artwork_of(values["steps"])
        elif step == "text":
            yield from (art for _, art, _ in values.get("icons", ()))


REPEATED = ("rect", "circle", "ellipse", "line", "polygon", "art", "text")  # steps whose operators are remembered
REMEMBERED = 1024  # such steps' operators kept at once
FULL = frozenset([1])  # the value of every transparency state at full opacity (reportlab's 1, 1.0 or True)


def _opaque(c) -> bool:
    """Whether the canvas draws at full opacity, no transparency state in force."""
    return FULL.issuperset(c._extgstate._d.values())


class Painter:
    """Draws a face's steps once into a Drawing, in its own coordinates: millimetres from the top-left of the
    trim. `art_size(artwork)` gives the size of a piece of artwork's own drawing, in points."""

    def __init__(self, palette: dict, art_size):
        from reportlab.pdfgen.canvas import Canvas

        self.c = Canvas(io.BytesIO())  # a scratch canvas: only the operators it writes are kept
        self.palette = tuple(sorted(palette.items()))
        self.art_size = art_size
        self.drawn: dict = {}  # (a shared step, ...) -> (the step, the operators it wrote, the PDF version they ask)

    def record(self, face) -> Drawing:
        c = self.c
        steps = face.steps
        c._code, c.state_stack = [], []
        c._doc._pdfVersion = PDF_VERSION_DEFAULT
        c.init_graphics_state()
        self.uses = {use: index for index, use in enumerate(uses_of(steps))}
        self.dpi: dict = {}
        self.height = face.size[1]
        self.where = face.where
        self.replayed = []  # (start, end) of each run of the code written as an earlier face wrote it
        try:
            self._draw(steps)
            bad = numbers.unprintable(self._fresh(c._code))
            if bad:  # numbers each within range (the steps' specs saw to it) that, combined, are not
                raise DataError([(face.where, f"draws a number no PDF can hold ({bad}): check the sizes and "
                                              "turns of its steps")])
        except Exception:
            self.drawn.clear()  # what this face remembered is written again only once a face's check has seen it
            raise
        return Drawing(tuple(c._code), tuple(c._extgstate._c.items()), tuple(self.uses), self.dpi,
                       c._doc._pdfVersion >= PDF_SUPPORT_VERSION["transparency"])

    def _fresh(self, code: list) -> list:
        """The code of a face but the runs of it written as an earlier face wrote them (`replayed`): those were
        checked with that face (operators are remembered only from a face drawn whole and checked)."""
        if not self.replayed:
            return code
        fresh, at = [], 0
        for start, end in self.replayed:
            fresh += code[at:start]
            at = end
        return fresh + code[at:]

    def _draw(self, steps) -> None:
        for step in steps:
            name, values = step
            if name in REPEATED:
                self._repeated(step)
            else:
                getattr(self, f"_{name}")(values, self.where)

    def _repeated(self, step) -> None:
        """A shape, a text or a piece of artwork drawn as it was on an earlier face: a step read once and shared by
        many faces (pnp/render/steps.py) writes the same operators wherever its frame has the same height and the
        artwork it places (a text's icons) the same places among the face's, at full opacity before and after (no
        transparency state set). A text that cannot be drawn (a glyph missing) raises before it is remembered."""
        c = self.c
        name, values = step
        if name == "art":
            places = (self.uses[values["art"]],)
        else:
            icons = values.get("icons") if name == "text" else None
            places = tuple([self.uses[art] for _, art, _ in icons]) if icons else ()
        key = (id(step), self.height, places)
        known = self.drawn.get(key)
        opaque = _opaque(c)
        if known is not None and known[0] is step and opaque:
            code = c._code
            self.replayed.append((len(code), len(code) + len(known[1])))
            code += known[1]
            c._doc._pdfVersion = max(c._doc._pdfVersion, known[2])
            return
        start, states = len(c._code), len(c._extgstate._c)
        getattr(self, f"_{name}")(values, self.where)
        if opaque and _opaque(c) and len(c._extgstate._c) == states:
            if len(self.drawn) >= REMEMBERED:
                self.drawn.clear()
            self.drawn[key] = (step, c._code[start:], c._doc._pdfVersion)

    def _use(self, thing) -> None:
        self.c._code.append(("use", self.uses[thing]))

    def _underlay(self, v, where):
        """Another face of the same size, drawn first: the part every numbered sheet shares."""
        self._use(v["face"])

    def _picture(self, v, where):
        """Another face drawn small, scaled into (x, y, w, h) and cut to its trim, a thin frame round it: a
        component on a rules sheet. With `edge` (a colour, a width in points before the scaling), the cut
        itself is drawn instead, as on the kit's contents page."""
        face = v["face"]
        fw, fh = face.size
        c = self.c
        c.saveState()
        x, y = self._xy(v["x"], v["y"] + v["h"])
        c.translate(x, y)
        c.scale(v["w"] / fw, v["h"] / fh)
        edge = v.get("edge")
        if edge:
            c.setStrokeColor(colour(edge[0], self.palette))
            c.setLineWidth(edge[1])
        trim = c.beginPath()
        trim.rect(0, 0, fw * PT, fh * PT)
        c.clipPath(trim, stroke=1 if edge else 0, fill=0)
        self._use(face)
        c.restoreState()
        if edge:
            return
        c.saveState()
        c.setStrokeColor(HexColor("#8A7A60"))
        c.setLineWidth(0.2 * PT)
        c.setDash([])
        c.rect(x, y, v["w"] * PT, v["h"] * PT, stroke=1, fill=0)
        c.restoreState()
    def _group(self, v, where):
        """Steps in their own frame: origin at (x, y), turned clockwise; inside it y still grows downwards."""
        c, height = self.c, self.height
        c.saveState()
        c.translate(*self._xy(v["x"], v["y"]))
        if v["rotate"]:
            c.rotate(-v["rotate"])
        if v.get("mirror"):  # reflected across the group's x axis: what lay below it lies above
            c.scale(1, -1)
        self.height = 0.0
        self._draw(v["steps"])
        self.height = height
        c.restoreState()

    # coordinates: y grows downwards in templates, upwards in PDF
    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return x * PT, (self.height - y) * PT

    def _style(self, v: dict) -> tuple[bool, bool]:
        c = self.c
        fill = colour(v["fill"], self.palette)
        stroke = colour(v["stroke"], self.palette)
        # alpha is set every time: the graphics state would otherwise carry one step's opacity to the next
        if fill is not None:
            c.setFillColor(fill, alpha=v["opacity"])
        if stroke is not None:
            c.setStrokeColor(stroke, alpha=v["opacity"])
            c.setLineWidth(v["width"] * PT)
            c.setDash([d * PT for d in v["dash"]] if v["dash"] else [])
        return fill is not None, stroke is not None

    def _rect(self, v, where):
        fill, stroke = self._style(v)
        x, y = self._xy(v["x"], v["y"] + v["h"])
        if v["r"]:
            self.c.roundRect(x, y, v["w"] * PT, v["h"] * PT, v["r"] * PT, stroke=stroke, fill=fill)
        else:
            self.c.rect(x, y, v["w"] * PT, v["h"] * PT, stroke=stroke, fill=fill)

    def _circle(self, v, where):
        fill, stroke = self._style(v)
        x, y = self._xy(v["x"], v["y"])
        self.c.circle(x, y, v["r"] * PT, stroke=stroke, fill=fill)

    def _ellipse(self, v, where):
        fill, stroke = self._style(v)
        x, y = self._xy(v["x"], v["y"])
        rx, ry = v["rx"] * PT, v["ry"] * PT
        self.c.ellipse(x - rx, y - ry, x + rx, y + ry, stroke=stroke, fill=fill)

    def _path(self, v, close: bool):
        fill, stroke = self._style(v)
        path = self.c.beginPath()
        path.moveTo(*self._xy(*v["points"][0][:2]))
        for point in v["points"][1:]:
            path.lineTo(*self._xy(*point[:2]))
        if close:
            path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill and close)

    def _line(self, v, where):
        self._path(v, close=False)

    def _polygon(self, v, where):
        self._path(v, close=True)

    def _text(self, v, where):
        """Text set as its layout says (pnp/typeset/text.py): each piece in its font, size and colour, italic
        pieces leant, icons drawn standing on the baseline at their size."""
        if not v["text"]:
            return
        layout = text_layout(v)
        for line in layout.pieces:
            for piece in line:
                missing = "" if piece.icon else missing_glyphs(piece.text, piece.font)
                if missing:
                    raise DataError([(where, f"the {shown_font(piece.font)} font has no glyph for "
                                             f"{glyph_names(missing)}")])
        if not layout.fits:
            raise DataError([(where, overflow(v, layout))])
        c = self.c
        # most text is upright, opaque and without icons over an opaque face: its operators are written here, as
        # saveState, setFillColor and restoreState would write them, without reportlab's state kept round them
        plain = not v["rotate"] and v["opacity"] == 1 and not v.get("icons") and c._extgstate.getValue("ca") == 1
        if plain:
            c._code.append("q")
        else:
            c.saveState()
        x0, top = self._xy(v["x"], v["y"])
        width = v["w"] * PT
        if v["rotate"]:
            box_h = (v["h"] if v["h"] is not None else layout.block) * PT
            c.translate(x0 + width / 2, top - box_h / 2)
            c.rotate(-v["rotate"])
            c.translate(-(x0 + width / 2), -(top - box_h / 2))
        own, inked = v["colour"], None
        icons = {name: art for name, art, _ in v["icons"]} if v.get("icons") else {}
        for line, x, baseline in zip(layout.pieces, layout.line_x(v), layout.baselines):
            y = top - baseline * PT
            for piece in line:
                left = x0 + (x + piece.x) * PT
                if piece.icon:
                    self._icon(icons[piece.text], left, y, piece.size * ICON, v["opacity"])
                    continue
                if (piece.colour or own) != inked:
                    inked = piece.colour or own
                    fill = colour(inked, self.palette)
                    if plain and fill is not None:
                        c._code.append(_fill_code(inked, self.palette))
                        c._doc.ensureMinPdfVersion("transparency")  # (as setting its opacity, 1, does)
                    else:
                        c.setFillColor(fill, alpha=v["opacity"])
                c._code.append(("text", left, y, piece.font, piece.size, piece.size * 1.2, piece.text)
                               + ((SLANT,) if piece.italic else ()))
        if plain:
            c._code.append("Q")
        else:
            c.restoreState()

    def _icon(self, art, x: float, baseline: float, height: float, opacity: float) -> None:
        """An icon `height` points tall, its left end at x, standing on the baseline."""
        art_w, art_h = self.art_size(art, self.where)
        c = self.c
        c.saveState()
        c.translate(x, baseline)
        c.scale(height / art_h, height / art_h)
        c.setFillAlpha(opacity)
        c.setStrokeAlpha(opacity)
        self._use(art)
        c.restoreState()

    def _art(self, v, where):
        art_w, art_h = self.art_size(v["art"], where)
        self._fitted(v, art_w, art_h, v["art"], stroke=True)

    def _image(self, v, where):
        """A raster picture, fitted like artwork; its resolution there is noted, to warn of a soft print."""
        picture = v["image"]
        px_w, px_h = picture.size
        index = self.uses[picture]
        self.dpi[index] = min(self.dpi.get(index, float("inf")), picture.dpi(v["w"], v["h"]))
        self._fitted(v, px_w, px_h, picture, stroke=False, unit=True)

    def _fitted(self, v, own_w: float, own_h: float, thing, stroke: bool, unit: bool = False) -> None:
        """`thing` (own_w × own_h) scaled to fit the step's box, centred, turned; an image is drawn in a unit
        square (`unit`), a form in its own size."""
        box_w, box_h = v["w"] * PT, v["h"] * PT
        scale = min(box_w / own_w, box_h / own_h)
        x0, top = self._xy(v["x"], v["y"])
        c = self.c
        c.saveState()
        c.translate(x0 + box_w / 2, top - box_h / 2)
        if v["rotate"]:
            c.rotate(-v["rotate"])
        if unit:
            c.scale(own_w * scale, own_h * scale)
            c.translate(-0.5, -0.5)
        else:
            c.scale(scale, scale)
            c.translate(-own_w / 2, -own_h / 2)
        c.setFillAlpha(v["opacity"])
        if stroke:
            c.setStrokeAlpha(v["opacity"])
        self._use(thing)
        c.restoreState()

