"""Rule 9 of RULES.md: a ship home with the goal's worth of treasure wins at once; the players may stop
without a winner; the log ends with the final scores and, when someone won, the winner."""
from __future__ import annotations

from pnp.check.words import counted


class GameEnd:
    """A won or stopped game, its final lines and what a log that stops early lacks."""

    def decided(self) -> bool:
        return bool(self.won or self.stopped)

    def _check_win(self, player) -> None:
        """A ship in its home port with the goal's worth of treasure there wins at once: whatever else a card
        asked for is left undone."""
        if not self.won and self.playing and self.at[player] == self.home[player] \
                and self.home_value(player) >= self.f.goal:
            self._win(player)

    def _win(self, player) -> None:
        """`player` has won at this line: what a card still asked for is left undone."""
        self.won, self.won_line = player, self.w.line
        self.todo.clear()

    def is_over(self) -> bool:
        return self.final_line > 0 and (self.winner_line > 0 or not self.won)  # lines: 0 until written

    def over(self) -> str:
        if self.won:
            return f"the game is over: {self.won} has won (line {self.won_line})"
        return f"the game is over: the players stopped (line {self.stopped})"

    def summary(self) -> str:
        totals = ", ".join(f"{p} {v}" for p, v in self.totals().items())
        end = f"winner {self.won}" if self.won else "stopped without a winner"
        return f"a legal game of {len(self.players)} players, {counted(self.turns, 'turn')}; at home: {totals}; {end}"

    def stats(self) -> dict:
        return {"turns": self.turns}

    def on_stop(self, event):
        self.settle(None)
        self.stopped = self.w.line

    def totals(self) -> dict:
        return {p: self.home_claims.get(p, self.home_value(p)) for p in self.players}

    def on_final(self, event):
        if not self.final_line and self.unsure:
            self._take_home_claims(dict(event.claims))
        super().on_final(event)

    def _take_home_claims(self, claims: dict) -> None:
        """After a mistake that blurred what a player has (`unsure`), the count of their treasure at home may be
        off by a line of cargo the log left out or misnamed (an unloading, a loading): the final scores' word is
        taken for it when it lies between the count less the treasure on the docks (all of it loaded unseen) and
        the count plus the treasure aboard (all of it unloaded unseen). When nobody has won and the game was not
        stopped, the one such player home with the goal's worth is the winner: the log's end is its word that
        the game was won."""
        worth = self.f.treasure_value
        for player in self.players:
            if player in self.unsure and player in claims:
                counted = self.home_value(player)
                docks = sum(worth.get(item, 0) for item in self.docks[self.home[player]])
                aboard = sum(worth[item] for item in self.aboard[player])
                if counted - docks <= claims[player] <= counted + aboard:
                    self.home_claims[player] = claims[player]
        home = [p for p, points in self.home_claims.items() if points >= self.f.goal and self.at[p] == self.home[p]]
        if len(home) == 1 and self.playing and not self.won and not self.stopped:
            self._win(home[0])

    def breakdown(self, player) -> str:
        return f"treasure on the docks and in the safety zone of {self.f.port_name[self.home[player]]}"

    def winners(self, totals: dict) -> tuple:
        return ((self.won,), f"is home with {totals[self.won]} points") if self.won else ((), "")

    def on_winner(self, event):
        if self.stopped and not self.won and not self.winner_line:
            self.winner_line = self.w.line
            return self.w.blow("BU-WINNER", "nobody has won a stopped game: write no winner")
        super().on_winner(event)

    def complete(self) -> None:
        self.settle(None)
        if not self.won and not self.stopped:
            self.blow_end(f"nobody is home with {self.f.goal} points yet: the game goes on (or write `stop`)")


    def winner_owed(self) -> bool:
        """No winner is written for a stopped game; nor, with the final scores missing (reported), for a won one:
        one slip, one report."""
        return bool(self.won and self.final_line)

    def finish(self) -> None:
        self._crowd_stands(None)
        self._unchallenged()
        self.settle(None)
        if not self.won and not self.stopped:
            self.blow_end(f"the log stops before anyone is home with {self.f.goal} points")
        else:
            self.missing_end()
