"""The `fits` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import outlines
from printkit.checks import CheckType, register
from printkit.checks._kit import (
    EPS,
    _line,
    _listing,
    drawn,
    footprint,
)
from printkit.modelbase import CheckBase, NonNegativeLength
from printkit.outlines import Outline
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class FitsCheck(CheckBase):
    """Pieces of `component` fit the places of `board` they are played on, with at least
    `clearance` mm to spare on every side, on the tightest of those places: each piece's outline
    (its cut line, a card's rectangle, a built solid's base) centred on the place's outline (a
    circle, a square, a hexagon) and turned the best way, measured exactly (a square on a round
    spot by its diagonal, a hex tile on a hex cell by its edges); a piece with the place's own
    outline covers it exactly and fits, as a tile on its space. A lattice piece on a `flower`
    board fits when its spacing is the board's (its fields then cover the board's fields)."""

    type: Literal["fits"] = Field(description="Check type: `fits`.")
    component: str = Field(description="The component whose pieces are played on the board.")
    board: str = Field(description="The board component (its `face` layout has the places).")
    places: list[str] = Field(
        description="Place kinds (`cell`, `spot`, `space`, `field`) or layout element ids the pieces go on.",
        min_length=1,
    )
    clearance: NonNegativeLength = Field(0.5, description="Least room left around a piece on each side (mm).")


def check_fits(game: Game, kit: Kit, c: FitsCheck) -> list[Line]:
    from printkit.places import board_places

    comp, board = game.component(c.component), game.component(c.board)
    places = [p for p in board_places(game, board) if p.matches(c.places)]
    if not places:
        return [_line(c, c.id, "places " + ", ".join(c.places), "none", False,
                      f"{board.id} has no place of kind or element {', '.join(c.places)} on its face", [board.id])]
    lines: list[Line] = []
    if comp.kind == "lattice-piece":
        fields = [p for p in places if p.shape == "field"]
        spacing = float(getattr(comp, "spacing", 0.0))
        bad = [p for p in fields if abs(p.spacing - spacing) > 0.05]
        board_s = bad[0].spacing if bad else (fields[0].spacing if fields else 0.0)
        ok = bool(fields) and not bad
        detail = (f"{comp.id} fields have spacing {spacing:.1f} mm, {board.id} fields {board_s:.1f} mm"
                  + ("" if ok else f": a piece covers board fields only at the same spacing (off by {abs(spacing - board_s):.1f} mm)"))
        return [_line(c, c.id, f"spacing {board_s:.1f} mm", f"{spacing:.1f} mm", ok, detail,
                      [] if ok else [comp.id, board.id])]
    shapes: dict[tuple[object, ...], tuple[Outline, list[str]]] = {}
    for name, (variant, art) in drawn(kit, comp.id).items():
        fp = footprint(game, comp, variant, art)
        key = (fp.shape, round(fp.radius, 2), tuple((round(x, 2), round(y, 2)) for x, y in fp.points))
        shapes.setdefault(key, (fp, []))[1].append(name)
    holders = {(p.shape, p.sub, round(p.size, 2)): p.outline() for p in places}
    for fp, names in shapes.values():
        # the tightest place decides: the least room over every kind of place the pieces go on
        rooms = {k: outlines.room(fp, o) for k, o in holders.items()}
        tight = min(rooms, key=lambda k: rooms[k][0])
        spare, turn = rooms[tight]
        worst = next(p for p in places if (p.shape, p.sub, round(p.size, 2)) == tight)
        exact = outlines.exact(fp, holders[tight], spare)
        ok = spare >= c.clearance - EPS or exact
        label = c.id if len(shapes) == 1 else f"{c.id}[{names[0]}]"
        holder = worst.describe() if len(holders) == 1 else f"{worst.name} ({worst.describe()})"
        turned = f", turned {turn:.0f}°" if turn > 0.5 else ""
        how = ("covers it exactly, as a tile covers its space" if exact else
               f"{spare:.1f} mm to spare on each side, at least {c.clearance:.1f} mm wanted")
        detail = f"{_listing(names)} ({outlines.describe(fp)}{turned}) on {board.id} {worst.kind}s ({holder}): {how}"
        lines.append(_line(c, label, f">= {c.clearance:.1f} mm", f"{spare:.1f} mm", ok, detail,
                           [] if ok else [*names, board.id]))
    return lines


EXAMPLE = """\
[[checks]]
id = "chips-on-squares"
type = "fits"
component = "chip"
board = "board"
places = ["cell", "space"]
clearance = 1.0
source = "Chips are played on the squares and the track."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("fits", FitsCheck, check_fits, on_kit=True, order=8, example=EXAMPLE))
