"""The `image` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.assets import read_image
from printkit.drawing import Group, Image, Node, Rect
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext


class ImageElement(ElementBase):
    """A PNG or JPEG picture from the game folder, fitted into a box (the whole piece by default).

    The file must lie inside the game folder; it is checked when the game loads
    (or, for a templated path, when the piece is drawn) and embedded in the PDF
    and, as a data URI, in the SVG.
    """

    type: Literal["image"] = Field(description="Element type: `image`.")
    path: str = Field(description='Image file inside the game folder, e.g. "art/{row.name}.png".')
    x: Num = Field(0, description="Left of the box.")
    y: Num = Field(0, description="Top of the box.")
    w: Num = Field("100%", description="Width of the box.")
    h: Num = Field("100%", description="Height of the box.")
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="contain: whole picture, centred; cover: fill the box, cropped; stretch: distort to the box."
    )


def _image(el: ImageElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    key = f"{ctx.where}.path" + (f" (variant {ctx.variant.key})" if ctx.variant.key else "")
    img = read_image(ctx.game.root, ctx.text(el.path, "path"), ctx.game.rel(), key, ctx.game.line_of(key))
    x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
    bw, bh = ctx.length(el.w, "w", w), ctx.length(el.h, "h", h)
    if el.fit == "stretch":
        return [Image(x, y, bw, bh, img.data, img.format)]
    fit = (min if el.fit == "contain" else max)(bw / img.width, bh / img.height)
    iw, ih = img.width * fit, img.height * fit
    node = Image(x + (bw - iw) / 2, y + (bh - ih) / 2, iw, ih, img.data, img.format)
    if el.fit == "cover":
        return [Group((node,), clip=Rect(x, y, bw, bh))]
    return [node]


register(ElementType("image", ImageElement, _image,
                     example='{ type = "image", path = "art.png", x = 10, y = 5, w = 40, h = 30 }'))
