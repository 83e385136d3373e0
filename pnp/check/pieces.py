"""The pieces games are made of, for a game's state: supplies, decks, seats, dice, choices of cards and
follow-ups.

A piece that changes during a game is a `Piece`, copied when the state is cloned; what never changes
(a seat order, the dice's faces) is shared. Pieces know nothing of logs or rule codes: they say what
happened (a card could not have been on top, a supply ran short) and the game reports it in its words.
"""
from __future__ import annotations

from types import MappingProxyType

from pnp.chance import expand
from pnp.check.engine import TABLE, Piece
from pnp.check.verbs import names
from pnp.check.violations import LOG_SYNTAX


class Supply(Piece):
    """Things of several kinds with a count each (a deck dealt face up, a box of tokens). Taking more
    than there is is allowed, so that a log that does so can be followed; `take` says which ran short."""

    def __init__(self, counts: dict):
        self.full = MappingProxyType(dict(counts))
        self.left = dict(counts)

    def copy(self) -> "Supply":
        """A copy for a state's clone (made often by bots, so made directly): what is full is shared."""
        if type(self) is not Supply:
            return super().copy()
        other = object.__new__(Supply)
        other.full, other.left = self.full, self.left.copy()
        return other

    def take(self, items) -> list:
        """Take each of `items` once; the kinds now taken more often than the supply holds, each once."""
        left, lowest = self.left, 0
        for item in items:
            count = left[item] = left[item] - 1
            if count < lowest:
                lowest = count
        if lowest >= 0:  # no count went below zero: nothing ran short (what the list below would find)
            return []
        return [item for item in dict.fromkeys(items) if left[item] < 0]

    def taken(self, item) -> int:
        """How many of `item` have been taken in all."""
        return self.full[item] - self.left[item]

    def pool(self) -> list:
        """Every thing left, one item each: what a random draw chooses from."""
        return expand(self.left)


class Deck(Piece):
    """A face-down deck. What it may hold is known (`counts`), the order of its cards is not, except for
    cards put back under it (`known`, top first), which come up once every unknown card above them is
    drawn. Cards done with go to the discards; an empty deck is made again from them (a reshuffle)."""

    def __init__(self, counts: dict, size: int | None = None):
        self.counts = dict(counts)          # what the unknown cards may still be
        self.unknown = sum(self.counts.values()) if size is None else size
        self.known: list = []
        self.discards = dict.fromkeys(counts, 0)
        self.seen: dict = {}                # card -> the line it was first drawn
        self.under: dict = {}               # card -> the line it was last put under the deck
        self.reshuffled = 0                 # the line of the last reshuffle

    def copy(self) -> "Deck":
        """A copy for a state's clone (made often by bots, so made directly)."""
        if type(self) is not Deck:
            return super().copy()
        other = object.__new__(Deck)
        other.counts, other.unknown, other.known = self.counts.copy(), self.unknown, self.known.copy()
        other.discards, other.seen, other.under = self.discards.copy(), self.seen.copy(), self.under.copy()
        other.reshuffled = self.reshuffled
        return other

    def __len__(self) -> int:
        return self.unknown + len(self.known)

    def top(self):
        """The top card when it is known, else None."""
        return None if self.unknown or not self.known else self.known[0]

    def fits(self, card) -> bool:
        """Whether `card` can be the top card now."""
        if self.unknown:
            return self.counts.get(card, 0) > 0
        return bool(self.known) and self.known[0] == card

    def draw(self, card, line: int) -> bool:
        """Turn up `card` from the top, an empty deck first reshuffled from its discards. False, and the
        deck left as it is, when the card cannot be on top."""
        if not self.unknown and not self.known:  # `not len(self)`, without the call
            self.counts, self.discards = self.discards, dict.fromkeys(self.discards, 0)
            self.unknown, self.reshuffled = sum(self.counts.values()), line
        if self.unknown:  # `fits`, spelled out for the two kinds of top
            if self.counts.get(card, 0) <= 0:
                return False
            self.unknown -= 1
            self.counts[card] -= 1
        else:
            if not self.known or self.known[0] != card:
                return False
            self.known.pop(0)
        self.seen.setdefault(card, line)
        return True

    def draw_anyway(self, card, line: int) -> None:
        """After a slip reported: `card` comes from where it is known to be, else the top card goes."""
        if card in self.known:
            self.known.remove(card)
        elif self.unknown:
            self.unknown -= 1
        elif self.known:
            self.known.pop(0)
        self.seen.setdefault(card, line)

    def forget_order(self) -> None:
        """After a slip, the order of the cards put under the deck is no longer trusted: they join the unknown
        cards, so that one wrong card is reported once rather than at every card that comes up after it."""
        for card in self.known:
            self.counts[card] = self.counts.get(card, 0) + 1
        self.unknown += len(self.known)
        self.known = []

    def slip(self, card, line: int) -> None:
        """After a slip reported, `card` drawn all the same: the order of the cards put under the deck is
        trusted no more (`forget_order`), and the card comes from the unknown ones, else from where it is."""
        self.forget_order()
        if not self.draw(card, line):
            self.draw_anyway(card, line)

    def put_under(self, card, line: int) -> None:
        self.known.append(card)
        self.under[card] = line

    def discard(self, card) -> None:
        self.discards[card] += 1

    def pool(self) -> list:
        """What the top card may be, one item per card: what a random draw chooses from."""
        if self.unknown:
            return expand(self.counts)
        return self.known[:1] if self.known else expand(self.discards)


class Seats:
    """The seats round the table in clockwise order: the players, and any dummy seats (played by the
    rules, not by a player) among them. It never changes, so clones share it."""

    def __init__(self, players: tuple, dummies: tuple = ()):
        self.order = tuple(players) + tuple(dummies)
        self.dummies = frozenset(dummies)
        self.round_from = MappingProxyType({name: self.order[i + 1:] + self.order[:i + 1]  # clockwise, to itself
                                            for i, name in enumerate(self.order)})
        self.next_seat = MappingProxyType({name: seats[0] for name, seats in self.round_from.items()})
        self.others_of = MappingProxyType({name: seats[:-1] for name, seats in self.round_from.items()})
        pair = self.order if len(self.order) == 2 else ()
        self.opposite = MappingProxyType(dict(zip(pair, pair[::-1])))  # at a table of two: the other seat

    def after(self, name: str, skip=()) -> str | None:
        """The next seat clockwise after `name` (round to `name` itself) not in `skip`; None if all are."""
        if not skip:  # the first seat of the round, as the loop below would find
            return self.next_seat[name]
        for seat in self.round_from[name]:
            if seat not in skip:
                return seat
        return None

    def others(self, name: str) -> list:
        """Every other seat, clockwise from `name`."""
        return list(self.others_of[name])

    def is_dummy(self, name: str) -> bool:
        return name in self.dummies


class Dice:
    """The faces of a `die` component: what a roll can show, how a log names them, and a roll."""

    def __init__(self, component):
        self.faces = tuple(component.options.get("faces") or ())
        self.names = MappingProxyType({str(face).lower(): face for face in self.faces})
        self.where = component.where

    def check(self, problems: list, numbers: range, named: tuple = ()) -> None:
        """The faces the rules expect: every one a whole number in `numbers` or one of the `named` faces
        (an explosion, a pirate), and each named face there."""
        problems += [(self.where, f"the dice have no {name!r} face") for name in named if name not in self.faces]
        if any(face not in named and (type(face) is not int or face not in numbers) for face in self.faces):
            but = f" but {' and '.join(map(str, named))}" if named else ""
            problems.append((self.where, f"every face{but} is a whole number from {numbers[0]} to {numbers[-1]}"))

    def kind(self):
        """How a log line names a face (`3`, `explosion`)."""
        shown = ", ".join(map(str, self.faces))
        return names(dict(self.names), f"a die face ({shown})", "FACE", LOG_SYNTAX)

    def roll(self, rng, count: int = 1) -> tuple:
        return tuple(rng.choice(self.faces) for _ in range(count))


# --- choices of cards: what a hand, a hold or a box can give -----------------------------------------

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


# --- follow-ups: what an earlier line asks the next lines for ---------------------------------------

class Due:
    """A follow-up a line asks for, which must come before anything else: a card to draw, balls to cross
    off, a roll ... `code` is the rule a missing or wrong follow-up breaks, `cause` says what asked for
    it. A due that leads to another (`then`: a roll whose die is then fired) stands for it when the log
    leaves it out and writes what follows."""

    __slots__ = ("kind", "player", "code", "line", "cause", "data", "optional", "then")

    def __init__(self, kind, player, code, line, cause, data=None, optional=False, then=None):
        self.kind = kind  # one assignment a line: no tuple built and unpacked for each follow-up
        self.player = player
        self.code = code
        self.line = line
        self.cause = cause
        self.data = data
        self.optional = optional
        self.then = then


class FollowUps:
    """A state's follow-ups, next first (`self.todo`, a list of Due). The game gives `missing_texts`
    (kind -> what is missing and the line to write, formatted with `due_words`), `unasked` (kind -> what
    a line does and what alone asks for it), `follow_up_code`, for a line nothing asks for, and the kinds
    the table writes (`table_kinds`: a card drawn, a roll).

    A line answers the next follow-up of its kind (`answer`); those before it were left out by the log. In
    a game whose cards ask several players at once (`in_any_order`), it answers the first of its kind its
    writer owes, else the first anyone owes, wherever it stands; a follow-up may be answered by lines of
    other kinds too (`answered_by`: kind -> those kinds)."""

    todo: list
    missing_texts: dict = {}
    unasked: dict = {}
    follow_up_code = ""
    table_kinds: frozenset = frozenset()
    in_any_order = False
    answered_by: dict = {}

    def follower(self):
        """Who writes the next follow-up: a player, TABLE, or None when none is due."""
        if not self.todo:
            return None
        due = self.todo[0]
        return TABLE if due.kind in self.table_kinds else due.player

    def ask(self, due: Due) -> None:
        """A follow-up before any other."""
        self.todo.insert(0, due)

    def settle(self, kind: str | None = None) -> Due | None:
        """The follow-up of this `kind` when it is next, taken off the list. Every follow-up before it was
        skipped by the log: each is `skipped` and dropped. None when no follow-up of the kind is next;
        then none is left at all."""
        todo = self.todo
        while todo:
            due = todo.pop(0)
            if due.kind == kind:
                return due
            self.skipped(due)
            if due.then is not None and due.then == kind:  # what it leads to is here, what it decides unknown
                return Due(kind, due.player, due.code, due.line, due.cause)
        return None

    def answer(self, kind: str, player: str) -> Due | None:
        """The follow-up that a player's line of this `kind` answers, taken off the list, those the log left
        out before it reported. Written by the wrong player, it is reported (`is_theirs`) and carried on.
        None, reported (`nothing_asks`), when nothing asks for such a line."""
        due = self._first_owed(kind, player) if self.in_any_order else self.settle(kind)
        if due is None:
            self.nothing_asks(kind, player)
        else:
            self.is_theirs(due, player)
        return due

    def _first_owed(self, kind: str, player: str) -> Due | None:
        """The first follow-up of `kind` that `player` owes, else the first anyone owes, taken off the list
        with those before it (left out: `skipped`); None, the list as it was, when none is of that kind."""
        todo, others, index = self.todo, self.answered_by, None
        for at, due in enumerate(todo):
            if due.kind == kind or kind in others.get(due.kind, ()):
                if due.player == player:
                    index = at
                    break
                if index is None:
                    index = at  # the first anyone owes, unless the player owes one later
        if index is None:
            return None
        due = todo[index]
        for skipped in todo[:index]:
            self.skipped(skipped)
        del self.todo[:index + 1]
        return due

    def nothing_asks(self, kind: str, player: str) -> None:
        """A line of this `kind` that nothing asks for, reported under `follow_up_code`."""
        what, why = self.unasked[kind]
        self.w.blow(self.follow_up_code, f"{player} {what}, but nothing asks for it now: {why}")

    def is_theirs(self, due: Due, player: str) -> None:
        """A follow-up answered by another player than the one it was asked of, reported under its code."""
        if player != due.player:
            self.w.blow(due.code, f"{due.cause}: this is {due.player}'s to do, not {player}'s")

    def leave_undone(self) -> None:
        """Play is over: the follow-ups still due are left out (see `State.leave_undone`)."""
        self.settle(None)

    def skipped(self, due: Due) -> None:
        """A follow-up the log left out: reported unless it was optional."""
        if not due.optional:
            what, usage = self.missing_texts[due.kind]
            words = self.due_words(due)
            self.w.blow(due.code, f"{due.cause}: next, {what.format(**words)} (write `{usage.format(**words)}`)")

    def due_words(self, due: Due) -> dict:
        """The words `missing_texts` are formatted with: {p} the player, and whatever the game adds."""
        return {"p": due.player}
