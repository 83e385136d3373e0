"""Rule variants on the checking side: `pnp simulate --rule` writes the variant (`rules:`) and its kit (`kit:`)
into each log; `pnp check` judges a log by the variant it names, or by --rule for a log naming none, and reports
a header it cannot read at its line; `pnp stats --rule` plays the variant and `--compare` sets it beside the
game's own rules; `--playtests` says which logs were played by a variant. And, for every game with a checker,
bots play every rule fact's tweak (tests/rule_tweaks.py) and the checker passes their logs."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.loader import checked_games
from pnp.check.replay import check_path, check_text
from pnp.check.simulate import simulate
from pnp.cli import cli
from pnp.errors import PnpError, shown
from pnp.read.games import load_game
from pnp.read.version import kit_version
from rule_tweaks import tweaks

HAND = "hand-sizes.2=10"  # Buried Treasure, advanced game of two: ten starter cards each, not eleven
ADVANCED_TWO = ["--players", "2", "--option", "advanced=yes"]


def pnp(*args):
    """A command run as the command line runs it: a traceback never reaches the user."""
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def header(text: str) -> dict:
    return dict(re.findall(r"^(\w+): (.*)$", text.split("\n\n")[0], re.M))


def plain(path: Path) -> Path:
    """The log with its `rules:` and `kit:` lines left out, as if written for the game's own rules."""
    path.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                            if not line.startswith(("rules:", "kit:"))))
    return path


@pytest.fixture(scope="module")
def varied(tmp_path_factory) -> Path:
    """Four advanced games of two of Buried Treasure's variant with hands of 10, written by `pnp simulate`."""
    out = tmp_path_factory.mktemp("varied")
    result = pnp("simulate", "buried-treasure", "--games", 4, "--seed", 5, *ADVANCED_TWO, "--bots", "random,greedy",
                 "--rule", HAND, "--out", out)
    assert result.exit_code == 0 and "rules hand-sizes.2=10), all valid" in result.output, result.output
    return out


# --- pnp simulate --------------------------------------------------------------------------------------------

def test_simulate_with_a_rule_writes_the_variant_and_its_kit(varied, tmp_path):
    version = kit_version(load_game("buried-treasure", [HAND]))
    assert version != kit_version(load_game("buried-treasure"))
    logs = sorted(varied.glob("*.log"))
    assert len(logs) == 4
    for log in logs:
        said = header(log.read_text())
        assert list(said)[:3] == ["game", "rules", "kit"] and said["rules"] == HAND and said["kit"] == version
        assert "hand Anne " in log.read_text() and len(re.search(r"^hand Anne (.*)$", log.read_text(), re.M)
                                                          .group(1).split()) == 10
    own = pnp("simulate", "buried-treasure", "--games", 2, "--out", tmp_path)
    assert own.exit_code == 0 and "rules" not in own.output
    assert all("rules" not in header(log.read_text()) and "kit" not in header(log.read_text())
               for log in tmp_path.glob("*.log"))


def test_the_variant_is_written_as_variant_text_whatever_the_order_given(tmp_path):
    pnp("simulate", "buccaneer", "--games", 1, "--rule", "hand=5", "--rule", "goal=25", "--out", tmp_path)
    assert header(next(tmp_path.glob("*.log")).read_text())["rules"] == "goal=25 hand=5"


# --- pnp check -----------------------------------------------------------------------------------------------

def test_check_passes_the_variants_logs_and_names_the_variant(varied):
    result = pnp("check", varied)
    assert result.exit_code == 0, result.output
    assert result.output.count("; variant hand-sizes.2=10") == 4 and "4 logs checked: all valid" in result.output


def test_the_same_logs_checked_by_the_games_own_rules_fail_where_the_variant_matters(varied, tmp_path):
    for log in varied.glob("*.log"):
        (tmp_path / log.name).write_text(log.read_text())
        plain(tmp_path / log.name)
    result = pnp("check", tmp_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if ": BT-" in line]
    assert len(problems) == 8 and all("each hand holds 11 starter cards, not 10" in line for line in problems)
    again = pnp("check", "--rule", HAND, tmp_path)  # --rule: the variant of the logs that name none
    assert again.exit_code == 0 and "4 logs checked: all valid" in again.output, again.output


def test_buccaneers_goal_is_the_variants(tmp_path):
    """Playing to 25, the bots carry home 20 or more before the end: by the game's own rules, the game was over."""
    pnp("simulate", "buccaneer", "--games", 6, "--seed", 1, "--bots", "greedy", "--rule", "goal=25", "--out", tmp_path)
    assert pnp("check", tmp_path).exit_code == 0
    outcomes = [check_path(plain(log)) for log in sorted(tmp_path.glob("*.log"))]
    assert any(outcome.violations for outcome in outcomes)
    assert all(check_path(log, rule=("goal=25",)).violations == [] for log in tmp_path.glob("*.log"))


def test_a_log_naming_another_variant_than_rule_is_reported_at_its_header(varied):
    log = sorted(varied.glob("*.log"))[0]
    result = pnp("check", "--rule", "hand-sizes.2=9", log)
    assert result.exit_code == 2
    assert result.output.strip() == (f"{shown(log)}:3: LOG-HEADER the log names the variant hand-sizes.2=10, not "
                                      "hand-sizes.2=9, the one given with --rule")
    assert pnp("check", "--rule", HAND, log).exit_code == 0  # the same variant: nothing to report


BAD = "game: buried-treasure\nrules: {rules}\nplayers: Mia Tom\nstarts: Mia\nadvanced: yes\n\nround 1\n"


@pytest.mark.parametrize("rules, says", [
    ("hand-sizes.2", "`rules:` expected KEY=VALUE items such as goal=25 hand=5, got 'hand-sizes.2'"),
    ("goal=25", "`rules:` goal: buried-treasure has no such rule fact"),
    ("hand-sizes.2=many", "`rules:` hand-sizes.2: expected a whole number such as 11, got 'many'"),
    ("hand-sizes.2=10 hand-sizes.2=9", "`rules:` hand-sizes.2 is given twice"),
    ("hand-sizes.2=99", "`rules:` hand-sizes: 2 hands of 99 need more than the 22 starter cards"),
    ("", "`rules:` names no rule fact"),
])
def test_a_rules_header_that_cannot_be_played_is_a_clean_report_at_its_line(tmp_path, rules, says):
    log = tmp_path / "bad.log"
    log.write_text(BAD.format(rules=rules))
    result = pnp("check", log)
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"{shown(log)}:2: LOG-HEADER {says}"), result.output
    assert len(result.output.strip().splitlines()) == 1  # the events are not read by rules not known
    listed = json.loads(pnp("check", "--format", "json", log).output)
    assert [(p["line"], p["rule"], p["kind"]) for p in listed] == [(2, "LOG-HEADER", "read")]


def test_a_kit_of_other_rules_is_warned_of_naming_the_variant(varied, tmp_path):
    text = next(varied.glob("*.log")).read_text()
    own = kit_version(load_game("buried-treasure"))
    log = tmp_path / "old-kit.log"
    log.write_text(re.sub(r"^kit: .*$", f"kit: {own}", text, flags=re.M))
    result = pnp("check", log)
    assert result.exit_code == 0
    assert (f"{shown(log)}:4: warning: played with kit {own}, but the data of buried-treasure with rules "
            f"hand-sizes.2=10 is now kit {kit_version(load_game('buried-treasure', [HAND]))}") in result.output


def test_check_with_a_game_folder_reads_the_variant_too(varied, game_copy):
    folder = game_copy("buried-treasure")
    result = pnp("check", "--game", folder, varied)
    assert result.exit_code == 0 and "4 logs checked: all valid" in result.output, result.output
    texts = [text for _, text in simulate(str(folder), 2, 3, 2, ("greedy",), {"advanced": "yes"}, (HAND,))]
    assert all(header(text)["rules"] == HAND and check_text(text, "x.log", rules=None).violations == []
               for text in texts)


def test_a_folder_of_logs_naming_many_variants_keeps_few_loaded(tmp_path, monkeypatch):
    from pnp.check import loader

    monkeypatch.setattr(loader, "VARIANTS", 2)
    plain_rules = loader.rules_for("buried-treasure")
    for size in (8, 9, 10):
        log = tmp_path / f"hand-{size}.log"
        log.write_text(BAD.format(rules=f"hand-sizes.2={size}").replace("\nround 1\n", "\n"))
        assert not check_path(log).unreadable  # a header alone: a game not played through, but its header read
    assert sum(1 for _, given in loader._loaded if given) <= 2
    assert loader.rules_for("buried-treasure") is plain_rules and loader.variant_rules(plain_rules, ()) is plain_rules


# --- --rule with a key that is no fact: exit 2, nothing written ----------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "stats"])
def test_an_unknown_rule_fact_is_exit_2_before_anything_is_written(tmp_path, command):
    out = tmp_path / "out"
    result = pnp(command, "buried-treasure", "--games", 2, "--rule", "hand-size.2=10", "--out", out)
    assert result.exit_code == 2
    assert "--rule hand-size.2: buried-treasure has no such rule fact (did you mean hand-sizes.2" in result.output
    assert not out.exists()
    unplayable = pnp(command, "buried-treasure", "--games", 2, "--rule", "hand-sizes.2=99", "--out", out)
    assert unplayable.exit_code == 2 and "--rule: hand-sizes: 2 hands of 99" in unplayable.output
    assert not out.exists()


def test_check_refuses_an_unknown_rule_fact_of_the_game_it_is_given(varied):
    result = pnp("check", "--game", "buried-treasure", "--rule", "goal=25", varied)
    assert result.exit_code == 2 and "--rule goal: buried-treasure has no such rule fact" in result.output
    assert "ok," not in result.output


def test_the_variant_is_played_with_rule_never_written_with_option(tmp_path):
    result = pnp("simulate", "buried-treasure", "--option", f"rules={HAND}", "--out", tmp_path)
    assert result.exit_code == 2 and "a variant is played with --rule KEY=VALUE" in result.output


# --- pnp stats ----------------------------------------------------------------------------------------------

def test_stats_rule_compare_sets_the_variant_beside_the_games_own_rules(tmp_path):
    common = ["--games", 60, *ADVANCED_TWO, "--bots", "greedy", "--no-html"]
    own = pnp("stats", "buried-treasure", *common, "--out", tmp_path / "own")
    assert own.exit_code == 0 and "played by" not in own.output
    result = pnp("stats", "buried-treasure", *common, "--rule", HAND, "--out", tmp_path / "varied",
                 "--compare", tmp_path / "own" / "buried-treasure-stats.json")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "played by the rules variant hand-sizes.2=10"
    assert re.search(r"^compared with .*own/buried-treasure-stats\.json, played by buried-treasure's own rules: "
                     r"\d+ of \d+ figures changed for real$", result.output, re.M), result.output
    assert ("  side by side, buried-treasure's own rules -> the rules variant hand-sizes.2=10 (the change's 95 % "
            "interval; * where it is real):") in lines
    first = next(line for line in lines if "wins of the 1st player in turn order" in line)
    assert re.fullmatch(r"  2 players: wins of the 1st player in turn order: [\d.]+ % -> [\d.]+ % "
                        r"\([-+][\d.]+ to [-+][\d.]+ points\)( \*)?", first), first
    assert any(line.startswith("  2 players: mean score: ") for line in lines)
    data = json.loads((tmp_path / "varied" / "buried-treasure-stats.json").read_text())
    assert data["settings"]["rules"] == HAND and data["changes"]
    assert "rules" not in json.loads((tmp_path / "own" / "buried-treasure-stats.json").read_text())["settings"]
    back = pnp("stats", "buried-treasure", *common, "--out", tmp_path / "back",  # the other way round
               "--compare", tmp_path / "varied" / "buried-treasure-stats.json")
    assert "played by the rules variant hand-sizes.2=10: " in back.output and "side by side" in back.output


def test_stats_names_the_variant_on_its_page_and_plays_it(tmp_path):
    result = pnp("stats", "buccaneer", "--games", 4, "--players", 2, "--bots", "greedy", "--rule", "goal=12",
                 "--out", tmp_path, "--logs", tmp_path / "logs")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "buccaneer-stats.html").read_text()
    assert "played by the rules variant goal=12" in page
    logs = sorted((tmp_path / "logs").glob("*.log"))
    assert len(logs) == 4 and all(header(log.read_text())["rules"] == "goal=12" for log in logs)
    assert all(check_path(log).violations == [] for log in logs)
    assert "rules" not in json.loads((tmp_path / "buccaneer-stats.json").read_text())["counts"].get("header", {})


def test_playtests_say_which_logs_were_played_by_a_variant(varied, tmp_path):
    folder = tmp_path / "playtests"
    pnp("simulate", "buried-treasure", "--games", 3, "--seed", 9, *ADVANCED_TWO, "--out", folder / "own")
    for log in varied.glob("*.log"):
        (folder / "varied").mkdir(exist_ok=True)
        (folder / "varied" / log.name).write_text(log.read_text())
    result = pnp("stats", "buried-treasure", "--playtests", folder, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "7 logs: 7 valid and counted, 0 left out" in result.output
    assert "3 games played by buried-treasure's own rules" in result.output
    assert "4 games played by the rules variant hand-sizes.2=10" in result.output
    doc = json.loads((tmp_path / "out" / "buried-treasure-playtests.json").read_text())
    assert doc["variants"] == {"": 3, HAND: 4}
    version = header(next(varied.glob("*.log")).read_text())["kit"]
    assert {p["printing"]: p["games"] for p in doc["printings"]} == {"unknown printing": 3,
                                                                     f"kit {version}, rules {HAND}": 4}
    assert "played by buried-treasure&#x27;s own rules: 3 games, rules hand-sizes.2=10: 4 games" in \
        (tmp_path / "out" / "buried-treasure-playtests.html").read_text()
    alone = pnp("stats", "buried-treasure", "--playtests", folder / "varied", "--out", tmp_path / "out", "--no-html")
    assert "every game was played by the rules variant hand-sizes.2=10" in alone.output
    for log in (folder / "varied").glob("*.log"):
        plain(log)
    ruled = pnp("stats", "buried-treasure", "--playtests", folder, "--rule", HAND, "--out", tmp_path / "out",
                "--no-html")  # --rule: the variant of the logs that name none, and the own rules' logs break it
    assert "7 logs: 4 valid and counted, 3 left out" in ruled.output, ruled.output


# --- every tweak of every game: the bots play it, the checker passes their logs ----------------------------------

GAMES_PER_BOT = 3


def _players(key: str, game) -> int | None:
    """The number of players a fact keyed by one is about (`hand-sizes.2`, `tables.5.tokens`), else None."""
    low, high = game.players
    return next((int(part) for part in key.split(".") if part.isdigit() and low <= int(part) <= high), None)


@pytest.mark.parametrize("slug", checked_games())
def test_bots_play_every_tweak_and_the_checker_passes_their_logs(slug):
    """Each rule fact's tweak (tests/rule_tweaks.py), played by GAMES_PER_BOT games of the random bot and as many
    of the greedy one (at the number of players the fact is about, if it is about one), each log checked by the
    variant its header names. Every failing tweak is listed at once."""
    game = load_game(slug)
    failing, played = [], 0
    for key, _, given in tweaks(slug):
        if given is None:
            continue  # no value near it is playable: nothing to play
        try:
            for bot in ("random", "greedy"):
                for number, text in simulate(slug, GAMES_PER_BOT, 11, _players(key, game), (bot,), rule=(given,)):
                    assert header(text)["rules"].startswith(key + "=")
                    outcome = check_text(text, f"{given}, {bot} game {number}")
                    if outcome.violations:
                        failing.append(f"{outcome.violations[0]} (of {len(outcome.violations)})")
                        raise StopIteration
            played += 1
        except StopIteration:
            continue
        except PnpError as error:
            failing.append(f"{given}: {error.format_message()}")
        except Exception as error:  # noqa: BLE001 - a bot or a rule failing: listed with the others
            failing.append(f"{given}: {type(error).__name__}: {error}")
    assert not failing, f"{len(failing)} tweaks of {slug} fail:\n" + "\n".join(failing)


def test_a_mistyped_rule_fact_names_at_most_three_near_ones_or_else_counts_them(tmp_path):
    from pnp.read.datafile import parse_yaml
    from pnp.read.rulefacts import varied

    rules = parse_yaml("hand-1: 1\nhand-2: 2\nhand-3: 3\nhand-4: 4\ngoal: 25\n", "rules.yaml")
    with pytest.raises(PnpError) as raised:
        varied(rules, ["hand-5=3"], tmp_path / "game")
    named = str(raised.value).split("did you mean ")[1].split("?")[0].split(" or ")
    assert len(named) == 3 and set(named) < {"hand-1", "hand-2", "hand-3", "hand-4"}
    with pytest.raises(PnpError) as raised:
        varied(rules, ["treasure=3"], tmp_path / "game")
    assert "did you mean" not in str(raised.value) and "it has 5" in str(raised.value)
