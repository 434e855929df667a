"""A small library of named symbols, drawn as closed paths in a unit box.

Symbols let a face show meaning without colour (element icons, pips, suits), so
a colour-blind player or a black-and-white print still reads every piece.
Each symbol is defined in a box from -0.5 to 0.5 and scaled on use.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from printkit.drawing import Segment, arc_segments

Builder = Callable[[], list[Segment]]


def _poly(points: list[tuple[float, float]]) -> list[Segment]:
    segs: list[Segment] = [("M", *points[0])]
    segs += [("L", *p) for p in points[1:]]
    segs.append(("Z",))
    return segs


def _regular(n: int, r: float = 0.5, start: float = -90.0) -> list[Segment]:
    return _poly([
        (r * math.cos(math.radians(start + i * 360 / n)), r * math.sin(math.radians(start + i * 360 / n)))
        for i in range(n)
    ])


def _star(n: int, outer: float = 0.5, inner: float = 0.2) -> list[Segment]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + i * 180 / n)
        pts.append((r * math.cos(a), r * math.sin(a)))
    return _poly(pts)


def _circle(r: float = 0.5, cx: float = 0.0, cy: float = 0.0) -> list[Segment]:
    return [("M", cx + r, cy), *arc_segments(cx, cy, r, 0, 360), ("Z",)]


def _flame() -> list[Segment]:
    return [
        ("M", 0.0, -0.5),
        ("C", 0.12, -0.28, 0.38, -0.12, 0.36, 0.14),
        ("C", 0.34, 0.38, 0.18, 0.5, 0.0, 0.5),
        ("C", -0.18, 0.5, -0.36, 0.38, -0.36, 0.16),
        ("C", -0.36, -0.02, -0.22, -0.08, -0.16, -0.26),
        ("C", -0.06, -0.12, -0.02, -0.02, 0.02, -0.04),
        ("C", 0.08, -0.2, 0.04, -0.36, 0.0, -0.5),
        ("Z",),
    ]


def _drop() -> list[Segment]:
    return [
        ("M", 0.0, -0.5),
        ("C", 0.1, -0.3, 0.34, -0.06, 0.34, 0.16),
        ("C", 0.34, 0.36, 0.18, 0.5, 0.0, 0.5),
        ("C", -0.18, 0.5, -0.34, 0.36, -0.34, 0.16),
        ("C", -0.34, -0.06, -0.1, -0.3, 0.0, -0.5),
        ("Z",),
    ]


def _wind() -> list[Segment]:
    """Three bars, each ending in a dot: each bar and its dot one outline, since fills use the even-odd
    rule and a dot drawn over its bar would cut a notch where the two overlap."""
    segs: list[Segment] = []
    r, half = 0.1, 0.055
    for y, length in ((-0.28, 0.8), (0.0, 0.95), (0.28, 0.7)):
        x0 = -0.48
        cx, cy = x0 + length - 0.12, y - 0.045  # the dot sits high; the bar's lower edge is tangent to it
        dy = (y - half) - cy  # the bar's upper edge, relative to the dot's centre
        dx = math.sqrt(r * r - dy * dy)
        start = math.degrees(math.atan2(dy, -dx))  # where the upper edge meets the dot, on its left
        segs += [("M", x0, y - half), ("L", cx - dx, y - half)]
        segs += arc_segments(cx, cy, r, start, (90.0 - start) % 360.0)  # over the top, round to the bottom
        segs += [("L", x0, cy + r), ("Z",)]
    return segs


def _mountain() -> list[Segment]:
    return _poly([(-0.5, 0.4), (-0.15, -0.3), (0.02, -0.02), (0.18, -0.4), (0.5, 0.4)])


def _leaf() -> list[Segment]:
    return [
        ("M", -0.4, 0.45),
        ("C", -0.45, 0.0, -0.1, -0.45, 0.45, -0.45),
        ("C", 0.45, 0.1, 0.0, 0.45, -0.4, 0.45),
        ("Z",),
    ]


def _cross() -> list[Segment]:
    t = 0.14
    return _poly([(-t, -0.5), (t, -0.5), (t, -t), (0.5, -t), (0.5, t), (t, t), (t, 0.5), (-t, 0.5), (-t, t), (-0.5, t), (-0.5, -t), (-t, -t)])


def _ring() -> list[Segment]:
    return _circle(0.5) + _circle(0.32)


def _heart() -> list[Segment]:
    return [
        ("M", 0.0, 0.46),
        ("C", -0.35, 0.2, -0.5, 0.0, -0.5, -0.18),
        ("C", -0.5, -0.38, -0.35, -0.48, -0.22, -0.48),
        ("C", -0.1, -0.48, -0.02, -0.4, 0.0, -0.3),
        ("C", 0.02, -0.4, 0.1, -0.48, 0.22, -0.48),
        ("C", 0.35, -0.48, 0.5, -0.38, 0.5, -0.18),
        ("C", 0.5, 0.0, 0.35, 0.2, 0.0, 0.46),
        ("Z",),
    ]


def _spade() -> list[Segment]:
    return [
        ("M", 0.0, -0.5),
        ("C", 0.3, -0.25, 0.5, -0.1, 0.5, 0.1),
        ("C", 0.5, 0.28, 0.36, 0.36, 0.24, 0.36),
        ("C", 0.14, 0.36, 0.07, 0.31, 0.04, 0.25),
        ("L", 0.16, 0.5),
        ("L", -0.16, 0.5),
        ("L", -0.04, 0.25),
        ("C", -0.07, 0.31, -0.14, 0.36, -0.24, 0.36),
        ("C", -0.36, 0.36, -0.5, 0.28, -0.5, 0.1),
        ("C", -0.5, -0.1, -0.3, -0.25, 0.0, -0.5),
        ("Z",),
    ]


def _club() -> list[Segment]:
    """Three lobes and a stem as one outline (the even-odd fill would punch holes where shapes overlap)."""
    r = 0.22
    top, left, right = (0.0, -0.26), (-0.245, 0.08), (0.245, 0.08)

    def meet(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        """The outer crossing of two lobes (the one away from the middle)."""
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy)
        h = math.sqrt(r * r - (d / 2) ** 2)
        p1 = (mx - dy / d * h, my + dx / d * h)
        p2 = (mx + dy / d * h, my - dx / d * h)
        return max(p1, p2, key=lambda p: math.hypot(p[0], p[1] + 0.04))

    def angle(c: tuple[float, float], p: tuple[float, float]) -> float:
        return math.degrees(math.atan2(p[1] - c[1], p[0] - c[0]))

    def sweep(a0: float, a1: float) -> float:
        return (a1 - a0) % 360.0

    tl, tr = meet(top, left), meet(top, right)
    stem_r, stem_l = (0.05, 0.2), (-0.05, 0.2)
    end_l = (left[0] + r * math.cos(math.radians(25)), left[1] + r * math.sin(math.radians(25)))
    segs: list[Segment] = [("M", *tl)]
    segs += arc_segments(*top, r, angle(top, tl), sweep(angle(top, tl), angle(top, tr)))
    segs += arc_segments(*right, r, angle(right, tr), sweep(angle(right, tr), 155.0))
    segs += [("L", *stem_r), ("L", 0.17, 0.5), ("L", -0.17, 0.5), ("L", *stem_l), ("L", *end_l)]
    segs += arc_segments(*left, r, 25.0, sweep(25.0, angle(left, tl)))
    segs.append(("Z",))
    return segs


SYMBOLS: dict[str, Builder] = {
    "circle": _circle,
    "pip": lambda: _circle(0.5),
    "ring": _ring,
    "square": lambda: _poly([(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]),
    "diamond": lambda: _poly([(0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)]),
    "triangle": lambda: _regular(3, 0.55, -90),
    "hexagon": lambda: _regular(6, 0.5, 0),
    "star": lambda: _star(5),
    "sparkle": lambda: _star(4, 0.5, 0.13),
    "cross": _cross,
    "flame": _flame,
    "drop": _drop,
    "wind": _wind,
    "mountain": _mountain,
    "leaf": _leaf,
    "heart": _heart,
    "spade": _spade,
    "club": _club,
}
"""Every symbol a layout may name; docs/format.md lists these names."""


@cache
def symbol_segments(name: str) -> tuple[Segment, ...]:
    """The symbol's path segments, built once per name."""
    return tuple(SYMBOLS[name]())
