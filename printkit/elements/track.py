"""The `track` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator, model_validator

from printkit.drawing import Circle, Node, Paint, Path, Rect, Segment, Text, polygon
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint, cell_centre
from printkit.modelbase import ElementBase, Num, Point
from printkit.polyform import Cell, parse_cell_list
from printkit.tracks import Space, along, around_rect, least, on_arc, spiral

MAX_SPACES = 1000
"""Spaces one generated track may have."""

if TYPE_CHECKING:
    from printkit.game import DrawContext


class TrackElement(ElementBase):
    """A path of spaces, numbered in order: a score track, a race track.

    The spaces are listed, or generated (``along``). Listed (``along = "cells"``): cells of a square
    lattice, cell ``(0, 0)`` with its top-left corner at (``x``, ``y``), ``cell`` mm apart, written
    ``"col,row col,row ..."`` (rows grow downwards, negative cells allowed, so a track can run
    around a grid drawn at the same origin). Generated, ``count`` spaces: ``rect``: around the
    rectangle (``x``, ``y``, ``w``, ``h``) in a band ``depth`` deep, clockwise from the top-left
    corner (``corners = "square"``: square corner spaces, the rest shared equally along each side;
    ``"bend"``: every space the same length and area, bending round corners; the spaces touch);
    ``circle``: on a circle of ``radius`` about (``cx``, ``cy``) from ``start`` degrees; ``arc``: from
    ``start`` to ``end`` degrees; ``polyline``: equally spaced along ``points`` (closed when ``loop``);
    ``spiral``: from ``radius`` inwards to ``inner`` in ``turns`` turns. A 0-50 score track round a
    board: ``{ type = "track", along = "rect", w = "100%", h = "100%", count = 51, mark_every = 5 }``.

    Spaces are numbered ``first``, ``first + step``, ...; every ``mark_every``-th is marked (a
    thicker outline, ``mark_fill``). The first space is the start: it may have its own label and
    fill. Small arrows between consecutive spaces show the direction of travel (and close the loop
    when ``loop`` is true).
    """

    type: Literal["track"] = Field(description="Element type: `track`.")
    along: Literal["cells", "rect", "circle", "arc", "polyline", "spiral"] = Field(
        "cells", description="Where the spaces go: listed `cells`, or generated around a `rect`, on a `circle`, "
        "an `arc`, a `polyline` or a `spiral`."
    )
    x: Num = Field(0, description="Left edge of cell (0, 0); for `rect`, of the rectangle.")
    y: Num = Field(0, description="Top edge of cell (0, 0); for `rect`, of the rectangle.")
    cell: Num | None = Field(None, description="Distance between neighbouring cells (mm); for `cells`.")
    cells: str | None = Field(
        None, description='The spaces in order, as "col,row col,row ..." (see printkit/polyform.py); for `cells`.')
    count: int | str | None = Field(
        None, description=f"Spaces to generate (1 to {MAX_SPACES}); for every `along` but `cells`.")
    w: Num = Field("100%", description="Width of the rectangle (`rect`).")
    h: Num = Field("100%", description="Height of the rectangle (`rect`).")
    depth: Num | None = Field(
        None, description="Depth of the band of spaces (`rect`), edge to inner edge; omitted: the length of a "
        "space, so spaces are about square."
    )
    corners: Literal["square", "bend"] = Field(
        "square", description="`rect`: `square` corner spaces (the others equal along each side), or `bend`: all "
        "spaces equal, bending round the corners."
    )
    cx: Num = Field("50%", description="Centre of the circle, arc or spiral (x).")
    cy: Num = Field("50%", description="Centre of the circle, arc or spiral (y).")
    radius: Num | None = Field(None, description="Radius of the circle or arc; outer radius of the spiral.")
    inner: Num = Field(0, description="Inner radius of the spiral.")
    turns: Num = Field(2, description="Turns of the spiral.")
    start: Num = Field(-90, description="Angle of the first space on a circle, arc or spiral (degrees clockwise "
                       "from the right; -90: the top).")
    end: Num = Field(90, description="Angle of the last space on an arc.")
    points: list[Point] = Field([], description="Corner points [[x, y], ...] of the polyline.")
    space: Num | None = Field(None, description="Width of a space; omitted: 88% of `cell` (or of the room "
                              "between generated spaces).")
    shape: Literal["square", "circle"] = Field(
        "square", description="Shape of a space (around a `rect`, `square` draws the band's own spaces).")
    r: Num = Field(2, description="Corner radius of square spaces.")
    fill: str | None = Field("white", description="Fill of a space.")
    stroke: str | None = Field("black", description="Outline of a space.")
    width: Num = Field(0.4, description="Outline width.")
    labels: bool = Field(True, description="Number the spaces.")
    first: int = Field(0, description="Number of the first space.")
    step: int = Field(1, description="Difference between the numbers of consecutive spaces.", ge=-MAX_SPACES,
                      le=MAX_SPACES)
    mark_every: int = Field(0, description="Mark every Nth space (by its number: 0, 5, 10, ... for 5); 0: none.",
                            ge=0, le=MAX_SPACES)
    mark_fill: str | None = Field(None, description="Fill of a marked space; omitted: `fill` (marked spaces "
                                  "still get a thicker outline).")
    label_size: Num = Field("9pt", description="Font size of the numbers.")
    label_fill: str = Field("black", description="Colour of the numbers.")
    label_at: Literal["center", "outer"] = Field(
        "center", description="Where a number sits: the space's centre, or its side (or corner) facing away "
        "from the middle of the track, leaving the centre free for a marker."
    )
    start_label: str | None = Field(None, description='Label of the first space instead of its number, e.g. "0/16".')
    start_fill: str | None = Field(None, description="Fill of the first space; omitted: `fill`.")
    start_text: str | None = Field(None, description='A word printed in the first space, e.g. "START".')
    arrows: bool = Field(True, description="Draw arrows between consecutive spaces.")
    loop: bool = Field(True, description="The track is a loop: an arrow also leads from the last space to the first.")
    arrow_size: Num = Field(3.5, description="Length of an arrow.")
    arrow_fill: str = Field("black", description="Colour of the arrows.")

    @field_validator("count", mode="before")
    @classmethod
    def _not_a_bool(cls, v: Any) -> Any:
        # before pydantic reads `count = true` as the whole number 1
        if isinstance(v, bool):
            raise ValueError(f"a `count` of 1 to {MAX_SPACES} spaces")
        return v

    @model_validator(mode="after")
    def _source(self) -> TrackElement:
        if self.along == "cells":
            missing = [k for k in ("cell", "cells") if getattr(self, k) is None]
            if missing:
                raise ValueError("`cell` and `cells` for a track along cells (or `along` and `count` to generate "
                                 "the spaces)")
            return self
        if self.count is None:
            raise ValueError(f"`count` (spaces to generate) for a track along a {self.along}")
        if isinstance(self.count, int) and not 1 <= self.count <= MAX_SPACES:
            raise ValueError(f"a `count` of 1 to {MAX_SPACES} spaces")
        if self.along in ("circle", "arc", "spiral") and self.radius is None:
            raise ValueError(f"a `radius` for a track along a {self.along}")
        if self.along == "polyline" and len(self.points) < 2:
            raise ValueError("at least two `points` for a track along a polyline")
        return self


MIN_GAP = 1.0
"""Least distance (mm) between the centres of two consecutive generated spaces: closer, no piece can
stand on one of them apart from the other."""


def _arrow(x1: float, y1: float, x2: float, y2: float, size: float, fill: str | None) -> Path:
    """A small filled triangle halfway from (x1, y1) to (x2, y2), pointing towards (x2, y2)."""
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    nx, ny = -uy, ux
    half, spread = size / 2, size * 0.45
    segs: list[Segment] = [
        ("M", mx + ux * half, my + uy * half),
        ("L", mx - ux * half + nx * spread, my - uy * half + ny * spread),
        ("L", mx - ux * half - nx * spread, my - uy * half - ny * spread),
        ("Z",),
    ]
    return Path(tuple(segs), Paint(fill=fill))


def track_cells(el: TrackElement, ctx: DrawContext) -> list[Cell]:
    try:
        return parse_cell_list(ctx.text(el.cells, "cells"))
    except ValueError as exc:
        raise ctx.fail("cells", str(exc), el.cells) from None


def track_centres(el: TrackElement, ctx: DrawContext, w: float, h: float) -> list[tuple[float, float]]:
    """Centres of a track's spaces in order, in the piece's mm."""
    return [(s.cx, s.cy) for s in track_spaces(el, ctx, w, h)]


def _count(el: TrackElement, ctx: DrawContext) -> int:
    n = el.count if isinstance(el.count, int) else ctx.number(el.count, "count")
    if not float(n).is_integer() or not 1 <= n <= MAX_SPACES:
        raise ctx.fail("count", f"a whole number of spaces from 1 to {MAX_SPACES}", ctx.resolve(el.count, "count"))
    return int(n)


def track_spaces(el: TrackElement, ctx: DrawContext, w: float, h: float) -> list[Space]:
    """A track's spaces in order, listed or generated, in the piece's mm (see :mod:`printkit.tracks`)."""
    if el.along == "cells":
        x, y, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
        size = ctx.length(el.space, "space") if el.space is not None else cell * 0.88
        return [Space(*cell_centre(x, y, cell, c, r), size=size) for c, r in track_cells(el, ctx)]
    n = _count(el, ctx)
    if el.along == "rect":
        x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
        rw, rh = ctx.length(el.w, "w", w), ctx.length(el.h, "h", h)
        if min(rw, rh) <= 0:
            raise ctx.fail("w", "a rectangle of positive width and height", f"{rw:g} x {rh:g} mm")
        depth = ctx.length(el.depth, "depth") if el.depth is not None else min(2 * (rw + rh) / (n + 4), min(rw, rh) / 2)
        if not 0 < depth <= min(rw, rh) / 2:
            raise ctx.fail("depth", f"a depth greater than 0 and at most half the rectangle's smaller side "
                           f"({min(rw, rh) / 2:g} mm)", el.depth)
        fewest = least(rw, rh, depth, el.corners)
        if n < fewest:
            raise ctx.fail("count", f"at least {fewest} spaces around a rectangle with square corners (or "
                           'corners = "bend")', el.count)
        return around_rect(x, y, rw, rh, depth, n, el.corners)
    if el.along == "polyline":
        pts = [(ctx.length(px, f"points[{i}][0]", w), ctx.length(py, f"points[{i}][1]", h))
               for i, (px, py) in enumerate(el.points)]
        centres = along(pts, n, el.loop)
        blame = "points"
    else:
        cx, cy = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)
        radius, start = ctx.length(el.radius, "radius"), ctx.number(el.start, "start")
        if el.along == "spiral":
            turns = ctx.number(el.turns, "turns")
            if not 0 < turns <= 50:
                raise ctx.fail("turns", "a number of turns greater than 0, at most 50", el.turns)
            centres = spiral(cx, cy, radius, ctx.length(el.inner, "inner"), turns, start, n)
        elif el.along == "circle":
            centres = on_arc(cx, cy, radius, start, 360.0, n, closed=True)
        else:
            centres = on_arc(cx, cy, radius, start, ctx.number(el.end, "end") - start, n, closed=False)
        blame = "end" if el.along == "arc" and radius > 0 else "radius"
    gap = min((math.dist(a, b) for a, b in itertools.pairwise(centres)), default=10.0)
    if gap < MIN_GAP:  # a radius of 0, an arc from an angle to itself, a polyline of one point twice
        what = {"points": "points that lay", "end": "an end angle that lays", "radius": "a radius that lays"}[blame]
        raise ctx.fail(blame, f"{what} the {n} spaces at least {MIN_GAP:g} mm apart (here {gap:.2g} mm)",
                       getattr(el, blame))
    size = ctx.length(el.space, "space") if el.space is not None else gap * 0.88
    return [Space(px, py, size=size) for px, py in centres]


def space_size(el: TrackElement, ctx: DrawContext, sp: Space) -> float:
    """The width of a space as drawn: a band's space is its outline (a round space in it is `space`
    wide, or 88% of the square that fits); any other space is ``sp.size``."""
    if not sp.outline:
        return sp.size
    if el.shape == "square":
        return sp.size
    return ctx.length(el.space, "space") if el.space is not None else sp.size * 0.88


def _track(el: TrackElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    spaces = track_spaces(el, ctx, w, h)
    centres = [(sp.cx, sp.cy) for sp in spaces]
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    start_paint = Paint(ctx.colour(el.start_fill, "start_fill"), paint.stroke, paint.width) if el.start_fill else paint
    mark_paint = Paint(ctx.colour(el.mark_fill, "mark_fill") if el.mark_fill else paint.fill, paint.stroke,
                       paint.width * 2)
    label_size = ctx.length(el.label_size, "label_size")
    label_fill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    numbers = [el.first + i * el.step for i in range(len(spaces))]
    out: list[Node] = []
    for i, sp in enumerate(spaces):
        marked = el.mark_every and numbers[i] % el.mark_every == 0
        p = start_paint if i == 0 and el.start_fill else mark_paint if marked else paint
        if el.shape == "circle":
            out.append(Circle(sp.cx, sp.cy, space_size(el, ctx, sp) / 2, p))
        elif sp.outline:
            out.append(polygon(sp.outline, p))
        else:
            out.append(Rect(sp.cx - sp.size / 2, sp.cy - sp.size / 2, sp.size, sp.size, p, r=ctx.length(el.r, "r")))
    size = min((sp.size for sp in spaces), default=0.0)
    if el.arrows and len(centres) > 1:
        pairs = list(itertools.pairwise(centres))
        if el.loop and len(centres) > 2:
            pairs.append((centres[-1], centres[0]))
        a_size, a_fill = ctx.length(el.arrow_size, "arrow_size"), ctx.colour(el.arrow_fill, "arrow_fill")
        out += [_arrow(p1[0], p1[1], p2[0], p2[1], a_size, a_fill) for p1, p2 in pairs]
    for i, (cx, cy) in enumerate(centres):
        tx, ty, anchor, down = cx, cy + label_size * 0.35, "middle", 1.0
        if el.label_at == "outer":
            # The side(s) of the track's bounding box this space lies on face outwards.
            pad = max(1.0, size * 0.06)
            sx = 1 if cx >= max(xs) - 1e-6 else -1 if cx <= min(xs) + 1e-6 else 0
            sy = 1 if cy >= max(ys) - 1e-6 else -1 if cy <= min(ys) + 1e-6 else 0
            if sx:
                tx, anchor = cx + sx * (size / 2 - pad), ("end" if sx > 0 else "start")
            if sy > 0:
                ty, down = cy + size / 2 - pad, -1.0
            elif sy < 0:
                ty = cy - size / 2 + pad + label_size * 0.72
        if el.labels:
            label = ctx.text(el.start_label, "start_label") if i == 0 and el.start_label else str(numbers[i])
            out.append(Text(tx, ty, label, label_size, label_fill, "bold", anchor))  # type: ignore[arg-type]
        if i == 0 and el.start_text:
            # The start word goes beside the number, on the side away from the edge.
            out.append(Text(tx, ty + down * label_size * (1.05 if el.labels else 0.0),
                            ctx.text(el.start_text, "start_text"), label_size * 0.8, label_fill, "bold",
                            anchor))  # type: ignore[arg-type]
    return out


register(ElementType("track", TrackElement, _track,
                     example='{ type = "track", along = "rect", x = 3, y = 3, w = 54, h = 34, count = 16, '
                     'mark_every = 4, mark_fill = "gold", label_size = "5pt", arrow_size = 2 }'))
