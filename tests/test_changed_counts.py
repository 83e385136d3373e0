"""`pnp build --changed-since` when a card's count changes and nothing else of it (pnp/layout/changes.py): the
copies it lost are taken out of the game, nothing printed for them; only the copies it gained are printed; a
card drawn differently is reprinted whole, as any changed piece is."""
import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from pypdf import PdfReader

from conftest import edit, run
from pnp.layout import changes

PLAIN_MAP = "map,8,green,plain,0"  # eight copies of one card in buried-treasure's game-cards.csv
VARIANTS = {"a4-duplex": ("Game cards · fronts", "Game cards · backs"),  # a card page's footer: fronts, backs
            "a4-fold": ("Game cards · fold-and-glue", "Game cards · fold-and-glue")}


@pytest.fixture
def printed(game_copy, tmp_path) -> tuple[Path, Path]:
    """A copy of buried-treasure built, and the manifest of the kit as printed kept aside: (folder, manifest)."""
    folder = game_copy("buried-treasure")
    assert run(folder, tmp_path).exit_code == 0
    old = tmp_path / "printed-manifest.json"
    old.write_text((tmp_path / "out" / "buried-treasure" / "buried-treasure-manifest.json").read_text())
    return folder, old


def reprint(printed, tmp_path, line: str) -> dict:
    """The map card's line of the card list replaced by `line`, the kit built against the printed one: variant
    -> (its checklist's lines, the texts of its pages of game cards)."""
    folder, old = printed
    edit(folder / "game-cards.csv", PLAIN_MAP, line)
    result = run(folder, tmp_path, "--changed-since", str(old))
    assert result.exit_code == 0, result.output
    found = {}
    for variant, (fronts, backs) in VARIANTS.items():
        pdf = tmp_path / "out" / "buried-treasure" / f"buried-treasure-changed-{variant}.pdf"
        texts = [page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages]
        assert "checklist" in texts[0] and not any("checklist" in text for text in texts[1:])
        found[variant] = (texts[0].splitlines(), [text for text in texts if fronts in text or backs in text])
    return found


def map_lines(checklist: list) -> list:
    """The checklist's lines about the map card."""
    return [line for line in checklist if line.startswith("Game cards · map")]


def maps(pages: list) -> int:
    """How many map cards' fronts the pages show."""
    return sum(text.count("TREASURE MAP") for text in pages)


def backs(pages: list) -> int:
    """How many game cards' backs the pages show."""
    return sum(text.count("BURIED\nTREASURE") for text in pages)


def test_fewer_copies_of_a_card_are_taken_out_of_the_game_and_nothing_is_printed_for_it(printed, tmp_path):
    for variant, (checklist, cards) in reprint(printed, tmp_path, "map,7,green,plain,0").items():
        assert map_lines(checklist) == ["Game cards · map: remove 1 of the 8 you have, keeping 7"], variant
        assert cards == []  # no card page at all: only the rules sheet, which counts the deck, changed besides


def test_more_copies_of_a_card_print_only_the_copies_added(printed, tmp_path):
    for variant, (checklist, cards) in reprint(printed, tmp_path, "map,10,green,plain,0").items():
        assert map_lines(checklist) == ["Game cards · map: add 2 to the 8 you have, making 10"], variant
        assert maps(cards) == 2 and backs(cards) == 2, variant  # two new copies, each with its back
        assert len(cards) == (2 if variant == "a4-duplex" else 1)  # a page of fronts and its backs, or one sheet


def test_a_card_drawn_differently_is_reprinted_whole(printed, tmp_path):
    before = json.loads(printed[1].read_text())["variants"]
    for variant, (checklist, cards) in reprint(printed, tmp_path, "map,8,green,flags,4").items():
        pages = {entry["page"] for entry in before[variant] if entry["card"] == "map"}
        thrown, replaced = map_lines(checklist)  # thrown away where it was printed, and replaced
        assert thrown.startswith("Game cards · map — ") and replaced == "Game cards · map", checklist
        assert any(f"page {page} slot" in thrown for page in pages)
        assert "".join(cards).count("Steal up to") == 8 and backs(cards) == 8, variant  # every copy


def test_a_card_drawn_differently_and_counted_anew_is_reprinted_whole(printed, tmp_path):
    for variant, (checklist, cards) in reprint(printed, tmp_path, "map,10,green,flags,4").items():
        thrown, replaced = map_lines(checklist)
        assert thrown.startswith("Game cards · map — ") and replaced == "Game cards · map", checklist
        assert "".join(cards).count("Steal up to") == 10 and backs(cards) == 10, variant


# --- comparing manifests' entries ---------------------------------------------------------------------------

def game(kind: str, count: int) -> SimpleNamespace:
    """A game of one component of a kind, holding one card `count` times: what `compare` asks of a game."""
    card = SimpleNamespace(id="gem", count=count)
    return SimpleNamespace(components={"gems": SimpleNamespace(id="gems", kind=kind, cards=(card,))})


def entries(faces: list, copies: int) -> list:
    """A manifest's entries of `copies` copies of the gem, each printing `faces` (side, key)."""
    return [{"component": "gems", "card": "gem", "side": side, "key": key, "page": 1, "slot": 1}
            for _ in range(copies) for side, key in faces]


def test_a_card_drawn_alike_on_both_halves_of_a_fold_is_counted_by_its_copies():
    """Each copy prints two halves with one key: 16 entries were 8 copies, not 16."""
    alike = [("fold-and-glue", "k"), ("fold-and-glue", "k")]
    found = changes.compare(game("cards", 7), entries(alike, 8), entries(alike, 7))
    assert found.fewer == {("gems", "gem"): 1} and found.recounted == {("gems", "gem"): (8, 7)}
    assert not found.changed and found.more == {}


def test_a_card_whose_faces_changed_in_some_copies_is_changed():
    front, back = ("fronts", "f"), ("backs", "b")
    new = entries([front, back], 3) + entries([front, ("backs", "other")], 1)  # a fourth copy, another back
    found = changes.compare(game("cards", 4), entries([front, back], 3), new)
    assert found.changed == [("gems", "gem")] and found.recounted == {}


def test_copies_added_to_a_piece_printed_only_with_its_part_reprint_it_whole():
    """Tokens are laid out again as a whole part: their added copies cannot be printed alone, their lost ones
    can still be taken out."""
    faces = [("fronts", "f"), ("backs", "b")]
    assert changes.compare(game("tokens", 5), entries(faces, 4), entries(faces, 5)).changed == [("gems", "gem")]
    fewer = changes.compare(game("tokens", 3), entries(faces, 4), entries(faces, 3))
    assert fewer.fewer == {("gems", "gem"): 1} and not fewer.changed
