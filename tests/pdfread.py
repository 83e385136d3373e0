"""Reading built PDFs back for tests: where each form is placed, which lines a page draws, its text."""
from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


@dataclass(frozen=True)
class Placement:
    form: str
    ctm: tuple  # a b c d e f, in points

    @property
    def origin_mm(self) -> tuple[float, float]:
        return round(self.ctm[4] / MM, 3), round(self.ctm[5] / MM, 3)

    @property
    def rotation(self) -> int:
        a, b = self.ctm[0], self.ctm[1]
        return {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}[(round(a), round(b))]


def _multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def page_ops(reader: PdfReader, page):
    return ContentStream(page.get_contents(), reader).operations


def walk(reader: PdfReader, page):
    """The page's own operators, each with the transformation (CTM) in force when it runs."""
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    for operands, op in page_ops(reader, page):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _multiply(tuple(float(x) for x in operands), ctm)
        yield operands, op, ctm


def placements(reader: PdfReader, page) -> list[Placement]:
    """Every form drawn by the page's own content stream, with the transformation it was drawn under."""
    return [Placement(str(operands[0]).lstrip("/"), ctm) for operands, op, ctm in walk(reader, page) if op == b"Do"]


def segments(reader: PdfReader, page) -> list[tuple[float, float, float, float]]:
    """Straight lines (moveto + lineto) the page draws untransformed, in mm: crop marks, cut and fold lines."""
    out, start = [], None
    for operands, op, ctm in walk(reader, page):
        if op == b"m":
            start = tuple(float(x) / MM for x in operands)
        elif op == b"l" and start is not None and ctm == (1, 0, 0, 1, 0, 0):
            end = tuple(float(x) / MM for x in operands)
            out.append((round(start[0], 3), round(start[1], 3), round(end[0], 3), round(end[1], 3)))
            start = end
    return out
