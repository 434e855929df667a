"""Colour as a player sees it: how far apart two colours look, how they look to a colour-blind
player, and how well text reads on its background.

* :func:`difference`: CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula",
  Color Research & Application 30(1), 2005), on CIELAB under D65, the white point of sRGB.
* :func:`simulate`: a colour as seen with a colour-vision deficiency, by the model of Machado,
  Oliveira and Fernandes, "A Physiologically-based Model for Simulation of Color Vision
  Deficiency", IEEE TVCG 15(6), 2009, at full severity (protanopia, deuteranopia, tritanopia):
  their published 3 x 3 matrices applied in linear sRGB. (Machado et al. call the tritanopia
  matrix the least reliable of the three; it is used the same way.)
* :func:`contrast`: the WCAG 2.1 contrast ratio (1 to 21) of two relative luminances.

The arithmetic is ColorAide's (``coloraide`` on PyPI: pure Python, no dependencies, kept up
to date, with every one of the three published methods), so none of it is written here again.
Colours are ``#rrggbb`` strings, as the drawing tree carries them; results are cached per pair.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from coloraide import Color

Deficiency = Literal["protanopia", "deuteranopia", "tritanopia"]
DEFICIENCIES: tuple[Deficiency, ...] = ("protanopia", "deuteranopia", "tritanopia")
_FILTER = {"protanopia": "protan", "deuteranopia": "deutan", "tritanopia": "tritan"}

APART = 10.0
"""CIEDE2000 difference below which two colours of pieces the rules tell apart look alike.

A difference of about 1 is the smallest a trained eye sees side by side on a large patch; pieces
are small, seen under room light, across a table, one at a time: Szafir ("Modeling Color
Difference for Visualization Design", IEEE TVCG 24(1), 2018) measured that marks the size of
game pieces need several times the patch threshold to be told apart reliably. 10 keeps every
pair of the usual game colours apart (red and orange are about 20, green and dark green about
14) and catches a colour copied or nudged."""

TEXT_CONTRAST = 4.5
"""WCAG 2.1 minimum contrast for text (success criterion 1.4.3, level AA)."""
LARGE_TEXT_CONTRAST = 3.0
"""WCAG 2.1 minimum for large text (18 pt, 14 pt bold)."""
MARK_CONTRAST = 3.0
"""WCAG 2.1 minimum for graphical objects that carry meaning: marks, symbols, icons (1.4.11, level AA)."""


@lru_cache(maxsize=4096)
def _color(hex_colour: str) -> Color:
    from coloraide import Color  # imported when first needed: a build that measures no colour never loads it

    return Color(hex_colour)


Lab = tuple[float, float, float]


@lru_cache(maxsize=4096)
def lab(hex_colour: str) -> Lab:
    """CIELAB (D65) of a ``#rrggbb`` sRGB colour."""
    lightness, a, b = _color(hex_colour).convert("lab-d65")[:3]
    return (float(lightness), float(a), float(b))


def difference_lab(one: Lab, other: Lab) -> float:
    """CIEDE2000 colour difference of two CIELAB (D65) colours."""
    from coloraide import Color

    return float(Color("lab-d65", list(one)).delta_e(Color("lab-d65", list(other)), method="2000"))


@lru_cache(maxsize=16384)
def difference(a: str, b: str) -> float:
    """CIEDE2000 colour difference of two ``#rrggbb`` colours (0: the same; 100: black and white)."""
    return difference_lab(lab(a), lab(b))


@lru_cache(maxsize=4096)
def simulate(hex_colour: str, deficiency: Deficiency) -> str:
    """``hex_colour`` as a person with ``deficiency`` sees it (Machado et al. 2009, full severity),
    clipped to sRGB: a ``#rrggbb`` colour."""
    seen = _color(hex_colour).filter(_FILTER[deficiency], 1.0, method="machado", space="srgb-linear",
                                     out_space="srgb")
    return str(seen.clip().to_string(hex=True))


@lru_cache(maxsize=4096)
def luminance(hex_colour: str) -> float:
    """Relative luminance (WCAG 2.1) of a ``#rrggbb`` colour: 0 for black, 1 for white."""
    def channel(v: int) -> float:
        c = v / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two colours: 1 (the same luminance) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def alike(colours: dict[str, str], threshold: float = APART,
          deficiency: Deficiency | None = None) -> list[tuple[str, str, float]]:
    """Pairs of named colours (``{name: "#rrggbb"}``, in their order) closer than ``threshold``,
    as seen normally or with ``deficiency``: (name, name, difference)."""
    seen = colours if deficiency is None else {k: simulate(v, deficiency) for k, v in colours.items()}
    out = []
    for a, b in combinations(seen, 2):
        d = difference(seen[a], seen[b])
        if d < threshold:
            out.append((a, b, d))
    return out
