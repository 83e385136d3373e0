"""The kinds of component a kit can print: what each accepts in the data and how it is laid out.

A new kind (a tiled board, a die net, tokens) is one entry here plus its layout function.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from pnp import nets, resources, rulesheet
from pnp.datafile import Any_, Bool, Choice, Colour, Int, Length, ListOf, MapOf, Record, Text
from pnp.errors import DataError
from pnp.faces import Face, labelled, layered
from pnp.imposition import (FOOTER_BAND, Page, Slot, capacity, duplex_pages, fold_pages, printable, shares_cuts,
                             shop_pages)
from pnp.wording import plural


@dataclass(frozen=True)
class Kind:
    options: dict  # the keys this kind accepts beyond the common ones, with their specs
    pages: Callable  # (component, FaceMaker, Settings) -> list of Page
    how_to_print: Callable  # (component, Settings) -> advice for the kit's contents page
    sized: bool = True  # whether the data must give a `size` (a net's comes from its panels)
    templated: bool = True  # whether the data must name a `template` that draws it
    footprint: Callable = lambda component: component.size  # the printed piece's size, laid flat (mm); None:
    # the paper's


FOLD_STOCK = "paper of 80–120 g/m² (the two halves glued together make the card)"


def card_gutter(component, settings) -> float:
    """The space between neighbouring cards: --gutter's, else the data's, else room for each card's whole bleed."""
    for gutter in (settings.gutter, component.options["gutter"]):
        if gutter is not None:
            return gutter
    return 2 * component.options["bleed"]


def card_pages(component, maker, settings):
    """Every card `count` times, each with its back: duplex pages or fold-and-glue sheets."""
    bleed, gutter = component.options["bleed"], card_gutter(component, settings)
    pairs = []
    for card in component.cards:
        front = maker.face(component.template, component.size, bleed, card.where, card=card.context())
        if settings.proof:
            front = labelled(front, card.id)
        back = maker.face(card.back, component.size, bleed, card.where, card=card.context())
        pairs += [(front, back)] * card.count
    if settings.shop:
        return shop_pages(pairs, component.size, bleed)
    layout = fold_pages if settings.fold else duplex_pages
    return layout(pairs, component.size, bleed, gutter, settings)


def card_advice(component, settings) -> str:
    if settings.shop:
        return "For a print shop: one card a page with its bleed; the trim box marks the cut."
    if settings.fold:  # folded and glued, the two halves make the card: never card stock, unless the data says so
        stock = component.stock["fold"] or FOLD_STOCK
        advice = (f"Print one-sided on {stock}. Fold each sheet on the dashed line, glue the halves "
                  "together, let it dry, then cut on the crop marks.")
    else:
        edge = "short" if settings.short_edge else "long"
        advice = (f"Print double-sided (flip on the {edge} edge) on {component.stock_for('duplex')}. "
                  "Cut on the crop marks.")
    return f"{advice} {bleed_note(component, settings)}".strip()


def bleed_note(component, settings) -> str:
    """How the cards sit on the paper, said plainly when the paper cannot give them everything: their own
    bleed, or more a page with neighbours sharing their cuts. The user chooses with --gutter."""
    bleed, gutter = component.options["bleed"], card_gutter(component, settings)
    if bleed <= 0:
        return ""
    chosen = capacity(component.size, bleed, gutter, settings)
    short = ""
    if chosen.edge_bleed < 0.05:
        short = " The paper leaves no room for bleed at the grid's outer edges."
    elif chosen.edge_bleed < bleed - 0.05:
        short = f" The paper leaves room for only {chosen.edge_bleed:.1f} mm of bleed at the grid's outer edges."
    if not chosen.marks:
        short += " There is no room for crop marks on every side: cut along the drawn lines."
    if not shares_cuts(bleed, gutter):
        shared = capacity(component.size, bleed, 0.0, settings)
        offer = (f" Neighbours sharing their cuts fit {shared.per_page} a page: build with --gutter 0."
                 if shared.per_page > chosen.per_page else "")
        return f"{chosen.per_page} cards a page, each with its own {bleed:g} mm bleed.{short}{offer}"
    own = capacity(component.size, bleed, 2 * bleed, settings)
    return (f"{chosen.per_page} cards a page, neighbours sharing their cut lines.{short} With --gutter "
            f"{2 * bleed:g}mm each card has its own bleed ({own.per_page} a page).")


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
    stock = component.stock_for("fold" if settings.fold else "duplex")
    if component.options.get("numbered"):
        count = sheet_count(component, settings)
        return (f"Print one-sided on {stock}, once: the {count} sheets are numbered and each differs from the "
                "others (a game uses one; build with --sheets N for another number of them). Cut on the crop marks.")
    return f"Print one-sided on {stock}, as many copies as you need. Cut on the crop marks."


def sheet_count(component, settings) -> int:
    """Numbered sheets print as many as asked for on the command line; others their data's count."""
    if component.options.get("numbered") and settings.sheets:
        return settings.sheets
    return component.options["count"]


def net_advice(component, settings) -> str:
    return (f"Print one-sided on {component.stock_for('fold' if settings.fold else 'duplex')}. Cut on the solid "
            "lines, score and fold the dashed ones, "
            "glue the grey tabs.")


def _net_face(component, panels, tabs, size, decoration=()):
    """A net as one face: the panels' drawings, then the net's own tabs, folds and cuts over them."""
    steps = tuple(decoration) + tuple(nets.net_steps(panels, tabs))
    key = "net|" + component.id + "|" + repr(steps)
    return Face(key, steps, size, 0.0, component.where)


def die_net(component):
    """A die's cross-shaped net: its panels, tabs and size."""
    edge = component.size[0]
    tabs = nets.die_tabs(edge)
    panels, size = nets.shifted(nets.die_panels(edge), tabs)
    return panels, tabs, size


def die_pages(component, maker, settings):
    """Each die as a cross-shaped cube net; the template draws one face, told its `face` value."""
    edge = component.size[0]
    panels, tabs, size = die_net(component)
    by_name = {p.name: p for p in panels}
    faces = []
    for index, (value, panel_name) in enumerate(zip(component.options["faces"], nets.ORDER)):
        face = maker.face(component.template, (edge, edge), 0.0, component.where,
                          face={"value": value, "index": index})
        panel = by_name[panel_name]
        faces.append(("group", {"x": panel.x, "y": panel.y, "rotate": 0.0, "steps": face.steps}))
    net = _net_face(component, panels, tabs, size, faces)
    return duplex_pages([(net, None)] * component.options["count"], size, 0.0, 4.0, settings, marks=False)


def net_shape(component):
    """A net's panels and tabs as its data gives them, moved to start at (0, 0); and its size."""
    panels = [nets.Panel(name, p["x"], p["y"], p["w"], p["h"]) for name, p in component.options["panels"].items()]
    tabs = [nets.Tab(**tab) for tab in component.options["tabs"]]
    problems = nets.problems(panels, tabs)
    if problems:
        raise DataError([(component.where.at(field), message) for field, message in problems])
    panels, size = nets.shifted(panels, tabs)
    return panels, tabs, size


def envelope_shape(component):
    """An envelope's net, sized to hold a card of the component's size (its `holds`) flat, with `ease` to spare."""
    options = component.options
    w, h = component.size
    panels, tabs = nets.envelope((w + options["ease"], h + options["ease"]), options["flap"], options["tab"])
    tabs = [replace(tab, fill=options["flap_fill"]) if not tab.label else tab for tab in tabs]
    panels, size = nets.shifted(panels, tabs)
    return panels, tabs, size


def net_pages(component, maker, settings, shape=None):
    """A box or envelope net from panels and tabs given in the data; the template decorates the whole net,
    seeing `panels` (name -> x, y, w, h) in the net's own coordinates."""
    panels, tabs, size = (shape or net_shape)(component)
    context = {p.name: {"x": p.x, "y": p.y, "w": p.w, "h": p.h} for p in panels}
    decoration = maker.face(component.template, size, 0.0, component.where, panels=context)
    net = _net_face(component, panels, tabs, size, decoration.steps)
    return duplex_pages([(net, None)] * component.options["count"], size, 0.0, 4.0, settings, marks=False)


def rules_pages(component, maker, settings):
    """The players' rules: the game's how-to-play text (rulesheet.py reads it) on one or two pages of the
    kit's paper, with a picture of everything else the kit holds."""
    game = maker.game
    name = component.options["text"]
    path = resources.find_inside(name, [game.folder], "the game's folder")  # ValueError when it leads outside
    if path is None:
        raise ValueError(f"text: no such file: {name}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"text: cannot read {name}: {getattr(error, 'strerror', error)}") from None
    area = printable(settings).inset(bottom=FOOTER_BAND)
    subtitle = " · ".join(item for item in (game.players_text, game.credits) if item)
    pages = rulesheet.pages_of(text, (area.w, area.h), subtitle, component_pictures(game, maker, settings),
                               game.name)
    if len(pages) > rulesheet.MAX_PAGES:
        raise ValueError(f"the rules in {component.options['text']} run to {len(pages)} pages of "
                         f"{settings.paper} paper; a rules sheet holds {rulesheet.MAX_PAGES}: shorten them")
    return [Page(size=settings.size, side="rules", content=area, marks=False, reverse=index > 0,
                 placed=[(Slot(area, 0, area),
                          Face(f"rules|{component.id}|{index}|{area}|{text}", tuple(steps), (area.w, area.h), 0.0,
                               component.where))])
            for index, steps in enumerate(pages)]


def component_pictures(game, maker, settings) -> list:
    """A sample of every component but the rules, for the rules sheet's picture: the first face it prints."""
    pictures = []
    for other in game.components.values():
        kind = KINDS[other.kind]
        if kind.pages is rules_pages:
            continue
        try:
            pages = kind.pages(other, maker, replace(settings, proof=False))
        except ValueError:
            continue  # its own layout reports the problem
        if other.cards:
            count = plural(other.card_total, "card")
        else:
            count = plural(sheet_count(other, settings) if "numbered" in other.options else
                           other.options.get("count", 1), "copy", "copies")
        pictures.append(rulesheet.Picture(pages[0].placed[0][1], other.title.split(" (")[0], count))
    return pictures


def rules_advice(component, settings) -> str:
    if settings.fold:
        return "Print one-sided on plain paper, and keep the rules with the game."
    return "Print double-sided on plain paper: one sheet of rules to keep with the game."


PANEL = Record({"x": Length(), "y": Length(), "w": Length(1), "h": Length(1)})
TAB = Record({"panel": Text(), "side": Choice(*nets.SIDES), "depth": (Length(0), 8.0), "taper": (Length(0), 4.0),
              "label": (Text(), "glue")})

KINDS = {
    "cards": Kind(
        options={"back": (Text(), None), "cards": Any_(), "fields": (MapOf(Any_()), dict),
                 "bleed": (Length(0), 3.0), "gutter": (Length(0), None)},
        pages=card_pages, how_to_print=card_advice),
    "rules": Kind(options={"text": Text()}, pages=rules_pages, how_to_print=rules_advice, sized=False,
                  templated=False, footprint=lambda component: None),
    "sheet": Kind(options={"count": (Int(1, 1000), 1), "numbered": (Bool(), False), "background": (Text(), None)},
                  pages=sheet_pages, how_to_print=sheet_advice),
    "die": Kind(options={"faces": ListOf(Any_(), min_items=6, max_items=6), "count": (Int(1, 100), 1)},
                pages=die_pages, how_to_print=net_advice, footprint=lambda component: die_net(component)[2]),
    "net": Kind(options={"panels": MapOf(PANEL), "tabs": (ListOf(TAB), list), "count": (Int(1, 100), 1)},
                pages=net_pages, how_to_print=net_advice, sized=False,
                footprint=lambda component: net_shape(component)[2]),
    # an envelope's `size` is what it holds: given, or a component's named by `holds` (the game reads it there)
    "envelope": Kind(options={"holds": (Text(), None), "ease": (Length(), 4.0), "flap": (Length(), 25.0),
                              "tab": (Length(), 10.0), "flap_fill": (Colour(), None), "count": (Int(1, 100), 1)},
                     pages=lambda component, maker, settings: net_pages(component, maker, settings, envelope_shape),
                     how_to_print=net_advice, sized=False, footprint=lambda component: envelope_shape(component)[2]),
}
