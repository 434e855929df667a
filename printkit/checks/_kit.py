"""What the checks on the drawn kit share: the drawn pieces of a component, a net's solid, what a
piece covers on the table, the texts and colours a drawing prints, a cut outline's narrowest part,
a board's fold lines. None knows a game."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from printkit import looks
from printkit.checks._count import selected  # noqa: F401  (the kit checks' selection is the data checks')
from printkit.drawing import Circle, Drawing, Path, Text, apply, flatten, walk
from printkit.report import Line, listing, verdict
from printkit.units import parse_length

if TYPE_CHECKING:
    from printkit.game import DrawContext, Game, Variant
    from printkit.kinds import Art
    from printkit.kit import Kit
    from printkit.model import ComponentBase
    from printkit.outlines import Outline

PT = parse_length("1pt")


EPS = 1e-6


def _line(c: Any, name: str, expected: int | str, found: int | str, ok: bool, detail: str,
          pieces: Iterable[str] = (), relation: str = "exactly") -> Line:
    return Line(name, c.type, c.source, expected, found, verdict(ok, c.severity), c.severity,
                relation=relation, detail=detail, pieces=tuple(dict.fromkeys(pieces)))  # type: ignore[arg-type]


def _listing(items: list[str]) -> str:
    return listing(items)


def boxes(kit: Kit) -> list[Any]:
    """The kit's box plan (:func:`printkit.kit.plan_boxes`), planned once for the checks that read it."""
    from printkit.kit import plan_boxes

    key = ("checks-boxes", id(kit))
    if key not in kit.game.cache or kit.game.cache[key][0] is not kit:  # type: ignore[index]
        kit.game.cache[key] = (kit, plan_boxes(kit))
    return kit.game.cache[key][1]  # type: ignore[index]


def drawn(kit: Kit, comp_id: str) -> dict[str, tuple[Variant, Art]]:
    """Each distinct piece of a component as drawn: piece name -> (variant, art). Read once for the checks
    of a proof that read it (a deck's 10,000 cards, walked by three checks); do not change what it returns.
    :func:`forget_drawn` lets it go when the proof is done."""
    key = ("checks-drawn", id(kit), comp_id)
    hit = kit.game.cache.get(key)
    if hit is None or hit[0] is not kit:  # type: ignore[index]
        hit = kit.game.cache[key] = (kit, _drawn(kit, comp_id))
    return hit[1]  # type: ignore[index]


def forget_drawn(kit: Kit) -> None:
    """Drop what :func:`drawn` keeps for ``kit`` (the proof is done: a build keeps the kit for its outputs)."""
    for key in [k for k in kit.game.cache if type(k) is tuple and k[:2] == ("checks-drawn", id(kit))]:
        del kit.game.cache[key]


def _drawn(kit: Kit, comp_id: str) -> dict[str, tuple[Variant, Art]]:
    game = kit.game
    by_key = {v.key: v for v in game.variants[comp_id]}
    out: dict[str, tuple[Variant, Art]] = {}
    for items in kit.groups.values():
        for item in items:
            if item.component == comp_id and item.piece not in out:
                out[item.piece] = (by_key[item.variant], item.art)
    return out


def drawn_faces(kit: Kit, comp_id: str) -> Iterator[tuple[str, Variant, Art, str, Drawing]]:
    """Each drawn face of a component's distinct pieces: (piece, variant, art, "front" or "back", face)."""
    for name, (variant, art) in drawn(kit, comp_id).items():
        for side, face in (("front", art.front), ("back", art.back)):
            if face is not None:
                yield name, variant, art, side, face


def _ctx(game: Game, comp: ComponentBase, variant: Variant, where: str | None = None) -> DrawContext:
    from printkit.game import DrawContext

    return DrawContext(game, variant, where or f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})


def _net(game: Game, comp: ComponentBase, variant: Variant) -> Any:
    """The net the drawing lays out for a piece; pieces of one size share it (60 pyramids, 3 nets)."""
    from printkit.kinds.net import make_net

    ctx = _ctx(game, comp, variant)
    n = comp  # a NetModel
    key = ("playtest-net", comp.id, ctx.length(n.edge, "edge"),  # type: ignore[attr-defined]
           ctx.length(n.height, "height") if n.height is not None else None,  # type: ignore[attr-defined]
           ctx.length(n.slant, "slant") if n.slant is not None else None,  # type: ignore[attr-defined]
           ctx.length(n.tab, "tab"))  # type: ignore[attr-defined]
    net = game.cache.get(key)
    if net is None:
        net = game.cache[key] = make_net(ctx, comp)  # type: ignore[arg-type]
    return net


def footprint(game: Game, comp: ComponentBase, variant: Variant, art: Art) -> Outline:
    """The outline of what a piece covers on the table (:mod:`printkit.outlines`): its cut line (a
    round token's circle, a hex tile's hexagon, the hull of any other cut), or a card's rectangle.
    A net stands on its first face (a pyramid's square base, a tetrahedron's triangle)."""
    from printkit import outlines

    if comp.kind == "net":
        return outlines.hull(_base_points(_closed(game, comp, variant)))
    outline = art.outline
    if outline is not None:
        cuts = [(s, m) for s, m in walk(outline.children, outline.defs) if getattr(s, "role", None) == "cut"]
        if len(cuts) == 1 and isinstance(cuts[0][0], Circle):
            return outlines.circle(2 * cuts[0][0].r)
        points = [p for path in flatten(outline, ["cut"]) for poly in looks.loops(path, 0.4, close=True) for p in poly]
        if len(points) >= 3:
            return outlines.hull(points)
    return outlines.rectangle(art.front.width, art.front.height)


def _closed(game: Game, comp: ComponentBase, variant: Variant) -> Any:
    """The whole solid a net folds into (every face, open ones too), at the piece's size."""
    from printkit.kinds.net import make_solid

    return make_solid(_ctx(game, comp, variant), comp)  # type: ignore[arg-type]


def open_faces(game: Game, comp: ComponentBase, variant: Variant) -> set[int]:
    """Faces of the solid (in its `faces` order) the drawn net leaves out: a hollow solid's open base."""
    closed = _closed(game, comp, variant)
    kept = set(_net(game, comp, variant).solid.face_names)
    return {i for i, name in enumerate(closed.face_names) if name not in kept}


def _base_points(solid: Any) -> list[tuple[float, float]]:
    """A solid's first face (its base) in its own plane: the corners' coordinates (mm)."""
    xs, ys, _ = _base_frame(solid)
    return list(zip(xs, ys, strict=True))


def _base_frame(solid: Any) -> tuple[list[float], list[float], list[float]]:
    v = [solid.vertices[i] for i in solid.faces[0]]
    u = [v[1][k] - v[0][k] for k in range(3)]
    w = [v[2][k] - v[0][k] for k in range(3)]
    n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
    nn = math.sqrt(sum(x * x for x in n)) or 1.0
    un = math.sqrt(sum(x * x for x in u)) or 1.0
    e1 = [x / un for x in u]
    e2 = [(n[1] * e1[2] - n[2] * e1[1]) / nn, (n[2] * e1[0] - n[0] * e1[2]) / nn, (n[0] * e1[1] - n[1] * e1[0]) / nn]
    xs = [sum((p[k] - v[0][k]) * e1[k] for k in range(3)) for p in v]
    ys = [sum((p[k] - v[0][k]) * e2[k] for k in range(3)) for p in v]
    heights = [abs(sum((p[k] - v[0][k]) * n[k] for k in range(3))) / nn for p in solid.vertices]
    return xs, ys, heights


def _base(solid: Any) -> tuple[float, float, list[float]]:
    """Width and depth of a solid's first face (its base) and every vertex's height above it."""
    xs, ys, heights = _base_frame(solid)
    return max(xs) - min(xs), max(ys) - min(ys), heights


def _profile(game: Game, comp: ComponentBase, variant: Variant) -> tuple[float, float, bool, bool]:
    """(base width, height, tapers to a point, open at the base) of a built net standing on its base (face 0)."""
    w, d, heights = _base(_closed(game, comp, variant))
    height = max(heights)
    tapered = sum(1 for h in heights if abs(h - height) < 1e-6) == 1
    return max(w, d), height, tapered, 0 in open_faces(game, comp, variant)


def pips_of(game: Game, comp: ComponentBase, variant: Variant) -> list[int]:
    """The pips drawn on each face of a net (0 where none), resolved as the drawing resolves them."""
    from printkit.kinds.net import _merged

    faces = {"cube": 6, "square-pyramid": 5, "tetrahedron": 4}[comp.solid]  # type: ignore[attr-defined]
    gone = open_faces(game, comp, variant)
    out = []
    for i in range(faces):
        face = _merged(comp, i)  # type: ignore[arg-type]
        ctx = _ctx(game, comp, variant, f"components.{comp.id}.faces[{i}]")
        out.append(int(ctx.number(face.pips, "pips")) if face.pips is not None and i not in gone else 0)
    return out


def face_contents(game: Game, comp: ComponentBase, variant: Variant) -> list[tuple[Any, ...]]:
    """What each face of a net shows: (fill, pips, symbol, text), resolved for the piece."""
    from printkit.kinds.net import _merged

    faces = {"cube": 6, "square-pyramid": 5, "tetrahedron": 4}[comp.solid]  # type: ignore[attr-defined]
    out = []
    for i in range(faces):
        face = _merged(comp, i)  # type: ignore[arg-type]
        ctx = _ctx(game, comp, variant, f"components.{comp.id}.faces[{i}]")
        pips = int(ctx.number(face.pips, "pips")) if face.pips is not None else 0
        symbol = ctx.text(face.symbol, "symbol") if face.symbol is not None else ""
        text = ctx.text(face.text, "text") if face.text is not None else ""
        fill = ctx.colour(face.fill, "fill") if face.fill is not None else None
        out.append((fill, pips, "" if symbol == "none" else symbol, text))
    return out


def _content(face: tuple[Any, ...]) -> str:
    _, pips, symbol, text = face
    parts = [f"{pips} pips" if pips else "", f"symbol {symbol}" if symbol else "", f'"{text}"' if text else ""]
    return ", ".join(p for p in parts if p) or "nothing"


def cut_line(outline: Drawing | None) -> looks.Layer | None:
    """A piece's cut line as a layer (to test points against), None when it has none: a cut drawn as
    separate lines (a net) counts as its bounding box."""
    if outline is None:
        return None
    paths = flatten(outline, ["cut"])
    rings = tuple(r for p in paths for r in looks.loops(p, 1.0))
    if not rings:
        return None
    xs, ys = [x for r in rings for x, _ in r], [y for r in rings for _, y in r]
    box = (min(xs), min(ys), max(xs), max(ys))
    if not all(p.closed for p in paths):  # a cut drawn as separate lines (a net): its bounding box
        rings = (((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])),)
    return looks.Layer(0, rings, box, "cut", None, 0.0)


def mirrored_cut(cut: looks.Layer | None, width: float) -> looks.Layer | None:
    """The cut line as seen from the back (mirrored across the face's width)."""
    if cut is None:
        return None
    x0, y0, x1, y1 = cut.box
    return looks.Layer(0, tuple(tuple((width - x, y) for x, y in r) for r in cut.loops), (width - x1, y0, width - x0, y1),
                       "cut", None, 0.0)


def texts(drawing: Drawing | None) -> Iterator[tuple[Text, float]]:
    """Every text of a drawing with its printed size (mm), transforms applied."""
    if drawing is None:
        return
    for shape, m in walk(drawing.children, drawing.defs):
        if isinstance(shape, Text):
            yield shape, shape.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _phrase(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+|[^\w\s]", text.casefold()))


def _says(text: str, phrase: str) -> bool:
    """Whether ``phrase`` stands in ``text`` as whole words (both normalised)."""
    return bool(phrase) and re.search(rf"(?<![\w]){re.escape(phrase)}(?![\w])", text) is not None


def _record_colour(game: Game, rec: dict[str, Any]) -> str | None:
    """The colour a set record stands for: its name, or its `colour` or `fill` field, when that is a palette colour."""
    from printkit.game import BUILTIN_COLOURS

    for key in ("colour", "fill", "name"):
        value = rec.get(key)
        if isinstance(value, str):
            if value in game.palette:
                return game.palette[value].rgb
            if value in BUILTIN_COLOURS and key != "name":
                return BUILTIN_COLOURS[value]
            if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
                return value.lower()
    name = rec.get("name")
    return game.palette[name].rgb if isinstance(name, str) and name in game.palette else None


def _drawn_colours(drawing: Drawing) -> set[str]:
    out: set[str] = set()
    for shape, _ in walk(drawing.children, drawing.defs):
        if isinstance(shape, Text):
            out.add(shape.fill.lower())
        else:
            paint = getattr(shape, "paint", None)
            for v in (getattr(paint, "fill", None), getattr(paint, "stroke", None)):
                if v:
                    out.add(v.lower())
    return out


def _resample(poly: Sequence[tuple[float, float]], step: float) -> list[tuple[float, float]]:
    out = [poly[0]]
    for a, b in pairwise(poly):
        n = max(1, int(math.dist(a, b) / step))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]
    return out


def narrowest(outline: Drawing, limit: float) -> float | None:
    """The narrowest part of a cut outline below ``limit`` mm (None: nowhere narrower).

    Two points of the outline closer than ``limit`` whose way round the outline between them is
    more than four times as long as their distance enclose a neck or a strip: the part between
    them is that narrow. (Corners are not necks: across a corner of 30° or more the way round is
    at most four times the distance.) Separate outlines closer than ``limit`` count too.
    """
    step = max(0.2, limit / 6)
    loops = [_resample(poly, step) for path in flatten(outline, ["cut"]) for poly in looks.loops(path, 0.4, close=True)]
    best: float | None = None
    for li, loop in enumerate(loops):
        pts = loop[:-1] if len(loop) > 2 and math.dist(loop[0], loop[-1]) < 1e-6 else loop
        cum = [0.0]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            cum.append(cum[-1] + math.dist(a, b))
        total = cum[-1]
        cells: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(pts):
            cells.setdefault((int(x // limit), int(y // limit)), []).append(i)
        for i, (x, y) in enumerate(pts):
            gx, gy = int(x // limit), int(y // limit)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for j in cells.get((gx + dx, gy + dy), ()):
                        if j <= i:
                            continue
                        d = math.dist(pts[i], pts[j])
                        if d >= limit:
                            continue
                        along = abs(cum[j] - cum[i])
                        along = min(along, total - along)
                        if along > 4 * d + 2 * step and (best is None or d < best):
                            best = d
        for other in loops[li + 1:]:
            for p in pts:
                for q in other:
                    d = math.dist(p, q)
                    if d < limit and (best is None or d < best):
                        best = d
    return best


def fold_lines(comp: ComponentBase, art: Art | None = None) -> list[tuple[str, float, float, float]]:
    """A board's fold lines as (axis, position, from, to) in mm: ``("x", 127, 0, 190)`` is a vertical
    fold at x = 127 from y = 0 to 190. The folds the build prints (``Art.info["folds"]``, planned by
    :mod:`printkit.folds`), and any line drawn on the piece with the ``fold`` role."""
    lines: list[tuple[str, float, float, float]] = []
    if art is None:
        return lines
    for x0, y0, x1, y1 in art.info.get("folds") or []:  # type: ignore[attr-defined]
        if abs(x0 - x1) < 1e-6:
            lines.append(("x", float(x0), float(min(y0, y1)), float(max(y0, y1))))
        elif abs(y0 - y1) < 1e-6:
            lines.append(("y", float(y0), float(min(x0, x1)), float(max(x0, x1))))
    for shape, m in walk(art.front.children, art.front.defs):
        if getattr(shape, "role", None) != "fold" or not isinstance(shape, Path):
            continue
        pts = [apply(m, float(seg[1]), float(seg[2])) for seg in shape.segments if seg[0] in ("M", "L")]
        for (x0, y0), (x1, y1) in pairwise(pts):
            if abs(x0 - x1) < 1e-6:
                lines.append(("x", x0, min(y0, y1), max(y0, y1)))
            elif abs(y0 - y1) < 1e-6:
                lines.append(("y", y0, min(x0, x1), max(x0, x1)))
    return sorted(set(lines))
