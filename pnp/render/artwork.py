"""Artwork checked before it is drawn: SVG the renderer prints correctly, reaching nothing outside its folder.

svglib, which turns SVG into PDF drawing operators, skips some SVG features without a word (filters, masks,
markers, `opacity`), draws others wrongly in our forms (gradients, text) and repairs broken files as best it
can. A game folder may also come from a stranger. So every artwork file is read strictly first, and anything
that would print wrongly, or reach for a file or address outside the artwork folder, is reported with the
file and line. What passes is listed in docs/designing.md (Artwork). What passes is then turned into PDF
operators once (`art_stream`), kept in the cache, and copied into each document that prints it. The raster
pictures an SVG file draws are not left to svglib (which would decode each and write its pixels again into
every form): they are placed as the pictures of `image` steps are, each stored once in every PDF.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from lxml import etree

from pnp import resources
from pnp.errors import DataError, Where, clip, shown
from pnp.memo import Memo
from pnp.model import numbers
from pnp.render import images as pictures
from pnp.render.images import RASTER, Picture

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
DRAWN = {"svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
         "clipPath", "image", "style", "title", "desc", "metadata"}
GRADIENT = "gradients and patterns do not print: fill with flat colours (several shapes for shades)"
REFUSED = {
    "linearGradient": GRADIENT, "radialGradient": GRADIENT, "pattern": GRADIENT, "meshgradient": GRADIENT,
    "filter": "filters (blur, shadow, ...) do not print: draw the effect with shapes",
    "mask": "masks do not print: use a clipPath, or fill-opacity",
    "marker": "markers do not print: draw arrow heads as shapes",
    "text": "text in artwork would print in a font the kit does not embed: turn it into paths, "
            "or write it with the template's `text` step",
}
REFUSED.update(tspan=REFUSED["text"], textPath=REFUSED["text"])
# properties svglib ignores: refused unless set to the value that changes nothing
IGNORED = {"filter": "none", "mask": "none", "marker": "none", "marker-start": "none", "marker-mid": "none",
           "marker-end": "none", "mix-blend-mode": "normal", "opacity": "1"}
IGNORED_ADVICE = {"opacity": "use fill-opacity and stroke-opacity", "mix-blend-mode": "blend modes do not print",
                  "filter": "draw the effect with shapes", "mask": "use a clipPath, or fill-opacity"}
URL = re.compile(r"url\(\s*['\"]?([^'\")]*)['\"]?\s*\)")
DATA_IMAGE = re.compile(r"data:image/(png|jpe?g);base64,")  # as svglib reads them
SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
OUTSIDE = "artwork may not reach other files or addresses"
# what holds numbers, as attribute or style property: each must be finite and in range (pnp/model/numbers.py)
NUMERIC = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "points", "d",
           "transform", "viewBox", "stroke-width", "stroke-miterlimit", "stroke-dashoffset", "stroke-dasharray",
           "fill-opacity", "stroke-opacity", "opacity", "font-size", "offset", "stop-opacity"}
MAX_BYTES = 1 << 20  # hand-drawn artwork is a few kB
CHECKED = Memo(1_000)  # (path, root, the file's digest) -> its Artwork (frozen), for a file that draws no picture
# (what it is then depends on its own bytes alone): kept while the program runs, so that a build again (`pnp
# watch`, a rule tweaked) reads and checks only the artwork that changed


@dataclass(frozen=True)
class Artwork:
    """An SVG file that passed the checks, and the raster pictures it draws."""

    path: Path = field(repr=False)  # resolved
    root: Path = field(repr=False)  # the artwork folder holding it: nothing it references lies outside
    content: str  # a digest of the file: what a face placing it shows, wherever the file lies (its repr's part)
    images: tuple[Picture, ...] = ()  # each once, in the order the file first draws them
    hrefs: tuple[tuple[str, int], ...] = ()  # each <image>'s href and the index of its picture in `images`

    def __hash__(self) -> int:
        # by its content alone (equal artwork has equal content): hashing its paths took longer, and each face
        # drawn looks up the artwork it places more than once (pnp/render/draw.py)
        return hash(self.content)


def checked(path: Path, root: Path, store=None) -> Artwork:
    """The artwork at `path` (found inside `root`), checked; DataError listing every problem otherwise. What
    was found of the pictures it draws is kept in `store` (pnp.write.cache.Store)."""
    file = shown(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:  # reading SVG takes seconds and tens of MB for each MB of it
            raise DataError([(Where(file), f"too large for artwork ({size / 2 ** 20:.1f} MB; at most "
                                           f"{MAX_BYTES >> 20} MB)")])
        data = path.read_bytes()
    except OSError as error:
        raise DataError([(Where(file), f"cannot be read: {error.strerror}")]) from None
    content = hashlib.sha256(data).hexdigest()
    kept = CHECKED.get((path, root, content))
    if kept is not None:
        return kept
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, remove_comments=True)
    try:
        top = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        message = re.sub(r", line \d+, column (\d+)$", r" (column \1)", error.msg)
        raise DataError([(Where(file, error.lineno or 0), f"not an SVG file that can be read: {message}")]) from None
    dtd = top.getroottree().docinfo.internalDTD
    if dtd is not None and (any(dtd.iterentities()) or any(dtd.iterelements())):
        line = data[:data.find(b"<!")].count(b"\n") + 1
        raise DataError([(Where(file, line), "declares entities or a DTD of its own, which artwork may not do")])
    if top.tag != SVG + "svg":
        raise DataError([(Where(file, top.sourceline or 0), "not an SVG file: its root element is not <svg> "
                          'in the namespace "http://www.w3.org/2000/svg"')])
    problems: list = []
    hrefs = _check_tree(top, path, path.parent.relative_to(root), root, store, problems)
    if problems:
        raise DataError(problems)
    images = tuple(dict.fromkeys(hrefs.values()))
    art = Artwork(path, root, content, images, tuple((href, images.index(found)) for href, found in hrefs.items()))
    drawing = next(top.iter(SVG + "image"), None) is not None  # a picture: what it is depends on other files too
    return art if drawing else CHECKED.keep((path, root, content), art)


def _check_tree(top, path: Path, folder: PurePosixPath, root: Path, store, problems: list) -> dict:
    """Every problem of the SVG file's elements noted in `problems`; returns each <image>'s href -> the picture."""
    file = shown(path)
    ids = {element.get("id"): _name(element) for element in top.iter(etree.Element) if element.get("id")}
    images = {}
    for element in top.iter(etree.Element):
        if not element.tag.startswith(SVG):
            continue  # an editor's own data (Inkscape, Illustrator): not drawn by anyone
        name = _name(element)
        spot = Where(file, element.sourceline or 0, name)
        if name in REFUSED or name not in DRAWN:
            problems.append((spot, REFUSED.get(name, f"<{name}> is not drawn by the renderer")))
            continue
        for prop, value in _properties(element):
            _check_property(prop, value, ids, spot, problems)
        wrong = next((f"{prop}: {found}" for prop, value in _numeric(element)
                      for found in [numbers.problem_in(value)] if found), None)
        if wrong is None and element.get("transform") and _flattens(element.get("transform")):
            wrong = (f"transform {clip(element.get('transform'))!r} flattens what it draws to nothing (a scale "
                     "of 0): nothing of it would print; give it a scale other than 0, or remove it")
        if wrong is None and name == "path":
            wrong = _path_start(element.get("d") or "")
        if wrong:
            problems.append((spot, wrong))
        href = (element.get(XLINK_HREF) or element.get("href") or "").strip()
        if name == "use" and not (href.startswith("#") and href[1:] in ids):
            problems.append((spot, f"refers to {href[:60]!r}: <use> may only repeat a shape of the same file"))
        elif name == "image":
            image = _image(element, href, path, folder, root, store, spot, problems)
            if image is not None:
                images[href] = image
    return images


TRANSFORM = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
SVG_SPACE = " \t\n\r\f"  # what SVG reads as white space in path data


def _path_start(d: str) -> str | None:
    """What is wrong with the start of a path's data, if anything: SVG has it begin with a move (M or m); no data
    (or `none`) draws nothing, as it may."""
    data = d.strip(SVG_SPACE)
    if not data or data == "none" or data[0] in "Mm":
        return None
    return (f"the path's data begins with {clip(data, 16)!r}: path data must begin with a move (M or m), "
            'such as d="M 10 10 L 20 10", as SVG requires')


def _flattens(transform: str) -> bool:
    """Whether an SVG transform list squeezes the plane onto a line or a point (its determinant is 0, at the
    precision of the numbers the renderer works with): the renderer cannot undo it, and nothing would show."""
    determinant = 1.0
    for kind, arguments in TRANSFORM.findall(transform):
        values = [float(value) for value in numbers.TOKEN.findall(arguments)]
        if kind == "matrix" and len(values) == 6:
            determinant *= values[0] * values[3] - values[1] * values[2]
        elif kind == "scale" and values:
            determinant *= values[0] * (values[1] if len(values) > 1 else values[0])
    return determinant == 0


def _name(element) -> str:
    return etree.QName(element).localname


def _properties(element):
    """The element's styling properties: presentation attributes, its `style` attribute and, for a <style>
    element, every declaration of its stylesheet."""
    for key, value in element.attrib.items():
        if key in IGNORED or key in ("fill", "stroke", "clip-path"):
            yield key, value
    sheet = re.sub(r"/\*.*?\*/", "", element.text or "", flags=re.S) if _name(element) == "style" else ""
    for block in [element.get("style", "")] + re.findall(r"\{([^}]*)\}", sheet):
        for declaration in block.split(";"):
            prop, _, value = declaration.partition(":")
            if value:  # (in a nested block such as @media, the property follows the last brace)
                yield prop.split("{")[-1].strip().lower(), value.replace("!important", "").strip()
    if re.search(r"@(import|font-face)", sheet):
        yield "@import", ""


def _numeric(element):
    """The attributes and style properties of an element that hold numbers."""
    for key, value in element.attrib.items():
        if key in NUMERIC:
            yield key, value
    for block in [element.get("style", "")] + (re.findall(r"\{([^}]*)\}", element.text or "")
                                               if _name(element) == "style" else []):
        for declaration in block.split(";"):
            prop, _, value = declaration.partition(":")
            if prop.split("{")[-1].strip().lower() in NUMERIC:
                yield prop.strip(), value


def _check_property(prop: str, value: str, ids: dict, spot: Where, problems: list) -> None:
    value = value.strip()
    if prop == "@import":
        problems.append((spot, f"a stylesheet may not @import or load fonts: {OUTSIDE}"))
        return
    if prop in IGNORED and value not in (IGNORED[prop], "") and not _is_one(prop, value):
        advice = IGNORED_ADVICE.get(prop, "draw arrow heads as shapes")
        problems.append((spot, f"{prop}: {value} is ignored by the renderer: {advice}"))
        return
    for target in URL.findall(value):
        if prop == "clip-path" and target.startswith("#") and ids.get(target[1:]) == "clipPath":
            continue
        if not target.startswith("#"):
            problems.append((spot, f"{prop} refers to {target[:60]!r}: {OUTSIDE}"))
        elif prop in ("fill", "stroke"):
            problems.append((spot, f"{prop}: {value}: {GRADIENT}"))
        else:
            problems.append((spot, f"{prop} refers to {target!r}, which is not a clipPath of this file"))


def _is_one(prop: str, value: str) -> bool:
    if prop != "opacity":
        return False
    try:
        return float(value[:-1]) / 100 >= 1 if value.endswith("%") else float(value) >= 1
    except ValueError:
        return False


def _image(element, href: str, svg: Path, folder: PurePosixPath, root: Path, store, spot: Where,
           problems: list) -> Picture | None:
    """Check an <image>: a PNG or JPEG, held by the SVG file `svg` or in a file inside the artwork folder, in a
    box of its own proportions. Returns the picture."""
    embedded = DATA_IMAGE.match(href)
    if embedded:
        try:
            data, label = base64.b64decode(href[embedded.end():]), "the embedded picture"
        except (binascii.Error, ValueError):
            problems.append((spot, "its embedded picture is not valid base64"))
            return None
    elif SCHEME.match(href) or href.startswith("/"):
        problems.append((spot, f"refers to {href[:60]!r}: {OUTSIDE}"))
        return None
    elif not href.lower().endswith(RASTER):
        problems.append((spot, f"refers to {href[:60]!r}: an image must be a PNG or JPEG file beside the "
                        "artwork, or embedded as a data:image/png;base64 address"))
        return None
    else:
        path = resources.find_file(str(folder / href), [root], "the artwork folder", spot, problems,
                                   f"no such picture: {href}")
        if path is None:
            return None
        label = href
    try:
        picture = pictures.held(data, svg, store) if embedded else pictures.read(path, store)
    except pictures.Unprintable as error:
        problems.append((spot, f"{label} {error}"))
        return None
    if element.get("preserveAspectRatio", "").strip() != "none":
        _check_proportions(element, picture.size, label, spot, problems)
    return picture


def _check_proportions(element, size: tuple[int, int], label: str, spot: Where, problems: list) -> None:
    """The renderer stretches a picture to its box, where SVG would fit it inside: the two agree only when
    the box has the picture's proportions."""
    try:
        box_w, box_h = (float(element.get(key, "").removesuffix("px")) for key in ("width", "height"))
    except ValueError:
        return  # a size in other units, or none (the picture's own size): nothing is stretched
    if box_w > 0 and box_h > 0 and abs(box_w / box_h - size[0] / size[1]) > 0.01 * size[0] / size[1]:
        problems.append((spot, f"{label} ({size[0]}×{size[1]} pixels) would be stretched to fill its "
                        f"{box_w:g}×{box_h:g} box: give the box the picture's proportions, or "
                        'preserveAspectRatio="none" to stretch it on purpose'))


# --- drawn as PDF operators ---------------------------------------------------------------------------

def art_stream(art, store) -> tuple | None:
    """Checked artwork as PDF operators and transparency states, made once and copied into the form of each
    document that uses it; kept in the cache between runs, keyed by the bytes of the SVG file and the sizes of
    the pictures it draws, since reading SVG is the slowest step of a build. None when it cannot be drawn.
    Each picture is placed by a marker, ("use", i), drawing `art.images[i]` in the unit square (as the markers
    of pnp.render.draw.Drawing): the document that copies the operators fills it in."""
    try:
        source = art.path.read_bytes()
    except OSError:
        return None
    key = hashlib.sha256(source + repr([picture.size for picture in art.images]).encode()).hexdigest()
    stored = store.get("art", key)
    if stored is None:
        stored = _draw_svg(art, source)
        if stored is None:
            return None
        store.put("art", key, stored)
    code, states, width, height = stored
    return tuple(code), {tuple(k): v for k, v in states}, width, height


def _draw_svg(art, source: bytes) -> list | None:
    from reportlab.graphics.renderbase import renderScaledDrawing  # only needed when the cache lacks this artwork
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render import svgread

    plain = svgread.read(source)  # plain SVG, read and drawn by our own reader; the rest by svglib
    drawing = plain or svglib_drawing(art)
    if drawing is None or not drawing.width or not drawing.height:
        return None
    scratch, renderer = Canvas(io.BytesIO()), _renderer(art.images)
    try:
        scratch.beginForm("art", 0, 0, drawing.width, drawing.height)
        if plain:
            plain.draw(scratch, renderer)
        else:
            renderer.draw(renderScaledDrawing(drawing), scratch, 0, 0)
        bad = numbers.unprintable(scratch._code) or numbers.problem(drawing.width, numbers.MAX_DRAWN) or \
            numbers.problem(drawing.height, numbers.MAX_DRAWN)
    except (ValueError, OverflowError, ZeroDivisionError) as error:  # reportlab refuses a number (too large)
        bad = str(error).splitlines()[-1]
    if bad:  # numbers each within range that, scaled by one another, are not
        raise DataError([(Where(shown(art.path)), f"draws numbers no PDF can hold ({clip(bad)}): check its sizes, "
                                                  "viewBox and transforms")])
    return [scratch._code, [[list(k), v] for k, v in scratch._extgstate._c.items()], drawing.width, drawing.height]


def svglib_drawing(art: Artwork):
    """An SVG file read by svglib (None when it cannot be read), each of its pictures left as the Picture
    `checked` found. svglib too is told to refuse any other file outside the artwork folder: `checked` has made
    sure there is none."""
    import logging

    from svglib.svglib import SvgRenderer, load_svg_file

    class Reader(SvgRenderer):
        def xlink_href_target(self, node, group=None):
            href = (node.attrib.get(XLINK_HREF) or node.attrib.get("href") or "").strip()
            found = named.get(href)
            return art.images[found] if found is not None else super().xlink_href_target(node, group)

    named = dict(art.hrefs)
    logging.getLogger("svglib").setLevel(logging.CRITICAL)
    try:
        root = load_svg_file(str(art.path))
        return Reader(str(art.path), external_reference_root=str(art.root)).render(root) if root is not None \
            else None
    except Exception:  # svglib raises many kinds of parse errors; all mean the same to a designer
        return None


FONT_STATE = ("fontName", "fontSize")  # what reportlab's renderer would set a font by


def _renderer(placed: tuple):
    """reportlab's PDF renderer, drawing each of the `placed` pictures as a marker of its index."""
    from reportlab.graphics.renderPDF import _PDFRenderer
    from reportlab.lib.rl_accel import fp_str

    class Renderer(_PDFRenderer):
        def applyStateChanges(self, delta, new_state):
            # artwork holds no text (REFUSED), so the font svglib gives every group would select reportlab's
            # Helvetica, by a name only the scratch canvas knows, and no font is ever asked for here
            super().applyStateChanges({key: value for key, value in delta.items() if key not in FONT_STATE},
                                      new_state)

        def drawImage(self, image):
            if not isinstance(image.path, Picture):
                return super().drawImage(image)
            code = self._canvas._code
            code.append(f"q {fp_str(image.width)} 0 0 {fp_str(image.height, image.x, image.y)} cm")
            code.append(("use", placed.index(image.path)))
            code.append("Q")

    return Renderer()
