"""Declared faces: a layout's elements, resolved for one piece, drawn into the tree.

Any kind with a printed face (cards, chips, tiles, boards) draws it here, so a
layout element means the same thing on every component. Each element's model and
drawing live in its own module of :mod:`printkit.elements`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, cast

from printkit.drawing import (
    IDENTITY,
    Drawing,
    Group,
    Matrix,
    Node,
    Note,
    Paint,
    Rect,
    Text,
    Use,
    bounds,
    mat_mul,
    node_bounds,
    rotate,
    scale,
    translate,
)
from printkit.elements import element_type
from printkit.errors import suggest
from printkit.game import MISSING, DrawContext, Game
from printkit.model import MIRRORS
from printkit.modelbase import NO_TRANSFORM
from printkit.registry import OnFirstUse
from printkit.render.fonts import text_width

if TYPE_CHECKING:
    from printkit.elements._shared import cell_centre
    from printkit.elements.chord import clip_line
    from printkit.elements.lanes import LANE_NAMES, lane_cells, lane_segments
    from printkit.elements.text import MIN_TEXT, _fit, _fit_cached, text_block
    from printkit.elements.track import track_cells, track_centres
    from printkit.model import Layout

__all__ = [  # moved to printkit/elements/, importable from here as before
    "LANE_NAMES", "MIN_TEXT", "_fit", "_fit_cached", "cell_centre", "clip_line", "lane_cells", "lane_segments",
    "text_block", "track_cells", "track_centres",
]
_MOVED = {"cell_centre": "_shared", "clip_line": "chord", "LANE_NAMES": "lanes", "lane_cells": "lanes",
          "lane_segments": "lanes", "MIN_TEXT": "text", "_fit": "text", "_fit_cached": "text", "text_block": "text",
          "track_cells": "track", "track_centres": "track"}
"""The module of :mod:`printkit.elements` each name of ``__all__`` lives in."""


def __getattr__(name: str) -> Any:
    """A name of ``__all__``, from its element's module, imported only when asked for: a game that draws no
    track does not import the track's geometry."""
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"printkit.elements.{_MOVED[name]}"), name)


def resolve_layout(game: Game, name: str) -> tuple[str | None, tuple[tuple[str, Any], ...]]:
    """Follow ``extends`` and return the background and the (path, element) pairs.

    A child element with the same ``id`` as a parent element replaces it in place.
    Cycles are refused at load time (see :mod:`printkit.load`). Worked out once per
    game and layout (every piece of a deck asks for the same one).
    """
    key = ("layout", name)
    found = game.cache.get(key)
    if found is None:
        found = game.cache[key] = _resolve_layout(game, name)
    return found  # type: ignore[return-value]


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
    static = game.cache.get(key)
    if static is None:
        background, elements = resolve_layout(game, layout_name)
        static = game.cache[key] = not _templated(background) and not any(_templated(el) for _, el in elements)
    return bool(static)


def layout_for(ctx: DrawContext, value: str, key: str) -> str:
    """The layout a piece's ``face`` or ``back`` names: a template (``{row.kind}``) is resolved
    for the piece and must name a layout under ``[layouts]`` (checked for every piece at load)."""
    if "{" not in value:
        return value
    name = ctx.text(value, key)
    layouts = ctx.game.layouts
    if name not in layouts:
        raise ctx.fail(key, "a layout defined under [layouts] (" + ", ".join(sorted(layouts)) + ")", name, value,
                       suggest(name, layouts))
    return name


def draw_face(
    game: Game, layout_name: str, ctx: DrawContext, width: float, height: float, bleed: float, key: str = "face"
) -> Drawing:
    """Draw a declared layout for one piece: trim box (0, 0, width, height), bleed around it.

    A layout without templates is drawn once per size and the same drawing is returned
    for every piece, so a shared back is one form in the PDF, not one per card. ``layout_name``
    may be a template (``{row.kind}``), resolved for the piece (``key`` names it in messages).
    """
    layout_name = layout_for(ctx, layout_name, key)
    if is_static(game, layout_name):
        cache_key = ("face", layout_name, width, height, bleed)
        face = game.cache.get(cache_key)
        if face is None:
            face = game.cache[cache_key] = _draw_face(game, layout_name, ctx, width, height, bleed)
        return face  # type: ignore[return-value]
    return _draw_face(game, layout_name, ctx, width, height, bleed)


def _draw_face(
    game: Game, layout_name: str, ctx: DrawContext, width: float, height: float, bleed: float
) -> Drawing:
    drawing = Drawing(width, height, bleed=bleed)
    background, elements = resolve_layout(game, layout_name)
    if background is not None:
        fill = ctx.colour(background, f"layouts.{layout_name}.background")
        if fill:  # one rect for every face of a size and colour (nodes are not changed once made)
            key = ("background", fill, width, height, bleed)
            rect = game.cache.get(key)
            if rect is None:
                rect = game.cache[key] = Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Paint(fill=fill))
            drawing.add(rect)  # type: ignore[arg-type]
    checked: dict[int, tuple[Node, Note | None]] | None = game.cache.get(("on-piece", width, height, bleed))  # type: ignore[assignment]
    if checked is None:
        checked = game.cache[("on-piece", width, height, bleed)] = {}
    add = drawing.children.extend
    for path, el in elements:
        nodes = draw_element(el, ctx.at(path, True), width, height, bleed)
        # a text (unless turned) measures its own lines against the piece: see elements/text.py
        if nodes and (el.type != "text" or el.rotate):
            hit = checked.get(id(nodes[0]))  # nodes shared by pieces are measured once (see _on_piece)
            if hit is None or hit[0] is not nodes[0]:
                nodes = _on_piece(checked, path, nodes, width, height, bleed)
            elif hit[1] is not None:
                nodes = [Group(tuple(nodes), note=hit[1])]
        add(nodes)
    return drawing


def _on_piece(checked: dict[int, tuple[Node, Note | None]], path: str, nodes: list[Node], w: float, h: float,
              b: float) -> list[Node]:
    """``nodes`` as drawn, or in a group with a :class:`Note` when they leave the piece: wholly outside
    its trim (an element at x = 80 on a 63 mm card), text past the trim (cut off or cut through), any
    shape past the bleed. Nodes shared by pieces (the element memo) are measured once (``checked``:
    by the first node, which is kept so its id is not reused)."""
    first = nodes[0]
    if len(nodes) == 1 and type(first) is Group and first.note is not None:
        return nodes  # already noted (a turned text that does not fit says so itself)
    hit = checked.get(id(first))
    if hit is None or hit[0] is not first:
        hit = checked[id(first)] = (first, _off_piece(path, nodes, w, h, b))
    return nodes if hit[1] is None else [Group(tuple(nodes), note=hit[1])]


def _off_piece(path: str, nodes: list[Node], w: float, h: float, b: float) -> Note | None:
    from printkit.render.fonts import text_width

    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    cut: list[str] = []
    for what, box in _boxes(nodes, IDENTITY, text_width):
        x0, y0, x1, y1 = min(x0, box[0]), min(y0, box[1]), max(x1, box[2]), max(y1, box[3])
        edge = 0.0 if what.startswith("text") else b
        past = box[0] < -edge - EDGE or box[1] < -edge - EDGE or box[2] > w + edge + EDGE or box[3] > h + edge + EDGE
        if past and what not in cut:
            cut.append(what)
    if x0 == math.inf:
        return None
    where = f"({x0:.1f}, {y0:.1f}) to ({x1:.1f}, {y1:.1f}) mm on a piece of {w:g} x {h:g} mm"
    if x1 <= EDGE or y1 <= EDGE or x0 >= w - EDGE or y0 >= h - EDGE:
        return Note(path, f"lies wholly outside the piece's trim: {where}")
    if cut:
        verb = "reaches" if len(cut) == 1 else "reach"
        return Note(path, f"{', '.join(cut[:3])}{' and more' if len(cut) > 3 else ''} {verb} past the piece's "
                          f"{'trim' if any(c.startswith('text') for c in cut) else 'bleed'}: {where}")
    return None


def _boxes(nodes: list[Node] | tuple[Node, ...], m: Matrix,
           measure: Callable[[str, str, float], float]) -> Iterator[tuple[str, tuple[float, float, float, float]]]:
    """What each art shape is (for a reader) and the box it covers; a clipped group covers no more than its clip."""
    for node in nodes:
        kind = type(node)
        if kind is Group:
            inner = mat_mul(m, node.transform)  # type: ignore[union-attr]
            clip = node.clip  # type: ignore[union-attr]
            if clip is None:
                yield from _boxes(node.children, inner, measure)  # type: ignore[union-attr]
            elif (box := bounds(clip, inner, measure)) is not None:
                yield "a clipped picture", box
        elif kind is not Use and node.role == "art":  # type: ignore[union-attr]
            box = bounds(node, m, measure)  # type: ignore[arg-type]
            if box is not None:
                yield (f'text "{node.text}"' if kind is Text else "a " + kind.__name__.lower()), box  # type: ignore[union-attr]


EDGE = 0.05
"""Millimetres a shape may stray past an edge (rounding, a hairline's half width) before it is reported."""


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
    memo = cast("_ElementMemo | None", ctx.game.cache.get(where, _UNSEEN))
    if memo is _UNSEEN:
        memo = _element_memo(ctx.game, where, el)
    if memo is None:
        return _draw(el, ctx, w, h, b)
    values = [ctx.resolved_or_missing(t) for t in memo.templates]
    if MISSING in values:  # an unknown field: drawn (and reported, if the element uses it) as usual
        return _draw(el, ctx, w, h, b)
    try:
        key = tuple([_typed(v) for v in values])
        nodes = memo.drawn.get(key)
    except TypeError:  # an unhashable value (a list from a set's record)
        return _draw(el, ctx, w, h, b)
    if nodes is None:
        nodes = memo.drawn[key] = _draw(el, ctx, w, h, b)
        if len(memo.drawn) > MEMO_LIMIT:  # values differ on nearly every piece (a card's own text):
            ctx.game.cache[where] = None  # stop remembering, draw each piece as usual
    return list(nodes)


# --- transforms -----------------------------------------------------------------------------

OWN_ROTATION = frozenset({"text", "symbol", "flower"})
"""Elements that turn themselves by ``rotate`` about their own centre (the same point the generic
transform would take); given an ``origin``, they are drawn unturned and turned here instead."""
PER_COPY = frozenset({"repeat"})
"""Elements that apply their transform to each copy they draw, with the copy's values."""


def has_transform(el: Any) -> bool:
    """Whether ``el`` asks for a transform (most elements do not: the check must be cheap)."""
    t = el.transform
    if t is NO_TRANSFORM:  # the default, shared by every element that gives none of its keys
        return False
    return t.active or (el.type in OWN_ROTATION and t.origin is not None and el.rotate != 0)


def _draw(el: Any, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    """Draw one element and apply its transform (rotate, mirror, scale, translate) as one group."""
    if el.type in PER_COPY or not has_transform(el):
        return ELEMENTS[el.type](el, ctx, w, h, b)
    drawn, turn = untransformed(el)
    return transform_nodes(el, ctx, ELEMENTS[el.type](drawn, ctx, w, h, b), w, h, turn)


def untransformed(el: Any) -> tuple[Any, bool]:
    """The element to draw before its transform, and whether the transform turns it by ``rotate``
    (an element that turns itself about its own centre does so unless an ``origin`` is given)."""
    if el.type not in OWN_ROTATION:
        return el, True
    if el.transform.origin is None:
        return el, False
    return el.model_copy(update={"rotate": 0}), True


def _pair(ctx: DrawContext, value: Any, key: str) -> tuple[Any, Any]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ctx.fail(key, "two values [x, y]", value)
    return value[0], value[1]


def element_matrix(el: Any, ctx: DrawContext, nodes: list[Node], w: float, h: float, turn: bool = True) -> Matrix:
    """The matrix of an element's transform: scale and mirror, then turn, about ``origin`` (the centre
    of the drawn ``nodes`` when omitted), then translate. Every value may be a template."""
    t = el.transform
    rotation = el.rotate if el.type in OWN_ROTATION else t.rotate
    angle = ctx.number(rotation, "rotate") if turn else 0.0
    mirror = ctx.text(t.mirror, "mirror") if isinstance(t.mirror, str) and "{" in t.mirror else t.mirror
    if mirror not in MIRRORS:
        raise ctx.fail("mirror", "one of " + ", ".join(MIRRORS), mirror, t.mirror)
    factors = _pair(ctx, t.scale, "scale") if isinstance(t.scale, (list, tuple)) else (t.scale, t.scale)
    sx, sy = ctx.number(factors[0], "scale"), ctx.number(factors[1], "scale")
    if sx == 0 or sy == 0 or max(abs(sx), abs(sy)) > MAX_SCALE or min(abs(sx), abs(sy)) < 1 / MAX_SCALE:
        raise ctx.fail("scale", f"a factor other than 0, from 1/{MAX_SCALE:g} to {MAX_SCALE:g} either way", t.scale)
    sx *= -1 if mirror in ("x", "both") else 1
    sy *= -1 if mirror in ("y", "both") else 1
    if t.origin is not None:
        px, py = _pair(ctx, t.origin, "origin")
        ox, oy = ctx.length(px, "origin", w), ctx.length(py, "origin", h)
    else:
        box = node_bounds(nodes, text_width)
        ox, oy = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2) if box else (w / 2, h / 2)
    dx, dy = _pair(ctx, t.translate, "translate")
    tx, ty = ctx.length(dx, "translate", w), ctx.length(dy, "translate", h)
    m = mat_mul(rotate(angle, ox, oy), mat_mul(translate(ox, oy), mat_mul(scale(sx, sy), translate(-ox, -oy))))
    return mat_mul(translate(tx, ty), m)


def transform_nodes(el: Any, ctx: DrawContext, nodes: list[Node], w: float, h: float, turn: bool = True) -> list[Node]:
    if not nodes:
        return nodes
    m = element_matrix(el, ctx, nodes, w, h, turn)
    return list(nodes) if m == IDENTITY else [Group(tuple(nodes), m)]


MAX_SCALE = 100.0
"""Largest factor (and smallest, as 1/MAX_SCALE) an element may be scaled by."""


MEMO_LIMIT = 64
"""Distinct drawings remembered per element and piece size."""
_UNSEEN = object()
"""What ``game.cache`` holds for an element not drawn yet (None: an element whose drawings are not remembered)."""


class _ElementMemo:
    __slots__ = ("drawn", "templates")

    def __init__(self, templates: tuple[str, ...]) -> None:
        self.templates = templates
        self.drawn: dict[tuple[Any, ...], list[Node]] = {}


def _element_memo(game: Game, where: tuple[Any, ...], el: Any) -> _ElementMemo | None:
    # `repeat` draws its children against each record of a set, not only its own templates (memo=False).
    memo = None
    if element_type(el.type).memo:
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


ELEMENTS: dict[str, Callable[..., list[Node]]] = OnFirstUse(lambda name: element_type(name).draw)
"""Each element's drawing function, by element type (see printkit/elements/): its module is imported
when the first element of its type is drawn (a game's are, when it loads)."""
