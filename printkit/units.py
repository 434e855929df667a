"""Lengths: parsed once, at load, into millimetres."""

from __future__ import annotations

import math
import re
from functools import lru_cache

UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0, "px": 25.4 / 96.0}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*(mm|cm|in|pt|px)?\s*$")


class UnitError(ValueError):
    pass


def parse_length(value: object) -> float:
    """``63``, ``"63mm"``, ``"6.3cm"``, ``"2.5in"``, ``"9pt"`` -> millimetres.

    A bare number means millimetres. Booleans and non-finite numbers are refused.
    """
    if isinstance(value, bool):
        raise UnitError("a length such as 63mm, 2.5in or 9pt")
    if isinstance(value, (int, float)):
        result = float(value)
    elif isinstance(value, str):
        m = _LENGTH.match(value)
        if not m:
            raise UnitError("a length such as 63mm, 2.5in or 9pt")
        result = float(m.group(1)) * UNITS[m.group(2) or "mm"]
    else:
        raise UnitError("a length such as 63mm, 2.5in or 9pt")
    if not math.isfinite(result):
        raise UnitError("a finite length")
    return result


def parse_coord(value: object, extent: float) -> float:
    """A length, or a percentage of ``extent`` (``"50%"``)."""
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            pct = float(value.strip()[:-1])
        except ValueError:
            raise UnitError("a length or a percentage such as 50%") from None
        if not math.isfinite(pct):
            raise UnitError("a finite percentage")
        return extent * pct / 100.0
    return parse_length(value)


@lru_cache(maxsize=8192, typed=True)
def parse_text(value: str, extent: float | None) -> float:
    """:func:`parse_coord` of a string (:func:`parse_length` when ``extent`` is None), remembered.

    A layout hands the same few strings ("50%", "9pt") to every piece it draws, so pieces
    after the first skip the regex. Numbers need no parsing and are not cached (nor could
    ``-0.0`` be told from ``0.0`` by a cache). A failure is not remembered: it raises every time.
    """
    return parse_length(value) if extent is None else parse_coord(value, extent)
