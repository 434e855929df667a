"""The registry of layout engines, by the name a kind declares."""

from __future__ import annotations

from printkit.layout import Engine
from printkit.layout.grid import grid

ENGINES: dict[str, Engine] = {"grid": grid}
