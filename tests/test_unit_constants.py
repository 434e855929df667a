"""Unit factors pinned against constants written down here, not read from printkit's own tables.

1 in = 25.4 mm exactly (international inch, 1959); 1 pt = 1/72 in (PostScript/PDF point);
1 px = 1/96 in (CSS reference pixel); 1 cm = 10 mm. A wrong factor in ``printkit.units`` (or in
a renderer's mm-to-point conversion) fails here even if every table in printkit agrees with itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit import units
from printkit.units import parse_coord, parse_length, parse_text

MM_PER_INCH = 25.4
PT_PER_INCH = 72
PX_PER_INCH = 96
MM_PER_CM = 10

# (text, millimetres), every value worked out by hand from the constants above.
KNOWN = [
    ("1in", 25.4), ("2.5in", 63.5), ("0.5in", 12.7), ("-1in", -25.4), (".25in", 6.35),
    ("72pt", 25.4), ("1pt", 25.4 / 72), ("9pt", 3.175), ("36pt", 12.7),
    ("96px", 25.4), ("1px", 25.4 / 96), ("48px", 12.7), ("300px", 79.375),
    ("1cm", 10.0), ("6.3cm", 63.0), ("0.1cm", 1.0),
    ("1mm", 1.0), ("63mm", 63.0), ("63", 63.0), ("  7.5 mm ", 7.5), ("+3mm", 3.0),
]


@pytest.mark.parametrize(("text", "mm"), KNOWN)
def test_known_lengths(text: str, mm: float) -> None:
    assert parse_length(text) == pytest.approx(mm, rel=1e-12, abs=1e-12)
    assert parse_text(text, None) == pytest.approx(mm, rel=1e-12, abs=1e-12)


def test_every_unit_is_pinned_and_no_unit_is_unpinned() -> None:
    expected = {"mm": 1.0, "cm": MM_PER_CM, "in": MM_PER_INCH, "pt": MM_PER_INCH / PT_PER_INCH,
                "px": MM_PER_INCH / PX_PER_INCH}
    assert set(units.UNITS) == set(expected), "a unit was added or removed: pin its factor here"
    for unit, factor in expected.items():
        assert parse_length(f"1{unit}") == pytest.approx(factor, rel=1e-12), unit


@given(st.integers(min_value=-10_000, max_value=10_000))
def test_units_agree_with_each_other(n: int) -> None:
    # n inches = 72n points = 96n pixels = 2.54n centimetres = 25.4n millimetres.
    mm = n * MM_PER_INCH
    for text in (f"{n}in", f"{n * PT_PER_INCH}pt", f"{n * PX_PER_INCH}px", f"{n * 2.54:.2f}cm", f"{mm:.1f}mm"):
        assert parse_length(text) == pytest.approx(mm, rel=1e-9, abs=1e-9), text


def test_percentages_and_lengths_in_coordinates() -> None:
    assert parse_coord("50%", 63.0) == pytest.approx(31.5)
    assert parse_coord(" 25 % ".replace(" %", "%"), 200.0) == pytest.approx(50.0)
    assert parse_coord("1in", 63.0) == pytest.approx(25.4)
    assert parse_text("10%", 90.0) == pytest.approx(9.0)
    with pytest.raises(units.UnitError):
        parse_coord("x%", 10.0)
    with pytest.raises(units.UnitError):
        parse_coord("inf%", 10.0)


def test_a_failed_parse_is_not_remembered() -> None:
    for _ in range(2):
        with pytest.raises(units.UnitError):
            parse_text("12 furlongs", None)


def test_the_pdf_renderer_uses_72_points_per_inch() -> None:
    from printkit.render import pdf

    assert pdf.PT == pytest.approx(PT_PER_INCH / MM_PER_INCH, rel=1e-12)


def test_a_pdf_page_has_the_paper_size_in_points(tmp_path: Path) -> None:
    """A4 is 210 x 297 mm: 595.276 x 841.890 pt, whatever printkit's tables say."""
    from conftest import copy_game, run_cli
    from pypdf import PdfReader

    copy_game("euclidean", tmp_path)
    result = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"),
                     "--paper", "a4,letter", "--quiet", "--jobs", "1", "--no-svg")
    assert result.returncode == 0, result.stderr
    for name, (w_in, h_in) in {"a4": (210 / 25.4, 297 / 25.4), "letter": (8.5, 11.0)}.items():
        page = PdfReader(tmp_path / "out" / "euclidean" / f"euclidean-cards-{name}.pdf").pages[0]
        assert float(page.mediabox.width) == pytest.approx(w_in * 72, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h_in * 72, abs=0.01)


def test_strings_are_parsed_once_and_remembered() -> None:
    """A layout hands the same strings to every piece: the second time is a cache hit."""
    parse_text.cache_clear()
    assert parse_text("9pt", None) == pytest.approx(3.175)
    assert parse_text("9pt", None) == pytest.approx(3.175)
    assert parse_text("50%", 10.0) == pytest.approx(5.0)
    info = parse_text.cache_info()
    assert (info.hits, info.misses) == (1, 2)
