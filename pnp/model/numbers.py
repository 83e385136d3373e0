"""The one rule for every number that is drawn: finite, and no larger than MAX_NUMBER.

Numbers reach a drawing from three places: data files and template steps (checked by the specs of
pnp/model/specs.py, `Number` and `Length`, at their file and line), and artwork (each number an SVG file
writes, checked by pnp/render/artwork.py at its line). Whatever the three let through is drawn into PDF
operators; `unprintable` then looks at those operators themselves (pnp/render/draw.py for faces,
pnp/write/pdf.py for artwork), so that a `nan` or `inf` reaches no PDF by any path, not even one made by
arithmetic on numbers each fine by itself.
"""
from __future__ import annotations

import math
import re

MAX_NUMBER = 1e9  # a size, an angle, an opacity, a coordinate: anything larger is a slip
MAX_DRAWN = 1e15  # in a PDF operator, in points (after scaling): far beyond any paper, within what PDF holds

# a number as SVG writes one (in path data, right after a command letter), or a word Python reads as one
TOKEN = re.compile(r"(?<![\d.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|(?<![a-zA-Z])[-+]?(?:nan|inf(?:inity)?)"
                    r"(?![a-zA-Z])", re.IGNORECASE)
_OPERAND = re.compile(rb"(?<![\w.])(?:[-+]?(?:nan|inf)|[-+]?\d{16,}(?:\.\d*)?)(?![\w])", re.IGNORECASE)


_DIGITS, _LONG = bytes.maketrans(b"123456789", b"000000000"), b"0" * 16  # no _OPERAND without nan, inf or 16 digits


def problem(value: float, largest: float = MAX_NUMBER) -> str | None:
    """What is wrong with a number ("is not a finite number", "is too large ..."), or None."""
    if not math.isfinite(value):
        return "is not a finite number"
    if abs(value) > largest:
        return f"is too large (at most {largest:g})"
    return None


def problem_in(text: str) -> str | None:
    """What is wrong with the first bad number written in `text` (an SVG attribute), or None."""
    for token in TOKEN.findall(text):
        found = problem(float(token))
        if found:
            return f"{token} {found}"
    return None


def unprintable(code) -> str | None:
    """The first operand of drawn PDF operators (strings, and the numbers of markers such as a line of text)
    that is not a finite number of at most MAX_DRAWN, or None when all are."""
    texts = "\n".join([line for line in code if isinstance(line, str)]).encode("latin-1", "replace")
    lower = texts.lower()
    floats = [item for line in code if not isinstance(line, str) for item in line if isinstance(item, float)]
    if b"nan" not in lower and b"inf" not in lower and _LONG not in texts.translate(_DIGITS) and \
            max(map(abs, floats), default=0.0) <= MAX_DRAWN and not any(map(math.isnan, floats)):
        return None  # (the common case, without a search: each line is looked at below)
    for line in code:
        if isinstance(line, str):
            found = _OPERAND.search(line.encode("latin-1", "replace"))
            if found:
                return found.group().decode()
        else:
            for item in line:
                if isinstance(item, float) and problem(item, MAX_DRAWN):
                    return repr(item)
    return None
