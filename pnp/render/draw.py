"""Drawing a face's steps with reportlab: shapes, wrapped text in embedded fonts, and SVG artwork."""
from __future__ import annotations

import functools
import io
import marshal
import operator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION, PDF_VERSION_DEFAULT
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from pnp import resources
from pnp.errors import DataError
from pnp.model import numbers
from pnp.model.units import PT

FONT_FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "title": "DejaVuSerif-Bold.ttf"}
REMADE = ("face", "state", "encoding", "_ttf_data", "_pdfScale")  # a font's parts not kept, made anew
SMALLEST_TEXT = 6.0  # points: text shrinks to fit its box down to this size, and never prints smaller


@lru_cache(maxsize=None)
def font(name: str) -> str:
    """The registered reportlab name of one of our embedded fonts (`sans`, `bold`, `title`)."""
    registered = f"pnp-{name}"
    pdfmetrics.registerFont(truetype(registered, resources.FONTS / FONT_FILES[name]))
    return registered


def truetype(name: str, path: Path) -> TTFont:
    """reportlab's TrueType font of a file. Reading a font's tables takes longer than a small build, so what
    reportlab read from them is kept in the cache, plain values only (marshal), and the font remade from them."""
    from pnp.write import cache

    store = cache.shared()
    stat = path.stat()
    key = cache.digest(path.name, stat.st_size, stat.st_mtime_ns)
    saved = store.fetch("font", key)
    if saved is not None:
        try:
            return _remade(path, *marshal.loads(saved))
        except (ValueError, EOFError, TypeError, KeyError, AttributeError):
            pass  # kept by another version: read the file
    made = TTFont(name, str(path))
    own = {field: value for field, value in vars(made).items() if field not in REMADE}
    face = {field: value for field, value in vars(made.face).items() if field not in REMADE}
    names = {field: bytes(value) for field, value in face.items() if isinstance(value, TTFNameBytes)}
    plain = {field: value for field, value in face.items() if field not in names}
    try:
        store.keep("font", key, marshal.dumps((own, plain, names)))
    except ValueError:  # something marshal cannot write: this font is read from its file every time
        pass
    return made


def _remade(path: Path, own: dict, face_fields: dict, names: dict) -> TTFont:
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update(face_fields, **{key: TTFNameBytes(value) for key, value in names.items()})
    face._ttf_data = path.read_bytes()
    face._pdfScale = functools.partial(operator.mul, 1000 / face.unitsPerEm)
    made = TTFont.__new__(TTFont)
    vars(made).update(own, face=face, state=WeakKeyDictionary(), encoding=TTEncoding())
    return made


@lru_cache(maxsize=4096)
def missing_glyphs(text: str, name: str) -> str:
    """The characters of `text` that the font cannot print."""
    glyphs = pdfmetrics.getFont(font(name)).face.charToGlyph
    return "".join(sorted({c for c in text if ord(c) not in glyphs and c not in "\n\t"}))


@lru_cache(maxsize=None)
def colour(value: str, palette_items: tuple):
    """A checked colour (pnp/model/specs.py `Colour`) as reportlab's: `#rgb` read as CSS reads it, `#rrggbb`."""
    value = dict(palette_items).get(value, value)
    if value == "none":
        return None
    if len(value) == 4:  # #rgb: each digit doubled, as in CSS (#f00 is #ff0000)
        value = "#" + "".join(digit * 2 for digit in value[1:])
    return HexColor(value)


def svg_drawing(path: Path, root: Path):
    """An SVG file read into a reportlab drawing (None when it cannot be read). svglib too is told to refuse
    any picture outside `root`, the artwork folder: `artwork.checked` has made sure there is none."""
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.CRITICAL)
    try:
        return svg2rlg(str(path), external_reference_root=str(root))
    except Exception:  # svglib raises many kinds of parse errors; all mean the same to a designer
        return None


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def wrap(text: str, font_name: str, size: float, width: float) -> list[str]:
    """Greedy word wrap to a width in points; explicit newlines are kept."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and pdfmetrics.stringWidth(trial, font_name, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


@lru_cache(maxsize=4096)  # the same labels recur on every sheet and in every PDF of a kit
def fit_text(text: str, font_name: str, size: float, leading: float, width: float, height: float | None,
             shrink: bool) -> tuple[tuple[str, ...], float, bool]:
    """Lines, size and whether they fit the box: the given size, made smaller (when `shrink`) until the text
    fits, but not below SMALLEST_TEXT (nor below the given size, when that is smaller)."""
    smallest = min(size, SMALLEST_TEXT)
    while True:
        lines = tuple(wrap(text, font_name, size, width))
        too_wide = any(pdfmetrics.stringWidth(line, font_name, size) > width for line in lines)
        too_tall = height is not None and len(lines) * size * leading > height + 0.01
        fits = not (too_wide or too_tall)
        if fits or not shrink or size <= smallest:
            return lines, size, fits
        size = max(smallest, size * 0.92)


CAP = 0.72  # the height of a capital, as a share of the font size: the box's top lies this far above line 1
DESCENT = 0.24  # how far below its baseline a line's letters may reach, as a share of the size


@dataclass(frozen=True)
class TextLayout:
    """Where a text step's lines fall in its own box: sizes in points, distances in millimetres."""

    lines: tuple[str, ...]
    size: float  # after fitting
    first: float  # from the box's top down to the first baseline
    step: float  # from one baseline to the next
    widths: tuple[float, ...]  # of each line
    fits: bool  # whether the lines fit the box (at no less than SMALLEST_TEXT when shrunk)

    @property
    def block(self) -> float:
        """From the top of the first line's capitals down to the last baseline."""
        return self.step * (len(self.lines) - 1) + self.size * CAP / PT

    def line_x(self, v: dict) -> list[float]:
        """The left end of each line, from the box's left edge."""
        return [{"left": 0.0, "right": v["w"] - w, "center": (v["w"] - w) / 2}[v["align"]] for w in self.widths]


def text_layout(v: dict) -> TextLayout:
    """How a checked `text` step sets its text: wrapped, shrunk to fit when it may, placed as `valign` says."""
    return _layout(v["text"], v["font"], v["size"], v["leading"], v["w"], v["h"], v["fit"], v["valign"])


@lru_cache(maxsize=1024)  # a face's text is laid out to check it, then to draw it
def _layout(text: str, font_name: str, size: float, leading: float, w: float, h: float | None, fit: bool,
            valign: str) -> TextLayout:
    name = font(font_name)
    height = h * PT if h is not None else None
    lines, size, fits = fit_text(text, name, size, leading, w * PT, height, fit)
    step = size * leading
    block = step * (len(lines) - 1) + size * CAP  # cap height of the first line down to the last baseline
    free = (height - block) if height is not None else 0
    first = size * CAP + {"top": 0, "middle": free / 2, "bottom": free}[valign]
    widths = tuple(pdfmetrics.stringWidth(line, name, size) / PT for line in lines)
    return TextLayout(lines, size, first / PT, step / PT, widths, fits)


def overflow(v: dict, layout: TextLayout) -> str:
    """What to tell a designer whose text does not fit its box."""
    return f"text {_quoted(v['text'])} does not fit its box {unfitted(v, layout)}: shorten it or give it more room"


def unfitted(v: dict, layout: TextLayout) -> str:
    """The box a text does not fit and the size it was tried at: "(57.5 mm wide) even at 6 pt"."""
    box = f"{v['w']:g} × {v['h']:g} mm" if v["h"] is not None else f"{v['w']:g} mm wide"
    return f"({box}) " + (f"even at {layout.size:g} pt" if v["fit"] else f"at {layout.size:g} pt (fit: false)")


@dataclass(frozen=True)
class Drawing:
    """A face drawn once, as PDF operators ready for a form in any document (see pdf.Document.face_form).

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


class Painter:
    """Draws a face's steps once into a Drawing, in its own coordinates: millimetres from the top-left of the
    trim. `art_size(artwork)` gives the size of a piece of artwork's own drawing, in points."""

    def __init__(self, palette: dict, art_size):
        from reportlab.pdfgen.canvas import Canvas

        self.c = Canvas(io.BytesIO())  # a scratch canvas: only the operators it writes are kept
        self.palette = tuple(sorted(palette.items()))
        self.art_size = art_size

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
        self._draw(steps)
        bad = numbers.unprintable(c._code)
        if bad:  # numbers each within range (the steps' specs saw to it) that, combined, are not
            raise DataError([(face.where, f"draws a number no PDF can hold ({bad}): check the sizes and turns "
                                          "of its steps")])
        return Drawing(tuple(c._code), tuple(c._extgstate._c.items()), tuple(self.uses), self.dpi,
                       c._doc._pdfVersion >= PDF_SUPPORT_VERSION["transparency"])

    def _draw(self, steps) -> None:
        for name, values in steps:
            getattr(self, f"_{name}")(values, self.where)

    def _use(self, thing) -> None:
        self.c._code.append(("use", self.uses[thing]))

    def _underlay(self, v, where):
        """Another face of the same size, drawn first: the part every numbered sheet shares."""
        self._use(v["face"])

    def _picture(self, v, where):
        """Another face drawn small, scaled into (x, y, w, h) and cut to its trim: a component on a rules sheet."""
        face = v["face"]
        fw, fh = face.size
        c = self.c
        c.saveState()
        x, y = self._xy(v["x"], v["y"] + v["h"])
        c.translate(x, y)
        c.scale(v["w"] / fw, v["h"] / fh)
        trim = c.beginPath()
        trim.rect(0, 0, fw * PT, fh * PT)
        c.clipPath(trim, stroke=0, fill=0)
        self._use(face)
        c.restoreState()
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
        text = v["text"]
        if not text:
            return
        name = font(v["font"])
        missing = missing_glyphs(text, v["font"])
        if missing:
            codes = ", ".join(f"U+{ord(ch):04X} {ch!r}" for ch in missing)
            raise DataError([(where, f"the {v['font']} font has no glyph for {codes}")])
        layout = text_layout(v)
        if not layout.fits:
            raise DataError([(where, overflow(v, layout))])
        c = self.c
        c.saveState()
        x0, top = self._xy(v["x"], v["y"])
        width = v["w"] * PT
        if v["rotate"]:
            box_h = (v["h"] if v["h"] is not None else layout.block) * PT
            c.translate(x0 + width / 2, top - box_h / 2)
            c.rotate(-v["rotate"])
            c.translate(-(x0 + width / 2), -(top - box_h / 2))
        c.setFillColor(colour(v["colour"], self.palette), alpha=v["opacity"])
        c.setFont(name, layout.size)
        for i, (line, x) in enumerate(zip(layout.lines, layout.line_x(v))):
            c._code.append(("text", x0 + x * PT, top - (layout.first + i * layout.step) * PT, v["font"],
                            layout.size, layout.size * 1.2, line))
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

