"""What a game of Pete the Pirate shows at the table while it is recorded (`pnp record`): where each sailor and
Pete stand, how many gems each carries (never in which compartment) and has safe, and the gems on the hiding
places."""
from __future__ import annotations

from pnp.check.words import counted


class Recording:
    """The state's answer to the recorder: `public`."""

    def public(self) -> list:
        sailors = [f"{name} ({self.colour[name]}): on {self.at[name]}, carries {counted(sum(self.chest[name]), 'gem')}, "
                   f"{self.safe[name]} safe" for name in self.players]
        places = [f"{place}: {' '.join(sorted(self.places[place])) or 'no gem'}" for place in self.f.hiding]
        return [{"title": "Sailors", "lines": [*sailors, f"Pete: on {self.pete}"]},
                {"title": "Hiding places", "lines": places}]
