"""What the print-shop targets share (mpc, tgc): each distinct card face at the shop's exact size in pixels
for its card size, with the shop's bleed, and quantities.csv (pnp/export/faces.py).

A shop's picture is the card's trim at 300 dpi, centred, with the shop's bleed round it. pnp draws each
face with the component's own bleed (3 mm unless the data says otherwise): where the shop asks for more, the
outermost pixels are drawn out to the picture's edge; where it asks for less, the bleed is cut. The trim
always falls where the shop cuts. A raster picture a face places at fewer than 300 dots an inch is refused,
the component and card named, before anything is written: vector art prints sharp at any size.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import DataError
from pnp.export.faces import write_faces
from pnp.model.paper import CARD_SIZES
from pnp.write.rasters import Frame, lowest_dpi

DPI = 300  # what both shops print at, and the least a picture placed on a card may have


@dataclass(frozen=True)
class Shop:
    name: str
    sizes: dict  # card size (pnp/model/paper.py CARD_SIZES) -> (width, height) in pixels, bleed included, upright


def card_size(size) -> tuple[str, bool] | None:
    """The named card size a component's size is (turned or not), as (name, turned); None when none."""
    w, h = size
    for name, (cw, ch) in CARD_SIZES.items():
        if abs(w - cw) < 0.05 and abs(h - ch) < 0.05:
            return name, False
        if abs(w - ch) < 0.05 and abs(h - cw) < 0.05:
            return name, True
    return None


def frame_for(shop: Shop, group) -> Frame | None:
    """The picture the shop asks for of the group's cards; None for pieces it does not print as cards."""
    named = card_size(group.size) if group.shape == "card" else None
    if named is None or named[0] not in shop.sizes:
        return None
    w, h = shop.sizes[named[0]]
    return Frame(DPI / 25.4, (h, w) if named[1] else (w, h))


def soft_pictures(job, frames: dict) -> list:
    """(where, message) for each face the shop would print with a raster picture below DPI."""
    problems, seen = [], set()
    for group in job.groups:
        if frames[group.component.id] is None:
            continue
        for piece in group.pieces:
            for side, face in (("front", piece.front), ("back", piece.back)):
                if face is None or (face.key, group.component.id) in seen:
                    continue
                seen.add((face.key, group.component.id))
                lowest = lowest_dpi(job.maker, face)
                if lowest and lowest[0] < DPI - 0.5:
                    problems.append((face.where, f"{group.component.id}, card {piece.id} ({side}): image {lowest[1]} "
                                                 f"prints at {lowest[0]:.0f} dpi; a print shop needs {DPI} dpi or "
                                                 "more: give it a larger picture"))
    return problems


def export_for(shop: Shop, job) -> None:
    frames = {group.component.id: frame_for(shop, group) for group in job.groups}
    problems = soft_pictures(job, frames)
    if problems:
        raise DataError(problems)
    for group in job.groups:
        if frames[group.component.id] is None:
            job.say(f"{job.game.slug}: {group.component.id} left out: pnp sends {shop.name} cards of "
                    f"{', '.join(shop.sizes)} size only")
    write_faces(job, lambda group: frames[group.component.id])
