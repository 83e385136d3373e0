"""`pnp export pdf-shop` as a print shop reads what it is sent: each page's TrimBox and BleedBox against the
component's size and bleed, each page a face unlike the others (read by its pixels), the quantities adding up
to the data's counts, and every font embedded (tests/test_embedded_fonts.py reads these files too)."""
from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.cli import cli
from pnp.model.units import PT
from pnp.read.games import load_game

PRINTED = ("cards", "board")  # the kinds a print shop's PDF holds, as `pnp build --print-shop` prints them


def export(*args):
    result = CliRunner().invoke(cli, ["export", "pdf-shop", *map(str, args)])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def rows(folder: Path) -> list[dict]:
    with open(folder / "quantities.csv", newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def box(page, name: str) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in page[name])


def pixels(path: Path) -> list[str]:
    """A digest of each page's picture, at a resolution where any two faces that differ to the eye differ."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        return [hashlib.sha256(page.render(scale=100 / 72).to_pil().tobytes()).hexdigest() for page in document]
    finally:
        document.close()


@pytest.mark.parametrize("slug", ["buried-treasure", "pirates-gold", "buccaneer"])
def test_each_page_is_a_distinct_face_in_its_boxes_and_the_quantities_add_up(slug, tmp_path):
    result = export(slug, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / slug / "pdf-shop"
    game = load_game(slug)
    printed = {name: component for name, component in game.components.items() if component.kind in PRINTED}
    table = rows(folder)
    assert {path.name for path in folder.glob("*.pdf")} == {f"{name}.pdf" for name in printed}
    for name, component in printed.items():
        mine = [row for row in table if row["component"] == name]
        assert {row["file"] for row in mine} == {f"{name}.pdf"}
        copies = component.card_total if component.cards else 1  # a board is one piece
        assert sum(int(row["copies"]) for row in mine) == copies, name
        if component.cards:  # each card once, or once with the cards that print just as it does
            assert {card.id for card in component.cards} >= {row["card id"] for row in mine}
        path = folder / f"{name}.pdf"
        pages = PdfReader(path).pages
        used = {int(row[side]) for row in mine for side in ("front page", "back page") if row[side]}
        assert used == set(range(1, len(pages) + 1))  # every page printed, none twice over
        assert len(set(pixels(path))) == len(pages), f"{name}: two pages draw the same face"
        w, h = (v * PT for v in component.size)
        bleed = component.options.get("bleed", 0) * PT
        for page in pages:
            media, trim, bleeds = box(page, "/MediaBox"), box(page, "/TrimBox"), box(page, "/BleedBox")
            assert bleeds == media  # nothing printed outside the bleed: the page is the bleed
            assert trim == tuple(round(v, 3) for v in (bleed, bleed, bleed + w, bleed + h))
            assert bleeds == tuple(round(v, 3) for v in (0, 0, w + 2 * bleed, h + 2 * bleed))


def test_faces_that_draw_the_same_are_one_page_their_copies_summed(toy, tmp_path):
    front = toy / "templates" / "front.yaml.j2"  # every front drawn alike, though each is told its card
    front.write_text("# {{ card.id }}\n" + front.read_text().split("\n", 1)[0] + "\n")
    result = export(toy, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "toy" / "pdf-shop"
    assert len(PdfReader(folder / "deck.pdf").pages) == 3  # the front; the shared back; gamma's own back
    table = {(row["front page"], row["back page"]): int(row["copies"]) for row in rows(folder)}
    counts = {card.id: card.count for card in load_game(str(toy)).components["deck"].cards}
    assert table == {("1", "2"): counts["alpha"] + counts["beta"] + counts["delta"], ("1", "3"): counts["gamma"]}
    assert "counters left out" in result.output and "sheet left out" in result.output


def test_a_picture_under_300_dpi_is_refused_naming_the_card(toy, tmp_path):
    Image.new("RGB", (200, 100), "red").save(toy / "artwork" / "flag.png")  # 254 dpi in 20 × 10 mm
    back = toy / "templates" / "own-back.yaml.j2"
    back.write_text(back.read_text() + "- image: {src: flag.png, x: 5, y: 5, w: 20, h: 10}\n")
    result = export(toy, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "deck, card gamma (back)" in result.output and "254 dpi" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "toy").exists()
