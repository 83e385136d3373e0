"""Reprinting only what changed: a build's manifest (every printed face of a kit: its content key, its
component and card, its kit page and slot) and, given an older manifest, what differs and the pages that
print it, a checklist page first.

A piece is told from others by its component and its card's id; a face that is no card's (a sheet, a board's
page) by its component, its side and its place among that component's faces. A piece whose faces' keys
differ (front or back, in any copy) has changed. A card whose every copy is drawn as before, printed more or
fewer times, has only been recounted: the copies it lost are taken out of the game, those it gained printed,
and no other. Pieces of a kind printed one a page for a print shop (cards) are laid out again alone, fronts and
backs paired as in the kit; any other part that changed is printed whole (a token with copies added too).
"""
from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, replace

from pnp.errors import Where, shown
from pnp.layout.imposition import FOOTER_BAND, Page, Settings, printable
from pnp.layout.kinds import LAYOUTS
from pnp.layout.print_order import Part, sequence, variant
from pnp.layout.requests import WIDE, Made, text_step
from pnp.model.mapped import Mapped, release
from pnp.model.game import Card
from pnp.model.units import PT
from pnp.read.rulefacts import variant_text
from pnp.read.version import card_digests, kit_version
from pnp.typeset.text import font, wrap

INK = "#2B1C0D"


def manifest(game, variants: list, key_of, pairs=dict) -> dict:
    """The manifest of a build: for each variant (settings, its parts asking for faces), every face the kit
    prints, `key_of(request)` giving what the face made for a request prints. A face is known by the request
    that asks for it, which names its card: two cards drawn alike are one face. Each variant's faces are a
    generator, each entry made as the manifest is written (pnp/write/jsontext.py): a big deck's are never all
    held at once; and each component's card digests are `pairs(their (card id, digest) items)`, which the
    writer's Pairs makes as it writes them."""
    cards = CardsAt(game)
    built = {variant(settings): _entries(game, planned, settings, cards, key_of) for settings, planned in variants}
    rules = {"rules": variant_text(game.variant)} if game.variant else {}  # a variant's kit names it
    return {"game": game.slug, "kit": kit_version(game), **rules, "cards": card_digests(game, pairs),
            "variants": built}


def _entries(game, planned: list, settings: Settings, cards: "CardsAt", key_of):
    """The manifest's entry of each face a variant's kit prints, in print order (see `manifest`); `cards` finds
    the (component, card) whose data is where a face's request was made."""
    for number, (owners, page) in enumerate(sequence(game, planned, settings, with_contents=True), start=1):
        for slot, (_, request) in enumerate(page.placed if owners else (), start=1):
            found = cards.get(request.where)  # (a face that is no card's: its owner sought only then)
            component, card = found if found is not None else (_owner(owners, request), None)
            key = key_of(request)
            yield {"key": hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16],
                   "component": component, "card": card, "side": page.side, "page": number, "slot": slot}
        release()  # (the pages of a big deck's arrays read for this page's faces: pnp/model/mapped.py)


class CardsAt:
    """The game's cards by where their data is: `get(where)` gives the (component id, card id) of the card read
    there, or None. Kept as three numbers a card, in arrays for each file in the order of its lines: the card's
    line, its component's place in the game and its own place in the component. Not the card itself nor a table
    of tuples: a big deck has tens of thousands (kept compact, pnp.model.game.Cards)."""

    def __init__(self, game):
        self.game = game
        self.owners = list(game.components)  # the components' ids, in order
        self.files: dict[str, tuple[Mapped, Mapped, Mapped]] = {}  # file -> its cards' lines, owners and places
        for owner, component in enumerate(game.components.values()):
            for index, card in enumerate(component.cards):
                where = card.where
                kept = self.files.get(where.file)
                if kept is None:
                    kept = self.files[where.file] = (Mapped("q"), Mapped("i"), Mapped("q"))
                kept[0].append(where.line)
                kept[1].append(owner)
                kept[2].append(index)
            release()  # (the pages written for this component's cards)
        for file, kept in self.files.items():
            lines = kept[0]
            if any(lines[at] > lines[at + 1] for at in range(len(lines) - 1)):  # (as a rule, read in order)
                order = sorted(range(len(lines)), key=lines.__getitem__)  # (stable: cards on one line in turn)
                self.files[file] = tuple(Mapped(numbers.typecode, [numbers[at] for at in order]) for numbers in kept)

    def get(self, where: Where) -> tuple[str, str] | None:
        found = self.files.get(where.file)
        if found is None:
            return None
        lines, owners, indexes = (numbers.values for numbers in found)  # (read as they are kept: no copy)
        at = bisect_left(lines, where.line)
        while at < len(lines) and lines[at] == where.line:  # (a workbook's sheets share their row numbers)
            owner = self.owners[owners[at]]
            card = self.game.components[owner].cards[indexes[at]]
            if card.where == where:
                return owner, card.id
            at += 1
        return None


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
    recounted: dict  # piece -> (copies printed, copies now) of a card drawn as before, whose count changed
    old: list  # the old manifest's entries
    new: list

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed or self.recounted)

    @property
    def more(self) -> dict:
        """piece -> the copies to print and add to those printed."""
        return {piece: now - was for piece, (was, now) in self.recounted.items() if now > was}

    @property
    def fewer(self) -> dict:
        """piece -> the printed copies to take out of the game."""
        return {piece: was - now for piece, (was, now) in self.recounted.items() if now < was}


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


def compare(game, old: list, new: list) -> Changes:
    """What differs between the entries of an old manifest's variant and the game's (`new`, the same variant's
    now): a card whose faces are as they were is recounted, when the copies it gained can be printed alone."""
    before, after = _pieces(old), _pieces(new)
    differ = [piece for piece in after if piece in before and after[piece] != before[piece]]
    counts = {(component.id, card.id): (card.count, _alone(component)) for component in game.components.values()
              for card in component.cards}
    recounted = {}
    for piece in differ:
        now, alone = counts.get(piece, (0, False))
        was = _printed(before[piece], after[piece], now)
        if was is not None and (was > now or alone):  # (copies added to a part printed whole: it is changed)
            recounted[piece] = (was, now)
    return Changes(changed=[piece for piece in differ if piece not in recounted],
                   added=[piece for piece in after if piece not in before],
                   removed=[piece for piece in before if piece not in after], recounted=recounted, old=old, new=new)


def _printed(before: list, after: list, count: int) -> int | None:
    """How many copies of a card an old kit printed whose faces (`before`) were each drawn as the faces of its
    `count` copies now (`after`), as (side, key); None when a face differs."""
    was, now = Counter(before), Counter(after)
    if count < 1 or was.keys() != now.keys() or any(times % count for times in now.values()):
        return None
    each = {face: times // count for face, times in now.items()}  # the faces of one copy
    if any(was[face] % times for face, times in each.items()):
        return None
    copies = {was[face] // times for face, times in each.items()}
    return copies.pop() if len(copies) == 1 else None


def _alone(component) -> bool:
    """Whether a component's cards are laid out again by themselves (a deck's), rather than the part whole."""
    return bool(component.cards) and LAYOUTS[component.kind].shop


@dataclass(frozen=True)
class AddedCopies(Card):
    """The copies added to a card drawn as before: `count` of them, each drawn as the kit draws the card
    (`whole`: its template sees the card as the data has it, its count too)."""

    whole: Card

    def context(self) -> dict:
        return self.whole.context()


def reprinted(game, parts: list, changes: Changes, settings: Settings) -> list:
    """The parts (laid out, faces not made) that print the changed and added pieces, and the copies added."""
    wanted, more = set(changes.changed + changes.added), changes.more
    laid = []
    for part in parts:
        component = part.component
        if not any(piece[0] == component.id for piece in [*wanted, *more]):
            continue
        if _alone(component):
            component = replace(component, cards=_cards_reprinted(component, wanted, more))
            laid.append(Part(component, LAYOUTS[component.kind].pages(game, component, settings), part.advice))
        else:
            laid.append(part)
    return laid


def _cards_reprinted(component, wanted: set, more: dict) -> tuple:
    """A component's cards to print again: those changed or added, whole, and the copies added to others."""
    cards = []
    for card in component.cards:
        piece = (component.id, card.id)
        if piece in wanted:
            cards.append(card)
        elif piece in more:
            cards.append(AddedCopies(card.id, more[piece], card.fields, card.back, card.where, whole=card))
    return tuple(cards)


def checklist_lines(game, changes: Changes) -> list[tuple[str, str]]:
    """The checklist's lines as (style, text): headings, then a line a piece."""
    titles = {component.id: component.title for component in game.components.values()}

    def where(entries: list, piece: tuple) -> str:
        places = [f"page {entry['page']} slot {entry['slot']} ({entry['side']})"
                  for index, entry in _indexed(entries) if _piece(entry, index) == piece and entry["side"] != "backs"]
        return "; ".join(places[:6]) + (f"; and {len(places) - 6} more" if len(places) > 6 else "")

    def name(piece: tuple) -> str:
        return f"{titles.get(piece[0], piece[0])} · {piece[1]}"

    def printed(piece: tuple) -> str:
        return f"{name(piece)} — {where(changes.old, piece)}"

    def recounted(piece: tuple) -> str:
        was, now = changes.recounted[piece]
        return (f"{name(piece)}: add {now - was} to the {was} you have, making {now}" if now > was else
                f"{name(piece)}: remove {was - now} of the {was} you have, keeping {now}")

    lines = [("title", f"{game.name}: what changed since the kit you printed"),
             ("text", f"This file holds only the pieces that differ from the kit you printed; the kit is now kit "
                      f"{kit_version(game)}.")]
    for heading, pieces, line in (
            ("Throw away (changed): the printed pieces, at their old kit page and slot", changes.changed, printed),
            ("Replace them with the new ones printed after this page", changes.changed, name),
            ("New pieces, printed after this page", changes.added, name),
            ("More copies: add the ones printed after this page to those you have", list(changes.more), recounted),
            ("Fewer copies: take these out of the game, nothing is printed for them", list(changes.fewer),
             recounted),
            ("Removed: throw these away, nothing replaces them", changes.removed, printed)):
        if pieces:
            lines.append(("heading", heading))
            lines += [("text", line(piece)) for piece in pieces]
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
