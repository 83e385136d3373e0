"""Playing pieces every board game needs: tokens (round, square, six-sided), standees and boxes."""
from __future__ import annotations

import math
import re

import pytest

from conftest import TOY, edit
from pnp.errors import DataError
from pnp.games import load_game
from pnp.imposition import Settings
from pnp.kinds import tally
from pnp.kit import lay_out
from pnp.units import PAPER_SIZES


def part_of(game, component_id, **settings):
    paper = settings.pop("paper", "a4")
    parts = lay_out(game, Settings(paper=paper, size=PAPER_SIZES[paper], **settings))
    return next(part for part in parts if part.component.id == component_id)


def outline_of(face):
    return [(name, values) for name, values in face.steps if name in ("circle", "polygon")][-1]


def test_round_tokens_sit_in_a_square_cut_box_with_their_outline_and_mirrored_backs():
    game = load_game("pete-the-pirate")
    part = part_of(game, "gems")
    fronts, backs = part.pages
    assert (fronts.side, backs.side) == ("fronts", "backs") and len(fronts.placed) == 20
    name, circle = outline_of(fronts.placed[0][1])
    assert name == "circle" and (circle["x"], circle["y"], circle["r"]) == (8.0, 8.0, 8.0)  # inscribed in 16 mm
    slots = [slot for slot, _ in fronts.placed]
    gaps = sorted({round(b.trim.x0 - a.trim.x1, 6) for a, b in zip(slots, slots[1:]) if b.trim.x0 > a.trim.x1})
    assert gaps == [3.0]                                    # the default gutter: each token keeps its 1.5 mm bleed
    for (front, _), (back, _) in zip(fronts.placed, backs.placed):   # backs mirrored across the page
        assert back.trim.x0 == pytest.approx(210 - front.trim.x1) and back.trim.y0 == front.trim.y0
    assert tally(game.components["gems"], part.pages) == "20 tokens"
    assert "16 mm circle punch" in part.advice


def test_six_sided_tokens_without_backs_print_one_sided_with_room_for_a_punch():
    game = load_game(str(TOY))
    for fold in (False, True):
        part = part_of(game, "counters", fold=fold)
        assert [page.side for page in part.pages] == ["sheets"] and len(part.pages[0].placed) == 4
    name, hexagon = outline_of(part.pages[0].placed[0][1])
    assert name == "polygon" and len(hexagon["points"]) == 6
    assert all(math.dist(point, (10, 10)) == pytest.approx(10) for point in hexagon["points"])
    assert sorted({round(y, 6) for _, y in hexagon["points"]}) == pytest.approx([10 - 5 * math.sqrt(3), 10,
                                                                                 10 + 5 * math.sqrt(3)])
    slots = sorted(slot.trim.x0 for slot, _ in part.pages[0].placed)
    assert slots[1] - slots[0] == pytest.approx(26.0)      # 20 mm tokens, the punch's 6 mm between them
    assert "six-sided outline" in part.advice and "double-sided" not in part.advice


def test_a_token_with_an_unknown_shape_or_gutter_is_reported_at_its_line(toy):
    edit(toy / "game.yaml", "shape: hex", "shape: star")
    edit(toy / "game.yaml", "gutter: punch", "gutter: pinch")
    with pytest.raises(DataError) as raised:
        load_game(str(toy))
    text = str(raised.value)
    assert re.search(r"game.yaml:\d+: counters.shape: .*'star'", text)
    assert re.search(r"game.yaml:\d+: counters.gutter: expected one of punch or a length", text)
