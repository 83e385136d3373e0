"""Buccaneer's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this file. The sea, its islands,
its coast and its harbours are board.yaml (walked through pnp.board); the ports, the places and the
treasure values are game.yaml's vars; the crew cards are crew-cards.csv; what each chance card does is the
data of chance-cards.yaml; the counts the Laws give (20 points, 6 crew, 2 treasures aboard ...) rules.yaml.

The log is the record of someone who sees everything: the crew dealt, the cards drawn from Pirate Island
and the cards given away are named, so the checker always knows every hand. A ship's move names the square
it ends on and its new heading; the checker finds the straight line it took.
"""
from __future__ import annotations

from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import TABLE, Rules, State
from pnp.check.facts import Keys, RuleData, counts, ids
from pnp.check.pieces import Deck, Due, FollowUps, Seats, Supply
from pnp.check.setup import OnePerSeat
from pnp.check.verbs import Kind, action, names
from pnp.check.violations import LOG_SYNTAX
from pnp.check.words import counted, listed
from pnp.datafile import Bool, Int, MapOf, Record, Text
from pnp.errors import DataError

BOARD, CHANCE, CREW, TREASURE = "board", "chance-cards", "crew-cards", "treasure"
ISLAND, FLAT = "treasure-island", "flat-island"           # the places of game.yaml the rules walk round
HEADINGS = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
            "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1)}  # how a log names a bow's direction
WAY = {step: name for name, step in HEADINGS.items()}

RULES_FILE = Record({name: Int(1) for name in (
    "goal", "port-crew", "port-value", "hand", "hold", "per-square", "drift", "spoils-crew", "safety-set",
    "simulated-turns")}, "Buccaneer's rule facts")

GAME_VARS = Keys({
    "ports": MapOf(Keys({"name": Text(), "home": Bool()}, "a port: its name and whether it may be a home")),
    "places": MapOf(Text()),
    "treasures": MapOf(Keys({"name": Text(), "value": Int(1)}, "a treasure: its name and value")),
}, "the game's vars")


# --- words ---------------------------------------------------------------------------------------------

class Bargain(tuple):
    """A trade's two sides, (what the ship gives, what it takes from the docks): `red-1 red-2 for ruby`."""

    __slots__ = ()

    def __str__(self):
        return f"{' '.join(self[0])} for {' '.join(self[1])}"


def _pairs(what: str, read_value):
    """A kind of words: pairs of a player and a value, `Mia 17 Tom 5`, each player once."""
    def read(words):
        found = words.pairs(lambda name: read_value(words, name))
        if not found:
            words.fail(f"no {what} is given")
        return tuple(found.items())
    return Kind(read, f"PLAYER {what.upper()} PLAYER {what.upper()} ...")


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Cut = action("cut", "cut {cards:cut}")
Port = action("port", "port {port:port} {items:item}...")
Deal = action("deal", "deal {to:player} {crew:crew}...")
Sail = action("sail", "{player} sail {to:place} [{heading:heading}]")
Turn = action("turn", "{player} turn {heading:heading}")
Stay = action("stay", "{player} stay")
Draw = action("draw", "draw {card:chance}")
Blown = action("blown", "{player} blown {to:place} [{heading:heading}]")
Hire = action("hire", "{player} hire {crew:crew}...")
Lose = action("lose", "{player} lose {crew:crew}...")
Take = action("take", "{player} take {items:treasure}...")
ReturnTreasure = action("return", "{player} return {items:treasure}...")
Give = action("give", "{player} give {to:player} {items:item}...")
Press = action("press", "{player} press {giver:player} {crew:crew}...")
Swap = action("swap", "{player} swap {other:player} {gave:crew} [{gave:crew}] for {got:crew} [{got:crew}]")
Maroon = action("maroon", "{player} maroon {items:item}...")
Collect = action("collect", "{player} collect {items:item}...")
Trade = action("trade", "{player} trade {bargain:bargain}")
Unload = action("unload", "{player} unload {items:item}...")
Load = action("load", "{player} load {items:item}...")
Safe = action("safe", "{player} safe {items:treasure}...")
Attack = action("attack", "{player} attack {target:player}")
Fight = action("fight", "fight {odds:fight}")
Seize = action("seize", "{player} seize {what:spoil} [{crew:crew}...]")
Challenge = action("challenge", "{player} challenge {target:player}")
Halt = action("stop", "stop")

MISSING = {  # a follow-up's kind -> what the log lacks when it is skipped, and the line to write
    "draw": ("the top chance card is drawn", "draw NUMBER"),
    "fight": ("the fighting values", "fight PLAYER VALUE PLAYER VALUE"),
    "seize": ("{p} takes the spoils", "{p} seize treasure|crew ..."),
    "return": ("{p} returns {n} to Treasure Island", "{p} return TREASURE ..."),
    "free": ("{p} makes the free move", "{p} sail SQUARE HEADING"),
    "blown": ("{p}'s ship is blown to {why}", "{p} blown {to}{heading}"),
    "hire": ("{p} takes {n} from Pirate Island", "{p} hire CREW ..."),
    "lose": ("{p} puts {n} on Pirate Island", "{p} lose CREW ..."),
    "take": ("{p} takes treasure worth up to {n}", "{p} take TREASURE ..."),
    "loot": ("{p} takes treasure worth up to {n} or {k}", "{p} take TREASURE ... or {p} hire CREW ..."),
    "give": ("{p} gives {n} to {to}", "{p} give {to} ..."),
    "press": ("{p} names a player who hands over {n}", "{p} press PLAYER CREW ..."),
    "maroon": ("{p} puts {n} on Flat Island", "{p} maroon ..."),
    "swap": ("{p} swaps crew with a ship on the coast", "{p} swap PLAYER CREW CREW for CREW CREW"),
}
ANSWERS = {"loot": ("take", "hire")}  # a follow-up answered by other verbs than its own
SAILING = frozenset(("sail", "turn", "stay", "blown", "attack"))  # lines of where ships go: no one's cards blurred
TABLE_KINDS = frozenset(("draw", "fight", "hire"))


# --- the state of one game ---------------------------------------------------------------------------

class GameState(FinalScores, FollowUps, State):
    """Buccaneer in progress: the ships, every hand, hold, dock, safety zone and island, the chance and
    Pirate Island piles, the turn under way and the follow-ups its lines ask for."""

    end_code, final_code, winner_code = "BU-GAME-END", "BU-FINAL", "BU-WINNER"
    unit = "points at home"
    missing_texts = MISSING
    table_kinds = TABLE_KINDS

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
        self.cut_line, self.dealer = 0, None
        self.set_up, self.dealt = set(), set()                       # ports set up, players dealt
        self.playing = False
        self.current, self.moved = None, False
        self.ended: list = [None]                                    # the seats whose turns ended as this one began:
                                                                     # the last to move, then those passed idle
        self.start_port = self.arrived = None
        self.last_move = None                                        # (player, squares, sailing value, line)
        self.challenged = False
        self.turns = 0
        self.todo: list = []
        self.won, self.won_line, self.stopped = None, 0, 0
        self.intent = 0                                              # crew a bot chose, not drawn yet
        self.fresh = self.after_sail = False                         # the last line was a turn's sailing
        self.crowded = None                                          # (line, message, ship): a third ship there
        self.unsure: set = set()                                     # players whose cards and hold a mistake blurred
        self.loose_pack = False                                      # a set-up mistake: Pirate Island may hold anything

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

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.todo:
            return self.follower()
        if self.won or self.stopped or not self.playing:
            return TABLE
        if self.turns > self.f.simulated_turns and not self.moved:
            return TABLE
        return self.current

    def table_action(self, rng):
        if self.todo:
            due = self.todo[0]
            if due.kind == "draw":
                return Draw(self.f.number[rng.choice(self.chance.pool())])
            if due.kind == "fight":
                return Fight(tuple((p, self.fighting(p)) for p in due.data))
            return Hire(due.player, self._top(due.data, rng))
        if self.won or self.stopped:
            return self.end_action()
        if not self.cut_line:
            numbers = rng.sample(sorted(self.f.number.values()), len(self.players))
            return Cut(tuple(zip(self.players, numbers)))
        if len(self.set_up) < len(self._spare_ports()):
            return self._port_action(next(p for p in self._spare_ports() if p not in self.set_up), rng)
        if len(self.dealt) < len(self.players):
            player = next(p for p in self.players if p not in self.dealt)
            pool = self.crew_box.pool()
            return Deal(player, tuple(sorted(rng.sample(pool, min(self.f.hand, len(pool))))))
        return Halt()

    def outcome(self, action, rng):
        if type(action) is Hire and not action.crew:
            return Hire(action.player, self._top(self.todo[0].data[1], rng))
        return action

    def legal_actions(self) -> list:
        return choices(self)

    def is_over(self) -> bool:
        return bool(self.final_line and (self.winner_line or not self.won))

    def over(self) -> str:
        if self.won:
            return f"the game is over: {self.won} has won (line {self.won_line})"
        return f"the game is over: the players stopped (line {self.stopped})"

    def summary(self) -> str:
        totals = ", ".join(f"{p} {v}" for p, v in self.totals().items())
        end = f"winner {self.won}" if self.won else "stopped without a winner"
        return f"a legal game of {len(self.players)} players, {counted(self.turns, 'turn')}; at home: {totals}; {end}"

    def stats(self) -> dict:
        return {"turns": self.turns}

    def value(self, player) -> float:
        return standing(self, player)

    # -- values of hands and holds ----------------------------------------------------------------

    def sailing(self, player) -> int:
        """The sailing value: every crew card in the hand, added up."""
        return sum(self.f.crew_value[c] for c in self.hand[player])

    def fighting(self, player) -> int:
        """The fighting value: the red crew's total and the black crew's, the smaller taken from the larger."""
        red = sum(self.f.crew_value[c] for c in self.hand[player] if self.f.crew_colour[c] == "red")
        return abs(2 * red - self.sailing(player))

    def home_value(self, player) -> int:
        port, worth = self.home[player], self.f.treasure_value
        return sum(worth.get(item, 0) for item in self.docks[port] + self.safety[port])

    def _worth(self, item) -> int:
        return self.f.worth.get(item, 0)

    # -- applying an event ------------------------------------------------------------------------

    def apply(self, action) -> None:
        if action is None or action.verb != "challenge":  # a challenge may come between a move and its attack
            self._crowd_stands(action)
            self.after_sail, self.fresh = self.fresh, False  # an attack comes right after the move it ends
        if (self.won or self.stopped) and action is not None and action.verb not in self.after_end:
            self.settle(None)
            self.blow_end(self.over())
            return
        super().apply(action)
        self._tidy()

    def _unchallenged(self) -> None:
        """A move longer than the sailing value stands reported once it can no longer be challenged: the
        next player's turn has begun, or the player moved again (a free move)."""
        if self.last_move and self.last_move[1] > self.last_move[2] and not self.challenged \
                and self.last_move[0] not in self.unsure:
            player, squares, most, line = self.last_move
            self.w.blow("BU-SAIL-FAR", f"{player}'s ship sailed {squares} squares with a sailing value of "
                                       f"{most}, and nobody challenged it", line)
            self.unsure.add(player)
        self.last_move = None

    def _crowd_stands(self, action) -> None:
        """A ship stopped on a square where two lie is reported unless the next line is an attack on it by
        one of them: stopped as it passed through (Law 8)."""
        if self.crowded:
            line, message, mover = self.crowded
            self.crowded = None
            if not (action is not None and action.verb == "attack" and action.target == mover
                    and action.player != mover and self.at[action.player] == self.at[mover]):
                self.w.blow("BU-CROWD", message, line)

    def decline(self) -> None:
        if self.todo:
            self.todo.pop(0)
        else:
            self._end_turn()

    def _tidy(self) -> None:
        """Drop what can no longer be done: a coast draw whose ship left the coast while an attack was
        settled, crew from an empty Pirate Island."""
        while self.todo and self._void(self.todo[0]):
            self.todo.pop(0)

    def _void(self, due) -> bool:
        if due.kind == "draw":
            return due.data == "coast" and self.at[due.player] not in self.f.coast
        if due.kind == "hire" or (due.kind == "loot" and not due.data[0]):
            return not len(self.pirates)
        return False

    # -- the set-up ---------------------------------------------------------------------------------

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
            return
        self.set_up.add(port)
        crew = [item for item in event.items if item in f.crew_value]
        treasure = [item for item in event.items if item in f.treasure_value]
        value = sum(self._worth(item) for item in crew)
        best = self._make_up(f.port_value - value)
        short = self.crew_box.take(crew)
        if len(crew) != f.port_crew or len(crew) + len(treasure) != len(event.items):
            self.w.blow("BU-PORT-SETUP", f"a port's docks start with {f.port_crew} crew cards, then treasure")
        elif short:
            self.w.blow("BU-PORT-SETUP", f"the crew pack holds {f.crew_counts[short[0]]} {short[0]} cards in all")
        elif sorted(self._worth(t) for t in treasure) != sorted(best):
            self.w.blow("BU-PORT-SETUP", f"the crew is worth {value}: the most valuable treasure making the port "
                                         f"up to {f.port_value} is worth {' + '.join(map(str, best)) or 'nothing'}")
        if self.island.take(treasure):
            self.w.blow("BU-PORT-SETUP", "Treasure Island holds no more of that treasure")
        self.docks[port] += event.items
        self._maybe_play()

    def _make_up(self, missing: int) -> list:
        """The values of the treasure that makes up `missing` exactly with the fewest and most valuable
        pieces Treasure Island still holds (as close below it as it can when none is exact)."""
        values = sorted({v for t, v in self.f.treasure_value.items() if self.island.left[t] > 0}, reverse=True)
        left = {v: sum(self.island.left[t] for t, w in self.f.treasure_value.items() if w == v) for v in values}
        best: list = []

        def rank(chosen):  # the most value, then the fewest pieces, then the most valuable ones
            return sum(chosen), -len(chosen), sorted(chosen, reverse=True)

        def search(rest, chosen, start):
            nonlocal best
            total = sum(chosen)
            if rank(chosen) > rank(best):
                best = list(chosen)
            for index in range(start, len(values)):
                v = values[index]
                if v <= rest and chosen.count(v) < left[v]:
                    search(rest - v, chosen + [v], index)
        search(max(missing, 0), [], 0)
        return sorted(best, reverse=True)

    def _port_action(self, port, rng):
        pool = self.crew_box.pool()
        crew = tuple(rng.sample(pool, self.f.port_crew))
        best = self._make_up(self.f.port_value - sum(self._worth(c) for c in crew))
        treasure, left = [], dict(self.island.left)
        for value in best:
            kinds = [t for t, v in self.f.treasure_value.items() if v == value and left[t] > 0]
            pick = rng.choice(kinds)
            left[pick] -= 1
            treasure.append(pick)
        return Port(port, crew + tuple(treasure))

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
        it dealt none."""
        left = {card: max(count, 0) for card, count in self.crew_box.left.items()}
        undealt = {p for p in self.players if p not in self.dealt}
        unset = len(self._spare_ports()) - len(self.set_up)  # the crew of what the log left out is not there
        size = max(sum(left.values()) - self.f.hand * len(undealt) - self.f.port_crew * unset, 0)
        self.pirates = Deck(dict(self.f.crew_counts) if self.loose_pack else left, size)
        self.unsure |= undealt
        self.playing = True
        self._start_turn(first)

    # -- turns --------------------------------------------------------------------------------------

    def _start_turn(self, player) -> None:
        self._unchallenged()
        self.current, self.moved = player, False
        self.start_port = self.at[player] if self.at[player] in self.f.ports else None
        self.arrived = None
        self.turns += 1

    def _end_turn(self) -> None:
        self._start_turn(self.seats.after(self.current))

    def _may_rest(self, player) -> bool:
        """A ship in its home port, or one without crew, need not move."""
        return self.at[player] == self.home[player] or not self.hand[player]

    def _turn_of(self, player, move=False) -> bool:
        """Whether a line by `player` belongs to their own turn: the turn under way, or a later one, which
        begins when the player after the current one writes, or the current player writes a second move
        while every other ship lies idle at home (an idle home turn needs no line). A move is always a turn's
        first. Reported otherwise; a second move in a turn is not played, and a line of a turn that ended, written
        after the next player's move, is played as a late line of its own turn."""
        if not self.playing:
            self.settle(None)
            self.w.blow("BU-SETUP", f"the set-up is not finished: {self._setup_missing()}")
            self._begin_play(player)
        elif player != self.current or (move and self.moved):
            passed = [] if self.moved else [self.current]        # turns ended without the move they owe
            seat = self.seats.after(self.current)
            while seat != player:
                passed.append(seat)
                seat = self.seats.after(seat)
            idle = next((seat for seat in passed if not self._may_rest(seat)), None)
            late = self.ended[1:] if move else self.ended  # a turn that had its move has no late move
            if idle and self.moved and player in late and player != self.current:  # its follow-ups wait
                self.w.blow("BU-TURN", f"{player}'s line comes after {self.current}'s move: a turn's lines come "
                                       "together, in seat order")
                return True
            self.settle(None)
            if idle and player == self.current:
                self.w.blow("BU-TURN", f"{player}'s ship has moved already this turn: one move a turn")
                return False
            if idle:
                self.w.blow("BU-MUST-MOVE", f"{idle}'s ship must move in {idle}'s turn (only a ship in its home "
                                            f"port, or without crew, may stay), before {player}'s turn")
            self.ended = [self.current if self.moved else None, *passed]
            self._start_turn(player)
        else:
            self.settle(None)
        self.moved = self.moved or move
        return True

    def _setup_missing(self) -> str:
        missing = [] if self.cut_line else ["the cut for the deal"]
        missing += [f"the docks of {self.f.port_name[p]}" for p in self._spare_ports() if p not in self.set_up]
        missing += [f"{p}'s crew" for p in self.players if p not in self.dealt]
        return listed(missing)

    # -- sailing --------------------------------------------------------------------------------------

    def on_sail(self, event):
        player = event.player
        due = self._free_due(player)
        if due is None and not self._turn_of(player, move=True):
            return
        self._move(player, event.to, event.heading, free=due is not None)

    def _free_due(self, player):
        """The free move due from `player` now (after an attack), taken off the follow-ups; the attack's
        follow-ups the log left out before it (the spoils, a return) are reported."""
        index = next((i for i, due in enumerate(self.todo) if due.kind == "free"), None)
        if index is None or self.todo[index].player != player:
            return None
        for skipped in self.todo[:index]:
            self.skipped(skipped)
        del self.todo[:index]
        return self.todo.pop(0)

    def _move(self, player, to, heading, free) -> None:
        """A ship's straight move to `to`, checked, then made; what stopping there brings is asked for."""
        start, f = self.at[player], self.f
        problem = self._why_not(player, start, to, heading, free)
        if problem and problem[0] == "BU-CROWD" and not free:
            self.crowded = (self.w.line, problem[1], player)  # unless a ship there stopped it passing (Law 8)
        elif problem:
            self.w.blow(*problem)
        self._unchallenged()
        squares = self._squares(start, to)
        self.at[player] = to
        self._point(player, heading)
        reported = problem and not self.crowded  # a move reported already is not reported again as too long
        self.last_move = (player, squares, self.sailing(player), self.w.line) if self.hand[player] and not reported \
            else None
        self.challenged = False
        if to in f.ports and not free:
            self.arrived = to
        self.fresh = not free
        self._stopped(player, to)

    def _point(self, player, heading) -> None:
        """The bow after a move: none in a harbour; at sea the heading written, else the one it had."""
        at_sea = self.at[player] not in self.f.ports
        self.bow[player] = (HEADINGS.get(heading) or self.bow[player] or HEADINGS["n"]) if at_sea else None

    def _squares(self, start, to) -> int:
        a, b = self.f.board.spaces[start], self.f.board.spaces[to]
        return int(max(abs(a.x - b.x), abs(a.y - b.y)))

    def _why_not(self, player, start, to, heading, free):
        """(code, message) of what is wrong with a move, or None; a move too long is left to a challenge."""
        f = self.f
        a, b = f.board.spaces[start], f.board.spaces[to]
        dx, dy = int(b.x - a.x), int(b.y - a.y)
        squares = max(abs(dx), abs(dy))
        if not squares:
            return "BU-SAIL-LINE", f"{player}'s ship is on {to} already: to point it elsewhere, write `turn`"
        if dx and dy and abs(dx) != abs(dy):
            return "BU-SAIL-LINE", f"{start} to {to} is no straight line along a row, a column or a diagonal"
        step = (dx // squares, dy // squares)
        if f.board.ray(start, *step, squares)[-1:] != [to]:
            return "BU-SAIL-LAND", f"the line from {start} to {to} crosses land or leaves the sea"
        if start in f.ports:
            if step not in f.board.headings(start):
                return "BU-SAIL-LINE", f"a ship leaves {f.port_name[start]} along one of its three arrows"
        elif not free and self.hand[player] and step != self.bow[player]:
            return "BU-SAIL-LINE", (f"{player}'s bow points {WAY.get(self.bow[player], '?')}: the ship sails that "
                                    f"way, not {WAY[step]}")
        if not self.hand[player] and squares > f.drift and player not in self.unsure:
            return "BU-DERELICT", f"{player}'s ship has no crew: it drifts {counted(f.drift, 'square')} at most"
        if to not in f.ports and heading is None:
            return "BU-SAIL-LINE", f"a ship at sea points somewhere: write its new heading after {to}"
        others = [p for p in self.players if p != player and self.at[p] == to]
        if to not in f.ports and len(others) >= f.per_square:
            return "BU-CROWD", (f"{' and '.join(others)} lie on {to} already: {f.per_square} ships share a "
                                "square at most")
        return None

    def _stopped(self, player, to) -> None:
        """What stopping on a square brings: a chance card on the coast, Kidd's treasure at the anchorage, a
        win at home."""
        self._first(self._arrive, player, to)
        self._check_win(player)

    def _first(self, step, *args) -> None:
        """`step`'s follow-ups come before those already asked for: a free move's card, and the lines of
        that card, before the card of the ship that moved to the attack."""
        held, self.todo = self.todo, []
        step(*args)
        self.todo += held

    def _arrive(self, player, to) -> None:
        f = self.f
        if to in f.coast:
            self.todo.append(Due("draw", player, "BU-DRAW", self.w.line, f"{player}'s ship on the coast", "coast"))
        chart = next((c for c in self.kept[player] if f.card[c]["effect"] == "chart"
                      and to in f.places.get(f.card[c]["to"], ())), None)
        if chart and len(self.aboard[player]) < f.hold:
            self.kept[player].remove(chart)
            self.chance.put_under(chart, self.w.line)
            self._treasure_due(player, f.card[chart]["treasure"], 0, f"{player}'s chart at the anchorage",
                               "BU-CHANCE-CHART")

    def on_turn(self, event):
        player = event.player
        due = self._free_due(player)
        if due is None and not self._turn_of(player, move=True):
            return
        if self.at[player] in self.f.ports:
            self.w.blow("BU-MUST-MOVE", "turning a ship in a harbour is no move")
            return
        if HEADINGS[event.heading] == self.bow[player]:
            self.w.blow("BU-MUST-MOVE", f"{player}'s bow points {event.heading} already: a turn points it elsewhere")
        self.bow[player] = HEADINGS[event.heading]
        self._unchallenged()
        self._stopped(player, self.at[player])

    def on_stay(self, event):
        player = event.player
        due = self._free_due(player)
        if due is None and not self._turn_of(player, move=True):
            return
        if not self._may_rest(player) and self._can_move(player, free=due is not None):
            self.w.blow("BU-MUST-MOVE", f"{player}'s ship must move: only a ship in its home port, or without "
                                        "crew, may stay")

    def _can_move(self, player, free) -> bool:
        """Whether a ship can move at all: turn at sea, or sail somewhere."""
        return self.at[player] not in self.f.ports or bool(self._moves(player, free))

    def _moves(self, player, free=False) -> list:
        """(square, squares) a ship may sail to now: along its bow, any way from a harbour or when free."""
        f, start = self.f, self.at[player]
        most = self.sailing(player) if self.hand[player] else f.drift
        if start in f.ports:
            steps = f.board.headings(start)
        elif free or not self.hand[player]:
            steps = list(WAY)
        else:
            steps = [self.bow[player]]
        out = []
        for step in steps:
            for count, square in enumerate(f.board.ray(start, *step, most), 1):
                crowd = sum(1 for p in self.players if p != player and self.at[p] == square)
                if square in f.ports or crowd < f.per_square:
                    out.append((square, count))
        return out

    def on_challenge(self, event):
        last = self.last_move  # any time before the next player's turn: before or after the move's follow-ups
        if last is None or event.target != last[0] or self.challenged or event.player == event.target:
            self.w.blow("BU-CHALLENGE", f"{event.player} may challenge only the last move, by another player, "
                                        "once, before the next player's turn")
            return
        self.challenged = True
        if last[1] > last[2]:
            target = event.target
            self.last_move = None
            self.ask(Due("lose", target, "BU-CHALLENGE", self.w.line,
                         f"{target}'s move of {last[1]} squares with a sailing value of {last[2]}",
                         {"count": len(self.hand[target]), "from": "hand"}))

    # -- chance cards ---------------------------------------------------------------------------------

    def on_draw(self, event):
        due = self.settle("draw")
        card = self.f.by_number[event.card]
        if due is None:
            self.w.blow("BU-DRAW", "a chance card is drawn when a ship stops on the coast of Treasure Island")
            return
        keeper = next((p for p in self.players if card in self.kept[p]), None)
        slipped = not self.chance.draw(card, self.w.line)
        if slipped:
            if keeper not in self.unsure:  # a card a blurred player was thought to keep is trusted
                self.w.blow("BU-DRAW", f"chance card {event.card} is not the top card of the pile (kept by "
                                       f"{keeper or 'nobody'}, or put under the pile since)")
            self._slip(self.chance, card)
            if keeper:
                self.kept[keeper].remove(card)
        self._first(self._obey, due.player, card)
        if slipped:  # where the card goes now is no surer than where it came from
            self.chance.forget_order()

    def _slip(self, pile, card) -> None:
        """A card that cannot be on top is drawn all the same; the pile's order is trusted no more."""
        pile.forget_order()
        if not pile.draw(card, self.w.line):
            pile.draw_anyway(card, self.w.line)

    def _obey(self, player, card) -> None:
        """The follow-ups a chance card asks for, in the order they are written."""
        data, f, line = self.f.card[card], self.f, self.w.line
        effect, cause = data["effect"], f"chance card {data['number']}"
        if data["keep"]:
            self.kept[player].append(card)
        else:
            self.chance.put_under(card, line)
        crew_value = self.sailing(player)
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
        room = self.f.hold - len(self.aboard[player])
        there = (v for t, v in self.f.treasure_value.items() if self.island.left[t] > 0)
        return (room > 0 or player in self.unsure) and any(v <= limit for v in there)

    def _swap_due(self, player, data, cause) -> None:
        ships = [p for p in self.seats.others(player) if self.at[p] in self.f.coast and self.hand[p]]
        if ships and self.hand[player]:
            self.todo.append(Due("swap", player, "BU-CHANCE-SWAP", self.w.line, cause, (tuple(ships), data["crew"])))
        else:
            self._lose_due(player, min(data["crew"], len(self.hand[player])), "BU-CHANCE-SWAP", cause)

    def _possessed(self, player) -> list:
        """Every crew card a player has: the hand, then the home docks."""
        return self.hand[player] + [c for c in self.docks[self.home[player]] if c in self.f.crew_value]

    # -- the follow-ups' lines ----------------------------------------------------------------------

    def _answer(self, kind, player):
        """The follow-up a line of `kind` answers (the player's own first), earlier ones the log left out
        reported; None when nothing asks for it."""
        fits = [i for i, due in enumerate(self.todo) if due.kind == kind or kind in ANSWERS.get(due.kind, ())]
        if not fits:
            return None
        index = min(fits, key=lambda i: (self.todo[i].player != player, i))
        due = self.todo[index]
        for skipped in self.todo[:index]:
            self.skipped(skipped)
        del self.todo[:index + 1]
        self.is_theirs(due, player)
        return due

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
            words["to"], words["n"] = due.data[0], f"{due.data[1]} treasure or {due.data[2]} crew cards"
        elif due.kind in ("press", "maroon"):
            words["n"] = "what the card says"
        return words

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
        self.todo = [due for due in self.todo if not due.code.startswith("BU-CHANCE-")]

    def skipped(self, due) -> None:
        super().skipped(due)
        if due.kind not in ("fight", "free") and not due.optional:
            self._doubt(due.player)

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

    def on_blown(self, event):
        due = self._answer("blown", event.player)
        if due is None:
            return self._unasked("BU-CHANCE-BLOWN", event.player, "a ship is blown only by a chance card")
        player, (places, named, why) = due.player, due.data
        if event.to not in places:
            self.w.blow("BU-CHANCE-BLOWN", f"{due.cause} blows {player}'s ship to {named}, not {event.to}{why}")
        self.at[player] = event.to  # the replay goes on as written
        if event.to in self.f.ports and player == self.current:
            self.arrived = event.to  # it may trade there at once (RULES.md 6.1)
        self._point(player, event.heading)
        self._check_win(player)

    def on_hire(self, event):
        due = self._answer("hire", event.player) or self._as_written(
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
                self._slip(self.pirates, card)
            self.hand[due.player].append(card)

    def _pile(self) -> str:
        pile = self.pirates
        if pile.unknown:
            return f"{pile.unknown} unseen cards lie on top"
        return f"the top card is {pile.known[0]}" if pile.known else "the pile is empty"

    def on_lose(self, event):
        due = self._answer("lose", event.player) or self._as_written(
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
        due = self._answer("take", event.player) or self._as_written(
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
        due = self._answer("return", event.player)
        if due is None:
            return self._unasked("BU-RETURN", event.player, "treasure goes back when a ship holds too much")
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

    def on_give(self, event):
        due = self._answer("give", event.player)
        if due is None:
            return self._unasked("BU-CHANCE-GIVE", event.player,
                                 "only a chance card makes a ship hand something to the nearest one")
        to, pieces, crew = due.data
        if event.to != to:
            self.w.blow("BU-CHANCE-GIVE", f"{to}'s ship is the nearest to {due.player}'s, not {event.to}'s")
        self._one_or_other(due, event.items, pieces, crew)
        self._give_items(due.player, event.to, event.items, "BU-CHANCE-GIVE")
        self._hold_check(event.to, "BU-HOLD", f"{event.to}'s ship given treasure")

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
        due = self._answer("press", event.player)
        if due is None:
            return self._unasked("BU-CHANCE-PRESS", event.player, "only a chance card presses another player's crew")
        giver, count = event.giver, due.data
        possessed = self._possessed(giver)
        if giver == due.player or (len(event.crew) != min(count, len(possessed)) and giver not in self.unsure):
            self.w.blow("BU-CHANCE-PRESS", f"{due.cause}: another player hands {due.player} "
                                           f"{counted(count, 'crew card')} (all they have if fewer)")
        for card in event.crew:
            if not self._crew_from(giver, card, docks_too=True):
                self.w.blow("BU-CHANCE-PRESS", f"{giver} has no {card} in hand or at home")
                continue
            self.hand[due.player].append(card)

    def on_swap(self, event):
        due = self._answer("swap", event.player)
        if due is None:
            return self._unasked("BU-CHANCE-SWAP", event.player,
                                 "only a chance card swaps crew with a ship on the coast")
        player, (ships, count) = due.player, due.data
        other = event.other
        if other not in ships:
            self.w.blow("BU-CHANCE-SWAP", f"{due.cause}: the swap is with a ship on the coast ({listed(ships)})")
            self.unsure.update(ships)  # which of them swapped is not known
        elif [len(event.gave), len(event.got)] != [min(count, len(self.hand[p])) for p in (player, other)] \
                and not self.unsure & {player, other}:
            self.w.blow("BU-CHANCE-SWAP", f"{due.cause}: {counted(count, 'crew card')} go each way")
        for card in event.gave:
            if self._remove(player, card, "BU-CHANCE-SWAP"):
                self.hand[other].append(card)
        for card in event.got:
            if self._remove(other, card, "BU-CHANCE-SWAP"):
                self.hand[player].append(card)

    def on_maroon(self, event):
        due = self._answer("maroon", event.player)
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

    # -- ports ------------------------------------------------------------------------------------------

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
        for item in got:
            if item not in docks:
                self.w.blow("BU-TRADE", f"the docks of {self.f.port_name[port]} hold no {item}")
                return
        for item in gave:
            if item in self.f.card and not self._worth(item):
                self.w.blow("BU-TRADE", f"{item} has no value in trade")
            if self._remove(player, item, "BU-TRADE"):
                docks.append(item)
        for item in got:
            docks.remove(item)
            self._receive(player, item)
        self._over_hold(player)

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
        docks = self.docks[self.home[player]]
        for item in event.items:
            if item in docks:
                docks.remove(item)
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
            if item in self.docks[port]:
                self.docks[port].remove(item)
                self.safety[port].append(item)
            else:
                self.w.blow("BU-SAFETY", f"no {item} lies on {player}'s docks to put into the safety zone")
        self._check_win(player)

    def _check_win(self, player) -> None:
        """A ship in its home port with the goal's worth of treasure there wins at once: whatever else a card
        asked for is left undone."""
        if not self.won and self.playing and self.at[player] == self.home[player] \
                and self.home_value(player) >= self.f.goal:
            self.won, self.won_line = player, self.w.line
            self.todo.clear()

    # -- attacks --------------------------------------------------------------------------------------

    def on_attack(self, event):
        held = self._held_draw()
        self.settle(None)
        player, target = event.player, event.target
        mover = self.current
        if not self.playing or player == target or not self.after_sail or mover not in (player, target):
            self.w.blow("BU-ATTACK", "an attack is declared right after a ship sails in its turn (not in a free "
                                     "move), by that ship or the one it meets")
            self.todo += held
            return
        if self.at[player] != self.at[target] or self.at[player] in self.f.ports:
            where = "in a port, where ships are safe" if self.at[player] in self.f.ports else "on different squares"
            self.w.blow("BU-ATTACK", f"{player} and {target} lie {where}: an attack is made at sea, alongside")
            self.todo += held
            return
        line, cause = self.w.line, f"{player}'s attack on {target}"
        self.todo.append(Due("fight", player, "BU-FIGHT", line, cause, (player, target), optional=True))
        self.todo += self._outcome(player, target, (self.fighting(player), self.fighting(target)), line, cause)
        self.todo += held

    def _outcome(self, player, target, odds, line, cause) -> list:
        """What an attack asks for once the fighting values are known: the winner's spoils (none on a tie),
        then the free move of the loser, or of the ship attacked."""
        if odds[0] == odds[1]:
            return [Due("free", target, "BU-FREE-MOVE", line, f"{target}'s free move after {cause}")]
        winner, loser = (player, target) if odds[0] > odds[1] else (target, player)
        return [Due("seize", winner, "BU-SPOILS", line, cause, loser),
                Due("free", loser, "BU-FREE-MOVE", line, f"{loser}'s free move after {cause}")]

    def _held_draw(self) -> list:
        """A coast draw of the ship that just stopped there, put off until an attack there is settled."""
        if self.todo and self.todo[0].kind == "draw" and self.todo[0].player == self.current:
            return [self.todo.pop(0)]
        return []

    def on_fight(self, event):
        due = self._answer("fight", TABLE)
        if due is None:
            return self.w.blow("BU-FIGHT", "fighting values are shown when an attack is declared")
        written = dict(event.odds)
        for player, value in event.odds:
            if (self.fighting(player) != value and player not in self.unsure) or player not in due.data:
                self.w.blow("BU-FIGHT", f"{player}'s fighting value is {self.fighting(player)}, not {value}")
                self.unsure.add(player)
        odds = [written.get(p, self.fighting(p)) if p in self.unsure else self.fighting(p) for p in due.data]
        if odds != [self.fighting(p) for p in due.data]:  # a blurred crew: the log's values decide the attack
            kept = [d for d in self.todo if d.line != due.line]
            self.todo = self._outcome(*due.data, odds, due.line, due.cause) + kept

    def is_theirs(self, due, player) -> None:
        if player is not TABLE:
            super().is_theirs(due, player)

    def on_seize(self, event):
        due = self._answer("seize", event.player)
        if due is None:
            return self.w.blow("BU-SPOILS", "spoils go to the winner of an attack, right after it")
        winner, loser = due.player, due.data
        if event.what == "treasure":
            if event.crew:
                self.w.blow("BU-SPOILS", "the winner takes the loser's treasure or crew, not both")
            loot, self.aboard[loser] = self.aboard[loser], []
            self.aboard[winner] += loot
            self._hold_check(winner, "BU-RETURN", f"{winner}'s ship took {loser}'s treasure")
            return
        most = min(self.f.spoils_crew, len(self.hand[loser]))
        if not min(most, 1) <= len(event.crew) <= most and loser not in self.unsure:
            due_crew = {0: "no crew card: the hand is empty", 1: "1 crew card"}.get(most, f"1 to {most} crew cards")
            self.w.blow("BU-SPOILS", f"{loser} hands over {due_crew} (at most {self.f.spoils_crew}, as the "
                                     f"winner demands), not {len(event.crew)}")
        for card in event.crew:
            if self._crew_from(loser, card, docks_too=False):
                self.hand[winner].append(card)
            else:
                self.w.blow("BU-SPOILS", f"{loser} holds no {card}")

    # -- the end ----------------------------------------------------------------------------------

    def on_stop(self, event):
        self.settle(None)
        self.stopped = self.w.line

    def totals(self) -> dict:
        return {p: self.home_value(p) for p in self.players}

    def breakdown(self, player) -> str:
        return f"treasure on the docks and in the safety zone of {self.f.port_name[self.home[player]]}"

    def winners(self, totals: dict) -> tuple:
        return ((self.won,), f"is home with {totals[self.won]} points") if self.won else ((), "")

    def on_winner(self, event):
        if self.stopped and not self.won and not self.winner_line:
            self.winner_line = self.w.line
            return self.w.blow("BU-WINNER", "nobody has won a stopped game: write no winner")
        super().on_winner(event)

    def complete(self) -> None:
        self.settle(None)
        if not self.won and not self.stopped:
            self.blow_end(f"nobody is home with {self.f.goal} points yet: the game goes on (or write `stop`)")

    def end_action(self):
        if not self.final_line:
            return Final(tuple(self.totals().items()))
        return Winner((self.won,))

    def finish(self) -> None:
        self._crowd_stands(None)
        self._unchallenged()
        self.settle(None)
        if not self.won and not self.stopped:
            self.blow_end(f"the log stops before anyone is home with {self.f.goal} points")
        elif not self.final_line:
            self.w.blow(self.final_code, "the final scores are missing (write `final PLAYER POINTS ...`)")
        elif self.won and not self.winner_line:
            self.w.blow(self.winner_code, "the winner is missing (write `winner PLAYER`)")

    def _top(self, count, rng) -> tuple:
        """`count` cards drawn from Pirate Island's top, for a simulated game."""
        pile, out = self.pirates.copy(), []
        for _ in range(min(count, len(pile))):
            card = rng.choice(pile.pool())
            pile.draw(card, 0)
            out.append(card)
        return tuple(out)


# --- what bots choose from, and how they weigh a position -------------------------------------------

def multisets(cards, size: int) -> list:
    """Every different choice of `size` of `cards` (alike cards are one choice), as sorted tuples."""
    kinds: dict = {}
    for card in cards:
        kinds[card] = kinds.get(card, 0) + 1
    found: list = []

    def pick(index, chosen):
        if len(chosen) == size:
            found.append(tuple(chosen))
            return
        if index >= len(order):
            return
        card = order[index]
        for count in range(min(kinds[card], size - len(chosen)), -1, -1):
            pick(index + 1, chosen + [card] * count)
    order = sorted(kinds)
    pick(0, [])
    return found


def choices(state) -> list:
    """The actions a bot chooses among now: every follow-up's answers, and in a turn a fair sample of the
    legal lines (each move, a few headings; the trades and transfers that bring something)."""
    if state.todo:
        return _answers(state, state.todo[0])
    player = state.current
    actions = [] if state.moved else _sailings(state, player)
    actions += _in_port(state, player)
    if state.moved:
        actions.append(None)
        at = state.at[player]
        if state.fresh and at not in state.f.ports:
            actions += [Attack(player, p) for p in state.seats.others(player) if state.at[p] == at]
    return actions


def _sailings(state, player) -> list:
    f = state.f
    actions = []
    for square, _ in state._moves(player):
        if square in f.ports:
            actions.append(Sail(player, square))
        else:
            actions += [Sail(player, square, h) for h in _headings(state, player, square)]
    at = state.at[player]
    if at not in f.ports:
        others = [h for h in HEADINGS if HEADINGS[h] != state.bow[player]]
        turns = [h for h in _headings(state, player, at) if h in others] or others
        actions += [Turn(player, h) for h in turns]
    if state._may_rest(player) or not actions:
        actions.append(Stay(player))
    if state._may_rest(player):
        actions.append(None)  # an idle turn left out of the log (RULES.md 3.6)
    return actions


def _headings(state, player, square) -> list:
    """A few headings worth pointing at from `square`: towards the island's coast, towards home, and on
    as the ship goes; none that runs at once into land or off the board."""
    f, here = state.f, state.f.board.spaces[square]
    goals = [((f.island_box[0] + f.island_box[1]) / 2, (f.island_box[2] + f.island_box[3]) / 2),
             (f.board.spaces[state.home[player]].x, f.board.spaces[state.home[player]].y)]
    wanted = [(_sign(x - here.x), _sign(y - here.y)) for x, y in goals]
    wanted.append(state.bow[player] or (0, 1))
    out = [WAY[step] for step in dict.fromkeys(wanted) if step in WAY and f.board.ray(square, *step, 1)]
    return out or [name for name, step in HEADINGS.items() if f.board.ray(square, *step, 1)] or ["n"]


def _sign(value) -> int:
    return (value > 0.5) - (value < -0.5)


def _in_port(state, player) -> list:
    """Trades of crew or kept cards for treasure, at a port sailed into or out of; unloading, the safety
    zone and the docks' crew at home; what lies on Flat Island, from beside it."""
    f, actions = state.f, []
    at, room = state.at[player], f.hold - len(state.aboard[player])
    port = state._trading_port(player)
    if port and room > 0:
        for treasure in dict.fromkeys(t for t in state.docks[port] if t in f.treasure_value):
            value = f.treasure_value[treasure]
            paying = [(c,) for c in state.kept[player] if f.worth[c] == value]
            for size in (1, 2, 3):
                paying += [combo for combo in multisets(state.hand[player], size)
                           if sum(f.crew_value[c] for c in combo) == value][:1]
            actions += [Trade(player, Bargain((pay, (treasure,)))) for pay in paying[:2]]
    if at == state.home[player]:
        docks, safety = state.docks[at], state.safety[at]
        if state.aboard[player]:
            actions.append(Unload(player, tuple(state.aboard[player])))
        for kind in dict.fromkeys(t for t in docks if t in f.treasure_value):
            if docks.count(kind) >= f.safety_set or (safety.count(kind) >= f.safety_set):
                actions.append(Safe(player, (kind,) * (1 if safety.count(kind) >= f.safety_set else f.safety_set)))
        crew = tuple(c for c in docks if c in f.crew_value)
        if crew:
            actions.append(Load(player, crew))
    if at in f.shore and state.flat:
        treasure = [t for t in state.flat if t in f.treasure_value][:max(room, 0)]
        items = tuple([i for i in state.flat if i not in f.treasure_value] + treasure)
        if items:
            actions.append(Collect(player, items))
    return actions


def _answers(state, due) -> list:
    """The answers a bot may write to a follow-up."""
    player, f, kind = due.player, state.f, due.kind
    if kind == "seize":
        loser = due.data
        most = min(f.spoils_crew, len(state.hand[loser]))
        return [Seize(player, "treasure")] + [Seize(player, "crew", combo) for size in range(min(most, 1), most + 1)
                                              for combo in multisets(state.hand[loser], size)]
    if kind == "return":
        return [ReturnTreasure(player, combo) for combo in multisets(state.aboard[player], due.data)]
    if kind == "free":
        actions = [Sail(player, square, h) if square not in f.ports else Sail(player, square)
                   for square, _ in state._moves(player, free=True)
                   for h in (_headings(state, player, square) if square not in f.ports else [None])]
        if state.at[player] not in f.ports:
            actions.append(Turn(player, next(h for h in HEADINGS if HEADINGS[h] != state.bow[player])))
        return actions or [Stay(player)]
    if kind == "blown":
        return [Blown(player, to) if to in f.ports else Blown(player, to, h)
                for to in due.data[0] for h in ([None] if to in f.ports else _headings(state, player, to))] + \
            [None] * due.optional
    if kind == "lose":
        return _losses(state, due)
    if kind in ("take", "loot"):
        limit = due.data if kind == "take" else due.data[0]
        actions = [Take(player, combo) for combo in _treasures(state, player, limit)]
        return actions + ([Hire(player)] if kind == "loot" and len(state.pirates) else [])
    if kind == "give":
        to, pieces, crew = due.data
        return [Give(player, to, combo) for combo in _parting(state, player, pieces, crew)]
    if kind == "press":
        return [Press(player, giver, combo) for giver in state.seats.others(player)
                for combo in multisets(state._possessed(giver), min(due.data, len(state._possessed(giver))))
                if state._possessed(giver)]
    if kind == "maroon":
        if due.data == "best":
            pool = state.aboard[player] or state.hand[player]
            best = max(map(state._worth, pool))
            return [Maroon(player, (item,)) for item in dict.fromkeys(pool) if state._worth(item) == best]
        return [Maroon(player, combo) for combo in _parting(state, player, *due.data)]
    ships, count = due.data
    mine = multisets(state.hand[player], min(count, len(state.hand[player])))
    return [Swap(player, other, gave, got) for other in ships for gave in mine[:4]
            for got in multisets(state.hand[other], min(count, len(state.hand[other])))[:4]]


def _losses(state, due) -> list:
    player, rule, count = due.player, due.data["from"], due.data["count"]
    hand = state.hand[player]
    if rule == "all":
        return [Lose(player, tuple(hand))]
    if rule == "best":
        best = max(map(state._worth, hand))
        return [Lose(player, (card,)) for card in dict.fromkeys(hand) if state._worth(card) == best]
    pool = state._possessed(player) if rule == "possessed" else hand
    return [Lose(player, combo) for combo in multisets(pool, count)]


def _treasures(state, player, limit) -> list:
    """The choices of treasure worth up to `limit` that the island holds and the hold takes."""
    f = state.f
    room = f.hold - len(state.aboard[player])
    there = [t for t in f.treasure_value for _ in range(min(state.island.left[t], room))]
    found = []
    for size in range(1, room + 1):
        found += [combo for combo in multisets(there, size) if sum(f.treasure_value[t] for t in combo) <= limit]
    return found


def _parting(state, player, pieces, crew) -> list:
    """One treasure aboard (`pieces` of them), or else `crew` crew cards (all the hand if fewer)."""
    options = multisets(state.aboard[player], min(pieces, len(state.aboard[player]))) if state.aboard[player] else []
    if state.hand[player]:
        options += multisets(state.hand[player], min(crew, len(state.hand[player])))
    return options


def standing(state, player) -> float:
    """How well a player stands beside the best of the others: treasure at home counts most, treasure
    aboard less, crew a little; a ship loses a little for each square between it and where it should go
    (the coast while it has room for treasure, home once it has a load)."""
    def score(name):
        if state.won == name:
            return 1000.0
        worth = state.f.treasure_value
        home, aboard = state.home_value(name), sum(worth[t] for t in state.aboard[name])
        going_home = len(state.aboard[name]) >= state.f.hold or (aboard and home + aboard >= state.f.goal)
        crew = min(state.sailing(name) + state.intent * (name == player) * 2, 24)
        return 10 * home + 6 * aboard + 0.4 * crew - 1.5 * _distance(state, name, going_home)
    return score(player) - max(score(name) for name in state.players if name != player)


def _distance(state, player, home) -> float:
    """Squares between a ship and its goal, as the ship will stand after its best next move along its bow."""
    at, bow = state.at[player], state.bow[player]
    target = state.home[player] if home else None
    reach = max(state.sailing(player), 1)
    key = (at, bow, reach, target)
    found = state.f.distances.get(key)
    if found is None:
        found = state.f.distances[key] = _ahead(state.f, at, bow, reach, target)
    return found


def _ahead(f, at, bow, reach, target) -> float:
    """`_distance` worked out: the squares to `target` (a harbour; None: the coast of Treasure Island)."""
    here = f.board.spaces[at]
    if target is not None:
        goal = f.board.spaces[target]

        def far(x, y):
            return max(abs(x - goal.x), abs(y - goal.y))
    else:
        x1, x2, y1, y2 = f.island_box

        def far(x, y):
            d = max(x1 - x, 0, x - x2, y1 - y, 0, y - y2)
            return abs(d - 1) if d else 1
    now = far(here.x, here.y)
    if not bow or not now:
        return now
    reach = min(reach, int(now) + 1)  # further than the goal is, a ship only strays
    ahead = [f.board.spaces[square] for square in f.board.ray(at, *bow, reach)]
    return min((far(s.x, s.y) for s in ahead), default=now + 2) + 0.2 * now


# --- the rules: the facts, the verbs, the header ------------------------------------------------------

class Buccaneer(Rules):
    state = GameState
    players_code = "BU-PLAYERS"
    actions = (Cut, Port, Deal, Sail, Turn, Stay, Draw, Blown, Hire, Lose, Take, ReturnTreasure, Give, Press,
               Swap, Maroon, Collect, Trade, Unload, Load, Safe, Attack, Fight, Seize, Challenge, Halt, Final,
               Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, GAME_VARS, (BOARD, CHANCE, CREW, TREASURE))
        values, variables = data.values, data.vars
        board = game.components[BOARD].options["board"]
        problems: list = []
        harbours = [s.id for s in board.spaces.values() if s.kind == "harbour"]
        if sorted(harbours) != sorted(variables["ports"]):
            problems.append((data.in_vars("ports"), "the ports are the board's harbours, each once"))
        for place in (ISLAND, FLAT, *variables["places"]):
            if place not in board.regions:
                problems.append((data.in_vars("places"), f"the board has no region {place!r}"))
        if problems:
            raise DataError(problems)
        for key in RULES_FILE.fields:
            setattr(self, key.replace("-", "_"), values[key])
        self.board = board
        self.ports = tuple(variables["ports"])
        self.port_name = {p: v["name"] for p, v in variables["ports"].items()}
        self.homes = tuple(p for p, v in variables["ports"].items() if v["home"])
        self.places = {name: tuple(board.regions[name]) for name in variables["places"]}
        self.place_names = dict(variables["places"])
        self.coast = frozenset(board.around(ISLAND)) - set(self.ports)
        self.shore = frozenset(board.around(FLAT)) - set(self.ports)
        self.treasure_value = {t: v["value"] for t, v in variables["treasures"].items()}
        self.treasure_counts = counts(game.components[TREASURE].cards)
        crew = game.components[CREW].cards
        self.crew_counts = counts(crew)
        self.crew_value = {c.id: c.fields["value"] for c in crew}
        self.crew_colour = {c.id: c.fields["colour"] for c in crew}
        cards = game.components[CHANCE].cards
        self.card = {c.id: c.fields for c in cards}
        self.chance_counts = counts(cards)
        self.number = {c.id: c.fields["number"] for c in cards}
        self.by_number = {c.fields["number"]: c.id for c in cards}
        self.worth = {**self.crew_value, **self.treasure_value,
                      **{c.id: c.fields["value"] for c in cards if c.fields["keep"]}}
        self.items = ids(self.worth)  # how a log names what a ship may carry, give or trade
        island = [board.spaces[square] for square in board.regions[ISLAND]]
        self.distances: dict = {}  # (square, bow, reach, goal) -> what the greedy bot's `_distance` found
        self.island_box = (min(s.x for s in island), max(s.x for s in island),
                           min(s.y for s in island), max(s.y for s in island))

    def kinds(self):
        cards = self.by_number
        high = max(cards)
        return {
            "place": names(ids(self.board.spaces), "a square (column-row, such as 12-7) or a harbour", "SQUARE",
                           LOG_SYNTAX),
            "port": names(ids(self.ports), "a port", "PORT", LOG_SYNTAX),
            "heading": names(ids(HEADINGS), "a heading (n, ne, e, se, s, sw, w, nw)", "HEADING", LOG_SYNTAX),
            "crew": names(ids(self.crew_value), "a crew card (such as red-2)", "CREW"),
            "treasure": names(ids(self.treasure_value), "a treasure", "TREASURE"),
            "item": names(self.items, "a crew card, a treasure or a kept chance card", "ITEM"),
            "chance": names({str(n): n for n in cards}, f"a chance card's number (1–{high})", "NUMBER"),
            "spoil": names(ids(("treasure", "crew")), "`treasure` or `crew`", "treasure|crew", LOG_SYNTAX),
            "cut": _pairs("card", lambda words, name: words.number(f"{name}'s card", 1)),
            "fight": _pairs("value", lambda words, name: words.number(f"{name}'s fighting value")),
            "bargain": Kind(self._bargain, "ITEM ... for ITEM ..."),
        }

    def _bargain(self, words):
        table = self.items
        sides: list = [[]]
        while words.more():
            word = words.words[words.at]
            if word.lower() == "for" and len(sides) == 1:
                words.at += 1
                sides.append([])
                continue
            sides[-1].append(words.name(table, "a crew card, a treasure or a kept chance card"))
        if len(sides) != 2 or not sides[0] or not sides[1]:
            words.fail("a trade names what is given, `for`, and what is taken")
        return Bargain((tuple(sides[0]), tuple(sides[1])))

    def header(self, players):
        return {"ports": (OnePerSeat(self.ports, players, "ports", distinct=False), None)}  # told apart: BU-HOME

    def simulated_header(self, rng, players):
        return {"ports": " ".join(rng.sample(list(self.homes), len(players)))}


rules = Buccaneer  # the entry point: the checker calls rules(game) with the game's checked data
