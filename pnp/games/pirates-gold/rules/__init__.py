"""Pirates' Gold's rules for the playtest checker: its log verbs, its game state, its rule codes, its bots.

Every rule code blown here is numbered and explained in RULES.md beside this file. The cards, their counts
and their gold come from game.yaml's card list; the rounds, the tokens and the cards a turn for each number
of players, and the dummy seat of a two-player game, from rules.yaml.

A seat is a player's name or DUMMY. A card is given in one line: the giver names who gets it, then turns
it up (`Mia give Tom 2`). A bot chooses only the recipient; the table then turns the card up for it
(`GameState.outcome`), and a greedy bot weighs a choice by every card it may bring (`GameState.value`).
"""
from __future__ import annotations

from collections import namedtuple
from itertools import combinations

from pnp.check.ending import FinalScores
from pnp.check.engine import TABLE, Rules, State
from pnp.check.facts import RuleData, ids
from pnp.check.pieces import Deck, Seats
from pnp.check.setup import Player
from pnp.check.verbs import Kind, action, names, number
from pnp.check.words import counted, listed
from pnp.datafile import Int, MapOf, Record, Text
from pnp.errors import DataError

DECK, TOKENS, DUMMY = "game-cards", "treasure-tokens", "dummy"
GOLD_WEIGHT = 0.15  # what a gold card's point is worth beside a token, for the greedy bot

RULES_FILE = Record({
    "rounds": Int(1),
    "recipients": Int(1),
    "specials": Int(1),
    "payers": Int(0),
    "tables": MapOf(Record({"tokens": Int(1), "gives": Int(1), "dummies": (Int(0, 1), 0)},
                           "tokens each, cards a turn, dummy seats"), key=Int(1)),
    "card-names": (MapOf(Text()), dict),
}, "Pirates' Gold's rule facts")

Table = namedtuple("Table", "tokens gives dummies")


# --- facts: checks of the data the rules read -------------------------------------------------------

def _check_facts(facts, data, cards, tokens, players, problems) -> None:
    """Every number of players has its table, which the tokens, the seats and the cards can serve."""
    specials = sum(card.count for card in cards if card.fields["kind"] != "gold")
    for card in cards:
        if (card.fields["kind"] == "gold") != (card.fields["gold"] > 0):
            problems.append((card.where, "a gold card is worth 1 or more, a special card 0"))
    if facts["specials"] > specials:
        problems.append((data.at("specials"), f"the deck holds {specials} special cards, not {facts['specials']}"))
    low, high = players
    for count in range(low, high + 1):
        table = facts["tables"].get(count)
        if table is None:
            problems.append((data.at("tables"), f"{count} players: no table (game.yaml allows {low}–{high})"))
            continue
        seats = count + table["dummies"]
        if seats * table["tokens"] > tokens:
            problems.append((data.at("tables"), f"{count} players: {seats} seats of {table['tokens']} tokens "
                                                f"need more than the {tokens} treasure tokens"))
        if min(seats, table["gives"]) < facts["recipients"] or seats <= facts["payers"]:
            problems.append((data.at("tables"), f"{count} players: {seats} seats and {table['gives']} cards a "
                                                f"turn cannot reach {facts['recipients']} recipients, or pay "
                                                f"{facts['payers']} tokens to another seat"))


def _card_names(cards, extra: dict, data, problems) -> dict:
    """Word -> card id: the ids, a gold card's value when no other card has it, and rules.yaml's names."""
    table = ids(card.id for card in cards)
    values = [card.fields["gold"] for card in cards if card.fields["kind"] == "gold"]
    table.update({str(card.fields["gold"]): card.id for card in cards
                  if card.fields["kind"] == "gold" and values.count(card.fields["gold"]) == 1})
    for word, card in extra.items():
        if card not in table.values():
            problems.append((data.at("card-names"), f"{word}: no card has the id {card!r}"))
        table[word.lower()] = card
    return table


def _short(table: dict) -> dict:
    """Card id -> the shortest word naming it, the name a log is written with (`2`, `pirate`, `box`)."""
    short: dict = {}
    for word, card in table.items():
        if card not in short or len(word) < len(short[card]):
            short[card] = word
    return short


# --- words: seats, and the gold each seat banked --------------------------------------------------------

def _seat(words) -> str:
    """A player's name, or the dummy."""
    if words.more() and words.words[words.at].lower() == DUMMY:
        words.at += 1
        return DUMMY
    return words.player()


def _amounts(what: str):
    """A reader of pairs of a seat and a number, `Mia 12 Tom 9 dummy 7`, each seat once: `what` the numbers
    count (gold, tokens)."""
    def read(words) -> tuple:
        found: dict = {}
        while words.more():
            seat = _seat(words)
            if seat in found:
                words.fail(f"{seat} is named twice")
            found[seat] = words.number(f"{seat}'s {what}")
        if not found:
            words.fail(f"no {what} is given")
        return tuple(found.items())
    return read


SEAT = Kind(_seat, "PLAYER", None,
            lambda word, words: DUMMY if word.lower() == DUMMY else words.players.get(word.lower()))
GOLD = Kind(_amounts("gold"), "PLAYER GOLD PLAYER GOLD ...")
TOKEN_COUNTS = Kind(_amounts("tokens"), "PLAYER TOKENS PLAYER TOKENS ...")


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Round = action("round", "round {number:round}")
Give = action("give", "{player} give {to:seat} {card:card}")
Stop = action("stop", "{player} stop")
Gold = action("gold", "gold {amounts:gold}")
Take = action("take", "{player} take {payers:seat}...")
Final = action("final", "final {claims}")     # claims read by TOKEN_COUNTS: the dummy's may be written too
Winner = action("winner", "winner {players:seat}...")
Dummy = action("dummy", "dummy (give {to:seat} {card:card} | stop | take {payers:seat} {payers:seat}...)")


# --- the state of one game ---------------------------------------------------------------------------

class Transfer(namedtuple("Transfer", "leader sure tied need")):
    """A round's tokens still to move: the leader takes one from each of the `sure` lowest seats and from
    `need` of the `tied` ones, whom the leader chooses."""

    def choices(self) -> list:
        return [self.sure + chosen for chosen in combinations(self.tied, self.need)]

    def fits(self, payers: tuple) -> bool:
        return len(set(payers)) == len(payers) and any(set(payers) == set(c) for c in self.choices())


def name(seat: str) -> str:
    return "the dummy" if seat == DUMMY else seat


class GameState(FinalScores, State):
    """Pirates' Gold in progress: the seats' tokens and the pool, the round's deck and banked gold, and
    the turn under way with the cards given in it and the gold they brought."""

    end_code, final_code, winner_code = "PG-GAME-END", "PG-FINAL-SCORE", "PG-WINNER"
    unit = "tokens"

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

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.playing:
            seat = self.mover or self.next
            return TABLE if seat == DUMMY else seat
        if self.due and not self.done() and (self.gold_line or not self.end_line):  # the gold, then the tokens
            return TABLE if self.due.leader == DUMMY else self.due.leader
        return TABLE

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
        standing = {seat: self.tokens[seat] + GOLD_WEIGHT * (self.banked[seat] + self.got.get(seat, 0))
                    for seat in self.order}
        return standing[player] - max(v for seat, v in standing.items() if seat != player)

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

    def summary(self) -> str:
        dummy = " and a dummy" if self.seats.dummies else ""
        totals = ", ".join(f"{player} {tokens}" for player, tokens in self.totals().items())
        return (f"a legal game of {len(self.players)} players{dummy}, {counted(self.round, 'round')}; "
                f"tokens right: {totals}; winner {' and '.join(self.winners(self.totals())[0])}")

    # -- applying an event ------------------------------------------------------------------------

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
                    written = "none is written" if seat not in claimed else f"not {claimed[seat]}"
                    self.w.blow("PG-GOLD", f"{name(seat)} banked {self.banked[seat]} gold in round "
                                           f"{self.round}, {written}" + self._gold_note(seat, claimed.get(seat)))
            if whole and claimed != self.banked:
                self.sure = False  # a card was written wrong: it may have been a special card
                self._recount(claimed)

    def on_final(self, event):
        """The players' totals as for any game; the dummy's, when written, must be right too."""
        written_before = self.final_line
        super().on_final(event)
        if not written_before and set(self.players) <= set(dict(event.claims)):
            self.claimed = {player: dict(event.claims)[player] for player in self.players}
        claimed = dict(event.claims).get(DUMMY)
        if written_before or claimed is None or self._no_such_dummy((DUMMY,)) or not self.sure:
            return
        if claimed != self.tokens[DUMMY]:
            self.w.blow("PG-FINAL-SCORE", f"the dummy has {self.tokens[DUMMY]} tokens, not {claimed} "
                                          f"({self.breakdown(DUMMY, claimed)})")

    def on_winner(self, event):
        """A winner as for any game, but the dummy is none (OUR CHOICE in RULES.md 9.3)."""
        if DUMMY not in event.players or self.winner_line:
            super().on_winner(event)
            return
        if not self._no_such_dummy((DUMMY,)):
            self.complete()
            totals = self.totals()
            winners = f": {' and '.join(self.winners(totals)[0])} won" if totals is not None else ""
            self.w.blow("PG-WINNER", f"the dummy never wins, whatever its tokens (our reading, rule 9.3: it is a "
                                     f"device for two players, not a rival){winners}")
        self.winner_line = self.w.line

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

    def _no_such_dummy(self, seats) -> bool:
        """True, reported, when a line names the dummy in a game that has none."""
        if DUMMY not in seats or self.seats.dummies:
            return False
        self.w.blow("PG-DUMMY", f"there is no dummy with {len(self.players)} players: only a two-player game "
                                "adds one")
        return True

    def _recount(self, gold: dict) -> None:
        """The table's own count of a round's gold, written in full, is what its tokens moved by: a line
        missing or written twice in the round is reported once, at the gold, not again at every transfer."""
        self.banked = {seat: gold[seat] for seat in self.order}
        if self.end_line and not self.transfer_line:
            self.due, self.tied_most = None, []
            self._end_round(self.end_line)

    # -- a card given -------------------------------------------------------------------------------

    def _give(self, seat: str, to: str, card: str) -> None:
        if not self._playing():
            return
        seat = self._turn(seat)
        if self._no_such_dummy((to,)):
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
            if self._pay(to, None) and last:
                self._note_last(to, "a pirate, cost a token", -1)
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
        self.notes[seat].append((f"round {self.round}'s {self.f.round_end}th special card, {what} before the "
                                 f"round ended (CHOICE, rule 7.1)", tokens))

    def _gold_note(self, seat: str, claimed) -> str:
        """Why a seat's gold may be written higher: the round's last special card took its turn's gold."""
        taken, lost = self.lost_at_end
        if seat != taken or not lost or claimed != self.banked[seat] + lost:
            return ""
        return (f" (the round's {self.f.round_end}th special card, a pirate, took {name(seat)}'s {lost} gold of "
                f"that turn before the round ended: CHOICE, rule 7.1)")

    def _pay(self, seat: str, to: str | None) -> bool:
        """A token from `seat` to `to` (None: the pool), True once paid; a seat with none left ends the game
        at once. When the tokens are in doubt, the log says whether the game ended there (see `complete`)."""
        self.payer = seat
        if not self.tokens[seat]:
            if self.sure:
                self.broke = self.broke or f"{name(seat)} had no token to pay (line {self.w.line})"
            return False
        self.tokens[seat] -= 1
        self.lost[seat] += 1
        if to is None:
            self.pool += 1
        else:
            self.tokens[to] += 1
            self.won[to] += 1
        return True

    # -- turns --------------------------------------------------------------------------------------

    def _turn(self, seat: str) -> str:
        """The seat whose card a line gives: the turn under way, or a new one by the next seat. A card by
        another seat is reported; within a turn it is read as the turn's, a new turn as written."""
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

    # -- rounds -------------------------------------------------------------------------------------

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
                    else f"round {self.round} ended at line {self.end_line} with its {self.f.round_end}th special "
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
            self.w.blow("PG-TRANSFER", f"{leader} and takes a token from each of the {len(due.sure) + due.need} "
                                       f"lowest: {self._lowest(due)}; not {name(seat)} from "
                                       f"{listed(map(name, payers))}")
        self._transfer(seat, payers)
        self.due, self.transfer_line = None, self.w.line

    def _transfer(self, leader: str, payers: tuple) -> None:
        """A token from each payer to the leader; when one has none, the others still pay, and the game
        ends (OUR CHOICE in RULES.md 9.1)."""
        sure = not self.broke
        paid = [payer for payer in dict.fromkeys(payers) if payer != leader and self._pay(payer, leader)]
        if sure and self.broke:
            for payer in paid:
                self.notes[payer].append((f"paid at round {self.round}'s end though the game ended there, as "
                                          f"both lowest pay what they can (our reading, rule 9.1)", -1))

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

    # -- the end ------------------------------------------------------------------------------------

    def apply(self, action) -> None:
        self.last_payer, self.payer = self.payer, None
        super().apply(action)

    def complete(self) -> None:
        if not self.done() and not self.sure and self.last_payer:
            self.broke = (f"{name(self.last_payer)} had no token left to pay, as the log ends the game there "
                          f"(the tokens were in doubt)")
        if not self.done() and not self.playing:
            self._settle()
        if not self.done():
            self.blow_end(f"the game goes on: {self._where()}")

    def finish(self) -> None:
        if self.is_over():
            return
        if not self.done() and not self.playing and self.round >= self.f.rounds:
            self._settle()
        if not self.done():
            self.blow_end(f"the log stops {self._where()}, before the game is over")
            return
        self.missing_end()

    def done(self) -> str:
        """Why play is over, '' while it goes on: a seat that could not pay, or the last round's end."""
        if self.broke:
            return self.broke
        last = self.round >= self.f.rounds and self.end_line and self.due is None
        return f"round {self.round} is over" if last else ""

    def _where(self) -> str:
        if not self.round:
            return "before round 1"
        return f"in round {self.round}" if self.playing else f"after round {self.round} of {self.f.rounds}"

    def tie(self, leaders: list, totals: dict) -> tuple:
        return tuple(leaders), f"share the win with {totals[leaders[0]]} tokens (CHOICE, rule 9.3)"

    def totals(self) -> dict | None:
        return {player: self.tokens[player] for player in self.players} if self.sure else self.claimed

    def judge_winners(self, written: tuple, totals: dict, code: str) -> None:
        """The winners of the totals, or of the final totals written: when those are wrong, and reported, a
        winner that follows from them is the same mistake."""
        if self.claimed is None or sorted(written) != sorted(self.winners(self.claimed)[0]):
            super().judge_winners(written, totals, code)

    def compare(self, claims, totals: dict, code: str, explain) -> None:
        claimed = dict(claims)
        super().compare(claims, totals, code, lambda player: explain(player, claimed.get(player)))

    def breakdown(self, seat: str, claimed: int | None = None) -> str:
        """How a seat's tokens were made; and the reading of the rules that made them differ from `claimed`,
        when one did."""
        notes = "".join(f"; {note}" for note, tokens in self.notes[seat]
                        if claimed is not None and self.tokens[seat] - tokens == claimed)
        return f"{self.start} at the start, {self.won[seat]} won, {self.lost[seat]} lost{notes}"


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


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class PiratesGold(Rules):
    state, bots = GameState, BOTS
    players_code = "PG-PLAYERS"
    actions = (Round, Give, Stop, Dummy, Gold, Take, Final, Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, components=(DECK, TOKENS))
        facts, cards = data.values, game.components[DECK].cards
        problems: list = []
        _check_facts(facts, data, cards, game.components[TOKENS].card_total, game.players, problems)
        card_names = _card_names(cards, facts["card-names"], data, problems)
        if problems:
            raise DataError(problems)
        short = _short(card_names)            # a card is known by its shortest name, the one logs are written with
        self.cards = {short[card.id]: card.count for card in cards}     # card -> copies in the deck
        self.kind = {short[card.id]: card.fields["kind"] for card in cards}   # gold, pirate or box
        self.gold = {short[card.id]: card.fields["gold"] for card in cards}   # a gold card's value, else 0
        self.card_names = {word: short[card] for word, card in card_names.items()}  # word -> card
        self.rounds, self.recipients = facts["rounds"], facts["recipients"]
        self.round_end, self.payers = facts["specials"], facts["payers"]
        self.tables = {players: Table(t["tokens"], t["gives"], t["dummies"]) for players, t in facts["tables"].items()}

    def kinds(self):
        return {"round": number("the round's number", 1), "seat": SEAT, "gold": GOLD, "claims": TOKEN_COUNTS,
                "card": names(self.card_names, f"a game card ({', '.join(self.cards)})", "CARD")}

    def header(self, players):
        return {"starts": Player(self._seats(players))}

    def simulated_header(self, rng, players):
        return {"starts": rng.choice(self._seats(tuple(players)))}

    def _seats(self, players: tuple) -> tuple:
        return players + (DUMMY,) * self.tables[len(players)].dummies


rules = PiratesGold  # the entry point: the checker calls rules(game) with the game's checked data
