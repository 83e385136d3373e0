"""How each kind of component is laid out: one entry of LAYOUTS each (its schema is pnp/model/kinds.py).

A kind's `pages(game, component, settings)` says which face goes where on which page: its pages hold face
requests (pnp/layout/requests.py), drawn later by the render stage. A new kind is an entry here and in the
schema, and its layout function (cards.py is the one to copy for pieces with fronts and backs, cutouts.py for
pieces folded from a net).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import Callable

from pnp.errors import DataError
from pnp.layout import cards
from pnp.layout.imposition import NoRoom
from pnp.model.kinds import KINDS
from pnp.wording import plural


class _Later:
    """A layout module imported when one of its names is first called: a kit loads only the layouts of the kinds it
    has (a deck never loads a board's tiling, the nets of dice and boxes, or the rules sheet's)."""

    def __init__(self, module: str, name: str | None = None):
        self.module, self.name = module, name

    def __getattr__(self, name: str) -> "_Later":
        return _Later(self.module, name)

    def __call__(self, *args, **kwargs):
        return getattr(importlib.import_module(f"pnp.layout.{self.module}"), self.name)(*args, **kwargs)


boards, cutouts, rulesheet = _Later("boards"), _Later("cutouts"), _Later("rulesheet")


@dataclass(frozen=True)
class Layout:
    pages: Callable  # (game, component, Settings) -> list of Page
    how_to_print: Callable  # (component, Settings) -> advice for the kit's contents page
    footprint: Callable = lambda component: component.size  # the printed piece's size, laid flat (mm); None:
    # the paper's
    sample: Callable = lambda pages: pages[0].placed[0][1]  # the face that shows what it is, in pictures
    tally: Callable | None = None  # (component, pages) -> how many it prints, in words, when not its pieces
    shop: bool = False  # whether `--print-shop` prints it too (cards, a board), one piece a page with bleed


def rules_pages(game, component, settings, laid: dict | None = None) -> list:
    """The rules sheet, with a picture of every other component (rulesheet.py); `laid` as for
    `component_pictures`."""
    return rulesheet.rules_pages(game, component, settings, component_pictures(game, settings, laid))


def component_pictures(game, settings, laid: dict | None = None) -> list:
    """A sample of every component but the rules, for the rules sheet's picture: the first face it prints.
    `laid`: component id -> its pages for these settings, or the NoRoom or DataError its layout raised, for
    those laid out already (laid out again for a proof, whose pages are not what a picture shows)."""
    pictures = []
    known = laid if laid is not None and not settings.proof else {}
    for name, other in game.components.items():
        kind = LAYOUTS[other.kind]
        if kind.pages is rules_pages:
            continue
        pages = known.get(name)
        try:
            if pages is None:
                pages = kind.pages(game, other, replace(settings, proof=False))
            elif isinstance(pages, Exception):
                raise pages
        except (NoRoom, DataError):
            continue  # its own layout reports the problem
        pictures.append(rulesheet.Picture(kind.sample(pages), other.title.split(" (")[0], tally(other, pages)))
    return pictures


def tally(component, pages) -> str:
    """How many of a component the kit prints, in words: "20 cards", "4 boxes", "1 board on 2 sheets"."""
    if LAYOUTS[component.kind].tally:
        return LAYOUTS[component.kind].tally(component, pages)
    if component.cards:
        return plural(component.card_total, *KINDS[component.kind].noun)
    return plural(sum(len(page.placed) for page in pages if not page.reverse), "copy", "copies")


LAYOUTS = {
    "cards": Layout(cards.card_pages, cards.card_advice, shop=True),
    "rules": Layout(rules_pages, rulesheet.rules_advice, footprint=lambda component: None),
    "sheet": Layout(cards.sheet_pages, cards.sheet_advice),
    "die": Layout(cutouts.die_pages, cutouts.net_advice, footprint=lambda component: cutouts.die_net(component)[2]),
    "net": Layout(cutouts.net_pages, cutouts.net_advice, footprint=lambda component: cutouts.net_shape(component)[2]),
    "envelope": Layout(lambda game, component, settings: cutouts.net_pages(game, component, settings,
                                                                           cutouts.envelope_shape),
                       cutouts.net_advice, footprint=lambda component: cutouts.envelope_shape(component)[2]),
    "tokens": Layout(cards.token_pages, cards.token_advice),
    "standees": Layout(cutouts.standee_pages, cutouts.standee_advice,
                       footprint=lambda component: cutouts.standee_net(component)[3]),
    "box": Layout(cutouts.box_pages, cutouts.box_advice,
                  footprint=lambda component: cutouts.box_nets(component)["tray"][2],
                  sample=lambda pages: pages[0].placed[1][1]),  # a tray: the check bar heads the page
    "board": Layout(boards.board_pages, boards.board_advice, shop=True,
                    sample=lambda pages: pages[-1].placed[0][1], tally=boards.tally),
}
