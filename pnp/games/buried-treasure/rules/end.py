"""Rule 11 of RULES.md: after the last round, the totals (with the starters' bonus) and the winners."""
from __future__ import annotations


class GameEnd:
    """The game's totals and what a log that stops early lacks."""

    def summary(self) -> str:
        rules = "advanced rules" if self.advanced else "basic rules"
        totals = self.totals()
        scores = ", ".join(f"{name} {points}" for name, points in totals.items())
        return (f"a legal game of {len(self.players)} players, {rules}, {self.round} rounds; "
                f"scores right: {scores}; winner {' and '.join(self.winners(totals)[0])}")

    def totals(self) -> dict | None:
        """The final totals: the rounds' points and the starters' bonus; None once a round went unscored."""
        return {name: self.total[name] + self._bonus(name) for name in self.players} if self.scores_known else None

    def breakdown(self, player: str) -> str:
        rounds = " + ".join(str(scored.points[player]) for scored in self.history)
        bonus = f", starters left {self._bonus(player)}" if self.advanced else ""
        return f"rounds {rounds}{bonus}"

    def complete(self) -> None:
        """`final` or `winner`: the round under way ends here, and the game must be complete."""
        self._close()
        if self.round < self.f.rounds:
            self.blow_end(f"the game ends after round {self.f.rounds}, not after round {self.round}")

    def finish(self) -> None:
        if self.is_over():
            return
        if self.round < self.f.rounds or not (self.closed or self._ended()):
            where = f"round {self.round}" if self.round else "before round 1"
            self.blow_end(f"the log stops in {where}, before the game is over")
            return
        self.missing_end()
