"""Nets: paper-craft solids (dice, pyramids, tetrahedra) printed flat, cut out, folded and glued.

``solid`` picks the shape: ``cube`` (faces front, top, left, right, bottom, back;
face i is opposite face 5-i, so pips 1..6 in order make a standard die),
``square-pyramid`` (face 0 the base, 1..4 the sides; give ``edge`` and ``height``
or ``slant``) or ``tetrahedron`` (regular; face 0 the base, 1..3 the sides).
``unfold`` picks how it lies flat (cube: cross; pyramid: star or fan; tetrahedron:
triangle or strip). The net is drawn at true size: a solid cut line around the
whole net and its glue tabs, dashed fold lines, and one hatched tab marked
"glue" on every edge the net cuts, so each edge is glued exactly once.

Each face carries content from data: a fill, pips (1..9, laid out as on a die or
in a row along the face's bottom edge), a symbol from the symbol library and/or
short text. ``all`` sets every face; ``faces`` (in the solid's face order) overrides
face by face. Values may be templates such as ``"{colour.name}"``. Nets are packed
by the ``pack`` engine on the "nets" sheet.

``open`` leaves faces out, making a hollow solid: ``open = ["base"]`` gives a
pyramid without its base, whose rim edges are cut, not glued. Hollow solids of
different sizes can stack over one another; ``nest = "size"`` (a set in ``vary``)
says that the pieces differing only in that set fit one inside the other, so the
lid box holds one nested stack per combination of the other sets instead of every
solid on its own. ``printkit.solids.nest_gap`` measures the fit.

Each face's fill runs ``bleed`` (1 mm unless told) past its edges, rounded at the
corners, so a cut a little outside the line shows no paper; glue tabs are pale and
need none.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, model_validator

from printkit.drawing import (
    CUT,
    FOLD,
    Circle,
    Drawing,
    Group,
    Matrix,
    Node,
    Paint,
    Path,
    Segment,
    line,
    mat_mul,
    polygon,
    rotate,
    scale,
    translate,
)
from printkit.faces import text_block
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import MIN_LENGTH, ComponentBase, NonNegativeLength, Num, Strict
from printkit.render.fonts import text_width
from printkit.solids import Net, Pt, Solid, cube, pyramid_height, square_pyramid, tetrahedron, unfold
from printkit.symbols import SYMBOLS, symbol_segments

SOLIDS = ("cube", "square-pyramid", "tetrahedron")
FACE_NAMES = {
    "cube": ("front", "top", "left", "right", "bottom", "back"),
    "square-pyramid": ("base", "side 1", "side 2", "side 3", "side 4"),
    "tetrahedron": ("base", "side 1", "side 2", "side 3"),
}
"""Face names per solid, as ``open`` takes them (the order of ``faces``)."""
TAB_FILL = "#eeeeee"
TAB_HATCH = "#b5b5b5"
FOLD_UNDER = Paint(stroke="#ffffff", width=0.35)


class NetFace(Strict):
    """What one face of a net shows; unset keys fall back to the net's `all`."""

    fill: str | None = Field(None, description="Fill colour of the face (palette name, #rrggbb or a template).")
    ink: str | None = Field(None, description="Colour of pips, symbol and text (default black).")
    pips: Num | None = Field(None, description="Number of pips, 0..9 (0: none); may be a template.")
    pip_layout: Literal["die", "row"] | None = Field(
        None, description="die: as on a six-sided die (default); row: in a line along the face's bottom edge."
    )
    symbol: str | None = Field(None, description='A symbol name (see printkit/symbols.py); "none" for none.')
    text: str | None = Field(None, description="Short text, shrunk to fit the face; may be a template.")
    text_size: Num | None = Field(None, description="Largest font size of the text (default: as large as the face allows).")


class NetModel(ComponentBase):
    """A paper-craft net of a cube, square pyramid or regular tetrahedron, with per-face content."""

    kind: Literal["net"] = Field(description="Always `net`.")
    solid: Literal["cube", "square-pyramid", "tetrahedron"] = Field(description="Which solid the net folds into.")
    edge: Num = Field(description="Edge length: the cube's edge, the tetrahedron's edge, the pyramid's base edge.")
    height: Num | None = Field(None, description="Pyramid only: height of the apex above the base.")
    slant: Num | None = Field(None, description="Pyramid only: apex to the middle of a base edge (instead of height).")
    unfold: str | None = Field(
        None, description="How the solid lies flat: cube cross; pyramid star (default) or fan; tetrahedron triangle or strip."
    )
    tab: Num = Field(6, description="Depth of the glue tabs (shortened on short edges).")
    bleed: NonNegativeLength = Field(
        1.0, description="How far each face's fill runs past its edges (mm), so a cut a little outside the line "
        "shows no paper.", le=5.0,
    )
    open: list[str] = Field(
        [], description='Faces left out, by name (e.g. `["base"]` for a hollow pyramid); their edges are cut, not glued.'
    )
    nest: str | None = Field(
        None, description="A set in `vary` whose pieces fit one inside the other (hollow solids of growing size): the "
        "lid box holds one nested stack per combination of the other sets."
    )
    all: NetFace = Field(NetFace.model_validate({}), description="Content of every face, unless `faces` says otherwise.")
    faces: list[NetFace] = Field([], description="Content per face, in the solid's face order (may be shorter).")

    @model_validator(mode="after")
    def _shape(self) -> NetModel:
        if self.solid == "square-pyramid":
            if (self.height is None) == (self.slant is None):
                raise ValueError("a square pyramid needs `height` or `slant` (one of them)")
        elif self.height is not None or self.slant is not None:
            raise ValueError(f"`height` and `slant` are for square pyramids, not a {self.solid}")
        n = {"cube": 6, "square-pyramid": 5, "tetrahedron": 4}[self.solid]
        if len(self.faces) > n:
            raise ValueError(f"at most {n} entries in `faces` for a {self.solid}")
        names = FACE_NAMES[self.solid]
        bad = [f for f in self.open if f not in names]
        if bad:
            raise ValueError(f"`open`: faces of the {self.solid} ({', '.join(names)}), not {bad[0]!r}")
        if len(set(self.open)) != len(self.open) or len(self.open) > n - 2:
            raise ValueError(f"`open`: each face once, and at least two faces of the {self.solid} left closed")
        if self.nest is not None:
            if self.nest not in self.vary:
                raise ValueError(f"`nest` names a set in `vary` ({', '.join(self.vary) or 'none'}), not {self.nest!r}")
            if not self.open:
                raise ValueError("`nest` needs hollow solids: leave a face out with `open`")
        return self


def make_solid(ctx: DrawContext, comp: NetModel) -> Solid:
    """The solid at the component's size, with lengths resolved for this variant."""
    edge = ctx.length(comp.edge, "edge")
    if edge < MIN_LENGTH:
        raise ctx.fail("edge", f"a length of at least {MIN_LENGTH:g} mm", comp.edge)
    if comp.solid == "cube":
        return cube(edge)
    if comp.solid == "tetrahedron":
        return tetrahedron(edge)
    if comp.height is not None:
        height = ctx.length(comp.height, "height")
        if height < MIN_LENGTH:
            raise ctx.fail("height", f"a length of at least {MIN_LENGTH:g} mm", comp.height)
    else:
        slant = ctx.length(comp.slant, "slant")
        try:
            height = pyramid_height(edge, slant)
        except ValueError as exc:
            raise ctx.fail("slant", str(exc), comp.slant) from None
        if height < MIN_LENGTH:
            raise ctx.fail("slant", f"a slant that gives a height of at least {MIN_LENGTH:g} mm", comp.slant)
    return square_pyramid(edge, height)


def make_net(ctx: DrawContext, comp: NetModel) -> Net:
    """The laid-out net, turned to its smallest bounding box, which starts at (0, 0)."""
    solid = make_solid(ctx, comp)
    if comp.open:
        full = solid
        solid = solid.without(comp.open)
        if not solid.unfoldings:
            raise ctx.fail("open", f"faces whose loss leaves an unfolding of the {comp.solid} in one piece", comp.open)
        if comp.unfold is not None and comp.unfold in full.unfoldings and comp.unfold not in solid.unfoldings:
            raise ctx.fail("unfold", "an unfolding that holds together without the open faces ("
                           + ", ".join(solid.unfoldings) + ")", comp.unfold)
    if comp.unfold is not None and comp.unfold not in solid.unfoldings:
        raise ctx.fail("unfold", "one of " + ", ".join(solid.unfoldings), comp.unfold)
    tab = ctx.length(comp.tab, "tab")
    try:
        net = unfold(solid, comp.unfold, tab=tab)
    except ValueError as exc:
        raise ctx.fail("unfold", "an unfolding that lies flat without overlapping", str(exc)) from None
    return net.compact()


def _inscribed(poly: tuple[Pt, ...]) -> tuple[float, float, float]:
    """Centre and radius of a circle inside a convex face (the incircle of a triangle)."""
    if len(poly) == 3:
        (ax, ay), (bx, by), (cx, cy) = poly
        a, b, c = math.dist(poly[1], poly[2]), math.dist(poly[0], poly[2]), math.dist(poly[0], poly[1])
        s = a + b + c
        x, y = (a * ax + b * bx + c * cx) / s, (a * ay + b * by + c * cy) / s
    else:
        x, y = sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
    r = min(_distance_to_edge((x, y), poly[i - 1], poly[i]) for i in range(len(poly)))
    return x, y, r


def _distance_to_edge(p: Pt, a: Pt, b: Pt) -> float:
    return abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / math.dist(a, b)


DIE_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
    7: ((-1, -1), (-1, 0), (-1, 1), (0, 0), (1, -1), (1, 0), (1, 1)),
    8: ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    9: tuple((x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)),
}
"""Pip positions on a 3 x 3 lattice, as on a die (y down)."""


def chord(poly: tuple[Pt, ...], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at ``y`` enters and leaves a convex polygon (None: it misses)."""
    xs = []
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i - 1], poly[i]
        if (y1 - y) * (y2 - y) <= 0 and y1 != y2:
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return (min(xs), max(xs)) if xs else None


def pip_centres(n: int, layout: str, poly: tuple[Pt, ...]) -> tuple[list[Pt], float]:
    """Centres and radius of ``n`` pips on a face drawn in its own frame (bottom edge on y = 0).

    ``die``: the die pattern inside the square inscribed in the face's inscribed circle.
    ``row``: side by side just above the bottom edge, as large as the face's width there allows.
    """
    if n <= 0:
        return [], 0.0
    cx, cy, r = _inscribed(poly)
    if layout == "row":
        pr = r * 0.3
        for _ in range(20):
            y = -(pr + r * 0.25)
            span = chord(poly, y)
            if span is None:
                break
            # Room along the chord, keeping clear of the slanted sides by about one pip radius.
            room = (span[1] - span[0]) - 2.4 * pr
            fit = room / (2.6 * (n - 1) + 2.0) if n > 1 else room / 2.0
            if pr <= fit + 1e-9:
                break
            pr = max(fit, r * 0.05)
        mid = (span[0] + span[1]) / 2 if span else cx
        step = 2.6 * pr
        return [(mid + (i - (n - 1) / 2) * step, -(pr + r * 0.25)) for i in range(n)], pr
    half = r / math.sqrt(2)
    step = half * 0.62
    pr = half * 0.24
    return [(cx + dx * step, cy + dy * step) for dx, dy in DIE_PIPS[n]], pr


def _merged(comp: NetModel, i: int) -> NetFace:
    own = comp.faces[i] if i < len(comp.faces) else comp.all
    values = {k: getattr(own, k) if getattr(own, k) is not None else getattr(comp.all, k) for k in NetFace.model_fields}
    return NetFace.model_validate(values)


def face_content(ctx: DrawContext, face: NetFace, local: tuple[Pt, ...]) -> list[Node]:
    """A face's fill, pips, symbol and text, in the face's own frame (bottom edge on y = 0)."""
    out: list[Node] = []
    fill = ctx.colour(face.fill, "fill") if face.fill is not None else None
    if fill:
        out.append(polygon(local, Paint(fill=fill, stroke=fill, width=0.3)))
    ink = (ctx.colour(face.ink, "ink") if face.ink is not None else None) or "#000000"
    cx, cy, r = _inscribed(local)
    if face.pips is not None:
        value = ctx.number(face.pips, "pips")
        if value != int(value) or not 0 <= value <= 9:
            raise ctx.fail("pips", "a whole number of pips from 0 to 9", face.pips)
        centres, pr = pip_centres(int(value), face.pip_layout or "die", local)
        out += [Circle(x, y, pr, Paint(fill=ink)) for x, y in centres]
    if face.symbol is not None:
        name = ctx.text(face.symbol, "symbol")
        if name not in ("", "none"):
            if name not in SYMBOLS:
                raise ctx.fail("symbol", "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")", name)
            size = r * 1.25
            segs: tuple[Segment, ...] = tuple(symbol_segments(name))
            out.append(Group((Path(segs, Paint(fill=ink)),), mat_mul(translate(cx, cy), scale(size))))
    if face.text is not None:
        text = ctx.text(face.text, "text")
        if text:
            box = r * math.sqrt(2)
            # Unless told, start as large as the face allows; text_block shrinks longer text to fit.
            size = ctx.length(face.text_size, "text_size") if face.text_size is not None else box * 0.7
            out += text_block(text, cx - box / 2, cy - box / 2, box, box, size, bold=True, align="center",
                              valign="middle", fill=ink)
    return out


def _tab_art(poly: tuple[Pt, ...], edge: tuple[Pt, Pt]) -> list[Node]:
    """A glue tab: a light fill, hatching clipped to the tab, and "glue" when it fits."""
    clip = polygon(poly, Paint(fill=TAB_FILL), "art")
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    hatch: list[Node] = []
    span = (x1 - x0) + (y1 - y0)
    step = 2.0
    k = 0.0
    while k <= span:
        hatch.append(line(x0 + k, y0, x0 + k - (y1 - y0), y1, Paint(stroke=TAB_HATCH, width=0.2)))
        k += step
    out: list[Node] = [clip, Group(tuple(hatch), clip=clip)]
    (ax, ay), (bx, by) = edge
    length = math.dist(edge[0], edge[1])
    depth = max(_distance_to_edge(p, edge[0], edge[1]) for p in poly)
    size = min(depth * 0.55, 2.6)
    label = "glue"
    if size >= 1.2 and text_width(label, "regular", size) < length * 0.5:
        mx, my = (ax + bx) / 2, (ay + by) / 2
        angle = math.degrees(math.atan2(by - ay, bx - ax))
        # Reading direction along the edge, upright-ish, centred in the tab's depth.
        cxp, cyp = sum(xs) / len(xs), sum(ys) / len(ys)
        nx, ny = cxp - mx, cyp - my
        m = _text_frame(mx, my, angle, nx, ny, depth)
        texts = text_block(label, -length / 2, -size * 0.5, length, None, size, align="center", fill="#555555")
        out.append(Group(tuple(texts), m))
    return out


def _text_frame(mx: float, my: float, angle: float, nx: float, ny: float, depth: float) -> Matrix:
    """A frame on the tab's middle: x along the edge, text centred half way into the tab."""
    if angle > 90 or angle <= -90:
        angle -= 180
    a = math.radians(angle)
    # the normal (rotated +90) of the chosen direction; push towards the tab
    px, py = -math.sin(a), math.cos(a)
    sign = 1.0 if px * nx + py * ny > 0 else -1.0
    ox, oy = mx + sign * px * depth * 0.5, my + sign * py * depth * 0.5
    return mat_mul(translate(ox, oy), rotate(angle))


def grown(poly: tuple[Pt, ...], by: float, paint: Paint) -> list[Node]:
    """What covers the band of width ``by`` around a convex polygon (its bleed): a strip outside every
    edge and a disk at every corner, so no corner grows a long mitre spike."""
    cx, cy = sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
    out: list[Node] = []
    for i in range(len(poly)):
        a, b = poly[i - 1], poly[i]
        length = math.dist(a, b)
        if length < 1e-9:
            continue
        nx, ny = (b[1] - a[1]) / length, (a[0] - b[0]) / length
        if nx * (cx - a[0]) + ny * (cy - a[1]) > 0:
            nx, ny = -nx, -ny
        out.append(polygon((a, b, (b[0] + nx * by, b[1] + ny * by), (a[0] + nx * by, a[1] + ny * by)), paint))
    out += [Circle(x, y, by, paint) for x, y in poly]
    return out


def draw(game: Game, comp: NetModel, variant: Variant) -> Art:
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    net = make_net(ctx, comp)
    _, _, w, h = net.bbox
    bleed = float(comp.bleed)
    front = Drawing(w, h, bleed=bleed)
    names = FACE_NAMES[comp.solid]
    faces = []
    for i, frame in enumerate(net.frames):
        index = names.index(net.solid.face_names[i])  # the face's place in the closed solid (`faces` order)
        face = _merged(comp, index)
        sub = DrawContext(game, variant, f"components.{comp.id}.faces[{index}]", ctx.values)
        faces.append((face, sub, frame, i))
    # The bleed under everything: tabs and the faces themselves cover it inside the net.
    for face, sub, _, i in faces:
        fill = sub.colour(face.fill, "fill") if face.fill is not None and bleed > 0 else None
        if fill:
            front.add(*grown(net.faces[i], bleed, Paint(fill=fill)))
    for t in net.tabs:
        front.add(*_tab_art(t.polygon, t.edge))
    for face, sub, frame, i in faces:
        front.add(Group(tuple(face_content(sub, face, net.local[i])), frame))
    fold_edges = [*net.folds, *(t.edge for t in net.tabs)]
    # A thin white line under each dashed fold keeps the dashes visible on dark faces.
    front.add(*[line(a[0], a[1], b[0], b[1], FOLD_UNDER) for a, b in fold_edges])
    front.add(*[line(a[0], a[1], b[0], b[1], FOLD, "fold") for a, b in fold_edges])
    outline = Drawing(w, h, [polygon(net.outline, CUT, "cut")], bleed=bleed)
    solid = net.solid
    extent = [max(v[i] for v in solid.vertices) - min(v[i] for v in solid.vertices) for i in range(3)]
    info: dict[str, object] = {"solid": comp.solid, "faces": len(net.faces), "tabs": len(net.tabs),
                               "assembled": tuple(round(e, 3) for e in sorted(extent, reverse=True))}
    if comp.open:
        info["open"] = list(comp.open)
    return Art(front, None, outline, info)


EXAMPLE = """\
[[components]]
id = "piece"
kind = "net"
solid = "cube"
edge = "12mm"
faces = [{ pips = 1 }, { pips = 2 }, { pips = 3 }, { pips = 4 }, { pips = 5 }, { pips = 6 }]
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("net", NetModel, draw, sheet="nets", layout="pack", doc=__doc__ or "", example=EXAMPLE))  # type: ignore[arg-type]
