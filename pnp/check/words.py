"""Reading the words of one event: numbers, players, cards and keywords, with clear errors.

A game's parsers use `Words` so that every game reports an unreadable line the same way: what was
expected, what was written, and the verb's usage line.
"""
from __future__ import annotations

from pnp.check.violations import LOG_CARD, LOG_PLAYER, LOG_SYNTAX, ReadError
from pnp.errors import QUOTE, clip
from pnp.wording import plural as counted  # `1 card`, `3 cards`, `2 dice` (with the plural given)

__all__ = ["Words", "close_hint", "counted", "listed"]


class Words:
    """The words after an event's verb, read left to right."""

    __slots__ = ("words", "at", "usage", "players")

    def __init__(self, words: list[str], at: int, usage: str, players: dict):
        self.words, self.at, self.usage, self.players = words, at, usage, players

    def fail(self, message: str, rule: str = LOG_SYNTAX):
        raise ReadError(rule, f"{message} (write `{self.usage}`)")

    def more(self) -> bool:
        return self.at < len(self.words)

    def next(self, what: str) -> str:
        if self.at >= len(self.words):
            self.fail(f"{what} is missing")
        word = self.words[self.at]
        self.at += 1
        return word

    def number(self, what: str, low: int = 0) -> int:
        word = self.next(what)
        if not word.isdecimal() or int(word) < low:
            self.fail(f"expected {what} (a whole number{f' from {low}' if low else ''}), got {clip(word)!r}")
        return int(word)

    def player(self) -> str:
        """A player named in the header, written in any case."""
        word = self.next("a player's name")
        name = self.players.get(word.lower())
        if name is None:
            raise ReadError(LOG_PLAYER, f"{clip(word)!r} is not a player ({', '.join(self.players.values())})"
                            + close_hint(word, self.players.values()))
        return name

    def name(self, table: dict, what: str, rule: str = LOG_CARD):
        """One of the names a table maps (lower-case) to values, such as the cards a verb accepts."""
        word = self.next(what)
        value = table.get(word.lower())
        if value is None:
            raise ReadError(rule, f"{clip(word)!r} is not {what}" + close_hint(word.lower(), table)
                            + f" (write `{self.usage}`)")
        return value

    def keyword(self, word: str) -> bool:
        """Consume an optional keyword such as `to`; true when it is there."""
        if self.at < len(self.words) and self.words[self.at].lower() == word:
            self.at += 1
            return True
        return False

    def pairs(self, read) -> dict:
        """Pairs of a player and what `read(player)` reads after the name, up to the end of the line,
        such as `Ann 3 Bob explosion`; each player at most once."""
        found = {}
        while self.more():
            name = self.player()
            if name in found:
                self.fail(f"{name} is named twice")
            found[name] = read(name)
        return found

    def claims(self) -> dict:
        """Pairs of a player and a number, such as `Ann 34 Bob 20`; each player at most once."""
        claims = self.pairs(lambda name: self.number(f"{name}'s points"))
        if not claims:
            self.fail("no scores are given")
        return claims

    def end(self) -> None:
        if self.more():
            self.fail(f"unexpected {clip(' '.join(self.words[self.at:self.at + 40]))!r} at the end")


def close_hint(word: str, known) -> str:
    """`; did you mean 'ship'?` when one of the known names is close to `word`, else nothing."""
    if len(word) > 2 * QUOTE:  # far from any name, and too long to compare quickly
        return ""
    import difflib  # only a line that cannot be read pays for it

    close = difflib.get_close_matches(word, list(known))  # the closest first
    return f"; did you mean {close[0]!r}?" if close else ""


def listed(items, empty: str = "none") -> str:
    """Items joined by commas, or `empty` when there are none."""
    return ", ".join(map(str, items)) or empty
