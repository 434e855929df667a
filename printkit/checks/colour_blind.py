"""The `colour-blind` check (automatic, on the drawn kit): pieces told apart by colour stay apart for
players with a colour-vision deficiency."""

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


class ColourBlindCheck(CheckBase):
    """Pieces told apart by colour alone (as `colours-apart` finds them) stay apart for a player with
    a colour-vision deficiency: their colours, as simulated with the model of Machado, Oliveira and
    Fernandes (2009) at full severity, differ by at least `min` (CIEDE2000). A warning by default:
    a symbol or label on the pieces, or other colours, lets every player play. Runs without being
    declared (id `colour-blind`); lines `colour-blind[<component>/<set>]`."""

    type: Literal["colour-blind"] = Field(description="Check type: `colour-blind`.")
    severity: Literal["error", "warning"] = Field("warning", description="error: a failure fails the proof; "
                                                  "warning (the default): it is reported only.")
    components: list[str] = Field(["*"], description='Components whose pieces are compared; ["*"]: all.')
    deficiencies: list[colours.Deficiency] = Field(
        list(colours.DEFICIENCIES), description="The deficiencies simulated: protanopia, deuteranopia, tritanopia.")
    min: float = Field(colours.APART, ge=0, description="The least CIEDE2000 difference, as simulated.")


def check_colour_blind(game: Game, kit: Kit, c: ColourBlindCheck) -> list[Line]:
    lines: list[Line] = []
    for (comp_id, set_name), pairs in colour_only_pairs(game, kit, c.components).items():
        if not pairs:
            continue
        close: list[str] = []
        culprits: list[str] = []
        least: float | None = None
        done: dict[tuple[str, ...], float] = {}
        for pair in pairs:
            if pair.values not in done:
                done[pair.values] = looks.apart(*pair.layers)[0]
            if done[pair.values] < c.min:
                continue  # alike for everyone: `colours-apart` reports it
            for deficiency in c.deficiencies:
                key = (*pair.values, deficiency)
                if key not in done:
                    done[key] = looks.apart(*pair.layers, deficiency)[0]
                d = done[key]
                least = d if least is None else min(least, d)
                text = f"{pair.values[0]} and {pair.values[1]} with {deficiency} ({d:.1f} apart)"
                if d < c.min and text not in close:
                    close.append(text)
                    culprits += pair.pieces
        found = f"{least:.1f}" if least is not None else "0"
        detail = (f"{comp_id} pieces told apart by {set_name} only by colour look alike to colour-blind players: "
                  f"{_listing(close)} (Machado et al. 2009 simulation, CIEDE2000 below {c.min:g}): choose colours "
                  "that differ in lightness too, or add a symbol or label" if close else
                  f"{comp_id} pieces stay {found} or more apart with {', '.join(c.deficiencies)}")
        lines.append(_line(c, f"{c.id}[{comp_id}/{set_name}]", f">= {c.min:g}", found, not close, detail, culprits))
    return lines


SOURCE = "Pieces told apart by colour must stay apart for colour-blind players (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "colour-blind"
type = "colour-blind"
severity = "error"
deficiencies = ["protanopia", "deuteranopia"]
source = "The rules ask for colour-blind play."
"""

register(CheckType("colour-blind", ColourBlindCheck, check_colour_blind, on_kit=True, order=21,
                   example=EXAMPLE, auto=SOURCE))
