"""Buried Treasure's rules for the playtest checker: its log verbs, its game state, its rule codes.

Every rule code blown here is numbered and explained in RULES.md beside this file. Card identities,
counts, suits, specials and score values come from the game's data (game.yaml and its card lists);
rule facts the printed kit does not hold come from rules.yaml.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.check.engine import TABLE, Rules, State, Verb
from pnp.check.setup import Player, PlayerOrder
from pnp.datafile import Bool, Int, ListOf, MapOf, Record, Text, checked, line_of, load_yaml
from pnp.errors import DataError, Where, shown

DECK, STARTERS, SCORE_CARDS = "game-cards", "starter-cards", "score-cards"

RULES_FILE = Record({
    "rounds": Int(1),
    "columns": ListOf(Int(1), min_items=1),
    "hand-sizes": MapOf(Int(0), key=Int(1)),
    "bonus": Record({"coloured": Int(), "wild": Int()}, "points per starter card left in hand"),
    "starter-names": (MapOf(Text()), dict),
}, "Buried Treasure's rule facts")


# --- facts: the data the rules read, checked once per game -----------------------------------------

@dataclass(frozen=True)
class Facts:
    colours: tuple          # colour ids in data order; a collection counts cards per colour index
    suit: dict              # card id (game or starter card) -> colour index, or None for a wild card
    special: dict           # game card id -> ("extra", 0), ("flags", n) or ("plain", 0)
    deck: dict              # game card id -> copies in the deck
    starters: dict          # starter card id -> copies in the box
    score_cards: dict       # score card id -> ((1st, 2nd) points per colour index)
    rounds: int
    columns: tuple          # cards per column of the layout
    hand_sizes: dict        # players -> starter cards each
    starter_points: dict    # starter card id -> points it is worth left in hand at the end
    deck_names: dict        # word -> game card id
    starter_names: dict     # word -> starter card id
    score_names: dict       # word -> score card id
    colour_names: dict      # word -> colour index (red, cannon, cannons ...)


def read_facts(game) -> Facts:
    """The game's card data and rules.yaml, cross-checked; every problem raised at once as a DataError."""
    path = game.folder / "rules.yaml"
    raw = load_yaml(path)
    facts = checked(RULES_FILE, raw, Where(shown(path), 1))
    colours = tuple(game.vars.get("colours") or ())
    missing = [name for name in (DECK, STARTERS, SCORE_CARDS) if name not in game.components]
    if missing or not colours:
        what = f"the components {', '.join(missing)}" if missing else "`vars.colours`, the colours in order"
        raise DataError([(Where(shown(game.folder / "game.yaml"), 1), f"the rules checker needs {what}")])
    deck, starters, scores = (game.components[name].cards for name in (DECK, STARTERS, SCORE_CARDS))
    problems: list = []
    suit = _suits(deck, starters, colours, problems)
    score_cards = {card.id: _points(card, colours, problems) for card in scores}
    _check_facts(facts, raw, shown(path), deck, starters, score_cards, problems)
    if problems:
        raise DataError(problems)
    return Facts(
        colours=colours, suit=suit,
        special={card.id: (card.fields["special"], card.fields["flags"]) for card in deck},
        deck={card.id: card.count for card in deck},
        starters={card.id: card.count for card in starters},
        score_cards=score_cards, rounds=facts["rounds"], columns=tuple(facts["columns"]),
        hand_sizes=dict(facts["hand-sizes"]),
        starter_points={card.id: facts["bonus"]["coloured" if suit[card.id] is not None else "wild"]
                        for card in starters},
        deck_names={card.id.lower(): card.id for card in deck},
        starter_names={**{card.id.lower(): card.id for card in starters},
                       **{word.lower(): target for word, target in facts["starter-names"].items()}},
        score_names={card.id.lower(): card.id for card in scores},
        colour_names=_colour_names(game, colours),
    )


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


def _check_facts(facts, raw, file, deck, starters, score_cards, problems) -> None:
    """The rule facts must fit the cards: enough cards for every deal and hand, names of real starters."""
    def at(key: str) -> Where:
        return Where(file, line_of(raw, key), key)

    starter_ids = {card.id for card in starters}
    for word, target in facts["starter-names"].items():
        if target not in starter_ids:
            problems.append((at("starter-names"), f"{word}: no starter card has the id {target!r}"))
    deck_total, starter_total = sum(c.count for c in deck), sum(c.count for c in starters)
    if deck_total < facts["rounds"] * sum(facts["columns"]):
        problems.append((at("columns"), f"{facts['rounds']} deals of {sum(facts['columns'])} cards "
                                        f"need more than the {deck_total} game cards"))
    for players, size in facts["hand-sizes"].items():
        if players * size > starter_total:
            problems.append((at("hand-sizes"), f"{players} hands of {size} need more than "
                                               f"the {starter_total} starter cards"))
    if len(score_cards) < facts["rounds"]:
        problems.append((at("rounds"), f"{facts['rounds']} rounds need as many score cards"))


def _colour_names(game, colours) -> dict:
    """A colour may be written as its id (blue) or as the last word of its suit's names (ship, ships, map)."""
    names = {}
    for i, colour in enumerate(colours):
        suit = (game.vars.get("suits") or {}).get(colour) or {}
        for word in (colour, suit.get("name"), suit.get("plural")):
            if isinstance(word, str) and word.split():
                names[word.split()[-1].lower()] = i
    return names


# --- actions: one per log verb; str() is the log line ----------------------------------------------

@dataclass(frozen=True)
class Round:
    number: int

    def __str__(self):
        return f"round {self.number}"


@dataclass(frozen=True)
class Reveal:
    card: str

    def __str__(self):
        return f"scorecard {self.card}"


@dataclass(frozen=True)
class Deal:
    column: int
    cards: tuple

    def __str__(self):
        return f"deal {self.column} {' '.join(self.cards)}"


@dataclass(frozen=True)
class Hand:
    player: str
    cards: tuple

    def __str__(self):
        return f"hand {self.player} {' '.join(self.cards)}"


def _to(target):
    return f" to {target}" if target else ""


@dataclass(frozen=True)
class Take:
    player: str
    column: int
    card: str
    to: str | None = None

    def __str__(self):
        return f"{self.player} take {self.column} {self.card}{_to(self.to)}"


@dataclass(frozen=True)
class Extra(Take):
    def __str__(self):
        return f"{self.player} extra {self.column} {self.card}{_to(self.to)}"


@dataclass(frozen=True)
class Steal:
    player: str
    victim: str
    count: int

    def __str__(self):
        return f"{self.player} steal {self.victim} {self.count}"


@dataclass(frozen=True)
class Play:
    player: str
    card: str
    colour: str | None = None
    to: str | None = None

    def __str__(self):
        return f"{self.player} play {self.card}{' ' + self.colour if self.colour else ''}{_to(self.to)}"


@dataclass(frozen=True)
class Pass:
    player: str

    def __str__(self):
        return f"{self.player} pass"


def _cards(count: int, what: str = "card") -> str:
    return f"{count} {what}{'s' if count != 1 else ''}"


def _claims(pairs) -> str:
    return " ".join(f"{name} {points}" for name, points in pairs)


@dataclass(frozen=True)
class Scores:
    claims: tuple  # (player, points) pairs

    def __str__(self):
        return f"scores {_claims(self.claims)}"


@dataclass(frozen=True)
class Final(Scores):
    def __str__(self):
        return f"final {_claims(self.claims)}"


@dataclass(frozen=True)
class Winner:
    players: tuple

    def __str__(self):
        return f"winner {' '.join(self.players)}"


# --- the rules: verbs, header, simulation set-up ----------------------------------------------------

class BuriedTreasure(Rules):
    def __init__(self, game):
        self.game = game
        self.facts = read_facts(game)
        self.verbs = {verb.name: verb for verb in (
            Verb("round", "round NUMBER", self._round, by_player=False),
            Verb("scorecard", "scorecard CARD", self._scorecard, by_player=False),
            Verb("deal", "deal COLUMN CARD CARD ...", self._deal, by_player=False),
            Verb("hand", "hand PLAYER STARTER STARTER ...", self._hand, by_player=False),
            Verb("take", "PLAYER take COLUMN CARD [to PLAYER]", self._take),
            Verb("extra", "PLAYER extra COLUMN CARD [to PLAYER]", self._extra),
            Verb("steal", "PLAYER steal PLAYER COUNT", self._steal),
            Verb("play", "PLAYER play STARTER [COLOUR] [to PLAYER]", self._play),
            Verb("pass", "PLAYER pass", self._pass),
            Verb("scores", "scores PLAYER POINTS PLAYER POINTS ...", self._scores, by_player=False),
            Verb("final", "final PLAYER POINTS PLAYER POINTS ...", self._final, by_player=False),
            Verb("winner", "winner PLAYER [PLAYER ...]", self._winner, by_player=False),
        )}

    def header(self, players):
        return {"starts": Player(players), "ages": (PlayerOrder(players), None), "advanced": (Bool(), False)}

    def start(self, setup, whistle):
        return GameState(self.facts, setup, whistle)

    def simulated_header(self, rng, players):
        ages = list(players)
        rng.shuffle(ages)
        return {"starts": ages[0], "ages": " ".join(ages), "advanced": rng.choice(("no", "yes"))}

    # parsers: words -> action
    def _round(self, words, actor):
        number = words.number("the round's number", 1)
        words.end()
        return Round(number)

    def _scorecard(self, words, actor):
        card = words.name(self.facts.score_names, "a score card")
        words.end()
        return Reveal(card)

    def _deal(self, words, actor):
        column = words.number("a column number", 1)
        cards = [words.name(self.facts.deck_names, "a game card")]
        while words.more():
            cards.append(words.name(self.facts.deck_names, "a game card"))
        return Deal(column, tuple(cards))

    def _hand(self, words, actor):
        player = words.player()
        cards = []
        while words.more():
            cards.append(words.name(self.facts.starter_names, "a starter card"))
        return Hand(player, tuple(cards))

    def _take(self, words, actor, kind=Take):
        column = words.number("a column number", 1)
        card = words.name(self.facts.deck_names, "a game card")
        to = words.player() if words.keyword("to") else None
        words.end()
        return kind(actor, column, card, to)

    def _extra(self, words, actor):
        return self._take(words, actor, Extra)

    def _steal(self, words, actor):
        victim = words.player()
        count = words.number("how many cards")
        words.end()
        return Steal(actor, victim, count)

    def _play(self, words, actor):
        card = words.name(self.facts.starter_names, "a starter card")
        colour = None
        if words.more() and words.words[words.at].lower() in self.facts.colour_names:
            colour = self.facts.colours[self.facts.colour_names[words.next("a colour").lower()]]
        to = words.player() if words.keyword("to") else None
        words.end()
        return Play(actor, card, colour, to)

    def _pass(self, words, actor):
        words.end()
        return Pass(actor)

    def _scores(self, words, actor, kind=Scores):
        return kind(tuple(words.claims().items()))

    def _final(self, words, actor):
        return self._scores(words, actor, Final)

    def _winner(self, words, actor):
        players = [words.player()]
        while words.more():
            players.append(words.player())
        return Winner(tuple(players))


def rules(game) -> BuriedTreasure:
    """The entry point the checker calls with the game's checked data."""
    return BuriedTreasure(game)


# --- the state of one game ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Got:
    """The card that last came into a collection, remembered to explain follow-ups (EXTRA, flags)."""

    player: str
    card: str
    line: int
    how: str  # own, given (to an opponent), extra (an EXTRA's second card) or played (a starter)
    followed: int = 0  # the line of its steal, once made


class GameState(State):
    """Buried Treasure in progress: the layout, the collections, the hands and the scores."""

    def __init__(self, facts: Facts, setup, whistle):
        self.f, self.w = facts, whistle
        self.players = setup.players
        self.seat = {name: i for i, name in enumerate(self.players)}
        self.advanced = setup.options["advanced"]
        self.youngest = setup.options["starts"]
        self.ages = setup.options["ages"]
        self.round = 0
        self.closed = True          # no round under way (before round 1, or once a round is scored)
        self.turns = 0              # turns played this round
        self.played = False         # any turn in the game yet
        self.layout = [[] for _ in facts.columns]
        self.layout_known = True    # false for a round whose deal was not written in full
        self.dealt_columns: dict = {}
        self.deck_left = dict(facts.deck)  # game cards not dealt yet; below 0 when a log deals too many
        self.card = None            # this round's score card
        self.card_rounds: dict = {}  # score card -> the round that used it
        self.scores_known = True    # false once a round could not be scored (no score card)
        self.counts = {name: [0] * len(facts.colours) for name in self.players}
        self.hands = {name: {} for name in self.players}  # starter card id -> how many
        self.hand_lines: dict = {}
        self.box_left = dict(facts.starters)  # starter cards not dealt yet
        self.totals = {name: 0 for name in self.players}
        self.history: list = []     # each round's points per player
        self.next = self.youngest   # a player, or a tuple of players any of whom may start
        self.passed: dict = {}      # player -> the line of their pass this round
        self.pending = None         # (player, "extra" or "flags", colour index, flags) still open
        self.got: Got | None = None
        self.final_line = self.winner_line = 0
        self.end_reported = False
        self._check_setup(setup)

    # -- what the drivers ask -------------------------------------------------------------------

    def to_move(self):
        if self.round == 0 or self.closed:
            return TABLE
        if self.card is None or len(self.dealt_columns) < len(self.f.columns):
            return TABLE
        if self.pending:
            return self.pending[0]
        if self._ended():
            return TABLE
        return self.next if isinstance(self.next, str) else self.next[0]

    def is_over(self) -> bool:
        return bool(self.final_line and self.winner_line)

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
            box = [card for card, left in self.box_left.items() for _ in range(left)]
            return Hand(player, tuple(rng.sample(box, self.f.hand_sizes[len(self.players)])))
        if self.closed:
            if self.round < self.f.rounds:
                return Round(self.round + 1)
            if not self.final_line:
                return Final(tuple(self._final_totals().items()))
            return Winner(self._winners())
        if self.card is None:
            return Reveal(rng.choice([card for card in self.f.score_cards if card not in self.card_rounds]))
        for column, size in enumerate(self.f.columns, start=1):
            if column not in self.dealt_columns:
                deck = [card for card, left in self.deck_left.items() for _ in range(left)]
                return Deal(column, tuple(rng.sample(deck, size)))
        return Scores(tuple((name, points) for name, (points, _) in self._round_points().items()))

    def clone(self) -> "GameState":
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.layout = [list(pile) for pile in self.layout]
        other.counts = {name: list(counts) for name, counts in self.counts.items()}
        other.hands = {name: hand.copy() for name, hand in self.hands.items()}
        for name in ("totals", "passed", "dealt_columns", "deck_left", "card_rounds", "hand_lines", "box_left",
                     "history"):
            setattr(other, name, getattr(self, name).copy())
        return other

    def value(self, player) -> float:
        standing = {name: self.totals[name] + self._bonus(name) for name in self.players}
        if self.card and not self.closed:
            for name, _, _, points in self._awards():
                standing[name] += points
        return standing[player] - max(v for name, v in standing.items() if name != player)

    def summary(self) -> str:
        rules = "advanced rules" if self.advanced else "basic rules"
        totals = ", ".join(f"{name} {points}" for name, points in self._final_totals().items())
        return (f"a legal game of {len(self.players)} players, {rules}, {self.round} rounds; "
                f"scores right: {totals}; winner {' and '.join(self._winners())}")

    # -- applying an event ------------------------------------------------------------------------

    def apply(self, action) -> None:
        if action is None:  # a follow-up declined by a bot
            self.pending = None
            return
        kind = type(action)
        if kind is not Extra and kind is not Steal:
            self.pending = None  # any other event closes the turn: an unused follow-up was declined
        getattr(self, "_" + kind.__name__.lower())(action)

    def _round(self, event: Round):
        if self._game_is_over():
            return
        if not self.closed:
            self._close()
        expected = self.round + 1
        if expected > self.f.rounds:
            self._blow_end(f"a game has {self.f.rounds} rounds; there is no round {event.number}")
            return
        if event.number != expected:
            self.w.blow("BT-ROUND-ORDER", f"expected round {expected} next, not round {event.number}")
        self._begin(expected)

    def _reveal(self, event: Reveal):
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

    def _deal(self, event: Deal):
        if not self._round_for("the deal"):
            return
        columns = len(self.f.columns)
        if event.column > columns:
            self.w.blow("BT-DEAL-SHAPE", f"the layout has {columns} columns; there is no column {event.column}")
            return
        if event.column in self.dealt_columns:
            self.w.blow("BT-DEAL-SHAPE", f"column {event.column} was dealt already "
                                         f"(line {self.dealt_columns[event.column]})")
            return
        if self.turns:
            return  # the first turn reported this column missing, and the round's layout is not checked
        size = self.f.columns[event.column - 1]
        if len(event.cards) != size:
            self.w.blow("BT-DEAL-SHAPE", f"column {event.column} takes {_cards(size)}, not {len(event.cards)}")
        self._draw(event.cards, self.deck_left, self.f.deck, "BT-DEAL-COUNT", "the deck")
        self.dealt_columns[event.column] = self.w.line
        self.layout[event.column - 1] = list(event.cards)

    def _hand(self, event: Hand):
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
        self._draw(event.cards, self.box_left, self.f.starters, "BT-HAND-COUNT", "the box")
        self.hand_lines[event.player] = self.w.line
        hand = self.hands[event.player]
        for card in event.cards:
            hand[card] = hand.get(card, 0) + 1

    def _take(self, event: Take):
        if not self._turn(event.player):
            return
        target = self._target(event.player, event.to)
        card = self._from_layout(event.column, event.card)
        self._collect(event.player, target, card, "own" if target == event.player else "given")
        if target == event.player:
            special, flags = self.f.special[card]
            if special == "extra":
                self.pending = (event.player, "extra", self.f.suit[card], 0)
            elif special == "flags":
                self.pending = (event.player, "flags", self.f.suit[card], flags)
        self._pass_turn(event.player)

    def _extra(self, event: Extra):
        pending = self.pending
        self.pending = None
        if self._game_is_over():
            return
        if not (pending and pending[0] == event.player and pending[1] == "extra"):
            self.w.blow("BT-EXTRA", self._no_followup(event.player, "an EXTRA card"))
            if self.closed:
                return  # no layout to take it from
        elif self.f.suit[event.card] != pending[2]:
            colour = self.f.colours[pending[2]]
            self.w.blow("BT-EXTRA-COLOUR", f"an EXTRA card brings one more {colour} card; "
                                           f"{event.card} is {self.f.colours[self.f.suit[event.card]]}")
        target = self._target(event.player, event.to)
        card = self._from_layout(event.column, event.card)
        self._collect(event.player, target, card, "extra")

    def _steal(self, event: Steal):
        pending = self.pending
        self.pending = None
        if self._game_is_over():
            return
        if not (pending and pending[0] == event.player and pending[1] == "flags"):
            # Without a flag card there is no colour and no limit to replay the steal with.
            self.w.blow("BT-STEAL", self._no_followup(event.player, "a flag card"))
            return
        self.got = replace(self.got, followed=self.w.line)
        if event.victim == event.player:
            self.w.blow("BT-STEAL", f"{event.player} steals from an opponent, not from {event.player}'s own collection")
            return
        _, _, colour, flags = pending
        held = self.counts[event.victim][colour]
        if event.count > flags:
            self.w.blow("BT-STEAL-COUNT", f"{_cards(flags, 'flag')} allow{'s' if flags == 1 else ''} at most "
                                          f"{_cards(flags)}, not {event.count}")
        elif event.count > held:
            self.w.blow("BT-STEAL-COUNT", f"{event.victim} has {_cards(held, self.f.colours[colour] + ' card')}, "
                                          f"so {event.count} cannot be stolen")
        moved = min(event.count, flags, held)
        self.counts[event.victim][colour] -= moved
        self.counts[event.player][colour] += moved

    def _play(self, event: Play):
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
                                       f"{event.colour} cards")
            colour = chosen
        elif chosen is not None and chosen != colour:
            self.w.blow("BT-WILD", f"only a wild flag chooses its colour; {event.card} is {self.f.colours[colour]}")
        if colour is not None:
            self.counts[target][colour] += 1
        self.got = Got(event.player, event.card, self.w.line, "played")
        self._pass_turn(event.player)

    def _pass(self, event: Pass):
        if not self._turn(event.player):
            return
        if not self.advanced:
            self.w.blow("BT-ADVANCED", "passing belongs to the advanced game; in the basic game every turn takes a card")
        elif self.layout_known and any(self.layout):
            left = sum(map(len, self.layout))
            self.w.blow("BT-PASS", f"passing starts once the layout is empty; it still holds {_cards(left)}")
        else:
            self.passed[event.player] = self.w.line
        self._pass_turn(event.player)

    def _scores(self, event: Scores):
        if self._game_is_over():
            return
        if self.round == 0:
            self.w.blow("BT-ROUND-ORDER", "no round has been played yet")
            return
        self._close()
        if self.scores_known:
            points = self.history[-1]
            self._compare(event.claims, {name: p for name, (p, _) in points.items()},
                          "BT-ROUND-SCORE", lambda name: f"in round {self.round}: {points[name][1]}")

    def _final(self, event: Final):
        if self.final_line:
            self.w.blow("BT-GAME-END", f"the final scores were written already (line {self.final_line})")
            return
        self._end_game()
        self.final_line = self.w.line
        if self.scores_known:
            totals = self._final_totals()
            self._compare(event.claims, totals, "BT-FINAL-SCORE", self._breakdown)

    def _winner(self, event: Winner):
        if self.winner_line:
            self.w.blow("BT-GAME-END", f"the winner was written already (line {self.winner_line})")
            return
        self._end_game()
        self.winner_line = self.w.line
        if self.scores_known:
            winners = self._winners()
            if sorted(event.players) != sorted(winners):
                top = self._final_totals()[winners[0]]
                who = " and ".join(winners)
                self.w.blow("BT-WINNER", f"{who} {'share the win' if len(winners) > 1 else 'wins'} with {top} points, "
                                         f"not {' and '.join(event.players)}")

    def finish(self) -> None:
        if self.is_over():
            return
        if self.round < self.f.rounds or not (self.closed or self._ended()):
            where = f"round {self.round}" if self.round else "before round 1"
            self._blow_end(f"the log stops in {where}, before the game is over")
            return
        if not self.final_line:
            self.w.blow("BT-FINAL-SCORE", "the final scores are missing (write `final PLAYER POINTS ...`)")
        if not self.winner_line:
            self.w.blow("BT-WINNER", "the winner is missing (write `winner PLAYER`)")

    # -- the steps the events share -----------------------------------------------------------------

    def _check_setup(self, setup) -> None:
        if self.ages and self.ages[0] != self.youngest:
            self.w.blow("BT-START", f"the youngest starts round 1: {self.ages[0]}, not {self.youngest}",
                        setup.line("starts"))

    def _begin(self, number: int) -> None:
        self.round, self.closed, self.turns = number, False, 0
        self.layout = [[] for _ in self.f.columns]
        self.layout_known, self.dealt_columns, self.card = True, {}, None
        self.passed, self.pending, self.got = {}, None, None

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
            why = (f"{_cards(left)} still in the layout" if left or not self.advanced
                   else f"{', '.join(waiting)} still to pass")
            self.w.blow("BT-ROUND-END", f"round {self.round} ends with {why}")
        if self.card is None:
            self.scores_known = False
        if self.scores_known:
            points = self._round_points()
            self.history.append(points)
            for name, (p, _) in points.items():
                self.totals[name] += p
        self.closed, self.pending = True, None
        self.next = self._next_starter()

    def _round_for(self, what: str) -> bool:
        """A round under way for a table event; when none is, say so and begin the next one."""
        if self._game_is_over():
            return False
        if self.round and not self.closed and not self._ended():
            return True
        if self.round >= self.f.rounds:
            self._blow_end(f"the game is over after round {self.f.rounds}")
            return False
        self.w.blow("BT-ROUND-ORDER", f"no round is under way: write `round {self.round + 1}` before {what}")
        self._close()
        self._begin(self.round + 1)
        return True

    def _turn(self, player: str) -> bool:
        """The checks every turn starts with, in a fixed order; false when the turn cannot be played."""
        if self._game_is_over():
            return False
        if self.round == 0 or self.closed:
            if self.round >= self.f.rounds:
                self._blow_end(f"the game is over after round {self.f.rounds}")
                return False
            self.w.blow("BT-ROUND-ORDER", f"no round is under way: write `round {self.round + 1}` and its deal first")
            self._close()
            self._begin(self.round + 1)
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
                                        f"{' or '.join(self._totals_of(self.next))}, not {player}")
        elif player != self.next:
            if self.turns:
                self.w.blow("BT-TURN", f"it is {self.next}'s turn, not {player}'s")
            else:
                reason = "the youngest" if self.round == 1 else "the lowest total"
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
        seat = self.seat[player]
        count = len(self.players)
        for step in range(1, count + 1):
            name = self.players[(seat + step) % count]
            if name not in self.passed:
                self.next = name
                return
        self.next = player

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

        A slip is then read the likelier way, so that one slip is reported once: the named card on top of
        another column was taken from there (a wrong column number); otherwise the column's top card was
        taken under a wrong name; with nothing to take, the player gets the card the log names."""
        if not self.layout_known:
            return card
        piles = self.layout
        pile = piles[column - 1] if column <= len(piles) else None
        if pile and pile[-1] == card:
            return pile.pop()
        elsewhere = [i for i, other in enumerate(piles) if other and other[-1] == card]
        hint = f" ({card} is on top of column {elsewhere[0] + 1})" if elsewhere else ""
        if pile is None:
            self.w.blow("BT-TAKE-COLUMN", f"the layout has columns 1–{len(piles)}, not {column}{hint}")
        elif not pile:
            self.w.blow("BT-TAKE-COLUMN", f"column {column} is empty{hint}")
        else:
            under = f", {card} lies under {_cards(pile[::-1].index(card))} there" if card in pile else ""
            self.w.blow("BT-TAKE-CARD", f"column {column} shows {pile[-1]} on top, not {card}{under}{hint}")
        if elsewhere:
            return piles[elsewhere[0]].pop()
        return pile.pop() if pile else card

    def _draw(self, cards: tuple, left: dict, full: dict, rule: str, source: str) -> None:
        """Deal cards out of a supply, blowing `rule` for a card dealt more often than the data has it."""
        for card in cards:
            left[card] -= 1
        for card in dict.fromkeys(cards):
            if left[card] < 0:
                self.w.blow(rule, f"{card} is dealt {full[card] - left[card]} times in this game; "
                                  f"{source} holds {full[card]}")

    def _collect(self, player: str, target: str, card: str, how: str) -> None:
        self.counts[target][self.f.suit[card]] += 1
        self.got = Got(player, card, self.w.line, how)

    def _no_followup(self, player: str, what: str) -> str:
        """Why `player` has no follow-up to make now, for BT-EXTRA and BT-STEAL."""
        got = self.got
        if got is None or got.player != player:
            last = f" (the last card taken was {got.player}'s, line {got.line})" if got else ""
            return f"{player} has not just taken {what}{last}"
        if got.how == "given":
            return (f"{got.card} went into an opponent's collection (line {got.line}); a special acts only "
                    "in the taker's own collection")
        if got.how == "played":
            return f"{player} played a starter card (line {got.line}); starter cards have no specials"
        if got.how == "extra":
            return f"{got.card} came as an EXTRA card's second card (line {got.line}); its own special does nothing"
        if got.followed:
            return f"{got.card} (line {got.line}) was followed up already, at line {got.followed}"
        return f"{got.card} (line {got.line}) is not {what}"

    def _compare(self, claims: tuple, actual: dict, rule: str, explain) -> None:
        claimed = dict(claims)
        for name in self.players:
            if name not in claimed:
                self.w.blow(rule, f"no points are written for {name} (expected {actual[name]})")
            elif claimed[name] != actual[name]:
                self.w.blow(rule, f"{name} has {actual[name]} points, not {claimed[name]} ({explain(name)})")

    def _places(self, colour: int) -> list:
        """Who is 1st and 2nd in a colour: the most cards wins, a count that players share places nobody,
        and a player with no card of the colour never places."""
        alone: dict = {}  # count -> the one player with it, or None once two share it
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
        if not self.advanced:
            return 0
        return sum(count * self.f.starter_points[card] for card, count in self.hands[player].items())

    def _final_totals(self) -> dict:
        return {name: self.totals[name] + self._bonus(name) for name in self.players}

    def _breakdown(self, player: str) -> str:
        rounds = " + ".join(str(points[player][0]) for points in self.history)
        bonus = f", starters left {self._bonus(player)}" if self.advanced else ""
        return f"rounds {rounds}{bonus}"

    def _winners(self) -> tuple:
        totals = self._final_totals()
        best = max(totals.values())
        return tuple(name for name in self.players if totals[name] == best)

    def _next_starter(self):
        """Who starts the next round: the lowest total; among equals the youngest, when the log says who
        that is (`ages:`, or `starts:` when the youngest is among them); otherwise any of them."""
        if not self.scores_known:
            return tuple(self.players)
        low = min(self.totals.values())
        lowest = tuple(name for name in self.players if self.totals[name] == low)
        if len(lowest) == 1:
            return lowest[0]
        if self.ages:
            return next(name for name in self.ages if name in lowest)
        return self.youngest if self.youngest in lowest else lowest

    def _totals_of(self, names) -> list:
        if self.round == 1:
            return list(names)
        return [f"{name} ({self.totals[name]})" for name in names]

    def _end_game(self) -> None:
        """`final` or `winner`: the round under way ends here, and the game must be complete."""
        if not self.closed:
            self._close()
        if self.round < self.f.rounds:
            self._blow_end(f"the game ends after round {self.f.rounds}, not after round {self.round}")

    def _game_is_over(self) -> bool:
        if self.is_over():
            self._blow_end(f"the game is over (final scores at line {self.final_line})")
            return True
        return False

    def _blow_end(self, message: str) -> None:
        """BT-GAME-END, once per log: one early end explains every line after it."""
        if not self.end_reported:
            self.end_reported = True
            self.w.blow("BT-GAME-END", message)
