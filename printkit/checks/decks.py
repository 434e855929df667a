"""The `decks` check (automatic, on the drawn kit): the cards of one deck share a size, and all or none
have a back."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import _line, _listing
from printkit.checks.backs import deck_backs
from printkit.modelbase import CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class DecksCheck(CheckBase):
    """The cards of one deck go together: cards that share a back (the same `back` layout) have one
    size, or the odd ones show when shuffled in (lines `decks[size/<back>]`); and in each deck the
    box plan makes (same size, or `[[boxes.decks]]`), all cards have a back or none has (lines
    `decks[backs/<deck>]`). Runs without being declared (id `decks`)."""

    type: Literal["decks"] = Field(description="Check type: `decks`.")
    components: list[str] = Field(["*"], description='Card components checked; ["*"]: every card component.')


def check_decks(game: Game, kit: Kit, c: DecksCheck) -> list[Line]:
    cards = [comp for comp in selected(game, c.components) if comp.kind == "card"]
    lines: list[Line] = []
    by_back: dict[str, list[str]] = {}
    for comp in cards:
        back = getattr(comp, "back", None)
        if isinstance(back, str):
            by_back.setdefault(back, []).append(comp.id)
    for back, ids in by_back.items():
        sizes = {cid: tuple(round(float(v), 1) for v in game.component(cid).dimensions) for cid in ids}  # type: ignore[attr-defined]
        common = Counter(sizes.values()).most_common(1)[0][0]
        odd = [f"{cid} ({w:g} x {h:g} mm)" for cid, (w, h) in sizes.items() if (w, h) != common]
        detail = (f"cards with the back {back} differ in size: {_listing(odd)}, the others {common[0]:g} x "
                  f"{common[1]:g} mm: an odd size shows when the deck is shuffled" if odd else
                  f"{', '.join(ids)}: {common[0]:g} x {common[1]:g} mm")
        lines.append(_line(c, f"{c.id}[size/{back}]", "one size", f"{len(set(sizes.values()))} sizes" if odd else
                           "one size", not odd, detail, [cid for cid in ids if sizes[cid] != common]))
    wanted = {comp.id for comp in cards}
    for deck_id, comps, backs in deck_backs(game, kit, wanted):
        with_back = [p for p, b in backs.items() if b is not None]
        without = [p for p, b in backs.items() if b is None]
        mixed = bool(with_back and without)
        few = without if len(without) <= len(with_back) else with_back
        detail = (f"{len(with_back)} cards have a back and {len(without)} none: "
                  f"{_listing(few)} {'lack' if few is without else 'have'} one" if mixed else
                  f"{len(backs)} cards ({', '.join(comps)}): {'all with a back' if with_back else 'no backs'}")
        lines.append(_line(c, f"{c.id}[backs/{deck_id}]", "all or none", "mixed" if mixed else "all or none",
                           not mixed, detail, few if mixed else []))
    return lines


SOURCE = "The cards of one deck must look alike from the back (printkit's own rule)."
EXAMPLE = """\
[[checks]]
id = "decks"
type = "decks"
severity = "warning"
source = "The reference cards are kept apart from the deck."
"""

register(CheckType("decks", DecksCheck, check_decks, on_kit=True, order=26, example=EXAMPLE, auto=SOURCE))
