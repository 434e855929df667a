"""Writing outputs so that no build, however it ends, loses a good kit or a file it did not write.

A game's outputs are replaced as a whole: every file of the new kit is written
into a private staging folder and the staging folder and ``out/<game>`` are then
swapped in one step (``renameat2(RENAME_EXCHANGE)`` on Linux; elsewhere two
renames with recovery on the next run). A build that fails, is interrupted
(Ctrl-C, SIGTERM) or is killed outright therefore leaves either the complete
previous kit or the complete new one, never a mix and never a half-written file.

Everything temporary lives in one hidden folder beside the outputs,
``<out>/.printkit-staging/``, and nowhere else: each writer holds an exclusive
lock (``flock``) on its own ``<name>.lock`` there for as long as it runs. Any later
run of any printkit command (:func:`sweep`) removes what a dead writer left, which it
knows by the free lock, and puts back a kit a dead writer had moved aside. Nothing
outside that folder is ever removed by a sweep.

Stale outputs are removed: each kit folder holds a record of the files printkit
wrote there (the ``files`` of ``.printkit-state.json``, see :mod:`printkit.state`),
and a file the previous build wrote that the new one no longer produces is dropped.
Anything printkit did not write (a user's notes, links, folders) is carried over
untouched. :func:`write_files` adds or replaces single files and removes nothing
(``printkit proof --out`` and ``calibrate`` use it).

Files whose bytes did not change are hard-linked from the previous kit, so
their modification time stays put. Writes are not fsync'ed: the swap protects
against crashed or killed processes, not against power loss.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from printkit.errors import OutputError  # (importable from here too, where it was first defined)
from printkit.state import STATE, read_state
from printkit.teststop import stop_at

try:
    import fcntl
except ImportError:  # pragma: no cover (not POSIX: fall back to asking whether the writer's process lives)
    fcntl = None  # type: ignore[assignment]

STAGING = ".printkit-staging"
"""The one folder (beside a kit folder) where printkit keeps anything temporary."""
LEGACY_STAGING = ".printkit-staging-"
LEGACY_OLD = ".printkit-old-"
OLD_SUFFIX = ".old"


class _Stage:
    """A private, locked folder in ``<parent>/.printkit-staging/`` for one writer, removed on exit.

    Its name is ``<target>~<pid>~<random>``: the lock file beside it (same name, ``.lock``)
    stays locked while this process (or a worker it forked) lives.
    """

    def __init__(self, parent: Path, target: str) -> None:
        self.area = parent / STAGING
        self.target = target
        self.fd = -1
        for _ in range(20):
            self.area.mkdir(parents=True, exist_ok=True)
            name = f"{target}~{os.getpid()}~{secrets.token_hex(4)}"
            lock = self.area / f"{name}.lock"
            try:
                fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            except (FileExistsError, FileNotFoundError):
                continue  # a name taken, or the area swept away meanwhile: try again
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                same = os.fstat(fd).st_ino == os.stat(lock).st_ino
            except FileNotFoundError:
                same = False
            if not same:  # a sweep took the lock file before we locked it
                os.close(fd)
                continue
            self.fd, self.name, self.lock = fd, name, lock
            self.dir = self.area / name
            self.dir.mkdir()
            return
        raise OSError(f"cannot make a staging folder in {self.area}")

    @property
    def aside(self) -> Path:
        return self.area / f"{self.name}{OLD_SUFFIX}"

    def close(self) -> None:
        _remove(self.dir)
        _remove(self.aside)
        with contextlib.suppress(FileNotFoundError):
            self.lock.unlink()
        os.close(self.fd)
        with contextlib.suppress(OSError):
            self.area.rmdir()  # only when empty: another writer may be using it

    def __enter__(self) -> _Stage:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def naming(where: Path) -> Iterator[None]:
    """An OS error inside names the file or folder it concerns: ``where`` when the system named none
    (a full disk fails a write, not a name) or named a file of printkit's private staging folder."""
    try:
        yield
    except OSError as err:
        if err.filename is not None and STAGING not in Path(os.fsdecode(err.filename)).parts:
            raise
        raise OSError(err.errno, err.strerror or str(err), str(where)) from None


def write_files(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    """Add or replace each of ``files`` in ``out_dir`` (one atomic rename each); remove nothing.

    Returns the paths whose bytes changed.
    """
    with naming(out_dir):
        return _write_files(out_dir, files)


def _write_files(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    for rel in files:
        safe_rel(rel)
    _check_folder(out_dir, link_ok=True)  # files are written into it, the folder itself is not replaced
    changed = [rel for rel in sorted(files) if not _same(os.path.join(out_dir, rel), files[rel])]
    if not changed:
        return []
    out_dir.mkdir(parents=True, exist_ok=True)
    sweep(out_dir)
    with _Stage(out_dir, "files") as stage:
        for n, rel in enumerate(changed):
            target = out_dir / rel
            if target.is_dir() and not target.is_symlink():
                raise OutputError(f"{target} is a folder; printkit will not replace it with a file")
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = stage.dir / str(n)
            tmp.write_bytes(files[rel])
            os.replace(tmp, target)
    return changed


def write_atomic(target: Path, data: bytes) -> bool:
    """Write one file under a temporary name and rename it into place; False when unchanged."""
    return bool(write_files(target.parent, {safe_rel(target.name): data}))


def safe_rel(rel: str) -> str:
    """Refuse output names that are absolute, climb with ``..`` or are empty."""
    _parts(rel)
    return rel


def _parts(rel: str) -> list[str]:
    """The folder and file names of ``rel``, as ``PurePosixPath(rel).parts`` gives them (empty names and ``.``
    dropped), found by string tests (a kit may name 10,000 files); OutputError for a name :func:`safe_rel` refuses:
    absolute, climbing with ``..``, naming nothing, holding a backslash or a NUL, or inside the staging folder."""
    parts = [p for p in rel.split("/") if p and p != "."]
    if not parts or rel[:1] == "/" or ".." in parts or "\\" in rel or "\x00" in rel or parts[0] == STAGING:
        raise OutputError(f"refusing to write an output named {rel!r}")
    return parts


def _check_folder(out_dir: Path, link_ok: bool = False) -> None:
    if (out_dir.exists() or out_dir.is_symlink()) and not out_dir.is_dir():
        raise OutputError(f"{out_dir} is a file, not a folder; printkit will not replace it")
    if out_dir.is_symlink() and not link_ok:  # swapping it would replace the user's link with a folder
        raise OutputError(f"{out_dir} is a link; printkit replaces a kit folder as a whole and will not replace "
                          "a link (remove it, or give --out the folder it points to)")


def write_all(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    """Make ``out_dir`` hold ``files`` (relative path -> bytes); return the paths that changed.

    Also counts as changed: files the previous build wrote that are now gone. Everything
    in ``out_dir`` that the previous build did not record as its own is carried over.
    """
    with naming(out_dir):
        return _write_all(out_dir, files)


def _write_all(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    named = [(rel, _parts(rel)) for rel in files]
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    _check_folder(out_dir)
    sweep(out_dir.parent)
    old = _listing(out_dir)
    previous = _record(out_dir)
    base = str(out_dir)
    changed = {rel for rel in files if old.get(rel) != "file" or not _same(f"{base}/{rel}", files[rel], listed=True)}
    # Without a record we cannot prove printkit wrote a file, so it is kept.
    dropped = {rel for rel, kind in old.items()
               if kind == "file" and rel not in files and previous is not None and rel in previous}
    keep = {rel: kind for rel, kind in old.items() if rel not in files and rel not in dropped}
    folders: set[str] = set()  # folder names found free or printkit's (10,000 SVGs share one)
    for _, parts in named:  # a user's link, folder or file where an output (or its folder) belongs is not replaced
        for n in range(1, len(parts) + 1):
            prefix = "/".join(parts[:n])
            if n < len(parts) and prefix in folders:
                continue
            allowed = (None, "file") if n == len(parts) else (None, "dir", "tree")
            if old.get(prefix) not in allowed:
                raise OutputError(f"{out_dir / prefix} is not a file printkit wrote; printkit will not replace it")
            if n < len(parts):
                folders.add(prefix)
    if out_dir.is_dir() and not changed and not dropped:
        return []
    with _Stage(out_dir.parent, out_dir.name) as stage:
        staging = str(stage.dir)
        made: set[str] = set()  # folders made in the staging area (a kit may write 10,000 SVGs into one)
        for rel in sorted(files):
            target = f"{staging}/{rel}"
            folder = os.path.dirname(target)
            if folder not in made:
                os.makedirs(folder, exist_ok=True)
                made.add(folder)
            if rel in changed or not _link(f"{base}/{rel}", target):
                _put(target, files[rel])
        for rel, kind in sorted(keep.items()):
            _carry(out_dir / rel, stage.dir / rel, kind)
        stop_at("staged")
        _swap(stage.dir, out_dir, stage.aside)
        stop_at("swapped")
    return sorted(changed | dropped)


def _carry(src: Path, dst: Path, kind: str) -> None:
    """Put a file printkit did not write into the new kit as it is (a link stays a link)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if kind == "link":
        os.symlink(os.readlink(src), dst)
    elif kind == "dir":
        dst.mkdir(exist_ok=True)
        shutil.copystat(src, dst, follow_symlinks=False)
    elif kind == "tree":
        pass  # a folder with content: its entries are carried one by one
    elif not _link(src, dst):
        if kind == "file":
            shutil.copy2(src, dst, follow_symlinks=False)
        else:
            raise OutputError(f"{src} is a special file that cannot be carried over; move it out of the kit folder")


def sweep(parent: Path) -> None:
    """Remove what dead writers left in ``parent`` (and in its kit folders), put back a kit a dead
    writer had moved aside. Touches nothing but printkit's own staging folders."""
    if not parent.is_dir():
        return
    with contextlib.suppress(OSError):
        _sweep_area(parent)
        for entry in sorted(parent.iterdir()):
            if entry.is_dir() and not entry.is_symlink():
                if (entry / STAGING).is_dir():
                    _sweep_area(entry)
                if entry.name.startswith(".") and (LEGACY_STAGING in entry.name or LEGACY_OLD in entry.name):
                    _sweep_legacy(parent, entry)


def _sweep_area(parent: Path) -> None:
    area = parent / STAGING
    if not area.is_dir() or area.is_symlink():
        return
    names = sorted(os.listdir(area))
    live: set[str] = set()
    for name in names:
        if not name.endswith(".lock"):
            continue
        stem = name[: -len(".lock")]
        if _held(area / name, stem):
            live.add(stem)
            continue
        target = stem.split("~")[0]
        aside = area / f"{stem}{OLD_SUFFIX}"
        if aside.is_dir() and target and not (parent / target).exists() and not (parent / target).is_symlink():
            os.rename(aside, parent / target)  # the dead writer had moved the kit aside: put it back
        _remove(area / stem)
        _remove(aside)
        with contextlib.suppress(FileNotFoundError):
            (area / name).unlink()
    for name in names:  # a folder whose lock is gone belongs to nobody
        stem = name.removesuffix(OLD_SUFFIX)
        if not name.endswith(".lock") and stem not in live and not (area / f"{stem}.lock").exists():
            _remove(area / name)
    with contextlib.suppress(OSError):
        area.rmdir()


def _held(lock: Path, stem: str) -> bool:
    """True while the writer that made ``lock`` still runs."""
    if fcntl is None:
        pid = stem.split("~")[1] if stem.count("~") >= 2 else ""
        return pid.isdigit() and _alive(int(pid))
    try:
        fd = os.open(lock, os.O_RDONLY)
    except FileNotFoundError:
        return True  # its writer just finished
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing releases the lock we took
    return False


def _sweep_legacy(parent: Path, entry: Path) -> None:
    """Staging folders named the way printkit 0.x named them, beside the kit folder."""
    for marker in (LEGACY_STAGING, LEGACY_OLD):
        game, _, pid = entry.name[1:].rpartition(marker)
        if marker not in entry.name or not pid.isdigit() or _alive(int(pid)):
            continue
        target = parent / game
        if marker == LEGACY_OLD and game and not target.exists():
            os.rename(entry, target)
        else:
            _remove(entry)
        return


def _listing(folder: Path) -> dict[str, str]:
    """Everything under ``folder`` by relative POSIX path: ``file``, ``link`` (any symbolic link),
    ``dir`` (an empty folder), ``tree`` (a folder with content) or ``other`` (fifo, socket...).
    The staging area is not part of a kit. (os.scandir: a kit may hold 10,000 SVGs.)"""
    out: dict[str, str] = {}

    def walk(path: str, prefix: str) -> bool:
        empty = True
        with os.scandir(path) as entries:
            for entry in entries:
                empty = False
                rel = prefix + entry.name
                if not prefix and entry.name == STAGING:
                    continue
                if entry.is_symlink():
                    out[rel] = "link"
                elif entry.is_dir(follow_symlinks=False):
                    out[rel] = "dir" if walk(entry.path, f"{rel}/") else "tree"
                elif entry.is_file(follow_symlinks=False):  # the folder's own record of its kind: no stat
                    out[rel] = "file"
                else:
                    out[rel] = "other"
        return empty

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


_READ = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""Opening a file to compare it: never through a link, never waiting (a fifo)."""


def _same(path: str, data: bytes, listed: bool = False) -> bool:
    """Whether ``path`` is a regular file holding exactly ``data`` (read whole: its size or time alone
    proves nothing, a user may have edited it). ``listed``: a scan has just found a regular file there,
    so it is opened without asking first (a kit compares 10,000 files); otherwise a link, folder or
    device is never opened."""
    try:
        if not listed and not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        fd = os.open(path, _READ)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        return stat.S_ISREG(st.st_mode) and st.st_size == len(data) and os.read(fd, len(data) + 1) == data
    except OSError:
        return False
    finally:
        os.close(fd)


def _put(path: str, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)


def _link(src: str | Path, dst: str | Path) -> bool:
    try:
        os.link(src, dst, follow_symlinks=False)
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
    fn = _renameat2()
    if fn is None:
        return False
    rc = fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return bool(rc == 0)


def _renameat2() -> Any:
    """The C library's renameat2 (ctypes loads only when a kit is swapped: the commands that write
    nothing never pay for it); None where there is none."""
    import ctypes

    try:  # the C library this process already runs with (no search: find_library runs ldconfig)
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError, TypeError):
        import ctypes.util

        libc_name = ctypes.util.find_library("c")
        if not libc_name:
            return None
        try:
            fn = ctypes.CDLL(libc_name, use_errno=True).renameat2
        except (OSError, AttributeError):
            return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn


def _swap(staging: Path, out_dir: Path, aside: Path) -> None:
    """Put ``staging`` in the place of ``out_dir``; afterwards ``staging`` holds the old kit (or nothing).

    Where the system cannot exchange two folders, the old kit is first moved to ``aside``
    (in the staging area, so a sweep puts it back if this process dies before the end).
    """
    if not out_dir.exists() and not out_dir.is_symlink():
        os.rename(staging, out_dir)
        return
    if out_dir.is_dir() and not out_dir.is_symlink() and _exchange(staging, out_dir):
        return
    os.rename(out_dir, aside)
    try:
        os.rename(staging, out_dir)
    except BaseException:
        os.rename(aside, out_dir)
        raise
    os.rename(aside, staging)


def staging_leftovers(parent: Path) -> Iterator[Path]:
    """Staging entries under ``parent`` (for tests and ``printkit`` diagnostics)."""
    area = parent / STAGING
    if area.is_dir():
        yield from sorted(area.iterdir())
