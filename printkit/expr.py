"""Arithmetic in templates: ``{i * 22.5 + 4}``, ``{max(row.cost - 1, 0)}``, ``{i % 2 == 0}``.

A template's braces hold either a field (``{colour.name}``) or a small expression, parsed with
Python's own parser and then checked against a short list of what is allowed: numbers, text in
quotes, ``true``/``false``, names of fields (a dotted name is a field path looked up in the
piece's values, never a Python attribute), the operators ``+ - * / // % **``, comparisons,
``and``/``or``/``not``, ``a if condition else b``, and calls of the functions in
:data:`FUNCTIONS`. Anything else (attribute access on a value, subscripts, lambdas, keyword
arguments, other names of functions) is a data error, and so is every limit below: data from
strangers cannot reach into Python, nor make a build run away.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from typing import Any, Self

MAX_SOURCE = 200
"""Characters in one expression."""
MAX_NODES = 80
"""Parts (numbers, names, operators, calls) in one expression."""
MAX_MAGNITUDE = 1e12
"""Largest number an expression may produce (in absolute value)."""
MAX_POWER = 64
"""Largest exponent of ``**``."""
MAX_TEXT = 1000
"""Longest text an expression may produce (joining texts with ``+``)."""


def _degrees(f: Callable[[float], float]) -> Callable[[Any], float]:
    return lambda a: f(math.radians(_number(a)))


def _round(x: Any, digits: Any = 0) -> float | int:
    d = _int(digits)
    if not 0 <= d <= 10:
        raise ExprError("round(x, digits) with 0 to 10 digits")
    r = round(_number(x), d)
    return int(r) if d == 0 else r


def _sqrt(x: Any) -> float:
    v = _number(x)
    if v < 0:
        raise ExprError("sqrt of a number of 0 or more")
    return math.sqrt(v)


def _int(x: Any) -> int:
    v = _number(x)
    return int(v)


class Verbatim(str):
    """Text that stays text: ``text(row.code)`` compares as text even where it reads as a number."""

    __slots__ = ()


class Absent(str):
    """The empty text a field reads as where the piece's record lacks it (``{row.note == ""}`` is true);
    computing with it is an error that names the field."""

    __slots__ = ("path",)
    path: str

    def __new__(cls, path: str) -> Self:
        made = super().__new__(cls, "")
        made.path = path
        return made


def _text(x: Any) -> Verbatim:
    return Verbatim(format_value(x))


def _minmax(f: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        if not args:
            raise ExprError("at least one number")
        return f(_number(a) for a in args)
    return call


FUNCTIONS: dict[str, tuple[Callable[..., Any], str]] = {
    "abs": (lambda x: abs(_number(x)), "abs(x): x without its sign"),
    "min": (_minmax(min), "min(a, b, ...): the smallest"),
    "max": (_minmax(max), "max(a, b, ...): the largest"),
    "round": (_round, "round(x) or round(x, digits): the nearest whole number (or to digits decimals)"),
    "floor": (lambda x: math.floor(_number(x)), "floor(x): the whole number at or below x"),
    "ceil": (lambda x: math.ceil(_number(x)), "ceil(x): the whole number at or above x"),
    "int": (_int, "int(x): x without its fraction"),
    "sqrt": (_sqrt, "sqrt(x): the square root"),
    "sin": (_degrees(math.sin), "sin(a): sine of an angle in degrees"),
    "cos": (_degrees(math.cos), "cos(a): cosine of an angle in degrees"),
    "tan": (_degrees(math.tan), "tan(a): tangent of an angle in degrees"),
    "text": (_text, ('text(x): x as text, compared letter by letter (text(row.code) < "10" even where '
                     "the code reads as a number)")),
}
"""The only functions an expression may call, with a line of documentation each."""

CONSTANTS = {"true": True, "false": False, "pi": math.pi}


class ExprError(ValueError):
    """A bad expression or a bad value met while evaluating one; the message says what was expected."""


class Missing(Exception):
    """A field the piece does not have (the caller decides whether that is an error)."""


Lookup = Callable[[str], Any]
"""Looks up a dotted field path (``row.cost``, ``i``) in the piece's values."""
Compiled = Callable[[Lookup], Any]

EXPECTED = ("an expression of numbers, fields, + - * / // % **, comparisons, and/or/not, "
            "`a if c else b` and the functions " + ", ".join(FUNCTIONS))


def _number(v: Any) -> float | int:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, Absent):
        raise ExprError(f"a number (the piece's record has no field `{v.path}`: it reads as empty)")
    if isinstance(v, str):
        try:
            return int(v)
        except ValueError:
            pass
        try:
            f = float(v)
        except ValueError:
            raise ExprError(f"a number (found text {v!r})") from None
        if math.isfinite(f):
            return f
    raise ExprError(f"a number (found {v!r})")


def _checked(v: Any) -> Any:
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        if not math.isfinite(v) or abs(v) > MAX_MAGNITUDE:
            raise ExprError(f"a result within ±{MAX_MAGNITUDE:g}")
        return v
    if isinstance(v, str) and len(v) > MAX_TEXT:
        raise ExprError(f"a text result of at most {MAX_TEXT} characters")
    return v


def _add(a: Any, b: Any) -> Any:
    if isinstance(a, Verbatim) or isinstance(b, Verbatim):
        return Verbatim(format_value(a) + format_value(b))
    if isinstance(a, str) and isinstance(b, str) and not (_numeric(a) and _numeric(b)):
        return a + b
    return _number(a) + _number(b)


def _numeric(s: str) -> bool:
    """Text that reads as a finite number ("10", " 2.5", "-3"; not "nan" or "inf")."""
    try:
        return math.isfinite(float(s))
    except ValueError:
        return False


def _div(a: Any, b: Any) -> float:
    d = _number(b)
    if d == 0:
        raise ExprError("a divisor other than 0")
    return _number(a) / d


def _floordiv(a: Any, b: Any) -> float | int:
    d = _number(b)
    if d == 0:
        raise ExprError("a divisor other than 0")
    return _number(a) // d


def _mod(a: Any, b: Any) -> float | int:
    d = _number(b)
    if d == 0:
        raise ExprError("a divisor other than 0")
    return _number(a) % d


def _pow(a: Any, b: Any) -> float | int:
    base, exp = _number(a), _number(b)
    if abs(exp) > MAX_POWER:
        raise ExprError(f"an exponent of at most {MAX_POWER}")
    if base == 0 and exp < 0:
        raise ExprError("a divisor other than 0")
    if base < 0 and not float(exp).is_integer():
        raise ExprError("a whole exponent of a negative number")
    if abs(base) > MAX_MAGNITUDE:
        raise ExprError(f"a result within ±{MAX_MAGNITUDE:g}")
    result: float | int = base ** exp
    return result


BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: _add,
    ast.Sub: lambda a, b: _number(a) - _number(b),
    ast.Mult: lambda a, b: _number(a) * _number(b),
    ast.Div: _div,
    ast.FloorDiv: _floordiv,
    ast.Mod: _mod,
    ast.Pow: _pow,
}


def _compare_values(a: Any, b: Any) -> tuple[Any, Any]:
    """Numbers compare as numbers (a CSV's "3" equals 3, and "10" > "9"); anything else as text,
    and so does a value passed through ``text(...)``."""
    if isinstance(a, Verbatim) or isinstance(b, Verbatim):
        return format_value(a), format_value(b)
    if isinstance(a, str) and isinstance(b, str) and not (_numeric(a) and _numeric(b)):
        return a, b
    try:
        return _number(a), _number(b)
    except ExprError:
        return str(a), str(b)


COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


def fields(compiled: Any) -> tuple[str, ...]:
    """The field paths an expression reads (for load-time checks)."""
    return getattr(compiled, "fields", ())


def compile_expr(source: str) -> Compiled:
    """Parse and check ``source`` once; the result evaluates it against a :data:`Lookup`.

    Raises :class:`ExprError` (its message: what was expected) for anything not allowed.
    """
    if len(source) > MAX_SOURCE:
        raise ExprError(f"an expression of at most {MAX_SOURCE} characters")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError:
        raise ExprError(EXPECTED) from None
    count = sum(1 for _ in ast.walk(tree))
    if count > MAX_NODES:
        raise ExprError(f"an expression of at most {MAX_NODES} parts")
    used: list[str] = []
    fn = _build(tree.body, used)

    def run(lookup: Lookup) -> Any:
        return _checked(fn(lookup))

    run.fields = tuple(dict.fromkeys(used))  # type: ignore[attr-defined]
    return run


def _build(node: ast.AST, used: list[str]) -> Compiled:  # one case per kind of node
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ExprError(EXPECTED)
        _checked(value)
        return lambda _: value
    if isinstance(node, (ast.Name, ast.Attribute)):
        path = _dotted(node)
        if path is None:
            raise ExprError("a field name (no attribute of a computed value)")
        if path in CONSTANTS:
            const = CONSTANTS[path]
            return lambda _: const
        if path in FUNCTIONS:
            raise ExprError(f"a call such as {path}(...)")
        used.append(path)
        return lambda lookup: lookup(path)
    if isinstance(node, ast.BinOp) and type(node.op) in BINARY:
        op, left, right = BINARY[type(node.op)], _build(node.left, used), _build(node.right, used)
        def binary(lookup: Lookup) -> Any:
            try:
                return _checked(op(left(lookup), right(lookup)))
            except OverflowError:
                raise ExprError(f"a result within ±{MAX_MAGNITUDE:g}") from None
        return binary
    if isinstance(node, ast.UnaryOp):
        operand = _build(node.operand, used)
        if isinstance(node.op, ast.USub):
            return lambda lookup: -_number(operand(lookup))
        if isinstance(node.op, ast.UAdd):
            return lambda lookup: _number(operand(lookup))
        if isinstance(node.op, ast.Not):
            return lambda lookup: not _truth(operand(lookup))
    if isinstance(node, ast.BoolOp):
        parts = [_build(v, used) for v in node.values]
        if isinstance(node.op, ast.And):
            def all_of(lookup: Lookup) -> Any:
                value: Any = True
                for p in parts:
                    value = p(lookup)
                    if not _truth(value):
                        return value
                return value
            return all_of

        def any_of(lookup: Lookup) -> Any:
            value: Any = False
            for p in parts:
                value = p(lookup)
                if _truth(value):
                    return value
            return value
        return any_of
    if isinstance(node, ast.Compare) and all(type(op) in COMPARE for op in node.ops):
        first = _build(node.left, used)
        rest = [(COMPARE[type(op)], _build(c, used)) for op, c in zip(node.ops, node.comparators, strict=True)]

        def compare(lookup: Lookup) -> bool:
            a = first(lookup)
            for op, part in rest:
                b = part(lookup)
                x, y = _compare_values(a, b)
                if not op(x, y):
                    return False
                a = b
            return True
        return compare
    if isinstance(node, ast.IfExp):
        test, yes, no = _build(node.test, used), _build(node.body, used), _build(node.orelse, used)
        return lambda lookup: yes(lookup) if _truth(test(lookup)) else no(lookup)
    if isinstance(node, ast.Call):
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if name not in FUNCTIONS:
            raise ExprError("a call of one of the functions " + ", ".join(FUNCTIONS))
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise ExprError(f"{name}(...) with plain arguments (no keywords, no *)")
        func = FUNCTIONS[name][0]
        args = [_build(a, used) for a in node.args]

        def call(lookup: Lookup) -> Any:
            try:
                return _checked(func(*(a(lookup) for a in args)))
            except TypeError:
                raise ExprError(f"{name}(...) with the right number of arguments ({FUNCTIONS[name][1]})") from None
            except (OverflowError, ValueError) as exc:
                if isinstance(exc, ExprError):
                    raise
                raise ExprError(f"{name}(...) of a number it can take ({FUNCTIONS[name][1]})") from None
        return call
    raise ExprError(EXPECTED)


def _truth(v: Any) -> bool:
    """A condition's truth, as `when` reads it: empty, 0, "false", "no", "none" are false."""
    return bool(v) and str(v).lower() not in ("false", "0", "no", "none")


def format_value(v: Any) -> str:
    """An expression's result inside a text: 3 not 3.0, 0.3 not 0.30000000000000004."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        return f"{v:.10g}"
    return str(v)
