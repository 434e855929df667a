"""PDF backend (reportlab): renders drawing trees page by page.

The page content runs under one transform that maps the tree's millimetres
(y down) to PDF points (y up). Shared drawings (``Drawing.defs``) become form
XObjects, written once per file and reused by every page that places them.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
from collections.abc import Callable, Collection, Iterable, Iterator
from functools import lru_cache
from pathlib import Path as FsPath
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pdfgeom import bezierArc

from printkit.drawing import (
    IDENTITY,
    ROLES,
    Circle,
    Drawing,
    Group,
    Image,
    Node,
    Paint,
    Path,
    Rect,
    Role,
    Text,
    Use,
)
from printkit.render import fonts

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

PT = 72.0 / 25.4  # points per millimetre
CmykRule = Callable[[str], tuple[float, float, float, float]]


@contextlib.contextmanager
def fixed_date() -> Iterator[None]:
    """Make a reportlab canvas inside this block: it gets the fixed 2000-01-01 date.

    reportlab dates invariant PDFs from SOURCE_DATE_EPOCH when it is set; ours must not
    depend on the environment, so the variable is hidden while the canvas is made.
    """
    epoch = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = epoch


def _form_name(ref: str) -> str:
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in ref)


class PdfWriter:
    """Write drawings as pages of one PDF file, byte-identical for identical input."""

    def __init__(
        self,
        target: str | FsPath | SupportsWrite[bytes],
        *,
        title: str = "",
        cmyk: CmykRule | None = None,
        roles: Collection[Role] = ROLES,
        forms: Collection[str] | None = None,
        tags: str | None = None,
        output_intent: tuple[bytes, str] | None = None,
        pdfx: bool = False,
    ) -> None:
        """``forms``: the shared drawings worth a form XObject (used more than once);
        others are drawn inline where they are used. None: every shared drawing is a form.
        ``tags``: the seed of the font subset tags (default: the title), see :func:`subset_tag`.
        ``output_intent``: (ICC profile, its output condition) written as the file's OutputIntent.
        ``pdfx``: declare the file PDF/X-1a:2001 (see :data:`PDFX`); only for CMYK files with an output intent."""
        self._target = target
        self._tags = title if tags is None else tags
        self._intent = output_intent
        self._buf = io.BytesIO()
        # The initial font is ours, so no page refers to a non-embedded standard font.
        with fixed_date():
            self._canvas = Canvas(self._buf, invariant=1, pageCompression=1,
                                  initialFontName=fonts.register("regular"), initialFontSize=10)
        self._canvas.setTitle(title)
        self._canvas.setCreator("printkit")
        self._canvas.setProducer("printkit")
        if pdfx:
            _declare_pdfx(self._canvas)
        self._cmyk = cmyk
        self._default_roles = frozenset(roles)
        self._roles = self._default_roles
        self._forms: dict[str, str] = {}
        self._state: dict[str, object] = {}  # graphics state known to be set (fill, stroke, width, dash)
        self._stack: list[dict[str, object]] = []  # the states saved by the open q operators
        self._form_refs = None if forms is None else frozenset(forms)
        self._colours: dict[tuple[str, bool], str] = {}  # (hex, stroke) -> colour operator
        self._fonts: dict[str, tuple[TTFont, str]] = {}  # see _font
        self._lit = self._canvas.addLiteral
        self.pages = 0

    # --- public API ------------------------------------------------------

    def page(
        self,
        drawing: Drawing,
        *,
        trim_box: tuple[float, float, float, float] | None = None,
        bleed_box: tuple[float, float, float, float] | None = None,
        roles: Collection[Role] | None = None,
        clip: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Add one page the size of ``drawing.box``; boxes are (x, y, w, h) in the tree's mm.
        ``clip``: nothing is painted outside this rectangle (a sheet's printable area)."""
        c = self._canvas
        bx, by, bw, bh = drawing.box
        c.setPageSize((bw * PT, bh * PT))
        for setter, box in ((c.setTrimBox, trim_box), (c.setBleedBox, bleed_box)):
            if box is not None:
                x, y, w, h = box
                setter((
                    (x - bx) * PT,
                    (bh - (y - by) - h) * PT,
                    (x - bx + w) * PT,
                    (bh - (y - by)) * PT,
                ))
        self._roles = frozenset(roles) if roles is not None else self._default_roles
        self._define_forms(drawing.children, drawing.defs)
        self._state, self._stack = dict(_PAGE_STATE), []
        self._lit(self._push() + " " + fp_str(PT, 0, 0, -PT, -bx * PT, (bh + by) * PT) + " cm")
        if clip is not None:
            self._lit(fp_str(*clip) + " re W n")
        self._nodes(drawing.children, drawing.defs)
        self._lit(self._pop())
        c.showPage()
        self.pages += 1

    def close(self) -> bytes:
        if self._intent is not None:
            _add_output_intent(self._canvas, *self._intent)
        with subset_tags(self._tags):
            self._canvas.save()
        data = self._buf.getvalue()
        if isinstance(self._target, (str, FsPath)):
            FsPath(self._target).write_bytes(data)
        else:
            self._target.write(data)
        return data

    @classmethod
    def painter(cls, canvas: Canvas, roles: Collection[Role] = ROLES) -> PdfWriter:
        """A writer that paints onto another canvas (the rulebook's drawing flowables), so pictures
        in running text are painted by this very code. Shared drawings are drawn inline there."""
        writer = cls(io.BytesIO(), roles=roles, forms=())
        writer._canvas = canvas
        writer._lit = canvas.addLiteral
        return writer

    def paint(self, nodes: Iterable[Node], defs: dict[str, Drawing]) -> None:
        """Paint ``nodes`` under the canvas's current transform (the caller maps mm to points).

        The picture is painted inside q/Q: the colours and fonts it sets do not outlive it, so the
        canvas's own record of its state (which platypus relies on) stays true."""
        self._state, self._stack = {}, []
        self._lit(self._push())
        self._nodes(nodes, defs)
        self._lit(self._pop())

    # --- drawing -----------------------------------------------------------
    #
    # Page content is written as PDF operators (``q``, ``cm``, ``re``, ``rg``, ``Tj``...) joined into
    # one string per node and appended with the canvas's public ``addLiteral``, numbers formatted by
    # reportlab's C ``fp_str``. reportlab's general path and text objects (and its Python state
    # stack behind every saveState) cost more than half of a large build; what stays with reportlab
    # is rare or involved: forms, images, opacity (ExtGState), page boxes and font embedding.
    # Nothing here changes the canvas's own idea of its state (font, colours), so a platypus canvas
    # we paint on carries on as before.

    def _push(self) -> str:
        """``q``: what is set stays known inside; ``_pop`` returns to it."""
        self._stack.append(self._state)
        self._state = dict(self._state)
        return "q"

    def _pop(self) -> str:
        self._state = self._stack.pop()
        return "Q"

    def _define_forms(self, nodes: Iterable[Node], defs: dict[str, Drawing]) -> None:
        for node in nodes:
            if isinstance(node, Group):
                self._define_forms(node.children, defs)
            elif isinstance(node, Use) and not self._inline(node.ref) and self._key(node.ref) not in self._forms:
                sub = defs[node.ref]
                scope = {**defs, **sub.defs}
                self._define_forms(sub.children, scope)
                name = _form_name(self._key(node.ref))
                x, y, w, h = sub.box
                c = self._canvas
                c.beginForm(name, x, y, x + w, y + h)
                # A form inherits the graphics state of wherever it is placed: nothing is known.
                outer, self._state, self._stack = (self._state, self._stack), {}, []
                self._nodes(sub.children, scope)
                c.endForm()
                self._state, self._stack = outer
                self._forms[self._key(node.ref)] = name

    def _inline(self, ref: str) -> bool:
        return self._form_refs is not None and ref not in self._form_refs

    def _key(self, ref: str) -> str:
        """Forms are per role filter: a face drawn with its cut lines is another form."""
        if self._roles == self._default_roles:
            return ref
        return ref + "__" + "_".join(sorted(self._roles))

    def _nodes(self, nodes: Iterable[Node], defs: dict[str, Drawing]) -> None:
        roles = self._roles
        for node in nodes:
            kind = type(node)
            if kind is Group:
                self._group(node, defs)  # type: ignore[arg-type]
            elif kind is Use:
                self._use(node, defs)  # type: ignore[arg-type]
            elif node.role in roles:  # type: ignore[union-attr]
                if kind is Text:
                    self._text(node)  # type: ignore[arg-type]
                elif kind is Image:
                    self._image(node)  # type: ignore[arg-type]
                else:
                    self._shape(node)  # type: ignore[arg-type]

    def _group(self, node: Group, defs: dict[str, Drawing]) -> None:
        ops = [self._push()]
        if node.transform != IDENTITY:
            ops.append(fp_str(node.transform) + " cm")
        if node.clip is not None:
            ops.append(self._outline(node.clip))
            ops.append("W n" if node.clip.paint.rule == "nonzero" else "W* n")
        self._lit(" ".join(ops))
        self._nodes(node.children, defs)
        self._lit(self._pop())

    def _use(self, node: Use, defs: dict[str, Drawing]) -> None:
        self._lit(self._push() + " " + fp_str(node.transform) + " cm")
        if self._inline(node.ref):
            sub = defs[node.ref]
            self._nodes(sub.children, {**defs, **sub.defs} if sub.defs else defs)
        else:
            self._canvas.doForm(self._forms[self._key(node.ref)])
        self._lit(self._pop())

    def _colour(self, hex_colour: str, stroke: bool) -> str:
        """The operator setting a fill (``rg``/``k``) or stroke (``RG``/``K``) colour, as reportlab writes it."""
        key = (hex_colour, stroke)
        op = self._colours.get(key)
        if op is None:
            if self._cmyk is not None:
                op = fp_str(self._cmyk(hex_colour)) + (" K" if stroke else " k")
            else:
                col = HexColor(hex_colour)
                op = fp_str(col.red, col.green, col.blue) + (" RG" if stroke else " rg")
            self._colours[key] = op
        return op

    def _paint(self, ops: list[str], paint: Paint) -> str:
        """Append the operators the shape needs, skipping what is already set; return the
        painting operator. No save/restore is needed around a shape (only opacity is restored,
        by the caller). Fills and clips use the even-odd rule (``f*``, ``B*``, ``W*``), as the SVG
        backend does, so a shape inside a shape is a hole."""
        state = self._state
        if paint.fill and state.get("fill") != paint.fill:
            ops.append(self._colour(paint.fill, False))
            state["fill"] = paint.fill
        if paint.stroke:
            if state.get("stroke") != paint.stroke:
                ops.append(self._colour(paint.stroke, True))
                state["stroke"] = paint.stroke
            if state.get("width") != paint.width:
                ops.append(fp_str(paint.width) + " w")
                state["width"] = paint.width
            if state.get("dash") != paint.dash:
                ops.append(f"[{fp_str(paint.dash) if paint.dash else ''}] 0 d")
                state["dash"] = paint.dash
            if state.get("cap", "?") != paint.cap:  # not known (in a form, a picture): always set
                ops.append(f"{_CAPS[paint.cap]} J")
                state["cap"] = paint.cap
            if state.get("join", "?") != paint.join:
                ops.append(f"{_JOINS[paint.join]} j")
                state["join"] = paint.join
            if not paint.fill:
                return "S"
            return "B" if paint.rule == "nonzero" else "B*"
        return ("f" if paint.rule == "nonzero" else "f*") if paint.fill else ""

    def _outline(self, shape: Rect | Path | Circle) -> str:
        """The path operators of ``shape`` (the geometry reportlab's path object drew).

        Cards repeat their geometry (the same frame, the same icon on every card), and so do the files
        of a process (a game's sheets of each paper, its rulebooks, its proof sheet draw the same faces):
        curves and paths are formatted once per process (:data:`_OUTLINES`) and looked up by their
        coordinates afterwards."""
        if type(shape) is Rect and not shape.r:
            return fp_str(shape.x, shape.y, shape.w, shape.h) + " re"
        if type(shape) is Path:
            key: object = shape.segments
        elif type(shape) is Rect:
            key = (shape.x, shape.y, shape.w, shape.h, shape.r)
        else:
            key = (shape.cx, shape.cy, shape.r)  # type: ignore[union-attr]
        ops = _OUTLINES.get(key)
        if ops is None:
            if len(_OUTLINES) >= 4096:  # bounded: a large board of unique shapes must not hoard
                _OUTLINES.clear()
            ops = _OUTLINES[key] = _path_ops(shape)
        return ops

    def _shape(self, shape: Rect | Circle | Path) -> None:
        paint = shape.paint
        if paint.opacity < 1.0:
            self._translucent(shape)
            return
        ops: list[str] = []
        painting = self._paint(ops, paint)
        if painting:
            ops.append(self._outline(shape))
            ops.append(painting)
            self._lit(" ".join(ops))

    def _translucent(self, shape: Rect | Circle | Path) -> None:
        """Opacity needs an ExtGState resource, which reportlab manages: rare, left to it."""
        c = self._canvas
        c.saveState()
        self._push()
        ops: list[str] = []
        painting = self._paint(ops, shape.paint)
        if ops:
            self._lit(" ".join(ops))
        c.setFillAlpha(shape.paint.opacity)
        c.setStrokeAlpha(shape.paint.opacity)
        if painting:
            self._lit(self._outline(shape) + " " + painting)
        self._pop()
        c.restoreState()

    def _image(self, im: Image) -> None:
        """The picture fills its box; the tree's y axis points down, the image's rows up."""
        c = self._canvas
        c.saveState()
        c.translate(im.x, im.y + im.h)
        c.scale(1, -1)
        c.drawImage(ImageReader(io.BytesIO(im.data)), 0, 0, im.w, im.h,
                    mask="auto" if im.format == "png" else None)
        c.restoreState()

    def _text(self, t: Text) -> None:
        """One text object, as reportlab writes it for a TrueType font: each run of characters in
        the font subset reportlab assigned them (it embeds the subsets that were used)."""
        if not t.text:
            return  # an empty line (a blank line of a text block) shows nothing
        font, ascii_tf = self._font(t.font)
        x = t.x
        if t.anchor != "start":
            w = fonts.advance(t)
            x -= w / 2 if t.anchor == "middle" else w
        ops: list[str] = []
        if self._state.get("fill") != t.fill:
            ops.append(self._colour(t.fill, False))
            self._state["fill"] = t.fill
        ops.append("BT 1 0 0 -1 " + fp_str(x, t.y) + " Tm")  # the page is y-down; text must read upright
        size = fp_str(t.size)
        text = t.text
        if ascii_tf and text.isascii() and text.isprintable():
            ops.append(f"{ascii_tf} {size} Tf ({escapePDF(text.encode('ascii'))}) Tj")
        else:
            doc = self._canvas._doc
            for subset, chunk in font.splitString(text, doc):
                ops.append(f"{font.getSubsetInternalName(subset, doc)} {size} Tf ({escapePDF(chunk)}) Tj")
        ops.append("ET")
        self._lit(" ".join(ops))

    def _font(self, key: str) -> tuple[TTFont, str]:
        """The font, and the name of its subset in which printable ASCII is coded as itself
        ('' if there is none): most text is ASCII, and this spares reportlab's per-character
        subset assignment (``splitString``), the larger part of writing a text."""
        entry = self._fonts.get(key)
        if entry is None:
            font = pdfmetrics.getFont(fonts.register(key))
            doc = self._canvas._doc
            ascii_tf = ""
            # reportlab reserves codes 32-126 of subset 0 for ASCII ("ascii readable"); ask
            # splitString itself, once, whether this font codes every one of them so.
            readable = getattr(font, "_asciiReadable", False)
            if readable and font.splitString(_ASCII, doc) == [(0, _ASCII.encode("ascii"))]:
                ascii_tf = font.getSubsetInternalName(0, doc)
            entry = self._fonts[key] = (font, ascii_tf)
        return entry


_PAGE_STATE: dict[str, object] = {"cap": None, "join": None}
"""What a new page's graphics state is known to be: butt caps, mitred joins (PDF's defaults)."""
_CAPS = {None: 0, "round": 1, "square": 2}
_JOINS = {None: 0, "round": 1, "bevel": 2}


def subset_tag(seed: str, n: int) -> bytes:
    """The six capital letters before ``+`` in the name of font subset ``n`` of a file.

    reportlab names the subsets of every file AAAAAA, AAAAAB...: two files merged by a print
    shop would then hold different fonts under one name, and the merged file shows wrong glyphs.
    Deriving the tag from the file (its title names the game, the design and the paper) makes it
    differ between files and stay the same from build to build."""
    digest = hashlib.sha256(f"{seed}\0{n}".encode()).digest()
    return bytes(65 + b % 26 for b in digest[:6])


@contextlib.contextmanager
def subset_tags(seed: str) -> Iterator[None]:
    """While a file is saved, reportlab's subset names come from :func:`subset_tag`, a font subset
    another file of this process embedded already is reused, compressed (see :func:`_reused_subsets`), and
    the file's words are written by quicker means (:func:`_quick_formatting`)."""
    original = ttfonts.SUBSETN
    # reportlab asks for subset n of each font in turn (in a fixed order): number the requests,
    # so the regular and the bold font's first subsets get different tags too.
    calls = iter(range(1 << 30))
    ttfonts.SUBSETN = lambda n, *_: subset_tag(seed, next(calls))
    try:
        with _reused_subsets(), _quick_formatting():
            yield
    finally:
        ttfonts.SUBSETN = original


_SUBSETS: dict[tuple[object, tuple[int, ...]], bytes] = {}
"""(font face, its characters in subset order) -> the TrueType subset reportlab made of them: most of them recur in
every file of a game (the sheets of each paper, the rulebook of each paper, the proof), and so does the subset."""
_MAX_SUBSETS = 64
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
"""The first four bytes of a TrueType font file (as reportlab writes its subsets)."""


@contextlib.contextmanager
def _reused_subsets() -> Iterator[None]:
    """While a file is saved, a font subset made for an earlier file of this process is reused, and so are its
    compressed bytes: making a subset and compressing it (zlib) was a fifth of the five games' rendering time,
    three quarters of it again for a subset made before. The bytes are those reportlab makes, as they are
    what reportlab made: a subset depends only on the font and its characters, zlib only on its input."""
    make, deflate = ttfonts.TTFontFace.makeSubset, pdfdoc.PDFZCompress.encode

    def subset(face: ttfonts.TTFontFace, codes: list[int]) -> bytes:
        key = (face, tuple(codes))
        data = _SUBSETS.get(key)
        if data is None:
            if len(_SUBSETS) >= _MAX_SUBSETS:  # a long `printkit watch` makes many: the oldest go
                del _SUBSETS[next(iter(_SUBSETS))]
            data = _SUBSETS[key] = make(face, codes)
        return data

    def encode(text: str | bytes) -> bytes:
        if isinstance(text, bytes) and text[:4] in _TRUETYPE:
            return _deflated(text)
        return deflate(text)

    with _setting(ttfonts.TTFontFace, "makeSubset", subset), _setting(pdfdoc.PDFZCompress, "encode", encode):
        yield


@contextlib.contextmanager
def _quick_formatting() -> Iterator[None]:
    """While a file is saved, reportlab writes its names, numbers, texts and references as bytes through
    :func:`pdf_format`, :func:`pdfdoc_enc` and :func:`pdf_name`: the same bytes, found faster (reportlab's own
    were two fifths of saving a deck's card sheets: a Python codec for every word of the file, every name
    escaped again on every page)."""
    with (_setting(pdfdoc, "format", pdf_format), _setting(pdfdoc, "pdfdocEnc", pdfdoc_enc),
          _setting(pdfdoc, "PDFName", pdf_name)):
        yield


_NOT_PDFDOC = re.compile("[^\x00-\x17\x20-\x7f]")
"""Characters PDFDocEncoding does not write as their ASCII byte: 0x18-0x1f are accents there, and anything past
ASCII."""


def pdfdoc_enc(text: str | bytes) -> bytes:
    """What reportlab's ``pdfdocEnc`` returns (``text`` in PDFDocEncoding), ASCII text encoded by Python's own
    codec: reportlab's codec is a Python function, called for every name, number and reference of a file (a
    fifth of saving a deck's sheets)."""
    if type(text) is not str:
        return text  # type: ignore[return-value]
    if text.isascii() and (text.isprintable() or _NOT_PDFDOC.search(text) is None):
        return text.encode("ascii")
    return text.encode("extpdfdoc")


def pdf_format(element: object, document: object, toplevel: int = 0) -> bytes:
    """reportlab's ``format`` (an element of a PDF file as bytes), a text or bytes written without its checks
    for every other kind of element first."""
    kind = type(element)
    if kind is str:
        return pdfdoc_enc(element)  # type: ignore[arg-type]
    if kind is bytes:
        return element  # type: ignore[return-value]
    return _FORMAT(element, document, toplevel)


@lru_cache(maxsize=1024)
def pdf_name(name: str, lo: str = "!", hi: str = "~") -> str:
    """reportlab's ``PDFName`` (a name escaped for a PDF file), kept per name: a file writes the same few
    dozen names (``/Type``, ``/Contents``...) for every page."""
    return _PDF_NAME(name, lo, hi)


_PDF_NAME, _FORMAT = pdfdoc.PDFName, pdfdoc.format


@contextlib.contextmanager
def _setting(owner: object, name: str, value: object) -> Iterator[None]:
    """``owner.name`` is ``value`` for a while, then what it was (its own attribute, or none: the class's again)."""
    own = vars(owner)
    missing = object()
    before = own.get(name, missing)
    setattr(owner, name, value)
    try:
        yield
    finally:
        if before is missing:
            delattr(owner, name)
        else:
            setattr(owner, name, before)


@lru_cache(maxsize=_MAX_SUBSETS)
def _deflated(data: bytes) -> bytes:
    """A font subset compressed by reportlab's stream filter (its bytes hash once: they are the same object each
    time, from :data:`_SUBSETS`)."""
    return type(pdfdoc.PDFZCompress).encode(pdfdoc.PDFZCompress, data)


PDFX = {"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"}
"""The document-information keys that declare a file PDF/X-1a:2001 (ISO 15930-1). The rules it promises,
which the print-shop files keep and tests/test_prepress.py checks from the files: PDF 1.3, an OutputIntent
(GTS_PDFX) with a CMYK output profile, DeviceCMYK colour only, every font embedded, TrimBox and BleedBox on
every page, no transparency, ``Trapped`` set, a file ID, title and dates."""


def _declare_pdfx(canvas: Canvas) -> None:
    """Add the PDF/X keys to the document information dictionary reportlab writes."""
    info = canvas._doc.info

    class PdfxInfo(type(info)):  # type: ignore[misc]
        def format(self, document: object) -> bytes:
            text: bytes = super().format(document)
            keys = "".join(f"/{k} ({v}) " for k, v in PDFX.items()).encode("latin-1")
            return text.replace(b"<<", b"<< " + keys, 1)

    info.__class__ = PdfxInfo


def _add_output_intent(canvas: Canvas, profile: bytes, condition: str) -> None:
    """A PDF/X-style OutputIntent in the catalog: the CMYK profile the colours were separated for."""
    doc = canvas._doc
    stream = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), profile, filters=[pdfdoc.PDFZCompress])
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputCondition": pdfdoc.PDFString(condition),
        "OutputConditionIdentifier": pdfdoc.PDFString(condition),
        "RegistryName": pdfdoc.PDFString("http://www.color.org"),
        "Info": pdfdoc.PDFString(condition),
        "DestOutputProfile": doc.Reference(stream, "printkitOutputProfile"),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])


_OUTLINES: dict[object, str] = {}
"""The path operators of the outlines drawn so far in this process, by their coordinates (see
:meth:`PdfWriter._outline`): a function of the geometry alone, the same in every file."""
_ASCII = "".join(map(chr, range(32, 127)))  # the printable ASCII characters
_PATH_OPS = {"M": "m", "L": "l", "C": "c"}


def _path_ops(shape: Rect | Path | Circle) -> str:
    """The path operators of a rounded rectangle, a circle or a path."""
    if isinstance(shape, Rect):
        return _round_rect(shape.x, shape.y, shape.w, shape.h, shape.r)
    if isinstance(shape, Circle):
        r = shape.r
        curves = bezierArc(shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r, 0, 360)
        return " ".join([fp_str(curves[0][:2]) + " m", *(fp_str(curve[2:]) + " c" for curve in curves)])
    return " ".join(
        "h" if seg[0] == "Z" else f"{fp_str(seg[1:])} {_PATH_OPS[seg[0]]}"  # type: ignore[index]
        for seg in shape.segments
    )


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rectangle with quarter-circle corners, the Bézier curves reportlab's ``roundRect`` draws."""
    t = 0.4472 * r  # reportlab's control-point factor
    xlo, xhi = min(x, x + w), max(x, x + w)
    ylo, yhi = min(y, y + h), max(y, y + h)
    return (
        f"{fp_str(xlo + r, ylo)} m {fp_str(xhi - r, ylo)} l "
        f"{fp_str(xhi - t, ylo, xhi, ylo + t, xhi, ylo + r)} c {fp_str(xhi, yhi - r)} l "
        f"{fp_str(xhi, yhi - t, xhi - t, yhi, xhi - r, yhi)} c {fp_str(xlo + r, yhi)} l "
        f"{fp_str(xlo + t, yhi, xlo, yhi - t, xlo, yhi - r)} c {fp_str(xlo, ylo + r)} l "
        f"{fp_str(xlo, ylo + t, xlo + t, ylo, xlo + r, ylo)} c h"
    )
