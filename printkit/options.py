"""Build options from the command line (None: take the game's own setting). No heavy imports."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Duplex = Literal["long", "short", "none"]


@dataclass(frozen=True)
class BuildOptions:
    """What the command line may override; None means: take the game's own setting."""

    papers: tuple[str, ...] | None = None
    duplex: Duplex | None = None
    force: bool = False
    svg: bool = True
    sleeves: bool | None = None

    @property
    def key(self) -> str:
        """The options that change outputs, as text for the inputs digest."""
        return f"{self.papers}|{self.duplex}|svg={self.svg}|sleeves={self.sleeves}"
