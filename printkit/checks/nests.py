"""The `nests` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._kit import (
    EPS,
    _line,
    _listing,
    _profile,
    drawn,
    pips_of,
)
from printkit.modelbase import Bool, CheckBase, NonNegativeLength
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class NestsCheck(CheckBase):
    """Pieces the rules stack or nest do: the sizes of `component` (its distinct built sizes,
    smallest first) each fit over the next smaller with `clearance` mm to spare all round;
    with `hollow`, every piece that goes over another is open at its base; with `value`,
    the value printed on the pieces (`pips`: the most pips on one face) grows with size."""

    type: Literal["nests"] = Field(description="Check type: `nests`.")
    component: str = Field(description="A `net` component whose pieces nest (e.g. pyramids of three sizes).")
    clearance: NonNegativeLength = Field(0.5, description="Least gap between a piece and the one over it (mm).")
    hollow: Bool = Field(True, description="A piece that goes over a smaller one must be open at the base.")
    value: Literal["pips"] | None = Field(
        None, description="`pips`: more pips on larger pieces (pieces of one size print one value)."
    )


def check_nests(game: Game, kit: Kit, c: NestsCheck) -> list[Line]:
    comp = game.component(c.component)
    if comp.kind != "net":
        from printkit.errors import DataError, Problem, found_repr

        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a `net` component", found_repr(comp.id))])
    sizes: dict[tuple[float, float, bool], dict[str, Any]] = {}
    for name, (variant, _) in drawn(kit, comp.id).items():
        w, h, tapered, open_base = _profile(game, comp, variant)
        entry = sizes.setdefault((round(w, 3), round(h, 3), tapered), {"pieces": [], "closed": [], "values": set()})
        entry["pieces"].append(name)
        if not open_base:
            entry["closed"].append(name)
        if c.value == "pips":
            entry["values"].add(max(pips_of(game, comp, variant)))
    order = sorted(sizes, key=lambda k: (k[0], k[1]))
    lines: list[Line] = []
    for small, big in pairwise(order):
        (b1, h1, t1), (b2, h2, t2) = small, big
        # Gaps between the inner piece and the one over it, both standing on their bases: at the
        # floor, and at the top of the inner piece (where a tapering cover is narrowest).
        at_top = (b2 / 2) * (1 - h1 / h2) if t2 else b2 / 2
        inner_top = 0.0 if t1 else b1 / 2
        gaps = [(b2 - b1) / 2, at_top - inner_top, h2 - h1]
        gap = min(gaps)
        ok = gap >= c.clearance - EPS
        s_name, b_name = sizes[small]["pieces"][0], sizes[big]["pieces"][0]
        detail = (f"{b_name} ({b2:.1f} mm base, {h2:.1f} mm high) over {s_name} ({b1:.1f} mm base, {h1:.1f} mm high): "
                  f"{gap:.1f} mm to spare (at the base {gaps[0]:.1f}, at the top of the inner piece {gaps[1]:.1f}, "
                  f"above it {gaps[2]:.1f}), at least {c.clearance:.1f} mm wanted")
        lines.append(_line(c, f"{c.id}[{s_name} in {b_name}]", f">= {c.clearance:.1f} mm", f"{gap:.1f} mm", ok,
                           detail, [] if ok else [s_name, b_name]))
    if c.hollow and len(order) > 1:
        covering = [name for k in order[1:] for name in sizes[k]["closed"]]
        ok = not covering
        detail = ("every piece that goes over a smaller one is open at its base" if ok else
                  f"closed at the base, so nothing fits under them: {_listing(covering)}")
        lines.append(_line(c, f"{c.id}[hollow]", "open base", "closed" if covering else "open base", ok, detail,
                           covering))
    if c.value is not None:
        found = [(k, sorted(sizes[k]["values"])) for k in order]
        problems = []
        for k, vals in found:
            if len(vals) > 1:
                problems.append(f"{sizes[k]['pieces'][0]} and the other pieces of its size show {vals}")
        for (k1, v1), (k2, v2) in pairwise(found):
            if v1 and v2 and not max(v1) < min(v2):
                problems.append(f"{sizes[k2]['pieces'][0]} ({k2[0]:.1f} mm base) shows {max(v2) if len(v2) == 1 else v2} "
                                f"{c.value}, {sizes[k1]['pieces'][0]} ({k1[0]:.1f} mm base) {max(v1) if len(v1) == 1 else v1}")
        seq = " < ".join(str(v[0]) if len(v) == 1 else str(v) for _, v in found)
        ok = not problems
        lines.append(_line(c, f"{c.id}[{c.value} by size]", "grows with size", seq, ok,
                           ("; ".join(problems) + ": larger pieces must show more") if problems else
                           f"{c.value} by size, smallest first: {seq}",
                           [] if ok else [sizes[k]["pieces"][0] for k in order]))
    return lines


EXAMPLE = """\
[[checks]]
id = "pyramids-nest"
type = "nests"
component = "pyramid"
clearance = 0.5
hollow = false
value = "pips"
source = "A large pyramid goes over a small one (nets fold closed here, so hollow is not asked)."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("nests", NestsCheck, check_nests, on_kit=True, order=9, example=EXAMPLE))
