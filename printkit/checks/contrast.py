"""The `contrast` check (automatic, on the drawn kit): text and marks stand out from what they are printed on."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import colours, looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import PT, _ctx, _line, _listing, cut_line, drawn_faces, mirrored_cut
from printkit.drawing import Circle, Matrix, Rect, Text
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.drawing import Drawing
    from printkit.game import Game, Variant
    from printkit.kinds import Art
    from printkit.kit import Kit
    from printkit.model import ComponentBase


class ContrastCheck(CheckBase):
    """Text and marks stand out from what they are printed on. Text: the WCAG 2.1 contrast ratio of
    each text's colour and the colours under its letters (on fronts and backs; under nothing is white
    paper) is at least `min` (4.5, WCAG's level AA), or `large` (3) for text of 14 pt or more. Marks
    (symbols, pips, icons, dots, the spaces of a track: filled shapes at most 75 % of the piece across
    and a quarter of its area; on a net, 80 % of its edge across): the ratio of the mark's fill, or of
    its outline where it has one, and the colours under it is at least `marks` (3, WCAG 2.1's
    non-text contrast, 1.4.11). Pictures (images, SVG art), lines, frames and backgrounds are not
    measured, nor a shape painted on a shade of its own colour (within 10 of 255 in each sRGB
    channel: part of a larger region, bleed, a gradient). A warning by default. Runs without being
    declared (id `contrast`); one line per component with text or marks."""

    type: Literal["contrast"] = Field(description="Check type: `contrast`.")
    severity: Literal["error", "warning"] = Field("warning", description="error: a failure fails the proof; "
                                                  "warning (the default): it is reported only.")
    components: list[str] = Field(["*"], description='Components whose faces are read; ["*"]: all.')
    min: float = Field(colours.TEXT_CONTRAST, ge=1, le=21, description="The least contrast ratio for text.")
    large: float = Field(colours.LARGE_TEXT_CONTRAST, ge=1, le=21,
                         description="The least contrast ratio for text of 14 pt or more.")
    marks: float = Field(colours.MARK_CONTRAST, ge=1, le=21,
                         description="The least contrast ratio for marks (symbols, pips, icons); 1: not measured.")


LARGE_TEXT = 14 * PT
ACROSS, AREA = 0.75, 0.25
"""A mark is at most this share of its piece across (both ways) and of its area: a larger shape is a
background, a band or a frame."""
NET_MARK = 0.8
"""On a net, a mark is at most this share of the net's edge across (a face is the edge across)."""


def _mark_limit(game: Game, comp: ComponentBase, variant: Variant, face: Drawing) -> tuple[float, float, float]:
    """How large (width, height in mm, area in mm²) a mark of this piece may be: a share of the
    piece, or of a net's edge (a net's face is the edge across)."""
    if comp.kind == "net":
        edge = NET_MARK * _ctx(game, comp, variant).length(comp.edge, "edge")  # type: ignore[attr-defined]
        return edge, edge, edge * edge
    w, h = face.width, face.height
    return ACROSS * w, ACROSS * h, AREA * w * h


@lru_cache(maxsize=4096)
def _ratio(fills: tuple[str, ...], under: tuple[str, ...]) -> tuple[float, str]:
    """The contrast of the best of ``fills`` against the worst of ``under``, with that colour."""
    return min((max(colours.contrast(f, u) for f in fills), u) for u in under)


Measured = list[tuple[looks.MarkSpot, float, str]]
"""A face's marks, each with its contrast against the worst colour under it, and that colour."""


class _Marks:
    """The marks of faces that paint the same shapes (a deck's cards, which differ in their words),
    measured once: found by the shapes' identity (pieces share the nodes an element draws), else by
    their value."""

    def __init__(self) -> None:
        self.by_face: dict[tuple[object, ...], Measured] = {}
        """By the face's and its outline's identity (the kit keeps them for the check), side and mark size."""
        self.by_id: dict[tuple[object, ...], Measured] = {}
        self.by_value: dict[tuple[object, ...], Measured] = {}
        self.cuts: dict[int, tuple[Drawing | None, looks.Layer | None]] = {}
        self.known: dict[tuple[int, str, float, bool], dict[tuple[object, ...], tuple[str, ...]]] = {}
        """The colours under marks (see :func:`looks.marks`), for each cut line (by its outline, kept by
        ``cuts``), side and width."""

    def get(self, game: Game, comp: ComponentBase, variant: Variant, art: Art, side: str, face: Drawing,
            memo: looks.BackdropMemo) -> Measured:
        limit = _mark_limit(game, comp, variant, face)
        rest = (side, limit, comp.kind == "net")
        # this very face on this very outline, measured already (the back every card of a deck shares)
        same = (id(face), id(art.outline), *rest)
        found = self.by_face.get(same)
        if found is not None:
            return found
        # a face painting as one measured already (found by the memo as its texts were read: a deck's
        # cards), on the same outline: the same nodes but its texts, so the same key below
        last = memo.shape
        shape = last[1] if last is not None and last[0] is face else None
        kept = shape.marks if shape is not None else None
        if kept is not None and kept[0] is art.outline and kept[1] == rest:
            self.by_face[same] = kept[2]
            return kept[2]
        # the face's own nodes but its texts (an element's nodes are shared by the pieces that draw it
        # alike; a rect or a circle, such as a background each face paints, by value)
        outline = tuple(art.outline.children) if art.outline is not None else None  # one cut line or a few
        quick = (tuple(node if type(node) is Rect or type(node) is Circle else id(node) for node in face.children
                       if type(node) is not Text), outline, *rest)
        found = self.by_id.get(quick)
        if found is None:
            found = self.by_id[quick] = self._by_value(comp, art, side, face, memo, limit, outline, rest)
        self.by_face[same] = found
        if shape is not None:  # kept by the shape (see looks._Shape.marks), for the faces painting as this one
            shape.marks = (art.outline, rest, found)
        return found

    def _by_value(self, comp: ComponentBase, art: Art, side: str, face: Drawing, memo: looks.BackdropMemo,
                  limit: tuple[float, float, float], outline: tuple[object, ...] | None,
                  rest: tuple[object, ...]) -> Measured:
        stack = looks.face_layers(face, memo)
        shapes = [layer for layer in stack if layer.text is None]
        key = (tuple((layer.shape, layer.matrix) if layer.shape is not None else layer.box for layer in shapes),
               outline, *rest)
        found = self.by_value.get(key)
        if found is None:
            hit = self.cuts.get(id(art.outline))
            if hit is None or hit[0] is not art.outline:
                hit = self.cuts[id(art.outline)] = (art.outline, cut_line(art.outline))
            cut = hit[1] if side == "front" else mirrored_cut(hit[1], face.width)  # a back is seen turned over
            known = self.known.setdefault((id(art.outline), side, face.width, comp.kind == "net"), {})
            found = self.by_value[key] = [(mark, *_ratio(mark.colours, mark.under)) for mark in looks.marks(
                face, limit, cut, ground=_ground(comp), stack=stack, known=known)]
        return found


def _ground(comp: ComponentBase) -> tuple[str, ...]:
    """The fills a piece paints under its faces that no mark sits on: a net's glue tabs (its module is
    imported only for a net)."""
    if comp.kind != "net":
        return ()
    from printkit.kinds.net import TAB_FILL

    return (TAB_FILL,)


def check_contrast(game: Game, kit: Kit, c: ContrastCheck) -> list[Line]:
    lines: list[Line] = []
    seen: dict[int, list[tuple[Text, tuple[str, ...], Matrix]]] = {}
    shared = _Marks()
    memo = looks.BackdropMemo()  # faces of a deck mostly paint the same under the same points
    for comp in selected(game, c.components):
        low: list[str] = []
        culprits: dict[str, None] = {}  # the pieces blamed, in order (a deck may blame thousands)
        least: float | None = None
        least_mark: float | None = None
        count = marks = 0
        for name, variant, art, side, face in drawn_faces(kit, comp.id):
            if id(face) not in seen:
                seen[id(face)] = looks.text_colours(face, memo)
            for text, under, _ in seen[id(face)]:
                if "image" in under:
                    under = tuple(u for u in under if u != "image")
                if not under:
                    continue
                count += 1
                ratio, worst = _ratio((text.fill,), under)
                least = ratio if least is None or ratio < least else least
                want = c.large if text.size >= LARGE_TEXT - 1e-9 else c.min
                if ratio < want - 1e-9:
                    if name not in culprits or len(low) < 3:
                        low.append(f'"{text.text.strip()[:24]}" ({text.fill} on {worst}, {ratio:.1f}:1) on {name}')
                    culprits[name] = None
            if c.marks <= 1:
                continue
            for mark, ratio, worst in shared.get(game, comp, variant, art, side, face, memo):
                marks += 1
                least_mark = ratio if least_mark is None else min(least_mark, ratio)
                if ratio < c.marks - 1e-9:
                    if name not in culprits or len(low) < 3:
                        x0, y0, x1, y1 = mark.layer.box
                        low.append(f"a mark {x1 - x0:.1f} x {y1 - y0:.1f} mm at ({(x0 + x1) / 2:.1f}, "
                                   f"{(y0 + y1) / 2:.1f}) ({'/'.join(mark.colours)} on {worst}, {ratio:.1f}:1) "
                                   f"on {name}")
                    culprits[name] = None
        if not count and not marks:
            continue
        found = f"{least:.1f}:1" if least is not None else f"{least_mark:.1f}:1"
        measured = ([f"{count} texts, the faintest {least:.1f}:1"] if least is not None else []) + \
            ([f"{marks} marks, the faintest {least_mark:.1f}:1"] if least_mark is not None else [])
        wanted = f"at least {c.min:g}:1 wanted ({c.large:g}:1 from 14 pt)"
        if any(t.startswith("a mark ") for t in low):
            wanted = f"at least {c.min:g}:1 wanted for text ({c.large:g}:1 from 14 pt), {c.marks:g}:1 for marks"
        what = " and ".join(w for w, faint in (("text", any(not t.startswith("a mark ") for t in low)),
                                                ("marks", any(t.startswith("a mark ") for t in low))) if faint)
        detail = f"{what} too faint on its background: {_listing(low)}; {wanted}" \
            if low else "; ".join(measured)
        lines.append(_line(c, f"{c.id}[{comp.id}]", f">= {c.min:g}:1", found, not low, detail, culprits))
    return lines


SOURCE = ("Printed text and marks must stand out from what they are printed on (WCAG 2.1 contrast; "
          "printkit's own rule).")
EXAMPLE = """\
[[checks]]
id = "contrast"
type = "contrast"
min = 7
source = "Players read the cards across the table."
"""

register(CheckType("contrast", ContrastCheck, check_contrast, on_kit=True, order=22, example=EXAMPLE,
                   auto=SOURCE))
