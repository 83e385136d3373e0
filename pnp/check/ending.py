"""The most common end of a game's log: the final scores, then the winners, each written once.

    final Mia 50 Tom 55
    winner Tom

A game whose log ends so lists `Final` and `Winner` among its actions and mixes `FinalScores` into its
state (before `State`). It gives `totals()`, the final totals the claims are checked against (None when
the log left them unknown), `breakdown(player)`, how a total was made, `complete()`, which closes what is
still under way and reports an early end, and the codes of wrong or missing scores and winners. Ties
share the win unless the game's `tie` settles them otherwise.
"""
from __future__ import annotations

from pnp.check.verbs import action

Final = action("final", "final {claims:claims}")
Winner = action("winner", "winner {players:player}...")


class FinalScores:
    """Handlers and questions for `final` and `winner` lines; the game is over when both are written."""

    final_code = winner_code = ""   # a final total, or the winners, wrong or missing
    after_end = frozenset(("final", "winner"))  # written twice: reported by the handlers themselves
    final_line = winner_line = 0

    def breakdown(self, player: str) -> str:
        raise NotImplementedError

    def complete(self) -> None:
        """The end is being written: close what is under way; report (once) a game that is not over."""

    def is_over(self) -> bool:
        return bool(self.final_line and self.winner_line)

    def over(self) -> str:
        return f"the game is over (final scores at line {self.final_line})"

    def on_final(self, event):
        if self.written_again(self.final_line, "the final scores were", self.end_code):
            return
        self.complete()
        self.final_line = self.w.line
        totals = self.totals()
        if totals is not None:
            self.compare(event.claims, totals, self.final_code, self.breakdown)

    def on_winner(self, event):
        if self.written_again(self.winner_line, "the winner was", self.end_code):
            return
        self.complete()
        self.winner_line = self.w.line
        totals = self.totals()
        if totals is not None:
            self.judge_winners(event.players, totals, self.winner_code)

    def missing_end(self) -> None:
        """At the end of a complete game's log: the final scores and the winner, if not written."""
        if not self.final_line:
            self.w.blow(self.final_code, "the final scores are missing (write `final PLAYER POINTS ...`)")
        if not self.winner_line and self.winner_owed():
            self.w.blow(self.winner_code, "the winner is missing (write `winner PLAYER`)")

    def winner_owed(self) -> bool:
        """Whether a complete game's log must name its winners: by default always (a game may end with none)."""
        return True

    def end_action(self):
        """The table's next end line, for a simulated game that is complete."""
        totals = self.totals()
        return Winner(self.winners(totals)[0]) if self.final_line else Final(tuple(totals.items()))
