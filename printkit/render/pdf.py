"""PDF backend (reportlab): renders drawing trees page by page.

The page content runs under one transform that maps the tree's millimetres
(y down) to PDF points (y up). Shared drawings (``Drawing.defs``) become form
XObjects, written once per file and reused by every page that places them.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path as FsPath
from typing import BinaryIO

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.drawing import (
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
        target: str | FsPath | BinaryIO,
        *,
        title: str = "",
        cmyk: CmykRule | None = None,
        roles: Collection[Role] = ROLES,
        forms: Collection[str] | None = None,
    ) -> None:
        """``forms``: the shared drawings worth a form XObject (used more than once);
        others are drawn inline where they are used. None: every shared drawing is a form."""
        self._target = target
        self._buf = io.BytesIO()
        # The initial font is ours, so no page refers to a non-embedded standard font.
        with fixed_date():
            self._canvas = Canvas(self._buf, invariant=1, pageCompression=1,
                                  initialFontName=fonts.register("regular"), initialFontSize=10)
        self._canvas.setTitle(title)
        self._canvas.setCreator("printkit")
        self._canvas.setProducer("printkit")
        self._cmyk = cmyk
        self._default_roles = frozenset(roles)
        self._roles = self._default_roles
        self._forms: dict[str, str] = {}
        self._state: dict[str, object] = {}  # graphics state known to be set; cleared at every q/Q
        self._form_refs = None if forms is None else frozenset(forms)
        self._colours: dict[str, Color] = {}
        self.pages = 0

    # --- public API ------------------------------------------------------

    def page(
        self,
        drawing: Drawing,
        *,
        trim_box: tuple[float, float, float, float] | None = None,
        bleed_box: tuple[float, float, float, float] | None = None,
        roles: Collection[Role] | None = None,
    ) -> None:
        """Add one page the size of ``drawing.box``; boxes are (x, y, w, h) in the tree's mm."""
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
        self._save()
        c.transform(PT, 0, 0, -PT, -bx * PT, (bh + by) * PT)
        self._nodes(drawing.children, drawing.defs)
        self._restore()
        c.showPage()
        self.pages += 1

    def close(self) -> bytes:
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
        return writer

    def paint(self, nodes: Iterable[Node], defs: dict[str, Drawing]) -> None:
        """Paint ``nodes`` under the canvas's current transform (the caller maps mm to points)."""
        self._state = {}
        self._nodes(nodes, defs)
        self._state = {}

    # --- drawing -----------------------------------------------------------

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
                self._state = {}  # a form starts from the default graphics state
                self._nodes(sub.children, scope)
                c.endForm()
                self._state = {}
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
        c = self._canvas
        self._save()
        if node.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            c.transform(*node.transform)
        if node.clip is not None:
            p = c.beginPath()
            self._outline(p, node.clip)
            c.clipPath(p, stroke=0, fill=0, fillMode=0)
        self._nodes(node.children, defs)
        self._restore()

    def _use(self, node: Use, defs: dict[str, Drawing]) -> None:
        c = self._canvas
        self._save()
        c.transform(*node.transform)
        if self._inline(node.ref):
            sub = defs[node.ref]
            self._nodes(sub.children, {**defs, **sub.defs} if sub.defs else defs)
        else:
            c.doForm(self._forms[self._key(node.ref)])
        self._restore()

    def _colour(self, hex_colour: str) -> Color:
        col = self._colours.get(hex_colour)
        if col is None:
            if self._cmyk is not None:
                col = CMYKColor(*self._cmyk(hex_colour))
            else:
                col = HexColor(hex_colour)
            self._colours[hex_colour] = col
        return col

    def _set(self, key: str, value: object, setter: Callable[[], None]) -> None:
        """Emit a state operator only when the value differs from what is known to be set."""
        if self._state.get(key) != value:
            setter()
            self._state[key] = value

    def _save(self) -> None:
        self._canvas.saveState()
        self._state = {}

    def _restore(self) -> None:
        self._canvas.restoreState()
        self._state = {}

    def _paint(self, paint: Paint) -> tuple[int, int]:
        """Set what the shape needs, skipping what is already set. No save/restore is needed
        around a shape (only opacity is restored, by the caller)."""
        c = self._canvas
        if paint.fill:
            self._set("fill", paint.fill, lambda: c.setFillColor(self._colour(paint.fill)))  # type: ignore[arg-type]
        if paint.stroke:
            self._set("stroke", paint.stroke, lambda: c.setStrokeColor(self._colour(paint.stroke)))  # type: ignore[arg-type]
            self._set("width", paint.width, lambda: c.setLineWidth(paint.width))
            self._set("dash", paint.dash, lambda: c.setDash(list(paint.dash) if paint.dash else [], 0))
        if paint.opacity < 1.0:
            c.setFillAlpha(paint.opacity)
            c.setStrokeAlpha(paint.opacity)
        return (1 if paint.stroke else 0, 1 if paint.fill else 0)

    @staticmethod
    def _outline(p: object, shape: Rect | Path | Circle) -> None:
        if isinstance(shape, Rect):
            if shape.r:
                p.roundRect(shape.x, shape.y, shape.w, shape.h, shape.r)  # type: ignore[attr-defined]
            else:
                p.rect(shape.x, shape.y, shape.w, shape.h)  # type: ignore[attr-defined]
        elif isinstance(shape, Circle):
            p.circle(shape.cx, shape.cy, shape.r)  # type: ignore[attr-defined]
        else:
            for seg in shape.segments:
                op = seg[0]
                if op == "M":
                    p.moveTo(seg[1], seg[2])  # type: ignore[attr-defined]
                elif op == "L":
                    p.lineTo(seg[1], seg[2])  # type: ignore[attr-defined]
                elif op == "C":
                    p.curveTo(*seg[1:])  # type: ignore[attr-defined]
                else:
                    p.close()  # type: ignore[attr-defined]

    def _shape(self, shape: Rect | Circle | Path) -> None:
        c = self._canvas
        translucent = shape.paint.opacity < 1.0
        if translucent:
            self._save()
        stroke, fill = self._paint(shape.paint)
        if stroke or fill:
            p = c.beginPath()
            self._outline(p, shape)
            c.drawPath(p, stroke=stroke, fill=fill, fillMode=0)
        if translucent:
            self._restore()

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
        c = self._canvas
        name = fonts.register(t.font)
        x = t.x
        if t.anchor != "start":
            w = fonts.text_width(t.text, t.font, t.size)
            x -= w / 2 if t.anchor == "middle" else w
        text = c.beginText()
        text.setTextTransform(1, 0, 0, -1, x, t.y)  # the page is y-down; text must read upright
        text.setFont(name, t.size)
        text.setFillColor(self._colour(t.fill))
        text.textOut(t.text)
        c.drawText(text)
        self._state.pop("fill", None)  # the text object set the fill colour
