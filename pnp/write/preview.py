"""Previews to look at before printing: a PNG of every kit page, an HTML page a game showing them with their
captions and links to the PDFs, and one index of every game.

Each HTML page checks, once loaded, that every picture showed: it says so at its top (and in the body's
`data-pictures`, which the tests read in a headless browser).
"""
from __future__ import annotations

import html
import io
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.write.fileset import replace_file
from pnp.write.html import page as html_page

PREVIEW_DPI = 110  # enough to read a card's smallest text on screen

CHECK = """<script>
addEventListener("load", function () {
  var pictures = Array.prototype.slice.call(document.images);
  var missing = pictures.filter(function (p) { return !(p.complete && p.naturalWidth > 0); });
  var shown = pictures.length - missing.length;
  document.body.dataset.pictures = shown + " of " + pictures.length;
  var check = document.getElementById("check");
  check.textContent = missing.length ? missing.length + " pictures missing: build again with --preview"
                                     : "All " + pictures.length + " pictures shown.";
  if (missing.length) check.className = "missing";
});
</script>"""


@dataclass(frozen=True)
class Section:
    """One kit of a game (a paper and a form): its PDFs and the pictures of its pages."""

    heading: str
    pdfs: list  # file names, relative to the page
    pictures: list  # (file name, caption)


def page_images(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """Each page of a PDF as PNG bytes."""
    import pypdfium2  # only when previews are asked for: it is the slowest import of the program

    document = pypdfium2.PdfDocument(pdf)
    images = []
    try:
        for page in document:
            picture = page.render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            picture.save(buffer, format="PNG", optimize=False)
            images.append(buffer.getvalue())
    finally:
        document.close()
    return images


def _page(title: str, body: list[str]) -> bytes:
    return html_page(title, ["<p id='check'>…</p>", *body], after=[CHECK]).encode("utf-8")


def _links(files: list[str]) -> str:
    items = "".join(f"<li><a href='{html.escape(name)}'>{html.escape(name.rsplit('/', 1)[-1])}</a></li>"
                    for name in files)
    return f"<ul class='pdfs'>{items}</ul>"


def game_page(title: str, sections: list[Section], index: str | None = "../../index.html") -> bytes:
    """A game's page: for each kit, links to its PDFs, then every page's picture with its caption."""
    body = [f"<nav><a href='{html.escape(index)}'>All games</a></nav>"] if index else []
    for section in sections:
        body.append(f"<h2>{html.escape(section.heading)}</h2>")
        body.append(_links(section.pdfs))
        body.append("<div class='pages'>")
        for name, caption in section.pictures:
            body.append(f"<figure><a href='{html.escape(name)}'><img src='{html.escape(name)}' "
                        f"alt='{html.escape(caption)}'></a><figcaption>{html.escape(caption)}</figcaption></figure>")
        body.append("</div>")
    return _page(title, body)


def games_index(games: list[tuple[str, str, str, list[str]]]) -> bytes:
    """One page for every game: (name, its preview page, a picture of its first page, its PDFs)."""
    body = ["<div class='pages'>"]
    for name, page, picture, pdfs in games:
        body.append(f"<figure><a href='{html.escape(page)}'><img src='{html.escape(picture)}' "
                    f"alt='{html.escape(name)}'></a><figcaption><a href='{html.escape(page)}'><b>"
                    f"{html.escape(name)}</b>: every page</a>{_links(pdfs)}</figcaption></figure>")
    body.append("</div>")
    return _page("Print-and-play kits", body)


def write_index(out: Path, names: dict[str, str]) -> Path:
    """OUT/index.html: every game previewed in OUT, old builds included, with links to its pages and PDFs.
    `names` gives the names of the games just built (others show their folder's name)."""
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
