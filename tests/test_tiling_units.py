"""Tiling's arithmetic, function by function, on small made-up boards: how many sheets a side needs, where each
seam falls, and which part of the board each sheet prints (pnp/layout/tiling.py)."""
from __future__ import annotations

import math

import pytest

from pnp.layout.tiling import GLUE, Row, _even, _middle, _plan, _row_orders, count, plan, seams
from pnp.model.geometry import Box

pytestmark = pytest.mark.quick


def test_a_side_needs_one_sheet_when_it_fits_and_none_can_serve_a_sheet_no_wider_than_the_glue():
    assert count(10.0, 0.0, 10.0) == 1 and count(9.0, 0.5, 10.0) == 1
    assert count(10.5, 0.0, 10.0) is None and count(30.0, 0.0, 10.0 + 1e-10) is None
    assert count(30.0, 0.0, 10.5) == 40  # each sheet after the first adds half a millimetre
    assert count(110.0, 0.0, 60.0, glue=10.0) == 2 and count(110.5, 0.0, 60.0, glue=10.0) == 3
    assert count(120.0, 0.0, 60.0, glue=5.0) == 3 and GLUE == 10.0


def test_the_even_place_of_a_seam_divides_the_side_in_proportion_to_what_each_sheet_holds():
    assert _even(100.0, 2.0, [50.0, 50.0], 1, 10.0) == 50.0
    assert _even(90.0, 0.0, [40.0, 40.0, 40.0], 2, 10.0) == 60.0
    assert _even(100.0, 0.0, [60.0, 40.0], 1, 10.0) == pytest.approx(62.5)  # shares of 50 and 30
    assert _even(100.0, 5.0, [60.0, 40.0], 1, 10.0) == pytest.approx(-5.0 + 110.0 * 50 / 80)


def test_a_seam_falls_in_the_middle_of_its_gap_or_as_near_the_target_as_an_open_end_allows():
    inf = math.inf
    assert _middle(-inf, inf, 5.0) == 5.0
    assert _middle(-inf, 3.0, 5.0) == 3.0 and _middle(-inf, 8.0, 5.0) == 5.0
    assert _middle(7.0, inf, 5.0) == 7.0 and _middle(2.0, inf, 5.0) == 5.0
    assert _middle(2.0, 4.0, 9.0) == 3.0


def test_seams_fall_evenly_with_nothing_in_the_way_within_reach_of_the_sheets_on_both_sides():
    assert seams(100.0, 0.0, 60.0, 2, []) == ([50.0], [])
    assert seams(100.0, 0.0, [70.0, 40.0], 2, []) == ([60.0], [])  # the second sheet must reach the end
    assert seams(130.0, 0.0, 50.0, 3, []) == ([40.0, 80.0], [])  # each sheet 50 mm, 10 of them glued under
    assert seams(100.0, 0.0, 100.0, 1, []) == ([], [])


def test_a_seam_keeps_clear_of_spaces_in_reach_the_nearest_gap_and_of_two_as_near_the_first():
    assert seams(100.0, 0.0, 60.0, 2, [(40.0, 60.0, "mid")]) == ([40.0], [])  # the sheets reach 40 to 50
    assert seams(100.0, 0.0, 60.0, 2, [(45.0, 55.0, "mid")]) == ([45.0], [])
    blocked = [(0.0, 40.0, "a"), (45.0, 55.0, "b"), (60.0, 100.0, "c")]
    assert seams(100.0, 0.0, 95.0, 2, blocked) == ([42.5], [])  # 42.5 and 57.5 both 7.5 from 50
    # spaces that overlap leave no gap between them
    assert seams(100.0, 0.0, 100.0, 2, [(0.0, 50.0, "a"), (30.0, 60.0, "b")]) == ([60.0], [])
    # touching spaces leave a gap of no width, where a seam may fall
    assert seams(100.0, 0.0, 100.0, 2, [(0.0, 50.0, "a"), (50.0, 100.0, "b")]) == ([50.0], [])
    at, splits = seams(100.0, 0.0, 60.0, 2, [(-5.0, 105.0, "sea"), (30.0, 70.0, "isle"), (0.0, 20.0, "bay")])
    assert at == [50.0] and splits == [(50.0, ["sea", "isle"])]


def test_a_plan_s_sheets_print_their_part_with_glue_bands_right_and_below_and_know_their_neighbours():
    tiled = _plan((100.0, 80.0), 2.0, [Row(False, (50.0,)), Row(True, (30.0, 60.0))], (40.0,), ("split",), 10.0)
    assert tiled.sheets == 5 and tiled.splits == ("split",) and tiled.ys == (40.0,)
    first, second = tiled.tile(0, 0), tiled.tile(0, 1)
    assert first.source == Box(-2.0, -2.0, 60.0, 50.0) and (first.glue_right, first.glue_bottom) == (True, True)
    assert (first.cut_left, first.cut_top, first.landscape) == (False, False, False)
    assert second.source == Box(50.0, -2.0, 102.0, 50.0) and (second.glue_right, second.cut_left) == (False, True)
    last = tiled.tile(1, 2)
    assert last.label == "B3" and last.source == Box(60.0, 40.0, 102.0, 82.0) and last.landscape
    assert (last.glue_right, last.glue_bottom, last.cut_left, last.cut_top) == (False, False, True, True)
    assert tiled.own(first) == Box(-2.0, -2.0, 50.0, 40.0) and tiled.own(last) == last.source
    assert tiled.own(tiled.tile(1, 1)) == Box(30.0, 40.0, 60.0, 82.0)
    assert [t.label for t in tiled.below(first)] == ["B1", "B2"]
    assert [t.label for t in tiled.below(second)] == ["B2", "B3"]
    assert tiled.below(last) == []
    edge = _plan((100.0, 80.0), 0.0, [Row(False, (50.0,)), Row(False, (50.0,))], (40.0,), (), 10.0)
    assert [t.label for t in edge.below(edge.tile(0, 0))] == ["B1"]  # sheets that only touch at a corner: no


def test_the_row_orders_weighed_all_rows_alike_then_some_of_each_orientation_above_the_other():
    rooms = {"portrait": (100.0, 120.0), "landscape": (150.0, 90.0)}
    assert _row_orders((100.0, 300.0), 0.0, rooms, 10.0) == [
        ["portrait"] * 3, ["landscape"] * 4, ["portrait"] + ["landscape"] * 3, ["portrait"] * 2 + ["landscape"],
        ["landscape"] + ["portrait"] * 2, ["landscape"] * 2 + ["portrait"] * 2, ["landscape"] * 3 + ["portrait"]]
    # an orientation whose sheets cannot hold the board is left out
    assert _row_orders((100.0, 300.0), 0.0, {"portrait": (100.0, 120.0), "narrow": (10.0, 300.0)}, 10.0) == [
        ["portrait"] * 3]


def test_the_plan_with_fewest_sheets_and_of_those_rows_alike():
    rooms = {"portrait": (100.0, 120.0), "landscape": (150.0, 90.0)}
    tiled = plan((100.0, 300.0), 0.0, rooms, [])
    assert [row.landscape for row in tiled.rows] == [False] * 3 and tiled.ys == (100.0, 200.0)
    # 140 × 200 mm: three turned rows of one sheet, or a turned row above an upright row of two: as many sheets,
    # and the rows alike are chosen; upright alone would take four
    alike = plan((140.0, 200.0), 0.0, rooms, [])
    assert [(row.landscape, row.columns) for row in alike.rows] == [(True, 1)] * 3
    # 140 × 120 mm: an upright row of two, or two turned rows of one: as many, and as even: the first named
    first = plan((140.0, 120.0), 0.0, rooms, [])
    assert [(row.landscape, row.xs) for row in first.rows] == [(False, (70.0,))] and first.ys == ()


def test_of_plans_as_good_in_all_else_the_one_whose_seams_fall_nearest_an_even_division():
    spaces = [("a", Box(135.0, 100.0, 155.0, 110.0)), ("b", Box(55.0, 10.0, 75.0, 20.0)),
              ("c", Box(0.0, 45.0, 20.0, 65.0)), ("d", Box(135.0, 15.0, 145.0, 45.0))]
    upright = plan((160.0, 140.0), 0.0, {"portrait": (110.0, 160.0)}, spaces)
    turned = plan((160.0, 140.0), 0.0, {"landscape": (160.0, 110.0)}, spaces)
    assert (upright.sheets, upright.rows[0].xs) == (2, (100.0,))  # 20 mm off the middle, clear of the spaces
    assert (turned.sheets, turned.ys) == (2, (82.5,))  # 12.5 mm off
    both = plan((160.0, 140.0), 0.0, {"portrait": (110.0, 160.0), "landscape": (160.0, 110.0)}, spaces)
    assert [row.landscape for row in both.rows] == [True, True] and both.ys == (82.5,)


def test_an_orientation_whose_sheets_are_no_wider_than_the_glue_band_is_left_out():
    rooms = {"portrait": (100.0, 120.0), "narrow": (12.0, 300.0)}
    assert _row_orders((100.0, 300.0), 0.0, rooms, 15.0) == [["portrait"] * 3]
    assert ["narrow"] in _row_orders((100.0, 300.0), 0.0, rooms, 10.0)


def test_a_wider_glue_band_moves_the_seams_each_sheet_must_still_reach():
    # 280 mm on sheets holding 150: the first sheet's own part ends where its band (15 mm) still fits on it
    across = plan((280.0, 100.0), 0.0, {"portrait": (150.0, 200.0)}, [], glue=15.0)
    assert across.rows[0].xs == (135.0,) and across.tiles[0].source.x1 == 150.0
    down = plan((100.0, 280.0), 0.0, {"portrait": (200.0, 150.0)}, [], glue=15.0)
    assert down.ys == (135.0,) and down.tiles[0].source.y1 == 150.0
    assert plan((280.0, 100.0), 0.0, {"portrait": (150.0, 200.0)}, []).rows[0].xs == (140.0,)


def test_an_orientation_is_weighed_by_whether_its_sheets_hold_the_board_s_width():
    rooms = {"strip": (12.0, 400.0), "portrait": (100.0, 120.0)}  # a strip as wide as the board, tall enough
    assert ["strip"] in _row_orders((10.0, 300.0), 0.0, rooms, 15.0)
