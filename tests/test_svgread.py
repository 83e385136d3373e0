"""Our own reader of plain SVG (pnp/render/svgread.py) makes the drawing svglib makes, operator for operator, of
every piece of artwork in the project; what it does not know it leaves to svglib."""
import io
from pathlib import Path

import pytest
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.pdfgen.canvas import Canvas

from pnp.render import artwork, svgread

ROOT = Path(__file__).resolve().parent.parent
ARTWORK = sorted([*ROOT.glob("artwork/**/*.svg"), *ROOT.glob("pnp/starter/artwork/**/*.svg")])


def operators(drawing) -> tuple:
    """What reportlab's renderer writes for svglib's drawing, or what our reader's picture draws: operators,
    transparency states and size."""
    canvas = Canvas(io.BytesIO())
    canvas.beginForm("art", 0, 0, drawing.width, drawing.height)
    if isinstance(drawing, svgread.Picture):
        drawing.draw(canvas, artwork._renderer(()))
    else:
        artwork._renderer(()).draw(renderScaledDrawing(drawing), canvas, 0, 0)
    return canvas._code, dict(canvas._extgstate._c), drawing.width, drawing.height


def read(tmp_path, body: str, top: str = 'width="40" height="20" viewBox="0 0 40 20"'):
    svg = tmp_path / "art.svg"
    svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {top}>{body}</svg>', encoding="utf-8")
    art = artwork.checked(svg, tmp_path)
    return svgread.read(svg.read_bytes()), artwork.svglib_drawing(art)


@pytest.mark.parametrize("path", ARTWORK, ids=lambda path: str(path.relative_to(ROOT)))
def test_the_projects_artwork_draws_as_svglib_draws_it(path):
    ours = svgread.read(path.read_bytes())
    assert ours is not None, "outside the plain subset: svglib would read it, more slowly"
    assert operators(ours) == operators(artwork.svglib_drawing(artwork.checked(path, path.parent)))


@pytest.mark.parametrize("body", [
    '<path d="M2,2 Q10,18 20,2 A9,6 0 1 0 38,10 C30,20 20,20 10,12 H4 V16" fill="#a0b0c0" stroke="#123"/>',
    '<g transform="rotate(30 20 10) scale(0.5, 0.8)" stroke="#000" stroke-width="0"><rect x="2" y="2" '
    'width="30" height="10" rx="40"/></g>',
    '<g fill-opacity="0.5" stroke-opacity="0.25" stroke="#ff0000" stroke-linecap="square" '
    'stroke-linejoin="bevel"><ellipse cx="20" cy="10" rx="8" ry="3" stroke-dasharray="1 2"/>'
    '<polygon points="5,5 5,5 5,5"/><circle cx="4" cy="4" r="3" fill="none" transform="translate(3)"/></g>',
])
def test_shapes_styles_and_transforms_draw_as_svglib_draws_them(tmp_path, body):
    ours, theirs = read(tmp_path, body)
    assert ours is not None
    assert operators(ours) == operators(theirs)


@pytest.mark.parametrize("body, top", [
    ('<path d="m2,2 l10,10"/>', None),  # relative commands
    ('<path d="M2,2 L10,10" style="stroke:#000"/>', None),  # styles
    ('<circle id="dot" cx="4" cy="4" r="2"/><use href="#dot" x="10"/>', None),
    ('<rect x="1mm" y="1" width="4" height="4"/>', None),  # units
    ('<circle cx="4" cy="4" r="2" fill="rgb(10, 20, 30)"/>', None),
    ('<circle cx="4" cy="4" r="2"/>', 'width="4cm" height="2cm" viewBox="0 0 40 20"'),
])
def test_what_it_does_not_know_is_left_to_svglib(tmp_path, body, top):
    ours, theirs = read(tmp_path, body, *([top] if top else []))
    assert ours is None and theirs is not None
