"""Cards, tokens and sheets laid out: every piece on duplex pages (its back behind it), on fold-and-glue sheets,
one a page for a print shop, or one-sided; and how to print them, in words for the contents page."""
from __future__ import annotations

import bisect
import math

from pnp.layout.imposition import Pairs, capacity, duplex_pages, fold_pages, shares_cuts, shop_pages
from pnp.layout.requests import Drawn, InGroup, labelled, layered, overlaid
from pnp.model.mapped import Mapped
from pnp.model.kinds import KINDS
from pnp.wording import plural

FOLD_STOCK = "paper of 80–120 g/m² (the two halves glued together make the card)"


def card_gutter(component, settings) -> float:
    """The space between neighbouring cards: --gutter's, else the data's, else none where the paper still has
    room for crop marks on every cut: neighbours share their cut lines, as print-and-play cards do (nine poker
    cards on A4, eight turned on Letter); else room for each card's whole bleed (`bleed`)."""
    bleed = component.options["bleed"]
    for gutter in (settings.gutter, component.options["gutter"]):
        if gutter == "bleed":
            return 2 * bleed
        if gutter is not None:
            return gutter
    return 0.0 if capacity(component.size, bleed, 0.0, settings).marks else 2 * bleed


def card_pages(game, component, settings, outline: list | None = None):
    """Every card `count` times, each with its back: duplex pages or fold-and-glue sheets; pieces without
    backs on one-sided sheets. `outline` is drawn over every face (a token's cut line). A big deck's cards, kept
    compact, are laid out as CardPairs, their requests made as they are asked for; a smaller group's are made once
    and kept, which takes less processor time than making them again each time a page is read."""
    bleed, gutter = component.options["bleed"], card_gutter(component, settings)
    if outline or settings.proof or not component.cards.is_compact:
        pairs = []
        for index, card in enumerate(component.cards):
            front, back = card_faces(component, card, index, outline)
            if settings.proof:
                front = labelled(front, card.id)
            pairs += [(front, back)] * card.count
    else:
        pairs = CardPairs(component)
    if settings.shop:
        return shop_pages(pairs, component.size, bleed)
    layout = fold_pages if settings.fold and any(back for _, back in pairs) else duplex_pages
    return layout(pairs, component.size, bleed, gutter, settings)


def card_faces(component, card, index: int, outline: list | None = None) -> tuple:
    """A card's front and its back (None: it has none), as requests; `index` is the card's place among its
    group's, `outline` drawn over each (a token's cut line)."""
    bleed = component.options["bleed"]
    given = CardContext(component.cards, index)  # (the same for both)
    front = overlaid(Drawn(component.template, component.size, bleed, None, given), outline, "outline")
    back = card.back and overlaid(Drawn(card.back, component.size, bleed, None, given), outline, "outline")
    return front, back


class CardPairs(Pairs):
    """Every card of a group `count` times, as its front's and its back's requests (card_faces), each made when
    asked for: a page of cards keeps its part of these, not the requests (pnp.layout.imposition.Span)."""

    def __init__(self, component):
        self.component = component
        self.front = (component.template, tuple(component.size), component.options["bleed"])  # (each front's)
        self.ends = Mapped("q")  # the copies up to and with each card, when a card is printed more than once
        named: dict = {}  # each card's back (its template, or none), once
        self.backs = Mapped("H")  # each card's back, by its number in `named`: its card not read again for it
        copies = 0
        for card in component.cards:
            copies += card.count
            self.ends.append(copies)
            self.backs.append(named.setdefault(card.back, len(named)))
        self.named = tuple(named)
        if copies == len(component.cards):  # (each card once: its place is its copy's)
            self.ends = None
        self.total = copies

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, index: int) -> tuple:
        index = self._card(range(self.total)[index])
        return card_faces(self.component, self.component.cards[index], index)

    def face(self, index: int, side: int):
        """A card's front (made without its card: its template is its group's) or its back (None: it has none),
        as card_faces makes them."""
        if not 0 <= index < self.total:
            raise IndexError(index)
        index = self._card(index)
        template, size, bleed = self.front
        if side:
            template = self.named[self.backs[index]]
            if not template:
                return template
        return Drawn(template, size, bleed, None, CardContext(self.component.cards, index))

    def _card(self, copy: int) -> int:
        """The place among the group's cards of the card whose copy is the `copy`th."""
        return bisect.bisect_right(self.ends.values, copy) if self.ends else copy


class CardContext(InGroup):
    """What a card's templates see, made when asked for: the card, as `card` and as `piece`; and where its data
    is (`where`), for its faces' requests. (One small object a card, which names it by its place among its
    group's cards, not holding its record nor its place: a big deck's are made as they are asked for,
    pnp.model.game.Cards.)"""

    __slots__ = ()

    def __call__(self) -> dict:
        context = self.group[self.index].context()
        return {"card": context, "piece": context}

    @property
    def where(self):
        return self.group[self.index].where


def fold_stock(component) -> str:
    """What cards folded and glued are printed on: the data's, else paper, never card stock."""
    return component.stock.get("fold") or FOLD_STOCK


def card_advice(component, settings) -> str:
    if settings.shop:
        return "For a print shop: one card a page with its bleed; the trim box marks the cut."
    if settings.fold:  # folded and glued, the two halves make the card: never card stock, unless the data says so
        stock = fold_stock(component)
        advice = (f"Print one-sided on {stock}. Fold each sheet on the dashed line, glue the halves "
                  "together, let it dry, then cut on the crop marks.")
    else:
        edge = "short" if settings.short_edge else "long"
        advice = (f"Print double-sided (flip on the {edge} edge) on {component.stock_for('duplex')}. "
                  "Cut on the crop marks.")
    return f"{advice} {bleed_note(component, settings)}".strip()


def bleed_note(component, settings) -> str:
    """How the cards sit on the paper, said plainly when the paper cannot give them everything: their own
    bleed, or more a page with neighbours sharing their cuts. The user chooses with --gutter."""
    bleed, gutter = component.options["bleed"], card_gutter(component, settings)
    if bleed <= 0:
        return ""
    chosen = capacity(component.size, bleed, gutter, settings)
    if chosen.per_page >= component.card_total and chosen.edge_bleed >= bleed - 0.05 and chosen.marks:
        return ""  # they all fit on one page with their bleed and crop marks: nothing worth saying
    short = ""
    if chosen.edge_bleed < 0.05:
        short = " The paper leaves no room for bleed at the grid's outer edges."
    elif chosen.edge_bleed < bleed - 0.05:
        short = f" The paper leaves room for only {chosen.edge_bleed:.1f} mm of bleed at the grid's outer edges."
    if not chosen.marks:
        short += " There is no room for crop marks on every side: cut along the drawn lines."
    if not shares_cuts(bleed, gutter):
        shared = capacity(component.size, bleed, 0.0, settings)
        offer = (f" Neighbours sharing their cuts fit {shared.per_page} a page: build with --gutter shared."
                 if shared.per_page > chosen.per_page else "")
        return f"{_many(component, chosen.per_page)} a page, each with its own {bleed:g} mm bleed.{short}{offer}"
    own = capacity(component.size, bleed, 2 * bleed, settings)
    return (f"{_many(component, chosen.per_page)} a page, {_turned(component, chosen, bleed, settings)}neighbours "
            f"sharing their cut lines.{short} With --gutter bleed each card has its own bleed ({own.per_page} a page).")


def _turned(component, chosen, bleed: float, settings) -> str:
    """Why the cards lie on their sides, when they do: upright, more would fit only with cuts left unmarked."""
    if not chosen.turned:
        return ""
    most = capacity(component.size, bleed, 0.0, settings, marked=False)
    if most.per_page > chosen.per_page and not most.marks:
        return (f"turned on their sides so that every cut has its crop marks (upright, {most.per_page} would "
                "leave some cuts unmarked), ")
    return "turned on their sides, "


def _many(component, count: int) -> str:
    return plural(count, *KINDS[component.kind].noun)


# --- tokens: round, square or six-sided pieces -------------------------------------------------------------

def token_outline(component) -> list:
    """The cut line of a round or six-sided token, inscribed in its square box: drawn over each face, so
    that the token can be cut square on the crop marks, or round (or six-sided) on the line, or punched."""
    w, h = component.size
    cx, cy = w / 2, h / 2
    line = {"stroke": "#000000", "width": 0.2}
    if component.options["shape"] == "circle":
        return [{"circle": {"x": cx, "y": cy, "r": min(w, h) / 2, **line}}]
    if component.options["shape"] == "hex":  # flat at top and bottom
        r = min(w / 2, h / math.sqrt(3))
        points = [[cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))] for k in range(6)]
        return [{"polygon": {"points": points, **line}}]
    return []


def token_pages(game, component, settings):
    """Tokens laid out as cards are, each with its outline; backs mirrored for duplex, or folded over."""
    return card_pages(game, component, settings, token_outline(component))


def token_advice(component, settings) -> str:
    shape = component.options["shape"]
    if any(card.back for card in component.cards):
        advice = card_advice(component, settings)
    else:
        advice = f"Print one-sided on {component.stock_for('duplex')}. Cut on the crop marks. " + bleed_note(
            component, settings)
    if shape == "circle":
        advice += (f" Cut each token square on the crop marks, or round on its outline, or punch it "
                   f"with a {min(component.size):g} mm circle punch.")
    elif shape == "hex":
        advice += " Cut each token round its six-sided outline."
    return advice


# --- sheets: score pads, numbered sheets --------------------------------------------------------------------

def sheet_pages(game, component, settings):
    """One-sided sheets such as score pads, `count` copies, each told its number. A `background` template
    draws what all the sheets share, once: the template then draws only what differs from sheet to sheet."""
    faces = sheet_faces(component, sheet_count(component, settings))
    return duplex_pages([(face, None) for face in faces], component.size, 0.0, 0.0, settings)


def sheet_faces(component, count: int) -> list:
    """Sheets 1 to `count` as requests, each told its number, over the background they share (if any)."""
    background = component.options["background"]
    under = Drawn(background, component.size, 0.0, component.where, {}) if background else None
    faces = [Drawn(component.template, component.size, 0.0, component.where, {"sheet": {"number": number}},
                   over=under) for number in range(1, count + 1)]
    return [layered(under, face) for face in faces] if under else faces


def sheet_advice(component, settings) -> str:
    stock = component.stock_for("fold" if settings.fold else "duplex")
    if component.options.get("numbered"):
        count = sheet_count(component, settings)
        return (f"Print one-sided on {stock}, once: the {count} sheets are numbered and each differs from the "
                "others (a game uses one; build with --sheets N for another number of them). Cut on the crop marks.")
    return f"Print one-sided on {stock}, as many copies as you need. Cut on the crop marks."


def sheet_count(component, settings) -> int:
    """Numbered sheets print as many as asked for on the command line; others their data's count."""
    if component.options.get("numbered") and settings.sheets:
        return settings.sheets
    return component.options["count"]
