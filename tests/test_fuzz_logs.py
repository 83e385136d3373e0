"""The log mutation fuzzer (tests/fuzz_logs.py) in its normal-run size: every mutated log gets a clean answer.

`python tests/fuzz_logs.py --long` runs thousands of cases; any failure prints the number of its case.
"""
from __future__ import annotations

import random

from click.testing import CliRunner

from fuzz_logs import CASES, fuzz, mutated, verdict
from pnp.commands import check


def test_mutated_logs_get_a_clean_answer():
    figures = fuzz(0, CASES)
    assert figures["failures"] == []
    assert figures["cases"] == CASES and figures["internal errors"] == figures["tracebacks"] == 0
    assert min(figures["exit 0"], figures["exit 1"], figures["exit 2"]) > CASES // 20  # every kind of answer is met


def test_the_verdict_catches_what_is_not_a_clean_answer(tmp_path, monkeypatch):
    path = tmp_path / "x.log"
    path.write_bytes(mutated(random.Random(1), "game: buried-treasure\nplayers: A B\nstarts: A\n", [["round 1"]]))

    def crash(*args):
        raise RuntimeError("boom")
    monkeypatch.setattr(check, "check_path", crash)
    for args in ([str(path)], [str(path), "--format", "json"]):
        assert verdict(CliRunner().invoke(check.command, args), args).startswith("an internal error: ")
