"""The `polyform` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node, Paint, Rect
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint
from printkit.modelbase import ElementBase, Num
from printkit.polyform import parse_cells

if TYPE_CHECKING:
    from printkit.game import DrawContext


class PolyformElement(ElementBase):
    """A figure of square cells (a polyomino), e.g. a pentomino on a shape card.

    Cells are written "x,y x,y ..." (column, row; see printkit/polyform.py). With
    `grid_cols`/`grid_rows` a faint grid is drawn behind and the figure is centred on it, on whole cells.
    """

    type: Literal["polyform"] = Field(description="Element type: `polyform`.")
    cells: str = Field(description='The cells, "x,y x,y ..."; may be a template such as "{shape.cells}".')
    x: Num = Field(0, description="Left of the figure's area.")
    y: Num = Field(0, description="Top of the figure's area.")
    cell: Num = Field(description="Side of one cell.")
    fill: str = Field("black", description="Fill of the figure's cells.")
    stroke: str | None = Field("black", description="Outline of each cell.")
    width: Num = Field(0.4, description="Outline width.")
    grid_cols: int = Field(0, description="Columns of the background grid (0: none).", ge=0, le=100)
    grid_rows: int = Field(0, description="Rows of the background grid (0: none).", ge=0, le=100)
    grid_stroke: str = Field("#bbbbbb", description="Colour of the background grid.")


def _polyform(el: PolyformElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    text = ctx.text(el.cells, "cells")
    try:
        cells = parse_cells(text)
    except ValueError as exc:
        raise ctx.fail("cells", str(exc), text, el.cells) from None
    x0, y0, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    out: list[Node] = []
    ox = oy = 0.0
    if el.grid_cols and el.grid_rows:
        faint = Paint(stroke=ctx.colour(el.grid_stroke, "grid_stroke"), width=0.25)
        for r in range(el.grid_rows):
            for c in range(el.grid_cols):
                out.append(Rect(x0 + c * cell, y0 + r * cell, cell, cell, faint))
        fw = max(cx for cx, _ in cells) - min(cx for cx, _ in cells) + 1
        fh = max(cy for _, cy in cells) - min(cy for _, cy in cells) + 1
        # As near the middle as whole cells allow: the figure's squares sit on the grid's own squares.
        ox = ((el.grid_cols - fw) // 2 - min(cx for cx, _ in cells)) * cell
        oy = ((el.grid_rows - fh) // 2 - min(cy for _, cy in cells)) * cell
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    for cx, cy in sorted(cells, key=lambda c: (c[1], c[0])):
        out.append(Rect(x0 + ox + cx * cell, y0 + oy + cy * cell, cell, cell, paint))
    return out


register(ElementType("polyform", PolyformElement, _polyform,
                     example='{ type = "polyform", cells = "1,0 2,0 0,1 1,1 1,2", x = 18, y = 6, cell = 8, fill = "sky", grid_cols = 3, grid_rows = 3 }'))
