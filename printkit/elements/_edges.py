"""Edges and links shared by `grid` and `hexgrid` (not an element: the registry skips ``_`` modules).

A cell's edges are named by direction (square cells: n, e, s, w; flat hexes: n, ne, se, s, sw, nw;
pointy hexes: ne, e, se, sw, w, nw) and drawn in a named style (a river, a wall) or a colour. A link
is a line between cells: straight from centre to centre, or stepping through the centres of the
cells on the way (``route = "cells"``), as a road or a warp line is drawn."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Paint, Path, Segment
from printkit.modelbase import Num, Strict

if TYPE_CHECKING:
    from printkit.game import DrawContext

SQUARE_DIRECTIONS = ("n", "e", "s", "w")
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


class EdgeStyle(Strict):
    """How an edge or a link is drawn."""

    stroke: str = Field("black", description="Colour.")
    width: Num = Field(1.0, description="Line width (mm).")
    dash: list[Num] = Field([], description="Dash pattern (mm on, mm off, ...).")


class Link(Strict):
    """A line between cells: a road, a river's course, a warp line."""

    cells: list[str] = Field(description='The cells it joins, in order, e.g. ["1,1", "3,3"] (in the element\'s '
                             "coordinates).", min_length=2, max_length=100)
    route: Literal["straight", "cells"] = Field(
        "straight", description="straight: centre to centre; cells: through the centre of every cell on the way.")
    style: str = Field("link", description="A name in `edge_styles`, or a colour.")


EDGES_DOC = ('Borders of single edges, by cell: { "2,3" = "n:river ne:river", ... } (a direction, a colon and a '
             "name in `edge_styles` or a colour).")


def edge_paint(name: str, styles: dict[str, EdgeStyle], ctx: DrawContext, key: str) -> Paint:
    from printkit.game import is_colour

    style = styles.get(name)
    if style is None:
        if name == "link":
            style = EdgeStyle()
        elif is_colour(name, ctx.game.palette) and name != "none":
            return Paint(stroke=ctx.colour(name, key), width=1.0)
        else:
            known = ", ".join(sorted(styles)) or "none defined"
            raise ctx.fail(key, f"a name in `edge_styles` ({known}) or a colour", name)
    return Paint(stroke=ctx.colour(style.stroke, f"edge_styles.{name}.stroke"),
                 width=ctx.length(style.width, f"edge_styles.{name}.width"),
                 dash=tuple(ctx.length(d, f"edge_styles.{name}.dash") for d in style.dash))


_EDGE = re.compile(r"^([a-z]+):([\w#-]+)$")


def parse_edges(text: str, directions: Sequence[str]) -> list[tuple[str, str]]:
    """``"n:river ne:road"`` -> [("n", "river"), ("ne", "road")]; ValueError naming what is expected."""
    out = []
    for word in text.split():
        m = _EDGE.match(word)
        if not m or m.group(1) not in directions:
            raise ValueError("edges written as direction:style, e.g. \"n:river\", with a direction of "
                             + ", ".join(sorted(directions, key=COMPASS.index)))
        out.append((m.group(1), m.group(2)))
    return out


def link_path(points: Sequence[tuple[float, float]], paint: Paint) -> Path:
    segs: list[Segment] = [("M", *points[0])]
    segs += [("L", *p) for p in points[1:]]
    return Path(tuple(segs), paint)
