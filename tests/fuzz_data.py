"""A mutation fuzzer for game data: whatever is done to a game's files, `pnp build` builds or says what is wrong.

    python tests/fuzz_data.py                      # 40 cases of each game
    python tests/fuzz_data.py --long               # 10,000 cases of each game
    python tests/fuzz_data.py --game cannon-dice --first 4000 --cases 2000   # one chunk of a long run
    python tests/fuzz_data.py --game cannon-dice --first 4123 --cases 1 --show   # one case, in full

The test suite runs a few cases of each game (tests/test_fuzz_data.py); a long run, for a nightly job or before
a release, is the `--long` command above (some four hours on one core: 0.2 to 0.4 s of processor time a case,
Pete the Pirate's the slowest), or chunks of it in parallel.

Each case copies one game's folder with its templates (into the copy's own `templates/`, which is searched
first), changes one file of it in one to three ways chosen by a random generator seeded by (seed, game, case
number), and builds the copy in a child process of its own (every game unless --game names some). What it
changes: any file's text (lines, characters, tokens, indents, line ends); game.yaml's keys and values and its
components' sizes (zero, negative, huge such as [436mm, 8000mm], tiny, in odd units or none, the two lengths
swapped, another named size); a card list's columns, rows and cells (blank, `#`, huge, odd counts, a card's
text markup); the rules text's Markdown and markup (bold or emphasis left open, nested or crossed as in
`**stop*x* at`, stray backticks, icons' `:name:`, pieces of Jinja's `{{ }}` and of Markdown); a template; a
piece of artwork's numbers and its paths' data (commands and numbers dropped, doubled or replaced, a line
where the first move should be, odd letters, huge numbers); colours written in other ways.

The case passes when the build ends in exit 0, or exit 2 with a message naming for each problem its file and
line (or a whole file not found, too large or unreadable): anything else is a failure — an internal error (exit 70), a traceback, a crash, memory beyond the limit, or a hang: more than the
time limit of processor time (60 s unless --timeout says), or four times that on the clock. A build that ends
in exit 0 is also checked against what it was given (the differential check; "silently wrong" when it fails):
- from a changed card list, the cards it lays out must number the sum of its counts, and a row the list leaves
  unclear (a blank count, a first cell starting with `#`) must not pass without a word;
- from colours only written another way (`#FFF` for `#ffffff`, other letter case), one colour or every colour
  of a file, it must print what the unchanged game's build prints: each PDF whose bytes differ from the
  unchanged build's is rendered to pixels, page by page (at PRINT_SCALE, to within PRINT_TOLERANCE), since
  its bytes may differ where its print does not (the names of its forms, their lengths). The unchanged game
  is built once for each file and build arguments; the check adds a second or two to such a case, one case in
  twenty to fifty.
The same seed and case number always make the same mutant, so a failure can be replayed alone with
`--first N --cases 1 --show`.
"""
from __future__ import annotations

import argparse
import copy
import csv
import importlib
import io
import json
import math
import os
import random
import re
import resource
import select
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "pnp" / "games"
TEMPLATES = ROOT / "templates"
ARTWORK = ROOT / "artwork"
GAME_SLUGS = tuple(sorted(path.parent.name for path in GAMES.glob("*/game.yaml")))  # every game, unless --game
MEMORY_LIMIT = 1 << 30  # what a build may take beyond what the fuzzer itself holds
CLEAN_EXITS = (0, 2)
PRELOADED = ("pnp.cli", "pnp.commands.build", "pnp.build.stages", "pnp.render.sandbox", "pnp.render.artwork", "pnp.write.pdf",
             "click.testing")  # what every build imports; nothing of them opens a file or the cache

# --- what the mutations put in ---------------------------------------------------------------------------

NUMBERS = [0, -1, 1, 2, 7, 1000, 10 ** 9, -10 ** 9, 10 ** 30, 0.5, -0.001, 1e-9, 1e300, ".inf", ".nan", "-.inf"]
WORDS = ["", " ", "x", "poker", "red", "none", "ink", "#zzz", "#123", "yes", "no", "null", "~", "2024-01-01",
         "10mm", "-5mm", "0mm", "1e9mm", "63.5", "宝", "🏴\u200d☠️", "\u202e", "\x00", "\x7f", "a" * 3000,
         "../../../../etc/passwd", "/etc/hostname", "game.yaml", "id", "count", "back", "template", "cards",
         "{{ card.id }}", "{{", "}}", "{%", "%}", "{#", "&a", "*a", "!!python/name:os.system", "'", '"', ":", "- ",
         "[", "]", "{", "}", "#", ",", ";", "|", ">", "@", "`", "%", "\\", "\t", "\r", "\n"]
CONTAINERS = [None, True, False, [], {}, [1], [1, 2, 3], ["a", "b"], {"a": 1}, [[1, 2]], {"x": {"y": [1]}},
              [0, 0], [-5, 10], ["63mm", "88mm"], [10 ** 9, 10 ** 9], ["1e-9mm", "1e-9mm"]]
VALUES = NUMBERS + WORDS + CONTAINERS

SNIPPETS = ["{{", "}}", "{%", "%}", "{% endif %}", "{% endfor %}", "{{ card.nope }}", "{{ game.vars.nope.deeper }}",
            "{{ 1 / 0 }}", "{{ w * 1000000 }}", "{{ -w }}", "{{ none }}", "{{ [1, 2] }}", "{{ card }}",
            "{% for i in range(3) %}", "{% set w = 'wide' %}", "- rect: {x: 0}\n", "- text: {text: 1}\n",
            "- group: {steps: 7}\n", "- group: {rotate: 45, steps: [{group: {steps: [{circle: {}}]}}]}\n",
            "- art: {src: nowhere.svg, x: 0, y: 0, w: 1, h: 1}\n", "- polygon: {points: [[0, 0]]}\n",
            "- line: {points: [[0, 0], [1e308, 1e308]]}\n", "- text: {text: 'x', x: 0, y: 0, w: 0.001, size: 1e9}\n",
            "- rect: {x: 0, y: 0, w: 5, h: 5, fill: '#12345'}\n", "&x [*x]", "*nowhere", "!!python/name:os.system",
            "!!binary AAAA", "!custom", "? ", ": ", "- ", "-", "\t", "\ufeff", "\x00", "'", '"', "[", "]", "{", "}",
            ",", "#", "|", ">", "&", "*", "%", "@", "\n", "\r\n", "\\", "\u2028", "é", "💣"]

COLOURS = ["#f00", "#F00", "#ff000080", "#12345", "#GGGGGG", "#", "", "red", "Red", "rgb(255, 0, 0)", "none",
           "transparent", "#0000000", "sea", "#FFFFFF ", " #000000", "\u0000", "1e400", "nan"]
SVG_NUMBERS = ["nan", "NaN", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e308", "1e-400", "-0", "", "0",
               "99999999999", "-99999999", "1e9", ".", "-", "+5", "5e", "0x10", "1,2", "1 2 3"]
COLOUR = r"#[0-9A-Fa-f]{3,8}\b|\b(?:red|black|white|blue|green|none|sea)\b"  # as data files write colours
SAME_COLOUR = "same colour"  # a mutation that must change nothing printed (the differential check compares)
CELLS = ["", " ", "#", "#x", "# comment", "0", "-1", "1.5", "1e3", "x" * 100_000, "9" * 400, "2000", "2001"]

ALIAS_BOMB = "\n".join(["bomb:", "  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
                       + [f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]) + "\n"
YAML_HAZARDS = [ALIAS_BOMB, "loop: &loop [*loop]\n", "loop: &loop {self: *loop}\n",
                "os: !!python/name:os.system\n", "obj: !!python/object/apply:os.system [echo]\n",
                "deep: " + "[" * 5000 + "]" * 5000 + "\n", "deep: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
                "when: 2024-01-01\n", "blob: !!binary aGVsbG8=\n", "set: !!set {a, b}\n", "%YAML 1.1\n---\n",
                "---\n", "...\n", "a: 1\n---\nb: 2\n", "? [complex, key]\n: value\n", "<<: {merged: 1}\n",
                "big: " + "9" * 5000 + "\n", "inf: .inf\n", "&anchor\n", "*alias\n"]


def misspelt(rng: random.Random, word: str) -> str:
    """A word with one slip of the keyboard: a letter dropped, doubled, swapped or changed."""
    if len(word) < 2:
        return word + "x"
    i = rng.randrange(len(word) - 1)
    slip = rng.choice(["drop", "double", "swap", "change", "case"])
    if slip == "drop":
        return word[:i] + word[i + 1:]
    if slip == "double":
        return word[:i] + word[i] + word[i:]
    if slip == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if slip == "case":
        return word.upper()
    return word[:i] + rng.choice("aeiouxyz-_ ") + word[i + 1:]


def same_colour(rng: random.Random, colour: str) -> str | None:
    """A hex colour written another way that means the same: other letter case, or #rgb for #rrggbb and back."""
    digits = colour[1:]
    if not colour.startswith("#") or len(digits) not in (3, 6):
        return None
    ways = [colour.swapcase()] if colour.swapcase() != colour else []
    if len(digits) == 3:
        ways.append("#" + "".join(digit * 2 for digit in digits))
    elif digits[0::2].lower() == digits[1::2].lower():
        ways.append("#" + digits[0::2])
    return rng.choice(ways) if ways else None


def as_text(value) -> str:
    """A value as it would be typed in a data file."""
    if isinstance(value, str):
        return value
    return yaml.safe_dump(value, default_flow_style=True, width=10 ** 6).strip().removesuffix("\n...").strip()


# --- mutations of text (any file) ---------------------------------------------------------------------------

def text_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One change to a file's text; returns (description, new text)."""
    lines = text.splitlines(keepends=True) or [""]
    i = rng.randrange(len(lines))
    kind = rng.choice(["delete line", "duplicate line", "swap lines", "delete char", "insert", "insert", "token",
                       "token", "token", "truncate", "indent", "blank", "bom", "crlf", "repeat line", "colour",
                       "colour"])
    if kind == "delete line":
        return f"delete line {i + 1}", "".join(lines[:i] + lines[i + 1:])
    if kind == "duplicate line":
        return f"duplicate line {i + 1}", "".join(lines[:i + 1] + lines[i:])
    if kind == "repeat line":
        return f"line {i + 1} repeated 2000 times", "".join(lines[:i] + lines[i:i + 1] * 2000 + lines[i + 1:])
    if kind == "swap lines" and len(lines) > 1:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return f"swap lines {i + 1} and {j + 1}", "".join(lines)
    if kind == "delete char" and text:
        at = rng.randrange(len(text))
        return f"delete {text[at]!r} at {at}", text[:at] + text[at + 1:]
    if kind == "insert":
        at, snippet = rng.randrange(len(text) + 1), rng.choice(SNIPPETS + WORDS)
        return f"insert {snippet[:40]!r} at {at}", text[:at] + snippet + text[at:]
    if kind == "token":
        tokens = list(re.finditer(r"-?\d+(?:\.\d+)?|[A-Za-z_][\w-]*", text))
        if tokens:
            token = rng.choice(tokens)
            new = rng.choice([misspelt(rng, token.group()), as_text(rng.choice(NUMBERS + WORDS))])
            return (f"token {token.group()!r} at {token.start()} -> {new[:40]!r}",
                    text[:token.start()] + new + text[token.end():])
    if kind == "colour":
        colours = list(re.finditer(COLOUR, text))
        if colours:
            found = rng.choice(colours)
            same = same_colour(rng, found.group())
            if same and rng.random() < 0.5:  # the same colour written another way: must print the same
                return (f"{SAME_COLOUR} {found.group()!r} at {found.start()} -> {same!r}",
                        text[:found.start()] + same + text[found.end():])
            new = rng.choice(COLOURS)
            return (f"colour {found.group()!r} at {found.start()} -> {new!r}",
                    text[:found.start()] + new + text[found.end():])
    if kind == "truncate":
        at = rng.randrange(len(text) + 1)
        return f"truncate at {at}", text[:at]
    if kind == "indent":
        change = rng.choice([" ", "  ", "\t"])
        if rng.random() < 0.5:
            return f"indent line {i + 1} by {change!r}", "".join(lines[:i] + [change + lines[i]] + lines[i + 1:])
        return f"unindent line {i + 1}", "".join(lines[:i] + [lines[i].lstrip()] + lines[i + 1:])
    if kind == "blank":
        return "empty file", rng.choice(["", "\n", "   \n", "#\n"])
    if kind == "bom":
        return "byte-order mark", "\ufeff" + text
    if kind == "crlf":
        return "CR LF line ends", text.replace("\n", "\r\n")
    return "unchanged", text


# --- mutations of YAML structure ------------------------------------------------------------------------------

def _places(value, path=()):
    """Every (path, value) inside a YAML value, the whole value included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, path + (index,))


def _parent(root, path):
    for step in path[:-1]:
        root = root[step]
    return root


def yaml_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One change to the structure of a YAML file: a key renamed or removed, a value replaced, an item copied."""
    if re.search(r"&\w", text):  # aliases: walking what they repeat could take forever
        return text_mutation(rng, text)
    try:
        root = yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError, ValueError):  # ValueError: a number of thousands of digits
        return text_mutation(rng, text)
    if rng.random() < 0.08:
        hazard = rng.choice(YAML_HAZARDS)
        top = isinstance(root, dict)
        hazard_text = hazard if top else "- " + hazard.replace("\n", "\n  ").rstrip() + "\n"
        return f"add {hazard[:40]!r}", text.rstrip("\n") + "\n" + hazard_text
    places = list(_places(root))[1:]
    if not places:
        return text_mutation(rng, text)
    path, value = rng.choice(places)
    parent, last = _parent(root, path), path[-1]
    kind = rng.choice(["delete", "rename", "value", "value", "value", "copy", "empty", "wrap"])
    where = "/".join(map(str, path))
    if kind == "delete":
        del parent[last]
    elif kind == "rename" and isinstance(parent, dict):
        new_key = misspelt(rng, str(last)) if rng.random() < 0.8 else rng.choice(VALUES[:20])
        new_key = new_key if isinstance(new_key, (str, int, float, bool)) or new_key is None else str(new_key)
        parent[new_key] = parent.pop(last)
        where += f" -> {new_key!r}"
    elif kind == "copy" and isinstance(parent, list):
        parent.insert(last, value)
    elif kind == "empty" and isinstance(value, (dict, list)):
        parent[last] = type(value)()
    elif kind == "wrap":
        parent[last] = [value] if rng.random() < 0.5 else {"value": value}
    else:
        kind = "value"
        parent[last] = copy.deepcopy(rng.choice(VALUES))  # later steps may change it: never the shared one
        where += f" = {as_text(parent[last])[:40]!r}"
    return f"yaml {kind} {where}", yaml.safe_dump(root, sort_keys=False, allow_unicode=True, width=10 ** 6)


# --- mutations of CSV structure ---------------------------------------------------------------------------------

def csv_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One change to a card list in CSV: a column renamed, added or dropped, a cell changed, rows copied or lost."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error:
        return text_mutation(rng, text)
    if len(rows) < 2 or not rows[0]:
        return text_mutation(rng, text)
    header, body = rows[0], rows[1:]
    kind = rng.choice(["rename column", "drop column", "add column", "cell", "cell", "cell", "short row",
                       "long row", "copy rows", "no rows", "counts", "semicolons", "quotes", "many rows",
                       "odd cell", "odd cell", "hash row", "count cell", "count cell", "markup cell"])
    column = rng.randrange(len(header))
    row = rng.randrange(len(body))
    description = kind
    if kind == "rename column":
        header[column] = misspelt(rng, header[column]) if rng.random() < 0.8 else ""
        description += f" {column} -> {header[column]!r}"
    elif kind == "drop column":
        rows = [r[:column] + r[column + 1:] for r in rows]
    elif kind == "add column":
        name = rng.choice(["extra", "colour", "id", "count", "", "back"])
        rows = [r + [name if n == 0 else as_text(rng.choice(VALUES))] for n, r in enumerate(rows)]
        description += f" {name!r}"
    elif kind == "cell" and column < len(body[row]):
        body[row][column] = as_text(rng.choice(VALUES + [misspelt(rng, body[row][column] or "x")]))
        description += f" {row + 2},{column + 1} = {body[row][column][:40]!r}"
    elif kind == "odd cell" and column < len(body[row]):
        body[row][column] = rng.choice(CELLS)
        description += f" {row + 2},{column + 1} = {body[row][column][:20]!r}"
    elif kind == "markup cell" and column < len(body[row]):
        step, body[row][column] = markup_mutation(rng, body[row][column] or "x")
        description += f" {row + 2},{column + 1}: {step}"
    elif kind == "hash row" and body[row]:
        body[row][0] = "#" + body[row][0]
        description += f" {row + 2}"
    elif kind == "count cell" and "count" in header and header.index("count") < len(body[row]):
        body[row][header.index("count")] = rng.choice(["", " ", "3", "0", "12", "2000", "-2", "1.0", "#"])
        description += f" {row + 2} = {body[row][header.index('count')]!r}"
    elif kind == "short row":
        body[row] = body[row][:column]
    elif kind == "long row":
        body[row] = body[row] + ["extra"] * rng.randint(1, 3)
    elif kind == "copy rows":
        rows = [header] + body + body[:rng.randint(1, len(body))]
    elif kind == "no rows":
        rows = [header]
    elif kind == "counts" and "count" in header:
        value = rng.choice(["0", "10000", "9999999", "-1", ""])
        at = header.index("count")
        for r in body:
            if at < len(r):
                r[at] = value
        description += f" all {value!r}"
    elif kind == "semicolons":
        return kind, "\n".join(";".join(r) for r in rows) + "\n"
    elif kind == "quotes":
        return kind, text.replace(",", ',"', 1 + rng.randrange(3))
    elif kind == "many rows":
        extra = [[f"{r[0]}-{n}" if r else str(n)] + r[1:] for n in range(rng.choice([500, 20000])) for r in body[:1]]
        rows = [header] + body + extra
        description += f" (+{len(extra)})"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return description, out.getvalue()


# --- mutations of SVG numbers ---------------------------------------------------------------------------------

def svg_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One number of an SVG drawing (an attribute, a path's, a transform's, a style's) made odd."""
    numbers = list(re.finditer(r"(?<=[\s\"',(:=])-?\d+(?:\.\d+)?(?:e-?\d+)?", text))
    if not numbers:
        return text_mutation(rng, text)
    found, new = rng.choice(numbers), rng.choice(SVG_NUMBERS)
    return f"svg number {found.group()!r} at {found.start()} -> {new!r}", text[:found.start()] + new + text[found.end():]


# --- mutations of SVG path data -------------------------------------------------------------------------------

PATH_DATA = re.compile(r"(?<=\sd=\")[^\"]*|(?<=\sd=')[^']*")  # the `d` of a <path>
PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")  # a command or a number
PATH_COMMANDS = "MLHVCSQTAZmlhvcsqtaz"
ODD_LETTERS = ["X", "B", "e", "E", "k", "é", "+", "-", ".", "..", ",,", "#", "%", "(", "NaN", "inf", "\t"]
HUGE = ["1e308", "-1e308", "1.8e308", "1e39", "-3.5e38", "99999999999999999999", "1e-320", "1" * 400]


def path_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One path's data (the `d` of a <path>) changed: a command or a number dropped, doubled or replaced, a line
    where the move that must begin it was, an odd letter among its tokens, a huge number."""
    paths = [found for found in PATH_DATA.finditer(text) if PATH_TOKEN.search(found.group())]
    if not paths:
        return svg_mutation(rng, text)
    found = rng.choice(paths)
    data = found.group()
    tokens = list(PATH_TOKEN.finditer(data))
    commands = [token for token in tokens if token.group().isalpha()] or tokens
    numbers = [token for token in tokens if not token.group().isalpha()] or tokens
    kind = rng.choice(["drop command", "double command", "replace command", "drop number", "double number",
                       "replace number", "line first", "odd letter", "huge number", "empty"])
    if kind == "line first":
        first = tokens[0]
        new_data = (data[:first.start()] + rng.choice("LlHCZ") + data[first.end():] if first.group() in "Mm"
                    else "L 0 0 " + data)
    elif kind == "empty":
        new_data = rng.choice(["", " ", "M", "M 0 0", "none", "Z"])
    elif kind == "odd letter":
        at = rng.choice(tokens).start()
        new_data = data[:at] + rng.choice(ODD_LETTERS) + data[at:]
    else:
        token = rng.choice(commands if kind.endswith("command") else numbers)
        others = [other for other in (PATH_COMMANDS if kind.endswith("command") else SVG_NUMBERS + HUGE)
                  if other != token.group()]
        piece = {"drop": "", "double": token.group() + " " + token.group(), "replace": rng.choice(others),
                 "huge": rng.choice(HUGE)}[kind.split()[0]]
        new_data = data[:token.start()] + piece + data[token.end():]
    return (f"svg path {kind} at {found.start()} -> {new_data[:40]!r}",
            text[:found.start()] + new_data + text[found.end():])


# --- mutations of the rules' Markdown and a text's markup -------------------------------------------------------

ICONS = [":coin:", ":cannon:", ":map:", ":anchor:", ":nowhere:", "::", ":a b:", ":Cannon:", ":x:y:", ":-:",
         ":" + "a" * 300 + ":"]
JINJA = ["{{", "}}", "{{ }}", "{{ game.name }}", "{{ rules.nope }}", "{{ rules }}", "{{ components.nope.count }}",
         "{{ 1 / 0 }}", "{{ 'x' * 100000 }}", "{{ game.players | words }}", "{% if %}", "{% endif %}",
         "{% for x in range(10 ** 9) %}", "{#", "#}", "{{ range(10) | list }}", "{{ undefined_name }}",
         "{% raw %}", "{{ game.__class__ }}"]
MARKDOWN = ["# ", "## ", "\n## ", "- ", "\n1. ", "\n    ", "> ", "---\n", "| a | b |\n|---|---|\n| 1 |",
            "![caption](components)", "\n![](components)\n", "[link](http://x)", "<b>", "</b>", "<!--", "&amp;",
            "\\", "  \n", "{red}", "{/}", "{8pt}", "_", "__", "~~", "***", "\n```\n", "~~~"]


def markup_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """One change to a text's markup: bold or emphasis left open, nested or crossed (`**stop*x* at`), a stray
    backtick, an icon's `:name:`, a piece of a Jinja expression, or of Markdown."""
    words = list(re.finditer(r"\S+", text))
    if not words:
        return text_mutation(rng, text)
    i = rng.randrange(len(words))
    start, end = words[i].start(), words[min(len(words) - 1, i + rng.randrange(3))].end()
    kind = rng.choice(["open", "open", "nested", "crossed", "backtick", "icon", "jinja", "jinja", "markdown"])
    if kind == "open":
        mark = rng.choice(["**", "*", "_", "__", "***"])
        at = rng.choice([start, end])
        return f"markup open {mark!r} at {at}", text[:at] + mark + text[at:]
    if kind == "nested":
        outer, inner = rng.choice([("**", "*"), ("*", "**"), ("**", "**"), ("*", "*"), ("_", "*"), ("**", "_")])
        words_of = text[start:end]
        cut = words_of.find(" ") + 1 if " " in words_of else len(words_of) // 2
        new = f"{outer}{words_of[:cut]}{inner}{words_of[cut:]}{inner}{outer}"
        return f"markup nested {outer}{inner} at {start}", text[:start] + new + text[end:]
    if kind == "crossed":  # such as `**stop*x* at`: one mark opened inside the other, or closed across it
        a, b = rng.choice([("**", "*"), ("*", "**"), ("_", "**"), ("**", "_")])
        words_of = text[start:end]
        cut = max(1, len(words_of) // 2)
        new = rng.choice([f"{a}{words_of[:cut]}{b}x{b} {words_of[cut:]}",
                          f"{a}{words_of[:cut]}{b}{words_of[cut:]}{a}{b}"])
        return f"markup crossed {a}{b} at {start}", text[:start] + new + text[end:]
    if kind == "backtick":
        at, mark = rng.choice([start, end]), rng.choice(["`", "``", "```", "\n```", "`x`"])
        return f"markup backtick {mark!r} at {at}", text[:at] + mark + text[at:]
    snippet = rng.choice({"icon": ICONS, "jinja": JINJA, "markdown": MARKDOWN}[kind])
    at = rng.choice([start, end])
    return f"markup {kind} {snippet[:30]!r} at {at}", text[:at] + snippet + text[at:]


# --- mutations of a component's size ----------------------------------------------------------------------------

SIZE_LINE = re.compile(r"^([ \t]*size:[ \t]*)([^#\n]*?)([ \t]*(?:#.*)?)$", re.M)
SIZES = {"zero": ["0", "[0mm, 0mm]", "[0, 88mm]", "[63.5mm, 0mm]", "[0in, 0in]"],
         "negative": ["[-63.5mm, 88.9mm]", "[63.5mm, -1mm]", "[-1mm, -1mm]", "-5mm"],
         "huge": ["[436mm, 8000mm]", "[8000mm, 8000mm]", "[1e9mm, 1mm]", "[99999m, 20mm]", "[1e308mm, 1e308mm]",
                  "[5mm, 2000mm]", "[297mm, 420mm]", "[211mm, 298mm]", "[.inf, 10mm]", "[10mm, .nan]"],
         "small": ["[5mm, 5mm]", "[4.99mm, 5mm]", "[5mm, 300mm]", "[1e-9mm, 1e-9mm]"],
         "odd units": ["[2.5in, 3.5in]", "[63.5pt, 88.9pt]", "[6.35cm, 8.89cm]", "[63.5 mm, 88.9 mm]", "[63.5, 88.9]",
                       "[240px, 336px]", "[1ft, 1ft]", "[63.5MM, 88.9Mm]", "[63,5mm, 88,9mm]", "[1/2in, 1in]",
                       "[6.35e1mm, 8.89e1mm]", "[0x40mm, 88mm]", "63.5mm x 88.9mm", "[63.5mm]",
                       "[63.5mm, 88.9mm, 1mm]", "[[63.5mm], 88.9mm]", "[mm, mm]", "[63.5mmmm, 88mm]"],
         "named": ["poker", "mini", "tarot", "a4", "A4", "letter", "POKER", "pokr", "huge", "''", "~", "{}"]}


def size_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    """A component's `size` in game.yaml made odd: zero, negative, huge, tiny, in other units or none, its two
    lengths swapped, or another named size."""
    sizes = list(SIZE_LINE.finditer(text))
    if not sizes:
        return yaml_mutation(rng, text)
    found = rng.choice(sizes)
    old = found.group(2)
    pair = re.fullmatch(r"\[\s*([^,\]]+?)\s*,\s*([^,\]]+?)\s*\]", old)
    kind = rng.choice([*SIZES, "swapped", "swapped"])
    if kind == "swapped" and not (pair and pair[1] != pair[2]):  # a named size, or a square: another name
        kind = "named"
    new = f"[{pair[2]}, {pair[1]}]" if kind == "swapped" else rng.choice([size for size in SIZES[kind] if size != old])
    line = text[:found.start()].count("\n") + 1
    return (f"size {kind} at line {line}: {old!r} -> {new!r}",
            text[:found.start(2)] + new + text[found.end(2):])


# --- mutants ----------------------------------------------------------------------------------------------------

def game_files(slug: str) -> dict[str, str]:
    """The files of a game a build reads (relative to the copied folder) with their text."""
    folder = GAMES / slug
    files = {"game.yaml": (folder / "game.yaml").read_text(encoding="utf-8")}
    read = sorted(folder.glob("*.csv")) + sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.md"))
    for path in (path for path in read if path.name not in ("game.yaml", "rules.yaml", "RULES.md")):  # the checker's
        files[path.name] = path.read_text(encoding="utf-8")
    for path in sorted((TEMPLATES / slug).iterdir()):
        files[f"templates/{slug}/{path.name}"] = path.read_text(encoding="utf-8")
    for path in sorted((ARTWORK / slug).glob("*.svg")) if (ARTWORK / slug).is_dir() else ():
        files[f"artwork/{slug}/{path.name}"] = path.read_text(encoding="utf-8")  # copied over the shared ones
    return files


def structural(rng: random.Random, name: str):
    """The mutation that knows the form of file `name`: its cells, keys, sizes, numbers, path data or markup."""
    if name.endswith(".csv"):
        return csv_mutation
    if name == "game.yaml":
        return size_mutation if rng.random() < 0.4 else yaml_mutation
    if name.endswith(".yaml"):
        return yaml_mutation
    if name.endswith(".svg"):
        return path_mutation if rng.random() < 0.5 else svg_mutation
    if name.endswith(".md"):
        return markup_mutation
    return text_mutation


def mutant(slug: str, files: dict[str, str], seed: int, number: int) -> tuple[str, str, str | bytes]:
    """Case `number`: which file changes, how, and its new content (bytes when no longer UTF-8)."""
    rng = random.Random(f"{seed}/{slug}/{number}")
    name = rng.choice([n for n in files if n.endswith(".csv") or not n.startswith(("templates/", "artwork/"))] * 2
                      + [n for n in files if n.startswith("templates/")]
                      + rng.sample([n for n in files if n.startswith("artwork/")],
                                   min(3, sum(n.startswith("artwork/") for n in files))))
    text, steps = files[name], []
    if rng.random() < 0.05:  # every colour of the file written another way: the build must print the same
        rewritten = re.sub(COLOUR, lambda found: same_colour(rng, found.group()) or found.group(), text)
        if rewritten != text:
            return name, f"{SAME_COLOUR}s: every colour of the file written another way", rewritten
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        step, text = structural(rng, name)(rng, text) if rng.random() < 0.6 else text_mutation(rng, text)
        steps.append(step)
    content: str | bytes = text
    if rng.random() < 0.03:
        raw = text.encode("utf-8")
        at = rng.randrange(len(raw) + 1)
        content = raw[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + raw[at:]
        steps.append(f"raw byte at {at}")
    return name, "; ".join(steps), content


def write_game(slug: str, files: dict[str, str], folder: Path, name: str, content: str | bytes) -> None:
    """A copy of a game whose file `name` holds `content` instead."""
    shutil.copytree(GAMES / slug, folder, ignore=shutil.ignore_patterns("examples", "__pycache__"))
    shutil.copytree(TEMPLATES / slug, folder / "templates" / slug)
    if name.startswith("artwork/"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")


# --- running a build in a child process ----------------------------------------------------------------------------

@dataclass
class Outcome:
    verdict: str  # "ok", or what went wrong: "internal error", "exit 1", "hang", "crash", "unclear message"
    exit_code: int | None
    output: str
    seconds: float


def build_in_process(folder: Path, out: Path, args: list[str]) -> tuple[int, str]:
    """`pnp build` on a folder, as the command line runs it; (exit code, output), 70 with a traceback when the
    program failed in itself."""
    import traceback

    from click.testing import CliRunner

    from pnp.cli import cli

    result = CliRunner().invoke(cli, ["build", str(folder), "--out", str(out), *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(*result.exc_info))
        return 70, result.output + "internal error:\n" + trace
    return result.exit_code, result.output


def _address_space() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 1 << 30


WALL = 4  # a child may take this many times its processor time limit on the clock: a busy machine is slow


def in_child(work, timeout: float | None, memory: int = MEMORY_LIMIT):
    """Run `work()` (returning something JSON can carry) in a forked child whose address space may grow by
    `memory` bytes at most; (value, None), or (None, "hang") when it used more than `timeout` seconds of
    processor time, or did not answer within WALL times that on the clock (None: as long as it takes), or
    (None, "crash: ...")."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: do the work, send the answer, leave without running the parent's clean-up
        os.close(read_end)
        status = 0
        try:
            limit = _address_space() + memory
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            if timeout is not None:
                spent = int(sum(os.times()[:2]))
                resource.setrlimit(resource.RLIMIT_CPU, (spent + math.ceil(timeout), spent + math.ceil(timeout) + 5))
            answer = json.dumps({"value": work()})
        except BaseException as error:  # noqa: BLE001 - reported to the parent, whatever it is
            answer = json.dumps({"error": f"{type(error).__name__}: {error}"[:2000]})
            status = 1
        with os.fdopen(write_end, "w", encoding="utf-8") as stream:
            stream.write(answer)
        os._exit(status)
    os.close(write_end)
    chunks, deadline = [], time.monotonic() + (WALL * timeout if timeout is not None else float("inf"))
    with os.fdopen(read_end, "rb") as stream:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([stream], [], [], None if timeout is None else left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return None, "hang"
            chunk = os.read(stream.fileno(), 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    try:
        answer = json.loads(b"".join(chunks) or b"{}")
    except ValueError:
        answer = {}
    if "value" in answer:
        return answer["value"], None
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL) and timeout is not None:
        return None, "hang"  # past its processor time
    signal_note = f" (signal {os.WTERMSIG(status)})" if os.WIFSIGNALED(status) else ""
    return None, f"crash{signal_note}: {answer.get('error', 'no answer')}"


def judge(exit_code: int, output: str) -> str:
    """'ok' for a build that ended as the program promises, else what is wrong with it."""
    if exit_code not in CLEAN_EXITS:
        return "internal error" if exit_code == 70 else f"exit {exit_code}"
    if "Traceback" in output or "internal error" in output:
        return "traceback"
    if exit_code == 2:
        message = output.split("Error:", 1)[-1].strip()
        problems = [line.strip() for line in message.split("\n")[1:]] or [message]
        if "Error:" not in output or not all(map(_located, problems)):
            return "unclear message"
    return "ok"


def _located(problem: str) -> bool:
    """Whether a problem names its file and line (or is about a whole file)."""
    return bool(re.match(r"\S+\.\w+:\d+[: ]", problem) or re.match(r"\S+: (file not found|too large|cannot be read)",
                                                                    problem))


def run_case(slug: str, files: dict[str, str], seed: int, number: int, timeout: float,
             work_dir: Path, originals: dict) -> tuple[str, str, Outcome]:
    """Build mutant `number` of a game in a child process; which file changed, how, and what came of it.
    `originals` keeps where the unchanged game's output lies, by its build's arguments, for the differential
    check."""
    try:
        name, description, content = mutant(slug, files, seed, number)
    except Exception as error:  # noqa: BLE001 - a bug of the fuzzer's own: counted, and the run goes on
        return "-", "making the mutant", Outcome("fuzzer error", None, f"{type(error).__name__}: {error}", 0.0)
    args = random.Random(f"{seed}/{slug}/{number}/args").choice([[], [], ["--duplex"], ["--fold"], ["--print-shop"]])
    same = all(step.startswith(SAME_COLOUR) for step in description.split("; "))
    kept = work_dir / f"{slug}-{number}-out" if same else None
    start = time.monotonic()
    value, failure = build_in_child(slug, files, name, content, args, timeout, work_dir, f"{slug}-{number}", kept)
    try:
        if failure:
            return name, description, Outcome(failure.split(":")[0], None, failure, time.monotonic() - start)
        exit_code, output, placed = value
        verdict = judge(exit_code, output)
        if verdict == "ok" and exit_code == 0 and isinstance(content, str):
            verdict, output = differs(files["game.yaml"], name, content, placed, output)
        if verdict == "ok" and exit_code == 0 and same:
            verdict, output = prints_alike(slug, files, name, args, timeout, work_dir, originals, kept, output)
        return name, description, Outcome(verdict, exit_code, output, time.monotonic() - start)
    finally:
        if kept is not None:
            shutil.rmtree(kept, ignore_errors=True)


def prints_alike(slug: str, files: dict[str, str], name: str, args: list[str], timeout: float, work_dir: Path,
                 originals: dict, out: Path, output: str) -> tuple[str, str]:
    """'ok', or 'silently wrong' when a build of colours written another way (in `out`) prints otherwise than
    the unchanged game's: the unchanged file written where the mutant's was, so that both kits' versions
    (printed in every footer) cover the same files, built once for each file and build arguments."""
    key = (slug, name, *args)
    if key not in originals:
        original = work_dir / "originals" / str(len(originals))
        value, _ = build_in_child(slug, files, name, files[name], args, None, work_dir, f"{slug}-original", original)
        originals[key] = original if value and value[0] == 0 else None
    if originals[key] is None:
        return "ok", output  # the unchanged game does not build so: nothing to compare with
    changed, failure = in_child(lambda: print_differences(originals[key], out), timeout)
    if failure:
        return "silently wrong", f"the prints could not be compared: {failure}"
    if changed:
        return "silently wrong", f"the same colours written another way print otherwise: {changed[:3]}"
    return "ok", output


def build_in_child(slug: str, files: dict[str, str], name: str, content: str | bytes, args: list[str],
                   timeout: float | None, work_dir: Path, label: str, keep: Path | None = None):
    """Build a copy of a game whose file `name` holds `content`, in a child process (see `in_child`): (exit code,
    output, the cards laid out by group), or (None, what failed). With `keep`, what the build wrote is moved
    there."""
    case_dir = work_dir / label
    folder = case_dir / slug
    write_game(slug, files, folder, name, content)

    def work():
        os.environ["XDG_CACHE_HOME"] = str(work_dir / "cache")  # the many mutants' faces stay out of the user's
        placed = record_placed()
        exit_code, output = build_in_process(folder, case_dir / "out", args)
        return [exit_code, output, placed]

    try:
        value, failure = in_child(work, timeout)
        if keep is not None and failure is None and (case_dir / "out").is_dir():
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(case_dir / "out", keep)
        return value, failure
    finally:
        shutil.rmtree(case_dir, ignore_errors=True)


# --- the differential check: colours written another way print the same -------------------------------------------

PRINT_SCALE = 0.5  # pages are compared rendered at 36 dots an inch: a colour read otherwise shows at any size
PRINT_TOLERANCE = 2  # of 255 levels a pixel may differ by (rounding): a colour read otherwise differs by far more


def print_differences(one: Path, other: Path) -> list[str]:
    """Where two builds' output folders print otherwise: a file only one of them wrote, a PDF page whose pixels
    differ. A PDF's bytes may differ where its print does not (the names of its forms and fonts, its lengths):
    only a PDF whose bytes differ is rendered. The manifest (JSON) is not printed: its keys are of each face's
    text as rendered, colours spelt as written."""
    differences = []
    paths = {path.relative_to(folder).as_posix() for folder in (one, other) for path in folder.rglob("*")
             if path.is_file()}
    for path in sorted(paths):
        a, b = one / path, other / path
        if path.endswith(".json"):
            continue
        if not (a.is_file() and b.is_file()):
            differences.append(f"{path}: written by one build only")
        elif a.read_bytes() != b.read_bytes():
            differences += [path] if not path.endswith(".pdf") else [f"{path} {page}" for page in pages_differing(a, b)]
    return differences


def pages_differing(one: Path, other: Path) -> list[str]:
    """The pages of two PDFs that print otherwise, rendered to pixels: 'page N', or 'pages: N, M'."""
    import pypdfium2
    from PIL import ImageChops

    first, second = pypdfium2.PdfDocument(one), pypdfium2.PdfDocument(other)
    try:
        if len(first) != len(second):
            return [f"pages: {len(first)}, {len(second)}"]
        differing = []
        for number in range(len(first)):
            a, b = (document[number].render(scale=PRINT_SCALE).to_pil() for document in (first, second))
            if a.size != b.size or max(high for _, high in ImageChops.difference(a, b).getextrema()) > PRINT_TOLERANCE:
                differing.append(f"page {number + 1}")
        return differing
    finally:
        first.close()
        second.close()


# --- the differential check: a build that says nothing prints what the data says ----------------------------------

def record_placed() -> dict:
    """Have the build note, for the first variant printed at home, how many fronts of each group of cards it
    lays out (a fold-and-glue page holds as many backs as fronts); in a child process: the patch dies with it."""
    from pnp.build import stages as kit

    placed: dict = {}
    real = kit.lay_out

    def recording(game, settings, maker=None, progress=None):
        parts = real(game, settings, maker, progress)
        if not settings.shop and not placed:
            for part in parts:
                if part.component.cards:
                    placed[part.component.id] = sum(len(page.placed) // (2 if page.fold else 1)
                                                    for page in part.pages if page.side in ("fronts", "fold-and-glue"))
        return parts

    kit.lay_out = recording
    return placed


def expected_cards(text: str) -> tuple[int | None, str]:
    """What a card list in CSV says to print, read plainly: (the sum of its counts, or None when a row does not
    say; that row). A blank count or a row whose first cell starts with `#` says nothing a reader can see."""
    rows = [row for row in csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")) if row]
    if not rows or "count" not in rows[0]:
        return None, ""
    at, total = rows[0].index("count"), 0
    for number, row in enumerate(rows[1:], start=2):
        cell = row[at].strip() if at < len(row) else ""
        if row[0].lstrip().startswith("#") or not cell:
            return None, f"row {number} ({','.join(row)[:40]!r})"
        if not cell.isdigit():
            return None, ""  # an odd count: the build refuses it or reads it as it says
        total += int(cell)
    return total, ""


def differs(game_yaml: str, name: str, content: str, placed: dict, output: str) -> tuple[str, str]:
    """'ok', or 'silently wrong' when a card list the build printed without a word prints other than it says."""
    if not name.endswith(".csv") or not placed:
        return "ok", output
    try:
        components = yaml.safe_load(game_yaml)["components"]
    except (yaml.YAMLError, KeyError, TypeError):
        return "ok", output
    group = next((key for key, block in components.items() if isinstance(block, dict) and block.get("cards") == name),
                 None)
    if group not in placed:
        return "ok", output
    total, silent_row = expected_cards(content)
    if silent_row and "warning" not in output:
        return "silently wrong", f"{name} {silent_row}: built without a word, {placed[group]} {group} printed"
    if total is not None and total != placed[group]:
        return "silently wrong", f"{name} counts add up to {total}, but {placed[group]} {group} were laid out"
    return "ok", output


def fuzz(slugs, seed: int, first: int, cases: int, timeout: float, show=False, report=print) -> dict:
    """Run cases first..first+cases-1 of each game; returns counts of verdicts and the failures."""
    summary = {"cases": 0, "verdicts": {}, "exits": {}, "failures": [], "slowest": (0.0, "")}
    originals: dict = {}
    for module in PRELOADED:  # once here, not once a case: each build is a fork of this process
        importlib.import_module(module)
    with tempfile.TemporaryDirectory(prefix="pnp-fuzz-") as temp:
        for slug in slugs:
            files = game_files(slug)
            for number in range(first, first + cases):
                name, description, outcome = run_case(slug, files, seed, number, timeout, Path(temp), originals)
                summary["cases"] += 1
                summary["verdicts"][outcome.verdict] = summary["verdicts"].get(outcome.verdict, 0) + 1
                summary["exits"][str(outcome.exit_code)] = summary["exits"].get(str(outcome.exit_code), 0) + 1
                label = f"{slug} case {number}: {name}: {description[:200]}"
                if outcome.seconds > summary["slowest"][0]:
                    summary["slowest"] = (outcome.seconds, label)
                if outcome.verdict != "ok":
                    summary["failures"].append(f"{label}\n  -> {outcome.verdict}: {outcome.output.strip()[-700:]}")
                    report(summary["failures"][-1])
                elif show:
                    report(f"{label}\n  -> exit {outcome.exit_code} in {outcome.seconds:.2f} s\n{outcome.output}")
    return summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--long", action="store_true", help="10,000 cases of each game (default 40)")
    parser.add_argument("--cases", type=int, help="how many cases of each game")
    parser.add_argument("--first", type=int, default=0, help="the number of the first case")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", choices=GAME_SLUGS, help="only this game (repeatable)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds of processor time before a build counts as a hang")
    parser.add_argument("--show", action="store_true", help="print every case's outcome, not only failures")
    options = parser.parse_args(argv)
    cases = options.cases or (10_000 if options.long else 40)
    start = time.monotonic()
    summary = fuzz(options.game or GAME_SLUGS, options.seed, options.first, cases, options.timeout, options.show)
    print(f"{summary['cases']} cases (seed {options.seed}, cases {options.first}..{options.first + cases - 1}) "
          f"in {time.monotonic() - start:.0f} s: {json.dumps(summary['verdicts'])}; exit codes "
          f"{json.dumps(summary['exits'])}; slowest {summary['slowest'][0]:.1f} s ({summary['slowest'][1][:120]})")
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
