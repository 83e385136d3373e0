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

from pnp.layout.imposition import (FOOTER_BAND, MARK_GAP, MARK_MIN, SCALE_BAR, SCALE_BAR_HEIGHT, SCALE_LABEL,
                                   SCALE_TICK, Page)
from pnp.layout.text import font
from pnp.model.units import PT

MARK_LENGTH = 5.0  # a crop mark's length where there is room; never shorter than MARK_MIN
MARK_WIDTH = 0.25
GREY = Color(0.45, 0.45, 0.45)


def place(c: Canvas, slot, face, form: str) -> None:
    """Put a face's form into its slot, turned as the slot says, clipped to the bleed it may show. (The
    operators reportlab's saveState, clipPath, doForm and restoreState write, written here directly: a big
    deck places its faces many thousand times.)"""
    trim, clip = slot.trim, slot.clip
    code = c._code
    code.append("q")
    code.append(f"n {fp_str(clip.x0 * PT, clip.y0 * PT, clip.w * PT, clip.h * PT)} re W* n")
    origin = {0: (trim.x0, trim.y0), 90: (trim.x1, trim.y0), 180: (trim.x1, trim.y1), 270: (trim.x0, trim.y1)}
    x, y = origin[slot.rotation]
    moved(c, x * PT, y * PT, slot.rotation)
    code.append(f"/{xObjectName(form)} Do")
    c._formsinuse.append(form)
    code.append("Q")


def moved(c: Canvas, x: float, y: float, angle: float = 0) -> None:
    """c.translate(x, y), then c.rotate(angle) when turned, just after saveState: the one `cm` operator reportlab
    writes for the two (it folds the turn into the move, as below), without tracking a matrix restoreState
    forgets."""
    if not angle:
        c._code.append(f"1 0 0 1 {fp_str(x, y)} cm")
        return
    cos, sin = math.cos(angle * math.pi / 180), math.sin(angle * math.pi / 180)
    x, y = float(fp_str(x)), float(fp_str(y))  # the move as it was written, read back to fold the turn in
    c._code.append(f"{fp_str(cos + 0.0 * sin, 0.0 * cos + sin, -sin + 0.0 * cos, 0.0 * -sin + cos, x, y)} cm")


def text_code(c: Canvas, x: float, y: float, text: str, name: str | None = None, size: float | None = None,
              leading: float | None = None) -> str:
    """A line of text as reportlab's drawString writes it on this canvas, in the canvas's font or the one
    given: the letters numbered in the subsets of the font its document embeds."""
    doc = c._doc
    face = pdfmetrics.getFont(name or c._fontname)
    size = size or c._fontsize
    settings = f"{fp_str(size)} Tf {fp_str(leading or c._leading)} TL"
    if text and text.isascii() and text.isprintable() and face.state.get(doc) is not None:
        # printable ASCII is always the font's first subset, each letter its own code (ttfAsciiReadable)
        data = c._escape(text.encode("latin-1"))
        return f"BT 1 0 0 1 {fp_str(x, y)} Tm {face.getSubsetInternalName(0, doc)} {settings} ({data}) Tj T* ET"
    parts, subset = [], -1
    for part, data in face.splitString(text, doc):
        if part != subset:
            parts.append(f"{face.getSubsetInternalName(part, doc)} {settings}")
            subset = part
        parts.append(f"({c._escape(data)}) Tj")
    return f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(parts)} T* ET"


def write_text(c: Canvas, x: float, y: float, text: str, centred: bool = False) -> None:
    """drawString (or drawCentredString) in fewer steps: the footer and scale bar recur on every page."""
    if centred:
        x -= 0.5 * pdfmetrics.stringWidth(text, c._fontname, c._fontsize)
    c._code.append(text_code(c, x, y, text))


def _line(c: Canvas, x0, y0, x1, y1) -> None:
    c.line(x0 * PT, y0 * PT, x1 * PT, y1 * PT)


def crop_marks(c: Canvas, page: Page) -> None:
    """Short lines in the margins, in line with every cut, never touching a card or its bleed.
    With `cut_lines` the cuts also run across the sheet as thin dotted lines."""
    room, inked = page.content, page.inked
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(MARK_WIDTH * PT)
    for x in page.cuts_x:
        for start, end in ((inked.y1 + MARK_GAP, room.y1), (inked.y0 - MARK_GAP, room.y0)):
            length = min(MARK_LENGTH, abs(end - start))
            if length >= MARK_MIN - 1e-6:
                _line(c, x, start, x, start + length if end > start else start - length)
    for y in page.cuts_y:
        for start, end in ((inked.x1 + MARK_GAP, room.x1), (inked.x0 - MARK_GAP, room.x0)):
            length = min(MARK_LENGTH, abs(end - start))
            if length >= MARK_MIN - 1e-6:
                _line(c, start, y, start + length if end > start else start - length, y)
    if page.cut_lines:
        c.setStrokeColor(GREY)
        c.setLineWidth(0.1 * PT)
        c.setDash([1 * PT, 1.5 * PT])
        for line in page.cut_segments():
            _line(c, *line)
    c.restoreState()


def fold_line(c: Canvas, page: Page) -> None:
    axis, at = page.fold
    room = page.content
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.3 * PT)
    c.setDash([3 * PT, 2 * PT])
    c.setFont(font("sans"), 6)
    c.setFillColor(GREY)
    if axis == "x":
        _line(c, at, room.y0, at, room.y1)
        write_text(c, at * PT, (room.y1 + 0.8) * PT, "fold", centred=True)
    else:
        _line(c, room.x0, at, room.x1, at)
        c.saveState()
        moved(c, (room.x0 - 0.8) * PT, at * PT, 90)
        write_text(c, 0, 0, "fold", centred=True)
        c.restoreState()
    c.restoreState()


def repeated(c: Canvas, key, draw) -> None:
    """What `draw()` writes on the canvas, drawn once a document and copied after that: crop marks and the scale
    bar are the same on every page of a kit. `draw` must leave the canvas as it found it (saveState ...
    restoreState) and name nothing new (a form)."""
    copies = c.__dict__.setdefault("_pnp_repeated", {})
    code = c._code
    if key in copies:
        code.extend(copies[key])
    else:
        start = len(code)
        draw()
        copies[key] = code[start:]


def scale_bar(c: Canvas, x: float, y: float, label: str = "this bar must measure 50 mm",
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
    c.setFont(font("sans"), 6)
    if beside:
        write_text(c, (x + SCALE_BAR + 1) * PT, (y - 0.2) * PT, label)
    else:
        write_text(c, (x + SCALE_BAR / 2) * PT, (y + SCALE_LABEL) * PT, label, centred=True)
    c.restoreState()


def _side_gaps(page: Page) -> list[tuple[float, float]]:
    """The stretches of a side margin between crop marks (and a fold line), longest first, as (y0, y1)."""
    room = page.content
    cuts = set(page.cuts_y) | ({page.fold[1]} if page.fold and page.fold[0] == "y" else set())
    stops = [room.y0] + sorted(y for y in cuts if room.y0 < y < room.y1) + [room.y1]
    return sorted(zip(stops, stops[1:]), key=lambda pair: pair[0] - pair[1])


def furniture(c: Canvas, page: Page, footer: tuple[str, str]) -> None:
    """Footer lines and the scale bar: in the band at the bottom, or turned up the side margins, each in
    a stretch of margin between the crop marks."""
    c.saveState()
    c.setFillColor(black)
    c.setFont(font("sans"), 6)
    room = page.content
    if page.footer_at_bottom:
        base = room.y0 - FOOTER_BAND
        write_text(c, room.x0 * PT, (base + 3.4) * PT, footer[0])
        write_text(c, room.x0 * PT, (base + 0.9) * PT, footer[1])
        scale_bar(c, room.x1 - SCALE_BAR, base + 0.9)
    else:
        gaps = _side_gaps(page)
        for line, (y0, y1) in zip(footer, gaps + gaps):  # the longest stretches of the left margin
            c.saveState()
            moved(c, (room.x0 + 2.2) * PT, (y0 + y1) / 2 * PT, 90)
            write_text(c, 0, 0, line, centred=True)
            c.restoreState()
        y0, y1 = gaps[0]
        c.saveState()
        moved(c, (room.x1 - 0.6) * PT, ((y0 + y1) / 2 + (SCALE_BAR + 7) / 2) * PT, -90)  # the bar and its label
        scale_bar(c, 0, 0, label="50 mm", beside=True)
        c.restoreState()
    c.restoreState()
