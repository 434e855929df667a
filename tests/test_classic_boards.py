"""Classic boards (issue 18): checkerboard and line-crossing (go) grid modes with star points, and
labels in any sequence: lowercase letters, skipped letters, numbers counting either way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.drawing import Circle, Rect, Text
from printkit.drawing import Path as PathNode
from printkit.elements.grid import GridElement, column_labels, letter_labels, row_labels, star_points
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"


def grid(**keys: object) -> GridElement:
    return GridElement(type="grid", cell=10, **keys)  # type: ignore[arg-type]


def test_letter_sequences_keep_case_and_skip_letters() -> None:
    assert letter_labels("a", 8) == list("abcdefgh")
    assert letter_labels("A", 19, "I") == list("ABCDEFGHJKLMNOPQRST")
    assert letter_labels("h", 3, "i") == ["h", "j", "k"]
    assert letter_labels("Y", 4) == ["Y", "Z", "AA", "AB"]
    with pytest.raises(ValueError):
        letter_labels("I", 3, "I")


def test_columns_and_rows_count_either_way() -> None:
    assert column_labels(grid(rows=1, cols=4, first_col="a")) == ["a", "b", "c", "d"]
    assert column_labels(grid(rows=1, cols=4, first_col="1", cols_from="right")) == ["4", "3", "2", "1"]
    assert column_labels(grid(rows=1, cols=3, first_col="0")) == ["0", "1", "2"]
    assert row_labels(grid(rows=3, cols=1)) == ["3", "2", "1"]  # top to bottom: rank 1 at the bottom
    assert row_labels(grid(rows=3, cols=1, rows_from="top", first_row=0)) == ["0", "1", "2"]
    assert row_labels(grid(rows=3, cols=1, row_letters=True)) == ["C", "B", "A"]


def test_go_star_points() -> None:
    assert star_points(grid(rows=19, cols=19, mode="points", stars="go")) == [
        (c, r) for r in (3, 9, 15) for c in (3, 9, 15)]
    assert len(star_points(grid(rows=13, cols=13, mode="points", stars="go"))) == 9
    assert star_points(grid(rows=9, cols=9, mode="points", stars="go")) == [(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
    assert star_points(grid(rows=5, cols=5, mode="points", stars="1,1 3,3")) == [(1, 1), (3, 3)]


def face(name: str, w: float, h: float) -> list:  # type: ignore[type-arg]
    game = load_game(GAMES / "classic")
    v = game.variants[name][0]
    return draw_face(game, name, DrawContext(game, v, f"components.{name}"), w, h, 3).children


def test_chess_board_a1_is_dark_and_files_are_lowercase() -> None:
    nodes = face("chess", 200, 200)
    squares = [n for n in nodes if isinstance(n, Rect) and n.w == 20]
    assert len(squares) == 64
    a1 = next(s for s in squares if s.x == 20 and s.y == 160)
    h1 = next(s for s in squares if s.x == 160 and s.y == 160)
    assert a1.paint.fill == "#b58863" and h1.paint.fill == "#f0d9b5"
    assert sum(s.paint.fill == "#b58863" for s in squares) == 32
    texts = [n.text for n in nodes if isinstance(n, Text)]
    assert texts.count("a") == 2 and "A" not in texts  # first_col = "a" prints "a", above and below
    assert texts[:8] == list("abcdefgh") and texts.count("8") == 2 and len(texts) == 32


def test_go_board_lines_stars_and_labels() -> None:
    nodes = face("go19", 196, 196)
    [lines] = [n for n in nodes if isinstance(n, PathNode)]
    assert len(lines.segments) == 2 * (19 + 19)
    assert ("M", 17.0, 17.0) in lines.segments and ("L", 17.0 + 18 * 9, 17.0) in lines.segments
    stars = [(n.cx, n.cy) for n in nodes if isinstance(n, Circle)]
    assert stars == [(17 + c * 9, 17 + r * 9) for r in (3, 9, 15) for c in (3, 9, 15)]
    texts = [n.text for n in nodes if isinstance(n, Text)]
    assert "I" not in texts and texts[:19] == list("ABCDEFGHJKLMNOPQRST")
    ranks = [n for n in nodes if isinstance(n, Text) and n.text == "1"]
    assert all(n.y > 17 + 18 * 9 - 1 for n in ranks)  # rank 1 on the bottom line
    board = next(n for n in nodes if isinstance(n, Rect) and n.paint.fill == "#dcb35c")
    assert (board.x, board.w) == (17 - 4.5, 18 * 9 + 9)


def test_small_go_board_and_a_track_numbered_right_to_left() -> None:
    nodes = face("go9", 160, 200)
    texts = [n.text for n in nodes if isinstance(n, Text)]
    assert texts[:9] == list("abcdefghj")
    track = [n for n in nodes if isinstance(n, Text) and n.y > 180]
    assert [t.text for t in sorted(track, key=lambda t: t.x)] == ["8", "7", "6", "5", "4", "3", "2", "1"]
    assert len([n for n in nodes if isinstance(n, Circle)]) == 5


def test_the_proof_counts_squares_and_points(tmp_path: Path) -> None:
    result = run_cli("build", "classic", "--data", str(GAMES), "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    proof = json.loads((tmp_path / "classic" / "proof.json").read_text())
    found = {line["check"]: line["found"] for line in proof["passed"] if line["type"] in ("expect", "board-places")}
    assert found == {"chess-squares": 64, "go-points": 361, "small-go-points": 89}


BASE = """
[game]
title = "Boards"
[layouts.face]
elements = [ELEMENT]
[[components]]
id = "board"
kind = "board"
width = 150
height = 150
face = "face"
"""


@pytest.mark.parametrize(("element", "key", "expected"), [
    ('{ type = "grid", rows = 10, cols = 10, cell = 5, mode = "points", stars = "go" }', "stars",
     '"go" stars on a board of 9 x 9, 13 x 13 or 19 x 19 lines'),
    ('{ type = "grid", rows = 5, cols = 5, cell = 5, mode = "points", stars = "5,1" }', "stars",
     "star points on the board (columns 0 to 4, rows 0 to 4)"),
    ('{ type = "grid", rows = 5, cols = 5, cell = 5, mode = "points", stars = "1;1" }', "stars",
     'star points as "col,row col,row ..." or "go"'),
    ('{ type = "grid", rows = 5, cols = 5, cell = 5, labels = "chess", first_col = "I", skip = "I" }', "first_col",
     "a letter not in `skip`, or a whole number"),
    ('{ type = "grid", rows = 5, cols = 5, cell = 5, labels = "chess", first_col = "?" }', "first_col",
     "a letter not in `skip`, or a whole number"),
    ('{ type = "grid", rows = 5, cols = 5, cell = 5, mode = "spiral" }', "mode", "one of 'cells', 'checkerboard' or"),
])
def test_bad_boards_are_data_errors(tmp_path: Path, element: str, key: str, expected: str) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.toml").write_text(BASE.replace("ELEMENT", element))
    with pytest.raises(DataError) as err:
        game = load_game(folder)
        draw_face(game, "face", DrawContext(game, game.variants["board"][0], "components.board"), 150, 150, 0)
    [problem] = err.value.problems
    assert problem.path.endswith(key) and expected in problem.expected, problem
