"""The `repeat` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator, model_validator

from printkit.drawing import Group, Node, translate
from printkit.elements import ElementType, register
from printkit.errors import suggest
from printkit.modelbase import ElementBase, Num, StrictInt

if TYPE_CHECKING:
    from printkit.game import DrawContext
    from printkit.model import Element

MAX_REPEAT = 1000
"""Copies one repeat may make."""
MAX_COPIES = 10_000
"""Copies of the innermost elements in one face, nested repeats multiplied."""
MAX_SHAPES = 100_000
"""Shapes one repeat may draw in one face (its copies' shapes, nested repeats included)."""

_RANGE = re.compile(r"^\s*([-+]?\d+)\s*\.\.\s*([-+]?\d+)\s*$")
RANGE_EXPECTED = 'a range of whole numbers such as "0..18" (both ends included; "18..0" counts down)'
_VAR = re.compile(r"^[a-z_][a-z0-9_]*$")


def parse_range(text: str, step: int) -> list[int]:
    """``"0..18"`` -> 0, 1, ..., 18; ``"18..0"`` counts down; ``step`` apart. ValueError if not a range."""
    m = _RANGE.match(text)
    if not m:
        raise ValueError(RANGE_EXPECTED)
    a, z = int(m.group(1)), int(m.group(2))
    if abs(z - a) // step + 1 > MAX_REPEAT:
        raise ValueError(f"a range of at most {MAX_REPEAT} values (a limit that refuses runaway loops)")
    return list(range(a, z + 1, step)) if z >= a else list(range(a, z - 1, -step))


class RepeatElement(ElementBase):
    """Child elements drawn once per copy, each copy shifted by (``dx``, ``dy``) from the one before.

    The copies come from one of: ``set`` (one per record of a named set; templates inside see the
    record under the set's name, ``{element.label}``), ``count`` (N copies; ``{i}`` is 0, 1, ...)
    or ``range`` (``"0..18"``, both ends included; ``{i}`` takes each value). Inside, ``{i}`` (or
    the name given by ``var``) is the copy's value (its position from 0 for ``set`` and ``count``),
    ``{repeat.index}`` counts copies from 1 and ``{repeat.count}`` is their number. Templates may
    compute: ``x = "{i * 22.5 + 4}"`` (see "Templates" above). Repeats nest: give the inner one
    another `var` (``var = "j"``) to use both. Limits, each a data error: 1000 copies per repeat,
    10,000 copies of the innermost elements in one face, 100,000 shapes drawn by one repeat.
    A repeat's `rotate`, `mirror`, `scale` and `translate` apply to each copy, with the copy's values
    and about its own centre: `rotate = "{k * 90}"` turns copy k by k quarter turns (put the repeat
    in a `group` to turn all copies as one).
    """

    type: Literal["repeat"] = Field(description="Element type: `repeat`.")
    set: str | None = Field(None, description="Name of a set under [sets]; one copy per record, in order.")
    count: StrictInt | str | None = Field(
        None, description=f'Number of copies (0 to {MAX_REPEAT}), or a template such as "{{row.strength}}".'
    )
    range: str | None = Field(
        None, description='Values of the loop variable, "first..last", both included, e.g. "0..18" or "12..1"; '
        'may use templates ("1..{row.n}").'
    )
    step: int = Field(1, description="Distance between consecutive values of a `range`.",
                      strict=True, ge=1, le=MAX_REPEAT)
    var: str = Field("i", description="Name of the loop variable in templates (lowercase letters, digits, _).")
    dx: Num = Field(0, description="Horizontal shift from one copy to the next (mm).")
    dy: Num = Field(0, description="Vertical shift from one copy to the next (mm).")
    elements: list[Element] = Field(description="The elements of one copy, drawn in order.", min_length=1)

    @field_validator("count")
    @classmethod
    def _count(cls, v: int | str | None) -> int | str | None:
        if isinstance(v, bool) or (isinstance(v, int) and not 0 <= v <= MAX_REPEAT):
            raise ValueError(f"a whole number of copies from 0 to {MAX_REPEAT} (a limit that refuses runaway loops)")
        if isinstance(v, str) and "{" not in v:
            raise ValueError('a whole number, or a template such as "{row.count}"')
        return v

    @field_validator("var")
    @classmethod
    def _var(cls, v: str) -> str:
        if not _VAR.match(v) or len(v) > 32:
            raise ValueError("a name of lowercase letters, digits and _ (not starting with a digit)")
        return v

    @model_validator(mode="after")
    def _one_source(self) -> RepeatElement:
        given = [k for k in ("set", "count", "range") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("exactly one of `set`, `count` or `range` (found " + (", ".join(given) or "none") + ")")
        if self.range is not None and "{" not in self.range:
            parse_range(self.range, self.step)
        return self


def static_copies(el: RepeatElement, sets: dict[str, list[Any]]) -> int:
    """Copies a repeat makes, as far as the data tells before drawing (a templated count or range: 1)."""
    if el.set is not None:
        return len(sets.get(el.set) or [])
    if isinstance(el.count, int):
        return el.count
    if el.range is not None and "{" not in el.range:
        return len(parse_range(el.range, el.step))
    return 1


def _copies(el: RepeatElement, ctx: DrawContext) -> tuple[str, list[dict[str, Any]]]:
    """The key the copies come from and each copy's own values."""
    if el.set is not None:
        records = ctx.game.data.sets.get(el.set)
        if records is None:
            raise ctx.fail("set", "a set defined under [sets] (" + ", ".join(sorted(ctx.game.data.sets)) + ")", el.set,
                           hint=suggest(el.set, ctx.game.data.sets))
        return "set", [{el.var: k, el.set: record} for k, record in enumerate(records)]
    if el.count is not None:
        n = el.count if isinstance(el.count, int) else ctx.number(el.count, "count")
        if not float(n).is_integer() or not 0 <= n <= MAX_REPEAT:
            raise ctx.fail("count", f"a whole number of copies from 0 to {MAX_REPEAT}", ctx.resolve(el.count, "count"))
        return "count", [{el.var: k} for k in range(int(n))]
    text = ctx.text(el.range, "range")
    try:
        values = parse_range(text, el.step)
    except ValueError as exc:
        raise ctx.fail("range", str(exc), text) from None
    return "range", [{el.var: v} for v in values]


def _shapes(nodes: tuple[Node, ...] | list[Node]) -> int:
    return sum(_shapes(n.children) if isinstance(n, Group) else 1 for n in nodes)


def _repeat(el: RepeatElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    from printkit.faces import draw_element, has_transform, transform_nodes
    from printkit.game import DrawContext

    key, copies = _copies(el, ctx)
    nested = ctx.values.get("_copies", 1) * len(copies)
    if nested > MAX_COPIES:
        raise ctx.fail(key, f"at most {MAX_COPIES} copies in one face, nested repeats multiplied "
                            f"(a limit that refuses runaway loops; this makes {nested})",
                       getattr(el, key))
    dx, dy = ctx.length(el.dx, "dx"), ctx.length(el.dy, "dy")
    out: list[Node] = []
    shapes = 0
    for i, own in enumerate(copies):
        values = {**ctx.values, **own, "repeat": {"index": i + 1, "count": len(copies)}, "_copies": nested}
        nodes: list[Node] = []
        for j, child in enumerate(el.elements):
            sub = DrawContext(ctx.game, ctx.variant, f"{ctx.where}.elements[{j}]", values)
            nodes += draw_element(child, sub, w, h, b)
        if nodes and has_transform(el):  # each copy turned (mirrored, scaled) with its own values
            nodes = transform_nodes(el, DrawContext(ctx.game, ctx.variant, ctx.where, values), nodes, w, h)
        shapes += _shapes(nodes)
        if shapes > MAX_SHAPES:
            raise ctx.fail(key, f"a repeat drawing at most {MAX_SHAPES} shapes in one face "
                                "(a limit that refuses runaway output)", getattr(el, key))
        if nodes:
            out.append(Group(tuple(nodes), translate(i * dx, i * dy)))
    return out


register(ElementType("repeat", RepeatElement, _repeat, memo=False,
                     example='{ type = "repeat", count = 5, elements = [{ type = "circle", cx = "{8 + i * 11}", cy = "{32 - i * 6}", r = 4, fill = "red" }] }'))
