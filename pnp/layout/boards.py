"""A board printed: on one page when the paper holds it, else tiled over sheets that glue together.

The board's spaces come from its data (pnp/model/board.py), which the template draws and the rules walk;
the seams (tiling.py) keep clear of the spaces. A tiled board starts with an assembly map; each sheet then
shows the board's part it holds, a glue band beyond its right and bottom seams, a solid cut line on the
edges that go over a neighbour's band, registration crosses where seams meet an edge or each other, its
label (A1, A2, B1 ...) in the glue bands and the margin, and crop marks on the board's outer edges.
"""
from __future__ import annotations

import functools
from dataclasses import replace

from pnp.layout.imposition import FOOTER_BAND, MARK_GAP, MARK_ROOM, Page, Slot, Spacing, printable, shop_pages
from pnp.layout.requests import Drawn, Made, Raw
from pnp.layout.tiling import Plan, Tile, plan
from pnp.model.geometry import Box
from pnp.model.units import PT
from pnp.typeset.markup import escaped
from pnp.typeset.text import font, wrap
from pnp.wording import plural

CROSS = 2.0  # half the length of a registration cross's arms
MARK = 5.0  # a crop mark's length where there is room
INK, BAND = "#000000", "#FFFFFF"


def centres(component) -> dict:
    """Space id -> its centre in millimetres in the board's frame (y down). A path board's positions are
    millimetres already; a grid's are column and row numbers: the grid is centred on the board, each
    square `space` wide, row 1 at the bottom, and spaces beside it (column 0, row 25 ...) one square out."""
    board, pitch = component.options["board"], component.options["space"]
    if not board.grid:
        return {key: (space.x, space.y) for key, space in board.spaces.items()}
    W, H = component.size
    left = (W - board.grid["columns"] * pitch) / 2
    bottom = (H + board.grid["rows"] * pitch) / 2
    return {key: (left + (space.x - 0.5) * pitch, bottom - (space.y - 0.5) * pitch)
            for key, space in board.spaces.items()}


def footprints(component) -> list:
    """(id, Box) of every space in the board's frame: `space` square, or its kind's size in `footprints`."""
    options = component.options
    found = []
    for space, (x, y) in zip(options["board"].spaces.values(), centres(component).values()):
        w, h = options["footprints"].get(space.kind, (options["space"], options["space"]))
        found.append((space.id, Box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)))
    return found


def drawn_board(component) -> dict:
    """The board as a template sees it: its spaces with their centres in millimetres (`x`, `y`), and for
    a grid their `column` and `row` too, the square's size (`space`), its regions and grid."""
    plain = component.options["board"].as_dicts()
    at = centres(component)
    for space in plain["spaces"]:
        if plain["grid"]:
            space["column"], space["row"] = space["x"], space["y"]
        space["x"], space["y"] = at[space["id"]]
    return {**plain, "space": component.options["space"]}


def rooms(settings) -> dict:
    """What one sheet can print, upright and turned: the paper inside its margins and footer band, with
    room all round for crop marks and crosses."""
    w, h = sorted(settings.size)
    return {name: (area.w, area.h) for name, area in
            (("portrait", _area(replace(settings, size=(w, h)))), ("landscape", _area(replace(settings, size=(h, w)))))}


def _area(settings) -> Box:
    return printable(settings).inset(bottom=FOOTER_BAND).inset(MARK_ROOM, MARK_ROOM, MARK_ROOM, MARK_ROOM)


def board_plan(component, settings) -> Plan:
    """How this board goes onto this paper (NoRoom when it cannot)."""
    return _plan(component.size, component.options["bleed"], tuple(rooms(settings).items()),
                 tuple(footprints(component)), component.options["glue"])


@functools.lru_cache(maxsize=32)
def _plan(size: tuple, bleed: float, rooms: tuple, footprints: tuple, glue: float) -> Plan:
    """`tiling.plan`, kept by all it depends on: a build asks for a board's plan for its pages and its advice,
    in each variant, and `pnp watch` builds again on every save, most of which leave the board as it was."""
    return plan(size, bleed, dict(rooms), list(footprints), glue)


def board_face(component) -> Drawn:
    return Drawn(component.template, component.size, component.options["bleed"], component.where,
                 {"board": drawn_board(component)})


def board_pages(game, component, settings) -> list:
    """The board: for a print shop one page of its size with bleed; otherwise one page when the paper
    holds it, else an assembly map and one sheet per tile."""
    face = board_face(component)
    bleed = component.options["bleed"]
    if settings.shop:
        return shop_pages([(face, None)], component.size, bleed)
    tiled = board_plan(component, settings)
    w, h = sorted(settings.size)
    pages = [_sheet(component, face, tiled, tile, replace(settings, size=(h, w) if tile.landscape else (w, h)))
             for tile in tiled.tiles]
    if tiled.sheets > 1:
        pages.insert(0, _map_page(component, face, tiled, replace(settings, size=(w, h))))
    return pages


def board_advice(component, settings) -> str:
    if settings.shop:
        return "For a print shop: the whole board on one page with its bleed; the trim box marks the cut."
    tiled = board_plan(component, settings)
    stock = component.stock_for("duplex")
    if tiled.sheets == 1:
        advice = f"Print one-sided on {stock}. Cut on the crop marks; glue it onto card for a stiff board."
    else:
        advice = (f"Print one-sided on {stock}: {plural(tiled.sheets, 'sheet')} that glue together as the "
                  "assembly map before them shows.")
    return " ".join([advice, *(f"Note: {split}." for split in tiled.splits)])  # each its own sentence


def tally(component, pages) -> str:
    sheets = sum(1 for page in pages if page.side != "assembly map")
    return "1 board" if sheets == 1 else f"1 board on {sheets} sheets"


# --- one sheet ---------------------------------------------------------------------------------------

def _sheet(component, face, tiled: Plan, tile: Tile, paper) -> Page:
    """A tile's page: the board's part placed in the middle of the printable area, the overlay over it."""
    content = printable(paper).inset(bottom=FOOTER_BAND)
    area = _area(paper)
    src = tile.source
    x0, y0 = area.x0 + (area.w - src.w) / 2, area.y0 + (area.h - src.h) / 2
    region = Box(x0, y0, x0 + src.w, y0 + src.h)
    W, H = component.size
    left, top = x0 - src.x0, region.y1 + src.y0  # where the board's top-left corner lands on the page
    board = Slot(Box(left, top - H, left + W, top), 0, region)
    # the overlay is drawn in the board's frame, shifted to the page: (x, y) -> (x + dx, y + dy), y down
    dx, dy = left, paper.size[1] - top
    room = Box(content.x0 - dx, paper.size[1] - content.y1 - dy, content.x1 - dx, paper.size[1] - content.y0 - dy)
    steps = [{"group": {"x": dx, "y": dy, "steps": _overlay(component, tiled, tile, room)}}]
    overlay = Made((f"board-sheet|{component.id}|{tile.label}|{paper.size}|{steps}",), (Raw(steps),), paper.size,
                   0.0, component.where)
    side = f"sheet {tile.label} of {tiled.sheets}" if tiled.sheets > 1 else "one page"
    return Page(size=paper.size, side=side, content=content, marks=False,
                placed=[(board, face), (Slot(Box(0, 0, *paper.size), 0, Box(0, 0, *paper.size)), overlay)])


def _overlay(component, tiled: Plan, tile: Tile, room: Box) -> list:
    """What a sheet prints over its part of the board, in the board's frame: glue bands, cut lines,
    crosses, crop marks and labels. `room` is the page's usable area in the same frame."""
    W, H = component.size
    src = tile.source
    steps = []
    if tile.glue_right:
        seam = tiled.rows[tile.row].xs[tile.column]
        steps += _band(Box(seam, src.y0, src.x1, src.y1), tile, tiled.tile(tile.row, tile.column + 1), True)
    if tile.glue_bottom:
        seam = tiled.ys[tile.row]
        below = tiled.below(tile)
        for i, neighbour in enumerate(below):  # the part of the band each sheet below covers
            part = tiled.own(neighbour)
            x0, x1 = src.x0 if i == 0 else part.x0, src.x1 if i == len(below) - 1 else part.x1
            steps += _band(Box(x0, seam, x1, src.y1), tile, neighbour, False)
    if tile.cut_left:
        steps.append(_line([[src.x0, room.y0 + 0.5], [src.x0, room.y1 - 0.5]], width=0.35))
    if tile.cut_top:
        steps.append(_line([[room.x0 + 0.5, src.y0], [room.x1 - 0.5, src.y0]], width=0.35))
    steps += _crop_marks(W, H, src, room)
    steps += [cross for point in _corners(W, H, tiled) for cross in _cross(point, src, W, H, component)]
    if tiled.sheets > 1:
        steps.append(_label(f"sheet {tile.label}", src.x0 + 8, src.y0 - 3.2, 30, "left", size=7))
    return steps


def _band(band: Box, tile: Tile, neighbour: Tile, vertical: bool) -> list:
    """A glue band: the board's print paled and hatched, with what goes on it."""
    steps = [{"rect": {"x": band.x0, "y": band.y0, "w": band.w, "h": band.h, "fill": BAND, "opacity": 0.55}}]
    for i in (2.5, band.w - 2.5) if vertical else (2.5, band.h - 2.5):
        points = [[band.x0 + i, band.y0], [band.x0 + i, band.y1]] if vertical else \
            [[band.x0, band.y0 + i], [band.x1, band.y0 + i]]
        steps.append(_line(points, width=0.15, dash=[1, 2]))
    text = _label(f"{tile.label} · glue {neighbour.label} over this band", band.x0 + band.w / 2 - 40,
                  band.y0 + band.h / 2 - 2, 80, "center")
    text["text"].update(h=4, valign="middle", rotate=90 if vertical else 0)
    return steps + [text]


def _crop_marks(W: float, H: float, src: Box, room: Box) -> list:
    """Marks in the margin in line with the board's outer edges that cross this sheet."""
    steps = []
    for x in (0.0, W):
        if src.x0 - 1e-6 <= x <= src.x1 + 1e-6:
            steps += _marks(x, src.y0, src.y1, room.y0, room.y1, vertical=True)
    for y in (0.0, H):
        if src.y0 - 1e-6 <= y <= src.y1 + 1e-6:
            steps += _marks(y, src.x0, src.x1, room.x0, room.x1, vertical=False)
    return steps


def _marks(at: float, start: float, end: float, low: float, high: float, vertical: bool) -> list:
    steps = []
    for edge, limit, sign in ((start, low, -1), (end, high, 1)):
        length = min(MARK, abs(limit - edge) - MARK_GAP)
        if length >= 2.0:
            a, b = edge + sign * MARK_GAP, edge + sign * (MARK_GAP + length)
            steps.append(_line([[at, a], [at, b]] if vertical else [[a, at], [b, at]], width=0.25))
    return steps


def _corners(W: float, H: float, tiled: Plan) -> list:
    """Where seams meet the board's edges or each other: each row's vertical seams at its top and foot, and
    the horizontal seams at the board's sides."""
    edges = [0.0, *tiled.ys, H]
    points = {(x, y) for r, row in enumerate(tiled.rows) for x in row.xs for y in edges[r:r + 2]}
    return sorted(points) + [(x, y) for y in tiled.ys for x in (0.0, W)]


def _cross(point, src: Box, W: float, H: float, component) -> list:
    """A registration cross at a seam corner this sheet holds: on the corner inside the board, or out in
    the margin, on the seam's line, where a seam meets the board's edge."""
    x, y = point
    if not (src.x0 - 1e-6 <= x <= src.x1 + 1e-6 and src.y0 - 1e-6 <= y <= src.y1 + 1e-6):
        return []
    away = component.options["bleed"] + MARK_GAP + CROSS
    x = -away if x <= 0 else W + away if x >= W else x
    y = -away if y <= 0 else H + away if y >= H else y
    return [_line([[x - CROSS, y], [x + CROSS, y]], width=0.2), _line([[x, y - CROSS], [x, y + CROSS]], width=0.2),
            {"circle": {"x": x, "y": y, "r": CROSS * 0.45, "stroke": INK, "width": 0.15}}]


def _line(points, width: float = 0.25, dash=None, stroke: str = INK) -> dict:
    line = {"points": points, "stroke": stroke, "width": width}
    return {"line": {**line, "dash": dash} if dash else line}


def _label(text: str, x: float, y: float, w: float, align: str, size: float = 7, font: str = "bold") -> dict:
    return {"text": {"text": escaped(text), "x": x, "y": y, "w": w, "size": size, "font": font, "align": align, "fit": False}}


# --- the assembly map --------------------------------------------------------------------------------

MAP_SHARE = 0.5  # of a page's content the assembly map takes, at its top: the rest is room for other parts' pieces
STEP_SIZE = 8.5  # pt: the assembly steps' text
MAP_GAP = 3.0  # mm kept clear round the map where a kit packs other pieces beside it


def _map_page(component, face, tiled: Plan, paper) -> Page:
    """The page before the sheets: the board drawn small with its sheets outlined and labelled, and beside it
    how to put them together; all in the top half of the page, so that a kit may pack pieces of the same paper
    below it (packing.py)."""
    content = printable(paper).inset(bottom=FOOTER_BAND)
    w, h = content.w - 2 * MAP_GAP, content.h * MAP_SHARE - 2 * MAP_GAP  # the map's face, MAP_GAP inside the content
    W, H = component.size
    top, left = 27.0, 10.0 - MAP_GAP  # where the board is drawn, and the text starts, in the face
    scale = min((w - 2 * left) * 0.55 / W, (h - top - 2) / H)
    mw, mh = W * scale, H * scale
    mx, my = left, top
    first, last = tiled.tile(0, 0).label, tiled.tiles[-1].label
    raw = [_label(f"{component.title}: putting its {tiled.sheets} sheets together", left, 5, w - 2 * left, "left",
                  14, "title"),
           _label(f"The board prints on {tiled.sheets} sheets, {first} to {last}, laid out as below. Each sheet "
                  "holds its part of the board and, at its right or bottom edge, a pale glue band that the next "
                  "sheet covers.", left, 14, w - 2 * left, "left", 8.5, "sans")]
    raw[-1]["text"]["fit"] = True
    labels = min(30.0, 0.3 * min(tiled.own(tile).w for tile in tiled.tiles) * scale * PT)  # the sheets' names, pt
    for tile in tiled.tiles:  # each sheet's own part, without the band its neighbour covers
        own = tiled.own(tile)
        box = Box(mx + max(own.x0, 0) * scale, my + max(own.y0, 0) * scale, mx + min(own.x1, W) * scale,
                  my + min(own.y1, H) * scale)
        raw.append({"rect": {"x": box.x0, "y": box.y0, "w": box.w, "h": box.h, "stroke": "#A93226", "width": 0.6,
                             "fill": "#FFFFFF", "opacity": 0.35}})
        raw.append({"rect": {"x": box.x0, "y": box.y0, "w": box.w, "h": box.h, "stroke": "#A93226", "width": 0.6}})
        raw.append({"text": {"text": escaped(tile.label), "x": box.x0, "y": box.y0 + box.h / 2 - labels * 0.7 / PT,
                             "w": box.w, "h": labels * 1.4 / PT, "size": labels, "font": "title", "colour": "#A93226",
                             "valign": "middle", "fit": False}})
    x, y = mx + mw + 6, top
    for number, line in enumerate(_assembly_steps(tiled, first), start=1):
        text = f"{number}. {line}"
        raw.append({"text": {"text": escaped(text), "x": x, "y": y, "w": w - left - x, "size": STEP_SIZE,
                             "font": "sans", "align": "left", "fit": False}})
        y += (len(wrap(text, font("sans"), STEP_SIZE, (w - left - x) * PT)) * 1.2 * STEP_SIZE + 3) / PT
    h = min(max(h, y, my + mh + 2), content.h - 2 * MAP_GAP)  # steps too long for the room: more of the page
    steps = (("picture", {"face": face, "x": mx, "y": my, "w": mw, "h": mh}), Raw(raw))
    map_face = Made((f"board-map|{component.id}|{paper.size}|{tiled}",), steps, (w, h), 0.0, component.where)
    at = Box(content.x0 + MAP_GAP, content.y1 - MAP_GAP - h, content.x1 - MAP_GAP, content.y1 - MAP_GAP)
    return Page(size=paper.size, side="assembly map", content=content, marks=False,
                placed=[(Slot(at, 0, at), map_face)], spacing=Spacing(0.0, 2 * MAP_GAP, full=False, upright=True))


def _assembly_steps(tiled: Plan, first: str) -> list:
    steps = ["Print the sheets one-sided at 100 % (measure the 50 mm bar at the foot of a page), and lay them "
             "out as the map shows."]
    steps.append("On every sheet but " + first + ", cut exactly along the solid line at its left or top edge: "
                 "that edge goes over its neighbour. Leave the pale glue bands whole.")
    steps.append("Spread glue on a band, lay the next sheet's cut edge on the band's inner edge, and line up "
                 "the registration crosses: each cross is printed on both sheets.")
    if len(tiled.rows) > 1 and any(row.xs for row in tiled.rows):
        steps.append("Glue each row together first, then the rows one over the other.")
    steps.append("Once it is dry, trim the board's outer edges on the crop marks. Glued onto card or "
                 "cardboard it lies flat and lasts.")
    steps += [f"Note: {split}; the two halves of that space meet at the seam." for split in tiled.splits]
    return steps
