"""The papers a kit prints on, and the other sizes a game's data may name.

Each paper is one `Paper` record in PAPERS: `pnp build --paper` offers those, the kit names a paper by its
record (its footer, its contents page, the duplex test page), and a component's `size:` may name one. Adding a
paper is one line below.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Paper:
    """A paper a kit is printed on."""

    name: str  # as the command line and the files' names give it: letter
    title: str  # as the kit names it: US Letter
    size: tuple[float, float]  # portrait, in millimetres
    unit: str = "mm"  # what its dimensions are given in where it is sold: mm or in
    margin: float = 5.0  # mm a home printer leaves unprinted at each edge

    @property
    def label(self) -> str:
        """Its name with its dimensions, as the contents page shows it: "US Letter (8.5 × 11 in)"."""
        scale = MM_PER_INCH if self.unit == "in" else 1.0
        w, h = (round(length / scale, 2) for length in self.size)
        return f"{self.title} ({w:g} × {h:g} {self.unit})"


PAPERS = {paper.name: paper for paper in (
    Paper("a4", "A4", (210.0, 297.0)),
    Paper("letter", "US Letter", (215.9, 279.4), "in"),
    Paper("a3", "A3", (297.0, 420.0)),
    Paper("tabloid", "Tabloid", (279.4, 431.8), "in"),
)}

CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "square": (63.5, 63.5),
    "tarot": (69.85, 120.65),
}

# every size a component's `size:` may name: cards, the papers, and a few more
NAMED_SIZES = {**CARD_SIZES, **{name: paper.size for name, paper in PAPERS.items()},
               "a5": (148.0, 210.0), "a6": (105.0, 148.0)}

# what a stock's words weigh (g/m²) when it gives no number, the first that a stock's name holds
STOCK_WORDS = (("card stock", 250.0), ("card", 160.0), ("paper", 80.0))


def stock_weight(stock: str) -> float:
    """The least a stock weighs (g/m²), as its first choice names it: "paper of 120–160 g/m², or plain paper" 120,
    "card stock (250–300 g/m²)" 250, "paper or thin card" 80 (paper). A heavier stock serves a piece meant for
    a lighter one."""
    first = re.split(r",? or ", stock)[0]
    number = re.search(r"(\d+)\s*(?:[–-]\s*\d+\s*)?g/m", first)
    if number:
        return float(number.group(1))
    return next((weight for words, weight in STOCK_WORDS if words in first.lower()), STOCK_WORDS[-1][1])
