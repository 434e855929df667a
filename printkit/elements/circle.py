"""The `circle` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class CircleElement(ElementBase):
    """A circle."""

    type: Literal["circle"] = Field(description="Element type: `circle`.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    r: Num = Field(description="Radius.")
    fill: str | None = Field(None, description="Fill colour.")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")


def _circle(el: CircleElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    return [Circle(ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h), ctx.length(el.r, "r", min(w, h)),
                   _paint(ctx, el.fill, el.stroke, el.width))]


register(ElementType("circle", CircleElement, _circle,
                     example='{ type = "circle", r = 14, fill = "gold", stroke = "ink", width = 0.6 }'))
