"""Buccaneer's log: the components and places the rules read, the headings a bow may point to, one action
per verb, and what the log lacks when a follow-up is left out."""
from __future__ import annotations

from pnp.check.verbs import Kind, action

BOARD, CHANCE, CREW, TREASURE = "board", "chance-cards", "crew-cards", "treasure"
ISLAND, FLAT = "treasure-island", "flat-island"           # the places of game.yaml the rules walk round

HEADINGS = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
            "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1)}  # how a log names a bow's direction

WAY = {step: name for name, step in HEADINGS.items()}


# --- words ---------------------------------------------------------------------------------------------

class Bargain(tuple):
    """A trade's two sides, (what the ship gives, what it takes from the docks): `red-1 red-2 for ruby`."""

    __slots__ = ()

    def __str__(self):
        return f"{' '.join(self[0])} for {' '.join(self[1])}"


def _pairs(what: str, read_value):
    """A kind of words: pairs of a player and a value, `Mia 17 Tom 5`, each player once."""
    def read(words):
        found = words.pairs(lambda name: read_value(words, name))
        if not found:
            words.fail(f"no {what} is given")
        return tuple(found.items())
    return Kind(read, f"PLAYER {what.upper()} PLAYER {what.upper()} ...")


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Cut = action("cut", "cut {cards:cut}")
Port = action("port", "port {port:port} {items:item}...")
Deal = action("deal", "deal {to:player} {crew:crew}...")
Sail = action("sail", "{player} sail {to:place} [{heading:heading}]")
Turn = action("turn", "{player} turn {heading:heading}")
Stay = action("stay", "{player} stay")
Draw = action("draw", "draw {card:chance}")
Blown = action("blown", "{player} blown {to:place} [{heading:heading}]")
Hire = action("hire", "{player} hire {crew:crew}...")
Lose = action("lose", "{player} lose {crew:crew}...")
Take = action("take", "{player} take {items:treasure}...")
ReturnTreasure = action("return", "{player} return {items:treasure}...")
Give = action("give", "{player} give {to:player} {items:item}...")
Press = action("press", "{player} press {giver:player} {crew:crew}...")
Swap = action("swap", "{player} swap {other:player} {gave:crew} [{gave:crew}] for {got:crew} [{got:crew}]")
Maroon = action("maroon", "{player} maroon {items:item}...")
Collect = action("collect", "{player} collect {items:item}...")
Trade = action("trade", "{player} trade {bargain:bargain}")
Unload = action("unload", "{player} unload {items:item}...")
Load = action("load", "{player} load {items:item}...")
Safe = action("safe", "{player} safe {items:treasure}...")
Attack = action("attack", "{player} attack {target:player}")
Fight = action("fight", "fight {odds:fight}")
Seize = action("seize", "{player} seize {what:spoil} [{crew:crew}...]")
Challenge = action("challenge", "{player} challenge {target:player}")
Halt = action("stop", "stop")


MISSING = {  # a follow-up's kind -> what the log lacks when it is skipped, and the line to write
    "draw": ("the top chance card is drawn", "draw NUMBER"),
    "fight": ("the fighting values", "fight PLAYER VALUE PLAYER VALUE"),
    "seize": ("{p} takes the spoils", "{p} seize treasure|crew ..."),
    "return": ("{p} returns {n} to Treasure Island", "{p} return TREASURE ..."),
    "free": ("{p} makes the free move", "{p} sail SQUARE HEADING"),
    "blown": ("{p}'s ship is blown to {why}", "{p} blown {to}{heading}"),
    "hire": ("{p} takes {n} from Pirate Island", "{p} hire CREW ..."),
    "lose": ("{p} puts {n} on Pirate Island", "{p} lose CREW ..."),
    "take": ("{p} takes treasure worth up to {n}", "{p} take TREASURE ..."),
    "loot": ("{p} takes treasure worth up to {n} or {k}", "{p} take TREASURE ... or {p} hire CREW ..."),
    "give": ("{p} gives {n} to {to}", "{p} give {to} ..."),
    "press": ("{p} names a player who hands over {n}", "{p} press PLAYER CREW ..."),
    "maroon": ("{p} puts {n} on Flat Island", "{p} maroon ..."),
    "swap": ("{p} swaps crew with a ship on the coast", "{p} swap PLAYER CREW CREW for CREW CREW"),
}

ANSWERS = {"loot": ("take", "hire")}  # a follow-up answered by other verbs than its own
SAILING = frozenset(("sail", "turn", "stay", "blown", "attack"))  # lines of where ships go: no one's cards blurred
TABLE_KINDS = frozenset(("draw", "fight", "hire"))
