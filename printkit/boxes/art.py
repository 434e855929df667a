"""Text and art on the outside faces of a box, turned so they read upright once the box is folded.

A game's ``[boxes]`` chooses the colours (``background``, ``ink``, ``accent``) and ``art``: one
of its printed faces, drawn on the lid and on each tuck box's front above the title.
"""

from __future__ import annotations

from printkit.drawing import Drawing, Group, Node, Paint, Rect, mat_mul, rotate, scale, translate
from printkit.faces import text_block

Line = tuple[str, float, bool] | tuple[str, float, bool, str]  # text, size in mm, bold[, colour]


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
        for text, size, bold, *colour in lines:
            block = text_block(text, cx - lw / 2, top, lw, None, size * factor, bold=bold, align="center",
                               fill=colour[0] if colour else ink)
            texts += block
            if block:
                top = max(t.y for t in block) + block[0].size * 0.45 + size * factor * 0.35
        if top <= lh or factor < 0.2:
            break
        factor *= 0.9
    shift = cy - top / 2
    moved = tuple(Group((t,), (1.0, 0.0, 0.0, 1.0, 0.0, shift)) for t in texts)
    return (Group(moved, rotate(turn, cx, cy)),) if turn else moved


def inline(nodes: list[Node] | tuple[Node, ...], defs: dict[str, Drawing]) -> tuple[Node, ...]:
    """``nodes`` with every reference replaced by what it refers to: art that needs no defs. Only the
    art: a piece's own cut, fold and guide lines (a board's fold line) are not lines of the box."""
    out: list[Node] = []
    for node in nodes:
        if isinstance(node, Group):
            out.append(Group(inline(node.children, defs), node.transform, node.clip))
        elif hasattr(node, "ref"):
            sub = defs[node.ref]
            out.append(Group(inline(sub.children, {**defs, **sub.defs}), node.transform))  # type: ignore[union-attr]
        elif getattr(node, "role", "art") == "art":
            out.append(node)
    return tuple(out)


def panel_art(box: tuple[float, float, float, float], lines: list[Line], ink: str, art: Drawing | None,
              accent: str | None, share: float = 0.55, pad: float = 3.0) -> tuple[Node, ...]:
    """An upright panel (a lid's top, a deck's front): a frame in ``accent``, ``art`` scaled into its
    upper ``share`` (cut to the art's trim) and ``lines`` below; text alone when there is no art."""
    x, y, w, h = box
    nodes: list[Node] = []
    if accent and w > 4 * pad and h > 4 * pad:
        nodes.append(Rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, Paint(stroke=accent, width=0.8), r=2.0))
    if art is None or w < 8 * pad or h < 8 * pad:
        return (*nodes, *panel_text(box, lines, ink))
    room_w, room_h = w - 6 * pad, (h - 3 * pad) * share
    k = min(room_w / art.width, room_h / art.height)
    ox, oy = x + (w - art.width * k) / 2, y + 2 * pad + (room_h - art.height * k) / 2
    nodes.append(Group(inline(art.children, art.defs), mat_mul(translate(ox, oy), scale(k)),
                       clip=Rect(0, 0, art.width, art.height)))
    top = y + 2 * pad + room_h
    return (*nodes, *panel_text((x, top, w, y + h - pad - top), lines, ink))
