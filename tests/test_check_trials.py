"""What the replay uses to try readings of a log cheaply (pnp/check/resync.py, pnp/check/violations.py): a whistle
that notes only where rules broke."""
from __future__ import annotations

import pytest

from pnp.check.violations import Violation, Whistle

pytestmark = pytest.mark.quick


def test_a_trial_notes_the_line_of_each_broken_rule_and_keeps_nothing():
    whistle = Whistle("t.log")
    whistle.line = 7
    with whistle.tried() as heard:
        whistle.line = 9
        whistle.blow("X-ONE", "a message no one reads")
        whistle.blow("X-TWO", "another", line=4)
    assert heard == [9, 4]
    assert whistle.violations == [] and whistle.line == 7


def test_a_trial_inside_an_aside_gives_the_aside_back_its_violations():
    whistle = Whistle("t.log", strict=True)
    with whistle.aside() as outer:
        whistle.line = 3
        with whistle.tried() as inner:
            whistle.blow("X-IN", "tried")
        whistle.blow("X-OUT", "aside")
    assert inner == [3]
    assert outer == [Violation("t.log", 3, "X-OUT", "aside")]
    assert whistle.violations == []


def test_a_whistle_left_by_an_error_inside_a_trial_is_as_it_was():
    whistle = Whistle("t.log")
    with pytest.raises(KeyError), whistle.tried():
        raise KeyError("a reading off the rules")
    whistle.blow("X-KEPT", "kept")
    assert [v.rule for v in whistle.violations] == ["X-KEPT"]
