"""What a drawn face looks like to a player: its colours, its words, what each text sits on.

The proof's checks of colour and text read a face through these few functions, never the
layout that made it, so they judge what prints:

* :func:`layers`: the face's painted shapes and texts in paint order, in face coordinates;
* :func:`colour_areas`: how much of each colour a face shows (fills by area, lines by ink);
* :func:`backdrop`: the colour under a point, as painted before a given layer;
* :func:`text_boxes`: each text's box, and the colours it sits on;
* :func:`paragraphs`: the texts as a reader reads them (wrapped lines joined, split into sentences);
* :func:`shape_key`: a face with its colours left out, to tell whether two pieces differ in
  anything but colour (a symbol, a label, a figure).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from printkit.drawing import (
    IDENTITY,
    INK,
    Circle,
    Drawing,
    Image,
    Matrix,
    Paint,
    Path,
    Rect,
    Text,
    apply,
    as_path,
    transformed,
    walk,
)

Point = tuple[float, float]
Box = tuple[float, float, float, float]
PAPER = "#ffffff"
"""The colour under everything a face paints: the paper."""


@dataclass(frozen=True)
class Layer:
    """One painted shape in face coordinates: its outline (sampled), bounds and paint; or a text."""

    index: int
    loops: tuple[tuple[Point, ...], ...]
    box: Box
    fill: str | None
    stroke: str | None
    width: float
    text: Text | None = None
    matrix: Matrix = IDENTITY

    def contains(self, x: float, y: float) -> bool:
        """The point lies inside the filled outline (even-odd over its loops)."""
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        inside = False
        for loop in self.loops:
            for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1], strict=True):
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
        return inside


def loops(path: Path, step: float = 1.0) -> list[tuple[Point, ...]]:
    """A path's subpaths as point loops (Béziers sampled about every ``step`` mm)."""
    out: list[tuple[Point, ...]] = []
    cur: list[Point] = []
    for seg in path.segments:
        op = seg[0]
        if op == "M":
            if len(cur) > 1:
                out.append(tuple(cur))
            cur = [(float(seg[1]), float(seg[2]))]
        elif op == "L":
            cur.append((float(seg[1]), float(seg[2])))
        elif op == "C" and cur:
            p0 = cur[-1]
            p1, p2, p3 = (float(seg[1]), float(seg[2])), (float(seg[3]), float(seg[4])), (float(seg[5]), float(seg[6]))
            n = max(2, int((math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)) / step))
            for k in range(1, n + 1):
                t = k / n
                a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                cur.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    if len(cur) > 1:
        out.append(tuple(cur))
    return out


def _bounds(pts: list[Point]) -> Box:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def layers(drawing: Drawing, roles: tuple[str, ...] = ("art",)) -> list[Layer]:
    """The painted shapes and texts of ``drawing`` (of ``roles``) in paint order, in its coordinates
    (images count as a fill of unknown colour: ``fill`` ``"image"``)."""
    out: list[Layer] = []
    for shape, m in walk(drawing.children, drawing.defs):
        if shape.role not in roles:
            continue
        if isinstance(shape, Text):
            out.append(Layer(len(out), (), text_box(shape, m), None, None, 0.0, shape, m))
            continue
        if isinstance(shape, Image):
            pts = [apply(m, x, y) for x, y in ((shape.x, shape.y), (shape.x + shape.w, shape.y),
                                               (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h))]
            out.append(Layer(len(out), (tuple(pts),), _bounds(pts), "image", None, 0.0))
            continue
        paint: Paint = shape.paint
        if paint.opacity < 0.5 or (not paint.fill and not paint.stroke):
            continue
        rings = loops(transformed(as_path(shape), m))
        pts = [p for ring in rings for p in ring]
        if not pts:
            continue
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        out.append(Layer(len(out), tuple(rings), _bounds(pts), paint.fill.lower() if paint.fill else None,
                         paint.stroke.lower() if paint.stroke else None, paint.width * scale))
    return out


def _area(ring: tuple[Point, ...]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True))) / 2


def _length(ring: tuple[Point, ...]) -> float:
    return sum(math.dist(a, b) for a, b in zip(ring, ring[1:], strict=False))


def colour_areas(drawing: Drawing) -> Counter[str]:
    """mm² of each colour a face shows as painted (a fill by its area, a line by its length x width,
    a text by its box), later paint not subtracted: a measure of what catches the eye."""
    out: Counter[str] = Counter()
    for layer in layers(drawing):
        if layer.text is not None:
            x0, y0, x1, y1 = layer.box
            out[layer.text.fill.lower()] += (x1 - x0) * (y1 - y0) * 0.3  # ink is about a third of a text's box
            continue
        if layer.fill and layer.fill != "image":
            out[layer.fill] += sum(_area(r) for r in layer.loops)
        if layer.stroke:
            out[layer.stroke] += sum(_length(r) for r in layer.loops) * layer.width
    return out


def backdrop(stack: list[Layer], x: float, y: float, below: int, paper: str = PAPER) -> str:
    """The colour under (x, y) painted before layer ``below``: the last fill there, else ``paper``."""
    for layer in reversed(stack[:below]):
        if layer.fill and layer.text is None and layer.contains(x, y):
            return layer.fill
    return paper


ASCENT = 0.72
"""A text's ink rises about this share of its size above the baseline (capitals; DejaVu's are 0.73)."""
DESCENT = 0.2


def text_box(text: Text, m: Matrix = IDENTITY) -> Box:
    """The box a text's ink takes, in face coordinates (its width from the font's metrics)."""
    from printkit.render.fonts import text_width

    w = text_width(text.text, text.font, text.size)
    x0 = text.x - {"start": 0.0, "middle": w / 2, "end": w}[text.anchor]
    corners = [apply(m, x, y) for x, y in ((x0, text.y - ASCENT * text.size), (x0 + w, text.y - ASCENT * text.size),
                                           (x0 + w, text.y + DESCENT * text.size), (x0, text.y + DESCENT * text.size))]
    return _bounds(corners)


def samples(layer: Layer) -> list[Point]:
    """Points of a text's box where its letters sit: along the middle of its x-height."""
    text = layer.text
    assert text is not None
    from printkit.render.fonts import text_width

    w = text_width(text.text, text.font, text.size)
    x0 = text.x - {"start": 0.0, "middle": w / 2, "end": w}[text.anchor]
    y = text.y - 0.3 * text.size
    return [apply(layer.matrix, x0 + w * k / 8, y) for k in (1, 3, 4, 5, 7)]


@dataclass(frozen=True)
class TextSpot:
    """A text and what it sits on: the colours under its letters."""

    text: Text
    box: Box
    under: tuple[str, ...]


def text_boxes(drawing: Drawing, paper: str = PAPER) -> list[TextSpot]:
    """Every non-blank text of a face with the colours painted under its letters."""
    stack = layers(drawing)
    out = []
    for layer in stack:
        if layer.text is None or not layer.text.text.strip():
            continue
        under = tuple(dict.fromkeys(backdrop(stack, x, y, layer.index, paper) for x, y in samples(layer)))
        out.append(TextSpot(layer.text, layer.box, under))
    return out


_SENTENCE = re.compile(r"(?<=[.!?;:])\s+")


def paragraphs(drawing: Drawing) -> list[str]:
    """The face's texts as sentences: lines of one wrapped text (same left edge, size and font,
    one line below the other) joined, then split where a sentence ends."""
    blocks: list[list[Text]] = []
    for shape, _ in walk(drawing.children, drawing.defs):
        if not isinstance(shape, Text) or not shape.text.strip():
            continue
        last = blocks[-1][-1] if blocks else None
        if (last is not None and last.size == shape.size and last.font == shape.font and last.anchor == shape.anchor
                and abs(last.x - shape.x) < 1e-6 and 0 < shape.y - last.y <= 1.6 * shape.size):
            blocks[-1].append(shape)
        else:
            blocks.append([shape])
    out: list[str] = []
    for block in blocks:
        joined = " ".join(t.text.strip() for t in block)
        out += [s for s in _SENTENCE.split(joined) if s.strip()]
    return out


def shape_key(drawing: Drawing) -> tuple[Any, ...]:
    """The face with every colour left out: equal for two faces that differ only in colour."""
    out: list[Any] = []
    for shape, m in walk(drawing.children, drawing.defs):
        if shape.role != "art":
            continue
        mm = tuple(round(v, 3) for v in m)
        if isinstance(shape, Text):
            out.append((replace(shape, fill=INK), mm))
        elif isinstance(shape, Image):
            out.append((shape, mm))
        else:
            paint = shape.paint
            bare = Paint(fill="x" if paint.fill else None, stroke="x" if paint.stroke else None, width=paint.width,
                         dash=paint.dash)
            out.append((replace(shape, paint=bare), mm))
    return tuple(out)


def painted(drawing: Drawing) -> Iterator[tuple[Rect | Circle | Path, Matrix]]:
    """Every art outline shape of a face with its transform."""
    for shape, m in walk(drawing.children, drawing.defs):
        if shape.role == "art" and isinstance(shape, (Rect, Circle, Path)):
            yield shape, m


SIZABLE = 4.0
"""mm² of colour a layer must show to tell two pieces apart (a dot 2.3 mm across)."""


def apart(one: list[Layer], other: list[Layer], deficiency: str | None = None) -> tuple[float, str, str]:
    """How far apart two faces that differ only in colour look (their :func:`layers`): over their
    corresponding layers (the same shapes, painted in the same order) showing at least
    :data:`SIZABLE` mm² of colour, the largest CIEDE2000 difference, with the two colours (as seen
    with ``deficiency``, when given). (0.0, "", "") when no such layer differs in colour."""
    from printkit import colours

    def seen(c: str) -> str:
        return colours.simulate(c, deficiency) if deficiency else c  # type: ignore[arg-type]

    best = (0.0, "", "")
    for ca, cb in colour_pairs(one, other):
        d = colours.difference(seen(ca), seen(cb))
        if d > best[0]:
            best = (d, ca, cb)
    return best


def colour_pairs(one: list[Layer], other: list[Layer]) -> set[tuple[str, str]]:
    """The (colour, colour) pairs in which corresponding sizable layers of two faces differ."""
    out: set[tuple[str, str]] = set()
    for a, b in zip(one, other, strict=False):
        if a.text is not None:
            size = (a.box[2] - a.box[0]) * (a.box[3] - a.box[1]) * 0.3
            pairs = [(a.text.fill.lower(), b.text.fill.lower() if b.text else "", size)]
        else:
            pairs = [(a.fill or "", b.fill or "", sum(_area(r) for r in a.loops)),
                     (a.stroke or "", b.stroke or "", sum(_length(r) for r in a.loops) * a.width)]
        for ca, cb, size in pairs:
            if ca and cb and ca != cb and "image" not in (ca, cb) and size >= SIZABLE:
                out.add((ca, cb))
    return out
