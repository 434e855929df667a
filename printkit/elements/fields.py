"""The `fields` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import lattice
from printkit.drawing import Circle, Node, Paint, Path
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class FieldsElement(ElementBase):
    """Fields of the flower lattice filled as one figure: a piece laid on a `flower` board, e.g. in a
    rulebook diagram of a legal and an illegal placement.

    Fields are written as for a `lattice-piece` ("0,0-1,0 0,0-1,0-0,1": a petal and the triangle
    beside it; see printkit/lattice.py), around the lattice point (0, 0) at `cx`, `cy`. With the
    board's `cx`, `cy` and `spacing` the figure covers the board's fields exactly.
    """

    type: Literal["fields"] = Field(description="Element type: `fields`.")
    fields: str = Field(description='The fields, "a,b-a,b a,b-a,b-a,b ..."; may be a template.')
    cx: Num = Field("50%", description="x of the lattice point (0, 0).")
    cy: Num = Field("50%", description="y of the lattice point (0, 0).")
    spacing: Num = Field(description="Lattice spacing (the board's circle radius).")
    fill: str = Field("black", description="Fill of the fields.")
    opacity: float = Field(1.0, description="Opacity of the fill (below 1: the board shows through).", ge=0, le=1)
    stroke: str | None = Field(None, description="Outline of the figure (omitted: none).")
    width: Num = Field(0.5, description="Outline width.")
    dash: list[Num] = Field([], description="Dash pattern of the outline (mm on, mm off, ...).")
    dots: str | None = Field(None, description="Colour of a dot in each field at each of its tips, as on the pieces.")
    dot: Num = Field(2.0, description="Diameter of those dots.")


def _fields(el: FieldsElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    text = ctx.text(el.fields, "fields")
    try:
        fields = lattice.parse_fields(text)
    except ValueError as exc:
        raise ctx.fail("fields", str(exc), text) from None
    s = ctx.length(el.spacing, "spacing")
    if s <= 0:
        raise ctx.fail("spacing", "a length greater than 0", el.spacing)
    origin = (ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h))
    outline = tuple(lattice.loops_path(lattice.outline(fields), s, origin))
    out: list[Node] = [Path(outline, Paint(fill=ctx.colour(el.fill, "fill"), opacity=el.opacity))]
    if el.stroke is not None:
        out.append(Path(outline, Paint(stroke=ctx.colour(el.stroke, "stroke"), width=ctx.length(el.width, "width"),
                                       dash=tuple(ctx.length(d, "dash") for d in el.dash))))
    if el.dots is not None:
        paint = Paint(fill=ctx.colour(el.dots, "dots"))
        r = ctx.length(el.dot, "dot") / 2
        for p, f in lattice.peaks(fields):
            x, y = lattice.peak_position(p, f, s)
            out.append(Circle(x + origin[0], y + origin[1], r, paint))
    return out


register(ElementType("fields", FieldsElement, _fields,
                     example='{ type = "fields", fields = "0,0-1,0", cx = "30%", spacing = 24, fill = "sky", stroke = "ink", dots = "white" }'))
