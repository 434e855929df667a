"""The hex map element beyond its coordinates and geometry (``printkit/elements/hexgrid.py``: the
element's fields and limits, its cells, records, labels, edges, links, frame and outline; the
mutation target ``hexrest``). In-process: one tiny game loaded once, elements validated and drawn
directly.

Expectations come from the geometry and the data written here: where a flat or pointy cell's
corners and edges lie (a hexagon of circumradius s has its sides s·√3/2 from its centre), the
offset layout's push of every other column, a polygon's area as width x height, a frame's edges
parallel to the map's at the frame's width, positions read off the drawn cells themselves.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from conftest import board_context as ctx_of
from conftest import board_toml, game_from, only_problem
from pydantic import ValidationError

from printkit.drawing import Group, Text
from printkit.drawing import Path as PathNode
from printkit.elements.hexgrid import (
    HexgridElement,
    _area,
    _hexgrid,
    _loop_segments,
    _normal,
    _turn,
    cell_names,
    grow,
    map_cells,
    outline,
    table_rows,
)
from printkit.errors import DataError
from printkit.game import Game
from printkit.model import Element  # noqa: F401  (builds the Element union a hexgrid's elements take)

R3 = math.sqrt(3)
WHERE = "layouts.face.elements[0]"

SETS = """
[[sets.land]]
name = "a"
cell = "0,0"
fill = "#ff0000"
edges = "s:#0000ff"
[[sets.land]]
name = "b"
cell = "1,0"
fill = ""
edges = "   "
[[sets.land]]
name = "c"
cell = "0,1"
[[sets.offmap]]
name = "fine"
cell = "0,0"
[[sets.offmap]]
name = "far"
cell = "9,9"
[[sets.twice]]
name = "t1"
cell = "1,0"
[[sets.twice]]
name = "t2"
cell = "1,0"
[[sets.number]]
name = "n"
cell = 5
[[sets.badedge]]
name = "e"
cell = "1,0"
edges = "up:#000000"
"""
GAME = board_toml('{ type = "hexgrid", size = 5 }', SETS)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return game_from(tmp_path_factory.mktemp("hexrest") / "g", GAME, **{
        "map.csv": 'cell,mark,fill,edges\n"0,0",A,#00ff00,\n"1,0",B,,n:#0000ff\n',
        "nocell.csv": "where,mark\n1,a\n",
        "empty.csv": "cell,mark\n",
        "row3.csv": 'cell,mark\n"0,0",A\n"7,7",B\n',
        "badedge.csv": 'cell,edges\n"1,0",up:#000000\n',
        "limit.csv": "cell\n" + "x\n" * 5000,
        "over.csv": "cell\n" + "x\n" * 5001,
        "latin.csv": b'cell,mark\n"0,0",caf\xe9\n'})


def hexel(**fields: Any) -> HexgridElement:
    return HexgridElement.model_validate({"type": "hexgrid", "size": 10, **fields})


def draw(game: Game, w: float = 100, h: float = 80, values: dict[str, Any] | None = None, **fields: Any) -> list[Any]:
    # The element memo keys a child element's drawing by id(): the elements made here live one test, so a new one
    # may get a freed one's id. Forget what earlier tests drew (a game's own elements live as long as it does).
    game.cache.clear()
    return _hexgrid(hexel(**fields), ctx_of(game, values), w, h, 0)


def problem(game: Game, **fields: Any) -> Any:
    return only_problem(lambda: draw(game, **fields))


def cells_of(nodes: list[Any]) -> list[PathNode]:
    """The cells' outlines: closed paths of six corners."""
    return [n for n in nodes if isinstance(n, PathNode) and len(n.segments) == 7]


def middle(path: PathNode) -> tuple[float, float]:
    pts = [s[1:] for s in path.segments if s[0] != "Z"]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def corner_points(path: PathNode) -> list[tuple[float, float]]:
    return [(s[1], s[2]) for s in path.segments if s[0] != "Z"]


# --- the element's fields and limits -----------------------------------------------------------


def test_defaults_one_cell_outlined_in_black_no_frame_no_labels(game: Game) -> None:
    nodes = draw(game)
    assert len(nodes) == 1 and isinstance(nodes[0], PathNode)
    [cell] = nodes
    assert cell.paint.stroke == "#000000" and cell.paint.width == pytest.approx(0.4) and cell.paint.fill is None
    # centred on the 100 x 80 piece: a flat cell of size 10 spans 20 x 10·√3
    xs = [p[0] for p in corner_points(cell)]
    ys = [p[1] for p in corner_points(cell)]
    assert (min(xs), max(xs)) == pytest.approx((40.0, 60.0))
    assert (min(ys), max(ys)) == pytest.approx((40 - 5 * R3, 40 + 5 * R3))


def test_a_hexagon_map_has_two_rings_unless_told(game: Game) -> None:
    assert len(cells_of(draw(game, map="hexagon"))) == 19  # 1 + 6 + 12
    assert len(cells_of(draw(game, map="hexagon", radius=1))) == 7
    assert len(cells_of(draw(game, map="hexagon", radius=0))) == 1


@pytest.mark.parametrize("key", ["cols", "rows"])
def test_columns_and_rows_from_1_to_100_whole_numbers(key: str) -> None:
    assert getattr(hexel(**{key: 1}), key) == 1 and getattr(hexel(**{key: 100}), key) == 100
    for bad in (0, 101, -1, 2.0, "2"):
        with pytest.raises(ValidationError):
            hexel(**{key: bad})


def test_a_radius_from_0_to_40() -> None:
    assert hexel(map="hexagon", radius=0).radius == 0
    assert hexel(map="hexagon", radius=40).radius == 40  # 4921 cells: within the limit
    for bad in (-1, 41, 2.0):
        with pytest.raises(ValidationError):
            hexel(map="hexagon", radius=bad)


def test_a_rectangle_of_at_most_5000_cells() -> None:
    assert hexel(cols=50, rows=100).cols == 50
    assert hexel(cols=100, rows=50).rows == 50
    for cols, rows in ((100, 51), (51, 100), (71, 71)):
        with pytest.raises(ValidationError, match="a map of at most 5000 cells"):
            hexel(cols=cols, rows=rows)
    # read only by a rectangle map
    assert hexel(map="hexagon", cols=100, rows=100).cols == 100
    assert hexel(map="cells", cells="0,0", cols=100, rows=100).rows == 100


def test_set_or_table_not_both() -> None:
    assert hexel(set="land").set == "land" and hexel(table="map.csv").table == "map.csv"
    with pytest.raises(ValidationError, match="`set` or `table`, not both"):
        hexel(set="land", table="map.csv")


def test_a_cells_map_needs_its_cells_and_only_it() -> None:
    for blank in ("", "   "):
        with pytest.raises(ValidationError, match="`cells` listing the cells"):
            hexel(map="cells", cells=blank)
    assert hexel(map="rectangle").cells == "" and hexel(map="hexagon").cells == ""


def test_a_cells_list_of_at_most_100000_characters() -> None:
    exact = "0,0" + " " * (100_000 - 3)
    assert len(hexel(map="cells", cells=exact).cells) == 100_000
    with pytest.raises(ValidationError, match="at most 100000 characters"):
        hexel(map="cells", cells=exact + " ")
    assert len(hexel(cells=exact + " ").cells) == 100_001  # read only by a cells map


def offset_cells(n: int) -> list[str]:
    return [f"{c},{r}" for r in range(60) for c in range(100)][:n]


def test_a_cells_list_of_at_most_5000_cells(game: Game) -> None:
    assert len(hexel(map="cells", cells=" ".join(offset_cells(5000))).cells.split()) == 5000
    with pytest.raises(ValidationError, match="a map of at most 5000 cells"):
        hexel(map="cells", cells=" ".join(offset_cells(5001)))
    assert len(hexel(cells=" ".join(offset_cells(5001))).cells) > 5001  # read only by a cells map
    # a templated list is counted when drawn, before any cell is read
    el = hexel(map="cells", cells="{first} " + " ".join(offset_cells(5001)[1:]))
    with pytest.raises(DataError) as err:
        map_cells(el, ctx_of(game, {"first": "99,99"}))
    [p] = err.value.problems
    assert p.path == f"{WHERE}.cells" and p.expected == "a map of at most 5000 cells" and "5001 cells" in p.found
    fits = hexel(map="cells", cells="{first} " + " ".join(offset_cells(5000)[1:]))
    assert len(map_cells(fits, ctx_of(game, {"first": "0,0"}))) == 5000


# --- the cells -------------------------------------------------------------------------------


def test_map_forms_give_their_cells(game: Game) -> None:
    ctx = ctx_of(game)
    assert len(map_cells(hexel(cols=3, rows=2), ctx)) == 6
    assert len(map_cells(hexel(map="hexagon", radius=1), ctx)) == 7
    listed = map_cells(hexel(map="cells", coords="axial", cells="2,0 0,0 -1,1"), ctx)
    assert listed == [(2, 0), (0, 0), (-1, 1)]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_odd_or_even_columns_or_rows_are_pushed(game: Game, orientation: str) -> None:
    """Flat tops: every other column lower by half a cell's height; pointy: every other row right."""
    for offset, sign in (("odd", 1), ("even", -1)):
        shape = {"cols": 2} if orientation == "flat" else {"rows": 2}
        first, second = (middle(c) for c in cells_of(draw(game, orientation=orientation, offset=offset, **shape)))
        if orientation == "flat":
            assert second[0] - first[0] == pytest.approx(15.0)
            assert second[1] - first[1] == pytest.approx(sign * 5 * R3)
        else:
            assert second[1] - first[1] == pytest.approx(15.0)
            assert second[0] - first[0] == pytest.approx(sign * 5 * R3)
        # a cells map and a set's records read "col,row" in the same layout
        listed = cells_of(draw(game, orientation=orientation, offset=offset, map="cells", cells="0,0 " +
                               ("1,0" if orientation == "flat" else "0,1")))
        assert middle(listed[1])[0] - middle(listed[0])[0] == pytest.approx(second[0] - first[0])
        assert middle(listed[1])[1] - middle(listed[0])[1] == pytest.approx(second[1] - first[1])


SEEN = [{"type": "text", "text": "{hex.col},{hex.row}"}, {"type": "text", "text": "{land.name}", "when": "{land.name}"}]
"""A cell's offset column and row, and the name of its record in `land` if it has one."""


def seen(nodes: list[Any]) -> list[list[str]]:
    return [[t.text for t in n.children] for n in nodes if isinstance(n, Group)]


def test_offset_records_and_edges_follow_the_even_layout(game: Game) -> None:
    # even-q: column 1 is (1, 0) in axial, row 0; odd-q: column 1 row 0 is (1, 0) too, but row 1 differs
    nodes = draw(game, cols=2, rows=2, offset="even", set="land", fill="{land.fill}",
                 elements=SEEN)
    assert seen(nodes) == [["0,0", "a"], ["1,0", "b"], ["0,1", "c"], ["1,1"]]
    [edge] = [n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#0000ff"]
    # the record of "0,0" draws its south edge: the bottom side of the top-left cell
    top_left = cells_of(nodes)[0]
    (x, y) = middle(top_left)
    (x1, y1), (x2, y2) = (s[1:] for s in edge.segments)
    assert sorted([x1, x2]) == pytest.approx([x - 5, x + 5]) and y1 == pytest.approx(y + 5 * R3) == y2


def test_cells_listed_once_and_well_written(game: Game) -> None:
    p = problem(game, map="cells", cells="0,0 0,0")
    assert p.path == f"{WHERE}.cells" and p.expected == "each cell listed once" and "0,0" in p.found
    p = problem(game, map="cells", cells="0,0 x,1")
    assert p.expected == 'a cell written "col,row"' and "x,1" in p.found


# --- placed: size and centring --------------------------------------------------------------------


@pytest.mark.parametrize("size", [0, -1, "0mm"])
def test_a_cell_size_greater_than_0(game: Game, size: Any) -> None:
    p = problem(game, size=size)
    assert p.path == f"{WHERE}.size" and p.expected == "a length greater than 0"


def test_a_small_cell_is_a_cell(game: Game) -> None:
    [cell] = cells_of(draw(game, size=1))
    xs = [p[0] for p in corner_points(cell)]
    assert max(xs) - min(xs) == pytest.approx(2.0)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("where", [{}, {"cx": 30, "cy": 20}, {"cx": "25%", "cy": "75%"}])
def test_the_map_box_is_centred_on_cx_cy(game: Game, orientation: str, where: dict[str, Any]) -> None:
    nodes = draw(game, 120, 90, orientation=orientation, cols=3, rows=2, **where)
    pts = [p for c in cells_of(nodes) for p in corner_points(c)]
    want_x = {30: 30.0, "25%": 30.0, None: 60.0}[where.get("cx")]
    want_y = {20: 20.0, "75%": 67.5, None: 45.0}[where.get("cy")]
    assert (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2 == pytest.approx(want_x)
    assert (min(p[1] for p in pts) + max(p[1] for p in pts)) / 2 == pytest.approx(want_y)


# --- records from a set or a table ------------------------------------------------------------


def test_a_set_keys_its_records_to_cells(game: Game) -> None:
    nodes = draw(game, cols=2, rows=2, set="land", fill="{land.fill}", elements=SEEN)
    fills = [c.paint.fill for c in cells_of(nodes)]
    assert fills == ["#ff0000", None, None, None]  # "a" red; "b" fill "" unfilled; "c" no fill; no record
    assert seen(nodes) == [["0,0", "a"], ["1,0", "b"], ["0,1", "c"], ["1,1"]]


def test_a_table_keys_its_rows_to_cells(game: Game) -> None:
    nodes = draw(game, cols=2, table="map.csv", fill="{cell.fill}", elements=[{"type": "text", "text": "{cell.mark}"}])
    assert [c.paint.fill for c in cells_of(nodes)] == ["#00ff00", None]
    assert [n.children[0].text for n in nodes if isinstance(n, Group)] == ["A", "B"]
    blue = [n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#0000ff"]
    assert len(blue) == 1  # "n:#0000ff" of the row of "1,0"; the row of "0,0" has an empty `edges`


def test_no_set_no_table_no_records(game: Game) -> None:
    nodes = draw(game, cols=2, elements=[{"type": "text", "text": "{hex.q}"}], fill="#123456")
    assert [c.paint.fill for c in cells_of(nodes)] == ["#123456", "#123456"]


def test_table_rows_read_once_and_bounded(game: Game) -> None:
    ctx = ctx_of(game)
    assert table_rows(hexel(table="empty.csv"), ctx) == []
    assert len(cells_of(draw(game, cols=2, table="empty.csv"))) == 2
    assert len(table_rows(hexel(table="limit.csv"), ctx)) == 5000
    with pytest.raises(DataError) as err:
        table_rows(hexel(table="over.csv"), ctx)
    [p] = err.value.problems
    assert p.path == f"{WHERE}.table" and p.expected == "at most 5000 rows" and "more than 5000 rows" in p.found
    rows = table_rows(hexel(table="map.csv"), ctx)
    assert [r["mark"] for r in rows] == ["A", "B"] and table_rows(hexel(table="map.csv"), ctx) is rows


def test_a_table_not_in_utf8_says_how_to_save_it(game: Game) -> None:
    with pytest.raises(DataError) as err:
        table_rows(hexel(table="latin.csv"), ctx_of(game))
    assert 'save as "CSV UTF-8" from the spreadsheet' in str(err.value)


def test_a_table_needs_a_cell_column(game: Game) -> None:
    p = problem(game, table="nocell.csv")
    assert p.path == f"{WHERE}.table" and p.expected == "a CSV file with a `cell` column"
    assert "nocell.csv (columns: where, mark)" in p.found


def test_record_problems_name_the_row_or_the_record(game: Game) -> None:
    p = problem(game, table="row3.csv")  # the second data row is the file's third line
    assert p.path == f"{WHERE}.table (row3.csv, row 3 cell)" and p.expected == "a cell of the map (in offset coordinates)"
    p = problem(game, set="offmap")
    assert p.path == f"{WHERE}.set (offmap[1].cell)" and "9,9" in p.found
    p = problem(game, set="twice", cols=3)
    assert p.path == f"{WHERE}.set (twice[1].cell)" and p.expected == "one record per cell"
    p = problem(game, set="number")
    assert p.path == f"{WHERE}.set (number[0].cell)" and p.expected.startswith("a `cell` field naming a cell")
    p = problem(game, set="land", coords="cube")
    assert p.path == f"{WHERE}.set (land[0].cell)" and "q + r + s = 0" in p.expected


def test_an_unknown_set_lists_the_sets(game: Game) -> None:
    p = problem(game, set="nope")
    assert p.path == f"{WHERE}.set"
    assert p.expected == "a set defined under [sets] (" + ", ".join(sorted(game.data.sets)) + ")"
    assert p.expected.startswith("a set defined under [sets] (badedge, land, number, offmap, twice)")


# --- labels -----------------------------------------------------------------------------------


def texts(nodes: list[Any]) -> list[Text]:
    return [n for n in nodes if isinstance(n, Text)]


def test_labels_from_column_and_row_labels_counted_from_the_map_first(game: Game) -> None:
    # offset cells from column 2 and row 1: the first labels go to them; the lists are exactly long enough
    el = hexel(map="cells", cells="2,1 3,1 3,2", label_format="{col}{row}", col_labels=["x", "y"],
               row_labels=["p", "q"])
    names = cell_names(el, ctx_of(game), map_cells(el, ctx_of(game)))
    assert names == ["xp", "yp", "yq"]
    nodes = draw(game, map="cells", cells="2,1 3,1 3,2", label_format="{col}-{row}", labels=True, row_labels="A")
    assert [t.text for t in texts(nodes)] == ["1-A", "2-A", "2-B"]


def test_labels_in_the_coords_scheme_without_a_format(game: Game) -> None:
    nodes = draw(game, cols=2, rows=1, labels=True, coords="cube", orientation="pointy")
    assert [t.text for t in texts(nodes)] == ["0,0,0", "1,0,-1"]


def test_labels_in_the_even_layout(game: Game) -> None:
    nodes = draw(game, cols=2, rows=2, offset="even", labels=True)
    assert [t.text for t in texts(nodes)] == ["0,0", "1,0", "0,1", "1,1"]  # offset columns and rows, in map order
    nodes = draw(game, cols=2, rows=2, offset="even", labels=True, label_format="{col}{row}", row_labels="A")
    assert [t.text for t in texts(nodes)] == ["1A", "2A", "1B", "2B"]


@pytest.mark.parametrize("key", ["col_labels", "row_labels"])
def test_bad_axis_labels_name_their_key(game: Game, key: str) -> None:
    p = problem(game, cols=2, rows=2, label_format="{col}{row}", **{key: "1a"})
    assert p.path == f"{WHERE}.{key}" and "a first label" in p.expected


@pytest.mark.parametrize("at, rise", [("top", -1), ("centre", 0), ("bottom", 1)])
def test_labels_sit_in_their_cell(game: Game, at: str, rise: int) -> None:
    """A label's middle (0.35 em above its baseline: a capital is about 0.7 em tall) sits at the cell's
    centre, or 0.42 of the cell size above or below it, shifted by `label_offset`."""
    size = 10.0
    em = 5 * 25.4 / 72  # 5 pt
    nodes = draw(game, cols=2, rows=2, labels=True, label_at=at, size=size)
    for cell, text in zip(cells_of(nodes), texts(nodes), strict=True):
        x, y = middle(cell)
        assert (text.x, text.y - 0.35 * text.size) == pytest.approx((x, y + rise * 0.42 * size))
        assert text.size == pytest.approx(em) and text.fill == "#666666" and text.anchor == "middle"
        assert abs(text.y - y) < size * R3 / 2  # on the cell
    moved = draw(game, cols=2, rows=2, labels=True, label_at=at, label_offset=[1.5, -2], label_size="8pt",
                 label_fill="#00ff00")
    for cell, text in zip(cells_of(moved), texts(moved), strict=True):
        x, y = middle(cell)
        assert (text.x, text.y - 0.35 * text.size) == pytest.approx((x + 1.5, y + rise * 0.42 * size - 2))
        assert text.size == pytest.approx(8 * 25.4 / 72) and text.fill == "#00ff00"


# --- what each cell's elements see --------------------------------------------------------------


def test_each_cell_sees_its_coordinates(game: Game) -> None:
    text = "{hex.q}|{hex.r}|{hex.s}|{hex.col}|{hex.row}|{hex.index}|{hex.label}|{hex.name}"
    nodes = draw(game, cols=2, rows=2, orientation="pointy", offset="even", coords="cube", size=4,
                 elements=[{"type": "text", "text": text}])
    groups = [n for n in nodes if isinstance(n, Group)]
    assert len(groups) == 4 and len(cells_of(nodes)) == 4
    seen = [g.children[0].text.split("|") for g in groups]
    (x0, y0) = groups[0].transform[4:]
    q0, r0 = int(seen[0][0]), int(seen[0][1])
    for i, (g, (q, r, s, col, row, index, lab, name)) in enumerate(zip(groups, seen, strict=True)):
        assert (int(col), int(row)) == (i % 2, i // 2) and int(index) == i + 1
        assert int(s) == -int(q) - int(r) and lab == f"{q},{r},{s}" and name == lab
        # the group sits on the cell's centre, and axial steps are (√3, 0) and (√3/2, 1.5) cell sizes
        dq, dr = int(q) - q0, int(r) - r0
        assert (g.transform[4] - x0, g.transform[5] - y0) == pytest.approx((4 * R3 * (dq + dr / 2), 4 * 1.5 * dr))
        assert g.transform[4:] == pytest.approx(middle(cells_of(nodes)[i]))


def test_a_cell_without_elements_draws_no_group(game: Game) -> None:
    nodes = draw(game, cols=3, rows=2, elements=[{"type": "text", "text": "x", "when": "{hex.index == 2}"}])
    assert len(cells_of(nodes)) == 6 and [n for n in nodes if isinstance(n, Group)] == [
        n for n in nodes if isinstance(n, Group) and n.children]
    assert len([n for n in nodes if isinstance(n, Group)]) == 1


def test_stroke_width_and_no_stroke(game: Game) -> None:
    [cell] = cells_of(draw(game, stroke="#ff00ff", width=1.2))
    assert cell.paint.stroke == "#ff00ff" and cell.paint.width == pytest.approx(1.2)
    [cell] = cells_of(draw(game, stroke=None))
    assert cell.paint.stroke is None
    assert cell.segments[0][0] == "M" and [s[0] for s in cell.segments[1:]] == ["L"] * 5 + ["Z"]


def test_an_empty_fill_template_value_leaves_the_cell_unfilled(game: Game) -> None:
    nodes = draw(game, cols=3, values={"tint": ""}, fill="{tint}")
    assert [c.paint.fill for c in cells_of(nodes)] == [None] * 3
    nodes = draw(game, cols=3, values={"tint": "#abcdef"}, fill="{tint}")
    assert [c.paint.fill for c in cells_of(nodes)] == ["#abcdef"] * 3
    p = problem(game, cols=3, values={"tint": 5}, fill="{tint}")  # not a colour: a data error, not a crash
    assert p.path == f"{WHERE}.fill" and "#rrggbb" in p.expected


# --- edges and links ------------------------------------------------------------------------


EDGE_ANGLE = {"n": -90, "ne": -30, "e": 0, "se": 30, "s": 90, "sw": 150, "w": 180, "nw": -150}
"""The angle (degrees, clockwise on the page) at which each edge's middle lies from its cell's centre;
a pointy cell's ne/se/sw/nw edges lie 60 degrees off the horizontal."""
POINTY_ANGLE = {"ne": -60, "e": 0, "se": 60, "sw": 120, "w": 180, "nw": -120}


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_each_edge_joins_the_two_corners_on_its_side(game: Game, orientation: str) -> None:
    names = ["n", "ne", "se", "s", "sw", "nw"] if orientation == "flat" else ["ne", "e", "se", "sw", "w", "nw"]
    angles = EDGE_ANGLE if orientation == "flat" else POINTY_ANGLE
    for name in names:
        nodes = draw(game, orientation=orientation, cols=2, rows=2, cx=37, cy=44, size=6,
                     edges={"1,1": f"{name}:#ff0000"})
        [edge] = [n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#ff0000"]
        x, y = middle(cells_of(nodes)[3])
        a = math.radians(angles[name])
        want = sorted((x + 6 * math.cos(a + d), y + 6 * math.sin(a + d)) for d in (-math.pi / 6, math.pi / 6))
        got = sorted(s[1:] for s in edge.segments)
        assert [list(p) for p in got] == [pytest.approx(list(p)) for p in want], name
        assert edge.paint.width == 1.0


def test_edges_from_records_and_their_problems(game: Game) -> None:
    nodes = draw(game, cols=2, rows=2, set="land")
    assert len([n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#0000ff"]) == 1
    p = problem(game, cols=2, set="badedge")
    assert p.path == f"{WHERE}.badedge record of cell 1,0" and "direction:style" in p.expected
    p = problem(game, cols=2, table="badedge.csv")
    assert p.path == f"{WHERE}.badedge.csv record of cell 1,0"
    p = problem(game, cols=2, table="badedge.csv", coords="axial", orientation="pointy", offset="even")
    assert p.path == f"{WHERE}.badedge.csv record of cell 1,0"
    # the cell named in the layout it was written in: "1,0" of an even-q map is axial (1, -1), odd-q's "1,-1"
    p = problem(game, cols=2, set="badedge", offset="even")
    assert p.path == f"{WHERE}.badedge record of cell 1,0"
    p = problem(game, cols=2, rows=2, set="badedge", coords="cube")
    assert "q + r + s = 0" in p.expected
    p = problem(game, cols=2, edges={"5,5": "n:#ff0000"})
    assert p.path == f"{WHERE}.edges.5,5" and p.expected == "a cell of the map (in offset coordinates)"


def test_edges_keyed_in_the_even_layout(game: Game) -> None:
    nodes = draw(game, cols=2, rows=2, offset="even", edges={"1,1": "s:#ff0000"})
    [edge] = [n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#ff0000"]
    x, y = middle(cells_of(nodes)[3])  # column 1, row 1
    assert all(s[2] == pytest.approx(y + 5 * R3) for s in edge.segments)
    assert sorted(s[1] for s in edge.segments) == pytest.approx([x - 5, x + 5])


def test_links_straight_or_through_every_cell_on_the_way(game: Game) -> None:
    listed = ["0,0", "1,0", "2,0", "3,0", "3,1", "3,2"]  # axial: along q, then along r (straight lines of cells)
    for orientation in ("flat", "pointy"):
        nodes = draw(game, orientation=orientation, map="cells", coords="axial", cells=" ".join(listed), cx=40, cy=30,
                     links=[{"cells": ["0,0", "3,0", "3,2"], "style": "#0000ff"},
                            {"cells": ["0,0", "3,0", "3,2"], "route": "cells", "style": "#ff0000"}])
        centres = [middle(c) for c in cells_of(nodes)]
        [straight] = [n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#0000ff"]
        [stepped] = [n for n in nodes if isinstance(n, PathNode) and n.paint.stroke == "#ff0000"]
        assert [list(s[1:]) for s in straight.segments] == [pytest.approx(list(centres[i])) for i in (0, 3, 5)]
        assert [list(s[1:]) for s in stepped.segments] == [pytest.approx(list(c)) for c in centres]
    p = problem(game, cols=2, links=[{"cells": ["0,0", "1,0", "4,4"]}])
    assert p.path == f"{WHERE}.links[0].cells[2]"


# --- the frame -------------------------------------------------------------------------------------


def test_no_frame_unless_its_width_is_above_0(game: Game) -> None:
    assert len(draw(game, frame=0)) == 1 and len(draw(game, frame=-1)) == 1
    nodes = draw(game, frame=1)
    assert len(nodes) == 2 and nodes[0].segments.count(("Z",)) == 2


def test_a_frame_around_one_cell(game: Game) -> None:
    nodes = draw(game, frame=2, frame_fill="#00ff00", width=0.7, cx=30, cy=35)
    frame, cell = nodes
    assert frame.paint.fill == "#00ff00" and frame.paint.stroke is None and frame.paint.width == pytest.approx(0.7)
    segs = frame.segments
    cut = segs.index(("Z",))
    outer, inner = [s[1:] for s in segs[:cut]], [s[1:] for s in segs[cut + 1:-1]]
    assert [s[0] for s in segs] == ["M"] + ["L"] * 5 + ["Z", "M"] + ["L"] * 5 + ["Z"]
    assert [list(p) for p in sorted(inner)] == [pytest.approx(list(p)) for p in sorted(corner_points(cell))]
    # a hexagon whose sides are 2 mm further out: its corners at (5·√3 + 2) / (√3 / 2) from the centre
    for x, y in outer:
        assert math.hypot(x - 30, y - 35) == pytest.approx((5 * R3 + 2) / (R3 / 2))
    framed = draw(game, frame=2, frame_stroke="#ff0000")
    assert framed[0].paint.stroke == "#ff0000" and framed[0].paint.fill == "#000000"


def test_a_ring_is_framed_on_its_outside(game: Game) -> None:
    ring = " ".join(f"{q},{r}" for q in range(-2, 3) for r in range(-2, 3)
                    if max(abs(q), abs(r), abs(q + r)) in (1, 2))
    nodes = draw(game, map="cells", coords="axial", cells=ring, frame=1, size=3)
    segs = nodes[0].segments
    assert segs.count(("Z",)) == 2 and segs.index(("Z",)) == 30  # the outer boundary (30 corners), not the hole (6)
    assert len(segs) == 62


# --- outline, area, grow ------------------------------------------------------------------------


def cell_corners(q: int, r: int, size: float) -> list[tuple[float, float]]:
    """A flat cell's corners, clockwise on the page from the right-hand one."""
    x, y = size * 1.5 * q, size * R3 * (r + q / 2)
    return [(x + size * math.cos(math.radians(60 * k)), y + size * math.sin(math.radians(60 * k))) for k in range(6)]


def same_points(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    def k(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0], 6) + 0.0, round(p[1], 6) + 0.0)
    return set(map(k, a)) == set(map(k, b)) and len(set(map(k, a))) == len(a)


def shoelace_sign(loop: list[tuple[float, float]]) -> int:
    """+1 for a loop clockwise on the page (y down), -1 the other way: the turn from its topmost-leftmost point."""
    i = min(range(len(loop)), key=lambda j: (loop[j][1], loop[j][0]))
    (ax, ay), (bx, by), (cx, cy) = loop[i - 1], loop[i], loop[(i + 1) % len(loop)]
    return 1 if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0 else -1


def test_one_cell_outline_is_its_corners_clockwise() -> None:
    [loop] = outline([(2, -1)], 4.0, "flat")
    assert len(loop) == 6 and same_points(loop, cell_corners(2, -1, 4.0))
    assert shoelace_sign(loop) == 1 and _area(loop) > 0
    assert _area(loop) == pytest.approx(3 * R3 / 2 * 16)  # a regular hexagon: 3√3/2 s²


def test_two_neighbours_make_one_loop_of_ten_corners() -> None:
    for size in (5.0, 1e-5):  # corners told apart at a hundred-thousandth of a millimetre
        [loop] = outline([(0, 0), (1, 0)], size, "flat")
        assert len(loop) == 10 and len(set(loop)) == 10
        assert same_points(loop, cell_corners(0, 0, size) + cell_corners(1, 0, size))
        assert _area(loop) == pytest.approx(2 * 3 * R3 / 2 * size * size, rel=0.05)  # corners kept to 1e-6 mm
    # each step of the loop is a side of one of the cells, and none is the side they share

    def side(a: tuple[float, float], b: tuple[float, float]) -> frozenset[tuple[float, float]]:
        return frozenset({(round(a[0], 6) + 0.0, round(a[1], 6) + 0.0), (round(b[0], 6) + 0.0, round(b[1], 6) + 0.0)})

    [loop] = outline([(0, 0), (1, 0)], 5.0, "flat")
    sides = [side(c[k], c[(k + 1) % 6]) for c in (cell_corners(0, 0, 5.0), cell_corners(1, 0, 5.0)) for k in range(6)]
    steps = [side(a, b) for a, b in zip(loop, loop[1:] + loop[:1], strict=True)]
    assert len(set(steps)) == 10 and all(sides.count(st) == 1 for st in steps)


@pytest.mark.parametrize("size", [1.00000005, 0.10000005 / (R3 / 2), 0.100005 / (R3 / 2), 1e-5, 3.0])
def test_corners_shared_by_neighbours_meet_at_awkward_sizes(size: float) -> None:
    """Sizes whose corners fall half way between decimals (x at 1.00000005; y, a multiple of size·√3/2, at
    0.10000005 or 0.100005): neighbours compute a shared corner slightly differently, and it is one corner."""
    cells = [(0, 0), (1, 0), (1, -1), (0, 1), (2, 0)]  # five cells around (1, 0): one outline of 18 corners
    assert [len(lp) for lp in outline(cells, size, "flat")] == [18]


def test_apart_cells_make_two_loops_and_a_ring_has_a_hole_inside() -> None:
    loops = outline([(0, 0), (3, 0)], 2.0, "pointy")
    assert [len(lp) for lp in loops] == [6, 6] and all(_area(lp) > 0 for lp in loops)
    ring = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) in (1, 2)]
    outer, hole = outline(ring, 2.0, "flat")
    assert len(outer) == 30 and len(hole) == 6
    assert _area(outer) > 0 > _area(hole)  # the hole runs the other way
    assert same_points(hole, cell_corners(0, 0, 2.0))
    # outer first, whichever cell comes first (an inner cell's first side on the boundary is the hole's)
    assert [len(lp) for lp in outline(list(reversed(ring)), 2.0, "flat")] == [30, 6]
    inner_first = sorted(ring, key=lambda c: max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])))
    assert [len(lp) for lp in outline(inner_first, 2.0, "flat")] == [30, 6]


def rectangle_loop(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """Clockwise on the page: top left, top right, bottom right, bottom left."""
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def test_area_is_width_times_height_signed_by_direction() -> None:
    loop = rectangle_loop(5, 7, 3, 2)
    assert _area(loop) == pytest.approx(6.0)
    assert _area(loop[::-1]) == pytest.approx(-6.0)
    assert _area([(0, 0), (4, 0), (4, 3)]) == pytest.approx(6.0)  # a right triangle, half of 4 x 3


def test_turns_right_left_and_straight() -> None:
    # on the page (y down) going right then down is a clockwise (right) turn
    assert _turn((0, 0), (1, 0), (1, 1)) == 1
    assert _turn((0, 0), (1, 0), (1, -1)) == -1
    assert _turn((1, 2), (4, 3), (2, 7)) == 1  # heading 18° then 117°: right
    assert _turn((1, 2), (4, 3), (7, 2)) == -1
    assert _turn((3, 1), (5, 6), (1, 2)) == 1
    assert _turn((0, 0), (2, 2), (5, 5)) == 0 and _turn((1, 1), (1, 5), (1, 9)) == 0
    assert _turn((0, 0), (1, 0), (2, 1e-12)) == 0  # within 1e-9: straight
    assert _turn((0, 0), (1, 0), (2, 0.5)) == 1 and _turn((0, 0), (1, 0), (2, -0.5)) == -1
    assert _turn((0, 0), (10, 0), (20, 3)) == 1 and _turn((0, 0), (10, 0), (20, -3)) == -1


def test_the_outward_normal_of_a_side() -> None:
    # a clockwise loop's top side runs right: outward is up (y down); sign -1 for a loop running the other way
    assert _normal((0, 0), (3, 0), 1.0) == pytest.approx((0.0, -1.0))
    assert _normal((2, 5), (2, 9), 1.0) == pytest.approx((1.0, 0.0))  # the right side runs down: outward is right
    assert _normal((0, 0), (3, 4), 1.0) == pytest.approx((0.8, -0.6))
    assert _normal((0, 0), (3, 4), -1.0) == pytest.approx((-0.8, 0.6))
    assert _normal((1, 1), (1, 1), 1.0) == (0.0, 0.0)


@pytest.mark.parametrize("reverse", [False, True])
def test_grow_moves_every_side_out_by_d(reverse: bool) -> None:
    loop = rectangle_loop(2, 3, 10, 4)
    loop = loop[::-1] if reverse else loop
    grown = grow(loop, 1.5)
    assert same_points(grown, rectangle_loop(0.5, 1.5, 13, 7))
    # a tiny square (area below 1) and points on a side (dropped: no corner there)
    small = rectangle_loop(0, 0, 0.5, 0.5)
    assert same_points(grow(small[::-1] if reverse else small, 0.25), rectangle_loop(-0.25, -0.25, 1, 1))
    dotted = [(0, 0), (2, 0), (4, 0), (4, 4), (4, 6), (0, 6)]
    dotted = dotted[::-1] if reverse else dotted
    assert same_points(grow(dotted, 1), rectangle_loop(-1, -1, 6, 8))


def offset_sides_ok(loop: list[tuple[float, float]], grown: list[tuple[float, float]], d: float) -> None:
    """Each side of the grown loop parallel to its side of the loop, d further out."""
    pts = [p for i, p in enumerate(loop) if _turn_sign(loop[i - 1], p, loop[(i + 1) % len(loop)])]
    assert len(grown) == len(pts)
    sign = 1 if _area(loop) > 0 else -1
    for i in range(len(pts)):
        a, b = pts[i], pts[(i + 1) % len(pts)]
        ga, gb = grown[i], grown[(i + 1) % len(pts)]
        length = math.dist(a, b)
        nx, ny = sign * (b[1] - a[1]) / length, -sign * (b[0] - a[0]) / length  # outward
        for g in (ga, gb):
            assert (g[0] - a[0]) * nx + (g[1] - a[1]) * ny == pytest.approx(d)


def _turn_sign(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> bool:
    ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]
    return abs(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)) > 1e-7


def test_grow_sharp_corners_mitred() -> None:
    """A triangle's corners turn by 120°: the mitre reaches d / sin(30°) = 2d from each corner."""
    tri = [(0.0, 0.0), (10.0, 0.0), (5.0, 5 * R3)]  # clockwise on the page (y down)
    for loop in (tri, tri[::-1]):
        grown = grow(loop, 1.0)
        offset_sides_ok(loop, grown, 1.0)
        for p, g in zip(sorted(loop), sorted(grown), strict=True):
            assert math.dist(p, g) == pytest.approx(2.0)


def test_grow_a_needle_corner_stays_near_it() -> None:
    """A corner where the loop doubles back (its sides 180° apart but for a hair): the mitre would run
    off to infinity, so it moves by d along the (tiny) sum of its sides' normals, staying put."""
    needle = [(0.0, 0.0), (10.0, 0.0), (0.0, 1e-5)]
    grown = grow(needle, 1.0)
    assert len(grown) == 3
    assert all(abs(x) < 12 and abs(y) < 12 for x, y in grown)
    assert math.dist(grown[1], (10.0, 0.0)) < 1e-3


def test_grow_a_map_outline_with_notches_and_a_hole() -> None:
    [two] = outline([(0, 0), (1, 0)], 5.0, "flat")
    offset_sides_ok(two, grow(two, 2.0), 2.0)
    ring = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) in (1, 2)]
    outer, hole = outline(ring, 3.0, "pointy")
    offset_sides_ok(outer, grow(outer, 0.5), 0.5)
    offset_sides_ok(hole, grow(hole, 0.5), 0.5)
    # a loop either way round grows away from what it encloses: the hole's loop grows over the ring's cells
    assert min(math.hypot(*p) for p in grow(hole, 0.5)) > max(math.hypot(*p) for p in hole)


def test_a_loop_written_as_path_segments() -> None:
    assert _loop_segments([(0, 1), (2, 3), (4, 5)]) == [("M", 0, 1), ("L", 2, 3), ("L", 4, 5), ("Z",)]
