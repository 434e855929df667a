"""Euclidean's line cards really form polygons when laid side by side.

The lines are read from the drawn cards (not from the data), so a change to the
drawing code or the data that breaks the geometry fails here.
"""

from __future__ import annotations

import math

import pytest
from conftest import DATA

from printkit.drawing import Path
from printkit.faces import clip_line
from printkit.kinds import KINDS
from printkit.load import load_game

W, H = 63.0, 88.0


@pytest.fixture(scope="module")
def lines() -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """Position name -> the drawn red line's end points, on a card at the origin."""
    game = load_game(DATA / "euclidean")
    comp = game.component("line-card")
    out = {}
    for variant in game.variants["line-card"]:
        if variant.values["colour"]["name"] != "red":
            continue
        art = KINDS["card"].draw(game, comp, variant)
        paths = [n for n in art.front.children if isinstance(n, Path) and n.paint.stroke == game.palette["red"].rgb]
        assert len(paths) == 1
        (_, x1, y1), (_, x2, y2) = paths[0].segments
        out[variant.values["position"]["name"]] = ((float(x1), float(y1)), (float(x2), float(y2)))
    return out


def angle(seg: tuple[tuple[float, float], tuple[float, float]]) -> float:
    (x1, y1), (x2, y2) = seg
    return math.degrees(math.atan2(-(y2 - y1), x2 - x1)) % 180


def test_angles(lines: dict) -> None:  # type: ignore[type-arg]
    assert len(lines) == 8
    for name, seg in lines.items():
        want = {"60": None, "90": 90.0, "180": 0.0}[name.rsplit("-", 1)[1]]
        if want is None:
            assert angle(seg) == pytest.approx(60.0) or angle(seg) == pytest.approx(120.0)
        else:
            assert angle(seg) == pytest.approx(want)
    assert angle(lines["top-left-60"]) == pytest.approx(60.0)  # "/" : rises to the right
    assert angle(lines["top-right-60"]) == pytest.approx(120.0)  # "\"


def test_lines_run_from_their_named_edges(lines: dict) -> None:  # type: ignore[type-arg]
    def edges(seg):  # type: ignore[no-untyped-def]
        # Trim the bleed off: where does the line cross the trim rectangle?
        (x1, y1), (x2, y2) = seg
        a = math.degrees(math.atan2(-(y2 - y1), x2 - x1))
        (ax, ay), (bx, by) = clip_line(x1, y1, a, (0, 0, W, H))
        def edge(x: float, y: float) -> str:
            return "top" if abs(y) < 1e-6 else "bottom" if abs(y - H) < 1e-6 else "left" if abs(x) < 1e-6 else "right"
        return {edge(ax, ay), edge(bx, by)}
    assert edges(lines["top-left-60"]) == {"top", "left"}
    assert edges(lines["top-right-60"]) == {"top", "right"}
    assert edges(lines["left-bottom-60"]) == {"left", "bottom"}
    assert edges(lines["right-bottom-60"]) == {"right", "bottom"}


def _line(seg, dx: float, dy: float):  # type: ignore[no-untyped-def]
    (x1, y1), (x2, y2) = seg
    return (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)


def _intersect(a, b) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    (x1, y1), (x2, y2) = a
    (x3, y3), (x4, y4) = b
    d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / d
    return x1 + t * (x2 - x1), y1 + t * (y2 - y1)


def test_three_cards_as_bricks_make_a_triangle(lines: dict) -> None:  # type: ignore[type-arg]
    """A Bottom 180 card above, a Top to Right 60 and a Top to Left 60 card below it side by side,
    offset by half a card: the two sloped lines meet exactly on the shared edge, and the three lines
    bound an equilateral triangle whose base corners are within the line inset of the cards."""
    base = _line(lines["bottom-180"], 0, -H)          # card B: x 0..W, y -H..0
    left = _line(lines["top-right-60"], -W / 2, 0)    # card L: x -W/2..W/2, y 0..H
    right = _line(lines["top-left-60"], W / 2, 0)     # card R: x W/2..3W/2, y 0..H
    apex = _intersect(left, right)
    assert apex[0] == pytest.approx(W / 2)            # on the edge L and R share ...
    assert 0 < apex[1] < H                            # ... inside the cards' height
    # The apex lies on both drawn segments: they meet on the cut line, not only when extended.
    for seg in (left, right):
        (x1, y1), (x2, y2) = seg
        assert math.dist(seg[0], apex) + math.dist(apex, seg[1]) == pytest.approx(math.dist(seg[0], seg[1]))
    a, b = _intersect(base, left), _intersect(base, right)
    sides = [math.dist(a, b), math.dist(b, apex), math.dist(apex, a)]
    assert sides[0] == pytest.approx(sides[1]) == pytest.approx(sides[2])
    # The base corners lie just beyond card B's edges: the base line's inset over tan 60.
    inset = -base[0][1]  # the base line sits this far above card B's bottom edge
    assert 2.0 < inset < 5.0
    assert a[0] == pytest.approx(-inset / math.sqrt(3)) and b[0] == pytest.approx(W + inset / math.sqrt(3))
