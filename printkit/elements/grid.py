"""The `grid` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node, Paint, Rect
from printkit.elements import ElementType, register
from printkit.elements._shared import _label, _paint
from printkit.model import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class GridElement(ElementBase):
    """A grid of spaces: rows x cols square cells, optionally numbered or labelled chess-style.

    Several grids in one layout make composite boards; give each its first column letter
    and they label as one board (ranks count from the bottom of each grid).
    """

    type: Literal["grid"] = Field(description="Element type: `grid`.")
    x: Num = Field(0, description="Left of the grid.")
    y: Num = Field(0, description="Top of the grid.")
    rows: int = Field(description="Number of rows (ranks).", ge=1, le=200)
    cols: int = Field(description="Number of columns.", ge=1, le=200)
    cell: Num = Field(description="Side of one square cell.")
    space: Literal["square", "circle"] = Field("square", description="Draw each space as a square or a circle.")
    fill: str | None = Field(None, description="Fill of each space.")
    stroke: str | None = Field("black", description="Outline colour of each space.")
    width: Num = Field(0.4, description="Outline width.")
    labels: Literal["none", "numbers", "chess"] = Field(
        "none", description="numbers: 1..n row by row inside the spaces; chess: column letters below, rank numbers beside."
    )
    number_from: int = Field(1, description="First number when labels = numbers.")
    first_col: str = Field("A", description="Letter of the first column when labels = chess.", min_length=1, max_length=1)
    rank_side: Literal["left", "right", "none"] = Field("left", description="Where rank numbers go when labels = chess.")
    label_size: Num = Field("9pt", description="Label font size.")
    label_fill: str = Field("black", description="Label colour.")
    label_bold: bool = Field(False, description="Bold labels.")
    space_size: Num | None = Field(
        None, description="Diameter of a circle space; omitted: 84% of `cell`."
    )
    rings: list[Num] = Field(
        [], description="Radii of extra outlines drawn around each circle space, beneath it "
        "(layers around a spot; a radius of half the cell meets the neighbours' rings)."
    )
    ring_stroke: str = Field("black", description="Colour of the `rings`.")
    ring_width: Num = Field(0.4, description="Line width of the `rings`.")


def _grid(el: GridElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x0, y0, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    size = ctx.length(el.label_size, "label_size")
    lfill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    radius = ctx.length(el.space_size, "space_size") / 2 if el.space_size is not None else cell * 0.42
    rings = sorted((ctx.length(v, f"rings[{i}]") for i, v in enumerate(el.rings)), reverse=True)
    ring_paint = Paint(stroke=ctx.colour(el.ring_stroke, "ring_stroke"), width=ctx.length(el.ring_width, "ring_width"))
    out: list[Node] = []
    for r in range(el.rows):
        for c in range(el.cols):
            cx, cy = x0 + c * cell, y0 + r * cell
            if el.space == "circle":
                out += [Circle(cx + cell / 2, cy + cell / 2, rr, ring_paint) for rr in rings]
                out.append(Circle(cx + cell / 2, cy + cell / 2, radius, paint))
            else:
                out.append(Rect(cx, cy, cell, cell, paint))
            if el.labels == "numbers":
                out.append(_label(cx + cell / 2, cy + cell / 2, str(el.number_from + r * el.cols + c), size, lfill,
                                  el.label_bold))
    if el.labels == "chess":
        first = ord(el.first_col.upper())
        for c in range(el.cols):
            out.append(_label(x0 + (c + 0.5) * cell, y0 + el.rows * cell + size * 1.1, chr(first + c), size, lfill))
        if el.rank_side != "none":
            lx = x0 - size * 1.1 if el.rank_side == "left" else x0 + el.cols * cell + size * 1.1
            for r in range(el.rows):
                out.append(_label(lx, y0 + (el.rows - r - 0.5) * cell, str(r + 1), size, lfill))
    return out


register(ElementType("grid", GridElement, _grid))
