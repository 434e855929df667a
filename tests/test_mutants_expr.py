"""Mutants of printkit/expr.py that outlived the suite (issue 28's mutation run, docs/testing.md): each
test here pins the behaviour one of them broke, against values computed independently with Python's
own arithmetic. In-process and cheap."""

from __future__ import annotations

import ast
import math

import pytest
from conftest import run_expr

from printkit.expr import FUNCTIONS, MAX_MAGNITUDE, MAX_NODES, MAX_SOURCE, MAX_TEXT, ExprError, compile_expr

run = run_expr


@pytest.mark.parametrize(("a", "b"), [(7, -2), (-7, -2), (-1, -4), (3, -0.5), (5, -1), (-6, -1), (1, 3), (7, 1), (-7, 2), (9, 0.5)])
def test_dividing_by_a_negative_number_divides(a: float, b: float) -> None:
    assert run("x / y", x=a, y=b) == a / b
    assert run("x // y", x=a, y=b) == a // b
    assert run("x % y", x=a, y=b) == a % b


@pytest.mark.parametrize(("base", "exp"), [(2, 0.5), (9, 0.5), (3, 1.5), (-2, 2), (-2, 3), (-3, -1), (0.5, -2),
                                            (0.25, 0.5), (0, 0.5), (0.5, 1.5), (-1, -1), (-1, -2)])
def test_powers_of_any_base_with_a_whole_or_a_fractional_exponent(base: float, exp: float) -> None:
    assert run("b ** e", b=base, e=exp) == pytest.approx(base ** exp)


def test_zero_to_a_negative_power_is_a_division_by_zero() -> None:
    for source in ("0 ** -1", "0 ** -0.5", "b ** -2"):
        with pytest.raises(ExprError, match="a divisor other than 0"):
            run(source, b=0)


def test_zero_to_the_power_zero_is_one() -> None:
    assert run("b ** 0", b=0) == 0 ** 0 == 1


@pytest.mark.parametrize("source", ["(-2) ** 0.5", "(-8) ** (1 / 3)", "(-0.5) ** 0.5", "(-1) ** 0.5"])
def test_a_fractional_power_of_a_negative_number_is_refused(source: str) -> None:
    with pytest.raises(ExprError, match="whole exponent of a negative number"):
        run(source)


def test_a_product_may_reach_the_largest_magnitude_exactly() -> None:
    assert run("1000000 * 1000000") == 10 ** 12 == MAX_MAGNITUDE
    assert run("-1000000 * 1000000") == -(10 ** 12)
    with pytest.raises(ExprError, match="within"):
        run("1000000 * 1000001")


def test_an_expression_may_be_as_long_and_as_large_as_the_limits_say() -> None:
    longest = "'" + "a" * 194 + "'+'b'"  # 200 characters: two texts joined
    assert len(longest) == MAX_SOURCE and run(longest) == "a" * 194 + "b"
    with pytest.raises(ExprError, match=f"at most {MAX_SOURCE} characters"):
        compile_expr(longest + "0")

    def parts(source: str) -> int:
        return sum(1 for _ in ast.walk(ast.parse(source, mode="eval")))
    terms = [f"x{k}" for k in range(30)]
    big = "-" + " + ".join(terms[:19]) + " + 1"  # 19 names, a number, 19 additions and a minus: 80 parts
    assert parts(big) == MAX_NODES and run(big, **dict.fromkeys(terms, 1)) == 18
    bigger = " + ".join(terms[:21])
    assert parts(bigger) > MAX_NODES
    with pytest.raises(ExprError, match=f"at most {MAX_NODES} parts"):
        compile_expr(bigger)


@pytest.mark.parametrize(("source", "want"), [
    ("0 or 5", 5), ("3 or 0", 3), ("x or 'none'", "none"), ("'no' or 'yes'", "yes"), ("'' or 0 or 7", 7),
    ("'false' or 0", 0), ("2 and 3", 3), ("0 and 3", 0), ("'no' and 3", "no"), ("1 and 'x' and 4", 4),
    ("not 'no'", True), ("not 'yes'", False), ("not 0", True),
])
def test_and_or_give_the_deciding_value_and_false_words_are_false(source: str, want: object) -> None:
    assert run(source, x="0") == want and type(run(source, x="0")) is type(want)


def test_a_function_called_with_the_wrong_number_of_arguments_says_what_it_takes() -> None:
    for name, source in (("sqrt", "sqrt(1, 2)"), ("round", "round(1, 2, 3)"), ("abs", "abs()")):
        with pytest.raises(ExprError) as caught:
            run(source)
        assert str(caught.value) == f"{name}(...) with the right number of arguments ({FUNCTIONS[name][1]})"


def test_a_power_may_reach_the_largest_magnitude_exactly() -> None:
    assert run("b ** 1", b=MAX_MAGNITUDE) == MAX_MAGNITUDE
    assert run("b ** 1", b=-MAX_MAGNITUDE) == -MAX_MAGNITUDE
    with pytest.raises(ExprError, match="within"):
        run("b ** 1", b=MAX_MAGNITUDE * 1.5)


@pytest.mark.parametrize("x", [0, 0.25, 0.5, 1, 2, 10])
def test_square_roots_from_zero_up(x: float) -> None:
    assert run(f"sqrt({x})") == math.sqrt(x)


def test_the_square_root_of_a_negative_number_is_refused() -> None:
    with pytest.raises(ExprError, match="sqrt of a number of 0 or more"):
        run("sqrt(-0.01)")


@pytest.mark.parametrize("digits", range(11))
def test_round_takes_zero_to_ten_digits(digits: int) -> None:
    x = 2 / 3
    assert run(f"round(x, {digits})", x=x) == (round(x) if digits == 0 else round(x, digits))


@pytest.mark.parametrize("digits", [-1, 11, 12])
def test_round_refuses_other_digits(digits: int) -> None:
    with pytest.raises(ExprError, match="0 to 10 digits"):
        run(f"round(x, {digits})", x=1.5)


@pytest.mark.parametrize(("source", "want"), [("text(x) < 9", True), ("x < text(9)", True), ("text(x) > 9", False),
                                              ("9 <= text(x)", False), ("text(x) == 10", True)])
def test_text_on_either_side_compares_letter_by_letter(source: str, want: bool) -> None:
    # "10" < "9" as text, 10 > 9 as numbers
    assert run(source, x=10) is want


@pytest.mark.parametrize("source", ["True", "False", "None", "1j", "b'x'", "..."])
def test_python_constants_other_than_numbers_and_text_are_refused(source: str) -> None:
    with pytest.raises(ExprError, match="an expression of numbers"):
        compile_expr(source)


@pytest.mark.parametrize("name", ["floor", "ceil", "int", "round"])
def test_a_function_that_cannot_take_a_value_names_itself_and_says_what_it_does(name: str) -> None:
    # an infinite number from a TOML value (`inf` is valid TOML): floor(inf) overflows
    with pytest.raises(ExprError) as caught:
        run(f"{name}(row.x)", row={"x": math.inf})
    assert str(caught.value) == f"{name}(...) of a number it can take ({FUNCTIONS[name][1]})"


def test_false_is_false_and_true_is_true() -> None:
    assert run("false") is False and run("true") is True
    assert run("1 if false else 2") == 2 and run("1 if true else 2") == 1
    assert run("false == 0") is True and run("true + true") == 2


@pytest.mark.parametrize(("a", "b", "want"), [("10", "abc", "10abc"), ("abc", "5", "abc5"), ("x", "y", "xy"),
                                              ("10", "5", 15), ("2.5", "1", 3.5)])
def test_texts_join_unless_both_read_as_numbers(a: str, b: str, want: object) -> None:
    assert run("row.a + row.b", row={"a": a, "b": b}) == want


def test_text_of_a_number_joins_with_a_number() -> None:
    assert run("text(3) + 4") == "34" and run("4 + text(3)") == "43" and run("text(x) + x", x=1.5) == "1.51.5"


@pytest.mark.parametrize(("source", "want"), [("5 < 'abc'", True), ("5 == 'abc'", False), ("'abc' > 5", True),
                                              ("12 < 'x'", True), ("x != 'a'", True)])
def test_a_number_and_a_word_compare_as_text(source: str, want: bool) -> None:
    assert run(source, x=3) is want


def test_the_largest_exponent_is_allowed() -> None:
    assert run("1 ** 64") == 1 and run("(-1) ** -64") == 1 and run("(-1) ** 63") == -1
    with pytest.raises(ExprError, match="an exponent of at most 64"):
        run("1 ** 65")


def test_a_text_result_may_be_as_long_as_the_limit() -> None:
    assert run("row.a", row={"a": "x" * MAX_TEXT}) == "x" * MAX_TEXT
    with pytest.raises(ExprError, match=f"at most {MAX_TEXT} characters"):
        run("row.a + 'y'", row={"a": "x" * MAX_TEXT})
