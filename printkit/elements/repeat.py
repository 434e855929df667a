"""The `repeat` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Group, Node, translate
from printkit.elements import ElementType, register
from printkit.errors import suggest
from printkit.model import ElementBase, Num

if TYPE_CHECKING:
    from printkit.game import DrawContext
    from printkit.model import Element


class RepeatElement(ElementBase):
    """Child elements drawn once per record of a named set, each copy shifted by (``dx``, ``dy``).

    Inside, templates see the current record under the set's name (``{element.label}``) and
    ``{repeat.index}`` (1, 2, ...), so a row of slots, one per colour, is declared once.
    """

    type: Literal["repeat"] = Field(description="Element type: `repeat`.")
    set: str = Field(description="Name of a set under [sets]; one copy per record, in order.")
    dx: Num = Field(0, description="Horizontal shift from one copy to the next (mm).")
    dy: Num = Field(0, description="Vertical shift from one copy to the next (mm).")
    elements: list[Element] = Field(description="The elements of one copy, drawn in order.", min_length=1)


def _repeat(el: RepeatElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    records = ctx.game.data.sets.get(el.set)
    if records is None:
        raise ctx.fail("set", "a set defined under [sets] (" + ", ".join(sorted(ctx.game.data.sets)) + ")", el.set,
                       hint=suggest(el.set, ctx.game.data.sets))
    dx, dy = ctx.length(el.dx, "dx"), ctx.length(el.dy, "dy")
    from printkit.faces import draw_element
    from printkit.game import DrawContext

    out: list[Node] = []
    for i, record in enumerate(records):
        values = {**ctx.values, el.set: record, "repeat": {"index": i + 1}}
        nodes: list[Node] = []
        for j, child in enumerate(el.elements):
            sub = DrawContext(ctx.game, ctx.variant, f"{ctx.where}.elements[{j}]", values)
            nodes += draw_element(child, sub, w, h, b)
        if nodes:
            out.append(Group(tuple(nodes), translate(i * dx, i * dy)))
    return out


register(ElementType("repeat", RepeatElement, _repeat, memo=False))
