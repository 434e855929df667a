"""Build options from the command line (None: take the game's own setting). No heavy imports."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

Duplex = Literal["long", "short", "none"]
Backs = Literal["duplex", "fold"]


@dataclass(frozen=True)
class BuildOptions:
    """What the command line may override; None means: take the game's own ``[print]`` setting."""

    papers: tuple[str, ...] | None = None
    duplex: Duplex | None = None
    force: bool = False
    svg: bool = True
    sleeves: bool | None = None
    margin: float | None = None
    ink_saver: bool | None = None
    backs: Backs | None = None
    offset: tuple[float, float] | None = None
    print_shop: bool | None = None
    cut_file: bool | None = None
    tts: bool | None = None
    tts_base_url: str | None = None
    pod: tuple[str, ...] | None = None
    svg_text: Literal["text", "outlines"] | None = None

    def overrides(self) -> dict[str, object]:
        """The ``[print]`` settings given here (all but ``force``, ``svg`` and ``sleeves``), by their data key."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name not in ("force", "svg", "sleeves") and value is not None:
                out[f.name] = list(value) if f.name in ("papers", "pod") else value
        return out

    @property
    def key(self) -> str:
        """The options that change outputs, as text for the inputs digest."""
        return "|".join(f"{k}={v}" for k, v in sorted(self.overrides().items())) + f"|svg={self.svg}|sleeves={self.sleeves}"
