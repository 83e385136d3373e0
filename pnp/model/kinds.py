"""The kinds of component a game's data may name, and what each accepts there: its schema.

A kind is one entry of KINDS: the keys it accepts beyond the common ones, each with its spec (pnp/model/specs.py).
How it is laid out is its entry in pnp/layout/kinds.py; a kind that reads further files (a board's spaces, the
rules' text) reads them in pnp/read/kinds.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.model.paper import NAMED_SIZES
from pnp.model.specs import Any_, Bool, Choice, Colour, Either, Int, Length, ListOf, MapOf, Record, Text


@dataclass(frozen=True)
class Kind:
    options: dict  # the keys this kind accepts beyond the common ones, with their specs
    sized: bool = True  # whether the data must give a `size` (a net's comes from its panels)
    templated: bool = True  # whether the data must name a `template` that draws it
    backs: bool = True  # whether each of its cards must have a back
    noun: tuple = ("card",)  # what one of its pieces is called, and the plural when not made with an s

    @property
    def listed(self) -> str | None:
        """The key that lists its cards or pieces, if it has any."""
        return next((key for key in ("cards", "pieces") if key in self.options), None)


MIN_SIZE = 5.0  # mm: anything smaller cannot be cut out (and would fill a page with countless cells)
MAX_CARDS = 2000  # in one group, different or printed: more is a mistake. 2,000 different cards build in some
# 3 s of processor time with an empty cache (1.4 s with a warm one), 72 MB at most (benchmarks/bench_build.py,
# deck job, --cards 2000)
MAX_KIT_CARDS = 10_000  # cards and pieces of a kit's groups in all, five times the largest group: 10,000 different
# cards in five groups build in 13.5 to 15.5 s of processor time with an empty cache (6.5 s with a warm one),
# 120 MB at most (the same job, --cards 10000); the five kits print under 200 each. Checked as the data is read,
# before any template is rendered or face drawn
SIZE = Either(Choice(*NAMED_SIZES), ListOf(Length(MIN_SIZE), min_items=2, max_items=2))

SIDES = ("top", "right", "bottom", "left")  # the edges of a net's panel a tab may stand on
TAB_EDGES = ("glue", "flap")  # a tab glued to another panel, or a closing flap that tucks in
BASES = ("tabs", "slot")  # what a standee stands on: its feet folded out, or a base with a slot
SHAPES = ("circle", "square", "hex")  # of a token
GUTTERS = {"punch": 6.0}  # named gutters: room round each token for a hand punch's frame

PANEL = Record({"x": Length(), "y": Length(), "w": Length(1), "h": Length(1)})
TAB = Record({"panel": Text(), "side": Choice(*SIDES), "depth": (Length(0), 8.0), "taper": (Length(0), 4.0),
              "edge": (Choice(*TAB_EDGES), "glue"), "label": (Text(), None)})

KINDS = {
    "cards": Kind({"back": (Text(), None), "cards": Any_(), "fields": (MapOf(Any_()), dict),
                   "bleed": (Length(0), 3.0), "gutter": (Either(Choice("bleed"), Length(0)), None)}),
    "rules": Kind({"text": Text()}, sized=False, templated=False),
    "sheet": Kind({"count": (Int(1, 1000), 1), "numbered": (Bool(), False), "background": (Text(), None)}),
    "die": Kind({"faces": ListOf(Any_(), min_items=6, max_items=6), "count": (Int(1, 100), 1)}),
    "net": Kind({"panels": MapOf(PANEL), "tabs": (ListOf(TAB), list), "count": (Int(1, 100), 1)}, sized=False),
    # an envelope's `size` is what it holds: given, or a component's named by `holds` (the game reads it there)
    "envelope": Kind({"holds": (Text(), None), "ease": (Length(), 4.0), "flap": (Length(), 25.0),
                      "tab": (Length(), 10.0), "flap_fill": (Colour(), None), "count": (Int(1, 100), 1)},
                     sized=False),
    "tokens": Kind({"back": (Text(), None), "pieces": Any_(), "fields": (MapOf(Any_()), dict),
                    "shape": Choice(*SHAPES), "bleed": (Length(), 1.5),
                    "gutter": (Either(Choice(*GUTTERS), Length()), 3.0)}, noun=("token",), backs=False),
    "standees": Kind({"pieces": Any_(), "fields": (MapOf(Any_()), dict), "base": (Choice(*BASES), "tabs"),
                      "foot": (Length(), 15.0), "base_fill": (Colour(), None)}, noun=("standee",), backs=False),
    # a tray in a sleeve: its inside (length, the way it slides, width, height), dividers across it
    "box": Kind({"pieces": Any_(), "fields": (MapOf(Any_()), dict), "inner": ListOf(Length(), 3, 3),
                 "compartments": (Int(1, 6), 1), "thickness": (Length(), 0.3), "clearance": (Length(), 1.0)},
                noun=("box", "boxes"), backs=False, sized=False),
    # a board's spaces and paths (pnp/model/board.py): a file of the game's folder, or the mapping itself
    "board": Kind({"board": Any_(), "space": (Length(), 20.0), "bleed": (Length(), 3.0),
                   "footprints": (MapOf(ListOf(Length(), 2, 2)), dict), "glue": (Length(), 10.0)}),
}

# the keys every kind accepts
COMMON = {
    "kind": Choice(*KINDS),
    "title": Text(),
    "template": (Text(), None),  # required by every kind that draws from a template (see Kind.templated)
    "size": (SIZE, None),
    # what to print it on: one stock, or one for each form (cards folded and glued want thinner paper)
    "stock": (Either(Text(), Record({"duplex": (Text(), None), "fold": (Text(), None)}, "a stock for each form")),
              None),
}

# what a card group's `fields:` declares each field to be
FIELD_TYPES = ("text", "int", "choice", "bool", "list", "colour")
NO_DEFAULT = object()
FIELD = Record({
    "type": Choice(*FIELD_TYPES),
    "of": (Any_(), None),
    "min": (Int(), None),
    "max": (Int(), None),
    "default": (Any_(), NO_DEFAULT),
}, "a field declaration")
