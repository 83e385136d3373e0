"""The checker's corruption measure (tests/corruption.py) at a size the suite can afford: legal simulated
games of every game, each changed once; the checker catches the change with exactly one report.

`python tests/corruption.py` runs it at full size and prints the table."""
from __future__ import annotations

from collections import namedtuple

import pytest

import corruption
from corruption import TARGET, checked_games, measure

LOGS, PER_LOG = 6, 10


@pytest.mark.parametrize("game", checked_games())
def test_one_mistake_gets_one_report(game):
    tally = measure(game, LOGS, PER_LOG)
    assert tally.mutants == LOGS * PER_LOG and tally.caught > 0.8 * tally.mutants
    shown = "\n".join(corruption.show(*found) for found in tally.multiple[:3])
    assert tally.single >= TARGET * tally.caught, f"{tally.row(game)}\n{shown}"
    assert tally.blamed == 0, f"{tally.row(game)}\n{shown}"


def test_the_measure_counts_every_report(monkeypatch):
    """A checker that said everything twice would be measured so."""
    real = corruption.check_text

    def twice(text, file):
        outcome = real(text, file)
        outcome.violations = outcome.violations * 2
        return outcome
    monkeypatch.setattr(corruption, "check_text", twice)
    tally = measure("buried-treasure", 2, 5)
    assert tally.caught and tally.single == 0 and tally.reports == 2 * sum(len(v) // 2 for _, v in tally.multiple)



def test_a_true_line_accused_after_the_report_is_counted():
    """Reports after a mutant's first, at lines the change did not touch, are true lines blamed; the first
    report, and reports at the changed lines or where a dropped line is reported, are not."""
    Report = namedtuple("Report", "line")
    text = "game: g\nplayers: A B\n\nA go\nB go\nA go\nB go"
    changed = corruption.Mutant("number", (5,), "B go", "B went", text)
    assert corruption.blamed(changed, [Report(6), Report(7)]) == [7]
    assert corruption.blamed(changed, [Report(5), Report(7), Report(6)]) == [6, 7]
    assert corruption.blamed(changed, [Report(5)]) == []
    swapped = corruption.Mutant("swap", (4, 5), "A go", "B go", text)
    assert corruption.blamed(swapped, [Report(4), Report(5)]) == []
    dropped = corruption.Mutant("drop", (5,), "B go", "", "game: g\nplayers: A B\n\nA go\nA go\nB go")
    assert corruption.blamed(dropped, [Report(5), Report(6)]) == [6]
