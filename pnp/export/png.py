"""`pnp export png`: every distinct face of a game's pieces, fronts and backs, as a PNG at --dpi, with its
bleed (or trimmed, with --no-bleed), and quantities.csv (pnp/export/faces.py)."""
from __future__ import annotations

from pnp.export.faces import write_faces
from pnp.layout.piece_list import SHAPES
from pnp.write.rasters import Frame

SUMMARY = "every distinct face as a PNG at --dpi, and quantities.csv"
KINDS = tuple(SHAPES)  # every kind with pieces
OPTIONS = ("dpi", "bleed")


def export(job) -> None:
    dpi, bleed = job.options["dpi"], job.options["bleed"]
    write_faces(job, lambda group: Frame.at_dpi(group.size, dpi, group.bleed if bleed else 0.0))
