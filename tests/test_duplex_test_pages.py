"""The duplex test: a front and a back page, each its own face, the back telling how to use what it shows."""
from __future__ import annotations

import pytest

from pnp.layout.duplex_test import duplex_test_pages
from pnp.layout.imposition import Settings
from pnp.model.paper import PAPERS

pytestmark = pytest.mark.quick


def texts(page) -> str:
    """Every text a page prints, joined."""
    return " ".join(str(values.get("text", "")) for kind, values in page.flat.steps if kind == "text")


def test_the_duplex_test_is_a_front_and_a_back_each_its_own_face():
    front, back = duplex_test_pages(Settings(paper=PAPERS["a4"]))
    assert (front.side, back.side) == ("front", "back") and front.flat.key != back.flat.key
    assert "--back-offset X,Y" in texts(back)  # the option as it is typed


def lines(page) -> list[tuple[float, float, float, float]]:
    """Every line a page draws, as (x0, y0, x1, y1) in mm from the page's lower-left corner."""
    h = page.size[1]
    return [(a[0], h - a[1], b[0], h - b[1]) for kind, values in page.flat.steps if kind == "line"
            for a, b in [values["points"]]]


def text_steps(page) -> dict:
    """Each text a page prints, as written (its markup's escapes taken out) -> its step's values (where its box
    starts, its size)."""
    return {values["text"].replace("\\", ""): values for kind, values in page.flat.steps if kind == "text"}


def test_the_back_reads_the_cross_to_a_millimetre_ten_each_way_of_where_it_should_fall():
    """The x scale has a tick each millimetre from -10 to +10 about the centre the back offset moves, the ticks
    every 5 mm long and numbered; a cross further off than the scales reach is not read on them."""
    settings = Settings(paper=PAPERS["a4"], back_offset=(2.0, -1.0))
    _, back = duplex_test_pages(settings)
    w, h = settings.size
    cx, cy = w / 2 + 2.0, h / 2 - 1.0
    ticks = {round(x0 - cx, 6): round(abs(y1 - y0), 6) for x0, y0, x1, y1 in lines(back)
             if x0 == x1 and abs(y1 - y0) < 5 and y0 == cy - 20}
    assert ticks == {i: 3.0 if i % 5 == 0 else 1.5 for i in range(-10, 11)}
    across = {round(y0 - cy, 6) for x0, y0, x1, y1 in lines(back) if y0 == y1 and x1 - x0 < 5 and x0 == cx + 20}
    assert across == set(range(-10, 11))
    scales = {tuple(round(value, 6) for value in (x0 - cx, y0 - cy, x1 - cx, y1 - cy))
              for x0, y0, x1, y1 in lines(back) if max(abs(x1 - x0), abs(y1 - y0)) > 5}
    assert scales == {(-10, -20, 10, -20), (20, -10, 20, 10)}  # each scale's line runs under its ticks, -10 to +10
    widths = [values["width"] for kind, values in back.flat.steps if kind == "line"]
    assert widths == [pytest.approx(0.15 / (72 / 25.4))] * len(widths)  # each scale and tick a hairline of 0.15 pt
    numbers = [text for text in text_steps(back) if text.lstrip("+-").isdigit()]
    assert sorted(numbers) == sorted(["-10", "-5", "0", "+5", "+10"])


def test_the_back_s_heading_and_instructions_stand_where_the_front_s_heading_and_note_do():
    """Held to the light, the two pages' headings lie over each other: the back's at the front's height and size,
    its first instruction as the front's note is set, the second 5 mm below it."""
    front, back = duplex_test_pages(Settings(paper=PAPERS["letter"], short_edge=True))
    front_texts, back_texts = text_steps(front), text_steps(back)
    heading, note = front_texts["FRONT: print this file double-sided"], next(
        values for text, values in front_texts.items() if text.endswith("flip on the short edge"))
    back_heading = back_texts["BACK: hold to the light"]
    first = next(values for text, values in back_texts.items() if text.startswith("Read where"))
    second = next(values for text, values in back_texts.items() if text.startswith("Build again"))
    assert (back_heading["y"], back_heading["size"]) == (heading["y"], heading["size"]) == (
        pytest.approx(30 - 14 * 0.72 / (72 / 25.4)), 14)
    assert (first["y"], first["size"]) == (note["y"], note["size"]) and first["size"] == second["size"] == 9
    assert second["y"] - first["y"] == pytest.approx(5.0)


def test_the_front_s_cross_is_centred_on_the_page_its_arms_30_mm_each_way():
    settings = Settings(paper=PAPERS["letter"])
    front, _ = duplex_test_pages(settings)
    w, h = settings.size
    assert sorted(lines(front)) == sorted([(w / 2 - 30, h / 2, w / 2 + 30, h / 2),
                                           (w / 2, h / 2 - 30, w / 2, h / 2 + 30)])
    (ring,) = [values for kind, values in front.flat.steps if kind == "circle"]
    assert (ring["x"], h - ring["y"], ring["r"]) == (w / 2, h / 2, 2.0)
