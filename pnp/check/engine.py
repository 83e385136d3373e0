"""What a game's rules give the checker: its verbs, its header keys, and a game state.

A game plugs in with its rules package, `pnp/games/<slug>/rules/` (or one file, `rules.py`), defining
`rules(game) -> Rules`, where `game` is the game's checked data (`pnp.read.games.load_game`). Following
OpenSpiel, there is one state with `legal_actions` and `apply`, and chance is a player: whatever is
random at the table (a deal, a die roll, a revealed card) is an event of the log, produced by the TABLE,
so a replay needs no random generator. The same state serves three drivers:

- the checker (`replay`): parses each event into an action and calls `apply`; the state blows the
  whistle on every broken rule, then carries on as best it can;
- the simulator (`simulate`): asks `to_move`, lets a bot pick one of `legal_actions` (or the state
  pick the TABLE's event with `table_action`), applies it and writes `str(action)` as the log line;
- the bots (`bots`): `values_after` to look one move ahead (by default `clone`, `apply` and `value`).

The bases here hold what every game repeats: verbs bound from patterns (`pnp.check.verbs`), dispatch to
one handler per verb (`on_<verb>`), the guard for lines after the game is over (or decided), cloning,
and the end of a game (claimed against computed scores, leaders, ties). A game's state is its parts (one
class for each part of its rulebook) put before these bases. The number of players is the header's to check
(`pnp.check.setup`), from the range in game.yaml, reported under the game's own `players_code`.
`None` may be among the legal actions: a choice that leaves no line in the log (declining an optional
follow-up, for instance); `apply(None)` calls `decline`.
"""
from __future__ import annotations

from pnp.check.parsing import bind
from pnp.errors import PnpError

class _Table:
    """The table as a player: it deals, rolls and records. Never a player's name, so `is TABLE` is safe."""

    def __repr__(self) -> str:
        return "TABLE"


TABLE = _Table()


class Rules:
    """A game's rules, built once per game from its data: the facts its states read (shared by all of
    them, never changed), its verbs, its header keys. A subclass names its `actions`, reads its facts in
    `read`, binds the kinds of words its patterns name, and starts its state."""

    actions: tuple = ()  # the action classes of the game's verbs, in the order a usage message lists them
    state: type          # the game's State subclass
    bots: dict = {}      # name -> bot(state, player, rng): the game's own strategies, beside the generic ones
    players_code = ""    # the game's code for a log with more or fewer players than game.yaml allows

    def __init__(self, game):
        self.game = game  # the game's checked data (pnp.model.Game)
        self.read(game)
        self.verbs = bind(self.actions, self.kinds(), self.checks())
        unhandled = [verb for verb in self.verbs if verb not in self.state._handlers]
        if unhandled:
            raise PnpError(f"{self.state.__name__} has no handler for the verb `{unhandled[0]}`: "
                           f"define on_{unhandled[0]}(self, action) in it")

    def read(self, game) -> None:
        """Read and check what the rules need from the game's data into attributes, every problem raised
        at once as a pnp.errors.DataError (see pnp.check.facts)."""

    def kinds(self) -> dict:
        """Kind name -> pnp.check.verbs.Kind: how the words the patterns name are read."""
        return {}

    def checks(self) -> dict:
        """Verb -> check(action, words), for what a whole line must satisfy beyond its words."""
        return {}

    def header(self, players: tuple) -> dict:
        """Specs (pnp.model.specs) of the game's own header keys, for a game with these players.

        `game:` and `players:` are read by the checker; everything else a log's header may say is declared
        here: a spec, or (spec, default) for an optional key."""
        return {}

    def start(self, setup, whistle) -> "State":
        """The state before the first event of a game described by `setup` (pnp.check.setup.Setup)."""
        return self.state(self, setup, whistle)

    def simulated_header(self, rng, players: tuple) -> dict:
        """Header values (key -> text) for a simulated game with these players, drawn with `rng`."""
        return {}


class State:
    """One game in progress. `apply` reports broken rules through the whistle it was started with.

    A subclass sets its codes, fills `begin` and one `on_<verb>(action)` handler per verb, and answers
    the drivers' questions (`to_move`, `legal_actions`, `table_action`, `is_over`, `value`, `finish`)."""

    end_code = ""                # the code of a line after the game is over (reported once a log)
    unit = "points"              # what a total counts, in messages (`9 points`, `9 tokens`)
    claims_together = False      # the wrong claims of a line are one problem (a slip), not one per player
    after_end: frozenset = frozenset()  # verbs whose handlers judge a finished game themselves
    _handlers: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._handlers = {name[3:]: getattr(cls, name) for name in dir(cls) if name.startswith("on_")}

    def __init__(self, rules, setup, whistle):
        self.f, self.w, self.players = rules, whistle, setup.players  # f: the game's facts, read by its Rules
        self.end_reported = False
        self.begin(setup)

    def begin(self, setup) -> None:
        """Set up the game's own state from the log's header (whose players the game's data allows)."""

    # -- the drivers' questions ---------------------------------------------------------------------

    def to_move(self):
        """The name of the player who acts next, or TABLE when the next event is the table's."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """Every action the player to move may take now (None: do nothing that needs a line)."""
        raise NotImplementedError

    def table_action(self, rng):
        """The TABLE's next event: a random outcome drawn with `rng`, or a record such as the scores. It only
        asks, leaving the state as it is: the simulator applies the event it returns, and a reread of a log
        draws many from one state (`pnp.check.resync`)."""
        raise NotImplementedError

    def outcome(self, action, rng):
        """A player's choice whose result is left to chance, with that result drawn with `rng`: a card named
        for someone and then turned up, written as one line. Bots choose among `legal_actions` without
        knowing it; the simulator plays the action this returns. By default the choice itself."""
        return action

    def is_over(self) -> bool:
        raise NotImplementedError

    def over(self) -> str:
        """For a line after the game is over: why it is over (`the game is over (...)`)."""
        return "the game is over"

    def finish(self) -> None:
        """The log has ended: report what a complete record still lacks."""
        raise NotImplementedError

    def value(self, player: str) -> float:
        """How well `player` stands now, higher is better; what a greedy bot maximises."""
        raise NotImplementedError

    def values_after(self, actions: list, player: str) -> list:
        """How well `player` would stand (by `value`) after each of `actions`, this state left as it is:
        what a greedy bot weighs its choices by. By default each action is tried on a clone; a game may
        work the values out faster from what an action changes, as long as they come out the same."""
        values = []
        for action in actions:
            trial = self.clone()
            trial.apply(action)
            values.append(trial.value(player))
        return values

    def summary(self) -> str:
        """One line for a log with no problems: what was played and how it ended."""
        return "a legal game"

    def totals(self) -> dict | None:
        """Each player's final score (None while the log left them unknown): what a log's end is checked
        against, and, with `winners`, what `pnp stats` counts of a finished game."""
        raise NotImplementedError

    def stats(self) -> dict:
        """Optional: what else a finished game tells `pnp stats`, name -> a whole number or a word, each
        counted game by game (the rounds a game lasted, say)."""
        return {}

    # -- applying an event ----------------------------------------------------------------------------

    def apply(self, action) -> None:
        """Play one action: its handler checks it in a fixed order, blows the whistle on each broken rule,
        then carries on from the most sensible state, so that one mistake is reported once, not at every
        later line. A line after the end is reported once and otherwise ignored."""
        if action is None:
            self.decline()
            return
        verb = action.verb
        if verb not in self.after_end and (self.is_over() or self.decided()):
            self.leave_undone()
            self.blow_end(self.over())
        else:
            self._handlers[verb](self, action)

    # The engine's `apply`, whatever a game's state overrides: a game whose one part wraps every line in steps
    # of its own (`def apply(self, action)`) calls `self.dispatch(action)` between them. It is `super().apply`
    # when no other part overrides `apply`, and much cheaper: `super()` walks the state's many bases each time.
    dispatch = apply

    def handle(self, action) -> None:
        """The handler of `action`'s verb, at once: what `apply` does with a line once the game is neither over
        nor decided. A game's own `apply` that can tell that more cheaply than `is_over()` and `decided()` calls
        it, and `dispatch` otherwise."""
        self._handlers[action.verb](self, action)

    def decided(self) -> bool:
        """Whether play is over though the end is not written yet (a player has reached the goal): then, as
        once the game is over, a line whose verb is not in `after_end` is one too many. By default never."""
        return False

    def leave_undone(self) -> None:
        """Play is over and a line came after it: what was still under way is left undone, before that line
        is reported. By default nothing (`FollowUps`: the follow-ups still due, each reported unless optional)."""

    def decline(self) -> None:
        """A bot chose to leave a line out (the None among the legal actions)."""

    def after_problem(self, action) -> None:
        """The line of `action` broke a rule, and the replay carries on from its best reading of the log
        around it (with the line or without it): what the state counts from here may differ from what the
        table counted. A game may then take the log's word for what it can no longer be sure of, rather than
        report the same mistake again later. By default nothing."""

    def blow_end(self, message: str) -> None:
        """The end code, once a log: one early or late end explains every line after it."""
        if not self.end_reported:
            self.end_reported = True
            self.w.blow(self.end_code, message)

    def clone(self) -> "State":
        """A copy that `apply` never changes through this one: bots try moves on copies, and the replay
        tries readings of a log. Lists, dicts, sets and pieces are copied, all else (facts, whistle) shared."""
        return _cloned(self)

    # -- the end of a game: claims against totals, leaders and ties -----------------------------------

    def compare(self, claims, totals: dict, code: str, explain) -> None:
        """The points a log claims (player, points pairs) against `totals`; `explain(player)` says how. Each
        player's wrong claim is a problem, or with `claims_together` the line's wrong claims are one."""
        claimed = dict(claims)
        wrong = [f"{player} has {totals[player]} {self.unit}, {written_instead(claimed, player)} "
                 f"({explain(player)})" for player in self.players if claimed.get(player) != totals[player]]
        for message in (["; ".join(wrong)] if self.claims_together and wrong else wrong):
            self.w.blow(code, message)

    def leaders(self, totals: dict) -> list:
        """The players with the highest total, in seat order."""
        return ranks(totals)[0][1]

    def winners(self, totals: dict) -> tuple:
        """(winners, how they won): the one leader, or what `tie` makes of several."""
        leaders = self.leaders(totals)
        if len(leaders) == 1:
            return (leaders[0],), f"wins with {totals[leaders[0]]} {self.unit}"
        return self.tie(leaders, totals)

    def tie(self, leaders: list, totals: dict) -> tuple:
        """Leaders with equal totals share the win, unless a game settles ties otherwise (a roll-off);
        no winners: not settled yet."""
        return tuple(leaders), f"share the win with {totals[leaders[0]]} {self.unit}"

    def judge_winners(self, written: tuple, totals: dict, code: str) -> None:
        winners, how = self.winners(totals)
        if winners and sorted(written) != sorted(winners):
            self.w.blow(code, f"{' and '.join(winners)} {how}, not {' and '.join(written)}")

    def written_again(self, line: int, what: str, code: str) -> bool:
        """True, reported, when an end-of-game line (`what`: `the scores were`) was written at `line`."""
        if line:
            self.w.blow(code, f"{what} written already (line {line})")
        return bool(line)


def written_instead(claimed: dict, name: str) -> str:
    """What a log claims for `name` where another number is right: `not 7`, or `none is written`."""
    return "none is written" if name not in claimed else f"not {claimed[name]}"


def ranks(values: dict) -> list:
    """(value, names) from the highest value down: who stands where, those who tie together, in the
    mapping's order. `ranks({"A": 3, "B": 5, "C": 3})` is `[(5, ["B"]), (3, ["A", "C"])]`."""
    groups: dict = {}
    for name, value in values.items():
        groups.setdefault(value, []).append(name)
    return sorted(groups.items(), key=lambda group: group[0], reverse=True)


_PLAIN = frozenset((str, int, bool, float, tuple, frozenset, type(None)))


def _copy_list(value: list) -> list:
    if _PLAIN.issuperset(map(type, value)):
        return value.copy()
    return list(_copies(enumerate(value)).values())


def _copy_dict(value: dict) -> dict:
    if _PLAIN.issuperset(map(type, value.values())):
        return value.copy()
    return _copies(value.items())


_COPIERS = {list: _copy_list, dict: _copy_dict, set: set.copy}  # and every Piece subclass


def _copies(pairs) -> dict:
    """Key -> a copy of each value: lists, dicts, sets and pieces copied all the way down, all else shared.
    Lists and dicts of plain values, the most common, are copied here without a further call."""
    out = {}
    for key, value in pairs:
        kind = type(value)
        if kind in _PLAIN:
            out[key] = value
        elif kind is list and _PLAIN.issuperset(map(type, value)):
            out[key] = value.copy()
        elif kind is dict and _PLAIN.issuperset(map(type, value.values())):
            out[key] = value.copy()
        else:
            copy = _COPIERS.get(kind)
            out[key] = value if copy is None else copy(value)
    return out


def _cloned(obj):
    """An object of the same type whose every value is copied as `_copies` copies."""
    other = object.__new__(type(obj))
    other.__dict__.update(_copies(obj.__dict__.items()))
    return other


class Piece:
    """Part of a state (a deck, a supply): copied with it, its containers all the way down. What never
    changes is best kept in tuples or read-only mappings (types.MappingProxyType), which copies share."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _COPIERS[cls] = cls.copy

    def copy(self):
        return _cloned(self)
