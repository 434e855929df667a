"""Hex maps (issue 18): the `hexgrid` element's geometry, per-cell content, frame and labels; hexagonal
tokens tessellated on the sheet; the proof counting hex cells; every bad input a data error."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.drawing import Group, Text
from printkit.drawing import Path as PathNode
from printkit.elements.hexgrid import (
    centre,
    corners,
    from_offset,
    grow,
    hexagon,
    neighbours,
    outline,
    parse_coord,
    rectangle,
    to_offset,
)
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.layout import Item, Paper
from printkit.layout.pack import honeycomb_pages, pack_pages
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"
S3 = math.sqrt(3)


def key(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 6), round(p[1], 6))


# --- geometry --------------------------------------------------------------------------


def test_centres_and_corners_are_exact() -> None:
    assert centre(0, 0, 10, "flat") == (0.0, 0.0)
    assert centre(1, 0, 10, "flat") == pytest.approx((15.0, 5 * S3))
    assert centre(0, 1, 10, "flat") == pytest.approx((0.0, 10 * S3))
    assert centre(1, 0, 10, "pointy") == pytest.approx((10 * S3, 0.0))
    assert centre(0, 1, 10, "pointy") == pytest.approx((5 * S3, 15.0))
    flat = corners(0, 0, 10, "flat")
    assert flat[0] == pytest.approx((10.0, 0.0)) and flat[1] == pytest.approx((5.0, 5 * S3))
    pointy = corners(0, 0, 10, "pointy")
    assert pointy[0] == pytest.approx((5 * S3, 5.0)) and pointy[1] == pytest.approx((0.0, 10.0))
    for orientation in ("flat", "pointy"):
        for x, y in corners(3, 4, 7, orientation):  # type: ignore[arg-type]
            assert math.hypot(x - 3, y - 4) == pytest.approx(7)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_neighbours_share_an_edge(orientation: str) -> None:
    mine = {key(p) for p in corners(*centre(2, -1, 12, orientation), 12, orientation)}  # type: ignore[arg-type]
    for q, r in neighbours(2, -1):
        theirs = {key(p) for p in corners(*centre(q, r, 12, orientation), 12, orientation)}  # type: ignore[arg-type]
        assert len(mine & theirs) == 2
        (cx, cy), (nx, ny) = centre(2, -1, 12, orientation), centre(q, r, 12, orientation)  # type: ignore[arg-type]
        assert math.hypot(nx - cx, ny - cy) == pytest.approx(12 * S3)
    far = centre(4, -1, 12, orientation)  # type: ignore[arg-type]
    assert not mine & {key(p) for p in corners(*far, 12, orientation)}  # type: ignore[arg-type]


@pytest.mark.parametrize(("orientation", "odd"), list(itertools.product(["flat", "pointy"], [True, False])))
def test_offset_and_axial_round_trip(orientation: str, odd: bool) -> None:
    for col, row in itertools.product(range(-4, 5), range(-4, 5)):
        q, r = from_offset(col, row, orientation, odd)  # type: ignore[arg-type]
        assert to_offset(q, r, orientation, odd) == (col, row)  # type: ignore[arg-type]
    # in offset layout, a row (flat) or column (pointy) of cells lines up
    cells = rectangle(4, 3, orientation, odd)  # type: ignore[arg-type]
    assert len(cells) == 12 and len(set(cells)) == 12
    ys = {round(centre(q, r, 10, orientation)[1 if orientation == "pointy" else 0], 6)  # type: ignore[arg-type]
          for q, r in cells[:4]}
    assert len(ys) == (1 if orientation == "pointy" else 4)


def test_coordinate_schemes() -> None:
    assert parse_coord("2,-1", "axial", "flat", True) == (2, -1)
    assert parse_coord("2,-1,-1", "cube", "flat", True) == (2, -1)
    assert parse_coord("1,1", "offset", "flat", True) == from_offset(1, 1, "flat", True)
    for bad, scheme in (("2,-1,0", "cube"), ("2,-1", "cube"), ("2", "axial"), ("a,b", "offset"), ("1,2,-3", "axial")):
        with pytest.raises(ValueError):
            parse_coord(bad, scheme, "flat", True)  # type: ignore[arg-type]


def test_hexagon_maps_and_their_outline() -> None:
    for n in range(5):
        cells = hexagon(n)
        assert len(cells) == 3 * n * (n + 1) + 1
        assert all(max(abs(q), abs(r), abs(q + r)) <= n for q, r in cells)
    [loop] = outline(hexagon(1), 10, "flat")
    assert len(loop) == 18
    ring = [c for c in hexagon(2) if c != (0, 0)]
    outer, hole = outline(ring, 10, "flat")
    assert len(outer) == 30 and len(hole) == 6


def test_a_frame_grows_the_outline_evenly() -> None:
    [loop] = outline([(0, 0)], 10, "flat")
    grown = grow(loop, 3)
    assert len(grown) == 6
    for x, y in grown:  # a hexagon whose sides are 3 mm further out: corners at (5 sqrt3 + 3) / (sqrt3 / 2)
        assert math.hypot(x, y) == pytest.approx((5 * S3 + 3) / (S3 / 2))
    [big] = outline(hexagon(2), 10, "pointy")
    frame = grow(big, 4)
    inside = [(x, y) for x, y in frame if math.hypot(x, y) < max(math.hypot(*p) for p in big)]
    assert frame and len(inside) < len(frame)  # the notches stay notches, but every point moved out


# --- the example game --------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hexmap")
    result = run_cli("build", "hexmap", "--data", str(GAMES), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out / "hexmap"


def leaves(nodes: list, dx: float = 0.0, dy: float = 0.0) -> list:  # type: ignore[type-arg]
    out = []
    for n in nodes:
        if isinstance(n, Group):
            out += leaves(list(n.children), dx + n.transform[4], dy + n.transform[5])
        else:
            out.append((n, dx, dy))
    return out


def test_the_island_takes_its_cells_from_the_terrain_set() -> None:
    game = load_game(GAMES / "hexmap")
    v = game.variants["island"][0]
    nodes = draw_face(game, "island", DrawContext(game, v, "components.island"), 200, 200, 3).children
    frame, *cells = [n for n in nodes if isinstance(n, PathNode)]
    assert len(cells) == 19
    palette = {name: c.rgb for name, c in game.palette.items()}
    fills = [c.paint.fill for c in cells]
    assert fills.count(palette["sand"]) == 1 and fills.count(palette["forest"]) >= 3
    # the map is centred on the board: its cells' corners are symmetric about (100, 100)
    xs = [s[1] for c in cells for s in c.segments if s[0] != "Z"]
    assert (min(xs) + max(xs)) / 2 == pytest.approx(100)
    # the desert in the middle has no number; the 18 others have one each, on their centre
    numbers = [(n.text, n.x + dx) for n, dx, _ in leaves(nodes) if isinstance(n, Text)]
    assert len(numbers) == 18
    assert sorted(int(t) for t, _ in numbers) == sorted([5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11])
    assert frame.paint.fill == palette["sand"] and frame.segments.count(("Z",)) == 2  # a band: outer edge and the map


def test_coordinate_labels_on_a_pointy_offset_map() -> None:
    game = load_game(GAMES / "hexmap")
    v = game.variants["coords"][0]
    nodes = draw_face(game, "coords", DrawContext(game, v, "components.coords"), 160, 120, 3).children
    labels = [n.text for n in nodes if isinstance(n, Text) and "," in n.text]
    assert labels[:7] == ["0,0", "1,0", "2,0", "3,0", "4,0", "5,0", "0,1"] and len(labels) == 30


def test_cell_content_from_a_csv_table_keyed_by_offset_coordinates() -> None:
    game = load_game(GAMES / "hexmap")
    v = game.variants["coords"][0]
    nodes = draw_face(game, "coords", DrawContext(game, v, "components.coords"), 160, 120, 3).children
    cells = [n for n in nodes if isinstance(n, PathNode)]
    filled = {n.paint.fill for n in cells if n.paint.fill}
    assert filled == {"#f4c7c3", "#c3e0f4", "#d7f4c3"} and sum(1 for n in cells if n.paint.fill) == 3
    marks = {n.text: (n.x + dx, n.y + dy) for n, dx, dy in leaves(nodes) if isinstance(n, Text) and "," not in n.text}
    assert set(marks) == {"A", "B", "C"}
    # "5,4" is the bottom-right cell: its mark lies right of and below the others
    assert marks["B"][0] > marks["C"][0] > marks["A"][0] and marks["B"][1] > marks["C"][1] > marks["A"][1]


def test_the_proof_counts_hex_cells(built: Path) -> None:
    proof = json.loads((built / "proof.json").read_text())
    lines = {line["check"]: line for line in proof["passed"]}
    assert lines["island-cells"]["found"] == 19 and lines["coords-cells"]["found"] == 30


# --- tessellation ------------------------------------------------------------------------------


def hexagon_at(trim: list[float]) -> list[tuple[float, float]]:
    x, y, w, h = trim
    return [(x + w / 2 + w / 2 * math.cos(math.radians(a)), y + h / 2 + w / 2 * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Separating axis test for convex polygons; touching edges do not overlap."""
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
            nx, ny = y1 - y0, x0 - x1
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-2 or max(pb) <= min(pa) + 1e-2:  # the manifest rounds to 0.001 mm
                return False
    return True


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tessellated_tiles_do_not_overlap_share_cuts_and_save_paper(built: Path, paper: str) -> None:
    manifest = json.loads((built / "manifest.json").read_text())
    sheet = manifest["sheets"][f"hexmap-pieces-{paper}.pdf"]
    tiles = [p for p in sheet["placements"] if p["component"] == "tile" and p["face"] == "front"]
    assert len(tiles) == 36 and {p["page"] for p in tiles} == {1}
    hexes = [hexagon_at(p["trim"]) for p in tiles]
    for a, b in itertools.combinations(hexes, 2):
        assert not overlap(a, b)
    # neighbours (sharing an edge) have centres one height (across the flats) apart
    centres = [(p["trim"][0] + p["trim"][2] / 2, p["trim"][1] + p["trim"][3] / 2, p["trim"][3]) for p in tiles]
    touching = sum(1 for a, b in itertools.combinations(centres, 2)
                   if abs(math.hypot(a[0] - b[0], a[1] - b[1]) - a[2]) < 0.01)
    assert touching >= 36  # a honeycomb: most tiles share edges with several neighbours
    info = sheet["page_info"]["1"]["tessellated"]
    assert info["pieces"] == 36 and info["cut_edges"] == 6 * 36 - touching
    size = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
    for x, y in (p for h in hexes for p in h):
        assert 5 - 1e-3 <= x <= size[0] - 5 + 1e-3 and 5 - 1e-3 <= y <= size[1] - 5 + 1e-3
    # the same 36 tiles packed by their boxes need more paper (the chits beside them are packed so)
    chits = [p for p in sheet["placements"] if p["component"] == "chit" and p["face"] == "front"]
    per_page = max(sum(1 for p in chits if p["page"] == n) for n in {p["page"] for p in chits})
    assert per_page < 36


def test_honeycomb_holds_more_than_box_packing_on_the_same_sheet() -> None:
    game = load_game(GAMES / "hexmap")
    from printkit.kinds import KINDS

    comp = game.component("tile")
    art = KINDS["token"].draw(game, comp, game.variants["tile"][0])
    items = [Item("tile", "tile", "v", i, art, "f", None) for i in range(200)]
    for name, size in (("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))):
        paper = Paper(name, *size, 5.0)
        honey, boxes = honeycomb_pages(items, paper), pack_pages(items, paper, 2.0)
        assert len(honey[0]) > len(boxes[0])
        assert len(honey) < len(boxes)


# --- bad data ----------------------------------------------------------------------------------

BASE = """
[game]
title = "Hex"
[[sets.land]]
name = "a"
cell = "0,0"
[layouts.face]
elements = [ELEMENT]
[[components]]
id = "board"
kind = "board"
width = 150
height = 150
face = "face"
"""


def draw(tmp_path: Path, element: str, extra: str = "") -> list:  # type: ignore[type-arg]
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "nocell.csv").write_text("where,mark\n1,a\n")
    (folder / "offmap.csv").write_text('cell,mark\n"7,7",a\n')
    (folder / "game.toml").write_text(BASE.replace("ELEMENT", element) + extra, encoding="utf-8")
    game = load_game(folder)
    v = game.variants["board"][0]
    return draw_face(game, "face", DrawContext(game, v, "components.board"), 150, 150, 0).children


@pytest.mark.parametrize(("element", "expected"), [
    ('{ type = "hexgrid", size = 5, map = "cells" }', "`cells` listing the cells"),
    ('{ type = "hexgrid", size = 5, map = "cells", cells = "0,0 x,1" }', 'a cell written "col,row"'),
    ('{ type = "hexgrid", size = 5, map = "cells", cells = "0,0 0,0" }', "each cell listed once"),
    ('{ type = "hexgrid", size = 5, map = "cells", coords = "cube", cells = "0,0,1" }', '"q,r,s" with q + r + s = 0'),
    ('{ type = "hexgrid", size = 5, cols = 100, rows = 100 }', "a map of at most 5000 cells"),
    ('{ type = "hexgrid", size = 5, map = "hexagon", radius = 41 }', "at most 40"),
    ('{ type = "hexgrid", size = 0 }', "a length greater than 0"),
    ('{ type = "hexgrid", size = 5, set = "nope" }', "a set defined under [sets]"),
    ('{ type = "hexgrid", size = 5, set = "land", cols = 2, rows = 2, coords = "axial", fill = "{land.fill}" }', None),
    ('{ type = "hexgrid", size = 5, set = "other" }', "a cell of the map"),
    ('{ type = "hexgrid", size = 5, set = "twice", cols = 3 }', "one record per cell"),
    ('{ type = "hexgrid", size = 5, set = "nokey" }', "a `cell` field naming a cell"),
    ('{ type = "hexgrid", size = 5, orientation = "round" }', "one of 'flat' or 'pointy'"),
    ('{ type = "hexgrid", size = 5, set = "land", table = "t.csv" }', "`set` or `table`, not both"),
    ('{ type = "hexgrid", size = 5, table = "nocell.csv" }', "a CSV file with a `cell` column"),
    ('{ type = "hexgrid", size = 5, table = "missing.csv" }', "an existing file"),
    ('{ type = "hexgrid", size = 5, table = "offmap.csv" }', "a cell of the map"),
])
def test_bad_hex_maps_are_data_errors(tmp_path: Path, element: str, expected: str | None) -> None:
    extra = ('[[sets.other]]\nname = "o"\ncell = "9,9"\n[[sets.twice]]\nname = "t1"\ncell = "1,0"\n'
             '[[sets.twice]]\nname = "t2"\ncell = "1,0"\n[[sets.nokey]]\nname = "n"\n')
    if expected is None:  # a cell whose record lacks the fill stays unfilled: not an error
        nodes = draw(tmp_path, element, extra)
        assert [n.paint.fill for n in nodes] == [None] * 4
        return
    with pytest.raises(DataError) as err:
        draw(tmp_path, element, extra)
    [problem] = err.value.problems
    assert expected in problem.expected, problem
    assert "layouts.face.elements[0]" in problem.path


def test_tessellate_needs_hexagons_and_places_need_known_elements(tmp_path: Path) -> None:
    token = ('\n[[components]]\nid = "chip"\nkind = "token"\nsize = 20\nface = "face"\ntessellate = true\n')
    with pytest.raises(DataError) as err:
        draw(tmp_path, '{ type = "hexgrid", size = 5 }', token)
    assert "`tessellate` only with shape = \"hexagon\"" in err.value.problems[0].expected
    check = ('\n[[checks]]\nid = "cells"\ntype = "board-places"\ncomponent = "board"\ncount = 4\n'
             'elements = ["rect"]\nsource = "x"\n')
    game = tmp_path / "data" / "g"
    game.mkdir(parents=True)
    (game / "game.toml").write_text(BASE.replace("ELEMENT", '{ type = "hexgrid", size = 5 }') + check)
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 2 and "checks.cells.elements[0]" in result.stderr
    assert "an element type that draws places (grid, hexgrid, ring, track)" in result.stderr
    (game / "game.toml").write_text(BASE.replace("ELEMENT", '{ type = "hexgrid", size = 5, cols = 2 }')
                                    + check.replace('elements = ["rect"]\n', ""))
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 1  # the proof fails: 2 cells, the rules say 4
    proof = json.loads((tmp_path / "out" / "g" / "proof.json").read_text())
    assert proof["errors"][0]["detail"] == "the board has 2 places (2 from hexgrid), the rules say 4"
