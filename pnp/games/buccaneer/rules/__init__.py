"""Buccaneer's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this package. The sea, its islands,
its coast and its harbours are board.yaml (walked through pnp.model.board); the ports and the places are
game.yaml's vars, the treasure's values its pieces'; the crew cards are crew-cards.csv; what each chance card
does is the data of chance-cards.yaml; the rule facts (the goal, the crew dealt, the hold ...) are rules.yaml,
which the printed kit states too: `values` here, a variant's (`--rule`) in place.

The log is the record of someone who sees everything: the crew dealt, the cards drawn from Pirate Island
and the cards given away are named, so the checker always knows every hand. A ship's move names the square
it ends on and its new heading; the checker finds the straight line it took.

The package follows RULES.md: `verbs` (the log's lines), `setup` (1-2: home ports, the cut, the ports'
docks, the deal), `sailing` (3-4: turns, moves, challenges, the coast of Treasure Island), `cargo` (5: crew
and treasure aboard, Pirate Island, Flat Island), `ports` (6), `attacks` (7), `chance` (8), `end` (9) and
`bots` (the lines a simulated game chooses among, and how a position is valued). Here: the facts the rules
read, the kinds of words a log holds, and the state they make up.
"""
from __future__ import annotations

from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import Rules, State
from pnp.check.facts import Keys, RuleData, counts, ids
from pnp.check.pieces import FollowUps
from pnp.check.setup import OnePerSeat
from pnp.check.verbs import Kind, names
from pnp.check.violations import LOG_SYNTAX
from pnp.model.specs import Bool, Int, MapOf, Record, Text
from pnp.errors import DataError

from .attacks import Attacks
from .bots import Choices
from .cargo import Cargo
from .chance import ChanceCards
from .end import GameEnd
from .ports import Ports
from .record import Recording
from .sailing import Sailing
from .setup import SetUp
from .verbs import (ANSWERS, BOARD, CHANCE, CREW, FLAT, HEADINGS, ISLAND, MISSING, TABLE_KINDS, TREASURE, Attack,
                    Bargain, Blown, Challenge, Collect, Cut, Deal, Draw, Fight, Give, Halt, Hire, Load, Lose, Maroon,
                    Port, Press, ReturnTreasure, Safe, Sail, Seize, Stay, Swap, Take, Trade, Turn, Unload, _pairs)

RULES_FILE = Record({**{name: Int(1) for name in (
    "goal", "port-crew", "port-value", "hand", "hold", "drift", "spoils-crew", "safety-set", "simulated-turns")},
    "per-square": Int(2),  # an attacker lies alongside the ship it attacks, on its square
}, "Buccaneer's rule facts")

GAME_VARS = Keys({
    "ports": MapOf(Keys({"name": Text(), "home": Bool()}, "a port: its name and whether it may be a home")),
    "places": MapOf(Text()),
    "treasures": MapOf(Keys({"name": Text()}, "a treasure: its name (its value is its piece's)")),
}, "the game's vars")


def _unplayable(game, data, values, ports: int) -> list:
    """What the rule facts ask that the kit cannot play: more crew dealt than the pack holds, a goal above all
    the treasure there is, a safety zone no kind of treasure has enough pieces to open."""
    problems = []
    crew = game.components[CREW].card_total
    low, high = game.players
    for players in range(low, min(high, ports) + 1):
        needed = values["hand"] * players + values["port-crew"] * (ports - players)
        if needed > crew:
            key = "port-crew" if "port-crew" in data.changed and "hand" not in data.changed else "hand"
            problems.append((data.at(key), f"{players} players are dealt {values['hand']} crew cards each and "
                                              f"the {ports - players} other ports {values['port-crew']} each: "
                                              f"{needed}, more than the {crew} crew cards of the pack (port-crew, "
                                              "hand)"))
            break
    treasure = game.components[TREASURE].cards
    total = sum(piece.count * piece.fields["value"] for piece in treasure)
    if values["goal"] > total:
        problems.append((data.at("goal"), f"the goal, {values['goal']}, is more than all the treasure is worth "
                                          f"({total}): nobody could win"))
    most = max((piece.count for piece in treasure), default=0)
    if values["safety-set"] > most:
        problems.append((data.at("safety-set"), f"no kind of treasure has {values['safety-set']} pieces (at most "
                                                f"{most}): the safety zone would never open"))
    return problems


# --- the state of one game ---------------------------------------------------------------------------

class GameState(SetUp, Sailing, Cargo, Ports, Attacks, ChanceCards, GameEnd, Choices, Recording, FinalScores, FollowUps,
                State):
    """Buccaneer in progress: the ships, every hand, hold, dock, safety zone and island, the chance and
    Pirate Island piles, the turn under way and the follow-ups its lines ask for."""

    end_code, final_code, winner_code = "BU-GAME-END", "BU-FINAL", "BU-WINNER"
    unit = "points at home"
    missing_texts = MISSING
    table_kinds = TABLE_KINDS

    answered_by = ANSWERS
    in_any_order = True  # a card may ask several players at once: each answers their own, in any order


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
        problems += _unplayable(game, data, values, len(variables["ports"]))
        if problems:
            raise DataError(problems)
        for key in RULES_FILE.fields:
            setattr(self, key.replace("-", "_"), values[key])
        self.board = board
        self.sea_span = max(board.grid["columns"], board.grid["rows"])  # the sea's width: no move is longer
        self.ports = dict.fromkeys(variables["ports"])  # an ordered set: game.yaml's order, a quick `in`
        self.ways_out = {port: tuple(board.headings(port)) for port in self.ports}  # the steps out of a harbour
        self.port_name = {p: v["name"] for p, v in variables["ports"].items()}
        self.homes = tuple(p for p, v in variables["ports"].items() if v["home"])
        self.places = {name: tuple(board.regions[name]) for name in variables["places"]}
        self.place_names = dict(variables["places"])
        self.coast = frozenset(board.around(ISLAND)) - set(self.ports)
        self.shore = frozenset(board.around(FLAT)) - set(self.ports)
        treasure = game.components[TREASURE].cards
        self.treasure_value = {t.id: t.fields["value"] for t in treasure}
        self.treasure_counts = counts(treasure)
        crew = game.components[CREW].cards
        self.crew_counts = counts(crew)
        self.crew_value = {c.id: c.fields["value"] for c in crew}
        self.least_crew = min(self.crew_value.values(), default=0)  # what a crew card is worth at the least
        self.crew_colour = {c.id: c.fields["colour"] for c in crew}
        cards = game.components[CHANCE].cards
        self.card = {c.id: c.fields for c in cards}
        self.chance_counts = counts(cards)
        self.number = {c.id: c.fields["number"] for c in cards}
        self.by_number = {c.fields["number"]: c.id for c in cards}
        self.charts = {c.id: frozenset(self.places.get(c.fields["to"], ())) for c in cards
                       if c.fields["effect"] == "chart"}  # a chart card -> the squares it sends a ship to
        self.anchorages = frozenset().union(*self.charts.values())
        self.worth = {**self.crew_value, **self.treasure_value,
                      **{c.id: c.fields["value"] for c in cards if c.fields["keep"]}}
        self.items = ids(self.worth)  # how a log names what a ship may carry, give or trade
        island = [board.spaces[square] for square in board.regions[ISLAND]]
        self.distances: dict = {}  # (square, bow, reach, goal) -> what the greedy bot's `_distance` found
        self.headings: dict = {}   # (square, home, bow) -> the headings bots point at from there (`_headings`)
        self.courses: dict = {}    # (square, square) -> the line between them, for the moves (`_course`)
        self.make_ups: dict = {}   # (value, treasure left) -> the treasure making a port up to it (`_make_up`)
        self.calls_at = self.coast | self.anchorages | set(self.ports)  # where stopping may bring something
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
