"""Print-shop output: one PDF per design at trim + bleed, in CMYK, an order sheet, and a 300 dpi PNG per face.

Each design (a piece's face, and its back when it has one) gets its own PDF: the page
is the bleed box, TrimBox and BleedBox are set, only the art prints (no crop marks,
no cut lines, so nothing sits inside the bleed), fonts are embedded (with subset tags
of their own in each file, so a shop can merge files), and every colour is written as
DeviceCMYK. Each distinct back also gets a file of its own (``backs/<ref>.pdf``), for
shops that take one back for a whole deck. ``order.csv`` and ``order.pdf`` list every
file with its trim size, quantity, back and paper.

Colour rule, in order:

1. a colour the game's palette declares with a ``cmyk`` value uses that value exactly;
2. *neutral* colours (the channels within :data:`NEUTRAL_SPREAD` of each other: black, greys and
   the near-blacks a palette uses for text, such as ``#1e1e24`` or ``#2b2118``) print with black
   ink only, ``(0, 0, 0, 1 - luma)``; a neutral whose K would be :data:`NEAR_BLACK` or more is
   meant as black and prints as solid K 100 %, so black text is never a four-colour black
   (184 % ink, out of register on small type) nor a screened K 87 %;
3. any other colour goes through a real ICC conversion (littleCMS, Pillow's ImageCms) from
   sRGB to printkit's CMYK output profile (``printkit/icc/printkit-cmyk.icc``, CC0, built from
   the CGATS TR 001 characterization data, see ``printkit/icc/README.md``), relative
   colorimetric with black point compensation. Every PDF names that profile as its OutputIntent.

Without littleCMS (a Pillow built without it) rule 3 falls back to the naive formula
:func:`naive_cmyk` and the files carry no OutputIntent.
"""

from __future__ import annotations

import io
from collections import Counter
from functools import cache
from pathlib import Path

from printkit.csvfile import csv_bytes
from printkit.drawing import Drawing, Rect, Role, Text
from printkit.game import Game
from printkit.layout import Item
from printkit.render.pdf import CmykRule, PdfWriter
from printkit.render.raster import iter_images, png_bytes

ART: tuple[Role, ...] = ("art",)
DPI = 300.0
PROFILE = Path(__file__).resolve().parent / "icc" / "printkit-cmyk.icc"
CONDITION = "CGATS TR 001 (SWOP coated), printkit-cmyk.icc"
"""The output condition named in every print-shop PDF's OutputIntent."""


NEUTRAL_SPREAD = 24
"""Largest difference between a colour's channels (of 255) that still counts as a neutral grey or black."""
NEAR_BLACK = 0.8
"""A neutral at or above this K is meant as black: printed as solid K."""


def neutral_k(hex_colour: str) -> float | None:
    """The K of a neutral colour (black ink only; 1.0 for a near-black), or None for a colour with a hue."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    if max(r, g, b) - min(r, g, b) > NEUTRAL_SPREAD:
        return None
    k = round(1.0 - (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0, 4)
    return 1.0 if k >= NEAR_BLACK else max(k, 0.0)


def naive_cmyk(hex_colour: str) -> tuple[float, float, float, float]:
    """The fallback conversion of ``#rrggbb`` to (c, m, y, k) fractions, without a profile."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255.0 for i in (1, 3, 5))
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round((1.0 - v - k) / (1.0 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore[return-value]


@cache
def _transform() -> object | None:
    """sRGB -> printkit-cmyk.icc (relative colorimetric, black point compensation), or None without littleCMS."""
    try:
        from PIL import ImageCms
    except ImportError:  # pragma: no cover - Pillow without littleCMS
        return None
    # Opened from bytes, not from the file: littleCMS reads a file's tags lazily through its FILE handle,
    # whose offset forked workers share, so two workers converting at once read each other's positions
    # ("OSError: Could not determine profile size"). A profile in memory is each process's own copy.
    output = ImageCms.ImageCmsProfile(io.BytesIO(PROFILE.read_bytes()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), output, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def icc_cmyk(hex_colour: str) -> tuple[float, float, float, float]:
    """``#rrggbb`` through the ICC profile, as (c, m, y, k) fractions rounded to 0.1 %."""
    transform = _transform()
    if transform is None:  # pragma: no cover
        return naive_cmyk(hex_colour)
    from PIL import Image, ImageCms

    rgb = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0))  # type: ignore[arg-type, union-attr]
    return tuple(round(v / 255.0, 3) for v in pixel)  # type: ignore[return-value, union-attr]


def output_intent() -> tuple[bytes, str] | None:
    """The profile and condition for the OutputIntent of print-shop PDFs (None without littleCMS)."""
    return (PROFILE.read_bytes(), CONDITION) if _transform() is not None else None


def cmyk_rule(game: Game) -> CmykRule:
    """Palette CMYK where declared (matched by the colour's value), neutrals as black ink only (near-blacks
    solid), else the ICC profile."""
    declared: dict[str, tuple[float, float, float, float]] = {}
    for colour in game.palette.values():
        if colour.cmyk is not None:
            declared.setdefault(colour.rgb.lower(), colour.cmyk)
    converted: dict[str, tuple[float, float, float, float]] = {}

    def rule(hex_colour: str) -> tuple[float, float, float, float]:
        key = hex_colour.lower()
        if key in declared:
            return declared[key]
        k = neutral_k(key)
        if k is not None:
            return (0.0, 0.0, 0.0, k)
        if key not in converted:
            converted[key] = icc_cmyk(key)
        return converted[key]

    return rule


def _pdf(drawings: list[Drawing], title: str, rule: CmykRule | None, tags: str) -> bytes:
    intent = output_intent() if rule is not None else None
    writer = PdfWriter(io.BytesIO(), title=title, cmyk=rule, roles=ART, tags=tags, output_intent=intent,
                       pdfx=intent is not None)
    for d in drawings:
        writer.page(d, trim_box=(0.0, 0.0, d.width, d.height), bleed_box=d.box)
    return writer.close()


def paper_of(game: Game, component: str) -> str:
    """The stock a component is printed on: ``[print] shop_papers`` by component id or kind, else ``shop_paper``."""
    s = game.settings
    kind = game.component(component).kind
    return s.shop_papers.get(component) or s.shop_papers.get(kind) or s.shop_paper


def print_shop_files(game: Game, items: list[Item], faces: dict[str, Drawing], prefix: str = "print-shop") -> dict[str, bytes]:
    """A CMYK PDF per design (``<piece>.pdf``: face, then back), one per distinct back (``backs/<ref>.pdf``),
    the order sheet (``order.csv``, ``order.pdf``) and an RGB PNG per distinct face (``png/<ref>.png``)."""
    rule = cmyk_rule(game)
    files: dict[str, bytes] = {}
    refs: list[str] = []
    copies = Counter(item.front_ref for item in items)
    backs: dict[str, list[Item]] = {}
    rows: list[dict[str, str]] = []
    for item in items:
        if item.front_ref in refs:
            continue
        design = [item.front_ref] + ([item.back_ref] if item.back_ref else [])
        name = f"{prefix}/{item.piece}.pdf"
        files[name] = _pdf([faces[r] for r in design], f"{game.info.title} - {item.piece}", rule, name)
        refs += [r for r in design if r not in refs]
        if item.back_ref:
            backs.setdefault(item.back_ref, []).append(item)
        face = faces[item.front_ref]
        rows.append({"file": name.removeprefix(prefix + "/"), "component": item.component, "design": item.piece,
                     "trim_mm": f"{face.width:g} x {face.height:g}", "bleed_mm": f"{face.bleed:g}",
                     "quantity": str(copies[item.front_ref]), "pages": str(len(design)),
                     "back": f"backs/{item.back_ref}.pdf" if item.back_ref else "",
                     "paper": paper_of(game, item.component)})
    for ref, with_it in backs.items():
        name = f"{prefix}/backs/{ref}.pdf"
        files[name] = _pdf([faces[ref]], f"{game.info.title} - {ref}", rule, name)
        back = faces[ref]
        designs = sorted({i.piece for i in with_it})
        rows.append({"file": f"backs/{ref}.pdf", "component": with_it[0].component, "design": ref,
                     "trim_mm": f"{back.width:g} x {back.height:g}", "bleed_mm": f"{back.bleed:g}",
                     "quantity": str(sum(copies[i.front_ref] for i in with_it)), "pages": "1",
                     "back": "back of: " + " ".join(designs), "paper": paper_of(game, with_it[0].component)})
    files[f"{prefix}/order.csv"] = order_csv(rows)
    files[f"{prefix}/order.pdf"] = order_pdf(game.info.title, rows)
    # PNGs show screen colours: rendered from an RGB PDF of every distinct face.
    images = iter_images(_pdf([faces[r] for r in refs], game.info.title, None, game.info.title), DPI,
                         f"{game.rel()}: print-shop PNG images ({', '.join(refs[:3])}{', ...' if len(refs) > 3 else ''})",
                         f" at {DPI:g} dpi: a face this large is printed from its PDF, not a PNG")
    for ref, image in zip(refs, images):
        files[f"{prefix}/png/{ref}.png"] = png_bytes(image, DPI)
    return files


ORDER_FIELDS = ["file", "component", "design", "trim_mm", "bleed_mm", "quantity", "pages", "back", "paper"]


def order_csv(rows: list[dict[str, str]]) -> bytes:
    """The order sheet as CSV: one row per file (designs, then the shared backs with the designs they go with)."""
    return csv_bytes(ORDER_FIELDS, ([row[f] for f in ORDER_FIELDS] for row in rows))


def order_pdf(title: str, rows: list[dict[str, str]]) -> bytes:
    """The order sheet as an A4 PDF table (landscape), black text only."""
    from printkit.render.fonts import text_width

    w, h, m, size, lead = 297.0, 210.0, 12.0, 2.6, 4.2
    cols = [("file", 0.30), ("trim_mm", 0.10), ("bleed_mm", 0.06), ("quantity", 0.07), ("back", 0.27), ("paper", 0.20)]
    heads = {"file": "File", "trim_mm": "Trim (mm)", "bleed_mm": "Bleed", "quantity": "Quantity", "back": "Back",
             "paper": "Paper"}

    def clip(text: str, width: float, font: str) -> str:
        while text and text_width(text, font, size) > width - 1.5:
            text = text[:-2] + "…"
        return text

    pages: list[Drawing] = []
    per_page = int((h - 2 * m - 16) / lead)
    chunks = [rows[i:i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    total = sum(int(r["quantity"]) for r in rows if not r["file"].startswith("backs/"))
    for n, chunk in enumerate(chunks, start=1):
        d = Drawing(w, h)
        d.add(Text(m, m + 5, f"{title}: print-shop order ({total} pieces, page {n} of {len(chunks)})", 5.0,
                   "#000000", "bold"))
        y = m + 13
        x = m
        for key, frac in cols:
            d.add(Text(x, y, heads[key], size, "#000000", "bold"))
            x += frac * (w - 2 * m)
        d.add(Rect(m, y + 1.2, w - 2 * m, 0.2, role="art"))
        for row in chunk:
            y += lead
            x = m
            for key, frac in cols:
                d.add(Text(x, y, clip(row[key], frac * (w - 2 * m), "regular"), size, "#000000", "regular"))
                x += frac * (w - 2 * m)
        pages.append(d)
    writer = PdfWriter(io.BytesIO(), title=f"{title} - print-shop order", cmyk=lambda _c: (0.0, 0.0, 0.0, 1.0),
                       tags=f"{title} order", output_intent=output_intent(), pdfx=output_intent() is not None)
    for d in pages:
        writer.page(d, trim_box=d.box, bleed_box=d.box)  # PDF/X wants a TrimBox on every page
    return writer.close()
