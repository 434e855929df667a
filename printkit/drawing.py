"""The backend-free drawing tree, in millimetres with y pointing down.

Every component is drawn once into this tree; the SVG and PDF backends in
``printkit.render`` each render the same tree. Shapes carry a *role* so one tree
yields an art print, a cut file or a dieline. Paths use only M/L/C/Z segments:
arcs are turned into cubic Béziers here, so backends never need arc maths.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Literal

Role = Literal["art", "cut", "fold", "guide"]
ROLES: tuple[Role, ...] = ("art", "fold", "cut", "guide")

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mat_mul(m: Matrix, n: Matrix) -> Matrix:
    """Compose two affine matrices: apply ``n`` first, then ``m``."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """Rotation clockwise on the page (y points down), about (cx, cy)."""
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    rot: Matrix = (c, s, -s, c, 0.0, 0.0)
    return mat_mul(translate(cx, cy), mat_mul(rot, translate(-cx, -cy)))


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass(frozen=True, slots=True)
class Paint:
    """How a shape is filled and stroked. Colours are ``#rrggbb`` strings."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    rule: Literal["evenodd", "nonzero"] | None = None
    """Fill (and clip) rule: None is printkit's own even-odd, so a shape inside a shape is a hole;
    SVG art says which rule its file gives."""
    cap: Literal["round", "square"] | None = None
    """Line ends: None is butt (the line stops at its end point)."""
    join: Literal["round", "bevel"] | None = None
    """Corners: None is mitred."""


INK = "#000000"
CUT = Paint(stroke=INK, width=0.2)
FOLD = Paint(stroke=INK, width=0.2, dash=(2.0, 1.5))
GUIDE = Paint(stroke=INK, width=0.2)


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    paint: Paint = Paint(fill=INK)
    role: Role = "art"
    r: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint = Paint(fill=INK)
    role: Role = "art"


Segment = tuple[float | str, ...]


@dataclass(frozen=True, slots=True)
class Path:
    """A path of ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y) and ("Z",)."""

    segments: tuple[Segment, ...]
    paint: Paint = Paint(stroke=INK)
    role: Role = "art"

    @property
    def closed(self) -> bool:
        subpaths = [s for s in self.segments if s[0] == "M"]
        return bool(self.segments) and self.segments[-1][0] == "Z" and len(subpaths) == sum(
            1 for s in self.segments if s[0] == "Z"
        )


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text. ``size`` is the font size in mm; ``y`` is the baseline."""

    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    font: str = "regular"
    anchor: Literal["start", "middle", "end"] = "start"
    role: Role = "art"
    advance: float | None = field(default=None, init=False, repr=False, compare=False)
    """Its width (mm) at its size in its font, once measured (:func:`printkit.render.fonts.advance`): a
    text is measured once, however many stages read it (drawing, the PDF, the proof). Not part of its
    value; a text made from another (``replace``) is measured anew."""


def measured_text(x: float, y: float, text: str, size: float, fill: str, font: str,
                  anchor: Literal["start", "middle", "end"], advance: float) -> Text:
    """``Text(x, y, text, size, fill, font, anchor)`` already measured (its :attr:`Text.advance`), made
    without the dataclass's ``__init__`` (a frozen class sets each field through ``object.__setattr__``):
    a deck's text makes tens of thousands of lines."""
    node = _new_text(Text)
    _set_x(node, x)
    _set_y(node, y)
    _set_text(node, text)
    _set_size(node, size)
    _set_fill(node, fill)
    _set_font(node, font)
    _set_anchor(node, anchor)
    _set_role(node, "art")
    _set_advance(node, advance)
    return node


_new_text = object.__new__
(_set_x, _set_y, _set_text, _set_size, _set_fill, _set_font, _set_anchor, _set_role, _set_advance) = (
    getattr(Text, name).__set__ for name in ("x", "y", "text", "size", "fill", "font", "anchor", "role", "advance"))
"""The slots of :class:`Text`, set directly (a test holds these to its fields, in order)."""


@dataclass(frozen=True, slots=True)
class Image:
    """A raster picture (the bytes of a PNG or JPEG file) drawn over the box (x, y, w, h)."""

    x: float
    y: float
    w: float
    h: float
    data: bytes = field(repr=False)
    format: Literal["png", "jpeg"] = "png"
    role: Role = "art"


@dataclass(frozen=True, slots=True)
class Use:
    """A reference to a shared drawing in ``Drawing.defs`` (a PDF form, an SVG ``<use>``)."""

    ref: str
    transform: Matrix = IDENTITY


@dataclass(frozen=True, slots=True)
class Note:
    """What drawing noticed for the proof, carried in the tree with the nodes it is about (so it
    survives caches and worker processes): a text that does not fit its box, an element off its
    piece. No backend draws it."""

    element: str
    """The element's key path, e.g. ``layouts.card.elements[2]``."""
    problem: str
    """What is wrong, in a reader's words (the text itself quoted, the sizes)."""


@dataclass(frozen=True, slots=True)
class Group:
    children: tuple[Node, ...]
    transform: Matrix = IDENTITY
    clip: Rect | Path | Circle | None = None
    note: Note | None = None


Node = Rect | Circle | Path | Text | Image | Use | Group
Shape = Rect | Circle | Path | Text | Image


@dataclass(slots=True)
class Drawing:
    """A page or a piece: its size in mm, its nodes and the shared drawings it uses.

    ``box`` is the visible area (x, y, w, h); for a piece with bleed it starts at
    (-bleed, -bleed), so the trim rectangle is always (0, 0, width, height).
    """

    width: float
    height: float
    children: list[Node] = field(default_factory=list)
    defs: dict[str, Drawing] = field(default_factory=dict)
    bleed: float = 0.0

    @property
    def box(self) -> tuple[float, float, float, float]:
        b = self.bleed
        return (-b, -b, self.width + 2 * b, self.height + 2 * b)

    def add(self, *nodes: Node) -> None:
        self.children.extend(nodes)


# --- geometry helpers -------------------------------------------------------


def polygon(points: Sequence[tuple[float, float]], paint: Paint, role: Role = "art") -> Path:
    segs: list[Segment] = [("M", *points[0])]
    segs += [("L", *p) for p in points[1:]]
    segs.append(("Z",))
    return Path(tuple(segs), paint, role)


def polyline(points: Sequence[tuple[float, float]], paint: Paint, role: Role = "art") -> Path:
    segs: list[Segment] = [("M", *points[0])]
    segs += [("L", *p) for p in points[1:]]
    return Path(tuple(segs), paint, role)


def line(x1: float, y1: float, x2: float, y2: float, paint: Paint, role: Role = "art") -> Path:
    return Path((("M", x1, y1), ("L", x2, y2)), paint, role)


def arc_segments(
    cx: float, cy: float, r: float, start: float, extent: float
) -> list[Segment]:
    """Cubic Bézier segments for a circular arc (angles in degrees, clockwise on the page).

    The first segment is *not* a move: callers start the path at the arc's start point.
    """
    n = max(1, math.ceil(abs(extent) / 90.0 - 1e-9))
    step = math.radians(extent) / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    segs: list[Segment] = []
    a = math.radians(start)
    for _ in range(n):
        b = a + step
        x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
        x3, y3 = cx + r * math.cos(b), cy + r * math.sin(b)
        x1, y1 = x0 - k * r * math.sin(a), y0 + k * r * math.cos(a)
        x2, y2 = x3 + k * r * math.sin(b), y3 - k * r * math.cos(b)
        segs.append(("C", x1, y1, x2, y2, x3, y3))
        a = b
    return segs


def arc_point(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def walk(
    nodes: Iterable[Node], defs: dict[str, Drawing], m: Matrix = IDENTITY
) -> Iterator[tuple[Shape, Matrix]]:
    """Every shape under ``nodes`` with its full transform, references expanded."""
    for node in nodes:
        if isinstance(node, Group):
            yield from walk(node.children, defs, mat_mul(m, node.transform))
        elif isinstance(node, Use):
            sub = defs[node.ref]
            yield from walk(sub.children, {**defs, **sub.defs}, mat_mul(m, node.transform))
        else:
            yield node, m


def bounds(shape: Shape, m: Matrix, measure: Callable[[str, str, float], float]) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) a shape covers under ``m``, or None for blank text. Texts are measured
    with ``measure(text, font, size)`` (the render stage's metrics), ascent 0.72 and descent 0.21 em;
    a curve counts by its control points (a box a little large, never too small)."""
    if isinstance(shape, Text):
        if not shape.text.strip():
            return None
        w = measure(shape.text, shape.font, shape.size)
        x0 = shape.x - {"start": 0.0, "middle": w / 2, "end": w}[shape.anchor]
        pts = [(x0, shape.y - shape.size * 0.72), (x0 + w, shape.y + shape.size * 0.21)]
    elif isinstance(shape, (Rect, Image)):
        pts = [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    elif isinstance(shape, Circle):
        pts = [(shape.cx - shape.r, shape.cy - shape.r), (shape.cx + shape.r, shape.cy + shape.r)]
    else:
        pts = [(float(s[i]), float(s[i + 1])) for s in shape.segments for i in range(1, len(s) - 1, 2)]
        if not pts:
            return None
    corners = [apply(m, x, y) for x, y in pts] + [apply(m, pts[0][0], pts[-1][1]), apply(m, pts[-1][0], pts[0][1])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def children_key(children: Sequence[Node]) -> tuple[object, ...]:
    """What a list of nodes prints, as a key: two lists have equal keys exactly when their reprs are
    equal (faces are told apart by what they print: a deck's variants that print alike are one face).

    Cheaper than the repr, and it holds next to nothing of its own: a group, path, rect or circle is its
    repr, made once and reused (the faces of a deck share most of their nodes: a background, a frame,
    a symbol, a back); a text is its fields as they are (a deck's texts are mostly each face's own, and
    their numbers cost the most to write out) when each is a string or a float other than zero, an
    infinity or NaN, which are equal exactly when their reprs are; any other node is its repr."""
    parts: list[object] = []
    for node in children:
        kind = type(node)
        if kind is Text:
            values = _text_fields(node)
            for value in values:
                if type(value) is not str and (type(value) is not float or not value or value - value != 0.0):
                    parts.append(_TEXT_REPR % values)  # 0.0 and -0.0 are equal but print apart; NaN is not equal
                    break
            else:
                parts.append(values)
        elif kind is Group or kind is Path or kind is Rect or kind is Circle:
            known = _REPRS.get(id(node))
            if known is None or known[0] is not node:
                if len(_REPRS) >= _REPRS_MAX:
                    _REPRS.clear()
                known = _REPRS[id(node)] = (node, repr(node))
            parts.append(known[1])
        else:
            parts.append(repr(node))
    return tuple(parts)


def designs(drawings: Sequence[Drawing]) -> list[object]:
    """A key per drawing: two are equal exactly when the drawings' sizes and :func:`children_key` are
    (what they print). A drawing whose size and words (its top-level texts' strings) no other has is
    keyed by those alone: a deck's cards, each with words of its own, are not read node by node."""
    rough = [(d.width, d.height, *[n.text if type(n) is Text and type(n.text) is str else None for n in d.children])
             for d in drawings]
    shared = Counter(rough)
    return [r if shared[r] == 1 else (r, children_key(d.children))  # a size is a number: never a pair
            for r, d in zip(rough, drawings, strict=True)]


_TEXT_FIELDS = tuple(f.name for f in fields(Text) if f.repr)
_TEXT_REPR = "Text(" + ", ".join(f"{name}=%r" for name in _TEXT_FIELDS) + ")"
"""repr(text) as the dataclass writes it, without its guard against recursion (a text holds none)."""
_text_fields = attrgetter(*_TEXT_FIELDS)

# The text of nodes by id; the node is kept in the value so its id cannot be reused by another
# object while the entry lives, and a hit is checked with ``is``. Emptied when full.
_REPRS: dict[int, tuple[Node, str]] = {}
_REPRS_MAX = 4096


def with_role(node: Shape, role: Role) -> Shape:
    return replace(node, role=role)


def as_path(shape: Rect | Circle | Path) -> Path:
    """Any outline shape as a path of M/L/C/Z segments (rounded corners and circles as Béziers)."""
    if isinstance(shape, Path):
        return shape
    if isinstance(shape, Circle):
        segs: list[Segment] = [("M", shape.cx + shape.r, shape.cy), *arc_segments(shape.cx, shape.cy, shape.r, 0, 360), ("Z",)]
        return Path(tuple(segs), shape.paint, shape.role)
    x, y, w, h = shape.x, shape.y, shape.w, shape.h
    r = min(shape.r, w / 2, h / 2)
    if r <= 0:
        return polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], shape.paint, shape.role)
    segs = [("M", x + r, y), ("L", x + w - r, y), *arc_segments(x + w - r, y + r, r, -90, 90),
            ("L", x + w, y + h - r), *arc_segments(x + w - r, y + h - r, r, 0, 90),
            ("L", x + r, y + h), *arc_segments(x + r, y + h - r, r, 90, 90),
            ("L", x, y + r), *arc_segments(x + r, y + r, r, 180, 90), ("Z",)]
    return Path(tuple(segs), shape.paint, shape.role)


def transformed(path: Path, m: Matrix) -> Path:
    """``path`` with every point mapped through ``m`` (stroke width unchanged)."""
    segs: list[Segment] = []
    for seg in path.segments:
        pts: list[float] = []
        vals = [float(v) for v in seg[1:]]
        for i in range(0, len(vals), 2):
            pts += apply(m, vals[i], vals[i + 1])
        segs.append((seg[0], *pts))
    return Path(tuple(segs), path.paint, path.role)


def flatten(drawing: Drawing, roles: Iterable[Role]) -> list[Path]:
    """Every outline shape of ``roles`` as a path in the drawing's own coordinates (no groups, no references)."""
    wanted = frozenset(roles)
    return [transformed(as_path(s), m) for s, m in walk(drawing.children, drawing.defs)
            if s.role in wanted and not isinstance(s, (Text, Image))]


def node_bounds(
    nodes: Iterable[Node], measure: Callable[[str, str, float], float] | None = None,
    defs: dict[str, Drawing] | None = None,
) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) around ``nodes``, their transforms applied; None when they draw nothing.

    Paths count their control points (a Bézier lies inside their hull), so the box of a circle or
    a rounded corner is exact; text counts its advance width (``measure(text, font, size)``, else
    0.6 of the size per character) from the baseline up by the size.
    """
    xs: list[float] = []
    ys: list[float] = []
    for shape, m in walk(nodes, defs or {}):
        if isinstance(shape, (Rect, Image)):
            pts = [(shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x, shape.y + shape.h),
                   (shape.x + shape.w, shape.y + shape.h)]
        elif isinstance(shape, Circle):  # its box does not turn with it: its centre and its radius, scaled
            cx, cy = apply(m, shape.cx, shape.cy)
            r = shape.r * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
            continue
        elif isinstance(shape, Path):
            pts = [(float(x), float(y)) for seg in shape.segments for x, y in zip(seg[1::2], seg[2::2], strict=True)]
        else:
            width = measure(shape.text, shape.font, shape.size) if measure else 0.6 * shape.size * len(shape.text)
            x0 = shape.x - (width if shape.anchor == "end" else width / 2 if shape.anchor == "middle" else 0.0)
            pts = [(x0, shape.y - shape.size), (x0 + width, shape.y - shape.size), (x0, shape.y), (x0 + width, shape.y)]
        for x, y in pts:
            px, py = apply(m, x, y)
            xs.append(px)
            ys.append(py)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))
