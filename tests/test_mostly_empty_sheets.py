"""Which stock's sheets a part's pieces print on, where packing them with their own stock would leave a sheet
mostly empty (pnp/layout/packing.py `economise`), and how much of a sheet its pieces cover: the pools of small
kits made here, each part one piece."""
from __future__ import annotations

import pytest

from pnp.layout.imposition import Page, Settings, Slot, printable
from pnp.layout.packing import LEAST_USED, Piece, Pool, Run, _pack, covered, economise
from pnp.model.geometry import Box

pytestmark = pytest.mark.quick

CARD, PAPER = "card stock (250–300 g/m²)", "paper of 120–160 g/m²"
SETTINGS = Settings()  # A4, duplex
AREA = printable(SETTINGS).w * printable(SETTINGS).h


def pool(stock: str, *parts: tuple[str, float, float], size: tuple = SETTINGS.size) -> Pool:
    """The pool of a stock's part-filled pages (of `size`): each part (its name, its one piece's width and
    height) printed one-sided, with a 3 mm bleed and crop marks."""
    page = Page(size=size, side="sheets")
    loose = [(name, [page], [Run([Piece(name, f"{name}'s face", None, (w, h))], 3.0, 0.0, True, False)])
             for name, w, h in parts]
    return Pool(stock, page, loose)


def held(pools: list) -> dict:
    """stock -> the names of the parts its sheets print."""
    return {each.stock: [name for name, _, _ in each.loose] for each in pools}


@pytest.mark.parametrize("w, h, moved", [(129.0, 129.0, True), (123.0, 140.0, False), (133.0, 133.0, False)])
def test_a_sheet_under_the_least_share_used_takes_a_lighter_stock_s_part_to_fill_it(w, h, moved):
    """The card's one piece covers 29 % of its sheet (under LEAST_USED), 30 % or 31 %: under it, the paper's
    smaller part moves onto the card's sheet, which it fills a little more, though no sheet is saved; at it or
    over it, each stock keeps its own parts."""
    assert AREA == 200.0 * 287.0 and (w * h / AREA < LEAST_USED) == moved
    pools = [pool(PAPER, ("map", 190.0, 150.0), ("tile", 60.0, 60.0)), pool(CARD, ("chit", w, h))]
    found = held(economise(pools, SETTINGS))
    assert found == ({PAPER: ["map"], CARD: ["chit", "tile"]} if moved else {PAPER: ["map", "tile"], CARD: ["chit"]})


def test_two_stocks_that_fit_one_sheet_print_on_the_heavier_however_full_their_sheets_are():
    """A sheet saved is taken whatever share of it is used: the paper's map moves onto the card's sheet (card
    serves a paper piece, never the other way), whichever pool comes first."""
    for pools in ([pool(PAPER, ("map", 120.0, 120.0)), pool(CARD, ("chit", 140.0, 140.0))],
                  [pool(CARD, ("chit", 140.0, 140.0)), pool(PAPER, ("map", 120.0, 120.0))]):
        assert held(economise(pools, SETTINGS)) == {CARD: ["chit", "map"]}


def test_part_filled_pages_laid_out_turned_are_packed_on_pages_turned_alike():
    packed, _ = _pack(pool(PAPER, ("strip", 250.0, 60.0), size=(297.0, 210.0)), SETTINGS)
    ((owners, pages),) = packed
    assert owners == ["strip"] and [page.size for page in pages] == [(297.0, 210.0)]
    (slot, face), = pages[0].placed
    assert face == "strip's face" and (slot.trim.w, slot.trim.h, slot.rotation) == (250.0, 60.0, 0)


@pytest.mark.parametrize("axis, at, fronts, backs", [
    ("x", 148.5, [Box(20, 30, 120, 100)], [Box(177, 30, 277, 100)]),
    ("y", 105.0, [Box(30, 120, 130, 190)], [Box(30, 20, 130, 90)]),
])
def test_a_fold_and_glue_sheet_is_covered_by_its_fronts_twice(axis, at, fronts, backs):
    """Each front on a fold-and-glue sheet takes the half behind it too, its back printed there or not: left of
    a fold across the page, above a fold along it."""
    faces = [(Slot(box, 0, box), None) for box in fronts + backs]
    assert covered(Page(size=(297.0, 210.0), side="fold-and-glue", placed=faces, fold=(axis, at))) == 2 * 100 * 70
    assert covered(Page(size=(297.0, 210.0), side="fold-and-glue", placed=faces[:1], fold=(axis, at))) == 2 * 100 * 70
    assert covered(Page(size=(297.0, 210.0), side="sheets", placed=faces)) == 2 * 100 * 70
