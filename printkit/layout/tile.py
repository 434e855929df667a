"""The tile engine: a board printed whole when it fits, else tiled across pages.

A board that fits the printable area (turned 90 degrees if that helps) prints on
one page with crop marks at its corners. A larger board is cut into tiles that
overlap by ``print.overlap`` mm: each tile page shows its part of the board, a
label (row letter, column number), alignment crosses in the overlap strips that
meet the same crosses on the neighbouring tile, and a dashed line in the middle
of each strip to cut along. An assembly page shows the whole board small with
the tile grid over it.
"""

from __future__ import annotations

from typing import cast

from printkit.drawing import (
    GUIDE,
    Circle,
    Drawing,
    Group,
    Matrix,
    Node,
    Paint,
    Rect,
    Text,
    Use,
    apply,
    line,
    mat_mul,
    rotate,
    scale,
    translate,
)
from printkit.errors import SettingError
from printkit.folds import TILE_LABEL, tile_spans, tiling
from printkit.layout import Item, LayoutOptions, Paper, Placement, Sheet, renumber
from printkit.layout.grid import crop_marks
from printkit.render.fonts import text_width

CROSS = 4.0  # half-size of an alignment cross (mm)
LABEL = 3.2  # label font size (mm)


def tile_grid(length: float, printable: float, overlap: float) -> list[float]:
    """Start offsets of tiles covering ``length`` with pages of ``printable`` overlapping by ``overlap``
    (whole pages: a board with no play spaces to keep its seams off)."""
    return [start for start, _ in tile_spans(length, printable, overlap)]


FOLD_LINE = Paint(stroke="#000000", width=0.3, dash=(3.0, 2.0))
FOLD_UNDER = Paint(stroke="#ffffff", width=0.6)


def fold_marks(item: Item, region: tuple[float, float, float, float], m: Matrix) -> list[Node]:
    """The board's fold lines (``Art.info["folds"]``, board mm) that cross ``region`` (x, y, w, h), cut to it and
    placed on the page by ``m``: a dashed line over a white one, so it shows on dark art too."""
    x0, y0, rw, rh = region
    out: list[Node] = []
    for fold in cast("list[list[float]]", item.art.info.get("folds") or []):
        ax, ay, bx, by = (float(v) for v in fold)
        if ax == bx and x0 - 1e-9 <= ax <= x0 + rw + 1e-9:  # a vertical fold
            ends = [(ax, max(ay, y0)), (ax, min(by, y0 + rh))]
        elif ay == by and y0 - 1e-9 <= ay <= y0 + rh + 1e-9:  # a horizontal fold
            ends = [(max(ax, x0), ay), (min(bx, x0 + rw), ay)]
        else:
            continue
        (p, q), (r, t) = apply(m, *ends[0]), apply(m, *ends[1])
        out += [line(p, q, r, t, FOLD_UNDER, "fold"), line(p, q, r, t, FOLD_LINE, "fold")]
    return out


def _whole(item: Item, paper: Paper, opts: LayoutOptions) -> Sheet | None:
    _px, _py, pw, ph = paper.printable
    w, h = item.art.front.width, item.art.front.height
    for rotated, (bw, bh) in ((False, (w, h)), (True, (h, w))):
        if bw <= pw + 1e-9 and bh <= ph + 1e-9:
            x, y = (paper.width - bw) / 2, (paper.height - bh) / 2
            m = translate(x, y) if not rotated else mat_mul(translate(x + h, y), rotate(90))
            page = Drawing(paper.width, paper.height)
            page.defs[item.front_ref] = item.art.front
            b = opts.bleed
            page.add(Group((Use(item.front_ref, m),), clip=Rect(x - b, y - b, bw + 2 * b, bh + 2 * b)))
            page.add(*fold_marks(item, (0.0, 0.0, w, h), m))
            if opts.crop_marks:
                page.add(*crop_marks(paper, [x, x + bw], [y, y + bh], b))
            return Sheet(page, [Placement(item.component, item.piece, "front", 0, x, y, bw, bh, item.copy, rotated)],
                         roles=("art", "fold", "guide"))
    return None


def _fitted(x: float, y: float, text: str, size: float, width: float, colour: str, font: str) -> Text:
    """A caption made smaller when it would run past ``width`` (the printable width): it must print."""
    return Text(x, y, text, min(size, size * width / max(text_width(text, font, size), 1e-9)), colour, font, "start",
                "guide")


def _cross(x: float, y: float) -> list[Node]:
    return [line(x - CROSS, y, x + CROSS, y, GUIDE, "guide"), line(x, y - CROSS, x, y + CROSS, GUIDE, "guide"),
            Circle(x, y, CROSS * 0.55, Paint(stroke="#000000", width=0.2), "guide")]


def tile_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _tiles(item: Item, paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    px, py, pw, ph = paper.printable
    w, h = item.art.front.width, item.art.front.height
    ph_art = ph - TILE_LABEL  # the bottom of the printable area keeps the tile's label
    # Each tile must advance by at least half a page, which bounds the number of pages by the
    # board's size (a 2 m board on A4: a few hundred), whatever the overlap asked for.
    room = min(pw, ph_art) / 2
    if room <= 0:
        raise SettingError("print.margin", f"a margin that leaves room to tile a board on {paper.name}",
                           f"{pw:g} x {ph:g} mm printable")
    if opts.overlap > room:
        raise SettingError("print.overlap", f"an overlap of at most half the tile ({room:g} mm on {paper.name})",
                           f"{opts.overlap:g} mm")
    # Seams between the board's play spaces (``Art.info["spaces"]``), as folds are.
    spaces: list[tuple[float, float, float, float]] = item.art.info.get("spaces") or []  # type: ignore[assignment]
    planned = tiling(w, h, pw, ph, opts.overlap, spaces)
    cols, rows = planned if planned is not None else ([(0.0, w)], [(0.0, h)])
    xs, ys = [a for a, _ in cols], [a for a, _ in rows]
    dash = Paint(stroke="#000000", width=0.25, dash=(3.0, 2.0))
    sheets: list[Sheet] = []
    for r, (ty, th) in enumerate(rows):
        for c, (tx, tw) in enumerate(cols):
            page = Drawing(paper.width, paper.height)
            page.defs[item.front_ref] = item.art.front
            # Board point (bx, by) lands at (px + bx - tx, py + by - ty).
            page.add(Group((Use(item.front_ref, translate(px - tx, py - ty)),), clip=Rect(px, py, tw, th)))
            page.add(*fold_marks(item, (tx, ty, tw, th), translate(px - tx, py - ty)))
            marks: list[Node] = []
            # Overlap strips with the right and lower neighbours: crosses at board coordinates both tiles share.
            # Crosses sit on the middle line of each overlap strip, on both tiles. The right (or
            # lower) tile carries that line dashed: cut it there and lay it over its neighbour so
            # the half crosses left on it meet the neighbour's crosses.
            if c + 1 < len(xs):
                sx = (xs[c + 1] + tx + tw) / 2  # middle of the strip, in board mm
                for fy in (0.25, 0.75):
                    marks += _cross(px + sx - tx, py + th * fy)
            if c > 0:
                sx = (tx + xs[c - 1] + cols[c - 1][1]) / 2
                for fy in (0.25, 0.75):
                    marks += _cross(px + sx - tx, py + th * fy)
                marks.append(line(px + sx - tx, py, px + sx - tx, py + th, dash, "guide"))
            if r + 1 < len(ys):
                sy = (ys[r + 1] + ty + th) / 2
                for fx in (0.25, 0.75):
                    marks += _cross(px + tw * fx, py + sy - ty)
            if r > 0:
                sy = (ty + ys[r - 1] + rows[r - 1][1]) / 2
                for fx in (0.25, 0.75):
                    marks += _cross(px + tw * fx, py + sy - ty)
                marks.append(line(px, py + sy - ty, px + tw, py + sy - ty, dash, "guide"))
            marks.append(Rect(px, py, tw, th, Paint(stroke="#000000", width=0.2), "guide"))
            name = tile_name(r, c)
            marks.append(_fitted(px, py + ph - LABEL * 0.4,
                                 f"{item.piece} - tile {name} (row {r + 1} of {len(ys)}, column {c + 1} of {len(xs)}); "
                                 f"overlap {opts.overlap:g} mm: {tile_step(r, c)}", LABEL * 0.7, pw, "#000000", "regular"))
            page.add(*marks)
            sheets.append(Sheet(page, [Placement(item.component, item.piece, "front", 0, px, py, tw, th, item.copy,
                                                  region=(tx, ty, tw, th))], roles=("art", "fold", "guide"), kind="tile"))
    sheets.insert(0, _assembly(item, paper, cols, rows))
    return sheets


def tile_step(row: int, col: int) -> str:
    """What to do with a tile: the first is the base; every other is cut on its dashed line(s) and laid over
    the neighbour(s) it has, to its left and above."""
    sides = [side for side, has in (("to its left", col > 0), ("above", row > 0)) if has]
    if not sides:
        return "the first tile: the others are laid over its edges, so it is not cut"
    lines = "dashed line" if len(sides) == 1 else "dashed lines"
    return f"cut along the {lines}, lay this edge over the tile {' and the tile '.join(sides)} so the crosses meet, glue"


def _assembly(item: Item, paper: Paper, cols: list[tuple[float, float]], rows: list[tuple[float, float]]) -> Sheet:
    px, py, apw, aph = paper.printable
    w, h = item.art.front.width, item.art.front.height
    head = 12.0
    k = min(apw / w, (aph - head) / h)
    ox, oy = px + (apw - w * k) / 2, py + head
    page = Drawing(paper.width, paper.height)
    page.defs[item.front_ref] = item.art.front
    page.add(_fitted(px, py + 6, f"Assembly: {item.piece} in {len(cols) * len(rows)} tiles ({len(rows)} rows x {len(cols)} columns)",
                     5.0, apw, "#000000", "bold"))
    page.add(Group((Use(item.front_ref),), mat_mul(translate(ox, oy), scale(k)), clip=Rect(0, 0, w, h)))
    pen = Paint(stroke="#c00000", width=0.4)
    for r, (ty, th) in enumerate(rows):
        for c, (tx, tw) in enumerate(cols):
            page.add(Rect(ox + tx * k, oy + ty * k, tw * k, th * k, pen, "guide"))
            half = text_width(tile_name(r, c), "bold", 8.0) / 2  # a narrow last tile: its name stays on the paper
            cx = min(max(ox + (tx + tw / 2) * k, px + half), px + apw - half)
            page.add(Text(cx, oy + (ty + th / 2) * k, tile_name(r, c), 8.0, "#c00000", "bold", "middle", "guide"))
    return Sheet(page, [], roles=("art", "fold", "guide"), kind="assembly")


def tile(items: list[Item], paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    sheets: list[Sheet] = []
    for item in items:
        whole = _whole(item, paper, opts)
        sheets += [whole] if whole is not None else _tiles(item, paper, opts)
    renumber(sheets)
    return sheets
