"""The `nesting` check (automatic, on the drawn kit): solids declared to nest (`nest` on a net) do."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks.nests import NestsCheck, check_nests
from printkit.modelbase import CheckBase, NonNegativeLength
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class NestingCheck(CheckBase):
    """A `net` component that declares `nest` (its sizes go one over the other, as the lid box packs
    them) nests: each size goes over the next smaller with `clearance` mm to spare at the base, at
    the top of the inner piece and above it (base and height, as the `nests` check measures), and
    the larger ones are open at the base. A component a declared `nests` check reads is left to
    it. Runs without being declared (id `nesting`); lines `nesting[<component>: a in b]`."""

    type: Literal["nesting"] = Field(description="Check type: `nesting`.")
    components: list[str] = Field(["*"], description='Net components checked; ["*"]: every one that declares `nest`.')
    clearance: NonNegativeLength = Field(0.5, description="Least gap between a piece and the one over it (mm).")


def check_nesting(game: Game, kit: Kit, c: NestingCheck) -> list[Line]:
    declared = {getattr(d, "component", None) for d in game.data.checks if d.type == "nests"}
    lines: list[Line] = []
    for comp in selected(game, c.components):
        if comp.kind != "net" or not isinstance(getattr(comp, "nest", None), str) or comp.id in declared:
            continue
        nests = NestsCheck(id=c.id, type="nests", source=c.source, severity=c.severity, component=comp.id,
                           clearance=c.clearance, hollow=True, value=None)
        for line in check_nests(game, kit, nests):
            part = line.check[len(c.id):].strip("[]")
            lines.append(replace(line, check=f"{c.id}[{comp.id}: {part}]", type=c.type))
    return lines


SOURCE = "Solids the data stacks one over the other (`nest`) must go over each other (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "nesting"
type = "nesting"
clearance = 1.0
source = "Cups stack with room to spare."
"""

register(CheckType("nesting", NestingCheck, check_nesting, on_kit=True, order=27, example=EXAMPLE, auto=SOURCE))
