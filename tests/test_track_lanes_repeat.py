"""The layout elements `track`, `lanes` and `repeat` on a tiny game: geometry and bad data."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.drawing import Circle, Group, Rect, Text
from printkit.drawing import Path as PathNode
from printkit.errors import DataError
from printkit.faces import draw_face, lane_cells
from printkit.game import DrawContext, Game
from printkit.load import load_game

BASE = """
[game]
title = "Elements"
[[sets.colour]]
name = "red"
hex = "#ff0000"
[[sets.colour]]
name = "blue"
hex = "#0000ff"
[layouts.face]
elements = [ELEMENT]
[[components]]
id = "sheet"
kind = "card"
width = "100mm"
height = "100mm"
face = "face"
"""


def face(tmp_path: Path, element: str) -> tuple[Game, list]:  # type: ignore[type-arg]
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(BASE.replace("ELEMENT", element), encoding="utf-8")
    game = load_game(folder)
    variant = game.variants["sheet"][0]
    drawing = draw_face(game, "face", DrawContext(game, variant, "components.sheet"), 100, 100, 0)
    return game, drawing.children


def test_track_numbers_spaces_in_order_from_first(tmp_path: Path) -> None:
    _, nodes = face(tmp_path, '{ type = "track", x = 10, y = 10, cell = 20, cells = "0,0 1,0 1,1", first = 5, '
                              'start_label = "S", arrows = true, loop = false }')
    spaces = [n for n in nodes if isinstance(n, Rect)]
    assert [(s.x + s.w / 2, s.y + s.h / 2) for s in spaces] == [(20, 20), (40, 20), (40, 40)]
    assert all(s.w == pytest.approx(17.6) for s in spaces)  # 88% of the cell by default
    assert [t.text for t in nodes if isinstance(t, Text)] == ["S", "6", "7"]
    arrows = [n for n in nodes if isinstance(n, PathNode)]
    assert len(arrows) == 2  # no arrow back to the start: not a loop
    tip = arrows[0].segments[0]
    assert tip[1] > 30 and tip[2] == pytest.approx(20)  # the first arrow points right, towards space 2


def test_track_outer_labels_sit_on_the_outside(tmp_path: Path) -> None:
    cells = "0,0 1,0 2,0 2,1 2,2 1,2 0,2 0,1"
    _, nodes = face(tmp_path, f'{{ type = "track", cell = 20, space = 18, cells = "{cells}", label_at = "outer" }}')
    labels = {t.text: t for t in nodes if isinstance(t, Text)}
    assert labels["0"].anchor == "start" and labels["0"].x == pytest.approx(2.08)  # top-left corner: left side
    assert labels["1"].anchor == "middle" and labels["1"].y < 10  # top edge: above the centre
    assert labels["4"].anchor == "end" and labels["4"].y > 50  # bottom-right corner


@pytest.mark.parametrize(("name", "ends"), [
    ("row1", ((-1, 0), (3, 0))), ("col3", ((2, -1), (2, 3))),
    ("diag", ((-1, -1), (3, 3))), ("anti", ((3, -1), (-1, 3))),
])
def test_lane_cells(name: str, ends: tuple) -> None:  # type: ignore[type-arg]
    assert lane_cells(name, 3, 3, 1) == ends


def test_lane_cells_refuses_unknown_lanes() -> None:
    for name in ("row4", "col0", "row", "middle"):
        with pytest.raises(ValueError):
            lane_cells(name, 3, 3, 1)
    with pytest.raises(ValueError, match="square"):
        lane_cells("diag", 3, 4, 1)


def test_lanes_draw_lines_and_numbered_badges(tmp_path: Path) -> None:
    _, nodes = face(tmp_path, '{ type = "lanes", x = 20, y = 20, cell = 20, rows = 3, cols = 3, '
                              'lanes = ["row2", "diag"], first = 3, badge_at = 0.5 }')
    lines = [n for n in nodes if isinstance(n, PathNode)]
    assert [s[1:] for s in lines[0].segments] == [(10, 50), (90, 50)]
    assert [s[1:] for s in lines[1].segments] == [(10, 10), (90, 90)]
    badges = [n for n in nodes if isinstance(n, Circle)]
    assert [(b.cx, b.cy) for b in badges] == [(20, 50), (80, 50), (20, 20), (80, 80)]  # on the grid's edge
    assert [t.text for t in nodes if isinstance(t, Text)] == ["3", "3", "4", "4"]


def test_repeat_draws_once_per_record_with_the_record_in_templates(tmp_path: Path) -> None:
    _, nodes = face(tmp_path, '{ type = "repeat", set = "colour", dx = 30, elements = ['
                              '{ type = "rect", x = 5, y = 5, w = 10, h = 10, fill = "{colour.hex}" },'
                              '{ type = "text", text = "{repeat.index}:{colour.name}", x = 5, y = 20, w = 20 } ] }')
    groups = [n for n in nodes if isinstance(n, Group)]
    assert [g.transform[4:] for g in groups] == [(0, 0), (30, 0)]
    assert [g.children[0].paint.fill for g in groups] == ["#ff0000", "#0000ff"]  # type: ignore[union-attr]
    assert [g.children[1].text for g in groups] == ["1:red", "2:blue"]  # type: ignore[union-attr]


@pytest.mark.parametrize(("element", "path", "expected"), [
    ('{ type = "lanes", cell = 10, rows = 3, cols = 3, lanes = ["row9"] }', "lanes[0]", "a lane of a 3 x 3 grid"),
    ('{ type = "track", cell = 10, cells = "0,0 0,0" }', "cells", "each cell once"),
    ('{ type = "repeat", set = "nope", elements = [{ type = "rect" }] }', "set", "a set defined under [sets]"),
    ('{ type = "repeat", set = "colour", elements = [{ type = "rect", fill = "{colour.nope}" }] }',
     "elements[0].fill", "a known template field"),
])
def test_bad_elements_give_one_clear_problem(tmp_path: Path, element: str, path: str, expected: str) -> None:
    with pytest.raises(DataError) as err:
        face(tmp_path, element)
    assert len(err.value.problems) == 1
    problem = err.value.problems[0]
    assert problem.path.startswith("layouts.face.elements[0]") and path in problem.path, problem
    assert expected in problem.expected


def test_repeat_rejects_unknown_keys(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        face(tmp_path, '{ type = "repeat", set = "colour", bogus = 3, elements = [{ type = "rect" }] }')
    assert [p.found for p in err.value.problems] == ["`bogus`"]
