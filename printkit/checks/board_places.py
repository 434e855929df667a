"""The `board-places` check (on the data): its model (keys and documentation), the check and an example."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.errors import DataError, Problem, found_repr
from printkit.modelbase import CheckBase, Whole
from printkit.report import Line
from printkit.report import verdict as _verdict

if TYPE_CHECKING:
    from printkit.game import Game


class BoardPlacesCheck(CheckBase):
    """The places a board's layout draws number `count`: grid cells (or points), hex cells, ring
    and track spaces, counted from the elements of its `face` (those inside a `repeat` are not
    counted). With `elements`, only elements of those types count (e.g. ["hexgrid"])."""

    type: Literal["board-places"] = Field(description="Check type: `board-places`.")
    component: str = Field(description="The board component; its `face` layout is read.")
    count: Whole = Field(description="Places the rules give.")
    elements: list[str] = Field([], description="Element types that count; omitted: every element that draws places.")


def check_board_places(game: Game, c: BoardPlacesCheck) -> list[Line]:
    """The places of one board, counted by the element types that draw them (the same reader of
    places as ``[[expect]] places``, :func:`printkit.places.board_places`)."""
    from printkit.places import PLACE_ELEMENTS, board_places

    comp = game.component(c.component)
    face = getattr(comp, "face", None)
    if not isinstance(face, str):
        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a component with a `face` layout",
                                 found_repr(c.component))])
    for i, name in enumerate(c.elements):
        if name not in PLACE_ELEMENTS:
            raise DataError([Problem(game.rel(), f"checks.{c.id}.elements[{i}]",
                                     "an element type that draws places (" + ", ".join(PLACE_ELEMENTS) + ")",
                                     found_repr(name))])
    lines: list[Line] = []
    for variant in game.variants[comp.id]:
        label = c.id if len(game.variants[comp.id]) == 1 else f"{c.id}[{variant.key}]"
        # A flower's places are its fields; its connecting points are counted with [[expect]] places = ["point"].
        found = Counter(p.type for p in board_places(game, comp, variant)
                        if p.shape != "point" and (not c.elements or p.type in c.elements))
        got = sum(found.values())
        parts = ", ".join(f"{n} from {t}" for t, n in sorted(found.items()))
        detail = parts if got == c.count else f"the board has {got} places ({parts or 'none'}), the rules say {c.count}"
        lines.append(Line(label, c.type, c.source, c.count, got, _verdict(got == c.count, c.severity), c.severity,
                          detail=detail))
    return lines


EXAMPLE = """\
[[checks]]
id = "chess-squares"
type = "board-places"
component = "chess"
count = 64
source = "A chess board has 64 squares."
"""
"""From tests/games/classic/game.toml."""

register(CheckType("board-places", BoardPlacesCheck, check_board_places, on_kit=False, order=5, example=EXAMPLE))
