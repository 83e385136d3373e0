"""What a game of Buccaneer shows at the table while it is recorded (`pnp record`): what every player can see
(the ships, the treasure aboard and on the docks, how many crew cards each holds, never which), and the crew
cards Pirate Island may give, to be named as they come off the top."""
from __future__ import annotations

from pnp.check.outcomes import Drawn
from pnp.check.words import counted

from .verbs import WAY, Hire


class Recording:
    """The state's answers to the recorder: `public`, `chance_outcomes` and `chance_results`."""

    def public(self) -> list:
        ships = [f"{p} ({self.f.port_name[self.home[p]]}): {self._where(p)}; {counted(len(self.hand[p]), 'crew card')}"
                 + (f"; aboard {' '.join(self.aboard[p])}" if self.aboard[p] else "")
                 + (f"; keeps {' '.join(self.kept[p])}" if self.kept[p] else "") for p in self.players]
        homes = [f"{self.f.port_name[self.home[p]]}: {self.home_value(p)} of {self.f.goal} points"
                 + (f"; docks {' '.join(self.docks[self.home[p]])}" if self.docks[self.home[p]] else "")
                 + (f"; safe {' '.join(self.safety[self.home[p]])}" if self.safety[self.home[p]] else "")
                 for p in self.players]
        island = [f"{kind} {left}" for kind, left in self.island.left.items() if left]
        piles = [f"Treasure Island: {' '.join(island) or 'nothing'}",
                 f"Flat Island: {' '.join(self.flat) or 'nothing'}",
                 f"Pirate Island: {counted(len(self.pirates), 'crew card')}",
                 f"chance cards: {counted(len(self.chance), 'card')} left"]
        return [{"title": "Ships", "lines": ships}, {"title": "Homes", "lines": homes},
                {"title": "Islands and piles", "lines": piles}]

    def _where(self, player) -> str:
        at, bow = self.at[player], self.bow[player]
        return f"in {self.f.port_name[at]}" if at in self.f.ports else f"at {at} heading {WAY.get(bow, bow)}"

    def chance_outcomes(self):
        """Crew off Pirate Island's top, at the table's turn, as a pattern; else None: the draws are walked."""
        if self.todo and self.todo[0].kind == "hire":
            return [self._crew_drawn(self.todo[0].player, self.todo[0].data)]
        return None

    def chance_results(self, action):
        """A player's crew from Pirate Island, left to chance, as a pattern; else None."""
        if type(action) is Hire and not action.crew and self.todo:
            return [self._crew_drawn(action.player, self.todo[0].data[1])]
        return None

    def _crew_drawn(self, player, count) -> Drawn:
        copies: dict = {}
        for card in self.pirates.pool():
            copies[card] = copies.get(card, 0) + 1
        return Drawn((player, "hire", *[None] * min(count, len(self.pirates))), tuple(copies.items()))
