"""The SVG backend writes shared parts of faces once and reuses them: every document must still be whole and right."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import svgwrite
from hypothesis import given
from hypothesis import strategies as st
from svgwrite.etree import etree

from printkit.drawing import (
    CUT,
    FOLD,
    Circle,
    Drawing,
    Group,
    Image,
    Paint,
    Path,
    Rect,
    Text,
    Use,
    line,
    translate,
)
from printkit.render import svg
from printkit.render.svg import num, render_svg

SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def cold_caches() -> None:
    svg._SHARED.clear()
    svg._START_TAGS.clear()
    svg._NUMS.clear()
    svg._PAINTS.clear()
    svg._TEXT_HEADS.clear()


def cold(drawing: Drawing, **kwargs: object) -> bytes:
    """``drawing`` rendered with nothing cached from earlier documents."""
    svg._SHARED.clear()
    svg._START_TAGS.clear()
    return render_svg(drawing, **kwargs)  # type: ignore[arg-type]


def shared_parts() -> tuple[Group, Text, Rect]:
    icon = Group((Path((("M", 0.0, -0.5), ("L", 0.5, 0.5), ("L", -0.5, 0.5), ("Z",)), Paint(fill="#e9c46a")),),
                 transform=(30.0, 0.0, 0.0, 30.0, 31.5, 44.0))
    return icon, Text(5, 10, "Shared & <same>", 4), Rect(0, 0, 63, 88, CUT, role="cut", r=3)


def face(title: str, icon: Group, text: Text, outline: Rect) -> Drawing:
    d = Drawing(63, 88, bleed=3)
    d.add(Rect(-3, -3, 69, 94, Paint(fill="#22313f")), icon, text, Text(31.5, 80, title, 5, anchor="middle"), outline)
    return d


def test_faces_sharing_nodes_each_get_a_whole_svg() -> None:
    icon, text, outline = shared_parts()
    a, b = face("Alpha", icon, text, outline), face("Beta", icon, text, outline)
    alone_a, alone_b = cold(a), cold(b)
    # Rendered one after the other (the second reuses the first's parts), and again: the same bytes.
    assert render_svg(a) == alone_a and render_svg(b) == alone_b and render_svg(a) == alone_a
    for out, title in ((alone_a, "Alpha"), (alone_b, "Beta")):
        root = ET.fromstring(out)
        texts = [t.text for t in root.iter(SVG_NS + "text")]
        assert texts == ["Shared & <same>", title]
        assert len(list(root.iter(SVG_NS + "path"))) == 1
        assert [g.get("id") for g in root if g.tag == SVG_NS + "g"] == ["art", "cut"]
        assert root.find(f"{SVG_NS}g/{SVG_NS}g").get("transform") == "matrix(30 0 0 30 31.5 44)"


def test_a_node_used_twice_in_one_face_is_written_twice() -> None:
    icon, text, _ = shared_parts()
    d = Drawing(50, 50)
    d.add(icon, text, Group((icon,), transform=translate(5, 5)), text)
    root = ET.fromstring(render_svg(d))
    assert len(list(root.iter(SVG_NS + "path"))) == 2
    assert len(list(root.iter(SVG_NS + "text"))) == 2


def test_a_shared_group_with_several_roles_goes_to_each_layer_with_its_own_shapes() -> None:
    mixed = Group((Rect(1, 1, 5, 5, Paint(fill="#00ff00")), Rect(0, 0, 7, 7, CUT, role="cut")),
                  transform=translate(2, 2))
    d = Drawing(20, 20)
    d.add(mixed)
    for out in (render_svg(d), render_svg(d), render_svg(d, roles=("cut",)), render_svg(d, roles=("art",))):
        root = ET.fromstring(out)
        for layer in root.findall(SVG_NS + "g"):
            rects = list(layer.iter(SVG_NS + "rect"))
            assert len(rects) == 1
            assert rects[0].get("fill") == ("#00ff00" if layer.get("id") == "art" else "none")


def ids_and_refs(out: bytes) -> tuple[list[str], list[str]]:
    text = out.decode()
    return re.findall(r' id="([^"]*)"', text), re.findall(r'(?:url\(#|href="#)([^")]*)', text)


def referencing_drawing(icon: Group) -> Drawing:
    mark = Drawing(10, 10)
    mark.add(Circle(5, 5, 2, CUT, role="cut"), line(0, 5, 10, 5, FOLD, role="fold"), icon)
    d = Drawing(80, 80, defs={"mark": mark})
    clipped = Group((Rect(0, 0, 40, 40, Paint(fill="#ff0000")), icon), clip=Rect(0, 0, 20, 20))
    d.add(clipped, Use("mark", translate(10, 10)), Group((Use("mark", translate(30, 30)), clipped)), icon)
    return d


@pytest.mark.parametrize("roles", [("art", "fold", "cut", "guide"), ("art", "guide"), ("cut",)])
def test_prefixed_ids_stay_unique_and_resolve_in_every_document(roles: tuple[str, ...]) -> None:
    icon, _, _ = shared_parts()
    d = referencing_drawing(icon)
    outs = {prefix: render_svg(d, roles=roles, ids=prefix) for prefix in ("p1-", "p2-", "p1-")}
    for prefix in ("p1-", "p2-"):
        out = outs[prefix]
        assert out == cold(d, roles=roles, ids=prefix)
        ids, refs = ids_and_refs(out)
        assert ids and all(i.startswith(prefix) for i in ids)
        assert len(ids) == len(set(ids)), ids
        assert set(refs) <= set(ids) and refs
        other = "p2-" if prefix == "p1-" else "p1-"
        assert other not in out.decode()


def test_a_reused_part_is_not_changed_by_a_render_with_other_roles_or_ids() -> None:
    icon, text, outline = shared_parts()
    d = face("Gamma", icon, text, outline)
    d.add(referencing_drawing(icon).children[0])
    first = cold(d, roles=("art",), ids="x-")
    render_svg(d)
    render_svg(d, roles=("cut", "guide"))
    render_svg(d, roles=("art", "guide"), ids="y-")
    assert render_svg(d, roles=("art",), ids="x-") == first
    assert b"y-" not in first and b'id="x-art"' in first


def test_writing_matches_svgwrite_and_elementtree_byte_for_byte() -> None:
    """svg._Element and svg._write must write what svgwrite's elements gave through ElementTree (the
    backend's bytes before it built its own elements): attributes in name order, empty ones left
    out, escaping included. The same document is built both ways."""
    E = svg._Element
    dwg = svgwrite.Drawing(size=("10mm", "5mm"), viewBox="0 0 10 5", profile="full", debug=False)
    dwg.attribs["xmlns:inkscape"] = svg.INKSCAPE
    root = E("svg", {**svg._ROOT, "width": "10mm", "height": "5mm", "viewBox": "0 0 10 5", "xmlns:inkscape": svg.INKSCAPE})
    defs = E("defs")
    root.add(defs)
    g, mine = dwg.g(id='a"b&<c>', transform="matrix(1 0 0 1 0 0)"), E("g", {"id": 'a"b&<c>', "transform": "matrix(1 0 0 1 0 0)"})
    g["inkscape:groupmode"] = mine.attribs["inkscape:groupmode"] = "layer"
    text = "x < y & \"z\" > w\ttab \u00e9"
    g.add(dwg.text(text, x=["1"], y=["2"], font_family="'Odd', sans-serif", fill="#000000"))
    mine.add(E("text", {"x": "1", "y": "2", "font-family": "'Odd', sans-serif", "fill": "#000000"}, text))
    g.add(dwg.text(""))
    mine.add(E("text", {}, ""))
    g.add(dwg.rect(insert=("0", "0"), size=("1", "1"), fill="none", stroke=None))
    mine.add(E("rect", {"x": "0", "y": "0", "width": "1", "height": "1", "fill": "none"}))
    g.add(dwg.g())
    mine.add(E("g"))
    g.add(dwg.use("#ref"))
    mine.add(E("use", {"xlink:href": "#ref"}))
    g.add(dwg.image(href="data:image/png;base64,AAAA", insert=("0", "0"), size=("1", "1"), preserveAspectRatio="none"))
    mine.add(E("image", {"xlink:href": "data:image/png;base64,AAAA", "x": "0", "y": "0", "width": "1", "height": "1",
                         "preserveAspectRatio": "none"}))
    inner, my_inner = dwg.g(**{"clip-path": "url(#c)"}), E("g", {"clip-path": "url(#c)"})
    inner.add(dwg.path(d="M0 0 L1 1\nZ", opacity="0.5", fill=""))
    my_inner.add(E("path", {"d": "M0 0 L1 1\nZ", "opacity": "0.5", "fill": ""}))
    g.add(inner)
    mine.add(my_inner)
    cp, my_cp = dwg.clipPath(id="c"), E("clipPath", {"id": "c"})
    cp["clip-rule"] = my_cp.attribs["clip-rule"] = "nonzero"
    cp.add(dwg.circle(center=("1", "1"), r="1"))
    my_cp.add(E("circle", {"cx": "1", "cy": "1", "r": "1"}))
    dwg.defs.add(cp)
    defs.add(my_cp)
    dwg.add(g)
    root.add(mine)
    g.add(dwg.g(id="empty", transform="matrix(2 0 0 2 0 0)"))
    mine.add(E("g", {"id": "empty", "transform": "matrix(2 0 0 2 0 0)"}))
    empty = svgwrite.Drawing(size=("1mm", "1mm"), profile="full", debug=False)  # its <defs /> is empty
    my_empty = E("svg", {**svg._ROOT, "width": "1mm", "height": "1mm"})
    my_empty.add(E("defs"))
    for doc, built in ((dwg, root), (empty, my_empty)):
        out: list[str] = []
        svg._write(built, out)
        assert "".join(out) == etree.tostring(doc.get_xml(), encoding="unicode")
        assert "".join(out).startswith("<svg baseProfile=")


@given(st.builds(Text, st.floats(-1e4, 1e4), st.floats(-1e4, 1e4), st.text(max_size=30), st.sampled_from([2.469, 3.881]),
                 st.sampled_from(["#000000", "#ff8800", "", 'a"b&<c>']), st.sampled_from(["regular", "bold", "italic"]),
                 st.sampled_from(["start", "middle", "end"])))
def test_a_text_line_is_written_as_the_generic_element_writer_writes_it(node: Text) -> None:
    out: list[str] = []
    svg._write(svg._text_element(node), out)
    assert svg._text_svg(node) == "".join(out)
    assert svg._text_svg(node) == "".join(out)  # its shared start, kept from the first, is the same


@given(st.one_of(st.text(), st.text(alphabet=st.characters(max_codepoint=0x7F))))
def test_text_keeps_every_character_xml_allows_and_only_those(text: str) -> None:
    assert svg.xml_text(text) == svg._NOT_XML.sub("", text)


def test_text_with_markup_characters_survives() -> None:
    d = Drawing(20, 20)
    d.add(Text(1, 2, 'A & B <c> "d" \'e\'', 3), Text(1, 2, "", 3))
    root = ET.fromstring(render_svg(d))
    assert [t.text for t in root.iter(SVG_NS + "text")] == ['A & B <c> "d" \'e\'', None]


def test_caches_stay_bounded() -> None:
    for i in range(svg._SHARED_MAX + 50):
        d = Drawing(10, 10)
        d.add(Text(i / 1000, 1, f"card {i}", 3 + i / 1000), Group((Rect(0, 0, 1 + i, 1, Paint(fill="#000000")),)))
        render_svg(d)
    assert 0 < len(svg._SHARED) <= svg._SHARED_MAX
    assert len(svg._NUMS) <= svg._NUMS_MAX
    assert len(svg._START_TAGS) <= svg._SHARED_MAX
    assert len(svg._TEXT_HEADS) <= svg._SHARED_MAX


def test_pictures_are_not_kept_between_documents() -> None:
    picture = Image(0, 0, 5, 5, b"\x89PNG" + bytes(5000))
    group = Group((picture, Rect(0, 0, 5, 5, CUT, role="cut")))
    d = Drawing(10, 10)
    d.add(group, picture)
    first = render_svg(d)
    assert first.count(b"data:image/png;base64,") == 2 and render_svg(d) == first
    kept = "".join(frozen.text for _, frozen in svg._SHARED.values() if frozen is not None)
    assert "base64" not in kept and "<rect" in kept


def test_num_memo_gives_the_same_strings() -> None:
    values = [0.0, -0.0, 2, 2.0, -0.0001, 0.0004, 1.23456, -1.5, 1e-9, 12345.6789]
    fresh = [num(v) for v in values]
    assert fresh == ["0", "0", "2", "2", "0", "0", "1.235", "-1.5", "0", "12345.679"]
    assert [num(v) for v in reversed(values)] == list(reversed(fresh))
