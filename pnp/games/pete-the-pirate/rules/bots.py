"""What a simulated game of Pete the Pirate chooses among: each player's legal lines, the table's rolls,
and how well a player stands, for the greedy bot. The game brings no bots of its own."""
from __future__ import annotations

import itertools

from .verbs import Hide, Move, Pete, Return, Roll, Safe, Show, Turn


class Choices:
    """The moves offered, the table's next line and a position's value."""

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
            reach = self._steps_from(self.at[name])
            near = min((reach.get(goal, 99) for goal in goals), default=99)
            return 20 * self.safe[name] + 6 * carried - near / 4
        return standing(player) - max(standing(name) for name in self.players if name != player)

    def _steps_from(self, space) -> dict:
        """The fewest steps from `space` to each space, walked once for each space and kept with the facts."""
        found = self.f.steps.get(space)
        if found is None:
            found = self.f.steps[space] = self.f.board.steps_from(space)
        return found

    def decline(self) -> None:
        self.todo.pop(0)  # a bot leaves out an optional line (the count of gems safe)
