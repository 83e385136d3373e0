"""The kinds of component a kit can print: what each accepts in the data and how it is laid out.

A new kind (a tiled board, a die net, tokens) is one entry here plus its layout function.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pnp.datafile import Any_, Int, Length, MapOf, Text
from pnp.imposition import duplex_pages, fold_pages


@dataclass(frozen=True)
class Kind:
    options: dict  # the keys this kind accepts beyond the common ones, with their specs
    pages: Callable  # (component, FaceMaker, Settings) -> list of Page
    how_to_print: Callable  # (component, Settings) -> advice for the kit's contents page


def card_pages(component, maker, settings):
    """Every card `count` times, each with its back: duplex pages or fold-and-glue sheets."""
    bleed, gutter = component.options["bleed"], component.options["gutter"]
    pairs = []
    for card in component.cards:
        front = maker.face(component.template, component.size, bleed, card.where, card=card.context())
        back = maker.face(card.back, component.size, bleed, card.where, card=card.context())
        pairs += [(front, back)] * card.count
    layout = fold_pages if settings.fold else duplex_pages
    return layout(pairs, component.size, bleed, gutter, settings)


def card_advice(component, settings) -> str:
    if settings.fold:
        return (f"Print one-sided on {component.stock}. Fold each sheet on the dashed line, glue the halves "
                "together, let it dry, then cut on the crop marks.")
    edge = "short" if settings.short_edge else "long"
    return (f"Print double-sided (flip on the {edge} edge) on {component.stock}. "
            "Cut on the crop marks.")


def sheet_pages(component, maker, settings):
    """One-sided sheets such as score pads, `count` copies, each told its number."""
    faces = [(maker.face(component.template, component.size, 0.0, component.where,
                         sheet={"number": number}), None)
             for number in range(1, component.options["count"] + 1)]
    return duplex_pages(faces, component.size, 0.0, 0.0, settings)


def sheet_advice(component, settings) -> str:
    return f"Print one-sided on {component.stock}, as many copies as you need. Cut on the crop marks."


KINDS = {
    "cards": Kind(
        options={"back": (Text(), None), "cards": Any_(), "fields": (MapOf(Any_()), dict),
                 "bleed": (Length(), 3.0), "gutter": (Length(), 0.0)},
        pages=card_pages, how_to_print=card_advice),
    "sheet": Kind(options={"count": (Int(1, 1000), 1)}, pages=sheet_pages, how_to_print=sheet_advice),
}
