"""Up-to-date checks: a content hash of a game's inputs, recorded beside its outputs.

Kept free of heavy imports so that a rebuild with nothing to do costs almost nothing.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from printkit import __version__

STATE = ".printkit-state.json"


def inputs_digest(folder: Path, options: str) -> str:
    """A hash of everything a game's outputs depend on: its files, the options, printkit's code and fonts.

    Files are hashed group by group (printkit, shared templates, the game) in the order of
    their paths inside the group, so the digest does not depend on where any of them lives.
    """
    h = hashlib.sha256()
    h.update(f"{__version__}|{options}".encode())
    package = Path(__file__).resolve().parent
    templates = package.parent / "templates"
    groups = [
        ("printkit", package, [p for p in package.rglob("*") if p.suffix in (".py", ".ttf", ".j2", ".md")]),
        ("templates", templates, [p for p in templates.rglob("*") if p.is_file()] if templates.is_dir() else []),
        ("game", folder, [p for p in folder.rglob("*") if p.is_file()]),
    ]
    for name, root, paths in groups:
        for rel, path in sorted((p.relative_to(root).as_posix(), p) for p in paths):
            h.update(f"{name}/{rel}".encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


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
