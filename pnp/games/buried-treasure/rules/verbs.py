"""Buried Treasure's log: the components the rules read, one action per verb, and what a follow-up
remembers of the card that asked for it."""
from __future__ import annotations

from collections import namedtuple

from pnp.check.verbs import action

DECK, STARTERS, SCORE_CARDS = "game-cards", "starter-cards", "score-cards"


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Round = action("round", "round {number:round}")
Scorecard = action("scorecard", "scorecard {card:score-card}")
Deal = action("deal", "deal {column:column} {cards:card}...")
Hand = action("hand", "hand {player:player} [{cards:starter}...]")
Take = action("take", "{player} take {column:column} {card:card} [to {to:player}]")
Extra = action("extra", "{player} extra {column:column} {card:card} [to {to:player}]")
Steal = action("steal", "{player} steal {victim:player} {count:count}")
Play = action("play", "{player} play {card:starter} [{colour:colour}] [to {to:player}]")
Pass = action("pass", "{player} pass")
Scores = action("scores", "scores {claims:claims}")
FOLLOW_UPS = ("extra", "steal")  # the verbs that answer a card's special; any other line declines it


# The card that last came into a collection, remembered to explain follow-ups (EXTRA, flags): `how` it
# came is own, given (to an opponent), extra (an EXTRA's second card) or played (a starter); `followed`
# is the line of its steal, once made. The state keeps its parts as a plain tuple, one made at every take, and
# names them as a Got where a message reads them.
Got = namedtuple("Got", "player card line how followed", defaults=(0,))
