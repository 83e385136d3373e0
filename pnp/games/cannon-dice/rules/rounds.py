"""Rules 1 and 3 of RULES.md: the sheet both players share, and a round: its action card flipped, its dice
rolled, and the dice and card picked in turn (the active player first), until the round ends."""
from __future__ import annotations

from functools import lru_cache

from pnp import chance
from pnp.check.engine import TABLE
from pnp.check.pieces import Deck, Seats
from pnp.check.words import counted

from .verbs import UNKNOWN, WHEN


def sheet_grid(facts, sheet: int) -> list:
    """What each space of sheet number `sheet` holds, by index (row * columns + column from player 1's
    left): the grid's contents shuffled by the sheet's number, exactly as the printed sheet lays them out."""
    return chance.shuffled(chance.expand(facts.contents), sheet)


@lru_cache(maxsize=4096)
def _grid(facts, sheet: int) -> tuple:
    """`sheet_grid`, kept for the sheets met most: a kit's sheets come back log after log."""
    return tuple(sheet_grid(facts, sheet))


@lru_cache(maxsize=256)
def _opposite(players: tuple):
    """Each player's opponent (`Seats.opposite`, never changed), kept for the tables met most."""
    return Seats(players).opposite


class Rounds:
    """The set-up, the rounds and their picks."""

    def begin(self, setup):
        facts = self.f  # two players: the header admits only as many as game.yaml allows
        self.first, self.other = self.players[0], _opposite(self.players)
        self.sheet = setup.options["sheet"]
        self.grid = _grid(facts, self.sheet)
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
        self.score_doubted = False                   # the scores line itself was a problem: the count stays a reading
        self.claimed: dict = {}                      # the scores written: player -> points
        self.written: dict = {}                      # the scores written, when they stand
        self.doubtful: set = set()                   # (player, map): held, but maybe drawn under another name
        self.rolloff = None

    def to_move(self):
        if self.todo:
            return self.follower()
        if self.phase == "picks":
            return (self.window or self.order)[0]
        if self.phase == "final":
            return next((p for p in self.players if p not in self.guesses), TABLE)
        return TABLE

    def apply(self, action) -> None:
        if action is not None and not self.winner_line:
            self.handle(action)  # not over: is_over() asks for a winner written, and the game has no decided()
        else:
            self.dispatch(action)  # no other part of the state overrides apply
        if action is not None and not self.todo and self.phase == "picks" and not self.order:
            self._advance()  # asked first what its loop asks: most lines leave picks to make or follow-ups due

    def on_flip(self, event):
        due = self.settle("flip") if self.todo else None  # most flips: nothing is due
        card = event.card  # a property: read once
        if due:  # the Reload's card: with the rerolled dice, one pick for the Reload's player
            self._deal(card)
            self.card, self.order, self.window, self.dice_only = card, [due.player], [], None
            return
        if self._next_round():
            self._deal(card)
            self._begin_round(card)

    def on_roll(self, event):
        due = self.settle("roll") if self.todo else None
        if due is None and self.phase == "picks" and self.order:
            acted, due = self._early("roll")  # a card of the round that acts after its picks rolls early?
            if acted and due is None:
                return
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

    def on_take(self, event):
        if self.todo:
            self.settle()
        player, card = event.player, event.card  # an action's fields are properties: each is read once
        if not self._pick(player):
            return
        if self.card is None:
            self.w.blow("CD-PICK", f"round {self.round}'s card is taken already; only dice are left")
            return
        if self.card not in (UNKNOWN, card):
            self.w.blow("CD-PICK", f"the card on offer is {self.card}, not {card}")
            self._flipped_instead(self.card, card)
        if self.dice_only == player:
            self.w.blow(self.f.effect_code["take-dice"], f"{player} took both dice with the card played at "
                                                        f"line {self.order_changed}: the card is "
                                                        f"{self.other[player]}'s pick")
        self.card = None
        self._got(player, card)

    def _advance(self) -> None:
        """Once a round's picks and their follow-ups are done, its after-round cards act one by one, in the
        order they were taken; then the round ends."""
        while not self.todo and self.phase == "picks" and not self.order:
            if self.after:
                card, player, line = self.after.pop(0)
                self._act(card, player, line)
            else:
                self._end_round()

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
        active, kept = self.active, self.kept
        other = self.other[active]
        planked = self.plank.pop(active, 0)
        count = len(dice) if dice is not None else 1 if planked else 2
        self.dice, self.phase = dice, "picks"
        self.order = [active, other, active, other][:count + (self.card is not None)]
        self.window = [p for p in (other, active) if kept[p] and next(self._playable(p), None)]

    def _playable(self, player):
        """(card, effect) for each kept card `player` may play now: a reroll while dice are on offer, and, before
        the round's first pick (once a round), Pick First by the player who is not active, Take Dice while two
        dice are on offer; a card played with a map (reroll, take dice) only by a player who holds one."""
        for card, count in self.kept[player].items():
            effect = self.f.effect[card] if count else None
            if effect == "reroll" and self.dice:
                if self.maps[player]:
                    yield card, effect
            elif self.picks or self.order_changed:
                continue  # the order of picks changes only before the round's first pick, once
            elif effect == "pick-first" and player != self.active:
                yield card, effect
            elif effect == "take-dice" and self.dice is not None and len(self.dice) == 2 and self.maps[player]:
                yield card, effect

    def _pick(self, player: str) -> bool:
        """The checks every pick starts with, in a fixed order; false when no pick can be made."""
        if self.phase != "picks" and not self._offer_open(player):
            return False
        order = self.order
        if not order:
            self.w.blow("CD-PICK", f"every pick of round {self.round} is made; nothing is left on offer")
            return False
        if self.window:  # a pick closes the chance to play a kept card first (most picks: no list to replace)
            self.window = []
        if order[0] == player:
            order.pop(0)
        elif player in order:
            self.w.blow("CD-PICK-ORDER", f"it is {order[0]}'s pick, not {player}'s")
            order.remove(player)
        else:
            self.w.blow("CD-PICK-ORDER", f"{player} has no pick left in round {self.round}; "
                                         f"the last one is {order[0]}'s")
            order.pop(0)
        self.picks += 1
        return True

    def _offer_open(self, player: str, does: str = "picks") -> bool:
        """A pick (or what the player `does`) out of the picks: reported, and the round's offer opened as it needs
        it (the round begun, its dice unknown); false once the game is over."""
        if self.phase == "final":
            self.blow_end(f"the game is over: {self.ended}")
            return False
        if self.phase == "begin":
            self.w.blow("CD-ROUND", f"no round is under way: round {self.round + 1} begins with "
                                    "`flip CARD` and `roll FACE FACE`")
            self._begin_round(UNKNOWN)
        if self.card is not UNKNOWN:  # the roll is due now; a round begun here has its flip left out already
            self.w.blow("CD-ROUND", f"{player} {does} before round {self.round}'s dice are rolled")
        self._open_offer(None)
        return True

    def _take_die(self, face):
        """The face of the die a pick takes off the offer: the one written. When no die on offer shows it, the
        pick is reported and the face written fired all the same, the die on offer nearest to it taken off the
        offer (a slip of the roll; the explosion only for the explosion)."""
        dice = self.dice
        if dice is None or face in dice:
            if dice:
                dice.remove(face)
            return face
        if dice:
            self.w.blow("CD-PICK", f"the dice on offer show {' and '.join(map(str, dice))}, not {face}")
            shown = self._as_shown(face, dice)
            dice.remove(shown if shown in dice else dice[0])
            return face
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
                                           f"it acts {WHEN[self.f.timing[card]]}")
        self.after = []
        self._end_round()

    def _end_round(self) -> None:
        if self.table_cards:  # most rounds: their card was taken, nothing is left on the table
            for card in self.table_cards:
                self.deck.discard(card)
            self.table_cards = []
        self.card, self.dice, self.order, self.window = None, [], [], []
        self.next_active = self.other[self.active]
        self.phase = "begin"
        self._check_end()
