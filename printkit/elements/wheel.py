"""The `wheel` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node, Paint, Path, Segment, Text, arc_point, arc_segments
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class WheelElement(ElementBase):
    """A ring of equal segments (a colour wheel, a dial), each with a fill and a label."""

    type: Literal["wheel"] = Field(description="Element type: `wheel`.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    r: Num = Field(description="Outer radius.")
    inner: Num = Field(0, description="Inner radius (0: a pie).")
    fills: list[str | None] = Field(description="One fill per segment; empty to leave blank.", min_length=1)
    labels: list[str] = Field([], description="Optional label per segment, drawn outside the ring.")
    start: Num = Field(-90, description="Angle of the first segment's start, degrees clockwise from 3 o'clock.")
    stroke: str = Field("black", description="Segment outline colour.")
    width: Num = Field(0.3, description="Outline width.")
    label_size: Num = Field("7pt", description="Label font size.")


def _wheel(el: WheelElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cx, cy = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)
    r, inner = ctx.length(el.r, "r"), ctx.length(el.inner, "inner")
    n = len(el.fills)
    step = 360.0 / n
    start = ctx.number(el.start, "start")
    stroke = ctx.colour(el.stroke, "stroke")
    width = ctx.length(el.width, "width")
    out: list[Node] = []
    for i, fill in enumerate(el.fills):
        a0 = start + i * step
        segs: list[Segment] = [("M", *arc_point(cx, cy, r, a0)), *arc_segments(cx, cy, r, a0, step)]
        if inner > 0:
            segs.append(("L", *arc_point(cx, cy, inner, a0 + step)))
            segs += arc_segments(cx, cy, inner, a0 + step, -step)
        else:
            segs.append(("L", cx, cy))
        segs.append(("Z",))
        colour = ctx.colour(fill, f"fills[{i}]") if fill else None
        out.append(Path(tuple(segs), Paint(fill=colour, stroke=stroke, width=width)))
    size = ctx.length(el.label_size, "label_size")
    for i, label in enumerate(el.labels[:n]):
        mid = math.radians(start + (i + 0.5) * step)
        cos, sin = math.cos(mid), math.sin(mid)
        gap = size * 0.6
        lx, ly = cx + (r + gap) * cos, cy + (r + gap) * sin
        anchor: Literal["start", "middle", "end"] = "start" if cos > 0.3 else "end" if cos < -0.3 else "middle"
        ly += size * 0.35 + (size * 0.45 * sin if anchor == "middle" else 0.0)
        out.append(Text(lx, ly, ctx.text(label, f"labels[{i}]"), size, stroke or "#000000",
                        ctx.game.fonts["regular"], anchor))
    return out


register(ElementType("wheel", WheelElement, _wheel,
                     example='{ type = "wheel", r = 14, inner = 6, fills = ["red", "gold", "sky", "green", "ink"] }'))
