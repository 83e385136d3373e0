"""The YAML templates write, read quickly: a list of steps, one a line, each a key and a flow value.

    - rect: {x: -3.0, y: -3.0, w: 69.5, h: 94.9, fill: sea}
    - text: {text: "Ahoy \\"matey\\"", x: 3.5, points: [[0, 1], [2, 3]], fit: false}

Reading a face's YAML with PyYAML costs more than rendering its template; this reads the lines templates
usually write to the same values as PyYAML, several times faster. Plain scalars are resolved with PyYAML's own
table (`true`, `~`, `1.5`, a date ...). Anything else — block mappings, a value over several lines, anchors,
tags, escapes JSON does not share — raises `Unsure`, and the caller hands the text to PyYAML.
"""
from __future__ import annotations

import json
import re

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # whose resolver and escapes we agree with
RESOLVERS = LOADER.yaml_implicit_resolvers
PLAIN_TOKEN = r"[A-Za-z0-9_.+/-]+"
DOUBLE_QUOTED = r'"(?:[^"\\]|\\.)*"'
TOKEN = re.compile(PLAIN_TOKEN)
DOUBLE = re.compile(DOUBLE_QUOTED)
SINGLE = re.compile(r"'((?:[^']|'')*)'")
# the line most steps are: `- name: {key: value, ...}` with plain or double-quoted values
PAIR = f"({PLAIN_TOKEN}): ({DOUBLE_QUOTED}|{PLAIN_TOKEN})"
SIMPLE = re.compile(rf"- ({PLAIN_TOKEN}): \{{ *({PAIR}(?:, {PAIR})*) *\}}(?: +#.*)? *\Z")
PAIRS = re.compile(PAIR)
INT = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")
FLOAT = re.compile(r"-?[0-9]+\.[0-9]+\Z")
BOOL = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
ESCAPE = re.compile(r"\\.")
# what JSON and YAML both read the same way inside double quotes
ESCAPES = set('"\\/bfnrt') & set(getattr(yaml.scanner.Scanner, "ESCAPE_REPLACEMENTS", {}))
# tabs, and characters YAML refuses or reads as line breaks: PyYAML, not this reader, deals with them (all but
# \n, \x20-\x7E, \xA0-\u2027, \u202A-\uD7FF, \uE000-\uFEFE, \uFF00-\uFFFD and \U00010000 on: named themselves,
# as a class of the characters allowed takes ten times as long to compile, a few milliseconds of every build)
AWKWARD = re.compile("[\x00-\x09\x0B-\x1F\x7F-\x9F\u2028\u2029\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]")


def awkward(text: str) -> bool:
    """Whether a text holds a character of AWKWARD: in ASCII text (most), a control character other than a new
    line, which `isprintable` finds faster than the pattern's search."""
    if text.isascii():
        return not text.replace("\n", "").isprintable()
    return AWKWARD.search(text) is not None


END = re.compile(r"(?: +#.*)? *\Z")  # a comment needs a space before it
PLAIN: dict = {}  # plain scalars already resolved: the same few recur on every face


class Unsure(Exception):
    """The text uses more of YAML than this reader knows: read it with PyYAML."""


def load(text: str):
    """The value of a template's YAML, as PyYAML reads it; Unsure when the text needs PyYAML."""
    if awkward(text):
        raise Unsure
    items = []
    for line in text.split("\n"):
        if not line.startswith("- "):
            if line.strip(" ") and not line.lstrip(" ").startswith("#"):
                raise Unsure
            continue
        simple = SIMPLE.match(line)
        if simple:
            values = {_key(key): scalar(value) for key, value in PAIRS.findall(simple.group(2))}
            items.append({_key(simple.group(1)): values})
        else:
            items.append(_item(line))
    return items or None


def _item(line: str):
    """A list item: `key: value` (a mapping of one key) or a flow value."""
    key = TOKEN.match(line, 2)
    if key and line.startswith(": ", key.end()):
        value, end = _value(line, _skip(line, key.end() + 2))
        item = {_key(key.group()): value}
    else:
        item, end = _value(line, 2)
    if not END.match(line, end):
        raise Unsure
    return item


def _skip(line: str, at: int) -> int:
    while line.startswith(" ", at):
        at += 1
    return at


def _value(line: str, at: int):
    """The flow value starting at `at`, and where it ends."""
    char = line[at:at + 1]
    if char == "{" or char == "[":
        return _collection(line, _skip(line, at + 1), "}" if char == "{" else "]")
    found = (DOUBLE if char == '"' else SINGLE if char == "'" else TOKEN).match(line, at)
    if not found:
        raise Unsure
    if char == "'":
        return found.group(1).replace("''", "'"), found.end()
    return scalar(found.group()), found.end()


def _collection(line: str, at: int, close: str):
    """A flow mapping `{k: v, ...}` or sequence `[v, ...]`, from just after its opening bracket."""
    mapping = close == "}"
    result: dict | list = {} if mapping else []
    if line.startswith(close, at):
        return result, at + 1
    while True:
        value, at = _value(line, at)
        if mapping:
            if not isinstance(value, str) or not line.startswith(": ", at):
                raise Unsure
            result[value], at = _value(line, _skip(line, at + 2))
        else:
            result.append(value)
        at = _skip(line, at)
        if line.startswith(close, at):
            return result, at + 1
        if not line.startswith(", ", at):
            raise Unsure
        at = _skip(line, at + 2)


def _key(token: str) -> str:
    value = scalar(token)
    if not isinstance(value, str) or token.startswith('"'):
        raise Unsure
    return value


def scalar(token: str):
    """A double-quoted or plain scalar's value."""
    if token[0] == '"':
        if "\\" not in token:
            return token[1:-1]
        if any(escape[1:] not in ESCAPES for escape in ESCAPE.findall(token)):
            raise Unsure
        return json.loads(token)
    value = PLAIN.get(token, PLAIN)
    if value is PLAIN:
        value = _plain(token)
        if len(PLAIN) < 10_000:
            PLAIN[token] = value
    return value


def _plain(token: str):
    """A plain scalar, resolved as PyYAML resolves it."""
    if token == "-":  # a list of its own in YAML, where it ends a line
        raise Unsure
    tag = next((tag for tag, pattern in RESOLVERS.get(token[0], []) + RESOLVERS.get(None, [])
                if pattern.match(token)), None)
    if tag is None:
        return token
    kind = tag.rsplit(":", 1)[-1]
    if kind == "int" and INT.match(token):
        return int(token)
    if kind == "float" and FLOAT.match(token):
        return float(token)
    if kind == "bool":
        return BOOL[token.lower()]
    if kind == "null":
        return None
    raise Unsure
