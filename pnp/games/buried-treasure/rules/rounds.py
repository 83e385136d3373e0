"""Rules 8-10 of RULES.md: a round ends when its layout is empty (and, in the advanced game, everyone has
passed), is scored with its score card, and the lowest total starts the next one; and the set-up of the
first (rule 1: the youngest starts)."""
from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from pnp.check.pieces import Seats, Supply
from pnp.check.words import counted



@lru_cache(maxsize=8192)
def places(counts: tuple) -> tuple:
    """The seats (indices of `counts`, each player's cards of one colour) that are 1st and 2nd in the
    colour: the most cards wins, a count that players share places nobody, and a player with no card of
    the colour never places. Kept for the counts met most, as bots ask again and again."""
    alone: dict = {}  # count -> the one seat with it, or None once two share it
    for seat, count in enumerate(counts):
        if count:
            alone[count] = None if count in alone else seat
    return tuple([alone[count] for count in sorted(alone, reverse=True) if alone[count] is not None][:2])


@lru_cache(maxsize=256)
def _seats(players: tuple) -> Seats:
    """The table's seats (never changed, so states share them), kept for the tables met most."""
    return Seats(players)


class Scored(NamedTuple):
    """A round's score: each player's points (never changed again, so clones share it), and the score card
    and awards they were made with, which say how when a message needs it."""
    points: MappingProxyType
    card: str
    awards: tuple  # (player, colour index, place, points)

    def how(self, player: str, colours: tuple) -> str:
        made = [f"{colours[colour]} {('1st', '2nd')[place]} {value}"
                for name, colour, place, value in self.awards if name == player]
        return f"card {self.card}: " + (", ".join(made) or "nothing")


class Rounds:
    """The rounds, their scores and who starts each."""

    def begin(self, setup):
        facts = self.f
        self.seats = _seats(self.players)
        self.advanced, self.youngest, self.ages = (setup.options[key] for key in ("advanced", "starts", "ages"))
        self._begin(0)
        self.closed = True          # no round under way (before round 1, or once a round is scored)
        self.played = False         # any turn in the game yet
        self.deck = Supply(facts.deck)  # game cards not dealt yet
        self.card_rounds: dict = {}  # score card -> the round that used it
        self.doubted: dict = {}     # game card -> the line of a take that named it where another card lay
        self.scores_known = True    # false once a round could not be scored (no score card)
        self.counts = {name: [0] * len(facts.colours) for name in self.players}
        self.hands = {name: {} for name in self.players}  # starter card id -> how many
        self.hand_lines: dict = {}
        self.box = Supply(facts.starters)  # starter cards not dealt yet
        self.total = {name: 0 for name in self.players}  # the rounds' points so far
        self.history: list = []     # each round's score (Scored)
        self.next = self.youngest   # a player, or a tuple of players any of whom may start
        # the end lines' markers on the state itself, not only as FinalScores' class defaults: apply and is_over
        # read them at every line, and an attribute of the state's own is found quicker
        self.final_line = self.winner_line = 0
        if self.ages and self.ages[0] != self.youngest:
            self.w.blow("BT-START", f"the youngest starts round 1: {self.ages[0]}, not {self.youngest}",
                        setup.line("starts"))

    def on_round(self, event):
        self._close()
        expected = self.round + 1
        if expected > self.f.rounds:
            self.blow_end(f"a game has {self.f.rounds} rounds; there is no round {event.number}")
            return
        if event.number != expected:
            self.w.blow("BT-ROUND-ORDER", f"expected round {expected} next, not round {event.number}")
        self._begin(expected)

    def on_scores(self, event):
        if self.round == 0:
            self.w.blow("BT-ROUND-ORDER", "no round has been played yet")
            return
        self._close()
        if not self.scores_known:
            return
        scored, claimed = self.history[-1], dict(event.claims)
        points = scored.points
        wrong = [name for name, p in points.items() if claimed.get(name, p) != p]
        moved = self._moved_cards(claimed) if len(wrong) > 1 else ""
        self.compare(event.claims, points, "BT-ROUND-SCORE",
                     lambda name: f"in round {self.round}: {scored.how(name, self.f.colours)}"
                                  f"{moved if wrong and name == wrong[0] else ''}")
        if wrong:  # the table's count stands from here on: totals, and who starts the next round
            self.history[-1] = scored._replace(points=MappingProxyType({name: claimed.get(name, p)
                                                                        for name, p in points.items()}))
            for name, p in points.items():
                self.total[name] += claimed.get(name, p) - p
            self.next = self._next_starter()

    def _moved_cards(self, claimed: dict) -> str:
        """When the round's points written differ for several players, the likeliest slip is cards that went
        to another collection than the log says (a steal or a gift written otherwise, or left out): the
        smallest such move that gives the points written is made, and said; "" when none does."""
        counts, most = self.counts, max(flags for _, flags in self.f.special.values())  # a steal's most cards
        for n in range(1, most + 1):
            for colour, name in enumerate(self.f.colours):
                for giver in self.players:
                    if counts[giver][colour] < n:
                        continue
                    for taker in self.players:
                        if taker == giver:
                            continue
                        counts[giver][colour] -= n
                        counts[taker][colour] += n
                        if all(claimed.get(p, points) == points for p, points in self._round_points().items()):
                            return f"; the points written fit {counted(n, name + ' card')} of {giver}'s being {taker}'s"
                        counts[giver][colour] += n
                        counts[taker][colour] -= n
        return ""

    def _begin(self, number: int) -> None:
        self.round, self.closed, self.turns = number, False, 0  # turns played this round
        self.layout = [[] for _ in self.f.columns]
        self.layout_known = True    # false for a round whose deal was not written in full
        self.dealt_columns: dict = {}  # column -> the line of its deal
        self.suspect: set = set()   # (column, place from the bottom) of cards a deal could not have held
        self.misdealt: dict = {}    # column -> the line of its deal, dealt with a wrong number of cards
        self.card = None            # this round's score card
        self.passed: dict = {}      # player -> the line of their pass this round
        self.pending = None         # (player, "extra" or "flags", colour index, flags) still open
        self.got: tuple | None = None  # the parts of a Got (made at every take: a plain tuple, named when read)

    def _ended(self) -> bool:
        """The round's play is over: the layout is empty and, in the advanced game, everyone passed."""
        if not self.turns or not self.layout_known:
            return False
        return not any(self.layout) and (not self.advanced or len(self.passed) == len(self.players))

    def _close(self) -> None:
        """End the round under way, scoring it (once) with its score card."""
        if self.closed:
            return
        if self.layout_known and not self._ended():
            left = sum(map(len, self.layout))
            waiting = [name for name in self.players if name not in self.passed]
            why = (f"{counted(left, 'card')} still in the layout" if left or not self.advanced
                   else f"{', '.join(waiting)} still to pass (OUR CHOICE, RULES.md 12.6: every player writes "
                        "a pass)")
            self.w.blow("BT-ROUND-END", f"round {self.round} ends with {why}")
        if self.card is None:
            self.scores_known = False
        if self.scores_known:
            awards = self._awards()
            points = self._round_points(awards)
            self.history.append(Scored(MappingProxyType(points), self.card, tuple(awards)))  # clones share it
            for name, p in points.items():
                self.total[name] += p
        self.closed, self.pending = True, None
        self.next = self._next_starter()

    def _round_for(self, what: str) -> bool:
        """A round under way for a table event; when none is, say so and begin the next one."""
        return bool(self.round and not self.closed and not self._ended()) or self._next_round(f"before {what}")

    def _next_round(self, hint: str) -> bool:
        """No round is under way: say so and begin the next one; false when the game has had its rounds."""
        if self.round >= self.f.rounds:
            self.blow_end(f"the game is over after round {self.f.rounds}")
            return False
        self.w.blow("BT-ROUND-ORDER", f"no round is under way: write `round {self.round + 1}` {hint}")
        self._close()
        self._begin(self.round + 1)
        return True

    def _places(self, colour: int) -> list:
        """Who is 1st and 2nd in a colour (see `places`)."""
        return [self.players[i] for i in places(tuple(self.counts[name][colour] for name in self.players))]

    def _awards(self) -> list:
        """(player, colour, place, points) for each place of the round, with its score card: `_places` for
        every colour at once."""
        players = self.players
        columns = zip(*map(self.counts.__getitem__, players))  # colour -> each player's cards of it
        awards = []
        for colour, (values, counts) in enumerate(zip(self.f.score_cards[self.card], columns)):
            for place, seat in enumerate(places(counts)):
                awards.append((players[seat], colour, place, values[place]))
        return awards

    def _round_points(self, awards: list | None = None) -> dict:
        """player -> points, from the collections as they are now (or from their `awards`)."""
        points = dict.fromkeys(self.players, 0)
        for name, _, _, value in self._awards() if awards is None else awards:
            points[name] += value
        return points

    def _next_starter(self):
        """Who starts the next round: the lowest total; among equals the youngest, when the log says who
        that is (`ages:`, or `starts:` when the youngest is among them); otherwise any of them."""
        if not self.scores_known:
            return tuple(self.players)
        total = self.total
        low = min(total.values())
        lowest = tuple([name for name in self.players if total[name] == low])
        if len(lowest) == 1:
            return lowest[0]
        if self.ages:
            return next(name for name in self.ages if name in lowest)
        return self.youngest if self.youngest in lowest else lowest

    def _totals_of(self, names) -> list:
        return list(names) if self.round == 1 else [f"{name} ({self.total[name]})" for name in names]
