"""Rules 2.2 and 7 of RULES.md: the action deck, and what each action card does (now, after the round's picks,
kept for later, or in the taker's next round), with the follow-ups it asks for; a card's line written before
its time, and a kept card played when it could not be, taken as the log has them."""
from __future__ import annotations

from pnp.check.pieces import Due
from pnp.check.words import counted, listed

from .verbs import AFTER, ASKS, EFFECTS, HELD, MISSING, NEXT_ROUND, NOW, PLAYED, ROLLS, WHEN, Lose, Play


class Cards:
    """Action cards, maps and the follow-ups they ask for."""

    def on_steal(self, event):
        due, event = self._answered("steal", event)
        if not due:
            return
        victim = self.other[event.player]
        if not self.chest[victim][event.treasure]:
            self.w.blow(due.code, f"{victim} has no {event.treasure} to take (chest: {self._chest(victim)})")
            return
        self.chest[victim][event.treasure] -= 1
        self.chest[event.player][event.treasure] += 1

    def on_lose(self, event):
        if event.treasure:
            self._lose_treasure(event)
        else:
            self._lose_balls(event)

    def _lose_treasure(self, event: Lose):
        due, event = self._answered("treasure", event)
        if not due:
            return
        if not self.chest[event.player][event.treasure]:
            self.w.blow(due.code, f"{event.player} has no {event.treasure} to cross off "
                                  f"(chest: {self._chest(event.player)})")
            return
        self.chest[event.player][event.treasure] -= 1

    def _lose_balls(self, event: Lose):
        due, event = self._answered("balls", event)
        if not due:
            return
        if len(event.rows) != due.data:
            self.w.blow(due.code, f"{due.cause}: {event.player} crosses off {counted(due.data, 'ball')}, "
                                  f"not {len(event.rows)}")
        balls = self.balls[event.player]
        for row in event.rows:
            r = self.f.rows.index(row)
            if balls[r]:
                balls[r] -= 1
            else:
                self.w.blow(due.code, f"{event.player}'s cannon in row {row} has no ball left to cross off")

    def on_draw(self, event):
        due, event = self._answered("draw", event)
        if due:
            self._draw_map(event.player, event.map)

    def _answered(self, kind: str, event):
        """(the follow-up of `kind` that `event` answers, the event): a follow-up written under the other
        player's name is reported (`answer`) and carried out for the player it was asked of, the name being
        the slip. (None, event) when nothing asks for it."""
        due = self.answer(kind, event.player)
        if due and due.player != event.player and due.player in self.other:
            event = type(event)(due.player, *event.values()[1:])
        return due, event

    def answer(self, kind: str, player: str):
        """The follow-up a player's line of this `kind` answers (FollowUps.answer); while the round's picks are
        under way with nothing due, the line of a card taken in the round that acts after them (`_early`)."""
        if not self.todo and self._picking():
            acted, due = self._early(kind, player)
            if acted:
                if due is not None:
                    self.is_theirs(due, player)
                return due
        return super().answer(kind, player)

    def _picking(self) -> bool:
        """Whether a round's picks are under way: some made or to make, none finished."""
        return self.phase == "picks" and bool(self.order)

    def _early(self, kind: str, player: str | None = None) -> tuple:
        """A line of `kind` written while the round's picks are under way, nothing due: when a card taken in the
        round acts after them and asks for such a line (the player's own first), the line is its, written before
        its time. Reported under the card's code, saying when the card acts; then the card acts now, as the log
        has it, so that it asks for nothing again once the picks are made (a card that must wait, as the
        Reload, does not: the line is left as it is). (True, the follow-up the line answers, or None when the
        card acts on nothing), or (False, None) when no card taken in the round asks for such a line."""
        waiting = [entry for entry in self.after if kind in ASKS[self.f.effect[entry[0]]]]
        if not waiting:
            return False, None
        card, taker, line = next((entry for entry in waiting if entry[1] == player), waiting[0])
        due, can = self._card_due(card, taker, line)
        then = (f"write `{self._usage(due)}` then" if can else
                f"{taker} has nothing for it to act on, so no line is written for it")
        self.w.blow(due.code, f"{due.cause} acts {WHEN[self.f.timing[card]]}: {then}")
        if NOW not in EFFECTS[self.f.effect[card]]:
            return True, None
        self.after.remove((card, taker, line))
        self._act(card, taker, line)
        return True, self.settle(kind) if self.todo else None

    def _usage(self, due) -> str:
        """The line a follow-up asks for, as a report tells the log to write it."""
        return MISSING[due.kind][1].format(**self.due_words(due))

    def on_return(self, event):
        due, event = self._answered("return", event)
        if not due:
            return
        player, held = event.player, self.maps[event.player]
        fits = self._as_held(player, event.maps)
        if not fits:
            self.w.blow(due.code, f"{due.cause}: all {player}'s maps go under the map deck: "
                                  f"{listed(held)}, not {listed(event.maps)}")
        # in the order written, then any the log forgot, so that later draws are checked against them
        for card in dict.fromkeys(event.maps):
            self._put_down(player, card, keep=event.maps)
        for card in list(held):
            self._put_down(player, card)
        if not fits:
            self._doubt(player)

    def on_spy(self, event):
        due, event = self._answered("spy", event)
        if not due:
            return
        spied = self.other[event.player]
        held = self.maps[spied]
        if not self._as_held(spied, event.maps):
            self.w.blow(due.code, f"{spied} holds {listed(held) if held else 'no map'}, "
                                  f"not {listed(event.maps) if event.maps else 'none'}")
            self._doubt(spied)

    def on_play(self, event):
        self.settle()
        if self.phase == "final":
            self.blow_end(f"the game is over: {self.ended}")
            return
        if self.phase == "roll":
            self._offer_open(event.player, "plays a kept card")
        card = event.card
        code, effect = self.f.code[card], self.f.effect[card]
        player = self._holder(event, code)
        strange = event.map and not self._as_held(player, (event.map,), part=True)
        if strange:
            self.w.blow(code, f"{player} holds no {event.map} (maps: {listed(self.maps[player])})")
        why = self._cannot_play(player, effect, event)
        if why:
            self.w.blow(code, why)
        if self.kept[player].get(card):
            self.kept[player][card] -= 1
            self.deck.discard(card)
        if self.window and self.window[0] == player:
            self.window.pop(0)
        self._played(player, effect, event, code, not why)
        if strange:
            self._doubt(player)

    def _holder(self, event: Play, code: str) -> str:
        """Who plays a kept card: the player named, who holds it. One who does not is reported, and the card is
        played all the same, as the log says: by the other player when they hold it (and the map named), the
        name being the slip, else by the player named."""
        player, card = event.player, event.card
        if self.kept[player].get(card):
            return player
        kept = [c for c, n in self.kept[player].items() if n]
        self.w.blow(code, f"{player} holds no {card} (kept cards: {listed(kept)})")
        other = self.other[player]
        if self.kept[other].get(card) and (event.map is None or event.map in self.maps[other]):
            return other
        return player

    def on_duel(self, event):
        due = self.settle("duel") if self.todo else None
        if due is None and self._picking():
            acted, due = self._early("duel")
            if acted and due is None:
                return
        if due is None:
            if self.phase == "final":
                self.w.blow("CD-WINNER", "no roll-off is due: only equal scores are settled by a duel")
            else:
                self.w.blow("CD-FOLLOW-UP", "a duel is rolled, but nothing asks for it now: "
                                            f"{self.f.unasked['duel'][1]}")
            return
        rank = {player: self.f.rank[face] for player, face in event.rolls}
        low, high = sorted(self.players, key=rank.get)
        if rank[low] == rank[high]:
            self.ask(due)  # a tie is rolled again
        elif due.data == "tie":
            self.rolloff = high
        elif any(self.chest[low].values()):
            self.ask(Due("treasure", low, due.code, due.line, f"{low} lost the duel of {due.cause}"))

    def skipped(self, due) -> None:
        super().skipped(due)
        if due.kind == "roll" and due.then in ("flip", "reroll"):
            self.dice = None  # a roll left out: the dice it put on offer are unknown from now on

    def due_words(self, due) -> dict:
        n = (counted(due.data, "ball") if due.kind == "balls" else
             counted(due.data[0], "die", "dice") if due.kind == "roll" else str(due.data))
        return {"p": due.player, "o": self.other.get(due.player), "n": n,
                "faces": " ".join(["FACE"] * due.data[0]) if due.kind == "roll" else "",
                "rows": " ".join(["ball" if due.data == 1 else "balls"] + ["ROW"] * due.data) if due.kind == "balls"
                else ""}

    def _flipped_instead(self, flipped: str, taken: str) -> None:
        """A card taken that is not the card flipped is believed, as a slip of the flip line: the deck takes
        back the card the flip named and gives this one, when it still held one. Should that card come up once
        too often later, the take was the slip, reported already."""
        counts = self.deck.counts
        if self.deck.unknown and counts.get(taken, 0) > 0:
            counts[flipped], counts[taken] = counts[flipped] + 1, counts[taken] - 1
            if flipped in self.table_cards:
                self.table_cards[self.table_cards.index(flipped)] = taken
            self.doubted[taken] = self.w.line

    def _deal(self, card: str) -> None:
        """The top card of the action deck; an empty deck is first made again from the shuffled discards."""
        if self.doubted.pop(card, 0) and not self.deck.fits(card):
            self.deck.draw_anyway(card, self.w.line)  # a take read as a slip of its flip was the slip, reported there
        elif not self.deck.draw(card, self.w.line):
            since = f"the reshuffle at line {self.deck.reshuffled}" if self.deck.reshuffled else "the start"
            self.w.blow("CD-DECK", f"no {card} is left in the action deck: the game has {self.f.cards[card]}, "
                                   f"turned up since {since}")
        self.table_cards.append(card)

    def _got(self, player: str, card: str) -> None:
        """A card taken from the offer acts now, after the round's picks, in the taker's next round, or
        goes into the taker's hand, as its timing says."""
        timing, line = self.f.timing[card], self.w.line
        if timing in HELD:
            self.kept[player][card] = self.kept[player].get(card, 0) + 1
            if card in self.table_cards:
                self.table_cards.remove(card)
        elif timing == AFTER:
            self.after.append((card, player, line))
        elif timing == NEXT_ROUND:
            self.plank[player] = line
        else:
            self._act(card, player, line)

    def _act(self, card: str, player: str, line: int) -> None:
        """A card's effect: what it asks for next, when there is anything to do."""
        due, can = self._card_due(card, player, line)
        if can:
            self.ask(due)

    def _card_due(self, card: str, player: str, line: int) -> tuple:
        """(the follow-up a card's effect asks for first, whether its taker has what it acts on: a treasure, a
        ball, a map; a map deck to draw from)."""
        effect, opponent = self.f.effect[card], self.other[player]
        data, optional, then, can = None, False, None, True
        if effect == "steal-treasure":
            can = any(self.chest[opponent].values())
        elif effect == "lose-treasure":
            can = any(self.chest[player].values())
        elif effect == "draw-map":
            can = len(self.map_deck) > 0
        elif effect == "lose-balls":
            data = min(self.f.balls_lost[card], sum(self.balls[player]))
            can = data > 0
        elif effect == "lose-maps":
            can = bool(self.maps[player])
        elif effect == "see-maps":
            optional = True
        elif effect in ROLLS:
            data, then = (ROLLS[effect][0],), ROLLS[effect][1]
        cause = f"{player}'s {self.f.title[card]} (line {line})"
        return Due(ASKS[effect][0], player, self.f.code[card], line, cause, data, optional, then), can

    def _rolled(self, due, faces: tuple) -> None:
        """An effect's roll: what comes of it."""
        then, face = due.then, faces[0]
        if then == "flip":  # the Reload's: its dice are on offer, with the card to come
            self.dice = list(faces)
            self.ask(Due("flip", due.player, due.code, due.line, due.cause))
        elif then == "reroll":
            if self.dice and due.data[1] in self.dice:
                self.dice[self.dice.index(due.data[1])] = face
            elif self.dice and due.data[1] is None:  # the die named is none on offer: the offer is unknown now
                self.dice = None
        elif face != self.f.explosion or then == "shot":  # Crow's Nest and Davy Jones count no space with it
            self.ask(Due(then, due.player, due.code, due.line, due.cause, face))

    def _cannot_play(self, player: str, effect: str, event: Play) -> str:
        """Why a kept card cannot be played now, or "": its time, the die it rerolls, the order of picks."""
        title = self.f.title[event.card]
        if not self._picking():
            return f"the {title} is played {PLAYED[effect]}"
        if effect == "reroll":
            if self.dice is not None and event.face not in self.dice:
                if not self.dice:
                    return f"the {title} is played {PLAYED[effect]}: no die is left on offer"
                return f"no die on offer shows {event.face} (dice: {listed(self.dice)})"
            return ""
        rule = "7.10" if effect == "pick-first" else "7.15"
        if self.picks:
            return f"the {title} is played {PLAYED[effect]}: round {self.round}'s first pick is made"
        if self.order_changed:
            return (f"the order of round {self.round}'s picks was changed already at line {self.order_changed} "
                    f"(OUR CHOICE, RULES.md {rule}: once a round)")
        if effect == "pick-first" and player == self.active:
            return (f"round {self.round} is {player}'s own: {player} picks first already "
                    "(OUR CHOICE, RULES.md 7.10: the Mutiny is for the player who is not active)")
        if effect == "take-dice" and self.dice is not None and len(self.dice) != 2:
            return "taking both dice needs both dice on offer"
        return ""

    def _played(self, player: str, effect: str, event: Play, code: str, allowed: bool) -> None:
        """A kept card played, as the log says even when it could not be (not `allowed`, reported): its map
        given up, its die rolled again; the order of picks changes only where it still can."""
        opponent, line = self.other[player], self.w.line
        if effect == "reroll":
            self._put_down(player, event.map)
            face = event.face if self.dice is None or event.face in self.dice else None  # None: which is unknown
            cause = f"{player}'s {self.f.title[event.card]} (line {line})"
            self.ask(Due("roll", player, code, line, cause, (1, face), then="reroll"))
            return
        if effect == "take-dice":  # the opponent gets the map and the card; both dice are the player's picks
            self._give_up(player, event.map)
            self.maps[opponent].append(event.map)
        if not allowed:
            return
        self.order_changed = line
        if effect == "pick-first":
            self.order = [player, opponent, player][:len(self.order)]
        else:
            self.order = [player, player, opponent][:len(self.order)]
            self.dice_only = player
