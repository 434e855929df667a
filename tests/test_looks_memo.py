"""The proof reads a deck's faces with memos (issues 29 and 25): a colour under a point found on one
face is reused on the next face that paints the same fills before it; a text on the line of a text
already judged (same place, same width) shares its verdict. The memos must not change an answer."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit import looks
from printkit.checks._kit import cut_line
from printkit.checks.inside import Faces, Offs, Texts, _outside
from printkit.drawing import Circle, Drawing, Group, Node, Paint, Rect, Text, children_key, walk
from printkit.drawing import Path as Outline
from printkit.kit import draw
from printkit.load import load_game
from printkit.render import fonts

ROOT = Path(__file__).resolve().parent.parent


def test_the_colours_under_texts_are_the_same_with_a_shared_memo() -> None:
    kit = draw(load_game(ROOT / "tests" / "games" / "spells"))
    faces = list(kit.faces.values())
    memo = looks.BackdropMemo()
    plain = [looks.text_boxes(face) for face in faces]
    remembered = [looks.text_boxes(face, memo=memo) for face in faces]
    assert remembered == plain
    points = 5 * sum(len(spots) for spots in plain)  # each text is read at five points
    assert sum(len(spot.under) for spots in plain for spot in spots) > 0
    assert 0 < len(memo.rows) < points, "faces that paint alike share what lies under their texts"


def _deck_faces() -> list[Drawing]:
    """Faces of a deck whose cards differ in their words: each paints its own (equal) background and
    mark, texts of the same width on the same lines; some texts and a mark run off the card."""
    faces = []
    for n in range(1, 25):
        face = Drawing(63.0, 88.0, bleed=3.0)
        face.add(Rect(-3.0, -3.0, 69.0, 94.0, Paint(fill="#fbf8f0")),
                 Text(31.5, 13.0, f"Card {n}", 3.9, font="bold", anchor="middle"),
                 Text(31.5, 70.0, f"Effect text of card number {n}", 2.5, anchor="middle"),
                 Text(31.5, 73.0, "enough to wrap.", 2.5, fill="#2471a3", anchor="middle"))
        if n % 3 == 0:
            face.add(Text(60.0 + n % 4, 40.0, f"edge {n}", 2.5), Circle(63.0 + n % 2, 50.0, 3.0, Paint(fill="#c0392b")))
        faces.append(face)
    return faces


def test_texts_on_one_line_are_judged_once_with_the_same_verdicts() -> None:
    faces = _deck_faces()
    outline = Drawing(63.0, 88.0, [Rect(0.0, 0.0, 63.0, 88.0, Paint(stroke="#000000"), role="cut", r=3.0)])
    for cut in (None, cut_line(outline)):
        plain = [_outside(face, cut, 0.3) for face in faces]
        marks: dict[Any, str | None] = {}
        offs: Offs = {}
        texts: Texts = {}
        remembered = [_outside(face, cut, 0.3, marks, offs, texts) for face in faces]
        assert remembered == plain
        shapes: Faces = {}
        assert [_outside(face, cut, 0.3, {}, {}, {}, shapes) for face in faces] == plain
        assert len(shapes) == 3, "faces painting alike but their texts are judged as the first"
        assert any('text "edge' in what for found in plain for what in found)
        assert any(what.startswith("circle") for found in plain for what in found)
        judged = sum(1 for face in faces for node in face.children if isinstance(node, Text))
        assert 0 < len(texts) < judged / 2, "texts of one width on one line share a verdict"
        assert len(marks) <= 3, "equal backgrounds and marks at one place are judged once"


def test_the_colours_under_texts_on_one_line_are_read_once() -> None:
    faces = _deck_faces()
    memo = looks.BackdropMemo()
    plain = [looks.text_boxes(face) for face in faces]
    remembered = [looks.text_boxes(face, memo=memo) for face in faces]
    assert remembered == plain
    assert {spot.under for spots in plain for spot in spots} == {("#fbf8f0",), ("#fbf8f0", "#ffffff")}
    assert 0 < len(memo.texts) < sum(len(spots) for spots in plain) / 2


def test_children_key_is_equal_where_repr_of_the_children_is() -> None:
    # faces are told apart by what they print, as the repr of their nodes: the key made of texts'
    # fields and the remembered text of groups and paths must tell apart exactly what repr does
    star = Outline((("M", 0, -0.5), ("L", 0.5, 0.5), ("Z",)), Paint(fill="#c0392b"))
    nodes: list[Node] = [Text(1, 2.5, "a'b\"c\\é", 3.0), Text(-0.0, 1e-20, "", 2, fill="#fff", font="bold", anchor="middle", role="cut"),
             Rect(0, 0.0, 1, 1), Group((star, Text(0.0, 0.0, "x", 1.0)), (1.0, 0.0, 0.0, 1.0, 2.0, 3.0)), star,
             Circle(1.0, 1.0, 0.5)]
    again = [replace(node) for node in nodes]  # equal nodes, not the same ones
    zero = [replace(nodes[1], x=0.0) if n == 1 else node for n, node in enumerate(nodes)]  # equal, printed apart
    assert nodes[1] == zero[1] and repr(nodes) != repr(zero)
    assert children_key(nodes) == children_key(again) == children_key(tuple(nodes)) != children_key(zero)
    assert children_key([]) == ()


def test_a_text_measured_while_fitting_keeps_the_width_the_font_gives() -> None:
    # the width a text element measured fitting its lines is kept with each line's node and read by
    # the PDF (centred lines) and the proof: it must be the font's own width of that very node
    kit = draw(load_game(ROOT / "tests" / "games" / "spells"))
    texts = [shape for face in kit.faces.values() for shape, _ in walk(face.children, face.defs)
             if isinstance(shape, Text) and shape.text]
    kept = [t for t in texts if t.advance is not None]
    assert kept, "fitted lines come measured"
    assert all(fonts.advance(t) == fonts.text_width(t.text, t.font, t.size) for t in texts)
    assert all(t.advance is not None for t in texts)  # measured once, then kept
    # a text made from another is measured anew, and the width is no part of its value
    other = replace(kept[0], text=kept[0].text + " and more")
    assert other.advance is None and fonts.advance(other) > fonts.advance(kept[0])
    assert replace(kept[0], role="cut") == replace(Text(kept[0].x, kept[0].y, kept[0].text, kept[0].size, kept[0].fill,
                                                         kept[0].font, kept[0].anchor), role="cut")
    assert repr(kept[0]) == repr(Text(kept[0].x, kept[0].y, kept[0].text, kept[0].size, kept[0].fill, kept[0].font,
                                      kept[0].anchor))


def test_the_colour_read_off_a_row_of_crossings_is_the_colour_backdrop_finds() -> None:
    # Rich text puts each card's words at its own x on the same heights: the memo reads the fills'
    # crossings of a height once and answers every x from them. Shapes of every kind (a rounded
    # rect and a circle of many edges, indexed in bands; a star of few; a turned square; a hole),
    # points anywhere, on box edges and exactly on crossings: the same colour as backdrop().
    import random

    from printkit.drawing import Group

    rng = random.Random(7)
    face = Drawing(63.0, 88.0)
    star = Outline((("M", 30.0, 20.0), ("L", 36.0, 40.0), ("L", 20.0, 28.0), ("L", 40.0, 28.0), ("L", 24.0, 40.0),
                    ("Z",)), Paint(fill="#aa0000"))
    ring = Outline((("M", 5.0, 50.0), ("L", 55.0, 50.0), ("L", 55.0, 80.0), ("L", 5.0, 80.0), ("Z",),
                    ("M", 15.0, 60.0), ("L", 45.0, 60.0), ("L", 45.0, 70.0), ("L", 15.0, 70.0), ("Z",)),
                   Paint(fill="#00aa00"))
    face.add(Rect(0.0, 0.0, 63.0, 88.0, Paint(fill="#fbf8f0"), r=6.0), Circle(31.5, 44.0, 20.0, Paint(fill="#2471a3")),
             star, ring, Group([Rect(10.0, 10.0, 12.0, 12.0, Paint(fill="#123456"))], transform=(0.8, 0.6, -0.6, 0.8, 20, 0)),
             Text(31.5, 44.0, "words", 3.0))
    stack = looks.layers(face)
    text = stack[-1].index
    memo = looks.BackdropMemo()
    below = 0
    heights = [20.0, 28.0, 40.0, 44.0, 50.0, 60.0, 70.0, 80.0, 0.0, 88.0] + [rng.uniform(-2, 90) for _ in range(40)]
    checked = 0
    for y in heights:
        xs = [rng.uniform(-2, 65) for _ in range(30)] + [0.0, 63.0, 5.0, 55.0, 15.0, 45.0, 11.5, 51.5]
        for layer in stack[:text]:
            if layer.fill and layer.box[1] <= y <= layer.box[3]:
                xs += [layer.box[0], layer.box[2], *looks.crossings(layer, y)]  # exactly on its edges
        for x in xs:
            assert memo.under(stack, below, x, y, text) == looks.backdrop(stack, x, y, text), (x, y)
            checked += 1
    assert checked > 2000 and len(memo.rows) == len(set(heights))
    colours = {looks.backdrop(stack, x, y, text) for y in heights for x in (5.0, 20.0, 31.5, 50.0)}
    assert {"#fbf8f0", "#2471a3", "#00aa00"} <= colours  # the shapes are really under the points read


def test_faces_that_paint_alike_but_their_words_are_read_as_the_first() -> None:
    faces = _deck_faces()
    memo = looks.BackdropMemo()
    read = [looks.text_colours(face, memo) for face in faces]
    assert read == [[(spot.text, spot.under, spot.matrix) for spot in looks.text_boxes(face)] for face in faces]
    assert len(memo.faces) == 3, "three ways of painting: without the edge texts and mark, with the mark at two places"


def test_the_memo_stays_bounded_and_right_when_every_face_paints_its_own_shapes(monkeypatch: Any) -> None:
    # rich text draws an inline icon on every card, a shape of its own: each face is new to the memo,
    # which must forget (within its bounds) and still give the same colours as reading afresh
    monkeypatch.setattr(looks, "MEMO_TEXTS", 8)
    monkeypatch.setattr(looks, "MEMO_ROWS", 8)
    faces = []
    for n in range(40):
        face = Drawing(63.0, 88.0)
        icon = Outline((("M", 20.0 + n % 7, 68.0), ("L", 23.0 + n % 7, 68.0), ("L", 21.5 + n % 7, 71.0), ("Z",)),
                       Paint(fill="#c0392b"))
        face.add(Rect(0.0, 0.0, 63.0, 88.0, Paint(fill="#fbf8f0")), Text(8.0, 70.0, f"Gain {n}", 2.5), icon,
                 Text(25.0 + n % 7, 70.0, "coins", 2.5), Text(20.5 + n % 7, 70.0, "x", 2.5))
        faces.append(face)
    memo = looks.BackdropMemo()
    read = [looks.text_colours(face, memo) for face in faces]
    assert read == [[(spot.text, spot.under, spot.matrix) for spot in looks.text_boxes(face)] for face in faces]
    unders = {under for found in read for _, under, _ in found}
    assert ("#fbf8f0",) in unders and any("#c0392b" in under for under in unders)  # the icon is under a word
    assert max(len(memo.faces), len(memo.texts), len(memo.rows)) <= 8
    assert len(memo.stacks) <= 8 + 3  # and what one face adds past the bound (its own fills: three here)


def test_an_icon_at_the_same_place_is_the_same_node_and_elsewhere_its_own() -> None:
    from printkit.icons import symbol_icon

    icon = symbol_icon("coin", "star")
    first, again = icon.draw(10.0, 20.0, 3.0, "#c0392b"), icon.draw(10.0, 20.0, 3.0, "#c0392b")
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))  # one node for both cards
    first.clear()  # the list is the caller's own
    assert icon.draw(10.0, 20.0, 3.0, "#c0392b") == again
    moved, recoloured = icon.draw(12.0, 20.0, 3.0, "#c0392b"), icon.draw(10.0, 20.0, 3.0, "#2471a3")
    assert moved[0] is not again[0] and recoloured[0] is not again[0]
    a, b = again[0], moved[0]
    assert isinstance(a, Outline) and isinstance(b, Outline) and b.paint == a.paint
    shifted = [(sa[0], *[float(v) + (2.0 if i % 2 == 0 else 0.0) for i, v in enumerate(sa[1:])]) for sa in a.segments]
    assert [tuple(round(float(v), 9) if not isinstance(v, str) else v for v in s) for s in b.segments] == \
        [tuple(round(v, 9) if not isinstance(v, str) else v for v in s) for s in shifted]
    assert recoloured[0].paint.fill == "#2471a3"  # type: ignore[union-attr]


def test_layers_of_one_shape_at_one_place_share_its_geometry() -> None:
    star = Outline((("M", 10.0, 10.0), ("L", 20.0, 10.0), ("L", 10.0, 30.0), ("Z",)), Paint(fill="#c0392b"))
    faces = [Drawing(63.0, 88.0, [Rect(0.0, 0.0, 63.0, 88.0, Paint(fill="#fbf8f0")), star,
                                  Text(5.0, 50.0, f"card {n}", 2.5)]) for n in range(3)]
    stacks = [looks.layers(face) for face in faces]
    shared = [stack[1] for stack in stacks]
    assert shared[0].geo is shared[1].geo is shared[2].geo
    assert shared[0] is not shared[1] and shared[0].index == shared[1].index == 1
    # the same answers as a layer given its outline afresh: a right triangle of legs 10 and 20
    fresh = looks.Layer(1, (((10.0, 10.0), (20.0, 10.0), (10.0, 30.0)),), (10.0, 10.0, 20.0, 30.0), "#c0392b", None, 0.0)
    assert shared[2].area == fresh.area == 100.0
    assert shared[2].box == fresh.box == (10.0, 10.0, 20.0, 30.0)
    for x, y in ((11.0, 11.0), (19.0, 11.0), (19.0, 29.0), (12.0, 25.0), (15.0, 21.0)):
        assert shared[2].contains(x, y) == fresh.contains(x, y) == (y - 10.0 <= 2 * (20.0 - x))
    moved = looks.layers(Drawing(63.0, 88.0, [Group((star,), transform=(1.0, 0.0, 0.0, 1.0, 5.0, 0.0))]))[0]
    assert moved.geo is not shared[0].geo and moved.box == (15.0, 10.0, 25.0, 30.0) and moved.area == 100.0


def test_marks_read_with_what_other_faces_found_are_read_as_afresh() -> None:
    # a deck's symbol on the same background on every card, and an icon of its own on each, on the
    # background or on a band; the symbol is read once
    symbol = Outline((("M", 25.0, 30.0), ("L", 38.0, 30.0), ("L", 31.5, 42.0), ("Z",)), Paint(fill="#2471a3"))
    band = Rect(0.0, 60.0, 63.0, 10.0, Paint(fill="#22313f"))
    faces = []
    for n in range(12):
        x, y = 8.0 + 3 * (n % 4), 55.0 + 3 * (n % 3)
        icon = Outline((("M", x, y), ("L", x + 3.0, y), ("L", x + 1.5, y + 3.0), ("Z",)), Paint(fill="#e9c46a"))
        faces.append(Drawing(63.0, 88.0, [Rect(0.0, 0.0, 63.0, 88.0, Paint(fill="#fbf8f0")), band, symbol, icon,
                                          Text(8.0, 80.0, f"card {n}", 2.5)]))
    limit = (47.0, 66.0, 1386.0)
    known: dict[tuple[object, ...], tuple[str, ...]] = {}
    for face in faces:
        afresh = [(m.layer.box, m.colours, m.under) for m in looks.marks(face, limit)]
        remembered = [(m.layer.box, m.colours, m.under) for m in looks.marks(face, limit, known=known)]
        assert remembered == afresh and len(afresh) == 2
    unders = {m.under for face in faces for m in looks.marks(face, limit)}
    assert {("#fbf8f0",), ("#22313f",), ("#fbf8f0", "#22313f")} <= unders  # on paper, on the band, across both
    assert len(known) == 1 + len({(8.0 + 3 * (n % 4), 55.0 + 3 * (n % 3)) for n in range(12)})


def test_the_fills_before_a_text_are_listed_once_and_a_row_holds_only_those_its_height_meets() -> None:
    face = Drawing(63.0, 88.0)
    face.add(Rect(0.0, 0.0, 63.0, 88.0, Paint(fill="#fbf8f0")), Rect(5.0, 10.0, 20.0, 10.0, Paint(fill="#2471a3")),
             Rect(30.0, 50.0, 20.0, 10.0, Paint(stroke="#000000")),  # no fill: never under a text
             Circle(40.0, 55.0, 4.0, Paint(fill="#c0392b")), Text(10.0, 30.0, "words", 3.0))
    stack = looks.layers(face)
    text = stack[-1].index
    memo = looks.BackdropMemo()
    assert memo.under(stack, 0, 10.0, 15.0, text) == "#2471a3"
    assert memo.under(stack, 0, 40.0, 55.0, text) == "#c0392b"
    assert memo.under(stack, 0, 10.0, 40.0, text) == "#fbf8f0"
    filled = [layer for layer in stack[:text] if layer.fill]
    assert [entry[0] for entry in memo.fills[0]] == filled[::-1], "the fills, topmost first, listed once"
    assert [entry[3] for entry in memo.fills[0]] == [layer.box for layer in filled[::-1]]
    assert [[spot.layer.fill for spot, _ in memo.rows[(0, y)]] for y in (15.0, 55.0, 40.0)] == \
        [["#2471a3", "#fbf8f0"], ["#c0392b", "#fbf8f0"], ["#fbf8f0"]], "a height meets only the fills it crosses"
    memo.reset()
    assert not memo.fills
