"""Every number drawn is finite and in range (pnp/model/numbers.py): a `nan`, an `inf` or a number too large,
from artwork, a template or arithmetic on them, is refused with exit 2 at its file and line; it never reaches
a PDF, and never ends the program with an internal error."""
from __future__ import annotations

import random
import re

import pytest

from conftest import edit, run
from pnp.errors import DataError
from pnp.render import artwork
from test_silently_wrong import streams

DOT = '<circle cx="5" cy="5" r="4" fill="#F4C542" fill-opacity="0.8" stroke="#000000"/>'
# a number a PDF cannot hold, written as a content stream writes one
UNPRINTABLE = re.compile(rb"(?<![\w.])[-+]?(nan|inf)(?!\w)|(?<![\w.])[-+]?\d{16,}", re.IGNORECASE)


def _svg(body: str, size: str = 'width="10" height="10" viewBox="0 0 10 10"') -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {size}>\n{body}\n</svg>\n'


SVG_CASES = [
    (_svg(DOT.replace('cx="5"', 'cx="nan"')), 2),
    (_svg(DOT.replace('r="4"', 'r="Infinity"')), 2),
    (_svg(f'<g transform="rotate(nan)">{DOT}</g>'), 2),
    (_svg(DOT.replace("/>", ' stroke-width="NaN"/>')), 2),
    (_svg('<polygon points="0,0 5,nan 10,10"/>'), 2),
    (_svg(DOT, 'width="inf" height="10"'), 1),
    (_svg('<path d="M0 0 L1e400 3"/>'), 2),
    (_svg(f'<g transform="matrix(1e300 0 0 1e300 0 0)">{DOT}</g>'), 2),
    (_svg(f'<g style="stroke-width: -inf">{DOT}</g>'), 2),
    # a transform that flattens the plane: a scale of 0, or one so small it reads as 0 (the renderer divides by it)
    (_svg(f'<g transform="translate(5 5) scale(-1.05 0) rotate(38)">{DOT}</g>'), 2),
    (_svg(f'<g transform="scale(1e-400)">{DOT}</g>'), 2),
    (_svg(f'<g transform="matrix(1 2 2 4 0 0)">{DOT}</g>'), 2),
]


@pytest.mark.parametrize("text,line", SVG_CASES, ids=range(len(SVG_CASES)))
def test_a_number_no_pdf_can_hold_in_artwork_is_refused_at_its_line(toy, tmp_path, text, line):
    (toy / "artwork" / "dot.svg").write_text(text, encoding="utf-8")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert f"artwork/dot.svg:{line}:" in result.output


def test_numbers_in_range_that_multiply_past_what_a_pdf_holds_are_refused_at_the_artwork(toy, tmp_path):
    text = _svg('<circle cx="5" cy="5" r="1e9" fill="#F4C542"/>', 'width="1e9" height="1e9" viewBox="0 0 1e-9 1e-9"')
    (toy / "artwork" / "dot.svg").write_text(text, encoding="utf-8")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "artwork/dot.svg" in result.output


@pytest.mark.parametrize("expression", ["(w - -1e400) / 4", "-1e999 + w"])
def test_a_template_number_beyond_any_float_is_refused_at_the_template_line(toy, tmp_path, expression):
    edit(toy / "templates" / "front.yaml.j2", "w: {{ w - 6 }}, size: 10", f"w: {{{{ {expression} }}}}, size: 10")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "templates/front.yaml.j2:3:" in result.output


@pytest.mark.parametrize("expression", ["1e400", "w * 1e308 * 10", "(w * 1e308 * 10) - (w * 1e308 * 10)", "10 ** 400"])
def test_template_arithmetic_that_overflows_is_refused_at_the_step(toy, tmp_path, expression):
    edit(toy / "templates" / "front.yaml.j2", "size: 10,", f"size: {{{{ {expression} }}}},")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "front.yaml.j2" in result.output and "step 3.text.size" in result.output


# --- property: whatever number artwork or a template step holds, no nan or inf reaches a PDF ---------------

WILD = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "-Infinity", "1e400", "-1e400", "1e308", "1e300",
        "1e20", "1e16", "1e10", "1e9", "-1e9", "999999999", "1e-300", "0", "-0", "3", "2.5", "-7", "1e-9"]


def _wild(rng: random.Random) -> str:
    return rng.choice(WILD) if rng.random() < 0.7 else f"{rng.uniform(-1, 1) * 10 ** rng.randint(0, 30):g}"


def _random_svg(rng: random.Random) -> str:
    n = lambda: _wild(rng)  # noqa: E731
    shapes = [
        f'<circle cx="{n()}" cy="{n()}" r="{n()}" fill="#123456" stroke="#000" stroke-width="{n()}"/>',
        f'<rect x="{n()}" y="{n()}" width="{n()}" height="{n()}" rx="{n()}" fill="#f00"/>',
        f'<ellipse cx="{n()}" cy="{n()}" rx="{n()}" ry="{n()}"/>',
        f'<line x1="{n()}" y1="{n()}" x2="{n()}" y2="{n()}" stroke="#000"/>',
        f'<polygon points="{n()},{n()} {n()},{n()} {n()},{n()}"/>',
        f'<path d="M{n()} {n()} L{n()} {n()} C{n()} {n()} {n()} {n()} {n()} {n()}Z"/>',
        f'<g transform="matrix({n()} 0 0 {n()} {n()} {n()})"><circle r="{n()}"/></g>',
        f'<g transform="translate({n()},{n()}) scale({n()}) rotate({n()})"><rect width="3" height="3"/></g>',
        f'<g style="stroke-width:{n()};fill-opacity:{n()}"><circle r="2" stroke="#000"/></g>',
    ]
    size = rng.choice(['width="10" height="10"', f'width="{n()}" height="{n()}"',
                       f'width="10" height="10" viewBox="0 0 {n()} {n()}"'])
    return _svg("\n".join(rng.sample(shapes, rng.randint(1, 4))), size)


def test_no_svg_number_reaches_a_pdf_unless_finite_and_in_range(tmp_path):
    """Seeded random artwork: each is refused (DataError) or drawn into operators holding no nan, no inf and
    no number of 16 digits or more; nothing else happens."""
    rng = random.Random(23)
    drawn = refused = 0
    for trial in range(300):
        path = tmp_path / f"art{trial}.svg"
        path.write_text(_random_svg(rng), encoding="utf-8")
        try:
            art = artwork.checked(path, tmp_path)
            stream = artwork._draw_svg(art, path.read_bytes())
        except DataError:
            refused += 1
            continue
        if stream is None:  # svglib could not read it: refused at the face that places it
            refused += 1
            continue
        code = "\n".join(line for line in stream[0] if isinstance(line, str)).encode("latin-1", "replace")
        assert not UNPRINTABLE.search(code), path.read_text()
        drawn += 1
    assert drawn and refused  # both sides were tried


STEP_FIELDS = [("x: 3, y: 40", "x: NUM, y: 40"), ("size: 10,", "size: NUM,"),
               ("x: 10, y: 10, w: 20", "x: 10, y: NUM, w: 20"),
               ("w: {{ w - 6 }}, size: 10", "w: {{ w * NUM }}, size: 10"),
               ("h: 20}", "h: 20, rotate: NUM}"),
               ("- rect: {", "- group: {x: NUM, y: 1, rotate: NUM, steps: []}\n- rect: {")]


def test_no_template_number_reaches_a_pdf_unless_finite_and_in_range(toy, tmp_path):
    """Seeded random numbers in template steps: every build ends with exit 0 or 2, and a PDF written holds
    no nan, no inf and no number of 16 digits or more."""
    rng = random.Random(2323)
    original = (toy / "templates" / "front.yaml.j2").read_text(encoding="utf-8")
    exits = set()
    for trial in range(12):
        (toy / "templates" / "front.yaml.j2").write_text(original, encoding="utf-8")
        for old, new in rng.sample(STEP_FIELDS, 2):
            while "NUM" in new:
                new = new.replace("NUM", _wild(rng), 1)
            edit(toy / "templates" / "front.yaml.j2", old, new)
        out = tmp_path / f"out{trial}"
        result = run(toy, out)
        assert result.exit_code in (0, 2), (result.output, (toy / "templates" / "front.yaml.j2").read_text())
        exits.add(result.exit_code)
        for made in (out / "out").rglob("*.pdf"):
            assert not UNPRINTABLE.search(streams(made)), made
    assert exits == {0, 2}
