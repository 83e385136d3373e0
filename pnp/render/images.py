"""Raster pictures for the `image` step: PNG and JPEG files, each stored once in every PDF that shows it.

A JPEG's bytes, and the compressed pixels of most PNG files, go into the PDF as they are (PDF reads both
compressions itself), so nothing is decoded and encoded again. Only pictures that need it — transparency,
16-bit or interlaced PNG, CMYK JPEG — are decoded and written anew, their transparency as a soft mask.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

RASTER = (".png", ".jpg", ".jpeg")  # the names of the pictures PDF stores as they are
SHARP_DPI = 300  # below this, at the size it prints, a picture looks soft: the build warns
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COLOURS = {0: 1, 2: 3, 3: 1}  # colour types passed through as they are: grey, RGB, palette -> components


@dataclass(frozen=True)
class Picture:
    """A raster file that was read and found printable."""

    path: Path
    size: tuple[int, int]  # pixels
    format: str  # PNG or JPEG
    mode: str  # PIL's name for its colours: L, RGB, CMYK, P, RGBA ...

    def dpi(self, w: float, h: float) -> float:
        """Its resolution when fitted, keeping its proportions, into a box of w × h mm."""
        scale = min(w / self.size[0], h / self.size[1])  # mm a pixel
        return 25.4 / scale if scale > 0 else float("inf")


def read(path: Path, store=None) -> Picture:
    """The picture at `path`; ValueError saying what is wrong when it is not a PNG or JPEG that can be read.
    What was found is kept in `store` (a cache.Store), by the file's name, size and time."""
    from pnp.write import cache

    stat = path.stat()
    key = cache.digest(str(path), stat.st_size, stat.st_mtime_ns)
    known = store.get("picture", key) if store else None
    if known is None:
        known = _examined(path)
        if store:
            store.put("picture", key, known)
    size, kind, mode = known
    return Picture(path, tuple(size), kind, mode)


def _examined(path: Path) -> list:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as picture:
            kind, size, mode = picture.format, picture.size, picture.mode
            picture.verify()  # every chunk's checksum, without decoding the pixels
    except Image.DecompressionBombError:
        raise ValueError("has too many pixels to be a picture for print") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error):
        raise ValueError("is not a picture that can be read") from None
    if kind not in ("PNG", "JPEG"):
        raise ValueError(f"is a {kind} picture: use PNG or JPEG")
    return [size, kind, mode]


def xobject(picture: Picture, reference) -> object:
    """The picture as a PDF image XObject (reportlab's PDFStream); `reference(obj)` registers another object of
    the document (a soft mask) and returns a reference to it."""
    data = picture.path.read_bytes()
    if picture.format == "JPEG":
        stream = _jpeg(data, picture)
    else:
        stream = _png(data, picture)
    return stream or _decoded(picture, reference)


def _stream(picture: Picture, colour_space, bits: int, filter_name: str, data: bytes, **extra):
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream

    w, h = picture.size
    entries = {"Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": w, "Height": h,
               "ColorSpace": colour_space, "BitsPerComponent": bits, "Filter": PDFName(filter_name), **extra}
    return PDFStream(PDFDictionary(entries), data)  # its Filter given: written as it is


def _jpeg(data: bytes, picture: Picture):
    from reportlab.pdfbase.pdfdoc import PDFName

    space = {"L": "DeviceGray", "RGB": "DeviceRGB"}.get(picture.mode)
    return _stream(picture, PDFName(space), 8, "DCTDecode", data) if space else None


def _png(data: bytes, picture: Picture):
    """A PNG's own compressed pixels, when PDF can read them as they are: 8-bit grey or RGB, or a palette,
    without transparency or interlacing."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName

    chunks = {}
    pixels = []
    at = len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IDAT":
            pixels.append(body)
        else:
            chunks.setdefault(kind, body)
        at += 12 + length
    _, _, bits, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if colour not in PNG_COLOURS or interlace or b"tRNS" in chunks or bits == 16 or (colour != 3 and bits != 8):
        return None
    if colour == 3:
        palette = chunks.get(b"PLTE", b"")
        space = PDFArray([PDFName("Indexed"), PDFName("DeviceRGB"), len(palette) // 3 - 1, f"<{palette.hex()}>"])
    else:
        space = PDFName("DeviceGray" if colour == 0 else "DeviceRGB")
    parameters = PDFDictionary({"Predictor": 15, "Colors": PNG_COLOURS[colour], "BitsPerComponent": bits,
                                "Columns": picture.size[0]})
    return _stream(picture, space, bits, "FlateDecode", b"".join(pixels), DecodeParms=parameters)


def _decoded(picture: Picture, reference):
    """Any other picture, decoded: its colour compressed anew, its transparency (if any) as a soft mask."""
    from PIL import Image
    from reportlab.pdfbase.pdfdoc import PDFName

    with Image.open(picture.path) as opened:
        opened.load()
        if opened.mode in ("P", "PA", "LA", "RGBA", "I;16", "I") or "transparency" in opened.info:
            opened = opened.convert("RGBA")
        alpha = opened.getchannel("A") if opened.mode == "RGBA" else None
        colour = opened.convert("L" if opened.mode in ("L", "1") else "RGB")
    extra = {}
    if alpha is not None and alpha.getextrema()[0] < 255:
        mask = _stream(picture, PDFName("DeviceGray"), 8, "FlateDecode", zlib.compress(alpha.tobytes()))
        extra["SMask"] = reference(mask)
    space = "DeviceGray" if colour.mode == "L" else "DeviceRGB"
    return _stream(picture, PDFName(space), 8, "FlateDecode", zlib.compress(colour.tobytes()), **extra)
