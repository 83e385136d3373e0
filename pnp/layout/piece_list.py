"""A game's pieces one by one, for exports (`pnp export`): each distinct piece once, with how many copies the
data asks for and the faces (requests) it shows, not laid on paper. A card of a group, a token, a numbered
sheet, a die's face, a board: each is a `Piece` of its component's `Group`, whose `shape` says what it is to
a program that shows it on screen (a card, a tile, a board, a die, a sheet).

Kinds folded or read (nets, envelopes, standees, boxes, the rules) have no pieces: what they are is the way
they fold, which a picture of their net does not give."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.boards import board_face
from pnp.layout.cards import card_faces, sheet_count, sheet_faces
from pnp.layout.cutouts import die_faces
from pnp.layout.imposition import Settings


@dataclass(frozen=True)
class Piece:
    """One distinct piece: its id (a card's, a sheet's number, a die face's), its title (what a program shows
    as its name), how many copies the data asks for, and its front and back (requests; the back None when it
    has none)."""

    id: str
    title: str
    copies: int
    front: object
    back: object = None


@dataclass(frozen=True)
class Group:
    """A component's pieces. `shape`: card, tile, board, die or sheet; `form` the tokens' outline (square,
    circle, hex) where it is a tile."""

    component: object
    shape: str
    pieces: list
    form: str = "square"

    @property
    def size(self) -> tuple[float, float]:
        """A piece's size (mm, trimmed): every piece of a group has its first's."""
        return tuple(self.pieces[0].front.size)

    @property
    def bleed(self) -> float:
        """The bleed its faces are drawn with (mm)."""
        return self.pieces[0].front.bleed


def card_title(card) -> str:
    """What a card is called on screen: its `title` or `name` field, else its id."""
    for field in ("title", "name"):
        if isinstance(card.fields.get(field), str) and card.fields[field].strip():
            return card.fields[field].strip()
    return card.id


def _cards(component) -> list:
    return [Piece(card.id, card_title(card), card.count, *card_faces(component, card, index))
            for index, card in enumerate(component.cards)]


def _sheets(component) -> list:
    count = sheet_count(component, Settings())
    if component.options.get("numbered"):
        return [Piece(f"sheet-{n}", f"{component.title} {n}", 1, face)
                for n, face in enumerate(sheet_faces(component, count), start=1)]
    return [Piece("sheet", component.title, count, sheet_faces(component, 1)[0])]


def _die(component) -> list:
    count = component.options["count"]
    return [Piece(f"face-{index}", f"{component.title}: face {index}", count, face)
            for index, face in enumerate(die_faces(component), start=1)]


SHAPES = {  # kind -> (shape, its pieces)
    "cards": ("card", _cards),
    "tokens": ("tile", _cards),
    "sheet": ("sheet", _sheets),
    "die": ("die", _die),
    "board": ("board", lambda component: [Piece("board", component.title, 1, board_face(component))]),
}


def groups(game) -> list[Group]:
    """Every component that has pieces, with them, in the data's order."""
    found = []
    for component in game.components.values():
        if component.kind in SHAPES:
            shape, pieces = SHAPES[component.kind]
            made = pieces(component)
            if made:
                found.append(Group(component, shape, made, component.options.get("shape", "square")))
    return found

