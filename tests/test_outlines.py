"""Outline measuring (printkit.outlines): each rule against geometry worked out by hand, and the
exact room against a brute-force measure on densely sampled outlines."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import outlines as o

SQRT3 = math.sqrt(3)


def test_square_on_round_is_measured_by_its_diagonal() -> None:
    spare, _ = o.room(o.square(20), o.circle(30))
    assert spare == pytest.approx((30 - 20 * math.sqrt(2)) / 2)  # 0.86 mm, not (30 - 20) / 2 = 5 mm
    assert o.room(o.square(22), o.circle(30))[0] < 0  # a 22 mm square's diagonal is 31.1 mm


def test_hex_tile_on_the_same_hex_place_fits_exactly_whichever_way_the_grid_points() -> None:
    for pointy in (False, True):
        spare, turn = o.room(o.hexagon(80), o.hexagon(80, pointy=pointy))
        assert spare == pytest.approx(0.0, abs=1e-9)
        assert turn == pytest.approx(30.0 if pointy else 0.0)
        assert o.exact(o.hexagon(80), o.hexagon(80, pointy=pointy), spare)
    # a smaller hex: the room is the difference of the distances across the flats, halved
    assert o.room(o.hexagon(70), o.hexagon(80))[0] == pytest.approx((80 - 70) * SQRT3 / 4)
    assert not o.exact(o.hexagon(70), o.hexagon(80), o.room(o.hexagon(70), o.hexagon(80))[0])
    assert o.room(o.hexagon(81), o.hexagon(80))[0] == pytest.approx(-0.5)  # its corners stick out 0.5 mm


def test_hex_and_round_measure_corners_against_circles_and_flats_against_discs() -> None:
    assert o.room(o.hexagon(80), o.circle(84))[0] == pytest.approx(2.0)  # the corners reach 40 mm
    assert o.room(o.circle(60), o.hexagon(80))[0] == pytest.approx((80 * SQRT3 / 2 - 60) / 2)  # the flats 34.6 mm


def test_a_card_is_turned_to_its_space() -> None:
    spare, turn = o.room(o.rectangle(88, 63), o.rectangle(65, 90))
    assert spare == pytest.approx(1.0)
    assert turn == pytest.approx(90.0)
    assert o.room(o.rectangle(63, 88), o.square(90)) == pytest.approx((1.0, 0.0))


def test_hull_of_a_drawn_outline_is_centred_on_its_box() -> None:
    star = [(10 + 10 * math.cos(math.radians(a)) * (1 if k % 2 else 0.4), 5 + 10 * math.sin(math.radians(a)) * (1 if k % 2 else 0.4))
            for k, a in enumerate(range(0, 360, 36))]
    h = o.hull(star)
    assert len(h.points) == 5  # the inner corners are not on the hull
    assert max(x for x, _ in h.points) == pytest.approx(-min(x for x, _ in h.points))
    with pytest.raises(ValueError):
        o.hull([(0, 0), (1, 1), (2, 2)])


def test_descriptions() -> None:
    assert o.describe(o.hexagon(80)) == "a hexagon 80.0 mm across the corners"
    assert o.describe(o.square(20)) == "a square 20.0 mm wide"
    assert o.describe(o.circle(30)) == "a circle 30.0 mm across"
    assert o.describe(o.rectangle(63, 88)) == "63.0 x 88.0 mm"
    assert o.describe(o.hull([(0, 0), (4, 0), (2, 3)])) == "an outline 4.0 x 3.0 mm"


# --- brute force: the signed distance of densely sampled piece outlines to the place --------------


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay, bx, by = *a, *b
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def _brute(piece: list[tuple[float, float]], place: list[tuple[float, float]]) -> float:
    """Least distance from the piece's outline to the place's edges when inside (positive), or
    minus the farthest any of its points lies outside."""
    pts = []
    for a, b in zip(piece, piece[1:] + piece[:1]):
        pts += [(a[0] + (b[0] - a[0]) * k / 50, a[1] + (b[1] - a[1]) * k / 50) for k in range(50)]
    edges = list(zip(place, place[1:] + place[:1]))
    outside = [min(_seg_dist(p, a, b) for a, b in edges) for p in pts if not _inside(p, place)]
    if outside:
        return -max(outside)
    return min(_seg_dist(p, a, b) for p in pts for a, b in edges)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 8), st.floats(5, 40), st.floats(0, 120), st.integers(3, 8), st.floats(5, 40), st.floats(0, 120))
def test_room_is_the_distance_between_the_outlines(n1: int, r1: float, a1: float, n2: int, r2: float, a2: float) -> None:
    def regular(n: int, r: float, a: float) -> list[tuple[float, float]]:
        return [(r * math.cos(math.radians(a + 360 * k / n)), r * math.sin(math.radians(a + 360 * k / n))) for k in range(n)]

    piece, place = regular(n1, r1, a1), regular(n2, r2, a2)
    got = o.room_at(o.Outline(points=tuple(piece)), o.Outline(points=tuple(place)))
    want = _brute(piece, place)
    assert got == pytest.approx(want, abs=0.01 * r1 + 1e-6)
    assert (got < -1e-6) == (want < -1e-6)
