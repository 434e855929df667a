"""The `track` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node, Paint, Path, Rect, Segment, Text
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint, cell_centre
from printkit.modelbase import ElementBase, Num
from printkit.polyform import Cell, parse_cell_list

if TYPE_CHECKING:
    from printkit.game import DrawContext


class TrackElement(ElementBase):
    """A path of spaces on a square lattice, numbered in order: a score track, a race track.

    Cell ``(0, 0)`` has its top-left corner at (``x``, ``y``); cells are ``cell`` mm apart and
    written ``"col,row col,row ..."`` (rows grow downwards, negative cells allowed, so a track
    can run around a grid drawn at the same origin). Spaces are numbered from ``first`` in the
    order given. The first space is the start: it may have its own label and fill. Small
    arrows between consecutive spaces show the direction of travel (and close the loop when
    ``loop`` is true).
    """

    type: Literal["track"] = Field(description="Element type: `track`.")
    x: Num = Field(0, description="Left edge of cell (0, 0).")
    y: Num = Field(0, description="Top edge of cell (0, 0).")
    cell: Num = Field(description="Distance between neighbouring cells (mm).")
    cells: str = Field(description='The spaces in order, as "col,row col,row ..." (see printkit/polyform.py).')
    space: Num | None = Field(None, description="Width of a space; omitted: 88% of `cell`.")
    shape: Literal["square", "circle"] = Field("square", description="Shape of a space.")
    r: Num = Field(2, description="Corner radius of square spaces.")
    fill: str | None = Field("white", description="Fill of a space.")
    stroke: str | None = Field("black", description="Outline of a space.")
    width: Num = Field(0.4, description="Outline width.")
    labels: bool = Field(True, description="Number the spaces.")
    first: int = Field(0, description="Number of the first space.")
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
    x, y, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    return [cell_centre(x, y, cell, c, r) for c, r in track_cells(el, ctx)]


def _track(el: TrackElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cell = ctx.length(el.cell, "cell")
    size = ctx.length(el.space, "space") if el.space is not None else cell * 0.88
    centres = track_centres(el, ctx, w, h)
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    start_paint = Paint(ctx.colour(el.start_fill, "start_fill"), paint.stroke, paint.width) if el.start_fill else paint
    label_size = ctx.length(el.label_size, "label_size")
    label_fill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    out: list[Node] = []
    for i, (cx, cy) in enumerate(centres):
        p = start_paint if i == 0 else paint
        if el.shape == "circle":
            out.append(Circle(cx, cy, size / 2, p))
        else:
            out.append(Rect(cx - size / 2, cy - size / 2, size, size, p, r=ctx.length(el.r, "r")))
    if el.arrows and len(centres) > 1:
        pairs = list(zip(centres, centres[1:], strict=False))
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
            label = ctx.text(el.start_label, "start_label") if i == 0 and el.start_label else str(el.first + i)
            out.append(Text(tx, ty, label, label_size, label_fill, "bold", anchor))  # type: ignore[arg-type]
        if i == 0 and el.start_text:
            # The start word goes beside the number, on the side away from the edge.
            out.append(Text(tx, ty + down * label_size * (1.05 if el.labels else 0.0),
                            ctx.text(el.start_text, "start_text"), label_size * 0.8, label_fill, "bold",
                            anchor))  # type: ignore[arg-type]
    return out


register(ElementType("track", TrackElement, _track,
                     example='{ type = "track", x = 5, y = 5, cell = 10, cells = "0,0 1,0 2,0 3,0 4,0 4,1 4,2 3,2 2,2 1,2 0,2 0,1", label_size = "5pt", arrow_size = 2 }'))
