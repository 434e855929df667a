"""The `fits-board` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import (
    _figures,
    piece_name,
)
from printkit.modelbase import CheckBase, Whole
from printkit.polyform import fits, normalise
from printkit.report import Line, listing
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game


class FitsBoardCheck(CheckBase):
    """Every figure can lie on a board of `rows` x `cols` squares in some rotation or
    reflection; a figure that cannot is flagged (usually a warning: a card nobody can complete)."""

    type: Literal["fits-board"] = Field(description="Check type: `fits-board`.")
    component: str = Field(description="The component id whose pieces carry the figures.")
    cells: str = Field(description='The cells of a piece, as a template, e.g. "{shape.cells}".')
    rows: Whole = Field(description="Rows of the board.", gt=0)
    cols: Whole = Field(description="Columns of the board.", gt=0)
    set_aside: str | None = Field(
        None, description='A template, e.g. "{shape.set_aside}": a piece for which it is non-empty is taken out of '
        "play by the rules before anyone chooses, so it need not fit; the proof names it. Omitted: every piece counts."
    )


def _set_aside(game: Game, c: FitsBoardCheck) -> set[str]:
    """Names of the pieces the rules take out of play (``set_aside`` true for their record)."""
    from printkit.game import DrawContext

    if c.set_aside is None:
        return set()
    comp = game.component(c.component)
    return {piece_name(comp, v) for v in game.variants[comp.id]
            if DrawContext(game, v, f"checks.{c.id}").truthy(c.set_aside, "set_aside")}


def check_fits_board(game: Game, c: FitsBoardCheck) -> list[Line]:
    figures = list(dict.fromkeys(_figures(game, c.component, c.cells, c.id)))
    aside = _set_aside(game, c)
    unfit: list[str] = []
    excused: list[str] = []
    for name, cells in figures:
        if not fits(cells, c.cols, c.rows):
            shape = normalise(cells)
            w, h = max(x for x, _ in shape) + 1, max(y for _, y in shape) + 1
            (excused if name in aside else unfit).append(f"{name} ({min(w, h)} x {max(w, h)})")
    in_play = len(figures) - len(excused)
    fitting = in_play - len(unfit)
    detail = (f"cannot lie on a {c.rows} x {c.cols} board in any orientation: {listing(unfit)}" if unfit
              else f"every figure{' in play' if excused else ''} fits a {c.rows} x {c.cols} board")
    if excused:
        detail += f"; set aside by the rules before play: {listing(excused)}"
    return [Line(c.id, c.type, c.source, in_play, fitting, _verdict(not unfit, c.severity), c.severity,
                 detail=detail)]


EXAMPLE = """\
[[checks]]
id = "shapes-fit-board"
type = "fits-board"
component = "shape-card"
cells = "{shape.cells}"
rows = 4
cols = 4
set_aside = "{shape.set_aside}"
severity = "warning"
source = "The rulebook sentence the check comes from."
"""
"""From data/shape-cards/game.toml."""

register(CheckType("fits-board", FitsBoardCheck, check_fits_board, on_kit=False, order=3, example=EXAMPLE))
