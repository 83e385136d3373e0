"""A kit's version: a short hash of everything its build reads, printed in every page's footer, shown by
`pnp list` and written in a playtest log's header (`kit:`), so that a printed card or a log can be matched with
the data it came from.

It covers the game's data as read (game.yaml and the card lists, board and rules text it names, and its rule
facts, a variant's (`--rule`) as given: their values,
not their layout or comments), the game's own fonts and the bytes of the templates and artwork a build may
use: the game folder's own `templates/` and `artwork/`, and in the shared folders the files at their top and
the subfolders the data names (`treasure/card.yaml.j2` names the shared `templates/treasure/` and
`artwork/treasure/`). pnp's own code is not part of it, nor how a hex colour is spelt (`#ABC` is `#aabbcc`),
which prints alike.
"""
from __future__ import annotations

import dataclasses
import re
import weakref
from pathlib import Path

from pnp import resources
from pnp.errors import Where
from pnp.model.game import Cards, Fields

LENGTH = 8  # hex digits shown


_KNOWN: dict = {}  # id of a game read -> (a weak reference to it, its version): worked out once a game


def kit_version(game) -> str:
    """The kit's version: LENGTH hex digits of a hash of its data, templates and artwork. Worked out when first
    asked for (a check that never reads it does not pay for it), then kept as long as the game is."""
    if game.read_as is not None:  # its texts stated from the data: the version is the data's
        return kit_version(game.read_as)
    known = _KNOWN.get(id(game))
    if known is not None and known[0]() is game:
        return known[1]
    version = _hashed(game)
    key = id(game)
    _KNOWN[key] = (weakref.ref(game, lambda _: _KNOWN.pop(key, None)), version)
    return version


def _hashed(game) -> str:
    import hashlib  # only when a version is asked for: `pnp check` starts without it

    data = {"name": game.name, "players": game.players, "credits": game.credits, "palette": game.palette,
            "vars": game.vars, "forms": game.forms, "kit_notes": game.kit_notes,
            "components": list(game.components.values()), **({"rules": game.rules} if game.rules else {})}
    hashed, named, text = hashlib.sha256(), set(), []
    for piece, plain in _plain_pieces(data):  # (the hash of repr(_plain(data)), a few cards' text at a time)
        text.append(piece)
        _folders_named(plain, named)
        if len(text) >= 256:
            hashed.update("".join(text).encode("utf-8", "surrogatepass"))
            text.clear()
    hashed.update("".join(text).encode("utf-8", "surrogatepass"))
    for root, path in kit_files(game, named):
        hashed.update(f"\0{root.name}/{path.relative_to(root).as_posix()}\0".encode("utf-8", "surrogatepass"))
        try:
            hashed.update(HEX.sub(_same_hex, path.read_bytes()))
        except OSError:
            continue
    for name, (path, _) in sorted(game.fonts.items()):  # the game's own fonts (none: the hash as it was before)
        hashed.update(f"\0font {name}\0".encode("utf-8", "surrogatepass") + path.read_bytes())
    return hashed.hexdigest()[:LENGTH]


def card_digests(game, made=dict) -> dict:
    """component id -> card id -> a short hash of what the data says of the card (its count, fields and back):
    kept in a build's manifest, so that a checker can name the cards that changed since a kit was printed. Each
    component's cards are `made(their (card id, hash) pairs)`: a dict, or what writes them as they are made."""
    return {component.id: made(_card_digests(component)) for component in game.components.values()
            if component.cards}


def _card_digests(component):
    import hashlib

    for card in component.cards:
        # (what _plain makes of (count, fields, back), made here: a count is a whole number, plain as it is)
        yield card.id, hashlib.sha256(repr([card.count, _plain(card.fields), _plain(card.back)]).encode(
            "utf-8", "surrogatepass")).hexdigest()[:LENGTH]


def changed_cards(old: dict, game) -> list[str]:
    """What a manifest's `cards` (card_digests of an older kit) and the game's data now differ in, in words:
    "changed: game-cards cannon-flag-1, ...", "added: ...", "removed: ..."."""
    now = card_digests(game)
    found: dict = {"changed": [], "added": [], "removed": []}
    for component in dict.fromkeys([*old, *now]):
        before, after = old.get(component) or {}, now.get(component) or {}
        found["changed"] += [f"{component} {card}" for card in after if card in before and before[card] != after[card]]
        found["added"] += [f"{component} {card}" for card in after if card not in before]
        found["removed"] += [f"{component} {card}" for card in before if card not in after]
    return [f"{what}: {', '.join(cards[:8])}{f' and {len(cards) - 8} more' if len(cards) > 8 else ''}"
            for what, cards in found.items() if cards]


def kit_files(game, named: set) -> list[tuple[Path, Path]]:
    """(root, file) of each template and piece of artwork the kit's version covers, in a fixed order: `named`,
    the first folders of the names the game's data writes `folder/file` (`_folders_named`), are the shared
    subfolders it takes."""
    named = named | {game.icon_folder.split("/")[0]}  # (the icons' folder: the texts name its files)
    files = []
    for kind in ("templates", "artwork"):
        own, shared = resources.search_path(game.folder, kind)
        files += [(own, path) for path in _below(own)]
        if shared.is_dir():
            files += [(shared, path) for path in sorted(shared.iterdir()) if path.is_file()]
            for name in sorted(named):
                files += [(shared, path) for path in _below(shared / name)]
    return files


HEX = re.compile(rb"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})\b")  # a colour, written in any of the ways that print alike


def _same_hex(found) -> bytes:
    """A hex colour written one way (#rrggbb, lower case): the version does not change with how it is spelt."""
    digits = found.group(1).lower()
    return b"#" + (bytes(d for digit in digits for d in (digit, digit)) if len(digits) == 3 else digits)


def _below(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file()) if folder.is_dir() else []


def _folders_named(value, found: set) -> None:
    """The first folder of every name of the data (made plain) written `folder/file`, added to `found`. (A text
    without a slash names none: most of a deck's are passed over here, not looked at one call each.)"""
    if isinstance(value, str):
        head, slash, rest = value.partition("/")
        if slash and rest and head and head not in (".", "..") and "\n" not in value and len(value) < 200:
            found.add(head)
        return
    if isinstance(value, (list, tuple)):
        items = value
    elif isinstance(value, dict):
        items = [*value, *value.values()]
    else:
        return
    for item in items:
        if type(item) is not str or "/" in item:
            _folders_named(item, found)


def _plain_pieces(data: dict):
    """The text of repr(_plain(data)) of a game's data (a dict of text keys, "components" among them), in pieces,
    each with the plain value it shows (None for the brackets and commas between): each component made plain
    but for its cards, then its cards one at a time, so that a game's data is never all made plain at once (a
    deck of 10,000 cards would take some 10 MB more for a moment, the peak of a build's memory)."""
    yield from _shown(data, lambda key, item: (_listed(item, _component_pieces) if key == "components" else
                                               _whole(item)))


def _component_pieces(component):
    if not hasattr(component, "__dict__"):
        return _whole(component)
    fields = {name: item for name, item in vars(component).items() if not name.startswith("_")}
    return _shown(fields, lambda key, item: _listed(item, _whole) if key == "cards" else _whole(item))


def _shown(fields: dict, pieces):
    """A dict of text keys, each value's pieces `pieces(key, value)`."""
    yield "{", None
    for index, (key, item) in enumerate(fields.items()):
        yield f"{', ' if index else ''}{key!r}: ", None
        yield from pieces(key, item)
    yield "}", None


def _listed(items, pieces):
    """A list or tuple (or a group's Cards), each item's pieces `pieces(item)`; anything else shown whole."""
    if not isinstance(items, (list, tuple, Cards)):
        yield from _whole(items)
        return
    yield "[", None
    for index, item in enumerate(items):
        if index:
            yield ", ", None
        yield from pieces(item)
    yield "]", None


def _whole(value):
    plain = _plain(value)
    yield repr(plain), plain


def _plain(value):
    """`value` as plain lists, dicts and scalars: a record's fields (those not starting with `_`), without the
    places in the data files they were read at, which moving a line changes."""
    kind = type(value)  # (the kinds a deck's cards are made of looked for first, by kind: thousands of each)
    if kind is str or isinstance(value, str):
        if "#" not in value:  # (no colour in it: as it is)
            return value
        return HEX.sub(_same_hex, value.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")
    if kind is int or kind is float or kind is bool or value is None or isinstance(value, (int, float, bool)):
        return value
    if kind is Where or isinstance(value, Where):
        return None
    if kind is Fields or isinstance(value, (dict, Fields)):
        return {str(key): _plain(item) for key, item in value.items()}
    names = _SLOTTED.get(kind)
    if names is not None:  # a record with slots made plain before (a card)
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple, Cards)):
        return [_plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(item) for item in value), key=repr)
    if hasattr(value, "__dict__"):  # a record: a dataclass, a board
        return {name: _plain(item) for name, item in vars(value).items() if not name.startswith("_")}
    if dataclasses.is_dataclass(value):  # one with slots
        names = _SLOTTED[kind] = tuple(field.name for field in dataclasses.fields(value))
        return {name: _plain(getattr(value, name)) for name in names}
    return value


_SLOTTED: dict = {}  # a dataclass with slots -> its fields' names: found once a class (a deck's cards, thousands)
