"""Rules 1-4 of RULES.md: the set-up, the rolls in turn, a sailor's move, the gems taken from hiding
places and brought to the bay; and whose line a follow-up is."""
from __future__ import annotations

from pnp.check.engine import TABLE
from pnp.check.pieces import Due, Seats
from pnp.check.words import counted

from .verbs import PIRATE, UNASKED


class Turns:
    """The set-up, the rolls and the sailors' moves."""

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
        self.pete_walk = ((), ())  # (where Pete and the sailors stood, where Pete could stop): `_pete_reach`

    def to_move(self):
        if self.todo:
            return self.follower()
        return TABLE

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
        due = self.answer("move", event.player)
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
        due = self.answer("hide", event.player)
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
        due = self.answer("safe", event.player)
        if due is not None and event.count != self.safe[due.player]:
            self.w.blow("PP-SAFE", f"{due.player} has {counted(self.safe[due.player], 'gem')} safe, "
                                   f"not {event.count}")


    def nothing_asks(self, kind: str, player: str) -> None:
        """A line nothing asks for, under the code of the rule that alone asks for such a line."""
        code, why = UNASKED[kind]
        self.w.blow(code, f"nothing asks for this line now: {why}")

    def is_theirs(self, due: Due, player: str) -> None:
        """A follow-up written under another player's name: reported, and carried on for the player it was
        asked of (the name is the slip)."""
        if player != due.player:
            self.w.blow("PP-TURN", f"{due.cause}: this is {due.player}'s line to write, not {player}'s")

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

    def _sailor_reach(self, player: str, pips: int) -> tuple:
        """Where a player's sailor may end a move of up to `pips` squares: round Pete, stopping at the bay.
        It depends on the board alone once the start, the pips and Pete's square are known: each walk is
        made once and kept with the facts (the roll asks for it, and the move it asked for again)."""
        key = (self.at[player], pips, self.pete)
        found = self.f.reach.get(key)
        if found is None:
            reach = self.f.board.steps_from(key[0], pips, blocked={self.pete}, ends={self.f.bay})
            found = self.f.reach[key] = tuple(space for space, steps in reach.items() if steps)
        return found

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
