"""The `rect` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node, Rect
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class RectElement(ElementBase):
    """A rectangle; with no size it covers the whole piece including bleed."""

    type: Literal["rect"] = Field(description="Element type: `rect`.")
    x: Num = Field(0, description="Left edge (mm or % of width).")
    y: Num = Field(0, description="Top edge (mm or % of height).")
    w: Num | None = Field(None, description="Width; omitted: the full piece with bleed.")
    h: Num | None = Field(None, description="Height; omitted: the full piece with bleed.")
    r: Num = Field(0, description="Corner radius.")
    fill: str | None = Field(None, description="Fill colour (palette name or #rrggbb).")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")


def _rect(el: RectElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x = ctx.length(el.x, "x", w) if el.w is not None else -b
    y = ctx.length(el.y, "y", h) if el.h is not None else -b
    rw = ctx.length(el.w, "w", w) if el.w is not None else w + 2 * b
    rh = ctx.length(el.h, "h", h) if el.h is not None else h + 2 * b
    return [Rect(x, y, rw, rh, _paint(ctx, el.fill, el.stroke, el.width), r=ctx.length(el.r, "r"))]


register(ElementType("rect", RectElement, _rect,
                     example='{ type = "rect", x = 8, y = 6, w = 44, h = 28, r = 4, fill = "sky", stroke = "ink", width = 0.6 }'))
