"""SVG backend (svgwrite): one true-size SVG per drawing, one layer per role.

The document is sized in mm with a viewBox in mm, so one user unit is one
millimetre. Shapes are grouped by role into ``<g id="art">``, ``<g id="fold">``,
``<g id="cut">`` and ``<g id="guide">`` so a cutting machine can take the cut
layer alone. Shared drawings become ``<defs>`` referenced by ``<use>``.

svgwrite builds every element; a shape or group shared by many faces (the same node
object) is built and written out once and its text reused in later documents (see
``_Frozen``), so a 10,000-card deck costs about half as much as building each face anew.
"""

from __future__ import annotations

import base64
import copy
import re
from collections.abc import Collection, Iterable
from functools import cache
from typing import Any

# ElementTree's own escaping, so the text written here is byte for byte what etree.tostring() writes.
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]

import svgwrite
from svgwrite.container import Group as SvgGroup
from svgwrite.path import Path as SvgPath
from svgwrite.shapes import Circle as SvgCircle
from svgwrite.shapes import Rect as SvgRect
from svgwrite.text import Text as SvgText

from printkit.drawing import (
    IDENTITY,
    ROLES,
    Circle,
    Drawing,
    Group,
    Image,
    Matrix,
    Node,
    Paint,
    Path,
    Rect,
    Role,
    Text,
    Use,
)
from printkit.render.fonts import font_style, svg_family, text_outline

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """Text as XML allows it: characters XML cannot hold are dropped (``<`` and ``&`` are escaped by svgwrite)."""
    return _NOT_XML.sub("", text)


def num(v: float) -> str:
    """A stable, short number: three decimals, no trailing zeros, no ``-0``."""
    s = _NUMS.get(v)
    if s is None:
        s = f"{v:.3f}".rstrip("0").rstrip(".")
        if s in ("-0", ""):
            s = "0"
        if len(_NUMS) >= _NUMS_MAX:
            _NUMS.clear()
        _NUMS[v] = s
    return s


# num() is called some 50 times per card face, mostly with the same few values (sizes, offsets).
# Keys that compare equal format alike (0.0 and -0.0 give "0", 2 and 2.0 give "2"); the memo is
# emptied when full so it stays small.
_NUMS: dict[float, str] = {}
_NUMS_MAX = 50_000


def _matrix(m: Matrix) -> str:
    return "matrix(" + " ".join(map(num, m)) + ")"


def _path_d(p: Path) -> str:
    return " ".join([str(seg[0]) + " ".join([num(float(v)) for v in seg[1:]]) for seg in p.segments])


class _Frozen:
    """A finished part of a document: an svgwrite element already written out as SVG text.

    A shape shared by many faces (the element memo of ``printkit.faces`` returns the same node
    objects, a shared back is one drawing) is made by svgwrite and written by ElementTree once, and
    that text is put into every document that holds it. A frozen part carries no id, so the same
    text is right in any document.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _write(element: svgwrite.base.BaseElement | _Frozen, out: list[str]) -> None:
    """Append ``element`` as SVG text to ``out``: the bytes ``etree.tostring(element.get_xml())`` gives.

    svgwrite still turns every element into an ElementTree element (its attribute names, order and
    value strings); only the writing of that element is done here, with ElementTree's own escaping,
    so frozen parts can be put in as text. Checked against ``etree.tostring`` by the tests.
    """
    if isinstance(element, _Frozen):
        out.append(element.text)
        return
    children = element.elements
    if children or isinstance(element, SvgGroup):  # a container: no text of its own
        start = _start_tag(element)
        if not children:  # an empty <defs /> or <g />
            out.append(start[:-1] + " />")
            return
        out.append(start)
        for child in children:
            _write(child, out)
        out.append(f"</{element.elementname}>")
        return
    xml = element.get_xml()
    tag = xml.tag
    out.append(_tag(xml))
    if xml.text:
        out.append(f">{_escape_cdata(xml.text)}</{tag}>")
    else:
        out.append(" />")


def _tag(xml: Any) -> str:
    """``<name attributes`` of an ElementTree element, as ElementTree writes it."""
    return "<" + xml.tag + "".join(f' {key}="{_escape_attrib(value)}"' for key, value in xml.items())


def _start_tag(element: svgwrite.base.BaseElement) -> str:
    """A container's start tag with svgwrite's attributes, made once per kind and attributes.

    The document's and the layers' attributes are the same in every face of a size.
    """
    key = (type(element), tuple(sorted(element.attribs.items())))
    tag = _START_TAGS.get(key)
    if tag is None:
        shell = copy.copy(element)  # get_xml() of the element without its children
        shell.attribs = dict(element.attribs)
        shell.elements = []
        tag = _tag(shell.get_xml()) + ">"
        if len(_START_TAGS) >= _SHARED_MAX:
            _START_TAGS.clear()
        _START_TAGS[key] = tag
    return tag


_START_TAGS: dict[tuple[type, tuple[tuple[str, Any], ...]], str] = {}


def _frozen(element: svgwrite.base.BaseElement) -> _Frozen:
    out: list[str] = []
    _write(element, out)
    return _Frozen("".join(out))


# Frozen elements by (id(node), role) for groups and (id(node), None) for shapes. The node is kept
# in the value, so its id cannot be reused by another object while the entry lives, and a hit is
# checked with ``is``: only the very same node object is served. Emptied when full, so a long run
# (a 10,000-card deck, where most text is used once) holds at most _SHARED_MAX entries.
_SHARED: dict[tuple[int, Role | None], tuple[Node, _Frozen | None]] = {}
_SHARED_MAX = 4096
_OUTLINED: dict[int, tuple[Node, _Frozen]] = {}  # text nodes drawn as outlines, like _SHARED
_SHARED_OUTLINES: dict[tuple[int, Role | None], tuple[Node, _Frozen | None]] = {}
"""Groups frozen with their text drawn as outlines (never mixed with those holding live text)."""


def _share(key: tuple[int, Role | None], node: Node, frozen: _Frozen | None,
           cache: dict[tuple[int, Role | None], tuple[Node, _Frozen | None]] = _SHARED) -> _Frozen | None:
    if len(cache) >= _SHARED_MAX:
        cache.clear()
    cache[key] = (node, frozen)
    return frozen


def _self_contained(group: Group) -> bool:
    """Whether a group is kept for later documents: no clip, reference or picture below it.

    Clip paths and references get ids numbered per document (and prefixed with ``ids``), so a
    group that holds one is rebuilt in each document. A picture's data URI can be megabytes, so
    it is not kept either (the cache is bounded by entries, not bytes).
    """
    if group.clip is not None:
        return False
    for child in group.children:
        if isinstance(child, (Use, Image)) or (isinstance(child, Group) and not _self_contained(child)):
            return False
    return True


def _outlined(node: Text) -> Path:
    """A text node as the outlines of its glyphs (a filled path), placed as the PDF places the text."""
    width, segs = text_outline(node.text, node.font, node.size)
    x = node.x - (width / 2 if node.anchor == "middle" else width if node.anchor == "end" else 0.0)
    moved = tuple((seg[0], *[float(v) + (x if i % 2 == 0 else node.y) for i, v in enumerate(seg[1:])]) for seg in segs)
    return Path(moved, Paint(fill=node.fill), node.role)


class _SvgRenderer:
    def __init__(self, drawing: Drawing, roles: Collection[Role], ids: str = "", outlines: bool = False,
                 layers: bool = False) -> None:
        x, y, w, h = drawing.box
        self.dwg = svgwrite.Drawing(
            size=(f"{num(w)}mm", f"{num(h)}mm"), viewBox=f"{num(x)} {num(y)} {num(w)} {num(h)}",
            profile="full", debug=False,
        )
        self.drawing = drawing
        self.roles = roles
        self.ids = ids
        self.outlines = outlines
        self._groups = _SHARED_OUTLINES if outlines else _SHARED
        self.layers = layers
        self._defined: set[str] = set()
        self._clips = 0
        self._has: dict[tuple[str, Role], bool] = {}

    def render(self) -> bytes:
        if self.layers:
            self.dwg.attribs["xmlns:inkscape"] = INKSCAPE
        for role in ROLES:
            if role not in self.roles:
                continue
            layer = self.dwg.g(id=self.ids + role)
            if self.layers:
                layer.attribs["inkscape:groupmode"] = "layer"
                layer.attribs["inkscape:label"] = LAYER_NAMES[role]
            self._nodes(layer, self.drawing.children, self.drawing.defs, role)
            if layer.elements:
                self.dwg.add(layer)
        # The same bytes as svgwrite's tostring(), but shared parts are written once (see _Frozen).
        out: list[str] = []
        _write(self.dwg, out)
        return "".join(out).encode("utf-8")

    def _has_role(self, nodes: Iterable[Node], defs: dict[str, Drawing], role: Role) -> bool:
        for node in nodes:
            if isinstance(node, Group):
                if self._has_role(node.children, defs, role):
                    return True
            elif isinstance(node, Use):
                key = (node.ref, role)
                if key not in self._has:
                    sub = defs[node.ref]
                    self._has[key] = self._has_role(sub.children, {**defs, **sub.defs}, role)
                if self._has[key]:
                    return True
            elif node.role == role:
                return True
        return False

    def _nodes(
        self, parent: SvgGroup, nodes: Iterable[Node], defs: dict[str, Drawing], role: Role
    ) -> None:
        dwg = self.dwg
        for node in nodes:
            if isinstance(node, Group):
                hit = self._groups.get((id(node), role))
                if hit is not None and hit[0] is node:
                    if hit[1] is not None:
                        parent.add(hit[1])
                    continue
                if not self._has_role(node.children, defs, role):
                    if _self_contained(node):
                        _share((id(node), role), node, None, self._groups)
                    continue
                g = dwg.g()
                if node.transform != IDENTITY:
                    g["transform"] = _matrix(node.transform)
                if node.clip is not None:
                    self._clips += 1
                    cid = f"{self.ids}clip{self._clips}"
                    cp = dwg.clipPath(id=cid)
                    if node.clip.paint.rule:  # inherited by the clip's shape
                        cp["clip-rule"] = node.clip.paint.rule
                    cp.add(self._element(node.clip))
                    dwg.defs.add(cp)
                    g["clip-path"] = f"url(#{cid})"
                self._nodes(g, node.children, defs, role)
                if _self_contained(node):
                    g = _share((id(node), role), node, _frozen(g), self._groups)
                parent.add(g)
            elif isinstance(node, Use):
                if not self._has_role([node], defs, role):
                    continue
                ref = self._define(node.ref, defs, role)
                u = dwg.use(f"#{ref}")
                if node.transform != IDENTITY:
                    u["transform"] = _matrix(node.transform)
                parent.add(u)
            elif node.role == role:
                parent.add(self._element(node))

    def _define(self, ref: str, defs: dict[str, Drawing], role: Role) -> str:
        sid = f"{self.ids}{ref}--{role}"
        if sid not in self._defined:
            self._defined.add(sid)
            sub = defs[ref]
            g = self.dwg.g(id=sid)
            self._nodes(g, sub.children, {**defs, **sub.defs}, role)
            self.dwg.defs.add(g)
        return sid

    def _element(self, node: Rect | Circle | Path | Text | Image) -> _Frozen | svgwrite.base.BaseElement:
        """The shape's element: made and written out once, then reused by every document that has it."""
        if self.outlines and isinstance(node, Text):  # a text node shared by faces is outlined once
            out = _OUTLINED.get(id(node))
            if out is None or out[0] is not node:
                if len(_OUTLINED) >= _SHARED_MAX:
                    _OUTLINED.clear()
                out = _OUTLINED[id(node)] = (node, _frozen(self._new_element(_outlined(node))))
            return out[1]
        hit = _SHARED.get((id(node), None))
        if hit is not None and hit[0] is node:
            return hit[1]
        if isinstance(node, Image):  # not kept: its data URI can be large and is rarely shared
            return self._new_element(node)
        return _share((id(node), None), node, _frozen(self._new_element(node)))

    def _new_element(self, node: Rect | Circle | Path | Text | Image) -> svgwrite.base.BaseElement:
        # The svgwrite classes are called directly and handed their finished attribute dict: the
        # factory (dwg.rect(...)) and keyword arguments go through per-attribute name mangling and
        # checks that were most of the cost of a card face. The values are the strings the keyword
        # form stored (x=[s] is stored as s), and get_xml() sorts attributes, so the output is the same.
        dwg = self.dwg
        if isinstance(node, Text):
            el = SvgText(xml_text(node.text), factory=dwg)
            attrs = {"x": num(node.x), "y": num(node.y), "fill": node.fill,
                     "font-size": num(node.size), "font-family": svg_family(node.font)}
            face = _face_attrs(node.font)  # the face's own weight and slant: a game's bold stays bold
            if face:
                attrs.update(face)
            if node.anchor != "start":
                attrs["text-anchor"] = node.anchor
        elif isinstance(node, Image):
            # Embedded as a data URI so the SVG stands alone; the box is filled exactly.
            uri = f"data:image/{node.format};base64," + base64.b64encode(node.data).decode("ascii")
            return dwg.image(href=uri, insert=(num(node.x), num(node.y)), size=(num(node.w), num(node.h)),
                             preserveAspectRatio="none")
        elif isinstance(node, Rect):
            el = SvgRect(factory=dwg)
            attrs = {"x": num(node.x), "y": num(node.y), "width": num(node.w), "height": num(node.h),
                     **_paint_attrs(node.paint)}
            if node.r:
                attrs["rx"] = attrs["ry"] = num(node.r)
        elif isinstance(node, Circle):
            el = SvgCircle(factory=dwg)
            attrs = {"cx": num(node.cx), "cy": num(node.cy), "r": num(node.r), **_paint_attrs(node.paint)}
        else:
            el = SvgPath(_path_d(node), factory=dwg)
            attrs = _paint_attrs(node.paint)
        el.attribs.update(attrs)  # a copy: the paint's dict itself is never handed out
        return el


@cache
def _face_attrs(font: str) -> dict[str, str]:
    """The SVG attributes that pick a font's face within its family: its weight and slant, when not regular."""
    weight, italic = font_style(font)
    attrs = {}
    if weight != 400:
        attrs["font-weight"] = "bold" if weight == 700 else str(weight)
    if italic:
        attrs["font-style"] = "italic"
    return attrs


def _paint_attrs(paint: Paint) -> dict[str, str]:
    """A paint's SVG attributes (made once per paint; callers copy them)."""
    attrs = _PAINTS.get(paint)
    if attrs is None:
        attrs = {"fill": paint.fill or "none"}
        if paint.fill:
            attrs["fill-rule"] = paint.rule or "evenodd"
        if paint.stroke:
            attrs["stroke"] = paint.stroke
            attrs["stroke-width"] = num(paint.width)
            if paint.dash:
                attrs["stroke-dasharray"] = " ".join(num(d) for d in paint.dash)
            if paint.cap:
                attrs["stroke-linecap"] = paint.cap
            if paint.join:
                attrs["stroke-linejoin"] = paint.join
        if paint.opacity < 1.0:
            attrs["opacity"] = num(paint.opacity)
        if len(_PAINTS) >= _SHARED_MAX:
            _PAINTS.clear()
        _PAINTS[paint] = attrs
    return attrs


_PAINTS: dict[Paint, dict[str, str]] = {}


INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
LAYER_NAMES: dict[Role, str] = {"art": "art", "fold": "fold", "cut": "cut", "guide": "registration"}


def render_svg(drawing: Drawing, roles: Collection[Role] = ROLES, ids: str = "", outlines: bool = False,
               layers: bool = False) -> bytes:
    """Render ``drawing`` (its whole box, bleed included) to SVG bytes.

    ``ids`` prefixes every id in the document, so several SVGs can sit inline in one HTML page.
    ``outlines``: text as the outlines of its glyphs (paths), not live text, so the SVG looks the
    same on machines without the font and in cutting software. ``layers``: the role groups are
    marked as Inkscape layers (``cut``, ``registration``...), which cutting programs import as layers.
    """
    return _SvgRenderer(drawing, roles, ids, outlines, layers).render()
