"""Plain SVG read straight into a reportlab drawing: the subset our own artwork is written in (one <svg> with a
viewBox; groups; paths of absolute commands, circles, ellipses, rectangles and polygons; fills, strokes and their
opacities, line caps, joins and dashes, inherited from groups; transforms), made into the very drawing svglib
makes of it, so into the same PDF operators, without svglib's general machinery (a CSS cascade, units, fonts,
references), which costs far more than the drawing. `drawing` returns None for a file that uses anything else:
svglib reads that one (pnp/render/artwork.py)."""
from __future__ import annotations

import copy
import math
import re

from lxml import etree
from reportlab.graphics.shapes import _CLOSEPATH, Circle, Drawing, Ellipse, Group, Path, Polygon, Rect, mmult
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.pdfgen.canvas import FILL_NON_ZERO

SVG = "{http://www.w3.org/2000/svg}"
PX_TO_PT = 0.75  # an SVG user unit (a CSS pixel) in points, as svglib sizes a drawing
STYLE = ("fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-linejoin", "stroke-linecap",
         "stroke-dasharray")  # inherited from a group by what it holds
SHAPES = {"path": ("d",), "circle": ("cx", "cy", "r"), "ellipse": ("cx", "cy", "rx", "ry"),
          "rect": ("x", "y", "width", "height", "rx", "ry"), "polygon": ("points",)}
ALLOWED = {"g": {"transform", *STYLE}, **{name: {"transform", *STYLE, *geometry} for name, geometry in SHAPES.items()}}
NUMBER = r"-?(?:\d+\.?\d*|\.\d+)"
PLAIN = re.compile(NUMBER)
NUMBERS = re.compile(rf"[\s,]*(?:{NUMBER}[\s,]*)*")
COMMAND = re.compile(r"([achlmqstvz])", re.I)
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "A": 7, "Z": 0}  # relative commands, S and T: svglib
TRANSFORM = re.compile(r"\s*(translate|scale|rotate|matrix)\s*\(([^()]*)\)\s*,?")
JOINS = {"miter": 0, "round": 1, "bevel": 2}
CAPS = {"butt": 0, "round": 1, "square": 2}


class Outside(Exception):
    """A feature of SVG this reader leaves to svglib."""


class NoStrokePath(Path):
    """A path filled, never stroked: the closed copy of a filled path with open parts (reportlab fills only
    closed ones), drawn under the path itself."""

    def getProperties(self, *args, **kwargs):
        properties = super().getProperties(*args, **kwargs)
        if "strokeWidth" in properties:
            properties["strokeWidth"] = 0
        if "strokeColor" in properties:
            properties["strokeColor"] = None
        return properties


def drawing(data: bytes) -> Drawing | None:
    """The drawing of an SVG file (checked by pnp.render.artwork.checked) within the subset; None otherwise."""
    checking, rl_config.shapeChecking = rl_config.shapeChecking, 0  # (each style set is checked by `_style`)
    try:
        top = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True))
        return _drawing(top)
    except (Outside, ValueError, ZeroDivisionError, IndexError):
        return None
    finally:
        rl_config.shapeChecking = checking


def _drawing(top) -> Drawing:
    if top.tag != SVG + "svg" or set(top.attrib) - {"width", "height", "viewBox"}:
        raise Outside
    box = [float(value) for value in top.get("viewBox", "").replace(",", " ").split()]
    if len(box) != 4:
        raise Outside
    x, y, box_width, box_height = box
    width, height = (_length(top.get(side), default) for side, default in (("width", box_width),
                                                                             ("height", box_height)))
    group = Group()
    _add_children(top, group, {})
    # the viewBox fitted, centred, into the width and height, and turned upright (SVG's y runs down the page)
    x_scale = width * PX_TO_PT / box_width if box_width else 1
    y_scale = height * PX_TO_PT / box_height if box_height else 1
    scale = min(x_scale, y_scale)
    shift_x, shift_y = (width * PX_TO_PT - box_width * scale) / 2, (height * PX_TO_PT - box_height * scale) / 2
    if shift_x or shift_y:
        group.translate(shift_x, shift_y)
    group.scale(scale, -scale)
    group.translate(0 - x, -box_height - y)
    made = Drawing(width * PX_TO_PT, height * PX_TO_PT)
    made.add(group)
    return made


def _add_children(element, group: Group, inherited: dict) -> None:
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
            item = Group()
            _add_children(child, item, style)
            _transform(child.get("transform", ""), item)
        else:
            item = _shape(name, child, style)
            if item is None:
                continue
            if child.get("transform"):
                if not isinstance(item, Group):
                    item = Group(item)
                moved = Group()
                _transform(child.get("transform"), moved)
                item.transform = mmult(moved.transform, item.transform)
        group.add(item)


def _shape(name: str, element, style: dict):
    def lengths(*names):
        return [_length(element.get(key), 0.0) for key in names]

    if name == "path":
        return _path(element.get("d", ""), style)
    if name == "circle":
        shape = Circle(*lengths("cx", "cy", "r"))
    elif name == "ellipse":
        shape = Ellipse(*lengths("cx", "cy", "rx", "ry"))
    elif name == "rect":
        x, y, width, height, rx, ry = lengths("x", "y", "width", "height", "rx", "ry")
        rx, ry = min(rx, width / 2), min(ry, height / 2)
        if rx and not ry:
            ry = rx
        elif ry and not rx:
            rx = ry
        shape = Rect(x, y, width, height, rx=rx, ry=ry)
    else:
        points = _list(element.get("points", ""))
        if not points or len(points) % 2:
            return None
        if len(points) >= 4 and all(points[i:i + 2] == points[:2] for i in range(2, len(points), 2)):
            points[0] *= 1.0000001  # a polygon of one point is not drawn: nudged, as svglib does
        shape = Polygon(points)
    _style(shape, style)
    return shape


def _path(d: str, style: dict) -> Group | None:
    """A path of absolute commands, with a closed, filled-only copy under it when it is filled and has open
    parts."""
    if not d:
        return None
    pieces = COMMAND.split(d.strip())
    if pieces[0].strip():
        raise Outside
    path = Path()
    points, open_ends = path.points, []
    for index in range(1, len(pieces), 2):
        command, values = pieces[index], pieces[index + 1]
        arity = ARITY.get(command)
        numbers = _numbers(values)
        if arity is None or (numbers if arity == 0 else not numbers or len(numbers) % arity):
            raise Outside
        if command == "M" and index > 1 and path.operators[-1] != _CLOSEPATH:
            open_ends.append(len(path.operators))
        if command == "Z":
            path.closePath()
            continue
        if command == "A" and not re.fullmatch(rf"(?:[\s,]*(?:{NUMBER}[\s,]+){{3}}[01][\s,]+[01](?:[\s,]+{NUMBER}){{2}}"
                                               r"[\s,]*)+", values):
            raise Outside  # flags written together (such as `01`) are read otherwise by svglib
        for start in range(0, len(numbers), arity):
            _segment(path, "L" if command == "M" and start else command, numbers[start:start + arity])
    _style(path, style)
    if path.operators[-1] != _CLOSEPATH:
        open_ends.append(len(path.operators))
    group = Group()
    if open_ends and path.fillColor is not None:
        closed = NoStrokePath()
        closed.__dict__.update(copy.deepcopy(path.__dict__))
        for at in reversed(open_ends):
            closed.operators.insert(at, _CLOSEPATH)
        group.add(closed)
        path.fillColor = None
    group.add(path)
    return group


def _segment(path: Path, command: str, values: list) -> None:
    points = path.points
    if command == "M":
        path.moveTo(*values)
    elif command == "L":
        path.lineTo(*values)
    elif command == "H":
        path.lineTo(values[0], points[-1])
    elif command == "V":
        path.lineTo(points[-2], values[0])
    elif command == "C":
        path.curveTo(*values)
    elif command == "Q":  # the same curve as a cubic one: its controls two thirds of the way to the quadratic's
        x0, y0 = points[-2:]
        x1, y1, x, y = values
        cx, cy = x0 + 2 / 3 * (x1 - x0), y0 + 2 / 3 * (y1 - y0)
        path.curveTo(cx, cy, cx + 1 / 3 * (x - x0), cy + 1 / 3 * (y - y0), x, y)
    else:
        rx, ry, turn, large, sweep, x, y = values
        if turn:
            raise Outside
        x0, y0 = points[-2:]
        if abs(rx) <= 1e-10 or abs(ry) <= 1e-10:
            path.lineTo(x, y)
        elif (x0, y0) != (x, y):
            for curve in _arc(x0, y0, abs(rx), abs(ry), large == 1, sweep == 1, x, y):
                path.curveTo(*curve)


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


def _style(shape, style: dict) -> None:
    """Fill and stroke, set in the order svglib sets them (reportlab's renderer changes the state in that
    order); a property a shape lacks, or a value reportlab would refuse, is left out, as svglib leaves it."""
    def put(attribute: str, value) -> None:
        kind = shape._attrMap.get(attribute)
        if kind is not None and kind.validate(value):
            setattr(shape, attribute, value)

    put("fillColor", _colour(style.get("fill", "black")))
    put("fillOpacity", _opacity(style.get("fill-opacity"), shape.fillColor))
    put("fillMode", FILL_NON_ZERO)
    put("strokeColor", _colour(style.get("stroke", "none")))
    put("strokeWidth", _length(style.get("stroke-width"), 1.0))
    put("strokeOpacity", _opacity(style.get("stroke-opacity"), shape.strokeColor))
    if style.get("stroke-linejoin") in JOINS:
        put("strokeLineJoin", JOINS[style["stroke-linejoin"]])
    if style.get("stroke-linecap") in CAPS:
        put("strokeLineCap", CAPS[style["stroke-linecap"]])
    if "stroke-dasharray" in style:
        put("strokeDashArray", _list(style["stroke-dasharray"]))
    if getattr(shape, "fillOpacity", None) is not None and shape.fillColor:
        shape.fillColor.alpha = shape.fillOpacity
    if getattr(shape, "strokeWidth", None) == 0:
        shape.strokeColor = None


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


def _transform(text: str, group: Group) -> None:
    """An SVG transform list applied to a group, as svglib applies it."""
    at = 0
    while at < len(text.rstrip()):
        found = TRANSFORM.match(text, at)
        if found is None:
            raise Outside
        kind, values = found[1], _list(found[2])
        if kind == "translate" and len(values) in (1, 2):
            group.translate(values[0], values[1] if len(values) == 2 else 0)
        elif kind == "scale" and len(values) in (1, 2):
            group.scale(values[0], values[-1])
        elif kind == "rotate" and len(values) == 1:
            group.rotate(values[0])
        elif kind == "rotate" and len(values) == 3:
            group.translate(values[1], values[2])
            group.rotate(values[0])
            group.translate(-values[1], -values[2])
        elif kind == "matrix" and len(values) == 6:
            group.transform = mmult(group.transform, values)
        else:
            raise Outside
        at = found.end()


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
