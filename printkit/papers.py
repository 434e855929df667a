"""Paper sizes: the named ones and custom ``WxH``. No heavy imports (the command line uses it)."""

from __future__ import annotations

import re

from printkit.units import UnitError, parse_length

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
MIN_PAPER = 50.0
"""Shortest side of a custom paper (mm): smaller is no printer's sheet (a typo, a unit slip)."""
MAX_PAPER = 2000.0
MAX_PAPERS = 6
"""Most papers one build makes a kit for (each is a whole kit: a4 and letter are the usual two)."""
"""Longest side of a custom paper (mm): no printer takes a larger sheet."""
_CUSTOM = re.compile(r"^\s*([^x\s]+)\s*x\s*([^x\s]+)\s*$", re.IGNORECASE)


def paper_size(name: str) -> tuple[float, float]:
    """A named paper (a4, letter, a3, tabloid) or a custom ``WxH`` such as ``300x400mm`` -> (w, h) mm.

    A unit written once at the end applies to both numbers; a bare number is millimetres.
    Raises ``ValueError`` with what was expected.
    """
    key = name.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    m = _CUSTOM.match(key)
    if m:
        w_txt, h_txt = m.group(1), m.group(2)
        unit = re.sub(r"^[-+0-9.]+", "", h_txt)
        if unit and not re.sub(r"^[-+0-9.]+", "", w_txt):
            w_txt += unit
        try:
            w, h = parse_length(w_txt), parse_length(h_txt)
        except UnitError:
            pass
        else:
            if w > 0 and h > 0:
                if min(w, h) < MIN_PAPER or max(w, h) > MAX_PAPER:
                    raise ValueError(f"a paper of {MIN_PAPER:g} to {MAX_PAPER:g} mm a side (no printer takes "
                                     f"a smaller or larger sheet)")
                return (w, h)
    raise ValueError(f"a paper: {', '.join(PAPERS)} or a size WxH such as 300x400mm")
