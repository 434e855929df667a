"""The `chord` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node, Paint, Path
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class ChordElement(ElementBase):
    """A straight line through a point at an angle, running to the edges of the bleed.

    Angles are measured from the horizontal, counter-clockwise as a reader sees
    them (60 rises to the right). Lines on neighbouring pieces meet when their
    anchor points and angles continue each other, which is how line cards form polygons.
    """

    type: Literal["chord"] = Field(description="Element type: `chord`.")
    x: Num = Field(description="x of a point the line passes through.")
    y: Num = Field(description="y of a point the line passes through.")
    angle: Num = Field(description="Angle in degrees from the horizontal, counter-clockwise.")
    stroke: str = Field("black", description="Colour.")
    width: Num = Field(2.0, description="Line width.")
    outline: str | None = Field(
        None, description="Colour of a thin outline around the line, so pale lines stay visible."
    )


def clip_line(
    x: float, y: float, angle: float, box: tuple[float, float, float, float]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The segment of the infinite line through (x, y) at ``angle`` (degrees, counter-clockwise
    as seen, y down) inside ``box`` = (x0, y0, x1, y1); None if the line misses the box."""
    dx, dy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    t0, t1 = -math.inf, math.inf
    for p, d, lo, hi in ((x, dx, box[0], box[2]), (y, dy, box[1], box[3])):
        if abs(d) < 1e-12:
            if p < lo or p > hi:
                return None
            continue
        a, c = (lo - p) / d, (hi - p) / d
        t0, t1 = max(t0, min(a, c)), min(t1, max(a, c))
    if t0 > t1:
        return None
    return (x + t0 * dx, y + t0 * dy), (x + t1 * dx, y + t1 * dy)


def _chord(el: ChordElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    seg = clip_line(ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.number(el.angle, "angle"),
                    (-b, -b, w + b, h + b))
    if seg is None:
        raise ctx.fail("x", "a point and angle whose line crosses the piece", (el.x, el.y, el.angle))
    (x1, y1), (x2, y2) = seg
    width = ctx.length(el.width, "width")
    out: list[Node] = []
    if el.outline is not None:
        out.append(Path((("M", x1, y1), ("L", x2, y2)),
                        Paint(stroke=ctx.colour(el.outline, "outline"), width=width + 0.8)))
    out.append(Path((("M", x1, y1), ("L", x2, y2)), Paint(stroke=ctx.colour(el.stroke, "stroke"), width=width)))
    return out


register(ElementType("chord", ChordElement, _chord,
                     example='{ type = "chord", x = 30, y = 20, angle = 30, stroke = "red", width = 2, outline = "ink" }'))
