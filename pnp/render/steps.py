"""A face's drawing steps, read from what its template rendered and checked: known steps, every value of the right
kind, the artwork and pictures they place found (pnp/render/library.py).

A template writes YAML: a list of steps such as `- rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: red}`, one a line;
such lines are read quickly (pnp/render/quickyaml.py) and each checked once a build, however many faces share
it; anything else is read by PyYAML. Steps the program writes itself (a net's lines, a board's marks) are
checked the same way (`drawn`). Checked steps are (name, values) pairs; the store keeps them with the files
they place named by their `src` (`encoded`, `decoded`).
"""
from __future__ import annotations

import re

from pnp.errors import DataError, OverLimit, Where
from pnp.model.specs import Any_, Bool, Choice, Colour, Length, ListOf, Number, Record, Text
from pnp.read.datafile import parse_yaml
from pnp.render import quickyaml  # (at the top: asked for on every face, an import there is a lookup a face)
from pnp.typeset.markup import MarkupError, icons, parse, plain, styled
from pnp.typeset.text import BOLD, quoted, shown_font

FONTS = ("sans", "bold", "title")
PLACED = ("art", "image")  # steps that place a file of the artwork folders, named by `src`
TEXT_FIRST = re.compile(r'- text: \{text: ("(?:[^"\\]|\\.)*")')  # a line starting a text step with its text
TEXT_START = '- text: {text: "'  # how such a line starts, to its text's opening quote
MAX_STEPS = 20_000  # drawing steps of one face, its groups' steps counted: the busiest face of the five kits has
# under 1,000, and each step is kept, checked and drawn (a face of millions would fill memory before a PDF is made)


def step_specs(palette: dict, fonts=()) -> dict:
    """The drawing steps a template may use, each with every key it accepts; `fonts` names the game's own."""
    colour = Colour(palette)
    paint = {"fill": (colour, "none"), "stroke": (colour, "none"), "width": (Length(), 0.3),
             "dash": (ListOf(Length()), None), "opacity": (Number(), 1.0),
             "cue": (Bool(), False)}  # cue: the fill is a colour the piece is sorted by (a suit): see ink.py
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
            "size": (Number(), 10.0), "font": (Choice(*FONTS, *fonts), "sans"),
            "colour": (Colour(palette, printed=True), "#000000"),
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


KEPT_LINES = 1024  # lines read kept at most, then let go all at once: the lines faces share (a deck's frame, its
# artwork's place) come back at once, and a deck's own lines (a card's title, its value) never do; each takes some
# 370 bytes with its step, so that a build's peak takes some 0.4 MB for them, not 1.5 MB at 4,096 lines, as
# much at 1,000 cards as at 10,000 whenever it comes


class Steps:
    """Reads and checks the drawing steps of a game's faces; `library` finds the files they place, among them
    a text's icons, in its folder `icons`; `fonts` are the game's own (name -> the key it is set by)."""

    def __init__(self, palette: dict, library, icons: str = "icons", fonts: dict | None = None):
        self.fonts = fonts or {}
        self.specs = step_specs(palette, tuple(self.fonts))
        self.colour = Colour(palette, printed=True)  # a colour set inside a text
        self.library = library
        self.icons = icons
        self.lines: dict = {}  # a step's line as a template wrote it -> the step checked
        self.texts: dict = {}  # a text step's line without its text (see `_text_split`) -> its values checked

    def read(self, text: str, template: str, where: Where) -> tuple:
        """The checked steps of a rendered face: readable YAML, known steps and values."""
        return self.read_lines(text, template, where)[0]

    def read_lines(self, text: str, template: str, where: Where) -> tuple[tuple, bool]:
        """`read`, and whether the text was written one step a line, as quickyaml reads it (not by PyYAML)."""
        label = f"{where} (template {template})"
        problems: list = []
        steps = self._quick(text, label, problems)
        quick = steps is not None
        if steps is None:
            raw = _parsed(text, template, where)
            if raw is None:
                return (), False
            if not isinstance(raw, list):
                raise DataError([(where, f"template {template} must render a list of drawing steps")])
            steps = self._check(raw, label, "", problems)
        if problems:
            raise DataError(problems)
        count = _count(steps)
        if count > MAX_STEPS:
            raise OverLimit([(where, f"template {template} draws {count:,} steps on one face: a face has at most "
                                     f"{MAX_STEPS:,}")])
        return steps, quick

    def drawn(self, raw: list, where: Where) -> tuple:
        """Drawing steps written by the program itself (a tiled board's marks, a net's lines), given as a
        template would write them and checked the same way, their defaults filled in."""
        problems: list = []
        steps = self._check(raw, str(where), "", problems)
        if problems:
            raise DataError(problems)
        return steps

    def _quick(self, text: str, label: str, problems: list) -> tuple | None:
        """The steps of a face written one a line, as templates write them: each line read (see quickyaml)
        and checked once a build, however many faces share it, and a text step alike but for its text read as
        the one before (`_text_alike`). None when the text needs PyYAML."""
        if quickyaml.awkward(text):
            return None
        steps, index, wrong = [], 0, []
        for line in text.split("\n"):
            if not line.startswith("- "):
                if line.strip(" ") and not line.lstrip(" ").startswith("#"):
                    return None
                continue
            step = self.lines.get(line)
            if step is None:
                step = self._text_alike(line, index, label)
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
                    self._keep_text(line, step)
                if len(self.lines) > KEPT_LINES:  # the lines faces share come back soon: keep memory flat
                    self.lines.clear()
                self.lines[line] = step
            steps.append(step)
            index += 1
        problems += wrong
        return tuple(steps)

    # A deck's template writes the same text step on every card but for its text: a line that differs from one
    # read before only in the text it starts with reads as that one but for its text (quickyaml reads a quoted
    # text to its closing quote, whatever it holds, and checks each value on its own), its markup checked anew.
    @staticmethod
    def _text_split(line: str) -> tuple[str, str] | None:
        """A line that starts a text step with its text, double-quoted: (the line without that text, the text
        as written); None for another line."""
        if not line.startswith(TEXT_START):
            return None
        end = line.find('"', len(TEXT_START))  # (the closing quote, unless an escape comes before it)
        if end < 0 or "\\" in line[len(TEXT_START):end]:
            found = TEXT_FIRST.match(line)
            return (line[:found.start(1)] + line[found.end(1):], found.group(1)) if found else None
        return line[:len(TEXT_START) - 1] + line[end + 1:], line[len(TEXT_START) - 1:end + 1]

    def _text_alike(self, line: str, index: int, label: str) -> tuple | None:
        """The step of a line alike but for its text to one read before (see `_text_split`), when its text and
        its markup are right; else None: the line is read in full, and `_check_step` says what is wrong, and
        where. `index` and `label` place it, as for `_check_step`."""
        split = self._text_split(line)
        alike = self.texts.get(split[0]) if split is not None else None
        if alike is None:
            return None
        try:
            text = quickyaml.scalar(split[1])
        except quickyaml.Unsure:
            return None
        checked = {**alike, "text": text}
        if styled(text):
            problems: list = []
            checked["icons"] = self._rich(checked, Where(label, 0, f"step {index + 1}").at("text"), problems)
            if problems:
                return None
        elif not plain(text):  # (colons alone: no icons, as `_rich` finds)
            checked["icons"] = ()
        return "text", checked

    def _keep_text(self, line: str, step: tuple) -> None:
        """Keep a text step read from its line in full, for `_text_alike`: its values but its text's own (a
        line whose text another of its values overrides is not kept)."""
        split = self._text_split(line)
        if split is not None and step[0] == "text" and step[1]["text"] == quickyaml.scalar(split[1]):
            if len(self.texts) > 1024:
                self.texts.clear()
            self.texts[split[0]] = {name: value for name, value in step[1].items() if name != "icons"}

    def _check(self, raw: list, label: str, prefix: str, problems: list) -> tuple:
        """Check a list of drawing steps (and the steps of its groups), finding the files they place. A step is
        placed by its number, after the numbers of the groups it is in (`prefix`, "5." inside the group at step
        5): "step 4", "step 5.2"."""
        steps = (self._check_step(index, item, label, prefix, problems) for index, item in enumerate(raw))
        return tuple(step for step in steps if step is not None)

    def _check_step(self, index: int, item, label: str, prefix: str, problems: list) -> tuple | None:
        """One drawing step checked, as (name, values), the file it places found; None when it is wrong."""
        spot = Where(label, 0, f"step {prefix}{index + 1}")
        if not isinstance(item, dict) or len(item) != 1 or next(iter(item)) not in self.specs:
            problems.append((spot, f"expected one of {', '.join(self.specs)} with its values, got {item!r}"))
            return None
        name, values = next(iter(item.items()))
        before = len(problems)
        checked = self.specs[name].check(values, spot.at(name), problems)
        if checked is None or len(problems) > before:  # a key missing or wrong: nothing more to check
            return None
        if name in PLACED:
            checked[name] = self.library.placed(name, checked["src"], spot.at(f"{name}.src"), problems)
        elif name == "group":
            checked["steps"] = self._check(checked["steps"], label, f"{prefix}{index + 1}.", problems)
        elif name == "text":
            checked["font"] = self.fonts.get(checked["font"], checked["font"])
            if not plain(checked["text"]):
                checked["icons"] = self._rich(checked, spot.at("text"), problems)
                if len(problems) > before:
                    return None
        return name, checked

    def _rich(self, v: dict, where: Where, problems: list) -> tuple:
        """Check a text's markup (pnp/typeset/markup.py): its colours, its bold, its icons found. The icons, as
        (name, artwork, width over height)."""
        try:
            runs = parse(v["text"])
        except MarkupError as error:
            problems.append((where, f"{error} (in {quoted(v['text'])})"))
            return ()
        for run in runs:
            if run.colour is not None:
                self.colour.check(run.colour, where, problems)
            if run.bold and v["font"] not in BOLD:
                problems.append((where, f"**bold** in the {shown_font(v['font'])} font, which has no bold: name "
                                        f"one as {shown_font(v['font'])}-bold under fonts in game.yaml"))
        found = []
        for name in icons(runs):
            art = self.library.placed("art", f"{self.icons}/{name}.svg", where, [])
            if art is None:
                problems.append((where, f"no icon :{name}: — expected artwork/{self.icons}/{name}.svg"
                                        f"{self._known_icons()}"))
                continue
            art_w, art_h = self.library.art_size(art, where)
            found.append((name, art, art_w / art_h))
        return tuple(found)

    def _known_icons(self) -> str:
        names = sorted({path.stem for folder in self.library.folders for path in (folder / self.icons).glob("*.svg")})
        return f" (the icons there: {', '.join(names)})" if names else " (there are no icons there yet)"

    # --- steps in the store ----------------------------------------------------------------------------
    def encoded(self, steps) -> list:
        """Checked steps as the store keeps them: the files they place named by their `src`, a text's icons
        by their names."""
        return [[name, {**values, "steps": self.encoded(values["steps"])} if name == "group" else
                 {**values, name: None} if name in PLACED else
                 {**values, "icons": [icon[0] for icon in values["icons"]]} if "icons" in values else values]
                for name, values in steps]

    def decoded(self, stored: list) -> tuple | None:
        """Stored steps with the files they place found again; None when one of them cannot be."""
        steps = []
        for name, values in stored:
            if name == "group":
                inner = self.decoded(values["steps"])
                if inner is None:
                    return None
                values["steps"] = inner
            elif name in PLACED:
                problems: list = []
                values[name] = self.library.placed(name, values["src"], Where(""), problems)
                if values[name] is None or problems:
                    return None
            elif "icons" in values:
                problems = []
                values["icons"] = self._rich(values, Where(""), problems) if styled(values["text"]) else ()
                if problems:
                    return None
            steps.append((name, values))
        return tuple(steps)


def _parsed(text: str, template: str, where: Where):
    """A rendered face's YAML read in full (aliases and nesting bounded); a DataError saying where it is wrong."""
    try:
        return parse_yaml(text, template, lines=False)
    except DataError as error:
        place, problem = error.problems[0]
        line = f", rendered line {place.line}" if place.line else ""
        raise DataError([(where, f"template {template}{line}: {problem}")]) from None


def _count(steps: tuple) -> int:
    """Steps of a face, its groups' own steps counted too."""
    count = len(steps)
    for name, values in steps:
        if name == "group":
            count += _count(values["steps"])
    return count
