"""The limits of a text's markup, at their edges: a size from 1pt to 200pt, each mistake placed at the character
its `{` stands at; and how a message shows a text: quoted whole up to 40 characters, cut short past them, and the
box it does not fit with the size it was tried at."""
from __future__ import annotations

import pytest

from pnp.typeset.markup import MarkupError, parse
from pnp.typeset.text import quoted

pytestmark = pytest.mark.quick


@pytest.mark.parametrize("size", ["1pt", "200pt", "7.5pt"])
def test_a_size_from_1pt_to_200pt_is_set(size):
    assert [run.size for run in parse(f"ab {{{size}}}x{{/}}")] == [None, float(size[:-2])]


@pytest.mark.parametrize("text, message", [
    ("ab {201pt}x{/}", "{201pt} at character 4: a size is from 1pt to 200pt"),
    ("ab {0.5pt}x{/}", "{0.5pt} at character 4: a size is from 1pt to 200pt"),
    ("abc {red big}x{/}", "{red big} at character 5: expected a colour"),
])
def test_a_size_or_colour_it_cannot_set_is_placed_at_its_brace(text, message):
    with pytest.raises(MarkupError) as raised:
        parse(text)
    assert str(raised.value).startswith(message)


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
