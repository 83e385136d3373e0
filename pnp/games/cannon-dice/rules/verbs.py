"""Cannon Dice's log: the components the rules read, what an action card can do and when, one action per
verb, and what the log lacks when a follow-up is left out or written unasked."""
from __future__ import annotations

from pnp.check.verbs import action

ACTIONS, MAPS, DICE = "action-cards", "map-cards", "dice"


NOW, AFTER, KEEP, NOW_OR_KEEP, NEXT_ROUND = "now", "after", "keep", "now or keep", "next round"
ACTS, HELD = (NOW, AFTER), (KEEP, NOW_OR_KEEP)

EFFECTS = {  # what an action card can do -> the timings (action-cards.csv) that effect works with
    "steal-treasure": ACTS, "lose-treasure": ACTS, "draw-map": ACTS, "lose-balls": ACTS, "lose-maps": ACTS,
    "see-maps": ACTS, "extra-shot": ACTS, "fire-column": ACTS, "sink-space": ACTS, "duel": ACTS,
    "reload": (AFTER,),  # it opens a new offer, so it waits until the round's own picks are made
    "pick-first": HELD, "take-dice": HELD, "reroll": HELD, "one-die": (NEXT_ROUND,),
}

ROLLS = {  # an effect that rolls -> (dice rolled, the follow-up the roll asks for)
    "extra-shot": (1, "shot"), "fire-column": (1, "nest"), "sink-space": (1, "sink"), "reload": (2, "flip"),
}

ASKS = {  # an effect that acts when its card does -> the follow-ups it asks for, the first first
    "steal-treasure": ("steal",), "lose-treasure": ("treasure",), "draw-map": ("draw",), "lose-balls": ("balls",),
    "lose-maps": ("return",), "see-maps": ("spy",), "duel": ("duel", "treasure"),
    **{effect: ("roll", then) for effect, (_, then) in ROLLS.items()},
}

WHEN = {  # a card's timing (action-cards.csv) -> when a card of that timing acts, in the reports' words (RULES.md 7.1)
    NOW: "as soon as it is taken",
    AFTER: "after the round's dice, once its last pick is made",
    KEEP: "when its holder plays it from the hand",
    NOW_OR_KEEP: "when its holder plays it, at once or later",
    NEXT_ROUND: "in its taker's next round as active player (OUR CHOICE, RULES.md 7.12)",
}

PLAYED = {  # a kept card's effect -> when its holder may play it (OUR CHOICE, RULES.md 7.10, 7.11, 7.15)
    "pick-first": "before the first pick of the opponent's round, its dice and card on offer (OUR CHOICE, RULES.md "
                  "7.10)",
    "reroll": "while a die of a round is on offer (OUR CHOICE, RULES.md 7.11: not a card's own roll)",
    "take-dice": "before a round's first pick, its dice and card on offer (OUR CHOICE, RULES.md 7.15)",
}

# The rule codes of the action cards, which RULES.md explains: a card's code is `CD-` and its id in capitals
# (`code`), and a card's id must make one of these, so that every problem the checker reports is documented.
CARD_CODES = ("CD-BOARDING-PARTY", "CD-CROWS-NEST", "CD-DAVY-JONES", "CD-DUEL", "CD-EXTRA-SHOT", "CD-KRAKEN", "CD-MAP",
              "CD-MISS", "CD-MUTINY", "CD-PARLEY", "CD-POWDER-KEG", "CD-RELOAD", "CD-ROUGH-SEAS", "CD-SHIPS-LOG",
              "CD-SPYGLASS", "CD-WALK-THE-PLANK")


def code(card: str) -> str:
    """An action card's rule code: `CD-` and its id in capitals (CD-ROUGH-SEAS)."""
    return "CD-" + card.upper()


SPECIAL_SPACES = ("draw-map", "each-treasure", "claim-another")  # what a space that is no treasure does
SPACE_ASKS = {"draw-map": "draw", "claim-another": "claim"}  # a special space -> the follow-up it asks for at once
EXPLOSION = "explosion"  # the dice's face that is no number, as a log names it


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

class Space(tuple):
    """A space as a log names it: its row and its number from the writer's own left (`C4`)."""

    def __new__(cls, row: str, column: int):
        return tuple.__new__(cls, (row, column))

    def __str__(self):
        return f"{self[0]}{self[1]}"


Flip = action("flip", "flip {card:card}")
Roll = action("roll", "roll {faces:face} [{faces:face}]")
Fire = action("fire", "{player} fire {face:face} [{row:row}] [at {target:row}]")  # no row: no cannon fires
Take = action("take", "{player} take {card:card}")
Claim = action("claim", "{player} claim {space:space}")
Nest = action("nest", "{player} nest {column:column} [{row:row}]")  # the row of the cannon whose ball it costs
Sink = action("sink", "{player} sink {row:row}")
Steal = action("steal", "{player} steal {treasure:treasure}")
Lose = action("lose", "{player} lose (ball|balls {rows:row}... | {treasure:treasure})")
Draw = action("draw", "{player} draw {map:map}")
Return = action("return", "{player} return {maps:map}...")
Spy = action("spy", "{player} spy [{maps:map}...]")
Play = action("play", "{player} play ({card:take-dice} {map:map} | {card:reroll} {map:map} {face:face} | {card:kept})")
Duel = action("duel", "duel {rolls:rolls}")
End = action("end", "end")
Guess = action("guess", "{player} guess {spot:spot}")
Envelope = action("envelope", "envelope {map:map}")
Score = action("score", "score {claims:claims}")
Winner = action("winner", "winner {player:player}")


# --- what a follow-up left out or written unasked lacks ----------------------------------------------

UNKNOWN = "an unknown card"   # the card of a round whose flip the log left out
SUNK = "Davy Jones"           # the owner of a space sunk by Davy Jones: nobody gets it


MISSING = {  # a follow-up's kind -> what the log lacks when it is skipped, and the line to write
    "draw": ("{p} draws the top map card", "{p} draw MAP"),
    "claim": ("{p} claims another space with the horseshoe", "{p} claim SPACE"),
    "balls": ("{p} crosses off {n}", "{p} lose {rows}"),
    "treasure": ("{p} crosses off a treasure", "{p} lose TREASURE"),
    "steal": ("{p} takes a treasure from {o}", "{p} steal TREASURE"),
    "return": ("{p}'s maps go under the map deck", "{p} return MAP ..."),
    "roll": ("the table rolls {n}", "roll {faces}"),
    "shot": ("{p} fires the {n}", "{p} fire {n} ROW"),
    "nest": ("{p} fires the {n} down a column", "{p} nest COLUMN ROW"),
    "sink": ("{p} sinks space {n} of a row", "{p} sink ROW"),
    "duel": ("both players roll a die", "duel {p} FACE {o} FACE"),
    "flip": ("the table flips another card", "flip CARD"),
    "spy": ("{p} looks at {o}'s maps", "{p} spy MAP ..."),  # optional: a report says it only of a card acting early
}


UNASKED = {  # a follow-up's kind -> what a line of it does, and what the cards and spaces that ask for it must have
    "claim": ("claims a space", ""),
    "nest": ("fires down a column", ", after a roll of a number (OUR CHOICE, RULES.md 7.3: the explosion counts no "
                                    "space)"),
    "sink": ("sinks a space", ", after a roll of a number (OUR CHOICE, RULES.md 7.9: the explosion counts no space)"),
    "steal": ("takes a treasure", ""),
    "treasure": ("crosses off a treasure", ""),
    "balls": ("crosses off balls", ""),
    "draw": ("draws a map card", ""),
    "return": ("puts maps under the map deck", ""),
    "spy": ("looks at the opponent's maps", ""),
    "duel": ("rolls a duel", ""),
}
