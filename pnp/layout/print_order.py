"""A kit as pages: every component laid out (kinds.py), then each PDF's pages in print order, each with its footer:
a kit's contents page first (contents.py), and a blank back wherever a part would start on the back of another."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pnp.errors import DataError, PnpError, Where
from pnp.layout.contents import contents_length, contents_pages, has_rules_sheet, samples
from pnp.layout.imposition import FOOTER_BAND, GridPages, NoRoom, Page, Settings, printable
from pnp.layout.kinds import LAYOUTS, rules_pages, tally
from pnp.layout.packing import entries_of, kit_pages
from pnp.model.geometry import Box
from pnp.read.version import kit_version
from pnp.typeset.text import glyph_names, missing_glyphs


@dataclass
class Part:
    """A component laid out for this build."""

    component: object
    pages: Sequence  # its Pages: a list, or a grid's (imposition.GridPages), each made as it is asked for
    advice: str


def variant(settings: Settings) -> str:
    """The suffix naming what was built: the paper, and duplex or fold-and-glue, or the print-shop cards; and
    `-low-ink` for a low-ink print."""
    ink = "-low-ink" if settings.ink == "low" else ""
    if settings.shop:
        return f"shop{ink}"
    return f"{settings.paper.name}-{'fold' if settings.fold else 'duplex'}{ink}"


def parts(game, settings: Settings) -> list[Part]:
    """Every component laid out on pages, its faces requested (not yet drawn). A component that does not fit the
    paper is its data's fault, or the --margin's when it fits inside the paper's usual margin; a component
    whose data cannot be laid out (a net that does not hold together) says so itself, as a DataError."""
    unprintable = _unprintable(game)
    if unprintable:
        raise DataError(unprintable)
    printed = {name: component for name, component in game.components.items()
               if not settings.shop or LAYOUTS[component.kind].shop}  # a print shop gets the cards and the
    # board; sheets and nets print at home
    laid: dict = {}  # component id -> its pages, or what its layout raised; the rules sheet's last, as it
    # pictures the others from their pages
    for name in sorted(printed, key=lambda name: LAYOUTS[printed[name].kind].pages is rules_pages):
        kind = LAYOUTS[printed[name].kind]
        try:
            laid[name] = kind.pages(game, printed[name], settings, laid) if kind.pages is rules_pages \
                else kind.pages(game, printed[name], settings)
        except (NoRoom, DataError) as error:
            laid[name] = error
    made = []
    for name, component in printed.items():  # the first in the data's order that cannot be laid out is blamed
        kind, pages = LAYOUTS[component.kind], laid[name]
        if isinstance(pages, NoRoom):
            raise _blame(game, kind, component, settings, pages) from None
        if isinstance(pages, DataError):
            raise pages
        made.append(Part(component, pages, kind.how_to_print(component, settings)))
    return made


def _unprintable(game) -> list:
    """The data's words that a font pnp sets them in cannot print (pnp/read/games.py `_printed`): a problem at
    each place they are given, before anything is drawn."""
    problems: dict = {}
    for text, fonts, where in game.printed:
        for name in fonts:
            missing = missing_glyphs(text, name)
            if missing and where not in problems:
                problems[where] = f"the {name} font has no glyph for {glyph_names(missing)}"
    return list(problems.items())


def _blame(game, kind, component, settings: Settings, error: NoRoom) -> PnpError:
    """A component that does not fit: the --margin's fault when it fits inside the usual margin, else its data's."""
    usual = settings.paper.margin
    if settings.margin > usual:
        try:
            kind.pages(game, component, replace(settings, margin=usual))
        except NoRoom:
            pass
        else:
            return PnpError(f"--margin {settings.margin:g}mm leaves no room on {settings.paper.name} paper for "
                            f"{component.id} ({component.title}); it fits with --margin {usual:g}mm")
    return DataError([(component.where, str(error))])


MAX_PAGES = 5_000  # pages a build draws, every variant's in all: some 10 minutes of printing, and the pages of
# the largest kit a build allows (see model/kinds.MAX_KIT_CARDS) at nine cards a page, fronts and backs, in two
# variants. Duplex alone, 10,000 poker cards lay out on 2,500 A4 pages (eight cards a page, fronts and backs) and
# build in 13.5 to 15.5 s of processor time with an empty cache (benchmarks/bench_build.py, deck job)


def check_pages(game, laid: list) -> None:
    """Every variant (settings, parts) laid out within MAX_PAGES, checked before any face is made."""
    counts: dict = {}
    for _, parts in laid:
        for part in parts:
            counts[part.component.id] = counts.get(part.component.id, 0) + len(part.pages)
    total = sum(counts.values())
    if total > MAX_PAGES:
        ranked = sorted(counts.items(), key=lambda item: -item[1])
        largest = ", ".join(f"{name} {count:,}" for name, count in ranked[:3])
        raise DataError([(game.components[ranked[0][0]].where,
                          f"the kit lays out on {total:,} pages in all ({largest}, ...): a build draws at most "
                          f"{MAX_PAGES:,}; print fewer cards, or fewer variants (--duplex or --fold)")])


def lacking(game, components: Where) -> list:
    """Problems, as (where, message), of what a kit lacks that players need: its rules, in a component of kind
    `rules` (printed first in the kit), unless game.yaml says where they are (`rules_elsewhere:`). A kit
    without rules cannot be played: this is an error, at `components`, where game.yaml lists the kit's parts."""
    if has_rules_sheet(game) or game.rules_elsewhere:
        return []
    return [(components,
             "the kit has no players' rules sheet: add a component of kind `rules` whose `text` is the rules in "
             "Markdown, or say where the players find them with `rules_elsewhere:` (docs/designing.md)")]


def title(game, parts: list[Part], with_contents: bool) -> str:
    """A PDF's title: the kit's, or one part's."""
    return f"{game.name} — print-and-play kit" if with_contents else f"{game.name} — {parts[0].component.title}"


def sequence(game, parts: list[Part], settings: Settings, with_contents: bool,
             lead: list | None = None) -> Entries:
    """The pages of a PDF in print order, as (the parts it holds, page); ((), None) is a blank page. `lead`:
    pages printed first in place of the contents (a reprint's checklist), as ((), page), the parts after them
    unpacked.

    A kit packs the pieces of its parts' part-filled pages onto shared pages (packing.py); a part's own PDF
    keeps its pages. A duplex kit is printed double-sided as one file, so each sheet of paper is an odd page
    and the page after it: a fronts page is followed by its backs, and a page meant for one side only by a
    blank back, so that no part ever starts on the back of another; only a text to read on plain paper (the
    rules) may start on the back of the contents."""
    if with_contents:
        kit = _kit(game, parts, settings)
        return kit if lead is None else Entries([((), page) for page in lead], kit.runs, kit.padded)
    runs = [((part,), part.pages, range(len(part.pages))) for part in parts]
    return Entries([((), page) for page in lead or ()], runs, _in_one_go(settings) if lead is not None else None)


def _in_one_go(settings: Settings) -> Settings | None:
    """The settings of a file printed double-sided in one go, padded with blank backs (Entries): duplex pages, not
    fold-and-glue sheets nor a print shop's; else None."""
    return settings if not settings.fold and not settings.shop else None


def _stocked(runs: list):
    """The entries of those pages of `runs` that may name the stock they print on (contents.shared_stock): not a
    grid's, which are a part's own, each made as it is asked for, but the pages packed from parts' pieces."""
    return entries_of([run for run in runs if not isinstance(run[1], GridPages)])


class Entries(Sequence):
    """A PDF's pages in print order, as `sequence` gives them: the `first` entries, then the pages of `runs` (as
    packing.kit_pages gives them), each made as it is read (a big deck's pages are made as they are asked for,
    imposition.GridPages: none is held here), with a blank back wherever `padded` (the settings of a kit printed
    double-sided in one go, else None) needs one. Their number is known once they are read through, or counted
    when asked for before (without making a page where none is padded)."""

    __slots__ = ("first", "runs", "padded", "count")

    def __init__(self, first: list, runs: list, padded: Settings | None = None):
        self.first, self.runs, self.padded, self.count = first, runs, padded, None

    def __iter__(self):
        yield from self.first
        count, last, padded = len(self.first), self.first[-1] if self.first else None, self.padded
        for owners, page in entries_of(self.runs):
            if padded and count % 2 and not page.reverse and not _reads_on(last, owners, page, padded):
                yield (), None  # the back of the sheet before
                count += 1
            yield owners, page
            count, last = count + 1, (owners, page)
        self.count = count

    def __len__(self) -> int:
        if self.count is None:
            self.count = sum(1 for _ in self) if self.padded else len(self.first) + sum(
                len(indexes) for _, _, indexes in self.runs)
        return self.count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self)[index]
        return next(itertools.islice(self, range(len(self))[index], None))


PACKED: list = []  # the last few kits laid out: (the game, their parts and pages, settings, the kit's Entries);
# emptied as a build ends (pnp/build/stages.py), as the next build's parts are others
PACKED_KEPT = 4  # a build asks for its kits' pages several times (the PDF, its sheets, the manifest, the captions,
# the preview's groups)


def _kit(game, parts: list[Part], settings: Settings) -> Entries:
    """A kit's pages in print order: its contents, then its parts' pages, the pieces of those part-filled packed
    onto shared pages (packing.py). Laid out once for the same game, parts, each with the same pages, and settings:
    the parts are known by identity, and kept here with the kit's entries (which hold no page, only runs of them,
    and their number once it is counted)."""
    held = [(part, part.pages) for part in parts]
    for kept_game, kept, kept_settings, entries in PACKED:
        if kept_game is game and kept_settings == settings and len(kept) == len(held) and all(
                part is other and pages is other_pages for (part, pages), (other, other_pages) in zip(held, kept)):
            return entries
    runs = kit_pages(parts, settings)
    contents = [((), "contents")] * contents_length(game, parts, settings, _stocked(runs))
    entries = Entries(contents, runs, _in_one_go(settings))
    PACKED[:] = [(game, held, settings, entries), *PACKED[:PACKED_KEPT - 1]]
    return entries


CONTENTS_STOCK = "plain paper"


def _reads_on(last: tuple, owners: tuple, page, settings: Settings) -> bool:
    """Whether a page may print on the back of the contents (the entry `last` before it): it is to be read, not
    cut (no crop marks, no pieces), on the contents' own paper."""
    form = "fold" if settings.fold else "duplex"
    return (last[1] == "contents" and not page.marks and page.spacing is None and len(owners) == 1
            and owners[0].component.stock_for(form) == CONTENTS_STOCK)


def sheets(game, parts: list[Part], settings: Settings, with_contents: bool) -> int:
    """The sheets of paper a PDF (the kit, with its contents, or one part) prints on: a fold-and-glue page is a
    sheet; a duplex kit is printed double-sided in one go, two pages a sheet; a part printed on its own takes a
    sheet for each page but those printed on the back of the page before."""
    entries = sequence(game, parts, settings, with_contents)
    if settings.fold:
        return len(entries)
    if with_contents:
        return (len(entries) + 1) // 2
    return sum(1 for _, page in entries if not page.reverse)


def document(game, parts: list[Part], settings: Settings, with_contents: bool,
             lead: list | None = None) -> list[Page]:
    """The pages of a PDF (the kit, with its contents page, or one part; or `lead` pages and then the parts) in
    print order, each with its footer."""
    return list(each_page(game, parts, settings, with_contents, lead))


def each_page(game, parts: list[Part], settings: Settings, with_contents: bool, lead: list | None = None):
    """`document`'s pages one at a time, each made with its footer as it is asked for (a writer that draws a page
    at a time holds one, not a deck's thousands)."""
    entries = sequence(game, parts, settings, with_contents, lead)
    contents = iter(contents_pages(game, parts, entries, settings, _stocked(entries.runs)) if with_contents else ())
    for number, (owners, page) in enumerate(entries, start=1):
        if page == "contents":
            page = next(contents)
        elif page is None:
            page = blank_page(settings)
        yield page.footed(footer(game, holds(owners), page.side, number, len(entries), settings))


def holds_part(owners: tuple, part: Part) -> bool:
    """Whether a page (of the parts `owners`) holds pieces of `part`."""
    return any(owner is part for owner in owners)


def holds(owners: tuple) -> str:
    """What a page holds, in its footer and caption: its part's title, or the titles of the parts packed on it."""
    return ", ".join(part.component.title for part in owners)


def footer(game, title: str, side: str, number: int, total: int, settings: Settings) -> tuple[str, str]:
    """A page's two footer lines: what the page is; the paper, how to print it and the kit's version (in the
    room ", no fit to page" took before: the contents page says so, and the lines keep their length)."""
    return (" · ".join(item for item in (game.name, title, side, f"page {number} of {total}") if item),
            f"{settings.paper.title} paper · print at 100 % · kit {kit_version(game)}")


def captions(game, parts: list[Part], settings: Settings) -> list[str]:
    """What each page of a kit is, to show under its picture: "Game cards · fronts · page 5 of 27"."""
    entries = sequence(game, parts, settings, with_contents=True)
    names = ["Contents" if page == "contents" else "Blank back" if page is None
             else f"{holds(owners)} · {page.side}" for owners, page in entries]
    return [f"{name} · page {number} of {len(entries)}" for number, name in enumerate(names, start=1)]


def page_groups(game, parts: list[Part], settings: Settings) -> tuple[list, list]:
    """A kit's pages as its preview shows them, each once: (heading, page numbers) for its contents and then for
    each part, in print order; and the numbers of the pages left blank on purpose (the backs of one-sided sheets)."""
    entries = sequence(game, parts, settings, with_contents=True)
    groups = [("Contents", [n for n, (_, page) in enumerate(entries, start=1) if page == "contents"])]
    for part in parts:  # a page shared by several parts shows under the first of them
        numbers = [n for n, (owners, _) in enumerate(entries, start=1) if owners and owners[0] is part]
        groups.append((f"{part.component.title} · {tally(part.component, part.pages)}", numbers))
    return groups, [n for n, (owners, page) in enumerate(entries, start=1) if not owners and page is None]


def showcase(game, parts: list[Part], settings: Settings) -> list[tuple[str, int, object, int, tuple]]:
    """For each part but the rules, the face that shows best what it is (the one the contents page pictures
    first), as (component id, the kit page it is on, its trimmed box and its turn there, that page's size):
    what a gallery of kits shows of a game."""
    entries = sequence(game, parts, settings, with_contents=True)
    shown = []
    for part in (part for part in parts if part.component.kind != "rules"):
        face = samples(part)[0]
        for number, (owners, page) in enumerate(entries, start=1):
            slot = next((slot for slot, placed in page.placed if placed == face),
                        None) if holds_part(owners, part) else None
            if slot is not None:
                w, h = page.size
                inside = 0 <= slot.trim.x0 and slot.trim.x1 <= w and 0 <= slot.trim.y0 and slot.trim.y1 <= h
                # a face larger than the page (a board, pictured on its assembly page) shows as that page
                shown.append((part.component.id, number, *((slot.trim, slot.rotation) if inside else
                                                         (Box(0, 0, w, h), 0)), page.size))
                break
    return shown


def blank_page(settings: Settings) -> Page:
    """A page left blank on purpose: only its footer says why."""
    return Page(size=settings.size, side="left blank: the next part starts on a new sheet",
                content=printable(settings).inset(bottom=FOOTER_BAND), marks=False)
