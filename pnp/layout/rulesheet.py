"""A players' rules sheet: a game's how-to-play text set in two columns on one or two pages, with a picture
of what the box holds, as drawing steps like any other face (`rules_pages`, the layout of a `rules` component).

The text is a small Markdown: `# Title` (the first line), paragraphs, `## Headings`, `- bullets`, `1. numbered
steps`, `**bold**` inside any of them, and a line `![caption](components)` where the picture of the
components goes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.imposition import FOOTER_BAND, NoRoom, Page, Slot, printable
from pnp.layout.requests import Made, line_step, text_step
from pnp.layout.text import CAP, DESCENT, font
from pnp.model.units import PT

INK = "#2B1D0E"
RULE = "#B8AE9C"
BODY = 9.6  # points
LEADING = 1.3
HEADING = 11.5
TITLE = 24.0
CAPTION = 6.5
COLUMN_GAP = 8.0  # mm
PARAGRAPH_GAP = 1.6  # mm
HEADING_GAP = 0.6  # mm between a heading and its text
PICTURE_HEIGHT = 24.0  # mm: the tallest a component is drawn in the picture
MAX_PAGES = 2


@dataclass(frozen=True)
class Block:
    kind: str  # heading, para, bullet, number, picture
    text: str
    marker: str = ""  # "•" or "3." for list items


def parse(text: str) -> tuple[str, list[Block]]:
    """The title and the blocks of a how-to-play text."""
    title, blocks, para = "", [], []

    def flush():
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        item = re.match(r"^(?:([-*])|(\d+)\.)\s+(.*)$", line)
        if not line:
            flush()
        elif line.startswith("# ") and not title and not blocks:
            title = line[2:].strip()
        elif line.startswith("#"):
            flush()
            blocks.append(Block("heading", line.lstrip("#").strip()))
        elif re.match(r"^!\[[^\]]*\]\(components\)$", line):
            flush()
            blocks.append(Block("picture", line[2:line.index("]")]))
        elif item:
            flush()
            blocks.append(Block("bullet", item[3], "•") if item[1] else Block("number", item[3], f"{item[2]}."))
        elif blocks and blocks[-1].kind in ("bullet", "number") and not para and raw[:1].isspace():
            last = blocks.pop()  # an item's continuation line, indented
            blocks.append(Block(last.kind, f"{last.text} {line}", last.marker))
        else:
            para.append(line)
    flush()
    return title, blocks


def words(text: str, bold: bool = False) -> list[list[tuple[str, str]]]:
    """The words of a text, each as its pieces (text, font): `**` switches bold on and off, also inside a
    word (`**EXTRA**:` is one word, the colon in the plain font)."""
    out, state = [], bold
    for word in text.split():
        pieces = []
        for index, piece in enumerate(word.split("**")):
            if index:
                state = not state
            if piece:
                pieces.append((piece, "bold" if state else "sans"))
        if pieces:
            out.append(pieces)
    return out


def set_lines(items: list[list[tuple[str, str]]], width: float, size: float) -> list[list[tuple[float, str, str]]]:
    """Greedy wrap of words into lines no wider than `width` mm: each line is a list of runs (x offset in mm,
    text, font), neighbouring pieces of one font joined into one run."""
    space = stringWidth(" ", font("sans"), size) / PT
    lines: list = []
    line: list = []
    x = 0.0
    for pieces in items:
        widths = [stringWidth(text, font(face), size) / PT for text, face in pieces]
        if line and x + space + sum(widths) > width:
            lines.append(line)
            line, x = [], 0.0
        x = x + space if line else 0.0
        gap = " " if line else ""
        for (text, face), w in zip(pieces, widths):
            if line and line[-1][2] == face:
                line[-1] = (line[-1][0], f"{line[-1][1]}{gap}{text}", face)
            else:
                line.append((x, text, face))
            x, gap = x + w, ""
    if line:
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Picture:
    """One component in the picture: a sample face and its caption."""

    face: object
    caption: str
    count: str


class Sheet:
    """Flows blocks down two columns, page after page; each page is a list of steps."""

    def __init__(self, size: tuple[float, float], title: str, subtitle: str):
        self.w, self.h = size
        self.col_w = (self.w - COLUMN_GAP) / 2
        self.pages: list[list] = []
        self.title, self.subtitle = title, subtitle
        self._new_page()

    def _new_page(self) -> None:
        steps: list = []
        if not self.pages:
            steps.append(text_step(self.title, 0, TITLE * CAP / PT, TITLE, "title", INK))
            steps.append(text_step(self.subtitle, 0, TITLE * CAP / PT + 6.5, 9.0, "sans", INK))
            top = TITLE * CAP / PT + 9.5
        else:
            steps.append(text_step(f"{self.title}: how to play (continued)", 0, 3.5, 9.0, "bold", INK))
            top = 6.0
        steps.append(line_step(0, top, self.w, top, INK, 0.5))
        self.pages.append(steps)
        self.top, self.column, self.y = top + 4.0, 0, top + 4.0

    def _room(self, height: float) -> None:
        """Move on to the next column (or page) unless `height` more fits in this one."""
        if self.y + height > self.h:
            self._next_column()

    def _next_column(self) -> None:
        if self.y <= self.top + 1e-6:
            return  # already at the head of a column: a block taller than a column starts here
        if self.column == 0:
            self.column, self.y = 1, self.top
        else:
            self._new_page()

    @property
    def x(self) -> float:
        return self.column * (self.col_w + COLUMN_GAP)

    def lines(self, runs: list, size: float, indent: float = 0.0, marker: str = "", keep: float = 0.0) -> None:
        """Set wrapped lines, moving to the next column when one is full, never leaving a single line of a
        paragraph alone at a column's foot or head; `marker` hangs before the first line; `keep` is room the
        first line wants below it (to keep a heading with its text)."""
        step = size * LEADING / PT
        here = max(0, int((self.h - self.y - keep + 1e-6) // step))  # lines that fit in this column
        split = min(here, len(runs) - 2) if len(runs) > here else len(runs)
        if split < 2 and len(runs) > here:
            split = 0  # the whole block goes on in the next column
        for index, line in enumerate(runs):
            if index == split or self.y + step > self.h + 1e-6:
                self._next_column()
            baseline = self.y + size * CAP / PT
            if index == 0 and marker:
                self.pages[-1].append(text_step(marker, self.x + indent - 7.7, baseline, size, "bold", INK,
                                                align="right", w=6.0))
            for dx, text, face in line:
                self.pages[-1].append(text_step(text, self.x + indent + dx, baseline, size, face, INK))
            self.y += step

    def block(self, block: Block) -> None:
        if block.kind == "heading":
            self.y += 1.5
            runs = set_lines(words(block.text, bold=True), self.col_w, HEADING)
            # a heading keeps below it the room its text needs to begin: the gap, and three lines (a
            # paragraph of three is never split, a longer one keeps two lines together)
            self.lines([[(dx, text, "title") for dx, text, _ in line] for line in runs], HEADING,
                       keep=HEADING_GAP + 3 * BODY * LEADING / PT)
            self.y += HEADING_GAP
        elif block.kind == "para":
            self.lines(set_lines(words(block.text), self.col_w, BODY), BODY)
            self.y += PARAGRAPH_GAP
        else:
            indent = 4.5 if block.kind == "bullet" else 5.5
            self.lines(set_lines(words(block.text), self.col_w - indent, BODY), BODY, indent, block.marker)
            self.y += PARAGRAPH_GAP * 0.6

    def picture(self, caption: str, pictures: list[Picture]) -> None:
        """The components side by side across the column, each scaled to fit, with what and how many below."""
        if not pictures:
            return
        cell = self.col_w / len(pictures)
        label = CAPTION * LEADING / PT
        names = [set_lines(words(picture.caption, bold=True), cell - 1.0, CAPTION) for picture in pictures]
        lines = max(len(name) for name in names) + 1
        height = PICTURE_HEIGHT + 1.5 + lines * label + 2.5 + (BODY * LEADING / PT if caption else 0.0)
        self._room(height)
        steps = self.pages[-1]
        y = self.y
        if caption:
            steps.append(text_step(caption, self.x, y + BODY * CAP / PT, BODY, "bold", INK))
            y += BODY * LEADING / PT
        for index, (picture, name) in enumerate(zip(pictures, names)):
            fw, fh = picture.face.size
            scale = min(PICTURE_HEIGHT / fh, (cell - 2.0) / fw)
            w, h = fw * scale, fh * scale
            left = self.x + index * cell
            steps.append(("picture", {"face": picture.face, "x": left + (cell - w) / 2, "y": y + PICTURE_HEIGHT - h,
                                      "w": w, "h": h}))
            base = y + PICTURE_HEIGHT + 1.5 + CAPTION * CAP / PT
            for row, text in enumerate([" ".join(run[1] for run in line) for line in name] + [picture.count]):
                face = "bold" if row < len(name) else "sans"
                steps.append(text_step(text, left, base + row * label, CAPTION, face, INK, align="center", w=cell))
        self.y += height

    def finish(self) -> list[list]:
        """The pages' steps, a thin line between the columns of each."""
        for steps in self.pages:
            top = next(v["points"][0][1] for name, v in steps if name == "line") + 4.0
            steps.insert(0, line_step(self.col_w + COLUMN_GAP / 2, top, self.col_w + COLUMN_GAP / 2,
                                      self.h - DESCENT, RULE, 0.2))
        return self.pages


def pages_of(text: str, size: tuple[float, float], subtitle: str, pictures: list[Picture],
             fallback_title: str) -> list[list]:
    """The steps of each page of a rules sheet `size` mm large."""
    title, blocks = parse(text)
    sheet = Sheet(size, title or fallback_title, subtitle)
    for block in blocks:
        if block.kind == "picture":
            sheet.picture(block.text, pictures)
        else:
            sheet.block(block)
    return sheet.finish()


def rules_pages(game, component, settings, pictures: list[Picture]) -> list:
    """The players' rules: the game's how-to-play text (read with the game, pnp/read/kinds.py) on one or two
    pages of the kit's paper, with `pictures` of everything else the kit holds."""
    text = component.options["content"]
    area = printable(settings).inset(bottom=FOOTER_BAND)
    subtitle = " · ".join(item for item in (game.players_text, game.credits) if item)
    pages = pages_of(text, (area.w, area.h), subtitle, pictures, game.name)
    if len(pages) > MAX_PAGES:
        raise NoRoom(f"the rules in {component.options['text']} run to {len(pages)} pages of "
                     f"{settings.paper.name} paper; a rules sheet holds {MAX_PAGES}: shorten them")
    return [Page(size=settings.size, side="rules", content=area, marks=False, reverse=index > 0,
                 placed=[(Slot(area, 0, area),
                          Made((f"rules|{component.id}|{index}|{area}|{text}",), tuple(steps), (area.w, area.h), 0.0,
                               component.where))])
            for index, steps in enumerate(pages)]


def rules_advice(component, settings) -> str:
    if settings.fold:
        return "Print one-sided on plain paper, and keep the rules with the game."
    return "Print double-sided on plain paper: one sheet of rules to keep with the game."
