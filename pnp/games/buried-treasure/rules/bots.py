"""What a simulated game of Buried Treasure chooses among: each player's legal lines, the table's deals and
scores, and how well a player stands, for the greedy bot. The game brings no bots of its own."""
from __future__ import annotations

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
        return Scores(tuple((name, points) for name, (points, _) in self._round_points().items()))

    def value(self, player) -> float:
        standing = {name: self.total[name] + self._bonus(name) for name in self.players}
        if self.card and not self.closed:
            for name, _, _, points in self._awards():
                standing[name] += points
        return standing[player] - max(v for name, v in standing.items() if name != player)
