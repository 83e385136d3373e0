"""Writing laid-out pages to PDF: faces as reusable forms, crop marks, fold lines, footer and scale bar.

Every distinct face is drawn once a build (see draw.Drawing) and copied into a PDF form in each document that
prints it, then placed wherever it is printed, which keeps files small and builds fast. Each form, picture and
page is written out to a scratch file as soon as it is complete, and the document is written from there in
the end, so memory does not grow with the deck. The canvas runs in reportlab's invariant mode, and the bytes
are those reportlab itself would write: the same inputs give the same file.
"""
from __future__ import annotations

import hashlib
import io
import math
import tempfile
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import Color, black
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (BasicFonts, PDFArray, PDFBase85Encode, PDFCrossReferenceTable, PDFDictionary,
                                      PDFFile, PDFFormXObject, PDFIndirectObject, PDFName, PDFObject,
                                      PDFObjectReference, PDFPage, PDFResourceDictionary, PDFStream, PDFTrailer,
                                      PDFZCompress, xObjectName)
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import Canvas

from pnp import __version__
from pnp.render import images
from pnp.render.draw import PT, font
from pnp.errors import DataError, Where, clip, shown
from pnp.model import numbers
from pnp.layout.imposition import FOOTER_BAND, MARK_GAP, MARK_MIN, Page

MARK_LENGTH = 5.0  # a crop mark's length where there is room; never shorter than MARK_MIN
MARK_WIDTH = 0.25
GREY = Color(0.45, 0.45, 0.45)
SCALE_BAR = 50.0
BASIC_FONTS = PDFObjectReference(BasicFonts)
PROCSETS = ["/PDF", "/Text", "/ImageB", "/ImageC", "/ImageI"]


class Spooled(PDFObject):
    """An object of the document formatted as soon as it was complete, its bytes waiting in the scratch file."""

    def __init__(self, spool, offset: int, length: int):
        self.spool, self.offset, self.length = spool, offset, length

    def format(self, document) -> bytes:
        self.spool.seek(self.offset)
        return self.spool.read(self.length)


class Document:
    """One PDF file being written; `maker` (a FaceMaker) draws the faces it prints."""

    def __init__(self, title: str, subject: str = "", maker=None):
        self.spool = tempfile.TemporaryFile()
        self.c = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
        self.c.setTitle(title)
        self.c.setSubject(subject)
        self.c.setAuthor("pnp")
        self.c.setCreator(f"pnp {__version__}")
        self.maker = maker
        self.forms: dict[str, str] = {}
        self.arts: dict = {}
        self.pictures: dict = {}

    # --- forms ------------------------------------------------------------------------------------
    def art_form(self, art, where) -> tuple[str, float, float]:
        """The form of a piece of artwork in this document, made when first asked for: its name and size."""
        if art not in self.arts:
            stream = self.maker.art_stream(art)
            if stream is None:
                raise DataError([(where, f"artwork {art.path.name} is not an SVG file that can be read")])
            code, states, width, height = stream
            name = f"art{len(self.arts)}"
            self.c.beginForm(name, 0, 0, width, height)
            self.c._code.extend(code)
            self.c._extgstate._c.update(states)
            end_form(self.c, name)
            self._spool(xObjectName(name))
            self.arts[art] = (name, width, height)
        return self.arts[art]

    def picture_form(self, picture) -> str:
        """A raster picture, stored once in this document, as an image drawn in a unit square."""
        if picture not in self.pictures:
            name = self.pictures[picture] = f"image{len(self.pictures)}"
            doc = self.c._doc
            masks = []

            def reference(mask):
                found = doc.Reference(mask)
                masks.append(found.name)
                return found

            doc.Reference(images.xobject(picture, reference), xObjectName(name))
            for internal in [*masks, xObjectName(name)]:
                self._spool(internal)
            if masks:
                doc.ensureMinPdfVersion("transparency")
        return self.pictures[picture]

    def face_form(self, face) -> str:
        """The name of the form that draws `face` in this document, made when first asked for."""
        name = self.forms.get(face.key)
        if name is None:
            name = self.forms[face.key] = f"face{len(self.forms)}"
            drawing = self.maker.drawing(face)
            # the forms this face uses must exist before its own form begins
            names = [self._form_of(use, face.where) for use in drawing.uses]
            w, h = face.size
            b = face.bleed
            self.c.beginForm(name, -b * PT, -b * PT, (w + b) * PT, (h + b) * PT)
            self._copy(drawing, names)
            end_form(self.c, name)
            self._spool(xObjectName(name))
        return name

    def _form_of(self, use, where) -> str:
        if isinstance(use, images.Picture):
            return self.picture_form(use)
        if hasattr(use, "steps"):
            return self.face_form(use)
        return self.art_form(use, where)[0]

    def _copy(self, drawing, names: list[str]) -> None:
        """A drawing's operators into the form being made, its markers filled in for this document."""
        c = self.c
        code = c._code
        for item in drawing.code:
            if type(item) is str:
                code.append(item)
            elif item[0] == "text":
                _, x, y, name, size, leading, text = item
                code.append(text_code(c, x, y, text, font(name), size, leading))
            else:
                name = names[item[1]]
                code.append(f"/{xObjectName(name)} Do")
                c._formsinuse.append(name)
        c._extgstate._c.update(drawing.states)
        if drawing.transparent:
            c._doc.ensureMinPdfVersion("transparency")

    def _spool(self, internal: str) -> None:
        """Format a finished object now and keep only its place in the scratch file."""
        doc = self.c._doc
        made = doc.idToObject[internal]
        data = form_bytes(doc, made) if isinstance(made, PDFFormXObject) else made.format(doc)
        self._keep(data, lambda spooled: doc.idToObject.__setitem__(internal, spooled))

    def _keep(self, data: bytes, put) -> None:
        offset = self.spool.seek(0, io.SEEK_END)
        self.spool.write(data)
        put(Spooled(self.spool, offset, len(data)))

    # --- pages -------------------------------------------------------------------------------------
    def page(self, page: Page, footer: tuple[str, str]) -> None:
        """Draw one laid-out page, then close it."""
        c = self.c
        names = [self.face_form(face) for _, face in page.placed]
        c.setPageSize((page.size[0] * PT, page.size[1] * PT))
        trim = page.trim
        c.setTrimBox([trim.x0 * PT, trim.y0 * PT, trim.x1 * PT, trim.y1 * PT] if trim else None)
        c.setBleedBox([0, 0, page.size[0] * PT, page.size[1] * PT] if trim else None)
        for (slot, face), name in zip(page.placed, names):
            place(c, slot, face, name)
        if page.marks and page.grid is not None:
            key = ("marks", page.cuts_x, page.cuts_y, page.content, page.inked, page.cut_lines)
            repeated(c, key + (tuple(page.cut_segments()) if page.cut_lines else (),), lambda: crop_marks(c, page))
        if page.fold:
            fold_line(c, page)
        if page.furniture:
            furniture(c, page, footer)
        self._show_page()

    def text_page(self, size, draw) -> None:
        """A page drawn by a function of (canvas, size in mm), such as a kit's contents page."""
        self.c.setPageSize((size[0] * PT, size[1] * PT))
        draw(self.c, size)
        self._show_page()

    def _show_page(self) -> None:
        """Close the page and write its content stream out, as reportlab would have made it."""
        self.c.showPage()
        doc = self.c._doc
        page = doc.idToObject[f"Page{doc.pageCounter - 1}"]
        if page.compression and rl_config.useA85:  # as PDFStream.format writes it, in fewer steps
            data = PDFBase85Encode.encode(PDFZCompress.encode(page.stream)).encode("ascii")
            data = b"<<\n/Filter [ /ASCII85Decode /FlateDecode ] /Length %d\n>>\nstream\n%sendstream\n" % (
                len(data), data)
        else:
            stream = PDFStream(content=page.stream)
            stream.filters = [PDFZCompress] if page.compression else None
            data = stream.format(doc)
        self._keep(data, lambda spooled: setattr(page, "Contents", spooled))
        page.stream = None

    def write(self, out) -> None:
        """Write the finished document to the binary file `out`, one object at a time, as reportlab's
        PDFDocument.format lays it out."""
        c, doc = self.c, self.c._doc
        for embedded in doc.delayedFonts:
            embedded.addObjects(doc)
        doc.info.invariant = doc.invariant
        doc.info.digest(doc.signature)
        doc.Reference(doc.Catalog)
        doc.Reference(doc.info)
        doc.Outlines.prepare(doc, c)
        if doc.Outlines.ready < 0:
            doc.Catalog.Outlines = None
        doc.encrypt.prepare(doc)
        offset = out.write(PDFFile(doc._pdfVersion).format(doc))
        ids, number = [], 1
        while number in doc.numberToId:
            internal = doc.numberToId[number]
            doc.idToOffset[internal] = offset
            made = doc.idToObject[internal]
            if type(made) is PDFPage and not made.Override_default_compilation:  # as PDFIndirectObject writes it
                data = page_bytes(doc, made)
                data = b"%d 0 obj\n" % number + data + (b"" if data.endswith(b"\n") else b"\n") + b"endobj\n"
            else:
                data = PDFIndirectObject(internal, made).format(doc)
            offset += out.write(data)
            ids.append(internal)
            number += 1
        xref = PDFCrossReferenceTable()
        xref.addsection(0, ids)
        out.write(xref.format(doc))
        out.write(PDFTrailer(startxref=offset, Size=len(ids) + 1, Root=doc.Reference(doc.Catalog),
                             Info=doc.Reference(doc.info), ID=doc.ID()).format(doc))
        self.spool.close()

    def bytes(self) -> bytes:
        out = io.BytesIO()
        self.write(out)
        return out.getvalue()


def form_bytes(doc, form) -> bytes:
    """A form made by beginForm and endForm (and end_form), as PDFFormXObject.format writes it: the same bytes,
    in a small part of the time (a deck of 10,000 faces writes 10,000 forms into each PDF)."""
    if not (form.compression and rl_config.useA85) or form.Annots or form.BBox or form.Matrix or form.Contents:
        return form.format(doc)
    resources = form.Resources
    if resources is None:
        entries = {"Font": BASIC_FONTS, "ProcSet": PROCSETS}
        if form.XObjects:
            entries["XObject"] = form.XObjects.dict
    else:
        entries = {"Font": BASIC_FONTS, "ProcSet": PROCSETS[:2]}
        for name in ("XObject", "ExtGState"):
            value = getattr(resources, name)
            if value:
                entries[name] = value.dict if isinstance(value, PDFDictionary) else value
        if any(getattr(resources, name) for name in ("ColorSpace", "Pattern", "Properties", "Shading")):
            return form.format(doc)
    data = PDFBase85Encode.encode(PDFZCompress.encode(form.stream)).encode("ascii")
    # its dictionary's eight entries in order, a line broken after the sixth
    return (b"<<\n/BBox %s /Filter [ /ASCII85Decode /FlateDecode ] /FormType 1 /Length %d /Matrix [ 1 0 0 1 0 0 ] "
            b"/Resources %s \n  /Subtype /Form /Type /XObject\n>>\nstream\n%sendstream\n"
            % (_box(form.lowerx, form.lowery, form.upperx, form.uppery), len(data), _pdf(entries, doc), data))


@lru_cache(maxsize=64)
def _box(*corners) -> bytes:
    return _pdf(list(corners), None)


def _pdf(value, doc) -> bytes:
    """A value written as reportlab writes PDF objects (without its multi-line option, as pnp runs it)."""
    kind = type(value)
    if kind is dict:
        items = [_name(key) + _pdf(value[key], doc) for key in sorted(value)]
        for at in reversed(range(6, len(items), 6)):
            items.insert(at, b"\n ")
        return b"<<\n" + b" ".join(items) + b"\n>>"
    if kind is str:
        return value.encode("extpdfdoc") if not value.isascii() else value.encode("ascii")
    if kind is int or kind is float:
        return fp_str(value).encode()
    if kind is list:
        items = [_pdf(item, doc) for item in value]
        for at in reversed(range(10, len(items), 10)):
            items.insert(at, b"\n ")
        return b"[ " + b" ".join(items) + b" ]"
    if kind is PDFObjectReference:
        return b"%d %d R" % doc.idToObjectNumberAndVersion[value.name]
    if kind is PDFDictionary and value.multiline != "forced":
        return _pdf(value.dict, doc)
    if kind is PDFArray and value.multiline != "forced":
        return _pdf(value.sequence, doc)
    if kind is PDFResourceDictionary:  # as its format gathers it
        entries = {}
        for name in value.dict_attributes:
            found = getattr(value, name)
            if not isinstance(found, dict) or found:
                entries[name] = found
        if value.ProcSet or not isinstance(value.ProcSet, (list, tuple)):
            entries["ProcSet"] = list(value.ProcSet) if isinstance(value.ProcSet, (list, tuple)) else value.ProcSet
        return _pdf(entries, doc)
    return pdf_format(value, doc)


def page_bytes(doc, page) -> bytes:
    """A page's dictionary as PDFPage.format writes it (reportlab's own check_format fills it in and numbers
    what it refers to, in the same order)."""
    page.check_format(doc)
    entries = {key: getattr(page, key, value) for key, value in page.__Defaults__.items()}
    entries = {key: value for key, value in entries.items() if value is not None}
    for key in page.__NoDefault__:
        value = getattr(page, key, None)
        if value is not None:
            entries[key] = value
    for key in page.__Refs__:
        if key in entries:
            entries[key] = doc.Reference(entries[key])
    return _pdf(entries, doc)


@lru_cache(maxsize=4096)
def _name(key: str) -> bytes:
    """A dictionary's key as PDF writes it, with the space after it."""
    return PDFName(key).encode("extpdfdoc") + b" "


def art_stream(art, store) -> tuple | None:
    """Checked artwork as PDF operators and transparency states, made once and copied into the form of each
    document that uses it; kept in the cache between runs, keyed by the bytes of the SVG file and of the
    pictures it draws, since reading SVG is the slowest step of a build. None when it cannot be drawn."""
    try:
        sources = art.path.read_bytes() + b"".join(b"\0" + image.read_bytes() for image in art.images)
    except OSError:
        return None
    key = hashlib.sha256(sources).hexdigest()
    stored = store.get("art", key)
    if stored is None:
        stored = _draw_svg(art)
        if stored is None:
            return None
        store.put("art", key, stored)
    code, states, width, height = stored
    return tuple(code), {tuple(k): v for k, v in states}, width, height


def _draw_svg(art) -> list | None:
    from reportlab.graphics import renderPDF  # only needed when the cache lacks this artwork

    from pnp.render.draw import svg_drawing

    drawing = svg_drawing(art.path, art.root)
    if drawing is None or not drawing.width or not drawing.height:
        return None
    scratch = Canvas(io.BytesIO())
    try:
        scratch.beginForm("art", 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, scratch, 0, 0)
        bad = numbers.unprintable(scratch._code) or numbers.problem(drawing.width, numbers.MAX_DRAWN) or \
            numbers.problem(drawing.height, numbers.MAX_DRAWN)
    except (ValueError, OverflowError, ZeroDivisionError) as error:  # reportlab refuses a number (too large)
        bad = str(error).splitlines()[-1]
    if bad:  # numbers each within range that, scaled by one another, are not
        raise DataError([(Where(shown(art.path)), f"draws numbers no PDF can hold ({clip(bad)}): check its sizes, "
                                                  "viewBox and transforms")])
    return [scratch._code, [[list(k), v] for k, v in scratch._extgstate._c.items()], drawing.width, drawing.height]


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
    for i in range(5):
        if i % 2 == 0:
            c.rect((x + 10 * i) * PT, y * PT, 10 * PT, 1.2 * PT, stroke=0, fill=1)
    c.rect(x * PT, y * PT, SCALE_BAR * PT, 1.2 * PT, stroke=1, fill=0)
    c.setFont(font("sans"), 6)
    if beside:
        write_text(c, (x + SCALE_BAR + 1) * PT, (y - 0.2) * PT, label)
    else:
        write_text(c, (x + SCALE_BAR / 2) * PT, (y + 1.9) * PT, label, centred=True)
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
