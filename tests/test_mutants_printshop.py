"""Mutants of printkit/printshop.py that outlived the suite (issue 28's mutation run, docs/testing.md): the
print-shop order sheet read back from its PDF (pypdfium2): an A4 landscape table inside 12 mm margins,
its columns where their shares of the width put them, rows a line apart, pages numbered. In-process."""

from __future__ import annotations

import itertools
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printkit.printshop import order_pdf

PT = 72 / 25.4  # points per mm
W, H, M = 297.0, 210.0, 12.0  # A4 landscape, margin
SHARES = {"File": 0.0, "Trim (mm)": 0.30, "Bleed": 0.40, "Quantity": 0.46, "Back": 0.53, "Paper": 0.80}


def rows(n: int, paper: str = "330 gsm card") -> list[dict[str, str]]:
    return [{"file": f"card-{i}.pdf", "trim_mm": "63 x 88", "bleed_mm": "3", "quantity": "2", "back": "", "paper": paper}
            for i in range(n)]


def boxes(page: pdfium.PdfPage, text: str) -> list[tuple[float, float, float, float]]:
    """Where ``text`` is on the page: (left, top, right, bottom) in mm from the top left, one per match."""
    tp = page.get_textpage()
    found, search = [], tp.search(text, match_case=True, match_whole_word=False)
    while (hit := search.get_next()) is not None:
        first, last = tp.get_charbox(hit[0]), tp.get_charbox(hit[0] + hit[1] - 1)
        _, ph = page.get_size()
        found.append((first[0] / PT, (ph - max(first[3], last[3])) / PT, last[2] / PT, (ph - min(first[1], last[1])) / PT))
    return found


def test_the_order_sheet_is_an_a4_landscape_table_with_its_columns_in_place() -> None:
    pdf = pdfium.PdfDocument(order_pdf("Game", rows(3)))
    [page] = list(pdf)
    assert page.get_size() == pytest.approx((W * PT, H * PT), abs=0.01)
    for head, share in SHARES.items():
        [(left, _, _, bottom)] = boxes(page, head)
        assert left == pytest.approx(M + share * (W - 2 * M), abs=0.4), head  # the glyph's own side bearing
        assert bottom == pytest.approx(M + 13, abs=0.8), head  # the header's baseline, 13 mm below the margin
    firsts = [boxes(page, f"card-{i}.pdf")[0] for i in range(3)]
    assert [b[0] for b in firsts] == pytest.approx([M] * 3, abs=0.4)
    gaps = [b[3] - a[3] for a, b in itertools.pairwise(firsts)]
    assert gaps == pytest.approx([4.2, 4.2], abs=0.01)  # a row every 4.2 mm
    [(_, _, _, title_bottom)] = boxes(page, "Game:")  # no descenders: its box ends on the baseline
    assert title_bottom == pytest.approx(M + 5, abs=0.8)


@pytest.mark.parametrize(("n", "pages"), [(1, 1), (40, 1), (41, 2), (81, 3)])
def test_forty_rows_a_page_and_the_pages_are_numbered_from_one(n: int, pages: int) -> None:
    # (210 - 2 * 12 - 16) mm of rows at 4.2 mm: 40 a page
    pdf = pdfium.PdfDocument(order_pdf("Game", rows(n)))
    assert len(pdf) == pages
    for k, page in enumerate(pdf, start=1):
        text = page.get_textpage().get_text_range()
        assert f"Game: print-shop order ({2 * n} pieces, page {k} of {pages})" in text
        assert text.count(".pdf") == min(40, n - 40 * (k - 1))


def test_a_long_paper_name_is_cut_short_inside_the_right_margin() -> None:
    paper = "extra heavy linen-finish casino card stock with a blue core and a gloss varnish on both sides"
    [page] = list(pdfium.PdfDocument(order_pdf("Game", rows(1, paper))))
    text = page.get_textpage().get_text_range()
    assert paper not in text and "extra heavy linen" in text and "…" in text
    [(left, _, _, _)] = boxes(page, "extra heavy linen")
    [(_, _, end, _)] = boxes(page, "…")
    assert left == pytest.approx(M + 0.80 * (W - 2 * M), abs=0.4)
    assert end <= W - M and end > W - M - 10  # clipped to its column: 20 % of the width, 1.5 mm short
    # one letter at a time: the longest start of the name that fits 1.5 mm short of the column's width
    from printkit.render.fonts import text_width

    room = 0.20 * (W - 2 * M) - 1.5
    k = max(k for k in range(len(paper) - 1) if text_width(paper[:k] + "…", "regular", 2.6) <= room)
    assert paper[:k] + "…" in text and paper[:k + 1] + "…" not in text


@pytest.mark.parametrize(("colour", "cmyk"), [
    ("#000000", (0, 0, 0, 1)), ("#ffffff", (0, 0, 0, 0)), ("#ff0000", (0, 1, 1, 0)), ("#00ff00", (1, 0, 1, 0)),
    ("#0000ff", (1, 1, 0, 0)), ("#ffff00", (0, 0, 1, 0)), ("#336699", (0.6667, 0.3333, 0, 0.4)),
    ("#808080", (0, 0, 0, 0.498)), ("#010203", (0.6667, 0.3333, 0, 0.9882)), ("#fe7f00", (0, 0.5, 1, 0.0039)),
])
def test_the_fallback_cmyk_conversion_without_a_profile(colour: str, cmyk: tuple[float, ...]) -> None:
    from printkit.printshop import naive_cmyk

    # worked by hand: K = 1 - max(R, G, B); C = (1 - R - K) / (1 - K), and so on; black is K alone
    assert naive_cmyk(colour) == pytest.approx(cmyk, abs=5e-5)
    assert all(round(v, 4) == v for v in naive_cmyk(colour))  # four decimals


def test_the_header_is_ruled_across_the_table_and_the_title_is_larger() -> None:
    import pypdfium2.raw as pdfium_c

    [page] = list(pdfium.PdfDocument(order_pdf("Game", rows(2))))
    _, ph = page.get_size()
    rules = [o.get_bounds() for o in page.get_objects() if o.type == pdfium_c.FPDF_PAGEOBJ_PATH]
    assert len(rules) == 1
    left, bottom, right, top = (v / PT for v in rules[0])
    assert (left, H - top, right, H - bottom) == pytest.approx((M, M + 13 + 1.2, W - M, M + 13 + 1.4), abs=0.05)
    [(_, t_top, _, t_bottom)] = boxes(page, "G")[:1]
    [(_, f_top, _, f_bottom)] = boxes(page, "F")[:1]
    assert (t_bottom - t_top) / (f_bottom - f_top) == pytest.approx(5.0 / 2.6, rel=0.06)  # 5 mm title, 2.6 mm table


def test_profile_colours_come_to_three_decimals() -> None:
    from printkit.printshop import icc_cmyk

    for colour in ("#336699", "#ff8000", "#12ab34"):
        cmyk = icc_cmyk(colour)
        assert len(cmyk) == 4 and all(round(v, 3) == v and 0 <= v <= 1 for v in cmyk)
        assert any(round(v, 2) != v for v in cmyk)  # not coarser either


# --- the second run (target printshop, its remaining 200 mutants) ---------------------------------


def test_profile_colours_are_the_profiles_own_conversion_of_the_hex_value() -> None:
    """Each of #rrggbb's bytes read as hex, sent through the profile by Pillow here, 0-255 read as 0-1."""
    import io

    from PIL import Image, ImageCms

    from printkit.printshop import PROFILE, icc_cmyk

    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(PROFILE.read_bytes())),
                                        "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    for colour, rgb in (("#336699", (0x33, 0x66, 0x99)), ("#ff8000", (255, 128, 0)), ("#12ab34", (18, 171, 52)),
                        ("#c8c864", (200, 200, 100))):
        pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0))
        assert icc_cmyk(colour) == tuple(round(v / 255, 3) for v in pixel)


def test_the_order_sheet_prints_in_black_ink_alone() -> None:
    import io
    import re

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(order_pdf("Kit", rows(3))))
    ops = re.findall(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) [kK]\b", reader.pages[0].get_contents().get_data())
    assert ops and {tuple(float(v) for v in op) for op in ops} == {(0.0, 0.0, 0.0, 1.0)}


SHARED_BACK = """[game]
title = "Backs"
[print]
shop_papers = { a = "paper A", b = "paper B" }
[layouts.face]
elements = []
[[components]]
id = "a"
kind = "card"
size = "poker"
face = "face"
back = "face"
[[components]]
id = "b"
kind = "card"
size = "poker"
face = "face"
back = "face"
"""


def shop_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch | None, fronts: list[tuple[str, str]]
               ) -> tuple[dict[str, bytes], str]:
    """print_shop_files for pieces (component, front) sharing the back "back"; the PNG step's label (with
    ``monkeypatch``, which leaves the PNGs out)."""
    from types import SimpleNamespace

    import printkit.printshop as printshop
    from printkit.drawing import Drawing
    from printkit.load import load_game

    (tmp_path / "game.toml").write_text(SHARED_BACK)
    game = load_game(tmp_path)
    asked: list[str] = []
    if monkeypatch:
        monkeypatch.setattr(printshop, "iter_images", lambda pdf, dpi, what, hint="": asked.append(what) or iter([]))
    items = [SimpleNamespace(component=c, piece=f, front_ref=f, back_ref="back") for c, f in fronts]
    faces = {ref: Drawing(63.0, 88.0, [], {}, 3.0) for ref in [f for _, f in fronts] + ["back"]}
    files = printshop.print_shop_files(game, items, faces)
    return files, asked[0] if asked else ""


def test_a_back_shared_by_two_components_is_ordered_with_the_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import csv
    import io

    files, _ = shop_files(tmp_path, monkeypatch, [("a", "a1"), ("b", "b1"), ("b", "b2")])
    order = list(csv.DictReader(io.StringIO(files["print-shop/order.csv"].decode("utf-8-sig"))))
    back = [row for row in order if row["file"] == "backs/back.pdf"]
    assert [(r["component"], r["paper"], r["quantity"], r["back"]) for r in back] == [("a", "paper A", "3",
                                                                                     "back of: a1 b1 b2")]
    assert [(r["component"], r["paper"]) for r in order if r["file"] != "backs/back.pdf"] == [
        ("a", "paper A"), ("b", "paper B"), ("b", "paper B")]


@pytest.mark.parametrize("fronts, named", [
    (1, "a0, back"), (2, "a0, back, a1"), (3, "a0, back, a1, ..."), (5, "a0, back, a1, ..."),
])
def test_the_png_step_names_the_first_three_faces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fronts: int,
                                                  named: str) -> None:
    _, what = shop_files(tmp_path, monkeypatch, [("a", f"a{i}") for i in range(fronts)])
    assert what.endswith(f": print-shop PNG images ({named})")


def test_every_face_gets_a_300_dpi_png(tmp_path: Path) -> None:
    """As docs/format.md says of `print_shop`: a 300 dpi PNG per face, of the face with its bleed."""
    import io

    from PIL import Image

    files, _ = shop_files(tmp_path, None, [("a", "a1"), ("b", "b1")])
    pngs = sorted(name for name in files if name.endswith(".png"))
    assert pngs == ["print-shop/png/a1.png", "print-shop/png/b1.png", "print-shop/png/back.png"]
    for name in pngs:
        image = Image.open(io.BytesIO(files[name]))
        # 63 x 88 mm and 3 mm of bleed all round: 69 x 94 mm at 300 dots an inch
        assert image.size == pytest.approx((69 / 25.4 * 300, 94 / 25.4 * 300), abs=1)
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
