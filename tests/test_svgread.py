"""Our own reader of plain SVG (pnp/render/svgread.py) makes the drawing svglib makes, operator for operator, of
every piece of artwork in the project; what it does not know it leaves to svglib."""
import io
import random
from pathlib import Path

import pytest
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import DataError
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


@pytest.mark.parametrize("d", ["L10 10 L 5 5 Z", "H 5 V 5", "Z", "10 10 L 5 5"])
def test_path_data_not_beginning_with_a_move_is_refused_and_never_drawn(tmp_path, d):
    """SVG has path data begin with a move; reportlab asserts a path does (an internal error): the artwork check
    says so at the file's line, and our reader leaves such a path to svglib, which the check keeps it from."""
    svg = tmp_path / "art.svg"
    data = f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">\n<path d="{d}"/></svg>'
    svg.write_text(data, encoding="utf-8")
    with pytest.raises(DataError) as raised:
        artwork.checked(svg, tmp_path)
    assert "art.svg:2: path: the path's data begins with" in str(raised.value)
    assert "must begin with a move (M or m)" in str(raised.value)
    assert svgread.read(data.encode()) is None


def plain_svg(rng: random.Random) -> str:
    """A random SVG file inside the subset our reader reads: nested groups, every shape and path command it
    knows, styles and transforms on any of them."""
    def num(low=-20, high=120):
        return rng.choice([str(rng.randint(low, high)), f"{rng.uniform(low, high):.{rng.randint(1, 3)}f}"])

    def style():
        made = {"fill": lambda: rng.choice(["none", "#1a2b3c", "#FFF", "#c0392b"]),
                "stroke": lambda: rng.choice(["none", "#000000", "#abc"]),
                "stroke-width": lambda: rng.choice(["0", num(0, 5)]), "fill-opacity": lambda: num(0, 1),
                "stroke-opacity": lambda: num(0, 1), "stroke-linecap": lambda: rng.choice(["butt", "round", "square"]),
                "stroke-linejoin": lambda: rng.choice(["miter", "round", "bevel"]),
                "stroke-dasharray": lambda: f"{num(0, 9)} {num(0, 9)}"}
        return "".join(f' {key}="{value()}"' for key, value in made.items() if rng.random() < 0.3)

    def moved():
        kinds = [lambda: f"translate({num()} {num()})", lambda: f"translate({num()})", lambda: f"scale({num(1, 3)})",
                 lambda: f"scale({num(1, 3)}, {num(1, 3)})", lambda: f"rotate({num(-180, 180)})",
                 lambda: f"rotate({num(-180, 180)} {num()} {num()})",
                 lambda: f"matrix({num(1, 2)} {num(0, 1)} {num(0, 1)} {num(1, 2)} {num()} {num()})"]
        return f' transform="{" ".join(rng.choice(kinds)() for _ in range(rng.randint(1, 3)))}"' \
            if rng.random() < 0.3 else ""

    commands = {"L": lambda: f"L{num()},{num()}", "H": lambda: f"H{num()}", "V": lambda: f"V{num()}",
                "C": lambda: "C" + " ".join(num() for _ in range(6)),
                "Q": lambda: "Q" + " ".join(num() for _ in range(4)),
                "A": lambda: f"A{num(0, 40)},{num(0, 40)} 0 {rng.randint(0, 1)} {rng.randint(0, 1)} {num()},{num()}",
                "M": lambda: f"M{num()} {num()}", "Z": lambda: "Z"}
    shapes = [
        lambda: f'<path d="M{num()} {num()} {" ".join(rng.choice(list(commands.values()))() for _ in range(6))}"',
        lambda: f'<circle cx="{num()}" cy="{num()}" r="{num(0, 30)}"',
        lambda: f'<ellipse cx="{num()}" cy="{num()}" rx="{num(0, 30)}" ry="{num(0, 30)}"',
        lambda: f'<rect x="{num()}" y="{num()}" width="{num(0, 30)}" height="{num(0, 30)}" rx="{num(0, 20)}"',
        lambda: f'<polygon points="{" ".join(f"{num()},{num()}" for _ in range(rng.randint(2, 5)))}"',
        lambda: f'<polygon points="{" ".join([f"{num()},{num()}"] * 3)}"',  # one point, nudged
    ]

    def shape():
        return f"{rng.choice(shapes)()}{style()}{moved()}/>"

    def group(depth):
        inside = "".join(group(depth + 1) if depth < 3 and rng.random() < 0.3 else shape()
                         for _ in range(rng.randint(1, 4)))
        return f"<g{style()}{moved()}>{inside}</g>"

    w, h = rng.randint(10, 120), rng.randint(10, 120)
    size = rng.choice([f'width="{w}" height="{h}" viewBox="0 0 {w} {h}"', f'viewBox="{num()} {num()} {w} {h}"',
                       f'width="{w}" height="{w}" viewBox="-5 -5 {w} {h}"'])
    body = "".join(group(0) if rng.random() < 0.5 else shape() for _ in range(rng.randint(1, 5)))
    return f'<svg xmlns="http://www.w3.org/2000/svg" {size}>{body}</svg>'


def test_random_plain_svg_draws_as_svglib_draws_it(tmp_path):
    """Seeded random files of the subset: each read by our reader, into the operators svglib's drawing gives
    (or the same refusal of a number too large)."""
    def drawn(drawing):
        try:
            return operators(drawing)
        except (ValueError, OverflowError, ZeroDivisionError) as error:
            return type(error).__name__

    rng, compared = random.Random(7), 0
    for trial in range(150):
        svg = tmp_path / f"art{trial}.svg"
        svg.write_text(plain_svg(rng), encoding="utf-8")
        try:
            art = artwork.checked(svg, tmp_path)
        except DataError:
            continue  # (a transform that flattens the drawing: refused before it is drawn)
        ours = svgread.read(svg.read_bytes())
        assert ours is not None, svg.read_text()
        assert drawn(ours) == drawn(artwork.svglib_drawing(art)), svg.read_text()
        compared += 1
    assert compared > 140
