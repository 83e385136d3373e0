"""A game as the program sees it once its data files are read and checked, and what its game.yaml may say."""
from __future__ import annotations

import marshal
import weakref
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Where
from pnp.model.mapped import Mapped
from pnp.model.specs import Any_, Choice, Colour, Either, Int, ListOf, MapOf, Record, Text
from pnp.wording import plural

# game.yaml: the game's own keys; `components` maps each id to a block that its kind's schema checks
GAME = Record({
    "name": Text(),
    "players": ListOf(Int(1, 12), min_items=2),
    "credits": (Text(), ""),
    "palette": (MapOf(Colour()), dict),
    "vars": (Any_(dict, "a mapping"), dict),  # values the templates and the rules read
    "forms": (ListOf(Choice("duplex", "fold"), min_items=1), lambda: ["duplex", "fold"]),
    # words a playtest log may use for the kit's own (an old rulebook's spelling of a card): word -> kit's word
    "aliases": (MapOf(Text()), dict),
    # notes the kit's contents page adds to its printing advice (`kit_notes:` left empty: none)
    "kit_notes": (Either(ListOf(Text()), Any_(type(None), "nothing")), None),
    # where the players find the rules when the kit prints no rules sheet (a kit without either is refused)
    "rules_elsewhere": (Text(), None),
    # the game's own fonts, TrueType files inside its folder: name -> file, used by name in any text step
    "fonts": (MapOf(Text()), dict),
    # the folder under artwork/ whose SVG files a text shows as :name: icons (default: <the game's slug>/icons)
    "icons": (Text(), None),
    "components": MapOf(Any_()),
}, "the game's description")


class Fields(Mapping):
    """A card's fields, read-only: their names, one tuple for all the cards of a group, and the card's values in a
    tuple (as a dict, some 270 bytes a card of five fields; as this, some 110: a big deck holds thousands)."""

    __slots__ = ("_names", "_values")
    _NAMES: dict = {}  # each tuple of names once

    def __init__(self, fields: dict):
        names = tuple(fields)
        self._names = Fields._NAMES.setdefault(names, names)
        self._values = tuple(fields.values())

    def __getitem__(self, name):
        try:
            return self._values[self._names.index(name)]
        except ValueError:
            raise KeyError(name) from None

    def get(self, name, default=None):
        return self._values[self._names.index(name)] if name in self._names else default

    def __contains__(self, name) -> bool:
        return name in self._names

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def dict(self) -> dict:
        return dict(zip(self._names, self._values))

    def items(self):  # (as a dict's, made at once: not looked up a name at a time, as Mapping's are)
        return self.dict().items()

    def values(self):
        return self.dict().values()

    def __repr__(self) -> str:
        return repr(self.dict())


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card of a group: printed `count` times. (Slotted: a big deck holds thousands.) Its fields,
    given as a dict, are kept as Fields."""

    id: str
    count: int
    fields: Fields
    back: str  # the template of its back: the group's, unless the card names its own
    where: Where

    def __post_init__(self):
        if type(self.fields) is not Fields:
            object.__setattr__(self, "fields", Fields(self.fields))

    def context(self) -> dict:
        """What a template sees as `card`."""
        return {"id": self.id, "count": self.count, **self.fields.dict()}


class Cards(Sequence):
    """A group's cards, in order, and how many they print (`total`). Kept as records (Card), or `compact`: a
    big deck's, the values of PIECE cards at a time marshalled and compressed, some 20 bytes a card against some
    500 as records, each card made again as it is asked for (the build asks for a card as it lays it out, as
    its faces are made and drawn and as its manifest is written, a piece at a time: a deck of any size is not
    held whole). Read as the tuple of cards it stands for."""

    __slots__ = ("_whole", "_pieces", "_ends", "_names", "_base", "_backs", "_length", "total", "_last",
                 "__weakref__")

    def __init__(self, cards=()):
        self._whole, self._pieces = tuple(cards), None
        self._length, self.total = len(self._whole), sum(card.count for card in self._whole)

    @property
    def is_compact(self) -> bool:
        """Whether these cards are kept compact (see `compact`)."""
        return self._pieces is not None

    def compact(self) -> "Cards":
        """These cards kept compact, as another Cards; the same when they cannot be: their fields not named alike,
        their places not lines of one file, or a value not plain data (marshal's own types: a number, a text, a
        list of them ...)."""
        if self._pieces is not None or not self._whole:
            return self
        first = self._whole[0]
        names, base = first.fields._names, first.where.at("", 0) if first.where.field == "" else None
        rows, backs = [], {}  # (each back's name kept once, by its number: the group's cards mostly share one)
        for card in self._whole:
            if card.fields._names is not names or base is None or card.where != base.at("", card.where.line):
                return self
            rows.append((card.id, card.count, card.fields._values, backs.setdefault(card.back, len(backs)),
                         card.where.line))
        pieces, ends = Mapped("B"), Mapped("q")  # (each piece's bytes, one after another; where each ends)
        for start in range(0, len(rows), PIECE):
            piece = rows[start:start + PIECE]
            try:
                data = marshal.dumps(piece)
            except ValueError:  # (a value marshal cannot keep, a list that knows its lines)
                return self
            if marshal.loads(data) != piece:  # (kept as another type: a subclass of str ...)
                return self
            pieces.extend(zlib.compress(data, 1))
            ends.append(len(pieces))
        made = Cards()
        made._whole, made._pieces, made._ends = None, pieces, ends
        made._names, made._base, made._backs = names, base, tuple(backs)
        made._length, made.total, made._last = self._length, self.total, {}
        return made

    def like(self, cards) -> "Cards":
        """Other cards of this group (its cards with their texts stated, pnp/render/stated.py), kept as these
        are."""
        made = Cards(cards)
        return made.compact() if self._pieces is not None else made

    def _piece(self, number: int) -> list:
        """The cards of piece `number`, made from its values. (Each card, its fields and its place made as their
        constructors and Where.at would make them, field by field, in half the time: a big deck's cards are made
        again several times a build.)"""
        names, backs, place = self._names, self._backs, type(self._base)
        fixed = [(name, getattr(self._base, name)) for name in self._base.__match_args__ if name != "line"]
        cards, new, setter = [], object.__new__, object.__setattr__
        piece = self._pieces[self._ends[number - 1] if number else 0:self._ends[number]]
        for card_id, count, values, back, line in marshal.loads(zlib.decompress(piece)):
            fields = new(Fields)
            fields._names, fields._values = names, values
            where = new(place)
            for name, value in fixed:
                setter(where, name, value)
            setter(where, "line", line)
            card = new(Card)
            setter(card, "id", card_id)
            setter(card, "count", count)
            setter(card, "fields", fields)
            setter(card, "back", backs[back])
            setter(card, "where", where)
            cards.append(card)
        return cards

    def __iter__(self):
        if self._pieces is None:
            return iter(self._whole)
        return (card for number in range(len(self._ends)) for card in self._piece(number))

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if self._pieces is None:
            return self._whole[index]
        if isinstance(index, slice):
            return tuple(self)[index]
        index = range(self._length)[index]
        number, kept = index // PIECE, self._last
        cards = kept.get(number)
        if cards is None:  # (the pieces asked for last kept, a few: cards are mostly asked for in order)
            if len(kept) >= KEPT_PIECES:
                del kept[next(iter(kept))]
            cards = kept[number] = self._piece(number)
            _holding(self)
        return cards[index % PIECE]

    def __eq__(self, other) -> bool:
        return isinstance(other, (tuple, Cards)) and len(self) == len(other) and tuple(self) == tuple(other)

    __hash__ = None  # (as a tuple of cards: a card is not hashable)

    def __repr__(self) -> str:
        return repr(tuple(self))


PIECE = 64  # cards compressed together (see Cards): a piece some 2 KB of their values
KEPT_PIECES = 4  # the pieces of a group whose cards a Cards keeps made, the latest asked for
HOLDING = 2  # the compact groups that keep pieces made at once, the latest asked for (see _holding)
_HOLDING: list = []  # weak references to those groups, the latest last


def _holding(cards: Cards) -> None:
    """`cards` keeps pieces made: the groups that kept some before it but the latest HOLDING let theirs go. A big
    deck of many groups, each read in turn, keeps a few pieces made in all, not a few a group (some 80 KB a
    group)."""
    if _HOLDING and _HOLDING[-1]() is cards:
        return
    _HOLDING[:] = [ref for ref in _HOLDING if ref() is not None and ref() is not cards] + [weakref.ref(cards)]
    while len(_HOLDING) > HOLDING:
        gone = _HOLDING.pop(0)()
        if gone is not None:
            gone._last.clear()


WHOLE = 1_000  # different cards a game keeps as records: a bigger game keeps them compact (see Cards)


@dataclass(frozen=True)
class Component:
    """Anything a kit prints. `kind` names the layout that prints it (cards, sheet, ...)."""

    id: str
    kind: str
    title: str
    template: str | None  # None for a kind drawn without one (a rules sheet)
    size: tuple[float, float]
    stock: dict  # form (duplex, fold) -> what to print on, or None when the data does not say
    where: Where
    options: dict = field(default_factory=dict)  # what the kind declares beyond the common keys
    cards: Cards = ()  # (given as any sequence of cards, kept as Cards)
    comments: int = 0  # rows of its CSV card list left out because their first cell starts with `#`

    def __post_init__(self):
        if type(self.cards) is not Cards:
            object.__setattr__(self, "cards", Cards(self.cards))

    def stock_for(self, form: str) -> str:
        """What to print it on in a form (duplex, fold): the data's for that form, else its only one."""
        return self.stock.get(form) or self.stock.get("duplex") or "plain paper"

    @property
    def card_total(self) -> int:
        return self.cards.total


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    folder: Path
    players: tuple[int, int]
    credits: str
    palette: dict
    vars: dict
    forms: tuple  # what `pnp build` makes unless told: duplex pages, fold-and-glue sheets, or both
    components: dict  # id -> Component, in the order the data gives them
    aliases: dict = field(default_factory=dict)  # lower-case word a log may use -> the kit's word
    kit_notes: tuple = ()  # printed among the contents page's "Before you print" notes
    rules_elsewhere: str | None = None  # where the players' rules are, for a kit without a rules sheet
    printed: tuple = ()  # (text, fonts, Where): the data's words pnp sets in its own fonts on the kit's pages
    fonts: dict = field(default_factory=dict)  # the game's own fonts: name -> (its file, where game.yaml names it)
    icons: str = ""  # the folder under artwork/ of the icons a text names (`:anchor:`)
    rules: dict = field(default_factory=dict)  # the rule facts (rules.yaml, pnp/read/rulefacts.py), variant applied
    variant: tuple = ()  # (key, value) of each fact a `--rule` changed, sorted by key: () for the plain rules
    read_as: object = field(default=None, compare=False, repr=False)  # the game as read, when this one has its
    # texts stated (pnp/render/stated.py): its version is that one's

    @property
    def icon_folder(self) -> str:
        return self.icons or f"{self.slug}/icons"

    @property
    def players_text(self) -> str:
        low, high = self.players
        return plural(low, "player") if low == high else f"{low}–{high} players"

    def context(self) -> dict:
        """What a template sees as `game`."""
        return {"slug": self.slug, "name": self.name, "credits": self.credits, "palette": self.palette,
                "players": self.players, "vars": self.vars, "rules": self.rules}
