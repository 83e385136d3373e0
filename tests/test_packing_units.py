"""The packer, function by function, on small made-up pieces: the block that fits a room, the rooms it leaves,
pages filled in turn or shared out evenly, the way of packing chosen, and a kit's part-filled pages packed
together (pnp/layout/packing.py)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.layout import packing
from pnp.layout.imposition import (FOOTER_BAND, MARK_ROOM, NoRoom, Page, Settings, Slot, Spacing, behind, duplex_pages,
                                   fold_pages, shelf_pages)
from pnp.layout.packing import (Packer, Piece, Pool, Run, Sheet, _best, _block, _least, _may_move, _merged, _moved,
                                _halved, _orders, _packable, _packed, _score, _shape, _sheets, _split, _stock,
                                entries_of, kit_pages, packed_pages, paper, pieces_of, region_of, runs_of, used)
from pnp.memo import Memo
from pnp.model.paper import PAPERS
from pnp.model.geometry import Box

pytestmark = pytest.mark.quick

CARD, PAPER = "card stock (250–300 g/m²)", "paper of 120–160 g/m²"
ROOM = Box(0.0, 0.0, 100.0, 100.0)


def run(n: int, size: tuple, bleed=0.0, gutter=0.0, marks=False, owner="o", backs=False, **kw) -> Run:
    return Run([Piece(owner, (owner, i), (owner, "back", i) if backs else None, size) for i in range(n)], bleed,
               gutter, marks, False, **kw)


def shapes(packer: Packer) -> list:
    """Each sheet's blocks, as (columns, rows, frame)."""
    return [[(grid.cols, grid.rows, frame) for _, grid, frame, _ in sheet.blocks] for sheet in packer.sheets]


@pytest.fixture(autouse=True)
def fresh_memo(monkeypatch):
    monkeypatch.setattr(packing, "CHOSEN", Memo(100))


def test_a_block_keeps_the_bleed_and_marks_round_it_or_only_the_marks_where_that_fits_more():
    cards = run(7, (20.0, 30.0), bleed=1.0, marks=True)
    assert cards.rooms == (1.0 + MARK_ROOM, MARK_ROOM) and run(1, (5, 5), gutter=4.0).rooms == (2.0,)
    assert _block(cards, 7, Box(0.0, 0.0, 100.0, 50.0)) == (3, 2, True, 99.0, 49.0, 4.5)
    assert _block(cards, 7, Box(0.0, 0.0, 29.0, 39.0)) == (1, 1, False, 29.0, 39.0, 4.5)
    assert _block(cards, 7, Box(0.0, 0.0, 27.0, 37.0)) == (1, 1, False, 27.0, 37.0, 3.5)  # the bleed given up
    assert _block(cards, 7, Box(0.0, 0.0, 37.0, 27.0)) == (1, 1, True, 37.0, 27.0, 3.5)
    assert _block(cards, 7, Box(0.0, 0.0, 27.0, 36.99)) is None
    # five: four as two by two turned (the smaller block) rather than four in a row upright
    assert _block(cards, 5, Box(0.0, 0.0, 100.0, 50.0)) == (2, 2, True, 69.0, 49.0, 4.5)
    assert _block(cards, 1, Box(0.0, 0.0, 100.0, 50.0))[:2] == (1, 1)
    # never turned: five in a row
    assert _block(run(5, (20.0, 30.0), upright=True), 5, Box(0.0, 0.0, 100.0, 50.0)) == (5, 1, False, 100.0, 30.0, 0.0)
    assert _block(run(5, (20.0, 30.0), upright=True), 5, Box(0.0, 0.0, 50.0, 100.0))[:3] == (2, 2, False)
    assert _block(run(5, (20.0, 30.0)), 5, Box(0.0, 0.0, 50.0, 100.0))[:3] == (1, 5, True)
    spaced = run(5, (20.0, 30.0), bleed=1.0, gutter=4.0, marks=True)
    assert _block(spaced, 5, ROOM) == (2, 2, False, 53.0, 73.0, 4.5)
    assert _block(spaced, 4, Box(0.0, 0.0, 53.0, 73.0)) == (2, 2, False, 53.0, 73.0, 4.5)  # just room, gutters and all


def test_the_room_left_beside_a_block_is_cut_the_way_that_leaves_the_larger_piece_larger():
    assert _split(ROOM.inset(top=50.0), 30.0, 20.0) == [Box(30.0, 0.0, 100.0, 50.0), Box(0.0, 0.0, 30.0, 30.0)]
    assert _split(ROOM.inset(top=50.0), 90.0, 20.0) == [Box(90.0, 30.0, 100.0, 50.0), Box(0.0, 0.0, 100.0, 30.0)]
    assert _split(ROOM, 100.0, 40.0) == [Box(0.0, 0.0, 100.0, 60.0)]  # no sliver of no width is kept
    assert _split(ROOM, 100.0, 100.0) == []


def test_the_packer_fills_a_page_then_opens_another():
    packer = _packed([run(5, (40.0, 40.0))], ROOM, False)
    assert shapes(packer) == [[(2, 2, Box(0.0, 20.0, 80.0, 100.0))], [(1, 1, Box(0.0, 60.0, 40.0, 100.0))]]
    assert packer.sheets[0].free == [Box(80.0, 20.0, 100.0, 100.0), Box(0.0, 0.0, 100.0, 20.0)]
    assert _least(packer) == 1600.0


def test_shared_out_evenly_a_run_leaves_no_page_nearly_empty():
    packer = _packed([run(5, (40.0, 40.0))], ROOM, True)
    assert [sum(cols * rows for cols, rows, _ in sheet) for sheet in shapes(packer)] == [3, 2]
    assert _least(packer) == 3200.0


def test_smaller_pieces_go_in_the_room_beside_larger_ones_on_the_first_page_with_room():
    packer = _packed([run(2, (60.0, 60.0), owner="big"), run(3, (30.0, 30.0), owner="small")], ROOM, False)
    assert shapes(packer) == [[(1, 1, Box(0.0, 40.0, 60.0, 100.0)), (3, 1, Box(0.0, 10.0, 90.0, 40.0))],
                              [(1, 1, Box(0.0, 40.0, 60.0, 100.0))]]
    assert packer.sheets[0].owners == ["big", "small"] and packer.sheets[1].owners == ["big"]
    assert _least(packer) == 3600.0


def test_a_piece_larger_than_the_region_is_refused():
    with pytest.raises(NoRoom):
        _packed([run(1, (101.0, 10.0), upright=True)], ROOM, False)
    assert not _packable([run(1, (101.0, 10.0), upright=True)], Settings(size=(110.0, 110.0 + FOOTER_BAND),
                                                                           margin=5.0), None)
    assert _packable([run(1, (100.0, 10.0), upright=True)], Settings(size=(110.0, 110.0 + FOOTER_BAND),
                                                                       margin=5.0), None)


def test_a_run_s_header_heads_every_page_holding_its_pieces_once():
    header = SimpleNamespace(size=(100.0, 10.0))
    pieces = run(3, (50.0, 50.0), header=header)
    packer = _packed([pieces], ROOM, False)
    # the header first, on each page; the pieces below it (two a page: 90 mm is left under the header)
    blocks = [[(cols, rows) for cols, rows, _ in sheet] for sheet in shapes(packer)]
    assert blocks == [[(1, 1), (2, 1)], [(1, 1), (1, 1)]]
    assert [block[3][0].front for block in packer.sheets[0].blocks][0] is header
    assert shapes(packer)[0][0][2] == Box(0.0, 90.0, 100.0, 100.0)
    assert all(sheet.headers == {id(header)} for sheet in packer.sheets)
    assert _place_count(header) == 0  # no room for the header: none of the pieces is placed


def _place_count(header) -> int:
    sheet = Sheet([Box(0.0, 0.0, 100.0, 5.0)])
    return Packer(ROOM)._place(run(1, (5.0, 5.0), header=header), run(1, (5.0, 5.0)).pieces, sheet)


def test_the_packing_that_takes_fewest_pages_then_the_fullest_emptiest_page_is_chosen_and_kept():
    packer = _best([run(5, (40.0, 40.0))], ROOM)
    assert len(packer.sheets) == 2 and _least(packer) == 3200.0  # shared out evenly
    shape = _shape([run(5, (40.0, 40.0))], ROOM)
    assert packing.CHOSEN[shape] == (0, True, 0)  # whole, evenly, in the first order
    again = _best([run(5, (40.0, 40.0))], ROOM)  # packed the way kept
    assert shapes(again) == shapes(packer)


def test_runs_cut_in_two_are_kept_only_where_they_save_a_sheet():
    # three 45 mm pieces and one of another spacing fit one 100 × 100 page whole, as they do cut in two: whole
    packer = _best([run(3, (45.0, 45.0), owner="a"), run(1, (45.0, 45.0), owner="b", gutter=1.0)], ROOM)
    assert len(packer.sheets) == 1
    assert packing.CHOSEN[_shape([run(3, (45.0, 45.0)), run(1, (45.0, 45.0), gutter=1.0)], ROOM)][0] == 0


def test_a_run_of_two_cut_in_two_saves_a_sheet():
    runs = [run(2, (45.0, 55.0), owner="pair"), run(1, (30.0, 55.0), owner="b"), run(1, (20.0, 60.0), owner="c")]
    assert min(len(_packed(order, ROOM, even).sheets) for order in _orders(runs) for even in (False, True)) == 2
    packer = _best(runs, ROOM)
    assert len(packer.sheets) == 1 and packing.CHOSEN[_shape(runs, ROOM)][0] == 1  # cut in two
    assert sorted(piece.front for *_, pieces in packer.sheets[0].blocks for piece in pieces) == sorted(
        piece.front for each in runs for piece in each.pieces)


def test_halves_of_runs_the_larger_first_and_a_single_piece_left_whole():
    halves = _halved([run(5, (10.0, 10.0), owner="a"), run(1, (10.0, 10.0), owner="b")])
    assert [[piece.front for piece in half.pieces] for half in halves] == [
        [("a", 0), ("a", 1), ("a", 2)], [("a", 3), ("a", 4)], [("b", 0)]]
    assert [len(half.pieces) for half in _halved([run(2, (10.0, 10.0))])] == [1, 1]


def test_runs_alike_from_different_parts_are_merged_and_the_originals_left_as_they_were():
    a, b, c = run(2, (10.0, 10.0), owner="a"), run(1, (10.0, 10.0), owner="b"), run(1, (10.0, 10.0), gutter=1.0)
    merged = _merged([a, b, c])
    assert [[piece.owner for piece in each.pieces] for each in merged] == [["a", "a", "b"], ["o"]]
    assert len(a.pieces) == 2 and merged[0] is not a
    for change in ({"bleed": 1.0}, {"marks": True}, {"cut_lines": True}, {"upright": True},
                   {"header": SimpleNamespace(size=(1, 1))}):
        assert len(_merged([a, Run(**{**b.__dict__, **change})])) == 2
    assert len(_merged([a, run(1, (10.0, 11.0))])) == 2


def test_the_orders_tried_are_each_order_largest_first_then_smallest_first_each_once():
    big, small = run(1, (50.0, 50.0), owner="big"), run(4, (10.0, 10.0), owner="small")
    orders = _orders([small, big])
    assert [[each.pieces[0].owner for each in order] for order in orders] == [["big", "small"], ["small", "big"]]
    # by number times area, the four small ones (a 400 mm² run) come after one 2500 mm² piece;
    # by each piece's size the same: so two orders in all
    many = run(30, (10.0, 10.0), owner="many")
    first = [each.pieces[0].owner for each in _orders([many, big])[0]]
    assert first == ["many", "big"]  # 30 × 100 mm² is more than 2500


def test_a_shape_names_all_packing_depends_on_but_the_faces():
    header = SimpleNamespace(size=(5.0, 5.0))
    one = _shape([run(2, (10.0, 20.0), 1.0, 2.0, True, header=header), run(1, (3.0, 3.0), header=header)], ROOM)
    assert one == (ROOM, (((10.0, 20.0), 2, 1.0, 2.0, True, False, False, (0, (5.0, 5.0))),
                          ((3.0, 3.0), 1, 0.0, 0.0, False, False, False, (0, (5.0, 5.0)))))
    other = _shape([run(1, (3.0, 3.0), header=SimpleNamespace(size=(5.0, 5.0))), run(1, (3.0, 3.0), header=header)],
                   ROOM)
    assert [each[-1][0] for each in other[1]] == [0, 1]
    assert _shape([run(1, (3.0, 3.0))], ROOM)[1][0][-1] is None


def test_packed_pages_put_each_back_behind_its_front_and_name_the_area_of_the_emptiest():
    settings = Settings(size=(110.0, 116.0), margin=5.0)
    assert region_of(settings, None) == Box(5.0, 11.0, 105.0, 111.0)
    out, least = packed_pages([run(3, (40.0, 40.0), backs=True)], settings)
    assert least == 4800.0 and len(out) == 1
    owners, (front, back) = out[0]
    assert owners == ["o"] and (front.side, back.side) == ("fronts", "backs") and back.reverse
    assert front.content == back.content == Box(5.0, 11.0, 105.0, 111.0) and front.marks is back.marks is False
    assert front.size == back.size == settings.size
    assert [face for _, face in front.placed] == [("o", 0), ("o", 1), ("o", 2)]
    for (slot, face), (behind_it, back_face) in zip(front.placed, back.placed):
        assert back_face == ("o", "back", face[1]) and behind_it == behind(slot, settings)
    assert len(front.blocks) == 2 and all(block.side == "block" for block in front.blocks)
    assert all(block.size == settings.size for block in front.blocks)
    one_sided, _ = packed_pages([run(2, (40.0, 40.0))], settings)
    assert [page.side for page in one_sided[0][1]] == ["sheets"]


def test_packed_fold_and_glue_pages_mirror_backs_about_the_fold_and_leave_a_one_sided_piece_s_half_blank():
    settings = Settings(size=(210.0, 116.0), margin=5.0)
    assert region_of(settings, ("x", 105.0)) == Box(5.0, 11.0, 105.0, 111.0)
    out, _ = packed_pages([run(2, (40.0, 40.0), backs=True), run(1, (40.0, 40.0), owner="plain")], settings,
                          fold=("x", 105.0))
    (owners, (page,)), = out
    assert page.side == "fold-and-glue" and page.fold == ("x", 105.0) and owners == ["o", "plain"]
    trims = {face: slot.trim for slot, face in page.placed}
    assert trims[("o", "back", 0)] == Box(210.0 - trims[("o", 0)].x1, trims[("o", 0)].y0,
                                          210.0 - trims[("o", 0)].x0, trims[("o", 0)].y1)
    assert len(page.placed) == 5 and len(page.blocks) == 3  # no block of backs for the one-sided piece
    assert page.blocks[1].content == Box(165.0, 31.0, 205.0, 111.0)
    assert page.blocks[1].marks is False and page.blocks[1].cut_lines is False  # as the run's fronts


def test_the_region_of_a_fold_and_glue_page_s_fronts_mirrors_inside_the_printable_area():
    settings = Settings(size=(100.0, 100.0), margin=5.0)
    assert region_of(settings, ("x", 40.0)) == Box(5.0, 11.0, 40.0, 95.0)
    assert region_of(settings, ("x", 60.0)) == Box(25.0, 11.0, 60.0, 95.0)
    assert region_of(settings, ("y", 60.0)) == Box(5.0, 60.0, 95.0, 95.0)
    assert region_of(settings, ("y", 40.0)) == Box(5.0, 40.0, 95.0, 69.0)


def test_the_pieces_of_a_part_s_pages_carry_their_backs_and_their_size_upright():
    settings = Settings()
    pairs = [(("f", i), ("b", i)) for i in range(3)]
    pages = duplex_pages(pairs, (40.0, 60.0), 1.0, 0.0, settings)
    found, header = pieces_of("part", pages)
    assert header is None and [(p.front, p.back, p.size, p.owner) for p in found] == [
        (("f", i), ("b", i), (40.0, 60.0), "part") for i in range(3)]
    many = [(("f", i), ("b", i)) for i in range(15)]
    two_sheets = duplex_pages(many, (63.5, 88.9), 1.0, 0.0, settings)  # a sheet of 9 and one of 6
    assert [(p.front, p.back, p.size) for p in pieces_of("part", two_sheets)[0]] == [
        (front, back, (63.5, 88.9)) for front, back in many]
    folded = fold_pages(pairs, (40.0, 60.0), 1.0, 0.0, Settings(fold=True))
    assert [(p.front, p.back) for p in pieces_of("part", folded)[0]] == [(("f", i), ("b", i)) for i in range(3)]
    turned = duplex_pages([("card", None)], (88.0, 63.0), 0.0, 0.0, Settings(size=(80.0, 100.0), margin=5.0))
    assert turned[0].placed[0][0].rotation == 90
    assert [p.size for p in pieces_of("part", turned)[0]] == [(88.0, 63.0)]


def test_a_shelf_page_s_header_is_its_pieces_header_not_a_piece():
    bar = SimpleNamespace(size=(100.0, 6.0))
    nets = [SimpleNamespace(size=(30.0, 40.0)), SimpleNamespace(size=(30.0, 40.0)), SimpleNamespace(size=(20.0, 20.0))]
    pages = shelf_pages(nets, Settings(), 4.0, header=bar)
    found, header = pieces_of("box", pages)
    assert header is bar and [p.front for p in found] == nets and all(p.back is None for p in found)
    runs = runs_of("box", pages, Settings(cut_lines=True))
    assert [len(each.pieces) for each in runs] == [2, 1] and all(each.header is bar for each in runs)
    assert [(each.bleed, each.gutter, each.marks, each.cut_lines) for each in runs] == [(0.0, 4.0, False, True)] * 2


def test_pieces_read_as_they_stand_are_never_turned():
    slot = Slot(Box(10.0, 10.0, 50.0, 30.0), 0, Box(10.0, 10.0, 50.0, 30.0))
    page = Page(size=(210.0, 297.0), side="sheets", placed=[(slot, "map")], spacing=Spacing(0.0, 4.0, False,
                                                                                          upright=True))
    (only,) = runs_of("board", [page], Settings())
    assert only.upright and only.pieces[0].size == (40.0, 20.0)


def test_runs_of_cards_keep_their_page_s_spacing_and_marks():
    pages = duplex_pages([("f", "b")] * 2, (40.0, 60.0), 2.0, 1.0, Settings(), marks=True)
    (only,) = runs_of("deck", pages, Settings())
    assert (only.bleed, only.gutter, only.marks, only.cut_lines, only.upright) == (2.0, 1.0, True, False, False)
    assert [p.back for p in only.pieces] == ["b", "b"]


def test_a_part_s_pages_each_with_those_printed_behind_it():
    a, b, c, d = (Page(size=(1, 1), side=side, reverse=reverse) for side, reverse in
                  (("fronts", False), ("backs", True), ("sheets", False), ("backs", True)))
    assert list(_sheets([a, b, c, d])) == [(0, [a, b]), (2, [c, d])]
    assert list(_sheets([b, a])) == [(0, [b]), (1, [a])]
    assert list(_sheets([])) == []


def test_the_paper_a_stock_names_first():
    assert paper("paper of 120–160 g/m², or plain paper glued onto card") == "paper of 120–160 g/m²"
    assert paper("paper of 120–160 g/m² (the glued halves make the token)") == "paper of 120–160 g/m²"
    assert paper("card stock (250–300 g/m²)") == "card stock (250–300 g/m²)"
    assert paper("  thin card  ") == "thin card"


def test_parts_share_a_sheet_only_printed_on_the_same_paper_the_same_way():
    component = SimpleNamespace(stock_for=lambda how: {"duplex": CARD, "fold": PAPER}[how], stock={"fold": "x"})
    part = SimpleNamespace(component=component)
    assert _stock(part, Page(size=(1, 1), side="fronts"), Settings()) == (CARD, "backs")
    assert _stock(part, Page(size=(1, 1), side="sheets"), Settings()) == (CARD, "one side")
    assert _stock(part, Page(size=(1, 1), side="sheets"), Settings(fold=True)) == (PAPER, "one side")
    assert _stock(part, Page(size=(2, 3), side="fold-and-glue", fold=("x", 1.0)), Settings(fold=True)) == (
        "x", "fold", (2, 3), ("x", 1.0))


def pool(stock, *names, fold=None, size=(210.0, 297.0), backs=False) -> Pool:
    page = Page(size=size, side="fronts" if backs else "sheets", fold=fold)
    pages = [page] + ([Page(size=size, side="backs", reverse=True)] if backs else [])
    return Pool(stock, page, [(name, pages, [run(1, (30.0, 30.0), owner=name)]) for name in names])


def test_a_part_moves_only_onto_a_stock_as_heavy_printed_alike():
    card, paper_pool = pool(CARD, "a"), pool(PAPER, "b")
    assert _may_move(paper_pool.loose[0], paper_pool, card) and not _may_move(card.loose[0], card, paper_pool)
    folded = pool(CARD, "f", fold=("x", 105.0))
    assert not _may_move(folded.loose[0], folded, card)  # folded and glued never moves
    assert _may_move(paper_pool.loose[0], paper_pool, folded)  # one-sided onto fold-and-glue
    with_backs = pool(PAPER, "d", backs=True)
    assert not _may_move(with_backs.loose[0], with_backs, folded)
    assert _may_move(with_backs.loose[0], with_backs, card)
    letter = pool(CARD, "l", size=(215.9, 279.4))
    assert not _may_move(paper_pool.loose[0], paper_pool, letter)
    # a fold-and-glue sheet of paper weighs twice its paper for a one-sided piece: 240 g/m² serves 200
    assert pool(PAPER, fold=("x", 1.0)).weight(False) == 240.0 and pool(PAPER, fold=("x", 1.0)).weight(True) == 120.0
    assert pool(PAPER).weight(False) == 120.0
    light = pool("paper of 200 g/m²", "g")
    assert _may_move(light.loose[0], light, pool(PAPER, fold=("x", 105.0)))


def test_a_part_moved_leaves_its_pool_and_the_taker_prints_it_as_moved():
    giver, taker = pool(PAPER, "a", "b", "c"), pool(CARD, "d")
    rest, took = _moved(giver, taker, 1)
    assert [name for name, *_ in rest.loose] == ["a", "c"] and rest.stock == PAPER and not rest.moved
    assert [name for name, *_ in took.loose] == ["d", "b"] and took.stock == CARD and took.moved
    assert [name for name, *_ in giver.loose] == ["a", "b", "c"]
    assert [each.pieces[0].owner for each in took.runs] == ["d", "b"]


def test_how_full_the_emptiest_sheet_is_and_a_score_that_counts_sheets_first():
    settings = Settings(size=(110.0, 110.0), margin=5.0)  # 100 × 100 printable
    full = Page(size=(110.0, 110.0), side="sheets", placed=[(Slot(Box(0, 0, 50, 100), 0, Box(0, 0, 50, 100)), "x")])
    quarter = Page(size=(110.0, 110.0), side="sheets", placed=[(Slot(Box(0, 0, 50, 50), 0, Box(0, 0, 50, 50)), "y")])
    assert used([([], [full]), ([], [quarter])], settings) == 0.25 and used([], settings) == 1.0
    assert _score([[([], [full]), ([], [quarter])], [([], [full])], []], settings) == (3, -0.25)
    assert _score([[], []], settings) == (0, -1.0)


def part(name: str, count: int, size=(63.5, 88.9), stock=CARD) -> SimpleNamespace:
    component = SimpleNamespace(stock_for=lambda how: stock, stock={})
    pairs = [((name, "front", i), (name, "back", i)) for i in range(count)]
    return SimpleNamespace(name=name, component=component, pages=duplex_pages(pairs, size, 3.0, 0.0, Settings()))


def test_a_kit_s_part_filled_pages_share_sheets_after_the_last_part_with_pieces_on_them():
    a, b, c = part("A", 3), part("B", 2, (30.0, 30.0)), part("C", 10)
    entries = list(entries_of(kit_pages([a, b, c], Settings())))
    named = [([p.name for p in parts], page.side, len(page.placed), page.stock) for parts, page in entries]
    assert named == [(["C"], "fronts", 9, ""), (["C"], "backs", 9, ""),
                     (["A", "B", "C"], "fronts", 6, CARD), (["A", "B", "C"], "backs", 6, CARD)]
    assert sorted(face for _, face in entries[2][1].placed) == sorted(
        [("A", "front", i) for i in range(3)] + [("B", "front", i) for i in range(2)] + [("C", "front", 9)])


def test_a_part_whose_pages_packing_would_not_save_keeps_them():
    alone = part("A", 3)
    entries = list(entries_of(kit_pages([alone], Settings())))
    assert [page for _, page in entries] == alone.pages


def test_parts_on_different_stocks_keep_their_own_sheets_when_both_are_well_filled():
    a, b = part("A", 8), part("B", 8, stock=PAPER)
    entries = list(entries_of(kit_pages([a, b], Settings())))
    assert [page for _, page in entries] == [*a.pages, *b.pages]


def test_a_big_part_s_own_pages_are_kept_as_a_run_of_them_its_part_filled_sheet_known_by_its_place():
    """A kit keeps a part's own pages as runs of their indexes, not an entry a page (a big deck's pages are made as
    they are asked for, each a page of its own): the 1,000th card, alone on the deck's last sheet, is packed with
    another part's three, and the deck's other 111 sheets print as they are."""
    deck, small = part("D", 1000), part("A", 3)
    runs = kit_pages([deck, small], Settings())
    assert [(tuple(p.name for p in owners), indexes) for owners, _, indexes in runs] == [
        (("D",), range(0, 222)), (("D", "A"), range(0, 2))]
    assert runs[0][1] is deck.pages
    entries = list(entries_of(runs))
    assert [page for _, page in entries[:222]] == deck.pages[:222] and len(entries) == 224
    assert sorted(face for _, face in entries[222][1].placed) == [("A", "front", i) for i in range(3)] + [
        ("D", "front", 999)]


def test_pages_packed_with_a_part_s_leading_page_print_where_that_page_did():
    """A part whose first page leads its full pages (as a board's assembly map leads its sheets): the shared
    sheet its pieces were packed onto prints in its place, before its full pages, naming the parts in the kit's
    order."""
    first, rest = part("D", 1), part("D", 9)
    led = SimpleNamespace(name="D", component=first.component, pages=[*first.pages, *rest.pages])
    full, small = part("Z", 9), part("A", 3)
    entries = list(entries_of(kit_pages([full, led, small], Settings())))
    named = [([p.name for p in parts], page.side, len(page.placed)) for parts, page in entries]
    assert named == [(["Z"], "fronts", 9), (["Z"], "backs", 9), (["D", "A"], "fronts", 4), (["D", "A"], "backs", 4),
                     (["D"], "fronts", 9), (["D"], "backs", 9)]
    assert entries[4][1] == rest.pages[0]


def test_a_piece_that_fits_only_on_its_side_is_turned_a_quarter_round():
    settings = Settings(size=(210.0, 116.0), margin=5.0)  # 200 × 100 mm above the footer
    ((owners, (page,)),), _ = packed_pages([run(1, (90.0, 150.0))], settings)
    ((slot, face),) = page.placed
    assert slot.rotation == 90 and (slot.trim.w, slot.trim.h) == (150.0, 90.0)


def test_each_packed_block_keeps_its_run_s_crop_marks_and_cut_lines_within_its_frame():
    settings = Settings(size=(110.0, 116.0), margin=5.0)
    cards = Run([Piece("deck", ("deck", i), None, (40.0, 40.0)) for i in range(2)], 1.0, 0.0, True, True)
    ((owners, (page,)),), _ = packed_pages([cards], settings)
    (block,) = page.blocks
    assert block.marks is True and block.cut_lines is True and page.marks is False
    room = 1.0 + MARK_ROOM  # the bleed and the marks round the block: the two cards one above the other
    assert block.content == Box(5.0, 111.0 - 2 * room - 80.0, 5.0 + 2 * room + 40.0, 111.0)
    assert block.crop_marks() and page.crop_marks() == block.crop_marks()
    assert all(block.content.x0 <= x <= block.content.x1 for x0, y0, x1, y1 in block.crop_marks() for x in (x0, x1))


def test_on_a_fold_sheet_the_backs_block_mirrors_its_fronts_block_marks_and_all():
    settings = Settings(size=(210.0, 116.0), margin=5.0)
    cards = Run([Piece("deck", ("deck", i), ("deck", "back", i), (40.0, 40.0)) for i in range(2)], 1.0, 0.0, True,
                True)
    ((owners, (page,)),), _ = packed_pages([cards], settings, fold=("x", 105.0))
    fronts, backs = page.blocks
    assert (backs.size, backs.side, backs.marks, backs.cut_lines) == (settings.size, "block", True, True)
    assert backs.content == Box(210.0 - fronts.content.x1, fronts.content.y0, 210.0 - fronts.content.x0,
                                fronts.content.y1)
    assert [face for _, face in backs.placed] == [("deck", "back", 0), ("deck", "back", 1)]


def test_a_fold_and_glue_piece_too_large_for_half_a_sheet_with_room_for_its_marks_keeps_its_own_sheet():
    settings = Settings(fold=True, paper=PAPERS["letter"])
    component = SimpleNamespace(stock_for=lambda how: PAPER, stock={})
    big = SimpleNamespace(component=component, pages=fold_pages([("big", "back")], (96.0, 96.0), 0.0, 0.0, settings))
    small = SimpleNamespace(component=component, pages=fold_pages([("small", "back")], (30.0, 30.0), 0.0, 0.0,
                                                                  settings))
    assert not big.pages[0].spacing.full  # half a Letter sheet holds two
    entries = list(entries_of(kit_pages([big, small], settings)))
    assert entries[0][1] == big.pages[0] and entries[0][0] == (big,)


def test_parts_are_packed_together_when_that_leaves_no_sheet_as_empty_though_it_saves_none():
    # eight cards and two: two sheets either way, but packed five and five rather than eight and two
    entries = list(entries_of(kit_pages([part("A", 8), part("B", 2)], Settings())))
    named = [([p.name for p in parts], page.side, len(page.placed)) for parts, page in entries]
    assert named == [(["A"], "fronts", 5), (["A"], "backs", 5), (["A", "B"], "fronts", 5), (["A", "B"], "backs", 5)]
