"""Exit codes: 0 done, 1 a proof failed (or outputs cannot be written), 2 bad data, 70 a bug in
printkit (one line, the traceback in a file), 130 interrupted. Never a traceback on the screen."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import printkit.build
from printkit.cli import EXIT_BUG, main

TINY = Path(__file__).resolve().parent / "games" / "tiny"


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    shutil.copytree(TINY, tmp_path / "data" / "tiny")
    return tmp_path / "data"


def crash(*args: object, **kwargs: object) -> None:
    raise ValueError("an impossible state")


def recurse(*args: object, **kwargs: object) -> None:
    raise RecursionError("maximum recursion depth exceeded")


def bug_report(err: str) -> Path:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: internal error, a bug in printkit") and "Traceback" not in err
    m = re.search(r"the full traceback is in (\S+);", lines[0])
    assert m, err
    return Path(m.group(1))


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "in-a-worker"])
def test_a_bug_has_its_own_exit_code_and_a_saved_traceback(data: Path, tmp_path: Path, jobs: str,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(printkit.build, "_proof_part", crash)
    out = tmp_path / "out"
    code = main(["build", "--data", str(data), "--out", str(out), "--quiet", "--jobs", jobs])
    err = capsys.readouterr().err
    assert code == EXIT_BUG and code not in (0, 1, 2), err
    report = bug_report(err)
    try:
        text = report.read_text()
        assert "ValueError: an impossible state" in text and "Traceback" in text
        assert "an impossible state" in err
    finally:
        report.unlink()
    assert not out.exists() or not any(out.iterdir()), "a crashed build wrote nothing"


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "in-a-worker"])
def test_a_recursion_error_is_never_exit_1(data: Path, tmp_path: Path, jobs: str, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(printkit.build, "_proof_part", recurse)
    code = main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "--jobs", jobs])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_bug_while_loading_is_reported_the_same_way(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(printkit.build, "load_game", crash)
    assert main(["list", "--data", str(data)]) == EXIT_BUG
    bug_report(capsys.readouterr().err).unlink()
