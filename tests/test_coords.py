"""Coordinates (issue 26): label sequences per axis (numbers, zero padding, letters, custom lists,
skips), the "0101" and "2B" schemes on hex and square grids, label placement, and the proof's
warning for a label that falls outside its piece (a 9 x 9 go board on a 7 mm margin)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from printkit.drawing import Text, walk
from printkit.elements.grid import sequence
from printkit.elements.hexgrid import label
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game
from printkit.proof import _notes, prove

GAMES = Path(__file__).resolve().parent / "games"


@pytest.mark.parametrize(("spec", "n", "skip", "expected"), [
    ("1", 3, [], ["1", "2", "3"]),
    ("01", 3, [], ["01", "02", "03"]),
    ("01", 11, [], [f"{k:02}" for k in range(1, 12)]),
    ("001", 2, [], ["001", "002"]),
    ("0", 3, [], ["0", "1", "2"]),
    ("-1", 3, [], ["-1", "0", "1"]),
    ("9", 3, ["10"], ["9", "11", "12"]),
    ("A", 4, [], ["A", "B", "C", "D"]),
    ("a", 3, [], ["a", "b", "c"]),
    ("H", 3, ["I"], ["H", "J", "K"]),
    ("Y", 4, [], ["Y", "Z", "AA", "AB"]),
    (["α", "β", "γ", "δ"], 3, [], ["α", "β", "γ"]),
    (["x", "y", "z"], 2, ["x"], ["y", "z"]),
])
def test_axis_label_sequences(spec: Any, n: int, skip: list[str], expected: list[str]) -> None:
    assert sequence(spec, n, skip) == expected


@pytest.mark.parametrize(("spec", "n", "message"), [
    ("1a", 2, "a first label"), ("", 1, "a first label"), ("AB", 2, "a first label"), ("--1", 1, "a first label"),
    (["a"], 2, "at least 2 labels"),
])
def test_bad_sequences_say_what_is_expected(spec: Any, n: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sequence(spec, n)


@pytest.mark.parametrize(("q", "r"), [(0, 0), (2, -1), (-3, 1), (1, 2), (-2, -2)])
def test_cube_labels_sum_to_zero_with_the_sign_of_s(q: int, r: int) -> None:
    text = label(q, r, "cube", "flat", True)
    a, b, s = (int(v) for v in text.split(","))
    assert (a, b) == (q, r) and a + b + s == 0 and s == -q - r


def labels(drawing: Any) -> list[tuple[str, float, float]]:
    return [(t.text, round(m[4] + t.x, 6), round(m[5] + t.y, 6)) for t, m in walk(drawing.children, {})
            if isinstance(t, Text)]


def test_the_coords_game_prints_the_wargame_and_2b_schemes() -> None:
    game = load_game(GAMES / "coords")
    drawing = draw_face(game, "map", DrawContext(game, game.variants["map"][0], "components.map"), 180, 200, 0)
    texts = [t for t, _, _ in labels(drawing)]
    hexes = texts[:30]
    assert hexes[:7] == ["0101", "0201", "0301", "0401", "0501", "0601", "0102"]  # rows, then columns
    assert set(hexes) == {f"{c:02}{r:02}" for c in range(1, 7) for r in range(1, 6)}
    assert texts[30:42] == [f"{c}{r}" for r in "ABC" for c in "1234"]
    assert texts[42:] == ["α", "β", "γ", "11", "12", "14"]  # 13 skipped
    ranks = [(t, y) for t, _, y in labels(drawing)[45:]]
    assert [y for _, y in ranks] == sorted((y for _, y in ranks), reverse=True)  # 11 at the bottom, up from there
    assert list(_notes(drawing)) == []  # every label on its piece


def test_hex_labels_sit_where_asked(tmp_path: Path) -> None:
    base = '{ type = "hexgrid", cols = 1, rows = 1, size = 10, cx = 50, cy = 40, labels = true, label_size = 4, '
    top, centre, moved = (
        labels(_face(tmp_path, base + extra + " }")) for extra in (
            'label_at = "top"', 'label_at = "centre"', 'label_at = "centre", label_offset = [3, -2]'))
    assert top == [("0,0", 50.0, round(40 - 4.2 + 1.4, 6))]
    assert centre == [("0,0", 50.0, 41.4)]
    assert moved == [("0,0", 53.0, 39.4)]


def test_grid_cell_labels_take_a_format_and_an_offset(tmp_path: Path) -> None:
    el = ('{ type = "grid", x = 10, y = 10, rows = 2, cols = 2, cell = 10, labels = "coords", col_labels = "a", '
          'row_labels = "01", rows_from = "top", label_format = "{row}-{col}", label_size = 5, label_offset = [1, 1] }')
    found = labels(_face(tmp_path, el))
    assert found == [("01-a", 16.0, 17.8), ("01-b", 26.0, 17.8), ("02-a", 16.0, 27.8), ("02-b", 26.0, 27.8)]


def test_a_go_board_whose_labels_fall_off_its_margin_warns(tmp_path: Path) -> None:
    el = ('{ type = "grid", x = 7, y = 7, rows = 9, cols = 9, cell = 20, mode = "points", labels = "chess", '
          'skip = "I", label_size = "8pt" }')
    game = _game(tmp_path, el, width=174, height=174)
    drawing = draw_face(game, "face", DrawContext(game, game.variants["sheet"][0], "components.sheet"), 174, 174, 0)
    [note] = list(_notes(drawing))  # the proof's fit warning: the labels reach past the trim
    assert note.element == "layouts.face.elements[0]" and "past the piece's trim" in note.problem
    assert 'text "A"' in note.problem and note.problem.startswith("text")
    report = prove(game, {"sheet": drawing})
    [line] = [ln for ln in report.lines if ln.type == "fit"]
    assert line.verdict == "warn" and line.pieces == ("sheet",)
    wide = draw_face(_game(tmp_path, el.replace("x = 7, y = 7", "x = 20, y = 20"), width=200, height=200), "face",
                     DrawContext(game, game.variants["sheet"][0], "components.sheet"), 200, 200, 0)
    assert list(_notes(wide)) == []

@pytest.mark.parametrize(("element", "key", "expected"), [
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, labels = "coords", col_labels = "1x" }', "col_labels", "a first label"),
    ('{ type = "grid", rows = 2, cols = 3, cell = 5, labels = "chess", col_labels = ["a", "b"] }', "col_labels",
     "at least 3 labels"),
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, labels = "coords", row_labels = "?" }', "row_labels", "a first label"),
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, labels = "coords", label_format = "{col}{nope}" }', "label_format",
     "a known template field"),
    ('{ type = "hexgrid", size = 5, cols = 3, labels = true, label_format = "{col}", col_labels = ["a"] }', "col_labels",
     "at least 3 labels"),
    ('{ type = "hexgrid", size = 5, rows = 2, labels = true, label_format = "{row}", row_labels = "Q1" }', "row_labels",
     "a first label"),
    # a padded number longer than Python reads as a number (4300 digits) once leaked its ValueError
    ('{ type = "hexgrid", size = 5, cols = 3, labels = true, label_format = "{col}", col_labels = "' + "0" * 5000 + '1" }',
     "col_labels", "a first label of at most 20 characters"),
    ('{ type = "grid", rows = 2, cols = 2, cell = 5, labels = "coords", row_labels = "' + "0" * 21 + '" }', "row_labels",
     "a first label of at most 20 characters"),
    # a whole number too large to read: the message says what is expected, not the parser's words
    ('{ type = "track", along = "rect", count = 8, first = 1e300 }', "first", "a whole number of at most 4300 digits"),
])
def test_bad_labels_are_data_errors(tmp_path: Path, element: str, key: str, expected: str) -> None:
    with pytest.raises(DataError) as err:
        _face(tmp_path, element)
    [problem] = err.value.problems
    assert problem.path.startswith(f"layouts.face.elements[0].{key}"), problem
    assert expected in problem.expected, problem


def _game(tmp_path: Path, element: str, width: float = 100, height: float = 80) -> Any:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(
        f'[game]\ntitle = "T"\n[layouts.face]\nelements = [{element}]\n'
        f'[[components]]\nid = "sheet"\nkind = "board"\nwidth = {width}\nheight = {height}\nface = "face"\n',
        encoding="utf-8")
    return load_game(folder)


def _face(tmp_path: Path, element: str) -> Any:
    game = _game(tmp_path, element)
    return draw_face(game, "face", DrawContext(game, game.variants["sheet"][0], "components.sheet"), 100, 80, 0)


def _centre(scheme: str, text: str, orientation: str, odd: bool, size: float) -> tuple[float, float]:
    """Where the cell a label names lies, worked out from the label alone (the usual hex-grid formulas)."""
    numbers = [int(v) for v in text.split(",")]
    root3 = math.sqrt(3)
    if scheme == "offset":  # col,row: flat tops push every other column down half a cell, pointy every other row right
        col, row = numbers
        if orientation == "flat":
            shift = 0.5 * (col % 2) if odd else -0.5 * (col % 2)
            return size * 1.5 * col, size * root3 * (row + shift)
        shift = 0.5 * (row % 2) if odd else -0.5 * (row % 2)
        return size * root3 * (col + shift), size * 1.5 * row
    if scheme == "cube":
        q, r, s = numbers
        assert q + r + s == 0, text
    else:
        q, r = numbers
    if orientation == "flat":  # +q: one column right, half a cell down; +r: one cell down
        return size * 1.5 * q, size * root3 * (r + q / 2)
    return size * root3 * (q + r / 2), size * 1.5 * r  # pointy: +q one cell right; +r a row down, half a cell right


@pytest.mark.parametrize(("scheme", "orientation", "offset"), [
    (scheme, orientation, offset) for scheme in ("offset", "axial", "cube") for orientation in ("flat", "pointy")
    for offset in ("odd", "even")])
def test_every_label_names_the_cell_it_is_printed_on(tmp_path: Path, scheme: str, orientation: str, offset: str) -> None:
    """In every scheme, each label read back as coordinates puts its cell where the label is printed (all labels
    the same way from their cell's centre); cube labels sum to zero; a hexagon map has negative coordinates too."""
    for shape in ('map = "rectangle", cols = 4, rows = 3', 'map = "hexagon", radius = 2'):
        folder = tmp_path / f"{scheme}-{orientation}-{offset}-{shape[7:10]}"
        folder.mkdir()
        (folder / "game.toml").write_text(
            f'[game]\ntitle = "H"\n[layouts.map]\nelements = [{{ type = "hexgrid", {shape}, size = 6, '
            f'orientation = "{orientation}", offset = "{offset}", coords = "{scheme}", labels = true, '
            'label_at = "centre" }]\n[[components]]\nid = "map"\nkind = "board"\nwidth = 120\nheight = 120\n'
            'face = "map"\n')
        game = load_game(folder)
        drawing = draw_face(game, "map", DrawContext(game, game.variants["map"][0], "components.map"), 120, 120, 0)
        printed = labels(drawing)
        assert len(printed) == (12 if "rectangle" in shape else 19)
        assert len({t for t, _, _ in printed}) == len(printed)
        shifts = set()
        for text, x, y in printed:
            cx, cy = _centre(scheme, text, orientation, offset == "odd", 6.0)
            shifts.add((round(x - cx, 4) + 0.0, round(y - cy, 4) + 0.0))
        assert len(shifts) == 1, (shape, sorted(printed)[:4], sorted(shifts)[:4])
