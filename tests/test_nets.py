"""Net geometry: folded edges meet, faces keep their true shape, one tab per cut edge, one outline."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.drawing import Path as PathNode
from printkit.drawing import walk
from printkit.errors import DataError
from printkit.kinds import KINDS, load_kinds
from printkit.kinds.net import chord, pip_centres
from printkit.load import load_game
from printkit.solids import (
    Net,
    Solid,
    _area,
    cube,
    interior_angle,
    overlaps,
    pyramid_height,
    square_pyramid,
    tetrahedron,
    unfold,
)


def seg_len(s: tuple[tuple[float, float], tuple[float, float]]) -> float:
    return math.dist(s[0], s[1])


def edges3d(solid: Solid) -> set[frozenset[int]]:
    return {frozenset((f[k], f[(k + 1) % len(f)])) for f in solid.faces for k in range(len(f))}


def check_net(net: Net) -> None:
    """Properties every net must have, whatever the solid."""
    solid = net.solid
    # Each face is congruent to the solid's face: same edge lengths in the same order.
    for f, poly in zip(solid.faces, net.faces, strict=True):
        for k in range(len(f)):
            want = math.dist(solid.vertices[f[k]], solid.vertices[f[(k + 1) % len(f)]])
            got = math.dist(poly[k], poly[(k + 1) % len(poly)])
            assert got == pytest.approx(want, abs=1e-9)
    # Every edge of the solid is either a fold between two faces or a cut edge glued once.
    assert len(net.folds) + len(net.glued) == len(edges3d(solid))
    assert len(net.tabs) == len(net.glued), "each cut edge gets exactly one tab"
    def solid_edge(face: int, seg: tuple[tuple[float, float], tuple[float, float]]) -> tuple[int, int]:
        """The solid's vertices (start, end) at the two ends of a net segment of ``face``."""
        poly, verts = net.faces[face], solid.faces[face]
        for k in range(len(verts)):
            if (poly[k], poly[(k + 1) % len(poly)]) == seg:
                return (verts[k], verts[(k + 1) % len(verts)])
        raise AssertionError("segment is not an edge of its face")

    for (fa, sa), (fb, sb) in net.glued:
        assert fa != fb
        assert seg_len(sa) == pytest.approx(seg_len(sb), abs=1e-9), "glued edges must meet end to end"
        # Folded up, both sides are the same edge of the solid, with their ends meeting crosswise.
        a0, a1 = solid_edge(fa, sa)
        b0, b1 = solid_edge(fb, sb)
        assert (a0, a1) == (b1, b0)
    for a, b in net.folds:
        owners = [f for f, poly in enumerate(net.faces)
                  if any({poly[k], poly[(k + 1) % len(poly)]} == {a, b} for k in range(len(poly)))]
        assert len(owners) == 2, "a fold joins exactly two faces of the net"
    for tab in net.tabs:
        sides = {net.glued[i][j] for i in range(len(net.glued)) for j in (0, 1)}
        assert (tab.face, tab.edge) in sides, "a tab hangs on a cut edge of its own face"
    # No two pieces (faces, tabs) overlap, and the outline encloses exactly all of them.
    pieces = [*net.faces, *(t.polygon for t in net.tabs)]
    for i in range(len(pieces)):
        for j in range(i):
            assert not overlaps(pieces[i], pieces[j]), f"pieces {i} and {j} overlap"
    total = sum(abs(_area(p)) for p in pieces)
    assert abs(_area(net.outline)) == pytest.approx(total, rel=1e-9)
    # Frames map each face's own drawing frame onto its place in the net.
    for local, poly, (a, b, c, d, e, f) in zip(net.local, net.faces, net.frames, strict=True):
        for (x, y), (nx, ny) in zip(local, poly, strict=True):
            assert a * x + c * y + e == pytest.approx(nx, abs=1e-9)
            assert b * x + d * y + f == pytest.approx(ny, abs=1e-9)
        assert a * d - b * c == pytest.approx(1.0), "a rotation, never a mirror: the outside stays printed"


def test_cube_net_is_six_squares_five_folds_seven_glued_edges() -> None:
    net = unfold(cube(20.0))
    check_net(net)
    assert len(net.faces) == 6
    for poly in net.faces:
        assert abs(_area(poly)) == pytest.approx(400.0)
        assert all(interior_angle(poly, k) == pytest.approx(90.0) for k in range(4))
    assert len(net.folds) == 5
    assert len(net.glued) == 7 and len(net.tabs) == 7
    assert all(seg_len(s) == pytest.approx(20.0) for s in net.folds)
    # The cross: 3 squares wide, 4 tall, plus tabs of at most 6 mm.
    x0, y0, x1, y1 = net.bbox
    assert 60 <= x1 - x0 <= 72 + 1e-9 and 80 <= y1 - y0 <= 92 + 1e-9


def test_cube_faces_opposite_pairs_add_to_seven() -> None:
    solid = cube(10.0)
    normals = []
    for f in solid.faces:
        p = [solid.vertices[i] for i in f]
        c = [sum(q[i] for q in p) / 4 - 5.0 for i in range(3)]
        normals.append(tuple(round(v) for v in c))
    for i in range(6):
        assert normals[i] == tuple(-v for v in normals[5 - i]), f"face {i} is opposite face {5 - i}"
    # Pips 1, 2, 3 on faces 0, 1, 2 run counter-clockwise around their shared corner, seen from
    # outside, as on Western dice: the three outward normals form a right-handed triple.
    (a1, a2, a3), (b1, b2, b3), (c1, c2, c3) = normals[0], normals[1], normals[2]
    assert a1 * (b2 * c3 - b3 * c2) - a2 * (b1 * c3 - b3 * c1) + a3 * (b1 * c2 - b2 * c1) > 0


@pytest.mark.parametrize("unfolding", ["star", "fan"])
def test_square_pyramid_triangles(unfolding: str) -> None:
    base, height = 25.0, 44.0
    net = unfold(square_pyramid(base, height), unfolding)
    check_net(net)
    slant = math.sqrt(height**2 + (base / 2) ** 2)
    lateral = math.sqrt(height**2 + base**2 / 2)
    apex = math.degrees(2 * math.atan(base / 2 / slant))
    assert abs(_area(net.faces[0])) == pytest.approx(base * base)
    for tri in net.faces[1:]:
        sides = sorted(math.dist(tri[k], tri[(k + 1) % 3]) for k in range(3))
        assert sides == pytest.approx([base, lateral, lateral])
        assert abs(_area(tri)) == pytest.approx(base * slant / 2), "the triangle's height is the slant"
        assert interior_angle(tri, 2) == pytest.approx(apex)
    assert len(net.faces) == 5 and len(net.folds) == 4 and len(net.tabs) == 4


def test_pyramid_from_slant() -> None:
    assert pyramid_height(30.0, 25.0) == pytest.approx(20.0)
    with pytest.raises(ValueError):
        pyramid_height(30.0, 15.0)


@pytest.mark.parametrize("unfolding", ["triangle", "strip"])
def test_tetrahedron_is_four_equilateral_triangles(unfolding: str) -> None:
    net = unfold(tetrahedron(40.0), unfolding)
    check_net(net)
    for tri in net.faces:
        assert all(interior_angle(tri, k) == pytest.approx(60.0) for k in range(3))
        assert all(math.dist(tri[k], tri[(k + 1) % 3]) == pytest.approx(40.0) for k in range(3))
    assert len(net.tabs) == 3


@pytest.mark.parametrize("solid", [square_pyramid(18.0, 27.0), tetrahedron(20.0), cube(16.0)])
def test_tabs_never_poke_past_the_face_they_glue_to(solid: Solid) -> None:
    """At each end, a tab's slanted side is steeper than the corner of the face it is glued under."""
    net = unfold(solid)
    for tab in net.tabs:
        (fa, sa), (_, sb) = next(pair for pair in net.glued if (tab.face, tab.edge) in pair)
        partner = sb if (fa, sa) == (tab.face, tab.edge) else sa
        other = net.faces[tab.glued_to]
        j = next(k for k in range(len(other)) if (other[k], other[(k + 1) % len(other)]) == partner)
        # The partner edge runs the other way: its start meets the tab's end and vice versa.
        at_start, at_end = interior_angle(other, (j + 1) % len(other)), interior_angle(other, j)
        assert interior_angle(tab.polygon, 0) <= min(45.0, at_start) + 1e-9
        assert interior_angle(tab.polygon, 3) <= min(45.0, at_end) + 1e-9


@settings(max_examples=40, deadline=None)
@given(st.floats(5, 80), st.floats(3, 120), st.sampled_from(["star", "fan"]))
def test_any_pyramid_unfolds_or_refuses_cleanly(base: float, height: float, unfolding: str) -> None:
    try:
        net = unfold(square_pyramid(base, height), unfolding, tab=6.0)
    except ValueError as exc:
        assert unfolding == "fan" and "overlaps" in str(exc)
        return
    check_net(net)


def test_overlap_test_itself() -> None:
    a = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert overlaps(a, [(5.0, 5.0), (15.0, 5.0), (15.0, 15.0), (5.0, 15.0)])
    assert not overlaps(a, [(10.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0)]), "sharing an edge is fine"


def test_row_pips_stay_inside_a_narrow_triangle() -> None:
    tri = ((0.0, 0.0), (18.0, 0.0), (9.0, -27.0))
    for n in (1, 2, 3):
        centres, r = pip_centres(n, "row", tri)
        assert len(centres) == n and r > 0.8
        for x, y in centres:
            span = chord(tri, y)
            assert span is not None and span[0] + r < x < span[1] - r
            assert y + r < 0, "pips stay above the bottom edge"


# --- the kind, through a game ---------------------------------------------------------

GAME = """
[game]
title = "Nets"
[palette]
red = "#d62828"
[[sets.size]]
name = "small"
edge = 18
height = 27
pips = 2
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = "20mm"
faces = [{pips=1},{pips=2},{pips=3},{pips=4},{pips=5},{pips=6}]
[[components]]
id = "pyramid"
kind = "net"
solid = "square-pyramid"
vary = ["size"]
edge = "{size.edge}"
height = "{size.height}"
all = { fill = "red", ink = "white", pips = "{size.pips}", pip_layout = "row" }
faces = [{ pips = 0 }]
"""


def game_from(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    folder = tmp_path / "nets"
    folder.mkdir()
    (folder / "game.toml").write_text(text)
    return load_game(folder)


def test_net_kind_is_registered_and_documented() -> None:
    kind = load_kinds()["net"]
    assert kind.layout == "pack" and kind.sheet == "nets"
    assert "glue" in kind.doc and "pips" in kind.doc
    assert all(f.description for f in kind.model.model_fields.values())


def test_drawn_die_has_cut_outline_folds_and_pips(tmp_path: Path) -> None:
    game = game_from(tmp_path, GAME)
    comp = game.component("die")
    art = KINDS["net"].draw(game, comp, game.variants["die"][0])
    assert art.outline is not None
    cuts = [s for s, _ in walk(art.outline.children, {}) if s.role == "cut"]
    assert len(cuts) == 1 and isinstance(cuts[0], PathNode) and cuts[0].closed
    shapes = list(walk(art.front.children, art.front.defs))
    folds = [s for s, _ in shapes if s.role == "fold"]
    assert len(folds) == 12, "5 folds between faces + 7 tab folds = the cube's 12 edges"
    assert all(s.paint.dash for s in folds), "fold lines are dashed"
    bleed = comp.bleed  # type: ignore[attr-defined]
    pips = [s for s, _ in shapes if type(s).__name__ == "Circle" and s.r != bleed]  # type: ignore[attr-defined]
    assert len(pips) == 21
    assert not [s for s, _ in shapes if s.role == "cut"], "the cut line lives in the outline only"


def test_templated_pyramid_resolves_size_and_pips(tmp_path: Path) -> None:
    game = game_from(tmp_path, GAME)
    comp = game.component("pyramid")
    art = KINDS["net"].draw(game, comp, game.variants["pyramid"][0])
    shapes = list(walk(art.front.children, art.front.defs))
    pips = [(s, m) for s, m in shapes if type(s).__name__ == "Circle" and s.paint.fill == "#ffffff"]  # type: ignore[attr-defined]
    assert len(pips) == 8, "2 pips on each of 4 sides, none on the base"
    assert all(s.paint.fill == "#ffffff" for s, _ in pips)
    assert art.info["tabs"] == 4


@pytest.mark.parametrize(("old", "new", "message"), [
    ("pips=6}]", "pips=12}]", "faces[5].pips: expected a whole number of pips from 0 to 9"),
    ('solid = "cube"', 'solid = "cube"\nheight = 4', "are for square pyramids"),
    ("pips=1}", 'symbol="dragon"}', 'faces[0].symbol: expected a symbol ('),
    ('edge = "20mm"', 'edge = "20mm"\nunfold = "star"', "components.die.unfold: expected one of cross"),
    ('height = "{size.height}"', "slant = 8", "components.pyramid.slant (variant small): expected a slant height greater than half the base edge (9 mm)"),
])
def test_bad_net_data_is_one_clear_problem(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in GAME
    try:
        game = game_from(tmp_path, GAME.replace(old, new, 1))
        for comp in game.components:
            for variant in game.variants[comp.id]:
                KINDS[comp.kind].draw(game, comp, variant)
    except DataError as err:
        assert len(err.problems) == 1
        assert message in str(err), str(err)
    else:
        pytest.fail("bad data was accepted")


@pytest.mark.parametrize(("solid", "unfolding"), [(cube(20.0), None), (square_pyramid(25.0, 44.0), "fan"),
                                                  (square_pyramid(25.0, 44.0), "star"), (tetrahedron(30.0), "strip")])
def test_compact_turns_the_net_rigidly_into_a_smaller_box(solid: Solid, unfolding: str | None) -> None:
    net = unfold(solid, unfolding)
    small = net.compact()
    check_net(small)
    x0, y0, x1, y1 = small.bbox
    bx0, by0, bx1, by1 = net.bbox
    assert (x0, y0) == pytest.approx((0.0, 0.0), abs=1e-9)
    assert (x1 - x0) * (y1 - y0) <= (bx1 - bx0) * (by1 - by0) + 1e-6


def test_hypergrid_dice_load_and_draw() -> None:
    """The Hypergrid dice (merged from the snippet into data/hypergrid) are valid net data."""
    game = load_game(Path(__file__).resolve().parent.parent / "data" / "hypergrid")
    counts = {c.id: game.pieces(c) for c in game.components if c.kind == "net"}
    assert counts == {"lock-die": 9, "score-die": 2, "nether-block": 1}
    lock = KINDS["net"].draw(game, game.component("lock-die"), game.variants["lock-die"][0])
    fills = {s.paint.fill for s, _ in walk(lock.front.children, {}) if isinstance(s, PathNode) and s.paint.fill}
    elements = {game.palette[str(e["colour"])].rgb for e in game.data.sets["element"]}
    assert elements | {game.palette["nether"].rgb} <= fills
    black = next(v for v in game.variants["score-die"] if v.key == "black")
    art = KINDS["net"].draw(game, game.component("score-die"), black)
    texts = sorted(s.text for s, _ in walk(art.front.children, {}) if type(s).__name__ == "Text" and s.text != "glue")
    assert texts == ["1", "2", "3", "4", "5"]
    assert all(s.fill == "#ffffff" for s, _ in walk(art.front.children, {}) if type(s).__name__ == "Text" and s.text != "glue")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["cube", "tetrahedron-triangle", "tetrahedron-strip"]), st.floats(4, 90), st.floats(1, 15))
def test_any_size_of_cube_or_tetrahedron_gives_a_sound_net(solid: str, edge: float, tab: float) -> None:
    if solid == "cube":
        net = unfold(cube(edge), tab=tab)
    else:
        net = unfold(tetrahedron(edge), solid.split("-")[1], tab=tab)
    check_net(net)
    check_net(net.compact())
