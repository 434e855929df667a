"""The `polygon` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node, Path, Segment
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint
from printkit.modelbase import ElementBase, Num, Point

if TYPE_CHECKING:
    from printkit.game import DrawContext


class PolygonElement(ElementBase):
    """A closed polygon."""

    type: Literal["polygon"] = Field(description="Element type: `polygon`.")
    points: list[Point] = Field(description="Corner points [[x, y], ...].", min_length=3)
    fill: str | None = Field(None, description="Fill colour.")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")


def _polygon(el: PolygonElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    pts = [(ctx.length(px, f"points[{i}][0]", w), ctx.length(py, f"points[{i}][1]", h))
           for i, (px, py) in enumerate(el.points)]
    segs: list[Segment] = [("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)]
    return [Path(tuple(segs), _paint(ctx, el.fill, el.stroke, el.width))]


register(ElementType("polygon", PolygonElement, _polygon,
                     example='{ type = "polygon", points = [[30, 4], [56, 36], [4, 36]], fill = "gold", stroke = "ink" }'))
