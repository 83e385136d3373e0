"""Cannon Dice's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this package. The rule facts (the
balls per cannon, the treasures' points, the score values, what the explosion counts, what a sea chest gives
and the balls a card costs) come from rules.yaml, a variant's in place (`game.rules`), as the printed kit
states them; the sea grid and what it holds, the dice faces, the action cards with their counts, timings and
effects, and the map cards from game.yaml and its card lists. An action card's rule code is its id's:
`CD-` and the id in capitals.

Seats and spaces: player 1 (first on the `players:` line) sits at the side of row E, player 2 opposite,
at row A. A space is stored by its index in the printed grid, `row * columns + column`, the column counted
from player 1's left (`sheet_grid`); a log names columns from the acting player's own left, as printed on
that player's half of the sheet (`Sea._column`).

The package follows RULES.md: `verbs` (the log's lines, what each card can do and when), `rounds` (1 and 3:
the sheet, a round's card and dice, the order of picks), `sea` (4-6: firing a die, the explosion, what the
spaces hold), `cards` (2 and 7: the action deck and the action cards), `maps` (2.1: the map deck, the maps
held, and those in doubt after a slip), `end` (8-9: the end, the map guesses, the scores and the winner),
`bots` (what a simulated game chooses among, and how a position is valued) and `record` (what the table
shows while a game is recorded).
Here: the facts the rules read, the kinds of words a log holds, and the state they make up.
"""
from __future__ import annotations

import re

from pnp.check.engine import Rules, State
from pnp.check.facts import Keys, RuleData, counts, ids, nicknames
from pnp.check.pieces import Dice, FollowUps
from pnp.check.setup import Player
from pnp.check.verbs import Kind, names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.model.specs import Choice, Int, ListOf, MapOf, Record, Text
from pnp.errors import DataError

from .bots import Choices
from .cards import Cards
from .end import GameEnd
from .maps import Maps
from .record import Recording
from .rounds import Rounds, sheet_grid  # noqa: F401 - sheet_grid: the printed sheet's grid, which tests read
from .sea import Sea
from .verbs import (ACTIONS, ASKS, CARD_CODES, DICE, EFFECTS, EXPLOSION, HELD, MAPS, MISSING, SPACE_ASKS,
                    SPECIAL_SPACES, UNASKED, WHEN, Claim, Draw, Duel, End, Envelope, Fire, Flip, Guess, Lose, Nest,
                    Play, Return, Roll, Score, Sink, Space, Spy, Steal, Take, Winner, code)

BALLS_DRAWN = 10  # the most balls the score sheet draws beside a cannon
CHEST_ROOM = 20  # the most treasures of a kind the score sheet's chest row holds readably

RULES_FILE = Record({
    "balls-per-cannon": Int(1, BALLS_DRAWN),
    "explosion-rank": Int(0),
    "sea-chest": Int(1),
    "points": MapOf(Int(0)),
    "score": Record({"ball": Int(0), "cannon": Int(0), "map-bonus": Int(0)}, "the points of the score box"),
    "balls-lost": MapOf(Int(1)),
}, "Cannon Dice's rule facts")

GAME_VARS = Keys({  # the parts of game.yaml's `vars` the checker reads (templates read the rest)
    "grid": Record({"rows": ListOf(Text(), min_items=1), "columns": Int(1), "contents": MapOf(Int(0))},
                   "the sea grid"),
    "treasures": MapOf(Keys({"name": Text(), "effect": (Choice(*SPECIAL_SPACES), None)},
                            "a kind of space: its name, and the effect of one that is no treasure")),
}, "the game's vars")


# --- facts: checks of the data the rules read -------------------------------------------------------

def _check_grid(grid, points, kinds, where, at, problems) -> None:
    """The contents fill the grid exactly; every kind it holds is a treasure (with points in rules.yaml) or a
    space with an effect (game.yaml's vars.treasures), named; every treasure with points lies on the grid."""
    size = len(grid["rows"]) * grid["columns"]
    if sum(grid["contents"].values()) != size:
        problems.append((where.at("contents"), f"the contents fill {sum(grid['contents'].values())} spaces; "
                                               f"the grid has {size}"))
    for kind in grid["contents"]:
        if kind not in kinds:
            problems.append((where.at("contents"), f"{kind}: vars.treasures gives no name for this kind of space"))
        elif kind not in points and not kinds[kind]["effect"]:
            problems.append((where.at("contents"), f"{kind}: a space that is no treasure (rules.yaml's `points`) "
                                                   "needs an `effect` in vars.treasures"))
        elif kind in points and kinds[kind]["effect"]:
            problems.append((where.at("contents"), f"{kind}: a treasure (rules.yaml's `points`) has no `effect`"))
    for kind in points:
        if kind not in grid["contents"]:
            problems.append((at("points"), f"{kind}: no space of the grid (vars.grid.contents) holds it"))


def _check_chest(grid, points, kinds, each, at, problems) -> None:
    """The score sheet's chest has room for the most of each treasure a player can hold: all the grid's,
    and what its sea chests give."""
    chests = sum(count for kind, count in grid["contents"].items()
                 if kind in kinds and kinds[kind]["effect"] == "each-treasure")
    for kind in points:
        most = grid["contents"].get(kind, 0) + chests * each
        if most > CHEST_ROOM:
            problems.append((at("sea-chest"), f"a player may hold {most} of {kind}: the score sheet's chest has "
                                              f"room for {CHEST_ROOM} of a kind"))
            return


def _check_cards(cards, lost, where, problems) -> None:
    """Every card has an effect the rules know that fits its timing, an id that makes a rule code, and a
    lose-balls card says in rules.yaml's `balls-lost` how many."""
    for card in cards:
        effect, timing = card.fields.get("effect"), card.fields.get("timing")
        if effect not in EFFECTS:
            problems.append((card.where.at("effect"), f"{card.id}: an action card's effect is one of "
                                                      f"{', '.join(EFFECTS)}, not {effect!r}"))
        elif timing not in EFFECTS[effect]:
            problems.append((card.where, f"{card.id}: a {effect} card acts {' or '.join(EFFECTS[effect])}, "
                                         f"not {timing}"))
        elif effect == "lose-balls" and card.id not in lost:
            problems.append((where, f"{card.id}: a lose-balls card says here how many balls"))
        if code(card.id) not in CARD_CODES:
            problems.append((card.where, f"{card.id}: an action card's rule code is CD- and its id in capitals, "
                                         f"and {code(card.id)} is none the checker explains (RULES.md 7)"))
    losing = {card.id for card in cards if card.fields.get("effect") == "lose-balls"}
    for card_id in lost:
        if card_id not in losing:
            problems.append((where, f"{card_id}: no action card of this id loses balls"))


def _asked_by(kinds, cards) -> dict:
    """Follow-up kind -> (what a line of it does, what asks for one and when): the spaces that ask for it at
    once, when claimed (game.yaml's vars.treasures), and the cards whose effect does, when each acts by its
    timing (action-cards.csv), alike timings together; what a report of a line nothing asks for says."""
    sources: dict = {}  # kind -> [(when, what asks for it)]
    for entry in kinds.values():
        if entry["effect"] in SPACE_ASKS:
            sources.setdefault(SPACE_ASKS[entry["effect"]], []).append(("at once", f"a claimed {entry['name']} space"))
    for card in cards:
        for kind in ASKS.get(card.fields.get("effect"), ()):
            sources.setdefault(kind, []).append((WHEN[card.fields["timing"]], f"the {card.fields['title']} card"))
    texts = {}
    for kind, (what, condition) in UNASKED.items():
        by_when: dict = {}
        for when, source in sources.get(kind, ()):
            by_when.setdefault(when, []).append(source)
        asks = " or ".join(f"{' or '.join(names)} ({when})" for when, names in by_when.items())
        texts[kind] = (what, f"only {asks or 'nothing in this game'} asks for it{condition}")
    return texts


# --- the state of one game ---------------------------------------------------------------------------

class GameState(Rounds, Sea, Cards, Maps, GameEnd, Choices, Recording, FollowUps, State):
    """Cannon Dice in progress: the grid, both players' cannons, chests, maps and kept cards, the decks,
    and the round under way with its offer (dice and card), its order of picks and its follow-ups."""

    end_code, follow_up_code = "CD-GAME-END", "CD-FOLLOW-UP"
    missing_texts = MISSING
    table_kinds = frozenset(("draw", "roll", "duel", "flip", "spy"))  # the follow-ups the table writes

    @property
    def unasked(self) -> dict:
        """What a line nothing asks for does, and what asks for one and when (`CannonDice.unasked`)."""
        return self.f.unasked


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class CannonDice(Rules):
    state = GameState
    players_code = "CD-PLAYERS"
    actions = (Flip, Roll, Fire, Take, Claim, Nest, Sink, Steal, Lose, Draw, Return, Spy, Play, Duel, End, Guess,
               Envelope, Score, Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, GAME_VARS, (ACTIONS, MAPS, DICE))
        facts, values, problems = data.values, data.vars, []
        grid, cards, maps = values["grid"], game.components[ACTIONS].cards, game.components[MAPS].cards
        kinds = values["treasures"]  # kind of space -> its name and, for one that is no treasure, its effect
        self.points = dict(facts["points"])  # treasure kind -> points: the kinds a chest holds
        _check_grid(grid, self.points, kinds, data.in_vars("grid"), data.at, problems)
        _check_chest(grid, self.points, kinds, facts["sea-chest"], data.at, problems)
        self.dice = Dice(game.components[DICE])  # its faces: the numbers 1 to the columns, and the explosion
        self.explosion = next((face for face in self.dice.faces if type(face) is not int), EXPLOSION)
        self.dice.check(problems, range(1, min(len(grid["rows"]), grid["columns"]) + 1), (self.explosion,))
        missing = [n for n in range(1, grid["columns"] + 1) if n not in self.dice.faces]
        if missing:  # the rules sheet says a die shows 1 to the columns
            problems.append((self.dice.where, f"the dice show every number from 1 to the grid's columns "
                                              f"({grid['columns']}): no face shows {', '.join(map(str, missing))}"))
        _check_cards(cards, facts["balls-lost"], data.at("balls-lost"), problems)
        self.spots = {card.id: card.fields.get("spot") for card in maps}  # map card -> the spot it circles
        if len(set(self.spots.values())) != len(self.spots):
            problems.append((game.components[MAPS].where, "every map card circles a spot of its own"))
        if problems:
            raise DataError(problems)
        self.rows, self.columns = tuple(str(row) for row in grid["rows"]), grid["columns"]  # row letters, A first
        self.contents = dict(grid["contents"])  # space kind -> how many spaces hold it
        self.treasure_names = nicknames({kind: (kinds[kind]["name"],) for kind in self.points})
        self.specials = {kind: entry["effect"] for kind, entry in kinds.items()
                         if entry["effect"]}  # any other space kind -> what claiming it does (SPECIAL_SPACES)
        self.each = facts["sea-chest"]  # treasures of each kind a sea chest gives
        self.rank = {face: facts["explosion-rank"] if face == self.explosion else face
                     for face in self.dice.faces}  # face -> what it counts in a duel or a roll-off
        self.balls, self.score = facts["balls-per-cannon"], dict(facts["score"])  # per cannon; the score box
        self.cards = counts(cards)  # action card id -> copies in the deck
        self.title = {card.id: card.fields["title"] for card in cards}
        self.timing = {card.id: card.fields["timing"] for card in cards}  # when it acts (action-cards.csv)
        self.effect = {card.id: card.fields["effect"] for card in cards}  # what it does (action-cards.csv)
        self.code = {card.id: code(card.id) for card in cards}  # its rule code
        self.balls_lost = dict(facts["balls-lost"])  # lose-balls card -> the balls its taker crosses off
        self.unasked = _asked_by(kinds, cards)  # follow-up kind -> what a line does, what asks for one and when
        self.effect_code: dict = {}  # effect -> the rule code of its (first) card
        for card, effect in self.effect.items():
            self.effect_code.setdefault(effect, self.code[card])

    def kinds(self):
        f, face = self, self.dice.kind()
        held = {name: card for name, card in ids(f.cards).items() if f.timing[card] in HELD}
        return {
            "card": names(ids(f.cards), "an action card", "CARD"), "face": face,
            "map": names(ids(f.spots), "a map card", "MAP"),
            "row": names(ids(f.rows), f"a row ({', '.join(f.rows)})", "ROW", LOG_SYNTAX),
            "treasure": names(f.treasure_names, f"a treasure ({', '.join(f.points)})", "TREASURE", LOG_SYNTAX),
            "column": number("a column", 1, f.columns, f"columns are numbered 1–{f.columns}, not {{}}"),
            "spot": Kind(self._spot, "SPOT", str.isdecimal),
            "space": Kind(self._space, "SPACE (row and column, such as C4)"),
            "rolls": Kind(lambda words: self._rolls(words, face), "PLAYER FACE PLAYER FACE"),
            "take-dice": self._playing("take-dice", held), "reroll": self._playing("reroll", held),
            "kept": Kind(self._kept, "CARD"),
        }

    def checks(self):
        return {"fire": self._fire}

    def header(self, players):
        return {"sheet": Int(1), "starts": Player(players)}

    def simulated_header(self, rng, players):
        return {"sheet": str(rng.randint(1, 9999)), "starts": rng.choice(players)}

    # kinds of words that need more than a table of names
    def _playing(self, effect: str, held: dict) -> Kind:
        """A kept card with this effect, which the words after it depend on."""
        return names({name: card for name, card in held.items() if self.effect[card] == effect},
                     "an action card", "CARD")

    def _kept(self, words):
        card = words.name(ids(self.cards), "an action card")
        if self.timing[card] not in HELD:
            held = [c for c in self.cards if self.timing[c] in HELD]
            words.fail(f"{card} is not kept for later; only {', '.join(held)} are played from the hand")
        return card

    def _space(self, words):
        f, word = self, words.next("a space")
        match = re.fullmatch(r"([A-Za-z]+)(\d+)", word)
        row = ids(f.rows).get(match.group(1).lower()) if match else None
        if row is None or not 1 <= int(match.group(2)) <= f.columns:
            words.fail(f"expected a space: a row {f.rows[0]}–{f.rows[-1]} and a column "
                       f"1–{f.columns}, such as C4; got {word!r}")
        return Space(row, int(match.group(2)))

    def _spot(self, words):
        spot = words.number("the spot circled", 1)
        spots = sorted(self.spots.values())
        if spot not in spots:
            words.fail(f"the map strip's spots are {spots[0]}–{spots[-1]}, not {spot}")
        return spot

    @staticmethod
    def _rolls(words, face: Kind):
        rolls = words.pairs(lambda name: face.read(words))
        if len(rolls) != len(words.players):
            words.fail("a duel gives the die of each player")
        return tuple(rolls.items())

    def _fire(self, fire, words):
        if fire.target and fire.face != self.explosion:
            words.fail(f"only the {self.explosion} X's out a cannon (`at ROW`)")


rules = CannonDice  # the entry point: the checker calls rules(game) with the game's checked data
