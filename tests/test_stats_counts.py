"""The counts, figures and report of `pnp stats`, worked out by hand on small inputs: a win alone or shared,
words a game, a histogram's steps, a word's change named, the minutes at the table, a result file's bytes, a
plan's variant played, a player's choices set against the greedy bot's, and what a report says and draws."""
from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace

import pytest

from pnp.check.replay import check_text
from pnp.stats import playtests, report, results
from pnp.stats.figures import _compare_events, figures
from pnp.stats.playtests import time_at_table
from pnp.stats.report import _settings, _steps
from pnp.stats.run import Plan, play_games
from pnp.stats.tally import Tally
from test_playtests import LENA_WINS, SHARED

pytestmark = pytest.mark.quick


def played(log: str):
    """The game a valid log records, as `pnp stats --playtests` counts it."""
    outcome = check_text(log, "game.log", record=True)
    assert not outcome.violations
    return outcome.game


def test_a_sole_winner_wins_alone_and_a_shared_win_is_counted_shared():
    tally = Tally()
    tally.add(played(LENA_WINS))  # Lena wins alone, two players
    tally.add(played(SHARED))  # Mia and Tom share the win, three players
    players = tally.counts()["players"]
    duel, three = players["2"], players["3"]
    assert (duel["games"], duel["shared"], duel["unsettled"]) == (1, 0, 0)
    assert (three["games"], three["shared"], three["unsettled"]) == (1, 1, 0)
    assert duel["seat"]["wins"] == [1, 0] and duel["seat"]["shared"] == [0, 0]  # Lena sits first
    assert three["seat"]["wins"] == [0, 0, 0] and three["seat"]["shared"] == [1, 1, 0]


def test_words_are_counted_a_game_the_most_frequent_first_and_the_header_kept():
    counts = {"games": 4, "verbs": {"give": 10}, "words": {"give": {"what": {"pirate": 6, "box": 2, "gold": 6}}},
              "header": {"date": {"2026-10-06": 4}}}
    shown = figures({"counts": counts, "settings": {"game": "pirates-gold"}})
    assert shown["words"]["give"]["what"] == [["gold", 6, 1.5], ["pirate", 6, 1.5], ["box", 2, 0.5]]
    assert shown["verbs"]["give"] == {"times": 10, "per_game": 2.5}
    assert shown["header"] == counts["header"]


def test_a_word_s_change_is_named_by_its_verb_field_and_word():
    old = {"games": 2, "verbs": {"give": 4}, "words": {"give": {"what": {"pirate": 2}}}}
    new = {"games": 2, "verbs": {"give": 6}, "words": {"give": {"what": {"pirate": 4}}}}
    rows = _compare_events(old, new)
    assert [row["what"] for row in rows] == ["`give` events a game", "`give` what pirate a game"]
    assert [(row["old"], row["new"]) for row in rows] == [(2.0, 3.0), (1.0, 2.0)]


def test_a_histogram_steps_every_whole_number_between_its_ends_and_other_values_where_they_lie():
    edges, shares = _steps({"n": 4, "histogram": [[1, 1], [3, 3]]})
    assert edges == [0.5, 1.5, 2.5, 3.5] and shares == [0.25, 0.0, 0.75]  # 2, never seen, a step of 0
    edges, shares = _steps({"n": 4, "histogram": [[1.5, 1], [2.5, 2], [4.0, 1]]})
    assert edges == [1.0, 2.0, 3.25, 4.5] and shares == [0.25, 0.5, 0.25]  # steps meet halfway between values


def test_the_minutes_at_the_table_are_averaged_to_a_tenth():
    timed = time_at_table([["a.log", 30], ["b.log", 45], ["c.log", 41]])
    assert (timed["games"], timed["mean"], timed["shortest"], timed["longest"]) == (3, 38.7, 30, 45)
    assert time_at_table([]) == {"games": 0, "logs": []}


def test_a_result_file_holds_its_keys_sorted_so_the_same_counts_give_the_same_bytes(tmp_path):
    results.write(tmp_path / "a.json", {"games": 3, "counts": {"words": {}, "verbs": {"take": 1, "give": 2}}})
    results.write(tmp_path / "b.json", {"counts": {"verbs": {"give": 2, "take": 1}, "words": {}}, "games": 3})
    text = (tmp_path / "a.json").read_text(encoding="utf-8")
    assert text == (tmp_path / "b.json").read_text(encoding="utf-8") and text.endswith("}\n")
    assert text.index('"counts"') < text.index('"games"') and text.index('"give"') < text.index('"take"')
    assert json.loads(text)["counts"]["verbs"] == {"give": 2, "take": 1}


def test_games_are_played_by_the_variant_the_plan_names():
    for rounds in (1, 3):  # the rounds a game of Pirates' Gold lasts: its own rules say 3
        counts = play_games(Plan("pirates-gold", seed=1, players=3, rules=(f"rounds={rounds}",)), 1, 4)
        assert counts["verbs"]["round"] == rounds * counts["games"] == rounds * 4


def test_a_choice_among_several_moves_is_counted_once_and_again_when_the_greedy_bot_would_not_make_it(monkeypatch):
    give, take = (SimpleNamespace(by_player=True, player="Mia", verb=verb) for verb in ("give", "take"))
    monkeypatch.setattr(playtests, "greedy_choices", lambda state, player, legal: [give])
    chosen: Counter = Counter()
    watch = playtests._watch(chosen)
    watch(SimpleNamespace(to_move=lambda: "Mia", legal_actions=lambda: [give, take]), give)
    watch(SimpleNamespace(to_move=lambda: "Mia", legal_actions=lambda: [give, take]), take)
    watch(SimpleNamespace(to_move=lambda: "Mia", legal_actions=lambda: [take]), take)  # no choice: not counted
    watch(SimpleNamespace(to_move=lambda: "Tom", legal_actions=lambda: [give, take]), take)  # not Mia's move
    assert chosen == {("give", 0): 1, ("give", 1): 0, ("take", 0): 1, ("take", 1): 1}


def settings_line(played: list, games: int = 5) -> str:
    """The settings line of a report of a run of `games` games whose result holds the `played` ranges."""
    data = {"games": games, "played": played, "counts": {"games": sum(last - first + 1 for first, last in played)},
            "settings": {"game": "pirates-gold", "seed": 1, "bots": ["greedy"], "players": 3, "options": {},
                         "data": "abc"}}
    return _settings(data, None)


def test_a_report_of_a_run_not_all_merged_says_how_many_games_are_still_to_merge():
    assert settings_line([(1, 2), (4, 4)]).startswith("<p>3 games (2 of the run&#x27;s 5 still to merge) · seed 1")
    assert settings_line([(1, 5)]).startswith("<p>5 games · seed 1 · bots greedy · players 3")


def test_a_report_compared_with_an_earlier_run_draws_both_runs_in_every_plot(monkeypatch):
    drawn: list = []
    for plot in ("_bars_plot", "_rates_plot", "_histogram_plot"):  # what each plot is given, not its picture
        monkeypatch.setattr(report, plot, lambda title, new, old, *rest: drawn.append((title, old is not None)) or "")
    made = []
    for rounds in (1, 3):
        plan = Plan("pirates-gold", seed=1, players=3, bots=("random", "stop-4"), rules=(f"rounds={rounds}",))
        made.append(results.result(plan.settings(), 12, [(1, 12)], play_games(plan, 1, 12)))  # enough to judge
    html = report.page(made[1], made[0])
    assert drawn and all(compared for _, compared in drawn)
    titles = {title for title, _ in drawn}
    assert {"events a game, by verb", "3 players: final scores", "3 players: wins by bot"} <= titles
    assert "<th>figure</th><th>value</th>" in html and "<td>mean score</td>" in html
    assert "Verbs and words are listed when their difference is real." in html
