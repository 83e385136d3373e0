"""JSON text laid out as `json.dumps(value, indent=...)` lays it out, the same characters in a fraction of the
time: json indents through its pure-Python encoder, and a kit's manifest names every card it prints."""
from __future__ import annotations

import json
from collections.abc import Iterator
from json.encoder import encode_basestring_ascii

_WORDS = {True: "true", False: "false", None: "null"}


class Pairs:
    """A dict given as its (key, value) items, keys text, made as they are written (see `write_indented`)."""

    def __init__(self, items):
        self.items = items

    def __iter__(self):
        return iter(self.items)


def write_indented(value, out, indent: int = 1) -> None:
    """`json.dumps(value, indent=indent)` and a newline, written to the binary file `out` as it is laid out, one
    item of a list at a time (a big deck's manifest is never held whole as text): its containers laid out here,
    one item a line, and the strings and numbers in them written by json's own C encoder. A list that is no
    other list's item may be given as an iterator (a generator), and a dict as Pairs: laid out as the list of
    its items, or the dict of them, each made as it is written, so that a big deck's manifest entries and its
    cards' digests are never held all at once."""
    for piece in _pieces(value, "\n", " " * indent):
        out.write(piece.encode("utf-8"))
    out.write(b"\n")


def _pieces(value, newline: str, step: str):
    """The text of `_text` in pieces: each key of a dict and each item of a list apart."""
    kind = type(value)
    if kind is Pairs or kind is dict and value and all(type(key) is str for key in value):
        inner = newline + step
        empty = True
        for key, item in (value if kind is Pairs else value.items()):
            key_text = f"{'{' if empty else ','}{inner}{encode_basestring_ascii(key)}: "
            if type(item) is str:  # (a text, as a big deck's card digests are: one piece with its key)
                yield key_text + encode_basestring_ascii(item)
            else:
                yield key_text
                yield from _pieces(item, inner, step)
            empty = False
        yield "{}" if empty else newline + "}"
    elif (kind is list or kind is tuple) and value or isinstance(value, Iterator):
        inner = newline + step
        empty = True
        for item in value:
            yield f"{'[' if empty else ','}{inner}{_text(item, inner, step)}"
            empty = False
        yield "[]" if empty else newline + "]"
    else:
        yield _text(value, newline, step)


def _text(value, newline: str, step: str) -> str:
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value)
    if kind is dict and value:
        if not all(type(key) is str for key in value):
            return _reindented(value, newline, step)
        inner = newline + step
        items = [f"{encode_basestring_ascii(key)}: "
                 f"{encode_basestring_ascii(item) if type(item) is str else _text(item, inner, step)}"
                 for key, item in value.items()]  # (a text, most of a manifest's, written here: one call fewer)
        return "{" + inner + ("," + inner).join(items) + newline + "}"
    if (kind is list or kind is tuple) and value:
        inner = newline + step
        return "[" + inner + ("," + inner).join(_text(item, inner, step) for item in value) + newline + "]"
    if value is True or value is False or value is None:
        return _WORDS[value]
    if kind is int:
        return int.__repr__(value)
    return json.dumps(value)  # a float, an empty container; or what json refuses, refused alike


def _reindented(value, newline: str, step: str) -> str:
    """A value json lays out itself (a dict with keys that are not strings, which json writes as strings), at
    the depth `newline` is."""
    return json.dumps(value, indent=len(step)).replace("\n", newline)
