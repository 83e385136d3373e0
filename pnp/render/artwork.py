"""Artwork checked before it is drawn: SVG the renderer prints correctly, reaching nothing outside its folder.

svglib, which turns SVG into PDF drawing operators, skips some SVG features without a word (filters, masks,
markers, `opacity`), draws others wrongly in our forms (gradients, text) and repairs broken files as best it
can. A game folder may also come from a stranger. So every artwork file is read strictly first, and anything
that would print wrongly, or reach for a file or address outside the artwork folder, is reported with the
file and line. What passes is listed in docs/designing.md (Artwork). What passes is then turned into PDF
operators once (`art_stream`), kept in the cache, and copied into each document that prints it.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from lxml import etree

from pnp import resources
from pnp.errors import DataError, Where, clip, shown
from pnp.model import numbers
from pnp.render.images import RASTER

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


@dataclass(frozen=True)
class Artwork:
    """An SVG file that passed the checks, and the raster images it draws (they key the cache too)."""

    path: Path  # resolved
    root: Path  # the artwork folder holding it: nothing it references lies outside
    images: tuple[Path, ...] = ()


def checked(path: Path, root: Path) -> Artwork:
    """The artwork at `path` (found inside `root`), checked; DataError listing every problem otherwise."""
    file = shown(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:  # reading SVG takes seconds and tens of MB for each MB of it
            raise DataError([(Where(file), f"too large for artwork ({size / 2 ** 20:.1f} MB; at most "
                                           f"{MAX_BYTES >> 20} MB)")])
        data = path.read_bytes()
    except OSError as error:
        raise DataError([(Where(file), f"cannot be read: {error.strerror}")]) from None
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
    images = _check_tree(top, file, path.parent.relative_to(root), root, problems)
    if problems:
        raise DataError(problems)
    return Artwork(path, root, tuple(images))


def _check_tree(top, file: str, folder: PurePosixPath, root: Path, problems: list) -> list[Path]:
    ids = {element.get("id"): _name(element) for element in top.iter(etree.Element) if element.get("id")}
    images = []
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
        for prop, value in _numeric(element):
            wrong = numbers.problem_in(value)
            if wrong:
                problems.append((spot, f"{prop}: {wrong}"))
        href = (element.get(XLINK_HREF) or element.get("href") or "").strip()
        if name == "use" and not (href.startswith("#") and href[1:] in ids):
            problems.append((spot, f"refers to {href[:60]!r}: <use> may only repeat a shape of the same file"))
        elif name == "image":
            image = _image(element, href, folder, root, spot, problems)
            if image is not None:
                images.append(image)
    return images


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


def _image(element, href: str, folder: PurePosixPath, root: Path, spot: Where, problems: list) -> Path | None:
    """Check an <image>: a PNG or JPEG without transparency, embedded or in a file inside the artwork folder,
    in a box of its own proportions. Returns that file, if any."""
    embedded = DATA_IMAGE.match(href)
    if embedded:
        try:
            data, label, path = base64.b64decode(href[embedded.end():]), "the embedded picture", None
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
        data, label = path.read_bytes(), href
    size = _picture_size(data, label, spot, problems)
    if size and element.get("preserveAspectRatio", "").strip() != "none":
        _check_proportions(element, size, label, spot, problems)
    return path


def _picture_size(data: bytes, label: str, spot: Where, problems: list) -> tuple[int, int] | None:
    """The size in pixels of a PNG or JPEG picture without transparency; None (and a problem) otherwise."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as picture:
            picture.load()
            kind, transparent, size = picture.format, _transparent(picture), picture.size
    except Image.DecompressionBombError:
        problems.append((spot, f"{label} has too many pixels to be a picture for print"))
        return None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        problems.append((spot, f"{label} is not a picture that can be read"))
        return None
    if kind not in ("PNG", "JPEG"):
        problems.append((spot, f"{label} is a {kind} picture: use PNG or JPEG"))
    elif transparent:
        problems.append((spot, f"{label} has transparent parts, which would print black: flatten it onto a "
                        "background colour"))
    else:
        return size
    return None


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


def _transparent(picture) -> bool:
    if picture.mode not in ("RGBA", "LA", "PA") and "transparency" not in picture.info:
        return False
    return picture.convert("RGBA").getchannel("A").getextrema()[0] < 255


# --- drawn as PDF operators ---------------------------------------------------------------------------

def art_stream(art, store) -> tuple | None:
    """Checked artwork as PDF operators and transparency states, made once and copied into the form of each
    document that uses it; kept in the cache between runs, keyed by the bytes of the SVG file and of the
    pictures it draws, since reading SVG is the slowest step of a build. None when it cannot be drawn."""
    try:
        sources = art.path.read_bytes() + b"".join(b"\0" + image.read_bytes() for image in art.images)
    except OSError:
        return None
    key = hashlib.sha256(sources).hexdigest()
    stored = store.get("art", key)
    if stored is None:
        stored = _draw_svg(art)
        if stored is None:
            return None
        store.put("art", key, stored)
    code, states, width, height = stored
    return tuple(code), {tuple(k): v for k, v in states}, width, height


def _draw_svg(art) -> list | None:
    from reportlab.graphics import renderPDF  # only needed when the cache lacks this artwork
    from reportlab.pdfgen.canvas import Canvas

    drawing = svg_drawing(art.path, art.root)
    if drawing is None or not drawing.width or not drawing.height:
        return None
    scratch = Canvas(io.BytesIO())
    try:
        scratch.beginForm("art", 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, scratch, 0, 0)
        bad = numbers.unprintable(scratch._code) or numbers.problem(drawing.width, numbers.MAX_DRAWN) or \
            numbers.problem(drawing.height, numbers.MAX_DRAWN)
    except (ValueError, OverflowError, ZeroDivisionError) as error:  # reportlab refuses a number (too large)
        bad = str(error).splitlines()[-1]
    if bad:  # numbers each within range that, scaled by one another, are not
        raise DataError([(Where(shown(art.path)), f"draws numbers no PDF can hold ({clip(bad)}): check its sizes, "
                                                  "viewBox and transforms")])
    return [scratch._code, [[list(k), v] for k, v in scratch._extgstate._c.items()], drawing.width, drawing.height]


def svg_drawing(path: Path, root: Path):
    """An SVG file read into a reportlab drawing (None when it cannot be read). svglib too is told to refuse
    any picture outside `root`, the artwork folder: `checked` has made sure there is none."""
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.CRITICAL)
    try:
        return svg2rlg(str(path), external_reference_root=str(root))
    except Exception:  # svglib raises many kinds of parse errors; all mean the same to a designer
        return None
