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

from pnp import chance
from pnp.check.engine import TABLE, Rules, State
from pnp.check.facts import Keys, RuleData, counts, ids, nicknames
from pnp.check.pieces import Deck, Dice, Due, FollowUps, Seats
from pnp.check.setup import Player
from pnp.check.verbs import Kind, action, names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.check.words import counted, listed
from pnp.datafile import Choice, Int, ListOf, MapOf, Record, Text
from pnp.errors import DataError

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

GAME_VARS = Keys({  # the parts of game.yaml's `vars` the checker reads (templates read the rest)
    "grid": Record({"rows": ListOf(Text(), min_items=1), "columns": Int(1), "contents": MapOf(Int(0))},
                   "the sea grid"),
    "treasures": MapOf(Keys({"name": Text(), "points": (Int(0), None)},
                            "a treasure or special space: its name, and points for a treasure")),
    "balls_per_cannon": Int(1),
    "score": Record({"ball": Int(0), "cannon": Int(0), "map_bonus": Int(0)}, "the points of the score box"),
}, "the game's vars")


# --- facts: checks of the data the rules read -------------------------------------------------------

def sheet_grid(facts, sheet: int) -> list:
    """What each space of sheet number `sheet` holds, by index (row * columns + column from player 1's
    left): the grid's contents shuffled by the sheet's number, exactly as the printed sheet lays them out."""
    return chance.shuffled(chance.expand(facts.contents), sheet)


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


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

class Space(tuple):
    """A space as a log names it: its row and its number from the writer's own left (`C4`)."""

    def __new__(cls, row: str, column: int):
        return tuple.__new__(cls, (row, column))

    def __str__(self):
        return f"{self[0]}{self[1]}"


Flip = action("flip", "flip {card:card}")
Roll = action("roll", "roll {faces:face} [{faces:face}]")
Fire = action("fire", "{player} fire {face:face} [{row:row}] [at {target:row}]")  # no row: no cannon fires
Take = action("take", "{player} take {card:card}")
Claim = action("claim", "{player} claim {space:space}")
Nest = action("nest", "{player} nest {column:column} [{row:row}]")  # the row of the cannon whose ball it costs
Sink = action("sink", "{player} sink {row:row}")
Steal = action("steal", "{player} steal {treasure:treasure}")
Lose = action("lose", "{player} lose (ball|balls {rows:row}... | {treasure:treasure})")
Draw = action("draw", "{player} draw {map:map}")
Return = action("return", "{player} return {maps:map}...")
Spy = action("spy", "{player} spy [{maps:map}...]")
Play = action("play", "{player} play ({card:take-dice} {map:map} | {card:reroll} {map:map} {face:face} | {card:kept})")
Duel = action("duel", "duel {rolls:rolls}")
End = action("end", "end")
Guess = action("guess", "{player} guess {spot:spot}")
Envelope = action("envelope", "envelope {map:map}")
Score = action("score", "score {claims:claims}")
Winner = action("winner", "winner {player:player}")


# --- the state of one game ---------------------------------------------------------------------------

UNKNOWN = "an unknown card"   # the card of a round whose flip the log left out
SUNK = "Davy Jones"           # the owner of a space sunk by Davy Jones: nobody gets it

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
    "nest": ("fires down a column", "only the Crow's Nest does, after a roll of a number (OUR CHOICE, RULES.md "
                                    "7.3: the explosion counts no space)"),
    "sink": ("sinks a space", "only Davy Jones does, after a roll of a number (OUR CHOICE, RULES.md 7.9: the "
                              "explosion counts no space)"),
    "steal": ("takes a treasure", "only the Boarding Party does, once the round's picks are made"),
    "treasure": ("crosses off a treasure", "only a Kraken or a lost duel asks for it"),
    "balls": ("crosses off balls", "only a Miss or Rough Seas asks for it"),
    "draw": ("draws a map card", "only a claimed map X or a Map card gives one"),
    "return": ("puts maps under the map deck", "only the Powder Keg does"),
    "spy": ("looks at the opponent's maps", "only the Spyglass does, once the round's picks are made"),
}


class GameState(FollowUps, State):
    """Cannon Dice in progress: the grid, both players' cannons, chests, maps and kept cards, the decks,
    and the round under way with its offer (dice and card), its order of picks and its follow-ups."""

    end_code, follow_up_code = "CD-GAME-END", "CD-FOLLOW-UP"
    missing_texts, unasked = MISSING, UNASKED
    table_kinds = frozenset(("draw", "roll", "duel", "flip", "spy"))  # the follow-ups the table writes

    def begin(self, setup):
        facts = self.f  # two players: the header admits only as many as game.yaml allows
        self.first, self.other = self.players[0], Seats(self.players).opposite
        self.sheet = setup.options["sheet"]
        self.grid = tuple(sheet_grid(facts, self.sheet))
        self.owner = [None] * len(self.grid)        # player, SUNK, or None while unclaimed
        self.claim_line = [0] * len(self.grid)
        rows = len(facts.rows)
        self.balls = {p: [facts.balls] * rows for p in self.players}
        self.xd = {p: [0] * rows for p in self.players}  # the line a cannon was X'd out, 0 while it works
        self.chest = {p: dict.fromkeys(facts.points, 0) for p in self.players}    # treasures that count
        self.maps = {p: [] for p in self.players}    # map cards held, in the order they came
        self.map_deck = Deck(dict.fromkeys(facts.spots, 1), len(facts.spots) - 1)  # one map is in the envelope
        self.deck = Deck(facts.cards)                # the action deck
        self.kept = {p: {} for p in self.players}    # kept action cards, by id
        self.doubted: dict = {}                      # action card -> the line of a take that named it, not the flip
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
        self.problem_reported = False                # then the scores written at the end stand
        self.written: dict = {}                      # the scores written, when they stand
        self.rolloff = None

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.todo:
            return self.follower()
        if self.phase == "picks":
            return (self.window or self.order)[0]
        if self.phase == "final":
            return next((p for p in self.players if p not in self.guesses), TABLE)
        return TABLE

    def is_over(self) -> bool:
        return bool(self.winner_line)

    def over(self) -> str:
        return f"the game is over (the winner is written at line {self.winner_line})"

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
            return [Claim(p, Space(*self._space(p, i))) for i, owner in enumerate(self.owner) if owner is None]
        if kind == "balls":
            balls = [row for r, row in enumerate(f.rows) for _ in range(self.balls[p][r])]
            return [Lose(p, rows) for rows in dict.fromkeys(itertools.combinations(balls, due.data))]
        if kind == "treasure":
            return [Lose(p, treasure=treasure) for treasure, n in self.chest[p].items() if n]
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
            return Flip(rng.choice(self.deck.pool()))
        if self.phase == "roll":
            return Roll(self.f.dice.roll(rng, 1 if self.active in self.plank else 2))
        if self.envelope is None:
            return Envelope(rng.choice(self._unseen()))
        if not self.score_line:
            return Score(tuple(self.totals().items()))
        return Winner(self.leaders(self.totals())[0] if self.rolloff is None else self.rolloff)

    def _table_follow_up(self, due, rng):
        if due.kind == "draw":
            return Draw(due.player, self.map_deck.top() or rng.choice(self._unseen()))
        if due.kind == "roll":
            return Roll(self.f.dice.roll(rng, due.data[0]))
        if due.kind == "duel":
            return Duel(tuple((p, self.f.dice.roll(rng)[0]) for p in self.players))
        if due.kind == "flip":
            return Flip(rng.choice(self.deck.pool()))
        return Spy(due.player, tuple(self.maps[self.other[due.player]]))

    def _unseen(self) -> list:
        return [m for m in self.f.spots if m not in self.map_deck.seen]

    def value(self, player) -> float:
        totals = self.totals()
        return totals[player] - totals[self.other[player]]

    def summary(self) -> str:
        totals = ", ".join(f"{p} {points}" for p, points in self.totals().items())
        rolloff = " after a roll-off" if self.rolloff else ""
        return (f"a legal game on sheet {self.sheet}, {self.round} rounds, ended because {self.ended}; "
                f"scores right: {totals}; winner {self.rolloff or self.leaders(self.totals())[0]}{rolloff}")

    # -- applying an event ------------------------------------------------------------------------

    def apply(self, action) -> None:
        super().apply(action)
        if action is not None:
            self._advance()

    def decline(self) -> None:
        self.window.pop(0)  # a bot let its chance to play a kept card go

    def on_flip(self, event):
        due = self.settle("flip")
        if due:  # the Reload's card: with the rerolled dice, one pick for the Reload's player
            self._deal(event.card)
            self.card, self.order, self.window, self.dice_only = event.card, [due.player], [], None
            return
        if self._next_round():
            self._deal(event.card)
            self._begin_round(event.card)

    def on_roll(self, event):
        due = self.settle("roll")
        if due:
            if len(event.faces) != due.data[0]:
                self.w.blow("CD-ROLL", f"{due.cause}: it rolls {counted(due.data[0], 'die', 'dice')}, "
                                       f"not {len(event.faces)}")
            self._rolled(due, event.faces)
        elif self.phase == "roll":
            self._round_roll(event.faces)
        elif self.phase == "begin":
            self.w.blow("CD-ROUND", f"round {self.round + 1} begins with its card: write `flip CARD` before the roll")
            self._begin_round(UNKNOWN)
            self._round_roll(event.faces)
        elif self.phase == "final":
            self.blow_end(f"the game is over: {self.ended}")
        else:
            self.w.blow("CD-ROUND", f"no roll is due now (round {self.round}'s dice are rolled already)")

    def on_fire(self, event):
        due = self.settle("shot")
        face = event.face
        if due:  # the Extra Shot's die
            self.is_theirs(due, event.player)
            if due.data is not None and event.face != due.data:
                self.w.blow(due.code, f"{due.cause}: its die shows {due.data}, not {event.face}")
                face = self._as_shown(event.face, [due.data])
        elif self._pick(event.player):
            face = self._take_die(event.face)
        else:
            return
        self._shoot(Fire(event.player, face, event.row, event.target))

    def on_take(self, event):
        self.settle()
        if not self._pick(event.player):
            return
        if self.card is None:
            self.w.blow("CD-PICK", f"round {self.round}'s card is taken already; only dice are left")
            return
        if self.card not in (UNKNOWN, event.card):
            self.w.blow("CD-PICK", f"the card on offer is {self.card}, not {event.card}")
            self._flipped_instead(self.card, event.card)
        if self.dice_only == event.player:
            self.w.blow(self.f.effect_code["take-dice"], f"{event.player} took both dice with the card played at "
                                                        f"line {self.order_changed}: the card is "
                                                        f"{self.other[event.player]}'s pick")
        self.card = None
        self._got(event.player, event.card)

    def on_claim(self, event):
        due, event = self._answered("claim", event)
        if not due:
            return
        row, column = event.space
        index = self.f.rows.index(row) * self.f.columns + self._column(event.player, column)
        if self.owner[index] is not None:
            self.w.blow("CD-HORSESHOE", f"{event.space} is claimed already ({self._taken(index)})")
            return
        self._hit(event.player, index)

    def on_nest(self, event):
        due, event = self._answered("nest", event)
        if not due:
            return
        if self._fire_from(event.player, event.row) is None or due.data is None:
            return
        rows = len(self.f.rows)
        row = rows - due.data if event.player == self.first else due.data - 1  # counted from the player's side
        self._hit(event.player, row * self.f.columns + self._column(event.player, event.column))

    def on_sink(self, event):
        due, event = self._answered("sink", event)
        if not due:
            return
        if due.data is None:
            return
        index = self.f.rows.index(event.row) * self.f.columns + self._column(event.player, due.data)
        if self.owner[index] is None:
            self.owner[index], self.claim_line[index] = SUNK, self.w.line

    def on_steal(self, event):
        due, event = self._answered("steal", event)
        if not due:
            return
        victim = self.other[event.player]
        if not self.chest[victim][event.treasure]:
            self.w.blow(due.code, f"{victim} has no {event.treasure} to take (chest: {self._chest(victim)})")
            return
        self.chest[victim][event.treasure] -= 1
        self.chest[event.player][event.treasure] += 1

    def on_lose(self, event):
        if event.treasure:
            self._lose_treasure(event)
        else:
            self._lose_balls(event)

    def _lose_treasure(self, event: Lose):
        due, event = self._answered("treasure", event)
        if not due:
            return
        if not self.chest[event.player][event.treasure]:
            self.w.blow(due.code, f"{event.player} has no {event.treasure} to cross off "
                                  f"(chest: {self._chest(event.player)})")
            return
        self.chest[event.player][event.treasure] -= 1

    def _lose_balls(self, event: Lose):
        due, event = self._answered("balls", event)
        if not due:
            return
        if len(event.rows) != due.data:
            self.w.blow(due.code, f"{due.cause}: {event.player} crosses off {counted(due.data, 'ball')}, "
                                  f"not {len(event.rows)}")
        balls = self.balls[event.player]
        for row in event.rows:
            r = self.f.rows.index(row)
            if balls[r]:
                balls[r] -= 1
            else:
                self.w.blow(due.code, f"{event.player}'s cannon in row {row} has no ball left to cross off")

    def on_draw(self, event):
        due, event = self._answered("draw", event)
        if due:
            self._draw_map(event.player, event.map)

    def _answered(self, kind: str, event):
        """(the follow-up of `kind` that `event` answers, the event): a follow-up written under the other
        player's name is reported (`answer`) and carried out for the player it was asked of, the name being
        the slip. (None, event) when nothing asks for it."""
        due = self.answer(kind, event.player)
        if due and due.player != event.player and due.player in self.other:
            event = type(event)(due.player, *event.values()[1:])
        return due, event

    def on_return(self, event):
        due, event = self._answered("return", event)
        if not due:
            return
        held = self.maps[event.player]
        if sorted(event.maps) != sorted(held):
            self.w.blow(due.code, f"{due.cause}: all {event.player}'s maps go under the map deck: "
                                  f"{listed(held)}, not {listed(event.maps)}")
        # in the order written, then any the log forgot, so that later draws are checked against them
        under = [m for m in dict.fromkeys(event.maps) if m in held] + [m for m in held if m not in event.maps]
        for card in under:
            self.map_deck.put_under(card, self.w.line)
        held.clear()

    def on_spy(self, event):
        due, event = self._answered("spy", event)
        if not due:
            return
        held = self.maps[self.other[event.player]]
        if sorted(event.maps) != sorted(held):
            self.w.blow(due.code, f"{self.other[event.player]} holds {listed(held) if held else 'no map'}, "
                                  f"not {listed(event.maps) if event.maps else 'none'}")

    def on_play(self, event):
        self.settle()
        card, player = event.card, event.player
        code, effect = self.f.code[card], self.f.effect[card]
        if self.phase == "final":
            self.blow_end(f"the game is over: {self.ended}")
            return
        if not self.kept[player].get(card):
            kept = [c for c, n in self.kept[player].items() if n]
            self.w.blow(code, f"{player} holds no {card} (kept cards: {listed(kept)})")
            return
        why = self._cannot_play(player, effect, event)
        if why:
            self.w.blow(code, why)
            return
        self.kept[player][card] -= 1
        self.deck.discard(card)
        if self.window and self.window[0] == player:
            self.window.pop(0)
        self._played(player, effect, event, code)

    def on_duel(self, event):
        due = self.settle("duel")
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
            self.ask(due)  # a tie is rolled again
        elif due.data == "tie":
            self.rolloff = high
        elif any(self.chest[low].values()):
            self.ask(Due("treasure", low, due.code, due.line, f"{low} lost the duel of {due.cause}"))

    def on_end(self, event):
        self.settle()
        if self.phase == "final":
            self.blow_end(f"the game is over already: {self.ended}")
            return
        self.agreed = self.w.line
        if self.phase == "begin":
            self._check_end()

    def on_guess(self, event):
        self._to_final("the guesses")
        if event.player in self.guesses:
            self.w.blow("CD-GUESS", f"{event.player} circled an X already (line {self.guesses[event.player][1]})")
            return
        if self.envelope is not None:
            self.w.blow("CD-GUESS", f"the X is circled before the envelope is opened (line {self.envelope[1]})")
        self.guesses[event.player] = (event.spot, self.w.line)

    def on_envelope(self, event):
        self._to_final("the envelope")
        if self.envelope is not None:
            self.w.blow("CD-ENVELOPE", f"the envelope was opened already (line {self.envelope[1]})")
            return
        self._need_guesses("the envelope is opened")
        if event.map in self.map_deck.seen:
            self.w.blow("CD-ENVELOPE", f"{event.map} cannot be the sealed map: it was drawn at line "
                                       f"{self.map_deck.seen[event.map]} (maps never drawn: {listed(self._unseen())})")
        self.envelope = (event.map, self.w.line)

    def on_score(self, event):
        self._to_final("the scores")
        if self.written_again(self.score_line, "the scores were", "CD-SCORE"):
            return
        if self.envelope is None:
            self.w.blow("CD-ENVELOPE", "the envelope is opened before the scores (write `envelope MAP`)")
        self.score_line = self.w.line
        totals = self.totals()
        if self.problem_reported:  # after a problem, the log's scores stand: the checker's count may not be the table's
            self.written = {p: dict(event.claims).get(p, points) for p, points in totals.items()}
            totals = self.written
        else:
            self.compare(event.claims, totals, "CD-SCORE", self._breakdown)
        if len(self.leaders(totals)) > 1:
            self.ask(Due("duel", self.players[0], "CD-WINNER", self.w.line, "the equal scores", data="tie"))

    def on_winner(self, event):
        self._to_final("the winner")
        self.settle()  # a roll-off still due is missing
        if not self.score_line:
            self.w.blow("CD-SCORE", "the scores are written before the winner (write `score PLAYER POINTS ...`)")
        self.winner_line = self.w.line
        self.judge_winners((event.player,), self.written or self.totals(), "CD-WINNER")

    def after_problem(self, action) -> None:
        """After a problem reported, what the checker counts may not be what the table counted: the scores
        written at the end stand (RULES.md, reading a slip)."""
        self.problem_reported = True

    def tie(self, leaders, totals):
        return ((self.rolloff,), "wins the roll-off") if self.rolloff else ((), "")

    def finish(self) -> None:
        if self.is_over():
            return
        if self.phase != "final":
            self.blow_end(f"the log stops in round {self.round}, before the game is over")
            return
        self._need_guesses("the end of the log")
        if self.envelope is None:
            self.w.blow("CD-ENVELOPE", "the envelope is never opened (write `envelope MAP`)")
        if not self.score_line:
            self.w.blow("CD-SCORE", "the scores are missing (write `score PLAYER POINTS PLAYER POINTS`)")
        self.w.blow("CD-WINNER", "the winner is missing (write `winner PLAYER`)")

    # -- follow-ups ---------------------------------------------------------------------------------

    def skipped(self, due) -> None:
        super().skipped(due)
        if due.kind == "roll" and due.then in ("flip", "reroll"):
            self.dice = None  # a roll left out: the dice it put on offer are unknown from now on

    def due_words(self, due) -> dict:
        n = (counted(due.data, "ball") if due.kind == "balls" else
             counted(due.data[0], "die", "dice") if due.kind == "roll" else str(due.data))
        return {"p": due.player, "o": self.other.get(due.player), "n": n,
                "faces": " ".join(["FACE"] * due.data[0]) if due.kind == "roll" else ""}

    def _ask(self, kind: str, player: str, card: str, line: int, data=None, optional=False, then=None) -> None:
        """A card's follow-up, before any other: its cause names the card and where it was taken."""
        cause = f"{player}'s {self.f.title[card]} (line {line})"
        self.ask(Due(kind, player, self.f.code[card], line, cause, data, optional, then))

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
                                                       f"this round rolls one die, not {len(faces)} (OUR CHOICE, "
                                                       "RULES.md 7.12: the taker's next round as active player)")
        elif len(faces) != wanted:
            self.w.blow("CD-ROLL", f"a round rolls both dice, not {counted(len(faces), 'die', 'dice')}")
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
            self.blow_end(f"the game is over: {self.ended}")
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

    def _take_die(self, face):
        """The face of the die a pick takes off the offer: the one written, or, when no die on offer shows it,
        the die on offer nearest to it (a slip of the number; the explosion only for the explosion)."""
        dice = self.dice
        if dice is None or face in dice:
            if dice:
                dice.remove(face)
            return face
        if dice:
            self.w.blow("CD-PICK", f"the dice on offer show {' and '.join(map(str, dice))}, not {face}")
            shown = self._as_shown(face, dice)
            dice.remove(shown if shown in dice else dice[0])
            return shown
        self.w.blow("CD-PICK", f"no die is left on offer, only the card {self.card}")
        return face

    def _as_shown(self, face, shown: list):
        """The face among those `shown` that a slip for `face` most likely is: the nearest number, or the
        explosion for the explosion; `face` itself when none is of its kind."""
        explosion = self.f.explosion
        alike = [f for f in shown if (f == explosion) == (face == explosion)]
        if not alike:
            return face
        return alike[0] if face == explosion else min(alike, key=lambda f: abs(f - face))

    def _next_round(self) -> bool:
        """Close the round under way, reporting what it still lacked; false when the game is over."""
        if self.phase in ("roll", "picks"):
            self._cut_short()
        if self.phase == "final":
            self.blow_end(f"the game is over after round {self.round}: {self.ended}")
            return False
        return True

    def _cut_short(self) -> None:
        self.settle()
        if self.phase == "roll":
            self.w.blow("CD-ROUND", f"round {self.round} has no roll: the dice are rolled after the flip")
        elif self.order:
            self.w.blow("CD-ROUND", f"round {self.round} ends with {counted(len(self.order), 'pick')} not made "
                                    f"({', '.join(self.order)})")
        for card, player, line in self.after:
            self.w.blow(self.f.code[card], f"{player}'s {self.f.title[card]} (line {line}) never acts: "
                                           "it acts once the round's picks are made")
        self.after = []
        self._end_round()

    def _end_round(self) -> None:
        for card in self.table_cards:
            self.deck.discard(card)
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
                return (f"{p} can no longer claim a space (OUR CHOICE, RULES.md 8.1: no cannon of {p}'s that can fire "
                        "faces a free space)")
        return f"the players agreed to stop (line {self.agreed})" if self.agreed else ""

    def _to_final(self, what: str) -> None:
        """The end of the game is being written: the round under way closes, and the game must be over."""
        if self.phase in ("roll", "picks"):
            self._cut_short()
        if self.phase != "final":
            self.blow_end(f"the game is not over, so {what} cannot be written yet: no end condition holds")
            self.phase, self.ended = "final", "cut short"

    def _need_guesses(self, when: str) -> None:
        for player in self.players:
            if player not in self.guesses:
                self.w.blow("CD-GUESS", f"{player} circles an X of the map strip before {when} "
                                        f"(write `{player} guess SPOT`)")
                self.guesses[player] = (None, self.w.line)

    # -- cards --------------------------------------------------------------------------------------

    def _flipped_instead(self, flipped: str, taken: str) -> None:
        """A card taken that is not the card flipped is believed, as a slip of the flip line: the deck takes
        back the card the flip named and gives this one, when it still held one. Should that card come up once
        too often later, the take was the slip, reported already."""
        counts = self.deck.counts
        if self.deck.unknown and counts.get(taken, 0) > 0:
            counts[flipped], counts[taken] = counts[flipped] + 1, counts[taken] - 1
            if flipped in self.table_cards:
                self.table_cards[self.table_cards.index(flipped)] = taken
            self.doubted[taken] = self.w.line

    def _deal(self, card: str) -> None:
        """The top card of the action deck; an empty deck is first made again from the shuffled discards."""
        if self.doubted.pop(card, 0) and not self.deck.fits(card):
            self.deck.draw_anyway(card, self.w.line)  # a take read as a slip of its flip was the slip, reported there
        elif not self.deck.draw(card, self.w.line):
            since = f"the reshuffle at line {self.deck.reshuffled}" if self.deck.reshuffled else "the start"
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
        elif effect == "draw-map" and len(self.map_deck):
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
            count, then = ROLLS[effect]
            self._ask("roll", player, card, line, (count,), then=then)

    def _rolled(self, due, faces: tuple) -> None:
        """An effect's roll: what comes of it."""
        then, face = due.then, faces[0]
        if then == "flip":  # the Reload's: its dice are on offer, with the card to come
            self.dice = list(faces)
            self.ask(Due("flip", due.player, due.code, due.line, due.cause))
        elif then == "reroll":
            if self.dice and due.data[1] in self.dice:
                self.dice[self.dice.index(due.data[1])] = face
        elif face != self.f.explosion or then == "shot":  # Crow's Nest and Davy Jones count no space with it
            self.ask(Due(then, due.player, due.code, due.line, due.cause, face))

    def _cannot_play(self, player: str, effect: str, event: Play) -> str:
        """Why a kept card cannot be played now, or ""."""
        if self.phase != "picks" or not self.order:
            reading = " (OUR CHOICE, RULES.md 7.11: a Parley rerolls a die of the offer)" if effect == "reroll" else ""
            return f"a kept card is played while a round's dice and card are on offer{reading}"
        if event.map and event.map not in self.maps[player]:
            return f"{player} holds no {event.map} (maps: {listed(self.maps[player])})"
        if effect == "reroll":
            if self.dice is not None and event.face not in self.dice:
                return f"no die on offer shows {event.face} (dice: {listed(self.dice)})"
            return ""
        rule = "7.10" if effect == "pick-first" else "7.15"
        if self.picks:
            return (f"it changes the order of picks, so it is played before round {self.round}'s first pick "
                    f"(OUR CHOICE, RULES.md {rule})")
        if self.order_changed:
            return (f"the order of round {self.round}'s picks was changed already at line {self.order_changed} "
                    f"(OUR CHOICE, RULES.md {rule}: once a round)")
        if effect == "pick-first" and player == self.active:
            return (f"round {self.round} is {player}'s own: {player} picks first already "
                    "(OUR CHOICE, RULES.md 7.10: the Mutiny is for the player who is not active)")
        if effect == "take-dice" and self.dice is not None and len(self.dice) != 2:
            return "taking both dice needs both dice on offer"
        return ""

    def _played(self, player: str, effect: str, event: Play, code: str) -> None:
        opponent, line = self.other[player], self.w.line
        if effect == "reroll":
            self.maps[player].remove(event.map)
            self.map_deck.put_under(event.map, self.w.line)
            cause = f"{player}'s {self.f.title[event.card]} (line {line})"
            self.ask(Due("roll", player, code, line, cause, (1, event.face), then="reroll"))
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
        elif special == "draw-map" and len(self.map_deck):
            self.ask(Due("draw", player, "CD-MAP-X", line, f"the map X {player} claimed at {where} "
                                                                      f"(line {line})"))
        elif special == "claim-another" and None in self.owner:
            self.ask(Due("claim", player, "CD-HORSESHOE", line, f"the horseshoe {player} claimed "
                                                                           f"at {where} (line {line})"))

    # -- maps ---------------------------------------------------------------------------------------

    def _draw_map(self, player: str, card: str) -> None:
        """The top card of the map deck, which the log names: a card put under the deck, once it is on top,
        or else one nobody has drawn yet."""
        deck = self.map_deck
        if len(deck) and not deck.draw(card, self.w.line):  # an empty deck: only after a slip reported already
            top = deck.top()
            if top is None:
                self.w.blow("CD-MAP-DECK", f"{card} cannot be on top of the map deck: {self._whereabouts(card)}; "
                                           "the top card is one nobody has drawn yet")
            else:
                self.w.blow("CD-MAP-DECK", f"the top of the map deck is {top} (put under at line "
                                           f"{deck.under[top]}), not {card}")
            deck.draw_anyway(card, self.w.line)
        self.maps[player].append(card)

    def _whereabouts(self, card: str) -> str:
        holder, deck = next((p for p in self.players if card in self.maps[p]), None), self.map_deck
        if holder:
            return f"{holder} holds it (drawn at line {deck.seen[card]})"
        if card in deck.known:
            return f"it went under the map deck at line {deck.under[card]}"
        return f"it was drawn at line {deck.seen[card]}"

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

    def totals(self) -> dict:
        return {p: sum(self._parts(p).values()) for p in self.players}

    def stats(self) -> dict:
        return {"rounds": self.round}

    def _breakdown(self, player: str) -> str:
        parts = ", ".join(f"{part} {points}" for part, points in self._parts(player).items())
        aboard = sum(balls for balls, line in zip(self.balls[player], self.xd[player]) if line)
        if aboard:  # the reading the total rests on
            parts += f"; the {counted(aboard, 'ball')} of X'd-out cannons count (OUR CHOICE, RULES.md 4.3)"
        return parts

    def _chest(self, player: str) -> str:
        return listed(f"{kind} {count}" for kind, count in self.chest[player].items() if count)


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
