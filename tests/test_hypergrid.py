"""Euler's Game: Hypergrid, as printed: counts, placement on paper, and the mat's geometry.

The mat's geometry is read from the drawn mat (not from the data), so a change to the
drawing code or to the data that breaks the board (a line that misses its outer space,
a space no line ends in, a wrong numbering) fails here.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from pathlib import Path

import pytest
from conftest import DATA, manifest

from printkit.drawing import Circle, Rect, Text, walk
from printkit.drawing import Path as PathNode
from printkit.game import Game, Variant
from printkit.kinds import KINDS
from printkit.load import load_game
from printkit.proof import prove

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 5.0


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(DATA / "hypergrid")


# --- counts and paper ----------------------------------------------------------------


def test_manifest_counts_equal_the_data(built: Path, game: Game) -> None:
    m = manifest(built, "hypergrid")
    assert {cid: c["pieces"] for cid, c in m["components"].items()} == {
        c.id: game.pieces(c) for c in game.components
    }
    assert m["components"]["chip"]["pieces"] == 65
    for paper in PAPERS:
        fronts: Counter[str] = Counter()
        for name, sheet in m["sheets"].items():
            if name.endswith(f"-{paper}.pdf"):
                fronts.update(p["component"] for p in sheet["placements"] if p["face"] == "front")
        # The mat prints whole (one placement); every other piece once per copy.
        assert fronts == Counter({c.id: game.pieces(c) for c in game.components}), paper


def overlaps(a: list[float], b: list[float]) -> bool:
    return (a[0] < b[0] + b[2] - 1e-6 and b[0] < a[0] + a[2] - 1e-6
            and a[1] < b[1] + b[3] - 1e-6 and b[1] < a[1] + a[3] - 1e-6)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_lie_inside_the_printable_area_and_apart(built: Path, paper: str) -> None:
    w, h = PAPERS[paper]
    sheets = {n: s for n, s in manifest(built, "hypergrid")["sheets"].items() if n.endswith(f"-{paper}.pdf")}
    assert {s["group"] for s in sheets.values()} == {"board", "pieces", "cards", "nets"}
    for name, sheet in sheets.items():
        for p in sheet["placements"]:
            x, y, pw, ph = p["trim"]
            assert MARGIN - 1e-6 <= x and x + pw <= w - MARGIN + 1e-6, (name, p)
            assert MARGIN - 1e-6 <= y and y + ph <= h - MARGIN + 1e-6, (name, p)
        key = lambda p: (p["page"], p["face"])  # noqa: E731
        for (page, face), group in itertools.groupby(sorted(sheet["placements"], key=key), key=key):
            for a, b in itertools.combinations(list(group), 2):
                assert not overlaps(a["trim"], b["trim"]), f"{name} page {page} ({face}): {a['piece']} / {b['piece']}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_chips_fit_one_page_with_their_backs_behind(built: Path, paper: str) -> None:
    sheet = manifest(built, "hypergrid")["sheets"][f"hypergrid-pieces-{paper}.pdf"]
    chips = [p for p in sheet["placements"] if p["component"] == "chip"]
    fronts = {(p["piece"], p["copy"]): p for p in chips if p["face"] == "front"}
    backs = {(p["piece"], p["copy"]): p for p in chips if p["face"] == "back"}
    assert len(fronts) == len(backs) == 65
    assert {p["page"] for p in fronts.values()} == {1}
    for key, f in fronts.items():
        b = backs[key]
        assert b["page"] == f["page"] + 1
        assert b["trim"][0] == pytest.approx(PAPERS[paper][0] - f["trim"][0] - f["trim"][2])
        assert b["trim"][1] == pytest.approx(f["trim"][1])


def value_of(variant: Variant, key: str) -> object:
    """A piece's value for a set: its record's name (``vary``) or its CSV column (``table``)."""
    if key in variant.values:
        return variant.values[key]["name"]
    return variant.values.get("row", {}).get(key)


def test_the_proof_passes_every_stated_count(game: Game) -> None:
    """Each [[expect]] and [[checks]] entry of the game holds (the proof's own checks are
    tested in test_proof.py; here: the Hypergrid data satisfies them, with none left out)."""
    report = prove(game)
    assert report.ok and report.warnings == []
    checked = {line.check.split("[")[0] for line in report.lines}
    assert {"chips", "chips-per-element", "setup-supply", "lines", "markers", "markers-10", "markers-2",
            "reserve-and-track", "markers-setup"} <= checked


# --- chips ---------------------------------------------------------------------------


def test_chips_show_colour_and_symbol_on_both_sides(game: Game) -> None:
    comp = game.component("chip")
    seen = set()
    for variant in game.variants["chip"]:
        element = variant.values["element"]
        art = KINDS["token"].draw(game, comp, variant)
        assert art.back is not None and art.back.children == art.front.children, "same face on both sides"
        shapes = [s for s, _ in walk(art.front.children, art.front.defs)]
        colour = game.palette[element["colour"]].rgb
        assert any(isinstance(s, Rect) and s.paint.fill == colour for s in shapes), "element colour as background"
        ink = game.palette[element["ink"]].rgb if element["ink"] in game.palette else "#ffffff"
        symbols = [s for s in shapes if isinstance(s, PathNode) and s.paint.fill == ink]
        assert len(symbols) == 1, f"one symbol on the {element['name']} chip"
        seen.add(element["symbol"])
    assert len(seen) == 5, "five different symbols"


# --- the mat's geometry --------------------------------------------------------------


@pytest.fixture(scope="module")
def mat(game: Game) -> dict[str, list]:  # type: ignore[type-arg]
    art = KINDS["board"].draw(game, game.component("mat"), game.variants["mat"][0])
    shapes = [s for s, m in walk(art.front.children, art.front.defs) if m[:4] == (1.0, 0.0, 0.0, 1.0)]
    line = game.palette["line"].rgb
    return {
        "lanes": [s for s in shapes if isinstance(s, PathNode) and s.paint.stroke == line and len(s.segments) == 2],
        "spaces": [s for s in shapes if isinstance(s, Rect) and s.w == s.h == pytest.approx(30.0)],
        "spots": [s for s in shapes if isinstance(s, Circle) and s.paint.fill == game.palette["spot"].rgb],
        "texts": [s for s in shapes if isinstance(s, Text)],
    }


def _ends(lane: PathNode) -> tuple[tuple[float, float], tuple[float, float]]:
    (_, x1, y1), (_, x2, y2) = lane.segments
    return (float(x1), float(y1)), (float(x2), float(y2))


def _centre(r: Rect) -> tuple[float, float]:
    return (r.x + r.w / 2, r.y + r.h / 2)


def _inside(t: Text, r: Rect) -> bool:
    return r.x <= t.x <= r.x + r.w and r.y <= t.y <= r.y + r.h


def _on_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    (ax, ay), (bx, by), (px, py) = a, b, p
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    dot = (px - ax) * (bx - ax) + (py - ay) * (by - ay)
    return abs(cross) / math.dist(a, b) < 0.01 and 0 <= dot <= math.dist(a, b) ** 2


def _pillars(mat: dict[str, list]) -> dict[str, tuple[float, float]]:  # type: ignore[type-arg]
    """Pillar number -> spot centre, from the numbers printed on the spots."""
    out = {}
    for spot in mat["spots"]:
        labels = [t.text for t in mat["texts"] if math.dist((t.x, t.y), (spot.cx, spot.cy)) < spot.r / 2]
        assert len(labels) == 1
        out[labels[0]] = (spot.cx, spot.cy)
    return out


def test_each_of_8_lines_ends_in_two_outer_spaces_and_each_space_ends_one_line(mat: dict) -> None:  # type: ignore[type-arg]
    assert len(mat["lanes"]) == 8
    assert len(mat["spaces"]) == 16
    centres = [_centre(r) for r in mat["spaces"]]
    used: Counter[int] = Counter()
    for lane in mat["lanes"]:
        ends = []
        for end in _ends(lane):
            hits = [i for i, c in enumerate(centres) if math.dist(c, end) < 0.01]
            assert len(hits) == 1, f"line end {end} is not the centre of an outer space"
            ends.append(hits[0])
        assert ends[0] != ends[1]
        used.update(ends)
    assert sorted(used) == list(range(16)) and set(used.values()) == {1}


def test_lines_are_the_rows_columns_and_diagonals_of_the_grid(mat: dict) -> None:  # type: ignore[type-arg]
    pillars = _pillars(mat)
    assert sorted(pillars, key=int) == [str(n) for n in range(1, 10)]
    # Pillars are numbered row by row from the top left.
    by_number = [pillars[str(n)] for n in range(1, 10)]
    assert [p[1] for p in by_number[0:3]] == pytest.approx([by_number[0][1]] * 3)
    assert by_number[0][0] < by_number[1][0] < by_number[2][0] and by_number[0][1] < by_number[3][1] < by_number[6][1]
    triples = set()
    for lane in mat["lanes"]:
        a, b = _ends(lane)
        on = frozenset(n for n, c in pillars.items() if _on_segment(c, a, b))
        assert len(on) == 3
        triples.add(on)
    want = {frozenset(map(str, t)) for t in [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]}
    assert triples == want


def test_line_numbers_follow_the_rulebook_example(mat: dict) -> None:  # type: ignore[type-arg]
    """Each line carries its number 1-8 at both ends; the rulebook's worked example holds:
    air on pillar 4 makes line 6, air leaving pillar 3 makes line 5, air landing on pillar 1 makes line 1."""
    pillars = _pillars(mat)
    numbers = {}
    for lane in mat["lanes"]:
        a, b = _ends(lane)
        badges = {t.text for t in mat["texts"] if t.text.isdigit() and _on_segment((t.x, t.y - t.size * 0.35), a, b)
                  and min(math.dist((t.x, t.y), a), math.dist((t.x, t.y), b)) < 17}
        assert len(badges) == 1, badges
        number = badges.pop()
        numbers[number] = frozenset(n for n, c in pillars.items() if _on_segment(c, a, b))
    assert sorted(numbers, key=int) == [str(n) for n in range(1, 9)]
    assert "4" in numbers["6"] and "3" in numbers["5"] and "1" in numbers["1"]


def test_outer_spaces_are_a_clockwise_score_track_from_0_to_15(mat: dict) -> None:  # type: ignore[type-arg]
    labels = {}
    for space in mat["spaces"]:
        texts = [t.text for t in mat["texts"] if _inside(t, space) and (t.text.isdigit() or "/" in t.text)
                 and not any(_on_segment((t.x, t.y - t.size * 0.35), *_ends(lane)) for lane in mat["lanes"])]
        assert len(texts) == 1, texts
        labels[texts[0]] = _centre(space)
    assert set(labels) == {"0/16", *map(str, range(1, 16))}
    order = [labels["0/16"], *(labels[str(n)] for n in range(1, 16))]
    mx = sum(p[0] for p in order) / 16
    my = sum(p[1] for p in order) / 16
    angles = [math.atan2(y - my, x - mx) for x, y in order]
    for a, b in zip(angles, angles[1:] + angles[:1]):
        step = (b - a) % (2 * math.pi)
        assert 0 < step < math.pi / 2, "each step goes clockwise on the page (y down)"
    start = next(s for s in mat["spaces"] if _centre(s) == labels["0/16"])
    others = {s.paint.fill for s in mat["spaces"] if s is not start}
    assert len(others) == 1 and start.paint.fill not in others, "the start space is marked"


def test_nether_track_has_a_slot_per_element(game: Game) -> None:
    art = KINDS["board"].draw(game, game.component("mat"), game.variants["mat"][0])
    placed = list(walk(art.front.children, art.front.defs))
    shapes = [s for s, _ in placed]
    texts = {s.text for s in shapes if isinstance(s, Text)}
    for element in game.data.sets["element"]:
        colour = game.palette[str(element["colour"])].rgb
        assert sum(isinstance(s, Circle) and s.paint.fill == colour for s in shapes) == 1, element["name"]
        assert str(element["label"]) in texts
    # Symbols are drawn in a unit box scaled to size: one per slot, five on the mat.
    symbols = [s for s, m in placed if isinstance(s, PathNode) and m[0] > 2]
    assert len(symbols) == 5


def test_three_layers_around_each_spot_the_third_meeting_its_neighbours(game: Game, mat: dict) -> None:  # type: ignore[type-arg]
    art = KINDS["board"].draw(game, game.component("mat"), game.variants["mat"][0])
    halo = game.palette["halo"].rgb
    rings = [s for s, _ in walk(art.front.children, art.front.defs)
             if isinstance(s, Circle) and s.paint.stroke == halo and s.paint.fill is None]
    pillars = _pillars(mat)
    for n, (cx, cy) in pillars.items():
        mine = sorted(r.r for r in rings if math.dist((r.cx, r.cy), (cx, cy)) < 1e-6)
        spot = next(s for s in mat["spots"] if (s.cx, s.cy) == (cx, cy))
        assert len(mine) == 3 and all(r > spot.r for r in mine), n
    outer = max(r.r for r in rings)
    pitch = math.dist(pillars["1"], pillars["2"])
    assert 2 * outer == pytest.approx(pitch), "the third layers of neighbouring spots meet"


def test_a_lock_die_in_play_for_every_line_on_the_mat(game: Game, mat: dict) -> None:  # type: ignore[type-arg]
    in_play = sum(v.copies for v in game.variants["lock-die"] if value_of(v, "use") == "line")
    assert in_play == len(mat["lanes"]) == 8
    assert game.pieces(game.component("lock-die")) == 9  # and the spare


def test_lock_dice_show_every_element_colour_and_symbol(game: Game) -> None:
    comp = game.component("lock-die")
    faces = comp.faces  # type: ignore[attr-defined]
    fills = [f.fill for f in faces]
    elements = game.data.sets["element"]
    assert set(fills) >= {e["colour"] for e in elements}
    for element in elements:
        face = faces[fills.index(element["colour"])]
        assert face.symbol == element["symbol"], element["name"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_mat_prints_whole_on_one_page(built: Path, paper: str) -> None:
    sheet = manifest(built, "hypergrid")["sheets"][f"hypergrid-board-{paper}.pdf"]
    assert sheet["pages"] == 1
    (mat,) = sheet["placements"]
    assert "region" not in mat and sorted(mat["trim"][2:]) == [190.0, 254.0]
