"""`pnp export tts`: a game for Tabletop Simulator (and Tabletop Playground, which imports the same): one
Saved Object file, `<game>.json`, that loads the game's pieces onto the table, and the pictures it names.

- Cards: each group a deck. Its distinct cards are pasted into sheets of at most 10 × 7 cells and 4,096
  pixels a side (what the program takes), in the grid that draws each card largest (`grid`), the last cell
  of each sheet the face shown to a player who may not see the card (its back); the backs are one picture when every card shares its back, else a sheet of backs
  laid out as the fronts. Each card of the deck is an object with its title as its nickname,
  CardID = deck × 100 + cell, and `<component>/<card id>` in its notes, once for every copy the data asks for.
- Tokens and sheets: tiles (round, six-sided or square as the data says), each with its front and back, every
  copy in a bag; the board: one picture of the whole board, as a board.
- Dice: their six faces, as pictures (`<component>-face-N.png`), to build a custom die from.

Every picture is a face at a whole number of dots an inch, trimmed, so a cell of a sheet holds exactly the
picture `pnp export png --no-bleed --dpi N` writes of that face. Pictures are named by `file:///` addresses
to this folder, or, with --base-url, by that address followed by their file name (for a table shared online,
where every player's program fetches them); either way percent-encoded, a space in a card's id as %20.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from urllib.parse import quote

from pnp.layout.piece_list import SHAPES
from pnp.render.keys import digest
from pnp.write.rasters import Frame, png

SUMMARY = "a Tabletop Simulator Saved Object (<game>.json) with card sheets and tiles"
KINDS = tuple(SHAPES)  # every kind with pieces (a die as the pictures of its faces)
OPTIONS = ("base_url",)
COLUMNS, ROWS, SIDE = 10, 7, 4096  # the largest deck sheet the program reads
MOST_DPI = 300  # sharp enough to read on any screen: small decks are not drawn larger
TILE_SHAPES = {"square": 0, "hex": 1, "circle": 2}  # the data's token shape -> the program's tile type
THUMBNAIL = 256  # pixels: the saved object's picture in the program's menu
THUMBNAIL_FROM = 1200  # pixels a side at most of the picture it is made from (a card's, not a board's)
COLOUR = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # the program's own default tint


def export(job) -> None:
    folder = Path(job.files.folder).resolve()
    base = job.options.get("base_url")
    base = base and folder_address(base)
    Table(job, lambda name: f"{base}/{quote(name, safe='/')}" if base else (folder / name).as_uri()).write()


SAFE = "/:@!$&'()*+,;=~%"  # what a path of an address holds as itself (RFC 3986), and escapes already made


def folder_address(base: str) -> str:
    """--base-url as the address of the folder the pictures lie in: its path percent-encoded, so that a space, a
    letter outside ASCII, or a ? or # (which would end the path) is part of the folder's name; what is already
    percent-encoded is left so."""
    found = re.match(r"([A-Za-z][A-Za-z0-9+.-]*://[^/?#]*)(.*)", base, re.S)
    if found is None:
        return quote(base, safe=SAFE)
    start, path = found.groups()
    if path and not path.startswith("/"):
        path = "/" + path
    return start + quote(re.sub(r"%(?![0-9A-Fa-f]{2})", "%25", path), safe=SAFE)


def grid(count: int, size) -> tuple[int, int]:
    """Columns and rows of the sheets of a deck of `count` distinct cards of `size` mm: those that draw each
    card largest within the program's limits, the hidden cell in each sheet's last. A deck of more than
    COLUMNS × ROWS - 1 cards takes the fewest sheets it can, shared as evenly as can be, all of one grid.
    Among grids that draw a card as large (small decks reach MOST_DPI), the one of fewest cells, then the
    squarest sheet."""
    most = COLUMNS * ROWS - 1
    per_sheet = math.ceil(count / math.ceil(count / most)) if count else 0
    fits = [(columns, rows) for columns in range(1, COLUMNS + 1) for rows in range(1, ROWS + 1)
            if columns * rows >= per_sheet + 1]
    w, h = size
    return min(fits, key=lambda cells: (-dpi_within(size, *cells), cells[0] * cells[1],
                                        max(cells[0] * w, cells[1] * h), cells))


def dpi_within(size, columns: int, rows: int, most: int = MOST_DPI) -> int:
    """The whole number of dots an inch at which `columns` × `rows` faces of `size` mm fit SIDE pixels a side."""
    w, h = size
    dpi = min(most, math.floor(SIDE * 25.4 / (columns * w)), math.floor(SIDE * 25.4 / (rows * h)))
    while columns * round(w * dpi / 25.4) > SIDE or rows * round(h * dpi / 25.4) > SIDE:
        dpi -= 1
    return dpi


class Table:
    """The Saved Object being made: the objects and the pictures they name."""

    def __init__(self, job, address):
        self.job, self.address = job, address
        self.decks = 0  # CustomDeck numbers given so far
        self.objects: list = []
        self.thumbnail = None
        self.written: dict = {}  # (face key, frame) -> the address of its picture
        self.done = self.total = 0  # cells pasted, of those a deck's sheets hold

    def write(self) -> None:
        slug = self.job.game.slug
        makers = {"card": self.deck, "tile": self.tiles, "sheet": self.tiles, "board": self.board, "die": self.die}
        for group in self.job.groups:
            makers[group.shape](group)
        saved = {"SaveName": self.job.game.name, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "",
                 "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
                 "LuaScriptState": "", "ObjectStates": self.objects, "TabStates": {}, "VersionNumber": ""}
        self.job.files.write(f"{slug}.json", (json.dumps(saved, indent=1, ensure_ascii=False) + "\n").encode())
        if self.thumbnail is not None:  # the picture the program shows beside the saved object
            self.job.files.write(f"{slug}.png", _small(self.thumbnail))

    # --- pictures ------------------------------------------------------------------------------------
    def picture(self, name: str, face, frame: Frame) -> str:
        """Write one face's picture as `name` (unless it is written already, under another name); its address."""
        if (face.key, frame) not in self.written:
            data = next(self.job.pictures.pngs([(face, frame)]))
            self.job.files.write(name, data)
            self.written[face.key, frame] = self.address(name)
            if self.thumbnail is None and max(frame.size) <= THUMBNAIL_FROM:
                self.thumbnail = data
        return self.written[face.key, frame]

    def sheet(self, name: str, faces: list, hidden, frame: Frame, columns: int, rows: int) -> str:
        """Paste `faces` (and `hidden` into the last cell) into a sheet, one picture at a time; its address."""
        store = self.job.pictures.store
        key = digest("tts sheet", [face.key for face in faces], hidden.key, frame.scale, frame.size, columns, rows)
        data = store.fetch("tts-sheet", key)
        if data is None:
            data = self._pasted(faces, hidden, frame, columns, rows)
            store.keep("tts-sheet", key, data)
            store.commit()
        else:
            self.done += len(faces) + 1
            self.job.progress(self.done, self.total, "cells")
        self.job.files.write(name, data)
        return self.address(name)

    def _pasted(self, faces: list, hidden, frame: Frame, columns: int, rows: int) -> bytes:
        from PIL import Image

        w, h = frame.size
        sheet = Image.new("RGB", (columns * w, rows * h), "white")
        wanted = [(face, frame) for face in faces] + [(hidden, frame)]
        cells = [*range(len(faces)), columns * rows - 1]
        for cell, picture in zip(cells, self.job.pictures.pictures(wanted)):
            sheet.paste(picture, ((cell % columns) * w, (cell // columns) * h))
            self.done += 1
            self.job.progress(self.done, self.total, "cells")
        return png(sheet)

    # --- objects ---------------------------------------------------------------------------------------
    def deck(self, group) -> None:
        """A group of cards as a deck: its sheets, and a card object for every copy."""
        pieces, cid = group.pieces, group.component.id
        columns, rows = grid(len(pieces), group.size)
        frame = Frame.at_dpi(group.size, dpi_within(group.size, columns, rows), 0.0)
        per_sheet = columns * rows - 1
        backs = {piece.back.key if piece.back else piece.front.key for piece in pieces}
        sheets = math.ceil(len(pieces) / per_sheet)
        self.done, self.total = 0, (len(pieces) + sheets) * (1 if len(backs) == 1 else 2)
        shared = None
        if len(backs) == 1:
            back = pieces[0].back or pieces[0].front
            shared = self.picture(f"{cid}-back.png", back, frame)
        cards, decks = [], {}
        for number, start in enumerate(range(0, len(pieces), per_sheet), start=1):
            chunk = pieces[start:start + per_sheet]
            hidden = chunk[0].back or chunk[0].front
            self.decks += 1
            decks[str(self.decks)] = {
                "FaceURL": self.sheet(f"{cid}-faces-{number}.png", [piece.front for piece in chunk], hidden, frame,
                                      columns, rows),
                "BackURL": shared or self.sheet(f"{cid}-backs-{number}.png",
                                                [piece.back or piece.front for piece in chunk], hidden, frame,
                                                columns, rows),
                "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": shared is None,
                "Type": 0}
            for index, piece in enumerate(chunk):
                card = _object("Card", piece.title, group.size[0] / 63.5, flipped=True)
                card["GMNotes"] = f"{cid}/{piece.id}"  # which card it is, for a script or a game master
                card.update({"CardID": self.decks * 100 + index, "SidewaysCard": group.size[0] > group.size[1],
                             "CustomDeck": {str(self.decks): decks[str(self.decks)]}})
                cards += [card] * piece.copies
        if len(cards) == 1:
            self.place(cards[0])
            return
        deck = _object("Deck", group.component.title, group.size[0] / 63.5, flipped=True)
        deck.update({"SidewaysCard": group.size[0] > group.size[1], "DeckIDs": [card["CardID"] for card in cards],
                     "CustomDeck": decks, "ContainedObjects": [dict(card) for card in cards]})
        self.place(deck)

    def tiles(self, group) -> None:
        """Tokens or sheets: a tile for each copy of each piece, in a bag."""
        dpi = dpi_within(group.size, 1, 1)
        frame = Frame.at_dpi(group.size, dpi, 0.0)
        shape = TILE_SHAPES.get(group.form, 0) if group.shape == "tile" else 0
        contained = []
        for piece in group.pieces:
            cid = group.component.id
            front = self.picture(f"{cid}/{piece.id}-front.png", piece.front, frame)
            back = self.picture(f"{cid}/{piece.id}-back.png", piece.back, frame) if piece.back else front
            tile = _object("Custom_Tile", piece.title, group.size[0] / 25.4)
            tile["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                                   "WidthScale": 0.0, "CustomTile": {"Type": shape, "Thickness": 0.1,
                                                                     "Stackable": group.shape == "tile",
                                                                     "Stretch": True}}
            contained += [dict(tile) for _ in range(piece.copies)]
        if len(contained) == 1:
            self.place(contained[0])
            return
        bag = _object("Bag", group.component.title, 1.0)
        bag["ContainedObjects"] = contained
        self.place(bag)

    def board(self, group) -> None:
        """The board as one picture of the whole board."""
        piece = group.pieces[0]
        frame = Frame.at_dpi(group.size, dpi_within(group.size, 1, 1), 0.0)
        board = _object("Custom_Board", piece.title, 1.0)
        board["CustomImage"] = {"ImageURL": self.picture(f"{group.component.id}.png", piece.front, frame),
                                "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
        self.place(board)

    def die(self, group) -> None:
        """A die's six faces as pictures, to make a custom die of (the Saved Object holds no die)."""
        frame = Frame.at_dpi(group.size, dpi_within(group.size, 1, 1), 0.0)
        pictures = self.job.pictures.pngs((piece.front, frame) for piece in group.pieces)
        for piece, data in zip(group.pieces, pictures):  # every face, even one alike another: a die has six
            self.job.files.write(f"{group.component.id}-{piece.id}.png", data)

    def place(self, thing: dict) -> None:
        """Put an object on the table, beside the last."""
        thing["Transform"]["posX"] = -12.0 + 4.0 * (len(self.objects) % 7)
        thing["Transform"]["posZ"] = 6.0 - 6.0 * (len(self.objects) // 7)
        self.objects.append(thing)


def _small(data: bytes) -> bytes:
    """A PNG picture made THUMBNAIL pixels a side at most."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(data)) as picture:
        small = picture.convert("RGB")
    small.thumbnail((THUMBNAIL, THUMBNAIL))
    return png(small)


def _object(name: str, nickname: str, scale: float, flipped: bool = False) -> dict:
    """An object of the program's, with its common fields."""
    return {"Name": name, "Nickname": nickname, "Description": "", "GMNotes": "",
            "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                          "rotZ": 180.0 if flipped else 0.0, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale},
            "ColorDiffuse": dict(COLOUR), "Locked": False, "Grid": True, "Snap": True, "Autoraise": True,
            "Sticky": True, "Tooltip": True, "HideWhenFaceDown": name in ("Card", "Deck")}
