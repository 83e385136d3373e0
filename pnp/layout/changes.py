"""Reprinting only what changed: a build's manifest (every printed face of a kit: its content key, its
component and card, its kit page and slot) and, given an older manifest, what differs and the pages that
print it, a checklist page first.

A piece is told from others by its component and its card's id; a face that is no card's (a sheet, a board's
page) by its component, its side and its place among that component's faces. A piece whose faces' keys
differ (front or back, in any copy) has changed. Pieces of a kind printed one a page for a print shop (cards,
tokens) are laid out again alone, fronts and backs paired as in the kit; any other part that changed is printed
whole.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from pnp.errors import Where, shown
from pnp.layout.imposition import FOOTER_BAND, Page, Settings, printable
from pnp.layout.kinds import LAYOUTS
from pnp.layout.kit import Part, sequence, variant
from pnp.layout.requests import WIDE, Made, text_step
from pnp.layout.text import font, wrap
from pnp.model.units import PT
from pnp.read.rulefacts import variant_text
from pnp.read.version import card_digests, kit_version

INK = "#2B1C0D"


def manifest(game, variants: list, key_of) -> dict:
    """The manifest of a build: for each variant (settings, its parts asking for faces, the same with their
    faces made), every face the kit prints, `key_of(request)` giving what the face made for a request prints. A
    face is known by the request that asks for it, which names its card: two cards drawn alike are one face."""
    cards = {card.where: (component.id, card.id) for component in game.components.values()
             for card in component.cards}
    built = {}
    for settings, planned, _ in variants:
        entries = []
        for number, (owners, page) in enumerate(sequence(game, planned, settings, with_contents=True), start=1):
            for slot, (_, request) in enumerate(page.placed if owners else (), start=1):
                found = cards.get(request.where)  # (a face that is no card's: its owner sought only then)
                component, card = found if found is not None else (_owner(owners, request), None)
                key = key_of(request)
                entries.append({"key": hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16],
                                "component": component, "card": card, "side": page.side, "page": number,
                                "slot": slot})
        built[variant(settings)] = entries
    rules = {"rules": variant_text(game.variant)} if game.variant else {}  # a variant's kit names it
    return {"game": game.slug, "kit": kit_version(game), **rules, "cards": card_digests(game), "variants": built}


def _owner(owners: tuple, request) -> str:
    """The component a face that is no card's belongs to: the one whose data asks for it, else the page's
    first."""
    return next((part.component.id for part in owners if part.component.where == request.where),
                owners[0].component.id)


@dataclass
class Changes:
    """What differs between an old manifest's variant and the new one: each as (component, card) pieces."""

    changed: list
    added: list
    removed: list
    old: list  # the old manifest's entries
    new: list

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)


def _piece(entry: dict, index: int) -> tuple:
    """What an entry is a face of: its component's card, else its component, side and place among them."""
    return (entry["component"], entry["card"]) if entry["card"] is not None else \
        (entry["component"], f"{entry['side']} {index}")


def _pieces(entries: list) -> dict:
    """piece -> the sorted keys of its faces, in data order."""
    pieces: dict = {}
    for index, entry in _indexed(entries):
        pieces.setdefault(_piece(entry, index), []).append((entry["side"], entry["key"]))
    return {piece: sorted(keys) for piece, keys in pieces.items()}


def compare(old: list, new: list) -> Changes:
    before, after = _pieces(old), _pieces(new)
    return Changes(changed=[piece for piece in after if piece in before and after[piece] != before[piece]],
                   added=[piece for piece in after if piece not in before],
                   removed=[piece for piece in before if piece not in after], old=old, new=new)


def reprinted(game, parts: list, changes: Changes, settings: Settings) -> list:
    """The parts (laid out, faces not made) that print the changed and added pieces."""
    wanted = set(changes.changed + changes.added)
    laid = []
    for part in parts:
        component = part.component
        if not any(piece[0] == component.id for piece in wanted):
            continue
        if component.cards and LAYOUTS[component.kind].shop:
            cards = tuple(card for card in component.cards if (component.id, card.id) in wanted)
            component = replace(component, cards=cards)
            laid.append(Part(component, LAYOUTS[component.kind].pages(game, component, settings), part.advice))
        else:
            laid.append(part)
    return laid


def checklist_lines(game, changes: Changes) -> list[tuple[str, str]]:
    """The checklist's lines as (style, text): headings, then a line a piece."""
    titles = {component.id: component.title for component in game.components.values()}

    def where(entries: list, piece: tuple) -> str:
        places = [f"page {entry['page']} slot {entry['slot']} ({entry['side']})"
                  for index, entry in _indexed(entries) if _piece(entry, index) == piece and entry["side"] != "backs"]
        return "; ".join(places[:6]) + (f"; and {len(places) - 6} more" if len(places) > 6 else "")

    def name(piece: tuple) -> str:
        return f"{titles.get(piece[0], piece[0])} · {piece[1]}"

    lines = [("title", f"{game.name}: what changed since the kit you printed"),
             ("text", f"This file holds only the pieces that differ from the kit you printed; the kit is now kit "
                      f"{kit_version(game)}.")]
    for heading, pieces, old in (("Throw away (changed): the printed pieces, at their old kit page and slot",
                                  changes.changed, True),
                                 ("Replace them with the new ones printed after this page", changes.changed, False),
                                 ("New pieces, printed after this page", changes.added, False),
                                 ("Removed: throw these away, nothing replaces them", changes.removed, True)):
        if pieces:
            lines.append(("heading", heading))
            lines += [("text", f"{name(piece)} — {where(changes.old if old else changes.new, piece)}"
                       if old else name(piece)) for piece in pieces]
    if not changes:
        lines.append(("heading", "Nothing changed: there is nothing to reprint."))
    return lines


def _indexed(entries: list) -> list:
    """Each entry with its place among its component's faces on that side."""
    counts: dict = {}
    indexed = []
    for entry in entries:
        side = (entry["component"], entry["side"])
        counts[side] = counts.get(side, 0) + 1
        indexed.append((counts[side], entry))
    return indexed


STYLES = {"title": (16, "title"), "heading": (11, "bold"), "text": (8.5, "sans")}


def checklist_pages(game, lines: list, settings: Settings) -> list[Page]:
    """The checklist as pages of text, each with the usual footer room."""
    w, h = settings.size
    left, right, top, bottom = 18.0, w - 18.0, 22.0, 20.0
    pages: list = [[]]
    y = h - top
    for style, text in lines:
        size, face = STYLES[style]
        y -= 3 if style == "heading" else 0
        for line in wrap(text, font(face), size, (right - left) * PT):
            if y < bottom:
                pages.append([])
                y = h - top
            pages[-1].append(text_step(line, left, h - y, size, face, INK, w=WIDE))
            y -= size * 1.35 / PT
        y -= 2 if style != "text" else 0
    where = Where(shown(game.folder / "game.yaml"))
    return [Page(size=settings.size, side="checklist", marks=False,
                 content=printable(settings).inset(bottom=FOOTER_BAND),
                 flat=Made(("checklist|", repr(steps)), tuple(steps), (w, h), 0.0, where)) for steps in pages]
