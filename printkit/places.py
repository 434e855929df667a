"""The places of a board: the spaces its layout draws, where pieces are played.

A board's face is a declared layout; some of its elements draw spaces the rules talk about:

* ``grid``: a ``cell`` per row and column (a square, or a circle of ``space_size``), or in
  ``points`` mode a ``point`` per crossing of its lines (a circle as wide as the lines are apart);
* ``hexgrid``: a ``cell`` per hex cell (a hexagon, flat or pointy as the map is);
* ``ring``: a ``spot`` per space (a circle);
* ``track``: a ``space`` per cell of the path (a square or a circle);
* ``flower``: a ``field`` per field of the lattice (``petal`` or ``triangle`` too) and a
  ``point`` per connecting point.

:func:`board_places` reads them with the very numbers the drawing uses (the element's values
resolved for the board's variant), so the proof measures what prints. It is the one reader
of board places: ``[[expect]]`` counts them by kind (``places = ["cell"]``), the
``board-places`` check by element type, and the ``fits`` and ``folds`` checks measure them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from printkit import lattice, outlines
from printkit.drawing import Matrix, apply, arc_point, mat_mul, rotate
from printkit.faces import ELEMENTS, element_matrix, has_transform, resolve_layout, untransformed
from printkit.game import DrawContext, Game, Variant
from printkit.model import ComponentBase
from printkit.outlines import Outline

PLACE_KINDS = ("cell", "spot", "space", "field", "petal", "triangle", "point")
PLACE_ELEMENTS = ("flower", "grid", "hexgrid", "ring", "track")
"""The layout element types that draw places."""


@dataclass(frozen=True)
class Place:
    """One place on a board: its kind, the element that draws it, its shape and size (mm)."""

    kind: str
    """``cell``, ``spot``, ``space``, ``field`` or ``point``."""
    type: str
    """The type of the element that draws it (``grid``, ``hexgrid``, ``ring``, ``track``, ``flower``)."""
    element: str
    """The element's ``id``, or its path in the layout (``layouts.board.elements[2]``)."""
    index: int
    shape: str
    """``circle`` (``size`` is the diameter), ``square`` (``size`` is the side), ``hexagon`` (``size`` is
    the width across the corners; ``sub`` is ``flat`` or ``pointy``), ``field`` or ``point``."""
    cx: float
    cy: float
    size: float
    spacing: float = 0.0
    """For lattice places: the lattice spacing (radius of its circles)."""
    sub: str = ""
    """For fields: ``petal`` or ``triangle``; for hexagons: ``flat`` or ``pointy``."""
    field: tuple[Any, ...] = ()
    """For fields: the lattice field, its origin and the element's rotation (for :meth:`bounds`)."""
    names: tuple[str, ...] = ()
    """What else the place answers to in a diagram's `at`: its cell's coordinates ("2,3"), its printed
    label ("e4", "0101") or its number on a track ("25")."""

    @property
    def name(self) -> str:
        return f"{self.element} {self.kind} {self.index + 1}"

    def bounds(self) -> tuple[float, float, float, float]:
        if self.field:
            outline = _field_outline(*self.field)
            xs, ys = [p[0] for p in outline], [p[1] for p in outline]
            return (min(xs), min(ys), max(xs), max(ys))
        o = self.outline()
        xs, ys = [x for x, _ in o.points] or [-o.radius, o.radius], [y for _, y in o.points] or [-o.radius, o.radius]
        return (self.cx + min(xs), self.cy + min(ys), self.cx + max(xs), self.cy + max(ys))

    def outline(self) -> Outline:
        """The place's outline, centred on (0, 0), as :mod:`printkit.outlines` measures it."""
        if self.shape == "hexagon":
            return outlines.hexagon(self.size, pointy=self.sub == "pointy")
        if self.shape == "square":
            return outlines.square(self.size)
        return outlines.circle(self.size)

    def describe(self) -> str:
        if self.shape == "hexagon":
            return outlines.describe(self.outline())
        if self.shape == "circle":
            return f"a circle {self.size:.1f} mm across"
        if self.shape == "square":
            return f"a square {self.size:.1f} mm wide"
        if self.shape == "field":
            return f"a lattice {self.sub} of spacing {self.spacing:.1f} mm"
        return "a point"

    def matches(self, names: list[str]) -> bool:
        return self.kind in names or (self.shape == "field" and self.sub in names) or self.element in names


def _field_outline(f: lattice.Field, s: float, origin: tuple[float, float], m: Any) -> tuple[tuple[float, float], ...]:
    pts: list[tuple[float, float]] = []
    for centre, a, z in lattice.arcs(f):
        cx, cy = lattice.xy(centre, s)
        ax, ay = lattice.xy(a, s)
        zx, zy = lattice.xy(z, s)
        a0, a1 = math.atan2(ay - cy, ax - cx), math.atan2(zy - cy, zx - cx)
        d = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        for k in range(9):
            t = a0 + d * k / 8
            pts.append(apply(m, cx + s * math.cos(t) + origin[0], cy + s * math.sin(t) + origin[1]))
    return tuple(pts)


def board_places(game: Game, comp: ComponentBase, variant: Variant | None = None) -> list[Place]:
    """Every place drawn on ``comp``'s face (empty when it has no ``face`` layout)."""
    face = getattr(comp, "face", None)
    if not isinstance(face, str):
        return []
    variant = variant or game.variants[comp.id][0]
    key = ("places", comp.id, variant.key)
    if key not in game.cache:
        game.cache[key] = _places(game, comp, face, variant)
    return game.cache[key]  # type: ignore[return-value]


def _places(game: Game, comp: ComponentBase, face: str, variant: Variant) -> list[Place]:
    w = float(getattr(comp, "width", 0.0) or getattr(comp, "dimensions", (0.0, 0.0))[0])
    h = float(getattr(comp, "height", 0.0) or getattr(comp, "dimensions", (0.0, 0.0))[1])
    out: list[Place] = []
    for path, el in resolve_layout(game, face)[1]:
        kind = getattr(el, "type", None)
        if kind not in PLACE_ELEMENTS:
            continue
        ctx = DrawContext(game, variant, path, {"component": {"id": comp.id, "name": comp.label}})
        if not ctx.truthy(el.when, "when"):
            continue
        name = el.id or path
        first = len(out)
        if not has_transform(el):
            _element_places(out, el, kind, name, ctx, w, h)
            continue
        # Turned, mirrored, scaled or moved as it prints (faces._draw): the same element and matrix.
        drawn, turn = untransformed(el)
        _element_places(out, drawn, kind, name, ctx, w, h)
        m = element_matrix(el, ctx, ELEMENTS[kind](drawn, ctx, w, h, 0.0), w, h, turn)
        out[first:] = [_moved(p, m) for p in out[first:]]
    return out


def _moved(p: Place, m: Matrix) -> Place:
    """A place carried by an element's transform: its centre mapped, its size scaled."""
    cx, cy = apply(m, p.cx, p.cy)
    k = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    field = (p.field[0], p.field[1], p.field[2], mat_mul(m, p.field[3])) if p.field else ()
    return replace(p, cx=cx, cy=cy, size=p.size * k, spacing=p.spacing * k, field=field)


def _grid_names(el: Any) -> Any:
    """A grid cell's names: "col,row" from 0 at the top left, and its column and row labels ("e4")."""
    from printkit.elements.grid import column_labels, row_labels

    try:
        cols, rows = column_labels(el), row_labels(el)
    except ValueError:  # reported where the grid is drawn
        cols, rows = [], []

    def names(c: int, r: int) -> tuple[str, ...]:
        return (f"{c},{r}", f"{cols[c]}{rows[r]}") if cols and rows else (f"{c},{r}",)
    return names


def find_place(places: list[Place], at: str) -> Place | None:
    """The place ``at`` names: a place's full name ("go point 41"), a kind and a number ("cell 5", the
    fifth cell), or a name it answers to ("e4", "0101", "2,3", a track's "25"), optionally after an
    element id and a colon ("score:25")."""
    text = " ".join(at.split())
    element, _, rest = text.rpartition(":")
    pool = [p for p in places if not element or p.element == element]
    text = rest if element else text
    for p in pool:
        if p.name == text:
            return p
    kind, _, number = text.rpartition(" ")
    if number.isdigit() and kind:
        of_kind = [p for p in pool if p.kind == kind or p.sub == kind or p.element == kind]
        if 1 <= int(number) <= len(of_kind):
            return of_kind[int(number) - 1]
    return next((p for p in pool if text in p.names), None)


def _element_places(out: list[Place], el: Any, kind: str, name: str, ctx: DrawContext, w: float, h: float) -> None:
    if kind == "grid":
        x0, y0, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
        names = _grid_names(el)
        if el.mode == "points":  # stones on the crossings of the lines, a line spacing apart
            for r in range(el.rows):
                for c in range(el.cols):
                    out.append(Place("point", kind, name, r * el.cols + c, "circle", x0 + c * cell, y0 + r * cell, cell,
                                     names=names(c, r)))
            return
        circle = el.space == "circle"
        size = (ctx.length(el.space_size, "space_size") if el.space_size is not None else cell * 0.84) if circle else cell
        for r in range(el.rows):
            for c in range(el.cols):
                out.append(Place("cell", kind, name, r * el.cols + c, "circle" if circle else "square",
                                 x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell, size, names=names(c, r)))
    elif kind == "hexgrid":
        from printkit.elements.hexgrid import cell_names, centre, label, placed

        cells, size, dx, dy = placed(el, ctx, w, h)
        printed = cell_names(el, ctx, cells)
        for i, (q, r) in enumerate(cells):
            x, y = centre(q, r, size, el.orientation)
            out.append(Place("cell", kind, name, i, "hexagon", x + dx, y + dy, 2 * size, sub=el.orientation,
                             names=(label(q, r, el.coords, el.orientation, el.offset == "odd"), printed[i])))
    elif kind == "ring":
        cx, cy, rr = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h), ctx.length(el.r, "r")
        d, start = ctx.length(el.space, "space"), ctx.number(el.start, "start")
        for i in range(el.count):
            x, y = arc_point(cx, cy, rr, start + i * 360.0 / el.count)
            out.append(Place("spot", kind, name, i, "circle", x, y, d))
    elif kind == "track":
        from printkit.elements.track import space_size, track_spaces

        shape = "circle" if el.shape == "circle" else "square"
        for i, sp in enumerate(track_spaces(el, ctx, w, h)):
            out.append(Place("space", kind, name, i, shape, sp.cx, sp.cy, space_size(el, ctx, sp),
                             names=(str(el.first + i * el.step),)))
    else:
        cx, cy, s = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h), ctx.length(el.spacing, "spacing")
        m = rotate(ctx.number(el.rotate, "rotate"), cx, cy)
        points = lattice.disk_points(el.rings)
        for i, f in enumerate(lattice.region(points)):
            fx = sum(lattice.xy(p, s)[0] for p in f) / len(f) + cx
            fy = sum(lattice.xy(p, s)[1] for p in f) / len(f) + cy
            px, py = apply(m, fx, fy)
            out.append(Place("field", kind, name, i, "field", px, py, s, s,
                             "petal" if lattice.is_petal(f) else "triangle", (f, s, (cx, cy), m)))
        for i, p in enumerate(points):
            px, py = apply(m, lattice.xy(p, s)[0] + cx, lattice.xy(p, s)[1] + cy)
            out.append(Place("point", kind, name, i, "point", px, py, 0.0, s))
