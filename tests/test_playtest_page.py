"""The page of `pnp stats GAME --playtests`, its parts written from small results made by hand: what was read
and played (the variants, the bots beside), the words never named, and the games recorded at the table."""
from __future__ import annotations

import pytest

from pnp.stats.playtest_report import _at_the_table, _intro, _only_people

pytestmark = pytest.mark.quick


def heads(html: str) -> list[str]:
    """The column heads of every table of a piece of the page, in order."""
    return [cell.split("</th>")[0] for cell in html.split("<th>")[1:]]


def test_the_introduction_names_the_logs_the_variants_played_and_the_bots_beside():
    doc = {"game": "pirates-gold", "logs": 5, "folders": ["logs", "more"], "valid": 4, "broken": [{}],
           "figures": {"header": {}}, "variants": {"": 3, "hand=5": 1},
           "bots": {"settings": {"bots": ["greedy", "random"], "seed": 7}, "figures": {"games": 60}}}
    said = _intro(doc)
    assert "5 logs read from logs, more · 4 valid and counted · 1 left out" in said
    assert "played by pirates-gold&#x27;s own rules: 3 games, rules hand=5: 1 game" in said
    assert "beside 60 games of bots greedy, random (seed 7)" in said


def test_the_introduction_names_no_variant_when_every_game_was_played_by_the_game_s_own_rules():
    doc = {"game": "pirates-gold", "logs": 1, "folders": ["logs"], "valid": 1, "broken": [],
           "figures": {"header": {}}, "variants": {"": 1}}
    assert "played by" not in _intro(doc) and "beside" not in _intro(doc)


def test_the_words_never_named_are_listed_by_verb_and_field(tmp_path):
    doc = {"valid": 3, "decisions": {"logs": 3, "verbs": {}}, "longest": [], "shortest": [],
           "never_named": {"give": {"what": ["box", "gold"]}}}
    page = "".join(_only_people(doc, tmp_path))
    assert "Never named in 3 games" in page and heads(page)[3:5] == ["in", "never named"]  # after the choices'
    assert "<td>`give` what</td><td>box, gold</td>" in page
    doc["never_named"] = {}
    assert "Every word of the game's tables came up" in "".join(_only_people(doc, tmp_path))


def test_games_at_the_table_show_their_minutes_each_linked_to_its_log(tmp_path):
    log = tmp_path / "logs" / "a.log"
    timed = {"games": 2, "mean": 36.5, "shortest": 31, "longest": 42,
             "logs": [{"file": str(log), "minutes": 42}, {"file": str(tmp_path / "logs" / "b.log"), "minutes": 31}]}
    page = "".join(_at_the_table({"minutes": timed, "notes": []}, tmp_path / "out"))
    assert "2 games recorded with their start and end: 36.5 minutes on average, 31 the shortest, 42 the longest" in page
    assert heads(page) == ["log", "minutes"] and "href='../logs/a.log'" in page and "<td>42</td>" in page
    assert "Notes written during play" not in page


def test_notes_alone_are_shown_without_minutes_and_nothing_is_shown_without_either(tmp_path):
    note = {"file": str(tmp_path / "a.log"), "line": 9, "time": "19:06", "note": "unclear", "after": "Mia give Tom 1"}
    page = "".join(_at_the_table({"minutes": {"games": 0, "logs": []}, "notes": [note]}, tmp_path))
    assert "minutes on average" not in page and heads(page) == ["log", "line", "time", "note", "after the line"]
    assert page.startswith("<h2>At the table</h2><h3>Notes written during play</h3><table>")
    assert _at_the_table({}, tmp_path) == []
