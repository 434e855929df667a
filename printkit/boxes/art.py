"""Text on the outside faces of a box, turned so it reads upright once the box is folded."""

from __future__ import annotations

from printkit.drawing import Group, Node, rotate
from printkit.faces import text_block

Line = tuple[str, float, bool]  # text, size in mm, bold


def panel_text(box: tuple[float, float, float, float], lines: list[Line], ink: str,
               turn: int = 0, pad: float = 3.0) -> tuple[Node, ...]:
    """``lines`` centred in the panel ``box`` (x, y, w, h), shrunk together until they fit.

    ``turn`` is the clockwise rotation (0, 90, 180, 270) that makes the text upright on the
    folded box: the text's top points the way the panel's top will face.
    """
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    lw, lh = (w, h) if turn % 180 == 0 else (h, w)
    lw, lh = lw - 2 * pad, lh - 2 * pad
    lines = [ln for ln in lines if ln[0]]
    if lw <= 2 or lh <= 2 or not lines:
        return ()
    factor = 1.0
    while True:
        texts: list[Node] = []
        top = 0.0
        for text, size, bold in lines:
            block = text_block(text, cx - lw / 2, top, lw, None, size * factor, bold=bold, align="center", fill=ink)
            texts += block
            if block:
                top = max(t.y for t in block) + block[0].size * 0.45 + size * factor * 0.35
        if top <= lh or factor < 0.2:
            break
        factor *= 0.9
    shift = cy - top / 2
    moved = tuple(Group((t,), (1.0, 0.0, 0.0, 1.0, 0.0, shift)) for t in texts)
    return (Group(moved, rotate(turn, cx, cy)),) if turn else moved
