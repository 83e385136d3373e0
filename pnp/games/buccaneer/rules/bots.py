"""What a simulated game of Buccaneer chooses among, and how a position is valued: the table's set-up,
draws and fights; for a player, every follow-up's answers, and in a turn a fair sample of the legal lines
(each move with a few headings worth pointing at, the trades and transfers that bring something); and a
player's standing, treasure at home first, then aboard, crew, and the way still to sail."""
from __future__ import annotations

from pnp.check.pieces import multisets

from .lookahead import Lookahead, parts
from .verbs import (HEADINGS, WAY, Attack, Bargain, Blown, Collect, Cut, Deal, Draw, Fight, Give, Halt, Hire, Load,
                    Lose, Maroon, Port, Press, ReturnTreasure, Safe, Sail, Seize, Stay, Swap, Take, Trade, Turn, Unload)


class Choices:
    """The moves offered, the table's next line and a position's value."""

    def table_action(self, rng):
        if self.todo:
            due = self.todo[0]
            if due.kind == "draw":
                return Draw(self.f.number[rng.choice(self.chance.pool())])
            if due.kind == "fight":
                return Fight(tuple((p, self.fighting(p)) for p in due.data))
            return Hire(due.player, self._top(due.data, rng))
        if self.won or self.stopped:
            return self.end_action()
        if not self.cut_line:
            numbers = rng.sample(sorted(self.f.number.values()), len(self.players))
            return Cut(tuple(zip(self.players, numbers)))
        if len(self.set_up) < len(self._spare_ports()):
            return self._port_action(next(p for p in self._spare_ports() if p not in self.set_up), rng)
        if len(self.dealt) < len(self.players):
            player = next(p for p in self.players if p not in self.dealt)
            pool = self.crew_box.pool()
            return Deal(player, tuple(sorted(rng.sample(pool, min(self.f.hand, len(pool))))))
        return Halt()

    def outcome(self, action, rng):
        if type(action) is Hire and not action.crew:
            return Hire(action.player, self._top(self.todo[0].data[1], rng))
        return action

    def legal_actions(self) -> list:
        return choices(self)

    def value(self, player) -> float:
        return standing(self, player)

    def values_after(self, actions, player) -> list:
        """`value` after each action, worked out from what it changes (`lookahead`); anything else on a clone."""
        if self.won or self.stopped:
            return super().values_after(actions, player)
        look = Lookahead(self, player, score)
        values = []
        for action in actions:
            value = look.value(action)
            values += super().values_after([action], player) if value is None else [value]
        return values

    def decline(self) -> None:
        if self.todo:
            self.todo.pop(0)
        else:
            self._end_turn()

    def _port_action(self, port, rng):
        pool = self.crew_box.pool()
        crew = tuple(rng.sample(pool, self.f.port_crew))
        best = self._make_up(self.f.port_value - sum(self._worth(c) for c in crew))
        treasure, left = [], dict(self.island.left)
        for value in best:
            kinds = [t for t, v in self.f.treasure_value.items() if v == value and left[t] > 0]
            pick = rng.choice(kinds)
            left[pick] -= 1
            treasure.append(pick)
        return Port(port, crew + tuple(treasure))

    def _top(self, count, rng) -> tuple:
        """`count` cards drawn from Pirate Island's top, for a simulated game."""
        pile, out = self.pirates.copy(), []
        for _ in range(min(count, len(pile))):
            card = rng.choice(pile.pool())
            pile.draw(card, 0)
            out.append(card)
        return tuple(out)


# --- what bots choose from, and how they weigh a position -------------------------------------------

def choices(state) -> list:
    """The actions a bot chooses among now: every follow-up's answers, and in a turn a fair sample of the
    legal lines (each move, a few headings; the trades and transfers that bring something)."""
    if state.todo:
        return _answers(state, state.todo[0])
    player = state.current
    actions = [] if state.moved else _sailings(state, player)
    actions += _in_port(state, player)
    if state.moved:
        actions.append(None)
        at = state.at[player]
        if state.fresh and at not in state.f.ports:
            actions += [Attack(player, p) for p in state.seats.others(player) if state.at[p] == at]
    return actions


def _sailings(state, player) -> list:
    f = state.f
    actions = []
    for square, _ in state._moves(player):
        if square in f.ports:
            actions.append(Sail(player, square))
        else:
            actions += [Sail(player, square, h) for h in _headings(state, player, square)]
    at = state.at[player]
    if at not in f.ports:
        others = [h for h in HEADINGS if HEADINGS[h] != state.bow[player]]
        turns = [h for h in _headings(state, player, at) if h in others] or others
        actions += [Turn(player, h) for h in turns]
    if state._may_rest(player) or not actions:
        actions.append(Stay(player))
    if state._may_rest(player):
        actions.append(None)  # an idle turn left out of the log (RULES.md 3.6)
    return actions


def _headings(state, player, square) -> tuple:
    """A few headings worth pointing at from `square`: towards the island's coast, towards home, and on
    as the ship goes; none that runs at once into land or off the board. Found once for each square, home
    and bow, and kept with the game's facts."""
    key = (square, state.home[player], state.bow[player])
    found = state.f.headings.get(key)
    if found is None:
        found = state.f.headings[key] = _worth_pointing(state.f, *key)
    return found


def _worth_pointing(f, square, home, bow) -> tuple:
    here = f.board.spaces[square]
    goals = [((f.island_box[0] + f.island_box[1]) / 2, (f.island_box[2] + f.island_box[3]) / 2),
             (f.board.spaces[home].x, f.board.spaces[home].y)]
    wanted = [(_sign(x - here.x), _sign(y - here.y)) for x, y in goals]
    wanted.append(bow or (0, 1))
    out = [WAY[step] for step in dict.fromkeys(wanted) if step in WAY and f.board.ray(square, *step, 1)]
    return tuple(out or [name for name, step in HEADINGS.items() if f.board.ray(square, *step, 1)] or ["n"])


def _sign(value) -> int:
    return (value > 0.5) - (value < -0.5)


def _in_port(state, player) -> list:
    """Trades of crew or kept cards for treasure, at a port sailed into or out of; unloading, the safety
    zone and the docks' crew at home; what lies on Flat Island, from beside it."""
    f, actions = state.f, []
    at, room = state.at[player], f.hold - len(state.aboard[player])
    port = state._trading_port(player)
    if port and room > 0:
        for treasure in dict.fromkeys(t for t in state.docks[port] if t in f.treasure_value):
            value = f.treasure_value[treasure]
            paying = [(c,) for c in state.kept[player] if f.worth[c] == value]
            for size in (1, 2, 3):
                paying += [combo for combo in multisets(state.hand[player], size)
                           if sum(f.crew_value[c] for c in combo) == value][:1]
            actions += [Trade(player, Bargain((pay, (treasure,)))) for pay in paying[:2]]
    if at == state.home[player]:
        docks, safety = state.docks[at], state.safety[at]
        if state.aboard[player]:
            actions.append(Unload(player, tuple(state.aboard[player])))
        for kind in dict.fromkeys(t for t in docks if t in f.treasure_value):
            if docks.count(kind) >= f.safety_set or (safety.count(kind) >= f.safety_set):
                actions.append(Safe(player, (kind,) * (1 if safety.count(kind) >= f.safety_set else f.safety_set)))
        crew = tuple(c for c in docks if c in f.crew_value)
        if crew:
            actions.append(Load(player, crew))
    if at in f.shore and state.flat:
        treasure = [t for t in state.flat if t in f.treasure_value][:max(room, 0)]
        items = tuple([i for i in state.flat if i not in f.treasure_value] + treasure)
        if items:
            actions.append(Collect(player, items))
    return actions


def _answers(state, due) -> list:
    """The answers a bot may write to a follow-up."""
    player, f, kind = due.player, state.f, due.kind
    if kind == "seize":
        loser = due.data
        most = min(f.spoils_crew, len(state.hand[loser]))
        return [Seize(player, "treasure")] + [Seize(player, "crew", combo) for size in range(min(most, 1), most + 1)
                                              for combo in multisets(state.hand[loser], size)]
    if kind == "return":
        return [ReturnTreasure(player, combo) for combo in multisets(state.aboard[player], due.data)]
    if kind == "free":
        actions = [Sail(player, square, h) if square not in f.ports else Sail(player, square)
                   for square, _ in state._moves(player, free=True)
                   for h in (_headings(state, player, square) if square not in f.ports else [None])]
        if state.at[player] not in f.ports:
            actions.append(Turn(player, next(h for h in HEADINGS if HEADINGS[h] != state.bow[player])))
        return actions or [Stay(player)]
    if kind == "blown":
        return [Blown(player, to) if to in f.ports else Blown(player, to, h)
                for to in due.data[0] for h in ([None] if to in f.ports else _headings(state, player, to))] + \
            [None] * due.optional
    if kind == "lose":
        return _losses(state, due)
    if kind in ("take", "loot"):
        limit = due.data if kind == "take" else due.data[0]
        actions = [Take(player, combo) for combo in _treasures(state, player, limit)]
        return actions + ([Hire(player)] if kind == "loot" and len(state.pirates) else [])
    if kind == "give":
        to, pieces, crew = due.data
        return [Give(player, to, combo) for combo in _parting(state, player, pieces, crew)]
    if kind == "press":
        return [Press(player, giver, combo) for giver in state.seats.others(player)
                for combo in multisets(state._possessed(giver), min(due.data, len(state._possessed(giver))))
                if state._possessed(giver)]
    if kind == "maroon":
        if due.data == "best":
            pool = state.aboard[player] or state.hand[player]
            best = max(map(state._worth, pool))
            return [Maroon(player, (item,)) for item in dict.fromkeys(pool) if state._worth(item) == best]
        return [Maroon(player, combo) for combo in _parting(state, player, *due.data)]
    ships, count = due.data
    mine = multisets(state.hand[player], min(count, len(state.hand[player])))
    return [Swap(player, other, gave, got) for other in ships for gave in mine[:4]
            for got in multisets(state.hand[other], min(count, len(state.hand[other])))[:4]]


def _losses(state, due) -> list:
    player, rule, count = due.player, due.data["from"], due.data["count"]
    hand = state.hand[player]
    if rule == "all":
        return [Lose(player, tuple(hand))]
    if rule == "best":
        best = max(map(state._worth, hand))
        return [Lose(player, (card,)) for card in dict.fromkeys(hand) if state._worth(card) == best]
    pool = state._possessed(player) if rule == "possessed" else hand
    return [Lose(player, combo) for combo in multisets(pool, count)]


def _treasures(state, player, limit) -> list:
    """The choices of treasure worth up to `limit` that the island holds and the hold takes."""
    f = state.f
    room = f.hold - len(state.aboard[player])
    there = [t for t in f.treasure_value for _ in range(min(state.island.left[t], room))]
    found = []
    for size in range(1, room + 1):
        found += [combo for combo in multisets(there, size) if sum(f.treasure_value[t] for t in combo) <= limit]
    return found


def _parting(state, player, pieces, crew) -> list:
    """One treasure aboard (`pieces` of them), or else `crew` crew cards (all the hand if fewer)."""
    options = multisets(state.aboard[player], min(pieces, len(state.aboard[player]))) if state.aboard[player] else []
    if state.hand[player]:
        options += multisets(state.hand[player], min(crew, len(state.hand[player])))
    return options


def standing(state, player) -> float:
    """How well a player stands beside the best of the others (see `score`)."""
    extra = state.intent * 2
    scores = {name: score(state, name, parts(state, name), extra if name == player else 0) for name in state.players}
    return scores[player] - max(v for name, v in scores.items() if name != player)


def score(state, name, mine: list, extra: int) -> float:
    """A player's score from their parts (`lookahead.parts`): treasure at home counts most, treasure
    aboard less, crew a little (`extra`: crew chosen, not drawn yet); a ship loses a little for each square
    between it and where it should go (the coast while it has room for treasure, home once it has a load)."""
    if state.won == name:
        return 1000.0
    home, aboard, carried, sailing, at, bow = mine
    f = state.f
    going_home = carried >= f.hold or (aboard and home + aboard >= f.goal)
    crew = min(sailing + extra, f.sea_span)  # crew to sail further than the sea is wide is worth nothing more
    return 10 * home + 6 * aboard + 0.4 * crew - 1.5 * _distance(f, at, bow, sailing,
                                                                 state.home[name] if going_home else None)


def _distance(f, at, bow, sailing, target) -> float:
    """Squares between a ship and its goal, as the ship will stand after its best next move along its bow."""
    reach = max(sailing, 1)
    key = (at, bow, reach, target)
    found = f.distances.get(key)
    if found is None:
        found = f.distances[key] = _ahead(f, at, bow, reach, target)
    return found


def _ahead(f, at, bow, reach, target) -> float:
    """`_distance` worked out: the squares to `target` (a harbour; None: the coast of Treasure Island)."""
    here = f.board.spaces[at]
    if target is not None:
        goal = f.board.spaces[target]

        def far(x, y):
            return max(abs(x - goal.x), abs(y - goal.y))
    else:
        x1, x2, y1, y2 = f.island_box

        def far(x, y):
            d = max(x1 - x, 0, x - x2, y1 - y, 0, y - y2)
            return abs(d - 1) if d else 1
    now = far(here.x, here.y)
    if not bow or not now:
        return now
    reach = min(reach, int(now) + 1)  # further than the goal is, a ship only strays
    ahead = [f.board.spaces[square] for square in f.board.ray(at, *bow, reach)]
    return min((far(s.x, s.y) for s in ahead), default=now + 2) + 0.2 * now
