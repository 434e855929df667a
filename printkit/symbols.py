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
    segs: list[Segment] = []
    for y, length in ((-0.28, 0.8), (0.0, 0.95), (0.28, 0.7)):
        x0 = -0.48
        segs += _poly([(x0, y - 0.055), (x0 + length - 0.1, y - 0.055), (x0 + length - 0.1, y + 0.055), (x0, y + 0.055)])
        segs += _circle(0.1, x0 + length - 0.12, y - 0.045)
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
}
"""Every symbol a layout may name; docs/format.md lists these names."""


@cache
def symbol_segments(name: str) -> tuple[Segment, ...]:
    """The symbol's path segments, built once per name."""
    return tuple(SYMBOLS[name]())
