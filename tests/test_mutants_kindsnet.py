"""Nets (``printkit/kinds/net.py``; the mutation target ``kindsnet``): the model's rules, the solid and its
unfolding, a face's content (fill, pips, symbol, text), glue tabs, the bleed, and the drawn net. In-process:
one small game loaded once, models validated and drawn directly.

Expectations come from geometry worked out here: a triangle's incircle (its radius the area over half the
perimeter, its centre as far from every side), distances from a point to a line by projection, where a
horizontal line crosses a triangle's sides, the six die faces drawn as pictures, a tab's hatching at 45°
every 2 mm, a band of the bleed's width outside every edge.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from conftest import game_from
from pydantic import ValidationError

from printkit.drawing import FOLD, Circle, Group, Paint, Path, Text, polygon, walk
from printkit.errors import DataError
from printkit.game import DrawContext, Game, Variant
from printkit.kinds import KINDS
from printkit.kinds import net as net_kind
from printkit.kinds.net import (
    DIE_PIPS,
    NetFace,
    NetModel,
    _distance_to_edge,
    _inscribed,
    _merged,
    _tab_art,
    _text_frame,
    chord,
    face_content,
    grown,
    make_net,
    make_solid,
    pip_centres,
)
from printkit.render.fonts import text_width
from printkit.symbols import SYMBOLS

R3 = math.sqrt(3)

GAME = """
[game]
title = "Nets"
[palette]
red = "#d62828"
[[sets.size]]
name = "small"
[[sets.size]]
name = "large"
[[sets.colour]]
name = "red"
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = 20
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return game_from(tmp_path_factory.mktemp("nets") / "g", GAME)


def net(**keys: Any) -> NetModel:
    return NetModel.model_validate({"id": "n", "kind": "net", "solid": "cube", "edge": 20, **keys})


def ctx_of(game: Game, values: dict[str, Any] | None = None) -> DrawContext:
    return DrawContext(game, Variant("v", {}, 1), "components.n", values)


def drawn(game: Game, comp: NetModel) -> Any:
    return KINDS["net"].draw(game, comp, Variant("v", {}, 1))


def problem(game: Game, comp: NetModel, fn: Any = None) -> Any:
    with pytest.raises(DataError) as err:
        (fn or (lambda: drawn(game, comp)))()
    [p] = err.value.problems
    return p


# --- the model's rules ---------------------------------------------------------------------------


def test_the_model_defaults() -> None:
    n = net()
    assert (n.tab, n.bleed, n.open, n.nest, n.faces, n.unfold, n.height, n.slant) == (6, 1.0, [], None, [], None, None,
                                                                                       None)
    assert n.all == NetFace() and net(bleed=5).bleed == 5
    with pytest.raises(ValidationError):
        net(bleed=5.01)


def test_height_or_slant_for_a_pyramid_only() -> None:
    assert net(solid="square-pyramid", height=10).height == 10 and net(solid="square-pyramid", slant=12).slant == 12
    for keys in ({}, {"height": 10, "slant": 12}):
        with pytest.raises(ValidationError, match="needs `height` or `slant`"):
            net(solid="square-pyramid", **keys)
    for solid in ("cube", "tetrahedron"):
        for keys in ({"height": 10}, {"slant": 12}):
            with pytest.raises(ValidationError, match=f"are for square pyramids, not a {solid}"):
                net(solid=solid, **keys)


@pytest.mark.parametrize("solid, faces", [("cube", 6), ("square-pyramid", 5), ("tetrahedron", 4)])
def test_faces_and_open_faces_by_solid(solid: str, faces: int) -> None:
    extra = {"height": 10} if solid == "square-pyramid" else {}
    names = list(net_kind.FACE_NAMES[solid])
    assert len(names) == faces
    assert len(net(solid=solid, faces=[{}] * faces, **extra).faces) == faces
    with pytest.raises(ValidationError, match=f"at most {faces} entries in `faces` for a {solid}"):
        net(solid=solid, faces=[{}] * (faces + 1), **extra)
    assert net(solid=solid, open=names[:faces - 2], **extra).open == names[:faces - 2]  # two faces left closed
    with pytest.raises(ValidationError, match="at least two faces of the"):
        net(solid=solid, open=names[:faces - 1], **extra)
    with pytest.raises(ValidationError, match="each face once"):
        net(solid=solid, open=[names[0], names[0]], **extra)
    with pytest.raises(ValidationError) as err:
        net(solid=solid, open=["lid"], **extra)
    assert f"`open`: faces of the {solid} ({', '.join(names)}), not 'lid'" in str(err.value)
    with pytest.raises(ValidationError, match="not 'lid'"):  # the first one named
        net(solid=solid, open=["lid", "roof"], **extra)


def test_nest_needs_a_varied_set_and_open_faces() -> None:
    assert net(vary=["size"], nest="size", open=["top"]).nest == "size"
    with pytest.raises(ValidationError, match=r"`nest` names a set in `vary` \(size, colour\), not 'shape'"):
        net(vary=["size", "colour"], nest="shape", open=["top"])
    with pytest.raises(ValidationError, match=r"\(none\), not 'size'"):
        net(nest="size", open=["top"])
    with pytest.raises(ValidationError, match="`nest` needs hollow solids"):
        net(vary=["size"], nest="size")


# --- the solid and its net -------------------------------------------------------------------------


def extents(solid: Any) -> list[float]:
    return sorted(max(v[i] for v in solid.vertices) - min(v[i] for v in solid.vertices) for i in range(3))


def test_the_solid_at_its_size(game: Game) -> None:
    ctx = ctx_of(game)
    cube = make_solid(ctx, net(edge=20))
    assert cube.name == "cube" and len(cube.faces) == 6
    assert max(v[0] for v in cube.vertices) - min(v[0] for v in cube.vertices) == pytest.approx(20)
    tetra = make_solid(ctx, net(solid="tetrahedron", edge=30))
    assert len(tetra.faces) == 4 and max(math.dist(a, b) for a in tetra.vertices for b in tetra.vertices) == (
        pytest.approx(30))
    pyramid = make_solid(ctx, net(solid="square-pyramid", edge=20, height=15))
    assert len(pyramid.faces) == 5 and extents(pyramid) == pytest.approx([15, 20, 20])
    slanted = make_solid(ctx, net(solid="square-pyramid", edge=20, slant=26))  # height √(26² - 10²) = 24
    assert extents(slanted) == pytest.approx([20, 20, 24])
    assert make_solid(ctx, net(edge=0.01)) is not None
    assert make_solid(ctx, net(solid="square-pyramid", edge=20, height=0.01)) is not None


def test_lengths_too_small_or_impossible(game: Game) -> None:
    ctx = ctx_of(game)
    p = problem(game, net(edge=0.005), lambda: make_solid(ctx, net(edge=0.005)))
    assert p.path.startswith("components.n.edge") and p.expected == "a length of at least 0.01 mm"
    comp = net(solid="square-pyramid", edge=20, height=0.005)
    p = problem(game, comp, lambda: make_solid(ctx, comp))
    assert p.path.startswith("components.n.height") and p.expected == "a length of at least 0.01 mm"
    comp = net(solid="square-pyramid", edge=20, slant=10)
    p = problem(game, comp, lambda: make_solid(ctx, comp))
    assert p.path.startswith("components.n.slant") and "greater than half the base edge (10 mm)" in p.expected
    comp = net(solid="square-pyramid", edge=20, slant=10.00001)  # a height of 0.02: too low... 0.0200 mm
    assert make_solid(ctx, comp) is not None
    edge, slant = 0.02, 0.01414213562373095  # a height of exactly 0.01 mm (√(slant² - edge²/4) in floating point)
    assert math.sqrt(slant * slant - edge * edge / 4) == 0.01
    assert make_solid(ctx, net(solid="square-pyramid", edge=edge, slant=slant)) is not None
    comp = net(solid="square-pyramid", edge=20, slant=10.000001)  # height √(2·10·1e-6) ≈ 0.0063 mm
    p = problem(game, comp, lambda: make_solid(ctx, comp))
    assert p.path.startswith("components.n.slant") and p.expected == "a slant that gives a height of at least 0.01 mm"


def test_open_faces_and_unfoldings(game: Game) -> None:
    ctx = ctx_of(game)
    full = make_net(ctx, net(tab=5))
    assert len(full.faces) == 6 and len(full.tabs) == 7 and full.bbox[:2] == pytest.approx((0, 0))
    hollow = make_net(ctx, net(open=["top"]))
    assert len(hollow.faces) == 5 and len(hollow.tabs) < 7
    p = problem(game, net(unfold="star"), lambda: make_net(ctx, net(unfold="star")))
    assert p.path.startswith("components.n.unfold") and p.expected == "one of cross"
    assert len(make_net(ctx, net(solid="square-pyramid", height=20, unfold="fan")).faces) == 5
    # the fan holds together by the sides' edges: without side 2 it falls apart, the star does not
    comp = net(solid="square-pyramid", height=20, open=["side 2"], unfold="fan")
    p = problem(game, comp, lambda: make_net(ctx, comp))
    assert p.path.startswith("components.n.unfold")
    assert p.expected.startswith("an unfolding that holds together without the open faces (")
    comp = net(solid="square-pyramid", height=20, open=["side 2"], unfold="wrap")
    p = problem(game, comp, lambda: make_net(ctx, comp))
    assert p.expected.startswith("one of ")
    comp = net(solid="square-pyramid", height=20, open=["base"])
    assert len(make_net(ctx, comp).faces) == 4


def test_tabs_as_deep_as_told(game: Game) -> None:
    ctx = ctx_of(game)
    tab = make_net(ctx, net(tab="3mm"))
    for t in tab.tabs:
        depth = max(_distance_to_edge(p, *t.edge) for p in t.polygon)
        assert depth == pytest.approx(3)


# --- geometry of a face ------------------------------------------------------------------------------


def line_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """By projection: |p - a| less its part along a→b."""
    ux, uy = (b[0] - a[0]) / math.dist(a, b), (b[1] - a[1]) / math.dist(a, b)
    vx, vy = p[0] - a[0], p[1] - a[1]
    along = vx * ux + vy * uy
    return math.sqrt(max(vx * vx + vy * vy - along * along, 0.0))


@pytest.mark.parametrize("p, a, b", [((3, 7), (1, 2), (6, 4)), ((-2, 5), (0, 0), (0, 9)), ((4, -1), (-3, 2), (5, 3)),
                                     ((0, 0), (2, 0), (2, 5)), ((1, 1), (7, 3), (-2, -6))])
def test_distance_from_a_point_to_a_side(p: Any, a: Any, b: Any) -> None:
    assert _distance_to_edge(p, a, b) == pytest.approx(line_distance(p, a, b))
    assert _distance_to_edge(p, b, a) == pytest.approx(line_distance(p, a, b))


@pytest.mark.parametrize("tri", [((0.0, 0.0), (4.0, 0.0), (0.0, -3.0)), ((1.0, 2.0), (9.0, 3.0), (4.0, -5.0)),
                                 ((0.0, 0.0), (18.0, 0.0), (9.0, -27.0))])
def test_a_triangle_incircle(tri: Any) -> None:
    a, b, c = (math.dist(tri[i], tri[j]) for i, j in ((1, 2), (0, 2), (0, 1)))
    area = abs((tri[1][0] - tri[0][0]) * (tri[2][1] - tri[0][1]) - (tri[2][0] - tri[0][0]) * (tri[1][1] - tri[0][1])) / 2
    x, y, r = _inscribed(tri)
    assert r == pytest.approx(area / ((a + b + c) / 2))
    for i in range(3):  # the centre as far from every side
        assert line_distance((x, y), tri[i - 1], tri[i]) == pytest.approx(r)
    inside = [((tri[j][0] - tri[i][0]) * (y - tri[i][1]) - (tri[j][1] - tri[i][1]) * (x - tri[i][0]))
              for i, j in ((0, 1), (1, 2), (2, 0))]
    assert all(v > 0 for v in inside) or all(v < 0 for v in inside)


def test_a_square_and_a_trapezoid_inscribed() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0))
    assert _inscribed(square) == pytest.approx((5.0, -5.0, 5.0))
    trapezoid = ((0.0, 0.0), (12.0, 0.0), (9.0, -4.0), (3.0, -4.0))  # centred on its corners' mean, to the nearest side
    x, y, r = _inscribed(trapezoid)
    assert (x, y) == pytest.approx((6.0, -2.0))
    assert r == pytest.approx(min(line_distance((6, -2), trapezoid[i - 1], trapezoid[i]) for i in range(4)))
    assert r == pytest.approx(2.0)


def test_where_a_horizontal_line_crosses_a_face() -> None:
    tri = ((0.0, 0.0), (10.0, 0.0), (4.0, -6.0))
    assert chord(tri, -3.0) == pytest.approx((2.0, 7.0))
    assert chord(tri, -1.5) == pytest.approx((1.0, 8.5))
    assert chord(tri, -6.0) == pytest.approx((4.0, 4.0))  # through the apex
    assert chord(tri, 0.0) == pytest.approx((0.0, 10.0))  # along the bottom edge: its ends
    assert chord(tri, -6.5) is None and chord(tri, 0.5) is None
    assert chord(tri, -6.05) is None and chord(tri, 0.05) is None  # a hair past the apex or the bottom edge
    other = ((0.0, 0.0), (4.0, -6.0), (10.0, 0.0))  # the other way round
    assert chord(other, -3.0) == pytest.approx((2.0, 7.0))
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0))
    assert chord(square, -4.0) == pytest.approx((0.0, 10.0))
    pentagon = ((0.0, 0.0), (10.0, 0.0), (12.0, -6.0), (5.0, -10.0), (-2.0, -6.0))
    # at y = -3: the sides (10, 0)-(12, -6) and (-2, -6)-(0, 0), half way up each
    assert chord(pentagon, -3.0) == pytest.approx((-1.0, 11.0))
    assert chord(pentagon, -8.0) == pytest.approx((-2 + 7 * 2 / 4, 12 - 7 * 2 / 4))
    slanted = ((2.0, 1.0), (12.0, -1.0), (5.0, -9.0))
    # left side (2, 1)-(5, -9): x = 2 + 3·(1 - y)/10; right side (12, -1)-(5, -9): x = 12 - 7·(-1 - y)/8
    assert chord(slanted, -5.0) == pytest.approx((2 + 3 * 6 / 10, 12 - 7 * 4 / 8))


# --- pips ------------------------------------------------------------------------------------


DIE_FACES = {
    1: ("...", ".o.", "..."),
    2: ("o..", "...", "..o"),
    3: ("o..", ".o.", "..o"),
    4: ("o.o", "...", "o.o"),
    5: ("o.o", ".o.", "o.o"),
    6: ("o.o", "o.o", "o.o"),
    7: ("o.o", "ooo", "o.o"),
    8: ("ooo", "o.o", "ooo"),
    9: ("ooo", "ooo", "ooo"),
}
"""Each number's pips on a 3 x 3 grid, top row first (y down)."""


@pytest.mark.parametrize("n", range(1, 10))
def test_die_pips_as_on_a_die(n: int) -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0))
    centres, pr = pip_centres(n, "die", square)
    half = 5.0 / math.sqrt(2)  # half the side of the square inside the face's incircle (radius 5)
    step = 0.62 * half  # the outer pips 0.62 of the way out to that square's sides
    want = sorted((5.0 + (col - 1) * step, -5.0 + (row - 1) * step)
                  for row, text in enumerate(DIE_FACES[n]) for col, c in enumerate(text) if c == "o")
    assert len(centres) == n == sum(row.count("o") for row in DIE_FACES[n])
    assert [list(p) for p in sorted(centres)] == [pytest.approx(list(p)) for p in want]
    assert pr == pytest.approx(0.24 * half)
    assert sorted(DIE_PIPS[n]) == sorted((col - 1, row - 1) for row, text in enumerate(DIE_FACES[n])
                                         for col, c in enumerate(text) if c == "o")


def test_no_pips() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0))
    assert pip_centres(0, "die", square) == ([], 0.0) and pip_centres(-1, "row", square) == ([], 0.0)
    assert pip_centres(1, "die", square)[0] == [pytest.approx((5.0, -5.0))]


def row_ok(poly: Any, n: int) -> tuple[list[tuple[float, float]], float]:
    centres, pr = pip_centres(n, "row", poly)
    _, _, r = _inscribed(poly)
    assert len(centres) == n and 0.05 * r - 1e-9 <= pr <= 0.3 * r + 1e-9
    ys = {round(y, 9) for _, y in centres}
    assert len(ys) == 1 and ys.pop() == pytest.approx(-(pr + r / 4))  # a row, its pips r/4 above the bottom edge
    xs = sorted(x for x, _ in centres)
    assert all(b - a == pytest.approx(2.6 * pr) for a, b in zip(xs, xs[1:]))  # 2.6 radii apart
    span = chord(poly, centres[0][1])
    assert span is not None
    assert (xs[0] + xs[-1]) / 2 == pytest.approx((span[0] + span[1]) / 2)  # centred on the face at that height
    assert xs[0] - pr - span[0] >= 1.2 * pr - 1e-6  # clear of the sides by 1.2 radii
    return centres, pr


def test_a_row_of_pips_on_a_square_face() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0))
    _, one = row_ok(square, 1)
    assert one == pytest.approx(0.3 * 5)  # one pip: as large as a row's pip may be
    _, two = row_ok(square, 2)
    _, three = row_ok(square, 3)
    assert three < two <= one
    # n pips and their room take (2.6·(n - 1) + 2 + 2.4) radii of the face's 10 mm: near the largest that fit
    assert three >= 0.7 * 10 / (2.6 * 2 + 2 + 2.4)
    _, nine = row_ok(square, 9)
    assert 0.7 * 10 / (2.6 * 8 + 2 + 2.4) <= nine < three
    # one pip on a 4 mm face: 0.3 of the 2 mm incircle radius; it and 1.2 radii of room each side take 2.64 mm of 4
    small = ((0.0, 0.0), (4.0, 0.0), (4.0, -4.0), (0.0, -4.0))
    _, tiny = row_ok(small, 1)
    assert tiny == pytest.approx(0.3 * 2.0)


def test_a_row_of_pips_on_narrow_triangles() -> None:
    for tri in (((0.0, 0.0), (18.0, 0.0), (9.0, -27.0)), ((0.0, 0.0), (10.0, 0.0), (5.0, -40.0))):
        for n in (1, 2, 3, 5):
            centres, pr = row_ok(tri, n)
            for x, y in centres:
                span = chord(tri, y)
                assert span is not None and span[0] + pr < x < span[1] - pr


def largest_row_pip(poly: Any, n: int) -> float:
    """The largest pip radius (up to a row's 0.3 r) for which ``n`` pips 2.6 radii apart, 1.2 radii clear of the
    sides, fit across the face at their own height (r / 4 above the bottom edge): found by bisection."""
    _, _, r = _inscribed(poly)
    lo, hi = 0.0, r
    for _ in range(60):
        m = (lo + hi) / 2
        span = chord(poly, -(m + r / 4))
        ok = span is not None and span[1] - span[0] >= (2.6 * (n - 1) + 2 + 2.4) * m
        lo, hi = (m, hi) if ok else (lo, m)
    return min(lo, 0.3 * r)


TRIANGLES = [((0.0, 0.0), (18.0, 0.0), (9.0, -27.0)), ((0.0, 0.0), (10.0, 0.0), (5.0, -40.0)),
             ((0.0, 0.0), (20.0, 0.0), (10.0, -10.0 * R3)), ((0.0, 0.0), (20.0, 0.0), (0.0, -20.0))]


@pytest.mark.parametrize("tri", TRIANGLES)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_short_row_of_pips_is_nearly_as_large_as_fits(tri: Any, n: int) -> None:
    # the last triangle is a right one: its incircle's centre is not over the middle of the row's chord
    _, pr = row_ok(tri, n)
    assert 0.85 * largest_row_pip(tri, n) <= pr <= largest_row_pip(tri, n) + 1e-6


def test_a_row_on_a_face_narrow_at_its_bottom_keeps_a_twentieth_of_the_incircle() -> None:
    funnel = ((4.0, 0.0), (6.0, 0.0), (10.0, -10.0), (0.0, -10.0))  # 2 mm wide at the bottom, 10 at the top
    _, _, r = _inscribed(funnel)
    for n in (5, 9):  # too many to fit at any size the row tries: the smallest pips allowed
        centres, pr = pip_centres(n, "row", funnel)
        assert len(centres) == n and pr == pytest.approx(0.05 * r)


def test_a_row_on_a_face_too_low_for_it_still_gets_its_pips() -> None:
    sliver = ((0.0, 0.0), (10.0, 0.0), (5.0, -0.5))  # the row's height (0.55 of the incircle's radius) misses it
    centres, pr = pip_centres(4, "row", sliver)
    cx, _, r = _inscribed(sliver)
    assert len(centres) == 4 and pr == pytest.approx(0.3 * r)
    assert all(y == pytest.approx(-(pr + r / 4)) for _, y in centres)
    assert sum(x for x, _ in centres) / 4 == pytest.approx(cx)
    xs = [x for x, _ in centres]
    assert all(b - a == pytest.approx(2.6 * pr) for a, b in zip(xs, xs[1:]))


# --- a face's content -----------------------------------------------------------------------------


SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, -10.0), (0.0, -10.0))


def test_faces_fall_back_to_all(game: Game) -> None:
    comp = net(all={"fill": "red", "pips": 2, "ink": "#ffffff"}, faces=[{"pips": 5}, {"fill": "#00ff00", "pips": 0}])
    first, second, third = (_merged(comp, i) for i in range(3))
    assert (first.fill, first.pips, first.ink) == ("red", 5, "#ffffff")
    assert (second.fill, second.pips) == ("#00ff00", 0)
    assert (third.fill, third.pips, third.ink) == ("red", 2, "#ffffff")
    assert _merged(net(), 5) == NetFace()


def test_a_face_filled_and_inked(game: Game) -> None:
    ctx = ctx_of(game)
    [fill, *pips] = face_content(ctx, NetFace(fill="red", pips=3, ink="#ffffff"), SQUARE)
    assert isinstance(fill, Path) and fill.paint.fill == "#d62828" == fill.paint.stroke and fill.paint.width == 0.3
    assert [s[1:] for s in fill.segments if s[0] != "Z"] == list(SQUARE)
    assert len(pips) == 3 and all(isinstance(p, Circle) and p.paint.fill == "#ffffff" for p in pips)
    black = face_content(ctx, NetFace(pips=1), SQUARE)
    assert [type(n).__name__ for n in black] == ["Circle"] and black[0].paint.fill == "#000000"
    assert face_content(ctx, NetFace(), SQUARE) == []
    assert face_content(ctx, NetFace(pips=0), SQUARE) == []
    row = face_content(ctx, NetFace(pips=2, pip_layout="row"), SQUARE)
    assert len({round(c.cy, 9) for c in row}) == 1 and row[0].cy > -5  # along the bottom, not a die's diagonal


@pytest.mark.parametrize("pips", [9, 0, "9"])
def test_pips_from_0_to_9(game: Game, pips: Any) -> None:
    assert len(face_content(ctx_of(game), NetFace(pips=pips), SQUARE)) == int(pips)


@pytest.mark.parametrize("pips", [10, -1, 2.5, 9.5])
def test_pips_outside_0_to_9(game: Game, pips: Any) -> None:
    with pytest.raises(DataError) as err:
        face_content(ctx_of(game), NetFace(pips=pips), SQUARE)
    [p] = err.value.problems
    assert p.path == "components.n.pips (variant v)" and p.expected == "a whole number of pips from 0 to 9"


def test_a_symbol_fills_the_face_middle(game: Game) -> None:
    ctx = ctx_of(game)
    [group] = face_content(ctx, NetFace(symbol="star", ink="#0000ff"), SQUARE)
    assert isinstance(group, Group) and group.transform == pytest.approx((6.25, 0, 0, 6.25, 5.0, -5.0))  # 1.25 r
    small = ((0.0, 0.0), (8.0, 0.0), (8.0, -8.0), (0.0, -8.0))
    [other] = face_content(ctx, NetFace(symbol="star"), small)
    assert other.transform == pytest.approx((5.0, 0, 0, 5.0, 4.0, -4.0))
    assert group.children[0].paint.fill == "#0000ff"
    assert face_content(ctx, NetFace(symbol="none"), SQUARE) == [] == face_content(ctx, NetFace(symbol=""), SQUARE)
    with pytest.raises(DataError) as err:
        face_content(ctx, NetFace(symbol="dragon"), SQUARE)
    [p] = err.value.problems
    assert p.expected == "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")" and "dragon" in p.found


def test_text_in_the_square_inside_the_incircle(game: Game) -> None:
    ctx = ctx_of(game, {"word": ""})
    box = 5 * math.sqrt(2)
    texts = [n for n in face_content(ctx, NetFace(text="Go", ink="#00ff00"), SQUARE) if isinstance(n, Text)]
    assert len(texts) == 1 and texts[0].text == "Go" and texts[0].fill == "#00ff00" and texts[0].font == "bold"
    assert texts[0].x == pytest.approx(5.0) and texts[0].anchor == "middle"
    assert texts[0].size <= 0.7 * box + 1e-9 and texts[0].size > 0.5 * box  # as large as the box allows
    assert -5 - box / 2 < texts[0].y < -5 + box / 2  # in the square inside the incircle
    assert abs(texts[0].y - 0.35 * texts[0].size - (-5)) < 0.1 * box  # its middle on the incircle's centre
    narrow = [n for n in face_content(ctx, NetFace(text="I"), SQUARE) if isinstance(n, Text)]
    assert narrow[0].size == pytest.approx(0.7 * box)  # a short word starts at 0.7 of the box and fits
    small = [n for n in face_content(ctx, NetFace(text="Go", text_size="6pt"), SQUARE) if isinstance(n, Text)]
    assert small[0].size == pytest.approx(6 * 25.4 / 72)
    assert face_content(ctx, NetFace(text="{word}"), SQUARE) == []


# --- glue tabs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dx, dy", [(0.0, 0.0), (3.0, 5.0), (-7.0, -2.5)])
def test_a_tab_hatched_every_2_mm_at_45_degrees(dx: float, dy: float) -> None:
    poly = tuple((x + dx, y + dy) for x, y in ((0.0, 0.0), (20.0, 0.0), (16.0, 6.0), (4.0, 6.0)))  # 6 deep under its edge
    out = _tab_art(poly, (poly[0], poly[1]))
    clip, hatch, label = out
    assert isinstance(clip, Path) and clip.paint.fill == net_kind.TAB_FILL == "#eeeeee" and clip.role == "art"
    assert isinstance(hatch, Group) and hatch.clip is clip
    lines = list(hatch.children)
    assert len(lines) == int((20 + 6) / 2) + 1  # every 2 mm across the box's width and height
    for k, ln in enumerate(lines):
        (x0, y0), (x1, y1) = ln.segments[0][1:], ln.segments[1][1:]
        assert (x0, y0) == pytest.approx((dx + 2.0 * k, dy)) and (x1 - x0, y1 - y0) == pytest.approx((-6.0, 6.0))
        assert ln.paint.stroke == net_kind.TAB_HATCH == "#b5b5b5" and ln.paint.width == 0.2
    # "glue" along the edge, half way into the tab, upright
    assert isinstance(label, Group)
    texts = [s for s, _ in walk([label], {}) if isinstance(s, Text)]
    assert [t.text for t in texts] == ["glue"] and texts[0].size == pytest.approx(2.6) and texts[0].fill == "#555555"
    assert label.transform == pytest.approx((1, 0, 0, 1, dx + 10.0, dy + 3.0))


def test_a_label_along_a_slanted_edge() -> None:
    a, b = (2.0, 1.0), (14.0, 7.0)
    length = math.dist(a, b)
    n = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length)  # the tab's side of the edge
    poly = (a, b, (b[0] + 4 * n[0] - 1, b[1] + 4 * n[1] - 0.5), (a[0] + 4 * n[0] + 1, a[1] + 4 * n[1] + 0.5))
    depth = max(line_distance(p, a, b) for p in poly)
    *_, label = _tab_art(poly, (a, b))
    assert isinstance(label, Group)
    turned = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    assert label.transform[4:] == pytest.approx((mx + n[0] * depth / 2, my + n[1] * depth / 2))
    assert math.degrees(math.atan2(label.transform[1], label.transform[0])) == pytest.approx(turned)
    [text] = [s for s, _ in walk([label], {}) if isinstance(s, Text)]
    size = min(depth * 0.55, 2.6)
    assert text.x == pytest.approx(0) and text.anchor == "middle" and text.size == pytest.approx(size)
    assert -size / 2 < text.y < size / 2  # on the frame's origin: half way into the tab
    # the same edge the other way round, its tab on the same side: the label still reads upright
    *_, back = _tab_art(poly, (b, a))
    assert back.transform == pytest.approx(label.transform)


@pytest.mark.parametrize(("edge", "tip", "origin"), [
    (((10.0, 10.0), (30.0, 10.0)), ((28.0, 4.0), (12.0, 4.0)), (20.0, 7.0)),  # above the panel's top edge
    (((10.0, 30.0), (30.0, 30.0)), ((28.0, 36.0), (12.0, 36.0)), (20.0, 33.0)),  # below its bottom edge
    (((10.0, 10.0), (10.0, 30.0)), ((4.0, 28.0), (4.0, 12.0)), (7.0, 20.0)),  # left of its left edge
    (((30.0, 10.0), (30.0, 30.0)), ((36.0, 28.0), (36.0, 12.0)), (33.0, 20.0)),  # right of its right edge
])
def test_a_label_sits_half_way_into_its_tab_on_every_side(edge: Any, tip: Any, origin: tuple[float, float]) -> None:
    # a 6 mm deep tab on each side of a panel (10, 10) to (30, 30), away from the origin; the tab's middle is
    # level with its edge's middle (on the vertical edges too)
    *_, label = _tab_art((*edge, *tip), edge)
    assert isinstance(label, Group)
    assert label.transform[4:] == pytest.approx(origin)
    [text] = [s for s, _ in walk([label], {}) if isinstance(s, Text)]
    assert 0 < text.y < 0.5 * text.size  # the word's lowercase body (half its size tall) across the tab's middle line


def test_no_label_on_a_shallow_or_short_tab() -> None:
    shallow = ((0.0, 0.0), (20.0, 0.0), (19.0, 2.0), (1.0, 2.0))  # 2 deep: text of 1.1 mm, too small
    assert len(_tab_art(shallow, ((0.0, 0.0), (20.0, 0.0)))) == 2
    edge_ok = ((0.0, 0.0), (20.0, 0.0), (19.0, 2.2), (1.0, 2.2))  # 2.2 deep: 1.21 mm text fits
    assert len(_tab_art(edge_ok, ((0.0, 0.0), (20.0, 0.0)))) == 3
    d = 1.2 / 0.55  # text of exactly 1.2 mm, the smallest printed
    assert d * 0.55 == 1.2
    at_limit = ((0.0, 0.0), (20.0, 0.0), (19.0, d), (1.0, d))
    assert len(_tab_art(at_limit, ((0.0, 0.0), (20.0, 0.0)))) == 3
    short = ((0.0, 0.0), (5.0, 0.0), (4.0, 6.0), (1.0, 6.0))  # "glue" at 2.6 mm is wider than half of 5 mm
    assert len(_tab_art(short, ((0.0, 0.0), (5.0, 0.0)))) == 2
    mid = ((0.0, 0.0), (12.0, 0.0), (10.0, 6.0), (2.0, 6.0))
    assert len(_tab_art(mid, ((0.0, 0.0), (12.0, 0.0)))) == 3
    # "glue" at 2.6 mm is 5.6 mm wide: it needs an edge more than twice that long
    width = text_width("glue", "regular", 2.6)
    for length, labelled in ((2 * width - 0.1, False), (2 * width, False), (2 * width + 0.1, True)):
        tab = ((0.0, 0.0), (length, 0.0), (length - 1.0, 6.0), (1.0, 6.0))
        assert (len(_tab_art(tab, ((0.0, 0.0), (length, 0.0)))) == 3) is labelled


@pytest.mark.parametrize("angle", [0, 30, 89, 90, 91, 150, 180, -30, -89, -90, -91, -150])
@pytest.mark.parametrize("side", [1, -1])
@pytest.mark.parametrize("far", [5.0, 0.5])
def test_a_label_frame_reads_upright_into_the_tab(angle: float, side: int, far: float) -> None:
    a = math.radians(angle)
    normal = (-math.sin(a) * side, math.cos(a) * side)  # towards the tab
    m = _text_frame(3.0, 4.0, angle, normal[0] * far, normal[1] * far, 6.0)
    # upright-ish: x along the edge, turned between -90 (exclusive) and 90 degrees
    turned = math.degrees(math.atan2(m[1], m[0]))
    assert -90 < turned <= 90 + 1e-9
    assert (turned - angle) % 180 == pytest.approx(0, abs=1e-9) or (turned - angle) % 180 == pytest.approx(180)
    assert (m[0], m[1], m[2], m[3]) == pytest.approx((math.cos(math.radians(turned)), math.sin(math.radians(turned)),
                                                      -math.sin(math.radians(turned)), math.cos(math.radians(turned))))
    # its origin half the tab's depth from the edge's middle, towards the tab
    assert (m[4], m[5]) == pytest.approx((3.0 + normal[0] * 3.0, 4.0 + normal[1] * 3.0))


# --- the bleed ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("reverse", [False, True])
def test_the_bleed_is_a_band_outside_every_edge(reverse: bool) -> None:
    poly = ((0.0, 0.0), (10.0, 0.0), (10.0, 6.0), (0.0, 6.0))
    poly = poly[::-1] if reverse else poly
    paint = net_kind.Paint(fill="#123456")
    out = grown(poly, 1.5, paint)
    strips, disks = out[:4], out[4:]
    assert [(d.cx, d.cy, d.r) for d in disks] == [(x, y, 1.5) for x, y in poly] and all(d.paint is paint for d in disks)
    for i, strip in enumerate(strips):
        a, b = poly[i - 1], poly[i]
        pts = [s[1:] for s in strip.segments if s[0] != "Z"]
        assert pts[:2] == [a, b] and strip.paint is paint
        for p, q in ((pts[3], a), (pts[2], b)):  # the far side: 1.5 out from the edge, away from the middle
            assert math.dist(p, q) == pytest.approx(1.5)
            assert math.dist(p, (5, 3)) > math.dist(q, (5, 3))
            assert line_distance(p, a, b) == pytest.approx(1.5)
    far = ((100.0, 0.0), (110.0, 0.0), (110.0, 6.0), (100.0, 6.0))  # away from the origin: out is away from its middle
    for strip, (a, b) in zip(grown(far, 1.0, paint)[:4], zip(far[-1:] + far[:-1], far, strict=True), strict=True):
        pts = [s[1:] for s in strip.segments if s[0] != "Z"]
        assert math.dist(pts[3], (105, 3)) > math.dist(a, (105, 3)) and math.dist(pts[2], (105, 3)) > math.dist(b, (105, 3))
    short = ((0.0, 0.0), (10.0, 0.0), (10.0, 0.5), (0.0, 0.5))  # a side of half a millimetre keeps its strip
    assert len([n for n in grown(short, 1.0, paint) if isinstance(n, Path)]) == 4
    doubled = ((0.0, 0.0), (0.0, 0.0), (10.0, 0.0), (5.0, 8.0))  # a repeated corner: no strip for its empty edge
    assert len([n for n in grown(doubled, 1.0, paint) if isinstance(n, Path)]) == 3


@pytest.mark.parametrize("reverse", [False, True])
def test_the_bleed_of_a_thin_face_lies_outside_it_too(reverse: bool) -> None:
    # the middle lies 0.25 mm from each long side: every strip still goes outward, none across the face
    thin = ((0.0, 0.0), (10.0, 0.0), (10.0, 0.5), (0.0, 0.5))
    thin = thin[::-1] if reverse else thin
    paint = net_kind.Paint(fill="#123456")
    for strip, (a, b) in zip(grown(thin, 1.0, paint)[:4], zip(thin[-1:] + thin[:-1], thin, strict=True), strict=True):
        pts = [s[1:] for s in strip.segments if s[0] != "Z"]
        for x, y in pts[2:4]:  # the far side: 1 mm from the face (its nearest point on the rectangle)
            near = (min(max(x, 0.0), 10.0), min(max(y, 0.0), 0.5))
            assert math.dist((x, y), near) == pytest.approx(1.0), (a, b, x, y)


# --- the drawn net ------------------------------------------------------------------------------------


def test_a_drawn_die(game: Game) -> None:
    comp = net(edge=20, bleed=1.2, faces=[{"pips": i, "fill": "red"} for i in range(1, 7)])
    art = drawn(game, comp)
    assert art.back is None and art.front.bleed == 1.2 and art.outline.bleed == 1.2
    [cut] = art.outline.children
    assert cut.role == "cut" and cut.paint.stroke == "#000000"
    shapes = list(walk(art.front.children, {}))
    pips = [s for s, _ in shapes if isinstance(s, Circle) and s.paint.fill == "#000000"]
    assert len(pips) == 21
    bleed_disks = [s for s, _ in shapes if isinstance(s, Circle) and s.paint.fill == "#d62828"]
    assert len(bleed_disks) == 24 and all(d.r == 1.2 for d in bleed_disks)  # 6 faces x 4 corners
    folds = [s for s, _ in shapes if isinstance(s, Path) and s.role == "fold"]
    under = [s for s, _ in shapes if isinstance(s, Path) and s.paint.stroke == "#ffffff"]
    assert len(folds) == 12 == len(under) and all(s.paint == FOLD for s in folds)
    assert [s.segments for s in under] == [s.segments for s in folds] and under[0].paint.width == 0.35
    laid = make_net(ctx_of(game), comp)
    edges = [*laid.folds, *(t.edge for t in laid.tabs)]
    assert [s.segments for s in folds] == [(("M", a[0], a[1]), ("L", b[0], b[1])) for a, b in edges]
    assert art.info == {"solid": "cube", "faces": 6, "tabs": 7, "assembled": (20.0, 20.0, 20.0)}
    tabs = [s for s, _ in shapes if isinstance(s, Path) and s.paint.fill == net_kind.TAB_FILL]
    assert [t.segments for t in tabs] == [polygon(t.polygon, Paint()).segments for t in laid.tabs]  # every tab drawn
    w, h = art.front.width, art.front.height
    assert (w, h) == (art.outline.width, art.outline.height)
    xs = [s[1] for s in cut.segments if s[0] != "Z"]
    ys = [s[2] for s in cut.segments if s[0] != "Z"]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, w, h))


def test_pips_land_on_their_face(game: Game) -> None:
    comp = net(edge=20, bleed=0, faces=[{"pips": i} for i in range(1, 7)])
    art = drawn(game, comp)
    net_shape = make_net(ctx_of(game), comp)
    groups = [n for n in art.front.children if isinstance(n, Group) and n.clip is None and
              any(isinstance(c, Circle) for c in n.children)]
    assert len(groups) == 6
    for g in groups:
        n = len(g.children)
        a, b, c, d, e, f = g.transform
        centre = [(a * s.cx + c * s.cy + e, b * s.cx + d * s.cy + f) for s in g.children]
        i = net_shape.solid.face_names.index(net_kind.FACE_NAMES["cube"][n - 1])
        face = net_shape.faces[i]
        fx, fy = sum(p[0] for p in face) / 4, sum(p[1] for p in face) / 4
        mx, my = sum(p[0] for p in centre) / n, sum(p[1] for p in centre) / n
        assert (mx, my) == pytest.approx((fx, fy))  # every die pattern centred on its face
    assert not [s for s, _ in walk(art.front.children, {}) if isinstance(s, Circle) and s.paint.fill != "#000000"]


def test_a_thin_bleed_still_drawn(game: Game) -> None:
    art = drawn(game, net(all={"fill": "red"}, bleed=0.5))
    assert len([s for s, _ in walk(art.front.children, {}) if isinstance(s, Circle) and s.r == 0.5]) == 24


def test_the_kind_is_registered() -> None:
    kind = KINDS["net"]
    assert (kind.doc, kind.sheet, kind.layout, kind.example) == (net_kind.__doc__, "nets", "pack", net_kind.EXAMPLE)


def test_no_bleed_no_fill_underneath(game: Game) -> None:
    art = drawn(game, net(all={"fill": "red"}, bleed=0))
    assert not [s for s, _ in walk(art.front.children, {}) if isinstance(s, Circle)]
    plain = drawn(game, net())
    assert not [s for s, _ in walk(plain.front.children, {}) if isinstance(s, Circle)]


def test_an_open_pyramid_drawn(game: Game) -> None:
    art = drawn(game, net(solid="square-pyramid", edge=20, height=30, open=["base"], all={"pips": 1}))
    assert art.info["open"] == ["base"] and art.info["faces"] == 4
    assert art.info["assembled"] == (30.0, 20.0, 20.0)  # height first, then the base's two sides
    pips = [s for s, _ in walk(art.front.children, {}) if isinstance(s, Circle)]
    assert len(pips) == 4
    tetra = drawn(game, net(solid="tetrahedron", edge=30.12345))
    w, d, h = tetra.info["assembled"]
    assert (w, d, h) == (30.123, round(30.12345 * R3 / 2, 3), round(30.12345 * math.sqrt(2 / 3), 3))


def test_face_problems_name_the_face(game: Game) -> None:
    comp = net(faces=[{}, {}, {"symbol": "dragon"}])
    with pytest.raises(DataError) as err:
        drawn(game, comp)
    [p] = err.value.problems
    assert p.path.startswith("components.n.faces[2].symbol")
