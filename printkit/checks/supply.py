"""The `supply` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BeforeValidator, Field

from printkit.checks import CheckType, register
from printkit.checks._count import (
    count,
    groups,
    selected,
)
from printkit.modelbase import CheckBase, Scalar, Whole, _as_list
from printkit.report import Line
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game


class SupplyCheck(CheckBase):
    """What the setup needs must be in the box: `players` x (product of `per_player`) +
    `extra` pieces, counted like an expectation; with `per`, for each value of that set.
    Having more than needed passes (the spare pieces are reported)."""

    type: Literal["supply"] = Field(description="Check type: `supply`.")
    components: list[str] = Field(description='Component ids whose pieces are counted; ["*"] for all.')
    where: dict[str, Scalar] = Field({}, description="Only count pieces whose variant matches (as in [[expect]]).")
    per: str | None = Field(None, description="Check the need for each value of this set.")
    players: Whole = Field(1, description="Number of players the setup is for.", gt=0)
    per_player: Annotated[list[Whole], BeforeValidator(_as_list, json_schema_input_type=Whole | list[Whole])] = Field(
        [], description="What each player takes: a number, or factors multiplied (e.g. [6, 5]: 6 of each of 5)."
    )
    extra: Whole = Field(0, description="What the setup takes besides the players' share.", ge=0)


def check_supply(game: Game, c: SupplyCheck) -> list[Line]:
    comps = selected(game, c.components)
    factors = c.per_player
    share = math.prod(factors) if factors else 0
    need = c.players * share + c.extra
    formula = f"{c.players} player{'s' if c.players != 1 else ''} x {' x '.join(str(f) for f in factors) or 0}"
    formula += f" + {c.extra} = {need}" if c.extra else f" = {need}"
    lines = []
    for name, where in groups(game, c.id, comps, c.where, c.per):
        found = count(game, comps, where)
        if found < need:
            detail = f"setup needs {formula}; the data makes {found}, {need - found} short"
        else:
            detail = f"setup needs {formula}" + (f"; {found - need} spare" if found > need else "")
        lines.append(Line(name, c.type, c.source, need, found, _verdict(found >= need, c.severity), c.severity,
                          relation="at least", detail=detail))
    return lines


EXAMPLE = """\
[[checks]]
id = "stock-five-plus-one"
type = "supply"
components = ["five-plus-one"]
players = 2
per_player = 1
source = "The rulebook sentence the check comes from."
"""
"""From data/equilibrix/game.toml."""

register(CheckType("supply", SupplyCheck, check_supply, on_kit=False, order=6, example=EXAMPLE))
