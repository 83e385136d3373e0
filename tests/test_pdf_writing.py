"""The PDF writer's short cuts write the very bytes reportlab's own routines write: text lines, placed forms,
forms, and a document written from its scratch file."""
import io
import re

import pytest
import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFFormXObject, PDFObject, xObjectName
from reportlab.pdfgen.canvas import Canvas

from pnp.build.stages import lay_out, maker_for, write_pdf
from pnp.layout import print_order as layout
from pnp.layout.furniture import furniture as furniture_spots
from pnp.layout.imposition import Settings, Slot
from pnp.model.geometry import Box
from pnp.model.units import PT
from pnp.read.games import load_game
from pnp.typeset.text import font
from pnp.write import marks, pdf

TEXTS = ["Ahoy", "Île de la Tortue ☠ · 100 %", "", "(brackets) and \\ back", "\x7f",
         "".join(chr(0x400 + i) for i in range(300))]  # more letters than one subset of a font holds


def canvases():
    ours, theirs = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for c in (ours, theirs):
        c.setFont(font("sans"), 9)
    return ours, theirs


def test_text_is_written_as_drawstring_writes_it():
    ours, theirs = canvases()
    for text in TEXTS:
        theirs.drawString(10.5, 20.25, text)
        theirs.drawCentredString(100, -3, text)
        marks.write_text(ours, 10.5, 20.25, text)
        marks.write_text(ours, 100, -3, text, centred=True)
    assert ours._code == theirs._code
    assert ours._doc.fontMapping == theirs._doc.fontMapping


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_a_face_is_placed_as_the_canvas_calls_would_place_it(rotation):
    ours, theirs = canvases()
    slot = Slot(Box(10.0, 20.0, 73.5, 108.9), rotation, Box(7.0, 17.0, 76.5, 111.9))
    # the same slot again, its operators as written the first time (found by its identity), then one alike
    for form, placed in (("face3", slot), ("face4", slot), ("face5", Slot(slot.trim, rotation, slot.clip))):
        marks.place(ours, placed, None, form)
        theirs.saveState()
        path = theirs.beginPath()
        path.rect(7.0 * PT, 17.0 * PT, 69.5 * PT, 94.9 * PT)
        theirs.clipPath(path, stroke=0, fill=0)
        corner = {0: (10.0, 20.0), 90: (73.5, 20.0), 180: (73.5, 108.9), 270: (10.0, 108.9)}[rotation]
        theirs.translate(corner[0] * PT, corner[1] * PT)
        if rotation:
            theirs.rotate(rotation)
        theirs.doForm(form)
        theirs.restoreState()
    assert ours._code == theirs._code and ours._formsinuse == theirs._formsinuse


@pytest.mark.parametrize("uses, opacity", [(0, 1.0), (1, 1.0), (8, 0.5)])
def test_a_form_is_formatted_as_reportlab_formats_it(uses, opacity):
    c = Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    for index in range(uses):
        c.beginForm(f"part{index}", 0, 0, 10, 10)
        c.rect(0, 0, 5, 5)
        pdf.end_form(c, f"part{index}")
    c.beginForm("whole", -8.5, -8.5, 188.5, 260.5)
    c.setFillColorRGB(0.2, 0.4, 0.6, alpha=opacity)
    c.roundRect(0, 0, 100, 150, 7, fill=1)
    for index in range(uses):
        c.doForm(f"part{index}")
    pdf.end_form(c, "whole")
    form = c._doc.idToObject[xObjectName("whole")]
    assert isinstance(form, PDFFormXObject)
    assert pdf.form_bytes(c._doc, form) == form.format(c._doc)


class Formatted(PDFObject):
    """An object's bytes, as reportlab's save writes them."""

    def __init__(self, data: bytes):
        self.data = data

    def format(self, document) -> bytes:
        return self.data


@pytest.mark.parametrize("form", ["duplex", "fold", "shop"])  # (a print shop's pages have trim and bleed boxes)
def test_a_document_written_from_its_scratch_file_is_the_one_reportlab_writes(monkeypatch, form):
    game = load_game("buried-treasure")
    settings = Settings(fold=form == "fold", shop=form == "shop")
    parts = lay_out(game, settings)
    kit = form != "shop"  # (a print shop gets each part's PDF alone)
    parts = parts if kit else parts[:1]
    spooled = write_pdf(game, parts, settings, with_contents=kit)
    # the same kit, every object kept in memory and written by reportlab's own save (a form pnp formats itself
    # handed to it as its bytes)
    monkeypatch.setattr(pdf.Document, "_spool", lambda self, internal: None)
    monkeypatch.setattr(pdf.Document, "_keep", lambda self, data: Formatted(data))
    monkeypatch.setattr(pdf.Document, "_show_page", lambda self: self.c.showPage())
    monkeypatch.setattr(pdf.Document, "bytes", lambda self: self.c.getpdfdata())
    assert write_pdf(game, parts, settings, with_contents=kit) == spooled


def test_what_is_finished_waits_on_disk_not_in_memory(monkeypatch):
    """Faces keep their steps in the cache, and a document each form and page it has finished in its scratch
    file: memory does not grow with the deck."""
    game = load_game("buried-treasure")
    settings = Settings()
    parts = lay_out(game, settings)
    cards = [face for part in parts if part.component.cards for page in part.pages for _, face in page.placed]
    assert cards and all(callable(face._steps) for face in cards)
    written = []
    monkeypatch.setattr(pdf.Document, "write", lambda self, out: written.append(self))
    write_pdf(game, parts, settings, with_contents=True, out=io.BytesIO())
    objects = written[0].c._doc.idToObject
    forms = [value for key, value in objects.items() if key.startswith("FormXob.")]
    pages = [value for key, value in objects.items() if key.startswith("Page")]
    assert len(forms) > 20 and all(isinstance(form, pdf.Spooled) for form in forms)
    assert len(pages) > 10 and all(isinstance(page, pdf.Spooled) for page in pages)  # (a page's dictionary)
    doc = written[0].c._doc  # each object's number kept as a number, not a pair, and its name by its number in
    # a list; both asked for as reportlab asks
    assert all(type(number) is int for number in dict.values(doc.idToObjectNumberAndVersion))
    assert type(doc.numberToId) is pdf.Names and len(doc.numberToId) == len(doc.idToObject)
    assert all(doc.idToObjectNumberAndVersion[doc.numberToId[number]] == (number, 0)
               for number in range(1, len(doc.numberToId) + 1))
    assert 0 not in doc.numberToId and len(doc.numberToId) + 1 not in doc.numberToId


def _blank_pages(document: pdf.Document, count: int) -> None:
    """`count` pages shown in `document`, each of its size alone (a page's dictionary and content stream)."""
    for _ in range(count):
        document.c.setPageSize((200, 300))
        document._show_page()


@pytest.mark.quick
@pytest.mark.parametrize("count", [0, 1, 10, 11, 23])  # (the page tree lists ten pages a line)
def test_a_document_of_pages_kept_as_numbers_and_places_is_the_one_reportlab_writes(monkeypatch, count):
    document = pdf.Document("pages")
    _blank_pages(document, count)
    spooled = document.bytes()
    monkeypatch.setattr(pdf.Document, "_show_page", lambda self: self.c.showPage())  # (each page kept whole)
    monkeypatch.setattr(pdf.Document, "bytes", lambda self: self.c.getpdfdata())
    theirs = pdf.Document("pages")
    _blank_pages(theirs, count)
    assert theirs.bytes() == spooled


@pytest.mark.quick
def test_a_page_is_kept_as_its_number_and_places_in_arrays_not_as_objects_and_names():
    """A page shown is kept in its document as its number, the places of its dictionary and content stream, and
    (once written) its content stream's number, in arrays (SpooledPages, and the PageTree's numbers), some 40
    bytes, not as a page object, its name and entries of reportlab's three tables (some 450 bytes); so are the
    content streams numbered as the document is written. They are found as reportlab asks for them."""
    import tracemalloc

    document = pdf.Document("pages")
    doc = document.c._doc
    _blank_pages(document, 100)  # (the tables made, their first growth)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        _blank_pages(document, 3000)
        kept = (tracemalloc.get_traced_memory()[0] - before) / 3000
    finally:
        tracemalloc.stop()
    assert kept < 40, kept  # (each page shown: 3 numbers of 4 bytes and 2 places of 8, in arrays, as they grow,
    # till they move to files, pnp/model/mapped.py; its number, not named in Names, takes nothing)
    assert len(document.pages.numbers) == len(doc.Pages.numbers) == 3100
    assert dict.__len__(doc.idToObject) < 10 and dict.__len__(doc.idToObjectNumberAndVersion) < 10
    names = len(doc.numberToId)
    out = io.BytesIO()
    document.write(out)
    assert len(doc.numberToId) > names + 3100  # each page's content stream numbered, after the pages
    assert dict.__len__(doc.idToObject) < 15 and dict.__len__(doc.idToObjectNumberAndVersion) < 15
    assert len(doc.numberToId.own) < 15
    assert len(document.pages) == 6200 and len(doc.idToObject) == len(doc.numberToId)
    for number in range(1, len(doc.numberToId) + 1):
        name = doc.numberToId[number]
        assert doc.idToObjectNumberAndVersion[name] == (number, 0) and name in doc.idToObject
    first, last = document.pages.content_numbers[0], document.pages.content_numbers[-1]
    assert doc.numberToId[first] == "Page1.Contents" and doc.numberToId[last] == "Page3100.Contents"
    assert doc.numberToId[document.pages.numbers[-1]] == "Page3100"
    assert b"/Count 3100 /Kids [ %d 0 R" % document.pages.numbers[0] in out.getvalue()
    assert not any(name in doc.idToObject for name in ("Page0", "Page3101", "Page1.Parent", "Page1.Contents "))


@pytest.mark.quick
@pytest.mark.parametrize("key", ["FormXob.face0", "FormXob.face123456", "FormXob.face", "FormXob.face12x",
                                 "FormXob.face\u0661", "FormXob.art0123456789ab", "Font", "a b", "x#y", "Île"])
def test_a_dictionarys_key_is_written_as_reportlab_writes_it_a_faces_form_not_kept(key):
    from reportlab.pdfbase.pdfdoc import PDFDictionary

    expected = PDFDictionary({key: 1}).format(None)  # (<<\n/Key 1\n>>)
    assert b"<<\n" + pdf._name(key) + b"1\n>>" == expected
    kept = pdf._other_name.cache_info().currsize
    for index in range(1000):
        pdf._name(f"FormXob.face{index}")
    assert pdf._other_name.cache_info().currsize == kept


def test_a_scratch_file_gives_back_what_was_written_moving_only_for_a_read_out_of_turn_or_a_write_after_a_read():
    scratch = pdf.Scratch()
    moves = []
    seek = scratch.file.seek
    scratch.file.seek = lambda *at: moves.append(at) or seek(*at)
    pieces = [bytes([65 + n]) * (n * 3000 + 1) for n in range(4)]  # (some larger than the file's buffer)
    places = [scratch.add(piece) for piece in pieces[:3]]
    assert not moves  # (written one after another)
    assert [scratch.read(place) for place in places] == pieces[:3] and len(moves) == 1  # read in turn: moved once
    places.append(scratch.add(pieces[3]))  # written where the reads ended, the end: not moved
    assert len(moves) == 1
    assert scratch.read(places[1]) == pieces[1] and len(moves) == 2
    places.append(scratch.add(b"after a read"))  # written at the end, not after what was read
    assert len(moves) == 3
    assert [scratch.read(place) for place in places] == [*pieces, b"after a read"] and len(moves) == 4
    scratch.close()


def test_a_font_has_the_same_name_in_every_pdf_whatever_it_sets_first():
    first, second = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for c, order in ((first, ["sans", "title"]), (second, ["title", "bold", "sans"])):
        for name in order:
            c._code.append(marks.text_code(c, 0, 0, "Ahoy", font(name), 9))
    for c in (first, second):
        assert c._doc.fontMapping[font("sans")] == "/Fsans" and c._doc.fontMapping[font("title")] == "/Ftitle"
        assert "/Fsans+0 9 Tf" in "\n".join(c._code)
    assert font("bold") not in first._doc.fontMapping  # a font is added to a PDF only when it sets text


def _forms(data: bytes) -> list[bytes]:
    """The content streams (as written) of a PDF's forms."""
    return re.findall(rb"/Subtype /Form /Type /XObject\n>>\nstream\n(.*?)endstream", data, re.S)


def test_a_face_is_drawn_alike_in_every_pdf_of_a_build():
    """The forms of the faces a component's PDF prints are written and compressed once, and copied into the
    kit's PDF, which numbers its fonts and artwork in another order."""
    game = load_game("buried-treasure")
    settings = Settings()
    maker = maker_for(game)
    parts = lay_out(game, settings, maker)
    cards = next(part for part in parts if part.component.id == "game-cards")
    alone = write_pdf(game, [cards], settings, with_contents=False, maker=maker)
    kit = write_pdf(game, parts, settings, with_contents=True, maker=maker)
    assert len(_forms(alone)) > 20 and set(_forms(alone)) <= set(_forms(kit))


def test_what_every_page_repeats_is_copied_as_it_was_drawn():
    ours, theirs = canvases()
    for _ in range(3):
        marks.scale_bar(ours, 10, 20)
        marks._scale_bar(theirs, 10, 20, "this bar must measure 50 mm", False)
        marks.scale_bar(ours, 0, 0, label="50 mm", beside=True)
        marks._scale_bar(theirs, 0, 0, "50 mm", True)
    assert ours._code == theirs._code


@pytest.mark.parametrize("form", ["duplex", "fold"])
def test_the_marks_copied_from_page_to_page_are_those_each_page_would_draw(monkeypatch, form):
    game = load_game("buried-treasure")
    settings = Settings(fold=form == "fold")
    parts = lay_out(game, settings)
    pdfs = [(parts, True)] + [([part], False) for part in parts]  # (a part's last page: fewer slots in the room)
    copied = [write_pdf(game, written, settings, with_contents=kit) for written, kit in pdfs]
    monkeypatch.setattr(pdf, "repeated", lambda c, key, draw, held=(): draw())  # (every page's drawn anew)
    assert [write_pdf(game, written, settings, with_contents=kit) for written, kit in pdfs] == copied


@pytest.mark.parametrize("form", ["duplex", "fold"])
def test_a_pages_footer_and_scale_bar_are_written_as_the_canvas_calls_would_write_them(form):
    game = load_game("buried-treasure")
    settings = Settings(fold=form == "fold")
    pages = [page for page in layout.each_page(game, lay_out(game, settings), settings, with_contents=True)
             if page.furniture]
    ours, theirs = canvases()
    theirs._enforceColorSpace = lambda colour: colour  # (as it was: the canvas calls made, not written directly)
    level = 0
    for page in pages:
        spots = furniture_spots(page)
        level += not spots.bar.turn and not any(spot.turn for spot in spots.lines)
        for c in (ours, theirs):
            marks.furniture(c, page)
            c.showPage()  # (each page starts afresh, as the writer's)
    assert level and ours._code == theirs._code and ours._doc._pdfVersion == theirs._doc._pdfVersion
    assert [page.stream for page in ours._doc.Pages.pages] == [page.stream for page in theirs._doc.Pages.pages]


# What pnp reads or writes inside reportlab, beyond its documented calls (pnp/write/pdf.py and marks.py,
# pnp/render/draw.py and artwork.py, pnp/typeset/text.py). pyproject.toml
# caps reportlab below the first release not tried; when a new one is tried, this names what it moved.
PRIVATE = {
    "canvas": ["_code", "_doc", "_extgstate", "_formsinuse", "_fontname", "_fontsize", "_leading", "_escape",
               "state_stack", "init_graphics_state", "_enforceColorSpace"],
    "document": ["_pdfVersion", "idToObject", "numberToId", "delayedFonts", "fontMapping", "ensureMinPdfVersion",
                 "idToObjectNumberAndVersion", "objectcounter", "pageCounter", "Pages", "Catalog"],
    "font face": ["_ttf_data", "unitsPerEm", "charToGlyph"],
    "font": ["face", "state", "encoding", "splitString", "getSubsetInternalName", "_assignState"],
    "artwork renderer": ["drawImage", "applyStateChanges", "_canvas"],
}


@pytest.mark.parametrize("owner", PRIVATE)
def test_reportlab_still_has_the_insides_pnp_uses(owner):
    c = canvases()[0]
    c.drawString(0, 0, "Ahoy")
    found = {"canvas": c, "document": c._doc if hasattr(c, "_doc") else None,
             "font face": pdfmetrics.getFont(font("sans")).face, "font": pdfmetrics.getFont(font("sans")),
             "artwork renderer": _drawn_artwork_renderer()}[owner]
    missing = [name for name in PRIVATE[owner] if not hasattr(found, name)]
    assert not missing, f"reportlab {reportlab.Version}: the {owner} has no {', '.join(missing)}; pnp/write, " \
                        "pnp/render/draw.py and artwork.py and pnp/typeset/text.py use them: change those, " \
                        "then raise the cap in pyproject.toml"
    if owner == "canvas":
        assert isinstance(c._code, list) and isinstance(c._extgstate._c, dict), "reportlab changed the canvas' code list"


def _drawn_artwork_renderer():
    """reportlab's PDF renderer as pnp/render/artwork.py subclasses it, seen while it draws a shape (it holds
    its canvas only then): what it had."""
    from types import SimpleNamespace

    from reportlab.graphics.renderPDF import _PDFRenderer
    from reportlab.graphics.shapes import Drawing, Rect

    seen = {}

    class Seeing(_PDFRenderer):
        def drawRect(self, rect):
            seen.update((name, getattr(self, name)) for name in PRIVATE["artwork renderer"] if hasattr(self, name))
            super().drawRect(rect)

    drawing = Drawing(10, 10)
    drawing.add(Rect(0, 0, 5, 5))
    Seeing().draw(drawing, canvases()[0], 0, 0)
    return SimpleNamespace(**seen)


def test_reportlab_platypus_loaded_late_is_the_whole_package_when_asked_for():
    """Drawing artwork puts off loading reportlab.platypus (pnp/render/library.py): any of its names asked for
    afterwards still comes, from the package run whole."""
    import subprocess
    import sys

    code = ("from pnp.render import library\n"
            "library._platypus_when_asked()\n"
            "import sys\n"
            "from reportlab.platypus.flowables import Flowable\n"
            "assert 'reportlab.platypus.paragraph' not in sys.modules\n"
            "from reportlab.platypus import Paragraph, SimpleDocTemplate, Flowable as F\n"
            "assert F is Flowable and Paragraph.__module__ == 'reportlab.platypus.paragraph'\n"
            "print('ok')\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr


def test_a_step_faces_share_draws_on_each_what_it_draws_alone():
    """The painter remembers the operators of a step many faces share (a template's line, read once): a shape, a
    text, a text with an icon that lies at another place among a later face's artwork, and a text after a
    transparent step each draw on a later face what a painter new to them draws there."""
    from pnp.render.draw import Painter
    from pnp.render.faces import Face
    from pnp.errors import Where

    coin, map_ = "coin artwork", "map artwork"  # (what the painter places: any hashable thing)
    palette = {"ink": "#2B1D0E", "sea": "#173B5C"}
    text = {"text": "Ahoy", "x": 5.0, "y": 5.0, "w": 40.0, "h": None, "size": 10.0, "font": "sans",
            "colour": "ink", "align": "left", "valign": "top", "leading": 1.2, "fit": True, "rotate": 0.0,
            "opacity": 1.0, "fine": False}
    shared_text = ("text", text)
    icon_text = ("text", {**text, "text": "Pay :coin:", "y": 20.0, "icons": (("coin", coin, 1.0),)})
    rect = ("rect", {"x": 0.0, "y": 0.0, "w": 10.0, "h": 10.0, "r": 0.0, "fill": "sea", "stroke": "none",
                     "width": 0.3, "dash": None, "opacity": 1.0})
    faint = ("rect", {**rect[1], "opacity": 0.5})
    art = ("art", {"art": map_, "src": "map.svg", "x": 0.0, "y": 30.0, "w": 20.0, "h": 20.0, "rotate": 0.0,
                   "opacity": 1.0})

    def face(*steps):
        return Face("test", steps, (63.5, 88.9), 3.0, Where("test"))

    def painter():
        return Painter(palette, lambda art, where: (10.0, 10.0))

    first = face(art, rect, icon_text, shared_text)
    later = [face(icon_text, rect, shared_text, art), face(faint, shared_text, icon_text)]
    remembering = painter()
    remembering.record(first)
    for each in later:
        assert remembering.record(each) == painter().record(each)


def test_a_step_whose_face_draws_a_number_no_pdf_holds_is_refused_on_every_face_that_shares_it():
    """The painter checks only the operators a face writes anew, those of a step it remembers having been checked
    with an earlier face: a step remembered from a face refused for its numbers is refused again on the next."""
    from pnp.errors import DataError, Where
    from pnp.render.draw import Painter
    from pnp.render.faces import Face

    art = ("art", {"art": "speck", "src": "speck.svg", "x": 0.0, "y": 0.0, "w": 60.0, "h": 80.0, "rotate": 0.0,
                   "opacity": 1.0})  # artwork a trillionth of a point wide, scaled up to 60 mm
    painter = Painter({}, lambda art, where: (1e-15, 1e-15))
    for _ in range(2):
        with pytest.raises(DataError, match="no PDF can hold"):
            painter.record(Face("test", (art,), (63.5, 88.9), 3.0, Where("test")))
