"""The `colours-apart` check (automatic, on the drawn kit): pieces the rules tell apart by colour look apart."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import colours, looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected, set_value
from printkit.checks._kit import _line, _listing, _record_colour, drawn
from printkit.checks._seen import colour_only_pairs, coloured_sets
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class ColoursApartCheck(CheckBase):
    """Pieces that the data tells apart by a set whose records are colours (a set whose every record
    names a palette colour, or has a `colour` or `fill` that does: colours, elements, sides) look
    apart: two pieces of one component that differ only in that set's value, and whose faces
    differ in nothing but colour (no symbol or label tells them apart), must differ by at least
    `min` in CIEDE2000 (Sharma et al. 2005) in some patch of colour of 4 mm² or more (lines
    `colours-apart[<component>/<set>]`); and a set whose values are named after colours (red, blue)
    has its colours `min` apart, labels or not (lines `colours-apart[<set>]`). Runs without being
    declared (id `colours-apart`)."""

    type: Literal["colours-apart"] = Field(description="Check type: `colours-apart`.")
    components: list[str] = Field(["*"], description='Components whose pieces are compared; ["*"]: all.')
    min: float = Field(colours.APART, ge=0, description="The least CIEDE2000 difference that tells two pieces apart.")


def named_colours(game: Game, kit: Kit, components: list[str]) -> list[tuple[str, dict[str, str], list[str]]]:
    """The sets whose values are named after colours (each record's name a palette or built-in
    colour) that some selected component's pieces carry: (set, {value: colour}, components)."""
    from printkit.game import BUILTIN_COLOURS

    out = []
    for set_name in coloured_sets(game):
        records = game.data.sets[set_name]
        if not all(str(r.get("name")) in game.palette or str(r.get("name")) in BUILTIN_COLOURS for r in records):
            continue
        comps = [comp.id for comp in selected(game, components)
                 if any(set_value(v, set_name) is not None for v, _ in drawn(kit, comp.id).values())]
        if comps:
            out.append((set_name, {str(r["name"]): colour for r in records
                                   if (colour := _record_colour(game, r)) is not None}, comps))
    return out


def check_colours_apart(game: Game, kit: Kit, c: ColoursApartCheck) -> list[Line]:
    lines: list[Line] = []
    # A set of colours (red, blue, ...): its values must print apart, whatever else the pieces show.
    for set_name, values, comps in named_colours(game, kit, c.components):
        close = colours.alike(values, c.min)
        found = min((colours.difference(a, b) for a, b in itertools.combinations(values.values(), 2)), default=100.0)
        detail = (f"the {set_name} values print alike: " + _listing([f"{a} and {b} ({values[a]} and {values[b]}, "
                                                                     f"{d:.1f} apart)" for a, b, d in close])
                  + f"; colours named apart must differ by at least {c.min:g} (CIEDE2000)" if close else
                  f"every two {set_name} values differ by {found:.1f} or more (CIEDE2000)")
        lines.append(_line(c, f"{c.id}[{set_name}]", f">= {c.min:g}", f"{found:.1f}", not close, detail,
                           [] if not close else comps))
    for (comp_id, set_name), pairs in colour_only_pairs(game, kit, c.components).items():
        label = f"{c.id}[{comp_id}/{set_name}]"
        if not pairs:
            lines.append(_line(c, label, f">= {c.min:g}", "apart", True,
                               f"{comp_id}: every two {set_name} values differ by a symbol, a label or a figure"))
            continue
        seen: dict[tuple[str, str], tuple[float, str, str]] = {}
        alike: list[str] = []
        culprits: list[str] = []
        least = None
        for pair in pairs:
            if pair.values not in seen:
                seen[pair.values] = looks.apart(*pair.layers)
            d, ca, cb = seen[pair.values]
            least = d if least is None else min(least, d)
            if d < c.min:
                culprits += pair.pieces
                what = f"{pair.values[0]} and {pair.values[1]}"
                text = (f"{what} ({ca} and {cb}, {d:.1f} apart)" if ca else f"{what} (drawn in the same colours)")
                if text not in alike:
                    alike.append(text)
        ok = not alike
        least_text = f"{least:.1f}" if least is not None else "0"
        detail = (f"{comp_id} pieces told apart by {set_name} only by colour look alike: {_listing(alike)}; "
                  f"they differ by less than {c.min:g} (CIEDE2000): change a colour or add a symbol or label"
                  if alike else f"{comp_id} pieces told apart by {set_name} by colour alone differ by {least_text} "
                  f"or more (CIEDE2000)")
        lines.append(_line(c, label, f">= {c.min:g}", least_text, ok, detail, culprits))
    return lines


SOURCE = "Pieces the rules tell apart by colour must look different (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "colours-apart"
type = "colours-apart"
min = 15
source = "The four player colours must be easy to tell apart."
"""

register(CheckType("colours-apart", ColoursApartCheck, check_colours_apart, on_kit=True, order=20,
                   example=EXAMPLE, auto=SOURCE))
