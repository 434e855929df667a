"""The `per-point` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import lattice
from printkit.checks import CheckType, register
from printkit.checks._kit import (
    _ctx,
    _line,
    _listing,
    drawn,
)
from printkit.modelbase import CheckBase, Whole
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class PerPointCheck(CheckBase):
    """For lattice pieces: no piece puts more than `max` of its fields around one connecting point
    (so a piece can be placed under a rule such as "at most five fields of a colour at a point")."""

    type: Literal["per-point"] = Field(description="Check type: `per-point`.")
    component: str = Field(description="A `lattice-piece` component.")
    max: Whole = Field(description="Most fields of one piece around one point.", gt=0)


def check_per_point(game: Game, kit: Kit, c: PerPointCheck) -> list[Line]:
    comp = game.component(c.component)
    over, most = [], 0
    for name, (variant, _art) in drawn(kit, comp.id).items():
        text = _ctx(game, comp, variant).text(getattr(comp, "fields", ""), "fields")
        fields = lattice.parse_fields(text)
        at: Counter[lattice.Point] = Counter(p for f in fields for p in f)
        n = max(at.values())
        most = max(most, n)
        if n > c.max:
            over.append(f"{name} ({n} fields at one point)")
    return [_line(c, c.id, f"<= {c.max}", most, not over,
                  f"more than {c.max} fields around one point, so the piece can never be placed: {_listing(over)}"
                  if over else f"at most {most} fields of a piece around one point", [o.split(" (")[0] for o in over],
                  relation="exactly")]


EXAMPLE = """\
[[checks]]
id = "five-dots"
type = "per-point"
component = "petal"
max = 5
source = "At most five fields of a colour around a point."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("per-point", PerPointCheck, check_per_point, on_kit=True, order=13, example=EXAMPLE))
