"""What a game of Buried Treasure shows at the table while it is recorded (`pnp record`): the round and its score
card, the layout's columns, each player's collection by colour and how many starter cards each holds (never
which), and the points of the rounds scored."""
from __future__ import annotations

from pnp.check.words import counted


class Recording:
    """The state's answer to the recorder: `public`."""

    def public(self) -> list:
        f = self.f
        rounds = [f"round {self.round} of {f.rounds}" + (f", score card {self.card}" if self.card else "")]
        columns = [f"column {i}: {pile[-1]} on top of {counted(len(pile), 'card')}" if pile else f"column {i}: empty"
                   for i, pile in enumerate(self.layout, start=1)] if not self.closed else []
        collections = [f"{name}: " + (" ".join(f"{colour} {n}" for colour, n in zip(f.colours, self.counts[name]) if n)
                                      or "nothing yet")
                       + (f"; {counted(sum(self.hands[name].values()), 'starter card')} in hand" if self.advanced else "")
                       + f"; {self.total[name]} points from the rounds scored" for name in self.players]
        return [{"title": "Round", "lines": rounds}, {"title": "Layout", "lines": columns},
                {"title": "Collections", "lines": collections}]
