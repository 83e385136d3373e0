"""Pirates' Gold's log: the components the rules read, the seats a line names (a player or the dummy),
the gold and the tokens written for each seat, and one action per verb."""
from __future__ import annotations

from pnp.check.verbs import Kind, action
from pnp.wording import plural

DECK, TOKENS, DUMMY = "game-cards", "treasure-tokens", "dummy"


# --- words: seats, and the gold each seat banked --------------------------------------------------------

def _seat(words) -> str:
    """A player's name, or the dummy."""
    if words.more() and words.words[words.at].lower() == DUMMY:
        words.at += 1
        return DUMMY
    return words.player()


def _amounts(what: str):
    """A reader of pairs of a seat and a number, `Mia 12 Tom 9 dummy 7`, each seat once: `what` the numbers
    count (gold, tokens)."""
    def read(words) -> tuple:
        found: dict = {}
        while words.more():
            seat = _seat(words)
            if seat in found:
                words.fail(f"{seat} is named twice")
            found[seat] = words.number(f"{seat}'s {what}")
        if not found:
            words.fail(f"no {what} is given")
        return tuple(found.items())
    return read


SEAT = Kind(_seat, "PLAYER", None,
            lambda word, words: DUMMY if word.lower() == DUMMY else words.players.get(word.lower()))

GOLD = Kind(_amounts("gold"), "PLAYER GOLD PLAYER GOLD ...")
TOKEN_COUNTS = Kind(_amounts("tokens"), "PLAYER TOKENS PLAYER TOKENS ...")


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Round = action("round", "round {number:round}")
Give = action("give", "{player} give {to:seat} {card:card}")
Stop = action("stop", "{player} stop")
Gold = action("gold", "gold {amounts:gold}")
Take = action("take", "{player} take {payers:seat}...")
Final = action("final", "final {claims}")     # claims read by TOKEN_COUNTS: the dummy's may be written too
Winner = action("winner", "winner {players:seat}...")
Dummy = action("dummy", "dummy (give {to:seat} {card:card} | stop | take {payers:seat} {payers:seat}...)")


def name(seat: str) -> str:
    return "the dummy" if seat == DUMMY else seat


def tokens_of(count: int) -> str:
    """`a token`, `2 tokens`."""
    return "a token" if count == 1 else plural(count, "token")
