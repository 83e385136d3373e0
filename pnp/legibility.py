"""Text a player can read: checked on every face before anything is drawn.

Every text fits its box (see draw.fit_text), is set at 6 pt or more, and its ink stays inside its frame: the
smallest rectangle drawn before it (in the same group) that holds the middle of its box, a little clear of
that rectangle's line. On a card, text also keeps out of the 3 mm next to the trim, which a cut may take.
"""
from __future__ import annotations

from pnp.draw import CAP, DESCENT, PT, overflow, text_layout
from pnp.errors import Where
from pnp.imposition import Box

MIN_SIZE = 6.0  # points: the smallest text a player is asked to read
CLEARANCE = 0.3  # mm between the ink of a text and the line of its frame
SAFE = 3.0  # mm inside the trim: the safe zone


def ink_box(v: dict) -> Box:
    """Where a (checked, unturned) text step puts ink, in the face's coordinates: y grows downwards here,
    so the box's y0 is the top of the first line and y1 the lowest point of the last."""
    layout = text_layout(v)
    lefts = layout.line_x(v)
    x0 = v["x"] + min(lefts)
    x1 = v["x"] + max(left + width for left, width in zip(lefts, layout.widths))
    top = v["y"] + layout.first - layout.size * CAP / PT
    bottom = v["y"] + layout.first + layout.step * (len(layout.lines) - 1) + layout.size * DESCENT / PT
    return Box(x0, top, x1, bottom)


def _outside(ink: Box, room: Box) -> float:
    """How far (mm) the ink reaches beyond `room`; 0 when it stays inside."""
    return max(0.0, room.x0 - ink.x0, ink.x1 - room.x1, room.y0 - ink.y0, ink.y1 - room.y1)


def problems(steps, size: tuple[float, float], where: Where, template: str, cut: bool) -> list[tuple[Where, str]]:
    """What keeps the text of a face's steps from being read: each as (where, message); `where` is the data
    that asked for the face, drawn by `template`. A face `cut` out along its trim (a card) keeps its text out
    of the safe zone too."""
    found: list = []
    w, h = size
    safe = Box(SAFE, SAFE, w - SAFE, h - SAFE) if cut and w > 2 * SAFE and h > 2 * SAFE else None
    _check(steps, safe, where, f"{where} (template {template})", "", found)
    return found


def _check(steps, safe: Box | None, where: Where, label: str, prefix: str, found: list) -> None:
    frames = []  # (the rectangle a text must keep inside, which step drew it)
    for index, (name, v) in enumerate(steps, start=1):
        spot = Where(label, 0, f"{prefix}step {index}")
        if name == "rect":
            edge = v["width"] / 2 if v["stroke"] != "none" else 0.0
            frames.append((Box(v["x"], v["y"], v["x"] + v["w"], v["y"] + v["h"]).inset(*(edge + CLEARANCE,) * 4),
                           index))
        elif name == "group":  # its steps have frames of their own, in their own coordinates
            _check(v["steps"], None, where, label, f"{prefix}step {index}: ", found)
        elif name == "text" and v["text"].strip():
            layout = text_layout(v)
            if not layout.fits:  # said as the drawing would say it, against the card
                found.append((where, overflow(v, layout)))
            else:
                _check_text(v, frames, safe, spot, found)


def _check_text(v: dict, frames: list, safe: Box | None, spot: Where, found: list) -> None:
    quoted = v["text"] if len(v["text"]) <= 30 else v["text"][:28] + "…"
    size = text_layout(v).size
    if size < MIN_SIZE - 1e-6:
        found.append((spot, f"text {quoted!r} is set at {size:.1f} pt, below the {MIN_SIZE:g} pt a player "
                            "can read: give it a larger box or fewer words"))
    if v["rotate"]:
        return
    ink = ink_box(v)
    cx, cy = v["x"] + v["w"] / 2, v["y"] + (v["h"] if v["h"] is not None else ink.y1 - v["y"]) / 2
    holding = [(box, index) for box, index in frames if box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1]
    if holding:
        frame, index = min(holding, key=lambda item: item[0].w * item[0].h)
        over = _outside(ink, frame)
        if over > 0.05:
            found.append((spot, f"text {quoted!r} runs {over:.1f} mm over its frame (the rect of step {index})"))
    if safe is not None:
        over = _outside(ink, safe)
        if over > 0.05:
            found.append((spot, f"text {quoted!r} runs {over:.1f} mm into the {SAFE:g} mm next to the edge, "
                                "which a cut may take"))
