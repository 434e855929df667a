"""Flat nets of boxes: faces that touch along shared edges, cut around, folded between.

A generator (one module per box type) lists the faces of its net in mm, y down:
panels, flaps, glue tabs. Everything else follows from the faces alone:

* the cut line is the boundary of their union, found by cancelling every edge two
  faces share (so it is closed by construction);
* the fold lines are exactly those shared edges, so a fold always runs from one
  edge of its panel to the other;
* a net too large for the paper is split at fold lines into parts that fit, and a
  join tab is added on one side of every cut fold, with the join marked on both parts.

The printed side is the outside of the box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from printkit.drawing import (
    CUT,
    FOLD,
    Drawing,
    Group,
    Node,
    Paint,
    Path,
    Segment,
    Text,
    polygon,
    rotate,
    translate,
)

Pt = tuple[float, float]
Edge = tuple[Pt, Pt]
FaceKind = Literal["panel", "flap", "glue", "join"]

GLUE_FILL = "#d9d9d9"
GLUE_INK = "#555555"
BLEED = 1.5  # art runs this far past the cut line, so a slightly wide cut shows no white


def _key(p: Pt) -> Pt:
    return (round(p[0], 4) + 0.0, round(p[1], 4) + 0.0)


@dataclass(frozen=True, kw_only=True)
class PartSpec:
    """What every box generator is given: the inner size (mm), the board and the colours."""

    name: str
    width: float
    depth: float
    cardstock: float
    glue_tab: float
    ink: str = "#000000"
    background: str | None = None
    accent: str | None = None
    """Colour of the frame on the main panel (the lid's top, a deck's front); None: no frame."""
    art: Drawing | None = None
    """A printed face drawn on the main panel above its text; None: text only."""


@dataclass(frozen=True)
class Face:
    """One flat face of a net. ``art`` is drawn in net coordinates, clipped to the face."""

    name: str
    points: tuple[Pt, ...]
    kind: FaceKind = "panel"
    art: tuple[Node, ...] = ()
    label: str = ""

    def edges(self) -> list[Edge]:
        pts = [_key(p) for p in _clockwise(self.points)]
        return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def area(self) -> float:
        return abs(_signed_area(self.points))


def rect(x: float, y: float, w: float, h: float) -> tuple[Pt, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def tab(a: Pt, b: Pt, depth: float, inset: float) -> tuple[Pt, ...]:
    """A trapezoid standing on edge a->b, on the side to the left of a->b (y down: a clockwise turn),
    ``depth`` deep, its outer edge ``inset`` shorter at each end."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = uy, -ux  # normal pointing out of the face the edge belongs to (faces are clockwise)
    inset = min(inset, length / 2 - 0.5)
    c = (bx - ux * inset + nx * depth, by - uy * inset + ny * depth)
    d = (ax + ux * inset + nx * depth, ay + uy * inset + ny * depth)
    return (a, b, c, d)


def _signed_area(pts: Iterable[Pt]) -> float:
    p = list(pts)
    return sum(p[i][0] * p[(i + 1) % len(p)][1] - p[(i + 1) % len(p)][0] * p[i][1] for i in range(len(p))) / 2


def _clockwise(pts: tuple[Pt, ...]) -> tuple[Pt, ...]:
    """Points in clockwise order as seen on the page (positive signed area with y down)."""
    return pts if _signed_area(pts) > 0 else tuple(reversed(pts))


@dataclass(frozen=True)
class JoinMark:
    """Where two parts of a split net meet: the edge, its letter, and which face holds the tab."""

    letter: str
    edge: Edge
    tab_face: str
    panel_face: str


@dataclass
class Net:
    """The faces of one box part (a tuck box, a lid, a base), before or after splitting."""

    name: str
    faces: list[Face]
    joins: list[JoinMark] = field(default_factory=list)
    background: str | None = None

    def face(self, name: str) -> Face:
        for f in self.faces:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        boxes = [f.bbox for f in self.faces]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def folds(self) -> list[tuple[Edge, str, str]]:
        """Every edge two faces share, with the two faces' names: the fold lines."""
        owner: dict[Edge, str] = {}
        for f in self.faces:
            for e in f.edges():
                owner[e] = f.name
        out = []
        for f in self.faces:
            for a, b in f.edges():
                other = owner.get((b, a))
                if other is not None and f.name < other:
                    out.append(((a, b), f.name, other))
        return sorted(out)

    def outline(self) -> list[list[Pt]]:
        """The cut line: closed loops around the union of the faces (shared edges cancel)."""
        edges: set[Edge] = set()
        for f in self.faces:
            for a, b in f.edges():
                if (b, a) in edges:
                    edges.discard((b, a))
                else:
                    edges.add((a, b))
        nxt: dict[Pt, list[Pt]] = {}
        for a, b in sorted(edges):
            nxt.setdefault(a, []).append(b)
        loops = []
        while nxt:
            start = min(nxt)
            loop = [start]
            cur = start
            while True:
                outs = nxt[cur]
                b = outs.pop(0)
                if not outs:
                    del nxt[cur]
                if b == start:
                    break
                loop.append(b)
                cur = b
                if cur not in nxt:
                    raise ValueError(f"net {self.name}: the outline is open at {cur}")
            loops.append(_simplify(loop))
        return loops


def _simplify(loop: list[Pt]) -> list[Pt]:
    """Drop points that lie on a straight run (where two faces' edges meet end to end)."""
    out = []
    n = len(loop)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = loop[i - 1], loop[i], loop[(i + 1) % n]
        if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-9:
            out.append(loop[i])
    return out


# --- splitting -----------------------------------------------------------------


def split(net: Net, fits: Callable[[Net], bool], tab_width: float) -> list[Net]:
    """Split ``net`` at panel-to-panel folds until every part ``fits`` its paper.

    Each cut fold gets a join tab on the smaller part and a letter on both parts.
    Raises ValueError when a part cannot be made to fit by cutting folds.
    """
    parts = [Net(net.name, list(net.faces), [], net.background)]
    letters = iter("ABCDEFGHJKLMNPQRSTUVWXYZ")
    done: list[Net] = []
    while parts:
        part = parts.pop(0)
        if fits(part):
            done.append(part)
            continue
        best = None
        for edge, fa, fb in part.folds():
            if part.face(fa).kind != "panel" or part.face(fb).kind != "panel":
                continue
            sides = _components(part, edge)
            if sides is None:
                continue
            one, two = sides
            small, big = (one, two) if sum(f.area for f in one) <= sum(f.area for f in two) else (two, one)
            tab_owner = next(f for f in small if f.name in (fa, fb))
            other = fb if tab_owner.name == fa else fa
            a, b = next(e for e in tab_owner.edges() if e in (edge, (edge[1], edge[0])))
            join_tab = Face(f"{tab_owner.name}-join", tab(a, b, tab_width, min(tab_width, 3.0)), "join")
            p_small = Net(part.name, [*small, join_tab], list(part.joins), part.background)
            p_big = Net(part.name, list(big), list(part.joins), part.background)
            over = sum(_overflow(p, fits) for p in (p_small, p_big))
            score = (sum(not fits(p) for p in (p_small, p_big)), over, -min(sum(f.area for f in small), 1e9))
            if best is None or score < best[0]:
                best = (score, p_small, p_big, (a, b), tab_owner.name, other)
        if best is None:
            w = part.bbox[2] - part.bbox[0]
            h = part.bbox[3] - part.bbox[1]
            raise ValueError(f"{w:.0f} x {h:.0f} mm cannot be split at its folds into parts that fit the paper")
        _, p_small, p_big, edge, tab_face, panel_face = best
        mark = JoinMark(next(letters), edge, tab_face, panel_face)
        p_small.faces[-1] = replace(p_small.faces[-1], label=f"JOIN {mark.letter}")
        p_small.joins.append(mark)
        p_big.joins.append(mark)
        parts[:0] = [p_big, p_small]
    for i, part in enumerate(done):
        part.name = f"{net.name}-{i + 1}" if len(done) > 1 else net.name
        part.joins = [j for j in part.joins if _has(part, j.tab_face) or _has(part, j.panel_face)]
    return done


def _has(net: Net, name: str) -> bool:
    return any(f.name == name for f in net.faces)


def _overflow(net: Net, fits: Callable[[Net], bool]) -> float:
    x0, y0, x1, y1 = net.bbox
    return 0.0 if fits(net) else (x1 - x0) * (y1 - y0)


def _components(net: Net, cut: Edge) -> tuple[list[Face], list[Face]] | None:
    """The two groups of faces left when the fold ``cut`` is cut; None if they stay connected."""
    adj: dict[str, set[str]] = {f.name: set() for f in net.faces}
    for edge, a, b in net.folds():
        if edge == cut:
            continue
        adj[a].add(b)
        adj[b].add(a)
    start = net.faces[0].name
    seen = {start}
    todo = [start]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) == len(net.faces):
        return None
    return ([f for f in net.faces if f.name in seen], [f for f in net.faces if f.name not in seen])


# --- drawing -------------------------------------------------------------------


def _poly_path(points: Iterable[Pt], paint: Paint, role: str = "art") -> Path:
    return polygon(list(points), paint, role)  # type: ignore[arg-type]


def _dark(colour: str | None) -> bool:
    """A dark #rrggbb background, on which black cut and fold lines would not show."""
    if not colour or len(colour) != 7 or not colour.startswith("#"):
        return False
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4


def draw_net(net: Net, ink: str = "#000000") -> Drawing:
    """The part as a drawing: art (background, face art, glue marks, join letters), folds, cut.
    On a dark background the cut and fold lines are white, so they can be seen and followed."""
    x0, y0, x1, y1 = net.bbox
    cut, fold = (replace(CUT, stroke="#ffffff"), replace(FOLD, stroke="#ffffff")) if _dark(net.background) \
        else (CUT, FOLD)
    loops = net.outline()
    nodes: list[Node] = []
    if net.background:
        segs: list[Segment] = []
        for loop in loops:
            segs += [("M", *loop[0]), *[("L", *p) for p in loop[1:]], ("Z",)]
        nodes.append(Path(tuple(segs), Paint(fill=net.background, stroke=net.background, width=2 * BLEED)))
    for f in net.faces:
        if f.kind in ("glue", "join"):
            nodes += _glue_mark(f)
        if f.art:
            nodes.append(Group(f.art, clip=_poly_path(f.points, Paint(fill="#000000"))))
    for j in net.joins:
        nodes += _join_letter(net, j, ink)
    for (a, b), _, _ in net.folds():
        nodes.append(Path((("M", *a), ("L", *b)), fold, "fold"))
    for loop in loops:
        nodes.append(_poly_path(loop, cut, "cut"))
    d = Drawing(x1 - x0, y1 - y0, bleed=BLEED)
    d.add(Group(tuple(nodes), translate(-x0, -y0)))
    return d


def _glue_mark(f: Face) -> list[Node]:
    """Glue areas: grey with diagonal hatching and the word GLUE (or JOIN + letter)."""
    out: list[Node] = [_poly_path(f.points, Paint(fill=GLUE_FILL))]
    bx0, by0, bx1, by1 = f.bbox
    hatch: list[Segment] = []
    step = 3.0
    span = (bx1 - bx0) + (by1 - by0)
    k = 0.0
    while k <= span:
        hatch += [("M", bx0 + k, by0), ("L", bx0 + k - (by1 - by0), by1)]
        k += step
    out.append(Group((Path(tuple(hatch), Paint(stroke="#ffffff", width=0.5)),),
                     clip=_poly_path(f.points, Paint(fill="#000000"))))
    w, h = bx1 - bx0, by1 - by0
    word = f.label or ("JOIN" if f.kind == "join" else "GLUE")
    size = max(1.6, min(3.0, min(w, h) * 0.35))
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    t = Text(cx, cy + size * 0.35, word, size, GLUE_INK, "bold", "middle")
    if h > w:
        out.append(Group((t,), rotate(-90, cx, cy)))
    else:
        out.append(t)
    return out


def _join_letter(net: Net, j: JoinMark, ink: str) -> list[Node]:
    """A join's letter beside its edge on the panel the join tab is glued to."""
    if not _has(net, j.panel_face):
        return []
    (ax, ay), (bx, by) = j.edge
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    face = net.face(j.panel_face)
    fx = sum(p[0] for p in face.points) / len(face.points)
    fy = sum(p[1] for p in face.points) / len(face.points)
    nx, ny = -uy, ux
    if (fx - mx) * nx + (fy - my) * ny < 0:
        nx, ny = -nx, -ny
    size = 4.0
    px, py = mx + nx * 4.0, my + ny * 4.0
    return [Text(px, py + size * 0.35, j.letter, size, ink, "bold", "middle")]


def rotated(net: Net) -> Net:
    """The same net turned a quarter turn clockwise (to fit the paper the other way)."""

    def turn(p: Pt) -> Pt:
        return (-p[1], p[0])

    faces = []
    for f in net.faces:
        art = (Group(f.art, rotate(90)),) if f.art else ()
        faces.append(replace(f, points=tuple(turn(p) for p in f.points), art=art))
    joins = [replace(j, edge=(turn(j.edge[0]), turn(j.edge[1]))) for j in net.joins]
    return Net(net.name, faces, joins, net.background)
