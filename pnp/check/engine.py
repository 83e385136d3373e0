"""What a game's rules module gives the checker: its verbs, its header keys, and a game state.

A game plugs in with one file, `pnp/games/<slug>/rules.py`, defining `rules(game) -> Rules`, where `game`
is the game's checked data (`pnp.games.load_game`). Following OpenSpiel, there is one state with
`legal_actions` and `apply`, and chance is a player: whatever is random at the table (a deal, a die
roll, a revealed card) is an event of the log, produced by the TABLE, so a replay needs no random
generator. The same state serves three drivers:

- the checker (`replay`): parses each event into an action and calls `apply`; the state blows the
  whistle on every broken rule, then carries on as best it can;
- the simulator (`simulate`): asks `to_move`, lets a bot pick one of `legal_actions` (or the state
  pick the TABLE's event with `table_action`), applies it and writes `str(action)` as the log line;
- the bots (`bots`): `clone`, `apply` and `value` to look one move ahead.

An action is any object whose `str()` is its log line. `None` may be among the legal actions: a
choice that leaves no line in the log (declining an optional follow-up, for instance).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


class _Table:
    """The table as a player: it deals, rolls and records. Never a player's name, so `is TABLE` is safe."""

    def __repr__(self) -> str:
        return "TABLE"


TABLE = _Table()


@dataclass(frozen=True)
class Verb:
    """One verb of a game's logs.

    `parse(words, actor)` reads the words after the verb (a `pnp.check.words.Words`) and returns the
    action; `by_player` says whether the line starts with the acting player's name; `usage` is shown
    when a line cannot be read, e.g. `PLAYER take COLUMN CARD [to PLAYER]`.
    """

    name: str
    usage: str
    parse: Callable
    by_player: bool = True


class Rules:
    """A game's rules, built once per game from its data. Subclasses fill in what is marked."""

    game: object  # the game's checked data (pnp.model.Game)
    verbs: dict   # verb name -> Verb, in the order a usage message lists them

    def header(self, players: tuple) -> dict:
        """Specs (pnp.datafile) of the game's own header keys, for a game with these players.

        `game:` and `players:` are read by the checker; everything else a log's header may say is declared
        here: a spec, or (spec, default) for an optional key."""
        return {}

    def start(self, setup, whistle) -> "State":
        """The state before the first event of a game described by `setup` (pnp.check.setup.Setup)."""
        raise NotImplementedError

    def simulated_header(self, rng, players: tuple) -> dict:
        """Header values (key -> text) for a simulated game with these players, drawn with `rng`."""
        return {}


class State:
    """One game in progress. `apply` reports broken rules through the whistle it was started with."""

    def to_move(self):
        """The name of the player who acts next, or TABLE when the next event is the table's."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """Every action the player to move may take now (None: do nothing that needs a line)."""
        raise NotImplementedError

    def table_action(self, rng):
        """The TABLE's next event: a random outcome drawn with `rng`, or a record such as the scores."""
        raise NotImplementedError

    def apply(self, action) -> None:
        """Play one action: check it in a fixed order, blow the whistle on each broken rule, then carry
        on from the most sensible state so that one mistake is reported once, not at every later line."""
        raise NotImplementedError

    def finish(self) -> None:
        """The log has ended: report what a complete record still lacks."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def clone(self) -> "State":
        """A copy that `apply` never changes through this one; the replay tries readings of a log on copies."""
        raise NotImplementedError

    def value(self, player: str) -> float:
        """How well `player` stands now, higher is better; what a greedy bot maximises."""
        raise NotImplementedError

    def summary(self) -> str:
        """One line for a log with no problems: what was played and how it ended."""
        return "a legal game"
