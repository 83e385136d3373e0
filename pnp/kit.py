"""Building a game's kit: every component laid out, one PDF per component and one kit PDF with a contents page.

Stages: read (games.load_game) -> lay out (kinds) -> draw (pdf) -> write (safe_write). Nothing is written
until every PDF of the game is complete in memory, and each file is replaced atomically.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, black

from pnp.draw import PT, font, wrap
from pnp.faces import FaceMaker
from pnp.imposition import Settings
from pnp.kinds import KINDS
from pnp.model import Game
from pnp.pdf import Document, scale_bar

PAPER_LABELS = {"a4": "A4 (210 × 297 mm)", "letter": "US Letter (8.5 × 11 in)", "a3": "A3 (297 × 420 mm)",
                "tabloid": "Tabloid (11 × 17 in)"}


@dataclass
class Part:
    """A component laid out for this build."""

    component: object
    pages: list
    advice: str


def variant(settings: Settings) -> str:
    """The suffix naming what was built: the paper, and duplex or fold-and-glue."""
    return f"{settings.paper}-{'fold' if settings.fold else 'duplex'}"


def lay_out(game: Game, settings: Settings, maker: FaceMaker | None = None, progress=None) -> list[Part]:
    maker = maker or FaceMaker(game)
    parts = []
    for component in game.components.values():
        kind = KINDS[component.kind]
        try:
            pages = kind.pages(component, maker, settings)
        except ValueError as error:  # a piece that does not fit the paper
            from pnp.errors import DataError

            raise DataError([(component.where, str(error))]) from None
        parts.append(Part(component, pages, kind.how_to_print(component, settings)))
        if progress:
            progress(f"{game.slug}: {component.id} laid out on {len(pages)} pages ({variant(settings)})")
    return parts


def footer(game: Game, part: Part, page, number: int, total: int, settings: Settings) -> tuple[str, str]:
    return (f"{game.name} · {part.component.title} · {page.side} · page {number} of {total}",
            f"{PAPER_LABELS.get(settings.paper, settings.paper)} · print at 100 % (actual size, no fit to page)")


def render(game: Game, parts: list[Part], settings: Settings, with_contents: bool) -> bytes:
    title = f"{game.name} — print-and-play kit" if with_contents else f"{game.name} — {parts[0].component.title}"
    doc = Document(title, subject=variant(settings))
    total = sum(len(part.pages) for part in parts) + (1 if with_contents else 0)
    number = 1
    if with_contents:
        doc.text_page(settings.size, lambda c, size: contents_page(c, size, game, parts, settings))
        number += 1
    for part in parts:
        for page in part.pages:
            doc.page(page, game.palette, footer(game, part, page, number, total, settings))
            number += 1
    return doc.bytes()


def build(game: Game, variants: list[Settings], out_dir: Path, progress=None) -> list[Path]:
    """Build every PDF of a game's kit, in each variant, into out_dir; returns the files written."""
    maker = FaceMaker(game)  # shared, so that each face is rendered once for all variants
    files = {}
    for settings in variants:
        parts = lay_out(game, settings, maker, progress)
        suffix = variant(settings)
        files[out_dir / f"{game.slug}-kit-{suffix}.pdf"] = render(game, parts, settings, with_contents=True)
        for part in parts:
            files[out_dir / f"{part.component.id}-{suffix}.pdf"] = render(game, [part], settings,
                                                                           with_contents=False)
    safe_write(files)
    if progress:
        progress(f"{game.slug}: wrote {len(files)} files to {out_dir}")
    return list(files)


def safe_write(files: dict[Path, bytes]) -> None:
    """Write each file beside its final name, then move them all into place; on failure leave the old ones."""
    staged = []
    umask = os.umask(0)
    os.umask(umask)
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
            staged.append((temp, path))
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temp, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's private one
        for temp, path in staged:
            os.replace(temp, path)
    finally:
        for temp, _ in staged:
            if os.path.exists(temp):
                os.unlink(temp)


# --- the contents page --------------------------------------------------------------------------------

INK = Color(0.17, 0.11, 0.05)


def page_ranges(parts: list[Part]) -> list[str]:
    first, ranges = 2, []
    for part in parts:
        last = first + len(part.pages) - 1
        ranges.append(f"{first}" if first == last else f"{first}–{last}")
        first = last + 1
    return ranges


def contents_page(c, size, game: Game, parts: list[Part], settings: Settings) -> None:
    """The kit's first page: what it holds and how to print each part."""
    w, h = size
    left, right = 18.0, w - 18.0
    y = h - 22.0

    def text(s, size_pt, face="sans", x=left, colour=INK):
        c.setFillColor(colour)
        c.setFont(font(face), size_pt)
        c.drawString(x * PT, y * PT, s)

    def para(s, size_pt, width, x=left, face="sans") -> float:
        nonlocal y
        for line in wrap(s, font(face), size_pt, width * PT):
            text(line, size_pt, face, x)
            y -= size_pt * 1.35 / PT
        return y

    text(game.name, 26, "title")
    y -= 8
    text(f"Print-and-play kit · {game.players[0]}–{game.players[1]} players · "
         f"{PAPER_LABELS.get(settings.paper, settings.paper)}", 10)
    y -= 5
    if game.credits:
        para(game.credits, 9, right - left)
    y -= 4
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.line(left * PT, y * PT, right * PT, y * PT)
    y -= 8
    text("What this kit holds", 14, "bold")
    y -= 7
    columns = (left, left + 52, left + 68, left + 86)
    for label, x in zip(("Part", "Count", "Pages", "How to print"), columns):
        text(label, 8.5, "bold", x)
    y -= 5
    for part, pages in zip(parts, page_ranges(parts)):
        component = part.component
        count = component.card_total if component.cards else component.options.get("count", 1)
        top = y
        text(component.title, 9, "bold", columns[0])
        text(str(count), 9, "sans", columns[1])
        text(pages, 9, "sans", columns[2])
        para(part.advice, 8.5, right - columns[3], x=columns[3])
        y = min(y, top - 5) - 2.5
    y -= 3
    c.line(left * PT, y * PT, right * PT, y * PT)
    y -= 8
    text("Before you print", 14, "bold")
    y -= 7
    advice = [
        "Set the printer to 100 % or “actual size”; never “fit to page”. Then measure the bar at the foot of "
        "any page: it must be exactly 50 mm long.",
        "Double-sided parts: print a test sheet first. If the backs land off-centre, measure by how much and "
        "build again with --back-offset X,Y (in mm), or flip on the other edge with --short-edge.",
        "No duplex printer? Build with --fold: fronts and backs come side by side on one sheet, to fold and glue.",
        "Cut on the crop marks in the margins; the coloured bleed beyond the cut line hides a slightly "
        "misaligned cut.",
    ] + list(game.vars.get("kit_notes", []) if isinstance(game.vars, dict) else [])
    for item in advice:
        text("•", 9, "bold")
        para(item, 9, right - left - 5, x=left + 5)
        y -= 1.5
    c.setFillColor(black)
    scale_bar(c, right - 50, 12)
    c.setFont(font("sans"), 6)
    c.drawString(left * PT, 12.5 * PT, f"{game.name} · contents · page 1 · print at 100 %")
