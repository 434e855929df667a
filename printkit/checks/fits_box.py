"""The `fits-box` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import (
    EPS,
    _line,
    boxes,
)
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class FitsBoxCheck(CheckBase):
    """Every piece of `components` fits the box the plan puts it in (a card in its tuck box, a
    piece, a pile, a folded board or a built solid in the lid box), and the boxes are reported."""

    type: Literal["fits-box"] = Field(description="Check type: `fits-box`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')


def check_fits_box(game: Game, kit: Kit, c: FitsBoxCheck) -> list[Line]:
    planned = boxes(kit)
    wanted = {comp.id for comp in selected(game, c.components)}
    lines: list[Line] = []
    placed: set[str] = set()
    for box in planned:
        if box.kind == "tuck":
            w, h, d = box.inner
            card = box.info.get("card", [0, 0])
            thick = float(box.info.get("deck_thickness", 0.0))
            for cid in box.info.get("components", []):
                if cid not in wanted:
                    continue
                placed.add(cid)
                spare = min(w - card[0], h - card[1], d - thick)
                ok = spare >= -EPS
                lines.append(_line(c, f"{c.id}[{cid}]", "fits", "fits" if ok else "too large", ok,
                                   f"{cid} in {box.name} (inside {w:.1f} x {h:.1f} x {d:.1f} mm): "
                                   f"cards {card[0]:.1f} x {card[1]:.1f} mm, deck {thick:.1f} mm thick, "
                                   f"{spare:.1f} mm to spare", [] if ok else [cid]))
    lids = [b for b in planned if b.id == "lid-box-base"]
    if lids:
        box = lids[0]
        w, h, d = box.inner
        for comp in game.components:
            if comp.id not in wanted or comp.id in placed:
                continue
            blocks = [b for b in box.info.get("contents", []) if str(b["what"]).startswith(comp.label)]
            if not blocks:
                continue
            bw, bl, bh = max((b["size"] for b in blocks), key=lambda s: s[0] * s[1])
            ok = max(bw, bl) <= max(w, h) + EPS and min(bw, bl) <= min(w, h) + EPS and bh <= d + EPS
            lines.append(_line(c, f"{c.id}[{comp.id}]", "fits", "fits" if ok else "too large", ok,
                               f"{comp.id} in the lid box (inside {w:.1f} x {h:.1f} x {d:.1f} mm): "
                               f"{bw:.1f} x {bl:.1f} x {bh:.1f} mm as packed", [] if ok else [comp.id]))
    return lines


EXAMPLE = """\
[[checks]]
id = "in-the-box"
type = "fits-box"
source = "Everything in one box."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("fits-box", FitsBoxCheck, check_fits_box, on_kit=True, order=17, example=EXAMPLE))
