"""Transforms on every element and on `group` (issue 26): rotate about a point (the element's centre
by default), mirror, scale, translate; a repeat turns each copy. Shapes are compared exactly, point
by point, against the turned coordinates computed here by hand."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from printkit.drawing import Drawing, Group, Text, flatten, node_bounds, walk
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.inksaver import ink_saver
from printkit.load import load_game
from printkit.places import board_places

GAMES = Path(__file__).resolve().parent / "games"


def face(tmp_path: Path, elements: str, sets: str = "", vary: str = "") -> Drawing:
    game = _game(tmp_path, elements, sets, vary)
    v = game.variants["sheet"][0]
    return draw_face(game, "face", DrawContext(game, v, "components.sheet"), 100, 80, 0)


def _game(tmp_path: Path, elements: str, sets: str = "", vary: str = "") -> Any:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(
        f'[game]\ntitle = "T"\n{sets}\n[layouts.face]\nelements = [\n{elements}\n]\n'
        f'[[components]]\nid = "sheet"\nkind = "board"\nwidth = 100\nheight = 80\nface = "face"\n{vary}\n',
        encoding="utf-8")
    return load_game(folder)


def corners(drawing: Drawing) -> list[list[tuple[float, float]]]:
    """Each outline's points (end points of its segments), in order, rounded to 1e-9 mm."""
    out = []
    for path in flatten(drawing, ["art"]):
        pts = [(round(float(s[-2]), 9) + 0.0, round(float(s[-1]), 9) + 0.0) for s in path.segments if s[0] != "Z"]
        out.append(pts)
    return out


def turned(p: tuple[float, float], degrees: float, c: tuple[float, float]) -> tuple[float, float]:
    a = math.radians(degrees)
    x, y = p[0] - c[0], p[1] - c[1]
    return (round(c[0] + x * math.cos(a) - y * math.sin(a), 9) + 0.0, round(c[1] + x * math.sin(a) + y * math.cos(a), 9) + 0.0)


RECT = [(10.0, 20.0), (40.0, 20.0), (40.0, 30.0), (10.0, 30.0)]


@pytest.mark.parametrize("angle", [90, 180, 270, 30, -45])
def test_a_rect_turns_about_its_centre_by_default(tmp_path: Path, angle: int) -> None:
    [pts] = corners(face(tmp_path, f'{{ type = "rect", x = 10, y = 20, w = 30, h = 10, rotate = {angle} }}'))
    assert pts == [turned(p, angle, (25, 25)) for p in RECT]


def test_a_rect_turns_about_a_given_origin_and_moves_last(tmp_path: Path) -> None:
    el = '{ type = "rect", x = 10, y = 20, w = 30, h = 10, rotate = 90, origin = ["50%", "50%"], translate = [3, -2] }'
    [pts] = corners(face(tmp_path, el))
    assert pts == [(x + 3, y - 2) for x, y in (turned(p, 90, (50, 40)) for p in RECT)]


@pytest.mark.parametrize(("mirror", "expected"), [
    ("x", [(40.0, 20.0), (10.0, 20.0), (10.0, 30.0), (40.0, 30.0)]),
    ("y", [(10.0, 30.0), (40.0, 30.0), (40.0, 20.0), (10.0, 20.0)]),
    ("both", [(40.0, 30.0), (10.0, 30.0), (10.0, 20.0), (40.0, 20.0)]),
])
def test_mirror_flips_about_the_centre(tmp_path: Path, mirror: str, expected: list[tuple[float, float]]) -> None:
    [pts] = corners(face(tmp_path, f'{{ type = "rect", x = 10, y = 20, w = 30, h = 10, mirror = "{mirror}" }}'))
    assert pts == expected


def test_a_mirrored_triangle_points_the_other_way(tmp_path: Path) -> None:
    [pts] = corners(face(tmp_path, '{ type = "polygon", points = [[20, 30], [35, 35], [20, 40]], mirror = "x" }'))
    assert pts == [(35.0, 30.0), (20.0, 35.0), (35.0, 40.0)]


def test_scale_by_one_factor_or_two(tmp_path: Path) -> None:
    [pts] = corners(face(tmp_path, '{ type = "rect", x = 10, y = 20, w = 30, h = 10, scale = 2 }'))
    assert pts == [(-5.0, 15.0), (55.0, 15.0), (55.0, 35.0), (-5.0, 35.0)]
    [pts] = corners(face(tmp_path, '{ type = "rect", x = 10, y = 20, w = 30, h = 10, scale = [0.5, 3], origin = [10, 20] }'))
    assert pts == [(10.0, 20.0), (25.0, 20.0), (25.0, 50.0), (10.0, 50.0)]


def test_a_repeat_turns_each_copy_a_quarter_more(tmp_path: Path) -> None:
    el = ('{ type = "repeat", count = 4, var = "k", rotate = "{k * 90}", origin = [50, 40], elements = [\n'
          '  { type = "polygon", points = [[45, 2], [55, 2], [50, 10]] } ] }')
    drawn = corners(face(tmp_path, el))
    first = [(45.0, 2.0), (55.0, 2.0), (50.0, 10.0)]
    assert drawn == [[turned(p, 90 * k, (50, 40)) for p in first] for k in range(4)]
    # the four copies are the four edges of the piece's middle square: top, right, bottom, left
    assert [min(p[1] for p in pts) for pts in drawn[::2]] == [2.0, 70.0]


def test_a_repeat_mirrors_every_other_copy_with_its_own_values(tmp_path: Path) -> None:
    el = ('{ type = "repeat", count = 2, var = "k", dx = 30, mirror = "{\'x\' if k % 2 else \'none\'}", elements = [\n'
          '  { type = "polygon", points = [[20, 30], [35, 35], [20, 40]] } ] }')
    assert corners(face(tmp_path, el)) == [[(20.0, 30.0), (35.0, 35.0), (20.0, 40.0)],
                                           [(65.0, 30.0), (50.0, 35.0), (65.0, 40.0)]]


def test_a_group_turns_its_elements_as_one(tmp_path: Path) -> None:
    el = ('{ type = "group", rotate = 180, origin = ["50%", "50%"], elements = [\n'
          '  { type = "rect", x = 10, y = 20, w = 30, h = 10 }, { type = "circle", cx = 5, cy = 6, r = 2 } ] }')
    drawing = face(tmp_path, el)
    [rect, circle] = corners(drawing)
    assert rect == [turned(p, 180, (50, 40)) for p in RECT]
    [(shape, m)] = [(s, m) for s, m in walk(drawing.children, {}) if s.__class__.__name__ == "Circle"]
    assert node_bounds(drawing.children[1:] if False else [Group((shape,), m)]) == pytest.approx((93, 72, 97, 76))
    assert len(circle) > 4


def test_text_turns_about_an_origin_when_given(tmp_path: Path) -> None:
    plain = face(tmp_path, '{ type = "text", text = "Hi", x = 10, y = 10, w = 20, rotate = 90 }')
    at = face(tmp_path, '{ type = "text", text = "Hi", x = 10, y = 10, w = 20, rotate = 90, origin = [0, 0] }')
    [(t1, m1)] = [(s, m) for s, m in walk(plain.children, {}) if isinstance(s, Text)]
    [(t2, m2)] = [(s, m) for s, m in walk(at.children, {}) if isinstance(s, Text)]
    assert t1 == t2
    assert m2 == pytest.approx((0.0, 1.0, -1.0, 0.0, 0.0, 0.0), abs=1e-12)  # a quarter turn about (0, 0)
    assert m1[4] != pytest.approx(0.0) and m1[:4] == pytest.approx((0.0, 1.0, -1.0, 0.0), abs=1e-12)


def test_the_ink_saver_and_cut_paths_see_the_turned_shapes(tmp_path: Path) -> None:
    el = '{ type = "rect", x = 10, y = 20, w = 30, h = 10, rotate = 90, stroke = "black", fill = "none" }'
    drawing = face(tmp_path, el)
    saved = ink_saver(drawing)
    assert corners(saved) == corners(drawing) == [[turned(p, 90, (25, 25)) for p in RECT]]


def test_places_turn_with_their_element(tmp_path: Path) -> None:
    game = _game(tmp_path, '{ type = "grid", x = 10, y = 10, cols = 2, rows = 1, cell = 10, rotate = 90, origin = [10, 10] },\n'
                           '{ type = "ring", cx = 50, cy = 40, r = 10, count = 4, space = 4, scale = 2, translate = [5, 0] }')
    places = board_places(game, game.components[0])
    cells = [(round(p.cx, 9), round(p.cy, 9), p.size) for p in places if p.kind == "cell"]
    assert cells == [(5.0, 15.0, 10.0), (5.0, 25.0, 10.0)]
    spots = [(round(p.cx, 9) + 0.0, round(p.cy, 9) + 0.0, p.size) for p in places if p.kind == "spot"]
    # the ring's drawn box is centred on (50, 40): scaled by 2 about it, then moved 5 right
    assert spots == [(55.0, 20.0, 8.0), (75.0, 40.0, 8.0), (55.0, 60.0, 8.0), (35.0, 40.0, 8.0)]


def test_the_turns_game_builds_its_turned_tiles() -> None:
    game = load_game(GAMES / "turns")
    tile = game.component("tile")
    v = game.variants["tile"][0]
    drawing = draw_face(game, "tile", DrawContext(game, v, "components.tile"), 44, 44, 3)
    roads = [pts for pts in corners(drawing) if len(pts) == 4 and pts[0] != (-3.0, -3.0)]
    # four road ends, each the first turned a quarter more about the tile's centre
    first = [(17.0, -1.0), (27.0, -1.0), (27.0, 22.0), (17.0, 22.0)]
    assert roads[:4] == [[turned(p, 90 * k, (22, 22)) for p in first] for k in range(4)]
    assert tile.id == "tile"


@pytest.mark.parametrize(("element", "expected"), [
    ('{ type = "rect", w = 3, h = 3, mirror = "sideways" }', "one of none, x, y, both"),
    ('{ type = "rect", w = 3, h = 3, mirror = "{\'up\'}" }', "one of none, x, y, both"),
    ('{ type = "rect", w = 3, h = 3, scale = 0 }', "a factor other than 0"),
    ('{ type = "rect", w = 3, h = 3, scale = [1, 1000] }', "from 1/100 to 100"),
    ('{ type = "rect", w = 3, h = 3, rotate = "{\'a\'}" }', "a number"),
    ('{ type = "rect", w = 3, h = 3, origin = ["1zz", 0] }', None),
    ('{ type = "rect", w = 3, h = 3, translate = [1] }', None),
    ('{ type = "group", elements = [] }', "at least 1 item"),
])
def test_bad_transforms_are_data_errors(tmp_path: Path, element: str, expected: str | None) -> None:
    with pytest.raises(DataError) as err:
        face(tmp_path, element)
    [problem] = err.value.problems
    assert problem.path.startswith("layouts.face.elements[0]"), problem
    assert expected is None or expected in problem.expected, problem
