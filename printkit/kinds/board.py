"""Boards: one large printed piece from a declared layout (grids, rings, tracks, art).

A board that fits the paper prints whole with crop marks; a larger one is tiled
across pages with overlap, alignment marks and an assembly page (the ``tile``
engine). Geometry such as grids of spaces or rings of spaces comes from layout
elements (``grid``, ``ring``, ...), so a new board is data, not code.

``folds`` says how the finished board folds for the box: ``half`` (once, across its
long side), ``quarters`` (once more across the short side), ``none``, or ``auto``
(the default: as few of those as the lid box floor needs). Each fold runs between the
board's play spaces (grid cells, ring and track spaces, a flower's fields), at the
free line nearest the middle (see ``printkit/folds.py``), and is printed on the board's
pages (whole or tiled) as a dashed fold line; the lid box packs the board folded exactly there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.boxes import fold_limit
from printkit.drawing import CUT, Drawing, Rect
from printkit.faces import draw_face, resolve_layout
from printkit.folds import Fold, NoFold, parts, plan_folds, play_spaces
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import ComponentBase, PositiveLength


class BoardModel(ComponentBase):
    """A board or play-mat: its trim size and the layout printed on it."""

    kind: Literal["board"] = Field(description="Always `board`.")
    width: PositiveLength = Field(description="Trim width of the whole board.")
    height: PositiveLength = Field(description="Trim height of the whole board.")
    face: str = Field(description="Layout name of the board's face.")
    folds: Literal["auto", "none", "half", "quarters"] = Field(
        "auto", description="How the finished board folds (printed fold lines, and how the lid box holds it): not at "
        "all, in half, in quarters, or auto (as few folds as the lid box floor needs). Folds run between play spaces."
    )




def board_folds(game: Game, comp: BoardModel, ctx: DrawContext) -> list[Fold]:
    """Where the board folds: between its play spaces, as many folds as ``folds`` says (or the lid box needs)."""
    w, h = float(comp.width), float(comp.height)
    if comp.folds == "none":
        return []
    _, elements = resolve_layout(game, comp.face)
    spaces = play_spaces(game, elements, ctx, w, h)
    limit = fold_limit(game.data.boxes) if game.data.boxes.lid_box else None
    try:
        return plan_folds(spaces, w, h, comp.folds, limit)
    except NoFold as exc:
        raise ctx.fail("folds", f"folds that run between the board's play spaces ({exc}); `folds = \"none\"` "
                       "and a board that lies flat in the lid box", comp.folds) from None


def draw(game: Game, comp: BoardModel, variant: Variant) -> Art:
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    front = draw_face(game, comp.face, ctx, comp.width, comp.height, game.settings.bleed)
    folds = board_folds(game, comp, ctx)
    _, elements = resolve_layout(game, comp.face)
    # The play spaces: tiles of a board larger than the paper meet between them, as folds do.
    info: dict[str, object] = {"spaces": [tuple(round(v, 3) for v in box) for box in
                                          play_spaces(game, elements, ctx, float(comp.width), float(comp.height))]}
    if folds:
        # The tile engine prints them (cut to each tile, on the page's printable area); kept out of the
        # face itself, which diagrams and the box art show too.
        w, h = float(comp.width), float(comp.height)
        pw, ph, n = parts(folds, w, h)
        info |= {"folds": [[round(v, 3) for v in f.line(w, h)] for f in folds], "folded": [round(pw, 3), round(ph, 3), n]}
    return Art(front, None, Drawing(comp.width, comp.height, [Rect(0, 0, comp.width, comp.height, CUT, "cut")]), info)


EXAMPLE = """\
[layouts.board]
background = "paper"
elements = [{ type = "grid", x = 10, y = 10, rows = 3, cols = 5, cell = 12, fill = "white" }]

[[components]]
id = "piece"
kind = "board"
width = 80
height = 56
face = "board"
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("board", BoardModel, draw, sheet="board", layout="tile", doc=__doc__ or "", example=EXAMPLE))  # type: ignore[arg-type]
