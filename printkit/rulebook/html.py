"""Rulebook HTML: the blocks of :mod:`printkit.rulebook.markdown` as one self-contained page.

Pictures are inline SVG (the kit's own SVG backend, ids prefixed per picture), so the
file needs nothing beside it. Every piece of text is escaped; links keep only
``http(s)`` and ``mailto`` addresses.
"""

from __future__ import annotations

from html import escape

from printkit.render.svg import num, render_svg

# Names, not the module: the package's function markdown() shadows the submodule's name.
from printkit.rulebook.markdown import (
    Block,
    Break,
    Figure,
    Heading,
    Image,
    Inline,
    ListBlock,
    Para,
    PictureFn,
    Quote,
    Rule,
    Table,
    styled,
)

SAFE_LINKS = ("http://", "https://", "mailto:")


class HtmlWriter:
    def __init__(self, picture: PictureFn) -> None:
        self.picture = picture
        self.count = 0

    def svg(self, src: str) -> str:
        drawing, width = self.picture(src)
        self.count += 1
        svg = render_svg(drawing, roles=("art", "guide"), ids=f"p{self.count}-").decode("utf-8")
        svg = svg[svg.index("<svg"):]  # drop the XML declaration: the SVG sits inside HTML
        _, _, w, h = drawing.box
        height = h * width / w
        head, rest = svg.split(">", 1)
        head = head.replace(f'width="{num(w)}mm"', f'width="{num(width)}mm"', 1)
        head = head.replace(f'height="{num(h)}mm"', f'height="{num(height)}mm"', 1)
        return f'{head} role="img">{rest}'

    def inlines(self, inlines: list[Inline]) -> str:
        out = []
        for item in inlines:
            if isinstance(item, Break):
                out.append("<br>")
            elif isinstance(item, Image):
                out.append(f'<span class="pic" title="{escape(item.alt)}">{self.svg(item.src)}</span>')
            else:
                text = styled(item, escape(item.text, quote=False), ("<code>", "</code>"), ("<em>", "</em>"),
                                 ("<strong>", "</strong>"))
                if item.href and item.href.startswith(SAFE_LINKS):
                    text = f'<a href="{escape(item.href)}">{text}</a>'
                out.append(text)
        return "".join(out)

    def blocks(self, blocks: list[Block]) -> str:
        return "\n".join(self.block(b) for b in blocks)

    def block(self, b: Block) -> str:
        if isinstance(b, Heading):
            return f"<h{b.level}>{self.inlines(b.inlines)}</h{b.level}>"
        if isinstance(b, Para):
            return f"<p>{self.inlines(b.inlines)}</p>"
        if isinstance(b, Figure):
            caption = f"<figcaption>{escape(b.image.alt, quote=False)}</figcaption>" if b.image.alt else ""
            return f"<figure>{self.svg(b.image.src)}{caption}</figure>"
        if isinstance(b, ListBlock):
            tag = "ol" if b.ordered else "ul"
            start = f' start="{b.start}"' if b.ordered and b.start != 1 else ""
            items = "".join(f"<li>{self._tight(item)}</li>" for item in b.items)
            return f"<{tag}{start}>{items}</{tag}>"
        if isinstance(b, Table):
            def cells(row: list[list[Inline]], tag: str) -> str:
                return "".join(
                    f'<{tag} class="{b.aligns[i] if i < len(b.aligns) else "left"}">{self.inlines(c)}</{tag}>'
                    for i, c in enumerate(row))
            head = f"<thead><tr>{cells(b.header, 'th')}</tr></thead>" if b.header else ""
            body = "".join(f"<tr>{cells(r, 'td')}</tr>" for r in b.rows)
            return f"<table>{head}<tbody>{body}</tbody></table>"
        if isinstance(b, Quote):
            return f'<aside class="box">{self.blocks(b.blocks)}</aside>'
        if isinstance(b, Rule):
            return "<hr>"
        raise TypeError(b)

    def _tight(self, blocks: list[Block]) -> str:
        """A list item of one paragraph needs no <p>."""
        if len(blocks) == 1 and isinstance(blocks[0], Para):
            return self.inlines(blocks[0].inlines)
        return self.blocks(blocks)
