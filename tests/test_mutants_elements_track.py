"""The `track` element (``printkit/elements/track.py``: its model's checks, where its spaces go, how
they are painted, numbered and marked, its arrows and labels; the mutation target ``elements-track``).
In-process: one tiny game loaded once, elements validated and drawn directly.

Expectations are worked out here: cell centres from the lattice (cell (c, r) centred at
((c + 0.5)·cell, (r + 0.5)·cell)), points on a circle from its radius and angles, points along a
polyline by hand, an arrow's triangle from its ends (tip half its length past the middle, base half
its length before, 0.45 of its length either side), label baselines from the font size (9 pt =
3.175 mm, the baseline 0.35 of it below the centre), marks from the numbers.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from conftest import approx, board_toml, game_from, only_problem
from conftest import board_context as ctx_of
from pydantic import ValidationError

from printkit.drawing import Circle, Rect, Text
from printkit.drawing import Path as PathNode
from printkit.elements.track import MAX_SPACES, MIN_GAP, TrackElement, _arrow, _count, _track, space_size, track_centres
from printkit.errors import DataError
from printkit.game import Game
from printkit.tracks import Space

WHERE = "layouts.face.elements[0]"
PT9 = 9 * 25.4 / 72  # 9 pt in mm
R2 = math.sqrt(2)

GAME = board_toml('{ type = "track", cell = 10, cells = "0,0" }')


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return game_from(tmp_path_factory.mktemp("track") / "g", GAME)


def tel(**fields: Any) -> TrackElement:
    return TrackElement.model_validate({"type": "track", **fields})


def draw(game: Game, pw: float = 100, ph: float = 80, values: dict[str, Any] | None = None, **fields: Any) -> list[Any]:
    """The element drawn on a piece ``pw`` x ``ph`` mm."""
    game.cache.clear()
    return _track(tel(**fields), ctx_of(game, values), pw, ph, 0)


def problem(game: Game, **fields: Any) -> Any:
    return only_problem(lambda: draw(game, **fields))


def spaces_of(nodes: list[Any]) -> list[Any]:
    """The spaces: squares, circles, or band polygons (closed paths with a stroke)."""
    return [n for n in nodes if isinstance(n, (Rect, Circle)) or (isinstance(n, PathNode) and n.paint.stroke)]


def arrows_of(nodes: list[Any]) -> list[PathNode]:
    return [n for n in nodes if isinstance(n, PathNode) and not n.paint.stroke]


def texts_of(nodes: list[Any]) -> list[Text]:
    return [n for n in nodes if isinstance(n, Text)]


def centre(node: Any) -> tuple[float, float]:
    if isinstance(node, Rect):
        return (node.x + node.w / 2, node.y + node.h / 2)
    return (node.cx, node.cy)


def corners(path: PathNode) -> list[tuple[float, float]]:
    return [(float(s[1]), float(s[2])) for s in path.segments if s[0] != "Z"]


def box(path: PathNode) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in corners(path)], [p[1] for p in corners(path)]
    return (min(xs), min(ys), max(xs), max(ys))


# --- the model's checks ------------------------------------------------------------------------


def test_a_listed_track_needs_both_cell_and_cells() -> None:
    for fields in ({"cells": "0,0"}, {"cell": 5}, {}):
        with pytest.raises(ValidationError, match="`cell` and `cells` for a track along cells"):
            tel(**fields)
    assert tel(cell=5, cells="0,0").cells == "0,0"
    # a generated track reads neither
    assert tel(along="rect", count=8).cell is None


@pytest.mark.parametrize("along", ["rect", "circle", "arc", "polyline", "spiral"])
def test_a_generated_track_needs_a_count(along: str) -> None:
    with pytest.raises(ValidationError, match=rf"`count` \(spaces to generate\) for a track along a {along} \["):
        tel(along=along, radius=5, points=[[0, 0], [9, 9]])


def test_a_count_of_1_to_1000() -> None:
    assert tel(along="rect", count=1).count == 1
    assert tel(along="rect", count=MAX_SPACES).count == 1000
    for bad in (0, -1, 1001):
        with pytest.raises(ValidationError, match="a `count` of 1 to 1000 spaces"):
            tel(along="rect", count=bad)
    # a template is checked when drawn
    assert tel(along="rect", count="{n}").count == "{n}"


def test_a_count_that_is_true_or_false_is_refused() -> None:
    # not read as the whole number 1 (or 0)
    for flag in (True, False):
        with pytest.raises(ValidationError, match="a `count` of 1 to 1000 spaces"):
            tel(along="rect", count=flag)
    assert tel(along="rect", count=1).count == 1


@pytest.mark.parametrize("along", ["circle", "arc", "spiral"])
def test_round_tracks_need_a_radius(along: str) -> None:
    with pytest.raises(ValidationError, match=rf"a `radius` for a track along a {along} \["):
        tel(along=along, count=4)
    assert tel(along=along, count=4, radius=0).radius == 0


def test_a_polyline_needs_two_points_and_no_radius() -> None:
    for points in ([], [[0, 0]]):
        with pytest.raises(ValidationError, match="at least two `points` for a track along a polyline"):
            tel(along="polyline", count=4, points=points)
    assert len(tel(along="polyline", count=4, points=[[0, 0], [9, 0]]).points) == 2
    assert len(tel(along="polyline", count=4, points=[[0, 0], [9, 0], [9, 9]]).points) == 3
    assert tel(along="rect", count=8, points=[]).points == []


def test_step_and_mark_every_bounds() -> None:
    assert tel(cell=5, cells="0,0", step=-1000).step == -1000
    assert tel(cell=5, cells="0,0", step=1000).step == 1000
    assert tel(cell=5, cells="0,0", mark_every=1000).mark_every == 1000
    assert tel(cell=5, cells="0,0", mark_every=0).mark_every == 0
    for bad in ({"step": -1001}, {"step": 1001}, {"mark_every": -1}, {"mark_every": 1001}):
        with pytest.raises(ValidationError):
            tel(cell=5, cells="0,0", **bad)


# --- listed cells ----------------------------------------------------------------------------


def test_cells_track_with_its_defaults(game: Game) -> None:
    nodes = draw(game, cells="0,0 1,0 2,1", cell=10)
    spaces, arrows, texts = spaces_of(nodes), arrows_of(nodes), texts_of(nodes)
    assert len(nodes) == 3 + 3 + 3  # spaces, then arrows (the loop closes), then numbers
    assert nodes[:3] == spaces and nodes[3:6] == arrows and nodes[6:] == texts
    assert [(s.x, s.y, s.w, s.h) for s in spaces] == approx([(0.6, 0.6, 8.8, 8.8), (10.6, 0.6, 8.8, 8.8),
                                                                     (20.6, 10.6, 8.8, 8.8)])
    for s in spaces:
        assert isinstance(s, Rect) and s.r == 2
        assert (s.paint.fill, s.paint.stroke, s.paint.width) == ("#ffffff", "#000000", pytest.approx(0.4))
    # arrows: (5,5) -> (15,5), (15,5) -> (25,15), (25,15) -> (5,5); 3.5 mm long, black
    first = arrows[0]
    assert first.paint.fill == "#000000"
    assert first.segments == approx((("M", 11.75, 5.0), ("L", 8.25, 6.575), ("L", 8.25, 3.425), ("Z",)))
    for a, ((x1, y1), (x2, y2)) in zip(arrows, [((5, 5), (15, 5)), ((15, 5), (25, 15)), ((25, 15), (5, 5))],
                                       strict=True):
        (tx, ty), (b1x, b1y), (b2x, b2y) = corners(a)
        assert ((b1x + b2x) / 2 + tx) / 2 == approx((x1 + x2) / 2)  # centred on the middle
        assert ((b1y + b2y) / 2 + ty) / 2 == approx((y1 + y2) / 2)
        assert math.dist((tx, ty), (x2, y2)) < math.dist((tx, ty), (x1, y1))  # the tip towards the next
        assert math.dist((b1x, b1y), (b2x, b2y)) == approx(3.5 * 0.9)
    assert [(t.text, t.x, t.y) for t in texts] == [
        ("0", 5, pytest.approx(5 + PT9 * 0.35)), ("1", 15, pytest.approx(5 + PT9 * 0.35)),
        ("2", 25, pytest.approx(15 + PT9 * 0.35))]
    for t in texts:
        assert (t.size, t.fill, t.font, t.anchor) == (pytest.approx(PT9), "#000000", "bold", "middle")


def test_cells_track_placed_in_percent_and_negative_cells(game: Game) -> None:
    # x is a share of the width (100), y of the height (80)
    nodes = draw(game, cells="-1,0 0,2", cell="{c}", x="10%", y="10%", space=6, values={"c": 4})
    assert [centre(s) for s in spaces_of(nodes)] == approx([(8.0, 10.0), (12.0, 18.0)])
    assert [(s.w, s.h) for s in spaces_of(nodes)] == [(6, 6), (6, 6)]
    assert [centre(s) for s in spaces_of(draw(game, pw=50, ph=40, cells="0,0", cell=4, x="10%", y="10%"))] == \
        approx([(7.0, 6.0)])


def test_track_centres_in_order(game: Game) -> None:
    assert track_centres(tel(cells="2,0 0,1", cell=10, x=1, y=2), ctx_of(game), 100, 80) == \
        approx([(26.0, 7.0), (6.0, 17.0)])


def test_bad_cells_are_reported(game: Game) -> None:
    p = problem(game, cells="0,0 x", cell=5)
    assert p.path == f"{WHERE}.cells" and p.expected == 'cells as "x,y x,y ..." (bad cell "x")' and "0,0 x" in p.found


def test_round_spaces_on_cells(game: Game) -> None:
    circles = spaces_of(draw(game, cells="0,0 1,0", cell=10, shape="circle"))
    assert [(c.cx, c.cy, c.r) for c in circles] == approx([(5, 5, 4.4), (15, 5, 4.4)])
    circles = spaces_of(draw(game, cells="0,0", cell=10, shape="circle", space=6))
    assert [c.r for c in circles] == [3]


def test_paint_keys(game: Game) -> None:
    nodes = draw(game, cells="0,0 1,0", cell=10, fill="#ff0000", stroke="none", width=1, r=0)
    for s in spaces_of([n for n in nodes if isinstance(n, Rect)]):
        assert (s.paint.fill, s.paint.stroke, s.paint.width, s.r) == ("#ff0000", None, 1, 0)
    nodes = draw(game, cells="0,0 1,0", cell=10, fill=None, stroke=None)
    rects = [n for n in nodes if isinstance(n, Rect)]
    assert [(s.paint.fill, s.paint.stroke) for s in rects] == [(None, None)] * 2


# --- numbers, marks, the start -----------------------------------------------------------------


ROW = " ".join(f"{c},0" for c in range(4))


def widths_and_fills(nodes: list[Any]) -> list[tuple[float, str | None]]:
    return [(s.paint.width, s.paint.fill) for s in nodes if isinstance(s, Rect)]


def test_numbers_from_first_by_step(game: Game) -> None:
    assert [t.text for t in texts_of(draw(game, cells=ROW, cell=10, first=3, step=-2))] == ["3", "1", "-1", "-3"]
    assert [t.text for t in texts_of(draw(game, cells=ROW, cell=10, first=1, step=5))] == ["1", "6", "11", "16"]


def test_marks_every_nth_number(game: Game) -> None:
    # 0, 3, 6, 9: 0 and 6 are marked (a doubled outline, the mark fill)
    nodes = draw(game, cells=ROW, cell=10, step=3, mark_every=2, mark_fill="#ff0000")
    assert widths_and_fills(nodes) == approx([(0.8, "#ff0000"), (0.4, "#ffffff"), (0.8, "#ff0000"),
                                                     (0.4, "#ffffff")])
    # -3, -2, -1, 0: -2 and 0; no mark fill: the space's own
    nodes = draw(game, cells=ROW, cell=10, first=-3, mark_every=2, width=0.5)
    assert widths_and_fills(nodes) == approx([(0.5, "#ffffff"), (1.0, "#ffffff"), (0.5, "#ffffff"),
                                                     (1.0, "#ffffff")])
    # every third, from 1: 3
    nodes = draw(game, cells=ROW, cell=10, first=1, mark_every=3)
    assert [w for w, _ in widths_and_fills(nodes)] == approx([0.4, 0.4, 0.8, 0.4])
    # none by default
    assert [w for w, _ in widths_and_fills(draw(game, cells=ROW, cell=10))] == approx([0.4] * 4)


def test_the_start_fill_wins_over_a_mark(game: Game) -> None:
    nodes = draw(game, cells=ROW, cell=10, mark_every=2, mark_fill="#ff0000", start_fill="#00ff00", stroke="#0000ff")
    rects = [n for n in nodes if isinstance(n, Rect)]
    assert [(r.paint.fill, r.paint.stroke, r.paint.width) for r in rects] == approx([
        ("#00ff00", "#0000ff", 0.4), ("#ffffff", "#0000ff", 0.4), ("#ff0000", "#0000ff", 0.8),
        ("#ffffff", "#0000ff", 0.4)])
    # the start fill only on the first space; a start fill of none leaves it unfilled
    nodes = draw(game, cells=ROW, cell=10, start_fill="none")
    assert [f for _, f in widths_and_fills(nodes)] == [None, "#ffffff", "#ffffff", "#ffffff"]


def test_start_label_and_start_text(game: Game) -> None:
    nodes = draw(game, cells=ROW, cell=10, start_label="GO {w}", start_text="START", label_size=4,
                 label_fill="#123456", values={"w": "now"})
    texts = texts_of(nodes)
    assert [t.text for t in texts] == ["GO now", "START", "1", "2", "3"]
    go, start = texts[0], texts[1]
    assert (go.x, go.y, go.size, go.fill) == (5, pytest.approx(5 + 1.4), 4, "#123456")
    # the word under the number, 1.05 of the size lower, 0.8 of its size
    assert (start.x, start.y, start.size, start.fill, start.font, start.anchor) == \
        (5, pytest.approx(5 + 1.4 + 4.2), pytest.approx(3.2), "#123456", "bold", "middle")
    # no numbers: the word alone, where the number would be
    texts = texts_of(draw(game, cells=ROW, cell=10, start_text="{w}", labels=False, label_size=4, values={"w": 7}))
    assert [(t.text, t.x, t.y) for t in texts] == [("7", 5, pytest.approx(6.4))]
    assert texts_of(draw(game, cells=ROW, cell=10, labels=False)) == []
    [word] = texts_of(draw(game, cells=ROW, cell=10, start_text="GO", labels=False, label_size=10))
    assert word.size == pytest.approx(8)


def test_a_label_colour_of_none_prints_black(game: Game) -> None:
    texts = texts_of(draw(game, cells="0,0", cell=10, label_fill="none", label_size="12pt"))
    assert [(t.fill, t.size) for t in texts] == [("#000000", pytest.approx(12 * 25.4 / 72))]


# --- arrows --------------------------------------------------------------------------------------


def test_the_arrow_triangle() -> None:
    a = _arrow(0, 0, 0, 10, 4, "#ff0000")
    assert a.paint.fill == "#ff0000" and a.paint.stroke is None
    assert a.segments == approx((("M", 0, 7), ("L", -1.8, 3), ("L", 1.8, 3), ("Z",)))
    # along a diagonal from (1, 2) to (7, 10): 10 long, direction (0.6, 0.8), normal (-0.8, 0.6)
    a = _arrow(1, 2, 7, 10, 2, None)
    assert a.segments == approx((("M", 4.6, 6.8), ("L", 3.4 - 0.72, 5.2 + 0.54), ("L", 3.4 + 0.72, 5.2 - 0.54),
                                        ("Z",)))
    # between two spaces at one place: a point
    a = _arrow(3, 4, 3, 4, 2, None)
    assert a.segments == ((("M", 3.0, 4.0), ("L", 3.0, 4.0), ("L", 3.0, 4.0), ("Z",)))


def test_arrows_between_spaces(game: Game) -> None:
    assert len(arrows_of(draw(game, cells="0,0 1,0 2,0", cell=10, loop=False))) == 2
    assert len(arrows_of(draw(game, cells="0,0 1,0", cell=10))) == 1  # two spaces: no way back drawn
    assert len(arrows_of(draw(game, cells="0,0", cell=10))) == 0
    assert arrows_of(draw(game, cells="0,0 1,0 2,0", cell=10, arrows=False)) == []
    [a] = arrows_of(draw(game, cells="0,0 0,1", cell=10, arrow_size=2, arrow_fill="#00ff00"))
    assert a.paint.fill == "#00ff00"
    assert a.segments == approx((("M", 5, 11), ("L", 4.1, 9), ("L", 5.9, 9), ("Z",)))


# --- labels on the outer side ------------------------------------------------------------------


def test_labels_on_the_outer_side(game: Game) -> None:
    ring = "0,0 1,0 2,0 2,1 2,2 1,2 0,2 0,1"
    texts = texts_of(draw(game, cells=ring, cell=10, label_at="outer", label_size=4))
    top = 5 - 4.4 + 1 + 4 * 0.72  # the top edge less the pad (1 mm: 0.06 of 8.8 is less), a cap height down
    mid = 15 + 4 * 0.35
    got = [(t.x, t.y, t.anchor) for t in texts]
    assert got == [
        (pytest.approx(1.6), pytest.approx(top), "start"), (15, pytest.approx(top), "middle"),
        (pytest.approx(28.4), pytest.approx(top), "end"), (pytest.approx(28.4), pytest.approx(mid), "end"),
        (pytest.approx(28.4), pytest.approx(28.4), "end"), (15, pytest.approx(28.4), "middle"),
        (pytest.approx(1.6), pytest.approx(28.4), "start"), (pytest.approx(1.6), pytest.approx(mid), "start")]


def test_outer_labels_pad_with_large_spaces_and_start_text_goes_inwards(game: Game) -> None:
    # spaces 44 mm: a pad of 0.06 x 44 = 2.64 mm; a single row is on its bottom side too
    texts = texts_of(draw(game, cells="0,0 1,0", cell=50, label_at="outer", label_size=4, start_text="GO"))
    assert [(t.text, t.x, t.anchor) for t in texts] == [
        ("0", pytest.approx(25 - 22 + 2.64), "start"), ("GO", pytest.approx(25 - 22 + 2.64), "start"),
        ("1", pytest.approx(75 + 22 - 2.64), "end")]
    assert texts[0].y == approx(25 + 22 - 2.64)
    assert texts[1].y == approx(25 + 22 - 2.64 - 4.2)  # above the number, away from the edge
    # a top row: the word goes below the number
    texts = texts_of(draw(game, cells="0,0 1,1", cell=10, label_at="outer", label_size=4, start_text="GO"))
    assert texts[1].y == approx(texts[0].y + 4.2) and texts[0].y == approx(0.6 + 1 + 2.88)


def test_outer_labels_only_at_the_very_edge(game: Game) -> None:
    # 36 spaces on a circle of radius 20: the ones 10 degrees off the right are 0.3 mm short of it
    texts = texts_of(draw(game, along="circle", count=36, radius=20, start=0, label_at="outer", label_size=4))
    assert [t.anchor for t in texts[:2]] == ["end", "middle"]
    assert [t.anchor for t in texts[17:20]] == ["middle", "start", "middle"]
    size = 2 * 20 * math.sin(math.radians(5)) * 0.88  # 88% of the chord between neighbours
    assert texts[9].y == pytest.approx(60 + size / 2 - 1) and texts[27].y == pytest.approx(20 - size / 2 + 1 + 2.88)
    assert texts[8].y == pytest.approx(40 + 20 * math.sin(math.radians(80)) + 4 * 0.35)  # not on the bottom side
    assert texts[26].y == pytest.approx(40 + 20 * math.sin(math.radians(260)) + 4 * 0.35)  # nor on the top side


# --- generated: around a rectangle -------------------------------------------------------------


def test_around_the_whole_piece_by_default(game: Game) -> None:
    nodes = draw(game, along="rect", count=16)
    spaces = spaces_of(nodes)
    assert len(spaces) == 16 and all(isinstance(s, PathNode) for s in spaces)
    # depth: 2 x (100 + 80) / (16 + 4) = 18; the first space is the top-left corner square
    assert box(spaces[0]) == approx((0, 0, 18, 18))
    xs = [p[0] for s in spaces for p in corners(s)]
    ys = [p[1] for s in spaces for p in corners(s)]
    assert (min(xs), max(xs), min(ys), max(ys)) == approx((0, 100, 0, 80))
    texts = texts_of(nodes)
    assert (texts[0].x, texts[0].y) == approx((9, 9 + PT9 * 0.35))
    assert spaces[0].paint.fill == "#ffffff" and spaces[0].paint.width == approx(0.4)


def test_a_rectangle_placed_in_percent(game: Game) -> None:
    spaces = spaces_of(draw(game, along="rect", count=8, x="10%", y="10%", w="50%", h="50%", depth=5))
    xs = [p[0] for s in spaces for p in corners(s)]
    ys = [p[1] for s in spaces for p in corners(s)]
    assert (min(xs), max(xs), min(ys), max(ys)) == approx((10, 60, 8, 48))
    assert box(spaces[0]) == approx((10, 8, 15, 13))


def test_a_deep_default_band_is_half_the_smaller_side(game: Game) -> None:
    # 4 spaces, bending: 2 x 180 / 8 = 45 is more than half of 80
    ctx = ctx_of(game)
    from printkit.elements.track import track_spaces
    spaces = track_spaces(tel(along="rect", count=4, corners="bend"), ctx, 100, 80)
    assert [s.size for s in spaces] == approx([40] * 4)
    spaces = track_spaces(tel(along="rect", count=16), ctx, 100, 80)
    assert spaces[0].size == approx(18)


def test_a_rectangle_needs_width_and_height(game: Game) -> None:
    p = problem(game, along="rect", count=8, w=0)
    assert p.path == f"{WHERE}.w" and p.expected == "a rectangle of positive width and height" and "0 x 80 mm" in p.found
    p = problem(game, along="rect", count=8, h=-2)
    assert p.path == f"{WHERE}.w" and "100 x -2 mm" in p.found
    assert len(spaces_of(draw(game, along="rect", count=1, w=0.5, h=0.5, depth=0.25, corners="bend"))) == 1


def test_the_band_depth_limits(game: Game) -> None:
    for depth in (0, -1, 40.01):
        p = problem(game, along="rect", count=8, depth=depth)
        assert p.path == f"{WHERE}.depth"
        assert p.expected == "a depth greater than 0 and at most half the rectangle's smaller side (40 mm)"
    assert len(spaces_of(draw(game, along="rect", count=6, depth=40))) == 6
    p = problem(game, along="rect", count=8, w=30, depth=15.5)
    assert p.expected.endswith("(15 mm)")


def test_square_corners_need_enough_spaces(game: Game) -> None:
    # 7 spaces: depth 360 / 11, so every side has room between its corners: 8 at least
    p = problem(game, along="rect", count=7)
    assert p.path == f"{WHERE}.count"
    assert p.expected == 'at least 8 spaces around a rectangle with square corners (or corners = "bend")'
    assert "7" in p.found
    assert len(spaces_of(draw(game, along="rect", count=8))) == 8
    assert len(spaces_of(draw(game, along="rect", count=7, corners="bend"))) == 7


def test_round_spaces_in_a_band(game: Game) -> None:
    nodes = draw(game, along="rect", count=16, shape="circle")
    circles = [n for n in nodes if isinstance(n, Circle)]
    assert len(circles) == 16 and circles[0].r == approx(18 * 0.88 / 2)
    assert (circles[0].cx, circles[0].cy) == approx((9, 9))
    circles = [n for n in draw(game, along="rect", count=16, shape="circle", space=10) if isinstance(n, Circle)]
    assert {c.r for c in circles} == {5}


def test_space_size() -> None:
    el = tel(cells="0,0", cell=10)
    assert space_size(el, None, Space(0, 0, (), 7)) == 7  # type: ignore[arg-type]
    assert space_size(el, None, Space(0, 0, ((0, 0), (1, 0), (0, 1)), 7)) == 7  # type: ignore[arg-type]
    circle = tel(cells="0,0", cell=10, shape="circle")
    assert space_size(circle, None, Space(0, 0, ((0, 0), (1, 0), (0, 1)), 10)) == approx(8.8)  # type: ignore
    assert space_size(circle, None, Space(0, 0, (), 10)) == 10  # type: ignore[arg-type]


# --- generated: circle, arc, polyline, spiral --------------------------------------------------


def test_on_a_circle_from_the_top(game: Game) -> None:
    nodes = draw(game, along="circle", count=4, radius=10)
    spaces = spaces_of(nodes)
    assert [centre(s) for s in spaces] == approx([(50, 30), (60, 40), (50, 50), (40, 40)])
    side = 10 * R2 * 0.88
    assert [(s.w, s.h) for s in spaces] == approx([(side, side)] * 4)
    assert len(arrows_of(nodes)) == 4


def test_a_circle_placed_in_percent_and_turned(game: Game) -> None:
    spaces = spaces_of(draw(game, along="circle", count=2, radius=10, cx="10%", cy="10%", start=0, space=3))
    assert [centre(s) for s in spaces] == approx([(20, 8), (0, 8)])
    assert {s.w for s in spaces} == {3}


def test_one_space_alone(game: Game) -> None:
    [s] = spaces_of(draw(game, along="circle", count=1, radius=10))
    assert centre(s) == approx((50, 30)) and s.w == approx(8.8)


def test_on_an_arc(game: Game) -> None:
    spaces = spaces_of(draw(game, along="arc", count=3, radius=10))  # from -90 to 90 degrees
    assert [centre(s) for s in spaces] == approx([(50, 30), (60, 40), (50, 50)])
    spaces = spaces_of(draw(game, along="arc", count=3, radius=10, start=0, end="{e}", values={"e": 90}))
    assert [centre(s) for s in spaces] == approx([(60, 40), (50 + 5 * R2, 40 + 5 * R2), (50, 50)])


def test_spaces_too_close_together(game: Game) -> None:
    p = problem(game, along="circle", count=4, radius=0)
    assert p.path == f"{WHERE}.radius"
    assert p.expected == "a radius that lays the 4 spaces at least 1 mm apart (here 0 mm)" and p.found == "0"
    p = problem(game, along="arc", count=3, radius=10, start=20, end=20)
    assert p.path == f"{WHERE}.end" and p.expected.startswith("an end angle that lays the 3 spaces at least 1 mm")
    assert p.found == "20"
    # a small arc (radius 1) too short: a wider arc would do, so the end is named
    p = problem(game, along="arc", count=2, radius=1, start=0, end=30)
    assert p.path == f"{WHERE}.end"
    assert len(spaces_of(draw(game, along="arc", count=2, radius=1, start=0, end=180))) == 2
    # a negative radius (the track turned through the centre) is the key named
    p = problem(game, along="arc", count=3, radius=-10, start=20, end=20)
    assert p.path == f"{WHERE}.radius"
    p = problem(game, along="arc", count=3, radius=0)
    assert p.path == f"{WHERE}.radius"
    p = problem(game, along="polyline", count=3, points=[[0, 0], [0.99 * 2, 0]], loop=False)
    assert p.path == f"{WHERE}.points"
    assert p.expected == "points that lay the 3 spaces at least 1 mm apart (here 0.99 mm)"
    # a circle or a spiral with a radius, but too many spaces: the radius is named
    for along in ("circle", "spiral"):
        p = problem(game, along=along, count=100, radius=10)
        assert p.path == f"{WHERE}.radius" and p.expected.startswith("a radius that lays the 100 spaces")
    # exactly 1 mm apart is enough
    assert MIN_GAP == 1
    spaces = spaces_of(draw(game, along="polyline", count=3, points=[[0, 0], [2, 0]], loop=False))
    assert [centre(s) for s in spaces] == approx([(0, 0), (1, 0), (2, 0)])
    assert spaces[0].w == approx(0.88)


def test_along_a_polyline(game: Game) -> None:
    spaces = spaces_of(draw(game, along="polyline", count=4, points=[["10%", "50%"], [40, "50%"]], loop=False))
    assert [centre(s) for s in spaces] == approx([(10, 40), (20, 40), (30, 40), (40, 40)])
    assert spaces[0].w == approx(8.8)
    # a loop goes back to the first point: 60 mm in 4 steps of 15
    nodes = draw(game, along="polyline", count=4, points=[[0, 0], [30, 0]])
    assert [centre(s) for s in spaces_of(nodes)] == approx([(0, 0), (15, 0), (30, 0), (15, 0)])
    assert len(arrows_of(nodes)) == 4


def test_a_point_key_is_named(game: Game) -> None:
    p = problem(game, along="polyline", count=4, points=[[0, 0], [5, "x"]])
    assert p.path == f"{WHERE}.points[1][1]"
    p = problem(game, along="polyline", count=4, points=[["y", 0], [5, 5]])
    assert p.path == f"{WHERE}.points[0][0]"


def test_on_a_spiral(game: Game) -> None:
    # from 20 mm above the centre inwards; 2 whole turns end at the same angle, on the inner radius
    spaces = spaces_of(draw(game, along="spiral", count=5, radius=20, inner=5))
    assert centre(spaces[0]) == approx((50, 20)) and centre(spaces[-1]) == approx((50, 35))
    # to the centre by default
    spaces = spaces_of(draw(game, along="spiral", count=5, radius=20))
    assert centre(spaces[-1]) == approx((50, 40), abs=1e-9)
    # one and a half turns end opposite the start
    spaces = spaces_of(draw(game, along="spiral", count=5, radius=20, inner=5, turns=1.5, start=0, cx=0, cy=0))
    assert centre(spaces[0]) == approx((20, 0)) and centre(spaces[-1]) == approx((-5, 0), abs=1e-9)


def test_two_turns_by_default(game: Game) -> None:
    # the midpoint of the curve's length: two turns of a spiral from 20 to 0 pass it after about 1.4 turns
    from printkit.tracks import spiral
    default = [centre(s) for s in spaces_of(draw(game, along="spiral", count=3, radius=20))]
    assert default == approx(spiral(50, 40, 20, 0, 2, -90, 3))
    assert default[1] != pytest.approx(spiral(50, 40, 20, 0, 3, -90, 3)[1])


def test_spiral_turns_limits(game: Game) -> None:
    for turns in (0, -1, 50.5):
        p = problem(game, along="spiral", count=5, radius=20, turns=turns)
        assert p.path == f"{WHERE}.turns" and p.expected == "a number of turns greater than 0, at most 50"
    assert len(spaces_of(draw(game, along="spiral", count=5, radius=20, turns=50, arrows=False))) == 5
    # half a turn: from the top to the bottom
    spaces = spaces_of(draw(game, along="spiral", count=2, radius=20, inner=10, turns=0.5))
    assert [centre(s) for s in spaces] == approx([(50, 20), (50, 50)])


# --- the count -----------------------------------------------------------------------------------


def test_a_count_from_a_template(game: Game) -> None:
    ctx = ctx_of(game, {"n": 5, "half": 2.5, "big": 1001, "zero": 0, "all": 1000, "one": 1})
    assert _count(tel(along="rect", count="{n}"), ctx) == 5
    assert _count(tel(along="rect", count="{all}"), ctx) == 1000
    assert _count(tel(along="rect", count="{one}"), ctx) == 1
    assert _count(tel(along="rect", count=7), ctx) == 7
    for key in ("half", "big", "zero"):
        with pytest.raises(DataError) as err:
            _count(tel(along="rect", count=f"{{{key}}}"), ctx)
        [p] = err.value.problems
        assert p.path == f"{WHERE}.count" and p.expected == "a whole number of spaces from 1 to 1000"
        assert p.found == {"half": "2.5", "big": "1001", "zero": "0"}[key]
    assert len(spaces_of(draw(game, along="circle", count="{n}", radius=10, values={"n": 3}))) == 3


def test_a_space_a_millionth_of_a_mm_from_the_edge_is_on_it(game: Game) -> None:
    # cells a millionth of a mm wide: the first space's centre lies exactly 1e-6 mm inside the right edge (and the
    # bottom one): within the tolerance, so it is on that side; the tolerance is the only thing that says so
    texts = texts_of(draw(game, cells="0,0 1,1", cell=1e-6, x=10, y=10, label_at="outer", label_size=4))
    assert [t.anchor for t in texts] == ["end", "end"]
    assert texts[0].y == pytest.approx(10 + 0.5e-6 + 0.44e-6 - 1, abs=1e-12)  # bottom side: the pad above the edge
    # and one a millionth of a mm inside the left (and top) edge is on that side
    texts = texts_of(draw(game, cells="0,0 1,1 5,5", cell=1e-6, x=20, y=20, label_at="outer", label_size=4))
    assert [t.anchor for t in texts] == ["start", "start", "end"]
    assert texts[1].y == pytest.approx(20 + 1.5e-6 - 0.44e-6 + 1 + 2.88, abs=1e-12)
