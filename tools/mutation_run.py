"""The nightly mutation run: mutmut changes the code of pnp/read, pnp/typeset, pnp/layout, pnp/check and pnp/stats one small
way at a time (a `<` made `<=`, a number off by one, a string emptied, a call's argument dropped), runs the
tests that reach the changed function against each change, and this prints, per folder, how many of the
changes some test noticed. Run by hand or by a nightly job, not in CI (a full run takes hours):

    python tools/mutation_run.py [FOLDER...] [--again] [--workers 1] [--floor 90] [--report]

It needs the mutation extra (pip install -e '.[test,mutation]'); pyproject.toml's [tool.mutmut] says what is
mutated and which tests are left out. The package is copied into mutants/ and each mutant tried there, one
worker by default, at a low priority. A run starts afresh (mutants/ emptied: it copies the games' data, which
mutmut would not copy again), first running the whole suite once to learn which tests reach which function;
`--again` keeps the copy and what was learnt (new tests are added to it), and tries every mutant of the folders
named again (after tests were added to kill some). `--report` only prints the verdicts of the last run.

A mutant counts as killed when a test failed on it, or when the tests ran out of time on it (it made a loop
endless: those are shown apart). Every other mutant counts against the score: one that survived, one no test
reaches ("no tests"), one whose tests misbehaved ("suspicious"), one the run did not get to. The score of a
folder is killed over mutants; the exit code is 1 when a folder's score is under the floor. To read the
survivors: `mutmut results` lists them and `mutmut show NAME` prints one's change, run from the project's root.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("pnp/read", "pnp/typeset", "pnp/layout", "pnp/check", "pnp/stats")
CAUGHT = ("killed", "timeout")  # mutmut's names of the verdicts that count as killed
SHOWN = ("killed", "timeout", "survived", "no tests", "suspicious")  # the other verdicts are counted together


def mutmut() -> Path:
    """mutmut's command, installed beside the Python running this."""
    command = Path(sys.executable).with_name("mutmut")
    if not command.exists():
        sys.exit(f"mutmut is not installed beside {sys.executable}: pip install -e '.[test,mutation]'")
    return command


def run(folders: list[str], workers: int, again: bool) -> int:
    """Run mutmut over the mutants of `folders`, from a fresh copy unless `again`; its exit code."""
    if not again:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    names = [folder.replace("/", ".") + ".*" for folder in folders]  # pnp/read -> pnp.read.*, mutmut's names
    command = [str(mutmut()), "run", "--max-children", str(workers), *names]
    return subprocess.run(command, cwd=ROOT).returncode


def verdicts(folder: str) -> Counter:
    """How many mutants of the folder reached each verdict, as mutmut's records in mutants/ say."""
    from mutmut.stats import status_by_exit_code  # the mutation extra's: imported only once it is needed

    records = sorted((ROOT / "mutants" / folder).rglob("*.py.meta"))
    if not records:
        sys.exit(f"no verdicts for {folder} in {ROOT / 'mutants'}: run the mutation run first")
    counted: Counter = Counter()
    for record in records:
        for exit_code in json.loads(record.read_text())["exit_code_by_key"].values():
            counted[status_by_exit_code[exit_code]] += 1
    counted.pop("skipped", None)  # a line marked `pragma: no mutate` by hand is no mutant
    return counted


def score(counted: Counter) -> float:
    """The share of a folder's mutants killed, in per cent."""
    return 100.0 * sum(counted[verdict] for verdict in CAUGHT) / sum(counted.values())


def table(folders: list[str]) -> list[tuple[str, Counter]]:
    """Print each folder's verdicts and score; the (folder, verdicts) printed."""
    rows = [(folder, verdicts(folder)) for folder in folders]
    print(f"{'folder':<12}{'mutants':>9}" + "".join(f"{verdict:>12}" for verdict in SHOWN) + f"{'other':>8}"
          + f"{'score':>9}")
    for folder, counted in rows:
        other = sum(counted.values()) - sum(counted[verdict] for verdict in SHOWN)
        print(f"{folder:<12}{sum(counted.values()):>9}" + "".join(f"{counted[verdict]:>12}" for verdict in SHOWN)
              + f"{other:>8}{score(counted):>8.1f}%")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=list(FOLDERS), metavar="FOLDER",
                        help=f"the folders to mutate (all of {', '.join(FOLDERS)} unless named)")
    parser.add_argument("--again", action="store_true", help="keep mutants/ and the verdicts it holds")
    parser.add_argument("--workers", type=int, default=1, help="mutants tried side by side (default 1)")
    parser.add_argument("--floor", type=float, default=90.0, help="the lowest score passed, in per cent")
    parser.add_argument("--report", action="store_true", help="only print the verdicts of the last run")
    options = parser.parse_args()
    folders = [folder.strip("/") for folder in options.folders]
    for folder in folders:
        if folder not in FOLDERS:
            parser.error(f"{folder} is not a mutated folder: name one of {', '.join(FOLDERS)}")
    if not options.report:
        os.nice(10)  # the machine is shared: the tests run at a low priority
        code = run(folders, options.workers, options.again)
        if code != 0:
            sys.exit(f"mutmut stopped with exit code {code} (its output above says why)")
    rows = table(folders)
    low = [folder for folder, counted in rows if score(counted) < options.floor]
    if low:
        print(f"under {options.floor:g} % killed: {', '.join(low)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
