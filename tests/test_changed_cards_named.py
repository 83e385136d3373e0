"""What `pnp check --manifest` says changed since a kit was printed (pnp/read/version.py `changed_cards`): each
card changed, added or removed, named with its component, from every component, at most eight of a kind
named before `and N more`."""
from __future__ import annotations

from types import SimpleNamespace

from pnp.read.version import card_digests, changed_cards


def game(**components: list[str]) -> SimpleNamespace:
    """A game whose components hold one copy of each card named, with a field of its own."""
    return SimpleNamespace(components={
        name: SimpleNamespace(id=name, cards=[SimpleNamespace(id=card, count=1, fields={"label": card}, back=None)
                                              for card in cards])
        for name, cards in components.items()})


def test_every_component_s_changed_added_and_removed_cards_are_named():
    printed = game(deck=["a", "b", "c"], gone=["x"])
    now = game(deck=["a", "b", "d"], tokens=["t"])
    old = card_digests(printed)
    old["deck"]["b"] = "an older hash"  # b's words changed since
    assert changed_cards(old, now) == ["changed: deck b", "added: deck d, tokens t", "removed: deck c, gone x"]


def test_eight_cards_of_a_kind_are_named_and_the_rest_counted():
    nine = [f"n{number}" for number in range(1, 10)]
    eight = [f"e{number}" for number in range(1, 9)]
    old = card_digests(game(deck=nine + eight))
    for card in nine:
        old["deck"][card] = "an older hash"
    found = changed_cards(old, game(deck=nine))
    assert found == ["changed: " + ", ".join(f"deck {card}" for card in nine[:8]) + " and 1 more",
                     "removed: " + ", ".join(f"deck {card}" for card in eight)]


def test_a_kit_unchanged_says_nothing():
    printed = game(deck=["a", "b"])
    assert changed_cards(card_digests(printed), printed) == []
