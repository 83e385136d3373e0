"""`pnp stats GAME --playtests FOLDER`: people's logs counted as the bots' games are. The figures of a small
folder are counted here by hand; a broken log is reported and left out; a checked log's game is the record a
simulated game gives; the printings, the greedy bot's choices, the words never named, the page and the shipped
example logs."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.loader import rules_for
from pnp.check.replay import check_text, log_paths
from pnp.check.simulate import play
from pnp.cli import cli
from pnp.stats.figures import judge
from pnp.stats.playtests import comparisons, gather, printing, printings_in_order, result
from pnp.stats.tally import Tally

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "pnp" / "games" / "buried-treasure" / "examples" / "playtests"

# Three short games of Pirates' Gold, written by hand, and a fourth that gets its winner wrong.
SHARED = """\
game: pirates-gold
players: Mia Tom Ana
starts: Mia

round 1
Mia give Mia 1
Mia give Tom 1
Mia give Ana pirate
Tom give Ana pirate
Ana give Ana pirate
Mia give Ana pirate
round 2
Tom give Ana pirate
Ana give Ana pirate
Mia give Ana pirate
Tom give Ana 1
Tom give Ana pirate
final Mia 7 Tom 7 Ana 0
winner Mia Tom
"""
LENA_WINS = """\
game: pirates-gold
players: Lena Omar
starts: Lena
date: 2026-10-06

round 1
Lena give dummy pirate
Omar give dummy pirate
dummy give dummy pirate
Lena give Lena 2
Lena give Omar 1
Lena give dummy pirate
Lena take Omar dummy
round 2
Omar give dummy pirate
dummy give dummy pirate
Lena give Lena 3
Lena give Omar 1
Lena give dummy 1
Lena stop
Omar give Omar 2
Omar give Omar pirate
dummy give dummy 1
dummy give Lena pirate
Lena take Omar dummy
final Lena 9 Omar 4
winner Lena
"""
OMAR_WINS = """\
game: pirates-gold
players: Lena Omar
starts: Omar
date: 2026-10-13

round 1
Omar give Omar 3
Omar give Lena 1
Omar give dummy 1
Omar stop
dummy give dummy pirate
Lena give Lena pirate
Omar give Omar pirate
dummy give dummy 1
dummy give Lena 1
dummy give Omar box
Omar take dummy Lena
round 2
Lena give Lena pirate
Omar give Omar pirate
dummy give dummy pirate
Lena give Lena pirate
round 3
Omar give Omar pirate
dummy give dummy pirate
Lena give Lena pirate
Omar give Omar pirate
final Lena 2 Omar 8 dummy 3
winner Omar
"""
BROKEN = SHARED.replace("winner Mia Tom", "winner Mia")  # line 19: Mia and Tom share the win


def _folder(tmp_path: Path, logs: dict) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir(parents=True)
    for name, text in logs.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def small(tmp_path):
    folder = _folder(tmp_path, {"a-shared.log": SHARED, "b-lena.log": LENA_WINS, "c-omar.log": OMAR_WINS,
                                "d-broken.log": BROKEN})
    out = tmp_path / "out"
    run = CliRunner().invoke(cli, ["stats", "pirates-gold", "--playtests", str(folder), "--out", str(out),
                                   "--no-html"])
    assert run.exit_code == 0, run.output
    return run.output, json.loads((out / "pirates-gold-playtests.json").read_text(encoding="utf-8"))


def test_the_figures_match_a_hand_count(small):
    """Counted by hand from the three valid logs:
    - 2 players: Lena wins b (9 to 4), Omar wins c (8 to Lena's 2; the dummy's 3 is no player's). Each seat
      wins once; in turn order the first player to act (Lena in b, Omar in c) wins both. Margins 5 and 6.
      Events: b 22 lines, c 24 lines.
    - 3 players: a is shared by Mia and Tom (7 each, Ana 0): a tie, margin 0, 15 events, 11 of them moves.
    - `give` lines by a player: 11 in each (the dummy's lines are `dummy` lines, 4 in b, 6 in c): 33 in all.
    - the longest game is c, the shortest a."""
    output, doc = small
    assert (doc["logs"], doc["valid"]) == (4, 3)
    two, three = doc["figures"]["players"]["2"], doc["figures"]["players"]["3"]
    assert two["games"] == 2 and three["games"] == 1
    assert [p["wins"]["count"] for p in two["seat"]] == [1, 1]
    assert [p["wins"]["count"] for p in two["order"]] == [2, 0]
    assert two["first_player"]["wins"]["rate"] == 1.0
    assert two["margin"]["histogram"] == [[5, 1], [6, 1]]
    assert two["events"]["histogram"] == [[22, 1], [24, 1]]
    assert {name: b["wins"]["count"] for name, b in two["bots"].items()} == {"Lena": 1, "Omar": 1}
    assert two["bots"]["Lena"]["score"]["histogram"] == [[2, 1], [9, 1]]
    assert three["ties"]["count"] == 1 and three["margin"]["histogram"] == [[0, 1]]
    assert [p["shared"] for p in three["seat"]] == [1, 1, 0]
    assert three["moves"]["histogram"] == [[11, 1]]
    assert doc["figures"]["verbs"]["give"]["times"] == 33 and doc["figures"]["verbs"]["dummy"]["times"] == 10
    assert [g["file"].rsplit("/", 1)[-1] for g in (doc["longest"][0], doc["shortest"][0])] == ["c-omar.log",
                                                                                             "a-shared.log"]
    assert "3 players, 1 game:" in output  # one game, worded as one


def test_a_broken_log_is_reported_with_its_first_problem_and_left_out(small):
    output, doc = small
    [problem] = doc["broken"]
    assert problem["file"].endswith("d-broken.log") and (problem["line"], problem["rule"]) == (19, "PG-WINNER")
    assert "d-broken.log:19: PG-WINNER" in output
    assert "4 logs: 3 valid and counted, 1 left out" in output
    assert sum(block["games"] for block in doc["figures"]["players"].values()) == 3


def test_printings_by_kit_else_date_the_earliest_first(small):
    _, doc = small
    assert [p["printing"] for p in doc["printings"]] == ["dated 2026-10-06", "dated 2026-10-13", "unknown printing"]
    [change] = doc["printing_changes"]  # logs of no known printing are compared with none
    assert (change["from"], change["to"]) == ("dated 2026-10-06", "dated 2026-10-13")
    assert "2 players: wins of Lena" in [row["what"] for row in change["changes"]]
    assert printing({"kit": "64E92503", "date": "2026-10-06"}) == "kit 64e92503"
    counts = {"printings": {"kit b": {}, "kit a": {}, "dated x": {}}, "dates": {"kit b": {"2026-01-02": 1},
                                                                           "kit a": {"2026-03-01": 2}}}
    assert printings_in_order(counts) == ["kit b", "kit a", "dated x"]


def test_a_checked_log_gives_the_record_a_simulated_game_gives():
    """The same game, played by bots and then checked from its log, is counted alike: same code, same figures."""
    rules = rules_for("buried-treasure")
    for number in range(6):
        played = play(rules, random.Random(number), None, ("greedy", "random"), {}, "test")
        outcome = check_text(played.log(), "game.log", rules=rules, record=True)
        assert not outcome.violations
        replayed = outcome.game
        assert (replayed.actions, replayed.first, replayed.moves) == (played.actions, played.first, played.moves)
        assert replayed.state.totals() == played.state.totals()
        simulated, checked = Tally(), Tally()
        simulated.add(played)
        checked.add(replayed)
        bots, people = simulated.counts(), checked.counts()
        for block in (*bots["players"].values(), *people["players"].values()):
            block.pop("bots")  # who sat where: the bots' names, or the players'
        assert bots == people


def test_moves_are_set_against_the_greedy_bots(tmp_path):
    """A game played by the greedy bot alone never makes a move the greedy bot would not; one played by the random
    bot does, at some of its choices."""
    rules = rules_for("buried-treasure")
    logs = {f"{bot}-{n}.log": play(rules, random.Random(n), 2, (bot,), {"advanced": "yes" if n else "no"}, "test").log()
            for bot in ("greedy", "random") for n in range(3)}
    greedy = gather("buried-treasure", [_folder(tmp_path / "g", {k: v for k, v in logs.items() if "greedy" in k})])
    chance = gather("buried-treasure", [_folder(tmp_path / "r", {k: v for k, v in logs.items() if "random" in k})])
    assert greedy["decisions"]["take"][0] > 0 and greedy["decisions"]["play"][0] > 0
    assert all(unlike == 0 for verb, (_, unlike) in greedy["decisions"].items() if verb)
    assert chance["decisions"]["take"][1] > 0 and chance["decisions"][""] == [3, 0]  # three logs compared


@pytest.fixture(scope="module")
def shipped():
    rules = rules_for("buried-treasure")
    counts = gather("buried-treasure", [SHIPPED, SHIPPED.parent])
    return result(rules, [SHIPPED], counts)


def test_the_shipped_example_logs_pass_and_say_they_are_bots_games(shipped):
    logs = log_paths([SHIPPED])
    assert len(logs) >= 30
    for path in logs:
        assert path.read_text(encoding="utf-8").startswith("# Made by bots, not by people")
    assert shipped["broken"] == [] and shipped["valid"] == len(logs) + 2  # and the two hand-written examples


def test_bots_alone_before_another_option_ask_for_random_bots_beside_the_playtests(tmp_path):
    folder = _folder(tmp_path, {"a-shared.log": SHARED, "b-lena.log": LENA_WINS})
    out = tmp_path / "out"
    run = CliRunner().invoke(cli, ["stats", "pirates-gold", "--playtests", str(folder), "--games", "20", "--bots",
                                   "--out", str(out), "--no-html"])
    assert run.exit_code == 0, run.output  # `--out` is read as itself, not as the name of a bot
    doc = json.loads((out / "pirates-gold-playtests.json").read_text(encoding="utf-8"))
    assert doc["bots"]["settings"]["bots"] == ["random"] and "beside the bots' 20 games" in run.output


def test_one_log_for_each_number_of_players_is_never_a_real_difference(tmp_path):
    """A single playtest of each table size beside many bots' games: every figure is shown, none is judged on
    one game (nor the verbs and words on three), so none is highlighted."""
    rules = rules_for("buried-treasure")
    logs = {f"{players}.log": play(rules, random.Random(players), players, ("greedy", "random"), {}, "test").log()
            for players in (2, 3, 4)}
    folder, out = _folder(tmp_path, logs), tmp_path / "out"
    run = CliRunner().invoke(cli, ["stats", "buried-treasure", "--playtests", str(folder), "--bots", "random,greedy",
                                   "--games", "60", "--seed", "4", "--out", str(out), "--no-html"])
    assert run.exit_code == 0, run.output
    rows = json.loads((out / "buried-treasure-playtests.json").read_text(encoding="utf-8"))["humans_vs_bots"]
    assert len(rows) > 100 and {row["what"].split(":")[0] for row in rows} >= {"2 players", "3 players", "4 players"}
    assert not any(row["real"] for row in rows) and all(row["p"] is None for row in rows)
    assert f"0 of {len(rows)} figures differ for real" in run.output


def test_the_printings_are_judged_together_as_one_report(shipped):
    """Each printing compared with the one before: all of them judged at once, as the figures of one page."""
    from pnp.stats.playtest_report import page

    lists = comparisons(shipped)
    assert len(lists) == 3 and lists[0] == [] and all(lists[1:])  # no bots; three evenings, two comparisons
    before = [row["real"] for rows in lists for row in rows]
    together = judge(*lists)
    assert [row["real"] for rows in lists for row in rows] == before
    assert together == sum(row["p"] is not None for rows in lists for row in rows) > len(lists[1])
    assert f"all {together:,} figures judged on this page" in page(shipped, ROOT / "output")


def test_words_never_named_come_from_the_games_tables(shipped):
    never = shipped["never_named"]
    deck = set(rules_for("buried-treasure").deck)
    for verb, fields in never.items():
        for field, words in fields.items():
            seen = {word for word, _, _ in shipped["figures"]["words"].get(verb, {}).get(field, [])}
            assert not seen & set(words)
    assert set(never.get("deal", {}).get("cards", [])) <= deck


def test_the_page_links_each_log_and_names_both_sides(tmp_path):
    from pnp.stats.playtest_report import page

    folder = _folder(tmp_path, {"a.log": SHARED, "b.log": LENA_WINS, "c.log": BROKEN})
    doc = result(rules_for("pirates-gold"), [folder], gather("pirates-gold", [folder]))
    html = page(doc, tmp_path / "out")
    assert "href='../logs/c.log'" in html and "PG-WINNER" in html
    assert "Moves the greedy bot would not make" in html and "The longest games" in html


def test_words_leave_out_the_players_names():
    """A duel's rolls are counted as the faces rolled, whoever the log's players are (not `Lena 3`)."""
    counts = gather("cannon-dice", [ROOT / "pnp" / "games" / "cannon-dice" / "examples"])
    rolls = result(rules_for("cannon-dice"), [], counts)["counts"]["words"]["duel"]["rolls"]
    assert rolls and all(word.split()[0] not in ("Lena", "Omar", "Mia", "Tom") for word in rolls)
