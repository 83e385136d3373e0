"""A game's rule facts (rules.yaml, pnp/read/rulefacts.py): listed by `pnp list --rules`, changed by `--rule`, stated
by name in the kit's texts (pnp/render/stated.py), refused before anything is written when they are no variant."""
from __future__ import annotations

import pypdfium2
from click.testing import CliRunner

from conftest import edit
from pnp import wording
from pnp.cli import cli
from pnp.memo import Memo
from pnp.read.games import load_game
from pnp.read.rulefacts import variant_items, variant_text
from pnp.read.version import kit_version

RULES = """\
# The toy's rule facts.
rounds: 3              # rounds in a game
columns: [6, 5, 4, 3]  # cards dealt into each column
bonus:                 # points per card left in hand at the end
  plain: 1
  wild: 0
advanced: false        # whether the advanced game is played
# how the end is called
end-word: boom
"""


def _toy_with_rules(toy):
    (toy / "rules.yaml").write_text(RULES, encoding="utf-8")
    edit(toy / "how-to-play.md", "- Take a sheet.",
         "- Take a sheet.\n- Play {{ rules.rounds | words }} rounds, the {{ rules.rounds | ordinal }} one the last; "
         "deal {{ rules.columns | sum }} cards into columns of {{ rules.columns | listed }}.\n"
         "- A card left in hand: {{ rules.bonus.plain | plural('point') }}.\n"
         "- Roll {{ components.die.count | plural('die', 'dice', spelt=true) }} of "
         "{{ components.die.faces | length }} faces; {{ components.deck.count }} cards, {{ components.deck.kinds }} "
         "kinds.")
    edit(toy / "deck.csv", "delta,1,Delta,4,", 'delta,1,"Worth {{ rules.bonus.plain }} at the end",4,')
    return toy


def _text(pdf) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)
    finally:
        document.close()


def _invoke(*args):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def test_list_rules_prints_each_fact_as_rule_takes_it(toy):
    _toy_with_rules(toy)
    result = _invoke("list", toy, "--rules")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "rounds=3  # rounds in a game",
        "columns=[6,5,4,3]  # cards dealt into each column",
        "bonus.plain=1  # points per card left in hand at the end",
        "bonus.wild=0  # points per card left in hand at the end",
        "advanced=false  # whether the advanced game is played",
        "end-word=boom  # how the end is called",
    ]
    varied = _invoke("list", toy, "--rules", "--rule", "bonus.plain=2", "--rule", "columns=[7,5,4,3]")
    assert "bonus.plain=2  # points per card left in hand at the end" in varied.output.splitlines()
    assert "columns=[7,5,4,3]  # cards dealt into each column" in varied.output.splitlines()


def test_a_variant_is_stated_wherever_the_kit_states_the_fact(toy, tmp_path):
    _toy_with_rules(toy)
    plain = _invoke("build", toy, "--duplex", "--out", tmp_path / "plain")
    varied = _invoke("build", toy, "--duplex", "--out", tmp_path / "varied", "--rule", "rounds=4",
                     "--rule", "bonus.plain=2", "--rule", "columns=[7,5,4,3]")
    assert plain.exit_code == 0 and varied.exit_code == 0, plain.output + varied.output
    before, after = (_text(tmp_path / which / "toy" / "toy-kit-a4-duplex.pdf") for which in ("plain", "varied"))
    assert "Play three rounds, the third one the last; deal 18 cards into columns of 6, 5, 4 and 3." in before
    assert "Play four rounds, the fourth one the last; deal 19 cards into columns of 7, 5, 4 and 3." in after
    assert "A card left in hand: 1 point." in before and "A card left in hand: 2 points." in after
    assert "Roll two dice of 6 faces; 11 cards, 4 kinds." in before
    assert "Worth 1 at the end" in before and "Worth 2 at the end" in after
    assert "Rules variant: bonus.plain=2 columns=[7,5,4,3] rounds=4." in after
    assert "Rules variant" not in before
    plain_game, varied_game = load_game(str(toy)), load_game(str(toy), ["rounds=4"])
    assert kit_version(plain_game) != kit_version(varied_game)
    assert f"kit {kit_version(varied_game)}" not in before
    import json

    manifest = json.loads((tmp_path / "varied" / "toy" / "toy-manifest.json").read_text())
    assert manifest["rules"] == "bonus.plain=2 columns=[7,5,4,3] rounds=4"
    assert manifest["kit"] == kit_version(load_game(str(toy), ["rounds=4", "bonus.plain=2", "columns=[7,5,4,3]"]))
    assert "rules" not in json.loads((tmp_path / "plain" / "toy" / "toy-manifest.json").read_text())


def test_a_text_is_compiled_once_and_stated_with_the_facts_of_each_build(toy, monkeypatch):
    """`pnp watch` builds a game again on every save: each text's code is kept (stated.COMPILED), compiled once,
    and rendered with the facts of each build, a variant's too; a text changed is compiled anew."""
    from pnp.render import stated
    from pnp.render.sandbox import Sandbox

    _toy_with_rules(toy)
    compiled, compile = [], Sandbox.compile
    monkeypatch.setattr(Sandbox, "compile",
                        lambda self, text, *args: compiled.append(text) or compile(self, text, *args))
    monkeypatch.setattr(stated, "COMPILED", Memo(stated.COMPILED.most))

    def delta(rules=()) -> str:
        game = stated.stated(load_game(str(toy), rules))
        return next(card.fields["label"] for card in game.components["deck"].cards if card.id == "delta")

    assert delta() == "Worth 1 at the end" and "Worth {{ rules.bonus.plain }} at the end" in compiled
    first = len(compiled)
    assert delta(["bonus.plain=2"]) == "Worth 2 at the end" and len(compiled) == first
    edit(toy / "deck.csv", "Worth {{", "Now worth {{")
    assert delta() == "Now worth 1 at the end" and compiled[first:] == ["Now worth {{ rules.bonus.plain }} at the end"]


def test_a_rule_that_is_no_fact_or_of_the_wrong_kind_stops_before_anything_is_written(toy, tmp_path):
    _toy_with_rules(toy)
    out = tmp_path / "out"
    for given, said in [("round=4", "no such rule fact (did you mean rounds?"),
                        ("rounds=many", "rounds: expected a whole number such as 3, got 'many'"),
                        ("advanced=3", "advanced: expected true or false such as false"),
                        ("columns=[6,x]", "columns: expected a list of a whole number such as [6,5,4,3]"),
                        ("bonus=2", "no such rule fact"),
                        ("rounds", "expected KEY=VALUE")]:
        result = _invoke("build", toy, "--out", out, "--rule", given)
        assert result.exit_code == 2, (given, result.output)
        assert said in result.output, (given, result.output)
        assert not out.exists()


def test_a_text_naming_what_is_no_fact_is_an_error_at_its_line(toy, tmp_path):
    _toy_with_rules(toy)
    edit(toy / "how-to-play.md", "2. Roll the die", "2. Roll {{ rules.dice }} dice")
    result = _invoke("build", toy, "--out", tmp_path / "out")
    assert result.exit_code == 2
    line = next(number for number, text in enumerate((toy / "how-to-play.md").read_text().splitlines(), 1)
                if "rules.dice" in text)
    assert f"how-to-play.md:{line}:" in result.output and "dice" in result.output
    assert not (tmp_path / "out").exists()


def test_the_checker_refuses_a_variant_it_cannot_play_naming_the_option(tmp_path):
    result = _invoke("build", "buried-treasure", "--out", tmp_path / "out", "--rule", "hand-sizes.2=40")
    assert result.exit_code == 2
    assert "--rule: hand-sizes" in result.output and "40" in result.output
    assert not (tmp_path / "out").exists()


def test_rules_md_is_listed_with_its_facts_stated(toy):
    _toy_with_rules(toy)
    (toy / "RULES.md").write_text("# Toy\n\n1.1 A game has {{ rules.rounds | words }} rounds.\n", encoding="utf-8")
    assert "1.1 A game has three rounds." in _invoke("list", toy, "--rules", "--text").output
    assert "1.1 A game has five rounds." in _invoke("list", toy, "--rules", "--text", "--rule", "rounds=5").output


def test_a_variant_is_written_as_it_is_read_back():
    variant = (("columns", [7, 5]), ("end-word", "big bang"), ("rounds", 4), ("advanced", True))
    text = variant_text(variant)
    assert text == 'columns=[7,5] end-word="big bang" rounds=4 advanced=true'
    assert variant_items(text) == ["columns=[7,5]", 'end-word="big bang"', "rounds=4", "advanced=true"]


def test_numbers_in_words():
    assert [wording.words(n) for n in (0, 7, 13, 20, 45, 100)] == ["zero", "seven", "thirteen", "twenty",
                                                                   "forty-five", "100"]
    assert [wording.ordinal(n) for n in (1, 2, 3, 5, 9, 12, 20, 21, 33, 101)] == [
        "first", "second", "third", "fifth", "ninth", "twelfth", "twentieth", "twenty-first", "thirty-third", "101st"]
    assert [wording.nth(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"]
    assert wording.plural(1, "ball", spelt=True) == "one ball" and wording.plural(3, "die", "dice") == "3 dice"
    assert wording.listed([6]) == "6" and wording.listed([6, 5]) == "6 and 5" and wording.listed([]) == ""


def test_a_variant_adopted_in_rules_yaml_keeps_the_variants_version(toy):
    _toy_with_rules(toy)
    plain, varied = load_game(str(toy)), load_game(str(toy), ["rounds=4"])
    edit(toy / "rules.yaml", "rounds: 3", "rounds: 4")
    adopted = load_game(str(toy))
    assert kit_version(adopted) == kit_version(varied) != kit_version(plain)
    assert adopted.variant == () and varied.variant == (("rounds", 4),)


def test_every_printing_command_takes_a_variant_and_refuses_a_bad_one(toy, tmp_path):
    _toy_with_rules(toy)
    for command in (["export", "png", toy, "--out", tmp_path / "export"], ["watch", toy, "--out", tmp_path / "watch"],
                    ["list", toy], ["build", toy, "--out", tmp_path / "build"]):
        result = _invoke(*command, "--rule", "rounds=lots")
        assert result.exit_code == 2 and "rounds: expected a whole number" in result.output, (command, result.output)
    assert not any((tmp_path / name).exists() for name in ("export", "watch", "build"))
    exported = _invoke("export", "png", toy, "--out", tmp_path / "export", "--rule", "bonus.plain=2")
    assert exported.exit_code == 0, exported.output
    listed = _invoke("list", toy, "--rule", "bonus.plain=2")
    assert f"kit {kit_version(load_game(str(toy), ['bonus.plain=2']))}" in listed.output


def test_a_rule_fact_s_name_is_refused_at_its_line_unless_it_can_be_written_key_value(tmp_path):
    import pytest

    from pnp.errors import DataError
    from pnp.read.rulefacts import read_rules

    (tmp_path / "rules.yaml").write_text("goal: 25\nhand size: 5\ntrue: 3\nbonus:\n  coloured!: 2\n")
    with pytest.raises(DataError) as raised:
        read_rules(tmp_path)
    assert [(where.line, where.field) for where, _ in raised.value.problems] == \
        [(2, "hand size"), (3, "True"), (5, "bonus.coloured!")]
