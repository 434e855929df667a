"""The proof's and the sheets' work per card (issue 29): what is the same for many faces is found once,
and every answer is the one the plain way gives."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from printkit import build, drawing, looks, proof, proofsheet
from printkit.build import Rows, _sheets_part, dump_manifest, settings_for
from printkit.checks import inside
from printkit.checks.contrast import _Marks
from printkit.checks.inside import Texts, _outside
from printkit.drawing import Circle, Drawing, Group, Node, Paint, Rect, Text, Use, children_key
from printkit.kit import Kit, draw, plan_boxes
from printkit.load import load_game
from printkit.options import BuildOptions
from printkit.render import fonts

GAMES = Path(__file__).resolve().parent / "games"


NUMBERS = st.one_of(st.sampled_from([0.0, -0.0, 1.0, 1, True, 2.5, 31.5, 1e-20, math.nan, math.inf, -math.inf, 0.1 + 0.2, 0.3]),
                    st.builds(float, st.just("nan")))  # a NaN of its own, not equal to the others
WORDS = st.sampled_from(["", "Card 1", "a'b", 'a"b', "é", "1.0"])
NODES = st.one_of(
    st.builds(Text, NUMBERS, NUMBERS, WORDS, NUMBERS, st.sampled_from(["#000000", "#fff"]),
              anchor=st.sampled_from(["start", "middle"])),
    st.builds(Rect, NUMBERS, NUMBERS, NUMBERS, NUMBERS),
    st.builds(Circle, NUMBERS, NUMBERS, NUMBERS),
    st.builds(lambda x: Group((Text(x, 1.0, "in a group", 2.0),)), NUMBERS),
    st.builds(Use, WORDS),
)


@given(st.lists(st.lists(NODES, max_size=3), min_size=2, max_size=6))
@example([[Text(0.0, 1.0, "a", 2.0)], [Text(-0.0, 1.0, "a", 2.0)]])  # equal, printed apart
@example([[Text(1.0, 1.0, "a", 2.0)], [Text(1, 1.0, "a", 2.0)]])
@example([[Text(float("nan"), 1.0, "a", 2.0)], [Text(float("nan"), 1.0, "a", 2.0)]])  # not equal, printed alike
@example([[Rect(0.0, 0.0, 1.0, 1.0)], [Rect(-0.0, 0.0, 1.0, 1.0)]])
def test_lists_of_nodes_have_equal_keys_exactly_when_their_reprs_are_equal(lists: list[list[Node]]) -> None:
    keys = [children_key(nodes) for nodes in lists]
    for a, key_a in zip(lists, keys, strict=True):
        for b, key_b in zip(lists, keys, strict=True):
            assert (key_a == key_b) == (repr(a) == repr(b)), (a, b)
            assert key_a != key_b or hash(key_a) == hash(key_b)


def test_a_deck_faces_key_holds_its_texts_fields_and_shared_nodes_text() -> None:
    kit = draw(load_game(GAMES / "deck"))
    faces = list(kit.faces.values())
    keys = [children_key(face.children) for face in faces]
    texts = [(part, node) for key, face in zip(keys, faces, strict=True) for part, node in zip(key, face.children, strict=True)
             if type(node) is Text]
    assert texts and all(part == drawing._text_fields(node) for part, node in texts), "no text is written out"
    shared = [part for key in keys for part in key if isinstance(part, str)]
    assert len(shared) > len({id(part) for part in shared}), "a node's text is made once and reused"


def old_tiles(kit: Kit) -> list[proofsheet.Tile]:
    """:func:`proofsheet.tiles` as it was: a Tile made for every piece, each outline read for each side."""
    order = {c.id: i for i, c in enumerate(kit.game.components)}
    items = sorted((item for items in kit.groups.values() for item in items if item.component in order),
                   key=lambda it: order[it.component])
    fronts: dict[object, proofsheet.Tile] = {}
    backs: dict[object, proofsheet.Tile] = {}
    same: dict[str, object] = {}

    def design(ref: str) -> object:
        if ref not in same:
            face = kit.faces.get(ref)
            same[ref] = (face.width, face.height, repr(face.children)) if face is not None else ref
        return same[ref]

    for item in items:
        comp = kit.game.component(item.component)
        for ref, table, back in ((item.front_ref, fronts, False), (item.back_ref, backs, True)):
            if ref is None:
                continue
            key = design(ref)
            old = table.get(key)
            names = comp.label
            if old is not None and back and comp.label not in old.component.split(", "):
                names = f"{old.component}, {comp.label}"
            elif old is not None:
                names = old.component
            label = (ref.removeprefix(f"{item.component}-") if ref.endswith("back") else "back") if back \
                else (item.variant or comp.label)
            if old is not None and not back and old.label != label:
                label = proofsheet._common(old.label, label)
            table[key] = proofsheet.Tile(old.ref if old else ref, names, label, (old.count if old else 0) + 1, back,
                                         proofsheet._cut_shape(item.art.outline), item.component)
    return [*fronts.values(), *backs.values()]


@pytest.mark.parametrize("game", ["deck", "spells", "tallies", "standees", "bestiary"])
def test_tiles_count_each_design_as_a_tile_per_piece_did(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kit = draw(load_game(GAMES / game))
    want = old_tiles(kit)
    read: list[object] = []
    cut_shape = proofsheet._cut_shape

    def spy(outline: Drawing | None) -> object:
        read.append(outline)
        return cut_shape(outline)
    monkeypatch.setattr(proofsheet, "_cut_shape", spy)
    assert proofsheet.tiles(kit) == want
    outlines = {id(i.art.outline) for items in kit.groups.values() for i in items}
    assert len(read) == len(outlines), "each outline's cut shape is read once"


def test_a_tile_is_framed_by_the_cut_line_of_its_last_piece() -> None:
    kit = draw(load_game(GAMES / "deck"))
    group, items = next(iter(kit.groups.items()))
    last = items[-1]
    disc = Drawing(last.art.front.width, last.art.front.height,
                   [Circle(31.5, 44.0, 30.0, Paint(stroke="#000000"), role="cut")])
    kit.groups[group] = [*items[:-1], replace(last, art=replace(last.art, outline=disc))]
    found = proofsheet.tiles(kit)
    assert found == old_tiles(kit)
    assert [t.outline for t in found if t.back] == [disc.children[0]], "the back every card shares: the last card's"


def test_a_measured_text_is_read_without_the_render_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    text = Text(10.0, 20.0, "Card 1", 3.0, anchor="middle")
    width = fonts.advance(text)
    monkeypatch.setattr(fonts, "advance", lambda _text: pytest.fail("measured again"))
    assert looks.text_line(text) == (looks.IDENTITY, 10.0 - width / 2, width, 20.0 - 0.9)


def test_a_text_line_found_inside_is_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[object] = []
    past = inside._past

    def spy(*args: Any, **kwargs: Any) -> float | None:
        judged.append(args[1])
        return past(*args, **kwargs)
    monkeypatch.setattr(inside, "_past", spy)
    faces = []
    for n in range(6):
        face = Drawing(63.0, 88.0)
        face.add(Text(31.5, 13.0, f"Card {n}", 3.9, anchor="middle"), Text(31.5, 70.0, "same words", 2.5))
        faces.append(face)
    texts: Texts = {}
    found = [_outside(face, None, 0.3, {}, {}, texts) for face in faces]
    assert found == [[] for _ in faces] and set(texts.values()) == {None}
    assert len(judged) == len(texts) == len({looks.text_line(t) for f in faces for t in f.children})  # type: ignore[arg-type]


def test_the_back_every_card_shares_has_its_marks_measured_once() -> None:
    kit = draw(load_game(GAMES / "deck"))
    game = kit.game
    comp = game.components[0]
    shared, memo = _Marks(), looks.BackdropMemo()
    pieces = [i for items in kit.groups.values() for i in items if i.component == comp.id]
    variants = {v.key: v for v in game.variants[comp.id]}
    backs = [(variants[i.variant], i.art) for i in pieces if i.art.back is not None]
    assert len(backs) > 3 and len({id(art.back) for _, art in backs}) == 1
    found = [shared.get(game, comp, variant, art, "back", art.back, memo) for variant, art in backs]  # type: ignore[arg-type]
    assert all(f is found[0] for f in found)
    assert len(shared.by_face) == 1, "the same back on the same outline is found by identity"
    variant, art = backs[0]
    disc = Drawing(art.back.width, art.back.height, [Circle(31.5, 44.0, 30.0, Paint(stroke="#000000"), role="cut")])  # type: ignore[union-attr]
    shared.get(game, comp, variant, replace(art, outline=disc), "back", art.back, memo)  # type: ignore[arg-type]
    assert len(shared.by_face) == 2, "on another outline it is another reading"
    fronts = [shared.get(game, comp, variants[i.variant], i.art, "front", i.art.front, memo) for i in pieces]
    assert len(shared.by_face) == 2 + len({id(i.art.front) for i in pieces})
    alone = [_Marks().get(game, comp, variants[i.variant], i.art, "front", i.art.front, looks.BackdropMemo())
             for i in pieces]

    def seen(found: list[Any]) -> list[list[object]]:
        return [[(m.colours, m.under, m.layer.box, ratio, worst) for m, ratio, worst in marks] for marks in found]
    assert seen(fronts) == seen(alone) and any(fronts)


def old_glyph_notes(faces: dict[str, Drawing], rulebook: str | None) -> dict[str, dict[str, list[str]]]:
    """What :func:`proof.check_glyphs` noted as it was: every text read alone."""
    found: dict[str, dict[str, list[str]]] = {}

    def note(text: str, font: str, where: str) -> None:
        for ch in fonts.missing_glyphs(text, font):
            places = found.setdefault(font, {}).setdefault(ch, [])
            if where not in places:
                places.append(where)

    for ref in sorted(faces):
        for node in proof._texts(faces[ref]):
            note(node.text, node.font, ref)
    for text, font in proof.rulebook_texts(rulebook) if rulebook is not None else []:
        note(text, font, "the rulebook")
    return found


def test_a_font_that_has_every_character_is_not_read_text_by_text(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(GAMES / "tiny")
    faces: dict[str, Drawing] = {}
    for n in range(8):
        face = Drawing(63.0, 88.0)
        lacking = f"bold {n} \u4e00" if n % 3 == 0 else "plain"  # DejaVu has no CJK
        face.add(Text(1.0, 5.0, f"Card {n}", 3.0), Text(1.0, 9.0, lacking, 3.0, font="bold"),
                 Group((Text(0.0, 0.0, f"in a group {n} \u4e03" if n == 5 else "a group", 2.0),)))
        faces[f"card-{n}"] = face
    rulebook = "# Rules \u4e01\n\nPlay *well* \u4e02."
    want = old_glyph_notes(faces, rulebook)
    assert want == {"bold": {"\u4e00": ["card-0", "card-3", "card-6"], "\u4e01": ["the rulebook"]},
                    "regular": {"\u4e03": ["card-5"], "\u4e02": ["the rulebook"]}}
    calls: list[str] = []
    missing = fonts.missing_glyphs

    def spy(text: str, font: str) -> str:
        calls.append(text)
        return missing(text, font)
    monkeypatch.setattr(fonts, "missing_glyphs", spy)
    lines = proof.check_glyphs(game, faces, "warning", rulebook)
    assert [line.check for line in lines] == ["glyphs[DejaVu Sans]", "glyphs[DejaVu Sans Bold]"]
    for line, font in zip(lines, ("regular", "bold"), strict=True):
        shown = [f'"{ch}" (U+{ord(ch):04X}) in {proof.listing(places)}' for ch, places in want[font].items()]
        assert f"has no glyph for {len(shown)} characters, which would print as empty boxes: {'; '.join(shown)};" \
            in line.detail
    calls.clear()
    ordered: list[object] = []

    def spied_sorted(items: Any, **kw: Any) -> list[Any]:
        ordered.append(items)
        return sorted(items, **kw)
    monkeypatch.setattr(proof, "sorted", spied_sorted, raising=False)
    fine = {ref: faces[ref] for ref in ("card-4", "card-1", "card-2")}
    assert proof.check_glyphs(game, fine, "warning", None) == []
    assert len(calls) == 2, "one look-up per font that lacks nothing, not one per text"
    assert fine not in ordered, "the texts of a kit whose fonts lack nothing are not put in the order of their pieces"
    assert [line.detail for line in proof.check_glyphs(game, faces, "warning", rulebook)] == [line.detail for line in lines]
    assert faces in ordered


def test_a_sheets_job_sends_its_placements_as_the_manifest_writes_them() -> None:
    kit = draw(load_game(GAMES / "tiny"))
    options = BuildOptions()
    s = settings_for(kit.game, options)
    part = _sheets_part(kit, s, plan_boxes(kit, options.sleeves), s.papers[0])
    sheets, boxes = part.manifest["sheets"], part.manifest["box_sheets"]
    assert sheets and boxes
    assert all(isinstance(sheet["placements"], Rows) for sheet in sheets.values())
    assert all(isinstance(sheet["placements"], list) for sheet in boxes.values()), "a box sheet's are laid out by json"
    placed = {name: json.loads(sheet["placements"].text) for name, sheet in sheets.items()}
    assert all(placed.values())
    as_lists: dict[str, Any] = {"sheets": {name: {**sheet, "placements": placed[name]} for name, sheet in sheets.items()},
                                "box_sheets": boxes}
    assert dump_manifest({"sheets": sheets, "box_sheets": boxes}) == dump_manifest(as_lists)


def each_alone(placements: list[Any]) -> str:
    """The placements' rows as the manifest had them: each encoded by its own call."""
    rows = [json.dumps(p, ensure_ascii=False) for p in placements]
    return "[\n" + ",\n".join("        " + row for row in rows) + "\n      ]" if rows else "[]"


@pytest.mark.parametrize("batch", [1, 2, 3, 1024])
def test_placements_encoded_in_batches_are_the_rows_each_alone_would_be(batch: int,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "BATCH", batch)
    deck = [{"component": "card", "piece": f"card-{n}", "copy": 1, "face": "front", "page": n // 9 + 1,
             "trim": [10.5 + n % 3, 16.5, 63.0, 88.0], "rotated": False} for n in range(7)]
    odd = [*deck[:3], {"piece": "}, {"}, "not a dict", {"é": ["}, {", {"a": None}]}, *deck[3:]]
    for placements in ([], deck[:1], deck[:2], deck, odd):
        assert build._placement_rows(placements) == each_alone(placements)
        assert build._placement_rows(iter(placements)) == each_alone(placements)


def test_the_checks_of_a_proof_read_a_components_drawn_pieces_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.checks import _kit

    kit = draw(load_game(GAMES / "deck"))
    walks: list[str] = []
    reads: list[str] = []
    plain, shared = _kit._drawn, _kit.drawn

    def counted(calls: list[str], read: Any) -> Any:
        def call(kit: Kit, comp_id: str) -> Any:
            calls.append(comp_id)
            return read(kit, comp_id)
        return call
    monkeypatch.setattr(_kit, "_drawn", counted(walks, plain))
    monkeypatch.setattr(_kit, "drawn", counted(reads, shared))
    for module in list(sys.modules.values()):  # the checks that import it
        if module.__name__.startswith("printkit.checks.") and getattr(module, "drawn", None) is shared:
            monkeypatch.setattr(module, "drawn", _kit.drawn)
    report = proof.prove(kit.game, kit)
    assert len(reads) > len(set(reads)), reads  # several checks read one component
    assert sorted(walks) == sorted(set(reads))  # each walked once
    assert not [key for key in kit.game.cache if key[0] == "checks-drawn"]  # let go when the proof is done
    assert report.lines == proof.prove(kit.game, kit).lines


def test_the_marks_of_a_face_painting_as_one_measured_are_found_by_its_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = draw(load_game(GAMES / "deck"))
    game = kit.game
    comp = game.components[0]
    variants = {v.key: v for v in game.variants[comp.id]}
    pieces = [i for items in kit.groups.values() for i in items if i.component == comp.id]
    shared, memo = _Marks(), looks.BackdropMemo()
    first = pieces[0]
    looks.text_colours(first.art.front, memo)
    measured = shared.get(game, comp, variants[first.variant], first.art, "front", first.art.front, memo)
    # another card painting the same, with rects of its own of the same value: found without reading its nodes
    face = first.art.front
    own = replace(face, children=[replace(n) if isinstance(n, Rect) else n for n in face.children])
    rects = [(a, b) for a, b in zip(face.children, own.children, strict=True) if isinstance(a, Rect)]
    assert rects and all(a == b and a is not b for a, b in rects)
    looks.text_colours(own, memo)
    assert memo.shape is not None and memo.shape[0] is own and memo.shape[1] is not None

    def unread(self: object) -> int:
        raise AssertionError("a node of a face of a known shape was read again")
    with monkeypatch.context() as m:
        m.setattr(Rect, "__hash__", unread)
        again = shared.get(game, comp, variants[first.variant], first.art, "front", own, memo)
    assert again is measured
    # on another outline: another reading
    disc = Drawing(face.width, face.height, [Circle(31.5, 44.0, 30.0, Paint(stroke="#000000"), role="cut")])
    looks.text_colours(own, memo)
    other = shared.get(game, comp, variants[first.variant], replace(first.art, outline=disc), "front", own, memo)
    assert other is not measured


SIZES = st.sampled_from([63.0, 88.0, -0.0, 0.0])


@given(st.lists(st.builds(lambda w, h, nodes: Drawing(w, h, nodes), SIZES, SIZES, st.lists(NODES, max_size=3)),
                min_size=2, max_size=6))
@example([Drawing(63.0, 88.0, [Text(1.0, 1.0, "a", 2.0)]), Drawing(63.0, 88.0, [Text(1.0, 1.0, "a", 2.0)])])
@example([Drawing(63.0, 88.0, [Text(1.0, 1.0, "a", 2.0), Rect(0.0, 0.0, 1.0, 1.0)]),
          Drawing(63.0, 88.0, [Text(1.0, 1.0, "a", 2.0), Rect(-0.0, 0.0, 1.0, 1.0)])])  # the same words, apart
@example([Drawing(63.0, 88.0, [Text(1.0, 1.0, float("nan"), 2.0)]),  # type: ignore[arg-type]
          Drawing(63.0, 88.0, [Text(1.0, 1.0, float("nan"), 2.0)])])  # type: ignore[arg-type]
def test_drawings_have_equal_designs_exactly_when_their_sizes_and_keys_are_equal(faces: list[Drawing]) -> None:
    keys = drawing.designs(faces)
    for a, key_a in zip(faces, keys, strict=True):
        for b, key_b in zip(faces, keys, strict=True):
            assert (key_a == key_b) == ((a.width, a.height, children_key(a.children)) ==
                                         (b.width, b.height, children_key(b.children))), (a, b)


def test_faces_with_words_of_their_own_are_not_read_node_by_node(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = draw(load_game(GAMES / "deck"))
    faces = [*kit.faces.values(), replace(next(iter(kit.faces.values())))]  # and a twin of the first
    read: list[int] = []
    plain = drawing.children_key

    def key(children: Any) -> tuple[object, ...]:
        read.append(id(children))
        return plain(children)
    monkeypatch.setattr(drawing, "children_key", key)
    found = drawing.designs(faces)
    assert len(set(found)) == len({(f.width, f.height, plain(f.children)) for f in faces}) < len(faces)

    def words(face: Drawing) -> tuple[object, ...]:
        return (face.width, face.height, *[n.text if isinstance(n, Text) else None for n in face.children])
    twins = [f for f in faces if [words(g) for g in faces].count(words(f)) > 1]
    assert sorted(read) == sorted(id(f.children) for f in twins)
    assert faces[0] in twins and len(twins) < len(faces)
