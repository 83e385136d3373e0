"""A kit's part-filled pages packed together: the pieces of every page that its part's layout leaves less than
full (a few tokens, a die's net, the last cards of a deck), from every part printed on the same stock in the same
way, laid anew on shared pages. Full pages stay as they are; a part's own PDF keeps all its pages.

The packer fills a page in shelves, top to bottom: a shelf is as tall as the first block set on it, and the
blocks after it stand beside it while they fit. A block is a grid of one part's pieces of one size, with room
round it for its bleed and crop marks (or, for nets that carry their own cut lines, half the gap between nets),
so that every cut of a block is its own: cut the shelves apart, then each block as usual.

Pieces with backs stay with them: on a duplex page each back is printed behind its front (the page after it),
on a fold-and-glue page it is mirrored about the fold, as the part's own layout does.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace

from pnp.layout.cards import fold_stock
from pnp.layout.imposition import (FOOTER_BAND, MARK_ROOM, Box, Grid, NoRoom, Page, Slot, behind, clip_for,
                                   mirror, printable)
from pnp.memo import Memo
from pnp.model.paper import stock_weight


@dataclass
class Piece:
    owner: object  # the part it belongs to
    front: object
    back: object  # None: one-sided
    size: tuple[float, float]  # trimmed, upright (as its face is drawn)


@dataclass
class Run:
    """Pieces of one size, spaced alike (from one part, or several whose pieces may share their cuts)."""

    pieces: list
    bleed: float
    gutter: float
    marks: bool
    cut_lines: bool
    header: object = None  # a face that must stand on every page holding these pieces
    upright: bool = False  # never turned

    @property
    def rooms(self) -> tuple:
        """What a block keeps round its pieces' trimmed edges: their bleed and crop marks (or, if need be, only
        the marks), or half a net's gap."""
        return (self.bleed + MARK_ROOM, MARK_ROOM) if self.marks else (self.gutter / 2,)


@dataclass
class Sheet:
    """A packed page being filled: its blocks, and the free rectangles left between them."""

    free: list  # Boxes no block overlaps: the room left, cut up as a guillotine would cut the page
    blocks: list = field(default_factory=list)  # (run, grid, frame, pieces)
    headers: set = field(default_factory=set)

    @property
    def owners(self) -> list:
        owners: list = []
        for *_, pieces in self.blocks:
            for piece in pieces:
                if not any(owner is piece.owner for owner in owners):
                    owners.append(piece.owner)
        return owners


def pieces_of(owner, pages: list) -> tuple[list, object]:
    """The pieces on a part's pages, with their backs (a duplex page's backs are on the page after it; a
    fold-and-glue page's in its second half); and the header its pages share, if any."""
    found, header = [], None
    for index, page in enumerate(pages):
        if page.reverse:
            continue
        placed = list(page.placed)
        backs = [None] * len(placed)
        if page.fold:
            half = len(placed) // 2
            placed, backs = placed[:half], [face for _, face in placed[half:]]
        elif index + 1 < len(pages) and pages[index + 1].side == "backs":
            backs = [face for _, face in pages[index + 1].placed]
        if page.spacing.header:
            header, placed, backs = placed[0][1], placed[1:], backs[1:]
        for (slot, face), back in zip(placed, backs):
            w, h = round(slot.trim.w, 3), round(slot.trim.h, 3)
            found.append(Piece(owner, face, back, (h, w) if slot.rotation % 180 else (w, h)))
    return found, header


def runs_of(owner, pages: list, settings) -> list[Run]:
    """A part's pieces on `pages` as runs, one for each size in turn."""
    pieces, header = pieces_of(owner, pages)
    spacing, first = pages[0].spacing, pages[0]
    runs: list = []
    for piece in pieces:
        if not runs or runs[-1].pieces[0].size != piece.size:
            runs.append(Run([], spacing.bleed, spacing.gutter, first.marks, settings.cut_lines, header,
                            spacing.upright))
        runs[-1].pieces.append(piece)
    return runs


def region_of(settings, fold) -> Box:
    """Where packed fronts go: the printable area above the footer, or the part of a fold-and-glue page's
    fronts' half whose mirror about the fold is inside that area too."""
    area = printable(settings).inset(bottom=FOOTER_BAND)
    if fold is None:
        return area
    axis, at = fold
    if axis == "x":
        return Box(max(area.x0, 2 * at - area.x1), area.y0, at, area.y1)
    return Box(area.x0, at, area.x1, min(area.y1, 2 * at - area.y0))


def _block(run: Run, count: int, room: Box):
    """The block of the most of `run`'s first `count` pieces that fits in `room`, as a full rectangle of them:
    (cols, rows, turned, width, height, the room kept round it), or None. Of blocks as large, one that keeps
    the pieces' whole bleed at its edges before one that gives some of it up (as a page of cards sharing their
    cuts does), then the one that leaves the most room."""
    best = None
    g = run.gutter
    for m in run.rooms:
        for turned in (False,) if run.upright else (False, True):
            w, h = run.pieces[0].size[::-1] if turned else run.pieces[0].size
            most_cols = math.floor((room.w - 2 * m + g + 1e-9) / (w + g))
            most_rows = math.floor((room.h - 2 * m + g + 1e-9) / (h + g))
            if most_cols < 1 or most_rows < 1:
                continue
            for cols in range(1, min(most_cols, count) + 1):
                rows = min(most_rows, count // cols)
                width, height = cols * w + (cols - 1) * g + 2 * m, rows * h + (rows - 1) * g + 2 * m
                option = (cols * rows, m == run.rooms[0], -width * height, cols, rows, turned, width, height, m)
                if rows and (best is None or option[:3] > best[:3]):
                    best = option
    return best and best[3:]


def _split(room: Box, width: float, height: float) -> list[Box]:
    """What is left of `room` once a block of width × height fills its top-left corner: two rectangles, cut
    across or down, whichever leaves the larger one larger."""
    x, y = room.x0 + width, room.y1 - height
    across = [Box(x, y, room.x1, room.y1), Box(room.x0, room.y0, room.x1, y)]
    down = [Box(x, room.y0, room.x1, room.y1), Box(room.x0, room.y0, x, y)]
    best = max((across, down), key=lambda pair: max(box.w * box.h for box in pair))
    return [box for box in best if box.w > 1e-6 and box.h > 1e-6]


class Packer:
    """Blocks set on as many pages as they need: each in the free rectangle that holds the most of its pieces
    (of those, the smallest), on the first page with room for any; with `even`, the pages a run opens each
    take an even share of what is left of it, so that its last page is not left nearly empty."""

    def __init__(self, region: Box, even: bool = False):
        self.region = region
        self.even = even  # a run that needs several new pages shares its pieces out evenly among them
        self.sheets: list[Sheet] = []

    def add(self, run: Run) -> None:
        pieces = list(run.pieces)
        opened: dict = {}  # the pages this run opened: id -> how many of its pieces each holds
        share = None  # when the packer shares a run out evenly: the most of it each page it opens takes
        while pieces:
            for sheet in self.sheets + [Sheet([self.region])]:
                offered = pieces
                if self.even and (id(sheet) in opened or sheet not in self.sheets):
                    if share is None:
                        most = self._place(run, pieces, Sheet([self.region]))
                        share = math.ceil(len(pieces) / math.ceil(len(pieces) / most)) if most else len(pieces)
                    offered = pieces[:share - opened.get(id(sheet), 0)]
                    if not offered:
                        continue
                placed = self._place(run, offered, sheet)
                if placed:
                    if sheet not in self.sheets:
                        self.sheets.append(sheet)
                        opened[id(sheet)] = 0
                    if id(sheet) in opened:
                        opened[id(sheet)] += placed
                    pieces = pieces[placed:]
                    break
            else:
                w, h = pieces[0].size
                raise NoRoom(f"a {w:.0f} × {h:.0f} mm piece does not fit the page")

    def _place(self, run: Run, pieces: list, sheet: Sheet) -> int:
        """Set a block of the first of `pieces` on `sheet` (after the run's header, if the sheet lacks it); how
        many it holds: none if there is no room."""
        free = list(sheet.free)
        blocks = []
        if run.header is not None and id(run.header) not in sheet.headers:
            header = Run([Piece(pieces[0].owner, run.header, None, run.header.size)], 0.0, run.gutter, False, False)
            if not self._fit(header, header.pieces, free, blocks):
                return 0
        count = self._fit(run, pieces, free, blocks)
        if count:
            sheet.free, sheet.blocks = free, sheet.blocks + blocks
            if run.header is not None:
                sheet.headers.add(id(run.header))
        return count

    @staticmethod
    def _fit(run: Run, pieces: list, free: list, blocks: list) -> int:
        """A block of `pieces` in the best of the `free` rectangles, which it then cuts up."""
        sized = Run(**{**run.__dict__, "pieces": pieces})
        options = [(shape, room) for room in free for shape in [_block(sized, len(pieces), room)] if shape]
        if not options:
            return 0
        (cols, rows, turned, width, height, margin), room = max(
            options, key=lambda option: (option[0][0] * option[0][1], -option[1].w * option[1].h))
        free.remove(room)
        free += _split(room, width, height)
        w, h = pieces[0].size[::-1] if turned else pieces[0].size
        frame = Box(room.x0, room.y1 - height, room.x0 + width, room.y1)
        grid = Grid(cols, rows, (w, h), turned, run.gutter, (frame.x0 + margin, frame.y0 + margin))
        blocks.append((run, grid, frame, pieces[:cols * rows]))
        return cols * rows


def packed_pages(runs: list[Run], settings, fold=None) -> tuple[list[tuple[list, list[Page]]], float]:
    """The runs packed onto pages: for each sheet of paper, the parts it holds and its pages (a duplex page
    of fronts is followed by the page of their backs); and the area (mm²) the pieces of the emptiest cover."""
    runs = _merged(runs)
    packer = _best(runs, region_of(settings, fold))
    content = printable(settings).inset(bottom=FOOTER_BAND)
    has_backs = any(piece.back is not None for run in runs for piece in run.pieces)
    out = []
    for sheet in packer.sheets:
        blocks, backs = [], []
        for run, grid, frame, pieces in sheet.blocks:
            slots = [Slot(cell, 90 if grid.turned else 0, clip_for(cell, grid, run.bleed, frame))
                     for cell in grid.cells()]
            placed = [(slot, piece.front) for slot, piece in zip(slots, pieces)]
            blocks.append(Page(size=settings.size, side="block", placed=placed, content=frame, marks=run.marks,
                               cut_lines=run.cut_lines))
            if fold:  # a one-sided piece has the glued half behind it blank
                twins = [(mirror(slot, *fold), piece.back) for slot, piece in zip(slots, pieces) if piece.back is not None]
                if twins:
                    blocks.append(Page(size=settings.size, side="block", placed=twins,
                                       content=mirror(Slot(frame, 0, frame), *fold).trim, marks=run.marks,
                                       cut_lines=run.cut_lines))
            else:
                backs += [(behind(slot, settings), piece.back) for slot, piece in zip(slots, pieces)
                          if piece.back is not None]
        side = "fold-and-glue" if fold else "fronts" if has_backs else "sheets"
        front = Page(size=settings.size, side=side, placed=[item for block in blocks for item in block.placed],
                     content=content, marks=False, fold=fold, blocks=tuple(blocks))
        pages = [front]
        if has_backs and not fold:
            pages.append(Page(size=settings.size, side="backs", placed=backs, content=content, marks=False,
                              reverse=True))
        out.append((sheet.owners, pages))
    return out, _least(packer)


ORDERS = (  # the orders the packer tries the runs in, largest first and then smallest first (`_best`)
    lambda run: len(run.pieces) * (run.pieces[0].size[0] + run.gutter) * (run.pieces[0].size[1] + run.gutter),
    lambda run: run.pieces[0].size[0] * run.pieces[0].size[1],
    lambda run: max(run.pieces[0].size),
    lambda run: min(run.pieces[0].size),
)


CHOSEN = Memo(1_000)  # the shape of runs packed before (`_shape`) -> the way of packing them found best: (whether
# cut in two, whether shared out evenly, which of their orders); a kit's packings try some fifty shapes, and pnp watch
# packs the same ones on every save


def _best(runs: list[Run], region: Box) -> Packer:
    """The runs packed in `region` each way the packer tries (every order of ORDERS, filling pages in turn or
    sharing each run out evenly, the runs whole or cut in two): the packing that takes the fewest pages, of those
    one of whole runs, and of those the one whose emptiest page holds the most. The way found best is kept by the
    runs' shape, on which alone it depends: runs packed again alike (a kit built again after a change to a card's
    text, a build packing a kit's pages for its manifest and again for its PDF) are packed that way only."""
    shape = _shape(runs, region)
    if shape in CHOSEN:
        halved, even, number = CHOSEN[shape]
        return _packed(_orders(_halved(runs) if halved else runs)[number], region, even)
    ways = [runs] + ([_halved(runs)] if any(len(run.pieces) > 1 for run in runs) else [])
    _, chosen, packer = min((((len(packer.sheets), halved, -_least(packer)), (halved, even, number), packer)
                             for halved, each in enumerate(ways) for even in (False, True)
                             for number, ordered in enumerate(_orders(each))
                             for packer in [_packed(ordered, region, even)]), key=lambda option: option[:2])
    CHOSEN.keep(shape, chosen)
    return packer


def _shape(runs: list[Run], region: Box) -> tuple:
    """All that packing `runs` in `region` depends on: each run but for its pieces' faces and owners (its
    pieces' size and number; its header's size, and which runs share that header)."""
    headers: dict = {}
    return region, tuple((run.pieces[0].size, len(run.pieces), run.bleed, run.gutter, run.marks, run.cut_lines,
                          run.upright, None if run.header is None else
                          (headers.setdefault(id(run.header), len(headers)), run.header.size))
                         for run in runs)


def _orders(runs: list[Run]) -> list[list[Run]]:
    """The runs in each order of ORDERS, largest first and then smallest first, each order once."""
    orders: dict = {}
    for largest in (True, False):
        for order in ORDERS:
            ordered = sorted(runs, key=order, reverse=largest)
            orders.setdefault(tuple(map(id, ordered)), ordered)
    return list(orders.values())


def _halved(runs: list[Run]) -> list[Run]:
    """Each run of two pieces or more cut in two (its first half, the larger, and the rest), each half its own
    block: two blocks fit the rooms beside and below others where the whole run's one block would not (Pete the
    Pirate's chests, sailors and die on two sheets of Letter rather than three). The packer keeps this only when
    it saves a sheet."""
    halves = []
    for run in runs:
        middle = math.ceil(len(run.pieces) / 2)
        halves += [replace(run, pieces=run.pieces[:middle])] + ([replace(run, pieces=run.pieces[middle:])]
                                                                if middle < len(run.pieces) else [])
    return halves


def _merged(runs: list[Run]) -> list[Run]:
    """Runs of pieces alike in size and spacing made one, whatever part they come from: cards of two decks
    share a grid and its cuts."""
    merged: dict = {}
    for run in runs:
        key = (run.pieces[0].size, run.bleed, run.gutter, run.marks, run.cut_lines, id(run.header), run.upright)
        if key in merged:
            merged[key].pieces = merged[key].pieces + run.pieces
        else:
            merged[key] = Run(**{**run.__dict__, "pieces": list(run.pieces)})
    return list(merged.values())


def _least(packer: Packer) -> float:
    """The area (mm²) the pieces of a packer's emptiest page cover, trimmed."""
    return min(sum(piece.size[0] * piece.size[1] for *_, pieces in sheet.blocks for piece in pieces)
               for sheet in packer.sheets)


def _packed(runs: list, region: Box, even: bool) -> Packer:
    packer = Packer(region, even)
    for run in runs:
        packer.add(run)
    return packer


LEAST_USED = 0.30  # of a sheet's printable area its pieces cover, at least, where other pieces can share it


@dataclass
class Pool:
    """The part-filled pages of the parts printed on one stock in one way, to pack onto shared sheets: each part
    with its loose pages (and its pages' runs); the stock they print on; its first page (the page's size, its
    fold)."""

    stock: str
    page: Page
    loose: list = field(default_factory=list)  # (part, its loose pages, their runs)
    moved: bool = False  # holds pieces of another stock, moved here so that no sheet is left mostly empty

    @property
    def runs(self) -> list:
        return [run for _, _, runs in self.loose for run in runs]

    def weight(self, piece_has_back: bool) -> float:
        """What this pool's sheets weigh for a piece: a fold-and-glue sheet's two glued halves weigh twice its
        paper for a one-sided piece."""
        return stock_weight(self.stock) * (2 if self.page.fold and not piece_has_back else 1)


def kit_pages(parts: list, settings) -> list[tuple[tuple, object, range]]:
    """A kit's pages in print order, as runs of them, each (the parts its pages hold, the pages, the indexes of
    those printed, in turn): every part's full pages, then, after the last part that has pieces on them, the
    pages its part-filled pages were packed onto with others' (when that saves paper, or leaves no sheet as
    empty; else its part-filled pages as they were). A part's first page that leads its other pages (a board's
    assembly map before its sheets) keeps its place: the pages it was packed onto print there. A part whose pieces
    would leave a sheet mostly empty is packed with another stock's, on the heavier of the two (`economise`); the
    packed pages name the stock they print on. A part's pages are runs of its own pages, not each page (a big
    deck's are made as they are asked for, imposition.GridPages), and are known by their place among them."""
    pools: dict = {}
    loose_at: dict = {}  # id of a part -> the indexes of its part-filled pages
    for part in parts:
        at, loose = [], []
        for start, unit in _sheets(part.pages):
            if unit[0].spacing is not None and not unit[0].spacing.full:
                at += range(start, start + len(unit))
                loose += unit
        runs = runs_of(part, loose, settings) if loose else []
        if loose and _packable(runs, replace(settings, size=loose[0].size), loose[0].fold):
            key = _stock(part, loose[0], settings)
            pool = pools.setdefault(key, Pool(key[0], loose[0]))
            pool.loose.append((part, loose, runs))
            loose_at[id(part)] = at
    pools = economise(list(pools.values()), settings)
    gone: dict = {}  # id of a part -> the indexes of its part-filled pages whose pieces were packed onto shared pages
    before: dict = {}
    after: dict = {}
    for pool in pools:
        packed, covered = _pack(pool, settings)
        own = [sum(piece.size[0] * piece.size[1] for piece in pieces_of(part, unit)[0])
               for part, pages, _ in pool.loose for _, unit in _sheets(pages)]
        if not pool.moved and (len(packed), -covered) >= (len(own), -min(own)):
            continue  # packing saves no sheet, and leaves one as empty: each part keeps its own pages
        gone.update((id(part), set(loose_at[id(part)])) for part, _, _ in pool.loose)
        leading = [part for part, pages, _ in pool.loose if loose_at[id(part)][0] == 0 and len(pages) < len(part.pages)]
        where, owner = (before, leading[0]) if leading else (after, pool.loose[-1][0])
        where[id(owner)] = where.get(id(owner), []) + [
            (tuple(part for part in parts if any(part is owner for owner in owners)),
             [replace(page, stock=pool.stock) for page in pages], range(len(pages)))
            for owners, pages in packed]  # in the kit's order
    page_runs = []
    for part in parts:
        page_runs += before.get(id(part), [])
        page_runs += [((part,), part.pages, indexes) for indexes in _kept(len(part.pages), gone.get(id(part), ()))]
        page_runs += after.get(id(part), [])
    return page_runs


def entries_of(page_runs: list):
    """Runs of pages (as `kit_pages` gives them) as the pages they hold, in turn: (the parts a page holds, page).
    (Each run's pages read in turn, as a grid's are made: imposition.GridPages.)"""
    for owners, pages, indexes in page_runs:
        for page in itertools.islice(pages, indexes.start, indexes.stop):
            yield owners, page


def _kept(count: int, gone) -> list[range]:
    """The indexes up to `count` but those `gone`, as runs of them."""
    kept: list = []
    for index in range(count):
        if index in gone:
            continue
        if kept and kept[-1].stop == index:
            kept[-1] = range(kept[-1].start, index + 1)
        else:
            kept.append(range(index, index + 1))
    return kept


def _pack(pool: Pool, settings) -> tuple:
    return packed_pages(pool.runs, replace(settings, size=pool.page.size), pool.page.fold)


def used(packed: list, settings) -> float:
    """How much of its printable area the emptiest of `packed` sheets (as `packed_pages` gives them) covers with
    trimmed pieces (`covered`)."""
    least = 1.0
    for _, pages in packed:
        area = printable(replace(settings, size=pages[0].size))
        least = min(least, covered(pages[0]) / (area.w * area.h))
    return least


def covered(page: Page) -> float:
    """The area (mm²) of the trimmed pieces on a page: on a fold-and-glue sheet, its fronts' twice, as each takes
    the half behind it too, whether its back is printed there or left blank (a one-sided piece glued on paper)."""
    if not page.fold:
        return sum(slot.trim.w * slot.trim.h for slot, _ in page.placed)
    axis, at = page.fold
    fronts = [slot.trim for slot, _ in page.placed if (slot.trim.x1 <= at + 1e-6 if axis == "x" else slot.trim.y0 >= at - 1e-6)]
    return 2 * sum(trim.w * trim.h for trim in fronts)


def economise(pools: list[Pool], settings) -> list[Pool]:
    """The pools, a part of one moved to another while that takes fewer sheets, or as many and leaves the emptiest
    of a pool under LEAST_USED fuller: a pool takes a part of a lighter stock, or gives one of its parts to a pool
    of a heavier stock (the heavier stock serves the lighter piece). A part moves onto sheets printed alike
    (one-sided or with backs; a one-sided part onto fold-and-glue sheets too, their glued halves behind it); a
    part folded and glued never moves."""
    packs = [_pack(pool, settings)[0] for pool in pools]
    for _ in range(sum(len(pool.loose) for pool in pools)):
        best = None
        for a, giver in enumerate(pools):
            for b, taker in enumerate(pools):
                if a == b:
                    continue
                now = _score([packs[a], packs[b]], settings)
                poor = -now[1] < LEAST_USED
                for index, entry in enumerate(giver.loose):
                    if not _may_move(entry, giver, taker):
                        continue
                    moved = _moved(giver, taker, index)
                    try:
                        after = [_pack(pool, settings)[0] if pool.loose else [] for pool in moved]
                    except NoRoom:  # a piece too large for the other pool's pages (half a fold-and-glue sheet)
                        continue
                    option = _score(after, settings)
                    gain = (now[0] - option[0], now[1] - option[1])  # sheets saved; the emptiest made fuller
                    if (gain[0] > 0 or (poor and gain[0] == 0 and gain[1] > 1e-9)) and (best is None or gain > best[0]):
                        best = (gain, a, b, moved, after)
        if best is None:
            break
        _, a, b, moved, after = best
        pools[a], pools[b] = moved
        packs[a], packs[b] = after
        kept = [index for index, pool in enumerate(pools) if pool.loose]
        pools, packs = [pools[index] for index in kept], [packs[index] for index in kept]
    return pools


def _score(packs: list, settings) -> tuple:
    """How many sheets packs take, and (negated) how much the emptiest of them covers: the smaller the better."""
    return sum(len(pack) for pack in packs), -min((used(pack, settings) for pack in packs if pack), default=1.0)


def _may_move(entry, giver: Pool, taker: Pool) -> bool:
    """Whether a part of `giver` may print on `taker`'s sheets: not folded and glued; one-sided onto a fold-and-glue
    sheet, or onto a sheet of the same size; on a stock as heavy as its own at least."""
    part, pages, _ = entry
    has_backs = any(page.side == "backs" for page in pages)
    if giver.page.fold or (taker.page.fold and has_backs) or (not taker.page.fold and taker.page.size != giver.page.size):
        return False
    return taker.weight(has_backs) >= stock_weight(giver.stock)


def _moved(giver: Pool, taker: Pool, index: int) -> tuple[Pool, Pool]:
    """The two pools once `giver`'s part `index` has moved to `taker` (which then prints on the heavier stock)."""
    entry = giver.loose[index]
    rest = Pool(giver.stock, giver.page, giver.loose[:index] + giver.loose[index + 1:], giver.moved)
    return rest, Pool(taker.stock, taker.page, taker.loose + [entry], True)


def _packable(runs: list[Run], settings, fold) -> bool:
    """Whether a part's pieces can be packed on shared pages: not a piece its own page holds only over the
    footer's band or without room round it for its crop marks (a page's own layout may give those up)."""
    try:
        _packed(runs, region_of(settings, fold), False)
    except NoRoom:
        return False
    return True


def _sheets(pages):
    """A part's pages by the sheet each prints on, each with the index of its first: (index, [the page, the pages
    printed behind it])."""
    unit: list = []
    for index, page in enumerate(pages):
        if unit and not page.reverse:
            yield index - len(unit), unit
            unit = []
        unit.append(page)
    if unit:
        yield len(pages) - len(unit), unit


def _stock(part, page, settings) -> tuple:
    """What a part's pages are printed on, and how: only pages alike in both may share a sheet."""
    if page.fold:
        return paper(fold_stock(part.component)), "fold", page.size, page.fold
    form = "backs" if page.side == "fronts" else "one side"
    return paper(part.component.stock_for("fold" if settings.fold else "duplex")), form


def paper(stock: str) -> str:
    """The paper a stock names first: "paper of 120–160 g/m², or plain paper glued onto card" and "paper of
    120–160 g/m² (the glued halves make the token)" are both paper of 120–160 g/m², and parts printed on them
    may share a sheet of it; a remark that gives the weight is the paper's own ("card stock (250–300 g/m²)")."""
    first = stock.split(", or ")[0].strip()
    if first.endswith(")") and " (" in first and "g/m" not in first[first.rindex(" ("):]:
        first = first[:first.rindex(" (")]
    return first
