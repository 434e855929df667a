"""Shared fixtures: the repository's games built once per session into a temporary folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """Run ``python -m printkit ARGS`` as a user would, capturing output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd or ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def copy_game(name: str, dest: Path) -> Path:
    """Copy ``data/<name>`` into ``dest/data/<name>`` so a test may change it."""
    target = dest / "data" / name
    shutil.copytree(DATA / name, target)
    return target


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game in data/ built with the defaults; returns the out folder."""
    out = tmp_path_factory.mktemp("out")
    result = run_cli("build", "--data", str(DATA), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def built_test_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every example game in tests/games/ built with the defaults; returns the out folder."""
    out = tmp_path_factory.mktemp("out-test-games")
    result = run_cli("build", "--data", str(ROOT / "tests" / "games"), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


def manifest(out: Path, game: str) -> dict:  # type: ignore[type-arg]
    return json.loads((out / game / "manifest.json").read_text())
