"""The `pips` layout element: 1 to 10 symbols in the standard playing-card arrangements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator

from printkit.drawing import Group, Node, Paint, Path, mat_mul, rotate, scale, translate
from printkit.elements import ElementType, register
from printkit.elements._shared import _paint
from printkit.modelbase import Bool, ElementBase, Num, StrictInt
from printkit.symbols import SYMBOLS, symbol_segments

if TYPE_CHECKING:
    from printkit.game import DrawContext

_THIRD, _SIXTH = 1 / 3, 1 / 6
_SIDE6 = [(0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)]
_SIDE8 = [(x, y) for y in (0.0, _THIRD, 2 * _THIRD, 1.0) for x in (0.0, 1.0)]
ARRANGEMENTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
    5: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
    6: _SIDE6,
    7: [*_SIDE6, (0.5, 0.25)],
    8: [*_SIDE6, (0.5, 0.25), (0.5, 0.75)],
    9: [*_SIDE8, (0.5, 0.5)],
    10: [*_SIDE8, (0.5, _SIXTH), (0.5, 1 - _SIXTH)],
}
"""Where each pip of a card of rank N sits in the pip box, as fractions (x from the left, y from the top):
two columns of side pips and a middle column, as on French-suited playing cards."""


class PipsElement(ElementBase):
    """`count` symbols (1 to 10) in the standard playing-card arrangement inside a box: the pips
    of a playing card, so a French deck is a product of suit x rank (``count = "{rank.pips}"``).
    Pips in the lower half are turned upside down, as on real cards (`turn`), so the card reads the
    same either way up. A lone pip (an ace) may be larger (`ace_size`).
    """

    type: Literal["pips"] = Field(description="Element type: `pips`.")
    count: StrictInt | str = Field(description='How many pips, 1 to 10; may be a template such as "{rank.pips}".')
    symbol: str = Field("pip", description='Symbol name (heart, diamond, spade, club, star, ...); may be a template.')
    x: Num = Field("25%", description="Left of the pip box (the centres of the left column of pips).")
    y: Num = Field("18%", description="Top of the pip box (the centres of the top row of pips).")
    w: Num = Field("50%", description="Width of the pip box (left column centres to right column centres).")
    h: Num = Field("64%", description="Height of the pip box (top row centres to bottom row centres).")
    size: Num = Field(8, description="Size of one pip.")
    ace_size: Num | None = Field(None, description="Size of a lone pip; omitted: `size`.")
    turn: Bool = Field(True, description="Turn the pips below the middle upside down.")
    fill: str | None = Field("black", description="Fill colour of the pips.")
    stroke: str | None = Field(None, description="Outline colour of the pips.")
    width: Num = Field(0.3, description="Outline width.")

    @field_validator("count")
    @classmethod
    def _count(cls, v: int | str) -> int | str:
        if isinstance(v, bool) or (isinstance(v, int) and not 1 <= v <= 10):
            raise ValueError("a whole number of pips from 1 to 10")
        if isinstance(v, str) and "{" not in v:
            raise ValueError('a whole number from 1 to 10, or a template such as "{rank.pips}"')
        return v


def pip_centres(count: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float, bool]]:
    """Each pip's centre and whether it is turned (below the middle), in reading order."""
    return [(x + fx * w, y + fy * h, fy > 0.5 + 1e-9) for fx, fy in ARRANGEMENTS[count]]


def _pips(el: PipsElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    raw = el.count if isinstance(el.count, int) else ctx.number(el.count, "count")
    if isinstance(raw, bool) or not float(raw).is_integer() or not 1 <= raw <= 10:
        raise ctx.fail("count", "a whole number of pips from 1 to 10", ctx.resolve(el.count, "count"))
    count = int(raw)
    name = ctx.text(el.symbol, "symbol")
    if name not in SYMBOLS:
        raise ctx.fail("symbol", "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")", name)
    size = ctx.length(el.size, "size", min(w, h))
    if count == 1 and el.ace_size is not None:
        size = ctx.length(el.ace_size, "ace_size", min(w, h))
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    paint = Paint(paint.fill, paint.stroke, paint.width / size if size else paint.width)
    shape = Path(symbol_segments(name), paint)
    box = (ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.w, "w", w), ctx.length(el.h, "h", h))
    out: list[Node] = []
    for cx, cy, turned in pip_centres(count, *box):
        m = mat_mul(translate(cx, cy), mat_mul(rotate(180.0 if turned and el.turn else 0.0), scale(size)))
        out.append(Group((shape,), m))
    return out


register(ElementType("pips", PipsElement, _pips,
                     example='{ type = "pips", count = 7, symbol = "heart", x = 20, y = 6, w = 20, h = 28, size = 6, fill = "red" }'))
