"""`pnp stats`: exact counts whatever the workers, chunks and shards; figures with the right intervals; a
report to look at; what a data tweak changed, told apart from noise; mistakes reported cleanly."""
from __future__ import annotations

import base64
import importlib.util
import json
import random
import re
import statistics
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from click.testing import CliRunner

from conftest import edit, overlap, stats_problems
from pnp.check.engine import State
from pnp.check.loader import rules_for
from pnp.check.replay import check_path
from pnp.check.simulate import game_rng, play
from pnp.cli import cli
from pnp.errors import PnpError
from pnp.memo import Memo
from pnp.stats import report, results
from pnp.stats.figures import (MIN_GAMES, compare, distribution, figures, judge, newcombe, newcombe_p, rates_judged,
                               t_p, t_quantile, welch, wilson)
from pnp.stats.run import Plan, chunks, play_games, run, shard
from pnp.stats.tally import Tally, add

GAME = "buried-treasure"
PLAN = Plan(GAME, seed=3, bots=("random", "greedy"))


def stats(*args):
    result = CliRunner().invoke(cli, ["stats", *map(str, args)])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def written(folder, game=GAME) -> dict:
    return json.loads((folder / f"{game}-stats.json").read_text())


@pytest.fixture(scope="module")
def counts() -> dict:
    """Games 1..30 of PLAN, counted in one go here."""
    return run(PLAN, 1, 30)


def test_the_counts_are_the_same_whatever_the_chunks_and_workers(counts):
    progress = []
    assert run(PLAN, 1, 30, size=7, progress=progress.append) == counts
    assert progress == [7, 7, 7, 7, 2]
    assert run(PLAN, 1, 30, workers=2, size=4) == counts  # a pool of processes
    with ThreadPoolExecutor(3) as executor:  # any executor, as a Dask cluster's is
        assert run(PLAN, 1, 30, size=5, executor=executor) == counts
    assert run(Plan(GAME, seed=4, bots=PLAN.bots), 1, 30) != counts


def test_the_counts_add_up(counts):
    assert stats_problems(counts) == []
    assert counts["games"] == 30 and sum(counts["verbs"].values()) > 30 * 50
    assert set(counts["header"]["advanced"]) == {"yes", "no"}  # drawn game by game; player names are left out
    assert set(counts["header"]) == {"advanced"}
    assert counts["words"]["take"]["column"].keys() <= {"1", "2", "3", "4"} and "player" not in counts["words"]["take"]


def test_a_game_adds_its_own_figures():
    counts = run(Plan("cannon-dice", seed=2), 1, 12)
    assert sum(counts["game"]["rounds"].values()) == 12 and all(int(rounds) > 1 for rounds in counts["game"]["rounds"])
    assert set(counts["words"]["duel"]["rolls"]) <= {"1", "2", "3", "4", "5", "explosion"}  # the players left out
    assert stats_problems(counts) == []


def test_a_game_without_final_scores_is_told_what_stats_need(monkeypatch):
    played = play(rules_for(GAME), game_rng(1, 1), 2, ("random",), {}, "test")
    monkeypatch.setattr(type(played.state), "totals", State.totals)  # as a rules module that lacks them
    with pytest.raises(PnpError, match=r"the rules of Buried Treasure give no final scores \(`totals\(\)`"):
        Tally().add(played)


def test_the_bots_take_every_seat_in_turn():
    rules = rules_for(GAME)
    seated = [play(rules, game_rng(1, turn + 1), 3, ("random", "greedy"), {}, "test", turn).bots for turn in range(3)]
    assert seated == [("random", "greedy", "random"), ("greedy", "random", "greedy"), ("random", "greedy", "random")]


def test_counts_add_exactly_in_any_order():
    a = {"games": 2, "players": {"2": {"wins": [1, 0], "scores": [{"5": 1}, {}]}}}
    b = {"games": 3, "players": {"2": {"wins": [0, 2], "scores": [{"5": 2, "7": 1}, {"1": 1}]}, "3": {"x": 1}}}
    total = {"games": 5, "players": {"2": {"wins": [1, 2], "scores": [{"5": 3, "7": 1}, {"1": 1}]}, "3": {"x": 1}}}
    assert add(add({}, a), b) == add(add({}, b), a) == total
    assert a == {"games": 2, "players": {"2": {"wins": [1, 0], "scores": [{"5": 1}, {}]}}}  # not changed
    assert b["players"]["2"] == {"wins": [0, 2], "scores": [{"5": 2, "7": 1}, {"1": 1}]}
    counter = add(Counter({"games": 1}), b)  # into a mapping that makes up its missing values
    assert counter == {"games": 4, "players": b["players"]} and counter["players"] is not b["players"]


def test_chunks_and_shards_cover_every_game_once():
    assert chunks(1, 32_000, workers=2) == [(n, n + 1999) for n in range(1, 32_000, 2000)]  # eight a worker
    assert chunks(1, 500, workers=2) == [(1, 500)]  # never less than a thousand games a task when there are more
    assert chunks(1, 100_000, workers=1) == [(n, n + 9999) for n in range(1, 100_000, 10_000)]
    assert chunks(11, 20, workers=2, size=4) == [(11, 14), (15, 18), (19, 20)]
    assert [shard(10, i, 3) for i in (1, 2, 3)] == [(1, 3), (4, 6), (7, 10)]
    assert [shard(2, i, 3) for i in (1, 2, 3)] == [(1, 0), (1, 1), (2, 2)]


# --- figures ---------------------------------------------------------------------------------------------

def test_wilson_intervals_match_published_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert all(low <= hits / n <= high for n in range(1, 300) for hits in (0, n) for low, high in [wilson(hits, n)])


def test_a_change_of_rate_gets_newcombes_interval():
    old = {"settings": {"game": GAME}, "counts": {"games": 80, "players": {"2": block(48, 80)}}}
    new = {"settings": {"game": GAME}, "counts": {"games": 70, "players": {"2": block(56, 70)}}}
    row = next(r for r in compare(old, new) if r["what"] == "2 players: wins of the 1st player in turn order")
    assert (row["change"], row["low"], row["high"]) == pytest.approx((0.2, 0.0524, 0.3339), abs=1e-4)  # Newcombe 1998
    assert row["real"] and row["p"] < 0.05
    same = compare(old, old)
    assert not any(r["real"] for r in same) and all(r["change"] == 0 for r in same)


def test_the_p_value_of_a_change_and_its_interval_agree():
    """p < 0.05 exactly when the 95 % interval leaves zero out, for rates and for means alike; and at p the
    interval of that level just reaches zero."""
    draw = random.Random(3)
    for _ in range(300):
        n1, n2 = draw.randint(10, 300), draw.randint(10, 300)
        h1, h2 = draw.randint(0, n1), draw.randint(0, n2)
        (low, high), p = newcombe(h1, n1, h2, n2), newcombe_p(h1, n1, h2, n2)
        assert (p < 0.05) == (low > 0 or high < 0)
        if 0 < p < 1:
            z = -statistics.NormalDist().inv_cdf(p / 2)
            assert min(abs(bound) for bound in newcombe(h1, n1, h2, n2, z)) < 1e-6
        old, new = ((draw.randint(2, 50), draw.gauss(0, 3), draw.uniform(0, 20)) for _ in range(2))
        low, high, p = welch(old, new)
        assert (p < 0.05) == (low > 0 or high < 0)


def result_of(block: dict) -> dict:
    """A result of the two-player games of `block`."""
    return {"settings": {"game": GAME}, "counts": {"games": block["games"], "players": {"2": block}}}


def test_students_t_matches_published_values():
    for df, t in ((1, 12.7062), (2, 4.3027), (9, 2.2622), (30, 2.0423), (1000, 1.9623), (10 ** 6, 1.9600)):
        assert t_quantile(df) == pytest.approx(t, abs=1e-4)
    assert t_p(2.0, 10) == pytest.approx(0.07339, abs=1e-5)
    assert t_p(3.0, 5) == pytest.approx(0.03010, abs=1e-5)
    assert t_p(0.0, 7) == 1.0


def test_a_quantile_is_kept_by_its_degrees_of_freedom(monkeypatch):
    """A report asks for the quantiles of the same degrees of freedom again and again: each is worked out once
    and kept, the oldest let go when the memo is full."""
    kept = Memo(2)
    monkeypatch.setattr("pnp.stats.figures.QUANTILES", kept)
    nine = t_quantile(9)
    assert dict(kept) == {9: nine} and nine == pytest.approx(2.2622, abs=1e-4)
    kept[9] = 5.0
    assert t_quantile(9) == 5.0  # asked for again: given back as kept, not worked out
    ten, eleven = t_quantile(10), t_quantile(11)
    assert dict(kept) == {10: ten, 11: eleven}
    assert t_quantile(9) == nine  # let go, and worked out again


def test_a_spread_of_zero_never_makes_a_difference_certain():
    """One game, or games all alike, show no spread: each side's variance is raised to both samples' together."""
    assert welch((10, 5.0, 0.0), (10, 5.0, 0.0)) == (0.0, 0.0, 1.0)  # every game the same value: no change
    low, high, p = welch((1, 9.0, 0.0), (500, 6.0, 4.0))  # one game against many: the interval is not of zero width
    assert low < 0 < high and p > 0.05
    low, high, p = welch((10, 5.0, 0.0), (10, 6.0, 0.0))  # ten games of 5 against ten of 6: real, not certain
    assert 0 < low < 1 < high and 1e-5 < p < 1e-2
    assert welch((20, 0.05, 0.05), (2000, 0.5, 0.6))[2] > 1e-3  # a word seen once in 20 games borrows the common spread


def test_figures_of_too_few_games_are_shown_but_never_judged():
    few, many = result_of(block(0, MIN_GAMES - 1)), result_of(block(900, 1000))  # the first player: 0 of 9, 900 of 1000
    rows = {row["what"]: row for row in compare(few, many)}
    first = rows["2 players: wins of the 1st player in turn order"]
    assert first["p"] is None and not first["real"] and first["low"] > 0  # the interval alone would say real
    assert all(row["p"] is None and not row["real"] for row in rows.values())
    assert not rates_judged(1, 40, 150, 5000) and rates_judged(20, 40, 2500, 5000)  # a tie in 40 games is too rare


def test_the_false_discovery_rate_is_kept_over_every_figure_of_a_report():
    """Benjamini–Hochberg at 0.05: ranked by p, real up to the last rank k with p ≤ 0.05·k/m; rows with no p
    are never real and do not count; comparisons of one report are judged together."""
    rows = [{"p": p} for p in (0.04, 0.001, 0.5, 0.014, 0.012, None)]
    assert judge(rows) == 5
    assert [row["real"] for row in rows] == [True, True, False, True, True, False]  # 0.04 ≤ 0.05·4/5
    step_up = [{"p": p} for p in (0.02, 0.025, 0.9)]  # 0.02 > 0.05/3, yet it is real: 0.025 ≤ 0.05·2/3
    judge(step_up)
    assert [row["real"] for row in step_up] == [True, True, False]
    alone, others = [{"p": 0.03}], [{"p": 0.5} for _ in range(9)]
    judge(alone)
    assert alone[0]["real"]
    assert judge(alone, others) == 10 and not alone[0]["real"]  # among ten figures, 0.03 no longer holds up


def block(first_wins: int, games: int) -> dict:
    """The counts of two-player games won `first_wins` times by the first player, never tied."""
    scores = [{"10": first_wins, "5": games - first_wins}, {"10": games - first_wins, "5": first_wins}]
    places = {"wins": [first_wins, games - first_wins], "shared": [0, 0], "scores": scores}
    return {"games": games, "shared": 0, "unsettled": 0, "seat": places, "order": places,
            "bots": {"random": {"seats": 2 * games, "wins": games, "shared": 0, "scores": {"10": games, "5": games}}},
            "margin": {"5": games}, "events": {"40": games}, "moves": {"30": games}}


def test_the_squares_of_each_games_counts_add_up(counts):
    """`squares` holds, for each verb and word, the sum over games of its times in a game squared."""
    games = [play_games(PLAN, n, n) for n in range(1, 31)]
    squares = counts["squares"]
    assert squares["games"] == 30
    for verb, square in squares["verbs"].items():
        assert square == sum(game["verbs"].get(verb, 0) ** 2 for game in games)
    for verb, fields in squares["words"].items():
        for field, words in fields.items():
            for word, square in words.items():
                assert square == sum(game["words"].get(verb, {}).get(field, {}).get(word, 0) ** 2 for game in games)
                assert square * 30 >= counts["words"][verb][field][word] ** 2  # mean of squares ≥ square of mean


def test_verbs_and_words_of_a_result_without_squares_are_shown_not_judged(counts):
    from pnp.stats.report import unjudged_events_html

    new = results.result(PLAN.settings(), 30, [(1, 30)], counts)
    old = {**new, "counts": {key: value for key, value in counts.items() if key != "squares"}}
    for earlier in (old, {**new, "counts": add(add({}, counts), {"games": 5})}):  # no squares; squares of fewer games
        events = [row for row in compare(earlier, new) if row["what"].startswith("`")]
        assert events and all(row["p"] is None and not row["real"] for row in events)
        assert all(row["low"] < row["high"] for row in events if row["old"] or row["new"])  # an interval is shown
        assert "not judged" in " ".join(unjudged_events_html(earlier, new))
    assert all(row["p"] is not None for row in compare(new, new) if row["what"].startswith("`"))
    assert unjudged_events_html(new, new) == []


def test_distributions_are_exact():
    summary = distribution({"3": 2, "10": 1, "-1": 1})
    assert (summary["n"], summary["mean"], summary["min"], summary["median"], summary["max"]) == (4, 3.75, -1, 3, 10)
    assert summary["sd"] == pytest.approx(statistics.stdev([-1, 3, 3, 10]))
    assert summary["histogram"] == [[-1, 1], [3, 2], [10, 1]]


def test_figures_say_who_wins_by_place_seat_and_bot(counts):
    data = results.result(PLAN.settings(), 30, [(1, 30)], counts)
    for n, block in figures(data)["players"].items():
        decided = block["games"] - block["ties"]["count"] - block["unsettled"]["count"]
        assert sum(place["wins"]["count"] for place in block["order"]) == decided
        assert block["first_player"] == block["order"][0]
        assert block["fair_share"] == pytest.approx(decided / block["games"] / int(n))
        assert block["score"]["n"] == block["games"] * int(n)
        low, high = wilson(block["order"][0]["wins"]["count"], block["games"])
        assert (block["order"][0]["wins"]["low"], block["order"][0]["wins"]["high"]) == (low, high)


# --- the command: shards, merge, compare, report -----------------------------------------------------------

def test_shards_merge_into_the_whole_run_exactly(tmp_path):
    common = [GAME, "--games", 20, "--seed", 5, "--workers", 1, "--bots", "random,greedy"]
    assert stats(*common, "--out", tmp_path / "whole", "--no-html").exit_code == 0
    for i in (1, 2, 3):
        result = stats(*common, "--shard", f"{i}/3", "--out", tmp_path / "shards")
        assert result.exit_code == 0, result.output
        assert f"games {shard(20, i, 3)[0]}–{shard(20, i, 3)[1]} of 20" in result.output
    files = sorted((tmp_path / "shards").glob("*.json"))
    assert len(files) == 3
    result = stats("merge", *files, "--out", tmp_path / "merged", "--no-html")
    assert result.exit_code == 0, result.output
    merged, whole = written(tmp_path / "merged"), written(tmp_path / "whole")
    assert merged == whole and merged["played"] == [[1, 20]]
    part = stats("merge", *files[:2], "--out", tmp_path / "part", "--no-html")
    assert "7 of the run's 20 games are not counted yet" in part.output
    twice = stats("merge", files[0], files[1], files[0], "--out", tmp_path / "twice")
    assert twice.exit_code == 2 and "are counted in both" in twice.output
    other = stats(*common[:4], 6, *common[5:], "--shard", "1/3", "--out", tmp_path / "other")
    mixed = stats("merge", files[1], next((tmp_path / "other").glob("*.json")), "--out", tmp_path / "mixed")
    assert mixed.exit_code == 2 and "other settings" in mixed.output and "different seed" in mixed.output, other.output


def test_a_data_tweak_shows_as_a_real_change_and_a_rerun_as_noise(tmp_path, game_copy):
    folder = game_copy(GAME)
    common = ["--games", 400, "--players", 2, "--option", "advanced=no", "--workers", 2, "--no-html"]
    assert stats(GAME, *common, "--out", tmp_path / "old").exit_code == 0
    rerun = stats(GAME, *common, "--seed", 1, "--out", tmp_path / "rerun", "--compare", tmp_path / "old" / f"{GAME}-stats.json")
    rows = {row["what"]: row for row in written(tmp_path / "rerun")["changes"]}
    assert not rows["2 players: mean score"]["real"], rerun.output
    edit(folder / "score-cards.yaml", "red: [10, 5]", "red: [30, 15]")  # score card A's red is worth much more
    tweaked = stats(folder, *common, "--out", tmp_path / "new", "--compare", tmp_path / "old" / f"{GAME}-stats.json")
    assert tweaked.exit_code == 0, tweaked.output
    rows = {row["what"]: row for row in written(tmp_path / "new")["changes"]}
    assert rows["2 players: mean score"]["real"] and rows["2 players: mean score"]["low"] > 0
    assert "2 players: mean score" in tweaked.output and "changed for real" in tweaked.output
    assert written(tmp_path / "new")["settings"]["data"] != written(tmp_path / "old")["settings"]["data"]


def test_the_report_shows_its_figures_and_plots(tmp_path, monkeypatch):
    drawn = drawn_plots(monkeypatch)
    old = tmp_path / "old"
    assert stats(GAME, "--games", 40, "--seed", 1, "--out", old, "--no-html").exit_code == 0
    result = stats(GAME, "--games", 40, "--seed", 2, "--bots", "random,greedy", "--out", tmp_path,
                   "--compare", old / f"{GAME}-stats.json")
    assert result.exit_code == 0, result.output
    assert "wins by bot: greedy" in result.output and "figures changed for real" in result.output
    page = (tmp_path / f"{GAME}-stats.html").read_text()
    for text in ("What changed", "the first player wins", "place in turn order", "place by seat", "greedy",
                 "What comes up", "advanced: no", "Benjamini–Hochberg", f"{MIN_GAMES} games or more on each side"):
        assert text in page
    assert "one in twenty looks different by chance alone" not in page
    pictures = re.findall(r"src='data:image/png;base64,([^']+)'", page)
    assert len(pictures) >= 3 * 6 + 5
    assert all(base64.b64decode(picture).startswith(b"\x89PNG") for picture in pictures)
    assert drawn == [[]] * len(pictures)
    data = written(tmp_path)
    assert data["figures"]["games"] == 40 and data["changes"]


def test_a_plot_makes_room_for_long_names(monkeypatch):
    drawn = drawn_plots(monkeypatch)
    words = [(f"a treasure map torn in {n} pieces and found again", n / 10) for n in range(1, 9)]
    report._bars_plot("`find` card, a game", words, words[::2])
    rates = [(f"cautious bot {n}", {"rate": 0.004 * n, "low": 0.0, "high": 0.01 * n}) for n in range(1, 4)]
    report._rates_plot("2 players: wins by bot", rates, None, 0.004)
    assert drawn == [[], []]


def drawn_plots(monkeypatch) -> list:
    """The misplaced writing (`misplaced_writing`) of each plot the report draws from here on, found as it is
    drawn: the plots of a kind are drawn on one figure, one after the other."""
    drawn, embedded = [], report._embedded

    def drawing(figure, title):
        picture = embedded(figure, title)
        drawn.append(misplaced_writing(figure))
        return picture

    monkeypatch.setattr(report, "_embedded", drawing)
    return drawn


def misplaced_writing(figure) -> list:
    """The writing of a drawn plot (title, axis and tick labels, legend) that the picture's edge cuts or that
    overlaps other writing."""
    [axes] = figure.axes
    legend = axes.get_legend()
    texts = [axes.title, axes.xaxis.label, axes.yaxis.label, *(legend.get_texts() if legend else [])]
    for axis in (axes.xaxis, axes.yaxis):
        low, high = sorted(axis.get_view_interval())
        texts += [tick.label1 for tick in axis.get_major_ticks() if low <= tick.get_loc() <= high]
    boxes = [(text.get_text(), text.get_window_extent(figure.canvas.get_renderer())) for text in texts
             if text.get_visible() and text.get_text()]
    edge = figure.bbox
    misplaced = [f"{name!r} cut" for name, box in boxes
                 if box.x0 < edge.x0 or box.y0 < edge.y0 or box.x1 > edge.x1 or box.y1 > edge.y1]
    return misplaced + [f"{name!r} over {other!r}" for at, (name, box) in enumerate(boxes)
                        for other, other_box in boxes[at + 1:] if overlap(box, other_box)]


def test_bots_that_never_finish_a_game_are_named_rather_than_win_rates_trusted(tmp_path):
    """Buccaneer's random bots never bring 20 points home: every game is stopped, and the summary says so."""
    result = stats("buccaneer", "--games", 3, "--players", 2, "--out", tmp_path, "--no-html")
    assert result.exit_code == 0, result.output
    assert "no winner 100.0 %" in result.output
    assert "no game had a winner (bots: random)" in result.output and "--bots greedy" in result.output
    finished = stats(GAME, "--games", 10, "--out", tmp_path, "--no-html")
    assert "no winner" not in finished.output and "no game had a winner" not in finished.output


def test_logs_are_written_only_when_asked_and_pass_the_checker(tmp_path):
    assert stats(GAME, "--games", 3, "--out", tmp_path / "out", "--no-html").exit_code == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == [f"{GAME}-stats.json"]
    assert stats(GAME, "--games", 3, "--out", tmp_path / "out", "--no-html", "--logs", tmp_path / "logs").exit_code == 0
    logs = sorted((tmp_path / "logs").glob("*.log"))
    assert len(logs) == 3 and all(check_path(log).violations == [] for log in logs)


@pytest.mark.parametrize("args, message", [
    ([GAME, "--bots", "random,clever"], "no bot 'clever' plays Buried Treasure (its bots: random, greedy)"),
    ([GAME, "--bots", ","], "name one bot or more"),
    ([GAME, "--shard", "4/3"], "expected I/N with 1 ≤ I ≤ N"),
    ([GAME, "--option", "advanced=maybe", "--games", 2], "header is not valid"),
    ([GAME, "--players", 9, "--games", 2], "simulated with 2–4 players, not 9"),
    (["no-such-game"], "no-such-game"),
])
def test_mistakes_are_errors_not_tracebacks(tmp_path, args, message):
    result = stats(*args, "--out", tmp_path)
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_game_is_compared_only_with_itself(tmp_path):
    assert stats("cannon-dice", "--games", 2, "--out", tmp_path / "other", "--no-html").exit_code == 0
    result = stats(GAME, "--games", 2, "--out", tmp_path, "--compare", tmp_path / "other" / "cannon-dice-stats.json")
    assert result.exit_code == 2 and "holds figures of cannon-dice, not of buried-treasure" in result.output


def test_a_file_that_is_no_result_is_refused(tmp_path):
    (tmp_path / "a.json").write_text('{"format": "pnp-stats 1", "settings": {}, "games": 3, "played": [[1, 3]], '
                                     '"counts": {"games": "three"}}')
    (tmp_path / "b.json").write_text("not json")
    for name, message in (("a.json", "holds something other than whole numbers"), ("b.json", "not a pnp stats result"),
                          ("c.json", "cannot read it")):
        result = stats("merge", tmp_path / name, "--out", tmp_path)
        assert result.exit_code == 2 and message in result.output, result.output


def test_dask_is_asked_for_by_name_when_missing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if the cluster extra were not installed
    result = stats(GAME, "--games", 2, "--dask", "tcp://127.0.0.1:1", "--out", tmp_path)
    assert result.exit_code == 2 and "pip install 'pnp-press[cluster]'" in result.output


@pytest.mark.cluster
def test_a_dask_cluster_plays_the_same_games(counts, tmp_path):
    from dask.distributed import LocalCluster

    from pnp.stats.cluster import dask_executor

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with dask_executor(cluster.scheduler_address) as executor:
            assert run(PLAN, 1, 30, size=6, executor=executor) == counts
        result = stats(GAME, "--games", 30, "--seed", 3, "--bots", "random,greedy", "--chunk", 7, "--no-html",
                       "--dask", cluster.scheduler_address, "--out", tmp_path)
        assert result.exit_code == 0, result.output
        assert written(tmp_path)["counts"] == counts


def test_without_matplotlib_the_page_is_refused_before_any_game_and_the_figures_still_come(tmp_path, monkeypatch):
    """matplotlib is the `stats` extra: without it `pnp stats` says how to install it, before playing, and
    --no-html needs none."""
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    refused = stats(GAME, "--games", 3, "--out", tmp_path / "out")
    assert refused.exit_code == 2 and "pnp-press[stats]" in refused.output and "Traceback" not in refused.output
    assert not (tmp_path / "out").exists()
    assert stats(GAME, "--games", 3, "--out", tmp_path / "out", "--no-html").exit_code == 0
