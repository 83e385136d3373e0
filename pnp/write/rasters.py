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
from pnp.render.faces import Face
from pnp.render.keys import digest

BATCH = 24  # faces drawn from one PDF: enough to share the PDF's making, few enough to keep memory flat
PARALLEL = 2 * BATCH  # faces to draw past which the pictures are drawn in other processes, one a processor
BAND = 1200  # rows of a picture packed at a time: a card's whole, a 4,096-pixel sheet's third
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

    def place(self, face) -> tuple[int, int, int, int]:
        """Where in the picture the face with its drawn bleed lies, in pixels: (x0, y0, x1, y1) from the top
        left corner, within the picture."""
        W, H = self.size
        trim_w, trim_h = self.trim(face.size)
        bleed = round(face.bleed * self.scale)
        x, y = (W - trim_w) // 2, (H - trim_h) // 2
        return max(x - bleed, 0), max(y - bleed, 0), min(x + trim_w + bleed, W), min(y + trim_h + bleed, H)


def png(picture) -> bytes:
    """A picture (PIL) as PNG bytes in RGB, written plainly (no filter, zlib's fastest level): a third faster
    than PIL's writer, and as small on faces of flat colours. Every PNG pnp writes is written here: exports'
    faces and sheets, previews' pages and faces."""
    import struct
    import zlib

    if picture.mode != "RGB":
        picture = picture.convert("RGB")
    w, h = picture.size
    stride, packed, deflate = 3 * w, [], zlib.compressobj(PNG_LEVEL)
    for top in range(0, h, BAND):  # a band of rows at a time: a big sheet is never copied whole
        raw = picture.crop((0, top, w, min(top + BAND, h))).tobytes() if h > BAND else picture.tobytes()
        packed.append(deflate.compress(b"".join(b"\x00" + raw[at:at + stride] for at in range(0, len(raw), stride))))
    packed.append(deflate.flush())

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", b"".join(packed)) + chunk(b"IEND", b""))


class Pictures:
    """Faces made into pictures by `maker` (pnp.render.faces.FaceMaker), kept in its store."""

    def __init__(self, maker):
        self.maker = maker
        self.store = maker.store
        self.made = 0  # pictures drawn in this run (not taken from the cache)
        self.pool = None  # the processes drawing pictures, when there are many to draw

    def key(self, face, frame: Frame) -> str:
        """What a picture is kept by: its face's key, which tells apart what faces show (a face made of others,
        a sheet over its background, by theirs), and its frame."""
        return digest("face picture", face.key, frame.scale, frame.size)

    def pngs(self, wanted):
        """For each (face, frame) of the iterable `wanted`, in turn, its picture as PNG bytes. The faces not in
        the cache are laid on pages here, a batch at a time, while other processes draw the batch before."""
        pending: list = []
        try:
            batch: list = []
            for item in wanted:
                batch.append(item)
                if len(batch) >= BATCH:
                    pending.append(self._start(batch))
                    batch = []
                    if len(pending) > 2:
                        yield from self._finish(pending.pop(0))
            if batch:
                pending.append(self._start(batch))
            while pending:
                yield from self._finish(pending.pop(0))
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)
                self.pool = None

    def pictures(self, wanted):
        """As `pngs`, each picture a PIL image (RGB)."""
        from PIL import Image

        for data in self.pngs(wanted):
            with Image.open(io.BytesIO(data)) as picture:
                yield picture.convert("RGB")

    def _start(self, batch: list) -> tuple:
        """Look a batch up in the cache and start drawing what it lacks: (its keys, what was found, the
        indexes of the faces being drawn, the drawing: a future or the pictures)."""
        keys = [self.key(face, frame) for face, frame in batch]
        found = [self.store.fetch("face-picture", key) for key in keys]
        missing = [index for index, data in enumerate(found) if data is None]
        if not missing:
            return keys, found, missing, None
        from pnp.write.pdf import Document

        document = Document("faces", maker=self.maker)
        for index in missing:
            document.page(_page(*batch[index]))
        job = (document.bytes(), [(batch[index][1], batch[index][1].place(batch[index][0])) for index in missing])
        if self.pool is None and len(missing) == len(batch) and self.made + len(missing) >= PARALLEL:
            self.pool = _pool()  # (None where processes cannot be forked: drawn here, one at a time)
        self.made += len(missing)
        return keys, found, missing, self.pool.submit(drawn, *job) if self.pool else drawn(*job)

    def _finish(self, started: tuple) -> list:
        keys, found, missing, drawing = started
        if missing:
            pictures = drawing if isinstance(drawing, list) else drawing.result()
            for index, data in zip(missing, pictures):
                found[index] = data
                self.store.keep("face-picture", keys[index], data)
            self.store.commit()  # the pictures wait on disk, not in memory
        return found


def _pool():
    """Processes to draw pictures in, one a processor (forked: each starts at once, with what is loaded); None
    on a system that cannot fork, or with a single processor."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    if "fork" not in multiprocessing.get_all_start_methods() or (os.cpu_count() or 1) < 2:
        return None
    return ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=multiprocessing.get_context("fork"))


def drawn(pdf: bytes, frames: list) -> list[bytes]:
    """Each page of a PDF of faces (`_page`) drawn at its frame, as PNG bytes; `frames` is each page's frame
    and where its face with its bleed lies in the picture (Frame.place). Anything of the picture beyond that
    is the face's outermost pixels, drawn out to the edge."""
    import pypdfium2  # only when a picture is drawn: the slowest import of the program

    document = pypdfium2.PdfDocument(pdf)
    try:
        made = []
        for index, (frame, drawn_box) in enumerate(frames):
            picture = document[index].render(scale=frame.scale * 25.4 / 72, rev_byteorder=True).to_pil()
            if picture.mode != "RGB":
                picture = picture.convert("RGB")
            made.append(png(_filled(picture, frame, drawn_box)))
        return made
    finally:
        document.close()


def _page(face, frame: Frame) -> Page:
    """A page as large as the frame (so that pdfium draws it at its size in pixels), holding the face, its
    trim at the frame's middle, with as much of its bleed as falls on the page."""
    s = frame.scale
    W, H = frame.size
    trim_w, trim_h = frame.trim(face.size)
    w, h = face.size
    x = (W - trim_w) // 2 / s
    y = (H - (H - trim_h) // 2) / s - h  # from the foot of the page
    b = face.bleed
    page = Box(0.0, 0.0, (W - 0.01) / s, (H - 0.01) / s)  # pdfium rounds up: exactly W × H pixels
    clip = Box(max(x - b, 0.0), max(y - b, 0.0), min(x + w + b, page.x1), min(y + h + b, page.y1))
    return Page(size=(page.x1, page.y1), side="face", placed=[(Slot(Box(x, y, x + w, y + h), 0, clip), face)],
                marks=False, furniture=False)


def _filled(picture, frame: Frame, drawn_box):
    """The picture cut to the frame's size (pdfium rounds a page's size up), and the part beyond the face's
    drawn bleed filled with its outermost pixels drawn out to the edge."""
    W, H = frame.size
    if picture.size != (W, H):
        picture = picture.crop((0, 0, W, H))
    x0, y0, x1, y1 = drawn_box
    if x0 > 0:
        picture.paste(picture.crop((x0, y0, x0 + 1, y1)).resize((x0, y1 - y0)), (0, y0))
    if x1 < W:
        picture.paste(picture.crop((x1 - 1, y0, x1, y1)).resize((W - x1, y1 - y0)), (x1, y0))
    if y0 > 0:
        picture.paste(picture.crop((0, y0, W, y0 + 1)).resize((W, y0)), (0, 0))
    if y1 < H:
        picture.paste(picture.crop((0, y1 - 1, W, y1)).resize((W, H - y1)), (0, y1))
    return picture


def lowest_dpi(maker, face) -> tuple[float, str] | None:
    """The lowest resolution (dots an inch at its printed size) of the raster pictures `face` places, its own
    and those of the faces it holds, with the picture's name; None when it places none."""
    drawing = maker.drawing(face)
    found = []
    for index, dpi in drawing.dpi.items():
        picture = drawing.uses[int(index)]
        found.append((dpi, maker.library.names.get(picture, picture.path.name)))
    for use in drawing.uses:
        if isinstance(use, Face):  # a face it holds (an underlay)
            inner = lowest_dpi(maker, use)
            if inner:
                found.append(inner)
    return min(found) if found else None
