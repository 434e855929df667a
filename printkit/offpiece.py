"""Text that falls outside its piece: a label the trim would cut off (a go board's coordinates on a
margin too narrow for them). Measured on the drawn faces with the font's own widths; each piece
with such text is a warning in the proof, naming the texts and how far they stick out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from printkit.drawing import Drawing, Text, apply, walk
from printkit.render.fonts import text_width

if TYPE_CHECKING:
    from printkit.proof import Line

TOLERANCE = 0.2
"""How far (mm) a text may reach past the trim before it counts as outside (rounding, a glyph's side bearing)."""
CAP = 0.72
"""Height of capitals and digits above the baseline, as a share of the font size (DejaVu Sans: 0.73)."""


def text_box(t: Text, m: tuple[float, float, float, float, float, float]) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a line of text covers on the piece: its advance width by its cap height."""
    width = text_width(t.text, t.font, t.size)
    x0 = t.x - (width if t.anchor == "end" else width / 2 if t.anchor == "middle" else 0.0)
    pts = [apply(m, x, y) for x in (x0, x0 + width) for y in (t.y - CAP * t.size, t.y)]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def outside(drawing: Drawing) -> list[tuple[str, float]]:
    """Each text of ``drawing`` reaching past its trim (0, 0, width, height), with how far (mm)."""
    out = []
    for shape, m in walk(drawing.children, drawing.defs):
        if not isinstance(shape, Text) or not shape.text.strip():
            continue
        x0, y0, x1, y1 = text_box(shape, m)
        over = max(-x0, -y0, x1 - drawing.width, y1 - drawing.height)
        if over > TOLERANCE:
            out.append((shape.text, over))
    return out


def check_text_inside(faces: Mapping[str, Drawing]) -> list[Line]:
    """One warning per piece printing text outside its trim."""
    from printkit.proof import LIST_LIMIT, Line

    lines = []
    for ref in sorted(faces):
        found = outside(faces[ref])
        if not found:
            continue
        shown = [f'"{text}" ({over:.1f} mm)' for text, over in found[:LIST_LIMIT]]
        more = f" and {len(found) - LIST_LIMIT} more" if len(found) > LIST_LIMIT else ""
        lines.append(Line(f"text-inside[{ref}]", "text-inside", "printed text stays on its piece", "inside",
                          f"{len(found)} outside", "warn", "warning",
                          detail=f"{ref} prints {len(found)} text{'s' if len(found) != 1 else ''} past its trim, "
                          f"which the cut would lose: {', '.join(shown)}{more}; move them in or widen the margin",
                          pieces=(ref,)))
    return lines
