"""Reading built PDFs back for tests: where each form is placed, which lines a page draws, its text; and
everything a page draws, as lines of text (the drawing golden)."""
from __future__ import annotations

import hashlib
import io
import json
import math
import re
from dataclasses import dataclass, replace

import pypdfium2
from pypdf import PdfReader

MM = 72 / 25.4


def page_texts(pdf) -> list[str]:
    """The text of each page of a PDF (a path or its bytes), its words joined by single spaces: read by pdfium,
    some thirty times faster than pypdf's extract_text, which reads every font again for each face a page draws
    (a kit's pages took seconds). A word and the colon after it come as one ("EXTRA:")."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [" ".join(document[index].get_textpage().get_text_range().split()) for index in range(len(document))]
    finally:
        document.close()


@dataclass(frozen=True)
class Placement:
    form: str
    ctm: tuple  # a b c d e f, in points

    @property
    def origin_mm(self) -> tuple[float, float]:
        return round(self.ctm[4] / MM, 3), round(self.ctm[5] / MM, 3)

    @property
    def rotation(self) -> int:
        a, b = self.ctm[0], self.ctm[1]
        return {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}[(round(a), round(b))]


def _multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def walk(reader: PdfReader, page):
    """The page's own operators, each with the transformation (CTM) in force when it runs."""
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    for operands, op in operations(page.get_contents().get_data()):
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(operands), ctm)
        yield operands, op, ctm


def placements(reader: PdfReader, page) -> list[Placement]:
    """Every form drawn by the page's own content stream, with the transformation it was drawn under."""
    return [Placement(operands[0].lstrip("/"), ctm) for operands, op, ctm in walk(reader, page) if op == "Do"]


def segments(reader: PdfReader, page) -> list[tuple[float, float, float, float]]:
    """Straight lines (moveto + lineto) the page draws untransformed, in mm: crop marks, cut and fold lines."""
    out, start = [], None
    for operands, op, ctm in walk(reader, page):
        if op == "m":
            start = tuple(x / MM for x in operands)
        elif op == "l" and start is not None and ctm == (1, 0, 0, 1, 0, 0):
            end = tuple(x / MM for x in operands)
            out.append((round(start[0], 3), round(start[1], 3), round(end[0], 3), round(end[1], 3)))
            start = end
    return out


@dataclass(frozen=True)
class Furniture:
    """What a page draws itself, outside its faces, in mm: straight lines (crop marks, cut and fold lines) with
    their dash (empty: solid), runs of text with the box their letters fill, filled and stroked rectangles, and
    the box of each form it places (a face, with its bleed)."""

    lines: list  # (x0, y0, x1, y1, dash in mm)
    texts: list  # (text, (x0, y0, x1, y1))
    rects: list  # (x0, y0, x1, y1)
    forms: list  # (x0, y0, x1, y1)


def _bounds(ctm, x0, y0, x1, y1) -> tuple:
    corners = [_apply(ctm, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    xs, ys = [x / MM for x, _ in corners], [y / MM for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _meet(a: tuple, b: tuple) -> tuple:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def furniture(reader: PdfReader, page, extent) -> Furniture:
    """The page's own lines, texts, rectangles and placed forms (not what the forms draw inside them).
    `extent(font base name, text, size in points)` gives a run's width, ascent and descent in points."""
    fonts = _Reader({})
    resources = page["/Resources"]
    found = Furniture([], [], [], [])
    ctm, dash, stack, start, matrix, font, size, run = (1, 0, 0, 1, 0, 0), (), [], None, None, ("?", {}), 0.0, ""
    clip, path = None, None  # the clipping rectangle in force; the last rectangle a path made
    for operands, op in operations(page.get_contents().get_data()):
        if op == "q":
            stack.append((ctm, dash, clip))
        elif op == "Q":
            ctm, dash, clip = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(operands), ctm)
        elif op == "d":
            dash = tuple(round(length * _scale(ctm) / MM, 3) for length in operands[0])
        elif op == "m":
            start = _apply(ctm, *operands)
        elif op == "l" and start is not None:
            end = _apply(ctm, *operands)
            found.lines.append((*(round(v / MM, 3) for v in (*start, *end)), dash))
            start = end
        elif op == "re":
            x, y, w, h = operands
            path = _bounds(ctm, x, y, x + w, y + h)
        elif op in ("W", "W*") and path is not None:
            clip = path if clip is None else _meet(clip, path)
            path = None
        elif op in PAINT:
            if path is not None and op != "n":
                found.rects.append(path)
            path = None
        elif op == "Tf":
            font, size = fonts.font(resources, operands[0]), operands[1]
        elif op == "Tm":
            matrix = _multiply(tuple(operands), ctm)
        elif op in ("Tj", "TJ") and matrix is not None:
            codes = operands[0] if op == "Tj" else b"".join(p for p in operands[0] if isinstance(p, bytes))
            run += "".join(font[1].get(code, chr(code)) for code in codes)
        elif op == "ET" and run:  # one run a text object, as the pages write them
            width, ascent, descent = extent(font[0], run, size)
            found.texts.append((run, _bounds(matrix, 0, descent, width, ascent)))
            run = ""
        elif op == "Do":
            thing = resources["/XObject"][operands[0]].get_object()
            if thing["/Subtype"] == "/Form":
                box = _bounds(ctm, *(float(v) for v in thing["/BBox"]))
                found.forms.append(box if clip is None else _meet(box, clip))
    return found


# --- what a page draws, as lines of text a person can read (the drawing golden) ---------------------------

def _mm(value: float) -> str:
    text = f"{value / MM:.2f}"
    return "0.00" if text == "-0.00" else text


def _at(point) -> str:
    return f"({_mm(point[0])},{_mm(point[1])})"


def _apply(ctm, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = ctm
    return a * x + c * y + e, b * x + d * y + f


def _scale(ctm) -> float:
    """How much the transformation stretches a length (the square root of its area's stretch)."""
    return abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5


def _turn(ctm, scaled: bool = True) -> str:
    """The turn (degrees anticlockwise), stretch (when `scaled`) and reflection of a transformation, as words;
    empty when none."""
    words = []
    angle = round(math.degrees(math.atan2(ctm[1], ctm[0]))) % 360
    if angle:
        words.append(f"rot {angle}")
    if scaled and abs(_scale(ctm) - 1) > 0.0005:
        words.append(f"scale {_scale(ctm):.3f}")
    if ctm[0] * ctm[3] - ctm[1] * ctm[2] < 0:
        words.append("mirrored")
    return "".join(" " + word for word in words)


def _colour(operands) -> str:
    values = [float(v) for v in operands if not isinstance(v, str)]
    if len(values) == 1:
        values *= 3
    if len(values) == 3:
        return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in values)
    return "cmyk(" + ",".join(f"{v:.3f}" for v in values) + ")"


def _unicode_map(font) -> dict:
    """A font's codes -> text, from its ToUnicode map (our fonts are embedded subsets, numbered per subset)."""
    if "/ToUnicode" not in font:
        return {}
    found = {}
    text = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for code, value in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            found[int(code, 16)] = bytes.fromhex(value).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for low, high, value in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start = int(value, 16)
            for code in range(int(low, 16), int(high, 16) + 1):
                found[code] = chr(start + code - int(low, 16))
    return found


TOKEN = re.compile(rb"""\s*(?:(?P<number>[+-]?(?:\d+\.?\d*|\.\d+))|(?P<name>/[^\s/\[\]()<>{}%]*)|(?P<string>\()
    |(?P<hex><[0-9A-Fa-f\s]*>)|(?P<open>\[)|(?P<close>\])|(?P<op>[A-Za-z'"*][A-Za-z0-9'"*]*)|(?P<comment>%[^\r\n]*))""",
                   re.X)
ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f"}


def _string(data: bytes, at: int) -> tuple[bytes, int]:
    """A literal string whose opening parenthesis ends just before `at`: its bytes, and where it ends."""
    out, depth = bytearray(), 1
    while True:
        byte = data[at]
        at += 1
        if byte == 0x5C:  # a backslash
            byte = data[at]
            at += 1
            if byte in ESCAPES:
                out += ESCAPES[byte]
            elif 0x30 <= byte <= 0x37:
                digits = re.match(rb"[0-7]{1,3}", data[at - 1:at + 2]).group()
                out.append(int(digits, 8) & 0xFF)
                at += len(digits) - 1
            elif byte not in (0x0A, 0x0D):
                out.append(byte)
            continue
        if byte == 0x28:
            depth += 1
        elif byte == 0x29:
            depth -= 1
            if not depth:
                return bytes(out), at
        out.append(byte)


def operations(data: bytes) -> list[tuple[list, str]]:
    """A content stream's operators with their operands: numbers as floats, names as "/Name", strings as bytes,
    arrays as lists. (pypdf reads them too, many times slower.)"""
    found, operands, arrays, at = [], [], [], 0
    while True:
        match = TOKEN.match(data, at)
        if match is None or match.end() == at:
            if data[at:].strip():
                raise ValueError(f"cannot read the content stream at byte {at}: {data[at:at + 20]!r}")
            return found
        at = match.end()
        kind = match.lastgroup
        if kind == "number":
            value = float(match.group(kind))
        elif kind == "name":
            value = match.group(kind).decode("latin-1")
        elif kind == "string":
            value, at = _string(data, at)
        elif kind == "hex":
            value = bytes.fromhex(re.sub(rb"\s", b"", match.group(kind)[1:-1]).decode())
        elif kind == "open":
            arrays.append(operands)
            operands = []
            continue
        elif kind == "close":
            value, operands = operands, arrays.pop()
        elif kind == "op":
            found.append((operands, match.group(kind).decode("latin-1")))
            operands = []
            continue
        else:
            continue
        operands.append(value)


@dataclass
class _State:
    ctm: tuple = (1, 0, 0, 1, 0, 0)
    fill: str = "#000000"
    stroke: str = "#000000"
    width: float = 1.0
    dash: tuple = ()
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    font: tuple = ("?", {})  # base name, codes -> text
    size: float = 0.0
    leading: float = 0.0


class _Reader:
    """Runs a PDF's content streams, forms included, and writes one line for each thing they draw."""

    def __init__(self, parsed: dict):
        self.parsed = parsed  # a content stream's bytes -> its operations
        self.fonts: dict = {}  # (font dictionary, font name) -> (base name, codes -> text), in this PDF

    def page(self, page) -> list[str]:
        self.lines: list[str] = []
        self.run(self.operations(page.get_contents().get_data()), page["/Resources"], _State(), 0)
        return self.lines

    def operations(self, data: bytes) -> list:
        if data not in self.parsed:
            self.parsed[data] = operations(data)
        return self.parsed[data]

    def font(self, resources, name: str) -> tuple:
        fonts = resources.raw_get("/Font")  # reportlab's forms and pages share one dictionary of fonts
        key = (getattr(fonts, "idnum", id(fonts)), name)
        if key not in self.fonts:
            font = resources["/Font"][name].get_object()
            self.fonts[key] = (str(font["/BaseFont"]).lstrip("/").split("+")[-1], _unicode_map(font))
        return self.fonts[key]

    def run(self, operations, resources, state: _State, depth: int) -> None:
        stack, path, clip, text = [], [], False, None
        out = self.lines
        indent = "  " * depth
        for operands, op in operations:
            if op == "q":
                stack.append(replace(state))
            elif op == "Q":
                state = stack.pop()
            elif op == "cm":
                state.ctm = _multiply(operands, state.ctm)
            elif op in ("rg", "g", "k", "sc", "scn"):
                state.fill = _colour(operands)
            elif op in ("RG", "G", "K", "SC", "SCN"):
                state.stroke = _colour(operands)
            elif op == "w":
                state.width = operands[0]
            elif op == "d":
                state.dash = tuple(operands[0])
            elif op == "gs":
                extra = resources["/ExtGState"][operands[0]].get_object()
                state.fill_alpha = float(extra.get("/ca", state.fill_alpha))
                state.stroke_alpha = float(extra.get("/CA", state.stroke_alpha))
            elif op == "m":
                path.append(("M", _apply(state.ctm, *operands)))
            elif op == "l":
                path.append(("L", _apply(state.ctm, *operands)))
            elif op in ("c", "v", "y"):
                path.append(("C", *[_apply(state.ctm, x, y) for x, y in zip(operands[::2], operands[1::2])]))
            elif op == "h":
                path.append(("Z",))
            elif op == "re":
                x, y, w, h = operands
                path.append(("R", *[_apply(state.ctm, px, py) for px, py in
                                    ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]))
            elif op in ("W", "W*"):
                clip = True
            elif op in PAINT:
                fill, stroke = PAINT[op]
                if clip:
                    out.append(f"{indent}clip {_shape(path)}")
                if fill or stroke:
                    out.append(f"{indent}{_shape(path)}{_paint(state, fill, stroke)}")
                path, clip = [], False
            elif op == "BT":
                matrix = line = (1, 0, 0, 1, 0, 0)
            elif op == "Tf":
                state.font, state.size = self.font(resources, operands[0]), operands[1]
            elif op == "TL":
                state.leading = operands[0]
            elif op == "Tm":
                matrix = line = tuple(operands)
                text = None
            elif op in ("Td", "TD", "T*"):
                dx, dy = operands if operands else (0.0, -state.leading)
                if op == "TD":
                    state.leading = -dy
                matrix = line = _multiply((1, 0, 0, 1, dx, dy), line)
                text = None
            elif op in ("Tj", "TJ"):
                codes = operands[0] if op == "Tj" else b"".join(part for part in operands[0]
                                                                if isinstance(part, bytes))
                name, table = state.font
                letters = "".join(table.get(code, chr(code)) for code in codes)
                if text is None:  # a new run of text: where it starts, in what
                    at = _multiply(matrix, state.ctm)
                    text = [letters, at, name, state.size * _scale(at), state.fill, state.fill_alpha, len(out)]
                    out.append("")
                else:
                    text[0] += letters
                letters, at, name, size, colour, alpha, index = text
                out[index] = (f"{indent}text {json.dumps(letters, ensure_ascii=False)} at {_at(at[4:])} {name} "
                              f"{size:.2f}pt fill={colour}{_alpha(alpha)}{_turn(at, scaled=False)}")
            elif op == "ET":
                text = None
            elif op == "Do":
                thing = resources["/XObject"][operands[0]].get_object()
                if thing["/Subtype"] == "/Form":
                    matrix = tuple(float(x) for x in thing.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                    inner = replace(state, ctm=_multiply(matrix, state.ctm))
                    out.append(f"{indent}form at {_at(inner.ctm[4:])}{_turn(inner.ctm)}")
                    self.run(self.operations(thing.get_data()), thing.get("/Resources", resources), inner,
                             depth + 1)
                else:
                    corners = [_apply(state.ctm, x, y) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]
                    digest = hashlib.sha256(thing.get_data()).hexdigest()[:12]
                    out.append(f"{indent}image {_box(corners)} {thing['/Width']}x{thing['/Height']} px "
                               f"sha {digest}{_alpha(state.fill_alpha)}")


PAINT = {"S": (False, True), "s": (False, True), "f": (True, False), "F": (True, False), "f*": (True, False),
         "B": (True, True), "B*": (True, True), "b": (True, True), "b*": (True, True), "n": (False, False)}


def _alpha(alpha: float) -> str:
    return f" alpha={alpha:.2f}" if alpha < 1 else ""


def _paint(state: _State, fill: bool, stroke: bool) -> str:
    words = []
    if fill:
        words.append(f"fill={state.fill}{_alpha(state.fill_alpha)}")
    if stroke:
        scale = _scale(state.ctm)
        words.append(f"stroke={state.stroke} width={_mm(state.width * scale)}{_alpha(state.stroke_alpha)}")
        if state.dash:
            words.append("dash=" + ",".join(_mm(length * scale) for length in state.dash))
    return "".join(" " + word for word in words)


def _box(corners) -> str:
    """Four corners as a rectangle when its sides run along the page, else as the polygon they make."""
    xs, ys = [round(x / MM, 2) for x, _ in corners], [round(y / MM, 2) for _, y in corners]
    if len(set(xs)) <= 2 and len(set(ys)) <= 2:
        x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
        x1, y1 = max(x for x, _ in corners), max(y for _, y in corners)
        return f"rect {_at((x0, y0))} {_mm(x1 - x0)}x{_mm(y1 - y0)}"
    return "polygon " + " ".join(_at(point) for point in corners)


def _shape(path: list) -> str:
    """A path as what it draws: a rectangle, a line through its points, a polygon (closed), a circle or ellipse
    (four arcs), else its segments: M(ove), L(ine), C(urve: two control points and its end), Z (close)."""
    kinds = [segment[0] for segment in path]
    if kinds == ["R"]:
        return _box(path[0][1:])
    if len(kinds) > 1 and kinds[0] == "M" and set(kinds[1:-1]) <= {"L"} and kinds[-1] in ("L", "Z"):
        points = [_at(segment[1]) for segment in path if segment[0] != "Z"]
        return "polygon " + " ".join(points) if kinds[-1] == "Z" else "line " + "-".join(points)
    if kinds[:5] == ["M", "C", "C", "C", "C"] and set(kinds[5:]) <= {"Z"}:
        anchors = [path[0][1]] + [segment[3] for segment in path[1:5]]
        if _at(anchors[0]) == _at(anchors[-1]):
            xs, ys = [x for x, _ in anchors], [y for _, y in anchors]
            centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
            rx, ry = _mm((max(xs) - min(xs)) / 2), _mm((max(ys) - min(ys)) / 2)
            return f"circle {_at(centre)} r={rx}" if rx == ry else f"ellipse {_at(centre)} rx={rx} ry={ry}"
    words = []
    for kind, *points in path:
        if kind == "R":
            words.append(_box(points))
        else:
            words.append(" ".join([kind, *(_at(point) for point in points)]))
    return "path " + " ".join(words)


def drawing(data: bytes, parsed: dict | None = None, pages: int | None = None) -> list[list[str]]:
    """What each page of a PDF draws, in order, one line a thing: shapes with their places and sizes in mm from
    the page's lower-left corner (to 0.01 mm), colours, line widths and dashes; each run of text with its start,
    font and size; forms (a face, artwork) as `form at` their origin with what they draw indented below.
    `parsed` keeps the content streams read, for the next PDF: a face is the same form in every PDF of a kit.
    `pages`: only so many pages, the first."""
    reader = PdfReader(io.BytesIO(data))
    reading = _Reader({} if parsed is None else parsed)
    found = []
    for page in reader.pages[:pages]:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        found.append([f"paper {_mm(w)}x{_mm(h)}"] + reading.page(page))
    return found
