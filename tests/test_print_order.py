"""A kit's pages in print order (pnp/layout/print_order.py), for a small kit made here of two parts of one page
each: the contents first, a blank back wherever a part would start on the back of another, and what each page is
called under its picture."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.layout.imposition import Page, Settings, Slot
from pnp.layout.print_order import Part, captions, holds_part, page_groups, sequence
from pnp.model.geometry import Box

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
