"""Faces as pictures (for `pnp export`): each face laid on a page of its own, the page as large as the face
with its bleed, written as PDF (pdf.py, as every kit page is) and drawn by pypdfium2 at the scale asked for.

A `Frame` says what picture a face is to make: how many pixels a millimetre of the face takes, and the
picture's size in pixels, the face's trimmed area at its middle. A frame larger than the face with its drawn
bleed is filled out by drawing its outermost pixels out to the edge (a shop that asks for more bleed than the
data draws gets it so); a smaller one cuts the bleed off. Each picture is kept in the cache (pnp.write.cache)
by the face's key and its frame, so an export done before takes its pictures from there; the faces are drawn
some at a time, so that a deck of any size never waits whole in memory.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from pnp.layout.imposition import Page, Slot
from pnp.model.geometry import Box
from pnp.model.units import PT
from pnp.render.keys import digest

BATCH = 48  # faces drawn from one PDF: enough to share the PDF's making, few enough to keep memory flat
PNG_LEVEL = 1  # zlib's level for the pictures written: the fastest; a higher one saves little on flat colours


@dataclass(frozen=True)
class Frame:
    """A picture of a face: `scale` pixels a millimetre, `size` (w, h) pixels, its trim at the middle."""

    scale: float
    size: tuple[int, int]

    @staticmethod
    def at_dpi(face_size, dpi: float, bleed: float) -> "Frame":
        """A face at `dpi`, with `bleed` mm round its trim (0: trimmed)."""
        scale = dpi / 25.4
        w, h = face_size
        return Frame(scale, (round(w * scale) + 2 * round(bleed * scale), round(h * scale) + 2 * round(bleed * scale)))

    def trim(self, face_size) -> tuple[int, int]:
        """The trimmed face's size in pixels."""
        return round(face_size[0] * self.scale), round(face_size[1] * self.scale)


def png(picture) -> bytes:
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


class Pictures:
    """Faces made into pictures by `maker` (pnp.render.faces.FaceMaker), kept in its store."""

    def __init__(self, maker):
        self.maker = maker
        self.store = maker.store
        self.made = 0  # pictures drawn in this run (not taken from the cache)

    def key(self, face, frame: Frame) -> str:
        return digest("face picture", face.key, frame.scale, frame.size)

    def pngs(self, wanted):
        """For each (face, frame) of the iterable `wanted`, in turn, its picture as PNG bytes."""
        batch: list = []
        for face, frame in wanted:
            batch.append((face, frame))
            if len(batch) >= BATCH:
                yield from self._batch(batch)
                batch = []
        yield from self._batch(batch)

    def pictures(self, wanted):
        """As `pngs`, each picture a PIL image (RGB)."""
        from PIL import Image

        for data in self.pngs(wanted):
            with Image.open(io.BytesIO(data)) as picture:
                yield picture.convert("RGB")

    def _batch(self, batch: list) -> list:
        keys = [self.key(face, frame) for face, frame in batch]
        found = [self.store.fetch("face-picture", key, face.lasting) for key, (face, _) in zip(keys, batch)]
        missing = [index for index, data in enumerate(found) if data is None]
        if missing:
            for index, data in zip(missing, self._drawn([batch[index] for index in missing])):
                found[index] = data
                self.store.keep("face-picture", keys[index], data, batch[index][0].lasting)
            self.store.commit()  # the pictures wait on disk, not in memory
            self.made += len(missing)
        return found

    def _drawn(self, batch: list):
        """The pictures of faces none of which is in the cache: laid on pages of their own, drawn by pdfium."""
        import pypdfium2  # only when a picture is drawn: the slowest import of the program

        from pnp.write.pdf import Document

        document = Document("faces", maker=self.maker)
        for face, _ in batch:
            document.page(_page(face))
        pdf = pypdfium2.PdfDocument(document.bytes())
        try:
            for index, (face, frame) in enumerate(batch):
                picture = pdf[index].render(scale=frame.scale * 25.4 / 72).to_pil().convert("RGB")
                yield png(_framed(picture, face, frame))
        finally:
            pdf.close()


def _page(face) -> Page:
    """A page as large as `face` with its bleed, holding it alone."""
    w, h = face.size
    b = face.bleed
    size = (w + 2 * b, h + 2 * b)
    return Page(size=size, side="face", placed=[(Slot(Box(b, b, b + w, b + h), 0, Box(0.0, 0.0, *size)), face)],
                marks=False, furniture=False)


def _framed(picture, face, frame: Frame):
    """A face's picture (the face with its bleed, at the frame's scale) set in the frame: its trim at the
    middle, the edges drawn out where the frame is larger, cut where it is smaller."""
    from PIL import Image

    W, H = frame.size
    trim_w, trim_h = frame.trim(face.size)
    bleed = round(face.bleed * frame.scale)
    if picture.size != (trim_w + 2 * bleed, trim_h + 2 * bleed):  # pdfium rounds a page's size its own way
        picture = picture.resize((trim_w + 2 * bleed, trim_h + 2 * bleed), Image.LANCZOS)
    x, y = (W - trim_w) // 2 - bleed, (H - trim_h) // 2 - bleed
    if (x, y, picture.size) == (0, 0, (W, H)):
        return picture
    canvas = Image.new("RGB", (W, H), "white")
    canvas.paste(picture, (x, y))
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + picture.width, W), min(y + picture.height, H)
    if x0 > 0:
        canvas.paste(canvas.crop((x0, y0, x0 + 1, y1)).resize((x0, y1 - y0)), (0, y0))
    if x1 < W:
        canvas.paste(canvas.crop((x1 - 1, y0, x1, y1)).resize((W - x1, y1 - y0)), (x1, y0))
    if y0 > 0:
        canvas.paste(canvas.crop((0, y0, W, y0 + 1)).resize((W, y0)), (0, 0))
    if y1 < H:
        canvas.paste(canvas.crop((0, y1 - 1, W, y1)).resize((W, H - y1)), (0, y1))
    return canvas


def lowest_dpi(maker, face) -> tuple[float, str] | None:
    """The lowest resolution (dots an inch at its printed size) of the raster pictures `face` places, its own
    and those of the faces it holds, with the picture's name; None when it places none."""
    drawing = maker.drawing(face)
    found = []
    for index, dpi in drawing.dpi.items():
        picture = drawing.uses[int(index)]
        found.append((dpi, maker.library.names.get(picture, picture.path.name)))
    for use in drawing.uses:
        if hasattr(use, "steps") and hasattr(use, "key"):  # a face it holds (an underlay)
            inner = lowest_dpi(maker, use)
            if inner:
                found.append(inner)
    return min(found) if found else None
