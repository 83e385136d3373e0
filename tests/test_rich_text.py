"""Rich text in a text step (pnp/typeset/markup.py, set by pnp/typeset/text.py, drawn by pnp/render/draw.py):
bold, italic, colours, sizes, new lines and icons; its mistakes reported at the card's line; a game's own fonts,
kept inside its folder, embedded and subset."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import edit, needs, run
from pdfread import drawing
from pnp.typeset.markup import MarkupError, Run, escaped, parse, recoloured
from pnp.typeset.text import ICON, SLANT, _layout

GOLDEN_FONT = Path(__file__).parent / "fixtures" / "golden" / "fonts" / "pixel.ttf"
COIN = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20" viewBox="0 0 10 20">' \
       '<rect x="0" y="0" width="10" height="20" fill="#E8B923"/></svg>'


# --- the markup ---------------------------------------------------------------------------------------------

def test_markup_gives_runs_of_one_style_each():
    assert parse("Draw **2** *now* {red 7pt}lose{/} :coin:") == (
        Run("Draw "), Run("2", bold=True), Run(" "), Run("now", italic=True), Run(" "),
        Run("lose", colour="red", size=7.0), Run(" "), Run("coin", icon=True))


def test_spans_nest_and_the_inner_one_wins():
    runs = parse("{blue}a {8pt}b{/} c{/}")
    assert runs == (Run("a ", colour="blue"), Run("b", colour="blue", size=8.0), Run(" c", colour="blue"))


def test_nested_colours_the_inner_one_wins_inside_it_and_the_outer_one_around_it():
    runs = parse("{red}outer {blue}inner words{/} rest{/} plain")
    assert runs == (Run("outer ", colour="red"), Run("inner words", colour="blue"), Run(" rest", colour="red"),
                    Run(" plain"))
    assert parse("{red 8pt}a {blue 6pt}b{/}{/}") == (Run("a ", colour="red", size=8.0),
                                                     Run("b", colour="blue", size=6.0))


def test_a_backslash_prints_a_mark_as_itself_and_backslash_n_starts_a_line():
    assert parse(r"5 \* 2 \{x\} \:coin\: a\nb") == (Run("5 * 2 {x} :coin: a\nb"),)
    text = "2 * 3 {x} :coin: \\ <b>&amp;"
    assert parse(escaped(text)) == (Run(text),)


def test_what_is_not_markup_prints_as_itself():
    for text in ("x < y & z", "<b>not bold</b>", "Time: 10:30", "N:1:2", "a: b"):
        assert parse(text) == (Run(text),)


@pytest.mark.parametrize("text,said", [
    ("**open", "the ** at character 1 is never closed"),
    ("a *b", "the * at character 3 is never closed"),
    ("{red}no end", "the {...} at character 1 is never closed"),
    ("{/} x", "{/} at character 1 closes nothing"),
    ("a } b", "a } at character 3 closes no {"),
    ("{red loud}x{/}", "expected a colour (a palette name or #rrggbb) and/or a size such as 8pt, got 'loud'"),
    ("{500pt}x{/}", "a size is from 1pt to 200pt"),
    ("ab {201pt}x{/}", "{201pt} at character 4: a size is from 1pt to 200pt"),  # each mistake at its brace
    ("ab {0.5pt}x{/}", "{0.5pt} at character 4: a size is from 1pt to 200pt"),
    ("abc {red big}x{/}", "{red big} at character 5: expected a colour"),
    ("{ }x", "sets nothing"),
    ("end \\", "a \\ ends the text"),
])
def test_markup_mistakes_say_where_and_what_was_expected(text, said):
    with pytest.raises(MarkupError) as error:
        parse(text)
    assert said in str(error.value)


# --- the layout ---------------------------------------------------------------------------------------------

def test_plain_text_is_set_as_plain_wrapping_sets_it():
    from pnp.typeset.text import font, wrap

    text = "Take 1 more at once; its own power is ignored.  Two  spaces\nand a new line"
    layout = _layout(text, "sans", 7.2, 1.2, 30.0, None, True, "top")
    assert list(layout.lines) == wrap(text, font("sans"), 7.2, 30.0 / 25.4 * 72)
    assert len(layout.baselines) == len(layout.lines)


def test_a_text_of_marks_alone_is_an_empty_line():
    for text in ("****", "{red}{/}", "**\n**"):
        layout = _layout(text, "sans", 9.0, 1.2, 20.0, 10.0, True, "top")
        assert layout.fits and all(not line for line in layout.pieces)


def test_bold_italic_colour_and_size_each_reach_their_piece():
    layout = _layout("a **b** *c* {red 6pt}d{/}", "sans", 9.0, 1.2, 60.0, None, True, "top")
    (line,) = layout.pieces
    styled = {piece.text: (piece.font, piece.italic, piece.colour, piece.size) for piece in line}
    assert styled == {"a": ("sans", False, None, 9.0), "b": ("bold", False, None, 9.0),
                      "c": ("sans", True, None, 9.0), "d": ("sans", False, "red", 6.0)}
    assert layout.smallest == 6.0


def test_an_icon_is_as_wide_as_its_height_times_its_shape_and_wraps_as_a_word():
    layout = _layout("x :coin: y", "sans", 10.0, 1.2, 60.0, None, True, "top", (("coin", 0.5),))
    icon = next(piece for piece in layout.pieces[0] if piece.icon)
    assert icon.width == pytest.approx(10.0 * ICON * 0.5 / 72 * 25.4)
    narrow = _layout("xxxxxxxx :coin:", "sans", 10.0, 1.2, 16.0, None, False, "top", (("coin", 1.0),))
    assert [[p.icon for p in line] for line in narrow.pieces] == [[False], [True]]


def test_rich_text_too_long_shrinks_every_size_in_it_alike():
    text = "**Draw** two {14pt}big{/} words " * 4
    layout = _layout(text, "sans", 10.0, 1.2, 30.0, 20.0, True, "top")
    assert layout.fits and layout.size < 10.0
    big = [piece.size for line in layout.pieces for piece in line if piece.text.startswith("big")]
    assert big and all(size == pytest.approx(14.0 * layout.size / 10.0) for size in big)


# --- built and drawn ----------------------------------------------------------------------------------------

def _deck(toy, tmp_path, label: str, *args) -> list[str]:
    edit(toy / "deck.csv", "delta,1,Delta,4,", f'delta,1,"{label}",4,')
    result = run(toy, tmp_path, "--duplex", *args)
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out" / "toy").glob("deck-*.pdf"))
    return [line for page in drawing(pdf.read_bytes()) for line in page], pdf


def _icons(toy):
    folder = toy / "artwork" / "toy" / "icons"
    folder.mkdir(parents=True)
    (folder / "coin.svg").write_text(COIN)


TEXT = re.compile(r'\s*text "(.*)" at \(([\d.]+),([\d.]+)\) (\S+) ([\d.]+)pt fill=(#\w+)')


def test_a_card_draws_each_style_in_its_font_and_colour_and_its_icon_on_the_baseline(toy, tmp_path):
    _icons(toy)
    lines, pdf = _deck(toy, tmp_path, "**Draw 2** :coin: {sea}x<y & z{/}")
    at = next(index for index, line in enumerate(lines) if '"Draw 2"' in line)
    bold, form, shape, coloured = lines[at:at + 4]
    bold_match, coloured_match = TEXT.match(bold), TEXT.match(coloured)
    assert bold_match[4] == "DejaVuSans-Bold" and bold_match[6] == "#ffffff"
    assert coloured_match[1] == "x<y & z" and coloured_match[4] == "DejaVuSans" and coloured_match[6] == "#1f5fa8"
    # the icon's form stands on the text's baseline, as tall as ICON of the size (9 pt): 20 px (15 pt) tall drawn
    placed = re.match(r"\s*form at \(([\d.]+),([\d.]+)\) scale ([\d.]+)", form)
    assert float(placed[2]) == pytest.approx(float(bold_match[3]), abs=0.01)
    assert float(placed[3]) * 15 == pytest.approx(9 * ICON, abs=0.01)
    assert "rect" in shape


def test_a_card_draws_nested_colours_the_inner_one_inside_and_the_outer_one_around(toy, tmp_path):
    lines, _ = _deck(toy, tmp_path, "{#c0392b}outer {sea}inner words{/} rest{/}")
    fills = {found[1]: found[6] for found in map(TEXT.match, lines) if found}
    assert (fills["outer"], fills["inner words"], fills["rest"]) == ("#c0392b", "#1f5fa8", "#c0392b"), fills


def test_italic_text_leans(toy, tmp_path):
    from pypdf import PdfReader

    _, pdf = _deck(toy, tmp_path, "*leaning*")
    streams = b"".join(xobject.get_data() for page in PdfReader(pdf).pages
                       for xobject in page["/Resources"]["/XObject"].values()
                       if xobject.get_object().get("/Subtype") == "/Form" for xobject in [xobject.get_object()])
    assert f"1 0 {SLANT:g} 1".replace("0.", ".").encode() in streams


@pytest.mark.parametrize("label,said", [
    ("**never closed", "the ** at character 1 is never closed"),
    ("lose a :cion:", "no icon :cion: — expected artwork/toy/icons/cion.svg (the icons there: coin)"),
    ("{teal}x{/}", "expected a colour"),
])
def test_a_mistake_in_a_cards_markup_is_reported_at_its_line(toy, tmp_path, label, said):
    _icons(toy)
    edit(toy / "deck.csv", "delta,1,Delta,4,", f'delta,1,"{label}",4,')
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "deck.csv:5" in result.output and said in result.output, result.output


def test_game_yaml_may_name_the_icons_folder_inside_the_artwork(toy, tmp_path):
    folder = toy / "artwork" / "marks"
    folder.mkdir(parents=True)
    (folder / "coin.svg").write_text(COIN)
    edit(toy / "game.yaml", "palette:\n", "icons: marks\npalette:\n")
    lines, _ = _deck(toy, tmp_path, "a :coin:")
    assert any("form at" in line and "scale" in line for line in lines)
    edit(toy / "game.yaml", "icons: marks\n", "icons: ../marks\n")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "game.yaml:4: icons: expected a folder inside artwork/" in result.output, \
        result.output


def test_a_size_set_small_inside_a_text_is_warned_of(toy, tmp_path):
    edit(toy / "deck.csv", "delta,1,Delta,4,", 'delta,1,"Big {4pt}tiny{/}",4,')
    result = run(toy, tmp_path, "--warnings-as-errors")
    assert result.exit_code != 0, result.output
    assert "deck.csv:5" in result.output and "set at 4" in result.output, result.output


def test_a_colour_inside_a_text_too_faint_on_its_ground_is_warned_of(toy, tmp_path):
    edit(toy / "game.yaml", "palette:\n", "palette:\n  pale: \"#2A67B0\"\n")  # near the card's sea blue
    edit(toy / "deck.csv", "delta,1,Delta,4,", 'delta,1,"Big {pale}faint{/}",4,')
    result = run(toy, tmp_path, "--warnings-as-errors")
    assert result.exit_code != 0, result.output
    assert "deck.csv:5" in result.output and "#2a67b0 on #1f5fa8" in result.output.lower(), result.output


# --- a game's own fonts -------------------------------------------------------------------------------------

def _own_font(toy, src: str = "fonts/pixel.ttf") -> None:
    (toy / "fonts").mkdir(exist_ok=True)
    shutil.copy(GOLDEN_FONT, toy / "fonts" / "pixel.ttf")
    edit(toy / "game.yaml", "palette:\n", f"fonts:\n  pixel: {src}\npalette:\n")
    edit(toy / "templates" / "front.yaml.j2", "- text: {text: {{ card.label", "- text: {text: \"AHOY!\", x: 3, "
         "y: 50, w: 50, size: 8, font: pixel}\n- text: {text: {{ card.label")


def test_a_games_own_font_is_set_embedded_and_subset(toy, tmp_path):
    _own_font(toy)
    lines, pdf = _deck(toy, tmp_path, "Delta")
    assert any('"AHOY!"' in line and "Pnp-Pixel" in line for line in lines)
    pdffonts = needs("pdffonts", "poppler-utils", "reading the fonts as a print shop does")
    fonts = subprocess.run([pdffonts, str(pdf)], capture_output=True, text=True, check=True).stdout
    row = next(line for line in fonts.splitlines() if "Pnp-Pixel" in line).split()
    assert re.fullmatch(r"[A-Z]{6}\+Pnp-Pixel", row[0])  # a subset: six letters and a plus before its name
    assert row[-5:-3] == ["yes", "yes"]  # embedded, subset


def test_a_letter_the_games_font_lacks_is_named_with_the_card(toy, tmp_path):
    _own_font(toy)
    edit(toy / "templates" / "front.yaml.j2", 'text: "AHOY!"', "text: {{ card.id | upper | tojson }}")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "deck.csv:2" in result.output and "the pixel font has no glyph for U+004C 'L'" in result.output


@pytest.mark.parametrize("src,said", [
    ("../pixel.ttf", "leads outside the game folder"),
    ("fonts/none.ttf", "font file not found: fonts/none.ttf"),
    ("fonts/pixel.woff", "expected a TrueType font file (.ttf)"),
    ("fonts/outside.ttf", "is a link to a file outside the game folder"),
    ("fonts/junk.ttf", "font file junk.ttf is not a TrueType font that can be read"),
])
def test_a_font_file_must_be_a_font_inside_the_game_folder(toy, tmp_path, src, said):
    _own_font(toy, src)
    shutil.copy(GOLDEN_FONT, toy.parent / "pixel.ttf")
    os.symlink(toy.parent / "pixel.ttf", toy / "fonts" / "outside.ttf")
    (toy / "fonts" / "junk.ttf").write_text("not a font")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "game.yaml:5: fonts.pixel" in result.output and said in result.output, result.output


def test_an_opentype_font_with_postscript_outlines_is_refused_by_name(toy, tmp_path):
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "space"])
    builder.setupCharacterMap({32: "space"})
    pen = T2CharStringPen(500, None)
    builder.setupCFF("Cff", {"FullName": "Cff"}, {".notdef": pen.getCharString(), "space": pen.getCharString()},
                     {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "space": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Cff", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    (toy / "fonts").mkdir()
    builder.save(str(toy / "fonts" / "cff.otf"))
    edit(toy / "game.yaml", "palette:\n", "fonts:\n  cff: fonts/cff.otf\npalette:\n")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "cff.otf is an OpenType font with PostScript (CFF) outlines" in result.output, result.output


def test_bold_in_a_font_without_one_is_a_mistake_and_a_bold_of_its_own_is_used(toy, tmp_path):
    _own_font(toy)
    edit(toy / "templates" / "front.yaml.j2", 'text: "AHOY!"', 'text: "A **HOY**"')
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "name one as pixel-bold under fonts in game.yaml" in result.output
    edit(toy / "game.yaml", "  pixel: fonts/pixel.ttf\n", "  pixel: fonts/pixel.ttf\n  pixel-bold: fonts/pixel.ttf\n")
    result = run(toy, tmp_path)
    assert result.exit_code == 0, result.output



def _embedded_units(pdf: Path) -> set:
    """The units per em of the embedded fonts the PDF sets `AHOY!` in (the game's own font, in the toy's
    cards: `_own_font`), read from the font programs themselves."""
    import io

    from fontTools.ttLib import TTFont
    from pypdf import PdfReader

    found, seen = set(), set()

    def walk(resources, code: bytes) -> None:
        resources = resources.get_object() if resources is not None else {}
        fonts = resources.get("/Font") or {}
        for name in re.findall(rb"(/[^\s/]+) [\d.]+ Tf [^\n]*\(AHOY!\) Tj", code):
            program = fonts[name.decode()].get_object()["/FontDescriptor"].get_object()["/FontFile2"]
            found.add(TTFont(io.BytesIO(program.get_object().get_data()))["head"].unitsPerEm)
        for inner in (resources.get("/XObject") or {}).values():
            if inner.idnum not in seen:
                seen.add(inner.idnum)
                form = inner.get_object()
                if form.get("/Subtype") == "/Form":
                    walk(form.get("/Resources"), form.get_data())

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"), page.get_contents().get_data() if page.get_contents() else b"")
    return found


def test_a_font_file_replaced_under_the_same_name_is_embedded_by_the_next_build(toy, tmp_path, monkeypatch):
    """The cache keeps what each face drew, naming the font by its contents: a font file replaced by another
    under the same name makes every face that may set it again, in the same process (as `pnp watch` builds)
    and in a new one (as the next `pnp build`), with no error."""
    import sys

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _own_font(toy)
    pdf = tmp_path / "out" / "toy" / "deck-a4-duplex.pdf"
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output
    assert _embedded_units(pdf) == {1000}  # the pixel font's
    shutil.copy(Path(__file__).parent.parent / "pnp" / "fonts" / "DejaVuSans.ttf", toy / "fonts" / "pixel.ttf")
    result = run(toy, tmp_path, "--duplex")  # in this process, the old font still registered
    assert result.exit_code == 0, result.output
    assert _embedded_units(pdf) == {2048}  # DejaVu Sans's
    shutil.copy(GOLDEN_FONT, toy / "fonts" / "pixel.ttf")
    run(toy, tmp_path, "--duplex")  # the pixel font again, its faces cached again
    shutil.copy(Path(__file__).parent.parent / "pnp" / "fonts" / "DejaVuSans.ttf", toy / "fonts" / "pixel.ttf")
    fresh = subprocess.run([sys.executable, "-m", "pnp", "build", str(toy), "--duplex", "--out",
                            str(tmp_path / "out")], capture_output=True, text=True,
                           env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert fresh.returncode == 0, fresh.stderr
    assert "internal error" not in fresh.stderr and _embedded_units(pdf) == {2048}


def test_another_version_of_a_games_font_is_embedded_not_the_one_it_replaced(toy, tmp_path, monkeypatch):
    """A font file replaced by another version of the same font (its name inside alike, its contents not) is
    embedded as it is now, though the process set text in the old version before (as `pnp watch` does)."""
    from fontTools.ttLib import TTFont

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _own_font(toy)
    pdf = tmp_path / "out" / "toy" / "deck-a4-duplex.pdf"
    assert run(toy, tmp_path, "--duplex").exit_code == 0 and _embedded_units(pdf) == {1000}
    version = TTFont(GOLDEN_FONT)
    version["head"].unitsPerEm = 1024  # its letters a little larger: another version, named as the first
    version.save(str(toy / "fonts" / "pixel.ttf"))
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output
    assert _embedded_units(pdf) == {1024}


def test_pnp_watch_embeds_a_font_file_replaced_while_it_watches(toy, tmp_path, monkeypatch):
    from fontTools.ttLib import TTFont

    from pnp.build.watch import Session

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _own_font(toy)
    session = Session(str(toy), {}, tmp_path / "out")
    pdf = tmp_path / "out" / "toy" / "deck-a4-duplex.pdf"
    assert session.build()["ok"] and _embedded_units(pdf) == {1000}
    version = TTFont(GOLDEN_FONT)
    version["head"].unitsPerEm = 1024
    version.save(str(toy / "fonts" / "pixel.ttf"))  # (as the watch would see it saved)
    built = session.build()
    assert built["ok"], built["problems"]
    assert _embedded_units(pdf) == {1024}


def test_a_font_file_over_the_cap_is_refused_at_its_line_unread(toy, tmp_path, monkeypatch):
    from pnp.read.games import MAX_FONT_BYTES

    _own_font(toy)
    with open(toy / "fonts" / "pixel.ttf", "r+b") as stream:  # sparse: no disk is used
        stream.truncate(MAX_FONT_BYTES + 1)
    read = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda path: read.append(path.name) or real(path))
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "game.yaml:5: fonts.pixel: fonts/pixel.ttf is too large for a font" in result.output, result.output
    assert f"at most {MAX_FONT_BYTES >> 20} MB" in result.output
    assert "pixel.ttf" not in read  # refused by its size, never read


def test_every_colour_set_inside_a_text_can_be_changed_and_nothing_else():
    """The low-ink build recolours a text's inline colours as it recolours the text (pnp/render/ink.py): each
    colour word of a {...} changes, sizes, escaped braces and the words between stay as written."""
    text = r"**Draw 2** {sand 7pt}one{/} {#C0392B}two{/} \{red\} {8pt}three{/}"
    assert recoloured(text, lambda colour: f"[{colour}]") == \
        r"**Draw 2** {[sand] 7pt}one{/} {[#C0392B]}two{/} \{red\} {8pt}three{/}"
    assert recoloured("plain words", str.upper) == "plain words"
