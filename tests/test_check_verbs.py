"""Verb patterns: one pattern gives a verb's parser, its usage line and its printed form."""
from __future__ import annotations

import copy

import pytest

from pnp.check.replay import parse_event
from pnp.check.parsing import bind
from pnp.check.verbs import Kind, action, names, number
from pnp.check.violations import LOG_SYNTAX, ReadError
from pnp.check.words import Words

PLAYERS = {"ann": "Ann", "bob": "Bob"}
CARDS = {"ship": "ship", "map": "map", "wild": "wild"}

Take = action("take", "{player} take {column:column} {card:card} [to {to:player}]")
Deal = action("deal", "deal {column:column} {cards:card}...")
Roll = action("roll", "roll {faces:face} [{faces:face}]")
Fire = action("fire", "{player} fire {face:face} [{row:row}] [at {target:row}]")
Lose = action("lose", "{player} lose (ball|balls {rows:row}... | {card:card})")
Spy = action("spy", "{player} spy [{cards:card}...]")
Final = action("final", "final {claims:claims}")
End = action("end", "end")
KINDS = {"column": number("a column number", 1, 4, "columns are numbered 1–4, not {}"),
         "card": names(CARDS, "a card", "CARD"), "face": names({"1": 1, "2": 2, "boom": "boom"}, "a face", "FACE"),
         "row": names({"a": "A", "b": "B"}, "a row", "ROW", LOG_SYNTAX)}


def only_boom_fires_at(action, words):
    if action.target and action.face != "boom":
        words.fail("only the boom fires at a row")


VERBS = bind([Take, Deal, Roll, Fire, Lose, Spy, Final, End], KINDS, {"fire": only_boom_fires_at})


def parsed(line: str):
    return parse_event(line.split(), PLAYERS, VERBS)


def fails(line: str) -> tuple:
    with pytest.raises(ReadError) as caught:
        parsed(line)
    return caught.value.rule, caught.value.message


@pytest.mark.parametrize("line, made", [
    ("Ann take 3 ship", Take("Ann", 3, "ship")),
    ("ann TAKE 3 Ship to bob", Take("Ann", 3, "ship", "Bob")),
    ("deal 2 ship map map", Deal(2, ("ship", "map", "map"))),
    ("deal 2 Ship MAP wild", Deal(2, ("ship", "map", "wild"))),  # names read by their table, in any case
    ("roll 1", Roll((1,))),
    ("roll 2 boom", Roll((2, "boom"))),
    ("Bob fire 2 b", Fire("Bob", 2, "B")),
    ("Bob fire boom at a", Fire("Bob", "boom", None, "A")),
    ("Bob fire boom a at b", Fire("Bob", "boom", "A", "B")),
    ("Ann lose ball a", Lose("Ann", rows=("A",))),
    ("Ann lose ball a b", Lose("Ann", rows=("A", "B"))),
    ("Ann lose map", Lose("Ann", card="map")),
    ("Ann spy", Spy("Ann")),
    ("final Ann 3 Bob 4", Final((("Ann", 3), ("Bob", 4)))),
    ("end", End()),
])
def test_a_line_is_read_into_its_action(line, made):
    assert parsed(line) == made


@pytest.mark.parametrize("made, line", [
    (Take("Ann", 3, "ship"), "Ann take 3 ship"),
    (Take("Ann", 3, "ship", "Bob"), "Ann take 3 ship to Bob"),
    (Deal(2, ("ship", "map")), "deal 2 ship map"),
    (Roll((2, "boom")), "roll 2 boom"),
    (Roll((2,)), "roll 2"),
    (Fire("Bob", "boom", None, "A"), "Bob fire boom at A"),
    (Lose("Ann", rows=("A",)), "Ann lose ball A"),
    (Lose("Ann", rows=("A", "B")), "Ann lose balls A B"),
    (Lose("Ann", card="map"), "Ann lose map"),
    (Spy("Ann", ("map", "ship")), "Ann spy map ship"),
    (Final((("Ann", 3), ("Bob", 4))), "final Ann 3 Bob 4"),
])
def test_an_action_prints_as_its_line_and_reads_back(made, line):
    assert str(made) == line
    assert parsed(line) == made


def test_each_verb_has_a_usage_line_made_from_its_pattern():
    assert {name: verb.usage for name, verb in VERBS.items()} == {
        "take": "PLAYER take COLUMN CARD [to PLAYER]",
        "deal": "deal COLUMN CARD [CARD ...]",
        "roll": "roll FACE [FACE]",
        "fire": "PLAYER fire FACE [ROW] [at ROW]",
        "lose": "PLAYER lose (ball ROW [ROW ...] | CARD)",
        "spy": "PLAYER spy [CARD ...]",
        "final": "final PLAYER POINTS PLAYER POINTS ...",
        "end": "end",
    }
    assert [VERBS[name].by_player for name in ("take", "deal", "end")] == [True, False, False]


@pytest.mark.parametrize("line, rule, message", [
    ("Ann take 3", "LOG-SYNTAX", "a card is missing (write `PLAYER take COLUMN CARD [to PLAYER]`)"),
    ("Ann take 5 ship", "LOG-SYNTAX", "columns are numbered 1–4, not 5"),
    ("Ann take 3 shp", "LOG-CARD", "'shp' is not a card; did you mean 'ship'?"),
    ("Ann take 3 ship Bob", "LOG-SYNTAX", "unexpected 'Bob' at the end"),
    ("Ann take 3 ship to Cy", "LOG-PLAYER", "'Cy' is not a player (Ann, Bob)"),
    ("deal 2", "LOG-SYNTAX", "a card is missing"),
    ("deal 2 ship shp map", "LOG-CARD", "'shp' is not a card; did you mean 'ship'?"),  # a name amiss among many
    ("roll 1 2 2", "LOG-SYNTAX", "unexpected '2' at the end"),
    ("Bob fire 2 c", "LOG-SYNTAX", "'c' is not a row"),           # a word left: the optional row is read
    ("Bob fire 2 at a", "LOG-SYNTAX", "only the boom fires at a row"),
    ("Ann lose", "LOG-SYNTAX", "a card is missing"),               # no shape fits: the last one says why
    ("Ann lose balls", "LOG-SYNTAX", "a row is missing"),
    ("final Ann", "LOG-SYNTAX", "Ann's points is missing"),
])
def test_a_line_that_does_not_fit_says_what_was_expected(line, rule, message):
    found_rule, found = fails(line)
    assert found_rule == rule and message in found


def test_actions_are_values():
    assert Take("Ann", 1, "map") == Take("Ann", 1, "map") != Take("Ann", 1, "map", "Bob")
    assert len({Take("Ann", 1, "map"), Take("Ann", 1, "map")}) == 1
    assert Take("Ann", 1, "map") != Deal(1, ("map",))
    assert repr(Deal(1, ("map",))) == "Deal(column=1, cards=('map',))"
    with pytest.raises(AttributeError):
        Take("Ann", 1, "map").card = "ship"
    Other = action("take", Take.pattern)  # another game's verb of the same name is another action
    assert Other("Ann", 1, "map") != Take("Ann", 1, "map")
    assert copy.deepcopy(Lose("Ann", rows=("A",))) == Lose("Ann", rows=("A",)) and End().values() == ()


@pytest.mark.parametrize("verb, pattern, message", [
    ("take", "{player} grab {card:card}", "does not name its verb"),
    ("take", "{player} take [{card:card}", "missing ']'"),
    ("take", "{player} take {card:card})", "unbalanced"),
    ("take", "{player} take {fields:card}", "a name actions keep for themselves"),
])
def test_a_broken_pattern_is_refused_when_it_is_made(verb, pattern, message):
    with pytest.raises(ValueError, match=message):
        action(verb, pattern)


def test_a_pattern_naming_a_kind_the_game_lacks_is_refused_when_bound():
    with pytest.raises(ValueError, match="kinds no game binds: colour"):
        bind([action("paint", "{player} paint {colour}")], KINDS)


def test_a_kind_is_any_reader_of_words():
    upper = Kind(lambda words: words.next("a word").upper(), "WORD")
    shout = action("shout", "{player} shout {text:upper}")
    verbs = bind([shout], {"upper": upper})
    assert parse_event("Ann shout hey".split(), PLAYERS, verbs) == shout("Ann", "HEY")
    assert verbs["shout"].usage == "PLAYER shout WORD"


def test_a_field_named_in_several_shapes_holds_one_value():
    play = action("play", "{player} play ({card:card} {face:face} | {card:card})")
    verbs = bind([play], KINDS)
    assert parse_event("Ann play map 2".split(), PLAYERS, verbs) == play("Ann", "map", 2)
    assert str(play("Ann", "map")) == "Ann play map"


def test_a_subclass_that_makes_its_actions_otherwise_is_still_called_to_make_them():
    class Upper(Take):  # a game's own action class, whose objects keep the card in capitals
        __slots__ = ()

        def __new__(cls, player=None, column=None, card=None, to=None):
            return Take.__new__(cls, player, column, card.upper(), to)

    verbs = bind([Upper], KINDS)
    made = parse_event("Ann take 2 ship".split(), PLAYERS, verbs)
    assert type(made) is Upper and made.card == "SHIP"


def test_a_check_vets_a_line_the_full_parser_reads_as_it_does_one_the_quick_parser_reads():
    def keeps_the_wild_card(action, words):
        if action.card == "wild":
            words.fail("the wild card is never lost")

    verbs = bind([Lose, Fire], KINDS, {"lose": keeps_the_wild_card, "fire": only_boom_fires_at})
    assert parse_event("Ann lose map".split(), PLAYERS, verbs) == Lose("Ann", card="map")  # a choice of shapes
    for line, message in (("Ann lose wild", "the wild card is never lost"),
                          ("Bob fire 2 at a", "only the boom fires at a row")):
        with pytest.raises(ReadError) as caught:
            parse_event(line.split(), PLAYERS, verbs)
        usage = verbs[line.split()[1]].usage
        assert (caught.value.rule, caught.value.message) == (LOG_SYNTAX, f"{message} (write `{usage}`)")


def test_an_action_made_from_its_pattern_prints_its_optional_words_only_when_given_and_keeps_many_as_a_tuple():
    give = action("give", "{player} give {cards:card}... [to {to:player}]")
    assert give.fields == ("player", "cards", "to") and give.lists == {"player": False, "cards": True, "to": False}
    assert give("Ann") == give("Ann", (), None) and give("Ann").cards == ()
    assert str(give("Ann", ("map", "ship"))) == "Ann give map ship"
    assert str(give("Ann", ("map",), "Bob")) == "Ann give map to Bob"
    assert repr(give("Ann", ("map",), "Bob")) == "Give(player='Ann', cards=('map',), to='Bob')"
    verbs = bind([give], KINDS)
    assert parse_event("Ann give MAP ship".split(), PLAYERS, verbs) == give("Ann", ("map", "ship"))


def test_a_kind_of_names_reads_and_accepts_the_words_of_its_table_in_any_case():
    card = names(CARDS, "a card", "CARD")
    assert card.accepts("MAP") and card.accepts("ship") and not card.accepts("parrot")
    assert card.quick("Wild", None) == "wild" and card.quick("parrot", None) is None
    assert card.table is CARDS and card.label == "CARD"


def test_a_kind_s_reader_takes_an_optional_keyword_only_when_it_is_the_next_word():
    words = Words("Ann give map TO bob".split(), 2, "PLAYER give CARD [to PLAYER]", PLAYERS)
    assert words.next("a card") == "map"
    assert not words.keyword("from") and words.at == 3   # another word: nothing taken
    assert words.keyword("to") and words.at == 4          # in any case
    assert words.player() == "Bob" and not words.more()
    assert not words.keyword("to") and words.at == 5      # past the last word


def test_a_line_of_a_verb_of_many_words_holding_none_says_the_first_is_missing():
    winner = action("winner", "winner {players:player}...")
    verbs = bind([winner], KINDS)
    assert parse_event(["winner", "ann", "Bob"], PLAYERS, verbs) == winner(("Ann", "Bob"))
    with pytest.raises(ReadError) as caught:
        parse_event(["winner"], PLAYERS, verbs)
    assert caught.value.message == "a player's name is missing (write `winner PLAYER [PLAYER ...]`)"
