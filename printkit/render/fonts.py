"""The embedded open fonts (DejaVu Sans in four styles, and a game's own) and text measurement.

Layout code measures text through :func:`text_width` so it can wrap lines
without importing a backend itself.
"""

from __future__ import annotations

import hashlib
import io
from collections import defaultdict
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printkit.drawing import Text

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf",
              "bold_italic": "DejaVuSans-BoldOblique.ttf"}
PDF_NAMES = {"regular": "DejaVuSans", "bold": "DejaVuSans-Bold", "italic": "DejaVuSans-Oblique",
             "bold_italic": "DejaVuSans-BoldOblique"}
STYLES = ("regular", "bold", "italic", "bold_italic")
"""The four styles of a font family; the built-in fonts' keys are these names."""
SVG_FAMILY = "'DejaVu Sans', 'Verdana', sans-serif"


class FontError(Exception):
    """A font file printkit cannot embed (not TrueType, damaged, missing glyphs)."""


_GAME_FONTS: dict[str, str] = {}  # font key -> family name, for game fonts loaded from data
_GAME_FONT_DATA: dict[str, bytes] = {}  # font key -> the file's bytes (for text as outlines)
_GAME_FONT_STYLE: dict[str, tuple[int, bool]] = {}  # font key -> (weight 100..900, italic), read from the file


pdfmetrics: Any = None
"""reportlab's font metrics, imported with the first font registered: a command that measures no
text (``list``, ``schema``, ``new``) never imports reportlab."""


def _metrics() -> Any:
    global pdfmetrics
    if pdfmetrics is None:
        from reportlab.pdfbase import pdfmetrics as loaded

        pdfmetrics = loaded
    return pdfmetrics


def font_path(font: str) -> str:
    return str(files("printkit") / "fonts" / FONT_FILES[font])


@cache
def register(font: str) -> str:
    """Register the font with reportlab once; return its PDF name."""
    if font in _GAME_FONTS:
        return font
    from reportlab.pdfbase.ttfonts import TTFont

    name = PDF_NAMES[font]
    _metrics().registerFont(TTFont(name, font_path(font)))
    return name


def load_font(data: bytes) -> str:
    """Validate and register a game's TrueType font; return its key for :class:`Text` nodes.

    The key comes from the file's bytes, not its path, so output does not depend on
    where the game folder lives.
    """
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    key = "GameFont-" + hashlib.sha256(data).hexdigest()[:16]
    if key in _GAME_FONTS:
        return key
    metrics = _metrics()
    if data[:4] == b"OTTO":  # OpenType with CFF outlines, which reportlab cannot embed: made TrueType
        data = _cff_to_truetype(data)
    try:
        font = TTFont(key, io.BytesIO(data))
        metrics.registerFont(font)
        metrics.stringWidth("Aé0", key, 10)
    except TTFError as exc:
        raise FontError(str(exc).split(" in file")[0]) from None
    except Exception as exc:  # noqa: BLE001  (a damaged file fails deep inside the parser)
        raise FontError(f"a damaged font file: {type(exc).__name__}") from None
    family = font.face.familyName
    _GAME_FONT_DATA[key] = data
    _GAME_FONT_STYLE[key] = _file_style(data)
    _GAME_FONTS[key] = family.decode("latin-1") if isinstance(family, bytes) else str(family)
    return key


def _cff_to_truetype(data: bytes) -> bytes:
    """An OpenType font with CFF (cubic, PostScript) outlines as the same font with TrueType (quadratic)
    outlines, converted by fontTools within a thousandth of an em: reportlab embeds only TrueType."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FtFont
    from fontTools.ttLib import newTable

    try:
        ft = FtFont(io.BytesIO(data))
        order = ft.getGlyphOrder()
        glyphs = ft.getGlyphSet()
        glyf = newTable("glyf")
        glyf.glyphOrder = order
        glyf.glyphs = {}
        for name in order:
            pen = TTGlyphPen(glyphs)
            glyphs[name].draw(Cu2QuPen(pen, ft["head"].unitsPerEm / 1000, reverse_direction=True))
            glyf.glyphs[name] = pen.glyph()
        for table in ("CFF ", "CFF2", "VORG"):
            if table in ft:
                del ft[table]
        ft["loca"] = newTable("loca")
        ft["glyf"] = glyf
        maxp = ft["maxp"]
        maxp.tableVersion = 0x00010000
        for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                     "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
            setattr(maxp, attr, 1 if attr == "maxZones" else 0)
        post = ft["post"]
        post.formatType, post.extraNames, post.mapping = 2.0, [], {}
        ft.sfntVersion = "\x00\x01\x00\x00"
        out = io.BytesIO()
        ft.save(out)
    except Exception as exc:  # noqa: BLE001  (a damaged file fails deep inside fontTools)
        raise FontError(f"an OpenType font whose outlines could not be read: {type(exc).__name__}") from None
    return out.getvalue()


def _file_style(data: bytes) -> tuple[int, bool]:
    """The weight (OS/2 usWeightClass) and slant (italic bit of fsSelection or macStyle) a font file
    declares: what an SVG or HTML page must ask for so a viewer picks this very face of the family."""
    from fontTools.ttLib import TTFont as FtFont

    try:
        ft = FtFont(io.BytesIO(data), lazy=True)
        os2 = ft.get("OS/2")
        weight = int(os2.usWeightClass) if os2 is not None else 400
        italic = bool(os2.fsSelection & 1) if os2 is not None else False
        italic = italic or bool(ft["head"].macStyle & 2)
    except Exception:  # noqa: BLE001  (reportlab read the file; a table fontTools dislikes keeps the defaults)
        return 400, False
    return min(900, max(100, weight)), italic


def font_style(font: str) -> tuple[int, bool]:
    """The weight (400 regular, 700 bold...) and whether the face is italic, for SVG and CSS."""
    style = _GAME_FONT_STYLE.get(font)
    if style is not None:
        return style
    return (700 if font in ("bold", "bold_italic") else 400), font in ("italic", "bold_italic")


def game_font_data(font: str) -> bytes | None:
    """A game font's file bytes; None for printkit's own fonts."""
    return _GAME_FONT_DATA.get(font)


BUILT_IN_NAMES = {"regular": "DejaVu Sans", "bold": "DejaVu Sans Bold", "italic": "DejaVu Sans Oblique",
                  "bold_italic": "DejaVu Sans Bold Oblique"}


def font_name(font: str) -> str:
    """A font key as a reader knows it: the family name of a game's font, or DejaVu Sans."""
    return _GAME_FONTS.get(font) or BUILT_IN_NAMES.get(font, font)


@cache
def missing_glyphs(text: str, font: str) -> str:
    """The characters of ``text`` the font has no glyph for (printed, they would be empty boxes),
    each once, in order; white space and control characters are not drawn and never missing."""
    cmap, seen, lacking = _glyph_state(font)
    new = set(text) - seen  # each character is looked up once per font, not once per text
    if new:
        seen |= new
        lacking |= {ch for ch in new if ord(ch) not in cmap and ch.isprintable() and not ch.isspace()}
    if lacking.isdisjoint(text):
        return ""
    return "".join(dict.fromkeys(ch for ch in text if ch in lacking))


@cache
def _glyph_state(font: str) -> tuple[Any, set[str], set[str]]:
    """A font's glyph map, the characters looked up so far and those it lacks."""
    return _metrics().getFont(register(font)).face.charToGlyph, set(), set()


def svg_family(font: str) -> str:
    """The CSS font-family list for a text node's font."""
    family = _GAME_FONTS.get(font)
    if family is None:
        return SVG_FAMILY
    return "'" + family.replace("'", "").replace("\\", "") + "', " + SVG_FAMILY


def text_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in the same unit as ``size`` (mm in, mm out)."""
    measure = _MEASURES.get(font)
    if measure is None:  # the font's own measure, what reportlab's stringWidth(text, name, size) calls
        measure = _MEASURES[font] = _metrics().getFont(register(font)).stringWidth
    return float(measure(text, size))


def advance(text: Text) -> float:
    """:func:`text_width` of a text node, measured once per node (kept in :attr:`Text.advance`)."""
    width = text.advance
    if width is None:
        width = text_width(text.text, text.font, text.size)
        measured(text, width)
    return width


def measured(text: Text, width: float) -> None:
    """Keep ``width``, :func:`text_width` of the node's text at its size and font, with the node (what
    the node shows is unchanged: the width is not part of its value)."""
    object.__setattr__(text, "advance", width)


_MEASURES: dict[str, Any] = {}
"""Each font key's registered font's ``stringWidth(text, size)``, found once (a font key names one
font for the life of the process: see :func:`register` and :func:`load_font`)."""


@cache
def unit_width(text: str, font: str) -> float:
    """Width of ``text`` at size 1 (widths scale linearly with size; the font has no kerning here)."""
    return text_width(text, font, 1.0)


_unit_width = unit_width


def _advance_sum(text: str, font: str) -> float:
    """The sum of the advances of ``text``'s characters in ``font``, in thousandths of the size (what
    reportlab's measure adds up before it scales the sum to the size)."""
    advances = _ADVANCES.get(font)
    if advances is None:
        face = _metrics().getFont(register(font)).face
        advances = _ADVANCES[font] = face.charWidths.get, face.defaultWidth
    get, default = advances
    return float(sum([get(ord(ch), default) for ch in text]))


_ADVANCES: dict[str, tuple[Any, float]] = {}
"""Each font key's advance of a character (``get(ord(ch), default)``), found once."""


EXACT_CHARS = 2**16
"""Longest text whose advances :func:`_exact_sums` promises to add up exactly (see there)."""
_PROBES = [(text, size) for text in ("A", "Wg", "the quick brown fox", "0123456789", "Card 17, on the left.")
           for size in (0.1, 0.7, 1.9, 2.4694444444444446, 3.3, 3.8805555555555555, 7.3, 13.7)]


@cache
def _exact_sums(font: str) -> bool:
    """Whether :func:`text_width` of any text of up to :data:`EXACT_CHARS` characters in ``font`` is
    ``_advance_sum(text) * 0.001 * size``, bit for bit, whatever parts the sum was added up from.

    True when every advance of the font is a multiple of 2**-16 below 2**20 (DejaVu's are multiples of
    1/256: 1000/2048 em units), so that any sum of up to 2**17 of them is exact in floating point, in any
    order; and reportlab's measure scales the sum as ``sum * 0.001 * size`` (its C accelerator does; its
    pure-Python fallback multiplies in another order, which rounds differently): checked on sample texts."""
    face = _metrics().getFont(register(font)).face
    advances = [*face.charWidths.values(), face.defaultWidth]
    if not all(0 <= a < 2**20 and (a * 65536).is_integer() for a in advances):
        return False
    return all(text_width(text, font, size) == _advance_sum(text, font) * 0.001 * size for text, size in _PROBES)


_WORDS: defaultdict[tuple[str, bool], dict[str, float]] = defaultdict(dict)
"""What :func:`wrap` measured each word (and character) as, by font key and whether the font's advances add up
exactly: its sum of advances (exact) or its :func:`unit_width`. A dict per font: looked up for every word of
every text, more cheaply than a cache keyed by word and font."""


def wrap(text: str, font: str, size: float, width: float, too_wide: list[str] | None = None,
         sums: list[float] | None = None) -> list[str]:
    """Greedy word wrap to ``width``; a word longer than the line is split by characters (and
    appended to ``too_wide`` when given).

    Words are measured once each (cached) and lines summed from them, since glyph
    advances add up: the same result as measuring every trial line, far fewer calls.
    Where the font's advances add up exactly (:func:`_exact_sums`), words are measured by their sums
    of advances, and given ``sums``, each line's sum is appended to it: ``sum * 0.001 * size`` is the
    line's :func:`text_width`, bit for bit, without measuring the line again. Otherwise ``sums`` stays empty.
    """
    lines: list[str] = []
    line_sums: list[float] = []  # each line's sum of advances (exact in an exact font only)
    # A word's width at size 1 is its sum of advances times 0.001 (bit for bit in an exact font, see
    # _exact_sums): measured either way, it wraps the same, and an exact font's lines add up their sums.
    exact = len(text) <= EXACT_CHARS and _exact_sums(font)
    measure, scale = (_advance_sum, 0.001) if exact else (_unit_width, 1.0)
    known = _WORDS[font, exact]  # each word measured once (per font and way)
    space_units = known.get(" ")
    if space_units is None:
        space_units = known[" "] = measure(" ", font)
    space = space_units * scale * size
    limit = width + 1e-9
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            line_sums.append(0.0)
            continue
        cur: list[str] = []  # the words of the line being filled
        cur_w = cur_units = 0.0
        for word in words:
            units = known.get(word)
            if units is None:
                units = known[word] = measure(word, font)
            ww = units * scale * size
            if cur:
                trial_w = cur_w + space + ww
                if trial_w <= limit:
                    cur.append(word)
                    cur_w, cur_units = trial_w, cur_units + space_units + units
                    continue
                lines.append(" ".join(cur))
                line_sums.append(cur_units)
            elif ww <= limit:
                cur, cur_w, cur_units = [word], ww, units
                continue
            if too_wide is not None and ww > limit:
                too_wide.append(word)
            while ww > width and len(word) > 1:
                # The longest head that fits (at least one character), found in one pass over the
                # characters' advances: a word of thousands of letters costs linear time, not cubic.
                cut, head, head_units = 0, 0.0, 0.0
                for ch in word:
                    ch_units = known.get(ch)
                    if ch_units is None:
                        ch_units = known[ch] = measure(ch, font)
                    cw = ch_units * scale * size
                    if cut and head + cw > limit:
                        break
                    cut, head, head_units = cut + 1, head + cw, head_units + ch_units
                if cut >= len(word):
                    break
                lines.append(word[:cut])
                line_sums.append(head_units)
                word = word[cut:]
                ww -= head  # advances add up: no need to measure (and cache) every remainder
                units -= head_units
            cur, cur_w, cur_units = [word], ww, units
        lines.append(" ".join(cur))
        line_sums.append(cur_units)
    if exact and sums is not None:
        sums += line_sums
    return lines


Segments = list[tuple[float | str, ...]]


@cache
def _outline_font(font: str) -> object:
    """The font as fontTools reads it (only loaded when text is drawn as outlines)."""
    from fontTools.ttLib import TTFont as FtFont

    data = _GAME_FONT_DATA.get(font)
    return FtFont(io.BytesIO(data)) if data is not None else FtFont(font_path(font))


@cache
def _glyph(font: str, char: str) -> tuple[float, tuple[tuple[float | str, ...], ...]]:
    """One character's advance and outline in font units (y up): M/L/C/Z segments, quadratic curves made cubic."""
    from fontTools.pens.basePen import BasePen

    ft: Any = _outline_font(font)
    glyphs = ft.getGlyphSet()
    name = ft.getBestCmap().get(ord(char), ".notdef")
    segs: Segments = []

    class Pen(BasePen):
        def _moveTo(self, pt: tuple[float, float]) -> None:
            segs.append(("M", *pt))

        def _lineTo(self, pt: tuple[float, float]) -> None:
            segs.append(("L", *pt))

        def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]) -> None:
            segs.append(("C", *p1, *p2, *p3))

        def _closePath(self) -> None:
            segs.append(("Z",))

    glyph = glyphs[name]
    glyph.draw(Pen(glyphs))
    return float(glyph.width), tuple(segs)


def text_outline(text: str, font: str, size: float) -> tuple[float, Segments]:
    """``text`` as glyph outlines in mm, from its start on the baseline (y down), and its advance width.

    The same font file and advance widths as the PDF (no kerning, as reportlab sets text), so an
    SVG with outlines looks like the PDF on any machine, with or without the font."""
    ft: Any = _outline_font(font)
    k = size / ft["head"].unitsPerEm
    x = 0.0
    out: Segments = []
    for char in text:
        advance, segs = _glyph(font, char)
        for seg in segs:
            vals = seg[1:]
            out.append((seg[0], *[x + float(v) * k if i % 2 == 0 else -float(v) * k for i, v in enumerate(vals)]))
        x += advance * k
    return x, out
