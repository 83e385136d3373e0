"""What a simulated game of Buried Treasure chooses among: each player's legal lines, the table's deals and
scores, and how well a player stands, for the greedy bot. The game brings no bots of its own."""
from __future__ import annotations

from .rounds import places
from .verbs import Deal, Extra, Hand, Pass, Play, Round, Scorecard, Scores, Steal, Take


class Choices:
    """The moves offered, the table's next line and a position's value."""

    def legal_actions(self) -> list:
        player = self.to_move()
        if self.pending:
            return self._followups(*self.pending) + [None]
        targets = self._targets(player)
        actions = [Take(player, i + 1, pile[-1], to) for i, pile in enumerate(self.layout) if pile for to in targets]
        if self.advanced:
            for card in sorted(card for card, count in self.hands[player].items() if count):
                wild = self.f.suit[card] is None
                for to in targets:
                    counts = self.counts[to or player]
                    colours = [c for i, c in enumerate(self.f.colours) if counts[i]] if wild else [None]
                    actions += [Play(player, card, colour, to) for colour in colours]
            if not any(self.layout):
                actions.append(Pass(player))
        return actions

    def _targets(self, player: str) -> list:
        """Where a player's card may go: `None` for their own collection, or (advanced) an opponent's."""
        return [None] + [name for name in self.players if name != player] if self.advanced else [None]

    def _followups(self, player, kind, colour, flags) -> list:
        if kind == "extra":
            return [Extra(player, i + 1, pile[-1], to) for i, pile in enumerate(self.layout)
                    if pile and self.f.suit[pile[-1]] == colour for to in self._targets(player)]
        return [Steal(player, victim, n) for victim in self.players if victim != player
                for n in range(1, min(flags, self.counts[victim][colour]) + 1)]

    def table_action(self, rng):
        if self.round == 0 and self.advanced and len(self.hand_lines) < len(self.players):
            player = next(name for name in self.players if name not in self.hand_lines)
            return Hand(player, tuple(rng.sample(self.box.pool(), self.f.hand_sizes[len(self.players)])))
        if self.closed:
            return Round(self.round + 1) if self.round < self.f.rounds else self.end_action()
        if self.card is None:
            return Scorecard(rng.choice([card for card in self.f.score_cards if card not in self.card_rounds]))
        for column, size in enumerate(self.f.columns, start=1):
            if column not in self.dealt_columns:
                return Deal(column, tuple(rng.sample(self.deck.pool(), size)))
        return Scores(tuple(self._round_points().items()))

    def value(self, player) -> float:
        standing = {name: self.total[name] + self._bonus(name) for name in self.players}
        if self.card and not self.closed:
            for name, _, _, points in self._awards():
                standing[name] += points
        return _lead(player, standing)

    def values_after(self, actions, player) -> list:
        """`value` after each action, worked out from the one colour it changes: the places in that colour
        found again with the cards it moves, and a starter played taken off the hand's bonus. Anything else
        on a clone."""
        if not self.card or self.closed or not self.layout_known:
            return super().values_after(actions, player)
        players, points = self.players, self.f.score_cards[self.card]
        seat = {name: i for i, name in enumerate(players)}
        columns = list(zip(*(self.counts[name] for name in players)))  # colour -> each player's cards of it
        placed = [places(counts) for counts in columns]
        standing = [self.total[name] + self._bonus(name) for name in players]
        for colour, seats in enumerate(placed):
            for place, i in enumerate(seats):
                standing[i] += points[colour][place]
        me = seat[player]
        values, known = [], {}  # change -> the value it leaves (columns topped by one colour bring the same)
        for action in actions:
            change = self._change(action)
            if change is None:
                values += super().values_after([action], player)
                continue
            if change not in known:
                colour, moves, bonus = change
                after = standing.copy()
                if colour is not None:
                    counts = list(columns[colour])
                    for name, n in moves:
                        counts[seat[name]] += n
                    for place, i in enumerate(placed[colour]):
                        after[i] -= points[colour][place]
                    for place, i in enumerate(places(tuple(counts))):
                        after[i] += points[colour][place]
                if bonus:
                    after[seat[action.player]] -= bonus
                mine = after.pop(me)
                known[change] = mine - max(after)
            values.append(known[change])
        return values

    def _change(self, action):
        """(colour, [(player, cards added)], bonus lost by the mover) of a legal action, or None for one
        worked out on a clone: a take or an EXTRA's card from a column's top, a starter played, a steal of
        what the flags allow, or a pass or a follow-up declined (no change)."""
        if action is None or type(action) is Pass:
            return None, (), 0
        kind = type(action)
        if kind is Take or kind is Extra:
            pile = self.layout[action.column - 1] if action.column <= len(self.layout) else None
            if not pile or pile[-1] != action.card or (action.to is not None and not self.advanced):
                return None
            return self.f.suit[action.card], ((action.to or action.player, 1),), 0
        if kind is Play and self.advanced and self.hands[action.player].get(action.card):
            colour = self.f.suit[action.card]
            if colour is None and action.colour is not None:
                colour = self.f.colours.index(action.colour)
            return colour, ((action.to or action.player, 1),), self.f.starter_points[action.card]
        pending = self.pending
        if kind is Steal and pending and pending[:2] == (action.player, "flags") and action.victim != action.player:
            _, _, colour, flags = pending
            moved = min(action.count, flags, self.counts[action.victim][colour])
            return colour, ((action.victim, -moved), (action.player, moved)), 0
        return None


def _lead(player, standing: dict) -> float:
    """How far `player` stands ahead of the best other player."""
    return standing[player] - max(v for name, v in standing.items() if name != player)
