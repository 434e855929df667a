"""SVG backend: one true-size SVG per drawing, one layer per role.

The document is sized in mm with a viewBox in mm, so one user unit is one
millimetre. Shapes are grouped by role into ``<g id="art">``, ``<g id="fold">``,
``<g id="cut">`` and ``<g id="guide">`` so a cutting machine can take the cut
layer alone. Shared drawings become ``<defs>`` referenced by ``<use>``.

Every element is an ``_Element`` (a name, its attributes, its children, its text) written out
with ElementTree's escaping: the bytes svgwrite's elements gave through ``etree.tostring`` (its
attributes sorted by name, empty ones left out; the tests hold the two alike), without building an
svgwrite object and an ElementTree element per shape. A shape or group shared by many faces (the
same node object) is built and written out once and its text reused in later documents (see
``_Frozen``), so a 10,000-card deck costs about half as much as building each face anew.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Collection, Iterable
from functools import cache

# ElementTree's own escaping, so the text written here is byte for byte what etree.tostring() writes.
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]

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
    """Text as XML allows it: characters XML cannot hold are dropped (``<`` and ``&`` are escaped when written)."""
    if text.isascii() and text.isprintable():  # most text: nothing to drop (printable ASCII is all allowed)
        return text
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


class _Element:
    """An SVG element being built: its name, attributes (strings), children and text."""

    __slots__ = ("attribs", "elements", "name", "text")

    def __init__(self, name: str, attribs: dict[str, str] | None = None, text: str = "") -> None:
        self.name = name
        self.attribs: dict[str, str] = attribs if attribs is not None else {}
        self.elements: list[_Element | _Frozen] = []
        self.text = text

    def add(self, child: _Element | _Frozen) -> None:
        self.elements.append(child)


CONTAINERS = frozenset({"g", "defs"})
"""Elements written with a start and an end tag even when empty (``<g ...></g>`` never: ``<g ... />``)."""


class _Frozen:
    """A finished part of a document: an element already written out as SVG text.

    A shape shared by many faces (the element memo of ``printkit.faces`` returns the same node
    objects, a shared back is one drawing) is made and written once, and that text is put into
    every document that holds it. A frozen part carries no id, so the same text is right in any
    document.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _write(element: _Element | _Frozen, out: list[str]) -> None:
    """Append ``element`` as SVG text to ``out``: what ElementTree's ``tostring`` writes for it
    (attributes in name order, empty ones left out, ElementTree's own escaping)."""
    if isinstance(element, _Frozen):
        out.append(element.text)
        return
    children = element.elements
    if children or element.name in CONTAINERS:  # a container: no text of its own
        start = _start_tag(element)
        if not children:  # an empty <defs /> or <g />
            out.append(start[:-1] + " />")
            return
        out.append(start)
        for child in children:
            _write(child, out)
        out.append(f"</{element.name}>")
        return
    out.append(_tag(element))
    if element.text:
        out.append(f">{_escape_cdata(element.text)}</{element.name}>")
    else:
        out.append(" />")


def _tag(element: _Element) -> str:
    """``<name attributes`` of an element, as ElementTree writes it."""
    return "<" + element.name + "".join(f' {key}="{_escape_attrib(value)}"'
                                        for key, value in sorted(element.attribs.items()) if value)


def _start_tag(element: _Element) -> str:
    """A container's start tag, made once per name and attributes.

    The document's and the layers' attributes are the same in every face of a size (and set in the same
    order: the attributes are sorted only when the tag is written).
    """
    key = (element.name, tuple(element.attribs.items()))
    tag = _START_TAGS.get(key)
    if tag is None:
        tag = _tag(element) + ">"
        if len(_START_TAGS) >= _SHARED_MAX:
            _START_TAGS.clear()
        _START_TAGS[key] = tag
    return tag


_START_TAGS: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}


def _frozen(element: _Element) -> _Frozen:
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
        self.dwg = _Element("svg", {**_ROOT, "width": f"{num(w)}mm", "height": f"{num(h)}mm",
                                    "viewBox": f"{num(x)} {num(y)} {num(w)} {num(h)}"})
        self.defs = _Element("defs")
        self.dwg.add(self.defs)
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
            layer = _Element("g", {"id": self.ids + role})
            if self.layers:
                layer.attribs["inkscape:groupmode"] = "layer"
                layer.attribs["inkscape:label"] = LAYER_NAMES[role]
            self._nodes(layer, self.drawing.children, self.drawing.defs, role)
            if layer.elements:
                self.dwg.add(layer)
        # Shared parts are written once (see _Frozen).
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

    def _nodes(self, parent: _Element, nodes: Iterable[Node], defs: dict[str, Drawing], role: Role) -> None:
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
                g = _Element("g")
                if node.transform != IDENTITY:
                    g.attribs["transform"] = _matrix(node.transform)
                if node.clip is not None:
                    self._clips += 1
                    cid = f"{self.ids}clip{self._clips}"
                    cp = _Element("clipPath", {"id": cid})
                    if node.clip.paint.rule:  # inherited by the clip's shape
                        cp.attribs["clip-rule"] = node.clip.paint.rule
                    cp.add(self._element(node.clip))
                    self.defs.add(cp)
                    g.attribs["clip-path"] = f"url(#{cid})"
                self._nodes(g, node.children, defs, role)
                if _self_contained(node):
                    frozen = _frozen(g)
                    _share((id(node), role), node, frozen, self._groups)
                    parent.add(frozen)
                else:
                    parent.add(g)
            elif isinstance(node, Use):
                if not self._has_role([node], defs, role):
                    continue
                ref = self._define(node.ref, defs, role)
                u = _Element("use", {"xlink:href": f"#{ref}"})
                if node.transform != IDENTITY:
                    u.attribs["transform"] = _matrix(node.transform)
                parent.add(u)
            elif node.role == role:
                parent.add(self._element(node))

    def _define(self, ref: str, defs: dict[str, Drawing], role: Role) -> str:
        sid = f"{self.ids}{ref}--{role}"
        if sid not in self._defined:
            self._defined.add(sid)
            sub = defs[ref]
            g = _Element("g", {"id": sid})
            self._nodes(g, sub.children, {**defs, **sub.defs}, role)
            self.defs.add(g)
        return sid

    def _element(self, node: Rect | Circle | Path | Text | Image) -> _Frozen | _Element:
        """The shape's element: made and written out once, then reused by every document that has it."""
        if self.outlines and isinstance(node, Text):  # a text node shared by faces is outlined once
            out = _OUTLINED.get(id(node))
            if out is None or out[0] is not node:
                if len(_OUTLINED) >= _SHARED_MAX:
                    _OUTLINED.clear()
                out = _OUTLINED[id(node)] = (node, _frozen(self._new_element(_outlined(node))))
            return out[1]
        hit = _SHARED.get((id(node), None))
        if hit is not None and hit[0] is node and hit[1] is not None:  # (a shape's entry always holds its text)
            return hit[1]
        if isinstance(node, Image):  # not kept: its data URI can be large and is rarely shared
            return self._new_element(node)
        frozen = _Frozen(_text_svg(node)) if type(node) is Text else _frozen(self._new_element(node))
        _share((id(node), None), node, frozen)
        return frozen

    def _new_element(self, node: Rect | Circle | Path | Text | Image) -> _Element:
        if isinstance(node, Text):
            return _text_element(node)
        if isinstance(node, Image):
            # Embedded as a data URI so the SVG stands alone; the box is filled exactly.
            uri = f"data:image/{node.format};base64," + base64.b64encode(node.data).decode("ascii")
            return _Element("image", {"xlink:href": uri, "x": num(node.x), "y": num(node.y), "width": num(node.w),
                                      "height": num(node.h), "preserveAspectRatio": "none"})
        if isinstance(node, Rect):
            attrs = {"x": num(node.x), "y": num(node.y), "width": num(node.w), "height": num(node.h),
                     **_paint_attrs(node.paint)}
            if node.r:
                attrs["rx"] = attrs["ry"] = num(node.r)
            return _Element("rect", attrs)
        if isinstance(node, Circle):
            return _Element("circle", {"cx": num(node.cx), "cy": num(node.cy), "r": num(node.r), **_paint_attrs(node.paint)})
        # a copy of the paint's attributes: the paint's dict itself is never handed out
        return _Element("path", {"d": _path_d(node), **_paint_attrs(node.paint)})


def _text_svg(node: Text) -> str:
    """A text node's element as :func:`_write` writes what ``_new_element`` makes of it, the part its lines
    share (colour, font, size, anchor: the attributes before ``x`` and ``y`` in name order) written once:
    most text on a deck's cards is the card's own, each line written once."""
    key = (node.fill, node.font, node.size, node.anchor)
    head = _TEXT_HEADS.get(key)
    if head is None:
        if len(_TEXT_HEADS) >= _SHARED_MAX:
            _TEXT_HEADS.clear()
        head = _TEXT_HEADS[key] = _tag(_text_element(node, with_place=False))
    text = xml_text(node.text)
    place = f' x="{num(node.x)}" y="{num(node.y)}"'  # numbers: nothing to escape
    return head + place + (f">{_escape_cdata(text)}</text>" if text else " />")


_TEXT_HEADS: dict[tuple[str, str, float, str], str] = {}


def _text_element(node: Text, with_place: bool = True) -> _Element:
    """A text node's element (without ``x`` and ``y``: the start of its tag, see :func:`_text_svg`)."""
    attrs = {"x": num(node.x), "y": num(node.y)} if with_place else {}
    attrs.update({"fill": node.fill, "font-size": num(node.size), "font-family": svg_family(node.font)})
    face = _face_attrs(node.font)  # the face's own weight and slant: a game's bold stays bold
    if face:
        attrs.update(face)
    if node.anchor != "start":
        attrs["text-anchor"] = node.anchor
    return _Element("text", attrs, xml_text(node.text) if with_place else "")


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
_ROOT = {"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
         "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": "full", "version": "1.1"}
"""The root's attributes besides its size: what svgwrite's full profile wrote."""
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
