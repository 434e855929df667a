"""Lattice pieces: shapes made of fields of the flower lattice, cut along their curved outline.

The flower lattice is the pattern of equal overlapping circles centred on a triangular
lattice whose spacing is the circles' radius (see ``printkit/lattice.py`` and the board
element ``flower``): petals (biangular fields) and curved triangles meet twelve to a point.
A piece is a set of fields connected through shared arcs, given either explicitly
(``fields = "0,0-1,0 0,0-1,0-0,1"``, a template such as ``"{row.fields}"`` with a CSV table)
or generated: ``free_shapes = [4, 5]`` makes one variant per distinct shape of 4 or 5 fields
up to rotation and reflection (variant values ``shape.name``, ``shape.fields``, ``shape.size``).

``max_per_point`` keeps only generated shapes with at most that many fields around any
one lattice point (a rule such as "never more than five fields of a colour at a point"
then never rules out a whole piece). ``min_tip`` cuts sharp tips square: where the
outline meets at less than 90 degrees (a triangle's cusp, a lone petal's point), the cut
runs straight across the tip where the piece is ``min_tip`` mm wide, so no paper point
is thinner; the colour follows the cut shape, with its bleed.

The piece is cut along the union's outline (shared arcs cancel). Each side is filled in
its own colour, the arcs between the piece's own fields are drawn thin so its fields can be
counted, and a dot sits in every field at each of its tips, so the dots around a lattice
point count the fields the piece has there. The back (e.g. white on a black piece) is the
mirror image, as the piece is seen from behind; the ``pack`` engine puts it behind the face.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from printkit import lattice
from printkit.drawing import CUT, Circle, Drawing, Group, Node, Paint, Path, Segment
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import ComponentBase, NonNegativeLength, PositiveLength, Strict

MAX_SHAPE = 10
"""Largest generated shape: bigger sets grow fast and would not make a playable set of pieces."""


class PieceSide(Strict):
    """The colours of one side of a lattice piece."""

    fill: str = Field(description="Fill of the piece's fields.")
    dots: str = Field(description="Colour of the dots on the peaks.")
    lines: str | None = Field(None, description="Colour of the thin arcs between the piece's own fields (none: not drawn).")
    edge: str | None = Field(
        None, description="Colour of a thin printed line along the outline (helps a pale side stand out); none: no line."
    )


class LatticePieceModel(ComponentBase):
    """A piece made of fields of the flower lattice, cut along its curved outline, with dots on its peaks."""

    kind: Literal["lattice-piece"] = Field(description="Always `lattice-piece`.")
    spacing: PositiveLength = Field(
        description="Radius of the lattice's circles, which is also the distance between its points (match the board's)."
    )
    fields: str = Field(
        "{shape.fields}",
        description='The fields, each written as its tips "a,b-a,b" (petal) or "a,b-a,b-a,b" (triangle), separated '
        'by spaces; may be a template such as "{row.fields}". The default reads generated shapes.',
    )
    free_shapes: list[int] | None = Field(
        None,
        description="Generate one variant per distinct shape of each of these numbers of fields, up to rotation and "
        "reflection (the shapes are numbered by size, fewest triangles first).",
        min_length=1,
    )
    max_per_point: int | None = Field(
        None, description="With `free_shapes`: only shapes with at most this many fields around any one lattice point "
        "(e.g. 5 when the rules never allow more than five fields of a colour at a point).", strict=True, ge=1, le=12,
    )
    min_tip: NonNegativeLength = Field(
        0.0, description="Narrowest tip the cut leaves (mm): sharp tips (under 90 degrees) are cut straight across "
        "where the piece is this wide, so no paper point tears; 0: cut to the point.",
    )
    mirrors: bool = Field(
        False, description="With `free_shapes`: list a shape and its mirror image separately when they differ "
        "(for one-sided pieces; a two-sided piece turned over already is its mirror image)."
    )
    front: PieceSide = Field(description="Colours of the front side.")
    back: PieceSide | None = Field(None, description="Colours of the back side (mirror image); omitted: one-sided.")
    dot: PositiveLength = Field(2.2, description="Diameter of the dots on the peaks (mm).")
    bleed: NonNegativeLength = Field(
        0.8, description="How far each side's colour runs past the cut line (mm), so a cut a little outside the "
        "line shows no paper."
    )
    cut_halo: str | None = Field(
        "white", description="Colour of a narrow band printed just inside the cut line so the line shows on dark "
        "art (none: no band); outside the line the piece's own art runs on as bleed, so a cut a little wide "
        "leaves no pale edge."
    )
    line_width: PositiveLength = Field(0.25, description="Width of the arcs between fields and of the edge line.")

    @model_validator(mode="after")
    def _shapes(self) -> LatticePieceModel:
        if self.bleed >= self.spacing / 4:
            raise ValueError("a bleed smaller than a quarter of the spacing")
        if self.free_shapes is not None:
            if self.vary or self.table:
                raise ValueError("`free_shapes` or `vary`/`table`, not both")
            bad = [n for n in self.free_shapes if not 1 <= n <= MAX_SHAPE]
            if bad:
                raise ValueError(f"shape sizes from 1 to {MAX_SHAPE} fields (found {bad[0]})")
            if len(set(self.free_shapes)) != len(self.free_shapes):
                raise ValueError("each shape size once in `free_shapes`")
        elif self.fields.startswith("{shape.") and not (self.vary or self.table):
            raise ValueError("`fields` (the piece's fields) or `free_shapes` (generate every shape of N fields)")
        elif self.max_per_point is not None:
            raise ValueError("`max_per_point` filters generated shapes: it needs `free_shapes`")
        if self.min_tip >= self.spacing / 4:
            raise ValueError("a `min_tip` smaller than a quarter of the spacing")
        return self

    @field_validator("fields")
    @classmethod
    def _fields(cls, text: str) -> str:
        if "{" not in text:  # templates are checked when the piece is drawn
            shape = lattice.parse_fields(text)  # its ValueError names the bad field
            if not lattice.connected(shape):
                raise ValueError("fields connected through shared arcs (a petal touches the triangles beside it)")
        return text


def variants(comp: LatticePieceModel) -> list[Variant] | None:
    """One variant per free shape of each size in ``free_shapes``; None when no shapes are generated."""
    if comp.free_shapes is None:
        return None
    out = []
    for size in comp.free_shapes:
        for i, shape in enumerate(lattice.free_shapes(size, comp.mirrors, comp.max_per_point), start=1):
            name = f"{size}-{i:02d}"
            values = {"name": name, "size": size, "fields": lattice.format_fields(shape)}
            out.append(Variant(name, {"shape": values}, comp.count))
    return out


def piece_nodes(fields: frozenset[lattice.Field], spacing: float, origin: tuple[float, float], side: PieceSide,
                ctx: DrawContext, key: str, dot: float, width: float, bleed: float,
                loops: list[list[tuple[lattice.Point, lattice.Point, lattice.Point]]] | None = None,
                cuts: list[list[float]] | None = None) -> list[Node]:
    """One side of a piece: its fill grown by the bleed, arcs between its fields, a dot per field tip.
    With ``cuts`` (see :func:`lattice.tip_cuts`), the outline is the one cut back at its sharp tips."""
    loops = loops if loops is not None else lattice.outline(fields)
    outline: tuple[Segment, ...] = tuple(
        lattice.cut_loops_path(loops, cuts, spacing, origin) if cuts else lattice.loops_path(loops, spacing, origin))
    fill = Paint(fill=ctx.colour(side.fill, f"{key}.fill"))
    nodes: list[Node] = []
    if bleed > 0:
        if cuts:
            sectors, corners = lattice.grown_cut_parts(loops, cuts, spacing, bleed, origin)
        else:
            sectors, corners = lattice.grown_parts(fields, spacing, bleed, origin)
        nodes += [Path(tuple(segs), fill) for segs in sectors]
        nodes += [Circle(x, y, bleed, fill) for x, y in corners]
    nodes.append(Path(outline, fill))
    if side.lines is not None:
        edge = set(lattice.boundary(fields))
        inner: list[Segment] = []
        for centre, a, z in lattice.all_arcs(fields):
            if (centre, a, z) in edge:
                continue
            x, y = lattice.xy(a, spacing)
            inner.append(("M", x + origin[0], y + origin[1]))
            inner += lattice.arc_path(centre, a, z, spacing, origin)
        if inner:
            lines = Path(tuple(inner), Paint(stroke=ctx.colour(side.lines, f"{key}.lines"), width=width))
            # Where tips are cut back, the lines stop at the cut too.
            nodes.append(Group((lines,), clip=Path(outline, fill)) if cuts else lines)
    if side.edge is not None:
        nodes.append(Path(outline, Paint(stroke=ctx.colour(side.edge, f"{key}.edge"), width=width)))
    dots = Paint(fill=ctx.colour(side.dots, f"{key}.dots"))
    for p, f in lattice.peaks(fields):
        x, y = lattice.peak_position(p, f, spacing)
        nodes.append(Circle(x + origin[0], y + origin[1], dot / 2, dots))
    return nodes


def draw(game: Game, comp: LatticePieceModel, variant: Variant) -> Art:
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    text = ctx.text(comp.fields, "fields")
    try:
        fields = lattice.parse_fields(text)
    except ValueError as exc:
        raise ctx.fail("fields", str(exc), text) from None
    if not lattice.connected(fields):
        raise ctx.fail("fields", "fields connected through shared arcs (a petal touches the triangles beside it)", text)
    s = comp.spacing
    x0, y0, x1, y1 = lattice.bounds(fields, s)
    w, h = x1 - x0, y1 - y0
    origin = (-x0, -y0)
    b = comp.bleed
    loops = lattice.outline(fields)
    cuts = lattice.tip_cuts(fields, loops, s, comp.min_tip) if comp.min_tip > 0 else None
    front = Drawing(w, h, piece_nodes(fields, s, origin, comp.front, ctx, "front", comp.dot, comp.line_width, b,
                                      loops, cuts), bleed=b)
    back = None
    if comp.back is not None:
        nodes = piece_nodes(fields, s, origin, comp.back, ctx, "back", comp.dot, comp.line_width, b, loops, cuts)
        back = Drawing(w, h, [Group(tuple(nodes), (-1.0, 0.0, 0.0, 1.0, w, 0.0))], bleed=b)
    if cuts:
        cut_path = tuple(lattice.cut_loops_path(loops, cuts, s, origin))
    else:
        cut_path = tuple(lattice.loops_path(loops, s, origin))
    cut_nodes: list[Node] = []
    if comp.cut_halo is not None:
        # The band shows the line on dark art, inside the piece only: outside, the art runs on past
        # the line as bleed, so a cut a little wide shows the piece's colour, never a pale edge
        # (a band outside the line would be left on the piece by exactly such a cut).
        halo = Paint(stroke=ctx.colour(comp.cut_halo, "cut_halo"), width=CUT.width + 0.6)
        inside = Path(cut_path, Paint(fill="#000000"))
        cut_nodes.append(Group((Path(cut_path, halo, "art"),), clip=inside))
    cut_nodes.append(Path(cut_path, CUT, "cut"))
    cut = Drawing(w, h, cut_nodes, bleed=b)
    info = {"fields": lattice.format_fields(fields), "size": len(fields),
            "shape": lattice.format_fields(lattice.canonical(fields)), "most_at_point": lattice.most_at_point(fields)}
    return Art(front, back, cut, info)


EXAMPLE = """\
[[components]]
id = "piece"
kind = "lattice-piece"
spacing = 14
fields = "0,0-1,0"
front = { fill = "ink", dots = "white" }
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("lattice-piece", LatticePieceModel, draw, sheet="pieces", layout="pack",  # type: ignore[arg-type]
              doc=__doc__ or "", variants=variants, example=EXAMPLE))  # type: ignore[arg-type]
