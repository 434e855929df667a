"""The `symbol` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Group, Node, Paint, Path, mat_mul, rotate, scale, translate
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint
from printkit.errors import suggest
from printkit.modelbase import ElementBase, Num
from printkit.symbols import SYMBOLS, symbol_segments

if TYPE_CHECKING:
    from printkit.game import DrawContext


class SymbolElement(ElementBase):
    """A named symbol from printkit's symbol library (see docs/format.md)."""

    type: Literal["symbol"] = Field(description="Element type: `symbol`.")
    name: str = Field(description="Symbol name, e.g. flame, drop, wind, leaf, star, pip.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    size: Num = Field(10, description="Size of the symbol's box.")
    fill: str | None = Field("black", description="Fill colour.")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")
    rotate: Num = Field(0, description="Rotation in degrees, clockwise.")


def _symbol(el: SymbolElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    name = ctx.text(el.name, "name")
    if name not in SYMBOLS:
        raise ctx.fail("name", "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")", name, el.name, suggest(name, SYMBOLS))
    size = ctx.length(el.size, "size", min(w, h))
    m = mat_mul(translate(ctx.length(el.cx, "cx", w), ctx.length(el.cy, "cy", h)),
                mat_mul(rotate(ctx.number(el.rotate, "rotate")), scale(size)))
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    paint = Paint(paint.fill, paint.stroke, paint.width / size if size else paint.width)
    return [Group((Path(symbol_segments(name), paint),), m)]


register(ElementType("symbol", SymbolElement, _symbol,
                     example='{ type = "symbol", name = "club", size = 24, fill = "ink" }'))
