"""Polyforms on the square grid: cells, their free (rotation/reflection) canonical form, connectivity.

Cells are written in data as ``"x,y x,y ..."`` (column, row; row grows downwards),
e.g. the F pentomino is ``"1,0 2,0 0,1 1,1 1,2"``. Shape cards, pieces and the proof
all read cells through this module, so they agree on what a shape is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

Cell = tuple[int, int]
_CELL = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def parse_cells(text: str) -> frozenset[Cell]:
    """``"0,0 1,0 1,1"`` -> {(0, 0), (1, 0), (1, 1)}; raises ValueError naming the bad cell."""
    return frozenset(parse_cell_list(text))


def parse_cell_list(text: str) -> list[Cell]:
    """Like :func:`parse_cells` but keeps the written order (a track is a path, not a set)."""
    cells = []
    for part in text.split():
        m = _CELL.match(part)
        if not m:
            raise ValueError(f'cells as "x,y x,y ..." (bad cell "{part}")')
        cells.append((int(m.group(1)), int(m.group(2))))
    if not cells:
        raise ValueError('at least one cell, as "x,y x,y ..."')
    if len(set(cells)) != len(cells):
        raise ValueError("each cell once")
    return cells


def format_cells(cells: Iterable[Cell]) -> str:
    return " ".join(f"{x},{y}" for x, y in sorted(cells, key=lambda c: (c[1], c[0])))


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Shift so the smallest x and y are 0."""
    cells = list(cells)
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def orientations(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The 8 images under rotation and reflection, normalised (duplicates kept out)."""
    out: list[frozenset[Cell]] = []
    cur = list(cells)
    for _ in range(4):
        cur = [(-y, x) for x, y in cur]
        for shape in (cur, [(-x, y) for x, y in cur]):
            n = normalise(shape)
            if n not in out:
                out.append(n)
    return out


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """One representative of the free polyform: the smallest sorted cell tuple of its 8 images."""
    return min(tuple(sorted(o)) for o in orientations(cells))


def canonical_one_sided(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """One representative under rotation only (a mirror image is another one-sided polyform)."""
    cur = list(cells)
    images = []
    for _ in range(4):
        cur = [(-y, x) for x, y in cur]
        images.append(tuple(sorted(normalise(cur))))
    return min(images)


def connected(cells: Iterable[Cell]) -> bool:
    """True when every cell can be reached from every other through shared edges."""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def fits(cells: Iterable[Cell], cols: int, rows: int) -> bool:
    """Can some rotation or reflection of the shape lie on a ``cols`` x ``rows`` board?"""
    for o in orientations(cells):
        w = max(x for x, _ in o) + 1
        h = max(y for _, y in o) + 1
        if w <= cols and h <= rows:
            return True
    return False
