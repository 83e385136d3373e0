"""Rule 9 of RULES.md: the game ends after its last round, or at once when a seat cannot pay a token; the
most tokens win, the dummy never does."""
from __future__ import annotations

from pnp.check.words import counted

from .verbs import DUMMY, name


class GameEnd:
    """The end of play, the final tokens and the winners."""

    def summary(self) -> str:
        dummy = " and a dummy" if self.seats.dummies else ""
        totals = self.totals()
        tokens = ", ".join(f"{player} {count}" for player, count in totals.items())
        return (f"a legal game of {len(self.players)} players{dummy}, {counted(self.round, 'round')}; "
                f"tokens right: {tokens}; winner {' and '.join(self.winners(totals)[0])}")

    def on_final(self, event):
        """The players' totals as for any game; the dummy's, when written, must be right too."""
        written_before = self.final_line
        super().on_final(event)
        if not written_before and set(self.players) <= set(dict(event.claims)):
            self.claimed = {player: dict(event.claims)[player] for player in self.players}
        claimed = dict(event.claims).get(DUMMY)
        if written_before or claimed is None or self._no_such_dummy((DUMMY,)) or not self.sure:
            return
        if claimed != self.tokens[DUMMY]:
            self.w.blow("PG-FINAL-SCORE", f"the dummy has {self.tokens[DUMMY]} tokens, not {claimed} "
                                          f"({self.breakdown(DUMMY, claimed)})")

    def on_winner(self, event):
        """A winner as for any game, but the dummy is none (OUR CHOICE in RULES.md 9.3)."""
        if DUMMY not in event.players or self.winner_line:
            super().on_winner(event)
            return
        if not self._no_such_dummy((DUMMY,)):
            self.complete()
            totals = self.totals()
            winners = f": {' and '.join(self.winners(totals)[0])} won" if totals is not None else ""
            self.w.blow("PG-WINNER", f"the dummy never wins, whatever its tokens (our reading, rule 9.3: it is a "
                                     f"device for two players, not a rival){winners}")
        self.winner_line = self.w.line

    def complete(self) -> None:
        if not self.done() and not self.sure and self.last_payer:
            self.broke = (f"{name(self.last_payer)} had no token left to pay, as the log ends the game there "
                          f"(the tokens were in doubt)")
        if not self.done() and not self.playing:
            self._settle()
        if not self.done():
            self.blow_end(f"the game goes on: {self._where()}")

    def finish(self) -> None:
        if self.is_over():
            return
        if not self.done() and not self.playing and self.round >= self.f.rounds:
            self._settle()
        if not self.done():
            self.blow_end(f"the log stops {self._where()}, before the game is over")
            return
        self.missing_end()

    def done(self) -> str:
        """Why play is over, '' while it goes on: a seat that could not pay, or the last round's end."""
        if self.broke:
            return self.broke
        last = self.round >= self.f.rounds and self.end_line and self.due is None
        return f"round {self.round} is over" if last else ""

    def _where(self) -> str:
        if not self.round:
            return "before round 1"
        return f"in round {self.round}" if self.playing else f"after round {self.round} of {self.f.rounds}"

    def tie(self, leaders: list, totals: dict) -> tuple:
        return tuple(leaders), f"share the win with {totals[leaders[0]]} tokens (CHOICE, rule 9.3)"

    def totals(self) -> dict | None:
        return {player: self.tokens[player] for player in self.players} if self.sure else self.claimed

    def judge_winners(self, written: tuple, totals: dict, code: str) -> None:
        """The winners of the totals, or of the final totals written: when those are wrong, and reported, a
        winner that follows from them is the same mistake."""
        if self.claimed is None or sorted(written) != sorted(self.winners(self.claimed)[0]):
            super().judge_winners(written, totals, code)

    def compare(self, claims, totals: dict, code: str, explain) -> None:
        claimed = dict(claims)
        super().compare(claims, totals, code, lambda player: explain(player, claimed.get(player)))

    def breakdown(self, seat: str, claimed: int | None = None) -> str:
        """How a seat's tokens were made; and the reading of the rules that made them differ from `claimed`,
        when one did."""
        notes = "".join(f"; {note}" for note, tokens in self.notes[seat]
                        if claimed is not None and self.tokens[seat] - tokens == claimed)
        return f"{self.start} at the start, {self.won[seat]} won, {self.lost[seat]} lost{notes}"
