"""A kit's version (pnp/read/version.py) on every printed page, in `pnp list` and in a log's `kit:` header; a
build's manifest, and `--changed-since`, which reprints only the pieces that changed (pnp/layout/changes.py)."""
import io
import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from conftest import GAMES, check_with, edit, run
from pnp.cli import cli
from pnp.layout import print_order as layout
from pnp.layout.imposition import Settings
from pnp.model.paper import PAPERS
from pnp.read.games import load_game
from pnp.read.version import kit_version

EXAMPLE = Path(__file__).resolve().parent.parent / "pnp" / "games" / "buried-treasure" / "examples" / \
    "basic-two-players.log"
CHANGED = {"cannon-flag-1,1,red,flags,1": "cannon-flag-1,1,red,flags,3",  # three cards' printed words changed
           "map-flag-1,1,green,flags,1": "map-flag-1,1,green,flags,4",
           "ship-flag-2,1,blue,flags,2": "ship-flag-2,1,blue,flags,4"}


def footers(folder: Path) -> list:
    """The footer lines of every page of the game's kit (duplex, A4), as layout gives them to the PDF."""
    game = load_game(str(folder))
    settings = Settings(paper=PAPERS["a4"])
    parts = layout.parts(game, settings)
    return [page.footer for page in layout.document(game, parts, settings, with_contents=False)]


def test_every_footer_carries_the_kits_version_which_changes_with_a_card_and_only_then(game_copy):
    folder = game_copy("buried-treasure")
    version = kit_version(load_game(str(folder)))
    assert re.fullmatch(r"[0-9a-f]{8}", version)
    before = footers(folder)
    assert before and all(f"kit {version}" in second for _, second in before)
    assert kit_version(load_game(str(folder))) == version  # read again, nothing changed: the same version
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text() + "\n# a comment changes no card\n")
    assert kit_version(load_game(str(folder))) == version
    edit(folder / "game-cards.csv", "cannon-flag-1,1,red,flags,1", "cannon-flag-1,1,red,flags,2")
    changed = kit_version(load_game(str(folder)))
    assert changed != version
    assert all(f"kit {changed}" in second and version not in second for _, second in footers(folder))


def test_a_template_or_artwork_the_kit_uses_changes_its_version(game_copy):
    folder = game_copy("buried-treasure")
    version = kit_version(load_game(str(folder)))
    (folder / "artwork").mkdir()
    (folder / "artwork" / "flag.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    assert kit_version(load_game(str(folder))) != version


def test_pnp_list_shows_the_kits_version():
    result = CliRunner().invoke(cli, ["list", "buried-treasure"])
    assert result.exit_code == 0, result.output
    assert f"kit {kit_version(load_game('buried-treasure'))}" in result.output.splitlines()[0]


def with_kit(tmp_path: Path, version: str) -> Path:
    text = EXAMPLE.read_text()
    log = tmp_path / "kit.log"
    log.write_text(text.replace("\nplayers:", f"\nkit: {version}\nplayers:", 1))
    return log


def test_a_log_played_with_another_kit_is_warned_of_and_still_passes(tmp_path):
    log = with_kit(tmp_path, "0badc0de")
    result = CliRunner().invoke(cli, ["check", str(log)])
    assert result.exit_code == 0, result.output
    line = next(i for i, text in enumerate(log.read_text().splitlines(), start=1) if text.startswith("kit:"))
    warnings = [text for text in result.output.splitlines() if "warning" in text]
    assert len(warnings) == 1 and f"kit.log:{line}:" in warnings[0]
    assert "0badc0de" in warnings[0] and kit_version(load_game("buried-treasure")) in warnings[0]


def test_a_log_played_with_this_kit_has_no_warning(tmp_path):
    result = CliRunner().invoke(cli, ["check", str(with_kit(tmp_path, kit_version(load_game("buried-treasure"))))])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output


def test_a_kit_header_is_no_problem_for_the_checker(game_copy, tmp_path):
    assert check_with(game_copy("buried-treasure"), with_kit(tmp_path, "0badc0de")) == []


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def test_a_build_writes_its_manifest(game_copy, tmp_path):
    folder = game_copy("buried-treasure")
    assert run(folder, tmp_path, "--duplex").exit_code == 0
    manifest = json.loads((tmp_path / "out" / "buried-treasure" / "buried-treasure-manifest.json").read_text())
    assert manifest["kit"] == kit_version(load_game(str(folder)))
    entries = manifest["variants"]["a4-duplex"]
    fronts = [entry for entry in entries if entry["component"] == "game-cards" and entry["side"] == "fronts"]
    game = load_game(str(folder))
    assert len(fronts) == game.components["game-cards"].card_total
    assert {entry["card"] for entry in fronts} == {card.id for card in game.components["game-cards"].cards}
    assert all(entry["page"] > 1 and entry["slot"] >= 1 and len(entry["key"]) == 16 for entry in entries)


def test_changed_since_reprints_exactly_the_changed_cards_with_a_checklist(game_copy, tmp_path):
    folder = game_copy("buried-treasure")
    assert run(folder, tmp_path).exit_code == 0
    out = tmp_path / "out" / "buried-treasure"
    old = tmp_path / "old-manifest.json"
    old.write_text((out / "buried-treasure-manifest.json").read_text())
    before = json.loads(old.read_text())["variants"]
    for was, now in CHANGED.items():
        edit(folder / "game-cards.csv", was, now)
    result = run(folder, tmp_path, "--changed-since", str(old))
    assert result.exit_code == 0, result.output
    ids = [now.split(",")[0] for now in CHANGED.values()]
    for variant in ("a4-duplex", "a4-fold"):
        pages = texts(out / f"buried-treasure-changed-{variant}.pdf")
        checklist = pages[0]
        for card in ids:
            assert card in checklist
            old_pages = {entry["page"] for entry in before[variant] if entry["card"] == card}
            assert any(f"page {number} slot" in checklist for number in old_pages)
        assert "Removed" not in checklist and "New pieces" not in checklist
        cards = "\n".join(pages[1:])
        assert cards.count("Steal up to") == 3  # the three changed fronts, and no other card's
        assert cards.count("BURIED\nTREASURE") == 3  # and their backs
        assert all(f"kit {kit_version(load_game(str(folder)))}" in text for text in pages)
        if variant == "a4-duplex":
            assert "backs" in cards and "fronts" in cards  # the backs printed behind them


def test_the_manifest_is_the_same_in_any_folder_and_sees_an_edited_picture(tmp_path):
    """A game copied elsewhere gives the manifest it gave (artwork in its own folder, drawn inside the dice
    nets the program makes); an artwork file edited, its name unchanged, changes exactly the faces showing it."""
    art = Path(__file__).resolve().parent.parent / "artwork" / "cannon-dice" / "explosion.svg"
    keys = []
    for name, colour in (("one", "#C0392B"), ("two", "#C0392B"), ("three", "#2030F0")):
        folder = tmp_path / name / "cannon-dice"
        shutil.copytree(GAMES / "cannon-dice", folder, ignore=shutil.ignore_patterns("examples", "__pycache__"))
        (folder / "artwork" / "cannon-dice").mkdir(parents=True)
        (folder / "artwork" / "cannon-dice" / "explosion.svg").write_text(
            art.read_text().replace("#C0392B", colour))
        assert run(folder, tmp_path / name, "--fold").exit_code == 0
        manifest = json.loads((tmp_path / name / "out" / "cannon-dice" / "cannon-dice-manifest.json").read_text())
        keys.append([(entry["component"], entry["side"], entry["key"]) for entry in manifest["variants"]["a4-fold"]])
    one, two, three = keys
    assert "#C0392B" in art.read_text() and one == two
    changed = {component for (component, _, key), (_, _, was) in zip(three, one) if key != was}
    assert changed == {"dice", "rules"}  # the die faces showing it, on the nets and in the rules sheet's picture


def test_changed_since_with_nothing_changed_says_so(game_copy, tmp_path):
    folder = game_copy("buried-treasure")
    assert run(folder, tmp_path, "--fold").exit_code == 0
    old = tmp_path / "old.json"
    old.write_text((tmp_path / "out" / "buried-treasure" / "buried-treasure-manifest.json").read_text())
    assert run(folder, tmp_path, "--fold", "--changed-since", str(old)).exit_code == 0
    pages = texts(tmp_path / "out" / "buried-treasure" / "buried-treasure-changed-a4-fold.pdf")
    assert len(pages) == 1 and "Nothing changed" in pages[0]


def test_changed_since_refuses_a_file_that_is_no_manifest(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = run("buried-treasure", tmp_path, "--changed-since", str(bad))
    assert result.exit_code == 2 and "--changed-since" in result.output


def test_a_log_of_an_older_kit_is_told_which_cards_changed_when_its_manifest_is_given(game_copy, tmp_path):
    folder = game_copy("buried-treasure")
    assert run(folder, tmp_path, "--fold").exit_code == 0
    old = tmp_path / "old.json"
    old.write_text((tmp_path / "out" / "buried-treasure" / "buried-treasure-manifest.json").read_text())
    played = kit_version(load_game(str(folder)))
    for was, now in CHANGED.items():
        edit(folder / "game-cards.csv", was, now)
    log = with_kit(tmp_path, played)
    result = CliRunner().invoke(cli, ["check", "--game", str(folder), "--manifest", str(old), str(log)])
    assert result.exit_code == 0, result.output
    warnings = [text for text in result.output.splitlines() if "warning" in text]
    assert len(warnings) == 1 and played in warnings[0]
    assert all(f"game-cards {now.split(',')[0]}" in warnings[0] for now in CHANGED.values())
    assert "cannon-flag-2" not in warnings[0]
