"""What a game of Pirates' Gold shows at the table while it is recorded (`pnp record`): the round, the pool and
the cards left, each seat's tokens and gold banked this round, and the turn under way."""
from __future__ import annotations

from collections import Counter

from pnp.check.words import counted


class Recording:
    """The state's answer to the recorder: `public`."""

    def public(self) -> list:
        game = [f"round {self.round}" if self.round else "before round 1", f"pool: {counted(self.pool, 'token')}"]
        if self.playing:
            game.append(f"deck: {counted(len(self.deck), 'card')} left")
        seats = [f"{seat}: {counted(self.tokens[seat], 'token')}"
                 + (f"; {self.banked[seat]} gold banked this round" if self.playing else "") for seat in self.order]
        turn = [self._turn_shown()] if self.playing and self.mover else []
        return [{"title": "Game", "lines": game}, {"title": "Seats", "lines": seats}, {"title": "Turn", "lines": turn}]

    def _turn_shown(self) -> str:
        """The turn under way: `Cora's turn: 4 cards given (Cora 3, Anne 1)`."""
        if not self.given:
            return f"{self.mover}'s turn: no card given yet"
        to = Counter(self.given)
        return (f"{self.mover}'s turn: {counted(len(self.given), 'card')} given "
                f"({', '.join(f'{seat} {times}' for seat, times in to.items())})")
