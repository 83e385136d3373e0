"""The duplex test: two pages to print double-sided before the cards, a cross on the front and millimetre scales
on the back. Seen against the light, where the front's cross falls on the back's scales is the --back-offset
that lines the two sides up. Drawing steps like any face, one page each."""
from __future__ import annotations

from pnp.errors import Where
from pnp.layout.imposition import SCALE_BAR, Page
from pnp.layout.requests import WIDE, Made, line_step, scale_bar, text_step
from pnp.model.units import PT

INK = "#000000"


def duplex_test_pages(settings) -> list[Page]:
    """The front and the back, for this paper, flip and back offset."""
    w, h = settings.size
    return [_page(settings, "front", _front(settings, w, h)), _page(settings, "back", _back(settings, w, h))]


def _page(settings, side: str, steps: list) -> Page:
    face = Made((f"duplex-test|{side}|{settings!r}",), tuple(steps), settings.size, 0.0, Where("duplex test"))
    return Page(size=settings.size, side=side, marks=False, furniture=False, flat=face)


def _text(s: str, x: float, y: float, size: float, face: str, h: float, centred: bool = True) -> tuple:
    """A line of text with its baseline at (x, y) mm from the page's lower-left corner; centred on x or after it."""
    return text_step(s, x - WIDE / 2 if centred else x, h - y, size, face, INK, "center" if centred else "left",
                     WIDE)


def _line(x0: float, y0: float, x1: float, y1: float, width_pt: float, h: float) -> tuple:
    return line_step(x0, h - y0, x1, h - y1, INK, width_pt / PT)


def _front(settings, w: float, h: float) -> list:
    cx, cy = w / 2, h / 2
    steps = [_line(cx - 30 * dx, cy - 30 * dy, cx + 30 * dx, cy + 30 * dy, 0.2, h) for dx, dy in ((1, 0), (0, 1))]
    steps.append(("circle", {"x": cx, "y": h - cy, "r": 2.0, "fill": "none", "stroke": INK, "width": 0.2 / PT,
                             "dash": None, "opacity": 1.0}))
    flip = "short" if settings.short_edge else "long"
    steps += [_text("FRONT: print this file double-sided", cx, h - 30, 14, "bold", h),
              _text(f"{settings.paper.label} · 100 % · flip on the {flip} edge", cx, h - 37, 9, "sans", h)]
    return steps + scale_bar(cx - SCALE_BAR / 2, 20, h)


def _back(settings, w: float, h: float) -> list:
    dx, dy = settings.back_offset
    cx, cy = w / 2 + dx, h / 2 + dy
    # the front's cross lines run 30 mm each way: read them on scales set 20 mm off the centre
    rx, ry = cy - 20, cx + 20
    steps = [_line(cx - 10, rx, cx + 10, rx, 0.15, h), _line(ry, cy - 10, ry, cy + 10, 0.15, h)]
    for i in range(-10, 11):
        tick = 3 if i % 5 == 0 else 1.5
        steps += [_line(cx + i, rx, cx + i, rx + tick, 0.15, h),  # x scale
                  _line(ry, cy + i, ry + tick, cy + i, 0.15, h)]  # y scale
        if i % 5 == 0:
            steps += [_text(f"{i:+d}" if i else "0", cx + i, rx - 2.5, 6, "sans", h),
                      _text(f"{i:+d}" if i else "0", ry + 4, cy + i - 0.6, 6, "sans", h, centred=False)]
    steps += [_text("X", cx, rx - 6, 7, "sans", h), _text("Y", ry + 9, cy - 0.8, 7, "sans", h, centred=False),
              _text("BACK: hold to the light", w / 2, h - 30, 14, "bold", h)]
    lines = ("Read where the front's cross falls on these scales (x across, y up, in mm).",
             "Build again with --back-offset X,Y using those two readings.")
    return steps + [_text(line, w / 2, h - 37 - 5 * i, 9, "sans", h) for i, line in enumerate(lines)]
