"""The mutation run: mutmut changes the code of pnp/read, pnp/typeset, pnp/layout, pnp/check and pnp/stats one small
way at a time (a `<` made `<=`, a number off by one, a string emptied, a call's argument dropped), runs the
tests that reach the changed function against each change, and this prints, per folder, how many of the
changes some test noticed. Run by hand or by a nightly job, not in CI:

    python tools/mutation_run.py [FOLDER...] [--sample N] [--seed S] [--tests PATH...] [--slow SECONDS]
                                 [--again] [--workers 1] [--floor 90] [--report]

It needs the mutation extra (pip install -e '.[test,mutation]'); pyproject.toml's [tool.mutmut] says what is
mutated, which tests are left out and how long a mutant may run. The package is copied into mutants/ and each
mutant tried there, one worker by default, at the lowest priority. A run starts afresh (mutants/ emptied: it
copies the games' data, which mutmut would not copy again), first running the tests once to learn which tests
reach which function and how long each takes; `--again` keeps the copy and what was learnt (new tests are added
to it), and tries the mutants again (after tests were added to kill some). `--report` only prints the verdicts
of the last run.

What keeps a run affordable. Each mutant runs the tests that reach its function, quickest first, and stops at the
first that fails; a mutant that survives runs all of them, so a function reached by a kit build would be tried
against every build of the suite. A test slower than `--slow` seconds (default 2) is therefore left out of a
mutant's run when a quicker test reaches the same function: the slow tests still judge the functions only they
reach. A mutant whose tests run five times as long as they do unchanged has made a loop endless and is stopped
(a timeout, counted as killed). `--tests` names the test files (or folders) to learn from instead of the whole
suite: quicker still, and a score from fewer tests can only be lower, never higher, than the suite's (naming
other tests than the last run's starts afresh: mutmut's verdicts hold for the tests they were found with).

Two things the run asks of a test. It must pass when run again in the same process, as the run learns from it
and then runs it against each mutant: one that leans on what an earlier run left (a font registered, a
namespace declared) fails the run's first, unchanged, pass. And a mutant in a function whose result the process
keeps (the installed games, read once) is tried in a process that kept it before the mutant was made: it
survives unless a test clears what was kept. (The caches of pnp's functions, `functools.lru_cache`, are emptied
before the first mutant: a markup parsed by an unchanged run would be given again without running a mutant.)

The full run tries every mutant of the folders: hours on two cores, for a nightly job. `--sample N` tries N
mutants of each folder, drawn at random from all of the folder's mutants (seeded by `--seed`: the same seed and
folders, named in the same order, draw the same mutants while the code is unchanged), and prints each folder's
killed share with its 95 % confidence interval (Wilson's): an estimate of the share the full run would find,
with the same tests and settings. A hundred mutants give an interval about ±6 points wide around a score near
90 %; the draw is kept in mutants/sample.json for `--report`.

A mutant counts as killed when a test failed on it, or when the tests ran out of time on it (shown apart).
Every other mutant counts against the score: one that survived, one no test reaches ("no tests"), one whose
tests misbehaved ("suspicious"), one the run did not get to. A line marked `# pragma: no mutate` has no mutants
(kept for changes that cannot alter what pnp does). The score of a folder is killed over mutants; the exit code
is 1 when a folder's score (with a sample, the top of its interval) is under the floor. To read the survivors:
`mutmut results` lists them and `mutmut show NAME` prints one's change, run from the project's root.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("pnp/read", "pnp/typeset", "pnp/layout", "pnp/check", "pnp/stats")
CAUGHT = ("killed", "timeout")  # mutmut's names of the verdicts that count as killed
SHOWN = ("killed", "timeout", "survived", "no tests", "suspicious")  # the other verdicts are counted together
SAMPLE = ROOT / "mutants" / "sample.json"  # the mutants a sampled run drew, by folder


def needs_mutmut() -> None:
    """Stop, saying what to install, when mutmut is not installed beside the Python running this."""
    try:
        import mutmut  # noqa: F401  the mutation extra's
    except ImportError:
        sys.exit(f"mutmut is not installed for {sys.executable}: pip install -e '.[test,mutation]'")


def folder_of(mutant: str) -> str:
    """The mutated folder a mutant's name belongs to: pnp.read.cardlists.x_read__mutmut_3 -> pnp/read."""
    return "/".join(mutant.split(".")[:2])


def mutants_by_folder(folders: list[str]) -> dict[str, list[str]]:
    """Every mutant of each folder, by name, as the copy in mutants/ holds them."""
    found: dict[str, list[str]] = {folder: [] for folder in folders}
    for record in sorted((ROOT / "mutants" / "pnp").rglob("*.py.meta")):
        for mutant in json.loads(record.read_text())["exit_code_by_key"]:
            if folder_of(mutant) in found:
                found[folder_of(mutant)].append(mutant)
    return found


def leave_out_slow_tests(tests_by_function: dict[str, set[str]], seconds_by_test: dict[str, float],
                         slow: float) -> int:
    """Leave the tests slower than `slow` seconds out of each function's tests that a quicker one also reaches;
    how many (function, test) pairs were left out."""
    left_out = 0
    for function, tests in tests_by_function.items():
        quick = {test for test in tests if seconds_by_test.get(test, 0.0) <= slow}
        if quick:
            left_out += len(tests) - len(quick)
            tests_by_function[function] = quick
    return left_out


def forget_kept_results() -> int:
    """Empty the caches of pnp's functions (`functools.lru_cache`), which the unchanged runs before the mutants
    filled: a mutant's process is a copy of this one, and a function whose result is kept would give it without
    running its mutant. How many caches were emptied."""
    import functools
    import gc

    caches = [found for found in gc.get_objects() if isinstance(found, functools._lru_cache_wrapper)
              and (getattr(found, "__module__", None) or "").startswith("pnp.")]
    for cache in caches:
        cache.cache_clear()
    return len(caches)


def generate() -> None:
    """Copy the package into mutants/ and write its mutants, as the first step of mutmut's run does."""
    from mutmut.__main__ import create_mutants
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths

    (ROOT / "mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(1)


def run(folders: list[str], options: argparse.Namespace) -> None:
    """Try the mutants of `folders` (all of them, or a sample of each) with mutmut, in this process."""
    import mutmut.__main__ as mutmut_run
    from mutmut.configuration import config
    from mutmut.state import state

    os.chdir(ROOT)  # mutmut reads pyproject.toml and writes mutants/ where it is started
    if not options.again:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    if options.tests:
        config().pytest_add_cli_args_test_selection = list(options.tests)
    learn = mutmut_run.collect_or_load_stats

    def learn_then_leave_out_slow_tests(*args, **kwargs):
        learn(*args, **kwargs)
        left_out = leave_out_slow_tests(state().tests_by_mangled_function_name, state().duration_by_test, options.slow)
        print(f"    {left_out} runs of a test slower than {options.slow:g} s left out: quicker ones reach its code")

    mutmut_run.collect_or_load_stats = learn_then_leave_out_slow_tests
    check_setup = mutmut_run.run_forced_fail_test  # the last run before the mutants'

    def check_setup_then_forget_kept_results(*args, **kwargs):
        check_setup(*args, **kwargs)
        print(f"    {forget_kept_results()} caches of pnp's functions emptied: each mutant runs its own code")

    mutmut_run.run_forced_fail_test = check_setup_then_forget_kept_results
    if options.sample:
        generate()
        draw = random.Random(options.seed)
        sample = {folder: sorted(draw.sample(sorted(mutants), min(options.sample, len(mutants))))
                  for folder, mutants in mutants_by_folder(folders).items()}
        SAMPLE.write_text(json.dumps({"seed": options.seed, "mutants": sample}, indent=1))
        names = [mutant for drawn in sample.values() for mutant in drawn]
    else:
        SAMPLE.unlink(missing_ok=True)
        names = [folder.replace("/", ".") + ".*" for folder in folders]  # pnp/read -> pnp.read.*, mutmut's names
    mutmut_run._run(names, options.workers)


def verdicts(folder: str) -> Counter:
    """How many mutants of the folder reached each verdict (of the sample drawn, when the last run drew one), as
    mutmut's records in mutants/ say."""
    from mutmut.stats import status_by_exit_code  # the mutation extra's: imported only once it is needed

    records = sorted((ROOT / "mutants" / folder).rglob("*.py.meta"))
    if not records:
        sys.exit(f"no verdicts for {folder} in {ROOT / 'mutants'}: run the mutation run first")
    drawn = set(json.loads(SAMPLE.read_text())["mutants"].get(folder, ())) if SAMPLE.exists() else None
    counted: Counter = Counter()
    for record in records:
        for mutant, exit_code in json.loads(record.read_text())["exit_code_by_key"].items():
            if drawn is None or mutant in drawn:
                counted[status_by_exit_code[exit_code]] += 1
    counted.pop("skipped", None)  # a line marked `pragma: no mutate` by hand is no mutant
    return counted


def killed(counted: Counter) -> int:
    """How many of the mutants counted were killed."""
    return sum(counted[verdict] for verdict in CAUGHT)


def interval(caught: int, tried: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share `caught` of `tried`, in per cent: where the share of the whole lies."""
    from pnp.stats.figures import wilson  # not before the run: its tests must import pnp from the mutated copy

    low, high = wilson(caught, tried)
    return 100.0 * low, 100.0 * high


def table(folders: list[str]) -> list[tuple[str, Counter]]:
    """Print each folder's verdicts, score and its interval; the (folder, verdicts) printed."""
    rows = [(folder, verdicts(folder)) for folder in folders]
    print(f"{'folder':<12}{'mutants':>9}" + "".join(f"{verdict:>12}" for verdict in SHOWN) + f"{'other':>8}"
          + f"{'score':>9}   95 % interval")
    for folder, counted in rows:
        tried = sum(counted.values())
        other = tried - sum(counted[verdict] for verdict in SHOWN)
        low, high = interval(killed(counted), tried)
        print(f"{folder:<12}{tried:>9}" + "".join(f"{counted[verdict]:>12}" for verdict in SHOWN)
              + f"{other:>8}{100.0 * killed(counted) / max(tried, 1):>8.1f}%   {low:.1f}–{high:.1f} %")
    if SAMPLE.exists():
        print(f"(a sample of each folder's mutants, seed {json.loads(SAMPLE.read_text())['seed']})")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=list(FOLDERS), metavar="FOLDER",
                        help=f"the folders to mutate (all of {', '.join(FOLDERS)} unless named)")
    parser.add_argument("--sample", type=int, metavar="N", help="try N mutants of each folder, drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the sample's draw (default 0)")
    parser.add_argument("--tests", nargs="+", metavar="PATH",
                        help="the test files or folders mutants are tried against (default: the whole suite)")
    parser.add_argument("--slow", type=float, default=2.0, metavar="SECONDS",
                        help="a test slower than this is left out where a quicker one reaches the same code")
    parser.add_argument("--again", action="store_true", help="keep mutants/ and what the last run learnt")
    parser.add_argument("--workers", type=int, default=1, help="mutants tried side by side (default 1)")
    parser.add_argument("--floor", type=float, default=90.0, help="the lowest score passed, in per cent")
    parser.add_argument("--report", action="store_true", help="only print the verdicts of the last run")
    options = parser.parse_args()
    folders = [folder.strip("/") for folder in options.folders]
    for folder in folders:
        if folder not in FOLDERS:
            parser.error(f"{folder} is not a mutated folder: name one of {', '.join(FOLDERS)}")
    needs_mutmut()
    if not options.report:
        os.nice(19)  # the machine may be shared: the tests run at the lowest priority
        try:
            run(folders, options)
        except SystemExit as stopped:
            if stopped.code:
                sys.exit(f"mutmut stopped ({stopped.code}): its output above says why")
    rows = table(folders)
    sampled = SAMPLE.exists()
    low = [folder for folder, counted in rows
           if (interval(killed(counted), sum(counted.values()))[1] if sampled else
               100.0 * killed(counted) / max(sum(counted.values()), 1)) < options.floor]
    if low:
        print(f"under {options.floor:g} % killed: {', '.join(low)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
