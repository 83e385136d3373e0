"""Rule 6 of RULES.md: trading value for value in a port other than home, on sailing in or out; moving crew
and treasure between a ship and its home docks; treasure into the safety zone, `safety-set` of a kind at a time."""
from __future__ import annotations


class Ports:
    """Trades, the home docks and the safety zone."""

    def _trading_port(self, player):
        """The port a ship may trade in now: the one it sails out of before moving, or sailed into."""
        at = self.at[player]
        if at not in self.f.ports or at == self.home[player]:
            return None
        if (not self.moved and self.start_port == at) or (self.moved and self.arrived == at):
            return at
        return None

    def on_trade(self, event):
        player = event.player
        if not self._turn_of(player):
            return
        port = self._trading_port(player)
        gave, got = event.bargain
        if port is None:
            self.w.blow("BU-TRADE", f"{player} trades only in a port other than home, on sailing in or out")
            return
        worth = [sum(self._worth(i) for i in side) for side in (gave, got)]
        if worth[0] != worth[1] or not worth[0]:
            self.w.blow("BU-TRADE", f"a trade is value for value: {worth[0]} given for {worth[1]}")
        docks = self.docks[port]
        lacking = _lacking(docks, got)
        if lacking and not self._docks_unsure(port):
            self.w.blow("BU-TRADE", f"the docks of {self.f.port_name[port]} hold no {lacking[0]}")
            return
        for item in gave:
            if item in self.f.card and not self._worth(item):
                self.w.blow("BU-TRADE", f"{item} has no value in trade")
            if self._remove(player, item, "BU-TRADE"):
                docks.append(item)
        for item in got:
            self._off_docks(port, item)
            self._receive(player, item)
        self._over_hold(player)

    def _docks_unsure(self, port) -> bool:
        """Whether what `port`'s docks hold is the log's word (one mistake, one report): a spare port whose
        set-up the log left out or wrote wrongly, or the home of a player whose cargo a mistake blurred (a line
        of unloading or loading may be what was missed)."""
        return port in self.vague_docks or any(self.home[player] == port for player in self.unsure)

    def _off_docks(self, port, item) -> bool:
        """Take `item` off `port`'s docks. False, the docks left as they are, when they hold none and what they
        hold is sure; when it is the log's word, it is taken from them all the same."""
        docks = self.docks[port]
        if item in docks:
            docks.remove(item)
            return True
        return self._docks_unsure(port)

    def _over_hold(self, player) -> None:
        if len(self.aboard[player]) > self.f.hold and player not in self.unsure:
            self.w.blow("BU-HOLD", f"{player}'s ship would carry {len(self.aboard[player])} treasures: "
                                   f"{self.f.hold} at most")

    def _at_home(self, player) -> bool:
        if not self._turn_of(player):
            return False
        if self.at[player] != self.home[player]:
            home = self.f.port_name[self.home[player]]
            self.w.blow("BU-HOME-DOCKS", f"{player}'s ship is not in its home port, {home}")
            return False
        return True

    def on_unload(self, event):
        player = event.player
        if not self._at_home(player):
            return
        for item in event.items:
            if self._remove(player, item, "BU-HOME-DOCKS"):
                self.docks[self.home[player]].append(item)
        self._check_win(player)

    def on_load(self, event):
        player = event.player
        if not self._at_home(player):
            return
        for item in event.items:
            if self._off_docks(self.home[player], item):
                self._receive(player, item)
            else:
                self.w.blow("BU-HOME-DOCKS", f"no {item} lies on {player}'s docks")
        self._over_hold(player)

    def on_safe(self, event):
        player = event.player
        if not self._at_home(player):
            return
        port = self.home[player]
        kinds = set(event.items)
        kind = event.items[0]
        joining = self.safety[port].count(kind) >= self.f.safety_set
        if len(kinds) > 1 or (len(event.items) < self.f.safety_set and not joining):
            self.w.blow("BU-SAFETY", f"treasure goes into the safety zone {self.f.safety_set} of a kind at a time, "
                                     f"or to join {self.f.safety_set} of its kind there")
        for item in event.items:
            if self._off_docks(port, item):
                self.safety[port].append(item)
            else:
                self.w.blow("BU-SAFETY", f"no {item} lies on {player}'s docks to put into the safety zone")
        self._check_win(player)


def _lacking(store: list, items) -> list:
    """The `items` that `store` does not hold, each as often as it falls short."""
    left, lacking = list(store), []
    for item in items:
        if item in left:
            left.remove(item)
        else:
            lacking.append(item)
    return lacking
