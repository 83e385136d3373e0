"""The colour-blind preflight: groups of cards told apart by colour alone, and by colours that a player with a
common colour-vision deficiency cannot tell apart ("symbols major, colour minor").

The groups are those the data makes: for each field of a component's cards (a suit, a colour, a crew) with
2 to MAX_GROUPS values, the cards sharing each value. What a group's faces all show is its mark: the colours
every one of its fronts uses (fills, strokes, text), and its symbols, the artwork and pictures every one of
them places, the words every one of them writes and the shapes every one of them draws (a shape drawn alike
in two colours is the same shape). A field whose groups show the same colours is not told by
colour and is left alone. Two groups whose symbols differ are told apart by them. Two whose symbols are the
same differ by their colours only: each of the three deficiencies is simulated at full severity (Machado,
Oliveira and Fernandes' 2009 model, as the colour-science library gives it) on the colours one group shows and
the other does not, and when the most different pair of them lies closer than DISTANCE (CIEDE2000) for a
deficiency, the build warns at the component's data.
"""
from __future__ import annotations

import itertools
import os
import sys
import types
import warnings

from pnp.errors import Where
from pnp.layout.requests import Drawn
from pnp.memo import Memo
from pnp.render.legibility import hex_of, rgb

SAMPLE = 24  # the cards of a group compared, spread over it: what these all show, a big group's all show too
MAX_GROUPS = 12  # a field with more values than this names cards, not groups of them (suits, colours, crews)
DISTANCE = 20.0  # CIEDE2000: about 2 is the least difference seen side by side; a group is told at a glance,
# across a table, in poor light: ten times that (red #C0392B and green #2E8B57 lie 11 apart as a deuteranope
# sees them, blue #1F5FA8 and purple #6B4C9A 3; red and blue 52)
DEFICIENCIES = {"Deuteranomaly": "deuteranopia", "Protanomaly": "protanopia", "Tritanomaly": "tritanopia"}
SHAPES = {"rect": ("x", "y", "w", "h", "r"), "circle": ("x", "y", "r"), "ellipse": ("x", "y", "rx", "ry"),
          "polygon": ("points",), "line": ("points",)}  # each shape step's geometry
KINDS = {"cards": {}, "tokens": {}, "standees": {"side": "front"}}  # kinds whose pieces' fronts are compared,
# with what the template is told besides the piece (as the layout tells it: pnp/layout/cards.py, cutouts.py)


def problems(game, face_of, groups: list | None = None) -> list[tuple[Where, str]]:
    """Warnings, as (where, message), of groups of a component's cards told apart by colours alone that are too
    close under a simulated colour-vision deficiency. `face_of(request)` makes a face (the render pass); `groups`
    are the game's (`compared`), when found before."""
    found = []
    palette = tuple(sorted(game.palette.items()))
    for component, bleed, fields in compared(game) if groups is None else groups:
        cards = component.cards  # (a big deck's made again as they are read, a few at a time: not held whole)
        fields = _fields(cards) if fields is None else fields
        places = {place for by_value in fields.values() for chosen in by_value.values() for place in chosen}
        compared_cards = {place: card for place, card in enumerate(cards) if place in places}  # (a few a group)
        marks: dict = {}

        def marks_of(place: int) -> tuple:
            if place not in marks:
                card = compared_cards[place]
                context = card.context()
                face = face_of(Drawn(component.template, component.size, bleed, card.where,
                                     {"card": context, "piece": context, **KINDS[component.kind]}))
                marks[place] = _kept_marks(face, palette)
            return marks[place]

        for field, by_value in fields.items():
            found += _field_problems(component, field, by_value, marks_of)
    return found


def compared(game) -> list[tuple]:
    """The groups of cards `problems` compares: for each component whose fronts it compares, (the component, the
    bleed of its fronts, its cards' groups (`_fields`), or None for a big deck's cards, kept compact: those are
    made again each time they are read, and grouped once, by `problems`)."""
    found = []
    for component in game.components.values():
        if component.kind not in KINDS or not component.template or len(component.cards) < 2:
            continue
        found.append((component, component.options.get("bleed", 0.0) if component.kind != "standees" else 0.0,
                      None if component.cards.is_compact else _fields(component.cards)))
    return found


def _fields(cards) -> dict:
    """For each field of a component's cards with 2 to MAX_GROUPS values: each value -> the places among `cards` of
    the few cards of that value compared (`_spread`). The cards are read twice, in turn, once for the fields'
    names (a big deck's cards are made again as they are read, a few at a time, not held as records), and a field
    is let go as soon as it has more values than that (a card's title or text: a value a card)."""
    names = dict.fromkeys(name for card in cards for name in card.fields)
    by_field: dict = {name: {} for name in names}  # field -> value -> places (a field let go: left out)
    for place, card in enumerate(cards):
        for field, by_value in list(by_field.items()):
            by_value.setdefault(str(card.fields.get(field)), []).append(place)
            if len(by_value) > MAX_GROUPS:
                del by_field[field]
    return {field: {value: _spread(places) for value, places in by_value.items()}
            for field, by_value in by_field.items() if len(by_value) >= 2}


def sampled(groups: list) -> list[tuple]:
    """The fronts `problems` compares of the groups `compared` found, as (their component's cards, its template,
    the card's place among them): a few a group whatever its size (SAMPLE), so that the render pass may keep their
    steps at hand (FaceMaker.keep_steps_of)."""
    return [(component.cards, component.template, place) for component, _, fields in groups if fields is not None
            for by_value in fields.values() for places in by_value.values() for place in places]


def _field_problems(component, field: str, by_value: dict, marks_of) -> list:
    """The pairs of groups of a component's cards by one field (the places of the cards compared of each value,
    `_fields`) told apart by too close colours alone."""
    groups = {value: [marks_of(place) for place in places] for value, places in by_value.items()}
    shown = {value: (frozenset.intersection(*(colours for colours, _ in cards)),
                     frozenset.intersection(*(symbols for _, symbols in cards))) for value, cards in groups.items()}
    if len({colours for colours, _ in shown.values()}) < 2:
        return []  # its groups show the same colours: the field is not told by colour
    found = []
    for (one, (colours_a, symbols_a)), (other, (colours_b, symbols_b)) in itertools.combinations(shown.items(), 2):
        only_a, only_b = colours_a - colours_b, colours_b - colours_a
        if symbols_a != symbols_b or not only_a or not only_b:
            continue
        close = {name: distance for name, distance in apart(only_a, only_b).items() if distance < DISTANCE}
        if close:
            seen = ", ".join(f"{distance:.0f} apart with {name}" for name, distance in close.items())
            found.append((component.where.at(f"fields.{field}"),
                          f"the cards whose {field} is {one} and those whose {field} is {other} "
                          f"differ only by colour ({', '.join(sorted(map(hex_of, only_a)))} against "
                          f"{', '.join(sorted(map(hex_of, only_b)))}), {seen} (CIEDE2000; {DISTANCE:.0f} or more "
                          f"tells them at a glance): give each group a symbol or a word of its own"))
    return found


def _rounded(value):
    """Lengths (and lists of them) to a tenth of a millimetre, to compare shapes."""
    if isinstance(value, (list, tuple)):
        return tuple([round(item, 1) if type(item) is float or type(item) is int else _rounded(item)
                      for item in value])
    return round(value, 1)


def _spread(places: list) -> list:
    """At most SAMPLE of a group's cards (their places), spread evenly over it."""
    if len(places) <= SAMPLE:
        return places
    return [places[index * len(places) // SAMPLE] for index in range(SAMPLE)]


KEPT = Memo(SAMPLE * MAX_GROUPS)  # (a face's key, the palette) -> its marks: kept while the program runs, so that
# `pnp watch`, which builds again on every save, reads only the faces that changed; as many as one field's groups
# compare at most, so that a big deck's (several groups of thousands) are not all held while its PDFs are written


def _kept_marks(face, palette: tuple) -> tuple[frozenset, frozenset]:
    """A face's `_marks`, read once for its key (what it shows) and the palette."""
    key = (face.key, palette)
    found = KEPT.get(key)
    if found is None:
        found = KEPT.keep(key, _marks(face.steps, palette))
    return found


def _marks(steps, palette: tuple) -> tuple[frozenset, frozenset]:
    """What a face shows: (its colours, as RGB; its symbols: the artwork and pictures it places, its words)."""
    colours, symbols = set(), set()
    _walk(steps, palette, colours, symbols)
    colours.discard(None)
    symbols.discard(("text", ""))
    return frozenset(colours), frozenset(symbols)


def _walk(steps, palette: tuple, colours: set, symbols: set) -> None:
    """Add the colours and symbols of `steps`, their groups' too, to `colours` and `symbols` (see `_marks`). (A
    function of the module, not one made inside `_marks` for each face: that one, calling itself, made a cycle
    that only the cycle collector frees, with all it held.)"""
    for name, v in steps:
        if name == "group":
            _walk(v["steps"], palette, colours, symbols)
        elif name in ("art", "image"):
            symbols.add((name, v["src"]))
        elif name == "text":
            symbols.add(("text", v["text"].strip().lower()))
            colours.add(rgb(v["colour"], palette))
        else:
            colours.add(rgb(v.get("fill", "none"), palette))
            colours.add(rgb(v.get("stroke", "none"), palette))
            if name in SHAPES:  # its shape, whatever its colour: a stone cut one way or another
                symbols.add((name, _rounded([v[key] for key in SHAPES[name]])))


def apart(ones, others) -> dict[str, float]:
    """For each deficiency, how far apart (CIEDE2000) the most different pair of colours, one of `ones` and one
    of `others` (RGB, 0 to 1), lie as a person with it sees them."""
    colour, numpy = science()
    ones, others = numpy.array(sorted(ones)), numpy.array(sorted(others))
    distances = {}
    for deficiency, name in DEFICIENCIES.items():
        seen_a, seen_b = (lab(colour, numpy, colours, deficiency) for colours in (ones, others))
        pairs = colour.delta_E(seen_a[:, None, :], seen_b[None, :, :], method="CIE 2000")
        distances[name] = float(pairs.max())
    return distances


def simulated(colour, numpy, srgb, deficiency: str):
    """sRGB values (0 to 1, any shape ending in 3) as a person with `deficiency` (colour-science's name, at full
    severity) sees them, in sRGB: the simulation acts on linear light."""
    with warnings.catch_warnings():  # its note that Machado's tritanopia is an approximation (see the docs)
        warnings.simplefilter("ignore", colour.utilities.ColourUsageWarning)
        matrix = colour.matrix_cvd_Machado2009(deficiency, 1.0)
    linear = colour.cctf_decoding(srgb, function="sRGB")
    seen = numpy.clip(linear @ matrix.T, 0.0, 1.0)
    return colour.cctf_encoding(seen, function="sRGB")


def seen(pixels, deficiency: str):
    """Pixels (uint8 RGB, any shape ending in 3) as a person with `deficiency` sees them, as uint8 RGB: each
    colour the picture holds simulated once (a face holds a few thousand colours, not millions of pixels), each
    pixel the same as if simulated alone."""
    colour, numpy = science()
    flat = numpy.ascontiguousarray(pixels, dtype=numpy.uint8).reshape(-1, 3)
    packed = (flat[:, 0].astype(numpy.uint32) << 16) | (flat[:, 1].astype(numpy.uint32) << 8) | flat[:, 2]
    colours, where = numpy.unique(packed, return_inverse=True)
    srgb = numpy.stack([colours >> 16, (colours >> 8) & 255, colours & 255], axis=1).astype(numpy.float64) / 255
    shown = numpy.round(simulated(colour, numpy, srgb, deficiency) * 255).astype(numpy.uint8)
    return shown[where.reshape(-1)].reshape(numpy.shape(pixels))


def lab(colour, numpy, srgb, deficiency: str):
    """CIE L*a*b* (D65) of sRGB values as a person with `deficiency` sees them."""
    linear = colour.cctf_decoding(simulated(colour, numpy, srgb, deficiency), function="sRGB")
    xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
    return colour.XYZ_to_Lab(xyz, colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"])


def science():
    """colour-science and numpy, loaded only when colours must be compared: most kits tell their groups apart by
    symbols, and never load them. (Its notice that SciPy is not installed is silenced: nothing here needs it.)
    colour-science loads its plotting module, and matplotlib's pyplot with it, whenever matplotlib is installed
    (with `pnp stats`' extra): most of a second a process, for plots pnp never asks it for. An empty module stands
    in for that one, as colour-science's own stands in for matplotlib when it is missing."""
    os.environ.setdefault("COLOUR_SCIENCE__FILTER_USAGE_WARNINGS", "True")
    sys.modules.setdefault("colour.plotting", types.ModuleType("colour.plotting"))
    import colour
    import numpy

    return colour, numpy
