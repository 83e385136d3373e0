"""A build's manifest names the card each face is drawn for, found by where the card's data is."""
from types import SimpleNamespace

import pytest

from pnp.errors import InSheet, Where
from pnp.layout.changes import CardsAt
from pnp.model.mapped import Mapped
from pnp.model.game import Card

pytestmark = pytest.mark.quick


def test_a_card_is_found_by_where_its_data_is():
    rows = [Card(f"c{n}", 1, {}, "back.yaml.j2", Where("deck.csv", n + 2)) for n in range(300)]
    sheets = [Card(f"{sheet}-{n}", 1, {}, "back.yaml.j2", InSheet("cards.xlsx", n + 2, "", sheet))
              for sheet in ("Crew", "Ships") for n in range(3)]  # (the two sheets share their row numbers)
    game = SimpleNamespace(components={"deck": SimpleNamespace(id="deck", cards=tuple(reversed(rows))),
                                       "fleet": SimpleNamespace(id="fleet", cards=tuple(sheets))})
    found = CardsAt(game)
    assert all(found.get(card.where) == ("deck", card.id) for card in rows)
    assert [found.get(card.where) for card in sheets] == [("fleet", card.id) for card in sheets]
    assert found.get(Where("deck.csv", 1)) is None and found.get(Where("rules.yaml", 2)) is None
    assert found.get(InSheet("cards.xlsx", 2, "", "Ports")) is None
    kept = list(found.files.values())  # three numbers a card, in arrays, each file's in the order of its lines
    assert all(type(numbers) is Mapped for numbers in sum(kept, ())) and sum(len(lines) for lines, _, _ in kept) == 306
    assert list(found.files["deck.csv"][0]) == sorted(card.where.line for card in rows)
