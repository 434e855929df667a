"""The `swatches` check (automatic, on the drawn kit): a label naming a colour sits by that colour."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import _line, _listing, _phrase, _record_colour, drawn_faces, texts
from printkit.checks._seen import coloured_sets
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class SwatchesCheck(CheckBase):
    """A label that is the name of a colour value (a text reading just "red", where a set's records
    are colours) sits by a patch of that colour: of the patches drawn in the set's colours within
    `reach` mm of the label (not a background: a patch under it ten times its size), the nearest is the label's own colour. A colour wheel whose segments
    were swapped against their labels fails. Runs without being declared (id `swatches`)."""

    type: Literal["swatches"] = Field(description="Check type: `swatches`.")
    components: list[str] = Field(["*"], description='Components whose faces are read; ["*"]: all.')
    reach: float = Field(4.0, gt=0, description="How far (mm) from its label a patch may be.")


def _distance(x: float, y: float, layer: looks.Layer) -> float:
    if layer.contains(x, y):
        return 0.0
    best = math.inf
    for ring in layer.loops:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
            best = min(best, math.hypot(x - ax - t * dx, y - ay - t * dy))
    return best


def _box_gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The gap between two boxes (0 when they overlap): no point of one is nearer the other."""
    return math.hypot(max(0.0, b[0] - a[2], a[0] - b[2]), max(0.0, b[1] - a[3], a[1] - b[3]))


def _covers(box: tuple[float, float, float, float], w: float, h: float) -> bool:
    return box[2] - box[0] >= 0.9 * w and box[3] - box[1] >= 0.9 * h


def check_swatches(game: Game, kit: Kit, c: SwatchesCheck) -> list[Line]:
    names: dict[str, tuple[str, str]] = {}  # label phrase -> (value, colour)
    for set_name in coloured_sets(game):
        for rec in game.data.sets[set_name]:
            colour = _record_colour(game, rec)
            for key in ("name", "label"):
                if rec.get(key) is not None and colour:
                    names.setdefault(_phrase(str(rec[key])), (str(rec["name"]), colour))
    if not names:
        return []
    palette = {colour.lower() for _, colour in names.values()}
    wrong: list[str] = []
    culprits: list[str] = []
    read = 0
    seen: set[int] = set()
    for comp in selected(game, c.components):
        for piece, _, _, _, face in drawn_faces(kit, comp.id):
            if id(face) in seen:
                continue
            seen.add(id(face))
            if not any(_phrase(t.text) in names for t, _ in texts(face)):
                continue
            stack = looks.layers(face)
            # patches of a value's colour, not the face's background (a label on its card is no swatch)
            patches = [layer for layer in stack if layer.text is None and layer.fill in palette
                       and not _covers(layer.box, face.width, face.height)]
            if not patches:
                continue
            for layer in stack:
                if layer.text is None or _phrase(layer.text.text) not in names:
                    continue
                value, colour = names[_phrase(layer.text.text)]
                x0, y0, x1, y1 = layer.box
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                # a patch under the label and many times its size is its background, not a swatch
                label_area = (x1 - x0) * (y1 - y0)
                probes = [(cx, cy), (x0, y0), (x1, y0), (x1, y1), (x0, y1), (cx, y0), (cx, y1), (x0, cy), (x1, cy)]
                near = [(min(_distance(px, py, p) for px, py in probes), p) for p in patches
                        if _box_gap(layer.box, p.box) <= c.reach
                        and not (p.area > 10 * label_area and p.contains(cx, cy))]
                near = [(d, p) for d, p in near if d <= c.reach]
                if not near:
                    continue
                read += 1
                _d, nearest = min(near, key=lambda t: t[0])
                assert nearest.fill is not None
                if nearest.fill != colour.lower():
                    other = next((v for v, col in names.values() if col.lower() == nearest.fill), nearest.fill)
                    wrong.append(f'"{layer.text.text.strip()}" on {piece} sits by {other} ({nearest.fill}), '
                                 f"not by {value} ({colour})")
                    culprits.append(piece)
    if not read:
        return []
    return [_line(c, c.id, "agree", f"{len(wrong)} disagree" if wrong else "agree", not wrong,
                  f"colour labels beside another colour: {_listing(wrong)}" if wrong else
                  f"{read} colour labels sit by their own colour", culprits)]


SOURCE = "A label naming a colour must sit by that colour (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "swatches"
type = "swatches"
reach = 6
source = "The colour wheel names each colour."
"""

register(CheckType("swatches", SwatchesCheck, check_swatches, on_kit=True, order=24, example=EXAMPLE,
                   auto=SOURCE))
