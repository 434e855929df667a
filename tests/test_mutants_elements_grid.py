"""The `grid` element (``printkit/elements/grid.py``: its model, its axis labels, cells named in edges and
links, lines between cells, star points, and its drawing in cells, checkerboard and points modes; the
mutation target ``elements-grid``). In-process: one tiny game loaded once, elements validated and
drawn directly.

Expectations are worked out here: cell (c, r) spans x0 + c·cell to x0 + (c + 1)·cell; a point (c, r) of a
go board is at (x0 + c·cell, y0 + r·cell); a label's baseline is 0.36 of its size below its centre (9 pt
= 3.175 mm); chess labels sit 1.1 of the label size outside the board (half a cell more in points mode);
spreadsheet letters (Z, AA, ..., ZZ, AAA) and padded numbers written out.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import approx, board_toml, game_from, only_problem
from conftest import board_context as ctx_of
from pydantic import ValidationError

from printkit.drawing import Circle, Rect, Text
from printkit.drawing import Path as PathNode
from printkit.elements.grid import (
    GO_STARS,
    MAX_LABEL,
    GridElement,
    _grid,
    column_labels,
    letter_labels,
    row_labels,
    sequence,
    square_line,
    star_points,
)
from printkit.game import Game

WHERE = "layouts.face.elements[0]"
PT9 = 9 * 25.4 / 72

GAME = board_toml('{ type = "grid", rows = 1, cols = 1, cell = 10 }')


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return game_from(tmp_path_factory.mktemp("grid") / "g", GAME)


def gel(**fields: Any) -> GridElement:
    return GridElement.model_validate({"type": "grid", "rows": 2, "cols": 3, "cell": 10, **fields})


def draw(game: Game, pw: float = 100, ph: float = 80, values: dict[str, Any] | None = None, **fields: Any) -> list[Any]:
    """The element drawn on a piece ``pw`` x ``ph`` mm."""
    game.cache.clear()
    return _grid(gel(**fields), ctx_of(game, values), pw, ph, 0)


def problem(game: Game, **fields: Any) -> Any:
    return only_problem(lambda: draw(game, **fields))


def texts_of(nodes: list[Any]) -> list[Text]:
    return [n for n in nodes if isinstance(n, Text)]


def lines_of(nodes: list[Any]) -> list[PathNode]:
    return [n for n in nodes if isinstance(n, PathNode)]


def placed(texts: list[Text]) -> list[tuple[str, float, float]]:
    return [(t.text, t.x, t.y) for t in texts]


# --- the model ---------------------------------------------------------------------------------


def test_rows_and_cols_from_1_to_200() -> None:
    for key in ("rows", "cols"):
        assert getattr(gel(**{key: 1}), key) == 1 and getattr(gel(**{key: 200}), key) == 200
        for bad in (0, 201):
            with pytest.raises(ValidationError):
                gel(**{key: bad})


def test_first_col_of_1_to_4_characters_and_skip_of_26() -> None:
    assert gel(first_col="a").first_col == "a" and gel(first_col="1000").first_col == "1000"
    for bad in ("", "10000"):
        with pytest.raises(ValidationError):
            gel(first_col=bad)
    assert gel(skip="A" * 26).skip == "A" * 26
    with pytest.raises(ValidationError):
        gel(skip="A" * 27)


# --- letters and sequences ---------------------------------------------------------------------


def test_letter_labels_like_a_spreadsheet() -> None:
    assert letter_labels("A", 3) == ["A", "B", "C"]
    assert letter_labels("a", 3) == ["a", "b", "c"]
    assert letter_labels("Y", 4) == ["Y", "Z", "AA", "AB"]
    many = letter_labels("A", 26 + 26 * 26 + 2)
    assert many[25:28] == ["Z", "AA", "AB"] and many[51:53] == ["AZ", "BA"]
    assert many[700:] == ["ZY", "ZZ", "AAA", "AAB"]
    assert letter_labels("z", 2) == ["z", "aa"]


def test_letter_labels_skip_letters() -> None:
    assert letter_labels("H", 3, "I") == ["H", "J", "K"]
    assert letter_labels("H", 3, "i") == ["H", "J", "K"]
    assert letter_labels("Y", 3, "IZ") == ["Y", "AA", "AB"]
    assert letter_labels("A", 3, "") == ["A", "B", "C"]
    for first, skip in (("I", "I"), ("1", ""), ("é", "")):
        with pytest.raises(ValueError, match="a letter not in `skip`, or a whole number"):
            letter_labels(first, 3, skip)


def test_sequence_of_a_list() -> None:
    assert sequence(["x", "y", "z"], 2) == ["x", "y"]
    assert sequence(["x", "y", "z"], 2, ["x"]) == ["y", "z"]
    assert sequence(["x", "y", "z"], 3) == ["x", "y", "z"]
    with pytest.raises(ValueError) as err:
        sequence(["x", "y", "z"], 3, ["y"])
    assert str(err.value) == "a list of at least 3 labels (one per column or row; 2 given)"


def test_sequence_of_numbers() -> None:
    assert sequence("1", 3) == ["1", "2", "3"]
    assert sequence(" 3 ", 2) == ["3", "4"]
    assert sequence("0", 3) == ["0", "1", "2"]
    assert sequence("01", 3) == ["01", "02", "03"]
    assert sequence("08", 3) == ["08", "09", "10"]
    assert sequence("001", 2) == ["001", "002"]
    assert sequence("99", 2) == ["99", "100"]
    assert sequence("-2", 4) == ["-2", "-1", "0", "1"]
    assert sequence("-02", 4) == ["-02", "-01", "00", "01"]
    assert sequence("-10", 3, ["-9"]) == ["-10", "-8", "-7"]  # no padding unless a leading zero is written
    assert sequence("1", 3, ["2"]) == ["1", "3", "4"]
    assert sequence("1", 2, ["1", "2"]) == ["3", "4"]


def test_sequence_of_letters() -> None:
    assert sequence("A", 3) == ["A", "B", "C"]
    assert sequence("a", 2) == ["a", "b"]
    assert sequence("A", 3, ["B"]) == ["A", "C", "D"]
    assert sequence("Y", 3, ["AA"]) == ["Y", "Z", "AB"]
    assert sequence("A", 2, ["ZZ"]) == ["A", "B"]
    assert sequence("H", 3, ["I", "JK"]) == ["H", "J", "K"]


def test_sequence_refuses_the_rest() -> None:
    assert MAX_LABEL == 20
    assert sequence("0" * 19 + "1", 1) == ["0" * 19 + "1"]
    with pytest.raises(ValueError, match="a first label of at most 20 characters"):
        sequence("0" * 20 + "1", 1)
    for bad in ("AB", "--1", "1-", "1.5", "é", "", "-"):
        with pytest.raises(ValueError) as err:
            sequence(bad, 2)
        assert str(err.value).startswith("a first label: a whole number")


def test_column_labels() -> None:
    assert column_labels(gel()) == ["A", "B", "C"]
    assert column_labels(gel(first_col="h", skip="I")) == ["h", "j", "k"]
    assert column_labels(gel(first_col="1")) == ["1", "2", "3"]
    assert column_labels(gel(first_col="-1")) == ["-1", "0", "1"]
    assert column_labels(gel(first_col="9", cols_from="right")) == ["11", "10", "9"]
    # a spec: the skips of both keys
    assert column_labels(gel(col_labels="01", label_skip=["02"], skip="")) == ["01", "03", "04"]
    assert column_labels(gel(col_labels="A", skip="B", label_skip=["C"])) == ["A", "D", "E"]
    assert column_labels(gel(col_labels=["p", "q", "r"], cols_from="right")) == ["r", "q", "p"]


def test_row_labels_top_to_bottom() -> None:
    assert row_labels(gel(rows=3)) == ["3", "2", "1"]
    assert row_labels(gel(rows=3, rows_from="top")) == ["1", "2", "3"]
    assert row_labels(gel(rows=3, first_row=0, rows_from="top")) == ["0", "1", "2"]
    assert row_labels(gel(rows=2, row_letters=True)) == ["B", "A"]
    assert row_labels(gel(rows=2, row_letters=True, first_row=3, rows_from="top")) == ["C", "D"]
    assert row_labels(gel(rows=2, row_letters=True, first_row=27, rows_from="top")) == ["A", "B"]
    assert row_labels(gel(rows=2, row_letters=True, first_row=0, rows_from="top")) == ["Z", "AA"]
    # a spec: the label skips, not the column letters skipped
    assert row_labels(gel(rows=3, row_labels="A", skip="B", rows_from="top")) == ["A", "B", "C"]
    assert row_labels(gel(rows=3, row_labels="1", label_skip=["2"], rows_from="top")) == ["1", "3", "4"]
    assert row_labels(gel(rows=2, row_labels=["x", "y"])) == ["y", "x"]


# --- lines between cells -----------------------------------------------------------------------


def test_square_line() -> None:
    assert square_line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert square_line((1, 1), (1, 1)) == [(1, 1)]
    assert square_line((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]
    # half-way points round down (up to the lower cell), either way
    assert square_line((0, 0), (4, 2)) == [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)]
    assert square_line((4, 2), (0, 0)) == [(4, 2), (3, 1), (2, 1), (1, 0), (0, 0)]
    assert square_line((2, 5), (0, 0)) == [(2, 5), (2, 4), (1, 3), (1, 2), (0, 1), (0, 0)]
    assert square_line((0, 0), (1, 3)) == [(0, 0), (0, 1), (1, 2), (1, 3)]
    assert square_line((0, 0), (2, 4)) == [(0, 0), (0, 1), (1, 2), (1, 3), (2, 4)]  # half-way across, too
    # two thirds of the way round up, a third down
    assert square_line((0, 0), (3, 2)) == [(0, 0), (1, 1), (2, 1), (3, 2)]
    assert square_line((0, 0), (2, 3)) == [(0, 0), (1, 1), (1, 2), (2, 3)]
    # away from the corner: the steps depend on the distance only
    assert square_line((0, 3), (4, 5)) == [(0, 3), (1, 3), (2, 4), (3, 4), (4, 5)]
    assert square_line((3, 0), (5, 4)) == [(3, 0), (3, 1), (4, 2), (4, 3), (5, 4)]


# --- star points -------------------------------------------------------------------------------


def test_go_star_points() -> None:
    assert star_points(gel(rows=9, cols=9, stars="go")) == [(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
    assert GO_STARS[13] == (3, 6, 9)
    assert star_points(gel(rows=13, cols=13, stars=" go ")) == [(c, r) for r in (3, 6, 9) for c in (3, 6, 9)]
    assert star_points(gel(rows=19, cols=19, stars="go"))[:4] == [(3, 3), (9, 3), (15, 3), (3, 9)]
    assert len(star_points(gel(rows=19, cols=19, stars="go"))) == 9
    for rows, cols in ((9, 13), (13, 9), (10, 10)):
        with pytest.raises(ValueError, match='"go" stars on a board of 9 x 9, 13 x 13 or 19 x 19 lines'):
            star_points(gel(rows=rows, cols=cols, stars="go"))


def test_listed_star_points() -> None:
    assert star_points(gel()) == [] and star_points(gel(stars="   ")) == []
    assert star_points(gel(rows=3, cols=4, stars=" 0,0 3,2  1,2 ")) == [(0, 0), (3, 2), (1, 2)]
    for bad in ("1", "1,2,3", "a,1", "1,", "1.5,1", "x,1", "gone"):
        with pytest.raises(ValueError, match=r'star points as "col,row col,row \.\.\." or "go"'):
            star_points(gel(rows=3, cols=4, stars=bad))
    for bad in ("4,0", "0,3", "-1,0", "0,-1", "9,0", "0,9"):
        with pytest.raises(ValueError) as err:
            star_points(gel(rows=3, cols=4, stars=bad))
        assert str(err.value) == "star points on the board (columns 0 to 3, rows 0 to 2)"


# --- cells mode ----------------------------------------------------------------------------------


def test_cells_with_defaults(game: Game) -> None:
    nodes = draw(game)
    assert len(nodes) == 6 and all(isinstance(n, Rect) for n in nodes)
    assert [(n.x, n.y, n.w, n.h) for n in nodes] == [(0, 0, 10, 10), (10, 0, 10, 10), (20, 0, 10, 10),
                                                     (0, 10, 10, 10), (10, 10, 10, 10), (20, 10, 10, 10)]
    for n in nodes:
        assert (n.paint.fill, n.paint.stroke, n.paint.width) == (None, "#000000", pytest.approx(0.4))


def test_cells_placed_in_percent(game: Game) -> None:
    nodes = draw(game, x="10%", y="10%", cell="{c}", rows=1, cols=2, fill="#ff0000", stroke=None, width=1,
                 values={"c": 5})
    assert [(n.x, n.y, n.w) for n in nodes] == [(10, 8, 5), (15, 8, 5)]
    assert [(n.paint.fill, n.paint.stroke, n.paint.width) for n in nodes] == [("#ff0000", None, 1)] * 2


def test_checkerboard_from_the_bottom_left(game: Game) -> None:
    nodes = draw(game, rows=3, cols=2, mode="checkerboard", fill="#ffffff", alt_fill="#000000")
    # rows top to bottom; the bottom-left cell (0, 2) is alt
    assert [n.paint.fill for n in nodes] == ["#000000", "#ffffff", "#ffffff", "#000000", "#000000", "#ffffff"]
    nodes = draw(game, rows=2, cols=2, mode="checkerboard", fill="#ffffff", alt_fill="#000000", stroke="#ff0000",
                 width=0.7)
    assert [n.paint.fill for n in nodes] == ["#ffffff", "#000000", "#000000", "#ffffff"]
    assert {(n.paint.stroke, n.paint.width) for n in nodes} == {("#ff0000", 0.7)}
    # not a checkerboard: alt_fill unused
    nodes = draw(game, rows=2, cols=2, fill="#ffffff", alt_fill="#000000")
    assert {n.paint.fill for n in nodes} == {"#ffffff"}


def test_circle_spaces_and_rings(game: Game) -> None:
    nodes = draw(game, rows=1, cols=2, space="circle", fill="#ffffff")
    assert [(n.cx, n.cy, n.r) for n in nodes] == approx([(5, 5, 4.2), (15, 5, 4.2)])
    assert {n.paint.fill for n in nodes} == {"#ffffff"}
    nodes = draw(game, rows=1, cols=1, x=2, y=3, space="circle", space_size="{d}", rings=[3, "{big}"],
                 ring_stroke="#ff0000", ring_width=0.3, values={"d": 4, "big": 5})
    assert [(n.cx, n.cy, n.r) for n in nodes] == approx([(7, 8, 5), (7, 8, 3), (7, 8, 2)])  # the larger ring first
    assert [(n.paint.stroke, n.paint.width, n.paint.fill) for n in nodes[:2]] == [("#ff0000", 0.3, None)] * 2
    assert nodes[2].paint.stroke == "#000000"
    [space] = draw(game, rows=1, cols=1, space="circle", space_size=6)
    assert space.r == 3


def test_numbers_in_the_cells(game: Game) -> None:
    texts = texts_of(draw(game, labels="numbers"))
    assert [t.text for t in texts] == ["1", "2", "3", "4", "5", "6"]
    assert placed(texts)[:2] == approx([("1", 5, 5 + PT9 * 0.36), ("2", 15, 5 + PT9 * 0.36)])
    assert placed(texts)[3] == approx(("4", 5, 15 + PT9 * 0.36))
    t = texts[0]
    assert (t.size, t.fill, t.font, t.anchor) == (pytest.approx(PT9), "#000000", "regular", "middle")
    texts = texts_of(draw(game, labels="numbers", number_from=0, label_offset=[1, "{o}"], label_size=4,
                          label_fill="#0000ff", label_bold=True, values={"o": -2}))
    assert placed(texts)[4] == approx(("4", 16, 15 - 2 + 1.44))
    assert (texts[0].fill, texts[0].font, texts[0].size) == ("#0000ff", "bold", 4)
    texts = texts_of(draw(game, labels="numbers", label_fill="none"))
    assert texts[0].fill == "#000000"
    assert texts_of(draw(game, labels="none")) == []


# --- coordinates and chess labels ---------------------------------------------------------------


def test_coords_labels(game: Game) -> None:
    texts = texts_of(draw(game, labels="coords", label_size=4))
    # rows count from the bottom by default: the top row is 2
    assert placed(texts) == approx([("A2", 5, 6.44), ("B2", 15, 6.44), ("C2", 25, 6.44),
                                    ("A1", 5, 16.44), ("B1", 15, 16.44), ("C1", 25, 16.44)])
    texts = texts_of(draw(game, labels="coords", label_format="{row}-{col}", col_labels="01", row_labels="01",
                          rows_from="top", label_offset=[1, 2], label_size=4))
    assert [t.text for t in texts] == ["01-01", "01-02", "01-03", "02-01", "02-02", "02-03"]
    assert (texts[0].x, texts[0].y) == approx((6, 8.44))


def test_coords_on_points(game: Game) -> None:
    texts = texts_of(draw(game, mode="points", labels="coords", x=5, y=5, label_size=4))
    assert placed(texts)[:2] == approx([("A2", 5, 6.44), ("B2", 15, 6.44)])
    assert placed(texts)[5] == approx(("C1", 25, 16.44))


def test_chess_labels_in_cells_mode(game: Game) -> None:
    texts = texts_of(draw(game, labels="chess", x=10, y=10, label_size=4))
    gap = 4 * 1.1
    # the columns below the board (y 10 + 20 + gap), the ranks left (x 10 - gap), first rank first
    assert placed(texts) == approx([
        ("A", 15, 30 + gap + 1.44), ("B", 25, 30 + gap + 1.44), ("C", 35, 30 + gap + 1.44),
        ("1", 10 - gap, 25 + 1.44), ("2", 10 - gap, 15 + 1.44)])
    texts = texts_of(draw(game, labels="chess", x=10, y=10, label_size=4, col_side="top", rank_side="right",
                          rows_from="top", label_offset=[1, 2]))
    assert placed(texts) == approx([
        ("A", 16, 10 - gap + 2 + 1.44), ("B", 26, 10 - gap + 3.44), ("C", 36, 10 - gap + 3.44),
        ("1", 40 + gap + 1, 15 + 3.44), ("2", 40 + gap + 1, 25 + 3.44)])


def test_chess_labels_on_both_sides_or_none(game: Game) -> None:
    texts = texts_of(draw(game, labels="chess", col_side="both", rank_side="both", label_size=4))
    assert [t.text for t in texts] == ["A", "B", "C", "A", "B", "C", "1", "2", "1", "2"]
    gap = 4.4
    assert {round(t.y - 1.44, 6) for t in texts[:3]} == {round(20 + gap, 6)}
    assert {round(t.y - 1.44, 6) for t in texts[3:6]} == {round(-gap, 6)}
    assert {round(t.x, 6) for t in texts[6:8]} == {round(-gap, 6)}
    assert {round(t.x, 6) for t in texts[8:]} == {round(30 + gap, 6)}
    assert texts_of(draw(game, labels="chess", col_side="none", rank_side="none")) == []


def test_chess_labels_on_points(game: Game) -> None:
    # a go board of 2 x 3 lines: 20 x 10 mm between its outer lines; labels half a cell further out
    texts = texts_of(draw(game, mode="points", labels="chess", x=10, y=10, label_size=4, col_side="both",
                          rank_side="both"))
    gap = 5 + 4.4
    assert placed(texts) == approx([
        ("A", 10, 20 + gap + 1.44), ("B", 20, 20 + gap + 1.44), ("C", 30, 20 + gap + 1.44),
        ("A", 10, 10 - gap + 1.44), ("B", 20, 10 - gap + 1.44), ("C", 30, 10 - gap + 1.44),
        ("1", 10 - gap, 20 + 1.44), ("2", 10 - gap, 10 + 1.44),
        ("1", 30 + gap, 20 + 1.44), ("2", 30 + gap, 10 + 1.44)])


def test_bad_axis_specs_are_reported(game: Game) -> None:
    p = problem(game, labels="chess", col_labels="AB")
    assert p.path == f"{WHERE}.col_labels" and p.expected.startswith("a first label: a whole number")
    assert "AB" in p.found
    p = problem(game, labels="coords", first_col="I", skip="I")
    assert p.path == f"{WHERE}.first_col" and p.expected == "a letter not in `skip`, or a whole number"
    assert "I" in p.found
    p = problem(game, labels="chess", row_labels=["x"])
    assert p.path == f"{WHERE}.row_labels" and p.expected == "a list of at least 2 labels (one per column or row; 1 given)"
    # labels not drawn are not read
    assert len(draw(game, col_labels="AB", row_labels=["x"])) == 6


# --- points mode ---------------------------------------------------------------------------------


def test_points_lines_and_board(game: Game) -> None:
    nodes = draw(game, mode="points", x=10, y=5, fill="#eecc88", stroke="#112233", width=0.5)
    board, lines = nodes
    assert isinstance(board, Rect) and (board.x, board.y, board.w, board.h) == (5, 0, 30, 20)
    assert board.paint.fill == "#eecc88" and board.paint.stroke is None
    assert lines.segments == (("M", 10, 5), ("L", 30, 5), ("M", 10, 15), ("L", 30, 15),
                              ("M", 10, 5), ("L", 10, 15), ("M", 20, 5), ("L", 20, 15), ("M", 30, 5), ("L", 30, 15))
    assert (lines.paint.stroke, lines.paint.width, lines.paint.fill) == ("#112233", 0.5, None)
    # no fill: no board
    nodes = draw(game, mode="points")
    assert len(nodes) == 1 and isinstance(nodes[0], PathNode)


def test_points_stars(game: Game) -> None:
    nodes = draw(game, mode="points", rows=9, cols=9, cell=4, x=2, y=3, stars="go", stroke="#112233")
    stars = [n for n in nodes if isinstance(n, Circle)]
    assert [(s.cx, s.cy) for s in stars] == [(10, 11), (26, 11), (18, 19), (10, 27), (26, 27)]
    assert {(s.r, s.paint.fill, s.paint.stroke) for s in stars} == {(0.5, "#112233", None)}
    nodes = draw(game, mode="points", rows=3, cols=3, stars="1,1", star_size="{s}", stroke=None, values={"s": 3})
    [star] = [n for n in nodes if isinstance(n, Circle)]
    assert (star.cx, star.cy, star.r, star.paint.fill) == (10, 10, 1.5, "#000000")
    p = problem(game, mode="points", stars="go")
    assert p.path == f"{WHERE}.stars" and p.expected.startswith('"go" stars on a board') and "go" in p.found


# --- edges and links -----------------------------------------------------------------------------


STYLES = {"wall": {"stroke": "#ff0000", "width": 2, "dash": [1, "{gap}"]}}


def test_edges_of_a_cell(game: Game) -> None:
    nodes = draw(game, x=1, y=2, edges={"1,1": "n:wall e:#00ff00", " 0 , 0 ": "s:wall w:wall"}, edge_styles=STYLES,
                 values={"gap": 0.5})
    lines = lines_of(nodes)
    assert nodes[:6] == [n for n in nodes if isinstance(n, Rect)]  # the cells first
    # cell (1, 1) spans x 11..21, y 12..22; cell (0, 0) x 1..11, y 2..12
    assert [ln.segments for ln in lines] == [
        (("M", 11, 12), ("L", 21, 12)), (("M", 21, 12), ("L", 21, 22)),
        (("M", 1, 12), ("L", 11, 12)), (("M", 1, 2), ("L", 1, 12))]
    assert (lines[0].paint.stroke, lines[0].paint.width, lines[0].paint.dash) == ("#ff0000", 2, (1, 0.5))
    assert (lines[1].paint.stroke, lines[1].paint.width) == ("#00ff00", 1)


def test_edges_around_a_point(game: Game) -> None:
    # in points mode a point's cell is centred on it
    lines = lines_of(draw(game, mode="points", x=10, y=10, edges={"1,1": "n:#000000 e:#000000 s:#000000"}))[1:]
    assert [ln.segments for ln in lines] == [
        (("M", 15, 15), ("L", 25, 15)), (("M", 25, 15), ("L", 25, 25)), (("M", 15, 25), ("L", 25, 25))]


def test_bad_edges(game: Game) -> None:
    p = problem(game, edges={"3,0": "n:wall"}, edge_styles=STYLES)
    assert p.path == f"{WHERE}.edges.3,0"
    assert p.expected == 'a cell of the grid as "col,row" (columns 0 to 2, rows 0 to 1)' and "3,0" in p.found
    p = problem(game, edges={"0,2": "n:#000000"})
    assert p.path == f"{WHERE}.edges.0,2" and p.expected.startswith("a cell of the grid")
    for key in ("-1,0", "a,1", "1", "0,5", "7,0"):
        p = problem(game, edges={key: "n:#000000"})
        assert p.path == f"{WHERE}.edges.{key}" and p.expected.startswith("a cell of the grid")
    assert len(lines_of(draw(game, edges={"2,1": "n:#000000"}))) == 1
    p = problem(game, edges={"0,0": "up:wall"}, edge_styles=STYLES)
    assert p.path == f"{WHERE}.edges.0,0" and p.expected.startswith("edges written as direction:style")
    assert p.expected.endswith("n, e, s, w") and "up:wall" in p.found
    p = problem(game, edges={"0,0": "n:river"}, edge_styles=STYLES)
    assert p.path == f"{WHERE}.edges.0,0" and p.expected == "a name in `edge_styles` (wall) or a colour"


def test_straight_and_stepped_links(game: Game) -> None:
    nodes = draw(game, rows=3, cols=5, x=1, y=2, links=[{"cells": ["0,0", "4,2"]},
                                                         {"cells": ["0,0", "4,2", "4,0"], "route": "cells",
                                                          "style": "wall"}],
                 edge_styles=STYLES, values={"gap": 1})
    straight, stepped = lines_of(nodes)
    assert straight.segments == (("M", 6, 7), ("L", 46, 27))
    assert (straight.paint.stroke, straight.paint.width) == ("#000000", 1)
    # (0,0) (1,0) (2,1) (3,1) (4,2), then up (4,1) (4,0)
    assert stepped.segments == (("M", 6, 7), ("L", 16, 7), ("L", 26, 17), ("L", 36, 17), ("L", 46, 27),
                                ("L", 46, 17), ("L", 46, 7))
    assert stepped.paint.stroke == "#ff0000"


def test_links_on_points_and_bad_links(game: Game) -> None:
    [line] = lines_of(draw(game, mode="points", fill=None, stroke=None, x=10, y=10,
                           links=[{"cells": ["0,0", "2,1"], "route": "cells"}]))[1:]
    assert line.segments == (("M", 10, 10), ("L", 20, 10), ("L", 30, 20))
    p = problem(game, links=[{"cells": ["0,0", "1,1"]}, {"cells": ["0,0", "9,9"]}])
    assert p.path == f"{WHERE}.links[1].cells[1]" and "9,9" in p.found
    p = problem(game, links=[{"cells": ["0,0", "1,1"], "style": "road"}])
    assert p.path == f"{WHERE}.links[0].style" and p.expected == "a name in `edge_styles` (none defined) or a colour"


def test_rings_black_and_0_4_mm_by_default(game: Game) -> None:
    nodes = draw(game, rows=1, cols=1, space="circle", rings=[6])
    assert [(n.r, n.paint.stroke, n.paint.width, n.paint.fill) for n in nodes] == approx(
        [(6, "#000000", 0.4, None), (4.2, "#000000", 0.4, None)])
