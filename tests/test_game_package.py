"""A designer's game as a package of its own: `pnp new FOLDER --rules` makes it, `pip install -e FOLDER`
installs it into a fresh virtual environment, and there pnp builds its kit, plays a thousand races with its
bots, checks them and its example logs, and reports its statistics, by its slug, with no file of pnp changed.

The fresh environment sees this one's packages (pnp and what it needs, and pip) through a .pth line, so it is
made without a pip of its own (installing one is most of what making it costs). The game is built by the build
backend this environment has (hatchling and editables), else by one pip fetches into an environment of its own,
as for any install, through the user's pip cache: three times the processor time."""
from __future__ import annotations

import importlib.util
import json
import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def package_files() -> dict:
    """What a designer would have to change in pnp to add a game: its registrations (pyproject.toml), its games'
    folder, and the files of its package (by path: none added or taken away)."""
    games = ROOT / "pnp" / "games"
    return {"pyproject": (ROOT / "pyproject.toml").read_bytes(),
            "games": {path: path.read_bytes() for path in games.rglob("*")
                      if path.is_file() and "__pycache__" not in path.parts and "rules" not in path.parts},
            "files": {path for path in (ROOT / "pnp").rglob("*") if "__pycache__" not in path.parts}}


def fresh_environment(folder: Path) -> Path:
    """A new virtual environment that also sees this one's installed packages, pip among them; its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    ours = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    lines = "".join(f"import site; site.addsitedir({path!r})\n" for path in dict.fromkeys(ours))
    (Path(purelib) / "project-packages.pth").write_text(lines)
    return python


def build_isolation() -> list:
    """pip's option to build the game with the build backend this environment has, when it has it."""
    has_backend = all(importlib.util.find_spec(name) for name in ("hatchling", "editables"))
    return ["--no-build-isolation"] if has_backend else []


def test_a_game_made_with_pnp_new_rules_installs_and_runs_through_every_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = package_files()
    made = CliRunner().invoke(cli, ["new", "sea-race", "--rules"])
    assert made.exit_code == 0, made.output
    game = tmp_path / "sea-race"
    assert (game / "sea_race" / "__init__.py").is_file() and (game / "sea_race" / "rules" / "__init__.py").is_file()
    assert 'sea-race = "sea_race"' in (game / "pyproject.toml").read_text()
    python = fresh_environment(tmp_path / "venv")
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    own_cache = {**env, "XDG_CACHE_HOME": str(tmp_path / "cache")}  # pnp's cache the test's own, pip's the user's

    def pnp(*args, code=0):
        done = subprocess.run([str(python), "-m", "pnp", *map(str, args)], capture_output=True, text=True,
                              env=own_cache, cwd=tmp_path)
        assert done.returncode == code, done.stdout + done.stderr
        return done.stdout

    installed = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", *build_isolation(),
                                "-e", str(game)], capture_output=True, text=True, env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert "sea-race" in pnp("list")
    pnp("build", "sea-race", "--out", tmp_path / "out")
    assert (tmp_path / "out" / "sea-race" / "sea-race-kit-a4-duplex.pdf").is_file()
    assert "1,000 logs" in pnp("simulate", "sea-race", "--games", 1000, "--bots", "random,greedy,bold",
                              "--out", tmp_path / "sims")
    assert len(list((tmp_path / "sims").glob("*.log"))) == 1000
    pnp("check", tmp_path / "sims", "-q")
    pnp("check", game / "logs" / "legal.log")
    assert "RACE-" in pnp("check", game / "logs" / "illegal.log", code=1)
    pnp("stats", "sea-race", "--games", 1000, "--bots", "random,greedy", "--out", tmp_path / "stats")
    data = json.loads((tmp_path / "stats" / "sea-race-stats.json").read_text())
    assert data["counts"]["games"] == 1000
    tested = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(game / "tests")],
                            capture_output=True, text=True, env=own_cache, cwd=game)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert package_files() == before
