"""`pnp export` as a user meets it: the files each target writes, read back as the program that takes them
would read them (pictures by their pixels, the quantities by their sums), and its refusals."""
from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from conftest import edit
from pnp.cli import cli
from pnp.layout.piece_list import card_title
from pnp.read.games import load_game


def export(*args):
    result = CliRunner().invoke(cli, ["export", *map(str, args)])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def rows(folder: Path) -> list[dict]:
    with open(folder / "quantities.csv", newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def data_counts(slug: str) -> dict:
    """component -> the copies its data asks for, of the kinds an export writes as pieces."""
    game = load_game(slug)
    counts = {}
    for component in game.components.values():
        if component.kind in ("cards", "tokens"):
            counts[component.id] = component.card_total
    return counts


def test_png_writes_each_face_once_at_its_size_and_counts_every_copy(tmp_path):
    result = export("png", "pirates-gold", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "pirates-gold" / "png"
    table = rows(folder)
    for component, copies in data_counts("pirates-gold").items():
        assert sum(int(row["copies"]) for row in table if row["component"] == component) == copies, component
    files = {row[side] for row in table for side in ("front file", "back file") if row[side]}
    assert files == {path.relative_to(folder).as_posix() for path in folder.rglob("*.png")}
    poker = round(63.5 / 25.4 * 300) + 2 * round(3 / 25.4 * 300)  # a poker card with 3 mm of bleed at 300 dpi
    with Image.open(folder / "game-cards" / "pirate-front.png") as picture:
        assert picture.size == (poker, round(88.9 / 25.4 * 300) + 2 * round(3 / 25.4 * 300))
        assert picture.mode == "RGB"
    assert next(row for row in table if row["card id"] == "pirate")["back file"] == "game-cards/back.png"


def test_png_without_bleed_at_another_dpi(tmp_path):
    result = export("png", "pirates-gold", "--dpi", "150", "--no-bleed", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "pirates-gold" / "png" / "game-cards" / "pirate-front.png") as picture:
        assert picture.size == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))


def test_bad_targets_and_options_are_usage_errors(tmp_path):
    for args, words in ((("nope", "pirates-gold"), "TARGET"), (("png", "no-such-game"), "no-such-game"),
                        (("png", "pirates-gold", "--dpi", "0"), "--dpi"),
                        (("png", "pirates-gold", "--base-url", "https://example.org"), "--base-url"),
                        (("tts", "pirates-gold", "--base-url", "example.org/pete"), "--base-url"),
                        (("pdf-shop", "pirates-gold", "--dpi", "150"), "--dpi"),
                        (("mpc", "pirates-gold", "--no-bleed"), "--no-bleed"),
                        (("tts", "pirates-gold", "--bleed"), "--bleed")):
        result = export(*args, "--out", tmp_path)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output and "Traceback" not in result.output
    assert not any(tmp_path.iterdir())


def target_help() -> dict:
    """Each target's entry in `pnp export --help`, on one line."""
    said = export("--help").output
    entries = re.findall(r"^  ([a-z-]+) +(.*(?:\n {10,}.*)*)", said.split("Targets:")[1].split("Options:")[0], re.M)
    return {name: " ".join(text.split()) for name, text in entries}


def test_the_help_names_what_each_target_leaves_out():
    said = target_help()
    assert set(said) == {"png", "tts", "mpc", "tgc", "pdf-shop"}
    left_out = {name: text.split("leaves out ", 1)[1] for name, text in said.items()}
    for shop in ("mpc", "tgc"):  # cards only, of the sizes the shop prints
        assert all(word in left_out[shop] for word in ("tokens", "sheets", "mats", "dice", "boards", "standees"))
        assert "other than poker" in left_out[shop] and "tarot" in left_out[shop]
    assert "tokens" in left_out["pdf-shop"] and "mats" in left_out["pdf-shop"]
    assert "boards" not in left_out["pdf-shop"] and "cards" not in left_out["pdf-shop"]
    for name in ("png", "tts"):  # every piece but what is folded, and the rules
        assert not any(word in left_out[name] for word in ("tokens", "sheets", "dice", "boards", "cards"))
        assert "standees" in left_out[name] and "rules sheet" in left_out[name]


SHOP_POKER = {"mpc": (822, 1122), "tgc": (825, 1125)}  # each shop's poker card at 300 dpi, bleed included


def test_shop_pictures_are_the_shops_exact_size_and_quantities_add_up(tmp_path):
    for target, slug in (("mpc", "cannon-dice"), ("tgc", "buried-treasure")):
        result = export(target, slug, "--out", tmp_path)
        assert result.exit_code == 0, result.output
        folder = tmp_path / slug / target
        table = rows(folder)
        cards = {component: copies for component, copies in data_counts(slug).items()
                 if load_game(slug).components[component].kind == "cards"}
        assert {row["component"] for row in table} == set(cards)
        for component in load_game(slug).components.values():  # the rest is said to be left out
            assert (f"{component.id} left out" in result.output) == (component.kind != "cards"), component.id
        for component, copies in cards.items():
            assert sum(int(row["copies"]) for row in table if row["component"] == component) == copies
        pictures = list(folder.rglob("*.png"))
        assert pictures
        for path in pictures:
            with Image.open(path) as picture:
                assert picture.size == SHOP_POKER[target], path
                # the shop's bleed beyond the data's 3 mm: the face's outermost pixels, drawn out to the edge
                assert picture.getpixel((0, picture.height // 2)) == picture.getpixel((3, picture.height // 2))
                assert picture.getpixel((picture.width // 2, 0)) == picture.getpixel((picture.width // 2, 3))


def test_a_shop_refuses_a_picture_under_300_dpi_naming_the_card(toy, tmp_path):
    assert export("tgc", toy, "--out", tmp_path / "old").exit_code == 0
    before = {path: path.read_bytes() for path in (tmp_path / "old").rglob("*") if path.is_file()}
    Image.new("RGB", (200, 100), "red").save(toy / "artwork" / "flag.png")  # 254 dpi in 20 × 10 mm
    (toy / "templates" / "own-back.yaml.j2").write_text(
        (toy / "templates" / "own-back.yaml.j2").read_text() + "- image: {src: flag.png, x: 5, y: 5, w: 20, h: 10}\n")
    for target in ("tgc", "mpc"):
        result = export(target, toy, "--out", tmp_path / "out")
        assert result.exit_code == 2, result.output
        assert "deck, card gamma (back)" in result.output and "254 dpi" in result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "toy").exists()
    assert export("tgc", toy, "--out", tmp_path / "old").exit_code == 2  # an earlier export stays as it was
    assert {path: path.read_bytes() for path in (tmp_path / "old").rglob("*") if path.is_file()} == before
    result = export("png", toy, "--out", tmp_path / "out")  # a picture of the face is no print: it is written
    assert result.exit_code == 0, result.output


def local(url: str) -> Path:
    from urllib.parse import unquote, urlparse

    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def dpi_of(cell: tuple, size: tuple) -> int:
    """The whole dpi at which a face of `size` mm is `cell` pixels (TTS sheets use one)."""
    found = [dpi for dpi in range(50, 301) if (round(size[0] * (dpi / 25.4)), round(size[1] * (dpi / 25.4))) == cell]
    assert found, (cell, size)
    return found[0]


def check_tts(game, tmp_path) -> dict:
    """Export `game` (a slug or a folder) for TTS, read its Saved Object back and check each deck against the
    data: every copy of every card, its title, and its CardID's cell holding exactly the card's picture as
    `pnp export png --no-bleed` draws it. Returns each deck's CustomDeck entries."""
    result = export("tts", game, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    game = load_game(str(game))
    slug = game.slug
    saved = json.loads((tmp_path / slug / "tts" / f"{slug}.json").read_text(encoding="utf-8"))
    decks = [thing for thing in saved["ObjectStates"] if thing["Name"] in ("Deck", "Card")]
    by_title = {component.title: component for component in game.components.values() if component.kind == "cards"}
    assert {deck["Nickname"] for deck in decks} == set(by_title)
    entries = {}
    for deck in decks:
        component = by_title[deck["Nickname"]]
        cards = deck["ContainedObjects"]
        entries[component.id] = deck["CustomDeck"]
        assert deck["DeckIDs"] == [card["CardID"] for card in cards]
        assert len(cards) == component.card_total  # every copy
        ids = [card["GMNotes"].split("/", 1) for card in cards]
        assert {other for other, _ in ids} == {component.id}
        assert {card_id: sum(1 for _, i in ids if i == card_id) for _, card_id in ids} == {
            card.id: card.count for card in component.cards}
        titles = {card.id: card_title(card) for card in component.cards}
        assert all(card["Nickname"] == titles[card["GMNotes"].split("/")[1]] for card in cards)
        # the cells, against each card's picture as `pnp export png --no-bleed` draws it
        sheets, cells = {}, {}
        for card in cards:
            number, index = divmod(card["CardID"], 100)
            entry = deck["CustomDeck"][str(number)]
            assert card["CustomDeck"][str(number)] == entry
            assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
            assert index < entry["NumWidth"] * entry["NumHeight"] - 1  # the last cell is the hidden face's
            if number not in sheets:
                sheets[number] = Image.open(local(entry["FaceURL"])).convert("RGB")
                assert max(sheets[number].size) <= 4096
            sheet = sheets[number]
            w, h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            column, row = index % entry["NumWidth"], index // entry["NumWidth"]
            cells[card["GMNotes"].split("/")[1]] = sheet.crop((column * w, row * h, (column + 1) * w, (row + 1) * h))
        dpi = dpi_of((w, h), component.size)
        pictures = tmp_path / "png"
        assert export("png", game.folder, "--no-bleed", "--dpi", dpi, "--out", pictures).exit_code == 0
        folder = pictures / slug / "png"
        fronts = {row["card id"]: folder / row["front file"] for row in rows(folder)
                  if row["component"] == component.id}
        for card_id, cell in cells.items():
            with Image.open(fronts[card_id]) as picture:
                assert picture.convert("RGB").tobytes() == cell.tobytes(), card_id
    return entries


def test_every_tts_card_id_finds_its_own_picture_in_a_sheet_cell(tmp_path):
    entries = check_tts("buccaneer", tmp_path)
    assert entries["chance-cards"]["1"]["UniqueBack"] is False  # one back for every card
    assert entries["crew-cards"]["2"]["UniqueBack"] is True  # a back for each colour
    chance = entries["chance-cards"]["1"]  # 28 cards and the hidden cell: 6 × 5 draws them larger than 10 × 3
    assert (chance["NumWidth"], chance["NumHeight"]) == (6, 5)
    with Image.open(local(chance["FaceURL"])) as sheet:
        assert sheet.size == (6 * 585, 5 * 819)  # 234 dpi a card (10 × 3 gave 408 × 571 pixels, 163 dpi)


def test_a_tts_sheet_draws_each_card_as_large_as_the_programs_limits_allow():
    from pnp.export.tts import COLUMNS, MOST_DPI, ROWS, dpi_within, grid

    poker = (63.5, 88.9)
    assert [(count, grid(count, poker)) for count in (1, 4, 16, 20, 28, 69)] == [
        (1, (2, 1)), (4, (5, 1)), (16, (5, 4)), (20, (6, 4)), (28, (6, 5)), (69, (10, 7))]
    for count in range(1, 140):  # no grid that holds the cards of a sheet draws them larger
        columns, rows = grid(count, poker)
        sheets = -(-count // (columns * rows - 1))
        assert sheets == -(-count // (COLUMNS * ROWS - 1))  # never more sheets than needed
        holding = -(-count // sheets) + 1
        best = max(dpi_within(poker, c, r) for c in range(1, 11) for r in range(1, 8) if c * r >= holding)
        dpi = dpi_within(poker, columns, rows)
        assert dpi == best <= MOST_DPI, count
        assert columns * round(63.5 * dpi / 25.4) <= 4096 and rows * round(88.9 * dpi / 25.4) <= 4096


def test_a_deck_of_more_than_69_cards_takes_several_sheets(toy, tmp_path):
    (toy / "deck.csv").write_text("id,count,label,value,back\n" + "".join(
        f"card-{n},{1 + n % 3},Card {n},{n % 10},\n" for n in range(75)), encoding="utf-8")
    entries = check_tts(toy, tmp_path)
    deck = entries["deck"]
    # two sheets, of 39 and 36 cards: 8 × 5 cells each, larger than 10 × 7
    assert len(deck) == 2 and all((entry["NumWidth"], entry["NumHeight"]) == (8, 5) for entry in deck.values())


def test_tts_names_its_pictures_by_the_base_url_and_writes_each_it_names(tmp_path):
    result = export("tts", "pete-the-pirate", "--base-url", "https://example.org/pete/", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "pete-the-pirate" / "tts"
    text = (folder / "pete-the-pirate.json").read_text(encoding="utf-8")
    urls = set(re.findall(r'"(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": "([^"]+)"', text))
    assert urls and all(url.startswith("https://example.org/pete/") for url in urls)
    assert "file://" not in text
    for url in urls:
        assert (folder / url.removeprefix("https://example.org/pete/")).is_file(), url
    saved = json.loads(text)
    names = {thing["Name"] for thing in saved["ObjectStates"]}
    assert {"Custom_Board", "Bag"} <= names
    assert len(list(folder.glob("die-face-*.png"))) == 6


def test_an_id_that_cannot_name_a_file_is_refused_before_anything_is_written(toy, tmp_path):
    (toy / "deck.csv").write_text("id,count\n../../x,1\nbeta,1\n", encoding="utf-8")
    for target in ("png", "mpc", "tgc", "tts"):
        result = export(target, toy, "--out", tmp_path / "out")
        assert result.exit_code == 2, result.output
        assert "deck.csv:2: id: '../../x' cannot name a file: it holds /" in result.output, result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "x-front.png").exists()


def test_tts_addresses_are_percent_encoded_and_each_leads_to_its_file(toy, tmp_path):
    """An id with a space, a --base-url with ? and #: every address in the Saved Object is a well-formed one
    (percent-encoded), that leads back to the file written (on this computer, or under the base address)."""
    from urllib.parse import unquote, urlsplit

    edit(toy / "deck.csv", "beta,2,", "Beta Ship 2 #1?,2,")
    edit(toy / "game.yaml", "- {id: moon}", "- {id: half moon}")
    for base in (None, "https://example.org/my games/pete?v=1#x/"):
        out = tmp_path / ("web" if base else "local")
        result = export("tts", toy, "--out", out, *(("--base-url", base) if base else ()))
        assert result.exit_code == 0, result.output
        folder = out / "toy" / "tts"
        text = (folder / "toy.json").read_text(encoding="utf-8")
        urls = set(re.findall(r'"(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": "([^"]+)"', text))
        assert any("half%20moon" in url for url in urls), urls
        for url in urls:
            parts = urlsplit(url)
            assert not parts.query and not parts.fragment and " " not in url, url
            if base is None:
                assert local(url).is_file(), url
            else:
                prefix = "https://example.org/my%20games/pete%3Fv=1%23x/"
                assert url.startswith(prefix), url
                assert (folder / unquote(url.removeprefix(prefix))).is_file(), url
