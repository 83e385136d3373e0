"""The geometry of imposition, function by function, on small made-up inputs: a grid's cells, the grids that fit
an area, the bleed and the crop marks a grid keeps, backs mirrored behind their fronts, and faces laid on
shelves or one to a page (pnp/layout/imposition.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.layout.imposition import (FOOTER_BAND, MARK_GAP, MARK_LENGTH, MARK_MIN, MARK_ROOM, Grid, GridPages, NoRoom,
                                   Page, Settings, Slot, Spacing, _around, _joined, behind, candidates,
                                   capacity, chosen, clip_for, duplex_pages, edge_bleeds, fit, fit_of, fold_grid,
                                   fold_pages, frames, grids, mirror, printable, shares_cuts, shelf_pages,
                                   shop_pages)
from pnp.model.geometry import Box
from pnp.model.paper import PAPERS

pytestmark = pytest.mark.quick

A4 = Settings()


def approx_box(box: Box, *expected: float) -> bool:
    return tuple(round(v, 6) for v in (box.x0, box.y0, box.x1, box.y1)) == pytest.approx(expected)


def test_spans_that_touch_or_overlap_are_joined_into_one():
    assert _joined([(3.0, 4.0), (0.0, 1.0), (1.0, 2.0)]) == [(0.0, 2.0), (3.0, 4.0)]
    assert _joined([(0.0, 5.0), (1.0, 2.0)]) == [(0.0, 5.0)]  # a span inside another adds nothing
    assert _joined([(0.0, 1.0), (1.0 + 1e-7, 2.0)]) == [(0.0, 2.0)]  # a rounding's width apart: touching
    assert _joined([(0.0, 1.0), (1.001, 2.0)]) == [(0.0, 1.0), (1.001, 2.0)]
    assert _joined([]) == []


def test_the_box_around_boxes_spans_them_all():
    assert _around([]) is None
    assert _around([Box(1, 5, 2, 6), Box(0, 7, 4, 8), Box(3, 2, 3.5, 9)]) == Box(0, 2, 4, 9)


def test_a_grid_s_cells_are_read_top_row_first_left_to_right_a_gutter_apart():
    grid = Grid(2, 2, (10.0, 20.0), False, 1.0, (5.0, 7.0))
    assert grid.count == 4 and grid.box == Box(5.0, 7.0, 26.0, 48.0)
    assert grid.cells() == [Box(5.0, 28.0, 15.0, 48.0), Box(16.0, 28.0, 26.0, 48.0),
                            Box(5.0, 7.0, 15.0, 27.0), Box(16.0, 7.0, 26.0, 27.0)]
    assert Grid(3, 1, (10.0, 20.0), False, 0.0, (0.0, 0.0)).box == Box(0.0, 0.0, 30.0, 20.0)


def test_the_grids_of_an_area_upright_then_turned_centred_or_against_an_edge():
    area = Box(0.0, 0.0, 100.0, 50.0)
    upright, turned = grids(area, (30.0, 20.0), 2.0)
    assert upright == Grid(3, 2, (30.0, 20.0), False, 2.0, (3.0, 4.0))
    assert turned == Grid(4, 1, (20.0, 30.0), True, 2.0, (7.0, 10.0))
    assert grids(area, (30.0, 20.0), 2.0, "left")[0].origin == (0.0, 4.0)
    assert grids(area, (30.0, 20.0), 2.0, "right")[0].origin == (6.0, 4.0)
    # exactly as wide and high as three by two: they fit; half a millimetre less, they do not
    assert [(g.cols, g.rows) for g in grids(Box(0.0, 0.0, 94.0, 42.0), (30.0, 20.0), 2.0)][0] == (3, 2)
    assert [(g.cols, g.rows) for g in grids(Box(0.0, 0.0, 93.5, 41.5), (30.0, 20.0), 2.0)][0] == (2, 1)
    # too narrow upright, but turned they fit; and nothing at all in an area smaller than a piece
    assert [g.turned for g in grids(Box(0.0, 0.0, 25.0, 40.0), (30.0, 20.0), 0.0)] == [True]
    assert grids(Box(0.0, 0.0, 19.0, 19.0), (30.0, 20.0), 0.0) == []


def test_fit_takes_the_grid_holding_most_upright_when_turning_gains_nothing():
    assert fit(Box(0.0, 0.0, 100.0, 50.0), (30.0, 20.0), 2.0).turned is False  # 6 upright, 4 turned
    assert fit(Box(0.0, 0.0, 60.0, 60.0), (30.0, 20.0), 0.0).turned is False  # 6 either way
    assert fit(Box(0.0, 0.0, 25.0, 40.0), (30.0, 20.0), 0.0).turned is True
    assert fit(Box(0.0, 0.0, 10.0, 10.0), (30.0, 20.0), 0.0) is None


def test_the_printable_area_is_the_page_inside_its_margins():
    assert printable(A4) == Box(5.0, 5.0, 205.0, 292.0)
    assert printable(Settings(size=(100.0, 50.0), margin=7.0)) == Box(7.0, 7.0, 93.0, 43.0)
    assert Settings(paper=PAPERS["letter"]).size == PAPERS["letter"].size


def test_frames_keep_room_for_bleed_and_marks_only_when_strict_a_footer_band_first():
    (base, band, area), (base2, band2, area2) = frames(A4, 3.0, True)
    assert band and not band2
    assert base == Box(5.0, 5.0 + FOOTER_BAND, 205.0, 292.0) and base2 == Box(5.0, 5.0, 205.0, 292.0)
    room = 3.0 + MARK_ROOM
    assert area == base.inset(room, room, room, room) and area2 == base2.inset(room, room, room, room)
    assert [frame[2] for frame in frames(A4, 3.0, False)] == [base, base2]


def test_candidates_try_the_loose_frames_when_cuts_are_shared_or_nothing_fits_a_strict_one():
    seen = []

    def search(content, band, area):
        seen.append(area)
        return [area] if area.w > 190.0 else []

    assert candidates([(A4, search)], 3.0, False) == [Box(5.0, 11.0, 205.0, 292.0), Box(5.0, 5.0, 205.0, 292.0)]
    strict = candidates([(A4, lambda content, band, area: [area])], 3.0, False)
    assert len(strict) == 2 and strict[0].w == pytest.approx(200.0 - 2 * (3.0 + MARK_ROOM))
    assert len(candidates([(A4, lambda content, band, area: [area])], 3.0, True)) == 4


def test_the_bleed_at_a_grid_s_edges_gives_way_only_to_leave_room_for_crop_marks():
    grid = Grid(1, 1, (10.0, 10.0), False, 0.0, (10.0, 10.0))
    content = Box(0.0, 5.0, 30.0, 20.0 + MARK_ROOM + 1.0)
    # left 10 mm of room: all 3 mm; below 5 mm: 1.5 mm (leaving 3.5); right 10: 3; above 4.5: 1.0
    assert edge_bleeds(grid, 3.0, content) == pytest.approx((3.0, 3.0, 1.5, 1.0))
    assert edge_bleeds(grid, 3.0, Box(10.0, 10.0, 20.0, 20.0)) == (0.0, 0.0, 0.0, 0.0)


def test_a_cell_s_bleed_is_half_the_gutter_inside_the_grid_and_its_edge_bleed_outside():
    grid = Grid(2, 1, (10.0, 10.0), False, 2.0, (10.0, 10.0))
    content = Box(0.0, 0.0, 100.0, 100.0)
    left, right = grid.cells()
    assert clip_for(left, grid, 3.0, content) == Box(7.0, 7.0, 21.0, 23.0)
    assert clip_for(right, grid, 3.0, content) == Box(21.0, 7.0, 35.0, 23.0)
    assert clip_for(left, grid, 0.5, content) == Box(9.5, 9.5, 20.5, 20.5)  # the bleed, less than half the gutter
    tight = Box(8.0, 0.0, 100.0, 100.0)  # room for no bleed at the left, and what is left clipped to the content
    assert clip_for(left, grid, 3.0, tight).x0 == 10.0
    column = Grid(1, 2, (10.0, 10.0), False, 2.0, (10.0, 10.0))
    upper, lower = column.cells()
    assert clip_for(upper, column, 3.0, content) == Box(7.0, 21.0, 23.0, 35.0)
    assert clip_for(lower, column, 3.0, content) == Box(7.0, 7.0, 23.0, 21.0)


def test_a_fit_says_how_many_the_least_edge_bleed_and_whether_every_cut_can_be_marked():
    grid = Grid(2, 3, (10.0, 10.0), True, 0.0, (20.0, 20.0))
    roomy = Box(0.0, 0.0, 60.0, 70.0)
    assert fit_of(grid, 3.0, roomy) == fit_of(grid, 3.0, roomy)
    found = fit_of(grid, 3.0, roomy)
    assert (found.per_page, found.edge_bleed, found.marks, found.turned) == (6, 3.0, True, True)
    # marks need MARK_ROOM beyond the bleed at one end of each cut: left and right tight, bottom and top not
    # (the bleed gives way first: with less than MARK_ROOM beside the grid, neither is left)
    sides = Box(20.0 - MARK_ROOM + 0.01, 0.0, 40.0 + MARK_ROOM - 0.01, 70.0)
    assert fit_of(grid, 3.0, sides).marks is False
    one_side = Box(20.0 - MARK_ROOM, 0.0, 40.0, 70.0)  # room to the left only, just enough: enough
    assert fit_of(grid, 3.0, one_side).marks is True
    assert fit_of(grid, 3.0, Box(20.0, 0.0, 40.0 + MARK_ROOM, 70.0)).marks is True  # to the right only
    ends = Box(0.0, 20.0 - MARK_ROOM + 0.01, 60.0, 50.0 + MARK_ROOM - 0.01)
    assert fit_of(grid, 3.0, ends).marks is False
    assert fit_of(grid, 3.0, Box(0.0, 20.0, 60.0, 50.0 + MARK_ROOM)).marks is True  # above only
    below = Box(0.0, 20.0 - MARK_ROOM, 60.0, 50.0)  # room below only: enough
    assert fit_of(grid, 3.0, below).marks is True
    assert fit_of(grid, 3.0, Box(20.0, 0.0, 60.0, 70.0)).edge_bleed == 0.0


def test_chosen_takes_the_first_holding_enough_of_those_that_keep_every_mark():
    marked, unmarked = Box(0.0, 0.0, 100.0, 100.0), Box(40.0, 40.0, 60.0, 60.0)
    small = (Grid(1, 1, (20.0, 20.0), False, 0.0, (40.0, 40.0)), marked, "small")
    big = (Grid(1, 2, (20.0, 10.0), False, 0.0, (40.0, 40.0)), unmarked, "big, unmarked")
    bigger = (Grid(2, 2, (10.0, 10.0), False, 0.0, (40.0, 40.0)), marked, "bigger")
    assert chosen([small, bigger], 1, 3.0)[2] == "small"  # one is needed: the first holds it
    assert chosen([small, bigger], 2, 3.0)[2] == "bigger"
    assert chosen([small, bigger], 10, 3.0)[2] == "bigger"  # none holds ten: the most any holds
    assert chosen([big, small], 2, 3.0)[2] == "small"  # the one that keeps its marks, though it holds fewer
    assert chosen([big, small], 2, 3.0, marked=False)[2] == "big, unmarked"
    assert chosen([big], 2, 3.0)[2] == "big, unmarked"  # none keeps its marks: all are weighed


def test_neighbours_share_their_cuts_when_the_gutter_is_narrower_than_two_bleeds():
    assert shares_cuts(3.0, 5.9) and not shares_cuts(3.0, 6.0) and not shares_cuts(0.0, 0.0)
    assert not shares_cuts(3.0, 6.0 - 1e-10)


def test_a_slot_mirrored_about_a_vertical_line_stays_upright_about_a_horizontal_one_turns_half_round():
    slot = Slot(Box(10.0, 20.0, 30.0, 60.0), 90, Box(8.0, 18.0, 32.0, 62.0))
    across = mirror(slot, "x", 100.0)
    assert across == Slot(Box(170.0, 20.0, 190.0, 60.0), 270, Box(168.0, 18.0, 192.0, 62.0))
    down = mirror(slot, "y", 100.0)
    assert down == Slot(Box(10.0, 140.0, 30.0, 180.0), 90, Box(8.0, 138.0, 32.0, 182.0))
    assert mirror(Slot(slot.trim, 0, slot.clip), "y", 100.0).rotation == 180
    assert mirror(Slot(slot.trim, 0, slot.clip), "x", 100.0).rotation == 0


@pytest.mark.parametrize("short_edge", [False, True])
def test_a_back_lies_behind_its_front_shifted_by_the_offset_its_bleed_kept_printable(short_edge):
    settings = Settings(size=(200.0, 300.0), margin=5.0, short_edge=short_edge, back_offset=(1.5, -2.0))
    slot = Slot(Box(6.0, 10.0, 56.0, 90.0), 0, Box(3.0, 7.0, 59.0, 93.0))
    back = behind(slot, settings)
    if short_edge:  # turned over top to bottom, about y = 150
        assert approx_box(back.trim, 7.5, 208.0, 57.5, 288.0) and back.rotation == 180
        assert approx_box(back.clip, 5.0, 205.0, 60.5, 291.0)
    else:  # about x = 100
        assert approx_box(back.trim, 145.5, 8.0, 195.5, 88.0) and back.rotation == 0
        assert approx_box(back.clip, 142.5, 5.0, 195.0, 91.0)


def page_of(*trims: Box, content=Box(0.0, 0.0, 100.0, 100.0), bleed=1.0, **kw) -> Page:
    placed = [(Slot(t, 0, t.inset(-bleed, -bleed, -bleed, -bleed)), f"face {i}") for i, t in enumerate(trims)]
    return Page(size=(100.0, 100.0), side="sheets", placed=placed, content=content, **kw)


def test_a_page_s_cuts_run_along_every_edge_of_its_faces_joined_where_neighbours_touch():
    page = page_of(Box(10.0, 10.0, 20.0, 30.0), Box(20.0, 10.0, 30.0, 30.0), Box(10.0, 40.0, 20.0, 50.0))
    assert page.cuts_x == (10.0, 20.0, 30.0) and page.cuts_y == (10.0, 30.0, 40.0, 50.0)
    assert page.grid == Box(10.0, 10.0, 30.0, 50.0) and page.inked == Box(9.0, 9.0, 31.0, 51.0)
    assert sorted(page.cut_segments()) == sorted([
        (10.0, 10.0, 10.0, 30.0), (10.0, 40.0, 10.0, 50.0), (20.0, 10.0, 20.0, 30.0), (20.0, 40.0, 20.0, 50.0),
        (30.0, 10.0, 30.0, 30.0), (10.0, 10.0, 30.0, 10.0), (10.0, 30.0, 30.0, 30.0), (10.0, 40.0, 20.0, 40.0),
        (10.0, 50.0, 20.0, 50.0)])
    assert page_of().grid is None and page_of().inked is None


def test_crop_marks_stand_in_line_with_each_cut_beyond_the_bleed_as_long_as_the_room_allows():
    face = Box(20.0, 20.0, 40.0, 40.0)
    content = Box(19.0 - MARK_GAP - MARK_MIN, 0.0, 41.0 + MARK_GAP + MARK_MIN - 0.01, 41.0 + MARK_GAP + 4.0)
    marks = sorted(page_of(face, content=content).crop_marks())
    gap = MARK_GAP
    expected = sorted([
        (20.0, 41.0 + gap, 20.0, 41.0 + gap + 4.0), (40.0, 41.0 + gap, 40.0, 41.0 + gap + 4.0),  # above: 4 mm
        (20.0, 19.0 - gap, 20.0, 19.0 - gap - MARK_LENGTH), (40.0, 19.0 - gap, 40.0, 19.0 - gap - MARK_LENGTH),
        (19.0 - gap, 20.0, 19.0 - gap - MARK_MIN, 20.0), (19.0 - gap, 40.0, 19.0 - gap - MARK_MIN, 40.0),
    ])  # to the right, a hair short of MARK_MIN: none
    assert [tuple(round(v, 6) for v in line) for line in marks] == [tuple(round(v, 6) for v in e) for e in expected]
    assert page_of(face, content=content, marks=False).crop_marks() == []
    assert page_of(content=content).crop_marks() == []


def test_a_packed_page_s_crop_marks_are_its_blocks_own():
    block = page_of(Box(20.0, 20.0, 40.0, 40.0))
    packed = Page(size=(100.0, 100.0), side="sheets", placed=block.placed, content=block.content, marks=False,
                  blocks=(block,))
    assert packed.crop_marks() == block.crop_marks() and len(block.crop_marks()) == 8


def test_the_fold_line_runs_the_length_of_the_inked_faces():
    page = page_of(Box(20.0, 20.0, 40.0, 40.0), Box(60.0, 10.0, 80.0, 30.0))
    page.fold = ("x", 50.0)
    assert page.fold_line() == (50.0, 9.0, 50.0, 41.0)
    page.fold = ("y", 35.0)
    assert page.fold_line() == (19.0, 35.0, 81.0, 35.0)
    assert page_of().fold_line() is None
    page.fold = None
    assert page.fold_line() is None


def test_each_pages_share_of_the_pieces_and_one_empty_page_for_none():
    def shares(count, per_page):
        pages = GridPages(count, per_page, 1, None)
        return [pages.share(sheet) for sheet in range(pages.shares)]

    assert shares(5, 2) == [(0, 2), (2, 4), (4, 5)]
    assert shares(0, 3) == [(0, 0)]


def test_duplex_pages_say_when_they_are_full_and_draw_cut_lines_when_marks_cannot_stand():
    settings = Settings(size=(100.0, 100.0), margin=5.0)
    pairs = [(f"front {i}", f"back {i}") for i in range(5)]
    pages = duplex_pages(pairs, (40.0, 40.0), 1.0, 0.0, settings)
    assert [p.side for p in pages] == ["fronts", "backs", "fronts", "backs"]
    assert {p.size for p in pages} == {(100.0, 100.0)}
    assert [len(p.placed) for p in pages] == [4, 4, 1, 1]
    fronts = pages[0::2]
    assert [p.spacing.full for p in fronts] == [True, False] and fronts[0].spacing == Spacing(1.0, 0.0, True)
    assert [p.reverse for p in pages] == [False, True, False, True] and pages[1].marks is False
    assert [face for _, face in pages[3].placed] == ["back 4"]
    assert all(not p.cut_lines for p in fronts) and fronts[0].fit.per_page == 4
    assert fronts[0].footer_at_bottom is False  # four fit only without the footer's band
    # no room for marks round a grid that fills the page: the cuts are drawn as lines
    tight = duplex_pages(pairs[:1], (88.0, 88.0), 1.0, 0.0, settings)
    assert tight[0].cut_lines and not tight[0].fit.marks
    assert not duplex_pages(pairs[:1], (88.0, 88.0), 1.0, 0.0, settings, marks=False)[0].cut_lines
    assert duplex_pages(pairs[:1], (40.0, 40.0), 1.0, 0.0, Settings(size=(100.0, 100.0), margin=5.0,
                                                                      cut_lines=True))[0].cut_lines
    one_sided = duplex_pages([("a", None), ("b", None)], (40.0, 40.0), 1.0, 0.0, settings)
    assert [p.side for p in one_sided] == ["sheets"] and len(one_sided[0].placed) == 2
    assert one_sided[0].spacing.full is False
    assert [p.side for p in duplex_pages([], (40.0, 40.0), 1.0, 0.0, settings)] == ["sheets"]


def test_fold_pages_put_each_back_behind_its_front_about_the_fold_and_say_when_full():
    settings = Settings(size=(210.0, 297.0), margin=5.0, fold=True)
    pairs = [(f"front {i}", f"back {i}") for i in range(3)]
    pages = fold_pages(pairs, (60.0, 60.0), 1.0, 0.0, settings)
    page = pages[0]
    grid, content, band, axis, at, page_settings = fold_grid((60.0, 60.0), 1.0, 0.0, settings, 3)
    assert page.fold == (axis, at) and page.side == "fold-and-glue" and page.size == page_settings.size
    fronts, backs = page.placed[:3], page.placed[3:]
    assert [face for _, face in backs] == ["back 0", "back 1", "back 2"]
    for (front, _), (back, _) in zip(fronts, backs):
        assert back == mirror(front, axis, at)
    assert page.spacing.full == (len(pairs) == grid.count)
    many = fold_pages([("f", "b")] * grid.count, (60.0, 60.0), 1.0, 0.0, settings)
    assert many[0].spacing.full and len(many) == 1 and not many[0].cut_lines


def test_a_fold_sheet_s_fold_lies_between_its_halves_each_card_keeping_its_bleed_on_both_sides():
    settings = Settings(size=(210.0, 297.0), margin=5.0, fold=True)
    grid, content, band, axis, at, page_settings = fold_grid((60.0, 60.0), 3.0, 0.0, settings, 1)
    box = grid.box
    if axis == "x":
        assert at == page_settings.size[0] / 2 and box.x1 == pytest.approx(at - 3.0)
    else:
        assert at == pytest.approx((content.y0 + content.y1) / 2) and box.y0 == pytest.approx(at + 3.0)
    narrow = fold_grid((60.0, 60.0), 0.5, 0.0, settings, 1)  # the gap never narrower than 2 mm
    edge = narrow[0].box
    assert (narrow[4] - edge.x1 if narrow[3] == "x" else edge.y0 - narrow[4]) == pytest.approx(1.0)


def test_capacity_of_fold_and_glue_sheets_is_half_a_page_s():
    duplex = capacity((60.0, 60.0), 1.0, 0.0, Settings())
    folded = capacity((60.0, 60.0), 1.0, 0.0, Settings(fold=True))
    assert duplex.per_page == 12 and folded.per_page == 6


def test_a_print_shop_gets_each_face_on_its_own_page_as_large_as_its_bleed():
    pages = shop_pages([("f1", "b1"), ("f2", None)], (60.0, 90.0), 3.0)
    assert [(p.side, p.placed[0][1]) for p in pages] == [("front", "f1"), ("back", "b1"), ("front", "f2")]
    page = pages[0]
    assert page.size == (66.0, 96.0) and page.trim == Box(3.0, 3.0, 63.0, 93.0)
    assert page.placed[0][0] == Slot(Box(3.0, 3.0, 63.0, 93.0), 0, Box(0.0, 0.0, 66.0, 96.0))
    assert not page.marks and not page.furniture


class Face:
    def __init__(self, w, h, name=""):
        self.size, self.name = (w, h), name


def test_shelves_fill_a_page_left_to_right_top_to_bottom_a_gap_apart():
    settings = Settings(size=(100.0, 100.0 + FOOTER_BAND), margin=0.0)
    faces = [Face(40.0, 30.0, "a"), Face(50.0, 20.0, "b"), Face(40.0, 40.0, "c"), Face(60.0, 25.0, "d"),
             Face(100.0, 30.0, "e")]
    pages = shelf_pages(faces, settings, 5.0)
    top = 100.0 + FOOTER_BAND
    first = {face.name: slot.trim for slot, face in pages[0].placed}
    assert first["a"] == Box(0.0, top - 30.0, 40.0, top) and first["b"] == Box(45.0, top - 20.0, 95.0, top)
    assert first["c"] == Box(0.0, top - 75.0, 40.0, top - 35.0)  # a new shelf below the tallest of the first
    assert list(first) == ["a", "b", "c"]  # a shelf for d below c would reach 105 mm down: a new page
    second = {face.name: slot.trim for slot, face in pages[1].placed}
    assert second == {"d": Box(0.0, top - 25.0, 60.0, top), "e": Box(0.0, top - 60.0, 100.0, top - 30.0)}
    assert pages[0].spacing == Spacing(0.0, 5.0, False, False) and pages[0].content == Box(0.0, FOOTER_BAND, 100.0, top)
    assert not pages[0].marks and pages[0].side == "sheets"


def test_a_face_exactly_as_wide_as_the_room_fits_beside_nothing_and_a_wider_one_is_refused():
    settings = Settings(size=(100.0, 100.0 + FOOTER_BAND), margin=0.0)
    assert len(shelf_pages([Face(100.0, 100.0)], settings, 5.0)) == 1
    assert len(shelf_pages([Face(50.0, 10.0), Face(45.0, 10.0)], settings, 5.0)[0].placed) == 2
    two = shelf_pages([Face(50.0, 40.0), Face(46.0, 40.0)], settings, 5.0)[0]
    assert [slot.trim.y1 for slot, _ in two.placed] == [100.0 + FOOTER_BAND, 100.0 + FOOTER_BAND - 45.0]
    with pytest.raises(NoRoom):
        shelf_pages([Face(100.1, 10.0)], settings, 5.0)
    with pytest.raises(NoRoom):
        shelf_pages([Face(10.0, 100.1)], settings, 5.0)


def test_a_header_heads_every_shelf_page_and_leaves_the_rest_of_its_height():
    settings = Settings(size=(100.0, 100.0 + FOOTER_BAND), margin=0.0)
    header = Face(100.0, 6.0, "bar")
    pages = shelf_pages([Face(40.0, 89.0, "x"), Face(40.0, 89.0, "y"), Face(40.0, 89.0, "z")], settings, 5.0,
                        header=header)
    top = 100.0 + FOOTER_BAND
    assert [[face.name for _, face in page.placed] for page in pages] == [["bar", "x", "y"], ["bar", "z"]]
    assert pages[0].placed[0][0].trim == Box(0.0, top - 6.0, 100.0, top)
    assert pages[0].placed[1][0].trim == Box(0.0, top - 100.0, 40.0, top - 11.0)
    assert pages[0].spacing.header is True
    with pytest.raises(NoRoom):
        shelf_pages([Face(40.0, 89.1)], settings, 5.0, header=header)


def test_a_fold_sheet_is_folded_along_or_across_portrait_or_landscape_whichever_holds_the_most():
    settings = Settings(fold=True)  # A4
    grid, content, band, axis, at, page = fold_grid((60.0, 60.0), 3.0, 0.0, settings, 100)
    # folded across, at the middle of the room above the footer's band: three by two above the fold
    assert (axis, at, page.size, grid.cols, grid.rows) == ("y", 151.5, (210.0, 297.0), 3, 2) and band
    assert grid.box.y0 == pytest.approx(151.5 + 3.0) and grid.origin[0] == pytest.approx(15.0)
    few = fold_grid((60.0, 60.0), 3.0, 0.0, settings, 4)  # four fit folded along: the first frame tried
    assert (few[3], few[4], few[0].count) == ("x", 105.0, 4)
    assert few[0].box.x1 == pytest.approx(105.0 - 3.0)  # against the fold
    grid, content, band, axis, at, page = fold_grid((20.0, 20.0), 3.0, 0.0, settings, 100)
    assert (axis, at, page.size, grid.cols, grid.rows) == ("x", 148.5, (297.0, 210.0), 7, 9)
    assert grid.box.x1 == pytest.approx(148.5 - 3.0)


def test_a_piece_too_large_for_the_paper_is_refused_naming_its_size_the_paper_and_the_margin():
    with pytest.raises(NoRoom, match=r"300 × 400 mm piece does not fit on a4 paper inside 5 mm margins"):
        duplex_pages([("f", None)], (300.0, 400.0), 3.0, 0.0, A4)
    with pytest.raises(NoRoom, match=r"150 × 400 mm card does not fit half of letter paper inside 7 mm margins"):
        fold_pages([("f", "b")], (150.0, 400.0), 3.0, 0.0, Settings(paper=PAPERS["letter"], margin=7.0, fold=True))


def test_half_an_a4_sheet_holds_four_57_by_89_cards_with_every_mark_or_five_without():
    marked = capacity((57.0, 89.0), 3.0, 0.0, Settings(fold=True))
    most = capacity((57.0, 89.0), 3.0, 0.0, Settings(fold=True), marked=False)
    assert (marked.per_page, marked.marks, most.per_page, most.marks) == (4, True, 5, False)


def test_a_page_is_full_only_when_it_holds_the_most_any_page_can():
    # 10 mm squares on A4: 468 a page keeping their whole bleed, 486 sharing it at the paper's edge
    fronts = [(f"square {i}", None) for i in range(486)]
    assert [len(p.placed) for p in duplex_pages(fronts[:470], (10.0, 10.0), 3.0, 0.0, A4)] == [470]
    assert duplex_pages(fronts[:470], (10.0, 10.0), 3.0, 0.0, A4)[0].spacing.full is False
    assert duplex_pages(fronts, (10.0, 10.0), 3.0, 0.0, A4)[0].spacing.full is True
    assert duplex_pages(fronts[:468], (10.0, 10.0), 3.0, 0.0, A4)[0].fit.per_page == 468


def test_one_card_keeps_its_whole_bleed_where_two_would_give_some_up():
    settings = Settings(size=(99.0, 75.0), margin=5.0)  # one 40 mm card with its bleed, or two sharing it
    (alone,) = duplex_pages([("f", None)], (40.0, 40.0), 3.0, 0.0, settings)
    assert (alone.fit.per_page, alone.fit.edge_bleed) == (1, 3.0)
    (pair,) = duplex_pages([("f", None), ("g", None)], (40.0, 40.0), 3.0, 0.0, settings)
    assert (pair.fit.per_page, pair.fit.edge_bleed) == (2, 1.0)
    (none,) = duplex_pages([], (40.0, 40.0), 3.0, 0.0, settings)
    assert none.fit.per_page == 1


def test_fold_sheets_take_the_cards_four_at_a_time_turned_their_backs_turned_back():
    pairs = [(f"front {i}", f"back {i}") for i in range(6)]
    first, second = fold_pages(pairs, (63.5, 88.9), 3.0, 0.0, Settings(fold=True))
    assert [face for _, face in second.placed] == ["front 4", "front 5", "back 4", "back 5"]
    assert [slot.rotation for slot, _ in first.placed] == [90] * 4 + [270] * 4
    grid, content, band, *_ = fold_grid((63.5, 88.9), 3.0, 0.0, Settings(fold=True), 6)
    assert first.fit == fit_of(grid, 3.0, content) and first.fit.per_page == 4 and first.fit.turned
    assert first.content == content == Box(5.0, 11.0, 205.0, 292.0) and first.footer_at_bottom is band is True
    assert not first.cut_lines and first.spacing.full and not second.spacing.full
    assert fold_pages(pairs, (63.5, 88.9), 3.0, 0.0, Settings(fold=True, cut_lines=True))[0].cut_lines
    assert [s.bleed for s in (first.spacing, second.spacing)] == [3.0, 3.0]
    wide = fold_pages([("f", "b")], (195.0, 140.0), 3.0, 0.0, Settings(fold=True))[0]  # half an A4, nearly
    assert not wide.fit.marks and wide.cut_lines  # no room for crop marks: the cuts are drawn


def test_a_face_half_a_millimetre_too_wide_or_too_tall_for_the_room_left_goes_below_or_over_the_page():
    settings = Settings(size=(100.0, 100.0 + FOOTER_BAND), margin=0.0)
    beside = shelf_pages([Face(50.0, 10.0), Face(45.5, 10.0)], settings, 5.0)[0]
    assert [slot.trim.y1 for slot, _ in beside.placed] == [100.0 + FOOTER_BAND, 100.0 + FOOTER_BAND - 15.0]
    assert len(shelf_pages([Face(100.0, 50.0), Face(100.0, 45.5)], settings, 5.0)) == 2
    header = Face(100.0, 6.0, "bar")
    (page,) = shelf_pages([Face(40.0, 40.0)], settings, 5.0, header=header)
    assert page.size == settings.size and page.marks is False
    assert page.placed[0][0] == Slot(Box(0.0, 100.0, 100.0, 106.0), 0, Box(0.0, 100.0, 100.0, 106.0))
    with pytest.raises(NoRoom, match="a 101 × 10 mm piece does not fit on a4 paper inside 0 mm margins"):
        shelf_pages([Face(101.0, 10.0)], settings, 5.0)


def test_a_page_given_its_footer_is_the_page_dataclasses_replace_makes():
    """Page.footed: every field kept (a packed page's blocks, stock and spacing too), the footer's lines set."""
    slot = Slot(Box(10, 10, 73, 98), 90, Box(7, 7, 76, 101))
    page = Page(size=(210.0, 297.0), side="fronts", placed=[(slot, "face")],
                content=Box(5, 5, 205, 292), fold=("x", 105.0), reverse=True, marks=False, cut_lines=True,
                flat="flat", spacing=Spacing(3.0, 0.0, True, header=True), blocks=("block",), stock="card")
    footed = page.footed(("Game · fronts · page 2 of 9", "A4 paper"))
    assert footed == replace(page, footer=("Game · fronts · page 2 of 9", "A4 paper")) and footed is not page
    assert page.footer == ("", "")
