"""Deterministic chance shared by the printer and the checker: a numbered sheet's layout, for instance,
is shuffled from its number so that the checker can rebuild exactly what was printed."""
from __future__ import annotations

import random
from itertools import chain, repeat


def shuffled(items, seed) -> list:
    """A copy of `items` in an order fixed by `seed`, the same on every machine and Python 3 version
    (a text seed is hashed the same way everywhere; integers would be too, but text keeps it explicit)."""
    order = list(items)
    random.Random(f"pnp:{seed}").shuffle(order)
    return order


def expand(counts: dict) -> list:
    """{"pearl": 2, "ruby": 1} -> ["pearl", "pearl", "ruby"], in the mapping's order; a count below one
    gives nothing. (Made without a Python loop: bots draw from such lists at every deal.)"""
    return list(chain.from_iterable(map(repeat, counts, counts.values())))
