"""Declared faces: a layout's elements, resolved for one piece, drawn into the tree.

Any kind with a printed face (cards, chips, tiles, boards) draws it here, so a
layout element means the same thing on every component.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from printkit import lattice
from printkit.assets import read_image
from printkit.drawing import (
    Circle,
    Drawing,
    Group,
    Image,
    Node,
    Paint,
    Path,
    Rect,
    Segment,
    Text,
    arc_point,
    arc_segments,
    mat_mul,
    rotate,
    scale,
    translate,
)
from printkit.errors import suggest
from printkit.game import MISSING, DrawContext, Game
from printkit.model import (
    ChordElement,
    CircleElement,
    FlowerElement,
    GridElement,
    ImageElement,
    LanesElement,
    Layout,
    LineElement,
    PolyformElement,
    PolygonElement,
    RectElement,
    RepeatElement,
    RingElement,
    SymbolElement,
    TextElement,
    TrackElement,
    WheelElement,
)
from printkit.polyform import Cell, parse_cell_list, parse_cells
from printkit.render.fonts import text_width, wrap
from printkit.symbols import SYMBOLS, symbol_segments
from printkit.units import parse_length

MIN_TEXT = parse_length("4pt")


def resolve_layout(game: Game, name: str) -> tuple[str | None, tuple[tuple[str, Any], ...]]:
    """Follow ``extends`` and return the background and the (path, element) pairs.

    A child element with the same ``id`` as a parent element replaces it in place.
    Cycles are refused at load time (see :mod:`printkit.load`). Worked out once per
    game and layout (every piece of a deck asks for the same one).
    """
    key = ("layout", name)
    if key not in game.cache:
        game.cache[key] = _resolve_layout(game, name)
    return game.cache[key]  # type: ignore[return-value]


def _resolve_layout(game: Game, name: str) -> tuple[str | None, tuple[tuple[str, Any], ...]]:
    chain: list[tuple[str, Layout]] = []
    cur: str | None = name
    while cur is not None:
        layout = game.layouts[cur]
        chain.append((cur, layout))
        cur = layout.extends
    background: str | None = None
    elements: list[tuple[str, Any]] = []
    for lname, layout in reversed(chain):
        if layout.background is not None:
            background = layout.background
        for i, el in enumerate(layout.elements):
            path = f"layouts.{lname}.elements[{i}]"
            replaced = False
            if el.id is not None:
                for j, (_, old) in enumerate(elements):
                    if old.id == el.id:
                        elements[j] = (path, el)
                        replaced = True
                        break
            if not replaced:
                elements.append((path, el))
    return background, tuple(elements)


def _templated(value: Any) -> bool:
    if isinstance(value, str):
        return "{" in value
    if isinstance(value, (list, tuple)):
        return any(_templated(v) for v in value)
    if isinstance(value, dict):
        return any(_templated(v) for v in value.values())
    if hasattr(value, "model_dump"):
        return _templated(value.model_dump())
    return False


def is_static(game: Game, layout_name: str) -> bool:
    """True when no element of the layout (or what it extends) uses a template: every piece looks the same."""
    key = ("static", layout_name)
    if key not in game.cache:
        background, elements = resolve_layout(game, layout_name)
        game.cache[key] = not _templated(background) and not any(_templated(el) for _, el in elements)
    return bool(game.cache[key])


def draw_face(
    game: Game, layout_name: str, ctx: DrawContext, width: float, height: float, bleed: float
) -> Drawing:
    """Draw a declared layout for one piece: trim box (0, 0, width, height), bleed around it.

    A layout without templates is drawn once per size and the same drawing is returned
    for every piece, so a shared back is one form in the PDF, not one per card.
    """
    if is_static(game, layout_name):
        key = ("face", layout_name, width, height, bleed)
        if key not in game.cache:
            game.cache[key] = _draw_face(game, layout_name, ctx, width, height, bleed)
        return game.cache[key]  # type: ignore[no-any-return]
    return _draw_face(game, layout_name, ctx, width, height, bleed)


def _draw_face(
    game: Game, layout_name: str, ctx: DrawContext, width: float, height: float, bleed: float
) -> Drawing:
    drawing = Drawing(width, height, bleed=bleed)
    background, elements = resolve_layout(game, layout_name)
    if background is not None:
        fill = ctx.colour(background, f"layouts.{layout_name}.background")
        if fill:
            drawing.add(Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Paint(fill=fill)))
    for path, el in elements:
        drawing.add(*draw_element(el, ctx.at(path), width, height, bleed))
    return drawing


def draw_element(el: Any, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    """One layout element (skipped when its ``when`` is false), drawn into a piece of w x h.

    An element is drawn once for each distinct set of values its templates resolve to (a
    deck's frame in each of six colours, say), and pieces with the same values share the
    nodes (they are immutable). What an element draws depends on nothing else: its plain
    values, the game, the piece's size and the resolved templates.
    """
    if not ctx.truthy(el.when, "when"):
        return []
    where = ("element", ctx.where, id(el), w, h, b)
    memo = ctx.game.cache[where] if where in ctx.game.cache else _element_memo(ctx.game, where, el)
    if memo is None:
        return ELEMENTS[el.type](el, ctx, w, h, b)
    values = [ctx.resolved_or_missing(t) for t in memo.templates]
    if MISSING in values:  # an unknown field: drawn (and reported, if the element uses it) as usual
        return ELEMENTS[el.type](el, ctx, w, h, b)
    try:
        key = tuple(_typed(v) for v in values)
        nodes = memo.drawn.get(key)
    except TypeError:  # an unhashable value (a list from a set's record)
        return ELEMENTS[el.type](el, ctx, w, h, b)
    if nodes is None:
        nodes = memo.drawn[key] = ELEMENTS[el.type](el, ctx, w, h, b)
        if len(memo.drawn) > MEMO_LIMIT:  # values differ on nearly every piece (a card's own text):
            ctx.game.cache[where] = None  # stop remembering, draw each piece as usual
    return list(nodes)


MEMO_LIMIT = 64
"""Distinct drawings remembered per element and piece size."""


class _ElementMemo:
    __slots__ = ("templates", "drawn")

    def __init__(self, templates: tuple[str, ...]) -> None:
        self.templates = templates
        self.drawn: dict[tuple[Any, ...], list[Node]] = {}


def _element_memo(game: Game, where: tuple[Any, ...], el: Any) -> _ElementMemo | None:
    # `repeat` draws its children against each record of a set, not only its own templates.
    memo = None
    if el.type != "repeat":
        dumped = {k: v for k, v in el.model_dump().items() if k != "when"}
        memo = _ElementMemo(tuple(dict.fromkeys(_template_strings(dumped))))
    game.cache[where] = memo
    return memo


def _template_strings(value: Any) -> list[str]:
    """Every templated string in a dumped element, in a fixed order."""
    if isinstance(value, str):
        return [value] if "{" in value else []
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _template_strings(v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _template_strings(v)]
    return []


def _typed(value: Any) -> tuple[type, Any]:
    """A resolved value as a memo key: 1, 1.0 and True, or 0.0 and -0.0, draw differently."""
    return (value.__class__, repr(value) if value.__class__ is float else value)


def _paint(ctx: DrawContext, fill: Any, stroke: Any, width: Any) -> Paint:
    return Paint(
        fill=ctx.colour(fill, "fill") if fill is not None else None,
        stroke=ctx.colour(stroke, "stroke") if stroke is not None else None,
        width=ctx.length(width, "width"),
    )


def _rect(el: RectElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x = ctx.length(el.x, "x", w) if el.w is not None else -b
    y = ctx.length(el.y, "y", h) if el.h is not None else -b
    rw = ctx.length(el.w, "w", w) if el.w is not None else w + 2 * b
    rh = ctx.length(el.h, "h", h) if el.h is not None else h + 2 * b
    return [Rect(x, y, rw, rh, _paint(ctx, el.fill, el.stroke, el.width), r=ctx.length(el.r, "r"))]


def _circle(el: CircleElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    return [Circle(ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h), ctx.length(el.r, "r", min(w, h)),
                   _paint(ctx, el.fill, el.stroke, el.width))]


def _line(el: LineElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    paint = Paint(stroke=ctx.colour(el.stroke, "stroke"), width=ctx.length(el.width, "width"),
                  dash=tuple(ctx.length(d, "dash") for d in el.dash))
    pts = (ctx.length(el.x1, "x1", w), ctx.length(el.y1, "y1", h), ctx.length(el.x2, "x2", w), ctx.length(el.y2, "y2", h))
    return [Path((("M", pts[0], pts[1]), ("L", pts[2], pts[3])), paint)]


def clip_line(
    x: float, y: float, angle: float, box: tuple[float, float, float, float]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The segment of the infinite line through (x, y) at ``angle`` (degrees, counter-clockwise
    as seen, y down) inside ``box`` = (x0, y0, x1, y1); None if the line misses the box."""
    dx, dy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    t0, t1 = -math.inf, math.inf
    for p, d, lo, hi in ((x, dx, box[0], box[2]), (y, dy, box[1], box[3])):
        if abs(d) < 1e-12:
            if p < lo or p > hi:
                return None
            continue
        a, c = (lo - p) / d, (hi - p) / d
        t0, t1 = max(t0, min(a, c)), min(t1, max(a, c))
    if t0 > t1:
        return None
    return (x + t0 * dx, y + t0 * dy), (x + t1 * dx, y + t1 * dy)


def _chord(el: ChordElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    seg = clip_line(ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.number(el.angle, "angle"),
                    (-b, -b, w + b, h + b))
    if seg is None:
        raise ctx.fail("x", "a point and angle whose line crosses the piece", (el.x, el.y, el.angle))
    (x1, y1), (x2, y2) = seg
    width = ctx.length(el.width, "width")
    out: list[Node] = []
    if el.outline is not None:
        out.append(Path((("M", x1, y1), ("L", x2, y2)),
                        Paint(stroke=ctx.colour(el.outline, "outline"), width=width + 0.8)))
    out.append(Path((("M", x1, y1), ("L", x2, y2)), Paint(stroke=ctx.colour(el.stroke, "stroke"), width=width)))
    return out


def _polygon(el: PolygonElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    pts = [(ctx.length(px, f"points[{i}][0]", w), ctx.length(py, f"points[{i}][1]", h))
           for i, (px, py) in enumerate(el.points)]
    segs: list[Segment] = [("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)]
    return [Path(tuple(segs), _paint(ctx, el.fill, el.stroke, el.width))]


def text_block(
    text: str, x: float, y: float, w: float, h: float | None, size: float, *, bold: bool = False,
    align: str = "left", valign: str = "top", fill: str = "#000000", leading: float = 1.2,
    font: str | None = None,
) -> list[Text]:
    """Wrap ``text`` into the box, shrinking the font until every line fits inside it.

    ``font`` is a font key (a game's own font, see ``Game.fonts``); omitted: DejaVu Sans.
    """
    font = font or ("bold" if bold else "regular")
    lines, size = (_fit_cached if size > 0 else _fit)(text, font, size, w, h, leading)
    block = size * leading * (len(lines) - 1) + size
    box_h = h if h is not None else block
    top = y + {"top": 0.0, "middle": (box_h - block) / 2, "bottom": box_h - block}[valign]
    anchor = {"left": "start", "center": "middle", "right": "end"}[align]
    tx = {"left": x, "center": x + w / 2, "right": x + w}[align]
    out = []
    for i, line in enumerate(lines):
        baseline = top + size * 0.8 + i * size * leading
        out.append(Text(tx, baseline, line, size, fill, font, anchor))  # type: ignore[arg-type]
    return out


def _fit(text: str, font: str, size: float, w: float, h: float | None, leading: float) -> tuple[tuple[str, ...], float]:
    """The lines of ``text`` wrapped to ``w`` and the font size, shrunk until the block fits the box."""
    while True:
        lines = wrap(text, font, size, w)
        block = size * leading * (len(lines) - 1) + size
        widest = max((text_width(line, font, size) for line in lines), default=0.0)
        fits = widest <= w + 1e-6 and (h is None or block <= h + 1e-6)
        if fits or size <= MIN_TEXT:
            break
        size = max(MIN_TEXT, size * 0.92)
    return tuple(lines), size


# The same label in the same box recurs on many pieces (and on every page of a rulebook's
# diagrams): wrapping and measuring it once is enough.
_fit_cached = lru_cache(maxsize=4096)(_fit)


def _text(el: TextElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
    bw = ctx.length(el.w, "w", w)
    bh = ctx.length(el.h, "h", h) if el.h is not None else None
    fill = ctx.colour(el.fill, "fill") or "#000000"
    texts = text_block(ctx.text(el.text, "text"), x, y, bw, bh, ctx.length(el.size, "size"), bold=el.bold,
                       align=el.align, valign=el.valign, fill=fill, leading=el.leading,
                       font=ctx.game.fonts["bold" if el.bold else "regular"])
    angle = ctx.number(el.rotate, "rotate")
    if angle:
        size = texts[0].size if texts else 0.0
        block = size * el.leading * (len(texts) - 1) + size
        cy = y + (bh if bh is not None else block) / 2
        return [Group(tuple(texts), rotate(angle, x + bw / 2, cy))]
    return list(texts)


def _wheel(el: WheelElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cx, cy = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)
    r, inner = ctx.length(el.r, "r"), ctx.length(el.inner, "inner")
    n = len(el.fills)
    step = 360.0 / n
    start = ctx.number(el.start, "start")
    stroke = ctx.colour(el.stroke, "stroke")
    width = ctx.length(el.width, "width")
    out: list[Node] = []
    for i, fill in enumerate(el.fills):
        a0 = start + i * step
        segs: list[Segment] = [("M", *arc_point(cx, cy, r, a0)), *arc_segments(cx, cy, r, a0, step)]
        if inner > 0:
            segs.append(("L", *arc_point(cx, cy, inner, a0 + step)))
            segs += arc_segments(cx, cy, inner, a0 + step, -step)
        else:
            segs.append(("L", cx, cy))
        segs.append(("Z",))
        colour = ctx.colour(fill, f"fills[{i}]") if fill else None
        out.append(Path(tuple(segs), Paint(fill=colour, stroke=stroke, width=width)))
    size = ctx.length(el.label_size, "label_size")
    for i, label in enumerate(el.labels[:n]):
        mid = math.radians(start + (i + 0.5) * step)
        cos, sin = math.cos(mid), math.sin(mid)
        gap = size * 0.6
        lx, ly = cx + (r + gap) * cos, cy + (r + gap) * sin
        anchor = "start" if cos > 0.3 else "end" if cos < -0.3 else "middle"
        ly += size * 0.35 + (size * 0.45 * sin if anchor == "middle" else 0.0)
        out.append(Text(lx, ly, ctx.text(label, f"labels[{i}]"), size, stroke or "#000000",
                        ctx.game.fonts["regular"], anchor))
    return out


def _symbol(el: SymbolElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    name = ctx.text(el.name, "name")
    if name not in SYMBOLS:
        raise ctx.fail("name", "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")", name, el.name, suggest(name, SYMBOLS))
    size = ctx.length(el.size, "size", min(w, h))
    m = mat_mul(translate(ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)),
                mat_mul(rotate(ctx.number(el.rotate, "rotate")), scale(size)))
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    paint = Paint(paint.fill, paint.stroke, paint.width / size if size else paint.width)
    return [Group((Path(symbol_segments(name), paint),), m)]


def _label(x: float, y: float, text: str, size: float, fill: str, bold: bool = False) -> Text:
    """A label centred on (x, y)."""
    return Text(x, y + size * 0.36, text, size, fill, "bold" if bold else "regular", "middle")


def _grid(el: GridElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x0, y0, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    size = ctx.length(el.label_size, "label_size")
    lfill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    radius = ctx.length(el.space_size, "space_size") / 2 if el.space_size is not None else cell * 0.42
    rings = sorted((ctx.length(v, f"rings[{i}]") for i, v in enumerate(el.rings)), reverse=True)
    ring_paint = Paint(stroke=ctx.colour(el.ring_stroke, "ring_stroke"), width=ctx.length(el.ring_width, "ring_width"))
    out: list[Node] = []
    for r in range(el.rows):
        for c in range(el.cols):
            cx, cy = x0 + c * cell, y0 + r * cell
            if el.space == "circle":
                out += [Circle(cx + cell / 2, cy + cell / 2, rr, ring_paint) for rr in rings]
                out.append(Circle(cx + cell / 2, cy + cell / 2, radius, paint))
            else:
                out.append(Rect(cx, cy, cell, cell, paint))
            if el.labels == "numbers":
                out.append(_label(cx + cell / 2, cy + cell / 2, str(el.number_from + r * el.cols + c), size, lfill,
                                  el.label_bold))
    if el.labels == "chess":
        first = ord(el.first_col.upper())
        for c in range(el.cols):
            out.append(_label(x0 + (c + 0.5) * cell, y0 + el.rows * cell + size * 1.1, chr(first + c), size, lfill))
        if el.rank_side != "none":
            lx = x0 - size * 1.1 if el.rank_side == "left" else x0 + el.cols * cell + size * 1.1
            for r in range(el.rows):
                out.append(_label(lx, y0 + (el.rows - r - 0.5) * cell, str(r + 1), size, lfill))
    return out


def _ring(el: RingElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cx, cy, r = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h), ctx.length(el.r, "r")
    d = ctx.length(el.space, "space")
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    first = Paint(ctx.colour(el.first_fill, "first_fill"), paint.stroke, paint.width) if el.first_fill else paint
    size = ctx.length(el.label_size, "label_size")
    lfill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    start = ctx.number(el.start, "start")
    out: list[Node] = []
    for i in range(el.count):
        x, y = arc_point(cx, cy, r, start + i * 360.0 / el.count)
        out.append(Circle(x, y, d / 2, first if i == 0 else paint))
        if el.labels:
            out.append(_label(x, y, str(el.first + i), size, lfill))
    return out


def _polyform(el: PolyformElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    text = ctx.text(el.cells, "cells")
    try:
        cells = parse_cells(text)
    except ValueError as exc:
        raise ctx.fail("cells", str(exc), text, el.cells) from None
    x0, y0, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    out: list[Node] = []
    ox = oy = 0.0
    if el.grid_cols and el.grid_rows:
        faint = Paint(stroke=ctx.colour(el.grid_stroke, "grid_stroke"), width=0.25)
        for r in range(el.grid_rows):
            for c in range(el.grid_cols):
                out.append(Rect(x0 + c * cell, y0 + r * cell, cell, cell, faint))
        fw = max(cx for cx, _ in cells) - min(cx for cx, _ in cells) + 1
        fh = max(cy for _, cy in cells) - min(cy for _, cy in cells) + 1
        ox = (el.grid_cols - fw) / 2 * cell - min(cx for cx, _ in cells) * cell
        oy = (el.grid_rows - fh) / 2 * cell - min(cy for _, cy in cells) * cell
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    for cx, cy in sorted(cells, key=lambda c: (c[1], c[0])):
        out.append(Rect(x0 + ox + cx * cell, y0 + oy + cy * cell, cell, cell, paint))
    return out


def _flower(el: FlowerElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cx, cy = ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)
    s = ctx.length(el.spacing, "spacing")
    if s <= 0:
        raise ctx.fail("spacing", "a length greater than 0", el.spacing)
    points = lattice.disk_points(el.rings)
    fields = lattice.region(points)
    if not fields:
        raise ctx.fail("rings", "a radius of at least 1 spacing (the board has no fields)", el.rings)
    origin = (cx, cy)
    out: list[Node] = []
    edge = lattice.loops_path(lattice.outline(fields), s, origin)
    if el.background is not None:
        out.append(Path(tuple(edge), Paint(fill=ctx.colour(el.background, "background"))))
    for key, fill, pick in (("petal_fill", el.petal_fill, True), ("triangle_fill", el.triangle_fill, False)):
        if fill is None:
            continue
        chosen = [f for f in fields if lattice.is_petal(f) == pick]
        segs = lattice.loops_path([loop for f in chosen for loop in lattice.outline([f])], s, origin)
        out.append(Path(tuple(segs), Paint(fill=ctx.colour(fill, key))))
    stroke = ctx.colour(el.stroke, "stroke")
    lines: list[Segment] = []
    for centre, a, z in lattice.all_arcs(fields):
        lines.append(("M", *_shift(lattice.xy(a, s), origin)))
        lines += lattice.arc_path(centre, a, z, s, origin)
    out.append(Path(tuple(lines), Paint(stroke=stroke, width=ctx.length(el.width, "width"))))
    out.append(Path(tuple(edge), Paint(stroke=stroke, width=ctx.length(el.edge_width, "edge_width"))))
    dot = ctx.length(el.points, "points")
    if dot > 0:
        pfill = ctx.colour(el.point_fill, "point_fill")
        out += [Circle(*_shift(lattice.xy(p, s), origin), dot / 2, Paint(fill=pfill)) for p in points]
    radius = el.rings * s
    if el.circle:
        out.append(Circle(cx, cy, radius, Paint(stroke=ctx.colour(el.circle_stroke, "circle_stroke"),
                                                width=ctx.length(el.circle_width, "circle_width"),
                                                dash=tuple(ctx.length(d, "circle_dash") for d in el.circle_dash))))
    angle = ctx.number(el.rotate, "rotate")
    goal = ctx.length(el.goals, "goals")
    if goal > 0:
        out += _goal_marks(el, ctx, points, s, origin, goal, angle)
    return [Group(tuple(out), rotate(angle, cx, cy))] if angle else out


def _goal_marks(el: FlowerElement, ctx: DrawContext, points: list[lattice.Point], s: float,
                origin: tuple[float, float], size: float, angle: float) -> list[Node]:
    """Ring marks on the lattice points that lie on the surrounding circle, clockwise from the right."""
    on_circle = [p for p in points if abs(math.hypot(*lattice.xy(p)) - el.rings) < 1e-9]
    if not on_circle:
        raise ctx.fail("goals", "a `rings` radius with lattice points on the surrounding circle (e.g. a whole number)",
                       el.rings)
    on_circle.sort(key=lambda p: round((math.degrees(math.atan2(lattice.xy(p)[1], lattice.xy(p)[0])) + angle) % 360.0, 6))
    stroke = ctx.colour(el.goal_stroke, "goal_stroke")
    out: list[Node] = []
    for i, p in enumerate(on_circle):
        k = i % len(el.goal_fills)
        fill = ctx.colour(el.goal_fills[k], f"goal_fills[{k}]")
        gx, gy = _shift(lattice.xy(p, s), origin)
        ring: list[Segment] = []
        for r in (size / 2, size / 4):  # a ring, so the connecting point stays visible in its hole
            ring += [("M", gx + r, gy), *arc_segments(gx, gy, r, 0.0, 360.0), ("Z",)]
        out.append(Path(tuple(ring), Paint(fill=fill, stroke=stroke, width=0.4)))
    return out


def _shift(p: tuple[float, float], origin: tuple[float, float]) -> tuple[float, float]:
    return (p[0] + origin[0], p[1] + origin[1])


def cell_centre(x: float, y: float, cell: float, c: float, r: float) -> tuple[float, float]:
    """Centre of lattice cell (c, r) whose cell (0, 0) has its top-left corner at (x, y)."""
    return (x + (c + 0.5) * cell, y + (r + 0.5) * cell)


def _arrow(x1: float, y1: float, x2: float, y2: float, size: float, fill: str | None) -> Path:
    """A small filled triangle halfway from (x1, y1) to (x2, y2), pointing towards (x2, y2)."""
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    nx, ny = -uy, ux
    half, spread = size / 2, size * 0.45
    segs: list[Segment] = [
        ("M", mx + ux * half, my + uy * half),
        ("L", mx - ux * half + nx * spread, my - uy * half + ny * spread),
        ("L", mx - ux * half - nx * spread, my - uy * half - ny * spread),
        ("Z",),
    ]
    return Path(tuple(segs), Paint(fill=fill))


def track_cells(el: TrackElement, ctx: DrawContext) -> list[Cell]:
    try:
        return parse_cell_list(ctx.text(el.cells, "cells"))
    except ValueError as exc:
        raise ctx.fail("cells", str(exc), el.cells) from None


def track_centres(el: TrackElement, ctx: DrawContext, w: float, h: float) -> list[tuple[float, float]]:
    """Centres of a track's spaces in order, in the piece's mm."""
    x, y, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    return [cell_centre(x, y, cell, c, r) for c, r in track_cells(el, ctx)]


def _track(el: TrackElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    cell = ctx.length(el.cell, "cell")
    size = ctx.length(el.space, "space") if el.space is not None else cell * 0.88
    centres = track_centres(el, ctx, w, h)
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    start_paint = Paint(ctx.colour(el.start_fill, "start_fill"), paint.stroke, paint.width) if el.start_fill else paint
    label_size = ctx.length(el.label_size, "label_size")
    label_fill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    out: list[Node] = []
    for i, (cx, cy) in enumerate(centres):
        p = start_paint if i == 0 else paint
        if el.shape == "circle":
            out.append(Circle(cx, cy, size / 2, p))
        else:
            out.append(Rect(cx - size / 2, cy - size / 2, size, size, p, r=ctx.length(el.r, "r")))
    if el.arrows and len(centres) > 1:
        pairs = list(zip(centres, centres[1:], strict=False))
        if el.loop and len(centres) > 2:
            pairs.append((centres[-1], centres[0]))
        a_size, a_fill = ctx.length(el.arrow_size, "arrow_size"), ctx.colour(el.arrow_fill, "arrow_fill")
        out += [_arrow(p1[0], p1[1], p2[0], p2[1], a_size, a_fill) for p1, p2 in pairs]
    for i, (cx, cy) in enumerate(centres):
        tx, ty, anchor, down = cx, cy + label_size * 0.35, "middle", 1.0
        if el.label_at == "outer":
            # The side(s) of the track's bounding box this space lies on face outwards.
            pad = max(1.0, size * 0.06)
            sx = 1 if cx >= max(xs) - 1e-6 else -1 if cx <= min(xs) + 1e-6 else 0
            sy = 1 if cy >= max(ys) - 1e-6 else -1 if cy <= min(ys) + 1e-6 else 0
            if sx:
                tx, anchor = cx + sx * (size / 2 - pad), ("end" if sx > 0 else "start")
            if sy > 0:
                ty, down = cy + size / 2 - pad, -1.0
            elif sy < 0:
                ty = cy - size / 2 + pad + label_size * 0.72
        if el.labels:
            label = ctx.text(el.start_label, "start_label") if i == 0 and el.start_label else str(el.first + i)
            out.append(Text(tx, ty, label, label_size, label_fill, "bold", anchor))  # type: ignore[arg-type]
        if i == 0 and el.start_text:
            # The start word goes beside the number, on the side away from the edge.
            out.append(Text(tx, ty + down * label_size * (1.05 if el.labels else 0.0),
                            ctx.text(el.start_text, "start_text"), label_size * 0.8, label_fill, "bold",
                            anchor))  # type: ignore[arg-type]
    return out


LANE_NAMES = "row1.., col1.., diag, anti"


def lane_cells(name: str, rows: int, cols: int, extend: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The end cells (col, row) of a named lane, ``extend`` cells beyond the grid; ValueError if unknown."""
    if name in ("diag", "anti"):
        if rows != cols:
            raise ValueError("a square grid for diagonal lanes")
        n = rows - 1
        if name == "diag":
            return (-extend, -extend), (n + extend, n + extend)
        return (n + extend, -extend), (-extend, n + extend)
    for prefix, count in (("row", rows), ("col", cols)):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            k = int(name[len(prefix):]) - 1
            if not 0 <= k < count:
                break
            if prefix == "row":
                return (-extend, k), (cols - 1 + extend, k)
            return (k, -extend), (k, rows - 1 + extend)
    raise ValueError(f"a lane of a {cols} x {rows} grid ({LANE_NAMES})")


def lane_segments(el: LanesElement, ctx: DrawContext, w: float, h: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each lane's two end points in the piece's mm, in numbering order."""
    x, y, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    extend = ctx.number(el.extend, "extend")
    out = []
    for i, name in enumerate(el.lanes):
        try:
            (c0, r0), (c1, r1) = lane_cells(name, el.rows, el.cols, extend)
        except ValueError as exc:
            raise ctx.fail(f"lanes[{i}]", str(exc), name) from None
        out.append((cell_centre(x, y, cell, c0, r0), cell_centre(x, y, cell, c1, r1)))
    return out


def _lanes(el: LanesElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    segments = lane_segments(el, ctx, w, h)
    cell = ctx.length(el.cell, "cell")
    paint = Paint(stroke=ctx.colour(el.stroke, "stroke"), width=ctx.length(el.width, "width"),
                  dash=tuple(ctx.length(d, "dash") for d in el.dash))
    out: list[Node] = [Path((("M", *a), ("L", *z)), paint) for a, z in segments]
    if not el.badges:
        return out
    r = ctx.length(el.badge_r, "badge_r")
    at = ctx.number(el.badge_at, "badge_at")
    badge = _paint(ctx, el.badge_fill, el.badge_stroke, 0.3)
    size = ctx.length(el.label_size, "label_size")
    fill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    for i, (a, z) in enumerate(segments):
        length = math.hypot(z[0] - a[0], z[1] - a[1])
        steps = max(abs(z[0] - a[0]), abs(z[1] - a[1])) / cell  # cells along the lane
        t = at / steps if steps else 0.0
        for end, other in ((a, z), (z, a)):
            bx, by = end[0] + (other[0] - end[0]) * t, end[1] + (other[1] - end[1]) * t
            if length:
                out.append(Circle(bx, by, r, badge))
                out.append(Text(bx, by + size * 0.35, str(el.first + i), size, fill, "bold", "middle"))
    return out


def _repeat(el: RepeatElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    records = ctx.game.data.sets.get(el.set)
    if records is None:
        raise ctx.fail("set", "a set defined under [sets] (" + ", ".join(sorted(ctx.game.data.sets)) + ")", el.set,
                       hint=suggest(el.set, ctx.game.data.sets))
    dx, dy = ctx.length(el.dx, "dx"), ctx.length(el.dy, "dy")
    out: list[Node] = []
    for i, record in enumerate(records):
        values = {**ctx.values, el.set: record, "repeat": {"index": i + 1}}
        nodes: list[Node] = []
        for j, child in enumerate(el.elements):
            sub = DrawContext(ctx.game, ctx.variant, f"{ctx.where}.elements[{j}]", values)
            nodes += draw_element(child, sub, w, h, b)
        if nodes:
            out.append(Group(tuple(nodes), translate(i * dx, i * dy)))
    return out


def _image(el: ImageElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    key = f"{ctx.where}.path" + (f" (variant {ctx.variant.key})" if ctx.variant.key else "")
    img = read_image(ctx.game.root, ctx.text(el.path, "path"), ctx.game.rel(), key, ctx.game.line_of(key))
    x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
    bw, bh = ctx.length(el.w, "w", w), ctx.length(el.h, "h", h)
    if el.fit == "stretch":
        return [Image(x, y, bw, bh, img.data, img.format)]
    fit = (min if el.fit == "contain" else max)(bw / img.width, bh / img.height)
    iw, ih = img.width * fit, img.height * fit
    node = Image(x + (bw - iw) / 2, y + (bh - ih) / 2, iw, ih, img.data, img.format)
    if el.fit == "cover":
        return [Group((node,), clip=Rect(x, y, bw, bh))]
    return [node]


ELEMENTS: dict[str, Callable[..., list[Node]]] = {
    "rect": _rect,
    "circle": _circle,
    "line": _line,
    "chord": _chord,
    "polygon": _polygon,
    "text": _text,
    "wheel": _wheel,
    "symbol": _symbol,
    "grid": _grid,
    "ring": _ring,
    "polyform": _polyform,
    "flower": _flower,
    "track": _track,
    "lanes": _lanes,
    "repeat": _repeat,
    "image": _image,
}
