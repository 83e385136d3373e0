"""`pnp check`: output shape, exit codes, --strict, --format json, logs that cannot be read, and no traceback."""
from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzz_logs import verdict
from pnp.commands import check
from pnp.errors import shown, shown_all

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "pnp" / "games" / "buried-treasure" / "examples" / "basic-two-players.log"
FAILING = Path(__file__).parent / "logs" / "buried-treasure"


def run_check(*args):
    result = CliRunner().invoke(check.command, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback would have reached the user
    return result


def write(tmp_path: Path, text: str, name: str = "game.log") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_valid_log_says_so_and_exits_0():
    result = run_check(EXAMPLE)
    assert result.exit_code == 0
    assert result.output.strip().endswith("scores right: Mia 50, Tom 55; winner Tom")


def test_a_broken_rule_is_reported_as_file_line_code_message_and_exits_1():
    result = run_check(FAILING / "bt-take-card.log")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{shown(FAILING / 'bt-take-card.log')}:20: BT-TAKE-CARD column 2 shows cannon on top, not cannon-flag-1"]


def test_every_problem_is_reported_and_strict_stops_at_the_first(tmp_path):
    text = EXAMPLE.read_text()
    text = text.replace("Mia take 1 ship ", "Mia take 5 ship ").replace("final Mia 50 Tom 55", "final Mia 51 Tom 55")
    path = write(tmp_path, text)
    everything = run_check(path, "--quiet").output.splitlines()
    assert [line.split()[1] for line in everything] == ["BT-TAKE-COLUMN", "BT-FINAL-SCORE"]
    strict = run_check(path, FAILING / "bt-winner.log", "--strict")
    assert strict.exit_code == 1
    assert strict.output.splitlines() == everything[:1]


def test_json_lists_objects_with_file_line_rule_message(tmp_path):
    result = run_check(FAILING / "bt-steal.log", write(tmp_path, "game: buried-treasure\nplayers: A B\nstarts: A\nA tak 1 map\n"),
                       "--format", "json")
    assert result.exit_code == 2
    problems = json.loads(result.output)
    assert [(p["line"], p["rule"], p["kind"]) for p in problems] == [(21, "BT-STEAL", "rule"), (4, "LOG-SYNTAX", "read")]
    assert all({"file", "line", "rule", "message"} <= set(p) for p in problems)


def test_a_folder_stands_for_the_logs_below_it():
    result = run_check(FAILING, "--quiet")
    assert result.exit_code == 1
    assert len({line.split(":")[0] for line in result.output.splitlines()}) == len(list(FAILING.glob("*.log")))


@pytest.mark.parametrize("text, line, rule", [
    ("players: A B\n", 1, "LOG-HEADER"),                                               # no game
    ("game: buried-treasure\nstarts: A\n", 1, "LOG-HEADER"),                          # no players
    ("game: buried-treasure\nplayers: A B\n", 1, "LOG-HEADER"),                       # no starts
    ("game: buried-treasure\nplayers: A B\nstarts: A\ncolour: red\n", 4, "LOG-HEADER"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nadvanced: maybe\n", 4, "LOG-HEADER"),
    ("game: buried-treasure\nplayers: A A\nstarts: A\n", 2, "LOG-HEADER"),
    ("game: buried-treasure\nplayers: A take\nstarts: A\n", 2, "LOG-HEADER"),
    ("game: buried-treasure\ngame: buried-treasure\n", 2, "LOG-HEADER"),
    ("game: treasure-island\nplayers: A B\n", 1, "LOG-GAME"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nround 1\nstarts: B\n", 5, "LOG-SYNTAX"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\n\n# c\nA take 1 sihp\n", 6, "LOG-CARD"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nscorecard E\n", 4, "LOG-CARD"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nA steal Zed 1\n", 4, "LOG-PLAYER"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nZed take 1 ship\n", 4, "LOG-PLAYER"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\ntake 1 ship\n", 4, "LOG-SYNTAX"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nA deal 1 ship\n", 4, "LOG-SYNTAX"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nA take 1 ship ship\n", 4, "LOG-SYNTAX"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nA take -1 ship\n", 4, "LOG-SYNTAX"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nfinal A 3 A 4\n", 4, "LOG-SYNTAX"),
    ("game: buried-treasure\nplayers: A B\nstarts: A\nround \u00b2\n", 4, "LOG-SYNTAX"),
])
def test_a_log_that_cannot_be_read_exits_2_with_its_line(tmp_path, text, line, rule):
    result = run_check(write(tmp_path, text))
    assert result.exit_code == 2
    assert (line, rule) in [(int(l.split(":")[1]), l.split()[1]) for l in result.output.splitlines()]


def test_unreadable_files_are_reported_with_file_and_line(tmp_path):
    binary = tmp_path / "photo.log"
    binary.write_bytes(b"game: buried-treasure\nplayers: A B\n\xff\xd8\xff\xe0")
    nul = tmp_path / "nul.log"
    nul.write_bytes(b"game: buried-treasure\n\n\x00")
    result = run_check(binary, nul, tmp_path / "missing.log", "--quiet")
    assert result.exit_code == 2
    assert [line.split(" ", 2)[:2] for line in result.output.splitlines()] == [
        [f"{shown(binary)}:3:", "LOG-FILE"], [f"{shown(nul)}:3:", "LOG-FILE"],
        [f"{shown(tmp_path / 'missing.log')}:1:", "LOG-FILE"]]


def test_many_paths_are_shown_as_each_is_alone(monkeypatch, tmp_path):
    """A folder's logs are named resolving the folder once: each as `shown` names it, links and all."""
    inside, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    (inside / "logs" / "deeper").mkdir(parents=True)
    elsewhere.mkdir()
    for path in (inside / "logs" / "a.log", inside / "logs" / "deeper" / "b.log", elsewhere / "c.log"):
        path.write_text("")
    (inside / "logs" / "to-c.log").symlink_to(elsewhere / "c.log")
    (inside / "logs" / "to-a.log").symlink_to(inside / "logs" / "a.log")
    (inside / "linked").symlink_to(inside / "logs")
    (inside / "out").symlink_to(elsewhere)
    monkeypatch.chdir(inside)
    paths = ["logs/a.log", "logs/deeper/b.log", "logs/to-c.log", "logs/to-a.log", "linked/a.log", "out/c.log",
             "logs/../logs/a.log", "logs/missing.log", "missing/x.log", "a.log", ".", "..", "-",
             str(inside / "logs" / "a.log"), str(elsewhere / "c.log"), "../elsewhere/c.log", "logs/a.log/x"]
    assert shown_all(paths) == [shown(path) for path in paths]
    assert shown_all(map(Path, paths)) == [shown(path) for path in paths]


def test_a_crash_of_the_checker_is_a_file_problem_not_a_traceback(monkeypatch, tmp_path):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(check, "check_path", broken)
    result = run_check(EXAMPLE)
    assert result.exit_code == 2
    assert f"{shown(EXAMPLE)}:1: LOG-INTERNAL" in result.output and "boom" in result.output


# --- anything at all: an answer, never a traceback ---------------------------------------------------

WORDS = ["game:", "players:", "buried-treasure", "Mia", "Tom", "take", "extra", "steal", "play", "pass", "deal",
         "round", "scorecard", "scores", "final", "winner", "hand", "to", "ship", "map-flag-2", "wild", "blue",
         "1", "2", "3", "4", "7", "0", "-1", "#", ":", ",", "\n", "\n", "\t", "é", "\u2028", "\x0c", "\r\n"]


EVENTS = ["round {n}", "scorecard {s}", "deal {n} {c} {c} {c} {c} {c} {c}", "deal {n} {c} {c} {c}", "hand {p} {h} {h} {h}",
          "{p} take {n} {c}", "{p} take {n} {c} to {p}", "{p} extra {n} {c}", "{p} steal {p} {n}", "{p} play {h}",
          "{p} play {h} blue to {p}", "{p} pass", "scores Mia {n} Tom {n}", "final Tom {n} Mia {n}", "winner {p}"]


def well_formed(rng: random.Random) -> bytes:
    """Lines the reader understands, in any order: they drive the rules through states no game reaches."""
    lines = [f"game: buried-treasure\nplayers: Mia Tom\nstarts: Mia\nadvanced: {rng.choice(['yes', 'no'])}"]
    for _ in range(rng.randrange(150)):
        lines.append(rng.choice(EVENTS).format_map(_Random(rng)))
    return "\n".join(lines).encode()


class _Random(dict):
    def __init__(self, rng):
        super().__init__()
        self.rng = rng

    def __missing__(self, key):
        return {"n": lambda: str(self.rng.randrange(1, 7)), "p": lambda: self.rng.choice(["Mia", "Tom"]),
                "c": lambda: self.rng.choice(["cannon", "ship", "ship-extra", "map-flag-3", "pirate-flag-1", "map"]),
                "h": lambda: self.rng.choice(["cannon", "wild", "starter-map"]),
                "s": lambda: self.rng.choice("ABCD")}[key]()


def noise(rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    if kind == 1:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(300))).encode("utf-8", "replace")
    if kind == 2:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(120))).encode()
    if kind == 3:
        return well_formed(rng)
    text = EXAMPLE.read_bytes()
    return text[:rng.randrange(len(text))]  # truncated anywhere, even inside a word or a character


@pytest.mark.parametrize("seed", range(4))  # the suite's share: `python tests/fuzz_logs.py --long` goes further
def test_random_text_binary_and_truncated_logs_never_raise(tmp_path, seed):
    rng = random.Random(seed)
    paths = []
    for number in range(40):
        path = tmp_path / f"noise-{number}.log"
        path.write_bytes(noise(rng))
        paths.append(path)
    for form in ("text", "json"):
        args = [*paths, "--format", form]
        result = CliRunner().invoke(check.command, [str(a) for a in args])
        assert verdict(result, args) == ""  # no traceback, no LOG-INTERNAL, nothing but problems and `ok` lines


def test_truncated_logs_are_unfinished_games(tmp_path):
    lines = EXAMPLE.read_text().splitlines(keepends=True)
    for cut in range(12, len(lines) - 2, 7):
        path = write(tmp_path, "".join(lines[:cut]))
        result = run_check(path)
        assert result.exit_code == 1, result.output
        assert " BT-GAME-END the log stops in " in result.output


# --- logs as they come: line ends, empty lines, huge lines, the wrong number of players --------------

@pytest.mark.parametrize("end", ["\r", "\r\n"])
def test_old_mac_and_windows_line_ends_read_like_unix_ones(tmp_path, end):
    for log in (EXAMPLE, FAILING / "bt-take-card.log", FAILING / "bt-steal-count.log"):
        path = tmp_path / "other.log"
        path.write_bytes(log.read_text().replace("\n", end).encode())
        assert run_check(path).output.replace(shown(path), "LOG") == run_check(log).output.replace(shown(log), "LOG")
    assert run_check(path).output.startswith(f"{shown(path)}:35: BT-STEAL-COUNT")  # the line of bt-steal-count.log


def test_lines_of_commas_are_empty_and_a_verb_without_its_words_is_a_syntax_problem(tmp_path):
    text = EXAMPLE.read_text().replace("\nround 2", "\n,,\n , ,\nround 2")
    assert run_check(write(tmp_path, text)).exit_code == 0
    swapped = text.replace("Mia take 1 ship ", "Mia ship 1 take ", 1).replace("Tom steal Mia 1", "Tom steal", 1)
    problems = run_check(write(tmp_path, swapped), "--quiet").output.splitlines()
    assert [line.split(" ")[1] for line in problems] == ["LOG-SYNTAX", "LOG-SYNTAX"]


@pytest.mark.parametrize("line", ["take " + "ship" * 250_000, "Mia take 1 " + "ship " * 200_000, "game: " + "x" * 10**6])
def test_a_huge_line_is_quoted_in_at_most_80_characters(tmp_path, line):
    text = EXAMPLE.read_text()
    text = text.replace("game: buried-treasure", line) if line.startswith("game:") else text + line + "\n"
    result = run_check(write(tmp_path, text), "--quiet")
    assert result.exit_code == 2
    message = result.output.strip().split(" ", 2)[2]
    assert len(message) < 300 and not re.search(r"(?:ship|x| ){81}", message), message


@pytest.mark.parametrize("game, players, code", [("buried-treasure", "Ann Bob Cid Dan Eve", "BT-PLAYERS"),
                                                 ("buried-treasure", "Ann", "BT-PLAYERS"),
                                                 ("cannon-dice", "Mia Tom Ann", "CD-PLAYERS")])
def test_a_player_count_the_game_does_not_allow_is_its_rule_said_first_and_alone(tmp_path, game, players, code):
    """Too many or too few players breaks a rule of the game (exit 1, the game's own code), not the log's form."""
    text = f"game: {game}\nplayers: {players}\nages: Ann\nfrobnicate: 3\nround one\nAnn tkae 7\n,,\nflip\n"
    result = run_check(write(tmp_path, text))
    assert result.exit_code == 1
    assert [line.split(" ")[:2] for line in result.output.splitlines()] == [[f"{shown(tmp_path / 'game.log')}:2:",
                                                                                 code]]
    assert f"not {len(players.split())}: the log is not replayed" in result.output


# --- a log never runs a game folder's code -------------------------------------------------------------

@pytest.fixture
def trap(tmp_path) -> Path:
    """A game folder whose rules.py leaves a file `ran` beside it when it runs."""
    folder = tmp_path / "trap"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Trap\nplayers: [2, 2]\nrules_elsewhere: none to print\ncomponents: {}\n")
    (folder / "rules.py").write_text("from pathlib import Path\n(Path(__file__).parent / 'ran').write_text('yes')\n")
    return folder


@pytest.mark.parametrize("named", ["{folder}", "{folder}/", "trap/../trap", "../{name}/trap"])
def test_a_log_naming_a_folder_is_refused_and_its_rules_never_run(tmp_path, trap, monkeypatch, named):
    monkeypatch.chdir(tmp_path)
    game = named.format(folder=trap, name=tmp_path.name)
    result = run_check(write(tmp_path, f"game: {game}\nplayers: A B\n"))
    assert result.exit_code == 2 and " LOG-GAME " in result.output and "--game" in result.output
    assert not (trap / "ran").exists()


def test_a_folder_named_on_the_command_line_is_used_and_must_be_the_logs_game(tmp_path, trap):
    result = run_check("--game", trap, write(tmp_path, "game: trap\nplayers: A B\n"))
    assert (trap / "ran").exists()  # the person running the command chose to run it
    assert result.exit_code == 2 and "defines no `rules(game)` function" in result.output
    other = run_check("--game", "cannon-dice", EXAMPLE)
    assert other.exit_code == 2 and "LOG-GAME the log names 'buried-treasure', not 'cannon-dice'" in other.output


def test_a_folder_whose_rules_are_a_package_is_no_different(tmp_path, trap, monkeypatch):
    package = trap / "rules"
    package.mkdir()
    (trap / "rules.py").rename(package / "__init__.py")
    monkeypatch.chdir(tmp_path)
    refused = run_check(write(tmp_path, f"game: {trap}\nplayers: A B\n"))
    assert refused.exit_code == 2 and " LOG-GAME " in refused.output and not (package / "ran").exists()
    named = run_check("--game", trap, write(tmp_path, "game: trap\nplayers: A B\n"))
    assert (package / "ran").exists() and "defines no `rules(game)` function" in named.output


def test_build_and_list_never_run_a_game_folders_rules(tmp_path, trap):
    from pnp.commands import build, listing
    assert CliRunner().invoke(build.command, [str(trap), "--out", str(tmp_path / "out")]).exit_code == 0
    assert CliRunner().invoke(listing.command, [str(trap)]).exit_code == 0
    assert list((tmp_path / "out" / "trap").glob("*.pdf")) and not (trap / "ran").exists()


# --- what is not a log file ------------------------------------------------------------------------

def test_a_log_is_read_from_standard_input_for_a_dash():
    text = EXAMPLE.read_text()
    result = CliRunner().invoke(check.command, ["-"], input=text.replace("Mia take 1 ship ", "Mia take 3 ship ", 1))
    assert result.exit_code == 1 and result.output.startswith("<stdin>:18: BT-TAKE-CARD ")
    assert CliRunner().invoke(check.command, ["-"], input=text).exit_code == 0


def test_a_pipe_or_a_device_named_as_a_log_is_refused_without_reading_it(tmp_path):
    fifo = tmp_path / "x.log"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    valid = EXAMPLE
    result = run_check(fifo, "/dev/zero", valid)
    assert result.exit_code == 2
    assert f"{shown(fifo)}:1: LOG-FILE " in result.output and "/dev/zero:1: LOG-FILE " in result.output
    assert f"{shown(valid)}: ok" in result.output  # the other logs of the run are still checked


@pytest.mark.parametrize("data, says", [("é,\n".encode("utf-16"), "UTF-16"), ("ab\n".encode("utf-16-le"), "UTF-16"),
                                        (b"PK\x03\x04\x14\x00", "spreadsheet"), (b"game: x\n\xe9t\xe9\n", "not UTF-8")])
def test_what_is_not_utf8_text_is_named_for_what_it_likely_is(tmp_path, data, says):
    path = tmp_path / "x.log"
    path.write_bytes(data)
    result = run_check(path)
    assert result.exit_code == 2 and "LOG-FILE" in result.output and says in result.output


def test_a_quiet_check_reports_the_same_problems_leaving_out_only_what_the_valid_logs_were(tmp_path):
    broken = ROOT / "tests" / "logs" / "buried-treasure" / "bt-deal-shape.log"
    for name, source in (("a.log", EXAMPLE), ("b.log", broken), ("c.log", EXAMPLE)):
        (tmp_path / name).write_bytes(source.read_bytes())
    full, quiet = run_check(tmp_path), run_check(tmp_path, "--quiet")
    told = full.output.splitlines()
    assert sum(": ok, a legal game" in line for line in told) == 2  # each valid log says what it was
    assert quiet.exit_code == full.exit_code == 1
    assert quiet.output.splitlines() == [line for line in told[:-1] if ": ok, " not in line]
