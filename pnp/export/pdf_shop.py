"""`pnp export pdf-shop`: what a print shop that takes PDF files is sent. Each component a print shop makes
(its cards, a board: those `pnp build --print-shop` prints) gets a PDF of its own, one card size a file, as
shops take each format as an item of its own; in it, each face that draws differently from the others is one
page (a back every card shares, once), as large as the face with its bleed, its TrimBox on the cut and its
BleedBox the page (pnp/layout/imposition.py `shop_pages`). Nothing is printed outside the bleed: shops ask
for a page of exactly the trimmed size plus bleed, with no marks, and enter how many of each card they make
in their order. So the quantities go in `quantities.csv`: each card once, how many copies of it, its file
and the pages of its front and back.

As the other shop targets, a raster picture a face places at fewer than 300 dots an inch is refused, the card
named, before anything is written. Every font is embedded as a subset (pnp/write/pdf.py).
"""
from __future__ import annotations

from dataclasses import replace

from pnp.errors import DataError
from pnp.export.faces import QUANTITIES, quantities
from pnp.export.shops import soft_pictures
from pnp.layout.imposition import shop_pages
from pnp.layout.kinds import LAYOUTS
from pnp.wording import plural
from pnp.write.pdf import Document

SUMMARY = "each distinct card or board face a page of a PDF, trim and bleed boxes set, and quantities.csv"
KINDS = tuple(kind for kind, layout in LAYOUTS.items() if layout.shop)  # what `--print-shop` prints too
OPTIONS = ()
COLUMNS = ("component", "card id", "title", "copies", "file", "front page", "back page")


def export(job) -> None:
    problems = soft_pictures(job, {group.component.id: True for group in job.groups})
    if problems:
        raise DataError(problems)
    rows = []
    for group in job.groups:
        rows += _component(job, group)
    if not rows:
        job.say(f"{job.game.slug}: nothing for a print shop's PDF: the game has no cards and no board")
    job.files.write(QUANTITIES, quantities(rows, COLUMNS))
    pages = {(row["file"], page) for row in rows for page in (row["front page"], row["back page"]) if page}
    job.say(f"{job.game.slug}: {plural(sum(row['copies'] for row in rows), 'piece')} printed from "
            f"{plural(len(pages), 'page')}")


def _component(job, group) -> list[dict]:
    """Write one component's PDF, each distinct face one page; its rows of quantities.csv."""
    maker = job.maker
    name = f"{group.component.id}.pdf"
    document = Document(f"{job.game.name}: {group.component.title}", subject="for a print shop", maker=maker)
    pages: dict = {}  # what a face draws (its size and bleed too) -> its page
    shown: dict = {}  # face key -> what it draws

    def page_of(face, side: str) -> int:
        if face.key not in shown:
            shown[face.key] = (document.shown(maker.drawing(face)), face.size, face.bleed)
        if shown[face.key] not in pages:
            pages[shown[face.key]] = len(pages) + 1
            page = shop_pages([(face, None)], face.size, face.bleed)[0]
            document.page(replace(page, side=side))
        return pages[shown[face.key]]

    rows: dict = {}  # (front page, back page) -> row: cards that print the same are one
    for piece in group.pieces:
        front = page_of(piece.front, "front")
        back = "" if piece.back is None else page_of(piece.back, "back")
        row = rows.get((front, back))
        if row is None:
            rows[front, back] = {"component": group.component.id, "card id": piece.id, "title": piece.title,
                                 "copies": piece.copies, "file": name, "front page": front, "back page": back}
        else:
            row["copies"] += piece.copies
    with job.files.open(name) as out:
        document.write(out)
    return list(rows.values())

