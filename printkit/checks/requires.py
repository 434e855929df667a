"""The `requires` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import count
from printkit.modelbase import CheckBase, Whole
from printkit.report import Line
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game


class RequiresCheck(CheckBase):
    """A component the rules use must exist in the data and make at least `count` pieces.
    Unlike every other reference, a missing id here is a proof failure, not a data error."""

    type: Literal["requires"] = Field(description="Check type: `requires`.")
    components: list[str] = Field(description="Component ids whose pieces together must reach `count`.", min_length=1)
    count: Whole = Field(1, description="Pieces the rules need at least.", gt=0)


def check_requires(game: Game, c: RequiresCheck) -> list[Line]:
    ids = {comp.id for comp in game.components}
    absent = [cid for cid in c.components if cid not in ids]
    found = count(game, [comp for comp in game.components if comp.id in c.components], {})
    problems = []
    if absent:
        problems.append("no component " + ", ".join(f"`{cid}`" for cid in absent) + " in the data")
    if found < c.count:
        problems.append(f"the rules use {c.count}, the data makes {found}")
    detail = "; ".join(problems) if problems else ", ".join(c.components) + f": {found}"
    return [Line(c.id, c.type, c.source, c.count, found, _verdict(not problems, c.severity), c.severity,
                 relation="at least", detail=detail)]


EXAMPLE = """\
[[checks]]
id = "inception-required"
type = "requires"
components = ["inception"]
source = "The rulebook sentence the check comes from."

"""
"""From data/equilibrix/game.toml."""

register(CheckType("requires", RequiresCheck, check_requires, on_kit=False, order=7, example=EXAMPLE))
