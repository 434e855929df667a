"""The pack and tile engines on a small test game (tests/games/engines): no overlap, inside the
printable area, backs behind their faces, tiles covering the board with the declared overlap."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import manifest, run_cli

from printkit.layout.tile import tile_grid

GAMES = Path(__file__).resolve().parent / "games"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("engines")
    result = run_cli("build", "engines", "--data", str(GAMES), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[0] + b[2] - 1e-6 and b[0] < a[0] + a[2] - 1e-6 and a[1] < b[1] + b[3] - 1e-6 and b[1] < a[1] + a[3] - 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_packed_pieces_do_not_overlap_and_stay_printable(out: Path, paper: str) -> None:
    sheet = manifest(out, "engines")["sheets"][f"engines-pieces-{paper}.pdf"]
    w, h = PAPERS[paper]
    fronts = [p for p in sheet["placements"] if p["face"] == "front"]
    assert len(fronts) == 2 * 7 + 2 * 3
    for p in fronts:
        x, y, pw, ph = p["trim"]
        assert 5 - 1e-6 <= x and x + pw <= w - 5 + 1e-6 and 5 - 1e-6 <= y and y + ph <= h - 5 + 1e-6
    for page, group in itertools.groupby(sorted(fronts, key=lambda p: p["page"]), key=lambda p: p["page"]):
        rects = [p["trim"] for p in group]
        for a, b in itertools.combinations(rects, 2):
            assert not overlaps(a, b), f"pieces overlap on page {page}"


def test_backs_of_packed_pieces_are_mirrored_behind_their_faces(out: Path) -> None:
    sheet = manifest(out, "engines")["sheets"]["engines-pieces-a4.pdf"]
    faces: dict = {}
    for p in sheet["placements"]:
        faces.setdefault((p["piece"], p["copy"]), {})[p["face"]] = p
    with_back = [f for f in faces.values() if "back" in f]
    assert len(with_back) == 14  # the round chips have backs, the hexagons do not
    for f in with_back:
        fx, fy, fw, _ = f["front"]["trim"]
        bx, by, _, _ = f["back"]["trim"]
        assert f["back"]["page"] == f["front"]["page"] + 1
        assert bx == pytest.approx(210 - fx - fw) and by == pytest.approx(fy)


def test_a_board_that_fits_prints_whole(out: Path) -> None:
    sheet = manifest(out, "engines")["sheets"]["engines-board-a4.pdf"]
    small = [p for p in sheet["placements"] if p["component"] == "small-mat"]
    assert len(small) == 1 and "region" not in small[0]
    assert small[0]["trim"][2:] == [150.0, 240.0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_board_with_the_declared_overlap(out: Path, paper: str) -> None:
    sheet = manifest(out, "engines")["sheets"][f"engines-board-{paper}.pdf"]
    tiles = [p for p in sheet["placements"] if p["component"] == "mat"]
    assert len(tiles) > 1
    xs = sorted({t["region"][0] for t in tiles})
    ys = sorted({t["region"][1] for t in tiles})
    assert len(tiles) == len(xs) * len(ys)
    regions = {(t["region"][0], t["region"][1]): t["region"] for t in tiles}
    # Coverage: the last tile in each direction reaches the board's far edge.
    assert max(r[0] + r[2] for r in regions.values()) == pytest.approx(300)
    assert max(r[1] + r[3] for r in regions.values()) == pytest.approx(320)
    # Overlap: each tile starts exactly 10 mm (print.overlap) before its left/upper neighbour ends.
    for a, b in zip(xs, xs[1:]):
        assert regions[(a, ys[0])][0] + regions[(a, ys[0])][2] - b == pytest.approx(10.0)
    for a, b in zip(ys, ys[1:]):
        assert regions[(xs[0], a)][1] + regions[(xs[0], a)][3] - b == pytest.approx(10.0)
    # Each tile's trim on the page is exactly its region's size and inside the printable area.
    w, h = PAPERS[paper]
    for t in tiles:
        assert t["trim"][2:] == pytest.approx(t["region"][2:])
        assert t["trim"][0] + t["trim"][2] <= w - 5 + 1e-6 and t["trim"][1] + t["trim"][3] <= h - 5 + 1e-6


@pytest.mark.parametrize(("length", "page", "overlap"), [(300, 200, 10), (320, 277, 10), (1000, 190, 15), (100, 200, 10)])
def test_tile_grid(length: float, page: float, overlap: float) -> None:
    starts = tile_grid(length, page, overlap)
    assert starts[0] == 0
    assert starts[-1] + page >= length - 1e-9
    for a, b in zip(starts, starts[1:]):
        assert a + page - b == pytest.approx(overlap)
    assert len(starts) == 1 or starts[-1] + overlap < length  # no tile that adds nothing


def test_the_cut_line_of_an_overlap_is_on_the_tile_laid_over_its_neighbour() -> None:
    """Each overlap's dashed cut line is on the right (or lower) tile, the one cut and laid over;
    alignment crosses sit on that line's position on both tiles."""
    from printkit.build import draw, layout, paper_for
    from printkit.drawing import Path as DPath
    from printkit.load import load_game

    game = load_game(GAMES / "engines")
    sheets = layout(draw(game), paper_for(game, "a4"), "long")["board"]
    tiles = [s for s in sheets if s.kind == "tile"]
    assert len(tiles) == 4
    for sheet in tiles:
        region = sheet.placements[0].region
        assert region is not None
        dashed = [n for n in sheet.drawing.children if isinstance(n, DPath) and n.paint.dash and n.role == "guide"]
        first_col, first_row = region[0] == 0, region[1] == 0
        # one dashed line per neighbour to the left and above, none for neighbours to the right/below
        assert len(dashed) == (0 if first_col else 1) + (0 if first_row else 1)
