"""Hex map coordinates (``printkit/elements/hexgrid.py``: ``to_offset``, ``from_offset``, ``label``,
``parse_coord``): the cases the mutation run (issue 28, target ``hexcoords``) found untested. Pure
functions, in-process.

The offset schemes are checked against where the cells lie, computed in the test: a cell's centre
from its axial coordinates (flat tops: x = 1.5 q, y = √3 (r + q/2); pointy tops: x = √3 (q + r/2),
y = 1.5 r, in cell sizes), then its column and row read off the centre. "odd" shoves the odd columns
(flat) or rows (pointy) half a cell down or right; "even" shoves them half a cell up or left.
"""

from __future__ import annotations

import math

import pytest

from printkit.elements.hexgrid import from_offset, label, parse_coord, to_offset

SCHEMES = [("flat", True), ("flat", False), ("pointy", True), ("pointy", False)]
SPAN = range(-4, 6)


def where(q: int, r: int, orientation: str, odd: bool) -> tuple[int, int]:
    """Column and row of axial (q, r), read off the cell's centre."""
    shove = 0.5 if odd else -0.5
    if orientation == "flat":
        x, y = 1.5 * q, math.sqrt(3) * (r + q / 2)
        col = round(x / 1.5)
        row = y / math.sqrt(3) - shove * (col % 2)
    else:
        x, y = math.sqrt(3) * (q + r / 2), 1.5 * r
        row = round(y / 1.5)
        col = x / math.sqrt(3) - shove * (row % 2)
    assert abs(row - round(row)) < 1e-9 and abs(col - round(col)) < 1e-9
    return round(col), round(row)


@pytest.mark.parametrize("orientation, odd", SCHEMES)
def test_offset_coordinates_are_where_the_cells_lie(orientation: str, odd: bool) -> None:
    for q in SPAN:
        for r in SPAN:
            assert to_offset(q, r, orientation, odd) == where(q, r, orientation, odd), (q, r)


@pytest.mark.parametrize("orientation, odd", SCHEMES)
def test_from_offset_finds_the_cell_at_that_column_and_row(orientation: str, odd: bool) -> None:
    for q in SPAN:
        for r in SPAN:
            col, row = where(q, r, orientation, odd)
            assert from_offset(col, row, orientation, odd) == (q, r), (col, row)


@pytest.mark.parametrize("orientation, odd", SCHEMES)
def test_labels_in_every_scheme(orientation: str, odd: bool) -> None:
    for q in SPAN:
        for r in SPAN:
            s = 0 - q - r       # cube: q + r + s = 0
            assert label(q, r, "axial", orientation, odd) == f"{q},{r}"
            assert label(q, r, "cube", orientation, odd) == f"{q},{r},{s}"
            assert label(q, r, "offset", orientation, odd) == "{},{}".format(*where(q, r, orientation, odd))


@pytest.mark.parametrize("orientation, odd", SCHEMES)
def test_a_cell_written_in_each_scheme_reads_back(orientation: str, odd: bool) -> None:
    for q in SPAN:
        for r in SPAN:
            col, row = where(q, r, orientation, odd)
            assert parse_coord(f"{col},{row}", "offset", orientation, odd) == (q, r)
            assert parse_coord(f" {q} , {r} ", "axial", orientation, odd) == (q, r)
            assert parse_coord(f"{q},{r},{-q - r}", "cube", orientation, odd) == (q, r)


@pytest.mark.parametrize("text, scheme, message", [
    ("1,2,-3", "offset", 'a cell written "col,row"'),
    ("1,2,-3", "axial", 'a cell written "q,r"'),
    ("1,2", "cube", 'a cell written "q,r,s" with q + r + s = 0'),
    ("1,2,3", "cube", 'a cell written "q,r,s" with q + r + s = 0'),
    ("1,-2,2", "cube", 'a cell written "q,r,s" with q + r + s = 0'),
    ("2,1,-2", "cube", 'a cell written "q,r,s" with q + r + s = 0'),
    ("0,0,1", "cube", 'a cell written "q,r,s" with q + r + s = 0'),
    ("0,0,-1", "cube", 'a cell written "q,r,s" with q + r + s = 0'),
    ("a,b", "axial", 'a cell written "q,r"'),
    ("3", "offset", 'a cell written "col,row"'),
])
def test_a_cell_not_written_in_the_scheme_is_refused(text: str, scheme: str, message: str) -> None:
    for orientation, odd in SCHEMES:
        with pytest.raises(ValueError) as err:
            parse_coord(text, scheme, orientation, odd)
        assert str(err.value) == message
