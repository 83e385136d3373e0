"""Rules 4-6 of RULES.md: a die fired from one of the player's cannons at the sea grid, the explosion that
X's out a cannon, and what a claimed space holds (a treasure, or a special space's effect)."""
from __future__ import annotations

from pnp.check.pieces import Due

from .verbs import SUNK


class Sea:
    """Shots, cannons and the sea grid."""

    def on_fire(self, event):
        due = self.settle("shot") if self.todo else None  # most shots: nothing is due
        player, face = event.player, event.face  # an action's fields are properties: each is read once
        if due:  # the Extra Shot's die
            self.is_theirs(due, player)
            if due.data is not None and face != due.data:
                self.w.blow(due.code, f"{due.cause}: its die shows {due.data}, not {face}")
                face = self._as_shown(face, [due.data])
        elif self._pick(player):
            face = self._take_die(face)
        else:
            return
        self._shoot(player, face, event.row, event.target)

    def on_claim(self, event):
        due, event = self._answered("claim", event)
        if not due:
            return
        row, column = event.space
        index = self.f.rows.index(row) * self.f.columns + self._column(event.player, column)
        if self.owner[index] is not None:
            self.w.blow("CD-HORSESHOE", f"{event.space} is claimed already ({self._taken(index)})")
            return
        self._hit(event.player, index)

    def on_nest(self, event):
        due, event = self._answered("nest", event)
        if not due:
            return
        if self._fire_from(event.player, event.row) is None or due.data is None:
            return
        rows = len(self.f.rows)
        row = rows - due.data if event.player == self.first else due.data - 1  # counted from the player's side
        self._hit(event.player, row * self.f.columns + self._column(event.player, event.column))

    def on_sink(self, event):
        due, event = self._answered("sink", event)
        if not due:
            return
        if due.data is None:
            return
        index = self.f.rows.index(event.row) * self.f.columns + self._column(event.player, due.data)
        if self.owner[index] is None:
            self.owner[index], self.claim_line[index] = SUNK, self.w.line

    def _column(self, player: str, number: int) -> int:
        """The grid column (from player 1's left) of a player's `number`, counted from their own left."""
        return number - 1 if player == self.first else self.f.columns - number

    def _space(self, player: str, index: int) -> tuple:
        """(row, column) of a space as `player` names it, the column from their own left."""
        row, column = divmod(index, self.f.columns)
        return self.f.rows[row], column + 1 if player == self.first else self.f.columns - column

    def _taken(self, index: int) -> str:
        owner = self.owner[index]
        how = "sunk by Davy Jones" if owner == SUNK else f"by {owner}"
        return f"{how} at line {self.claim_line[index]}"

    def _usable(self, player: str) -> list:
        """The rows of the player's cannons that can still fire: working, with a ball left."""
        balls, xd = self.balls[player], self.xd[player]
        return [r for r in range(len(balls)) if balls[r] and not xd[r]]

    def _fire_from(self, player: str, row: str | None):
        """The row index of the cannon a shot is fired from, its ball crossed off; None when no cannon fires.
        A cannon that cannot fire is reported, and the shot carried on as written."""
        if row is None:
            usable = self._usable(player)
            if usable:
                rows = ", ".join(self.f.rows[r] for r in usable)
                self.w.blow("CD-CANNON", f"{player} has cannons that can fire (rows {rows}): a shot names one")
            return None
        r = self.f.rows.index(row)
        if self.xd[player][r]:
            self.w.blow("CD-CANNON", f"{player}'s cannon in row {row} was X'd out at line {self.xd[player][r]}: "
                                     "it never fires again")
        elif not self.balls[player][r]:
            self.w.blow("CD-CANNON", f"{player}'s cannon in row {row} has no ball left")
        if self.balls[player][r]:
            self.balls[player][r] -= 1
        return r

    def _shoot(self, player: str, face, row: str | None, target: str | None) -> None:
        """A die showing `face` fired from the cannon in `row` (at the opponent's cannon in `target`)."""
        r = self._fire_from(player, row)
        if face == self.f.explosion:
            self._explode(player, r, target)
        elif r is not None:
            self._hit(player, r * self.f.columns + self._column(player, face))

    def _explode(self, player: str, row, target) -> None:
        opponent = self.other[player]
        xd = self.xd[opponent]
        if row is None:
            if target and not self._usable(player):
                self.w.blow("CD-EXPLOSION", "with no cannon to fire it, the explosion misses: it X's out nothing")
            return
        if target is None:
            working = [self.f.rows[r] for r, line in enumerate(xd) if not line]
            if working:
                self.w.blow("CD-EXPLOSION", f"the explosion X's out one of {opponent}'s working cannons "
                                            f"(rows {', '.join(working)}): write `at ROW`")
            return
        r = self.f.rows.index(target)
        if xd[r]:
            self.w.blow("CD-EXPLOSION", f"{opponent}'s cannon in row {target} was X'd out already (line {xd[r]})")
            return
        xd[r] = self.w.line

    def _hit(self, player: str, index: int) -> None:
        """A shot lands on a space: unclaimed, it is the player's, with what it holds; else a miss."""
        if self.owner[index] is not None:
            return
        line = self.w.line
        self.owner[index], self.claim_line[index] = player, line
        kind = self.grid[index]
        if kind in self.f.points:
            self.chest[player][kind] += 1
            return
        special = self.f.specials[kind]
        where = "{}{}".format(*self._space(player, index))
        if special == "each-treasure":
            for treasure in self.chest[player]:
                self.chest[player][treasure] += self.f.each
        elif special == "draw-map" and len(self.map_deck):
            self.ask(Due("draw", player, "CD-MAP-X", line, f"the map X {player} claimed at {where} "
                                                                      f"(line {line})"))
        elif special == "claim-another" and None in self.owner:
            self.ask(Due("claim", player, "CD-HORSESHOE", line, f"the horseshoe {player} claimed "
                                                                           f"at {where} (line {line})"))
