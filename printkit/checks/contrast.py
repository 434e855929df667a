"""The `contrast` check (automatic, on the drawn kit): text and marks stand out from what they are printed on."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import colours, looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import PT, _ctx, _line, _listing, cut_line, drawn_faces, mirrored_cut
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.drawing import Drawing
    from printkit.game import Game, Variant
    from printkit.kit import Kit
    from printkit.model import ComponentBase


class ContrastCheck(CheckBase):
    """Text and marks stand out from what they are printed on. Text: the WCAG 2.1 contrast ratio of
    each text's colour and the colours under its letters (on fronts and backs; under nothing is white
    paper) is at least `min` (4.5, WCAG's level AA), or `large` (3) for text of 14 pt or more. Marks
    (symbols, pips, icons, dots, the spaces of a track: filled shapes at most 75 % of the piece across
    and a quarter of its area; on a net, 80 % of its edge across): the ratio of the mark's fill, or of its outline where it has one, and
    the colours under it is at least `marks` (3, WCAG 2.1's non-text contrast, 1.4.11). Pictures
    (images, SVG art), lines, frames and backgrounds are not measured, nor a shape painted on a shade
    of its own colour (part of a larger region: bleed, a gradient). A warning by default. Runs without
    being declared (id `contrast`); one line per component with text or marks."""

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


def _shapes(stack: list[looks.Layer]) -> tuple[object, ...]:
    """What of a face its marks depend on: its shapes (not its texts), where they are painted."""
    return tuple((layer.shape, layer.matrix) if layer.shape is not None else layer.box
                 for layer in stack if layer.text is None)


def check_contrast(game: Game, kit: Kit, c: ContrastCheck) -> list[Line]:
    from printkit.kinds.net import TAB_FILL

    lines: list[Line] = []
    seen: dict[int, tuple[list[looks.TextSpot], list[looks.Layer]]] = {}
    mark_cache: dict[tuple[object, ...], list[looks.MarkSpot]] = {}
    cuts: dict[tuple[object, ...] | None, looks.Layer | None] = {}
    for comp in selected(game, c.components):
        low: list[str] = []
        culprits: list[str] = []
        least: float | None = None
        least_mark: float | None = None
        count = marks = 0
        for name, variant, art, side, face in drawn_faces(kit, comp.id):
            if id(face) not in seen:
                stack = looks.layers(face)
                seen[id(face)] = (looks.text_boxes(face, stack=stack), stack)
            spots, stack = seen[id(face)]
            for spot in spots:
                under = tuple(u for u in spot.under if u != "image")
                if not under:
                    continue
                count += 1
                ratio, worst = _ratio((spot.text.fill,), under)
                least = ratio if least is None else min(least, ratio)
                want = c.large if spot.text.size >= LARGE_TEXT - 1e-9 else c.min
                if ratio < want - 1e-9:
                    if name not in culprits or len(low) < 3:
                        low.append(f'"{spot.text.text.strip()[:24]}" ({spot.text.fill} on {worst}, {ratio:.1f}:1) '
                                   f"on {name}")
                    culprits.append(name)
            if c.marks <= 1:
                continue
            outline = tuple(art.outline.children) if art.outline is not None else None
            if outline not in cuts:
                cuts[outline] = cut_line(art.outline)
            # faces that paint the same shapes (a deck's cards, which differ in their words) share their marks
            key = (_shapes(stack), outline, side, _mark_limit(game, comp, variant, face), comp.kind == "net")
            if key not in mark_cache:
                cut = cuts[outline]  # a back is seen turned over: its cut line is the front's, mirrored
                mark_cache[key] = looks.marks(face, key[3], mirrored_cut(cut, face.width) if side == "back" else cut,
                                              ground=(TAB_FILL,) if comp.kind == "net" else (), stack=stack)
            for mark in mark_cache[key]:
                marks += 1
                ratio, worst = _ratio(mark.colours, mark.under)
                least_mark = ratio if least_mark is None else min(least_mark, ratio)
                if ratio < c.marks - 1e-9:
                    if name not in culprits or len(low) < 3:
                        x0, y0, x1, y1 = mark.layer.box
                        low.append(f"a mark {x1 - x0:.1f} x {y1 - y0:.1f} mm at ({(x0 + x1) / 2:.1f}, "
                                   f"{(y0 + y1) / 2:.1f}) ({'/'.join(mark.colours)} on {worst}, {ratio:.1f}:1) "
                                   f"on {name}")
                    culprits.append(name)
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
