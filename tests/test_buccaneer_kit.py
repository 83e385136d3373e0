"""Buccaneer's kit: the board tiled over home-printer pages and read back square by square, the crew backs
that show a value and never a colour, and the pieces the data asks for."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import cli
from pnp.build.stages import lay_out
from pnp.layout.boards import board_plan, centres, footprints
from pnp.layout.imposition import Settings
from pnp.model.geometry import Box
from pnp.model.paper import PAPERS
from pnp.read.games import load_game

HARBOURS = {"genoa": (0, 8), "venice": (0, 16), "amsterdam": (8, 25), "marseilles": (16, 25), "bombay": (25, 17),
            "cadiz": (25, 9), "bristol": (17, 0), "london": (9, 0)}


@pytest.fixture(scope="module")
def game():
    return load_game("buccaneer")


def test_the_board_holds_the_facts_of_the_sea(game):
    board = game.components["board"].options["board"]
    assert len([s for s in board.spaces.values() if s.kind != "harbour"]) == 24 * 24
    assert set(board.regions["treasure-island"]) == {f"{x}-{y}" for x in range(11, 15) for y in range(11, 15)}
    assert set(board.regions["flat-island"]) == {f"{x}-{y}" for x in range(2, 5) for y in range(20, 24)}
    assert set(board.regions["pirate-island"]) == {f"{x}-{y}" for x in range(21, 24) for y in range(2, 6)}
    assert (board.spaces["1-1"].kind, board.spaces["24-24"].kind, board.spaces["24-1"].kind) == \
        ("mud-bay", "cliff-creek", "anchor")
    assert {key: (s.x, s.y) for key, s in board.spaces.items() if s.kind == "harbour"} == HARBOURS
    assert set(board.neighbours("london")) == {"8-1", "9-1", "10-1"}      # three ways in: straight and diagonals
    assert len(board.around("treasure-island")) == 20                     # its coast
    assert set(game.vars["ports"]) == set(HARBOURS)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_reassembles_with_every_square_where_the_data_says(game, paper):
    """Read each sheet's part of the board back from the pages, glue them in thought, and find every
    square and harbour whole on one sheet, at the place its column and row give."""
    component = game.components["board"]
    settings = Settings(paper=PAPERS[paper], fold=False)
    tiled = board_plan(component, settings)
    assert not tiled.splits and 2 <= tiled.sheets <= 9
    part = next(p for p in lay_out(game, settings) if p.component.id == "board")
    assert [page.side for page in part.pages][0] == "assembly map"
    shown = []
    for page in part.pages[1:]:
        slot, face = page.placed[0]
        clip = slot.clip  # back in the board's frame, y down
        shown.append(Box(clip.x0 - slot.trim.x0, slot.trim.y1 - clip.y1, clip.x1 - slot.trim.x0,
                         slot.trim.y1 - clip.y0))
    pitch, (W, H) = component.options["space"], component.size
    at = centres(component)
    for key, box in footprints(component):
        space = component.options["board"].spaces[key]
        x, y = at[key]
        assert (x, y) == pytest.approx(((W - 24 * pitch) / 2 + (space.x - 0.5) * pitch,
                                        (H + 24 * pitch) / 2 - (space.y - 0.5) * pitch))
        # whole on at least one sheet: no seam runs through it
        assert any(s.x0 - 1e-6 <= box.x0 and box.x1 <= s.x1 + 1e-6 and s.y0 - 1e-6 <= box.y0 and
                   box.y1 <= s.y1 + 1e-6 for s in shown), key
    # the sheets' own parts (without the band the neighbour covers) cover the board once, edge to edge
    ys = [0.0, *tiled.ys, H]
    assert all(b - a >= pitch for a, b in zip(ys, ys[1:]))
    assert all(((y - (H - 24 * pitch) / 2) / pitch) % 1 == pytest.approx(0) for y in tiled.ys)
    for row in tiled.rows:
        xs = [0.0, *row.xs, W]
        assert all(b - a >= pitch for a, b in zip(xs, xs[1:]))
        assert all(((x - (W - 24 * pitch) / 2) / pitch) % 1 == pytest.approx(0) for x in row.xs)


def test_a_print_shop_gets_the_board_on_one_page(game):
    settings = Settings(paper=PAPERS["a4"], shop=True)
    part = next(p for p in lay_out(game, settings) if p.component.id == "board")
    (page,) = part.pages
    assert page.size == (442.0, 442.0)


def test_the_crew_backs_show_the_value_and_never_the_colour(game):
    crew = game.components["crew-cards"]
    assert sum(card.count for card in crew.cards) == 60
    settings = Settings(paper=PAPERS["a4"], fold=False)
    part = next(p for p in lay_out(game, settings) if p.component.id == "crew-cards")
    backs = {}
    for page in part.pages:
        if page.side == "backs":
            for _, face in page.placed:
                texts = [v["text"] for name, v in face.steps if name == "text"]
                backs.setdefault(face.key, texts)
    assert len(backs) == 3                     # one back for each value, shared by red and black
    assert sorted(t for texts in backs.values() for t in texts if t.isdigit()) == ["1", "2", "3"]
    assert not any(word in t.lower() for texts in backs.values() for t in texts for word in ("red", "black"))


def test_the_pieces_are_as_many_as_the_game_needs(game):
    treasure = game.components["treasure"]
    values = {piece.id: piece.fields["value"] for piece in treasure.cards}  # printed on each piece
    assert set(values) == set(game.vars["treasures"])                        # each named and coloured there
    assert {piece.id: piece.count for piece in treasure.cards} == dict.fromkeys(values, 6)
    assert values == {"diamond": 5, "ruby": 5, "gold-bar": 4, "pearl": 3, "rum": 2}
    assert [card.fields["number"] for card in game.components["chance-cards"].cards] == list(range(1, 29))
    assert sorted(piece.fields["port"] for piece in game.components["ships"].cards) == \
        sorted(key for key, port in game.vars["ports"].items() if port["home"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_kit_of_many_parts_keeps_its_contents_page_above_the_footer(tmp_path, paper):
    """Buccaneer has eight parts: the contents page sets its notes smaller rather than run into the footer."""
    result = CliRunner().invoke(cli, ["build", "buccaneer", "--paper", paper, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "buccaneer" / f"buccaneer-kit-{paper}-duplex.pdf").pages[0]
    lows = []
    page.extract_text(visitor_text=lambda text, cm, tm, *_: lows.append((tm[5] * cm[3] + cm[5], text))
                      if text.strip() else None)
    last = next(i for i, (_, text) in enumerate(lows) if text.startswith("Cut on the crop marks"))
    body = [y for y, text in lows[last:last + 2] if "contents · page" not in text and "50 mm" not in text]
    assert min(body) / (72 / 25.4) > 16.0     # the footer line sits at 12.5 mm, the scale bar at 12 mm


def test_a_ship_is_a_square_long_and_two_side_by_side_stay_on_it(game):
    """At most two ships share a sea square: side by side, each one's middle is still on that square, and a
    ship is no longer than a square, so that it points along its own."""
    w, h = game.components["ships"].size
    square = game.components["board"].options["space"]
    assert w < square and h <= square
    assert w >= 10.0  # wide enough to pick up between two fingertips
