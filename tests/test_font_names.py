"""How pnp/typeset/text.py names the fonts it registers and says what they lack: a game's own font keyed by its name
and contents, a face keeping its own name when it is new and named apart from a face of another file registered
under that name before, the name a PDF gives each font and its subsets, each subset made once, the characters a
font cannot print named as a message names them, and a text that does not fit said with its box."""
from __future__ import annotations

import hashlib
import io
import re
import shutil
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.typeset.text import (GAME_FONTS, _kept, _missing, font, game_font, glyph_names, overflow, resource_name,
                              shown_font)

pytestmark = pytest.mark.quick

PIXEL = Path(__file__).parent / "fixtures" / "golden" / "fonts" / "pixel.ttf"  # lacks lower case, and L


def digest(text: str, size: int) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=size).hexdigest()


def test_a_fonts_name_in_a_pdf_is_f_and_its_own_name_or_a_digest_of_a_key_that_is_no_pdf_name():
    assert resource_name("pnp-sans") == "Fsans"
    assert resource_name("pnp-title") == "Ftitle"
    assert resource_name("pnp-pixel@06617310b7cd") == "F" + digest("pnp-pixel@06617310b7cd", 6)
    assert resource_name("pnp-île") == "F" + digest("pnp-île", 6)  # letters, but not ASCII ones
    assert len(resource_name("pnp-a b")) == 1 + 12


def test_a_games_font_is_keyed_by_its_name_and_contents_and_shown_by_its_name(tmp_path):
    path = tmp_path / "pixel.ttf"
    shutil.copy(PIXEL, path)
    key = game_font("pixel", path)
    assert key == "pixel@" + hashlib.sha256(PIXEL.read_bytes()).hexdigest()[:12]
    assert GAME_FONTS[key] == path and font(key) == f"pnp-{key}"
    assert pdfmetrics.getFont(f"pnp-{key}").face._ttf_data == PIXEL.read_bytes()
    assert shown_font(key) == "pixel" and shown_font("sans") == "sans"


def test_a_file_that_is_no_font_is_refused_and_forgotten(tmp_path):
    path = tmp_path / "junk.ttf"
    path.write_bytes(b"not a font at all")
    with pytest.raises(ValueError) as refused:
        game_font("junk", path)
    assert str(refused.value) == "is not a TrueType font that can be read"
    assert not [key for key in GAME_FONTS if key.startswith("junk@")]


def pixel_named_anew(path: Path) -> bytes:
    """Write the pixel font to `path` with a face name no font of this process has (reportlab registers a font's
    name once and keeps the first, so that each run of a test registers its own); the face's name, as registered."""
    new = "Pnp " + uuid.uuid4().hex[:5].upper()  # as long as "Pnp Pixel"
    path.write_bytes(PIXEL.read_bytes().replace(b"Pnp Pixel", new.encode("ascii"))
                     .replace("Pnp Pixel".encode("utf-16-be"), new.encode("utf-16-be")))
    return new.replace(" ", "-").encode("ascii")


def test_a_face_of_a_name_no_font_had_before_keeps_its_name(tmp_path):
    face = pixel_named_anew(tmp_path / "new.ttf")
    assert bytes(pdfmetrics.getFont(font(game_font("new", tmp_path / "new.ttf"))).face.name) == face


def test_a_face_of_another_file_is_named_apart_and_one_of_the_same_file_shares_its_name(tmp_path):
    first, same, other = tmp_path / "first.ttf", tmp_path / "same.ttf", tmp_path / "other.ttf"
    face = pixel_named_anew(first)
    shutil.copy(first, same)
    other.write_bytes(first.read_bytes() + b"\0\0\0\0")  # the same tables, other bytes: another version
    named = {key: bytes(pdfmetrics.getFont(font(key)).face.name)
             for key in (game_font("pixel", first), game_font("copy", same), game_font("pixel", other))}
    (pixel, copy, version) = named
    assert named[pixel] == named[copy] == face
    assert named[version] == face + b"-" + digest(f"pnp-{version}", 4).encode()


def test_a_pdf_names_each_fonts_subsets_after_the_font():
    canvas = Canvas(io.BytesIO(), pageCompression=0)
    key = game_font("pixel", PIXEL)
    for name, words in ((font("title"), "Ahoy"), (font(key), "AHOY")):
        canvas.setFont(name, 9)
        canvas.drawString(10, 10, words)
    data = canvas.getpdfdata()
    inside = resource_name(font(key))
    assert re.findall(rb"/(F\w+)\+0 9 Tf", data) == [b"Ftitle", inside.encode()]
    assert canvas._doc.fontMapping[font("title")] == "/Ftitle"
    embedded = bytes(pdfmetrics.getFont(font(key)).face.name)  # Pnp-Pixel, unless named apart from another
    assert re.findall(rb"/BaseFont /[A-Z]{6}\+(\S+)", data) == [b"DejaVuSerif-Bold", embedded]


def test_each_subset_of_a_font_is_made_once():
    made = []
    make = _kept(lambda characters: made.append(characters) or f"subset of {characters}")
    assert make([65, 66]) == "subset of [65, 66]"
    assert make((65, 66)) == "subset of [65, 66]"
    assert make([67]) == "subset of [67]"
    assert made == [[65, 66], [67]]


def test_the_characters_a_font_lacks_are_each_named_once_in_order_and_a_new_line_or_tab_is_none():
    key = game_font("pixel", PIXEL)
    assert _missing("HOLLA\thi!X\n", key) == "LXhi"
    assert _missing("AHOY", key) == ""
    assert _missing("☠ and ☃", "sans") == ""
    assert glyph_names(_missing("🏴 🏳", "sans")) == "U+1F3F3 '🏳', U+1F3F4 '🏴'"
    assert glyph_names("L") == "U+004C 'L'"


def test_a_text_that_does_not_fit_is_quoted_with_its_box_and_what_to_do():
    said = overflow({"text": "Draw two", "w": 40, "h": 10, "fit": True}, SimpleNamespace(size=6.0))
    assert said == "text 'Draw two' does not fit its box (40 × 10 mm) even at 6 pt: shorten it or give it more room"
