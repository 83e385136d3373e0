"""Ink coverage of a written PDF, page by page: what share of the page ink covers, weighted by how dark it is.

Each page is drawn at COVERAGE_DPI in shades of grey (pypdfium2), each dot's darkness taken as 1 − its grey
level (0 for white paper, 1 for black), the grey being the dot's luma as ITU-R BT.601 weighs red, green and
blue; a page's coverage is the mean darkness of its dots: 0 % for a blank page, 100 % for a page printed
black all over. A full page of a mid grey counts as 50 %, as does half a page of black.
"""
from __future__ import annotations

COVERAGE_DPI = 150  # the coarsest that draws a 0.2 mm line its own width (a dot is 0.17 mm): coarser, a thin line
# darkens whole dots. Every shipped kit measures within a tenth of a point of its figure at 300 dpi, in 40 % of the
# time: the few 0.1 mm lines (cut lines) count as a dot wide.


def coverage(pdf: bytes) -> list[float]:
    """Each page's ink coverage, from 0 (blank) to 1 (black all over)."""
    import pypdfium2  # only when coverage is asked for
    from PIL import ImageStat

    document = pypdfium2.PdfDocument(pdf)
    try:
        shares = []
        for page in document:
            picture = page.render(scale=COVERAGE_DPI / 72, grayscale=True).to_pil().convert("L")
            shares.append(1 - ImageStat.Stat(picture).mean[0] / 255)
        return shares
    finally:
        document.close()


def kit_coverage(shares: list[float]) -> float:
    """A kit's coverage: its pages' mean (every page printed on a sheet of the same paper)."""
    return sum(shares) / len(shares) if shares else 0.0


def table(rows: list[tuple[str, list[float]]]) -> list[str]:
    """Lines of a coverage report: each kit (a name and its pages' shares) with its mean and its pages."""
    lines = []
    for name, shares in rows:
        pages = " ".join(f"{share * 100:.0f}" for share in shares)
        lines.append(f"{name}: ink coverage {kit_coverage(shares) * 100:.1f} % of {len(shares)} pages "
                     f"(page by page, %: {pages})")
    return lines
