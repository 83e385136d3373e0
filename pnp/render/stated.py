"""A game's texts with its rule facts stated: the players' rules (how-to-play.md), the text fields of its card
lists, the texts of game.yaml's `vars` and its kit notes may name a fact, `{{ rules.goal }}`, in the syntax of the
templates (jinja2, in its sandbox), so that a rule is written once, in rules.yaml, and printed wherever a
sentence states it: change the fact, or give `--rule`, and every sentence follows.

A text sees `rules` (the facts), `game` (as a template does) and `components` (each one's options, such as a
die's `faces`, its `title`, its `count` of copies, `kinds` of card and its `cards` by id), and the filters that
state a number in words (`words`, `ordinal`, `nth`, `plural`, `listed`: pnp/render/sandbox.py). `{# ... #}` is no comment here, since a card
text's markup writes `{#c0392b}a colour{/}`: a text's comment is `{## ... ##}`. Only a text holding `{{` or
`{%` is rendered, so a text without them prints exactly as written.
"""
from __future__ import annotations

import dataclasses

from pnp.errors import DataError, Where, shown
from pnp.memo import Memo
from pnp.model.specs import line_of

MARKS = ("{{", "{%")
COMPILED = Memo(10_000)  # a text -> its code, compiled in the sandbox as `Texts` sets it up (every text alike): kept
# while the program runs, so that `pnp watch` compiles a text once, not on every build; rendered anew each time


def stated(game):
    """The game with every text of its data that names a fact rendered (`game.read_as`: the game as read,
    whose version this one keeps); a game already stated as it is."""
    if game.read_as is not None:
        return game
    texts = Texts(game)
    components = {key: texts.component(component) for key, component in game.components.items()}
    made = dataclasses.replace(game, components=components, vars=texts.value(game.vars, texts.vars_where()),
                               kit_notes=tuple(texts.value(note, texts.notes_where()) for note in game.kit_notes),
                               read_as=game)
    if texts.problems:
        raise DataError(texts.problems)
    return made


def stated_file(game, path) -> str:
    """A file of the game's (its checker's RULES.md) with the facts it names stated; DataError at its lines."""
    from pnp.read.datafile import read_text

    texts = Texts(game)
    made = texts.text(read_text(path), Where(shown(path), 1), 1)
    if texts.problems:
        raise DataError(texts.problems)
    return made


def context(game) -> dict:
    """What a text of the game's data sees."""
    return {"rules": game.rules, "game": game.context(),
            "components": {key: _component(component) for key, component in game.components.items()}}


def _component(component) -> dict:
    """What a text sees of a component: its plain options (a die's `faces` ...), its `title`, its `count` (the
    copies of its cards or pieces in all, else the copies of it the kit prints), `kinds` of card and `cards`."""
    plain = {key: value for key, value in component.options.items() if _plain(value) and key != "content"}
    count = component.card_total if component.cards else component.options.get("count", 1)
    return {**plain, "title": component.title, "count": count, "kinds": len(component.cards),
            "cards": {card.id: card.context() for card in component.cards}}


def _plain(value) -> bool:
    if isinstance(value, (list, tuple)):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(_plain(item) for item in value.values())
    return isinstance(value, (str, int, float, bool)) or value is None


def _names(text: str) -> bool:
    """Whether a text may name something (a fact, a value): only such a text is rendered."""
    return any(mark in text for mark in MARKS)


class Texts:
    """The game's texts rendered one by one, what is wrong noted at the text's own file and line."""

    def __init__(self, game):
        self.game, self.problems = game, []
        self._env = self._seen = None

    def text(self, text: str, where: Where, first_line: int = 1) -> str:
        """One text, rendered when it names something; `first_line`: the line of `where`'s file it starts at."""
        if not _names(text):
            return text
        import jinja2
        from jinja2.sandbox import SecurityError

        if self._env is None:
            from pnp.render.sandbox import Sandbox

            self._env = Sandbox(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True,
                                comment_start_string="{##", comment_end_string="##}")
            for unused in ("cycler", "joiner", "lipsum", "range", "dict", "namespace"):
                self._env.globals.pop(unused, None)
            self._seen = context(self.game)
        try:
            with self._env.rendering():
                made = self._template(text).render(self._seen)
        except jinja2.TemplateSyntaxError as error:
            self.problems.append((self._at(where, first_line, error.lineno), f"{error.message} (a rule fact is "
                                                                            "named as {{ rules.KEY }})"))
            return text
        except (jinja2.TemplateError, SecurityError, ArithmeticError, AttributeError, TypeError, ValueError,
                LookupError, RecursionError) as error:
            said = "names what is not there" if isinstance(error, jinja2.UndefinedError) else "cannot be stated"
            self.problems.append((self._at(where, first_line, _line(error)),
                                  f"{said}: {error} (pnp list {self.game.slug} --rules lists the rule facts a text "
                                  "may name)"))
            return text
        return made

    def _template(self, text: str):
        """jinja2's template of a text, its code compiled once (`COMPILED`); a text that does not compile raises
        here each time."""
        code = COMPILED.get(text)
        if code is None:
            code = COMPILED.keep(text, self._env.compile(text))
        return self._env.template_class.from_code(self._env, code, self._env.make_globals(None), None)

    @staticmethod
    def _at(where: Where, first_line: int, line: int | None) -> Where:
        return dataclasses.replace(where, line=first_line + line - 1) if line and first_line else where

    def value(self, value, where: Where):
        """A value of the data (a text, or a list or mapping of them) with its texts rendered."""
        if isinstance(value, str):
            return self.text(value, where, 0)
        if isinstance(value, list):
            made = [self.value(item, where) for item in value]
            return value if all(a is b for a, b in zip(made, value)) else _kept(value, made)
        if isinstance(value, dict):
            made = {key: self.value(item, where.at(str(key), line_of(value, key) or None))
                    for key, item in value.items()}
            return value if all(made[key] is item for key, item in value.items()) else _kept(value, made)
        return value

    def component(self, component):
        cards, same = [], True
        for card in component.cards:  # (each card asked for once: a big deck's are made as they are asked for)
            cards.append(self.card(card))
            same = same and cards[-1] is card
        options = component.options
        if options.get("content"):
            path = shown(self.game.folder / options["text"])
            content = self.text(options["content"], Where(path, 1), 1)
            options = {**options, "content": content} if content is not options["content"] else options
        if options is component.options and same:
            return component
        return dataclasses.replace(component, cards=component.cards.like(cards), options=options)

    def card(self, card):
        # (a field's place made only for a text that names something: a deck's fields mostly name nothing)
        fields = {key: self.text(value, card.where.at(key), 0) if isinstance(value, str) and _names(value) else value
                  for key, value in card.fields.items()}
        if all(fields[key] is value for key, value in card.fields.items()):
            return card
        return dataclasses.replace(card, fields=fields)

    def vars_where(self) -> Where:
        return Where(shown(self.game.folder / "game.yaml"), line_of(self.game.vars), "vars")

    def notes_where(self) -> Where:
        return Where(shown(self.game.folder / "game.yaml"), 0, "kit_notes")


def _kept(old, made):
    """`made` as the kind of value `old` was, keeping the lines a value of the data knows."""
    new = type(old)(made) if not isinstance(made, type(old)) else made
    for name in ("line", "key_lines", "item_lines"):
        if hasattr(old, name):
            setattr(new, name, getattr(old, name))
    return new


def _line(error: Exception) -> int | None:
    """The line of the rendered text an error arose at (jinja2 rewrites a traceback to the template's lines)."""
    found, trace = None, error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == "<template>":
            found = trace.tb_lineno
        trace = trace.tb_next
    return found
