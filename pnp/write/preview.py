"""Previews to look at before printing: a PNG of every kit page, an HTML page a game showing them with their
captions and links to the PDFs, and one index of every game.

Each HTML page checks, once loaded, that every picture showed: it says so at its top (and in the body's
`data-pictures`, which the tests read in a headless browser).
"""
from __future__ import annotations

import hashlib
import html
import io
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.model.units import PT
from pnp.render.keys import digest
from pnp.write.fileset import replace_file
from pnp.write.html import page as html_page
from pnp.write.rasters import png

PREVIEW_DPI = 110  # enough to read a card's smallest text on screen

CHECK = """<script>
addEventListener("load", function () {
  var pictures = Array.prototype.slice.call(document.images);
  var missing = pictures.filter(function (p) { return !(p.complete && p.naturalWidth > 0); });
  document.body.dataset.pictures = (pictures.length - missing.length) + " of " + pictures.length;
  if (missing.length) {
    var check = document.getElementById("check");
    check.textContent = missing.length + " pictures missing: build again with --preview";
    check.className = "missing";
  }
});
</script>"""


@dataclass(frozen=True)
class Section:
    """One kit of a game (a paper and a form): its PDFs, the pictures of its pages in groups (heading, pictures)
    — its contents, then each part — and the pictures of its pages left blank, which are folded away."""

    heading: str
    footer: str  # every page's second footer line, which names the kit's version: shown here, not in the pictures
    pdfs: list  # file names, relative to the page
    groups: list  # (heading, [(file name, caption), ...])
    blanks: list  # (file name, caption)
    simulated: list = ()  # (file name, caption): the kit's faces as printed and as colour-blind players see them


def page_pictures(pdf, keys: list[tuple], store) -> list[bytes]:
    """Each page of a PDF as PNG bytes, `keys` saying what each page shows (pdf.Document.page_keys: a key, and
    a box left white in the picture: the footer's line that names the kit's version, which the preview's
    heading shows once, so that a page's picture outlives a change to the data elsewhere). A page pictured
    before comes from `store` (pnp.write.cache.Store); only the others are drawn, from the PDF `pdf()` gives."""
    stored = [digest("page picture", key, PREVIEW_DPI) for key, _ in keys]
    pictures = [store.fetch("page-picture", key) for key in stored]
    missing = [index for index, picture in enumerate(pictures) if picture is None]
    if missing:
        from PIL import ImageDraw

        import pypdfium2  # only when previews are asked for: it is the slowest import of the program

        document = pypdfium2.PdfDocument(pdf())
        try:
            for index in missing:
                page, box = document[index], keys[index][1]
                picture = page.render(scale=PREVIEW_DPI / 72).to_pil()
                if box is not None:
                    scale, height = PREVIEW_DPI / 72, page.get_size()[1]
                    ImageDraw.Draw(picture).rectangle(
                        (box.x0 * PT * scale, (height - box.y1 * PT) * scale,
                         box.x1 * PT * scale, (height - box.y0 * PT) * scale), fill="white")
                pictures[index] = png(picture)
                store.keep("page-picture", stored[index], pictures[index])
        finally:
            document.close()
    return pictures


def crop(page_png: bytes, box, turned: int, page_size: tuple[float, float], store, dpi: int = PREVIEW_DPI) -> bytes:
    """The part of a page's picture (`page_png`, the whole page at `dpi`) inside `box` (mm, y up from the page's
    foot, as the layout places faces), turned back upright when the face is `turned` (degrees anticlockwise)
    on the page; as PNG bytes, kept in `store` by the page's picture and the part of it taken."""
    key = digest("face picture", hashlib.sha256(page_png).hexdigest(), box, turned, page_size, dpi)
    kept = store.fetch("face-picture", key)
    if kept is not None:
        return kept
    from PIL import Image

    scale = dpi / 25.4
    picture = Image.open(io.BytesIO(page_png))
    top = page_size[1] - box.y1
    region = picture.crop((round(box.x0 * scale), round(top * scale), round(box.x1 * scale),
                           round((top + box.h) * scale)))
    if turned % 360:
        region = region.rotate(-turned, expand=True)
    face = png(region)
    store.keep("face-picture", key, face)
    return face


def simulated_views(faces: list[bytes], store, gap: int = 12) -> list[tuple[str, str, bytes]]:
    """The faces (PNG pictures) in a row as printed, then as seen with each colour-vision deficiency the
    colour-blind preflight simulates (pnp/render/colourblind.py): (file name, caption, PNG bytes) each. Each
    row, and each face as each deficiency shows it, is kept in `store` (pnp.write.cache.Store) by what it shows:
    only a face not seen before is simulated, and a row of faces seen before is taken whole."""
    from pnp.render.colourblind import DEFICIENCIES

    shown = [hashlib.sha256(face).hexdigest() for face in faces]
    views = []
    for name, deficiency in (("printed", None), *((name, deficiency) for deficiency, name in DEFICIENCIES.items())):
        key = digest("seen row", shown, deficiency, gap)
        row = store.fetch("seen-row", key)
        if row is None:
            row = png(_row([_seen_face(face, seen, deficiency, store) for face, seen in zip(faces, shown)], gap))
            store.keep("seen-row", key, row)
        views.append((f"seen-{'as' if deficiency is None else 'with'}-{name}.png",
                      f"as {'printed' if deficiency is None else f'seen with {name}'}", row))
    return views


def _seen_face(face: bytes, shown: str, deficiency: str | None, store):
    """A face's picture (PIL, RGB) as printed, or as a person with `deficiency` sees it: simulated once, then
    kept in `store` by the face's picture (`shown`, its digest) and the deficiency."""
    from PIL import Image

    picture = Image.open(io.BytesIO(face)).convert("RGB")
    if deficiency is None:
        return picture
    key = digest("seen face", shown, deficiency)
    kept = store.fetch("seen-face", key)
    if kept is not None:
        return Image.open(io.BytesIO(kept)).convert("RGB")
    import numpy

    from pnp.render import colourblind

    seen = Image.fromarray(colourblind.seen(numpy.asarray(picture), deficiency), "RGB")
    store.keep("seen-face", key, png(seen))
    return seen


def _row(pictures: list, gap: int):
    """Pictures side by side on white (which every deficiency sees as white), `gap` pixels apart and around,
    each centred in the row's height."""
    from PIL import Image

    height = max(picture.height for picture in pictures)
    row = Image.new("RGB", (sum(picture.width for picture in pictures) + gap * (len(pictures) + 1), height + 2 * gap),
                    "white")
    x = gap
    for picture in pictures:
        row.paste(picture, (x, gap + (height - picture.height) // 2))
        x += picture.width + gap
    return row


def _page(title: str, body: list[str]) -> bytes:
    return html_page(title, ["<p id='check'></p>", *body], after=[CHECK]).encode("utf-8")


def _links(files: list[str]) -> str:
    items = "".join(f"<li><a href='{html.escape(name)}'>{html.escape(name.rsplit('/', 1)[-1])}</a></li>"
                    for name in files)
    return f"<ul class='pdfs'>{items}</ul>"


def _figures(pictures: list) -> str:
    return "".join(f"<figure><a href='{html.escape(name)}'><img src='{html.escape(name)}' alt='{html.escape(caption)}'>"
                   f"</a><figcaption>{html.escape(caption)}</figcaption></figure>" for name, caption in pictures)


def game_page(title: str, sections: list[Section], index: str | None = "../../index.html") -> bytes:
    """A game's page: for each kit, links to its PDFs, then its pages' pictures with their captions, grouped by
    part; the pages left blank on purpose folded away under one line."""
    body = [f"<nav><a href='{html.escape(index)}'>All games</a></nav>"] if index else []
    for section in sections:
        body.append(f"<h2>{html.escape(section.heading)}</h2>")
        body.append(f"<p class='footer'>Every page's footer ends “{html.escape(section.footer)}” (left out of "
                    f"the pictures, which a new version of the data would all change).</p>")
        body.append(_links(section.pdfs))
        for heading, pictures in section.groups:
            body.append(f"<h3>{html.escape(heading)}</h3><div class='pages'>{_figures(pictures)}</div>")
        if section.simulated:
            body.append(f"<details class='colour-blind'><summary>The faces as colour-blind players see them "
                        f"(simulated: deuteranopia, protanopia, tritanopia)</summary>"
                        f"<div class='views'>{_figures(section.simulated)}</div></details>")
        if section.blanks:
            body.append(f"<details><summary>{len(section.blanks)} pages left blank on purpose (the backs of "
                        f"one-sided sheets, for printing the kit double-sided in one go)</summary>"
                        f"<div class='pages'>{_figures(section.blanks)}</div></details>")
    return _page(title, body)


def games_index(games: list[tuple[str, str, list[str], list[str]]]) -> bytes:
    """One page for every game: (name, its preview page, pictures of one face of each of its parts, its PDFs)."""
    body = []
    for name, page, pictures, pdfs in games:
        faces = "".join(f"<a href='{html.escape(page)}'><img src='{html.escape(picture)}' alt=''></a>"
                        for picture in pictures)
        body.append(f"<section class='game'><h2><a href='{html.escape(page)}'>{html.escape(name)}</a></h2>"
                    f"<div class='faces'>{faces}</div>{_links(pdfs)}</section>")
    return _page("Print-and-play kits", body)


def write_index(out: Path, names: dict[str, str]) -> Path:
    """OUT/index.html: every game previewed in OUT, old builds included, with a face of each of its parts,
    links to its pages and its PDFs (the kits first, then the duplex test). `names` gives the names of the
    games just built (others show their folder's name)."""
    games = []
    for page in sorted(out.glob("*/preview/index.html")):
        folder = page.parent.parent
        if folder.name.startswith("."):
            continue  # a build's files being staged, or set aside
        faces = [f"{folder.name}/preview/{face.name}" for face in sorted(page.parent.glob("face-*.png"))]
        pdfs = [f"{folder.name}/{pdf.name}" for pattern in ("*-kit-*.pdf", "duplex-test-*.pdf")
                for pdf in sorted(folder.glob(pattern))]
        games.append((names.get(folder.name, folder.name), f"{folder.name}/preview/index.html", faces, pdfs))
    path = out / "index.html"
    try:
        replace_file(path, games_index(games))
    except OSError as error:
        raise PnpError(f"cannot write {error.filename or path}: {error.strerror}") from None
    return path
