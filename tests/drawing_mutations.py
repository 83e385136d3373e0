"""Do the drawing tests see small changes to what the kit draws? Each change below is made in turn to a scratch
copy of the source; the drawing golden and the tests of crop marks and of nested colours (TESTS) then run against
it, and must fail.

    .venv/bin/python tests/drawing_mutations.py

Run it by hand after changing the goldens or their reader (tests/pdfread.py); it is not part of the suite, but
tests/test_drawing_mutations.py checks there that each change still finds the code it changes.
It prints, for each change, the tests that failed and the first difference the golden test named. Exit
status 1 when a change went unseen, or when the unchanged copy does not pass.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/test_drawing_golden.py",
         "tests/test_build.py::test_back_pages_carry_no_crop_marks_and_fold_pages_a_fold_line",
         "tests/test_imposition.py::test_long_edge_backs_mirror_across_the_page_width",
         "tests/test_rich_text.py::test_nested_colours_the_inner_one_wins_inside_it_and_the_outer_one_around_it",
         "tests/test_rich_text.py::test_a_card_draws_nested_colours_the_inner_one_inside_and_the_outer_one_around"]

# (what it does, file, text there, what it becomes)
MUTATIONS = [
    ("back pages get crop marks", "pnp/layout/imposition.py",
     'back = Page(side="backs", marks=False,', 'back = Page(side="backs", marks=True,'),
    ("a circle's radius doubled", "pnp/render/draw.py",
     'self.c.circle(x, y, v["r"] * PT,', 'self.c.circle(x, y, 2 * v["r"] * PT,'),
    ("an ellipse's axes swapped", "pnp/render/draw.py",
     'rx, ry = v["rx"] * PT, v["ry"] * PT', 'ry, rx = v["rx"] * PT, v["ry"] * PT'),
    ("the contents page's page ranges off by one", "pnp/layout/contents.py",
     'text = ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in spans)',
     'text = ", ".join(f"{a + 1}" if a == b else f"{a + 1}–{b + 1}" for a, b in spans)'),
    ("the short-edge advice always says long", "pnp/layout/cards.py",
     'edge = "short" if settings.short_edge else "long"', 'edge = "long"'),
    ("the duplex test page's label changed", "pnp/layout/duplex_test.py",
     '"FRONT: print this file double-sided"', '"FRONT: print double-sided"'),
    ("an outer colour of nested markup wins over the inner one", "pnp/typeset/markup.py",
     "colour = next((c for _, c, _ in reversed(spans) if c is not None), None)",
     "colour = next((c for _, c, _ in spans if c is not None), None)"),
]


def scratch_copy(into: Path) -> Path:
    copy = into / "pnp-copy"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "output", "__pycache__", "*.pyc",
                                                              ".pytest_cache"))
    return copy


def mutate(copy: Path, file: str, old: str, new: str) -> None:
    path = copy / file
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise SystemExit(f"{file}: {old!r} is not there exactly once: update this script's MUTATIONS")
    path.write_text(text.replace(old, new), encoding="utf-8")


def run_tests(copy: Path, cache: Path) -> tuple[list[str], str]:
    """The tests that failed, and the golden test's first complaint."""
    env = {**os.environ, "PYTHONPATH": str(copy), "XDG_CACHE_HOME": str(cache)}  # a fresh cache: no old drawings
    env.pop("PNP_GOLDEN", None)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rf", *TESTS],
                            cwd=copy, env=env, capture_output=True, text=True)
    failed = sorted(set(re.findall(r"^FAILED (\S+)", result.stdout, re.M)))
    named = re.findall(r"^(tests/golden/drawing/\S+\.txt, .*)$", result.stdout, re.M)
    if len(named) > 1:
        return failed, f"{named[0]} (and {len(named) - 1} more file(s))"
    return failed, "".join(named)


def main() -> int:
    unseen = 0
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        failed, _ = run_tests(scratch_copy(scratch), scratch / "cache")
        if failed:
            print(f"the unchanged source fails {', '.join(failed)}: nothing to learn from the changes")
            return 1
        for number, (what, file, old, new) in enumerate(MUTATIONS, start=1):
            copy = scratch / f"change-{number}"
            shutil.copytree(scratch / "pnp-copy", copy)
            mutate(copy, file, old, new)
            failed, named = run_tests(copy, scratch / f"cache-{number}")
            print(f"({number}) {what} [{file}]: " + (f"{len(failed)} test(s) fail" if failed else "NOT SEEN"))
            for test in failed:
                print(f"      {test}")
            if named:
                print(f"      first difference: {named}")
            unseen += not failed
            shutil.rmtree(copy)
    print(f"{len(MUTATIONS) - unseen} of {len(MUTATIONS)} changes seen")
    return 1 if unseen else 0


if __name__ == "__main__":
    sys.exit(main())
