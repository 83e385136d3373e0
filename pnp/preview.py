"""PNG pictures of every page of a kit, and one HTML page showing them all, to look before printing."""
from __future__ import annotations

import html
import io

PREVIEW_DPI = 60


def page_images(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """Each page of a PDF as PNG bytes."""
    import pypdfium2  # only when previews are asked for: it is the slowest import of the program

    document = pypdfium2.PdfDocument(pdf)
    images = []
    try:
        for page in document:
            picture = page.render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            picture.save(buffer, format="PNG")
            images.append(buffer.getvalue())
    finally:
        document.close()
    return images


def index_page(title: str, sections: list[tuple[str, list[str]]]) -> bytes:
    """An HTML page: for each kit, its pages in order (file names relative to the page)."""
    parts = [f"<!doctype html><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;background:#eee;margin:2em}"
             "img{background:#fff;margin:6px;box-shadow:0 1px 4px #0004;vertical-align:top}</style>",
             f"<h1>{html.escape(title)}</h1>"]
    for heading, images in sections:
        parts.append(f"<h2>{html.escape(heading)}</h2><div>")
        parts += [f"<a href='{html.escape(name)}'><img src='{html.escape(name)}' alt='page {i}'></a>"
                  for i, name in enumerate(images, start=1)]
        parts.append("</div>")
    return "\n".join(parts).encode("utf-8")
