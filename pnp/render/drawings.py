"""Faces drawn: each distinct face once a build, as PDF operators (pnp/render/draw.py), the drawing of a face a
template made kept in the cache between runs (and taken from there while what it places is unchanged), the
drawing of a face made from others (a net, a proof, a rules page) kept aside for the build. Pictures that will
print soft are told to `warn(where, message, Alike)`."""
from __future__ import annotations

import itertools

from pnp.errors import Alike, Where
from pnp.render import images
from pnp.render.draw import Drawing, Painter
from pnp.render.keys import digest

MAKERS = itertools.count()  # keeps each build's own drawings apart from another's in the store
KEPT = 1100  # drawings of faces a template made, kept in memory as well as in the store, so that the PDFs that print
# one (its part's and the kit) take it from there: for a build of no more such faces (some 9 KB each); a bigger
# one reads them from the store, its memory flat


class Drawings:
    def __init__(self, palette: dict, library, store, warn):
        self.palette, self.library, self.store, self.warn = palette, library, store, warn
        self._painter: Painter | None = None
        self.derived: dict[str, tuple] = {}  # key of a face made here from others -> what its drawing places
        self.warned: set = set()
        self.serial = next(MAKERS)
        self.kept: dict[str, Drawing] | None = {}  # face key -> its drawing, read or drawn in this build (None:
        # more than KEPT, kept no more)

    @property
    def painter(self) -> Painter:
        if self._painter is None:
            self._painter = Painter(self.palette, self.library.art_size)
        return self._painter

    def drawing(self, face) -> Drawing:
        """A face's drawing: from the store when what it places is unchanged, else drawn now (and stored)."""
        if not face.lasting:
            return self._derived(face)
        drawing = self.kept.get(face.key) if self.kept is not None else None
        if drawing is None:
            stored = self.store.get("drawing", face.key)
            drawing = self._resolved(stored, face.where) if stored else None
            if drawing is None:
                drawing = self.painter.record(face)
                self.store.put("drawing", face.key, self.described(drawing))
            self.keep(face.key, drawing)
        self._check_sharpness(drawing, face.where)
        return drawing

    def known(self, key: str) -> Drawing | None:
        """The drawing of a face a template made (by its key), when this build keeps it in memory (see `keep`)."""
        return self.kept.get(key) if self.kept is not None else None

    def keep(self, key: str, drawing: Drawing) -> None:
        """Keep the drawing of a face a template made (under its key) for the rest of the build, unless the
        build has more than KEPT."""
        if self.kept is not None and key not in self.kept:
            if len(self.kept) >= KEPT:
                self.kept = None
                return
            self.kept[key] = drawing

    def _derived(self, face) -> Drawing:
        """The drawing of a face made from others (a proof, a layered sheet, a net, a rules page): drawn once a
        build and kept aside for it; what it places stays in memory, by the face's key."""
        key = digest(self.serial, face.key)
        stored = self.store.get("drawing", key, lasting=False) if key in self.derived else None
        if stored is not None:
            drawing = Drawing(stored["code"], _states(stored["states"]), *self.derived[key])
        else:
            drawing = self.painter.record(face)
            self.derived[key] = (drawing.uses, drawing.dpi, drawing.transparent)
            self.store.put("drawing", key, {"code": drawing.code, "states": _stored_states(drawing.states)},
                           lasting=False)
        self._check_sharpness(drawing, face.where)
        return drawing

    def _check_sharpness(self, drawing: Drawing, where: Where) -> None:
        for index, dpi in drawing.dpi.items():
            picture = drawing.uses[int(index)]
            src = self.library.names.get(picture, picture.path.name)
            if dpi < images.SHARP_DPI - 0.5 and (src, round(dpi)) not in self.warned:
                self.warned.add((src, round(dpi)))
                self.warn(where, f"image {src} ({picture.size[0]} × {picture.size[1]} pixels) prints at "
                                 f"{dpi:.0f} dpi; {images.SHARP_DPI} dpi or more prints sharp",
                          Alike("picture", "pictures", f"print below {images.SHARP_DPI} dpi", f"{src} ({dpi:.0f} dpi)"))

    def described(self, drawing: Drawing) -> dict:
        """A drawing as the store keeps it: what it places named by `src`, with the size it had."""
        return {"code": drawing.code, "states": _stored_states(drawing.states),
                "uses": [self.library.size_of(use, None) for use in drawing.uses], "dpi": drawing.dpi,
                "transparent": drawing.transparent}

    def _resolved(self, stored: dict, where: Where) -> Drawing | None:
        """A stored drawing with what it places found again; None when any of it is gone or has changed size."""
        uses = []
        for step, src, *size in stored["uses"]:
            problems: list = []
            found = self.library.placed(step, src, where, problems)
            if found is None or problems:
                return None
            now = found.size if step == "image" else self.library.art_size(found, where)
            if list(now) != size:
                return None
            uses.append(found)
        return Drawing(stored["code"], _states(stored["states"]), tuple(uses),
                       {int(index): dpi for index, dpi in stored["dpi"].items()}, stored["transparent"])


def _stored_states(states: tuple) -> list:
    return [[key, value, name] for (key, value), name in states]


def _states(stored: list) -> tuple:
    return tuple(((key, value), name) for key, value, name in stored)
