"""A kit's pages in print order (pnp/layout/print_order.py), for a small kit made here of two parts of one page
each: the contents first, a blank back wherever a part would start on the back of another, what each page is
called under its picture and in its footer, the sheets it takes and the faces a gallery shows; and its parts laid
out by kinds made here, with what a part that does not fit, or a kit without rules, is blamed for."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.errors import DataError, PnpError, Where
from pnp.layout import print_order
from pnp.layout.imposition import FOOTER_BAND, NoRoom, Page, Settings, Slot, Spacing, duplex_pages
from pnp.layout.kinds import LAYOUTS, Layout
from pnp.layout.print_order import (CONTENTS_STOCK, MAX_PAGES, Part, _reads_on, captions, check_pages, document,
                                    footer, holds_part, lacking, page_groups, parts, sequence, sheets, showcase, title,
                                    variant)
from pnp.model.geometry import Box
from pnp.model.paper import PAPERS

pytestmark = pytest.mark.quick


def part(name: str, title: str) -> Part:
    """A part printing one sheet of one face, on paper, one-sided."""
    component = SimpleNamespace(id=name, kind="sheet", title=title, cards=(), where=None,
                                stock_for=lambda form: "paper of 120–160 g/m²")
    face = SimpleNamespace(size=(150.0, 200.0))
    page = Page(size=(210.0, 297.0), side="sheets", placed=[(Slot(Box(30, 50, 180, 250), 0, Box(30, 50, 180, 250)),
                                                              face)])
    return Part(component, [page], "Print one-sided on paper.")


@pytest.fixture
def kit():
    """A game of two one-page parts, the map and the score pad, and the A4 duplex settings."""
    game = SimpleNamespace(name="Small", players_text="2 players", credits="", rules_elsewhere="on the box lid",
                           variant=None, kit_notes=(), components={}, folder=Path("small"))
    return game, [part("map", "Map"), part("pad", "Score pad")], Settings()


def test_each_page_is_captioned_with_what_it_holds_and_its_number(kit):
    """A duplex kit without a rules sheet turns its printing notes over, onto the contents' second page; the map
    starts the next sheet, and the score pad the one after, the map's sheet left blank on its back."""
    game, parts, settings = kit
    assert [page if isinstance(page, (str, type(None))) else page.side
            for _, page in sequence(game, parts, settings, with_contents=True)] == [
        "contents", "contents", "sheets", None, "sheets"]
    assert captions(game, parts, settings) == ["Contents · page 1 of 5", "Contents · page 2 of 5",
                                               "Map · sheets · page 3 of 5", "Blank back · page 4 of 5",
                                               "Score pad · sheets · page 5 of 5"]


def test_the_preview_groups_each_part_s_pages_under_its_title_and_knows_the_backs_left_blank(kit):
    game, parts, settings = kit
    assert page_groups(game, parts, settings) == (
        [("Contents", [1, 2]), ("Map · 1 copy", [3]), ("Score pad · 1 copy", [5])], [4])


def test_a_page_holds_a_part_only_if_it_is_that_very_part_not_one_alike():
    """Two parts may be equal, field by field (the same component laid out twice): a page holds the one it was
    laid out with."""
    first = part("map", "Map")
    alike = Part(first.component, first.pages, first.advice)
    assert alike == first
    assert holds_part((part("pad", "Score pad"), first), first)
    assert not holds_part((alike,), first) and not holds_part((), first)


def test_a_variant_is_named_by_its_paper_and_form_or_as_the_print_shop_s_and_low_ink_says_so():
    letter = PAPERS["letter"]
    assert variant(Settings()) == "a4-duplex"
    assert variant(Settings(paper=letter, fold=True)) == "letter-fold"
    assert variant(Settings(paper=letter, ink="low")) == "letter-duplex-low-ink"
    assert variant(Settings(shop=True, fold=True)) == "shop"
    assert variant(Settings(shop=True, ink="low")) == "shop-low-ink"


def test_a_kit_lacks_its_rules_unless_it_prints_them_or_says_where_they_are():
    where = Where("small/game.yaml", 3, "components")
    bare = SimpleNamespace(components={"map": SimpleNamespace(kind="sheet")}, rules_elsewhere="")
    ((at, message),) = lacking(bare, where)
    assert at == where and "rules_elsewhere" in message and "`rules`" in message
    assert lacking(SimpleNamespace(components=bare.components, rules_elsewhere="on the box lid"), where) == []
    printed = {"map": SimpleNamespace(kind="sheet"), "rules": SimpleNamespace(kind="rules")}
    assert lacking(SimpleNamespace(components=printed, rules_elsewhere=""), where) == []


def test_a_pdf_is_titled_for_the_kit_or_for_its_one_part(kit):
    game, parts, _ = kit
    assert title(game, parts, with_contents=True) == "Small — print-and-play kit"
    assert title(game, parts[1:], with_contents=False) == "Small — Score pad"


def test_a_page_s_footer_says_what_it_is_then_the_paper_and_the_kit_s_version(kit, monkeypatch):
    game, _, _ = kit
    monkeypatch.setattr(print_order, "kit_version", lambda game: "0a1b2c3d")
    assert footer(game, "Map", "sheets", 3, 5, Settings(paper=PAPERS["letter"])) == (
        "Small · Map · sheets · page 3 of 5", "US Letter paper · print at 100 % · kit 0a1b2c3d")
    assert footer(game, "", "contents", 1, 5, Settings())[0] == "Small · contents · page 1 of 5"  # no empty item


def test_the_kit_s_pages_carry_their_footers_the_contents_first_and_a_blank_back_says_why(kit, monkeypatch):
    game, parts, settings = kit
    monkeypatch.setattr(print_order, "kit_version", lambda game: "0a1b2c3d")
    pages = document(game, parts, settings, with_contents=True)
    assert [page.side for page in pages] == ["contents", "contents", "sheets", pages[3].side, "sheets"]
    assert [page.footer[0] for page in pages[2:]] == [
        "Small · Map · sheets · page 3 of 5", f"Small · {pages[3].side} · page 4 of 5",
        "Small · Score pad · sheets · page 5 of 5"]
    blank = pages[3]
    assert blank.side.startswith("left blank") and blank.side.endswith("starts on a new sheet")  # says why
    assert blank.placed == [] and not blank.marks and blank.size == settings.size
    assert blank.content == Box(5.0, 5.0 + FOOTER_BAND, 205.0, 292.0)  # above the footer, inside the margin
    alone = document(game, parts[1:], settings, with_contents=False)
    assert [page.footer[0] for page in alone] == ["Small · Score pad · sheets · page 1 of 1"]


def test_a_kit_s_sheets_of_paper_are_its_pages_folded_or_two_a_sheet_printed_duplex(kit):
    """The duplex kit's five pages print on three sheets; folded, its pages are sheets (no blank backs); a part
    printed on its own takes a sheet a page, but for a page printed on the back of the one before."""
    game, parts, settings = kit
    assert sheets(game, parts, settings, with_contents=True) == 3
    folded = replace(settings, fold=True)
    assert sheets(game, parts, folded, with_contents=True) == len(sequence(game, parts, folded, True)) == 3
    two_sided = Part(parts[0].component, [parts[0].pages[0], replace(parts[0].pages[0], reverse=True),
                                          parts[0].pages[0]], "")
    assert sheets(game, [two_sided], settings, with_contents=False) == 2
    assert sheets(game, [two_sided], folded, with_contents=False) == 3


def test_a_page_printed_on_the_back_of_the_one_before_needs_no_blank_back(kit):
    """A part whose second page is the back of its first (a duplex part's backs): no blank between them, and
    only a page to read on the contents' paper may start on the contents' back."""
    game, (map_, pad), settings = kit
    fronts = Part(map_.component, [map_.pages[0], replace(map_.pages[0], reverse=True)], "")
    entries = sequence(game, [fronts, pad], settings, with_contents=False, lead=[map_.pages[0]])
    assert [page is None for _, page in entries] == [False, True, False, False, False]  # the score pad on a front
    assert entries[0][0] == () and entries[2][0] == (fronts,) and entries[4][0] == (pad,)
    assert [page is None for _, page in sequence(game, [pad, fronts], settings, False, lead=[])] == [
        False, True, False, False]


def test_only_a_page_to_read_on_the_contents_own_paper_prints_on_the_contents_back(kit):
    game, (map_, _), settings = kit
    read = replace(map_.pages[0], marks=False)
    rules = Part(SimpleNamespace(**{**vars(map_.component), "stock_for": lambda form: CONTENTS_STOCK}), [read], "")
    after = ((), "contents")
    assert _reads_on(after, (rules,), read, settings)
    assert not _reads_on(((), None), (rules,), read, settings)  # after a blank, not the contents
    assert not _reads_on(after, (rules,), map_.pages[0], settings)  # a page with crop marks is to cut
    assert not _reads_on(after, (map_,), read, settings)  # on other paper
    assert not _reads_on(after, (rules, rules), read, settings)  # pieces packed from two parts
    spaced = replace(read, spacing=Spacing(bleed=0.0, gutter=0.0, full=False))
    assert not _reads_on(after, (rules,), spaced, settings)  # pieces to pack
    folded = Part(SimpleNamespace(**{**vars(map_.component), "stock_for": {"fold": CONTENTS_STOCK}.get}), [read], "")
    assert _reads_on(after, (folded,), read, replace(settings, fold=True))
    assert not _reads_on(after, (folded,), read, settings)


def test_a_kit_too_long_to_build_names_its_largest_parts_at_the_largest_s_place():
    where = {name: Where("small/game.yaml", line, name) for line, name in ((3, "deck"), (9, "map"), (12, "pad"))}
    game = SimpleNamespace(components={name: SimpleNamespace(where=at) for name, at in where.items()})

    def laid(counts: dict) -> list:
        return [(None, [SimpleNamespace(component=SimpleNamespace(id=name), pages=[None] * count)
                        for name, count in counts.items()])]

    check_pages(game, laid({"deck": MAX_PAGES // 2, "map": MAX_PAGES // 2}))  # at the limit: builds
    with pytest.raises(DataError) as raised:
        check_pages(game, laid({"map": 10, "deck": MAX_PAGES // 2}) + laid({"pad": 1, "deck": MAX_PAGES // 2}))
    ((at, message),) = raised.value.problems
    assert at == where["deck"] and f"{MAX_PAGES + 11:,}" in message and message.index("deck") < message.index("map")
    assert "pad" in message  # the third largest named too


def test_the_showcase_pictures_each_part_but_the_rules_by_its_first_face_where_it_is_printed(kit):
    game, (map_, pad), settings = kit
    rules = Part(SimpleNamespace(**{**vars(map_.component), "id": "rules", "kind": "rules"}), map_.pages, "")
    big = replace(pad.pages[0], placed=[(Slot(Box(-10, 50, 180, 250), 90, Box(-10, 50, 180, 250)),
                                         pad.pages[0].placed[0][1])])
    wide = Part(pad.component, [big], "")
    shown = showcase(game, [rules, map_, wide], settings)
    entries = sequence(game, [rules, map_, wide], settings, True)
    assert [(number, owners[0].component.id) for number, (owners, _) in enumerate(entries, start=1) if owners] == [
        (3, "rules"), (5, "map"), (7, "pad")]
    assert shown == [("map", 5, Box(30, 50, 180, 250), 0, (210.0, 297.0)),
                     ("pad", 7, Box(0, 0, 210.0, 297.0), 0, (210.0, 297.0))]  # larger than its page: the page
    edge_to_edge = replace(big, placed=[(Slot(Box(0, 0, 210, 297), 90, Box(0, 0, 210, 297)), big.placed[0][1])])
    assert showcase(game, [Part(pad.component, [edge_to_edge], "")], settings) == [
        ("pad", 3, Box(0, 0, 210, 297), 90, (210.0, 297.0))]  # as large as the page: itself, as it is turned


class Kinds:
    """Kinds of component made for these tests, laid out in place of pnp's own: a tile needs margins of at most
    the game's `tile_margin`, a pad prints at home only, a broken one's data cannot be laid out, and the rules
    sheet is told what the others laid out before it."""

    def __init__(self, monkeypatch):
        self.seen: list = []
        page = part("x", "X").pages[0]

        def tile(game, component, settings):
            if settings.margin > game.tile_margin:
                raise NoRoom(f"{component.id} needs margins of {game.tile_margin:g} mm at most")
            return [page]

        def broken(game, component, settings):
            raise DataError([(component.where, "its net does not hold together")])

        def rules(game, component, settings, laid=None):
            self.seen.append(dict(laid))
            return [page, page]

        monkeypatch.setattr(print_order, "rules_pages", rules)
        for name, layout in (("tile", Layout(tile, lambda c, s: f"{c.title}: print on card.", shop=True)),
                             ("pad", Layout(lambda g, c, s: [page], lambda c, s: "Print on paper.")),
                             ("broken", Layout(broken, lambda c, s: "")),
                             ("rules", Layout(rules, lambda c, s: "Print the rules."))):
            monkeypatch.setitem(LAYOUTS, name, layout)

    @staticmethod
    def game(*kinds: str, printed: tuple = ()) -> SimpleNamespace:
        components = {f"{kind}{n}": SimpleNamespace(id=f"{kind}{n}", kind=kind, title=f"The {kind}",
                                                    where=Where("small/game.yaml", n, f"{kind}{n}"))
                      for n, kind in enumerate(kinds, start=1)}
        return SimpleNamespace(name="Small", components=components, printed=printed, tile_margin=6.0)


def test_each_component_is_laid_out_in_the_data_s_order_the_rules_after_the_others(monkeypatch):
    kinds = Kinds(monkeypatch)
    game = Kinds.game("rules", "tile", "pad")
    made = parts(game, Settings())
    assert [(each.component.id, len(each.pages), each.advice) for each in made] == [
        ("rules1", 2, "Print the rules."), ("tile2", 1, "The tile: print on card."), ("pad3", 1, "Print on paper.")]
    assert [sorted(laid) for laid in kinds.seen] == [["pad3", "tile2"]]  # the others, laid out first
    assert [each.component.id for each in parts(game, Settings(shop=True))] == ["tile2"]  # a print shop's only


def test_a_component_that_does_not_fit_blames_the_margin_when_the_usual_one_would_do_else_its_data(monkeypatch):
    Kinds(monkeypatch)
    game = Kinds.game("pad", "tile", "tile")
    with pytest.raises(PnpError) as raised:
        parts(game, Settings(margin=8.0))
    assert not isinstance(raised.value, DataError)
    assert "--margin 8mm" in raised.value.message and "tile2" in raised.value.message
    assert "--margin 5mm" in raised.value.message  # A4's own
    narrow = replace(PAPERS["a4"], margin=7.0)
    with pytest.raises(DataError) as raised:  # no better at the paper's own margin: the data's fault
        parts(game, Settings(paper=narrow, margin=8.0))
    ((where, message),) = raised.value.problems
    assert where == game.components["tile2"].where and "6 mm at most" in message
    with pytest.raises(DataError) as raised:  # at the paper's own margin already
        parts(game, Settings(paper=narrow))
    assert [where for where, _ in raised.value.problems] == [game.components["tile2"].where]


def test_a_component_whose_data_cannot_be_laid_out_says_so_itself(monkeypatch):
    Kinds(monkeypatch)
    game = Kinds.game("pad", "broken", "rules")
    with pytest.raises(DataError) as raised:
        parts(game, Settings())
    assert raised.value.problems == [(game.components["broken2"].where, "its net does not hold together")]


def test_words_a_font_cannot_print_are_a_problem_at_each_place_they_are_given_before_anything_is_laid_out(monkeypatch):
    Kinds(monkeypatch)
    first, second = Where("small/game.yaml", 2, "title"), Where("small/cards.csv", 4, "text")
    game = Kinds.game("pad", printed=(("Plain", ("sans",), first), ("Flag \U0001F3F4", ("bold", "sans"), second),
                                      ("Also \U0001F3F4", ("sans",), second)))
    with pytest.raises(DataError) as raised:
        parts(game, Settings())
    ((where, message),) = raised.value.problems
    assert where == second and "bold" in message and "U+1F3F4" in message  # the first font named, once a place
    assert parts(Kinds.game("pad", printed=(("Plain", ("sans",), first),)), Settings())


def test_a_kit_is_laid_out_once_for_the_same_parts_and_settings_and_the_last_few_are_kept(kit, monkeypatch):
    monkeypatch.setattr(print_order, "PACKED", [])
    game, parts, settings = kit
    first = print_order._kit(game, parts, settings)
    assert print_order._kit(game, parts, settings) is first is sequence(game, parts, settings, with_contents=True)
    assert print_order._kit(game, parts, replace(settings, fold=True)) is not first
    assert print_order._kit(game, [Part(parts[0].component, list(parts[0].pages), ""), parts[1]], settings) is not first
    assert print_order._kit(game, parts[:1], settings) is not first
    assert print_order._kit(game, parts, settings) is first  # three others since: kept
    assert print_order._kit(SimpleNamespace(**vars(game)), parts, settings) is not first  # another game's
    for paper in ("letter", "a3", "tabloid"):
        print_order._kit(game, parts, replace(settings, paper=PAPERS[paper], fold=True))
    assert len(print_order.PACKED) == print_order.PACKED_KEPT
    assert print_order._kit(game, parts, settings) is not first  # four others since: laid out anew


def test_only_a_duplex_kit_printed_in_one_go_has_blank_backs(kit):
    """A part's own PDF, a fold-and-glue kit and a print shop's files are not printed double-sided in one go:
    no page is left blank in them."""
    game, parts, settings = kit
    for made in (sequence(game, parts, settings, with_contents=False),
                 sequence(game, parts, replace(settings, fold=True), with_contents=True),
                 sequence(game, parts, replace(settings, shop=True), with_contents=True)):
        assert None not in [page for _, page in made] and [owners for owners, _ in made][-2:] == [
            (parts[0],), (parts[1],)]
    assert None in [page for _, page in sequence(game, parts, settings, with_contents=True)]


def test_a_duplex_kit_of_an_even_number_of_pages_prints_on_half_as_many_sheets(kit):
    game, (map_, _), settings = kit
    two_sided = Part(map_.component, [map_.pages[0], replace(map_.pages[0], reverse=True)], "")
    assert len(sequence(game, [two_sided], settings, with_contents=True)) == 4  # the contents' two, its two
    assert sheets(game, [two_sided], settings, with_contents=True) == 2


def test_a_pdf_s_pages_are_made_as_they_are_read_counted_once_and_without_making_one_where_none_is_padded(kit):
    """A PDF's entries hold no page (a big deck's are made as they are asked for): each read makes its pages again,
    equal to those before; their number is counted once, from the runs of pages alone where no blank back is
    padded in, else as they are read through (or by reading them, when it is asked for first)."""
    game, (map_, pad), settings = kit
    made = []
    deck = Part(map_.component, duplex_pages([(("front", i), ("back", i)) for i in range(40)], (63.5, 88.9), 3.0,
                                             0.0, settings), "")
    make = deck.pages.make
    deck.pages.make = lambda *args: made.append(args) or make(*args)
    entries = sequence(game, [deck, pad], settings, with_contents=False)
    assert len(entries) == 11 and not made  # five sheets of the deck, fronts and backs, and the pad's page
    assert list(entries) == list(entries) and len(made) == 20
    assert entries[3] == list(entries)[3] and entries[-1] == ((pad,), pad.pages[0]) and entries[:2] == list(entries)[:2]
    padded = sequence(game, [pad, deck], settings, with_contents=False, lead=[])
    made.clear()
    assert list(iter(padded))[1] == ((), None) and len(padded) == 12 and len(made) == 10  # (list() asks its length)
    again = sequence(game, [pad, deck], settings, with_contents=False, lead=[])
    assert len(again) == 12 and len(made) == 20 and list(again) == list(padded)
