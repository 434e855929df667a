"""The `min-width` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import (
    _line,
    _listing,
    drawn,
    narrowest,
)
from printkit.modelbase import CheckBase, PositiveLength
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class MinWidthCheck(CheckBase):
    """Every piece of `components` can be cut out with scissors: its cut outline nowhere narrows
    below `min` mm (a neck, a thin strip, or parts that touch at a point)."""

    type: Literal["min-width"] = Field(description="Check type: `min-width`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description="Narrowest part a person can cut (mm).")


def check_min_width(game: Game, kit: Kit, c: MinWidthCheck) -> list[Line]:
    thin: list[tuple[str, float]] = []
    count = 0
    for comp in selected(game, c.components):
        for name, (_, art) in drawn(kit, comp.id).items():
            if art.outline is None:
                continue
            count += 1
            w = narrowest(art.outline, c.min)
            if w is not None:
                thin.append((name, w))
    thin.sort(key=lambda t: t[1])

    def mm(w: float) -> str:
        return f"{w:.1f} mm" if w >= 0.05 else "0 mm: a cusp, or parts meeting in a point"

    found = f"{thin[0][1]:.1f} mm" if thin else f">= {c.min:.1f} mm"
    return [_line(c, c.id, f">= {c.min:.1f} mm", found, not thin,
                  "too narrow to cut with scissors: " + _listing([f"{n} ({mm(w)})" for n, w in thin]) if thin else
                  f"no cut outline of {count} pieces narrows below {c.min:.1f} mm", [n for n, _ in thin])]


EXAMPLE = """\
[[checks]]
id = "cuttable"
type = "min-width"
components = ["chip", "petal"]
min = 2.0
source = "Cut with scissors: nothing narrower than 2 mm."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("min-width", MinWidthCheck, check_min_width, on_kit=True, order=14, example=EXAMPLE))
