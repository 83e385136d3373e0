"""Memos bounded in size. `Memo` keeps what the program works out while it runs, for `pnp watch`, which builds again
on every save and would otherwise work it out again each time: at most `most` values, the oldest let go first.
`Recent` keeps what a build asks for again soon (a big deck's faces, pnp/render/faces.py): what was asked for
lately stays, the rest is let go."""
from __future__ import annotations


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
    """A memo of the entries put in or asked for lately: once `size` more have been put in, those not asked for
    since are let go. It holds all of a build's faces but a big deck's, whose faces then take memory bounded by
    a few parts', not the deck's; a face let go is made again from its key (pnp.render.faces.FaceMaker.drawn_keys)."""

    def __init__(self, size: int):
        self.size, self.new, self.old = size, {}, {}

    def get(self, key, default=None):
        found = self.new.get(key, self)
        if found is self:
            found = self.old.get(key, self)
            if found is self:
                return default
            self[key] = found  # asked for again: kept another round
        return found

    def __contains__(self, key) -> bool:
        return key in self.new or key in self.old

    def __setitem__(self, key, value) -> None:
        if len(self.new) >= self.size:
            self.old, self.new = self.new, {}
        self.new[key] = value

    def setdefault(self, key, value):
        found = self.get(key, self)
        if found is self:
            self[key] = found = value
        return found
