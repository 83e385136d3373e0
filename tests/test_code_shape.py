"""One place for each idea: no run of six lines of code is written twice in the package. And a game's
checker reads in parts: no module under pnp/games/ holds more than LONGEST lines.

Lines are compared as written, whatever their indentation; blank lines, comments, docstrings and
imports are passed over, as they are by most duplicate-code checkers.
"""
from __future__ import annotations

import io
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pnp"
RUN = 6
LONGEST = 500  # lines of a module of a game's rules: past it, split it along the rulebook's sections


def code_lines(path: Path) -> list:
    """(line number, text without indentation) of each line of code in a Python file."""
    text = path.read_text(encoding="utf-8")
    docstrings, before = set(), tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING and before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            docstrings.update(range(token.start[0], token.end[0] + 1))
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            before = token.type
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("  #")[0].strip()
        if code and not code.startswith(("#", "import ", "from ")) and number not in docstrings:
            lines.append((number, code))
    return lines


def repeats(paths, root: Path) -> list:
    """`file:line repeats file:line` for each run of RUN lines of code seen before."""
    seen: dict = {}
    found = []
    for path in paths:
        lines = code_lines(path)
        for at in range(len(lines) - RUN + 1):
            run = tuple(code for _, code in lines[at:at + RUN])
            place = f"{path.relative_to(root)}:{lines[at][0]}"
            if run in seen:
                found.append(f"{place} repeats {seen[run]}")
            seen.setdefault(run, place)
    return found


def test_no_six_lines_of_code_are_repeated():
    assert repeats(sorted(PACKAGE.rglob("*.py")), PACKAGE.parent) == []


def test_the_check_finds_a_repeated_run_whatever_its_indentation(tmp_path):
    body = [f"total += {n}" for n in range(RUN)]
    (tmp_path / "a.py").write_text('"""Doc."""\nimport os\n\n\ndef a():\n' + "".join(f"    {b}\n" for b in body))
    (tmp_path / "b.py").write_text("# the same again\n" + "".join(f"{b}  # note\n" for b in body))
    assert repeats([tmp_path / "a.py", tmp_path / "b.py"], tmp_path) == ["b.py:2 repeats a.py:6"]


def too_long(paths, root: Path) -> list:
    """`file: N lines` for each file longer than LONGEST lines."""
    counts = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in paths}
    return [f"{path.relative_to(root)}: {count} lines" for path, count in counts.items() if count > LONGEST]


def test_no_module_of_a_games_checker_is_longer_than_the_limit():
    modules = sorted((PACKAGE / "games").rglob("*.py"))
    assert modules and too_long(modules, PACKAGE.parent) == []


def test_the_check_finds_a_module_one_line_too_long(tmp_path):
    (tmp_path / "short.py").write_text("x = 1\n" * LONGEST)
    (tmp_path / "long.py").write_text("x = 1\n" * (LONGEST + 1))
    assert too_long(sorted(tmp_path.glob("*.py")), tmp_path) == [f"long.py: {LONGEST + 1} lines"]
