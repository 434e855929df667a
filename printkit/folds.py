"""Where a board folds: along lines that run between its play spaces, never through one.

A board's play spaces come from its layout elements: the cells or round spaces of a
``grid``, the spaces of a ``ring`` and a ``track``, the cells of a ``polyform`` and the
whole pattern of a ``flower`` (its fields touch one another, so no line crosses it
between fields); elements inside a ``repeat`` count at every copy. Each space is kept
as its bounding box; a fold line may touch a box's edge (two cells of a grid share it)
but not cross its inside.

:func:`fold_candidates` finds, along one side of the board, the free lines within the
middle half of that side (one per gap between spaces, or an edge two touching spaces
share) and how much room each leaves. :func:`plan_folds` turns a board's ``folds``
setting into fold lines: one across the long side for ``half``, one more across the
short side for ``quarters``, and for ``auto`` as few as make the folded board fit a
given size (the lid box floor). Among the candidates it prefers a folded board that
fits, then lines clear of the spaces by 2 mm, then lines near the middle. Everything
is plain geometry in mm, tested without drawing.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from printkit import lattice
from printkit.drawing import arc_point
from printkit.faces import cell_centre
from printkit.game import DrawContext, Game
from printkit.polyform import parse_cell_list, parse_cells

Box = tuple[float, float, float, float]
"""A space's extent: (x0, y0, x1, y1) in mm, on the board."""

EPS = 1e-6


@dataclass(frozen=True)
class Fold:
    """One fold line across the board: vertical (``x`` = at) or horizontal (``y`` = at)."""

    vertical: bool
    at: float

    def line(self, w: float, h: float) -> tuple[float, float, float, float]:
        return (self.at, 0.0, self.at, h) if self.vertical else (0.0, self.at, w, self.at)


class NoFold(ValueError):
    """No line across the middle half of a side runs between the play spaces."""


def play_spaces(game: Game, elements: Iterable[tuple[str, Any]], ctx: DrawContext, w: float, h: float,
                shift: tuple[float, float] = (0.0, 0.0)) -> list[Box]:
    """The bounding boxes of the play spaces the ``elements`` of a layout draw on a w x h piece."""
    out: list[Box] = []
    sx, sy = shift
    for path, el in elements:
        sub = ctx.at(path) if path else ctx
        if not sub.truthy(el.when, "when"):
            continue
        kind = el.type
        if kind == "grid":
            x0, y0, cell = sub.length(el.x, "x", w), sub.length(el.y, "y", h), sub.length(el.cell, "cell")
            r = (sub.length(el.space_size, "space_size") / 2 if el.space_size is not None else cell * 0.42) \
                if el.space == "circle" else cell / 2
            for row in range(el.rows):
                for col in range(el.cols):
                    cx, cy = x0 + (col + 0.5) * cell, y0 + (row + 0.5) * cell
                    out.append((cx - r, cy - r, cx + r, cy + r))
        elif kind == "ring":
            cx, cy, r = sub.length(el.cx, "cx", w), sub.length(el.cy, "cy", h), sub.length(el.r, "r")
            d = sub.length(el.space, "space") / 2
            start = sub.number(el.start, "start")
            for i in range(el.count):
                x, y = arc_point(cx, cy, r, start + i * 360.0 / el.count)
                out.append((x - d, y - d, x + d, y + d))
        elif kind == "track":
            x0, y0, cell = sub.length(el.x, "x", w), sub.length(el.y, "y", h), sub.length(el.cell, "cell")
            half = (sub.length(el.space, "space") if el.space is not None else cell * 0.88) / 2
            centres = [cell_centre(x0, y0, cell, c, r) for c, r in parse_cell_list(sub.text(el.cells, "cells"))]
            out += [(x - half, y - half, x + half, y + half) for x, y in centres]
            if el.arrows and len(centres) > 1:
                # The arrows between spaces show the way round: a fold through one would crease it away.
                pairs = list(zip(centres, centres[1:]))
                if el.loop and len(centres) > 2:
                    pairs.append((centres[-1], centres[0]))
                a = sub.length(el.arrow_size, "arrow_size") / 2
                out += [((p[0] + q[0]) / 2 - a, (p[1] + q[1]) / 2 - a, (p[0] + q[0]) / 2 + a, (p[1] + q[1]) / 2 + a)
                        for p, q in pairs]
        elif kind == "polyform":
            x0, y0, cell = sub.length(el.x, "x", w), sub.length(el.y, "y", h), sub.length(el.cell, "cell")
            if el.grid_cols and el.grid_rows:
                out.append((x0, y0, x0 + el.grid_cols * cell, y0 + el.grid_rows * cell))
            else:
                for c, r in parse_cells(sub.text(el.cells, "cells")):
                    out.append((x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell))
        elif kind == "flower":
            cx, cy, s = sub.length(el.cx, "cx", w), sub.length(el.cy, "cy", h), sub.length(el.spacing, "spacing")
            fields = lattice.region(lattice.disk_points(el.rings))
            x0, y0, x1, y1 = lattice.bounds(fields, s)
            # Turned by `rotate`: the circle through the pattern's far corners holds it either way.
            r = max(abs(x0), abs(y0), abs(x1), abs(y1)) if sub.number(el.rotate, "rotate") else 0.0
            out.append((cx - r, cy - r, cx + r, cy + r) if r else (cx + x0, cy + y0, cx + x1, cy + y1))
        elif kind == "repeat":
            records = game.data.sets.get(el.set) or []
            dx, dy = sub.length(el.dx, "dx"), sub.length(el.dy, "dy")
            for i, record in enumerate(records):
                values = {**sub.values, el.set: record, "repeat": {"index": i + 1}}
                inner = DrawContext(game, sub.variant, sub.where, values)
                out += play_spaces(game, [(f"{sub.where}.elements[{j}]", child) for j, child in enumerate(el.elements)],
                                   inner, w, h, (i * dx, i * dy))
    return [(a + sx, b + sy, c + sx, d + sy) for a, b, c, d in out]


CLEAR = 2.0
"""Room (mm) on each side of a fold that counts as fully clear of the play spaces; less is still allowed."""


def free_stretches(spaces: Sequence[Box], vertical: bool, length: float) -> list[tuple[float, float]]:
    """The stretches (from, to) along one side of the board (vertical: along x; else y) that no space covers:
    a line across the board anywhere in one runs between the spaces. Two spaces that only touch leave a
    stretch of no length (a grid line two cells share); the board's margins are stretches too."""
    spans = sorted((s[0], s[2]) if vertical else (s[1], s[3]) for s in spaces)
    spans = [(a, b) for a, b in spans if b > 0 and a < length]
    free: list[tuple[float, float]] = []
    reach = 0.0
    for a, b in spans:
        if a >= reach - EPS:
            free.append((reach, max(reach, a)))
        reach = max(reach, b)
    free.append((reach, max(reach, length)))
    return free


def tile_spans(length: float, page: float, overlap: float,
               free: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float]]:
    """The tiles (start, length) that cover ``length`` mm with pages of ``page`` mm, neighbours overlapping by
    ``overlap``. Each seam (the middle of an overlap, where a tile's cut edge is laid over its neighbour) goes
    on a line between the play spaces (``free``, see :func:`free_stretches`): clear of them by :data:`CLEAR` mm
    where it can, else touching, as far along as the page allows; a tile then prints less than a whole page.
    With no free line in reach the page is used whole and the seam falls where it falls (the ``folds`` check
    reports it). Every tile advances by at least half a page."""
    if length <= page + EPS:
        return [(0.0, length)]
    out: list[tuple[float, float]] = []
    start = 0.0
    half = overlap / 2
    while start + page < length - EPS:
        low, high = start + page / 2, start + page - half
        best: tuple[int, float, float] | None = None  # (fewer tiles after it, clearance up to CLEAR, seam)
        for a, b in free:
            if b < low - EPS or a > high + EPS:
                continue
            at = min(max((a + b) / 2, low), high)
            after = math.ceil(max(length - (at - half) - page, 0.0) / (page - overlap) - EPS)
            key = (-after, min(at - a, b - at, CLEAR), at)
            best = key if best is None or key > best else best
        seam = best[2] if best is not None else high
        out.append((start, seam + half - start))
        start = seam - half
    out.append((start, length - start))
    return out


def seams(spans: Sequence[tuple[float, float]], overlap: float) -> list[float]:
    """Where the tiles of :func:`tile_spans` meet: the middle of each overlap."""
    return [start + overlap / 2 for start, _ in spans[1:]]


TILE_LABEL = 6.4
"""Room (mm) kept at the foot of each tile page's printable area for the tile's label."""


def tiling(w: float, h: float, pw: float, ph: float, overlap: float, spaces: Sequence[Box]
           ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]] | None:
    """How a w x h board is tiled on pages whose printable area is pw x ph: its columns and rows (start,
    length), or None when it prints whole (turned a quarter if that is what fits)."""
    if (w <= pw + EPS and h <= ph + EPS) or (h <= pw + EPS and w <= ph + EPS):
        return None
    return (tile_spans(w, pw, overlap, free_stretches(spaces, True, w)),
            tile_spans(h, ph - TILE_LABEL, overlap, free_stretches(spaces, False, h)))


def fold_candidates(spaces: Sequence[Box], vertical: bool, length: float) -> list[tuple[float, float]]:
    """Lines across the board (vertical: at x; else at y) that run between the spaces, within the middle half
    of ``length``: one in the middle of each free stretch, with the room it leaves on either side (its
    clearance). Spans that only touch leave a free
    line of clearance 0 (two cells of a grid share an edge); overlapping spans leave none."""
    free = free_stretches(spaces, vertical, length)
    lo, hi = length / 4, 3 * length / 4
    out = []
    for a, b in free:
        if b < lo or a > hi:
            continue
        at = min(max((a + b) / 2, lo), hi)
        out.append((round(at, 3), round(min(at - a, b - at), 3)))
    return out


def fold_at(spaces: Sequence[Box], vertical: bool, length: float) -> float:
    """The best single line across the board between the spaces: clear by :data:`CLEAR` mm if any is, then
    nearest the middle. Raises :class:`NoFold` when no line in the middle half runs between the spaces."""
    cands = fold_candidates(spaces, vertical, length)
    if not cands:
        raise NoFold("no line across the middle half of the board runs between its play spaces")
    return min(cands, key=lambda c: (-min(c[1], CLEAR), abs(c[0] - length / 2)))[0]


def parts(folds: Sequence[Fold], w: float, h: float) -> tuple[float, float, int]:
    """The folded board's footprint (its largest part: width, height) and the number of parts."""
    xs = sorted([0.0, w, *(f.at for f in folds if f.vertical)])
    ys = sorted([0.0, h, *(f.at for f in folds if not f.vertical)])
    pw = max(b - a for a, b in itertools.pairwise(xs))
    ph = max(b - a for a, b in itertools.pairwise(ys))
    return pw, ph, (len(xs) - 1) * (len(ys) - 1)


def fits(w: float, h: float, limit: tuple[float, float]) -> bool:
    """Does a w x h piece lie on a floor of ``limit`` (short side, long side), turned if need be?"""
    return min(w, h) <= limit[0] + EPS and max(w, h) <= limit[1] + EPS


def plan_folds(spaces: Sequence[Box], w: float, h: float, mode: str,
               limit: tuple[float, float] | None = None) -> list[Fold]:
    """The fold lines for a board's ``folds`` setting: none, half (across the long side), quarters (and across
    the short side), or auto (the fewest of those whose folded board fits ``limit``; none without a limit)."""
    long_vertical = w >= h
    if mode == "auto":
        if limit is None or fits(w, h, limit):
            return []
        for how in ("half", "quarters"):
            folds = plan_folds(spaces, w, h, how, limit)
            pw, ph, _ = parts(folds, w, h)
            if fits(pw, ph, limit):
                return folds
        return plan_folds(spaces, w, h, "quarters", limit)  # the caller reports it too large
    if mode == "none":
        return []
    sides = [long_vertical] if mode == "half" else [long_vertical, not long_vertical]
    options: list[list[tuple[Fold, float]]] = []
    for vertical in sides:
        length = w if vertical else h
        cands = fold_candidates(spaces, vertical, length)
        if not cands:
            raise NoFold("no line across the middle half of the board runs between its play spaces")
        options.append([(Fold(vertical, at), clear) for at, clear in cands])

    def key(combo: tuple[tuple[Fold, float], ...]) -> tuple[bool, float, float]:
        # Folded small enough for the box first, then clear of the spaces, then near the middles.
        folds = [f for f, _ in combo]
        pw, ph, _ = parts(folds, w, h)
        off = sum(abs(f.at - (w if f.vertical else h) / 2) for f in folds)
        return (limit is not None and not fits(pw, ph, limit), -sum(min(c, CLEAR) for _, c in combo), off)

    best = min(itertools.product(*options), key=key)
    return [f for f, _ in best]


def board_seams(spaces: Sequence[Box], w: float, h: float, papers: Sequence[str], margin: float,
                overlap: float) -> list[tuple[str, str, float]]:
    """Where the tiles of a w x h board meet on each of ``papers``: (paper, "x" or "y", position in mm)."""
    from printkit.papers import paper_size

    out: list[tuple[str, str, float]] = []
    for name in papers:
        pw, ph = paper_size(name)
        planned = tiling(w, h, pw - 2 * margin, ph - 2 * margin, overlap, spaces)
        if planned is not None:
            out += [(name, "x", at) for at in seams(planned[0], overlap)]
            out += [(name, "y", at) for at in seams(planned[1], overlap)]
    return out
