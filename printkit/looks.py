"""What a drawn face looks like to a player: its colours, its words, what each text sits on.

The proof's checks of colour and text read a face through these few functions, never the
layout that made it, so they judge what prints:

* :func:`layers`: the face's painted shapes and texts in paint order, in face coordinates;
* :func:`backdrop`: the colour under a point, as painted before a given layer;
* :func:`text_boxes`: each text's box, and the colours it sits on;
* :func:`marks`: each mark (a symbol, a pip, an icon) and the colours it sits on;
* :func:`paragraphs`: the texts as a reader reads them (wrapped lines joined, split into sentences);
* :func:`shape_key`: a face with its colours left out, to tell whether two pieces differ in
  anything but colour (a symbol, a label, a figure).
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from printkit.drawing import (
    IDENTITY,
    Circle,
    Drawing,
    Group,
    Image,
    Matrix,
    Node,
    Paint,
    Path,
    Rect,
    Shape,
    Text,
    Use,
    apply,
    as_path,
    mat_mul,
    transformed,
    walk,
)

Point = tuple[float, float]
Box = tuple[float, float, float, float]
PAPER = "#ffffff"
"""The colour under everything a face paints: the paper."""


class Geometry:
    """Where a shape lies on a face: its outline as a path, its loops, bounds, points, area and the
    index of its edges by height, each made when first needed. Shared by every :class:`Layer` of the
    same shape at the same place (:func:`geometry`): a deck's background, frame and symbols sit on
    every face, and what was worked out on one face serves the next."""

    __slots__ = ("_area", "_bands", "_box", "_inward", "_loops", "_path", "_pts", "matrix", "shape")

    def __init__(self, shape: Rect | Circle | Path | None, matrix: Matrix = IDENTITY,
                 loops: tuple[tuple[Point, ...], ...] | None = None, box: Box | None = None) -> None:
        self.shape, self.matrix, self._loops, self._box = shape, matrix, loops, box
        self._path: Path | None = None
        self._pts: list[Point] | None = None
        self._bands: list[list[Edge]] | None = None
        self._area: float | None = None
        self._inward: list[Point] | None = None

    @property
    def box(self) -> Box:
        if self._box is None:
            self._box = _placed_box(self.shape, self.matrix) if self.shape is not None else (0.0, 0.0, 0.0, 0.0)
        return self._box

    @property
    def path(self) -> Path | None:
        if self._path is None and self.shape is not None:
            self._path = transformed(as_path(self.shape), self.matrix)
        return self._path

    @property
    def loops(self) -> tuple[tuple[Point, ...], ...]:
        if self._loops is None:
            path = self.path
            self._loops = tuple(loops(path)) if path is not None else ()
        return self._loops

    def points(self) -> list[Point]:
        if self._pts is None:
            path = self.path
            self._pts = _points(path) if path is not None else [p for r in self.loops for p in r]
        return self._pts

    @property
    def area(self) -> float:
        if self._area is None:
            pts = self.points()
            self._area = _shoelace(pts, self.path) if pts else 0.0
        return self._area

    def contains(self, x: float, y: float) -> bool:
        """The point lies inside the filled outline (even-odd over its loops)."""
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        if self._bands is None:  # an outline of many edges is indexed by height; a few are tested as they are
            self._bands = _bands(self.loops, y0, y1) if sum(len(r) for r in self.loops) > INDEXED else []
        inside = False
        if self._bands:
            rows = self._bands
            row = max(0, min(len(rows) - 1, int((y - y0) * (len(rows) / (y1 - y0))))) if y1 > y0 else 0
            for ax, ay, bx, by in rows[row]:
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
            return inside
        for loop in self.loops:
            for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1], strict=True):
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
        return inside

    def inward(self) -> list[Point]:
        """Points inside the shape: its centre and four points a fifth of the way in from its outline."""
        if self._inward is None:
            x0, y0, x1, y1 = self.box
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            ring = [p for loop in self.loops for p in loop]
            edge = ring[:: max(1, len(ring) // 4)][:4]
            self._inward = [p for p in [(cx, cy), *((x + 0.2 * (cx - x), y + 0.2 * (cy - y)) for x, y in edge)]
                            if self.contains(*p)]
        return self._inward


# The geometry of a shape placed by a transform, by (id(shape), matrix): the same shapes (a card's
# background, frame, symbols) sit on every face of a deck at the same place. The geometry keeps the
# shape, so its id cannot be reused while the entry lives, and a hit is checked with ``is``; emptied
# when full (kept small: a deck of 10,000 cards may give each face its own background or icon).
_PLACED: dict[tuple[int, Matrix], Geometry] = {}
_PLACED_MAX = 256
_NOWHERE = Geometry(None, IDENTITY, (), None)
"""The geometry of a text's layer: no outline (its box is the text's own)."""


def geometry(shape: Rect | Circle | Path, m: Matrix) -> Geometry:
    """The :class:`Geometry` of ``shape`` placed by ``m``, one per shape and place."""
    key = (id(shape), m)
    hit = _PLACED.get(key)
    if hit is not None and hit.shape is shape:
        return hit
    if len(_PLACED) >= _PLACED_MAX:
        _PLACED.clear()
    geo = _PLACED[key] = Geometry(shape, m)
    return geo


class Layer:
    """One painted shape in face coordinates: its bounds and paint, its outline (sampled when first
    needed: its :class:`Geometry`, shared by the layers of one shape at one place), its area and ink;
    or a text (``text``, with its transform)."""

    __slots__ = ("_tbox", "fill", "geo", "index", "matrix", "picture", "shape", "stroke", "text", "width")

    def __init__(self, index: int, loops: tuple[tuple[Point, ...], ...] | None, box: Box | None, fill: str | None,
                 stroke: str | None, width: float, text: Text | None = None, matrix: Matrix = IDENTITY,
                 shape: Rect | Circle | Path | None = None, picture: bool = False) -> None:
        self.index, self.fill, self.stroke, self.width = index, fill, stroke, width
        self.text, self.matrix, self.shape, self.picture = text, matrix, shape, picture
        self._tbox: Box | None = None
        if shape is not None and loops is None and box is None:
            self.geo = geometry(shape, matrix)
        elif text is not None:
            self.geo = _NOWHERE
        else:
            self.geo = Geometry(shape, matrix, loops, box)

    @property
    def box(self) -> Box:
        """Its bounds in face coordinates (a box around them for a curve; a text's ink), made when first needed."""
        if self.text is not None:
            if self._tbox is None:
                self._tbox = text_box(self.text, self.matrix)
            return self._tbox
        return self.geo.box

    @property
    def path(self) -> Path | None:
        """The shape's outline as a path in face coordinates (made when first needed)."""
        return self.geo.path

    @property
    def area(self) -> float:
        """mm² the shape covers (a text: about a third of its box, the share ink takes)."""
        if self.text is not None:
            return (self.box[2] - self.box[0]) * (self.box[3] - self.box[1]) * 0.3
        return self.geo.area

    @property
    def ink(self) -> float:
        """mm² of its outline's stroke: length x width."""
        pts = self.geo.points()
        return _perimeter(pts) * self.width if pts else 0.0

    @property
    def loops(self) -> tuple[tuple[Point, ...], ...]:
        return self.geo.loops

    def contains(self, x: float, y: float) -> bool:
        """The point lies inside the filled outline (even-odd over its loops)."""
        return self.geo.contains(x, y)


Edge = tuple[float, float, float, float]
INDEXED = 48
"""An outline of more points than this is indexed by height for testing points against it."""


def _bands(rings: tuple[tuple[Point, ...], ...], y0: float, y1: float) -> list[list[Edge]]:
    """The edges of the loops (each closed), sorted into horizontal bands of the box from y0 to y1
    by the heights they span: a point is tested against the edges of its band alone."""
    edges = [(ax, ay, bx, by) for r in rings for (ax, ay), (bx, by) in zip(r, r[1:] + r[:1], strict=True) if ay != by]
    n = max(1, min(64, len(edges) // 4)) if y1 > y0 else 1
    rows: list[list[Edge]] = [[] for _ in range(n)]
    scale = n / (y1 - y0) if y1 > y0 else 0.0  # as Layer.contains finds a point's band
    for e in edges:
        lo, hi = (e[1], e[3]) if e[1] < e[3] else (e[3], e[1])
        for row in range(max(0, min(n - 1, int((lo - y0) * scale))), max(0, min(n - 1, int((hi - y0) * scale))) + 1):
            rows[row].append(e)
    return rows


def placed(shape: Rect | Circle | Path, m: Matrix) -> Path:
    """``shape`` as a path through ``m``, made once per shape and place (see :func:`geometry`)."""
    path = geometry(shape, m).path
    assert path is not None
    return path


def _placed_box(shape: Rect | Circle | Path, m: Matrix) -> Box:
    """The bounds of ``shape`` placed by ``m`` (a box around a curve)."""
    local = _local_box(shape)
    if local is None:
        return (0.0, 0.0, 0.0, 0.0)
    x0, y0, x1, y1 = local
    return _bounds([apply(m, x0, y0), apply(m, x1, y0), apply(m, x1, y1), apply(m, x0, y1)])


def _points(path: Path) -> list[Point]:
    """A path's points, control points included (its curves lie within their hull)."""
    out: list[Point] = []
    for seg in path.segments:
        if len(seg) > 1:
            coords = map(float, seg[1:])
            out += zip(coords, coords)  # (x, y) pairs
    return out


def _shoelace(pts: list[Point], path: Path | None) -> float:
    """Area by the shoelace formula over each subpath's points (curves by their control points)."""
    if path is None:
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2
    total, cur = 0.0, list[Point]()
    for seg in path.segments:
        if seg[0] == "M":
            total += abs(_ring_area(cur))
            cur = []
        vals = seg[1:]
        cur += [(float(vals[i]), float(vals[i + 1])) for i in range(0, len(vals), 2)]
    return total + abs(_ring_area(cur))


def _ring_area(ring: list[Point]) -> float:
    if len(ring) < 3:
        return 0.0
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)) / 2


def _perimeter(pts: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(pts))


def loops(path: Path, step: float = 1.0, close: bool = False) -> list[tuple[Point, ...]]:
    """A path's subpaths as point loops (Béziers sampled about every ``step`` mm; with ``close``, a
    closed subpath ends on its first point again)."""
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
            (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
            cur += [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3) for a, b, c, d in _weights(n)]
        elif op == "Z" and cur and close:
            cur.append(cur[0])
    if len(cur) > 1:
        out.append(tuple(cur))
    return out


_WEIGHTS: dict[int, list[tuple[float, float, float, float]]] = {}


def _weights(n: int) -> list[tuple[float, float, float, float]]:
    """The Bernstein weights of a cubic Bézier at t = 1/n, 2/n ... 1: the same for every curve sampled
    in ``n`` steps (a circle's four quarters, a deck's rounded corners), worked out once per ``n``."""
    hit = _WEIGHTS.get(n)
    if hit is None:
        hit = []
        for k in range(1, n + 1):
            t = k / n
            hit.append(((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3))
        if len(_WEIGHTS) < 4096:
            _WEIGHTS[n] = hit
    return hit


def _bounds(pts: list[Point]) -> Box:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def layers(drawing: Drawing, roles: tuple[str, ...] = ("art",)) -> list[Layer]:
    """The painted shapes and texts of ``drawing`` (of ``roles``) in paint order, in its coordinates
    (images count as a fill of unknown colour: ``fill`` ``"image"``; the shapes of SVG art, which
    alone say their fill rule, are a ``picture``)."""
    out: list[Layer] = []
    for shape, m, clip, art in _clipped(drawing.children, drawing.defs, IDENTITY, None, False):
        if shape.role not in roles:
            continue
        if clip is not None and not isinstance(shape, Text):
            # a shape clipped to a box counts only within it (art cut to its frame)
            inner = _local_box(shape) if not isinstance(shape, Image) else None
            if inner is not None:
                x0, y0, x1, y1 = inner
                b = _bounds([apply(m, x0, y0), apply(m, x1, y0), apply(m, x1, y1), apply(m, x0, y1)])
                if b[0] < clip[0] - 0.01 or b[1] < clip[1] - 0.01 or b[2] > clip[2] + 0.01 or b[3] > clip[3] + 0.01:
                    continue  # partly clipped away: what shows of it is not known here, leave it out
        if isinstance(shape, Text):
            out.append(Layer(len(out), (), None, None, None, 0.0, shape, m))
            continue
        if isinstance(shape, Image):
            pts = [apply(m, x, y) for x, y in ((shape.x, shape.y), (shape.x + shape.w, shape.y),
                                               (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h))]
            out.append(Layer(len(out), (tuple(pts),), _bounds(pts), "image", None, 0.0))
            continue
        paint: Paint = shape.paint
        if paint.opacity < 0.5 or (not paint.fill and not paint.stroke):
            continue
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) if paint.stroke else 1.0
        out.append(Layer(len(out), None, None, paint.fill.lower() if paint.fill else None,
                         paint.stroke.lower() if paint.stroke else None, paint.width * scale, matrix=m, shape=shape,
                         picture=art or paint.rule is not None))
    return out


def _clipped(nodes: Any, defs: dict[str, Drawing], m: Matrix, clip: Box | None,
             art: bool) -> Iterator[tuple[Any, Matrix, Box | None, bool]]:
    """Every shape with its transform, the box of the clips around it (None: not clipped) and whether
    it is SVG art cut to a shape of the art (a gradient's bands: the clip says its fill rule)."""
    for node in nodes:
        if isinstance(node, Group):
            inner = mat_mul(m, node.transform)
            box = clip
            inside = art or (node.clip is not None and node.clip.paint.rule is not None)
            if node.clip is not None:
                local = _local_box(node.clip)
                if local is not None:
                    x0, y0, x1, y1 = local
                    c = _bounds([apply(inner, x0, y0), apply(inner, x1, y0), apply(inner, x1, y1), apply(inner, x0, y1)])
                    box = c if clip is None else (max(c[0], clip[0]), max(c[1], clip[1]), min(c[2], clip[2]),
                                                  min(c[3], clip[3]))
            yield from _clipped(node.children, defs, inner, box, inside)
        elif isinstance(node, Use):
            sub = defs[node.ref]
            yield from _clipped(sub.children, {**defs, **sub.defs}, mat_mul(m, node.transform), clip, art)
        else:
            yield node, m, clip, art


_BOXES: dict[int, tuple[object, Box | None]] = {}


def _local_box(shape: Rect | Circle | Path) -> Box | None:
    """A box around a shape in its own coordinates (a path's: of all its points, control points
    included, which hold its curves), cached for shapes drawn many times (symbols, pips)."""
    hit = _BOXES.get(id(shape))
    if hit is not None and hit[0] is shape:
        return hit[1]
    box: Box | None
    if isinstance(shape, Rect):
        box = (shape.x, shape.y, shape.x + shape.w, shape.y + shape.h)
    elif isinstance(shape, Circle):
        box = (shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r)
    else:
        pts = _points(shape)
        box = _bounds(pts) if pts else None
    if len(_BOXES) > 50000:
        _BOXES.clear()
    _BOXES[id(shape)] = (shape, box)
    return box


def backdrop(stack: list[Layer], x: float, y: float, below: int, paper: str = PAPER) -> str:
    """The colour under (x, y) painted before layer ``below``: the last fill there, else ``paper``."""
    for layer in reversed(stack[:below]):
        if layer.fill and layer.text is None and layer.contains(x, y):
            return layer.fill
    return paper


ASCENT = 0.72
"""A text's ink rises about this share of its size above the baseline (capitals; DejaVu's are 0.73)."""
DESCENT = 0.2


def _advance(text: Text) -> float:
    """A text's width from the font's metrics (measured once per text node: a node measured already
    is read without calling into the render stage)."""
    width = text.advance
    if width is not None:
        return width
    from printkit.render.fonts import advance

    return advance(text)


def text_box(text: Text, m: Matrix = IDENTITY) -> Box:
    """The box a text's ink takes, in face coordinates (its width from the font's metrics)."""
    w = _advance(text)
    x0 = text.x - {"start": 0.0, "middle": w / 2, "end": w}[text.anchor]
    corners = [apply(m, x, y) for x, y in ((x0, text.y - ASCENT * text.size), (x0 + w, text.y - ASCENT * text.size),
                                           (x0 + w, text.y + DESCENT * text.size), (x0, text.y + DESCENT * text.size))]
    return _bounds(corners)


TextLine = tuple[Matrix, float, float, float]
"""Where a text's letters sit: its transform, its left end, its width and the middle of its x-height
(see :func:`text_line`)."""


def text_line(text: Text, m: Matrix = IDENTITY) -> TextLine:
    """Where a text's letters sit (its :func:`samples` follow from it alone): texts of a deck's cards
    that differ only in words of the same width sit on the same line."""
    w = _advance(text)
    return (m, text.x - {"start": 0.0, "middle": w / 2, "end": w}[text.anchor], w, text.y - 0.3 * text.size)


def line_samples(line: TextLine) -> list[Point]:
    """The points of a :func:`text_line` where its letters sit: along the middle of its x-height."""
    m, x0, w, y = line
    if m == IDENTITY:  # most texts: the same points as apply() gives, without it
        return [(x0 + w * k / 8, y) for k in (1, 3, 4, 5, 7)]
    return [apply(m, x0 + w * k / 8, y) for k in (1, 3, 4, 5, 7)]


def samples(layer: Layer) -> list[Point]:
    """Points of a text's box where its letters sit: along the middle of its x-height."""
    assert layer.text is not None
    return line_samples(text_line(layer.text, layer.matrix))


@dataclass(frozen=True)
class TextSpot:
    """A text and what it sits on: the colours under its letters."""

    text: Text
    under: tuple[str, ...]
    matrix: Matrix = IDENTITY
    """The text's transform on its face."""

    @property
    def box(self) -> Box:
        """The box the text's ink takes on its face."""
        return text_box(self.text, self.matrix)


def text_boxes(drawing: Drawing, paper: str = PAPER, memo: BackdropMemo | None = None,
               stack: list[Layer] | None = None) -> list[TextSpot]:
    """Every non-blank text of a face with the colours painted under its letters.

    ``memo``: the colours already found under points of other faces, by the fills painted before the
    text and the point (a deck's cards paint the same background, frame and symbols, and texts of
    the same width sit on the same points); kept for one reading of one kit. ``stack``: the face's
    :func:`layers`, when made already."""
    if memo is not None and stack is None:
        return [TextSpot(text, under, m) for text, under, m in text_colours(drawing, memo, paper)]
    stack = layers(drawing) if stack is None else stack
    out = []
    fills: list[object] = []  # what backdrop() reads of the layers painted so far
    below = -1  # the memo's number for those fills, found again only when a fill is painted
    for layer in stack:
        if layer.text is None:
            if layer.fill:
                fills.append(_fill_key(layer))
                below = -1
            continue
        if not layer.text.text.strip():
            continue
        if memo is None:
            under = tuple(dict.fromkeys(backdrop(stack, x, y, layer.index, paper) for x, y in samples(layer)))
        else:
            if below < 0:
                if len(memo.stacks) >= MEMO_TEXTS:  # numbers of fills start again: what was kept by them goes
                    memo.reset()
                below = memo.stacks.setdefault((paper, *fills), len(memo.stacks))
            under = _under(memo, stack, layer.index, below, text_line(layer.text, layer.matrix), paper)
        out.append(TextSpot(layer.text, under, layer.matrix))
    return out


MEMO_TEXTS = 4096
"""Texts whose verdict a :class:`BackdropMemo` keeps (a deck's texts on the same lines share them)."""
class Spot:
    """A filled layer on one height: its box's left and right, the layer, and the sorted x where its
    outline crosses the height, found when a point first falls within the box (see :meth:`BackdropMemo.under`)."""

    __slots__ = ("cross", "layer", "x0", "x1")

    def __init__(self, x0: float, x1: float, layer: Layer) -> None:
        self.x0, self.x1, self.layer = x0, x1, layer
        self.cross: list[float] | None = None


Row = list[tuple[Spot, str]]
"""The filled layers a height crosses, topmost first, each with its fill."""


def _under(memo: BackdropMemo, stack: list[Layer], index: int, below: int, line: TextLine, paper: str) -> tuple[str, ...]:
    """The colours under a text on ``line`` painted before layer ``index`` of ``stack`` (whose fills
    before it are ``below`` in ``memo.stacks``): read off the rows of its points' heights, once per line."""
    hit = memo.texts.get((below, line))
    if hit is None:  # a text on a new line (or on new fills)
        if len(memo.texts) >= MEMO_TEXTS:
            memo.texts.clear()
        hit = memo.texts[(below, line)] = tuple(dict.fromkeys(
            [memo.under(stack, below, x, y, index, paper) for x, y in line_samples(line)]))
    return hit


def text_colours(drawing: Drawing, memo: BackdropMemo, paper: str = PAPER) -> list[tuple[Text, tuple[str, ...], Matrix]]:
    """:func:`text_boxes` as (text, colours under it, its transform), read with ``memo``: faces that
    paint the same nodes but their own texts (a deck's cards, which differ in their words) are read
    as the first such face was, with their texts in the places of its texts."""
    found = _face_shape(drawing, memo, paper)
    if found is None:
        return [(spot.text, spot.under, spot.matrix) for spot in text_boxes(drawing, paper, memo, face_layers(drawing, memo))]
    out = []
    children, stack = drawing.children, found.stack
    for index, child, below in found.texts:
        text = cast(Text, children[child] if child is not None else stack[index].text)
        m = IDENTITY if child is not None else stack[index].matrix
        if text.text.strip():
            out.append((text, _under(memo, stack, index, below, text_line(text, m), paper), m))
    return out


@dataclass
class _Shape:
    """How a face paints, as :func:`text_colours` reuses it: its first face's nodes (kept, so the ids in the
    key stay theirs), layers, and each text layer's index, the face's own top-level text there (its
    index among the face's nodes; None: a text of a shared group) and the fills painted before it."""

    children: tuple[Any, ...]
    stack: list[Layer]
    texts: list[tuple[int, int | None, int]]
    marks: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)
    """What the contrast check found of the marks of a face of this shape: (outline, its key, the marks),
    one (the faces of a shape are mostly on one outline, one side); it goes with the shape when the memo
    lets it go."""


def _face_shape(drawing: Drawing, memo: BackdropMemo, paper: str) -> _Shape | None:
    """The :class:`_Shape` of faces painting the same nodes as ``drawing`` but their top-level texts
    (rects and circles by value, other nodes by identity); None for a face with shared drawings of its
    own (``defs``), or where its texts cannot be told apart."""
    if drawing.defs:
        return None
    children = drawing.children
    key = (paper, painted_alike(children))
    try:  # one lookup: faces of a deck are nearly all found
        found = memo.faces[key]
        memo.shape = (drawing, found)
        return found
    except KeyError:
        pass
    if len(memo.faces) >= MEMO_TEXTS or len(memo.stacks) >= MEMO_TEXTS:  # faces that each paint shapes of
        memo.reset()                                                         # their own (an icon on every card)
    stack = face_layers(drawing, memo)
    tops = [k for k, n in enumerate(children) if type(n) is Text and n.role == "art"]
    texts: list[tuple[int, int | None, int]] = []
    fills: list[object] = []
    j = 0
    for layer in stack:
        if layer.text is None:
            if layer.fill:
                fills.append(_fill_key(layer))
            continue
        child = None
        if j < len(tops) and layer.text is children[tops[j]] and layer.matrix == IDENTITY:
            child, j = tops[j], j + 1
        texts.append((layer.index, child, memo.stacks.setdefault((paper, *fills), len(memo.stacks))))
    own = [id(layer.text) for layer in stack if layer.text is not None]
    shape = _Shape(tuple(children), stack, texts) if j == len(tops) and len(set(own)) == len(own) else None
    memo.faces[key] = shape
    memo.shape = (drawing, shape)
    return shape


def face_layers(drawing: Drawing, memo: BackdropMemo) -> list[Layer]:
    """:func:`layers` of ``drawing``, made once for the face read last with ``memo`` (its texts and
    then its marks are read from the same layers)."""
    last = memo.last
    if last is not None and last[0] is drawing:
        return last[1]
    stack = layers(drawing)
    memo.last = (drawing, stack)
    return stack


@dataclass
class BackdropMemo:
    """The colours under points, by the filled layers painted before them (see :func:`text_boxes`)."""

    stacks: dict[tuple[object, ...], int] = field(default_factory=dict)
    texts: dict[tuple[int, TextLine], tuple[str, ...]] = field(default_factory=dict)
    """The colours under a text's letters, by the fills before it and its :func:`text_line`."""
    faces: dict[tuple[object, ...], _Shape | None] = field(default_factory=dict)
    """How faces paint, by their nodes but their texts (see :func:`text_colours`)."""
    rows: dict[tuple[int, float], Row] = field(default_factory=dict)
    """What the fills before a text paint along one height: the words of rich text sit on the same
    heights on every card of a deck, each at its own x (bounded: :data:`MEMO_ROWS`)."""
    cross: dict[tuple[object, float], Spot] = field(default_factory=dict)
    """One filled shape on one height its box spans, by :func:`_fill_key`: the background and frame of
    every card of a deck are read once."""
    fills: dict[int, list[tuple[Layer, str, object, Box]]] = field(default_factory=dict)
    """The fills of each stack of :attr:`stacks`, topmost first, with their :func:`_fill_key` and box."""
    last: tuple[Drawing, list[Layer]] | None = None
    """The face read last and its layers (see :func:`face_layers`)."""
    shape: tuple[Drawing, _Shape | None] | None = None
    """The face whose :class:`_Shape` was found last, and that shape: faces with the same shape paint the
    same nodes but their texts, so what is read of those nodes is read once per shape."""

    def reset(self) -> None:
        """Forget everything: the numbers of fills start again, and all that was kept by them goes."""
        for kept in (self.stacks, self.texts, self.faces, self.rows, self.cross, self.fills):
            kept.clear()

    def under(self, stack: list[Layer], below: int, x: float, y: float, index: int, paper: str = PAPER) -> str:
        """:func:`backdrop` of (x, y) before layer ``index``, whose fills are the memo's stack ``below``:
        read off the crossings of the fills with height ``y``, found once per height. The same answer
        as :meth:`Layer.contains` gives (its box, and an odd count of crossings right of x: the same
        sums in the same order), so the same colour."""
        row = self.rows.get((below, y))
        if row is None:
            if len(self.rows) >= MEMO_ROWS:
                self.rows.clear()
                self.cross.clear()
            row = self.rows[(below, y)] = []
            fills = self.fills.get(below)
            if fills is None:  # the fills before the text, topmost first, each with its key and box
                fills = self.fills[below] = [(layer, layer.fill, _fill_key(layer), layer.box)
                                             for layer in reversed(stack[:index]) if layer.fill and layer.text is None]
            spots = self.cross
            for layer, fill, fill_key, box in fills:
                if box[1] <= y <= box[3]:
                    key = (fill_key, y)  # the same shape at the same place on every card: read once
                    spot = spots.get(key)
                    if spot is None:
                        spot = spots[key] = Spot(box[0], box[2], layer)
                    row.append((spot, fill))
        for spot, fill in row:
            if spot.x0 <= x <= spot.x1:
                cross = spot.cross
                if cross is None:  # crossings only of a shape a point falls in the box of (not an icon ahead)
                    cross = spot.cross = crossings(spot.layer, y)
                if (len(cross) - bisect.bisect_right(cross, x)) % 2:
                    return fill
        return paper


MEMO_ROWS = 4096
"""Heights a :class:`BackdropMemo` keeps the crossings of."""


def crossings(layer: Layer, y: float) -> list[float]:
    """The x, sorted, where the edges of a layer's loops cross height ``y``, as :meth:`Layer.contains`
    computes them: (x, y) is inside when an odd number of them lie right of x."""
    out = []
    for loop in layer.loops:
        for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1], strict=True):
            if (ay > y) != (by > y):
                out.append(ax + (y - ay) * (bx - ax) / (by - ay))
    out.sort()
    return out


def painted_alike(children: list[Node] | tuple[Node, ...]) -> tuple[object, ...]:
    """What faces that paint the same but their own top-level texts (a deck's cards, which differ in
    their words) have in common: each text by its role, rects and circles by value, any other node by
    identity (kept alive by the caller's memo)."""
    return tuple(("t", n.role) if type(n) is Text else n if type(n) is Rect or type(n) is Circle else id(n)
                 for n in children)


def memo_key(shape: Shape) -> object:
    """A shape as a memo tells it apart: by value (equal ones cover alike), a path by identity (its
    segments are long to hash; kept alive by the kit for the memo's reading)."""
    return shape if type(shape) is not Path else id(shape)


def _fill_key(layer: Layer) -> object:
    """What decides where a filled layer covers a point and with what colour: its fill, its place and
    its shape (:func:`memo_key`; a picture by its corners)."""
    shape = layer.shape
    if shape is None:
        return (layer.fill, layer.loops)
    return (layer.fill, layer.matrix, memo_key(shape))


MARK = 0.4
"""A filled shape no more than this share of its piece across (both ways) is surely a mark (a symbol,
a pip, a dot): it may not run off the piece (the `inside` check)."""
SHADE = 10
"""sRGB steps (of 255) within which, in each channel, a shape is a shade of what it is painted on (a
gradient's band, a bleed strip or corner under its face, a part of a figure drawn in pieces): part
of that region (about 3 in CIEDE2000, a difference seen only side by side)."""
OUTLINE = 0.15
"""mm: an outline at least this wide is a mark's edge as much as its fill is."""
SPECK = 0.5
"""mm²: a filled shape smaller than this is no mark (a speck, a corner of a join)."""


@dataclass(frozen=True)
class MarkSpot:
    """A mark and what it sits on: its colours (its fill, and its outline when one is drawn) and the
    colours under it."""

    layer: Layer
    colours: tuple[str, ...]
    under: tuple[str, ...]


def _inward(layer: Layer) -> list[Point]:
    """Points inside a filled shape: its centre and four points a fifth of the way in from its outline."""
    return layer.geo.inward()


def _shade(a: str, b: str) -> bool:
    """Whether two ``#rrggbb`` colours are within :data:`SHADE` of each other in every channel."""
    if len(a) != 7 or len(b) != 7:
        return a == b
    return all(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) <= SHADE for i in (1, 3, 5))


def _overlapping(layers: list[Layer], box: Box) -> list[Layer]:
    """The filled shapes of ``layers`` whose bounds meet ``box``."""
    x0, y0, x1, y1 = box
    out = []
    for layer in layers:
        if layer.fill and layer.text is None:
            b = layer.box
            if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]:
                out.append(layer)
    return out


def marks(drawing: Drawing, limit: tuple[float, float, float], cut: Layer | None = None, paper: str = PAPER,
          ground: tuple[str, ...] = (), stack: list[Layer] | None = None,
          known: dict[tuple[object, ...], tuple[str, ...]] | None = None) -> list[MarkSpot]:
    """The marks of a face (filled shapes no more than ``limit`` = (width, height, area) in mm and mm²;
    not pictures,
    images and SVG art, nor shapes in a ``ground`` colour and all painted before the last of them: a
    net's bleed and glue tabs, painted before its faces) with the colours painted
    under them where they show: inside the piece's ``cut`` line (when given; what lies outside is
    cut away) and not hidden by later fills (bleed under a face). A colour under a mark that is a
    shade of its own (:data:`SHADE`) is left out, and a mark with none left is part of a larger
    region. ``stack``: the face's :func:`layers`, when made already. ``known``: the colours already
    found under marks of other faces, by the mark and the fills that meet it below and above (the
    symbols of a deck's cards sit on the same background, whatever else a card paints elsewhere);
    kept for one reading of one kit, with ``cut`` and ``paper`` the same."""
    stack = layers(drawing) if stack is None else stack
    grounds = [layer.index for layer in stack if layer.fill in ground and layer.text is None]
    out = []
    for layer in stack[grounds[-1] + 1 if grounds else 0:]:
        if layer.text is not None or layer.fill is None or layer.fill == "image" or layer.picture:
            continue
        x0, y0, x1, y1 = layer.box
        if x1 - x0 > limit[0] or y1 - y0 > limit[1] or not SPECK <= layer.area <= limit[2]:
            continue
        fill = layer.fill
        above = _overlapping(stack[layer.index + 1:], layer.box)
        below = _overlapping(stack[:layer.index], layer.box)
        key: tuple[object, ...] = ()
        under = None
        if known is not None:
            key = (_fill_key(layer), *map(_fill_key, above), None, *map(_fill_key, below))
            under = known.get(key)
        if under is None:
            shown = [(x, y) for x, y in _inward(layer)
                     if (cut is None or cut.contains(x, y)) and not any(a.contains(x, y) for a in above)]
            seen = dict.fromkeys(backdrop(below, x, y, len(below), paper) for x, y in shown)
            under = tuple(u for u in seen if u != "image" and not _shade(u, fill))
            if known is not None:
                if len(known) >= MEMO_TEXTS:
                    known.clear()
                known[key] = under
        if under:
            edge = (layer.stroke,) if layer.stroke and layer.width >= OUTLINE else ()
            out.append(MarkSpot(layer, (fill, *edge), under))
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
        if isinstance(shape, Text):
            out.append(("t", shape.x, shape.y, shape.text, shape.size, shape.font, shape.anchor, m))
        elif isinstance(shape, Path):
            out.append(("p", shape.segments, bool(shape.paint.fill), bool(shape.paint.stroke), shape.paint.width, m))
        elif isinstance(shape, Rect):
            out.append(("r", shape.x, shape.y, shape.w, shape.h, shape.r, bool(shape.paint.fill),
                        bool(shape.paint.stroke), shape.paint.width, m))
        elif isinstance(shape, Circle):
            out.append(("c", shape.cx, shape.cy, shape.r, bool(shape.paint.fill), bool(shape.paint.stroke),
                        shape.paint.width, m))
        else:
            out.append(("i", shape, m))
    return tuple(out)


SIZABLE = 4.0
"""mm² of colour a layer must show to tell two pieces apart (a dot 2.3 mm across)."""


def apart(one: list[Layer], other: list[Layer], deficiency: str | None = None) -> tuple[float, str, str]:
    """How far apart two faces that differ only in colour look (their :func:`layers`): over their
    corresponding layers (the same shapes, painted in the same order) showing at least
    :data:`SIZABLE` mm² of colour, the largest CIEDE2000 difference, with the two colours (as seen
    with ``deficiency``, when given). (0.0, "", "") when no such layer differs in colour."""
    from printkit import colours

    def seen(c: str) -> str:
        return colours.simulate(c, deficiency) if deficiency else c

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
            pairs = [(a.text.fill.lower(), b.text.fill.lower() if b.text else "", a.area)]
        else:
            pairs = [(a.fill or "", b.fill or "", a.area), (a.stroke or "", b.stroke or "", a.ink)]
        for ca, cb, size in pairs:
            if ca and cb and ca != cb and "image" not in (ca, cb) and size >= SIZABLE:
                out.add((ca, cb))
    return out
