"""Rules 2 and 7 of RULES.md: the action deck and the map deck, and what each action card does (now, after
the round's picks, kept for later, or in the taker's next round), with the follow-ups it asks for."""
from __future__ import annotations

from pnp.check.pieces import Due
from pnp.check.words import counted, listed

from .verbs import AFTER, HELD, NEXT_ROUND, ROLLS, Lose, Play


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

    def on_return(self, event):
        due, event = self._answered("return", event)
        if not due:
            return
        held = self.maps[event.player]
        if sorted(event.maps) != sorted(held):
            self.w.blow(due.code, f"{due.cause}: all {event.player}'s maps go under the map deck: "
                                  f"{listed(held)}, not {listed(event.maps)}")
        # in the order written, then any the log forgot, so that later draws are checked against them
        under = [m for m in dict.fromkeys(event.maps) if m in held] + [m for m in held if m not in event.maps]
        for card in under:
            self.map_deck.put_under(card, self.w.line)
        held.clear()

    def on_spy(self, event):
        due, event = self._answered("spy", event)
        if not due:
            return
        held = self.maps[self.other[event.player]]
        if sorted(event.maps) != sorted(held):
            self.w.blow(due.code, f"{self.other[event.player]} holds {listed(held) if held else 'no map'}, "
                                  f"not {listed(event.maps) if event.maps else 'none'}")

    def on_play(self, event):
        self.settle()
        card, player = event.card, event.player
        code, effect = self.f.code[card], self.f.effect[card]
        if self.phase == "final":
            self.blow_end(f"the game is over: {self.ended}")
            return
        if not self.kept[player].get(card):
            kept = [c for c, n in self.kept[player].items() if n]
            self.w.blow(code, f"{player} holds no {card} (kept cards: {listed(kept)})")
            return
        why = self._cannot_play(player, effect, event)
        if why:
            self.w.blow(code, why)
            return
        self.kept[player][card] -= 1
        self.deck.discard(card)
        if self.window and self.window[0] == player:
            self.window.pop(0)
        self._played(player, effect, event, code)

    def on_duel(self, event):
        due = self.settle("duel")
        if not due:
            if self.phase == "final":
                self.w.blow("CD-WINNER", "no roll-off is due: only equal scores are settled by a duel")
            else:
                self.w.blow("CD-FOLLOW-UP", "a duel is rolled, but nothing asks for it now: only a Duel card does, "
                                            "after the round's picks")
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
                "faces": " ".join(["FACE"] * due.data[0]) if due.kind == "roll" else ""}

    def _ask(self, kind: str, player: str, card: str, line: int, data=None, optional=False, then=None) -> None:
        """A card's follow-up, before any other: its cause names the card and where it was taken."""
        cause = f"{player}'s {self.f.title[card]} (line {line})"
        self.ask(Due(kind, player, self.f.code[card], line, cause, data, optional, then))

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
        effect, opponent = self.f.effect[card], self.other[player]
        if effect == "steal-treasure" and any(self.chest[opponent].values()):
            self._ask("steal", player, card, line)
        elif effect == "lose-treasure" and any(self.chest[player].values()):
            self._ask("treasure", player, card, line)
        elif effect == "draw-map" and len(self.map_deck):
            self._ask("draw", player, card, line)
        elif effect == "lose-balls" and any(self.balls[player]):
            self._ask("balls", player, card, line, min(self.f.balls_lost[card], sum(self.balls[player])))
        elif effect == "lose-maps" and self.maps[player]:
            self._ask("return", player, card, line)
        elif effect == "see-maps":
            self._ask("spy", player, card, line, optional=True)
        elif effect == "duel":
            self._ask("duel", player, card, line)
        elif effect in ROLLS:
            count, then = ROLLS[effect]
            self._ask("roll", player, card, line, (count,), then=then)

    def _rolled(self, due, faces: tuple) -> None:
        """An effect's roll: what comes of it."""
        then, face = due.then, faces[0]
        if then == "flip":  # the Reload's: its dice are on offer, with the card to come
            self.dice = list(faces)
            self.ask(Due("flip", due.player, due.code, due.line, due.cause))
        elif then == "reroll":
            if self.dice and due.data[1] in self.dice:
                self.dice[self.dice.index(due.data[1])] = face
        elif face != self.f.explosion or then == "shot":  # Crow's Nest and Davy Jones count no space with it
            self.ask(Due(then, due.player, due.code, due.line, due.cause, face))

    def _cannot_play(self, player: str, effect: str, event: Play) -> str:
        """Why a kept card cannot be played now, or ""."""
        if self.phase != "picks" or not self.order:
            reading = " (OUR CHOICE, RULES.md 7.11: a Parley rerolls a die of the offer)" if effect == "reroll" else ""
            return f"a kept card is played while a round's dice and card are on offer{reading}"
        if event.map and event.map not in self.maps[player]:
            return f"{player} holds no {event.map} (maps: {listed(self.maps[player])})"
        if effect == "reroll":
            if self.dice is not None and event.face not in self.dice:
                return f"no die on offer shows {event.face} (dice: {listed(self.dice)})"
            return ""
        rule = "7.10" if effect == "pick-first" else "7.15"
        if self.picks:
            return (f"it changes the order of picks, so it is played before round {self.round}'s first pick "
                    f"(OUR CHOICE, RULES.md {rule})")
        if self.order_changed:
            return (f"the order of round {self.round}'s picks was changed already at line {self.order_changed} "
                    f"(OUR CHOICE, RULES.md {rule}: once a round)")
        if effect == "pick-first" and player == self.active:
            return (f"round {self.round} is {player}'s own: {player} picks first already "
                    "(OUR CHOICE, RULES.md 7.10: the Mutiny is for the player who is not active)")
        if effect == "take-dice" and self.dice is not None and len(self.dice) != 2:
            return "taking both dice needs both dice on offer"
        return ""

    def _played(self, player: str, effect: str, event: Play, code: str) -> None:
        opponent, line = self.other[player], self.w.line
        if effect == "reroll":
            self.maps[player].remove(event.map)
            self.map_deck.put_under(event.map, self.w.line)
            cause = f"{player}'s {self.f.title[event.card]} (line {line})"
            self.ask(Due("roll", player, code, line, cause, (1, event.face), then="reroll"))
            return
        self.order_changed = line
        if effect == "pick-first":
            self.order = [player, opponent, player][:len(self.order)]
        else:  # take-dice: both dice are the player's picks; the opponent gets a map and the card
            self.maps[player].remove(event.map)
            self.maps[opponent].append(event.map)
            self.order = [player, player, opponent][:len(self.order)]
            self.dice_only = player

    def _draw_map(self, player: str, card: str) -> None:
        """The top card of the map deck, which the log names: a card put under the deck, once it is on top,
        or else one nobody has drawn yet."""
        deck = self.map_deck
        if len(deck) and not deck.draw(card, self.w.line):  # an empty deck: only after a slip reported already
            top = deck.top()
            if top is None:
                self.w.blow("CD-MAP-DECK", f"{card} cannot be on top of the map deck: {self._whereabouts(card)}; "
                                           "the top card is one nobody has drawn yet")
            else:
                self.w.blow("CD-MAP-DECK", f"the top of the map deck is {top} (put under at line "
                                           f"{deck.under[top]}), not {card}")
            deck.draw_anyway(card, self.w.line)
        self.maps[player].append(card)

    def _whereabouts(self, card: str) -> str:
        holder, deck = next((p for p in self.players if card in self.maps[p]), None), self.map_deck
        if holder:
            return f"{holder} holds it (drawn at line {deck.seen[card]})"
        if card in deck.known:
            return f"it went under the map deck at line {deck.under[card]}"
        return f"it was drawn at line {deck.seen[card]}"
