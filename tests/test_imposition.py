"""Where faces land on the paper: grids, bleed, mirrored backs and fold-and-glue halves."""
import pytest

from conftest import overlap
from pnp.layout.imposition import NoRoom, Settings, Slot, capacity, duplex_pages, fit, fold_pages, mirror, printable
from pnp.model.geometry import Box
from pnp.model.paper import CARD_SIZES, PAPERS

POKER = CARD_SIZES["poker"]


def settings(paper="a4", **kw):
    return Settings(paper=PAPERS[paper], **kw)


def pairs(n):
    return [(("front", i), ("back", i)) for i in range(n)]


def inside(inner: Box, outer: Box, tol=1e-6) -> bool:
    return (inner.x0 >= outer.x0 - tol and inner.y0 >= outer.y0 - tol and inner.x1 <= outer.x1 + tol
            and inner.y1 <= outer.y1 + tol)


@pytest.mark.parametrize("paper,most", [("a4", 9), ("letter", 8)])
def test_as_many_poker_cards_a_page_as_keep_every_cut_marked(paper, most):
    """Nine upright on A4; on Letter nine upright would leave 1.35 mm above and below the grid inside the margin,
    no room for the marks of its vertical cuts: eight turned on their sides, 2 × 4, keep every mark and bleed."""
    pages = duplex_pages(pairs(9), POKER, 3.0, 0.0, settings(paper))
    assert [p.side for p in pages] == ["fronts", "backs"] * (1 if most == 9 else 2)
    assert len(pages[0].placed) == most and pages[0].fit.marks and not pages[0].cut_lines
    assert {slot.rotation for slot, _ in pages[0].placed} == ({90} if paper == "letter" else {0})
    marks = pages[0].crop_marks()
    assert {round(x0, 4) for x0, _, x1, _ in marks if x0 == x1} == set(pages[0].cuts_x)  # every vertical cut
    assert {round(y0, 4) for _, y0, _, y1 in marks if y0 == y1} == set(pages[0].cuts_y)  # every horizontal cut


@pytest.mark.parametrize("short_edge", [False, True])
def test_the_backs_of_cards_turned_on_letter_land_behind_their_fronts(short_edge):
    """Turned cards' backs, mirrored as the printer turns the sheet: about its long edge the back is turned the
    other way (its top still under the front's top), about its short edge the same way, and each back's
    trimmed box is its front's seen through the paper."""
    s = settings("letter", short_edge=short_edge)
    front, back = duplex_pages(pairs(8), POKER, 3.0, 0.0, s)
    w, h = s.size
    for (f, f_face), (b, b_face) in zip(front.placed, back.placed):
        assert b_face == ("back", f_face[1]) and f.rotation == 90
        if short_edge:
            assert b.rotation == 90 and b.trim == Box(f.trim.x0, h - f.trim.y1, f.trim.x1, h - f.trim.y0)
        else:
            assert b.rotation == 270 and b.trim == Box(w - f.trim.x1, f.trim.y0, w - f.trim.x0, f.trim.y1)
        assert b.trim.w == pytest.approx(POKER[1]) and b.trim.h == pytest.approx(POKER[0])


def test_a_grid_is_kept_by_all_it_depends_on():
    """The grids worked out for pieces of a size (best_grid, fold_grid) are kept by all they depend on: each
    variation below, asked for after the others, is the grid worked out from nothing."""
    from pnp.layout.imposition import best_grid, fold_grid

    a4, poker = Settings(paper=PAPERS["a4"]), CARD_SIZES["poker"]
    variations = [(a4, poker, 0.0, 3.0, 9, True), (Settings(paper=PAPERS["letter"]), poker, 0.0, 3.0, 9, True),
                  (Settings(paper=PAPERS["a4"], margin=12.0), poker, 0.0, 3.0, 9, True),
                  (a4, CARD_SIZES["mini"], 0.0, 3.0, 9, True), (a4, poker, 6.0, 3.0, 9, True),
                  (a4, poker, 0.0, 1.0, 9, True), (a4, poker, 0.0, 3.0, 2, True), (a4, poker, 0.0, 3.0, 9, False)]
    for settings, size, gutter, bleed, needed, marked in variations:
        assert best_grid(settings, size, gutter, bleed, needed, marked) == \
            best_grid.__wrapped__(settings, size, gutter, bleed, needed, marked)
        assert fold_grid(size, bleed, gutter, settings, needed, marked) == \
            fold_grid.__wrapped__(size, bleed, gutter, settings, needed, marked)
    assert len({best_grid(*variation) for variation in variations}) > 4


def test_fit_tries_both_orientations():
    # a 100 x 40 strip fits 2 across a 100 x 90 area only when turned? no: 1 x 2 upright, 2 x 0 turned
    grid = fit(Box(0, 0, 90, 100), (100, 40), 0.0)
    assert grid.turned and grid.count == 2
    assert fit(Box(0, 0, 10, 10), (100, 40), 0.0) is None


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", [duplex_pages, fold_pages])
def test_all_ink_stays_inside_the_printable_area_and_off_neighbours(paper, layout):
    s = settings(paper)
    for page in layout(pairs(20), POKER, 3.0, 0.0, s):
        area = printable(Settings(paper=PAPERS[paper], size=page.size))
        clips = [slot.clip for slot, _ in page.placed]
        for slot, _ in page.placed:
            assert inside(slot.trim, area) and inside(slot.clip, area)
            assert inside(slot.trim, slot.clip)
        for i, a in enumerate(clips):
            for b in clips[i + 1:]:
                assert not overlap(a, b)


def test_long_edge_backs_mirror_across_the_page_width():
    s = settings("a4")
    front, back = duplex_pages(pairs(9), POKER, 3.0, 0.0, s)[:2]
    assert len(back.placed) == len(front.placed) == 9
    for (f_slot, f_face), (b_slot, b_face) in zip(front.placed, back.placed):
        assert b_face == ("back", f_face[1])
        assert b_slot.trim.x0 == pytest.approx(210 - f_slot.trim.x1)
        assert b_slot.trim.y0 == pytest.approx(f_slot.trim.y0)
        assert b_slot.rotation == 0


def test_short_edge_backs_mirror_top_to_bottom_and_turn_half_round():
    front, back = duplex_pages(pairs(9), POKER, 3.0, 0.0, settings("a4", short_edge=True))[:2]
    for (f_slot, _), (b_slot, _) in zip(front.placed, back.placed):
        assert b_slot.trim.x0 == pytest.approx(f_slot.trim.x0)
        assert b_slot.trim.y0 == pytest.approx(297 - f_slot.trim.y1)
        assert b_slot.rotation == 180


def test_back_offset_shifts_only_the_backs():
    plain = duplex_pages(pairs(9), POKER, 3.0, 0.0, settings("a4"))
    shifted = duplex_pages(pairs(9), POKER, 3.0, 0.0, settings("a4", back_offset=(1.5, -2.0)))
    assert [s.trim for s, _ in shifted[0].placed] == [s.trim for s, _ in plain[0].placed]
    for (a, _), (b, _) in zip(plain[1].placed, shifted[1].placed):
        assert b.trim.x0 == pytest.approx(a.trim.x0 + 1.5)
        assert b.trim.y0 == pytest.approx(a.trim.y0 - 2.0)


def test_mirror_rules_for_turned_cards():
    slot = Slot(Box(10, 20, 98.9, 83.5), 90, Box(7, 17, 101.9, 86.5))
    assert mirror(slot, "x", 105).rotation == 270
    assert mirror(slot, "y", 148.5).rotation == 90
    assert mirror(mirror(slot, "x", 105), "x", 105) == slot


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_sheets_put_each_back_behind_its_front(paper):
    pages = fold_pages(pairs(10), POKER, 3.0, 0.0, settings(paper))
    assert len(pages[0].placed) // 2 >= 4
    for page in pages:
        axis, at = page.fold
        half = len(page.placed) // 2
        fronts, backs = page.placed[:half], page.placed[half:]
        for (f_slot, f_face), (b_slot, b_face) in zip(fronts, backs):
            assert b_face == ("back", f_face[1])
            assert b_slot == mirror(f_slot, axis, at)
            # the fold runs between the halves, never through a card or its bleed
            lo, hi = (f_slot.clip.x0, f_slot.clip.x1) if axis == "x" else (f_slot.clip.y0, f_slot.clip.y1)
            assert not lo < at < hi


def test_a_piece_larger_than_the_paper_is_refused():
    with pytest.raises(NoRoom, match="does not fit"):
        duplex_pages(pairs(1), (300, 400), 3.0, 0.0, settings("a4"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", [duplex_pages, fold_pages])
def test_with_a_gutter_every_card_edge_keeps_its_whole_bleed(paper, layout):
    for page in layout(pairs(20), POKER, 3.0, 6.0, settings(paper)):
        assert page.fit.edge_bleed == pytest.approx(3.0) and page.fit.marks and not page.cut_lines
        for slot, _ in page.placed:
            assert slot.clip == Box(slot.trim.x0 - 3, slot.trim.y0 - 3, slot.trim.x1 + 3, slot.trim.y1 + 3)
        # room beyond the bleed for crop marks at least MARK_MIN long, on every side of the grid
        inked, room = page.inked, page.content
        assert min(inked.x0 - room.x0, room.x1 - inked.x1, inked.y0 - room.y0, room.y1 - inked.y1) >= 3.5 - 1e-6


def test_sharing_cuts_fits_more_a_page_and_says_what_it_costs():
    own = capacity(POKER, 3.0, 6.0, settings("letter"))
    shared = capacity(POKER, 3.0, 0.0, settings("letter"))
    assert own.per_page == 6 and own.edge_bleed == 3.0 and own.marks
    # turned on their sides, eight poker cards keep their whole bleed and a crop mark on every cut
    assert shared.per_page == 8 and shared.edge_bleed == 3.0 and shared.marks and shared.turned
    # nine upright leave Letter no room above and below for bleed or crop marks: the most, but not chosen
    most = capacity(POKER, 3.0, 0.0, settings("letter"), marked=False)
    assert most.per_page == 9 and most.edge_bleed == 0.0 and not most.marks
    page = duplex_pages(pairs(9), POKER, 3.0, 0.0, settings("letter"))[0]
    assert not page.cut_lines and page.fit == shared
    assert capacity(POKER, 3.0, 6.0, settings("a4")).per_page == 8


@pytest.mark.parametrize("layout", [duplex_pages, fold_pages])
def test_a_grid_s_pages_are_made_when_asked_for_each_equal_to_the_one_made_before(layout):
    """A grid's pages (GridPages) are made as they are read, not held: a page made again is a page of its own,
    equal to the one before, and all but its faces (its slots, content, fit and spacing) are the grid's, shared by
    every page alike, so that the writer draws its marks once for all (it knows them by those objects)."""
    pages = layout(pairs(21), POKER, 3.0, 0.0, settings("a4"))
    made, again = list(pages), list(pages)
    assert made == again == pages and len(pages) == len(made) and all(a is not b for a, b in zip(made, again))
    assert [pages[index] for index in range(-len(pages), len(pages))] == made + made
    assert pages[1:4] == made[1:4] and pages[::-1] == made[::-1]
    with pytest.raises(IndexError):
        pages[len(pages)]
    fronts = [page for page in made if not page.reverse]
    *full, last = fronts
    assert all(page.content is made[0].content and page.fit is made[0].fit for page in made)
    assert all(page.placed.slots is full[0].placed.slots and page.spacing is full[0].spacing for page in full)
    assert full[0].spacing.full and not last.spacing.full
    assert [page for page in again if not page.reverse][-1].spacing is last.spacing
    faces = [face for page in fronts for _, face in page.placed if face[0] == "front"]
    assert faces == [("front", i) for i in range(21)]
    if layout is duplex_pages:  # each page of fronts followed by their backs, in the slots behind them
        assert [page.side for page in made] == ["fronts", "backs"] * 3
        assert [face for _, face in made[3].placed] == [("back", i) for i in range(9, 18)]
        assert made[3].placed.slots is made[1].placed.slots and made[5].placed.slots is made[1].placed.slots
