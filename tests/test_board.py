"""Boards read from data: a path of spaces and a square grid with regions, walked as the rules walk them."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import DataError, Where
from pnp.model.board import Board
from pnp.read.datafile import load_yaml, parse_yaml

BOARDS = Path(__file__).parent / "fixtures" / "boards"


def board(name: str) -> Board:
    return Board.read(load_yaml(BOARDS / name), Where(name, 1))


def test_a_path_board_has_its_spaces_where_the_data_puts_them():
    ring = board("ring.yaml")
    assert list(ring.spaces)[:3] == ["bay", "r1", "r2"]
    assert (ring.spaces["r2"].x, ring.spaces["r2"].y, ring.spaces["r2"].kind) == (20, 40, "hiding")
    assert [key for key, space in ring.spaces.items() if space.kind == "hiding"] == ["r2", "r4"]
    assert ring.neighbours("r1") == ("bay", "r2", "r6", "mid")  # in the order the paths give them
    assert ring.neighbours("mid") == ("r1", "r4")


def test_steps_go_along_the_paths_and_never_through_a_blocked_space():
    ring = board("ring.yaml")
    assert ring.steps_from("bay")["r4"] == 3                     # bay, r1, mid, r4
    assert ring.steps_from("bay", blocked={"mid"})["r4"] == 4    # round the ring instead
    within = ring.steps_from("r2", most=2, blocked={"r1"})
    assert within == {"r2": 0, "r3": 1, "r4": 2}                  # r1 blocked: no way past it


def test_moving_a_space_in_the_data_moves_it_for_the_rules(tmp_path):
    text = (BOARDS / "ring.yaml").read_text().replace("{id: r4, at: [40, 30], kind: hiding}",
                                                      "{id: r4, at: [40, 30]}")
    text = text.replace("{id: r5, at: [30, 20]}", "{id: r5, at: [30, 20], kind: hiding}")
    moved = Board.read(parse_yaml(text, "ring.yaml"), Where("ring.yaml", 1))
    assert [key for key, space in moved.spaces.items() if space.kind == "hiding"] == ["r2", "r5"]


def test_a_grid_names_its_squares_and_their_regions():
    sea = board("sea.yaml")
    assert len([key for key in sea.spaces if key != "port"]) == 6 * 5
    assert sea.square(1, 1) == "A1" and sea.square(6, 5) == "F5" and sea.square(7, 1) is None
    assert sea.regions["island"] == ["C2", "D2", "C3", "D3"]
    assert (sea.spaces["D3"].kind, sea.spaces["A1"].kind, sea.spaces["B2"].kind) == ("island", "bay", "")
    assert set(sea.neighbours("A1")) == {"A2", "B1", "B2"}       # diagonals too: steps: 8


def test_a_grid_is_walked_round_its_closed_regions():
    sea = board("sea.yaml")
    assert sea.line("A2", 1, 0, 4) == ["B2"]                      # C2 is the island: the move stops short
    assert sea.line("A5", 1, -1, 3) == ["B4"]                     # C3 is the island too
    assert sea.line("E1", 1, 1, 5) == ["F2"]                      # off the grid after one step
    assert "C2" not in sea.steps_from("B2")
    assert sea.steps_from("B2")["E3"] == 4                        # three through the island, four round it
    assert sorted(sea.around("island")) == ["B1", "B2", "B3", "B4", "C1", "C4", "D1", "D4", "E1", "E2", "E3",
                                           "E4"]


def test_a_space_beside_the_grid_is_one_step_from_the_squares_it_touches():
    sea = board("sea.yaml")
    assert set(sea.neighbours("port")) == {"A3", "A4", "A5"}
    assert "port" in sea.neighbours("A4")


def test_a_template_reads_the_board_as_plain_values():
    plain = board("ring.yaml").as_dicts()
    assert plain["spaces"][0] == {"id": "bay", "x": 0, "y": 30, "kind": "bay", "links": ["r1"]}
    assert plain["grid"] is None and plain["regions"] == {}
    assert board("sea.yaml").as_dicts()["grid"] == {"columns": 6, "rows": 5, "steps": 8, "names": "letters"}


def test_a_grid_may_name_its_squares_by_column_and_row_numbers():
    text = (BOARDS / "sea.yaml").read_text().replace("steps: 8}", "steps: 8, names: numbers}")
    text = text.replace("from: C2, to: D3", "from: 3-2, to: 4-3").replace("[A1]", "[1-1]")
    sea = Board.read(parse_yaml(text, "sea.yaml"), Where("sea.yaml", 1))
    assert sea.square(1, 1) == "1-1" and sea.square(6, 5) == "6-5" and sea.square(7, 1) is None
    assert sea.regions["island"] == ["3-2", "4-2", "3-3", "4-3"]
    assert sea.line("1-2", 1, 0, 4) == ["2-2"]                    # the island stops the move, as with letters
    assert set(sea.neighbours("port")) == {"1-3", "1-4", "1-5"}


@pytest.mark.parametrize("text, found", [
    ("spaces: [{id: a, at: [0, 0]}]\npaths: [[a, b]]\n", "2: paths.[0]: no space has the id 'b'"),
    ("spaces:\n  - {id: a, at: [0, 0]}\n  - {id: a, at: [1, 0]}\n", "3: spaces.[1].id: 'a' names two spaces"),
    ("grid: {columns: 3, rows: 3}\nregions:\n  rock: {from: A1, to: D2}\n", "3: regions.rock.to: 'D2' is no square"),
    ("regions:\n  rock: {squares: [A1]}\n", "2: regions.rock: regions belong to a grid board"),
    ("grid: {columns: 3, rows: 3}\nregions:\n  rock: {from: A1}\n", "3: regions.rock: a region gives both corners"),
    ("spaces: [{id: a, at: [0]}]\n", "spaces.[0].at: expected at least 2 items"),
    ("grid: {columns: 3, rows: 3, steps: 6}\n", "grid.steps: expected one of 4, 8"),
    ("grid: {columns: 30, rows: 3}\n", "grid.columns: letters name at most 26 columns"),
    ("grid: {columns: 3, rows: 3, names: numbers}\nregions:\n  rock: {squares: [C1]}\n",
     "3: regions.rock.squares: 'C1' is no square"),
])
def test_a_broken_board_is_reported_at_its_line(text, found):
    with pytest.raises(DataError) as caught:
        Board.read(parse_yaml(text, "b.yaml"), Where("b.yaml", 1))
    assert found in caught.value.format_message()


def test_a_walk_may_enter_a_space_that_ends_it_but_not_go_on():
    ring = board("ring.yaml")
    assert ring.steps_from("r3", 4, ends={"r1"})["r1"] == 2 and "bay" not in ring.steps_from("r3", 4, ends={"r1"})
    assert ring.steps_from("r1", 1, ends={"r1"})["bay"] == 1      # a walk may leave from such a space


def test_a_ray_runs_straight_into_a_space_beside_the_grid_and_ends_there():
    sea = board("sea.yaml")
    assert sea.at(0, 4) == "port" and sea.at(2, 2) == "B2" and sea.at(9, 9) is None
    assert sea.ray("C5", -1, 0, 5) == ["B5", "A5"]                # off the grid: no space at (0, 5)
    assert sea.ray("B5", -1, -1, 5) == ["A4"]                     # (0, 3) holds nothing
    assert sea.ray("C4", -1, 0, 5) == ["B4", "A4", "port"]        # the harbour ends the ray
    assert sea.ray("port", 1, 0, 3) == ["A4", "B4", "C4"]
    assert sea.ray("A2", 1, 0, 4) == ["B2"]                       # the island stops it, as `line` does


def test_a_harbour_knows_its_ways_out_and_a_coast_its_way_away():
    sea = board("sea.yaml")
    assert sorted(sea.headings("port")) == [(1, -1), (1, 0), (1, 1)]
    assert sea.away("B2", "island") == (-1, 0)                    # beside a side: straight out
    assert sea.away("B1", "island") == (-1, -1)                   # at a corner: diagonally
    assert sea.away("C1", "island") == (0, -1)
    assert sea.away("A5", "island") == (0, 0)                     # not beside it


def test_a_board_file_the_data_names_wrongly_is_blamed_at_its_line_in_game_yaml(tmp_path):
    from pnp.read.kinds import board as read_board

    block = parse_yaml("kind: board\nboard: nowhere.yaml\n", "game.yaml")
    problems: list = []
    read_board({"board": "nowhere.yaml"}, block, Where("game.yaml", 1, "map"), tmp_path, problems)
    [(where, message)] = problems
    assert str(where) == "game.yaml:2: map.board" and "nowhere.yaml" in message
