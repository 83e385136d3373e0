"""Building a game's kit, stage by stage (docs/architecture.md): its data read (pnp/read), every component laid out
on pages that ask for faces (pnp/layout), the faces made and drawn (pnp/render), and the files written
(pnp/write): one PDF per component and one kit PDF with a contents page, in each variant asked for, and the
duplex test. Each file is written into a fresh folder beside the game's as it is made; once all are complete,
that folder replaces the game's as a whole. This module only runs the stages in turn.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from pnp.build.said import Said
from pnp.errors import DataError, told
from pnp.layout import changes
from pnp.layout import print_order as layout
from pnp.layout.duplex_test import duplex_test_pages
from pnp.layout.imposition import Settings
from pnp.model.game import Game
from pnp.read.games import components_where, load_game, rules_file
from pnp.render import colourblind
from pnp.render.faces import FaceMaker
from pnp.render.keys import digest
from pnp.render.stated import stated
from pnp.typeset.text import keep_tables_in
from pnp.wording import plural
from pnp.write import cache
from pnp.write.fileset import FolderSet, cannot_write
from pnp.write.jsontext import Pairs, write_indented
from pnp.write.pdf import Document


def read_kit(name: str, rules=()) -> Game:
    """A game read for printing (by slug or folder), with the rule facts `rules` changes (`--rule KEY=VALUE`
    texts): refused, before anything is written, when an installed game's checker cannot play it; every text of
    its data that names a fact stated (pnp/render/stated.py)."""
    game = load_game(name, rules)
    if rules_file(game.folder) is not None:  # (the checker, and what it imports, loaded only for a game that has one)
        from pnp.check.loader import playable

        playable(game)
    return stated(game)


def maker_for(game: Game, store: cache.Store | None = None, warn=None) -> FaceMaker:
    """The render stage for a game's faces, its cache the user's unless `store` is given; the fonts' tables are
    kept in the same cache."""
    store = store or cache.shared()
    keep_tables_in(store)
    return FaceMaker(stated(game), store, warn)


def lay_out(game: Game, settings: Settings, maker: FaceMaker | None = None, progress=None) -> list[layout.Part]:
    """Every component laid out on pages and its faces made. A DataError says what keeps any of them from being
    made, every face's problems at once."""
    game = stated(game)
    return _made(game, settings, layout.parts(game, settings), maker or maker_for(game), progress)


def _made(game: Game, settings: Settings, parts: list, maker: FaceMaker, progress=None) -> list[layout.Part]:
    """Laid-out parts with their faces made (the render pass), or a DataError with every face's problems."""
    _checked(game, settings, parts, maker, progress)
    return [replace(part, pages=maker.pages(part.pages)) for part in parts]


def _checked(game: Game, settings: Settings, parts: list, maker: FaceMaker, progress=None) -> None:
    """Every face laid-out parts ask for made (the render pass), none held here: each is made once and asked for
    again as it is written (a big deck's faces are let go meanwhile, pnp/render/faces.py). A DataError says
    every face's problems."""
    for part in parts:
        maker.make(part.pages)
        if progress:
            progress(Said(f"{game.slug}: {part.component.id} laid out on {plural(len(part.pages), 'page')} "
                          f"({layout.variant(settings)})", "part"))
    errors, _ = maker.report()
    if errors:
        raise DataError(errors)


def write_pdf(game: Game, parts: list, settings: Settings, with_contents: bool, maker: FaceMaker | None = None,
              out=None, lead: list | None = None, keys: list | None = None) -> bytes | None:
    """The PDF of `parts` (the kit, with its contents page, or one part; or `lead` pages, then the parts):
    written to the binary file `out`, else returned. `maker` draws the faces: the one that made them, so that
    each is drawn once a build. Each page's key (what it shows, pdf.Document.page_keys) is added to `keys` when
    given."""
    maker = maker or maker_for(game)
    title = f"{game.name} — what changed" if lead else layout.title(game, parts, with_contents)
    document = Document(title, subject=layout.variant(settings), maker=maker, keyed=keys is not None)
    for page in layout.each_page(game, parts, settings, with_contents, lead):
        document.page(_inked(maker, settings, maker.page(page)))  # (one page of faces at a time)
    if keys is not None:
        keys.extend(document.page_keys)
    if out is None:
        return document.bytes()
    document.write(out)
    return None


def _inked(maker: FaceMaker, settings: Settings, page):
    """A page of faces as the settings print it: with low ink (pnp/render/ink.py) when asked for."""
    return maker.low_ink_page(page) if settings.ink == "low" else page


def duplex_test(settings: Settings, maker: FaceMaker) -> bytes:
    """The duplex test's PDF (pnp/layout/duplex_test.py). The same for every game printed alike: kept in the
    cache."""
    key = digest("duplex test", settings)
    made = maker.store.fetch("duplex-test", key)
    if made is None:
        document = Document("Duplex alignment test", subject=settings.paper.name, maker=maker)
        for page in duplex_test_pages(settings):
            document.page(_inked(maker, settings, maker.page(page)))
        made = document.bytes()
        maker.store.keep("duplex-test", key, made)
    return made


def build(game: Game, variants: list[Settings], out_dir: Path, progress=None, preview: bool = False,
          strict: bool = False, verbose: bool = False, changed_since: dict | None = None,
          coverage: bool = False) -> list[Path]:
    """Build every PDF of a game's kit, in each variant, into out_dir, which then holds those files and no
    others, with the build's manifest (`<game>-manifest.json`, pnp/layout/changes.py); returns them. Given
    an older manifest, `changed_since`, also a PDF of each variant holding only the pieces that changed since,
    a checklist first (`<game>-changed-<variant>.pdf`).
    With `preview`, also a PNG of every kit page and `preview/index.html` showing them. Every variant is laid
    out before anything is written: a DataError then says every problem found. Warnings (text hard to read,
    pictures that will print soft, a kit without its rules) are reported through `progress`, many alike in one
    line unless `verbose` (pnp.errors.told), or are errors too when `strict`.
    With `coverage`, and for every low-ink kit, the ink coverage of each kit page is reported
    (pnp/write/coverage.py), and a low-ink kit's share of the same kit's coverage printed normally, when the
    build makes both."""
    game = stated(game)
    say = progress or (lambda message: None)
    soft: list = []  # pictures that will print soft, found as faces are drawn: (where, message, Alike)
    maker = maker_for(game, warn=lambda *warning: soft.append(warning))  # each face made once a build
    try:
        files = FolderSet(out_dir)
    except OSError as error:
        raise cannot_write(error, out_dir) from None
    sections, kits, covered = [], [], {}
    try:
        for settings, parts in _laid_out(game, variants, maker, progress, say, strict, verbose):
            kits += [] if settings.shop else [(settings, parts)]
            suffix = layout.variant(settings)
            for part in parts:
                with files.open(f"{part.component.id}-{suffix}.pdf") as out:
                    write_pdf(game, [part], settings, with_contents=False, maker=maker, out=out)
            if settings.shop:
                continue
            keys: list | None = [] if preview else None  # what each page shows, for its picture
            with files.open(f"{game.slug}-kit-{suffix}.pdf") as out:
                write_pdf(game, parts, settings, with_contents=True, maker=maker, out=out, keys=keys)
            sheets = layout.sheets(game, parts, settings, with_contents=True)
            form = f"{'fold' if settings.fold else 'duplex'}{' low-ink' if settings.ink == 'low' else ''}"
            say(Said(f"{game.slug}: {settings.paper.title} {form} kit on {plural(sheets, 'sheet')}", "kit",
                     sheets=sheets, paper=settings.paper.title, form=form))
            if coverage or any(each.ink == "low" for each in variants):
                from pnp.write.coverage import coverage as measured

                covered[suffix] = measured(files.read(f"{game.slug}-kit-{suffix}.pdf"))
            if preview:
                sections.append(_preview(files, game, settings, parts, keys, maker.store, faces=not sections))
        with files.open(f"{game.slug}-manifest.json") as out:  # (its faces' entries made as they are written)
            write_indented(changes.manifest(game, kits, maker.printed_key, Pairs), out)
        if changed_since is not None:
            built = json.loads(files.read(f"{game.slug}-manifest.json"))
            _reprints(files, game, kits, built, changed_since, maker, say)
        if preview:
            from pnp.write.preview import game_page

            files.write("preview/index.html", game_page(f"{game.name}: print-and-play kit", sections))
        duplex = next((settings for settings in variants if not settings.fold and not settings.shop), None)
        if duplex:
            files.write(f"duplex-test-{duplex.paper.name}.pdf", duplex_test(duplex, maker))
        if soft and strict:
            raise DataError([(where, message) for where, message, _ in soft])
        files.commit()
    except OSError as error:
        raise cannot_write(error, out_dir) from None
    finally:
        files.discard()
        maker.store.commit()
        layout.PACKED.clear()  # (this build's kits, found again by their parts only in this build: let go with it)
    for line in told(soft, verbose):
        say(Said(line, "warning"))
    for line in _coverage_lines(game, covered):
        say(line)
    say(Said(f"{game.slug}: wrote {len(files.paths)} files to {out_dir}", "done", folder=out_dir,
             count=len(files.paths)))
    return files.paths


def _coverage_lines(game: Game, covered: dict) -> list[str]:
    """The coverage report of a build's kits (suffix -> each page's share), each low-ink kit's share of the
    normal kit's coverage after it when the build made both; none when none was measured."""
    if not covered:  # (the report's module not even loaded)
        return []
    from pnp.write.coverage import kit_coverage, table

    lines = table([(f"{game.slug}-kit-{suffix}", shares) for suffix, shares in covered.items()])
    for suffix, shares in covered.items():
        normal = covered.get(suffix.removesuffix("-low-ink")) if suffix.endswith("-low-ink") else None
        if normal and kit_coverage(normal) > 0:
            lines.append(f"{game.slug}-kit-{suffix}: {kit_coverage(shares) / kit_coverage(normal) * 100:.0f} % of "
                         f"the normal kit's ink")
    return lines


def _reprints(files: FolderSet, game: Game, kits: list, built: dict, old: dict, maker: FaceMaker, say) -> None:
    """For each variant the old manifest has too, a PDF of the pieces that changed since, its checklist first."""
    for settings, parts in kits:
        suffix = layout.variant(settings)
        if suffix not in old.get("variants", {}):
            say(f"{game.slug}: the old manifest has no {suffix} kit: nothing to compare it with")
            continue
        found = changes.compare(game, old["variants"][suffix], built["variants"][suffix])
        laid = changes.reprinted(game, parts, found, settings)
        lead = changes.checklist_pages(game, changes.checklist_lines(game, found), settings)
        _checked(game, settings, laid, maker)
        with files.open(f"{game.slug}-changed-{suffix}.pdf") as out:
            write_pdf(game, laid, settings, with_contents=False, maker=maker, out=out, lead=lead)
        say(f"{game.slug}: {suffix}: {plural(len(found.changed), 'piece')} changed, {len(found.added)} added, "
            f"{len(found.removed)} removed, {len(found.more)} with copies added and {len(found.fewer)} with copies "
            "removed since the old manifest")


def _laid_out(game: Game, variants: list[Settings], maker: FaceMaker, progress, say, strict: bool,
              verbose: bool) -> list:
    """Each variant with its parts laid out, as (settings, parts asking for faces), every face made. What keeps a
    face from being read is said once for all the faces of the build: the warnings (with what the kit lacks)
    through `say`, before a DataError with the errors, if any (with the warnings too, when `strict`)."""
    planned, failure = [], None
    try:
        missing = layout.lacking(game, components_where(game))
        if missing:  # a kit without its rules cannot be played
            raise DataError(missing)
        planned = [(settings, layout.parts(game, settings)) for settings in variants]
        layout.check_pages(game, planned)  # before any face is made
        groups = colourblind.compared(game)  # what the colour-blind check compares once every face is made
        maker.keep_steps_of(colourblind.sampled(groups))  # (the steps of those fronts kept as they are made)
        for settings, parts in planned:
            _checked(game, settings, parts, maker, progress)
    except DataError as error:
        failure = error
    warnings = maker.report()[1]
    if failure is None:  # what is drawn tells its groups apart by more than colour
        warnings += colourblind.problems(game, maker.face_once, groups)
    if strict and warnings:
        raise DataError((failure.problems if failure else []) + warnings)
    for line in told(warnings, verbose):
        say(Said(line, "warning"))
    if failure:
        raise failure
    return planned


def _preview(files: FolderSet, game: Game, settings: Settings, parts: list, keys: list, store: cache.Store,
             faces: bool):
    """A PNG of every page of the kit just written, and the section of the preview page showing them; with
    `faces`, also a picture of one face of each part (`face-NN-<id>.png`), for the index of every game, and
    those faces in a row as printed and as colour-blind players see them (`seen-with-<deficiency>.png`). A page
    pictured before (its key in `keys` the same) is taken from `store`."""
    from pnp.write.preview import Section, crop, page_pictures, simulated_views  # pypdfium2, PIL: previews only

    suffix = layout.variant(settings)
    images = page_pictures(lambda: files.read(f"{game.slug}-kit-{suffix}.pdf"), keys, store)
    names = [f"{suffix}-page-{i:02d}.png" for i in range(1, len(images) + 1)]
    for name, image in zip(names, images):
        files.write(f"preview/{name}", image)
    simulated = []
    if faces:
        shown = []
        for index, (component, number, *where) in enumerate(layout.showcase(game, parts, settings), start=1):
            shown.append(crop(images[number - 1], *where, store))
            files.write(f"preview/face-{index:02d}-{component}.png", shown[-1])
        for name, caption, picture in simulated_views(shown, store) if shown else ():
            files.write(f"preview/{name}", picture)
            simulated.append((name, caption))
    pictures = list(zip(names, layout.captions(game, parts, settings)))
    groups, blanks = layout.page_groups(game, parts, settings)
    pdfs = [f"../{game.slug}-kit-{suffix}.pdf"] + [f"../{part.component.id}-{suffix}.pdf" for part in parts]
    if not settings.fold:
        pdfs.append(f"../duplex-test-{settings.paper.name}.pdf")
    return Section(f"{settings.paper.title} paper, {'fold-and-glue' if settings.fold else 'duplex'}",
                   layout.footer(game, "", "", 1, 1, settings)[1], pdfs,
                   [(heading, [pictures[n - 1] for n in numbers]) for heading, numbers in groups],
                   [pictures[n - 1] for n in blanks], simulated)
