"""Bad data gives a clear message naming file, line and field, exit code 2, and no traceback."""
import pytest
from click.testing import CliRunner

from conftest import TOY, edit, run
from pnp.cli import cli
from pnp.units import parse_length


CASES = [
    # (file, old, new, expected message parts)
    ("game.yaml", "    title: Deck\n", "    title: Deck\n    colour: red\n",
     ["game.yaml:10: deck.colour: unknown key"]),
    ("game.yaml", "name: Toy Game\n", "", ["game.yaml", "name: missing required key"]),
    ("game.yaml", "size: poker", "size: huge", ["game.yaml:10: deck.size: expected one of poker"]),
    ("game.yaml", "size: [180mm, 120mm]", "size: [180 furlongs, 120mm]", ["game.yaml:20: sheet.size"]),
    ("game.yaml", "kind: sheet", "kind: board-game", ["game.yaml:18: sheet.kind: expected a kind"]),
    ("game.yaml", "template: front.yaml.j2", "template: nope.yaml.j2",
     ["game.yaml:11: deck.template: no such template: nope.yaml.j2"]),
    ("game.yaml", "cards: deck.csv", "cards: nope.csv", ["game.yaml:13: deck.cards: no such file"]),
    ("game.yaml", "players: [2, 3]", "players: [2, 3", ["game.yaml", "not valid YAML"]),
    ("game.yaml", "  sea: \"#1F5FA8\"", "  sea: blueish", ["game.yaml:5: palette.sea: expected a colour"]),
    ("deck.csv", "beta,2,Beta,2,", "beta,two,Beta,2,", ["deck.csv:3: count: expected a whole number"]),
    ("deck.csv", "delta,1,Delta,4,", "delta,1,Delta,12,", ["deck.csv:5: value: expected a whole number from 0 to 9"]),
    ("deck.csv", "delta,1,Delta,4,", "beta,1,Delta,4,", ["deck.csv:5: id: card id 'beta' is used twice"]),
    ("deck.csv", "delta,1,Delta,4,", "delta,1,Delta,4,,extra", ["deck.csv:5", "6 cells but the header names 5"]),
    ("deck.csv", "gamma,5,,3,own-back.yaml.j2", "gamma,5,,3,lost.yaml.j2",
     ["deck.csv:4: back: no such template: lost.yaml.j2"]),
    ("templates/front.yaml.j2", "src: dot.svg", "src: lost.svg", ["artwork not found: artwork/lost.svg"]),
    ("templates/front.yaml.j2", "size: 10,", "size: 10, glow: 3,", ["step 3", "text.glow: unknown key"]),
    ("templates/front.yaml.j2", "{{ card.label | tojson }}", "{{ card.nickname | tojson }}",
     ["deck.csv:2", "has no attribute 'nickname'"]),
    ("templates/front.yaml.j2", "{{ card.label | tojson }}", "{{ card.label | tojson }", ["templates/front.yaml.j2:4",
                                                                                        "template syntax"]),
    ("deck.csv", "Beta,2,", "宝,2,", ["deck.csv:3", "no glyph for U+5B9D"]),
    ("artwork/dot.svg", "<svg", "plain text, not <svg", ["dot.svg:1: not an SVG file that can be read: Start tag expected"]),
    # text a player cannot read: set too small, over its frame, or where a cut may take it
    ("templates/front.yaml.j2", "w: {{ w - 6 }}, size: 9,", "w: {{ w - 6 }}, size: 4.5,",
     ["deck.csv:2", "step 4: text 'Île de la Tortue ☠' is set at 4.5 pt", "below the 6 pt a player can read"]),
    ("templates/front.yaml.j2", "- art:", "- rect: {x: 2, y: 38, w: 40, h: 5, stroke: \"#FFFFFF\"}\n- art:",
     ["step 4: text 'F:alpha' runs", "mm over its frame (the rect of step 2)"]),
    ("templates/front.yaml.j2", "x: 3, y: 60, w: {{ w - 6 }}, size: 9,",
     "x: 1, y: 60, w: {{ w - 6 }}, size: 9, align: left,",
     ["deck.csv:2", "step 4: text 'Île de la Tortue ☠' runs", "into the 3 mm next to the edge"]),
]


@pytest.mark.parametrize("file,old,new,expected", CASES, ids=[c[3][-1][:40] for c in CASES])
def test_bad_data_is_reported_clearly(toy, tmp_path, file, old, new, expected):
    edit(toy / file, old, new)
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for part in expected:
        assert part in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_every_problem_is_reported_at_once(toy, tmp_path):
    edit(toy / "game.yaml", "    title: Deck\n", "    title: Deck\n    colour: red\n")
    edit(toy / "deck.csv", "beta,2,Beta,2,", "beta,two,Beta,2,")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "2 problems" in result.output
    assert "deck.colour: unknown key" in result.output and "count: expected a whole number" in result.output


def test_unknown_game_and_bad_options(tmp_path):
    result = CliRunner().invoke(cli, ["build", "treasure-island"])
    assert result.exit_code == 2 and "unknown game 'treasure-island'" in result.output
    result = CliRunner().invoke(cli, ["build", str(TOY), "--back-offset", "left", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "expected X,Y" in result.output


def test_lengths_accept_units():
    assert parse_length("63.5mm") == 63.5
    assert parse_length("2.5in") == pytest.approx(63.5)
    assert parse_length("18pt") == pytest.approx(6.35)
    assert parse_length(3) == 3.0
    with pytest.raises(ValueError):
        parse_length("3 parsecs")


def test_net_and_die_data_are_checked(toy, tmp_path):
    edit(toy / "game.yaml", "faces: [1, 2, 3, 4, 5, boom]", "faces: [1, 2, 3, 4, 5, 6, 7]")
    edit(toy / "game.yaml", "{panel: front, side: left, depth: 8}", "{panel: lid, side: left, depth: 8}")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "die.faces: expected at most 6 items, got 7" in result.output
    edit(toy / "game.yaml", "faces: [1, 2, 3, 4, 5, 6, 7]", "faces: [1, 2, 3, 4, 5, 6]")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "tabs stand on panels the net does not have: lid" in result.output
