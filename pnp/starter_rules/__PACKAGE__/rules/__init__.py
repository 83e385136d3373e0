"""__NAME__'s rules for pnp's checker: the facts they read, the state they make up, the entry point.

The modules follow how-to-play.md: `verbs` (the log's lines), `race` (a turn: roll, sail or wait, reefs),
`end` (the harbour, the scores) and `bots` (what a simulated game chooses among). Every code reported here is
named in RULES.md beside this package. Everything imported from pnp comes from `pnp.check`, the toolkit.
"""
from __future__ import annotations

from pnp.check import Final, FinalScores, Int, ListOf, Player, Record, RuleData, Rules, State, Winner, names

from .bots import BOTS, Choices
from .end import RaceEnd
from .race import Race
from .verbs import Roll, Sail, Wait

RULES_FILE = Record({"track": Int(2), "die": Int(2, 20), "reefs": ListOf(Int(1))}, "the race's rule facts")


class GameState(Race, RaceEnd, Choices, FinalScores, State):
    """A race in progress: the parts first, then the toolkit's bases."""

    end_code, final_code, winner_code = "RACE-END", "RACE-FINAL", "RACE-WINNER"
    unit = "squares"


class SeaRace(Rules):
    state = GameState
    actions = (Roll, Sail, Wait, Final, Winner)
    bots = BOTS

    def read(self, game):
        data = RuleData(game, RULES_FILE)
        self.track, self.die = data.values["track"], data.values["die"]
        self.reefs = frozenset(square for square in data.values["reefs"] if square < self.track)

    def kinds(self):
        faces = {str(face): str(face) for face in range(1, self.die + 1)}
        return {"face": names(faces, f"a face of the die (1 to {self.die})", "FACE")}

    def header(self, players):
        return {"starts": (Player(players), None)}

    def simulated_header(self, rng, players):
        return {"starts": rng.choice(players)}


rules = SeaRace  # the checker calls rules(game) with the game's checked data
