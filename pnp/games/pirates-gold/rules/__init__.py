"""Pirates' Gold's rules for the playtest checker: its log verbs, its game state, its rule codes, its bots.

Every rule code blown here is numbered and explained in RULES.md beside this package. The cards, their
counts and their gold come from game.yaml's card list, and the short names a log may give them from its
`aliases`; the rule facts (the rounds, the recipients of a turn, the special cards a round waits for, what a
pirate costs and what a round's end moves, and the tokens and the cards a turn by number of players) from
rules.yaml. A game of two players adds a dummy seat.

A seat is a player's name or DUMMY. A card is given in one line: the giver names who gets it, then turns
it up (`Mia give Tom 2`). A bot chooses only the recipient; the table then turns the card up for it
(`outcome`), and a greedy bot weighs a choice by every card it may bring (`value`), both in `bots`.

The package follows RULES.md: `verbs` (the log's lines and seats), `turns` (3-5 and 10: a turn's cards,
its end, special cards, the dummy's turn), `rounds` (1-2 and 6-8: tokens, the deck, banking, a round's end
and its tokens; 11: after a problem), `end` (9) and `bots` (what a simulated game chooses among, how a
position is valued, and the game's own bots). Here: the facts the rules read, and the state they make up.
"""
from __future__ import annotations

import re
from collections import namedtuple

from pnp.check.ending import FinalScores
from pnp.check.engine import Rules, State
from pnp.check.facts import RuleData, ids
from pnp.check.setup import Player
from pnp.check.verbs import names, number
from pnp.model.specs import Int, Record, Spec, line_of
from pnp.errors import DataError, Where
from pnp.wording import listed

from .bots import BOTS, Choices
from .end import GameEnd
from .record import Recording
from .rounds import Rounds
from .turns import Turns
from .verbs import (DECK, DUMMY, GOLD, SEAT, TOKEN_COUNTS, TOKENS, Dummy, Final, Give, Gold, Round, Stop, Take,
                    Winner)


class ByPlayers(Spec):
    """A fact that depends on the number of players: ranges of them (`2-5`, or one number) mapped to a value;
    read as (key, (fewest, most), value) in the file's order. Whether the ranges cover the game's players is
    `_check_facts`'s to see."""

    def __init__(self, value: Spec):
        self.value = value
        self.expected = f"a mapping of numbers of players (2-5, or 6) to {value.expected}"

    def check(self, value, where, problems):
        if not isinstance(value, dict) or not value:
            return self.fail(value, where, problems)
        out = []
        for key, item in value.items():
            place = where.at(str(key), line_of(value, key, where.line))
            ends = _ends(key)
            if ends is None:
                problems.append((place, f"expected a number of players, or a range of them such as 2-5, "
                                        f"not {key!r}"))
                continue
            out.append((key, ends, self.value.check(item, place, problems)))
        return out


def _ends(key) -> tuple | None:
    """(fewest, most) of a range of numbers of players written `2-5` or `6`; None when it is neither."""
    if isinstance(key, int) and not isinstance(key, bool):
        return (key, key) if key > 0 else None
    found = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", str(key))
    if found is None or not 0 < int(found.group(1)) <= int(found.group(2)):
        return None
    return int(found.group(1)), int(found.group(2))


RULES_FILE = Record({
    "rounds": Int(1),
    "recipients": Int(1),
    "specials": Int(1),
    "pirate": Int(0),
    "payers": Int(1),
    "taken": Int(1),
    "tokens": ByPlayers(Int(1)),
    "turn-cards": ByPlayers(Int(1)),
}, "Pirates' Gold's rule facts")

TWO_PLAYERS = 2  # a game of two adds a dummy seat and plays as three: the two-player game (RULES.md 1.3), no fact

Table = namedtuple("Table", "tokens gives dummies")


# --- facts: checks of the data the rules read -------------------------------------------------------

def _tables(facts, data, players, problems) -> dict:
    """Number of players -> its Table, for each number game.yaml allows; what a fact by number of players
    leaves uncovered, or covers twice, or names beyond them, reported at its key."""
    low, high = players
    found: dict = {}
    for name in ("tokens", "turn-cards"):
        values: dict = {}
        for key, (fewest, most), value in facts[name]:
            spot = _at(data, name, key)
            if fewest < low or most > high:
                problems.append((spot, f"beyond the players game.yaml allows ({low}–{high})"))
            for count in range(max(fewest, low), min(most, high) + 1):
                if count in values:
                    problems.append((spot, f"{count} players have a value already"))
                values[count] = value
        missing = [count for count in range(low, high + 1) if count not in values]
        if missing:
            problems.append((data.at(name), f"no value for {listed(missing, 'or')} players (game.yaml allows "
                                            f"{low}–{high})"))
        found[name] = values
    return {count: Table(found["tokens"][count], found["turn-cards"][count], int(count == TWO_PLAYERS))
            for count in range(low, high + 1) if count in found["tokens"] and count in found["turn-cards"]}


def _at(data, group: str, key) -> Where:
    """Where a fact of a group of rules.yaml stands, at its own line (`data.at` knows the groups' lines only);
    the variant's --rule option, when it changed it."""
    return data._placed(Where(data.file, line_of(data.raw.get(group), key, line_of(data.raw, group)),
                              f"{group}.{key}"))


def _check_facts(facts, tables, data, cards, tokens, problems) -> None:
    """The deck holds the special cards a round waits for; each table of players can be served by the
    tokens, and its turns can reach their recipients."""
    specials = sum(card.count for card in cards if card.fields["kind"] != "gold")
    for card in cards:
        if (card.fields["kind"] == "gold") != (card.fields["gold"] > 0):
            problems.append((card.where, "a gold card is worth 1 or more, a special card 0"))
    if facts["specials"] > specials:
        problems.append((data.at("specials"), f"the deck holds {specials} special cards, not {facts['specials']}"))
    for count, table in tables.items():
        seats = count + table.dummies
        if seats * table.tokens > tokens:
            problems.append((_at(data, "tokens", _key(facts["tokens"], count)),
                             f"{count} players: {seats} seats of {table.tokens} tokens need more than the "
                             f"{tokens} treasure tokens"))
        if min(seats, table.gives) < facts["recipients"]:
            problems.append((data.at("recipients") if seats < facts["recipients"]
                             else _at(data, "turn-cards", _key(facts["turn-cards"], count)),
                             f"{count} players: {seats} seats and {table.gives} cards a turn cannot reach "
                             f"{facts['recipients']} recipients"))


def _key(table, count: int):
    """The key of a fact by number of players whose range holds `count`."""
    return next(key for key, (fewest, most), _ in table if fewest <= count <= most)


def _card_names(cards, aliases: dict) -> dict:
    """Word -> card id: the ids, a gold card's value when no other card has it, and game.yaml's aliases of a
    card (`box`), which a log's line reads as the card's id before the rules see it."""
    table = ids(card.id for card in cards)
    values = [card.fields["gold"] for card in cards if card.fields["kind"] == "gold"]
    table.update({str(card.fields["gold"]): card.id for card in cards
                  if card.fields["kind"] == "gold" and values.count(card.fields["gold"]) == 1})
    table.update({word: table[meant.lower()] for word, meant in aliases.items() if meant.lower() in table})
    return table


def _short(table: dict) -> dict:
    """Card id -> the shortest word naming it, the name a log is written with (`2`, `pirate`, `box`)."""
    short: dict = {}
    for word, card in table.items():
        if card not in short or len(word) < len(short[card]):
            short[card] = word
    return short


# --- the state of one game ---------------------------------------------------------------------------

class GameState(Turns, Rounds, GameEnd, Choices, Recording, FinalScores, State):
    """Pirates' Gold in progress: the seats' tokens and the pool, the round's deck and banked gold, and
    the turn under way with the cards given in it and the gold they brought."""

    end_code, final_code, winner_code = "PG-GAME-END", "PG-FINAL-SCORE", "PG-WINNER"
    unit = "tokens"


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class PiratesGold(Rules):
    state, bots = GameState, BOTS
    players_code = "PG-PLAYERS"
    actions = (Round, Give, Stop, Dummy, Gold, Take, Final, Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, components=(DECK, TOKENS))
        facts, cards = data.values, game.components[DECK].cards
        problems: list = []
        tables = _tables(facts, data, game.players, problems)
        _check_facts(facts, tables, data, cards, game.components[TOKENS].card_total, problems)
        if problems:
            raise DataError(problems)
        card_names = _card_names(cards, game.aliases)
        short = _short(card_names)            # a card is known by its shortest name, the one logs are written with
        self.cards = {short[card.id]: card.count for card in cards}     # card -> copies in the deck
        self.kind = {short[card.id]: card.fields["kind"] for card in cards}   # gold, pirate or box
        self.gold = {short[card.id]: card.fields["gold"] for card in cards}   # a gold card's value, else 0
        self.card_names = {word: short[card] for word, card in card_names.items()}  # word -> card
        self.rounds, self.recipients = facts["rounds"], facts["recipients"]
        self.round_end, self.payers = facts["specials"], facts["payers"]
        self.pirate, self.taken = facts["pirate"], facts["taken"]   # tokens a pirate costs, and a round's end
        self.tables = tables                  # number of players -> tokens each, cards a turn, dummy seats

    def kinds(self):
        return {"round": number("the round's number", 1), "seat": SEAT, "gold": GOLD, "claims": TOKEN_COUNTS,
                "card": names(self.card_names, f"a game card ({', '.join(self.cards)})", "CARD")}

    def header(self, players):
        return {"starts": Player(self._seats(players))}

    def simulated_header(self, rng, players):
        return {"starts": rng.choice(self._seats(tuple(players)))}

    def _seats(self, players: tuple) -> tuple:
        return players + (DUMMY,) * self.tables[len(players)].dummies


rules = PiratesGold  # the entry point: the checker calls rules(game) with the game's checked data
