"""Pads and sheets (issue 26): the `pad` kind (N sheets to a page, no bleed, cut lines or not,
numbered) and the guillotine layout that lays square and rectangular pieces edge to edge, sharing
every straight cut, with a mark at each end of each cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

from printkit.build import draw
from printkit.drawing import Path as PathNode
from printkit.drawing import Text, walk
from printkit.errors import DataError
from printkit.layout import LayoutOptions, Paper
from printkit.layout.marks import cut_paths
from printkit.layout.pack import guillotine_pages, pack
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"
A4 = Paper("a4", 210.0, 297.0, 5.0)


def items(component: str) -> list[Any]:
    kit = draw(load_game(GAMES / "pads"))
    return [i for group in kit.groups.values() for i in group if i.component == component]


def test_pieces_touch_and_stay_inside_the_printable_area() -> None:
    px, py, pw, ph = A4.printable
    for component, (w, h) in (("counter", (20, 20)), ("tile", (40, 25)), ("score", (96, 130))):
        pages = guillotine_pages(items(component), A4)
        for page, cols, rows in pages:
            spots = {(round(x, 9), round(y, 9)) for _, x, y in page}
            assert len(spots) == len(page)  # no two pieces in one place
            x0, y0 = min(x for x, _ in spots), min(y for _, y in spots)
            for x, y in spots:  # every piece on the block's lattice: neighbours touch
                assert ((x - x0) / w) == pytest.approx(round((x - x0) / w))
                assert ((y - y0) / h) == pytest.approx(round((y - y0) / h))
                assert px - 1e-9 <= x and x + w <= px + pw + 1e-9 and py - 1e-9 <= y and y + h <= py + ph + 1e-9
            assert len(page) <= cols * rows


def test_per_page_is_honoured_and_the_block_is_centred() -> None:
    pages = guillotine_pages(items("score"), A4)
    assert [len(p) for p, _, _ in pages] == [4, 4, 4]
    page, cols, rows = pages[0]
    assert (cols, rows) == (2, 2)
    xs, ys = [x for _, x, _ in page], [y for _, _, y in page]
    px, py, pw, ph = A4.printable
    assert min(xs) - px == pytest.approx(px + pw - (max(xs) + 96))  # centred across
    assert min(ys) - py == pytest.approx(py + ph - (max(ys) + 130))  # and down


def test_every_cut_is_shared_straight_and_marked_at_both_ends() -> None:
    sheets = pack(items("score"), A4, LayoutOptions(bleed=0.0, duplex="long"))
    front = sheets[0]
    cuts = [s for s, _ in walk(front.drawing.children, front.drawing.defs) if isinstance(s, PathNode) and s.role == "cut"]
    [grid] = cuts
    lines = [(grid.segments[i][1:], grid.segments[i + 1][1:]) for i in range(0, len(grid.segments), 2)]
    assert len(lines) == 6  # 3 across and 3 down for a 2 x 2 block: each inner cut once, shared
    guides = [s for s, _ in walk(front.drawing.children, front.drawing.defs) if isinstance(s, PathNode) and s.role == "guide"]
    assert len(guides) == 2 * len(lines)  # a mark at each end of each cut
    for (a, b) in lines:
        vertical = a[0] == b[0]
        ends = [g for g in guides if (g.segments[0][1] == a[0] if vertical else g.segments[0][2] == a[1])
                and (g.segments[0][1] == g.segments[1][1] if vertical else g.segments[0][2] == g.segments[1][2])]
        assert len(ends) == 2, (a, b)
    numbers = [s.text for s, _ in walk(front.drawing.children, front.drawing.defs) if isinstance(s, Text)
               and s.text.isdigit() and s.fill == "#555555"]
    assert numbers == ["1", "2", "3", "4"]
    later = [s.text for sheet in sheets[1:] for s, _ in walk(sheet.drawing.children, sheet.drawing.defs)
             if isinstance(s, Text) and s.fill == "#555555"]
    assert later == [str(n) for n in range(5, 13)]


def test_sheets_without_cut_lines_print_only_the_marks_but_the_cut_file_has_the_cuts() -> None:
    [front, *_] = pack(items("sheet"), A4, LayoutOptions(bleed=0.0, duplex="long"))
    assert "cut" not in front.roles and "guide" in front.roles
    assert len(cut_paths(front)) == 1 and cut_paths(front)[0].segments  # the shared cuts, for a cutting machine


def test_the_pads_game_builds_its_pads_and_tiles(tmp_path: Path) -> None:
    result = run_cli("build", "pads", "--data", str(GAMES), "--out", str(tmp_path), "--quiet", "--paper", "a4",
                     "--no-svg")
    assert result.returncode == 0, result.stderr
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / "pads" / "pads-pads-a4.pdf").pages) == 5  # 12 / 4 score sheets + 4 / 2 sheets
    assert len(PdfReader(tmp_path / "pads" / "pads-pieces-a4.pdf").pages) == 2


@pytest.mark.parametrize(("component", "expected"), [
    ('kind = "pad"\nwidth = 60\nheight = 60\nface = "f"\nper_page = 0', "a number of at least 1"),
    ('kind = "pad"\nwidth = 60\nheight = 60\nface = "f"\nper_page = 101', "at most 100"),
    ('kind = "pad"\nwidth = 60\nface = "f"', "height"),
    ('kind = "token"\nshape = "circle"\nsize = 20\nface = "f"\ntessellate = true', '"hexagon" or "square"'),
])
def test_bad_pads_are_data_errors(tmp_path: Path, component: str, expected: str) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.toml").write_text(f'[game]\ntitle = "P"\n[layouts.f]\nelements = []\n[[components]]\nid = "p"\n'
                                      f"{component}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game(folder)
    assert any(expected in p.expected or expected in p.path for p in err.value.problems), err.value.problems


def test_a_pad_larger_than_the_paper_is_a_data_error(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "g"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text('[game]\ntitle = "P"\n[layouts.f]\nelements = []\n[[components]]\nid = "p"\n'
                                      'kind = "pad"\nwidth = 250\nheight = 60\nface = "f"\n', encoding="utf-8")
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet", "--no-svg")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "a piece that fits the printable area" in result.stderr


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_of_tiled_squares_land_behind_their_faces(tmp_path: Path, duplex: str) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.toml").write_text(
        '[game]\ntitle = "B"\n[layouts.f]\nbackground = "#ff0000"\n[layouts.b]\nbackground = "#0000ff"\n'
        '[[components]]\nid = "sq"\nkind = "token"\nshape = "square"\nwidth = 30\nheight = 20\ncount = 5\n'
        'face = "f"\nback = "b"\ntessellate = true\n', encoding="utf-8")
    kit = draw(load_game(folder))
    pieces = [i for group in kit.groups.values() for i in group]
    front, back = pack(pieces, A4, LayoutOptions(bleed=0.0, duplex=duplex))  # type: ignore[arg-type]
    assert (front.kind, back.kind) == ("front", "back") and len(back.placements) == 5
    for f, b in zip(front.placements, back.placements, strict=True):
        assert (b.w, b.h) == (f.w, f.h) == (30, 20)
        if duplex == "long":  # the page turns about its vertical middle: x mirrored, y kept
            assert (b.x, b.y) == pytest.approx((A4.width - f.x - 30, f.y))
        else:  # about its horizontal middle: y mirrored, x kept (the back page is turned half a turn)
            assert (b.x, b.y) == pytest.approx((f.x, A4.height - f.y - 20))
    assert len(pack(pieces, A4, LayoutOptions(bleed=0.0, duplex="none"))) == 1  # no backs printed


def test_a_piece_wider_than_the_printable_area_cannot_be_tiled() -> None:
    [first, *_] = items("sheet")
    with pytest.raises(DataError) as err:
        guillotine_pages([first], Paper("tiny", 100.0, 100.0, 5.0))
    assert "a piece that fits the printable area of tiny (90.0 x 90.0 mm)" in err.value.problems[0].expected


def test_fewer_per_page_than_fit_takes_the_fewest_rows_then_columns() -> None:
    from dataclasses import replace

    counters = items("counter")[:7]  # 20 x 20: 10 x 14 fit on A4
    three = [replace(i, art=replace(i.art, info={**i.art.info, "per_page": 3})) for i in counters]
    pages = guillotine_pages(three, A4)
    assert [len(p) for p, _, _ in pages] == [3, 3, 1]
    assert [(cols, rows) for _, cols, rows in pages] == [(3, 1), (3, 1), (1, 1)]
    page, _, _ = pages[0]
    assert [y for _, _, y in page] == [page[0][2]] * 3  # one row, centred on the paper
