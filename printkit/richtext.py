"""Rich text: the one small markup of every printed text, parsed once into styled runs.

The markup is a Markdown subset with Pandoc's bracketed spans (docs/text.md is the reference)::

    **bold**  *italic*  ***bold italic***
    [a span]{colour=red size=7pt font=title}     colour, size and font for a stretch of text
    :coin:                                       an inline icon (library symbol or the game's [icons]),
                                                 unless glued to words on both sides ("0:red:20" is text)
    a new line in the text                       a line break
    "- " at the start of a line                  a bullet, its lines indented
    "\\ " (backslash space) or U+00A0            a non-breaking space
    \\*  \\[  \\:  \\-  \\\\                          the character itself

The parser never fails: what is not markup is text (an unclosed ``**`` prints as two stars), so
any string a table holds prints. It only reads the syntax; what names mean (an icon, a font, a
colour) is checked by the caller against the game, as a data error with a did-you-mean.

:func:`layout` then breaks styled runs into lines inside a box (measured with the fonts the PDF
embeds); the text element, the rulebook and the proof read the same runs and lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from printkit.render.fonts import unit_width

if TYPE_CHECKING:
    from printkit.drawing import Node

NBSP = "\u00a0"
BULLET = "\u2022"
SPAN_KEYS = ("colour", "size", "font")
"""The keys a span may set (``color`` is read as ``colour``)."""

_MARKUP = re.compile(r"[*\\\[\u00a0]|(?<![^\W_]):[A-Za-z][\w-]*:|:[A-Za-z][\w-]*:(?![^\W_])|^- ", re.MULTILINE)
_ICON = re.compile(r":([A-Za-z][\w-]*):")
"""An icon, unless it is glued to letters or digits on both sides: "2:coin:" and ":tool:Take" are
icons, "0:red:20" and "a:b:c" (templates joined with colons, ratios) stay text."""
_ATTRS = re.compile(r'\{\s*((?:[A-Za-z_]\w*\s*=\s*(?:"[^"\n]*"|[^\s"{}]+)\s*)+)\}')
_ATTR = re.compile(r'([A-Za-z_]\w*)\s*=\s*(?:"([^"\n]*)"|([^\s"{}]+))')
_ESCAPABLE = frozenset("\\*[]{}:-")
_PLAIN = re.compile(r"[^\n\\*:\[]+")
"""Characters that start no markup (read in one step): all but line breaks, escapes, stars, icons and spans."""
_PLAIN_SPANS = re.compile(r"[^:\[]+")
"""The same where only spans and icons are markup."""

Attrs = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Run:
    """Text in one style: bold and italic, and the span keys around it (inner spans win)."""

    text: str
    bold: bool = False
    italic: bool = False
    attrs: Attrs = ()


@dataclass(frozen=True, slots=True)
class Icon:
    """An inline icon by name, in the style of the text around it (its size and colour)."""

    name: str
    bold: bool = False
    italic: bool = False
    attrs: Attrs = ()


@dataclass(frozen=True, slots=True)
class Break:
    """The end of a line."""


@dataclass(frozen=True, slots=True)
class Bullet:
    """A line that starts with ``- ``: a bullet and a hanging indent."""


Inline = Run | Icon | Break | Bullet


def has_markup(text: str) -> bool:
    """Whether ``text`` holds anything the markup reads (else it is plain text, set as before).

    Most card text holds none of the markup's characters: a few substring tests say so faster
    than the pattern would."""
    return ("*" in text or "\\" in text or "[" in text or ":" in text or "\u00a0" in text or "- " in text) \
        and _MARKUP.search(text) is not None


# --- parsing ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _Delim:
    """A run of ``*``: italic (1), bold (2) or both (3), which may open and/or close."""

    n: int
    opens: bool
    closes: bool
    matched: bool = False


_Token = str | _Delim | Icon | Break | Bullet | tuple[Attrs, list["_Token"]]


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[Inline, ...]:
    """``text`` as styled runs, icons, line breaks and bullets (neighbouring runs of one style merged)."""
    out: list[Inline] = []
    _emit(_tokens(text, 0, len(text), True), False, False, (), out)
    return tuple(_merged(out))


def parse_spans(text: str) -> tuple[Run | Icon, ...]:
    """Only the spans and icons of ``text``: for text whose emphasis, escapes and lists a Markdown
    parser has read already (the rulebook's)."""
    out: list[Inline] = []
    _emit(_tokens(text, 0, len(text), False, full=False), False, False, (), out)
    return tuple(i for i in _merged(out) if isinstance(i, (Run, Icon)))


def _tokens(text: str, i: int, end: int, line_start: bool, full: bool = True) -> list[_Token]:
    """The tokens of ``text[i:end]``: text, star runs, icons, breaks, bullets and spans (nested);
    not ``full``: spans and icons only."""
    out: list[_Token] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            out.append("".join(buf))
            buf.clear()

    while i < end:
        ch = text[i]
        if not full and ch not in ":[":
            m = _PLAIN_SPANS.match(text, i, end)
            assert m is not None
            buf.append(m.group())
            i = m.end()
            continue
        if line_start:
            line_start = False
            if text.startswith("- ", i) and i + 1 < end:
                flush()
                out.append(Bullet())
                i += 2
                continue
        if ch == "\n":
            flush()
            out.append(Break())
            line_start = True
            i += 1
        elif ch == "\\" and i + 1 < end and (text[i + 1] in _ESCAPABLE or text[i + 1] == " "):
            buf.append(NBSP if text[i + 1] == " " else text[i + 1])
            i += 2
        elif ch == "*":
            j = i
            while j < end and text[j] == "*":
                j += 1
            before = text[i - 1] if i > 0 else " "
            after = text[j] if j < end else " "
            flush()
            n = j - i
            if n > 3:
                out.append(text[i:j])
            else:
                out.append(_Delim(n, not after.isspace(), not before.isspace()))
            i = j
        elif ch == ":" and (m := _ICON.match(text, i, end)) is not None and not (
                i > 0 and text[i - 1].isalnum() and m.end() < end and text[m.end()].isalnum()):
            flush()
            out.append(Icon(m.group(1)))
            i = m.end()
        elif ch == "[" and (span := _span(text, i, end)) is not None:
            close, attrs, after_attrs = span
            flush()
            out.append((attrs, _tokens(text, i + 1, close, False, full)))
            i = after_attrs
        elif (m := _PLAIN.match(text, i, end)) is not None:  # words up to the next character that may be markup
            buf.append(m.group())
            i = m.end()
        else:  # a ':' or '[' that starts no icon or span
            buf.append(ch)
            i += 1
    flush()
    _match(out)
    return out


def _span(text: str, i: int, end: int) -> tuple[int, Attrs, int] | None:
    """A bracketed span starting at ``text[i] == "["``: its closing bracket, attributes and end."""
    depth, j = 0, i
    while j < end:
        ch = text[j]
        if ch == "\\" and j + 1 < end:
            j += 2
            continue
        if ch == "\n":
            return None
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                m = _ATTRS.match(text, j + 1, end)
                if m is None:
                    return None
                attrs = tuple((k, a or b) for k, a, b in _ATTR.findall(m.group(1)))
                return j, attrs, m.end()
        j += 1
    return None


def _match(tokens: list[_Token]) -> None:
    """Pair star runs (a closer with the nearest opener of the same length); the rest stays text."""
    openers: list[_Delim] = []
    for tok in tokens:
        if isinstance(tok, Break):
            openers.clear()  # emphasis never runs over a line break
        if not isinstance(tok, _Delim):
            continue
        if tok.closes:
            for k in range(len(openers) - 1, -1, -1):
                if openers[k].n == tok.n:
                    openers[k].matched = tok.matched = True
                    del openers[k:]
                    break
            if tok.matched:
                continue
        if tok.opens:
            openers.append(tok)


def _emit(tokens: list[_Token], bold: bool, italic: bool, attrs: Attrs, out: list[Inline]) -> tuple[bool, bool]:
    for tok in tokens:
        if isinstance(tok, str):
            out.append(Run(tok, bold, italic, attrs))
        elif isinstance(tok, _Delim):
            if not tok.matched:
                out.append(Run("*" * tok.n, bold, italic, attrs))
                continue
            if tok.n & 2:
                bold = not bold
            if tok.n & 1:
                italic = not italic
        elif isinstance(tok, Icon):
            out.append(Icon(tok.name, bold, italic, attrs))
        elif isinstance(tok, tuple):
            inner = dict(attrs)
            for key, value in tok[0]:
                inner["colour" if key == "color" else key] = value
            _emit(tok[1], bold, italic, tuple(sorted(inner.items())), out)
        else:
            out.append(tok)
    return bold, italic


def _merged(items: list[Inline]) -> list[Inline]:
    out: list[Inline] = []
    for item in items:
        prev = out[-1] if out else None
        if type(item) is Run and type(prev) is Run and (prev.bold, prev.italic, prev.attrs) == (
                item.bold, item.italic, item.attrs):
            out[-1] = Run(prev.text + item.text, item.bold, item.italic, item.attrs)
        elif type(item) is not Run or item.text:
            out.append(item)
    return out


def plain(inlines: Sequence[Inline]) -> str:
    """The text a reader sees, markup gone: icons as ``:name:``, bullets as "- ", breaks as new lines."""
    parts: list[str] = []
    for item in inlines:
        if isinstance(item, Run):
            parts.append(item.text)
        elif isinstance(item, Icon):
            parts.append(f":{item.name}:")
        elif isinstance(item, Break):
            parts.append("\n")
        else:
            parts.append("- ")
    return "".join(parts)


def escape(text: str) -> str:
    """``text`` written so the markup prints it as it is (every markup character escaped)."""
    return "".join("\\" + ch if ch in _ESCAPABLE else "\\ " if ch == NBSP else ch for ch in text)


# --- lines in a box ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """How a run is set: the font key, its size (mm) and colour."""

    font: str
    size: float
    fill: str


@dataclass(frozen=True, slots=True)
class IconArt:
    """What an inline icon draws: ``draw(x, top, height, fill)`` gives its nodes in a box of
    ``aspect * height`` by ``height`` (a symbol from the library, a PNG, an SVG drawing)."""

    name: str
    aspect: float
    draw: Callable[[float, float, float, str], list[Node]]


Piece = tuple[str, Style] | tuple[IconArt, Style] | Break | Bullet
"""A resolved inline: text or an icon with its style, a break or a bullet."""


class Atom(NamedTuple):
    """Something placed on a line: text in one style, or an icon; ``x`` from the line's start (a named
    tuple: a card's text makes dozens, and a tuple is made in half the time of a frozen dataclass)."""

    x: float
    width: float
    style: Style
    text: str = ""
    icon: IconArt | None = None


@dataclass(frozen=True, slots=True)
class Line:
    atoms: tuple[Atom, ...]
    width: float
    size: float
    """The largest size on the line: its height is ``size * leading``, its baseline ``0.8 * size`` down."""


@dataclass(frozen=True, slots=True)
class Layout:
    lines: tuple[Line, ...]
    height: float
    width: float
    too_wide: tuple[str, ...]
    """Words wider than the whole line, broken between characters (reported, never clipped)."""


ICON_SCALE = 0.9
"""An icon's height as a fraction of its text's size (a capital letter is about 0.73)."""


def _advance(text: str, style: Style) -> float:
    return unit_width(text, style.font) * style.size


_SPACES = re.compile(r"[^\S\u00a0]+")


def layout(pieces: Sequence[Piece], width: float, leading: float, base: Style) -> Layout:
    """Break ``pieces`` into lines no wider than ``width``: greedy, between words; a word wider than
    the line is broken between characters and named in ``too_wide``."""
    paras: list[list[Piece]] = [[]]
    for piece in pieces:
        if isinstance(piece, Break):
            paras.append([])
        else:
            paras[-1].append(piece)
    lines: list[Line] = []
    too_wide: list[str] = []
    for para in paras:
        lines += _para(para, width, leading, base, too_wide)
    height = sum(line.size * leading for line in lines[:-1]) + (lines[-1].size if lines else 0.0)
    widest = max((line.width for line in lines), default=0.0)
    return Layout(tuple(lines), height, widest, tuple(too_wide))


def _words(para: list[Piece]) -> list[tuple[list[Atom], Style | None]]:
    """The paragraph as words (atoms placed from 0) and the style of the space after each."""
    words: list[tuple[list[Atom], Style | None]] = []
    cur: list[Atom] = []
    x = 0.0
    for piece in para:
        if isinstance(piece, Bullet):
            continue
        what, style = piece  # type: ignore[misc]
        if isinstance(what, IconArt):
            w = what.aspect * style.size * ICON_SCALE + style.size * 0.16
            cur.append(Atom(x, w, style, icon=what))
            x += w
            continue
        for k, part in enumerate(_SPACES.split(what)):
            if k:  # a space ends the word (a space after a space only gives the last word its style)
                if cur:
                    words.append((cur, style))
                elif words:
                    words[-1] = (words[-1][0], words[-1][1] or style)
                cur, x = [], 0.0
            if part:
                w = _advance(part, style)
                cur.append(Atom(x, w, style, part))
                x += w
    if cur:
        words.append((cur, None))
    return words


def _para(para: list[Piece], width: float, leading: float, base: Style, too_wide: list[str]) -> list[Line]:
    bullet = bool(para) and isinstance(para[0], Bullet)
    indent = _advance(BULLET + " ", base) if bullet else 0.0
    lines: list[Line] = []
    cur: list[Atom] = []
    cur_w = 0.0
    gap: Style | None = None

    def push() -> None:
        nonlocal cur, cur_w
        first = not lines
        atoms = list(cur)
        if bullet:
            shift = indent
            atoms = [Atom(a.x + shift, a.width, a.style, a.text, a.icon) for a in atoms]
            if first:
                atoms.insert(0, Atom(0.0, _advance(BULLET, base), base, BULLET))
        size = max((a.style.size for a in atoms), default=base.size)
        line_w = max((a.x + a.width for a in atoms), default=0.0)
        lines.append(Line(tuple(atoms), line_w, size))
        cur, cur_w = [], 0.0

    room = width - indent
    for word, space_after in _words(para):
        ww = word[-1].x + word[-1].width
        space = _advance(" ", gap) if cur and gap is not None else 0.0
        if cur and cur_w + space + ww <= room + 1e-9:
            cur.append(Atom(cur_w, space, gap, " "))  # type: ignore[arg-type]
            cur += [Atom(cur_w + space + a.x, a.width, a.style, a.text, a.icon) for a in word]
            cur_w += space + ww
            gap = space_after
            continue
        if cur:
            push()
        if ww > room + 1e-9:
            too_wide.append("".join(f":{a.icon.name}:" if a.icon is not None else a.text for a in word))
            for piece in _split(word, room):
                if cur:
                    push()
                cur = piece
                cur_w = piece[-1].x + piece[-1].width if piece else 0.0
        else:
            cur = list(word)
            cur_w = ww
        gap = space_after
    if cur or not lines:
        push()
    return lines


def _split(word: list[Atom], room: float) -> list[list[Atom]]:
    """A word wider than the line as pieces that fit, broken between characters (at least one each)."""
    pieces: list[list[Atom]] = [[]]
    x = 0.0
    for atom in word:
        chars = [atom.text[k] for k in range(len(atom.text))] if atom.icon is None else [""]
        for ch in chars:
            w = atom.width if atom.icon is not None else _advance(ch, atom.style)
            if pieces[-1] and x + w > room + 1e-9:
                pieces.append([])
                x = 0.0
            prev = pieces[-1][-1] if pieces[-1] else None
            if prev is not None and atom.icon is None and prev.icon is None and prev.style == atom.style:
                pieces[-1][-1] = Atom(prev.x, prev.width + w, prev.style, prev.text + ch)
            else:
                pieces[-1].append(Atom(x, w, atom.style, ch, atom.icon))
            x += w
    return [p for p in pieces if p]
