"""The markup of a text step's text, made to be written in a data file's cell (CSV, YAML, a spreadsheet):

    **bold**   *italic*   {red}a palette colour{/}   {#c0392b}any colour{/}   {8pt}a size{/}   {red 8pt}both{/}
    :anchor:   an icon, the game's artwork/<game>/icons/anchor.svg, sized to the text and set on its baseline
    a new line in the text, or \\n, starts a new line; \\ before any of * { } : \\ prints it as itself

Nothing else is markup: `<`, `&` and quotes print as themselves. Braces were chosen over tags (`<b>`) because a
CSV cell or a YAML value takes them without quoting or escaping, and because a designer's text is more likely
to hold a `<` (a comparison) than a brace. `parse` turns a text into runs of one style each, or says what is
wrong with its markup (`MarkupError`, which the step checker reports at the face's data line).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

MARKS = re.compile(r"[*{}:\\]")  # a text holding none of these is one plain run
STYLES = re.compile(r"[*{}\\]")  # a text holding none of these, and no icon, is one plain run too
ICON = re.compile(r":([a-z][a-z0-9_-]*):")
SIZE = re.compile(r"(\d+(?:\.\d+)?)pt")
COLOUR = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?|[A-Za-z][\w-]*")
LONGEST_SPAN = 60  # characters between { and }: past it the brace is taken for a mistake


class MarkupError(ValueError):
    """What is wrong with a text's markup, said for its designer."""


class Run(NamedTuple):
    """A piece of text in one style: bold, italic, a colour (None: the step's own), a size in points (None:
    the step's own), or an icon (`text` is then its name). (A named tuple, not a frozen dataclass: one is made
    for each text a deck sets, in a third of the time.)"""

    text: str
    bold: bool = False
    italic: bool = False
    colour: str | None = None
    size: float | None = None
    icon: bool = False


def plain(text: str) -> bool:
    """Whether a text has no markup at all (the common case, set as one run)."""
    return MARKS.search(text) is None


def styled(text: str) -> bool:
    """Whether a text's markup sets any of it apart (a colon alone is no markup): else it is one plain run."""
    return not plain(text) and (STYLES.search(text) is not None or ICON.search(text) is not None)


@lru_cache(maxsize=1024)  # (a face's texts are read as it is checked, then laid out)
def parse(text: str) -> tuple[Run, ...]:
    """The runs of a marked-up text, neighbours of one style joined; a MarkupError says what is wrong."""
    if not styled(text):
        return (Run(text),)
    runs: list[Run] = []
    bold = italic = None  # where the open ** or * began, if open
    spans: list[tuple[int, str | None, float | None]] = []  # open {...}: where, colour, size
    piece: list[str] = []

    def style() -> dict:
        colour = next((c for _, c, _ in reversed(spans) if c is not None), None)
        size = next((s for _, _, s in reversed(spans) if s is not None), None)
        return {"bold": bold is not None, "italic": italic is not None, "colour": colour, "size": size}

    def flush() -> None:
        if piece:
            run = Run("".join(piece), **style())
            piece.clear()
            last = runs[-1] if runs else None
            if last is not None and not last.icon and last == Run(last.text, **style()):
                run = Run(last.text + run.text, **style())
                runs.pop()
            runs.append(run)

    at, end = 0, len(text)
    while at < end:
        char = text[at]
        if char == "\\":
            if at + 1 == end:
                raise MarkupError(f"a \\ ends the text (character {at + 1}): write \\\\ for a backslash")
            nxt = text[at + 1]
            piece.append("\n" if nxt == "n" else nxt)
            at += 2
        elif char == "*":
            flush()
            if text.startswith("**", at):
                bold = None if bold is not None else at
                at += 2
            else:
                italic = None if italic is not None else at
                at += 1
        elif char == "{":
            close = text.find("}", at, at + LONGEST_SPAN)
            if close < 0:
                raise MarkupError(f"the {{ at character {at + 1} is never closed by }}: write \\{{ for a brace")
            inside = text[at + 1:close].strip()
            flush()
            if inside == "/":
                if not spans:
                    raise MarkupError(f"{{/}} at character {at + 1} closes nothing: no {{colour}} or {{size}} is open")
                spans.pop()
            else:
                spans.append((at, *_settings(inside, at)))
            at = close + 1
        elif char == "}":
            raise MarkupError(f"a }} at character {at + 1} closes no {{: write \\}} for a brace")
        elif char == ":" and (icon := ICON.match(text, at)):
            flush()
            runs.append(Run(icon[1], **style(), icon=True))
            at = icon.end()
        else:
            piece.append(char)
            at += 1
    flush()
    for opened, mark in ((bold, "**"), (italic, "*")):
        if opened is not None:
            raise MarkupError(f"the {mark} at character {opened + 1} is never closed: end it with {mark}, or "
                              f"write \\* for a star")
    if spans:
        raise MarkupError(f"the {{...}} at character {spans[-1][0] + 1} is never closed: end it with {{/}}")
    return tuple(runs)


def _settings(inside: str, at: int) -> tuple[str | None, float | None]:
    """The colour and size a `{...}` sets, each at most once."""
    colour = size = None
    for word in inside.split():
        if SIZE.fullmatch(word) and size is None:
            size = float(word[:-2])
            if not 1 <= size <= 200:
                raise MarkupError(f"{{{inside}}} at character {at + 1}: a size is from 1pt to 200pt")
        elif COLOUR.fullmatch(word) and colour is None:
            colour = word
        else:
            raise MarkupError(f"{{{inside}}} at character {at + 1}: expected a colour (a palette name or #rrggbb) "
                              f"and/or a size such as 8pt, got {word!r}")
    if colour is None and size is None:
        raise MarkupError(f"{{}} at character {at + 1} sets nothing: expected a colour or a size such as 8pt")
    return colour, size


def escaped(text: str) -> str:
    """A text that prints as itself, whatever it holds."""
    return MARKS.sub(lambda found: "\\" + found[0], text)


SPAN_OR_ESCAPE = re.compile(r"\\.|\{([^{}]*)\}", re.S)


def recoloured(text: str, change) -> str:
    """A marked-up text whose every colour set inside it (`{red}`, `{#c0392b 8pt}`) is `change(colour)`."""
    if plain(text):
        return text

    def span(found) -> str:
        if found[1] is None or found[1].strip() == "/":
            return found[0]
        words = [change(word) if COLOUR.fullmatch(word) and not SIZE.fullmatch(word) else word
                 for word in found[1].split()]
        return "{" + " ".join(words) + "}"

    return SPAN_OR_ESCAPE.sub(span, text)


def icons(runs: tuple[Run, ...]) -> list[str]:
    """The names of the icons a text shows, each once, in order."""
    return list(dict.fromkeys(run.text for run in runs if run.icon))
