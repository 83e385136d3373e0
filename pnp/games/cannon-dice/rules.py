"""Cannon Dice's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this file. The sea grid and what
it holds, the treasures' points, the dice faces, the action cards with their counts and timings, the map
cards and the score values come from game.yaml and its card lists; what each card and each special space
does, and the explosion's rank, from rules.yaml.

Seats and spaces: player 1 (first on the `players:` line) sits at the side of row E, player 2 opposite,
at row A. A space is stored by its index in the printed grid, `row * columns + column`, the column counted
from player 1's left (`sheet_grid`); a log names columns from the acting player's own left, as printed on
that player's half of the sheet (`GameState._column`).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from pnp import chance
from pnp.check.engine import TABLE, Rules, State, Verb
from pnp.check.setup import Player
from pnp.check.violations import LOG_SYNTAX
from pnp.datafile import Any_, Choice, Int, LDict, ListOf, MapOf, Record, Text, checked, line_of, load_yaml
from pnp.errors import DataError, Where, shown

ACTIONS, MAPS, DICE = "action-cards", "map-cards", "dice"

NOW, AFTER, KEEP, NOW_OR_KEEP, NEXT_ROUND = "now", "after", "keep", "now or keep", "next round"
ACTS, HELD = (NOW, AFTER), (KEEP, NOW_OR_KEEP)
EFFECTS = {  # what an action card can do -> the timings (action-cards.csv) that effect works with
    "steal-treasure": ACTS, "lose-treasure": ACTS, "draw-map": ACTS, "lose-balls": ACTS, "lose-maps": ACTS,
    "see-maps": ACTS, "extra-shot": ACTS, "fire-column": ACTS, "sink-space": ACTS, "duel": ACTS,
    "reload": (AFTER,),  # it opens a new offer, so it waits until the round's own picks are made
    "pick-first": HELD, "take-dice": HELD, "reroll": HELD, "one-die": (NEXT_ROUND,),
}
ROLLS = {  # an effect that rolls -> (dice rolled, the follow-up the roll asks for)
    "extra-shot": (1, "shot"), "fire-column": (1, "nest"), "sink-space": (1, "sink"), "reload": (2, "flip"),
}
SPECIAL_SPACES = ("draw-map", "one-of-each", "claim-another")
CODE = re.compile(r"CD(-[A-Z]+)+")

RULES_FILE = Record({
    "explosion": Record({"face": Text(), "rank": Int(1)}, "the explosion face and its rank in a duel"),
    "spaces": MapOf(Choice(*SPECIAL_SPACES)),
    "cards": MapOf(Record({"effect": Choice(*EFFECTS), "code": Text(), "balls": (Int(1), 0)},
                          "a card's effect and rule code")),
}, "Cannon Dice's rule facts")

GAME_VARS = Record({  # the parts of game.yaml's `vars` the checker reads (templates read the rest)
    "grid": Record({"rows": ListOf(Text(), min_items=1), "columns": Int(1), "contents": MapOf(Int(0))},
                   "the sea grid"),
    "treasures": MapOf(Any_()),
    "balls_per_cannon": Int(1),
    "score": Record({"ball": Int(0), "cannon": Int(0), "map_bonus": Int(0)}, "the points of the score box"),
}, "the game's vars")


# --- facts: the data the rules read, checked once per game -----------------------------------------

@dataclass(frozen=True)
class Facts:
    rows: tuple             # row letters, A first
    row_names: dict         # word -> row letter
    columns: int
    contents: dict          # space kind -> how many spaces hold it
    points: dict            # treasure kind -> points, in data order (the kinds a chest holds)
    treasure_names: dict    # word -> treasure kind
    specials: dict          # any other space kind -> what claiming it does (SPECIAL_SPACES)
    faces: tuple            # die faces: whole numbers and the explosion
    face_names: dict        # word -> face
    explosion: str
    rank: dict              # face -> what it counts in a duel or a roll-off
    balls: int              # balls per cannon
    score: dict             # points per ball, per working cannon, and the map bonus
    cards: dict             # action card id -> copies in the deck
    card_names: dict        # word -> action card id
    title: dict             # action card id -> its title
    timing: dict            # action card id -> when it acts (action-cards.csv)
    effect: dict            # action card id -> what it does (rules.yaml)
    code: dict              # action card id -> its rule code
    balls_lost: dict        # action card id -> balls it crosses off (lose-balls cards)
    effect_code: dict       # effect -> the rule code of its (first) card
    spots: dict             # map card id -> the spot it circles, in data order
    map_names: dict         # word -> map card id


def sheet_grid(facts: Facts, sheet: int) -> list:
    """What each space of sheet number `sheet` holds, by index (row * columns + column from player 1's
    left): the grid's contents shuffled by the sheet's number, exactly as the printed sheet lays them out."""
    return chance.shuffled(chance.expand(facts.contents), sheet)


def read_facts(game) -> Facts:
    """The game's data and rules.yaml, cross-checked; every problem raised at once as a DataError."""
    path = game.folder / "rules.yaml"
    raw = load_yaml(path)
    facts = checked(RULES_FILE, raw, Where(shown(path), 1))
    data = shown(game.folder / "game.yaml")
    missing = [name for name in (ACTIONS, MAPS, DICE) if name not in game.components]
    if missing:
        raise DataError([(Where(data, 1), f"the rules checker needs the components {', '.join(missing)}")])
    values = checked(GAME_VARS, _picked(game.vars, GAME_VARS), Where(data, line_of(game.vars, default=1), "vars"))
    problems: list = []

    def at(key: str) -> Where:
        return Where(shown(path), line_of(raw, key), key)

    grid, cards = values["grid"], game.components[ACTIONS].cards
    points = _points(values["treasures"], Where(data, line_of(game.vars, "treasures"), "vars.treasures"), problems)
    _check_grid(grid, points, facts["spaces"], Where(data, line_of(game.vars, "grid"), "vars.grid"), at, problems)
    faces = tuple(game.components[DICE].options.get("faces") or ())
    _check_faces(faces, facts["explosion"]["face"], grid, game.components[DICE].where, problems)
    _check_cards(cards, facts["cards"], at("cards"), problems)
    maps = game.components[MAPS].cards
    spots = {card.id: card.fields.get("spot") for card in maps}
    if len(set(spots.values())) != len(spots):
        problems.append((game.components[MAPS].where, "every map card circles a spot of its own"))
    if problems:
        raise DataError(problems)
    effects = {card: entry["effect"] for card, entry in facts["cards"].items()}
    effect_code: dict = {}
    for card, effect in effects.items():
        effect_code.setdefault(effect, facts["cards"][card]["code"])
    rows = tuple(str(row) for row in grid["rows"])
    explosion = facts["explosion"]["face"]
    return Facts(
        rows=rows, row_names={row.lower(): row for row in rows}, columns=grid["columns"],
        contents=dict(grid["contents"]), points=points, treasure_names=_treasure_names(values["treasures"], points),
        specials=dict(facts["spaces"]), faces=faces,
        face_names={str(face).lower(): face for face in faces}, explosion=explosion,
        rank={face: facts["explosion"]["rank"] if face == explosion else face for face in faces},
        balls=values["balls_per_cannon"], score=dict(values["score"]),
        cards={card.id: card.count for card in cards}, card_names={card.id.lower(): card.id for card in cards},
        title={card.id: card.fields["title"] for card in cards},
        timing={card.id: card.fields["timing"] for card in cards}, effect=effects,
        code={card: entry["code"] for card, entry in facts["cards"].items()},
        balls_lost={card: entry["balls"] for card, entry in facts["cards"].items()},
        effect_code=effect_code,
        spots=spots, map_names={card.id.lower(): card.id for card in maps},
    )


def _picked(values, spec: Record) -> LDict:
    """Only the keys of `values` that `spec` reads, with their lines: vars also hold what templates need."""
    out = LDict({key: value for key, value in (values or {}).items() if key in spec.fields})
    out.line, out.key_lines = line_of(values, default=1), {key: line_of(values, key) for key in out}
    return out


def _points(treasures: dict, where: Where, problems: list) -> dict:
    """Treasure kind -> points, for the kinds that have points (the others are special spaces)."""
    points = {}
    for kind, entry in treasures.items():
        if isinstance(entry, dict) and "points" in entry:
            spot = where.at(f"{kind}.points", line_of(entry, "points"))
            points[kind] = Int(0).check(entry["points"], spot, problems)
    return points


def _treasure_names(treasures: dict, points: dict) -> dict:
    """A treasure may be written as its id (gold) or as the last word of its name (doubloon)."""
    names = {}
    for kind in points:
        name = treasures[kind].get("name")
        for word in (kind, name.split()[-1] if isinstance(name, str) and name.split() else None):
            if word:
                names[word.lower()] = kind
    return names


def _check_grid(grid, points, specials, where, at, problems) -> None:
    """The contents fill the grid exactly, and every kind is a treasure or a special space the rules know."""
    size = len(grid["rows"]) * grid["columns"]
    if sum(grid["contents"].values()) != size:
        problems.append((where.at("contents"), f"the contents fill {sum(grid['contents'].values())} spaces; "
                                               f"the grid has {size}"))
    for kind in grid["contents"]:
        if kind not in points and kind not in specials:
            problems.append((at("spaces"), f"{kind}: a grid space with no points needs its effect here"))
    for kind in specials:
        if kind not in grid["contents"]:
            problems.append((at("spaces"), f"{kind}: no grid space holds it"))


def _check_faces(faces, explosion, grid, where, problems) -> None:
    """One face is the explosion; every other is a whole number a shot can count along a row or a column."""
    highest = min(len(grid["rows"]), grid["columns"])
    numbers = [face for face in faces if face != explosion]
    if explosion not in faces:
        problems.append((where, f"the dice have no {explosion!r} face (rules.yaml names it the explosion)"))
    if any(isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= highest for face in numbers):
        problems.append((where, f"every face but the explosion is a whole number from 1 to {highest}"))


def _check_cards(cards, entries, where, problems) -> None:
    """Every card has an effect that fits its timing, and a rule code of its own."""
    ids = {card.id for card in cards}
    for card in cards:
        entry = entries.get(card.id)
        if entry is None:
            problems.append((card.where, f"{card.id}: rules.yaml says nothing of what this card does"))
        elif card.fields.get("timing") not in EFFECTS[entry["effect"]]:
            problems.append((card.where, f"{card.id}: a {entry['effect']} card acts "
                                         f"{' or '.join(EFFECTS[entry['effect']])}, not {card.fields.get('timing')}"))
        elif entry["effect"] == "lose-balls" and not entry["balls"]:
            problems.append((where, f"{card.id}: a lose-balls card says how many `balls`"))
    for card_id, entry in entries.items():
        if card_id not in ids:
            problems.append((where, f"{card_id}: no action card has this id"))
        if not CODE.fullmatch(entry["code"]):
            problems.append((where, f"{card_id}: a rule code is CD- and capital words, not {entry['code']!r}"))
    codes = [entry["code"] for entry in entries.values()]
    if len(set(codes)) != len(codes):
        problems.append((where, "every card has a rule code of its own"))


# --- actions: one per log verb; str() is the log line ----------------------------------------------

def _line(*words) -> str:
    return " ".join(str(word) for word in words if word is not None)


@dataclass(frozen=True)
class Flip:
    card: str

    def __str__(self):
        return f"flip {self.card}"


@dataclass(frozen=True)
class Roll:
    faces: tuple

    def __str__(self):
        return _line("roll", *self.faces)


@dataclass(frozen=True)
class Fire:
    player: str
    face: object
    row: str | None = None      # the firing cannon's row; None when no cannon can fire
    target: str | None = None   # the explosion's target: the row of the opponent's cannon X'd out

    def __str__(self):
        return _line(self.player, "fire", self.face, self.row, *(("at", self.target) if self.target else ()))


@dataclass(frozen=True)
class Take:
    player: str
    card: str

    def __str__(self):
        return f"{self.player} take {self.card}"


@dataclass(frozen=True)
class Claim:
    player: str
    row: str
    column: int  # from the player's own left

    def __str__(self):
        return f"{self.player} claim {self.row}{self.column}"


@dataclass(frozen=True)
class Nest:
    player: str
    column: int         # from the player's own left
    row: str | None     # the cannon whose ball it costs

    def __str__(self):
        return _line(self.player, "nest", self.column, self.row)


@dataclass(frozen=True)
class Sink:
    player: str
    row: str

    def __str__(self):
        return f"{self.player} sink {self.row}"


@dataclass(frozen=True)
class Steal:
    player: str
    treasure: str

    def __str__(self):
        return f"{self.player} steal {self.treasure}"


@dataclass(frozen=True)
class Lose:
    player: str
    treasure: str | None    # a treasure crossed off, or None for balls
    rows: tuple = ()        # one row per ball crossed off

    def __str__(self):
        if self.treasure:
            return f"{self.player} lose {self.treasure}"
        return _line(self.player, "lose", "ball" if len(self.rows) == 1 else "balls", *self.rows)


@dataclass(frozen=True)
class Draw:
    player: str
    map: str

    def __str__(self):
        return f"{self.player} draw {self.map}"


@dataclass(frozen=True)
class Return:
    player: str
    maps: tuple

    def __str__(self):
        return _line(self.player, "return", *self.maps)


@dataclass(frozen=True)
class Spy:
    player: str
    maps: tuple

    def __str__(self):
        return _line(self.player, "spy", *self.maps)


@dataclass(frozen=True)
class Play:
    player: str
    card: str
    map: str | None = None
    face: object = None

    def __str__(self):
        return _line(self.player, "play", self.card, self.map, self.face)


@dataclass(frozen=True)
class Duel:
    rolls: tuple  # (player, face) for both players

    def __str__(self):
        return _line("duel", *itertools.chain(*self.rolls))


@dataclass(frozen=True)
class End:
    def __str__(self):
        return "end"


@dataclass(frozen=True)
class Guess:
    player: str
    spot: int

    def __str__(self):
        return f"{self.player} guess {self.spot}"


@dataclass(frozen=True)
class Envelope:
    map: str

    def __str__(self):
        return f"envelope {self.map}"


@dataclass(frozen=True)
class Score:
    claims: tuple  # (player, points) pairs

    def __str__(self):
        return _line("score", *itertools.chain(*self.claims))


@dataclass(frozen=True)
class Winner:
    player: str

    def __str__(self):
        return f"winner {self.player}"


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class CannonDice(Rules):
    def __init__(self, game):
        self.game = game
        self.facts = read_facts(game)
        self.verbs = {verb.name: verb for verb in (
            Verb("flip", "flip CARD", self._one(self._card, Flip), by_player=False),
            Verb("roll", "roll FACE [FACE]", self._roll, by_player=False),
            Verb("fire", "PLAYER fire FACE [ROW] [at ROW]", self._fire),
            Verb("take", "PLAYER take CARD", self._one(self._card, Take)),
            Verb("claim", "PLAYER claim SPACE (row and column, such as C4)", self._claim),
            Verb("nest", "PLAYER nest COLUMN [ROW]", self._nest),
            Verb("sink", "PLAYER sink ROW", self._one(self._row, Sink)),
            Verb("steal", "PLAYER steal TREASURE", self._one(self._treasure, Steal)),
            Verb("lose", "PLAYER lose TREASURE, or PLAYER lose ball ROW [ROW]", self._lose),
            Verb("draw", "PLAYER draw MAP", self._one(self._map, Draw)),
            Verb("return", "PLAYER return MAP [MAP ...]", self._return),
            Verb("spy", "PLAYER spy [MAP ...]", self._spy),
            Verb("play", "PLAYER play CARD [MAP] [FACE]", self._play),
            Verb("duel", "duel PLAYER FACE PLAYER FACE", self._duel, by_player=False),
            Verb("end", "end", self._one(None, End), by_player=False),
            Verb("guess", "PLAYER guess SPOT", self._one(self._spot, Guess)),
            Verb("envelope", "envelope MAP", self._one(self._map, Envelope), by_player=False),
            Verb("score", "score PLAYER POINTS PLAYER POINTS", self._score, by_player=False),
            Verb("winner", "winner PLAYER", self._one(lambda words: words.player(), Winner), by_player=False),
        )}

    def header(self, players):
        return {"sheet": Int(1), "starts": Player(players)}

    def start(self, setup, whistle):
        return GameState(self.facts, setup, whistle)

    def simulated_header(self, rng, players):
        return {"sheet": str(rng.randint(1, 9999)), "starts": rng.choice(players)}

    # parsers: words -> action
    @staticmethod
    def _one(read, make):
        """The parser of a verb with one thing after it (`read`, or nothing): the action made of the actor,
        when the line has one, and that thing."""
        def parse(words, actor):
            value = () if read is None else (read(words),)
            words.end()
            return make(*((actor,) if actor else ()), *value)
        return parse

    def _face(self, words):
        faces = ", ".join(map(str, self.facts.faces))
        return words.name(self.facts.face_names, f"a die face ({faces})", LOG_SYNTAX)

    def _row(self, words):
        return words.name(self.facts.row_names, f"a row ({', '.join(self.facts.rows)})", LOG_SYNTAX)

    def _card(self, words):
        return words.name(self.facts.card_names, "an action card")

    def _map(self, words):
        return words.name(self.facts.map_names, "a map card")

    def _column(self, words):
        column = words.number("a column", 1)
        if column > self.facts.columns:
            words.fail(f"columns are numbered 1–{self.facts.columns}, not {column}")
        return column

    def _roll(self, words, actor):
        faces = [self._face(words)]
        if words.more():
            faces.append(self._face(words))
        words.end()
        return Roll(tuple(faces))

    def _fire(self, words, actor):
        face = self._face(words)
        row = self._row(words) if words.more() and words.words[words.at].lower() != "at" else None
        target = self._row(words) if words.keyword("at") else None
        if target and face != self.facts.explosion:
            words.fail(f"only the {self.facts.explosion} X's out a cannon (`at ROW`)")
        words.end()
        return Fire(actor, face, row, target)

    def _claim(self, words, actor):
        word = words.next("a space")
        match = re.fullmatch(r"([A-Za-z]+)(\d+)", word)
        row = self.facts.row_names.get(match.group(1).lower()) if match else None
        if row is None or not 1 <= int(match.group(2)) <= self.facts.columns:
            words.fail(f"expected a space: a row {self.facts.rows[0]}–{self.facts.rows[-1]} and a column "
                       f"1–{self.facts.columns}, such as C4; got {word!r}")
        words.end()
        return Claim(actor, row, int(match.group(2)))

    def _nest(self, words, actor):
        column = self._column(words)
        row = self._row(words) if words.more() else None
        words.end()
        return Nest(actor, column, row)

    def _treasure(self, words, also: str = ""):
        return words.name(self.facts.treasure_names, f"a treasure ({', '.join(self.facts.points)}){also}", LOG_SYNTAX)

    def _lose(self, words, actor):
        if words.keyword("ball") or words.keyword("balls"):
            rows = [self._row(words)]
            while words.more():
                rows.append(self._row(words))
            return Lose(actor, None, tuple(rows))
        treasure = self._treasure(words, " or `ball ROW`")
        words.end()
        return Lose(actor, treasure)

    def _maps(self, words) -> tuple:
        maps = []
        while words.more():
            maps.append(self._map(words))
        return tuple(maps)

    def _return(self, words, actor):
        return Return(actor, (self._map(words),) + self._maps(words))

    def _spy(self, words, actor):
        return Spy(actor, self._maps(words))

    def _play(self, words, actor):
        card = self._card(words)
        effect = self.facts.effect[card]
        if self.facts.timing[card] not in HELD:
            held = [c for c in self.facts.cards if self.facts.timing[c] in HELD]
            words.fail(f"{card} is not kept for later; only {', '.join(held)} are played from the hand")
        map_card = self._map(words) if effect in ("take-dice", "reroll") else None
        face = self._face(words) if effect == "reroll" else None
        words.end()
        return Play(actor, card, map_card, face)

    def _duel(self, words, actor):
        rolls = {}
        while words.more():
            name = words.player()
            if name in rolls:
                words.fail(f"{name} is named twice")
            rolls[name] = self._face(words)
        if len(rolls) != len(words.players):
            words.fail("a duel gives the die of each player")
        return Duel(tuple(rolls.items()))

    def _spot(self, words):
        spot = words.number("the spot circled", 1)
        spots = sorted(self.facts.spots.values())
        if spot not in spots:
            words.fail(f"the map strip's spots are {spots[0]}–{spots[-1]}, not {spot}")
        return spot

    def _score(self, words, actor):
        return Score(tuple(words.claims().items()))


def rules(game) -> CannonDice:
    """The entry point the checker calls with the game's checked data."""
    return CannonDice(game)


# --- the state of one game ---------------------------------------------------------------------------

UNKNOWN = "an unknown card"   # the card of a round whose flip the log left out
SUNK = "Davy Jones"          # the owner of a space sunk by Davy Jones: nobody gets it
TABLE_DUES = frozenset(("draw", "roll", "duel", "flip", "spy"))  # follow-ups the table writes

MISSING = {  # a follow-up's kind -> what the log lacks when it is skipped, and the line to write
    "draw": ("{p} draws the top map card", "{p} draw MAP"),
    "claim": ("{p} claims another space with the horseshoe", "{p} claim SPACE"),
    "balls": ("{p} crosses off {n}", "{p} lose ball ROW"),
    "treasure": ("{p} crosses off a treasure", "{p} lose TREASURE"),
    "steal": ("{p} takes a treasure from {o}", "{p} steal TREASURE"),
    "return": ("{p}'s maps go under the map deck", "{p} return MAP ..."),
    "roll": ("the table rolls {n}", "roll {faces}"),
    "shot": ("{p} fires the {n}", "{p} fire {n} ROW"),
    "nest": ("{p} fires the {n} down a column", "{p} nest COLUMN ROW"),
    "sink": ("{p} sinks space {n} of a row", "{p} sink ROW"),
    "duel": ("both players roll a die", "duel {p} FACE {o} FACE"),
    "flip": ("the table flips another card", "flip CARD"),
}


UNASKED = {  # a follow-up's kind -> what a line of it does, and what alone asks for it
    "claim": ("claims a space", "only the horseshoe lets a player claim one, at once"),
    "nest": ("fires down a column", "only the Crow's Nest does, after its roll"),
    "sink": ("sinks a space", "only Davy Jones does, after its roll"),
    "steal": ("takes a treasure", "only the Boarding Party does, when it is taken"),
    "treasure": ("crosses off a treasure", "only a Kraken or a lost duel asks for it"),
    "balls": ("crosses off balls", "only a Miss or Rough Seas asks for it"),
    "draw": ("draws a map card", "only a claimed map X or a Map card gives one"),
    "return": ("puts maps under the map deck", "only the Powder Keg does"),
    "spy": ("looks at the opponent's maps", "only the Spyglass does, when it is taken"),
}


class Due:
    """A follow-up an earlier line asks for, which must come before anything else: a map to draw, balls
    to cross off, an effect's roll ... `code` is the rule a missing or wrong follow-up breaks."""

    __slots__ = ("kind", "player", "code", "line", "cause", "data", "optional")

    def __init__(self, kind, player, code, line, cause, data=None, optional=False):
        self.kind, self.player, self.code, self.line = kind, player, code, line
        self.cause, self.data, self.optional = cause, data, optional


def _count(number: int, what: str, plural: str = "") -> str:
    return f"{number} {what if number == 1 else plural or what + 's'}"


def _listed(items) -> str:
    return ", ".join(map(str, items)) or "none"


class GameState(State):
    """Cannon Dice in progress: the grid, both players' cannons, chests, maps and kept cards, the decks,
    and the round under way with its offer (dice and card), its order of picks and its follow-ups."""

    def __init__(self, facts: Facts, setup, whistle):
        self.f, self.w = facts, whistle
        self.players = setup.players  # two: the checker replays only logs of as many players as game.yaml allows
        first, second = self.players
        self.first, self.other = first, {first: second, second: first}
        self.sheet = setup.options["sheet"]
        self.grid = sheet_grid(facts, self.sheet)
        self.owner = [None] * len(self.grid)        # player, SUNK, or None while unclaimed
        self.claim_line = [0] * len(self.grid)
        rows = len(facts.rows)
        self.balls = {p: [facts.balls] * rows for p in self.players}
        self.xd = {p: [0] * rows for p in self.players}  # the line a cannon was X'd out, 0 while it works
        self.chest = {p: dict.fromkeys(facts.points, 0) for p in self.players}    # treasures that count
        self.maps = {p: [] for p in self.players}    # map cards held, in the order they came
        self.map_deck = [None] * (len(facts.spots) - 1)  # top first; None: a card nobody has seen yet
        self.seen: dict = {}                         # map card -> the line it was first drawn
        self.under: dict = {}                        # map card -> the line it last went under the deck
        self.deck_left = dict(facts.cards)           # action cards still to flip
        self.deck_size = sum(facts.cards.values())
        self.discards = dict.fromkeys(facts.cards, 0)
        self.reshuffled = 0                          # the line of the last reshuffle of the discards
        self.kept = {p: {} for p in self.players}    # kept action cards, by id
        self.plank: dict = {}                        # player -> the line of their Walk the Plank
        self.todo: list = []                         # Due follow-ups, next first
        self.after: list = []                        # (card, player, line) acting after the round's picks
        self.table_cards: list = []                  # flipped this round: discarded when it ends
        self.round, self.phase = 0, "begin"          # begin -> roll -> picks -> begin ... -> final
        self.active = self.next_active = setup.options["starts"]
        self.card, self.dice, self.order, self.window = None, [], [], []
        self.picks, self.order_changed, self.dice_only = 0, 0, None
        self.agreed = 0
        self.ended = ""                              # why the game ended
        self.guesses: dict = {}                      # player -> (spot or None, line)
        self.envelope = None
        self.score_line = self.winner_line = 0
        self.rolloff = None
        self.end_reported = False

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.todo:
            due = self.todo[0]
            return TABLE if due.kind in TABLE_DUES else due.player
        if self.phase == "picks":
            return (self.window or self.order)[0]
        if self.phase == "final":
            return next((p for p in self.players if p not in self.guesses), TABLE)
        return TABLE

    def is_over(self) -> bool:
        return bool(self.winner_line)

    def legal_actions(self) -> list:
        if self.todo:
            return self._follow_ups(self.todo[0])
        player = self.to_move()
        if self.phase == "picks":
            if self.window:
                return [None] + self._plays(player)  # None: let the chance to play a kept card go
            return self._picks(player) + self._plays(player)
        return [Guess(player, spot) for spot in self.f.spots.values()]

    def _follow_ups(self, due) -> list:
        p, kind, f = due.player, due.kind, self.f
        if kind == "claim":
            return [Claim(p, *self._space(p, i)) for i, owner in enumerate(self.owner) if owner is None]
        if kind == "balls":
            balls = [row for r, row in enumerate(f.rows) for _ in range(self.balls[p][r])]
            return [Lose(p, None, rows) for rows in dict.fromkeys(itertools.combinations(balls, due.data))]
        if kind == "treasure":
            return [Lose(p, treasure) for treasure, n in self.chest[p].items() if n]
        if kind == "steal":
            return [Steal(p, treasure) for treasure, n in self.chest[self.other[p]].items() if n]
        if kind == "return":
            return [Return(p, tuple(self.maps[p]))]
        if kind == "shot":
            return self._shots(p, due.data)
        if kind == "nest":
            rows = [f.rows[r] for r in self._usable(p)] or [None]
            return [Nest(p, column, row) for column in range(1, f.columns + 1) for row in rows]
        return [Sink(p, row) for row in f.rows]

    def _picks(self, player) -> list:
        actions = [shot for face in dict.fromkeys(self.dice) for shot in self._shots(player, face)]
        if self.card is not None and self.dice_only != player:
            actions.append(Take(player, self.card))
        return actions

    def _shots(self, player, face) -> list:
        rows = [self.f.rows[r] for r in self._usable(player)]
        if not rows:
            return [Fire(player, face)]
        if face != self.f.explosion:
            return [Fire(player, face, row) for row in rows]
        opponent = self.xd[self.other[player]]
        targets = [self.f.rows[r] for r, line in enumerate(opponent) if not line] or [None]
        return [Fire(player, face, row, target) for row in rows for target in targets]

    def _plays(self, player) -> list:
        """The kept cards `player` may play now, each way it can be played."""
        plays = []
        for card, count in self.kept[player].items():
            effect = self.f.effect[card] if count else None
            if effect == "reroll" and self.dice:
                plays += [Play(player, card, m, face) for m in self.maps[player] for face in dict.fromkeys(self.dice)]
            elif self.picks or self.order_changed:
                continue  # the order of picks changes only before the round's first pick, once
            elif effect == "pick-first" and player != self.active:
                plays.append(Play(player, card))
            elif effect == "take-dice" and self.dice is not None and len(self.dice) == 2:
                plays += [Play(player, card, m) for m in self.maps[player]]
        return plays

    def table_action(self, rng):
        if self.todo:
            return self._table_follow_up(self.todo[0], rng)
        if self.phase == "begin":
            if self.round >= 8 and rng.random() < 0.02:
                return End()  # now and then the players agree to stop
            return Flip(self._random_card(rng))
        if self.phase == "roll":
            return Roll(self._rolled_dice(rng, 1 if self.active in self.plank else 2))
        if self.envelope is None:
            return Envelope(rng.choice(self._unseen()))
        if not self.score_line:
            return Score(tuple(self._totals().items()))
        return Winner(self._leaders()[0] if self.rolloff is None else self.rolloff)

    def _table_follow_up(self, due, rng):
        if due.kind == "draw":
            return Draw(due.player, self.map_deck[0] or rng.choice(self._unseen()))
        if due.kind == "roll":
            return Roll(self._rolled_dice(rng, due.data[0]))
        if due.kind == "duel":
            return Duel(tuple((p, rng.choice(self.f.faces)) for p in self.players))
        if due.kind == "flip":
            return Flip(self._random_card(rng))
        return Spy(due.player, tuple(self.maps[self.other[due.player]]))

    def _rolled_dice(self, rng, count: int) -> tuple:
        return tuple(rng.choice(self.f.faces) for _ in range(count))

    def _random_card(self, rng) -> str:
        pile = self.deck_left if self.deck_size else self.discards  # an empty deck is its reshuffled discards
        return rng.choice([card for card, count in pile.items() for _ in range(count)])

    def _unseen(self) -> list:
        return [m for m in self.f.spots if m not in self.seen]

    def clone(self) -> "GameState":
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        for name in ("owner", "claim_line", "map_deck", "todo", "after", "table_cards", "order", "window"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("seen", "under", "deck_left", "discards", "plank", "guesses"):
            setattr(other, name, dict(getattr(self, name)))
        for name in ("balls", "xd", "maps"):
            setattr(other, name, {p: list(v) for p, v in getattr(self, name).items()})
        for name in ("chest", "kept"):
            setattr(other, name, {p: dict(v) for p, v in getattr(self, name).items()})
        other.dice = list(self.dice) if self.dice is not None else None
        return other

    def value(self, player) -> float:
        return self._total(player) - self._total(self.other[player])

    def summary(self) -> str:
        totals = ", ".join(f"{p} {points}" for p, points in self._totals().items())
        rolloff = " after a roll-off" if self.rolloff else ""
        return (f"a legal game on sheet {self.sheet}, {self.round} rounds, ended because {self.ended}; "
                f"scores right: {totals}; winner {self.rolloff or self._leaders()[0]}{rolloff}")

    # -- applying an event ------------------------------------------------------------------------

    def apply(self, action) -> None:
        if action is None:  # a bot let its chance to play a kept card go
            self.window.pop(0)
            return
        if self.winner_line:
            self._blow_end(f"the game is over (the winner is written at line {self.winner_line})")
            return
        getattr(self, "_" + type(action).__name__.lower())(action)
        self._advance()

    def _flip(self, event: Flip):
        due = self._settle("flip")
        if due:  # the Reload's card: with the rerolled dice, one pick for the Reload's player
            self._deal(event.card)
            self.card, self.order, self.window, self.dice_only = event.card, [due.player], [], None
            return
        if self._next_round():
            self._deal(event.card)
            self._begin_round(event.card)

    def _roll(self, event: Roll):
        due = self._settle("roll")
        if due:
            if len(event.faces) != due.data[0]:
                self.w.blow("CD-ROLL", f"{due.cause}: it rolls {_count(due.data[0], 'die', 'dice')}, "
                                       f"not {len(event.faces)}")
            self._rolled(due, event.faces)
        elif self.phase == "roll":
            self._round_roll(event.faces)
        elif self.phase == "begin":
            self.w.blow("CD-ROUND", f"round {self.round + 1} begins with its card: write `flip CARD` before the roll")
            self._begin_round(UNKNOWN)
            self._round_roll(event.faces)
        elif self.phase == "final":
            self._blow_end(f"the game is over: {self.ended}")
        else:
            self.w.blow("CD-ROUND", f"no roll is due now (round {self.round}'s dice are rolled already)")

    def _fire(self, event: Fire):
        due = self._settle("shot")
        if due:  # the Extra Shot's die
            self._is_theirs(due, event.player)
            if due.data is not None and event.face != due.data:
                self.w.blow(due.code, f"{due.cause}: its die shows {due.data}, not {event.face}")
        elif self._pick(event.player):
            self._take_die(event.face)
        else:
            return
        self._shoot(event)

    def _take(self, event: Take):
        self._settle()
        if not self._pick(event.player):
            return
        if self.card is None:
            self.w.blow("CD-PICK", f"round {self.round}'s card is taken already; only dice are left")
            return
        if self.card not in (UNKNOWN, event.card):
            self.w.blow("CD-PICK", f"the card on offer is {self.card}, not {event.card}")
        if self.dice_only == event.player:
            self.w.blow(self.f.effect_code["take-dice"], f"{event.player} took both dice with the card played at "
                                                        f"line {self.order_changed}: the card is "
                                                        f"{self.other[event.player]}'s pick")
        self.card = None
        self._got(event.player, event.card)

    def _claim(self, event: Claim):
        due = self._answer("claim", event.player)
        if not due:
            return
        index = self.f.rows.index(event.row) * self.f.columns + self._column(event.player, event.column)
        if self.owner[index] is not None:
            self.w.blow("CD-HORSESHOE", f"{event.row}{event.column} is claimed already ({self._taken(index)})")
            return
        self._hit(event.player, index)

    def _nest(self, event: Nest):
        due = self._answer("nest", event.player)
        if not due:
            return
        if self._fire_from(event.player, event.row) is None or due.data is None:
            return
        rows = len(self.f.rows)
        row = rows - due.data if event.player == self.first else due.data - 1  # counted from the player's side
        self._hit(event.player, row * self.f.columns + self._column(event.player, event.column))

    def _sink(self, event: Sink):
        due = self._answer("sink", event.player)
        if not due:
            return
        if due.data is None:
            return
        index = self.f.rows.index(event.row) * self.f.columns + self._column(event.player, due.data)
        if self.owner[index] is None:
            self.owner[index], self.claim_line[index] = SUNK, self.w.line

    def _steal(self, event: Steal):
        due = self._answer("steal", event.player)
        if not due:
            return
        victim = self.other[event.player]
        if not self.chest[victim][event.treasure]:
            self.w.blow(due.code, f"{victim} has no {event.treasure} to take (chest: {self._chest(victim)})")
            return
        self.chest[victim][event.treasure] -= 1
        self.chest[event.player][event.treasure] += 1

    def _lose(self, event: Lose):
        if event.treasure:
            self._lose_treasure(event)
        else:
            self._lose_balls(event)

    def _lose_treasure(self, event: Lose):
        due = self._answer("treasure", event.player)
        if not due:
            return
        if not self.chest[event.player][event.treasure]:
            self.w.blow(due.code, f"{event.player} has no {event.treasure} to cross off "
                                  f"(chest: {self._chest(event.player)})")
            return
        self.chest[event.player][event.treasure] -= 1

    def _lose_balls(self, event: Lose):
        due = self._answer("balls", event.player)
        if not due:
            return
        if len(event.rows) != due.data:
            self.w.blow(due.code, f"{due.cause}: {event.player} crosses off {_count(due.data, 'ball')}, "
                                  f"not {len(event.rows)}")
        balls = self.balls[event.player]
        for row in event.rows:
            r = self.f.rows.index(row)
            if balls[r]:
                balls[r] -= 1
            else:
                self.w.blow(due.code, f"{event.player}'s cannon in row {row} has no ball left to cross off")

    def _draw(self, event: Draw):
        if self._answer("draw", event.player):
            self._draw_map(event.player, event.map)

    def _return(self, event: Return):
        due = self._answer("return", event.player)
        if not due:
            return
        held = self.maps[event.player]
        if sorted(event.maps) != sorted(held):
            self.w.blow(due.code, f"{due.cause}: all {event.player}'s maps go under the map deck: "
                                  f"{_listed(held)}, not {_listed(event.maps)}")
        # in the order written, then any the log forgot, so that later draws are checked against them
        under = [m for m in dict.fromkeys(event.maps) if m in held] + [m for m in held if m not in event.maps]
        for card in under:
            self._under(card)
        held.clear()

    def _spy(self, event: Spy):
        due = self._answer("spy", event.player)
        if not due:
            return
        held = self.maps[self.other[event.player]]
        if sorted(event.maps) != sorted(held):
            self.w.blow(due.code, f"{self.other[event.player]} holds {_listed(held) if held else 'no map'}, "
                                  f"not {_listed(event.maps) if event.maps else 'none'}")

    def _play(self, event: Play):
        self._settle()
        card, player = event.card, event.player
        code, effect = self.f.code[card], self.f.effect[card]
        if self.phase == "final":
            self._blow_end(f"the game is over: {self.ended}")
            return
        if not self.kept[player].get(card):
            kept = [c for c, n in self.kept[player].items() if n]
            self.w.blow(code, f"{player} holds no {card} (kept cards: {_listed(kept)})")
            return
        why = self._cannot_play(player, effect, event)
        if why:
            self.w.blow(code, why)
            return
        self.kept[player][card] -= 1
        self.discards[card] += 1
        if self.window and self.window[0] == player:
            self.window.pop(0)
        self._played(player, effect, event, code)

    def _duel(self, event: Duel):
        due = self._settle("duel")
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
            self.todo.insert(0, due)  # a tie is rolled again
        elif due.data == "tie":
            self.rolloff = high
        elif any(self.chest[low].values()):
            self.todo.insert(0, Due("treasure", low, due.code, due.line, f"{low} lost the duel of {due.cause}"))

    def _end(self, event: End):
        self._settle()
        if self.phase == "final":
            self._blow_end(f"the game is over already: {self.ended}")
            return
        self.agreed = self.w.line
        if self.phase == "begin":
            self._check_end()

    def _guess(self, event: Guess):
        self._to_final("the guesses")
        if event.player in self.guesses:
            self.w.blow("CD-GUESS", f"{event.player} circled an X already (line {self.guesses[event.player][1]})")
            return
        if self.envelope is not None:
            self.w.blow("CD-GUESS", f"the X is circled before the envelope is opened (line {self.envelope[1]})")
        self.guesses[event.player] = (event.spot, self.w.line)

    def _envelope(self, event: Envelope):
        self._to_final("the envelope")
        if self.envelope is not None:
            self.w.blow("CD-ENVELOPE", f"the envelope was opened already (line {self.envelope[1]})")
            return
        self._need_guesses("the envelope is opened")
        if event.map in self.seen:
            self.w.blow("CD-ENVELOPE", f"{event.map} cannot be the sealed map: it was drawn at line "
                                       f"{self.seen[event.map]} (maps never drawn: {_listed(self._unseen())})")
        self.envelope = (event.map, self.w.line)

    def _score(self, event: Score):
        self._to_final("the scores")
        if self.score_line:
            self.w.blow("CD-SCORE", f"the scores were written already (line {self.score_line})")
            return
        if self.envelope is None:
            self.w.blow("CD-ENVELOPE", "the envelope is opened before the scores (write `envelope MAP`)")
        self.score_line = self.w.line
        totals = self._totals()
        claimed = dict(event.claims)
        for player in self.players:
            if claimed.get(player) != totals[player]:
                written = "none is written" if player not in claimed else f"not {claimed[player]}"
                self.w.blow("CD-SCORE", f"{player} has {totals[player]} points, {written} ({self._breakdown(player)})")
        if len(self._leaders()) > 1:
            self.todo.insert(0, Due("duel", self.players[0], "CD-WINNER", self.w.line, "the equal scores",
                                    data="tie"))

    def _winner(self, event: Winner):
        self._to_final("the winner")
        self._settle()  # a roll-off still due is missing
        if not self.score_line:
            self.w.blow("CD-SCORE", "the scores are written before the winner (write `score PLAYER POINTS ...`)")
        self.winner_line = self.w.line
        leaders = self._leaders()
        winner = leaders[0] if len(leaders) == 1 else self.rolloff
        if winner and winner != event.player:
            how = "wins the roll-off" if len(leaders) > 1 else f"wins with {self._totals()[winner]} points"
            self.w.blow("CD-WINNER", f"{winner} {how}, not {event.player}")

    def finish(self) -> None:
        if self.is_over():
            return
        if self.phase != "final":
            self._blow_end(f"the log stops in round {self.round}, before the game is over")
            return
        self._need_guesses("the end of the log")
        if self.envelope is None:
            self.w.blow("CD-ENVELOPE", "the envelope is never opened (write `envelope MAP`)")
        if not self.score_line:
            self.w.blow("CD-SCORE", "the scores are missing (write `score PLAYER POINTS PLAYER POINTS`)")
        self.w.blow("CD-WINNER", "the winner is missing (write `winner PLAYER`)")

    # -- follow-ups ---------------------------------------------------------------------------------

    def _settle(self, kind: str | None = None):
        """The follow-up of this `kind` when it is next, taken off the list. Every follow-up before it was
        skipped by the log: each is reported (an optional one silently) and dropped. None when no follow-up
        of the kind is next; then none is left at all."""
        todo = self.todo
        while todo:
            due = todo.pop(0)
            if due.kind == kind:
                return due
            if not due.optional:
                self._missing(due)
            if due.kind == "roll":
                then = self._unrolled(due)
                if then == kind:  # the roll alone is missing: what follows it is here, its die unknown
                    return Due(kind, due.player, due.code, due.line, due.cause)
        return None

    def _missing(self, due) -> None:
        what, usage = MISSING[due.kind]
        words = {"p": due.player, "o": self.other.get(due.player), "n": self._due_number(due),
                 "faces": " ".join(["FACE"] * due.data[0]) if due.kind == "roll" else ""}
        self.w.blow(due.code, f"{due.cause}: next, {what.format(**words)} (write `{usage.format(**words)}`)")

    def _unrolled(self, due) -> str:
        """A roll the log left out decides nothing the checker can know: dice it would have put on offer
        are unknown from now on, so that the lines after it are not blamed. The kind of what follows it."""
        then = due.data[1]
        if then in ("flip", "reroll"):
            self.dice = None
        return then

    @staticmethod
    def _due_number(due) -> str:
        if due.kind == "balls":
            return _count(due.data, "ball")
        if due.kind == "roll":
            return _count(due.data[0], "die", "dice")
        return str(due.data)

    def _ask(self, kind: str, player: str, card: str, line: int, data=None, optional=False) -> None:
        """A card's follow-up, before any other: its cause names the card and where it was taken."""
        cause = f"{player}'s {self.f.title[card]} (line {line})"
        self.todo.insert(0, Due(kind, player, self.f.code[card], line, cause, data, optional))

    def _answer(self, kind: str, player: str):
        """The follow-up of this `kind` that a player's line answers; None, reported, when nothing asks for
        it. Written by the wrong player, it is reported and carried on as written."""
        due = self._settle(kind)
        if due is None:
            what, why = UNASKED[kind]
            self.w.blow("CD-FOLLOW-UP", f"{player} {what}, but nothing asks for it now: {why}")
        else:
            self._is_theirs(due, player)
        return due

    def _is_theirs(self, due, player: str) -> None:
        if player != due.player:
            self.w.blow(due.code, f"{due.cause}: this is {due.player}'s to do, not {player}'s")

    def _advance(self) -> None:
        """Once a round's picks and their follow-ups are done, its after-round cards act one by one, in the
        order they were taken; then the round ends."""
        while not self.todo and self.phase == "picks" and not self.order:
            if self.after:
                card, player, line = self.after.pop(0)
                self._act(card, player, line)
            else:
                self._end_round()

    # -- rounds ---------------------------------------------------------------------------------------

    def _begin_round(self, card) -> None:
        self.round += 1
        self.active, self.phase = self.next_active, "roll"
        self.card, self.dice, self.order, self.window = card, [], [], []
        self.picks, self.order_changed, self.dice_only = 0, 0, None

    def _round_roll(self, faces: tuple) -> None:
        planked = self.plank.get(self.active)
        wanted = 1 if planked else 2
        if len(faces) != wanted and planked:
            self.w.blow(self.f.effect_code["one-die"], f"{self.active} walked the plank at line {planked}: "
                                                       f"this round rolls one die, not {len(faces)}")
        elif len(faces) != wanted:
            self.w.blow("CD-ROLL", f"a round rolls both dice, not {_count(len(faces), 'die', 'dice')}")
        self._open_offer(list(faces))

    def _open_offer(self, dice) -> None:
        """The round's dice (None: not known, when the log left the roll out) and card are on offer: the
        active player picks first, then the other, turn about."""
        active = self.active
        planked = self.plank.pop(active, 0)
        count = len(dice) if dice is not None else 1 if planked else 2
        self.dice, self.phase = dice, "picks"
        self.order = [active, self.other[active]] * 2
        del self.order[count + (self.card is not None):]
        self.window = [p for p in (self.other[active], active) if self._plays(p)]

    def _pick(self, player: str) -> bool:
        """The checks every pick starts with, in a fixed order; false when no pick can be made."""
        if self.phase == "final":
            self._blow_end(f"the game is over: {self.ended}")
            return False
        if self.phase == "begin":
            self.w.blow("CD-ROUND", f"no round is under way: round {self.round + 1} begins with "
                                    "`flip CARD` and `roll FACE FACE`")
            self._begin_round(UNKNOWN)
        if self.phase == "roll":
            if self.card is not UNKNOWN:
                self.w.blow("CD-ROUND", f"{player} picks before round {self.round}'s dice are rolled")
            self._open_offer(None)
        if not self.order:
            self.w.blow("CD-PICK", f"every pick of round {self.round} is made; nothing is left on offer")
            return False
        self.window = []
        if self.order[0] == player:
            self.order.pop(0)
        elif player in self.order:
            self.w.blow("CD-PICK-ORDER", f"it is {self.order[0]}'s pick, not {player}'s")
            self.order.remove(player)
        else:
            self.w.blow("CD-PICK-ORDER", f"{player} has no pick left in round {self.round}; "
                                         f"the last one is {self.order[0]}'s")
            self.order.pop(0)
        self.picks += 1
        return True

    def _take_die(self, face) -> None:
        dice = self.dice
        if dice is None or face in dice:
            if dice:
                dice.remove(face)
            return
        if dice:
            self.w.blow("CD-PICK", f"the dice on offer show {' and '.join(map(str, dice))}, not {face}")
            dice.pop(0)
        else:
            self.w.blow("CD-PICK", f"no die is left on offer, only the card {self.card}")

    def _next_round(self) -> bool:
        """Close the round under way, reporting what it still lacked; false when the game is over."""
        if self.phase in ("roll", "picks"):
            self._cut_short()
        if self.phase == "final":
            self._blow_end(f"the game is over after round {self.round}: {self.ended}")
            return False
        return True

    def _cut_short(self) -> None:
        self._settle()
        if self.phase == "roll":
            self.w.blow("CD-ROUND", f"round {self.round} has no roll: the dice are rolled after the flip")
        elif self.order:
            self.w.blow("CD-ROUND", f"round {self.round} ends with {_count(len(self.order), 'pick')} not made "
                                    f"({', '.join(self.order)})")
        for card, player, line in self.after:
            self.w.blow(self.f.code[card], f"{player}'s {self.f.title[card]} (line {line}) never acts: "
                                           "it acts once the round's picks are made")
        self.after = []
        self._end_round()

    def _end_round(self) -> None:
        for card in self.table_cards:
            self.discards[card] += 1
        self.table_cards = []
        self.card, self.dice, self.order, self.window = None, [], [], []
        self.next_active = self.other[self.active]
        self.phase = "begin"
        self._check_end()

    def _check_end(self) -> None:
        why = self._end_reason()
        if why:
            self.phase, self.ended = "final", why

    def _end_reason(self) -> str:
        """Why the game ends after this round (RULES.md 8), or "" while it goes on."""
        for p in self.players:
            if all(self.xd[p]):
                return f"{p} has no working cannon"
            if not any(self.balls[p]):
                return f"{p} has no ball left"
        if None not in self.owner:
            return "the sea grid is full"
        columns = self.f.columns
        for p in self.players:
            if not any(None in self.owner[r * columns:(r + 1) * columns] for r in self._usable(p)):
                return f"{p} can no longer claim a space"
        return f"the players agreed to stop (line {self.agreed})" if self.agreed else ""

    def _to_final(self, what: str) -> None:
        """The end of the game is being written: the round under way closes, and the game must be over."""
        if self.phase in ("roll", "picks"):
            self._cut_short()
        if self.phase != "final":
            self._blow_end(f"the game is not over, so {what} cannot be written yet: no end condition holds")
            self.phase, self.ended = "final", "cut short"

    def _need_guesses(self, when: str) -> None:
        for player in self.players:
            if player not in self.guesses:
                self.w.blow("CD-GUESS", f"{player} circles an X of the map strip before {when} "
                                        f"(write `{player} guess SPOT`)")
                self.guesses[player] = (None, self.w.line)

    def _blow_end(self, message: str) -> None:
        """CD-GAME-END, once per log: one early or late end explains every line after it."""
        if not self.end_reported:
            self.end_reported = True
            self.w.blow("CD-GAME-END", message)

    # -- cards --------------------------------------------------------------------------------------

    def _deal(self, card: str) -> None:
        """The top card of the action deck; an empty deck is first made again from the shuffled discards."""
        if not self.deck_size:
            self.deck_left, self.discards = self.discards, dict.fromkeys(self.f.cards, 0)
            self.deck_size, self.reshuffled = sum(self.deck_left.values()), self.w.line
        if self.deck_left[card]:
            self.deck_left[card] -= 1
            self.deck_size -= 1
        else:
            since = f"the reshuffle at line {self.reshuffled}" if self.reshuffled else "the start"
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
        elif effect == "draw-map" and self.map_deck:
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
            self._ask("roll", player, card, line, ROLLS[effect])

    def _rolled(self, due, faces: tuple) -> None:
        """An effect's roll: what comes of it."""
        then, face = due.data[1], faces[0]
        if then == "flip":  # the Reload's: its dice are on offer, with the card to come
            self.dice = list(faces)
            self.todo.insert(0, Due("flip", due.player, due.code, due.line, due.cause))
        elif then == "reroll":
            if self.dice and due.data[2] in self.dice:
                self.dice[self.dice.index(due.data[2])] = face
        elif face != self.f.explosion or then == "shot":  # Crow's Nest and Davy Jones count no space with it
            self.todo.insert(0, Due(then, due.player, due.code, due.line, due.cause, face))

    def _cannot_play(self, player: str, effect: str, event: Play) -> str:
        """Why a kept card cannot be played now, or ""."""
        if self.phase != "picks" or not self.order:
            return "a kept card is played while a round's dice and card are on offer"
        if event.map and event.map not in self.maps[player]:
            return f"{player} holds no {event.map} (maps: {_listed(self.maps[player])})"
        if effect == "reroll":
            if self.dice is not None and event.face not in self.dice:
                return f"no die on offer shows {event.face} (dice: {_listed(self.dice)})"
            return ""
        if self.picks:
            return f"it changes the order of picks, so it is played before round {self.round}'s first pick"
        if self.order_changed:
            return f"the order of round {self.round}'s picks was changed already at line {self.order_changed}"
        if effect == "pick-first" and player == self.active:
            return f"round {self.round} is {player}'s own: {player} picks first already"
        if effect == "take-dice" and self.dice is not None and len(self.dice) != 2:
            return "taking both dice needs both dice on offer"
        return ""

    def _played(self, player: str, effect: str, event: Play, code: str) -> None:
        opponent, line = self.other[player], self.w.line
        if effect == "reroll":
            self.maps[player].remove(event.map)
            self._under(event.map)
            cause = f"{player}'s {self.f.title[event.card]} (line {line})"
            self.todo.insert(0, Due("roll", player, code, line, cause, (1, "reroll", event.face)))
            return
        self.order_changed = line
        if effect == "pick-first":
            self.order = [player, opponent, player][:len(self.order)]
        else:  # take-dice: both dice are the player's picks; the opponent gets a map and the card
            self.maps[player].remove(event.map)
            self.maps[opponent].append(event.map)
            self.order = [player, player, opponent][:len(self.order)]
            self.dice_only = player

    # -- the sea grid -----------------------------------------------------------------------------------

    def _column(self, player: str, number: int) -> int:
        """The grid column (from player 1's left) of a player's `number`, counted from their own left."""
        return number - 1 if player == self.first else self.f.columns - number

    def _space(self, player: str, index: int) -> tuple:
        """(row, column) of a space as `player` names it, the column from their own left."""
        row, column = divmod(index, self.f.columns)
        return self.f.rows[row], column + 1 if player == self.first else self.f.columns - column

    def _taken(self, index: int) -> str:
        owner = self.owner[index]
        how = "sunk by Davy Jones" if owner == SUNK else f"by {owner}"
        return f"{how} at line {self.claim_line[index]}"

    def _usable(self, player: str) -> list:
        """The rows of the player's cannons that can still fire: working, with a ball left."""
        balls, xd = self.balls[player], self.xd[player]
        return [r for r in range(len(balls)) if balls[r] and not xd[r]]

    def _fire_from(self, player: str, row: str | None):
        """The row index of the cannon a shot is fired from, its ball crossed off; None when no cannon fires.
        A cannon that cannot fire is reported, and the shot carried on as written."""
        if row is None:
            usable = self._usable(player)
            if usable:
                rows = ", ".join(self.f.rows[r] for r in usable)
                self.w.blow("CD-CANNON", f"{player} has cannons that can fire (rows {rows}): a shot names one")
            return None
        r = self.f.rows.index(row)
        if self.xd[player][r]:
            self.w.blow("CD-CANNON", f"{player}'s cannon in row {row} was X'd out at line {self.xd[player][r]}: "
                                     "it never fires again")
        elif not self.balls[player][r]:
            self.w.blow("CD-CANNON", f"{player}'s cannon in row {row} has no ball left")
        if self.balls[player][r]:
            self.balls[player][r] -= 1
        return r

    def _shoot(self, event: Fire) -> None:
        row = self._fire_from(event.player, event.row)
        if event.face == self.f.explosion:
            self._explode(event.player, row, event.target)
        elif row is not None:
            self._hit(event.player, row * self.f.columns + self._column(event.player, event.face))

    def _explode(self, player: str, row, target) -> None:
        opponent = self.other[player]
        xd = self.xd[opponent]
        if row is None:
            if target and not self._usable(player):
                self.w.blow("CD-EXPLOSION", "with no cannon to fire it, the explosion misses: it X's out nothing")
            return
        if target is None:
            working = [self.f.rows[r] for r, line in enumerate(xd) if not line]
            if working:
                self.w.blow("CD-EXPLOSION", f"the explosion X's out one of {opponent}'s working cannons "
                                            f"(rows {', '.join(working)}): write `at ROW`")
            return
        r = self.f.rows.index(target)
        if xd[r]:
            self.w.blow("CD-EXPLOSION", f"{opponent}'s cannon in row {target} was X'd out already (line {xd[r]})")
            return
        xd[r] = self.w.line

    def _hit(self, player: str, index: int) -> None:
        """A shot lands on a space: unclaimed, it is the player's, with what it holds; else a miss."""
        if self.owner[index] is not None:
            return
        line = self.w.line
        self.owner[index], self.claim_line[index] = player, line
        kind = self.grid[index]
        if kind in self.f.points:
            self.chest[player][kind] += 1
            return
        special = self.f.specials[kind]
        where = "{}{}".format(*self._space(player, index))
        if special == "one-of-each":
            for treasure in self.chest[player]:
                self.chest[player][treasure] += 1
        elif special == "draw-map" and self.map_deck:
            self.todo.insert(0, Due("draw", player, "CD-MAP-X", line, f"the map X {player} claimed at {where} "
                                                                      f"(line {line})"))
        elif special == "claim-another" and None in self.owner:
            self.todo.insert(0, Due("claim", player, "CD-HORSESHOE", line, f"the horseshoe {player} claimed "
                                                                           f"at {where} (line {line})"))

    # -- maps ---------------------------------------------------------------------------------------

    def _draw_map(self, player: str, card: str) -> None:
        """The top card of the map deck, which the log names: a card put under the deck, once it is on top,
        or else one nobody has drawn yet."""
        deck = self.map_deck
        if not deck:  # only after a slip the whistle has already blown for
            self.maps[player].append(card)
            return
        top = deck[0]
        if top == card or (top is None and card not in self.seen):
            deck.pop(0)
        else:
            if top is None:
                self.w.blow("CD-MAP-DECK", f"{card} cannot be on top of the map deck: {self._whereabouts(card)}; "
                                           "the top card is one nobody has drawn yet")
            else:
                self.w.blow("CD-MAP-DECK", f"the top of the map deck is {top} (put under at line "
                                           f"{self.under[top]}), not {card}")
            deck.remove(card) if card in deck else deck.pop(0)
        self.maps[player].append(card)
        self.seen.setdefault(card, self.w.line)

    def _whereabouts(self, card: str) -> str:
        holder = next((p for p in self.players if card in self.maps[p]), None)
        if holder:
            return f"{holder} holds it (drawn at line {self.seen[card]})"
        if card in self.map_deck:
            return f"it went under the map deck at line {self.under[card]}"
        return f"it was drawn at line {self.seen[card]}"

    def _under(self, card: str) -> None:
        self.map_deck.append(card)
        self.under[card] = self.w.line

    # -- scores -------------------------------------------------------------------------------------

    def _parts(self, player: str) -> dict:
        score = self.f.score
        balls = sum(self.balls[player])
        working = sum(1 for line in self.xd[player] if not line)
        treasure = sum(self.f.points[kind] * count for kind, count in self.chest[player].items())
        spot = self.guesses.get(player, (None, 0))[0]
        bonus = score["map_bonus"] if self.envelope and self.f.spots[self.envelope[0]] == spot else 0
        return {"balls": balls * score["ball"], "cannons": working * score["cannon"], "treasure": treasure,
                "map": bonus}

    def _total(self, player: str) -> int:
        return sum(self._parts(player).values())

    def _totals(self) -> dict:
        return {p: self._total(p) for p in self.players}

    def _leaders(self) -> list:
        totals = self._totals()
        best = max(totals.values())
        return [p for p in self.players if totals[p] == best]

    def _breakdown(self, player: str) -> str:
        return ", ".join(f"{part} {points}" for part, points in self._parts(player).items())

    def _chest(self, player: str) -> str:
        return _listed(f"{kind} {count}" for kind, count in self.chest[player].items() if count)
