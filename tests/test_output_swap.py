"""The swap that puts a new kit in place of the old one, on both paths.

Linux swaps the two folders in one step (renameat2 RENAME_EXCHANGE); where that is not
available, ``_swap`` moves the old kit aside (into the locked staging area,
``.printkit-staging/<game>~<pid>~<random>.old``), renames the new one in and, if that second
rename fails, moves the old kit back. These tests force the second path by making the exchange
unavailable, then make each rename fail in turn.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import output
from printkit.output import OLD_SUFFIX, STAGING, write_all
from printkit.state import STATE


def kit(files: dict[str, bytes]) -> dict[str, bytes]:
    return {**files, STATE: json.dumps({"files": sorted(files)}).encode()}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# Linux has had renameat2(RENAME_EXCHANGE) since 3.15 (glibc 2.28): there the exchange must work.
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
OLD_KIT = kit({"a.pdf": b"old A", "svg/b.svg": b"old B", "svg/c.svg": b"old C"})
NEW_KIT = kit({"a.pdf": b"new A", "svg/b.svg": b"old B", "svg/d.svg": b"new D"})


@pytest.fixture
def no_exchange(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The atomic exchange unavailable; returns the log of renames ``_swap`` makes (names only)."""
    calls: list[tuple[str, str]] = []
    exchanged: list[tuple[Path, Path]] = []

    def unavailable(a: Path, b: Path) -> bool:
        exchanged.append((a, b))
        return False

    monkeypatch.setattr(output, "_exchange", unavailable)
    real = os.rename

    def logged(src: os.PathLike[str] | str, dst: os.PathLike[str] | str) -> None:
        calls.append((Path(src).name, Path(dst).name))
        real(src, dst)

    monkeypatch.setattr(output.os, "rename", logged)
    return calls


def failing_rename(monkeypatch: pytest.MonkeyPatch, fail_at: int, exc: BaseException) -> list[tuple[str, str]]:
    """os.rename as ``printkit.output`` sees it, raising ``exc`` at its ``fail_at``-th call (1-based)."""
    calls: list[tuple[str, str]] = []
    real = os.rename

    def rename(src: os.PathLike[str] | str, dst: os.PathLike[str] | str) -> None:
        calls.append((Path(src).name, Path(dst).name))
        if len(calls) == fail_at:
            raise exc
        real(src, dst)

    monkeypatch.setattr(output.os, "rename", rename)
    return calls


def leftovers(parent: Path) -> list[str]:
    """Everything beside the kit folder, and in the staging area if there is one."""
    found = sorted(p.name for p in parent.iterdir() if p.name != "game")
    if (parent / STAGING).is_dir():
        found += sorted(f"{STAGING}/{p.name}" for p in (parent / STAGING).iterdir())
    return found


def named(calls: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The log of renames with this process's staging folder called S (its name ends in a random part)."""
    stage = re.compile(rf"^game~{os.getpid()}~[0-9a-f]{{8}}")
    return [(stage.sub("S", a), stage.sub("S", b)) for a, b in calls]


def test_the_two_renames_replace_the_kit(tmp_path: Path, no_exchange: list[tuple[str, str]]) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    assert named(no_exchange) == [("S", "game")], "a first kit is renamed into place"
    no_exchange.clear()
    changed = write_all(out, NEW_KIT)
    assert snapshot(out) == NEW_KIT
    assert {"a.pdf", "svg/c.svg", "svg/d.svg"} <= set(changed)
    assert named(no_exchange) == [("game", f"S{OLD_SUFFIX}"), ("S", "game"), (f"S{OLD_SUFFIX}", "S")]
    assert leftovers(out.parent) == []


@pytest.mark.parametrize("exc", [OSError(18, "Invalid cross-device link"), KeyboardInterrupt()], ids=["OSError", "interrupt"])
def test_a_failure_between_the_renames_puts_the_old_kit_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             exc: BaseException) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    inode = (out / "a.pdf").stat().st_ino
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    calls = failing_rename(monkeypatch, 2, exc)  # 1: old kit aside, 2: new kit in (fails)
    with pytest.raises(type(exc)):
        write_all(out, NEW_KIT)
    assert named(calls) == [("game", f"S{OLD_SUFFIX}"), ("S", "game"), (f"S{OLD_SUFFIX}", "game")], "no rollback"
    assert snapshot(out) == OLD_KIT
    assert (out / "a.pdf").stat().st_ino == inode, "the very folder of the old kit is back"
    assert leftovers(out.parent) == [], "neither the new kit's staging folder nor the old kit's aside name is left"
    monkeypatch.undo()
    assert set(write_all(out, NEW_KIT)) >= {"a.pdf", "svg/d.svg"}
    assert snapshot(out) == NEW_KIT


def test_a_failure_of_the_first_rename_leaves_the_old_kit_where_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    calls = failing_rename(monkeypatch, 1, PermissionError(13, "Permission denied"))
    with pytest.raises(PermissionError):
        write_all(out, NEW_KIT)
    assert len(calls) == 1
    assert snapshot(out) == OLD_KIT
    assert leftovers(out.parent) == []


def test_the_rollback_is_only_for_a_failed_second_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The third rename (old kit into the staging name, to be removed) failing leaves the new kit in place."""
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    calls = failing_rename(monkeypatch, 3, OSError(5, "Input/output error"))
    with pytest.raises(OSError):
        write_all(out, NEW_KIT)
    assert len(calls) == 3
    assert snapshot(out) == NEW_KIT
    assert leftovers(out.parent) == [], "the old kit, still aside, went with the staging folder"


def dead_writer(parent: Path, stem: str = "game~4321~00c0ffee") -> Path:
    """The staging area as a killed writer left it: its lock file, no longer held by anyone."""
    area = parent / STAGING
    area.mkdir(parents=True, exist_ok=True)
    (area / f"{stem}.lock").write_bytes(b"")
    return area / stem


def test_a_process_killed_between_the_renames_gets_its_kit_back_on_the_next_run(tmp_path: Path) -> None:
    parent = tmp_path / "out"
    stage = dead_writer(parent)
    aside = stage.with_name(stage.name + OLD_SUFFIX)
    aside.mkdir()
    (aside / "a.pdf").write_bytes(b"the kit moved aside")
    stage.mkdir()
    (stage / "a.pdf").write_bytes(b"the new kit, never renamed in")
    output.sweep(parent)
    assert sorted(p.name for p in parent.iterdir()) == ["game"]
    assert (parent / "game" / "a.pdf").read_bytes() == b"the kit moved aside"


def test_a_process_killed_after_the_second_rename_leaves_the_new_kit(tmp_path: Path) -> None:
    parent = tmp_path / "out"
    (parent / "game").mkdir(parents=True)
    (parent / "game" / "a.pdf").write_bytes(b"new")
    stage = dead_writer(parent)
    aside = stage.with_name(stage.name + OLD_SUFFIX)
    aside.mkdir()
    (aside / "a.pdf").write_bytes(b"old")
    output.sweep(parent)
    assert sorted(p.name for p in parent.iterdir()) == ["game"]
    assert (parent / "game" / "a.pdf").read_bytes() == b"new"


HOLDER = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
sys.stdin.read()
"""


@pytest.mark.skipif(output.fcntl is None, reason="locks are POSIX's")
def test_leftovers_of_a_living_writer_are_not_touched(tmp_path: Path) -> None:
    parent = tmp_path / "out"
    theirs = dead_writer(parent, "game~77~0badf00d")
    theirs.mkdir()
    (theirs / "half.svg").write_bytes(b"<svg")
    (parent / "plain").mkdir()
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(theirs) + ".lock"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline() == "locked\n"
        output.sweep(parent)
        assert leftovers(parent) == sorted(["plain", STAGING]) + [f"{STAGING}/{theirs.name}", f"{STAGING}/{theirs.name}.lock"]
        other.communicate(timeout=120)
        assert other.returncode == 0, "looking at a lock must not signal its holder"
        output.sweep(parent)  # the writer gone: its leftovers go, the user's folder stays
        assert leftovers(parent) == ["plain"]
    finally:
        if other.poll() is None:
            other.kill()
            other.wait()


def test_without_locks_a_writer_is_alive_while_its_process_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there is no flock (not POSIX), the process number in the name tells whether the writer lives."""
    monkeypatch.setattr(output, "fcntl", None)
    parent = tmp_path / "out"
    mine = dead_writer(parent, f"game~{os.getpid()}~00000001")
    mine.mkdir()
    dead = dead_writer(parent, f"game~{2**22 + 4321}~00000002")
    dead.mkdir()
    nameless = dead_writer(parent, "game~notapid")
    output.sweep(parent)
    assert leftovers(parent) == [STAGING, f"{STAGING}/{mine.name}", f"{STAGING}/{mine.name}.lock"]
    assert not nameless.exists() and not dead.exists()


def test_a_folder_whose_lock_is_gone_belongs_to_nobody(tmp_path: Path) -> None:
    parent = tmp_path / "out"
    area = parent / STAGING
    (area / "game~1~00000003").mkdir(parents=True)
    (area / f"game~1~00000004{OLD_SUFFIX}").mkdir()
    (parent / "game").mkdir()
    output.sweep(parent)
    assert leftovers(parent) == []
    assert (parent / "game").is_dir(), "the kit folder is never a sweep's business"


@LINUX
def test_the_atomic_exchange_swaps_two_folders_where_the_system_has_it(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "x").write_text("A")
    (b / "x").write_text("B")
    assert output._exchange(a, b) is True
    assert (a / "x").read_text() == "B" and (b / "x").read_text() == "A"
    assert not output._exchange(a, tmp_path / "missing"), "an exchange with nothing fails"


def test_the_exchange_is_unavailable_without_a_c_library(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # none in the running process (it is looked up there first, without running ldconfig) and none found
    real = ctypes.CDLL

    def no_process_library(name: object, *args: object, **kwargs: object) -> object:
        if name is None:
            raise OSError("no C library in this process")
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ctypes, "CDLL", no_process_library)
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    assert output._exchange(tmp_path, tmp_path) is False


def test_the_exchange_is_unavailable_without_renameat2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class NoRenameat2:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def __getattr__(self, name: str) -> object:
            raise AttributeError(name)

    monkeypatch.setattr(ctypes, "CDLL", NoRenameat2)
    assert output._exchange(tmp_path, tmp_path) is False
    monkeypatch.setattr(ctypes, "CDLL", lambda *a, **k: (_ for _ in ()).throw(OSError("no libc")))
    assert output._exchange(tmp_path, tmp_path) is False


def test_write_atomic_replaces_a_file_and_skips_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "deep" / "er" / "f.bin"
    assert output.write_atomic(target, b"one") is True
    assert output.write_atomic(target, b"one") is False
    assert output.write_atomic(target, b"two") is True and target.read_bytes() == b"two"

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "replace", broken)
    with pytest.raises(OSError):
        output.write_atomic(target, b"three")
    assert target.read_bytes() == b"two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.bin"], "no temporary file left"


@LINUX
def test_the_atomic_exchange_is_used_where_the_system_has_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    used: list[tuple[str, str]] = []
    real = output._exchange

    def spy(a: Path, b: Path) -> bool:
        used.append((a.name, b.name))
        return real(a, b)

    monkeypatch.setattr(output, "_exchange", spy)
    renames = failing_rename(monkeypatch, 99, OSError("unused"))
    write_all(out, NEW_KIT)
    assert named(used) == [("S", "game")]
    assert renames == [], "no rename when the exchange did the swap"
    assert snapshot(out) == NEW_KIT


def test_nested_folders_are_made_in_the_new_kit_and_foreign_files_carried_over(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, kit({"svg/boxes/lid/top.svg": b"T"}))
    (out / "notes" / "deep").mkdir(parents=True)
    (out / "notes" / "deep" / "mine.txt").write_text("kept")
    write_all(out, kit({"svg/boxes/lid/top.svg": b"T2", "a/b/c/d.pdf": b"D"}))
    assert (out / "svg/boxes/lid/top.svg").read_bytes() == b"T2" and (out / "a/b/c/d.pdf").read_bytes() == b"D"
    assert (out / "notes" / "deep" / "mine.txt").read_text() == "kept"


def test_files_are_copied_where_they_cannot_be_hard_linked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    (out / "mine.txt").write_text("the designer's")

    def cross_device(src: object, dst: object, **kwargs: object) -> None:  # another file system, or no hard links
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(output.os, "link", cross_device)
    write_all(out, NEW_KIT)
    assert snapshot(out) == {**NEW_KIT, "mine.txt": b"the designer's"}


@LINUX
def test_the_exchange_works_with_relative_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--out out` gives relative paths: renameat2 must resolve them from the working folder."""
    monkeypatch.chdir(tmp_path)
    out = Path("out") / "game"
    write_all(out, OLD_KIT)
    renames = failing_rename(monkeypatch, 99, OSError("unused"))
    write_all(out, NEW_KIT)
    assert renames == [], "the exchange failed on relative paths and the fallback ran"
    assert snapshot(tmp_path / "out" / "game") == NEW_KIT


def test_an_unchanged_kit_is_not_touched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    folder = out.stat().st_ino
    monkeypatch.setattr(output, "_swap", lambda *a: pytest.fail("an unchanged kit was swapped"))
    assert write_all(out, OLD_KIT) == []
    assert out.stat().st_ino == folder


def test_the_kit_folder_may_be_several_levels_down(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b" / "out" / "game"
    assert STATE in write_all(out, OLD_KIT)
    assert snapshot(out) == OLD_KIT


def test_write_atomic_compares_the_bytes_not_their_order(tmp_path: Path) -> None:
    target = tmp_path / "f.bin"
    assert output.write_atomic(target, b"two") is True
    assert output.write_atomic(target, b"one") is True  # same size, sorts before: still a change
    assert target.read_bytes() == b"one"
    assert output.write_atomic(target, b"on") is True and target.read_bytes() == b"on"
    assert output.write_atomic(target, b"one!") is True and target.read_bytes() == b"one!"


def test_a_staging_folder_that_cannot_be_removed_does_not_fail_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    real = output.shutil.rmtree

    def stubborn(path: object, ignore_errors: bool = False, **kwargs: object) -> None:
        if not ignore_errors:
            raise OSError(16, "Device or resource busy")

    monkeypatch.setattr(output.shutil, "rmtree", stubborn)
    write_all(out, NEW_KIT)
    assert snapshot(out) == NEW_KIT
    monkeypatch.setattr(output.shutil, "rmtree", real)


def test_a_process_of_another_user_counts_as_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(pid: int, sig: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(output.os, "kill", denied)
    assert output._alive(2**22 + 1) is True


def test_a_file_is_never_written_over_a_folder(tmp_path: Path) -> None:
    (tmp_path / "kit" / "proof.json").mkdir(parents=True)
    with pytest.raises(output.OutputError, match="is a folder"):
        output.write_files(tmp_path / "kit", {"proof.json": b"{}"})
    assert (tmp_path / "kit" / "proof.json").is_dir()
    assert leftovers(tmp_path / "kit") == ["proof.json"], "no staging area left behind"


def test_a_special_file_that_cannot_be_linked_is_refused_and_the_kit_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    os.mkfifo(out / "pipe")
    assert output._listing(out)["pipe"] == "other"

    def cross_device(src: object, dst: object, **kwargs: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(output.os, "link", cross_device)
    with pytest.raises(output.OutputError, match="special file"):
        write_all(out, NEW_KIT)
    monkeypatch.undo()
    assert snapshot(out) == OLD_KIT and (out / "pipe").exists()
    assert leftovers(out.parent) == []


def test_no_staging_folder_when_every_name_is_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def taken(*args: object, **kwargs: object) -> int:
        raise FileExistsError(17, "File exists")

    monkeypatch.setattr(output.os, "open", taken)
    with pytest.raises(OSError, match="cannot make a staging folder"):
        write_all(tmp_path / "out" / "game", OLD_KIT)
    monkeypatch.undo()
    assert not (tmp_path / "out" / "game").exists()


@pytest.mark.skipif(output.fcntl is None, reason="locks are POSIX's")
def test_a_lock_file_gone_meanwhile_counts_as_held(tmp_path: Path) -> None:
    """Its writer has just finished and removed it: its folder is not the sweep's to take."""
    assert output._held(tmp_path / "game~1~00000005.lock", "game~1~00000005") is True


def test_a_living_process_is_alive_and_only_asked_never_signalled(monkeypatch: pytest.MonkeyPatch) -> None:
    # a child of this test, not its parent: a mutant sending a real signal must not hit the test runner
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    sent: list[int] = []
    real_kill = os.kill

    def kill(pid: int, sig: int) -> None:
        sent.append(sig)
        real_kill(pid, sig)

    try:
        monkeypatch.setattr(output.os, "kill", kill)
        assert output._alive(child.pid) is True
        monkeypatch.undo()
        assert sent == [0]  # signal 0 only asks (counted, not timed: no waiting to see whether it died)
    finally:
        child.kill()
        child.wait()


def test_staging_leftovers_lists_the_staging_area(tmp_path: Path) -> None:
    assert list(output.staging_leftovers(tmp_path)) == []
    stage = dead_writer(tmp_path)
    stage.mkdir()
    assert [p.name for p in output.staging_leftovers(tmp_path)] == [stage.name, f"{stage.name}.lock"]


# Found by mutation testing (docs/testing.md): each test below kills a mutant the others let live.


@pytest.mark.parametrize("name", [".notes", "-list.txt", "!x", ".printkit-s"])
def test_names_that_sort_before_the_staging_area_are_ordinary_outputs(name: str) -> None:
    assert output.safe_rel(name) == name
    with pytest.raises(output.OutputError):
        output.safe_rel(f"{STAGING}/x")


def test_a_users_dot_file_at_the_top_of_the_kit_is_carried_over(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    (out / ".notes").write_bytes(b"mine")
    write_all(out, NEW_KIT)
    assert snapshot(out) == {**NEW_KIT, ".notes": b"mine"}


def test_a_dead_process_with_a_lower_number_is_not_alive() -> None:
    lower = next(p for p in range(os.getpid() - 1, 1, -1) if not os.path.exists(f"/proc/{p}"))
    assert output._alive(lower) is False


def test_a_dead_writers_leftovers_inside_a_kit_folder_are_swept(tmp_path: Path) -> None:
    """write_files (proof --out, calibrate) stages inside the kit folder; the next run cleans it."""
    out = tmp_path / "out"
    write_all(out / "game", OLD_KIT)
    stage = dead_writer(out / "game", "files~4321~00c0ffee")
    stage.mkdir()
    (stage / "0").write_bytes(b"half")
    output.sweep(out)
    assert not (out / "game" / STAGING).exists() and snapshot(out / "game") == OLD_KIT


def test_a_dead_0x_staging_folder_without_a_kit_is_removed_not_made_the_kit(tmp_path: Path) -> None:
    out = tmp_path / "out"
    legacy = out / f".game{output.LEGACY_STAGING}99999999"  # no such process
    legacy.mkdir(parents=True)
    (legacy / "a.pdf").write_bytes(b"half")
    output.sweep(out)
    assert sorted(p.name for p in out.iterdir()) == []


def test_a_staging_name_already_taken_is_retried_with_another(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tokens = iter(["00000000", "11111111"])
    monkeypatch.setattr(output.secrets, "token_hex", lambda n: next(tokens))
    area = tmp_path / "out" / STAGING
    area.mkdir(parents=True)
    taken = area / f"game~{os.getpid()}~00000000.lock"
    taken.write_bytes(b"")
    os.utime(taken)
    # the sweep at the start of write_all would remove the unheld lock file: keep it held meanwhile
    fd = os.open(taken, os.O_RDONLY)
    if output.fcntl is not None:
        output.fcntl.flock(fd, output.fcntl.LOCK_EX)
    try:
        write_all(tmp_path / "out" / "game", OLD_KIT)
    finally:
        os.close(fd)
    assert snapshot(tmp_path / "out" / "game") == OLD_KIT and next(tokens, None) is None


def test_write_files_makes_the_folders_an_output_needs(tmp_path: Path) -> None:
    assert output.write_files(tmp_path / "out", {"proof/deep/p.pdf": b"P"}) == ["proof/deep/p.pdf"]
    assert (tmp_path / "out" / "proof" / "deep" / "p.pdf").read_bytes() == b"P"


@pytest.mark.parametrize("name", ["../escape.pdf", "/abs.pdf", f"{STAGING}/x.pdf"])
def test_write_files_refuses_a_name_outside_its_folder_and_writes_nothing(tmp_path: Path, name: str) -> None:
    with pytest.raises(output.OutputError):
        output.write_files(tmp_path / "out", {"ok.pdf": b"A", name: b"B"})
    assert sorted(p.name for p in tmp_path.rglob("*")) == []


def test_a_dead_0x_writers_kit_moved_aside_is_put_back(tmp_path: Path) -> None:
    out = tmp_path / "out"
    aside = out / f".game{output.LEGACY_OLD}99999999"  # no such process
    aside.mkdir(parents=True)
    (aside / "a.pdf").write_bytes(b"old A")
    output.sweep(out)
    assert sorted(p.name for p in out.iterdir()) == ["game"] and snapshot(out / "game") == {"a.pdf": b"old A"}


def test_a_stray_file_in_the_staging_area_is_swept_with_it(tmp_path: Path) -> None:
    (tmp_path / STAGING).mkdir()
    (tmp_path / STAGING / "stray").write_bytes(b"")
    output.sweep(tmp_path)
    assert not (tmp_path / STAGING).exists()


def test_a_live_staging_area_inside_the_kit_is_neither_carried_nor_in_the_way(tmp_path: Path) -> None:
    """proof --out writing into the kit folder while a build replaces it."""
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    mine = {f"note{i}.txt": str(i).encode() for i in range(8)}
    for name, data in mine.items():
        (out / name).write_bytes(data)
    lock = out / STAGING / "files~1~0000abcd.lock"
    lock.parent.mkdir()
    lock.write_bytes(b"")
    fd = os.open(lock, os.O_RDONLY)
    if output.fcntl is not None:
        output.fcntl.flock(fd, output.fcntl.LOCK_EX)
    try:
        write_all(out, NEW_KIT)
    finally:
        os.close(fd)
    assert snapshot(out) == {**NEW_KIT, **mine}


def test_look_alikes_of_0x_staging_names_are_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / f".game{output.LEGACY_STAGING}notapid").mkdir(parents=True)  # a folder, but no process number
    (out / f".kit{output.LEGACY_OLD}99999999").write_bytes(b"mine")  # the right name, but a file
    output.sweep(out)
    assert sorted(p.name for p in out.iterdir()) == sorted([f".game{output.LEGACY_STAGING}notapid",
                                                            f".kit{output.LEGACY_OLD}99999999"])


def test_a_users_folder_where_an_output_file_goes_is_not_replaced(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    (out / "a.pdf").unlink()
    (out / "a.pdf").mkdir()
    (out / "a.pdf" / "mine.txt").write_bytes(b"mine")
    with pytest.raises(output.OutputError, match="not a file printkit wrote"):
        write_all(out, NEW_KIT)
    assert (out / "a.pdf" / "mine.txt").read_bytes() == b"mine"


def test_a_living_0x_writers_staging_folder_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "out"
    legacy = out / f".game{output.LEGACY_STAGING}{os.getpid()}"
    legacy.mkdir(parents=True)
    output.sweep(out)
    assert legacy.is_dir()


def test_a_dead_0x_writers_kit_moved_aside_is_dropped_when_a_kit_is_back(tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_all(out / "game", OLD_KIT)
    aside = out / f".game{output.LEGACY_OLD}99999999"  # no such process
    aside.mkdir()
    (aside / "a.pdf").write_bytes(b"older A")
    output.sweep(out)
    assert sorted(p.name for p in out.iterdir()) == ["game"] and snapshot(out / "game") == OLD_KIT


def test_a_users_file_two_folders_down_is_carried_over(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)
    (out / "notes" / "2026").mkdir(parents=True)
    (out / "notes" / "2026" / "mine.txt").write_bytes(b"mine")
    write_all(out, NEW_KIT)
    assert snapshot(out) == {**NEW_KIT, "notes/2026/mine.txt": b"mine"}


def test_a_users_link_in_place_of_a_stale_output_is_carried_over(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    write_all(out, OLD_KIT)  # records svg/c.svg, which NEW_KIT no longer has
    (out / "svg" / "c.svg").unlink()
    os.symlink("b.svg", out / "svg" / "c.svg")
    write_all(out, NEW_KIT)
    assert os.readlink(out / "svg" / "c.svg") == "b.svg"
