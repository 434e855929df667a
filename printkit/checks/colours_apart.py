"""The `colours-apart` check (automatic, on the drawn kit): pieces the rules tell apart by colour look apart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import colours, looks
from printkit.checks import CheckType, register
from printkit.checks._kit import _line, _listing
from printkit.checks._seen import colour_only_pairs
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
    `min` in CIEDE2000 (Sharma et al. 2005) in some patch of colour of 4 mm² or more. Runs without
    being declared (id `colours-apart`); lines `colours-apart[<component>/<set>]`."""

    type: Literal["colours-apart"] = Field(description="Check type: `colours-apart`.")
    components: list[str] = Field(["*"], description='Components whose pieces are compared; ["*"]: all.')
    min: float = Field(colours.APART, ge=0, description="The least CIEDE2000 difference that tells two pieces apart.")


def check_colours_apart(game: Game, kit: Kit, c: ColoursApartCheck) -> list[Line]:
    lines: list[Line] = []
    for (comp_id, set_name), pairs in colour_only_pairs(game, kit, c.components).items():
        label = f"{c.id}[{comp_id}/{set_name}]"
        if not pairs:
            lines.append(_line(c, label, f">= {c.min:g}", "apart", True,
                               f"{comp_id}: every two {set_name} values differ by a symbol, a label or a figure"))
            continue
        seen: dict[tuple[str, str], tuple[float, str, str]] = {}
        close: list[str] = []
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
                if text not in close:
                    close.append(text)
        ok = not close
        found = f"{least:.1f}" if least is not None else "0"
        detail = (f"{comp_id} pieces told apart by {set_name} only by colour look alike: {_listing(close)}; "
                  f"they differ by less than {c.min:g} (CIEDE2000): change a colour or add a symbol or label"
                  if close else f"{comp_id} pieces told apart by {set_name} by colour alone differ by {found} "
                  f"or more (CIEDE2000)")
        lines.append(_line(c, label, f">= {c.min:g}", found, ok, detail, culprits))
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
