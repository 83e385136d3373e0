"""Rule 5 of RULES.md: Pete's moves, the chests he catches, and the gems found in them going back."""
from __future__ import annotations

from pnp.check.pieces import Due
from pnp.check.words import counted


class Catches:
    """Pete's moves and what they catch."""

    def on_pete(self, event):
        due = self.answer("pete", event.player)
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
        due = self.answer("turn", event.player)
        if due is None:
            return
        if event.owner != due.data:
            self.w.blow("PP-CATCH", f"Pete stopped on {self.pete}, where {due.data}'s sailor stands: "
                                    f"{due.data}'s chest is turned, not {event.owner}'s")
        if not 1 <= event.quarters <= self.f.quarter_turns:
            self.w.blow("PP-QUARTER", f"a chest turns {upto(self.f.quarter_turns, 'quarter turn')}, "
                                      f"not {event.quarters}")
        self.ask(Due("show", event.owner, "PP-CATCH", self.w.line, f"{event.owner}'s chest turned", event.owner))

    def on_show(self, event):
        self._catch_first(event.player)
        if self.todo and self.todo[0].kind == "turn" and self.todo[0].data == event.player:
            self.skipped(self.todo.pop(0))  # the chest was never turned: it opens all the same
            self.ask(Due("show", event.player, "PP-CATCH", self.w.line, f"{event.player}'s chest", event.player))
        due = self.answer("show", event.player)
        if due is None:
            return
        owner, index = due.player, self.f.compartments.index(event.compartment)
        found, self.chest[owner][index] = self.chest[owner][index], 0
        if found:
            gems = counted(found, f"{self.colour[owner]} gem")
            self.ask(Due("return", self.roller, "PP-RETURN", self.w.line,
                         f"{gems} in {owner}'s compartment {event.compartment}", (self.colour[owner], found)))

    def on_return(self, event):
        due = self.answer("return", event.player)
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

    def _catch_first(self, owner: str) -> None:
        """Several sailors caught at once are dealt with in the order the log writes them (OUR CHOICE, RULES.md
        5.2): the catch of `owner`, when one is waiting, comes before the other catches waiting."""
        turns = [i for i, due in enumerate(self.todo) if due.kind == "turn"]
        match = next((i for i in turns if self.todo[i].data == owner), None)
        if match is not None and match != turns[0]:
            self.todo.insert(turns[0], self.todo.pop(match))

    def _pete_reach(self) -> tuple:
        """Where Pete may stop: 1 to pete-steps squares away, never in the bay, stopping at the first sailor. The last
        walk is kept, with where Pete and the sailors stood: the roll of a pirate asks, and so does Pete's move."""
        key = (self.pete, *self.at.values())
        if self.pete_walk[0] != key:
            reach = self.f.board.steps_from(self.pete, self.f.pete_steps, blocked={self.f.bay},
                                            ends=set(key[1:]))
            self.pete_walk = (key, tuple(space for space, steps in reach.items() if steps))
        return self.pete_walk[1]

    def _why_pete_not_there(self, to: str) -> str:
        if to == self.pete:
            return (f"Pete moves {upto(self.f.pete_steps, 'square')} and ends on another square than his own "
                    "(OUR CHOICE, RULES.md 5.1)")
        if to == self.f.bay:
            return "Pete never enters the bay"
        free = self.f.board.steps_from(self.pete, self.f.pete_steps, blocked={self.f.bay})
        if to in free:
            return f"Pete stops at the first square with a sailor, before {to}"
        return f"{to} is more than {counted(self.f.pete_steps, 'square')} from Pete on {self.pete}"

    def _holds(self, place: str, colour: str) -> str:
        return "no hiding place" if place not in self.places else f"a hiding place with a {colour} gem already"


def upto(most: int, noun: str) -> str:
    """`1 square` or `1 to 3 squares`: a walk or a turn of at least one and at most `most` (a rule fact)."""
    return counted(1, noun) if most == 1 else f"1 to {counted(most, noun)}"
