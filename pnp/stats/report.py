"""The page people look at after `pnp stats`: tables of the figures and matplotlib plots embedded as PNG,
in one HTML file; with an older result, what changed first, each change with its 95 % interval, the
changes that hold up among all the figures highlighted (pnp.stats.figures)."""
from __future__ import annotations

import base64
import html
import io

from pnp.stats.figures import (FDR, MIN_EXPECTED, MIN_GAMES, compare, figures, judged, percent, played_by,
                               rate_text, spread_known)
from pnp.stats.results import missing
from pnp.wording import plural
from pnp.write.html import page as html_page

EXTRA_STYLE = """
table{border-collapse:collapse;margin:.6em 0 1.2em;background:#fffdf7}
td,th{border:1px solid #c9bca4;padding:.2em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}
tr.real td{background:#f6e3b4;font-weight:bold}
.plots{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
.plots img{background:#fff;box-shadow:0 1px 4px #0004;max-width:100%}
"""
NEW, OLD, FAIR = "#1f5fa8", "#b8a88c", "#a83a1f"
TOP_WORDS = 25  # the most frequent words of a field plotted; the JSON file has them all
SIDES = ("before", "now")  # what the plots call the two results they compare


def page(data: dict, old: dict | None = None) -> str:
    """The report of a result (pnp.stats.results), compared with `old` when given."""
    new_figures, old_figures = figures(data), figures(old) if old else None
    title = f"{data['settings']['game']}: balance statistics"
    body = [_settings(data, old)]
    sides = SIDES
    if old and (data["settings"].get("rules") or old["settings"].get("rules")):
        sides = (played_by(old, short=True), played_by(data, short=True))  # each side named by its rules
    if old:
        body += changes_html(compare(old, data), sides if sides != SIDES else ("before", "after"))
        body += unjudged_events_html(old, data)
    for players, block in new_figures["players"].items():
        before = old_figures["players"].get(players) if old_figures else None
        body += block_html(players, block, before, sides=sides)
    body += frequencies_html(new_figures, old_figures, sides)
    return html_page(title, body, style=EXTRA_STYLE) + "\n"


def _settings(data: dict, old: dict | None) -> str:
    s = data["settings"]
    lacking = missing(data)
    items = [plural(data['counts'].get('games', 0), 'game') + (f" ({lacking:,} of the run's {data['games']:,} "
                                                            "still to merge)" if lacking else ""),
             f"seed {s['seed']}", f"bots {', '.join(s['bots'])}",
             f"players {s['players'] or 'drawn game by game'}",
             "options " + (", ".join(f"{k}={v}" for k, v in s["options"].items()) or "drawn game by game"),
             f"game data {s['data']}", f"played by {played_by(data)}"]
    items += [drawn_html(key, values) for key, values in sorted(data["counts"].get("header", {}).items())]
    if old:
        items.append(f"compared with an earlier run of {plural(old['counts'].get('games', 0), 'game')} "
                     f"(game data {old['settings']['data']}, played by {played_by(old)})")
    return "<p>" + " · ".join(map(html.escape, items)) + "</p>"


def drawn_html(key: str, values: dict) -> str:
    """How often each value of a header key was drawn: `advanced: no 1,480, yes 1,520`."""
    if len(values) > 6:
        return f"{key}: {len(values)} values drawn"
    return f"{key}: " + ", ".join(f"{value} {times:,}" for value, times in sorted(values.items()))


def table_html(heads: list, rows: list, classes: list | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in heads)
    lines = [f"<tr class='{c}'>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>"
             for row, c in zip(rows, classes or [""] * len(rows))]
    return f"<table><tr>{head}</tr>{''.join(lines)}</table>"


# --- what changed --------------------------------------------------------------------------------------

def unjudged_events_html(old: dict, new: dict) -> list:
    """A word on verbs and words left unjudged because a result does not say how they vary game by game."""
    if all(spread_known(side["counts"]) for side in (old, new)):
        return []
    return ["<p>One of the two results was counted before pnp kept how much each verb and word comes up from "
            "game to game: their changes are shown with the interval of Poisson counts, and not judged (play "
            "that run again to judge them).</p>"]


def changes_html(rows: list, sides: tuple = ("before", "after"), heading: str = "What changed",
                 level: int = 2, together: int | None = None) -> list:
    """The comparison's rows: every figure of the games, and the verbs and words whose change is real;
    `sides` name the two results compared, `together` how many figures the report judged together (the
    judged rows of this comparison unless the report has more)."""
    shown = [row for row in rows if not row["what"].startswith("`") or row["real"]]
    table = table_html(["figure", *sides, "difference", "95 % interval of the difference"],
                       [[r["what"], _plain(r["old"]), _plain(r["new"]), _plain(r["change"], signed=True),
                         f"{_plain(r['low'], signed=True)} to {_plain(r['high'], signed=True)}"] for r in shown],
                       ["real" if r["real"] else "" for r in shown])
    return [f"<h{level}>{html.escape(heading)}</h{level}>", f"<p>{html.escape(judging_text(rows, together))}</p>",
            table]


def judging_text(rows: list, together: int | None = None) -> str:
    """What the highlighting means, in plain words: how many figures the page judged together, and the least
    sample a figure is judged on."""
    count, real = judged(rows), sum(row["real"] for row in rows)
    together = count if together is None else together
    chance = round(1 / FDR)
    least = (f"only figures of {MIN_GAMES} games or more on each side are judged (for the wins of a bot or a "
             f"player, {MIN_GAMES} seats as well), and a rate only when each side, at the two sides' rate together, "
             f"expects {MIN_EXPECTED} games or more each way")
    if not together:
        return (f"None of these {len(rows)} figures rests on enough games to be judged, so none is highlighted: "
                f"{least}.")
    unjudged = len(rows) - count
    return (f"{real} of {len(rows)} figures differ for real, highlighted: the differences that hold up when all "
            f"{together:,} figures judged on this page are taken together, with at most one in {chance} of the "
            "highlighted ones expected to be chance (Benjamini–Hochberg). An interval that leaves out zero is not "
            f"enough on its own: among many figures, about one in {chance} does so by chance alone. Besides, {least}"
            + (f"; {unjudged} of these figures are shown but not judged." if unjudged else ".")
            + " Verbs and words are listed when their difference is real.")


def _plain(value: float, signed: bool = False) -> str:
    text = f"{value:+.3f}" if signed else f"{value:.3f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


# --- one number of players -----------------------------------------------------------------------------

def block_html(players: str, block: dict, old: dict | None, who: str = "bot", sides: tuple = SIDES) -> list:
    """The figures of one number of players; `who` sits in the seats (a bot, or a player by name), and
    `sides` name `old` and `block` in the plots."""
    seated = plural(int(players), 'player')  # "3 players", "1 player"
    first = block["first_player"]["wins"]
    summary = table_html(["figure", "value"], [
        ["games", f"{block['games']:,}"],
        ["the first player wins", rate_text(first)],
        ["each player's fair share of wins", percent(block["fair_share"])],
        ["ties (shared wins)", rate_text(block["ties"])],
        ["games with no winner", rate_text(block["unsettled"])],
        ["mean score", f"{block['score']['mean']:.1f} (sd {block['score']['sd']:.1f})"],
        ["mean winning margin", f"{block['margin']['mean']:.1f}"],
        ["mean events a game", f"{block['events']['mean']:.1f} ({block['moves']['mean']:.1f} players' moves)"],
    ])
    tables = [_places_table("in turn order", block["order"]), _places_table("by seat", block["seat"]),
              table_html([who, "seats", "wins (95 % interval)", "shared", "mean score"],
                     [[bot, f"{b['seats']:,}", rate_text(b["wins"]), b["shared"], f"{b['score']['mean']:.1f}"]
                      for bot, b in block["bots"].items()])]
    plots = [_rates_plot(f"{seated}: wins by place in turn order",
                         [(str(p["place"]), p["wins"]) for p in block["order"]],
                         old and [(str(p["place"]), p["wins"]) for p in old["order"]], block["fair_share"], sides)]
    if len(block["bots"]) > 1:
        before = old and who == "bot" and [(b, f["wins"]) for b, f in old["bots"].items()]
        plots.append(_rates_plot(f"{seated}: wins by {who}",
                                 [(b, f["wins"]) for b, f in block["bots"].items()], before, block["fair_share"], sides))
    for name, what in (("score", "final scores"), ("margin", "winning margins"), ("events", "events a game")):
        plots.append(_histogram_plot(f"{seated}: {what}", block[name], old and old[name], sides))
    return [f"<h2>{seated}</h2>", summary, *tables, "<div class='plots'>", *plots, "</div>"]


def _places_table(how: str, places: list) -> str:
    return table_html([f"place {how}", "wins (95 % interval)", "shared", "mean score"],
                  [[p["place"], rate_text(p["wins"]), p["shared"], f"{p['score']['mean']:.1f}"] for p in places])


# --- what comes up -----------------------------------------------------------------------------------------

def frequencies_html(new: dict, old: dict | None, sides: tuple = SIDES) -> list:
    out = ["<h2>What comes up</h2>", "<p>How often each kind of event, and each card, space or face an event "
           "names, comes up a game (the most frequent ones; the JSON file lists them all).</p>",
           "<div class='plots'>",
           _bars_plot("events a game, by verb", [(verb, f["per_game"]) for verb, f in new["verbs"].items()],
                      old and [(verb, f["per_game"]) for verb, f in old["verbs"].items()], sides)]
    for verb, fields in new["words"].items():
        for field, words in fields.items():
            if len({times for _, times, _ in words}) > 1:  # all alike (each column dealt once a round) says nothing
                before = old and old["words"].get(verb, {}).get(field, [])
                out.append(_bars_plot(f"`{verb}` {field}, a game", [(w, per) for w, _, per in words[:TOP_WORDS]],
                                      before and [(w, per) for w, _, per in before], sides))
    for name, stat in new["game_stats"].items():
        if "histogram" in stat:
            before = old and old["game_stats"].get(name)
            out.append(_histogram_plot(f"the game's {name}", stat, before if before and "histogram" in before else None,
                                       sides))
    out.append("</div>")
    return out


# --- plots -------------------------------------------------------------------------------------------------

MARGIN = 4  # points between a plot's outermost writing and the picture's edge


def _figure(kind: str, height: float = 3.0):
    """The figure and axes that plots of `kind` are drawn on, `height` inches high, cleared of the last such
    plot. Each kind's figure is made once a process and drawn again and again: making an axes and its ticks
    took a third of a report's time. What a kind sets on its axes (title, axis labels, ticks, their labels and
    their formats) it sets for every plot, so only what it plots is taken away: bars, lines, the legend."""
    kept = _KEPT.get(kind)
    if kept is None:
        # imported only when a report is drawn: matplotlib takes a while to import
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        figure = Figure(figsize=(WIDTH, height), dpi=90)
        FigureCanvasAgg(figure)  # kept too, with its renderer
        kept = _KEPT[kind] = figure, figure.subplots()
    figure, axes = kept
    figure.set_size_inches(WIDTH, height)
    figure.subplotpars.reset()  # the axes where a new figure has them: `_fit` measures the ticks there
    figure.subplots_adjust()
    for artist in (*axes.patches, *axes.lines, *axes.collections):
        artist.remove()
    axes.containers.clear()
    if axes.get_legend():
        axes.get_legend().remove()
    axes.relim()  # the limits are found from what is plotted next, and are a new axes' when nothing is
    axes.set_xlim(0, 1, auto=True)
    axes.set_ylim(0, 1, auto=True)
    return figure, axes


WIDTH = 6.2  # inches, every plot
_KEPT: dict = {}  # plot kind -> (figure, axes): see _figure


def _title(axes, text: str) -> None:
    """The plot's title, at the top of the axes: placed there, not found at each drawing by measuring the tick
    labels that could stand above the axes (these plots have none there), a tenth of a plot's time."""
    axes.set_title(text, fontsize=10, y=1.0)


def _embedded(figure, title: str) -> str:
    _fit(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img alt='{html.escape(title)}' src='data:image/png;base64,{data}'>"


def _fit(figure) -> None:
    """Margins that just hold the plot's title, axis labels and tick labels, measured from their texts before the
    figure is drawn: matplotlib's layout engines find them by drawing it once more, half the report's time."""
    from matplotlib import rcParams

    [axes] = figure.axes
    width, height = (72 * side for side in figure.get_size_inches())  # points
    top = _line(axes.title.get_fontproperties()) + rcParams["axes.titlepad"] + MARGIN
    bottom = _beside(axes.xaxis, lambda size: size[1]) + MARGIN
    figure.subplots_adjust(bottom=bottom / height, top=1 - top / height)  # the y axis's ticks depend on its length
    left = _beside(axes.yaxis, lambda size: size[0]) + MARGIN
    figure.subplots_adjust(left=left / width)
    right = max((size[0] / 2 for size in _tick_label_sizes(axes.xaxis)), default=0) + MARGIN
    figure.subplots_adjust(right=1 - right / width)


def _beside(axis, across) -> float:
    """Points an axis's tick labels and label take beside the axes, `across` giving a text's extent that way from
    its (width, height)."""
    tick = axis.get_major_ticks(1)[0]
    used = max((across(size) for size in _tick_label_sizes(axis)), default=0) + tick.get_tick_padding() + tick.get_pad()
    if axis.label.get_text():
        used += _line(axis.label.get_fontproperties()) + axis.labelpad
    return used


def _tick_labels(axis) -> list:
    """The texts of an axis's tick labels as a drawing shows them: those within its limits."""
    locations = axis.get_majorticklocs()
    low, high = sorted(axis.get_view_interval())
    texts = axis.get_major_formatter().format_ticks(locations)
    return [text for location, text in zip(locations, texts) if low <= location <= high]


def _tick_label_sizes(axis) -> list:
    """(width, height) in points of each of an axis's tick labels."""
    font = axis.get_major_ticks(1)[0].label1.get_fontproperties()
    return [(_size(text, font)[0], _line(font)) for text in _tick_labels(axis)]


def _size(text: str, font) -> tuple:
    """(width, height) in points of a text in `font`. A report measures the same few texts again and again
    (tick labels, a line's height), so each is measured once. Fonts are equal when their properties are: a
    font changed after a measure no longer finds it."""
    size = _SIZES.get((text, font))
    if size is None:
        from matplotlib.textpath import text_to_path

        width, height, _ = text_to_path.get_text_width_height_descent(text, font, ismath=False)
        size = _SIZES[text, font] = width, height
    return size


_SIZES: dict = {}  # (text, font) -> (width, height): see _size


def _line(font) -> float:
    """The height of a line of writing in `font`, as matplotlib spaces lines."""
    return _size("lp", font)[1]


def _rates_plot(title: str, new: list, old: list | None, fair: float, sides: tuple = SIDES) -> str:
    """Bars of win rates with their 95 % intervals, the earlier run's beside them, and the fair share."""
    figure, axes = _figure("rates")
    drawn = [(old, OLD, sides[0], -0.2), (new, NEW, sides[1], 0.2)] if old else [(new, NEW, "", 0.0)]
    for rates, colour, label, shift in drawn:
        xs = [i + shift for i in range(len(rates))]
        values = [r["rate"] for _, r in rates]
        errors = [[r["rate"] - r["low"] for _, r in rates], [r["high"] - r["rate"] for _, r in rates]]
        axes.bar(xs, values, width=0.4 if old else 0.6, color=colour, yerr=errors, capsize=4, label=label or None)
    axes.axhline(fair, color=FAIR, linestyle="--", linewidth=1, label="fair share")
    axes.set_xticks(range(len(new)), [name for name, _ in new])
    axes.set_ylabel("share of games won")
    axes.yaxis.set_major_formatter(lambda value, _: f"{100 * value:.0f} %")
    _title(axes, title)
    axes.legend(fontsize=8)
    return _embedded(figure, title)


def _histogram_plot(title: str, new: dict, old: dict | None, sides: tuple = SIDES) -> str:
    """The share of games at each value, the earlier run's as a line over it."""
    figure, axes = _figure("histogram")
    for summary, style in ((new, {"fill": True, "color": NEW}), (old, {"color": "#5a4a30", "linewidth": 1.5})):
        if summary and summary["n"]:
            edges, shares = _steps(summary)
            axes.stairs(shares, edges, label=(sides[1] if summary is new else sides[0]) if old else None, **style)
    axes.set_ylabel("share")
    _title(axes, f"{title} (mean {new['mean']:.1f})")
    if old:
        axes.legend(fontsize=8)
    return _embedded(figure, title)


def _steps(summary: dict) -> tuple:
    """(edges, shares) of a histogram drawn as steps: a step a whole number, none left out; other values
    are drawn where they lie, each its own step."""
    counts = dict(summary["histogram"])
    values = sorted(counts)
    if all(isinstance(value, int) for value in values):
        values = list(range(values[0], values[-1] + 1))
        edges = [value - 0.5 for value in values] + [values[-1] + 0.5]
    else:
        middles = [(a + b) / 2 for a, b in zip(values, values[1:])]
        edges = [values[0] - 0.5, *middles, values[-1] + 0.5]
    return edges, [counts.get(value, 0) / summary["n"] for value in values]


def _bars_plot(title: str, new: list, old: list | None, sides: tuple = SIDES) -> str:
    """Horizontal bars of how often each word comes up a game, the earlier run's as a thin bar in front."""
    figure, axes = _figure("bars", height=0.8 + 0.2 * len(new))
    names = [name for name, _ in new][::-1]
    places = range(len(names))  # the names' places up the axis, as names plotted as categories would have
    axes.barh(places, [value for _, value in new][::-1], color=NEW, label=sides[1] if old else None)
    if old:
        before = dict(old)
        axes.barh(places, [before.get(name, 0) for name in names], height=0.3, color=OLD, label=sides[0])
        axes.legend(fontsize=8)
    axes.set_yticks(places, names)  # not categories: those of every plot drawn on the axes would be kept
    axes.tick_params(axis="y", labelsize=8)
    _title(axes, title)
    return _embedded(figure, title)
