"""Deterministic chance shared by the printer and the checker: a numbered sheet's layout, for instance,
is shuffled from its number so that the checker can rebuild exactly what was printed."""
from __future__ import annotations

import random
from itertools import chain, repeat

LONGEST = 100_000  # items expand() makes at the most: a count in the data gone wild stops here


def shuffled(items, seed) -> list:
    """A copy of `items` in an order fixed by `seed`, the same on every machine and Python 3 version
    (a text seed is hashed the same way everywhere; integers would be too, but text keeps it explicit).

    The order is `random.shuffle`'s with that seed, its steps written out here: Fisher-Yates from the last
    item down, each index drawn from as many random bits as the count of candidates needs, drawn again while
    it is too big. Written out, it keeps the order whatever a later Python does inside `shuffle`, and it
    spares a method call per item (the checker rebuilds a sheet's grid for every log)."""
    order = list(items)
    getrandbits = random.Random(f"pnp:{seed}").getrandbits
    for last in range(len(order) - 1, 0, -1):
        bits = (last + 1).bit_length()
        pick = getrandbits(bits)
        while pick > last:
            pick = getrandbits(bits)
        order[last], order[pick] = order[pick], order[last]
    return order


def expand(counts: dict) -> list:
    """{"pearl": 2, "ruby": 1} -> ["pearl", "pearl", "ruby"], in the mapping's order; a count below one
    gives nothing. (Made without a Python loop: bots draw from such lists at every deal.)"""
    return list(chain.from_iterable(map(repeat, counts, counts.values())))


def expand_checked(counts) -> list:
    """`expand` as templates call it: anything but names with whole counts, or more than LONGEST items, is
    a ValueError, which the template's error names."""
    try:
        total = sum(count for count in counts.values() if count > 0)
    except (AttributeError, TypeError):
        raise ValueError(f"expand() takes names with whole counts ({{name: count}}), not {counts!r:.40}") from None
    if total > LONGEST:
        raise ValueError(f"expand() would make {total:,} items, more than the {LONGEST:,} allowed")
    return expand(counts)
