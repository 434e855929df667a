"""The `ring` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node, Paint, arc_point
from printkit.elements import ElementType, register
from printkit.elements._shared import _label, _paint
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class RingElement(ElementBase):
    """Spaces evenly spaced on a circle (a score track, a dial), numbered from `first`."""

    type: Literal["ring"] = Field(description="Element type: `ring`.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    r: Num = Field(description="Radius of the circle the spaces' centres lie on.")
    count: int = Field(description="Number of spaces.", ge=1, le=1000)
    start: Num = Field(-90, description="Angle of the first space, degrees clockwise from 3 o'clock (-90: top).")
    space: Num = Field(description="Diameter of each space.")
    labels: bool = Field(True, description="Number the spaces.")
    first: int = Field(0, description="Number of the first space.")
    fill: str | None = Field(None, description="Fill of each space.")
    first_fill: str | None = Field(None, description="Fill of the first (start) space, to mark it.")
    stroke: str | None = Field("black", description="Outline colour.")
    width: Num = Field(0.4, description="Outline width.")
    label_size: Num = Field("8pt", description="Label font size.")
    label_fill: str = Field("black", description="Label colour.")


def _ring(el: RingElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cx, cy, r = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h), ctx.length(el.r, "r")
    d = ctx.length(el.space, "space")
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    first = Paint(ctx.colour(el.first_fill, "first_fill"), paint.stroke, paint.width) if el.first_fill else paint
    size = ctx.length(el.label_size, "label_size")
    lfill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    start = ctx.number(el.start, "start")
    out: list[Node] = []
    for i in range(el.count):
        x, y = arc_point(cx, cy, r, start + i * 360.0 / el.count)
        out.append(Circle(x, y, d / 2, first if i == 0 else paint))
        if el.labels:
            out.append(_label(x, y, str(el.first + i), size, lfill))
    return out


register(ElementType("ring", RingElement, _ring,
                     example='{ type = "ring", r = 14, count = 12, space = 5, label_size = "4pt", first_fill = "gold" }'))
