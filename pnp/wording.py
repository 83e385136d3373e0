"""Words the program writes for people: counts in the singular or the plural."""
from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """"1 page", "3 pages"; `nouns` for a plural not made with an s."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
