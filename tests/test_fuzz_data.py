"""The data fuzzer, a few cases of each game in the normal run (`python tests/fuzz_data.py --long` for 10,000)."""
import fuzz_data

CASES = 6  # of each game: a few seconds
HANG = 300.0  # seconds: a guard against a build that never ends, far beyond any build's time


def test_mutated_games_build_or_say_what_is_wrong():
    failures = []
    summary = fuzz_data.fuzz(fuzz_data.GAME_SLUGS, seed=1, first=0, cases=CASES, timeout=HANG,
                             report=failures.append)
    assert summary["cases"] == CASES * len(fuzz_data.GAME_SLUGS)
    assert not failures, "\n".join(failures)


def test_the_same_seed_makes_the_same_mutant():
    files = fuzz_data.game_files("buried-treasure")
    assert fuzz_data.mutant("buried-treasure", files, 3, 17) == fuzz_data.mutant("buried-treasure", files, 3, 17)
    assert len({fuzz_data.mutant("buried-treasure", files, 3, n)[1] for n in range(20)}) > 10


def test_the_fuzzer_tells_a_clean_refusal_from_a_failure():
    assert fuzz_data.judge(0, "built 1 game") == "ok"
    assert fuzz_data.judge(2, "Error: 1 problem in the data files:\n  g/deck.csv:3: count: expected ...") == "ok"
    assert fuzz_data.judge(2, "Error: 1 problem in the data files:\n  count: expected ...") == "unclear message"
    assert fuzz_data.judge(70, "internal error: KeyError") == "internal error"
    assert fuzz_data.judge(2, "Traceback (most recent call last):") == "traceback"
    assert fuzz_data.in_child(lambda: [1, 2], timeout=None) == ([1, 2], None)
    assert fuzz_data.in_child(lambda: bytearray(2 ** 31), timeout=None)[1].startswith("crash: MemoryError")
    assert fuzz_data.in_child(lambda: __import__("time").sleep(60), timeout=0.5) == (None, "hang")
