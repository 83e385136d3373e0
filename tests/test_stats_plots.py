"""The report's plots are drawn with less work than matplotlib does by default, and look the same for it."""
from __future__ import annotations

import pytest

from pnp.stats import report

pytestmark = pytest.mark.quick

pytest.importorskip("matplotlib")


def test_a_title_placed_at_the_top_is_where_matplotlib_would_find_it(monkeypatch):
    boxes = []
    for place in (lambda axes, text: axes.set_title(text, fontsize=10), report._title):  # found, then placed
        monkeypatch.setattr(report, "_KEPT", {})
        figure, axes = report._figure("bars")
        axes.barh(["map", "pearl"], [1.5, 0.25])
        axes.set_ylabel("share")
        place(axes, "`find` card, a game")
        report._fit(figure)
        figure.canvas.draw()
        boxes.append(axes.title.get_window_extent(figure.canvas.get_renderer()).bounds)
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


RATES = [(name, {"rate": rate, "low": rate / 2, "high": min(1.0, rate * 1.5)})
         for name, rate in (("random", 0.2), ("greedy", 0.7), ("cautious", 0.1))]
HISTOGRAM = {"n": 4, "mean": 3.5, "histogram": [[2, 1], [3, 1], [5, 2]]}
BARGAINS = [(f"black-1 black-{n % 3 + 1} red-{n % 2 + 1} for gold-bar", 0.0165 - 0.0006 * n) for n in range(25)]
PLOTS = {  # a kind's plots, each unlike the one before: others' names, more or fewer bars, a legend or none
    "bars": [lambda: report._bars_plot("`take` card, a game", [("map", 2.5), ("pearl", 0.5)], None),
             lambda: report._bars_plot("`roll` faces, a game", [(str(n), n / 4) for n in range(1, 9)],
                                       [("3", 1.0), ("9", 0.2)], ("old rules", "new rules")),
             lambda: report._bars_plot("`take` card, a game", [("ruby", 1.5)], None),
             # a short name, then long ones: the margins are measured with the axes where a new figure has them
             lambda: report._bars_plot("`trade` bargain, a game", [("a", 0.5)], None),
             lambda: report._bars_plot("`trade` bargain, a game", BARGAINS, None)],
    "rates": [lambda: report._rates_plot("2 players: wins by bot", RATES, None, 0.5),
              lambda: report._rates_plot("3 players: wins by place", RATES[:2], RATES[1:], 1 / 3),
              lambda: report._rates_plot("4 players: wins by place", RATES[1:], None, 0.25)],
    "histogram": [lambda: report._histogram_plot("2 players: final scores", HISTOGRAM, None),
                  lambda: report._histogram_plot("3 players: margins", {**HISTOGRAM, "n": 0}, HISTOGRAM),
                  lambda: report._histogram_plot("the game's rounds", {"n": 1, "mean": 40.0, "histogram": [[40, 1]]},
                                                 None),
                  lambda: report._histogram_plot("the game's turns", {"n": 0, "mean": 0.0, "histogram": []}, None)],
}


@pytest.mark.parametrize("kind", PLOTS)
def test_a_plot_drawn_after_others_of_its_kind_is_the_plot_drawn_first(kind, monkeypatch):
    first = []
    for plot in PLOTS[kind]:
        monkeypatch.setattr(report, "_KEPT", {})  # a new figure
        first.append(plot())
    after = [plot() for plot in PLOTS[kind]]  # on the figure of the last one, one after the other
    assert after == first
    assert len(set(first)) == len(first)  # the plots differ: a plot left on the figure would show


def test_bars_are_named_by_their_words_the_most_frequent_on_top(monkeypatch):
    monkeypatch.setattr(report, "_KEPT", {})
    report._bars_plot("`take` card, a game", [("map", 2.5), ("ruby", 1.0), ("pearl", 0.5)], None)
    _, axes = report._KEPT["bars"]
    assert [label.get_text() for label in axes.get_yticklabels()] == ["pearl", "ruby", "map"]  # upwards
    assert [bar.get_width() for bar in axes.patches] == [0.5, 1.0, 2.5]
