"""What is wrong in game.yaml is placed at its own line and key: the players, an alias, a font, an envelope's
`holds`, a key given twice, a card list named with a sheet, a card that is no card; so are the words pnp sets in
its fonts (so that a letter a font lacks is blamed where it was written); and a colour field may name a colour
of the game's palette."""
from __future__ import annotations

import shutil

import pytest

from conftest import edit
from pnp import resources
from pnp.errors import DataError
from pnp.read.games import load_game

pytestmark = pytest.mark.quick


def problems(toy) -> list[tuple[str, str]]:
    """(place without the folder, message) of each problem loading the toy game finds."""
    with pytest.raises(DataError) as raised:
        load_game(str(toy))
    return [(str(where).removeprefix(f"{toy}/"), message) for where, message in raised.value.problems]


def test_the_kit_s_notes_and_where_its_rules_are_are_placed_at_their_lines(toy):
    edit(toy / "game.yaml", "players: [2, 3]\n",
         "players: [2, 3]\nkit_notes:\n  - Cut carefully\nrules_elsewhere: in the box\n")
    printed = {text: (fonts, str(where).removeprefix(f"{toy}/")) for text, fonts, where in load_game(str(toy)).printed}
    assert printed["Cut carefully"] == (("sans",), "game.yaml:4: kit_notes")
    assert printed["in the box"] == (("bold",), "game.yaml:6: rules_elsewhere")
    assert load_game(str(toy)).rules_elsewhere == "in the box"


def test_a_colour_field_may_name_a_colour_of_the_palette(toy):
    edit(toy / "game.yaml", "      value: {type: int, min: 0, max: 9, default: 0}\n",
         "      value: {type: int, min: 0, max: 9, default: 0}\n      tint: {type: colour, default: none}\n")
    edit(toy / "game.yaml", "cards: deck.csv", "cards: [{id: alpha, tint: sea}, {id: beta, tint: '#123456'}]")
    assert [card.fields["tint"] for card in load_game(str(toy)).components["deck"].cards] == ["sea", "#123456"]


def test_a_card_list_named_with_a_sheet_is_checked_at_its_line(toy):
    edit(toy / "game.yaml", "cards: deck.csv", "cards: {file: deck.csv, shet: Deck}")
    [(where, message)] = problems(toy)
    assert where == "game.yaml:13: deck.cards.shet" and "unknown key" in message


def test_a_card_of_a_list_that_is_no_card_is_blamed_at_its_line(toy):
    edit(toy / "game.yaml", "cards: deck.csv", "cards:\n      - {id: alpha}\n      - beta")
    [(where, message)] = problems(toy)
    assert where == "game.yaml:15" and "expected a card" in message and "'beta'" in message


@pytest.mark.parametrize("old, new, found", [
    ("players: [2, 3]", "players: [3, 2]", ("game.yaml:3: players", "the fewest players exceed the most")),
    ("players: [2, 3]", "players: [~, 3]", ("game.yaml:3: players.[0]", "expected a whole number")),
    ("players: [2, 3]\n", "players: [2, 3]\nplayers: [2, 4]\n", ("game.yaml:4: players", "this key is given twice")),
    ("players: [2, 3]\n", "players: [2, 3]\naliases:\n  ok: Deck\n  two words: Deck\n",
     ("game.yaml:6: aliases.two words", "an alias is one word")),
    ("components:\n", "components:\n  sleeve:\n    kind: envelope\n    title: Sleeve\n    template: front.yaml.j2\n",
     ("game.yaml:7: sleeve.holds", "this envelope needs `holds:`")),
    ("components:\n", "components:\n  sleeve:\n    kind: envelope\n    title: Sleeve\n    template: front.yaml.j2\n"
                      "    holds: nothing\n", ("game.yaml:11: sleeve.holds", "no other component is called 'nothing'")),
], ids=["players reversed", "players blank", "key twice", "alias", "envelope without holds", "holds nothing"])
def test_a_problem_of_game_yaml_is_placed_at_its_line_and_key(toy, old, new, found):
    edit(toy / "game.yaml", old, new)
    [(where, message)] = problems(toy)
    assert where == found[0] and message.startswith(found[1])


def test_a_font_s_problem_is_placed_at_its_own_line_among_the_game_s_fonts(toy):
    shutil.copy(resources.FONTS / "DejaVuSans.ttf", toy / "hand.ttf")
    edit(toy / "game.yaml", "players: [2, 3]\n", "players: [2, 3]\nfonts:\n  hand: hand.ttf\n  Hand: hand.ttf\n")
    [(where, message)] = problems(toy)
    assert where == "game.yaml:6: fonts.Hand" and message.startswith("a font's name")
