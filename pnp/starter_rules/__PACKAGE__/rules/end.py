"""The end of the race: the first ship in the harbour wins at once; every score is the square reached."""
from __future__ import annotations


class RaceEnd:
    """A won race, its final lines and what a log that stops early lacks."""

    def decided(self) -> bool:
        return bool(self.won)

    def over(self) -> str:
        return f"the race is over: {self.won} has reached the harbour"

    def summary(self) -> str:
        squares = ", ".join(f"{name} {square}" for name, square in self.at.items())
        return f"a legal game of {len(self.players)} players; squares reached: {squares}; winner {self.won}"

    def totals(self) -> dict:
        return dict(self.at)

    def breakdown(self, player: str) -> str:
        return "the square their ship reached"

    def winners(self, totals: dict) -> tuple:
        return ((self.won,), "reached the harbour first") if self.won else ((), "")

    def complete(self) -> None:
        if not self.won:
            self.blow_end("nobody has reached the harbour yet: the race goes on")

    def finish(self) -> None:
        if not self.won:
            self.blow_end("the log stops before any ship has reached the harbour")
        else:
            self.missing_end()
