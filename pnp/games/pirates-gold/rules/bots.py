"""What a simulated game of Pirates' Gold chooses among: each seat's legal lines (a card's recipient, the
card turned up for it by `outcome`), the table's lines, how well a player stands, and the game's own bots,
which push their luck."""
from __future__ import annotations

from .verbs import Dummy, Give, Gold, Round, Stop, Take

GOLD_WEIGHT = 0.15  # what a gold card's point is worth beside a token, for the greedy bot


class Choices:
    """The moves offered, the table's next line and a position's value."""

    def legal_actions(self) -> list:
        seat = self.to_move()
        if not self.playing:
            return [Take(seat, payers) for payers in self.due.choices()]
        given = self.given if self.mover else []
        left = self.limit - len(given) - 1
        actions = [Give(seat, to) for to in self.order if self._missing(seat, given + [to]) <= left]
        if given and not self._missing(seat, given):
            actions.append(Stop(seat))
        return actions

    def outcome(self, action, rng):
        if type(action) is Give and action.card is None:
            return Give(action.player, action.to, rng.choice(self.deck.pool()))
        return action

    def table_action(self, rng):
        if self.end_line and not self.gold_line:
            return Gold(tuple(self.banked.items()))
        if self.done():
            return self.end_action()
        if self.due:
            return Dummy(payers=rng.choice(self.due.choices()))
        if not self.playing:
            return Round(self.round + 1)
        return Dummy(to=self._dummy_next(), card=rng.choice(self.deck.pool()))

    def value(self, player) -> float:
        if self.intent is not None:
            return self._expected(player)
        return _lead(player, _standing(self.tokens, self._gold()))

    def _gold(self) -> dict:
        """Seat -> the gold it banked this round and the gold of the turn under way."""
        return {seat: self.banked[seat] + self.got.get(seat, 0) for seat in self.order}

    def values_after(self, actions, player) -> list:
        """`value` after each action, worked out from the tokens and gold it moves: a give, weighed over the
        cards it may bring, changes only its recipient's; a stop banks the turn's gold, which `value` counts
        already; a round's transfer moves tokens from each payer, as many as it has. Anything else on a clone."""
        gold, values = self._gold(), []
        standing = _standing(self.tokens, gold)
        for action in actions:
            kind = type(action)
            if kind is Give and action.card is None and self.playing and self.intent is None \
                    and not self.overrun and self.mover in (None, action.player):
                values.append(self._give_weighed(player, action.to, gold, standing))
            elif kind is Stop and self.playing and self.mover == action.player and not self.overrun:
                values.append(_lead(player, standing))
            elif kind is Take and not self.playing and self.due is not None and not self.broke:
                tokens = dict(self.tokens)
                for payer in dict.fromkeys(action.payers):
                    if payer != action.player:
                        moved = min(self.f.taken, tokens[payer])
                        tokens[payer] -= moved
                        tokens[action.player] += moved
                values.append(_lead(player, _standing(tokens, gold)))
            else:
                values += super().values_after([action], player)
        return values

    def _give_weighed(self, player, to, gold: dict, standing: dict) -> float:
        """`_expected` of a give to `to`, worked out card by card from `to`'s standing alone: a gold card
        adds to its gold, a pirate takes its gold of the turn and its tokens (to the pool), a box brings it
        the pool."""
        f, total, weighed = self.f, 0, 0.0
        rest = max(v for seat, v in standing.items() if seat != player and seat != to)
        mine, tokens = standing[player], self.tokens[to]
        for card, count in self.deck.counts.items():
            if count:
                kind = f.kind[card]
                if kind == "gold":
                    new = tokens + GOLD_WEIGHT * (gold[to] + f.gold[card])
                elif kind == "pirate":
                    new = tokens - min(f.pirate, tokens) + GOLD_WEIGHT * (gold[to] - self.got.get(to, 0))
                else:
                    new = tokens + self.pool + GOLD_WEIGHT * gold[to]
                lead = new - rest if to == player else mine - max(rest, new)
                weighed, total = weighed + count * lead, total + count
        return weighed / total

    def _expected(self, player) -> float:
        """A bot's give before its card is known: the value it leaves, weighed over the cards it may bring."""
        intent, total, weighed = self.intent, 0, 0.0
        for card, count in self.deck.counts.items():
            if count:
                trial = self.clone()
                trial.intent = None
                trial.apply(Give(intent.player, intent.to, card))
                weighed, total = weighed + count * trial.value(player), total + count
        return weighed / total


def _standing(tokens: dict, gold: dict) -> dict:
    """Seat -> how well it stands: a token is worth 1, a gold card's point GOLD_WEIGHT."""
    return {seat: tokens[seat] + GOLD_WEIGHT * gold[seat] for seat in tokens}


def _lead(player, standing: dict) -> float:
    """How far `player` stands ahead of the best other seat."""
    return standing[player] - max(v for seat, v in standing.items() if seat != player)


# --- bots: push your luck --------------------------------------------------------------------------

def push_your_luck(stop_after: int, blame_leader: bool):
    """A bot that first gives the cards the rules make it give away, then gives itself cards until
    `stop_after` cards are out (or the turn's limit). The cards it gives away go to the seats with the least
    gold banked this round, who are no threat; or, `blame_leader`, to the seats with the most tokens, who
    lose the most to a pirate. At a round's end it takes tokens from the richest of the lowest seats."""
    def bot(state, player, rng):
        actions = state.legal_actions()
        if not state.playing:
            return max(actions, key=lambda take: sum(state.tokens[seat] for seat in take.payers))
        given = state.given if state.mover else []
        if Stop(player) in actions and len(given) >= stop_after:
            return Stop(player)
        others = [seat for seat in state.order if seat != player and seat not in given]
        if len(set(given) - {player}) < state.f.recipients - 1 and others:
            if blame_leader:
                rank = (lambda seat: (-state.tokens[seat], -state.banked[seat]))
            else:
                rank = (lambda seat: (state.banked[seat] + state.got.get(seat, 0), state.tokens[seat]))
            wanted = Give(player, min(others, key=rank))
        else:
            wanted = Give(player, player)
        return wanted if wanted in actions else rng.choice(actions)
    return bot


BOTS = {**{f"stop-{k}": push_your_luck(k, False) for k in range(3, 8)},
        **{f"leader-{k}": push_your_luck(k, True) for k in range(3, 8)}}
