"""Euclidean's card sheets: true sizes, page counts, crop marks where the manifest says, duplex pairing."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import DATA, manifest, run_cli
from pypdf import PdfReader

PT = 72 / 25.4
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 5.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_and_count(built: Path, paper: str) -> None:
    reader = PdfReader(built / "euclidean" / f"euclidean-cards-{paper}.pdf")
    w, h = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w * PT, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h * PT, abs=0.01)
    # 80 cards, 9 to a sheet -> 9 front pages, each followed by its back page.
    assert len(reader.pages) == 18
    assert manifest(built, "euclidean")["sheets"][f"euclidean-cards-{paper}.pdf"]["pages"] == 18


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_trim_is_poker_size_inside_the_printable_page(built: Path, paper: str) -> None:
    sheet = manifest(built, "euclidean")["sheets"][f"euclidean-cards-{paper}.pdf"]
    w, h = PAPERS[paper]
    placements = sheet["placements"]
    assert len([p for p in placements if p["face"] == "front"]) == 80
    for p in placements:
        x, y, tw, th = p["trim"]
        assert tw == pytest.approx(63.0, abs=0.1) and th == pytest.approx(88.0, abs=0.1)
        assert MARGIN - 1e-6 <= x and x + tw <= w - MARGIN + 1e-6
        assert MARGIN - 1e-6 <= y and y + th <= h - MARGIN + 1e-6


def test_manifest_counts_match_the_data(built: Path) -> None:
    m = manifest(built, "euclidean")
    fronts = Counter(p["component"] for p in m["sheets"]["euclidean-cards-a4.pdf"]["placements"] if p["face"] == "front")
    assert fronts == {"line-card": 72, "colour-wheel-card": 4, "scoring-card": 4}
    assert {c: v["pieces"] for c, v in m["components"].items()} == dict(fronts)


def _dark(img, x_mm: float, y_mm: float, scale: float) -> bool:  # type: ignore[no-untyped-def]
    """Is there ink within 2 pixels of the point (crop marks are 0.2 mm, anti-aliased)?"""
    cx, cy = round(x_mm * scale), round(y_mm * scale)
    return min(sum(img.getpixel((cx + dx, cy + dy))[:3]) for dx in range(-2, 3) for dy in range(-2, 3)) < 384


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_on_the_cut_lines_outside_the_bleed(built: Path, paper: str) -> None:
    m = manifest(built, "euclidean")["sheets"][f"euclidean-cards-{paper}.pdf"]
    page1 = [p for p in m["placements"] if p["page"] == 1]
    xs = sorted({round(p["trim"][0], 3) for p in page1} | {round(p["trim"][0] + p["trim"][2], 3) for p in page1})
    ys = sorted({round(p["trim"][1], 3) for p in page1} | {round(p["trim"][1] + p["trim"][3], 3) for p in page1})
    assert len(xs) == 4 and len(ys) == 4
    bleed = 3.0
    scale = 8.0  # pixels per mm
    pdf = pdfium.PdfDocument(built / "euclidean" / f"euclidean-cards-{paper}.pdf")
    img = pdf[0].render(scale=scale / PT).to_pil().convert("RGB")
    # Inside the mark zone above (left of) the block: outside the bleed where 2.5 mm of printable
    # paper is left there, else on the bleed (Letter's 7.7 mm above the cards: issue 19).
    margin = m["paper"]["margin"]
    outside_y = ys[0] - bleed - 1.0 - (margin + 0.2) >= 2.5
    outside_x = xs[0] - bleed - 1.0 - (margin + 0.2) >= 2.5
    mark_y = ys[0] - bleed - 2.0 if outside_y else (margin + 0.2 + ys[0] - 0.5) / 2
    mark_x = xs[0] - bleed - 2.0 if outside_x else (margin + 0.2 + xs[0] - 0.5) / 2
    assert mark_y > margin and mark_x > margin  # where the printer prints
    for x in xs:
        assert _dark(img, x, mark_y, scale), f"no crop mark above the cut at x={x}"
    for y in ys:
        assert _dark(img, mark_x, y, scale), f"no crop mark left of the cut at y={y}"
    # ... and nothing between the cut lines in that zone: marks are only where cuts are.
    if outside_y:
        for a, b in zip(xs, xs[1:]):
            assert not _dark(img, (a + b) / 2, mark_y, scale)
        # The marks never reach into the bleed: just outside the bleed there is paper, not ink.
        assert not _dark(img, xs[0] + 10, ys[0] - bleed - 0.5, scale)


def _pairs(placements: list[dict]) -> dict:  # type: ignore[type-arg]
    out: dict = {}
    for p in placements:
        out.setdefault((p["piece"], p["copy"]), {})[p["face"]] = p
    return out


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_own_card(tmp_path: Path, duplex: str) -> None:
    result = run_cli("build", "euclidean", "--data", str(DATA), "--out", str(tmp_path), "--paper", "a4", "--duplex", duplex, "--quiet")
    assert result.returncode == 0, result.stderr
    m = manifest(tmp_path, "euclidean")
    placements = m["sheets"]["euclidean-cards-a4.pdf"]["placements"]
    w, h = PAPERS["a4"]
    pairs = _pairs(placements)
    assert len(pairs) == 80
    for faces in pairs.values():
        f, b = faces["front"], faces["back"]
        assert b["page"] == f["page"] + 1 and f["page"] % 2 == 1
        fx, fy, fw, fh = f["trim"]
        bx, by, _, _ = b["trim"]
        if duplex == "long":  # the sheet turns over its long (vertical) edge: x mirrors
            assert bx == pytest.approx(w - fx - fw, abs=1e-3) and by == pytest.approx(fy, abs=1e-3)
        else:  # short edge: y mirrors
            assert bx == pytest.approx(fx, abs=1e-3) and by == pytest.approx(h - fy - fh, abs=1e-3)


def test_the_colour_wheel_back_is_behind_the_colour_wheel_card(built: Path) -> None:
    """The wheel card has its own back: on the rendered back page, its slot shows the paper colour,
    while a shared back is dark blue."""
    m = manifest(built, "euclidean")["sheets"]["euclidean-cards-a4.pdf"]
    pairs = _pairs(m["placements"])
    wheel = pairs[("colour-wheel-card", 1)]["back"]
    scoring = pairs[("scoring-card", 1)]["back"]
    pdf = pdfium.PdfDocument(built / "euclidean" / "euclidean-cards-a4.pdf")
    img = pdf[wheel["page"] - 1].render(scale=4 / PT).to_pil().convert("RGB")
    def centre(p: dict) -> tuple[int, int, int]:  # type: ignore[type-arg]
        x, y, w, h = p["trim"]
        return img.getpixel((int((x + 2) * 4), int((y + h / 2) * 4)))
    assert sum(centre(wheel)) > 600  # pale paper
    assert sum(centre(scoring)) < 250  # the dark shared back


def test_duplex_none_prints_no_backs(tmp_path: Path) -> None:
    result = run_cli("build", "euclidean", "--data", str(DATA), "--out", str(tmp_path), "--paper", "letter", "--duplex", "none", "--quiet")
    assert result.returncode == 0, result.stderr
    sheet = manifest(tmp_path, "euclidean")["sheets"]["euclidean-cards-letter.pdf"]
    assert sheet["pages"] == 9
    assert {p["face"] for p in sheet["placements"]} == {"front"}


def test_cards_are_vector_not_images(built: Path) -> None:
    reader = PdfReader(built / "euclidean" / "euclidean-cards-a4.pdf")
    for page in reader.pages:
        assert not page.images
    text = reader.pages[0].extract_text()
    assert "RED" in text and "Top to Left 60°" in text


def test_font_is_embedded_once(built: Path) -> None:
    reader = PdfReader(built / "euclidean" / "euclidean-cards-a4.pdf")
    fonts = set()
    for page in reader.pages:
        resources = page["/Resources"]
        for form in resources.get("/XObject", {}).values():
            for font in form.get_object().get("/Resources", {}).get("/Font", {}).values():
                fonts.add(font.get_object()["/BaseFont"])
    assert fonts and all("DejaVuSans" in str(f) for f in fonts)


def test_svg_per_distinct_face_and_back_at_true_size(built: Path) -> None:
    svg = built / "euclidean" / "svg"
    names = sorted(p.name for p in svg.glob("*.svg"))
    # 72 line cards, 1 colour-wheel face, 1 scoring face, the shared back and the blank wheel back.
    assert len(names) == 76
    assert "line-card-back.svg" in names and "colour-wheel-card-back.svg" in names
    head = (svg / "line-card-red-top-left-60.svg").read_text()[:400]
    assert 'width="69mm"' in head and 'height="94mm"' in head  # 63 x 88 plus 3 mm bleed each side
    assert 'viewBox="-3 -3 69 94"' in head


def test_second_build_is_byte_identical(built: Path, tmp_path: Path) -> None:
    result = run_cli("build", "--data", str(DATA), "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    first = sorted(p.relative_to(built) for p in built.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert first == second
    for rel in first:
        assert (built / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel
