"""Pirates' Gold's rules for the playtest checker: its log verbs, its game state, its rule codes, its bots.

Every rule code blown here is numbered and explained in RULES.md beside this package. The cards, their
counts and their gold come from game.yaml's card list; the rounds, the tokens and the cards a turn for each
number of players, and the dummy seat of a two-player game, from rules.yaml.

A seat is a player's name or DUMMY. A card is given in one line: the giver names who gets it, then turns
it up (`Mia give Tom 2`). A bot chooses only the recipient; the table then turns the card up for it
(`outcome`), and a greedy bot weighs a choice by every card it may bring (`value`), both in `bots`.

The package follows RULES.md: `verbs` (the log's lines and seats), `turns` (3-5 and 10: a turn's cards,
its end, special cards, the dummy's turn), `rounds` (1-2 and 6-8: tokens, the deck, banking, a round's end
and its tokens; 11: after a problem), `end` (9) and `bots` (what a simulated game chooses among, how a
position is valued, and the game's own bots). Here: the facts the rules read, and the state they make up.
"""
from __future__ import annotations

from collections import namedtuple

from pnp.check.ending import FinalScores
from pnp.check.engine import Rules, State
from pnp.check.facts import RuleData, ids
from pnp.check.setup import Player
from pnp.check.verbs import names, number
from pnp.model.specs import Int, MapOf, Record, Text
from pnp.errors import DataError

from .bots import BOTS, Choices
from .end import GameEnd
from .rounds import Rounds
from .turns import Turns
from .verbs import (DECK, DUMMY, GOLD, SEAT, TOKEN_COUNTS, TOKENS, Dummy, Final, Give, Gold, Round, Stop, Take,
                    Winner)

RULES_FILE = Record({
    "rounds": Int(1),
    "recipients": Int(1),
    "specials": Int(1),
    "payers": Int(0),
    "tables": MapOf(Record({"tokens": Int(1), "gives": Int(1), "dummies": (Int(0, 1), 0)},
                           "tokens each, cards a turn, dummy seats"), key=Int(1)),
    "card-names": (MapOf(Text()), dict),
}, "Pirates' Gold's rule facts")


Table = namedtuple("Table", "tokens gives dummies")


# --- facts: checks of the data the rules read -------------------------------------------------------

def _check_facts(facts, data, cards, tokens, players, problems) -> None:
    """Every number of players has its table, which the tokens, the seats and the cards can serve."""
    specials = sum(card.count for card in cards if card.fields["kind"] != "gold")
    for card in cards:
        if (card.fields["kind"] == "gold") != (card.fields["gold"] > 0):
            problems.append((card.where, "a gold card is worth 1 or more, a special card 0"))
    if facts["specials"] > specials:
        problems.append((data.at("specials"), f"the deck holds {specials} special cards, not {facts['specials']}"))
    low, high = players
    for count in range(low, high + 1):
        table = facts["tables"].get(count)
        if table is None:
            problems.append((data.at("tables"), f"{count} players: no table (game.yaml allows {low}–{high})"))
            continue
        seats = count + table["dummies"]
        if seats * table["tokens"] > tokens:
            problems.append((data.at("tables"), f"{count} players: {seats} seats of {table['tokens']} tokens "
                                                f"need more than the {tokens} treasure tokens"))
        if min(seats, table["gives"]) < facts["recipients"] or seats <= facts["payers"]:
            problems.append((data.at("tables"), f"{count} players: {seats} seats and {table['gives']} cards a "
                                                f"turn cannot reach {facts['recipients']} recipients, or pay "
                                                f"{facts['payers']} tokens to another seat"))


def _card_names(cards, extra: dict, data, problems) -> dict:
    """Word -> card id: the ids, a gold card's value when no other card has it, and rules.yaml's names."""
    table = ids(card.id for card in cards)
    values = [card.fields["gold"] for card in cards if card.fields["kind"] == "gold"]
    table.update({str(card.fields["gold"]): card.id for card in cards
                  if card.fields["kind"] == "gold" and values.count(card.fields["gold"]) == 1})
    for word, card in extra.items():
        if card not in table.values():
            problems.append((data.at("card-names"), f"{word}: no card has the id {card!r}"))
        table[word.lower()] = card
    return table


def _short(table: dict) -> dict:
    """Card id -> the shortest word naming it, the name a log is written with (`2`, `pirate`, `box`)."""
    short: dict = {}
    for word, card in table.items():
        if card not in short or len(word) < len(short[card]):
            short[card] = word
    return short


# --- the state of one game ---------------------------------------------------------------------------

class GameState(Turns, Rounds, GameEnd, Choices, FinalScores, State):
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
        _check_facts(facts, data, cards, game.components[TOKENS].card_total, game.players, problems)
        card_names = _card_names(cards, facts["card-names"], data, problems)
        if problems:
            raise DataError(problems)
        short = _short(card_names)            # a card is known by its shortest name, the one logs are written with
        self.cards = {short[card.id]: card.count for card in cards}     # card -> copies in the deck
        self.kind = {short[card.id]: card.fields["kind"] for card in cards}   # gold, pirate or box
        self.gold = {short[card.id]: card.fields["gold"] for card in cards}   # a gold card's value, else 0
        self.card_names = {word: short[card] for word, card in card_names.items()}  # word -> card
        self.rounds, self.recipients = facts["rounds"], facts["recipients"]
        self.round_end, self.payers = facts["specials"], facts["payers"]
        self.tables = {players: Table(t["tokens"], t["gives"], t["dummies"]) for players, t in facts["tables"].items()}

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
