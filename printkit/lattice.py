"""The flower lattice: the fields of overlapping equal circles centred on a triangular lattice.

Circles of radius *s* sit on every point of a triangular lattice whose spacing is also *s*
(the "flower of life" pattern). Each circle passes through its six neighbours, so every
crossing of two circles is itself a lattice point. The circles cut the plane into two
kinds of field:

* a **petal** (biangular field, a lens) on every lattice edge: tips at the edge's two
  points, bounded by two 60° arcs of the circles centred on the two points that form a
  triangle with the edge;
* a **triangle** (triangular field, a curved triangle with three concave sides) in every
  lattice triangle: corners at its three points, each side a 60° arc bulging inwards.

Around every lattice point twelve fields meet, alternating petal and triangle. Each arc
separates exactly one petal from one triangle, so a petal touches the two triangles on
its sides and a triangle touches its three petals; pieces made of fields are connected
through those shared arcs.

Points are axial coordinates ``(a, b)`` at ``(a + b/2, b·√3/2)`` times the spacing (y down
on the page). A field is the sorted tuple of its tips: two points for a petal, three for a
triangle. In data a field is written as its tips joined by ``-`` and fields are separated by
spaces: ``"0,0-1,0 0,0-1,0-0,1"`` is a petal and the triangle beside it.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from printkit.drawing import Segment, arc_segments

Point = tuple[int, int]
Field = tuple[Point, ...]
Arc = tuple[Point, Point, Point]
"""An arc: (centre, start, end); the 60° arc of the circle around ``centre`` between two of its points."""

SQRT3 = math.sqrt(3.0)
NEIGHBOURS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""The six neighbours of a point, in order of increasing angle on the page (0°, 60°, ... 300°)."""


# --- points and fields ------------------------------------------------------------


def xy(p: Point, spacing: float = 1.0) -> tuple[float, float]:
    """Page position of a lattice point (mm when ``spacing`` is in mm)."""
    return (spacing * (p[0] + p[1] / 2.0), spacing * (p[1] * SQRT3 / 2.0))


def add(p: Point, q: Point) -> Point:
    return (p[0] + q[0], p[1] + q[1])


def neighbours(p: Point) -> list[Point]:
    """The six neighbours of ``p`` in angular order."""
    return [add(p, d) for d in NEIGHBOURS]


def adjacent(p: Point, q: Point) -> bool:
    return (q[0] - p[0], q[1] - p[1]) in NEIGHBOURS


def field(*points: Point) -> Field:
    """The field with these tips (2: a petal, 3: a triangle); raises ValueError if there is none."""
    tips = tuple(sorted(set(points)))
    if len(tips) != len(points) or len(tips) not in (2, 3):
        raise ValueError("fields of 2 distinct tips (petal) or 3 (triangle)")
    if not all(adjacent(p, q) for i, p in enumerate(tips) for q in tips[i + 1:]):
        raise ValueError("fields whose tips are neighbouring lattice points")
    return tips


def is_petal(f: Field) -> bool:
    return len(f) == 2


def fields_at(p: Point) -> list[Field]:
    """The twelve fields around ``p`` in ring order: petal, triangle, petal, ... (by angle)."""
    return list(_ring(p))


@functools.lru_cache(maxsize=8192)
def _ring(p: Point) -> tuple[Field, ...]:
    """:func:`fields_at`, worked out once per point (outlines ask for the same points again and again)."""
    ns = neighbours(p)
    ring: list[Field] = []
    for i in range(6):
        ring.append(field(p, ns[i]))
        ring.append(field(p, ns[i], ns[(i + 1) % 6]))
    return tuple(ring)


def _common(p: Point, q: Point) -> list[Point]:
    """The two points that form a lattice triangle with the edge p-q."""
    return [n for n in neighbours(p) if adjacent(n, q)]


def arc(centre: Point, p: Point, q: Point) -> Arc:
    a, b = sorted((p, q))
    return (centre, a, b)


def arcs(f: Field) -> list[Arc]:
    """The boundary arcs of a field (2 for a petal, 3 for a triangle), in a fixed order."""
    if is_petal(f):
        p, q = f
        return [arc(c, p, q) for c in _common(p, q)]
    a, b, c = f
    # The side opposite each corner bulges inwards: it belongs to the circle around the
    # corner reflected across that side.
    return [arc((p[0] + q[0] - o[0], p[1] + q[1] - o[1]), p, q) for o, p, q in ((a, b, c), (b, a, c), (c, a, b))]


def fields_of_arc(a: Arc) -> tuple[Field, Field]:
    """The petal and the triangle an arc separates."""
    centre, p, q = a
    far = (p[0] + q[0] - centre[0], p[1] + q[1] - centre[1])
    return field(p, q), field(p, q, far)


def touching(f: Field) -> list[Field]:
    """Fields sharing an arc with ``f``: the 2 triangles beside a petal, the 3 petals of a triangle."""
    if is_petal(f):
        p, q = f
        return [field(p, q, c) for c in _common(p, q)]
    a, b, c = f
    return [field(a, b), field(a, c), field(b, c)]


def connected(fields: Iterable[Field]) -> bool:
    """True when every field can be reached from every other through shared arcs."""
    todo_set = set(fields)
    if not todo_set:
        return False
    start = min(todo_set)
    seen, todo = {start}, [start]
    while todo:
        for n in touching(todo.pop()):
            if n in todo_set and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == todo_set


# --- notation -----------------------------------------------------------------------

_TIP = r"(-?\d+),(-?\d+)"
_FIELD = re.compile(rf"^{_TIP}-{_TIP}(?:-{_TIP})?$")


def parse_fields(text: str) -> frozenset[Field]:
    """``"0,0-1,0 0,0-1,0-0,1"`` -> a petal and a triangle; ValueError names the bad part."""
    out: list[Field] = []
    for part in text.split():
        m = _FIELD.match(part)
        if not m:
            raise ValueError(f'fields as tips "a,b-a,b" or "a,b-a,b-a,b" separated by spaces (bad field "{part}")')
        g = [int(v) for v in m.groups() if v is not None]
        points = [(g[i], g[i + 1]) for i in range(0, len(g), 2)]
        try:
            out.append(field(*points))
        except ValueError as exc:
            raise ValueError(f'{exc} (bad field "{part}")') from None
    if not out:
        raise ValueError('at least one field, as "a,b-a,b ..."')
    if len(set(out)) != len(out):
        raise ValueError("each field once")
    return frozenset(out)


def format_fields(fields: Iterable[Field]) -> str:
    return " ".join("-".join(f"{a},{b}" for a, b in f) for f in sorted(fields, key=lambda f: (len(f), f)))


# --- symmetry and free shapes --------------------------------------------------------


def _rot60(p: Point) -> Point:
    return (-p[1], p[0] + p[1])


def _mirror(p: Point) -> Point:
    return (p[1], p[0])


def symmetries() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The 12 rotations and reflections of the lattice about (0, 0), as integer 2x2 matrices
    (rows) acting on axial coordinates."""
    out = []
    for mirror in (False, True):
        for k in range(6):
            cols = []
            for unit in ((1, 0), (0, 1)):
                p = _mirror(unit) if mirror else unit
                for _ in range(k):
                    p = _rot60(p)
                cols.append(p)
            out.append(((cols[0][0], cols[1][0]), (cols[0][1], cols[1][1])))
    return out


_SYMMETRIES = symmetries()


def transform(fields: Iterable[Field], m: tuple[tuple[int, int], tuple[int, int]], shift: Point = (0, 0)) -> list[Field]:
    """The image of ``fields`` under the lattice map ``m``, then moved by ``shift``."""
    (a, b), (c, d) = m
    return [tuple(sorted((a * x + b * y + shift[0], c * x + d * y + shift[1]) for x, y in f)) for f in fields]


def normalise(fields: Iterable[Field]) -> tuple[Field, ...]:
    """Moved so the smallest tip (lexicographic) is (0, 0); sorted."""
    fs = list(fields)
    lo = min(p for f in fs for p in f)
    return tuple(sorted(tuple((x - lo[0], y - lo[1]) for x, y in f) for f in fs))


def canonical(fields: Iterable[Field]) -> tuple[Field, ...]:
    """One representative of the free shape: the smallest normalised image of its 12 symmetries."""
    fs = list(fields)
    return min(normalise(transform(fs, m)) for m in _SYMMETRIES)


def canonical_rotation(fields: Iterable[Field]) -> tuple[Field, ...]:
    """Like :func:`canonical` under rotations only: a shape and its mirror image differ."""
    fs = list(fields)
    return min(normalise(transform(fs, m)) for m in _SYMMETRIES[:6])


def most_at_point(fields: Iterable[Field]) -> int:
    """The most fields of the set that meet at one lattice point (the dots a piece puts around it)."""
    counts = Counter(p for f in fields for p in f)
    return max(counts.values(), default=0)


def free_shapes(n: int, mirrors: bool = False, max_per_point: int | None = None) -> list[tuple[Field, ...]]:
    """Every distinct shape of ``n`` connected fields up to rotation and reflection, in a fixed order
    (fewer triangles first, then by canonical form). With ``mirrors``, a shape and its mirror image
    are both listed when they differ (one-sided shapes: up to rotation only). With ``max_per_point``,
    only shapes with at most that many fields around any one point (:func:`most_at_point`)."""
    if n < 1:
        raise ValueError("a shape has at least one field")
    return sorted(_grown(n, mirrors, max_per_point), key=lambda s: (sum(1 for f in s if not is_petal(f)), s))


@functools.lru_cache(maxsize=64)
def _grown(n: int, mirrors: bool, max_per_point: int | None) -> frozenset[tuple[Field, ...]]:
    """The shapes of ``n`` fields, each grown by a field from those of ``n - 1``: a game asking for
    several sizes (``free_shapes = [4, 5, 6]``) grows the smaller ones once."""
    key = canonical_rotation if mirrors else canonical
    if n == 1:
        return frozenset({key([field((0, 0), (1, 0))]), key([field((0, 0), (1, 0), (0, 1))])})
    grown = set()
    for shape in _grown(n - 1, mirrors, max_per_point):
        members = set(shape)
        for f in shape:
            for g in touching(f):
                if g not in members:
                    bigger = [*shape, g]
                    # Adding a field never lowers a count: a shape over the limit has no
                    # descendant under it, and every shape under it grows from one under it.
                    if max_per_point is None or most_at_point(bigger) <= max_per_point:
                        grown.add(key(bigger))
    return frozenset(grown)


# --- outlines ----------------------------------------------------------------------


def boundary(fields: Iterable[Field]) -> list[Arc]:
    """Arcs of the union's outline: every field arc not shared by two fields of the set."""
    counts = Counter(a for f in fields for a in arcs(f))
    return sorted(a for a, k in counts.items() if k == 1)


@functools.lru_cache(maxsize=8192)
def _ring_arcs(p: Point) -> tuple[Arc, ...]:
    """The 12 arcs ending at ``p``; arc j lies between ring fields j and j+1 of :func:`fields_at`."""
    ns = neighbours(p)
    out = []
    for i in range(6):
        out.append(arc(ns[(i - 1) % 6], p, ns[i]))
        out.append(arc(ns[(i + 2) % 6], p, ns[(i + 1) % 6]))
    return tuple(out)


def _partners(fields: frozenset[Field], p: Point) -> dict[Arc, Arc]:
    """At point ``p``: each outline arc paired with the arc bounding the same run of fields."""
    ring = _ring(p)
    ring_arcs = _ring_arcs(p)
    inside = [f in fields for f in ring]
    out: dict[Arc, Arc] = {}
    for j in range(12):
        if not inside[j] and inside[(j + 1) % 12]:  # a run of fields starts at j+1
            k = (j + 1) % 12
            while inside[(k + 1) % 12]:
                k = (k + 1) % 12
            out[ring_arcs[j]] = ring_arcs[k]
            out[ring_arcs[k]] = ring_arcs[j]
    return out


def outline(fields: Iterable[Field]) -> list[list[tuple[Point, Point, Point]]]:
    """The union's outline as closed loops of directed arcs ``(centre, from, to)``.

    Shared arcs cancel; the remaining arcs are chained so that where the shape pinches at a
    point, each loop follows the run of fields it bounds (loops never cross). Every loop,
    a hole's too, runs the same way round (positive area on the page), so fill the loops with
    the even-odd rule (as both backends do); the order of loops and arcs is fixed.
    """
    members = frozenset(fields)
    rest = set(boundary(members))
    partners: dict[Point, dict[Arc, Arc]] = {}
    loops = []
    while rest:
        first = min(rest)
        loop = []
        cur, at = first, first[2]
        while True:
            rest.discard(cur)
            start = cur[1] if at == cur[2] else cur[2]
            loop.append((cur[0], start, at))
            if at not in partners:
                partners[at] = _partners(members, at)
            nxt = partners[at][cur]
            if nxt == first:
                break
            cur, at = nxt, (nxt[2] if nxt[1] == at else nxt[1])
        if _signed_area(loop) < 0:
            loop = [(c, b, a) for c, a, b in reversed(loop)]
        loops.append(loop)
    return loops


def arc_path(centre: Point, start: Point, end: Point, spacing: float,
             origin: tuple[float, float] = (0.0, 0.0)) -> list[Segment]:
    """Cubic Bézier segments of one directed arc, scaled by ``spacing`` and moved by ``origin``."""
    cx, cy = xy(centre, spacing)
    sx, sy = xy(start, spacing)
    ex, ey = xy(end, spacing)
    a0 = math.degrees(math.atan2(sy - cy, sx - cx))
    a1 = math.degrees(math.atan2(ey - cy, ex - cx))
    extent = (a1 - a0 + 180.0) % 360.0 - 180.0
    return arc_segments(cx + origin[0], cy + origin[1], spacing, a0, extent)


def loops_path(loops: Sequence[Sequence[tuple[Point, Point, Point]]], spacing: float,
               origin: tuple[float, float] = (0.0, 0.0)) -> list[Segment]:
    """Path segments (M/C/Z) for outline loops, in page mm."""
    segs: list[Segment] = []
    for loop in loops:
        x, y = xy(loop[0][1], spacing)
        segs.append(("M", x + origin[0], y + origin[1]))
        for centre, a, b in loop:
            segs += arc_path(centre, a, b, spacing, origin)
        segs.append(("Z",))
    return segs


def corner_petals(fields: Iterable[Field], p: Point, incoming: Arc) -> int:
    """At an outline corner ``p`` reached along the arc ``incoming``: how many petals the run of the set's
    fields there holds. The corner's inside angle is 60° per petal (a triangle's corner is a cusp of 0°),
    so 0 or 1 petals make a sharp tip."""
    members = frozenset(fields)
    ring = _ring(p)
    ring_arcs = _ring_arcs(p)
    inside = [f in members for f in ring]
    want = arc(*incoming)
    for j in range(12):
        if not inside[j] and inside[(j + 1) % 12]:
            k = (j + 1) % 12
            run = [ring[k]]
            while inside[(k + 1) % 12]:
                k = (k + 1) % 12
                run.append(ring[k])
            if want in (ring_arcs[j], ring_arcs[k]):
                return sum(1 for f in run if is_petal(f))
    raise ValueError(f"no run of fields at {p} is bounded by that arc")


def tip_cuts(fields: Iterable[Field], loops: Sequence[Sequence[tuple[Point, Point, Point]]], spacing: float,
             tip: float) -> list[list[float]]:
    """How far (a chord in mm) each loop corner is cut back from its point so that no tip is narrower than
    ``tip`` mm: for each loop, one value per corner (the corner at the end of arc i), 0 where the corner is
    not sharp (an inside angle of 90° or more) or ``tip`` is 0. The cut is a straight line across the tip
    between the two outline arcs, as long as ``tip``; it never takes more than 0.45 spacing off an arc end."""
    members = frozenset(fields)
    out: list[list[float]] = []
    for loop in loops:
        cuts = []
        for i, (c_in, _, at) in enumerate(loop):
            c_out, _, far = loop[(i + 1) % len(loop)]
            if tip <= 0 or 60 * corner_petals(members, at, loop[i]) >= 90:
                cuts.append(0.0)
                continue
            # The chord depends only on the corner's shape: the same few shapes recur, turned and moved.
            o = xy(at)
            rel = tuple(round(v, 9) for q in (c_in, loop[i][1], c_out, far) for v in _minus(xy(q), o))
            cuts.append(_tip_chord_at(rel, round(tip / spacing, 12)) * spacing)
        out.append(cuts)
    return out


def _minus(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return (a[0] - b[0], a[1] - b[1])


@functools.lru_cache(maxsize=1024)
def _tip_chord_at(rel: tuple[float, ...], width: float) -> float:
    """:func:`_tip_chord` for a corner at the origin, the other points given relative to it."""
    c_in, start, c_out, end = (rel[0], rel[1]), (rel[2], rel[3]), (rel[4], rel[5]), (rel[6], rel[7])
    return _tip_chord(c_in, start, (0.0, 0.0), c_out, end, width)


def _point_along(centre: tuple[float, float], p: tuple[float, float], toward: tuple[float, float],
                 d: float) -> tuple[float, float]:
    """The point of the unit circle around ``centre`` at chord distance ``d`` from ``p``, toward ``toward``."""
    a = math.atan2(p[1] - centre[1], p[0] - centre[0])
    b = math.atan2(toward[1] - centre[1], toward[0] - centre[0])
    sign = 1.0 if (b - a + math.pi) % (2 * math.pi) - math.pi > 0 else -1.0
    phi = 2 * math.asin(min(1.0, d / 2))
    return (centre[0] + math.cos(a + sign * phi), centre[1] + math.sin(a + sign * phi))


def _tip_chord(c_in: tuple[float, float], start: tuple[float, float], at: tuple[float, float],
               c_out: tuple[float, float], end: tuple[float, float], width: float) -> float:
    """Chord distance d (unit spacing) from the corner ``at`` to where both arcs are cut, so the cut is ``width`` long."""
    def across(d: float) -> float:
        return math.dist(_point_along(c_in, at, start, d), _point_along(c_out, at, end, d))

    lo, hi = 0.0, 0.45
    if across(hi) <= width:
        return hi
    for _ in range(50):
        mid = (lo + hi) / 2
        if across(mid) < width:
            lo = mid
        else:
            hi = mid
    return hi


def _trimmed(loops: Sequence[Sequence[tuple[Point, Point, Point]]], cuts: Sequence[Sequence[float]],
             spacing: float, origin: tuple[float, float]) -> list[list[tuple[float, float, float, float]]]:
    """Each loop's arcs as (centre x, centre y, start angle, extent) in mm and degrees, cut back at the
    corners by the chords of :func:`tip_cuts`."""
    out = []
    for loop, loop_cuts in zip(loops, cuts, strict=True):
        n = len(loop)
        arcs_mm = []
        for i, (centre, a, b) in enumerate(loop):
            a0, ext = _arc_angles(centre, a, b)
            sign = 1.0 if ext > 0 else -1.0
            trim_start = 2 * math.degrees(math.asin(loop_cuts[(i - 1) % n] / spacing / 2))
            trim_end = 2 * math.degrees(math.asin(loop_cuts[i] / spacing / 2))
            cx, cy = xy(centre, spacing)
            arcs_mm.append((cx + origin[0], cy + origin[1], a0 + sign * trim_start, ext - sign * (trim_start + trim_end)))
        out.append(arcs_mm)
    return out


def _on(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    return (cx + r * math.cos(math.radians(angle)), cy + r * math.sin(math.radians(angle)))


def cut_loops_path(loops: Sequence[Sequence[tuple[Point, Point, Point]]], cuts: Sequence[Sequence[float]],
                   spacing: float, origin: tuple[float, float] = (0.0, 0.0)) -> list[Segment]:
    """Like :func:`loops_path`, with each corner cut back by its chord from :func:`tip_cuts`: the arcs end
    short of the corner and a straight line joins them across the tip."""
    segs: list[Segment] = []
    for arcs_mm, loop_cuts in zip(_trimmed(loops, cuts, spacing, origin), cuts, strict=True):
        for i, (cx, cy, start, extent) in enumerate(arcs_mm):
            sx, sy = _on(cx, cy, spacing, start)
            if i == 0:
                segs.append(("M", sx, sy))
            elif loop_cuts[i - 1] > 0:  # a straight cut across the tip from the previous arc
                segs.append(("L", sx, sy))
            segs += arc_segments(cx, cy, spacing, start, extent)
        segs.append(("Z",))
    return segs


def grown_cut_parts(loops: Sequence[Sequence[tuple[Point, Point, Point]]], cuts: Sequence[Sequence[float]],
                    spacing: float, grow: float, origin: tuple[float, float] = (0.0, 0.0)
                    ) -> tuple[list[list[Segment]], list[tuple[float, float]]]:
    """Like :func:`grown_parts` for the outline cut back at its tips: an annular sector along every
    (shortened) arc, a band along every straight cut and a disk (returned centres) at every corner."""
    if not 0 < grow < spacing:
        raise ValueError("a bleed greater than 0 and smaller than the spacing")
    parts: list[list[Segment]] = []
    corners: list[tuple[float, float]] = []
    for arcs_mm in _trimmed(loops, cuts, spacing, origin):
        n = len(arcs_mm)
        for i, (cx, cy, start, extent) in enumerate(arcs_mm):
            outer, inner = spacing + grow, spacing - grow
            segs: list[Segment] = [("M", *_on(cx, cy, outer, start))]
            segs += arc_segments(cx, cy, outer, start, extent)
            segs.append(("L", *_on(cx, cy, inner, start + extent)))
            segs += arc_segments(cx, cy, inner, start + extent, -extent)
            segs.append(("Z",))
            parts.append(segs)
            end = _on(cx, cy, spacing, start + extent)
            nx_, ny_, nstart, _ = arcs_mm[(i + 1) % n]
            nxt = _on(nx_, ny_, spacing, nstart)
            corners.append(end)
            length = math.dist(end, nxt)
            if length > 1e-9:
                corners.append(nxt)
                ux, uy = (nxt[1] - end[1]) / length * grow, (end[0] - nxt[0]) / length * grow
                parts.append([("M", end[0] + ux, end[1] + uy), ("L", nxt[0] + ux, nxt[1] + uy),
                              ("L", nxt[0] - ux, nxt[1] - uy), ("L", end[0] - ux, end[1] - uy), ("Z",)])
    return parts, sorted(set(corners))


def _arc_angles(centre: Point, start: Point, end: Point) -> tuple[float, float]:
    """Start angle and signed extent (degrees, clockwise on the page) of a directed arc."""
    cx, cy = xy(centre)
    sx, sy = xy(start)
    ex, ey = xy(end)
    a0 = math.degrees(math.atan2(sy - cy, sx - cx))
    a1 = math.degrees(math.atan2(ey - cy, ex - cx))
    return a0, (a1 - a0 + 180.0) % 360.0 - 180.0


def grown_parts(fields: Iterable[Field], spacing: float, grow: float,
                origin: tuple[float, float] = (0.0, 0.0)) -> tuple[list[list[Segment]], list[tuple[float, float]]]:
    """What covers the band of width ``grow`` around the union's outline (its bleed): an annular
    sector along every outline arc and a disk of radius ``grow`` at every outline corner (the
    returned centres). With the fields themselves they make exactly the union grown by ``grow``
    (a Minkowski sum with a disk), each part a simple shape, so no fill rule can open holes."""
    if not 0 < grow < spacing:
        raise ValueError("a bleed greater than 0 and smaller than the spacing")
    sectors: list[list[Segment]] = []
    corners: set[Point] = set()
    for centre, a, b in boundary(fields):
        corners.update((a, b))
        a0, ext = _arc_angles(centre, a, b)
        cx, cy = xy(centre, spacing)
        cx, cy = cx + origin[0], cy + origin[1]
        outer, inner = spacing + grow, spacing - grow
        segs: list[Segment] = [("M", cx + outer * math.cos(math.radians(a0)), cy + outer * math.sin(math.radians(a0)))]
        segs += arc_segments(cx, cy, outer, a0, ext)
        segs.append(("L", cx + inner * math.cos(math.radians(a0 + ext)), cy + inner * math.sin(math.radians(a0 + ext))))
        segs += arc_segments(cx, cy, inner, a0 + ext, -ext)
        segs.append(("Z",))
        sectors.append(segs)
    centres = [(xy(p, spacing)[0] + origin[0], xy(p, spacing)[1] + origin[1]) for p in sorted(corners)]
    return sectors, centres


def _arc_samples(centre: Point, start: Point, end: Point, n: int = 8) -> list[tuple[float, float]]:
    cx, cy = xy(centre)
    sx, sy = xy(start)
    ex, ey = xy(end)
    a0 = math.atan2(sy - cy, sx - cx)
    ext = (math.atan2(ey - cy, ex - cx) - a0 + math.pi) % (2 * math.pi) - math.pi
    return [(cx + math.cos(a0 + ext * i / n), cy + math.sin(a0 + ext * i / n)) for i in range(n + 1)]


def _signed_area(loop: Sequence[tuple[Point, Point, Point]]) -> float:
    pts = [pt for c, a, b in loop for pt in _arc_samples(c, a, b)[:-1]]
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))


def arc_bounds(centre: Point, start: Point, end: Point, spacing: float) -> tuple[float, float, float, float]:
    """Exact bounding box (x0, y0, x1, y1) of one arc in mm: its ends and any axis extreme it passes."""
    cx, cy = xy(centre, spacing)
    pts = [xy(start, spacing), xy(end, spacing)]
    a0 = math.degrees(math.atan2(pts[0][1] - cy, pts[0][0] - cx))
    a1 = math.degrees(math.atan2(pts[1][1] - cy, pts[1][0] - cx))
    ext = (a1 - a0 + 180.0) % 360.0 - 180.0
    lo, hi = min(a0, a0 + ext), max(a0, a0 + ext)
    for k in range(-4, 5):
        if lo < 90 * k < hi:
            pts.append((cx + spacing * math.cos(math.radians(90 * k)), cy + spacing * math.sin(math.radians(90 * k))))
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def bounds(fields: Iterable[Field], spacing: float) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) in mm of the union of ``fields``."""
    boxes = [arc_bounds(c, a, b, spacing) for c, a, b in boundary(fields)]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


# --- peaks (the dots) -------------------------------------------------------------------

PETAL_DOT = 0.22
"""Distance of a petal's dot from its tip, as a fraction of the spacing (the petal is widest at 0.5)."""
TRIANGLE_DOT = 0.40
"""Distance of a triangle's dot from its corner, along the bisector, as a fraction of the spacing."""


def peaks(fields: Iterable[Field]) -> list[tuple[Point, Field]]:
    """Every (point, field) where a field of the set has a tip: one dot each, so the dots around a
    point count the fields of the set that meet there."""
    return sorted((p, f) for f in fields for p in f)


def peak_position(p: Point, f: Field, spacing: float, petal: float = PETAL_DOT,
                  triangle: float = TRIANGLE_DOT) -> tuple[float, float]:
    """Where the dot for field ``f`` at its tip ``p`` sits (mm): on the field's axis, inside it."""
    px, py = xy(p, spacing)
    others = [xy(q, spacing) for q in f if q != p]
    mx = sum(x for x, _ in others) / len(others)
    my = sum(y for _, y in others) / len(others)
    dist = math.hypot(mx - px, my - py)
    t = (petal if is_petal(f) else triangle) * spacing / dist
    return (px + t * (mx - px), py + t * (my - py))


def clearance(x: float, y: float, f: Field, spacing: float) -> float:
    """Distance (mm) from a point inside field ``f`` to the field's nearest boundary arc
    (negative when the point lies outside the field)."""
    best = math.inf
    for c, _, _ in arcs(f):
        cx, cy = xy(c, spacing)
        d = math.hypot(x - cx, y - cy)
        # A petal is the intersection of its two disks; a triangle lies outside its three ...
        best = min(best, spacing - d if is_petal(f) else d - spacing)
    if not is_petal(f):
        # ... and inside the straight triangle of its corners.
        corners = [xy(p, spacing) for p in f]
        for i in range(3):
            (ax, ay), (bx, by), (ox, oy) = corners[i], corners[(i + 1) % 3], corners[(i + 2) % 3]
            nx, ny = by - ay, ax - bx
            if nx * (ox - ax) + ny * (oy - ay) < 0:
                nx, ny = -nx, -ny
            best = min(best, (nx * (x - ax) + ny * (y - ay)) / math.hypot(nx, ny))
    return best


# --- regions ------------------------------------------------------------------------------


def disk_points(radius: float) -> list[Point]:
    """Lattice points within ``radius`` (in spacings) of (0, 0), in a fixed order."""
    n = math.ceil(radius * 2 / SQRT3) + 1
    out = []
    for b in range(-n, n + 1):
        for a in range(-2 * n, 2 * n + 1):
            x, y = xy((a, b))
            if math.hypot(x, y) <= radius + 1e-9:
                out.append((a, b))
    return out


def region(points: Iterable[Point]) -> list[Field]:
    """Every field whose tips all lie in ``points`` (its petals' outer arcs form the edge)."""
    pts = set(points)
    out = set()
    for p in pts:
        ns = neighbours(p)
        for i in range(6):
            if ns[i] in pts:
                out.add(field(p, ns[i]))
                if ns[(i + 1) % 6] in pts:
                    out.add(field(p, ns[i], ns[(i + 1) % 6]))
    return sorted(out)


def all_arcs(fields: Iterable[Field]) -> list[Arc]:
    """Every arc bounding any of ``fields``, once each."""
    return sorted({a for f in fields for a in arcs(f)})
