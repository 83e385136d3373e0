"""How text is set in the kit's own fonts: the fonts (embedded DejaVu, registered with reportlab once a
process), lines wrapped to a width, text fitted to a box. Layout measures text with it (the rules sheet, the
contents page, a proof's label); render sets and checks text with it (pnp/render/draw.py, legibility.py).
"""
from __future__ import annotations

import functools
import marshal
import operator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from pnp import resources
from pnp.model.units import PT

FONT_FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "title": "DejaVuSerif-Bold.ttf"}
REMADE = ("face", "state", "encoding", "_ttf_data", "_pdfScale")  # a font's parts not kept, made anew
TABLES: list = []  # the store (pnp.write.cache.Store) keeping the fonts' tables between runs, once a build says
SMALLEST_TEXT = 6.0  # points: text shrinks to fit its box down to this size, and never prints smaller


def keep_tables_in(store) -> None:
    """Keep the fonts' tables in `store` between runs: a build says so before it sets any text. (The fonts are
    registered once a process, as reportlab's registry is; a font registered before is not read again.)"""
    TABLES[:] = [store]


@lru_cache(maxsize=None)
def font(name: str) -> str:
    """The registered reportlab name of one of our embedded fonts (`sans`, `bold`, `title`)."""
    registered = f"pnp-{name}"
    pdfmetrics.registerFont(truetype(registered, resources.FONTS / FONT_FILES[name]))
    return registered


def truetype(name: str, path: Path) -> TTFont:
    """reportlab's TrueType font of a file. Reading a font's tables takes longer than a small build, so what
    reportlab read from them is kept in the cache, plain values only (marshal), and the font remade from them."""
    store = TABLES[0] if TABLES else None
    if store is None:
        return TTFont(name, str(path))
    stat = path.stat()
    key = f"{path.name}|{stat.st_size}|{stat.st_mtime_ns}"
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


def glyph_names(missing: str) -> str:
    """Characters a font lacks, as a message names them: U+1F3F4 '🏴'."""
    return ", ".join(f"U+{ord(char):04X} {char!r}" for char in missing)


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


