"""Rulebook HTML: the blocks of :mod:`printkit.rulebook.markdown` as one self-contained page.

Pictures are inline SVG (the kit's own SVG backend, ids prefixed per picture), so the
file needs nothing beside it. Every piece of text is escaped; links keep only
``http(s)`` and ``mailto`` addresses.
"""

from __future__ import annotations

from html import escape

import printkit.rulebook.markdown as md
from printkit.render.svg import num, render_svg

SAFE_LINKS = ("http://", "https://", "mailto:")


class HtmlWriter:
    def __init__(self, picture: md.PictureFn) -> None:
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

    def inlines(self, inlines: list[md.Inline]) -> str:
        out = []
        for item in inlines:
            if isinstance(item, md.Break):
                out.append("<br>")
            elif isinstance(item, md.Image):
                out.append(f'<span class="pic" title="{escape(item.alt)}">{self.svg(item.src)}</span>')
            else:
                text = md.styled(item, escape(item.text, quote=False), ("<code>", "</code>"), ("<em>", "</em>"),
                                 ("<strong>", "</strong>"))
                if item.href and item.href.startswith(SAFE_LINKS):
                    text = f'<a href="{escape(item.href)}">{text}</a>'
                out.append(text)
        return "".join(out)

    def blocks(self, blocks: list[md.Block]) -> str:
        return "\n".join(self.block(b) for b in blocks)

    def block(self, b: md.Block) -> str:
        if isinstance(b, md.Heading):
            return f"<h{b.level}>{self.inlines(b.inlines)}</h{b.level}>"
        if isinstance(b, md.Para):
            return f"<p>{self.inlines(b.inlines)}</p>"
        if isinstance(b, md.Figure):
            caption = f"<figcaption>{escape(b.image.alt, quote=False)}</figcaption>" if b.image.alt else ""
            return f"<figure>{self.svg(b.image.src)}{caption}</figure>"
        if isinstance(b, md.ListBlock):
            tag = "ol" if b.ordered else "ul"
            start = f' start="{b.start}"' if b.ordered and b.start != 1 else ""
            items = "".join(f"<li>{self._tight(item)}</li>" for item in b.items)
            return f"<{tag}{start}>{items}</{tag}>"
        if isinstance(b, md.Table):
            def cells(row: list[list[md.Inline]], tag: str) -> str:
                return "".join(
                    f'<{tag} class="{b.aligns[i] if i < len(b.aligns) else "left"}">{self.inlines(c)}</{tag}>'
                    for i, c in enumerate(row))
            head = f"<thead><tr>{cells(b.header, 'th')}</tr></thead>" if b.header else ""
            body = "".join(f"<tr>{cells(r, 'td')}</tr>" for r in b.rows)
            return f"<table>{head}<tbody>{body}</tbody></table>"
        if isinstance(b, md.Quote):
            return f'<aside class="box">{self.blocks(b.blocks)}</aside>'
        if isinstance(b, md.Rule):
            return "<hr>"
        raise TypeError(b)

    def _tight(self, blocks: list[md.Block]) -> str:
        """A list item of one paragraph needs no <p>."""
        if len(blocks) == 1 and isinstance(blocks[0], md.Para):
            return self.inlines(blocks[0].inlines)
        return self.blocks(blocks)
