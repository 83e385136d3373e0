"""A kit's first page, as drawing steps like any face: what the kit holds, what each part looks like (a small
picture of its faces), where it lies in the kit and how to print it; then what to do before printing."""
from __future__ import annotations

from pnp.errors import Where, shown
from pnp.layout.imposition import SCALE_BAR, Page
from pnp.layout.kinds import LAYOUTS, tally
from pnp.layout.requests import WIDE, Made, line_step, scale_bar, text_step
from pnp.layout.text import font, wrap
from pnp.model.units import PT

INK = "#2B1C0D"


def page_ranges(parts: list, entries: list) -> list[str]:
    """Where each part lies in the kit: "page 4" or "pages 4–15"."""
    ranges = []
    for part in parts:
        numbers = [number for number, (owner, _) in enumerate(entries, start=1) if owner is part]
        first, last = numbers[0], numbers[-1]
        ranges.append(f"page {first}" if first == last else f"pages {first}–{last}")
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


def contents_page(game, parts: list, entries: list, settings) -> Page:
    """The kit's first page (`entries`: the kit's pages in print order, as pnp/layout/kit.py lists them)."""
    w, h = settings.size
    left, right = 18.0, w - 18.0
    y = h - 22.0  # the next baseline, up from the page's foot
    steps: list = []

    def text(s: str, size_pt: float, face: str = "sans", x: float = left, align: str = "left") -> None:
        at = x - WIDE if align == "right" else x
        steps.append(text_step(s, at, h - y, size_pt, face, INK, align=align, w=WIDE))

    def para(s: str, size_pt: float, width: float, x: float = left, face: str = "sans") -> None:
        nonlocal y
        for line in wrap(s, font(face), size_pt, width * PT):
            text(line, size_pt, face, x)
            y -= size_pt * 1.35 / PT

    def rule() -> None:
        steps.append(line_step(left, h - y, right, h - y, INK, 0.6 / PT))

    text(game.name, 26, "title")
    y -= 8
    form = "fold-and-glue sheets" if settings.fold else "double-sided pages"
    text(f"Print-and-play kit · {game.players_text} · {settings.paper.label} · {form}", 10)
    y -= 5
    if game.credits:
        para(game.credits, 9, right - left)
    y -= 4
    rule()
    y -= 8
    text("What this kit holds", 14, "bold")
    y -= 4
    thumb_h, text_x = max(12.0, min(20.0, 110.0 / max(1, len(parts)) - 4)), left + 34  # smaller when the parts are many
    advice = printing_advice(game, settings)
    small = _advice_size(parts, advice, thumb_h, (right - text_x, right - left - 5), y - 20.0)
    for part, pages in zip(parts, page_ranges(parts, entries)):
        component = part.component
        top = y
        x = left
        for face in samples(part):  # small pictures of the part, drawn from its own forms
            fw, fh = face.size
            scale = min(thumb_h / fh, 15.0 / fw)
            steps.append(("picture", {"face": face, "x": x, "y": h - top + 2, "w": fw * scale, "h": fh * scale,
                                      "edge": (INK, 0.6)}))
            x += fw * scale + 1.5
        y = top - 5
        text(f"{component.title}", 10, "bold", text_x)
        text(f"{tally(component, part.pages)} · {pages}", 9, x=right, align="right")
        y -= 4.5
        para(part.advice, small, right - text_x, x=text_x)
        y = min(y, top - thumb_h - 4)
    y -= 1
    rule()
    y -= 8
    text("Before you print", 14, "bold")
    y -= 7
    for item in advice:
        text("•", small + 0.5, "bold")
        para(item, small + 0.5, right - left - 5, x=left + 5)
        y -= 1.5
    steps += scale_bar(right - SCALE_BAR, 12, h)
    y = 12.5
    text(f"{game.name} · contents · page 1 · print at 100 %", 6)
    return Page(size=settings.size, side="contents", marks=False, furniture=False,
                flat=Made(_key(steps), tuple(steps), (w, h), 0.0, Where(shown(game.folder / "game.yaml"))))


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
            "This whole file may be printed double-sided in one go: every part starts on a new sheet, and a "
            "page meant for one side only has a blank back.",
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


def _advice_size(parts: list, advice: list, thumb_h: float, widths: tuple, room: float) -> float:
    """The largest size (8.5 pt down to 7 pt) at which the parts' advice and the printing notes fit the
    `room` (mm) left on the contents page: a kit of many parts sets them smaller to keep them on one page."""
    def lines(text: str, size: float, width: float) -> int:
        return len(wrap(text, font("sans"), size, width * PT))

    for size in (8.5, 8.0, 7.5, 7.0):
        step, note = size * 1.35 / PT, (size + 0.5) * 1.35 / PT
        rows = sum(max(9.5 + lines(part.advice, size, widths[0]) * step, thumb_h + 4) for part in parts)
        notes = sum(lines(item, size + 0.5, widths[1]) * note + 1.5 for item in advice)
        if rows + 16 + notes <= room:
            return size
    return 7.0
