"""Raster pictures: PNG and JPEG files an `image` step places or an SVG file draws (or holds), read and found
printable once a build, without decoding their pixels (how a PDF stores them: pnp/write/pictures.py)."""
from __future__ import annotations

import hashlib
import importlib.util
import io
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

RASTER = (".png", ".jpg", ".jpeg")  # the names of the pictures PDF stores as they are
SHARP_DPI = 300  # below this, at the size it prints, a picture looks soft: the build warns


class Unprintable(Exception):
    """A file an `image` step names that cannot be printed: what is wrong with it, said of the picture."""


@dataclass(frozen=True)
class Picture:
    """A raster file that was read and found printable."""

    path: Path = field(repr=False)  # its file; for a picture an SVG file holds, that SVG file
    size: tuple[int, int]  # pixels
    format: str  # PNG or JPEG
    mode: str  # PIL's name for its colours: L, RGB, CMYK, P, RGBA ...
    content: str  # a digest of its bytes: what a face placing it shows, wherever the file lies (its repr's part)
    data: bytes | None = field(default=None, repr=False)  # the bytes of a picture an SVG file holds

    def read_bytes(self) -> bytes:
        return self.path.read_bytes() if self.data is None else self.data

    def dpi(self, w: float, h: float) -> float:
        """Its resolution when fitted, keeping its proportions, into a box of w × h mm."""
        scale = min(w / self.size[0], h / self.size[1])  # mm a pixel
        return 25.4 / scale if scale > 0 else float("inf")


def read(path: Path, store=None) -> Picture:
    """The picture at `path`; Unprintable saying what is wrong when it is not a PNG or JPEG that can be read.
    What was found is kept in `store` (pnp.write.cache.Store), by the file's name, size and time."""
    stat = path.stat()
    key = f"{path}|{stat.st_size}|{stat.st_mtime_ns}"
    known = store.get("picture", key) if store else None
    if known is None:
        known = [*_examined(path), hashlib.sha256(path.read_bytes()).hexdigest()]
        if store:
            store.put("picture", key, known)
    size, kind, mode, content = known
    return Picture(path, tuple(size), kind, mode, content)


def held(data: bytes, path: Path, store=None) -> Picture:
    """The picture whose bytes are `data`, held by the file at `path` (an SVG file); Unprintable as `read`.
    What was found is kept in `store` by a digest of the bytes."""
    key = hashlib.sha256(data).hexdigest()
    known = store.get("held-picture", key) if store else None
    if known is None:
        known = _examined(io.BytesIO(data))
        if store:
            store.put("held-picture", key, known)
    size, kind, mode = known
    return Picture(path, tuple(size), kind, mode, key, data)


def _examined(source) -> list:
    """The size, format and mode of the picture in `source` (a path or a binary file)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(source) as picture:
            kind, size, mode = picture.format, picture.size, picture.mode
            picture.verify()  # every chunk's checksum, without decoding the pixels
    except Image.DecompressionBombError:
        raise Unprintable("has too many pixels to be a picture for print") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error):
        raise Unprintable("is not a picture that can be read") from None
    if kind not in ("PNG", "JPEG"):
        raise Unprintable(f"is a {kind} picture: use PNG or JPEG")
    return [size, kind, mode]


def pillow_when_asked() -> None:
    """Pillow's image module (which reportlab's utilities import, whole, as they load) loaded when something
    first uses it: some 10 ms of every build, and a kit that places no raster picture, or places it as its file
    holds it, never does. Called before reportlab is imported."""
    if "PIL.Image" in sys.modules:
        return
    spec = importlib.util.find_spec("PIL.Image")
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["PIL.Image"] = module
    spec.loader.exec_module(module)
    sys.modules["PIL"].Image = module
