"""The bars a printer measures to see that nothing was scaled: the 50 mm scale bar of pages drawn as steps
(pnp/layout/requests.py) and the 100 mm bar on every page of box nets (pnp/layout/cutouts.py), each black and
white in 10 mm steps inside an outline as long as the bar, its label saying how long it must measure."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.errors import Where
from pnp.layout.cutouts import CHECK_BAR, check_bar
from pnp.layout.imposition import SCALE_BAR, SCALE_BAR_HEIGHT, SCALE_TICK
from pnp.layout.requests import BAR_INK, scale_bar

pytestmark = pytest.mark.quick


def test_the_scale_bar_is_black_every_other_step_inside_a_black_outline_its_label_centred_above():
    x, y, height = 12.0, 8.0, 297.0
    steps = scale_bar(x, y, height)
    top = height - y - SCALE_BAR_HEIGHT  # (steps measure from the page's top)
    rects = [values for kind, values in steps if kind == "rect"]
    filled = [(r["x"], r["y"], r["w"], r["h"]) for r in rects if r["fill"] == BAR_INK]
    assert filled == [(x + SCALE_TICK * i, top, SCALE_TICK, SCALE_BAR_HEIGHT) for i in (0, 2, 4)]
    (outline,) = [r for r in rects if r["fill"] == "none"]
    assert (outline["x"], outline["y"], outline["w"], outline["h"]) == (x, top, SCALE_BAR, SCALE_BAR_HEIGHT)
    assert outline["stroke"] == BAR_INK and outline["width"] > 0
    (label,) = [values for kind, values in steps if kind == "text"]
    assert label["text"] == f"this bar must measure {SCALE_BAR:g} mm"
    assert label["x"] + label["w"] / 2 == pytest.approx(x + SCALE_BAR / 2) and label["y"] < top


def test_the_box_nets_check_bar_is_100_mm_in_black_and_white_steps_and_says_so():
    made = check_bar(SimpleNamespace(where=Where("game.yaml", 3)))
    (raw,) = made.steps
    rects = [step["rect"] for step in raw.steps if "rect" in step]
    filled = [(r["x"], r["w"]) for r in rects if r.get("fill") == "#000000"]
    assert filled == [(0.0, 10.0), (20.0, 10.0), (40.0, 10.0), (60.0, 10.0), (80.0, 10.0)]
    assert {r["y"] for r in rects} == {4.6} and {r["h"] for r in rects} == {1.6}
    (outline,) = [r for r in rects if "stroke" in r]
    assert (outline["x"], outline["w"], outline["stroke"]) == (0.0, CHECK_BAR, "#000000")
    (text,) = [step["text"] for step in raw.steps if "text" in step]
    assert "100 mm" in text["text"] and text["w"] == CHECK_BAR
    assert made.size == (CHECK_BAR, 6.4) and made.where == Where("game.yaml", 3)
