"""Up-to-date checks: a content hash of a game's inputs, recorded beside its outputs.

Kept free of heavy imports so that a rebuild with nothing to do costs almost nothing.
Files are hashed in chunks (memory does not grow with their size), and of a game's folder
only what the game can read: ``game.toml``, its ``rules/`` templates and the files its data
names (tables, fonts, images, templated image paths as patterns). Any other file there (a
video, an archive, the designer's notes) counts by name and size only, never read.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from printkit import __version__

STATE = ".printkit-state.json"
CHUNK = 1 << 20
GAME_FILE = "game.toml"
RULES = "rules"
PATH_KEYS = frozenset({"table", "file", "font", "font_bold", "path"})
"""Keys of game.toml whose values are files of the game folder (see printkit.model)."""


def file_digest(path: Path) -> bytes:
    """sha256 of a file, read a chunk at a time: memory does not grow with the file."""
    with open(path, "rb") as f:
        data = f.read(CHUNK)
        if len(data) < CHUNK:  # most files: one read, as read_bytes() would
            return hashlib.sha256(data).digest()
        h = hashlib.sha256(data)
        while chunk := f.read(CHUNK):
            h.update(chunk)
    return h.digest()


def shared_templates() -> Path | None:
    """The shared rulebook templates, where ``printkit.rulebook`` finds them: beside the package in a
    checkout, else in ``<prefix>/share/printkit/templates`` (without importing the rulebook's Jinja)."""
    for templates in (Path(__file__).resolve().parent.parent / "templates",
                      Path(sys.prefix) / "share" / "printkit" / "templates"):
        if templates.is_dir():
            return templates
    return None


def inputs_digest(folder: Path, options: str) -> str:
    """A hash of everything a game's outputs depend on: its files, the options, printkit's code and fonts.

    Files are hashed group by group (printkit, shared templates, the game) in the order of
    their paths inside the group, so the digest does not depend on where any of them lives.
    """
    h = hashlib.sha256()
    h.update(f"{__version__}|{options}".encode())
    h.update(_code_digest())
    templates = shared_templates()
    if templates is not None:
        _hash_group(h, "templates", templates, [p for p in templates.rglob("*") if p.is_file()])
    files, aliased = game_files(folder)
    # A file reached through a linked folder is listed under one of its names, maybe not the one the
    # data uses: with such links, every file is hashed whole.
    used = None if aliased else used_patterns(folder)
    for rel, path, readable in sorted((p.relative_to(folder).as_posix(), p, r) for p, r in files):
        h.update(f"game/{rel}".encode() + b"\0")
        if not readable:  # a link leading out of the folder: never opened, known by where it points
            h.update(b"link:" + os.fsencode(_readlink(path)))
        elif used is None or any(fnmatch.fnmatchcase(rel, pattern) for pattern in used):
            h.update(file_digest(path))
        else:
            h.update(b"size:%d" % path.stat().st_size)
    return h.hexdigest()


def _hash_group(h: Any, name: str, root: Path, paths: list[Path]) -> None:
    for rel, path in sorted((p.relative_to(root).as_posix(), p) for p in paths):
        h.update(f"{name}/{rel}".encode() + b"\0")
        h.update(file_digest(path))


CODE_FILES = (".py", ".ttf", ".j2", ".md")
"""The files of printkit's own package a build depends on: its code, fonts and templates."""


@cache
def _code_digest() -> bytes:
    """printkit's own code and fonts, once per process (the code a process runs does not change under it)."""
    return tree_digest(Path(__file__).resolve().parent, "printkit", CODE_FILES)


def tree_digest(root: Path, name: str, suffixes: tuple[str, ...]) -> bytes:
    """A hash of the files under ``root`` ending in ``suffixes``, each known by its path, size and
    modification and change times, as Python judges a source file against its bytecode (by its
    time and size): printkit's 4 MB of code and fonts are not read on every build. Editing,
    reinstalling or copying a file changes its change time, which no tool sets back, so the games
    are built again (the safe side: a copy of printkit rebuilds once)."""
    stamps = []
    for path in _files(str(root)):
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        if rel.endswith(suffixes):
            st = os.stat(path)
            stamps.append(f"{name}/{rel}\0{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}\0")
    return hashlib.sha256("".join(sorted(stamps)).encode()).digest()


def _files(folder: str) -> list[str]:
    """Every regular file under ``folder`` (not through links to folders)."""
    out: list[str] = []
    try:
        entries = os.scandir(folder)
    except OSError:  # no folder there (printkit run from an archive): nothing to stamp, as a glob finds nothing
        return out
    with entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                out += _files(entry.path)
            elif entry.is_file():
                out.append(entry.path)
    return out


class GameFiles(NamedTuple):
    files: list[tuple[Path, bool]]
    """Each file, and whether printkit may open it."""
    aliased: bool
    """Whether a link inside leads to a folder inside: some files then have two names."""


def game_files(folder: Path) -> GameFiles:
    """Every file of a game folder, and whether printkit may open it: not a link (or a file in a
    linked folder) that resolves outside the folder. Such a file is never read, hashed or even
    stat'ed through the link: the load refuses it by name. Each folder is walked once, real folders
    first, then linked ones not yet seen (so a link back to a parent is no loop, and a folder
    linked twice is walked once)."""
    root = folder.resolve()
    seen: set[Path] = set()
    out: list[tuple[Path, bool]] = []
    linked: list[Path] = []

    def walk(d: Path) -> None:
        try:
            real = d.resolve()
            if real in seen:
                return
            entries = sorted(os.scandir(d), key=lambda e: e.name)
        except (OSError, RuntimeError):
            return
        seen.add(real)
        for entry in entries:
            path = Path(entry.path)
            try:
                if entry.is_symlink():
                    target = path.resolve()
                    if not target.is_relative_to(root):
                        out.append((path, False))
                    elif target.is_dir():
                        linked.append(path)
                    elif target.is_file():
                        out.append((path, True))
                elif entry.is_dir(follow_symlinks=False):
                    walk(path)
                elif entry.is_file(follow_symlinks=False):
                    out.append((path, True))
            except (OSError, RuntimeError):  # a link loop, a file gone meanwhile
                out.append((path, False))

    walk(folder)
    aliased = bool(linked)
    while linked:
        walk(linked.pop(0))
    return GameFiles(out, aliased)


def inside(folder: Path, path: Path) -> bool:
    """Whether ``path`` (links followed) is inside ``folder``: the test before any file of a game is opened."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False


def _readlink(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


_PATH_VALUE = re.compile(r"""(?:^|[\s{,.])["']?(?:table|file|font|font_bold|path)["']?[ \t]*=[ \t]*("(?:[^"\\\n]|\\.)*"|'[^'\n]*')""",
                         re.MULTILINE)
"""A value given to a key of PATH_KEYS, anywhere (tables, inline tables, dotted keys; comments too,
which only makes the digest read a file more). A scan, not a parse: parsing game.toml here would
cost more than the whole no-change check."""


def used_patterns(folder: Path) -> list[str] | None:
    """Patterns (relative to the game folder) of the files the game can read; None: every file.

    ``game.toml``, everything under ``rules/``, and each path its data names; a templated path
    such as ``art/{row.name}.png`` becomes the pattern ``art/*.png``. A ``game.toml`` that cannot
    be read, or a path written with escapes, gives None: hashing every file is the safe answer.
    """
    if not inside(folder, folder / GAME_FILE):
        return None  # a game.toml linked from outside: never read (the load refuses it)
    try:
        text = (folder / GAME_FILE).read_text(encoding="utf-8-sig")
    except (OSError, ValueError):
        return None
    patterns = [GAME_FILE, f"{RULES}/*"]
    for m in _PATH_VALUE.finditer(text):
        value = m.group(1)[1:-1]
        if (m.group(1)[0] == '"' and "\\" in value) or text.startswith(m.group(1)[0], m.end(1)):
            return None  # an escape, or a multi-line string (""""" read as "" then """)
        patterns.append(re.sub(r"\{[^{}]*\}", "*", value.strip()).removeprefix("./"))
    return patterns


def read_state(game_out: Path) -> dict[str, object] | None:
    if (game_out / STATE).is_symlink():  # not one printkit wrote: never followed
        return None
    try:
        state = json.loads((game_out / STATE).read_text())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def up_to_date(game_out: Path, digest: str) -> bool:
    """True when the last build recorded ``digest`` and every file it wrote is still there (inside
    ``game_out``: a recorded name is joined as text, never a path of its own; a kit may have 10,000)."""
    state = read_state(game_out)
    if state is None or state.get("inputs") != digest:
        return False
    files = state.get("files")
    base = str(game_out)
    return isinstance(files, list) and all(os.path.isfile(f"{base}/{f}") for f in files)
