"""A kit's first page, as drawing steps like any face: what the kit holds, what each part looks like (a small
picture of its faces), where it lies in the kit and how to print it; then what to do before printing."""
from __future__ import annotations

from dataclasses import replace

from pnp.errors import Where, shown
from pnp.layout.imposition import SCALE_BAR, Page
from pnp.layout.kinds import LAYOUTS, tally
from pnp.layout.packing import paper
from pnp.layout.requests import WIDE, Made, line_step, scale_bar, text_step
from pnp.model.units import PT
from pnp.read.rulefacts import variant_text
from pnp.typeset.text import font, wrap

INK = "#2B1C0D"


def page_ranges(parts: list, entries) -> list[str]:
    """Where each part lies in the kit: "page 4", "pages 4–15" or "pages 4–6, 9" (a page it shares with
    other parts' pieces may come after its own). `entries` are read once (a big deck's pages are made as they
    are read, pnp/layout/print_order.Entries)."""
    found: dict = {id(part): [] for part in parts}  # each part's runs of pages, as [first, last] page numbers
    printed = 0  # the number of the last page not left blank
    for number, (owners, page) in enumerate(entries, start=1):
        for part in owners:
            spans = found.get(id(part))
            if spans is None:
                continue
            if spans and printed <= spans[-1][1]:  # beyond blanks only
                spans[-1][1] = number
            else:
                spans.append([number, number])
        if page is not None:
            printed = number
    ranges = []
    for part in parts:
        spans = found[id(part)]
        text = ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in spans)
        ranges.append(f"page {text}" if len(spans) == 1 and spans[0][0] == spans[0][1] else f"pages {text}")
    return ranges


def samples(part) -> list:
    """The first front of a part and, when it has one, that front's back: to show on the contents page."""
    first = part.pages[0]
    if first.fold:
        return [first.placed[0][1], first.placed[len(first.placed) // 2][1]]
    faces = [LAYOUTS[part.component.kind].sample(part.pages)]
    if len(part.pages) > 1 and part.pages[1].side == "backs":
        faces.append(part.pages[1].placed[0][1])
    return faces


TOP, BOTTOM = 22.0, 20.0  # mm from the page's top to the first baseline; the lowest a line may sit, above the footer


def has_rules_sheet(game) -> bool:
    """Whether the kit prints the players' rules: a component of kind `rules`."""
    return any(component.kind == "rules" for component in game.components.values())


def contents_length(game, parts: list, settings, entries) -> int:
    """How many pages the kit's contents take (the pages they name do not change how they flow; `entries`, the
    kit's other pages, or those of them that name a stock, say which parts share another stock's sheets)."""
    return len(_flow(game, parts, [""] * len(parts), settings, shared_stock(parts, entries, settings)))


def shared_stock(parts: list, entries, settings) -> list[str]:
    """For each part, what the contents page adds to its advice when some of its pieces print on another stock's
    sheets in this kit, packed with that stock's pieces so that no sheet is left mostly empty (the heavier stock
    serves the lighter piece); else ""."""
    form = "fold" if settings.fold else "duplex"
    stocked = [(owners, page) for owners, page in entries if not isinstance(page, (str, type(None))) and page.stock]
    # (the packed pages, which name their stock: `entries` read once, a big deck's pages made as they are read)
    notes = []
    for part in parts:
        own = paper(part.component.stock_for(form))
        pages = [(owners, page) for owners, page in stocked
                 if page.stock != own and any(owner is part for owner in owners)]
        others = [owner.component.title for owners, _ in pages for owner in owners if owner is not part]
        if not pages:
            notes.append("")
            continue
        others = list(dict.fromkeys(others))
        with_others = f", with the {_listed(others)}" if others else ""
        notes.append(f" In this kit some of its pieces print on {pages[0][1].stock}{with_others}, so that no "
                     "sheet is left mostly empty.")
    return notes


def _listed(names: list) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def contents_pages(game, parts: list, entries, settings, stocked=None) -> list[Page]:
    """The kit's first pages (`entries`: the kit's pages in print order, as pnp/layout/print_order.py lists them;
    `stocked`: those of them that name a stock, when known apart, else found among `entries`)."""
    w, h = settings.size
    pages = []
    for number, steps in enumerate(_flow(game, parts, page_ranges(parts, entries), settings,
                                         shared_stock(parts, entries if stocked is None else stocked, settings)),
                                   start=1):
        steps += scale_bar(w - 18.0 - SCALE_BAR, 12, h)
        steps.append(text_step(f"{game.name} · contents · page {number} · print at 100 %", 18.0, h - 12.5, 6,
                               "sans", INK, align="left", w=WIDE))
        pages.append(Page(size=settings.size, side="contents", marks=False, furniture=False,
                          flat=Made(_key(steps), tuple(steps), (w, h), 0.0, Where(shown(game.folder / "game.yaml")))))
    return pages


def _flow(game, parts: list, ranges: list, settings, notes: list) -> list[list]:
    """The contents' drawing steps, page by page: a part's entry or a note that would reach into the footer
    starts a new page. `notes`: what each part's advice gains in this kit (`shared_stock`)."""
    parts = [replace(part, advice=part.advice + note) for part, note in zip(parts, notes)]
    w, h = settings.size
    left, right = 18.0, w - 18.0
    y = h - TOP  # the next baseline, up from the page's foot
    pages: list = [[]]

    def text(s: str, size_pt: float, face: str = "sans", x: float = left, align: str = "left") -> None:
        at = x - WIDE if align == "right" else x
        pages[-1].append(text_step(s, at, h - y, size_pt, face, INK, align=align, w=WIDE))

    def para(s: str, size_pt: float, width: float, x: float = left, face: str = "sans") -> None:
        nonlocal y
        for line in wrap(s, font(face), size_pt, width * PT):
            text(line, size_pt, face, x)
            y -= size_pt * 1.35 / PT

    def rule() -> None:
        pages[-1].append(line_step(left, h - y, right, h - y, INK, 0.6 / PT))

    def room(need: float, heading: str) -> bool:
        """Go on to a new page, headed `heading`, unless `need` mm fit above the foot of this one; whether it did."""
        nonlocal y
        if y - need >= BOTTOM:
            return False
        pages.append([])
        y = h - TOP
        text(heading, 14, "bold")
        y -= 7
        return True

    text(game.name, 26, "title")
    y -= 8
    form = "fold-and-glue sheets" if settings.fold else "double-sided pages"
    text(f"Print-and-play kit · {game.players_text} · {settings.paper.label} · {form}", 10)
    y -= 5
    if game.credits:
        para(game.credits, 9, right - left)
    if game.rules_elsewhere:
        para(f"The players' rules are not in this kit: {game.rules_elsewhere}", 9, right - left, face="bold")
    if game.variant:
        para(f"Rules variant: {variant_text(game.variant)}. These pages state its rules; a playtest log of it "
             "names it in its header, and the checker judges it by them.", 9, right - left, face="bold")
    y -= 4
    rule()
    y -= 8
    text("What this kit holds", 14, "bold")
    y -= 4
    thumb_h, text_x = max(12.0, min(20.0, 110.0 / max(1, len(parts)) - 4)), left + 34  # smaller when the parts are many
    advice = printing_advice(game, settings)
    small = _advice_size(parts, advice, thumb_h, (right - text_x, right - left - 5), y - BOTTOM)
    for part, pages_of_part in zip(parts, ranges):
        component = part.component
        room(_entry_height(part, small, thumb_h, right - text_x), "What this kit holds (continued)")
        top = y
        x = left
        for face in samples(part):  # small pictures of the part, drawn from its own forms
            fw, fh = face.size
            scale = min(thumb_h / fh, 15.0 / fw)
            pages[-1].append(("picture", {"face": face, "x": x, "y": h - top + 2, "w": fw * scale,
                                          "h": fh * scale, "edge": (INK, 0.6)}))
            x += fw * scale + 1.5
        y = top - 5
        text(f"{component.title}", 10, "bold", text_x)
        text(" · ".join(item for item in (tally(component, part.pages), pages_of_part) if item), 9, x=right,
             align="right")
        y -= 4.5
        para(part.advice, small, right - text_x, x=text_x)
        y = min(y, top - thumb_h - 4)
    y -= 1
    rule()
    y -= 8
    # a duplex kit's rules start on the back of its contents: a kit without them turns its notes over instead
    need = float("inf") if len(pages) == 1 and not settings.fold and not has_rules_sheet(game) else 0.0
    if not room(max(need, 7 + _note_height(advice[0], small, right - left - 5)), "Before you print"):
        text("Before you print", 14, "bold")
        y -= 7
    for item in advice:
        room(_note_height(item, small, right - left - 5), "Before you print (continued)")
        text("•", small + 0.5, "bold")
        para(item, small + 0.5, right - left - 5, x=left + 5)
        y -= 1.5
    return pages


def _key(steps: list) -> tuple:
    """What tells a contents page from another: its steps, the faces it pictures standing for their keys."""
    drawn = [(name, {key: value for key, value in values.items() if key != "face"}) for name, values in steps]
    faces = [part for name, values in steps if name == "picture" for part in ("|", values["face"])]
    return ("contents|", repr(drawn), *faces)


def printing_advice(game, settings) -> list:
    """The contents page's "Before you print" notes, for this paper and form."""
    advice = [
        "Set the printer to 100 % or “actual size”, never “fit to page”. Then measure the bar at the foot of "
        "any page: it must be exactly 50 mm long.",
    ]
    if settings.fold:
        advice.append("Fold each sheet on the dashed line so the printed sides face out, glue the halves flat, "
                      "let it dry under a book, then cut: fronts and backs are already lined up.")
    else:
        advice += [
            "This whole file may be printed double-sided in one go: every part to cut out starts "
            "on a new sheet, and a page meant for one side only has a blank back.",
            f"Double-sided parts: print duplex-test-{settings.paper.name}.pdf first. Hold the sheet up to a light "
            "and read where the front's cross falls on the back's scales; if it is off, build again with "
            "--back-offset X,Y (in mm), or with --short-edge if the backs come out upside down.",
            "No duplex printer, or backs that will not line up? Print the fold-and-glue kit (…-fold.pdf; "
            "pnp build --fold makes it) instead.",
        ]
    advice += [
        "Cut on the crop marks in the margins; the colour beyond each cut line (the bleed) hides a slightly "
        "misaligned cut.",
    ] + list(game.kit_notes)
    return advice


def _lines(text: str, size: float, width: float) -> int:
    return len(wrap(text, font("sans"), size, width * PT))


def _entry_height(part, size: float, thumb_h: float, width: float) -> float:
    """The height (mm) of a part's entry on the contents page, its advice set at `size` points."""
    return max(9.5 + _lines(part.advice, size, width) * size * 1.35 / PT, thumb_h + 4)


def _note_height(note: str, size: float, width: float) -> float:
    """The height (mm) of one of the printing notes, set at `size` points (their bullets at half a point more)."""
    return _lines(note, size + 0.5, width) * (size + 0.5) * 1.35 / PT + 1.5


def _advice_size(parts: list, advice: list, thumb_h: float, widths: tuple, room: float) -> float:
    """The largest size (8.5 pt down to 7 pt) at which the parts' advice and the printing notes fit the
    `room` (mm) left on the contents' first page: a kit of many parts sets them smaller to keep them on one
    page, and one that cannot fit at 7 pt runs on to more pages at 8 pt."""
    for size in (8.5, 8.0, 7.5, 7.0):
        rows = sum(_entry_height(part, size, thumb_h, widths[0]) for part in parts)
        if rows + 16 + sum(_note_height(item, size, widths[1]) for item in advice) <= room:
            return size
    return 8.0
