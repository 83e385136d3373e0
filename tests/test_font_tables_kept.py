"""What reportlab reads from a font's tables is kept in the build's cache and the font made again from it, the
same font under the name asked for, without reading its tables again, and embedded in a PDF as the font read from its
file; the tables are kept under the file's size, time and the digest of its contents, and read from the file again
when what is kept is another version's (or when marshal cannot write them); a font with PostScript outlines is
refused saying what to use instead. The fonts pnp ships are made from the tables shipped beside them, when this
reportlab read them."""
from __future__ import annotations

import importlib.util
import marshal
import shutil
from pathlib import Path

import pytest

from pnp import resources
from pnp.typeset import text

pytestmark = pytest.mark.quick


class Store:
    """A cache as the build keeps one (pnp/write/cache.py): values by kind and key."""

    def __init__(self):
        self.kept: dict = {}
        self.found = 0

    def fetch(self, kind: str, key: str):
        value = self.kept.get((kind, key))
        self.found += value is not None
        return value

    def keep(self, kind: str, key: str, value: bytes) -> None:
        self.kept[kind, key] = value


def test_a_font_is_made_again_from_the_tables_the_cache_keeps(tmp_path, monkeypatch):
    path = tmp_path / "sans.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    store = Store()
    monkeypatch.setattr(text, "TABLES", [store])
    first = text.truetype("pnp-first", path)
    read = []
    monkeypatch.setattr(text.KitFont, "__init__", lambda font, *args: read.append(args))  # no tables read again
    again = text.truetype("pnp-again", path)
    assert store.found == 1 and not read and len(store.kept) == 1
    assert again.fontName == "pnp-again" and again.face._ttf_data == path.read_bytes()
    assert again.face.charWidths == first.face.charWidths and again.face.name == first.face.name
    assert again.face._pdfScale(2048) == first.face._pdfScale(2048)  # font units to a PDF's thousandths
    assert again.stringWidth("Île de la Tortue", 10) == first.stringWidth("Île de la Tortue", 10) > 0


def test_a_font_with_postscript_outlines_is_refused_saying_to_use_its_truetype_version(tmp_path):
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "space"])
    builder.setupCharacterMap({32: "space"})
    pen = T2CharStringPen(500, None)
    builder.setupCFF("Cff", {"FullName": "Cff"}, {".notdef": pen.getCharString(), "space": pen.getCharString()}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "space": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Cff", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(tmp_path / "cff.otf"))
    with pytest.raises(ValueError) as refused:
        text.game_font("cff", tmp_path / "cff.otf")
    assert str(refused.value) == ("is an OpenType font with PostScript (CFF) outlines, which cannot be embedded here: "
                                  "use its TrueType version (.ttf)")


def test_a_fonts_tables_are_kept_under_its_file_size_time_and_contents_digest(tmp_path, monkeypatch):
    path = tmp_path / "sans.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    monkeypatch.setattr(text, "TABLES", [])  # (the process's own list untouched)
    store = Store()
    text.keep_tables_in(store)
    assert text.TABLES == [store]
    text.truetype("pnp-pixel@0123456789ab", path)
    stat = path.stat()
    assert list(store.kept) == [("font", f"sans.ttf|{stat.st_size}|{stat.st_mtime_ns}|0123456789ab")]


def test_without_a_cache_a_font_is_read_from_its_file(tmp_path, monkeypatch):
    path = tmp_path / "sans.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    monkeypatch.setattr(text, "TABLES", [])
    made = text.truetype("pnp-plain", path)
    assert isinstance(made, text.KitFont) and made.fontName == "pnp-plain"
    assert made.face._ttf_data == path.read_bytes()


@pytest.mark.parametrize("kept", [b"", b"garbage", marshal.dumps(1), marshal.dumps(({}, {}))],
                         ids=["empty", "not marshal's", "no parts", "a part missing"])
def test_tables_kept_by_another_version_are_read_again_from_the_file(tmp_path, monkeypatch, kept):
    path = tmp_path / "sans.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    store = Store()
    monkeypatch.setattr(text, "TABLES", [store])
    stat = path.stat()
    key = ("font", f"sans.ttf|{stat.st_size}|{stat.st_mtime_ns}|")
    store.kept[key] = kept
    made = text.truetype("pnp-again", path)
    assert made.fontName == "pnp-again" and made.stringWidth("Ahoy", 10) == text._text_width("Ahoy", "sans", 10)
    own, plain, names = marshal.loads(store.kept[key])  # kept again, as this version reads them
    assert own["fontName"] == "pnp-again" and plain["unitsPerEm"] == 2048 and names["name"] == b"DejaVuSans"


class Unwritable(Store):
    """A cache that cannot keep what it is given, as marshal cannot write a value of a type it does not know."""

    def keep(self, kind: str, key: str, value: bytes) -> None:
        raise ValueError("unmarshallable object")


def test_a_font_whose_tables_marshal_cannot_write_is_still_made(tmp_path, monkeypatch):
    path = tmp_path / "sans.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    store = Unwritable()
    monkeypatch.setattr(text, "TABLES", [store])
    made = text.truetype("pnp-unkept", path)
    assert made.fontName == "pnp-unkept" and made.face.unitsPerEm == 2048 and not store.kept


@pytest.mark.parametrize("made_again", ["from the cache", "from the shipped tables"])
def test_a_font_made_again_is_embedded_in_a_pdf_as_the_font_read_from_its_file(tmp_path, monkeypatch, made_again):
    import io
    import re

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "sans.ttf"
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", path)
    monkeypatch.setattr(text, "TABLES", [Store()])
    if made_again == "from the shipped tables":  # (as if the copy were the shipped font)
        tables = {path.name: marshal.dumps(shipped_tables()["DejaVuSans.ttf"])}
        monkeypatch.setattr(text, "_shipped", lambda: tables)
        monkeypatch.setattr(resources, "FONTS", tmp_path)
    embedded = []
    for name in ("pnp-read", "pnp-remade"):  # read from its file, then made again from what is kept
        if name == "pnp-read":
            made = text.KitFont(name, str(path))
        else:
            made = text.truetype(name, path)
        monkeypatch.setitem(pdfmetrics._fonts, name, made)  # (as registered, without sharing a face)
        canvas = Canvas(io.BytesIO(), pageCompression=0)
        canvas.setFont(name, 9)
        canvas.drawString(10, 10, "Île de la Tortue")
        data = canvas.getpdfdata()
        inside = text.resource_name(name).encode()
        assert re.findall(rb"/(\w+)\+0 9 Tf", data) == [inside] and b"/BaseFont /AAAAAA+DejaVuSans" in data
        streams = re.findall(rb"stream\r?\n(.*?)endstream", data, re.S)
        embedded.append([stream.replace(inside, b"F") for stream in streams])
    assert embedded[0] == embedded[1]  # the page's text, the font program and its tables, byte for byte


def shipped_tables() -> dict:
    """tools/font_tables.py's tables of the fonts pnp ships, as this reportlab reads them."""
    spec = importlib.util.spec_from_file_location("font_tables", Path(__file__).parent.parent / "tools" /
                                                  "font_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.shipped_tables()


def test_the_shipped_tables_are_what_this_reportlab_reads_from_the_shipped_fonts_or_are_not_used(tmp_path):
    shipped = text._shipped()
    copy = tmp_path / "DejaVuSans.ttf"  # (what is kept holds no folder: the package may be anywhere)
    shutil.copy(resources.FONTS / copy.name, copy)
    assert text.tables(text.KitFont("pnp-sans", str(copy))) == shipped_tables()[copy.name][1:]
    if text.tables_reader() == marshal.loads(text.SHIPPED_TABLES.read_bytes())[0]:
        assert {file: marshal.loads(kept) for file, kept in shipped.items()} == shipped_tables(), \
            "the shipped fonts' tables are out of date: python tools/font_tables.py"
    else:  # another reportlab: its fonts are read from their files (and kept in the cache)
        assert shipped == {}


def test_a_shipped_font_is_made_from_the_shipped_tables_without_reading_its_file(monkeypatch):
    tables = {file: marshal.dumps(kept) for file, kept in shipped_tables().items()}
    monkeypatch.setattr(text, "_shipped", lambda: tables)
    read = []
    made_first = text.KitFont("pnp-read", str(resources.FONTS / "DejaVuSans.ttf"))
    monkeypatch.setattr(text.KitFont, "__init__", lambda font, *args: read.append(args))
    monkeypatch.setattr(text, "TABLES", [Store()])
    made = text.truetype("pnp-shipped", resources.FONTS / "DejaVuSans.ttf")
    assert not read and text.TABLES[0].kept == {}  # neither read from the file nor kept in the cache
    assert made.fontName == "pnp-shipped" and made.face._ttf_data == (resources.FONTS / "DejaVuSans.ttf").read_bytes()
    assert made.face.filename == str(resources.FONTS / "DejaVuSans.ttf")
    assert made.stringWidth("Île de la Tortue", 10) == made_first.stringWidth("Île de la Tortue", 10) > 0


def test_each_shipped_font_is_made_from_its_own_tables_alone_without_what_reportlab_reads_by(monkeypatch):
    shipped = text._shipped.__wrapped__()
    assert set(shipped) == set(text.FONT_FILES.values())
    own = {"DejaVuSans.ttf": shipped["DejaVuSans.ttf"]}  # (the others' tables not to be had)
    monkeypatch.setattr(text, "_shipped", lambda: {**dict.fromkeys(shipped, b""), **own})
    read = []
    monkeypatch.setattr(text.KitFont, "__init__", lambda font, *args: read.append(args))
    monkeypatch.setattr(text, "TABLES", [Store()])
    made = text.truetype("pnp-alone", resources.FONTS / "DejaVuSans.ttf")
    assert not read and made.stringWidth("Ahoy", 10) == text._text_width("Ahoy", "sans", 10)
    assert not hasattr(made.face, "glyphToChar") and made.face.charToGlyph[ord("A")] > 0


@pytest.mark.parametrize("shipped", ["another reader", "another size", "unreadable", "one font unreadable"])
def test_shipped_tables_that_may_not_be_the_fonts_are_not_used(tmp_path, monkeypatch, shipped):
    tables = shipped_tables()
    if shipped == "another reader":
        monkeypatch.setattr(text, "SHIPPED_TABLES", tmp_path / "tables.marshal")
        text.SHIPPED_TABLES.write_bytes(marshal.dumps(("reportlab 0.1", {file: marshal.dumps(kept)
                                                                          for file, kept in tables.items()})))
        monkeypatch.setattr(text, "_shipped", text._shipped.__wrapped__)
    elif shipped == "another size":
        size, *read = tables["DejaVuSans.ttf"]
        monkeypatch.setattr(text, "_shipped", lambda: {"DejaVuSans.ttf": marshal.dumps((size + 1, *read))})
    elif shipped == "one font unreadable":
        monkeypatch.setattr(text, "_shipped", lambda: {"DejaVuSans.ttf": b"not marshal's"})
    else:
        monkeypatch.setattr(text, "SHIPPED_TABLES", tmp_path / "tables.marshal")
        text.SHIPPED_TABLES.write_bytes(b"not marshal's")
        monkeypatch.setattr(text, "_shipped", text._shipped.__wrapped__)
    store = Store()
    monkeypatch.setattr(text, "TABLES", [store])
    made = text.truetype("pnp-read", resources.FONTS / "DejaVuSans.ttf")
    assert len(store.kept) == 1  # read from the file, and kept
    assert made.stringWidth("Ahoy", 10) == text._text_width("Ahoy", "sans", 10)
