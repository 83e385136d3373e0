"""A game's pieces one by one, as exports list them (pnp/layout/piece_list.py): each distinct piece once with its
copies and faces, for the toy game's deck, sheets, die and counters; its pouch, figures and rules have none; a
board, one piece of its own shape."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from conftest import TOY
from pnp.layout.piece_list import card_title, groups
from pnp.read.games import load_game

pytestmark = pytest.mark.quick


def template(face) -> str | None:
    """The template a face request draws with (None: no face; a face made of steps: its kind)."""
    return None if face is None else getattr(face, "template", type(face).__name__)


def test_each_component_with_pieces_lists_them_once_with_their_copies_and_faces():
    game = load_game(str(TOY))
    found = {group.component.id: group for group in groups(game)}
    assert list(found) == ["deck", "sheet", "die", "numbered", "counters"]  # the data's order, no pouch or figures
    deck = found["deck"]
    assert (deck.shape, deck.form, deck.size, deck.bleed) == ("card", "square", (63.5, 88.9), 3.0)
    assert [(piece.id, piece.title, piece.copies, template(piece.front), template(piece.back))
            for piece in deck.pieces] == [
        ("alpha", "alpha", 3, "front.yaml.j2", "back.yaml.j2"), ("beta", "beta", 2, "front.yaml.j2", "back.yaml.j2"),
        ("gamma", "gamma", 5, "front.yaml.j2", "own-back.yaml.j2"), ("delta", "delta", 1, "front.yaml.j2", "back.yaml.j2")]
    assert [piece.front.context["card"]["id"] for piece in deck.pieces] == ["alpha", "beta", "gamma", "delta"]
    counters = found["counters"]
    assert (counters.shape, counters.form) == ("tile", "hex")
    assert [(piece.id, piece.copies, template(piece.back)) for piece in counters.pieces] == [
        ("star", 3, None), ("moon", 1, None)]
    assert [(piece.id, piece.title, piece.copies) for piece in found["sheet"].pieces] == [("sheet", "Sheet", 3)]
    assert [(piece.id, piece.title, piece.copies) for piece in found["numbered"].pieces] == [
        ("sheet-1", "Numbered sheet 1", 1), ("sheet-2", "Numbered sheet 2", 1)]
    die = found["die"]
    assert die.shape == "die" and [(piece.id, piece.title, piece.copies) for piece in die.pieces] == [
        (f"face-{n}", f"Die: face {n}", 2) for n in range(1, 7)]


def test_a_card_is_called_by_its_title_else_its_name_else_its_id():
    def card(**fields):
        return SimpleNamespace(id="c7", fields=fields)

    assert card_title(card(title=" Rum ", name="Grog")) == "Rum"
    assert card_title(card(title="  ", name="Grog")) == "Grog"
    assert card_title(card(title=3, name=["Grog"])) == "c7"


def test_a_board_is_one_piece_of_its_own_shape_and_a_component_of_no_pieces_is_left_out():
    game = load_game(str(TOY.parent / "golden"))
    found = {group.component.id: group for group in groups(game)}
    board = found["board"]
    assert (board.shape, board.form, board.size) == ("board", "square", game.components["board"].size)
    assert [(piece.id, piece.title, piece.copies, piece.back) for piece in board.pieces] == [("board", "Board", 1, None)]
    assert found["coins"].form == "circle"
    empty = SimpleNamespace(components={"deck": replace(game.components["deck"], cards=())})
    assert groups(empty) == []


def test_a_die_s_pieces_show_its_faces_and_a_sheet_its_own():
    from pnp.layout.cards import sheet_faces
    from pnp.layout.cutouts import die_faces

    def drawn(face) -> tuple:
        context = face.context() if callable(face.context) else face.context
        return face.template, face.size, repr(context)

    game = load_game(str(TOY))
    found = {group.component.id: group for group in groups(game)}
    faces = [drawn(face) for face in die_faces(game.components["die"])]
    assert [drawn(piece.front) for piece in found["die"].pieces] == faces and len(set(faces)) == 6
    assert all(piece.back is None for piece in found["die"].pieces)
    assert drawn(found["sheet"].pieces[0].front) == drawn(sheet_faces(game.components["sheet"], 1)[0])
