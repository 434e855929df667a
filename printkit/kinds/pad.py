"""Score pads and player sheets: same-size sheets printed several to a page, edge to edge, without
bleed, cut apart with straight cuts across the page (a guillotine, or a ruler and a knife).

Each page holds ``per_page`` sheets (or as many as fit) in a block centred on the paper; the cut
lines print between them, or not (``cut_lines = false``: only the marks at each end of each cut,
for a clean sheet), and each sheet may carry its number in its lower right corner. The face (and
an optional back) is a declared layout, like a card's; the art stops at the sheet's edge.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.drawing import Drawing, Group, Rect
from printkit.faces import draw_face
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import Art, Kind, register
from printkit.model import Bool, ComponentBase, NonNegativeLength, PositiveLength
from printkit.units import parse_length

MAX_PER_PAGE = 100
"""Most sheets one page may hold."""


class PadModel(ComponentBase):
    """Score pads and player sheets: `count` sheets of `width` x `height`, `per_page` to a page, no bleed."""

    kind: Literal["pad"] = Field(description="Always `pad`.")
    width: PositiveLength = Field(description="Width of one sheet.")
    height: PositiveLength = Field(description="Height of one sheet.")
    face: str = Field(description="Layout name of the sheet's face.")
    back: str | None = Field(None, description="Layout name of the back; omitted: one-sided.")
    bleed: NonNegativeLength = Field(
        0.0, description="Art past each sheet's edge (mm): 0 for sheets cut apart edge to edge at home; print-shop "
        "files always get at least the shop's bleed."
    )
    per_page: int | None = Field(
        None, description=f"Sheets on one page (1 to {MAX_PER_PAGE}; at most what fits); omitted: as many as fit.",
        strict=True, ge=1, le=MAX_PER_PAGE,
    )
    cut_lines: Bool = Field(True, description="Print the cut lines between sheets (false: only the marks at each "
                            "end of each cut, so the sheets come out clean).")
    number: Bool = Field(False, description="Print each sheet's number (from `number_from`) in its lower right corner.")
    number_from: int = Field(1, description="Number of the first sheet.", strict=True, ge=0, le=1_000_000)
    number_size: PositiveLength = Field(parse_length("6pt"), description='Size of the sheet numbers (e.g. "6pt").')

    @property
    def dimensions(self) -> tuple[float, float]:
        return (self.width, self.height)


def draw(game: Game, comp: PadModel, variant: Variant) -> Art:
    w, h = comp.width, comp.height
    ctx = DrawContext(game, variant, f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})
    b = comp.bleed
    edge = Rect(-b, -b, w + 2 * b, h + 2 * b, role="art")

    def side(layout: str) -> Drawing:
        raw = draw_face(game, layout, ctx, w, h, b)
        return Drawing(w, h, [Group(tuple(raw.children), clip=edge)], bleed=b)

    info: dict[str, object] = {"tessellate": "rectangle", "per_page": comp.per_page, "cut_lines": comp.cut_lines}
    if comp.number:
        info["number"] = {"first": comp.number_from, "size": comp.number_size, "fill": "#555555"}
    outline = Drawing(w, h, [Rect(0, 0, w, h, role="cut")], bleed=b)
    return Art(side(comp.face), side(comp.back) if comp.back else None, outline, info)


EXAMPLE = """\
[layouts.score]
background = "white"
elements = [
  { type = "text", text = "SCORE", x = 0, y = 3, w = "100%", size = "8pt", bold = true, align = "center" },
  { type = "grid", x = 5, y = 10, rows = 4, cols = 3, cell = 8, stroke = "black", width = 0.3 },
]

[[components]]
id = "piece"
kind = "pad"
width = 34
height = 46
count = 4
face = "score"
number = true
"""
"""A minimal component of this kind (with the layouts it uses), drawn for the gallery (docs/gallery.md)."""

register(Kind("pad", PadModel, draw, sheet="pads", layout="pack", doc=__doc__ or "", example=EXAMPLE))  # type: ignore[arg-type]
