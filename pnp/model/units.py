"""Lengths. Inside the program every length is a float in millimetres; PDF counts in points (PT to the mm)."""
from __future__ import annotations

import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}

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


PT = mm_to_pt(1)  # points in a millimetre
