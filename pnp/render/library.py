"""A game's artwork and pictures as its faces place them: each file found (in the game's own artwork folder, else
the shared one), checked and read once a build, SVG artwork turned into PDF operators once (and kept in the
cache between runs)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from pnp import resources
from pnp.errors import DataError, Where
from pnp.render import images

ART_STEP = "art low ink"  # how the store names low-ink artwork (pnp/render/ink.py) among what a drawing places


class Library:
    """The artwork and pictures of a game, found in `folders` (its own artwork folder first); `store` keeps
    what was read of them between runs (pnp.write.cache.Store)."""

    def __init__(self, folders: list[Path], store):
        self.folders, self.store = folders, store
        self.arts: dict = {}  # (path, folder) -> Artwork, checked once a build
        self.pictures: dict = {}  # path -> Picture, read once a build
        self.names: dict = {}  # Artwork or Picture -> the `src` that named it
        self.found: dict = {}  # (step, src) -> the Artwork or Picture it names
        self.streams: dict = {}  # Artwork -> its PDF operators

    def placed(self, step: str, src: str, where: Where, problems: list):
        """The checked artwork (an `art` step) or picture (an `image` step) `src` names; None, with the problem
        noted, when there is none to draw."""
        if step == ART_STEP:
            from pnp.render.ink import LowInkArt

            found = self.placed("art", src, where, problems)
            return found and LowInkArt(found)
        found = self.found.get((step, src))
        if found is None:
            found = self._placed(step, src, where, problems)
            if found is not None:
                self.found[step, src] = found
        return found

    def _placed(self, step: str, src: str, where: Where, problems: list):
        path = resources.find_file(src, self.folders, "the artwork folders", where, problems,
                                   f"{'artwork' if step == 'art' else 'picture'} not found: artwork/{src}")
        if path is None:
            return None
        folder = next(root for root in self.folders if (root / src).is_file())  # the one that holds it
        try:
            return self._read_file(step, src, path, folder)
        except images.Unprintable as error:
            problems.append((where, f"image {src} {error}"))
        except DataError as error:
            problems.extend(error.problems)
        return None

    def _read_file(self, step: str, src: str, path: Path, folder: Path):
        if step == "image":
            if not path.name.lower().endswith(images.RASTER):
                raise images.Unprintable("must be a PNG or JPEG file (.png, .jpg, .jpeg)")
            if path not in self.pictures:
                self.pictures[path] = images.read(path, self.store)
            found = self.pictures[path]
        else:
            from pnp.render import artwork  # lxml, for SVG files only

            if (path, folder) not in self.arts:
                self.arts[path, folder] = artwork.checked(path, folder.resolve(), self.store)
            found = self.arts[path, folder]
        self.names[found] = src
        return found

    def art_stream(self, art) -> tuple | None:
        """Artwork turned into PDF operators (see artwork.art_stream), once a build."""
        if art not in self.streams and getattr(art, "ink", "") == "low":
            from pnp.render.ink import lightened_stream

            stream = self.art_stream(art.art)
            self.streams[art] = stream and lightened_stream(stream)
        if art not in self.streams:
            from pnp.render.artwork import art_stream

            _platypus_when_asked()
            self.streams[art] = art_stream(art, self.store)
        return self.streams[art]

    def art_size(self, art, where: Where) -> tuple[float, float]:
        """The size of a piece of artwork's own drawing, in points."""
        stream = self.art_stream(art)
        if stream is None:
            raise DataError([(where, f"artwork {art.path.name} is not an SVG file that can be read")])
        return stream[2], stream[3]

    def size_of(self, use, where: Where) -> list:
        """What a drawing places (artwork or a picture), as the store keeps it: its step, its `src` and the size
        it had."""
        if isinstance(use, images.Picture):
            return ["image", self.src(use), *use.size]
        if getattr(use, "ink", "") == "low":
            return [ART_STEP, self.src(use.art), *self.art_size(use, where)]
        return ["art", self.src(use), *self.art_size(use, where)]

    def src(self, use) -> str:
        """The `src` that names `use`: as a step named it, or (for one found by another build's library, whose
        steps a face kept) its path inside the artwork folder that holds it."""
        if use not in self.names:
            for folder in self.folders:
                if use.path.is_relative_to(folder.resolve()):
                    self.names[use] = use.path.relative_to(folder.resolve()).as_posix()
                    break
        return self.names[use]


def _platypus_when_asked() -> None:
    """reportlab's platypus package (paragraphs, tables, page templates) loaded only when something asks for
    more of it than `Flowable`. Drawing SVG (svglib, reportlab's graphics) needs that one class of it, yet
    importing the package whole compiles large regular expressions: some 45 ms of every build that draws
    artwork the cache lacks. The package's own code runs, whole, at the first use of any other of its names."""
    if "reportlab.platypus" in sys.modules:
        return
    spec = importlib.util.find_spec("reportlab.platypus")
    package = importlib.util.module_from_spec(spec)

    def __getattr__(name: str):
        del package.__getattr__
        spec.loader.exec_module(package)
        return getattr(package, name)

    package.__getattr__ = __getattr__
    sys.modules["reportlab.platypus"] = package
    from reportlab.platypus.flowables import Flowable

    package.Flowable = Flowable
