"""The `line` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node, Paint, Path
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class LineElement(ElementBase):
    """A straight segment between two points."""

    type: Literal["line"] = Field(description="Element type: `line`.")
    x1: Num = Field(description="Start x.")
    y1: Num = Field(description="Start y.")
    x2: Num = Field(description="End x.")
    y2: Num = Field(description="End y.")
    stroke: str = Field("black", description="Colour.")
    width: Num = Field(0.5, description="Line width.")
    dash: list[Num] = Field([], description="Dash pattern (mm on, mm off, ...).")


def _line(el: LineElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    paint = Paint(stroke=ctx.colour(el.stroke, "stroke"), width=ctx.length(el.width, "width"),
                  dash=tuple(ctx.length(d, "dash") for d in el.dash))
    pts = (ctx.length(el.x1, "x1", w), ctx.length(el.y1, "y1", h), ctx.length(el.x2, "x2", w), ctx.length(el.y2, "y2", h))
    return [Path((("M", pts[0], pts[1]), ("L", pts[2], pts[3])), paint)]


register(ElementType("line", LineElement, _line,
                     example='{ type = "line", x1 = 5, y1 = 35, x2 = 55, y2 = 5, stroke = "red", width = 1, dash = [3, 1.5] }'))
