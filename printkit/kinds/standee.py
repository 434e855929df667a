"""Standees and tent pieces: front and back art either side of a fold, stood up on the table.

One flat piece is printed and cut along its outline: the back panel (printed upside down) above
the fold, the front panel below it. Folded along the middle, the back panel lands behind the
front, the right way up. A `standee` keeps the two panels glued back to back and stands on its
base tabs, folded out at the bottom of each panel (`base`); a `tent` opens its two panels into
an A-frame that stands on their bottom edges. Fold lines go to the fold layer (dashed on the
print, a separate layer for cutting machines), and the box plan holds the built piece: its
standing height, its width and its footprint.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, model_validator

from printkit.drawing import CUT, FOLD, Drawing, Group, Paint, Path, Rect, mat_mul, rotate, translate
from printkit.faces import draw_face
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import Bool, ComponentBase, NonNegativeLength, PositiveLength

FOLD_UNDER = Paint(stroke="#ffffff", width=0.35)
TENT_ANGLE = 60.0
"""Angle between the panels of a standing tent (degrees)."""


class StandeeModel(ComponentBase):
    """A standee or tent piece: front and back art either side of a fold, optional base tabs."""

    kind: Literal["standee"] = Field(description="Always `standee`.")
    style: Literal["standee", "tent"] = Field(
        "standee", description="standee: panels glued back to back, standing on base tabs; tent: an A-frame "
        f"standing on the panels' bottom edges, opened to {TENT_ANGLE:g} degrees."
    )
    width: PositiveLength = Field(description="Width of a panel (and of the piece).")
    height: PositiveLength = Field(description="Height of a panel: the standing figure's height.")
    face: str = Field(description="Layout name of the front panel, or a template resolved per piece, e.g. `{row.kind}`.")
    back: str | None = Field(None, description="Layout name of the back panel; a template per piece like `face`; omitted: the front again.")
    mirror_back: Bool = Field(
        False, description="Show the front's art mirrored on the back (a silhouette seen from behind) when no `back` is given."
    )
    base: NonNegativeLength = Field(
        12.0, description="Depth of the base tab below each panel of a standee (0: none); a tent has none."
    )
    base_fill: str = Field("white", description="Fill of the base tabs (palette name or #rrggbb).")
    bleed: NonNegativeLength = Field(
        0.0, description="How far the art runs past the outline (mm); print-shop files use at least `shop_bleed`."
    )

    @model_validator(mode="after")
    def _tent(self) -> StandeeModel:
        if self.style == "tent" and "base" in self.model_fields_set and self.base > 0:
            raise ValueError("no `base` for a tent (it stands on its panels' edges)")
        return self

    @property
    def tabs(self) -> float:
        return self.base if self.style == "standee" else 0.0

    @property
    def dimensions(self) -> tuple[float, float]:
        """The flat piece: both panels and both tabs, top to bottom."""
        return (self.width, 2 * self.height + 2 * self.tabs)

    @property
    def built(self) -> tuple[float, float, float]:
        """Width, standing height and footprint depth of the built piece (mm)."""
        if self.style == "tent":
            half = math.radians(TENT_ANGLE / 2)
            return (self.width, self.height * math.cos(half), 2 * self.height * math.sin(half))
        return (self.width, self.height, max(2 * self.tabs, 1.0))


def folds(comp: StandeeModel) -> list[float]:
    """The heights (from the top of the flat piece) of its fold lines, top to bottom."""
    t, h = comp.tabs, comp.height
    return [t, t + h, t + 2 * h] if t > 0 else [h]


def draw(game: Game, comp: StandeeModel, variant: Variant) -> Art:
    w, h = comp.width, comp.height
    t = comp.tabs
    total = 2 * h + 2 * t
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    b = comp.bleed
    front_art = draw_face(game, comp.face, ctx, w, h, b)
    if comp.back is not None:
        back_art = draw_face(game, comp.back, ctx, w, h, b, "back")
        back_m = mat_mul(translate(0.0, t), rotate(180.0, w / 2, h / 2))
    else:
        back_art = front_art
        # upside down, and mirrored left to right when asked: seen from behind, a silhouette
        flip = (1.0, 0.0, 0.0, -1.0, 0.0, h) if comp.mirror_back else rotate(180.0, w / 2, h / 2)
        back_m = mat_mul(translate(0.0, t), flip)
    piece = Drawing(w, total, bleed=b)
    if t > 0:
        fill = ctx.colour(comp.base_fill, "base_fill")
        piece.add(Rect(-b, -b, w + 2 * b, t + b, Paint(fill=fill)), Rect(-b, total - t, w + 2 * b, t + b, Paint(fill=fill)))
    # A panel's art runs into the bleed at its sides, and at its outer edge when no tab is there; never over the fold.
    panel = Rect(-b, 0, w + 2 * b, h + (b if t == 0 else 0.0), CUT, "art")
    piece.add(Group((Group(tuple(back_art.children), clip=panel),), back_m))
    piece.add(Group((Group(tuple(front_art.children), clip=panel),), translate(0.0, t + h)))
    lines = [Path((("M", 0.0, y), ("L", w, y)), FOLD_UNDER) for y in folds(comp)]
    lines += [Path((("M", 0.0, y), ("L", w, y)), FOLD, "fold") for y in folds(comp)]
    piece.add(*lines)
    outline = Drawing(w, total, [Rect(0, 0, w, total, CUT, "cut")])
    info: dict[str, object] = {"style": comp.style, "folds": len(folds(comp)),
                               "assembled": tuple(round(v, 3) for v in comp.built)}
    return Art(piece, None, outline, info)


EXAMPLE = """\
[layouts.figure]
background = "sky"
elements = [{ type = "symbol", name = "spade", cx = "50%", cy = "45%", size = 14, fill = "ink" }]

[[components]]
id = "piece"
kind = "standee"
width = 25
height = 35
base = 10
face = "figure"
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("standee", StandeeModel, draw, sheet="pieces", layout="pack", doc=__doc__ or "", example=EXAMPLE))  # type: ignore[arg-type]
