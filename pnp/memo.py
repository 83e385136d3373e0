"""Memos bounded in size. `Memo` keeps what the program works out while it runs, for `pnp watch`, which builds again
on every save and would otherwise work it out again each time: at most `most` values, the oldest let go first.
`Recent` keeps what a build asks for again soon (a big deck's faces, pnp/render/faces.py): what was put in or
asked for last stays, the rest is let go."""
from __future__ import annotations

from collections import OrderedDict


class Memo(dict):
    """A dict of at most `most` entries: `keep` lets the oldest go to make room."""

    def __init__(self, most: int):
        super().__init__()
        self.most = most

    def keep(self, key, value):
        """`value` kept under `key`, and returned."""
        if key not in self and len(self) >= self.most:
            del self[next(iter(self))]
        self[key] = value
        return value


class Recent:
    """A memo of at most `size` entries: those put in or asked for last, the others let go. It holds all of a
    build's faces but a big deck's, whose faces then take the same memory as a deck of `size` cards, whatever
    the deck's size; a face let go is made again from its key (pnp.render.faces.FaceMaker.drawn_keys)."""

    __slots__ = ("size", "kept")

    def __init__(self, size: int):
        self.size, self.kept = size, OrderedDict()

    def get(self, key, default=None):
        found = self.kept.get(key, self)
        if found is self:
            return default
        self.kept.move_to_end(key)  # asked for again: let go last
        return found

    def __contains__(self, key) -> bool:
        return key in self.kept

    def __len__(self) -> int:
        return len(self.kept)

    def __setitem__(self, key, value) -> None:
        self.kept[key] = value
        self.kept.move_to_end(key)
        if len(self.kept) > self.size:
            self.kept.popitem(last=False)

    def setdefault(self, key, value):
        found = self.get(key, self)
        if found is self:
            self[key] = found = value
        return found
