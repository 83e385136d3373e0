"""What each rule fact means, read from rules.yaml's comments (the comment on its line, else the comment lines
just above it, else what its group means), and the values `--rule` gives a fact of each kind."""
from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.read.rulefacts import facts, read_rules, varied

pytestmark = pytest.mark.quick

RULES = """\
# The toy's rule facts.
rounds: 3              # rounds in a game
hand-sizes:            # cards dealt to each player
  # with two players, a longer game
  2: 10
  3: 8
bonus: {gold: 2, silver: 1}
speed: 1.5             # moves a turn
# how the end is called
end-word: boom
"""


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "rules.yaml").write_text(RULES, encoding="utf-8")
    return tmp_path


def test_a_fact_means_its_line_s_comment_else_the_lines_above_else_its_group_s(folder):
    meant = {fact.key: (fact.means, fact.where.line) for fact in facts(read_rules(folder), folder)}
    assert meant == {
        "rounds": ("rounds in a game", 2),
        "hand-sizes.2": ("with two players, a longer game", 5),  # the group's first fact: its own comment above
        "hand-sizes.3": ("cards dealt to each player", 6),
        "bonus.gold": ("", 7), "bonus.silver": ("", 7),  # no comment anywhere: nothing said
        "speed": ("moves a turn", 8),
        "end-word": ("how the end is called", 10),  # the file's last line, its comment above it
    }


@pytest.mark.parametrize("given, value", [("speed=2", 2.0), ("speed=2.25", 2.25), ("rounds=4", 4),
                                          ("hand-sizes.3=7", 7), ("end-word=bang", "bang")])
def test_a_variant_s_value_takes_the_kind_of_the_file_s(folder, given, value):
    rules, variant = varied(read_rules(folder), [given], folder)
    [(key, changed)] = variant
    assert changed == value and type(changed) is type(value)
    assert {fact.key: fact.value for fact in facts(rules)}[key] == value


def test_a_key_that_is_no_fact_is_refused_naming_the_three_closest(tmp_path):
    (tmp_path / "rules.yaml").write_text("hand-2: 1\nhand-3: 1\nhand-4: 1\nhand-5: 1\nrounds: 3\n", encoding="utf-8")
    with pytest.raises(PnpError) as refused:
        varied(read_rules(tmp_path), ["hand-6=2"], tmp_path)
    named = str(refused.value).partition("did you mean ")[2].partition("?")[0].split(" or ")
    assert len(named) == 3 and set(named) < {"hand-2", "hand-3", "hand-4", "hand-5"}  # four are close: three named
