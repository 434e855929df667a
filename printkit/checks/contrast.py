"""The `contrast` check (automatic, on the drawn kit): text reads on what it is printed on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit import colours, looks
from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import PT, _line, _listing, drawn
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class ContrastCheck(CheckBase):
    """Text stands out from what it is printed on: the WCAG 2.1 contrast ratio of each text's colour
    and the colours under its letters (on fronts and backs; under nothing is white paper) is at
    least `min` (4.5, WCAG's level AA), or `large` (3) for text of 14 pt or more. A warning by
    default. Runs without being declared (id `contrast`); one line per component with text."""

    type: Literal["contrast"] = Field(description="Check type: `contrast`.")
    severity: Literal["error", "warning"] = Field("warning", description="error: a failure fails the proof; "
                                                  "warning (the default): it is reported only.")
    components: list[str] = Field(["*"], description='Components whose faces are read; ["*"]: all.')
    min: float = Field(colours.TEXT_CONTRAST, ge=1, le=21, description="The least contrast ratio for text.")
    large: float = Field(colours.LARGE_TEXT_CONTRAST, ge=1, le=21,
                         description="The least contrast ratio for text of 14 pt or more.")


LARGE_TEXT = 14 * PT


def check_contrast(game: Game, kit: Kit, c: ContrastCheck) -> list[Line]:
    lines: list[Line] = []
    cache: dict[int, list[looks.TextSpot]] = {}
    memo = looks.BackdropMemo()  # faces of a deck mostly paint the same under the same points
    for comp in selected(game, c.components):
        low: list[str] = []
        culprits: list[str] = []
        least: float | None = None
        count = 0
        for name, (_, art) in drawn(kit, comp.id).items():
            for face in (art.front, art.back):
                if face is None:
                    continue
                if id(face) not in cache:
                    cache[id(face)] = looks.text_boxes(face, memo=memo)
                for spot in cache[id(face)]:
                    under = [u for u in spot.under if u != "image"]
                    if not under:
                        continue
                    count += 1
                    ratio = min(colours.contrast(spot.text.fill, u) for u in under)
                    least = ratio if least is None else min(least, ratio)
                    want = c.large if spot.text.size >= LARGE_TEXT - 1e-9 else c.min
                    if ratio < want - 1e-9:
                        worst = min(under, key=lambda u: colours.contrast(spot.text.fill, u))
                        text = (f'"{spot.text.text.strip()[:24]}" ({spot.text.fill} on {worst}, {ratio:.1f}:1) '
                                f"on {name}")
                        if name not in culprits or len(low) < 3:
                            low.append(text)
                        culprits.append(name)
        if not count:
            continue
        found = f"{least:.1f}:1" if least is not None else "-"
        detail = (f"text too faint on its background: {_listing(low)}; at least {c.min:g}:1 wanted "
                  f"({c.large:g}:1 from 14 pt)" if low else f"{count} texts, the faintest {found}")
        lines.append(_line(c, f"{c.id}[{comp.id}]", f">= {c.min:g}:1", found, not low, detail, culprits))
    return lines


SOURCE = "Printed text must read against what it is printed on (WCAG 2.1 contrast; printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "contrast"
type = "contrast"
min = 7
source = "Players read the cards across the table."
"""

register(CheckType("contrast", ContrastCheck, check_contrast, on_kit=True, order=22, example=EXAMPLE,
                   auto=SOURCE))
