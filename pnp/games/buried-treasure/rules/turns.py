"""Rules 4-7 of RULES.md: whose turn it is, taking a card from the layout (for oneself, or in the
advanced game for an opponent), and what an EXTRA card and a flag card then allow."""
from __future__ import annotations

from pnp.check.engine import TABLE
from pnp.check.words import counted

from .verbs import FOLLOW_UPS, Got


class Turns:
    """Turns, takes and the follow-ups a card's special allows."""

    def to_move(self):
        if self.round == 0 or self.closed or self.card is None or len(self.dealt_columns) < len(self.f.columns):
            return TABLE
        if self.pending:
            return self.pending[0]
        if self._ended():
            return TABLE
        return self.next if isinstance(self.next, str) else self.next[0]

    def apply(self, action) -> None:
        if self.pending and (action is None or action.verb not in FOLLOW_UPS):  # most lines: nothing pending
            self.pending = None  # any other event closes the turn: an unused follow-up was declined
        if action is not None and not self.winner_line:
            self.handle(action)  # not over: is_over() asks for a winner written, and the game has no decided()
        else:
            self.dispatch(action)  # no other part of the state overrides apply

    def on_take(self, event):
        player = event.player  # an action's fields are properties: each is read once, here and in _collect
        if not self._turn(player):
            return
        target, card = self._collect(event, player)
        if target == player:
            special, flags = self.f.special[card]
            if special == "extra":
                self.pending = (player, "extra", self.f.suit[card], 0)
            elif special == "flags":
                self.pending = (player, "flags", self.f.suit[card], flags)
        self._pass_turn(player)

    def on_extra(self, event):
        pending = self.pending
        self.pending = None
        if not (pending and pending[0] == event.player and pending[1] == "extra"):
            self.w.blow("BT-EXTRA", self._no_followup(event.player, "an EXTRA card"))
            if self.closed:
                return  # no layout to take it from
        elif self.f.suit[event.card] != pending[2]:
            colour = self.f.colours[pending[2]]
            self.w.blow("BT-EXTRA-COLOUR", f"an EXTRA card brings one more {colour} card; "
                                           f"{event.card} is {self.f.colours[self.f.suit[event.card]]}")
        self._collect(event, event.player, "extra")

    def on_steal(self, event):
        player, victim, count = event.player, event.victim, event.count  # properties: each read once
        pending = self.pending
        self.pending = None
        if not (pending and pending[0] == player and pending[1] == "flags"):
            # Without a flag card there is no colour and no limit to replay the steal with.
            self.w.blow("BT-STEAL", self._no_followup(player, "a flag card"))
            return
        self.got = (*self.got[:4], self.w.line)  # the card's steal is made: its Got's `followed`
        if victim == player:
            self.w.blow("BT-STEAL", f"{player} steals from an opponent, not from {player}'s own collection")
            return
        _, _, colour, flags = pending
        held = self.counts[victim][colour]
        if count > flags:
            self.w.blow("BT-STEAL-COUNT", f"{counted(flags, 'flag')} allow{'s' if flags == 1 else ''} at most "
                                          f"{counted(flags, 'card')}, not {count}")
        elif count > held:
            self.w.blow("BT-STEAL-COUNT", f"{victim} has {counted(held, self.f.colours[colour] + ' card')}, "
                                          f"so {count} cannot be stolen")
        moved = min(count, flags, held)
        self.counts[victim][colour] -= moved
        self.counts[player][colour] += moved

    def _turn(self, player: str) -> bool:
        """The checks every turn starts with, in a fixed order; false when the turn cannot be played."""
        if (self.round == 0 or self.closed) and not self._next_round("and its deal first"):
            return False
        if self._ended():
            self.w.blow("BT-ROUND-END", f"round {self.round} is over: "
                                        + ("everyone has passed" if self.advanced else "the layout is empty"))
            return False
        if not self.turns:
            self._first_turn()
        if player in self.passed:
            self.w.blow("BT-PASSED", f"{player} passed at line {self.passed[player]} and plays no more this round")
        elif player != self.next:  # `next` a name, or a tuple of those tied, which no name equals
            self._not_next(player)
        self.turns += 1
        self.played = True
        return True

    def _not_next(self, player: str) -> None:
        """`player` takes a turn that `next` does not name: one of those tied may start, anyone else is reported."""
        if isinstance(self.next, tuple):
            if player not in self.next:
                self.w.blow("BT-START", f"round {self.round} starts with the lowest total: "
                                        f"{' or '.join(self._totals_of(self.next))}, not {player} (OUR CHOICE, "
                                        "RULES.md 4.3: without `ages:` any of those tied may)")
        elif self.turns:
            self.w.blow("BT-TURN", f"it is {self.next}'s turn, not {player}'s")
        else:
            reason = "the youngest" if self.round == 1 else "the lowest total"
            if self.round > 1 and list(self.total.values()).count(self.total[self.next]) > 1:
                reason += ", and of those tied the youngest (CHOICE, RULES.md 4.3)"
            self.w.blow("BT-START", f"round {self.round} starts with {reason}: "
                                    f"{self._totals_of((self.next,))[0]}, not {player}")

    def _first_turn(self) -> None:
        if self.card is None:
            self.w.blow("BT-SCORECARD", f"round {self.round} starts without a score card")
        missing = [str(c) for c in range(1, len(self.f.columns) + 1) if c not in self.dealt_columns]
        if missing:
            self.w.blow("BT-DEAL-SHAPE", f"round {self.round} starts with column{'s' if len(missing) > 1 else ''} "
                                         f"{', '.join(missing)} not dealt; the layout is not checked this round")
            self.layout_known = False
        if self.advanced and not self.played:
            unhanded = [name for name in self.players if name not in self.hand_lines]
            if unhanded:
                self.w.blow("BT-HAND", f"no starter hand was dealt to {', '.join(unhanded)}")

    def _pass_turn(self, player: str) -> None:
        """The next player clockwise who has not passed."""
        self.next = self.seats.after(player, self.passed) or player

    def _target(self, player: str, to: str | None) -> str:
        """The collection a card goes into: the player's own, or an opponent's in the advanced game."""
        if to is None:
            return player
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "giving a card to an opponent belongs to the advanced game "
                                       "(write `advanced: yes`)")
            return player
        if to == player:
            self.w.blow("BT-GIVE", f"`to` names an opponent; without it the card goes to {player}'s own collection")
        return to

    def _from_layout(self, column: int, card: str) -> str:
        """The card a take really moves: `card` from the top of `column`, blowing the whistle if it is not there.

        A slip is then read the likelier way, so that one slip is reported once: when the deck still held such
        a card, the deal line was the slip and the named card lay there (in the place of a card the deal dealt
        too often, so reported already, it is believed without a report); else the named card on top of
        another column was taken from there (a wrong column number); else the column's top card was taken
        under a wrong name; with nothing to take, the player gets the card the log names. The replay weighs
        these against the moves the rules allowed (a wrong column number) by the lines that follow."""
        if not self.layout_known:
            return card
        piles = self.layout
        pile = piles[column - 1] if column <= len(piles) else None
        if pile and pile[-1] == card:
            return pile.pop()
        if pile and (column, len(pile) - 1) in self.suspect and self.deck.left[card] > 0:
            return self._dealt_instead(pile, card)
        elsewhere = [i for i, other in enumerate(piles) if other and other[-1] == card]
        hint = f" ({card} is on top of column {elsewhere[0] + 1})" if elsewhere else ""
        if pile is None:
            self.w.blow("BT-TAKE-COLUMN", f"the layout has columns 1–{len(piles)}, not {column}{hint}")
        elif not pile:
            self.w.blow("BT-TAKE-COLUMN", f"column {column} is empty{hint}")
        else:
            under = f", {card} lies under {counted(pile[::-1].index(card), 'card')} there" if card in pile else ""
            self.w.blow("BT-TAKE-CARD", f"column {column} shows {pile[-1]} on top, not {card}{under}{hint}")
        if pile and self.deck.left[card] > 0:
            self.doubted[card] = self.w.line  # should it be dealt once too often later, this take was the slip
            return self._dealt_instead(pile, card)
        if elsewhere:
            return piles[elsewhere[0]].pop()
        return pile.pop() if pile else card

    def _dealt_instead(self, pile: list, card: str) -> str:
        """The top card of `pile` read as `card`, a slip of its deal line: the deck gets back the card the
        line named and gives this one."""
        self.deck.left[pile.pop()] += 1
        self.deck.left[card] -= 1
        return card

    def _collect(self, event, player: str, how: str = "") -> tuple:
        """A take or an EXTRA's card into a collection (`player`, who takes it, is the event's): (whose
        collection, the card really moved)."""
        to = event.to
        target = player if to is None else self._target(player, to)  # most cards: the taker's own
        card = self._from_layout(event.column, event.card)
        self.counts[target][self.f.suit[card]] += 1
        self.got = (player, card, self.w.line, how or ("own" if target == player else "given"), 0)  # a Got's parts
        return target, card

    def _no_followup(self, player: str, what: str) -> str:
        """Why `player` has no follow-up to make now, for BT-EXTRA and BT-STEAL."""
        got = Got(*self.got) if self.got else None
        if got is None or got.player != player:
            last = f" (the last card taken was {got.player}'s, line {got.line})" if got else ""
            return f"{player} has not just taken {what}{last}"
        if got.how == "given":
            return (f"{got.card} went into an opponent's collection (line {got.line}); a special acts only "
                    "in the taker's own collection (CHOICE, RULES.md 12.5)")
        if got.how == "played":
            return f"{player} played a starter card (line {got.line}); starter cards have no specials"
        if got.how == "extra":
            return f"{got.card} came as an EXTRA card's second card (line {got.line}); its own special does nothing"
        if got.followed:
            return f"{got.card} (line {got.line}) was followed up already, at line {got.followed}"
        return f"{got.card} (line {got.line}) is not {what}"
