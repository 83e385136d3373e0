"""What a game of Cannon Dice shows at the table while it is recorded (`pnp record`): the round, its card and
dice, each player's cannons (balls left, X'd out), treasure chest and how many map and action cards each keeps
(never which), and the sea's spaces claimed."""
from __future__ import annotations

from pnp.check.words import counted


class Recording:
    """The state's answer to the recorder: `public`."""

    def public(self) -> list:
        f = self.f
        table = [f"round {self.round}" + (f", card {self.card}" if self.card else "")
                 + (f", dice {' '.join(map(str, self.dice))}" if self.dice else "")]
        players = []
        for p in self.players:
            cannons = " ".join(f"{row} X" if self.xd[p][r] else f"{row} {self.balls[p][r]}" for r, row in enumerate(f.rows))
            chest = " ".join(f"{kind} {n}" for kind, n in self.chest[p].items() if n) or "empty"
            players.append(f"{p}: cannons {cannons}; chest {chest}; {counted(len(self.maps[p]), 'map')}, "
                           f"{counted(sum(self.kept[p].values()), 'action card')} kept; "
                           f"{counted(self.owner.count(p), 'space')} claimed")
        return [{"title": "Round", "lines": table}, {"title": "Players", "lines": players}]
