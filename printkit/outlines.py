"""Measuring one outline inside another: does a piece fit its place, and with how much room?

A piece and a place are each a circle or a convex polygon (a square, a hexagon, a rectangle, or
the convex hull of a drawn cut line: what lies on the table is what the hull covers). The
piece is centred on the place (the centre of its bounding box on the place's centre) and
turned the way that leaves it the most room, as a player turns a hex tile to meet a hex space.

:func:`room` is the exact distance from the piece's outline to the place's, on the side where
they come closest: positive when the piece lies inside with that much to spare on every side,
negative by how far it overhangs. For a convex place it is, over the place's edges, the least of
(the edge's distance from the centre - how far the piece reaches towards that edge, its support
function); for a round place, the radius less the piece's farthest point. A polygon that
overhangs a polygon is measured at its corner farthest outside.
So a square token on a round spot is measured by its diagonal, a hex tile on a hex space by its
edges, and an 80 mm hex tile on an 80 mm hex space has 0 mm to spare.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Point = tuple[float, float]
EXACT = 0.05
"""mm: a piece whose outline is the place's to within this covers the place exactly (a tile on its space)."""
_SWEEP = 360
"""Turns tried (a whole turn in this many steps) before the best is refined."""


@dataclass(frozen=True)
class Outline:
    """A circle (``radius``) or a convex polygon (``points``, counter-clockwise), centred on (0, 0)."""

    radius: float = 0.0
    points: tuple[Point, ...] = ()
    shape: str = "outline"
    """``circle``, ``square``, ``rectangle``, ``hexagon`` or ``outline`` (a drawn cut line's hull)."""

    @property
    def round(self) -> bool:
        return not self.points

    def support(self, ux: float, uy: float) -> float:
        """How far the outline reaches in the direction of the unit vector (ux, uy)."""
        if self.round:
            return self.radius
        return max(x * ux + y * uy for x, y in self.points)

    def reach(self) -> float:
        """The distance from the centre to the farthest point: the radius of the circle around it."""
        return self.radius if self.round else max(math.hypot(x, y) for x, y in self.points)

    def turned(self, degrees: float) -> Outline:
        if self.round or not degrees:
            return self
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        return Outline(points=tuple((x * c - y * s, x * s + y * c) for x, y in self.points), shape=self.shape)

    def edges(self) -> list[tuple[float, float, float]]:
        """Each edge as (outward unit normal x, y, distance of its line from the centre)."""
        out = []
        pts = self.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            dx, dy = x1 - x0, y1 - y0
            length = math.hypot(dx, dy)
            if length < 1e-12:
                continue
            nx, ny = dy / length, -dx / length  # outward for a counter-clockwise polygon
            out.append((nx, ny, nx * x0 + ny * y0))
        return out

    def width(self) -> float:
        """The width of the bounding box."""
        if self.round:
            return 2 * self.radius
        xs = [x for x, _ in self.points]
        return max(xs) - min(xs)

    def height(self) -> float:
        if self.round:
            return 2 * self.radius
        ys = [y for _, y in self.points]
        return max(ys) - min(ys)


def circle(diameter: float) -> Outline:
    return Outline(radius=diameter / 2, shape="circle")


def rectangle(width: float, height: float) -> Outline:
    w, h = width / 2, height / 2
    return Outline(points=((-w, -h), (w, -h), (w, h), (-w, h)),
                   shape="square" if abs(width - height) < 1e-9 else "rectangle")


def square(side: float) -> Outline:
    return rectangle(side, side)


def hexagon(across_corners: float, pointy: bool = False) -> Outline:
    """A regular hexagon ``across_corners`` wide from corner to corner: flat tops (a corner on the
    left and right), or with ``pointy`` a corner at the top."""
    r = across_corners / 2
    start = 90.0 if pointy else 0.0
    return Outline(points=tuple((r * math.cos(math.radians(start + 60 * k)), r * math.sin(math.radians(start + 60 * k)))
                                for k in range(6)), shape="hexagon")


def hull(points: Iterable[Point]) -> Outline:
    """The convex hull of ``points`` (a drawn outline), centred on its bounding box's centre."""
    pts = sorted(set(points))
    if len(pts) < 3:
        raise ValueError("an outline needs at least three points that are not on one line")

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-12:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-12:
            upper.pop()
        upper.append(p)
    ring = lower[:-1] + upper[:-1]
    if len(ring) < 3:
        raise ValueError("an outline needs at least three points that are not on one line")
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    centred = tuple((x - cx, y - cy) for x, y in ring)
    return Outline(points=centred, shape=_shape(centred))


def _shape(pts: tuple[Point, ...]) -> str:
    """``square``, ``rectangle`` or ``hexagon`` when the points make one (regular), else ``outline``."""
    sides = [math.dist(a, b) for a, b in zip(pts, pts[1:] + pts[:1], strict=True)]
    radii = [math.hypot(x, y) for x, y in pts]
    tol = 1e-6 * max(radii)
    if len(pts) == 6 and max(sides) - min(sides) < 1e3 * tol and max(radii) - min(radii) < 1e3 * tol:
        return "hexagon"
    if len(pts) == 4 and max(radii) - min(radii) < 1e3 * tol:  # a parallelogram with equal diagonals
        return "square" if max(sides) - min(sides) < 1e3 * tol else "rectangle"
    return "outline"


def _edge_room(p: Outline, place: Outline) -> float:
    if place.round:
        return place.radius - p.reach()
    return min(h - p.support(nx, ny) for nx, ny, h in place.edges())


def room_at(piece: Outline, place: Outline, degrees: float = 0.0) -> float:
    """Room on the tightest side of ``piece`` turned by ``degrees`` and centred on ``place``:
    the least distance between the outlines when the piece lies inside, else minus the distance
    from the place to the piece's point farthest outside it (how far it overhangs)."""
    p = piece.turned(degrees)
    spare = _edge_room(p, place)
    if spare >= 0 or p.round or place.round:
        return spare  # inside; or a circle's overhang, which is along a normal
    edges = list(zip(place.points, place.points[1:] + place.points[:1], strict=True))
    out = [n for n in (_outside(q, place, edges) for q in p.points) if n > 0]
    return -max(out) if out else spare


def _outside(q: Point, place: Outline, edges: list[tuple[Point, Point]]) -> float:
    """How far a point lies outside a convex polygon (0 inside)."""
    if all(nx * q[0] + ny * q[1] <= h + 1e-12 for nx, ny, h in place.edges()):
        return 0.0
    best = math.inf
    for (ax, ay), (bx, by) in edges:
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((q[0] - ax) * dx + (q[1] - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(q[0] - ax - t * dx, q[1] - ay - t * dy))
    return best


def room(piece: Outline, place: Outline) -> tuple[float, float]:
    """(room, turn in degrees): the most room the piece can have on its tightest side, centred on
    the place and turned the best way (the least turn among equals); see :func:`room_at`."""
    if piece.round or place.round:
        return room_at(piece, place), 0.0

    def at(degrees: float) -> float:
        return _edge_room(piece.turned(degrees), place)

    best, turn = at(0.0), 0.0
    for k in range(1, _SWEEP):
        r = at(360.0 * k / _SWEEP)
        if r > best + 1e-9:
            best, turn = r, 360.0 * k / _SWEEP
    # refine between the neighbouring steps (golden-section search on a unimodal stretch)
    lo, hi = turn - 360.0 / _SWEEP, turn + 360.0 / _SWEEP
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    ra, rb = at(a), at(b)
    for _ in range(40):
        if ra < rb:
            lo, a, ra = a, b, rb
            b = lo + g * (hi - lo)
            rb = at(b)
        else:
            hi, b, rb = b, a, ra
            a = hi - g * (hi - lo)
            ra = at(a)
    mid = (lo + hi) / 2
    if at(mid) > best + 1e-9:
        turn = mid % 360.0
    return room_at(piece, place, turn), turn


def exact(piece: Outline, place: Outline, spare: float) -> bool:
    """The piece covers the place exactly (the same shape and size, so 0 room): a tile on its space."""
    return abs(spare) <= EXACT and piece.shape == place.shape != "outline" and abs(piece.reach() - place.reach()) <= EXACT


def describe(o: Outline) -> str:
    """``a circle 30.0 mm across``, ``a square 20.0 mm wide``, ``a hexagon 80.0 mm across the corners``,
    ``63.0 x 88.0 mm``."""
    if o.shape == "circle":
        return f"a circle {2 * o.radius:.1f} mm across"
    if o.shape == "hexagon":
        return f"a hexagon {2 * o.reach():.1f} mm across the corners"
    if o.shape == "square":
        return f"a square {o.reach() * math.sqrt(2):.1f} mm wide"
    what = f"{o.width():.1f} x {o.height():.1f} mm"
    return what if o.shape == "rectangle" else f"an outline {what}"
