"""The grid engine: same-size pieces on sheets with crop marks and duplex backs.

Pieces sit trim to trim (one cut serves two neighbours), centred on the paper,
so a back page mirrored about the page's centre line lands each back behind its
own face. Bleed is kept on every outer edge of the block; between neighbours each
face is clipped at the shared cut so no card paints over another. Crop marks sit on
the extension of every cut line inside the printable area: outside the outer bleed
where there is room, else on the bleed (see :func:`crop_marks`).
"""

from __future__ import annotations

import math

from printkit.drawing import GUIDE, Drawing, Group, Node, Paint, Rect, Use, line, rotate, translate
from printkit.errors import DataError, Problem
from printkit.layout import Item, LayoutOptions, Paper, Placement, Sheet

MARK_GAP = 1.0  # from the outer bleed to the start of a crop mark (mm)
MARK_LENGTH = 5.0
MARK_INSET = 0.2
"""Marks stay this far inside the printable area (mm), so the whole stroke prints."""
MIN_OUTSIDE = 2.5
"""The shortest mark drawn outside the bleed (mm); with less room there, the mark moves onto the bleed."""
TRIM_CLEAR = 0.5
"""A mark on the bleed stops this far from the trim (mm), so a cut on the line leaves none of it."""
MIN_MARK = 1.0
"""The shortest mark on the bleed (mm); with less room, the cut lines are printed through the block."""
HALO = Paint(stroke="#ffffff", width=0.8)
"""Drawn under a mark on the bleed, so the mark shows on dark art."""


def grid_shape(paper: Paper, w: float, h: float) -> tuple[int, int]:
    """Columns and rows of ``w`` x ``h`` trims that fit the printable area."""
    _, _, pw, ph = paper.printable
    return (math.floor(pw / w + 1e-9), math.floor(ph / h + 1e-9))


def _end(trim: float, outward: float, limit: float, bleed: float) -> tuple[float, float, bool] | None:
    """Where the mark at one end of a cut line goes: (start, end, on the bleed), or None (no room).

    ``trim`` is the block's outer trim, ``outward`` +1 or -1 (towards the paper edge), ``limit``
    the printable edge. Outside the bleed when at least :data:`MIN_OUTSIDE` fits there (the usual
    place, never over art); else on the bleed up to :data:`TRIM_CLEAR` from the trim.
    """
    near = trim + outward * (bleed + MARK_GAP)
    room = (limit - near) * outward
    if room >= MIN_OUTSIDE - 1e-9:
        return (near, near + outward * min(MARK_LENGTH, room), False)
    near = trim + outward * TRIM_CLEAR
    if (limit - near) * outward >= MIN_MARK - 1e-9:
        return (near, limit, True)
    return None


def crop_marks(paper: Paper, xs: list[float], ys: list[float], bleed: float) -> list[Node]:
    """A guide on every cut line, inside the printable area of the paper (the margin is never printed).

    Each end of a cut line gets a mark on its extension: outside the block's bleed where there
    is room (never over art), else on the bleed itself, over a white halo so it shows on dark
    art and stopping short of the trim. A cut line with no room at either end (a board that
    fills the printable area) is printed through the block instead, on its trim.
    """
    m = paper.margin + MARK_INSET
    top, right, bottom, left = paper.mark_room
    ends = {"top": _end(ys[0], -1, m - top, bleed), "bottom": _end(ys[-1], 1, paper.height - m + bottom, bleed),
            "left": _end(xs[0], -1, m - left, bleed), "right": _end(xs[-1], 1, paper.width - m + right, bleed)}
    halos: list[Node] = []
    out: list[Node] = []

    def mark(x1: float, y1: float, x2: float, y2: float, on_bleed: bool) -> None:
        if on_bleed:
            halos.append(line(x1, y1, x2, y2, HALO, "guide"))
        out.append(line(x1, y1, x2, y2, GUIDE, "guide"))

    for x in xs:
        for side in ("top", "bottom"):
            end = ends[side]
            if end is not None:
                mark(x, end[0], x, end[1], end[2])
        if ends["top"] is None and ends["bottom"] is None:
            out.append(line(x, ys[0], x, ys[-1], GUIDE, "guide"))
    for y in ys:
        for side in ("left", "right"):
            end = ends[side]
            if end is not None:
                mark(end[0], y, end[1], y, end[2])
        if ends["left"] is None and ends["right"] is None:
            out.append(line(xs[0], y, xs[-1], y, GUIDE, "guide"))
    return halos + out


def grid(items: list[Item], paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    if not items:
        return []
    w, h = items[0].art.front.width, items[0].art.front.height
    cols, rows = grid_shape(paper, w, h)
    if cols < 1 or rows < 1:
        raise DataError([Problem(items[0].component, "size", f"a piece that fits the printable area of {paper.name} ({paper.printable[2]:.1f} x {paper.printable[3]:.1f} mm)", f"{w:.1f} x {h:.1f} mm")])
    per_page = cols * rows
    x0 = (paper.width - cols * w) / 2
    y0 = (paper.height - rows * h) / 2
    b = opts.bleed
    # Every sheet repeats the same cells, and a shared back is the same reference in every cell:
    # the clip of each cell (and a back's whole clipped group) is made once, not once per piece.
    cells = [[_Cell(x0 + c * w, y0 + r * h, w, h, b, c == 0, c == cols - 1, r == 0, r == rows - 1)
              for c in range(cols)] for r in range(rows)]
    marks: dict[tuple[tuple[float, ...], ...], list[Node]] = {}
    sheets: list[Sheet] = []
    for start in range(0, len(items), per_page):
        chunk = items[start:start + per_page]
        front = Drawing(paper.width, paper.height)
        back = Drawing(paper.width, paper.height)
        fsheet = Sheet(front, roles=("art", "guide"), kind="front")
        bsheet = Sheet(back, roles=("art", "guide"), kind="back")
        used_cols: set[int] = set()
        used_rows: set[int] = set()
        page = len(sheets) + 1  # pages are numbered as they are printed: a back right after its front
        for i, item in enumerate(chunk):
            r, c = divmod(i, cols)
            used_cols.add(c)
            used_rows.add(r)
            cell = cells[r][c]
            x, y = cell.x, cell.y
            front.defs[item.front_ref] = item.art.front
            front.add(cell.place(item.front_ref))
            if item.art.outline is not None:  # the cut line: not printed here (roles), kept for cut files
                front.defs[item.front_ref + "-outline"] = item.art.outline
                front.add(Use(item.front_ref + "-outline", cell.at))
            fsheet.placements.append(Placement(item.component, item.piece, "front", page, x, y, w, h, item.copy))
            if opts.duplex != "none" and item.back_ref and item.art.back is not None:
                bcell = cells[r][cols - 1 - c]
                bx = bcell.x
                back.defs[item.back_ref] = item.art.back
                back.add(bcell.place(item.back_ref, keep=True))
                if opts.duplex == "long":
                    placed = Placement(item.component, item.piece, "back", page + 1, bx, y, w, h, item.copy)
                else:
                    placed = Placement(item.component, item.piece, "back", page + 1, x, paper.height - y - h, w, h,
                                       item.copy, rotated=True)
                bsheet.placements.append(placed)
        if opts.crop_marks:
            xs = [x0 + c * w for c in range(min(used_cols), max(used_cols) + 2)]
            ys = [y0 + r * h for r in range(min(used_rows), max(used_rows) + 2)]
            front.add(*_marks(marks, paper, xs, ys, b))
            if back.children:
                bxs = sorted(paper.width - x for x in xs)
                # A long-edge back page is the front mirrored left to right: so is its room for marks.
                back.add(*_marks(marks, paper.mirrored() if opts.duplex == "long" else paper, bxs, ys, b))
        sheets.append(fsheet)
        if back.children:
            if opts.duplex == "short":
                back.children = [Group(tuple(back.children), rotate(180, paper.width / 2, paper.height / 2))]
            sheets.append(bsheet)
    return sheets


def _marks(memo: dict[tuple[tuple[float, ...], ...], list[Node]], paper: Paper,
           xs: list[float], ys: list[float], bleed: float) -> list[Node]:
    """:func:`crop_marks`, made once for each block shape (every full sheet has the same marks)."""
    key = (tuple(xs), tuple(ys), paper.mark_room)
    if key not in memo:
        memo[key] = crop_marks(paper, xs, ys, bleed)
    return memo[key]


class _Cell:
    """One cell of the sheet: where its trim sits and the clip that keeps bleed only where no neighbour is."""

    __slots__ = ("at", "clip", "kept", "x", "y")

    def __init__(self, x: float, y: float, w: float, h: float, b: float,
                 left: bool, right: bool, top: bool, bottom: bool) -> None:
        self.x, self.y = x, y
        self.at = translate(x, y)
        cx = x - (b if left else 0.0)
        cy = y - (b if top else 0.0)
        cw = w + (b if left else 0.0) + (b if right else 0.0)
        ch = h + (b if top else 0.0) + (b if bottom else 0.0)
        self.clip = Rect(cx, cy, cw, ch)
        self.kept: dict[str, Group] = {}

    def place(self, ref: str, keep: bool = False) -> Group:
        """A face placed in this cell, clipped to it. ``keep``: remember it, for a back every piece shares."""
        if not keep:
            return Group((Use(ref, self.at),), clip=self.clip)
        group = self.kept.get(ref)
        if group is None:
            group = self.kept[ref] = Group((Use(ref, self.at),), clip=self.clip)
        return group
