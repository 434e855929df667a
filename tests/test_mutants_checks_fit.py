"""The proof's fit checks (`nests`, `board-ranks`, `fits`, `box-folds`, `fits-box`) tested in-process on tiny
games (issue 28's mutation line: `bash mutation/run.sh checks-fit`).

Each test builds a small game with `conftest.game_from`, draws it (`printkit.kit.draw`) and calls the check's
function directly; the lines expected are worked out here from the pieces' sizes (a pyramid's base and height,
the room a token leaves on its place, the spaces a grid's rows hold, the parts a box plan folds a board into),
never copied from what the check returned.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import pytest
from conftest import game_from

from printkit.checks._kit import boxes
from printkit.checks.board_ranks import BoardRanksCheck, check_board_ranks
from printkit.checks.box_folds import BoxFoldsCheck, check_box_folds
from printkit.checks.fits import FitsCheck, check_fits
from printkit.checks.fits_box import FitsBoxCheck, check_fits_box
from printkit.checks.nests import NestsCheck, check_nests
from printkit.errors import DataError
from printkit.kit import draw
from printkit.report import Line

HEAD = '[game]\ntitle = "T"\n'


def kit_of(tmp_path: Path, toml: str) -> tuple[Any, Any]:
    game = game_from(tmp_path / "g", HEAD + toml)
    return game, draw(game)


def line(c: Any, name: str, expected: Any, found: Any, ok: bool, detail: str, pieces: tuple[str, ...] = ()) -> Line:
    """The line a check is expected to give (error severity unless the check says warning)."""
    verdict = "pass" if ok else ("fail" if c.severity == "error" else "warn")
    return Line(name, c.type, c.source, expected, found, verdict, c.severity, detail=detail, pieces=pieces)  # type: ignore[arg-type]


# --- nests ---------------------------------------------------------------------------------------------------

def sizes(*rows: tuple[str, float, float, int]) -> str:
    """``[[sets.size]]`` records (name, base, height, pips), in order: the sizes a pyramid varies over."""
    return "".join(f'[[sets.size]]\nname = "{n}"\nbase = {b}\nheight = {h}\npips = {p}\n' for n, b, h, p in rows)


def pyramid(cid: str, extra: str = "", vary: str = '["size"]') -> str:
    return (f'[[components]]\nid = "{cid}"\nkind = "net"\nsolid = "square-pyramid"\nvary = {vary}\n'
            f'edge = "{{size.base}}"\nheight = "{{size.height}}"\nall = {{ pips = "{{size.pips}}" }}\n{extra}\n')


def nests(**kw: Any) -> NestsCheck:
    return NestsCheck(id="n", type="nests", component=kw.pop("component", "cup"), source="Pyramids nest.", **kw)


def gaps_of(b1: float, h1: float, t1: bool, b2: float, h2: float, t2: bool) -> tuple[float, float, float]:
    """The three gaps between an inner piece and one over it, both on their bases (worked out here): at the
    floor, at the inner piece's top (a pyramid over it narrows there in proportion), above the inner piece."""
    half_outer_at_top = b2 / 2 * (h2 - h1) / h2 if t2 else b2 / 2
    half_inner_at_top = 0.0 if t1 else b1 / 2
    return (b2 - b1) / 2, half_outer_at_top - half_inner_at_top, h2 - h1


def nest_detail(big: str, b2: float, h2: float, small: str, b1: float, h1: float, g: tuple[float, float, float],
                clearance: float = 0.5) -> str:
    return (f"{big} ({b2:.1f} mm base, {h2:.1f} mm high) over {small} ({b1:.1f} mm base, {h1:.1f} mm high): "
            f"{min(g):.1f} mm to spare (at the base {g[0]:.1f}, at the top of the inner piece {g[1]:.1f}, "
            f"above it {g[2]:.1f}), at least {clearance:.1f} mm wanted")


def test_nests_a_flat_pyramid_over_a_tall_one_fails_on_height_alone(tmp_path: Path) -> None:
    # 30 mm base, 10 mm high over 10 mm base, 9.6 mm high: 10 mm at the base, 0.6 mm at the inner apex,
    # but only 0.4 mm above it: height decides (the "nests ignoring height").
    game, kit = kit_of(tmp_path, sizes(("large", 30, 10, 3), ("small", 10, 9.6, 1))
                       + pyramid("cup"))
    g = gaps_of(10, 9.6, True, 30, 10, True)
    assert g[2] < 0.5 < g[1] < g[0]
    c = nests(hollow=False)
    assert check_nests(game, kit, c) == [
        line(c, "n[cup-small in cup-large]", ">= 0.5 mm", f"{min(g):.1f} mm", False,
             nest_detail("cup-large", 30, 10, "cup-small", 10, 9.6, g), ("cup-small", "cup-large"))]
    # a clearance of 0.4 mm is met (0.4 exactly, within the tolerance), as a warning check passes
    c = nests(hollow=False, clearance=0.4, severity="warning")
    assert check_nests(game, kit, c)[0].verdict == "pass"
    c = nests(hollow=False, clearance=0.41, severity="warning")
    assert check_nests(game, kit, c)[0].verdict == "warn"


def test_nests_three_sizes_sorted_by_base_then_height_and_named_by_their_first_piece(tmp_path: Path) -> None:
    toml = '''
[[sets.colour]]
name = "red"
[[sets.colour]]
name = "blue"
''' + sizes(("tall", 28, 30, 3), ("low", 28, 20, 2), ("narrow", 20, 40, 1)) + pyramid("cup", vary='["colour", "size"]')
    game, kit = kit_of(tmp_path, toml)
    c = nests(hollow=False, value="pips")
    got = check_nests(game, kit, c)
    # smallest first by base, then by height: narrow (20 x 40), low (28 x 20), tall (28 x 30)
    g1 = gaps_of(20, 40, True, 28, 20, True)
    g2 = gaps_of(28, 20, True, 28, 30, True)
    assert min(g1) < 0 and min(g2) == 0.0
    assert got == [
        line(c, "n[cup-red-narrow in cup-red-low]", ">= 0.5 mm", f"{min(g1):.1f} mm", False,
             nest_detail("cup-red-low", 28, 20, "cup-red-narrow", 20, 40, g1), ("cup-red-narrow", "cup-red-low")),
        line(c, "n[cup-red-low in cup-red-tall]", ">= 0.5 mm", "0.0 mm", False,
             nest_detail("cup-red-tall", 28, 30, "cup-red-low", 28, 20, g2), ("cup-red-low", "cup-red-tall")),
        line(c, "n[pips by size]", "grows with size", "1 < 2 < 3", True, "pips by size, smallest first: 1 < 2 < 3"),
    ]


def test_nests_hollow_pyramids_that_clear_each_other(tmp_path: Path) -> None:
    toml = sizes(("large", 25, 30, 2), ("small", 18, 25, 1)) + pyramid(
        "cup", 'unfold = "fan"\nopen = ["base"]')
    game, kit = kit_of(tmp_path, toml)
    c = nests(value="pips", clearance=1.0)
    g = gaps_of(18, 25, True, 25, 30, True)
    assert min(g) == g[1] and 1.0 < g[1] < 2.1
    assert check_nests(game, kit, c) == [
        line(c, "n[cup-small in cup-large]", ">= 1.0 mm", f"{min(g):.1f} mm", True,
             nest_detail("cup-large", 25, 30, "cup-small", 18, 25, g, 1.0)),
        line(c, "n[hollow]", "open base", "open base", True,
             "every piece that goes over a smaller one is open at its base"),
        line(c, "n[pips by size]", "grows with size", "1 < 2", True, "pips by size, smallest first: 1 < 2"),
    ]


def test_nests_closed_covers_are_named_but_the_innermost_may_be_closed(tmp_path: Path) -> None:
    toml = sizes(("a", 10, 10, 1), ("b", 20, 20, 2), ("c", 30, 30, 3)) + pyramid("cup")
    game, kit = kit_of(tmp_path, toml)
    c = nests()
    got = check_nests(game, kit, c)
    assert [ln.check for ln in got] == ["n[cup-a in cup-b]", "n[cup-b in cup-c]", "n[hollow]"]
    assert got[2] == line(c, "n[hollow]", "open base", "closed", False,
                          "closed at the base, so nothing fits under them: cup-b, cup-c", ("cup-b", "cup-c"))
    # not hollow: no such line
    assert [ln.check for ln in check_nests(game, kit, nests(hollow=False))] == ["n[cup-a in cup-b]", "n[cup-b in cup-c]"]


def test_nests_a_cube_in_a_pyramid_and_a_pyramid_in_a_cube(tmp_path: Path) -> None:
    # a cube does not taper: over it a pyramid narrows by its slope; under a cube, the cube's top is as wide as its base
    toml = '''
[[sets.size]]
name = "small"
edge = 10
[[sets.size]]
name = "big"
edge = 16
[[components]]
id = "box"
kind = "net"
solid = "cube"
vary = ["size"]
edge = "{size.edge}"
[[components]]
id = "tent"
kind = "net"
solid = "square-pyramid"
edge = 40
height = 30
[[components]]
id = "mixed"
kind = "net"
solid = "cube"
edge = 14
'''
    game, kit = kit_of(tmp_path, toml)
    c = nests(component="box", hollow=False)
    g = gaps_of(10, 10, False, 16, 16, False)
    assert g == (3.0, 3.0, 6.0)
    assert check_nests(game, kit, c) == [
        line(c, "n[box-small in box-big]", ">= 0.5 mm", "3.0 mm", True,
             nest_detail("box-big", 16, 16, "box-small", 10, 10, g))]
    # a single size: nothing to nest, no hollow line either
    assert check_nests(game, kit, nests(component="tent")) == []
    assert check_nests(game, kit, nests(component="tent", value="pips")) == [
        line(nests(component="tent", value="pips"), "n[pips by size]", "grows with size", "0", True,
             "pips by size, smallest first: 0")]


def test_nests_values_must_grow_and_agree_within_a_size(tmp_path: Path) -> None:
    toml = '''
[[sets.colour]]
name = "red"
[[sets.colour]]
name = "blue"
[[components]]
id = "cup"
kind = "net"
solid = "cube"
vary = ["colour", "size"]
edge = "{size.edge}"
all = { pips = "{size.pips}" }
faces = [{ pips = "{colour.extra}" }]
[[sets.size]]
name = "small"
edge = 10
pips = 4
[[sets.size]]
name = "big"
edge = 20
pips = 2
'''
    toml = toml.replace('name = "red"', 'name = "red"\nextra = 1').replace('name = "blue"', 'name = "blue"\nextra = 5')
    game, kit = kit_of(tmp_path, toml)
    c = nests(value="pips", hollow=False)
    got = check_nests(game, kit, c)
    # small cubes show max(1, 4) = 4 (red) and max(5, 4) = 5 (blue); big ones max(1, 2) = 2 and max(5, 2) = 5
    want_detail = ("cup-red-small and the other pieces of its size show [4, 5]; "
                   "cup-red-big and the other pieces of its size show [2, 5]; "
                   "cup-red-big (20.0 mm base) shows [2, 5] pips, cup-red-small (10.0 mm base) [4, 5]"
                   ": larger pieces must show more")
    assert got[-1] == line(c, "n[pips by size]", "grows with size", "[4, 5] < [2, 5]", False, want_detail,
                           ("cup-red-small", "cup-red-big"))


def test_nests_equal_values_do_not_grow(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, sizes(("small", 10, 15, 2), ("big", 20, 25, 2))
                       + pyramid("cup"))
    c = nests(value="pips", hollow=False)
    assert check_nests(game, kit, c)[-1] == line(
        c, "n[pips by size]", "grows with size", "2 < 2", False,
        "cup-big (20.0 mm base) shows 2 pips, cup-small (10.0 mm base) 2: larger pieces must show more",
        ("cup-small", "cup-big"))


def test_nests_wants_a_net(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, '[layouts.f]\nelements = []\n[[components]]\nid = "chip"\nkind = "token"\n'
                       'size = 10\nface = "f"\n')
    with pytest.raises(DataError) as err:
        check_nests(game, kit, nests(component="chip"))
    (p,) = err.value.problems
    assert (p.path, p.expected, p.found) == ("checks.n.component", "a `net` component", '"chip"')


# --- board-ranks ---------------------------------------------------------------------------------------------


def ranks(cid: str = "board", want: list[int] | None = None, **kw: Any) -> BoardRanksCheck:
    return BoardRanksCheck(id="r", type="board-ranks", component=cid, ranks=want or [1], source="Ranks.", **kw)


def board(elements: str, extra: str = "", height: float = 100) -> str:
    return (f'[layouts.b]\nelements = [{elements}]\n[[components]]\nid = "board"\nkind = "board"\nwidth = 100\n'
            f'height = {height}\nface = "b"\n{extra}\n')


def rank_lines(c: BoardRanksCheck, label: str, want: list[int], got: list[int]) -> list[Line]:
    n = max(len(want), len(got))
    want, got = want + [0] * (n - len(want)), got + [0] * (n - len(got))
    out = [Line(f"{label}[rank {r + 1}]", c.type, c.source, w, g, "pass" if w == g else
                ("fail" if c.severity == "error" else "warn"), c.severity,
                detail="" if w == g else f"rank {r + 1} has {g} spaces, the rules say {w}")
           for r, (w, g) in enumerate(zip(want, got, strict=True))]
    tw, tg = sum(want), sum(got)
    out.append(Line(f"{label}[total]", c.type, c.source, tw, tg, "pass" if tw == tg else
                    ("fail" if c.severity == "error" else "warn"), c.severity,
                    detail="" if tw == tg else f"the board has {tg} spaces, the rules say {tw}"))
    return out


def test_board_ranks_counts_spaces_per_row_from_the_bottom(tmp_path: Path) -> None:
    # a 3 x 4 grid and a 2 x 2 grid, both with their bottom at 80 mm: ranks of 6, 6 and 4 spaces
    game, _ = kit_of(tmp_path, board('{ type = "grid", x = 0, y = 20, rows = 3, cols = 4, cell = 20 }, '
                                     '{ type = "grid", x = 80, y = 60, rows = 2, cols = 2, cell = 10 }, '
                                     '{ type = "text", text = "x" }'))
    c = ranks(want=[6, 6, 4])
    assert check_board_ranks(game, c) == rank_lines(c, "r", [6, 6, 4], [6, 6, 4])
    c = ranks(want=[6, 6], severity="warning")
    assert check_board_ranks(game, c) == rank_lines(c, "r", [6, 6], [6, 6, 4])
    c = ranks(want=[6, 5, 4, 1])
    assert check_board_ranks(game, c) == rank_lines(c, "r", [6, 5, 4, 1], [6, 6, 4])


def test_board_ranks_grid_bottoms_must_line_up(tmp_path: Path) -> None:
    # bottoms at 80 (two grids), 80.5 and 60: 80 and 80.5 are within 0.5 mm of each other (three grids each), the
    # tie goes to the lowest on the page (80.5); 80 is aligned with it, 60 is not
    els = ('{ type = "grid", x = 0, y = 20, rows = 3, cols = 1, cell = 20 }, '
           '{ type = "grid", x = 30, y = 60, rows = 1, cols = 1, cell = 20 }, '
           '{ type = "grid", x = 60, y = 60.5, rows = 1, cols = 1, cell = 20 }, '
           '{ type = "grid", x = 90, y = 50, rows = 1, cols = 1, cell = 10 }')
    game, _ = kit_of(tmp_path, board(els))
    c = ranks(want=[4, 1, 1])
    got = check_board_ranks(game, c)
    assert got[:-1] == rank_lines(c, "r", [4, 1, 1], [4, 1, 1])
    assert got[-1] == Line("r[aligned]", "board-ranks", "Ranks.", "grids bottom-aligned", "not aligned", "fail", "error",
                           detail="ranks are counted from each grid's bottom row, but layouts.b.elements[3] "
                                  "(bottom at 60.0 mm, the others at 80.5 mm)")


def test_board_ranks_a_tie_takes_the_lowest_bottom(tmp_path: Path) -> None:
    els = ('{ type = "grid", x = 0, y = 70, rows = 1, cols = 1, cell = 10 }, '
           '{ type = "grid", x = 30, y = 40, rows = 2, cols = 1, cell = 10 }')
    game, _ = kit_of(tmp_path, board(els))
    got = check_board_ranks(game, ranks(want=[2, 1]))
    assert got[-1].check == "r[aligned]"
    assert got[-1].detail == ("ranks are counted from each grid's bottom row, but layouts.b.elements[1] "
                              "(bottom at 60.0 mm, the others at 80.0 mm)")


def test_board_ranks_per_variant_with_templates_percent_and_when(tmp_path: Path) -> None:
    # y = "50%" of the piece's height (120 mm); the second grid only on the "big" variant, its y a template
    toml = '''
[[sets.kind]]
name = "small"
y = 30
[[sets.kind]]
name = "big"
y = 40
''' + board('{ type = "grid", x = 0, y = "50%", rows = 2, cols = 3, cell = 10 }, '
            '{ type = "grid", x = 50, y = "{kind.y}", rows = 2, cols = 2, cell = 10, when = "{kind.name == \'big\'}" }',
            'vary = ["kind"]', height=120)
    game, _ = kit_of(tmp_path, toml)
    c = ranks(want=[3, 3])
    got = check_board_ranks(game, c)
    # small: one grid of 2 x 3 (bottom at 60 + 20); big: that one and 2 x 2 (bottom at 40 + 20 = 60)
    assert got[:3] == rank_lines(c, "r[small]", [3, 3], [3, 3])
    big = got[3:]
    assert big[:3] == rank_lines(c, "r[big]", [3, 3], [5, 5])
    assert big[3] == Line("r[big][aligned]", "board-ranks", "Ranks.", "grids bottom-aligned", "not aligned", "fail",
                          "error", detail="ranks are counted from each grid's bottom row, but layouts.b.elements[1] "
                                          "(bottom at 60.0 mm, the others at 80.0 mm)")
    assert len(got) == 7


def test_board_ranks_on_a_card_reads_its_dimensions(tmp_path: Path) -> None:
    # a poker card is 88.9 mm high: 50 % is 44.45 mm, the grid's bottom 44.45 + 20; a second grid at 64.45 lines up
    toml = ('[layouts.b]\nelements = [{ type = "grid", x = 0, y = "50%", rows = 2, cols = 2, cell = 10 }, '
            '{ type = "grid", x = 30, y = 54.45, rows = 1, cols = 1, cell = 10 }]\n'
            '[[components]]\nid = "card"\nkind = "card"\nsize = "poker"\nface = "b"\n')
    game, _ = kit_of(tmp_path, toml)
    got = check_board_ranks(game, ranks("card", [3, 2]))
    assert [ln.check for ln in got] == ["r[rank 1]", "r[rank 2]", "r[total]"]
    assert all(ln.verdict == "pass" for ln in got)


def test_board_ranks_needs_a_face_with_grids(tmp_path: Path) -> None:
    toml = board('{ type = "text", text = "x" }') + '[[components]]\nid = "die"\nkind = "net"\nsolid = "cube"\nedge = 10\n'
    game, _ = kit_of(tmp_path, toml)
    with pytest.raises(DataError) as err:
        check_board_ranks(game, ranks("die"))
    (p,) = err.value.problems
    assert (p.path, p.expected, p.found) == ("checks.r.component", "a component with a `face` layout", '"die"')
    with pytest.raises(DataError) as err:
        check_board_ranks(game, ranks())
    (p,) = err.value.problems
    assert (p.path, p.expected, p.found) == ("checks.r.component", "a board whose layout `b` has `grid` elements", "none")


# --- fits ----------------------------------------------------------------------------------------------------

FIT = '''
[layouts.b]
elements = [{els}]
[layouts.p]
elements = []
[[components]]
id = "board"
kind = "board"
width = 250
height = 250
face = "b"
[[components]]
id = "piece"
kind = "token"
face = "p"
{piece}
'''


def fits(places: list[str], **kw: Any) -> FitsCheck:
    return FitsCheck(id="f", type="fits", component=kw.pop("component", "piece"), board="board", places=places,
                     source="Pieces go on places.", **kw)


GRID30 = '{ type = "grid", x = 10, y = 10, rows = 2, cols = 2, cell = 30 }'
RING = '{{ type = "ring", cx = 170, cy = 170, r = 50, count = 6, space = {space} }}'


def test_fits_a_round_token_on_square_cells(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, FIT.format(els=GRID30, piece="size = 24"))
    c = fits(["cell"], clearance=3.0)
    assert check_fits(game, kit, c) == [line(
        c, "f", ">= 3.0 mm", "3.0 mm", True,
        "piece (a circle 24.0 mm across) on board cells (a square 30.0 mm wide): "
        "3.0 mm to spare on each side, at least 3.0 mm wanted")]
    c = fits(["cell"], clearance=3.01)
    assert check_fits(game, kit, c)[0].verdict == "fail"


def test_fits_a_square_token_on_a_round_spot_is_measured_by_its_diagonal(tmp_path: Path) -> None:
    # a 20 mm square on a 26 mm spot: 3 mm to spare across, but its half diagonal (14.14 mm) passes the 13 mm radius
    game, kit = kit_of(tmp_path, FIT.format(els=RING.format(space=26), piece='shape = "square"\nsize = 20'))
    c = fits(["spot"])
    spare = 13 - 10 * math.sqrt(2)
    assert check_fits(game, kit, c) == [line(
        c, "f", ">= 0.5 mm", f"{spare:.1f} mm", False,
        f"piece (a square 20.0 mm wide) on board spots (a circle 26.0 mm across): {spare:.1f} mm to spare on each "
        "side, at least 0.5 mm wanted", ("piece", "board"))]


def test_fits_the_tightest_place_decides_not_the_roomiest(tmp_path: Path) -> None:
    # a 23 mm chip: 3.5 mm on the 30 mm cells, -1.5 mm on the 20 mm spots (listed second)
    game, kit = kit_of(tmp_path, FIT.format(els=GRID30 + ", " + RING.format(space=20), piece="size = 23"))
    c = fits(["cell", "spot"])
    assert check_fits(game, kit, c) == [line(
        c, "f", ">= 0.5 mm", "-1.5 mm", False,
        "piece (a circle 23.0 mm across) on board spots (layouts.b.elements[1] spot 1 (a circle 20.0 mm across)): "
        "-1.5 mm to spare on each side, at least 0.5 mm wanted", ("piece", "board"))]
    # the spots listed first, the cells second: still the spots
    game, kit = kit_of(tmp_path / "2", FIT.format(els=RING.format(space=20) + ", " + GRID30, piece="size = 23"))
    assert check_fits(game, kit, c)[0].found == "-1.5 mm"
    # spots larger than the cells: the cells decide
    game, kit = kit_of(tmp_path / "3", FIT.format(els=RING.format(space=40) + ", " + GRID30, piece="size = 23"))
    assert check_fits(game, kit, c)[0].found == "3.5 mm"
    assert "board cells (layouts.b.elements[1] cell 1 (a square 30.0 mm wide))" in check_fits(game, kit, c)[0].detail


def test_fits_a_tile_covering_its_hex_exactly_and_one_turned(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, FIT.format(els='{ type = "hexgrid", size = 40, cols = 2 }',
                                            piece='shape = "hexagon"\nsize = 80'))
    c = fits(["cell"])
    assert check_fits(game, kit, c) == [line(
        c, "f", ">= 0.5 mm", "0.0 mm", True,
        "piece (a hexagon 80.0 mm across the corners) on board cells (a hexagon 80.0 mm across the corners): "
        "covers it exactly, as a tile covers its space")]
    # a flat 70 mm hexagon on pointy 80 mm cells: turned 30°, (80 - 70) / 2 * cos 30° to spare
    game, kit = kit_of(tmp_path / "2", FIT.format(els='{ type = "hexgrid", size = 40, orientation = "pointy" }',
                                                  piece='shape = "hexagon"\nsize = 70'))
    spare = (40 - 35) * math.cos(math.radians(30))
    assert check_fits(game, kit, c) == [line(
        c, "f", ">= 0.5 mm", f"{spare:.1f} mm", True,
        f"piece (a hexagon 70.0 mm across the corners, turned 30°) on board cells (a hexagon 80.0 mm across the "
        f"corners): {spare:.1f} mm to spare on each side, at least 0.5 mm wanted")]


def test_fits_a_square_tile_exactly_on_its_square_and_a_larger_one_not(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, FIT.format(els=GRID30, piece='shape = "square"\nsize = 30'))
    c = fits(["cell"], clearance=1.0)
    got = check_fits(game, kit, c)
    assert got[0].verdict == "pass" and got[0].detail.endswith("covers it exactly, as a tile covers its space")
    game, kit = kit_of(tmp_path / "2", FIT.format(els=GRID30, piece='shape = "square"\nsize = 30.2'))
    got = check_fits(game, kit, c)
    assert got[0].verdict == "fail" and got[0].found == "-0.1 mm"


def test_fits_pieces_of_two_sizes_each_get_a_line(tmp_path: Path) -> None:
    # cubes stand on a square face: 20 mm (two pieces) and 29 mm on 30 mm cells
    toml = FIT.format(els=GRID30, piece="size = 10") + (
        '[[components]]\nid = "cube"\nkind = "net"\nsolid = "cube"\nedge = "{kind.d}"\nvary = ["kind"]\n'
        '[[sets.kind]]\nname = "a"\nd = 20\n[[sets.kind]]\nname = "b"\nd = 20\n[[sets.kind]]\nname = "c"\nd = 29\n')
    game, kit = kit_of(tmp_path, toml)
    c = fits(["cell"], component="cube")
    assert check_fits(game, kit, c) == [
        line(c, "f[cube-a]", ">= 0.5 mm", "5.0 mm", True,
             "cube-a, cube-b (a square 20.0 mm wide) on board cells (a square 30.0 mm wide): "
             "5.0 mm to spare on each side, at least 0.5 mm wanted"),
        line(c, "f[cube-c]", ">= 0.5 mm", "0.5 mm", True,
             "cube-c (a square 29.0 mm wide) on board cells (a square 30.0 mm wide): "
             "0.5 mm to spare on each side, at least 0.5 mm wanted"),
    ]


def test_fits_a_card_by_its_rectangle(tmp_path: Path) -> None:
    toml = FIT.format(els='{ type = "grid", x = 0, y = 0, rows = 1, cols = 1, cell = 100 }', piece="size = 10") + (
        '[[components]]\nid = "card"\nkind = "card"\nwidth = 60\nheight = 90\nface = "p"\n')
    game, kit = kit_of(tmp_path, toml)
    c = fits(["cell"], component="card")
    assert check_fits(game, kit, c) == [line(
        c, "f", ">= 0.5 mm", "5.0 mm", True,
        "card (60.0 x 90.0 mm) on board cells (a square 100.0 mm wide): 5.0 mm to spare on each side, "
        "at least 0.5 mm wanted")]


def test_fits_no_place_of_that_kind(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, FIT.format(els=GRID30, piece="size = 10"))
    c = fits(["spot", "space"])
    assert check_fits(game, kit, c) == [line(
        c, "f", "places spot, space", "none", False, "board has no place of kind or element spot, space on its face",
        ("board",))]


LATTICE = '''
[layouts.b]
elements = [{ type = "flower", cx = 100, cy = 100, spacing = 12, rings = 1 }, GRID]
[[components]]
id = "board"
kind = "board"
width = 200
height = 200
face = "b"
[[components]]
id = "petal"
kind = "lattice-piece"
spacing = SPACING
fields = "0,0-1,0"
front = { fill = "#222222", dots = "#eeeeee" }
'''


@pytest.mark.parametrize(("spacing", "ok"), [(12, True), (12.04, True), (12.06, False), (11.94, False)])
def test_fits_a_lattice_piece_by_its_spacing(tmp_path: Path, spacing: float, ok: bool) -> None:
    game, kit = kit_of(tmp_path, LATTICE.replace("SPACING", str(spacing)).replace(", GRID", ""))
    c = fits(["field"], component="petal")
    detail = f"petal fields have spacing {spacing:.1f} mm, board fields 12.0 mm" + (
        "" if ok else f": a piece covers board fields only at the same spacing (off by {abs(spacing - 12):.1f} mm)")
    assert check_fits(game, kit, c) == [line(c, "f", "spacing 12.0 mm", f"{spacing:.1f} mm", ok, detail,
                                             () if ok else ("petal", "board"))]


def test_fits_a_lattice_piece_on_places_with_no_field(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, LATTICE.replace("SPACING", "12").replace("GRID", GRID30))
    c = fits(["cell"], component="petal")
    assert check_fits(game, kit, c) == [line(
        c, "f", "spacing 0.0 mm", "12.0 mm", False,
        "petal fields have spacing 12.0 mm, board fields 0.0 mm: a piece covers board fields only at the same "
        "spacing (off by 12.0 mm)", ("petal", "board"))]


# --- box-folds -----------------------------------------------------------------------------------------------


def box_folds(**kw: Any) -> BoxFoldsCheck:
    return BoxFoldsCheck(id="bf", type="box-folds", source="Folds.", **kw)


BOARDS = '''
[layouts.b]
elements = []
[[components]]
id = "chip"
name = "Map"
kind = "token"
shape = "square"
size = 180
face = "b"
[[boxes.boards]]
component = "chip"
across = 2
how = "stack"
[[components]]
id = "mapb"
name = "Map B"
kind = "board"
width = 100
height = 80
face = "b"
[[components]]
id = "map"
name = "Map"
kind = "board"
width = 400
height = 300
face = "b"
folds = "{folds}"
{extra}
'''


def test_box_folds_a_board_folded_along_its_printed_folds(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, BOARDS.format(folds="quarters", extra="", ))
    c = box_folds()
    # no board among the pieces checked: nothing to fold, and the box plan is not made for it
    assert check_box_folds(game, kit, box_folds(components=["chip"])) == []
    assert ("checks-boxes", id(kit)) not in game.cache
    # the 400 x 300 map folds in 4 (2 x 2): its printed folds make 2 x 2 parts; Map B and the chip are not checked
    assert check_box_folds(game, kit, c) == [line(c, "bf[map]", "4 parts", "4 parts", True,
                                                 "map folds in 4 along its printed folds")]
    assert check_box_folds(game, kit, box_folds(components=["mapb", "chip"])) == []


def test_box_folds_a_board_the_plan_folds_where_it_prints_no_fold(tmp_path: Path) -> None:
    toml = BOARDS.format(folds="half", extra="") + '[[boxes.boards]]\ncomponent = "map"\nacross = 2\ndown = 2\n'
    game, kit = kit_of(tmp_path, toml)
    c = box_folds(severity="warning")
    assert check_box_folds(game, kit, c) == [line(
        c, "bf[map]", "2 parts", "4 parts", False,
        "the box plan folds map in 4, its printed folds make 2 parts: print the folds the box needs (`folds`) "
        "or change [[boxes.boards]]", ("map",))]
    # printed nowhere: 1 part
    toml = BOARDS.format(folds="none", extra="") + '[[boxes.boards]]\ncomponent = "map"\nacross = 2\ndown = 2\n'
    game, kit = kit_of(tmp_path / "2", toml)
    c = box_folds()
    assert check_box_folds(game, kit, c) == [line(
        c, "bf[map]", "1 parts", "4 parts", False,
        "the box plan folds map in 4, its printed folds make 1 part: print the folds the box needs (`folds`) "
        "or change [[boxes.boards]]", ("map",))]


def test_box_folds_stacked_parts_are_not_folds(tmp_path: Path) -> None:
    toml = BOARDS.format(folds="none", extra="") + (
        '[[boxes.boards]]\ncomponent = "map"\nacross = 2\ndown = 2\nhow = "stack"\n')
    game, kit = kit_of(tmp_path, toml)
    assert check_box_folds(game, kit, box_folds()) == []


# --- fits-box ------------------------------------------------------------------------------------------------


def fits_box(**kw: Any) -> FitsBoxCheck:
    return FitsBoxCheck(id="fb", type="fits-box", source="In the box.", **kw)


BOXED = '''
[layouts.f]
elements = []
[[components]]
id = "deck"
name = "Deck"
kind = "card"
width = 63
height = 88
count = 40
face = "f"
[[components]]
id = "map"
name = "Map"
kind = "board"
width = 200
height = 150
face = "f"
folds = "half"
[[components]]
id = "chip"
name = "Chip"
kind = "token"
size = 30
count = 3
face = "f"
[[components]]
id = "chipper"
name = "Chipper"
kind = "token"
shape = "rounded"
width = 55
height = 10
face = "f"
'''
# three blocks whose names start with "Chip": the largest by area (40 x 25), by its sides' sum (60 x 14) and by its
# shorter side (27 x 27) are three different ones
CHIPS = '''
[layouts.f]
elements = []
[[components]]
id = "chip"
name = "Chip"
kind = "token"
shape = "rounded"
width = 40
height = 25
face = "f"
[[components]]
id = "chipper"
name = "Chipper"
kind = "token"
shape = "rounded"
width = 60
height = 14
face = "f"
[[components]]
id = "chippest"
name = "Chippest"
kind = "token"
shape = "square"
size = 27
face = "f"
'''


def planned(kit: Any, *changes: tuple[str, tuple[float, float, float]]) -> list[Any]:
    """The kit's box plan, with the named boxes' inner sizes changed (the check reads the plan from the kit)."""
    plan = boxes(kit)
    sizes = dict(changes)
    new = [dataclasses.replace(b, inner=sizes[b.id]) if b.id in sizes else b for b in plan]
    kit.game.cache[("checks-boxes", id(kit))] = (kit, new)
    return new


def test_fits_box_every_piece_in_its_box(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, BOXED)
    plan = boxes(kit)
    tuck = next(b for b in plan if b.kind == "tuck")
    lid = next(b for b in plan if b.id == "lid-box-base")
    w, h, d = tuck.inner
    cw, ch = tuck.info["card"]
    t = tuck.info["deck_thickness"]
    assert (cw, ch) == (63, 88) and t > 0
    lw, lh, ld = lid.inner
    blocks = {b["what"]: b["size"] for b in lid.info["contents"]}
    c = fits_box()
    got = check_fits_box(game, kit, c)
    assert got[0] == line(c, "fb[deck]", "fits", "fits", True,
                          f"deck in {tuck.name} (inside {w:.1f} x {h:.1f} x {d:.1f} mm): cards 63.0 x 88.0 mm, "
                          f"deck {t:.1f} mm thick, {min(w - 63, h - 88, d - t):.1f} mm to spare")
    mw, ml, mh = blocks["Map (folded in 2)"]
    assert (mw, ml) == (150, 100)
    assert got[1] == line(c, "fb[map]", "fits", "fits", True,
                          f"map in the lid box (inside {lw:.1f} x {lh:.1f} x {ld:.1f} mm): "
                          f"{mw:.1f} x {ml:.1f} x {mh:.1f} mm as packed")
    # "Chip" and "Chipper" both start with "Chip": the chip's line reads the larger block by area of both, the
    # 30 x 30 chips (900 mm²) rather than the 55 x 10 one (550 mm², but longer sides)
    chip_blocks = [s for what, s in blocks.items() if what.startswith("Chip")]
    assert sorted((w, l) for w, l, _ in chip_blocks) == [(30, 30), (55, 10)]
    cw2, cl2, chh = next(s for s in chip_blocks if s[0] == 30)
    assert got[2].check == "fb[chip]" and got[2].detail.endswith(f"{cw2:.1f} x {cl2:.1f} x {chh:.1f} mm as packed")
    assert [ln.check for ln in got] == ["fb[deck]", "fb[map]", "fb[chip]", "fb[chipper]"]
    assert [ln.check for ln in check_fits_box(game, kit, fits_box(components=["map"]))] == ["fb[map]"]


@pytest.mark.parametrize("short", ["w", "h", "d"])
def test_fits_box_a_tuck_box_too_small_one_way(tmp_path: Path, short: str) -> None:
    game, kit = kit_of(tmp_path, BOXED)
    tuck = next(b for b in boxes(kit) if b.kind == "tuck")
    t = tuck.info["deck_thickness"]
    exact = [63.0, 88.0, t]
    planned(kit, (tuck.id, tuple(exact)))  # type: ignore[arg-type]
    c = fits_box(components=["deck"])
    assert check_fits_box(game, kit, c)[0].verdict == "pass"  # exactly the cards: 0 mm to spare fits
    smaller = [v - 0.01 if k == short else v for k, v in zip("whd", exact, strict=True)]
    planned(kit, (tuck.id, tuple(smaller)))  # type: ignore[arg-type]
    got = check_fits_box(game, kit, c)
    assert got == [line(c, "fb[deck]", "fits", "too large", False,
                        f"deck in {tuck.name} (inside {smaller[0]:.1f} x {smaller[1]:.1f} x {smaller[2]:.1f} mm): "
                        f"cards 63.0 x 88.0 mm, deck {t:.1f} mm thick, -0.0 mm to spare", ("deck",))]


@pytest.mark.parametrize(("inner", "ok"), [
    ((150.0, 100.0, 10.0), True), ((100.0, 150.0, 10.0), True),  # either way round
    ((149.99, 150.0, 10.0), True), ((150.0, 99.99, 10.0), False), ((99.99, 150.0, 10.0), False),
    ((149.99, 120.0, 10.0), False), ((160.0, 99.99, 10.0), False), ((99.99, 160.0, 10.0), False)])
def test_fits_box_a_folded_board_in_the_lid_box_either_way_round(tmp_path: Path, inner: tuple[float, float, float],
                                                                 ok: bool) -> None:
    game, kit = kit_of(tmp_path, BOXED)
    lid = next(b for b in boxes(kit) if b.id == "lid-box-base")
    mw, ml, mh = next(b["size"] for b in lid.info["contents"] if b["what"] == "Map (folded in 2)")
    assert mh <= 10
    planned(kit, (lid.id, inner))
    c = fits_box(components=["map"])
    got = check_fits_box(game, kit, c)
    assert [(ln.check, ln.verdict, ln.found, ln.pieces) for ln in got] == [
        ("fb[map]", "pass" if ok else "fail", "fits" if ok else "too large", () if ok else ("map",))]
    # the depth: as deep as the block fits, a hundredth less does not
    planned(kit, (lid.id, (150.0, 150.0, mh)))
    assert check_fits_box(game, kit, c)[0].verdict == "pass"
    planned(kit, (lid.id, (150.0, 150.0, mh - 0.01)))
    assert check_fits_box(game, kit, c)[0].verdict == "fail"


def test_fits_box_without_a_lid_box_reads_the_tuck_boxes_only(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, '[layouts.f]\nelements = []\n[[components]]\nid = "deck"\nkind = "card"\n'
                       'width = 63\nheight = 88\ncount = 20\nface = "f"\n')
    plan = boxes(kit)
    assert [b.kind for b in plan].count("tuck") == 1
    planned(kit)
    kit.game.cache[("checks-boxes", id(kit))] = (kit, [b for b in plan if b.id != "lid-box-base"])
    assert [ln.check for ln in check_fits_box(game, kit, fits_box())] == ["fb[deck]"]


def test_fits_box_a_component_the_lid_box_does_not_list_is_passed_over(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, BOXED)
    plan = boxes(kit)
    lid = next(b for b in plan if b.id == "lid-box-base")
    without_map = dataclasses.replace(lid, info={**lid.info, "contents": [
        b for b in lid.info["contents"] if not b["what"].startswith("Map")]})
    kit.game.cache[("checks-boxes", id(kit))] = (kit, [without_map if b is lid else b for b in plan])
    assert [ln.check for ln in check_fits_box(game, kit, fits_box())] == ["fb[deck]", "fb[chip]", "fb[chipper]"]


# --- killing the first run's survivors -------------------------------------------------------------------------


def test_nests_a_card_is_no_net(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, '[layouts.f]\nelements = []\n[[components]]\nid = "card"\nkind = "card"\n'
                       'size = "poker"\nface = "f"\n')
    with pytest.raises(DataError):
        check_nests(game, kit, nests(component="card"))


def test_nests_sizes_apart_by_a_thousandth_are_two(tmp_path: Path) -> None:
    # bases of 20.001 and 20.004 mm are two sizes (a pair line); 20 and 20.0004 are one (no pair)
    for a, b, pairs in ((20.001, 20.004, 1), (20, 20.0004, 0)):
        game, kit = kit_of(tmp_path / str(a), sizes(("p", a, 20, 1), ("q", b, 20, 1))
                           + pyramid("cup"))
        got = check_nests(game, kit, nests(hollow=False))
        assert len(got) == pairs, (a, b)
        # and heights
        game, kit = kit_of(tmp_path / f"h{a}", sizes(("p", 20, a, 1), ("q", 20, b, 1))
                           + pyramid("cup"))
        got = check_nests(game, kit, nests(hollow=False))
        assert len(got) == pairs, (a, b)


def test_nests_a_gap_exactly_the_clearance_less_the_tolerance_fits(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, '[[sets.size]]\nname = "small"\nedge = 10\n[[sets.size]]\nname = "big"\nedge = 16\n'
                       '[[components]]\nid = "box"\nkind = "net"\nsolid = "cube"\nvary = ["size"]\nedge = "{size.edge}"\n')
    assert 3.000001 - 1e-6 == 3.0  # the gap is 3 mm exactly
    assert check_nests(game, kit, nests(component="box", hollow=False, clearance=3.000001))[0].verdict == "pass"


def test_fits_a_spare_exactly_the_clearance_less_the_tolerance_fits(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, FIT.format(els=GRID30, piece="size = 24"))
    assert check_fits(game, kit, fits(["cell"], clearance=3.000001))[0].verdict == "pass"


def test_fits_cubes_a_thousandth_apart_in_size_are_two_shapes(tmp_path: Path) -> None:
    toml = FIT.format(els=GRID30, piece="size = 10") + (
        '[[components]]\nid = "cube"\nkind = "net"\nsolid = "cube"\nedge = "{kind.d}"\nvary = ["kind"]\n'
        '[[sets.kind]]\nname = "a"\nd = 20\n[[sets.kind]]\nname = "b"\nd = 20.004\n[[sets.kind]]\nname = "c"\nd = 20.02\n')
    game, kit = kit_of(tmp_path, toml)
    # corners at 10 and 10.002 mm from the centre are one outline to the hundredth; 10.01 is another
    assert [ln.check for ln in check_fits(game, kit, fits(["cell"], component="cube"))] == ["f[cube-a]", "f[cube-c]"]


def test_fits_places_a_few_hundredths_apart_in_size_are_two(tmp_path: Path) -> None:
    # cells of 30 and 30.04 mm: a 24 mm token has 3.0 mm on the smaller (short of 3.01), 3.02 on the larger
    els = GRID30 + ', { type = "grid", x = 100, y = 100, rows = 1, cols = 1, cell = 30.04 }'
    game, kit = kit_of(tmp_path, FIT.format(els=els, piece="size = 24"))
    got = check_fits(game, kit, fits(["cell"], clearance=3.01))
    assert got[0].verdict == "fail" and "layouts.b.elements[0] cell 1" in got[0].detail
    # the larger listed first: still the smaller decides
    els = '{ type = "grid", x = 100, y = 100, rows = 1, cols = 1, cell = 30.04 }, ' + GRID30
    game, kit = kit_of(tmp_path / "2", FIT.format(els=els, piece="size = 24"))
    got = check_fits(game, kit, fits(["cell"], clearance=3.01))
    assert got[0].verdict == "fail" and "layouts.b.elements[1] cell 1" in got[0].detail
    # a place measured to the thousandth is found again by its size
    els = '{ type = "grid", x = 100, y = 100, rows = 1, cols = 1, cell = 30.004 }'
    game, kit = kit_of(tmp_path / "3", FIT.format(els=els, piece="size = 24"))
    assert check_fits(game, kit, fits(["cell"]))[0].found == "3.0 mm"
    els = '{ type = "grid", x = 100, y = 100, rows = 1, cols = 1, cell = 30.04 }'
    game, kit = kit_of(tmp_path / "4", FIT.format(els=els, piece="size = 24"))
    assert check_fits(game, kit, fits(["cell"]))[0].found == "3.0 mm"


def test_fits_a_lattice_piece_between_two_flowers_names_the_spacing_of_the_last(tmp_path: Path) -> None:
    toml = LATTICE.replace("SPACING", "12.05").replace("GRID", '{ type = "flower", cx = 40, cy = 40, spacing = 12.06, rings = 1 }')
    toml = toml.replace("spacing = 12, rings = 1 }", "spacing = 12.04, rings = 1 }", 1)
    game, kit = kit_of(tmp_path, toml)
    got = check_fits(game, kit, fits(["field"], component="petal"))
    assert got[0].verdict == "pass" and got[0].expected == "spacing 12.0 mm"
    # both off, the first named
    toml = LATTICE.replace("SPACING", "13").replace("GRID", '{ type = "flower", cx = 40, cy = 40, spacing = 11, rings = 1 }')
    game, kit = kit_of(tmp_path / "2", toml)
    assert check_fits(game, kit, fits(["field"], component="petal"))[0].expected == "spacing 12.0 mm"


def test_box_folds_counts_parts_across_and_down_and_reads_the_lid_box_among_others(tmp_path: Path) -> None:
    deck = ('[[components]]\nid = "deck"\nkind = "card"\nwidth = 63\nheight = 88\ncount = 30\nface = "b"\n')
    small = BOARDS.replace("width = 400\nheight = 300", "width = 300\nheight = 200")
    toml = small.format(folds="half", extra="") + '[[boxes.boards]]\ncomponent = "map"\nacross = 2\ndown = 1\n' + deck
    game, kit = kit_of(tmp_path, toml)
    assert boxes(kit)[0].kind == "tuck"
    c = box_folds()
    assert check_box_folds(game, kit, c) == [line(c, "bf[map]", "2 parts", "2 parts", True,
                                                 "map folds in 2 along its printed folds")]


@pytest.mark.parametrize(("axis", "at", "parts"), [("x", (150.02, 150.04), 2), ("x", (150.2, 150.4), 3),
                                                   ("y", (100.02, 100.04), 2), ("y", (100.2, 100.4), 3)])
def test_box_folds_printed_folds_are_told_apart_to_a_tenth(tmp_path: Path, axis: str, at: tuple[float, float],
                                                           parts: int) -> None:
    import dataclasses as dc
    game, kit = kit_of(tmp_path, BOARDS.replace("width = 400\nheight = 300", "width = 300\nheight = 200")
                       .format(folds="half", extra=""))
    # the same board with two printed folds a few hundredths or tenths apart (one fold, or two)
    lines = [[a, 0, a, 200] if axis == "x" else [0, a, 300, a] for a in at]
    for items in kit.groups.values():
        for i, item in enumerate(items):
            if item.component == "map":
                items[i] = dc.replace(item, art=dc.replace(item.art, info={**item.art.info, "folds": lines}))
    got = check_box_folds(game, kit, box_folds())
    assert got[0].expected == f"{parts} parts"


def test_board_ranks_the_bottom_most_grids_share_with_a_tolerance_of_half_a_millimetre(tmp_path: Path) -> None:
    # bottoms at 80, 80 and 81: 80 is shared by two, so 81 is the one off
    els = ('{ type = "text", text = "x" }, '
           '{ type = "grid", x = 0, y = 70, rows = 1, cols = 1, cell = 10 }, '
           '{ type = "grid", x = 30, y = 70, rows = 1, cols = 1, cell = 10 }, '
           '{ type = "grid", x = 60, y = 71, rows = 1, cols = 1, cell = 10 }')
    game, _ = kit_of(tmp_path, board(els))
    got = check_board_ranks(game, ranks(want=[3]))
    assert got[-1].detail == ("ranks are counted from each grid's bottom row, but layouts.b.elements[3] "
                              "(bottom at 81.0 mm, the others at 80.0 mm)")


def test_fits_box_a_deck_sharing_its_tuck_box_with_one_not_checked(tmp_path: Path) -> None:
    toml = BOXED.replace('count = 40\nface = "f"', 'count = 20\nface = "f"\n[[components]]\nid = "deck2"\nkind = "card"\n'
                         'width = 63\nheight = 88\ncount = 20\nface = "f"', 1)
    game, kit = kit_of(tmp_path, toml)
    tuck = next(b for b in boxes(kit) if b.kind == "tuck")
    assert tuck.info["components"] == ["deck", "deck2"]
    assert [ln.check for ln in check_fits_box(game, kit, fits_box(components=["deck2"]))] == ["fb[deck2]"]


def test_the_fit_checks_run_in_the_proof_in_their_documented_order(tmp_path: Path) -> None:
    from printkit.checks import load_checks
    from printkit.proof import counted, prove

    # the order of the check types in docs/format.md (generated from the registry's `order`)
    doc = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    part = doc[doc.index("## Structural checks"):]
    part = part[:part.index("\n## ", 5)]
    import re
    documented = re.findall(r"^### `([a-z-]+)`", part, flags=re.M)
    assert list(load_checks()) == documented
    # each runs in the proof, on the data (board-ranks: its board counts as checked) or on the drawn kit
    toml = board('{ type = "grid", x = 0, y = 20, rows = 1, cols = 2, cell = 20 }') + (
        '[layouts.t]\nelements = []\n[[components]]\nid = "chip"\nkind = "token"\nsize = 10\nface = "t"\n'
        '[[components]]\nid = "cube"\nkind = "net"\nsolid = "cube"\nedge = 10\n'
        '[[checks]]\nid = "r"\ntype = "board-ranks"\ncomponent = "board"\nranks = [2]\nsource = "s"\n'
        '[[checks]]\nid = "f"\ntype = "fits"\ncomponent = "chip"\nboard = "board"\nplaces = ["cell"]\nsource = "s"\n'
        '[[checks]]\nid = "n"\ntype = "nests"\ncomponent = "cube"\nsource = "s"\n'
        '[[checks]]\nid = "fb"\ntype = "fits-box"\nsource = "s"\n')
    game, kit = kit_of(tmp_path, toml)
    report = prove(game, kit)
    types = {ln.type for ln in report.lines}
    assert {"board-ranks", "fits", "fits-box"} <= types
    assert counted(game) == {"board"}


def test_fits_a_lattice_spacing_exactly_five_hundredths_off_is_within_the_tolerance(tmp_path: Path) -> None:
    # 0.167 - 0.117 is 0.05 exactly in floating point (not so for 12.05 - 12): the limit itself fits
    assert abs(0.167 - 0.117) == 0.05
    toml = (LATTICE.replace("SPACING", "0.167\nbleed = 0").replace(", GRID", "")
            .replace("spacing = 12, rings = 1", "spacing = 0.117, rings = 1"))
    game, kit = kit_of(tmp_path, toml)
    assert check_fits(game, kit, fits(["field"], component="petal"))[0].verdict == "pass"


def test_board_ranks_a_grid_left_out_by_when_before_the_others(tmp_path: Path) -> None:
    els = ('{ type = "grid", x = 0, y = 0, rows = 4, cols = 4, cell = 10, when = "{1 > 2}" }, '
           '{ type = "grid", x = 50, y = 50, rows = 1, cols = 3, cell = 10 }')
    game, _ = kit_of(tmp_path, board(els))
    c = ranks(want=[3])
    assert check_board_ranks(game, c) == rank_lines(c, "r", [3], [3])


def test_fits_box_a_block_exactly_the_box_less_the_tolerance_fits(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, BOXED)
    lid = next(b for b in boxes(kit) if b.id == "lid-box-base")
    mw, ml, mh = next(b["size"] for b in lid.info["contents"] if b["what"] == "Map (folded in 2)")
    assert (150 - 1e-6) + 1e-6 == 150 and (mh - 1e-6) + 1e-6 == mh
    c = fits_box(components=["map"])
    for inner in ((150 - 1e-6, 120.0, 10.0), (160.0, 100 - 1e-6, 10.0), (160.0, 120.0, mh - 1e-6)):
        planned(kit, (lid.id, inner))
        assert check_fits_box(game, kit, c)[0].verdict == "pass", inner


def test_fits_tetrahedra_whose_bases_differ_to_the_hundredth_only_in_depth_are_two_shapes(tmp_path: Path) -> None:
    # edges of 5.019 and 5.023 mm: the bases' corners agree to the hundredth across (x) but not in depth (y)
    toml = FIT.format(els=GRID30, piece="size = 10") + (
        '[[components]]\nid = "tet"\nkind = "net"\nsolid = "tetrahedron"\ntab = 2\nedge = "{kind.d}"\nvary = ["kind"]\n'
        '[[sets.kind]]\nname = "a"\nd = 5.019\n[[sets.kind]]\nname = "b"\nd = 5.023\n')
    game, kit = kit_of(tmp_path, toml)
    assert [ln.check for ln in check_fits(game, kit, fits(["cell"], component="tet"))] == ["f[tet-a]", "f[tet-b]"]


def test_fits_a_lattice_piece_on_fields_and_cells_reads_the_fields_alone(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, LATTICE.replace("SPACING", "12").replace("GRID", GRID30))
    got = check_fits(game, kit, fits(["field", "cell"], component="petal"))
    assert got[0].verdict == "pass" and got[0].expected == "spacing 12.0 mm"


def test_nests_a_kit_without_the_pieces_has_no_lines(tmp_path: Path) -> None:
    game, _ = kit_of(tmp_path, '[[components]]\nid = "cup"\nkind = "net"\nsolid = "cube"\nedge = 10\n')
    from printkit.kit import Kit
    assert check_nests(game, Kit(game), nests(value="pips")) == [
        line(nests(value="pips"), "n[pips by size]", "grows with size", "", True, "pips by size, smallest first: ")]
    assert check_nests(game, Kit(game), nests()) == []


def test_board_ranks_other_elements_before_the_grids_and_too_few_spaces(tmp_path: Path) -> None:
    els = ('{ type = "circle", cx = 5, cy = 5, r = 2 }, { type = "text", text = "x" }, '
           '{ type = "grid", x = 0, y = 20, rows = 3, cols = 4, cell = 20 }, '
           '{ type = "grid", x = 80, y = 60, rows = 2, cols = 2, cell = 10 }')
    game, _ = kit_of(tmp_path, board(els))
    c = ranks(want=[6, 6, 4, 1])
    assert check_board_ranks(game, c) == rank_lines(c, "r", [6, 6, 4, 1], [6, 6, 4])


def test_fits_box_reads_the_block_of_the_largest_area(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, CHIPS)
    got = check_fits_box(game, kit, fits_box(components=["chip"]))
    assert got[0].detail.endswith("as packed") and " 40.0 x 25.0 x " in got[0].detail


def test_fits_box_cards_wider_than_the_box_by_the_tolerance_fit(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, BOXED)
    plan = boxes(kit)
    tuck = next(b for b in plan if b.kind == "tuck")
    assert 0.0 - 1e-6 == -1e-6
    odd = dataclasses.replace(tuck, inner=(0.0, 100.0, 100.0), info={**tuck.info, "card": [1e-6, 88.0], "deck_thickness": 0.0})
    kit.game.cache[("checks-boxes", id(kit))] = (kit, [odd if b is tuck else b for b in plan])
    assert check_fits_box(game, kit, fits_box(components=["deck"]))[0].verdict == "pass"


def test_the_lists_the_fit_checks_read_may_not_be_empty() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        BoardRanksCheck(id="r", type="board-ranks", component="b", ranks=[], source="s")
    with pytest.raises(ValidationError):
        FitsCheck(id="f", type="fits", component="p", board="b", places=[], source="s")


def test_box_folds_a_board_printing_more_folds_than_the_box_uses(tmp_path: Path) -> None:
    small = BOARDS.replace("width = 400\nheight = 300", "width = 300\nheight = 200")
    game, kit = kit_of(tmp_path, small.format(folds="quarters", extra="") +
                       '[[boxes.boards]]\ncomponent = "map"\nacross = 2\ndown = 1\n')
    got = check_box_folds(game, kit, box_folds())
    assert [(ln.expected, ln.found, ln.verdict) for ln in got] == [("4 parts", "2 parts", "fail")]


def test_fits_a_lattice_piece_on_fields_and_spots_reads_the_fields_alone(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, LATTICE.replace("SPACING", "12").replace("GRID", RING.format(space=20)))
    got = check_fits(game, kit, fits(["field", "spot"], component="petal"))
    assert got[0].verdict == "pass" and got[0].expected == "spacing 12.0 mm"


def test_fits_tetrahedra_whose_bases_differ_to_the_hundredth_only_across_are_two_shapes(tmp_path: Path) -> None:
    toml = FIT.format(els=GRID30, piece="size = 10") + (
        '[[components]]\nid = "tet"\nkind = "net"\nsolid = "tetrahedron"\ntab = 2\nedge = "{kind.d}"\nvary = ["kind"]\n'
        '[[sets.kind]]\nname = "a"\nd = 5.009\n[[sets.kind]]\nname = "b"\nd = 5.01\n')
    game, kit = kit_of(tmp_path, toml)
    assert [ln.check for ln in check_fits(game, kit, fits(["cell"], component="tet"))] == ["f[tet-a]", "f[tet-b]"]


def test_fits_a_square_a_degree_off_is_turned_back_and_says_so(tmp_path: Path) -> None:
    import dataclasses as dc

    from printkit.drawing import CUT, Drawing, polygon

    game, kit = kit_of(tmp_path, FIT.format(els=GRID30, piece='shape = "square"\nsize = 20'))
    a = math.radians(-1)
    corners = [(10 + x * math.cos(a) - y * math.sin(a), 10 + x * math.sin(a) + y * math.cos(a))
               for x, y in ((-10, -10), (10, -10), (10, 10), (-10, 10))]
    cut = Drawing(20, 20, [polygon(corners, CUT, "cut")])
    for items in kit.groups.values():
        for i, item in enumerate(items):
            if item.component == "piece":
                items[i] = dc.replace(item, art=dc.replace(item.art, outline=cut))
    got = check_fits(game, kit, fits(["cell"]))
    assert "turned 1°" in got[0].detail and got[0].found == "5.0 mm"
