"""Pete the Pirate's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this file. The board (its
squares, paths, hiding places, centre and bay) is board.yaml, the very data the printed board is drawn
from; the die's faces, the gems of each colour and the chests' compartments come from game.yaml;
how far Pete walks and how far a chest turns from rules.yaml.

Hidden information is written as it happens: the compartment each gem goes into (`hide`), the quarter
turns of a chest (`turn`) and the compartment its owner opens (`show`). So the checker always knows what
each compartment holds, and whether the gems found there go back to the hiding places.
"""
from __future__ import annotations

import itertools
import string

from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import TABLE, Rules, State
from pnp.check.facts import Keys, RuleData, ids
from pnp.check.pieces import Dice, Due, FollowUps, Seats
from pnp.check.setup import OnePerSeat, Player
from pnp.check.verbs import action, names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.check.words import counted
from pnp.datafile import Int, MapOf, Record, Text
from pnp.errors import DataError

BOARD, DIE, GEMS, CHESTS = "board", "die", "gems", "chests"
PIRATE = "pirate"  # the die's face that moves Pete
HIDING, CENTRE, BAY = "hiding", "centre", "bay"  # the kinds of space the rules know (board.yaml)

RULES_FILE = Record({
    "pete-steps": Int(1),     # Pete walks 1 to this many squares
    "quarter-turns": Int(1),  # a chest is turned 1 to this many quarter turns
}, "Pete the Pirate's rule facts")

GAME_VARS = Keys({
    "colours": MapOf(Keys({"name": Text()}, "a colour: its name")),
}, "the game's vars")


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Roll = action("roll", "roll {face}")
Move = action("move", "{player} move {to:space}")
Hide = action("hide", "{player} hide {compartment}")
Safe = action("safe", "{player} safe {count:count}")
Pete = action("pete", "{player} pete {to:space}")
Turn = action("turn", "{player} turn {owner:player} {quarters:count}")
Show = action("show", "{player} show {compartment}")
Return = action("return", "{player} return {places:space}...")


# --- the state of one game ---------------------------------------------------------------------------

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


class GameState(FinalScores, FollowUps, State):
    """Pete the Pirate in progress: where the sailors and Pete stand, the gems on the hiding places, in
    each compartment and safe, and the follow-ups a roll asks for."""

    end_code, final_code, winner_code = "PP-GAME-END", "PP-FINAL", "PP-WINNER"
    unit = "gems safe"
    after_end = FinalScores.after_end | {"safe"}
    missing_texts = MISSING

    def begin(self, setup):
        facts = self.f
        self.seats = Seats(self.players)
        colours = setup.options["colours"] or facts.colours[:len(self.players)]
        self.colour = dict(zip(self.players, colours))
        self.next = setup.options["starts"] or self.players[0]  # who rolls next
        self.roller = None
        self.at = {name: facts.bay for name in self.players}    # each sailor's square
        self.pete = facts.centre
        self.places = {place: set(colours) for place in facts.hiding}  # the gems lying on each hiding place
        self.chest = {name: [0] * len(facts.compartments) for name in self.players}
        self.safe = {name: 0 for name in self.players}
        self.todo: list = []
        self.won, self.won_line = None, 0

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.todo:
            return self.follower()
        return TABLE

    def legal_actions(self) -> list:
        due = self.todo[0]
        player, facts = due.player, self.f
        if due.kind == "move":
            return [Move(player, space) for space in self._sailor_reach(player, due.data)]
        if due.kind == "pete":
            return [Pete(player, space) for space in self._pete_reach()]
        if due.kind in ("hide", "show"):
            return [(Hide if due.kind == "hide" else Show)(player, name) for name in facts.compartments]
        if due.kind == "safe":
            return [Safe(player, self.safe[player]), None]
        if due.kind == "turn":
            return [Turn(player, due.data, n) for n in range(1, facts.quarter_turns + 1)]
        colour, count = due.data
        open_places = [place for place in facts.hiding if colour not in self.places[place]]
        return [Return(player, places) for places in itertools.combinations(open_places, count)]

    def table_action(self, rng):
        if self.won:
            return self.end_action()
        return Roll(self.f.dice.roll(rng)[0])

    def value(self, player) -> float:
        """Gems safe count most, gems carried less (Pete may find them), and a sailor near its next goal
        (its gems while it has few, the bay once it carries some) a little."""
        def standing(name):
            carried = sum(self.chest[name])
            goals = [self.f.bay] if carried >= 2 or carried + self.safe[name] == self.f.gems else \
                [place for place in self.f.hiding if self.colour[name] in self.places[place]] or [self.f.bay]
            reach = self.f.board.steps_from(self.at[name])
            near = min((reach.get(goal, 99) for goal in goals), default=99)
            return 20 * self.safe[name] + 6 * carried - near / 4
        return standing(player) - max(standing(name) for name in self.players if name != player)

    def is_over(self) -> bool:
        return bool(self.final_line and self.winner_line)

    def over(self) -> str:
        return f"the game is over: {self.won} has all {self.f.gems} gems safe (line {self.won_line})"

    def summary(self) -> str:
        safe = ", ".join(f"{name} {count}" for name, count in self.safe.items())
        return f"a legal game of {len(self.players)} players; gems safe: {safe}; winner {self.won}"

    # -- applying an event ------------------------------------------------------------------------

    def decline(self) -> None:
        self.todo.pop(0)  # a bot leaves out an optional line (the count of gems safe)

    def apply(self, action) -> None:
        if self.won and action is not None and action.verb not in self.after_end:
            self.settle(None)
            self.blow_end(self.over())
            return
        super().apply(action)

    def on_roll(self, event):
        self.settle(None)
        roller = self.roller = self.next
        self.next = self.seats.after(roller)
        cause = f"{roller}'s pirate" if event.face == PIRATE else f"{roller}'s roll of {event.face}"
        if event.face == PIRATE:
            if self._pete_reach():
                self.todo.append(Due("pete", roller, "PP-PETE-MISSING", self.w.line, cause))
        elif self._sailor_reach(roller, event.face):
            self.todo.append(Due("move", roller, "PP-MOVE-MISSING", self.w.line, cause, event.face))

    def on_move(self, event):
        due = self._answer("move", event.player)
        if due is None:
            return
        player, pips = due.player, due.data  # a move written under another name is the roller's all the same
        start = self.at[player]
        if event.to not in self._sailor_reach(player, pips):
            self.w.blow(*self._why_not_there(player, start, event.to, pips))
        self.at[player] = event.to
        if event.to == self.f.bay:
            self._reach_bay(player)
        elif event.to in self.places and self.colour[player] in self.places[event.to]:
            self.ask(Due("hide", player, "PP-HIDE-MISSING", self.w.line, f"{player}'s gem on {event.to}",
                         event.to))

    def on_hide(self, event):
        due = self._answer("hide", event.player)
        if due is not None:
            self._hide(due, event.compartment)

    def _hide(self, due: Due, compartment: str) -> None:
        """The gem leaves its hiding place for the compartment of the mover's chest."""
        self.places[due.data].discard(self.colour[due.player])
        self.chest[due.player][self.f.compartments.index(compartment)] += 1

    def skipped(self, due: Due) -> None:
        super().skipped(due)
        if due.kind == "hide":  # the gem is taken all the same (CHOICE, RULES.md 3.2), where unsaid: in A
            self._hide(due, self.f.compartments[0])

    def on_safe(self, event):
        due = self._answer("safe", event.player)
        if due is not None and event.count != self.safe[due.player]:
            self.w.blow("PP-SAFE", f"{due.player} has {counted(self.safe[due.player], 'gem')} safe, "
                                   f"not {event.count}")

    def on_pete(self, event):
        due = self._answer("pete", event.player)
        if due is None:
            return
        if event.to not in self._pete_reach():
            self.w.blow("PP-PETE", self._why_pete_not_there(event.to))
        self.pete = event.to
        caught = [name for name in self.seats.others(due.player) if self.at[name] == event.to]
        self.todo[:0] = [Due("turn", due.player, "PP-CATCH", self.w.line, f"Pete stopping on {event.to}", owner)
                         for owner in caught]

    def on_turn(self, event):
        self._catch_first(event.owner)
        due = self._answer("turn", event.player)
        if due is None:
            return
        if event.owner != due.data:
            self.w.blow("PP-CATCH", f"Pete stopped on {self.pete}, where {due.data}'s sailor stands: "
                                    f"{due.data}'s chest is turned, not {event.owner}'s")
        if not 1 <= event.quarters <= self.f.quarter_turns:
            self.w.blow("PP-QUARTER", f"a chest turns 1 to {self.f.quarter_turns} quarter turns, "
                                      f"not {event.quarters}")
        self.ask(Due("show", event.owner, "PP-CATCH", self.w.line, f"{event.owner}'s chest turned", event.owner))

    def on_show(self, event):
        self._catch_first(event.player)
        if self.todo and self.todo[0].kind == "turn" and self.todo[0].data == event.player:
            self.skipped(self.todo.pop(0))  # the chest was never turned: it opens all the same
            self.ask(Due("show", event.player, "PP-CATCH", self.w.line, f"{event.player}'s chest", event.player))
        due = self._answer("show", event.player)
        if due is None:
            return
        owner, index = due.player, self.f.compartments.index(event.compartment)
        found, self.chest[owner][index] = self.chest[owner][index], 0
        if found:
            gems = counted(found, f"{self.colour[owner]} gem")
            self.ask(Due("return", self.roller, "PP-RETURN", self.w.line,
                         f"{gems} in {owner}'s compartment {event.compartment}", (self.colour[owner], found)))

    def on_return(self, event):
        due = self._answer("return", event.player)
        if due is None:
            return
        colour, count = due.data
        wrong = [place for place in event.places if place not in self.places or colour in self.places[place]]
        if len(event.places) != count or len(set(event.places)) != len(event.places):
            self.w.blow("PP-RETURN", f"the {counted(count, f'{colour} gem')} found go back one on each of "
                                     f"{counted(count, 'hiding place')}, not on {' '.join(event.places)}")
        elif wrong:
            self.w.blow("PP-RETURN", f"{wrong[0]} is {self._holds(wrong[0], colour)}: a gem goes back to a "
                                     f"hiding place without one of its colour")
        for place in event.places:
            if place in self.places:
                self.places[place].add(colour)

    # -- the questions the handlers share -----------------------------------------------------------------

    def _catch_first(self, owner: str) -> None:
        """Several sailors caught at once are dealt with in the order the log writes them (OUR CHOICE, RULES.md
        5.2): the catch of `owner`, when one is waiting, comes before the other catches waiting."""
        turns = [i for i, due in enumerate(self.todo) if due.kind == "turn"]
        match = next((i for i in turns if self.todo[i].data == owner), None)
        if match is not None and match != turns[0]:
            self.todo.insert(turns[0], self.todo.pop(match))

    def _answer(self, kind: str, player: str) -> Due | None:
        """The follow-up of this kind that a player's line answers, earlier ones the log left out reported;
        None, reported, when nothing asks for it. Written by another player than the one to write it, it
        is reported and carried on for the player it was asked of (the name is the slip)."""
        due = self.settle(kind)
        if due is None:
            code, why = UNASKED[kind]
            self.w.blow(code, f"nothing asks for this line now: {why}")
        elif player != due.player:
            self.w.blow("PP-TURN", f"{due.cause}: this is {due.player}'s line to write, not {player}'s")
        return due

    def due_words(self, due: Due) -> dict:
        words = {"p": due.player, "at": due.data, "owner": due.data}
        if due.kind == "return":
            words["count"] = counted(due.data[1], f"{due.data[0]} gem")
        return words

    def _reach_bay(self, player: str) -> None:
        """A sailor at the bay: both compartments emptied, their gems safe; all of them, and the game is won."""
        self.safe[player] += sum(self.chest[player])
        self.chest[player] = [0] * len(self.f.compartments)
        self.ask(Due("safe", player, "PP-SAFE", self.w.line, f"{player}'s sailor reaching the bay", optional=True))
        if self.safe[player] >= self.f.gems and not self.won:
            self.won, self.won_line = player, self.w.line

    def _sailor_reach(self, player: str, pips: int) -> list:
        """Where a player's sailor may end a move of up to `pips` squares: round Pete, stopping at the bay."""
        start = self.at[player]
        reach = self.f.board.steps_from(start, pips, blocked={self.pete}, ends={self.f.bay})
        return [space for space, steps in reach.items() if steps]

    def _pete_reach(self) -> list:
        """Where Pete may stop: 1 to 3 squares away, never in the bay, stopping at the first sailor."""
        sailors = set(self.at.values())
        reach = self.f.board.steps_from(self.pete, self.f.pete_steps, blocked={self.f.bay}, ends=sailors)
        return [space for space, steps in reach.items() if steps]

    def _why_not_there(self, player: str, start: str, to: str, pips: int) -> tuple:
        """(code, message) for a sailor's move to a square it cannot reach with these pips."""
        if to == start:
            return "PP-MOVE-FAR", (f"{player}'s sailor is on {to} already: a move ends on another square "
                                   "(OUR CHOICE, RULES.md 2.1)")
        free = self.f.board.steps_from(start, ends={self.f.bay})
        if to not in free:
            return "PP-MOVE-FAR", f"no path leads from {start} to {to} (the bay ends a move)"
        if free[to] > pips:
            return "PP-MOVE-FAR", (f"{to} is {counted(free[to], 'square')} from {start}, more than the "
                                   f"{counted(pips, 'pip')} rolled")
        if to == self.pete:
            return "PP-MOVE-PETE", f"Pete stands on {to}: no sailor steps onto his square"
        return "PP-MOVE-PETE", f"every way from {start} to {to} within {pips} passes Pete on {self.pete}"

    def _why_pete_not_there(self, to: str) -> str:
        if to == self.pete:
            return (f"Pete moves 1 to {self.f.pete_steps} squares and ends on another square than his own "
                    "(OUR CHOICE, RULES.md 5.1)")
        if to == self.f.bay:
            return "Pete never enters the bay"
        free = self.f.board.steps_from(self.pete, self.f.pete_steps, blocked={self.f.bay})
        if to in free:
            return f"Pete stops at the first square with a sailor, before {to}"
        return f"{to} is more than {counted(self.f.pete_steps, 'square')} from Pete on {self.pete}"

    def _holds(self, place: str, colour: str) -> str:
        return "no hiding place" if place not in self.places else f"a hiding place with a {colour} gem already"

    # -- the end --------------------------------------------------------------------------------

    def totals(self) -> dict:
        return dict(self.safe)

    def breakdown(self, player: str) -> str:
        return "emptied from the chest at the bay"

    def winners(self, totals: dict) -> tuple:
        return ((self.won,), f"has all {self.f.gems} gems safe") if self.won else ((), "")

    def complete(self) -> None:
        self.settle(None)
        if not self.won:
            self.blow_end(f"nobody has all {self.f.gems} gems safe yet: the game goes on")

    def end_action(self):
        return Winner((self.won,)) if self.final_line else Final(tuple(self.safe.items()))

    def finish(self) -> None:
        self.settle(None)
        if not self.won:
            self.blow_end(f"the log stops before anyone has all {self.f.gems} gems safe")
        else:
            self.missing_end()


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
        self.quarter_turns = data.values["quarter-turns"]

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
