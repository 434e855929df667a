"""The `min-text` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import (
    PT,
    _line,
    _listing,
    drawn,
    texts,
)
from printkit.modelbase import CheckBase, PositiveLength
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class MinTextCheck(CheckBase):
    """No text printed on a piece of `components` is smaller than `min` (e.g. "5pt")."""

    type: Literal["min-text"] = Field(description="Check type: `min-text`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description='Smallest readable text size, e.g. "5pt".')


def check_min_text(game: Game, kit: Kit, c: MinTextCheck) -> list[Line]:
    small: dict[str, float] = {}
    least: float | None = None
    for comp in selected(game, c.components):
        for name, (_, art) in drawn(kit, comp.id).items():
            for d in (art.front, art.back):
                for t, size in texts(d):
                    if not t.text.strip():
                        continue
                    least = size if least is None else min(least, size)
                    if size < c.min - 1e-6:
                        small[name] = min(size, small.get(name, size))
    found = f"{least / PT:.1f}pt" if least is not None else "no text"
    items = [f"{n} ({s / PT:.1f}pt)" for n, s in sorted(small.items(), key=lambda kv: kv[1])]
    return [_line(c, c.id, f">= {c.min / PT:.1f}pt", found, not small,
                  f"text smaller than {c.min / PT:.1f}pt: {_listing(items)}" if small else
                  f"the smallest printed text is {found}", list(small))]


EXAMPLE = """\
[[checks]]
id = "readable"
type = "min-text"
min = "5pt"
source = "Text at least 5 pt."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("min-text", MinTextCheck, check_min_text, on_kit=True, order=15, example=EXAMPLE))
