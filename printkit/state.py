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
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from printkit import __version__

STATE = ".printkit-state.json"
CHUNK = 1 << 20
GAME_FILE = "game.toml"
RULES = "rules"
PATH_KEYS = frozenset({"table", "font", "font_bold", "path"})
"""Keys of game.toml whose values are files of the game folder (see printkit.model)."""


def file_digest(path: Path) -> bytes:
    """sha256 of a file, read a chunk at a time."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
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
    package = Path(__file__).resolve().parent
    templates = shared_templates()
    groups = [
        ("printkit", package, [p for p in package.rglob("*") if p.suffix in (".py", ".ttf", ".j2", ".md")]),
        ("templates", templates, [p for p in templates.rglob("*") if p.is_file()] if templates else []),
    ]
    for name, root, paths in groups:
        assert root is not None or not paths
        for rel, path in sorted((p.relative_to(root).as_posix(), p) for p in paths):  # type: ignore[arg-type]
            h.update(f"{name}/{rel}".encode() + b"\0")
            h.update(file_digest(path))
    used = used_patterns(folder)
    for rel, path in sorted((p.relative_to(folder).as_posix(), p) for p in _files(folder)):
        h.update(f"game/{rel}".encode() + b"\0")
        if used is None or any(fnmatch.fnmatchcase(rel, pattern) for pattern in used):
            h.update(file_digest(path))
        else:
            h.update(b"size:%d" % path.stat().st_size)
    return h.hexdigest()


def _files(folder: Path) -> Iterator[Path]:
    return (p for p in folder.rglob("*") if p.is_file())


def used_patterns(folder: Path) -> list[str] | None:
    """Patterns (relative to the game folder) of the files the game can read; None: every file.

    ``game.toml``, everything under ``rules/``, and each path its data names; a templated path
    such as ``art/{row.name}.png`` becomes the pattern ``art/*.png``. A ``game.toml`` that cannot
    be read gives None: the build will refuse it anyway, and hashing all is the safe answer.
    """
    try:
        raw = tomllib.loads((folder / GAME_FILE).read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None
    patterns = [GAME_FILE, f"{RULES}/*"]
    for value in _path_values(raw):
        pattern = re.sub(r"\{[^{}]*\}", "*", value.strip()).removeprefix("./")
        patterns.append(pattern)
    return patterns


def _path_values(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _path_values(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _path_values(item, key)
    elif isinstance(value, str) and key in PATH_KEYS:
        yield value


def read_state(game_out: Path) -> dict[str, object] | None:
    try:
        state = json.loads((game_out / STATE).read_text())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def up_to_date(game_out: Path, digest: str) -> bool:
    """True when the last build recorded ``digest`` and every file it wrote is still there."""
    state = read_state(game_out)
    if state is None or state.get("inputs") != digest:
        return False
    files = state.get("files")
    return isinstance(files, list) and all((game_out / str(f)).is_file() for f in files)
