"""What a simulated race chooses among, the table's rolls, and how well a captain stands (for the greedy
bot); and one bot of the game's own."""
from __future__ import annotations

from .verbs import Roll, Sail, Wait


class Choices:
    def legal_actions(self) -> list:
        roller = self.roll[0]
        return [Sail(roller), Wait(roller)]

    def table_action(self, rng):
        if self.won:
            return self.end_action()
        return Roll(str(rng.randint(1, self.f.die)))

    def value(self, player) -> float:
        """The squares ahead of the best other ship."""
        return self.at[player] - max(self.at[name] for name in self.players if name != player)


def bold(state, player, rng):
    """Always sails, reefs or not."""
    return state.legal_actions()[0]


BOTS = {"bold": bold}
