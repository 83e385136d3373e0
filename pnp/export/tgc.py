"""`pnp export tgc`: cards for The Game Crafter (pnp/export/shops.py). Its picture sizes are those of its
templates for 300 dpi art, the card's trim with 1/8 inch of bleed a side (docs/export-shops.md names the
pages)."""
from __future__ import annotations

from pnp.export.shops import Shop, export_for

SUMMARY = "each distinct card face at The Game Crafter's size in pixels, and quantities.csv"
KINDS = ("cards",)
OPTIONS = ()
TGC = Shop("The Game Crafter", {"poker": (825, 1125), "bridge": (750, 1125), "mini": (600, 825),
                                "square": (825, 825), "tarot": (900, 1500)})
CARD_SIZES = tuple(TGC.sizes)


def export(job) -> None:
    export_for(TGC, job)
