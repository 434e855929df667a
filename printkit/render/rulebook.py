"""Rulebook PDF (reportlab platypus): the blocks of :mod:`printkit.rulebook.markdown` as flowing pages.

Headings, paragraphs, lists, tables and pictures flow onto A4 or Letter pages with a
numbered footer; text is set in the game's fonts (or the embedded DejaVu Sans), italics in
their italic face, and always wraps inside its frame or table cell; spans and inline icons of
the rich-text markup print as on the cards. Pictures are :class:`DrawingFlowable` s: printkit drawing trees
painted by the same :class:`~printkit.render.pdf.PdfWriter` code that prints the kit.
"""

from __future__ import annotations

import io
import math
from html import escape as _html_escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    ListFlowable,
    ListItem,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError

from printkit.drawing import Drawing
from printkit.render import fonts
from printkit.render.pdf import PT, PdfWriter, fixed_date, subset_tags
from printkit.richtext import ICON_SCALE, NBSP, IconArt
from printkit.rulebook.look import Look
from printkit.rulebook.markdown import (
    Block,
    Break,
    Document,
    Figure,
    Heading,
    Icon,
    Image,
    Inline,
    ListBlock,
    Para,
    PictureFn,
    Quote,
    Rule,
    Run,
    styled,
)
from printkit.rulebook.markdown import Table as TableBlock

MARGIN = 18.0  # mm around the text frame
FOOTER = 9.0  # mm from the page bottom to the footer baseline
INK = colors.HexColor("#222222")
RULE = colors.HexColor("#b8b0a0")
SHADE = colors.HexColor("#f3efe6")


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities: text as paragraph markup reads it (xml.sax.saxutils.escape, without
    the mail, web and TLS modules that one imports)."""
    return _html_escape(text, quote=False)


class _Paragraph(Paragraph):
    """A paragraph that breaks its lines once per width: platypus wraps a paragraph again and again at
    the same width (a table measures its cells, then draws them; a frame tries it, then places it), and
    breaking the lines is most of the rulebook's layout. What ``wrap`` sets is kept per width and set
    again, so the paragraph is in the state a fresh wrap would leave it."""

    _WRAPPED = ("width", "height", "blPara", "_wrapWidths", "_width_max", "_splitLongWordCount", "_hyphenations")

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        owner, memo = self.__dict__.get("_wraps", (None, {}))
        if owner != id(self):  # a copy of a paragraph (platypus copies some) breaks its own lines
            memo = {}
            self.__dict__["_wraps"] = (id(self), memo)
        if availWidth in memo:
            size, state = memo[availWidth]
            self.__dict__.update(state)
            return size
        size = super().wrap(availWidth, availHeight)
        if self.__dict__.get("width") == availWidth:  # else no room at all: nothing was broken or set
            memo[availWidth] = size, {k: self.__dict__[k] for k in self._WRAPPED if k in self.__dict__}
        return size


class DrawingFlowable(Flowable):
    """A printkit drawing (its visible box) scaled to ``width`` mm, painted with the kit's own painter.

    It is never wider than the frame or cell it sits in, and a large picture shrinks (to at
    least ``MIN_SHRINK`` of its size) rather than leave most of a page empty; ``reserve``
    points stay free below it for its caption.
    """

    MIN_SHRINK = 0.6

    def __init__(self, drawing: Drawing, width: float, roles: tuple[str, ...] = ("art", "guide"),
                 reserve: float = 0.0, max_height: float = 600.0) -> None:
        super().__init__()
        self.drawing = drawing
        _, _, w, h = drawing.box
        self.max_height = max_height
        """Tallest the picture may be (points): less than the page's text frame, so a picture
        taller than the page is shrunk rather than placed on no page at all."""
        self.full_scale = min(width / w, max_height / (h * PT))
        self.scale = self.full_scale
        self.width = width * PT
        self.height = h * self.scale * PT
        self.roles = roles
        self.reserve = reserve

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        _, _, w, h = self.drawing.box
        scale = min(self.full_scale, avail_width / (w * PT), self.max_height / (h * PT))
        room = avail_height - self.reserve
        if h * scale * PT > room >= h * scale * PT * self.MIN_SHRINK:
            scale = room / (h * PT)
        self.scale = scale
        self.width, self.height = w * scale * PT, h * scale * PT
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        x, y, _, h = self.drawing.box
        s = self.scale * PT
        c.saveState()
        c.transform(s, 0, 0, -s, -x * s, (h + y) * s)
        PdfWriter.painter(c, roles=self.roles).paint(self.drawing.children, self.drawing.defs)  # type: ignore[arg-type]
        c.restoreState()


class FigureFlowable(Flowable):
    """A picture and its caption that stay together; the picture shrinks a little to fit the page."""

    GAP = 3.0  # points between picture and caption

    def __init__(self, picture: DrawingFlowable, caption: Paragraph | None) -> None:
        super().__init__()
        self.picture = picture
        self.caption = caption
        self.cap_h = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.cap_h = self.caption.wrap(avail_width, avail_height)[1] + self.GAP if self.caption else 0.0
        self.picture.reserve = self.cap_h
        _, h = self.picture.wrap(avail_width, avail_height)
        self.width, self.height = avail_width, h + self.cap_h
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []  # never split a picture from its caption: the whole figure moves to the next page

    def draw(self) -> None:
        pic = self.picture
        pic.drawOn(self.canv, (self.width - pic.width) / 2, self.cap_h)
        if self.caption:
            self.caption.drawOn(self.canv, 0, 0)


def _styles(look: Look, italics: bool = True) -> dict[str, ParagraphStyle]:
    regular, bold = _family(look.body, italics), fonts.register(look.body["bold"])
    base = ParagraphStyle("body", fontName=regular, fontSize=10, leading=14, textColor=INK, spaceAfter=5,
                          splitLongWords=1)
    return {
        "body": base,
        "cell": ParagraphStyle("cell", parent=base, fontSize=9, leading=12, spaceAfter=0),
        "head": ParagraphStyle("head", parent=base, fontName=bold, fontSize=9, leading=12, spaceAfter=0),
        "caption": ParagraphStyle("caption", parent=base, fontSize=8.5, leading=11, alignment=TA_CENTER,
                                  textColor=colors.HexColor("#555555"), spaceBefore=2, spaceAfter=8),
        "h1": ParagraphStyle("h1", parent=base, fontName=bold, fontSize=24, leading=29, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base, fontName=bold, fontSize=15, leading=19, spaceBefore=12,
                             spaceAfter=5, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=base, fontName=bold, fontSize=12, leading=15, spaceBefore=8,
                             spaceAfter=3, keepWithNext=1),
        "footer": ParagraphStyle("footer", parent=base, fontSize=8, textColor=colors.HexColor("#666666")),
    }


def _family(family: dict[str, str], italics: bool = True) -> str:
    """Register a font family's four faces with reportlab (so <b> and <i> pick them); its regular face's name.
    Without ``italics`` (a rulebook with no emphasis) the italic faces are not even read."""
    if not italics:
        family = {**family, "italic": family["regular"], "bold_italic": family["bold"]}
    names = {style: fonts.register(key) for style, key in family.items()}
    registerFontFamily(names["regular"], normal=names["regular"], bold=names["bold"], italic=names["italic"],
                       boldItalic=names["bold_italic"])
    return names["regular"]


class _Icons:
    """Inline icons of the text: each a non-breaking space as wide as the icon (so lines break and
    align around it as around a word) and a callback that paints the icon, as vectors, over that space."""

    NAME = "printkit_icon"

    def __init__(self, look: Look) -> None:
        self.look = look
        self.placed: list[tuple[IconArt, str, float]] = []  # icon, colour, size (points)

    def markup(self, icon: IconArt, fill: str, size: float) -> str:
        self.placed.append((icon, fill, size))
        width = (icon.aspect * ICON_SCALE + 0.16) * size
        face = fonts.register(self.look.body["regular"])
        space = fonts.text_width("\u00a0", self.look.body["regular"], 1.0) or 0.3
        # Enough spaces that none is set larger than the text (a larger one would push the line down).
        count = max(1, math.ceil(width / (space * size) - 1e-9))
        spaces = NBSP * count
        return (f'<font face="{face}" size="{width / space / count:.3f}">{spaces}</font>'
                f'<onDraw name="{self.NAME}" label="{len(self.placed) - 1}"/>')

    def paint(self, canvas, kind: str, label: str) -> None:
        """reportlab's callback, at the end of the icon's space on the line (x, baseline in points)."""
        icon, fill, size = self.placed[int(label)]
        info = canvas._curr_tx_info
        width = (icon.aspect * ICON_SCALE + 0.16) * size
        mm = size / PT
        h = mm * ICON_SCALE
        canvas.saveState()
        canvas.translate(info["cur_x"] - width, info["cur_y"])
        canvas.scale(PT, -PT)  # millimetres, y down, from the baseline at the space's start
        nodes = icon.draw(mm * 0.08, -mm * 0.36 - h / 2, h, fill)
        PdfWriter.painter(canvas).paint(nodes, {})
        canvas.restoreState()


KEEP_LINES = 3
"""Lines of body text that must fit under a heading on its page, or the heading starts the next page."""


def _markup(inlines: list[Inline], look: Look | None = None, icons: _Icons | None = None, size: float = 10.0) -> str:
    """Inline runs as reportlab paragraph markup; every character of text is escaped."""
    out = []
    for item in inlines:
        if isinstance(item, Break):
            out.append("<br/>")
        elif isinstance(item, Image):
            out.append(escape(item.alt))
        elif isinstance(item, Icon):
            if look is None or icons is None:
                out.append(escape(f":{item.name}:"))
                continue
            attrs = dict(item.attrs)
            look.span(item.attrs)
            fill = look.colour(attrs["colour"]) if "colour" in attrs else INK.hexval().replace("0x", "#")
            pt = look.size(attrs["size"], size) if "size" in attrs else size
            out.append(icons.markup(look.icon(item.name), fill, pt))
        else:
            text = styled(item, escape(item.text), ('<font backColor="#eeeeee">', "</font>"), ("<i>", "</i>"),
                          ("<b>", "</b>"))
            if item.attrs and look is not None:
                text = _span(text, item.attrs, look, size)
            out.append(f"<u>{text}</u>" if item.href else text)
    return "".join(out)


def _span(text: str, attrs: tuple[tuple[str, str], ...], look: Look, size: float) -> str:
    look.span(attrs)
    found = dict(attrs)
    parts = []
    if "font" in found:
        parts.append(f'face="{_family(look.family(found["font"]))}"')
    if "colour" in found:
        parts.append(f'color="{look.colour(found["colour"])}"')
    if "size" in found:
        parts.append(f'size="{look.size(found["size"], size):.2f}"')
    return f"<font {' '.join(parts)}>{text}</font>"


class _Builder:
    def __init__(self, picture: PictureFn, frame_width: float, frame_height: float = 700.0,
                 look: Look | None = None, italics: bool = True) -> None:
        self.picture = picture
        self.frame_width = frame_width  # points
        self.max_picture = frame_height * 0.6  # room left for a caption, or a table's header row
        self.frame_height = frame_height
        self.look = look or Look()
        self.st = _styles(self.look, italics)
        self.icons = _Icons(self.look)

    def markup(self, inlines: list[Inline], style: ParagraphStyle) -> str:
        return _markup(inlines, self.look, self.icons, style.fontSize)

    def blocks(self, blocks: list[Block], width: float) -> list[Flowable]:
        out: list[Flowable] = []
        heads: tuple[int, list[Paragraph]] | None = None  # headings in a row, until what follows them is known
        for i, b in enumerate(blocks):
            flowables = self.block(b, width)
            if isinstance(b, Para) and _plain(b.inlines).rstrip().endswith(":") and i + 1 < len(blocks):
                flowables[-1].keepWithNext = 1  # a line that introduces a list or table stays with it
            if isinstance(b, Heading) and b.level >= 2:
                heads = (heads[0], heads[1] + flowables) if heads is not None else (len(out), list(flowables))
            elif heads is not None and flowables:
                out.insert(heads[0], CondPageBreak(self.keep_room(heads[1], flowables[0], width)))
                heads = None
            out += flowables
        return out

    def keep_room(self, heads: list[Paragraph], after: Flowable, width: float) -> float:
        """Room headings need at the foot of a page: themselves and the start of what follows them, KEEP_LINES
        lines of text, or the whole of a picture (which never splits); else they start the next page.
        (keepWithNext alone cannot promise it: a heading kept with something taller than the rest of the
        page is placed, and what follows moves on without it.)"""
        need = sum(h.style.spaceBefore + h.wrap(width, self.frame_height)[1] + h.style.spaceAfter for h in heads)
        lines = KEEP_LINES * self.st["body"].leading
        if isinstance(after, (FigureFlowable, DrawingFlowable)):
            return need + min(after.wrap(width, self.frame_height)[1], self.frame_height - need)
        first = getattr(after, "first_item", None)  # a list: its first item, whole when it is more than text
        if first and not (len(first) == 1 and isinstance(first[0], Paragraph)):
            tall = sum(f.wrap(width - 18, self.frame_height)[1] for f in first)
            return need + min(tall, self.frame_height / 2)
        return need + lines

    def block(self, b: Block, width: float) -> list[Flowable]:
        st = self.st
        if isinstance(b, Heading):
            style = st["h1"] if b.level == 1 else st["h2"] if b.level == 2 else st["h3"]
            return [_Paragraph(self.markup(b.inlines, style), style)]  # its page break: see blocks()
        if isinstance(b, Para):
            return [_Paragraph(self.markup(b.inlines, st["body"]), st["body"])]
        if isinstance(b, Figure):
            drawing, mm = self.picture(b.image.src)
            caption = _Paragraph(escape(b.image.alt), st["caption"]) if b.image.alt else None
            return [FigureFlowable(DrawingFlowable(drawing, mm, max_height=self.max_picture), caption), Spacer(1, 8)]
        if isinstance(b, ListBlock):
            contents = [self.blocks(item, width - 18) for item in b.items]
            items = [ListItem(c) for c in contents]
            kw = {"bulletType": "1", "start": b.start, "bulletFormat": "%s."} if b.ordered else {
                "bulletType": "bullet", "start": "\u2022"}
            listing = ListFlowable(items, leftIndent=14, bulletFontName=st["body"].fontName, bulletFontSize=10,
                                   spaceAfter=4, **kw)
            listing.first_item = contents[0] if contents else []  # see keep_room
            return [listing]
        if isinstance(b, TableBlock):
            return [self.table(b, width), Spacer(1, 6)]
        if isinstance(b, Quote):
            inner = self.blocks(b.blocks, width - 16)
            box = Table([[inner]], colWidths=[width])
            box.setStyle(TableStyle([
                ("FONTNAME", (0, 0), (-1, -1), st["body"].fontName),
                ("BACKGROUND", (0, 0), (-1, -1), SHADE), ("BOX", (0, 0), (-1, -1), 0.5, RULE),
                ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]))
            return [box, Spacer(1, 8)]
        if isinstance(b, Rule):
            return [PageBreak()]
        raise TypeError(b)

    def cell(self, inlines: list[Inline], style: ParagraphStyle, width: float) -> Flowable:
        if len(inlines) == 1 and isinstance(inlines[0], Image):
            drawing, mm = self.picture(inlines[0].src)
            return DrawingFlowable(drawing, min(mm, width / PT), max_height=self.max_picture)
        return _Paragraph(self.markup(inlines, style), style)

    def _longest_words(self, t: TableBlock, ncols: int, pad: float) -> list[float]:
        """Each column's longest word as set (the header's in its bold, the rows' in the cells' font), with
        the cell's padding: narrower, the column would break that word between letters (a "Count" header
        over a column of numbers set as "Cou" over "nt")."""
        head, cell = self.st["head"], self.st["cell"]
        least = [0.0] * ncols
        for row, style, font in ([t.header, head, self.look.body["bold"]], *((r, cell, self.look.body["regular"])
                                                                           for r in t.rows)):
            for col, c in enumerate(row):
                if len(c) == 1 and isinstance(c[0], Image):
                    continue
                words = _plain(c).split()
                if words:
                    widest = max(fonts.text_width(w, font, style.fontSize) for w in words)
                    least[col] = max(least[col], widest + pad + 1)
        return least

    def table(self, t: TableBlock, width: float) -> Table:
        ncols = max(len(t.header), *(len(r) for r in t.rows)) if t.rows else len(t.header)
        pad = 8.0
        fixed: dict[int, float] = {}
        weights: list[float] = []
        least = self._longest_words(t, ncols, pad)
        for col in range(ncols):
            cells = [r[col] for r in [t.header, *t.rows] if col < len(r)]
            pics = [c[0] for c in cells if len(c) == 1 and isinstance(c[0], Image)]
            if pics:  # as wide as its widest picture, and as its longest word (the header's "Picture")
                fixed[col] = max(max(self.picture(p.src)[1] * PT for p in pics) + pad, least[col])
            longest = max((fonts.text_width(_plain(c), self.look.body["regular"], 9) for c in cells), default=10.0)
            weights.append(min(max(longest, 18.0), 220.0))
        natural = [fixed.get(i, weights[i] + pad + 6) for i in range(ncols)]
        if sum(natural) <= width:  # a narrow table keeps its natural width
            widths = natural
        else:
            free = max(width - sum(fixed.values()), 40.0)
            flex = sum(w for i, w in enumerate(weights) if i not in fixed) or 1.0
            widths = [fixed.get(i, free * weights[i] / flex) for i in range(ncols)]
        scale = width / sum(widths) if sum(widths) > width else 1.0
        widths = _at_least([w * scale for w in widths], least, width)
        data = []
        if t.header:
            data.append([self.cell(c, self.st["head"], widths[i] - pad) for i, c in enumerate(t.header)])
        for r in t.rows:
            data.append([self.cell(c, self.st["cell"], widths[i] - pad) for i, c in enumerate(r)]
                        + [_Paragraph("", self.st["cell"])] * (ncols - len(r)))
        table = Table(data, colWidths=widths, repeatRows=1 if t.header else 0, hAlign="LEFT")
        style = [
            ("FONTNAME", (0, 0), (-1, -1), self.st["cell"].fontName),  # tables set a font even around flowables
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
            ("LEFTPADDING", (0, 0), (-1, -1), pad / 2), ("RIGHTPADDING", (0, 0), (-1, -1), pad / 2),
            ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        if t.header:
            style += [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK)]
        table.setStyle(TableStyle(style))
        return table


def _at_least(widths: list[float], least: list[float], most: float) -> list[float]:
    """``widths`` with every column at least as wide as ``least``: widened where the table may grow (to ``most``
    in all), else what a narrow column lacks is taken from the room the others have above their own least,
    in proportion to it (the table keeps its width). Widths that all reach their least are kept as they are."""
    grown = [max(w, lo) for w, lo in zip(widths, least, strict=True)]
    if sum(grown) <= most + 1e-6:
        return grown
    short = sum(max(0.0, lo - w) for w, lo in zip(widths, least, strict=True))
    room = [max(0.0, w - lo) for w, lo in zip(widths, least, strict=True)]
    spare = sum(room)
    if short <= 0 or spare <= 0:
        return widths
    give, take = min(1.0, spare / short), min(1.0, short / spare)
    return [w + (lo - w) * give if w < lo else w - r * take for w, lo, r in zip(widths, least, room, strict=True)]


def _italics(blocks: list[Block]) -> bool:
    """Whether any text of the blocks is emphasised (then the italic faces are needed)."""
    for b in blocks:
        if isinstance(b, (Heading, Para)):
            rows = [b.inlines]
        elif isinstance(b, TableBlock):
            rows = [*b.header, *(cell for row in b.rows for cell in row)]
        else:
            rows = []
        if any(getattr(i, "italic", False) for row in rows for i in row):
            return True
        if isinstance(b, ListBlock) and any(_italics(item) for item in b.items):
            return True
        if isinstance(b, Quote) and _italics(b.blocks):
            return True
    return False


def _plain(inlines: list[Inline]) -> str:
    return "".join(i.text for i in inlines if isinstance(i, Run))


class PageOverflow(Exception):
    """A block of the rulebook (a table row, a picture) is taller than the page: it can never be laid out."""


def rulebook_pdf(doc: Document, picture: PictureFn, paper: tuple[float, float], title: str,
                 look: Look | None = None) -> bytes:
    """The rulebook as PDF bytes on ``paper`` (width, height in mm); byte-identical for identical input.
    ``look``: the fonts, colours and icons of the game (printkit's own fonts when omitted).

    Raises :class:`PageOverflow` (not reportlab's ``LayoutError``) so callers need no backend import."""
    buf = io.BytesIO()
    pw, ph = paper[0] * PT, paper[1] * PT
    m = min(MARGIN, 0.1 * min(paper)) * PT  # a small paper keeps most of its width for the text
    frame = Frame(m, m, pw - 2 * m, ph - 2 * m, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                  id="text")
    builder = _Builder(picture, pw - 2 * m, ph - 2 * m, look, _italics(doc.blocks))
    footer_font = fonts.register(builder.look.body["regular"])

    def footer(canvas, document) -> None:
        canvas.setNamedCB(_Icons.NAME, builder.icons.paint)
        canvas.saveState()
        canvas.setFont(footer_font, 8)
        canvas.setFillColor(colors.HexColor("#666666"))
        canvas.drawCentredString(pw / 2, FOOTER * PT, f"{title} \u2014 page {document.page}")
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(m, FOOTER * PT + 10, pw - m, FOOTER * PT + 10)
        canvas.restoreState()

    template = BaseDocTemplate(
        buf, pagesize=(pw, ph), leftMargin=m, rightMargin=m, topMargin=m, bottomMargin=m,
        title=title, author="", subject="Rules", creator="printkit", producer="printkit", invariant=1,
        initialFontName=footer_font,
    )
    template.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=footer)])
    # The canvas is made inside build(); the subset tags differ from every other file's (merging).
    with fixed_date(), subset_tags(f"{title} rules {pw:.0f}x{ph:.0f}"):
        try:
            template.build(builder.blocks(doc.blocks, pw - 2 * m))
        except LayoutError:  # a table row taller than the page: text without spaces, a giant cell
            raise PageOverflow("a table row or block taller than the page (very long text without spaces?)") from None
        except ValueError as exc:  # a table with more columns than a small paper has room for
            if "availWidth" not in str(exc):
                raise
            raise PageOverflow("a table with more columns than the page has room for") from None
    return buf.getvalue()
