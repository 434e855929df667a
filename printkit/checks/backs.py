"""The `backs` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import (
    _line,
    _listing,
)
from printkit.modelbase import Bool, CheckBase
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class BacksCheck(CheckBase):
    """Cards that share a deck (the deck the box plan puts them in: same size, or declared under
    [[boxes.decks]]) either all have backs or none; with `same`, they all share one back, but for
    the components listed in `own`."""

    type: Literal["backs"] = Field(description="Check type: `backs`.")
    components: list[str] = Field(["*"], description='Card components checked; ["*"]: every card component.')
    same: Bool = Field(True, description="Every card of a deck has the same back (false: backs may differ).")
    own: list[str] = Field([], description="Card components the rules give a back of their own (still all or none).")


def _back_ref(kit: Kit, comp_id: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for items in kit.groups.values():
        for item in items:
            if item.component == comp_id:
                out.setdefault(item.piece, item.back_ref)
    return out


def deck_backs(game: Game, kit: Kit, wanted: set[str]) -> Iterator[tuple[str, list[str], dict[str, str | None]]]:
    """Each deck the box plan makes (same size, or `[[boxes.decks]]`) with components in ``wanted``:
    (deck id, its components, each card's back by piece name, None for none)."""
    from printkit.boxes import decks

    for deck in decks(game, game.data.boxes, False):
        comps = [cid for cid, _, _ in deck.components if cid in wanted]
        if comps:
            backs: dict[str, str | None] = {}
            for cid in comps:
                backs.update(_back_ref(kit, cid))
            yield deck.id, comps, backs


def check_backs(game: Game, kit: Kit, c: BacksCheck) -> list[Line]:
    wanted = {comp.id for comp in selected(game, c.components)}
    lines: list[Line] = []
    for deck_id, comps, backs in deck_backs(game, kit, wanted):
        with_back = [p for p, b in backs.items() if b is not None]
        without = [p for p, b in backs.items() if b is None]
        own = {p for cid in comps if cid in c.own for p in _back_ref(kit, cid)}
        kinds = Counter(b for p, b in backs.items() if b is not None and p not in own)
        problems, culprits = [], []
        if with_back and without:
            problems.append(f"{len(with_back)} cards have a back and {len(without)} none: {_listing(without)} "
                            f"(beside {_listing(with_back[:2])})")
            culprits = without if len(without) <= len(with_back) else with_back
        if c.same and len(kinds) > 1:
            common = kinds.most_common(1)[0][0]
            odd = [p for p, b in backs.items() if b is not None and b != common and p not in own]
            problems.append(f"{len(kinds)} different backs: {_listing(odd)} differ from {common}")
            culprits += odd
        label = f"{c.id}[{deck_id}]"
        found = "mixed" if problems else ("one back" if len(kinds) == 1 else "no backs" if not kinds else f"{len(kinds)} backs")
        lines.append(_line(c, label, "one back" if c.same else "all or none", found, not problems,
                           "; ".join(problems) if problems else
                           f"{len(backs)} cards ({', '.join(comps)}): {found}" + _backs_listing(kinds), culprits))
    return lines


def _backs_listing(kinds: Counter[str]) -> str:
    """`` (deck-creature-back: 2 designs, deck-spell-back: 3 designs)`` when the backs differ."""
    if len(kinds) < 2:
        return ""
    return " (" + ", ".join(f"{b}: {n} design{'s' if n > 1 else ''}" for b, n in sorted(kinds.items(), key=str)) + ")"


EXAMPLE = """\
[[checks]]
id = "backs"
type = "backs"
source = "Cards share one back."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("backs", BacksCheck, check_backs, on_kit=True, order=11, example=EXAMPLE))
