"""Hex map geometry (``printkit/elements/hexgrid.py``: ``centre``, ``corners``, ``neighbours``,
``rectangle``, ``hexagon``, ``hex_line``): the cases the mutation run (issue 28, target ``hexgeometry``)
found untested. Pure functions, in-process.

Expectations are the geometry of a hex grid written out in the test: the two steps between cell
centres (√3 cell sizes apart), the six corners of a flat or pointy hexagon, the ring of neighbours
turning 60° at a time, a hexagon's cells counted by distance, and a straight line's cells found at as many evenly spaced
points along it as the cells are apart (the interpolation the line is drawn by), each in the cell
whose centre is nearest.
"""

from __future__ import annotations

import math

import pytest
from test_mutants_hexcoords import SCHEMES, where

from printkit.elements.hexgrid import centre, corners, hex_line, hexagon, neighbours, rectangle

R3 = math.sqrt(3)
STEPS = {"flat": ((1.5, R3 / 2), (0.0, R3)), "pointy": ((R3, 0.0), (R3 / 2, 1.5))}
"""Where the centres of (1, 0) and (0, 1) are, in cell sizes (centre to corner), from (0, 0)."""


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("size", [1.0, 7.5])
def test_centres_are_whole_steps_apart(orientation: str, size: float) -> None:
    (ax, ay), (bx, by) = STEPS[orientation]
    for q in range(-3, 4):
        for r in range(-3, 4):
            assert centre(q, r, size, orientation) == pytest.approx(
                (size * (q * ax + r * bx), size * (q * ay + r * by)), abs=1e-9)


FLAT = [(1, 0), (0.5, R3 / 2), (-0.5, R3 / 2), (-1, 0), (-0.5, -R3 / 2), (0.5, -R3 / 2)]
POINTY = [(R3 / 2, 0.5), (0, 1), (-R3 / 2, 0.5), (-R3 / 2, -0.5), (0, -1), (R3 / 2, -0.5)]


@pytest.mark.parametrize("orientation, unit", [("flat", FLAT), ("pointy", POINTY)])
def test_the_six_corners_clockwise_on_the_page(orientation: str, unit: list[tuple[float, float]]) -> None:
    got = corners(10.0, -4.0, 3.0, orientation)
    assert len(got) == 6
    for (x, y), (ux, uy) in zip(got, unit, strict=True):
        assert (x, y) == pytest.approx((10.0 + 3.0 * ux, -4.0 + 3.0 * uy), abs=1e-9)


def test_neighbours_ring_the_cell_60_degrees_at_a_time() -> None:
    for q, r in [(0, 0), (3, -2), (-4, 5)]:
        cx, cy = centre(q, r, 1.0, "flat")
        ring = neighbours(q, r)
        assert len(set(ring)) == 6
        angles = []
        for nq, nr in ring:
            x, y = centre(nq, nr, 1.0, "flat")
            assert math.hypot(x - cx, y - cy) == pytest.approx(R3)
            angles.append(math.degrees(math.atan2(y - cy, x - cx)))
        # (q + 1, r) first, down and to the right, then turning 60° the other way each time
        assert angles[0] == pytest.approx(30.0)
        for a, b in zip(angles, angles[1:]):
            assert (a - b) % 360 == pytest.approx(60.0)


@pytest.mark.parametrize("orientation, odd", SCHEMES)
def test_a_rectangle_is_its_columns_and_rows_row_by_row(orientation: str, odd: bool) -> None:
    cells = rectangle(4, 3, orientation, odd)
    assert [where(q, r, orientation, odd) for q, r in cells] == [(c, r) for r in range(3) for c in range(4)]
    assert rectangle(0, 3, orientation, odd) == [] == rectangle(4, 0, orientation, odd)


@pytest.mark.parametrize("radius", [0, 1, 2, 4])
def test_a_hexagon_is_every_cell_within_its_radius_row_by_row(radius: int) -> None:
    def distance(q: int, r: int) -> int:
        return (abs(q) + abs(r) + abs(q + r)) // 2

    span = range(-radius - 2, radius + 3)
    expected = sorted(((q, r) for q in span for r in span if distance(q, r) <= radius), key=lambda c: (c[1], c[0]))
    assert hexagon(radius) == expected
    assert len(expected) == 3 * radius * (radius + 1) + 1


NUDGE = (1e-6, 2e-6)
"""How far (in cells, q and r) the line is moved off the grid's edges and corners, so a line running
along an edge or through a corner picks one side (``hex_line``'s docstring)."""


def walked(a: tuple[int, int], b: tuple[int, int], samples: int | None = None) -> list[tuple[int, int]]:
    """The cells of ``samples`` + 1 points evenly along the line from a's centre to b's centre, moved by
    ``NUDGE`` (as many steps as the cells are apart unless given), each in the cell whose centre is nearest."""
    n = (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2
    samples = samples or max(n, 1)
    span = [(q, r) for q in range(min(a[0], b[0]) - 2, max(a[0], b[0]) + 3)
            for r in range(min(a[1], b[1]) - 2, max(a[1], b[1]) + 3)]
    centres = {c: centre(*c, 1.0, "pointy") for c in span}
    out: list[tuple[int, int]] = []
    for i in range(samples + 1):
        t = i / samples
        x, y = centre_of(a[0] + (b[0] - a[0]) * t + NUDGE[0], a[1] + (b[1] - a[1]) * t + NUDGE[1])
        cell = min(span, key=lambda c: math.hypot(centres[c][0] - x, centres[c][1] - y))
        if not out or out[-1] != cell:
            out.append(cell)
    return out


def centre_of(q: float, r: float) -> tuple[float, float]:
    """Where axial (q, r) is on the page, pointy tops, in cell sizes (fractions too)."""
    return R3 * (q + r / 2), 1.5 * r


LINES = [((0, 0), (5, 2)), ((0, 0), (-3, 7)), ((2, -4), (-5, 1)), ((1, 1), (4, -6)), ((-2, 3), (5, -1)),
         ((0, 0), (1, 0)), ((3, 3), (3, -3)), ((0, 0), (-7, 2)), ((0, 0), (2, 6)), ((-1, 4), (-7, 2)),
         ((-1, 4), (5, 6)), ((0, 0), (-7, -5)), ((0, 0), (-7, -3)), ((0, 0), (-5, -7)), ((3, 1), (-4, 2)),
         ((5, -2), (-3, -1)), ((-6, 1), (2, 3))]
EDGES = [((0, 0), (2, -1)), ((0, 0), (1, 1)), ((-1, 2), (3, 0)), ((0, 0), (-2, 1)), ((-2, 3), (6, -1)),
         ((0, 0), (-4, -4)), ((2, -3), (5, 0)), ((3, 1), (1, -1)), ((0, 0), (-1, 2)), ((0, 0), (2, -4)),
         ((1, -3), (-2, 3))]
"""Lines along edges or through corners: where the nudge decides."""


@pytest.mark.parametrize("a, b", LINES + EDGES)
def test_a_line_passes_through_the_cells_at_its_points(a: tuple[int, int], b: tuple[int, int]) -> None:
    for start, end in ((a, b), (b, a)):
        line = hex_line(start, end)
        assert line == walked(start, end)
        n = (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2
        assert len(line) == n + 1 and line[0] == start and line[-1] == end
        for (q, r), nxt in zip(line, line[1:]):
            assert nxt in neighbours(q, r)


def test_a_line_from_a_cell_to_itself_is_that_cell() -> None:
    assert hex_line((2, -3), (2, -3)) == [(2, -3)]
