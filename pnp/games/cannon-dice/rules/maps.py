"""Rule 2.1 of RULES.md, and the maps of rules 6.4 and 7: the map deck, the maps each player holds, and, after
a problem with maps, the log's word for those in doubt (a draw written, perhaps, under another map's name)."""
from __future__ import annotations


class Maps:
    """The map deck and the players' maps."""

    def _draw_map(self, player: str, card: str) -> None:
        """The top card of the map deck, which the log names: a card put under the deck, once it is on top,
        or else one nobody has drawn yet."""
        deck = self.map_deck
        if self._doubted(card) and not deck.fits(card):  # on the log's word, a holder's was another map
            deck.draw_anyway(card, self.w.line)
        elif len(deck) and not deck.draw(card, self.w.line):  # an empty deck: only after a slip reported already
            top = deck.top()
            if top is None:
                self.w.blow("CD-MAP-DECK", f"{card} cannot be on top of the map deck: {self._whereabouts(card)}; "
                                           "the top card is one nobody has drawn yet")
                for holder in self.players:  # the draw that gave it to them may have been another map
                    self._doubt(holder, (card,))
            else:
                self.w.blow("CD-MAP-DECK", f"the top of the map deck is {top} (put under at line "
                                           f"{deck.under[top]}), not {card}")
                deck.forget_order()
            deck.draw_anyway(card, self.w.line)
        self.maps[player].append(card)

    def _doubt(self, player: str, cards=None) -> None:
        """After a problem with maps, one of `player`'s draws may have been written under another name: their
        maps (or those of `cards` they hold) are in doubt, and the log's word is taken for them from now on; the
        order of the maps put under the deck is no longer trusted either (RULES.md, reading a slip)."""
        self.doubtful.update((player, card) for card in self.maps[player] if cards is None or card in cards)
        self.map_deck.forget_order()

    def _doubted(self, card: str) -> bool:
        """Whether every player who holds map `card` (one at least) holds it in doubt: the draw that gave it to
        them may have been written under another name, and the map not drawn at all."""
        holders = [p for p in self.players if card in self.maps[p]]
        return bool(holders) and all((p, card) in self.doubtful for p in holders)

    def _whereabouts(self, card: str) -> str:
        holder, deck = next((p for p in self.players if card in self.maps[p]), None), self.map_deck
        if holder:
            return f"{holder} holds it (drawn at line {deck.seen[card]})"
        if card in deck.known:
            return f"it went under the map deck at line {deck.under[card]}"
        return f"it was drawn at line {deck.seen[card]}"

    def _as_held(self, player: str, named, part: bool = False) -> bool:
        """Whether the maps `named` may be the maps `player` holds (or, `part`, some of them): the same, or, where
        some of theirs are in doubt (drawn, perhaps, under another name), as many, every one of theirs that is
        not in doubt named, and each map named that is not theirs taking the place of one that is in doubt."""
        held = self.maps[player]
        if sorted(named) == sorted(held) or part and all(card in held for card in named):
            return True
        doubted = [card for card in held if (player, card) in self.doubtful]
        strange = [card for card in dict.fromkeys(named) if card not in held]
        if len(strange) > len(doubted) or not part and len(named) != len(held):
            return False
        return part or all(card in named for card in held if (player, card) not in self.doubtful)

    def _put_down(self, player: str, card: str, keep=()) -> None:
        """`player` puts map `card` under the map deck (`keep`: maps they put down too)."""
        self._give_up(player, card, keep)
        self.map_deck.put_under(card, self.w.line)

    def _give_up(self, player: str, card: str, keep=()) -> None:
        """Map `card` leaves `player`'s hand. When the count does not give it to them, the log's word is taken:
        one of their maps (one in doubt first, not one of `keep`) was `card` drawn under another name, and that
        name goes back among the map deck's unknown cards; `card` comes out of them, or, when the count puts it
        in the other player's hand, that one is in doubt."""
        held, deck, other = self.maps[player], self.map_deck, self.other[player]
        if card in held:
            held.remove(card)
            return
        slots = [m for m in held if m not in keep] or held
        if slots:
            slot = next((m for m in slots if (player, m) in self.doubtful), slots[0])
            held.remove(slot)
            self.doubtful.discard((player, slot))
            if slot not in self.maps[other]:  # else the other player drew it, surely
                deck.counts[slot] = deck.counts.get(slot, 0) + 1
                deck.seen.pop(slot, None)
        if card in self.maps[other]:
            self.doubtful.add((other, card))
        elif card not in deck.seen and deck.counts.get(card, 0) > 0:
            deck.counts[card] -= 1
            deck.seen[card] = self.w.line

    def _drawn(self, card: str) -> str:
        """Where map `card` was drawn, or "" when it may be the sealed one: never drawn, or drawn only, perhaps,
        under another name (its holders hold it in doubt); a map the log put under the deck was drawn."""
        deck = self.map_deck
        if card in deck.under:
            return f"it went under the map deck at line {deck.under[card]}"
        if card in deck.seen and not self._doubted(card):
            return f"it was drawn at line {deck.seen[card]}"
        return ""
