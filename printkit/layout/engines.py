"""The registry of layout engines, by the name a kind declares."""

from __future__ import annotations

from printkit.layout import Engine
from printkit.layout.grid import grid
from printkit.layout.pack import pack
from printkit.layout.tile import tile

ENGINES: dict[str, Engine] = {"grid": grid, "pack": pack, "tile": tile}
