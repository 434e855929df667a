"""Rulebook HTML: the blocks of :mod:`printkit.rulebook.markdown` as one self-contained page.

Pictures are inline SVG (the kit's own SVG backend, ids prefixed per picture), so the
file needs nothing beside it. Every piece of text is escaped; links keep only
``http(s)`` and ``mailto`` addresses. The game's own fonts are embedded (subset to the
characters of the page) with their weight and slant, so the text and the pictures' text
show in them; spans and inline icons of the rich-text markup show as on the cards.
"""

from __future__ import annotations

import base64
import io
from html import escape

import printkit.rulebook.markdown as md
from printkit.drawing import Drawing, Text, walk
from printkit.render import fonts
from printkit.render.svg import num, render_svg
from printkit.richtext import ICON_SCALE
from printkit.rulebook.look import Look

SAFE_LINKS = ("http://", "https://", "mailto:")


class HtmlWriter:
    def __init__(self, picture: md.PictureFn, look: Look | None = None) -> None:
        self.picture = picture
        self.count = 0
        self.look = look or Look()
        self.fonts: set[str] = set(self.look.body.values())  # font keys the page uses

    def icon(self, item: md.Icon) -> str:
        """An inline icon as a small inline SVG, one text line high, in the colour of its span."""
        look = self.look
        look.span(item.attrs)
        attrs = dict(item.attrs)
        art = look.icon(item.name)
        fill = look.colour(attrs["colour"]) if "colour" in attrs else "#222222"
        em = 1.0
        if "size" in attrs:
            em = look.size(attrs["size"], 10.0) / 10.0
        h = 10.0 * ICON_SCALE
        drawing = Drawing(art.aspect * h, h)
        drawing.add(*art.draw(0.0, 0.0, h, fill))
        self.count += 1
        svg = render_svg(drawing, ids=f"i{self.count}-").decode("utf-8")
        svg = svg[svg.index("<svg"):]
        head, rest = svg.split(">", 1)
        w_em, h_em = art.aspect * ICON_SCALE * em, ICON_SCALE * em
        head = head.replace(f'width="{num(drawing.width)}mm"', f'width="{num(w_em)}em"', 1)
        head = head.replace(f'height="{num(h)}mm"', f'height="{num(h_em)}em"', 1)
        return (f'{head} class="icon" role="img" aria-label="{escape(item.name)}" '
                f'style="vertical-align: {num(0.36 * em - h_em / 2)}em">{rest}')

    def span(self, text: str, attrs: tuple[tuple[str, str], ...]) -> str:
        look = self.look
        look.span(attrs)
        found = dict(attrs)
        css = []
        if "font" in found:
            family = look.family(found["font"])
            self.fonts.update(family.values())
            css.append(f"font-family: {fonts.svg_family(family['regular'])}")
        if "colour" in found:
            css.append(f"color: {look.colour(found['colour'])}")
        if "size" in found:
            value = found["size"]
            css.append(f"font-size: {num(float(value[:-1]) / 100)}em" if value.endswith("%") and
                       look.size(value, 10.0) else f"font-size: {num(look.size(value, 10.0))}pt")
        return f'<span style="{escape("; ".join(css))}">{text}</span>'

    def fonts_css(self, page: str) -> str:
        """CSS for the page: the rulebook's family on the body, and every game font it uses embedded
        (subset to the page's characters) with its weight and slant (so a game's bold stays bold)."""
        rules = []
        for key in sorted(self.fonts):
            data = fonts.game_font_data(key)
            if data is None:
                continue  # printkit's own DejaVu Sans: named, not embedded
            weight, italic = fonts.font_style(key)
            subset = _subset(data, page)
            rules.append(f"@font-face {{ font-family: '{_css_name(fonts.font_name(key))}'; font-weight: {weight}; "
                         f"font-style: {'italic' if italic else 'normal'}; "
                         f"src: url(data:font/ttf;base64,{base64.b64encode(subset).decode('ascii')}); }}")
        rules.append(f"body {{ font-family: {fonts.svg_family(self.look.body['regular'])}; }}")
        return "\n".join(rules)

    def svg(self, src: str) -> str:
        drawing, width = self.picture(src)
        self.count += 1
        self.fonts.update(shape.font for shape, _ in walk(drawing.children, drawing.defs) if isinstance(shape, Text))
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
            elif isinstance(item, md.Icon):
                out.append(self.icon(item))
            else:
                text = md.styled(item, escape(item.text, quote=False), ("<code>", "</code>"), ("<em>", "</em>"),
                                 ("<strong>", "</strong>"))
                if item.attrs:
                    text = self.span(text, item.attrs)
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


def _css_name(name: str) -> str:
    return name.replace("'", "").replace("\\", "").replace("<", "").replace(">", "")


def _subset(data: bytes, text: str) -> bytes:
    """The font with only the glyphs of ``text`` (and the basics a browser needs): a small page."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(io.BytesIO(data), options)
    sub = subset.Subsetter(options)
    sub.populate(text="".join(sorted(set(text))) + " ")
    sub.subset(font)
    out = io.BytesIO()
    subset.save_font(font, out, options)
    return out.getvalue()
