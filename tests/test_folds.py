"""Board folds: placed between play spaces, printed on the board, and the box packs the board folded there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.boxes import fold_limit, plan
from printkit.build import assembled_sizes, draw, folded_sizes, piece_sizes
from printkit.drawing import Path as PathNode
from printkit.drawing import walk
from printkit.errors import DataError
from printkit.folds import Fold, NoFold, fold_at, fold_candidates, parts, plan_folds, play_spaces
from printkit.game import DrawContext
from printkit.kinds import KINDS, load_kinds
from printkit.load import load_game

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "folds"


def grid(x0: float, y0: float, rows: int, cols: int, cell: float) -> list[tuple[float, float, float, float]]:
    return [(x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
            for r in range(rows) for c in range(cols)]


def test_touching_cells_leave_their_shared_edges_free() -> None:
    spaces = grid(10, 10, 2, 8, 20)  # x from 10 to 170
    assert fold_candidates(spaces, True, 180) == [(50.0, 0.0), (70.0, 0.0), (90.0, 0.0), (110.0, 0.0), (130.0, 0.0)]
    assert fold_at(spaces, True, 180) == 90.0


def test_a_fold_never_crosses_the_inside_of_a_space() -> None:
    spaces = [(0, 0, 100, 10), (95, 20, 200, 30)]  # overlapping along x: no free line between 0 and 200
    with pytest.raises(NoFold):
        fold_at(spaces, True, 200)
    # Along y the spaces leave a 10 mm gap: a fold in its middle; none inside a space.
    cands = fold_candidates(spaces, False, 40)
    assert (15.0, 5.0) in cands
    assert all(not (a < at < b) for at, _ in cands for a, b in ((0, 10), (20, 30)))


def test_a_clear_gap_beats_a_shared_edge_nearer_the_middle() -> None:
    # A grid of touching cells around the middle, and a 10 mm gap further out.
    spaces = grid(20, 0, 1, 4, 30) + grid(150, 0, 1, 2, 30)  # cells 20..140, gap 140..150, cells 150..210
    assert (80.0, 0.0) in fold_candidates(spaces, True, 220)
    assert fold_at(spaces, True, 220) == 145.0


def test_plan_folds_follows_the_setting_and_the_box() -> None:
    spaces = grid(20, 20, 4, 6, 30)  # 180 x 120 of touching cells on a 220 x 160 board
    assert plan_folds(spaces, 220, 160, "none") == []
    (half,) = plan_folds(spaces, 220, 160, "half")
    assert half == Fold(True, 110.0)
    quarters = plan_folds(spaces, 220, 160, "quarters")
    assert quarters == [Fold(True, 110.0), Fold(False, 80.0)]
    assert parts(quarters, 220, 160) == (110.0, 80.0, 4)
    # auto: no fold when the board fits, one when half fits, two when only quarters fit.
    assert plan_folds(spaces, 220, 160, "auto", (200.0, 250.0)) == []
    assert plan_folds(spaces, 220, 160, "auto", (150.0, 250.0)) == [half]
    assert plan_folds(spaces, 220, 160, "auto", (100.0, 120.0)) == quarters
    assert plan_folds(spaces, 220, 160, "auto", None) == []


def test_play_spaces_of_the_example_mat() -> None:
    load_kinds()
    game = load_game(GAME)
    comp = game.component("mat")
    ctx = DrawContext(game, game.variants["mat"][0], "components.mat")
    from printkit.faces import resolve_layout

    _, elements = resolve_layout(game, "mat")
    spaces = play_spaces(game, elements, ctx, 250, 200)
    assert len(spaces) == 9 + 12 + 3  # spots, ring spaces, one slot per record of the repeated set
    spots = spaces[:9]
    assert spots[0] == pytest.approx((25, 35, 55, 65))  # round spaces of 30 mm in 40 mm cells
    slots = spaces[-3:]
    assert [round(s[1], 3) for s in slots] == [round(slots[0][1] + 50 * i, 3) for i in range(3)]
    assert comp.folds == "auto"  # type: ignore[attr-defined]


def test_the_board_prints_its_folds_and_the_box_packs_it_folded_there() -> None:
    game = load_game(GAME)
    kit = draw(game)
    (item,) = [i for items in kit.groups.values() for i in items if i.component == "mat"]
    # The face itself carries no fold line (diagrams and box art show it); the board's pages do.
    assert not [n for n, _ in walk(item.art.front.children, item.art.front.defs) if n.role == "fold"]
    from printkit.layout import LayoutOptions, Paper
    from printkit.layout.tile import tile

    paper = Paper("A4", 210.0, 297.0, 5.0)
    sheets = tile([item], paper, LayoutOptions(bleed=3.0, duplex="none"))
    folds = [(n, m) for s in sheets for n, m in walk(s.drawing.children, s.drawing.defs) if n.role == "fold"]
    # The dashed fold line and the white line under it (it shows on dark art), on every tile it crosses.
    assert folds and all(isinstance(n, PathNode) for n, _ in folds)
    assert sorted({bool(n.paint.dash) for n, _ in folds}) == [False, True]  # type: ignore[union-attr]
    px, py, pw, ph = paper.printable
    for n, m in folds:
        for seg in n.segments:  # type: ignore[union-attr]
            if seg[0] in ("M", "L"):
                gx, gy = m[0] * seg[1] + m[2] * seg[2] + m[4], m[1] * seg[1] + m[3] * seg[2] + m[5]
                assert px - 1e-6 <= gx <= px + pw + 1e-6 and py - 1e-6 <= gy <= py + ph + 1e-6
    ((x, y0, x2, y1),) = item.art.info["folds"]  # type: ignore[misc]
    assert (y0, y1) == (0.0, 200.0) and x == x2
    # The fold is clear of every spot and space, by at least 2 mm.
    from printkit.faces import resolve_layout

    _, elements = resolve_layout(game, "mat")
    spaces = play_spaces(game, elements, DrawContext(game, game.variants["mat"][0], "components.mat"), 250, 200)
    assert all(x <= a - 2 or x >= c + 2 for a, _, c, _ in spaces)
    assert 250 / 4 <= x <= 250 * 3 / 4
    assert folded_sizes(kit) == {"mat": (max(x, 250 - x), 200.0, 2)}
    limit = fold_limit(game.data.boxes)
    assert not (min(250, 200) <= limit[0] and 250 <= limit[1]), "the example needs its fold"
    base, _ = plan(game, piece_sizes(kit), None, assembled_sizes(kit), folded=folded_sizes(kit))
    (mat,) = base.info["contents"]
    assert mat["what"] == "mat (folded in 2)" and sorted(mat["size"][:2]) == pytest.approx([max(x, 250 - x), 200.0], abs=0.01)


def test_tile_sheets_print_the_fold_role() -> None:
    from printkit.layout import LayoutOptions, Paper
    from printkit.layout.tile import tile

    game = load_game(GAME)
    kit = draw(game)
    items = [i for items in kit.groups.values() for i in items if i.component == "mat"]
    sheets = tile(items, Paper("A4", 210.0, 297.0, 5.0), LayoutOptions(bleed=3.0, duplex="none"))
    assert sheets and all("fold" in s.roles for s in sheets)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    target = tmp_path / "folds"
    shutil.copytree(GAME, target)
    toml = target / "game.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new, 1))
    return target


def test_a_board_that_may_not_fold_and_does_not_fit_the_box_is_one_clear_error(tmp_path: Path) -> None:
    game = load_game(_broken(tmp_path, 'face = "mat"\nfolds = "auto"', 'face = "mat"\nfolds = "none"'))
    kit = draw(game)
    with pytest.raises(DataError) as info:
        plan(game, piece_sizes(kit), None, assembled_sizes(kit), folded=folded_sizes(kit))
    text = str(info.value)
    assert "components.mat.folds" in text and "250 x 200 mm unfolded" in text and len(text.splitlines()) == 1


def test_a_board_with_no_free_line_cannot_fold(tmp_path: Path) -> None:
    # A grid wide enough to cover the middle half with round spots that overlap their neighbours.
    game = load_game(_broken(tmp_path, 'rows = 3, cols = 3, cell = 40, space = "circle", space_size = 30',
                             'rows = 3, cols = 5, cell = 40, space = "circle", space_size = 44'))
    with pytest.raises(DataError) as info:
        KINDS["board"].draw(game, game.component("mat"), game.variants["mat"][0])
    assert "components.mat.folds: expected folds that run between the board's play spaces" in str(info.value)


def test_small_box_parts_share_a_page() -> None:
    """A large lid box is split into a floor and four walls: the walls go four to a page, not one each."""
    from printkit.boxes.pages import box_sheets
    from printkit.layout import Paper

    game = load_game(ROOT / "data" / "equilibrix")
    kit = draw(game)
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit), folded=folded_sizes(kit))
    n_parts = sum(len(b.parts) for b in boxes)
    paper = Paper("A4", 210.0, 297.0, 5.0)
    sheets = box_sheets("t", boxes, paper)
    placed = [p for s in sheets for p in s.placements]
    assert len(placed) == n_parts > len(sheets)
    px, py, pw, ph = paper.printable
    for s in sheets:
        boxes_on_page = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in s.placements]
        for i, a in enumerate(boxes_on_page):
            assert px - 1e-6 <= a[0] and a[2] <= px + pw + 1e-6 and py - 1e-6 <= a[1] and a[3] <= py + ph + 1e-6
            for b in boxes_on_page[:i]:
                assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6


def test_the_example_games_build_and_pass_their_proof(tmp_path: Path) -> None:
    """The three example games of this capability (hollow nesting solids, lattice tips, board folds) build
    from the command line, as a designer would run them, and their proof passes."""
    import json

    from conftest import run_cli

    data = tmp_path / "data"
    for name in ("nesting", "lattice-tips", "folds"):
        shutil.copytree(ROOT / "tests" / "games" / name, data / name)
    result = run_cli("build", "--data", str(data), "--out", str(tmp_path / "out"), "--paper", "a4", "--json",
                     "--no-svg")
    assert result.returncode == 0, result.stderr
    games = {g["game"]: g for g in json.loads(result.stdout)["games"]}
    assert set(games) == {"nesting", "lattice-tips", "folds"}
    assert "nesting-nets-a4.pdf" in games["nesting"]["files"]
    assert "lattice-tips-pieces-a4.pdf" in games["lattice-tips"]["files"]
    assert "folds-board-a4.pdf" in games["folds"]["files"]
    for name in games:
        proof = json.loads((tmp_path / "out" / name / "proof.json").read_text())
        assert proof["verdict"] == "pass" and not proof["errors"], (name, proof["errors"])


def test_an_auto_board_too_large_even_in_quarters_still_goes_in_the_box(tmp_path: Path) -> None:
    """`auto` folds at most in quarters on the board; a larger board is folded further in the box plan (and
    the box says so) rather than refused, as before folds were printed."""
    target = _broken(tmp_path, "width = 250\nheight = 200", "width = 600\nheight = 600")
    game = load_game(target)
    kit = draw(game)
    base, _ = plan(game, piece_sizes(kit), None, assembled_sizes(kit), folded=folded_sizes(kit))
    (mat,) = base.info["contents"]
    assert "its printed folds leave it too large" in mat["what"]
    parts_in_box = int(mat["what"].split("folded in ")[1].split(";")[0])
    assert parts_in_box > 4 and parts_in_box % 4 == 0  # the printed quarters, each halved further
    limit = fold_limit(game.data.boxes)
    assert min(mat["size"][:2]) <= limit[0] and max(mat["size"][:2]) <= limit[1]


def test_folds_keep_clear_of_track_arrows() -> None:
    """Issue 27: the arrows between a track's spaces count as part of the track, so a fold never creases one
    (Hypergrid's mat folded between two outer spaces, through the arrows above and below the grid)."""
    from printkit.build import draw
    from printkit.drawing import Path as DPath
    from printkit.drawing import walk
    from printkit.load import load_game

    kit = draw(load_game(Path(__file__).resolve().parent.parent / "data" / "hypergrid"))
    (mat,) = [i for items in kit.groups.values() for i in items if i.component == "mat"]
    folds = mat.art.info["folds"]
    assert folds
    arrows = [shape for shape, _ in walk(mat.art.front.children, mat.art.front.defs)
              if isinstance(shape, DPath) and shape.paint.fill and len(shape.segments) == 4]
    xs = [[float(seg[1]) for seg in a.segments if seg[0] in ("M", "L")] for a in arrows]
    assert len(xs) >= 16
    for x0, _, x1, _ in folds:
        assert x0 == x1
        assert not [x for x in xs if min(x) - 0.05 < x0 < max(x) + 0.05], x0
