"""Paper economy: each kit prints on few sheets, and no sheet is mostly empty unless nothing else could share
it. Counted from the laid-out pages (pnp/layout/kit.py), as a printer feeds them: in a duplex kit a sheet is an
odd page and the page after it; in a fold-and-glue kit, each page."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.layout import kit as layout
from pnp.layout.imposition import Settings, printable
from pnp.layout.packing import kit_pages, runs_of
from pnp.read.games import game_slugs, load_game

# the most sheets each kit may take on A4, (duplex, fold): what packing the part-filled pages together gives
SHEETS = {"buccaneer": (18, 27), "buried-treasure": (12, 24), "cannon-dice": (17, 22), "pete-the-pirate": (7, 8),
          "pirates-gold": (10, 20)}
LEAST_USED = 0.30  # of a sheet's printable area, covered by trimmed pieces, unless the sheet is alone in its stock


def sheets(game, settings: Settings) -> list[tuple[list, set, float]]:
    """Each sheet of a kit: the parts on it, the stock they print on, and how much of it they cover."""
    parts = layout.parts(game, settings)
    entries = layout.sequence(game, parts, settings, with_contents=True)
    area = printable(settings)
    form = "fold" if settings.fold else "duplex"
    step = 1 if settings.fold else 2
    found = []
    for start in range(0, len(entries), step):
        unit = entries[start:start + step]
        owners = [part for owners, _ in unit for part in owners]
        if not owners:
            continue  # the contents
        stock = {part.component.stock_for(form) for part in owners}
        found.append(([part.component.id for part in owners], stock,
                      max(_covered(page, area) for _, page in unit if page not in (None, "contents")) / (
                          area.w * area.h)))
    return found


def _covered(page, area) -> float:
    """The area of the trimmed pieces on a page (of a tiled board, the part of it printed there)."""
    total = 0.0
    for slot, _ in page.placed:
        seen = slot.trim.clip(slot.clip).clip(area)
        total += max(0.0, seen.w) * max(0.0, seen.h)
    return total


KITS = [(slug, fold) for slug in game_slugs() for fold in (False, True)]


@pytest.mark.parametrize("slug,fold", KITS, ids=[f"{slug}-{'fold' if fold else 'duplex'}" for slug, fold in KITS])
def test_a_kit_prints_on_few_sheets_and_none_mostly_empty(slug, fold):
    game = load_game(slug)
    found = sheets(game, Settings(fold=fold))
    assert len(found) <= SHEETS[slug][fold]
    stocks = [stock for _, stock, _ in found]
    for owners, stock, used in found:
        assert stocks.count(stock) == 1 or used >= LEAST_USED, f"{owners} on {stock}: {used:.0%} used"


def test_small_parts_of_one_stock_share_a_sheet():
    """Buccaneer's ships and treasure, and the last cards of its decks, print on one card-stock sheet; Pete's
    die, standees and boxes share theirs."""
    holds = [set(owners) for owners, _, _ in sheets(load_game("buccaneer"), Settings())]
    assert {"ships", "treasure", "chance-cards"} <= next(owners for owners in holds if "ships" in owners)
    holds = [set(owners) for owners, _, _ in sheets(load_game("pete-the-pirate"), Settings())]
    assert {"die"} < next(owners for owners in holds if "die" in owners)


@pytest.mark.parametrize("fold", [False, True])
def test_packed_pages_place_every_piece_once_with_its_back_behind_it(fold):
    game = load_game("buccaneer")
    settings = Settings(fold=fold)
    parts = [part for part in layout.parts(game, settings) if part.component.id in ("ships", "treasure")]
    pieces = [piece for part in parts for run in runs_of(part, part.pages, settings) for piece in run.pieces]
    packed = [page for _, page in kit_pages(parts, settings)]
    fronts = [page for page in packed if not page.reverse]
    assert all(page.blocks for page in fronts)
    placed = [face for page in fronts for block in page.blocks[::2 if fold else 1] for _, face in block.placed]
    assert sorted(map(id, placed)) == sorted(id(piece.front) for piece in pieces)
    for page in fronts:
        frames = [block.content for block in page.blocks]
        for i, a in enumerate(frames):  # each group's crop marks stay in its own frame
            assert all(a.x1 <= b.x0 + 1e-6 or b.x1 <= a.x0 + 1e-6 or a.y1 <= b.y0 + 1e-6 or b.y1 <= a.y0 + 1e-6
                       for b in frames[i + 1:])
            assert a.clip(printable(replace(settings, size=page.size))) == a
    if fold:  # each back is the mirror of its front about the fold
        for page in fronts:
            axis, at = page.fold
            for front, back in zip(page.blocks[::2], page.blocks[1::2]):
                for (f, _), (b, _) in zip(front.placed, back.placed):
                    assert (abs(f.trim.x0 + b.trim.x1 - 2 * at) < 1e-6 if axis == "x"
                            else abs(f.trim.y0 + b.trim.y1 - 2 * at) < 1e-6)
    else:  # a duplex back is behind its front when the sheet is turned over its long edge
        for page, back in zip(packed, packed[1:]):
            if back.reverse:
                for (f, _), (b, _) in zip(page.placed, back.placed):
                    assert abs(f.trim.x0 + b.trim.x1 - settings.size[0]) < 1e-6 and abs(f.trim.y0 - b.trim.y0) < 1e-6
