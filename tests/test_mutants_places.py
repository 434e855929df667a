"""Mutants of printkit/places.py that outlived the suite (issue 28's mutation run, docs/testing.md): the
places of a tiny board, measured against geometry computed here from first principles (a triangular
lattice, the lens between two circles). In-process and cheap."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from printkit.load import load_game
from printkit.places import Place, board_places

S = 8.0  # the flower's spacing (mm)
CX, CY = 60.0, 50.0


def _places(tmp_path: Path, elements: str, component: str = 'kind = "board"\nwidth = 120\nheight = 100',
            head: str = "", variant: int | None = None) -> list[Place]:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(
        f'[game]\ntitle = "P"\n{head}\n[layouts.face]\nelements = [\n{elements}\n]\n'
        f'[[components]]\nid = "sheet"\n{component}\nface = "face"\n', encoding="utf-8")
    game = load_game(folder)
    comp = game.components[0]
    return board_places(game, comp, None if variant is None else game.variants[comp.id][variant])


def _flower(tmp_path: Path, extra: str = "") -> list[Place]:
    return _places(tmp_path, f'{{ type = "flower", cx = {CX}, cy = {CY}, spacing = {S}, rings = 1{extra} }}')


def _tip(p: tuple[int, int]) -> tuple[float, float]:
    """A lattice point on the page: axis a along x, axis b at 60 degrees, one spacing apart."""
    return (CX + S * (p[0] + p[1] * math.cos(math.pi / 3)), CY + S * p[1] * math.sin(math.pi / 3))


def test_a_field_is_centred_between_its_tips_and_a_point_sits_on_the_lattice(tmp_path: Path) -> None:
    places = _flower(tmp_path)
    fields = [p for p in places if p.kind == "field"]
    assert len(fields) == 18  # twelve petals (six at the centre, six around it) and six triangles
    for p in fields:
        tips = [_tip(t) for t in p.field[0]]
        assert (p.cx, p.cy) == pytest.approx((sum(x for x, _ in tips) / len(tips), sum(y for _, y in tips) / len(tips)))
        assert p.sub == ("petal" if len(tips) == 2 else "triangle") and p.size == S and p.spacing == S
    points = [p for p in places if p.kind == "point"]
    lattice = {(round(x, 6), round(y, 6)) for x, y in map(_tip, [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)])}
    assert {(round(p.cx, 6), round(p.cy, 6)) for p in points} == lattice and len(points) == 7


def test_a_petal_is_the_lens_between_two_circles(tmp_path: Path) -> None:
    # tips one spacing apart on a row: the lens's arcs are circles of radius S centred on the two
    # lattice points above and below, S * sqrt(3) / 2 from the row, so it bulges S * (1 - sqrt(3) / 2)
    bulge = S * (1 - math.sqrt(3) / 2)
    petals = [p for p in _flower(tmp_path) if p.sub == "petal"]
    flat = [p for p in petals if _tip(p.field[0][0])[1] == pytest.approx(_tip(p.field[0][1])[1])]
    assert len(flat) == 4
    for p in flat:
        (x0, y), (x1, _) = sorted(_tip(t) for t in p.field[0])
        assert p.bounds() == pytest.approx((x0, y - bulge, x1, y + bulge), abs=1e-6)
    for p in petals:  # every petal: its bounds hold both tips and its centre
        bx0, by0, bx1, by1 = p.bounds()
        for x, y in [_tip(t) for t in p.field[0]] + [(p.cx, p.cy)]:
            assert bx0 - 1e-6 <= x <= bx1 + 1e-6 and by0 - 1e-6 <= y <= by1 + 1e-6


def test_a_triangle_lies_within_its_three_tips(tmp_path: Path) -> None:
    # a curved triangle's sides bow inwards (arcs centred on the far lattice points): its bounds are its tips'
    for p in [p for p in _flower(tmp_path) if p.sub == "triangle"]:
        tips = [_tip(t) for t in p.field[0]]
        want = (min(x for x, _ in tips), min(y for _, y in tips), max(x for x, _ in tips), max(y for _, y in tips))
        assert p.bounds() == pytest.approx(want, abs=1e-6)


@pytest.mark.parametrize(("transform", "move"), [
    ("translate = [5, -3]", lambda x, y: (x + 5, y - 3)),
    (f"scale = 2, origin = [{CX}, {CY}]", lambda x, y: (CX + 2 * (x - CX), CY + 2 * (y - CY))),
])
def test_a_moved_flower_moves_its_places_with_it(tmp_path: Path, transform: str, move: Any) -> None:
    still = _flower(tmp_path)
    k = 2.0 if "scale" in transform else 1.0
    moved = _places(tmp_path, f'{{ type = "flower", cx = {CX}, cy = {CY}, spacing = {S}, rings = 1, {transform} }}')
    assert len(moved) == len(still)
    for a, b in zip(still, moved, strict=True):
        assert (b.cx, b.cy) == pytest.approx(move(a.cx, a.cy))
        assert (b.size, b.spacing) == pytest.approx((a.size * k, a.spacing * k))
        if a.kind == "field":
            x0, y0 = move(*a.bounds()[:2])
            x1, y1 = move(*a.bounds()[2:])
            assert b.bounds() == pytest.approx((x0, y0, x1, y1), abs=1e-6)


def test_each_place_says_what_it_is(tmp_path: Path) -> None:
    places = _places(tmp_path, """
  { type = "grid", id = "sq", x = 10, y = 10, cols = 2, rows = 1, cell = 7 },
  { type = "grid", id = "ro", x = 10, y = 30, cols = 1, rows = 1, cell = 10, space = "circle" },
  { type = "hexgrid", id = "hx", cx = 30, cy = 70, size = 6, cols = 1, rows = 1 },
  { type = "flower", cx = 80, cy = 60, spacing = 8, rings = 1 }""")
    first = {}
    for p in places:
        first.setdefault(p.sub if p.kind == "field" else p.element if p.type != "flower" else p.kind, p)
    sq, ro, hx = first["sq"], first["ro"], first["hx"]
    assert (sq.shape, sq.describe()) == ("square", "a square 7.0 mm wide")
    assert sq.bounds() == pytest.approx((10, 10, 17, 17))
    assert (ro.shape, ro.size, ro.describe()) == ("circle", pytest.approx(8.4), "a circle 8.4 mm across")
    assert ro.bounds() == pytest.approx((10.8, 30.8, 19.2, 39.2))  # a circle 0.84 of the cell, centred in it
    assert hx.describe() == "a hexagon 12.0 mm across the corners"
    # the outline the fits check sets a piece in: a round space is a circle (a square token needs its diagonal)
    assert [(p.outline().shape, p.outline().radius) for p in (ro, first["point"])] == [("circle", pytest.approx(4.2)),
                                                                                       ("circle", 0.0)]
    assert (sq.outline().shape, hx.outline().shape) == ("square", "hexagon")
    assert first["petal"].describe() == "a lattice petal of spacing 8.0 mm"
    assert first["triangle"].describe() == "a lattice triangle of spacing 8.0 mm"
    assert first["point"].describe() == "a point"


def test_an_element_left_out_by_its_when_leaves_the_next_ones_in(tmp_path: Path) -> None:
    places = _places(tmp_path, """
  { type = "ring", id = "off", cx = 50, cy = 50, r = 20, count = 4, space = 5, when = "false" },
  { type = "ring", id = "on", cx = 50, cy = 50, r = 20, count = 4, space = 5, when = "1 < 2" }""")
    assert [(p.element, p.index) for p in places] == [("on", i) for i in range(4)]
    for i, p in enumerate(places):  # a ring's spots: count of them, evenly round the circle, clockwise from the top
        angle = math.radians(i * 90)
        assert (p.cx, p.cy, p.size) == pytest.approx((50 + 20 * math.sin(angle), 50 - 20 * math.cos(angle), 5))


@pytest.mark.parametrize(("component", "w", "h"), [('kind = "board"\nwidth = 120\nheight = 100', 120, 100),
                                                 ('kind = "token"\nsize = 40', 40, 40),
                                                 ('kind = "card"\nwidth = 50\nheight = 70', 50, 70),
                                                 ('kind = "card"\nsize = "poker"', 63, 88)])
def test_places_placed_in_percent_are_percent_of_the_piece(tmp_path: Path, component: str, w: float, h: float) -> None:
    places = _places(tmp_path, '{ type = "grid", x = "50%", y = "25%", cols = 2, rows = 2, cell = 4 }', component)
    assert [c for p in places for c in (p.cx, p.cy)] == pytest.approx(
        [c for r in range(2) for k in range(2) for c in (w / 2 + 4 * (k + 0.5), h / 4 + 4 * (r + 0.5))])


@pytest.mark.parametrize("turn", [30, 45, 90, 135])
def test_a_turned_grid_keeps_its_cells_size_and_turns_their_centres(tmp_path: Path, turn: float) -> None:
    still = _places(tmp_path, '{ type = "grid", x = 20, y = 20, cols = 3, rows = 2, cell = 10 }')
    turned = _places(tmp_path, f'{{ type = "grid", x = 20, y = 20, cols = 3, rows = 2, cell = 10, rotate = {turn} }}')
    ox, oy = 35.0, 30.0  # turned about the centre of what it draws
    a = math.radians(turn)
    for p, q in zip(still, turned, strict=True):
        dx, dy = p.cx - ox, p.cy - oy  # clockwise on the page (y down)
        assert (q.cx, q.cy) == pytest.approx((ox + dx * math.cos(a) - dy * math.sin(a), oy + dx * math.sin(a) + dy * math.cos(a)))
        assert q.size == pytest.approx(10)


def test_a_place_numbered_by_kind_counts_only_that_kind(tmp_path: Path) -> None:
    from printkit.places import find_place

    places = _places(tmp_path, """
  { type = "flower", id = "fl", cx = 30, cy = 30, spacing = 8, rings = 1 },
  { type = "hexgrid", id = "hx", cx = 90, cy = 30, size = 5, cols = 2, rows = 1, orientation = "pointy" },
  { type = "ring", id = "rg", cx = 60, cy = 70, r = 20, count = 4, space = 5 }""")
    assert (find_place(places, "spot 1").element, find_place(places, "spot 1").index) == ("rg", 0)
    assert (find_place(places, "point 2").element, find_place(places, "point 2").index) == ("fl", 1)
    assert (find_place(places, "cell 2").element, find_place(places, "cell 2").index) == ("hx", 1)
    assert (find_place(places, "triangle 1").sub, find_place(places, "petal 1").sub) == ("triangle", "petal")
    assert find_place(places, "spot 5") is None and find_place(places, "spot 0") is None
    assert (find_place(places, "spot 4").element, find_place(places, "spot 4").index) == ("rg", 3)  # the last one
    hexes = [p for p in places if p.element == "hx"]
    assert not any(p.matches(["pointy"]) or p.matches(["flat"]) for p in hexes)  # an orientation is not a kind
    assert all(p.matches(["cell"]) and p.matches(["hx"]) for p in hexes)


@pytest.mark.parametrize("shape", ["circle", "square"])
def test_a_track_space_has_the_track_shape(tmp_path: Path, shape: str) -> None:
    places = _places(tmp_path, f'{{ type = "track", along = "circle", radius = 30, count = 8, space = 6, shape = "{shape}" }}')
    assert len(places) == 8 and {(p.shape, p.size) for p in places} == {(shape, 6)}


def test_go_points_are_numbered_along_the_rows(tmp_path: Path) -> None:
    from printkit.places import find_place

    places = _places(tmp_path, '{ type = "grid", id = "go", x = 10, y = 10, cols = 4, rows = 3, cell = 5, mode = "points" }')
    assert [(p.index, p.cx, p.cy) for p in places] == [(4 * r + c, 10 + 5 * c, 10 + 5 * r) for r in range(3) for c in range(4)]
    assert [p.name for p in places][:5] == [f"go point {k}" for k in range(1, 6)]
    assert (find_place(places, "go point 6").cx, find_place(places, "go point 6").cy) == (15, 15)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_cells_are_centred_where_the_map_is_and_a_cell_width_apart(tmp_path: Path, orientation: str) -> None:
    [one] = _places(tmp_path, f'{{ type = "hexgrid", cx = 40, cy = 60, size = 6, cols = 1, rows = 1, orientation = "{orientation}" }}')
    assert (one.cx, one.cy, one.size) == pytest.approx((40, 60, 12))
    cells = _places(tmp_path, f'{{ type = "hexgrid", cx = 40, cy = 60, size = 6, cols = 3, rows = 3, orientation = "{orientation}" }}')
    assert len(cells) == 9
    gaps = sorted(math.dist((p.cx, p.cy), (q.cx, q.cy)) for i, p in enumerate(cells) for q in cells[i + 1:])
    assert gaps[0] == pytest.approx(6 * math.sqrt(3))  # neighbours share an edge: centres sqrt(3) radii apart
    assert sum(1 for g in gaps if g == pytest.approx(6 * math.sqrt(3))) >= 12
    xs, ys = [p.cx for p in cells], [p.cy for p in cells]
    assert (min(xs) + max(xs)) / 2 == pytest.approx(40, abs=6) and (min(ys) + max(ys)) / 2 == pytest.approx(60, abs=6)


def test_an_element_id_before_a_colon_picks_that_elements_places_only(tmp_path: Path) -> None:
    from printkit.places import find_place

    places = _places(tmp_path, """
  { type = "grid", id = "a", x = 10, y = 10, cols = 2, rows = 1, cell = 5 },
  { type = "grid", id = "b", x = 10, y = 40, cols = 2, rows = 1, cell = 5 },
  { type = "grid", id = "c", x = 10, y = 70, cols = 2, rows = 1, cell = 5 }""")
    for element in "abc":
        got = find_place(places, f"{element}:cell 2")
        assert got is not None and (got.element, got.index) == (element, 1)
        assert find_place(places, f"{element}:cell 3") is None  # two cells each: no third in any one of them
    assert find_place(places, "cell 3").element == "b"  # without an id: counted over the board


def test_elements_that_draw_no_places_are_passed_over(tmp_path: Path) -> None:
    places = _places(tmp_path, """
  { type = "rect", x = 0, y = 0, w = 10, h = 10 },
  { type = "grid", id = "g", x = 10, y = 10, cols = 2, rows = 1, cell = 5 },
  { type = "circle", cx = 50, cy = 50, r = 5 },
  { type = "ring", id = "r", cx = 60, cy = 60, r = 20, count = 3, space = 4 }""")
    assert [(p.element, p.kind) for p in places] == [("g", "cell")] * 2 + [("r", "spot")] * 3


@pytest.mark.parametrize(("orientation", "wide", "tall"), [("flat", 12, 6 * math.sqrt(3)), ("pointy", 6 * math.sqrt(3), 12)])
def test_a_hex_cell_is_as_wide_and_tall_as_its_orientation_makes_it(tmp_path: Path, orientation: str, wide: float,
                                                                    tall: float) -> None:
    # a regular hexagon of circumradius 6: 12 mm corner to corner, 6 * sqrt(3) mm edge to edge
    [cell] = _places(tmp_path, f'{{ type = "hexgrid", cx = 40, cy = 60, size = 6, cols = 1, rows = 1, orientation = "{orientation}" }}')
    assert cell.bounds() == pytest.approx((40 - wide / 2, 60 - tall / 2, 40 + wide / 2, 60 + tall / 2))


def test_a_boards_places_are_those_of_its_first_variant_unless_another_is_asked(tmp_path: Path) -> None:
    head = '[[sets.s]]\nname = "small"\nn = 2\n[[sets.s]]\nname = "large"\nn = 5\n'
    board = 'kind = "board"\nwidth = 120\nheight = 100\nvary = ["s"]'
    rings = """{ type = "ring", cx = 60, cy = 50, r = 20, count = 2, space = 4, when = "{s.n < 3}" },
  { type = "ring", cx = 60, cy = 50, r = 20, count = 5, space = 4, when = "{s.n > 3}" }"""
    assert len(_places(tmp_path, rings, board, head)) == 2
    assert len(_places(tmp_path, rings, board, head, variant=1)) == 5


@pytest.mark.parametrize("offset", ["odd", "even"])
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_hex_cell_answers_to_the_label_printed_on_it(tmp_path: Path, offset: str, orientation: str) -> None:
    from printkit.places import find_place

    cells = _places(tmp_path, f'{{ type = "hexgrid", cx = 60, cy = 50, size = 5, cols = 4, rows = 3, '
                              f'orientation = "{orientation}", offset = "{offset}", coords = "offset" }}')
    assert len(cells) == 12 and len({p.names[0] for p in cells}) == 12
    for p in cells:
        assert p.names[0] == p.names[1]  # its coordinates as printed (the same offset rule as the drawing)
        assert find_place(cells, p.names[0]) is p
