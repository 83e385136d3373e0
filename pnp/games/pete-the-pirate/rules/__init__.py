"""Pete the Pirate's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this package. The board (its
squares, paths, hiding places, centre and bay) is board.yaml, the very data the printed board is drawn
from; the die's faces, the gems of each colour and the chests' compartments come from game.yaml;
how far Pete walks and how far a chest turns from rules.yaml.

Hidden information is written as it happens: the compartment each gem goes into (`hide`), the quarter
turns of a chest (`turn`) and the compartment its owner opens (`show`). So the checker always knows what
each compartment holds, and whether the gems found there go back to the hiding places.

The package follows RULES.md: `verbs` (the log's lines), `turns` (1-4: rolls, sailors, hiding places, the
bay), `pete` (5: Pete and the chests he catches), `end` (6), and `bots` (what a simulated game chooses
among, and how a position is valued). Here: the facts the rules read, and the state they make up.
"""
from __future__ import annotations

import string

from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import Rules, State
from pnp.check.facts import Keys, RuleData, ids
from pnp.check.pieces import Dice, FollowUps
from pnp.check.setup import OnePerSeat, Player
from pnp.check.verbs import names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.model.specs import Int, MapOf, Record, Text
from pnp.errors import DataError

from .bots import Choices
from .end import GameEnd
from .pete import Catches
from .record import Recording
from .turns import Turns
from .verbs import (BAY, BOARD, CENTRE, CHESTS, DIE, GEMS, HIDING, MISSING, PIRATE, Hide, Move, Pete, Return,
                    Roll, Safe, Show, Turn)

QUARTERS = 4  # the quarter turns of a whole turn, after which a chest stands as it stood

RULES_FILE = Record({
    "pete-steps": Int(1),     # Pete walks 1 to this many squares
    "quarter-turns": Int(1),  # a chest is turned 1 to this many quarter turns (at most a whole turn: `read`)
}, "Pete the Pirate's rule facts")

GAME_VARS = Keys({
    "colours": MapOf(Keys({"name": Text()}, "a colour: its name")),
}, "the game's vars")


# --- the state of one game ---------------------------------------------------------------------------

class GameState(Turns, Catches, GameEnd, Choices, Recording, FinalScores, FollowUps, State):
    """Pete the Pirate in progress: where the sailors and Pete stand, the gems on the hiding places, in
    each compartment and safe, and the follow-ups a roll asks for."""

    end_code, final_code, winner_code = "PP-GAME-END", "PP-FINAL", "PP-WINNER"
    unit = "gems safe"
    after_end = FinalScores.after_end | {"safe"}
    missing_texts = MISSING


# --- the rules: the facts, the verbs, the header ------------------------------------------------------

class PeteThePirate(Rules):
    state = GameState
    players_code = "PP-PLAYERS"
    actions = (Roll, Move, Hide, Safe, Pete, Turn, Show, Return, Final, Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, GAME_VARS, (BOARD, DIE, GEMS, CHESTS))
        board = game.components[BOARD].options["board"]
        problems: list = []
        kinds = {kind: [s.id for s in board.spaces.values() if s.kind == kind] for kind in (HIDING, CENTRE, BAY)}
        for kind, wanted in ((CENTRE, "one centre"), (BAY, "one bay")):
            if len(kinds[kind]) != 1:
                problems.append((game.components[BOARD].where, f"the board needs {wanted} (a space of kind {kind})"))
        self.colours = tuple(data.vars["colours"])
        gems = {colour: 0 for colour in self.colours}
        for piece in game.components[GEMS].cards:
            gems[piece.fields.get("colour")] = gems.get(piece.fields.get("colour"), 0) + piece.count
        if len(set(gems.values())) != 1 or set(gems) != set(self.colours):
            problems.append((game.components[GEMS].where, "every colour has as many gems as the others"))
        if gems and max(gems.values()) != len(kinds[HIDING]):
            problems.append((game.components[GEMS].where, f"each hiding place starts with one gem of each colour: "
                                                           f"{len(kinds[HIDING])} hiding places need as many "
                                                           f"gems of each colour, not {max(gems.values())}"))
        quarters = data.values["quarter-turns"]
        if quarters > QUARTERS:
            problems.append((data.at("quarter-turns"), f"a chest turns at most a whole turn, {QUARTERS} quarter turns "
                                                       f"(a longer turn leaves it as a shorter one does), not "
                                                       f"{quarters}"))
        self.dice = Dice(game.components[DIE])
        self.dice.check(problems, range(1, 7), (PIRATE,))
        if problems:
            raise DataError(problems)
        self.board = board                           # the spaces and paths (board.yaml)
        self.hiding = tuple(kinds[HIDING])           # the hiding places, in board order
        self.centre, self.bay = kinds[CENTRE][0], kinds[BAY][0]
        self.gems = len(self.hiding)                 # gems of each colour: one per hiding place
        self.compartments = tuple(string.ascii_uppercase[:game.components[CHESTS].options["compartments"]])
        self.pete_steps = data.values["pete-steps"]
        self.quarter_turns = quarters
        self.steps: dict = {}  # space -> the fewest steps from it to each space, for the greedy bot (`value`)
        self.reach: dict = {}  # (start, pips, Pete's square) -> where a sailor may end its move (`_sailor_reach`)

    def kinds(self):
        return {"face": self.dice.kind(),
                "space": names(ids(self.board.spaces), "a square of the board", "SQUARE", LOG_SYNTAX),
                "compartment": names(ids(self.compartments), f"a compartment ({' or '.join(self.compartments)})",
                                     "COMPARTMENT", LOG_SYNTAX),
                "count": number("a number")}

    def header(self, players):
        return {"starts": (Player(players), None), "colours": (OnePerSeat(self.colours, players, "colours"), None)}

    def simulated_header(self, rng, players):
        colours = list(self.colours)
        rng.shuffle(colours)
        return {"starts": rng.choice(players), "colours": " ".join(colours[:len(players)])}


rules = PeteThePirate  # the entry point: the checker calls rules(game) with the game's checked data
