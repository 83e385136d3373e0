"""How each kind of component is laid out (its schema is pnp/model/kinds.py).

A new kind (a tiled board, a die net, tokens) is one entry here plus its layout function.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

from pnp.layout import boards, nets, rulesheet
from pnp.errors import DataError
from pnp.model.kinds import KINDS
from pnp.render.faces import Face, labelled, layered, overlaid
from pnp.layout.imposition import (FOOTER_BAND, Page, Slot, capacity, duplex_pages, fold_pages, printable, shares_cuts,
                             shelf_pages, shop_pages)
from pnp.wording import plural


@dataclass(frozen=True)
class Layout:
    pages: Callable  # (component, FaceMaker, Settings) -> list of Page
    how_to_print: Callable  # (component, Settings) -> advice for the kit's contents page
    footprint: Callable = lambda component: component.size  # the printed piece's size, laid flat (mm); None:
    # the paper's
    sample: Callable = lambda pages: pages[0].placed[0][1]  # the face that shows what it is, in pictures
    tally: Callable | None = None  # (component, pages) -> how many it prints, in words, when not its pieces
    shop: bool = False  # whether `--print-shop` prints it too (cards, a board), one piece a page with bleed


FOLD_STOCK = "paper of 80–120 g/m² (the two halves glued together make the card)"


def card_gutter(component, settings) -> float:
    """The space between neighbouring cards: --gutter's, else the data's, else room for each card's whole bleed."""
    for gutter in (settings.gutter, component.options["gutter"]):
        if gutter is not None:
            return gutter
    return 2 * component.options["bleed"]


def card_pages(component, maker, settings, outline: tuple = ()):
    """Every card `count` times, each with its back: duplex pages or fold-and-glue sheets; pieces without
    backs on one-sided sheets. `outline` is drawn over every face (a token's cut line)."""
    bleed, gutter = component.options["bleed"], card_gutter(component, settings)
    pairs = []
    for card in component.cards:
        context = card.context()
        front = overlaid(maker.face(component.template, component.size, bleed, card.where, card=context,
                                    piece=context), outline, "outline")
        if settings.proof:
            front = labelled(front, card.id)
        back = card.back and overlaid(maker.face(card.back, component.size, bleed, card.where, card=context,
                                                 piece=context), outline, "outline")
        pairs += [(front, back)] * card.count
    if settings.shop:
        return shop_pages(pairs, component.size, bleed)
    layout = fold_pages if settings.fold and any(back for _, back in pairs) else duplex_pages
    return layout(pairs, component.size, bleed, gutter, settings)


# --- tokens: round, square or six-sided pieces -------------------------------------------------------------

def token_outline(component, maker) -> tuple:
    """The cut line of a round or six-sided token, inscribed in its square box: drawn over each face, so
    that the token can be cut square on the crop marks, or round (or six-sided) on the line, or punched."""
    w, h = component.size
    cx, cy = w / 2, h / 2
    line = {"stroke": "#000000", "width": 0.2}
    if component.options["shape"] == "circle":
        return maker.drawn([{"circle": {"x": cx, "y": cy, "r": min(w, h) / 2, **line}}], component.where)
    if component.options["shape"] == "hex":  # flat at top and bottom
        r = min(w / 2, h / math.sqrt(3))
        points = [[cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))] for k in range(6)]
        return maker.drawn([{"polygon": {"points": points, **line}}], component.where)
    return ()


def token_pages(component, maker, settings):
    """Tokens laid out as cards are, each with its outline; backs mirrored for duplex, or folded over."""
    return card_pages(component, maker, settings, token_outline(component, maker))


def token_advice(component, settings) -> str:
    shape = component.options["shape"]
    if any(card.back for card in component.cards):
        advice = card_advice(component, settings)
    else:
        advice = f"Print one-sided on {component.stock_for('duplex')}. Cut on the crop marks. " + bleed_note(
            component, settings)
    if shape == "circle":
        advice += (f" Cut each token square on the crop marks, or round on its outline, or punch it "
                   f"with a {min(component.size):g} mm circle punch.")
    elif shape == "hex":
        advice += " Cut each token round its six-sided outline."
    return advice


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
    if chosen.per_page >= component.card_total and chosen.edge_bleed >= bleed - 0.05 and chosen.marks:
        return ""  # they all fit on one page with their bleed and crop marks: nothing worth saying
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
        return f"{_many(component, chosen.per_page)} a page, each with its own {bleed:g} mm bleed.{short}{offer}"
    own = capacity(component.size, bleed, 2 * bleed, settings)
    return (f"{_many(component, chosen.per_page)} a page, neighbours sharing their cut lines.{short} With --gutter "
            f"{2 * bleed:g}mm each card has its own bleed ({own.per_page} a page).")


def _many(component, count: int) -> str:
    return plural(count, *KINDS[component.kind].noun)


def sheet_pages(component, maker, settings):
    """One-sided sheets such as score pads, `count` copies, each told its number. A `background` template
    draws what all the sheets share, once: the template then draws only what differs from sheet to sheet."""
    under = component.options["background"] and maker.face(component.options["background"], component.size, 0.0,
                                                           component.where)
    faces = [maker.face(component.template, component.size, 0.0, component.where, over=under or None,
                        sheet={"number": number}) for number in range(1, sheet_count(component, settings) + 1)]
    if under:
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
    tabs = [replace(tab, fill=options["flap_fill"]) if tab.edge == "flap" else tab for tab in tabs]
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


# --- standees ------------------------------------------------------------------------------------------

NET_GAP = 4.0  # between nets on a page
WASTE = 3.0  # how far a fold's marks reach into the waste


def standee_net(component):
    """A standee's panels, the y of its head's fold, the slot base's panel and slot (or None), and the
    whole net's size, all moved to start at (0, 0) with room for the fold marks."""
    size, foot, base = component.size, component.options["foot"], component.options["base"]
    panels, fold = nets.standee(size, foot, base)
    extra = []
    slot = None
    if base == "slot":
        panel, slot = nets.slot_base(size[0], foot, panels[-1].y + panels[-1].h + NET_GAP)
        extra = [panel]
    x0, y0, x1, y1 = nets.bounds(panels + extra, [])
    dx, dy = WASTE + 1 - x0, WASTE + 1 - y0
    moved = [nets.Panel(p.name, p.x + dx, p.y + dy, p.w, p.h) for p in panels + extra]
    if slot:
        slot = tuple((x + dx, y + dy) for x, y in slot)
    return moved, fold + dy, slot, (x1 - x0 + 2 * (WASTE + 1), y1 - y0 + 2 * (WASTE + 1))


def standee_pages(component, maker, settings):
    """Each standee as a net: the template draws the figure's front and back (told `side`), the back
    reflected above the front so that, folded at the head, the two line up; feet or a slot base below."""
    panels, fold, slot, size = standee_net(component)
    by_name = {panel.name: panel for panel in panels}
    front = by_name["front"]
    faces = []
    for piece in component.cards:
        context = piece.context()
        sides = {side: maker.face(component.template, component.size, 0.0, piece.where, piece=context,
                                  card=context, side=side).steps for side in ("front", "back")}
        steps = [("group", {"x": front.x, "y": fold, "rotate": 0.0, "steps": sides["front"]}),
                 ("group", {"x": front.x, "y": fold, "rotate": 0.0, "mirror": True, "steps": sides["back"]})]
        fill = component.options["base_fill"]
        if fill:
            steps += maker.drawn([{"rect": {"fill": fill, "x": p.x, "y": p.y, "w": p.w, "h": p.h}}
                                  for p in panels if p.name not in ("front", "back")], component.where)
        steps += nets.net_steps([p for p in panels if p.name != "base"], [], marks=WASTE)
        if slot:
            steps += nets.net_steps([by_name["base"]], [])
            steps.append(("line", {"points": [list(point) for point in slot], **nets.CUT}))
        key = f"standee|{component.id}|{piece.id}|{steps!r}"
        face = Face(key, tuple(steps), size, 0.0, piece.where)
        faces += [labelled(face, piece.id) if settings.proof else face] * piece.count
    return duplex_pages([(face, None) for face in faces], size, 0.0, NET_GAP, settings, marks=False)


def standee_advice(component, settings) -> str:
    stock = component.stock_for("fold" if settings.fold else "duplex")
    base = ("fold the two feet out opposite ways" if component.options["base"] == "tabs" else
            "cut the slot in its base and push the figure's foot into it")
    return (f"Print one-sided on {stock}. Cut on the solid lines, fold at the figure's head (dashed), glue "
            f"the two sides together, then {base}.")


# --- boxes: a tray with dividers in a sliding sleeve ---------------------------------------------------------

CHECK_BAR = 100.0  # mm: measured on every page of box nets, since a box fits only at the size it was drawn


def box_nets(component) -> dict:
    """Part name (tray, sleeve, divider) -> its panels (framed with room for fold marks), tabs and size."""
    options = component.options
    inner, thickness = options["inner"], options["thickness"]
    parts = {"tray": nets.tray(inner, thickness), "sleeve": nets.sleeve(inner, thickness, options["clearance"])}
    if options["compartments"] > 1:
        parts["divider"] = nets.divider(inner, thickness)
    framed = {}
    for name, (panels, tabs) in parts.items():
        moved, size = nets.framed(panels, tabs, WASTE + 1)
        framed[name] = (moved, tabs, size)
    return framed


def box_pages(component, maker, settings):
    """Every box's tray, sleeve and dividers as nets, the template decorating each (told `part` and its
    `panels`), packed onto pages that each start with a 100 mm bar to measure."""
    faces = []
    for part, (panels, tabs, size) in box_nets(component).items():
        context = {p.name: {"x": p.x, "y": p.y, "w": p.w, "h": p.h} for p in panels}
        for piece in component.cards:
            fields = piece.context()
            decoration = maker.face(component.template, size, 0.0, piece.where, piece=fields, card=fields,
                                    part=part, panels=context)
            steps = decoration.steps + tuple(nets.net_steps(panels, tabs, marks=WASTE))
            face = Face(f"box|{component.id}|{part}|{steps!r}", steps, size, 0.0, piece.where)
            if settings.proof:
                face = labelled(face, f"{piece.id} {part}")
            copies = piece.count * (component.options["compartments"] - 1 if part == "divider" else 1)
            faces += [face] * copies
    return shelf_pages(faces, settings, NET_GAP, header=check_bar(component, maker))


def check_bar(component, maker) -> Face:
    """A 100 mm bar in 10 mm steps, with what to do if it measures otherwise."""
    raw = [{"rect": {"x": 10.0 * i, "y": 4.6, "w": 10.0, "h": 1.6, "fill": "#000000"}} for i in range(0, 10, 2)]
    raw += [{"rect": {"x": 0.0, "y": 4.6, "w": CHECK_BAR, "h": 1.6, "stroke": "#000000", "width": 0.2}},
            {"text": {"text": "this bar must measure 100 mm: the boxes fit together only if it does",
                      "x": 0.0, "y": 0.6, "w": CHECK_BAR, "size": 6.5, "align": "left", "fit": False}}]
    return Face(f"check-bar|{CHECK_BAR}", maker.drawn(raw, component.where), (CHECK_BAR, 6.4), 0.0, component.where)


def box_advice(component, settings) -> str:
    stock = component.stock_for("fold" if settings.fold else "duplex")
    divider = (" Each divider, folded double, is glued across a tray by its tabs."
               if component.options["compartments"] > 1 else "")
    return (f"Print one-sided on {stock}; measure the 100 mm bar. Cut on the solid lines, score and fold the "
            f"dashed ones (marks beside them), glue the grey tabs inside; slide the tray into its sleeve.{divider}")


def rules_pages(component, maker, settings):
    """The players' rules: the game's how-to-play text (rulesheet.py reads it) on one or two pages of the
    kit's paper, with a picture of everything else the kit holds."""
    game = maker.game
    text = component.options["content"]  # read with the game (pnp/read/kinds.py)
    area = printable(settings).inset(bottom=FOOTER_BAND)
    subtitle = " · ".join(item for item in (game.players_text, game.credits) if item)
    pages = rulesheet.pages_of(text, (area.w, area.h), subtitle, component_pictures(game, maker, settings),
                               game.name)
    if len(pages) > rulesheet.MAX_PAGES:
        raise ValueError(f"the rules in {component.options['text']} run to {len(pages)} pages of "
                         f"{settings.paper.name} paper; a rules sheet holds {rulesheet.MAX_PAGES}: shorten them")
    return [Page(size=settings.size, side="rules", content=area, marks=False, reverse=index > 0,
                 placed=[(Slot(area, 0, area),
                          Face(f"rules|{component.id}|{index}|{area}|{text}", tuple(steps), (area.w, area.h), 0.0,
                               component.where))])
            for index, steps in enumerate(pages)]


def component_pictures(game, maker, settings) -> list:
    """A sample of every component but the rules, for the rules sheet's picture: the first face it prints."""
    pictures = []
    for other in game.components.values():
        kind = LAYOUTS[other.kind]
        if kind.pages is rules_pages:
            continue
        try:
            pages = kind.pages(other, maker, replace(settings, proof=False))
        except ValueError:
            continue  # its own layout reports the problem
        pictures.append(rulesheet.Picture(kind.sample(pages), other.title.split(" (")[0], tally(other, pages)))
    return pictures


def tally(component, pages) -> str:
    """How many of a component the kit prints, in words: "20 cards", "4 boxes", "1 board on 2 sheets"."""
    if LAYOUTS[component.kind].tally:
        return LAYOUTS[component.kind].tally(component, pages)
    if component.cards:
        return plural(component.card_total, *KINDS[component.kind].noun)
    return plural(sum(len(page.placed) for page in pages if not page.reverse), "copy", "copies")


def rules_advice(component, settings) -> str:
    if settings.fold:
        return "Print one-sided on plain paper, and keep the rules with the game."
    return "Print double-sided on plain paper: one sheet of rules to keep with the game."


LAYOUTS = {
    "cards": Layout(card_pages, card_advice, shop=True),
    "rules": Layout(rules_pages, rules_advice, footprint=lambda component: None),
    "sheet": Layout(sheet_pages, sheet_advice),
    "die": Layout(die_pages, net_advice, footprint=lambda component: die_net(component)[2]),
    "net": Layout(net_pages, net_advice, footprint=lambda component: net_shape(component)[2]),
    "envelope": Layout(lambda component, maker, settings: net_pages(component, maker, settings, envelope_shape),
                       net_advice, footprint=lambda component: envelope_shape(component)[2]),
    "tokens": Layout(token_pages, token_advice),
    "standees": Layout(standee_pages, standee_advice, footprint=lambda component: standee_net(component)[3]),
    "box": Layout(box_pages, box_advice, footprint=lambda component: box_nets(component)["tray"][2],
                  sample=lambda pages: pages[0].placed[1][1]),  # a tray: the check bar heads the page
    "board": Layout(boards.board_pages, boards.board_advice, shop=True,
                    sample=lambda pages: pages[-1].placed[0][1], tally=boards.tally),
}
