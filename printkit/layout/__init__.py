"""Layout: pieces placed on pages. One engine per way of printing a piece.

* ``grid``: same-size rectangular pieces with bleed, crop marks and duplex backs (cards, tiles).
* ``pack``: shaped pieces cut along their outline, packed without overlap (chips, nets, shapes).
* ``tile``: one large piece, whole when it fits, else tiled across pages with overlap.

Every engine returns :class:`Sheet` pages whose :class:`Placement` records go to the manifest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from printkit.drawing import ROLES, Drawing, Role
from printkit.kinds import Art
from printkit.options import Duplex  # re-exported for engines
from printkit.papers import PAPERS, paper_size  # noqa: F401  (re-exported)


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    margin: float
    band: float = 0.0
    """Extra clear band at the top and bottom, inside the margin (kept free for registration marks)."""
    mark_room: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """Room for crop marks past the margin (top, right, bottom, left; mm): on half a gutterfold sheet the
    side at the fold is no edge of the paper, so marks may run on towards the fold line."""

    def mirrored(self) -> Paper:
        """The same paper with its left and right mark room swapped (a long-edge back page's view of it)."""
        t, r, b, left = self.mark_room
        return replace(self, mark_room=(t, left, b, r))

    @property
    def printable(self) -> tuple[float, float, float, float]:
        m, b = self.margin, self.band
        return (m, m + b, self.width - 2 * m, self.height - 2 * m - 2 * b)


@dataclass(frozen=True)
class Item:
    """One physical copy of one piece, with the shared art it is drawn from."""

    component: str
    piece: str
    variant: str
    copy: int
    art: Art
    front_ref: str
    back_ref: str | None


@dataclass(frozen=True)
class Placement:
    """Where a piece's face landed: page (1-based) and its trim rectangle in mm from the top left."""

    component: str
    piece: str
    face: Literal["front", "back"]
    page: int
    x: float
    y: float
    w: float
    h: float
    copy: int = 1
    rotated: bool = False
    region: tuple[float, float, float, float] | None = None
    """For a tile of a board: the part of the board (x, y, w, h in board mm) this page shows."""

    def on_page(self, page: int) -> Placement:
        """The same placement on another page (``dataclasses.replace`` spelled out: renumbering
        a large deck makes one per piece, and the generic ``replace`` is several times slower)."""
        return Placement(self.component, self.piece, self.face, page, self.x, self.y, self.w, self.h,
                         self.copy, self.rotated, self.region)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "component": self.component, "piece": self.piece, "copy": self.copy, "face": self.face,
            "page": self.page, "trim": [round(self.x, 3), round(self.y, 3), round(self.w, 3), round(self.h, 3)],
            "rotated": self.rotated,
        }
        if self.region is not None:
            out["region"] = [round(v, 3) for v in self.region]
        return out


@dataclass
class Sheet:
    """One page: its drawing, which roles print on it, and what was placed where."""

    drawing: Drawing
    placements: list[Placement] = field(default_factory=list)
    roles: tuple[Role, ...] = ROLES
    kind: Literal["front", "back", "assembly", "tile"] = "front"
    info: dict[str, object] = field(default_factory=dict)
    """Per-page facts for the manifest (fold line, registration marks, back offset)."""


def renumber(sheets: list[Sheet]) -> None:
    """Page numbers follow the order sheets are printed in (a back right after its front)."""
    for n, sheet in enumerate(sheets, start=1):
        sheet.placements[:] = [p.on_page(n) for p in sheet.placements]


Engine = Callable[[list[Item], Paper, "LayoutOptions"], list[Sheet]]


@dataclass(frozen=True)
class LayoutOptions:
    bleed: float
    duplex: Duplex
    crop_marks: bool = True
    spacing: float = 2.0
    overlap: float = 10.0


MAX_PER_PAGE = 5000
"""Most pieces one page may hold (a page of 10 mm hexagons holds about 600): each placed piece costs
memory while its page is laid out and drawn, so a page of tens of thousands of tiny pieces is refused."""


def check_density(items: list[Item], paper: Paper) -> None:
    """Refuse, before any page is laid out, pieces so small and many that one page would hold more than
    :data:`MAX_PER_PAGE` of them (a :class:`DataError` at the smallest piece's component, by id)."""
    if len(items) <= MAX_PER_PAGE:
        return
    _, _, pw, ph = paper.printable
    smallest = min(items, key=lambda i: i.art.front.width * i.art.front.height)
    w, h = smallest.art.front.width, smallest.art.front.height
    fit = (max(pw, 0.0) * max(ph, 0.0)) / max(w * h, 1e-12)
    if min(fit, len(items)) > MAX_PER_PAGE:
        from printkit.errors import DataError, Problem

        raise DataError([Problem(smallest.component, "size",
                                 f"pieces large enough that at most {MAX_PER_PAGE} share a page (a limit on memory)",
                                 f"{w:g} x {h:g} mm: {len(items)} pieces, up to {min(fit, len(items)):,.0f} "
                                 f"on one page of {paper.name}")])
