"""The limits of a text's markup, at their edges: a size from 1pt to 200pt (a mistake's place: test_rich_text.py);
and how a message shows a text: quoted whole up to 40 characters, cut short past them, and the
box it does not fit with the size it was tried at."""
from __future__ import annotations

import pytest

from pnp.typeset.markup import parse
from pnp.typeset.text import quoted

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("size", ["1pt", "200pt", "7.5pt"])
def test_a_size_from_1pt_to_200pt_is_set(size):
    assert [run.size for run in parse(f"ab {{{size}}}x{{/}}")] == [None, float(size[:-2])]


def test_a_text_is_quoted_whole_up_to_40_characters_and_cut_short_past_them():
    assert quoted("a" * 40) == repr("a" * 40)
    assert quoted("b" * 41) == repr("b" * 37 + "...")


def test_a_text_that_does_not_fit_names_its_box_and_the_size_it_was_tried_at():
    from types import SimpleNamespace

    from pnp.typeset.text import unfitted

    at6 = SimpleNamespace(size=6.0)
    assert unfitted({"w": 57.5, "h": 20, "fit": True}, at6) == "(57.5 × 20 mm) even at 6 pt"
    assert unfitted({"w": 57.5, "h": None, "fit": True}, at6) == "(57.5 mm wide) even at 6 pt"
    at9 = SimpleNamespace(size=9.5)
    assert unfitted({"w": 40, "h": 10, "fit": False}, at9) == "(40 × 10 mm) at 9.5 pt (fit: false)"
