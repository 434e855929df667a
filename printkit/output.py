"""Writing outputs: every file is written under a temporary name and renamed into place.

A build renders everything in memory first, so bad data or an interruption
before the write leaves the previous kit untouched, and no reader ever sees a
half-written file.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_atomic(target: Path, data: bytes) -> bool:
    """Write ``data`` to ``target`` atomically; return False when it already held exactly that."""
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


def write_all(out_dir: Path, files: dict[str, bytes]) -> list[str]:
    """Write every file (relative path -> bytes) under ``out_dir``; return the paths that changed."""
    changed = []
    for rel in sorted(files):
        if write_atomic(out_dir / rel, files[rel]):
            changed.append(rel)
    return changed
