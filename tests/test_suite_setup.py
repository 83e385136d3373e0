"""The suite's own set-up (tests/conftest.py): the test modules' asserts rewritten once, before xdist's workers
start, where pytest itself keeps them and reads them back; the cycle collector at a pnp process's pace, and what
collecting made frozen out of its passes."""
import gc

import pytest
from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, get_cache_dir

from conftest import kept, rewrite_once
from pnp.cli import COLLECTION

pytestmark = pytest.mark.quick

MODULE = '''def test_sum():
    total = 1 + 1
    assert total == 3
'''


def test_modules_rewritten_once_are_read_back_by_pytest_with_their_asserts_rewritten(pytestconfig, tmp_path):
    modules = [tmp_path / f"test_m{n}.py" for n in range(4)]
    for module in modules:
        module.write_text(MODULE)
    assert not any(map(kept, modules))

    rewrite_once(modules, pytestconfig, shares=2)  # a share in a child process, a share here

    assert all(map(kept, modules))
    for module in modules:
        code = _read_pyc(module, get_cache_dir(module) / (module.name[:-3] + PYC_TAIL))
        assert code is not None, module  # pytest takes it as its own, made from the module as it is
        space: dict = {}
        exec(code, space)
        with pytest.raises(AssertionError) as failed:
            space["test_sum"]()
        assert "2 == 3" in str(failed.value)  # the assert rewritten: it says what it compared

    modules[0].write_text(MODULE.replace("3", "2"))
    assert not kept(modules[0]) and kept(modules[1])  # a module changed since is rewritten again by the workers


def test_a_few_modules_are_left_to_the_workers_and_a_broken_one_to_their_report(pytestconfig, tmp_path):
    few = [tmp_path / f"test_f{n}.py" for n in range(3)]
    for module in few:
        module.write_text(MODULE)
    rewrite_once(few, pytestconfig, shares=2)
    assert not any(map(kept, few))

    broken = [tmp_path / f"test_b{n}.py" for n in range(4)]
    for module in broken:
        module.write_text(MODULE)
    broken[0].write_text("def test_(:\n")
    rewrite_once(broken, pytestconfig, shares=2)  # no error here: collecting it says what is wrong
    assert [kept(module) for module in broken] == [False, True, True, True]


def test_the_collector_runs_at_pnps_pace_and_passes_over_what_collecting_made():
    assert gc.get_threshold() == COLLECTION
    assert gc.get_freeze_count() > 10_000  # the modules, their functions and the tests collected
