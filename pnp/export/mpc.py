"""`pnp export mpc`: cards for MakePlayingCards (pnp/export/shops.py). Its picture sizes are those its design
guides give for 300 dpi art, the card's trim with 36 pixels (0.12 inch) of bleed a side (docs/export-shops.md
names the pages)."""
from __future__ import annotations

from pnp.export.shops import Shop, export_for

SUMMARY = "each distinct card face at MakePlayingCards' size in pixels, and quantities.csv"
KINDS = ("cards",)
OPTIONS = ()
MPC = Shop("MakePlayingCards", {"poker": (822, 1122), "bridge": (747, 1122), "mini": (597, 822),
                                "square": (822, 822), "tarot": (897, 1497)})
CARD_SIZES = tuple(MPC.sizes)


def export(job) -> None:
    export_for(MPC, job)
