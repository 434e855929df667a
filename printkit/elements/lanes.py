"""The `lanes` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node, Paint, Path, Text
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint, cell_centre
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class LanesElement(ElementBase):
    """Numbered straight lines through a grid of cells: whole rows, columns and diagonals.

    For n-in-a-row boards. Cell ``(0, 0)`` of a ``cols`` x ``rows`` grid has its top-left
    corner at (``x``, ``y``). Each lane is named ``rowN`` (N from 1 at the top), ``colN``
    (from 1 at the left), ``diag`` (top-left to bottom-right) or ``anti`` (top-right to
    bottom-left; diagonals need a square grid). A lane runs through the centres of its cells
    and ``extend`` cells beyond each end, so it can end in the spaces of a track drawn around
    the grid (a `track` at the same origin). Lanes are numbered in list order from ``first``;
    a numbered badge sits near both ends (``badge_at``).
    """

    type: Literal["lanes"] = Field(description="Element type: `lanes`.")
    x: Num = Field(0, description="Left edge of cell (0, 0).")
    y: Num = Field(0, description="Top edge of cell (0, 0).")
    cell: Num = Field(description="Distance between neighbouring cells (mm).")
    rows: int = Field(description="Rows of the grid.", ge=1, le=100)
    cols: int = Field(description="Columns of the grid.", ge=1, le=100)
    lanes: list[str] = Field(
        description='The lanes in numbering order: "row1".., "col1".., "diag", "anti".', min_length=1
    )
    extend: Num = Field(1, description="Cells each lane runs beyond the grid at both ends (0: stop at the end cells).")
    first: int = Field(1, description="Number of the first lane.")
    stroke: str = Field("black", description="Colour of the lines.")
    width: Num = Field(1.0, description="Width of the lines.")
    dash: list[Num] = Field([], description="Dash pattern (mm on, mm off, ...).")
    badges: bool = Field(True, description="Draw a numbered badge near both ends of each lane.")
    badge_at: Num = Field(
        0.5, description="Where a badge sits: cells from the lane's end towards the grid "
        "(with `extend` = 1, 0.5 is the grid's edge)."
    )
    badge_r: Num = Field(3.2, description="Radius of a badge.")
    badge_fill: str = Field("white", description="Fill of a badge.")
    badge_stroke: str = Field("black", description="Outline of a badge.")
    label_size: Num = Field("8pt", description="Font size of the lane numbers.")
    label_fill: str = Field("black", description="Colour of the lane numbers.")


LANE_NAMES = "row1.., col1.., diag, anti"


def lane_cells(name: str, rows: int, cols: int, extend: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The end cells (col, row) of a named lane, ``extend`` cells beyond the grid; ValueError if unknown."""
    if name in ("diag", "anti"):
        if rows != cols:
            raise ValueError("a square grid for diagonal lanes")
        n = rows - 1
        if name == "diag":
            return (-extend, -extend), (n + extend, n + extend)
        return (n + extend, -extend), (-extend, n + extend)
    for prefix, count in (("row", rows), ("col", cols)):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            k = int(name[len(prefix):]) - 1
            if not 0 <= k < count:
                break
            if prefix == "row":
                return (-extend, k), (cols - 1 + extend, k)
            return (k, -extend), (k, rows - 1 + extend)
    raise ValueError(f"a lane of a {cols} x {rows} grid ({LANE_NAMES})")


def lane_segments(el: LanesElement, ctx: DrawContext, w: float, h: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each lane's two end points in the piece's mm, in numbering order."""
    x, y, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    extend = ctx.number(el.extend, "extend")
    out = []
    for i, name in enumerate(el.lanes):
        try:
            (c0, r0), (c1, r1) = lane_cells(name, el.rows, el.cols, extend)
        except ValueError as exc:
            raise ctx.fail(f"lanes[{i}]", str(exc), name) from None
        out.append((cell_centre(x, y, cell, c0, r0), cell_centre(x, y, cell, c1, r1)))
    return out


def _lanes(el: LanesElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    segments = lane_segments(el, ctx, w, h)
    cell = ctx.length(el.cell, "cell")
    paint = Paint(stroke=ctx.colour(el.stroke, "stroke"), width=ctx.length(el.width, "width"),
                  dash=tuple(ctx.length(d, "dash") for d in el.dash))
    out: list[Node] = [Path((("M", *a), ("L", *z)), paint) for a, z in segments]
    if not el.badges:
        return out
    r = ctx.length(el.badge_r, "badge_r")
    at = ctx.number(el.badge_at, "badge_at")
    badge = _paint(ctx, el.badge_fill, el.badge_stroke, 0.3)
    size = ctx.length(el.label_size, "label_size")
    fill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    for i, (a, z) in enumerate(segments):
        length = math.hypot(z[0] - a[0], z[1] - a[1])
        steps = max(abs(z[0] - a[0]), abs(z[1] - a[1])) / cell  # cells along the lane
        t = at / steps if steps else 0.0
        for end, other in ((a, z), (z, a)):
            bx, by = end[0] + (other[0] - end[0]) * t, end[1] + (other[1] - end[1]) * t
            if length:
                out.append(Circle(bx, by, r, badge))
                out.append(Text(bx, by + size * 0.35, str(el.first + i), size, fill, "bold", "middle"))
    return out


register(ElementType("lanes", LanesElement, _lanes,
                     example='{ type = "lanes", x = 15, y = 5, cell = 10, rows = 3, cols = 3, lanes = ["row2", "col2", "diag"], extend = 0.5, badge_r = 2.2, label_size = "5pt", width = 0.6 }'))
