"""Loops and arithmetic in templates (issue 18): `repeat` over a count or a range, nested, and
expressions such as {i * 22.5 + 4}; every limit is a one-line data error."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.drawing import Circle, Group, Rect, Text
from printkit.drawing import Path as PathNode
from printkit.errors import DataError
from printkit.expr import FUNCTIONS, ExprError, compile_expr, format_value
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"

BASE = """
[game]
title = "Loops"
[[sets.colour]]
name = "red"
n = 2
long = "LONG"
[[sets.colour]]
name = "blue"
n = 3
long = "LONG"
[layouts.face]
elements = [ELEMENT]
[[components]]
id = "sheet"
kind = "card"
width = "100mm"
height = "100mm"
vary = ["colour"]
face = "face"
"""


def draw(tmp_path: Path, element: str, variant: int = 0, base: str = BASE) -> list:  # type: ignore[type-arg]
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(base.replace("ELEMENT", element), encoding="utf-8")
    game = load_game(folder)
    v = game.variants["sheet"][variant]
    return draw_face(game, "face", DrawContext(game, v, "components.sheet"), 100, 100, 0).children


def flat(nodes: list, dx: float = 0.0, dy: float = 0.0) -> list:  # type: ignore[type-arg]
    """Leaf shapes with the translation of their groups, as (node, dx, dy)."""
    out = []
    for n in nodes:
        if isinstance(n, Group):
            out += flat(list(n.children), dx + n.transform[4], dy + n.transform[5])
        else:
            out.append((n, dx, dy))
    return out


def run(source: str, **values: object) -> object:
    def lookup(path: str) -> object:
        cur: object = values
        for part in path.split("."):
            if not isinstance(cur, dict) or part not in cur:
                raise KeyError(path)
            cur = cur[part]
        return cur
    return compile_expr(source)(lookup)


# --- expressions ------------------------------------------------------------------


@pytest.mark.parametrize(("source", "expected"), [
    ("i * 22.5 + 4", 49.0),
    ("i + 1", 3),
    ("7 // 2", 3),
    ("7 % 3", 1),
    ("2 ** 10", 1024),
    ("-i", -2),
    ("(i + 1) * 2", 6),
    ("max(i, 5) - min(1, i)", 4),
    ("abs(-3) + round(2.6) + floor(2.7) + ceil(2.1) + int(9.9)", 3 + 3 + 2 + 3 + 9),
    ("sqrt(16)", 4.0),
    ("round(cos(60), 6)", 0.5),
    ("round(sin(90) + tan(45), 6)", 2.0),
    ("i % 2 == 0", True),
    ("1 < i <= 2", True),
    ("1 < i <= 1", False),  # the upper bound is checked (i is 2)
    ("0 <= i - 3 < 5", False),  # and the lower one
    ("-7 % 3", 2),  # a remainder takes the sign of the divisor
    ("7 % -3", -2),
    ("i > 1 and i < 2", False),
    ("not i", False),
    ("'dark' if i % 2 else 'light'", "light"),
    ("row.cost * 2", 10),  # a CSV's text "5" computes as a number
    ("row.name + '!'", "ab!"),
    ("row.cost == 5", True),
    ("true", True),
    ("round(pi, 2)", 3.14),
])
def test_expressions_compute(source: str, expected: object) -> None:
    assert run(source, i=2, row={"cost": "5", "name": "ab"}) == expected


def test_expression_types_and_text() -> None:
    assert isinstance(run("i + 1", i=2), int)
    assert format_value(run("0.1 + 0.2")) == "0.3"
    assert format_value(run("i * 1.5", i=2)) == "3"
    assert format_value(run("i > 1", i=2)) == "true"
    assert compile_expr("row.cost * i + k").fields == ("row.cost", "i", "k")  # type: ignore[attr-defined]


@pytest.mark.parametrize(("source", "expected"), [
    ("x" * 201, "at most 200 characters"),
    ("+".join(["1"] * 60), "at most 80 parts"),
    ("open('f')", "a call of one of the functions abs, min"),
    ("__import__('os')", "a call of one of the functions"),
    ("(1).real", "a field name (no attribute of a computed value)"),
    ("i.__class__", None),  # a field path: looked up in the values, never Python's attribute
    ("row['cost']", "an expression of numbers, fields"),
    ("lambda: 1", "an expression of numbers, fields"),
    ("[1, 2]", "an expression of numbers, fields"),
    ("round(2.5, ndigits=1)", "with plain arguments"),
    ("max(*row)", "with plain arguments"),
    ("i if", "an expression of numbers, fields"),
    ("10 ** 13", "a result within ±1e+12"),
    ("2 ** 65", "an exponent of at most 64"),
    ("99999999999999", "a result within ±1e+12"),
    ("1 / 0", "a divisor other than 0"),
    ("5 % 0", "a divisor other than 0"),
    ("sqrt(-1)", "sqrt of a number of 0 or more"),
    ("'a' * 3", "a number (found text 'a')"),
    ("round(1, 2, 3)", "with the right number of arguments"),
    ("round(1, 20)", "with 0 to 10 digits"),
    ("max()", "at least one number"),
    ("cos", "a call such as cos(...)"),
    ("long + long", "a text result of at most 1000 characters"),
    ("1e300 * 1e300", "a result within ±1e+12"),
])
def test_expressions_refuse_what_is_not_allowed(source: str, expected: str | None) -> None:
    with pytest.raises((ExprError, KeyError)) as err:
        run(source, i=2, row={"cost": 5}, long="x" * 600)
    if expected is not None:
        assert expected in str(err.value)


def test_the_function_list_is_short_and_documented() -> None:
    assert len(FUNCTIONS) <= 12
    assert all(doc.startswith(name + "(") for name, (_, doc) in FUNCTIONS.items())


# --- repeat over counts and ranges -------------------------------------------------


def test_repeat_count_with_arithmetic_positions(tmp_path: Path) -> None:
    nodes = draw(tmp_path, '{ type = "repeat", count = 4, elements = [{ type = "circle", cx = "{i * 22.5 + 4}", '
                           'cy = "{10 + i ** 2}", r = 1 }] }')
    circles = [(n.cx + dx, n.cy + dy) for n, dx, dy in flat(nodes)]
    assert circles == [(4.0, 10.0), (26.5, 11.0), (49.0, 14.0), (71.5, 19.0)]


def test_repeat_range_counts_down_with_step_and_index(tmp_path: Path) -> None:
    nodes = draw(tmp_path, '{ type = "repeat", range = "10..1", step = 3, dx = 5, elements = ['
                           '{ type = "text", text = "{i}/{repeat.index}/{repeat.count}", w = 30 }] }')
    texts = [(n.text, dx) for n, dx, _ in flat(nodes)]
    assert texts == [("10/1/4", 0), ("7/2/4", 5), ("4/3/4", 10), ("1/4/4", 15)]


def test_nested_repeats_see_both_variables(tmp_path: Path) -> None:
    nodes = draw(tmp_path, '{ type = "repeat", range = "0..2", var = "r", elements = [{ type = "repeat", range = "0..3", '
                           'var = "c", elements = [{ type = "rect", x = "{c * 10}", y = "{r * 10}", w = 10, h = 10, '
                           "fill = \"{'black' if (r + c) % 2 else 'white'}\" }] }] }")
    rects = [n for n, _, _ in flat(nodes)]
    assert len(rects) == 12
    assert {(r.x, r.y) for r in rects} == {(c * 10.0, r * 10.0) for r in range(3) for c in range(4)}
    for r in rects:
        dark = (int(r.x // 10) + int(r.y // 10)) % 2 == 1
        assert r.paint.fill == ("#000000" if dark else "#ffffff")


def test_repeat_count_from_the_piece_and_when_with_arithmetic(tmp_path: Path) -> None:
    element = ('{ type = "repeat", count = "{colour.n}", elements = [{ type = "rect", x = "{i * 10}", w = 5, h = 5, '
               'when = "{i != 1}" }] }')
    assert len(flat(draw(tmp_path, element, 0))) == 1  # n = 2: copies 0 and 1, 1 skipped
    assert len(flat(draw(tmp_path, element, 1))) == 2  # n = 3: copies 0, 2


def test_repeat_over_a_set_keeps_its_record_and_gains_the_index(tmp_path: Path) -> None:
    nodes = draw(tmp_path, '{ type = "repeat", set = "colour", elements = [{ type = "text", '
                           'text = "{i}:{colour.name}:{colour.n * 10}", w = 30 }] }')
    assert [n.text for n, _, _ in flat(nodes)] == ["0:red:20", "1:blue:30"]


def test_text_mixes_fields_and_expressions(tmp_path: Path) -> None:
    nodes = draw(tmp_path, '{ type = "text", text = "{colour.name} scores {colour.n * 1.5} ({colour.n >= 2})", w = 90 }')
    assert [n.text for n in nodes if isinstance(n, Text)] == ["red scores 3 (true)"]


# --- every limit is a data error -----------------------------------------------------


@pytest.mark.parametrize(("element", "key", "expected"), [
    ('{ type = "repeat", count = 1001, elements = [{ type = "rect" }] }',
     "elements[0].count", "a whole number of copies from 0 to 1000"),
    ('{ type = "repeat", count = "{colour.n * 1000}", elements = [{ type = "rect" }] }',
     "elements[0].count", "a whole number of copies from 0 to 1000"),
    ('{ type = "repeat", count = "{colour.n / 4}", elements = [{ type = "rect" }] }',
     "elements[0].count", "a whole number of copies"),
    ('{ type = "repeat", count = "many", elements = [{ type = "rect" }] }',
     "elements[0].count", 'a whole number, or a template'),
    ('{ type = "repeat", range = "0..5000", elements = [{ type = "rect" }] }',
     "elements[0]", "a range of at most 1000 values"),
    ('{ type = "repeat", range = "0-18", elements = [{ type = "rect" }] }',
     "elements[0]", 'a range of whole numbers such as "0..18"'),
    ('{ type = "repeat", range = "0..{colour.name}", elements = [{ type = "rect" }] }',
     "elements[0].range", 'a range of whole numbers such as "0..18"'),
    ('{ type = "repeat", elements = [{ type = "rect" }] }',
     "elements[0]", "exactly one of `set`, `count` or `range` (found none)"),
    ('{ type = "repeat", set = "colour", count = 2, elements = [{ type = "rect" }] }',
     "elements[0]", "exactly one of `set`, `count` or `range` (found set, count)"),
    ('{ type = "repeat", count = 2, var = "I", elements = [{ type = "rect" }] }',
     "elements[0].var", "a name of lowercase letters"),
    ('{ type = "repeat", count = "{colour.n * 100}", elements = [{ type = "repeat", count = "{colour.n * 100}", '
     'var = "j", elements = [{ type = "rect" }] }] }',
     "elements[0].elements[0].count", "at most 10000 copies in one face, nested repeats multiplied"),
    ('{ type = "repeat", count = 200, elements = [{ type = "repeat", count = 200, var = "j", elements = [{ type = "rect" }] }] }',
     "elements", "at most 20,000 elements drawn on one face"),  # known before drawing: refused at load
    ('{ type = "repeat", count = 3, elements = [{ type = "grid", rows = 200, cols = 200, cell = 0.5 }] }',
     "elements[0].count", "a repeat drawing at most 100000 shapes"),
    ('{ type = "rect", x = "{open(1)}", w = 3, h = 3 }', "elements[0].x", "a call of one of the functions"),
    ('{ type = "rect", x = "{colour.n / 0}", w = 3, h = 3 }', "elements[0].x", "a divisor other than 0"),
    ('{ type = "rect", x = "{colour.nope + 1}", w = 3, h = 3 }', "elements[0].x", "has no field `colour.nope`"),
    ('{ type = "text", text = "{colour.long + colour.long}" }', "elements[0].text", None),
    ('{ type = "rect", x = "{2 ** 100}", w = 3, h = 3 }', "elements[0].x", "an exponent of at most 64"),
    ('{ type = "rect", x = "{colour.n.__class__}", w = 3, h = 3 }', "elements[0].x", "a known template field"),
])
def test_every_limit_is_a_data_error(tmp_path: Path, element: str, key: str, expected: str | None) -> None:
    with pytest.raises(DataError) as err:
        base = BASE.replace('long = "LONG"', 'long = "' + "x" * 600 + '"')
        draw(tmp_path, element, base=base)
    [problem] = err.value.problems
    # load-time errors name the element's type after its index (pydantic's tag): elements[0].repeat.count
    assert problem.path.replace(".repeat.", ".").startswith(f"layouts.face.{key}"), problem
    assert expected is None or expected in problem.expected, problem
    if expected is None:
        assert "at most 1000 characters" in problem.expected


def test_a_bad_expression_fails_the_build_in_one_line(tmp_path: Path) -> None:
    game = tmp_path / "data" / "bad"
    game.mkdir(parents=True)
    (game / "game.toml").write_text(BASE.replace("ELEMENT", '{ type = "rect", x = "{__import__(1)}", w = 3, h = 3 }'))
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "elements[0].x" in lines[0], result.stderr
    assert "Traceback" not in result.stderr


# --- the example game ----------------------------------------------------------------


@pytest.fixture(scope="module")
def loops(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("loops")
    result = run_cli("build", "loops", "--data", str(GAMES), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out / "loops"


def test_the_loops_game_dial_and_board(loops: Path) -> None:
    game = load_game(GAMES / "loops")
    v = game.variants["dial"][0]
    nodes = flat(draw_face(game, "dial", DrawContext(game, v, "components.dial"), 190, 265, 3).children)
    ticks = [n for n, _, _ in nodes if isinstance(n, PathNode)]
    assert len(ticks) == 24
    for k, tick in enumerate(ticks):
        _, x, y = tick.segments[0]
        assert x == pytest.approx(95 + 60 * math.cos(math.radians(k * 15)))
        assert y == pytest.approx(80 + 60 * math.sin(math.radians(k * 15)))
    labels = [n.text for n, _, _ in nodes if isinstance(n, Text)]
    assert labels[:12] == [str(k) for k in range(0, 24, 2)]
    assert labels[12:] == ["12", "10", "8", "6", "4", "2"]
    squares = [n for n, _, _ in nodes if isinstance(n, Rect) and n.w == 10]
    assert len(squares) == 64 and len({(s.x, s.y) for s in squares}) == 64
    assert sum(1 for s in squares if s.paint.fill == "#5a3a22") == 32
    rings = [(n.cx + dx) for n, dx, _ in nodes if isinstance(n, Circle)]
    assert rings == [60, 74, 88, 102, 116, 130]


def test_the_loops_game_cards_show_their_level(loops: Path) -> None:
    game = load_game(GAMES / "loops")
    for v in game.variants["level-card"]:
        nodes = flat(draw_face(game, "card", DrawContext(game, v, "components.level-card"), 63, 88, 3).children)
        stars = [n for n, _, _ in nodes if isinstance(n, Group) or type(n).__name__ == "Path"]
        n = v.values["level"]["n"]
        assert len(stars) == n
    assert (loops / "proof.json").is_file()


def test_a_bad_expression_on_a_csv_value_names_its_key(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "cards.csv").write_text("name,cost\na,3\n")
    (folder / "game.toml").write_text('[game]\ntitle = "C"\n[layouts.face]\nelements = [{ type = "rect", '
                                      'x = "{row.cost / 0}", w = 3, h = 3 }]\n[[components]]\nid = "c"\nkind = "card"\n'
                                      'size = "poker"\ntable = "cards.csv"\nface = "face"\n')
    game = load_game(folder)
    with pytest.raises(DataError) as err:
        draw_face(game, "face", DrawContext(game, game.variants["c"][0], "components.c"), 63, 88, 0)
    [problem] = err.value.problems
    assert problem.path.startswith("layouts.face.elements[0].x") and problem.expected == "a divisor other than 0"
