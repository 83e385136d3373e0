"""Rules 3-5 and 10 of RULES.md: a turn's cards given one by one to different seats, the end of a turn
(a stop, its last card, or a special card at once), what a pirate and a box do, and the dummy's turn."""
from __future__ import annotations

from pnp.check.engine import TABLE
from pnp.check.words import counted, listed
from pnp.wording import nth

from .verbs import DUMMY, name, tokens_of


class Turns:
    """Turns, the cards given in them and what those cards do."""

    def to_move(self):
        if self.playing:
            seat = self.mover or self.next
            return TABLE if seat == DUMMY else seat
        if self.due and not self.done() and (self.gold_line or not self.end_line):  # the gold, then the tokens
            return TABLE if self.due.leader == DUMMY else self.due.leader
        return TABLE

    def apply(self, action) -> None:
        self.last_payer, self.payer = self.payer, None
        if action is not None and not self.winner_line:
            self.handle(action)  # not over: is_over() asks for a winner written, and the game has no decided()
        else:
            self.dispatch(action)  # no other part of the state overrides apply

    def on_give(self, event):
        if event.card is None:   # a bot's choice, its card not turned up yet: see value()
            self.intent = event
            return
        self._give(event.player, event.to, event.card)

    def on_dummy(self, event):
        if self._no_such_dummy((DUMMY,)):
            return
        if event.card is not None:
            self._give(DUMMY, event.to, event.card)
        elif event.payers:
            self._take(DUMMY, event.payers)
        else:
            self._stop(DUMMY)

    def on_stop(self, event):
        self._stop(event.player)

    def _no_such_dummy(self, seats) -> bool:
        """True, reported, when a line names the dummy in a game that has none."""
        if DUMMY not in seats or self.seats.dummies:
            return False
        self.w.blow("PG-DUMMY", f"there is no dummy with {len(self.players)} players: only a two-player game "
                                "adds one")
        return True

    def _give(self, seat: str, to: str, card: str) -> None:
        if not (self.playing or self._playing()):  # (`_playing` is true at once while a round is under way)
            return
        seat = self._turn(seat)
        if to == DUMMY and self._no_such_dummy((to,)):
            to = None
        elif seat == DUMMY and not self.overrun:
            self._judge_dummy(to)
        self._reveal(to, card)

    def _judge_dummy(self, to: str) -> None:
        """The dummy deals one card each, clockwise from itself (a player may give to anyone)."""
        expected = self._dummy_next()
        if to != expected:
            self.w.blow("PG-DUMMY", f"the dummy's cards go one each, clockwise from the dummy: its card "
                                    f"{len(self.given) + 1} goes to {name(expected)}, not {name(to)}"
                                    + self._seat_note(DUMMY))

    def _reveal(self, to: str | None, card: str) -> None:
        """The card turned up in front of `to` (None: nobody the log could name), and what it does."""
        if not self.deck.draw(card, self.w.line):
            if not self.doubted:  # else the cards written before it may be what is wrong
                self.w.blow("PG-CARD", f"no {self._title(card)} card is left: the deck holds "
                                       f"{self.f.cards[card]}, all turned up this round (the first at line "
                                       f"{self.deck.seen[card]})")
            self.deck.draw_anyway(card, self.w.line)
        self.given.append(to)
        kind = self.f.kind[card]
        if kind == "gold":
            if to is not None:
                self.got[to] = self.got.get(to, 0) + self.f.gold[card]
            if len(self.given) >= self.limit:
                self._judge_last_card()
                self._end_turn("limit")
            return
        self.specials += 1
        last = self.specials == self.f.round_end
        if to is not None and kind == "pirate":
            lost = self.got.pop(to, 0)
            paid = self._pay(to, None, self.f.pirate)
            if paid and last:
                self._note_last(to, f"a pirate, cost {tokens_of(paid)}", -paid)
            if last:
                self.lost_at_end = (to, lost)
        elif to is not None:
            if self.pool and last:
                self._note_last(to, f"a box, brought {counted(self.pool, 'token')}", self.pool)
            self.tokens[to] += self.pool
            self.won[to] += self.pool
            self.pool = 0
        self._end_turn(card)

    def _note_last(self, seat: str, what: str, tokens: int) -> None:
        self.notes[seat].append((f"round {self.round}'s {nth(self.f.round_end)} special card, {what} before the "
                                 f"round ended (CHOICE, rule 7.1)", tokens))

    def _pay(self, seat: str, to: str | None, count: int) -> int:
        """`count` tokens from `seat` to `to` (None: the pool), as many as it has: how many it paid. A seat
        with too few ends the game at once. When the tokens are in doubt, the log says whether the game ended
        there (see `complete`)."""
        if not count:
            return 0
        self.payer = seat
        paid = min(count, self.tokens[seat])
        if paid < count and self.sure:
            short = "no token" if not paid else f"only {paid} of the {count} tokens"
            self.broke = self.broke or f"{name(seat)} had {short} to pay (line {self.w.line})"
        self.tokens[seat] -= paid
        self.lost[seat] += paid
        if to is None:
            self.pool += paid
        else:
            self.tokens[to] += paid
            self.won[to] += paid
        return paid

    def _turn(self, seat: str) -> str:
        """The seat whose card a line gives: the turn under way, or a new one by the next seat. A card by
        another seat is reported; within a turn it is read as the turn's, a new turn as written."""
        if self.overrun:
            self._close_overrun(seat)
        if self.mover is not None:
            if seat != self.mover:
                self.w.blow("PG-TURN", f"it is {self._whose(self.mover)} turn "
                                       f"({counted(len(self.given), 'card')} given so far), not {name(seat)}'s")
            return self.mover
        overrun = self._played_on(seat, "this card is one too many")
        if not overrun and seat != self.next:
            if self.first_turn:
                after = (f"the seat after {name(self.ended[0])}, who played the last turn of round "
                         f"{self.round - 1}" if self.ended else "the header's `starts:`")
                self.w.blow("PG-START", f"round {self.round} starts with {name(self.next)} ({after}), "
                                        f"not {name(seat)}" + self._seat_note(self.next, seat))
            else:
                self.w.blow("PG-TURN", f"it is {self._whose(self.next)} turn, not {self._whose(seat)}"
                                       + self._seat_note(self.next, seat)
                                       + (" (write the dummy's cards `dummy give SEAT CARD`)"
                                          if self.next == DUMMY else ""))
        self.mover, self.given, self.got = seat, [], {}
        self.overrun = overrun
        self.first_turn = False
        return seat

    def _stop(self, seat: str) -> None:
        """A seat ends its turn, allowed once the turn's cards have reached their recipients (rule 4.1). The
        dummy's stop is judged as a player's (OUR CHOICE in RULES.md 10.2)."""
        if not self._playing():
            return
        self._close_overrun(seat)
        if self.mover is None:
            if not self._played_on(seat, "nothing is left to stop"):
                if seat == self.next:
                    self.w.blow("PG-RECIPIENTS", f"{name(seat)} has given no card yet: a turn ends by a stop only "
                                                 f"once its cards have gone to {self._needed(seat)}"
                                                 + self._dummy_reading(seat))
                else:
                    self.w.blow("PG-TURN", f"it is {self._whose(self.next)} turn, not {self._whose(seat)}"
                                + self._seat_note(self.next, seat))
            return
        if seat != self.mover:
            self.w.blow("PG-TURN", f"it is {self._whose(self.mover)} turn, not {self._whose(seat)}")
        elif self._missing(seat, self.given) and not self.overrun:
            self.w.blow("PG-RECIPIENTS", f"{name(seat)} may stop only once the turn's cards have gone to "
                                         f"{self._needed(seat)}; so far: {listed(map(name, self._to()))}"
                                         + self._dummy_reading(seat))
        self._end_turn("stop")

    def _judge_last_card(self) -> None:
        """A player's turn that ends with its last card must have reached its recipients by then (rule 4.1);
        the dummy's cards are judged one by one, by its clockwise order."""
        seat = self.mover
        if seat != DUMMY and not self.overrun and self._missing(seat, self.given):
            self.w.blow("PG-RECIPIENTS", f"{self._whose(seat)} turn ends with its card {self.limit}, the last it "
                                         f"may give, and its cards went only to {listed(map(name, self._to()))}: "
                                         f"a turn that no special card cuts short must reach "
                                         f"{self._needed(seat)}")

    def _seat_note(self, *seats) -> str:
        """Where the dummy sits, for a report that depends on it (OUR CHOICE in RULES.md 1.3)."""
        if DUMMY not in seats or not self.seats.dummies:
            return ""
        return f" (our reading, rule 1.3: the dummy sits after {self.players[-1]}, the last player named)"

    @staticmethod
    def _dummy_reading(seat: str) -> str:
        return (" (our reading, rule 10.2: the dummy's turn may be stopped when a player's could)"
                if seat == DUMMY else "")

    def _close_overrun(self, seat: str) -> None:
        """A turn that went on after its end (reported) ends when another seat writes a line."""
        if self.mover is not None and self.overrun and seat != self.mover:
            self._end_turn("stop")

    def _played_on(self, seat: str, what: str) -> bool:
        """True, reported, when `seat` goes on after its own turn ended with its last card or a special."""
        if self.first_turn or not self.ended or self.ended[0] != seat or self.ended[1] == "stop":
            return False
        _, how, line = self.ended
        if how == "limit":
            self.w.blow("PG-GIVES", f"{self._whose(seat)} turn ended with card {self.limit} at line {line}, "
                                    f"the most a turn has with {len(self.players)} players: {what}")
        else:
            self.w.blow("PG-SPECIAL", f"{self._whose(seat)} turn ended at once with the {self._title(how)} "
                                      f"at line {line}: {what}")
        return True

    def _end_turn(self, how: str) -> None:
        """Everyone banks the gold this turn brought; the next seat clockwise plays next."""
        for seat, gold in self.got.items():
            self.banked[seat] += gold
        self.ended = (self.mover, how, self.w.line)
        self.next = self.seats.after(self.mover)
        self.mover, self.given, self.got = None, [], {}
        self.overrun = False
        if self.done():
            self.playing = False
        elif self.specials >= self.f.round_end:
            self._end_round()

    def _missing(self, seat: str, given: list) -> int:
        """How many more cards a turn needs to have gone to its different recipients, the giver among them."""
        seen = set(given) - {None}
        return max(self.f.recipients - len(seen | {seat}), 0) + (seat not in seen)

    def _needed(self, seat: str) -> str:
        return f"{self.f.recipients} different seats, {name(seat)} among them"

    def _to(self) -> list:
        return list(dict.fromkeys(to for to in self.given if to is not None))

    def _dummy_next(self) -> str:
        """Whom the dummy's next card goes to: one each, clockwise, starting with the dummy."""
        cycle = (DUMMY, *self.seats.others(DUMMY))
        return cycle[len(self.given) % len(cycle)]

    def _title(self, card: str) -> str:
        return f"gold {card}" if self.f.kind[card] == "gold" else card

    def _whose(self, seat: str) -> str:
        return "the dummy's" if seat == DUMMY else f"{seat}'s"
