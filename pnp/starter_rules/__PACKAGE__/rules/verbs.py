"""__NAME__'s log: one action per verb, its pattern its line."""
from __future__ import annotations

from pnp.check import action

Roll = action("roll", "roll {face:face}")   # the table: the die shows a face
Sail = action("sail", "{player} sail")      # the roller moves their ship as far as the roll
Wait = action("wait", "{player} wait")      # the roller stays where they are
