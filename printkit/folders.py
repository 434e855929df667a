"""Where games live: a folder of game folders, each holding a ``game.toml`` (no heavy imports here)."""

from __future__ import annotations

from pathlib import Path

GAME_FILE = "game.toml"


def discover(data_dir: Path) -> list[Path]:
    """Game folders under ``data_dir``: every sub-folder holding a ``game.toml``, by name."""
    if not data_dir.is_dir():
        return []
    return sorted((p for p in data_dir.iterdir() if (p / GAME_FILE).is_file()), key=lambda p: p.name)
