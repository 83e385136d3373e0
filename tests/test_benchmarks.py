"""Every benchmark in benchmarks/ runs, at a size of seconds: a benchmark nobody runs rots. Its figures are
not asserted (shared machines are noisy); the full sizes are run by hand, as each script's docstring says."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
TINY = {
    "bench_bots.py": ["--games", "2", "--runs", "1"],
    "bench_build.py": ["--tiny"],
    "bench_check.py": ["--games", "3", "--logs", "3"],
    "bench_export.py": ["--tiny"],
    "bench_playtests.py": ["--logs", "20", "--profile", "10"],
    "bench_record.py": ["--games", "1", "--players", "2", "--resume", "20"],
    "bench_stats.py": ["--games", "200", "--scaling", "100", "--shards", "3", "--shard-games", "100"],
    "bench_watch.py": ["--tiny"],
}


def test_every_benchmark_has_a_tiny_run():
    assert sorted(path.name for path in BENCHMARKS.glob("*.py")) == sorted(TINY)


@pytest.mark.parametrize("script", sorted(TINY))
def test_the_benchmark_still_runs(script, tmp_path):
    result = subprocess.run([sys.executable, str(BENCHMARKS / script), *TINY[script]], capture_output=True,
                            text=True, cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    assert "Traceback" not in result.stderr and result.stdout.strip()


def _bench_build():
    """benchmarks/bench_build.py, imported."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import bench_build
    finally:
        sys.path.remove(str(BENCHMARKS))
    return bench_build


@pytest.mark.quick
def test_runs_taken_in_turn_are_compared_pair_by_pair_with_an_interval_that_assumes_no_spread():
    bench_build = _bench_build()
    runs = [(0, cpu, 0) for cpu in (0.90, 1.00, 0.95, 0.97, 1.10, 0.93, 0.96, 0.99, 0.94)]
    plain = [(0, 1.0, 0)] * 9
    # nine pairs: the median's interval runs from the second smallest ratio to the second largest (96 % at least)
    assert bench_build.paired(runs, plain) == (0.96, 0.93, 1.00)
    assert bench_build.paired(runs[:5], plain[:5])[1:] == (None, None)  # too few pairs for an interval
    assert bench_build.paired(runs[:6], plain[:6])[1:] == (0.90, 1.10)  # six: the smallest and the largest
    assert bench_build.verdict(runs, plain).endswith("target met")
    assert bench_build.verdict(runs, [(0, 0.95, 0)] * 9).endswith("within the noise of the runs")
    assert bench_build.verdict(runs, [(0, 0.5, 0)] * 9).endswith("target missed")


@pytest.mark.quick
def test_the_peaks_are_flat_only_when_the_whole_interval_of_their_slope_lies_within_the_tolerance():
    bench_build = _bench_build()
    # peaks on the line 50 + 0.01 MB a thousand cards, one run above it and one below at each size
    level = {cards: [50 + cards / 1e5 + 0.1, 50 + cards / 1e5 - 0.1] for cards in (1000, 5000, 10000)}
    slope, low, high = bench_build.trend(level)
    spread = 2 * ((13 / 3) ** 2 + (1 / 3) ** 2 + (14 / 3) ** 2)  # (thousands of cards about their mean, 16 / 3)
    half = 2.7764451 * (6 * 0.1 ** 2 / 4 / spread) ** 0.5  # Student's t for 4 degrees of freedom
    assert slope == pytest.approx(0.01) and low == pytest.approx(0.01 - half, rel=1e-6)
    assert high == pytest.approx(2 * slope - low)
    assert bench_build.flatness(level).endswith("flat (flat: within 0.05 either way)")
    rising = {cards: [mb + cards / 1e4 for mb in runs] for cards, runs in level.items()}  # 0.1 MB a thousand more
    assert ": growing " in bench_build.flatness(rising)
    noisy = {cards: [50, 51.5] for cards in level}  # no trend, but runs too spread to tell
    assert bench_build.flatness(noisy).endswith("within the noise of the runs (flat: within 0.05 either way)")
    assert bench_build.trend({1000: [50.0], 2000: [50.5]})[1:] == (None, None)
