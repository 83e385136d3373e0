"""A kit's contents (pnp/layout/contents.py), for small kits made here: where each part lies in the kit, the
small pictures of its faces, its entries set smaller when the parts are many and run on to another page when even
that is not enough, and the printing notes turned over onto their own page where a duplex kit has no rules to
print on the contents' back."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.layout.contents import (BOTTOM, INK, _advice_size, _entry_height, contents_pages, page_ranges,
                                 printing_advice, samples, shared_stock)
from pnp.layout.imposition import SCALE_BAR, Page, Settings, Slot
from pnp.layout.print_order import Part
from pnp.model.geometry import Box
from pnp.model.paper import PAPERS
from pnp.model.units import PT
from pnp.typeset.text import CAP

pytestmark = pytest.mark.quick

PAPER = "paper of 120–160 g/m²"
ADVICE = "Print one-sided on paper. Cut on the crop marks, then fold each piece along its dashed line."


def part(title: str, advice: str = ADVICE) -> Part:
    """A part printing one sheet of one face, one-sided on PAPER."""
    component = SimpleNamespace(id=title.lower(), kind="sheet", title=title, cards=(), where=None,
                                stock_for=lambda form: PAPER)
    face = SimpleNamespace(size=(150.0, 200.0))
    trim = Box(30.0, 50.0, 180.0, 250.0)
    return Part(component, [Page(size=(210.0, 297.0), side="sheets", placed=[(Slot(trim, 0, trim), face)])], advice)


def game(rules: bool = True, notes: tuple = (), **given) -> SimpleNamespace:
    """A game named Small, with a rules sheet among its components or not (and `given` its credits, where its rules
    are found, its variant)."""
    components = {"rules": SimpleNamespace(kind="rules")} if rules else {}
    return SimpleNamespace(**{"name": "Small", "players_text": "2–4 players", "credits": "", "rules_elsewhere": "",
                              "variant": None, "kit_notes": notes, "components": components, "folder": Path("small"),
                              **given})


def printed(parts: list) -> list:
    """A kit's entries after its contents page: each part's page in turn."""
    return [((), "contents")] + [((each,), each.pages[0]) for each in parts]


def texts(page: Page, h: float = 297.0) -> list[tuple[str, float, float]]:
    """Each text the page prints: (text, its size, its baseline in mm up from the page's foot)."""
    return [(values["text"], values["size"], h - values["y"] - values["size"] * CAP / PT)
            for name, values in page.flat.steps if name == "text"]


def test_a_part_s_pages_are_a_page_a_run_or_runs_joined_across_blank_backs():
    first, second, third = part("Map"), part("Pad"), part("Dice")
    page = first.pages[0]
    entries = [((), "contents"), ((first,), page), ((first,), page), ((), None), ((first,), page),
               ((second,), page), ((first, second), page), ((third,), page)]
    assert page_ranges([first, second, third], entries) == ["pages 2–5, 7", "pages 6–7", "page 8"]


def test_the_contents_of_a_kit_of_few_parts_fit_one_page_their_advice_at_8_5_pt():
    parts = [part("Map"), part("Pad")]
    (page,) = contents_pages(game(), parts, printed(parts), Settings())
    shown = texts(page)
    assert ("Map", 10, pytest.approx(297.0 - 22.0 - 8 - 5 - 4 - 8 - 4 - 5)) in shown  # the first entry's title
    assert {size for text, size, _ in shown if text.startswith("Print one-sided")} == {8.5}
    assert ("Small · contents · page 1 · print at 100 %", 6, pytest.approx(12.5)) in shown
    bar = [values for name, values in page.flat.steps if name == "rect" and values["w"] == SCALE_BAR]
    assert bar and (bar[0]["x"], bar[0]["y"] + bar[0]["h"]) == (210.0 - 18.0 - SCALE_BAR, pytest.approx(297.0 - 12.0))


def test_many_parts_run_on_to_a_page_headed_as_continued_every_line_above_the_footer():
    """Parts too many for one page even at 7 pt keep their advice at 8 pt and run on: each part's entry whole on
    one page, the next page headed "What this kit holds (continued)", no line lower than BOTTOM."""
    parts = [part(f"Part {n}", ADVICE * 4) for n in range(1, 13)]
    pages = contents_pages(game(), parts, printed(parts), Settings())
    assert len(pages) >= 2
    assert texts(pages[1])[0] == ("What this kit holds (continued)", 14, pytest.approx(297.0 - 22.0))
    titles = [text for page in pages for text, size, _ in texts(page) if text.startswith("Part ") and size == 10]
    assert titles == [f"Part {n}" for n in range(1, 13)]
    for number, page in enumerate(pages, start=1):
        body = [(text, at) for text, _, at in texts(page) if "contents · page" not in text and "bar must" not in text]
        assert min(at for _, at in body) >= BOTTOM - 1e-9, (number, body)
    assert {size for page in pages for text, size, _ in texts(page) if text.startswith("Print one-sided")} == {8.0}
    entry = _entry_height(parts[0], 8.0, 12.0, 210.0 - 18.0 - (18.0 + 34.0))  # its thumbnails 12 mm high
    lowest = min(at for text, _, at in texts(pages[0]) if text.startswith("Print one-sided"))
    assert lowest < BOTTOM + entry + 8.0 * 1.35 / PT  # the first page full: the next entry would not have fitted


def test_the_less_room_the_advice_has_the_smaller_it_is_set_half_a_point_at_a_time_then_8_pt_run_on():
    """The room left on the first page shrinking a tenth of a millimetre at a time: the advice is set at 8.5,
    8, 7.5 and 7 pt in turn, each size where the larger one no longer fits, and at 8 pt once not even 7 pt fits."""
    parts = [part(f"Part {n}", ADVICE * 2) for n in range(6)]
    sizes = [_advice_size(parts, ["Sleeve the cards."], 12.0, (140.0, 170.0), tenths / 10)
             for tenths in range(3000, 200, -1)]
    assert [size for at, size in enumerate(sizes) if at == 0 or sizes[at - 1] != size] == [8.5, 8.0, 7.5, 7.0, 8.0]


@pytest.mark.parametrize("rules, fold, pages", [(True, False, 1), (False, False, 2), (False, True, 1)])
def test_a_duplex_kit_without_rules_turns_its_printing_notes_over_onto_the_contents_back(rules, fold, pages):
    """A duplex kit's rules sheet starts on the back of its contents; without one, the notes fill that back."""
    parts = [part("Map")]
    found = contents_pages(game(rules), parts, printed(parts), Settings(fold=fold))
    assert len(found) == pages
    headings = [[text for text, size, _ in texts(page) if text == "Before you print"] for page in found]
    assert headings[-1] == ["Before you print"] and sum(headings, []) == ["Before you print"]
    if pages == 2:
        assert texts(found[1])[0] == ("Before you print", 14, pytest.approx(297.0 - 22.0))


def test_the_printing_notes_suit_the_paper_and_the_way_it_is_printed():
    letter = Settings(paper=PAPERS["letter"])
    duplex = printing_advice(game(notes=("Sleeve the cards.",)), letter)
    assert duplex[0].startswith("Set the printer to 100 %") and duplex[-1] == "Sleeve the cards."
    assert any("print duplex-test-letter.pdf first" in note for note in duplex)
    fold = printing_advice(game(), replace(letter, fold=True))
    assert any(note.startswith("Fold each sheet on the dashed line") for note in fold)
    assert not any("duplex-test" in note for note in fold) and len(fold) == 3


def test_a_part_packed_on_another_stock_s_sheets_says_so_naming_the_parts_it_shares_them_with():
    map_, pad, dice = part("Map"), part("Pad"), part("Dice")
    card = replace(map_.pages[0], stock="card stock (250–300 g/m²)")
    entries = [((map_,), map_.pages[0]), ((map_, pad, dice), card), ((dice,), replace(card, stock=PAPER))]
    notes = shared_stock([map_, pad, dice], entries, Settings())
    assert notes[0] == (" In this kit some of its pieces print on card stock (250–300 g/m²), with the Pad and Dice, "
                        "so that no sheet is left mostly empty.")
    assert notes[1] == (" In this kit some of its pieces print on card stock (250–300 g/m²), with the Map and Dice, "
                        "so that no sheet is left mostly empty.")
    assert notes[2] == notes[1].replace("Map and Dice", "Map and Pad")
    sails = part("Sails")
    four = shared_stock([map_, pad, dice, sails], [((map_, pad, dice, sails), card)], Settings())
    assert four[0] == (" In this kit some of its pieces print on card stock (250–300 g/m²), with the Pad, Dice and "
                       "Sails, so that no sheet is left mostly empty.")


def test_a_part_on_its_own_stock_for_the_way_the_kit_prints_needs_no_note():
    """A part printed on paper in a duplex kit and on card in a fold-and-glue kit: on card, with the map, it
    has a note in the duplex kit only."""
    map_, tokens = part("Map"), part("Tokens")
    tokens.component.stock_for = {"duplex": PAPER, "fold": "card stock (250–300 g/m²)"}.get
    card = replace(map_.pages[0], stock="card stock (250–300 g/m²)")
    entries = [((map_, tokens), card)]
    assert shared_stock([map_, tokens], entries, Settings(fold=True))[1] == ""
    assert shared_stock([map_, tokens], entries, Settings())[1].startswith(
        " In this kit some of its pieces print on card stock (250–300 g/m²), with the Map,")


def test_the_contents_credit_the_game_and_say_in_bold_where_its_rules_are_and_which_variant_it_is():
    variant = game(credits="By A. Maker", rules_elsewhere="on the box lid", variant=(("goal", 25), ("hand", 5)))
    parts = [part("Map")]
    (page,) = contents_pages(variant, parts, printed(parts), Settings())
    shown = {values["text"].replace("\\", ""): (values["size"], values["font"])  # as written: escapes taken out
             for name, values in page.flat.steps if name == "text"}
    assert shown["By A. Maker"] == (9, "sans")
    assert shown["The players' rules are not in this kit: on the box lid"] == (9, "bold")
    variant_lines = [text for text in shown if "goal=25 hand=5" in text or "checker judges" in text]
    assert variant_lines[0].startswith("Rules variant: goal=25 hand=5. These pages state its rules")
    assert {shown[text] for text in variant_lines} == {(9, "bold")}


@pytest.mark.parametrize("fold, form", [(False, "double-sided pages"), (True, "fold-and-glue sheets")])
def test_the_contents_say_how_the_kit_prints_and_rule_off_what_it_holds_with_thin_lines(fold, form):
    parts = [part("Map")]
    (page,) = contents_pages(game(), parts, printed(parts), Settings(fold=fold))
    assert texts(page)[1][:2] == (f"Print-and-play kit · 2–4 players · A4 (210 × 297 mm) · {form}", 10)
    rules = [values for name, values in page.flat.steps if name == "line"]
    assert len(rules) == 2 and all(values["points"][0][0] == 18.0 and values["points"][1][0] == 210.0 - 18.0
                                   and values["width"] == pytest.approx(0.6 / PT) for values in rules)


def faces_page(side: str, *faces, fold: tuple | None = None) -> Page:
    trim = Box(30.0, 50.0, 90.0, 140.0)
    return Page(size=(210.0, 297.0), side=side, fold=fold, placed=[(Slot(trim, 0, trim), face) for face in faces])


def test_a_part_is_pictured_by_its_first_front_and_that_front_s_back_when_it_has_one():
    front, back, second, second_back = (SimpleNamespace(size=(60.0, 90.0), name=name)
                                        for name in ("front", "back", "second", "second back"))
    one = part("Map")
    folded = replace(one, pages=[faces_page("fold-and-glue", front, second, back, second_back, fold=("x", 105.0))])
    assert samples(folded) == [front, back]  # the back half of the page starts with its backs
    duplex = replace(one, pages=[faces_page("fronts", front, second), faces_page("backs", back, second_back)])
    assert samples(duplex) == [front, back]
    assert samples(replace(one, pages=[faces_page("fronts", front), faces_page("fronts", second)])) == [front]
    assert samples(replace(one, pages=[faces_page("sheets", front)])) == [front]


def test_each_part_s_pictures_stand_side_by_side_at_most_15_mm_wide_and_smaller_when_the_parts_are_many():
    tall, wide = SimpleNamespace(size=(60.0, 90.0)), SimpleNamespace(size=(150.0, 60.0))
    deck = replace(part("Deck"), pages=[faces_page("fronts", tall), faces_page("backs", wide)])

    def pictures(count: int) -> list:
        parts = [deck] + [part(f"Part {n}") for n in range(1, count)]
        pages = contents_pages(game(), parts, printed(parts), Settings())
        return [values for page in pages for name, values in page.flat.steps if name == "picture"]

    (front, back, *_) = pictures(1)
    assert (front["face"], back["face"]) == (tall, wide)
    assert (front["w"], front["h"]) == (pytest.approx(60.0 * 20.0 / 90.0), pytest.approx(20.0))  # 20 mm tall
    assert (back["w"], back["h"]) == (pytest.approx(15.0), pytest.approx(6.0))  # 15 mm wide
    assert front["x"] == 18.0 and back["x"] == pytest.approx(18.0 + front["w"] + 1.5) and back["y"] == front["y"]
    assert front["edge"] == (INK, 0.6)
    for count, tallest in ((5, 110.0 / 5 - 4), (6, 110.0 / 6 - 4), (10, 12.0)):  # 20 mm for few, 12 mm at least
        assert pictures(count)[0]["h"] == pytest.approx(tallest), count
    title = next(y for text, size, y in texts(contents_pages(game(), [deck], printed([deck]), Settings())[0])
                 if text == "Deck")
    assert front["y"] == pytest.approx(297.0 - title - 5.0 + 2.0)  # its top 2 mm under the top of the entry


def test_contents_pages_picturing_other_faces_are_told_apart():
    first, other = SimpleNamespace(size=(60.0, 90.0), name="ace"), SimpleNamespace(size=(60.0, 90.0), name="two")
    keys = []
    for face in (first, other):
        parts = [replace(part("Deck"), pages=[faces_page("fronts", face)])]
        (page,) = contents_pages(game(), parts, printed(parts), Settings())
        keys.append(page.flat.key)
    assert keys[0] != keys[1] and keys[0][1] == keys[1][1]  # the same steps, other faces pictured
    assert first in keys[0] and other in keys[1]


def test_an_entry_s_title_and_its_pages_share_a_line_its_advice_under_them_and_the_notes_hang_from_bullets():
    parts = [part("Map"), part("Pad")]
    (page,) = contents_pages(game(), parts, printed(parts), Settings())
    shown = [(values["text"], values) for name, values in page.flat.steps if name == "text"]
    at = {text: baseline for text, _, baseline in texts(page)}
    tally = dict(shown)["1 copy · page 2"]
    assert (tally["align"], tally["x"] + tally["w"], tally["size"]) == ("right", 210.0 - 18.0, 9)  # at the right
    assert at["1 copy · page 2"] == pytest.approx(at["Map"])
    advice = [baseline for text, _, baseline in texts(page) if text.startswith("Print one-sided")]
    assert at["Map"] - advice[0] == pytest.approx(4.5)
    assert at["Map"] - at["Pad"] == pytest.approx(20.0 + 4.0)  # a short entry: its pictures' height and 4 mm
    bullets = [values for text, values in shown if text == "•"]
    notes = [values for text, values in shown if values["x"] == 18.0 + 5]
    assert len(bullets) == 5 and {(v["x"], v["font"], v["size"]) for v in bullets} == {(18.0, "bold", 9.0)}
    assert {(v["font"], v["size"]) for v in notes} == {("sans", 9.0)}  # 8.5 pt, and half a point more
    first, second = (values["y"] for values in notes[:2])  # the first note's two lines
    assert second - first == pytest.approx(9.0 * 1.35 / PT)
    assert bullets[1]["y"] - second == pytest.approx(9.0 * 1.35 / PT + 1.5)  # and 1.5 mm before the next


def test_a_contents_page_is_a_page_of_the_kit_s_paper_without_crop_marks_or_furniture_of_its_own():
    parts = [part("Map")]
    letter = Settings(paper=PAPERS["letter"])
    pages = contents_pages(game(rules=False), parts, printed(parts), letter)
    assert len(pages) == 2
    for number, page in enumerate(pages, start=1):
        assert (page.side, page.size, page.marks, page.furniture) == ("contents", letter.size, False, False)
        assert page.flat.size == letter.size and page.flat.where.file.endswith("game.yaml")
        assert f"Small · contents · page {number} · print at 100 %" in [text for text, _, _ in
                                                                       texts(page, letter.size[1])]
    assert pages[0].flat.key != pages[1].flat.key


def test_printing_notes_too_many_for_the_page_go_on_whole_under_a_continued_heading():
    note = "Sleeve the cards before play. " * 25
    parts = [part("Map")]
    pages = contents_pages(game(notes=(note,) * 8), parts, printed(parts), Settings())
    assert len(pages) == 2
    heading, bullet, first = texts(pages[1])[:3]
    assert heading == ("Before you print (continued)", 14, pytest.approx(297.0 - 22.0))
    assert bullet[0] == "•" and bullet[2] == first[2] == pytest.approx(297.0 - 22.0 - 7.0)
    for page in pages:
        shown = [(text, at) for text, _, at in texts(page) if "contents · page" not in text and "bar must" not in text]
        assert min(at for _, at in shown) >= BOTTOM - 1e-9
    bullets = [sum(1 for text, _, _ in texts(page) if text == "•") for page in pages]
    lines = [sum(1 for text, _, _ in texts(page) if text.startswith("Sleeve the cards")) for page in pages]
    assert sum(bullets) == 5 + 8 and bullets[1] > 0  # the five notes of a duplex kit and its own eight
    each = sum(lines) // 8
    assert each > 1 and all(count % each == 0 for count in lines)  # no note split between the pages


def test_entries_run_on_under_their_continued_heading_7_mm_below_it():
    """On the page they run on to, the heading keeps 7 mm under it (the first page's, 4 mm) before the next
    entry, whose title stands 5 mm lower."""
    parts = [part(f"Part {n}", ADVICE * 4) for n in range(1, 13)]
    first, second = contents_pages(game(), parts, printed(parts), Settings())[:2]
    heading, title = texts(second)[:2]
    assert heading[0] == "What this kit holds (continued)" and title[1] == 10
    assert heading[2] - title[2] == pytest.approx(7.0 + 5.0)
    at = {text: baseline for text, _, baseline in texts(first)}
    assert at["What this kit holds"] - at["Part 1"] == pytest.approx(4.0 + 5.0)


def test_each_heading_stands_8_mm_under_the_rule_above_it():
    parts = [part("Map")]
    (page,) = contents_pages(game(), parts, printed(parts), Settings())
    rules = [297.0 - values["points"][0][1] for name, values in page.flat.steps if name == "line"]  # up from the foot
    at = {text: baseline for text, _, baseline in texts(page)}
    assert [rule - at[heading] for rule, heading in zip(rules, ("What this kit holds", "Before you print"))] == [
        pytest.approx(8.0)] * 2


def test_a_duplex_kit_s_notes_say_every_part_starts_a_sheet_and_a_one_sided_page_has_a_blank_back():
    notes = printing_advice(game(), Settings())
    (whole,) = [note for note in notes if note.startswith("This whole file may be printed double-sided")]
    assert "every part to cut out starts on a new sheet" in whole and whole.endswith("has a blank back.")
    assert notes[-1].startswith("Cut on the crop marks") and notes[-1].endswith("misaligned cut.")
