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


@lru_cache(maxsize=4096)
def _parse_text(value: str) -> float:
    """Parse a length string (cached: layouts repeat the same few strings on every piece)."""
    m = _LENGTH.match(value)
    if not m:
        raise UnitError("a length such as 63mm, 2.5in or 9pt")
    return float(m.group(1)) * UNITS[m.group(2) or "mm"]


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
