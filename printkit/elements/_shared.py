"""Helpers several layout elements share (not an element: the registry skips ``_`` modules)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.drawing import Paint, Text

if TYPE_CHECKING:
    from printkit.game import DrawContext


def _paint(ctx: DrawContext, fill: Any, stroke: Any, width: Any) -> Paint:
    return Paint(
        fill=ctx.colour(fill, "fill") if fill is not None else None,
        stroke=ctx.colour(stroke, "stroke") if stroke is not None else None,
        width=ctx.length(width, "width"),
    )


def _label(x: float, y: float, text: str, size: float, fill: str, bold: bool = False) -> Text:
    """A label centred on (x, y)."""
    return Text(x, y + size * 0.36, text, size, fill, "bold" if bold else "regular", "middle")


def cell_centre(x: float, y: float, cell: float, c: float, r: float) -> tuple[float, float]:
    """Centre of lattice cell (c, r) whose cell (0, 0) has its top-left corner at (x, y)."""
    return (x + (c + 0.5) * cell, y + (r + 0.5) * cell)
