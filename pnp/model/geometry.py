"""Rectangles on a page or a face: lengths in millimetres, the origin wherever the user of a box puts it (a page's
lower-left corner, a face's top-left)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: slotted, as a page's layout makes several for every face it places."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    def inset(self, left=0.0, bottom=0.0, right=0.0, top=0.0) -> "Box":
        return Box(self.x0 + left, self.y0 + bottom, self.x1 - right, self.y1 - top)

    def clip(self, other: "Box") -> "Box":
        return Box(max(self.x0, other.x0), max(self.y0, other.y0), min(self.x1, other.x1), min(self.y1, other.y1))

    def shift(self, dx: float, dy: float) -> "Box":
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)
