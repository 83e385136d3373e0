"""Buried Treasure's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this package. Card identities,
counts, suits, specials and score values come from the game's data (game.yaml and its card lists); the rule
facts (rounds, columns, hand sizes, the end bonus) from rules.yaml, which the printed kit states too, a
variant's values in place (`game.rules`).

The package follows RULES.md: `verbs` (the log's lines), `turns` (4-7: whose turn, taking a card, EXTRA
cards and flags), `layout` (2-3: score cards and the deal), `rounds` (8-10: a round's end, its scoring,
the next round), `advanced` (12: starter hands), `end` (11) and `bots` (what a simulated game chooses
among, and how a position is valued). Here: the facts the rules read, and the state they make up.
"""
from __future__ import annotations

from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import Rules, State
from pnp.check.facts import Keys, RuleData, counts, ids, nicknames
from pnp.check.setup import Player, PlayerOrder
from pnp.check.verbs import names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.model.specs import Bool, Int, ListOf, MapOf, Record, Text
from pnp.errors import DataError

from .advanced import Advanced
from .bots import Choices
from .end import GameEnd
from .layout import Layout
from .record import Recording
from .rounds import Rounds
from .turns import Turns
from .verbs import (DECK, SCORE_CARDS, STARTERS, Deal, Extra, Hand, Pass, Play, Round, Scorecard, Scores, Steal,
                    Take)

RULES_FILE = Record({  # what the cards allow besides (enough of them for every deal and hand): _check_facts
    "rounds": Int(1),
    "columns": ListOf(Int(1), min_items=1),
    "hand-sizes": MapOf(Int(0), key=Int(1)),
    "bonus": Record({"coloured": Int(), "wild": Int()}, "points per starter card left in hand"),
}, "Buried Treasure's rule facts")

GAME_VARS = Keys({  # the parts of game.yaml's `vars` the checker reads (templates read the rest)
    "colours": ListOf(Text(), min_items=1),
    "suits": (MapOf(Keys({"name": Text(), "plural": Text()}, "a suit: its names")), dict),
}, "the game's vars")


# --- facts: checks of the data the rules read -------------------------------------------------------

def _suits(deck, starters, colours, problems) -> dict:
    """Card id -> colour index; a starter of no colour is a wild card (None), a game card must have one."""
    index = {colour: i for i, colour in enumerate(colours)}
    suit = {card.id: index.get(card.fields["suit"]) for card in starters}
    for card in deck:
        suit[card.id] = index.get(card.fields["suit"])
        if suit[card.id] is None:
            problems.append((card.where, f"a game card's suit is one of the colours {', '.join(colours)}"))
    return suit


def _points(card, colours, problems) -> tuple:
    """A score card's (1st, 2nd) points for each colour."""
    pairs = [card.fields.get(colour) or [] for colour in colours]
    if any(len(pair) != 2 for pair in pairs):
        problems.append((card.where, "a score card gives two numbers, 1st and 2nd, for every colour"))
    return tuple(tuple(pair[:2]) for pair in pairs)


def _check_facts(facts, data, game, deck, starters, score_cards, problems) -> None:
    """The rule facts must fit the cards and the players: enough game cards for every round's deal, score
    cards for every round, starter cards for every hand, a hand size for every number of players. Reported at
    the fact a variant changed (its --rule option), else at the file's line."""
    deck_total, starter_total = sum(c.count for c in deck), sum(c.count for c in starters)
    rounds, dealt = facts["rounds"], sum(facts["columns"])
    if deck_total < rounds * dealt:
        blamed = "rounds" if "rounds" in data.changed and "columns" not in data.changed else "columns"
        problems.append((data.at(blamed), f"{rounds} deals of {dealt} cards need more than the {deck_total} "
                                          "game cards"))
    if len(score_cards) < rounds:
        problems.append((data.at("rounds"), f"{rounds} rounds need as many score cards; the kit has "
                                            f"{len(score_cards)}"))
    sizes = facts["hand-sizes"]
    low, high = game.players
    for players, size in sizes.items():
        if players * size > starter_total:
            problems.append((data.at("hand-sizes"), f"{players} hands of {size} need more than "
                                                    f"the {starter_total} starter cards"))
    missing = [str(n) for n in range(low, high + 1) if n not in sizes]
    if missing:
        problems.append((data.at("hand-sizes"), f"no hand size for {' or '.join(missing)} players (the game is "
                                                f"played by {low} to {high})"))


def starter_words(starters) -> dict:
    """How a log may name each starter card: its id, or the first word of its id that no other starter's id
    holds (`ship` for starter-ship, `wild` for wild-flag), in any case."""
    parts = {card: card.lower().split("-") for card in starters}
    found = ids(starters)
    for card, words in parts.items():
        own = [word for word in words if word and not any(word in other for key, other in parts.items()
                                                           if key != card)]
        if own and own[0] not in found:
            found[own[0]] = card
    return found


# --- the state of one game ---------------------------------------------------------------------------

class GameState(Turns, Layout, Rounds, Advanced, GameEnd, Choices, Recording, FinalScores, State):
    """Buried Treasure in progress: the layout, the collections, the hands and the scores."""

    end_code, final_code, winner_code = "BT-GAME-END", "BT-FINAL-SCORE", "BT-WINNER"
    after_end = FinalScores.after_end | {"hand"}  # a hand dealt late is the hand's own problem

    claims_together = True  # a line of scores written wrong is one slip, however many players it gets wrong


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class BuriedTreasure(Rules):
    state = GameState
    players_code = "BT-PLAYERS"
    actions = (Round, Scorecard, Deal, Hand, Take, Extra, Steal, Play, Pass, Scores, Final, Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, GAME_VARS, (DECK, STARTERS, SCORE_CARDS))
        facts, colours = data.values, tuple(data.vars["colours"])
        deck, starters, scores = (game.components[name].cards for name in (DECK, STARTERS, SCORE_CARDS))
        problems: list = []
        suit = _suits(deck, starters, colours, problems)
        score_cards = {card.id: _points(card, colours, problems) for card in scores}
        _check_facts(facts, data, game, deck, starters, score_cards, problems)
        if problems:
            raise DataError(problems)
        self.colours = colours            # colour ids in data order; a collection counts cards per colour index
        self.suit = suit                  # card id (game or starter card) -> colour index, None for a wild card
        self.special = {card.id: (card.fields["special"], card.fields["flags"]) for card in deck}  # or plain
        self.deck, self.starters = counts(deck), counts(starters)  # card id -> copies in the deck, the box
        self.score_cards = score_cards    # score card id -> ((1st, 2nd) points per colour index)
        self.rounds, self.columns = facts["rounds"], tuple(facts["columns"])  # cards per column of the layout
        self.hand_sizes = dict(facts["hand-sizes"])  # players -> starter cards each
        self.starter_points = {card.id: facts["bonus"]["coloured" if suit[card.id] is not None else "wild"]
                               for card in starters}  # points a starter left in hand is worth at the end
        self.starter_names = starter_words(self.starters)  # word -> starter card id: its id or a short name
        suits = data.vars["suits"]  # a colour is named by its id or its suit's names (red, cannon, cannons)
        self.colour_names = nicknames({colour: (suits[colour]["name"], suits[colour]["plural"])
                                       if colour in suits else () for colour in colours})

    def kinds(self):
        return {"round": number("the round's number", 1), "column": number("a column number", 1),
                "count": number("how many cards"), "score-card": names(ids(self.score_cards), "a score card", "CARD"),
                "card": names(ids(self.deck), "a game card", "CARD"),
                "starter": names(self.starter_names, "a starter card", "STARTER"),
                "colour": names(self.colour_names, "a colour", "COLOUR", LOG_SYNTAX)}

    def header(self, players):
        return {"starts": Player(players), "ages": (PlayerOrder(players), None), "advanced": (Bool(), False)}

    def simulated_header(self, rng, players):
        ages = list(players)
        rng.shuffle(ages)
        return {"starts": ages[0], "ages": " ".join(ages), "advanced": rng.choice(("no", "yes"))}


rules = BuriedTreasure  # the entry point: the checker calls rules(game) with the game's checked data
