"""Edges and links (issue 26): single edges of hex and square cells drawn by direction, from the
element's table or a cell's record, and lines between cells, straight or through cell centres."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import pytest
from conftest import board_face

from printkit.drawing import Path as PathNode
from printkit.drawing import walk
from printkit.elements.grid import square_line
from printkit.elements.hexgrid import HEX_DIRECTIONS, hex_line, neighbours
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"
SQ3 = math.sqrt(3)
COMPASS = {"n": -90, "ne": -30, "e": 0, "se": 30, "s": 90, "sw": 150, "w": 180, "nw": -150}
"""The angle (degrees, clockwise on the page from the right) each direction points to, as a hex edge's
middle lies from its centre (flat: n, ne, se, ...; pointy: ne, e, se, ...; the diagonals of a
pointy hex point 30 degrees off the vertical, as flat ones do off the horizontal)."""
POINTY = {"ne": -60, "e": 0, "se": 60, "sw": 120, "w": 180, "nw": -120}


def strokes(drawing: Any, colour: str) -> list[tuple[tuple[float, float], ...]]:
    out = []
    for shape, m in walk(drawing.children, {}):
        if isinstance(shape, PathNode) and shape.paint.stroke == colour:
            out.append(tuple((round(float(s[1]) + m[4], 9), round(float(s[2]) + m[5], 9)) for s in shape.segments))
    return out


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_each_hex_edge_lies_in_its_direction(tmp_path: Path, orientation: str) -> None:
    directions = HEX_DIRECTIONS[orientation]
    text = " ".join(f"{d}:#ff0000" for d in directions)
    el = (f'{{ type = "hexgrid", orientation = "{orientation}", size = 10, cx = 50, cy = 40, '
          f'edges = {{ "0,0" = "{text}" }} }}')
    edges = strokes(_face(tmp_path, el), "#ff0000")
    assert len(edges) == 6
    angles = COMPASS if orientation == "flat" else POINTY
    for direction, (a, b) in zip(directions, edges, strict=True):
        mx, my = (a[0] + b[0]) / 2 - 50, (a[1] + b[1]) / 2 - 40
        assert math.hypot(mx, my) == pytest.approx(10 * SQ3 / 2)  # the middle of an edge: the inner radius away
        assert math.degrees(math.atan2(my, mx)) == pytest.approx(angles[direction], abs=1e-6), direction
        assert math.dist(a, b) == pytest.approx(10)


def test_square_edges_and_a_wall_style(tmp_path: Path) -> None:
    el = ('{ type = "grid", x = 10, y = 20, rows = 2, cols = 3, cell = 10, edges = { "1,0" = "n:wall e:wall s:wall '
          'w:wall" }, edge_styles = { wall = { stroke = "#00ff00", width = 2, dash = [1, 0.5] } } }')
    drawing = _face(tmp_path, el)
    assert strokes(drawing, "#00ff00") == [((20, 20), (30, 20)), ((30, 20), (30, 30)), ((20, 30), (30, 30)),
                                           ((20, 20), (20, 30))]
    [wall, *_] = [s for s, _ in walk(drawing.children, {}) if isinstance(s, PathNode) and s.paint.stroke == "#00ff00"]
    assert (wall.paint.width, wall.paint.dash) == (2.0, (1.0, 0.5))


def test_hex_lines_step_through_neighbours() -> None:
    for a, b in [((0, 0), (3, 0)), ((0, 0), (-2, 4)), ((1, -3), (-2, 2)), ((0, 0), (2, -1)), ((0, 0), (0, 0))]:
        line = hex_line(a, b)
        dist = max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[0] + a[1] - b[0] - b[1]))
        assert line[0] == a and line[-1] == b and len(line) == dist + 1
        assert all(q in neighbours(*p) for p, q in itertools.pairwise(line))


def test_square_lines_step_one_cell_at_a_time() -> None:
    for a, b in [((0, 0), (3, 0)), ((0, 2), (3, 0)), ((4, 4), (0, 1)), ((1, 1), (1, 1))]:
        line = square_line(a, b)
        assert line[0] == a and line[-1] == b and len(line) == max(abs(b[0] - a[0]), abs(b[1] - a[1])) + 1
        assert all(max(abs(q[0] - p[0]), abs(q[1] - p[1])) == 1 for p, q in itertools.pairwise(line))


def test_links_go_straight_or_through_the_centres(tmp_path: Path) -> None:
    el = ('{ type = "hexgrid", cols = 4, rows = 1, size = 10, cx = 50, cy = 40, links = [{ cells = ["0,0", "3,0"], '
          'style = "#0000ff" }, { cells = ["0,0", "3,0"], route = "cells", style = "#ff00ff" }] }')
    drawing = _face(tmp_path, el)
    [straight] = strokes(drawing, "#0000ff")
    [stepped] = strokes(drawing, "#ff00ff")
    assert len(straight) == 2 and stepped[0] == straight[0] and stepped[-1] == straight[-1]
    assert len(stepped) == 4  # four cells: every centre on the way
    gaps = [math.dist(p, q) for p, q in itertools.pairwise(stepped)]
    assert gaps == pytest.approx([10 * SQ3] * 3)  # neighbours' centres are the outer width apart


def test_the_coords_game_draws_rivers_from_the_table_and_the_records() -> None:
    game = load_game(GAMES / "coords")
    drawing = draw_face(game, "map", DrawContext(game, game.variants["map"][0], "components.map"), 180, 200, 0)
    assert len(strokes(drawing, "#3a78c0")) == 5  # 2 + 1 from `edges`, 2 from the record of cell 2,2
    assert len(strokes(drawing, "#8a5a2b")) == 1 and len(strokes(drawing, "#b03060")) == 2


@pytest.mark.parametrize(("element", "key", "expected"), [
    ('{ type = "hexgrid", size = 5, edges = { "0,0" = "up:river" } }', "edges.0,0", "direction:style"),
    ('{ type = "hexgrid", size = 5, edges = { "0,0" = "e:river" } }', "edges.0,0", "n, ne, se, s, sw, nw"),
    ('{ type = "hexgrid", size = 5, edges = { "0,0" = "n:lava" } }', "edges.0,0", "a name in `edge_styles`"),
    ('{ type = "hexgrid", size = 5, edges = { "4,4" = "n:red" } }', "edges.4,4", "a cell of the map"),
    ('{ type = "hexgrid", size = 5, cols = 2, links = [{ cells = ["0,0", "7,0"] }] }', "links[0].cells[1]",
     "a cell of the map"),
    ('{ type = "hexgrid", size = 5, links = [{ cells = ["0,0"] }] }', "links[0].cells", "at least 2"),
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, edges = { "2,0" = "n:red" } }', "edges.2,0", "columns 0 to 1"),
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, edges = { "0,0" = "ne:red" } }', "edges.0,0", "n, e, s, w"),
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, links = [{ cells = ["0,0", "x"] }] }', "links[0].cells[1]",
     '"col,row"'),
])
def test_bad_edges_and_links_are_data_errors(tmp_path: Path, element: str, key: str, expected: str) -> None:
    with pytest.raises(DataError) as err:
        _face(tmp_path, element)
    [problem] = err.value.problems
    assert problem.path.replace(".hexgrid.", ".").replace(".grid.", ".").startswith(
        f"layouts.face.elements[0].{key}"), problem
    assert expected in problem.expected, problem


_face = board_face
