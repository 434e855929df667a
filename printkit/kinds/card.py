"""Cards: rectangular pieces with a declared face and back, printed with bleed.

Size comes from a named size (``poker``, ``bridge``, ...) or ``width``/``height``.
Faces and backs are layouts from ``[layouts]``; the back may be shared by every
card (drawn once, reused) or differ per component.
"""

from __future__ import annotations

from typing import Literal, cast

from pydantic import Field, model_validator

from printkit.drawing import CUT, Drawing, Rect
from printkit.faces import draw_face, layout_for
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import ComponentBase, NonNegativeLength, PositiveLength, check_size

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (56.0, 87.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "business": (51.0, 89.0),
}


class CardModel(ComponentBase):
    """A card (or any rectangular printed piece) with a face layout and an optional back."""

    kind: Literal["card"] = Field(description="Always `card`.")
    size: Literal["poker", "bridge", "mini", "tarot", "square", "business"] | None = Field(
        None, description="A named size (poker 63x88 mm, bridge 56x87, mini 44x63, tarot 70x120, square 70x70, business 51x89)."
    )
    width: PositiveLength | None = Field(None, description="Trim width, when no named size is given.")
    height: PositiveLength | None = Field(None, description="Trim height, when no named size is given.")
    face: str = Field(description="Layout name of the face, or a template resolved per piece, e.g. `{row.kind}`.")
    back: str | None = Field(None, description="Layout name of the back; a template per piece like `face`; omitted: no printed back.")
    corner_radius: NonNegativeLength = Field(0.0, description="Rounded corners of the cut line (cut files).")
    thickness: PositiveLength | None = Field(None, description="Thickness of one card (boxes); default from print settings.")

    @model_validator(mode="after")
    def _size(self) -> CardModel:
        check_size(self.size, self.width, self.height)
        return self

    @property
    def dimensions(self) -> tuple[float, float]:
        if self.size is not None:
            return CARD_SIZES[self.size]
        assert self.width is not None and self.height is not None
        return (self.width, self.height)


def draw(game: Game, comp: CardModel, variant: Variant) -> Art:
    w, h = comp.dimensions
    bleed = game.settings.bleed
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    front = draw_face(game, comp.face, ctx, w, h, bleed)
    back = draw_face(game, comp.back, ctx, w, h, bleed, "back") if comp.back else None
    # one cut line for every card of a size (a deck of 10,000 cards shares it: drawings are not changed once made)
    key = ("card-outline", w, h, comp.corner_radius)
    outline = cast("Drawing | None", game.cache.get(key))
    if outline is None:
        outline = game.cache[key] = Drawing(w, h, [Rect(0, 0, w, h, CUT, "cut", comp.corner_radius)])
    # A back chosen per card (back = "{row.kind}") is named after its layout in the kit's files.
    info: dict[str, object] = {"back_layout": layout_for(ctx, comp.back, "back")} if comp.back and "{" in comp.back else {}
    return Art(front, back, outline, info)


EXAMPLE = """\
[layouts.card]
background = "sky"
elements = [
  { type = "text", text = "Card", x = 4, y = 6, w = 55, size = "12pt", bold = true, align = "center" },
  { type = "symbol", name = "star", size = 24, fill = "gold" },
]

[[components]]
id = "piece"
kind = "card"
size = "poker"
face = "card"
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("card", CardModel, draw, sheet="cards", layout="grid", doc=__doc__ or "", example=EXAMPLE))  # type: ignore[arg-type]
