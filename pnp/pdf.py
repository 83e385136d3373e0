"""Writing laid-out pages to PDF: faces as reusable forms, crop marks, fold lines, footer and scale bar.

Every distinct face is drawn once as a PDF form and placed wherever it is printed, which keeps files small
and builds fast. The canvas runs in reportlab's invariant mode, so the same inputs give the same bytes.
"""
from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from importlib import metadata

import reportlab

from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas

from pnp import __version__, cache
from pnp.draw import PT, Painter, font, svg_drawing
from pnp.errors import DataError
from pnp.imposition import FOOTER_BAND, MARK_GAP, MARK_MIN, Page

MARK_LENGTH = 5.0  # a crop mark's length where there is room; never shorter than MARK_MIN
MARK_WIDTH = 0.25
GREY = Color(0.45, 0.45, 0.45)
SCALE_BAR = 50.0
# what turns SVG into PDF operators: a new version of either may draw differently, so it keys the cache
RENDERER = f"svglib {metadata.version('svglib')} reportlab {reportlab.Version}"


class Document:
    """One PDF file being written."""

    def __init__(self, title: str, subject: str = ""):
        self.buffer = io.BytesIO()
        self.c = Canvas(self.buffer, invariant=1, pageCompression=1)
        self.c.setTitle(title)
        self.c.setSubject(subject)
        self.c.setAuthor("pnp")
        self.c.setCreator(f"pnp {__version__}")
        self.forms: dict[str, str] = {}
        self.arts: dict = {}

    # --- forms ------------------------------------------------------------------------------------
    def art_form(self, art, where):
        if art not in self.arts:
            stream = art_stream(art)
            if stream is None:
                raise DataError([(where, f"artwork {art.path.name} is not an SVG file that can be read")])
            code, states, width, height = stream
            name = f"art{len(self.arts)}"
            self.c.beginForm(name, 0, 0, width, height)
            self.c._code.extend(code)
            self.c._extgstate._c.update(states)
            end_form(self.c, name)
            self.arts[art] = (name, width, height)
        return self.arts[art]

    def face_form(self, face, palette: dict) -> str:
        name = self.forms.get(face.key)
        if name is None:
            name = self.forms[face.key] = f"face{len(self.forms)}"
            w, h = face.size
            b = face.bleed
            painter = Painter(self.c, palette, self.art_form, lambda other: self.face_form(other, palette))
            # the forms this face uses must exist before its own form begins
            for art in artwork_of(face.steps):
                self.art_form(art, face.where)
            for step, values in face.steps:
                if step in ("underlay", "picture"):
                    self.face_form(values["face"], palette)
            self.c.beginForm(name, -b * PT, -b * PT, (w + b) * PT, (h + b) * PT)
            painter.paint(face)
            end_form(self.c, name)
        return name

    # --- pages -------------------------------------------------------------------------------------
    def page(self, page: Page, palette: dict, footer: tuple[str, str]) -> None:
        """Draw one laid-out page, then close it."""
        c = self.c
        names = [self.face_form(face, palette) for _, face in page.placed]
        c.setPageSize((page.size[0] * PT, page.size[1] * PT))
        trim = page.trim
        c.setTrimBox([trim.x0 * PT, trim.y0 * PT, trim.x1 * PT, trim.y1 * PT] if trim else None)
        c.setBleedBox([0, 0, page.size[0] * PT, page.size[1] * PT] if trim else None)
        for (slot, face), name in zip(page.placed, names):
            place(c, slot, face, name)
        if page.marks and page.grid is not None:
            crop_marks(c, page)
        if page.fold:
            fold_line(c, page)
        if page.furniture:
            furniture(c, page, footer)
        c.showPage()

    def text_page(self, size, draw) -> None:
        """A page drawn by a function of (canvas, size in mm), such as a kit's contents page."""
        self.c.setPageSize((size[0] * PT, size[1] * PT))
        draw(self.c, size)
        self.c.showPage()

    def bytes(self) -> bytes:
        self.c.save()
        return self.buffer.getvalue()


def art_stream(art) -> tuple | None:
    """Checked artwork as PDF operators and transparency states, made once and copied into the form of each
    document that uses it; kept in the cache between runs, keyed by the bytes of the SVG file and of the
    pictures it draws, since reading SVG is the slowest step of a build. None when it cannot be drawn."""
    try:
        sources = art.path.read_bytes() + b"".join(b"\0" + image.read_bytes() for image in art.images)
    except OSError:
        return None
    return _art_stream(art, hashlib.sha256(sources + RENDERER.encode()).hexdigest())


@lru_cache(maxsize=None)
def _art_stream(art, key: str) -> tuple | None:
    stored = cache.read_json("art", key)
    if stored is None:
        stored = _draw_svg(art)
        if stored is None:
            return None
        cache.write_json("art", key, stored)
    code, states, width, height = stored
    return tuple(code), {tuple(k): v for k, v in states}, width, height


def _draw_svg(art) -> list | None:
    from reportlab.graphics import renderPDF  # only needed when the cache lacks this artwork

    drawing = svg_drawing(art.path, art.root)
    if drawing is None or not drawing.width or not drawing.height:
        return None
    scratch = Canvas(io.BytesIO())
    scratch.beginForm("art", 0, 0, drawing.width, drawing.height)
    renderPDF.draw(drawing, scratch, 0, 0)
    return [scratch._code, [[list(k), v] for k, v in scratch._extgstate._c.items()], drawing.width, drawing.height]


def artwork_of(steps):
    """The artwork a face's steps use, groups included."""
    for step, values in steps:
        if step == "art":
            yield values["art"]
        elif step == "group":
            yield from artwork_of(values["steps"])


def end_form(c: Canvas, name: str) -> None:
    """End a form and give it the transparency states it uses: reportlab records them on the form
    (as it does for pages) but leaves them out of the form's resources, so viewers would ignore them."""
    c.endForm()
    form = c._doc.idToObject[xObjectName(name)]
    if form.ExtGState:
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.basicProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        resources.ExtGState = form.ExtGState
        form.Resources = resources


def place(c: Canvas, slot, face, form: str) -> None:
    """Put a face's form into its slot, turned as the slot says, clipped to the bleed it may show."""
    trim, clip = slot.trim, slot.clip
    c.saveState()
    path = c.beginPath()
    path.rect(clip.x0 * PT, clip.y0 * PT, clip.w * PT, clip.h * PT)
    c.clipPath(path, stroke=0, fill=0)
    origin = {0: (trim.x0, trim.y0), 90: (trim.x1, trim.y0), 180: (trim.x1, trim.y1), 270: (trim.x0, trim.y1)}
    x, y = origin[slot.rotation]
    c.translate(x * PT, y * PT)
    if slot.rotation:
        c.rotate(slot.rotation)
    c.doForm(form)
    c.restoreState()


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
        c.drawCentredString(at * PT, (room.y1 + 0.8) * PT, "fold")
    else:
        _line(c, room.x0, at, room.x1, at)
        c.saveState()
        c.translate((room.x0 - 0.8) * PT, at * PT)
        c.rotate(90)
        c.drawCentredString(0, 0, "fold")
        c.restoreState()
    c.restoreState()


def scale_bar(c: Canvas, x: float, y: float, label: str = "this bar must measure 50 mm",
              beside: bool = False) -> None:
    """A 50 mm bar with 10 mm ticks, its label above it (or after its end, where the margin is narrow):
    measure it to prove nothing was scaled."""
    c.saveState()
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(0.25 * PT)
    for i in range(5):
        if i % 2 == 0:
            c.rect((x + 10 * i) * PT, y * PT, 10 * PT, 1.2 * PT, stroke=0, fill=1)
    c.rect(x * PT, y * PT, SCALE_BAR * PT, 1.2 * PT, stroke=1, fill=0)
    c.setFont(font("sans"), 6)
    if beside:
        c.drawString((x + SCALE_BAR + 1) * PT, (y - 0.2) * PT, label)
    else:
        c.drawCentredString((x + SCALE_BAR / 2) * PT, (y + 1.9) * PT, label)
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
        c.drawString(room.x0 * PT, (base + 3.4) * PT, footer[0])
        c.drawString(room.x0 * PT, (base + 0.9) * PT, footer[1])
        scale_bar(c, room.x1 - SCALE_BAR, base + 0.9)
    else:
        gaps = _side_gaps(page)
        for line, (y0, y1) in zip(footer, gaps + gaps):  # the longest stretches of the left margin
            c.saveState()
            c.translate((room.x0 + 2.2) * PT, (y0 + y1) / 2 * PT)
            c.rotate(90)
            c.drawCentredString(0, 0, line)
            c.restoreState()
        y0, y1 = gaps[0]
        c.saveState()
        c.translate((room.x1 - 0.6) * PT, ((y0 + y1) / 2 + (SCALE_BAR + 7) / 2) * PT)  # the bar and its label
        c.rotate(-90)
        scale_bar(c, 0, 0, label="50 mm", beside=True)
        c.restoreState()
    c.restoreState()
