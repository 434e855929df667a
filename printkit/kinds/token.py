"""Tokens: chips, discs, square and hexagonal pieces, cut along their outline.

The face (and optional back) is a declared layout, clipped to the outline grown by
the token's own small bleed, so the art runs past the cut line without a square
bleed box sticking out of a round chip. Tokens are packed on sheets by the
``pack`` engine with their cut outline printed.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, model_validator

from printkit.drawing import CUT, Circle, Drawing, Group, Path, Rect, Role, polygon
from printkit.faces import draw_face
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import ComponentBase, NonNegativeLength, PositiveLength, check_size

Shape = Literal["circle", "square", "hexagon", "rounded"]


class TokenModel(ComponentBase):
    """A token cut along its outline: circle, square, hexagon or rounded rectangle."""

    kind: Literal["token"] = Field(description="Always `token`.")
    shape: Shape = Field("circle", description="Outline: circle, square, hexagon (flat top) or rounded rectangle.")
    size: PositiveLength | None = Field(
        None, description="Diameter (circle), side (square) or width across corners (hexagon)."
    )
    width: PositiveLength | None = Field(None, description="Width, for a rounded or square token given by width and height.")
    height: PositiveLength | None = Field(None, description="Height, with `width`.")
    corner_radius: NonNegativeLength = Field(2.0, description="Corner radius of a rounded token.")
    face: str = Field(description="Layout name of the face, or a template resolved per piece, e.g. `{row.kind}`.")
    back: str | None = Field(None, description="Layout name of the back; a template per piece like `face`; omitted: one-sided.")
    bleed: NonNegativeLength = Field(1.0, description="How far the art runs past the cut line (mm).")
    tessellate: bool = Field(
        False, description="Hexagons and squares (or rectangles): lay the pieces edge to edge, neighbours sharing "
        "one cut line (less paper and fewer cuts than packing their boxes): hexagons in a honeycomb, rectangles in a "
        "block whose every cut runs straight across it (a guillotine cut) with a mark at each end; each piece's art "
        "then stops at its cut line."
    )

    @model_validator(mode="after")
    def _size(self) -> TokenModel:
        check_size(self.size, self.width, self.height)
        if self.shape in ("circle", "hexagon") and self.size is None:
            raise ValueError(f"`size` for a {self.shape} token")
        if self.tessellate and self.shape not in ("hexagon", "square"):
            raise ValueError("`tessellate` only with shape = \"hexagon\" or \"square\"")
        return self

    @property
    def dimensions(self) -> tuple[float, float]:
        if self.size is None:
            assert self.width is not None and self.height is not None
            return (self.width, self.height)
        if self.shape == "hexagon":
            return (self.size, self.size * math.sqrt(3) / 2)
        return (self.size, self.size)


def outline(shape: Shape, w: float, h: float, grow: float, radius: float, role: Role = "cut") -> Circle | Rect | Path:
    """The token's outline, grown outwards by ``grow`` mm (0 for the cut line itself)."""
    if shape == "circle":
        return Circle(w / 2, h / 2, w / 2 + grow, CUT, role)
    if shape == "hexagon":
        r = w / 2 + grow / math.cos(math.radians(30))
        pts = [(w / 2 + r * math.cos(math.radians(a)), h / 2 + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
        return polygon(pts, CUT, role)
    r = radius + grow if shape == "rounded" else 0.0
    return Rect(-grow, -grow, w + 2 * grow, h + 2 * grow, CUT, role, r)


def draw(game: Game, comp: TokenModel, variant: Variant) -> Art:
    w, h = comp.dimensions
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    clip = outline(comp.shape, w, h, comp.bleed, comp.corner_radius, "art")

    def side(layout: str, key: str = "face") -> Drawing:
        raw = draw_face(game, layout, ctx, w, h, comp.bleed, key)
        return Drawing(w, h, [Group(tuple(raw.children), clip=clip)], bleed=comp.bleed)

    front = side(comp.face)
    back = side(comp.back, "back") if comp.back else None
    cut = Drawing(w, h, [outline(comp.shape, w, h, 0.0, comp.corner_radius)], bleed=comp.bleed)
    tiled = {"hexagon": "hexagon", "square": "rectangle"}.get(comp.shape)
    return Art(front, back, cut, {"tessellate": tiled} if comp.tessellate and tiled else {})


EXAMPLE = """\
[layouts.chip]
background = "gold"
elements = [{ type = "symbol", name = "flame", size = 14, fill = "red" }]

[[components]]
id = "piece"
kind = "token"
shape = "hexagon"
size = 30
face = "chip"
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("token", TokenModel, draw, sheet="pieces", layout="pack", doc=__doc__ or "", example=EXAMPLE))  # type: ignore[arg-type]
