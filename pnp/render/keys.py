"""Keys that tell one rendering from another: what a template was given, the text it rendered, a face made from
others. Faces are found by them in a build and in the cache."""
from __future__ import annotations

import hashlib
from array import array

from pnp.model.mapped import Mapped


def digest(*parts) -> str:
    """A key for values written as `repr` (which tells 1 from "1" and keeps a dict's order)."""
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()


def digest_before(first, after: str) -> str:
    """`digest(first, *others)`, given what `written_after` wrote of the others: for the many keys that share all
    but their first part (each face's text, then its size, bleed and palette), those written once."""
    return hashlib.sha256(f"({first!r}, {after}".encode("utf-8", "surrogatepass")).hexdigest()


def written_after(*parts) -> str:
    """What `digest` writes of `parts` (one at least) after a part before them (see `digest_before`)."""
    return repr(parts)[1:] if len(parts) > 1 else f"{parts[0]!r})"


class FaceNumbers:
    """Each face key a build meets, numbered in the order met (from 0): what a build keeps of every face it made,
    to find again what it did with it (the form a PDF drew it in, how it was written, the face a card's request
    made), is kept by that number in arrays. A key that is a digest (64 hex digits: every face a template draws)
    is kept as its 32 bytes, found again through a table of numbers (some 50 bytes a face in all), not as its
    string and a dict's entry in every table that names it (some 110 bytes for the string and 50 an entry); any
    other key (a face the program makes of others: a board's sheet, a net, a few a kit) in a dict."""

    def __init__(self):
        self.digests = Mapped("B")  # each face's digest by its number (zeros for a face keyed otherwise)
        self.table = Mapped.filled("i", -1, 2048)  # a digest's first bytes -> its number (-1: none), as open
        # addressing finds it: each probe goes on to the next slot, half the slots kept free
        self.others: dict[str, int] = {}  # a key that is no digest -> its number
        self.named: dict[int, str] = {}  # the same, by its number
        self.count = 0

    def number(self, key: str) -> int:
        """The number of the face of that key, the next one when it is new."""
        raw = _digest(key)
        if raw is None:
            number = self.others.get(key)
            if number is None:
                number = self.others[key] = self._new(bytes(32))
                self.named[number] = key
            return number
        at, number = self._slot(raw)
        if number < 0:
            number = self.table[at] = self._new(raw)
            if 2 * self.count > len(self.table):
                self._grow()
        return number

    def key(self, number: int) -> str:
        """The key of the face of that number."""
        named = self.named.get(number)
        return named if named is not None else self.digests[32 * number:32 * number + 32].hex()

    def __len__(self) -> int:
        return self.count

    def _slot(self, raw: bytes) -> tuple[int, int]:
        """Where a digest is in the table, or the free slot it would take: (slot, its number or -1)."""
        table, digests = self.table.values, self.digests.values
        mask = len(table) - 1
        at = int.from_bytes(raw[:8], "little") & mask
        while True:
            number = table[at]
            if number < 0 or digests[32 * number:32 * number + 32] == raw:
                return at, number
            at = (at + 1) & mask

    def _new(self, raw: bytes) -> int:
        self.digests.extend(raw)
        self.count += 1
        return self.count - 1

    def _grow(self) -> None:
        """The table twice the size, every digest's number in it again."""
        self.table = Mapped.filled("i", -1, 2 * len(self.table))
        named = self.named
        for number in range(self.count):
            if number not in named:
                at, _ = self._slot(bytes(self.digests[32 * number:32 * number + 32]))
                self.table[at] = number


def _digest(key: str) -> bytes | None:
    """A key that is a digest (as `digest` writes it) as its 32 bytes; else None."""
    if len(key) != 64:
        return None
    try:
        raw = bytes.fromhex(key)
    except ValueError:
        return None
    return raw if raw.hex() == key else None


class ByNumber:
    """A natural number (an index, an entry's number) for each face of a build, by the face's number
    (FaceNumbers): an array, -1 for a face that has none; `len` counts those that have one."""

    __slots__ = ("kept", "count")

    def __init__(self):
        self.kept, self.count = Mapped("i"), 0  # each face's value, by its number (-1: none)

    def get(self, number: int) -> int | None:
        values = self.kept.values
        value = values[number] if number < len(values) else -1
        return None if value < 0 else value

    def __setitem__(self, number: int, value: int) -> None:
        values = self.kept.values
        if number >= len(values):  # (grown by half at least: a face is numbered after the last, mostly)
            self.kept.extend(array("i", [-1]) * max(number + 1 - len(values), len(values) // 2 + 16))
            values = self.kept.values
        self.count += values[number] < 0
        values[number] = value

    def __len__(self) -> int:
        return self.count
