"""What a game of Pirates' Gold shows at the table while it is recorded (`pnp record`): the round, the pool and
the cards left, each seat's tokens and gold banked this round, and the turn under way."""
from __future__ import annotations

from pnp.check.words import counted


class Recording:
    """The state's answer to the recorder: `public`."""

    def public(self) -> list:
        game = [f"round {self.round}" if self.round else "before round 1", f"pool: {counted(self.pool, 'token')}"]
        if self.playing:
            game.append(f"deck: {counted(len(self.deck), 'card')} left")
        seats = [f"{seat}: {counted(self.tokens[seat], 'token')}"
                 + (f"; {self.banked[seat]} gold banked this round" if self.playing else "") for seat in self.order]
        turn = [f"{self.mover} has given to {' '.join(self.given)}"] if self.playing and self.mover else []
        return [{"title": "Game", "lines": game}, {"title": "Seats", "lines": seats}, {"title": "Turn", "lines": turn}]
