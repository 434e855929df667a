"""Markdown (from the rulebook templates) -> a small tree of blocks, via markdown-it-py.

One parse feeds both outputs: the PDF writer (``printkit.render.rulebook``) and the HTML
writer (``printkit.rulebook.html``) walk the same blocks, so the two rulebooks carry
the same text, lists, tables and pictures. Raw HTML in the Markdown is not honoured
(it stays literal text): templates may print data written by strangers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from markdown_it import MarkdownIt
from markdown_it.token import Token

from printkit.drawing import Drawing

PictureFn = Callable[[str], tuple[Drawing, float]]
"""Resolves a picture address to the drawing and the width (mm) it is shown at."""


@dataclass(frozen=True)
class Run:
    """A stretch of text with one style."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    href: str | None = None
    attrs: tuple[tuple[str, str], ...] = ()
    """A rich-text span's keys around the text (colour, size, font: docs/text.md)."""


@dataclass(frozen=True)
class Icon:
    """An inline icon, ``:coin:`` (docs/text.md), in the style of the text around it."""

    name: str
    bold: bool = False
    italic: bool = False
    attrs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Image:
    """A picture address (``component:``, ``piece:`` or ``diagram:``) and its caption."""

    src: str
    alt: str


@dataclass(frozen=True)
class Break:
    """A hard line break."""


Inline = Run | Icon | Image | Break


@dataclass
class Heading:
    level: int
    inlines: list[Inline]


@dataclass
class Para:
    inlines: list[Inline]


@dataclass
class Figure:
    """A paragraph that is a picture alone; the alt text is its caption."""

    image: Image


@dataclass
class ListBlock:
    ordered: bool
    items: list[list[Block]]
    start: int = 1


@dataclass
class Table:
    header: list[list[Inline]]
    rows: list[list[list[Inline]]]
    aligns: list[Literal["left", "center", "right"]]


@dataclass
class Quote:
    """A block quote: printed as a boxed aside (examples, hints)."""

    blocks: list[Block]


@dataclass
class Rule:
    """A thematic break (``---``): a new page in the PDF, a line in the HTML."""


Block = Heading | Para | Figure | ListBlock | Table | Quote | Rule


@dataclass
class Document:
    blocks: list[Block] = field(default_factory=list)

    def text(self) -> str:
        """The plain text of every block, for tests and search."""
        out: list[str] = []
        _plain(self.blocks, out)
        return "\n".join(out)


def parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")


def parse(text: str) -> Document:
    tokens = parser().parse(text)
    blocks, _ = _blocks(tokens, 0, None)
    return Document(blocks)


def _blocks(tokens: list[Token], i: int, close: str | None) -> tuple[list[Block], int]:
    out: list[Block] = []
    while i < len(tokens):
        tok = tokens[i]
        if close is not None and tok.type == close:
            return out, i + 1
        t = tok.type
        if t == "heading_open":
            out.append(Heading(int(tok.tag[1]), _inlines(tokens[i + 1])))
            i += 3
        elif t == "paragraph_open":
            inl = _inlines(tokens[i + 1])
            if len(inl) == 1 and isinstance(inl[0], Image):
                out.append(Figure(inl[0]))
            else:
                out.append(Para(inl))
            i += 3
        elif t in ("bullet_list_open", "ordered_list_open"):
            ordered = t == "ordered_list_open"
            start = int(tok.attrGet("start") or 1) if ordered else 1
            items: list[list[Block]] = []
            i += 1
            end = t.replace("_open", "_close")
            while tokens[i].type != end:
                assert tokens[i].type == "list_item_open"
                item, i = _blocks(tokens, i + 1, "list_item_close")
                items.append(item)
            out.append(ListBlock(ordered, items, start))
            i += 1
        elif t == "table_open":
            table, i = _table(tokens, i + 1)
            out.append(table)
        elif t == "blockquote_open":
            inner, i = _blocks(tokens, i + 1, "blockquote_close")
            out.append(Quote(inner))
        elif t == "hr":
            out.append(Rule())
            i += 1
        elif t in ("fence", "code_block"):
            out.append(Para([Run(tok.content.rstrip("\n"), code=True)]))
            i += 1
        else:
            i += 1
    return out, i


def _table(tokens: list[Token], i: int) -> tuple[Table, int]:
    header: list[list[Inline]] = []
    rows: list[list[list[Inline]]] = []
    aligns: list[Literal["left", "center", "right"]] = []
    row: list[list[Inline]] = []
    in_head = False
    while tokens[i].type != "table_close":
        tok = tokens[i]
        if tok.type == "thead_open":
            in_head = True
        elif tok.type == "thead_close":
            in_head = False
        elif tok.type == "tr_open":
            row = []
        elif tok.type == "tr_close":
            if in_head:
                header = row
            else:
                rows.append(row)
        elif tok.type in ("th_open", "td_open"):
            style = str(tok.attrGet("style") or "")
            if in_head:
                aligns.append("center" if "center" in style else "right" if "right" in style else "left")
            row.append(_inlines(tokens[i + 1]))
            i += 2
        i += 1
    return Table(header, rows, aligns), i + 1


def _inlines(tok: Token) -> list[Inline]:
    out: list[Inline] = []
    bold = italic = 0
    href: str | None = None
    for child in tok.children or []:
        t = child.type
        if t == "text":
            if child.content:
                out.append(Run(child.content, bold > 0, italic > 0, False, href))
        elif t == "code_inline":
            out.append(Run(child.content, bold > 0, italic > 0, True, href))
        elif t == "softbreak":
            out.append(Run(" ", bold > 0, italic > 0, False, href))
        elif t == "hardbreak":
            out.append(Break())
        elif t == "strong_open":
            bold += 1
        elif t == "strong_close":
            bold -= 1
        elif t == "em_open":
            italic += 1
        elif t == "em_close":
            italic -= 1
        elif t == "link_open":
            href = str(child.attrGet("href") or "")
        elif t == "link_close":
            href = None
        elif t == "image":
            alt = "".join(c.content for c in child.children or [] if c.type in ("text", "code_inline"))
            out.append(Image(str(child.attrGet("src") or ""), alt))
    return _rich(_merge(out))


_STYLE = 0xE000
"""Private-use characters U+E000..U+E003 mark, in the text of a paragraph joined for the span
parser, where the emphasis Markdown has read changes: U+E000 + bold + 2 x italic."""
_STYLES = re.compile("([\ue000-\ue003])")


def _rich(inlines: list[Inline]) -> list[Inline]:
    """The spans and icons of the rich-text markup (docs/text.md) in the runs of text; Markdown has
    read emphasis, escapes and lists already. A span may hold emphasis (``[**Gain** 2 :coin:]{size=120%}``),
    which markdown-it splits into runs: neighbouring runs of one link (or none) are read as one text,
    with their emphasis marked in it, and each part takes back the emphasis marked before it."""
    out: list[Inline] = []
    group: list[Run] = []

    def flush() -> None:
        if len(group) == 1 or any(_STYLES.search(r.text) for r in group):
            for run in group:  # one run (or text that holds the marks itself): read alone
                out.extend(_spans([run], run.href))
        elif group:
            out.extend(_spans(group, group[0].href))
        group.clear()

    for item in inlines:
        if isinstance(item, Run) and not item.code and (not group or group[0].href == item.href):
            group.append(item)
            continue
        flush()
        if isinstance(item, Run) and not item.code:
            group.append(item)
        else:
            out.append(item)
    flush()
    return out


def _spans(runs: list[Run], href: str | None) -> list[Inline]:
    """The runs ``runs`` (one link's, or none) read for spans and icons as one text."""
    from printkit.richtext import Icon as RichIcon
    from printkit.richtext import parse_spans

    if not any("[" in r.text or ":" in r.text for r in runs):
        return list(runs)
    if len(runs) == 1:
        joined, bold, italic = runs[0].text, runs[0].bold, runs[0].italic
    else:
        joined, bold, italic = "".join(chr(_STYLE + r.bold + 2 * r.italic) + r.text for r in runs), False, False
    out: list[Inline] = []
    for part in parse_spans(joined):
        if isinstance(part, RichIcon):
            out.append(Icon(part.name, bold, italic, part.attrs))
            continue
        for piece in _STYLES.split(part.text) if len(runs) > 1 else [part.text]:
            if len(piece) == 1 and _STYLES.fullmatch(piece):
                bold, italic = bool((ord(piece) - _STYLE) & 1), bool((ord(piece) - _STYLE) & 2)
            elif piece:
                out.append(Run(piece, bold, italic, False, href, part.attrs))
    return out


def _merge(inlines: list[Inline]) -> list[Inline]:
    """Join neighbouring runs of the same style, so each output has fewer, longer spans."""
    out: list[Inline] = []
    for item in inlines:
        prev = out[-1] if out else None
        if isinstance(item, Run) and isinstance(prev, Run) and (prev.bold, prev.italic, prev.code, prev.href) == (
            item.bold, item.italic, item.code, item.href
        ):
            out[-1] = Run(prev.text + item.text, item.bold, item.italic, item.code, item.href)
        else:
            out.append(item)
    return out


Tag = tuple[str, str]


def styled(run: Run, text: str, code: Tag, italic: Tag, bold: Tag) -> str:
    """Wrap already escaped ``text`` in the output's tags for each style the run has (code innermost)."""
    for on, (start, end) in ((run.code, code), (run.italic, italic), (run.bold, bold)):
        if on:
            text = f"{start}{text}{end}"
    return text


def plain(inlines: list[Inline]) -> str:
    return "".join(i.text if isinstance(i, Run) else i.alt if isinstance(i, Image) else f":{i.name}:"
                   if isinstance(i, Icon) else "\n" for i in inlines)


def _plain(blocks: list[Block], out: list[str]) -> None:
    for b in blocks:
        if isinstance(b, (Heading, Para)):
            out.append(plain(b.inlines))
        elif isinstance(b, Figure):
            out.append(b.image.alt)
        elif isinstance(b, ListBlock):
            for item in b.items:
                _plain(item, out)
        elif isinstance(b, Table):
            for row in [b.header, *b.rows]:
                out.append(" | ".join(plain(c) for c in row))
        elif isinstance(b, Quote):
            _plain(b.blocks, out)
