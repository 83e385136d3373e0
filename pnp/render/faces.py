"""The render pass: each face layout asks for (pnp/layout/requests.py) made into a face, with its key and its
steps, and drawn.

A template face is rendered by jinja2 (pnp/render/sandbox.py) for what it is given, read as drawing steps and
checked (steps.py), its text checked for legibility (legibility.py), and drawn (drawings.py). Coordinates are
millimetres from the top-left corner of the trimmed face; bleed lies at negative coordinates and beyond the
size. Identical renderings are one face, drawn once and placed many times.

Each distinct face is read, checked and drawn once a build, and what that gave is kept in the cache (a
pnp.write.cache.Store, given): the text a template rendered from the same data, the steps read from that text
and checked, what keeps its text from being read, the face's drawing. A later build takes them from there,
checking again only what may have changed since (the artwork and pictures a drawing places); a face's steps
and drawing stay on disk until they are needed, and a big deck's faces are let go once a few thousand others
have been asked for since (`pnp.memo.Recent`), to be found again by their keys in the store. What keeps any face from
being made is gathered (findings.py); `report` says it all once every face is made.
"""
from __future__ import annotations

import dataclasses
import functools
import os

from pnp import resources
from pnp.errors import DataError, OverLimit, Where
from pnp.layout.requests import REQUESTS, Drawn, InGroup, Inline, Raw
from pnp.model.mapped import release
from pnp.memo import Recent
from pnp.model.specs import line_of
from pnp.read.datafile import parse_yaml
from pnp.render import legibility
from pnp.render.draw import uses_of
from pnp.render.drawings import Drawings
from pnp.render.findings import Findings
from pnp.render.keys import ByNumber, FaceNumbers, digest, digest_before, written_after
from pnp.render.library import Library
from pnp.render.steps import Steps
from pnp.typeset.text import game_font


DRAWN_TOGETHER = 64  # faces checked, then drawn together: their templates, steps and checks run one face after
# another, then their drawings and the store's writing, each kept in the processor's caches from face to face (in
# turn for each face, they kept each other out: 14 % more misses, 3 % more processor time for 1,000 cards)
KEPT_FACES = 1024  # faces (and what asked for them) a maker keeps at hand (see pnp.memo.Recent): all of a
# 1,000-card deck's fronts, so that a bigger deck takes no more; one let go is made again from its key when asked
# for again (a lookup, the drawing being the store's or kept, drawings.KEPT)


class Face:
    """One distinct drawing: a card front, a back, a sheet. `key` tells it from every other face.

    `steps` ((name, values) pairs, checked) may be given as a function that fetches them when asked: the steps
    of a big deck's faces stay in the cache, not in memory. A `lasting` face (one a template made) is the same
    in every build that gives it the same key, so its drawing is kept between runs."""

    __slots__ = ("key", "_steps", "size", "bleed", "where", "lasting", "number", "numbers")

    def __init__(self, key: str, steps, size: tuple[float, float], bleed: float, where: Where,
                 lasting: bool = False, number: int = -1, numbers=None):
        self.key, self._steps, self.size, self.bleed, self.where, self.lasting = key, steps, size, bleed, where, lasting
        self.number, self.numbers = number, numbers  # its key's number in `numbers` (its maker's), when known

    @property
    def steps(self) -> tuple:
        return self._steps() if callable(self._steps) else self._steps

    def __repr__(self) -> str:
        return f"Face({self.key[:40]!r}, size={self.size}, bleed={self.bleed})"


def own_fonts(game) -> dict:
    """A game's own fonts (game.yaml's `fonts`), registered: name -> the key text is set by. A name's bold is
    the font named so with `-bold` after it, when the game has one."""
    keys, problems = {}, []
    for name, (path, where) in sorted(game.fonts.items(), key=lambda item: not item[0].endswith("-bold")):
        try:
            keys[name] = game_font(name, path, keys.get(f"{name}-bold"))
        except (ValueError, OSError) as error:
            problems.append((where, f"font file {path.name} {error}"))
    if problems:
        raise DataError(problems)
    return keys


class FaceMaker:
    """Makes a game's faces and draws them, each distinct face once a build; what an earlier build made is taken
    from `store`. `warn(where, message, Alike)` is told of pictures that will print soft."""

    def __init__(self, game, store, warn=None):
        self.game = game
        self.store = store
        self.palette = tuple(game.palette.items())
        self.template_folders = resources.search_path(game.folder, "templates")
        self.library = Library(resources.search_path(game.folder, "artwork"), store)
        self.steps = Steps(game.palette, self.library, game.icon_folder, own_fonts(game))
        # what a face's text does not say of the fonts it may set: the game's own, each named with its contents
        # (a font file replaced under the same name draws the faces again, `_make`); none: no part of a key
        self.own_fonts = (tuple(sorted(self.steps.fonts.items())),) if self.steps.fonts else ()
        self.findings = Findings()
        self.drawings = Drawings(game.palette, self.library, store, warn or (lambda *warning: None))
        self._renderer = None  # jinja2, loaded when a template must be rendered
        self._sources: str | None = None
        # each face in memory while it is asked for, as a card's front and back are by its part's PDF and the kit's
        # (see Recent); one let go is made again from its key, its steps and drawing taken from the store
        self.made = Recent(KEPT_FACES)  # request -> its face
        self.numbers = FaceNumbers()  # every face's key, numbered: what is kept of each face is kept by its number
        self.drawn_keys: dict = {}  # a template's request -> the number of the face made for it: one let go from
        # `made` and `faces` is found again from that, without a rendering or the store
        self.last_group: tuple = (None, None)  # the name of the table of `in_groups` asked for last, and it
        self.in_groups: dict = {}  # (group, template, size, bleed) of requests given their place in a group (a
        # card's, requests.InGroup) -> (the group, its faces' numbers by their places): some 4 bytes a card
        self.printed = Recent(KEPT_FACES)  # face key -> its printed key (see `printed_key`): a back many cards
        # share stays, the others are worked out again when asked for again
        self.faces = Recent(KEPT_FACES)  # face key -> Face
        self.numbered = Recent(KEPT_FACES)  # the number of a face a template made -> the same Face: found again by
        # its request's place (`_known`) without its key written out
        self.keys = Recent(KEPT_FACES)  # what a template was given -> what it made: (the key of the face, None
        # when it cannot be made; what keeps its text from being read; what else keeps it from being made)
        self.variables: dict = {}  # template -> the names of the context it reads (None: any), or what it was
        # first given and the key of the face it made then
        self.unread: dict = {}  # (template, size, bleed) -> `_given` when it is given none of the data it reads,
        # nor drawn over another face
        self.after_text: dict = {}  # (size, bleed) -> what a face's key holds after its text (see `_make`)
        self.over_limit: set = set()  # templates a face of which went past a limit on a face (errors.OverLimit)
        self.undrawn: dict = {}  # the key of a face checked but not drawn yet -> (the face, what made it: the
        # (template, where, context, given, notes) of each rendering of it), drawn with others (`_draw_checked`)
        self.inked = Recent(KEPT_FACES)  # face key -> the face printed with low ink (ink.py)
        self.sampled: set = set()  # faces that keep their steps once made (see `keep_steps_of`), as (the identity
        # of a group of cards, the template, the card's place among them)

    # --- the pass ------------------------------------------------------------------------------------
    def make(self, pages: list) -> None:
        """Every face laid-out pages ask for made, for the writer to ask for again (`page`)."""
        for page in pages:
            for _, request in page.placed:
                self.face(request)
            if page.flat:
                self.face(page.flat)
        self._draw_checked()

    def pages(self, pages: list) -> list:
        """Laid-out pages with a face in place of each request."""
        return [self.page(page) for page in pages]

    def page(self, page):
        """A laid-out page with a face in place of each request."""
        return dataclasses.replace(page, placed=[(slot, self.face(request)) for slot, request in page.placed],
                                   flat=page.flat and self.face(page.flat))

    def face(self, request) -> Face:
        """The face a request asks for (a face already made is its own)."""
        if isinstance(request, Face):
            return request
        if isinstance(request, Drawn) and isinstance(request._context, InGroup):
            return self._drawn(request)  # (found by its place in its group: see `_known`)
        face = self.made.get(request)
        if face is None:
            face = self.made[request] = self._drawn(request) if isinstance(request, Drawn) else self._made(request)
        return face

    def face_once(self, request) -> Face:
        """The face a request asks for once (the colour-blind check's, a few cards of each group): made, and drawn
        once as any, but neither it nor its request kept to be asked for again (a big deck's groups asked for some
        250 each, a request, its card and what it was given kept the build long)."""
        if isinstance(request, Drawn) and not isinstance(request._context, InGroup):
            return self._drawn(request, keep=False)
        return self.face(request)

    def keep_steps_of(self, fronts) -> None:
        """Have the faces made from now on for these fronts, (a group of cards, the template, a card's place among
        them), keep their steps: the colour-blind check reads them once every face is made (colourblind.sampled),
        a few hundred however big the deck, which it would otherwise read back from the store one by one. A group
        of more than KEPT_FACES cards is passed over: its faces are let go, their steps with them, before the
        check asks for them."""
        self.sampled = {(id(cards), template, place) for cards, template, place in fronts if len(cards) <= KEPT_FACES}

    def printed_key(self, request) -> str:
        """What the face a request asks for prints: its key and the contents of the files it places (a template's
        text names its artwork and pictures, their edits show only here). The same in any folder the game or
        pnp lies in: the key a build's manifest compares."""
        face = self.face(request)
        found = self.printed.get(face.key)
        if found is None:
            drawn = self.drawings.known(face.key)  # (what it places: its steps' uses_of, as it was drawn)
            uses = drawn.uses if drawn is not None else uses_of(face.steps)
            found = self.printed[face.key] = digest(face.key, sorted(set(_contents(uses))))
        return found

    def low_ink_page(self, page):
        """A page of faces (made by `page`) with each face printed with low ink."""
        return dataclasses.replace(page, placed=[(slot, self.low_ink(face)) for slot, face in page.placed],
                                   flat=page.flat and self.low_ink(page.flat))

    def low_ink(self, face: Face) -> Face:
        """A face printed with low ink (ink.py): its own key, its steps lightened when asked for."""
        made = self.inked.get(face.key)
        if made is None:
            from pnp.render.ink import lightened

            def steps() -> tuple:
                return lightened(face.steps, face.size, self.game.palette, self.low_ink, face.bleed)

            made = self.inked[face.key] = Face(digest("low ink", face.key), steps, face.size, face.bleed,
                                               face.where, lasting=face.lasting)
        return made

    def report(self) -> tuple[list, list]:
        """(errors, warnings) of the faces made so far, as (where, message) (see findings.py)."""
        self._draw_checked()  # (a face that cannot be drawn is an error)
        return self.findings.report()

    def drawing(self, face: Face):
        """A face's drawing (drawings.py), for the writer."""
        self._draw_checked()
        return self.drawings.drawing(face)

    def art_stream(self, art):
        """A piece of artwork as PDF operators (library.py), for the writer."""
        return self.library.art_stream(art)

    # --- faces the program makes -----------------------------------------------------------------------
    def _made(self, request) -> Face:
        """A face made of steps, other faces' among them (see layout/requests.py)."""
        checked = {id(item): self.steps.drawn(item.steps, request.where)
                   for item in (*request.key, *request.steps) if isinstance(item, Raw)}
        key = "".join(part if isinstance(part, str) else repr(checked[id(part)]) if isinstance(part, Raw)
                      else self.face(part).key for part in request.key)

        def steps() -> tuple:
            made = []
            for item in request.steps:
                if isinstance(item, Raw):
                    made += checked[id(item)]
                elif isinstance(item, Inline):
                    made += self.face(item.face).steps
                else:
                    name, values = item
                    if isinstance(values.get("face"), REQUESTS):
                        values = {**values, "face": self.face(values["face"])}
                    elif name == "group" and isinstance(values["steps"], REQUESTS):
                        values = {**values, "steps": self.face(values["steps"]).steps}
                    made.append((name, values))
            return tuple(made)

        if request.by_steps:
            made = steps()
            return Face(key + repr(made), made, request.size, request.bleed, request.where)
        lazy = any(isinstance(item, Inline) for item in request.steps)  # another face's steps: fetched when drawn
        return Face(key, steps if lazy else steps(), request.size, request.bleed, request.where)

    # --- faces a template draws --------------------------------------------------------------------------
    def _drawn(self, request: Drawn, keep: bool = True) -> Face:
        """The face `request.template` draws for what it is given (see requests.Drawn); `keep`: its number kept to
        find it again by its request (`_known`)."""
        known, place = self._known(request)
        number = known.get(place)
        if number is not None:  # made before (what it is given not made again, `_face`)
            face = self.numbered.get(number)
            return self._face(self.numbers.key(number), request, number) if face is None else face
        template, (w, h), bleed, where, context = (request.template, request.size, request.bleed, request.where,
                                                   request.context)
        over = request.over and self.face(request.over)
        first = template not in self.variables
        given = self._given(template, (w, h), bleed, over, context)
        made, steps = self.keys.get(given), None
        if made is None:
            stored = self.store.get("rendered", given)
            if stored is None or stored[0] not in self.faces and not self.store.has("face", stored[0]):
                made, steps = self._rendered(template, (w, h), bleed, where, over, context, given)
                if made[0] is not None:
                    # (each finding as its fields' values, in order: what dataclasses.astuple gives, in a twentieth of
                    # its time, which copies each value deeply)
                    self.store.put("rendered", given, [made[0], [tuple(vars(note).values()) for note in made[1]]])
            else:
                made = (stored[0], tuple(legibility.Finding(*note) for note in stored[1]), ())
            self.keys[given] = made
            if len(self.undrawn) >= DRAWN_TOGETHER:
                self._draw_checked()
                made = self.keys.get(given)  # (no face, should its own drawing have failed)
        if first:
            self.variables[template] = (context, over, made)  # its names sought when it is asked for again
        key, notes, failures = made
        if notes or failures:
            self.findings.note(template, where, context, notes, failures)
        if key is None:  # never drawn: the build stops once every face is made (see `report`)
            return Face(f"not made: {given}", (), (w, h), bleed, where)
        number = self.numbers.number(key)
        if keep:
            known[place] = number
        face = self._face(key, request, number)
        card = request._context
        if steps is not None and isinstance(card, InGroup) and (id(card.group), template, card.index) in self.sampled:
            face._steps = steps  # (the colour-blind check's: see `keep_steps_of`)
        return face

    def _known(self, request: Drawn) -> tuple:
        """Where the number of the face a template made for a request is kept, and under what: by its place
        among its group's (an array a group), when it is given one, else by the request."""
        given = request._context
        if isinstance(given, InGroup) and request.over is None:
            name = (id(given.group), request.template, request.size, request.bleed)
            last = self.last_group  # (the table asked for last, mostly the same: a page's cards are one group's)
            if last[0] != name:
                found = self.in_groups.get(name)
                if found is None:
                    found = self.in_groups[name] = (given.group, ByNumber())
                last = self.last_group = (name, found[1])
            return last[1], given.index
        return self.drawn_keys, request

    def _face(self, key: str, request: Drawn, number: int) -> Face:
        """The face of that key (and number) a template made for a request, its steps taken from the store when
        they are needed (what the template is given made only then, should they be gone)."""
        face = self.faces.get(key)
        if face is None:
            face = self.faces[key] = Face(key, functools.partial(self._steps, key, request), request.size,
                                          request.bleed, request.where, lasting=True, number=number,
                                          numbers=self.numbers)
        self.numbered[number] = face
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
        read = context if used is None else {name: context[name] for name in used if name in context}
        if read or over:
            return digest(self.sources, template, *size, bleed, *((over.key,) if over else ()), read)
        found = self.unread.get((template, *size, bleed))  # (a back: worked out once a size)
        if found is None:
            found = self.unread[template, *size, bleed] = digest(self.sources, template, *size, bleed, read)
        return found

    @property
    def sources(self) -> str:
        """What every rendering depends on besides its own data: the game's values, the template files (their
        names, sizes and times), where its icons are found and its own fonts (each named with its contents)."""
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
            self._sources = digest(self.game.context(), self.palette, files, self.steps.icons,
                                   sorted(self.steps.fonts.items()))
        return self._sources

    def _variables(self, template: str) -> list | None:
        """The names of the context `template` reads (None: it cannot be told), from the store when known.
        (Sought only for a template asked for more than once: one used once, a board, is not read twice.)"""
        key = digest(self.sources, template)
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

            self._renderer = Renderer(self.template_folders, self.store)
        return self._renderer

    def render(self, template: str, size, bleed: float, where: Where, context: dict) -> str:
        """The text `template` renders for a face of this size and bleed, given `context`."""
        return self.renderer.render(template, where, **self._seen(size, bleed, context))

    def _seen(self, size, bleed: float, context: dict) -> dict:
        """All a template sees: the game, its rule facts, the face's size and bleed, and `context`."""
        w, h = size
        return dict(game=self.game.context(), w=w, h=h, bleed=bleed, palette=self.game.palette,
                    rules=self.game.rules, **context)

    def _rendered(self, template: str, size, bleed: float, where: Where, over: Face | None, context: dict,
                  given: str) -> tuple:
        """What a template makes of `context`: (the face's key, or None when it cannot be made; what keeps its
        text from being read; what else keeps it from being made), and the face's steps when it is made."""
        if template in self.over_limit:
            return (None, (), ()), None  # its first face past a limit is reported: the build fails without this one
        try:
            key, notes, steps = self._make(template, size, bleed, where, over, context, given)
        except OverLimit as error:
            self.over_limit.add(template)
            return (None, (), tuple(error.problems)), None
        except DataError as error:
            return (None, (), tuple(error.problems)), None
        if any(note.error for note in notes):
            return (None, notes, ()), None
        return (key, notes, ()), steps

    def _make(self, template: str, size, bleed: float, where: Where, over: Face | None, context: dict,
              given: str) -> tuple[str, tuple, tuple]:
        """Render, read and check a face and, unless its text cannot be read, have it drawn (`_draw_checked`);
        return its key, what keeps its text from being read, and its steps.
        (Every rendering is checked, even one whose face another has made: where the template wrote a step is
        its own.)"""
        text = self.render(template, size, bleed, where, context)
        after = self.after_text.get((size, bleed))
        if after is None:
            after = self.after_text[size, bleed] = written_after(size, bleed, self.palette, *self.own_fonts)
        key = digest_before(text, after)  # (digest(text, size, bleed, self.palette, *self.own_fonts))
        waiting = self.undrawn.get(key)
        made = waiting is not None or key in self.faces or self.store.has("drawing", key)  # (stored after its steps)
        steps, quick = self.steps.read_lines(text, template, where)
        notes = tuple(legibility.problems(steps, size, bleed > 0, self.game.palette, over.steps if over else ()))
        if notes:
            notes = self._placed_notes(notes, text, quick, template, size, bleed, context)
        if not any(note.error for note in notes):
            if waiting is not None:  # (drawn with others: should that fail, this rendering is told so too)
                waiting[1].append((template, where, context, given, notes))
            elif not made:
                self.undrawn[key] = (Face(key, steps, size, bleed, where, lasting=True),
                                     [(template, where, context, given, notes)])
        return key, notes, steps

    def _draw_checked(self) -> None:
        """Draw the faces checked since the last were drawn (see DRAWN_TOGETHER), each one's steps and drawing
        kept in the store. A face that cannot be drawn (a character none of the fonts has) is told to every
        rendering that made it, as its check would have been: what it made is then no face."""
        if not self.undrawn:
            return
        undrawn, self.undrawn = self.undrawn, {}
        for key, (face, made_by) in undrawn.items():
            try:
                drawing = self.drawings.painter.record(face)
            except DataError as error:
                for template, where, context, given, notes in made_by:
                    self.findings.note(template, where, context, (), tuple(error.problems))
                    self.keys[given] = (None, notes, tuple(error.problems))
                continue
            self.store.put("face", key, {"steps": self.steps.encoded(face.steps)})
            self.store.put("drawing", key, self.drawings.described(drawing))
            self.drawings.keep(key, drawing)
        release()  # (the pages of a big deck's arrays read for these faces: pnp/model/mapped.py)

    def _placed_notes(self, notes: tuple, text: str, quick: bool, template: str, size, bleed: float,
                      context: dict) -> tuple:
        """Legibility findings with the template line that wrote each step (the template's name alone when the
        steps' lines cannot be told); `quick`: whether the text was written one step a line (Steps.read_lines)."""
        lines = _item_lines(text) if quick else None
        raw: list = []
        if lines is None:
            try:
                raw = parse_yaml(text, template, lines=True)
            except DataError:  # read before, but perhaps not by PyYAML (see quickyaml): lines not known
                pass
        found = []  # the line of the rendered text that wrote each note's step
        for note in notes:
            if lines is not None:  # a step and the steps of its groups are on one line
                line = lines[note.path[0] - 1] if note.path and 0 < note.path[0] <= len(lines) else 0
            else:
                steps, line = raw, 0
                for index in note.path:
                    item = steps[index - 1] if isinstance(steps, list) and len(steps) >= index else None
                    line = line_of(steps, index - 1) if item is not None else 0
                    steps = item.get("group", {}).get("steps") if isinstance(item, dict) and \
                        isinstance(item.get("group"), dict) else None
            found.append(line)
        origins = self.renderer.origins(template, max(found), **self._seen(size, bleed, context))
        placed = []
        for note, line in zip(notes, found):
            file, line = origins[line - 1] if 0 < line <= len(origins) else (f"templates/{template}", 0)
            placed.append(dataclasses.replace(note, file=file, line=line))
        return tuple(placed)

    def _steps(self, key: str, request: Drawn) -> tuple:
        """A face's steps, from the store; made again when they are gone, or name artwork that has changed."""
        waiting = self.undrawn.get(key)
        if waiting is not None:  # (checked, not yet drawn and stored)
            return waiting[0].steps
        stored = self.store.get("face", key)
        steps = self.steps.decoded(stored["steps"]) if stored else None
        if steps is None:
            template, where = request.template, request.where
            steps = self.steps.read(self.render(template, request.size, request.bleed, where, request.context),
                                    template, where)
        return steps


def _item_lines(text: str) -> list[int]:
    """The line of each step of a face's YAML written one step a line."""
    return [number for number, line in enumerate(text.split("\n"), start=1) if line.startswith("- ")]


def _contents(uses):
    """The digests of the files a face's steps place (artwork, pictures, icons: `uses`, draw.uses_of), and of
    those of the faces it draws whole."""
    for used in uses:
        if isinstance(used, Face):
            yield from _contents(uses_of(used.steps))
        else:
            yield used.content
            yield from (picture.content for picture in getattr(used, "images", ()))
