"""A line of text on a page is written as reportlab's drawString writes it (pnp/write/marks.py): the same codes in
the same font subsets, whether its letters are printable ASCII, letters the document has met before (a footer's
line on each page, but for its page number) or letters met for the first time."""
import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.typeset.text import font
from pnp.write.marks import text_code

pytestmark = pytest.mark.quick

LINES = ["Deck · page 1 of 9", "Deck · page 2 of 9", "A4 · kit 7a922296", "plain ASCII", "naïve — straße €5",
         "Deck · page 3 of 9", "naïve — straße €5", "αβγ · Deck", "Deck · page 10 of 12\u00a0", "", "tab\there",
         "😀 · page 4", "page 5 · 😀"]


def canvas() -> Canvas:
    return Canvas(io.BytesIO(), invariant=1, pageCompression=1, initialFontName=font("sans"))


def test_each_line_is_coded_as_reportlab_codes_it():
    ours, theirs = canvas(), canvas()
    for number, line in enumerate(LINES * 2):
        name, size = font("bold" if number % 3 else "sans"), 6.0 + number % 2
        theirs.setFont(name, size, size * 1.2)
        theirs.drawString(10, 20, line)
        assert text_code(ours, 10, 20, line, name, size, size * 1.2) == theirs._code[-1], line
