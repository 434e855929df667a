"""Outputs are replaced as a whole: never half-written, never a mix, stale files dropped, foreign files kept."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, run_cli

from printkit import output, teststop
from printkit.output import OutputError, write_all
from printkit.state import STATE


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def kit(files: dict[str, bytes]) -> dict[str, bytes]:
    """Files as build() hands them over: with the state record naming what printkit wrote."""
    return {**files, STATE: json.dumps({"files": sorted(files)}).encode()}


def test_unchanged_files_are_not_rewritten(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    assert write_all(out, kit({"a.pdf": b"A", "svg/b.svg": b"B"})) == [STATE, "a.pdf", "svg/b.svg"]
    inode = (out / "a.pdf").stat().st_ino
    assert write_all(out, kit({"a.pdf": b"A", "svg/b.svg": b"B"})) == []
    assert write_all(out, kit({"a.pdf": b"A", "svg/b.svg": b"B2"})) == ["svg/b.svg"]
    assert (out / "a.pdf").stat().st_ino == inode, "an identical file is carried over, not rewritten"
    assert snapshot(out)["svg/b.svg"] == b"B2"


def test_stale_outputs_go_and_files_printkit_did_not_write_stay(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"a.pdf": b"A", "svg/old.svg": b"O"}))
    (out / "notes.txt").write_text("the designer's own notes")
    changed = write_all(out, kit({"a.pdf": b"A", "svg/new.svg": b"N"}))
    assert set(snapshot(out)) == {STATE, "a.pdf", "svg/new.svg", "notes.txt"}
    assert "svg/old.svg" in changed and "svg/new.svg" in changed
    assert (out / "notes.txt").read_text() == "the designer's own notes"


def test_without_a_record_nothing_unknown_is_deleted(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    out.mkdir(parents=True)
    (out / "mine.pdf").write_bytes(b"not from this printkit")
    write_all(out, kit({"a.pdf": b"A"}))
    assert (out / "mine.pdf").read_bytes() == b"not from this printkit"


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2", "two-renames"])
def test_an_interruption_while_writing_leaves_the_previous_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               exchange: bool) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({f"svg/{i}.svg": b"old %d" % i for i in range(10)}))
    before = snapshot(out)
    if not exchange:
        monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    calls = {"n": 0}
    real = Path.write_bytes

    def flaky(self: Path, data: bytes) -> int:
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", flaky)
    with pytest.raises(KeyboardInterrupt):
        write_all(out, kit({f"svg/{i}.svg": b"new %d" % i for i in range(10)}))
    assert snapshot(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["game"], "no staging folder left behind"
    monkeypatch.setattr(Path, "write_bytes", real)
    write_all(out, kit({f"svg/{i}.svg": b"new %d" % i for i in range(10)}))
    assert snapshot(out)["svg/3.svg"] == b"new 3"
    assert sorted(p.name for p in out.parent.iterdir()) == ["game"]


def test_leftovers_of_a_killed_build_are_cleaned_or_put_back(tmp_path: Path) -> None:
    dead = 2**22 + 12345  # above the default pid_max: no such process
    parent = tmp_path / "out"
    staging = parent / f".game{output.STAGING}{dead}"
    (staging / "svg").mkdir(parents=True)
    (staging / "svg" / "half.svg").write_bytes(b"<svg")
    aside = parent / f".other{output.OLD}{dead}"
    aside.mkdir()
    (aside / "kit.pdf").write_bytes(b"the other game's kit, moved aside when the build died")
    write_all(parent / "game", kit({"a.pdf": b"A"}))
    assert not staging.exists()
    assert (parent / "other" / "kit.pdf").read_bytes().startswith(b"the other game's kit")
    assert sorted(p.name for p in parent.iterdir()) == ["game", "other"]


def test_a_file_where_the_kit_folder_belongs_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "out" / "game"
    target.parent.mkdir()
    target.write_text("the user's file")
    with pytest.raises(OutputError, match="is a file"):
        write_all(target, kit({"a.pdf": b"A"}))
    assert target.read_text() == "the user's file"


@pytest.mark.parametrize("rel", ["../escape.pdf", "/tmp/x.pdf", "a/../../b.svg", "", "svg/..", "a\\..\\b"])
def test_output_names_cannot_leave_the_kit_folder(tmp_path: Path, rel: str) -> None:
    with pytest.raises(OutputError):
        write_all(tmp_path / "out" / "game", {rel: b"x"})
    assert not (tmp_path / "out" / "game").exists()


# --- a real build, stopped at a named stage and signalled there ------------------------------
# PRINTKIT_TEST_STOP_AT (printkit.teststop, test-only) makes the build stop itself with SIGSTOP
# at a stage; the test waits for that with waitpid(WUNTRACED), sends its signal, and lets the
# build go on. Every signal lands at a known moment: no sleeping, no timing of builds.


BUILD_ARGS = ("--paper", "a4", "--quiet")
NEW_TITLE = ('title = "Euclidean"', 'title = "Euclidean, second edition"')


@pytest.fixture(scope="session")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """Euclidean built once (a4), and the kit its changed version makes; never touched afterwards:
    each test below works on its own copy. Returns the folder and the new kit."""
    root = tmp_path_factory.mktemp("pristine")
    copy_game("euclidean", root)
    result = run_cli("build", "--data", str(root / "data"), "--out", str(root / "out"), *BUILD_ARGS)
    assert result.returncode == 0, result.stderr
    changed = root / "changed"
    shutil.copytree(root / "data", changed / "data")
    change(changed / "data")
    result = run_cli("build", "--data", str(changed / "data"), "--out", str(changed / "out"), *BUILD_ARGS)
    assert result.returncode == 0, result.stderr
    return root, snapshot(changed / "out" / "euclidean")


def change(data: Path) -> None:
    toml = data / "euclidean" / "game.toml"
    text = toml.read_text()
    assert NEW_TITLE[0] in text
    toml.write_text(text.replace(*NEW_TITLE, 1))


@pytest.fixture
def game(pristine: tuple[Path, dict[str, bytes]], tmp_path: Path) -> tuple[Path, Path, dict[str, bytes], dict[str, bytes]]:
    """A copy of the pristine game and its kit, the game then changed: (data, out, old kit, new kit)."""
    root, new = pristine
    shutil.copytree(root / "data", tmp_path / "data")
    shutil.copytree(root / "out", tmp_path / "out")
    change(tmp_path / "data")
    old = snapshot(tmp_path / "out" / "euclidean")
    assert old != new
    return tmp_path / "data", tmp_path / "out", old, new


def start_build(data: Path, out: Path, stage: str | None, jobs: int = 2) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    env.pop(teststop.ENV, None)
    if stage:
        env[teststop.ENV] = stage
    log = out.parent / "build.log"
    with open(log, "w") as sink:  # a file, not a pipe: a pipe that fills would block the build before its stage
        return subprocess.Popen([sys.executable, "-m", "printkit", "build", "--data", str(data), "--out", str(out),
                                 "--jobs", str(jobs), *BUILD_ARGS], cwd=ROOT, env=env, stdout=sink, stderr=sink, text=True)


def wait_stopped(proc: subprocess.Popen[str], stage: str) -> None:
    """Block until the build has stopped itself at ``stage`` (a generous limit only guards against a hang)."""
    end = time.monotonic() + 300
    while time.monotonic() < end:
        pid, status = os.waitpid(proc.pid, os.WUNTRACED | os.WNOHANG)
        if pid == 0:
            time.sleep(0.02)
            continue
        assert os.WIFSTOPPED(status), f"the build ended (status {status}) without reaching {stage!r}"
        return
    raise AssertionError(f"the build never reached {stage!r}")


def signal_at(data: Path, out: Path, stage: str, sig: signal.Signals, jobs: int = 2) -> tuple[int, str, list[int]]:
    """Run a build to ``stage``, send ``sig`` there; its exit code, its output and the workers it had."""
    proc = start_build(data, out, stage, jobs)
    try:
        wait_stopped(proc, stage)
        workers = children(proc.pid)
        os.kill(proc.pid, sig)
        os.kill(proc.pid, signal.SIGCONT)
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    said = (out.parent / "build.log").read_text()
    assert f"stopped at {stage}" in said
    return proc.returncode, said, workers


def children(pid: int) -> list[int]:
    """The worker processes of a build (Linux: /proc lists a process's children, zombies included)."""
    listing = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in listing.read_text().split()] if listing.exists() else []


def gone(pid: int, timeout: float = 30) -> bool:
    """True once ``pid`` no longer runs (a zombie waiting for init to reap it counts as gone)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            return True
        if state == "Z":
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="workers are found through /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM], ids=["SIGKILL", "SIGINT", "SIGTERM"])
def test_a_build_signalled_while_its_workers_render_leaves_the_previous_kit_byte_identical(
        game: tuple[Path, Path, dict[str, bytes], dict[str, bytes]], sig: signal.Signals) -> None:
    data, out, old, _ = game
    code, said, workers = signal_at(data, out, "rendering", sig)
    assert len(workers) == 2, "the build was stopped with its two workers forked"
    assert all(gone(pid) for pid in workers), "a worker outlived the build"
    if sig == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        assert code == 130, said
        assert "interrupted" in said and "Traceback" not in said
    assert snapshot(out / "euclidean") == old
    assert sorted(p.name for p in out.iterdir()) == ["euclidean"], "no temporary files or folders left"


# Where the kit is after a build is stopped at each stage: the old one until the swap, then the new one.
AFTER = {"loaded": "old", "drawn": "old", "rendering": "old", "rendered": "old", "staged": "old", "swapped": "new"}
CASES = [*((s, signal.SIGKILL) for s in teststop.STAGES), ("staged", signal.SIGTERM), ("swapped", signal.SIGTERM),
         ("rendered", signal.SIGINT)]


@pytest.mark.parametrize(("stage", "sig"), CASES, ids=[f"{s}-{g.name}" for s, g in CASES])
def test_a_build_stopped_at_each_stage_leaves_the_old_kit_or_the_new_one(
        game: tuple[Path, Path, dict[str, bytes], dict[str, bytes]], stage: str, sig: signal.Signals) -> None:
    data, out, old, new = game
    code, said, _ = signal_at(data, out, stage, sig)
    assert code == (-signal.SIGKILL if sig == signal.SIGKILL else 130), said
    assert snapshot(out / "euclidean") == (old if AFTER[stage] == "old" else new), f"{stage}: not the {AFTER[stage]} kit"
    leftovers = sorted(p.name for p in out.iterdir() if p.name != "euclidean")
    if sig != signal.SIGKILL or stage not in ("staged", "swapped"):
        assert leftovers == [], "nothing but the kit is left"
        return
    # Killed with a staging folder in place: the next build sweeps it and completes the kit.
    assert len(leftovers) == 1 and output.STAGING in leftovers[0], leftovers
    done = start_build(data, out, None)
    assert done.wait(timeout=300) == 0, (out.parent / "build.log").read_text()
    assert sorted(p.name for p in out.iterdir()) == ["euclidean"]
    assert snapshot(out / "euclidean") == new


def test_a_build_paused_at_a_stage_and_let_go_finishes_the_new_kit(
        game: tuple[Path, Path, dict[str, bytes], dict[str, bytes]]) -> None:
    data, out, _, new = game
    proc = start_build(data, out, "staged")
    wait_stopped(proc, "staged")
    os.kill(proc.pid, signal.SIGCONT)
    assert proc.wait(timeout=300) == 0, (out.parent / "build.log").read_text()
    assert snapshot(out / "euclidean") == new
    assert sorted(p.name for p in out.iterdir()) == ["euclidean"]


def test_an_unknown_stage_is_refused(tmp_path: Path) -> None:
    copy_game("euclidean", tmp_path)
    (tmp_path / "out").mkdir()
    proc = start_build(tmp_path / "data", tmp_path / "out", "nowhere")
    assert proc.wait(timeout=300) not in (0, -signal.SIGSTOP)
    assert "not a stage" in (tmp_path / "build.log").read_text()
    assert not (tmp_path / "out" / "euclidean").exists()


def test_an_output_folder_that_cannot_be_made_is_one_error_line(tmp_path: Path) -> None:
    copy_game("euclidean", tmp_path)
    blocker = tmp_path / "out"
    blocker.write_text("a file where the output folder should be")
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(blocker), "--quiet")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("error: ") and len(result.stderr.strip().splitlines()) == 1
    assert blocker.read_text() == "a file where the output folder should be"
