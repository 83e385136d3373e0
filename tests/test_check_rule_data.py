"""What a rules module reads of game.yaml's `vars`: the keys it declares, checked and each problem at its line;
the keys it does not declare left to the templates. And the tables a log's words are looked up in: ids in any
case, and nicknames, the last word of a thing's names."""
from __future__ import annotations

import pytest

from pnp.check.facts import Keys, ids, nicknames
from pnp.errors import DataError, Where
from pnp.model.specs import Int, MapOf, Text, checked
from pnp.read.datafile import parse_yaml

pytestmark = pytest.mark.quick

VARS = """\
font: Pirata One
colours:
  red:
    name: Red
    shade: dark
  blue:
    name: [Blue, Navy]
grid: 12
"""
SPEC = Keys({"colours": MapOf(Keys({"name": Text()}, "a colour: its name")), "grid": (Int(1, 10), 8)}, "vars")


def test_a_declared_key_of_vars_is_checked_at_its_own_line_and_the_templates_keys_are_left_alone():
    values = parse_yaml(VARS, "game.yaml")
    with pytest.raises(DataError) as raised:
        checked(SPEC, values, Where("game.yaml", 1, "vars"))
    assert sorted((where.line, where.field) for where, _ in raised.value.problems) == \
        [(7, "vars.colours.blue.name"), (8, "vars.grid")]  # not `font`, nor the red colour's `shade`
    fixed = parse_yaml(VARS.replace("name: [Blue, Navy]", "name: Blue").replace("grid: 12", "grid: 9"), "game.yaml")
    assert checked(SPEC, fixed, Where("game.yaml", 1, "vars")) == \
        {"colours": {"red": {"name": "Red"}, "blue": {"name": "Blue"}}, "grid": 9}


def test_a_missing_key_of_vars_is_reported_at_the_line_of_the_mapping_that_lacks_it():
    values = parse_yaml("title: x\ncolours:\n  red:\n    shade: dark\n", "game.yaml")
    with pytest.raises(DataError) as raised:
        checked(SPEC, values, Where("game.yaml", 1, "vars"))
    [(where, message)] = raised.value.problems
    assert (where.line, where.field, message) == (4, "vars.colours.red.name", "missing required key")


def test_a_log_names_an_id_in_any_case_and_a_thing_by_the_last_word_of_any_of_its_names():
    assert ids(["Red-2", 7]) == {"red-2": "Red-2", "7": 7}
    found = nicknames({"doubloon": ("Gold doubloon",), "kraken": ("The Kraken", ""), "map": ()})
    assert found == {"doubloon": "doubloon", "kraken": "kraken", "map": "map"}
    assert nicknames({"gem-1": ("Blue Gem",), "gem-2": ("Red gem",)}) == {"gem-1": "gem-1", "gem": "gem-2",
                                                                          "gem-2": "gem-2"}
