"""Solids and their paper nets: a polyhedron unfolded flat along a tree of fold edges.

A :class:`Solid` is a small description: 3-D vertices, faces as vertex lists
(counter-clockwise seen from outside, the first edge being the face's "bottom" for
its printed content) and named unfoldings (trees of face pairs that stay joined by
a fold). :func:`unfold` lays the faces flat, puts one glue tab on every edge that
the tree cuts (so each such edge is glued exactly once), and traces the single
closed cut outline around faces and tabs. Everything is plain geometry in mm with
y pointing down, so it is tested without drawing anything.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

Vec3 = tuple[float, float, float]
Pt = tuple[float, float]
Edge = tuple[int, int]


@dataclass(frozen=True)
class Solid:
    """A convex polyhedron: vertices, faces (outward counter-clockwise) and named unfoldings.

    ``unfoldings`` maps a name to a tree of ``(parent, child)`` face pairs; the first
    pair's parent is the face laid flat first. Faces must share exactly one edge per pair.
    """

    name: str
    vertices: tuple[Vec3, ...]
    faces: tuple[tuple[int, ...], ...]
    unfoldings: dict[str, tuple[tuple[int, int], ...]]
    face_names: tuple[str, ...]
    open: tuple[str, ...] = ()
    """Names of faces left out (an open solid, such as a hollow pyramid without its base)."""

    def without(self, names: Sequence[str]) -> Solid:
        """The same solid with the named faces left open: their edges become the rim of the net.

        Unfoldings keep the pairs between remaining faces; one that held together only through an
        open face is dropped (it no longer lays the remaining faces out as one piece).
        """
        missing = [n for n in names if n not in self.face_names]
        if missing:
            raise ValueError(f"faces of the {self.name} ({', '.join(self.face_names)}), not {missing[0]!r}")
        drop = {self.face_names.index(n) for n in names}
        keep = [i for i in range(len(self.faces)) if i not in drop]
        if len(keep) < 2:
            raise ValueError(f"at least two faces of the {self.name} left closed")
        new = {old: i for i, old in enumerate(keep)}
        unfoldings = {}
        for name, tree in self.unfoldings.items():
            pairs = tuple((new[a], new[b]) for a, b in tree if a in new and b in new)
            if len(pairs) == len(keep) - 1 and _spans(pairs, len(keep)):
                unfoldings[name] = pairs
        return Solid(self.name, self.vertices, tuple(self.faces[i] for i in keep), unfoldings,
                     tuple(self.face_names[i] for i in keep), (*self.open, *names))


def _spans(pairs: Sequence[tuple[int, int]], n: int) -> bool:
    """Do the pairs join all ``n`` faces into one tree?"""
    seen = {pairs[0][0]} if pairs else {0}
    grew = True
    while grew:
        grew = False
        for a, b in pairs:
            if a in seen and b not in seen:
                seen.add(b)
                grew = True
    return len(seen) == n


def nest_gap(outer: Solid, inner: Solid) -> float:
    """The smallest gap (mm) between ``inner`` and the inside of ``outer`` when both stand on the same base plane,
    centred on the same axis: for every face plane of ``outer`` (except those lying in the base plane), the
    distance inwards from that plane to the nearest vertex of ``inner``. For convex solids this is the least
    clearance at every height where they overlap; negative when ``inner`` pokes through. Measured between the
    nominal surfaces: subtract the paper's thickness (and any glue tab lying inside) for the real play.
    """
    centre = tuple(sum(v[i] for v in outer.vertices) / len(outer.vertices) for i in range(3))
    floor = min(v[1] for v in outer.vertices)
    best = math.inf
    for face in outer.faces:
        p = [outer.vertices[i] for i in face]
        n = _cross(_sub(p[1], p[0]), _sub(p[2], p[1]))
        length = _norm(n)
        n = (n[0] / length, n[1] / length, n[2] / length)
        if all(abs(q[1] - floor) < 1e-9 for q in p):
            continue  # the base: both stand on it
        if _dot(n, _sub(p[0], centre)) < 0:  # type: ignore[arg-type]
            n = (-n[0], -n[1], -n[2])
        best = min(best, min(_dot(n, _sub(p[0], v)) for v in inner.vertices))
    return best


def _sub(a: Vec3, b: Vec3) -> Vec3:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec3, b: Vec3) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec3, b: Vec3) -> Vec3:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _norm(a: Vec3) -> float:
    return math.sqrt(_dot(a, a))


def _outward(vertices: Sequence[Vec3], faces: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Orient every face counter-clockwise seen from outside, keeping its first edge first."""
    centre = tuple(sum(v[i] for v in vertices) / len(vertices) for i in range(3))
    out = []
    for face in faces:
        p = [vertices[i] for i in face]
        normal = _cross(_sub(p[1], p[0]), _sub(p[2], p[1]))
        mid = tuple(sum(q[i] for q in p) / len(p) for i in range(3))
        if _dot(normal, _sub(mid, centre)) < 0:  # type: ignore[arg-type]
            face = (face[1], face[0], *reversed(face[2:]))
        out.append(tuple(face))
    return tuple(out)


def cube(edge: float) -> Solid:
    """A cube. Faces 0..5 are front, top, left, right, bottom, back: face i is opposite face 5-i,
    so pips 1..6 in face order make a die whose opposite faces add up to 7, with 1, 2 and 3
    counter-clockwise around their corner as on Western dice."""
    a = edge
    corners = [(x, y, z) for x in (0.0, a) for y in (0.0, a) for z in (0.0, a)]

    def idx(x: float, y: float, z: float) -> int:
        return corners.index((x, y, z))

    faces = [
        (idx(0, 0, a), idx(a, 0, a), idx(a, a, a), idx(0, a, a)),  # front, bottom edge first
        (idx(0, a, a), idx(a, a, a), idx(a, a, 0), idx(0, a, 0)),  # top, front edge first
        (idx(0, 0, 0), idx(0, 0, a), idx(0, a, a), idx(0, a, 0)),  # left
        (idx(a, 0, a), idx(a, 0, 0), idx(a, a, 0), idx(a, a, a)),  # right
        (idx(0, 0, 0), idx(a, 0, 0), idx(a, 0, a), idx(0, 0, a)),  # bottom
        (idx(a, 0, 0), idx(0, 0, 0), idx(0, a, 0), idx(a, a, 0)),  # back
    ]
    return Solid(
        "cube", tuple(corners), _outward(corners, faces),
        {"cross": ((0, 1), (0, 4), (0, 2), (0, 3), (4, 5))},
        ("front", "top", "left", "right", "bottom", "back"),
    )


def square_pyramid(edge: float, height: float) -> Solid:
    """A right pyramid on a square base. Face 0 is the base, faces 1..4 the sides (base edge first,
    so content stands upright with the apex above it)."""
    h = edge / 2
    base = [(-h, 0.0, h), (h, 0.0, h), (h, 0.0, -h), (-h, 0.0, -h)]
    verts = [*base, (0.0, height, 0.0)]
    faces = [(0, 3, 2, 1), *[(i, (i + 1) % 4, 4) for i in range(4)]]
    return Solid(
        "square-pyramid", tuple(verts), _outward(verts, faces),
        {"star": ((0, 1), (0, 2), (0, 3), (0, 4)), "fan": ((2, 1), (2, 3), (3, 4), (2, 0))},
        ("base", "side 1", "side 2", "side 3", "side 4"),
    )


def tetrahedron(edge: float) -> Solid:
    """A regular tetrahedron. Face 0 is the base, faces 1..3 the sides (base edge first)."""
    r = edge / math.sqrt(3)
    base = [(r * math.cos(math.radians(90 + 120 * i)), 0.0, r * math.sin(math.radians(90 + 120 * i)))
            for i in range(3)]
    verts = [*base, (0.0, edge * math.sqrt(2.0 / 3.0), 0.0)]
    faces = [(0, 2, 1), *[(i, (i + 1) % 3, 3) for i in range(3)]]
    return Solid(
        "tetrahedron", tuple(verts), _outward(verts, faces),
        {"triangle": ((0, 1), (0, 2), (0, 3)), "strip": ((1, 2), (2, 3), (1, 0))},
        ("base", "side 1", "side 2", "side 3"),
    )


def pyramid_height(edge: float, slant: float) -> float:
    """Height of a square pyramid from its slant height (apex to the middle of a base edge)."""
    if slant <= edge / 2:
        raise ValueError(f"a slant height greater than half the base edge ({edge / 2:g} mm)")
    return math.sqrt(slant * slant - edge * edge / 4)


# --- the flat net -------------------------------------------------------------------


@dataclass(frozen=True)
class Tab:
    """A glue tab: its polygon, the face it hangs from, and the face it is glued to."""

    polygon: tuple[Pt, ...]
    face: int
    glued_to: int
    edge: tuple[Pt, Pt]


@dataclass(frozen=True)
class Net:
    """A solid laid flat: face polygons (net coordinates), folds, tabs and the cut outline.

    ``frames[i]`` maps face i's content frame (first vertex at the origin, first edge along
    +x, the face above it at negative y) to net coordinates, as an affine matrix
    ``(a, b, c, d, e, f)``. ``glued`` pairs each cut edge's two sides: (face, segment).
    """

    solid: Solid
    faces: tuple[tuple[Pt, ...], ...]
    local: tuple[tuple[Pt, ...], ...]
    frames: tuple[tuple[float, float, float, float, float, float], ...]
    folds: tuple[tuple[Pt, Pt], ...]
    tabs: tuple[Tab, ...]
    glued: tuple[tuple[tuple[int, tuple[Pt, Pt]], tuple[int, tuple[Pt, Pt]]], ...]
    outline: tuple[Pt, ...]

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return (min(xs), min(ys), max(xs), max(ys))

    def mapped(self, m: tuple[float, float, float, float, float, float]) -> Net:
        """The same net under a rigid motion ``m`` (an affine matrix ``(a, b, c, d, e, f)``)."""
        a, b, c, d, e, f = m

        def mv(p: Pt) -> Pt:
            return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)

        def seg(s: tuple[Pt, Pt]) -> tuple[Pt, Pt]:
            return (mv(s[0]), mv(s[1]))

        def frame(g: tuple[float, float, float, float, float, float]) -> tuple[float, float, float, float, float, float]:
            a2, b2, c2, d2, e2, f2 = g
            return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                    a * e2 + c * f2 + e, b * e2 + d * f2 + f)

        return Net(
            self.solid,
            tuple(tuple(mv(p) for p in poly) for poly in self.faces),
            self.local,
            tuple(frame(g) for g in self.frames),
            tuple(seg(s) for s in self.folds),
            tuple(Tab(tuple(mv(p) for p in t.polygon), t.face, t.glued_to, seg(t.edge)) for t in self.tabs),
            tuple(((fa, seg(sa)), (fb, seg(sb))) for (fa, sa), (fb, sb) in self.glued),
            tuple(mv(p) for p in self.outline),
        )

    def compact(self) -> Net:
        """Turned so its bounding box is smallest (one hull edge along an axis), moved to (0, 0).

        Smaller boxes pack more nets on a page; the turn is a rigid motion, so nothing else changes.
        A turn that saves less than a tenth of the box's area is not worth the odd look.
        """
        hull = convex_hull(self.outline)
        x0, y0, x1, y1 = self.bbox
        # Keep the unfolding's own square-to-the-page look unless turning saves a tenth of the box.
        chosen, best = 0.0, (0.9 * (x1 - x0) * (y1 - y0), 0.0, 0.0)
        for i in range(len(hull)):
            (x1, y1), (x2, y2) = hull[i - 1], hull[i]
            angle = -math.atan2(y2 - y1, x2 - x1)
            # Fold the turn into (-45, 45] degrees: a quarter turn more gives the same box, turned.
            angle = (angle + math.pi / 4) % (math.pi / 2) - math.pi / 4
            cs, sn = math.cos(angle), math.sin(angle)
            xs = [cs * x - sn * y for x, y in hull]
            ys = [sn * x + cs * y for x, y in hull]
            w, h = max(xs) - min(xs), max(ys) - min(ys)
            # Smallest area; among equals the smaller turn, so a net already square to the axes stays put.
            key = (round(w * h, 6), round(abs(angle), 9), angle)
            if key < best:
                chosen, best = angle, key
        cs, sn = math.cos(chosen), math.sin(chosen)
        turned = self.mapped((cs, sn, -sn, cs, 0.0, 0.0))
        x0, y0, _, _ = turned.bbox
        return turned.mapped((1.0, 0.0, 0.0, 1.0, -x0, -y0))


def _local(solid: Solid, face: int) -> list[Pt]:
    """The face in its content frame: first edge from (0, 0) along +x, the face above (y < 0)."""
    p = [solid.vertices[i] for i in solid.faces[face]]
    return _place(p, p[0], p[1], (0.0, 0.0), (1.0, 0.0), (0.0, -1.0))


def _place(points: Sequence[Vec3], a: Vec3, b: Vec3, at: Pt, u: Pt, n: Pt) -> list[Pt]:
    """Lay 3-D points of one face flat: ``a`` at ``at``, ``a->b`` along ``u``, the face on the ``n`` side."""
    ab = _sub(b, a)
    length = _norm(ab)
    axis = (ab[0] / length, ab[1] / length, ab[2] / length)
    out = []
    for p in points:
        ap = _sub(p, a)
        along = _dot(ap, axis)
        off = _sub(ap, (axis[0] * along, axis[1] * along, axis[2] * along))
        perp = _norm(off)
        out.append((at[0] + along * u[0] + perp * n[0], at[1] + along * u[1] + perp * n[1]))
    return out


def _shared_edge(solid: Solid, f: int, g: int) -> tuple[int, int]:
    """Indices (in face f) of the edge f shares with g."""
    fv, gv = solid.faces[f], solid.faces[g]
    for k in range(len(fv)):
        a, b = fv[k], fv[(k + 1) % len(fv)]
        for m in range(len(gv)):
            if gv[m] == b and gv[(m + 1) % len(gv)] == a:
                return (k, (k + 1) % len(fv))
    raise ValueError(f"faces {f} and {g} of the {solid.name} share no edge")


def _centroid(poly: Sequence[Pt]) -> Pt:
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def _away(a: Pt, b: Pt, inside: Pt) -> tuple[Pt, Pt]:
    """Unit vector along a->b and unit normal to it pointing away from ``inside``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    u = (dx / length, dy / length)
    n = (-u[1], u[0])
    if (inside[0] - a[0]) * n[0] + (inside[1] - a[1]) * n[1] > 0:
        n = (-n[0], -n[1])
    return u, n


def _frame(local: Sequence[Pt], net: Sequence[Pt]) -> tuple[float, float, float, float, float, float]:
    """The rotation + translation taking the local face onto its net position."""
    (x0, y0), (x1, y1) = net[0], net[1]
    length = math.hypot(x1 - x0, y1 - y0)
    c, s = (x1 - x0) / length, (y1 - y0) / length
    return (c, s, -s, c, x0, y0)


def interior_angle(poly: Sequence[Pt], k: int) -> float:
    """Interior angle (degrees) of a convex polygon at vertex k."""
    p, q, r = poly[k - 1], poly[k], poly[(k + 1) % len(poly)]
    a = math.atan2(p[1] - q[1], p[0] - q[0]) - math.atan2(r[1] - q[1], r[0] - q[0])
    a = abs(math.degrees(a)) % 360
    return 360 - a if a > 180 else a


def _tab(a: Pt, b: Pt, inside: Pt, depth: float, angle_a: float, angle_b: float) -> tuple[Pt, ...]:
    """A trapezoid on edge a-b, away from ``inside``; its slanted sides make the given angles."""
    u, n = _away(a, b, inside)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    ta, tb = 1 / math.tan(math.radians(angle_a)), 1 / math.tan(math.radians(angle_b))
    depth = min(depth, 0.8 * length / (ta + tb))
    ka, kb = depth * ta, depth * tb
    return (
        a,
        (a[0] + ka * u[0] + depth * n[0], a[1] + ka * u[1] + depth * n[1]),
        (b[0] - kb * u[0] + depth * n[0], b[1] - kb * u[1] + depth * n[1]),
        b,
    )


def _area(poly: Sequence[Pt]) -> float:
    return 0.5 * sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))


def overlaps(p: Sequence[Pt], q: Sequence[Pt], tol: float = 1e-6) -> bool:
    """Do two convex polygons overlap with positive area (touching edges do not count)?"""
    for poly in (p, q):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i - 1], poly[i]
            nx, ny = y2 - y1, x1 - x2
            length = math.hypot(nx, ny)
            if length < 1e-12:
                continue
            pa = [(x * nx + y * ny) / length for x, y in p]
            qa = [(x * nx + y * ny) / length for x, y in q]
            if max(pa) <= min(qa) + tol or max(qa) <= min(pa) + tol:
                return False
    return True


def unfold(solid: Solid, unfolding: str | None = None, tab: float = 6.0, tab_angle: float = 45.0) -> Net:
    """Lay ``solid`` flat along one of its unfoldings; add tabs of depth ``tab`` on every cut edge."""
    if not solid.unfoldings:
        raise ValueError(f"no unfolding of the {solid.name} holds together without its open faces")
    name = unfolding or next(iter(solid.unfoldings))
    if name not in solid.unfoldings:
        raise ValueError(f"unfolding {name!r} of the {solid.name} holds together only through an open face")
    tree = solid.unfoldings[name]
    local = [_local(solid, f) for f in range(len(solid.faces))]
    placed: dict[int, list[Pt]] = {}
    root = tree[0][0]
    placed[root] = list(local[root])
    folds: list[tuple[Pt, Pt]] = []
    joined: set[frozenset[int]] = set()
    todo = list(tree)
    while todo:
        progress = False
        for pair in list(todo):
            parent, child = pair
            if parent not in placed:
                continue
            if child in placed:
                raise ValueError(f"unfolding {name!r} of the {solid.name} reaches face {child} twice")
            k0, k1 = _shared_edge(solid, parent, child)
            ppoly = placed[parent]
            a_net, b_net = ppoly[k0], ppoly[k1]
            va, vb = solid.faces[parent][k0], solid.faces[parent][k1]
            u, n = _away(a_net, b_net, _centroid(ppoly))
            pts3 = [solid.vertices[i] for i in solid.faces[child]]
            flat = _place(pts3, solid.vertices[va], solid.vertices[vb], a_net, u, n)
            cverts = solid.faces[child]
            flat = [a_net if v == va else b_net if v == vb else p for v, p in zip(cverts, flat, strict=True)]
            placed[child] = flat
            folds.append((a_net, b_net))
            joined.add(frozenset(pair))
            todo.remove(pair)
            progress = True
        if not progress:
            raise ValueError(f"unfolding {name!r} of the {solid.name} is not a tree from face {root}")
    if len(placed) != len(solid.faces):
        raise ValueError(f"unfolding {name!r} of the {solid.name} leaves faces out")
    faces = [placed[f] for f in range(len(solid.faces))]
    for i, face_poly in enumerate(faces):
        for other_poly in faces[:i]:
            if overlaps(face_poly, other_poly):
                raise ValueError(f"unfolding {name!r} of the {solid.name} overlaps itself at this size")

    # Every edge not in the tree is cut: one of its two sides carries a glue tab.
    pieces: list[Sequence[Pt]] = list(faces)
    tabs: list[Tab] = []
    glued = []
    edges_done: set[frozenset[int]] = set()
    for f, fv in enumerate(solid.faces):
        for k in range(len(fv)):
            va, vb = fv[k], fv[(k + 1) % len(fv)]
            key = frozenset((va, vb))
            if key in edges_done:
                continue
            edges_done.add(key)
            g = next((j for j, gv in enumerate(solid.faces) if j != f and va in gv and vb in gv), None)
            if g is None or frozenset((f, g)) in joined:  # the rim of an open face, or a fold
                continue
            gk = solid.faces[g].index(vb)
            side_f = (f, (faces[f][k], faces[f][(k + 1) % len(fv)]))
            side_g = (g, (faces[g][gk], faces[g][(gk + 1) % len(solid.faces[g])]))
            glued.append((side_f, side_g))
            best: Tab | None = None
            for depth in (tab, tab / 2, tab / 4):
                for (hf, (p, q)), other, other_k in ((side_f, g, gk), (side_g, f, k)):
                    # The tab folds under the other face: its slants must not poke out past that face's corners.
                    n_other = len(solid.faces[other])
                    ang_p = min(tab_angle, 0.9 * interior_angle(local[other], (other_k + 1) % n_other))
                    ang_q = min(tab_angle, 0.9 * interior_angle(local[other], other_k))
                    poly = _tab(p, q, _centroid(faces[hf]), depth, ang_p, ang_q)
                    if not any(overlaps(poly, piece) for piece in pieces):
                        best = Tab(poly, hf, other, (p, q))
                        break
                if best is not None:
                    break
            if best is None:
                raise ValueError(f"unfolding {name!r} of the {solid.name} leaves no room for a glue tab (it overlaps)")
            tabs.append(best)
            pieces.append(best.polygon)
    outline = _trace(pieces)
    return Net(
        solid,
        tuple(tuple(f) for f in faces),
        tuple(tuple(f) for f in local),
        tuple(_frame(local[i], faces[i]) for i in range(len(faces))),
        tuple(folds),
        tuple(tabs),
        tuple(glued),
        outline,
    )


def convex_hull(points: Sequence[Pt]) -> list[Pt]:
    """The convex hull of points (Andrew's monotone chain), without repeated or collinear points."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def half(seq: list[Pt]) -> list[Pt]:
        out: list[Pt] = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 1e-12:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def _key(p: Pt) -> tuple[int, int]:
    return (round(p[0] * 1e5), round(p[1] * 1e5))


def _turn(edge: tuple[Pt, Pt], heading: float) -> float:
    """How far an edge turns from ``heading``, as an angle in [0, 2 pi)."""
    (px, py), (qx, qy) = edge
    return (math.atan2(qy - py, qx - px) - heading + math.pi) % (2 * math.pi)


def _turn_of(directed: dict[tuple[tuple[int, int], tuple[int, int]], tuple[Pt, Pt]], heading: float,
             key: tuple[tuple[int, int], tuple[int, int]]) -> float:
    return _turn(directed[key], heading)


def _trace(pieces: Sequence[Sequence[Pt]]) -> tuple[Pt, ...]:
    """The outer boundary of pieces that meet edge to edge: edges used once, chained into one loop."""
    directed: dict[tuple[tuple[int, int], tuple[int, int]], tuple[Pt, Pt]] = {}
    for poly in pieces:
        pts = list(poly) if _area(poly) > 0 else list(reversed(poly))
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            ka, kb = _key(a), _key(b)
            if ka == kb:
                continue
            if (kb, ka) in directed:
                del directed[(kb, ka)]
            else:
                directed[(ka, kb)] = (a, b)
    starts: dict[tuple[int, int], list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    for e in directed:
        starts.setdefault(e[0], []).append(e)
    first = min(directed, key=lambda e: (directed[e][0][1], directed[e][0][0], e))
    loop: list[Pt] = []
    cur = first
    used = set()
    while True:
        used.add(cur)
        a, b = directed[cur]
        loop.append(a)
        options = [e for e in starts.get(cur[1], []) if e not in used or e == first]
        if not options:
            raise ValueError("net outline is not closed")
        if len(options) > 1:
            # At a point where two parts of the net touch, keep hugging the outside.
            heading = math.atan2(b[1] - a[1], b[0] - a[0])
            options.sort(key=functools.partial(_turn_of, directed, heading))
        cur = options[0]
        if cur == first:
            break
    if len(used) != len(directed):
        raise ValueError("net outline is not a single loop")
    return tuple(loop)
