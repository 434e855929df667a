"""The `box-folds` check (automatic, on the drawn kit): the box plan folds a board only where it prints folds."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import _line, boxes, drawn, fold_lines
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit

_FOLDED = re.compile(r"\((?:folded in (\d+)|fold (\d+) x (\d+))")


class BoxFoldsCheck(CheckBase):
    """The lid box folds a board only along the folds it prints: the parts the box plan folds a
    board into, by its `folds`, by `[[boxes.boards]]` or halved to fit the box, are the parts its
    printed fold lines make (its `folds` setting, or lines with the `fold`
    role). A piece folded where nothing says so gets creased across its art. Runs without being
    declared (id `box-folds`); one line per piece the plan folds."""

    type: Literal["box-folds"] = Field(description="Check type: `box-folds`.")
    components: list[str] = Field(["*"], description='Pieces checked; ["*"]: every piece the lid box folds.')


def check_box_folds(game: Game, kit: Kit, c: BoxFoldsCheck) -> list[Line]:
    wanted = {comp.id for comp in selected(game, c.components)}
    # a board: another large piece halved for the box prints no folds to agree with
    boards = [comp for comp in game.components if comp.id in wanted and comp.kind == "board"]
    lines: list[Line] = []
    if not boards:  # nothing to fold: the box plan is not made for this check
        return lines
    lids = [b for b in boxes(kit) if b.id == "lid-box-base"]
    blocks = lids[0].info.get("contents", []) if lids else []
    for comp in boards:
        planned = 1
        for block in blocks:
            what = str(block["what"])
            m = _FOLDED.search(what) if what.startswith(comp.label + " (") else None
            if m:
                planned = max(planned, int(m.group(1)) if m.group(1) else int(m.group(2)) * int(m.group(3)))
        if planned == 1:
            continue  # not folded for the box (flat, or stacked in separate parts)
        pieces = drawn(kit, comp.id)
        art = next(iter(pieces.values()))[1] if pieces else None
        if art is None:
            continue
        # a board's planned folds (Art.info["folds"]: lines) and any line drawn with the fold role
        folds = fold_lines(comp, art) if isinstance(art.info.get("folds", []), list) else []
        xs = {round(at, 1) for axis, at, _, _ in folds if axis == "x"}
        ys = {round(at, 1) for axis, at, _, _ in folds if axis == "y"}
        printed = (len(xs) + 1) * (len(ys) + 1)
        ok = planned == printed
        detail = (f"the box plan folds {comp.id} in {planned}, its printed folds make {printed} "
                  f"part{'s' if printed != 1 else ''}: print the folds the box needs (`folds`) or change "
                  "[[boxes.boards]]" if not ok else f"{comp.id} folds in {planned} along its printed folds")
        lines.append(_line(c, f"{c.id}[{comp.id}]", f"{printed} parts", f"{planned} parts", ok, detail,
                           [] if ok else [comp.id]))
    return lines


SOURCE = "A board is folded for its box only where it prints its folds (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "box-folds"
type = "box-folds"
components = ["board"]
source = "The board folds along its printed lines."
"""

register(CheckType("box-folds", BoxFoldsCheck, check_box_folds, on_kit=True, order=28, example=EXAMPLE,
                   auto=SOURCE))
