"""Equilibrix Combact as printed: counts, placement on the sheets, and the drawn geometry of the
board and the pieces (read back from the drawing trees, not from the data)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from pathlib import Path

import pytest
from conftest import DATA, copy_game, manifest, run_cli

from printkit import lattice as L
from printkit.drawing import Circle, Group, walk
from printkit.drawing import Path as DPath
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.kinds import KINDS
from printkit.load import load_game

GAME = "equilibrix"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 5.0


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game(DATA / GAME)


def test_manifest_counts_equal_the_data(built: Path, game) -> None:  # type: ignore[no-untyped-def]
    m = manifest(built, GAME)
    want = {c.id: game.pieces(c) for c in game.components}
    assert {cid: c["pieces"] for cid, c in m["components"].items()} == want
    # Independently of the loader: the data's own numbers.
    shapes = sum(len(L.free_shapes(n, max_per_point=5)) for n in (4, 5, 6, 7, 8, 9))
    assert shapes == 18
    assert want == {"board": 1, "usp": shapes, "microbact-biangular": 4, "microbact-triangular": 4,
                    "five-plus-one": 2, "goal-marker": 6, "inception": 1, "summary-card": 2}
    for paper in PAPERS:
        placed = Counter()
        for name, sheet in m["sheets"].items():
            if name.endswith(f"-{paper}.pdf"):
                placed.update(p["component"] for p in sheet["placements"] if p["face"] == "front")
        assert dict(placed) == want, paper


@pytest.mark.parametrize(("group", "paper"), [(g, p) for g in ("pieces", "nets") for p in ("a4", "letter")])
def test_pieces_lie_inside_the_printable_area_and_do_not_overlap(built: Path, group: str, paper: str) -> None:
    sheet = manifest(built, GAME)["sheets"][f"{GAME}-{group}-{paper}.pdf"]
    w, h = PAPERS[paper]
    for face in ("front", "back"):
        placed = [p for p in sheet["placements"] if p["face"] == face]
        assert placed or (group, face) == ("nets", "back")
        for p in placed:
            x, y, pw, ph = p["trim"]
            assert MARGIN - 1e-6 <= x and x + pw <= w - MARGIN + 1e-6, p
            assert MARGIN - 1e-6 <= y and y + ph <= h - MARGIN + 1e-6, p
        for _, on_page in itertools.groupby(sorted(placed, key=lambda p: p["page"]), key=lambda p: p["page"]):
            for a, b in itertools.combinations([p["trim"] for p in on_page], 2):
                apart = (a[0] + a[2] <= b[0] + 1e-6 or b[0] + b[2] <= a[0] + 1e-6
                         or a[1] + a[3] <= b[1] + 1e-6 or b[1] + b[3] <= a[1] + 1e-6)
                assert apart, (a, b)


def test_the_board_prints_whole_on_one_page(built: Path) -> None:
    for paper in PAPERS:
        sheet = manifest(built, GAME)["sheets"][f"{GAME}-board-{paper}.pdf"]
        assert sheet["pages"] == 1
        (p,) = sheet["placements"]
        assert p["trim"][2:] == [198.0, 184.0]


def test_the_pieces_are_every_free_shape_once(game) -> None:  # type: ignore[no-untyped-def]
    comp = game.component("usp")
    seen = []
    for variant in game.variants["usp"]:
        art = KINDS["lattice-piece"].draw(game, comp, variant)
        fields = L.parse_fields(str(art.info["shape"]))
        seen.append(L.canonical(fields))
    assert len(set(seen)) == len(seen) == 18
    assert Counter(len(s) for s in seen) == {4: 2, 5: 4, 6: 3, 7: 5, 8: 2, 9: 2}
    # Every shape of 4 to 9 fields that puts at most 5 fields around a point, and no other.
    assert set(seen) == {s for n in range(4, 10) for s in L.free_shapes(n) if L.most_at_point(s) <= 5}


def _pieces(game):  # type: ignore[no-untyped-def]
    for cid in ("usp", "microbact-biangular", "microbact-triangular"):
        comp = game.component(cid)
        for variant in game.variants[cid]:
            yield comp, variant, KINDS["lattice-piece"].draw(game, comp, variant)


def _bezier_points(path: DPath) -> list[tuple[float, float]]:
    pts, cur = [], (0.0, 0.0)
    for seg in path.segments:
        if seg[0] in ("M", "L"):  # L: a straight cut across a tip (sampled by tests/test_lattice_tips.py)
            cur = (float(seg[1]), float(seg[2]))
        elif seg[0] == "C":
            p0, (x1, y1, x2, y2, x3, y3) = cur, (float(v) for v in seg[1:])
            for i in range(9):
                t = i / 8
                u = 1 - t
                pts.append((u**3 * p0[0] + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                            u**3 * p0[1] + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3))
            cur = (x3, y3)
    return pts


def test_cut_line_follows_the_fields_outline(game) -> None:  # type: ignore[no-untyped-def]
    """Every point of the drawn cut path lies on a circle of radius `spacing` around a lattice point,
    on the edge of the piece: inside or on one of its fields, never inside a field it lacks."""
    for comp, variant, art in _pieces(game):
        s = comp.spacing
        fields = L.parse_fields(str(art.info["fields"]))
        halo, cut = art.outline.children
        assert isinstance(cut, DPath) and cut.role == "cut" and cut.closed
        # The band under the line is clipped to the outside of the piece (see tests/test_lattice_tips.py).
        assert isinstance(halo, Group) and halo.clip is not None
        (band,) = halo.children
        assert isinstance(band, DPath) and band.role == "art" and band.segments == cut.segments
        pts = _bezier_points(cut)
        x0, y0, _, _ = L.bounds(fields, s)
        # Inside the fields' box; tips cut back (min_tip) may stop short of its edges.
        assert min(p[0] for p in pts) >= -1e-6 and min(p[1] for p in pts) >= -1e-6
        assert max(p[0] for p in pts) <= art.front.width + 0.02 and max(p[1] for p in pts) <= art.front.height + 0.02
        assert max(p[0] for p in pts) - min(p[0] for p in pts) > art.front.width - 2 * s / 4
        on_edge = 0
        for px, py in pts:
            gx, gy = px + x0, py + y0
            # distance to the nearest circle of the lattice near this point
            best = min(abs(math.hypot(gx - cx, gy - cy) - s)
                       for cx, cy in (L.xy((a, b), s) for a in range(-12, 13) for b in range(-12, 13)))
            assert best < 0.01, (variant.key, gx, gy)
            on_edge += 1
        assert on_edge == len(pts) > 0
        # The colour runs `bleed` past the cut line and no further: it fills the drawing's box.
        bx, by, bw, bh = art.front.box
        assert (bx, by) == (-comp.bleed, -comp.bleed) and comp.bleed > 0
        art_pts = [p for n, _ in walk(art.front.children, {}) if isinstance(n, DPath) and n.paint.fill
                   for p in _bezier_points(n)]
        art_pts += [(c.cx + dx, c.cy + dy) for c, _ in walk(art.front.children, {}) if isinstance(c, Circle)
                    for dx, dy in ((c.r, 0), (-c.r, 0), (0, c.r), (0, -c.r))]
        assert min(p[0] for p in art_pts) >= bx - 0.01 and min(p[1] for p in art_pts) >= by - 0.01
        assert max(p[0] for p in art_pts) <= bx + bw + 0.01 and max(p[1] for p in art_pts) <= by + bh + 0.01


def test_one_dot_per_field_tip_inside_its_field(game) -> None:  # type: ignore[no-untyped-def]
    for comp, variant, art in _pieces(game):
        s = comp.spacing
        fields = L.parse_fields(str(art.info["fields"]))
        x0, y0, _, _ = L.bounds(fields, s)
        white = game.palette["white"].rgb
        dots = [n for n, _ in walk(art.front.children, art.front.defs) if isinstance(n, Circle) and n.paint.fill == white]
        assert len(dots) == sum(len(f) for f in fields)  # 2 per petal, 3 per triangle
        for d in dots:
            gx, gy = d.cx + x0, d.cy + y0
            homes = [f for f in fields if L.clearance(gx, gy, f, s) >= d.r]
            assert len(homes) == 1, (variant.key, gx, gy)
        # Around each lattice point, the dots nearest to it count the fields the piece has there.
        for p in {p for f in fields for p in f}:
            px, py = L.xy(p, s)
            near = [d for d in dots if math.hypot(d.cx + x0 - px, d.cy + y0 - py) < 0.45 * s]
            assert len(near) == sum(1 for f in fields if p in f)


def test_back_is_the_mirror_image_in_the_other_colour(game) -> None:  # type: ignore[no-untyped-def]
    for _comp, _, art in _pieces(game):
        front = sorted((round(n.cx, 6), round(n.cy, 6)) for n, _ in walk(art.front.children, {})
                       if isinstance(n, Circle) and n.paint.fill == game.palette["white"].rgb)
        back = [(n, m) for n, m in walk(art.back.children, {})
                if isinstance(n, Circle) and n.paint.fill == game.palette["black"].rgb]
        w = art.front.width
        mirrored = sorted((round(m[0] * n.cx + m[4], 6), round(n.cy, 6)) for n, m in back)
        assert mirrored == sorted((round(w - x, 6), y) for x, y in front)
        fills = {n.paint.fill for n, _ in walk(art.front.children, {}) if isinstance(n, DPath) and n.paint.fill}
        back_fills = {n.paint.fill for n, _ in walk(art.back.children, {}) if isinstance(n, DPath) and n.paint.fill}
        assert fills == {game.palette["black"].rgb} and back_fills == {game.palette["white"].rgb}


def test_board_geometry(game) -> None:  # type: ignore[no-untyped-def]
    comp = game.component("board")
    ctx = DrawContext(game, game.variants["board"][0], "components.board")
    face = draw_face(game, comp.face, ctx, comp.width, comp.height, 0.0)
    shapes = [n for n, _ in walk(face.children, face.defs)]
    cx, cy = comp.width / 2, comp.height / 2
    s = 22.0
    points = [n for n in shapes if isinstance(n, Circle) and n.r == pytest.approx(0.6)]
    assert len(points) == 61  # lattice points within 4 spacings of the centre
    # Twelve fields meet at every interior connecting point: 12 of the drawn arcs end there.
    (lines,) = [n for n in shapes if isinstance(n, DPath) and n.paint.fill is None and n.paint.width == 0.35]
    ends: Counter = Counter()
    for seg in lines.segments:
        if seg[0] in ("M", "C"):
            ends[(round(float(seg[-2]), 4), round(float(seg[-1]), 4))] += 1
    dots = {(round(d.cx, 4), round(d.cy, 4)) for d in points}
    assert set(ends) == dots
    interior = [p for p in L.disk_points(4) if all(n in L.disk_points(4) for n in L.neighbours(p))]
    assert len(interior) == 37
    for p in interior:
        x, y = L.xy(p, s)
        assert ends[(round(x + cx, 4), round(y + cy, 4))] == 12
    rings = [n for n in shapes if isinstance(n, Circle) and n.r == pytest.approx(4 * s)]
    assert len(rings) == 1 and (rings[0].cx, rings[0].cy) == (cx, cy)
    goals = [n for n in shapes if isinstance(n, DPath) and n.paint.fill in (game.palette["white"].rgb,
                                                                           game.palette["black"].rgb)]
    assert len(goals) == 6
    centres = []
    for g in goals:
        (_, mx, my) = g.segments[0]
        centres.append((float(mx) - 7.0, float(my)))  # the ring starts at its rightmost point
    for x, y in centres:
        assert math.hypot(x - cx, y - cy) == pytest.approx(4 * s)
    assert Counter(g.paint.fill for g in goals) == {game.palette["white"].rgb: 3, game.palette["black"].rgb: 3}
    order = sorted(range(6), key=lambda i: math.atan2(centres[i][1] - cy, centres[i][0] - cx))
    fills = [goals[i].paint.fill for i in order]
    assert all(fills[i] != fills[(i + 1) % 6] for i in range(6)), "goal marks alternate"
    # The board stays inside its trim.
    for x, y in centres:
        assert 7 <= x <= comp.width - 7 and 7 <= y <= comp.height - 7


def test_bad_pieces_are_reported_with_their_keys(tmp_path: Path) -> None:
    game = copy_game(GAME, tmp_path)
    toml = game / "game.toml"
    text = toml.read_text()
    for old, new in (('fields = "0,0-1,0"\n', 'fields = "0,0-2,0"\n'),
                     ('fields = "0,0-1,0-0,1"\n', 'fields = "0,0-1,0 3,3-4,3"\n'),
                     ("free_shapes = [4, 5, 6, 7, 8, 9]\n", "")):
        assert old in text, "the planted mistake must replace something real"
        text = text.replace(old, new, 1)
    toml.write_text(text)
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    # Ordered by key path (messages carry line numbers, which would order them by position).
    lines = sorted(result.stderr.strip().splitlines(), key=lambda line: line[line.find(" components."):])
    assert len(lines) == 3, result.stderr
    assert "components.microbact-biangular.fields: expected fields whose tips are neighbouring lattice points" in lines[0]
    assert "components.microbact-triangular.fields: expected fields connected through shared arcs" in lines[1]
    assert "components.usp: expected `fields` (the piece's fields) or `free_shapes`" in lines[2]
    assert not (tmp_path / "out").exists()


def test_pieces_and_board_share_one_lattice(game) -> None:  # type: ignore[no-untyped-def]
    """A piece only covers board fields when both are drawn with the same spacing."""
    flowers = [el for el in game.layouts[game.component("board").face].elements if el.type == "flower"]
    assert len(flowers) == 1
    pieces = [c for c in game.components if c.kind == "lattice-piece"]
    assert len(pieces) == 3
    assert {c.spacing for c in pieces} == {float(flowers[0].spacing)}
