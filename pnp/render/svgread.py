"""Plain SVG read and drawn without svglib: the subset our own artwork is written in (one <svg> with a viewBox;
groups; paths of absolute commands, circles, ellipses, rectangles and polygons; fills, strokes and their
opacities, line caps, joins and dashes, inherited from groups; transforms). `read` makes of such a file the
groups and shapes svglib's drawing of it holds, and `Picture.draw` has reportlab's renderer draw them as it
would draw svglib's drawing: the same PDF operators, without svglib's general machinery (a CSS cascade, units,
fonts, references) or the generic walk of reportlab's shapes, which cost far more than the drawing. `read`
returns None for a file that uses anything else: svglib reads that one (pnp/render/artwork.py)."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from types import SimpleNamespace

from lxml import etree
from reportlab.graphics.renderbase import StateTracker
from reportlab.graphics.shapes import _CLOSEPATH, _CURVETO, _LINETO, _MOVETO, Circle, Ellipse, Path, Polygon, Rect, \
    mmult, rotate, scale, translate
from reportlab.lib import colors
from reportlab.pdfgen.canvas import FILL_NON_ZERO

SVG = "{http://www.w3.org/2000/svg}"
PX_TO_PT = 0.75  # an SVG user unit (a CSS pixel) in points, as svglib sizes a drawing
STYLE = ("fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-linejoin", "stroke-linecap",
         "stroke-dasharray")  # inherited from a group by what it holds
SHAPES = {"path": ("d",), "circle": ("cx", "cy", "r"), "ellipse": ("cx", "cy", "rx", "ry"),
          "rect": ("x", "y", "width", "height", "rx", "ry"), "polygon": ("points",)}
ALLOWED = {"g": {"transform", *STYLE}, **{name: {"transform", *STYLE, *geometry} for name, geometry in SHAPES.items()}}
KINDS = {"path": Path, "circle": Circle, "ellipse": Ellipse, "rect": Rect, "polygon": Polygon}  # svglib's shapes
NUMBER = r"-?(?:\d+\.?\d*|\.\d+)"
PLAIN = re.compile(NUMBER)
NUMBERS = re.compile(rf"[\s,]*(?:{NUMBER}[\s,]*)*")
COMMAND = re.compile(r"([achlmqstvz])", re.I)
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "A": 7, "Z": 0}  # numbers a segment of each takes
ARCS = re.compile(rf"(?:[\s,]*(?:{NUMBER}[\s,]+){{3}}[01][\s,]+[01](?:[\s,]+{NUMBER}){{2}}[\s,]*)+")
TRANSFORM = re.compile(r"\s*(translate|scale|rotate|matrix)\s*\(([^()]*)\)\s*,?")
JOINS = {"miter": 0, "round": 1, "bevel": 2}
CAPS = {"butt": 0, "round": 1, "square": 2}
UNMOVED = (1, 0, 0, 1, 0, 0)


class Outside(Exception):
    """A feature of SVG this reader leaves to svglib."""


@dataclass
class Layer:
    """A group of svglib's drawing: its transform and what it holds."""

    transform: tuple
    items: list


@dataclass
class Shape:
    """A shape of svglib's drawing: the name of reportlab's renderer's method that draws it, what that method
    reads of it, and the state it is drawn in, in the order the renderer sets it."""

    kind: str
    geometry: SimpleNamespace
    state: dict


@dataclass
class Picture:
    """Plain SVG, read: its size in points and its drawing."""

    width: float
    height: float
    top: Layer

    def draw(self, canvas, renderer) -> None:
        """Draw on `canvas` what reportlab's PDF `renderer` (a renderPDF._PDFRenderer) draws of svglib's drawing
        of the same file, calling the renderer's own methods in the order it calls them: the state a drawing
        starts from, then each group and shape inside a saved state."""
        renderer._canvas, renderer._tracker = canvas, StateTracker()
        try:
            canvas.saveState()
            renderer.initState(0, 0)
            _draw(Layer(UNMOVED, [self.top]), canvas, renderer)  # the drawing, holding the viewBox's group
            renderer.pop()
            canvas.restoreState()
        finally:
            del renderer._canvas, renderer._tracker


def _draw(item, canvas, renderer) -> None:
    canvas.saveState()
    if isinstance(item, Layer):
        renderer.applyStateChanges({"transform": item.transform}, {})
        for inner in item.items:
            _draw(inner, canvas, renderer)
    else:
        renderer.applyStateChanges(item.state, {})
        getattr(renderer, "draw" + item.kind)(item.geometry)
    canvas.restoreState()


def read(data: bytes) -> Picture | None:
    """An SVG file (checked by pnp.render.artwork.checked) within the subset, read; None otherwise."""
    try:
        top = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True))
        return _picture(top)
    except (Outside, etree.LxmlError, ValueError, ZeroDivisionError, IndexError):
        return None


def _picture(top) -> Picture:
    if top.tag != SVG + "svg" or set(top.attrib) - {"width", "height", "viewBox"}:
        raise Outside
    box = [float(value) for value in top.get("viewBox", "").replace(",", " ").split()]
    if len(box) != 4:
        raise Outside
    x, y, box_width, box_height = box
    width, height = (_length(top.get(side), default) for side, default in (("width", box_width),
                                                                             ("height", box_height)))
    # the viewBox fitted, centred, into the width and height, and turned upright (SVG's y runs down the page)
    x_scale = width * PX_TO_PT / box_width if box_width else 1
    y_scale = height * PX_TO_PT / box_height if box_height else 1
    fitted = min(x_scale, y_scale)
    shift_x, shift_y = (width * PX_TO_PT - box_width * fitted) / 2, (height * PX_TO_PT - box_height * fitted) / 2
    transform = mmult(UNMOVED, translate(shift_x, shift_y)) if shift_x or shift_y else UNMOVED
    transform = mmult(mmult(transform, scale(fitted, -fitted)), translate(0 - x, -box_height - y))
    return Picture(width * PX_TO_PT, height * PX_TO_PT, Layer(transform, _items(top, {})))


def _items(element, inherited: dict) -> list:
    items = []
    for child in element:
        if not isinstance(child.tag, str):
            continue  # a processing instruction
        name = child.tag[len(SVG):] if child.tag.startswith(SVG) else None
        if name not in ALLOWED or set(child.attrib) - ALLOWED[name]:
            raise Outside
        style = dict(inherited)
        for prop in STYLE:
            value = child.get(prop, "").strip()
            if value and value != "inherit":
                style[prop] = value
        if name == "g":
            items.append(Layer(_transform(child.get("transform", ""), UNMOVED), _items(child, style)))
            continue
        item = _path(child.get("d", ""), style) if name == "path" else _shape(name, child, style)
        if item is None:
            continue
        if child.get("transform"):  # svglib puts a shape in a group to move it
            if not isinstance(item, Layer):
                item = Layer(UNMOVED, [item])
            item.transform = mmult(_transform(child.get("transform"), UNMOVED), item.transform)
        items.append(item)
    return items


def _shape(name: str, element, style: dict) -> Shape | None:
    def lengths(*names):
        return [_length(element.get(key), 0.0) for key in names]

    if name == "circle":
        cx, cy, r = lengths("cx", "cy", "r")
        return Shape("Circle", SimpleNamespace(cx=cx, cy=cy, r=r), _state(name, style))
    if name == "ellipse":
        cx, cy, rx, ry = lengths("cx", "cy", "rx", "ry")
        return Shape("Ellipse", SimpleNamespace(cx=cx, cy=cy, rx=rx, ry=ry), _state(name, style))
    if name == "rect":
        x, y, width, height, rx, ry = lengths("x", "y", "width", "height", "rx", "ry")
        rx, ry = min(rx, width / 2), min(ry, height / 2)
        if rx and not ry:
            ry = rx
        elif ry and not rx:
            rx = ry
        return Shape("Rect", SimpleNamespace(x=x, y=y, width=width, height=height, rx=rx, ry=ry),
                     _state(name, style))
    points = _list(element.get("points", ""))
    if not points or len(points) % 2:
        return None
    if len(points) >= 4 and all(points[i:i + 2] == points[:2] for i in range(2, len(points), 2)):
        points[0] *= 1.0000001  # a polygon of one point is not drawn: nudged, as svglib does
    return Shape("Polygon", SimpleNamespace(points=points), _state(name, style))


def _path(d: str, style: dict) -> Layer | None:
    """A path of absolute commands in a group, with a closed, filled-only copy under it when it is filled and
    has open parts (reportlab fills only closed ones)."""
    if not d:
        return None
    pieces = COMMAND.split(d.strip())
    if pieces[0].strip() or len(pieces) < 2 or pieces[1] != "M":
        raise Outside  # (path data begins with a move: pnp.render.artwork.checked refuses any other start)
    path = SimpleNamespace(points=[], operators=[], isClipPath=0, autoclose=None, fillMode=FILL_NON_ZERO)
    open_ends = []
    for index in range(1, len(pieces), 2):
        command, values = pieces[index], pieces[index + 1]
        arity, numbers = ARITY.get(command), _numbers(values)
        if arity is None:
            raise Outside  # relative commands, S and T are left to svglib
        if (len(numbers) % arity if arity else numbers) or (arity and not numbers):
            raise Outside  # numbers that do not make whole segments
        if command == "A" and not ARCS.fullmatch(values):
            raise Outside  # flags written together (such as `01`) are read otherwise by svglib
        if command == "M" and index > 1 and path.operators[-1] != _CLOSEPATH:
            open_ends.append(len(path.operators))
        if command == "Z":
            path.operators.append(_CLOSEPATH)
        for start in range(0, len(numbers), arity or 1):
            _segment(path, "L" if command == "M" and start else command, numbers[start:start + arity])
    state = _state("path", style)
    if path.operators[-1] != _CLOSEPATH:
        open_ends.append(len(path.operators))
    items = []
    if open_ends and state["fillColor"] is not None:
        closed = list(path.operators)
        for at in reversed(open_ends):
            closed.insert(at, _CLOSEPATH)
        items.append(Shape("Path", SimpleNamespace(**{**vars(path), "operators": closed}),
                           {**state, "strokeColor": None, "strokeWidth": 0}))
        state = {**state, "fillColor": None}
    items.append(Shape("Path", path, state))
    return Layer(UNMOVED, items)


def _segment(path: SimpleNamespace, command: str, values: list) -> None:
    points, operators = path.points, path.operators
    if command == "M":
        points += values
        operators.append(_MOVETO)
    elif command in "LHV":
        points += values if command == "L" else [values[0], points[-1]] if command == "H" else [points[-2], values[0]]
        operators.append(_LINETO)
    elif command == "C":
        points += values
        operators.append(_CURVETO)
    elif command == "Q":  # the same curve as a cubic one: its controls two thirds of the way to the quadratic's
        x0, y0 = points[-2:]
        x1, y1, x, y = values
        cx, cy = x0 + 2 / 3 * (x1 - x0), y0 + 2 / 3 * (y1 - y0)
        points += [cx, cy, cx + 1 / 3 * (x - x0), cy + 1 / 3 * (y - y0), x, y]
        operators.append(_CURVETO)
    else:
        rx, ry, turn, large, sweep, x, y = values
        if turn:
            raise Outside
        x0, y0 = points[-2:]
        if abs(rx) <= 1e-10 or abs(ry) <= 1e-10:
            points += [x, y]
            operators.append(_LINETO)
        elif (x0, y0) != (x, y):
            for curve in _arc(x0, y0, abs(rx), abs(ry), large == 1, sweep == 1, x, y):
                points += curve
                operators.append(_CURVETO)


def _arc(x0: float, y0: float, rx: float, ry: float, large: bool, sweep: bool, x: float, y: float) -> list:
    """An elliptical arc (axes upright) from (x0, y0) to (x, y) as cubic curves of at most 90 degrees each
    (the centre found as in the SVG specification's notes on arcs)."""
    half_x, half_y = 0.5 * (x0 - x), 0.5 * (y0 - y)
    ratio = half_x * half_x / (rx * rx) + half_y * half_y / (ry * ry)
    if ratio > 1:  # radii too small to reach: grown to just reach
        rx, ry = rx * math.sqrt(ratio), ry * math.sqrt(ratio)
        ratio = 1 / (half_x * half_x / (rx * rx) + half_y * half_y / (ry * ry)) - 1
    elif ratio != 0:
        ratio = 1 / ratio - 1
    if -1e-10 < ratio < 0:
        ratio = 0
    root = math.sqrt(ratio) * (-1 if large == sweep else 1)
    centre_x, centre_y = root * rx * half_y / ry, -(root * ry * half_x) / rx
    cx, cy = centre_x + 0.5 * (x0 + x), centre_y + 0.5 * (y0 + y)
    start = ((half_x - centre_x) / rx, (half_y - centre_y) / ry)
    end = ((-half_x - centre_x) / rx, (-half_y - centre_y) / ry)
    theta = _angle((1, 0), start)
    extent = _angle(start, end) % 360
    if not sweep and extent > 0:
        extent -= 360
    elif sweep and extent < 0:
        extent += 360
    theta, extent = -theta, -extent
    count = 1 if abs(extent) <= 90 else math.ceil(abs(extent) / 90)
    step = math.radians(extent / count if count > 1 else extent)
    if step == 0:
        return []
    kappa = math.copysign(abs(4 / 3 * (1 - math.cos(step * 0.5)) / math.sin(step * 0.5)), step)
    first = math.radians(theta)
    cos1, sin1 = math.cos(first), math.sin(first)
    curves = []
    for index in range(count):
        cos0, sin0 = cos1, sin1
        angle = first + step + index * step
        cos1, sin1 = math.cos(angle), math.sin(angle)
        curves.append((cx + rx * (cos0 - kappa * sin0), cy - ry * (sin0 + kappa * cos0),
                       cx + rx * (cos1 + kappa * sin1), cy - ry * (sin1 - kappa * cos1),
                       cx + rx * cos1, cy - ry * sin1))
    return curves


def _angle(u: tuple, v: tuple) -> float:
    """The signed angle from u to v, in degrees."""
    lengths = math.hypot(*u) * math.hypot(*v)
    if lengths == 0:
        return 0
    cosine = max(-1, min(1, (u[0] * v[0] + u[1] * v[1]) / lengths))
    return math.degrees(math.copysign(math.acos(cosine), u[0] * v[1] - u[1] * v[0]))


def _state(name: str, style: dict) -> dict:
    """The fill and stroke a shape is drawn in, as svglib sets them on its shape, in the order reportlab's
    renderer sets them."""
    fill, stroke = _colour(style.get("fill", "black")), _colour(style.get("stroke", "none"))
    width, fill_opacity = _length(style.get("stroke-width"), 1.0), _opacity(style.get("fill-opacity"), fill)
    state = {"fillColor": fill, "fillOpacity": fill_opacity, "strokeColor": stroke, "strokeWidth": width,
             "strokeLineCap": CAPS.get(style.get("stroke-linecap"), 0),
             "strokeLineJoin": JOINS.get(style.get("stroke-linejoin"), 0), "strokeMiterLimit": 0,
             "strokeDashArray": _list(style["stroke-dasharray"]) if "stroke-dasharray" in style else None,
             "strokeOpacity": _opacity(style.get("stroke-opacity"), stroke), "fillMode": FILL_NON_ZERO}
    kinds = KINDS[name]._attrMap
    if not all(kinds[key].validate(value) for key, value in state.items()):
        raise Outside  # a value reportlab refuses: svglib leaves the shape's own
    if fill:
        fill.alpha = fill_opacity
    if width == 0:
        state["strokeColor"] = None
    return state


def _opacity(value: str | None, colour) -> float:
    """An opacity as given, else the colour's own, else 1."""
    if value is None:
        return colour.alpha if colour is not None and getattr(colour, "alpha", 1) != 1 else 1.0
    return float(value)


def _colour(value: str):
    if value == "none":
        return None
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return colors.HexColor(value, hasAlpha=False)
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        return colors.HexColor("#" + "".join(2 * digit for digit in value[1:]))
    if value == "black":  # the fill of a shape that names none
        return colors.black.clone()
    raise Outside


def _transform(text: str, transform: tuple) -> tuple:
    """`transform` followed by an SVG transform list, as svglib applies it to a group."""
    at = 0
    while at < len(text.rstrip()):
        found = TRANSFORM.match(text, at)
        if found is None:
            raise Outside
        kind, values = found[1], _list(found[2])
        if kind == "translate" and len(values) in (1, 2):
            transform = mmult(transform, translate(values[0], values[1] if len(values) == 2 else 0))
        elif kind == "scale" and len(values) in (1, 2):
            transform = mmult(transform, scale(values[0], values[-1]))
        elif kind == "rotate" and len(values) == 1:
            transform = mmult(transform, rotate(values[0], 0, 0))
        elif kind == "rotate" and len(values) == 3:
            transform = mmult(transform, translate(values[1], values[2]))
            transform = mmult(transform, rotate(values[0], 0, 0))
            transform = mmult(transform, translate(-values[1], -values[2]))
        elif kind == "matrix" and len(values) == 6:
            transform = mmult(transform, values)
        else:
            raise Outside
        at = found.end()
    return transform


def _length(text: str | None, default: float) -> float:
    """A length in user units: a plain number (SVG's other units are left to svglib)."""
    if text is None or not text.strip():
        return default
    if not PLAIN.fullmatch(text.strip()):
        raise Outside
    return float(text)


def _numbers(text: str) -> list[float]:
    if not NUMBERS.fullmatch(text):
        raise Outside
    return [float(number) for number in PLAIN.findall(text)]


def _list(text: str) -> list[float]:
    """Plain numbers between spaces or commas."""
    return [_length(item, 0.0) for item in text.replace(",", " ").split()]
