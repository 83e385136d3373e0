"""A memo kept while the program runs, for what `pnp watch`, which builds again on every save, would otherwise work
out again each time: values by key, at most `most` of them, the oldest let go first."""
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
