"""Every path a game names stays inside its folders: no absolute path, no `..` out, no symbolic link out."""
import shutil

import pytest

from conftest import TOY, edit, run
from pnp import resources
from pnp.errors import Where

ABSOLUTE, CLIMBING, LINKED = "absolute", "climbing", "linked"
MESSAGES = {ABSOLUTE: "is not a relative path", CLIMBING: "leads outside", LINKED: "is a link to a file outside"}


def outside(tmp_path, name: str, source) -> str:
    """A readable file beside (not inside) the game's folder, a copy of a real one: only the confinement
    can keep it from being used."""
    shutil.copy(source, tmp_path / name)
    return name


def naming(toy, tmp_path, how: str, folder: str, name: str) -> str:
    """How a game would name the outside file `name` from `folder` (relative to the game) in each way."""
    if how == ABSOLUTE:
        return str(tmp_path / name)
    if how == CLIMBING:
        return "../" * (folder.count("/") + 1 if folder else 0) + "../" + name
    link = toy / folder / f"linked-{name}"
    link.symlink_to(tmp_path / name)
    return link.name


# (where the name is written, the text it replaces, the folder it is resolved in, an example file, where reported)
PLACES = {
    "cards": ("game.yaml", "cards: deck.csv", "", TOY / "deck.csv", "game.yaml:13: deck.cards: "),
    "template": ("game.yaml", "template: front.yaml.j2", "templates", TOY / "templates/front.yaml.j2",
                 "game.yaml:11: deck.template: "),
    "back": ("game.yaml", "back: back.yaml.j2", "templates", TOY / "templates/back.yaml.j2",
             "game.yaml:12: deck.back: "),
    "card back": ("deck.csv", "own-back.yaml.j2", "templates", TOY / "templates/own-back.yaml.j2",
                  "deck.csv:4: back: "),
    "background": ("game.yaml", "background: numbered-background.yaml.j2", "templates",
                   TOY / "templates/numbered-background.yaml.j2", "game.yaml:46: numbered.background: "),
    "art src": ("templates/front.yaml.j2", "src: dot.svg", "artwork", TOY / "artwork/dot.svg", "step 2.art.src: "),
}


@pytest.mark.parametrize("how", [ABSOLUTE, CLIMBING, LINKED])
@pytest.mark.parametrize("place", PLACES)
def test_a_path_cannot_leave_its_folder(toy, tmp_path, place, how):
    file, old, folder, example, reported = PLACES[place]
    name = naming(toy, tmp_path, how, folder, outside(tmp_path, "elsewhere" + example.name, example))
    key = old.split(": ")[0] + ": " if ": " in old else ""
    edit(toy / file, old, key + name)
    result = run(toy, tmp_path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert reported in result.output and MESSAGES[how] in result.output


@pytest.mark.parametrize("how", [ABSOLUTE, CLIMBING, LINKED])
@pytest.mark.parametrize("statement", ['{%% include "%s" %%}', '{%% import "%s" as other %%}',
                                       '{%% extends "%s" %%}'])
def test_a_template_cannot_include_what_lies_outside(toy, tmp_path, statement, how):
    name = naming(toy, tmp_path, how, "templates", outside(tmp_path, "elsewhere.j2", TOY / "templates/back.yaml.j2"))
    edit(toy / "templates/front.yaml.j2", "- rect:", statement % name + "\n- rect:")
    result = run(toy, tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "front.yaml.j2:1: not allowed in a template: " in result.output and MESSAGES[how] in result.output


def test_paths_inside_the_folders_still_work(toy, tmp_path):
    (toy / "templates/parts").mkdir()
    shutil.move(toy / "templates/back.yaml.j2", toy / "templates/parts/back.yaml.j2")
    (toy / "templates/back.yaml.j2").symlink_to("parts/back.yaml.j2")  # a link that stays inside
    edit(toy / "templates/front.yaml.j2", "- rect:", '{% include "parts/../parts/back.yaml.j2" %}\n- rect:')
    (toy / "lists").mkdir()
    shutil.move(toy / "deck.csv", toy / "lists/deck.csv")
    edit(toy / "game.yaml", "cards: deck.csv", "cards: ./lists/deck.csv")
    result = run(toy, tmp_path, "--duplex")
    assert result.exit_code == 0, result.output


def test_find_file_looks_in_each_root_in_turn(tmp_path):
    first, second = tmp_path / "game", tmp_path / "shared"
    (second / "sub").mkdir(parents=True)
    first.mkdir()
    (second / "sub/a.txt").write_text("shared")
    spot, problems = Where("game.yaml", 7, "deck.cards"), []

    def find(name: str, missing: str | None = "not there"):
        return resources.find_file(name, [first, second], "the folders", spot, problems, missing)

    assert find("sub/a.txt") == (second / "sub/a.txt").resolve()
    (first / "sub").mkdir()
    (first / "sub/a.txt").write_text("own")
    assert find("sub/a.txt") == (first / "sub/a.txt").resolve() and problems == []
    assert find("sub/missing.txt", missing=None) is None and problems == []
    assert find("sub/missing.txt") is None and problems == [(spot, "not there")]
    for name in ("", "/etc/passwd", "file:///etc/passwd", "https://example.com/a", "sub/../../a.txt", ".."):
        problems.clear()
        assert find(name) is None and len(problems) == 1 and problems[0][0] == spot, name
        assert "the folders" in problems[0][1]
