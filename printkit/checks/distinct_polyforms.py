"""The `distinct-polyforms` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import (
    _figures,
    polyform_name,
)
from printkit.modelbase import Bool, CheckBase, Whole
from printkit.polyform import Cell, canonical, canonical_one_sided, connected
from printkit.report import Line, listing
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game


class DistinctPolyformsCheck(CheckBase):
    """The pieces of a component each carry a figure of `size` connected squares, and the
    figures are `count` different free polyforms (no two equal after rotation or reflection;
    with `mirrors`, after rotation only)."""

    type: Literal["distinct-polyforms"] = Field(description="Check type: `distinct-polyforms`.")
    component: str = Field(description="The component id whose pieces carry the figures.")
    cells: str = Field(
        description='The cells of a piece, as a template on its variant, e.g. "{shape.cells}" '
        '(cells are "x,y x,y ...", see printkit/polyform.py).'
    )
    # not `Whole`: its own bounds (0 to a million) would replace these
    size: int = Field(description="Squares in each figure (5 for pentominoes).", strict=True, ge=1, le=64)
    count: Whole = Field(description="How many different figures there must be.", gt=0)
    mirrors: Bool = Field(
        False, description="true: a figure and its mirror image are different figures (one-sided pieces that are "
        "never turned over); false: a mirror image is the same figure, so a set may not hold both."
    )


def check_distinct_polyforms(game: Game, c: DistinctPolyformsCheck) -> list[Line]:
    figures = _figures(game, c.component, c.cells, c.id)
    kind = polyform_name(c.size)
    problems = []
    wrong_size = [f"{name} ({len(cells)} squares)" for name, cells in figures if len(cells) != c.size]
    if wrong_size:
        problems.append(f"not {c.size} squares: {listing(wrong_size)}")
    apart = [name for name, cells in figures if not connected(cells)]
    if apart:
        problems.append(f"squares not all connected: {listing(apart)}")
    by_shape: dict[tuple[Cell, ...], list[str]] = {}
    for name, cells in figures:
        by_shape.setdefault((canonical_one_sided if c.mirrors else canonical)(cells), []).append(name)
    same = [" = ".join(names) for names in by_shape.values() if len(names) > 1]
    if same:
        problems.append(f"the same {'one-sided' if c.mirrors else 'free'} {kind}: {listing(same)}")
    distinct = len(by_shape)
    if distinct != c.count:
        problems.append(f"{distinct} different figures, the rules want {c.count}")
    detail = "; ".join(problems) if problems else f"{distinct} different {'one-sided' if c.mirrors else 'free'} {kind}es"
    return [Line(c.id, c.type, c.source, c.count, distinct, _verdict(not problems, c.severity), c.severity,
                 detail=detail)]


EXAMPLE = """\
[[checks]]
id = "pentominoes"
type = "distinct-polyforms"
component = "shape-card"
cells = "{shape.cells}"
size = 5
count = 12
source = "The rulebook sentence the check comes from."
"""
"""From data/shape-cards/game.toml."""

register(CheckType("distinct-polyforms", DistinctPolyformsCheck, check_distinct_polyforms, on_kit=False, order=2, example=EXAMPLE))
