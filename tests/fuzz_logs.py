"""A mutation fuzzer for `pnp check`: valid logs of every game, changed at random, must get a clean answer.

    python tests/fuzz_logs.py                          # the cases the test suite runs
    python tests/fuzz_logs.py --long                   # 10,000 cases
    python tests/fuzz_logs.py --first 20000 --cases 20000   # cases 20,000 to 39,999: a chunk of a longer run

Case `i` of seed `s` draws its mutations from `random.Random(f"{s}:{i}")`, so any case, or any chunk of a
long run, can be run again alone. A clean answer is an exit code of 0, 1 or 2 with, on standard output,
only `file:line: CODE message` lines (never LOG-INTERNAL; a message quotes at most ~80 characters of
the log), `file: ok, ...` lines and the closing count; with `--format json`, a list of such problems
whose kinds agree with the exit code. Anything else, a traceback above all, is a failure, printed with
the number of its case.
"""
from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.check.simulate import simulate  # noqa: E402
from pnp.commands import check  # noqa: E402
from pnp.read.games import game_slugs  # noqa: E402
from pnp.resources import GAMES  # noqa: E402

SEED = 7
CASES = 300         # the normal test run: a few seconds
LONG = 10_000
MESSAGE = 400       # characters a message may hold at most: its own words and quotes of at most ~80
PROBLEM = re.compile(r"(?P<file>[^\n]+?):(?P<line>[1-9]\d*): (?P<rule>[A-Z]+(?:-[A-Z]+)+) (?P<message>\S.*)")
OK = re.compile(r"[^\n]+?: ok, \S.*")
COUNT = re.compile(r"\d+ logs checked: .+")
NOISE = ["", ",,", "#", ":", "x: y", "round", "\t", "é", "\u2028", "\x0c", "0", "-1", "99999999999999999999",
         "take", "fire", "play", "to", "at"]


def sources() -> list[str]:
    """Valid logs: every game's examples and a few simulated games of each game with a checker, with varied
    options."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(GAMES.glob("*/examples/*.log"))]
    for slug in (slug for slug in game_slugs() if (GAMES / slug / "rules.py").is_file()):
        texts += [text for _, text in simulate(slug, 4, SEED, bots=("random",))]
        texts += [text for _, text in simulate(slug, 4, SEED + 1, bots=("greedy", "random"))]
    return texts


# --- mutations: each takes (rng, lines of the log, lines of all logs) and changes the lines in place ------

def _line(rng, lines):
    return rng.randrange(len(lines)) if lines else 0


def delete(rng, lines, pool):
    if lines:
        del lines[_line(rng, lines)]


def duplicate(rng, lines, pool):
    at = _line(rng, lines)
    lines.insert(at, lines[at] if lines else "")


def stray(rng, lines, pool):
    lines.insert(_line(rng, lines), rng.choice(rng.choice(pool)))


def swap(rng, lines, pool):
    if len(lines) > 1:
        at = rng.randrange(len(lines) - 1)
        lines[at], lines[at + 1] = lines[at + 1], lines[at]


def move(rng, lines, pool):
    if lines:
        line = lines.pop(_line(rng, lines))
        lines.insert(_line(rng, lines), line)


def commas(rng, lines, pool):
    lines.insert(_line(rng, lines), rng.choice([",,", ", ,", ",", "  ,  ,\t"]))


def truncate(rng, lines, pool):
    del lines[_line(rng, lines):]


def words(rng, lines, pool):
    """A word swapped with its neighbour, dropped, doubled, replaced, or cut in two: verbs lose words."""
    if not lines:
        return
    at = _line(rng, lines)
    found = lines[at].split(" ")
    i = rng.randrange(len(found))
    kind = rng.randrange(5)
    if kind == 0 and len(found) > 1:
        j = i + 1 if i + 1 < len(found) else i - 1
        found[i], found[j] = found[j], found[i]
    elif kind == 1:
        del found[i]
    elif kind == 2:
        found.insert(i, found[i])
    elif kind == 3:
        other = rng.choice(rng.choice(pool)).split(" ")
        found[i] = rng.choice(other + NOISE)
    elif found[i]:
        cut = rng.randrange(len(found[i]) + 1)
        found[i:i + 1] = [found[i][:cut], found[i][cut:]]
    lines[at] = " ".join(found)


def number(rng, lines, pool):
    """A number changed: 0, negative, huge, or another small one."""
    candidates = [i for i, line in enumerate(lines) if re.search(r"\d", line)]
    if candidates:
        at = rng.choice(candidates)
        new = rng.choice(["0", "-1", "7", str(rng.randrange(100)), "9" * rng.randrange(5, 40), "²", "1.5"])
        lines[at] = re.sub(r"\d+", new, lines[at], count=rng.randrange(1, 3))


def characters(rng, lines, pool):
    """A character inserted, deleted or changed, any from the first planes of Unicode."""
    if not lines:
        return
    at = _line(rng, lines)
    text = lines[at]
    i = rng.randrange(len(text) + 1)
    char = rng.choice([chr(rng.randrange(1, 0x3000)), rng.choice(":#,\t\r\v\x85\u2028\ufeff"), chr(rng.randrange(32, 127))])
    kind = rng.randrange(3)
    lines[at] = text[:i] + (char if kind < 2 else "") + text[i + (kind > 0):]


def case(rng, lines, pool):
    if lines:
        at = _line(rng, lines)
        lines[at] = rng.choice([str.upper, str.lower, str.swapcase, str.title])(lines[at])


def header(rng, lines, pool):
    """A header line changed: players added or removed, a key given twice, dropped, or moved below."""
    heads = [i for i, line in enumerate(lines) if re.match(r"[A-Za-z][\w-]*\s*:", line)]
    if not heads:
        return
    at = rng.choice(heads)
    kind = rng.randrange(5)
    if kind == 0 and lines[at].startswith("players:"):
        names = lines[at].split()[1:]
        names = names + rng.choice([["Zed"], names[:1], ["Ann", "Bob", "Cid", "Dan"]]) if rng.random() < .6 \
            else names[:rng.randrange(len(names) + 1)]
        lines[at] = "players: " + " ".join(names)
    elif kind == 1:
        lines.insert(at, lines[at])
    elif kind == 2:
        del lines[at]
    elif kind == 3:
        lines.insert(_line(rng, lines) + 1, lines.pop(at))
    else:
        key = lines[at].split(":")[0]
        lines[at] = f"{key}: {rng.choice(NOISE + ['yes', 'no', '3', 'some/folder', '../buried-treasure'])}"


def huge(rng, lines, pool):
    """A very long line: one long word, or many words."""
    word = rng.choice(["ship", "Mia", "x", "é", "9"])
    text = word * rng.randrange(10_000, 100_000) if rng.random() < .5 else " ".join([word] * rng.randrange(5_000, 30_000))
    if rng.random() < .3:
        text = rng.choice(["take ", "round ", "players: ", "game: ", "flip ", "# "]) + text
    lines.insert(_line(rng, lines), text)


LINE_MUTATIONS = [delete, duplicate, stray, swap, move, commas, truncate, words, number, characters, case, header]


def mutated(rng, text: str, pool: list) -> bytes:
    """The text of a log with one to four changes, then written with LF, CR LF, CR or mixed line ends."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        rng.choice(LINE_MUTATIONS)(rng, lines, pool)
    if rng.random() < .03:
        huge(rng, lines, pool)
    end = rng.choice(["\n"] * 6 + ["\r\n", "\r", "mixed"])
    joined = "".join(line + rng.choice(["\n", "\r\n", "\r"]) for line in lines) if end == "mixed" else end.join(lines)
    data = joined.encode("utf-8")
    roll = rng.random()
    if roll < .02:
        data = b"\xef\xbb\xbf" + data  # a byte-order mark
    elif roll < .04:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice([b"\xff", b"\x00", b"\xc3", b"\xed\xa0\x80"]) + data[at:]
    return data


# --- checking one case -------------------------------------------------------------------------------

def options(rng) -> list[str]:
    chosen = []
    if rng.random() < .25:
        chosen.append("--strict")
    if rng.random() < .25:
        chosen += ["--format", "json"]
    if rng.random() < .1:
        chosen.append("--quiet")
    return chosen


def verdict(result, args: list[str]) -> str:
    """What is wrong with the command's answer, or "" when it is clean."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"raised {type(result.exception).__name__}: {result.exception}"
    if result.exit_code not in (0, 1, 2):
        return f"exit code {result.exit_code}"
    if "json" in args:
        return _json_verdict(result)
    problems = 0
    for text in result.output.splitlines():
        problem = PROBLEM.fullmatch(text)
        if problem:
            problems += 1
            why = _problem_verdict(problem["rule"], problem["message"])
            if why:
                return f"{why}: {text[:200]!r}"
        elif not (OK.fullmatch(text) or COUNT.fullmatch(text)):
            return f"a line that is no answer: {text[:200]!r}"
    if bool(problems) != bool(result.exit_code):
        return f"exit code {result.exit_code} with {problems} problems"
    return ""


def _json_verdict(result) -> str:
    try:
        problems = json.loads(result.output)
    except ValueError:
        return f"not JSON: {result.output[:200]!r}"
    for problem in problems:
        if not isinstance(problem.get("line"), int) or problem["line"] < 1 or problem.get("kind") not in ("read", "rule"):
            return f"a bad problem: {problem!r}"[:300]
        why = _problem_verdict(problem.get("rule", ""), problem.get("message", ""))
        if why:
            return f"{why}: {problem!r}"[:300]
    kinds = {problem["kind"] for problem in problems}
    expected = 2 if "read" in kinds else 1 if kinds else 0
    return "" if result.exit_code == expected else f"exit code {result.exit_code} for problems of kinds {kinds}"


def _problem_verdict(rule: str, message: str) -> str:
    if rule == "LOG-INTERNAL":
        return "an internal error"
    if not re.fullmatch(r"[A-Z]+(?:-[A-Z]+)+", rule):
        return "a bad rule code"
    if len(message) > MESSAGE:
        return f"a message of {len(message)} characters"
    return ""


def fuzz(first: int = 0, cases: int = CASES, seed: int = SEED, report=None) -> dict:
    """Run cases first..first+cases-1; return the figures (failures listed under "failures")."""
    pool_texts = sources()
    pool = [text.split("\n") for text in pool_texts]
    runner = CliRunner()
    figures: dict = collections.Counter()
    failures, slowest = [], 0.0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.log"
        for number in range(first, first + cases):
            rng = random.Random(f"{seed}:{number}")
            path.write_bytes(mutated(rng, rng.choice(pool_texts), pool))
            args = [*options(rng), str(path)]
            began = time.perf_counter()
            result = runner.invoke(check.command, args)
            slowest = max(slowest, time.perf_counter() - began)
            why = verdict(result, args)
            figures[f"exit {result.exit_code}"] += 1
            figures["internal errors"] += "LOG-INTERNAL" in result.output
            figures["tracebacks"] += result.exception is not None and not isinstance(result.exception, SystemExit)
            if why:
                failures.append(f"case {number}: {why}")
                if report:
                    report(failures[-1])
    return {**figures, "cases": cases, "slowest case (s)": round(slowest, 2), "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", action="store_true", help=f"run {LONG:,} cases")
    parser.add_argument("--cases", type=int, help=f"how many cases (default {CASES}, or {LONG:,} with --long)")
    parser.add_argument("--first", type=int, default=0, help="the number of the first case")
    parser.add_argument("--seed", type=int, default=SEED)
    arguments = parser.parse_args()
    cases = arguments.cases or (LONG if arguments.long else CASES)
    start = time.perf_counter()
    figures = fuzz(arguments.first, cases, arguments.seed, report=print)
    failures = figures.pop("failures")
    print(f"cases {arguments.first}..{arguments.first + cases - 1} (seed {arguments.seed}) in "
          f"{time.perf_counter() - start:.1f} s: " + ", ".join(f"{key} {value}" for key, value in sorted(figures.items())))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
