"""Boards: one large printed piece from a declared layout (grids, rings, tracks, art).

A board that fits the paper prints whole with crop marks; a larger one is tiled
across pages with overlap, alignment marks and an assembly page (the ``tile``
engine). Geometry such as grids of spaces or rings of spaces comes from layout
elements (``grid``, ``ring``, ...), so a new board is data, not code.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.drawing import CUT, Drawing, Rect
from printkit.faces import draw_face
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import ComponentBase, PositiveLength


class BoardModel(ComponentBase):
    """A board or play-mat: its trim size and the layout printed on it."""

    kind: Literal["board"] = Field(description="Always `board`.")
    width: PositiveLength = Field(description="Trim width of the whole board.")
    height: PositiveLength = Field(description="Trim height of the whole board.")
    face: str = Field(description="Layout name of the board's face.")
    folds: Literal["none", "half", "quarters"] = Field(
        "none", description="How the finished board folds (for the box): not at all, in half, or in quarters."
    )


def draw(game: Game, comp: BoardModel, variant: Variant) -> Art:  # type: ignore[override]
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    front = draw_face(game, comp.face, ctx, comp.width, comp.height, game.settings.bleed)
    return Art(front, None, Drawing(comp.width, comp.height, [Rect(0, 0, comp.width, comp.height, CUT, "cut")]))


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
