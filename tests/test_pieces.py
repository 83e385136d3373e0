"""Playing pieces every board game needs: tokens (round, square, six-sided), standees and boxes."""
from __future__ import annotations

import math
import re
from dataclasses import replace
from types import SimpleNamespace

import pytest

from conftest import TOY, edit
from pnp.errors import DataError, Where
from pnp.build.stages import lay_out
from pnp.layout import nets
from pnp.layout.cutouts import WASTE, box_nets, standee_net, standee_pages
from pnp.layout.imposition import Settings
from pnp.layout.kinds import tally
from pnp.layout.requests import Drawn, labelled
from pnp.model.paper import PAPERS
from pnp.read.games import load_game
from pnp.render.steps import step_specs


def part_of(game, component_id, **settings):
    paper = settings.pop("paper", "a4")
    parts = lay_out(game, Settings(paper=PAPERS[paper], **settings))
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


def lines(face, style):
    return [tuple(map(tuple, values["points"])) for name, values in face.steps
            if name == "line" and values["dash"] == style["dash"] and values["width"] == style["width"]]


def test_a_standees_back_is_its_front_reflected_across_the_fold_at_its_head():
    game = load_game("pete-the-pirate")
    part = part_of(game, "pawns")
    faces = [face for page in part.pages for _, face in page.placed]
    assert len(faces) == 5 and tally(game.components["pawns"], part.pages) == "5 standees"
    net = faces[0]
    front, back = [values for name, values in net.steps[:2]]
    assert (front["x"], front["y"]) == (back["x"], back["y"]) and back["mirror"] and not front.get("mirror")
    fold = front["y"]
    folds = lines(net, nets.FOLD)
    assert ((front["x"], fold), (front["x"] + 30, fold)) in folds      # the head: back and front folded together
    feet = sorted(y for (_, y), _ in folds if y != fold)
    assert feet == [fold - 46, fold + 46]                             # a foot beyond each side, folding out
    assert net.size == (30 + 8, 46 * 2 + 14 * 2 + 8)                  # room for the fold marks all round
    marks = lines(net, nets.MARK)
    assert len(marks) == 6 and all(x1 < front["x"] or x0 > front["x"] + 30 for (x0, _), (x1, _) in marks)
    texts = [v["text"] for name, group in net.steps[:2] for n, v in group["steps"] if n == "text"]
    assert texts == ["Pete the Pirate"]                               # the name on the front only


def test_a_slot_standee_has_a_foot_band_and_a_base_with_its_slot():
    game = load_game(str(TOY))
    net = part_of(game, "figures").pages[0].placed[0][1]
    front, back = [group for name, group in net.steps[:2]]
    assert [v["text"] for n, v in front["steps"] if n == "text"] == ["front:hero"]
    assert [v["text"] for n, v in back["steps"] if n == "text"] == ["back:hero"]
    cuts = lines(net, nets.CUT)
    slot = [line for line in cuts if line[0][1] == line[1][1] and line[1][0] - line[0][0] == pytest.approx(24.6)]
    assert len(slot) == 1
    (x0, y), (x1, _) = slot[0]
    assert x0 == pytest.approx(front["x"] - 0.3) and y == pytest.approx(front["y"] + 36 + nets.SLOT_DEPTH + 4 + 12)


def test_a_box_is_a_tray_a_sleeve_and_dividers_that_fit_each_other():
    game = load_game("pete-the-pirate")
    chests = game.components["chests"]
    length, width, height = chests.options["inner"]
    t, clearance = chests.options["thickness"], chests.options["clearance"]
    parts = box_nets(chests)
    for panels, tabs, _ in parts.values():
        assert nets.problems(panels, tabs) == []                       # each net folds and holds together
        assert all(tab.edge == "glue" and tab.taper > 0 for tab in tabs)  # tapered glue tabs
    tray = {p.name: p for p in parts["tray"][0]}
    assert (tray["floor"].w, tray["floor"].h) == pytest.approx((length + t, width + t))
    assert {tray[name].h for name in ("side 1", "side 2")} == {height} == {tray[n].w for n in ("end A", "end B")}
    sleeve = {p.name: p for p in parts["sleeve"][0]}
    outside = (length + 2 * t, width + 2 * t, height + t)                # the tray's outside
    assert sleeve["lid"].w == pytest.approx(outside[0])                 # as long as the tray: it covers it
    assert sleeve["lid"].h - outside[1] == pytest.approx(clearance + t)  # room to slide, and for its own folds
    assert sleeve["side 1"].h - outside[2] == pytest.approx(clearance + t)
    divider = {p.name: p for p in parts["divider"][0]}["divider"]
    assert divider.w < width and divider.h < height


def test_box_nets_are_packed_on_pages_each_with_a_100_mm_bar():
    game = load_game("pete-the-pirate")
    part = part_of(game, "chests")
    faces = [face for page in part.pages for _, face in page.placed[1:]]
    parts = [face.key.split("|")[2] for face in faces]
    assert parts.count("tray") == parts.count("sleeve") == parts.count("divider") == 4   # two compartments each
    for page in part.pages:
        slot, bar = page.placed[0]
        assert bar.size[0] == 100 and slot.trim.w == 100              # printed at its size
        boxes = [slot.trim for slot, _ in page.placed]
        for i, a in enumerate(boxes):                                  # nothing overlaps, all inside the margins
            assert page.content.x0 <= a.x0 and a.x1 <= page.content.x1 and page.content.y0 <= a.y0
            assert all(a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0 for b in boxes[i + 1:])
    marks = [values for name, values in faces[0].steps if name == "line" and values == {**values, **nets.MARK}]
    assert len(marks) >= 8                                             # every fold marked in the waste
    assert tally(game.components["chests"], part.pages) == "4 boxes"


def test_a_proof_label_is_its_id_at_the_face_s_foot_on_a_pale_rounded_backing():
    """A proof prints a piece's id at the foot of its face, right-aligned 2 mm inside the trim, over a white
    backing with rounded corners that ends under the id's last letter; a face too narrow for the id has it run up
    its right-hand edge. The steps are written ready to draw: each value one its step knows."""
    card = Drawn("card", (63.5, 88.9), 3.0, Where("cards.csv", 4), {})
    _, (rect, backing), (text, label) = labelled(card, "gem-3").steps
    specs = step_specs({})
    assert (rect, text) == ("rect", "text") and set(backing) <= set(specs["rect"].fields) and \
        set(label) <= set(specs["text"].fields)
    assert (label["text"], label["align"], label["x"] + label["w"], label["rotate"]) == ("gem-3", "right", 61.5, 0.0)
    assert label["size"] == 6.0  # a short id is set no larger than 6 pt, whatever room it has
    assert backing["x"] + backing["w"] == pytest.approx(63.5 - 1.5) and backing["y"] + backing["h"] == pytest.approx(
        88.9 - 0.2)
    assert (backing["r"], backing["fill"], backing["stroke"], backing["opacity"]) == (0.6, "#FFFFFF", "none", 0.8)
    narrow = Drawn("token", (12.0, 30.0), 1.0, Where("tokens.csv", 2), {})
    _, (_, up_backing), (_, up) = labelled(narrow, "sailor with a long name").steps
    assert up["rotate"] == 90.0 and up["w"] == 30.0 - 4.0 and up_backing["x"] + up_backing["w"] == pytest.approx(11.8)
    assert set(up_backing) == set(backing)
    _, _, (_, across) = labelled(Drawn("token", (20.0, 30.0), 1.0, Where("tokens.csv", 3), {}), "cabin-boy-12").steps
    assert (across["rotate"], across["size"]) == (0.0, 6.0)  # it fits across a narrow face at 6 pt: not turned


@pytest.mark.parametrize("base", ["tabs", "slot"])
def test_a_standee_s_net_stands_in_its_face_with_the_same_waste_all_round(base):
    """Room for the fold marks, WASTE and a millimetre more, on every side of the net (its slot base included)."""
    figure = SimpleNamespace(size=(24.0, 36.0), options={"foot": 12.0, "base": base})
    panels, _, _, (w, h) = standee_net(figure)
    edge = WASTE + 1
    assert min(p.x for p in panels) == pytest.approx(edge) and max(p.x + p.w for p in panels) == pytest.approx(w - edge)
    assert min(p.y for p in panels) == pytest.approx(edge) and max(p.y + p.h for p in panels) == pytest.approx(h - edge)


def test_a_standee_s_feet_or_base_are_painted_in_its_base_fill_and_left_white_without_one():
    game = load_game(str(TOY))
    figures = game.components["figures"]
    filled = replace(figures, options={**figures.options, "base_fill": "#6B4F2A"})
    net = standee_pages(game, filled, Settings())[0].placed[0][1]
    paints = [step["rect"] for raw in net.steps if hasattr(raw, "steps") for step in raw.steps]  # its Raw steps
    panels = {panel.name: panel for panel in standee_net(filled)[0]}
    assert [(paint["fill"], paint["y"], paint["h"]) for paint in paints] == [("#6B4F2A", panels["base"].y,
                                                                              panels["base"].h)]
    plain = standee_pages(game, figures, Settings())[0].placed[0][1]
    assert not [raw for raw in plain.steps if hasattr(raw, "steps")]
