"""Exact counts of simulated games: what `pnp stats` adds up game by game, then chunk by chunk and shard by shard.

Every count is a whole number, kept in mappings with text keys (JSON objects) and lists, so adding two
tallies (`add`) is exact and the order chunks or shards are added in never changes a figure. The counts
of games played with the same number of players sit together, under that number:

    games, shared, unsettled      games; of them, won by several players together, and won by nobody
    seat, order                   by seat (the header's order) and by turn order (from the first player
                                  to act, clockwise): wins, shared wins, and a histogram of scores
    bots                          by bot: seats played, wins, shared wins, scores
    margin, events, moves         histograms: the winner's lead over the next score, the log's events,
                                  the players' own moves

and, over every game: `verbs` (events by verb), `words` (verb -> field -> word -> times: the cards,
spaces and faces the events name), `header` (the header values drawn for each game) and `game` (what
each game's `State.stats()` reports). `squares` holds, for each verb and word, the sum over games of the
square of the times it came up in the game, and `games`, the games it covers: with the times, they give how
much a thing's times a game vary from game to game (pnp.stats.figures). Results written before `squares`
was counted have none, and a merge of such a result with a newer one covers fewer games than it counts.
"""
from __future__ import annotations

from collections import Counter
from itertools import chain

from pnp.check.setup import NOTES, VARIANT
from pnp.check.verbs import written
from pnp.errors import PnpError

SKIPPED_KINDS = frozenset(("player", "claims"))  # who did something is counted by seat, not as a word
UNCOUNTED = frozenset(("game", "players", VARIANT, *NOTES))  # header keys that say nothing of how a game went
# (a variant's games are told apart by the run's settings, or by printing: pnp/stats/playtests.py)


class Tally:
    """The counts of the games added to it; `counts()` gives them as plain data for `add` and JSON."""

    def __init__(self):
        self.blocks: dict = {}          # players -> Block
        self.times: Counter = Counter()    # (verb,) and (verb, field, word) -> times over all games
        self.squares: Counter = Counter()  # the same keys -> the sum over games of (times in the game) squared
        self.header: Counter = Counter()   # (key, value) -> games
        self.game: Counter = Counter()     # (name, value) -> games, from State.stats()
        self.keys: dict = {}               # the players' names -> their Keys

    def add(self, played) -> None:
        """Count one complete game (pnp.check.simulate.Played)."""
        players = played.state.players
        block = self.blocks.get(len(players))
        if block is None:
            block = self.blocks[len(players)] = Block(len(players))
        block.add(played)
        names = frozenset(players)
        self._add_events(played.actions, names)
        self.header.update((key, value) for key, value in played.header.items()
                           if key not in UNCOUNTED and not names.intersection(str(value).split()))
        self.game.update((name, str(value)) for name, value in played.state.stats().items())

    def _add_events(self, actions: list, names: frozenset) -> None:
        """Count a game's events by verb and by word, and add the square of each count in this game."""
        keys = self.keys.get(names)
        if keys is None:
            keys = self.keys[names] = Keys(names)
        in_game = Counter(chain.from_iterable(map(keys.__getitem__, actions)))
        times, squares = self.times, self.squares
        for key, n in in_game.items():
            times[key] += n
            squares[key] += n * n

    def counts(self) -> dict:
        """Everything counted, as mappings with text keys and lists of whole numbers."""
        games = sum(block.games for block in self.blocks.values())
        verbs, words = _by_verb(self.times)
        square_verbs, square_words = _by_verb(self.squares)
        return {"games": games, "players": {str(n): block.counts() for n, block in self.blocks.items()},
                "verbs": verbs, "words": words,
                "squares": {"games": games, "verbs": square_verbs, "words": square_words},
                "header": _nested(self.header), "game": _nested(self.game)}


class Keys(dict):
    """Action -> what it counts under (`_keys`), for the players of one table; made when first asked for."""

    def __init__(self, names: frozenset):
        super().__init__()
        self.names = names

    def __missing__(self, action) -> tuple:
        keys = self[action] = _keys(action, self.names)
        return keys


class Block:
    """The counts of the games played with one number of players."""

    def __init__(self, players: int):
        self.games = self.shared = self.unsettled = 0
        self.seat, self.order = Places(players), Places(players)
        self.bots: dict = {}  # bot -> [seats, wins, shared, Counter of scores]
        self.margin, self.events, self.moves = Counter(), Counter(), Counter()

    def add(self, played) -> None:
        state = played.state
        names = state.players
        totals, winners = _result(state)
        self.games += 1
        self.shared += len(winners) > 1
        self.unsettled += not winners
        start = names.index(played.first) if played.first in names else 0
        for seat, (name, bot) in enumerate(zip(names, played.bots)):
            won = name in winners
            alone, shared = won and len(winners) == 1, won and len(winners) > 1
            score = _score(totals[name])
            self.seat.add(seat, alone, shared, score)
            self.order.add((seat - start) % len(names), alone, shared, score)
            tally = self.bots.get(bot) or self.bots.setdefault(bot, [0, 0, 0, Counter()])
            tally[0] += 1
            tally[1] += alone
            tally[2] += shared
            tally[3][score] += 1
        scores = sorted(totals.values(), reverse=True)
        self.margin[_score(scores[0] - scores[1]) if len(scores) > 1 else "0"] += 1
        self.events[str(len(played.actions))] += 1
        self.moves[str(played.moves)] += 1

    def counts(self) -> dict:
        return {"games": self.games, "shared": self.shared, "unsettled": self.unsettled,
                "seat": self.seat.counts(), "order": self.order.counts(),
                "bots": {bot: {"seats": seats, "wins": wins, "shared": shared, "scores": dict(scores)}
                         for bot, (seats, wins, shared, scores) in self.bots.items()},
                "margin": dict(self.margin), "events": dict(self.events), "moves": dict(self.moves)}


class Places:
    """Wins, shared wins and scores at each place around the table (a seat, or a place in turn order)."""

    def __init__(self, players: int):
        self.wins, self.shared = [0] * players, [0] * players
        self.scores = [Counter() for _ in range(players)]

    def add(self, place: int, alone: bool, shared: bool, score: str) -> None:
        self.wins[place] += alone
        self.shared[place] += shared
        self.scores[place][score] += 1

    def counts(self) -> dict:
        return {"wins": self.wins, "shared": self.shared, "scores": [dict(c) for c in self.scores]}


def _result(state) -> tuple:
    """(each player's final score, the winners) of a finished game, as its rules module says."""
    try:
        totals = state.totals()
    except NotImplementedError:
        totals = None
    if totals is None:
        raise PnpError(f"the rules of {state.f.game.name} give no final scores (`totals()` of its state), "
                       "which pnp stats counts; see docs/adding-a-checker.md")
    return totals, state.winners(totals)[0]


def _keys(action, names: frozenset) -> tuple:
    """What an event counts under: (verb,), and (verb, field, word) for each word of its fields."""
    keys = [(action.verb,)]
    for field, value in zip(action.fields, action.values()):
        if value is None or action.kinds[field] in SKIPPED_KINDS:
            continue
        keys += [(action.verb, field, _word(item, names)) for item in (value if type(value) is tuple else (value,))]
    return tuple(keys)


def _by_verb(counter: Counter) -> tuple:
    """({verb: n}, {verb: {field: {word: n}}}) of a counter keyed as `_keys` makes them."""
    verbs, words = {}, {}
    for key, n in sorted(counter.items()):
        if len(key) == 1:
            verbs[key[0]] = n
        else:
            verb, field, word = key
            words.setdefault(verb, {}).setdefault(field, {})[word] = n
    return verbs, words


def _word(item, names: frozenset) -> str:
    """An item of a field as counted: a pair naming a player (`Anne 3`, a player's roll) without the player."""
    if type(item) is tuple:
        item = tuple(part for part in item if part not in names)
    return written(item)


def _score(value) -> str:
    """A score as a histogram's key: a whole number written plainly (5.0 as 5)."""
    return str(int(value)) if value == int(value) else str(value)


def _nested(counter: Counter) -> dict:
    """(key, value) -> n as key -> value -> n."""
    out: dict = {}
    for (key, value), times in counter.items():
        out.setdefault(key, {})[str(value)] = times
    return out


def add(into: dict, more: dict) -> dict:
    """Add the counts of `more` into `into` (and return it): numbers added, mappings merged key by key,
    lists item by item. Whole numbers only, so the sum is exact in any order."""
    if type(into) is dict:
        return _added(into, more)
    for key, value in more.items():  # a mapping that may make up a missing value (a Counter): asked with `get`
        mine = into.get(key)
        into[key] = _copy(value) if mine is None else _sum(mine, value)
    return into


def _added(into: dict, more: dict) -> dict:
    """`add` into a plain dict, whose missing keys raise KeyError. Most of a tally's mappings hold one or two
    counts, so each is merged with as little work as it can: looked up once, a number added in place, a
    mapping merged where it is."""
    for key, value in more.items():
        try:
            mine = into[key]
        except KeyError:
            into[key] = value if type(value) is int else _copy(value)
            continue
        if type(mine) is int:
            into[key] = mine + value
        elif type(mine) is dict:
            _added(mine, value)
        else:
            into[key] = _copy(value) if mine is None else _sum(mine, value)
    return into


def _sum(mine, theirs):
    if isinstance(mine, dict):
        return add(mine, theirs)
    if isinstance(mine, list):
        return [a + b if type(a) is int else _sum(a, b) for a, b in zip(mine, theirs)]
    return mine + theirs


def _copy(value):
    if isinstance(value, dict):
        return {key: item if type(item) is int else _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [item if type(item) is int else _copy(item) for item in value]
    return value
