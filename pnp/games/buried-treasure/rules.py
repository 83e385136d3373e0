"""Buried Treasure's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this file. Card identities,
counts, suits, specials and score values come from the game's data (game.yaml and its card lists);
rule facts the printed kit does not hold come from rules.yaml.
"""
from __future__ import annotations

from collections import Counter, namedtuple
from types import MappingProxyType

from pnp.check.ending import Final, FinalScores, Winner
from pnp.check.engine import TABLE, Rules, State
from pnp.check.facts import Keys, RuleData, counts, ids, nicknames
from pnp.check.pieces import Seats, Supply
from pnp.check.setup import Player, PlayerOrder
from pnp.check.verbs import action, names, number
from pnp.check.violations import LOG_SYNTAX
from pnp.check.words import counted
from pnp.datafile import Bool, Int, ListOf, MapOf, Record, Text
from pnp.errors import DataError

DECK, STARTERS, SCORE_CARDS = "game-cards", "starter-cards", "score-cards"

RULES_FILE = Record({
    "rounds": Int(1),
    "columns": ListOf(Int(1), min_items=1),
    "hand-sizes": MapOf(Int(0), key=Int(1)),
    "bonus": Record({"coloured": Int(), "wild": Int()}, "points per starter card left in hand"),
    "starter-names": (MapOf(Text()), dict),
}, "Buried Treasure's rule facts")

GAME_VARS = Keys({  # the parts of game.yaml's `vars` the checker reads (templates read the rest)
    "colours": ListOf(Text(), min_items=1),
    "suits": (MapOf(Keys({"name": Text(), "plural": Text()}, "a suit: its names")), dict),
}, "the game's vars")


# --- facts: checks of the data the rules read -------------------------------------------------------

def _suits(deck, starters, colours, problems) -> dict:
    """Card id -> colour index; a starter of no colour is a wild card (None), a game card must have one."""
    index = {colour: i for i, colour in enumerate(colours)}
    suit = {card.id: index.get(card.fields["suit"]) for card in starters}
    for card in deck:
        suit[card.id] = index.get(card.fields["suit"])
        if suit[card.id] is None:
            problems.append((card.where, f"a game card's suit is one of the colours {', '.join(colours)}"))
    return suit


def _points(card, colours, problems) -> tuple:
    """A score card's (1st, 2nd) points for each colour."""
    pairs = [card.fields.get(colour) or [] for colour in colours]
    if any(len(pair) != 2 for pair in pairs):
        problems.append((card.where, "a score card gives two numbers, 1st and 2nd, for every colour"))
    return tuple(tuple(pair[:2]) for pair in pairs)


def _check_facts(facts, data, deck, starters, score_cards, problems) -> None:
    """The rule facts must fit the cards: enough cards for every deal and hand, names of real starters."""
    starter_ids = {card.id for card in starters}
    for word, target in facts["starter-names"].items():
        if target not in starter_ids:
            problems.append((data.at("starter-names"), f"{word}: no starter card has the id {target!r}"))
    deck_total, starter_total = sum(c.count for c in deck), sum(c.count for c in starters)
    if deck_total < facts["rounds"] * sum(facts["columns"]):
        problems.append((data.at("columns"), f"{facts['rounds']} deals of {sum(facts['columns'])} cards "
                                             f"need more than the {deck_total} game cards"))
    for players, size in facts["hand-sizes"].items():
        if players * size > starter_total:
            problems.append((data.at("hand-sizes"), f"{players} hands of {size} need more than "
                                                    f"the {starter_total} starter cards"))
    if len(score_cards) < facts["rounds"]:
        problems.append((data.at("rounds"), f"{facts['rounds']} rounds need as many score cards"))


# --- actions: one per log verb, its pattern its line ---------------------------------------------------

Round = action("round", "round {number:round}")
Scorecard = action("scorecard", "scorecard {card:score-card}")
Deal = action("deal", "deal {column:column} {cards:card}...")
Hand = action("hand", "hand {player:player} [{cards:starter}...]")
Take = action("take", "{player} take {column:column} {card:card} [to {to:player}]")
Extra = action("extra", "{player} extra {column:column} {card:card} [to {to:player}]")
Steal = action("steal", "{player} steal {victim:player} {count:count}")
Play = action("play", "{player} play {card:starter} [{colour:colour}] [to {to:player}]")
Pass = action("pass", "{player} pass")
Scores = action("scores", "scores {claims:claims}")
FOLLOW_UPS = ("extra", "steal")  # the verbs that answer a card's special; any other line declines it


# --- the state of one game ---------------------------------------------------------------------------

# The card that last came into a collection, remembered to explain follow-ups (EXTRA, flags): `how` it
# came is own, given (to an opponent), extra (an EXTRA's second card) or played (a starter); `followed`
# is the line of its steal, once made.
Got = namedtuple("Got", "player card line how followed", defaults=(0,))


class GameState(FinalScores, State):
    """Buried Treasure in progress: the layout, the collections, the hands and the scores."""

    end_code, final_code, winner_code = "BT-GAME-END", "BT-FINAL-SCORE", "BT-WINNER"
    after_end = FinalScores.after_end | {"hand"}  # a hand dealt late is the hand's own problem

    def begin(self, setup):
        facts = self.f
        self.seats = Seats(self.players)
        self.advanced, self.youngest, self.ages = (setup.options[key] for key in ("advanced", "starts", "ages"))
        self._begin(0)
        self.closed = True          # no round under way (before round 1, or once a round is scored)
        self.played = False         # any turn in the game yet
        self.deck = Supply(facts.deck)  # game cards not dealt yet
        self.card_rounds: dict = {}  # score card -> the round that used it
        self.doubted: dict = {}     # game card -> the line of a take that named it where another card lay
        self.scores_known = True    # false once a round could not be scored (no score card)
        self.counts = {name: [0] * len(facts.colours) for name in self.players}
        self.hands = {name: {} for name in self.players}  # starter card id -> how many
        self.hand_lines: dict = {}
        self.box = Supply(facts.starters)  # starter cards not dealt yet
        self.total = {name: 0 for name in self.players}  # the rounds' points so far
        self.history: list = []     # each round's points per player
        self.next = self.youngest   # a player, or a tuple of players any of whom may start
        if self.ages and self.ages[0] != self.youngest:
            self.w.blow("BT-START", f"the youngest starts round 1: {self.ages[0]}, not {self.youngest}",
                        setup.line("starts"))

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.round == 0 or self.closed or self.card is None or len(self.dealt_columns) < len(self.f.columns):
            return TABLE
        if self.pending:
            return self.pending[0]
        if self._ended():
            return TABLE
        return self.next if isinstance(self.next, str) else self.next[0]

    def legal_actions(self) -> list:
        player = self.to_move()
        if self.pending:
            return self._followups(*self.pending) + [None]
        targets = self._targets(player)
        actions = [Take(player, i + 1, pile[-1], to) for i, pile in enumerate(self.layout) if pile for to in targets]
        if self.advanced:
            for card in sorted(card for card, count in self.hands[player].items() if count):
                wild = self.f.suit[card] is None
                for to in targets:
                    counts = self.counts[to or player]
                    colours = [c for i, c in enumerate(self.f.colours) if counts[i]] if wild else [None]
                    actions += [Play(player, card, colour, to) for colour in colours]
            if not any(self.layout):
                actions.append(Pass(player))
        return actions

    def _targets(self, player: str) -> list:
        """Where a player's card may go: `None` for their own collection, or (advanced) an opponent's."""
        return [None] + [name for name in self.players if name != player] if self.advanced else [None]

    def _followups(self, player, kind, colour, flags) -> list:
        if kind == "extra":
            return [Extra(player, i + 1, pile[-1], to) for i, pile in enumerate(self.layout)
                    if pile and self.f.suit[pile[-1]] == colour for to in self._targets(player)]
        return [Steal(player, victim, n) for victim in self.players if victim != player
                for n in range(1, min(flags, self.counts[victim][colour]) + 1)]

    def table_action(self, rng):
        if self.round == 0 and self.advanced and len(self.hand_lines) < len(self.players):
            player = next(name for name in self.players if name not in self.hand_lines)
            return Hand(player, tuple(rng.sample(self.box.pool(), self.f.hand_sizes[len(self.players)])))
        if self.closed:
            return Round(self.round + 1) if self.round < self.f.rounds else self.end_action()
        if self.card is None:
            return Scorecard(rng.choice([card for card in self.f.score_cards if card not in self.card_rounds]))
        for column, size in enumerate(self.f.columns, start=1):
            if column not in self.dealt_columns:
                return Deal(column, tuple(rng.sample(self.deck.pool(), size)))
        return Scores(tuple((name, points) for name, (points, _) in self._round_points().items()))

    def value(self, player) -> float:
        standing = {name: self.total[name] + self._bonus(name) for name in self.players}
        if self.card and not self.closed:
            for name, _, _, points in self._awards():
                standing[name] += points
        return standing[player] - max(v for name, v in standing.items() if name != player)

    def summary(self) -> str:
        rules = "advanced rules" if self.advanced else "basic rules"
        totals = ", ".join(f"{name} {points}" for name, points in self.totals().items())
        return (f"a legal game of {len(self.players)} players, {rules}, {self.round} rounds; "
                f"scores right: {totals}; winner {' and '.join(self.winners(self.totals())[0])}")

    # -- applying an event ------------------------------------------------------------------------

    def apply(self, action) -> None:
        if action is None or action.verb not in FOLLOW_UPS:
            self.pending = None  # any other event closes the turn: an unused follow-up was declined
        super().apply(action)

    def on_round(self, event):
        self._close()
        expected = self.round + 1
        if expected > self.f.rounds:
            self.blow_end(f"a game has {self.f.rounds} rounds; there is no round {event.number}")
            return
        if event.number != expected:
            self.w.blow("BT-ROUND-ORDER", f"expected round {expected} next, not round {event.number}")
        self._begin(expected)

    def on_scorecard(self, event):
        if not self._round_for("its score card"):
            return
        if self.card is not None:
            self.w.blow("BT-SCORECARD", f"round {self.round} already shows score card {self.card}; "
                                        "one score card is revealed per round")
            return
        # Revealed after the first turn: the first turn reported it missing; the round is scored with it.
        if event.card in self.card_rounds:
            self.w.blow("BT-SCORECARD", f"score card {event.card} was used in round {self.card_rounds[event.card]}; "
                                        "each is used at most once a game")
        self.card = event.card
        self.card_rounds.setdefault(event.card, self.round)

    def on_deal(self, event):
        if not self._round_for("the deal"):
            return
        column = self._deal_column(event)
        if column is None or self.turns:
            return  # with turns played, the first turn reported this column missing: the layout is not checked
        over = self._draw(self.deck, event.cards, "BT-DEAL-COUNT", "the deck")
        self.dealt_columns[column] = self.w.line
        self.layout[column - 1] = list(event.cards)
        # a card dealt too often is a slip of this deal or of an earlier one of the round: the card a take later
        # names in its place, wherever it lies in the layout, is believed
        self.suspect |= {(c + 1, at) for c, pile in enumerate(self.layout) for at, card in enumerate(pile)
                         if card in over}

    def _deal_column(self, event):
        """The column a deal goes into: the one it names, or, when that one cannot be meant (no such column, or
        dealt already), the column not dealt yet that takes as many cards, as a slip of the column's number.
        A column dealt already with a wrong number of cards that fit a column not dealt yet was that column's
        deal, written with a wrong number: it moves there. None when no column can take the deal."""
        columns, sizes, dealt = len(self.f.columns), self.f.columns, self.dealt_columns
        fits = [c for c in range(1, columns + 1) if c not in dealt and sizes[c - 1] == len(event.cards)]
        column = event.column
        if column <= columns and column in self.misdealt and len(event.cards) == sizes[column - 1]:
            moved = [c for c in range(1, columns + 1) if c not in dealt
                     and sizes[c - 1] == len(self.layout[column - 1])]
            if moved:
                self.layout[moved[0] - 1], dealt[moved[0]] = self.layout[column - 1], dealt.pop(column)
                self.suspect = {(moved[0] if c == column else c, at) for c, at in self.suspect}
                del self.misdealt[column]
                return column
        if column > columns:
            self.w.blow("BT-DEAL-SHAPE", f"the layout has {columns} columns; there is no column {column}")
        elif column in dealt:
            self.w.blow("BT-DEAL-SHAPE", f"column {column} was dealt already (line {dealt[column]})")
        else:
            if len(event.cards) != sizes[column - 1]:
                self.w.blow("BT-DEAL-SHAPE", f"column {column} takes {counted(sizes[column - 1], 'card')}, "
                                             f"not {len(event.cards)}")
                self.misdealt[column] = self.w.line
            return column
        return fits[0] if fits else None

    def on_hand(self, event):
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "starter hands belong to the advanced game (write `advanced: yes`)")
            return
        if event.player in self.hand_lines:
            self.w.blow("BT-HAND", f"{event.player}'s hand was dealt already (line {self.hand_lines[event.player]})")
            return
        if self.played:
            self.w.blow("BT-HAND", "starter hands are dealt before the first turn of the game")
        size = self.f.hand_sizes.get(len(self.players))
        if size is not None and len(event.cards) != size:
            self.w.blow("BT-HAND", f"with {len(self.players)} players each hand holds {size} starter cards, "
                                   f"not {len(event.cards)}")
        self._draw(self.box, event.cards, "BT-HAND-COUNT", "the box")
        self.hand_lines[event.player] = self.w.line
        self.hands[event.player] = dict(Counter(event.cards))

    def on_take(self, event):
        if not self._turn(event.player):
            return
        target, card = self._collect(event)
        if target == event.player:
            special, flags = self.f.special[card]
            if special == "extra":
                self.pending = (event.player, "extra", self.f.suit[card], 0)
            elif special == "flags":
                self.pending = (event.player, "flags", self.f.suit[card], flags)
        self._pass_turn(event.player)

    def on_extra(self, event):
        pending = self.pending
        self.pending = None
        if not (pending and pending[0] == event.player and pending[1] == "extra"):
            self.w.blow("BT-EXTRA", self._no_followup(event.player, "an EXTRA card"))
            if self.closed:
                return  # no layout to take it from
        elif self.f.suit[event.card] != pending[2]:
            colour = self.f.colours[pending[2]]
            self.w.blow("BT-EXTRA-COLOUR", f"an EXTRA card brings one more {colour} card; "
                                           f"{event.card} is {self.f.colours[self.f.suit[event.card]]}")
        self._collect(event, "extra")

    def on_steal(self, event):
        pending = self.pending
        self.pending = None
        if not (pending and pending[0] == event.player and pending[1] == "flags"):
            # Without a flag card there is no colour and no limit to replay the steal with.
            self.w.blow("BT-STEAL", self._no_followup(event.player, "a flag card"))
            return
        self.got = self.got._replace(followed=self.w.line)
        if event.victim == event.player:
            self.w.blow("BT-STEAL", f"{event.player} steals from an opponent, not from {event.player}'s own collection")
            return
        _, _, colour, flags = pending
        held = self.counts[event.victim][colour]
        if event.count > flags:
            self.w.blow("BT-STEAL-COUNT", f"{counted(flags, 'flag')} allow{'s' if flags == 1 else ''} at most "
                                          f"{counted(flags, 'card')}, not {event.count}")
        elif event.count > held:
            self.w.blow("BT-STEAL-COUNT", f"{event.victim} has {counted(held, self.f.colours[colour] + ' card')}, "
                                          f"so {event.count} cannot be stolen")
        moved = min(event.count, flags, held)
        self.counts[event.victim][colour] -= moved
        self.counts[event.player][colour] += moved

    def on_play(self, event):
        if not self._turn(event.player):
            return
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "playing a starter card belongs to the advanced game (write `advanced: yes`)")
            self._pass_turn(event.player)
            return
        target = self._target(event.player, event.to)
        hand = self.hands[event.player]
        if hand.get(event.card):
            hand[event.card] -= 1
        else:
            held = ", ".join(f"{card} ×{count}" for card, count in sorted(hand.items()) if count) or "nothing"
            self.w.blow("BT-PLAY-HELD", f"{event.player} holds no {event.card} (holds: {held})")
        colour = self.f.suit[event.card]
        chosen = self.f.colours.index(event.colour) if event.colour else None
        if colour is None:
            if chosen is None:
                self.w.blow("BT-WILD", f"a wild flag joins a column: write its colour (`play {event.card} blue`)")
            elif not self.counts[target][chosen]:
                self.w.blow("BT-WILD", f"a wild flag joins a column already there; {target} has no "
                                       f"{event.colour} cards (OUR CHOICE, RULES.md 12.4)")
            colour = chosen
        elif chosen is not None and chosen != colour:
            self.w.blow("BT-WILD", f"only a wild flag chooses its colour; {event.card} is {self.f.colours[colour]}")
        if colour is not None:
            self.counts[target][colour] += 1
        self.got = Got(event.player, event.card, self.w.line, "played")
        self._pass_turn(event.player)

    def on_pass(self, event):
        if not self._turn(event.player):
            return
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "passing belongs to the advanced game; "
                                       "in the basic game every turn takes a card")
        elif self.layout_known and any(self.layout):
            left = sum(map(len, self.layout))
            self.w.blow("BT-PASS", f"passing starts once the layout is empty; it still holds {counted(left, 'card')} "
                                   "(CHOICE, RULES.md 12.6)")
        else:
            self.passed[event.player] = self.w.line
        self._pass_turn(event.player)

    def on_scores(self, event):
        if self.round == 0:
            self.w.blow("BT-ROUND-ORDER", "no round has been played yet")
            return
        self._close()
        if not self.scores_known:
            return
        points, claimed = self.history[-1], dict(event.claims)
        wrong = [name for name, (p, _) in points.items() if claimed.get(name, p) != p]
        moved = self._moved_cards(claimed) if len(wrong) > 1 else ""
        self.compare(event.claims, {name: p for name, (p, _) in points.items()}, "BT-ROUND-SCORE",
                     lambda name: f"in round {self.round}: {points[name][1]}{moved if name == wrong[0] else ''}")
        if wrong:  # the table's count stands from here on: totals, and who starts the next round
            self.history[-1] = MappingProxyType({name: (claimed.get(name, p), how)
                                                 for name, (p, how) in points.items()})
            for name, (p, _) in points.items():
                self.total[name] += claimed.get(name, p) - p
            self.next = self._next_starter()

    def compare(self, claims, totals: dict, code: str, explain) -> None:
        """The points a line claims against `totals`, as State.compare, but one problem however many players
        it gets wrong: a line of scores written wrong is one slip, not a line that does not belong."""
        claimed = dict(claims)
        wrong = [f"{player} has {totals[player]} {self.unit}, "
                 f"{'none is written' if player not in claimed else f'not {claimed[player]}'} ({explain(player)})"
                 for player in self.players if claimed.get(player) != totals[player]]
        if wrong:
            self.w.blow(code, "; ".join(wrong))

    def _moved_cards(self, claimed: dict) -> str:
        """When the round's points written differ for several players, the likeliest slip is cards that went
        to another collection than the log says (a steal or a gift written otherwise, or left out): the
        smallest such move that gives the points written is made, and said; "" when none does."""
        counts, most = self.counts, max(flags for _, flags in self.f.special.values())  # a steal's most cards
        for n in range(1, most + 1):
            for colour, name in enumerate(self.f.colours):
                for giver in self.players:
                    if counts[giver][colour] < n:
                        continue
                    for taker in self.players:
                        if taker == giver:
                            continue
                        counts[giver][colour] -= n
                        counts[taker][colour] += n
                        if all(claimed.get(p, points) == points for p, (points, _) in self._round_points().items()):
                            return f"; the points written fit {counted(n, name + ' card')} of {giver}'s being {taker}'s"
                        counts[giver][colour] += n
                        counts[taker][colour] -= n
        return ""

    def finish(self) -> None:
        if self.is_over():
            return
        if self.round < self.f.rounds or not (self.closed or self._ended()):
            where = f"round {self.round}" if self.round else "before round 1"
            self.blow_end(f"the log stops in {where}, before the game is over")
            return
        self.missing_end()

    # -- the steps the events share -----------------------------------------------------------------

    def _begin(self, number: int) -> None:
        self.round, self.closed, self.turns = number, False, 0  # turns played this round
        self.layout = [[] for _ in self.f.columns]
        self.layout_known = True    # false for a round whose deal was not written in full
        self.dealt_columns: dict = {}  # column -> the line of its deal
        self.suspect: set = set()   # (column, place from the bottom) of cards a deal could not have held
        self.misdealt: dict = {}    # column -> the line of its deal, dealt with a wrong number of cards
        self.card = None            # this round's score card
        self.passed: dict = {}      # player -> the line of their pass this round
        self.pending = None         # (player, "extra" or "flags", colour index, flags) still open
        self.got: Got | None = None

    def _ended(self) -> bool:
        """The round's play is over: the layout is empty and, in the advanced game, everyone passed."""
        if not self.turns or not self.layout_known:
            return False
        return not any(self.layout) and (not self.advanced or len(self.passed) == len(self.players))

    def _close(self) -> None:
        """End the round under way, scoring it (once) with its score card."""
        if self.closed:
            return
        if self.layout_known and not self._ended():
            left = sum(map(len, self.layout))
            waiting = [name for name in self.players if name not in self.passed]
            why = (f"{counted(left, 'card')} still in the layout" if left or not self.advanced
                   else f"{', '.join(waiting)} still to pass (OUR CHOICE, RULES.md 12.6: every player writes "
                        "a pass)")
            self.w.blow("BT-ROUND-END", f"round {self.round} ends with {why}")
        if self.card is None:
            self.scores_known = False
        if self.scores_known:
            points = self._round_points()
            self.history.append(MappingProxyType(points))  # never changed again: clones share it
            for name, (p, _) in points.items():
                self.total[name] += p
        self.closed, self.pending = True, None
        self.next = self._next_starter()

    def _round_for(self, what: str) -> bool:
        """A round under way for a table event; when none is, say so and begin the next one."""
        return bool(self.round and not self.closed and not self._ended()) or self._next_round(f"before {what}")

    def _next_round(self, hint: str) -> bool:
        """No round is under way: say so and begin the next one; false when the game has had its rounds."""
        if self.round >= self.f.rounds:
            self.blow_end(f"the game is over after round {self.f.rounds}")
            return False
        self.w.blow("BT-ROUND-ORDER", f"no round is under way: write `round {self.round + 1}` {hint}")
        self._close()
        self._begin(self.round + 1)
        return True

    def _turn(self, player: str) -> bool:
        """The checks every turn starts with, in a fixed order; false when the turn cannot be played."""
        if (self.round == 0 or self.closed) and not self._next_round("and its deal first"):
            return False
        if self._ended():
            self.w.blow("BT-ROUND-END", f"round {self.round} is over: "
                                        + ("everyone has passed" if self.advanced else "the layout is empty"))
            return False
        if not self.turns:
            self._first_turn()
        if player in self.passed:
            self.w.blow("BT-PASSED", f"{player} passed at line {self.passed[player]} and plays no more this round")
        elif isinstance(self.next, tuple):
            if player not in self.next:
                self.w.blow("BT-START", f"round {self.round} starts with the lowest total: "
                                        f"{' or '.join(self._totals_of(self.next))}, not {player} (OUR CHOICE, "
                                        "RULES.md 4.3: without `ages:` any of those tied may)")
        elif player != self.next:
            if self.turns:
                self.w.blow("BT-TURN", f"it is {self.next}'s turn, not {player}'s")
            else:
                reason = "the youngest" if self.round == 1 else "the lowest total"
                if self.round > 1 and list(self.total.values()).count(self.total[self.next]) > 1:
                    reason += ", and of those tied the youngest (CHOICE, RULES.md 4.3)"
                self.w.blow("BT-START", f"round {self.round} starts with {reason}: "
                                        f"{self._totals_of((self.next,))[0]}, not {player}")
        self.turns += 1
        self.played = True
        return True

    def _first_turn(self) -> None:
        if self.card is None:
            self.w.blow("BT-SCORECARD", f"round {self.round} starts without a score card")
        missing = [str(c) for c in range(1, len(self.f.columns) + 1) if c not in self.dealt_columns]
        if missing:
            self.w.blow("BT-DEAL-SHAPE", f"round {self.round} starts with column{'s' if len(missing) > 1 else ''} "
                                         f"{', '.join(missing)} not dealt; the layout is not checked this round")
            self.layout_known = False
        if self.advanced and not self.played:
            unhanded = [name for name in self.players if name not in self.hand_lines]
            if unhanded:
                self.w.blow("BT-HAND", f"no starter hand was dealt to {', '.join(unhanded)}")

    def _pass_turn(self, player: str) -> None:
        """The next player clockwise who has not passed."""
        self.next = self.seats.after(player, self.passed) or player

    def _target(self, player: str, to: str | None) -> str:
        """The collection a card goes into: the player's own, or an opponent's in the advanced game."""
        if to is None:
            return player
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "giving a card to an opponent belongs to the advanced game "
                                       "(write `advanced: yes`)")
            return player
        if to == player:
            self.w.blow("BT-GIVE", f"`to` names an opponent; without it the card goes to {player}'s own collection")
        return to

    def _from_layout(self, column: int, card: str) -> str:
        """The card a take really moves: `card` from the top of `column`, blowing the whistle if it is not there.

        A slip is then read the likelier way, so that one slip is reported once: when the deck still held such
        a card, the deal line was the slip and the named card lay there (in the place of a card the deal dealt
        too often, so reported already, it is believed without a report); else the named card on top of
        another column was taken from there (a wrong column number); else the column's top card was taken
        under a wrong name; with nothing to take, the player gets the card the log names. The replay weighs
        these against the moves the rules allowed (a wrong column number) by the lines that follow."""
        if not self.layout_known:
            return card
        piles = self.layout
        pile = piles[column - 1] if column <= len(piles) else None
        if pile and pile[-1] == card:
            return pile.pop()
        if pile and (column, len(pile) - 1) in self.suspect and self.deck.left[card] > 0:
            return self._dealt_instead(pile, card)
        elsewhere = [i for i, other in enumerate(piles) if other and other[-1] == card]
        hint = f" ({card} is on top of column {elsewhere[0] + 1})" if elsewhere else ""
        if pile is None:
            self.w.blow("BT-TAKE-COLUMN", f"the layout has columns 1–{len(piles)}, not {column}{hint}")
        elif not pile:
            self.w.blow("BT-TAKE-COLUMN", f"column {column} is empty{hint}")
        else:
            under = f", {card} lies under {counted(pile[::-1].index(card), 'card')} there" if card in pile else ""
            self.w.blow("BT-TAKE-CARD", f"column {column} shows {pile[-1]} on top, not {card}{under}{hint}")
        if pile and self.deck.left[card] > 0:
            self.doubted[card] = self.w.line  # should it be dealt once too often later, this take was the slip
            return self._dealt_instead(pile, card)
        if elsewhere:
            return piles[elsewhere[0]].pop()
        return pile.pop() if pile else card

    def _dealt_instead(self, pile: list, card: str) -> str:
        """The top card of `pile` read as `card`, a slip of its deal line: the deck gets back the card the
        line named and gives this one."""
        self.deck.left[pile.pop()] += 1
        self.deck.left[card] -= 1
        return card

    def _draw(self, supply: Supply, cards: tuple, rule: str, source: str) -> list:
        """Deal cards out of a supply, blowing `rule` for a card dealt more often than the data has it; those
        cards are returned."""
        over = supply.take(cards)
        for card in over:
            if supply is self.deck and self.doubted.pop(card, 0):
                continue  # a take read as a slip of its deal was the slip itself: reported there already
            self.w.blow(rule, f"{card} is dealt {supply.taken(card)} times in this game; {source} holds "
                              f"{supply.full[card]}")
        return over

    def _collect(self, event, how: str = "") -> tuple:
        """A take or an EXTRA's card into a collection: (whose collection, the card really moved)."""
        target = self._target(event.player, event.to)
        card = self._from_layout(event.column, event.card)
        self.counts[target][self.f.suit[card]] += 1
        self.got = Got(event.player, card, self.w.line, how or ("own" if target == event.player else "given"))
        return target, card

    def _no_followup(self, player: str, what: str) -> str:
        """Why `player` has no follow-up to make now, for BT-EXTRA and BT-STEAL."""
        got = self.got
        if got is None or got.player != player:
            last = f" (the last card taken was {got.player}'s, line {got.line})" if got else ""
            return f"{player} has not just taken {what}{last}"
        if got.how == "given":
            return (f"{got.card} went into an opponent's collection (line {got.line}); a special acts only "
                    "in the taker's own collection (CHOICE, RULES.md 12.5)")
        if got.how == "played":
            return f"{player} played a starter card (line {got.line}); starter cards have no specials"
        if got.how == "extra":
            return f"{got.card} came as an EXTRA card's second card (line {got.line}); its own special does nothing"
        if got.followed:
            return f"{got.card} (line {got.line}) was followed up already, at line {got.followed}"
        return f"{got.card} (line {got.line}) is not {what}"

    def _places(self, colour: int) -> list:
        """Who is 1st and 2nd in a colour: the most cards wins, a count that players share places nobody,
        and a player with no card of the colour never places."""
        alone: dict = {}  # count -> the one player with it, or None once two share it (a hot path for bots)
        for name in self.players:
            count = self.counts[name][colour]
            if count:
                alone[count] = None if count in alone else name
        return [alone[count] for count in sorted(alone, reverse=True) if alone[count]][:2]

    def _awards(self) -> list:
        """(player, colour, place, points) for each place of the round, with its score card."""
        return [(name, colour, place, values[place])
                for colour, values in enumerate(self.f.score_cards[self.card])
                for place, name in enumerate(self._places(colour))]

    def _round_points(self) -> dict:
        """player -> (points, how they were made) from the collections as they are now."""
        points = {name: [0, []] for name in self.players}
        for name, colour, place, value in self._awards():
            points[name][0] += value
            points[name][1].append(f"{self.f.colours[colour]} {('1st', '2nd')[place]} {value}")
        return {name: (p, f"card {self.card}: " + (", ".join(how) or "nothing")) for name, (p, how) in points.items()}

    def _bonus(self, player: str) -> int:
        """Points for the starter cards left in hand (advanced game)."""
        return sum(n * self.f.starter_points[card] for card, n in self.hands[player].items()) if self.advanced else 0

    def totals(self) -> dict | None:
        """The final totals: the rounds' points and the starters' bonus; None once a round went unscored."""
        return {name: self.total[name] + self._bonus(name) for name in self.players} if self.scores_known else None

    def breakdown(self, player: str) -> str:
        rounds = " + ".join(str(points[player][0]) for points in self.history)
        bonus = f", starters left {self._bonus(player)}" if self.advanced else ""
        return f"rounds {rounds}{bonus}"

    def _next_starter(self):
        """Who starts the next round: the lowest total; among equals the youngest, when the log says who
        that is (`ages:`, or `starts:` when the youngest is among them); otherwise any of them."""
        if not self.scores_known:
            return tuple(self.players)
        low = min(self.total.values())
        lowest = tuple(name for name in self.players if self.total[name] == low)
        if len(lowest) == 1:
            return lowest[0]
        if self.ages:
            return next(name for name in self.ages if name in lowest)
        return self.youngest if self.youngest in lowest else lowest

    def _totals_of(self, names) -> list:
        return list(names) if self.round == 1 else [f"{name} ({self.total[name]})" for name in names]

    def complete(self) -> None:
        """`final` or `winner`: the round under way ends here, and the game must be complete."""
        self._close()
        if self.round < self.f.rounds:
            self.blow_end(f"the game ends after round {self.f.rounds}, not after round {self.round}")


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class BuriedTreasure(Rules):
    state = GameState
    players_code = "BT-PLAYERS"
    actions = (Round, Scorecard, Deal, Hand, Take, Extra, Steal, Play, Pass, Scores, Final, Winner)

    def read(self, game):
        data = RuleData(game, RULES_FILE, GAME_VARS, (DECK, STARTERS, SCORE_CARDS))
        facts, colours = data.values, tuple(data.vars["colours"])
        deck, starters, scores = (game.components[name].cards for name in (DECK, STARTERS, SCORE_CARDS))
        problems: list = []
        suit = _suits(deck, starters, colours, problems)
        score_cards = {card.id: _points(card, colours, problems) for card in scores}
        _check_facts(facts, data, deck, starters, score_cards, problems)
        if problems:
            raise DataError(problems)
        self.colours = colours            # colour ids in data order; a collection counts cards per colour index
        self.suit = suit                  # card id (game or starter card) -> colour index, None for a wild card
        self.special = {card.id: (card.fields["special"], card.fields["flags"]) for card in deck}  # or plain
        self.deck, self.starters = counts(deck), counts(starters)  # card id -> copies in the deck, the box
        self.score_cards = score_cards    # score card id -> ((1st, 2nd) points per colour index)
        self.rounds, self.columns = facts["rounds"], tuple(facts["columns"])  # cards per column of the layout
        self.hand_sizes = dict(facts["hand-sizes"])  # players -> starter cards each
        self.starter_points = {card.id: facts["bonus"]["coloured" if suit[card.id] is not None else "wild"]
                               for card in starters}  # points a starter left in hand is worth at the end
        self.starter_names = {**ids(self.starters),  # word -> starter card id: its id or a short name
                              **{word.lower(): card for word, card in facts["starter-names"].items()}}
        suits = data.vars["suits"]  # a colour is named by its id or its suit's names (red, cannon, cannons)
        self.colour_names = nicknames({colour: (suits[colour]["name"], suits[colour]["plural"])
                                       if colour in suits else () for colour in colours})

    def kinds(self):
        return {"round": number("the round's number", 1), "column": number("a column number", 1),
                "count": number("how many cards"), "score-card": names(ids(self.score_cards), "a score card", "CARD"),
                "card": names(ids(self.deck), "a game card", "CARD"),
                "starter": names(self.starter_names, "a starter card", "STARTER"),
                "colour": names(self.colour_names, "a colour", "COLOUR", LOG_SYNTAX)}

    def header(self, players):
        return {"starts": Player(players), "ages": (PlayerOrder(players), None), "advanced": (Bool(), False)}

    def simulated_header(self, rng, players):
        ages = list(players)
        rng.shuffle(ages)
        return {"starts": ages[0], "ages": " ".join(ages), "advanced": rng.choice(("no", "yes"))}


rules = BuriedTreasure  # the entry point: the checker calls rules(game) with the game's checked data
