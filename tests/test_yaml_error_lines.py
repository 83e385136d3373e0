"""A YAML mistake is reported at the line to fix, in one line: where a quote or bracket left open was opened
(naming the line where the parser noticed), and otherwise where the parser noticed it, not where the mapping
around it began."""
from __future__ import annotations

import pytest

from pnp.errors import DataError
from pnp.read.datafile import parse_yaml


def problem(text: str) -> tuple[int, str]:
    """The line and message of the one problem of a YAML text."""
    with pytest.raises(DataError) as raised:
        parse_yaml(text, "game.yaml")
    [(where, message)] = raised.value.problems
    assert where.file == "game.yaml" and "\n" not in message  # one line, without the parser's own placing
    return where.line, message


def test_a_mistake_inside_a_mapping_is_placed_where_it_is_not_where_the_mapping_began():
    line, _ = problem("title: Treasure\ncards:\n  - alpha\n - beta\n")
    assert line == 4


def test_a_bracket_left_open_is_placed_where_it_was_opened_naming_where_it_was_noticed():
    line, message = problem("counts: [1, 2\n\n\nname: x\n")
    assert line == 1 and "line 4" in message


def test_a_bracket_closed_wrongly_on_its_own_line_is_placed_on_that_line():
    line, message = problem("title: Treasure\ncounts: [1, 2}\n")
    assert line == 2 and "line 2" not in message  # nothing to add: it is all on the line named


def test_a_tag_not_accepted_in_data_is_named_as_it_was_written():
    assert "!ship" in problem("title: !ship Treasure\n")[1]
    assert "!!binary" in problem("title: !!binary aGVsbG8=\n")[1]
