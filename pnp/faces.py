"""Faces: a jinja2 template rendered for one card or sheet, read as a list of drawing steps.

A template writes YAML: a list of steps such as `- rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: red}`.
Coordinates are millimetres from the top-left corner of the trimmed face; bleed lies at negative
coordinates and beyond the size. Identical renderings are one face, drawn once and placed many times.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import jinja2
import yaml
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from pnp import artwork, cache, chance, legibility, resources
from pnp.datafile import Any_, Bool, Choice, Colour, Length, ListOf, Number, Record, Text
from pnp.errors import DataError, Where, shown

FONTS = ("sans", "bold", "title")
FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # rendered faces need no line numbers


def step_specs(palette: dict) -> dict:
    """The drawing steps a template may use, each with every key it accepts."""
    colour = Colour(palette)
    paint = {"fill": (colour, "none"), "stroke": (colour, "none"), "width": (Length(), 0.3),
             "dash": (ListOf(Length()), None), "opacity": (Number(), 1.0)}
    box = {"x": Length(), "y": Length(), "w": Length(), "h": Length()}
    points = {"points": ListOf(ListOf(Length(), min_items=2), min_items=2)}
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
            "opacity": (Number(), 1.0)}),
        "art": Record({"src": Text(), **box, "rotate": (Number(), 0.0), "opacity": (Number(), 1.0)}),
        # steps drawn in their own coordinates: origin at (x, y), turned clockwise by `rotate` degrees
        "group": Record({"x": (Length(), 0.0), "y": (Length(), 0.0), "rotate": (Number(), 0.0),
                         "mirror": (Bool(), False),
                         "steps": ListOf(Any_())}),
    }


def template_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs, when the cache folder can be written. (Sandboxed templates
    compile to other code than plain ones: the folder's name keeps the two apart.)"""
    root = cache.folder("sandboxed-templates")
    return jinja2.FileSystemBytecodeCache(str(root)) if root else None


class Sandbox(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox: a template reads the data it is given and writes text. It cannot reach
    Python's insides (no `__class__`, `__globals__`, ...), change its data, or build something huge: jinja2
    caps `range`, and repeating a text or list, or raising to a power, is capped here."""

    intercepted_binops = frozenset(["*", "**"])
    LARGEST = 100_000  # items or characters, as jinja2's range

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(right, int) and isinstance(left, int) and right > 1000:
            raise SecurityError(f"{left} ** {right} is too large a number for a template")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > self.LARGEST:
                    raise SecurityError(f"repeating {type(seq).__name__} {times} times is too large for a template")
        return super().call_binop(context, operator, left, right)


class FolderLoader(jinja2.BaseLoader):
    """Templates looked up in folders, never outside them: the names in `{% include %}`, `{% import %}` and
    `{% extends %}` are resolved like every other path a game names (see `resources.find_inside`)."""

    def __init__(self, roots: list[Path]):
        self.roots = roots
        self.files: set[str] = set()  # every template read, to find a template's lines in a traceback

    def get_source(self, environment, template):
        try:
            path = resources.find_inside(template, self.roots, "the templates folders")
        except ValueError as error:
            raise SecurityError(str(error)) from None
        if path is None:
            raise jinja2.TemplateNotFound(template)
        mtime = path.stat().st_mtime
        self.files.add(str(path))
        return path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


def _fault(error: Exception) -> str:
    """What a template did wrong, by itself, whatever the data."""
    if isinstance(error, jinja2.TemplateNotFound):
        return f"no such template: {error.name}"
    if isinstance(error, RecursionError):
        return "the template includes or calls itself without end"
    return f"not allowed in a template: {error}"


def _tojson(value) -> str:
    """JSON text, which YAML reads as the same value; an undefined name fails here, by its name."""
    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class Face:
    """One distinct drawing: a card front, a back, a sheet. `key` is its rendered text."""

    key: str
    steps: tuple  # (name, values) pairs, checked
    size: tuple[float, float]
    bleed: float
    where: Where  # the data that asked for it, for error messages


def layered(under: Face, over: Face) -> Face:
    """`over` drawn on top of `under`, a face of the same size that may be shared by many."""
    return Face(under.key + "\n" + over.key, (("underlay", {"face": under}),) + over.steps, over.size,
                over.bleed, over.where)


def overlaid(face: Face, steps: tuple, tag: str) -> Face:
    """A face with more steps drawn over it (a token's cut line); `tag` names them in the face's key."""
    if not steps:
        return face
    return Face(f"{face.key}\n{tag}: {steps!r}", face.steps + tuple(steps), face.size, face.bleed, face.where)


def labelled(face: Face, label: str) -> Face:
    """A face with a small label at its foot, inside the trim: a card's id on proofs."""
    w, h = face.size
    text = {"text": label, "x": 2.0, "y": h - 2.6, "w": w - 4.0, "h": None, "size": 6.0, "font": "sans",
            "colour": "#555555", "align": "right", "valign": "top", "leading": 1.2, "fit": False, "rotate": 0.0,
            "opacity": 1.0}
    backing = {"x": w - 2.0 - len(label) * 1.3, "y": h - 2.9, "w": len(label) * 1.3 + 0.5, "h": 2.7, "r": 0.6,
               "fill": "#FFFFFF", "stroke": "none", "width": 0.0, "dash": None, "opacity": 0.8}
    return Face(f"{face.key}\nproof: {label}", face.steps + (("rect", backing), ("text", text)), face.size,
                face.bleed, face.where)


class FaceMaker:
    """Renders a game's templates into faces; each distinct rendering is parsed and checked once."""

    def __init__(self, game):
        self.game = game
        self.loader = FolderLoader(resources.search_path(game.folder, "templates"))
        self.env = Sandbox(loader=self.loader, undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                           autoescape=False, bytecode_cache=template_cache())
        self.env.filters["tojson"] = _tojson
        for unused in ("cycler", "joiner", "lipsum"):  # jinja2's globals that no template needs
            del self.env.globals[unused]
        self.env.globals.update(shuffled=chance.shuffled, expand=chance.expand)
        self.specs = step_specs(game.palette)
        self.cache: dict[str, Face] = {}
        self.art_folders = resources.search_path(game.folder, "artwork")
        self.arts: dict = {}  # (path, folder) -> Artwork, checked once a build

    def face(self, template: str, size, bleed: float, where: Where, **context) -> Face:
        w, h = size
        try:
            text = self.env.get_template(template).render(game=self.game.context(), w=w, h=h, bleed=bleed,
                                                           palette=self.game.palette, **context)
        except jinja2.TemplateSyntaxError as error:
            file = shown(error.filename) if error.filename else f"templates/{error.name or template}"
            raise DataError([(Where(file, error.lineno), f"template syntax: {error.message}")]) from None
        except (SecurityError, jinja2.TemplateNotFound, RecursionError) as error:
            # the template reaches for what it may not have: report the template's line
            raise DataError([(self._line(error) or where, _fault(error))]) from None
        except (jinja2.TemplateError, ArithmeticError, TypeError, ValueError, LookupError) as error:
            # a designer's template failing on this card's data: report it against the card
            raise DataError([(where, f"template {self._line(error) or template}: {error}")]) from None
        face = self.cache.get(text)
        if face is None:
            face = Face(text, self._steps(text, template, where), (w, h), bleed, where)
            unreadable = legibility.problems(face.steps, face.size, where, template, cut=bleed > 0)
            if unreadable:
                raise DataError(unreadable)
            self.cache[text] = face
        return face

    def drawn(self, raw: list, where: Where) -> tuple:
        """Drawing steps written by the program itself (a tiled board's marks, a net's lines), given as a
        template would write them and checked the same way, their defaults filled in."""
        problems: list = []
        steps = self._check(raw, str(where), "", problems)
        if problems:
            raise DataError(problems)
        return steps

    def _line(self, error: Exception) -> Where | None:
        """The template file and line an error was raised at: the innermost template in its traceback
        (jinja2 rewrites a traceback so that a template's frames carry its own file and line)."""
        found, trace = None, error.__traceback__
        while trace is not None:
            if trace.tb_frame.f_code.co_filename in self.loader.files:
                found = Where(shown(trace.tb_frame.f_code.co_filename), trace.tb_lineno)
            trace = trace.tb_next
        return found

    def _steps(self, text: str, template: str, where: Where) -> tuple:
        label = f"{where} (template {template})"
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        try:
            raw = cache.read_json("faces", key)
            if raw is None:
                raw = yaml.load(text, Loader=FastLoader)
                cache.write_json("faces", key, raw)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = f" at rendered line {mark.line + 1}" if mark else ""
            problem = getattr(error, "problem", None) or error
            raise DataError([(where, f"template {template} did not render valid YAML{line}: {problem}")]) from None
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise DataError([(where, f"template {template} must render a list of drawing steps")])
        problems: list = []
        steps = self._check(raw, label, "", problems)
        if problems:
            raise DataError(problems)
        return steps

    def _check(self, raw: list, label: str, prefix: str, problems: list) -> tuple:
        """Check a list of drawing steps (and the steps of its groups), resolving artwork paths."""
        steps = []
        for index, item in enumerate(raw):
            spot = Where(label, 0, f"{prefix}step {index + 1}")
            if not isinstance(item, dict) or len(item) != 1 or next(iter(item)) not in self.specs:
                problems.append((spot, f"expected one of {', '.join(self.specs)} with its values, got {item!r}"))
                continue
            name, values = next(iter(item.items()))
            checked = self.specs[name].check(values, spot.at(name), problems)
            if checked is None:
                continue
            if name == "art":
                checked["art"] = self.artwork(checked["src"], spot.at("art.src"), problems)
            elif name == "group":
                checked["steps"] = self._check(values["steps"], label, f"{prefix}step {index + 1}: ", problems)
            steps.append((name, checked))
        return tuple(steps)

    def artwork(self, src: str, where: Where, problems: list) -> artwork.Artwork | None:
        """The checked artwork `src` names, of the game's own artwork folder or the shared one."""
        try:
            for folder in self.art_folders:
                path = resources.find_inside(src, [folder], "the artwork folders")
                if path is not None:
                    if (path, folder) not in self.arts:
                        self.arts[path, folder] = artwork.checked(path, folder.resolve())
                    return self.arts[path, folder]
        except ValueError as error:
            problems.append((where, str(error)))
            return None
        except DataError as error:
            problems.extend(error.problems)
            return None
        problems.append((where, f"artwork not found: artwork/{src}"))
        return None
