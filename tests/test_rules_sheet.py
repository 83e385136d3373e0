"""The players' rules sheet: every game has one, on one or two pages, in plain words, with its components."""
import random
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from pdfread import page_texts
from pnp.build.stages import lay_out
from pnp.cli import cli
from pnp.layout.imposition import Settings
from pnp.layout.rulesheet import pages_of, parse, set_lines
from pnp.model.paper import PAPERS
from pnp.build.stages import read_kit as load_game  # (the game as the build prints it: its texts stated)
from pnp.read.games import game_slugs

TOY = Path(__file__).parent / "fixtures" / "toy"


def rules_part(game, paper="a4", fold=False):
    parts = lay_out(game, Settings(paper=PAPERS[paper], fold=fold))
    return next(part for part in parts if part.component.kind == "rules")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("slug", game_slugs())
def test_every_game_has_a_players_rules_sheet_on_one_or_two_pages(slug, paper):
    game = load_game(slug)
    part = rules_part(game, paper)
    assert 1 <= len(part.pages) <= 2
    steps = [step for page in part.pages for step in page.placed[0][1].steps]
    # a picture of every other component the kit holds
    pictured = [values["face"] for name, values in steps if name == "picture"]
    assert len(pictured) == len(game.components) - 1
    text = " ".join(values["text"] for name, values in steps if name == "text")
    assert all(values["size"] >= 6 for name, values in steps if name == "text")
    # written for players: the checker's rule codes and numbering stay in RULES.md
    assert not re.search(r"\b[A-Z]{2}-[A-Z]+", text) and "CHOICE" not in text
    source = (game.folder / part.component.options["text"]).read_text()
    for heading in re.findall(r"^## (.+)$", source, flags=re.M):
        assert heading in text


def test_the_rules_sheet_is_its_own_pdf_and_comes_first_in_the_kit(tmp_path):
    result = CliRunner().invoke(cli, ["build", "cannon-dice", "--duplex", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    first = page_texts(tmp_path / "cannon-dice" / "rules-a4-duplex.pdf")[0]
    assert first.startswith("Cannon Dice") and "Setting up" in first and "Scoring" in first
    kit = page_texts(tmp_path / "cannon-dice" / "cannon-dice-kit-a4-duplex.pdf")
    assert "· How to play · rules · page 2 of" in kit[1]  # the contents' back
    assert "How to play" in kit[0]  # listed on the contents page


def long_rules(folder: Path, paragraphs: int) -> None:
    text = (folder / "how-to-play.md").read_text()
    filler = "\n\n".join(f"## Part {i}\n\n" + "Every player does a thing on each turn, then another. " * 12
                         for i in range(paragraphs))
    (folder / "how-to-play.md").write_text(text + "\n" + filler + "\n")


def test_a_two_page_rules_sheet_prints_back_to_back_in_the_duplex_kit(tmp_path):
    folder = tmp_path / "toy"
    shutil.copytree(TOY, folder)
    long_rules(folder, 12)
    part = rules_part(load_game(str(folder)))
    assert len(part.pages) == 2 and not part.pages[0].reverse and part.pages[1].reverse
    result = CliRunner().invoke(cli, ["build", str(folder), "--duplex", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    texts = page_texts(tmp_path / "out" / "toy" / "toy-kit-a4-duplex.pdf")
    rules = [number for number, text in enumerate(texts, start=1) if "· rules ·" in text]
    assert len(rules) == 2 and rules[0] % 2 == 1 and rules[1] == rules[0] + 1


def test_rules_too_long_for_two_pages_are_a_data_error(tmp_path):
    folder = tmp_path / "toy"
    shutil.copytree(TOY, folder)
    long_rules(folder, 20)
    result = CliRunner().invoke(cli, ["build", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "game.yaml" in result.output
    assert "the rules in how-to-play.md run to 3 pages of a4 paper; a rules sheet holds 2" in result.output


def test_the_markdown_a_rules_text_may_use():
    title, blocks = parse("# Game\n\nIntro **bold** and *italic* text\ngoes on.\n\n![Box](components)\n\n"
                          "## Set up\n- one\n  more\n  - inner\n\n3. third\n4. fourth\n\n"
                          "| Card | Worth |\n|---|---|\n| Ruby | **5** |\n")
    assert title == "Game"
    assert [(b.kind, b.text, b.marker, b.depth) for b in blocks] == [
        ("para", "Intro **bold** and *italic* text goes on.", "", 0), ("picture", "Box", "", 0),
        ("heading", "Set up", "", 0), ("bullet", "one more", "•", 1), ("bullet", "inner", "•", 2),
        ("number", "third", "3.", 1), ("number", "fourth", "4.", 1), ("table", "", "", 0)]
    assert blocks[-1].rows == (("Card", "Worth"), ("Ruby", "**5**"))


def test_a_rules_text_is_parsed_once_and_anew_when_it_or_its_icons_change():
    text = "Take a :coin:.\n"
    assert parse(text) is parse(text)  # (kept: the same text set again, in another variant or size)
    assert parse(text)[1][0].text == r"Take a \:coin\:."
    assert parse(text, frozenset({"coin"}))[1][0].text == "Take a :coin:."
    assert parse("Take two :coin:.\n", frozenset({"coin"}))[1][0].text == "Take two :coin:."


def test_a_rules_text_prints_its_other_characters_as_written():
    _, blocks = parse("Roll 2 * 3 {dice} at 10:30 :anchor: <b>&amp; `x*y`\n")
    (block,) = blocks
    assert [(text, face) for line in set_lines(block.text, 200, 9) for _, text, face in line] == [
        (r"Roll 2 \* 3 \{dice\} at 10\:30 \:anchor\: <b>& x\*y", "sans")]


def test_bold_and_italic_runs_are_set_in_their_fonts_one_after_another():
    [line] = set_lines("a **b** *c* d", 100, 9)
    assert [(text, face) for _, text, face in line] == [("a", "sans"), ("b", "bold"), ("*c*", "sans"), ("d", "sans")]
    assert 0 == line[0][0] < line[1][0] < line[2][0] < line[3][0]  # each run after the one before and a space


def _printed_styles(text: str) -> list:
    """Each printed character of a rules text (white space left out) with whether it is set bold and italic, as
    the sheet sets it: its blocks' lines (`set_lines`), each run's font and markup."""
    from pnp.typeset.markup import parse as runs_of

    _, blocks = parse(text)
    return [(char, face == "bold", run.italic) for block in blocks for line in set_lines(block.text, 80, 9.6)
            for _, marked, face in line for run in runs_of(marked) for char in run.text if not char.isspace()]


def _commonmark_styles(text: str) -> list:
    """Each character CommonMark reads in a text's paragraphs (white space left out), with whether it is inside
    strong and inside emphasis (markdown-it's reading)."""
    from markdown_it import MarkdownIt

    found = []
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        strong = emphasis = 0
        for child in token.children or ():
            strong += {"strong_open": 1, "strong_close": -1}.get(child.type, 0)
            emphasis += {"em_open": 1, "em_close": -1}.get(child.type, 0)
            if child.type in ("text", "code_inline", "html_inline"):
                found += [(char, strong > 0, emphasis > 0) for char in child.content if not char.isspace()]
    return found


@pytest.mark.parametrize("text", ["say **stop*x* at any time", "say ***stop*x* at any time", "***a* b", "*a**b*",
                                  "**a*b*c**", "*a *b* c*", "***a***", "a\\***b*** c", "**a** **b**", "*a**b**c*"])
def test_bold_and_emphasis_left_open_or_nested_print_as_commonmark_reads_them(text):
    """A rules text's stars never make a markup mistake (a MarkupError from the rules sheet was an internal
    error): each character prints bold or italic as CommonMark reads it, stars it reads as text printed."""
    assert _printed_styles(text) == _commonmark_styles(text)
    pages_of(f"# T\n\n{text}\n", (190.0, 250.0), "", [], "T")


def test_a_tables_head_is_bold_whatever_bold_or_italic_it_holds():
    [page] = pages_of("# T\n\n| **Card** | *Worth* | Kind |\n|---|---|---|\n| Ruby | **5** | gem |\n",
                      (190.0, 250.0), "", [], "T")
    set_in = {values["text"]: values["font"] for name, values in page if name == "text"}
    assert set_in["Card"] == set_in["*Worth*"] == set_in["Kind"] == "bold"
    assert set_in["Ruby"] == "sans" and set_in["5"] == "bold"


def test_any_stars_in_a_rules_text_print_as_commonmark_reads_them():
    rng = random.Random(7)
    pieces = ["*", "**", "***", "a", "b", " ", "_", "\\", "`", "x y", "\n"]
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        assert _printed_styles(text) == _commonmark_styles(text), repr(text)


def test_a_heading_is_never_left_at_the_foot_of_a_column():
    """Pages a tenth of a millimetre taller each time, so that a column breaks at every place near a heading
    and its three-line paragraph: the heading always stands in the column of its text's first line."""
    from pnp.layout.rulesheet import pages_of

    paragraph = ("Sail in one straight line along a row, a column or a diagonal, as far as the crew allows. "
                 "Turn the bow at the end of the move, the way you mean to go.")
    assert len(set_lines(paragraph, (190.0 - 8.0) / 2, 9.6)) == 3  # three lines: never split
    text = "# Game\n\n" + (paragraph + "\n\n") * 6 + "## Winning\n\n" + paragraph + "\n"
    for tenths in range(1000, 1400):
        steps = [(number, v) for number, page in enumerate(pages_of(text, (190.0, tenths / 10), "", [], "Game"))
                 for name, v in page if name == "text"]
        heading = next(index for index, (_, v) in enumerate(steps) if v["text"] == "Winning")
        (page, v), (next_page, following) = steps[heading], steps[heading + 1]
        assert next_page == page and abs(following["x"] - v["x"]) < 1.0 and following["y"] > v["y"], \
            f"on a page {tenths / 10} mm tall, the heading ends its column"


@pytest.mark.parametrize("proof", [False, True])
def test_the_rules_sheet_pictures_the_pages_the_kit_lays_out(monkeypatch, proof):
    """Each component is laid out once a variant, the rules sheet picturing it from those pages; a proof's
    pages are not what a picture shows, so then the pictures are laid out apart."""
    from pnp.layout import kinds
    from pnp.layout import print_order as layout
    game = load_game("buried-treasure")
    settings = Settings(paper=PAPERS["a4"], proof=proof)
    calls = []
    for name, entry in list(kinds.LAYOUTS.items()):
        if entry.pages is not kinds.rules_pages:
            def counted(game, component, settings, pages=entry.pages):
                calls.append((component.id, settings.proof))
                return pages(game, component, settings)
            monkeypatch.setitem(kinds.LAYOUTS, name, replace(entry, pages=counted))
    parts = layout.parts(game, settings)
    others = [part.component.id for part in parts if part.component.kind != "rules"]
    assert sorted(calls) == sorted([(name, proof) for name in others] + [(name, False) for name in others] * proof)
    assert [part.component.id for part in parts] == list(game.components)  # in the data's order


def test_an_icon_a_card_shows_shows_in_the_rules_and_any_other_name_prints_as_written():
    from pnp.layout.rulesheet import _aspect, parse as blocks_of, set_lines

    _, [para, table] = blocks_of("Take a :coin: (`:coin:` writes it; :none: is no icon)\n\n| a | b |\n|---|---|\n"
                                 "| **:coin:** | x |\n", frozenset({"coin"}))
    assert para.text == "Take a :coin: (\\:coin\\: writes it; \\:none\\: is no icon)"
    assert table.rows[1][0] == "**:coin:**"
    wide, narrow = (set_lines("a :coin: b", 100.0, 9.6, icons={"coin": aspect}) for aspect in (2.0, 0.5))
    assert [text for _, text, _ in wide[0]] == ["a", ":coin:", "b"]  # the icon a run of its own, as markup
    assert wide[0][2][0] - narrow[0][2][0] > 2.0  # set as wide as the icon's drawing is
    assert _aspect('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 20" width="24" height="20">') == 1.2
    assert _aspect('<svg width="16" height="22">') == 16 / 22 and _aspect("<svg>") == 1.0
    assert _aspect('<svg viewBox="0 0 0.5 1">') == 0.5  # a box under a unit wide is a box all the same
    assert _aspect('<svg viewBox="0 0 0 1" width="3" height="2">') == 1.5  # an empty box: the width and height


def test_a_table_s_head_is_ruled_off_in_ink_and_each_row_under_it_by_a_thin_pale_line():
    from pnp.layout.rulesheet import INK, RULE

    [page] = pages_of("# T\n\n| Card | Worth |\n|---|---|\n| Ruby | 5 |\n| Pearl | 3 |\n", (190.0, 250.0), "", [], "T")
    rows = [(values["stroke"], values["width"]) for name, values in page if name == "line"
            and values["points"][0][1] == values["points"][1][1] and values["points"][1][0] < 190.0 / 2]
    assert rows == [(INK, 0.4), (RULE, 0.2), (RULE, 0.2)]


def test_the_picture_of_the_components_names_each_in_bold_and_counts_it_below_in_ink():
    from types import SimpleNamespace

    from pnp.layout.rulesheet import CAPTION, INK, PICTURE_HEIGHT, Picture
    from pnp.typeset.markup import escaped

    gems, map_ = SimpleNamespace(size=(20.0, 20.0)), SimpleNamespace(size=(120.0, 60.0))
    pictures = [Picture(gems, "Gems", "12 tokens"), Picture(map_, "Map", "1 board on 2 sheets")]
    [page] = pages_of("# T\n\n![What is in the box](components)\n", (190.0, 250.0), "", pictures, "T")
    drawn = [values for name, values in page if name == "picture"]
    assert [(values["face"], values["h"]) for values in drawn] == [(gems, PICTURE_HEIGHT), (map_, pytest.approx(
        ((190.0 - 8.0) / 4 - 2.0) / 2))]  # the map as wide as its half of the column allows
    texts = {values["text"]: values for name, values in page if name == "text"}
    assert texts["What is in the box"]["font"] == "bold"
    for name, count in (("Gems", "12 tokens"), ("Map", "1 board on 2 sheets")):
        assert (texts[name]["font"], texts[count]["font"]) == ("bold", "sans")
        assert texts[name]["colour"] == texts[count]["colour"] == INK and texts[name]["size"] == CAPTION
        assert texts[count]["y"] > texts[name]["y"]
    coins = SimpleNamespace(size=(20.0, 20.0))  # a name and a count holding what markup would read: printed as written
    [page] = pages_of("# T\n\n![Box](components)\n", (190.0, 250.0), "", [Picture(coins, "Coins: *gold*", "3: 5, 10")],
                      "T")
    assert [values["text"] for name, values in page if name == "text"][-2:] == [escaped("Coins: *gold*"),
                                                                                escaped("3: 5, 10")]


def test_the_rules_sheet_s_title_and_subtitle_start_at_its_left_edge_over_a_rule_across_it():
    from pnp.layout.rulesheet import TITLE
    from pnp.model.units import PT
    from pnp.typeset.text import CAP

    [page] = pages_of("# Treasure\n\nDig.\n", (190.0, 250.0), "2–4 players · 20 minutes", [], "T")
    title, subtitle, rule = page[1:4]  # after the line between the columns
    assert (title[1]["text"], title[1]["x"], title[1]["size"], title[1]["font"]) == ("Treasure", 0, TITLE, "title")
    assert (subtitle[1]["text"], subtitle[1]["x"], subtitle[1]["size"]) == ("2–4 players · 20 minutes", 0, 9.0)
    assert rule[0] == "line" and rule[1]["points"] == [[0, TITLE * CAP / PT + 9.5], [190.0, TITLE * CAP / PT + 9.5]]


def test_the_rules_set_at_their_best_size_still_show_the_game_s_icons():
    from pnp.layout.rulesheet import fewest_pages
    from pnp.layout.requests import Raw

    def shown(icons):
        [page] = fewest_pages("# T\n\nTake a :coin: now.\n", (190.0, 250.0), "", [], "T", icons)
        return [step.steps[0]["text"]["text"] if isinstance(step, Raw) else step[1]["text"] for step in page
                if isinstance(step, Raw) or step[0] == "text"][2:]  # after the title and subtitle

    assert shown({"coin": 2.0}) == ["Take a", ":coin:", "now."]  # the icon a step the render pass draws
    assert shown(None) == ["Take a \\:coin\\: now."]  # no such icon: its name printed as written


def test_a_paragraph_that_just_fits_the_rest_of_a_column_stays_there_whole():
    from pnp.layout.rulesheet import LEADING, Sheet
    from pnp.model.units import PT

    step = 9.6 * LEADING / PT
    top = Sheet((190.0, 250.0), "T", "").y
    for fits, extra in ((6, 0.0), (6, 0.5 * step)):
        sheet = Sheet((190.0, top + fits * step + extra), "T", "")
        sheet.lines([[(0.0, f"line {n}", "sans")] for n in range(fits)], 9.6)
        placed = {values["text"]: values["x"] for name, values in sheet.pages[0] if name == "text"}
        assert [placed[f"line {n}"] for n in range(fits)] == [0.0] * fits and len(sheet.pages) == 1
    sheet = Sheet((190.0, top + 6 * step), "T", "")
    sheet.lines([[(0.0, f"line {n}", "sans")] for n in range(7)], 9.6)  # one line more: two go on together
    placed = {values["text"]: values["x"] for name, values in sheet.pages[0] if name == "text"}
    assert [placed[f"line {n}"] > 0.0 for n in range(7)] == [False] * 5 + [True] * 2


def test_a_table_cell_wraps_onto_lines_a_leading_apart_its_runs_one_after_another():
    from pnp.layout.rulesheet import BODY, LEADING
    from pnp.model.units import PT

    def texts(table: str, width: float) -> list:
        [page] = pages_of(f"# T\n\n{table}", (width, 250.0), "", [], "T")
        return [(values["text"], values["x"], values["y"]) for name, values in page if name == "text"][2:]

    (worth, card, five, coins, ruby) = texts("| Worth | Card |\n|---|---|\n| **5** coins | Ruby |\n", 190.0)
    assert [text for text, _, _ in (five, coins, ruby)] == ["5", "coins", "Ruby"]
    assert five[1] == worth[1] == 0.0 and coins[2] == five[2] and five[1] + 1.0 < coins[1] < card[1] == ruby[1]
    long = "A ruby as large as a hen egg, found in the hold of a sunken ship"
    found = texts(f"| Worth | Card |\n|---|---|\n| 5 | {long} |\n", 120.0)
    cell = [entry for entry in found if entry[1] == found[1][1] and entry[2] > found[1][2]]
    assert " ".join(text for text, _, _ in cell) == long and len(cell) > 1
    assert [y2 - y1 for (_, _, y1), (_, _, y2) in zip(cell, cell[1:])] == [pytest.approx(BODY * LEADING / PT)] * (
        len(cell) - 1)


def test_a_rules_page_after_the_first_is_headed_as_continued_in_ink_over_a_rule():
    from pnp.layout.rulesheet import INK

    pages = pages_of("# Sail\n\n" + "Sail on and take the gold. " * 200 + "\n", (190.0, 120.0), "", [], "Game")
    assert len(pages) >= 2
    for page in pages[1:]:
        heading = next(values for name, values in page if name == "text")
        assert (heading["text"], heading["font"], heading["size"], heading["colour"]) == (
            "Sail\\: how to play (continued)", "bold", 9.0, INK)
        assert any(values["stroke"] == INK and values["points"][0][1] == values["points"][1][1] == 6.0
                   for name, values in page if name == "line")  # the rule under it, across the page


def test_a_table_s_columns_are_as_wide_as_their_widest_cells_and_shared_out_in_proportion_when_too_wide():
    from pnp.layout.rulesheet import BODY, CELL_PAD, COLUMN_GAP, LEADING, PARAGRAPH_GAP, _natural
    from pnp.model.units import PT

    table = "| Worth | Card | Note |\n|---|---|---|\n| 5 | Ruby |\n| 10 | Pearl of the deep sea | x |\n\nAfter.\n"

    def laid(width: float) -> tuple[dict, list]:
        [page] = pages_of(f"# T\n\n{table}", (width, 250.0), "", [], "T")
        texts = {values["text"]: (values["x"], values["y"]) for name, values in page if name == "text"}
        rules = [values["points"] for name, values in page if name == "line" and values["points"][0][1] > 16.0
                 and values["points"][0][0] < width / 2]
        return texts, rules

    texts, rules = laid(190.0)
    wants = [_natural("**Worth**", BODY) + CELL_PAD, _natural("Pearl of the deep sea", BODY) + CELL_PAD,
             _natural("**Note**", BODY) + CELL_PAD]
    assert texts["Card"][0] == texts["Ruby"][0] == texts["Pearl of the deep sea"][0] == pytest.approx(wants[0])
    assert texts["Note"][0] == texts["x"][0] == pytest.approx(wants[0] + wants[1])
    assert [round(line[1][0] - line[0][0], 6) for line in rules] == [round(sum(wants), 6)] * 3  # under each row
    step = BODY * LEADING / PT
    rows = [texts[name][1] for name in ("Worth", "5", "10")]
    assert [b - a for a, b in zip(rows, rows[1:])] == [pytest.approx(step + 0.8)] * 2  # one line and 0.8 mm a row
    assert [top - line[0][1] for top, line in zip(rows[1:], rules)] == [pytest.approx(0.5)] * 2  # each rule 0.5 mm
    # above the next row's capitals
    assert texts["After."][1] - rules[-1][0][1] == pytest.approx(texts["5"][1] - rules[0][0][1] + PARAGRAPH_GAP)
    assert [text for text, (_, y) in texts.items() if y == texts["5"][1]] == ["5", "Ruby"]  # a row of two cells

    narrow, rules = laid(90.0)
    column = (90.0 - COLUMN_GAP) / 2
    assert sum(wants) > column
    assert [line[1][0] - line[0][0] for line in rules] == [pytest.approx(column)] * len(rules)
    assert narrow["Card"][0] == pytest.approx(column * wants[0] / sum(wants))
    assert narrow["Note"][0] == pytest.approx(column * (wants[0] + wants[1]) / sum(wants))


def test_a_game_s_icons_are_its_own_svg_files_then_the_shared_artwork_s_by_name_with_their_shape_and_digest(
        tmp_path):
    import hashlib
    from types import SimpleNamespace

    from pnp.layout.rulesheet import icons_of
    from pnp.resources import resource_dir

    own = tmp_path / "artwork" / "buccaneer" / "icons"
    own.mkdir(parents=True)
    drawn = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"><circle r="3"/></svg>'
    (own / "crew.svg").write_bytes(drawn)
    (own / "two words.svg").write_bytes(drawn)  # no icon's name: a text cannot show it
    found = icons_of(SimpleNamespace(folder=tmp_path, icon_folder="buccaneer/icons"))
    assert found["crew"] == (2.0, hashlib.sha256(drawn).hexdigest())  # the game's own, before the shared one
    shared = resource_dir("artwork") / "buccaneer" / "icons" / "treasure.svg"
    assert found["treasure"][1] == hashlib.sha256(shared.read_bytes()).hexdigest()
    assert "two words" not in found and all(" " not in name for name in found)


def test_a_rules_component_prints_on_pages_of_the_kit_s_paper_its_second_on_the_back_of_its_first(monkeypatch):
    from types import SimpleNamespace

    from pnp.errors import Where
    from pnp.layout import rulesheet
    from pnp.layout.imposition import FOOTER_BAND, NoRoom, printable

    monkeypatch.setattr(rulesheet, "icons_of", lambda game: {"coin": (1.0, "d1"), "gem": (1.0, "d2")})
    game = SimpleNamespace(name="Small", players_text="2 players", credits="By A. Maker")

    def rules(text: str) -> SimpleNamespace:
        return SimpleNamespace(id="rules", options={"content": text, "text": "how-to-play.md"},
                               where=Where("small/game.yaml", 5, "rules"))

    settings = Settings(paper=PAPERS["letter"])
    text = "# Small\n\nTake a :coin:.\n\n" + "Sail on and take the gold. " * 400 + "\n"
    pages = rulesheet.rules_pages(game, rules(text), settings, [])
    area = printable(settings).inset(bottom=FOOTER_BAND)
    assert len(pages) == 2 and [page.reverse for page in pages] == [False, True]
    for page in pages:
        (slot, face), = page.placed
        assert (page.side, page.size, page.content, page.marks) == ("rules", settings.size, area, False)
        assert slot.trim == area and face.size == (area.w, area.h) and face.where.line == 5
    subtitle = [step[1]["text"] for step in pages[0].placed[0][1].steps if isinstance(step, tuple) and
                step[0] == "text"][1]
    assert subtitle == "2 players · By A. Maker"
    keys = {page.placed[0][1].key for page in pages}
    assert len(keys) == 2  # each page its own
    monkeypatch.setattr(rulesheet, "icons_of", lambda game: {"coin": (1.0, "d3"), "gem": (1.0, "d2")})
    again = rulesheet.rules_pages(game, rules(text), settings, [])
    assert {page.placed[0][1].key for page in again}.isdisjoint(keys)  # the icon it shows drawn anew
    monkeypatch.setattr(rulesheet, "icons_of", lambda game: {"coin": (1.0, "d3"), "gem": (1.0, "d4")})
    assert [page.placed[0][1].key for page in rulesheet.rules_pages(game, rules(text), settings, [])] == [
        page.placed[0][1].key for page in again]  # an icon it does not show: the same pages
    with pytest.raises(NoRoom) as raised:
        rulesheet.rules_pages(game, rules(text * 2), settings, [])
    assert "how-to-play.md" in str(raised.value) and "letter" in str(raised.value)
    assert "Print double-sided" in rulesheet.rules_advice(None, settings)
    assert "one-sided" in rulesheet.rules_advice(None, replace(settings, fold=True))


def test_the_rules_are_set_at_the_largest_size_that_takes_as_few_pages_as_any():
    from pnp.layout.rulesheet import fewest_pages

    def size(text: str) -> tuple[int, set]:
        pages = fewest_pages(f"# T\n\n{text}\n", (190.0, 150.0), "", [], "T")
        return len(pages), {values["size"] for page in pages for name, values in page
                            if name == "text" and values["text"].startswith("Sail")}

    line = "Sail on and take the gold. "
    assert size(line * 120) == (1, {9.4})  # two pages at 9.6 pt, one at 9.4
    assert size(line * 100) == (1, {9.6})
    assert size(line * 244) == (2, {9.4})  # three at 9.6, two at 9.4 and at 9.2: the larger
    assert size(line * 252) == (2, {9.2})
    assert size(line * 368 * 2)[1] == {9.6}  # as many pages at every size: the largest


def test_list_items_hang_their_markers_before_them_set_in_by_depth_and_stand_closer_than_paragraphs():
    from pnp.layout.rulesheet import BODY, HEADING, HEADING_GAP, INDENT, LEADING, PARAGRAPH_GAP
    from pnp.model.units import PT

    [page] = pages_of("# T\n\nPara one.\n\nPara two.\n\n- item a\n- item b\n   - deep\n\n3. third\n\n## Head\n\n"
                      "Para three.\n", (190.0, 250.0), "", [], "T")
    texts = [values for name, values in page if name == "text"][2:]  # after the title and subtitle
    assert [(v["text"], v["x"]) for v in texts] == [
        ("Para one.", 0.0), ("Para two.", 0.0), ("•", pytest.approx(INDENT - 7.7)), ("item a", INDENT),
        ("•", pytest.approx(INDENT - 7.7)), ("item b", INDENT), ("•", pytest.approx(2 * INDENT - 7.7)),
        ("deep", 2 * INDENT), ("3.", pytest.approx(INDENT + 1.0 - 7.7)), ("third", INDENT + 1.0), ("Head", 0.0),
        ("Para three.", 0.0)]
    markers = [v for v in texts if v["text"] in ("•", "3.")]
    assert all((v["align"], v["w"], v["font"]) == ("right", 6.0, "bold") for v in markers)  # ending 1.7 mm short
    tops = {v["text"]: v["y"] for v in texts}
    step = BODY * LEADING / PT
    assert tops["Para two."] - tops["Para one."] == pytest.approx(step + PARAGRAPH_GAP)
    assert tops["item a"] - tops["Para two."] == pytest.approx(step + PARAGRAPH_GAP)
    assert tops["item b"] - tops["item a"] == pytest.approx(step + 0.6 * PARAGRAPH_GAP)  # items closer
    assert tops["Head"] - tops["third"] == pytest.approx(step + 0.6 * PARAGRAPH_GAP + 1.5)  # a heading 1.5 mm lower
    assert tops["Para three."] - tops["Head"] == pytest.approx(HEADING * LEADING / PT + HEADING_GAP)
    assert {v["font"] for v in texts if v["text"] == "Head"} == {"title"} and tops["Head"] > tops["third"]


def test_a_thin_pale_line_parts_the_columns_of_each_page_from_under_its_heading_rule_to_its_foot():
    from pnp.layout.rulesheet import RULE, TITLE
    from pnp.model.units import PT
    from pnp.typeset.text import CAP, DESCENT

    pages = pages_of("# Sail\n\n" + "Sail on and take the gold. " * 200 + "\n", (190.0, 120.0), "", [], "Game")
    assert len(pages) >= 2
    for page, rule in zip(pages, (TITLE * CAP / PT + 9.5, 6.0)):  # the first page's rule under its title
        name, line = page[0]
        assert name == "line" and (line["stroke"], line["width"]) == (RULE, 0.2)
        assert line["points"] == [[95.0, rule + 4.0], [95.0, 120.0 - DESCENT]]


def test_only_a_first_line_heading_titles_the_rules_and_only_a_picture_of_the_components_outside_lists_is_one():
    title, blocks = parse("Intro first.\n\n# Late title\n\n- one\n\n  two\n- ![Box](components)\n\n![Map](map.png)\n\n"
                          "![Box](components)\n\n1) a\n\n# Another\n")
    assert title == ""  # a text before it: the heading is no title
    assert [(b.kind, b.text, b.marker, b.depth) for b in blocks] == [
        ("para", "Intro first.", "", 0), ("heading", "Late title", "", 0), ("bullet", "one", "•", 1),
        ("para", "two", "", 1),  # an item's later paragraph, set in as deep as the item
        ("bullet", "Box", "•", 1), ("para", "Map", "", 0), ("picture", "Box", "", 0), ("number", "a", "1.", 1),
        ("heading", "Another", "", 0)]
    title, blocks = parse("# Game\n\n# Again\n")
    assert title == "Game" and [(b.kind, b.text) for b in blocks] == [("heading", "Again")]


def test_a_line_s_runs_stand_where_the_text_layout_sets_them_after_the_column_s_edge_and_the_list_s_indent():
    from pnp.layout.rulesheet import BODY, COLUMN_GAP, INDENT

    text = "Take **5** gold *coins* now."
    column = (190.0 - COLUMN_GAP) / 2
    (line,) = set_lines(text, column, BODY)
    [page] = pages_of(f"# T\n\n{text}\n\n- {text}\n", (190.0, 250.0), "", [], "T")
    runs = [(values["text"], values["x"]) for name, values in page if name == "text"][2:]
    assert len(line) == 5 and runs[:5] == [(text, pytest.approx(dx)) for dx, text, _ in line]
    indented = set_lines(text, column - INDENT, BODY)[0]
    assert runs[6:] == [(text, pytest.approx(INDENT + dx)) for dx, text, _ in indented]  # after the bullet


def test_a_paragraph_leaves_no_single_line_at_a_column_s_foot_but_two_may_stay():
    from pnp.layout.rulesheet import LEADING, Sheet
    from pnp.model.units import PT

    step = 9.6 * LEADING / PT
    top = Sheet((190.0, 250.0), "T", "").y

    def columns(room: int, count: int) -> list[bool]:
        """Whether each of `count` lines goes on in the second column, when `room` lines are left in the first
        (of six)."""
        sheet = Sheet((190.0, top + 6 * step + 0.2 * step), "T", "")
        sheet.lines([[(0.0, f"filler {n}", "sans")] for n in range(6 - room)], 9.6)
        sheet.lines([[(0.0, f"line {n}", "sans")] for n in range(count)], 9.6)
        placed = {values["text"]: values["x"] for name, values in sheet.pages[0] if name == "text"}
        return [placed[f"line {n}"] > 0.0 for n in range(count)]

    assert columns(1, 5) == [True] * 5  # one line would stand alone: the paragraph goes on whole
    assert columns(2, 5) == [False] * 2 + [True] * 3
    assert columns(4, 5) == [False] * 3 + [True] * 2  # the last line not alone at the next column's head
    assert columns(5, 5) == [False] * 5


def test_a_picture_of_no_components_takes_no_room_and_one_without_a_caption_none_for_it():
    from types import SimpleNamespace

    from pnp.layout.rulesheet import BODY, CAPTION, LEADING, PICTURE_HEIGHT, Picture
    from pnp.model.units import PT

    gems = [Picture(SimpleNamespace(size=(20.0, 20.0)), "Gems", "12 tokens")]

    def tops(text: str, pictures: list) -> dict:
        [page] = pages_of(f"# T\n\n{text}\n\nAfter.\n", (190.0, 250.0), "", pictures, "T")
        return {values.get("text", name): values["y"] for name, values in page[3:] if name in ("text", "picture")}

    plain = tops("", [])["After."]
    assert tops("![What](components)", []) == {"After.": plain}  # nothing drawn, no room kept
    captioned, bare = tops("![What](components)", gems), tops("![](components)", gems)
    assert "What" not in bare and bare["picture"] == pytest.approx(plain) and captioned["picture"] == pytest.approx(
        plain + BODY * LEADING / PT)  # the caption a line of the text above the picture
    label = CAPTION * LEADING / PT
    assert bare["After."] - plain == pytest.approx(PICTURE_HEIGHT + 1.5 + 2 * label + 2.5)  # its name and count
    assert captioned["After."] - bare["After."] == pytest.approx(BODY * LEADING / PT)


def test_rules_without_a_title_line_are_titled_with_the_game_s_name():
    [page] = pages_of("Dig where the map says.\n", (190.0, 250.0), "2 players", [], "Treasure")
    texts = [values["text"] for name, values in page if name == "text"]
    assert texts[:3] == ["Treasure", "2 players", "Dig where the map says."]


def test_the_rules_set_each_icon_as_wide_as_its_drawing_is(monkeypatch):
    from types import SimpleNamespace

    from pnp.layout import rulesheet
    from pnp.layout.requests import Raw

    def after_the_icon(aspect: float) -> float:
        game = SimpleNamespace(name="Small", players_text="", credits="")
        rules = SimpleNamespace(id="rules", options={"content": "# T\n\nTake a :coin: now.\n", "text": "rules.md"},
                                where=None)
        monkeypatch.setattr(rulesheet, "icons_of", lambda game: {"coin": (aspect, "digest")})
        (page,) = rulesheet.rules_pages(game, rules, Settings(), [])
        steps = page.placed[0][1].steps
        assert any(isinstance(step, Raw) and step.steps[0]["text"]["text"] == ":coin:" for step in steps)
        return next(step[1]["x"] for step in steps if isinstance(step, tuple) and step[1].get("text") == "now.")

    assert after_the_icon(3.0) - after_the_icon(0.5) > 5.0  # a wide icon pushes the words after it on


def test_a_heading_sets_its_icons_as_wide_as_they_are_drawn_too():
    def after_the_icon(aspect: float) -> float:
        [page] = pages_of("# T\n\n## Take a :coin: now\n\nText.\n", (190.0, 250.0), "", [], "T", icons={"coin": aspect})
        return next(step[1]["x"] for step in page if isinstance(step, tuple) and step[1].get("text") == "now")

    assert after_the_icon(3.0) - after_the_icon(0.5) > 5.0


def test_each_component_s_name_stands_just_under_its_picture_and_its_count_a_line_lower():
    from types import SimpleNamespace

    from pnp.layout.rulesheet import CAPTION, LEADING, PICTURE_HEIGHT, Picture
    from pnp.model.units import PT

    gems = SimpleNamespace(size=(20.0, 10.0))  # half as tall as wide: drawn at the foot of the picture's height
    [page] = pages_of("# T\n\n![](components)\n", (190.0, 250.0), "", [Picture(gems, "Gems", "12 tokens")], "T")
    (picture,) = [values for name, values in page if name == "picture"]
    top = picture["y"] + picture["h"] - PICTURE_HEIGHT  # of the room kept for the pictures
    texts = {values["text"]: values for name, values in page if name == "text"}
    assert texts["Gems"]["y"] == pytest.approx(top + PICTURE_HEIGHT + 1.5)  # its capitals' top 1.5 mm lower
    assert texts["12 tokens"]["y"] - texts["Gems"]["y"] == pytest.approx(CAPTION * LEADING / PT)
