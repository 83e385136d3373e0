"""Rule 8 of RULES.md: the chance card drawn on the coast of Treasure Island, obeyed as far as it can be,
and the lines of what it asks for (a ship blown, crew pressed or swapped, something handed to the nearest
ship); crew and treasure it brings or takes are the lines of `cargo`."""
from __future__ import annotations

from pnp.check.pieces import Due
from pnp.check.words import counted, listed

from .verbs import ISLAND, WAY


class ChanceCards:
    """Chance cards and their follow-ups."""

    def on_draw(self, event):
        due = self.settle("draw")
        card = self.f.by_number[event.card]
        if due is None:
            self.w.blow("BU-DRAW", "a chance card is drawn when a ship stops on the coast of Treasure Island")
            return
        slipped = not self.chance.draw(card, self.w.line) and not self._drawn_past_doubt(card)
        if slipped:
            keeper = next((p for p in self.players if card in self.kept[p]), None)
            if keeper not in self.unsure:  # a card a blurred player was thought to keep is trusted
                self.w.blow("BU-DRAW", f"chance card {event.card} is not the top card of the pile (kept by "
                                       f"{keeper or 'nobody'}, or put under the pile since)")
            self.chance.slip(card, self.w.line)
            if keeper:
                self.kept[keeper].remove(card)
        self._first(self._obey, due.player, card)
        if slipped:  # where the card goes now is no surer than where it came from
            self.chance.forget_order()

    def _card_in_doubt(self, due) -> None:
        """What a chance card asked for (`due`, of the card drawn at its line) does not fit the log: the card may
        have been another, so an unseen card of the pile may be gone already (`misdrawn`)."""
        if due.code.startswith("BU-CHANCE-") and due.code != "BU-CHANCE-CHART":
            self.misdrawn.add(due.line)

    def _drawn_past_doubt(self, card) -> bool:
        """Whether `card` is the first card put under the pile, come up when no more unseen cards are left than
        cards drawn that may have been others: those unseen cards were drawn then, and `card` is on top. Drawn,
        if so."""
        pile = self.chance
        if not 0 < pile.unknown <= len(self.misdrawn) or not pile.known or pile.known[0] != card:
            return False
        self.misdrawn.difference_update(sorted(self.misdrawn)[:pile.unknown])
        pile.unknown = 0
        return pile.draw(card, self.w.line)

    def _obey(self, player, card) -> None:
        """The follow-ups a chance card asks for, in the order they are written."""
        data, f, line = self.f.card[card], self.f, self.w.line
        effect, cause = data["effect"], f"chance card {data['number']}"
        if data["keep"]:
            self.kept[player].append(card)
        else:
            self.chance.put_under(card, line)
        crew_value = self.sailing(player) if data["bonus-crew"] else 0  # the crew as the card came
        if effect == "blown":
            blown = self._blown_to(player, data)
            self.todo.append(Due("blown", player, "BU-CHANCE-BLOWN", line, cause, blown, optional=len(blown[0]) > 1))
        elif effect == "press":
            if any(self._possessed(p) for p in self.seats.others(player)):
                self.todo.append(Due("press", player, "BU-CHANCE-PRESS", line, cause, data["crew"]))
        elif effect in ("give", "castaway"):
            self._give_due(player, data, cause, effect)
        elif effect == "maroon-best":
            if self.aboard[player] or self.hand[player]:
                self.todo.append(Due("maroon", player, "BU-CHANCE-MAROON", line, cause, "best"))
        elif effect == "desert":
            self._lose_due(player, min(data["crew"], len(self.hand[player])), "BU-CHANCE-DESERT", cause, "best")
        elif effect == "loot":
            self._treasure_due(player, data["treasure"], data["crew"], cause)
            surplus = len(self.hand[player]) - data["cut-to"]
            if data["cut-to"] and surplus > 0:
                self._lose_due(player, surplus, "BU-CHANCE-CUT", cause)
        elif effect == "new-crew":
            count = len(self.hand[player])
            self._lose_due(player, count, "BU-CHANCE-SWAP", cause, "all")
            self._hire_due(player, count, "BU-CHANCE-SWAP", cause)
        elif effect == "swap":
            self._swap_due(player, data, cause)
        elif effect == "fever":
            for p in [player, *self.seats.others(player)]:
                surplus = len(self._possessed(p)) - data["cut-to"]
                if surplus > 0:
                    self._lose_due(p, surplus, "BU-CHANCE-CUT", cause, "possessed")
        if data["bonus-crew"] and crew_value <= data["low-crew"]:
            self._hire_due(player, data["bonus-crew"], "BU-CHANCE-CREW", f"{cause} and a crew worth {crew_value}")

    def _blown_to(self, player, data) -> tuple:
        """(the spaces a card may blow a ship to, them named, why): one space, or on card 6 the harbours
        ahead that are equally near (any of them, or none)."""
        f, at = self.f, self.at[player]
        where = data["to"]
        if where == "ahead":
            return self._ports_ahead(player)
        if where == "home":
            to = self.home[player]
        elif where == "offshore":
            step = f.board.away(at, ISLAND)
            path = f.board.ray(at, *step, data["distance"]) if step != (0, 0) else []
            to = path[-1] if path else at
        else:
            to = f.places[where][0]
        return (to,), self._named(to), ""

    def _named(self, space) -> str:
        """A space as a log names it, with the name of the place it is (`1-1 (Mud Bay)`)."""
        kind = self.f.board.spaces[space].kind
        return f"{space} ({self.f.place_names[kind]})" if kind in self.f.place_names else space

    def _ports_ahead(self, player) -> tuple:
        """Card 6 as RULES.md 8.2 reads it: the nearest harbours (squares counted as a king steps) in the half
        of the board the bow faces, those the ship nears by sailing on along its bow; (harbours, why)."""
        f, here, bow = self.f, self.f.board.spaces[self.at[player]], self.bow[player] or (0, 0)
        ahead = {}
        for port in f.ports:
            there = f.board.spaces[port]
            dx, dy = there.x - here.x, there.y - here.y
            if dx * bow[0] + dy * bow[1] > 0:
                ahead[port] = int(max(abs(dx), abs(dy)))
        nearest = min(ahead.values(), default=0)
        found = tuple(port for port, d in ahead.items() if d == nearest)
        others = ", ".join(f"{p} {d}" for p, d in sorted(ahead.items(), key=lambda pair: pair[1]) if d > nearest)
        named = " or ".join(found) + (", or nowhere (they are equally near)" if len(found) > 1 else "")
        why = (f": the nearest harbour ahead of the bow ({WAY.get(bow, '?')}), {nearest} squares off"
               f"{f' (then {others})' if others else ''}; RULES.md 8.2 reads the card's direction as the half of "
               "the board the bow faces, squares counted as a king steps")
        return found, named, why

    def _give_due(self, player, data, cause, effect) -> None:
        if not (self.aboard[player] or self.hand[player]):
            return
        if effect == "castaway":
            self.todo.append(Due("maroon", player, "BU-CHANCE-MAROON", self.w.line, cause,
                                 (data["pieces"], data["crew"])))
            return
        to = self._nearest(player)
        if to is not None:
            self.todo.append(Due("give", player, "BU-CHANCE-GIVE", self.w.line, cause,
                                 (to, data["pieces"], data["crew"])))

    def _nearest(self, player):
        """The one ship nearest to `player`'s (squares counted as a king steps); None on a tie."""
        here = self.f.board.spaces[self.at[player]]
        far = {}
        for p in self.seats.others(player):
            there = self.f.board.spaces[self.at[p]]
            far[p] = max(abs(there.x - here.x), abs(there.y - here.y))
        nearest = min(far.values())
        found = [p for p, d in far.items() if d == nearest]
        return found[0] if len(found) == 1 else None

    def _lose_due(self, player, count, code, cause, rule="any") -> None:
        if count > 0:
            self.todo.append(Due("lose", player, code, self.w.line, cause, {"count": count, "from": rule},
                                 optional=player in self.unsure))

    def _hire_due(self, player, count, code, cause) -> None:
        if count > 0:
            self.todo.append(Due("hire", player, code, self.w.line, cause, count, optional=player in self.unsure))

    def _treasure_due(self, player, limit, crew, cause, code="BU-CHANCE-TREASURE") -> None:
        fits = self._treasure_fits(player, limit)
        if crew:
            self.todo.append(Due("loot", player, code, self.w.line, cause, (limit if fits else 0, crew)))
        elif fits:
            self.todo.append(Due("take", player, code, self.w.line, cause, limit, optional=player in self.unsure))

    def _treasure_fits(self, player, limit) -> bool:
        if self.f.hold <= len(self.aboard[player]) and player not in self.unsure:
            return False  # no room aboard
        left = self.island.left
        for treasure, value in self.f.treasure_value.items():  # any left on the island worth no more than `limit`
            if value <= limit and left[treasure] > 0:
                return True
        return False

    def _swap_due(self, player, data, cause) -> None:
        ships = [p for p in self.seats.others(player) if self.at[p] in self.f.coast and self.hand[p]]
        if ships and self.hand[player]:
            self.todo.append(Due("swap", player, "BU-CHANCE-SWAP", self.w.line, cause, (tuple(ships), data["crew"])))
        else:
            self._lose_due(player, min(data["crew"], len(self.hand[player])), "BU-CHANCE-SWAP", cause)

    def _possessed(self, player) -> list:
        """Every crew card a player has: the hand, then the home docks."""
        return self.hand[player] + [c for c in self.docks[self.home[player]] if c in self.f.crew_value]

    def on_blown(self, event):
        due = self.answer("blown", event.player)
        if due is None:
            return self._unasked("BU-CHANCE-BLOWN", event.player, "a ship is blown only by a chance card")
        player, (places, named, why) = due.player, due.data
        if event.to not in places:
            self.w.blow("BU-CHANCE-BLOWN", f"{due.cause} blows {player}'s ship to {named}, not {event.to}{why}")
        self.at[player] = event.to  # the replay goes on as written
        if event.to in self.f.ports and player == self.current:
            self.arrived = event.to  # it may trade there at once (RULES.md 6.1)
        self._point(player, event.heading, event.to in self.f.ports)
        self._check_win(player)

    def on_give(self, event):
        due = self.answer("give", event.player)
        if due is None:
            self._unasked_between("BU-CHANCE-GIVE", event.player, event.to,
                                  "only a chance card makes a ship hand something to the nearest one")
        else:
            to, pieces, crew = due.data
            if event.to != to:
                self.w.blow("BU-CHANCE-GIVE", f"{to}'s ship is the nearest to {due.player}'s, not {event.to}'s")
            self._one_or_other(due, event.items, pieces, crew)
        giver = event.player if due is None else due.player
        self._give_items(giver, event.to, event.items, "BU-CHANCE-GIVE")
        self._hold_check(event.to, "BU-HOLD", f"{event.to}'s ship given treasure")

    def _unasked_between(self, code, player, other, what) -> None:
        """A line of crew or treasure between `player` and `other` that nothing asks for: reported, then played as
        written, neither player's cards sure from now on."""
        self._unasked(code, player, what)
        self._doubt(other)

    def _one_or_other(self, due, items, pieces, crew) -> None:
        """`pieces` treasures, or else `crew` crew cards (as many as the player has)."""
        player, f = due.player, self.f
        treasure = [i for i in items if i in f.treasure_value]
        cards = [i for i in items if i in f.crew_value]
        fine = (treasure and len(treasure) == min(pieces, len(self.aboard[player])) and not cards) or \
               (cards and len(cards) == min(crew, len(self.hand[player])) and not treasure)
        if not fine and player not in self.unsure:
            self.w.blow(due.code, f"{due.cause}: {player} parts with {counted(pieces, 'treasure')} or "
                                  f"{counted(crew, 'crew card')}, not {listed(items)}")

    def on_press(self, event):
        due = self.answer("press", event.player)
        giver, taker = event.giver, event.player if due is None else due.player
        if due is None:
            self._unasked_between("BU-CHANCE-PRESS", event.player, giver,
                                  "only a chance card presses another player's crew")
        elif giver == due.player or (len(event.crew) != min(due.data, len(self._possessed(giver)))
                                     and giver not in self.unsure):
            self.w.blow("BU-CHANCE-PRESS", f"{due.cause}: another player hands {due.player} "
                                           f"{counted(due.data, 'crew card')} (all they have if fewer)")
        for card in event.crew:
            if not self._crew_from(giver, card, docks_too=True):
                self.w.blow("BU-CHANCE-PRESS", f"{giver} has no {card} in hand or at home")
                continue
            self.hand[taker].append(card)

    def on_swap(self, event):
        due = self.answer("swap", event.player)
        other = event.other
        if due is None:
            self._unasked_between("BU-CHANCE-SWAP", event.player, other,
                                  "only a chance card swaps crew with a ship on the coast")
        else:
            self._check_swap(due, event)
        player = event.player if due is None else due.player
        for card in event.gave:
            if self._remove(player, card, "BU-CHANCE-SWAP"):
                self.hand[other].append(card)
        for card in event.got:
            if self._remove(other, card, "BU-CHANCE-SWAP"):
                self.hand[player].append(card)

    def _check_swap(self, due, event) -> None:
        """A swap card 20 asks for: with a ship on the coast, as many crew cards each way as the card says."""
        player, (ships, count), other = due.player, due.data, event.other
        if other not in ships:
            self.w.blow("BU-CHANCE-SWAP", f"{due.cause}: the swap is with a ship on the coast ({listed(ships)})")
            self.unsure.update(ships)  # which of them swapped is not known
        elif [len(event.gave), len(event.got)] != [min(count, len(self.hand[p])) for p in (player, other)] \
                and not self.unsure & {player, other}:
            self.w.blow("BU-CHANCE-SWAP", f"{due.cause}: {counted(count, 'crew card')} go each way")
