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
    """A hash of everything a game's outputs depend on: its files, the options, printkit's code and fonts."""
    h = hashlib.sha256()
    h.update(f"{__version__}|{options}".encode())
    package = Path(__file__).resolve().parent
    sources = [(package, p) for p in package.rglob("*") if p.suffix in (".py", ".ttf", ".j2", ".md")]
    templates = package.parent / "templates"
    if templates.is_dir():
        sources += [(templates, p) for p in templates.rglob("*") if p.is_file()]
    sources += [(folder, p) for p in folder.rglob("*") if p.is_file()]
    for root, path in sorted(sources, key=lambda rp: (str(rp[0]), str(rp[1]))):
        h.update(str(path.relative_to(root)).encode() + b"\0")
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
