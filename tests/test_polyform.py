"""Polyform maths: free canonical forms, connectivity, fitting on a board."""


import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.polyform import canonical, connected, fits, format_cells, orientations, parse_cells


def free_polyominoes(n: int) -> set[tuple[tuple[int, int], ...]]:
    """Grow every free polyomino of n cells from a single square (independent enumeration)."""
    shapes = {canonical([(0, 0)])}
    for _ in range(n - 1):
        grown = set()
        for shape in shapes:
            for x, y in shape:
                for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if c not in shape:
                        grown.add(canonical([*shape, c]))
        shapes = grown
    return shapes


def test_there_are_twelve_free_pentominoes() -> None:
    assert len(free_polyominoes(5)) == 12
    assert [len(free_polyominoes(k)) for k in (1, 2, 3, 4, 6)] == [1, 1, 2, 5, 35]


def test_parse_and_format_round_trip() -> None:
    cells = parse_cells("1,0 2,0 0,1 1,1 1,2")
    assert parse_cells(format_cells(cells)) == cells
    with pytest.raises(ValueError):
        parse_cells("1,0 1;0")
    with pytest.raises(ValueError):
        parse_cells("0,0 0,0")


@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=8, unique=True),
       st.integers(0, 7), st.integers(-9, 9), st.integers(-9, 9))
def test_canonical_ignores_rotation_reflection_and_position(cells, k, dx, dy) -> None:  # type: ignore[no-untyped-def]
    image = list(orientations(cells))[k % len(orientations(cells))]
    moved = [(x + dx, y + dy) for x, y in image]
    assert canonical(moved) == canonical(cells)


def test_connected() -> None:
    assert connected(parse_cells("0,0 1,0 1,1"))
    assert not connected(parse_cells("0,0 2,0"))
    assert not connected(parse_cells("0,0 1,1"))  # corners do not connect


def test_the_straight_pentomino_does_not_fit_a_4x4_board() -> None:
    assert not fits(parse_cells("0,0 1,0 2,0 3,0 4,0"), 4, 4)
    others = [s for s in free_polyominoes(5) if max(max(x, y) for x, y in s) < 4]
    assert len(others) == 11 and all(fits(s, 4, 4) for s in others)
    assert all(fits(s, 5, 5) for s in free_polyominoes(5))


def test_shape_card_figures_sit_on_the_cards_own_grid() -> None:
    """Issue 27: each figure's squares are squares of the faint grid behind it (L, N, P and Y sat half a cell off)."""
    from pathlib import Path

    from printkit.build import draw
    from printkit.drawing import Rect, walk
    from printkit.load import load_game

    kit = draw(load_game(Path(__file__).resolve().parent.parent / "data" / "shape-cards"))
    for ref, face in kit.faces.items():
        if not ref.startswith("shape-card-") or ref.endswith("back"):
            continue
        rects = [(shape, m) for shape, m in walk(face.children, face.defs) if isinstance(shape, Rect)]
        grid = {(round(s.x + m[4], 3), round(s.y + m[5], 3)) for s, m in rects if s.w == 9 and not s.paint.fill}
        figure = [(round(s.x + m[4], 3), round(s.y + m[5], 3)) for s, m in rects if s.w == 9 and s.paint.fill]
        assert len(grid) == 25 and len(figure) == 5, ref
        assert set(figure) <= grid, f"{ref}: squares off the grid: {sorted(set(figure) - grid)}"
