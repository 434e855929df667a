"""The `min-text` check (on the drawn kit): its model (keys and documentation), the check and an example."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.checks import CheckType, register
from printkit.checks._count import selected
from printkit.checks._kit import (
    PT,
    _line,
    _listing,
    drawn,
    texts,
)
from printkit.drawing import IDENTITY, Drawing, Group, Matrix, Node, Text, mat_mul
from printkit.modelbase import CheckBase, PositiveLength
from printkit.report import Line

if TYPE_CHECKING:
    from printkit.game import Game
    from printkit.kit import Kit


class MinTextCheck(CheckBase):
    """No text printed on a piece of `components` is smaller than `min` (e.g. "5pt"), nor any label or note
    of the rulebook's diagrams at the size the rulebook prints them (the pieces pictured in a diagram
    keep their own text, smaller in the picture: that is a picture of the piece, measured on the piece)."""

    type: Literal["min-text"] = Field(description="Check type: `min-text`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description='Smallest readable text size, e.g. "5pt".')


def check_min_text(game: Game, kit: Kit, c: MinTextCheck) -> list[Line]:
    small: dict[str, float] = {}
    least: float | None = None
    for comp in selected(game, c.components):
        for name, (_, art) in drawn(kit, comp.id).items():
            for d in (art.front, art.back):
                for t, size in texts(d):
                    if not t.text.strip():
                        continue
                    least = size if least is None else min(least, size)
                    if size < c.min - 1e-6:
                        small[name] = min(size, small.get(name, size))
    for src, (picture, width) in sorted(kit.diagrams.items()):
        scale = width / picture.box[2] if picture.box[2] else 1.0
        for size in diagram_text_sizes(picture):
            size *= scale
            least = size if least is None else min(least, size)
            if size < c.min - 1e-6:
                small[f"rulebook {src}"] = min(size, small.get(f"rulebook {src}", size))
    found = f"{least / PT:.1f}pt" if least is not None else "no text"
    items = [f"{n} ({s / PT:.1f}pt)" for n, s in sorted(small.items(), key=lambda kv: kv[1])]
    return [_line(c, c.id, f">= {c.min / PT:.1f}pt", found, not small,
                  f"text smaller than {c.min / PT:.1f}pt: {_listing(items)}" if small else
                  f"the smallest printed text is {found}", list(small))]


def diagram_text_sizes(picture: Drawing) -> list[float]:
    """The sizes (mm, transforms applied) of a diagram's own texts: its labels and notes, not the texts of
    the printed faces it shows (placed by reference)."""
    out: list[float] = []

    def walk(nodes: Iterable[Node], m: Matrix) -> None:
        for node in nodes:
            if isinstance(node, Group):
                walk(node.children, mat_mul(m, node.transform))
            elif isinstance(node, Text) and node.text.strip():
                out.append(node.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])))

    walk(picture.children, IDENTITY)
    return out


EXAMPLE = """\
[[checks]]
id = "readable"
type = "min-text"
min = "5pt"
source = "Text at least 5 pt."
"""
"""From tests/games/playable/game.toml."""

register(CheckType("min-text", MinTextCheck, check_min_text, on_kit=True, order=15, example=EXAMPLE))
