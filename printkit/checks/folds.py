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
    """The fold lines of a board, and the seams where its tiles meet when it is larger than the paper,
    do not run through its places (cells, spots, spaces, fields): pieces must lie flat there. The fold
    lines are those printed on the board (role `fold`), or, when it prints none, the middles its
    `folds` names (half: across the long side; quarters: both); the seams are those of every paper
    the game prints on (`[print] papers`, `margin`, `overlap`), where a tile's cut edge lies over its
    neighbour."""

    type: Literal["folds"] = Field(description="Check type: `folds`.")
    component: str = Field(description="The board component.")
    places: list[str] = Field(["cell", "spot", "space", "field"], description="Place kinds or element ids kept clear.")


def check_folds(game: Game, kit: Kit, c: FoldsCheck) -> list[Line]:
    from printkit.folds import board_seams
    from printkit.places import board_places

    comp = game.component(c.component)
    arts = drawn(kit, comp.id)
    art = next(iter(arts.values()))[1] if arts else None
    folds = fold_lines(comp, art)
    places = [p for p in board_places(game, comp) if p.matches(c.places) and p.shape != "point"]
    w, h = float(getattr(comp, "width", 0.0)), float(getattr(comp, "height", 0.0))
    s = game.settings
    spaces = list(art.info.get("spaces") or []) if art is not None else []  # type: ignore[call-overload]
    seams = board_seams(spaces, w, h, s.papers, s.margin, s.overlap) if w and h else []
    lines = [(f"the fold at {a} = {v:.1f} mm", a, v, lo, hi) for a, v, lo, hi in folds]
    lines += [(f"the {paper} tile seam at {a} = {v:.1f} mm", a, v, 0.0, h if a == "x" else w) for paper, a, v in seams]
    crossed = []
    for what, axis, at, start, stop in lines:
        for p in places:
            x0, y0, x1, y1 = p.bounds()
            lo, hi, a, b = (x0, x1, y0, y1) if axis == "x" else (y0, y1, x0, x1)
            if lo + 0.05 < at < hi - 0.05 and a < stop - 0.05 and b > start + 0.05:
                crossed.append(f"{what} runs through {p.name} ({lo:.1f}-{hi:.1f} mm)")
    where = ", ".join(f"{a} = {v:.1f} mm" for a, v, _, _ in folds) or "no folds"
    joins = f"; {len(seams)} tile seams on {', '.join(s.papers)}" if seams else ""
    ok = not crossed
    return [_line(c, c.id, "0 places crossed", f"{len(crossed)} crossed", ok,
                  f"{_listing(crossed)}: move the places off the line, or change `folds` (a fold) or "
                  "`[print] overlap` (a seam)" if crossed else
                  f"folds ({where}){joins} clear of {len(places)} places", [comp.id] if crossed else [])]


EXAMPLE = """\
[[checks]]
id = "board-folds"
type = "folds"
component = "board"
source = "The fold runs between the squares."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("folds", FoldsCheck, check_folds, on_kit=True, order=16, example=EXAMPLE))
