"""The `text` layout element: its model (the keys in a layout), its drawing and its documentation."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, cast

from pydantic import Field

from printkit.drawing import Group, Node, Note, Text, measured_text, rotate
from printkit.elements import ElementType, register
from printkit.errors import suggest
from printkit.modelbase import Bool, ElementBase, Num
from printkit.render.fonts import text_width, unit_width, wrap
from printkit.richtext import (
    ICON_SCALE,
    SPAN_KEYS,
    Atom,
    Break,
    Bullet,
    Inline,
    Line,
    Piece,
    Run,
    Style,
    has_markup,
    layout,
    parse,
)
from printkit.units import parse_length

if TYPE_CHECKING:
    from printkit.game import DrawContext


class TextElement(ElementBase):
    """Text in a box: wrapped to the box width, shrunk if it would overflow the box (down to ``min_size``).

    The text may use the rich-text markup (docs/text.md): **bold**, *italic*, spans with a colour,
    size or font, inline icons such as :coin:, bullets and line breaks."""

    type: Literal["text"] = Field(description="Element type: `text`.")
    text: str = Field(description='The text; may use templates such as "{colour.label}" and the markup of docs/text.md.')
    x: Num = Field(0, description="Left of the text box.")
    y: Num = Field(0, description="Top of the text box.")
    w: Num = Field("100%", description="Width of the text box.")
    h: Num | None = Field(None, description="Height of the text box; omitted: as many lines as the text needs.")
    size: Num = Field("9pt", description="Font size.")
    min_size: Num | None = Field(
        None, description="Smallest size the text may shrink to so it fits its box; omitted: 4pt. "
        "A text that still does not fit is reported by the proof."
    )
    font: str | None = Field(None, description="Font family from `[fonts]` (or `default`, `dejavu`); omitted: `default`.")
    bold: Bool = Field(False, description="Bold face.")
    italic: Bool = Field(False, description="Italic face.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment.")
    fill: str = Field("black", description="Text colour.")
    rotate: Num = Field(0, description="Rotation in degrees, clockwise, about the box centre.")
    leading: float = Field(1.2, description="Line height as a multiple of the font size.", gt=0, le=10)


MIN_TEXT = parse_length("4pt")
MAX_CHARS = 20_000
"""Longest text one text element prints (a dense card holds some 1,500 characters; 20,000 letters still wrap in about a second): wrapping and
shrinking a text to its box costs time in proportion to its length."""


def text_block(
    text: str, x: float, y: float, w: float, h: float | None, size: float, *, bold: bool = False,
    align: str = "left", valign: str = "top", fill: str = "#000000", leading: float = 1.2,
    font: str | None = None, min_size: float = MIN_TEXT,
) -> list[Text]:
    """Wrap plain ``text`` into the box, shrinking the font until every line fits inside it.

    ``font`` is a font key (a game's own font, see ``Game.fonts``); omitted: DejaVu Sans.
    """
    return _block(text, x, y, w, h, size, bold, align, valign, fill, leading, font, min_size)[0]


def _block(text: str, x: float, y: float, w: float, h: float | None, size: float, bold: bool, align: str,
           valign: str, fill: str, leading: float, font: str | None, min_size: float) -> tuple[list[Text], Fitted]:
    font = font or ("bold" if bold else "regular")
    fitted = (_fit_text_cached if size > 0 else fit_text)(text, font, size, w, h, leading, min_size)
    lines, size = fitted[0], fitted[1]
    block = size * leading * (len(lines) - 1) + size
    box_h = h if h is not None else block
    top = y + (0.0 if valign == "top" else (box_h - block) / 2 if valign == "middle" else box_h - block)
    anchor, tx = ("start", x) if align == "left" else ("middle", x + w / 2) if align == "center" else ("end", x + w)
    first = top + size * 0.8
    # measured while fitting (each line's width): the PDF and the proof read it again
    return [measured_text(tx, first + i * size * leading, line, size, fill, font, anchor, width)  # type: ignore[arg-type]
            for i, (line, width) in enumerate(zip(lines, fitted[4], strict=True))], fitted


Fitted = tuple[tuple[str, ...], float, float, tuple[str, ...], tuple[float, ...]]
"""Plain text fitted to a box: its lines, the size it was set at, the widest line, the words
wider than the box (broken between letters) and each line's width. A plain tuple: one is made for
every text drawn."""


def fit_text(text: str, font: str, size: float, w: float, h: float | None, leading: float,
             min_size: float = MIN_TEXT) -> Fitted:
    """The lines of ``text`` wrapped to ``w`` and the font size, shrunk until the block fits the box."""
    while True:
        broken: list[str] = []
        sums: list[float] = []
        lines = wrap(text, font, size, w, broken, sums)
        block = size * leading * (len(lines) - 1) + size
        # each line's text_width: from its sum of advances where the font's add up exactly (see wrap)
        widths = tuple([s * 0.001 * size for s in sums] if sums else [text_width(ln, font, size) for ln in lines])
        widest = max(widths, default=0.0)
        fits = widest <= w + 1e-6 and (h is None or block <= h + 1e-6)
        if fits or size <= min_size:
            break
        size = max(min_size, size * 0.92)
    return tuple(lines), size, widest, tuple(dict.fromkeys(broken)) if broken else (), widths


def _fit(text: str, font: str, size: float, w: float, h: float | None, leading: float,
         min_size: float = MIN_TEXT) -> tuple[tuple[str, ...], float]:
    """The lines of ``text`` wrapped to ``w`` and the font size, shrunk until the block fits the box."""
    lines, size, _, _, _ = fit_text(text, font, size, w, h, leading, min_size)
    return lines, size


# The same label in the same box recurs on many pieces (and on every page of a rulebook's
# diagrams): wrapping and measuring it once is enough.
_fit_text_cached = lru_cache(maxsize=4096)(fit_text)
_fit_cached = lru_cache(maxsize=4096)(_fit)


def _text(el: TextElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    x, y, bw, bh, size, min_size, fill = _box(el, ctx, w, h)
    text = ctx.text(el.text, "text")
    if len(text) > MAX_CHARS:
        raise ctx.fail("text", f"a text of at most {MAX_CHARS:,} characters", len(text), el.text, " characters")
    family = ctx.game.fonts if el.font is None else _family(ctx, el.font, "font", el.font)
    font = family[style_name(el.bold, el.italic) if el.bold or el.italic else "regular"]
    problems: list[str] = []
    if has_markup(text):
        rich = rich_block(text, ctx, "text", el.text, x, y, bw, bh, Style(font, size, fill), family, el.bold,
                          el.italic, align=el.align, valign=el.valign, leading=el.leading, min_size=min_size)
        nodes, block, problems, (left, right) = rich.nodes, rich.height, rich.problems, rich.span
    else:
        texts, fitted = _block(text, x, y, bw, bh, size, False, el.align, el.valign, fill, el.leading, font, min_size)
        nodes = texts  # type: ignore[assignment]
        _, final, widest, broken, _ = fitted
        block = final * el.leading * (len(texts) - 1) + final
        if broken:
            problems.append(_broken(broken))
        if bh is not None and block > bh + 1e-6:
            problems.append(f"does not fit its box even at its smallest size ({_pt(min_size)})")
        align = el.align
        left = x if align == "left" else x + (bw - widest) / 2 if align == "center" else x + bw - widest
        right = left + widest
    box_h = bh if bh is not None else block
    valign = el.valign
    top = y if valign == "top" else y + (box_h - block) / 2 if valign == "middle" else y + box_h - block
    angle = ctx.number(el.rotate, "rotate") if el.rotate else 0.0
    if not angle and nodes and ctx.on_piece and (
            left < EDGE or top < EDGE or right > w - EDGE or top + block > h - EDGE):
        problems += _off_trim(left, top, right, top + block, w, h, bh is None)
    out: list[Node] = nodes
    if angle:
        out = [Group(tuple(nodes), rotate(angle, x + bw / 2, y + box_h / 2))]
    if problems:
        quoted = text if len(text) <= 60 else text[:57] + "..."
        note = Note(ctx.where, f'text "{quoted}" ' + "; ".join(problems))
        out = [Group(tuple(out), note=note)]
    return out


Box = tuple[float, float, float, float | None, float, float, str]


def _box(el: TextElement, ctx: DrawContext, w: float, h: float) -> Box:
    """A text's box on a piece of w x h (x, y, width and height, None for as tall as its lines), its size,
    smallest size and colour. Worked out once per element and piece size where none is a template (most
    texts: only their words differ from piece to piece)."""
    key = ("text box", id(el), w, h)
    hit = cast("tuple[TextElement, Box] | None", ctx.game.cache.get(key))
    if hit is not None and hit[0] is el:  # the element is kept with its box, so its id is not reused
        return hit[1]
    x, y = ctx.length(el.x, "x", w), ctx.length(el.y, "y", h)
    bw = ctx.length(el.w, "w", w)
    bh = ctx.length(el.h, "h", h) if el.h is not None else None
    fill = ctx.colour(el.fill, "fill") or "#000000"
    size = ctx.length(el.size, "size")
    min_size = ctx.length(el.min_size, "min_size") if el.min_size is not None else min(size, MIN_TEXT)
    box = (x, y, bw, bh, size, min_size, fill)
    if not any(v.__class__ is str and "{" in v for v in (el.x, el.y, el.w, el.h, el.size, el.min_size, el.fill)):
        ctx.game.cache[key] = (el, box)
    return box


def _off_trim(x0: float, y0: float, x1: float, y1: float, w: float, h: float, no_height: bool) -> list[str]:
    """What of a text block (x0, y0)-(x1, y1) leaves a piece of w x h: all of it, or past which edges."""
    if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
        return [(f"lies wholly outside the piece's trim: ({x0:.1f}, {y0:.1f}) to ({x1:.1f}, {y1:.1f}) mm "
                 f"on a piece of {w:g} x {h:g} mm")]
    out = []
    for past, edge in ((-x0, "left"), (-y0, "top"), (x1 - w, "right"), (y1 - h, "bottom")):
        if past > EDGE:
            out.append(f"runs {past:.1f} mm past the piece's {edge} edge" + (
                " (no height given)" if edge == "bottom" and no_height else ""))
    return out


EDGE = 0.05
"""Millimetres a text may stray past the trim (rounding) before it is reported."""


def _broken(words: tuple[str, ...]) -> str:
    return "has a word wider than its box, broken between letters: " + ", ".join(f'"{w}"' for w in words[:3])


def _pt(mm: float) -> str:
    return f"{mm * 72 / 25.4:.1f}pt"


def _family(ctx: DrawContext, name: str | None, key: str, template: object) -> dict[str, str]:
    resolved = ctx.text(name, key) if name is not None else None
    family = ctx.game.family(resolved)
    if family is None:
        names = ctx.game.family_names()
        raise ctx.fail(key, "a font family (" + ", ".join(names) + ")", resolved, template, suggest(resolved, names))
    return family


@dataclass(frozen=True, slots=True)
class RichBlock:
    nodes: list[Node]
    size: float
    """The base size the text was set at (after shrinking)."""
    height: float
    problems: list[str]
    span: tuple[float, float]
    """The left of the leftmost line and the right of the rightmost (mm)."""


def rich_block(text: str, ctx: DrawContext, key: str, template: object, x: float, y: float, w: float,
               h: float | None, base: Style, family: dict[str, str], bold: bool, italic: bool, *,
               align: str = "left", valign: str = "top", leading: float = 1.2,
               min_size: float = MIN_TEXT) -> RichBlock:
    """Marked-up ``text`` set in the box: styled runs and icons, shrunk together down to ``min_size``."""
    inlines = parse(text)
    pieces = resolve(inlines, ctx, key, template, base, family, bold, italic)
    k = 1.0
    while True:
        scaled = base.size * k
        lay = layout(_scaled(pieces, k), w, leading, Style(base.font, scaled, base.fill))
        fits = lay.width <= w + 1e-6 and (h is None or lay.height <= h + 1e-6) and not lay.too_wide
        if fits or scaled <= min_size + 1e-9:
            break
        k = max(min_size / base.size, k * 0.92)
    problems: list[str] = []
    if lay.too_wide:
        problems.append(_broken(lay.too_wide))
    elif not fits:
        problems.append(f"does not fit its box even at its smallest size ({_pt(min_size)})")
    box_h = h if h is not None else lay.height
    top = y + {"top": 0.0, "middle": (box_h - lay.height) / 2, "bottom": box_h - lay.height}[valign]
    nodes: list[Node] = []
    line_top = top
    x0, x1 = math.inf, -math.inf
    for line in lay.lines:
        baseline = line_top + line.size * 0.8
        left = x + {"left": 0.0, "center": (w - line.width) / 2, "right": w - line.width}[align]
        nodes += _line_nodes(line, left, baseline)
        line_top += line.size * leading
        if line.atoms:
            x0, x1 = min(x0, left), max(x1, left + line.width)
    return RichBlock(nodes, base.size * k, lay.height, problems, (x0, x1) if x0 <= x1 else (x, x))


def _scaled(pieces: list[Piece], k: float) -> list[Piece]:
    if k == 1.0:
        return pieces
    out: list[Piece] = []
    for p in pieces:
        out.append(p if isinstance(p, (Break, Bullet)) else (p[0], Style(p[1].font, p[1].size * k, p[1].fill)))  # type: ignore[arg-type]
    return out


def _line_nodes(line: Line, left: float, baseline: float) -> list[Node]:
    """A line's atoms as nodes: neighbouring text of one style as one text node, icons as drawn."""
    out: list[Node] = []
    run: list[Atom] = []

    def flush() -> None:
        text = "".join(a.text for a in run)
        if text.strip():
            # Spaces around a run are left out (an SVG viewer would drop them): the run starts further in.
            style = run[0].style
            lead = text[:len(text) - len(text.lstrip(" "))]
            x = left + run[0].x + (unit_width(lead, style.font) * style.size if lead else 0.0)
            out.append(Text(x, baseline, text.strip(" "), style.size, style.fill, style.font))
        run.clear()

    for atom in line.atoms:
        if atom.icon is not None:
            flush()
            size = atom.style.size
            ih = size * ICON_SCALE
            centre = baseline - size * 0.36  # the middle of a lower-case letter
            out += atom.icon.draw(left + atom.x + size * 0.08, centre - ih / 2, ih, atom.style.fill)
            continue
        if run and (run[-1].style != atom.style or abs(run[-1].x + run[-1].width - atom.x) > 1e-6):
            flush()  # another style, or a gap (after a bullet): a text node of its own
        run.append(atom)
    flush()
    return out


def resolve(inlines: tuple[Inline, ...], ctx: DrawContext, key: str, template: object, base: Style,
            family: dict[str, str], bold: bool, italic: bool) -> list[Piece]:
    """Parsed runs with their fonts, sizes, colours and icons looked up; an unknown name is a data error."""
    from printkit.icons import find_icon, icon_names

    out: list[Piece] = []
    styles: dict[tuple[bool, bool, tuple[tuple[str, str], ...]], Style] = {}
    for item in inlines:
        if isinstance(item, (Break, Bullet)):
            out.append(item)
            continue
        skey = (item.bold != bold, item.italic != italic, item.attrs)
        style = styles.get(skey)
        if style is None:
            style = styles[skey] = _style(item.attrs, ctx, key, template, base, family, item.bold or bold,
                                          item.italic or italic)
        if isinstance(item, Run):
            out.append((item.text, style))
        else:
            icon = find_icon(ctx.game, item.name)
            if icon is None:
                names = icon_names(ctx.game)
                raise ctx.fail(key, "an icon of the symbol library or of [icons] (" + ", ".join(names) + ")",
                               f":{item.name}:", template, suggest(item.name, names))
            out.append((icon, style))
    return out


def _style(attrs: tuple[tuple[str, str], ...], ctx: DrawContext, key: str, template: object, base: Style,
           family: dict[str, str], bold: bool, italic: bool) -> Style:
    size, fill = base.size, base.fill
    for name, value in attrs:
        if name == "font":
            family = _family(ctx, value, key, template)
        elif name == "size":
            if value.endswith("%"):
                try:
                    size = base.size * float(value[:-1]) / 100
                except ValueError:
                    raise ctx.fail(key, "a span size as a length (7pt, 2.5mm) or a percentage (120%)", value,
                                   template) from None
            else:
                size = ctx.length(value, key) if value else -1.0
            if not 0 < size <= 1000:
                raise ctx.fail(key, "a span size greater than 0 and at most 1000 mm", value, template)
        elif name == "colour":
            fill = ctx.colour(value, key) or base.fill
        else:
            raise ctx.fail(key, "a span key (" + ", ".join(SPAN_KEYS) + ")", name, template, suggest(name, SPAN_KEYS))
    return Style(family[style_name(bold, italic)], size, fill)


def style_name(bold: bool, italic: bool) -> str:
    """The style key of a font family: regular, bold, italic or bold_italic."""
    return "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"


register(ElementType("text", TextElement, _text,
                     example='{ type = "text", text = "Gain **2** :star: and draw *one* card.", x = 6, y = 8, w = 48, '
                             'h = 24, size = "9pt", align = "center", valign = "middle" }'))
