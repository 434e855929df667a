"""Numbers are numbers (issue 26): table values that read as numbers compare as numbers, a whole
expression prints whole, a missing field reads as empty; compact expectations (`counts`); and the
issue-28 survivors of expr.py and places.py, each pinned by a test that would fail on the mutant."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from conftest import run_expr

from printkit.errors import DataError
from printkit.expr import ExprError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game
from printkit.places import board_places
from printkit.proof import check_expectation, counted

GAMES = Path(__file__).resolve().parent / "games"


run = run_expr


# --- comparisons -----------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [("10", "9"), ("2.5", "-3"), (" 7", "07"), ("100", "99.5"), ("1e3", "999")])
def test_text_that_reads_as_numbers_compares_as_numbers(a: str, b: str) -> None:
    fa, fb = float(a), float(b)
    for op, want in (("<", fa < fb), ("<=", fa <= fb), (">", fa > fb), (">=", fa >= fb), ("==", fa == fb),
                     ("!=", fa != fb)):
        assert run(f"row.a {op} row.b", row={"a": a, "b": b}) is want, (a, op, b)


def test_text_keeps_a_value_as_text() -> None:
    row = {"a": "10", "b": "9"}
    assert run("row.a > row.b", row=row) is True
    assert run("text(row.a) > text(row.b)", row=row) is False  # "1" sorts before "9"
    assert run("text(row.a) == '10'", row=row) is True
    assert run("text(row.a) + text(row.b)", row=row) == "109"  # joined, not added
    assert run("row.a + row.b", row=row) == 19
    assert run("text(3 / 2)") == "1.5"
    assert run("'apple' < 'banana'") is True and run("row.a < 'x'", row=row) is True


@pytest.mark.parametrize("i", range(-2, 7))
def test_every_chained_comparison_checks_both_bounds(i: int) -> None:
    assert run("0 <= i < 3", i=i) is (0 <= i < 3)
    assert run("0 < i <= 3", i=i) is (0 < i <= 3)
    assert run("5 > i >= 1", i=i) is (5 > i >= 1)
    assert run("1 <= i <= 4 != i", i=i) is (1 <= i <= 4 != i)  # a third link is checked too (4 != 4)
    assert run("i == i == 2", i=i) is (i == 2)


@pytest.mark.parametrize(("a", "b"), [(-7, 3), (7, -3), (-7, -3), (-6, 3), (7.5, -2), (-0.5, 2)])
def test_remainder_takes_the_sign_of_the_divisor(a: float, b: float) -> None:
    got = run("a % b", a=a, b=b)
    assert got == a % b and (got == 0 or math.copysign(1, got) == math.copysign(1, b))  # type: ignore[arg-type]
    assert got == a - b * math.floor(a / b)


@pytest.mark.parametrize(("word", "truth"), [
    ("no", False), ("No", False), ("NO", False), ("none", False), ("None", False), ("false", False),
    ("False", False), ("0", False), ("", False), ("yes", True), ("1", True), ("true", True), ("x", True),
    ("nope", True), ("0.5", True),
])
def test_when_reads_every_false_word(tmp_path: Path, word: str, truth: bool) -> None:
    game = _game(tmp_path, f'[[sets.s]]\nname = "a"\nflag = "{word}"\n',
                 '{ type = "rect", when = "{s.flag}", w = 3, h = 3 }', vary='vary = ["s"]')
    assert _ctx(game).truthy("{s.flag}", "when") is truth
    assert _ctx(game).truthy("{not not s.flag}", "when") is truth  # the same words inside an expression


# --- printing and missing fields -----------------------------------------------------


def test_a_whole_expression_prints_a_whole_number(tmp_path: Path) -> None:
    game = _game(tmp_path, "", '{ type = "rect", w = 3, h = 3 }')
    ctx = _ctx(game)
    assert [ctx.text(f"{{({k} + 1) * ({k} + 2) / 2}}", "text") for k in range(4)] == ["1", "3", "6", "10"]
    assert ctx.text("{7 / 2}", "text") == "3.5"
    assert ctx.text("{1 > 0}", "text") == "true"
    assert ctx.text("{2 * 3}", "text") == "6"


def test_a_field_the_record_lacks_reads_as_empty(tmp_path: Path) -> None:
    sets = '[[sets.s]]\nname = "a"\nphase = 2\n[[sets.s]]\nname = "b"\n'
    game = _game(tmp_path, sets, '{ type = "rect", w = 3, h = 3 }', vary='vary = ["s"]')
    with_phase, without = (_ctx(game, i) for i in (0, 1))
    assert with_phase.resolve("{s.phase == ''}", "x") is False
    assert without.resolve("{s.phase == ''}", "x") is True
    assert without.resolve("{'new' if s.phase == '' else s.phase}", "x") == "new"
    with pytest.raises(DataError) as err:
        without.resolve("{s.phase * 2}", "x")
    assert "has no field `s.phase`" in err.value.problems[0].expected
    with pytest.raises(DataError) as err:  # an unknown set is still a typo, not an empty value
        without.resolve("{t.phase == ''}", "x")
    assert "a known template field" in err.value.problems[0].expected


# --- compact expectations ----------------------------------------------------------------


def test_counts_check_each_value_on_its_own_line() -> None:
    game = load_game(GAMES / "tallies")
    [terrains, board, _moons] = game.data.expect
    lines = check_expectation(game, terrains)
    assert [(ln.check, ln.expected, ln.found, ln.verdict) for ln in lines] == [
        ("terrains[terrain=forest]", 4, 4, "pass"), ("terrains[terrain=hills]", 3, 3, "pass"),
        ("terrains[terrain=lake]", 2, 2, "pass")]
    wrong = terrains.model_copy(update={"counts": {"forest": 5, "hils": 3}})
    bad = check_expectation(game, wrong)
    assert [(ln.found, ln.verdict) for ln in bad] == [(4, "fail"), (0, "fail")]
    assert 'no piece has terrain = hils (did you mean "hills"?)' in bad[1].detail
    places = check_expectation(game, board)
    assert [(ln.check, ln.found, ln.verdict) for ln in places] == [("board-places[cell]", 6, "pass"),
                                                               ("board-places[spot]", 6, "pass")]
    assert "map" in counted(game)  # a places expectation counts its board


@pytest.mark.parametrize(("expect", "expected"), [
    ('count = 3\ncounts = { a = 1 }\nper = "s"', "either `count` or `counts`"),
    ("", "a `count` (or `counts`"),
    ("counts = { a = 1 }", "`counts` with `per`"),
    ('counts = { a = "1" }\nper = "s"', "a whole number"),
    ('counts = { a = -1 }\nper = "s"', "a number of at least 0"),
])
def test_bad_counts_are_data_errors(tmp_path: Path, expect: str, expected: str) -> None:
    extra = f'[[expect]]\nid = "e"\ncomponents = ["sheet"]\nsource = "x"\n{expect}\n'
    with pytest.raises(DataError) as err:
        _game(tmp_path, '[[sets.s]]\nname = "a"\n', '{ type = "rect", w = 3, h = 3 }', tail=extra)
    [problem] = err.value.problems
    assert problem.path.startswith("expect[0]") and expected in problem.expected, problem


# --- places measured as drawn (issue 28 survivors) -------------------------------------------


def test_places_are_measured_from_independent_geometry(tmp_path: Path) -> None:
    elements = """
  { type = "grid", id = "go", x = 10, y = 12, cols = 3, rows = 2, cell = 7, mode = "points" },
  { type = "grid", id = "round", x = 50, y = 10, cols = 2, rows = 1, cell = 10, space = "circle", space_size = 8 },
  { type = "hexgrid", id = "hex", cx = 20, cy = 60, size = 6, cols = 1, rows = 1, orientation = "pointy" },
  { type = "flower", id = "fl", cx = 60, cy = 60, spacing = 8, rings = 1 },
"""
    game = _game(tmp_path, "", elements.strip().rstrip(","))
    places = board_places(game, game.components[0])
    go = [p for p in places if p.element == "go"]
    assert [(p.cx, p.cy) for p in go] == [(10 + 7 * c, 12 + 7 * r) for r in range(2) for c in range(3)]
    assert all(p.kind == "point" and p.size == 7 for p in go)
    rounds = [p for p in places if p.element == "round"]
    assert [(p.cx, p.cy, p.size, p.bounds()) for p in rounds] == [
        (55, 15, 8, (51, 11, 59, 19)), (65, 15, 8, (61, 11, 69, 19))]  # size is the diameter
    [hexcell] = [p for p in places if p.element == "hex"]
    nodes = _ctx(game).game and draw_face(game, "face", _ctx(game), 100, 100, 0).children
    corners = _hex_corners(nodes)
    across_corners = max(max(x for x, _ in corners) - min(x for x, _ in corners),
                         max(y for _, y in corners) - min(y for _, y in corners))
    # a hex cell is a hexagon (size: across the corners), measured as the drawing's own outline
    assert hexcell.shape == "hexagon" and hexcell.sub == "pointy"
    assert hexcell.size == pytest.approx(across_corners) and hexcell.size == pytest.approx(12)
    x0, y0, x1, y1 = hexcell.bounds()
    assert (x0, x1, y1 - y0) == pytest.approx((min(x for x, _ in corners), max(x for x, _ in corners), 12))
    petals = [p for p in places if p.matches(["petal"])]
    triangles = [p for p in places if p.matches(["triangle"])]
    assert petals and triangles and all(p.sub == "petal" for p in petals)
    assert len(petals) + len(triangles) == len([p for p in places if p.kind == "field"])


def test_square_cells_ring_spots_and_flower_fields_are_where_geometry_puts_them(tmp_path: Path) -> None:
    """Each place against its own trigonometry: square cells a cell wide around their centres; ring spots a
    space across on a circle of radius r from 3 o'clock clockwise; a flower turned 30 degrees: its lattice
    points on a hexagon of radius `spacing`, petals at the middle of two points, triangles at three points'
    centroid."""
    elements = """
  { type = "grid", id = "sq", x = 5, y = 5, cols = 2, rows = 2, cell = 9 },
  { type = "ring", id = "ring", cx = 50, cy = 30, r = 15, count = 6, start = -90, space = 6 },
  { type = "flower", id = "fl", cx = 50, cy = 70, spacing = 8, rings = 1, rotate = 30 },
"""
    game = _game(tmp_path, "", elements.strip().rstrip(","))
    places = board_places(game, game.components[0])

    def at(element: str, kind: str | None = None) -> list[Any]:
        return [p for p in places if p.element == element and (kind is None or p.kind == kind)]

    def polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
        return (cx + r * math.cos(math.radians(degrees)), cy + r * math.sin(math.radians(degrees)))

    def same(found: list[tuple[float, float]], expected: list[tuple[float, float]]) -> bool:
        def key(xy: tuple[float, float]) -> tuple[float, float]:
            return (round(xy[0], 6) + 0.0, round(xy[1], 6) + 0.0)

        return sorted(map(key, found)) == sorted(map(key, expected))

    squares = at("sq")
    assert [(p.cx, p.cy) for p in squares] == [(9.5, 9.5), (18.5, 9.5), (9.5, 18.5), (18.5, 18.5)]
    assert all(p.shape == "square" and p.size == 9 and p.bounds() == (p.cx - 4.5, p.cy - 4.5, p.cx + 4.5, p.cy + 4.5)
               for p in squares)
    spots = at("ring")
    assert [c for p in spots for c in (p.cx, p.cy)] == pytest.approx(
        [c for i in range(6) for c in polar(50, 30, 15, -90 + 60 * i)])  # in order, the first at the top
    assert spots[0].cy == pytest.approx(15) and all(p.shape == "circle" and p.size == 6 for p in spots)
    points = [(p.cx, p.cy) for p in at("fl", "point")]
    assert same(points, [(50, 70)] + [polar(50, 70, 8, 30 + 60 * k) for k in range(6)])
    petals = [(p.cx, p.cy) for p in at("fl", "field") if p.sub == "petal"]
    triangles = [(p.cx, p.cy) for p in at("fl", "field") if p.sub == "triangle"]
    assert same(petals, [polar(50, 70, 4, 30 + 60 * k) for k in range(6)]  # centre to a neighbour
                + [polar(50, 70, 8 * math.cos(math.radians(30)), 60 + 60 * k) for k in range(6)])  # neighbours
    assert same(triangles, [polar(50, 70, 8 / math.sqrt(3), 60 + 60 * k) for k in range(6)])


def _hex_corners(nodes: list[Any]) -> list[tuple[float, float]]:
    from printkit.drawing import Path as PathNode
    from printkit.drawing import walk

    for shape, m in walk(nodes, {}):
        if isinstance(shape, PathNode) and shape.closed and len(shape.segments) == 7:
            from printkit.drawing import apply
            return [apply(m, float(s[1]), float(s[2])) for s in shape.segments[:6]]
    raise AssertionError("no hexagon drawn")


# --- helpers ---------------------------------------------------------------------------------


def _game(tmp_path: Path, sets: str, elements: str, vary: str = "", tail: str = "") -> Any:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(
        f'[game]\ntitle = "N"\n{sets}\n[layouts.face]\nelements = [\n{elements}\n]\n'
        f'[[components]]\nid = "sheet"\nkind = "board"\nwidth = 100\nheight = 100\nface = "face"\n{vary}\n{tail}',
        encoding="utf-8")
    return load_game(folder)


def _ctx(game: Any, variant: int = 0) -> DrawContext:
    return DrawContext(game, game.variants["sheet"][variant], "layouts.face.elements[0]")


def test_expression_errors_stay_data_errors() -> None:
    with pytest.raises(ExprError, match="a number"):
        run("row.a * 2", row={"a": "ten"})
