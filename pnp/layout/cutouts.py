"""Pieces cut out and folded, each laid out as a flat net (pnp/layout/nets.py): dice, nets the data draws, envelopes,
standees and boxes; and how to print and make them, in words for the contents page."""
from __future__ import annotations

from dataclasses import replace

from pnp.errors import DataError
from pnp.layout import nets
from pnp.layout.imposition import duplex_pages, shelf_pages
from pnp.layout.requests import Drawn, Inline, Made, Raw, labelled


def net_advice(component, settings) -> str:
    return (f"Print one-sided on {component.stock_for('fold' if settings.fold else 'duplex')}. Cut on the solid "
            "lines, score and fold the dashed ones, "
            "glue the grey tabs.")


def _net_face(component, panels, tabs, size, decoration: tuple) -> Made:
    """A net as one face: the panels' drawings, then the net's own tabs, folds and cuts over them."""
    return Made(("net|" + component.id + "|",), decoration + tuple(nets.net_steps(panels, tabs)), size, 0.0,
                component.where, by_steps=True)


def die_net(component):
    """A die's cross-shaped net: its panels, tabs and size."""
    edge = component.size[0]
    tabs = nets.die_tabs(edge)
    panels, size = nets.shifted(nets.die_panels(edge), tabs)
    return panels, tabs, size


def die_pages(game, component, settings):
    """Each die as a cross-shaped cube net; the template draws one face, told its `face` value."""
    panels, tabs, size = die_net(component)
    by_name = {p.name: p for p in panels}
    faces = []
    for face, panel_name in zip(die_faces(component), nets.ORDER):
        panel = by_name[panel_name]
        faces.append(("group", {"x": panel.x, "y": panel.y, "rotate": 0.0, "steps": face}))
    net = _net_face(component, panels, tabs, size, tuple(faces))
    return duplex_pages([(net, None)] * component.options["count"], size, 0.0, 4.0, settings, marks=False)


def die_faces(component) -> list:
    """A die's six faces as requests, in the data's order, each told its value and index."""
    edge = component.size[0]
    return [Drawn(component.template, (edge, edge), 0.0, component.where, {"face": {"value": value, "index": index}})
            for index, value in enumerate(component.options["faces"])]


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


def net_pages(game, component, settings, shape=None):
    """A box or envelope net from panels and tabs given in the data; the template decorates the whole net,
    seeing `panels` (name -> x, y, w, h) in the net's own coordinates."""
    panels, tabs, size = (shape or net_shape)(component)
    context = {p.name: {"x": p.x, "y": p.y, "w": p.w, "h": p.h} for p in panels}
    decoration = Drawn(component.template, size, 0.0, component.where, {"panels": context})
    net = _net_face(component, panels, tabs, size, (Inline(decoration),))
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


def standee_pages(game, component, settings):
    """Each standee as a net: the template draws the figure's front and back (told `side`), the back
    reflected above the front so that, folded at the head, the two line up; feet or a slot base below."""
    panels, fold, slot, size = standee_net(component)
    by_name = {panel.name: panel for panel in panels}
    front = by_name["front"]
    faces = []
    for piece in component.cards:
        context = piece.context()
        sides = {side: Drawn(component.template, component.size, 0.0, piece.where,
                             {"piece": context, "card": context, "side": side}) for side in ("front", "back")}
        steps = [("group", {"x": front.x, "y": fold, "rotate": 0.0, "steps": sides["front"]}),
                 ("group", {"x": front.x, "y": fold, "rotate": 0.0, "mirror": True, "steps": sides["back"]})]
        fill = component.options["base_fill"]
        if fill:
            steps.append(Raw([{"rect": {"fill": fill, "x": p.x, "y": p.y, "w": p.w, "h": p.h}}
                              for p in panels if p.name not in ("front", "back")]))
        steps += nets.net_steps([p for p in panels if p.name != "base"], [], marks=WASTE)
        if slot:
            steps += nets.net_steps([by_name["base"]], [])
            steps.append(("line", {"points": [list(point) for point in slot], **nets.CUT}))
        face = Made((f"standee|{component.id}|{piece.id}|",), tuple(steps), size, 0.0, piece.where, by_steps=True)
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


def box_pages(game, component, settings):
    """Every box's tray, sleeve and dividers as nets, the template decorating each (told `part` and its
    `panels`), packed onto pages that each start with a 100 mm bar to measure."""
    faces = []
    for part, (panels, tabs, size) in box_nets(component).items():
        context = {p.name: {"x": p.x, "y": p.y, "w": p.w, "h": p.h} for p in panels}
        for piece in component.cards:
            fields = piece.context()
            decoration = Drawn(component.template, size, 0.0, piece.where,
                               {"piece": fields, "card": fields, "part": part, "panels": context})
            lines = tuple(nets.net_steps(panels, tabs, marks=WASTE))
            face = Made((f"box|{component.id}|{part}|",), (Inline(decoration), *lines), size, 0.0, piece.where,
                        by_steps=True)
            if settings.proof:
                face = labelled(face, f"{piece.id} {part}")
            copies = piece.count * (component.options["compartments"] - 1 if part == "divider" else 1)
            faces += [face] * copies
    return shelf_pages(faces, settings, NET_GAP, header=check_bar(component))


def check_bar(component) -> Made:
    """A 100 mm bar in 10 mm steps, with what to do if it measures otherwise."""
    raw = [{"rect": {"x": 10.0 * i, "y": 4.6, "w": 10.0, "h": 1.6, "fill": "#000000"}} for i in range(0, 10, 2)]
    raw += [{"rect": {"x": 0.0, "y": 4.6, "w": CHECK_BAR, "h": 1.6, "stroke": "#000000", "width": 0.2}},
            {"text": {"text": "this bar must measure 100 mm: the boxes fit together only if it does",
                      "x": 0.0, "y": 0.6, "w": CHECK_BAR, "size": 6.5, "align": "left", "fit": False}}]
    return Made((f"check-bar|{CHECK_BAR}",), (Raw(raw),), (CHECK_BAR, 6.4), 0.0, component.where)


def box_advice(component, settings) -> str:
    stock = component.stock_for("fold" if settings.fold else "duplex")
    divider = (" Each divider, folded double, is glued across a tray by its tabs."
               if component.options["compartments"] > 1 else "")
    return (f"Print one-sided on {stock}; measure the 100 mm bar. Cut on the solid lines, score and fold the "
            f"dashed ones (marks beside them), glue the grey tabs inside; slide the tray into its sleeve.{divider}")
