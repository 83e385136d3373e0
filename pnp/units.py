"""Lengths and named sizes. Inside the program every length is a float in millimetres."""
from __future__ import annotations

import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}

PAPER_SIZES = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}

CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "square": (63.5, 63.5),
    "tarot": (69.85, 120.65),
}

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value) -> float:
    """A length in mm from a number (taken as mm) or a string such as '63.5mm', '2.5in' or '18pt'."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 63.5mm, 2.5in or 18pt, got {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"expected a length such as 63.5mm, 2.5in or 18pt, got {value!r}")
    number, unit = match.groups()
    return float(number) * MM_PER[unit or "mm"]


def mm_to_pt(value: float) -> float:
    return value * 72 / 25.4
