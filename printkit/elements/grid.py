"""The `grid` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node, Paint, Path, Rect, Segment
from printkit.elements import ElementType, register
from printkit.elements._edges import EDGES_DOC, SQUARE_DIRECTIONS, EdgeStyle, Link, edge_paint, link_path, parse_edges
from printkit.elements._shared import _label, _paint
from printkit.modelbase import ElementBase, Num, Point

if TYPE_CHECKING:
    from printkit.game import DrawContext


class GridElement(ElementBase):
    """A grid of spaces: rows x cols square cells, optionally numbered or labelled chess-style.

    Several grids in one layout make composite boards; give each its first column letter
    and they label as one board (ranks count from the bottom of each grid).
    """

    type: Literal["grid"] = Field(description="Element type: `grid`.")
    x: Num = Field(0, description="Left of the grid.")
    y: Num = Field(0, description="Top of the grid.")
    rows: int = Field(description="Number of rows (ranks).", ge=1, le=200)
    cols: int = Field(description="Number of columns.", ge=1, le=200)
    cell: Num = Field(description="Side of one square cell.")
    space: Literal["square", "circle"] = Field("square", description="Draw each space as a square or a circle.")
    fill: str | None = Field(None, description="Fill of each space.")
    stroke: str | None = Field("black", description="Outline colour of each space.")
    width: Num = Field(0.4, description="Outline width.")
    mode: Literal["cells", "checkerboard", "points"] = Field(
        "cells", description="cells: every cell a space; checkerboard: cells alternately `fill` and `alt_fill`; "
        "points: the spaces are the crossings of `rows` x `cols` lines `cell` apart (go), (`x`, `y`) the top-left one."
    )
    alt_fill: str | None = Field(
        None, description="Checkerboard: fill of every other cell, starting with the bottom-left one (a1 on a chess board)."
    )
    stars: str = Field(
        "", description='Points: star points (hoshi) as "col,row col,row ..." counted from 0 at the top left, or '
        '"go" for the usual ones of a 9, 13 or 19 line board.'
    )
    star_size: Num | None = Field(None, description="Diameter of a star point; omitted: a quarter of `cell`.")
    labels: Literal["none", "numbers", "chess", "coords"] = Field(
        "none", description="numbers: 1..n row by row inside the spaces; chess: column labels below (or `col_side`), "
        "row labels beside (`rank_side`), outside the board's edge; coords: each space's own label inside it, "
        'from `label_format` ("{col}{row}": A1, B1 ...; with `col_labels = "01"`, `row_labels = "01"`: 0101).'
    )
    number_from: int = Field(1, description="First number when labels = numbers.")
    first_col: str = Field(
        "A", description='First column label when labels = chess: a letter, kept as written ("a" gives a, b, c ...), '
        'or a whole number ("1").', min_length=1, max_length=4,
    )
    cols_from: Literal["left", "right"] = Field("left", description="Side of the column labelled `first_col`.")
    skip: str = Field("", description='Letters column labels never use, e.g. "I" (go boards skip I).', max_length=26)
    first_row: int = Field(1, description="Label of the first row when labels = chess (a whole number).")
    rows_from: Literal["bottom", "top"] = Field("bottom", description="Row counted first: bottom (ranks) or top.")
    row_letters: bool = Field(False, description="Label rows with letters (from `first_row` = 1 as A) instead of numbers.")
    rank_side: Literal["left", "right", "both", "none"] = Field(
        "left", description="Where row labels go when labels = chess."
    )
    col_side: Literal["bottom", "top", "both", "none"] = Field(
        "bottom", description="Where column labels go when labels = chess."
    )
    col_labels: LabelSpec | None = Field(
        None, description='Column labels, left to right: the first ("1"; "01" pads to two digits; "A", "a") or a '
        "list of labels; omitted: `first_col`."
    )
    row_labels: LabelSpec | None = Field(
        None, description="Row labels in the order rows are counted (`rows_from`): the first label or a list; "
        "omitted: `first_row` (or `row_letters`)."
    )
    label_skip: list[str] = Field([], description='Labels never used on either axis, e.g. ["I"] or ["13"].')
    label_format: str = Field(
        "{col}{row}", description='The label of a space when labels = coords: `{col}` and `{row}` are its column and '
        'row labels, e.g. "{row}-{col}".'
    )
    label_offset: Point = Field((0, 0), description="Shift [dx, dy] (mm) of every label from its place.")
    edges: dict[str, str] = Field({}, description=EDGES_DOC.replace('"2,3"', '"0,2"') + " Cells are "
                                  '"col,row" from 0 at the top left; directions n, e, s, w.')
    edge_styles: dict[str, EdgeStyle] = Field({}, description="Named styles of edges and links: "
                                              '{ wall = { stroke = "ink", width = 1.5 } }.')
    links: list[Link] = Field([], description='Lines between cells ("col,row" from 0 at the top left): '
                              '[{ cells = ["0,0", "3,3"], route = "cells" }].')
    label_size: Num = Field("9pt", description="Label font size.")
    label_fill: str = Field("black", description="Label colour.")
    label_bold: bool = Field(False, description="Bold labels.")
    space_size: Num | None = Field(
        None, description="Diameter of a circle space; omitted: 84% of `cell`."
    )
    rings: list[Num] = Field(
        [], description="Radii of extra outlines drawn around each circle space, beneath it "
        "(layers around a spot; a radius of half the cell meets the neighbours' rings)."
    )
    ring_stroke: str = Field("black", description="Colour of the `rings`.")
    ring_width: Num = Field(0.4, description="Line width of the `rings`.")


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
GO_STARS = {9: (2, 4, 6), 13: (3, 6, 9), 19: (3, 9, 15)}


def letter_labels(first: str, n: int, skip: str = "") -> list[str]:
    """``n`` labels from the letter ``first`` (its case kept), leaving out ``skip``; after the last
    letter come pairs (AA, AB, ...), as in spreadsheets. ValueError if ``first`` is not a usable letter."""
    alphabet = [c for c in LETTERS if c not in skip.upper()]
    if first.upper() not in alphabet:
        raise ValueError("a letter not in `skip`, or a whole number")
    start = alphabet.index(first.upper())
    out = []
    for k in range(start, start + n):
        label, k2 = "", k
        while True:
            label = alphabet[k2 % len(alphabet)] + label
            k2 = k2 // len(alphabet) - 1
            if k2 < 0:
                break
        out.append(label.lower() if first.islower() else label)
    return out


LabelSpec = str | list[str]
"""How an axis is labelled: its first label (a whole number, zero-padded as written, or a letter) or a list."""
SPEC_EXPECTED = ('a first label: a whole number ("1"; "01" pads to two digits), a letter ("A", "a"), '
                 "or a list of labels")
MAX_LABEL = 20
"""Longest label in a list of axis labels."""


def sequence(spec: LabelSpec, n: int, skip: Sequence[str] = ()) -> list[str]:
    """``n`` labels along an axis. ``spec``: a whole number, the first label ("1" gives 1, 2, ...; "01"
    gives 01, 02, ... 10: leading zeros pad every label to the width written), a letter ("A" or "a",
    then AA, AB ... after Z), or a list of labels (a custom sequence). Labels in ``skip`` are left
    out (a letter skipped is left out of the alphabet: "I" on a go board). ValueError if not usable."""
    skipped = list(skip)
    if isinstance(spec, list):
        labels = [str(v) for v in spec if str(v) not in skipped]
        if len(labels) < n:
            raise ValueError(f"a list of at least {n} labels (one per column or row; {len(labels)} given)")
        return labels[:n]
    text = spec.strip()
    if len(text) > MAX_LABEL:
        raise ValueError(f"a first label of at most {MAX_LABEL} characters (a whole number or a letter)")
    digits = text.lstrip("-")
    if digits.isdigit() and text.count("-") <= 1 and (text == digits or text.startswith("-")):
        start, width = int(text), len(digits) if digits.startswith("0") and len(digits) > 1 else 0
        out: list[str] = []
        k = start
        while len(out) < n:
            label = ("-" if k < 0 else "") + str(abs(k)).zfill(width)
            if label not in skipped:
                out.append(label)
            k += 1
        return out
    if len(text) == 1 and text.upper() in LETTERS:
        letters = "".join(s for s in skipped if len(s) == 1)
        words = [s for s in skipped if len(s) > 1]
        labels = letter_labels(text, n + len(words), letters)
        return [w for w in labels if w not in words][:n]
    raise ValueError(SPEC_EXPECTED)


def column_labels(el: GridElement) -> list[str]:
    """The column labels, left to right."""
    if el.col_labels is not None:
        labels = sequence(el.col_labels, el.cols, [*el.label_skip, *el.skip])
    elif el.first_col.lstrip("-").isdigit():
        labels = [str(int(el.first_col) + c) for c in range(el.cols)]
    else:
        labels = letter_labels(el.first_col, el.cols, el.skip)
    return labels[::-1] if el.cols_from == "right" else labels


def row_labels(el: GridElement) -> list[str]:
    """The row labels, top to bottom."""
    if el.row_labels is not None:
        labels = sequence(el.row_labels, el.rows, el.label_skip)
    else:
        labels = (letter_labels(LETTERS[(el.first_row - 1) % 26], el.rows) if el.row_letters
                  else [str(el.first_row + r) for r in range(el.rows)])
    return labels[::-1] if el.rows_from == "bottom" else labels


_CELL = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")


def _cell(el: GridElement, ctx: DrawContext, key: str, where: str) -> tuple[int, int]:
    m = _CELL.match(key)
    if not m or int(m.group(1)) >= el.cols or int(m.group(2)) >= el.rows:
        raise ctx.fail(where, f'a cell of the grid as "col,row" (columns 0 to {el.cols - 1}, rows 0 to {el.rows - 1})',
                       key)
    return int(m.group(1)), int(m.group(2))


def square_line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells a straight line from the centre of ``a`` to the centre of ``b`` passes, in order, one step
    (across or diagonal) at a time."""
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    out: list[tuple[int, int]] = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        cell = (math.floor(a[0] + (b[0] - a[0]) * t + 0.5 - 1e-9), math.floor(a[1] + (b[1] - a[1]) * t + 0.5 - 1e-9))
        if not out or out[-1] != cell:
            out.append(cell)
    return out


def _edges_and_links(el: GridElement, ctx: DrawContext, x0: float, y0: float, cell: float, points: bool) -> list[Node]:
    half = 0.0 if points else 0.5
    out: list[Node] = []
    for key, text in el.edges.items():
        c, r = _cell(el, ctx, key, f"edges.{key}")
        try:
            parsed = parse_edges(text, SQUARE_DIRECTIONS)
        except ValueError as exc:
            raise ctx.fail(f"edges.{key}", str(exc), text) from None
        left, top = x0 + (c + half - 0.5) * cell, y0 + (r + half - 0.5) * cell
        ends = {"n": ((left, top), (left + cell, top)), "e": ((left + cell, top), (left + cell, top + cell)),
                "s": ((left, top + cell), (left + cell, top + cell)), "w": ((left, top), (left, top + cell))}
        for direction, name in parsed:
            (ax, ay), (bx, by) = ends[direction]
            out.append(Path((("M", ax, ay), ("L", bx, by)), edge_paint(name, el.edge_styles, ctx, f"edges.{key}")))
    for i, link in enumerate(el.links):
        route: list[tuple[int, int]] = []
        for j, key in enumerate(link.cells):
            target = _cell(el, ctx, key, f"links[{i}].cells[{j}]")
            route += square_line(route[-1], target)[1:] if route and link.route == "cells" else [target]
        pts = [(x0 + (c + half) * cell, y0 + (r + half) * cell) for c, r in route]
        out.append(link_path(pts, edge_paint(link.style, el.edge_styles, ctx, f"links[{i}].style")))
    return out


def _axis_labels(el: GridElement, ctx: DrawContext) -> tuple[list[str], list[str]]:
    """The column labels (left to right) and row labels (top to bottom); a bad spec is a data error."""
    try:
        cols = column_labels(el)
    except ValueError as exc:
        key = "col_labels" if el.col_labels is not None else "first_col"
        raise ctx.fail(key, str(exc), getattr(el, key)) from None
    try:
        rows = row_labels(el)
    except ValueError as exc:
        raise ctx.fail("row_labels", str(exc), el.row_labels) from None
    return cols, rows


def star_points(el: GridElement) -> list[tuple[int, int]]:
    """Star points (col, row) from the top left; ValueError if they are not on the board."""
    text = el.stars.strip()
    if not text:
        return []
    if text == "go":
        if el.rows != el.cols or el.rows not in GO_STARS:
            raise ValueError('"go" stars on a board of 9 x 9, 13 x 13 or 19 x 19 lines')
        marks = GO_STARS[el.rows]
        if el.rows == 9:
            return [(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
        return [(c, r) for r in marks for c in marks]
    out = []
    for word in text.split():
        parts = word.split(",")
        if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
            raise ValueError('star points as "col,row col,row ..." or "go"')
        c, r = int(parts[0]), int(parts[1])
        if not (0 <= c < el.cols and 0 <= r < el.rows):
            raise ValueError(f"star points on the board (columns 0 to {el.cols - 1}, rows 0 to {el.rows - 1})")
        out.append((c, r))
    return out


def _grid(el: GridElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x0, y0, cell = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h), ctx.length(el.cell, "cell")
    paint = _paint(ctx, el.fill, el.stroke, el.width)
    size = ctx.length(el.label_size, "label_size")
    lfill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    ox, oy = ctx.length(el.label_offset[0], "label_offset"), ctx.length(el.label_offset[1], "label_offset")
    radius = ctx.length(el.space_size, "space_size") / 2 if el.space_size is not None else cell * 0.42
    rings = sorted((ctx.length(v, f"rings[{i}]") for i, v in enumerate(el.rings)), reverse=True)
    ring_paint = Paint(stroke=ctx.colour(el.ring_stroke, "ring_stroke"), width=ctx.length(el.ring_width, "ring_width"))
    out: list[Node] = []
    points = el.mode == "points"
    if points:
        out += _points(el, ctx, x0, y0, cell, paint)
    else:
        alt = _paint(ctx, el.alt_fill, el.stroke, el.width) if el.mode == "checkerboard" else paint
        for r in range(el.rows):
            for c in range(el.cols):
                cx, cy = x0 + c * cell, y0 + r * cell
                p = alt if (c + el.rows - 1 - r) % 2 == 0 else paint
                if el.space == "circle":
                    out += [Circle(cx + cell / 2, cy + cell / 2, rr, ring_paint) for rr in rings]
                    out.append(Circle(cx + cell / 2, cy + cell / 2, radius, p))
                else:
                    out.append(Rect(cx, cy, cell, cell, p))
                if el.labels == "numbers":
                    out.append(_label(cx + cell / 2 + ox, cy + cell / 2 + oy, str(el.number_from + r * el.cols + c),
                                      size, lfill, el.label_bold))
    out += _edges_and_links(el, ctx, x0, y0, cell, points)
    if el.labels in ("chess", "coords"):
        cols, rows = _axis_labels(el, ctx)
    if el.labels == "coords":
        half = 0.0 if points else 0.5
        for r in range(el.rows):
            for c in range(el.cols):
                sub = ctx.with_values({"col": cols[c], "row": rows[r]})
                out.append(_label(x0 + (c + half) * cell + ox, y0 + (r + half) * cell + oy,
                                  sub.text(el.label_format, "label_format"), size, lfill, el.label_bold))
    if el.labels == "chess":
        # spaces sit in cells, or on the lines' crossings (points): where a column's or row's label goes
        half = 0.0 if points else 0.5
        span_x, span_y = (el.cols - 1, el.rows - 1) if points else (el.cols, el.rows)
        gap = cell / 2 + size * 1.1 if points else size * 1.1  # outside the board's fill in points mode
        sides = {"bottom": [y0 + span_y * cell + gap], "top": [y0 - gap], "none": []}
        sides["both"] = sides["bottom"] + sides["top"]
        for ly in sides[el.col_side]:
            for c in range(el.cols):
                out.append(_label(x0 + (c + half) * cell + ox, ly + oy, cols[c], size, lfill, el.label_bold))
        xs = {"left": [x0 - gap], "right": [x0 + span_x * cell + gap], "none": []}
        xs["both"] = xs["left"] + xs["right"]
        order = range(el.rows - 1, -1, -1) if el.rows_from == "bottom" else range(el.rows)  # first label first
        for lx in xs[el.rank_side]:
            for r in order:
                out.append(_label(lx + ox, y0 + (r + half) * cell + oy, rows[r], size, lfill, el.label_bold))
    return out


def _points(el: GridElement, ctx: DrawContext, x0: float, y0: float, cell: float, paint: Paint) -> list[Node]:
    """A go board: lines through the spaces, the board's fill half a cell beyond the outer lines, star points."""
    x1, y1 = x0 + (el.cols - 1) * cell, y0 + (el.rows - 1) * cell
    out: list[Node] = []
    if paint.fill:
        out.append(Rect(x0 - cell / 2, y0 - cell / 2, x1 - x0 + cell, y1 - y0 + cell, Paint(fill=paint.fill)))
    segs: list[Segment] = []
    for r in range(el.rows):
        segs += [("M", x0, y0 + r * cell), ("L", x1, y0 + r * cell)]
    for c in range(el.cols):
        segs += [("M", x0 + c * cell, y0), ("L", x0 + c * cell, y1)]
    line = Paint(stroke=paint.stroke, width=paint.width)
    out.append(Path(tuple(segs), line))
    try:
        stars = star_points(el)
    except ValueError as exc:
        raise ctx.fail("stars", str(exc), el.stars) from None
    d = ctx.length(el.star_size, "star_size") if el.star_size is not None else cell / 4
    out += [Circle(x0 + c * cell, y0 + r * cell, d / 2, Paint(fill=paint.stroke or "#000000")) for c, r in stars]
    return out


register(ElementType("grid", GridElement, _grid,
                     example='{ type = "grid", x = 16, y = 3, rows = 4, cols = 4, cell = 7.5, mode = "checkerboard", fill = "paper", alt_fill = "sky", labels = "chess", first_col = "a", label_size = "5pt" }'))
