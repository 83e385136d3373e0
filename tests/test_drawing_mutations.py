"""tests/drawing_mutations.py stays runnable: each change it makes still finds, once, the code it changes, and
each test it runs against the changes is still there. (The changes themselves are run by hand: see that file.)"""
import re
from pathlib import Path

import pytest

import drawing_mutations

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("what,file,old,new", drawing_mutations.MUTATIONS,
                         ids=[what for what, *_ in drawing_mutations.MUTATIONS])
def test_each_change_finds_the_code_it_changes_exactly_once(what, file, old, new):
    text = (ROOT / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{file}: the text that {what!r} changes is there {text.count(old)} times, not once"
    assert new != old and new not in text


def test_each_test_run_against_the_changes_is_there():
    for test in drawing_mutations.TESTS:
        file, _, name = test.partition("::")
        text = (ROOT / file).read_text(encoding="utf-8")
        assert not name or re.search(rf"^def {re.escape(name)}\(", text, re.M), test


def test_a_change_whose_code_is_gone_stops_the_run(tmp_path):
    (tmp_path / "code.py").write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="update this script's MUTATIONS"):
        drawing_mutations.mutate(tmp_path, "code.py", "x = 2", "x = 3")
    drawing_mutations.mutate(tmp_path, "code.py", "x = 1", "x = 3")
    assert (tmp_path / "code.py").read_text(encoding="utf-8") == "x = 3\n"
