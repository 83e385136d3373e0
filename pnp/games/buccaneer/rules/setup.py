"""Rules 1-2 of RULES.md: each player's home port, the cut for the deal, the crew and treasure each other
port's docks start with, the crew dealt to each player, and the rest of the crew pack made Pirate Island."""
from __future__ import annotations

from pnp.check.pieces import Deck, Seats, Supply
from pnp.check.words import listed


class SetUp:
    """The set-up, before the dealer's first move."""

    def begin(self, setup):
        f = self.f
        self.seats = Seats(self.players)
        ports = setup.options["ports"] or ()
        self.home = dict(zip(self.players, ports))
        self._check_homes(setup)
        self.at = {p: self.home[p] for p in self.players}          # each ship's space
        self.bow = dict.fromkeys(self.players)                       # its heading, None in a harbour
        self.hand = {p: [] for p in self.players}                    # crew cards held
        self.kept = {p: [] for p in self.players}                    # chance cards kept
        self.aboard = {p: [] for p in self.players}                  # treasure aboard
        self.docks = {port: [] for port in f.ports}                  # crew, treasure and cards on each port's docks
        self.safety = {port: [] for port in f.ports}                 # treasure in each home's safety zone
        self.flat: list = []                                         # what lies on Flat Island
        self.island = Supply(f.treasure_counts)                      # treasure on Treasure Island
        self.crew_box = Supply(f.crew_counts)                        # the crew pack while it is dealt
        self.pirates = Deck({}, 0)                                   # Pirate Island, once the deal is done
        self.chance = Deck(f.chance_counts)
        self.misdrawn: set = set()                                   # the lines of chance cards that may have been
                                                                     # others: as many unseen cards may be gone
        self.cut_line, self.dealer = 0, None
        self.set_up, self.dealt = set(), set()                       # ports set up, players dealt
        self.playing = False
        self.current, self.moved = None, False
        self.ended: list = [None]                                    # the seats whose turns ended as this one began:
                                                                     # the last to move, then those passed idle
        self.start_port = self.arrived = None
        self.last_move = None                                        # (player, squares, sailing value, line):
                                                                     # the squares stand for a value they are within
        self.challenged = False
        self.turns = 0
        self.todo: list = []
        self.won, self.won_line, self.stopped = None, 0, 0
        self.home_claims: dict = {}                                  # player -> the final scores' word on their
                                                                     # treasure at home, where a mistake blurred it
        self.final_line = self.winner_line = 0                       # FinalScores' defaults, kept on the state: read
                                                                     # at every line, found faster here
        self.intent = 0                                              # crew a bot chose, not drawn yet
        self.fresh = self.after_sail = False                         # the last line was a turn's sailing
        self.crowded = None                                          # (line, message, ship): a third ship there
        self.unsure: set = set()                                     # players whose cards and hold a mistake blurred
        self.loose_pack = False                                      # a set-up mistake: Pirate Island may hold anything
        self.vague_docks: set = set()                                # spare ports set up wrongly or not at all: what
                                                                     # their docks hold is the log's word

    def _check_homes(self, setup) -> None:
        line, f = setup.line("ports"), self.f
        if len(self.home) != len(self.players):
            self.w.blow("BU-HOME", "the header needs `ports:`, each player's home port in seat order", line)
            spare = [port for port in f.homes if port not in self.home.values()]
            self.home.update(zip([p for p in self.players if p not in self.home], spare))
            return
        for player, port in self.home.items():
            if port not in f.homes:
                self.w.blow("BU-HOME", f"{f.port_name[port]} is never a home port ({player}'s)", line)
        ports = list(self.home.values())
        for port in dict.fromkeys(ports):
            if ports.count(port) > 1:
                self.w.blow("BU-HOME", f"{f.port_name[port]} is the home port of more than one player", line)

    def _spare_ports(self) -> list:
        return [port for port in self.f.ports if port not in self.home.values()]

    def _setup_line(self) -> bool:
        """False, reported, when play has begun."""
        self.settle(None)
        if self.playing:
            self.w.blow("BU-SETUP", "play has begun: the set-up comes before the dealer's first move")
            return False
        return True

    def on_cut(self, event):
        if not self._setup_line():
            return
        cards = dict(event.cards)
        numbers = list(cards.values())
        if self.cut_line:
            self.w.blow("BU-CUT", f"the cut was written already (line {self.cut_line})")
            return
        self.cut_line = self.w.line
        if set(cards) != set(self.players):
            self.w.blow("BU-CUT", f"every player cuts once: {listed(p for p in self.players if p not in cards)} "
                                  "did not")
        elif len(set(numbers)) != len(numbers) or not set(numbers) <= set(self.f.number.values()):
            self.w.blow("BU-CUT", "each player cuts a different chance card, numbered "
                                  f"{min(self.f.number.values())} to {max(self.f.number.values())}")
        self.dealer = max(cards, key=lambda p: cards[p]) if cards else self.players[0]
        self._maybe_play()

    def on_port(self, event):
        if not self._setup_line():
            return
        port, f = event.port, self.f
        if port in self.home.values() or port in self.set_up:
            why = "a home port's docks start empty" if port in self.home.values() else "it was set up already"
            self.w.blow("BU-PORT-SETUP", f"{f.port_name[port]} gets no crew and treasure now: {why}")
            if port in self.set_up:
                self.vague_docks.add(port)  # which of its two lines is true is not known
            return
        self.set_up.add(port)
        crew = [item for item in event.items if item in f.crew_value]
        treasure = [item for item in event.items if item in f.treasure_value]
        wrong = self._wrong_docks(crew, treasure, len(event.items))
        if wrong:
            # What the docks really hold is unknown, and so is the treasure the island gave them: it keeps all it may
            self.w.blow("BU-PORT-SETUP", wrong)
            self.vague_docks.add(port)
        elif self.island.take(treasure):
            self.w.blow("BU-PORT-SETUP", "Treasure Island holds no more of that treasure")
            self.vague_docks.add(port)
        self.docks[port] += event.items
        self._maybe_play()

    def _wrong_docks(self, crew: list, treasure: list, items: int) -> str:
        """What is wrong with a port's docks set up with `crew` and `treasure` (of `items` written), the crew
        taken from the pack; '' when nothing is."""
        f = self.f
        value = sum(self._worth(item) for item in crew)
        best = self._make_up(f.port_value - value)
        short = self.crew_box.take(crew)
        if len(crew) != f.port_crew or len(crew) + len(treasure) != items:
            return f"a port's docks start with {f.port_crew} crew cards, then treasure"
        if short:
            return f"the crew pack holds {f.crew_counts[short[0]]} {short[0]} cards in all"
        if sorted(self._worth(t) for t in treasure) != sorted(best):
            return (f"the crew is worth {value}: the most valuable treasure making the port up to {f.port_value} "
                    f"is worth {' + '.join(map(str, best)) or 'nothing'}")
        return ""

    def _make_up(self, missing: int) -> list:
        """The values of the treasure that makes up `missing` exactly with the fewest and most valuable
        pieces Treasure Island still holds (as close below it as it can when none is exact). Each answer is
        kept with the facts: ports are set up from much the same island game after game."""
        key = (missing, tuple(self.island.left.items()))
        known = self.f.make_ups.get(key)
        if known is None:
            values = sorted({v for t, v in self.f.treasure_value.items() if self.island.left[t] > 0}, reverse=True)
            left = {v: sum(self.island.left[t] for t, w in self.f.treasure_value.items() if w == v) for v in values}
            known = self.f.make_ups[key] = tuple(self._best_make_up(missing, values, left))
        return list(known)

    @staticmethod
    def _best_make_up(missing: int, values: list, left: dict) -> list:
        """`_make_up` worked out: `values` from the highest, `left[v]` pieces of each."""
        best: list = []

        def rank(chosen):  # the most value, then the fewest pieces, then the most valuable ones
            return sum(chosen), -len(chosen), sorted(chosen, reverse=True)

        def search(rest, chosen, start):
            nonlocal best
            if rank(chosen) > rank(best):
                best = list(chosen)
            for index in range(start, len(values)):
                v = values[index]
                if v <= rest and chosen.count(v) < left[v]:
                    search(rest - v, chosen + [v], index)
        search(max(missing, 0), [], 0)
        return sorted(best, reverse=True)

    def on_deal(self, event):
        if not self._setup_line():
            return
        if event.to in self.dealt:
            self.w.blow("BU-DEAL", f"{event.to} was dealt crew already")
            self.unsure.add(event.to)
            return
        self.dealt.add(event.to)
        if len(event.crew) != self.f.hand:
            self.w.blow("BU-DEAL", f"each player is dealt {self.f.hand} crew cards, not {len(event.crew)}")
        short = self.crew_box.take(event.crew)
        if short:
            self.w.blow("BU-DEAL", f"the crew pack holds {self.f.crew_counts[short[0]]} {short[0]} cards in all")
        self.hand[event.to] = list(event.crew)
        self._maybe_play()

    def _maybe_play(self) -> None:
        if self.cut_line and len(self.dealt) == len(self.players) and len(self.set_up) == len(self._spare_ports()):
            self._begin_play(self.dealer)

    def _begin_play(self, first) -> None:
        """Play begins: the rest of the crew pack is Pirate Island; the log is trusted on the crew of a player
        it dealt none, and on the docks of a port it set up none."""
        left = {card: max(count, 0) for card, count in self.crew_box.left.items()}
        undealt = {p for p in self.players if p not in self.dealt}
        unset = len(self._spare_ports()) - len(self.set_up)  # the crew of what the log left out is not there
        size = max(sum(left.values()) - self.f.hand * len(undealt) - self.f.port_crew * unset, 0)
        self.pirates = Deck(dict(self.f.crew_counts) if self.loose_pack else left, size)
        self.unsure |= undealt
        self.vague_docks.update(port for port in self._spare_ports() if port not in self.set_up)
        self.playing = True
        self._start_turn(first)

    def _setup_missing(self) -> str:
        missing = [] if self.cut_line else ["the cut for the deal"]
        missing += [f"the docks of {self.f.port_name[p]}" for p in self._spare_ports() if p not in self.set_up]
        missing += [f"{p}'s crew" for p in self.players if p not in self.dealt]
        return listed(missing)
