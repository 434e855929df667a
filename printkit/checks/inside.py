"""The `inside` check (automatic, on the drawn kit): what a piece prints stays on the piece."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import _line, _listing, cut_line, drawn, mirrored_cut
from printkit.drawing import (
    IDENTITY,
    Drawing,
    Group,
    Matrix,
    Node,
    Shape,
    Text,
    Use,
    children_key,
    mat_mul,
)
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


Offs = dict[tuple[int, float, float], bool]
"""Whether a point is off a cut line, by the cut line's layer (kept alive for one check) and the point."""
Faces = dict[tuple[object, ...], tuple[tuple[Node, ...], list[str | int]]]
"""What faces that paint the same nodes but their top-level texts print past a cut line: the first
such face's nodes (kept) and, in paint order, each verdict on a shape or the index of a text to judge."""
Texts = dict[tuple[looks.TextLine, int, float, float], float | None]
"""How far a text passes its cut line (see :func:`_past`), by its line, the cut line (kept alive
for one check) and the face's size."""

MARK = looks.MARK
_UNKNOWN = -1.0
"""No verdict yet on a text's line (told by identity; a distance past the trim is never negative either)."""


class InsideCheck(CheckBase):
    """Every text and every mark of a piece (fronts and backs) stays on the piece: no letter of a
    text lies outside the cut line by more than `tolerance` mm, and no mark (a filled shape less
    than 40 % of the piece across: a symbol, a pip, a dot) lies mostly outside, its centre too (on a card or a
    board: no part of it past the edge). Larger shapes (a background, a frame,
    a line from edge to edge) may run into the bleed, and what is clipped to the cut line is
    fine. Nets are left out (their faces' art runs over folds and tabs). Runs without being declared
    (id `inside`); one line per component."""

    type: Literal["inside"] = Field(description="Check type: `inside`.")
    components: list[str] = Field(["*"], description='Components whose pieces are read; ["*"]: all.')
    tolerance: float = Field(0.3, ge=0, description="How far (mm) a shape may pass the cut line.")


def _shapes(nodes: list[Node] | tuple[Node, ...], defs: dict[str, Drawing], m: Matrix = IDENTITY,
            clipped: bool = False) -> Iterator[tuple[Shape, Matrix, bool]]:
    """Every shape with its transform and whether a clip path bounds it."""
    for node in nodes:
        if isinstance(node, Group):
            yield from _shapes(node.children, defs, mat_mul(m, node.transform), clipped or node.clip is not None)
        elif isinstance(node, Use):
            sub = defs[node.ref]
            yield from _shapes(sub.children, {**defs, **sub.defs}, mat_mul(m, node.transform), clipped)
        else:
            yield node, m, clipped


def _outside(face: Drawing, cut: looks.Layer | None, tol: float,
             marks: dict[tuple[object, Matrix, int, float, float], str | None] | None = None,
             offs: Offs | None = None, texts: Texts | None = None, faces: Faces | None = None) -> list[str]:
    """What of a face passes its cut line (``cut``: None for the trim rectangle). ``marks``: the
    verdicts on filled shapes already judged, by shape (a rect or circle by value, a path by
    identity), place, cut line and face size: the same symbol at the same place on every card of a
    deck is judged once; ``offs``: the points already found off or on a cut line; ``texts``: how far
    texts on a line already judged pass the cut line (texts of the same width on a deck's cards sit
    on the same line); ``faces``: what faces that paint the same nodes but their own texts (a
    deck's cards) print past the cut line, but for those texts."""
    w, h = face.width, face.height
    if faces is None or face.defs:
        return [found for shape, m, clipped in _shapes(face.children, face.defs)
                if (found := _verdict(shape, m, clipped, cut, w, h, tol, marks, offs, texts)) is not None]
    key = (id(cut), w, h, looks.painted_alike(face.children))
    hit = faces.get(key)
    if hit is None:  # the verdicts on its shapes, and where its own texts are judged (by their index)
        plan: list[str | int] = []
        for k, node in enumerate(face.children):
            if type(node) is Text:
                plan.append(k)
                continue
            plan += [found for shape, m, clipped in _shapes((node,), face.defs)
                     if (found := _verdict(shape, m, clipped, cut, w, h, tol, marks, offs, texts)) is not None]
        hit = faces[key] = (tuple(face.children), plan)  # the nodes kept: the key holds their ids
    out: list[str] = []
    for item in hit[1]:
        if type(item) is int:
            found = _verdict(face.children[item], IDENTITY, False, cut, w, h, tol, marks, offs, texts)  # type: ignore[arg-type]
            if found is not None:
                out.append(found)
        else:
            out.append(item)  # type: ignore[arg-type]
    return out


def _verdict(shape: Shape, m: Matrix, clipped: bool, cut: looks.Layer | None, w: float, h: float, tol: float,
             marks: dict[tuple[object, Matrix, int, float, float], str | None] | None, offs: Offs | None,
             texts: Texts | None) -> str | None:
    """What a shape of a face placed by ``m`` passing the cut line is called (see :func:`_outside`);
    None: it stays inside, or is not judged."""
    if shape.role != "art" or (clipped and not isinstance(shape, Text)):
        return None
    if isinstance(shape, Text):
        if not shape.text.strip():
            return None
        line = looks.text_line(shape, m)
        key = (line, id(cut), w, h)
        far = texts.get(key, _UNKNOWN) if texts is not None else _UNKNOWN
        if far is _UNKNOWN:
            far = _past(True, looks.line_samples(line), cut, w, h, tol, offs=offs)
            if texts is not None:
                texts[key] = far
        return None if far is None else _called(f'text "{shape.text.strip()[:20]}"', far)
    if getattr(shape, "paint", None) is None or not shape.paint.fill:  # type: ignore[union-attr]
        return None
    mark = (looks.memo_key(shape), m, id(cut), w, h)
    if marks is not None and mark in marks:
        return marks[mark]
    found = _mark(shape, m, cut, w, h, tol, offs)
    if marks is not None:
        marks[mark] = found
    return found


def _mark(shape: Shape, m: Matrix, cut: looks.Layer | None, w: float, h: float, tol: float,
          offs: Offs | None = None) -> str | None:
    """What a filled shape passing the cut line is called (None: it stays inside, or is not a mark)."""
    path = looks.placed(shape, m)  # type: ignore[arg-type]
    ctrl = [(float(seg[i]), float(seg[i + 1])) for seg in path.segments for i in range(1, len(seg), 2)]
    if not ctrl:
        return None
    xs, ys = [p[0] for p in ctrl], [p[1] for p in ctrl]
    if max(xs) - min(xs) > MARK * min(w, h) or max(ys) - min(ys) > MARK * min(w, h):
        return None  # not a mark: a background, a field, a frame (it may run into the bleed)
    # the points its segments end on (on its outline; a circle's four quarter points)
    ends = [(float(seg[-2]), float(seg[-1])) for seg in path.segments if len(seg) > 2]
    far = _past(False, ends[:: max(1, len(ends) // 12)], cut, w, h, tol, xs, ys, offs)
    return None if far is None else _called(type(shape).__name__.lower(), far)


def _called(what: str, far: float) -> str:
    """A text or a mark passing the cut line, with how far it passes the trim (when measured)."""
    return what + (f" ({far:.1f} mm past the edge)" if far else "")


def _past(text: bool, pts: list[tuple[float, float]], cut: looks.Layer | None, w: float, h: float, tol: float,
          xs: list[float] | None = None, ys: list[float] | None = None, offs: Offs | None = None) -> float | None:
    """Whether a text (``text``) or a mark with points ``pts`` (bounds ``xs``, ``ys``) passes the cut
    line: None when it stays inside, else how far it passes the trim (0.0: not measured, a cut line)."""
    if text:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert xs is not None and ys is not None
    if cut is None:
        far = max(max(-x, x - w, -y, y - h) for x, y in pts)
        bad = far > tol
    else:
        far = 0.0
        # a text with a letter off the piece; a mark mostly off it (one across the cut line may be meant)
        def off(x: float, y: float) -> bool:
            if offs is None:
                return not cut.contains(x, y) and not _near(cut, x, y, tol)
            key = (id(cut), x, y)
            found = offs.get(key)
            if found is None:
                found = offs[key] = not cut.contains(x, y) and not _near(cut, x, y, tol)
            return found

        mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        bad = (any(off(x, y) for x, y in pts) if text else
               off(*mid) and sum(off(x, y) for x, y in pts) * 2 > len(pts))
    return far if bad else None


def _near(cut: looks.Layer, x: float, y: float, tol: float) -> bool:
    return any(cut.contains(x + dx, y + dy) for dx, dy in ((tol, 0), (-tol, 0), (0, tol), (0, -tol)))


def check_inside(game: Game, kit: Kit, c: InsideCheck) -> list[Line]:
    lines: list[Line] = []
    # by outline: the outline (kept, so its id stays its own), its cut line, the cut line mirrored by face width
    cuts: dict[object, tuple[Drawing | None, looks.Layer | None, dict[float, looks.Layer | None]]] = {}
    by_id: dict[int, tuple[Drawing | None, looks.Layer | None, dict[float, looks.Layer | None]]] = {}
    marks: dict[tuple[object, Matrix, int, float, float], str | None] = {}
    offs: Offs = {}
    texts: Texts = {}
    faces: Faces = {}
    for comp in selected(game, c.components):
        if comp.kind == "net":
            continue  # a net's art runs over its folds and tabs by design; `solid` reads its faces
        pieces = drawn(kit, comp.id)
        if not pieces:
            continue
        off: list[str] = []
        culprits: list[str] = []
        seen: dict[tuple[int, int, bool], list[str]] = {}
        for name, (_, art) in pieces.items():
            # pieces of a component mostly have the same outline: its cut line is read once
            outline = art.outline
            hit = by_id.get(id(outline))  # a cut line shared by pieces (a deck's cards) is read once
            if hit is None or hit[0] is not outline:
                same: object = (id(outline) if outline is None or outline.defs else children_key(outline.children))
                if same not in cuts:
                    cuts[same] = (outline, cut_line(outline), {})
                hit = by_id[id(outline)] = (outline, *cuts[same][1:])
            cut, mirrored = hit[1:]
            for side, face in (("front", art.front), ("back", art.back)):
                if face is None:
                    continue
                key = (id(face), id(art.outline), side == "back")
                if key not in seen:
                    # a back is drawn as seen turned over: its cut line is the front's, mirrored
                    if side == "back" and face.width not in mirrored:
                        mirrored[face.width] = mirrored_cut(cut, face.width)
                    seen[key] = _outside(face, mirrored[face.width] if side == "back" else cut, c.tolerance, marks,
                                         offs, texts, faces)
                for what in seen[key]:
                    off.append(f"{what} on the {side} of {name}")
                    culprits.append(name)
        lines.append(_line(c, f"{c.id}[{comp.id}]", "inside", f"{len(off)} outside" if off else "inside", not off,
                           f"printed past the cut line: {_listing(off)}" if off else
                           f"everything {comp.id} prints stays inside its cut line", culprits))
    return lines


SOURCE = "What a piece prints must stay on the piece (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "inside"
type = "inside"
tolerance = 0
source = "Nothing may be cut away."
"""

register(CheckType("inside", InsideCheck, check_inside, on_kit=True, order=25, example=EXAMPLE, auto=SOURCE))
