"""What a reprint (`pnp build --changed-since`, pnp/layout/changes.py) prints for the toy game: the cards a deck
prints again, whole or only their added copies; the checklist's lines, each piece at its old kit page and slot;
and the checklist set on as many pages as it needs, above the footer."""
from __future__ import annotations

import pytest

from conftest import TOY
from pnp.layout.changes import AddedCopies, Changes, _cards_reprinted, checklist_lines, checklist_pages
from pnp.layout.imposition import FOOTER_BAND, Settings, printable
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
