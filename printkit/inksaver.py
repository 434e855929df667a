"""Ink saver: a transformation of the drawing tree, so every backend and every kind gets it.

A black-and-white laser printer should give a playable kit. The rules, applied to
each shape in its own drawing's coordinates:

* A *background* (a filled shape covering most of its drawing) is dropped; a piece
  with bleed whose own background went gets a thin outline of its trim in that
  colour, so a card still shows its edge.
* A *large fill* (more than :data:`LARGE_AREA` mm²) becomes a pale wash of its colour
  (:data:`TINT`, near white), with a thin outline in its own colour (darkened when
  pale) so its shape stays readable and black pieces stay apart from white ones.
  Its stroke, if it had one, is kept.
* Small fills (symbols, pips, wheel segments, dots) keep their colour: they carry
  meaning. Only near-white ones without an outline (a white symbol on a dark chip)
  are darkened: on white paper they would vanish.
* Text and strokes that are pale (they stood on a dark fill that is now gone) are
  darkened to the same hue, so pale text on a dark background turns dark.
  A pale line drawn over a wider dark outline of the same path keeps its colour:
  the outline already makes it legible (a white line on a card stays white). White
  lines (hatching, gaps cut into a fill) stay white: they were paper showing through.
* A stroke in the shape's own fill colour (bleed grown around a fill) follows the fill.
* Cut, fold and guide shapes are untouched.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.colours import luminance
from printkit.drawing import (
    Circle,
    Drawing,
    Group,
    Image,
    Matrix,
    Node,
    Paint,
    Path,
    Rect,
    Text,
    Use,
)

LARGE_AREA = 150.0
"""mm²: a filled shape larger than this (about 12 x 12 mm) is a large fill."""
BACKGROUND_SHARE = 0.8
"""A fill covering this share of its drawing's box is a background and is dropped."""
PALE = 0.4
"""Relative luminance above which text and lines are too pale for white paper (contrast below about 2.3:1)."""
NEAR_WHITE = 0.8
"""A small unoutlined fill paler than this (a white symbol on a dark chip) would vanish on white paper: it is darkened."""
DARK_TARGET = 0.18
"""Luminance a pale colour is darkened to (same hue)."""
OUTLINE_WIDTH = 0.3
TINT = 0.12
"""Share of its colour a large fill keeps (the rest is paper white): black and white pieces stay apart."""


def darken(hex_colour: str, target: float = DARK_TARGET) -> str:
    """The same hue scaled down until its luminance is at most ``target``."""
    if luminance(hex_colour) <= target:
        return hex_colour
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        cand = _hex(r * mid, g * mid, b * mid)
        if luminance(cand) > target:
            hi = mid
        else:
            lo = mid
    return _hex(r * lo, g * lo, b * lo)


def _hex(r: float, g: float, b: float) -> str:
    return f"#{round(r):02x}{round(g):02x}{round(b):02x}"


def tint(hex_colour: str, share: float = TINT) -> str:
    """``hex_colour`` mixed with paper white, keeping ``share`` of it: a pale wash of the same hue."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return _hex(*(255 - (255 - v) * share for v in (r, g, b)))


def legible(hex_colour: str) -> str:
    """A colour that reads on white paper: pale colours darkened, others unchanged."""
    return darken(hex_colour) if luminance(hex_colour) > PALE else hex_colour


def area(shape: Rect | Circle | Path) -> float:
    """Area of a filled shape in its own units (paths: shoelace over their points, curves included)."""
    if isinstance(shape, Rect):
        return abs(shape.w * shape.h)
    if isinstance(shape, Circle):
        return 3.141592653589793 * shape.r * shape.r
    total, pts = 0.0, list[tuple[float, float]]()
    for seg in shape.segments:
        if seg[0] == "M":
            total += _shoelace(pts)
            pts = [(float(seg[1]), float(seg[2]))]
        elif seg[0] in ("L", "C"):
            vals = [float(v) for v in seg[1:]]
            pts += list(zip(vals[0::2], vals[1::2]))
    return abs(total + _shoelace(pts))


def _shoelace(pts: list[tuple[float, float]]) -> float:
    if len(pts) < 3:
        return 0.0
    s = 0.0
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        s += x1 * y2 - x2 * y1
    return s / 2.0


def _det(m: Matrix) -> float:
    return abs(m[0] * m[3] - m[1] * m[2])


class _InkSaver:
    def __init__(self) -> None:
        self._done: dict[int, Drawing] = {}

    def drawing(self, d: Drawing) -> Drawing:
        key = id(d)
        if key not in self._done:
            _, _, bw, bh = d.box
            out = Drawing(d.width, d.height, bleed=d.bleed)
            self._done[key] = out
            out.defs = {ref: self.drawing(sub) for ref, sub in d.defs.items()}
            out.children = self.nodes(d.children, 1.0, bw * bh)
            if d.bleed > 0:
                out.children = self._trim_outline(d, out.children)
        return self._done[key]

    @staticmethod
    def _trim_outline(d: Drawing, kept: list[Node]) -> list[Node]:
        """A piece whose filled background was dropped gets a thin outline of its trim in that colour."""
        _, _, bw, bh = d.box
        for node in d.children:
            if (isinstance(node, (Rect, Circle, Path)) and node.role == "art" and node.paint.fill
                    and area(node) >= BACKGROUND_SHARE * bw * bh):
                edge = Rect(0.0, 0.0, d.width, d.height, Paint(stroke=legible(node.paint.fill), width=OUTLINE_WIDTH))
                return [edge, *kept]
        return kept

    def nodes(self, nodes: list[Node] | tuple[Node, ...], scale: float, box_area: float) -> list[Node]:
        out: list[Node] = []
        prev: Node | None = None
        for node in nodes:
            new = self.node(node, scale, box_area, prev)
            if new is not None:
                out.append(new)
            prev = node
        return out

    def node(self, node: Node, scale: float, box_area: float, prev: Node | None) -> Node | None:
        if isinstance(node, Group):
            return replace(node, children=tuple(self.nodes(node.children, scale * _det(node.transform), box_area)))
        if isinstance(node, (Use, Image)):  # a reference, or a raster picture: no paint to lighten
            return node
        if node.role != "art":
            return node
        if isinstance(node, Text):
            return replace(node, fill=legible(node.fill)) if node.fill else node
        return self.shape(node, scale, box_area, prev)

    def shape(self, s: Rect | Circle | Path, scale: float, box_area: float, prev: Node | None) -> Node | None:
        p = s.paint
        if p.fill and p.stroke == p.fill:
            # A stroke in the shape's own fill colour only grows the fill (bleed past a cut line):
            # it follows the fill, so it must not turn into a thick dark band.
            a = area(s) * scale
            if a <= LARGE_AREA:
                return s
            if box_area > 0 and a >= BACKGROUND_SHARE * box_area:
                return None
            return replace(s, paint=Paint(fill=tint(p.fill), stroke=legible(p.fill), width=OUTLINE_WIDTH,
                                          opacity=p.opacity))
        stroke = p.stroke
        if stroke and luminance(stroke) <= NEAR_WHITE and not _outlined(s, prev):
            stroke = legible(stroke)
        if not p.fill:
            return replace(s, paint=replace(p, stroke=stroke)) if stroke != p.stroke else s
        a = area(s) * scale
        if box_area > 0 and a >= BACKGROUND_SHARE * box_area:
            if not p.stroke:
                return None
            return replace(s, paint=replace(p, fill=None, stroke=stroke))
        if a <= LARGE_AREA:
            fill = darken(p.fill) if luminance(p.fill) > NEAR_WHITE and not p.stroke else p.fill
            return replace(s, paint=replace(p, fill=fill, stroke=stroke)) if (fill, stroke) != (p.fill, p.stroke) else s
        if p.stroke:
            return replace(s, paint=replace(p, fill=tint(p.fill), stroke=stroke))
        return replace(s, paint=Paint(fill=tint(p.fill), stroke=legible(p.fill), width=OUTLINE_WIDTH, opacity=p.opacity))


def _outlined(s: Rect | Circle | Path, prev: Node | None) -> bool:
    """Is ``s`` a line drawn over a wider outline of the same path (the previous sibling)?"""
    return (
        isinstance(s, Path) and isinstance(prev, Path) and prev.segments == s.segments
        and prev.paint.stroke is not None and s.paint.stroke is not None and prev.paint.width > s.paint.width
        and luminance(prev.paint.stroke) <= PALE
    )


def ink_saver(drawing: Drawing) -> Drawing:
    """A new drawing (its shared drawings transformed once each) that saves ink."""
    return _InkSaver().drawing(drawing)


def ink_saver_all(drawings: list[Drawing]) -> list[Drawing]:
    """Transform several drawings sharing one memo, so a face used on many pages is transformed once."""
    saver = _InkSaver()
    return [saver.drawing(d) for d in drawings]
