"""What some kinds read beyond their own block of game.yaml, when the game is loaded: a board's spaces (a
file of the game's folder, or the mapping itself), the players' rules (a Markdown file), a token's named
gutter. Each reader takes the checked values, the raw block, where the block is, the game's folder and the
list of problems, and returns the values completed."""
from __future__ import annotations

from pnp.errors import DataError, Where, shown
from pnp.model.kinds import GUTTERS
from pnp.model.specs import line_of
from pnp.read.datafile import load_yaml, read_text
from pnp.resources import find_file


def _in_folder(name: str, folder, spot: Where, problems: list):
    """A file of the game's folder named by the data; None, the problem noted at `spot`, when there is none."""
    return find_file(name, [folder], "the game's folder", spot, problems, f"no such file: {shown(folder / name)}")


def board(values: dict, block: dict, where: Where, folder, problems: list) -> dict:
    """The component's `board:` read into a Board: a file of the game's folder, or the mapping itself."""
    from pnp.model.board import Board  # (loaded only for a game that has a board: most kits have none)

    source = values["board"]
    spot = where.at("board", line_of(block, "board", where.line))
    if isinstance(source, str):
        path = _in_folder(source, folder, spot, problems)
        if path is None:
            return values
        try:
            source, spot = load_yaml(path), Where(shown(path), 1)
        except DataError as error:
            problems.extend(error.problems)
            return values
    try:
        return {**values, "board": Board.read(source, spot)}
    except DataError as error:
        problems.extend(error.problems)
        return values


def rules(values: dict, block: dict, where: Where, folder, problems: list) -> dict:
    """The players' rules: the Markdown file `text:` names, read as `content`."""
    if values["text"] is None:
        return values
    path = _in_folder(values["text"], folder, where.at("text", line_of(block, "text", where.line)), problems)
    try:
        return {**values, "content": read_text(path) if path else None}
    except DataError as error:
        problems.extend(error.problems)
        return values


def tokens(values: dict, block: dict, where: Where, folder, problems: list) -> dict:
    """A named gutter (`punch`) as its length."""
    return {**values, "gutter": GUTTERS.get(values["gutter"], values["gutter"])}


READERS = {"board": board, "rules": rules, "tokens": tokens}  # kind -> what it reads beyond its block
