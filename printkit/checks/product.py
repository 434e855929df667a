"""The `product` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import set_value
from printkit.modelbase import CheckBase, Whole
from printkit.report import Line, listing
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game


class ProductCheck(CheckBase):
    """A component's pieces are exactly the product of the named sets: each combination
    of set values present `each` times, no combination missing, none extra.

    A piece's value for a set is the `name` of the record it was made from (``vary``),
    or the CSV column of that name (``table``)."""

    type: Literal["product"] = Field(description="Check type: `product`.")
    component: str = Field(description="The component id whose pieces are checked.")
    sets: list[str] = Field(description="Names of sets whose product the pieces must be.", min_length=1)
    each: Whole = Field(1, description="Pieces expected for every combination.", gt=0)


def check_product(game: Game, c: ProductCheck) -> list[Line]:
    comp = game.component(c.component)
    axes = [list(dict.fromkeys(str(r.get("name")) for r in game.data.sets[s])) for s in c.sets]
    wanted = list(itertools.product(*axes))
    have: Counter[tuple[str | None, ...]] = Counter()
    for variant in game.variants[comp.id]:
        have[tuple(set_value(variant, s) for s in c.sets)] += variant.copies
    key = "-".join
    missing = [key(k) for k in wanted if have[k] == 0]
    short = [f"{key(k)} ({have[k]} of {c.each})" for k in wanted if 0 < have[k] < c.each]
    duplicate = [f"{key(k)} ({have[k]} pieces)" for k in wanted if have[k] > c.each]
    wanted_set = set(wanted)
    extra = [f"{'-'.join(v if v is not None else '(none)' for v in k)} ({n})"
             for k, n in sorted(have.items(), key=lambda kv: str(kv[0])) if k not in wanted_set]
    problems = [f"{label}: {listing(items)}" for label, items in
                (("missing", missing), ("too few", short), ("duplicate", duplicate), ("not in the sets", extra)) if items]
    formula = " x ".join(f"{len(a)} {s}" for s, a in zip(c.sets, axes, strict=True))
    expected = len(wanted) * c.each
    detail = "; ".join(problems) if problems else f"{formula}" + (f", {c.each} of each" if c.each > 1 else "")
    return [Line(c.id, c.type, c.source, expected, sum(have.values()), _verdict(not problems, c.severity),
                 c.severity, detail=detail)]


EXAMPLE = """\
[[checks]]
id = "suits-by-ranks"
type = "product"
component = "card"
sets = ["suit", "rank"]
source = "Every rank in every suit, once."
"""
"""From tests/games/deck/game.toml."""

register(CheckType("product", ProductCheck, check_product, on_kit=False, order=1, example=EXAMPLE))
