"""Runaway inputs end in one `error:` line naming the file, key and limit, bounded in time and memory.

Each case runs printkit in a child process with a wall-clock timeout and an address-space limit
(RLIMIT_AS), so a regression shows as a failed test, not a hung or swapping suite.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TINY = Path(__file__).resolve().parent / "games" / "tiny"
MEMORY = 2 << 30  # bytes of address space for the whole printkit process


def run_limited(args: list[str], timeout: float, setup: str = "") -> tuple[subprocess.CompletedProcess[str], float]:
    """``printkit ARGS`` in a child limited to MEMORY bytes and ``timeout`` seconds; ``setup`` runs first
    (to lower a limit so a test need not wait for the real one)."""
    code = f"import sys\n{setup}\nfrom printkit.cli import main\nsys.exit(main(sys.argv[1:]))"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True,
                            timeout=timeout, preexec_fn=limit, cwd=ROOT)
    return result, time.monotonic() - start


def one_error(result: subprocess.CompletedProcess[str], *fragments: str) -> str:
    err = result.stderr
    assert result.returncode == 2, err
    assert "Traceback" not in err and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    for fragment in fragments:
        assert fragment in err, err
    return err


def game_with_rules(tmp_path: Path, body: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(TINY, data / "tiny")
    (data / "tiny" / "rules").mkdir()
    (data / "tiny" / "rules" / "rulebook.md").write_text(
        '{% extends "base/rulebook.md" %}\n{% block intro %}\n' + body + "\n{% endblock %}\n")
    return data


FAST = "import printkit.rulebook as r\nr.TEMPLATE_SECONDS = 0.5\nr.TEMPLATE_MEMORY = 64 << 20"


def test_an_endless_template_loop_is_stopped(tmp_path: Path) -> None:
    data = game_with_rules(tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
    result, took = run_limited(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "-j", "1"],
                               timeout=90, setup=FAST)
    one_error(result, "rules/rulebook.md:3:", "renders within 0.5 s", "endless loop")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("body", [
    '{% for i in range(100000) %}{{ "x" * 100000 }}{% endfor %}',
    '{% macro m() %}{% for i in range(100000) %}{{ "x" * 100000 }}{% endfor %}{% endmacro %}{{ m() }}',
], ids=["loop", "macro"])
def test_an_enormous_template_output_is_refused(tmp_path: Path, body: str) -> None:
    data = game_with_rules(tmp_path, body)
    result, took = run_limited(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "-j", "1"],
                               timeout=90, setup=FAST)
    one_error(result, "rules/rulebook.md:")
    # Whichever limit it meets first on this machine: memory, output length, or time.
    assert any(limit in result.stderr for limit in ("needs at most 64 MB", "at most 2,000,000 characters",
                                                    "renders within 0.5 s")), result.stderr
