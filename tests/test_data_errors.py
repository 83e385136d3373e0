"""Bad data gives a clear message naming file, line and field, exit code 2, and no traceback."""
import pytest
from click.testing import CliRunner

from conftest import TOY, edit, run
from fuzz_data import build_in_process, in_child
from pnp.cli import cli
from pnp.model.units import parse_length

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
    ("game.yaml", "text: how-to-play.md", "text: nope.md", ["game.yaml:52: rules.text: no such file"]),
    ("game.yaml", "text: how-to-play.md", "text: ../how-to-play.md",
     ["game.yaml:52: rules.text: ../how-to-play.md leads outside the game's folder"]),
    ("game.yaml", "players: [2, 3]", "players: [2, 3", ["game.yaml:3: not valid YAML", "begun here"]),
    ("game.yaml", "name: Toy Game", "name: 'Toy Game", ["game.yaml:2: not valid YAML", "quoted scalar begun here"]),
    ("game.yaml", "  sea: \"#1F5FA8\"", "  sea: \"#1F5FA8\"\n\tdeep: 1", ["game.yaml:6: not valid YAML"]),
    ("game.yaml", "name: Toy Game", "name: !!python/name:os.system",
     ["game.yaml:2: the tag !!python/name:os.system is not accepted"]),
    ("game.yaml", "    template: front.yaml.j2\n", "    tempate: front.yaml.j2\n",
     ["game.yaml:7: deck.template: missing required key", "game.yaml:11: deck.tempate: unknown key"]),
    ("game.yaml", "value: {type: int", "value: {tpye: int",
     ["game.yaml:16: deck.fields.value.type: missing required key", "deck.fields.value.tpye: unknown key"]),
    ("game.yaml", "size: [180mm, 120mm]", "size: [0mm, 120mm]",
     ["game.yaml:20: sheet.size.[0]: expected a length such as 63.5mm, 2.5in or 18pt (at least 5mm), got '0mm'"]),
    ("game.yaml", "size: [180mm, 120mm]", "size: [180mm, -120mm]", ["game.yaml:20: sheet.size.[1]: expected a length"]),
    ("game.yaml", "size: [18mm, 18mm]", "size: [18mm, .nan]", ["game.yaml:26: die.size.[1]: expected a length"]),
    ("game.yaml", "size: [18mm, 18mm]", "size: [18mm, 1.0e+30]", ["game.yaml:26: die.size.[1]: expected a length of at "
                                                              "most 100 m, got 1e+30"]),
    ("templates/front.yaml.j2", "x: 3, y: 40", "x: 1.0e+30, y: 40", ["step 3.text.x: expected a length of at most 100 m"]),
    ("templates/front.yaml.j2", "size: 10,", "size: -1.0e+12,", ["step 3.text.size: expected a number from -1e+09"]),
    ("game.yaml", "back: {x: 0, y: 0, w: 60", "back: {x: 0, y: 0, w: 0", ["game.yaml:35: pouch.panels.back.w: expected a length"]),
    ("game.yaml", "components:\n", "parts:\n", ["game.yaml:2: components: missing required key",
                                                "game.yaml:6: parts: unknown key"]),
    ("game.yaml", "  deck:\n", "  ../deck:\n", ["game.yaml:7: ../deck: a component's id names its PDF files"]),
    ("deck.csv", "id,count,", "ident,count,", ["deck.csv:1: id: no such column: every card needs its id",
                                                 "deck.csv:1: ident: unknown column"]),
    ("deck.csv", "beta,2,", "beta,1000000000,", ["deck.csv:3: count: expected a whole number from 0 to 2000"]),
    ("deck.csv", "delta,1,Delta,4,", 'delta,1,"Delta,4,', ["deck.csv:5: a quoted cell that starts on this line"]),
    ("game.yaml", "  sea: \"#1F5FA8\"", "  sea: blueish", ["game.yaml:5: palette.sea: expected a colour"]),
    ("deck.csv", "beta,2,Beta,2,", "beta,two,Beta,2,", ["deck.csv:3: count: expected a whole number"]),
    ("deck.csv", "delta,1,Delta,4,", "delta,1,Delta,12,", ["deck.csv:5: value: expected a whole number from 0 to 9"]),
    ("deck.csv", "delta,1,Delta,4,", "beta,1,Delta,4,", ["deck.csv:5: id: card id 'beta' is used twice"]),
    ("deck.csv", "delta,1,Delta,4,", "delta,1,Delta,4,,extra", ["deck.csv:5", "6 cells but the header names 5"]),
    ("deck.csv", "gamma,5,,3,own-back.yaml.j2", "gamma,5,,3,lost.yaml.j2",
     ["deck.csv:4: back: no such template: lost.yaml.j2"]),
    ("templates/front.yaml.j2", "src: dot.svg", "src: lost.svg", ["artwork not found: artwork/lost.svg"]),
    # a name longer than any file's name (255 bytes) is no name: said at its line, not a failure to look it up
    ("deck.csv", "gamma,5,,3,own-back.yaml.j2", f"gamma,5,,3,{'a' * 300}",
     ["deck.csv:4: back: aaaa", "a name of 300 characters"]),
    ("templates/front.yaml.j2", "src: dot.svg", f"src: {'9' * 404}.svg",
     ["front.yaml.j2", "art.src", "a name of 408 characters"]),
    ("templates/front.yaml.j2", "size: 10,", "size: 10, glow: 3,", ["step 3", "text.glow: unknown key"]),
    # a step inside a group is named by both numbers, the group's first: the second step of the group at step 2
    ("templates/front.yaml.j2", "- art: {src: dot.svg, x: 10, y: 10, w: 20, h: 20}",
     "- group: {steps: [{circle: {x: 1, y: 1, r: 1}}, {art: {src: dot.svg, x: 10, y: 10, w: 20, h: 20, glow: 3}}]}",
     ["(template front.yaml.j2): step 2.2.art.glow: unknown key"]),
    ("templates/front.yaml.j2", "{{ card.label | tojson }}", "{{ card.nickname | tojson }}",
     ["deck.csv:2", "has no attribute 'nickname'"]),
    ("templates/front.yaml.j2", "{{ card.label | tojson }}", "{{ card.label | tojson }", ["templates/front.yaml.j2:4",
                                                                                        "template syntax"]),
    ("deck.csv", "Beta,2,", "宝,2,", ["deck.csv:3", "no glyph for U+5B9D"]),
    # a text's colour must print: none, a palette name that is none, or none set inside the text
    ("templates/front.yaml.j2", 'size: 9, colour: "#FFFFFF"', "size: 9, colour: none",
     ["front.yaml.j2", "text.colour: a text's colour must print"]),
    ("deck.csv", "Beta,2,", "{none}Beta{/},2,", ["deck.csv:3", "a text's colour must print"]),
    ("artwork/dot.svg", "<svg", "plain text, not <svg", ["dot.svg:1: not an SVG file that can be read: Start tag expected"]),
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


def test_a_text_in_a_palette_colour_that_is_none_is_an_error_not_a_crash(toy, tmp_path):
    edit(toy / "game.yaml", '  sea: "#1F5FA8"', "  sea: none")
    edit(toy / "templates" / "front.yaml.j2", 'size: 9, colour: "#FFFFFF"', "size: 9, colour: sea")
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "front.yaml.j2" in result.output and "the palette makes sea none" in result.output


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


def test_a_line_break_quoted_from_the_data_stays_inside_its_message(toy, tmp_path):
    edit(toy / "game.yaml", "label: {type: text", "label: {type: choice, of: [a, \"b\\nc\"]")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "deck.csv:2: label: expected one of a, b\\nc, got 'Île de la Tortue ☠'" in result.output


def test_a_stray_column_is_reported_once_at_the_header(toy, tmp_path):
    rows = (toy / "deck.csv").read_text(encoding="utf-8").splitlines()
    (toy / "deck.csv").write_text("\n".join([rows[0] + ",colour"] + [row + ",red" for row in rows[1:]]) + "\n")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert "1 problem in" in result.output
    assert "deck.csv:1: colour: unknown column (expected one of: id, count, back, label, value)" in result.output


def test_a_missing_required_column_is_reported_once_at_the_header(toy, tmp_path):
    edit(toy / "game.yaml", "label: {type: text, default: \"\"}", "label: {type: text}")
    edit(toy / "deck.csv", "id,count,label,", "id,count,name,")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "2 problems in" in result.output
    assert "deck.csv:1: label: no such column: this field has no default" in result.output
    assert "deck.csv:1: name: unknown column" in result.output


def test_a_byte_order_mark_is_accepted(toy, tmp_path):
    for name in ("deck.csv", "game.yaml"):
        (toy / name).write_bytes(b"\xef\xbb\xbf" + (toy / name).read_bytes())
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("separator,name", [(";", "semicolons"), ("\t", "tabs")])
def test_other_separators_are_named(toy, tmp_path, separator, name):
    text = (toy / "deck.csv").read_text(encoding="utf-8")
    (toy / "deck.csv").write_text(text.replace(",", separator), encoding="utf-8")
    result = run(toy, tmp_path)
    assert result.exit_code == 2
    assert f"deck.csv:1: the columns are separated by {name}" in result.output


@pytest.mark.parametrize("rows,message", [
    ("", "deck.csv:1: the list holds no cards"),
    ("alpha,0,,1,\nbeta,0,,2,\n", "deck.csv:1: every count is 0: the group prints nothing"),
    ("alpha,2000,,1,\nbeta,1,,2,\n", "deck.csv:1: 2,001 cards to print: a group prints at most 2,000"),
])
def test_a_card_list_must_print_something_and_not_too_much(toy, tmp_path, rows, message):
    (toy / "deck.csv").write_text("id,count,label,value,back\n" + rows, encoding="utf-8")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and message in result.output


def test_a_card_key_with_nothing_after_it_lists_no_cards(toy, tmp_path):
    """`cards:` (or `pieces:`) left empty is said at its line, not taken for a group of no cards."""
    edit(toy / "game.yaml", "cards: deck.csv", "cards:")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "game.yaml:13: deck.cards: the list holds no cards" in result.output


@pytest.mark.parametrize("notes,exit_code", [("", 0), (" []", 0), (" [Bring a pencil.]", 0), (" 7", 2)])
def test_kit_notes_may_be_left_empty(toy, tmp_path, notes, exit_code):
    edit(toy / "game.yaml", "palette:", f"kit_notes:{notes}\npalette:")
    result = run(toy, tmp_path)
    assert result.exit_code == exit_code and "Traceback" not in result.output, result.output


def test_kit_notes_under_vars_are_sent_to_their_own_key(toy, tmp_path):
    """`kit_notes` is a key of game.yaml; one left under `vars` (where it used to be) is not quietly dropped."""
    edit(toy / "game.yaml", "palette:", "vars:\n  kit_notes: [Bring a pencil.]\npalette:")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "game.yaml:" in result.output and "vars.kit_notes" in result.output


def test_a_card_without_id_in_a_yaml_list(toy, tmp_path):
    (toy / "deck.yaml").write_text("- {id: alpha, value: 1}\n- {count: 2, value: 2}\n", encoding="utf-8")
    edit(toy / "game.yaml", "cards: deck.csv", "cards: deck.yaml")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "deck.yaml:2: id: missing required key" in result.output


BOMB = "".join(f"  b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 9)}]\n" for i in range(1, 12))

YAML_HAZARDS = [  # (text added at the end of game.yaml, the line of the problem in it, the message)
    ("vars:\n  b0: &b0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + BOMB, 8,
     "holds more than 1,000,000 values (counting what its aliases repeat)"),
    ("vars:\n  loop: &loop [1, *loop]\n", 2, "the alias *loop is inside its own anchor: it would never end"),
    ("vars:\n  loop: &loop\n    again: *loop\n", 3, "the alias *loop is inside its own anchor"),
    ("vars:\n  lost: *nowhere\n", 2, "the alias *nowhere names no anchor before it"),
    ("vars:\n  deep: " + "[" * 200 + "]" * 200 + "\n", 2, "nested more than 64 deep"),
    ("vars:\n  big: " + "9" * 5000 + "\n", 2, "a number too long to read"),
    ("vars:\n  blob: !!binary aGVsbG8=\n", 2, "the tag !!binary is not accepted in data"),
    ("vars:\n  set: !!set {a, b}\n", 2, "the tag !!set is not accepted in data"),
    ("---\nname: Other\n", 1, "a second document"),
]


@pytest.mark.parametrize("text,line,message", YAML_HAZARDS, ids=[m[:30] for _, _, m in YAML_HAZARDS])
def test_yaml_that_would_never_end_or_run_code_is_refused_with_its_line(toy, tmp_path, text, line, message):
    end = len((toy / "game.yaml").read_text(encoding="utf-8").splitlines())
    with open(toy / "game.yaml", "a", encoding="utf-8") as stream:
        stream.write(text)
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert f"game.yaml:{end + line}: {message}" in result.output


def test_nesting_past_what_the_yaml_reader_itself_allows_is_refused_at_its_line(toy, tmp_path):
    """100,000 brackets deep: the YAML reader may stop before our own limit is reached; either way the file
    and line are named and nothing is built."""
    end = len((toy / "game.yaml").read_text(encoding="utf-8").splitlines())
    with open(toy / "game.yaml", "a", encoding="utf-8") as stream:
        stream.write("vars:\n  deep: " + "[" * 100000 + "]" * 100000 + "\n")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert f"game.yaml:{end + 2}: " in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def _rows(count):
    def make(toy):
        rows = "".join(f"card-{n},1,,1,\n" for n in range(count))
        (toy / "deck.csv").write_text("id,count,label,value,back\n" + rows, encoding="utf-8")
    return make


def _huge_svg(toy):
    circle = '<circle cx="5" cy="5" r="3" fill="#123456"/>\n'
    with open(toy / "artwork" / "dot.svg", "w", encoding="utf-8") as stream:
        stream.write('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n')
        stream.write(circle * (50 * 2 ** 20 // len(circle)) + "</svg>\n")


def _huge_yaml(toy):
    (toy / "deck.yaml").write_text("".join(f"- {{id: card-{n}}}\n" for n in range(1_200_000)), encoding="utf-8")
    edit(toy / "game.yaml", "cards: deck.csv", "cards: deck.yaml")


RESOURCES = [
    (_rows(1_000_000), "deck.csv: 17,888,916 bytes: larger than the 16 MB"),
    (_rows(100_000), "deck.csv:2002: more than 2,000 rows: at most 2,000 are read"),
    (_huge_svg, "artwork/dot.svg: too large for artwork (50.0 MB; at most 1 MB)"),
    (_huge_yaml, "deck.yaml: 24,088,890 bytes: larger than the 16 MB"),
    (lambda toy: edit(toy / "deck.csv", "beta,2,", "beta,1000000000,"), "count: expected a whole number from 0 to 2000"),
    (lambda toy: edit(toy / "game.yaml", "count: 3", "count: 1000000000"), "sheet.count: expected a whole number"),
]


@pytest.mark.parametrize("make,message", RESOURCES, ids=[m.split(": ", 1)[-1][:30] for _, m in RESOURCES])
def test_huge_data_is_refused_with_memory_bounded(toy, tmp_path, make, message):
    make(toy)
    answer, failure = in_child(lambda: build_in_process(toy, tmp_path / "out", []), timeout=None, memory=2 ** 30)
    assert failure is None, failure
    exit_code, output = answer
    assert exit_code == 2, output
    assert message in output



@pytest.mark.parametrize("old,new,expected", [
    ("name: Toy Game", "name: Toy \U0001F3F4", "game.yaml:2: name: the title font has no glyph for U+1F3F4"),
    ("    title: Deck\n", "    title: Deck \U0001F3F4\n", "game.yaml:9: deck.title: the bold font has no glyph"),
    ("    title: Deck\n", "    title: Deck\n    stock: card \U0001F3F4\n",
     "game.yaml:10: deck.stock: the sans font has no glyph"),
])
def test_words_the_kit_prints_in_its_own_fonts_are_checked_at_their_line(toy, tmp_path, old, new, expected):
    """A kit's title, a part's title and its stock are set on the contents page and in footers: a character the
    fonts lack is named where the data gives it (it used to be blamed on another part, or on no line)."""
    edit(toy / "game.yaml", old, new)
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and expected in result.output, result.output
    assert result.output.count("no glyph") == 1


# --- ids name files: a card's, a token's, a component's ------------------------------------------------------

@pytest.mark.parametrize("cell,said", [
    ("../../x", "holds /"),
    ("x/../y", "holds /"),
    ("a/b/c", "holds /"),
    ("a\\b", "holds \\"),
    ("..", "holds .."),
    ("a..b", "holds .."),
    ('"a\nb"', "holds a control character"),
    ("a\x1bb", "holds a control character"),
    ("a\x7f", "holds a control character"),
    ("x" * 101, "101 bytes long"),
    ("宝" * 34, "102 bytes long"),  # three bytes each in UTF-8
    (".hidden", "begins or ends with a space or a dot"),
    ("end.", "begins or ends with a space or a dot"),
    ("BETA", "differs from 'beta' (line 3) only in case"),
])
def test_an_id_that_cannot_name_a_file_is_refused_at_its_line(toy, cell, said):
    """Ids name the files an export writes (<component>/<id>-front.png): one that would name another folder, a
    file outside, or a name some systems refuse or take for another's, is an error at its line."""
    from pnp.errors import DataError
    from pnp.read.games import load_game

    edit(toy / "deck.csv", "delta,1,Delta,4,", f"{cell},1,Delta,4,")
    with pytest.raises(DataError) as raised:
        load_game(str(toy))
    message = str(raised.value)
    assert "deck.csv:5: id: " in message and said in message and "cannot name a file: it" in message, message
    assert "\x1b" not in message and "\x7f" not in message  # said escaped, as every quoted text is


def test_an_id_of_tokens_and_of_components_is_checked_alike(toy):
    from pnp.errors import DataError
    from pnp.read.games import load_game

    edit(toy / "game.yaml", "- {id: moon}", "- {id: ../moon}")
    edit(toy / "game.yaml", "  numbered:\n", "  Sheet:\n")
    with pytest.raises(DataError) as raised:
        load_game(str(toy))
    message = str(raised.value)
    assert "game.yaml:62: id: '../moon' cannot name a file: it holds /, which leads into another folder" in message
    assert "game.yaml:41: Sheet: 'Sheet' cannot name a file: it differs from 'sheet' (line 17) only in case" \
        in message, message
    edit(toy / "game.yaml", "- {id: ../moon}", "- {id: \"moon \"}")
    with pytest.raises(DataError) as raised:
        load_game(str(toy))
    assert "game.yaml:62: id: 'moon ' cannot name a file: it begins or ends with a space or a dot" \
        in str(raised.value)


@pytest.mark.parametrize("ids", [["Île de la Tortue", "card 2", "v1.5", "x_y-z", "宝"], ["a", "A-1", "b.c.d"]])
def test_ordinary_ids_name_files(toy, ids):
    from pnp.read.games import load_game

    (toy / "deck.csv").write_text("id,count\n" + "".join(f"{card},1\n" for card in ids), encoding="utf-8")
    assert [card.id for card in load_game(str(toy)).components["deck"].cards] == ids


def test_every_game_and_fixture_keeps_its_ids():
    """The rule refuses nothing the games and the tests' games use."""
    from pnp.read.games import game_slugs, load_game

    for name in [*game_slugs(), str(TOY), str(TOY.parent / "golden")]:
        load_game(name)
