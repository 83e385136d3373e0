"""A board named by game.yaml (`board: sea.yaml`, or the mapping itself): what is wrong with it is placed in
its own file when it is one, in game.yaml when it is not; a file that holds no board is never read as an empty one."""
from __future__ import annotations

import pytest

from pnp.errors import Where
from pnp.read.datafile import parse_yaml
from pnp.read.kinds import board as read_board

pytestmark = pytest.mark.quick

SPOT = Where("game.yaml", 7, "map")  # where game.yaml's block of the board begins


def problems_of(game_yaml: str, folder) -> list[tuple[str, str]]:
    """The problems reading the board of a block of game.yaml finds, as (where, message)."""
    block = parse_yaml(game_yaml, "game.yaml")
    problems: list = []
    read_board({"board": block["board"]}, block, SPOT, folder, problems)
    return [(str(where), message) for where, message in problems]


@pytest.mark.parametrize("text", ["- A1\n- A2\n", "", "just a word\n"])
def test_a_board_file_that_holds_no_board_is_blamed_at_its_first_line(tmp_path, text):
    (tmp_path / "sea.yaml").write_text(text, encoding="utf-8")
    [(where, message)] = problems_of("kind: board\nboard: sea.yaml\n", tmp_path)
    assert where.endswith("sea.yaml:1") and "expected a board" in message


def test_a_board_given_in_game_yaml_is_blamed_at_its_line_there(tmp_path):
    [(where, message)] = problems_of("kind: board\ntitle: Sea\nboard: [A1, A2]\n", tmp_path)
    assert where == "game.yaml:3: map.board" and "expected a board" in message
