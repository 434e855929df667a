"""The benchmark suite keeps working: its smoke mode (smallest sizes, one run) runs and prints its table.
Figures are not asserted: speed goals live in the benchmarks, not in tests."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_smoke_mode_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "benchmarks", "--smoke"], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}, timeout=240)
    assert result.returncode == 0, result.stderr
    for row in ("deck of 72 cards: printkit build (all outputs)", "plain reportlab reference", "no-change rebuild"):
        assert row in result.stdout
    from benchmarks.browser import chromium

    if chromium() is not None:
        assert "serve: save to updated face" in result.stdout
