"""How one move changes the players' standing (`bots.standing`), worked out from what the move carries
where, without playing it: what the greedy bot weighs each of its choices by. A player's standing rests
on a few parts (treasure at home, treasure aboard, the crew's sailing value, where the ship lies and
points, a win); a move changes the parts of the players it names, and only their scores are found again.
A move this does not know is tried on a clone of the state, as for any game."""
from __future__ import annotations

from .verbs import (HEADINGS, Attack, Blown, Collect, Give, Hire, Load, Lose, Maroon, Press, ReturnTreasure, Safe,
                    Sail, Seize, Stay, Swap, Take, Trade, Turn, Unload)

HOME, ABOARD, CARRIED, SAILING, AT, BOW = range(6)  # a player's parts, in the order `bots.score` takes them


def parts(state, name) -> list:
    """What a player's standing rests on: treasure worth at home and aboard, treasures aboard, the
    sailing value, the ship's square and bow."""
    worth = state.f.treasure_value
    return [state.home_value(name), sum(worth[t] for t in state.aboard[name]), len(state.aboard[name]),
            state.sailing(name), state.at[name], state.bow[name]]


class Lookahead:
    """The standing of every player as it is now, and as a move would leave it."""

    def __init__(self, state, player, score):
        self.state, self.f, self.player, self.score = state, state.f, player, score
        self.now = {name: parts(state, name) for name in state.players}
        self.extra = state.intent * 2  # crew a loot card lets the player choose, not drawn yet
        self.scores = {name: score(state, name, self.now[name], self.extra if name == player else 0)
                       for name in state.players}
        self.best_other = max(v for name, v in self.scores.items() if name != player)
        self.changed: dict = {}

    def value(self, action):
        """`standing` after `action`, or None when this does not work it out."""
        player = self.player
        if action is None or type(action) in (Stay, Attack):
            return self.scores[player] - self.best_other
        kind = type(action)
        if (kind is Sail or kind is Blown) and action.player == player:  # most moves: the ship goes, no more
            return self._sailed(action.to, action.heading)
        move = MOVES.get(kind)
        if move is None:
            return None
        self.changed, self.winner, self.extra_after = {}, None, self.extra
        if move(self, action) is False:
            return None
        if self.winner is None and self.changed.keys() <= {player}:  # the others' scores stand
            mine = self.changed.get(player, self.now[player])
            return self.score(self.state, player, mine, self.extra_after) - self.best_other
        scores = dict(self.scores)
        for name, changed in self.changed.items():
            scores[name] = self.score(self.state, name, changed, self.extra_after if name == self.player else 0)
        if self.extra_after != self.extra and self.player not in self.changed:
            scores[self.player] = self.score(self.state, self.player, self.now[self.player], self.extra_after)
        if self.winner:
            scores[self.winner] = 1000.0
        return self._lead(scores)

    def _sailed(self, to, heading) -> float:
        """`value` after the player's own ship sails (or is blown) to `to`, pointing as `Sailing._point`
        leaves it: only the player's score changes, unless the ship is home with the goal's worth."""
        state, player, f = self.state, self.player, self.f
        now = self.now[player]
        if self.wins(player, to, now[HOME]):
            return 1000.0 - self.best_other
        bow = (HEADINGS.get(heading) or now[BOW] or HEADINGS["n"]) if to not in f.ports else None
        mine = [now[HOME], now[ABOARD], now[CARRIED], now[SAILING], to, bow]
        return self.score(state, player, mine, self.extra) - self.best_other

    def _lead(self, scores: dict) -> float:
        player = self.player
        return scores[player] - max(v for name, v in scores.items() if name != player)

    def parts(self, name) -> list:
        """The parts of `name` as the move leaves them, to change."""
        changed = self.changed.get(name)
        if changed is None:
            changed = self.changed[name] = self.now[name].copy()
        return changed

    def lose(self, name, item) -> None:
        """An item leaves a player's ship: crew from the hand, treasure from the hold (a kept card counts nothing)."""
        f, mine = self.f, self.parts(name)
        if item in f.crew_value:
            mine[SAILING] -= f.crew_value[item]
        elif item in f.treasure_value:
            mine[ABOARD] -= f.treasure_value[item]
            mine[CARRIED] -= 1

    def gain(self, name, item) -> None:
        f, mine = self.f, self.parts(name)
        if item in f.crew_value:
            mine[SAILING] += f.crew_value[item]
        elif item in f.treasure_value:
            mine[ABOARD] += f.treasure_value[item]
            mine[CARRIED] += 1

    def crew_from(self, name, crew, docks_too) -> list:
        """The crew cards of `crew` that leave the hand of `name`, the home docks giving first when they count."""
        docks = list(self.state.docks[self.state.home[name]]) if docks_too else []
        from_hand = []
        for card in crew:
            if card in docks:
                docks.remove(card)
            else:
                from_hand.append(card)
                self.lose(name, card)
        return from_hand

    def due(self, kind):
        todo = self.state.todo
        return todo[0] if todo and todo[0].kind == kind else None

    def wins(self, name, at, home) -> bool:
        """Whether a ship on `at` with `home` worth at home wins: in its home port with the goal's worth
        there (`GameEnd._check_win`)."""
        return self.state.playing and at == self.state.home[name] and home >= self.f.goal

    def check_win(self, name) -> None:
        mine = self.parts(name)
        if self.wins(name, mine[AT], mine[HOME]):
            self.winner = name


def _turn(look, action) -> None:
    look.parts(action.player)[BOW] = HEADINGS[action.heading]
    look.check_win(action.player)


def _take(look, action) -> None:
    for item in action.items:
        if item in look.f.treasure_value:
            look.gain(action.player, item)


def _hire(look, action):
    due = look.due("loot")
    if action.crew or due is None or action.player != look.player:
        return False
    look.extra_after = due.data[1] * 2
    return None


def _lose(look, action):
    due = look.due("lose")
    if due is None:
        return False
    look.crew_from(action.player, action.crew, docks_too=due.data["from"] == "possessed")
    return None


def _press(look, action) -> None:
    for card in action.crew:
        look.gain(action.player, card)
    look.crew_from(action.giver, action.crew, docks_too=True)


def _swap(look, action) -> None:
    for card in action.gave:
        look.lose(action.player, card)
        look.gain(action.other, card)
    for card in action.got:
        look.lose(action.other, card)
        look.gain(action.player, card)


def _maroon(look, action) -> None:
    for item in action.items:
        look.lose(action.player, item)


def _give(look, action) -> None:
    for item in action.items:
        look.lose(action.player, item)
        look.gain(action.to, item)


def _seize(look, action):
    due = look.due("seize")
    if due is None:
        return False
    loser = due.data
    if action.what == "treasure":
        for item in look.state.aboard[loser]:
            look.lose(loser, item)
            look.gain(action.player, item)
    else:
        for card in look.crew_from(loser, action.crew, docks_too=False):
            look.gain(action.player, card)
    return None


def _return(look, action) -> None:
    aboard = list(look.state.aboard[action.player])
    for item in action.items:
        if item in aboard:
            aboard.remove(item)
            look.lose(action.player, item)


def _unload(look, action) -> None:
    mine = look.parts(action.player)
    for item in action.items:
        look.lose(action.player, item)
        mine[HOME] += look.f.treasure_value.get(item, 0)
    look.check_win(action.player)


def _load(look, action) -> None:
    mine = look.parts(action.player)
    for item in action.items:
        mine[HOME] -= look.f.treasure_value.get(item, 0)
        look.gain(action.player, item)


def _safe(look, action) -> None:
    look.check_win(action.player)


def _trade(look, action) -> None:
    """Value for value with a port's docks: treasure taken from, or left on, another player's home docks
    changes what that player has at home."""
    state, worth = look.state, look.f.treasure_value
    gave, got = action.bargain
    port = state.at[action.player]
    owners = [name for name in state.players if state.home[name] == port]
    for item in gave:
        look.lose(action.player, item)
        for owner in owners:
            look.parts(owner)[HOME] += worth.get(item, 0)
    for item in got:
        look.gain(action.player, item)
        for owner in owners:
            look.parts(owner)[HOME] -= worth.get(item, 0)


def _collect(look, action) -> None:
    for item in action.items:
        look.gain(action.player, item)


MOVES = {Turn: _turn, Take: _take, Hire: _hire, Lose: _lose, Press: _press, Swap: _swap,
         Maroon: _maroon, Give: _give, Seize: _seize, ReturnTreasure: _return, Unload: _unload, Load: _load,
         Safe: _safe, Trade: _trade, Collect: _collect}
