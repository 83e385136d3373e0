"""Dice and box nets, numbered sheets, and grouped (turned) drawings; a net's geometry (pnp/layout/nets.py) on
small nets made here: its problems, its outlines, its tabs and the marks beyond its folds."""
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from conftest import edit, run
from pnp.chance import expand, shuffled
from pnp.cli import cli
from pnp.build.stages import lay_out
from pnp.layout import nets
from pnp.layout.imposition import Settings
from pnp.read.games import load_game

TOY = Path(__file__).parent / "fixtures" / "toy"


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def fold_normals(panels: list) -> dict:
    """Fold a net of equal square panels into a cube, every fold turning the same way, and return each
    panel's outward normal. Panels are joined wherever they share a whole edge."""
    by_cell = {(round(p.x / p.w), round(p.y / p.h)): p.name for p in panels}
    root = panels[0]
    frames = {(round(root.x / root.w), round(root.y / root.h)): ((1, 0, 0), (0, 1, 0))}
    queue = list(frames)
    while queue:
        cell = queue.pop()
        u, v = frames[cell]
        n = cross(u, v)
        neg = lambda a: tuple(-x for x in a)  # noqa: E731
        for (dx, dy), frame in (((1, 0), (n, v)), ((-1, 0), (neg(n), v)), ((0, 1), (u, n)), ((0, -1), (u, neg(n)))):
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in by_cell and nxt not in frames:
                frames[nxt] = frame
                queue.append(nxt)
    assert len(frames) == len(panels), "the net is not connected"
    return {by_cell[cell]: cross(u, v) for cell, (u, v) in frames.items()}


def test_die_net_folds_into_a_cube_with_the_datas_opposite_faces():
    game = load_game(str(TOY))
    die = game.components["die"]
    part = next(p for p in lay_out(game, Settings()) if p.component.id == "die")
    net = part.pages[0].placed[0][1]
    edge = die.size[0]
    # read back which value each panel of the printed net shows
    shown = {}
    for name, values in net.steps:
        if name == "group":
            text = next(v["text"] for n, v in values["steps"] if n == "text")
            shown[(round(values["x"], 3), round(values["y"], 3))] = text.removeprefix("V:")
    panels, _ = nets.shifted(nets.die_panels(edge), nets.die_tabs(edge))
    value_of = {p.name: shown[(round(p.x, 3), round(p.y, 3))] for p in panels}
    normals = fold_normals(panels)
    assert len(set(normals.values())) == 6  # six different sides: a closed cube
    faces = [str(f) for f in die.options["faces"]]
    for first, second in ((0, 5), (1, 4), (2, 3)):
        a = next(n for p, n in normals.items() if value_of[p] == faces[first])
        b = next(n for p, n in normals.items() if value_of[p] == faces[second])
        assert a == tuple(-x for x in b), (faces[first], faces[second])


def test_die_net_has_seven_glue_tabs_on_free_edges_and_folds_between_panels():
    panels, tabs = nets.die_panels(20), nets.die_tabs(20)
    folds, cuts = nets.folds_and_cuts(panels, tabs)
    assert len(tabs) == 7  # a cube has 12 edges: 5 are folds of the net, 7 are glued
    assert len(folds) == 5 + 7 and len(cuts) == 14 - 7
    names = {p.name for p in panels}
    assert all(t.panel in names for t in tabs)


def test_net_from_data_puts_tabs_where_the_data_says(tmp_path):
    game = load_game(str(TOY))
    part = next(p for p in lay_out(game, Settings()) if p.component.id == "pouch")
    net = part.pages[0].placed[0][1]
    outlines = [v["points"] for n, v in net.steps if n == "line" and not v["dash"] and len(v["points"]) == 4]
    assert len(outlines) == 3  # each tab cut round on its three outer sides
    dashed = [v for n, v in net.steps if n == "line" and v["dash"]]
    assert len(dashed) == 1 + 3  # the fold between back and front, and the base of each tab
    w, h = net.size
    assert w == pytest.approx(60 + 2 * 8) and h == pytest.approx(20 + 40 + 36)


def test_numbered_sheets_print_their_numbers_and_differ(tmp_path):
    result = CliRunner().invoke(cli, ["build", str(TOY), "--duplex", "--sheets", "5", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "toy" / "numbered-a4-duplex.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    for number in range(1, 6):
        order = "".join(shuffled(expand({"a": 2, "b": 1}), number))
        assert f"N:{number}:{order}" in text


def test_a_background_is_drawn_once_and_shared_by_every_numbered_sheet(tmp_path):
    game = load_game(str(TOY))
    part = next(p for p in lay_out(game, Settings()) if p.component.id == "numbered")
    sheets = [face for page in part.pages for _, face in page.placed]
    assert len(sheets) == 2
    unders = [face.steps[0][1]["face"] for face in sheets]
    assert all(face.steps[0][0] == "underlay" for face in sheets) and unders[0] is unders[1]
    result = CliRunner().invoke(cli, ["build", str(TOY), "--duplex", "--sheets", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "toy" / "numbered-a4-duplex.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("SHARED") == 3 and all(f"N:{n}:" in text for n in (1, 2, 3))


def test_a_turned_group_prints_upside_down(tmp_path):
    result = CliRunner().invoke(cli, ["build", str(TOY), "--duplex", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "toy" / "numbered-a4-duplex.pdf") as pdf:
        chars = pdf.pages[0].chars
    upright = [c for c in chars if c["text"] == "N"]
    turned = [c for c in chars if c["text"] == "U"]
    assert upright and turned
    # the group turns its text half round relative to the sheet's own text
    a, b = upright[0]["matrix"][:2], turned[0]["matrix"][:2]
    assert a[0] == pytest.approx(-b[0], abs=1e-6) and a[1] == pytest.approx(-b[1], abs=1e-6)


def test_shuffles_are_fixed_for_ever():
    # printed sheets and the checker must agree on every machine: this order may never change
    assert shuffled(range(10), 1) == shuffled(range(10), 1)
    assert shuffled(range(10), 1) != shuffled(range(10), 2)
    assert shuffled(range(10), 1) == [2, 1, 9, 6, 8, 7, 3, 4, 5, 0]


def test_an_envelope_is_sized_to_hold_the_card_it_names_flat(game_copy):
    folder = game_copy("cannon-dice")
    game_yaml = folder / "game.yaml"
    for size in ("poker", "tarot"):
        game_yaml.write_text(game_yaml.read_text().replace("size: poker\n    template: cannon-dice/map-card",
                                                           f"size: {size}\n    template: cannon-dice/map-card"))
        game = load_game(str(folder))
        card_w, card_h = game.components["map-cards"].size
        assert card_w == {"poker": 63.5, "tarot": 69.85}[size]
        part = next(p for p in lay_out(game, Settings()) if p.component.id == "envelope")
        net = part.pages[0].placed[0][1]
        panels = [values for step, values in net.steps if step == "rect" and values["fill"] != "none"][:2]
        for panel in panels:  # the front and back: the card and the ease the data asks for
            assert (panel["w"], panel["h"]) == pytest.approx((card_w + 4, card_h + 4))
        flap = [values for step, values in net.steps if step == "polygon" and values["fill"] == "wood"]
        assert len(flap) == 1  # the closing flap shows, in the colour the data gives it


def test_an_envelope_must_name_a_component_it_holds(game_copy):
    folder = game_copy("cannon-dice")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("holds: map-cards", "holds: map-card"))
    result = CliRunner().invoke(cli, ["list", str(folder)])
    assert result.exit_code == 2 and "envelope.holds: no other component is called 'map-card'" in result.output


P, T = nets.Panel, nets.Tab
POUCH = [P("back", 0, 0, 60, 40), P("front", 0, 40, 60, 36)]
# a U: a b c along the top, d under a, e under c
U = [P("a", 0, 0, 10, 10), P("b", 10, 0, 10, 10), P("c", 20, 0, 10, 10), P("d", 0, 10, 10, 10), P("e", 20, 10, 10, 10)]


def test_nets_that_fold_pass_the_checks():
    assert nets.problems(nets.die_panels(22), nets.die_tabs(22)) == []
    assert nets.problems(POUCH, [T("back", "top", 20, 8, ""), T("front", "left", 8, 4)]) == []
    assert nets.problems(U, [T("d", "right", 4, 1), T("e", "left", 4, 1), T("a", "top", 8, 0)]) == []


@pytest.mark.parametrize("panels,tabs,field,message", [
    ([P("a", 0, 0, 60, 40), P("b", 0, 30, 60, 36)], [], "panels.b", "panels a and b overlap"),
    ([P("a", 0, 0, 60, 40), P("b", 0, 50, 60, 36)], [], "panels.b", "b is not joined to the other panels"),
    ([P("a", 0, 0, 60, 40), P("b", 0, 40, 60, 36), P("c", 80, 0, 5, 5), P("d", 80, 5, 5, 5)], [], "panels.c",
     "c, d are not joined"),
    ([P("a", 0, 0, 60, 40), P("b", 10, 40, 30, 36)], [], "panels.b", "meet along part of an edge"),
    ([P("a", 0, 0, 0, 40)], [], "panels.a", "needs a width and a height above 0"),
    (POUCH, [T("back", "bottom", 8, 4)], "tabs.[0]", "the bottom edge of back is a fold"),
    (POUCH, [T("front", "top", 8, 4)], "tabs.[0]", "the top edge of front is a fold"),
    (POUCH, [T("back", "left", 8, 4), T("back", "left", 5, 2)], "tabs.[1]", "already has a tab (tabs.[0])"),
    (POUCH, [T("back", "left", 0, 0)], "tabs.[0]", "needs a depth above 0"),
    (U, [T("d", "right", 12, 0)], "tabs.[0]", "the tab on the right edge of d covers panel e"),
    (U, [T("d", "right", 6, 0), T("e", "left", 6, 0)], "tabs.[1]", "overlaps tabs.[0]"),
    (POUCH, [T("lid", "left", 8, 4)], "tabs", "tabs stand on panels the net does not have: lid"),
])
def test_a_net_that_cannot_fold_is_an_error(panels, tabs, field, message):
    found = nets.problems(panels, tabs)
    assert any(f == field and message in m for f, m in found), found


def test_a_bad_net_in_the_data_is_reported_with_the_component(toy, tmp_path):
    edit(toy / "game.yaml", "{panel: front, side: left, depth: 8}", "{panel: front, side: top, depth: 8}")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "game.yaml:30: pouch.tabs.[1]: the top edge of front is a fold between two panels" in result.output
    edit(toy / "game.yaml", "{panel: front, side: top, depth: 8}", "{panel: front, side: left, depth: 8}")
    edit(toy / "game.yaml", "front: {x: 0, y: 40,", "front: {x: 0, y: 30,")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "game.yaml:30: pouch.panels.front: panels back and front overlap" in result.output


def test_no_cut_line_runs_along_a_fold():
    """A tab's base is a fold: drawn in the solid cut style under the fold's dashes it reads as a cut, and the
    tab gets cut off. The solid lines round a tab leave its base to the dashes."""
    def segments(step):
        name, values = step
        points = [tuple(point) for point in values["points"]]
        return list(zip(points, points[1:] + points[:1] if name == "polygon" else points[1:]))

    def along(segment, fold):  # whether a solid segment lies on the fold's line, over part of its length
        (ax, ay), (bx, by) = segment
        (fx, fy), (gx, gy) = fold
        if ax == bx == fx == gx:
            return min(ay, by) < max(fy, gy) and min(fy, gy) < max(ay, by)
        return ay == by == fy == gy and min(ax, bx) < max(fx, gx) and min(fx, gx) < max(ax, bx)

    for panels, tabs in ((nets.die_panels(20), nets.die_tabs(20)), (POUCH, [T("back", "top", 20, 8, "flap"), T("front", "left", 8, 4)])):
        steps = nets.net_steps(panels, tabs)
        folds, _ = nets.folds_and_cuts(panels, tabs)
        solid = [segment for step in steps if step[0] in ("line", "polygon") and step[1]["stroke"] != "none"
                 and not step[1]["dash"] for segment in segments(step)]
        assert solid and folds
        assert not [(segment, fold) for segment in solid for fold in folds if along(segment, fold)]


def test_an_envelope_s_flap_and_tabs_are_drawn_in_at_their_ends_by_at_most_a_quarter_of_their_edge():
    """The closing flap's ends are drawn in by 0.45 of its depth, but never by more than a quarter of the
    envelope's width: on a narrow envelope the flap's edge keeps half the width. The side tabs likewise, by 4 mm
    or a quarter of the height."""
    wide_panels, wide = nets.envelope((80.0, 50.0), 25.0, 8.0)
    assert [(panel.name, panel.y, panel.h) for panel in wide_panels] == [("back", 0.0, 50.0), ("front", 50.0, 50.0)]
    assert [(tab.panel, tab.side, tab.depth, tab.taper, tab.edge) for tab in wide] == [
        ("back", "top", 25.0, pytest.approx(11.25), "flap"), ("front", "left", 8.0, 4.0, "glue"),
        ("front", "right", 8.0, 4.0, "glue")]
    _, narrow = nets.envelope((20.0, 12.0), 25.0, 8.0)
    assert [tab.taper for tab in narrow] == [5.0, 3.0, 3.0]


def test_a_net_of_no_panels_has_that_one_problem():
    assert nets.problems([], [nets.Tab("back", "left", 8.0, 2.0)]) == [("panels", "a net needs at least one panel")]


def test_a_tab_s_word_is_centred_on_it_and_runs_along_its_edge():
    """The word on a glue tab stands at the middle of the tab's four corners, turned to run along a left or right
    edge, level on a top or bottom one, at 0.78 pt a millimetre of its depth (6 to 8.5 pt)."""
    back = nets.Panel("back", 0.0, 0.0, 40.0, 60.0)
    tabs = [nets.Tab("back", "left", 8.0, 2.0), nets.Tab("back", "top", 12.0, 3.0, label="close")]
    labels = [values for name, values in nets.net_steps([back], tabs) if name == "group"]
    assert [(group["x"], group["y"], group["rotate"]) for group in labels] == [
        (pytest.approx(-4.0), pytest.approx(30.0), 90.0), (pytest.approx(20.0), pytest.approx(-6.0), 0.0)]
    (_, left), = labels[0]["steps"]
    (_, top), = labels[1]["steps"]
    assert (left["text"], left["size"], top["text"], top["size"]) == ("glue", pytest.approx(6.24), "close", 8.5)
    assert left["x"] + left["w"] / 2 == 0.0  # centred on the group's origin, the tab's middle


def test_a_net_s_steps_are_ready_to_draw_each_with_the_values_its_kind_of_step_takes():
    """The net's tabs (a grey fill and a cut line round them), folds and cuts, and its fold marks: each step names
    only values its kind knows, and all that the drawing reads of a shape's paint."""
    from pnp.render.steps import step_specs

    specs = step_specs({})
    panels = [nets.Panel("back", 0.0, 0.0, 40.0, 60.0), nets.Panel("front", 0.0, 60.0, 40.0, 60.0)]
    steps = nets.net_steps(panels, [nets.Tab("back", "left", 8.0, 2.0)], marks=4.0)
    assert {name for name, _ in steps} == {"polygon", "line", "group"}
    for name, values in steps:
        assert set(values) <= set(specs[name].fields), (name, values)
        if name != "group":
            assert {"points", "fill", "stroke", "width", "dash", "opacity"} <= set(values), (name, values)


def test_outlines_overlap_only_where_they_share_some_area():
    """Two convex outlines overlap when they share area: not when they touch along an edge or at a corner, nor
    when only the slanting edge of one separates them (their bounding boxes overlapping)."""
    triangle = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)]
    assert not nets._overlap(triangle, [(10.0, 10.0), (10.0, 1.0), (1.0, 10.0)])  # beyond its slanting edge
    assert not nets._overlap(triangle, [(10.0, 0.0), (10.0, 10.0), (0.0, 10.0)])  # along it
    assert nets._overlap(triangle, [(9.9, 0.0), (9.9, 10.0), (0.0, 9.9)])  # over it by a little
    assert nets._overlap([(9.9, 0.0), (9.9, 10.0), (0.0, 9.9)], triangle)
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert not nets._overlap(square, [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)])  # at a corner
    assert not nets._overlap(square, [(10.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0)])  # along an edge
    assert nets._overlap(square, [(9.0, 9.0), (20.0, 9.0), (20.0, 20.0), (9.0, 20.0)])
    assert nets._overlap([(0.0, 0.0), (0.0, 0.0), (10.0, 0.0), (0.0, 10.0)], [(2.0, 2.0), (3.0, 2.0), (3.0, 3.0)])
    # (a corner given twice: an edge of no length, passed over)
    assert not nets._overlap([(0.0, 0.0), (0.0, 0.0), (10.0, 0.0), (0.0, 10.0)], [(6.0, 6.0), (9.0, 6.0), (9.0, 9.0)])


def test_an_outline_covers_the_points_inside_it_and_on_its_edges():
    tab = nets.tab_outline(nets.Panel("back", 0.0, 0.0, 40.0, 60.0), nets.Tab("back", "left", 8.0, 2.0))
    assert tab == [(0.0, 0.0), (-8.0, 2.0), (-8.0, 58.0), (0.0, 60.0)]
    assert nets._covers(tab, (-4.0, 30.0)) and nets._covers(tab, (-8.0, 30.0)) and nets._covers(tab, (0.0, 60.0))
    assert not nets._covers(tab, (-4.0, 0.5)) and not nets._covers(tab, (-9.0, 30.0))
    assert not nets._covers(tab, (1.0, 30.0)) and not nets._covers(tab, (-4.0, 61.0))


def test_a_fold_s_marks_stand_in_line_with_it_beyond_its_ends_clear_of_the_net():
    """A fold's mark starts a millimetre beyond each end of it, as long as asked; where the net goes on in
    line with the fold (a tab, a panel), the mark is pushed out, half a millimetre at a time, until clear."""
    back, front = nets.Panel("back", 0.0, 0.0, 40.0, 60.0), nets.Panel("front", 0.0, 60.0, 40.0, 60.0)
    assert nets.waste_marks((back, front), (), (((0.0, 60.0), (40.0, 60.0)),), 4.0) == [
        ((-1.0, 60.0), (-5.0, 60.0)), ((41.0, 60.0), (45.0, 60.0))]
    tab = nets.Tab("front", "left", 8.0, 0.0)  # square, in line with the fold's left end
    folds = (((0.0, 60.0), (40.0, 60.0)), ((0.0, 60.0), (0.0, 120.0)))
    assert nets.waste_marks((back, front), (tab,), folds, 4.0) == [
        ((-8.5, 60.0), (-12.5, 60.0)), ((41.0, 60.0), (45.0, 60.0)), ((0.0, -0.5), (0.0, -4.5)),
        ((0.0, 121.0), (0.0, 125.0))]  # the tab's own fold runs up along the back's edge: its mark beyond it
    steps = nets.net_steps([back, front], [tab], marks=4.0)
    marks = [values["points"] for name, values in steps if name == "line" and values["width"] == nets.MARK["width"]]
    assert [[-8.5, 60.0], [-12.5, 60.0]] in marks and len(marks) == 4
    assert not [values for name, values in nets.net_steps([back, front], [tab]) if values.get("width") == 0.2]


def test_a_tab_stands_out_from_its_edge_its_ends_drawn_in_but_its_outer_edge_kept_a_millimetre_long():
    panel = nets.Panel("a", 0.0, 0.0, 6.0, 10.0)
    assert nets.tab_outline(panel, nets.Tab("a", "top", 5.0, 10.0)) == [(0, 0), (2.5, -5.0), (3.5, -5.0), (6, 0)]
    assert nets.tab_outline(panel, nets.Tab("a", "right", 5.0, 1.0)) == [(6, 0), (11.0, 1.0), (11.0, 9.0), (6, 10)]
    assert nets.tab_outline(panel, nets.Tab("a", "bottom", 5.0, 1.0)) == [(0, 10), (1.0, 15.0), (5.0, 15.0), (6, 10)]
    assert nets.tab_outline(panel, nets.Tab("a", "left", 5.0, 1.0)) == [(0, 0), (-5.0, 1.0), (-5.0, 9.0), (0, 10)]


def test_a_net_is_framed_with_room_for_its_fold_marks_all_round_its_tabs_included():
    panels, tabs = nets.envelope((60.0, 40.0), 20.0, 8.0)
    assert nets.bounds(panels, tabs) == (-8.0, -20.0, 68.0, 80.0)  # the side tabs and the closing flap beyond
    moved, size = nets.framed(panels, tabs, 5.0)
    assert [(p.name, p.x, p.y, p.w, p.h) for p in moved] == [("back", 13.0, 25.0, 60.0, 40.0),
                                                            ("front", 13.0, 65.0, 60.0, 40.0)]
    assert size == (86.0, 110.0)
    flush, size = nets.shifted(panels, tabs)
    assert (flush[0].x, flush[0].y, size) == (8.0, 20.0, (76.0, 100.0))


def test_a_standee_s_sides_fold_at_its_head_with_a_foot_each_or_running_on_into_a_slot_base():
    panels, head = nets.standee((30.0, 50.0), 10.0, "tabs")
    assert [(p.name, p.y, p.h) for p in panels] == [("back foot", 0.0, 10.0), ("back", 10.0, 50.0),
                                                    ("front", 60.0, 50.0), ("front foot", 110.0, 10.0)]
    assert head == 60.0 and {p.w for p in panels} == {30.0}
    panels, head = nets.standee((30.0, 50.0), 10.0, "slot")
    assert [(p.name, p.y, p.h) for p in panels] == [("back", 0.0, 50.0 + nets.SLOT_DEPTH),
                                                    ("front", 50.0 + nets.SLOT_DEPTH, 50.0 + nets.SLOT_DEPTH)]
    assert head == 50.0 + nets.SLOT_DEPTH
    base, slot = nets.slot_base(30.0, 10.0, 106.0)
    assert (base.x, base.y, base.w, base.h) == (-6.0, 106.0, 42.0, 20.0)
    assert slot == ((-0.3, 116.0), (30.3, 116.0))  # across its middle, a little longer than the figure is wide


@pytest.mark.parametrize("other", [nets.Panel("b", 40.0, 10.0, 20.0, 40.0), nets.Panel("b", -20.0, -10.0, 20.0, 30.0),
                                   nets.Panel("b", 10.0, 30.0, 40.0, 10.0), nets.Panel("b", -5.0, -10.0, 20.0, 10.0)])
def test_panels_meeting_along_part_of_an_edge_on_any_side_are_partly_touching(other):
    """Beside a's right edge, its left, below it and above it (y down), sharing part of that edge."""
    a = nets.Panel("a", 0.0, 0.0, 40.0, 30.0)
    assert nets._partly_touching(a, other) and nets._partly_touching(other, a)


@pytest.mark.parametrize("other", [nets.Panel("b", 40.0, 0.0, 20.0, 30.0), nets.Panel("b", 0.0, 30.0, 40.0, 5.0),
                                   nets.Panel("b", 40.0, 30.0, 5.0, 5.0), nets.Panel("b", 41.0, 10.0, 5.0, 5.0),
                                   nets.Panel("b", 40.0, 30.0 + 1e-7, 20.0, 10.0)])
def test_panels_sharing_a_whole_edge_a_corner_or_nothing_are_not_partly_touching(other):
    a = nets.Panel("a", 0.0, 0.0, 40.0, 30.0)
    assert not nets._partly_touching(a, other) and not nets._partly_touching(other, a)


def test_a_box_s_glue_tabs_are_made_smaller_for_low_walls_and_narrow_panels():
    """Tapers and depths are capped: a tray's tabs 8 mm deep and drawn in 3 mm, less on a low wall; a divider's
    6 mm (a quarter of its width at most), drawn in 2 mm or a third of its height; a sleeve's 8 mm (its lid's
    width less 2 mm at most), drawn in 4 mm or a quarter of its length."""
    def tabs(made):
        return {(tab.panel, tab.depth, round(tab.taper, 6)) for tab in made[1]}

    assert tabs(nets.tray((50.0, 40.0, 30.0), 0.5)) == {("side 1", 8.0, 3.0), ("side 2", 8.0, 3.0)}
    low = round(5.0 / 3, 6)  # a third of a 5 mm wall
    assert tabs(nets.tray((50.0, 40.0, 5.0), 0.5)) == {("side 1", 4.0, low), ("side 2", 4.0, low)}
    assert tabs(nets.divider((50.0, 40.0, 30.0), 0.5)) == {("divider", 6.0, 2.0)}
    assert tabs(nets.divider((50.0, 40.0, 5.0), 0.5)) == {("divider", 6.0, 1.5)}  # 4.5 mm high
    assert tabs(nets.divider((10.0, 14.0, 20.0), 0.5)) == {("divider", 3.25, 2.0)}  # 13 mm wide
    assert [tab.side for tab in nets.divider((50.0, 40.0, 30.0), 0.5)[1]] == ["left", "right"]
    assert tabs(nets.sleeve((50.0, 40.0, 30.0), 0.5, 1.0)) == {("side 2", 8.0, 4.0)}
    assert tabs(nets.sleeve((10.0, 4.0, 3.0), 0.5, 1.0)) == {("side 2", 4.5, 2.75)}  # a lid 6.5 mm wide, 11 long


def test_a_glue_tab_is_grey_a_flap_white_unless_given_a_fill_and_each_says_what_it_is_unless_told_nothing():
    back = nets.Panel("back", 0.0, 0.0, 40.0, 60.0)
    tabs = [nets.Tab("back", "left", 5.0, 1.0), nets.Tab("back", "top", 10.0, 2.0, edge="flap"),
            nets.Tab("back", "right", 10.0, 2.0, edge="flap", fill="#FF0000", label="close"),
            nets.Tab("back", "bottom", 4.0, 1.0, label="")]
    steps = nets.net_steps([back], tabs)
    fills = [values["fill"] for name, values in steps if name == "polygon"]
    assert fills == ["#E6E6E6", "#FF0000", "#E6E6E6"]  # no polygon for the white flap
    assert all(values["stroke"] == "none" for name, values in steps if name == "polygon")
    cut_round = [values for name, values in steps if name == "line" and len(values["points"]) == 4]
    assert len(cut_round) == 4
    assert {(v["stroke"], v["width"], v["fill"], v["dash"]) for v in cut_round} == {("#000000", 0.3, "none", None)}
    words = [(values["x"], values["steps"][0][1]["text"], values["steps"][0][1]["size"]) for name, values in steps
             if name == "group"]
    assert words == [(pytest.approx(-2.5), "glue", 6.0), (pytest.approx(45.0), "close", pytest.approx(7.8))]
    folds = [values for name, values in steps if name == "line" and len(values["points"]) == 2]
    assert len(folds) == 4 and all(v == {**nets.FOLD, "points": v["points"]} for v in folds)  # every edge tabbed
    assert [tab.text for tab in tabs] == ["glue", "", "close", ""]


def test_a_net_s_problems_are_each_said_once_and_none_that_follows_from_another():
    """Panels without an area or tabs on no panel: said, and nothing checked further; overlapping panels: not
    said to fall apart as well; a tab without depth or on an edge already tabbed: said once, not checked on."""
    assert nets.problems([P("a", 0, 0, 0, 40), P("b", 0, 40, 60, 36)], [T("lid", "left", 8, 4)]) == [
        ("panels.a", "a panel needs a width and a height above 0"),
        ("tabs", "tabs stand on panels the net does not have: lid")]
    assert nets.problems([P("a", 0, 0, 60, 40), P("b", 0, 30, 60, 36), P("c", 100, 0, 5, 5)], []) == [
        ("panels.b", "panels a and b overlap")]
    assert nets.problems(POUCH, [T("back", "left", 8, 4), T("back", "left", 0, 0), T("back", "left", 6, 2),
                                 T("front", "left", 8, 4)]) == [
        ("tabs.[1]", "a tab needs a depth above 0"), ("tabs.[2]", "the left edge of back already has a tab (tabs.[0])")]
    found = nets.problems(U, [T("d", "right", 12, 0), T("e", "left", 12, 0)])
    assert [field for field, _ in found] == ["tabs.[0]", "tabs.[1]", "tabs.[1]"]  # each covers e or d, and each other
    assert found[2][1] == "the tab on the left edge of e overlaps tabs.[0]"
