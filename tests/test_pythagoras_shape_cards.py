"""Pythagoras and the 4x4 shape-card game: counts, placement on paper, board geometry, shapes, nets."""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from conftest import DATA, manifest

from printkit.game import DrawContext
from printkit.kinds.net import make_net
from printkit.load import load_game
from printkit.model import GridElement
from printkit.polyform import canonical, connected, fits, parse_cells

GAMES = ["pythagoras", "shape-cards"]
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def sheets(built: Path, game: str) -> list[tuple[str, dict]]:  # type: ignore[type-arg]
    return sorted(manifest(built, game)["sheets"].items())


@pytest.mark.parametrize("game", GAMES)
def test_manifest_counts_per_component_equal_the_data(built: Path, game: str) -> None:
    data = load_game(DATA / game)
    want = {c.id: data.pieces(c) for c in data.components}
    m = manifest(built, game)
    assert {c: v["pieces"] for c, v in m["components"].items()} == want
    for paper in PAPERS:
        placed: dict[str, set[tuple[str, int]]] = defaultdict(set)
        for name, sheet in sheets(built, game):
            if name.endswith(f"-{paper}.pdf"):
                for p in sheet["placements"]:
                    if p["face"] == "front":
                        placed[p["component"]].add((p["piece"], p["copy"]))
        assert {c: len(v) for c, v in placed.items()} == want, paper


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_inside_the_printable_area_and_none_overlap(built: Path, game: str) -> None:
    data = load_game(DATA / game)
    margin = data.settings.margin
    checked = 0
    for _, sheet in sheets(built, game):
        pw, ph = sheet["paper"]["width"], sheet["paper"]["height"]
        by_page: dict[tuple[int, str], list[list[float]]] = defaultdict(list)
        for p in sheet["placements"]:
            x, y, w, h = p["trim"]
            assert margin - 1e-3 <= x and x + w <= pw - margin + 1e-3, p
            assert margin - 1e-3 <= y and y + h <= ph - margin + 1e-3, p
            by_page[(p["page"], p["face"])].append(p["trim"])
        for rects in by_page.values():
            for i, (ax, ay, aw, ah) in enumerate(rects):
                for bx, by, bw, bh in rects[:i]:
                    apart = ax + aw <= bx + 1e-3 or bx + bw <= ax + 1e-3 or ay + ah <= by + 1e-3 or by + bh <= ay + 1e-3
                    assert apart, f"pieces overlap at {(ax, ay)} and {(bx, by)}"
                    checked += 1
    assert checked > 100, "the test must have compared many pairs"


def board_grids(game: str, layout: str) -> list[GridElement]:
    data = load_game(DATA / game)
    return [el for el in data.layouts[layout].elements if isinstance(el, GridElement)]


def test_pythagoras_board_ranks_hold_the_spaces_the_rules_name() -> None:
    data = load_game(DATA / "pythagoras")
    grids = board_grids("pythagoras", "board")
    assert sorted((g.rows, g.cols) for g in grids) == [(3, 3), (4, 4), (5, 5)]
    bottoms = {float(g.y) + g.rows * float(g.cell) for g in grids}  # type: ignore[arg-type]
    assert len(bottoms) == 1, "the grids share ranks, counted from a common bottom"
    ranks: Counter[int] = Counter()
    for g in grids:
        for r in range(g.rows):
            ranks[r + 1] += g.cols
    assert [ranks[r] for r in range(1, 6)] == data.data.rules["rank_spaces"] == [12, 12, 12, 9, 5]
    # Columns are lettered across the board without gaps or repeats, left to right.
    letters = []
    for g in sorted(grids, key=lambda g: float(g.x)):  # type: ignore[arg-type]
        assert g.labels == "chess"
        letters += [chr(ord(g.first_col) + c) for c in range(g.cols)]
    assert "".join(letters) == "ABCDEFGHIJKL"
    # Grids sit side by side without touching, and a large pyramid's base fits in a space.
    spans = sorted((float(g.x), float(g.x) + g.cols * float(g.cell)) for g in grids)  # type: ignore[arg-type]
    assert all(a[1] < b[0] for a, b in itertools.pairwise(spans))
    sizes = {s["name"]: s for s in data.data.sets["size"]}
    assert all(float(g.cell) > float(sizes["large"]["base"]) for g in grids)  # type: ignore[arg-type]


def test_pythagoras_pyramids_fold_at_the_declared_sizes_and_nest() -> None:
    data = load_game(DATA / "pythagoras")
    comp = data.component("pyramid")
    sizes = {s["name"]: s for s in data.data.sets["size"]}
    assert [sizes[n]["pips"] for n in ("small", "medium", "large")] == [1, 2, 3]
    for small, big in (("small", "medium"), ("medium", "large")):
        a, b = sizes[small], sizes[big]
        assert b["base"] > a["base"] and b["height"] > a["height"], "a larger pyramid covers a smaller one"
    seen = set()
    for variant in data.variants["pyramid"]:
        size = variant.values["size"]
        if size["name"] in seen:
            continue
        seen.add(size["name"])
        net = make_net(DrawContext(data, variant, "components.pyramid"), comp)  # type: ignore[arg-type]
        # Hollow: four sides, no base; the rim of each side (its first edge) is a base edge.
        assert net.solid.open == ("base",) and len(net.faces) == 4
        sides = [math.dist(face[0], face[1]) for face in net.faces]
        assert sides == pytest.approx([size["base"]] * 4)
        assert len(net.tabs) == 1, "one glue tab closes the fan of four sides"
    assert seen == {"small", "medium", "large"}


def test_twelve_shape_cards_are_the_twelve_distinct_pentominoes() -> None:
    data = load_game(DATA / "shape-cards")
    shapes = data.data.sets["shape"]
    cells = {s["name"]: parse_cells(str(s["cells"])) for s in shapes}
    assert sorted(cells) == list("FILNPTUVWXYZ")
    assert all(len(c) == 5 and connected(c) for c in cells.values())
    assert len({canonical(c) for c in cells.values()}) == 12
    board = data.data.rules["board"]
    misfits = [n for n, c in cells.items() if not fits(c, board["cols"], board["rows"])]
    assert misfits == ["I"], "only the straight pentomino cannot lie on the 4x4 board"
    assert any("straight" in a.id and "4x4" in a.text for a in data.data.assumptions)


def test_shape_card_pieces_fit_the_board_fields() -> None:
    data = load_game(DATA / "shape-cards")
    (grid,) = board_grids("shape-cards", "board")
    assert (grid.rows, grid.cols) == (4, 4)
    piece = data.component("piece")
    cell = float(grid.cell)  # type: ignore[arg-type]
    assert piece.shape == "square"  # type: ignore[attr-defined]
    assert 0.75 * cell <= piece.size < cell  # type: ignore[attr-defined]
    board = data.component("board")
    assert grid.x + 4 * cell <= board.width and grid.y + 4 * cell <= board.height  # type: ignore[attr-defined, operator]


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_count_holds_for_the_data(game: str) -> None:
    """Each [[expect]] (with its `per` and `where`) matches the pieces the data makes."""
    data = load_game(DATA / game)
    assert data.data.expect, "the rulebook's counts are recorded"
    for exp in data.data.expect:
        assert exp.source.strip()
        tally: Counter[str] = Counter()
        for comp in data.components:
            if comp.id not in exp.components and exp.components != ["*"]:
                continue
            for v in data.variants[comp.id]:
                if all(v.values.get(k, {}).get("name") == want for k, want in exp.where.items()):
                    tally[str(v.values[exp.per]["name"]) if exp.per else ""] += v.copies
        assert tally and all(n == exp.count for n in tally.values()), (exp.id, dict(tally))


@pytest.mark.parametrize("game", GAMES)
def test_svgs_of_cut_out_pieces_carry_their_cut_line(built: Path, game: str) -> None:
    """A net's or token's own SVG is enough for a cutting machine: one closed cut shape."""
    m = manifest(built, game)
    kinds = {cid: c["kind"] for cid, c in m["components"].items()}
    checked = 0
    for ref, rel in m["svg"].items():
        comp = next((cid for cid in kinds if ref == cid or ref.startswith(cid + "-")), None)
        if comp is None or kinds[comp] not in ("net", "token") or ref.endswith("-back"):
            continue
        svg = (built / game / rel).read_text()
        cut = svg.split('<g id="cut">', 1)[1].split("</g>", 1)[0]
        shapes = cut.count("<path") + cut.count("<rect") + cut.count("<circle")
        assert shapes == 1, (ref, shapes)
        if "<path" in cut:
            assert cut.count(" Z") == 1 and cut.count("M") == 1, "one closed outline"
        checked += 1
    assert checked >= 4
