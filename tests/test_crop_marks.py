"""Every crop mark of every page that has them, checked against the manifest, in the PDF itself.

For each page laid out by the ``grid`` engine (cards, fronts and backs) or printed whole by the
``tile`` engine (a board that fits the paper), the cut lines are the edges of the trims the
manifest records for that page. Read from the PDF (the drawing operators, as pdfium parses them,
with every transformation applied), each end of each cut line must carry exactly the guide the
rule asks for (printkit.layout.grid):

- where at least ``MIN_OUTSIDE`` of printable paper is left beyond the bleed (and its gap), one
  mark on the cut's extension wholly outside the bleed;
- else, where ``MIN_MARK`` fits between the trim (less ``TRIM_CLEAR``) and the printable edge, one
  mark on the bleed, stopping short of the trim (never over the art inside it);
- else none; and a cut line with no mark at either end is printed through the block on its trim.

Every mark lies inside the printable area (the paper less its declared margin), and nothing else
short and thin lies outside the bleed. tests/test_print_guides.py checks the drawing tree for
every paper and setup (a guide on every cut, nothing in the margin); this file checks the printed
pages of real builds, every page, fronts and backs (backs shifted by ``--offset``), mark by mark.
"""

from __future__ import annotations

import ctypes
import json
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pypdfium2 as pdfium
import pytest
from conftest import DATA, ROOT, run_cli

from printkit.kinds import KINDS
from printkit.layout import Paper
from printkit.layout.grid import (
    HALO,
    MARK_GAP,
    MARK_INSET,
    MARK_LENGTH,
    MIN_MARK,
    MIN_OUTSIDE,
    TRIM_CLEAR,
    _end,
    crop_marks,
)
from printkit.load import load_game

PT = 72 / 25.4
THIN = 0.6  # a mark is a 0.2 mm line: its bounds are at most this wide (mm)
LONGEST = 8.0  # ... and at most this long (MARK_LENGTH is 5 mm)
PEN = 0.25  # bounds include the pen: a mark's bounds reach this far past its ends (mm)
CLEAR = 0.5  # a mark outside the bleed keeps at least this far from it (MARK_GAP is 1 mm)
ON_LINE = 0.05  # a mark's centre line is on the cut line to within this (mm)
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.toml").is_file())


class Box(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def vertical(self) -> bool:
        return self.x1 - self.x0 < THIN and self.y1 - self.y0 >= 1.0

    @property
    def horizontal(self) -> bool:
        return self.y1 - self.y0 < THIN and self.x1 - self.x0 >= 1.0

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.x0 - dx, self.y0 - dy, self.x1 - dx, self.y1 - dy)


def _white(obj: pdfium.PdfObject) -> bool:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    ok = pdfium.raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a)
    return bool(ok) and min(r.value, g.value, b.value) >= 250


def paths(page: pdfium.PdfPage, height: float, halos: bool = True) -> list[Box]:
    """Every path on the page, as a box in mm from the top left (without white strokes: the halos
    under marks on the bleed, unless ``halos``)."""
    out = []
    for obj in page.get_objects(max_depth=2):
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH and (halos or not _white(obj)):
            left, bottom, right, top = obj.get_bounds()
            out.append(Box(left / PT, height - top / PT, right / PT, height - bottom / PT))
    return out


def crop_marked_pages(out: Path, game: str) -> list[tuple[str, int, list[dict], dict]]:  # type: ignore[type-arg]
    """(pdf, page, placements, paper) of every page that must carry crop marks, from the manifest."""
    manifest = json.loads((out / game / "manifest.json").read_text())
    if manifest["options"].get("cut_file"):
        return []
    layout = {cid: KINDS[c["kind"]].layout for cid, c in manifest["components"].items()}
    pages = []
    for pdf, sheet in manifest["sheets"].items():
        by_page: dict[int, list[dict]] = {}  # type: ignore[type-arg]
        for p in sheet["placements"]:
            by_page.setdefault(p["page"], []).append(p)
        for number, placed in sorted(by_page.items()):
            engines = {layout[p["component"]] for p in placed}
            if engines == {"grid"} or (engines == {"tile"} and all("region" not in p for p in placed)):
                pages.append((pdf, number, placed, sheet["paper"]))
    return pages


def expected_end(trim: float, outward: int, limit: float, bleed: float) -> str:
    """The guide the rule asks for at one end of a cut line: "outside", "bleed" or "none".
    ``trim``: the block's outer trim there; ``outward``: -1 towards 0, +1 away; ``limit``: the
    printable edge less the marks' inset."""
    if (limit - (trim + outward * (bleed + MARK_GAP))) * outward >= MIN_OUTSIDE - 1e-6:
        return "outside"
    if (limit - (trim + outward * TRIM_CLEAR)) * outward >= MIN_MARK - 1e-6:
        return "bleed"
    return "none"


def check_page(pdf: pdfium.PdfDocument, number: int, placed: list[dict], paper: dict, bleed: float,  # type: ignore[type-arg]
               where: str, shift: tuple[float, float] = (0.0, 0.0)) -> Counter[str]:
    """Assert the page's guides; return how many of each kind there are (outside, bleed, through).

    ``shift``: a back page moved by ``--offset`` moves as a whole, marks and paper edges alike
    (what falls off the sheet is what the printer's misregistration brings back onto it)."""
    width, height, margin = paper["width"], paper["height"], paper["margin"]
    dx, dy = shift
    page = pdf[number - 1]
    every = [b.shifted(dx, dy) for b in paths(page, height, halos=False)]
    lines = [b for b in every if (b.vertical or b.horizontal) and max(b.x1 - b.x0, b.y1 - b.y0) <= LONGEST]
    trims = [(p["trim"][0], p["trim"][1], p["trim"][0] + p["trim"][2], p["trim"][1] + p["trim"][3]) for p in placed]
    trims = [(x0 - dx, y0 - dy, x1 - dx, y1 - dy) for x0, y0, x1, y1 in trims]
    xs = sorted({round(v, 3) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 3) for t in trims for v in (t[1], t[3])})
    block = Box(xs[0], ys[0], xs[-1], ys[-1])
    bleed_box = Box(xs[0] - bleed, ys[0] - bleed, xs[-1] + bleed, ys[-1] + bleed)
    inset = margin + MARK_INSET
    rule = {"above": expected_end(ys[0], -1, inset, bleed), "below": expected_end(ys[-1], 1, height - inset, bleed),
            "left": expected_end(xs[0], -1, inset, bleed), "right": expected_end(xs[-1], 1, width - inset, bleed)}
    printable = Box(margin - PEN, margin - PEN, width - margin + PEN, height - margin + PEN)

    def inside(b: Box, area: Box) -> bool:
        return area.x0 <= b.x0 and area.y0 <= b.y0 and b.x1 <= area.x1 and b.y1 <= area.y1

    def beyond(b: Box, side: str, edge: Box, gap: float) -> bool:
        """``b`` lies wholly on ``side`` of ``edge``, at least ``gap`` away."""
        return {"above": b.y1 <= edge.y0 - gap, "below": b.y0 >= edge.y1 + gap,
                "left": b.x1 <= edge.x0 - gap, "right": b.x0 >= edge.x1 + gap}[side]

    found: Counter[str] = Counter()
    marks: list[Box] = []
    for side in ("above", "below", "left", "right"):
        along = side in ("above", "below")
        for cut in xs if along else ys:
            hits = [b for b in lines if (b.vertical if along else b.horizontal)
                    and abs(((b.x0 + b.x1) if along else (b.y0 + b.y1)) / 2 - cut) < ON_LINE
                    and beyond(b, side, block, -PEN)]
            kind = rule[side]
            expected = 0 if kind == "none" else 1
            assert len(hits) == expected, (
                f"{where}: {len(hits)} crop marks {side} the block for the cut at {cut} mm, expected {expected} "
                f"({kind}; bleed box {tuple(round(v, 2) for v in bleed_box)}, marks there: {hits})")
            for b in hits:
                assert inside(b, printable), f"{where}: the mark {side} the cut at {cut} mm runs into the {margin} mm margin: {b}"
                if kind == "outside":
                    assert beyond(b, side, bleed_box, CLEAR), f"{where}: the mark {side} the cut at {cut} mm is not outside the bleed: {b}"
                else:
                    assert beyond(b, side, block, TRIM_CLEAR - PEN), f"{where}: the mark {side} the cut at {cut} mm reaches the trim: {b}"
                    assert not beyond(b, side, bleed_box, 0.0), f"{where}: the mark {side} the cut at {cut} mm is not on the bleed: {b}"
                found[kind] += 1
                marks.append(b)
    # A cut line with no mark at either end is printed through the block, on its trim.
    for along, cuts, ends in ((True, xs, ("above", "below")), (False, ys, ("left", "right"))):
        through = all(rule[e] == "none" for e in ends)
        for cut in cuts:
            full = [b for b in every if abs(((b.x0 + b.x1) if along else (b.y0 + b.y1)) / 2 - cut) < ON_LINE
                    and ((b.x1 - b.x0) if along else (b.y1 - b.y0)) < THIN
                    and ((b.y0 <= block.y0 + PEN and b.y1 >= block.y1 - PEN) if along
                         else (b.x0 <= block.x0 + PEN and b.x1 >= block.x1 - PEN))]
            if through:
                assert full, f"{where}: the cut at {cut} mm has no mark at either end and is not printed through the block"
                assert all(inside(b, printable) for b in full), f"{where}: the line through the block on {cut} mm runs into the margin"
                found["through"] += 1
            else:
                assert not [b for b in full if b.x0 < block.x0 - PEN or b.y0 < block.y0 - PEN or b.x1 > block.x1 + PEN
                            or b.y1 > block.y1 + PEN], f"{where}: a line through the block on the cut at {cut} mm where marks fit"
    # Nothing else short and thin outside the bleed: every such line is one of the marks above.
    outside = [b for b in lines if not (b.x1 > bleed_box.x0 and b.x0 < bleed_box.x1 and b.y1 > bleed_box.y0 and b.y0 < bleed_box.y1)]
    stray = [b for b in outside if b not in marks]
    assert stray == [], f"{where}: {len(stray)} marks outside the bleed that are on no cut line: {stray}"
    # No dot outside the bleed either: a mark of no length where there was no room. (Larger shapes
    # outside the bleed are art clipped to it: pdfium's bounds ignore the clip.)
    dots = [b for b in every if max(b.x1 - b.x0, b.y1 - b.y0) < 1.0
            and (b.x1 <= bleed_box.x0 or b.x0 >= bleed_box.x1 or b.y1 <= bleed_box.y0 or b.y0 >= bleed_box.y1)]
    assert dots == [], f"{where}: {len(dots)} dots outside the bleed"
    return found


def check_game(out: Path, game: str) -> tuple[Counter[str], set[str]]:
    bleed = load_game(DATA / game).settings.bleed
    offset = json.loads((out / game / "manifest.json").read_text())["options"]["offset"]
    total: Counter[str] = Counter()
    kinds: set[str] = set()
    docs: dict[str, pdfium.PdfDocument] = {}
    for pdf_name, number, placed, paper in crop_marked_pages(out, game):
        pdf = docs.setdefault(pdf_name, pdfium.PdfDocument(out / game / pdf_name))
        faces = {p["face"] for p in placed}
        assert len(faces) == 1, f"{pdf_name} p{number}: fronts and backs on one page"
        face = faces.pop()
        shift = (offset[0], offset[1]) if face == "back" else (0.0, 0.0)
        total += check_page(pdf, number, placed, paper, bleed, f"{game}/{pdf_name} page {number}", shift)
        kinds.add(f"{face}-{'rotated' if any(p['rotated'] for p in placed) else 'upright'}")
    for pdf in docs.values():
        pdf.close()
    return total, kinds


@pytest.mark.parametrize("game", GAMES)
def test_every_crop_mark_of_the_default_build(built: Path, game: str) -> None:
    """Long-edge duplex, A4 and Letter: every page of every game's card sheets and whole boards."""
    total, _ = check_game(built, game)
    assert sum(total.values()) > 0, f"{game}: no page with crop marks was checked"


@pytest.fixture(scope="module")
def short_edge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game built once for short-edge duplex with the backs shifted (read only afterwards)."""
    out = tmp_path_factory.mktemp("short")
    result = run_cli("build", "--data", str(DATA), "--out", str(out), "--paper", "a4", "--duplex", "short",
                     "--offset", "1.5,-0.75", "--no-svg", "--quiet", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_crop_mark_with_short_edge_backs_shifted_by_an_offset(short_edge: Path, game: str) -> None:
    total, _ = check_game(short_edge, game)
    assert sum(total.values()) > 0


def test_the_check_saw_fronts_backs_partial_pages_and_a_turned_board(built: Path, short_edge: Path) -> None:
    """The pages above include every case: card fronts, backs upright (long edge) and turned (short
    edge), a page only partly filled, and a board printed whole and turned to fit."""
    seen: set[str] = set()
    guides: Counter[str] = Counter()
    partial = False
    for out in (built, short_edge):
        for game in GAMES:
            counts, kinds = check_game(out, game)
            seen |= kinds
            guides += counts
            for _, _, placed, _ in crop_marked_pages(out, game):
                partial |= len(placed) not in (1, 9)
    assert {"front-upright", "front-rotated", "back-upright", "back-rotated"} <= seen, seen
    assert partial, "no partly filled card page was checked"
    assert guides["outside"] > 0 and guides["bleed"] > 0, f"marks outside the bleed and on it were both checked: {guides}"


EDGE_GAME = """
[game]
title = "Boards at the edge of the printable area"

[print]
margin = "3mm"

[layouts.plain]
background = "#dddddd"

[[components]]
id = "full"
kind = "board"
width = 204
height = 291
face = "plain"

[[components]]
id = "near"
kind = "board"
width = 201.6
height = 285
face = "plain"

[[components]]
id = "touching"
kind = "board"
width = 201.6
height = 288.6
face = "plain"
"""


def test_marks_move_onto_the_bleed_and_then_through_the_block_as_the_room_runs_out(tmp_path: Path) -> None:
    """A board as large as the printable area (3 mm margin, 3 mm bleed) has no room for marks at any
    end: its cut lines are printed through it. One a little smaller has room on the bleed above and
    below (marks there), none at the sides (horizontal cuts through it). One whose bleed ends where
    the marks' room would begin gets lines through it, not marks of no length."""
    (tmp_path / "data" / "edge").mkdir(parents=True)
    (tmp_path / "data" / "edge" / "game.toml").write_text(EDGE_GAME)
    out = tmp_path / "out"
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4", "--no-svg",
                     "--quiet", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "edge" / "manifest.json").read_text())
    sheet = manifest["sheets"]["edge-board-a4.pdf"]
    pdf = pdfium.PdfDocument(out / "edge" / "edge-board-a4.pdf")
    counts = [dict(check_page(pdf, n, [p for p in sheet["placements"] if p["page"] == n], sheet["paper"], 3.0, f"edge p{n}"))
              for n in (1, 2, 3)]
    pdf.close()
    assert counts == [{"through": 4}, {"bleed": 4, "through": 2}, {"through": 4}], counts


# The rule itself, in this process (fast): the boundaries of _end and the shape of crop_marks' output.


def _segments(nodes: list) -> list[tuple[float, float, float, float, str]]:
    out = []
    for n in nodes:
        (_, x1, y1), (_, x2, y2) = n.segments
        out.append((x1, y1, x2, y2, "halo" if n.paint == HALO else "mark"))
    return out


def test_a_mark_goes_outside_the_bleed_from_exactly_min_outside_of_room() -> None:
    # trim 20, bleed 2, gap 1: the mark outside would start at 17 (outward is -1, towards 0)
    assert _end(20.0, -1, 17.0 - MIN_OUTSIDE, 2.0) == (17.0, 17.0 - MIN_OUTSIDE, False)
    assert _end(20.0, -1, 17.0 - MIN_OUTSIDE + 0.5, 2.0) == (20.0 - TRIM_CLEAR, 17.0 - MIN_OUTSIDE + 0.5, True)
    assert _end(0.0, 1, 3.0 + MARK_LENGTH + 4, 2.0) == (3.0, 3.0 + MARK_LENGTH, False)  # never longer
    # to within a rounding error: trim -3 outward +1, bleed 2, gap 1: the mark outside starts at exactly 0
    assert _end(-3.0, 1, MIN_OUTSIDE - 1e-9, 2.0) == (0.0, MIN_OUTSIDE - 1e-9, False)


def test_a_mark_on_the_bleed_needs_min_mark_of_room_to_within_a_rounding_error() -> None:
    # trim -0.5 outward +1: the mark on the bleed starts at exactly 0
    assert _end(-TRIM_CLEAR, 1, MIN_MARK, 20.0) == (0.0, MIN_MARK, True)
    assert _end(-TRIM_CLEAR, 1, MIN_MARK - 1e-9, 20.0) == (0.0, MIN_MARK - 1e-9, True)
    assert _end(-TRIM_CLEAR, 1, MIN_MARK - 1e-6, 20.0) is None


def test_cut_lines_without_room_at_either_end_cross_the_whole_block_and_only_those() -> None:
    paper = Paper("test", 100.0, 100.0, 5.0)
    m = 5.0 + MARK_INSET
    xs, ys = [m, 50.0, 100.0 - m], [m, 70.0]  # no room left or right, nor at the top; room below
    got = _segments(crop_marks(paper, xs, ys, 2.0))
    crossing = [(m, y, 100.0 - m, y, "mark") for y in ys]  # through all three columns' cuts
    below = [(x, 73.0, x, 73.0 + MARK_LENGTH, "mark") for x in xs]
    assert sorted(got) == sorted(crossing + below)


def test_only_marks_on_the_bleed_get_a_white_halo_under_them() -> None:
    paper = Paper("test", 100.0, 100.0, 5.0)
    m = 5.0 + MARK_INSET
    got = _segments(crop_marks(paper, [30.0, 70.0], [8.0, 70.0], 2.0))
    halos = [s[:4] for s in got if s[4] == "halo"]
    marks = [s[:4] for s in got if s[4] == "mark"]
    on_bleed = [(x, 8.0 - TRIM_CLEAR, x, m) for x in (30.0, 70.0)]  # top: 2.3 mm left above the bleed's trim clear
    assert sorted(halos) == sorted(on_bleed)
    assert sorted(on_bleed) == sorted(s for s in marks if s[1] < 8.0)
    assert len(marks) == 8 and got[:2] == [(*h, "halo") for h in halos]  # halos first, under the marks


def test_the_same_turned_a_quarter_with_room_on_one_side_only() -> None:
    paper = Paper("test", 100.0, 100.0, 5.0)
    m = 5.0 + MARK_INSET
    xs, ys = [m, 70.0], [m, 50.0, 100.0 - m]  # no room above, below or left; room right
    got = _segments(crop_marks(paper, xs, ys, 2.0))
    crossing = [(x, m, x, 100.0 - m, "mark") for x in xs]  # through all three rows' cuts
    right = [(73.0, y, 73.0 + MARK_LENGTH, y, "mark") for y in ys]
    assert sorted(got) == sorted(crossing + right)
