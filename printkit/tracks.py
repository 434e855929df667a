"""Where a track's spaces go when it is generated, not listed: around a rectangle, on a circle, an
arc, a polyline or a spiral. Pure geometry in mm (no data, no drawing), so it can be tested alone.

Around a rectangle the spaces fill a band of ``depth`` mm inside the rectangle's edge, clockwise
from the top-left corner. Its *centre line* is the rectangle inset by half the depth; a space is
the part of the band between two cuts across it. On a straight part a cut is square to the edge;
in a corner square (depth x depth) the cut runs from the inner corner through the centre line to
the outer edge. Each unit of centre line then holds exactly ``depth`` mm² of band, on the straight
parts and in the corners alike, so spaces of equal centre-line length have equal areas, and
consecutive spaces share their cut: they touch, with no gap and no overlap.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Pt = tuple[float, float]
Corners = Literal["square", "bend"]


@dataclass(frozen=True)
class Space:
    """One generated space: its centre (where its label goes), its outline (a polygon for the spaces
    of a band, empty for spaces drawn as squares or circles) and the largest square that fits in it."""

    cx: float
    cy: float
    outline: tuple[Pt, ...] = ()
    size: float = 0.0


class Band:
    """The band of ``depth`` mm inside the rectangle (x, y, w, h), parametrised by the length ``t``
    along its centre line, clockwise from the top-left corner."""

    def __init__(self, x: float, y: float, w: float, h: float, depth: float) -> None:
        self.depth = d = depth
        half = d / 2
        cw, ch = w - d, h - d
        self.sides = (cw, ch, cw, ch)
        self.length = 2 * (cw + ch)
        c0 = (x + half, y + half)
        # (start corner, direction along, inward normal) for top, right, bottom, left
        self._sides: list[tuple[Pt, Pt, Pt]] = [
            (c0, (1.0, 0.0), (0.0, 1.0)),
            ((c0[0] + cw, c0[1]), (0.0, 1.0), (-1.0, 0.0)),
            ((c0[0] + cw, c0[1] + ch), (-1.0, 0.0), (0.0, -1.0)),
            ((c0[0], c0[1] + ch), (0.0, -1.0), (1.0, 0.0)),
        ]
        self.starts = [0.0, cw, cw + ch, 2 * cw + ch]

    def _locate(self, t: float) -> tuple[int, float]:
        t %= self.length
        for k in (3, 2, 1, 0):
            if t >= self.starts[k] - 1e-12:
                return k, max(0.0, t - self.starts[k])
        return 0, 0.0  # pragma: no cover (t >= 0 always finds a side)

    def cut(self, t: float) -> tuple[Pt, Pt, Pt]:
        """The centre-line point at ``t`` and the cut through it: (centre, outer end, inner end)."""
        k, a = self._locate(t)
        (sx, sy), (ux, uy), (nx, ny) = self._sides[k]
        half, ell = self.depth / 2, self.sides[k]
        p = (sx + a * ux, sy + a * uy)
        if a < half:  # in the corner square this side starts at
            i = (sx + half * (ux + nx), sy + half * (uy + ny))
        elif a > ell - half:  # in the corner square it ends at
            ex, ey = sx + ell * ux, sy + ell * uy
            i = (ex - half * ux + half * nx, ey - half * uy + half * ny)
        else:
            return p, (p[0] - half * nx, p[1] - half * ny), (p[0] + half * nx, p[1] + half * ny)
        return p, (2 * p[0] - i[0], 2 * p[1] - i[1]), i

    def kinks(self, t0: float, t1: float) -> list[float]:
        """Where the outer or inner edge turns a corner, strictly between ``t0`` and ``t1``."""
        half = self.depth / 2
        out = []
        for lap in range(math.floor(t0 / self.length) - 1, math.floor(t1 / self.length) + 2):
            for s in self.starts:
                for k in (s - half, s, s + half):
                    t = lap * self.length + k
                    if t0 + 1e-9 < t < t1 - 1e-9:
                        out.append(t)
        return sorted(out)

    def space(self, t0: float, t1: float) -> Space:
        """The part of the band between the cuts at ``t0`` and ``t1`` (t0 < t1)."""
        ts = [t0, *self.kinks(t0, t1), t1]
        cuts = [self.cut(t) for t in ts]
        ring = _tidy([c[1] for c in cuts] + [c[2] for c in reversed(cuts)])
        p = self.cut((t0 + t1) / 2)[0]
        return Space(p[0], p[1], tuple(ring), min(self.depth, t1 - t0))


def _tidy(points: list[Pt]) -> list[Pt]:
    """A closed polygon without repeated points or points on a straight run."""
    pts: list[Pt] = []
    for p in points:
        if not pts or math.dist(p, pts[-1]) > 1e-9:
            pts.append(p)
    if len(pts) > 1 and math.dist(pts[0], pts[-1]) <= 1e-9:
        pts.pop()
    changed = True
    while changed and len(pts) > 3:
        changed = False
        for i in range(len(pts)):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            if abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) <= 1e-9:
                del pts[i]
                changed = True
                break
    return pts


def split(total: int, lengths: Sequence[float]) -> list[int]:
    """``total`` spaces shared among sides in proportion to their lengths (largest remainder; ties
    go to the earlier side)."""
    whole = sum(lengths)
    if whole <= 0:
        return [total] + [0] * (len(lengths) - 1)
    shares = [total * ln / whole for ln in lengths]
    counts = [math.floor(s) for s in shares]
    order = sorted(range(len(lengths)), key=lambda i: (-(shares[i] - counts[i]), i))
    for i in order[: total - sum(counts)]:
        counts[i] += 1
    return counts


def least(w: float, h: float, depth: float, corners: Corners) -> int:
    """The fewest spaces a band can be cut into: 1 with bending corners; with square corners, the 4
    corners and one space on each side with room between its corners."""
    if corners == "bend":
        return 1
    return 4 + 2 * (w - 2 * depth > 1e-9) + 2 * (h - 2 * depth > 1e-9)


def around_rect(x: float, y: float, w: float, h: float, depth: float, count: int, corners: Corners) -> list[Space]:
    """``count`` spaces around the rectangle, clockwise from the top-left corner.

    ``bend``: every space has the same centre-line length (and area); the first is centred on the
    top-left corner and a space may bend round a corner. ``square``: each corner is a depth x depth
    square, the other spaces are shared among the sides in proportion to their lengths, equal along
    each side (at least :func:`least` spaces).
    """
    band = Band(x, y, w, h, depth)
    if corners == "bend":
        step = band.length / count
        return [band.space((i - 0.5) * step, (i + 0.5) * step) for i in range(count)]
    half = depth / 2
    free = [max(0.0, ln - depth) for ln in band.sides]
    sides = [k for k in range(4) if free[k] > 1e-9]  # a side with room between its corners needs a space
    shares = [0] * 4
    for k, n in zip(sides, split(count - 4 - len(sides), [free[k] for k in sides]), strict=True):
        shares[k] = n + 1
    out = []
    for k in range(4):
        s = band.starts[k]
        out.append(band.space(s - half, s + half))
        n = shares[k]
        for j in range(n):
            out.append(band.space(s + half + free[k] * j / n, s + half + free[k] * (j + 1) / n))
    return out


def on_arc(cx: float, cy: float, r: float, start: float, extent: float, count: int, closed: bool) -> list[Pt]:
    """Points equally spaced on an arc of ``extent`` degrees from ``start`` (clockwise, 0 = right);
    ``closed``: the last is a step short of the end, as on a full circle."""
    if count == 1:
        return [(cx + r * math.cos(math.radians(start)), cy + r * math.sin(math.radians(start)))]
    step = extent / (count if closed else count - 1)
    return [(cx + r * math.cos(math.radians(start + i * step)), cy + r * math.sin(math.radians(start + i * step)))
            for i in range(count)]


def along(points: Sequence[Pt], count: int, closed: bool) -> list[Pt]:
    """Points equally spaced along a polyline (first point first; ``closed``: back to it)."""
    pts = [*points, points[0]] if closed else list(points)
    legs = [math.dist(a, b) for a, b in itertools.pairwise(pts)]
    total = sum(legs)
    if count == 1 or total == 0:
        return [pts[0]] * count
    step = total / (count if closed else count - 1)
    out = []
    for i in range(count):
        d = min(i * step, total)
        k = 0
        while k < len(legs) - 1 and d > legs[k]:
            d -= legs[k]
            k += 1
        f = d / legs[k] if legs[k] else 0.0
        (ax, ay), (bx, by) = pts[k], pts[k + 1]
        out.append((ax + (bx - ax) * f, ay + (by - ay) * f))
    return out


def spiral(cx: float, cy: float, outer: float, inner: float, turns: float, start: float, count: int) -> list[Pt]:
    """Points equally spaced along an Archimedean spiral, from ``outer`` radius at angle ``start``
    inwards, clockwise, to ``inner`` radius after ``turns`` turns."""
    n = max(64, int(turns * 256))
    curve = []
    for k in range(n + 1):
        f = k / n
        a = math.radians(start + 360.0 * turns * f)
        r = outer + (inner - outer) * f
        curve.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return along(curve, count, closed=False)
