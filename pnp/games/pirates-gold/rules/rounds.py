"""Rules 1-2 and 6-8 of RULES.md: the tokens each seat starts with, a full deck each round, the gold banked
in it, the round's end at its last special card, and the tokens the one with the most gold takes from the
lowest; and rule 11, the log's word taken for what a problem leaves in doubt."""
from __future__ import annotations

from collections import namedtuple
from itertools import combinations

from pnp.check.engine import written_instead
from pnp.check.pieces import Deck, Seats
from pnp.check.words import listed

from pnp.wording import nth

from .verbs import DUMMY, Dummy, Give, Stop, name, tokens_of


class Transfer(namedtuple("Transfer", "leader sure tied need")):
    """A round's tokens still to move: the leader takes one from each of the `sure` lowest seats and from
    `need` of the `tied` ones, whom the leader chooses."""

    def choices(self) -> list:
        return [self.sure + chosen for chosen in combinations(self.tied, self.need)]

    def fits(self, payers: tuple) -> bool:
        return len(set(payers)) == len(payers) and any(set(payers) == set(c) for c in self.choices())


class Rounds:
    """The rounds, the gold banked in them and the tokens they move."""

    def begin(self, setup):
        table = self.f.tables[len(self.players)]
        self.seats = Seats(self.players, (DUMMY,) * table.dummies)
        self.order, self.limit, self.start = self.seats.order, table.gives, table.tokens
        self.tokens = dict.fromkeys(self.order, table.tokens)
        self.won, self.lost = dict.fromkeys(self.order, 0), dict.fromkeys(self.order, 0)
        self.pool = 0                # tokens beside the deck: pirates' takings, kept from round to round
        self.notes = {seat: [] for seat in self.order}  # (what a reading did to a seat's tokens, by how many)
        self.next = setup.options["starts"]   # the seat that plays the next turn
        self.doubt_next = False      # a problem between two rounds: the next round's cards are in doubt
        self._begin_round(0)
        self.playing = False         # until `round 1`
        self.ended = None            # (seat, how, line): how the last turn ended (a card, "limit", "stop")
        self.broke = ""              # why a seat could not pay a token, which ends the game at once
        self.sure = True             # false once the tokens are unknown: after a problem, or a transfer left out
        self.claimed: dict | None = None  # the final totals written, taken as the table's when not sure
        self.payer = self.last_payer = None  # the seat that paid a token in this line, and in the line before
        self.intent = None           # a bot's give whose card is not turned up yet

    def _begin_round(self, number: int) -> None:
        """A new round: a full deck, no gold banked, no turn under way; the pool and the tokens stay."""
        self.round, self.playing, self.first_turn = number, True, True
        self.doubted, self.doubt_next = self.doubt_next, False  # a problem reported: the log's word for its cards
        self.deck = Deck(self.f.cards)
        self.specials = 0
        self.banked = dict.fromkeys(self.order, 0)   # gold banked this round
        self.mover, self.given, self.got = None, [], {}
        self.overrun = False         # the turn went on after its end: it ends when another seat plays
        self.end_line = self.gold_line = self.transfer_line = 0
        self.due: Transfer | None = None
        self.tied_most: list = []    # the seats tied for the most gold at the round's end
        self.lost_at_end = (None, 0)  # the seat whose gold of the turn the round's last special card took

    def on_round(self, event):
        if self.playing:
            self._round_over("a new round")
        self._settle()
        if self.done():
            self.blow_end(f"the game is over: {self.done()}")
            return
        if event.number != self.round + 1:
            self.w.blow("PG-ROUND", f"expected round {self.round + 1} next, not round {event.number}")
        self._begin_round(self.round + 1)

    def on_gold(self, event):
        if self.playing:
            self._round_over("its gold")
        if not self.round:
            self.w.blow("PG-GOLD", "no round has been played yet")
        elif self.gold_line:
            self.w.blow("PG-GOLD", f"round {self.round}'s gold was written already (line {self.gold_line})")
        else:
            self.gold_line = self.w.line
            claimed = dict(event.amounts)
            if self._no_such_dummy(claimed):
                del claimed[DUMMY]
            whole = all(seat in claimed for seat in self.order)
            for seat in self.order:
                if claimed.get(seat) != self.banked[seat] and not (whole and self.doubted):
                    self.w.blow("PG-GOLD", f"{name(seat)} banked {self.banked[seat]} gold in round "
                                           f"{self.round}, {written_instead(claimed, seat)}"
                                           + self._gold_note(seat, claimed.get(seat)))
            if whole and claimed != self.banked:
                self.sure = False  # a card was written wrong: it may have been a special card
                self._recount(claimed)

    def _gold_note(self, seat: str, claimed) -> str:
        """Why a seat's gold may be written higher: the round's last special card took its turn's gold."""
        taken, lost = self.lost_at_end
        if seat != taken or not lost or claimed != self.banked[seat] + lost:
            return ""
        return (f" (the round's {nth(self.f.round_end)} special card, a pirate, took {name(seat)}'s {lost} gold of "
                f"that turn before the round ended: CHOICE, rule 7.1)")

    def after_problem(self, action) -> None:
        """After a reported problem the checker's count of the round's cards, and of the tokens, is in doubt:
        it takes the log's word for the round's gold, its end and its cards, and for the final totals
        (OUR CHOICE in RULES.md 11.1). A card or a stop between two rounds puts the next round in doubt."""
        self.doubted = True
        card = isinstance(action, (Give, Stop)) or (isinstance(action, Dummy) and not action.payers)
        self.doubt_next = self.doubt_next or (card and not self.playing)
        self.sure = self.sure and bool(self.final_line)  # the tokens move no more once the totals are written

    def on_take(self, event):
        self._take(event.player, event.payers)

    def _recount(self, gold: dict) -> None:
        """The table's own count of a round's gold, written in full, is what its tokens moved by: a line
        missing or written twice in the round is reported once, at the gold, not again at every transfer."""
        self.banked = {seat: gold[seat] for seat in self.order}
        if self.end_line and not self.transfer_line:
            self.due, self.tied_most = None, []
            self._end_round(self.end_line)

    def _playing(self) -> bool:
        """A round under way for a card or a stop; when none is, say so and begin the next one. False when
        the game's play is over."""
        if self.playing:
            return True
        self._settle()
        if self.done():
            self.blow_end(f"the game is over: {self.done()}")
            return False
        self.w.blow("PG-ROUND", "no round is under way: write `round 1` before the first card" if not self.round
                    else f"round {self.round} ended at line {self.end_line} with its {nth(self.f.round_end)} special "
                         f"card: write `round {self.round + 1}` before the next card")
        self._begin_round(self.round + 1)
        return True

    def _round_over(self, what: str) -> None:
        """A line that belongs to a round's end, written while it is under way: reported (unless the round's
        cards are in doubt already), the round ends."""
        if not self.doubted:
            self.w.blow("PG-ROUND", f"round {self.round} is not over before {what}: "
                                    f"{self.specials} of its {self.f.round_end} special cards have turned up")
        if self.mover is not None:
            self._end_turn("stop")
        if self.playing:
            self._end_round()

    def _end_round(self, line: int = 0) -> None:
        """The round's gold is counted: the one seat with the most will take tokens from the lowest."""
        self.playing, self.end_line = False, line or self.w.line
        most = max(self.banked.values())
        leaders = [seat for seat in self.order if self.banked[seat] == most]
        others = sorted((seat for seat in self.order if seat != leaders[0]), key=self.banked.get)
        count = min(self.f.payers, len(others))
        if len(leaders) > 1 or not count:
            self.tied_most = leaders
            return
        threshold = self.banked[others[count - 1]]
        sure = tuple(seat for seat in others if self.banked[seat] < threshold)
        tied = tuple(seat for seat in others if self.banked[seat] == threshold)
        self.due = Transfer(leaders[0], sure, tied, count - len(sure))

    def _take(self, seat: str, payers: tuple) -> None:
        """A round's tokens moving: judged against the transfer due, then made as written, since that is how
        the tokens moved at the table (a transfer after a tie for the most included; one written twice is
        not made again)."""
        if self._no_such_dummy(payers):
            payers = tuple(payer for payer in payers if payer != DUMMY)
        if self.playing:
            self._round_over("its tokens move")
        if self.broke:
            self.blow_end(f"the game is over: {self.broke}")
            return
        due = self.due
        if due is None:
            self.w.blow("PG-TRANSFER", self._no_transfer())
            if self.transfer_line or not self.end_line:
                return
        elif seat != due.leader or seat in payers or not due.fits(payers):
            leader = f"{name(due.leader)} banked the most gold ({self.banked[due.leader]})"
            self.w.blow("PG-TRANSFER", f"{leader} and takes {tokens_of(self.f.taken)} from each of the "
                                       f"{len(due.sure) + due.need} lowest: {self._lowest(due)}; not {name(seat)} from "
                                       f"{listed(map(name, payers))}")
        self._transfer(seat, payers)
        self.due, self.transfer_line = None, self.w.line

    def _transfer(self, leader: str, payers: tuple) -> None:
        """The tokens a round's end moves (rules.yaml's `taken`) from each payer to the leader; when one has
        too few, it pays what it has, the others still pay, and the game ends (OUR CHOICE in RULES.md 9.1)."""
        sure = not self.broke
        paid = {payer: self._pay(payer, leader, self.f.taken) for payer in dict.fromkeys(payers) if payer != leader}
        if sure and self.broke:
            for payer, count in paid.items():
                if count:
                    self.notes[payer].append((f"paid at round {self.round}'s end though the game ended there, as the "
                                              f"lowest seats all pay what they can (our reading, rule 9.1)", -count))

    def _no_transfer(self) -> str:
        if self.transfer_line:
            return f"round {self.round}'s tokens moved already (line {self.transfer_line})"
        if self.tied_most:
            return (f"no token moves: {' and '.join(map(name, self.tied_most))} tie for the most gold "
                    f"({self.banked[self.tied_most[0]]})")
        return "no round has ended yet" if not self.end_line else "no token moves this round"

    def _lowest(self, due: Transfer) -> str:
        """The seats a transfer takes from, with their gold: `Ana (3) and any 1 of Bo, Cy (5 each)`."""
        parts = [f"{name(seat)} ({self.banked[seat]})" for seat in due.sure]
        if due.need == len(due.tied):
            parts += [f"{name(seat)} ({self.banked[seat]})" for seat in due.tied]
        elif due.need:
            parts.append(f"any {due.need} of {', '.join(map(name, due.tied))} ({self.banked[due.tied[0]]} each)")
        return " and ".join(parts)

    def _settle(self) -> None:
        """A transfer the log left out, now past: reported, and made when it leaves no choice."""
        due = self.due
        if due is None:
            return
        self.due = None
        choices = due.choices()
        written = f"{name(due.leader)} take {' '.join(map(name, choices[0]))}"
        self.w.blow("PG-TRANSFER", f"round {self.round}'s tokens did not move: {name(due.leader)} takes one from "
                                   f"each of {self._lowest(due)} (write `{written}`)")
        if len(choices) == 1:
            self._transfer(due.leader, choices[0])
        else:
            self.sure = False
