"""__NAME__'s checker: its example logs, simulated games checked, and a rule fact read from rules.yaml.
Run with `pytest` in this folder once the game is installed (`pip install -e .`)."""
from __future__ import annotations

import re
from pathlib import Path

from pnp.check.loader import rules_for
from pnp.check.replay import check_path, check_text
from pnp.check.simulate import simulate

HERE = Path(__file__).resolve().parent.parent
SLUG = "__SLUG__"


def test_the_legal_log_passes():
    outcome = check_path(HERE / "logs" / "legal.log")
    assert outcome.violations == [] and outcome.summary.startswith("a legal game")


def test_each_mistake_of_the_illegal_log_is_reported_at_its_line():
    path = HERE / "logs" / "illegal.log"
    expected = [(number, match.group(1)) for number, line in enumerate(path.read_text().splitlines(), start=1)
                if (match := re.search(r"#\s*expect:\s*(\S+)", line))]
    assert expected and [(v.line, v.rule) for v in check_path(path).violations] == expected


def test_simulated_races_pass_the_checker_with_every_bot():
    for bot in ("random", "greedy", "bold"):
        for _, text in simulate(SLUG, 20, seed=1, bots=(bot,)):
            assert check_text(text, "simulated.log").violations == [], text


def test_the_track_is_read_from_the_rule_facts():
    assert rules_for(SLUG).track == 15
    assert rules_for(SLUG, ("track=30",)).track == 30
