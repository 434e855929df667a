"""The `group` layout element: elements drawn together, so one transform turns, mirrors, scales or
moves them all (a tile's edge art turned four ways, a card's lower half mirrored)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Node
from printkit.elements import ElementType, register
from printkit.modelbase import ElementBase

if TYPE_CHECKING:
    from printkit.game import DrawContext
    from printkit.model import Element


class GroupElement(ElementBase):
    """Child elements drawn as one: `rotate`, `mirror`, `scale` and `translate` (keys every element
    has) apply to the group as a whole, about its `origin` (omitted: the centre of what the group
    draws). Inside a `repeat`, the repeat's transform turns each copy: `rotate = "{k * 90}"`."""

    type: Literal["group"] = Field(description="Element type: `group`.")
    elements: list[Element] = Field(description="The elements of the group, drawn in order.", min_length=1)


def _group(el: GroupElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    from printkit.faces import draw_element

    out: list[Node] = []
    for j, child in enumerate(el.elements):
        out += draw_element(child, ctx.at(f"{ctx.where}.elements[{j}]"), w, h, b)
    return out


register(ElementType("group", GroupElement, _group, memo=False,
                     example='{ type = "group", rotate = 30, elements = [{ type = "rect", x = 15, y = 12, w = 30, h = 16, '
                     'fill = "red" }, { type = "circle", cx = 30, cy = 20, r = 5, fill = "white" }] }'))
