"""One rule, one place: every rule fact of every game, changed to another playable value (tests/rule_tweaks.py),
builds a kit whose text states the new value where it stated the old one and differs in nothing else but its
version (a fact in RESHAPED changes the shape of a sentence too, said why there); and no printed text of the data states a number as a literal where a fact should be named."""
from __future__ import annotations

import re

import pytest

from pnp.check.loader import checked_games
from pnp.read.games import game_slugs, load_game
from pnp.read.rulefacts import facts
from rule_tweaks import RESHAPED, UNPRINTED, differences, explained, kit_words, states, tweaks, varied_kit

from pnp.build.stages import read_kit

GAMES = [slug for slug in game_slugs() if slug in checked_games()]

# Numbers a game's printed texts may write as they are (phrases, each with the reason): none is a rule fact.
LITERALS: dict = {
    "buccaneer": {"The first captain": "who wins", "most valuable first": "an order", "in one straight line": "a single line", "from 1 square up": "what a move is: at least a square", "one of its three arrows": "the board's arrows at a harbour, one to each square it touches", "no one may": "nobody", "declare one when": "an attack", "The two captains": "the two in an attack", "Pieces of Eight": "a card's name", "Pieces of eight": "a card's name", "If two ships are equally near": "a tie"},
    "buried-treasure": {"or the second most": "a place's name", "**1st** points": "a place's name (the score cards' headings)", "**2nd** points": "a place's name", "it shows two numbers": "a score card's two places, 1st and 2nd: the score card's format", "turn one up": "a round's score card: one a round", "the one before": "a pronoun", "the one no other card covers": "a pronoun", "take one more top card": "what an EXTRA card is (the card says so)", "that second card": "the EXTRA card's card", "pick one opponent": "what a flag card is (the card says so)", "still steal first": "an adverb of order", "with 3, 3, 2 and 1 Ships, both 3s score nothing, the 2 takes 1st and": "a worked example of ties", "the 1 takes 2nd": "a worked example of ties", "For round 2": "a round's name: the one after the first", "Before the first round": "a round's name"},
    "cannon-dice": {"one of": "choosing among (one of you, one of your cannons): no count", "one long side": "the sheet's side", "the one printed": "a pronoun", "a new one": "a pronoun", "one that": "a pronoun", "one round each": "taking turns", "pick first": "an order", "the three": "the offer the sentence names: a die, the other die and the card", "the two left": "what is left of that offer", "showing 1 to": "a die's lowest number, the space next to the cannon (the checker holds the numbers to 1 up to the columns)", "seal one": "the secret map: the envelope holds a single card", "One map card": "the secret map, as above", "circles one X": "a single guess", "one treasure": "the thing a card's steal or loss moves, as the log writes it", "one die": "a single die rolled instead of both (a card's own roll, Walk the Plank)", "one more card": "another card"},  # phrase: why its number is no rule fact
    "pete-the-pirate": {"one by one": "an idiom", "which one": "a pronoun", "each one back": "a pronoun", "Whoever first": "soonest: no place in an order", "the two sides": "a standee's front and back", "the mark 0": "the name the board prints on each chest place's first mark", "Put one gem of each colour": "one per hiding place (each colour has a gem for every hiding place: the checker holds them equal)", "at least one square": "moving at all", "twice in one move": "no square visited again", "opens **one** compartment": "one of the chest's two: the other stays shut"},  # phrase: why its number is no rule fact
    "pirates-gold": {"gold one card at a time": "dealt singly: no count", "into one face-down deck": "a single deck", "cards one by one": "an idiom", "First say": "the order of saying and turning up", "one of them": "a pronoun", "ends it first": "sooner: no place in an order", "If two or more tie": "what a tie is", "the one who played last": "a pronoun", "Two players": "the heading of the two-player game, which adds a dummy seat: the game itself, no number to tune", "play as three": "the two players and their dummy", "cards one each": "a card to each seat in turn"},  # phrase: why its number is no rule fact
}

NUMBERISH = re.compile(r"\b(\d+(st|nd|rd|th)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                       r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twice)\b", re.I)
NAMED = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{##.*?##\}", re.S)


@pytest.mark.parametrize("slug", GAMES)
def test_every_fact_says_what_it_means(slug):
    game = load_game(slug)
    found = facts(game.rules, game.folder)
    assert found, f"{slug}: no rule facts"
    assert [fact.key for fact in found if not fact.means] == []
    # a meaning states no number of its own: it is printed beside the value, which a variant changes
    assert [fact.key for fact in found if NUMBERISH.search(NAMED.sub("", fact.means))] == []


@pytest.mark.parametrize("slug", GAMES)
def test_every_fact_tweaked_is_stated_in_the_kit(slug):
    plain = kit_words(read_kit(slug))
    unprinted = UNPRINTED.get(slug, {})
    wrong = []
    for key, value, given in tweaks(slug):
        assert given is not None, f"{slug}: {key}: no playable value near {value!r} (name one in CHOSEN)"
        hunks = differences(plain, kit_words(varied_kit(slug, given)))
        new = load_game(slug, [given])
        changed = dict(new.variant)[key]
        if key in unprinted:
            wrong += [f"{given}: the kit changed though no sentence states it: {hunks[:3]}"] if hunks else []
            continue
        if key not in RESHAPED.get(slug, {}):
            wrong += [f"{given}: {' '.join(old)!r} -> {' '.join(varied)!r}" for old, varied in hunks
                      if not explained(old, varied)]
        if not states(hunks, value, changed):
            wrong.append(f"{given}: no sentence of the kit states it (was {value!r}): name it where the rules "
                         f"say it, or list it in UNPRINTED with the reason")
    assert wrong == []


def _printed_texts(game):
    """(where, text) of every text of the data that the kit prints as a sentence."""
    for component in game.components.values():
        if component.options.get("content"):
            yield f"{component.options['text']}", component.options["content"]
        for card in component.cards:
            for name, value in card.fields.items():
                if isinstance(value, str) and " " in value.strip():
                    yield f"{component.id} {card.id}.{name}", value
    for note in game.kit_notes:
        yield "kit_notes", note

    def walk(value, where):
        if isinstance(value, str) and " " in value.strip():
            yield where, value
        elif isinstance(value, dict):
            for key, item in value.items():
                yield from walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from walk(item, f"{where}.{index}")

    yield from walk(game.vars, "vars")


@pytest.mark.parametrize("slug", GAMES)
def test_no_printed_text_states_a_number_as_a_literal(slug):
    allowed = [re.compile(re.escape(phrase)) for phrase in LITERALS.get(slug, {})]
    found = []
    for where, text in _printed_texts(load_game(slug)):
        for line_number, line in enumerate(NAMED.sub(lambda m: " " * len(m.group()), text).splitlines(), 1):
            for phrase in allowed:
                line = phrase.sub(lambda m: " " * len(m.group()), line)
            line = re.sub(r"^\s*(\d+\.|#+)\s", "", line)  # a numbered list's item marker, a heading's marks
            line = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", line)  # a picture's caption
            found += [f"{where}:{line_number}: {match.group()!r} in {line.strip()[:70]!r}"
                      for match in NUMBERISH.finditer(line)]
    assert found == []
