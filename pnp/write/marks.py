"""What the PDF writer draws on a laid-out page itself, around its faces: each face placed in its slot, crop
marks, cut and fold lines, the footer and the 50 mm scale bar. Written as reportlab would write them, in fewer
steps: a big deck places its faces many thousand times, and a kit's pages share their marks."""
from __future__ import annotations

import math

from reportlab.lib.colors import Color, black
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.furniture import BAR_LABELS, BESIDE, FOLD_WORD, FURNITURE_SIZE, Spot
from pnp.layout.furniture import furniture as where
from pnp.layout.imposition import SCALE_BAR, SCALE_BAR_HEIGHT, SCALE_LABEL, SCALE_TICK, Page
from pnp.model.units import PT
from pnp.typeset.text import font

MARK_WIDTH = 0.25
KEPT_TEXTS = 4096  # texts other than printable ASCII kept coded for a document (see text_code)
GREY = Color(0.45, 0.45, 0.45)


def place(c: Canvas, slot, face, form: str) -> None:
    """Put a face's form into its slot, turned as the slot says, clipped to the bleed it may show. (The
    operators reportlab's saveState, clipPath, doForm and restoreState write, written here directly: a big
    deck places its faces many thousand times.)"""
    code = c._code
    code.append("q")
    found = _SLOT_CODES.get(id(slot))
    code += found[1] if found is not None and found[0] is slot else _slot_code_of(slot)
    code.append(f"/{xObjectName(form)} Do")
    c._formsinuse.append(form)
    code.append("Q")


_SLOT_CODES: dict = {}  # id(slot) -> (slot, its `_slot_code`): the slots of a kit's pages are the same few objects
# page after page, found here by identity (a slot's hash is worked out anew each time from its boxes': a deck's
# faces are placed many thousand times); each kept with its slot, so that its id names no other while it is here
SLOTS_KEPT = 256


def _slot_code_of(slot) -> tuple[str, str]:
    """`_slot_code` of a slot, kept for it by identity."""
    if len(_SLOT_CODES) >= SLOTS_KEPT:
        _SLOT_CODES.clear()
    _, code = _SLOT_CODES[id(slot)] = (slot, _slot_code(slot))
    return code


def _slot_code(slot) -> tuple[str, str]:
    """The operators that clip to a slot's bleed and move (and turn) to its corner, for `place`."""
    trim, clip = slot.trim, slot.clip
    origin = {0: (trim.x0, trim.y0), 90: (trim.x1, trim.y0), 180: (trim.x1, trim.y1), 270: (trim.x0, trim.y1)}
    x, y = origin[slot.rotation]
    return f"n {fp_str(clip.x0 * PT, clip.y0 * PT, clip.w * PT, clip.h * PT)} re W* n", \
        _move_code(x * PT, y * PT, slot.rotation)


def moved(c: Canvas, x: float, y: float, angle: float = 0) -> None:
    """c.translate(x, y), then c.rotate(angle) when turned, just after saveState: the one `cm` operator reportlab
    writes for the two (`_move_code`), without tracking a matrix restoreState forgets."""
    c._code.append(_move_code(x, y, angle))


def _move_code(x: float, y: float, angle: float) -> str:
    """The `cm` operator of a move, then a turn by `angle` degrees: reportlab folds the turn into the move, as
    here."""
    if not angle:
        return f"1 0 0 1 {fp_str(x, y)} cm"
    cos, sin = math.cos(angle * math.pi / 180), math.sin(angle * math.pi / 180)
    x, y = float(fp_str(x)), float(fp_str(y))  # the move as it was written, read back to fold the turn in
    return f"{fp_str(cos + 0.0 * sin, 0.0 * cos + sin, -sin + 0.0 * cos, 0.0 * -sin + cos, x, y)} cm"


def text_code(c: Canvas, x: float, y: float, text: str, name: str | None = None, size: float | None = None,
              leading: float | None = None, slant: float = 0.0) -> str:
    """A line of text as reportlab's drawString writes it on this canvas, in the canvas's font or the one
    given: the letters numbered in the subsets of the font its document embeds; `slant` leans it (italic)."""
    doc = c._doc
    name, size, leading = name or c._fontname, size or c._fontsize, leading or c._leading
    if text and text.isascii() and text.isprintable():
        # printable ASCII is always the font's first subset, each letter its own code (ttfAsciiReadable)
        data = text.encode("latin-1")
    else:  # a text whose letters the document has all met in that subset (a footer's line, but for its page number)
        data = _met(pdfmetrics.getFont(name), doc, text)
    selected = _selected(c, name, size, leading) if data is not None else None
    if selected is not None:
        return f"BT 1 0 {fp_str(slant) if slant else '0'} 1 {fp_str(x, y)} Tm {selected} ({c._escape(data)}) Tj T* ET"
    # other text is coded as the document first meets its letters; the same text again (a footer's line on each
    # page) is coded as it was then, its letters all met: kept for the canvas
    coded = c.__dict__.setdefault("_pnp_texts", {})
    shown = coded.get((name, size, leading, text))
    if shown is None:
        face = pdfmetrics.getFont(name)
        settings = f"{fp_str(size)} Tf {fp_str(leading)} TL"
        parts, subset = [], -1
        for part, data in face.splitString(text, doc):
            if part != subset:
                parts.append(f"{face.getSubsetInternalName(part, doc)} {settings}")
                subset = part
            parts.append(f"({c._escape(data)}) Tj")
        shown = " ".join(parts)
        if len(coded) >= KEPT_TEXTS:
            coded.clear()
        coded[name, size, leading, text] = shown
    return f"BT 1 0 {fp_str(slant)} 1 {fp_str(x, y)} Tm {shown} T* ET"


def _selected(c: Canvas, name: str, size: float, leading: float) -> str | None:
    """The operators that select a font's first subset at a size and leading, once the canvas's document has the
    font (None before): written alike every time, so kept for the canvas."""
    known = c.__dict__.get("_pnp_fonts")
    if known is None:
        known = c.__dict__["_pnp_fonts"] = {}
    selected = known.get((name, size, leading))
    if selected is None:
        face = pdfmetrics.getFont(name)
        if face.state.get(c._doc) is not None:
            selected = known[name, size, leading] = \
                f"{face.getSubsetInternalName(0, c._doc)} {fp_str(size)} Tf {fp_str(leading)} TL"
    return selected


def _met(face, doc, text: str) -> bytes | None:
    """The codes of a text whose letters the document has all met in the font's first subset, as splitString
    codes it then (each letter its code there, none added); None for another text. Each letter is looked up in
    C, in a table of the codes met (made again once the font meets another letter), not in splitString's loop:
    a footer's line differs from page to page only in its page number."""
    state = face.state.get(doc)
    if state is None or not text:  # (no text: no subset named)
        return None
    kept = getattr(state, "_pnp_met", None)
    if kept is None or kept[0] != len(state.assignments):
        first = {chr(code): chr(n) for code, n in state.assignments.items() if n < 256}
        kept = state._pnp_met = (len(state.assignments), frozenset(first), str.maketrans(first))
    _, letters, codes = kept
    return text.translate(codes).encode("latin-1") if letters.issuperset(text) else None


def write_text(c: Canvas, x: float, y: float, text: str, centred: bool = False) -> None:
    """drawString (or drawCentredString) in fewer steps: the footer and scale bar recur on every page."""
    if centred:
        x -= 0.5 * pdfmetrics.stringWidth(text, c._fontname, c._fontsize)
    c._code.append(text_code(c, x, y, text))


def _line(c: Canvas, x0, y0, x1, y1) -> None:
    c.line(x0 * PT, y0 * PT, x1 * PT, y1 * PT)


def crop_marks(c: Canvas, page: Page) -> None:
    """The page's crop marks (Page.crop_marks). With `cut_lines` the cuts also run across the sheet as thin
    dotted lines."""
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(MARK_WIDTH * PT)
    for line in page.crop_marks():
        _line(c, *line)
    if page.cut_lines:
        c.setStrokeColor(GREY)
        c.setLineWidth(0.1 * PT)
        c.setDash([1 * PT, 1.5 * PT])
        for line in page.cut_segments():
            _line(c, *line)
    c.restoreState()


def fold_line(c: Canvas, page: Page, label) -> None:
    """The dashed fold line, and the word "fold" at the `label` spot (pnp/layout/furniture.py) when it has one."""
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.3 * PT)
    c.setDash([3 * PT, 2 * PT])
    _line(c, *page.fold_line())
    if label is not None:
        c.setFont(font("sans"), FURNITURE_SIZE)
        c.setFillColor(GREY)
        _text_at(c, label, FOLD_WORD)
    c.restoreState()


def repeated(c: Canvas, key, draw, held=()) -> None:
    """What `draw()` writes on the canvas, drawn once a document and copied after that: crop marks and the scale
    bar are the same on every page of a kit. `draw` must leave the canvas as it found it (saveState ...
    restoreState) and name nothing new (a form). A key may name objects by their identity (quicker to look up
    than what they hold) when they are `held`: kept with what was drawn, so that no other takes their identity."""
    copies = c.__dict__.setdefault("_pnp_repeated", {})
    code = c._code
    if key in copies:
        code.extend(copies[key][0])
    else:
        start = len(code)
        draw()
        copies[key] = (code[start:], held)


def scale_bar(c: Canvas, x: float, y: float, label: str = BAR_LABELS[0],
              beside: bool = False) -> None:
    """A 50 mm bar with 10 mm ticks, its label above it (or after its end, where the margin is narrow):
    measure it to prove nothing was scaled."""
    repeated(c, ("scale bar", x, y, label, beside), lambda: _scale_bar(c, x, y, label, beside))


def _scale_bar(c: Canvas, x: float, y: float, label: str, beside: bool) -> None:
    c.saveState()
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(0.25 * PT)
    for i in range(0, round(SCALE_BAR / SCALE_TICK), 2):
        c.rect((x + SCALE_TICK * i) * PT, y * PT, SCALE_TICK * PT, SCALE_BAR_HEIGHT * PT, stroke=0, fill=1)
    c.rect(x * PT, y * PT, SCALE_BAR * PT, SCALE_BAR_HEIGHT * PT, stroke=1, fill=0)
    c.setFont(font("sans"), FURNITURE_SIZE)
    if beside:
        write_text(c, (x + SCALE_BAR + BESIDE) * PT, (y - 0.2) * PT, label)
    else:
        write_text(c, (x + SCALE_BAR / 2) * PT, (y + SCALE_LABEL) * PT, label, centred=True)
    c.restoreState()


def _text_at(c: Canvas, spot: Spot, text: str) -> None:
    if spot.turn:
        c.saveState()
        moved(c, spot.x * PT, spot.y * PT, spot.turn)
        write_text(c, 0, 0, text)
        c.restoreState()
    else:
        write_text(c, spot.x * PT, spot.y * PT, text)


def furniture(c: Canvas, page: Page, placed=None) -> None:
    """The fold line, the footer's lines and the scale bar, where pnp/layout/furniture.py puts them (`placed`,
    when known)."""
    placed = placed or where(page)
    if page.fold:
        fold_line(c, page, placed.fold_label)
    if not page.furniture:
        return
    if not placed.bar.turn and not any(spot.turn for spot in placed.lines) and c._extgstate.getValue("ca") == 1 \
            and not c._enforceColorSpace:
        _level_furniture(c, page, placed)
        return
    c.saveState()
    c.setFillColor(black)
    c.setFont(font("sans"), FURNITURE_SIZE)
    for line, spot in zip(page.footer, placed.lines):
        _text_at(c, spot, line)
    bar = placed.bar
    label = BAR_LABELS[placed.label_beside]
    if bar.turn:
        c.saveState()
        moved(c, bar.x * PT, bar.y * PT, bar.turn)
        scale_bar(c, 0, 0, label=label, beside=placed.label_beside)
        c.restoreState()
    else:
        scale_bar(c, bar.x, bar.y, label=label, beside=placed.label_beside)
    c.restoreState()


BLACK_FILL = "0 0 0 rg"  # what setFillColor(black) writes


def _level_furniture(c: Canvas, page: Page, placed) -> None:
    """`furniture`'s footer and scale bar where none is turned (most pages): the operators saveState,
    setFillColor(black), setFont, the lines' drawString and restoreState write, written here directly, the
    canvas's state left as they leave it (every page of a kit has them). Black, which has an alpha, asks for a
    PDF that knows transparency, as setting it does; its alpha is the canvas's already."""
    code = c._code
    code.append("q")
    code.append(BLACK_FILL)
    c._doc.ensureMinPdfVersion("transparency")
    name, leading = font("sans"), FURNITURE_SIZE * 1.2  # (the leading setFont gives)
    for line, spot in zip(page.footer, placed.lines):
        code.append(text_code(c, spot.x * PT, spot.y * PT, line, name, FURNITURE_SIZE, leading))
    bar = placed.bar
    scale_bar(c, bar.x, bar.y, label=BAR_LABELS[placed.label_beside], beside=placed.label_beside)
    code.append("Q")
