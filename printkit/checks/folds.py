"""The `folds` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._kit import (
    _line,
    _listing,
    drawn,
    fold_lines,
)
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class FoldsCheck(CheckBase):
    """The fold lines of a board do not run through its places (cells, spots, spaces, fields):
    pieces must lie flat there. The fold lines are those printed on the board (role `fold`), or,
    when it prints none, the middles its `folds` names (half: across the long side; quarters: both)."""

    type: Literal["folds"] = Field(description="Check type: `folds`.")
    component: str = Field(description="The board component.")
    places: list[str] = Field(["cell", "spot", "space", "field"], description="Place kinds or element ids kept clear.")


def check_folds(game: Game, kit: Kit, c: FoldsCheck) -> list[Line]:
    from printkit.places import board_places

    comp = game.component(c.component)
    arts = drawn(kit, comp.id)
    folds = fold_lines(comp, next(iter(arts.values()))[1] if arts else None)
    places = [p for p in board_places(game, comp) if p.matches(c.places) and p.shape != "point"]
    crossed = []
    for axis, at, start, stop in folds:
        for p in places:
            x0, y0, x1, y1 = p.bounds()
            lo, hi, a, b = (x0, x1, y0, y1) if axis == "x" else (y0, y1, x0, x1)
            if lo + 0.05 < at < hi - 0.05 and a < stop - 0.05 and b > start + 0.05:
                crossed.append(f"{p.name} ({lo:.1f}-{hi:.1f} mm)")
    where = ", ".join(f"{a} = {v:.1f} mm" for a, v, _, _ in folds) or "no folds"
    ok = not crossed
    return [_line(c, c.id, "0 places crossed", f"{len(crossed)} crossed", ok,
                  f"the fold at {where} runs through {_listing(crossed)}: move the places off the fold "
                  "or change `folds`" if crossed else
                  f"folds ({where}) clear of {len(places)} places", [comp.id] if crossed else [])]


EXAMPLE = """\
[[checks]]
id = "board-folds"
type = "folds"
component = "board"
source = "The fold runs between the squares."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("folds", FoldsCheck, check_folds, on_kit=True, order=16, example=EXAMPLE))
