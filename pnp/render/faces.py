"""Faces: a jinja2 template rendered for one card or sheet, read as a list of drawing steps, checked and drawn.

A template writes YAML: a list of steps such as `- rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: red}`.
Coordinates are millimetres from the top-left corner of the trimmed face; bleed lies at negative
coordinates and beyond the size. Identical renderings are one face, drawn once and placed many times.

Each distinct face is read, checked and drawn once a build, and what that gave is kept in the cache
(`cache.Store`): the text a template rendered from the same data, the steps read from that text and checked,
what keeps its text from being read (see legibility), the face's drawing. A later build takes them from there,
checking again only what may have changed since (the artwork and pictures a drawing places); a face's steps
and drawing stay on disk until they are needed.

A face that cannot be made does not stop the others: what is wrong with each is noted, and `report` gives
every problem and warning of the faces made so far, each told once for all the faces it was found on.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import os
from pathlib import Path

from pnp import resources
from pnp.render import images, legibility
from pnp.write import cache
from pnp.model.specs import Any_, Bool, Choice, Colour, Length, ListOf, Number, Record, Text, line_of
from pnp.read.datafile import parse_yaml
from pnp.render.draw import Drawing, Painter
from pnp.errors import DataError, Where, clip

FONTS = ("sans", "bold", "title")
PLACED = ("art", "image")
MAX_STEPS = 20_000  # drawing steps of one face, its groups' steps counted: the busiest face of the five kits has
# under 1,000, and each step is kept, checked and drawn (a face of millions would fill memory before a PDF is made)
MAKERS = itertools.count()  # steps that place a file of the artwork folders, named by `src`


def step_specs(palette: dict) -> dict:
    """The drawing steps a template may use, each with every key it accepts."""
    colour = Colour(palette)
    paint = {"fill": (colour, "none"), "stroke": (colour, "none"), "width": (Length(), 0.3),
             "dash": (ListOf(Length()), None), "opacity": (Number(), 1.0)}
    box = {"x": Length(), "y": Length(), "w": Length(), "h": Length()}
    points = {"points": ListOf(ListOf(Length(), min_items=2), min_items=2)}
    placed = Record({"src": Text(), **box, "rotate": (Number(), 0.0), "opacity": (Number(), 1.0)})
    return {
        "rect": Record({**box, "r": (Length(), 0.0), **paint}),
        "circle": Record({"x": Length(), "y": Length(), "r": Length(), **paint}),
        "ellipse": Record({"x": Length(), "y": Length(), "rx": Length(), "ry": Length(), **paint}),
        "line": Record({**points, **paint}),
        "polygon": Record({**points, **paint}),
        "text": Record({
            "text": Text(), "x": Length(), "y": Length(), "w": Length(), "h": (Length(), None),
            "size": (Number(), 10.0), "font": (Choice(*FONTS), "sans"), "colour": (colour, "#000000"),
            "align": (Choice("left", "center", "right"), "center"),
            "valign": (Choice("top", "middle", "bottom"), "top"),
            "leading": (Number(), 1.2), "fit": (Bool(), True), "rotate": (Number(), 0.0),
            "opacity": (Number(), 1.0), "fine": (Bool(), False)}),
        "art": placed,
        "image": placed,
        # steps drawn in their own coordinates: origin at (x, y), turned clockwise by `rotate` degrees
        "group": Record({"x": (Length(), 0.0), "y": (Length(), 0.0), "rotate": (Number(), 0.0),
                         "mirror": (Bool(), False),
                         "steps": ListOf(Any_())}),
    }


class Face:
    """One distinct drawing: a card front, a back, a sheet. `key` tells it from every other face.

    `steps` ((name, values) pairs, checked) may be given as a function that fetches them when asked: the steps
    of a big deck's faces stay in the cache, not in memory. A `lasting` face (one a template made) is the same
    in every build that gives it the same key, so its drawing is kept between runs."""

    __slots__ = ("key", "_steps", "size", "bleed", "where", "lasting")

    def __init__(self, key: str, steps, size: tuple[float, float], bleed: float, where: Where,
                 lasting: bool = False):
        self.key, self._steps, self.size, self.bleed, self.where, self.lasting = key, steps, size, bleed, where, lasting

    @property
    def steps(self) -> tuple:
        return self._steps() if callable(self._steps) else self._steps

    def __repr__(self) -> str:
        return f"Face({self.key[:40]!r}, size={self.size}, bleed={self.bleed})"


def layered(under: Face, over: Face) -> Face:
    """`over` drawn on top of `under`, a face of the same size that may be shared by many."""
    return Face(under.key + "\n" + over.key, lambda: (("underlay", {"face": under}),) + over.steps, over.size,
                over.bleed, over.where)


def overlaid(face: Face, steps: tuple, tag: str) -> Face:
    """A face with more steps drawn over it (a token's cut line); `tag` names them in the face's key."""
    if not steps:
        return face
    return Face(f"{face.key}\n{tag}: {steps!r}", lambda: face.steps + tuple(steps), face.size, face.bleed,
                face.where)


def labelled(face: Face, label: str) -> Face:
    """A face with a small label at its foot, inside the trim: a card's id on proofs. On a face too narrow
    for it, the label runs up the right-hand edge, and it is set smaller where even that is too short: a
    proof is read by its designer, close up."""
    w, h = face.size
    turned = w < h and _label_size(label, w - 4.0) < 6.0
    length = (h if turned else w) - 4.0
    size = min(6.0, _label_size(label, length))
    ink = len(label) * 1.3 * size / 6.0
    if turned:  # a box along the edge, turned about its middle
        x, y, box_w, box_h = w - 1.6 - length / 2, h / 2 - 1.3, length, 2.6
        backing = {"x": w - 2.9, "y": 2.0, "w": 2.7, "h": ink + 0.5}
    else:
        x, y, box_w, box_h = 2.0, h - 2.6, length, None
        backing = {"x": w - 2.0 - ink, "y": h - 2.9, "w": ink + 0.5, "h": 2.7}
    text = {"text": label, "x": x, "y": y, "w": box_w, "h": box_h, "size": size, "font": "sans",
            "colour": "#555555", "align": "right", "valign": "top", "leading": 1.2, "fit": False,
            "rotate": 90.0 if turned else 0.0, "opacity": 1.0}
    backing.update({"r": 0.6, "fill": "#FFFFFF", "stroke": "none", "width": 0.0, "dash": None, "opacity": 0.8})
    return Face(f"{face.key}\nproof: {label}", lambda: face.steps + (("rect", backing), ("text", text)),
                face.size, face.bleed, face.where)


def _label_size(label: str, length: float) -> float:
    """The size (pt) at which `label` just fills `length` mm of a line."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.draw import PT, font

    return 0.97 * length * PT / max(pdfmetrics.stringWidth(label, font("sans"), 1.0), 1e-6)


class FaceMaker:
    """Makes a game's faces from its templates and draws them, each distinct face once a build; what an earlier
    build made is taken from `store`. `warn(where, message)` is told of pictures that will print soft."""

    def __init__(self, game, store: cache.Store | None = None, warn=None):
        self.game = game
        self.store = store or cache.shared()
        self.warn = warn or (lambda where, message: None)
        self.specs = step_specs(game.palette)
        self.palette = tuple(game.palette.items())
        self.template_folders = resources.search_path(game.folder, "templates")
        self.art_folders = resources.search_path(game.folder, "artwork")
        self._renderer = None  # jinja2, loaded when a template must be rendered
        self._painter: Painter | None = None
        self._sources: str | None = None
        self.faces: dict[str, Face] = {}  # face key -> Face
        self.keys: dict[str, tuple] = {}  # what a template was given -> what it made: (the key of the face, None
        # when it cannot be made; what keeps its text from being read; what else keeps it from being made)
        self.unread: dict = {}  # (template file, line, kind, error) -> for whom (see _who) -> legibility findings
        self.failed: dict = {}  # (template, field, message) -> for whom -> where: what keeps faces from being made
        self.arts: dict = {}  # (path, folder) -> Artwork, checked once a build
        self.pictures: dict = {}  # path -> Picture, read once a build
        self.names: dict = {}  # Artwork or Picture -> the `src` that named it
        self.found: dict = {}  # (step, src) -> the Artwork or Picture it names
        self.streams: dict = {}  # Artwork -> its PDF operators
        self.derived: dict[str, tuple] = {}  # key of a face made here from others -> what its drawing places
        self.warned: set = set()
        self.lines: dict = {}  # a step's line as a template wrote it -> the step checked
        self.variables: dict = {}  # template -> the names of the context it reads (None: any), or what it was
        # first given and the key of the face it made then
        self.serial = next(MAKERS)  # keeps this maker's own drawings apart from another's

    # --- faces -------------------------------------------------------------------------------------
    def face(self, template: str, size, bleed: float, where: Where, over: Face | None = None, **context) -> Face:
        """The face `template` draws when given `context` (as `card`, `sheet`, `face` or `panels`) and the
        game, its size and bleed; `where` is the data that asks for it, named in any error. A face drawn `over`
        another (a numbered sheet over its background) has its text read against what that one paints."""
        w, h = size
        first = template not in self.variables
        given = self._given(template, (w, h), bleed, over, context)
        made = self.keys.get(given)
        if made is None:
            stored = self.store.get("rendered", given)
            if stored is None or stored[0] not in self.faces and not self.store.has("face", stored[0]):
                made = self._made(template, (w, h), bleed, where, over, context)
                if made[0] is not None:
                    self.store.put("rendered", given, [made[0], [dataclasses.astuple(note) for note in made[1]]])
            else:
                made = (stored[0], tuple(legibility.Finding(*note) for note in stored[1]), ())
            self.keys[given] = made
        if first:
            self.variables[template] = (context, over, made)  # its names sought when it is asked for again
        key, notes, failures = made
        if notes or failures:
            self._note(template, where, context, notes, failures)
        if key is None:  # never drawn: the build stops once every face is made (see `report`)
            return Face(f"not made: {given}", (), (w, h), bleed, where)
        face = self.faces.get(key)
        if face is None:
            steps = functools.partial(self._steps, key, template, (w, h), bleed, where, context)
            face = self.faces[key] = Face(key, steps, (w, h), bleed, where, lasting=True)
        return face

    def _given(self, template: str, size, bleed: float, over: Face | None, context: dict) -> str:
        """The key of what a template is given: its data, but only the names it reads once it has been asked
        for twice (a back that never reads `card` is rendered once, not once a card); and the face it is drawn
        over, if any."""
        if template not in self.variables:
            used = None
        elif isinstance(self.variables[template], tuple):  # asked for the second time: find its names
            first, first_over, made = self.variables[template]
            self.variables[template] = self._variables(template)
            self.keys.setdefault(self._given(template, size, bleed, first_over, first), made)
            used = self.variables[template]
        else:
            used = self.variables[template]
        return cache.digest(self.sources, template, *size, bleed, *((over.key,) if over else ()),
                            context if used is None else {name: context[name] for name in used if name in context})

    @property
    def sources(self) -> str:
        """What every rendering depends on besides its own data: the game's values and the template files
        (their names, sizes and times)."""
        if self._sources is None:
            files = []
            for root in self.template_folders:
                for folder, _, names in sorted(os.walk(root)):  # (links to folders not followed)
                    for name in sorted(names):
                        try:
                            stat = os.stat(os.path.join(folder, name))
                        except OSError:
                            continue
                        files.append((os.path.relpath(os.path.join(folder, name), root), stat.st_size,
                                      stat.st_mtime_ns))
            self._sources = cache.digest(self.game.context(), self.palette, files)
        return self._sources

    def _variables(self, template: str) -> list | None:
        """The names of the context `template` reads (None: it cannot be told), from the store when known.
        (Sought only for a template asked for more than once: one used once, a board, is not read twice.)"""
        key = cache.digest(self.sources, template)
        found = self.store.get("variables", key)
        if found is None:
            found = {"names": self.renderer.variables(template)}
            self.store.put("variables", key, found)
        return found["names"]

    @property
    def renderer(self):
        """The game's templates in jinja2's sandbox, loaded when first needed."""
        if self._renderer is None:
            from pnp.render.sandbox import Renderer

            self._renderer = Renderer(self.template_folders)
        return self._renderer

    def render(self, template: str, size, bleed: float, where: Where, context: dict) -> str:
        """The text `template` renders for a face of this size and bleed, given `context`."""
        return self.renderer.render(template, where, **self._seen(size, bleed, context))

    def _seen(self, size, bleed: float, context: dict) -> dict:
        """All a template sees: the game, the face's size and bleed, and `context`."""
        w, h = size
        return dict(game=self.game.context(), w=w, h=h, bleed=bleed, palette=self.game.palette, **context)

    def _made(self, template: str, size, bleed: float, where: Where, over: Face | None, context: dict) -> tuple:
        """What a template makes of `context`: (the face's key, or None when it cannot be made; what keeps its
        text from being read; what else keeps it from being made)."""
        try:
            key, notes, failures = self._make(template, size, bleed, where, over, context)
        except DataError as error:
            return None, (), tuple(error.problems)
        return (None if failures or any(note.error for note in notes) else key), notes, failures

    def _make(self, template: str, size, bleed: float, where: Where, over: Face | None,
              context: dict) -> tuple[str, tuple, tuple]:
        """Render, read and check a face and, unless its text cannot be read, draw it and keep its steps and
        drawing in the store; return its key, what keeps its text from being read and what keeps it from being
        drawn. (Every rendering is checked, even one whose face another has made: where the template wrote a
        step is its own.)"""
        text = self.render(template, size, bleed, where, context)
        key = cache.digest(text, size, bleed, self.palette)
        made = key in self.faces or self.store.has("drawing", key)  # (stored after its steps)
        steps = self._read(text, template, size, bleed, where)
        notes = tuple(legibility.problems(steps, size, bleed > 0, self.game.palette, over.steps if over else ()))
        if notes:
            notes = self._placed_notes(notes, text, template, size, bleed, context)
        if not made and not any(note.error for note in notes):
            face = Face(key, steps, size, bleed, where, lasting=True)
            try:
                drawing = self.painter.record(face)
            except DataError as error:  # a character none of the fonts has
                return key, notes, tuple(error.problems)
            self.store.put("face", key, {"steps": self._encoded(steps)})
            self.store.put("drawing", key, self._described(drawing))
        return key, notes, ()

    def _placed_notes(self, notes: tuple, text: str, template: str, size, bleed: float, context: dict) -> tuple:
        """Legibility findings with the template line that wrote each step (the template's name alone when the
        steps' lines cannot be told)."""
        try:
            raw = parse_yaml(text, template, lines=True)
        except DataError:  # read before, but perhaps not by PyYAML (see quickyaml): lines not known
            raw = []
        origins = self.renderer.origins(template, **self._seen(size, bleed, context))
        placed = []
        for note in notes:
            steps, line = raw, 0
            for index in note.path:
                item = steps[index - 1] if isinstance(steps, list) and len(steps) >= index else None
                line = line_of(steps, index - 1) if item is not None else 0
                steps = item.get("group", {}).get("steps") if isinstance(item, dict) and \
                    isinstance(item.get("group"), dict) else None
            file, line = origins[line - 1] if 0 < line <= len(origins) else (f"templates/{template}", 0)
            placed.append(dataclasses.replace(note, file=file, line=line))
        return tuple(placed)

    def _note(self, template: str, where: Where, context: dict, notes: tuple, failures: tuple) -> None:
        """Note what a face made for `context` found, for `report`."""
        who = _who(where, context)
        grouped: dict = {}
        for note in notes:
            grouped.setdefault((note.file, note.line, note.error, note.kind), []).append(note)
        for group, found in grouped.items():
            self.unread.setdefault(group, {}).setdefault(who, found)
        for place, message in failures:
            self.failed.setdefault((template, place.field, message), {}).setdefault(who, place)

    def report(self) -> tuple[list, list]:
        """(errors, warnings) of the faces made so far, as (where, message): what keeps text from being read
        once for each template step (its errors, and its warnings), with the faces it was found on; another
        problem the same on many faces, once, at the first."""
        steps: dict = {}  # (file, line, error) -> [(findings of a kind, the faces they were found on)]
        for (file, line, error, _), found in self.unread.items():
            steps.setdefault((file, line, error), []).append(([note for each in found.values() for note in each],
                                                              _on(found)))
        errors, warnings = [], []
        for (file, line, error), kinds in steps.items():
            labels = list(dict.fromkeys(note.step for found, _ in kinds for note in found))
            step = ", ".join(labels[:3]) + (", …" if len(labels) > 3 else "")
            faces = {on for _, on in kinds}
            shared = faces.pop() if len(faces) == 1 else ""
            message = legibility.describe([(found, "" if shared else on) for found, on in kinds], shared)
            (errors if error else warnings).append((Where(file, line, step), message))
        for (_, _, message), found in self.failed.items():
            first = next(iter(found.values()))
            others = list(found)[1:]
            errors.append((first, message + (f" (also {_on(others, 'more ')})" if others else "")))
        return errors, warnings

    def _steps(self, key: str, template: str, size, bleed: float, where: Where, context: dict) -> tuple:
        """A face's steps, from the store; made again when they are gone, or name artwork that has changed."""
        stored = self.store.get("face", key)
        steps = self._decoded(stored["steps"]) if stored else None
        if steps is None:
            steps = self._read(self.render(template, size, bleed, where, context), template, size, bleed, where)
        return steps

    def _read(self, text: str, template: str, size, bleed: float, where: Where) -> tuple:
        """The checked steps of a rendered face: readable YAML, known steps and values."""
        label = f"{where} (template {template})"
        problems: list = []
        steps = self._quick_steps(text, label, problems)
        if steps is None:
            raw = _parsed(text, template, where)
            if raw is None:
                return ()
            if not isinstance(raw, list):
                raise DataError([(where, f"template {template} must render a list of drawing steps")])
            steps = self._check(raw, label, "", problems)
        if problems:
            raise DataError(problems)
        count = _count(steps)
        if count > MAX_STEPS:
            raise DataError([(where, f"template {template} draws {count:,} steps on one face: a face has at most "
                                     f"{MAX_STEPS:,}")])
        return steps

    def _quick_steps(self, text: str, label: str, problems: list) -> tuple | None:
        """The steps of a face written one a line, as templates write them: each line read (see quickyaml)
        and checked once a build, however many faces share it. None when the text needs PyYAML."""
        from pnp.render import quickyaml

        if quickyaml.AWKWARD.search(text):
            return None
        steps, index, wrong = [], 0, []
        for line in text.split("\n"):
            if not line.startswith("- "):
                if line.strip(" ") and not line.lstrip(" ").startswith("#"):
                    return None
                continue
            step = self.lines.get(line)
            if step is None:
                try:
                    (item,) = quickyaml.load(line)
                except quickyaml.Unsure:
                    return None
                found: list = []
                step = self._check_step(index, item, label, "", found)
                wrong += found
                if step is None or found:
                    index += 1
                    continue
                if len(self.lines) > 4096:  # the lines faces share come back soon: keep memory flat
                    self.lines.clear()
                self.lines[line] = step
            steps.append(step)
            index += 1
        problems += wrong
        return tuple(steps)

    def _check(self, raw: list, label: str, prefix: str, problems: list) -> tuple:
        """Check a list of drawing steps (and the steps of its groups), finding the files they place."""
        steps = (self._check_step(index, item, label, prefix, problems) for index, item in enumerate(raw))
        return tuple(step for step in steps if step is not None)

    def _check_step(self, index: int, item, label: str, prefix: str, problems: list) -> tuple | None:
        """One drawing step checked, as (name, values), the file it places found; None when it is wrong."""
        spot = Where(label, 0, f"{prefix}step {index + 1}")
        if not isinstance(item, dict) or len(item) != 1 or next(iter(item)) not in self.specs:
            problems.append((spot, f"expected one of {', '.join(self.specs)} with its values, got {item!r}"))
            return None
        name, values = next(iter(item.items()))
        before = len(problems)
        checked = self.specs[name].check(values, spot.at(name), problems)
        if checked is None or len(problems) > before:  # a key missing or wrong: nothing more to check
            return None
        if name in PLACED:
            checked[name] = self.placed(name, checked["src"], spot.at(f"{name}.src"), problems)
        elif name == "group":
            checked["steps"] = self._check(checked["steps"], label, f"{prefix}step {index + 1}: ", problems)
        return name, checked

    def drawn(self, raw: list, where: Where) -> tuple:
        """Drawing steps written by the program itself (a tiled board's marks, a net's lines), given as a
        template would write them and checked the same way, their defaults filled in."""
        problems: list = []
        steps = self._check(raw, str(where), "", problems)
        if problems:
            raise DataError(problems)
        return steps

    # --- artwork and pictures -------------------------------------------------------------------------
    def placed(self, step: str, src: str, where: Where, problems: list):
        """The checked artwork (an `art` step) or picture (an `image` step) `src` names, found in the game's own
        artwork folder or the shared one; None, with the problem noted, when there is none to draw."""
        found = self.found.get((step, src))
        if found is None:
            found = self._placed(step, src, where, problems)
            if found is not None:
                self.found[step, src] = found
        return found

    def _placed(self, step: str, src: str, where: Where, problems: list):
        path = resources.find_file(src, self.art_folders, "the artwork folders", where, problems,
                                   f"{'artwork' if step == 'art' else 'picture'} not found: artwork/{src}")
        if path is None:
            return None
        folder = next(root for root in self.art_folders if (root / src).is_file())  # the one that holds it
        try:
            return self._read_file(step, src, path, folder)
        except ValueError as error:  # a picture that cannot be printed
            problems.append((where, f"image {src} {error}"))
        except DataError as error:
            problems.extend(error.problems)
        return None

    def _read_file(self, step: str, src: str, path: Path, folder: Path):
        if step == "image":
            if not path.name.lower().endswith(images.RASTER):
                raise ValueError("must be a PNG or JPEG file (.png, .jpg, .jpeg)")
            if path not in self.pictures:
                self.pictures[path] = images.read(path, self.store)
            found = self.pictures[path]
        else:
            from pnp.render import artwork  # lxml, for SVG files only

            if (path, folder) not in self.arts:
                self.arts[path, folder] = artwork.checked(path, folder.resolve())
            found = self.arts[path, folder]
        self.names[found] = src
        return found

    def art_stream(self, art) -> tuple | None:
        """Artwork turned into PDF operators (see pdf.art_stream), once a build."""
        if art not in self.streams:
            from pnp.write.pdf import art_stream

            self.streams[art] = art_stream(art, self.store)
        return self.streams[art]

    def art_size(self, art, where: Where) -> tuple[float, float]:
        """The size of a piece of artwork's own drawing, in points."""
        stream = self.art_stream(art)
        if stream is None:
            raise DataError([(where, f"artwork {art.path.name} is not an SVG file that can be read")])
        return stream[2], stream[3]

    # --- drawings ----------------------------------------------------------------------------------
    @property
    def painter(self) -> Painter:
        if self._painter is None:
            self._painter = Painter(self.game.palette, self.art_size)
        return self._painter

    def drawing(self, face: Face) -> Drawing:
        """A face's drawing: from the store when what it places is unchanged, else drawn now (and stored)."""
        if not face.lasting:
            return self._derived_drawing(face)
        stored = self.store.get("drawing", face.key)
        drawing = self._resolved(stored, face.where) if stored else None
        if drawing is None:
            drawing = self.painter.record(face)
            self.store.put("drawing", face.key, self._described(drawing))
        self._check_sharpness(drawing, face.where)
        return drawing

    def _derived_drawing(self, face: Face) -> Drawing:
        """The drawing of a face made from others (a proof, a layered sheet, a net, a rules page): drawn once a
        build and kept aside for it; what it places stays in memory, by the face's key."""
        key = cache.digest(self.serial, face.key)
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
            src = self.names.get(picture, picture.path.name)
            if dpi < images.SHARP_DPI - 0.5 and (src, round(dpi)) not in self.warned:
                self.warned.add((src, round(dpi)))
                self.warn(where, f"image {src} ({picture.size[0]} × {picture.size[1]} pixels) prints at "
                                 f"{dpi:.0f} dpi; {images.SHARP_DPI} dpi or more prints sharp")

    def _described(self, drawing: Drawing) -> dict:
        """A drawing as the store keeps it: what it places named by `src`, with the size it had."""
        uses = []
        for use in drawing.uses:
            if isinstance(use, images.Picture):
                uses.append(["image", self.names[use], *use.size])
            else:
                uses.append(["art", self.names[use], *self.art_size(use, None)])
        return {"code": drawing.code, "states": _stored_states(drawing.states), "uses": uses,
                "dpi": drawing.dpi, "transparent": drawing.transparent}

    def _resolved(self, stored: dict, where: Where) -> Drawing | None:
        """A stored drawing with what it places found again; None when any of it is gone or has changed size."""
        uses = []
        for step, src, *size in stored["uses"]:
            problems: list = []
            found = self.placed(step, src, where, problems)
            if found is None or problems:
                return None
            now = found.size if step == "image" else self.art_size(found, where)
            if list(now) != size:
                return None
            uses.append(found)
        return Drawing(stored["code"], _states(stored["states"]), tuple(uses),
                       {int(index): dpi for index, dpi in stored["dpi"].items()}, stored["transparent"])

    # --- steps in the store ----------------------------------------------------------------------------
    def _encoded(self, steps) -> list:
        """Checked steps as the store keeps them: the files they place named by their `src`."""
        return [[name, {**values, "steps": self._encoded(values["steps"])} if name == "group" else
                 {**values, name: None} if name in PLACED else values] for name, values in steps]

    def _decoded(self, stored: list) -> tuple | None:
        """Stored steps with the files they place found again; None when one of them cannot be."""
        steps = []
        for name, values in stored:
            if name == "group":
                inner = self._decoded(values["steps"])
                if inner is None:
                    return None
                values["steps"] = inner
            elif name in PLACED:
                problems: list = []
                values[name] = self.placed(name, values["src"], Where(""), problems)
                if values[name] is None or problems:
                    return None
            steps.append((name, values))
        return tuple(steps)


def _count(steps: tuple) -> int:
    """Steps of a face, its groups' own steps counted too."""
    return sum(1 + (_count(values["steps"]) if name == "group" else 0) for name, values in steps)


def _who(where: Where, context: dict) -> tuple[str, str, str]:
    """For whom a face is made, as a message names it: (what it is, its name, where its data is)."""
    for name in ("card", "piece"):
        if isinstance(context.get(name), dict) and "id" in context[name]:
            return name, str(context[name]["id"]), str(where)
    if isinstance(context.get("sheet"), dict):
        return "sheet", str(context["sheet"].get("number")), str(where)
    if isinstance(context.get("face"), dict):
        return "die face", str(context["face"].get("value")), str(where)
    return "", where.field or str(where), str(where)


SHOWN = 5  # the faces a message names at most


def _on(found, more: str = "") -> str:
    """The faces something was found on, said for a message: "on card beta (deck.csv:3)", "on 72 cards (alpha,
    beta, ...)"; `more` comes before a count ("on 3 more cards")."""
    found = list(found)
    nouns = {noun for noun, _, _ in found}
    noun = nouns.pop() if len(nouns) == 1 and "" not in nouns else "face"
    if len(found) == 1:
        kind, name, where = found[0]
        return f"on {kind} {name} ({where})" if kind else f"on {name}"
    names = ", ".join(clip(name, 30) for _, name, _ in found[:SHOWN]) + (", …" if len(found) > SHOWN else "")
    return f"on {len(found)} {more}{noun}s ({names})"


def _parsed(text: str, template: str, where: Where):
    """A rendered face's YAML read in full (aliases and nesting bounded); a DataError saying where it is wrong."""
    try:
        return parse_yaml(text, template, lines=False)
    except DataError as error:
        place, problem = error.problems[0]
        line = f", rendered line {place.line}" if place.line else ""
        raise DataError([(where, f"template {template}{line}: {problem}")]) from None


def _stored_states(states: tuple) -> list:
    return [[key, value, name] for (key, value), name in states]


def _states(stored: list) -> tuple:
    return tuple(((key, value), name) for key, value, name in stored)
