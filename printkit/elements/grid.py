"""The `grid` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from printkit.drawing import Circle, Node, Paint, Path, Rect, Segment
from printkit.elements import ElementType, register
from printkit.elements._shared import _label, _paint
from printkit.modelbase import ElementBase, Num

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
    labels: Literal["none", "numbers", "chess"] = Field(
        "none", description="numbers: 1..n row by row inside the spaces; chess: column labels below (or `col_side`), "
        "row labels beside (`rank_side`)."
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


def column_labels(el: GridElement) -> list[str]:
    """The column labels, left to right."""
    if el.first_col.lstrip("-").isdigit():
        labels = [str(int(el.first_col) + c) for c in range(el.cols)]
    else:
        labels = letter_labels(el.first_col, el.cols, el.skip)
    return labels[::-1] if el.cols_from == "right" else labels


def row_labels(el: GridElement) -> list[str]:
    """The row labels, top to bottom."""
    labels = (letter_labels(LETTERS[(el.first_row - 1) % 26], el.rows) if el.row_letters
              else [str(el.first_row + r) for r in range(el.rows)])
    return labels[::-1] if el.rows_from == "bottom" else labels


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
                    out.append(_label(cx + cell / 2, cy + cell / 2, str(el.number_from + r * el.cols + c), size, lfill,
                                      el.label_bold))
    if el.labels == "chess":
        try:
            cols = column_labels(el)
        except ValueError as exc:
            raise ctx.fail("first_col", str(exc), el.first_col) from None
        rows = row_labels(el)
        # spaces sit in cells, or on the lines' crossings (points): where a column's or row's label goes
        half = 0.0 if points else 0.5
        span_x, span_y = (el.cols - 1, el.rows - 1) if points else (el.cols, el.rows)
        gap = cell / 2 + size * 1.1 if points else size * 1.1  # outside the board's fill in points mode
        sides = {"bottom": [y0 + span_y * cell + gap], "top": [y0 - gap], "none": []}
        sides["both"] = sides["bottom"] + sides["top"]
        for ly in sides[el.col_side]:
            for c in range(el.cols):
                out.append(_label(x0 + (c + half) * cell, ly, cols[c], size, lfill))
        xs = {"left": [x0 - gap], "right": [x0 + span_x * cell + gap], "none": []}
        xs["both"] = xs["left"] + xs["right"]
        order = range(el.rows - 1, -1, -1) if el.rows_from == "bottom" else range(el.rows)  # first label first
        for lx in xs[el.rank_side]:
            for r in order:
                out.append(_label(lx, y0 + (r + half) * cell, rows[r], size, lfill))
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
