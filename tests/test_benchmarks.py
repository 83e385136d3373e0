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
