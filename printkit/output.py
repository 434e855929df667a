"""Writing outputs so that no build, however it ends, loses a good kit.

A game's outputs are replaced as a whole: every file of the new kit is written
into a hidden staging folder beside ``out/<game>`` and the two folders are then
swapped in one step (``renameat2(RENAME_EXCHANGE)`` on Linux; elsewhere two
renames with recovery on the next run). A build that fails, is interrupted
(Ctrl-C, SIGTERM) or is killed outright therefore leaves either the complete
previous kit or the complete new one, never a mix and never a half-written file.
Staging folders left by a killed process are removed by the next build.

Stale outputs are removed: each kit folder holds a record of the files printkit
wrote there (the ``files`` of ``.printkit-state.json``, see :mod:`printkit.state`),
and a file the previous build wrote that the new one no longer produces is dropped. Files printkit did not write (a user's
notes in the folder) are carried over untouched.

Files whose bytes did not change are hard-linked from the previous kit, so
their modification time stays put. Writes are not fsync'ed: the swap protects
against crashed or killed processes, not against power loss.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
from pathlib import Path, PurePosixPath

from printkit.state import STATE, read_state
from printkit.teststop import stop_at

STAGING = ".printkit-staging-"
OLD = ".printkit-old-"


class OutputError(Exception):
    """An output path that would escape its folder: a bug or hostile data, never written."""


def write_atomic(target: Path, data: bytes) -> bool:
    """Write one file under a temporary name and rename it into place; False when unchanged."""
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        # Rename makes the replacement atomic for readers; no fsync per file: a build is
        # cheap to redo, and a sync per file cost more than the whole render.
        tmp.write_bytes(data)
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    return True


def safe_rel(rel: str) -> str:
    """Refuse output names that are absolute, climb with ``..`` or are empty."""
    parts = PurePosixPath(rel).parts
    if not parts or PurePosixPath(rel).is_absolute() or any(p in ("..", ".", "") for p in parts) \
            or "\\" in rel or "\x00" in rel:
        raise OutputError(f"refusing to write an output named {rel!r}")
    return rel


def write_all(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    """Make ``out_dir`` hold exactly ``files`` (relative path -> bytes); return the paths that changed.

    Also counts as changed: files the previous build wrote that are now gone.
    """
    for rel in files:
        safe_rel(rel)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    if (out_dir.exists() or out_dir.is_symlink()) and not out_dir.is_dir():
        raise OutputError(f"{out_dir} is a file, not a folder; printkit will not replace it")
    sweep(out_dir.parent)
    old = _listing(out_dir)
    previous = _record(out_dir)
    base = str(out_dir)
    changed = [rel for rel in sorted(files) if rel not in old or not _same(os.path.join(base, rel), files[rel])]
    # Without a record we cannot prove printkit wrote a file, so it is kept.
    dropped = sorted(rel for rel in old if rel not in files and previous is not None and rel in previous)
    keep = sorted(rel for rel in old if rel not in files and rel not in dropped)
    if out_dir.is_dir() and not changed and not dropped:
        return []
    staging = out_dir.with_name(f".{out_dir.name}{STAGING}{os.getpid()}")
    _remove(staging)
    try:
        staging.mkdir()
        for rel in sorted(files):
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if rel in changed or not _link(out_dir / rel, target):
                target.write_bytes(files[rel])
        for rel in keep:
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if not _link(out_dir / rel, target):
                shutil.copy2(out_dir / rel, target)
        stop_at("staged")
        _swap(staging, out_dir)
        stop_at("swapped")
    finally:
        _remove(staging)
    return sorted(changed + dropped)


def sweep(parent: Path) -> None:
    """Remove staging folders of dead builds; put back a kit a dead build had moved aside."""
    if not parent.is_dir():
        return
    for entry in sorted(parent.iterdir()):
        name = entry.name
        for marker in (STAGING, OLD):
            if not name.startswith(".") or marker not in name:
                continue
            game, _, pid = name[1:].rpartition(marker)
            if not pid.isdigit() or _alive(int(pid)):
                continue
            target = parent / game
            if marker == OLD and not target.exists():
                os.rename(entry, target)
            else:
                _remove(entry)


def _listing(folder: Path) -> set[str]:
    """Every file under ``folder``, as a relative POSIX path (os.scandir: a kit may hold 10,000 SVGs)."""
    out: set[str] = set()

    def walk(path: str, prefix: str) -> None:
        with os.scandir(path) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    walk(entry.path, f"{prefix}{entry.name}/")
                elif entry.is_file():
                    out.add(prefix + entry.name)

    if folder.is_dir():
        walk(str(folder), "")
    return out


def _record(folder: Path) -> set[str] | None:
    """The files the last build wrote into ``folder``, from its state file; None if unknown."""
    state = read_state(folder)
    files = state.get("files") if state else None
    if not isinstance(files, list):
        return None
    return {str(f) for f in files} | {STATE}


def _same(path: str, data: bytes) -> bool:
    try:
        if os.stat(path).st_size != len(data):
            return False
        with open(path, "rb") as fh:
            return fh.read() == data
    except OSError:
        return False


def _link(src: Path, dst: Path) -> bool:
    try:
        os.link(src, dst)
        return True
    except OSError:
        return False


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step (Linux renameat2); False when the system cannot."""
    libc_name = ctypes.util.find_library("c")
    if not libc_name:
        return False
    try:
        libc = ctypes.CDLL(libc_name, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    rc = fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return bool(rc == 0)


def _swap(staging: Path, out_dir: Path) -> None:
    """Put ``staging`` in the place of ``out_dir``; afterwards ``staging`` holds the old kit (or nothing)."""
    if not out_dir.exists() and not out_dir.is_symlink():
        os.rename(staging, out_dir)
        return
    if out_dir.is_dir() and not out_dir.is_symlink() and _exchange(staging, out_dir):
        return
    aside = out_dir.with_name(f".{out_dir.name}{OLD}{os.getpid()}")
    os.rename(out_dir, aside)
    try:
        os.rename(staging, out_dir)
    except BaseException:
        os.rename(aside, out_dir)
        raise
    os.rename(aside, staging)
