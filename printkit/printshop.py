"""Print-shop output: one PDF per design at trim + bleed, in CMYK, plus a 300 dpi PNG per face.

Each design (a piece's face, and its back when it has one) gets its own PDF: the page
is the bleed box, TrimBox and BleedBox are set, only the art prints (no crop marks,
no cut lines, so nothing sits inside the bleed), fonts are embedded, and every colour
is written as DeviceCMYK.

Colour rule: a colour that the game's palette declares with a ``cmyk`` value uses
that value exactly. Any other colour is converted naively, without an ICC profile:
``k = 1 - max(r, g, b)``; ``c = (1 - r - k) / (1 - k)`` and likewise for m and y
(all 0 for black). Shops convert to their own profile; declare ``cmyk`` in the
palette for colours that must match.
"""

from __future__ import annotations

import io

from printkit.drawing import Drawing, Role
from printkit.game import Game
from printkit.layout import Item
from printkit.render.pdf import CmykRule, PdfWriter
from printkit.render.raster import pdf_images, png_bytes

ART: tuple[Role, ...] = ("art",)
DPI = 300.0


def naive_cmyk(hex_colour: str) -> tuple[float, float, float, float]:
    """The documented fallback conversion of ``#rrggbb`` to (c, m, y, k) fractions."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255.0 for i in (1, 3, 5))
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round((1.0 - v - k) / (1.0 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore[return-value]


def cmyk_rule(game: Game) -> CmykRule:
    """Palette CMYK where declared (matched by the colour's value), else :func:`naive_cmyk`."""
    declared: dict[str, tuple[float, float, float, float]] = {}
    for colour in game.palette.values():
        if colour.cmyk is not None:
            declared.setdefault(colour.rgb.lower(), colour.cmyk)

    def rule(hex_colour: str) -> tuple[float, float, float, float]:
        return declared.get(hex_colour.lower()) or naive_cmyk(hex_colour)

    return rule


def _pdf(drawings: list[Drawing], title: str, rule: CmykRule | None) -> bytes:
    writer = PdfWriter(io.BytesIO(), title=title, cmyk=rule, roles=ART)
    for d in drawings:
        writer.page(d, trim_box=(0.0, 0.0, d.width, d.height), bleed_box=d.box)
    return writer.close()


def print_shop_files(game: Game, items: list[Item], faces: dict[str, Drawing], prefix: str = "print-shop") -> dict[str, bytes]:
    """A CMYK PDF per design (``<piece>.pdf``: face, then back) and an RGB PNG per distinct face (``png/<ref>.png``)."""
    rule = cmyk_rule(game)
    files: dict[str, bytes] = {}
    refs: list[str] = []
    for item in items:
        if item.front_ref in refs:
            continue
        design = [item.front_ref] + ([item.back_ref] if item.back_ref else [])
        files[f"{prefix}/{item.piece}.pdf"] = _pdf([faces[r] for r in design], f"{game.info.title} - {item.piece}", rule)
        refs += [r for r in design if r not in refs]
    # PNGs show screen colours: rendered from an RGB PDF of every distinct face.
    images = pdf_images(_pdf([faces[r] for r in refs], game.info.title, None), DPI)
    for ref, image in zip(refs, images):
        files[f"{prefix}/png/{ref}.png"] = png_bytes(image, DPI)
    return files
