"""The kinds of component a kit can print: what each accepts in the data and how it is laid out.

A new kind (a tiled board, a die net, tokens) is one entry here plus its layout function.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pnp import nets
from pnp.datafile import Any_, Bool, Choice, Int, Length, ListOf, MapOf, Record, Text
from pnp.errors import DataError
from pnp.faces import Face, layered
from pnp.imposition import duplex_pages, fold_pages, shop_pages


@dataclass(frozen=True)
class Kind:
    options: dict  # the keys this kind accepts beyond the common ones, with their specs
    pages: Callable  # (component, FaceMaker, Settings) -> list of Page
    how_to_print: Callable  # (component, Settings) -> advice for the kit's contents page
    sized: bool = True  # whether the data must give a `size` (a net's comes from its panels)


def card_pages(component, maker, settings):
    """Every card `count` times, each with its back: duplex pages or fold-and-glue sheets."""
    bleed, gutter = component.options["bleed"], component.options["gutter"]
    pairs = []
    for card in component.cards:
        front = maker.face(component.template, component.size, bleed, card.where, card=card.context())
        back = maker.face(card.back, component.size, bleed, card.where, card=card.context())
        pairs += [(front, back)] * card.count
    if settings.shop:
        return shop_pages(pairs, component.size, bleed)
    layout = fold_pages if settings.fold else duplex_pages
    return layout(pairs, component.size, bleed, gutter, settings)


def card_advice(component, settings) -> str:
    if settings.shop:
        return "For a print shop: one card a page with its bleed; the trim box marks the cut."
    if settings.fold:
        return (f"Print one-sided on {component.stock}. Fold each sheet on the dashed line, glue the halves "
                "together, let it dry, then cut on the crop marks.")
    edge = "short" if settings.short_edge else "long"
    return (f"Print double-sided (flip on the {edge} edge) on {component.stock}. "
            "Cut on the crop marks.")


def sheet_pages(component, maker, settings):
    """One-sided sheets such as score pads, `count` copies, each told its number. A `background` template
    draws what all the sheets share, once: the template then draws only what differs from sheet to sheet."""
    faces = [maker.face(component.template, component.size, 0.0, component.where, sheet={"number": number})
             for number in range(1, sheet_count(component, settings) + 1)]
    if component.options["background"]:
        under = maker.face(component.options["background"], component.size, 0.0, component.where)
        faces = [layered(under, face) for face in faces]
    return duplex_pages([(face, None) for face in faces], component.size, 0.0, 0.0, settings)


def sheet_advice(component, settings) -> str:
    return f"Print one-sided on {component.stock}, as many copies as you need. Cut on the crop marks."


def sheet_count(component, settings) -> int:
    """Numbered sheets print as many as asked for on the command line; others their data's count."""
    if component.options.get("numbered") and settings.sheets:
        return settings.sheets
    return component.options["count"]


def net_advice(component, settings) -> str:
    return (f"Print one-sided on {component.stock}. Cut on the solid lines, score and fold the dashed ones, "
            "glue the grey tabs.")


def _net_face(component, panels, tabs, size, decoration=()):
    """A net as one face: the panels' drawings, then the net's own tabs, folds and cuts over them."""
    steps = tuple(decoration) + tuple(nets.net_steps(panels, tabs))
    key = "net|" + component.id + "|" + repr(steps)
    return Face(key, steps, size, 0.0, component.where)


def die_pages(component, maker, settings):
    """Each die as a cross-shaped cube net; the template draws one face, told its `face` value."""
    edge = component.size[0]
    panels, tabs = nets.die_panels(edge), nets.die_tabs(edge)
    panels, size = nets.shifted(panels, tabs)
    by_name = {p.name: p for p in panels}
    faces = []
    for index, (value, panel_name) in enumerate(zip(component.options["faces"], nets.ORDER)):
        face = maker.face(component.template, (edge, edge), 0.0, component.where,
                          face={"value": value, "index": index})
        panel = by_name[panel_name]
        faces.append(("group", {"x": panel.x, "y": panel.y, "rotate": 0.0, "steps": face.steps}))
    net = _net_face(component, panels, tabs, size, faces)
    return duplex_pages([(net, None)] * component.options["count"], size, 0.0, 4.0, settings, marks=False)


def net_pages(component, maker, settings):
    """A box or envelope net from panels and tabs given in the data; the template decorates the whole net,
    seeing `panels` (name -> x, y, w, h) in the net's own coordinates."""
    panels = [nets.Panel(name, p["x"], p["y"], p["w"], p["h"]) for name, p in component.options["panels"].items()]
    tabs = [nets.Tab(**tab) for tab in component.options["tabs"]]
    problems = nets.problems(panels, tabs)
    if problems:
        raise DataError([(component.where.at(field), message) for field, message in problems])
    panels, size = nets.shifted(panels, tabs)
    context = {p.name: {"x": p.x, "y": p.y, "w": p.w, "h": p.h} for p in panels}
    decoration = maker.face(component.template, size, 0.0, component.where, panels=context)
    net = _net_face(component, panels, tabs, size, decoration.steps)
    return duplex_pages([(net, None)] * component.options["count"], size, 0.0, 4.0, settings, marks=False)


PANEL = Record({"x": Length(), "y": Length(), "w": Length(1), "h": Length(1)})
TAB = Record({"panel": Text(), "side": Choice(*nets.SIDES), "depth": (Length(0), 8.0), "taper": (Length(0), 4.0),
              "label": (Text(), "glue")})

KINDS = {
    "cards": Kind(
        options={"back": (Text(), None), "cards": Any_(), "fields": (MapOf(Any_()), dict),
                 "bleed": (Length(0), 3.0), "gutter": (Length(0), 0.0)},
        pages=card_pages, how_to_print=card_advice),
    "sheet": Kind(options={"count": (Int(1, 1000), 1), "numbered": (Bool(), False), "background": (Text(), None)},
                  pages=sheet_pages, how_to_print=sheet_advice),
    "die": Kind(options={"faces": ListOf(Any_(), min_items=6, max_items=6), "count": (Int(1, 100), 1)},
                pages=die_pages, how_to_print=net_advice),
    "net": Kind(options={"panels": MapOf(PANEL), "tabs": (ListOf(TAB), list), "count": (Int(1, 100), 1)},
                pages=net_pages, how_to_print=net_advice, sized=False),
}
