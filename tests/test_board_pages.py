"""A board's spaces and pages (pnp/layout/boards.py), for small boards made here: where a grid's squares and the
spaces beside it stand, each space's footprint, the board as a template sees it, what the contents page advises,
how many sheets it counts, and what a tiled sheet prints over its part of the board."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.errors import Where
from pnp.layout import boards
from pnp.layout.imposition import FOOTER_BAND, MARK_GAP, Settings
from pnp.layout.tiling import GLUE, plan
from pnp.model.board import Board, Space
from pnp.model.geometry import Box
from pnp.model.units import PT
from pnp.typeset.text import font, wrap

pytestmark = pytest.mark.quick


def board(size: tuple, spaces: dict, grid: dict | None = None, footprints: dict | None = None) -> SimpleNamespace:
    """A board component of `size` mm holding `spaces` (id -> (x, y, kind)): a grid's column and row numbers,
    else millimetres; its squares 20 mm, bleed 3 mm, on paper."""
    held = {key: Space(key, x, y, kind) for key, (x, y, kind) in spaces.items()}
    return SimpleNamespace(id="board", title="Sea", kind="board", size=size, template="board.yaml.j2",
                           where=Where("game.yaml", 7, "board"), stock_for=lambda form: "paper",
                           options={"board": Board(held, {}, frozenset(), grid), "space": 20.0,
                                    "footprints": footprints or {}, "bleed": 3.0, "glue": GLUE})


GRID = {"columns": 2, "rows": 2, "steps": 8}
SQUARES = {"A1": (1, 1, ""), "B1": (2, 1, "sea"), "A2": (1, 2, ""), "port": (0, 2, "harbour")}


def test_a_grid_is_centred_on_the_board_row_1_at_its_foot_and_a_space_beside_it_one_square_out():
    sea = board((100.0, 80.0), SQUARES, GRID)  # the grid 40 mm square: from x 30 to 70, y 20 to 60 (y down)
    assert boards.centres(sea) == {"A1": (40.0, 50.0), "B1": (60.0, 50.0), "A2": (40.0, 30.0), "port": (20.0, 30.0)}
    path = board((100.0, 80.0), {"start": (12.5, 70.0, ""), "end": (90.0, 10.0, "")})
    assert boards.centres(path) == {"start": (12.5, 70.0), "end": (90.0, 10.0)}  # millimetres as given


def test_a_space_s_footprint_is_a_square_or_its_kind_s_size_round_its_centre():
    sea = board((100.0, 80.0), SQUARES, GRID, footprints={"harbour": (30.0, 10.0)})
    assert boards.footprints(sea) == [("A1", Box(30.0, 40.0, 50.0, 60.0)), ("B1", Box(50.0, 40.0, 70.0, 60.0)),
                                      ("A2", Box(30.0, 20.0, 50.0, 40.0)), ("port", Box(5.0, 25.0, 35.0, 35.0))]


def test_a_template_sees_each_space_at_its_centre_in_mm_and_a_grid_s_by_its_column_and_row_too():
    drawn = boards.drawn_board(board((100.0, 80.0), SQUARES, GRID))
    assert drawn["space"] == 20.0 and drawn["grid"] == GRID
    assert [(s["id"], s["x"], s["y"], s["column"], s["row"], s["kind"]) for s in drawn["spaces"]] == [
        ("A1", 40.0, 50.0, 1, 1, ""), ("B1", 60.0, 50.0, 2, 1, "sea"), ("A2", 40.0, 30.0, 1, 2, ""),
        ("port", 20.0, 30.0, 0, 2, "harbour")]
    path = boards.drawn_board(board((100.0, 80.0), {"start": (12.5, 70.0, "")}))
    assert [(s["x"], s["y"]) for s in path["spaces"]] == [(12.5, 70.0)] and "column" not in path["spaces"][0]


def test_a_board_on_one_page_is_cut_out_and_one_tiled_over_sheets_is_glued_as_its_map_shows():
    small = board((100.0, 80.0), SQUARES, GRID)
    pages = boards.board_pages(None, small, Settings())
    assert [page.side for page in pages] == ["one page"] and boards.tally(small, pages) == "1 board"
    assert boards.board_advice(small, Settings()) == (
        "Print one-sided on paper. Cut on the crop marks; glue it onto card for a stiff board.")
    shop = boards.board_pages(None, small, Settings(shop=True))
    assert len(shop) == 1 and shop[0].size == (106.0, 86.0)  # the board and its bleed
    assert boards.board_advice(small, Settings(shop=True)).startswith("For a print shop")
    large = board((400.0, 250.0), {"start": (12.5, 70.0, "")})
    pages = boards.board_pages(None, large, Settings())
    assert [page.side for page in pages] == ["assembly map", "sheet A1 of 3", "sheet A2 of 3", "sheet A3 of 3"]
    assert boards.tally(large, pages) == "1 board on 3 sheets"  # the map is no sheet of the board
    assert boards.board_advice(large, Settings()) == (
        "Print one-sided on paper: 3 sheets that glue together as the assembly map before them shows.")


def test_the_advice_notes_each_space_a_seam_cannot_keep_clear_of_as_a_sentence_of_its_own():
    split = board((400.0, 250.0), {"sea": (200.0, 125.0, "sea")}, footprints={"sea": (380.0, 200.0)})
    advice = boards.board_advice(split, Settings())
    notes = [note for note in advice.split("Note: ")[1:]]
    assert len(notes) == 2 and all(note.rstrip().endswith("splits sea.") for note in notes)
    assert advice.startswith("Print one-sided on paper: 3 sheets")


def overlay(tiled, tile, size: tuple) -> list:
    """What a sheet prints over its part of the board, in the board's frame, with room all round it."""
    return boards._overlay(board(size, {}), tiled, tile, Box(-40.0, -40.0, size[0] + 40.0, size[1] + 40.0))


def test_a_sheet_glued_under_its_right_neighbour_has_a_pale_hatched_band_naming_both():
    size = (300.0, 150.0)
    tiled = plan(size, 3.0, {"portrait": (193.0, 274.0)}, [])
    first, second = tiled.tiles[:2]
    steps = overlay(tiled, first, size)
    (band,) = [step["rect"] for step in steps if "rect" in step]
    seam = tiled.rows[0].xs[0]
    assert (band["x"], band["y"], band["w"], band["h"]) == (seam, first.source.y0, GLUE, first.source.h)
    assert (band["fill"], band["opacity"]) == (boards.BAND, 0.55)
    hatches = [step["line"] for step in steps if "line" in step and step["line"].get("dash")]
    assert sorted(line["points"][0][0] for line in hatches) == [seam + 2.5, seam + GLUE - 2.5]
    assert all(line["points"][0][0] == line["points"][1][0] and line["width"] == 0.15 for line in hatches)
    label = next(step["text"] for step in steps if "text" in step and "glue" in step["text"]["text"])
    assert label["text"] == f"{first.label} · glue {second.label} over this band" and label["rotate"] == 90
    assert label["x"] + label["w"] / 2 == pytest.approx(seam + GLUE / 2)  # centred on the band
    names = [step["text"]["text"] for step in steps if "text" in step and step["text"]["text"].startswith("sheet")]
    assert names == [f"sheet {first.label}"]


def test_a_sheet_glued_under_the_row_below_has_a_level_band_in_a_part_for_each_sheet_over_it():
    size = (150.0, 400.0)
    tiled = plan(size, 3.0, {"portrait": (193.0, 274.0)}, [])
    top = tiled.tiles[0]
    assert top.glue_bottom and not top.glue_right
    steps = overlay(tiled, top, size)
    (band,) = [step["rect"] for step in steps if "rect" in step]
    assert (band["x"], band["y"], band["w"], band["h"]) == (top.source.x0, tiled.ys[0], top.source.w, GLUE)
    hatches = [step["line"] for step in steps if "line" in step and step["line"].get("dash")]
    assert sorted(line["points"][0][1] for line in hatches) == [tiled.ys[0] + 2.5, tiled.ys[0] + GLUE - 2.5]
    label = next(step["text"] for step in steps if "text" in step and "glue" in step["text"]["text"])
    assert label["rotate"] == 0 and label["y"] + label["h"] / 2 == pytest.approx(tiled.ys[0] + GLUE / 2)


def test_a_crop_mark_is_drawn_only_where_the_margin_holds_two_mm_of_it():
    room = 0.0 + MARK_GAP  # from the edge to the room's edge
    for space, drawn in ((room + 1.9, 0), (room + 2.0, 1), (room + 4.0, 1)):
        marks = boards._marks(50.0, 0.0, 100.0, -space, 100.0, vertical=True)
        assert len(marks) == drawn, space
    (mark,) = boards._marks(50.0, 0.0, 100.0, -(MARK_GAP + 2.0), 100.0, vertical=True)
    assert mark["line"]["points"] == [[50.0, -MARK_GAP], [50.0, -MARK_GAP - 2.0]] and mark["line"]["width"] == 0.25
    (level,) = boards._marks(30.0, 0.0, 100.0, -MARK_GAP - 1.0, 100.0 + MARK_GAP + 3.0, vertical=False)
    assert level["line"]["points"] == [[100.0 + MARK_GAP, 30.0], [100.0 + MARK_GAP + 3.0, 30.0]]


def test_a_registration_cross_is_two_thin_arms_and_a_finer_ring_round_their_meeting():
    sea = board((300.0, 200.0), {})
    across, down, ring = boards._cross((150.0, 100.0), Box(-3.0, -3.0, 160.0, 110.0), 300.0, 200.0, sea)
    assert across["line"]["points"] == [[150.0 - boards.CROSS, 100.0], [150.0 + boards.CROSS, 100.0]]
    assert down["line"]["points"] == [[150.0, 100.0 - boards.CROSS], [150.0, 100.0 + boards.CROSS]]
    assert across["line"]["width"] == down["line"]["width"] == 0.2 and across["line"]["stroke"] == boards.INK
    assert (ring["circle"]["width"], ring["circle"]["stroke"]) == (0.15, boards.INK)


def test_the_assembly_map_outlines_each_sheet_s_own_part_of_the_board_and_numbers_the_steps_beside_it():
    large = board((400.0, 250.0), {"start": (12.5, 70.0, "")})
    settings = Settings()
    tiled = boards.board_plan(large, settings)
    page = boards._map_page(large, "the board's face", tiled, settings)
    (slot, face), = page.placed
    (_, picture), raw = face.steps
    width = face.size[0]
    assert (picture["x"], picture["y"]) == (10.0 - boards.MAP_GAP, 27.0)
    assert picture["w"] == pytest.approx((width - 2 * picture["x"]) * 0.55)  # the board a little over half across
    assert picture["h"] == pytest.approx(250.0 * picture["w"] / 400.0)
    filled = [step["rect"] for step in raw.steps if "rect" in step and "fill" in step["rect"]]
    outlines = [step["rect"] for step in raw.steps if "rect" in step and "fill" not in step["rect"]]
    assert [(r["x"], r["w"]) for r in filled] == [(r["x"], r["w"]) for r in outlines] and len(outlines) == 3
    assert {(r["fill"], r["opacity"]) for r in filled} == {("#FFFFFF", 0.35)}
    assert outlines[0]["x"] == picture["x"] and outlines[-1]["x"] + outlines[-1]["w"] == pytest.approx(
        picture["x"] + picture["w"])  # the board's own edges, not its bleed's
    assert [a["x"] + a["w"] for a in outlines[:-1]] == [pytest.approx(b["x"]) for b in outlines[1:]]
    assert all((r["y"], r["h"]) == (picture["y"], pytest.approx(picture["h"])) for r in outlines)
    names = [step["text"] for step in raw.steps if "text" in step and step["text"]["font"] == "title"][1:]
    narrowest = outlines[1]["w"]  # the middle sheet's part: the outer ones as wide with their bleed, drawn without
    assert [n["text"] for n in names] == ["A1", "A2", "A3"]
    assert [n["size"] for n in names] == [pytest.approx(0.3 * narrowest * PT)] * 3  # under 30 pt
    numbered = [step["text"] for step in raw.steps if "text" in step and step["text"]["text"][:2] in ("1.", "2.",
                                                                                                       "3.", "4.")]
    assert len(numbered) == 4 and {n["x"] for n in numbered} == {picture["x"] + picture["w"] + 6}
    assert numbered[0]["y"] == 27.0 and numbered[0]["w"] == pytest.approx(width - picture["x"] - numbered[0]["x"])
    for this, after in zip(numbered, numbered[1:]):
        lines = len(wrap(this["text"].replace("\\", ""), font("sans"), 8.5, this["w"] * PT))
        assert after["y"] - this["y"] == pytest.approx((lines * 1.2 * 8.5 + 3) / PT)
    content = Box(5.0, 5.0 + FOOTER_BAND, 205.0, 292.0)
    assert slot.trim == Box(content.x0 + boards.MAP_GAP, content.y1 - boards.MAP_GAP - face.size[1],
                            content.x1 - boards.MAP_GAP, content.y1 - boards.MAP_GAP)
    assert face.size[1] == pytest.approx(content.h * boards.MAP_SHARE - 2 * boards.MAP_GAP)


def test_a_sheet_below_another_is_cut_along_its_top_across_the_page_s_room():
    size = (150.0, 400.0)
    tiled = plan(size, 3.0, {"portrait": (193.0, 274.0)}, [])
    lower = tiled.tiles[1]
    assert lower.cut_top and not lower.cut_left
    room = Box(-40.0, -40.0, size[0] + 40.0, size[1] + 40.0)
    cuts = [step["line"]["points"] for step in overlay(tiled, lower, size)
            if "line" in step and step["line"]["width"] == 0.35]
    assert cuts == [[[room.x0 + 0.5, lower.source.y0], [room.x1 - 0.5, lower.source.y0]]]
    assert not [step for step in overlay(tiled, tiled.tiles[0], size) if "line" in step and
                step["line"]["width"] == 0.35]  # the top sheet's edges are the board's own


def test_crosses_stand_where_seams_meet_the_board_s_edges_or_each_other():
    size = (300.0, 400.0)
    tiled = plan(size, 3.0, {"portrait": (193.0, 274.0)}, [])  # two sheets across, two down
    ((x,), (x2,)), (y,) = [row.xs for row in tiled.rows], tiled.ys
    assert x == x2
    assert boards._corners(*size, tiled) == [(x, 0.0), (x, y), (x, 400.0), (0.0, y), (300.0, y)]
    one_row = plan((300.0, 100.0), 3.0, {"portrait": (193.0, 274.0)}, [])
    assert boards._corners(300.0, 100.0, one_row) == [(one_row.rows[0].xs[0], 0.0), (one_row.rows[0].xs[0], 100.0)]


def test_a_sheet_has_the_crosses_of_the_corners_on_its_part_even_at_its_edges_and_none_beyond():
    sea = board((300.0, 200.0), {})
    src = Box(100.0, 50.0, 160.0, 110.0)  # a part of the board inside it
    for point in ((100.0, 80.0), (160.0, 80.0), (130.0, 50.0), (130.0, 110.0)):
        assert boards._cross(point, src, 300.0, 200.0, sea), point
    for point in ((99.5, 80.0), (160.5, 80.0), (130.0, 49.5), (130.0, 110.5)):
        assert boards._cross(point, src, 300.0, 200.0, sea) == [], point


def test_a_sheet_marks_the_board_s_outer_edges_its_part_reaches_and_none_it_stops_short_of():
    room = Box(-40.0, -40.0, 140.0, 120.0)

    def edges(src: Box) -> set:
        lines = [step["line"]["points"] for step in boards._crop_marks(100.0, 80.0, src, room)]
        return {("x", a[0]) if a[0] == b[0] else ("y", a[1]) for a, b in lines}

    assert edges(Box(0.0, 0.0, 100.0, 80.0)) == {("x", 0.0), ("x", 100.0), ("y", 0.0), ("y", 80.0)}
    assert edges(Box(0.5, 0.5, 99.5, 79.5)) == set()


def test_a_sheet_s_part_of_the_board_stands_in_the_middle_of_the_room_for_it():
    size = (300.0, 400.0)
    settings = Settings()
    tiled = boards.board_plan(board(size, {}), settings)
    for tile in tiled.tiles:
        paper = Settings(size=(297.0, 210.0) if tile.landscape else (210.0, 297.0))
        page = boards._sheet(board(size, {}), "the board's face", tiled, tile, paper)
        shown, area = page.placed[0][0].clip, boards._area(paper)
        assert (shown.w, shown.h) == (pytest.approx(tile.source.w), pytest.approx(tile.source.h))
        assert shown.x0 - area.x0 == pytest.approx(area.x1 - shown.x1)
        assert shown.y0 - area.y0 == pytest.approx(area.y1 - shown.y1)


def test_a_band_at_a_row_s_foot_is_parted_among_the_sheets_below_that_go_over_it():
    """A row of two turned sheets over a row of three upright ones: A1's band at its foot is in two parts, for
    B1 and B2, from A1's own left edge to its right; A2's for B2 and B3."""
    size = (436.0, 436.0)
    tiled = plan(size, 3.0, boards.rooms(Settings()), [])
    assert [(row.landscape, row.columns) for row in tiled.rows] == [(True, 2), (False, 3)]
    seam, (first, second) = tiled.ys[0], tiled.tiles[:2]
    for tile, under in ((first, ("B1", "B2")), (second, ("B2", "B3"))):
        steps = overlay(tiled, tile, size)
        bands = [(step["rect"]["x"], step["rect"]["x"] + step["rect"]["w"]) for step in steps
                 if "rect" in step and step["rect"]["y"] == seam]
        between = tiled.own(tiled.below(tile)[0]).x1  # where the first sheet below meets the second
        assert bands == [(tile.source.x0, pytest.approx(between)), (pytest.approx(between), tile.source.x1)]
        labels = [step["text"]["text"] for step in steps if "text" in step and "over this" in step["text"]["text"]]
        assert [label for label in labels if f"glue {under[0]}" in label or f"glue {under[1]}" in label] == [
            f"{tile.label} · glue {name} over this band" for name in under]
