"""What a reprint (`pnp build --changed-since`, pnp/layout/changes.py) prints for the toy game: the cards a deck
prints again, whole or only their added copies; the checklist's lines, each piece at its old kit page and slot;
and the checklist set on as many pages as it needs, above the footer. And, for a small kit made here, the
manifest a build writes and how an old one is compared with it."""
from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import TOY
from pnp.errors import Where
from pnp.layout import changes
from pnp.layout.changes import AddedCopies, Changes, _cards_reprinted, checklist_lines, checklist_pages
from pnp.layout.imposition import FOOTER_BAND, Page, Settings, Slot, printable
from pnp.layout.kinds import LAYOUTS
from pnp.layout.print_order import Part
from pnp.model.geometry import Box
from pnp.model.units import PT
from pnp.read.games import load_game
from pnp.read.version import kit_version
from pnp.typeset.text import CAP

pytestmark = pytest.mark.quick


@pytest.fixture(scope="module")
def toy():
    """The toy game, as its folder has it: a deck of alpha (3 copies), beta (2), gamma (5) and delta (1)."""
    return load_game(str(TOY))


def entries(card: str, places: list, side: str = "fronts") -> list:
    """An old manifest's entries of the deck's `card`, one at each (page, slot)."""
    return [{"component": "deck", "card": card, "side": side, "key": "k", "page": page, "slot": slot}
            for page, slot in places]


def test_a_deck_reprints_its_changed_cards_whole_and_of_a_recounted_card_only_the_copies_added(toy):
    deck = toy.components["deck"]
    alpha, beta, gamma, _ = deck.cards
    again = _cards_reprinted(deck, {("deck", "gamma")}, {("deck", "alpha"): 2})
    assert [type(card) for card in again] == [AddedCopies, type(gamma)] and again[1] is gamma
    added = again[0]
    assert (added.id, added.count, added.fields, added.back) == ("alpha", 2, alpha.fields, alpha.back)
    assert added.where == alpha.where and added.where.line == 2  # a problem drawing it names alpha's line
    assert added.context() == alpha.context() and added.context()["count"] == 3  # drawn as the kit draws alpha
    assert _cards_reprinted(deck, set(), {}) == ()


def test_the_checklist_names_each_piece_where_the_printed_kit_has_it_and_what_to_do_with_it(toy):
    printed = (entries("alpha", [(3, slot) for slot in range(1, 8)]) + entries("alpha", [(4, 1)], "backs")
               + entries("beta", [(5, 2)]) + entries("delta", [(6, 1)]))
    changes = Changes(changed=[("deck", "alpha")], added=[("deck", "epsilon")], removed=[("deck", "delta")],
                      recounted={("deck", "beta"): (2, 4), ("deck", "gamma"): (5, 3)}, old=printed, new=[])
    lines = checklist_lines(toy, changes)
    assert lines[:2] == [("title", "Toy Game: what changed since the kit you printed"),
                         ("text", "This file holds only the pieces that differ from the kit you printed; the kit is "
                                  f"now kit {kit_version(toy)}.")]
    alpha = "Deck · alpha — " + "; ".join(f"page 3 slot {slot} (fronts)" for slot in range(1, 7)) + "; and 1 more"
    assert lines[2:] == [
        ("heading", "Throw away (changed): the printed pieces, at their old kit page and slot"), ("text", alpha),
        ("heading", "Replace them with the new ones printed after this page"), ("text", "Deck · alpha"),
        ("heading", "New pieces, printed after this page"), ("text", "Deck · epsilon"),
        ("heading", "More copies: add the ones printed after this page to those you have"),
        ("text", "Deck · beta: add 2 to the 2 you have, making 4"),
        ("heading", "Fewer copies: take these out of the game, nothing is printed for them"),
        ("text", "Deck · gamma: remove 2 of the 5 you have, keeping 3"),
        ("heading", "Removed: throw these away, nothing replaces them"), ("text", "Deck · delta — page 6 slot 1 (fronts)")]
    unchanged = checklist_lines(toy, Changes([], [], [], {}, printed, printed))
    assert unchanged[2:] == [("heading", "Nothing changed: there is nothing to reprint.")]


def test_a_long_checklist_runs_on_to_a_second_page_and_keeps_above_the_footer(toy):
    settings = Settings()
    w, h = settings.size
    lines = [("title", "What changed"), ("heading", "Throw away")] + [("text", f"Deck · card {n}") for n in range(60)]
    pages = checklist_pages(toy, lines, settings)
    assert len(pages) == 2
    for page in pages:
        assert (page.side, page.crop_marks(), page.content) == (
            "checklist", [], printable(settings).inset(bottom=FOOTER_BAND))
        assert page.flat.where.file.endswith("toy/game.yaml")  # a problem setting it names the game's file
        baselines = [h - (values["y"] + values["size"] * CAP / PT) for _, values in page.flat.steps]  # up from the foot
        assert min(baselines) >= 20.0 and max(baselines) == pytest.approx(h - 22.0)
    texts = [values["text"] for page in pages for _, values in page.flat.steps]
    assert texts == ["What changed", "Throw away"] + [f"Deck · card {n}" for n in range(60)]
    first = [values for _, values in pages[0].flat.steps]
    title, heading, line = first[0], first[1], first[2]
    # the heading 3 mm further down than a line's pitch, and 2 mm more after it, as after the title
    assert heading["y"] - title["y"] == pytest.approx(16 * 1.35 / PT + 2 + 3 + (16 - 11) * CAP / PT)
    assert line["y"] - heading["y"] == pytest.approx(11 * 1.35 / PT + 2 + (11 - 8.5) * CAP / PT)
    assert pages[1].flat.steps[0][1]["text"] == texts[len(pages[0].flat.steps)]
    assert pages[0].flat.key != pages[1].flat.key


def small_kit(variant: tuple | None = None):
    """A kit made here: a deck of two cards on a page of fronts, and a map sheet (a face that is no card's) on a
    page of its own; (game, its parts)."""
    cards = [SimpleNamespace(id=name, count=1, fields={}, back=None, where=Where("small/cards.csv", line))
             for line, name in ((2, "ace"), (3, "two"))]
    deck = SimpleNamespace(id="deck", kind="cards", title="Deck", cards=cards, card_total=2,
                           where=Where("small/game.yaml", 4), stock_for=lambda form: "card stock")
    sheet = SimpleNamespace(id="map", kind="sheet", title="Map", cards=(), where=Where("small/game.yaml", 9),
                            stock_for=lambda form: "paper")
    face = Box(30.0, 50.0, 90.0, 140.0)

    def page(side: str, *requests) -> Page:
        return Page(size=(210.0, 297.0), side=side, placed=[
            (Slot(face.inset(-n * 70.0, 0, n * 70.0, 0), 0, face), request) for n, request in enumerate(requests)])

    def request(**given):  # a face's request: where its data asks for it, and what it draws
        return SimpleNamespace(size=(60.0, 90.0), **given)

    parts = [Part(deck, [page("fronts", request(where=cards[0].where, draws="ace"),
                              request(where=cards[1].where, draws="two"))], ""),
             Part(sheet, [page("sheets", request(where=sheet.where, draws="the map"))], "")]
    game = SimpleNamespace(name="Small", slug="small", players_text="2 players", credits="", rules_elsewhere="online",
                           variant=variant, kit_notes=(), components={"deck": deck, "map": sheet},
                           folder=Path("small"))
    return game, parts


def test_the_manifest_lists_every_face_the_kit_prints_by_its_card_or_its_component_with_its_page_and_slot(
        monkeypatch):
    game, parts = small_kit()
    monkeypatch.setattr(changes, "kit_version", lambda game: "0a1b2c3d")
    monkeypatch.setattr(changes, "card_digests", lambda game, made: {"deck": made({"ace": "1", "two": "2"}.items())})
    made = changes.manifest(game, [(Settings(), parts), (Settings(fold=True), parts)], lambda request: request.draws)
    assert (made["game"], made["kit"], made["cards"]) == ("small", "0a1b2c3d", {"deck": {"ace": "1", "two": "2"}})
    assert "rules" not in made and list(made["variants"]) == ["a4-duplex", "a4-fold"]
    faces = list(made["variants"]["a4-duplex"])
    key = hashlib.sha256(b"ace").hexdigest()[:16]
    assert faces[0] == {"key": key, "component": "deck", "card": "ace", "side": "fronts", "page": 3, "slot": 1}
    assert [(face["component"], face["card"], face["page"], face["slot"]) for face in faces] == [
        ("deck", "ace", 3, 1), ("deck", "two", 3, 2), ("map", None, 5, 1)]  # (the contents 1-2, a blank back 4)
    assert len({face["key"] for face in faces}) == 3 and all(len(face["key"]) == 16 for face in faces)
    ruled = changes.manifest(small_kit((("goal", 25),))[0], [], lambda request: "")
    assert ruled["rules"] == "goal=25" and ruled["variants"] == {}


def test_a_face_that_is_no_card_s_belongs_to_the_part_whose_data_asks_for_it_else_to_the_page_s_first():
    _, (deck, sheet) = small_kit()
    assert changes._owner((deck, sheet), SimpleNamespace(where=sheet.component.where)) == "map"
    assert changes._owner((sheet, deck), SimpleNamespace(where=Where("small/other.yaml", 1))) == "map"
    assert changes._owner((deck, sheet), SimpleNamespace(where=Where("small/other.yaml", 1))) == "deck"


def face(component: str, card: str | None, side: str, key: str, page: int = 1) -> dict:
    return {"component": component, "card": card, "side": side, "key": key, "page": page, "slot": 1}


def test_faces_that_are_no_card_s_are_known_by_their_side_and_their_place_among_their_component_s():
    """A sheet's second front changed, its first did not; a third front is new and the first back removed."""
    old = [face("map", None, "sheets", "a"), face("map", None, "sheets", "b"), face("map", None, "backs", "z"),
           face("deck", "ace", "fronts", "k")]
    new = [face("map", None, "sheets", "a"), face("map", None, "sheets", "c"), face("map", None, "sheets", "d"),
           face("deck", "ace", "fronts", "k")]
    found = changes.compare(SimpleNamespace(components={}), old, new)
    assert (found.changed, found.added, found.removed) == ([("map", "sheets 2")], [("map", "sheets 3")],
                                                           [("map", "backs 1")])
    assert found.recounted == {} and found and (found.old, found.new) == (old, new)
    assert not changes.compare(SimpleNamespace(components={}), old, old)


def test_only_recounted_cards_are_still_a_change_and_the_checklist_says_what_to_do_with_them(toy):
    recounted = Changes([], [], [], {("deck", "beta"): (2, 4)}, [], [])
    assert recounted and recounted.more == {("deck", "beta"): 2} and recounted.fewer == {}
    assert ("heading", "Nothing changed: there is nothing to reprint.") not in checklist_lines(toy, recounted)
    alike = Changes([], [], [], {("deck", "beta"): (2, 2)}, [], [])
    assert alike.more == {} and alike.fewer == {}
    assert Changes([], [], [("deck", "delta")], {}, [], []) and Changes([], [("deck", "x")], [], {}, [], [])


def test_copies_are_counted_only_when_every_face_was_drawn_as_now_in_whole_copies():
    front, back = ("fronts", "f"), ("backs", "b")
    assert changes._printed([front, back] * 3, [front, back] * 2, 2) == 3
    assert changes._printed([front] * 3, [front] * 2, 0) is None  # no copies now: nothing to count by
    assert changes._printed([front, back] * 3, [front] * 2, 2) is None  # a face gone
    assert changes._printed([front, back] * 3, [front, back, back], 2) is None  # not whole copies now
    assert changes._printed([front] * 3, [front] * 2, 1) is None  # a copy now prints the face twice: 3 is no copies
    assert changes._printed([front] * 3 + [back] * 4, [front, back], 1) is None  # its faces counted unevenly
    assert changes._printed([front] * 2, [front] * 4, 4) == 2  # fewer printed than now


def test_a_piece_printed_at_six_places_names_them_all_and_an_unknown_component_by_its_id(toy):
    printed = entries("alpha", [(3, slot) for slot in range(1, 7)]) + [face("gone", "x", "fronts", "k", 7)]
    lines = checklist_lines(toy, Changes([("deck", "alpha")], [], [("gone", "x")], {}, printed, []))
    assert ("text", "Deck · alpha — " + "; ".join(f"page 3 slot {slot} (fronts)" for slot in range(1, 7))) in lines
    assert ("text", "gone · x — page 7 slot 1 (fronts)") in lines


def test_a_reprint_lays_out_again_only_the_parts_that_changed_a_deck_s_cards_alone(toy, monkeypatch):
    """Of the toy game's deck, beta changed and alpha gained a copy: the deck is laid out again with them alone;
    a part with nothing changed is left out, and another that changed is printed whole."""
    laid = []

    def pages(game, component, settings):
        laid.append(component)
        return ["a page"]

    monkeypatch.setitem(LAYOUTS, "cards", replace(LAYOUTS["cards"], pages=pages))
    deck, sheet, counters = (toy.components[name] for name in ("deck", "sheet", "counters"))
    parts = [Part(deck, ["old"], "deck advice"), Part(sheet, ["old"], "sheet advice"), Part(counters, ["old"], "")]
    found = Changes([("deck", "beta")], [("counters", "star")], [("sheet", "sheets 1")], {("deck", "alpha"): (3, 4)},
                    [], [])
    again = changes.reprinted(toy, parts, found, Settings())
    assert [(part.component.id, part.pages, part.advice) for part in again] == [
        ("deck", ["a page"], "deck advice"), ("counters", ["old"], "")]
    assert [(card.id, card.count) for card in laid[0].cards] == [("alpha", 1), ("beta", 2)]
    assert again[1] is parts[2]
    only_more = changes.reprinted(toy, parts, Changes([], [], [], {("deck", "alpha"): (3, 4)}, [], []), Settings())
    assert [part.component.id for part in only_more] == ["deck"]


def test_only_a_print_shop_kind_s_cards_are_laid_out_again_alone(toy):
    assert changes._alone(toy.components["deck"])
    assert not changes._alone(toy.components["counters"])  # tokens: their part printed whole
    assert not changes._alone(SimpleNamespace(kind="board", cards=()))  # printed by a shop, but of no cards


def test_a_card_of_one_copy_now_was_printed_as_many_times_as_its_faces_were():
    front, back = ("fronts", "f"), ("backs", "b")
    assert changes._printed([front, back] * 3, [front, back], 1) == 3
    assert changes._printed([front, back], [front, back], 1) == 1


def test_a_face_s_card_is_found_by_where_its_data_is_each_sheet_of_a_workbook_apart():
    from pnp.errors import InSheet

    def card(name: str, where: Where) -> SimpleNamespace:
        return SimpleNamespace(id=name, where=where)

    red, blue = InSheet("cards.xlsx", 2, sheet="Red"), InSheet("cards.xlsx", 2, sheet="Blue")
    deck = [card("ace", Where("deck.csv", 2)), card("two", Where("deck.csv", 3))]
    gems = [card("ruby", red), card("sapphire", blue)]
    game = SimpleNamespace(components={"deck": SimpleNamespace(id="deck", cards=deck),
                                       "gems": SimpleNamespace(id="gems", cards=gems)})
    cards = changes.CardsAt(game)
    assert cards.get(Where("deck.csv", 3)) == ("deck", "two") and cards.get(Where("deck.csv", 2)) == ("deck", "ace")
    assert cards.get(red) == ("gems", "ruby") and cards.get(blue) == ("gems", "sapphire")  # the same row of each
    assert cards.get(Where("deck.csv", 9)) is None  # past its file's last card
    assert cards.get(InSheet("cards.xlsx", 2, sheet="Green")) is None and cards.get(Where("game.yaml", 4)) is None
    assert changes.CardsAt(SimpleNamespace(components={})).get(Where("deck.csv", 2)) is None
