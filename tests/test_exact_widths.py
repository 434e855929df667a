"""Lines wrapped and measured from their words' sums of advances (``fonts.wrap``) are the lines and the
widths of the exact path, bit for bit: each line's width is what reportlab measures for it, and the lines
break where measuring every word with ``text_width`` breaks them. A text's width places centred and
right-aligned lines in the PDF and the SVG, so one rounding apart would change bytes of the output."""

from __future__ import annotations

from dataclasses import fields
from types import SimpleNamespace
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.drawing import Text, measured_text
from printkit.elements.text import fit_text
from printkit.render import fonts
from printkit.render.fonts import STYLES, text_width, wrap

# letters of every width, spaces, tabs, line breaks, accents, a sign DejaVu lacks (its default advance), an emoji
ALPHABET = "aiWm lj.,1 0\t\nÉé€ﬁ\u4e00\U0001f600"


def exact_path_off() -> mock._patch:  # type: ignore[type-arg]
    """The font treated as one whose advances do not add up exactly: every word measured by ``text_width``."""
    return mock.patch.object(fonts, "_exact_sums", lambda font: False)


@pytest.mark.parametrize("font", STYLES)
def test_dejavu_advances_add_up_exactly(font: str) -> None:
    assert fonts._exact_sums(font)


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET, max_size=160), st.sampled_from(STYLES), st.floats(0.3, 30.0), st.floats(0.5, 150.0))
def test_lines_and_widths_are_those_of_the_exact_path(text: str, font: str, size: float, width: float) -> None:
    broken: list[str] = []
    sums: list[float] = []
    lines = wrap(text, font, size, width, broken, sums)
    assert [s * 0.001 * size for s in sums] == [text_width(line, font, size) for line in lines]
    exact_broken: list[str] = []
    exact_sums: list[float] = []
    with exact_path_off():
        assert wrap(text, font, size, width, exact_broken, exact_sums) == lines
    assert exact_broken == broken and exact_sums == []  # no sums where they would not be exact


@settings(max_examples=100, deadline=None)
@given(st.text(ALPHABET, min_size=1, max_size=160), st.floats(1.0, 6.0), st.floats(5.0, 80.0),
       st.one_of(st.none(), st.floats(3.0, 40.0)))
def test_fitted_text_is_that_of_the_exact_path(text: str, size: float, width: float, height: float | None) -> None:
    fitted = fit_text(text, "regular", size, width, height, 1.2)
    with exact_path_off():
        assert fit_text(text, "regular", size, width, height, 1.2) == fitted
    lines, final, widest, _, widths = fitted
    assert widths == tuple(text_width(line, "regular", final) for line in lines)
    assert widest == max(widths)


def test_a_measured_text_is_the_text_with_its_advance() -> None:
    assert [f.name for f in fields(Text)] == ["x", "y", "text", "size", "fill", "font", "anchor", "role", "advance"]
    made = measured_text(1.5, 2.0, "Card 7", 3.25, "#112233", "bold", "middle", 11.75)
    assert made == Text(1.5, 2.0, "Card 7", 3.25, "#112233", "bold", "middle")
    assert repr(made) == repr(Text(1.5, 2.0, "Card 7", 3.25, "#112233", "bold", "middle"))
    assert made.advance == 11.75 and made.role == "art" and hash(made) == hash(Text(1.5, 2.0, "Card 7", 3.25,
                                                                                        "#112233", "bold", "middle"))


def test_a_font_whose_advances_do_not_add_up_exactly_is_not_taken_as_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    fonts.register("regular")  # registered before reportlab's metrics are stood in for
    face = SimpleNamespace(charWidths={65: 500 * 1000 / 2048, 66: 600 * 1000 / 2048}, defaultWidth=0.0)
    monkeypatch.setattr(fonts, "_metrics", lambda: SimpleNamespace(getFont=lambda name: SimpleNamespace(face=face)))
    monkeypatch.setattr(fonts, "_PROBES", [])  # the advances alone decide here
    assert fonts._exact_sums.__wrapped__("regular")  # multiples of 1/256
    face.charWidths[67] = 500 * 1000 / 1200  # a font of 1,200 units to the em: 416.666...
    assert not fonts._exact_sums.__wrapped__("regular")
