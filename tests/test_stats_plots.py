"""The report's plots are drawn with less work than matplotlib does by default, and look the same for it."""
from __future__ import annotations

import pytest

from pnp.stats import report

pytestmark = pytest.mark.quick

pytest.importorskip("matplotlib")


def test_a_title_placed_at_the_top_is_where_matplotlib_would_find_it():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    boxes = []
    for place in (lambda axes, text: axes.set_title(text, fontsize=10), report._title):  # found, then placed
        figure, axes = report._figure()
        axes.barh(["map", "pearl"], [1.5, 0.25])
        axes.set_ylabel("share")
        place(axes, "`find` card, a game")
        report._fit(figure)
        canvas = FigureCanvasAgg(figure)
        canvas.draw()
        boxes.append(axes.title.get_window_extent(canvas.get_renderer()).bounds)
    assert boxes[0] == boxes[1]


def test_a_text_is_measured_once_and_again_when_its_font_changes():
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font = FontProperties(size=10)  # measured under its properties, not as this object
    text = "a text measured once"
    measured = text_to_path.get_text_width_height_descent(text, font, ismath=False)[:2]
    assert report._size(text, font) == measured
    assert report._size(text, FontProperties(size=10)) == measured  # the same font, told by its properties
    font.set_size(20)
    assert report._size(text, font)[0] == pytest.approx(2 * measured[0], rel=0.01)
