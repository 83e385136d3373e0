"""Shared test helpers."""
from __future__ import annotations

import atexit
import compileall
import gc
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check.loader import rules_for
from pnp.check.replay import check_text
from pnp.cli import COLLECTION, cli

TESTS = Path(__file__).resolve().parent
GAMES = TESTS.parent / "pnp" / "games"
TOY = Path(__file__).resolve().parent / "fixtures" / "toy"

# `pytest -m quick`, for an edit loop: the modules whose tests are all unit-sized (the reading of data and logs,
# the layout's geometry, the checker's pieces and three games' rules, the template sandbox's fast paths), chosen
# by their measured time: together some 15 s of one core. A module whose tests build whole kits, start
# processes or play many games is left out, however fast one of its tests may be.
QUICK = {
    "test_board", "test_card_lists", "test_chance", "test_check_buried_treasure", "test_check_engine",
    "test_check_pete_the_pirate", "test_check_pieces", "test_check_pirates_gold", "test_check_verbs",
    "test_code_shape", "test_command_options", "test_imposition", "test_json_inputs", "test_jsontext", "test_memo",
    "test_nets", "test_ods_cell_values", "test_paths", "test_pieces", "test_quickrender", "test_quickyaml",
    "test_rule_facts", "test_tiling", "test_toolkit", "test_wording", "test_yaml_error_lines",
}


def pytest_configure(config):
    """Before any worker starts, what the suite's ~80 processes of pnp would each make again made once: the
    package's modules compiled (on a fresh clone, or where PYTHONDONTWRITEBYTECODE is set, each process compiled
    every module it imported, some 0.35 s of processor time; up-to-date modules are only looked at), and
    matplotlib's font list kept in one folder (a process given an empty XDG_CACHE_HOME of its own, for an empty pnp
    cache, made it again, a quarter of a second each). And in every process, the test modules as pytest rewrites
    their asserts kept between runs (tests/__pycache__), as pytest does unless Python is told to write no bytecode:
    rewriting them all again took each worker some 4 s of processor time."""
    sys.dont_write_bytecode = False
    gc.set_threshold(*COLLECTION)  # the collector's pace of a pnp process (pnp/cli.py), in every test process
    atexit.register(gc.freeze)  # and, as a pnp process does, what it made left to the system as it ends: a worker's
    # last collection walked all that its tests had kept (some 2 s, the run waiting for it)
    if not hasattr(config, "workerinput"):  # pytest-xdist's workers have it; the run's own process has not
        compileall.compile_dir(GAMES.parent, quiet=1, workers=0)
        if hasattr(config, "cache"):  # (pytest's cache folder, unless its plugin is turned off)
            os.environ.setdefault("MPLCONFIGDIR", str(config.cache.mkdir("matplotlib")))
        workers = getattr(config.option, "numprocesses", None) or 0
        if workers > 1 and config.getoption("assertmode") == "rewrite":
            rewrite_once(sorted(TESTS.glob("test_*.py")), config, min(workers, os.cpu_count() or 1))


def rewrite_once(modules: list, config, shares: int) -> None:
    """The test `modules` whose asserts pytest has not yet rewritten and kept (a fresh clone's, or a module
    changed since), rewritten and kept now, in `shares` processes at once: each of xdist's workers would
    otherwise rewrite every one of them itself as it collects them, some 4 s of processor time each, at the same
    moment. The workers then find them kept, as on every later run. Done with pytest's own rewriting and keeping,
    and nothing done when a pytest has them no more (tests/test_suite_setup.py checks that they are there, and
    that pytest reads back what is kept here)."""
    try:
        from _pytest.assertion.rewrite import PYC_TAIL, _rewrite_test, _write_pyc, assertstate_key, get_cache_dir
    except ImportError:
        return
    todo = sorted((module for module in modules if not kept(module)), key=lambda module: -module.stat().st_size)
    if len(todo) < 2 * shares:  # a module or a few changed: the workers rewrite them as quickly
        return
    state, children = config.stash[assertstate_key], []
    for share in range(shares):  # this process takes the last share
        if share == shares - 1 or (child := os.fork()) == 0:
            break
        children.append(child)
    try:
        for module in todo[share::shares]:  # the largest first, dealt in turn: shares of about equal work
            folder = get_cache_dir(module)
            try:
                folder.mkdir(exist_ok=True)
                source_hash, code = _rewrite_test(module, config)
            except (OSError, SyntaxError, ValueError):  # a worker meets it again, and reports it as a collection error
                continue
            _write_pyc(state, code, source_hash, folder / (module.name[:-3] + PYC_TAIL))
    finally:
        if share < shares - 1:
            os._exit(0)
    for child in children:
        os.waitpid(child, 0)


def kept(module: Path) -> bool:
    """Whether pytest keeps the test module's rewritten code, made from the module as it is now: the kept file
    starts as pytest starts it, with the hash of the module's text (a pyc checked by its source's hash)."""
    import importlib.util

    from _pytest.assertion.rewrite import PYC_TAIL, get_cache_dir

    try:
        with open(get_cache_dir(module) / (module.name[:-3] + PYC_TAIL), "rb") as file:
            head = file.read(16)
    except OSError:
        return False
    start = importlib.util.MAGIC_NUMBER + b"\x03\x00\x00\x00"  # a pyc checked by the hash of its source
    return head == start + importlib.util.source_hash(module.read_bytes())[:8]


def pytest_collection_finish(session):
    """What collecting made (the test modules, their parameters, pnp's modules), kept all the run, frozen out of
    the cycle collector's passes, as a pnp process freezes what it made as it ends: each full pass walked them
    all again, and the collector took some 14 s of the suite's processor time (about 5 s with this and its pace)."""
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items):
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and module.__name__.rpartition(".")[2] in QUICK:
            item.add_marker(pytest.mark.quick)


def pytest_ignore_collect(collection_path, config):
    """Under `-m quick`, a test module neither named in QUICK nor marking tests quick itself (`pytestmark =
    pytest.mark.quick`) is not even imported: importing the others, and what they import, was a third of the run."""
    path = collection_path
    if config.getoption("markexpr") == "quick" and path.name.startswith("test_") and path.suffix == ".py":
        return path.stem not in QUICK and "pytest.mark.quick" not in path.read_text(encoding="utf-8")
    return None


def needs(program: str, package: str, use: str) -> str:
    """The path of a program a test runs (a Debian package's): on a developer's machine without it the test is
    skipped, saying what to install; under CI (CI=true, where .ci/run installs it) it fails, so that what it
    tests is never silently left untested."""
    found = shutil.which(program) or f"/usr/bin/{program}"
    if Path(found).exists():
        return found
    reason = f"{use} needs {program}, which is not installed (apt-get install {package})"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + "; under CI it must be: .ci/run installs it")
    pytest.skip(reason)


@pytest.fixture
def game_copy(tmp_path):
    """`game_copy(slug)`: a private copy of a game's folder, whose data a test may change."""
    def copy(slug: str) -> Path:
        folder = tmp_path / slug
        shutil.copytree(GAMES / slug, folder, ignore=shutil.ignore_patterns("examples", "__pycache__"))
        return folder
    return copy


def check_with(folder: Path, log: Path) -> list:
    """The problems of a log checked against the game folder's rules, as `pnp check --game FOLDER LOG` finds them."""
    return check_text(log.read_text(), "copy.log", rules=rules_for(str(folder))).violations


@pytest.fixture
def toy(tmp_path):
    """A private copy of the small test game, whose files a test may change."""
    game = tmp_path / "toy"
    shutil.copytree(TOY, game)
    return game


def overlap(a, b) -> bool:
    """Whether two boxes (pnp.model.geometry.Box) share more than an edge."""
    return a.x0 < b.x1 - 1e-6 and b.x0 < a.x1 - 1e-6 and a.y0 < b.y1 - 1e-6 and b.y0 < a.y1 - 1e-6


def edit(path: Path, old: str, new: str):
    """Replace the first `old` in a file by `new`; `old` must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def run(game, tmp_path, *args):
    """`pnp build -v` of a game folder into tmp_path/out, as the command line runs it (no exception escapes): -v,
    so that every warning is said in full, each on its line, with each part's line and every file written (a
    build without it says one line for the game, its warnings counted: tests/test_build_cli.py)."""
    result = CliRunner().invoke(cli, ["build", str(game), "--out", str(tmp_path / "out"), "-v", *args])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


def jumbled(rng, texts: list) -> str:
    """A simulated log with lines dropped, repeated, moved, borrowed from another game, or reworded."""
    lines = rng.choice(texts).split("\n")
    borrowed = [line for text in texts for line in text.split("\n")]
    for _ in range(rng.randint(1, 8)):
        at, change = rng.randrange(len(lines)), rng.randrange(5)
        if change == 0 and len(lines) > 1:
            del lines[at]
        elif change == 1:
            lines.insert(at, rng.choice(lines))
        elif change == 2:
            lines.insert(at, rng.choice(borrowed))
        elif change == 3:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif lines[at].split():
            words = lines[at].split()
            words[rng.randrange(len(words))] = rng.choice(rng.choice(borrowed).split() or ["?"])
            lines[at] = " ".join(words)
    return "\n".join(lines)


def stats_problems(counts: dict) -> list:
    """What does not add up in the counts of `pnp stats` (pnp.stats.tally): empty when every game is counted
    once in every table."""
    problems = []
    blocks = counts["players"]
    if counts["games"] != sum(block["games"] for block in blocks.values()):
        problems.append("the games of each number of players do not add up to the games")
    for n, block in blocks.items():
        games, players = block["games"], int(n)
        decided = games - block["shared"] - block["unsettled"]
        for kind in ("order", "seat"):
            places = block[kind]
            if len(places["wins"]) != players or sum(places["wins"]) != decided:
                problems.append(f"{n} players: the wins by {kind} are not one a game won by one player")
            if sum(places["shared"]) < 2 * block["shared"]:
                problems.append(f"{n} players: a shared win by {kind} counts fewer than two players")
            if any(sum(scores.values()) != games for scores in places["scores"]):
                problems.append(f"{n} players: a place by {kind} lacks a score in some game")
        bots = block["bots"].values()
        if sum(b["seats"] for b in bots) != games * players or sum(b["wins"] for b in bots) != decided:
            problems.append(f"{n} players: the bots' seats or wins do not add up")
        if any(sum(block[name].values()) != games for name in ("margin", "events", "moves")):
            problems.append(f"{n} players: a histogram does not count every game once")
    events = sum(int(length) * times for block in blocks.values() for length, times in block["events"].items())
    if events != sum(counts["verbs"].values()):
        problems.append("the events by verb do not add up to the events of the games")
    return problems


# The browser the tests drive: Chromium's headless shell (Debian's chromium-headless-shell), the same engine as the
# whole browser without a window's machinery, and so lighter to run.
CHROMIUM = "chromium-headless-shell"


def chromium(use: str) -> str:
    """The headless Chromium's path (see `needs`), for a test that needs it for `use`."""
    return needs(CHROMIUM, CHROMIUM, use)


def hears_ctrl_c() -> None:
    """Given to subprocess.Popen as preexec_fn: the child hears Ctrl-C (SIGINT) even when this process ignores it,
    as a test worker of pytest -n does (a child inherits an ignored signal, and would never stop on one)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium (the system's, through Playwright), shared by a module's tests."""
    program = chromium("the record page's test drives it in a browser")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=program, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()
