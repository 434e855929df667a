"""The `flower` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import lattice
from printkit.drawing import Circle, Group, Node, Paint, Path, Segment, arc_segments, rotate
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class FlowerElement(ElementBase):
    """A board of overlapping equal circles on a triangular lattice (the "flower" pattern).

    The circles' radius equals the lattice spacing, so twelve fields meet at every lattice
    point: six petals (biangular fields) and six curved triangles (see printkit/lattice.py).
    The board holds every field whose tips all lie within `rings` spacings of the centre, so
    its edge is the outer arcs of petals. The surrounding circle of radius `rings` spacings
    passes through the outermost lattice points; `goals` marks those points (e.g. where
    goal markers are placed), their fills cycling through `goal_fills`.
    """

    type: Literal["flower"] = Field(description="Element type: `flower`.")
    cx: Num = Field("50%", description="Centre x (a lattice point).")
    cy: Num = Field("50%", description="Centre y.")
    spacing: Num = Field(description="Radius of every circle, which is also the distance between lattice points.")
    rings: float = Field(description="Radius of the board in spacings (fields whose tips lie within it).", gt=0, le=40)
    rotate: Num = Field(0, description="Rotation of the pattern, degrees clockwise (0: a row of points is horizontal).")
    petal_fill: str | None = Field(None, description="Fill of the biangular fields (petals).")
    triangle_fill: str | None = Field(None, description="Fill of the triangular fields.")
    background: str | None = Field(None, description="Fill of the whole board area under the fields' lines.")
    stroke: str = Field("black", description="Colour of the arcs between fields.")
    width: Num = Field(0.35, description="Width of the arcs between fields.")
    edge_width: Num = Field(0.8, description="Width of the board's outer edge.")
    points: Num = Field(0, description="Diameter of a dot on every lattice point (0: none).")
    point_fill: str = Field("black", description="Colour of the lattice-point dots.")
    circle: bool = Field(True, description="Draw the surrounding circle through the outermost lattice points.")
    circle_stroke: str = Field("black", description="Colour of the surrounding circle.")
    circle_width: Num = Field(0.5, description="Width of the surrounding circle.")
    circle_dash: list[Num] = Field([], description="Dash pattern of the surrounding circle (mm on, mm off, ...).")
    goals: Num = Field(
        0, description="Outer diameter of the ring marks on the lattice points that lie on the surrounding circle (0: none)."
    )
    goal_fills: list[str] = Field(["white"], description="Fills of those marks, cycling clockwise from the right.", min_length=1)
    goal_stroke: str = Field("black", description="Outline colour of the goal marks.")


def _flower(el: FlowerElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cx, cy = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)
    s = ctx.length(el.spacing, "spacing")
    if s <= 0:
        raise ctx.fail("spacing", "a length greater than 0", el.spacing)
    points = lattice.disk_points(el.rings)
    fields = lattice.region(points)
    if not fields:
        raise ctx.fail("rings", "a radius of at least 1 spacing (the board has no fields)", el.rings)
    origin = (cx, cy)
    out: list[Node] = []
    edge = lattice.loops_path(lattice.outline(fields), s, origin)
    if el.background is not None:
        out.append(Path(tuple(edge), Paint(fill=ctx.colour(el.background, "background"))))
    for key, fill, pick in (("petal_fill", el.petal_fill, True), ("triangle_fill", el.triangle_fill, False)):
        if fill is None:
            continue
        chosen = [f for f in fields if lattice.is_petal(f) == pick]
        segs = lattice.loops_path([loop for f in chosen for loop in lattice.outline([f])], s, origin)
        out.append(Path(tuple(segs), Paint(fill=ctx.colour(fill, key))))
    stroke = ctx.colour(el.stroke, "stroke")
    lines: list[Segment] = []
    for centre, a, z in lattice.all_arcs(fields):
        lines.append(("M", *_shift(lattice.xy(a, s), origin)))
        lines += lattice.arc_path(centre, a, z, s, origin)
    out.append(Path(tuple(lines), Paint(stroke=stroke, width=ctx.length(el.width, "width"))))
    out.append(Path(tuple(edge), Paint(stroke=stroke, width=ctx.length(el.edge_width, "edge_width"))))
    dot = ctx.length(el.points, "points")
    if dot > 0:
        pfill = ctx.colour(el.point_fill, "point_fill")
        out += [Circle(*_shift(lattice.xy(p, s), origin), dot / 2, Paint(fill=pfill)) for p in points]
    radius = el.rings * s
    if el.circle:
        out.append(Circle(cx, cy, radius, Paint(stroke=ctx.colour(el.circle_stroke, "circle_stroke"),
                                                width=ctx.length(el.circle_width, "circle_width"),
                                                dash=tuple(ctx.length(d, "circle_dash") for d in el.circle_dash))))
    angle = ctx.number(el.rotate, "rotate")
    goal = ctx.length(el.goals, "goals")
    if goal > 0:
        out += _goal_marks(el, ctx, points, s, origin, goal, angle)
    return [Group(tuple(out), rotate(angle, cx, cy))] if angle else out


def _goal_marks(el: FlowerElement, ctx: DrawContext, points: list[lattice.Point], s: float,
                origin: tuple[float, float], size: float, angle: float) -> list[Node]:
    """Ring marks on the lattice points that lie on the surrounding circle, clockwise from the right."""
    on_circle = [p for p in points if abs(math.hypot(*lattice.xy(p)) - el.rings) < 1e-9]
    if not on_circle:
        raise ctx.fail("goals", "a `rings` radius with lattice points on the surrounding circle (e.g. a whole number)",
                       el.rings)
    on_circle.sort(key=lambda p: round((math.degrees(math.atan2(lattice.xy(p)[1], lattice.xy(p)[0])) + angle) % 360.0, 6))
    stroke = ctx.colour(el.goal_stroke, "goal_stroke")
    out: list[Node] = []
    for i, p in enumerate(on_circle):
        k = i % len(el.goal_fills)
        fill = ctx.colour(el.goal_fills[k], f"goal_fills[{k}]")
        gx, gy = _shift(lattice.xy(p, s), origin)
        ring: list[Segment] = []
        for r in (size / 2, size / 4):  # a ring, so the connecting point stays visible in its hole
            ring += [("M", gx + r, gy), *arc_segments(gx, gy, r, 0.0, 360.0), ("Z",)]
        out.append(Path(tuple(ring), Paint(fill=fill, stroke=stroke, width=0.4)))
    return out


def _shift(p: tuple[float, float], origin: tuple[float, float]) -> tuple[float, float]:
    return (p[0] + origin[0], p[1] + origin[1])


register(ElementType("flower", FlowerElement, _flower,
                     example='{ type = "flower", spacing = 8, rings = 2, petal_fill = "gold", triangle_fill = "sky", goals = 3, goal_fills = ["red", "ink"] }', picture=(60.0, 44.0)))
