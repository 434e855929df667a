"""Lattice pieces a player can use: generated shapes that keep a per-point limit, and tips cut back to a
minimum width, with the pale cut band outside the piece only."""

from __future__ import annotations

import io
import math
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printkit import lattice as L
from printkit.build import draw
from printkit.drawing import Drawing, Group
from printkit.drawing import Path as PathNode
from printkit.errors import DataError
from printkit.load import load_game

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "lattice-tips"


def test_most_at_point_counts_the_fields_around_one_point() -> None:
    assert L.most_at_point(L.fields_at((0, 0))) == 12
    assert L.most_at_point([L.field((0, 0), (1, 0))]) == 1
    assert L.most_at_point(L.fields_at((0, 0))[:5] + [L.field((5, 5), (6, 5))]) == 5


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("limit", [4, 5, 6])
def test_a_per_point_limit_keeps_exactly_the_shapes_within_it(n: int, limit: int) -> None:
    """Pruning while growing loses no shape: the result is the unrestricted list, filtered."""
    kept = L.free_shapes(n, max_per_point=limit)
    assert kept == [s for s in L.free_shapes(n) if L.most_at_point(s) <= limit]
    assert all(L.most_at_point(s) <= limit for s in kept)


def _points(segs: list) -> list[tuple[float, float]]:  # type: ignore[type-arg]
    """The on-path points of M/L/C segments (ends of curves), per subpath closed."""
    return [(seg[-2], seg[-1]) for seg in segs if seg[0] in ("M", "L", "C")]


def _chords(segs: list) -> list[float]:  # type: ignore[type-arg]
    """Lengths of the straight cuts: every L segment and the closing Z line when it is not zero."""
    out, start, cur = [], None, None
    for seg in segs:
        if seg[0] == "M":
            start = cur = (seg[1], seg[2])
        elif seg[0] == "L":
            out.append(math.dist(cur, (seg[1], seg[2])))  # type: ignore[arg-type]
            cur = (seg[1], seg[2])
        elif seg[0] == "C":
            cur = (seg[5], seg[6])
        elif seg[0] == "Z" and math.dist(cur, start) > 1e-9:  # type: ignore[arg-type]
            out.append(math.dist(cur, start))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize(("fields", "sharp"), [
    ("0,0-1,0-0,1", 3),  # a triangle: three cusps
    ("0,0-1,0", 2),  # a petal: two 60 degree points
    ("0,0-1,0 0,0-1,0-0,1 0,0-0,1", 2),  # petal, triangle, petal: 120 degrees at (0,0); 60 at the far tips
])
def test_sharp_tips_are_cut_straight_across_at_the_minimum_width(fields: str, sharp: int) -> None:
    shape = L.parse_fields(fields)
    loops = L.outline(shape)
    for tip in (1.0, 2.5):
        cuts = L.tip_cuts(shape, loops, 20.0, tip)
        assert sum(1 for loop in cuts for c in loop if c > 0) == sharp
        segs = L.cut_loops_path(loops, cuts, 20.0)
        chords = _chords(segs)
        assert len(chords) == sharp and chords == pytest.approx([tip] * sharp, abs=1e-6)
        # The cut only takes paper away: every point of the cut line lies in the piece's fields.
        for x, y in _points(segs):
            assert max(L.clearance(x, y, f, 20.0) for f in shape) > -1e-6
    assert L.tip_cuts(shape, loops, 20.0, 0.0) == [[0.0] * len(loop) for loop in loops]


def test_corners_of_90_degrees_or_more_are_left_alone() -> None:
    # Around (0,0): petal, triangle, petal (120 degrees), plus the far side: no corner at (0,0) is cut.
    shape = L.parse_fields("0,0-1,0 0,0-1,0-0,1 0,0-0,1")
    loops = L.outline(shape)
    cuts = L.tip_cuts(shape, loops, 20.0, 2.0)
    at_origin = [c for loop, lc in zip(loops, cuts, strict=True) for (_, _, end), c in zip(loop, lc, strict=True)
                 if end == (0, 0)]
    assert at_origin == [0.0]
    assert L.corner_petals(shape, (0, 0), next(a for loop in loops for a in loop if a[2] == (0, 0))) == 2


def test_the_example_game_builds_playable_pieces_with_the_halo_inside() -> None:
    game = load_game(GAME)
    kit = draw(game)
    pieces = [i for items in kit.groups.values() for i in items if i.component == "piece"]
    assert len(pieces) == len(L.free_shapes(6, max_per_point=5)) + len(L.free_shapes(7, max_per_point=5)) == 8
    assert all(int(i.art.info["most_at_point"]) <= 5 for i in pieces)  # type: ignore[call-overload]
    tri = next(i for items in kit.groups.values() for i in items if i.component == "triangle")
    assert tri.art.outline is not None
    cut = next(n for n in tri.art.outline.children if isinstance(n, PathNode) and n.role == "cut")
    assert _chords(list(cut.segments)) == pytest.approx([2.0] * 3, abs=1e-6)
    # The white band that shows the line on dark art is clipped to the inside of the piece (issue 27):
    # outside the line only the piece's own colour runs on, so a cut a little wide leaves no white edge.
    (halo,) = [n for n in tri.art.outline.children if isinstance(n, Group)]
    assert halo.clip is not None and isinstance(halo.clip, PathNode)
    assert list(halo.clip.segments) == list(cut.segments)
    from printkit.render.pdf import PdfWriter

    front, outline = tri.art.front, tri.art.outline
    sheet = Drawing(front.width, front.height, [*front.children, *outline.children],
                    {**front.defs, **outline.defs}, front.bleed)
    writer = PdfWriter(io.BytesIO())
    writer.page(sheet)
    px = 20  # per mm
    image = pdfium.PdfDocument(writer.close())[0].render(scale=px * 25.4 / 72).to_pil().convert("L")
    x0, y0 = -front.bleed, -front.bleed
    p0, (_, *ctrl) = cut.segments[0][1:3], cut.segments[1]  # the first cut edge: a Bézier curve
    mx = (p0[0] + 3 * ctrl[0] + 3 * ctrl[2] + ctrl[4]) / 8  # its middle
    my = (p0[1] + 3 * ctrl[1] + 3 * ctrl[3] + ctrl[5]) / 8
    cx, cy = front.width / 2, front.height / 2
    d = ((mx - cx) ** 2 + (my - cy) ** 2) ** 0.5
    ux, uy = (mx - cx) / d, (my - cy) / d  # outward

    def grey(t: float) -> int:
        return image.getpixel((round((mx + ux * t - x0) * px), round((my + uy * t - y0) * px)))

    assert grey(0.45) < 100  # outside the line: the dark art's bleed, not a white band
    assert grey(-0.3) > 200  # just inside: the white band


def _subpaths(segs: list) -> list[list[tuple[float, float]]]:  # type: ignore[type-arg]
    out: list[list[tuple[float, float]]] = []
    for seg in segs:
        if seg[0] == "M":
            out.append([(seg[1], seg[2])])
        elif seg[0] in ("L", "C"):
            out[-1].append((seg[-2], seg[-1]))
    return out


def _area(pts: list[tuple[float, float]]) -> float:
    return 0.5 * sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(len(pts)))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("min_tip = 2\nfront = { fill = \"dark\", dots = \"light\" }", "min_tip = 6\nfront = { fill = \"dark\", dots = \"light\" }",
     "a `min_tip` smaller than a quarter of the spacing"),
    ('fields = "0,0-1,0-0,1"', 'fields = "0,0-1,0-0,1"\nmax_per_point = 4', "`max_per_point` filters generated shapes"),
])
def test_bad_tip_data_is_one_clear_error(tmp_path: Path, old: str, new: str, message: str) -> None:
    target = tmp_path / "lattice-tips"
    shutil.copytree(GAME, target)
    toml = target / "game.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        draw(load_game(target))
    assert message in str(info.value) and len(str(info.value).strip().splitlines()) == 1
