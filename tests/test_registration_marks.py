"""printkit.layout.marks in this process: the registration marks' shapes and places, the back
offset, the cut paths of a sheet. (The built PDFs and cut files are checked in test_print_options.)"""

from __future__ import annotations

import pytest

from printkit.drawing import GUIDE, Drawing, Path, Rect, flatten, line
from printkit.layout import Paper, Placement, Sheet
from printkit.layout.marks import (
    REG_BAND,
    REG_BAR,
    REG_SIZE,
    add_registration,
    cut_paths,
    cut_svg,
    has_cuts,
    registration_marks,
    registration_points,
    shift_backs,
)

A4 = Paper("a4", 210.0, 297.0, 5.0, band=REG_BAND)


def points(node: Path) -> list[tuple[float, float]]:
    return [(s[1], s[2]) for s in node.segments if s[0] in ("M", "L")]


def area(pts: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))) / 2


def bounds(pts: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_band_leaves_room_for_the_marks_and_their_quiet_zone() -> None:
    assert REG_SIZE == 5.0 and REG_BAR == 1.0 and REG_BAND == 8.0
    assert A4.printable == (5.0, 13.0, 200.0, 271.0)


def test_three_marks_at_the_corners_of_the_margin() -> None:
    assert registration_points(A4) == [(5.0, 5.0), (205.0, 5.0), (5.0, 292.0)]
    square, top_right, bottom_left = registration_marks(A4)
    assert isinstance(square, Rect) and (square.x, square.y, square.w, square.h) == (5.0, 5.0, 5.0, 5.0)
    assert square.role == "guide" and square.paint.fill == "#000000"
    l_area = 2 * REG_SIZE * REG_BAR - REG_BAR * REG_BAR  # an L of two 5 x 1 mm legs sharing a 1 mm square
    for mark, box in ((top_right, (200.0, 5.0, 205.0, 10.0)), (bottom_left, (5.0, 287.0, 10.0, 292.0))):
        assert isinstance(mark, Path) and mark.closed and mark.role == "guide"
        pts = points(mark)
        assert len(pts) == 6
        assert bounds(pts) == pytest.approx(box)
        assert area(pts) == pytest.approx(l_area)
    # The corner of each L is the outer corner of the margin: top right, bottom left.
    assert (205.0, 5.0) in points(top_right) and (5.0, 292.0) in points(bottom_left)
    # Each L's legs run along the paper's edges: every point of the top-right L is on its outer edges or 1 mm in.
    assert all(x in (200.0, 204.0, 205.0) and y in (5.0, 6.0, 10.0) for x, y in points(top_right))
    assert all(x in (5.0, 6.0, 10.0) and y in (287.0, 291.0, 292.0) for x, y in points(bottom_left))


def sheet(kind: str = "front") -> Sheet:
    d = Drawing(210.0, 297.0, [Rect(10, 20, 30, 40, role="cut"), line(0, 0, 5, 5, GUIDE, "guide")])
    return Sheet(d, [Placement("c", "p", "front" if kind == "front" else "back", 1, 10.0, 20.0, 30.0, 40.0)],
                 roles=("art", "cut"), kind=kind)  # type: ignore[arg-type]


def test_registration_is_added_to_the_sheet_and_the_manifest() -> None:
    before = sheet()
    after = add_registration(before, A4)
    assert after.drawing.children[:2] == before.drawing.children
    assert len(after.drawing.children) == 5
    assert after.roles == ("art", "cut", "guide")
    assert after.info["registration"] == [[5.0, 5.0], [205.0, 5.0], [5.0, 292.0]]
    assert after.placements == before.placements and len(before.drawing.children) == 2


def test_backs_move_by_the_offset_and_fronts_stay() -> None:
    front, back = sheet("front"), sheet("back")
    assert shift_backs([front, back], 0, 0) == [front, back]
    moved = shift_backs([front, back], 1.5, -0.5)
    assert moved[0] is front
    b = moved[1]
    assert b.kind == "back" and b.info["offset"] == [1.5, -0.5]
    assert (b.placements[0].x, b.placements[0].y) == (11.5, 19.5)
    [group] = b.drawing.children
    assert group.transform == pytest.approx((1, 0, 0, 1, 1.5, -0.5))
    assert (b.drawing.width, b.drawing.height) == (210.0, 297.0)
    for dx, dy in ((2.0, 0.0), (-1.5, 0.0), (0.0, -1.0), (0.0, 0.5)):  # one direction alone still moves the backs
        assert shift_backs([back], dx, dy)[0].placements[0].x == 10.0 + dx
        assert shift_backs([back], dx, dy)[0].placements[0].y == 20.0 + dy


def test_cut_paths_are_the_cut_lines_or_else_the_trim() -> None:
    paths = cut_paths(sheet())
    assert len(paths) == 1 and bounds(points(paths[0])) == pytest.approx((10, 20, 40, 60))
    bare = Sheet(Drawing(210.0, 297.0, [line(0, 0, 5, 5, GUIDE, "guide")]),
                 [Placement("b", "board", "front", 1, 10.0, 20.0, 30.0, 40.0)])
    [trim] = cut_paths(bare)
    assert trim.closed and trim.role == "cut" and bounds(points(trim)) == (10.0, 20.0, 40.0, 60.0)
    tiled = Sheet(Drawing(210.0, 297.0), [Placement("b", "board", "front", 1, 10.0, 20.0, 30.0, 40.0,
                                                    region=(0.0, 0.0, 30.0, 40.0))])
    assert cut_paths(tiled) == [] and not has_cuts(tiled) and has_cuts(bare)
    backs = Sheet(Drawing(210.0, 297.0), [Placement("b", "board", "back", 1, 10.0, 20.0, 30.0, 40.0)])
    assert not has_cuts(backs)


def test_the_cut_file_holds_the_cuts_and_the_marks_true_size() -> None:
    svg = cut_svg(sheet(), A4).decode()
    assert 'width="210mm"' in svg and 'height="297mm"' in svg
    assert len(flatten(Drawing(210, 297, registration_marks(A4)), ("guide",))) == 3
    assert svg.count("<path") + svg.count("<rect") >= 4


@pytest.mark.parametrize("kind", ["front", "assembly", "tile"])
def test_only_back_pages_move(kind: str) -> None:
    page = sheet(kind)
    assert shift_backs([page], 1.0, 1.0)[0] is page


def test_the_manifest_gives_the_marks_to_a_thousandth_of_a_millimetre() -> None:
    odd = Paper("custom", 210.12345, 297.6789, 5.0, band=REG_BAND)
    info = add_registration(sheet(), odd).info["registration"]
    assert info == [[5.0, 5.0], [205.123, 5.0], [5.0, 292.679]]
