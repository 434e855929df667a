"""The `board-ranks` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.errors import DataError, Problem, found_repr
from printkit.modelbase import CheckBase, Whole
from printkit.report import Line, listing
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.model import ComponentBase


class BoardRanksCheck(CheckBase):
    """Spaces per rank of a board drawn with ``grid`` layout elements. Rank 1 is the bottom
    row of every grid, rank 2 the row above it, and so on (grids share ranks bottom-aligned);
    the grids' bottom edges must line up on the drawing."""

    type: Literal["board-ranks"] = Field(description="Check type: `board-ranks`.")
    component: str = Field(description="The board component; its `face` layout is read.")
    ranks: list[Whole] = Field(description="Spaces expected in rank 1, 2, ... (bottom first).", min_length=1)


def _piece_height(game: Game, comp: ComponentBase) -> float:
    dims = getattr(comp, "dimensions", None)
    if isinstance(dims, tuple):
        return float(dims[1])
    height = getattr(comp, "height", None)
    return float(height) if isinstance(height, (int, float)) else 0.0


def check_board_ranks(game: Game, c: BoardRanksCheck) -> list[Line]:
    from printkit.faces import resolve_layout
    from printkit.game import DrawContext

    comp = game.component(c.component)
    face = getattr(comp, "face", None)
    if not isinstance(face, str):
        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a component with a `face` layout",
                                 found_repr(c.component))])
    height = _piece_height(game, comp)
    lines: list[Line] = []
    for variant in game.variants[comp.id]:
        label = c.id if len(game.variants[comp.id]) == 1 else f"{c.id}[{variant.key}]"
        per_rank: Counter[int] = Counter()
        bottoms: list[tuple[float, str]] = []
        for path, el in resolve_layout(game, face)[1]:
            if getattr(el, "type", None) != "grid":
                continue
            ctx = DrawContext(game, variant, path, {"component": {"id": comp.id, "name": comp.label}})
            if not ctx.truthy(el.when, "when"):
                continue
            rows, cols = int(ctx.number(el.rows, "rows")), int(ctx.number(el.cols, "cols"))
            bottoms.append((ctx.length(el.y, "y", height) + rows * ctx.length(el.cell, "cell"), path))
            for rank in range(1, rows + 1):
                per_rank[rank] += cols
        if not bottoms:
            raise DataError([Problem(game.rel(), f"checks.{c.id}.component",
                                     f"a board whose layout `{face}` has `grid` elements", "none")])
        for rank in range(1, max(len(c.ranks), max(per_rank)) + 1):
            want = c.ranks[rank - 1] if rank <= len(c.ranks) else 0
            got = per_rank.get(rank, 0)
            lines.append(Line(f"{label}[rank {rank}]", c.type, c.source, want, got,
                              _verdict(want == got, c.severity), c.severity,
                              detail="" if want == got else f"rank {rank} has {got} spaces, the rules say {want}"))
        want_total, got_total = sum(c.ranks), sum(per_rank.values())
        lines.append(Line(f"{label}[total]", c.type, c.source, want_total, got_total,
                          _verdict(want_total == got_total, c.severity), c.severity,
                          detail="" if want_total == got_total else
                          f"the board has {got_total} spaces, the rules say {want_total}"))
        # the reference is the bottom most grids share (the lowest on the page on a tie)
        ref = max((b for b, _ in bottoms), key=lambda b: (sum(abs(o - b) <= 0.5 for o, _ in bottoms), b))
        off = [f"{path} (bottom at {b:.1f} mm, the others at {ref:.1f} mm)" for b, path in bottoms if abs(b - ref) > 0.5]
        if off:
            lines.append(Line(f"{label}[aligned]", c.type, c.source, "grids bottom-aligned", "not aligned",
                              _verdict(False, c.severity), c.severity,
                              detail=f"ranks are counted from each grid's bottom row, but {listing(off)}"))
    return lines


EXAMPLE = """\
[[checks]]
id = "board-ranks"
type = "board-ranks"
component = "board"
ranks = [12, 12, 12, 9, 5]
source = "The rulebook sentence the check comes from."

"""
"""From data/pythagoras/game.toml."""

register(CheckType("board-ranks", BoardRanksCheck, check_board_ranks, on_kit=False, order=4, example=EXAMPLE))
