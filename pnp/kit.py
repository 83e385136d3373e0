"""Building a game's kit: every component laid out, one PDF per component and one kit PDF with a contents page.

Stages: read (games.load_game) -> lay out (kinds) -> draw (pdf) -> write (fileset). Each file is written into a
fresh folder beside the game's as it is made; once all are complete, that folder replaces the game's as a whole.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib.colors import Color, black

from pnp.write import cache
from pnp.render.draw import PT, font, wrap
from pnp.errors import DataError, PnpError, one_line, shown
from pnp.render.faces import FaceMaker
from pnp.write.fileset import FolderSet, replace_file
from pnp.layout.imposition import FOOTER_BAND, Page, Settings, printable
from pnp.layout.kinds import LAYOUTS, tally
from pnp.model.game import Game
from pnp.write.pdf import Document, scale_bar
from pnp.wording import plural



@dataclass
class Part:
    """A component laid out for this build."""

    component: object
    pages: list
    advice: str


def variant(settings: Settings) -> str:
    """The suffix naming what was built: the paper, and duplex or fold-and-glue; or the print-shop cards."""
    if settings.shop:
        return "shop"
    return f"{settings.paper.name}-{'fold' if settings.fold else 'duplex'}"


def lay_out(game: Game, settings: Settings, maker: FaceMaker | None = None, progress=None) -> list[Part]:
    """Every component laid out on pages. A DataError says what keeps any face from being made, every face's
    problems at once."""
    maker = maker or FaceMaker(game)
    parts = []
    for component in game.components.values():
        kind = LAYOUTS[component.kind]
        if settings.shop and not kind.shop:
            continue  # a print shop gets the cards and the board; sheets and nets print at home
        try:
            pages = kind.pages(component, maker, settings)
        except ValueError as error:  # a piece that does not fit the paper, a net that does not hold together
            raise _blame(kind, component, maker, settings, error) from None
        parts.append(Part(component, pages, kind.how_to_print(component, settings)))
        if progress:
            progress(f"{game.slug}: {component.id} laid out on {plural(len(pages), 'page')} ({variant(settings)})")
    errors, _ = maker.report()
    if errors:
        raise DataError(errors)
    return parts


def _blame(kind, component, maker, settings: Settings, error: ValueError) -> PnpError:
    """A component that cannot be laid out: the --margin's fault when it fits inside the usual margin,
    else its data's."""
    usual = settings.paper.margin
    if settings.margin > usual:
        try:
            kind.pages(component, maker, replace(settings, margin=usual))
        except ValueError:
            pass
        else:
            return PnpError(f"--margin {settings.margin:g}mm leaves no room on {settings.paper.name} paper for "
                            f"{component.id} ({component.title}); it fits with --margin {usual:g}mm")
    return DataError([(component.where, str(error))])


def footer(game: Game, title: str, side: str, number: int, total: int, settings: Settings) -> tuple[str, str]:
    return (" · ".join(item for item in (game.name, title, side, f"page {number} of {total}") if item),
            f"{settings.paper.title} paper · print at 100 %, no fit to page")


def sequence(parts: list[Part], settings: Settings, with_contents: bool) -> list[tuple[Part | None, object]]:
    """The pages of a PDF in print order, as (part, page); (None, None) is a blank page.

    A duplex kit is printed double-sided as one file, so each sheet of paper is an odd page and the page after
    it: a fronts page is followed by its backs, and a page meant for one side only by a blank back, so that
    no part ever starts on the back of another."""
    padded = with_contents and not settings.fold and not settings.shop
    entries: list = [(None, "contents")] if with_contents else []
    for part in parts:
        for page in part.pages:
            if padded and len(entries) % 2 and not page.reverse:
                entries.append((None, None))  # the back of the sheet before
            entries.append((part, page))
    return entries


def captions(parts: list[Part], settings: Settings) -> list[str]:
    """What each page of a kit is, to show under its picture: "Game cards · fronts · page 5 of 27"."""
    entries = sequence(parts, settings, with_contents=True)
    names = ["Contents" if page == "contents" else "Blank back" if page is None
             else f"{part.component.title} · {page.side}" for part, page in entries]
    return [f"{name} · page {number} of {len(entries)}" for number, name in enumerate(names, start=1)]


def blank_page(settings: Settings) -> Page:
    """A page left blank on purpose: only its footer says why."""
    return Page(size=settings.size, side="left blank: the next part starts on a new sheet",
                content=printable(settings).inset(bottom=FOOTER_BAND), marks=False)


def render(game: Game, parts: list[Part], settings: Settings, with_contents: bool, maker: FaceMaker | None = None,
           out=None) -> bytes | None:
    """The PDF of `parts` (the kit, with its contents page, or one part): written to the binary file `out`,
    else returned. `maker` draws the faces: the one that laid them out, so that each is drawn once a build."""
    title = f"{game.name} — print-and-play kit" if with_contents else f"{game.name} — {parts[0].component.title}"
    doc = Document(title, subject=variant(settings), maker=maker or FaceMaker(game))
    entries = sequence(parts, settings, with_contents)
    total = len(entries)
    for number, (part, page) in enumerate(entries, start=1):
        if page == "contents":
            doc.text_page(settings.size, lambda c, size: contents_page(doc, size, game, parts, entries, settings))
        elif page is None:
            blank = blank_page(settings)
            doc.page(blank, footer(game, "", blank.side, number, total, settings))
        else:
            doc.page(page, footer(game, part.component.title, page.side, number, total, settings))
    if out is None:
        return doc.bytes()
    doc.write(out)
    return None


def build(game: Game, variants: list[Settings], out_dir: Path, progress=None, preview: bool = False,
          strict: bool = False) -> list[Path]:
    """Build every PDF of a game's kit, in each variant, into out_dir, which then holds those files and no
    others; returns them.
    With `preview`, also a PNG of every kit page and `preview/index.html` showing them. Every variant is laid
    out before anything is drawn: a DataError then says every problem found. Warnings (text hard to read,
    pictures that will print soft) are reported through `progress`, or are errors too when `strict`."""
    say = progress or (lambda message: None)
    soft: list = []  # pictures that will print soft, found as faces are drawn

    def warn(where, message: str) -> None:
        soft.append((where, message))
        if not strict:
            say(f"warning: {where}: {message}")

    maker = FaceMaker(game, warn=warn)  # each face made once a build
    try:
        files = FolderSet(out_dir)
    except OSError as error:
        raise _cannot_write(error, out_dir) from None
    sections = []
    try:
        laid = _laid_out(game, variants, maker, progress, say, strict)
        _check_pages(game, laid)
        for settings, parts in laid:
            suffix = variant(settings)
            for part in parts:
                with files.open(f"{part.component.id}-{suffix}.pdf") as out:
                    render(game, [part], settings, with_contents=False, maker=maker, out=out)
            if settings.shop:
                continue
            kit = f"{game.slug}-kit-{suffix}.pdf"
            with files.open(kit) as out:
                render(game, parts, settings, with_contents=True, maker=maker, out=out)
            if preview:
                from pnp.write.preview import Section, page_images  # pypdfium2 and PIL's PNG writer: only for previews

                images = page_images(files.read(kit))
                names = [f"{suffix}-page-{i:02d}.png" for i in range(1, len(images) + 1)]
                for name, image in zip(names, images):
                    files.write(f"preview/{name}", image)
                pdfs = [f"../{game.slug}-kit-{suffix}.pdf"] + [f"../{part.component.id}-{suffix}.pdf"
                                                               for part in parts]
                sections.append(Section(f"{settings.paper.title} paper, "
                                        f"{'fold-and-glue' if settings.fold else 'duplex'}", pdfs,
                                        list(zip(names, captions(parts, settings)))))
        if preview:
            from pnp.write.preview import game_page

            files.write("preview/index.html", game_page(f"{game.name}: print-and-play kit", sections))
        duplex = next((settings for settings in variants if not settings.fold and not settings.shop), None)
        if duplex:
            files.write(f"duplex-test-{duplex.paper.name}.pdf", duplex_test(duplex, maker.store))
        if soft and strict:
            raise DataError(soft)
        files.commit()
    except OSError as error:
        raise _cannot_write(error, out_dir) from None
    finally:
        files.discard()
        maker.store.commit()
    say(f"{game.slug}: wrote {len(files.paths)} files to {out_dir}")
    return files.paths


MAX_PAGES = 5_000  # pages a build draws, every variant's in all: some 10 minutes of printing, and the pages of
# the largest kit a build allows (see kinds.MAX_KIT_CARDS) at nine cards a page, fronts and backs, in two variants


def _check_pages(game: Game, laid: list) -> None:
    """Every variant laid out within `MAX_PAGES`, checked before any page is drawn."""
    counts: dict = {}
    for _, parts in laid:
        for part in parts:
            counts[part.component.id] = counts.get(part.component.id, 0) + len(part.pages)
    total = sum(counts.values())
    if total > MAX_PAGES:
        ranked = sorted(counts.items(), key=lambda item: -item[1])
        largest = ", ".join(f"{name} {count:,}" for name, count in ranked[:3])
        raise DataError([(game.components[ranked[0][0]].where, f"the kit lays out on {total:,} pages in all ({largest}, ...): a build draws at "
                                 f"most {MAX_PAGES:,}; print fewer cards, or fewer variants (--duplex or --fold)")])


def _cannot_write(error: OSError, out_dir: Path) -> PnpError:
    """A write that failed, blaming the file it names, else the output folder. The folders a build makes beside
    the output folder to swap the new files in (see fileset) are named as the output folder: the user knows
    only the folder they named."""
    target = Path(os.path.realpath(out_dir))
    place = Path(os.fsdecode(error.filename)) if error.filename else Path(out_dir)
    if place.is_relative_to(target.parent):
        inner = place.relative_to(target.parent).parts
        if inner and inner[0].startswith(f".{target.name}."):
            place = Path(out_dir).joinpath(*inner[1:])
    return PnpError(f"cannot write {shown(place)}: {error.strerror or error}")


def _laid_out(game: Game, variants: list[Settings], maker: FaceMaker, progress, say, strict: bool) -> list:
    """Each variant with its parts laid out. What keeps a face from being read is said once for all the faces
    of the build: the warnings through `say`, before a DataError with the errors, if any (with the warnings
    too, when `strict`)."""
    laid, failure = [], None
    try:
        for settings in variants:
            laid.append((settings, lay_out(game, settings, maker, progress)))
    except DataError as error:
        failure = error
    _, warnings = maker.report()
    if strict and warnings:
        raise DataError((failure.problems if failure else []) + warnings)
    for where, message in sorted(warnings, key=lambda problem: (problem[0].file, problem[0].line, problem[1])):
        say(one_line(f"warning: {where}: {message}"))
    if failure:
        raise failure
    return laid


def write_index(out: Path, names: dict[str, str]) -> Path:
    """OUT/index.html: every game previewed in OUT, old builds included, with links to its pages and PDFs.
    `names` gives the names of the games just built (others show their folder's name)."""
    from pnp.write.preview import games_index

    games = []
    for page in sorted(out.glob("*/preview/index.html")):
        folder = page.parent.parent
        if folder.name.startswith("."):
            continue  # a build's files being staged, or set aside
        pictures = sorted(page.parent.glob("*.png"))
        pdfs = [f"{folder.name}/{pdf.name}" for pdf in sorted(folder.glob("*.pdf"))
                if "-kit-" in pdf.name or pdf.name.startswith("duplex-test")]
        games.append((names.get(folder.name, folder.name), f"{folder.name}/preview/index.html",
                      f"{folder.name}/preview/{pictures[0].name}" if pictures else "", pdfs))
    path = out / "index.html"
    try:
        replace_file(path, games_index(games))
    except OSError as error:
        raise PnpError(f"cannot write {error.filename or path}: {error.strerror}") from None
    return path


INK = Color(0.17, 0.11, 0.05)


def page_ranges(parts: list[Part], entries: list) -> list[str]:
    """Where each part lies in the kit: "page 4" or "pages 4–15"."""
    ranges = []
    for part in parts:
        numbers = [number for number, (owner, _) in enumerate(entries, start=1) if owner is part]
        first, last = numbers[0], numbers[-1]
        ranges.append(f"page {first}" if first == last else f"pages {first}–{last}")
    return ranges


def samples(part: Part) -> list:
    """The first front of a part and, when it has one, that front's back: to show on the contents page."""
    first = part.pages[0]
    if first.fold:
        return [first.placed[0][1], first.placed[len(first.placed) // 2][1]]
    faces = [LAYOUTS[part.component.kind].sample(part.pages)]
    if len(part.pages) > 1 and part.pages[1].side == "backs":
        faces.append(part.pages[1].placed[0][1])
    return faces


def contents_page(doc: Document, size, game: Game, parts: list[Part], entries: list,
                  settings: Settings) -> None:
    """The kit's first page: what it holds, what each part looks like, and how to print it."""
    c = doc.c
    w, h = size
    left, right = 18.0, w - 18.0
    y = h - 22.0

    def text(s, size_pt, face="sans", x=left):
        c.setFillColor(INK)
        c.setFont(font(face), size_pt)
        c.drawString(x * PT, y * PT, s)

    def para(s, size_pt, width, x=left, face="sans") -> None:
        nonlocal y
        for line in wrap(s, font(face), size_pt, width * PT):
            text(line, size_pt, face, x)
            y -= size_pt * 1.35 / PT

    def rule() -> None:
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.line(left * PT, y * PT, right * PT, y * PT)

    text(game.name, 26, "title")
    y -= 8
    form = "fold-and-glue sheets" if settings.fold else "double-sided pages"
    text(f"Print-and-play kit · {game.players_text} · "
         f"{settings.paper.label} · {form}", 10)
    y -= 5
    if game.credits:
        para(game.credits, 9, right - left)
    y -= 4
    rule()
    y -= 8
    text("What this kit holds", 14, "bold")
    y -= 4
    thumb_h, text_x = max(12.0, min(20.0, 110.0 / max(1, len(parts)) - 4)), left + 34  # smaller when the parts are many
    advice = _printing_advice(game, settings)
    small = _advice_size(parts, advice, thumb_h, (right - text_x, right - left - 5), y - 20.0)
    for part, pages in zip(parts, page_ranges(parts, entries)):
        component = part.component
        top = y
        x = left
        for face in samples(part):  # small pictures of the part, drawn from its own forms
            fw, fh = face.size
            scale = min(thumb_h / fh, 15.0 / fw)
            c.saveState()
            c.translate(x * PT, (top - 2 - fh * scale) * PT)
            c.scale(scale, scale)
            trim = c.beginPath()
            trim.rect(0, 0, fw * PT, fh * PT)
            c.clipPath(trim, stroke=1, fill=0)
            c.doForm(doc.face_form(face))
            c.restoreState()
            x += fw * scale + 1.5
        y = top - 5
        text(f"{component.title}", 10, "bold", text_x)
        c.setFont(font("sans"), 9)
        label = f"{tally(component, part.pages)} · {pages}"
        c.drawRightString(right * PT, y * PT, label)
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
    scale_bar(c, right - 50, 12)
    c.setFillColor(INK)
    c.setFont(font("sans"), 6)
    c.drawString(left * PT, 12.5 * PT, f"{game.name} · contents · page 1 · print at 100 %")


def _printing_advice(game: Game, settings: Settings) -> list:
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


def _advice_size(parts: list[Part], advice: list, thumb_h: float, widths: tuple, room: float) -> float:
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


def duplex_test(settings: Settings, store: cache.Store | None = None) -> bytes:
    """Two pages to print double-sided: a cross on the front, millimetre scales on the back.
    Seen against the light, the cross's reading on the scales is the --back-offset that lines them up.
    The same for every game printed alike: kept in `store` when given."""
    key = cache.digest("duplex test", settings)
    made = store.fetch("duplex-test", key) if store else None
    if made is None:
        made = _duplex_test(settings)
        if store:
            store.keep("duplex-test", key, made)
    return made


def _duplex_test(settings: Settings) -> bytes:
    doc = Document("Duplex alignment test", subject=settings.paper.name)
    w, h = settings.size

    def front(c, size):
        cx, cy = w / 2, h / 2
        c.setStrokeColor(black)
        c.setLineWidth(0.2)
        for dx, dy in ((1, 0), (0, 1)):
            c.line((cx - 30 * dx) * PT, (cy - 30 * dy) * PT, (cx + 30 * dx) * PT, (cy + 30 * dy) * PT)
        c.circle(cx * PT, cy * PT, 2 * PT)
        c.setFont(font("bold"), 14)
        c.drawCentredString(cx * PT, (h - 30) * PT, "FRONT: print this file double-sided")
        c.setFont(font("sans"), 9)
        flip = "short" if settings.short_edge else "long"
        c.drawCentredString(cx * PT, (h - 37) * PT, f"{settings.paper.label} · 100 % · flip on the {flip} edge")
        scale_bar(c, cx - 25, 20)

    def back(c, size):
        dx, dy = settings.back_offset
        cx, cy = w / 2 + dx, h / 2 + dy
        c.setStrokeColor(black)
        c.setFillColor(black)
        c.setFont(font("sans"), 6)
        # the front's cross lines run 30 mm each way: read them on scales set 20 mm off the centre
        rx, ry = cy - 20, cx + 20
        c.setLineWidth(0.15)
        c.line((cx - 10) * PT, rx * PT, (cx + 10) * PT, rx * PT)
        c.line(ry * PT, (cy - 10) * PT, ry * PT, (cy + 10) * PT)
        for i in range(-10, 11):
            tick = 3 if i % 5 == 0 else 1.5
            c.line((cx + i) * PT, rx * PT, (cx + i) * PT, (rx + tick) * PT)  # x scale
            c.line(ry * PT, (cy + i) * PT, (ry + tick) * PT, (cy + i) * PT)  # y scale
            if i % 5 == 0:
                c.drawCentredString((cx + i) * PT, (rx - 2.5) * PT, f"{i:+d}" if i else "0")
                c.drawString((ry + 4) * PT, (cy + i - 0.6) * PT, f"{i:+d}" if i else "0")
        c.setFont(font("sans"), 7)
        c.drawCentredString(cx * PT, (rx - 6) * PT, "X")
        c.drawString((ry + 9) * PT, (cy - 0.8) * PT, "Y")
        c.setFont(font("bold"), 14)
        c.drawCentredString((w / 2) * PT, (h - 30) * PT, "BACK: hold to the light")
        c.setFont(font("sans"), 9)
        lines = ("Read where the front's cross falls on these scales (x across, y up, in mm).",
                 "Build again with --back-offset X,Y using those two readings.")
        for i, line in enumerate(lines):
            c.drawCentredString((w / 2) * PT, (h - 37 - 5 * i) * PT, line)

    doc.text_page(settings.size, front)
    doc.text_page(settings.size, back)
    return doc.bytes()
