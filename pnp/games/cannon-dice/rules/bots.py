"""What a simulated game of Cannon Dice chooses among: each player's legal lines (picks, shots, follow-ups,
kept cards played), the table's flips, rolls and end lines, and how well a player stands, for the greedy
bot. The game brings no bots of its own."""
from __future__ import annotations

import itertools

from .verbs import (Claim, Draw, Duel, End, Envelope, Fire, Flip, Guess, Lose, Nest, Play, Return, Roll, Score,
                    Sink, Space, Spy, Steal, Take, Winner)


class Choices:
    """The moves offered, the table's next line and a position's value."""

    def legal_actions(self) -> list:
        if self.todo:
            return self._follow_ups(self.todo[0])
        player = self.to_move()
        if self.phase == "picks":
            if self.window:
                return [None] + self._plays(player)  # None: let the chance to play a kept card go
            return self._picks(player) + self._plays(player)
        return [Guess(player, spot) for spot in self.f.spots.values()]

    def _follow_ups(self, due) -> list:
        p, kind, f = due.player, due.kind, self.f
        if kind == "claim":
            return [Claim(p, Space(*self._space(p, i))) for i, owner in enumerate(self.owner) if owner is None]
        if kind == "balls":
            balls = [row for r, row in enumerate(f.rows) for _ in range(self.balls[p][r])]
            return [Lose(p, rows) for rows in dict.fromkeys(itertools.combinations(balls, due.data))]
        if kind == "treasure":
            return [Lose(p, treasure=treasure) for treasure, n in self.chest[p].items() if n]
        if kind == "steal":
            return [Steal(p, treasure) for treasure, n in self.chest[self.other[p]].items() if n]
        if kind == "return":
            return [Return(p, tuple(self.maps[p]))]
        if kind == "shot":
            return self._shots(p, due.data)
        if kind == "nest":
            rows = [f.rows[r] for r in self._usable(p)] or [None]
            return [Nest(p, column, row) for column in range(1, f.columns + 1) for row in rows]
        return [Sink(p, row) for row in f.rows]

    def _picks(self, player) -> list:
        actions = [shot for face in dict.fromkeys(self.dice) for shot in self._shots(player, face)]
        if self.card is not None and self.dice_only != player:
            actions.append(Take(player, self.card))
        return actions

    def _shots(self, player, face) -> list:
        rows = [self.f.rows[r] for r in self._usable(player)]
        if not rows:
            return [Fire(player, face)]
        if face != self.f.explosion:
            return [Fire(player, face, row) for row in rows]
        opponent = self.xd[self.other[player]]
        targets = [self.f.rows[r] for r, line in enumerate(opponent) if not line] or [None]
        return [Fire(player, face, row, target) for row in rows for target in targets]

    def _plays(self, player) -> list:
        """The kept cards `player` may play now, each way it can be played."""
        plays = []
        for card, effect in self._playable(player):
            if effect == "reroll":
                plays += [Play(player, card, m, face) for m in self.maps[player] for face in dict.fromkeys(self.dice)]
            elif effect == "pick-first":
                plays.append(Play(player, card))
            else:
                plays += [Play(player, card, m) for m in self.maps[player]]
        return plays

    def decline(self) -> None:
        self.window.pop(0)  # a bot let its chance to play a kept card go

    def table_action(self, rng):
        if self.todo:
            return self._table_follow_up(self.todo[0], rng)
        if self.phase == "begin":
            if self.round >= 8 and rng.random() < 0.02:
                return End()  # now and then the players agree to stop
            return Flip(rng.choice(self.deck.pool()))
        if self.phase == "roll":
            return Roll(self.f.dice.roll(rng, 1 if self.active in self.plank else 2))
        if self.envelope is None:
            return Envelope(rng.choice(self._unseen()))
        if not self.score_line:
            return Score(tuple(self.totals().items()))
        return Winner(self.leaders(self.totals())[0] if self.rolloff is None else self.rolloff)

    def _table_follow_up(self, due, rng):
        if due.kind == "draw":
            return Draw(due.player, self.map_deck.top() or rng.choice(self._unseen()))
        if due.kind == "roll":
            return Roll(self.f.dice.roll(rng, due.data[0]))
        if due.kind == "duel":
            return Duel(tuple((p, self.f.dice.roll(rng)[0]) for p in self.players))
        if due.kind == "flip":
            return Flip(rng.choice(self.deck.pool()))
        return Spy(due.player, tuple(self.maps[self.other[due.player]]))

    def _unseen(self) -> list:
        return [m for m in self.f.spots if m not in self.map_deck.seen]

    def value(self, player) -> float:
        totals = self.totals()
        return totals[player] - totals[self.other[player]]

    def values_after(self, actions, player) -> list:
        """`value` after each action, worked out from the points it moves: a shot's ball, the cannon an
        explosion X's out, what a claimed space holds, balls and treasure lost or stolen. Picking the card,
        playing a kept one, the guesses before the envelope and whatever a card only asks for move none."""
        if self.envelope is not None:
            return super().values_after(actions, player)
        totals = self.totals()
        other = self.other[player]
        values = []
        for action in actions:
            gained = self._points_moved(action)
            if gained is None:
                values += super().values_after([action], player)
            else:
                values.append(totals[player] + gained.get(player, 0) - (totals[other] + gained.get(other, 0)))
        return values

    def _points_moved(self, action):
        """Player -> the points a legal action adds to their total (None: not worked out here)."""
        kind = type(action)
        if action is None or kind in (Take, Play, Guess, Return, Sink, Spy):
            return {}
        f, p = self.f, action.player
        if kind is Fire:
            ball, r = self._ball(p, action.row)
            if action.face == f.explosion:
                if r is None or action.target is None:
                    return {p: ball}
                opponent = self.other[p]
                hit = 0 if self.xd[opponent][f.rows.index(action.target)] else -f.score["cannon"]
                return {p: ball, opponent: hit}
            if r is None:
                return {p: ball}
            return {p: ball + self._claimed(p, r * f.columns + self._column(p, action.face))}
        if kind is Claim:
            row, column = action.space
            return {p: self._claimed(p, f.rows.index(row) * f.columns + self._column(p, column))}
        if kind is Nest:
            due = self.todo[0] if self.todo else None
            if due is None or due.kind != "nest" or due.player != p:
                return None
            ball, r = self._ball(p, action.row)
            if r is None or due.data is None:
                return {p: ball}
            row = len(f.rows) - due.data if p == self.first else due.data - 1
            return {p: ball + self._claimed(p, row * f.columns + self._column(p, action.column))}
        if kind is Lose and action.treasure:
            return {p: -f.points[action.treasure] if self.chest[p][action.treasure] else 0}
        if kind is Lose:
            balls = list(self.balls[p])
            lost = 0
            for row in action.rows:
                r = f.rows.index(row)
                if balls[r]:
                    balls[r] -= 1
                    lost -= f.score["ball"]
            return {p: lost}
        if kind is Steal:
            victim = self.other[p]
            worth = f.points[action.treasure] if self.chest[victim][action.treasure] else 0
            return {p: worth, victim: -worth}
        return None

    def _ball(self, player, row) -> tuple:
        """(points, row index) of a shot's ball crossed off the cannon in `row` (None: no cannon fires)."""
        if row is None:
            return 0, None
        r = self.f.rows.index(row)
        return (-self.f.score["ball"] if self.balls[player][r] else 0), r

    def _claimed(self, player, index) -> int:
        """The points a shot landing on the space `index` brings: a treasure, or a sea chest's of each kind."""
        if self.owner[index] is not None:
            return 0
        kind, points = self.grid[index], self.f.points
        if kind in points:
            return points[kind]
        if self.f.specials[kind] == "each-treasure":
            return sum(points[t] for t in self.chest[player]) * self.f.each
        return 0
