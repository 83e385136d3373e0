"""Rule 6 of RULES.md: the first to have all their gems safe wins at once; the log ends with the gems
safe and the winner."""
from __future__ import annotations


class GameEnd:
    """A won game, its final lines and what a log that stops early lacks."""

    def decided(self) -> bool:
        return bool(self.won)

    def over(self) -> str:
        return f"the game is over: {self.won} has all {self.f.gems} gems safe (line {self.won_line})"

    def summary(self) -> str:
        safe = ", ".join(f"{name} {count}" for name, count in self.safe.items())
        return f"a legal game of {len(self.players)} players; gems safe: {safe}; winner {self.won}"

    def totals(self) -> dict:
        return dict(self.safe)

    def breakdown(self, player: str) -> str:
        return "emptied from the chest at the bay"

    def winners(self, totals: dict) -> tuple:
        return ((self.won,), f"has all {self.f.gems} gems safe") if self.won else ((), "")

    def complete(self) -> None:
        self.settle(None)
        if not self.won:
            self.blow_end(f"nobody has all {self.f.gems} gems safe yet: the game goes on")

    def finish(self) -> None:
        self.settle(None)
        if not self.won:
            self.blow_end(f"the log stops before anyone has all {self.f.gems} gems safe")
        else:
            self.missing_end()
