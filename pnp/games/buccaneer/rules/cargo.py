"""Rule 5 of RULES.md: a hand's sailing and fighting values, treasure aboard (`hold` at most), crew coming from
and going under Pirate Island, Flat Island; and how a line of crew or treasure answers what asked for it,
and what a mistake leaves the checker unsure of."""
from __future__ import annotations

from pnp.check.pieces import Due
from pnp.check.words import counted, listed

from .verbs import SAILING


class Cargo:
    """Crew, treasure and what the players hold."""

    def sailing(self, player) -> int:
        """The sailing value: every crew card in the hand, added up."""
        return sum(map(self.f.crew_value.__getitem__, self.hand[player]))

    def fighting(self, player) -> int:
        """The fighting value: the red crew's total and the black crew's, the smaller taken from the larger."""
        red = sum(self.f.crew_value[c] for c in self.hand[player] if self.f.crew_colour[c] == "red")
        return abs(2 * red - self.sailing(player))

    def home_value(self, player) -> int:
        port, worth = self.home[player], self.f.treasure_value
        return sum(worth.get(item, 0) for item in self.docks[port] + self.safety[port])

    def _worth(self, item) -> int:
        return self.f.worth.get(item, 0)

    def due_words(self, due) -> dict:
        words = {"p": due.player, "n": "", "k": "", "to": "", "why": "", "heading": ""}
        if due.kind in ("return", "lose", "hire"):
            count = due.data["count"] if isinstance(due.data, dict) else due.data
            words["n"] = counted(count, "crew card" if due.kind != "return" else "treasure")
        elif due.kind == "take":
            words["n"] = due.data
        elif due.kind == "loot":
            words["n"], words["k"] = due.data[0], counted(due.data[1], "crew card")
        elif due.kind == "blown":
            words["to"], words["why"] = due.data[0][0], due.data[1] + due.data[2]
            words["heading"] = "" if words["to"] in self.f.ports else " HEADING"
        elif due.kind == "give":
            words["to"] = due.data[0]
            words["n"] = f"{counted(due.data[1], 'treasure')} or {counted(due.data[2], 'crew card')}"
        elif due.kind in ("press", "maroon"):
            words["n"] = "what the card says"
        return words


    def nothing_asks(self, kind, player) -> None:
        """A line nothing asks for is reported by its handler, in its own words: some are played as written
        (`_as_written`), and a landing on Flat Island is then a move of the player's own turn."""

    def _as_written(self, kind, player, data, code, what) -> Due:
        """A line of crew or treasure that nothing asks for: reported (unless the player's cards are blurred
        already: what a card asks for depends on them), then played as written."""
        if player not in self.unsure:
            self._unasked(code, player, what)
        return Due(kind, player, code, self.w.line, "", data)

    def _unasked(self, code, player, what) -> None:
        """A line nothing asks for: what a chance card still asks for is dropped too, the card having most
        likely been another."""
        self.w.blow(code, f"nothing asks {player} for this now: {what}")
        self._doubt(player)
        for due in self.todo:
            self._card_in_doubt(due)
        self.todo = [due for due in self.todo if not due.code.startswith("BU-CHANCE-")]

    def skipped(self, due) -> None:
        super().skipped(due)
        if due.kind not in ("fight", "free") and not due.optional:
            self._doubt(due.player)
            self._card_in_doubt(due)

    def after_problem(self, action) -> None:
        """After a mistake, what the line's players hold is no longer sure, unless it was a line of sailing;
        after one in the set-up, nobody's crew nor what Pirate Island holds."""
        if action.verb in ("cut", "port", "deal"):
            self.loose_pack = True
            self.pirates.counts = dict(self.f.crew_counts)
            return self._doubt(*self.players)
        named = (getattr(action, key, None) for key in ("player", "giver", "other", "to", "target"))
        self._doubt(*(p for p in named if p in self.hand and action.verb not in SAILING))

    def _doubt(self, *players) -> None:
        """What `players` hold, and the order of the piles, are no longer known: the log is trusted on them
        from now on (one mistake, one report)."""
        self.unsure.update(players)
        self.chance.forget_order()
        self.pirates.forget_order()

    def on_hire(self, event):
        due = self.answer("hire", event.player) or self._as_written(
            "hire", event.player, len(event.crew), "BU-CHANCE-CREW",
            "crew comes from Pirate Island when a card says so")
        if not event.crew and due.kind == "loot":  # a bot's choice of crew, not drawn yet (see outcome)
            self.intent = due.data[1]
            return
        count = due.data if due.kind == "hire" else due.data[1]
        count = min(count, len(self.pirates))
        if len(event.crew) != count and due.player not in self.unsure:
            self.w.blow(due.code if due.kind == "hire" else "BU-CHANCE-CREW",
                        f"{due.cause}: {due.player} takes {counted(count, 'crew card')} from Pirate Island, "
                        f"not {len(event.crew)}")
        for card in event.crew:
            if not self.pirates.draw(card, self.w.line):
                self.w.blow("BU-PIRATE-ISLAND", f"{card} cannot be the top card of Pirate Island now "
                                                f"({self._pile()})")
                self.pirates.slip(card, self.w.line)
            self.hand[due.player].append(card)

    def _pile(self) -> str:
        pile = self.pirates
        if pile.unknown:
            return f"{pile.unknown} unseen cards lie on top"
        return f"the top card is {pile.known[0]}" if pile.known else "the pile is empty"

    def on_lose(self, event):
        due = self.answer("lose", event.player) or self._as_written(
            "lose", event.player, {"count": len(event.crew), "from": "possessed"}, "BU-CHANCE-CUT",
            "crew goes to Pirate Island when a card or a challenge says so")
        player, rule, count = due.player, due.data["from"], due.data["count"]
        sure = player not in self.unsure
        if len(event.crew) != count and sure:
            self.w.blow(due.code, f"{due.cause}: {player} puts {counted(count, 'crew card')} on Pirate Island, "
                                  f"not {len(event.crew)}")
        best = max(map(self._worth, self.hand[player]), default=0)
        if rule == "best" and event.crew and self._worth(event.crew[0]) < best and sure:
            self.w.blow(due.code, f"{due.cause}: the best crew card goes, worth {best}, not {event.crew[0]}")
        for card in event.crew:
            if not self._crew_from(player, card, docks_too=rule == "possessed"):
                self.w.blow(due.code, f"{player} holds no {card}")
                continue
            self.pirates.put_under(card, self.w.line)

    def _crew_from(self, player, card, docks_too) -> bool:
        """A crew card taken from a player: from the home docks first when they count (cards 2 and 22: OUR
        CHOICE of RULES.md 5.2, the crew that sails is kept), else from the hand; False, to be reported, when it
        is in neither (but the log is trusted on a player whose cards a mistake blurred)."""
        for store in ([self.docks[self.home[player]]] if docks_too else []) + [self.hand[player]]:
            if card in store:
                store.remove(card)
                return True
        return self._trusted(player)

    def _trusted(self, player) -> bool:
        """Whether the log is trusted on what `player` has; if not, from now on it is."""
        trusted = player in self.unsure
        self.unsure.add(player)
        return trusted

    def on_take(self, event):
        due = self.answer("take", event.player) or self._as_written(
            "take", event.player, sum(map(self._worth, event.items)), "BU-CHANCE-TREASURE",
            "treasure comes from Treasure Island when a card says so")
        limit = due.data if due.kind == "take" else due.data[0]
        worth = sum(self.f.treasure_value[t] for t in event.items)
        if worth > limit:
            self.w.blow(due.code, f"{due.cause}: treasure worth up to {limit}, not {worth}")
            self.unsure.add(due.player)
        if self.island.take(event.items):
            self.w.blow("BU-CHANCE-TREASURE", "Treasure Island holds no more of that treasure")
        self._aboard(due.player, event.items)

    def _aboard(self, player, items) -> None:
        """Treasure comes aboard; more than the hold takes is reported."""
        self.aboard[player] += [t for t in items if t in self.f.treasure_value]
        if len(self.aboard[player]) > self.f.hold and player not in self.unsure:
            self.w.blow("BU-HOLD", f"{player}'s ship carries {len(self.aboard[player])} treasures: "
                                   f"{self.f.hold} at most")

    def on_return(self, event):
        due = self.answer("return", event.player)
        if due is None:  # the hold of a player whose cargo a mistake blurred is the log's word: so is its surplus
            if event.player not in self.unsure:
                return self._unasked("BU-RETURN", event.player, "treasure goes back when a ship holds too much")
            due = Due("return", event.player, "BU-RETURN", self.w.line, "", len(event.items))
        player, count = due.player, due.data
        if len(event.items) != count and player not in self.unsure:
            self.w.blow("BU-RETURN", f"{due.cause}: {player} returns {counted(count, 'treasure')}, "
                                     f"not {len(event.items)}")
        for t in event.items:
            if t in self.aboard[player]:
                self.aboard[player].remove(t)
                self.island.left[t] += 1
            elif not self._trusted(player):
                self.w.blow("BU-RETURN", f"{player}'s ship carries no {t}")

    def _hold_check(self, player, code, cause) -> None:
        surplus = len(self.aboard[player]) - self.f.hold
        if surplus > 0 and player not in self.unsure:
            self.ask(Due("return", player, code, self.w.line, cause, surplus))

    def _give_items(self, giver, to, items, code) -> None:
        """Items handed from one player (hand, hold, kept cards) to another."""
        for item in items:
            if not self._remove(giver, item, code):
                continue
            self._receive(to, item)

    def _remove(self, player, item, code) -> bool:
        for store in (self.hand[player], self.aboard[player], self.kept[player]):
            if item in store:
                store.remove(item)
                return True
        if self._trusted(player):
            return True
        self.w.blow(code, f"{player} has no {item} to part with")
        return False

    def _receive(self, player, item) -> None:
        store = self.hand if item in self.f.crew_value else self.aboard if item in self.f.treasure_value else self.kept
        store[player].append(item)

    def on_maroon(self, event):
        due = self.answer("maroon", event.player)
        player = event.player
        if due is None:
            if not self._turn_of(player):
                return
            if self.at[player] not in self.f.shore:
                self.w.blow("BU-FLAT-ISLAND", f"only a ship beside Flat Island lands anything there, not one on "
                                              f"{self.at[player]}")
        elif due.data == "best":
            self._best(due, event.items)
        else:
            self._one_or_other(due, event.items, *due.data)
        for item in event.items:
            if self._remove(due.player if due else player, item, due.code if due else "BU-FLAT-ISLAND"):
                self.flat.append(item)

    def _best(self, due, items) -> None:
        player, f = due.player, self.f
        pool = self.aboard[player] or self.hand[player]
        best = max(map(self._worth, pool), default=0)
        if (len(items) != 1 or items[0] not in pool or self._worth(items[0]) != best) and player not in self.unsure:
            kind = "treasure" if self.aboard[player] else "crew card"
            self.w.blow("BU-CHANCE-MAROON", f"{due.cause}: {player}'s best {kind}, worth {best}, goes to Flat "
                                            f"Island, not {listed(items)}")

    def on_collect(self, event):
        player = event.player
        if not self._turn_of(player):
            return
        if self.at[player] not in self.f.shore:
            self.w.blow("BU-FLAT-ISLAND", f"only a ship beside Flat Island takes what lies there, not one on "
                                          f"{self.at[player]}")
        for item in event.items:
            if item in self.flat:
                self.flat.remove(item)
                self._receive(player, item)
            else:
                self.w.blow("BU-FLAT-ISLAND", f"no {item} lies on Flat Island")
        self._over_hold(player)
