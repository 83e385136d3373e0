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

from pnp.check.ending import Final, FinalScores, Winner
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


def _gold(words) -> tuple:
    """Pairs of a seat and its gold, `Mia 12 Tom 9 dummy 7`, each seat once."""
    found: dict = {}
    while words.more():
        seat = _seat(words)
        if seat in found:
            words.fail(f"{seat} is named twice")
        found[seat] = words.number(f"{seat}'s gold")
    if not found:
        words.fail("no gold is given")
    return tuple(found.items())


SEAT = Kind(_seat, "PLAYER", None,
            lambda word, words: DUMMY if word.lower() == DUMMY else words.players.get(word.lower()))
GOLD = Kind(_gold, "PLAYER GOLD PLAYER GOLD ...")


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Round = action("round", "round {number:round}")
Give = action("give", "{player} give {to:seat} {card:card}")
Stop = action("stop", "{player} stop")
Gold = action("gold", "gold {amounts:gold}")
Take = action("take", "{player} take {payers:seat}...")
Dummy = action("dummy", "dummy (give {to:seat} {card:card} | take {payers:seat} {payers:seat}...)")


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
        self.next = setup.options["starts"]   # the seat that plays the next turn
        self._begin_round(0)
        self.playing = False         # until `round 1`
        self.ended = None            # (seat, how, line): how the last turn ended (a card, "limit", "stop")
        self.broke = ""              # why a seat could not pay a token, which ends the game at once
        self.sure = True             # false once the log leaves the tokens unknown
        self.intent = None           # a bot's give whose card is not turned up yet

    def _begin_round(self, number: int) -> None:
        """A new round: a full deck, no gold banked, no turn under way; the pool and the tokens stay."""
        self.round, self.playing, self.first_turn = number, True, True
        self.deck = Deck(self.f.cards)
        self.specials = 0
        self.banked = dict.fromkeys(self.order, 0)   # gold banked this round
        self.mover, self.given, self.got = None, [], {}
        self.excused = False         # the turn broke a rule of its own already: not reported again
        self.overrun = False         # the turn went on after its end: it ends when another seat plays
        self.end_line = self.gold_line = self.transfer_line = 0
        self.due: Transfer | None = None
        self.tied_most: list = []    # the seats tied for the most gold at the round's end

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
        else:
            self._take(DUMMY, event.payers)

    def on_stop(self, event):
        if not self._playing():
            return
        seat = event.player
        self._close_overrun(seat)
        if self.mover is None:
            if not self._played_on(seat, "nothing is left to stop"):
                if seat == self.next:
                    self.w.blow("PG-RECIPIENTS", f"{seat} has given no card yet: a turn ends only once its "
                                                 f"cards have gone to {self._needed(seat)}")
                else:
                    self.w.blow("PG-TURN", f"it is {self._whose(self.next)} turn, not {seat}'s")
            return
        if seat != self.mover:
            self.w.blow("PG-TURN", f"it is {self._whose(self.mover)} turn, not {seat}'s")
        elif self._missing(seat, self.given) and not self.excused:
            self.w.blow("PG-RECIPIENTS", f"{seat} may stop only once the turn's cards have gone to "
                                         f"{self._needed(seat)}; so far: {listed(map(name, self._to()))}")
        self._end_turn("stop")

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
            for seat in self.order:
                if claimed.get(seat) != self.banked[seat]:
                    written = "none is written" if seat not in claimed else f"not {claimed[seat]}"
                    self.w.blow("PG-GOLD", f"{name(seat)} banked {self.banked[seat]} gold in round "
                                           f"{self.round}, {written}")
            if all(seat in claimed for seat in self.order) and claimed != self.banked:
                self._recount(claimed)

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
        elif not self.excused:
            self._judge_recipient(seat, to)
        self._reveal(to, card)

    def _judge_recipient(self, seat: str, to: str) -> None:
        """The dummy deals clockwise from itself; a player may give to anyone, but never so that the turn
        can no longer reach its different recipients (reported once a turn)."""
        if seat == DUMMY:
            expected = self._dummy_next()
            if to != expected:
                self.w.blow("PG-DUMMY", f"the dummy's cards go one each, clockwise from the dummy: its card "
                                        f"{len(self.given) + 1} goes to {name(expected)}, not {name(to)}")
            return
        given = self.given + [to]
        missing, left = self._missing(seat, given), self.limit - len(given)
        if missing > left:
            self.w.blow("PG-RECIPIENTS", f"after this card to {name(to)}, {seat} can give "
                                         f"{counted(left, 'more card')} and still needs {missing} to reach "
                                         f"{self._needed(seat)}")
            self.excused = True

    def _reveal(self, to: str | None, card: str) -> None:
        """The card turned up in front of `to` (None: nobody the log could name), and what it does."""
        if not self.deck.draw(card, self.w.line):
            self.w.blow("PG-CARD", f"no {self._title(card)} card is left: the deck holds {self.f.cards[card]}, "
                                   f"all turned up this round (the first at line {self.deck.seen[card]})")
            self.deck.draw_anyway(card, self.w.line)
        self.given.append(to)
        kind = self.f.kind[card]
        if kind == "gold":
            if to is not None:
                self.got[to] = self.got.get(to, 0) + self.f.gold[card]
            if len(self.given) >= self.limit:
                self._end_turn("limit")
            return
        self.specials += 1
        if to is not None and kind == "pirate":
            self.got.pop(to, None)
            self._pay(to, None)
        elif to is not None:
            self.tokens[to] += self.pool
            self.won[to] += self.pool
            self.pool = 0
        self._end_turn(card)

    def _pay(self, seat: str, to: str | None) -> None:
        """A token from `seat` to `to` (None: the pool); a seat with none left ends the game at once."""
        if not self.tokens[seat]:
            self.broke = self.broke or f"{name(seat)} had no token to pay (line {self.w.line})"
            return
        self.tokens[seat] -= 1
        self.lost[seat] += 1
        if to is None:
            self.pool += 1
        else:
            self.tokens[to] += 1
            self.won[to] += 1

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
                                        f"not {name(seat)}")
            else:
                self.w.blow("PG-TURN", f"it is {self._whose(self.next)} turn, not {name(seat)}'s"
                                       + (" (write the dummy's cards `dummy give SEAT CARD`)"
                                          if self.next == DUMMY else ""))
        self.mover, self.given, self.got = seat, [], {}
        self.excused = self.overrun = overrun
        self.first_turn = False
        return seat

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
        self.excused = self.overrun = False
        if self.done():
            self.playing = False
        elif self.specials >= self.f.round_end:
            self._end_round()

    def _missing(self, seat: str, given: list) -> int:
        """How many more cards a turn needs to have gone to its different recipients, the giver among them."""
        seen = set(given) - {None}
        return max(self.f.recipients - len(seen | {seat}), 0) + (seat not in seen)

    def _needed(self, seat: str) -> str:
        return f"{self.f.recipients} different players, {seat} among them"

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
        """A line that belongs to a round's end, written while it is under way: reported, the round ends."""
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
        if self._no_such_dummy(payers):
            payers = tuple(payer for payer in payers if payer != DUMMY)
        if self.playing:
            self._round_over("its tokens move")
        due = self.due
        if due is None:
            self.w.blow("PG-TRANSFER", self._no_transfer())
            return
        if self.done():
            self.blow_end(f"the game is over: {self.done()}")
            return
        if seat != due.leader:
            self.w.blow("PG-TRANSFER", f"{name(due.leader)} banked the most gold ({self.banked[due.leader]}) and "
                                       f"takes the tokens, not {name(seat)}")
        if not due.fits(payers) or seat in payers:
            self.w.blow("PG-TRANSFER", f"{name(due.leader)} takes a token from each of the "
                                       f"{len(due.sure) + due.need} lowest: {self._lowest(due)}, "
                                       f"not {listed(map(name, payers))}")
        for payer in dict.fromkeys(payers):
            if payer != seat:
                self._pay(payer, seat)
        self.due, self.transfer_line = None, self.w.line

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
            for payer in choices[0]:
                self._pay(payer, due.leader)
        else:
            self.sure = False

    # -- the end ------------------------------------------------------------------------------------

    def complete(self) -> None:
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

    def totals(self) -> dict | None:
        return {player: self.tokens[player] for player in self.players} if self.sure else None

    def breakdown(self, player: str) -> str:
        return f"{self.start} at the start, {self.won[player]} won, {self.lost[player]} lost"


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
        return {"round": number("the round's number", 1), "seat": SEAT, "gold": GOLD,
                "card": names(self.card_names, f"a game card ({', '.join(self.cards)})", "CARD")}

    def header(self, players):
        return {"starts": Player(self._seats(players))}

    def simulated_header(self, rng, players):
        return {"starts": rng.choice(self._seats(tuple(players)))}

    def _seats(self, players: tuple) -> tuple:
        return players + (DUMMY,) * self.tables[len(players)].dummies


rules = PiratesGold  # the entry point: the checker calls rules(game) with the game's checked data
