"""A board tiled over sheets: each sheet's part of the board, the glue bands, seams clear of the spaces,
and the printed pages putting each part where the plan says."""
from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import edit, run
from pnp.check.loader import rules_for
from pnp.errors import DataError, Where
from pnp.build.stages import lay_out
from pnp.layout.boards import (CROSS, MAP_GAP, MAP_SHARE, MARK, _assembly_steps, _crop_marks, _cross, _map_page,
                               _sheet, board_plan, footprints, rooms)
from pnp.layout.imposition import FOOTER_BAND, MARK_GAP, NoRoom, Settings, printable
from pnp.layout.tiling import GLUE, MAX_COLUMNS, MAX_ROWS, count, plan, seams
from pnp.model.geometry import Box
from pnp.model.paper import PAPERS
from pnp.read.games import load_game

GOLDEN = Path(__file__).parent / "fixtures" / "golden"  # a game with a board


def reassembled(tiled, size, bleed):
    """Check a plan glues back into exactly the board: neighbours overlap by the glue band, and only there."""
    w, h = size
    for tile in tiled.tiles:
        src, row = tile.source, tiled.rows[tile.row]
        if tile.glue_right:
            right = tiled.tile(tile.row, tile.column + 1).source
            assert right.x0 == pytest.approx(src.x1 - GLUE)             # the band, under the neighbour's cut edge
            assert right.x0 == row.xs[tile.column] and tiled.tile(tile.row, tile.column + 1).cut_left
        if tile.glue_bottom:
            below = tiled.below(tile)
            assert below and all(other.source.y0 == pytest.approx(src.y1 - GLUE) and other.cut_top for other in below)
            assert below[0].source.y0 == tiled.ys[tile.row]
            assert tiled.own(below[0]).x0 <= src.x0 and tiled.own(below[-1]).x1 >= tiled.own(tile).x1  # all covered
        # outer edges are whole: the board's edge plus its bleed
        assert (src.x0 == -bleed) == (tile.column == 0) and (src.y0 == -bleed) == (tile.row == 0)
        assert (src.x1 == w + bleed) == (tile.column == row.columns - 1)
        assert (src.y1 == h + bleed) == (tile.row == len(tiled.rows) - 1)
        assert tile.landscape == row.landscape
    # every point of the board is printed by one sheet's own part: the seams split it without gap
    for r, row in enumerate(tiled.rows):
        lefts = [tiled.tile(r, c).source.x0 for c in range(row.columns)] + [w + bleed]
        assert lefts == [-bleed, *row.xs, w + bleed] and all(a < b for a, b in zip(lefts, lefts[1:]))
    tops = [tiled.tile(r, 0).source.y0 for r in range(len(tiled.rows))] + [h + bleed]
    assert tops == [-bleed, *tiled.ys, h + bleed] and all(a < b for a, b in zip(tops, tops[1:]))
    assert sum(row.columns for row in tiled.rows) == tiled.sheets == len(tiled.tiles)


def shape(tiled) -> tuple:
    """(columns, rows) of a plan whose rows are alike."""
    assert len({row.columns for row in tiled.rows}) == 1
    return tiled.rows[0].columns, len(tiled.rows)


@pytest.mark.parametrize("size, room, sheets", [
    ((100, 100), (200, 280), (1, 1)),
    ((242, 264), (193, 274), (2, 1)),
    ((242, 264), (280, 187), (1, 2)),
    ((600, 400), (193, 274), (4, 2)),
])
def test_a_tiled_board_glues_back_into_the_whole_board(size, room, sheets):
    tiled = plan(size, 3.0, {"portrait": room}, [])
    assert shape(tiled) == sheets
    reassembled(tiled, size, 3.0)
    for tile in tiled.tiles:  # every sheet's part, glue band included, fits what the sheet can print
        assert tile.source.w <= room[0] + 1e-9 and tile.source.h <= room[1] + 1e-9
    assert [t.label for t in tiled.tiles if t.row == 0] == [f"A{c}" for c in range(1, sheets[0] + 1)]
    assert [t.label for t in tiled.tiles if t.column == 0] == [f"{r}1" for r in "ABCD"[:sheets[1]]]


@pytest.mark.parametrize("length, bleed, sheets", [
    (390.0, 0.0, 2), (395.0, 0.0, 3), (390.01, 0.0, 3), (389.0, 0.5, 2), (389.0, 0.6, 3), (200.0, 0.0, 1),
    (580.0, 0.0, 3), (580.5, 0.0, 4),
])
def test_the_sheets_a_side_needs_count_the_glue_band_each_seam_overlaps(length, bleed, sheets):
    """Two sheets 200 mm wide cover 390 mm once glued, not 400: a 395 mm board takes three."""
    assert count(length, bleed, 200.0) == sheets
    tiled = plan((length, 100.0), bleed, {"portrait": (200.0, 280.0)}, [])
    assert shape(tiled) == (sheets, 1)
    reassembled(tiled, (length, 100.0), bleed)
    assert all(tile.source.w <= 200.0 + 1e-9 for tile in tiled.tiles)
    tall = plan((100.0, length), bleed, {"portrait": (280.0, 200.0)}, [])  # the same down a board's height
    assert shape(tall) == (1, sheets) and all(tile.source.h <= 200.0 + 1e-9 for tile in tall.tiles)


def test_a_board_is_tiled_on_at_most_26_rows_and_26_columns():
    """Each sheet is labelled by its row's letter: a board needing more rows or columns than the cap is refused,
    saying how many sheets it would take, where it would have run out of letters."""
    edge = 26 * 100.0 - 25 * GLUE  # 26 sheets 100 mm long, glued
    tiled = plan((100.0, edge), 0.0, {"portrait": (200.0, 100.0)}, [])
    assert len(tiled.rows) == MAX_ROWS == 26 and tiled.tiles[-1].label == "Z1"
    with pytest.raises(NoRoom, match=r"a 100 × 2351 mm board would take 27 sheets of this paper, in 27 rows: a "
                                     r"board is tiled on at most 26 rows of 26 sheets"):
        plan((100.0, edge + 1), 0.0, {"portrait": (200.0, 100.0)}, [])
    assert plan((edge, 100.0), 0.0, {"portrait": (100.0, 200.0)}, []).rows[0].columns == MAX_COLUMNS == 26
    with pytest.raises(NoRoom, match="would take 27 sheets"):
        plan((edge + 1, 100.0), 0.0, {"portrait": (100.0, 200.0)}, [])
    with pytest.raises(NoRoom, match="would take"):  # the longest a board may be, at once
        plan((100_000.0, 100_000.0), 3.0, {"portrait": (193.0, 274.0), "landscape": (280.0, 187.0)}, [])


def test_a_board_8_m_tall_is_a_data_error_at_its_line(tmp_path):
    folder = tmp_path / "golden"
    shutil.copytree(GOLDEN, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    line = text[:text.index("  board:\n    kind: board")].count("\n") + 1
    edit(folder / "game.yaml", "size: [250mm, 190mm]", "size: [436mm, 8000mm]")
    result = run(folder, tmp_path)
    assert result.exit_code == 2, result.output
    assert re.search(rf"game.yaml:{line}: board: a 436 × 8000 mm board would take \d+ sheets of this paper, in "
                     r"\d+ rows: a board is tiled on at most 26 rows of 26 sheets", result.output), result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_the_fewest_sheets_decide_the_orientation_for_every_sheet():
    tiled = plan((242, 264), 3.0, {"portrait": (198.9, 256.4), "landscape": (262.4, 192.9)}, [])
    assert all(row.landscape for row in tiled.rows) and shape(tiled) == (1, 2)   # portrait would need 2 × 2
    assert count(264, 3, 256.4) == 2 and count(242, 3, 198.9) == 2 and count(100, 3, 10) is None


def test_rows_may_differ_when_that_saves_sheets():
    """Buccaneer's 436 mm board on A4: a row of two turned sheets above a row of three upright ones (5 sheets,
    where rows alike need 6), its seams between the squares; each band at a row's foot says which sheet below
    goes over which part of it."""
    board = load_game("buccaneer").components["board"]
    tiled = board_plan(board, Settings(paper=PAPERS["a4"]))
    assert [(row.landscape, row.columns) for row in tiled.rows] == [(True, 2), (False, 3)] and not tiled.splits
    reassembled(tiled, board.size, 3.0)
    portrait, landscape = rooms(Settings(paper=PAPERS["a4"])).values()
    for tile in tiled.tiles:
        w, h = landscape if tile.landscape else portrait
        assert tile.source.w <= w + 1e-9 and tile.source.h <= h + 1e-9
    for _, box in footprints(board):
        assert not any(box.y0 < y < box.y1 for y in tiled.ys)
        assert not any(box.x0 < x < box.x1 and box.y0 < tiled.own(tile).y1 and tiled.own(tile).y0 < box.y1
                       for tile in tiled.tiles for x in tiled.rows[tile.row].xs)
    assert [t.label for t in tiled.below(tiled.tile(0, 0))] == ["B1", "B2"]
    assert [t.label for t in tiled.below(tiled.tile(0, 1))] == ["B2", "B3"]
    letter = board_plan(board, Settings(paper=PAPERS["letter"]))  # where no mix saves a sheet, rows stay alike
    assert letter.sheets == 6 and len({(row.landscape, row.xs) for row in letter.rows}) == 1


def test_a_board_s_plan_is_kept_by_all_it_depends_on():
    """A board's plan is worked out once for its size, bleed, paper, spaces and glue band (boards._plan): a change
    to any of them plans it anew, as from nothing."""
    board = load_game("buccaneer").components["board"]
    a4 = Settings(paper=PAPERS["a4"])
    assert board_plan(board, a4) is board_plan(board, a4)
    wider = replace(board, options={**board.options, "footprints": {
        space.kind: (60.0, 60.0) for space in board.options["board"].spaces.values()}})  # seams through spaces
    for changed, settings in [(board, Settings(paper=PAPERS["letter"])), (replace(board, size=(300, 300)), a4),
                              (replace(board, options={**board.options, "bleed": 6.0}), a4),
                              (replace(board, options={**board.options, "glue": 15.0}), a4), (wider, a4)]:
        assert board_plan(changed, settings) == plan(changed.size, changed.options["bleed"], rooms(settings),
                                                     footprints(changed), changed.options["glue"])
        assert board_plan(changed, settings) != board_plan(board, a4)


def test_seams_fall_between_spaces_and_say_so_when_they_cannot():
    spaces = [(lo, lo + 20, f"s{lo}") for lo in range(1, 200, 22)]   # 20 mm squares, 2 mm apart
    at, splits = seams(200, 3.0, 150, 2, spaces)
    assert not splits and any(hi <= at[0] <= nxt for (_, hi, _), (nxt, _, _) in zip(spaces, spaces[1:]))
    assert at == [110.0]               # the middle of the gap at 109–111, the one nearest 100 (half the board)
    wide = [(0, 200, "lagoon")]
    at, splits = seams(200, 3.0, 150, 2, wide)
    assert splits == [(at[0], ["lagoon"])]
    tiled = plan((200, 100), 3.0, {"portrait": (150, 150)}, [("lagoon", Box(0, 0, 200, 50))])
    assert tiled.splits == (f"the seam at x = {tiled.rows[0].xs[0]:g} mm splits lagoon",)
    two = plan((200, 100), 3.0, {"portrait": (150, 150)}, [("lagoon", Box(0, 0, 200, 50)),
                                                         ("reef", Box(0, 50, 200, 100))])
    assert two.splits == (f"the seam at x = {two.rows[0].xs[0]:g} mm splits lagoon, reef",)
    spaces = [("shore", Box(0, 0, 250, 50)), ("cliff", Box(0, 0, 50, 200))]
    both = plan((250, 200), 3.0, {"portrait": (150, 150)}, spaces)
    assert both.splits == ("the seam at x = 125 mm splits shore", "the seam at y = 100 mm splits cliff")  # x first


def test_a_seam_may_fall_on_the_edge_two_touching_squares_share():
    squares = [(lo, lo + 16, f"c{lo}") for lo in range(0, 192, 16)]   # a grid's row: no gap between squares
    at, splits = seams(192, 3.0, 150, 2, squares)
    assert not splits and at[0] % 16 == 0 and 80 <= at[0] <= 112


def pete():
    return load_game("pete-the-pirate")


@pytest.mark.parametrize("paper, sheets", [("a4", 2), ("letter", 2), ("a3", 1)])
def test_petes_board_is_cut_between_its_squares(paper, sheets):
    board = pete().components["board"]
    settings = Settings(paper=PAPERS[paper])
    tiled = board_plan(board, settings)
    assert tiled.sheets == sheets and not tiled.splits
    reassembled(tiled, board.size, 3.0)
    for _, box in footprints(board):
        assert not any(box.x0 < x < box.x1 for row in tiled.rows for x in row.xs)
        assert not any(box.y0 < y < box.y1 for y in tiled.ys)


def test_each_sheet_prints_its_part_of_the_board_where_the_plan_says():
    game = pete()
    board = game.components["board"]
    settings = Settings(paper=PAPERS["a4"], fold=False)
    part = next(p for p in lay_out(game, settings) if p.component.id == "board")
    tiled = board_plan(board, settings)
    assert [page.side for page in part.pages] == ["assembly map"] + [f"sheet {t.label} of 2" for t in tiled.tiles]
    for page, tile in zip(part.pages[1:], tiled.tiles):
        slot, face = page.placed[0]
        assert face.size == board.size and page.size == (297.0, 210.0)  # landscape, as the plan chose
        shown = slot.clip  # what the page prints of the board, back in the board's frame (y down)
        src = Box(shown.x0 - slot.trim.x0, slot.trim.y1 - shown.y1, shown.x1 - slot.trim.x0, slot.trim.y1 - shown.y0)
        for got, want in zip((src.x0, src.y0, src.x1, src.y1), (tile.source.x0, tile.source.y0, tile.source.x1,
                                                                 tile.source.y1)):
            assert got == pytest.approx(want)
        assert 5.0 <= shown.x0 and shown.x1 <= 292.0 and 11.0 <= shown.y0   # inside the margins and footer
    texts = [v["text"] for _, face in part.pages[1].placed[1:] for _, group in face.steps
             for name, v in group["steps"] if name == "text"]
    assert "A1 · glue B1 over this band" in texts and "sheet A1" in texts


def test_a_print_shop_gets_the_whole_board_with_its_bleed():
    game = pete()
    settings = Settings(paper=PAPERS["a4"], shop=True)
    part = next(p for p in lay_out(game, settings) if p.component.id == "board")
    (page,) = part.pages
    assert page.size == (248.0, 270.0) and (page.trim.x0, page.trim.y0, page.trim.w) == (3.0, 3.0, 242.0)


def test_rooms_are_the_paper_inside_its_margins_footer_and_marks():
    portrait = rooms(Settings(paper=PAPERS["a4"]))["portrait"]
    assert portrait == pytest.approx((210 - 10 - 7, 297 - 10 - 6 - 7))
    assert rooms(replace(Settings(), size=(297.0, 210.0)))["portrait"] == pytest.approx(portrait)


def test_a_boards_data_errors_name_their_file_and_line(game_copy):
    folder = game_copy("pete-the-pirate")
    edit(folder / "board.yaml", "  - [R1, P1, bay]", "  - [R1, P2, bay]")
    with pytest.raises(DataError) as raised:
        load_game(str(folder))
    assert re.search(r"board.yaml:\d+: paths.\[2\]: no space has the id 'P2'", str(raised.value))
    edit(folder / "game.yaml", "board: board.yaml", "board: ../board.yaml")
    with pytest.raises(DataError) as raised:
        load_game(str(folder))
    assert re.search(r"game.yaml:\d+: board.board: \.\./board.yaml leads outside the game's folder", str(raised.value))


def test_the_checker_walks_the_board_the_printer_draws(game_copy):
    """Move a hiding place in board.yaml: the printed board and the rules both follow."""
    folder = game_copy("pete-the-pirate")
    edit(folder / "board.yaml", "{id: R6, at: [55, 143], kind: hiding}", "{id: R6, at: [55, 143]}")
    edit(folder / "board.yaml", "{id: R5, at: [55, 165]}", "{id: R5, at: [55, 165], kind: hiding}")
    game = load_game(str(folder))
    drawn = game.components["board"].options["board"].as_dicts()["spaces"]
    assert [s["id"] for s in drawn if s["kind"] == "hiding"] == ["R5", "R10", "R13", "R16", "R20"]
    assert rules_for(str(folder)).hiding == ("R5", "R10", "R13", "R16", "R20")


def test_crop_marks_stand_in_line_with_the_board_s_outer_edges_beyond_its_bleed():
    """A sheet holding the whole board has a mark at each end of each of its four edges' lines, in the margin:
    MARK long from MARK_GAP beyond the bleed, where the room allows it, and none along a seam."""
    W, H, bleed = 100.0, 80.0, 3.0
    src, room = Box(-bleed, -bleed, W + bleed, H + bleed), Box(-20.0, -20.0, W + 20.0, H + 20.0)
    marks = sorted(tuple(map(tuple, step["line"]["points"])) for step in _crop_marks(W, H, src, room))
    ends = (-bleed - MARK_GAP, -bleed - MARK_GAP - MARK)
    assert marks == sorted([((x, ends[0]), (x, ends[1])) for x in (0.0, W)] +
                           [((x, H + bleed + MARK_GAP), (x, H + bleed + MARK_GAP + MARK)) for x in (0.0, W)] +
                           [((ends[0], y), (ends[1], y)) for y in (0.0, H)] +
                           [((W + bleed + MARK_GAP, y), (W + bleed + MARK_GAP + MARK, y)) for y in (0.0, H)])
    left_half = Box(-bleed, -bleed, 50.0 + GLUE, H + bleed)  # the board's left edge only, across this sheet
    assert {step["line"]["points"][0][0] for step in _crop_marks(W, H, left_half, room)
            if step["line"]["points"][0][0] == step["line"]["points"][1][0]} == {0.0}


def test_the_assembly_steps_say_to_glue_rows_first_only_where_rows_have_seams_across_them():
    grid = plan((300.0, 400.0), 3.0, {"portrait": (193.0, 274.0)}, [])  # two sheets across, two down
    one_row = plan((300.0, 100.0), 3.0, {"portrait": (193.0, 274.0)}, [])
    one_column = plan((100.0, 400.0), 3.0, {"portrait": (193.0, 274.0)}, [])
    assert [(len(tiled.rows), tiled.rows[0].columns) for tiled in (grid, one_row, one_column)] == [
        (2, 2), (1, 2), (2, 1)]
    rows_first = "Glue each row together first, then the rows one over the other."
    steps = _assembly_steps(grid, "A1")
    assert steps[3] == rows_first and steps[1].startswith("On every sheet but A1, cut exactly along the solid line")
    assert len(steps) == 5 and steps[-1].startswith("Once it is dry, trim the board's outer edges on the crop marks")
    assert rows_first not in _assembly_steps(one_row, "A1") + _assembly_steps(one_column, "A1")


def test_a_tall_board_s_assembly_map_keeps_to_the_top_half_its_sheets_named_in_their_middles():
    """The map of a board too tall for the half page's height is drawn as tall as that half allows, 2 mm clear
    of its foot, leaving the page's lower half to other pieces; each sheet's name is centred in its outline."""
    size = (200.0, 500.0)
    tiled = plan(size, 3.0, {"portrait": (193.0, 274.0)}, [])
    board = SimpleNamespace(id="board", title="Tall board", size=size, where=Where("game.yaml", 7, "board"))
    paper = Settings(paper=PAPERS["a4"])
    page = _map_page(board, "the board's face", tiled, paper)
    content = printable(paper).inset(bottom=FOOTER_BAND)
    (slot, face), = page.placed
    assert face.size[1] == pytest.approx(content.h * MAP_SHARE - 2 * MAP_GAP)
    assert slot.trim.y1 == pytest.approx(content.y1 - MAP_GAP) and slot.trim.y0 >= content.y1 - content.h / 2
    assert page.spacing.upright and not page.spacing.full  # other pieces may share its page; it is never turned
    (_, picture), raw = face.steps
    assert picture["face"] == "the board's face" and picture["y"] + picture["h"] == pytest.approx(face.size[1] - 2)
    outlines = [step["rect"] for step in raw.steps if "rect" in step and "fill" not in step["rect"]]
    names = [step["text"] for step in raw.steps if "text" in step and step["text"]["font"] == "title"
             and step["text"]["text"] in {tile.label for tile in tiled.tiles}]
    assert len(outlines) == len(names) == tiled.sheets > 1
    for outline, name in zip(outlines, names):
        assert name["y"] + name["h"] / 2 == pytest.approx(outline["y"] + outline["h"] / 2)
        assert (name["x"], name["w"]) == (outline["x"], outline["w"]) and name["valign"] == "middle"


def test_the_cut_line_on_a_sheet_s_seam_runs_the_height_of_the_page_s_room():
    """A2 of a board two sheets wide is cut along its left edge, the seam glued over A1's band: the solid line
    there runs from the top of the page's room to its foot (above the footer band), 0.5 mm short of each."""
    size = (500.0, 150.0)
    settings = Settings(paper=PAPERS["a4"])
    tiled = plan(size, 3.0, rooms(settings), [])
    first, second = tiled.tiles
    assert (first.label, second.label, second.cut_left, second.landscape) == ("A1", "A2", True, True)
    board = SimpleNamespace(id="board", size=size, options={"bleed": 3.0}, where=Where("game.yaml", 7, "board"))
    paper = replace(settings, size=(297.0, 210.0))
    page = _sheet(board, "the board's face", tiled, second, paper)
    content = printable(paper).inset(bottom=FOOTER_BAND)
    assert page.content == content and page.side == "sheet A2 of 2"
    (_, overlay), = [placed for placed in page.placed if placed[1] != "the board's face"]
    (raw,) = overlay.steps
    (group,) = [step["group"] for step in raw.steps]
    cuts = [step["line"]["points"] for step in group["steps"] if "line" in step and step["line"]["width"] == 0.35]
    (((x0, y0), (x1, y1)),) = cuts
    assert x0 == x1 == second.source.x0
    assert (y0 + group["y"], y1 + group["y"]) == (pytest.approx(210.0 - content.y1 + 0.5),
                                                  pytest.approx(210.0 - content.y0 - 0.5))


def test_a_registration_cross_stands_on_a_seam_corner_inside_the_board_and_out_in_the_margin_at_its_edge():
    """Where two seams cross inside the board the cross is printed on the corner itself; where a seam meets the
    board's edge, out beyond the bleed, on the seam's line; a corner the sheet does not hold has none."""
    W, H, bleed = 300.0, 200.0, 3.0
    board = SimpleNamespace(options={"bleed": bleed})
    src = Box(-bleed, -bleed, 160.0, 110.0)
    away = bleed + MARK_GAP + CROSS

    def centre(point):
        across, down, ring = (next(iter(step.values())) for step in _cross(point, src, W, H, board))
        assert across["points"][0][1] == across["points"][1][1] == ring["y"] == (down["points"][0][1] + down[
            "points"][1][1]) / 2  # the arms cross on the ring's centre
        return ring["x"], ring["y"]

    assert centre((150.0, 100.0)) == (150.0, 100.0)
    assert centre((150.0, 0.0)) == (150.0, -away) and centre((0.0, 100.0)) == (-away, 100.0)
    assert _cross((150.0, 200.0), src, W, H, board) == [] and _cross((250.0, 100.0), src, W, H, board) == []
    far = Box(140.0, 90.0, W + bleed, H + bleed)
    ring = _cross((W, H), far, W, H, board)[-1]["circle"]
    assert (ring["x"], ring["y"], ring["r"]) == (W + away, H + away, CROSS * 0.45)
