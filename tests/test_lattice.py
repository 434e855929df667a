"""The flower lattice: fields, arcs, outlines and free shapes, checked against plain geometry."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit import lattice as L
from printkit.drawing import Path


def test_twelve_fields_meet_at_every_point() -> None:
    for p in [(0, 0), (3, -2), (-5, 7)]:
        ring = L.fields_at(p)
        assert len(set(ring)) == 12
        assert Counter(len(f) for f in ring) == {2: 6, 3: 6}
        # ... and they are all the fields having p as a tip, among the fields of a large region.
        region = L.region(L.disk_points(12))
        assert {f for f in region if p in f} == set(ring)


def test_fields_around_a_point_fill_the_full_turn() -> None:
    """Tip angles: 60° per petal, 0° (a cusp) per triangle: 6 x 60 = 360, so nothing else meets there."""
    s = 10.0
    for f in L.fields_at((0, 0)):
        tangents = []
        for c, a, b in L.arcs(f):
            if (0, 0) not in (a, b):
                continue
            cx, cy = L.xy(c, s)
            tangents.append(math.degrees(math.atan2(cy, cx)) % 180.0)  # tangent is perpendicular to radius
        assert len(tangents) == 2
        angle = abs(tangents[0] - tangents[1])
        angle = min(angle, 180.0 - angle)
        assert angle == pytest.approx(60.0 if len(f) == 2 else 0.0, abs=1e-9)


def test_arc_endpoints_are_on_their_circle_and_are_the_fields_tips() -> None:
    s = 17.0
    for f in L.region(L.disk_points(3)):
        tips = set(f)
        ends = Counter()
        for c, a, b in L.arcs(f):
            assert {a, b} <= tips
            ends.update((a, b))
            cx, cy = L.xy(c, s)
            for p in (a, b):
                x, y = L.xy(p, s)
                assert math.hypot(x - cx, y - cy) == pytest.approx(s)
        # Each tip is where exactly two of the field's arcs meet.
        assert set(ends.values()) == {2} and set(ends) == tips


def test_every_arc_separates_one_petal_from_one_triangle() -> None:
    fields = L.region(L.disk_points(4))
    owners: dict[L.Arc, list[L.Field]] = {}
    for f in fields:
        for a in L.arcs(f):
            owners.setdefault(a, []).append(f)
    interior = [a for a, fs in owners.items() if len(fs) == 2]
    assert interior
    for a in interior:
        assert sorted(len(f) for f in owners[a]) == [2, 3]
        assert set(L.fields_of_arc(a)) == set(owners[a])


def test_touching_fields_share_an_arc_and_nothing_else_does() -> None:
    fields = L.region(L.disk_points(3))
    for f in fields:
        for g in fields:
            shared = set(L.arcs(f)) & set(L.arcs(g))
            assert (g in L.touching(f)) == (bool(shared) and f != g)
    assert len(L.touching(L.field((0, 0), (1, 0)))) == 2
    assert len(L.touching(L.field((0, 0), (1, 0), (0, 1)))) == 3


def test_petal_and_triangle_shapes() -> None:
    """A petal is the lens of two circles √3 spacings apart (width 2 - √3); a triangle's sides
    bulge in by 1 - √3/2 at their middles."""
    s = 20.0
    petal = L.field((0, 0), (1, 0))
    x0, y0, x1, y1 = L.bounds([petal], s)
    assert (x1 - x0, y1 - y0) == pytest.approx((s, (2 - math.sqrt(3)) * s))
    tri = L.field((0, 0), (1, 0), (0, 1))
    x0, y0, x1, y1 = L.bounds([tri], s)
    assert (x1 - x0, y1 - y0) == pytest.approx((s, s * math.sqrt(3) / 2))


def _chained(loop: list[tuple[L.Point, L.Point, L.Point]]) -> bool:
    return all(loop[i][2] == loop[(i + 1) % len(loop)][1] for i in range(len(loop)))


def test_outline_of_single_fields() -> None:
    petal = L.outline([L.field((0, 0), (1, 0))])
    tri = L.outline([L.field((2, 1), (3, 1), (2, 2))])
    assert [len(loop) for loop in petal] == [2]
    assert [len(loop) for loop in tri] == [3]
    assert _chained(petal[0]) and _chained(tri[0])


def test_shared_arcs_cancel() -> None:
    petal, tri = L.field((0, 0), (1, 0)), L.field((0, 0), (1, 0), (0, 1))
    (loop,) = L.outline([petal, tri])
    assert len(loop) == 2 + 3 - 2
    shared = set(L.arcs(petal)) & set(L.arcs(tri))
    assert len(shared) == 1
    assert not shared & {L.arc(*a) for a in loop}


def test_pinched_shape_gives_one_loop_through_the_pinch() -> None:
    """The twelve fields around a point minus one petal: the slot left by the petal opens to the
    outside only at the petal's far tip, where two triangles touch corner to corner. The outline is
    one loop that passes that point twice (pairing arcs per run of fields, loops never cross)."""
    c, m = (0, 0), (1, 0)
    fs = [f for f in L.fields_at(c) if f != L.field(c, m)]
    assert L.connected(fs)
    loops = L.outline(fs)
    assert len(loops) == 1 and _chained(loops[0])
    assert sum(1 for _, a, _ in loops[0] if a == m) == 2
    assert sorted(L.arc(*a) for a in loops[0]) == L.boundary(fs)
    # The full flower is bounded by its 6 triangles' outer sides; the missing petal adds its 2 arcs.
    assert len(L.boundary(fs)) == 6 + 2


def test_a_ring_of_fields_has_an_inner_loop_round_its_hole() -> None:
    """Every field touching a petal, but not the petal: the petal's outline becomes a hole."""
    c, m = (0, 0), (1, 0)
    hole = L.field(c, m)
    fs = sorted({*L.fields_at(c), *L.fields_at(m)} - {hole})
    loops = L.outline(fs)
    assert len(loops) == 2 and all(_chained(loop) for loop in loops)
    inner = [loop for loop in loops if sorted(L.arc(*a) for a in loop) == sorted(L.arcs(hole))]
    assert len(inner) == 1
    assert sum(len(loop) for loop in loops) == len(L.boundary(fs))


@given(st.integers(1, 7), st.data())
def test_outline_loops_are_closed_and_use_each_boundary_arc_once(n: int, data: st.DataObject) -> None:
    shapes = L.free_shapes(n)
    shape = data.draw(st.sampled_from(shapes))
    loops = L.outline(shape)
    arcs = [L.arc(*a) for loop in loops for a in loop]
    assert sorted(arcs) == L.boundary(shape)
    assert all(_chained(loop) for loop in loops)
    assert len(loops) == 1  # fewer than 12 fields cannot enclose a hole


def test_path_of_outline_is_closed_and_ends_on_the_tips() -> None:
    s = 10.0
    shape = L.free_shapes(5)[0]
    segs = L.loops_path(L.outline(shape), s, (3.0, 4.0))
    assert Path(tuple(segs)).closed
    tips = {tuple(round(v, 6) for v in (L.xy(p, s)[0] + 3.0, L.xy(p, s)[1] + 4.0)) for f in shape for p in f}
    ends = {(round(float(seg[-2]), 6), round(float(seg[-1]), 6)) for seg in segs if seg[0] == "C"}
    # 60° arcs are one Bézier each, so every curve ends on a lattice point of the shape.
    assert ends <= tips


# --- free shapes, counted by an independent method ------------------------------------

def _geometric_free_count(n: int, flips: tuple[int, ...] = (1, -1)) -> int:
    """Count free shapes from plain Cartesian geometry: fields are point sets of the triangular
    lattice, two fields touch when the petal's tips are two corners of the triangle, and shapes
    are compared by the centres of their fields under float rotations and reflections."""
    r3 = math.sqrt(3) / 2
    pts = {(a, b): (a + b / 2, b * r3) for a in range(-n - 2, n + 3) for b in range(-n - 2, n + 3)}
    near = {p: [q for q in pts if 0.99 < math.dist(pts[p], pts[q]) < 1.01] for p in pts}
    fields: set[frozenset] = set()
    for p in pts:
        for q in near[p]:
            fields.add(frozenset((p, q)))
            for t in near[q]:
                if t in near[p]:
                    fields.add(frozenset((p, q, t)))

    def touch(f: frozenset, g: frozenset) -> bool:
        return {len(f), len(g)} == {2, 3} and (f < g or g < f)

    def key(shape: frozenset) -> tuple:
        best = None
        for k in range(6):
            for flip in flips:
                c, s = math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)
                cent = []
                for f in shape:
                    x = sum(pts[p][0] for p in f) / len(f)
                    y = flip * sum(pts[p][1] for p in f) / len(f)
                    # Centres are at least 0.2 apart: whole thousandths compare them without float noise.
                    cent.append((round(1000 * (c * x - s * y)), round(1000 * (s * x + c * y)), len(f)))
                mx, my = min((x, y) for x, y, _ in cent)
                img = tuple(sorted((x - mx, y - my, t) for x, y, t in cent))
                best = img if best is None or img < best else best
        return best  # type: ignore[return-value]

    seeds = [frozenset(((0, 0), (1, 0))), frozenset(((0, 0), (1, 0), (0, 1)))]
    level = {frozenset([s]) for s in seeds}
    for _ in range(n - 1):
        nxt = set()
        for shape in level:
            for f in shape:
                for g in fields:
                    if g not in shape and touch(f, g):
                        nxt.add(shape | {g})
        level = nxt
    return len({key(s) for s in level})


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_free_shape_counts_agree_with_geometry(n: int) -> None:
    assert len(L.free_shapes(n)) == _geometric_free_count(n)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_one_sided_counts_agree_with_geometry(n: int) -> None:
    assert len(L.free_shapes(n, mirrors=True)) == _geometric_free_count(n, flips=(1,))


def test_small_counts_by_hand() -> None:
    # 1: petal, triangle. 2: petal+triangle. 3: T-P-T, P-T-P. 4: triangle with its 3 petals, T-P-T-P.
    # 5: T-P-T-P-T; P-T-P-T-P bent both ways (U and S); a full triangle plus a second triangle.
    assert [len(L.free_shapes(n)) for n in range(1, 6)] == [2, 1, 2, 2, 4]
    # One-sided: T-P-T-P and the S-shaped P-T-P-T-P are the only chiral ones up to 5 fields.
    assert [len(L.free_shapes(n, mirrors=True)) for n in range(1, 6)] == [2, 1, 2, 3, 5]


def test_free_shapes_are_connected_distinct_and_canonical() -> None:
    for n in range(1, 8):
        shapes = L.free_shapes(n)
        assert len(set(shapes)) == len(shapes)
        for s in shapes:
            assert len(s) == n and L.connected(s) and L.canonical(s) == s


@given(st.integers(1, 7), st.integers(0, 11), st.integers(-6, 6), st.integers(-6, 6), st.data())
def test_canonical_ignores_rotation_reflection_and_position(n: int, k: int, dx: int, dy: int,
                                                            data: st.DataObject) -> None:
    shape = data.draw(st.sampled_from(L.free_shapes(n)))
    image = L.transform(shape, L.symmetries()[k], (dx, dy))
    assert L.canonical(image) == shape
    assert L.connected(image)


def test_symmetries_are_distances_preserving() -> None:
    assert len(set(L.symmetries())) == 12
    for m in L.symmetries():
        for p in L.neighbours((0, 0)):
            (img,) = L.transform([((0, 0), p)], m)
            assert math.dist(*(L.xy(q) for q in img)) == pytest.approx(1.0)


def test_notation_round_trip_and_errors() -> None:
    shape = L.free_shapes(6)[2]
    moved = L.transform(shape, L.symmetries()[0], (-3, -2))
    assert L.parse_fields(L.format_fields(moved)) == frozenset(moved)
    assert L.parse_fields("-1,-1--1,0") == {((-1, -1), (-1, 0))}
    for bad in ("0,0-2,0", "0,0-1,0-1,1", "0,0", "0,0-1,0 0,0-1,0", "a,b-1,0", ""):
        with pytest.raises(ValueError):
            L.parse_fields(bad)


def test_dots_sit_inside_their_fields_on_the_axis() -> None:
    s = 25.0
    for f in L.fields_at((0, 0)):
        for p in f:
            x, y = L.peak_position(p, f, s)
            assert L.clearance(x, y, f, s) > 1.2  # room for a dot of 1.2 mm radius
    # The twelve dots around one point are all different places.
    dots = {tuple(round(v, 6) for v in L.peak_position((0, 0), f, s)) for f in L.fields_at((0, 0))}
    assert len(dots) == 12
    # A dot belongs to its own field only: every other field around the point reports it outside.
    for f in L.fields_at((0, 0)):
        x, y = L.peak_position((0, 0), f, s)
        assert [g for g in L.fields_at((0, 0)) if L.clearance(x, y, g, s) > 0] == [f]


def test_board_region_edge_is_made_of_petals() -> None:
    fields = L.region(L.disk_points(4))
    edge = L.boundary(fields)
    assert edge
    for a in edge:
        petal, tri = L.fields_of_arc(a)
        assert petal in fields and tri not in fields


def _arc_distance(x: float, y: float, arc: tuple[L.Point, L.Point, L.Point], s: float) -> float:
    """Distance from (x, y) to a 60° arc: radial when the point is in the arc's angular span,
    otherwise to the nearer end."""
    c, a, b = arc
    cx, cy = L.xy(c, s)
    (ax, ay), (bx, by) = L.xy(a, s), L.xy(b, s)
    a0 = math.atan2(ay - cy, ax - cx)
    span = (math.atan2(by - cy, bx - cx) - a0 + math.pi) % (2 * math.pi) - math.pi
    rel = (math.atan2(y - cy, x - cx) - a0 + math.pi) % (2 * math.pi) - math.pi
    if 0 <= rel / span <= 1:
        return abs(math.hypot(x - cx, y - cy) - s)
    return min(math.hypot(x - ax, y - ay), math.hypot(x - bx, y - by))


def test_grown_parts_are_the_shape_grown_by_the_bleed() -> None:
    """On a grid of sample points: covered by the fields, a sector or a corner disk exactly when
    inside the shape or within the bleed distance of its outline (a Minkowski sum with a disk)."""
    s, d = 20.0, 0.8
    shapes = [L.free_shapes(1)[0], L.free_shapes(1)[1], L.free_shapes(7)[-1]]
    for shape in shapes:
        sectors, corners = L.grown_parts(shape, s, d)
        arcs = L.boundary(shape)
        assert len(sectors) == len(arcs) and all(seg[0][0] == "M" and seg[-1] == ("Z",) for seg in sectors)
        assert len(corners) == len({p for _, a, b in arcs for p in (a, b)})

        # Each drawn sector runs along its arc at radius s + d and back at s - d.
        for segs, arc in zip(sectors, arcs, strict=True):
            cx, cy = L.xy(arc[0], s)
            radii = sorted({round(math.hypot(float(seg[-2]) - cx, float(seg[-1]) - cy), 6)
                            for seg in segs if seg[0] in ("M", "C", "L")})
            assert radii == [pytest.approx(s - d), pytest.approx(s + d)]
            for seg in segs:
                if seg[0] == "C":
                    assert _arc_distance(float(seg[-2]), float(seg[-1]), arc, s) == pytest.approx(d)

        def in_sector(x: float, y: float, arc: tuple[L.Point, L.Point, L.Point]) -> bool:
            c, _, _ = arc
            cx, cy = L.xy(c, s)
            return _arc_distance(x, y, arc, s) <= d and abs(math.hypot(x - cx, y - cy) - s) <= d

        x0, y0, x1, y1 = L.bounds(shape, s)
        checked = 0
        for i in range(int((x1 - x0 + 4 * d) / 0.45)):
            for j in range(int((y1 - y0 + 4 * d) / 0.45)):
                x, y = x0 - 2 * d + i * 0.45, y0 - 2 * d + j * 0.45
                inside = any(L.clearance(x, y, f, s) > 0 for f in shape)
                dist = min(_arc_distance(x, y, a, s) for a in arcs)
                if abs(dist - d) < 1e-6:
                    continue
                truth = inside or dist < d
                got = inside or any(math.hypot(x - cx, y - cy) <= d for cx, cy in corners) or any(
                    in_sector(x, y, a) for a in arcs)
                assert got == truth, (shape, x, y)
                checked += 1
        assert checked > 1000


def test_shapes_of_several_sizes_grow_the_smaller_sizes_once() -> None:
    L._grown.cache_clear()
    assert [len(L.free_shapes(n, max_per_point=5)) for n in (4, 5, 6)] == [2, 4, 3]
    info = L._grown.cache_info()
    assert (info.misses, info.hits) == (6, 2), "sizes 1 to 6 each grown once; 4 and 5 reused by the next size"
