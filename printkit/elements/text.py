"""The `text` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Group, Node, Text, rotate
from printkit.elements import ElementType, register
from printkit.modelbase import Bool, ElementBase, Num
from printkit.render.fonts import text_width, wrap
from printkit.units import parse_length

if TYPE_CHECKING:
    from printkit.game import DrawContext


class TextElement(ElementBase):
    """Text in a box: wrapped to the box width, shrunk if it would overflow the box."""

    type: Literal["text"] = Field(description="Element type: `text`.")
    text: str = Field(description='The text; may use templates such as "{colour.label}".')
    x: Num = Field(0, description="Left of the text box.")
    y: Num = Field(0, description="Top of the text box.")
    w: Num = Field("100%", description="Width of the text box.")
    h: Num | None = Field(None, description="Height of the text box; omitted: one line.")
    size: Num = Field("9pt", description="Font size.")
    bold: Bool = Field(False, description="Bold face.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment.")
    fill: str = Field("black", description="Text colour.")
    rotate: Num = Field(0, description="Rotation in degrees, clockwise, about the box centre.")
    leading: float = Field(1.2, description="Line height as a multiple of the font size.", gt=0, le=10)


MIN_TEXT = parse_length("4pt")
MAX_CHARS = 20_000
"""Longest text one text element prints (a dense card holds some 1,500 characters; 20,000 letters still wrap in about a second): wrapping and
shrinking a text to its box costs time in proportion to its length."""


def text_block(
    text: str, x: float, y: float, w: float, h: float | None, size: float, *, bold: bool = False,
    align: str = "left", valign: str = "top", fill: str = "#000000", leading: float = 1.2,
    font: str | None = None,
) -> list[Text]:
    """Wrap ``text`` into the box, shrinking the font until every line fits inside it.

    ``font`` is a font key (a game's own font, see ``Game.fonts``); omitted: DejaVu Sans.
    """
    font = font or ("bold" if bold else "regular")
    lines, size = (_fit_cached if size > 0 else _fit)(text, font, size, w, h, leading)
    block = size * leading * (len(lines) - 1) + size
    box_h = h if h is not None else block
    top = y + {"top": 0.0, "middle": (box_h - block) / 2, "bottom": box_h - block}[valign]
    anchor = {"left": "start", "center": "middle", "right": "end"}[align]
    tx = {"left": x, "center": x + w / 2, "right": x + w}[align]
    out = []
    for i, line in enumerate(lines):
        baseline = top + size * 0.8 + i * size * leading
        out.append(Text(tx, baseline, line, size, fill, font, anchor))  # type: ignore[arg-type]
    return out


def _fit(text: str, font: str, size: float, w: float, h: float | None, leading: float) -> tuple[tuple[str, ...], float]:
    """The lines of ``text`` wrapped to ``w`` and the font size, shrunk until the block fits the box."""
    while True:
        lines = wrap(text, font, size, w)
        block = size * leading * (len(lines) - 1) + size
        widest = max((text_width(line, font, size) for line in lines), default=0.0)
        fits = widest <= w + 1e-6 and (h is None or block <= h + 1e-6)
        if fits or size <= MIN_TEXT:
            break
        size = max(MIN_TEXT, size * 0.92)
    return tuple(lines), size


# The same label in the same box recurs on many pieces (and on every page of a rulebook's
# diagrams): wrapping and measuring it once is enough.
_fit_cached = lru_cache(maxsize=4096)(_fit)


def _text(el: TextElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
    bw = ctx.length(el.w, "w", w)
    bh = ctx.length(el.h, "h", h) if el.h is not None else None
    fill = ctx.colour(el.fill, "fill") or "#000000"
    text = ctx.text(el.text, "text")
    if len(text) > MAX_CHARS:
        raise ctx.fail("text", f"a text of at most {MAX_CHARS:,} characters", len(text), el.text, " characters")
    texts = text_block(text, x, y, bw, bh, ctx.length(el.size, "size"), bold=el.bold,
                       align=el.align, valign=el.valign, fill=fill, leading=el.leading,
                       font=ctx.game.fonts["bold" if el.bold else "regular"])
    angle = ctx.number(el.rotate, "rotate")
    if angle:
        size = texts[0].size if texts else 0.0
        block = size * el.leading * (len(texts) - 1) + size
        cy = y + (bh if bh is not None else block) / 2
        return [Group(tuple(texts), rotate(angle, x + bw / 2, cy))]
    return list(texts)


register(ElementType("text", TextElement, _text,
                     example='{ type = "text", text = "Any text, wrapped to its box and shrunk to fit.", x = 6, y = 8, w = 48, h = 24, size = "9pt", align = "center", valign = "middle" }'))
