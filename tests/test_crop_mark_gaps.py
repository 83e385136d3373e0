"""Crop marks keep their gap from the ink on all four sides of a page of cards: each begins MARK_GAP beyond the
faces and their bleed, and runs away from them into the margin."""
from __future__ import annotations

import pytest

from pnp.layout.imposition import MARK_GAP, Settings, duplex_pages
from pnp.model.paper import CARD_SIZES, PAPERS

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_crop_mark_begins_its_gap_beyond_the_ink_and_runs_outwards(paper):
    page = duplex_pages([(("front", i), ("back", i)) for i in range(9)], CARD_SIZES["poker"], 3.0, 0.0,
                        Settings(paper=PAPERS[paper]))[0]
    inked, room = page.inked, page.content
    sides = set()
    for x0, y0, x1, y1 in page.crop_marks():
        if x0 == x1:  # beside a vertical cut: above or below the ink
            side = "top" if y0 > inked.y1 else "bottom"
            assert y0 == pytest.approx(inked.y1 + MARK_GAP if side == "top" else inked.y0 - MARK_GAP)
            assert (y1 > y0) == (side == "top") and room.y0 - 1e-6 <= y1 <= room.y1 + 1e-6
        else:  # beside a horizontal cut: right or left of the ink
            side = "right" if x0 > inked.x1 else "left"
            assert x0 == pytest.approx(inked.x1 + MARK_GAP if side == "right" else inked.x0 - MARK_GAP)
            assert (x1 > x0) == (side == "right") and room.x0 - 1e-6 <= x1 <= room.x1 + 1e-6
        sides.add(side)
    assert sides == {"top", "bottom", "left", "right"}
