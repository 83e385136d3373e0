"""Writing laid-out pages to PDF: faces as reusable forms, placed on pages with their marks (marks.py).

Every distinct face is drawn once a build (see draw.Drawing) and copied into a PDF form in each document that
prints it, then placed wherever it is printed, which keeps files small and builds fast. What a face's form
names is named alike in every PDF: fonts after the font (`/Fsans+0`, pnp.typeset.text.KitFont), artwork and
pictures after what they draw (`art` or `image` and a digest), so a face's form is written and compressed once
a build and copied into each PDF that prints it (the build keeps them, some 1.5 KB a face). Each form,
picture and page is written out to a scratch file as soon as it is complete, and the document is written from
there in the end. The canvas runs in reportlab's invariant mode, and the bytes are those reportlab itself
would write (but for those names): the same inputs give the same file.
"""
from __future__ import annotations

import bisect
import hashlib
import io
import os
import re
import tempfile
from dataclasses import replace
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (BasicFonts, NoEncryption, PDFArray, PDFBase85Encode, PDFDictionary, PDFFile,
                                      PDFFormXObject, PDFIndirectObject, PDFName, PDFObject, PDFObjectReference,
                                      PDFPage, PDFPages, PDFResourceDictionary, PDFStream, PDFTrailer, PDFTrueTypeFont,
                                      PDFZCompress)
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfbase.pdfdoc import pdfdocEnc, xObjectName
from reportlab.pdfgen.canvas import Canvas

from pnp import __version__
from pnp.errors import DataError
from pnp.layout.furniture import furniture as where
from pnp.layout.furniture import version_box
from pnp.layout.imposition import Page
from pnp.model.mapped import Mapped, release
from pnp.memo import Memo
from pnp.model.units import PT
from pnp.render.draw import Drawing
from pnp.render.images import Picture
from pnp.render.keys import ByNumber, FaceNumbers, digest
from pnp.typeset.text import font
from pnp.write.fileset import WRITE_BUFFER
from pnp.write.marks import crop_marks, furniture, place, repeated, text_code
from pnp.write.pictures import xobject

_SHOWN: WeakKeyDictionary = WeakKeyDictionary()  # face maker -> face key -> `Document.shown` of its drawing
BASIC_FONTS = PDFObjectReference(BasicFonts)
PROCSETS = ["/PDF", "/Text", "/ImageB", "/ImageC", "/ImageI"]


class Spooled(int):
    """An object of the document formatted as soon as it was complete, its bytes waiting in the scratch file: their
    place there, offset << 32 | length (a number, not an object with its fields: a deck's PDF spools thousands)."""

    __slots__ = ()

    def __new__(cls, offset: int, length: int):
        return super().__new__(cls, offset << 32 | length)

    @classmethod
    def at(cls, place: int) -> "Spooled":
        """The place kept as a number (offset << 32 | length)."""
        return super().__new__(cls, place)


NUMBER = "i"  # the type of the writer's arrays of objects' numbers and indexes (FaceForms, SpooledPages, PageTree,
# Written): 4 bytes each (a PDF has far fewer than 2**31 objects)
PLACE = "q"  # the type of its arrays of places in a scratch file (Spooled: offset << 32 | length): 8 bytes each


class Scratch:
    """Bytes kept in a scratch file, each known by its place there (a Spooled): written one after another, and
    read back mostly in the order they were written. A read that starts where the one before ended reads on, from
    the file's buffer; the file is moved only for one that does not, or for a write after a read (a move empties
    the buffer: moved for every read, a deck's PDF read its thousands of objects one call to the system each)."""

    def __init__(self):
        self.file = tempfile.TemporaryFile(buffering=WRITE_BUFFER)
        self.length = 0  # the bytes written
        self.at = 0  # where in the file the next read or write takes place

    def add(self, data: bytes) -> Spooled:
        """`data` written at the end of the file: its place."""
        if self.at != self.length:
            self.file.seek(self.length)
        place = Spooled(self.length, len(data))
        self.file.write(data)
        self.length = self.at = self.length + len(data)
        return place

    def read(self, place: int) -> bytes:
        """The bytes at `place` (a Spooled, or the number it is)."""
        offset = place >> 32
        if offset != self.at:
            self.file.seek(offset)
        data = self.file.read(place & 0xFFFFFFFF)
        self.at = offset + len(data)
        return data

    def close(self) -> None:
        self.file.close()


class Later(PDFObject):
    """A reference written as a token in a page's dictionary, filled in by SpooledPages.written."""

    def __init__(self, token: bytes):
        self.token = token

    def format(self, document) -> bytes:
        return self.token


PARENT, CONTENTS = Later(b"\0parent\0"), Later(b"\0contents\0")


class Numbers(dict):
    """A document's objects' numbers by their names, as reportlab asks for them: (number, version) pairs, each
    kept as its number alone (reportlab numbers every version 0), not a pair an object (a deck's PDF numbers
    tens of thousands); the faces' forms' and the pages' numbers are kept in FaceForms and SpooledPages."""

    faces: "FaceForms"
    pages: "SpooledPages"

    def __init__(self, numbered: dict):
        super().__init__()
        for name, pair in numbered.items():
            self[name] = pair

    def __setitem__(self, name: str, pair: tuple) -> None:
        number, version = pair
        if version != 0:
            raise ValueError(f"object {name} numbered with version {version}: only 0 is kept")
        super().__setitem__(name, number)

    def __getitem__(self, name: str) -> tuple:
        number = self.get(name)
        if number is None:
            try:
                number = self.faces.number(name)  # (asked for each face a page places)
            except KeyError:
                number = self.pages.number(name)
        return number, 0


class Names:
    """A document's objects' names by their numbers (from 1, each the next), as reportlab asks for them: the few
    objects reportlab keeps itself named in `own`, by number; the others (FaceForms, SpooledPages) are numbered
    here, not named (a deck's PDF numbers tens of thousands), and named there."""

    __slots__ = ("own", "count", "faces", "pages")

    def __init__(self, named: dict):
        self.own, self.count = {}, 0  # the names of the objects reportlab keeps, by number; the numbers taken
        for number, name in sorted(named.items()):
            self[number] = name

    def __setitem__(self, number: int, name: str) -> None:
        self.elsewhere(number)
        self.own[number] = name

    def __getitem__(self, number: int) -> str:
        name = self.own.get(number)
        if name is None:
            try:
                return self.faces.name(number)
            except KeyError:
                return self.pages.name(number)
        return name

    def __contains__(self, number) -> bool:
        return type(number) is int and 1 <= number <= self.count

    def __len__(self) -> int:
        return self.count

    def elsewhere(self, number: int) -> None:
        """Number `number` taken by an object kept elsewhere (FaceForms, SpooledPages): its name not kept here."""
        if number != self.count + 1:
            raise ValueError(f"an object numbered {number}, not the next number, {self.count + 1}")
        self.count = number


class Objects(dict):
    """A document's objects by their names, as reportlab keeps them, and its faces' forms (FaceForms) and pages
    (SpooledPages), found by their names though kept there (as the places of their bytes): the three as one
    mapping."""

    faces: "FaceForms"
    pages: "SpooledPages"

    def __missing__(self, name: str) -> Spooled:
        try:
            return self.faces.place(name)
        except KeyError:
            return self.pages.place(name)

    def get(self, name, default=None):
        found = dict.get(self, name, self)
        if found is self:
            return self[name] if name in self.faces or name in self.pages else default
        return found

    def __contains__(self, name) -> bool:
        return dict.__contains__(self, name) or name in self.faces or name in self.pages

    def __len__(self) -> int:
        return dict.__len__(self) + len(self.faces) + len(self.pages)

    def __iter__(self):
        yield from dict.__iter__(self)
        yield from self.faces.names()
        yield from self.pages.names()

    def keys(self):
        return list(self)

    def items(self):
        return [(name, self[name]) for name in self]

    def values(self):
        return [self[name] for name in self]


FACE = "face"  # the name of a face's form, and its index after it: face0, face1 ...
FACE_OBJECT = xObjectName(FACE)  # the same, as reportlab names the object: FormXob.face0 ...
FACE_PREFIX = len(FACE_OBJECT)


class KeptApart:
    """Objects of a document kept in arrays, apart from reportlab's tables (FaceForms, SpooledPages), found by their
    names as reportlab names them (`_at`, which tells where one is in the arrays)."""

    def __contains__(self, name) -> bool:
        try:
            self._at(name)
        except (KeyError, AttributeError):
            return False
        return True


class FaceForms(KeptApart):
    """The forms of a document's faces, each known by its index (its name `face<index>`): its object's number and
    the place of its bytes in the scratch file, in arrays, not as names, objects and entries of reportlab's three
    tables (some 300 bytes a face: a deck's PDF holds thousands of faces, a kit's every one of the kit's).
    They are kept in the order they were numbered (a face's form is numbered once the forms it places are,
    which may be faces named after it)."""

    def __init__(self):
        self.numbers = Mapped(NUMBER)  # each form's object number, ascending
        self.places = Mapped(PLACE)  # each form's Spooled place
        self.indexes = Mapped(NUMBER)  # each form's index (its name)
        self.order = Mapped(NUMBER)  # index -> where the form is in the arrays above (-1: not yet numbered)

    def add(self, index: int, number: int, place: "Spooled") -> None:
        if self.numbers and number <= self.numbers[-1]:
            raise ValueError(f"face{index} numbered {number}, before face{self.indexes[-1]}")
        while len(self.order) <= index:
            self.order.append(-1)
        self.order[index] = len(self.numbers)
        self.numbers.append(number)
        self.places.append(place)
        self.indexes.append(index)

    def __len__(self) -> int:
        return len(self.numbers)

    def names(self):
        """The forms' names, as reportlab names the objects, in the order they were numbered."""
        return (f"{FACE_OBJECT}{index}" for index in self.indexes)

    def _at(self, name: str) -> int:
        """Where the form named `name` (as reportlab names it, `FormXob.face<index>`) is in the arrays; a KeyError
        when it is no face's form, or not yet numbered."""
        if name[:FACE_PREFIX] == FACE_OBJECT:
            digits = name[FACE_PREFIX:]
            if digits.isdigit() and int(digits) < len(self.order):
                at = self.order[int(digits)]
                if at >= 0:
                    return at
        raise KeyError(name)

    def number(self, name: str) -> int:
        return self.numbers[self._at(name)]

    def place(self, name: str) -> "Spooled":
        return Spooled.at(self.places[self._at(name)])

    def name(self, number: int) -> str:
        """The name (as reportlab names the object) of the face's form numbered `number`."""
        at = bisect.bisect_left(self.numbers.values, number)
        if at == len(self.numbers) or self.numbers[at] != number:
            raise KeyError(number)
        return f"{FACE_OBJECT}{self.indexes[at]}"


PAGE = "Page"  # reportlab's name of a page, and its index after it: Page1, Page2 ... (PDFDocument.thisPageName)
PAGE_PREFIX = len(PAGE)
CONTENTS_NAME = ".Contents"  # after a page's name, the name of its content stream: Page1.Contents ...


class SpooledPages(KeptApart):
    """The pages of a document written out to the scratch file as each was shown (Document._show_page), each known
    by its index (its name `Page<index>`, as reportlab names it): its object's number, the places of its
    dictionary and content stream, and, once the document is being written, its content stream's number, in
    arrays, not as a page object, names and entries of reportlab's three tables (some 500 bytes a page: a deck's
    kit PDF has thousands of pages). A page's dictionary waits with the two references reportlab fills in only
    as it writes the document left as tokens (see Later): to the page tree, and to the page's content stream,
    which is numbered then, after its page (as reportlab's own check_format and PDFPage.format would number it):
    `written` fills them in. The pages are kept in the order they were shown, which is their numbers'."""

    def __init__(self, spool: Scratch):
        self.spool = spool
        self.numbers = Mapped(NUMBER)  # each page's object number, ascending
        self.indexes = Mapped(NUMBER)  # each page's index (its name), ascending
        self.places = Mapped(PLACE)  # each page's dictionary's Spooled place
        self.contents = Mapped(PLACE)  # each page's content stream's Spooled place
        self.content_numbers = Mapped(NUMBER)  # each page's content stream's number, given as the page is written

    def add(self, index: int, number: int, place: Spooled, contents: Spooled) -> None:
        if self.numbers and (number <= self.numbers[-1] or index <= self.indexes[-1]):
            raise ValueError(f"page {index} numbered {number}, before page {self.indexes[-1]}")
        self.numbers.append(number)
        self.indexes.append(index)
        self.places.append(place)
        self.contents.append(contents)

    def written(self, at: int, document) -> bytes:
        """The dictionary of the page at `at` in the arrays, its references filled in: to the page tree (numbered
        when the first page is written) and to its content stream, numbered now, the next number. The pages are
        written in turn, each once."""
        if at != len(self.content_numbers):
            raise ValueError(f"page {self.indexes[at]} written out of turn")
        parent = b"%d %d R" % document.idToObjectNumberAndVersion[document.Reference(document.Pages).name]
        number = document.objectcounter = document.objectcounter + 1  # (numbered as doc.Reference numbers it)
        document.numberToId.elsewhere(number)
        self.content_numbers.append(number)
        return self.spool.read(self.places[at]).replace(PARENT.token, parent).replace(
            CONTENTS.token, b"%d 0 R" % number)

    def __len__(self) -> int:
        """The objects kept: the pages' dictionaries, and the content streams numbered so far."""
        return len(self.numbers) + len(self.content_numbers)

    def names(self):
        """The objects' names, as reportlab would name them: each page's, then each content stream's numbered."""
        yield from (f"{PAGE}{index}" for index in self.indexes)
        yield from (f"{PAGE}{self.indexes[at]}{CONTENTS_NAME}" for at in range(len(self.content_numbers)))

    def _at(self, name: str) -> tuple[int, bool]:
        """Where the page named `name` (`Page<index>`), or whose content stream it names (`Page<index>.Contents`),
        is in the arrays, and whether it names the content stream; a KeyError when it names neither, or a content
        stream not yet numbered."""
        stream = name.endswith(CONTENTS_NAME)
        digits = name[PAGE_PREFIX:-len(CONTENTS_NAME)] if stream else name[PAGE_PREFIX:]
        if name[:PAGE_PREFIX] == PAGE and digits.isdigit() and digits.isascii():
            index = int(digits)
            at = bisect.bisect_left(self.indexes.values, index)
            numbered = at < len(self.content_numbers)
            if at < len(self.indexes) and self.indexes[at] == index and (numbered or not stream):
                return at, stream
        raise KeyError(name)

    def number(self, name: str) -> int:
        at, stream = self._at(name)
        return (self.content_numbers if stream else self.numbers)[at]

    def place(self, name: str) -> Spooled:
        at, stream = self._at(name)
        return Spooled.at((self.contents if stream else self.places)[at])

    def name(self, number: int) -> str:
        """The name (as reportlab would name the object) of the page or content stream numbered `number`."""
        for numbers, suffix in ((self.numbers, ""), (self.content_numbers, CONTENTS_NAME)):
            at = bisect.bisect_left(numbers.values, number)
            if at < len(numbers) and numbers[at] == number:
                return f"{PAGE}{self.indexes[at]}{suffix}"
        raise KeyError(number)


class PageTree(PDFPages):
    """A document's page tree (reportlab's PDFPages, `doc.Pages`), which keeps each page's object's number, in an
    array, not the page (reportlab keeps every page, to write the references to them, its Kids, in the end): the
    Kids written from the numbers, the same bytes. `numbered` is the document's Numbers, where a page is
    numbered just before it is added."""

    def __init__(self, numbered: Numbers):
        self.numbered = numbered
        self.numbers = Mapped(NUMBER)  # each page's object number, in order

    def addPage(self, page) -> None:
        # (numbered by doc.Reference, under the name it gave the page: kept in Numbers' own dict, as its number)
        self.numbers.append(dict.__getitem__(self.numbered, getattr(page, "__InternalName__")))

    def check_format(self, document) -> None:
        self.Kids = _references(self.numbers)
        self.Count = len(self.numbers)


def _references(numbers) -> bytes:
    """References to the objects numbered `numbers`, as a PDFArray of them writes them (without its multi-line
    option, as pnp runs it: ten a line), a line at a time."""
    lines = [b" ".join([b"%d 0 R" % number for number in numbers[at:at + 10]]) for at in range(0, len(numbers), 10)]
    return b"[ " + b" \n  ".join(lines) + b" ]"


class OnDemand(dict):
    """Index -> the name of a form, made by `make(index)` when first asked for."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, index):
        name = self[index] = self.make(index)
        return name


class Document:
    """One PDF file being written; `maker` (pnp.render.faces.FaceMaker) gives the drawings of the faces it prints."""

    def __init__(self, title: str, subject: str = "", maker=None, keyed: bool = True):
        self.spool = Scratch()
        # each page starts in one of the kit's own fonts, not reportlab's Helvetica: a font of ours (embedded,
        # as a subset, only once some text uses it) selects nothing at a page's start, so no PDF of pnp names
        # a font it does not carry, which a print shop's check refuses
        self.c = Canvas(io.BytesIO(), invariant=1, pageCompression=1, initialFontName=font("sans"))
        doc = self.c._doc
        doc.idToObjectNumberAndVersion = Numbers(doc.idToObjectNumberAndVersion)
        doc.numberToId = Names(doc.numberToId)
        doc.idToObject = Objects(doc.idToObject)
        self.faces = doc.idToObjectNumberAndVersion.faces = doc.numberToId.faces = doc.idToObject.faces = FaceForms()
        self.pages = doc.idToObjectNumberAndVersion.pages = doc.numberToId.pages = doc.idToObject.pages = \
            SpooledPages(self.spool)
        doc.Pages = doc.Catalog.Pages = PageTree(doc.idToObjectNumberAndVersion)
        self.c.setTitle(title)
        self.c.setSubject(subject)
        self.c.setAuthor("pnp")
        self.c.setCreator(f"pnp {__version__}")
        self.c.setViewerPreference("PrintScaling", "None")  # a viewer's print dialog starts at 100 %, not "fit"
        self.maker = maker
        # the faces' numbers, the build's (its maker's) when it has them, so that each face's key is kept once
        numbers = getattr(maker, "numbers", None)
        self.numbers = FaceNumbers() if numbers is None else numbers
        self.forms = ByNumber()  # face number -> the index of its form (see FaceForms)
        self.arts: dict = {}
        self.pictures: set[str] = set()
        self.fonts: set[str] = set()  # the fonts copied forms have added to the document (see _plain_form)
        self.drawn: dict[str, str] = {}  # face key -> the key of what its drawing shows (`shown`)
        self.page_keys: list[tuple] = []  # each page's (key, box): the same key, the same picture of the page
        # but for what is in the box (mm; None: nothing): the line naming the kit's version, left out of pictures
        self.keyed = keyed  # whether the pages' keys are wanted (for pictures of them): else not worked out
        # forms' streams compressed, shared by the documents of a build (see Spilled)
        self.encoded = _shared(_ENCODED, maker, Spilled)
        self.written = _shared(_WRITTEN, maker, lambda: Written(self.numbers))

    # --- forms ------------------------------------------------------------------------------------
    def art_form(self, art, where) -> tuple[str, float, float]:
        """The form of a piece of artwork in this document, made when first asked for: its name and size."""
        name = _art_name(art)
        if name not in self.arts:
            stream = self.maker.art_stream(art)
            if stream is None:
                raise DataError([(where, f"artwork {art.path.name} is not an SVG file that can be read")])
            code, states, width, height = stream
            self.c.beginForm(name, 0, 0, width, height)
            # the pictures it draws, each stored once a document (one that nothing draws, not at all)
            names = OnDemand(lambda index: self.picture_form(art.images[index]))
            self._copy(Drawing(code, tuple(states.items()), art.images, {}, False), names)
            end_form(self.c, name)
            self._spool(xObjectName(name))
            self.arts[name] = (name, width, height)
        return self.arts[name]

    def picture_form(self, picture) -> str:
        """A raster picture, stored once in this document, as an image drawn in a unit square."""
        name = "image" + digest(picture)[:12]  # named by its pixels, the same in every PDF (see face_form)
        if name not in self.pictures:
            self.pictures.add(name)
            doc = self.c._doc
            masks = []

            def reference(mask):
                found = doc.Reference(mask)
                masks.append(found.name)
                return found

            doc.Reference(xobject(picture, reference), xObjectName(name))
            for internal in [*masks, xObjectName(name)]:
                self._spool(internal)
            if masks:
                doc.ensureMinPdfVersion("transparency")
        return name

    def face_form(self, face) -> str:
        """The name of the form that draws `face` in this document, made when first asked for."""
        number = self._number(face)
        made = self.forms.kept.values  # (read here, not by forms.get: asked for each face a page places)
        if number < len(made) and made[number] >= 0:
            return f"{FACE}{made[number]}"
        index = len(self.forms)
        self.forms[number] = index
        name = f"{FACE}{index}"
        drawing = self.maker.drawing(face)
        # the forms this face uses must exist before its own form begins
        names = [self._form_of(use, face.where) for use in drawing.uses]
        if self.keyed:
            self.drawn[face.key] = self._shown_face(face.key, drawing)
        w, h = face.size
        b = face.bleed
        box = (-b * PT, -b * PT, (w + b) * PT, (h + b) * PT)
        if drawing.states or not (self.c._pageCompression and rl_config.useA85):
            self.c.beginForm(name, *box)
            self._copy(drawing, names)
            end_form(self.c, name)
            self._spool(xObjectName(name))
            self._face_numbered(index)
        else:
            self._plain_form(index, box, drawing, names, number)
        return name

    def _number(self, face) -> int:
        """A face's number among the build's (its maker's): the one its maker gave it (a template's face, when
        this document's faces are numbered alike), else found by its key."""
        if getattr(face, "numbers", None) is self.numbers:
            return face.number
        return self.numbers.number(face.key)

    def _face_numbered(self, index: int) -> None:
        """A face's form, numbered and spooled by reportlab's tables, kept in the document's FaceForms instead."""
        internal = xObjectName(f"{FACE}{index}")
        if type(dict.get(self.c._doc.idToObject, internal)) is not Spooled:  # (an object kept whole stays one)
            return
        number, place = self._kept_apart(internal)
        self.faces.add(index, number, place)

    def _kept_apart(self, name: str) -> tuple[int, object]:
        """The object reportlab's three tables hold under `name` taken out of them, to be kept apart (FaceForms,
        SpooledPages): its number, and what the tables held."""
        doc = self.c._doc
        number = dict.pop(doc.idToObjectNumberAndVersion, name)
        made = dict.pop(doc.idToObject, name)
        del doc.numberToId.own[number]
        return number, made

    def _plain_form(self, index: int, box: tuple, drawing, names: list, number: int) -> None:
        """The form of a drawing that sets no transparency state (most faces), written out at once: the bytes
        beginForm, _copy, end_form and _spool write, and the same number in the document, without the canvas's
        state saved and restored round it (a deck writes thousands). A face another PDF of the build wrote with
        the same names for what it places is copied from there: its fonts and artwork are named alike in every
        PDF, and printable ASCII is coded alike (other text is coded as each PDF first meets its letters)."""
        doc = self.c._doc
        known = self.written.get(number)
        placing = (self.c._preamble, tuple(names))
        if known is not None and known[0] == placing:
            _, place, used, fonts = known
            data = self.encoded.read(place)
            for each in fonts:  # the fonts its text is set in, added to this document as setting it would
                if each not in self.fonts:
                    pdfmetrics.getFont(font(each)).getSubsetInternalName(0, doc)
                    self.fonts.add(each)
        else:
            code, used = [self.c._preamble], []
            self._operators(drawing, names, code, used)
            stream = _stream("\n".join(code))
            fonts = _ascii_fonts(drawing)
            if fonts is None:  # (its text coded as this PDF first met its letters: known by what it says)
                data = _encoded(stream, self.encoded)
            else:
                data = _compressed(stream)
                self.written.add(number, placing, self.encoded.add(data), used, fonts)
        resources = _placing_resources(doc, used)
        if drawing.transparent:
            doc.ensureMinPdfVersion("transparency")
        place = self._keep(_form_bytes(_box(*box), data, resources))
        if type(place) is Spooled:
            number = doc.objectcounter = doc.objectcounter + 1  # (numbered as doc.Reference numbers it)
            doc.numberToId.elsewhere(number)
            self.faces.add(index, number, place)
        else:  # (an object kept whole, in reportlab's tables)
            doc.Reference(place, xObjectName(f"{FACE}{index}"))
        doc.inObject = None  # (as addForm leaves it)

    def shown(self, drawing) -> str:
        """A key of what a drawing shows: its operators (its text as text, not as this document's bytes) and
        what it places, the files it reads by their size and time."""
        return digest(drawing.code, drawing.states, [self._shown_use(use) for use in drawing.uses])

    def _shown_face(self, key: str, drawing) -> str:
        """`shown` of a face's drawing, worked out once a build when it places no other face (each of the build's
        PDFs would find the same)."""
        if any(hasattr(use, "steps") for use in drawing.uses):
            return self.shown(drawing)
        known = _SHOWN.setdefault(self.maker, {})
        if key not in known:
            known[key] = self.shown(drawing)
        return known[key]

    def _shown_use(self, use):
        if hasattr(use, "steps"):
            return self.drawn.get(use.key, use.key)  # a face it places but does not draw: not seen
        files = [use.path] + [picture.path for picture in getattr(use, "images", ())]
        return [(str(path), *_stat(path)) for path in files] + [digest(getattr(use, "data", None))] + \
            ([use.ink] if hasattr(use, "ink") else [])  # low-ink artwork (pnp/render/ink.py)

    def _form_of(self, use, where) -> str:
        if isinstance(use, Picture):
            return self.picture_form(use)
        if hasattr(use, "steps"):
            return self.face_form(use)
        return self.art_form(use, where)[0]

    def _copy(self, drawing, names) -> None:
        """A drawing's operators into the form (or page) being made, its markers filled in for this document:
        `names[i]` names the form of `drawing.uses[i]`."""
        c = self.c
        self._operators(drawing, names, c._code, c._formsinuse)
        c._extgstate._c.update(drawing.states)
        if drawing.transparent:
            c._doc.ensureMinPdfVersion("transparency")

    def _operators(self, drawing, names, code: list, used: list) -> None:
        """A drawing's operators added to `code`, its markers filled in for this document (`names[i]` names the
        form of `drawing.uses[i]`), and the forms it places to `used`."""
        c = self.c
        for item in drawing.code:
            if type(item) is str:
                code.append(item)
            elif item[0] == "text":
                _, x, y, name, size, leading, text, *slant = item
                code.append(text_code(c, x, y, text, font(name), size, leading, *slant))
            else:
                name = names[item[1]]
                code.append(f"/{xObjectName(name)} Do")
                used.append(name)

    def _spool(self, internal: str) -> None:
        """Format a finished object now and keep only its place in the scratch file."""
        doc = self.c._doc
        made = doc.idToObject[internal]
        data = form_bytes(doc, made, self.encoded) if isinstance(made, PDFFormXObject) else made.format(doc)
        doc.idToObject[internal] = self._keep(data)

    def _keep(self, data: bytes) -> Spooled:
        """A finished object's bytes written to the scratch file: their place there."""
        return self.spool.add(data)

    # --- pages -------------------------------------------------------------------------------------
    def page(self, page: Page) -> None:
        """Draw one laid-out page (its faces drawn, pnp/render/faces.py), then close it."""
        c = self.c
        names = [self.face_form(face) for _, face in page.placed]
        c.setPageSize((page.size[0] * PT, page.size[1] * PT))
        flat = None
        if page.flat is not None:  # a face drawn on the page itself, the forms it places made as it needs them
            drawing = self.maker.drawing(page.flat)
            self._copy(drawing, OnDemand(lambda index: self._form_of(drawing.uses[index], page.flat.where)))
            flat = self.shown(drawing) if self.keyed else None
        spots = where(page) if page.fold or page.furniture else None  # where the footer and fold word go
        if self.keyed:
            self._key(page, flat, spots)
        trim = page.trim
        c.setTrimBox([trim.x0 * PT, trim.y0 * PT, trim.x1 * PT, trim.y1 * PT] if trim else None)
        c.setBleedBox([0, 0, page.size[0] * PT, page.size[1] * PT] if trim else None)
        for (slot, face), name in zip(page.placed, names):
            place(c, slot, face, name)
        for block in page.blocks or (page,):  # a packed page's groups of pieces each have their own marks
            if block.marks and block.placed:  # (faces placed: a grid, which the cuts span)
                # its marks are drawn once for the slots its faces fill and the room it leaves them, all they are
                # made of: a kit's pages place their faces in the same few slots (the same objects), and the cuts
                # and what the faces cover, worked out from them, took longer than the marks take to copy
                slots = [slot for slot, _ in block.placed]  # (the same few objects, page after page)
                key = ("marks", *map(id, slots), id(block.content), block.cut_lines)
                repeated(c, key, lambda block=block: crop_marks(c, block), held=(slots, block.content))
        if spots is not None:
            furniture(c, page, spots)
        self._show_page()
        release()  # (the pages of a big deck's arrays read for this one: pnp/model/mapped.py)

    def _key(self, page: Page, flat: str | None, spots) -> None:
        """Note the page's key (see page_keys); `flat` is what its flat face shows, `spots` where its furniture is."""
        version = version_box(page, spots)
        shown = replace(page, placed=[(slot, self.drawn[face.key]) for slot, face in page.placed], flat=flat,
                        blocks=tuple(replace(block, placed=[slot for slot, _ in block.placed])
                                     for block in page.blocks))  # (a block's faces are the page's: its marks)
        if version is not None:  # the line naming the kit's version is left out of the page's picture, and its key
            shown = replace(shown, footer=(page.footer[0], len(page.footer[1])))
        else:  # a page without furniture draws no footer (the contents write their own, without the version)
            shown = replace(shown, footer=None)
        self.page_keys.append((digest(repr(shown), repr(version)), version))

    def _show_page(self) -> None:
        """Close the page and write it out as reportlab would have made it: its content stream, and its dictionary
        but for what reportlab numbers only as it writes the document (see SpooledPages); so nothing of a page
        is held until then but its number and places, in the document's SpooledPages and PageTree."""
        self.c.showPage()
        doc = self.c._doc
        index = doc.pageCounter - 1
        name = f"{PAGE}{index}"  # (as reportlab named it)
        page = doc.idToObject[name]
        if page._colorsUsed or page._shadingUsed:  # (resources pnp never uses: such a page is formatted as written)
            return
        if page.compression and rl_config.useA85:  # as PDFStream.format writes it, in fewer steps
            data = _compressed(page.stream)
            data = b"<<\n/Filter [ /ASCII85Decode /FlateDecode ] /Length %d\n>>\nstream\n%sendstream\n" % (
                len(data), data)
        else:
            stream = PDFStream(content=page.stream)
            stream.filters = [PDFZCompress] if page.compression else None
            data = stream.format(doc)
        contents = page.Contents = self._keep(data)
        page.stream = None
        page.Parent = PARENT  # (left to SpooledPages to number)
        dictionary = _plain_page(doc, page)
        if dictionary is None:
            entries = page_entries(doc, page)
            entries.update(Parent=PARENT, Contents=CONTENTS)
            dictionary = _pdf(entries, doc)
        number, _ = self._kept_apart(name)
        self.pages.add(index, number, self._keep(dictionary), contents)

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
        offsets, number = Mapped("q"), 1  # where each object starts, by its number: the cross-reference table
        # the faces' forms, pages and pages' content streams written so far: each in the order of their numbers
        faces = pages = contents = 0
        names, plain = doc.numberToId, type(doc.encrypt) is NoEncryption
        own = names.own  # (the objects reportlab keeps: the others are kept apart, written already)
        read, spooled = self.spool.read, self.pages
        numbered, places = self.faces.numbers.values, self.faces.places.values  # (looked up once: a deck's PDF has
        # thousands; the forms are all numbered by now)
        while number <= len(names):  # (numbered from 1, each the next; writing an object may number more)
            offsets.append(offset)
            if plain and number not in own:  # written already: its place, as a number
                if faces < len(numbered) and numbered[faces] == number:  # a face's form
                    data = read(places[faces])
                    faces += 1
                elif pages < len(spooled.numbers) and spooled.numbers[pages] == number:  # a page's dictionary
                    data = spooled.written(pages, doc)  # (which numbers its content stream)
                    pages += 1
                else:  # a page's content stream
                    if spooled.content_numbers[contents] != number:
                        raise ValueError(f"object {number} kept nowhere")
                    data = read(spooled.contents[contents])
                    contents += 1
                offset += out.write(_indirect(number, data))
                number += 1
                if not number % XREF_CHUNK:
                    release()
                continue
            internal = doc.numberToId[number]
            made = doc.idToObject[internal]
            if type(made) is PDFPage and not made.Override_default_compilation:  # as PDFIndirectObject writes it
                data = _indirect(number, page_bytes(doc, made))
            elif type(made) is PDFStream and _plain(made, doc):  # a font's file or character map
                data = b"%d 0 obj\n" % number + stream_bytes(made, doc) + b"endobj\n"
            elif type(made) is Spooled and plain:  # written already
                data = _indirect(number, self.spool.read(made))
            elif type(made) is PDFTrueTypeFont:  # a font subset: its widths written faster
                data = b"%d 0 obj\n" % number + font_bytes(doc, made) + b"\nendobj\n"
            else:
                data = PDFIndirectObject(internal, made).format(doc)
            offset += out.write(data)
            number += 1
        for chunk in _cross_references(offsets):
            out.write(chunk)
        out.write(PDFTrailer(startxref=offset, Size=len(offsets) + 1, Root=doc.Reference(doc.Catalog),
                             Info=doc.Reference(doc.info), ID=doc.ID()).format(doc))
        self.spool.close()

    def bytes(self) -> bytes:
        out = io.BytesIO()
        self.write(out)
        return out.getvalue()


def _indirect(number: int, data: bytes) -> bytes:
    """An object's bytes as PDFIndirectObject writes the object numbered `number`: between `<number> 0 obj` and
    `endobj`, each on a line of its own."""
    return b"%d 0 obj\n" % number + data + (b"" if data.endswith(b"\n") else b"\n") + b"endobj\n"


XREF_CHUNK = 1024  # objects' lines written at a time: a deck's PDF has tens of thousands, some 60 bytes each held


def _cross_references(offsets):
    """The cross-reference table of the objects that start at `offsets` (numbered from 1), as reportlab's
    PDFCrossReferenceTable writes it, in chunks."""
    yield b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
    for start in range(0, len(offsets), XREF_CHUNK):
        yield b"".join(b"%010d 00000 n \n" % offset for offset in offsets[start:start + XREF_CHUNK])


@lru_cache(maxsize=256)  # (a deck's faces place the same few pieces of artwork, each face in each PDF)
def _art_name(art) -> str:
    """The name of a piece of artwork's form: named by what it draws, the same in every PDF (see face_form)."""
    return "art" + digest(art)[:12]


def form_bytes(doc, form, encoded=None) -> bytes:
    """A form made by beginForm and endForm (and end_form), as PDFFormXObject.format writes it: the same bytes,
    in a small part of the time (a deck of 10,000 faces writes 10,000 forms into each PDF)."""
    if not (form.compression and rl_config.useA85) or form.Annots or form.BBox or form.Matrix or form.Contents:
        return form.format(doc)
    resources = form.Resources
    if resources is None:
        written = _plain_resources(doc, form.XObjects)
    else:
        entries = {"Font": BASIC_FONTS, "ProcSet": PROCSETS[:2]}
        for name in ("XObject", "ExtGState"):
            value = getattr(resources, name)
            if value:
                entries[name] = value.dict if isinstance(value, PDFDictionary) else value
        if any(getattr(resources, name) for name in ("ColorSpace", "Pattern", "Properties", "Shading")):
            return form.format(doc)
        written = _pdf(entries, doc)
    data = _encoded(form.stream, {} if encoded is None else encoded)
    return _form_bytes(_box(form.lowerx, form.lowery, form.upperx, form.uppery), data, written)


def _form_bytes(box: bytes, data: bytes, resources: bytes) -> bytes:
    """A form as PDFFormXObject.format writes it: its dictionary's eight entries in order, a line broken after
    the sixth, then its stream (compressed and encoded)."""
    return (b"<<\n/BBox %s /Filter [ /ASCII85Decode /FlateDecode ] /FormType 1 /Length %d /Matrix [ 1 0 0 1 0 0 ] "
            b"/Resources %s \n  /Subtype /Form /Type /XObject\n>>\nstream\n%sendstream\n"
            % (box, len(data), resources, data))


_RESOURCES: WeakKeyDictionary = WeakKeyDictionary()  # document -> the forms it places -> `_plain_resources`


def _placing_resources(doc, used: list) -> bytes:
    """`_plain_resources` of a form that places the forms `used` (by their names, as the canvas names them): the
    dictionary of them, which reportlab's xobjDict makes, made only when these forms were not placed before."""
    names = tuple(sorted({xObjectName(name) for name in used})) if used else None
    written = _RESOURCES.setdefault(doc, {}).get(names)
    return _plain_resources(doc, doc.xobjDict(used) if used else None) if written is None else written


def _plain_resources(doc, xobjects) -> bytes:
    """The resources of a form that sets no transparency, as its format writes them: the basic fonts and
    procedure sets, and the forms it places (`xobjects`, as reportlab's xobjDict makes them: each name
    referring to its own form, numbered in the document), worked out once a document for the same forms."""
    names = tuple(sorted(xobjects.dict)) if xobjects else None
    known = _RESOURCES.setdefault(doc, {})
    written = known.get(names)
    if written is None:
        entries = {"Font": BASIC_FONTS, "ProcSet": PROCSETS}
        if xobjects:
            entries["XObject"] = xobjects.dict
        written = known[names] = _pdf(entries, doc)
    return written


_ENCODED: WeakKeyDictionary = WeakKeyDictionary()  # face maker -> its Spilled: forms' streams compressed
_WRITTEN: WeakKeyDictionary = WeakKeyDictionary()  # face maker -> its Written


def _shared(table: WeakKeyDictionary, maker, make):
    """What the documents of a build share, kept in `table` by its face maker: made by `make` for the first of them
    only (a Spilled opens a scratch file); a document without a maker has its own."""
    if maker is None:
        return make()
    found = table.get(maker)
    if found is None:
        found = table[maker] = make()
    return found


class Written:
    """Face number -> how a PDF of the build wrote the face's form (see _plain_form): ((preamble, names of what it
    places), the place of its stream, compressed, in the build's Spilled file, the forms it places, its fonts). A
    build keeps one a face, as the number of its entry by the face's number (`numbers`, the build's): the
    entry's place, and the index of its shape (the rest, the same for many faces: the same artwork, the same
    fonts), in arrays, each shape kept once (some 20 bytes a face, against some 170 as a tuple and a Spooled
    object, and 100 more as the face's key and a dict's entry)."""

    def __init__(self, numbers: FaceNumbers):
        self.numbers = numbers
        self.entries = ByNumber()  # a face's number -> the number of its entry
        self.shapes: list = []  # each (placing, used, fonts) once
        self.alike: dict = {}  # a shape -> its index in `shapes`
        self.shape = Mapped(NUMBER)  # an entry's shape, by its number
        self.places = Mapped(PLACE)  # an entry's place (a Spooled), by its number

    def add(self, number: int, placing: tuple, place: Spooled, used: list, fonts: list) -> None:
        """How the face numbered `number` (in `numbers`) was written."""
        shape = (placing, tuple(used), tuple(fonts))
        index = self.alike.get(shape)
        if index is None:
            index = self.alike[shape] = len(self.shapes)
            self.shapes.append(shape)
        self.entries[number] = len(self.places)
        self.shape.append(index)
        self.places.append(place)

    def get(self, number: int, default=None):
        entry = self.entries.get(number)
        return default if entry is None else self._entry(entry)

    def __len__(self) -> int:
        return len(self.entries)

    def values(self) -> list:
        return [self._entry(entry) for entry in self.entries.kept if entry >= 0]

    def _entry(self, entry: int) -> tuple:
        placing, used, fonts = self.shapes[self.shape[entry]]
        return placing, Spooled.at(self.places[entry]), used, fonts


def _ascii_fonts(drawing) -> list | None:
    """The fonts a drawing sets text in, in the order it first does, when all its text is printable ASCII
    (written alike in every PDF); else None."""
    fonts = []
    for item in drawing.code:
        if type(item) is not str and item[0] == "text":
            text = item[6]
            if not (text.isascii() and text.isprintable()):
                return None
            if text and item[3] not in fonts:  # (no text, no font)
                fonts.append(item[3])
    return fonts


def _stream_key(stream: bytes) -> bytes:
    """What a form's content stream is known by among the build's (`_encoded`)."""
    return hashlib.blake2b(stream, digest_size=20).digest()


class Spilled(Scratch):
    """Forms' streams compressed, kept in a scratch file of the build's, each known by its place there (a Spooled):
    on disk, so that a deck of any size is not held in memory to be copied into each of its PDFs. A face's
    stream is found by the place Written keeps; another's (artwork, a face whose text is not all printable ASCII)
    by its key (`_encoded`). (The second PDF of a build reads the faces in the order the first wrote them.)"""

    def __init__(self):
        super().__init__()
        self.places: dict[bytes, Spooled] = {}  # a stream's key (`_stream_key`) -> its place

    def get(self, key: bytes) -> bytes | None:
        place = self.places.get(key)
        return None if place is None else self.read(place)

    def __setitem__(self, key: bytes, data: bytes) -> None:
        self.places[key] = self.add(data)


def _encoded(stream: bytes, kept) -> bytes:
    """A form's content stream compressed (`_compressed`), kept in `kept` (the build's) by its `_stream_key`: the
    resources a form names are named alike in every PDF (fonts, artwork, pictures), so each is compressed once a
    build, however many of its PDFs print it."""
    key = _stream_key(stream)
    data = kept.get(key)
    if data is None:
        data = kept[key] = _compressed(stream)
    return data


def _compressed(stream: bytes) -> bytes:
    """A content stream compressed and written in ASCII85, as PDFStream.format writes it."""
    return PDFBase85Encode.encode(PDFZCompress.encode(stream)).encode("ascii")


def _plain(stream: PDFStream, doc) -> bool:
    """Whether a stream is written the same in every document: its dictionary of numbers alone, its bytes not
    encrypted."""
    return type(doc.encrypt) is NoEncryption and all(type(value) is int for value in stream.dictionary.dict.values())


STREAMS = Memo(128)  # (content, filters, dictionary) -> the stream's bytes, for the latest few plain streams: a kit's
# font subsets and character maps, some 30 KB each at most


def stream_bytes(stream: PDFStream, doc) -> bytes:
    """A plain stream (see `_plain`) as PDFStream.format writes it. The same font subsets are embedded in most
    PDFs of a kit: each is compressed once a process."""
    key = (stream.content, tuple(stream.filters or doc.defaultStreamFilters or ()),
           tuple(sorted(stream.dictionary.dict.items())))
    data = STREAMS.get(key)
    if data is None:
        data = STREAMS.keep(key, stream.format(doc))
    return data


@lru_cache(maxsize=64)
def _box(*corners) -> bytes:
    return _pdf(list(corners), None)


def _pdf(value, doc) -> bytes:
    """A value written as reportlab writes PDF objects (without its multi-line option, as pnp runs it)."""
    kind = type(value)
    if kind is dict:  # (the references in it written here, not each through another call: a page's forms)
        items = [_name(key) + (b"%d %d R" % doc.idToObjectNumberAndVersion[item.name]
                               if type(item) is PDFObjectReference else _pdf(item, doc))
                 for key, item in sorted(value.items(), key=_first)]
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


def font_bytes(doc, made) -> bytes:
    """A font subset's dictionary as PDFTrueTypeFont.format writes it."""
    entries = {name: PDFName(getattr(made, name)) for name in made.name_attributes if hasattr(made, name)}
    entries.update((name, getattr(made, name)) for name in made.local_attributes if hasattr(made, name))
    return _pdf(entries, doc)


def page_bytes(doc, page) -> bytes:
    """A page's dictionary as PDFPage.format writes it (reportlab's own check_format fills it in and numbers
    what it refers to, in the same order)."""
    entries = page_entries(doc, page)
    for key in page.__Refs__:
        if key in entries:
            entries[key] = doc.Reference(entries[key])
    return _pdf(entries, doc)


PAGE_UNUSED = ("CropBox", "Thumb", "Annots", "B", "Dur", "Hid", "AA", "PieceInfo", "LastModified", "SeparationInfo",
               "ArtBox", "TrimBox", "BleedBox", "ID", "PZ")  # a page's entries pnp's plain pages leave out
RESOURCES_UNUSED = ("ColorSpace", "ExtGState", "Pattern", "Properties", "Shading")  # their resources' likewise


def _plain_page(doc, page) -> bytes | None:
    """The dictionary of a page (its Parent and Contents left to SpooledPages) as `page_entries` gathers it and
    `_pdf` writes it, for a page of its size, turn and resources alone (fonts, procedure sets, forms), as pnp's
    pages are but a print shop's: its seven entries written at once, the page's own, the forms it places, the
    only ones looked up (a deck's PDF writes hundreds of pages); None for any other page."""
    page.check_format(doc)  # (as page_entries would)
    box, turn, trans, resources = page.MediaBox, page.Rotate, page.Trans, page.Resources
    if (type(box) is not PDFArray or box.multiline == "forced" or type(turn) is not int
            or type(trans) is not PDFDictionary or trans.multiline == "forced" or trans.dict
            or type(resources) is not PDFResourceDictionary or getattr(page, "Type", None) is not None
            or any(getattr(page, name) is not None for name in PAGE_UNUSED)
            or not all(type(corner) is float or type(corner) is int for corner in box.sequence)):
        return None
    written = _plain_page_resources(doc, resources)
    if written is None:
        return None
    return (b"<<\n/Contents %s /MediaBox %s /Parent %s /Resources %s /Rotate %s /Trans <<\n\n>> \n  /Type /Page\n>>"
            % (CONTENTS.token, _box(*box.sequence), PARENT.token, written, fp_str(turn).encode()))


def _plain_page_resources(doc, resources) -> bytes | None:
    """A plain page's resources (see _plain_page) as `_pdf` writes them: the basic fonts, the procedure sets and
    the forms the page places; None for others."""
    font, procedures, forms = resources.Font, resources.ProcSet, resources.XObject
    if (type(font) is not PDFObjectReference or type(procedures) is not list or not procedures
            or not all(type(word) is str for word in procedures)
            or any(getattr(resources, name) != {} for name in RESOURCES_UNUSED)):
        return None
    entries = b"/Font %d %d R /ProcSet %s" % (*doc.idToObjectNumberAndVersion[font.name], _words(tuple(procedures)))
    if forms == {}:  # (none placed: left out, as an empty dict is)
        return b"<<\n%s\n>>" % entries
    if type(forms) is not PDFDictionary or forms.multiline == "forced":
        return None
    return b"<<\n%s /XObject %s\n>>" % (entries, _pdf(forms.dict, doc))


@lru_cache(maxsize=16)
def _words(words: tuple) -> bytes:
    """A list of texts as `_pdf` writes it: a page's procedure sets, the same on every page."""
    return _pdf(list(words), None)


def page_entries(doc, page) -> dict:
    """A page's dictionary as PDFPage.format gathers it, filled in by reportlab's own check_format, before what
    it refers to is numbered."""
    page.check_format(doc)
    entries = {key: getattr(page, key, value) for key, value in page.__Defaults__.items()}
    entries = {key: value for key, value in entries.items() if value is not None}
    for key in page.__NoDefault__:
        value = getattr(page, key, None)
        if value is not None:
            entries[key] = value
    return entries


def _first(item: tuple):
    return item[0]


def _name(key: str) -> bytes:
    """A dictionary's key as PDF writes it, with the space after it. A face's form's name (`FormXob.face<index>`:
    thousands of them in a deck's PDF, each written once or twice) is written at once, as it is after a slash
    (PDFName escapes none of its letters), and not kept: kept, they would grow with the deck; the others, a few
    hundred at most (fonts' entries, resources, artwork), are kept (`_other_name`)."""
    if key.startswith(FACE_OBJECT):
        digits = key[FACE_PREFIX:]
        if digits.isdigit() and digits.isascii():
            return b"/" + key.encode("ascii") + b" "
    return _other_name(key)


@lru_cache(maxsize=256)
def _other_name(key: str) -> bytes:
    """A dictionary's key as PDF writes it, with the space after it: as it is, after a slash, when PDFName would
    escape none of its letters."""
    if _PLAIN_NAME(key) and _ESCAPED.isdisjoint(key):
        return b"/" + key.encode("ascii") + b" "
    return PDFName(key).encode("extpdfdoc") + b" "


_PLAIN_NAME = re.compile("[!-~]*").fullmatch  # the letters PDFName keeps, but for _ESCAPED
_ESCAPED = frozenset("%()<>{}[]#")


def _stat(path) -> tuple:
    try:
        found = os.stat(path)
    except OSError:
        return ()
    return found.st_size, found.st_mtime_ns


def end_form(c: Canvas, name: str) -> None:
    """End a form and give it the transparency states it uses: reportlab records them on the form
    (as it does for pages) but leaves them out of the form's resources, so viewers would ignore them."""
    _end_form(c, name)
    form = c._doc.idToObject[xObjectName(name)]
    if form.ExtGState:
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.basicProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        resources.ExtGState = form.ExtGState
        form.Resources = resources


_NOT_ASCII_PDF = bytes(range(0x18, 0x20))  # ASCII the PDF text encoding writes otherwise (as it does all past it)


def _stream(text: str) -> bytes:
    """A form's content encoded as reportlab's PDFFormXObject.setStreamList encodes it, in fewer steps when it is
    ASCII (each letter its own byte in both, but those of _NOT_ASCII_PDF)."""
    if text.isascii():
        data = text.encode("ascii")
        if len(data.translate(None, _NOT_ASCII_PDF)) == len(data):
            return data
    return pdfdocEnc(text)


def _end_form(c: Canvas, name: str) -> None:
    """Canvas.endForm, its content encoded as reportlab's PDFFormXObject.setStreamList encodes it (`_stream`)."""
    _, lowerx, lowery, upperx, uppery = c._formData
    form = PDFFormXObject(lowerx=lowerx, lowery=lowery, upperx=upperx, uppery=uppery)
    form.compression = c._pageCompression
    form.stream = _stream("\n".join([c._preamble] + c._code))
    c._setColorSpace(form)
    c._setExtGState(form)
    c._setXObjects(form)
    c._setAnnotations(form)
    c._doc.addForm(name, form)
    c._restartAccumulators()
    c.pop_state_stack()
