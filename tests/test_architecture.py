"""The print side's stages import only backwards (docs/architecture.md), and the checker's commands load none of
the libraries that draw.

    model  <-  read  <-  typeset  <-  layout  <-  render  <-  write

A module of a stage may import its own stage and the stages before it, and the shared modules at the top of the
package (errors, wording, chance, resources, textfile, memo); those shared modules import no stage. Imports are read
from the source (every `import` and `from ... import`, inside functions too), not by running it.
"""
from __future__ import annotations

import ast
import csv
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pnp"
STAGES = ("model", "read", "typeset", "layout", "render", "write")
SHARED = ("errors", "wording", "chance", "resources", "textfile", "memo")  # modules at the top any stage may use
DRAWING = {"reportlab", "PIL", "jinja2"}
SPREADSHEETS = {"openpyxl", "odf"}


def imported(path: Path, package: Path) -> list[tuple[int, str]]:
    """(line, module) of every module of the package a Python file imports."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "pnp" else [  # `from pnp import cache`, not `__version__`
                f"pnp.{alias.name}" for alias in node.names
                if (package / alias.name).is_dir() or (package / f"{alias.name}.py").is_file()]
            found += [(node.lineno, name) for name in names if name.startswith("pnp.")]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("pnp.")]
    return found


def backward_imports(package: Path) -> list[str]:
    """`file:line imports module` for each import that runs up the stages, or from a shared module into one."""
    wrong = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).parts
        if parts[0] in STAGES:
            allowed = set(STAGES[:STAGES.index(parts[0]) + 1]) | set(SHARED)
        elif len(parts) == 1 and path.stem in SHARED:
            allowed = set(SHARED)
        else:
            continue  # the commands, the checker and the build that runs every stage may import any of them
        for line, module in imported(path, package):
            if module.split(".")[1] not in allowed:
                wrong.append(f"{path.relative_to(package.parent)}:{line} imports {module}")
    return wrong


def test_the_top_of_the_package_holds_only_the_entry_points_and_the_shared_modules():
    """Everything else lives in a folder that says what it is: a stage, the build that runs them, the checker,
    the commands ..."""
    assert sorted(path.stem for path in PACKAGE.glob("*.py")) == sorted(["__init__", "__main__", "cli", *SHARED])


def test_no_import_runs_back_up_the_stages():
    assert backward_imports(PACKAGE) == []


def test_the_check_finds_an_import_that_runs_back_up(tmp_path):
    package = tmp_path / "pnp"
    for folder, text in (("model", "from pnp.layout.kinds import LAYOUTS\n"),
                         ("render", "def f():\n    from pnp.write import pdf\n"),
                         ("layout", "from pnp.model.game import Game\nimport pnp.render.draw\n")):
        (package / folder).mkdir(parents=True)
        (package / folder / "mod.py").write_text(text)
    (package / "errors.py").write_text("from pnp.read.games import load_game\n")
    assert backward_imports(package) == ["pnp/errors.py:1 imports pnp.read.games",
                                         "pnp/layout/mod.py:2 imports pnp.render.draw",
                                         "pnp/model/mod.py:1 imports pnp.layout.kinds",
                                         "pnp/render/mod.py:2 imports pnp.write"]


PROBE = ("import sys, runpy\nsys.argv = ['pnp'] + sys.argv[1:]\ntry:\n"
         "    runpy.run_module('pnp', run_name='__main__')\nexcept SystemExit:\n    pass\n"
         "print('LOADED', ' '.join(sorted(sys.modules)))")


def modules_loaded(tmp_path: Path, *args: str) -> set[str]:
    """Every module a `pnp` command has loaded when it ends, run in a new process."""
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(PACKAGE.parent)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    line = next((line for line in done.stdout.splitlines() if line.startswith("LOADED ")), None)
    assert line, done.stdout + done.stderr
    return set(line.split()[1:])


def loaded(tmp_path: Path, *args: str) -> set[str]:
    """The top-level modules a `pnp` command has loaded when it ends, run in a new process."""
    return {name.split(".")[0] for name in modules_loaded(tmp_path, *args)}


@pytest.mark.parametrize("command", ["check", "simulate"])
def test_the_checker_loads_nothing_that_draws(tmp_path, command):
    game = "cannon-dice"
    if command == "check":
        args = ["check", str(next((PACKAGE / "games" / game / "examples").glob("*.log")))]
    else:
        args = ["simulate", game, "--games", "2", "--out", str(tmp_path / "logs")]
    modules = loaded(tmp_path, *args)
    assert "pnp" in modules and not modules & DRAWING, sorted(modules & DRAWING)


def test_a_kit_loads_the_layouts_of_the_kinds_it_has_only(tmp_path):
    """A deck of cards alone never loads the layouts of boards, nets or the rules sheet (pnp/layout/kinds.py)."""
    game = tmp_path / "deck"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "toy", game)
    data = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text("rules_elsewhere: in the box\n" + data[:data.index("\n  sheet:\n")] + "\n",
                                    encoding="utf-8")  # its deck alone
    modules = modules_loaded(tmp_path, "build", str(game), "--duplex", "--out", str(tmp_path / "out"))
    assert (tmp_path / "out" / "deck").is_dir() and "pnp.layout.cards" in modules
    assert not modules & {"pnp.layout.boards", "pnp.layout.cutouts", "pnp.layout.rulesheet"}


def test_only_a_spreadsheet_card_list_loads_the_spreadsheet_libraries(tmp_path):
    examples = PACKAGE / "games" / "cannon-dice" / "examples"
    for args in (["check", str(next(examples.glob("*.log")))], ["list", "buried-treasure"]):
        assert not loaded(tmp_path, *args) & SPREADSHEETS, args
    game = tmp_path / "game"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "toy", game)
    import openpyxl

    book = openpyxl.Workbook()
    for row in csv.reader((game / "deck.csv").read_text(encoding="utf-8").splitlines()):
        book.active.append(row)
    book.save(game / "deck.xlsx")
    (game / "game.yaml").write_text((game / "game.yaml").read_text(encoding="utf-8").replace(
        "cards: deck.csv", "cards: deck.xlsx"), encoding="utf-8")
    assert "openpyxl" in loaded(tmp_path, "list", str(game))


def test_a_build_loads_what_draws(tmp_path):
    """The probe above sees those libraries when a command loads them."""
    game = Path(__file__).resolve().parent / "fixtures" / "toy"
    assert DRAWING <= loaded(tmp_path, "build", str(game), "--duplex", "--out", str(tmp_path / "out"))
