"""Every crop mark of every page that has them, checked against the manifest.

For each page laid out by the ``grid`` engine (cards, fronts and backs) or printed whole by the
``tile`` engine (a board that fits the paper), the cut lines are the edges of the trims the
manifest records for that page. Read from the PDF itself (the drawing operators, as pdfium
parses them, with every transformation applied), each cut line must have exactly one mark on
each of its two extensions (above and below the block, left and right of it), on the line,
wholly outside the bleed and at least a little away from it, and inside the paper; and there
must be no other mark outside the bleed. Where the block leaves no room between its bleed and
the paper's edge, no mark is expected there (and none may be drawn).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pypdfium2 as pdfium
import pytest
from conftest import DATA, ROOT, run_cli

from printkit.kinds import KINDS
from printkit.layout.grid import MARK_EDGE, MARK_GAP
from printkit.load import load_game

PT = 72 / 25.4
THIN = 0.6  # a mark is a 0.2 mm line: its bounds are at most this wide (mm)
LONGEST = 8.0  # ... and at most this long (MARK_LENGTH is 5 mm)
CLEAR = 0.5  # a mark keeps at least this far from the bleed (MARK_GAP is 1 mm; bounds include the pen)
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


def paths(page: pdfium.PdfPage, height: float) -> list[Box]:
    """Every path on the page, as a box in mm from the top left."""
    out = []
    for obj in page.get_objects(max_depth=2):
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            out.append(Box(left / PT, height - top / PT, right / PT, height - bottom / PT))
    return out


def thin_lines(page: pdfium.PdfPage, height: float) -> list[Box]:
    """Every short thin path on the page."""
    return [b for b in paths(page, height)
            if (b.vertical or b.horizontal) and max(b.x1 - b.x0, b.y1 - b.y0) <= LONGEST]


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


def check_page(pdf: pdfium.PdfDocument, number: int, placed: list[dict], paper: dict, bleed: float,  # type: ignore[type-arg]
               where: str, shift: tuple[float, float] = (0.0, 0.0)) -> int:
    """Assert the page's marks; return how many there are.

    ``shift``: a back page moved by ``--offset`` moves as a whole, marks and paper edges alike
    (what falls off the sheet is what the printer's misregistration brings back onto it)."""
    width, height = paper["width"], paper["height"]
    dx, dy = shift
    trims = [(p["trim"][0], p["trim"][1], p["trim"][0] + p["trim"][2], p["trim"][1] + p["trim"][3]) for p in placed]
    xs = sorted({round(v, 3) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 3) for t in trims for v in (t[1], t[3])})
    bleed_box = Box(xs[0] - bleed, ys[0] - bleed, xs[-1] + bleed, ys[-1] + bleed)
    lines = [Box(b.x0 - dx, b.y0 - dy, b.x1 - dx, b.y1 - dy) for b in thin_lines(pdf[number - 1], height)]
    trims = [(x0 - dx, y0 - dy, x1 - dx, y1 - dy) for x0, y0, x1, y1 in trims]
    xs = sorted({round(v, 3) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 3) for t in trims for v in (t[1], t[3])})
    bleed_box = Box(xs[0] - bleed, ys[0] - bleed, xs[-1] + bleed, ys[-1] + bleed)
    outside = [b for b in lines if b.x1 <= bleed_box.x0 or b.x0 >= bleed_box.x1 or b.y1 <= bleed_box.y0 or b.y0 >= bleed_box.y1]
    on_paper = [b for b in outside if b.x0 >= 0 and b.y0 >= 0 and b.x1 <= width and b.y1 <= height]
    assert on_paper == outside, f"{where}: a mark runs off the paper"
    room = {  # space between the bleed (plus the mark's gap) and the paper's unprintable edge strip
        "above": bleed_box.y0 - MARK_GAP - MARK_EDGE, "below": height - MARK_EDGE - bleed_box.y1 - MARK_GAP,
        "left": bleed_box.x0 - MARK_GAP - MARK_EDGE, "right": width - MARK_EDGE - bleed_box.x1 - MARK_GAP,
    }
    found = 0
    for side in ("above", "below", "left", "right"):
        cuts = xs if side in ("above", "below") else ys
        for cut in cuts:
            if side == "above":
                hits = [b for b in outside if b.vertical and abs((b.x0 + b.x1) / 2 - cut) < ON_LINE and b.y1 <= bleed_box.y0 - CLEAR]
            elif side == "below":
                hits = [b for b in outside if b.vertical and abs((b.x0 + b.x1) / 2 - cut) < ON_LINE and b.y0 >= bleed_box.y1 + CLEAR]
            elif side == "left":
                hits = [b for b in outside if b.horizontal and abs((b.y0 + b.y1) / 2 - cut) < ON_LINE and b.x1 <= bleed_box.x0 - CLEAR]
            else:
                hits = [b for b in outside if b.horizontal and abs((b.y0 + b.y1) / 2 - cut) < ON_LINE and b.x0 >= bleed_box.x1 + CLEAR]
            expected = 1 if room[side] > 0.25 else 0
            assert len(hits) == expected, (
                f"{where}: {len(hits)} crop marks {side} the block for the cut at {cut} mm, expected {expected}"
                f" (bleed box {tuple(round(v, 2) for v in bleed_box)}, marks outside it: {outside})")
            found += expected
    assert len(outside) == found, f"{where}: {len(outside) - found} marks outside the bleed that are on no cut line"
    # No dot outside the bleed either: a mark of no length where there was no room. (Larger shapes
    # outside the bleed are art clipped to it: pdfium's bounds ignore the clip.)
    dots = [b for b in paths(pdf[number - 1], height) if max(b.x1 - b.x0, b.y1 - b.y0) < 1.0
            and (b.x1 <= bleed_box.x0 + dx or b.x0 >= bleed_box.x1 + dx or b.y1 <= bleed_box.y0 + dy or b.y0 >= bleed_box.y1 + dy)]
    assert dots == [], f"{where}: {len(dots)} dots outside the bleed"
    # A line on the extension of a cut that reaches out of the trim block is a crop mark: none may
    # cross into the bleed or off the paper (art lines on a cut stay within the block).
    for b in lines:
        on_x = b.vertical and any(abs((b.x0 + b.x1) / 2 - x) < ON_LINE for x in xs) and (b.y0 < ys[0] or b.y1 > ys[-1])
        on_y = b.horizontal and any(abs((b.y0 + b.y1) / 2 - y) < ON_LINE for y in ys) and (b.x0 < xs[0] or b.x1 > xs[-1])
        if on_x or on_y:
            assert b in on_paper, f"{where}: a crop mark {tuple(round(v, 2) for v in b)} reaches into the bleed or off the paper"
    return found


def check_game(out: Path, game: str) -> tuple[int, set[str]]:
    bleed = load_game(DATA / game).settings.bleed
    offset = json.loads((out / game / "manifest.json").read_text())["options"]["offset"]
    total, kinds = 0, set()
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
    assert total > 0, f"{game}: no page with crop marks was checked"


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
    assert total > 0


def test_the_check_saw_fronts_backs_partial_pages_and_a_turned_board(built: Path, short_edge: Path) -> None:
    """The pages above include every case: card fronts, backs upright (long edge) and turned (short
    edge), a page only partly filled, and a board printed whole and turned to fit."""
    seen: set[str] = set()
    partial = False
    for out in (built, short_edge):
        for game in GAMES:
            seen |= check_game(out, game)[1]
            for _, _, placed, _ in crop_marked_pages(out, game):
                partial |= len(placed) not in (1, 9)
    assert {"front-upright", "front-rotated", "back-upright", "back-rotated"} <= seen, seen
    assert partial, "no partly filled card page was checked"


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
width = 200
height = 285
face = "plain"

[[components]]
id = "touching"
kind = "board"
width = 200
height = 287
face = "plain"
"""


def test_no_mark_where_the_bleed_reaches_the_paper_edge_and_short_ones_where_there_is_a_little_room(tmp_path: Path) -> None:
    """A board as large as the printable area (3 mm margin, 3 mm bleed) has no room for marks; one
    slightly smaller gets marks shortened to the room there is; one whose bleed ends exactly where
    the marks' room would begin gets none, not even a mark of no length."""
    (tmp_path / "data" / "edge").mkdir(parents=True)
    (tmp_path / "data" / "edge" / "game.toml").write_text(EDGE_GAME)
    out = tmp_path / "out"
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4", "--no-svg",
                     "--quiet", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "edge" / "manifest.json").read_text())
    sheet = manifest["sheets"]["edge-board-a4.pdf"]
    pdf = pdfium.PdfDocument(out / "edge" / "edge-board-a4.pdf")
    counts = [check_page(pdf, n, [p for p in sheet["placements"] if p["page"] == n], sheet["paper"], 3.0, f"edge p{n}")
              for n in (1, 2, 3)]
    pdf.close()
    # page 2: 1 mm of room above and below, none at the sides; page 3: exactly none on any side
    assert counts == [0, 4, 0], counts
