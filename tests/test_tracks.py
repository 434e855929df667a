"""Tracks as generators (issue 26): spaces around a rectangle (equal and touching for any count,
corners handled), on a circle, an arc, a polyline or a spiral; numbering from any start and step,
every Nth space marked. The geometry is checked against areas and distances computed here."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from conftest import board_face
from hypothesis import given
from hypothesis import strategies as st

from printkit.drawing import Path as PathNode
from printkit.drawing import Text
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game
from printkit.places import board_places
from printkit.tracks import Band, along, around_rect, least, on_arc, spiral, split

GAMES = Path(__file__).resolve().parent / "games"


def area(pts: tuple[tuple[float, float], ...]) -> float:
    """Signed area (positive: clockwise on the page, y down)."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True)) / 2


def inside_band(p: tuple[float, float], x: float, y: float, w: float, h: float, d: float) -> bool:
    eps = 1e-7
    in_outer = x - eps <= p[0] <= x + w + eps and y - eps <= p[1] <= y + h + eps
    in_hole = x + d + eps < p[0] < x + w - d - eps and y + d + eps < p[1] < y + h - d - eps
    return in_outer and not in_hole


def has_segment(outline: tuple[tuple[float, float], ...], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Both ends of the cut a-b lie on the outline's boundary (vertices or edges)."""
    def on(p: tuple[float, float]) -> bool:
        for u, v in zip(outline, outline[1:] + outline[:1], strict=True):
            cross = (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])
            dot = (p[0] - u[0]) * (v[0] - u[0]) + (p[1] - u[1]) * (v[1] - u[1])
            if abs(cross) <= 1e-6 * max(1.0, math.dist(u, v)) and -1e-6 <= dot <= math.dist(u, v) ** 2 + 1e-6:
                return True
        return False
    return on(a) and on(b)


rects = st.tuples(st.floats(10, 300), st.floats(10, 300), st.floats(0.05, 0.5))


@given(rect=rects, count=st.integers(1, 120), x=st.floats(-50, 50), y=st.floats(-50, 50))
def test_bending_spaces_are_equal_touching_and_fill_the_band(rect: tuple[float, float, float], count: int,
                                                             x: float, y: float) -> None:
    w, h, share = rect
    d = share * min(w, h)
    spaces = around_rect(x, y, w, h, d, count, "bend")
    band = w * h - (w - 2 * d) * (h - 2 * d)
    areas = [area(s.outline) for s in spaces]
    assert len(spaces) == count
    assert all(a == pytest.approx(band / count, rel=1e-9, abs=1e-9) for a in areas)  # equal (and all clockwise)
    assert sum(areas) == pytest.approx(band, rel=1e-9)  # together they are the band: no gap, no overlap
    assert all(inside_band(p, x, y, w, h, d) for s in spaces for p in s.outline)
    b = Band(x, y, w, h, d)
    step = b.length / count
    for i in range(count):  # each space shares its end cut with the next one's start
        _, outer, inner = b.cut((i + 0.5) * step)
        assert has_segment(spaces[i].outline, outer, inner)
        assert has_segment(spaces[(i + 1) % count].outline, outer, inner)


@given(rect=rects, extra=st.integers(0, 100))
def test_square_corners_and_equal_spaces_along_each_side(rect: tuple[float, float, float], extra: int) -> None:
    w, h, share = rect
    d = share * min(w, h)
    count = least(w, h, d, "square") + extra
    spaces = around_rect(0, 0, w, h, d, count, "square")
    band = w * h - (w - 2 * d) * (h - 2 * d)
    assert len(spaces) == count
    assert sum(area(s.outline) for s in spaces) == pytest.approx(band, rel=1e-9)
    corner_boxes = [(0, 0), (w - d, 0), (w - d, h - d), (0, h - d)]
    corners = [s for s in spaces if len(s.outline) == 4 and area(s.outline) == pytest.approx(d * d)
               and (min(p[0] for p in s.outline), min(p[1] for p in s.outline)) in
               [pytest.approx(c, abs=1e-7) for c in corner_boxes]]
    assert len(corners) >= 4
    # spaces between two corners (one side) all have the same area
    sides: list[list[float]] = [[]]
    for s in spaces[1:]:
        if s in corners:
            sides.append([])
        else:
            sides[-1].append(area(s.outline))
    assert all(max(a) - min(a) <= 1e-7 * max(a) for a in sides if a)


def test_split_shares_by_length_largest_remainder_first() -> None:
    assert split(10, [1, 1]) == [5, 5]
    assert split(7, [2, 1, 2, 1]) == [3, 1, 2, 1]
    assert split(3, [0, 0]) == [3, 0]
    assert sum(split(47, [170.0, 250.0, 170.0, 250.0])) == 47


def test_the_first_bending_space_is_centred_on_the_top_left_corner() -> None:
    [first, *_] = around_rect(0, 0, 100, 100, 10, 4, "bend")
    assert (first.cx, first.cy) == (5.0, 5.0)
    xs, ys = [p[0] for p in first.outline], [p[1] for p in first.outline]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, 50, 50))


@pytest.mark.parametrize("count", [1, 2, 5, 12])
def test_points_on_a_circle_an_arc_and_a_polyline_are_equally_spaced(count: int) -> None:
    ring = on_arc(50, 50, 20, -90, 360, count, closed=True)
    assert ring[0] == pytest.approx((50, 30))
    gaps = [math.dist(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True)]
    assert max(gaps) - min(gaps) < 1e-9
    arc = on_arc(0, 0, 10, 0, 90, count, closed=False)
    assert arc[0] == pytest.approx((10, 0)) and (count == 1 or arc[-1] == pytest.approx((0, 10), abs=1e-9))
    line = along([(0, 0), (30, 0), (30, 40)], count, closed=False)
    assert line[0] == (0, 0) and (count == 1 or line[-1] == pytest.approx((30, 40)))
    if count > 1:  # 70 mm of polyline in count - 1 equal steps, measured along it
        walked = [p[0] + p[1] for p in line]
        steps = [b - a for a, b in itertools.pairwise(walked)]
        assert steps == pytest.approx([70 / (count - 1)] * (count - 1))


def test_a_spiral_runs_inwards_in_equal_steps() -> None:
    pts = spiral(0, 0, 30, 5, 2, -90, 20)
    radii = [math.hypot(*p) for p in pts]
    assert radii[0] == pytest.approx(30) and radii[-1] == pytest.approx(5, abs=1e-6)
    assert radii == sorted(radii, reverse=True)
    gaps = [math.dist(a, b) for a, b in itertools.pairwise(pts)]
    assert max(gaps) / min(gaps) < 1.15  # equal along the curve; chords a little shorter on tight turns


def test_the_tracks_game_numbers_marks_and_counts_its_spaces() -> None:
    game = load_game(GAMES / "tracks")
    board = game.component("board")
    drawing = draw_face(game, "board", DrawContext(game, game.variants["board"][0], "components.board"), 190, 270, 0)
    texts = [t.text for t in drawing.children if isinstance(t, Text)]
    assert texts[:51] == [str(n) for n in range(51)]
    assert texts[63:70] == ["30", "25", "20", "15", "10", "5", "0"]  # countdown: first 30, step -5
    score = [n for n in drawing.children[1:52] if isinstance(n, PathNode)]  # after the background
    marked = [i for i, n in enumerate(score) if n.paint.width > 0.5]
    assert marked == list(range(0, 51, 5)) and all(score[i].paint.fill == "#e8b923" for i in marked)
    places = board_places(game, board)
    assert {p.element for p in places} == {"score", "race", "countdown", "road", "spiral"}
    assert sum(p.element == "score" for p in places) == 51


@pytest.mark.parametrize(("element", "key", "found"), [
    # a whole element's check that names a key is reported at that key, with that key's value
    ('{ type = "track", along = "rect", count = 0 }', "count", "0"),
    ('{ type = "track", along = "polyline", count = 5, points = [[1, 2]] }', "points", "[[1, 2]]"),
    # generated spaces on top of one another: no piece can stand on one apart from the next
    ('{ type = "track", along = "circle", count = 5, radius = 0 }', "radius", "0"),
    ('{ type = "track", along = "arc", count = 5, radius = 20, start = 30, end = 30 }', "end", "30"),
    ('{ type = "track", along = "arc", count = 5, radius = "{1 - 1}", start = 30, end = 90 }', "radius", '"{1 - 1}"'),
    ('{ type = "track", along = "polyline", count = 4, points = [[10, 10], [10.2, 10]] }', "points", None),
])
def test_a_bad_track_is_reported_at_the_key_that_makes_it(tmp_path: Path, element: str, key: str,
                                                          found: str | None) -> None:
    with pytest.raises(DataError) as err:
        _face(tmp_path, element)
    [problem] = err.value.problems
    assert problem.path == f"layouts.face.elements[0].{key}", problem
    assert found is None or problem.found == found, problem


def test_spaces_a_little_apart_are_not_refused(tmp_path: Path) -> None:
    # four spaces on a 3.3 mm polyline: 1.1 mm apart, tiny but apart (the limit is 1 mm)
    face = _face(tmp_path, '{ type = "track", along = "polyline", count = 4, loop = false, points = [[10, 10], [13.3, 10]], '
                           'labels = false, arrows = false }')
    spaces = [n for n in face.children if type(n).__name__ == "Rect" and n.w < 2]
    assert len(spaces) == 4 and {round(n.w, 3) for n in spaces} == {round(0.88 * 1.1, 3)}, face.children


@pytest.mark.parametrize(("element", "expected"), [
    ('{ type = "track", along = "rect" }', "`count`"),
    ('{ type = "track", along = "rect", count = 0 }', "a `count` of 1 to 1000"),
    ('{ type = "track", along = "rect", count = 1001 }', "a `count` of 1 to 1000"),
    ('{ type = "track", along = "rect", count = "{2.5}" }', "a whole number of spaces"),
    ('{ type = "track", along = "rect", count = 12, depth = 60 }', "at most half the rectangle's smaller side"),
    ('{ type = "track", along = "rect", count = 5, depth = 10 }', "at least 8 spaces"),
    ('{ type = "track", along = "rect", count = 5, w = 0 }', "positive width and height"),
    ('{ type = "track", along = "circle", count = 5 }', "a `radius`"),
    ('{ type = "track", along = "polyline", count = 5, points = [[1, 2]] }', "at least two `points`"),
    ('{ type = "track", along = "spiral", count = 5, radius = 20, turns = 0 }', "turns greater than 0"),
    ('{ type = "track", cell = 5 }', "`cell` and `cells`"),
    ('{ type = "track", along = "rect", count = 8, step = 5000 }', None),
])
def test_bad_tracks_are_data_errors(tmp_path: Path, element: str, expected: str | None) -> None:
    with pytest.raises(DataError) as err:
        _face(tmp_path, element)
    [problem] = err.value.problems
    assert problem.path.startswith("layouts.face.elements[0]"), problem
    assert expected is None or expected in problem.expected, problem


_face = board_face
