"""The race, as how-to-play.md tells it: a roll, then the roller sails or waits; a reef sends a ship back to
the start; the first ship in the harbour wins at once."""
from __future__ import annotations

from pnp.check import TABLE, Seats


class Race:
    """Where each ship is, whose roll it is, and the roll waiting for its sail or wait."""

    def begin(self, setup):
        self.seats = Seats(self.players)
        self.next = setup.options["starts"] or self.players[0]  # who rolls next
        self.at = {name: 0 for name in self.players}             # each ship's square: 0 is the start
        self.roll = None                                           # (roller, face) while a choice is owed
        self.won = None

    def to_move(self):
        return self.roll[0] if self.roll else TABLE

    def on_roll(self, event):
        if self.roll:  # the roller's choice is missing: taken as a wait, so that play goes on in turn
            self.w.blow("RACE-CHOICE", f"{self.roll[0]} sails or waits after the roll of {self.roll[1]}, "
                                       f"before the next roll")
        self.roll = (self.next, int(event.face))
        self.next = self.seats.after(self.next)

    def on_sail(self, event):
        roller = self._roller(event)
        if roller is not None:
            self.at[roller] = self._sailed(roller, self.roll[1])
            self.roll = None
            if self.at[roller] == self.f.track:
                self.won = roller

    def on_wait(self, event):
        if self._roller(event) is not None:
            self.roll = None

    def _roller(self, event):
        """The player whose choice a sail or wait line is: the roller, even when the line names another (that
        is reported); None for a line no roll asked for."""
        if not self.roll:
            self.w.blow("RACE-ROLL", f"{event.player} cannot {event.verb}: the table rolls first (`roll N`)")
            return None
        if event.player != self.roll[0]:
            self.w.blow("RACE-TURN", f"it is {self.roll[0]}'s roll, not {event.player}'s")
        return self.roll[0]

    def _sailed(self, player, face):
        """The square a ship reaches sailing `face` squares: the harbour at most, the start after a reef."""
        square = min(self.at[player] + face, self.f.track)
        return 0 if square in self.f.reefs else square
