"""The outcomes chance may give at a moment of a game: what the table's turn may bring (a die, a card turned up, a
deal) and what a player's choice left to chance may turn into, as the lines the log would write.

The engine only samples chance (`State.table_action(rng)`, `State.outcome(action, rng)`). `every_outcome` runs
such a draw again and again with a generator that takes, at each of its draws, every result in turn (`Every`):
a depth-first walk of the draws, alike results told once, so a die, a card from a small pile or a choice among
a few are listed completely. A draw of many cards at once (a deal, a cut) has too many results for that: the
generator then hands back a placeholder for each card (`Slot`), and the line written with them becomes a `Drawn`
pattern, the cards to be named as they turned up. A game whose draws cannot be walked so may say what chance
allows itself: a state's `chance_outcomes()`, returning lines and `Drawn` patterns.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.check.engine import State

RUNS = 600  # runs of a draw at most: past them, the results found are not all there are
HIGH = 0.999999  # besides 0.0, the value `Every.random()` gives: a test against any threshold goes both ways
LISTED = 64  # the orders of cards a draw of several may give at most for each to be listed; past them, a pattern


class Slot(str):
    """A placeholder for a card drawn, in a line written with it: a word no log holds."""

    def __new__(cls, number: int):
        return super().__new__(cls, f"\x01{number}\x01")


class Every(random.Random):
    """A generator that, run after run of the same draw, takes each result of each of its draws in turn: `script`
    holds the choices of the run so far (the index among each draw's different results), `widths` how many
    results each of those draws had. Draws past the script take the first result and lengthen it."""

    def __init__(self, script: list, widths: list, slots: bool = False):
        super().__init__(0)
        self.script, self.widths, self.at = script, widths, 0
        self.slots = slots     # whether a draw of many cards hands back placeholders
        self.drawn: list = []  # (the cards drawn from, the placeholders handed back) of each such draw

    def _pick(self, options: list):
        at = self.at
        if at == len(self.script):
            self.script.append(0)
            self.widths.append(len(options))
        self.at = at + 1
        return options[self.script[at]]

    def choice(self, seq):
        return self._pick(_different(seq))

    def sample(self, population, k, *, counts=None):
        left, drawn = list(population), []
        if self.slots and len(_different(left)) ** k > LISTED:
            slots = [Slot(len(self.drawn) * 1000 + i) for i in range(k)]
            self.drawn.append((left, slots))
            return slots
        for _ in range(k):
            card = self._pick(_different(left))
            left.remove(card)
            drawn.append(card)
        return drawn

    def shuffle(self, x) -> None:
        x[:] = self.sample(x, len(x))

    def randint(self, a, b):
        return self._pick(list(range(a, b + 1)))

    def randrange(self, start, stop=None, step=1):
        return self._pick(list(range(start, stop, step)) if stop is not None else list(range(start)))

    def random(self):
        return self._pick([0.0, HIGH])


def _different(seq) -> list:
    """The different values of `seq`, in order of first appearance."""
    seq = list(seq)
    try:
        return list(dict.fromkeys(seq))
    except TypeError:  # values that cannot be hashed: told apart by equality
        found: list = []
        for value in seq:
            if value not in found:
                found.append(value)
        return found


def every_outcome(draw, runs: int = RUNS) -> tuple:
    """(results, complete): each different result of `draw(rng)` (told apart by its text, the log's line), found
    by running it with every result of each of its draws in turn, a draw of many cards as a `Drawn` pattern;
    `complete` is False when `runs` were not enough to take them all. A draw that cannot take placeholders
    for its cards (it reads what they are) is walked card by card."""
    try:
        return _walked(draw, runs, slots=True)
    except Exception:  # noqa: BLE001 - the game's draw looked into a placeholder: walked card by card instead
        return _walked(draw, runs, slots=False)


def _walked(draw, runs: int, slots: bool) -> tuple:
    script, widths, results = [], [], {}
    for _ in range(runs):
        rng = Every(script, widths, slots)
        result = draw(rng)
        if rng.drawn:
            result = _pattern(str(result), rng.drawn)
        results.setdefault(str(result), result)
        del script[rng.at:], widths[rng.at:]
        while script and script[-1] + 1 >= widths[-1]:
            script.pop()
            widths.pop()
        if not script:
            return list(results.values()), True
        script[-1] += 1
    return list(results.values()), False


def _pattern(text: str, drawn: list) -> "Drawn":
    """The pattern of a line written with placeholders: the line's words, None for each placeholder; the cards
    drawn from. A line holding other than whole placeholders, or drawn from several piles, is a ValueError."""
    if len(drawn) != 1:
        raise ValueError("cards drawn from several piles at once")
    pool, slots = drawn[0]
    placed = set(slots)
    words = tuple(None if word in placed else word for word in text.split())
    if words.count(None) != len(slots) or "\x01" in " ".join(w for w in words if w is not None):
        raise ValueError("a line that does not write each card drawn as a word")
    copies: dict = {}
    for card in map(str, pool):
        copies[card] = copies.get(card, 0) + 1
    return Drawn(words, tuple(copies.items()))


@dataclass(frozen=True)
class Drawn:
    """Lines too many to list, of cards drawn from a pile: `words` is the line with None wherever a card drawn
    goes (`deal 1 None None None`), `pool` each card's word -> its copies that may be drawn, `ordered` whether
    the order written is the order drawn (a column's cards) or any order will do (a hand)."""

    words: tuple
    pool: tuple  # (word, copies) pairs, in the order a page offers them
    ordered: bool = True

    def __str__(self) -> str:
        return " ".join(word if word is not None else "CARD" for word in self.words)

    def allows(self, text: str) -> bool:
        """Whether `text` is one of the lines drawn (words compared in any case)."""
        written = text.replace(",", " ").split()
        return len(written) == len(self.words) and self.allows_start(written)

    def next_words(self, written: list) -> list:
        """The words that may follow `written`, the line's first words (each an exact word of the line), or []
        once it is whole or strays from the pattern."""
        at = len(written)
        if at >= len(self.words) or not self.allows_start(written):
            return []
        wanted = self.words[at]
        if wanted is not None:
            return [wanted]
        left = dict(self.pool)
        for word in (w for w, slot in zip(written, self.words) if slot is None):
            left[word] -= 1
        drawn = [w for w, slot in zip(written, self.words) if slot is None]
        if not self.ordered and drawn:  # any order: offered in the pool's order, so each hand is built one way
            order = [word for word, _ in self.pool]
            last = order.index(drawn[-1])
            return [word for word in order[last:] if left[word] > 0]
        return [word for word, copies in left.items() if copies > 0]

    def allows_start(self, written: list) -> bool:
        """Whether the words `written` may begin a line drawn (compared in any case)."""
        left = {word.lower(): copies for word, copies in self.pool}
        for word, wanted in zip((word.lower() for word in written), self.words):
            if wanted is not None:
                if word != wanted.lower():
                    return False
            elif left.get(word, 0) <= 0:
                return False
            else:
                left[word] -= 1
        return True


def chance_outcomes(state) -> tuple:
    """(outcomes, complete): the lines the table's turn may bring now, as actions and `Drawn` patterns: the
    state's own `chance_outcomes()` when it has one (which may say None: take the draws), else every result of
    its `table_action`, each drawn on a copy of the state."""
    hook = getattr(state, "chance_outcomes", None)
    found = hook() if hook is not None else None
    if found is not None:
        return list(found), True
    return every_outcome(lambda rng: state.clone().table_action(rng))


def results(state, action) -> list:
    """A player's legal action as the lines it may be written as: each outcome chance may give it (a card named
    and then turned up), or the action itself; the state's own `chance_results(action)` when it has one and it
    says more than None."""
    if type(state).outcome is State.outcome:
        return [action]
    hook = getattr(state, "chance_results", None)
    found = hook(action) if hook is not None else None
    if found is not None:
        return list(found)
    return every_outcome(lambda rng: state.outcome(action, rng))[0]
