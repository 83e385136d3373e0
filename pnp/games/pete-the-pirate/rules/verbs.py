"""Pete the Pirate's log: the components the rules read, one action per verb, and what the log lacks
when a follow-up is left out or written unasked."""
from __future__ import annotations

from pnp.check.verbs import action

BOARD, DIE, GEMS, CHESTS = "board", "die", "gems", "chests"
PIRATE = "pirate"  # the die's face that moves Pete
HIDING, CENTRE, BAY = "hiding", "centre", "bay"  # the kinds of space the rules know (board.yaml)


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Roll = action("roll", "roll {face}")
Move = action("move", "{player} move {to:space}")
Hide = action("hide", "{player} hide {compartment}")
Safe = action("safe", "{player} safe {count:count}")
Pete = action("pete", "{player} pete {to:space}")
Turn = action("turn", "{player} turn {owner:player} {quarters:count}")
Show = action("show", "{player} show {compartment}")
Return = action("return", "{player} return {places:space}...")


MISSING = {  # a follow-up's kind -> what the log lacks when it is skipped, and the line to write
    "move": ("{p} moves the sailor, as the roll allows it (OUR CHOICE, RULES.md 2.3: a sailor who can move "
             "does not stay put)", "{p} move SQUARE"),
    "hide": ("{p} hides the gem taken on {at} in a compartment (CHOICE, RULES.md 3.2: the gem is always taken)",
             "{p} hide A"),
    "safe": ("{p} counts the gems safe", "{p} safe N"),
    "pete": ("{p} moves Pete", "{p} pete SQUARE"),
    "turn": ("{p} turns {owner}'s chest", "{p} turn {owner} QUARTERS"),
    "show": ("{p} opens one compartment of the chest", "{p} show A"),
    "return": ("{p} puts back the {count} found, one on each of as many hiding places", "{p} return SQUARE ..."),
}

UNASKED = {  # a line nothing asks for: its code, and what alone asks for it
    "move": ("PP-TURN", "a move follows the roll of pips of the player whose turn it is"),
    "hide": ("PP-HIDE", "a gem is hidden right after a move ends on a hiding place holding one of the "
                        "mover's colour"),
    "safe": ("PP-SAFE", "the gems are counted right after the sailor reaches the bay"),
    "pete": ("PP-TURN", "Pete moves after the roller's pirate"),
    "turn": ("PP-CATCH", "a chest is turned when Pete stops on its owner's sailor"),
    "show": ("PP-CATCH", "a compartment is opened right after the chest is turned"),
    "return": ("PP-RETURN", "gems go back when an opened compartment holds some"),
}
