"""A players' rules sheet: a game's how-to-play text set in two columns on one or two pages, with a picture
of what the box holds, as drawing steps like any other face (`rules_pages`, the layout of a `rules` component).

The text is Markdown (CommonMark, read by markdown-it-py, with its tables): `# Title` (the first line),
paragraphs, `## Headings`, bullet and numbered lists (nested too), **bold**, *italic* and `code` inside any of
them, tables, and a line `![caption](components)` where the picture of the components goes. Each run of text
is set as the text steps' own markup (pnp/typeset/markup.py), the rest of its characters escaped: a rules text
prints as written, never as a card's markup, but for its icons: `:anchor:` shows the icon a card's text shows
(the game's artwork/<game>/icons/anchor.svg), sized to the text; a name that is no icon prints as written.
"""
from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field

from pnp import resources
from pnp.layout.imposition import FOOTER_BAND, NoRoom, Page, Slot, printable
from pnp.layout.requests import Made, Raw, line_step, text_step
from pnp.model.units import PT
from pnp.typeset.markup import ICON, escaped, parse as runs_of
from pnp.typeset.text import CAP, DESCENT, text_layout

INK = "#2B1D0E"
RULE = "#B8AE9C"
BODY = 9.6  # points
BODIES = (BODY, 9.4, 9.2)  # the sizes the text may be set in, largest first, to keep it to fewer pages
LEADING = 1.3
HEADING = 11.5
TITLE = 24.0
CAPTION = 6.5
COLUMN_GAP = 8.0  # mm
PARAGRAPH_GAP = 1.6  # mm
HEADING_GAP = 0.6  # mm between a heading and its text
PICTURE_HEIGHT = 24.0  # mm: the tallest a component is drawn in the picture
CELL_PAD = 1.5  # mm between a table's columns
INDENT = 4.5  # mm: how far each level of a list is set in
MAX_PAGES = 2


@dataclass(frozen=True)
class Block:
    kind: str  # heading, para, bullet, number, picture, table
    text: str  # as the text steps' markup (a picture: its caption, plain)
    marker: str = ""  # "•" or "3." for list items
    depth: int = 0  # how deep in lists (1: an item of a list at the top)
    rows: tuple = field(default=(), compare=False)  # a table's rows of cells (markup), its head first


@functools.lru_cache(maxsize=8)
def parse(text: str, icons=frozenset()) -> tuple[str, tuple[Block, ...]]:
    """The title and the blocks of a how-to-play text, `:name:` set as an icon where `icons` has the name. Kept
    for the last few texts: a build sets the rules in each variant and at each size it tries, and `pnp watch`
    builds again on every save, from the same text."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark", {"html": False}).enable("table").parse(text)
    title, blocks = "", []
    lists: list[list] = []  # open lists, innermost last: [kind, the next item's number, whether it began]
    rows: list[list[str]] = []
    for index, token in enumerate(tokens):
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append(["bullet" if kind == "bullet_list_open" else "number", int(token.attrs.get("start", 1)),
                          False])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            lists[-1][2] = True
        elif kind == "tr_open":
            rows.append([])
        elif kind == "table_close":
            blocks.append(Block("table", "", rows=tuple(tuple(row) for row in rows)))
            rows = []
        elif kind != "inline":
            continue
        elif tokens[index - 1].type in ("th_open", "td_open"):
            rows[-1].append(inline(token, icons))
        elif tokens[index - 1].type == "heading_open":
            if tokens[index - 1].tag == "h1" and not title and not blocks:
                title = token.content.strip()
            else:
                blocks.append(Block("heading", inline(token, icons)))
        elif len(token.children) == 1 and token.children[0].type == "image" \
                and token.children[0].attrs.get("src") == "components" and not lists:
            blocks.append(Block("picture", token.children[0].content))
        elif lists and lists[-1][2]:  # the first paragraph of a list item: the item, with its marker
            kind, number, _ = lists[-1]
            blocks.append(Block(kind, inline(token, icons), "•" if kind == "bullet" else f"{number}.", len(lists)))
            lists[-1][1:] = [number + 1, False]
        else:  # a paragraph (or an item's later paragraph, set in as deep as the item)
            blocks.append(Block("para", inline(token, icons), depth=len(lists)))
    return title, tuple(blocks)


def inline(token, icons=frozenset()) -> str:
    """A paragraph's inline Markdown as the text steps' markup: bold and italic kept, `:name:` an icon where
    `icons` has the name, everything else printed as it is written (a link as its words, a picture as its
    caption, a line break kept, code as it is)."""
    pieces, strong, emphasis = [], 0, 0
    for child in token.children or ():
        kind = child.type
        if kind in ("strong_open", "strong_close"):
            strong += 1 if kind == "strong_open" else -1
        elif kind in ("em_open", "em_close"):  # (emphasis may hold emphasis: CommonMark reads `***a*b*` so)
            emphasis += 1 if kind == "em_open" else -1
        elif kind in ("text", "code_inline", "image", "html_inline", "softbreak", "hardbreak"):
            text = {"softbreak": " ", "hardbreak": "\n"}.get(kind, child.content)
            pieces += [(part, strong > 0, emphasis > 0, icon)
                       for part, icon in (_icons_apart(text, icons) if kind == "text" else [(text, False)])]
    return marked(pieces)


def _icons_apart(text: str, icons) -> list[tuple[str, bool]]:
    """A text in pieces, as (piece, whether it is an icon): each `:name:` that `icons` has, a piece of its own."""
    pieces, at = [], 0
    for found in ICON.finditer(text):
        if found[1] in icons:
            pieces += [(text[at:found.start()], False), (found[0], True)]
            at = found.end()
    return pieces + [(text[at:], False)]


def marked(pieces) -> str:
    """Pieces of plain text, each (text, bold, italic) or (text, bold, italic, whether it is an icon's
    `:name:`), as the text steps' markup: a mark wherever the style changes, and only there, so that no two
    marks run together into another (`*` closing italic before `*` opening it again would read as `**`,
    bold)."""
    out, bold, italic = [], False, False
    for text, now_bold, now_italic, *icon in [*(piece for piece in pieces if piece[0]), ("", False, False)]:
        out.append(("**" if now_bold != bold else "") + ("*" if now_italic != italic else ""))
        out.append(text if icon and icon[0] else escaped(text))
        bold, italic = now_bold, now_italic
    return "".join(out)


def _text(text: str, width: float, size: float, face: str, icons: dict | None = None) -> dict:
    """What the text layout needs of a text step, for a text set here; `icons`: name -> width over height."""
    return {"text": text, "font": face, "size": size, "leading": LEADING, "w": width, "h": None, "fit": False,
            "valign": "top", "icons": tuple((name, None, aspect) for name, aspect in sorted((icons or {}).items()))}


def set_lines(text: str, width: float, size: float, face: str = "sans",
              icons: dict | None = None) -> list[list[tuple[float, str, str]]]:
    """Marked-up text wrapped into lines no wider than `width` mm (as a text step wraps it, pnp/typeset/text.py):
    each line a list of runs (x offset in mm, the run as markup, font); an icon's run is its `:name:`, set as
    wide as `icons` (name -> width over height) says."""
    layout = text_layout(_text(text, width, size, face, icons))
    return [[(piece.x, f":{piece.text}:" if piece.icon else f"*{escaped(piece.text)}*" if piece.italic
              else escaped(piece.text), piece.font) for piece in line] for line in layout.pieces]


def icons_of(game) -> dict:
    """The icons a game's texts may show: name -> (width over height, a digest of its file), of each SVG file
    in its icons folder (its own artwork's, then the shared artwork's). The width over height is its root's
    viewBox's (else its width and height), read from the file's head: the drawing itself is read, and
    checked, when the face that shows it is drawn."""
    found: dict = {}
    for folder in resources.search_path(game.folder, "artwork"):
        for path in sorted((folder / game.icon_folder).glob("*.svg")):
            if path.stem in found or not ICON.fullmatch(f":{path.stem}:"):
                continue
            data = path.read_bytes()
            found[path.stem] = (_aspect(data[:4096].decode("utf-8", "replace")), hashlib.sha256(data).hexdigest())
    return found


def _aspect(head: str) -> float:
    """The width over height an SVG file's root element gives (1 when it gives none that can be read)."""
    root = re.search(r"<svg\b[^>]*>", head)
    attributes = dict(re.findall(r'([\w:-]+)\s*=\s*["\']([^"\']*)["\']', root[0])) if root else {}
    box = re.findall(r"[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?", attributes.get("viewBox", ""))
    sizes = [re.match(r"\s*(\d*\.?\d+)", attributes.get(name, "")) for name in ("width", "height")]
    if len(box) == 4 and float(box[2]) > 0 and float(box[3]) > 0:
        return float(box[2]) / float(box[3])
    if all(sizes) and float(sizes[1][1]) > 0:
        return float(sizes[0][1]) / float(sizes[1][1])
    return 1.0


@dataclass(frozen=True)
class Picture:
    """One component in the picture: a sample face and its caption."""

    face: object
    caption: str
    count: str


class Sheet:
    """Flows blocks down two columns, page after page; each page is a list of steps."""

    def __init__(self, size: tuple[float, float], title: str, subtitle: str, body: float = BODY,
                 icons: dict | None = None):
        self.w, self.h = size
        self.body = body  # the text's size, points
        self.icons = icons or {}  # the icons its text may show: name -> width over height
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
                self.pages[-1].append(_run_step(text, self.x + indent + dx, baseline, size, face))
            self.y += step

    def block(self, block: Block) -> None:
        if block.kind == "heading":
            self.y += 1.5
            # a heading keeps below it the room its text needs to begin: the gap, and three lines (a
            # paragraph of three is never split, a longer one keeps two lines together)
            self.lines(set_lines(block.text, self.col_w, HEADING, "title", self.icons), HEADING,
                       keep=HEADING_GAP + 3 * self.body * LEADING / PT)
            self.y += HEADING_GAP
        elif block.kind == "table":
            self.table(block.rows)
        else:
            indent = block.depth * INDENT + (1.0 if block.kind == "number" else 0.0)
            self.lines(set_lines(block.text, self.col_w - indent, self.body, icons=self.icons), self.body, indent,
                       block.marker)
            self.y += PARAGRAPH_GAP * (0.6 if block.depth else 1.0)

    def table(self, rows: tuple) -> None:
        """A table across the column: each column as wide as its widest cell wants (shared out in proportion
        when they want more than the column has), its head in bold over a line, a thin line under each row."""
        count = max(len(row) for row in rows)
        rows = [tuple(row) + ("",) * (count - len(row)) for row in rows]
        rows[0] = tuple(marked((f":{run.text}:" if run.icon else run.text, True, run.italic, run.icon)
                                 for run in runs_of(cell)) for cell in rows[0])
        widths = [max(_natural(row[column], self.body, self.icons) for row in rows) + CELL_PAD for column in range(count)]
        if sum(widths) > self.col_w:
            widths = [self.col_w * width / sum(widths) for width in widths]
        step = self.body * LEADING / PT
        for number, row in enumerate(rows):
            cells = [set_lines(cell, width - CELL_PAD, self.body, icons=self.icons) for cell, width in zip(row, widths)]
            height = max(len(lines) for lines in cells) * step + 0.8
            self._room(height)
            left, steps = self.x, self.pages[-1]
            for lines, width in zip(cells, widths):
                for line_number, line in enumerate(lines):
                    baseline = self.y + self.body * CAP / PT + line_number * step
                    steps += [_run_step(text, left + dx, baseline, self.body, face) for dx, text, face in line]
                left += width
            self.y += height
            edge = (INK, 0.4) if number == 0 else (RULE, 0.2)
            steps.append(line_step(self.x, self.y - 0.5, self.x + sum(widths), self.y - 0.5, *edge))
        self.y += PARAGRAPH_GAP

    def picture(self, caption: str, pictures: list[Picture]) -> None:
        """The components side by side across the column, each scaled to fit, with what and how many below."""
        if not pictures:
            return
        cell = self.col_w / len(pictures)
        label = CAPTION * LEADING / PT
        names = [set_lines(f"**{escaped(picture.caption)}**", cell - 1.0, CAPTION) for picture in pictures]
        lines = max(len(name) for name in names) + 1
        height = PICTURE_HEIGHT + 1.5 + lines * label + 2.5 + (self.body * LEADING / PT if caption else 0.0)
        self._room(height)
        steps = self.pages[-1]
        y = self.y
        if caption:
            steps.append(text_step(caption, self.x, y + self.body * CAP / PT, self.body, "bold", INK))
            y += self.body * LEADING / PT
        for index, (picture, name) in enumerate(zip(pictures, names)):
            fw, fh = picture.face.size
            scale = min(PICTURE_HEIGHT / fh, (cell - 2.0) / fw)
            w, h = fw * scale, fh * scale
            left = self.x + index * cell
            steps.append(("picture", {"face": picture.face, "x": left + (cell - w) / 2, "y": y + PICTURE_HEIGHT - h,
                                      "w": w, "h": h}))
            base = y + PICTURE_HEIGHT + 1.5 + CAPTION * CAP / PT
            for row, text in enumerate([" ".join(run[1] for run in line) for line in name] + [escaped(picture.count)]):
                face = "bold" if row < len(name) else "sans"
                steps.append(text_step(text, left, base + row * label, CAPTION, face, INK, align="center", w=cell,
                                       markup=True))
        self.y += height

    def finish(self) -> list[list]:
        """The pages' steps, a thin line between the columns of each."""
        for steps in self.pages:
            top = next(v["points"][0][1] for name, v in steps if name == "line") + 4.0
            steps.insert(0, line_step(self.col_w + COLUMN_GAP / 2, top, self.col_w + COLUMN_GAP / 2,
                                      self.h - DESCENT, RULE, 0.2))
        return self.pages


def _natural(text: str, size: float, icons: dict | None = None) -> float:
    """How wide (mm) a table's cell is set on one line, at `size` points."""
    return max(text_layout(_text(text, 1000.0, size, "sans", icons)).widths)


def _run_step(text: str, x: float, baseline: float, size: float, face: str) -> tuple | Raw:
    """A run of a set line as a step: an icon's as one the render pass checks, which finds its drawing."""
    step = text_step(text, x, baseline, size, face, INK, markup=True)
    if not ICON.fullmatch(text):
        return step
    return Raw([{"text": {key: value for key, value in step[1].items() if value is not None}}])  # (h: as tall as
    # its text, when not given)


def pages_of(text: str, size: tuple[float, float], subtitle: str, pictures: list[Picture],
             fallback_title: str, body: float = BODY, icons: dict | None = None) -> list[list]:
    """The steps of each page of a rules sheet `size` mm large, its text set at `body` points; `icons` the
    icons it may show (name -> width over height)."""
    title, blocks = parse(text, frozenset(icons or ()))
    sheet = Sheet(size, title or fallback_title, subtitle, body, icons)
    for block in blocks:
        if block.kind == "picture":
            sheet.picture(block.text, pictures)
        else:
            sheet.block(block)
    return sheet.finish()


def fewest_pages(text: str, size: tuple[float, float], subtitle: str, pictures: list[Picture],
                 fallback_title: str, icons: dict | None = None) -> list[list]:
    """The rules set at the largest of BODIES that takes as few pages as any of them: a text that runs a little
    over one page (on Letter, shorter than A4) is set a little smaller to keep to one sheet."""
    best = None
    for body in BODIES:
        pages = pages_of(text, size, subtitle, pictures, fallback_title, body, icons)
        if best is None or len(pages) < len(best):
            best = pages
        if len(best) == 1:
            break
    return best


def rules_pages(game, component, settings, pictures: list[Picture]) -> list:
    """The players' rules: the game's how-to-play text (read with the game, pnp/read/kinds.py) on one or two
    pages of the kit's paper, with `pictures` of everything else the kit holds."""
    text = component.options["content"]
    area = printable(settings).inset(bottom=FOOTER_BAND)
    subtitle = " · ".join(item for item in (game.players_text, game.credits) if item)
    icons = icons_of(game)
    pages = fewest_pages(text, (area.w, area.h), subtitle, pictures, game.name,
                         {name: aspect for name, (aspect, _) in icons.items()})
    shown = sorted({found[1] for found in ICON.finditer(text) if found[1] in icons})  # a changed icon: drawn again
    drawn = "|".join(f"{name}:{icons[name][1]}" for name in shown)
    if len(pages) > MAX_PAGES:
        raise NoRoom(f"the rules in {component.options['text']} run to {len(pages)} pages of "
                     f"{settings.paper.name} paper; a rules sheet holds {MAX_PAGES}: shorten them")
    return [Page(size=settings.size, side="rules", content=area, marks=False, reverse=index > 0,
                 placed=[(Slot(area, 0, area),
                          Made((f"rules|{component.id}|{index}|{area}|{drawn}|{text}",), tuple(steps), (area.w, area.h), 0.0,
                               component.where))])
            for index, steps in enumerate(pages)]


def rules_advice(component, settings) -> str:
    if settings.fold:
        return "Print one-sided on plain paper, and keep the rules with the game."
    return "Print double-sided on plain paper: one sheet of rules to keep with the game."
