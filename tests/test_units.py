"""Unit parsing: every accepted form lands in millimetres; nonsense is refused."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.units import UNITS, UnitError, parse_coord, parse_length


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), st.sampled_from(sorted(UNITS)))
def test_unit_strings_scale_by_their_factor(value: float, unit: str) -> None:
    text = f"{value:.6f}{unit}"
    assert math.isclose(parse_length(text), float(f"{value:.6f}") * UNITS[unit], rel_tol=1e-9, abs_tol=1e-9)


@given(st.integers(min_value=-10**6, max_value=10**6))
def test_bare_numbers_are_millimetres(value: int) -> None:
    assert parse_length(value) == value
    assert parse_length(str(value)) == value


@given(st.text().filter(lambda s: not any(c.isdigit() for c in s)))
def test_text_without_a_number_is_refused(text: str) -> None:
    with pytest.raises(UnitError):
        parse_length(text)


@pytest.mark.parametrize("bad", [True, None, [], "12 furlongs", "nan", "1e400mm", float("inf")])
def test_refused(bad: object) -> None:
    with pytest.raises(UnitError):
        parse_length(bad)


@given(st.floats(min_value=0, max_value=100), st.floats(min_value=1, max_value=500))
def test_percent_is_of_the_extent(pct: float, extent: float) -> None:
    assert math.isclose(parse_coord(f"{pct}%", extent), extent * pct / 100, rel_tol=1e-9, abs_tol=1e-9)


def test_known_conversions() -> None:
    assert parse_length("2.5in") == pytest.approx(63.5)
    assert parse_length("72pt") == pytest.approx(25.4)
    assert parse_length("6.3cm") == pytest.approx(63.0)
