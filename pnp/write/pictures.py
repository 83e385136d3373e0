"""Raster pictures in a PDF: each stored once in every PDF that shows it, as an image XObject.

A JPEG's bytes, and the compressed pixels of most PNG files, go into the PDF as they are (PDF reads both
compressions itself), so nothing is decoded and encoded again. Only pictures that need it — transparency,
16-bit or interlaced PNG, CMYK JPEG — are decoded and written anew, their transparency as a soft mask.
"""
from __future__ import annotations

import io
import struct
import zlib

from pnp.render.images import Picture

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COLOURS = {0: 1, 2: 3, 3: 1}  # colour types passed through as they are: grey, RGB, palette -> components


def xobject(picture: Picture, reference) -> object:
    """The picture as a PDF image XObject (reportlab's PDFStream); `reference(obj)` registers another object of
    the document (a soft mask) and returns a reference to it."""
    data = picture.read_bytes()
    if picture.format == "JPEG":
        stream = _jpeg(data, picture)
    else:
        stream = _png(data, picture)
    return stream or _decoded(data, picture, reference)


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


def _decoded(data: bytes, picture: Picture, reference):
    """Any other picture (`data`, its file's bytes), decoded: its colour compressed anew, its transparency (if
    any) as a soft mask."""
    from PIL import Image
    from reportlab.pdfbase.pdfdoc import PDFName

    with Image.open(io.BytesIO(data)) as opened:
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
