"""Rule 12 of RULES.md, the advanced game (`advanced: yes`): starter hands dealt before play, starter
cards played instead of a take, passing once the layout is empty, and the bonus of starters left in hand."""
from __future__ import annotations

from pnp.check.words import counted


class Advanced:
    """Starter hands, plays and passes."""

    def on_hand(self, event):
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "starter hands belong to the advanced game (write `advanced: yes`)")
            return
        if event.player in self.hand_lines:
            self.w.blow("BT-HAND", f"{event.player}'s hand was dealt already (line {self.hand_lines[event.player]})")
            return
        if self.played:
            self.w.blow("BT-HAND", "starter hands are dealt before the first turn of the game")
        size = self.f.hand_sizes.get(len(self.players))
        if size is not None and len(event.cards) != size:
            self.w.blow("BT-HAND", f"with {len(self.players)} players each hand holds {size} starter cards, "
                                   f"not {len(event.cards)}")
        self._draw(self.box, event.cards, "BT-HAND-COUNT", "the box")
        self.hand_lines[event.player] = self.w.line
        hand = self.hands[event.player] = {}  # starter card id -> how many, in the order the line names them
        for card in event.cards:
            hand[card] = hand.get(card, 0) + 1

    def on_play(self, event):
        player, card = event.player, event.card  # an action's fields are properties: each is read once
        if not self._turn(player):
            return
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "playing a starter card belongs to the advanced game (write `advanced: yes`)")
            self._pass_turn(player)
            return
        target = self._target(player, event.to)
        hand = self.hands[player]
        if hand.get(card):
            hand[card] -= 1
        else:
            held = ", ".join(f"{kind} ×{count}" for kind, count in sorted(hand.items()) if count) or "nothing"
            self.w.blow("BT-PLAY-HELD", f"{player} holds no {card} (holds: {held})")
        colour, named = self.f.suit[card], event.colour
        chosen = self.f.colours.index(named) if named else None
        if colour is None:
            if chosen is None:
                self.w.blow("BT-WILD", f"a wild flag joins a column: write its colour (`play {card} blue`)")
            elif not self.counts[target][chosen]:
                self.w.blow("BT-WILD", f"a wild flag joins a column already there; {target} has no "
                                       f"{named} cards (OUR CHOICE, RULES.md 12.4)")
            colour = chosen
        elif chosen is not None and chosen != colour:
            self.w.blow("BT-WILD", f"only a wild flag chooses its colour; {card} is {self.f.colours[colour]}")
        if colour is not None:
            self.counts[target][colour] += 1
        self.got = (player, card, self.w.line, "played", 0)  # a Got's parts
        self._pass_turn(player)

    def on_pass(self, event):
        player = event.player  # a property: read once
        if not self._turn(player):
            return
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "passing belongs to the advanced game; "
                                       "in the basic game every turn takes a card")
        elif self.layout_known and any(self.layout):
            left = sum(map(len, self.layout))
            self.w.blow("BT-PASS", f"passing starts once the layout is empty; it still holds {counted(left, 'card')} "
                                   "(CHOICE, RULES.md 12.6)")
        else:
            self.passed[player] = self.w.line
        self._pass_turn(player)

    def _bonus(self, player: str) -> int:
        """Points for the starter cards left in hand (advanced game)."""
        return sum(n * self.f.starter_points[card] for card, n in self.hands[player].items()) if self.advanced else 0
