"""A game's rule facts: every number and choice its rules state, written once, in the game folder's `rules.yaml`.

Everything that states a fact reads it there by name: card templates, sheets and player aids (`rules` in a
template), the players' rules and any text of the data (`{{ rules.goal }}`, pnp/render/stated.py), the checker
and the bots (`game.rules`, through pnp/check/facts.py). A fact is a leaf of the file, named by its dotted path
(`hand-sizes.2`, `bonus.coloured`, `goal`); what it means is the comment on its line, else on the line of the
group holding it, else the comment lines just above it. `pnp list GAME --rules` prints them as
`KEY=VALUE  # what it means`, and `--rule KEY=VALUE` plays or prints a variant without editing the file
(`varied`): a value of the same kind as the file's (a whole number for a whole number, true or false for a
choice of two, a list of the same kind of items), checked further by the game's checker where it has one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import DataError, PnpError, Where, clip, shown
from pnp.model.specs import LDict, LList, line_of
from pnp.read.datafile import load_yaml, read_text

FILE = "rules.yaml"
KEY = re.compile(r"[A-Za-z0-9][\w-]*(\.[A-Za-z0-9][\w-]*)*")
PLAIN = re.compile(r"[\w.+-]+")  # a text value written as it is in a variant's name (else quoted)
MAX_RULES = 20  # --rule options at once


@dataclass(frozen=True)
class Fact:
    key: str  # dotted path: `hand-sizes.2`
    value: object
    means: str  # the comment that says what it is
    where: Where


def read_rules(folder: Path) -> LDict:
    """The game's rule facts as its rules.yaml holds them (a mapping that knows its lines); empty without one."""
    path = folder / FILE
    if not path.is_file():
        return LDict()
    raw = load_yaml(path)
    if raw is None:
        return LDict()
    problems: list = []
    _check(raw, Where(shown(path), line_of(raw, default=1)), problems)
    if problems:
        raise DataError(problems)
    return raw


def _check(value, where: Where, problems: list) -> None:
    """A mapping of names to facts or to groups of them; a fact is a number, a text, true or false, or a list
    of those."""
    if not isinstance(value, dict):
        problems.append((where, "expected a mapping of rule facts (name: value) and groups of them"))
        return
    for key, item in value.items():
        spot = where.at(str(key), line_of(value, key))
        if not isinstance(key, (str, int)) or isinstance(key, bool) or not KEY.fullmatch(str(key)):
            problems.append((spot, "a rule fact's name is letters, digits, - and _ (it is written KEY=VALUE)"))
        elif isinstance(item, dict):
            _check(item, spot, problems)
        elif isinstance(item, list):
            if not all(_scalar(each) for each in item):
                problems.append((spot, "a list of rule facts holds numbers, texts, or true and false"))
        elif not _scalar(item):
            problems.append((spot, "expected a number, a text, true or false, or a list of them"))


def _scalar(value) -> bool:
    return isinstance(value, (int, float, str, bool))


def facts(rules: dict, folder: Path | None = None) -> list[Fact]:
    """Every fact of a game's rules (`Game.rules`), in the file's order, with what it means."""
    path = folder / FILE if folder is not None else None
    lines = read_text(path).splitlines() if path is not None and path.is_file() else []
    file = shown(path) if path is not None else FILE
    found: list[Fact] = []

    def walk(group: dict, prefix: str, means: str) -> None:
        for key, value in group.items():
            line = line_of(group, key)
            said = _comment(lines, line) or _above(lines, line) or means
            name = f"{prefix}{key}"
            if isinstance(value, dict):
                walk(value, name + ".", said)
            else:
                found.append(Fact(name, value, said, Where(file, line, name)))

    walk(rules, "", "")
    return found


def _comment(lines: list[str], line: int) -> str:
    """The comment at the end of a line of YAML (a `#` after a space, outside quotes), else ""."""
    if not 0 < line <= len(lines):
        return ""
    text, quote = lines[line - 1], None
    for index, char in enumerate(text):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] in " \t"):
            return text[index + 1:].strip()
    return ""


def _above(lines: list[str], line: int) -> str:
    """The comment lines just above a line, joined."""
    said: list[str] = []
    while 1 < line <= len(lines) and lines[line - 2].lstrip().startswith("#"):
        said.insert(0, lines[line - 2].lstrip()[1:].strip())
        line -= 1
    return " ".join(said)


def shown_value(value) -> str:
    """A fact's value as `KEY=VALUE` writes it: `11`, `true`, `draw-map`, `[6,5,4,3]`; a text with spaces quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(shown_value(item) for item in value) + "]"
    if isinstance(value, str):
        import json

        return value if PLAIN.fullmatch(value) and _parsed(value) == value else json.dumps(value, ensure_ascii=False)
    return repr(value) if isinstance(value, float) else str(value)


def variant_text(variant: tuple) -> str:
    """A variant as a log's header and the contents page name it: `goal=25 hand=5`."""
    return " ".join(f"{key}={shown_value(value)}" for key, value in variant)


VARIANT_ITEM = re.compile(r'\s*([^\s=]+)=("(?:[^"\\]|\\.)*"|\[[^\]]*\]|\S+)')


def variant_items(text: str) -> list[str]:
    """The `KEY=VALUE` items of a variant as `variant_text` writes it; PnpError when it cannot be read."""
    items, at = [], 0
    while at < len(text.rstrip()):
        found = VARIANT_ITEM.match(text, at)
        if found is None:
            raise PnpError(f"expected KEY=VALUE items such as goal=25 hand=5, got {clip(text[at:].strip())!r}")
        items.append(f"{found.group(1)}={found.group(2)}")
        at = found.end()
    return items


def _parsed(text: str):
    """A value written on the command line, read as YAML reads a value (a number, true, a [list])."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number"), (str, "a text"))


def _kind(value) -> str:
    return next(name for kind, name in KINDS if isinstance(value, kind))


def _like(plain, given):
    """`given` as a value of the kind `plain` is; None when it is not one."""
    if isinstance(plain, bool):
        return given if isinstance(given, bool) else None
    if isinstance(plain, int):
        return given if isinstance(given, int) and not isinstance(given, bool) else None
    if isinstance(plain, float):
        return float(given) if isinstance(given, (int, float)) and not isinstance(given, bool) else None
    if isinstance(plain, str):
        return given if isinstance(given, str) else None if isinstance(given, (list, dict)) else str(given)
    return None


def varied(rules: LDict, given: list[str], folder: Path) -> tuple[LDict, tuple]:
    """The rules with each `KEY=VALUE` of `given` (the --rule options, in order) put in place of the file's
    value, and the variant as (key, value) pairs, sorted by key; PnpError (exit 2) naming the key and what it
    accepts for a key that is not a fact or a value of the wrong kind. The lines are the file's."""
    if not given:
        return rules, ()
    if len(given) > MAX_RULES:
        raise PnpError(f"--rule: at most {MAX_RULES} rule facts at once, got {len(given)}")
    known = {fact.key: fact for fact in facts(rules)}
    changed: dict = {}
    for item in given:
        key, sep, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key:
            raise PnpError(f"--rule {clip(item)!r}: expected KEY=VALUE such as goal=25 (pnp list "
                           f"{folder.name} --rules lists the keys)")
        fact = known.get(key)
        if fact is None:
            raise PnpError(f"--rule {clip(key)}: {folder.name} has no such rule fact ({_nearby(key, known)}; "
                           f"pnp list {folder.name} --rules lists them all)")
        plain = fact.value
        value = _parsed(text)
        if isinstance(plain, list):
            items = value if isinstance(value, list) else None
            kinds = {_kind(item) for item in plain} or {"a whole number"}
            made = [_like(plain[0] if plain else 0, item) for item in items] if items else None
            if not items or any(each is None for each in made) or len(kinds) > 1:
                raise PnpError(f"--rule {key}: expected a list of {' or '.join(sorted(kinds))} such as "
                               f"{shown_value(plain)}, got {clip(text)!r}")
            value = made
        else:
            value = _like(plain, value)
            if value is None:
                raise PnpError(f"--rule {key}: expected {_kind(plain)} such as {shown_value(plain)}, "
                               f"got {clip(text)!r}")
        changed[key] = value
    return _replaced(rules, changed), tuple(sorted(changed.items()))


def _nearby(key: str, known: dict) -> str:
    import difflib

    close = difflib.get_close_matches(key, known, n=3, cutoff=0.6)
    return f"did you mean {' or '.join(close)}?" if close else f"it has {len(known)}"


def _replaced(group: LDict, changed: dict, prefix: str = "") -> LDict:
    """A copy of `group` (its lines kept) with the changed facts' values."""
    out = LDict()
    out.line, out.key_lines = group.line, dict(group.key_lines)
    for key, value in group.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out[key] = _replaced(value, changed, name + ".")
        elif name in changed:
            new = changed[name]
            if isinstance(new, list):
                made = LList(new)
                made.line, made.item_lines = line_of(value, default=line_of(group, key)), \
                    list(getattr(value, "item_lines", []))
                new = made
            out[key] = new
        else:
            out[key] = value
    return out
