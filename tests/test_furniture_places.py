"""Where a page's furniture goes (pnp/layout/furniture.py), on small pages made for each case: the footer's two
lines and the 50 mm bar in the band at the foot, or in the margins round the faces, clear of the faces, the fold
line, the word "fold" and each other; and, where no margin holds them, at the foot over what is there. And the box
of the footer line that names the kit's version."""
from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import overlap
from pnp.layout.furniture import (APART, BAR_LABELS, BESIDE, CLEAR, FOLD_WORD, LINE_PITCH, ROUND, Spot, below,
                                  box_at, extents, furniture, version_box, width)
from pnp.layout.imposition import FOOTER_BAND, MARK_GAP, MARK_LENGTH, SCALE_BAR, Page, Slot
from pnp.model.geometry import Box
from pnp.read.version import LENGTH as VERSION_LENGTH

pytestmark = pytest.mark.quick

FOOTER = ("Toy · Cards · fronts · page 1 of 2", "A4 paper · print at 100 % · kit 0a1b2c3d")
ROOM = Box(5.0, 5.0, 205.0, 292.0)  # an A4 page inside a 5 mm margin
EPS = 1e-6


def page(*faces: Box, fold: tuple | None = None, at_bottom: bool = False) -> Page:
    """An A4 page placing a face in each box (its bleed in the box), with FOOTER; its footer in the band at the
    foot, or in the margins its faces leave."""
    placed = [(Slot(face, 0, face), None) for face in faces]
    content = ROOM.inset(bottom=FOOTER_BAND) if at_bottom else ROOM
    return Page(size=(210.0, 297.0), side="fronts", placed=placed, content=content, fold=fold, marks=False,
                footer=FOOTER, footer_at_bottom=at_bottom)


def drawn(on: Page) -> dict:
    """What each piece of furniture fills on the page: its two footer lines, its bar with its label, and the word
    "fold" if it has one."""
    placed, sizes = furniture(on), extents(on.footer)
    boxes = {f"line {number}": box_at(extent, spot)
             for number, (extent, spot) in enumerate(zip(sizes["lines"], placed.lines), start=1)}
    boxes["bar"] = box_at(sizes["bar"][placed.label_beside], placed.bar)
    if placed.fold_label is not None:
        low, high = sizes["lines"][0][2:]
        boxes["fold"] = box_at((0.0, width(FOLD_WORD), low, high), placed.fold_label)
    return boxes


def apart(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    return max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1, 0.0)


def in_margins_clear_of_all(on: Page) -> dict:
    """The page's furniture, checked: each piece inside the page's content, in a margin of the faces (below,
    above, left or right of their ink, CLEAR away), clear of the fold line; the pieces apart from each other (the
    word "fold" CLEAR, the others APART; the footer's two lines are one piece where they stand together)."""
    boxes, inked, line = drawn(on), on.inked, on.fold_line()
    for name, box in boxes.items():
        assert ROOM.x0 - EPS <= box.x0 and box.x1 <= ROOM.x1 + EPS and ROOM.y0 - EPS <= box.y0 and \
            box.y1 <= ROOM.y1 + EPS, (name, box)
        assert (box.y1 <= inked.y0 - CLEAR + EPS or box.y0 >= inked.y1 + CLEAR - EPS or
                box.x1 <= inked.x0 - CLEAR + EPS or box.x0 >= inked.x1 + CLEAR - EPS), (name, box, inked)
        if line is not None:
            assert apart(box, Box(*line)) >= CLEAR - EPS, (name, box, line)
    names = sorted(boxes)
    for first in names:
        for second in names:
            if first < second and {first, second} != {"line 1", "line 2"}:
                least = CLEAR if "fold" in (first, second) else APART
                assert apart(boxes[first], boxes[second]) >= least - EPS, (first, second, boxes)
    return boxes


def test_a_page_with_a_footer_band_has_its_lines_at_its_left_and_the_bar_at_its_right():
    on = page(Box(20.0, 20.0, 190.0, 280.0), at_bottom=True)
    boxes, placed = drawn(on), furniture(on)
    band = Box(ROOM.x0, ROOM.y0, ROOM.x1, ROOM.y0 + FOOTER_BAND)
    for name, box in boxes.items():
        assert band.x0 <= box.x0 and box.x1 <= band.x1 and band.y0 <= box.y0 and box.y1 <= band.y1, (name, box)
    first, second = placed.lines
    assert (first.x, second.x) == (ROOM.x0, ROOM.x0) and first.y - second.y == LINE_PITCH
    assert placed.bar.x + SCALE_BAR == ROOM.x1 and placed.bar.y == second.y and not placed.label_beside


def test_the_footer_goes_below_the_faces_where_the_margin_there_holds_it():
    boxes = in_margins_clear_of_all(page(Box(30.0, 40.0, 180.0, 280.0)))
    assert all(box.y1 <= 40.0 - CLEAR for box in boxes.values())
    assert boxes["line 1"].x0 == ROOM.x0 and boxes["bar"].x1 == pytest.approx(ROOM.x1)  # the lines at its left end,
    # the bar at its right


def test_a_bottom_margin_a_little_short_of_the_footer_leaves_it_to_the_margin_above_the_faces():
    """The footer's two lines and the bar stand, together, just as tall as the margin below the faces: that
    margin lacks the room kept clear of the faces, so they go above them (not beside the faces, reaching up
    into their row)."""
    block = extents(FOOTER)["block"]
    bottom = ROOM.y0 + block[3] - block[2]  # the faces' foot: the margin below them exactly the footer's height
    boxes = in_margins_clear_of_all(page(Box(90.0, bottom, 120.0, 250.0)))
    assert boxes["line 1"].y0 >= 250.0 + CLEAR and boxes["line 2"].y0 >= 250.0 + CLEAR


def test_the_word_fold_at_the_foot_of_its_line_keeps_clear_of_the_footer_beside_it():
    """A fold line across the page whose faces leave no room above it: the word goes below its foot, in the
    bottom margin, and the footer set there keeps clear of it."""
    left, right = Box(10.0, 12.0, 40.0, 290.0), Box(40.0, 12.0, 70.0, 290.0)
    on = page(left, right, fold=("x", 40.0))
    boxes = in_margins_clear_of_all(on)
    word = boxes["fold"]
    assert word.y1 == pytest.approx(12.0 - CLEAR) and (word.x0 + word.x1) / 2 == pytest.approx(40.0)  # just below
    # the line's foot, centred on it
    assert boxes["line 1"].y0 < word.y1 and word.y0 < boxes["line 1"].y1  # the footer beside it


def test_faces_that_leave_no_margin_wide_enough_have_the_footer_at_the_foot_over_them():
    """Faces reaching within 2 mm of every edge of the content: no margin holds the footer or the bar, which
    then stand at the foot of the content, the lines at its left and the bar at its right."""
    on = page(ROOM.inset(2.0, 2.0, 2.0, 2.0))
    placed = furniture(on)
    low = extents(FOOTER)["lines"][1][2]  # the lines' reach below their baseline
    first, second = placed.lines
    assert (first.x, first.y, first.turn) == (ROOM.x0, pytest.approx(ROOM.y0 - low + LINE_PITCH), 0)
    assert (second.x, second.y) == (ROOM.x0, pytest.approx(ROOM.y0 - low))
    assert (placed.bar.x, placed.bar.y, placed.label_beside) == (ROOM.x1 - SCALE_BAR, ROOM.y0, False)


def test_the_word_fold_stands_just_beyond_the_top_end_of_a_fold_line_across_the_page():
    left, right = Box(20.0, 30.0, 105.0, 250.0), Box(105.0, 30.0, 190.0, 250.0)
    on = page(left, right, fold=("x", 105.0))
    word = in_margins_clear_of_all(on)["fold"]
    assert furniture(on).fold_label.turn == 0 and word.y0 == pytest.approx(250.0 + CLEAR)
    assert (word.x0 + word.x1) / 2 == pytest.approx(105.0) and word.w == pytest.approx(width(FOLD_WORD))


def test_past_the_crop_marks_at_its_ends_the_word_fold_stands_beyond_them():
    """On a page with crop marks, a mark stands in line with the fold (a cut there too) at each of its ends: the
    word goes beyond the top one."""
    left, right = Box(20.0, 30.0, 105.0, 250.0), Box(105.0, 30.0, 190.0, 250.0)
    on = Page(size=(210.0, 297.0), side="fold-and-glue", placed=[(Slot(face, 0, face), None) for face in (left, right)],
              content=ROOM, fold=("x", 105.0), marks=True, footer=FOOTER, footer_at_bottom=False)
    assert any(x0 == x1 == 105.0 and y0 > 250.0 for x0, y0, x1, y1 in on.crop_marks())
    word = in_margins_clear_of_all(on)["fold"]
    assert word.y0 == pytest.approx(250.0 + MARK_GAP + MARK_LENGTH + CLEAR)
    assert all(apart(word, Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))) >= CLEAR - EPS
               for x0, y0, x1, y1 in on.crop_marks())


def test_beside_a_fold_line_along_the_page_the_word_reads_upwards_left_of_its_left_end():
    top, bottom = Box(40.0, 150.0, 180.0, 260.0), Box(40.0, 40.0, 180.0, 150.0)
    on = page(top, bottom, fold=("y", 150.0))
    word = in_margins_clear_of_all(on)["fold"]
    assert furniture(on).fold_label.turn == 90 and word.x1 == pytest.approx(40.0 - CLEAR)
    assert (word.y0 + word.y1) / 2 == pytest.approx(150.0) and word.h == pytest.approx(width(FOLD_WORD))


def test_a_fold_line_reaching_the_edges_of_the_room_has_no_word_fold():
    left, right = Box(5.0, 5.0, 105.0, 292.0), Box(105.0, 5.0, 205.0, 292.0)
    assert furniture(page(left, right, fold=("x", 105.0))).fold_label is None


def test_in_the_left_margin_the_footer_reads_upwards_its_second_line_right_of_its_first():
    """Faces from the foot of the content to its top leave only the side margins: the footer reads upwards in
    the left one, from its foot, the second line under the first as it reads (to its right on the page)."""
    on = page(Box(40.0, ROOM.y0, ROOM.x1, ROOM.y1))
    boxes, (first, second) = in_margins_clear_of_all(on), furniture(on).lines
    assert (first.turn, second.turn) == (90, 90)
    assert (second.x, second.y) == (pytest.approx(first.x + LINE_PITCH), first.y)
    assert boxes["line 1"].x0 == pytest.approx(ROOM.x0) and boxes["line 1"].y0 == pytest.approx(ROOM.y0)
    assert boxes["line 2"].x1 <= 40.0 - CLEAR + EPS


def test_in_the_right_margin_the_footer_reads_downwards_its_second_line_left_of_its_first():
    on = page(Box(ROOM.x0, ROOM.y0, 170.0, ROOM.y1))
    boxes, (first, second) = in_margins_clear_of_all(on), furniture(on).lines
    assert (first.turn, second.turn) == (270, 270)
    assert (second.x, second.y) == (pytest.approx(first.x - LINE_PITCH), first.y)
    assert boxes["line 1"].x1 == pytest.approx(ROOM.x1) and boxes["line 2"].y0 == pytest.approx(ROOM.y0)
    assert boxes["line 2"].x0 >= 170.0 + CLEAR - EPS


def widths_of_versions(line: str) -> list[float]:
    """How long the footer's second line is with each version of one hex digit repeated in place of its own."""
    start = line[:len(line) - VERSION_LENGTH]
    return [width(start + digit * VERSION_LENGTH) for digit in "0123456789abcdef"]


def test_the_version_s_box_holds_the_second_line_with_any_version_a_little_round_it_but_not_into_the_first():
    on = page(Box(20.0, 20.0, 190.0, 280.0), at_bottom=True)
    boxes, box = drawn(on), version_box(on)
    line = boxes["line 2"]
    assert box.x0 == pytest.approx(line.x0 - ROUND) and box.y0 == pytest.approx(line.y0 - ROUND)
    assert box.y1 == pytest.approx(line.y1)  # not raised into the line above
    assert not overlap(box, boxes["line 1"])
    assert box.x1 == pytest.approx(line.x0 + max(widths_of_versions(on.footer[1])) + ROUND)  # the widest version's
    assert max(widths_of_versions(on.footer[1])) > line.w  # wider than this kit's own


def test_the_version_s_box_follows_the_footer_where_it_is_placed_and_a_page_without_furniture_has_none():
    on = page(Box(40.0, ROOM.y0, ROOM.x1, ROOM.y1))  # the footer reading upwards in the left margin
    placed = furniture(on)
    box, line = version_box(on), drawn(on)["line 2"]
    assert box == version_box(on, placed)
    assert box.y0 == pytest.approx(line.y0 - ROUND) and box.x0 == pytest.approx(line.x0)  # on its left: the line above
    assert box.x1 == pytest.approx(line.x1 + ROUND) and box.h == pytest.approx(max(widths_of_versions(on.footer[1])) +
                                                                             2 * ROUND)
    moved = replace(placed, lines=(placed.lines[0], Spot(100.0, 100.0)))
    assert version_box(on, moved).x0 == pytest.approx(100.0 - ROUND) and version_box(on, moved).y1 < 102.0
    assert version_box(replace(on, furniture=False)) is None


def test_a_page_without_faces_has_its_footer_at_the_bottom_left_of_its_room_and_the_bar_at_the_bottom_right():
    on = page()
    boxes, placed = drawn(on), furniture(on)
    assert boxes["line 1"].x0 == ROOM.x0 and boxes["line 2"].y0 == pytest.approx(ROOM.y0)
    assert placed.lines[1] == below(placed.lines[0], LINE_PITCH)  # the two lines together
    assert boxes["bar"].x1 == pytest.approx(ROOM.x1) and placed.bar.y == ROOM.y0 and not placed.label_beside


def test_a_bottom_margin_too_low_for_the_footer_s_block_sets_its_lines_side_by_side_and_the_bar_s_label_after_it():
    """Faces 3 mm above the content's foot: the two lines stand each on its own, side by side, and the bar's
    label, too tall above it, goes after its end; the label's baseline 0.2 mm below the bar's foot, its
    descenders at the foot of the room."""
    on = page(Box(ROOM.x0, ROOM.y0 + 3.0 + CLEAR, ROOM.x1, ROOM.y1))
    boxes, placed = in_margins_clear_of_all(on), furniture(on)
    (first, second), bar = placed.lines, placed.bar
    assert first.y == second.y and boxes["line 1"].x0 == ROOM.x0
    assert boxes["line 2"].x0 - boxes["line 1"].x1 == pytest.approx(APART)  # the next place clear of the first
    descent = extents(FOOTER)["lines"][0][2]
    assert placed.label_beside and bar.y - 0.2 + descent == pytest.approx(ROOM.y0)
    assert bar.x + SCALE_BAR + BESIDE + width(BAR_LABELS[1]) == pytest.approx(ROOM.x1)
    assert boxes["bar"].y1 <= ROOM.y0 + 3.0 + EPS


def test_a_fold_line_along_the_page_from_its_left_edge_has_the_word_fold_right_of_its_right_end():
    top, bottom = Box(ROOM.x0, 150.0, 180.0, 260.0), Box(ROOM.x0, 40.0, 180.0, 150.0)
    on = page(top, bottom, fold=("y", 150.0))
    word = in_margins_clear_of_all(on)["fold"]
    assert furniture(on).fold_label.turn == 90 and word.x0 == pytest.approx(180.0 + CLEAR)
    assert (word.y0 + word.y1) / 2 == pytest.approx(150.0)


def test_the_footer_keeps_clear_of_the_crop_marks_below_the_faces():
    """Faces 11 mm above the content's foot: their crop marks reach down into the margin, in line with the cuts
    at x 30 and 180; the footer's lines start just clear of the first, the bar stands below the second."""
    face = Box(30.0, 16.0, 180.0, 280.0)
    on = Page(size=(210.0, 297.0), side="fronts", placed=[(Slot(face, 0, face), None)], content=ROOM, marks=True,
              footer=FOOTER, footer_at_bottom=False)
    marks = [Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) for x0, y0, x1, y1 in on.crop_marks()]
    assert any(mark.x0 == 30.0 and mark.y0 < 11.0 for mark in marks)
    boxes = drawn(on)
    for name, box in boxes.items():
        assert all(apart(box, mark) >= CLEAR - EPS for mark in marks), name
    assert boxes["line 1"].x0 == pytest.approx(30.0 + CLEAR) and boxes["line 2"].y0 == pytest.approx(ROOM.y0)
    assert boxes["bar"].x1 == pytest.approx(ROOM.x1) and boxes["bar"].y0 == ROOM.y0


def test_on_a_page_with_a_footer_band_the_word_fold_still_keeps_clear_of_the_crop_marks():
    left, right = Box(20.0, 30.0, 105.0, 250.0), Box(105.0, 30.0, 190.0, 250.0)
    on = Page(size=(210.0, 297.0), side="fold-and-glue", placed=[(Slot(face, 0, face), None) for face in (left, right)],
              content=ROOM.inset(bottom=FOOTER_BAND), fold=("x", 105.0), marks=True, footer=FOOTER,
              footer_at_bottom=True)
    word = drawn(on)["fold"]
    assert word.y0 == pytest.approx(250.0 + MARK_GAP + MARK_LENGTH + CLEAR)


def test_in_the_margin_above_the_faces_the_footer_stands_at_the_top_of_the_room_away_from_them():
    block = extents(FOOTER)["block"]
    bottom = ROOM.y0 + block[3] - block[2]  # the margin below the faces a little short of the footer
    boxes = in_margins_clear_of_all(page(Box(90.0, bottom, 120.0, 250.0)))
    assert boxes["line 1"].y1 == pytest.approx(ROOM.y1) and boxes["line 1"].x0 == ROOM.x0
    assert boxes["bar"].y0 == ROOM.y0  # the bar, lower, still below the faces


def test_the_furniture_s_letters_reach_as_far_as_the_sans_font_says_at_6_pt():
    from reportlab.pdfbase import pdfmetrics

    from pnp.layout.furniture import FURNITURE_SIZE, _metrics
    from pnp.model.units import PT
    from pnp.typeset.text import font

    ascent, descent = _metrics()
    assert FURNITURE_SIZE == 6.0
    assert ascent == pytest.approx(pdfmetrics.getAscent(font("sans"), 6.0) / PT, rel=1e-9)
    assert descent == pytest.approx(pdfmetrics.getDescent(font("sans"), 6.0) / PT, rel=1e-9)


def test_a_free_box_is_the_lowest_or_highest_and_of_those_the_leftmost_or_rightmost_and_never_outside_its_region():
    from pnp.layout.furniture import _free

    region = Box(0.0, 0.0, 100.0, 50.0)
    band = [Box(0.0, 20.0, 100.0, 30.0)]  # across the middle
    assert _free(region, (20.0, 10.0), band, high=False, from_end=False) == Box(0.0, 0.0, 20.0, 10.0)
    assert _free(region, (20.0, 10.0), band, high=True, from_end=False) == Box(0.0, 40.0, 20.0, 50.0)
    column = [Box(40.0, 0.0, 60.0, 50.0)]  # up the middle
    assert _free(region, (20.0, 10.0), column, high=False, from_end=True) == Box(80.0, 0.0, 100.0, 10.0)
    assert _free(region, (50.0, 10.0), column, high=False, from_end=False) is None  # too wide for either side
    strip = Box(0.0, 0.0, 100.0, 10.0)
    blocked = [Box(19.5, 0.0, 100.0, 10.0)]  # leaves 19.5 mm at the left: a 20 mm box would stick out of it
    assert _free(strip, (20.0, 10.0), blocked, high=False, from_end=True) is None
    assert _free(strip, (20.0, 10.0), [Box(0.0, 0.0, 80.5, 10.0)], high=False, from_end=False) is None
    low_room = [Box(0.0, 9.5, 100.0, 50.0)]  # 9.5 mm left at the foot: a 10 mm box would stick out below
    assert _free(region, (20.0, 10.0), low_room, high=True, from_end=False) is None
    assert _free(region, (20.0, 10.0), [Box(0.0, 0.0, 100.0, 40.5)], high=False, from_end=False) is None


def test_boxes_overlap_by_half_a_millimetre_on_any_side_but_not_when_they_only_touch():
    from pnp.layout.furniture import _overlap

    box = Box(10.0, 10.0, 20.0, 20.0)
    for other in (Box(19.5, 12.0, 30.0, 18.0), Box(0.0, 12.0, 10.5, 18.0), Box(12.0, 19.5, 18.0, 30.0),
                  Box(12.0, 0.0, 18.0, 10.5)):
        assert _overlap(box, other) and _overlap(other, box), other
    for other in (Box(20.0, 12.0, 30.0, 18.0), Box(12.0, 0.0, 18.0, 10.0), Box(20.0, 20.0, 25.0, 25.0)):
        assert not _overlap(box, other) and not _overlap(other, box), other
