"""Paper economy: each kit prints on few sheets, and no sheet is mostly empty unless nothing else could share
it. Counted from the laid-out pages (pnp/layout/print_order.py), as a printer feeds them: in a duplex kit a sheet is an
odd page and the page after it; in a fold-and-glue kit, each page."""
from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import edit
from pnp.layout import print_order as layout
from pnp.layout.imposition import Settings, printable
from pnp.layout.packing import (LEAST_USED, _merged, _orders, _packed, entries_of, kit_pages, packed_pages, paper, region_of,
                                runs_of)
from pnp.memo import Memo
from pnp.model.paper import PAPERS
from pnp.build.stages import read_kit as load_game  # (the game as the build prints it: its texts stated)
from pnp.read.games import game_slugs

# the most sheets each kit may take on A4, (duplex, fold): what packing the part-filled pages together gives
SHEETS = {"buccaneer": (16, 24), "buried-treasure": (11, 22), "cannon-dice": (15, 19), "pete-the-pirate": (6, 7),
          "pirates-gold": (10, 18)}


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
    """The area of the trimmed pieces on a page (of a tiled board, the part of it printed there; of a fold-and-glue
    sheet, its fronts' twice: each takes the half behind it, its back printed there or left blank)."""
    total = 0.0
    for slot, _ in page.placed:
        if page.fold and not (slot.trim.x1 <= page.fold[1] + 1e-6 if page.fold[0] == "x"
                              else slot.trim.y0 >= page.fold[1] - 1e-6):
            continue
        seen = slot.trim.clip(slot.clip).clip(area)
        total += max(0.0, seen.w) * max(0.0, seen.h) * (2 if page.fold else 1)
    return total


KITS = [(slug, fold) for slug in game_slugs() for fold in (False, True)]
IDS = [f"{slug}-{'fold' if fold else 'duplex'}" for slug, fold in KITS]


@pytest.mark.parametrize("slug,fold", KITS, ids=IDS)
def test_a_kit_prints_on_few_sheets_and_none_mostly_empty(slug, fold):
    found = sheets(load_game(slug), Settings(fold=fold))
    assert len(found) <= SHEETS[slug][fold]
    _none_mostly_empty(found)


LETTER_OVER_A4 = 1.15  # the most sheets a Letter kit may take, as a share of its A4 kit's


@pytest.mark.parametrize("slug,fold", KITS, ids=IDS)
def test_a_letter_kit_takes_few_more_sheets_than_an_a4_kit(slug, fold):
    """Letter is shorter than A4: poker cards lie eight to a page on their sides (every cut keeps its crop marks)
    where A4 holds nine, and a rules text that runs a little over one page is set a little smaller."""
    game = load_game(slug)
    a4, letter = (len(sheets(game, Settings(fold=fold, paper=PAPERS[name]))) for name in ("a4", "letter"))
    assert letter <= LETTER_OVER_A4 * a4, (letter, a4)


def test_runs_cut_in_two_put_petes_card_pieces_on_two_letter_sheets():
    """On Letter, Pete's sailors (a row of five is too wide), chests and die take three sheets of card as whole
    runs, each one block; cut in two, the halves fill the rooms beside and below the others: two sheets, every
    block inside the printable area above the footer and clear of every other (each keeps its cuts)."""
    game = load_game("pete-the-pirate")
    settings = Settings(paper=PAPERS["letter"])
    region = region_of(settings, None)
    parts = [part for part in layout.parts(game, settings) if part.component.id in ("pawns", "chests", "die")]
    runs = [run for part in parts for run in runs_of(part, part.pages, settings)]
    whole = min(len(_packed(ordered, region, even).sheets) for ordered in _orders(_merged(runs)) for even in (0, 1))
    packed, _ = packed_pages(runs, settings)
    assert (whole, len(packed)) == (3, 2)
    for _, pages in packed:
        frames = [block.content for block in pages[0].blocks]
        assert all(region.x0 - 1e-6 <= f.x0 and f.x1 <= region.x1 + 1e-6 and region.y0 - 1e-6 <= f.y0
                   and f.y1 <= region.y1 + 1e-6 for f in frames)
        assert all(min(a.x1, b.x1) <= max(a.x0, b.x0) + 1e-6 or min(a.y1, b.y1) <= max(a.y0, b.y0) + 1e-6
                   for i, a in enumerate(frames) for b in frames[i + 1:])


@pytest.mark.parametrize("change", [
    lambda run: replace(run, pieces=run.pieces[:-1]),
    lambda run: replace(run, pieces=[replace(piece, size=(piece.size[0] + 1, piece.size[1])) for piece in run.pieces]),
    lambda run: replace(run, bleed=run.bleed + 1), lambda run: replace(run, gutter=run.gutter + 1),
    lambda run: replace(run, marks=not run.marks), lambda run: replace(run, upright=not run.upright),
    lambda run: replace(run, cut_lines=not run.cut_lines), lambda run: replace(run, header=run.pieces[0].front)],
    ids=["count", "size", "bleed", "gutter", "marks", "upright", "cut-lines", "header"])
def test_the_way_of_packing_kept_for_some_runs_is_not_taken_for_others(monkeypatch, change):
    """The way of packing found best is kept by all it depends on (packing._best): Pete's card pieces on Letter,
    two sheets cut in two, take three packed whole; that way kept for runs changed in any one respect is not
    taken for them, and the way kept for them packs them again as they were packed."""
    from pnp.layout import packing

    game = load_game("pete-the-pirate")
    settings = Settings(paper=PAPERS["letter"])
    region = region_of(settings, None)
    parts = [part for part in layout.parts(game, settings) if part.component.id in ("pawns", "chests", "die")]
    runs = _merged([run for part in parts for run in runs_of(part, part.pages, settings)])
    changed = [change(runs[0])] + runs[1:]
    whole = (False, False, 0)  # the runs whole, each filling its pages in turn, in the first order
    monkeypatch.setattr(packing, "CHOSEN", Memo(packing.CHOSEN.most))
    packing.CHOSEN.keep(packing._shape(changed, region), whole)
    packed, _ = packed_pages(runs, settings)
    assert len(packed) == 2 and packing.CHOSEN[packing._shape(runs, region)] != whole
    again, _ = packed_pages(runs, settings)
    assert [[(slot, id(face)) for page in pages for slot, face in page.placed] for _, pages in again] == \
        [[(slot, id(face)) for page in pages for slot, face in page.placed] for _, pages in packed]


@pytest.mark.parametrize("slug,fold", KITS, ids=IDS)
def test_on_letter_paper_too_no_sheet_is_mostly_empty(slug, fold):
    _none_mostly_empty(sheets(load_game(slug), Settings(fold=fold, paper=PAPERS["letter"])))


def _none_mostly_empty(found: list) -> None:
    """Every sheet at least LEAST_USED covered: a piece alone in its stock is packed with another stock's."""
    for owners, stock, used in found:
        assert used >= LEAST_USED, f"{owners} on {stock}: {used:.0%} used"


def test_small_parts_of_one_stock_share_a_sheet():
    """Buccaneer's ships and treasure, and the last cards of its decks, print on one card-stock sheet; Pete's
    die, standees and boxes share theirs."""
    holds = [set(owners) for owners, _, _ in sheets(load_game("buccaneer"), Settings())]
    assert {"ships", "treasure", "chance-cards"} <= next(owners for owners in holds if "ships" in owners)
    holds = [set(owners) for owners, _, _ in sheets(load_game("pete-the-pirate"), Settings())]
    assert {"die"} < next(owners for owners in holds if "die" in owners)


@pytest.mark.parametrize("fold", [False, True])
def test_the_assembly_map_shares_its_page_and_still_leads_the_board(fold):
    """Buccaneer's assembly map takes the top of its page; the island mat, on the same paper, is printed below
    it, and the page comes before the board's sheets, as the board's advice says."""
    game = load_game("buccaneer")
    settings = Settings(fold=fold)
    parts = layout.parts(game, settings)
    entries = layout.sequence(game, parts, settings, with_contents=True)
    holds = [[part.component.id for part in owners] for owners, _ in entries]
    first = holds.index(["board", "island-mat"])
    assert all("board" not in owners for owners in holds[:first])
    assert [owners for owners in holds if "island-mat" in owners] == [["board", "island-mat"]]
    (_, page), = [entry for entry in entries if [part.component.id for part in entry[0]] == ["board", "island-mat"]]
    (map_slot, _), (mat_slot, _) = page.placed
    assert map_slot.trim.y0 >= mat_slot.trim.y1 and map_slot.rotation == 0  # the map above and upright, the mat below
    assert "before them" in next(part for part in parts if part.component.id == "board").advice


@pytest.mark.parametrize("fold", [False, True])
def test_a_piece_too_large_to_share_a_page_keeps_its_own_page_in_the_kit(game_copy, fold):
    """Pete's standees made tarot size (78 × 277 mm with their feet) fill their own page only over the footer's
    band and without room for crop marks: they are packed with no other part's pieces (that was an internal
    error), and the kit prints their own pages."""
    folder = game_copy("pete-the-pirate")
    edit(folder / "game.yaml", "size: [30mm, 46mm]", "size: tarot")
    game = load_game(str(folder))
    settings = Settings(fold=fold)
    parts = layout.parts(game, settings)
    pawns = next(part for part in parts if part.component.id == "pawns")
    entries = layout.sequence(game, parts, settings, with_contents=True)
    theirs = [(owners, page) for owners, page in entries if any(owner is pawns for owner in owners)]
    assert [(len(owners), page) for owners, page in theirs] == [(1, page) for page in pawns.pages]
    assert any(len(owners) > 1 for owners, _ in entries)  # the other parts are still packed together


def test_stocks_on_the_same_paper_share_it():
    assert paper("paper of 120–160 g/m², or plain paper") == paper("paper of 120–160 g/m², or plain paper glued "
                                                                   "onto card") == "paper of 120–160 g/m²"
    assert paper("paper of 120–160 g/m² (the glued halves make the token)") == "paper of 120–160 g/m²"
    assert paper("card stock (250–300 g/m²)") != paper("card stock (160–200 g/m²)")
    assert paper("plain paper") == "plain paper"


@pytest.mark.parametrize("fold", [False, True])
def test_packed_pages_place_every_piece_once_with_its_back_behind_it(fold):
    game = load_game("buccaneer")
    settings = Settings(fold=fold)
    parts = [part for part in layout.parts(game, settings) if part.component.id in ("ships", "treasure")]
    pieces = [piece for part in parts for run in runs_of(part, part.pages, settings) for piece in run.pieces]
    packed = [page for _, page in entries_of(kit_pages(parts, settings))]
    fronts = [page for page in packed if not page.reverse]
    assert all(page.blocks for page in fronts)
    placed = [face for page in fronts for block in page.blocks[::2 if fold else 1] for _, face in block.placed]
    unplaced = [piece.front for piece in pieces]
    for face in placed:  # each piece once (a card's request, made again as its page is read, equal to the first)
        unplaced.remove(face)
    assert not unplaced
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


def test_a_rules_text_a_little_over_a_page_is_set_a_little_smaller():
    """Buccaneer's rules run to a second Letter page at the usual size: set at the largest size that keeps them
    to one page, they take one sheet, as on A4, where they keep the usual size."""
    from pnp.layout.rulesheet import BODIES, BODY
    game = load_game("buccaneer")
    for name, size in (("a4", BODY), ("letter", BODIES[-1])):
        settings = Settings(paper=PAPERS[name])
        rules = next(part for part in layout.parts(game, settings) if part.component.kind == "rules")
        assert len(rules.pages) == 1
        (_, face), = rules.pages[0].placed
        sizes = {values["size"] for step, values in face.steps if step == "text" and values["font"] == "sans"}
        assert size in sizes and not {body for body in BODIES if body != size} & sizes


@pytest.mark.parametrize("fold", [False, True])
def test_a_lone_piece_shares_a_sheet_of_a_stock_that_serves_it(fold):
    """Cannon Dice's two dice (card stock of 160–200 g/m²) would cover a fifth of a sheet alone, the treasure
    chest envelope (paper or thin card) a third of another: the envelope prints on the dice's card, and the
    contents page says so."""
    game = load_game("cannon-dice")
    settings = Settings(fold=fold)
    parts = layout.parts(game, settings)
    entries = layout.sequence(game, parts, settings, with_contents=True)
    holds = [[part.component.id for part in owners] for owners, _ in entries]
    assert [owners for owners in holds if "dice" in owners or "envelope" in owners] == [["dice", "envelope"]]
    (_, page), = [entry for entry in entries if [part.component.id for part in entry[0]] == ["dice", "envelope"]]
    assert page.stock == "card stock (160–200 g/m²)"
    assert entries[entries.index((_, page)) + 1][1] is None if not fold else True  # a one-sided sheet: blank back
    text = " ".join(step[1]["text"] for page in layout.document(game, parts, settings, True)
                    if page.side == "contents" for step in page.flat.steps if step[0] == "text")
    assert "In this kit some of its pieces print on card stock (160–200 g/m²), with the Cannon dice" in text


def test_a_heavier_stock_serves_a_lighter_piece_never_the_other_way():
    """Pete's gems (card of 250–300 g/m²) take the board's assembly map (paper of 120–160 g/m²) onto their sheet;
    its card of 160–200 g/m² never takes the gems."""
    from pnp.model.paper import stock_weight
    assert stock_weight("card stock (250–300 g/m²)") > stock_weight("card stock (160–200 g/m²)") > stock_weight(
        "paper of 120–160 g/m², or plain paper") > stock_weight("paper or thin card") == stock_weight("plain paper")
    game = load_game("pete-the-pirate")
    settings = Settings()
    parts = layout.parts(game, settings)
    entries = layout.sequence(game, parts, settings, with_contents=True)
    gems = [page for owners, page in entries if any(part.component.id == "gems" for part in owners)]
    assert {page.stock for page in gems} == {"card stock (250–300 g/m²)"}
    assert all(part.component.id in ("gems", "board") for owners, page in entries if page in gems for part in owners)
