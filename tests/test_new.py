"""`pnp new`: a game folder that builds at once, on its own, from our starter or from a shipped game."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import resources
from pnp.cli import cli

SLUGS = ["buccaneer", "buried-treasure", "cannon-dice", "pete-the-pirate", "pirates-gold"]


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A fresh working folder and cache."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def on_its_own(monkeypatch, tmp_path) -> None:
    """From now on the package's shared templates and artwork are not there: a game that still builds holds
    every file it needs."""
    monkeypatch.setattr(resources, "resource_dir", lambda name: tmp_path / "no-shared-folders" / name)


def test_a_new_game_builds_at_once_with_no_warning(here, monkeypatch):
    result = run("new", "x")
    assert result.exit_code == 0, result.output
    assert "pnp build x" in result.output
    folder = here / "x"
    assert {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()} >= {
        "game.yaml", "cards.csv", "how-to-play.md", "artwork/emblem.svg", "templates/front.yaml.j2",
        "templates/back.yaml.j2", "templates/score-sheet.yaml.j2"}
    assert "__NAME__" not in (folder / "game.yaml").read_text() and "name: X\n" in (folder / "game.yaml").read_text()
    on_its_own(monkeypatch, here)
    result = run("build", "x", "--warnings-as-errors")
    assert result.exit_code == 0, result.output
    made = {path.name for path in (here / "output" / "x").iterdir()}
    assert made == {f"{part}-a4-{form}.pdf" for part in ("x-kit", "rules", "cards", "score-sheet")
                    for form in ("duplex", "fold")} | {"duplex-test-a4.pdf", "x-manifest.json"}


@pytest.mark.parametrize("slug", SLUGS)
def test_a_game_started_from_a_shipped_one_builds_on_its_own(here, monkeypatch, slug):
    result = run("new", "mine", "--from", slug)
    assert result.exit_code == 0, result.output
    assert "checker rules" in result.output and "not copied" in result.output
    folder = here / "mine"
    assert not (folder / "rules").exists() and not (folder / "RULES.md").exists()
    assert not [path for path in folder.rglob("*") if path.is_symlink()]
    on_its_own(monkeypatch, here)
    result = run("build", "mine", "--duplex")
    assert result.exit_code == 0, result.output
    assert (here / "output" / "mine" / "mine-kit-a4-duplex.pdf").is_file()


def test_an_existing_folder_or_file_is_never_written_over(here):
    (here / "taken").mkdir()
    (here / "taken" / "notes.txt").write_text("mine")
    (here / "file").write_text("mine")
    for name in ("taken", "file"):
        result = run("new", name)
        assert result.exit_code == 2 and f"{name} already exists" in result.output
    assert [path.name for path in (here / "taken").iterdir()] == ["notes.txt"]
    assert (here / "file").read_text() == "mine"
    assert sorted(path.name for path in here.iterdir()) == ["file", "taken"]  # nothing left beside them


def test_a_name_that_cannot_be_a_game_is_refused(here):
    for args, said in ((["new", "buccaneer"], "a game pnp ships"), (["new", "my game"], "letters, digits"),
                       (["new", "x", "--from", "treasure"], "unknown game")):
        result = run(*args)
        assert result.exit_code == 2 and said in result.output, args
    assert list(here.iterdir()) == []


def test_a_new_game_can_be_made_in_another_folder(here):
    result = run("new", str(Path("games") / "first"))
    assert result.exit_code == 0, result.output
    assert (here / "games" / "first" / "game.yaml").is_file()
    assert run("build", str(here / "games" / "first"), "--fold", "--out", str(here / "out")).exit_code == 0
