"""Declared faces: a layout's elements, resolved for one piece, drawn into the tree.

Any kind with a printed face (cards, chips, tiles, boards) draws it here, so a
layout element means the same thing on every component. Each element's model and
drawing live in its own module of :mod:`printkit.elements`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from printkit.drawing import IDENTITY, Drawing, Group, Matrix, Node, Note, Paint, Rect, Text, Use, bounds, mat_mul
from printkit.elements import ELEMENT_TYPES, load_elements
from printkit.elements._shared import cell_centre
from printkit.elements.chord import clip_line
from printkit.elements.lanes import LANE_NAMES, lane_cells, lane_segments
from printkit.elements.text import MIN_TEXT, _fit, _fit_cached, text_block
from printkit.elements.track import track_cells, track_centres
from printkit.errors import suggest
from printkit.game import MISSING, DrawContext, Game
from printkit.model import Layout

__all__ = [  # moved to printkit/elements/, importable from here as before
    "LANE_NAMES", "MIN_TEXT", "_fit", "_fit_cached", "cell_centre", "clip_line", "lane_cells", "lane_segments",
    "text_block", "track_cells", "track_centres",
]


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
        if cache_key not in game.cache:
            game.cache[cache_key] = _draw_face(game, layout_name, ctx, width, height, bleed)
        return game.cache[cache_key]  # type: ignore[return-value]
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
                nodes = _on_piece(checked, path, nodes, width, height, bleed)  # type: ignore[arg-type]
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
    __slots__ = ("drawn", "templates")

    def __init__(self, templates: tuple[str, ...]) -> None:
        self.templates = templates
        self.drawn: dict[tuple[Any, ...], list[Node]] = {}


def _element_memo(game: Game, where: tuple[Any, ...], el: Any) -> _ElementMemo | None:
    # `repeat` draws its children against each record of a set, not only its own templates (memo=False).
    memo = None
    if ELEMENT_TYPES[el.type].memo:
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


ELEMENTS: dict[str, Callable[..., list[Node]]] = {name: e.draw for name, e in load_elements().items()}
"""Each registered element's drawing function, by element type (see printkit/elements/)."""
