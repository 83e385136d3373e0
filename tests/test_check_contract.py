"""What every game with a rules module owes, checked the same way for each: its failing logs fail at their
lines, its examples pass, every code it reports is documented and tried, simulated games pass with every
bot, corrupted ones are caught, and `pnp stats` reports on it. That logs jumbled from simulated games get an
answer, never a failure of the checker, test_check_golden.py checks, pinning the answers.

A game's failing logs are `tests/logs/<slug>/*.log`, each line that breaks a rule marked `# expect: CODE`;
its legal logs, `tests/logs/<slug>/legal/*.log`, play the rare cases its rulebook allows and must pass,
each opening with a comment that names the rule it plays;
its rules summary `RULES.md` lists every code in a table and ties each to numbered rules that name it.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot_games import bot_games
from conftest import stats_problems
from pnp.check.bots import bots_for
from pnp.check.loader import checked_games, rules_file, rules_for
from pnp.check.replay import check_path, check_text
from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
GAMES = checked_games()
EXPECT = re.compile(r"#\s*expect:\s*(\S+)")
CODE = re.compile(r"\b([A-Z]{2,}(?:-[A-Z]+)+)\b")


def folder(game: str) -> Path:
    return ROOT / "pnp" / "games" / game


def failing(game: str) -> list:
    return sorted((ROOT / "tests" / "logs" / game).glob("*.log"))


def legal(game: str) -> list:
    return sorted((ROOT / "tests" / "logs" / game / "legal").glob("*.log"))


def examples(game: str) -> list:
    return sorted((folder(game) / "examples").glob("*.log"))


def each(files) -> list:
    pairs = [(game, path) for game in GAMES for path in files(game)]
    return [pytest.param(game, path, id=f"{game}/{path.stem}") for game, path in pairs]


def expected_in(path: Path) -> list:
    """(line, code) of every line of a log marked `# expect: CODE`."""
    return [(number, match.group(1)) for number, line in enumerate(path.read_text().splitlines(), start=1)
            if (match := EXPECT.search(line))]


def documented(game: str) -> dict:
    """Code -> the numbers of the rules its row of the code table names."""
    rows = re.findall(r"^\| ([A-Z]{2,}(?:-[A-Z]+)+) \| ([\d., ]+) \|", (folder(game) / "RULES.md").read_text(), re.M)
    return {code: {number.strip() for number in numbers.split(",")} for code, numbers in rows}


def used(game: str) -> set:
    """The codes a game's rules report: those its rules modules and its rules.yaml name."""
    start = rules_file(folder(game))
    modules = sorted(start.parent.glob("*.py")) if start.name == "__init__.py" else [start]
    text = "".join(module.read_text() for module in modules)
    codes = set(re.findall(r'"([A-Z]{2,}(?:-[A-Z]+)+)"', text))
    rules_yaml = folder(game) / "rules.yaml"
    return codes | (set(CODE.findall(rules_yaml.read_text())) if rules_yaml.exists() else set())


def test_every_game_with_rules_is_checked_here():
    assert {"buried-treasure", "cannon-dice", "pirates-gold"} <= set(GAMES)
    for game in GAMES:
        assert failing(game), f"{game} has no failing logs in tests/logs/{game}/"
        assert examples(game), f"{game} has no example logs"


@pytest.mark.parametrize("game, path", each(legal))
def test_each_legal_log_passes(game, path):
    assert path.read_text().startswith("#"), f"{path.name} should open with a comment naming the rule it plays"
    outcome = check_path(path)
    assert [str(v) for v in outcome.violations] == [] and outcome.summary


@pytest.mark.parametrize("game, path", each(failing))
def test_each_failing_log_breaks_exactly_its_rule_at_its_line(game, path):
    expected = expected_in(path)
    assert expected, f"{path.name} marks no line with `# expect: CODE`"
    assert [(v.line, v.rule) for v in check_path(path).violations] == expected


@pytest.mark.parametrize("game, path", each(examples))
def test_the_examples_are_valid_games(game, path):
    outcome = check_path(path)
    assert outcome.violations == []
    assert outcome.summary.startswith("a legal game")


@pytest.mark.parametrize("game", GAMES)
def test_every_code_is_documented_tied_to_its_rules_and_tried_by_a_failing_log(game):
    table = documented(game)
    assert used(game) == set(table)
    tried = {code for path in failing(game) for _, code in expected_in(path)}
    assert set(table) <= tried, f"no failing log for {sorted(set(table) - tried)}"
    summary = (folder(game) / "RULES.md").read_text().split("## The rule codes")[0]
    for code, numbers in table.items():
        naming = {rule.split()[0] for rule in re.split(r"\n(?=\d+\.\d+ )", summary)
                  if re.match(r"\d+\.\d+ ", rule) and f"[{code}]" in rule}
        assert naming, f"{code} is tied to no numbered rule"
        assert naming <= numbers, f"{code}: rules {sorted(naming - numbers)} name it but its row does not"


BOTS = [(game, bot) for game in GAMES for bot in bots_for(rules_for(game))]  # the generic bots, the game's own


@pytest.fixture(scope="module")
def simulated() -> dict:
    """Game -> bot -> simulated logs, every seat played by that bot (tests/bot_games.py: the golden answers'
    games too)."""
    out: dict = {}
    for game, bot in BOTS:
        out.setdefault(game, {})[bot] = bot_games(game, bot)
    return out


@pytest.mark.parametrize("game, bot", BOTS)
def test_games_simulated_with_each_bot_pass_the_checker(simulated, game, bot):
    for text in simulated[game][bot]:
        outcome = check_text(text, "simulated.log")
        assert outcome.violations == [], text
        assert outcome.summary.startswith("a legal game")


def events(text: str) -> list:
    """The indexes of a log's event lines: no comment, no header, nothing blank."""
    lines = text.split("\n")
    return [i for i, line in enumerate(lines) if line.strip() and not line.startswith("#") and ":" not in line]


def claims_altered(game, lines, rng):
    """A claimed score is off by a little: caught at that line."""
    verbs = {cls.verb for cls in rules_for(game).actions if "claims" in cls.kinds.values()}
    i = rng.choice([i for i, line in enumerate(lines) if line.split()[:1] and line.split()[0] in verbs])
    words = lines[i].split()
    at = rng.randrange(2, len(words), 2)
    words[at] = str(int(words[at]) + rng.choice([1, 2, 7]))
    lines[i] = " ".join(words)
    return i


def cut_short(game, lines, rng):
    """The log stops before its last line: caught somewhere."""
    del lines[rng.choice(events("\n".join(lines))[:-1]) + 1:]
    return None


def last_line_twice(game, lines, rng):
    """The end of the game is written twice: caught at the second."""
    last = events("\n".join(lines))[-1]
    lines.append(lines[last])
    return len(lines) - 1


def actor_swapped(game, lines, rng):
    """A player's line written as another player's: caught, there or where the other player acts next."""
    players = next(line.split()[1:] for line in lines if line.startswith("players:"))
    i = rng.choice([i for i in events("\n".join(lines)) if lines[i].split()[0] in players])
    actor = lines[i].split()[0]
    lines[i] = rng.choice([p for p in players if p != actor]) + lines[i][len(actor):]
    return None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("corrupt", [claims_altered, cut_short, last_line_twice, actor_swapped])
def test_every_corruption_of_a_simulated_log_is_caught(simulated, game, corrupt):
    rng = random.Random(f"{game}:{corrupt.__name__}")
    for text in simulated[game]["random"]:
        lines = text.rstrip("\n").split("\n")
        at = corrupt(game, lines, rng)
        found = check_text("\n".join(lines), "corrupt.log").violations
        assert found, f"{corrupt.__name__} not caught:\n" + "\n".join(lines)
        if at is not None:
            assert any(v.line == at + 1 for v in found), (found, lines[at])


@pytest.mark.parametrize("game", GAMES)
def test_stats_count_every_game_and_report_on_it(game, tmp_path):
    result = CliRunner().invoke(cli, ["stats", game, "--games", "16", "--workers", "1", "--bots", "random,greedy",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / f"{game}-stats.json").read_text())
    assert data["counts"]["games"] == 16 and stats_problems(data["counts"]) == []
    assert data["counts"]["words"], "no event names a card, a space or a face to count"
    for block in data["figures"]["players"].values():
        assert set(block["bots"]) == {"random", "greedy"} and block["score"]["n"] > 0
    assert (tmp_path / f"{game}-stats.html").read_text().count("data:image/png") >= 6
