"""Cannon Dice's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this package. The sea grid and what
it holds, the treasures' points, the dice faces, the action cards with their counts and timings, the map
cards and the score values come from game.yaml and its card lists; what each card and each special space
does, and the explosion's rank, from rules.yaml.

Seats and spaces: player 1 (first on the `players:` line) sits at the side of row E, player 2 opposite,
at row A. A space is stored by its index in the printed grid, `row * columns + column`, the column counted
from player 1's left (`sheet_grid`); a log names columns from the acting player's own left, as printed on
that player's half of the sheet (`Sea._column`).

The package follows RULES.md: `verbs` (the log's lines, what each card can do), `rounds` (1 and 3: the
sheet, a round's card and dice, the order of picks), `sea` (4-6: firing a die, the explosion, what the
spaces hold), `cards` (2 and 7: the decks and the action cards), `end` (8-9: the end, the map guesses, the
scores and the winner) and `bots` (what a simulated game chooses among, and how a position is valued).
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
from .rounds import Rounds, sheet_grid  # noqa: F401 - sheet_grid: the printed sheet's grid, which tests read
from .sea import Sea
from .verbs import (ACTIONS, CODE, DICE, EFFECTS, HELD, MAPS, MISSING, SPECIAL_SPACES, UNASKED, Claim, Draw, Duel,
                    End, Envelope, Fire, Flip, Guess, Lose, Nest, Play, Return, Roll, Score, Sink, Space, Spy, Steal,
                    Take, Winner)

RULES_FILE = Record({
    "explosion": Record({"face": Text(), "rank": Int(1)}, "the explosion face and its rank in a duel"),
    "spaces": MapOf(Choice(*SPECIAL_SPACES)),
    "cards": MapOf(Record({"effect": Choice(*EFFECTS), "code": Text(), "balls": (Int(1), 0)},
                          "a card's effect and rule code")),
}, "Cannon Dice's rule facts")

GAME_VARS = Keys({  # the parts of game.yaml's `vars` the checker reads (templates read the rest)
    "grid": Record({"rows": ListOf(Text(), min_items=1), "columns": Int(1), "contents": MapOf(Int(0))},
                   "the sea grid"),
    "treasures": MapOf(Keys({"name": Text(), "points": (Int(0), None)},
                            "a treasure or special space: its name, and points for a treasure")),
    "balls_per_cannon": Int(1),
    "score": Record({"ball": Int(0), "cannon": Int(0), "map_bonus": Int(0)}, "the points of the score box"),
}, "the game's vars")


# --- facts: checks of the data the rules read -------------------------------------------------------

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


# --- the state of one game ---------------------------------------------------------------------------

class GameState(Rounds, Sea, Cards, GameEnd, Choices, FollowUps, State):
    """Cannon Dice in progress: the grid, both players' cannons, chests, maps and kept cards, the decks,
    and the round under way with its offer (dice and card), its order of picks and its follow-ups."""

    end_code, follow_up_code = "CD-GAME-END", "CD-FOLLOW-UP"
    missing_texts, unasked = MISSING, UNASKED
    table_kinds = frozenset(("draw", "roll", "duel", "flip", "spy"))  # the follow-ups the table writes


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
        self.points = {kind: entry["points"] for kind, entry in values["treasures"].items()
                       if entry["points"] is not None}  # treasure kind -> points: the kinds a chest holds
        _check_grid(grid, self.points, facts["spaces"], data.in_vars("grid"), data.at, problems)
        self.dice = Dice(game.components[DICE])  # its faces: whole numbers and the explosion
        self.explosion = facts["explosion"]["face"]
        self.dice.check(problems, range(1, min(len(grid["rows"]), grid["columns"]) + 1), (self.explosion,))
        _check_cards(cards, facts["cards"], data.at("cards"), problems)
        self.spots = {card.id: card.fields.get("spot") for card in maps}  # map card -> the spot it circles
        if len(set(self.spots.values())) != len(self.spots):
            problems.append((game.components[MAPS].where, "every map card circles a spot of its own"))
        if problems:
            raise DataError(problems)
        self.rows, self.columns = tuple(str(row) for row in grid["rows"]), grid["columns"]  # row letters, A first
        self.contents = dict(grid["contents"])  # space kind -> how many spaces hold it
        self.treasure_names = nicknames({kind: (values["treasures"][kind]["name"],) for kind in self.points})
        self.specials = dict(facts["spaces"])  # any other space kind -> what claiming it does (SPECIAL_SPACES)
        self.rank = {face: facts["explosion"]["rank"] if face == self.explosion else face
                     for face in self.dice.faces}  # face -> what it counts in a duel or a roll-off
        self.balls, self.score = values["balls_per_cannon"], dict(values["score"])  # per cannon; score box
        self.cards = counts(cards)  # action card id -> copies in the deck
        self.title = {card.id: card.fields["title"] for card in cards}
        self.timing = {card.id: card.fields["timing"] for card in cards}  # when it acts (action-cards.csv)
        self.effect = {card: entry["effect"] for card, entry in facts["cards"].items()}  # what it does
        self.code = {card: entry["code"] for card, entry in facts["cards"].items()}  # its rule code
        self.balls_lost = {card: entry["balls"] for card, entry in facts["cards"].items()}  # lose-balls cards
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
