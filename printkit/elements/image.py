"""The `image` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Group, Image, Node, Rect
from printkit.elements import ElementType, register
from printkit.errors import DataError
from printkit.modelbase import ElementBase, Num
from printkit.svgart import SvgArt, read_art

if TYPE_CHECKING:
    from printkit.game import DrawContext


class ImageElement(ElementBase):
    """A picture from the game folder, fitted into a box (the whole piece by default): a PNG or
    JPEG, or SVG art (a file ending in `.svg`).

    The file must lie inside the game folder; it is checked when the game loads
    (or, for a templated path, when the piece is drawn). A PNG or JPEG is embedded in the PDF
    and, as a data URI, in the SVG. SVG art is read into printkit's own shapes (paths, basic
    shapes, transforms, fills, strokes, opacity; gradients as fine bands of colour), so it is
    vector in both outputs and seen by the ink saver and the proof; scripts, text, embedded
    pictures and links outside the file are refused.
    """

    type: Literal["image"] = Field(description="Element type: `image`.")
    path: str = Field(description='Image file inside the game folder (.png, .jpg or .svg), e.g. "art/{row.name}.png".')
    x: Num = Field(0, description="Left of the box.")
    y: Num = Field(0, description="Top of the box.")
    w: Num = Field("100%", description="Width of the box.")
    h: Num = Field("100%", description="Height of the box.")
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="contain: whole picture, centred; cover: fill the box, cropped; stretch: distort to the box."
    )


def _image(el: ImageElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    key = f"{ctx.where}.path" + (f" (variant {ctx.variant.key})" if ctx.variant.key else "")
    rel = ctx.text(el.path, "path")
    x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
    bw, bh = ctx.length(el.w, "w", w), ctx.length(el.h, "h", h)
    try:
        art = read_art(ctx.game.root, rel, ctx.game.rel(), key, ctx.game.line_of(key))
    except DataError as err:
        column = ctx.table_column(el.path)
        if column is None:
            raise
        # The path came from a table's cell: that cell is what needs fixing.
        raise DataError([ctx.cell_problem(column, p.expected, f"{p.found}, used by {ctx.where}.path")
                         for p in err.problems]) from None

    def placed(ix: float, iy: float, iw: float, ih: float) -> Node:
        if isinstance(art, SvgArt):
            return art.place(ix, iy, iw, ih)
        return Image(ix, iy, iw, ih, art.data, art.format)

    if el.fit == "stretch":
        return [placed(x, y, bw, bh)]
    fit = (min if el.fit == "contain" else max)(bw / art.width, bh / art.height)
    iw, ih = art.width * fit, art.height * fit
    node = placed(x + (bw - iw) / 2, y + (bh - ih) / 2, iw, ih)
    if el.fit == "cover":
        return [Group((node,), clip=Rect(x, y, bw, bh))]
    return [node]


register(ElementType("image", ImageElement, _image,
                     example='{ type = "image", path = "art.png", x = 10, y = 5, w = 40, h = 30 }'))
