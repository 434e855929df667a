"""What the proof checks share (printkit/checks/_kit.py, _seen.py, _count.py and the registry in __init__.py),
tested in-process against values worked out here (issue 28's mutation line, target checks-kit).

One tiny game is loaded and drawn once; the helpers are called on its pieces and on drawings built in the
tests. Expectations come from the data (counts, copies, names), from geometry (a pyramid's base and
height, a disc's diameter, a strip's width) or from the drawings the tests make, never from what the code
returned.
"""

from __future__ import annotations

import math
from dataclasses import FrozenInstanceError
from types import SimpleNamespace
from typing import Any, Literal

import pytest
from conftest import game_from

from printkit import outlines
from printkit.checks import (
    AUTOMATIC,
    CHECK_TYPES,
    CheckType,
    automatic,
    check_models,
    check_type,
    load_checks,
    register,
    types_of,
)
from printkit.checks import _count as C
from printkit.checks import _kit as K
from printkit.checks import _seen as S
from printkit.drawing import (
    CUT,
    Circle,
    Drawing,
    Group,
    Paint,
    Rect,
    Text,
    Use,
    line,
    polygon,
    rotate,
    scale,
    translate,
)
from printkit.drawing import Path as DPath
from printkit.errors import DataError
from printkit.game import Variant
from printkit.kinds import Art
from printkit.kit import draw, plan_boxes
from printkit.modelbase import CheckBase

GAME = '''
[game]
title = "Kit"
[palette]
red = "#cc2222"
blue = "#2244cc"
[[sets.colour]]
name = "red"
[[sets.colour]]
name = "blue"
[[sets.size]]
name = "small"
edge = 20
[[sets.size]]
name = "large"
edge = 24
[[sets.shape]]
name = "bar"
cells = "0,0 1,0 2,0"
[[sets.shape]]
name = "ell"
cells = "0,0 0,1 1,1"
[layouts.face]
background = "{colour.name}"
elements = [{ type = "text", text = "{colour.name}", x = 5, y = 10, w = 30, size = "10pt", fill = "white" }]
[layouts.plain]
background = "red"
[layouts.bare]
background = "{colour.name}"
elements = [{ type = "text", text = "{size.name}", x = 2, y = 10, w = 30, size = "8pt", fill = "#FFFFFF" }]
[layouts.back]
background = "blue"
[[components]]
id = "card"
kind = "card"
name = "Colour card"
width = 40
height = 60
vary = ["colour"]
count = 2
face = "face"
back = "back"
[[components]]
id = "disc"
kind = "token"
shape = "circle"
size = 20
face = "bare"
vary = ["colour", "size"]
[[components]]
id = "hex"
kind = "token"
shape = "hexagon"
size = 30
face = "plain"
[[components]]
id = "cup"
kind = "net"
solid = "square-pyramid"
vary = ["size"]
edge = "{size.edge}"
height = 30
open = ["base"]
all = { fill = "red", pips = 2 }
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = 16
faces = [{ pips = 1 }, { pips = 2 }, { pips = 3, symbol = "star" }, { pips = 4, text = "X" }, { pips = 5, symbol = "none" },
         { pips = 6, fill = "blue" }]
[[components]]
id = "tet"
kind = "net"
solid = "tetrahedron"
edge = 20
[[components]]
id = "poly"
kind = "card"
width = 40
height = 60
vary = ["shape"]
count = 3
face = "plain"
'''


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Any:
    game = game_from(tmp_path_factory.mktemp("kit"), GAME)
    return draw(game)


@pytest.fixture(scope="module")
def game(kit: Any) -> Any:
    return kit.game


def piece(kit: Any, comp: str, name: str | None = None) -> tuple[Any, Any, Any]:
    """(component, variant, art) of one drawn piece (the first, or the one named)."""
    pieces = K.drawn(kit, comp)
    variant, art = pieces[name] if name else next(iter(pieces.values()))
    return kit.game.component(comp), variant, art


def close(a: Any, b: Any, tol: float = 1e-6) -> bool:
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(close(x, y, tol) for x, y in zip(a, b, strict=True))
    return abs(a - b) <= tol


# --- the registry (__init__.py) ------------------------------------------------------------------------


class _Model(CheckBase):
    """A   check model
    with   odd   spacing."""

    type: Literal["zz-test"] = "zz-test"


class _Bare(CheckBase):
    type: Literal["zz-bare"] = "zz-bare"


def test_a_check_type_has_defaults_its_doc_in_one_line_and_is_frozen() -> None:
    t = CheckType("zz-test", _Model, lambda game, c: [])
    assert (t.on_kit, t.order, t.example, t.auto) == (False, 1000, "", "")
    assert t.doc == "A check model with odd spacing."
    _Bare.__doc__ = None
    assert CheckType("zz-bare", _Bare, lambda game, c: []).doc == ""
    with pytest.raises(FrozenInstanceError):
        t.order = 3  # type: ignore[misc]


def test_registering_adds_once_and_a_second_of_a_name_is_refused() -> None:
    load_checks()
    t = CheckType("zz-test", _Model, lambda game, c: [], order=5)
    try:
        assert register(t) is t and CHECK_TYPES["zz-test"] is t
        with pytest.raises(RuntimeError, match="check type 'zz-test' registered twice"):
            register(CheckType("zz-test", _Model, lambda game, c: []))
    finally:
        CHECK_TYPES.pop("zz-test", None)


def test_the_table_is_kept_in_order_then_name_order() -> None:
    table = load_checks()
    assert list(table) == sorted(table, key=lambda n: (table[n].order, n))
    first = next(iter(table))
    added = [CheckType("zz-b", _Model, lambda g, c: [], order=-1), CheckType("zz-a", _Bare, lambda g, c: [], order=-1),
             CheckType("zz-c", _Model, lambda g, c: [], order=table[first].order)]
    try:
        for t in added:
            CHECK_TYPES[t.name] = t
        names = list(load_checks())
        assert names[:2] == ["zz-a", "zz-b"]
        # same order as the first type: after it by name ("zz-c" sorts after every real name)
        same = [n for n in names if CHECK_TYPES[n].order == table[first].order]
        assert same == sorted(same) and same[-1] == "zz-c"
        assert load_checks() is CHECK_TYPES
    finally:
        for t in added:
            CHECK_TYPES.pop(t.name, None)
    assert list(load_checks()) == sorted(CHECK_TYPES, key=lambda n: (CHECK_TYPES[n].order, n))


def test_the_models_follow_the_table_and_a_type_is_found_by_name() -> None:
    models = check_models()
    assert isinstance(models, tuple) and len(models) == len(CHECK_TYPES) > 20
    assert models == tuple(t.model for t in CHECK_TYPES.values())
    assert check_type("words").name == "words" and check_type("decks").on_kit
    with pytest.raises(KeyError):
        check_type("no-such-check")


def test_automatic_checks_are_the_auto_types_not_declared_or_turned_off() -> None:
    auto = [n for n, t in load_checks().items() if t.auto]
    assert {"decks", "attributes", "nesting", "shape-names"} <= set(auto)
    every = automatic([], [])
    assert [c.type for c in every] == auto
    assert all(c.id == c.type and c.source == CHECK_TYPES[c.type].auto for c in every)
    declared = [check_type("decks").model(id="mine", type="decks", source="s")]
    some = automatic(declared, ["attributes", "not-a-check"])
    assert [c.type for c in some] == [n for n in auto if n not in ("decks", "attributes")]


def test_the_automatic_types_are_listed_and_a_type_is_refused_where_the_list_and_its_rule_disagree() -> None:
    assert set(AUTOMATIC) == {n for n, t in load_checks().items() if t.auto}
    assert list(types_of(["decks", "attributes"])) == ["attributes", "decks"]  # in the table's order
    assert types_of(["decks", "no-such-check"]) is CHECK_TYPES  # an unknown name: the whole table
    for t in (CheckType("zz-auto", _Model, lambda g, c: [], auto="a rule"),
              CheckType("decks", _Model, lambda g, c: [])):
        with pytest.raises(RuntimeError, match=r"listed in checks\.AUTOMATIC exactly when it has an `auto` rule"):
            register(t)
    assert "zz-auto" not in CHECK_TYPES and CHECK_TYPES["decks"].auto


# --- counting (_count.py) ------------------------------------------------------------------------------


def test_a_pieces_value_for_a_set_is_its_records_name_or_its_column() -> None:
    v = Variant("k", {"colour": {"name": "red"}, "size": {"edge": 3}, "n": {"name": 7},
                      "row": {"kind": " wild ", "none": None, "colour": "blue"}}, 1)
    assert C.set_value(v, "colour") == "red"          # the record before the column
    assert C.set_value(v, "n") == "7"
    assert C.set_value(v, "kind") == "wild"           # a column, stripped
    assert C.set_value(v, "none") is None
    assert C.set_value(v, "size") is None             # a record without a name, no column
    assert C.set_value(v, "other") is None
    assert C.set_value(Variant("", {"row": "x"}, 1), "row") is None  # type: ignore[dict-item]
    assert C.set_value(Variant("", {"size": "big"}, 1), "size") is None  # type: ignore[dict-item]


def test_where_matches_every_key_with_booleans_as_lowercase_words() -> None:
    v = Variant("k", {"colour": {"name": "red"}, "row": {"wild": "true", "n": "3"}}, 1)
    assert C._scalar(True) == "true" and C._scalar(False) == "false" and C._scalar(3) == "3" and C._scalar("A") == "A"
    assert C.matches(v, {})
    assert C.matches(v, {"colour": "red", "wild": True, "n": 3})
    assert not C.matches(v, {"colour": "red", "wild": False})
    assert not C.matches(v, {"colour": "blue", "wild": True})


def test_selection_variants_and_counts(game: Any) -> None:
    assert [c.id for c in C.selected(game, ["*"])] == ["card", "disc", "hex", "cup", "die", "tet", "poly"]
    assert [c.id for c in C.selected(game, ["die", "card", "nothing"])] == ["card", "die"]
    assert C.selected(game, []) == []
    comps = C.selected(game, ["card", "disc"])
    assert [(c.id, v.key) for c, v in C.variants(game, comps, {"colour": "red"})] == [
        ("card", "red"), ("disc", "red-small"), ("disc", "red-large")]
    assert C.count(game, comps, {}) == 2 * 2 + 4
    assert C.count(game, comps, {"colour": "blue"}) == 2 + 2
    assert C.count(game, comps, {"size": "large"}) == 2
    assert C.breakdown(game, comps, {}) == "card 4 + disc 4 = 8"
    assert C.breakdown(game, comps, {"size": "large"}) == ""         # one component counts
    assert C.breakdown(game, C.selected(game, ["card", "hex", "disc"]), {"colour": "red"}) == "card 2 + disc 2 = 4"


def test_set_values_are_the_records_then_other_values_sorted(game: Any) -> None:
    comps = C.selected(game, ["*"])
    assert C.set_values(game, "colour", comps, {}) == ["red", "blue"]
    rows = Variant("r", {"row": {"rank": "9"}}, 1)
    extra = Variant("s", {"row": {"rank": "10"}}, 1)
    fake = SimpleNamespace(data=SimpleNamespace(sets={"rank": [{"name": "ace"}, {"name": "king"}, {"name": "ace"}]}),
                           variants={"x": [rows, extra, Variant("t", {"row": {"rank": "ace"}}, 1), Variant("u", {}, 1)]})
    comp = SimpleNamespace(id="x")
    assert C.set_values(fake, "rank", [comp], {}) == ["ace", "king", "10", "9"]
    assert C.set_values(fake, "suit", [comp], {}) == []


def test_groups_are_the_whole_selection_or_one_per_value(game: Any) -> None:
    comps = C.selected(game, ["disc"])
    where = {"size": "small"}
    whole = C.groups(game, "n", comps, where, None)
    assert whole == [("n", {"size": "small"})] and whole[0][1] is not where
    assert C.groups(game, "n", comps, where, "colour") == [
        ("n[colour=red]", {"size": "small", "colour": "red"}), ("n[colour=blue]", {"size": "small", "colour": "blue"})]


def test_piece_names_figures_and_polyform_names(game: Any) -> None:
    card = game.component("card")
    assert C.piece_name(card, Variant("red", {}, 1)) == "card-red"
    assert C.piece_name(card, Variant("", {}, 1)) == "card"
    figures = C._figures(game, "poly", "{shape.cells}", "chk")
    assert figures == [("poly-bar", frozenset({(0, 0), (1, 0), (2, 0)}))] * 3 + [
        ("poly-ell", frozenset({(0, 0), (0, 1), (1, 1)}))] * 3
    with pytest.raises(DataError) as err:
        C._figures(game, "poly", "{shape.name}", "chk")
    assert "checks.chk.cells" in str(err.value) and "bar" in str(err.value)
    assert [C.polyform_name(n) for n in (1, 2, 3, 4, 5, 6, 7, 8)] == [
        "monomino", "domino", "tromino", "tetromino", "pentomino", "hexomino", "heptomino", "octomino"]
    assert C.polyform_name(9) == "9-omino" and C.polyform_name(0) == "0-omino"


def test_figures_bind_the_component_and_the_check_in_the_template(game: Any) -> None:
    figures = C._figures(game, "poly", "{'0,0' if component.id == 'poly' and component.name == 'poly' else '0,0 1,0'}", "c")
    assert {len(cells) for _, cells in figures} == {1}


# --- pieces that differ in colour alone (_seen.py) ------------------------------------------------------


def test_coloured_sets_are_those_whose_every_record_names_a_colour(game: Any) -> None:
    assert S.coloured_sets(game) == ["colour"]
    fake = SimpleNamespace(palette=game.palette, data=SimpleNamespace(sets={
        "one": [{"name": "red"}], "mixed": [{"name": "red"}, {"name": "big"}],
        "fills": [{"name": "a", "fill": "#123456"}, {"name": "b", "colour": "white"}]}))
    assert S.coloured_sets(fake) == ["fills"]


def test_pieces_told_apart_by_colour_alone_pair_up_within_each_other_value(kit: Any, game: Any) -> None:
    pairs = S.colour_only_pairs(game, kit, ["disc", "card", "hex"])
    # the disc prints its size, not its colour: red and blue of one size differ in colour only
    assert list(pairs) == [("card", "colour"), ("disc", "colour")]
    assert pairs[("card", "colour")] == []          # the card prints its colour's name
    got = [(p.component, p.set, p.values, p.pieces) for p in pairs[("disc", "colour")]]
    assert got == [("disc", "colour", ("red", "blue"), ("disc-red-small", "disc-blue-small")),
                   ("disc", "colour", ("red", "blue"), ("disc-red-large", "disc-blue-large"))]
    first = pairs[("disc", "colour")][0]
    fills = [{ly.fill for ly in side} for side in first.layers]
    assert "#cc2222" in fills[0] and "#2244cc" in fills[1] and "#cc2222" not in fills[1]
    with pytest.raises(FrozenInstanceError):
        first.set = "x"  # type: ignore[misc]


def test_colour_pairs_are_cached_per_kit_and_selection(kit: Any, game: Any) -> None:
    once = S.colour_only_pairs(game, kit, ["disc"])
    assert S.colour_only_pairs(game, kit, ["disc"]) is once
    other = S.colour_only_pairs(game, kit, ["card"])
    assert other is not once and list(other) == [("card", "colour")]
    again = draw(game)
    fresh = S.colour_only_pairs(game, again, ["disc"])
    assert fresh is not once and [p.pieces for p in fresh[("disc", "colour")]] == [
        p.pieces for p in once[("disc", "colour")]]


def test_a_component_carrying_one_value_of_a_coloured_set_has_no_line(kit: Any, game: Any) -> None:
    from printkit.kit import Kit

    reds = Kit(game, {g: [i for i in items if i.piece.startswith("disc-red")] for g, items in kit.groups.items()})
    assert list(K.drawn(reds, "disc")) == ["disc-red-small", "disc-red-large"]
    assert S.colour_only_pairs(game, reds, ["disc"]) == {}


# --- the drawn kit (_kit.py) -----------------------------------------------------------------------------


def test_a_line_carries_the_checks_fields_and_each_piece_once() -> None:
    c = SimpleNamespace(type="t", source="src", severity="warning")
    ln = K._line(c, "name", 3, 2, False, "why", ["b", "a", "b"], relation="at least")
    assert (ln.check, ln.type, ln.source, ln.expected, ln.found, ln.verdict, ln.severity, ln.relation, ln.detail,
            ln.pieces) == ("name", "t", "src", 3, 2, "warn", "warning", "at least", "why", ("b", "a"))
    ok = K._line(SimpleNamespace(type="t", source="s", severity="error"), "n", "a", "a", True, "d")
    assert (ok.verdict, ok.relation, ok.pieces) == ("pass", "exactly", ())
    assert K._line(SimpleNamespace(type="t", source="s", severity="error"), "n", 1, 0, False, "d").verdict == "fail"
    items = [str(i) for i in range(10)]
    assert K._listing(items) == "0, 1, 2, 3, 4, 5, 6, 7 and 2 more" and K._listing(["a"]) == "a"


def test_the_box_plan_is_made_once_per_kit(kit: Any, game: Any) -> None:
    plan = K.boxes(kit)
    assert K.boxes(kit) is plan
    assert [b.id for b in plan] == [b.id for b in plan_boxes(kit)]
    other = draw(game)
    fresh = K.boxes(other)
    assert fresh is not plan and [b.id for b in fresh] == [b.id for b in plan]
    assert K.boxes(kit) is not fresh and K.boxes(other) is fresh


def test_drawn_gives_each_distinct_piece_once_with_its_variant_and_art(kit: Any) -> None:
    cards = K.drawn(kit, "card")
    assert list(cards) == ["card-red", "card-blue"]
    variant, art = cards["card-red"]
    assert variant.key == "red" and variant.copies == 2
    items = [i for items in kit.groups.values() for i in items if i.piece == "card-red"]
    assert len(items) == 2 and art is items[0].art
    assert list(K.drawn(kit, "disc")) == ["disc-red-small", "disc-red-large", "disc-blue-small", "disc-blue-large"]


def test_drawn_faces_are_fronts_then_backs_where_there_are_backs(kit: Any) -> None:
    got = [(name, variant.key, side) for name, variant, _, side, _ in K.drawn_faces(kit, "card")]
    assert got == [("card-red", "red", "front"), ("card-red", "red", "back"),
                   ("card-blue", "blue", "front"), ("card-blue", "blue", "back")]
    _, _, art = piece(kit, "card", "card-blue")
    faces = [(side, face) for _, _, _, side, face in K.drawn_faces(kit, "card")]
    assert faces[2][1] is art.front and faces[3][1] is art.back
    assert [side for *_, side, _ in K.drawn_faces(kit, "hex")] == ["front"]


def test_a_context_names_the_piece_and_its_component(kit: Any, game: Any) -> None:
    comp, variant, _ = piece(kit, "card", "card-blue")
    ctx = K._ctx(game, comp, variant)
    assert ctx.where == "components.card" and ctx.variant is variant
    assert ctx.text("{component.id}/{component.name}/{colour.name}", "t") == "card/Colour card/blue"
    assert K._ctx(game, comp, variant, "checks.x").where == "checks.x"


def test_nets_of_one_size_share_one_net(kit: Any, game: Any) -> None:
    comp = game.component("cup")
    small, large = game.variants["cup"]
    net = K._net(game, comp, small)
    assert K._net(game, comp, Variant("again", dict(small.values), 1)) is net
    assert K._net(game, comp, large) is not net
    die = game.component("die")
    assert K._net(game, die, game.variants["die"][0]) is K._net(game, die, game.variants["die"][0])
    assert K._net(game, die, game.variants["die"][0]) is not K._net(game, game.component("tet"), game.variants["tet"][0])


def test_a_round_token_stands_on_its_circle_and_a_hex_on_its_hexagon(kit: Any, game: Any) -> None:
    comp, variant, art = piece(kit, "disc")
    got = K.footprint(game, comp, variant, art)
    assert got == outlines.circle(20.0) and got.width() == pytest.approx(20.0)
    comp, variant, art = piece(kit, "hex")
    hexa = K.footprint(game, comp, variant, art)
    want = [(15 * math.cos(math.radians(a)), 15 * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    assert len(hexa.points) == 6 and hexa.shape == "hexagon"
    assert all(any(math.dist(p, q) < 1e-6 for q in hexa.points) for p in want)


def test_a_card_stands_on_its_rectangle_and_a_piece_without_a_cut_on_its_face(kit: Any, game: Any) -> None:
    comp, variant, art = piece(kit, "card")
    got = K.footprint(game, comp, variant, art)
    assert (got.width(), got.height()) == (pytest.approx(40.0), pytest.approx(60.0)) and got.shape == "rectangle"
    bare = Art(Drawing(30, 50), None, None, {})
    assert K.footprint(game, comp, variant, bare) == outlines.rectangle(30, 50)
    # an outline whose cut gives fewer than three points: the face's rectangle
    stub = Art(Drawing(30, 50), None, Drawing(30, 50, [line(0, 0, 5, 0, CUT, "cut")]), {})
    assert K.footprint(game, comp, variant, stub) == outlines.rectangle(30, 50)
    three = Art(Drawing(30, 50), None, Drawing(30, 50, [polygon([(0, 0), (12, 0), (0, 9)], CUT, "cut")]), {})
    tri = K.footprint(game, comp, variant, three)
    assert sorted(tri.points) != [] and tri.width() == pytest.approx(12) and tri.height() == pytest.approx(9)
    # two circles (or a circle beside art): the hull of the cut circles alone
    two = Art(Drawing(60, 30), None, Drawing(60, 30, [Circle(10, 10, 5, CUT, "cut"), Circle(40, 10, 5, CUT, "cut"),
                                                         Circle(100, 10, 40, CUT, "art")]), {})
    hull = K.footprint(game, comp, variant, two)
    assert hull.width() == pytest.approx(40, abs=0.2) and hull.height() == pytest.approx(10, abs=0.2)
    one = Art(Drawing(60, 30), None, Drawing(60, 30, [Circle(10, 10, 7, CUT, "cut"), Circle(10, 10, 30, CUT, "art")]), {})
    assert K.footprint(game, comp, variant, one) == outlines.circle(14.0)


def test_a_net_stands_on_its_base(kit: Any, game: Any) -> None:
    comp, variant, art = piece(kit, "cup")
    base = K.footprint(game, comp, variant, art)
    assert (base.width(), base.height()) == (pytest.approx(20), pytest.approx(20))
    comp, variant, art = piece(kit, "tet")
    tri = K.footprint(game, comp, variant, art)
    assert tri.width() == pytest.approx(20) and tri.height() == pytest.approx(10 * math.sqrt(3))


def test_a_solids_base_is_laid_out_from_its_first_corner_along_its_first_edge(kit: Any, game: Any) -> None:
    comp, variant, _ = piece(kit, "cup", "cup-large")
    pts = K._base_points(K._closed(game, comp, variant))
    assert close(pts, [(0, 0), (24, 0), (24, 24), (0, 24)])
    comp, variant, _ = piece(kit, "tet")
    pts = K._base_points(K._closed(game, comp, variant))
    assert close(pts, [(0, 0), (20, 0), (10, 10 * math.sqrt(3))])


def test_a_solids_profile_is_its_base_height_taper_and_open_base(kit: Any, game: Any) -> None:
    comp, variant, _ = piece(kit, "cup", "cup-small")
    w, h, tapered, open_base = K._profile(game, comp, variant)
    assert (w, h, tapered, open_base) == (pytest.approx(20), pytest.approx(30), True, True)
    w, d, heights = K._base(K._closed(game, comp, variant))
    assert (w, d) == (pytest.approx(20), pytest.approx(20))
    assert sorted(round(x, 6) for x in heights) == [0, 0, 0, 0, 30]
    comp, variant, _ = piece(kit, "die")
    assert K._profile(game, comp, variant) == (pytest.approx(16), pytest.approx(16), False, False)
    comp, variant, _ = piece(kit, "tet")
    w, h, tapered, open_base = K._profile(game, comp, variant)
    # a regular tetrahedron of edge a is a * sqrt(2/3) tall; its base is a wide, a * sqrt(3) / 2 deep
    assert (w, h, tapered, open_base) == (pytest.approx(20), pytest.approx(20 * math.sqrt(2 / 3)), True, False)
    w, d, _ = K._base(K._closed(game, comp, variant))
    assert d == pytest.approx(10 * math.sqrt(3))


def test_open_faces_pips_and_face_contents(kit: Any, game: Any) -> None:
    comp, variant, _ = piece(kit, "cup")
    assert K.open_faces(game, comp, variant) == {0}
    assert K.pips_of(game, comp, variant) == [0, 2, 2, 2, 2]   # the open base prints nothing
    red = game.palette["red"].rgb
    assert K.face_contents(game, comp, variant) == [(red, 2, "", "")] * 5
    comp, variant, _ = piece(kit, "die")
    assert K.open_faces(game, comp, variant) == set()
    assert K.pips_of(game, comp, variant) == [1, 2, 3, 4, 5, 6]
    blue = game.palette["blue"].rgb
    assert K.face_contents(game, comp, variant) == [(None, 1, "", ""), (None, 2, "", ""), (None, 3, "star", ""),
                                                    (None, 4, "", "X"), (None, 5, "", ""), (blue, 6, "", "")]
    comp, variant, _ = piece(kit, "tet")
    assert K.pips_of(game, comp, variant) == [0, 0, 0, 0]
    assert K.face_contents(game, comp, variant) == [(None, 0, "", "")] * 4


def test_a_faces_content_in_words() -> None:
    assert K._content((None, 3, "star", "X")) == '3 pips, symbol star, "X"'
    assert K._content(("#fff", 0, "", "")) == "nothing"
    assert K._content((None, 0, "", "Go")) == '"Go"'
    assert K._content((None, 1, "moon", "")) == "1 pips, symbol moon"


def test_a_cut_line_is_its_loops_or_for_separate_lines_their_box() -> None:
    assert K.cut_line(None) is None
    assert K.cut_line(Drawing(10, 10, [Rect(0, 0, 10, 10)])) is None
    d = Drawing(40, 30, [Group((Rect(0, 0, 20, 10, CUT, "cut"),), translate(5, 3))])
    cut = K.cut_line(d)
    assert cut is not None and cut.box == (5, 3, 25, 13)
    assert (cut.index, cut.fill, cut.stroke, cut.width) == (0, "cut", None, 0.0)
    assert [set(r) for r in cut.loops] == [{(5, 3), (25, 3), (25, 13), (5, 13)}]
    assert cut.contains(10, 10) and not cut.contains(30, 10)
    lines = Drawing(40, 30, [line(2, 4, 30, 4, CUT, "cut"), line(30, 4, 30, 20, CUT, "cut")])
    box = K.cut_line(lines)
    assert box is not None and box.box == (2, 4, 30, 20)
    assert box.loops == (((2, 4), (30, 4), (30, 20), (2, 20)),)
    assert box.contains(10, 15)


def test_a_cut_seen_from_the_back_is_mirrored_across_the_width() -> None:
    assert K.mirrored_cut(None, 40) is None
    cut = K.cut_line(Drawing(40, 30, [Rect(5, 3, 20, 10, CUT, "cut")]))
    back = K.mirrored_cut(cut, 40)
    assert back is not None and back.box == (15, 3, 35, 13)
    assert [set(r) for r in back.loops] == [{(35, 3), (15, 3), (15, 13), (35, 13)}]
    assert (back.index, back.fill, back.stroke, back.width) == (0, "cut", None, 0.0)


def test_texts_are_measured_at_their_printed_size() -> None:
    assert list(K.texts(None)) == []
    t1, t2, t3, t4 = (Text(0, 0, s, 4.0) for s in "abcd")
    d = Drawing(50, 50, [t1, Rect(0, 0, 1, 1), Group((t2,), scale(2)), Group((t3,), scale(2, 3)),
                         Group((Group((t4,), rotate(30)),), scale(-1, 1))])
    got = [(t.text, size) for t, size in K.texts(d)]
    assert [t for t, _ in got] == ["a", "b", "c", "d"]
    assert close([s for _, s in got], [4.0, 8.0, 4.0 * math.sqrt(6), 4.0])


def test_phrases_are_casefolded_words_and_marks_and_said_as_whole_words() -> None:
    assert K._phrase("Fire_Ball, OK!") == "fire ball , ok !"
    assert K._phrase("  Straße  ") == "strasse"
    assert K._phrase("") == ""
    assert K._says("a fire ball", "fire") and K._says("fire", "fire") and K._says("ball fire", "fire")
    assert not K._says("campfire", "fire") and not K._says("firestorm", "fire") and not K._says("fire1", "fire")
    assert not K._says("a fire ball", "") and not K._says("", "fire")
    assert K._says("a (x) b", "( x )") is False and K._says("a ( x ) b", "( x )")


def test_a_records_colour_is_its_colour_fill_or_name(game: Any) -> None:
    red, blue = game.palette["red"].rgb, game.palette["blue"].rgb
    assert K._record_colour(game, {"name": "red"}) == red
    assert K._record_colour(game, {"name": "x", "colour": "blue", "fill": "red"}) == blue
    assert K._record_colour(game, {"name": "blue", "fill": "red"}) == red
    assert K._record_colour(game, {"name": "x", "fill": "white"}) == "#ffffff"
    assert K._record_colour(game, {"name": "white"}) is None            # a builtin colour's name names no colour
    assert K._record_colour(game, {"name": "x", "colour": "#AbCdEf"}) == "#abcdef"
    assert K._record_colour(game, {"name": "#123456"}) == "#123456"
    assert K._record_colour(game, {"name": "x", "colour": "#12345"}) is None
    assert K._record_colour(game, {"name": "x", "colour": 3, "fill": "nothing"}) is None
    assert K._record_colour(game, {"colour": "red"}) == red
    assert K._record_colour(game, {}) is None


def test_drawn_colours_are_every_fill_stroke_and_text_lowercased() -> None:
    inner = Drawing(5, 5, [Rect(0, 0, 1, 1, Paint(fill="#00FF00"))])
    d = Drawing(50, 50, [Rect(0, 0, 1, 1, Paint(fill="#AA0000", stroke="#0000AA")), Text(0, 0, "x", 3, fill="#ABCDEF"),
                         Circle(0, 0, 1, Paint(fill=None, stroke=None)), Group((Use("u"),))], {"u": inner})
    assert K._drawn_colours(d) == {"#aa0000", "#0000aa", "#abcdef", "#00ff00"}
    assert K._drawn_colours(Drawing(5, 5)) == set()


def test_resampling_puts_a_point_about_every_step() -> None:
    got = K._resample([(0, 0), (10, 0), (10, 3)], 2.5)
    assert close(got, [(0, 0), (2.5, 0), (5, 0), (7.5, 0), (10, 0), (10, 3)])
    assert close(K._resample([(0, 0), (1, 1)], 5), [(0, 0), (1, 1)])
    assert K._resample([(3, 4)], 1) == [(3, 4)]


def _outline(*paths: Any) -> Drawing:
    return Drawing(100, 100, list(paths))


def test_the_narrowest_part_is_a_neck_a_strip_or_a_gap_between_outlines() -> None:
    # two 20 mm squares joined by a neck 2 mm wide and 10 mm long
    dumbbell = polygon([(0, 0), (20, 0), (20, 9), (30, 9), (30, 0), (50, 0), (50, 20), (30, 20), (30, 11), (20, 11),
                        (20, 20), (0, 20)], CUT, "cut")
    assert K.narrowest(_outline(dumbbell), 5.0) == pytest.approx(2.0, abs=0.05)
    assert K.narrowest(_outline(dumbbell), 1.5) is None
    square = polygon([(0, 0), (20, 0), (20, 20), (0, 20)], CUT, "cut")
    assert K.narrowest(_outline(square), 5.0) is None
    strip = polygon([(0, 0), (40, 0), (40, 1.5), (0, 1.5)], CUT, "cut")
    assert K.narrowest(_outline(strip), 3.0) == pytest.approx(1.5, abs=0.01)
    apart = polygon([(23, 0), (43, 0), (43, 20), (23, 20)], CUT, "cut")
    assert K.narrowest(_outline(square, apart), 5.0) == pytest.approx(3.0, abs=1e-6)
    assert K.narrowest(_outline(square, apart), 2.5) is None
    # art is not cut
    assert K.narrowest(_outline(square, polygon([(21, 0), (30, 0), (30, 5)], CUT, "art")), 5.0) is None


def test_the_narrowest_part_away_from_the_origin_and_the_closest_pair() -> None:
    # the neck lies at x 220-230: cells are found from every point's own place, not the origin's
    far = polygon([(200, 100), (220, 100), (220, 109), (230, 109), (230, 100), (250, 100), (250, 120), (230, 120),
                   (230, 112), (220, 112), (220, 120), (200, 120)], CUT, "cut")
    assert K.narrowest(_outline(far), 6.0) == pytest.approx(3.0, abs=0.05)
    # two gaps between three outlines: the smaller counts, whichever comes first
    a = polygon([(0, 0), (10, 0), (10, 10), (0, 10)], CUT, "cut")
    b = polygon([(14, 0), (24, 0), (24, 10), (14, 10)], CUT, "cut")
    c = polygon([(25, 0), (35, 0), (35, 10), (25, 10)], CUT, "cut")
    assert K.narrowest(_outline(a, b, c), 5.0) == pytest.approx(1.0, abs=1e-6)
    assert K.narrowest(_outline(c, b, a), 5.0) == pytest.approx(1.0, abs=1e-6)
    # a thin neck and a wider one: the thinner wins
    two = polygon([(0, 0), (20, 0), (20, 9), (30, 9), (30, 0), (50, 0), (50, 8), (60, 8), (60, 0), (80, 0), (80, 20),
                   (60, 20), (60, 11), (50, 11), (50, 20), (30, 20), (30, 11), (20, 11), (20, 20), (0, 20)], CUT, "cut")
    assert K.narrowest(_outline(two), 5.0) == pytest.approx(2.0, abs=0.05)


def test_a_corner_is_not_a_neck_and_an_open_cut_is_read_as_drawn() -> None:
    # a sharp 30-degree spike: across it, the way round is about four times the distance at most
    spike = polygon([(0, 0), (40, 0), (40, 20), (20, 20), (0, 20 - 20 * math.tan(math.radians(30)) * 0 + 0.0)], CUT, "cut")
    assert K.narrowest(_outline(spike), 4.0) is None
    # an open cut (a U shape) whose arms come 2 mm apart at their ends, far along the line
    u = DPath((("M", 0, 0), ("L", 0, 30), ("L", 20, 30), ("L", 20, 0)), CUT, "cut")
    assert K.narrowest(_outline(u), 4.0) is None
    # an open cut is read as a ring: its ends 2 mm apart are joined, not a gap
    hook = DPath((("M", 0, 2), ("L", 30, 2), ("L", 30, 20), ("L", 0, 20), ("L", 0, 4)), CUT, "cut")
    assert K.narrowest(_outline(hook), 3.0) is None
    assert K._resample([(0, 0), (0, 5), (0, 10)], 5) == [(0, 0), (0, 5.0), (0, 10.0)]


def test_fold_lines_are_the_printed_folds_and_fold_paths() -> None:
    assert K.fold_lines(SimpleNamespace(), None) == []
    front = Drawing(200, 100, [
        Group((DPath((("M", 0, 0), ("L", 0, 80), ("L", 50, 80)), Paint(stroke="#000"), "fold"),), translate(10, 5)),
        DPath((("M", 0, 50), ("L", 200, 50)), Paint(stroke="#000"), "art"),
        Rect(0, 0, 5, 5, Paint(stroke="#000"), "fold"),
        DPath((("M", 0, 0), ("L", 30, 30), ("C", 1, 2, 3, 4, 5, 6)), Paint(stroke="#000"), "fold"),
    ])
    art = Art(front, None, None, {"folds": [(100, 100, 100, 0), (200, 50, 0, 50), (0, 0, 10, 10), (100, 100, 100, 0)]})
    got = K.fold_lines(SimpleNamespace(), art)
    assert got == [("x", 10.0, 5.0, 85.0), ("x", 100.0, 0.0, 100.0), ("y", 50.0, 0.0, 200.0), ("y", 85.0, 10.0, 60.0)]
    assert all(isinstance(v, float) for ln in got for v in ln[1:])
    assert K.fold_lines(SimpleNamespace(), Art(Drawing(10, 10), None, None, {})) == []
    back = DPath((("M", 50, 20), ("L", 50, 0)), Paint(stroke="#000"), "fold")
    assert K.fold_lines(SimpleNamespace(), Art(Drawing(60, 30, [back]), None, None, {"folds": None})) == [
        ("x", 50.0, 0.0, 20.0)]


# --- added for the survivors of the run -----------------------------------------------------------------------


def _solid(vertices: list[tuple[float, float, float]], base: list[int]) -> Any:
    return SimpleNamespace(vertices=vertices, faces=[base])


def _turned(p: tuple[float, float, float]) -> tuple[float, float, float]:
    """``p`` turned 30 degrees about x, then 50 about y, then 70 about z: a base in no axis plane."""
    x, y, z = p
    for axis, deg in (("x", 30), ("y", 50), ("z", 70)):
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        if axis == "x":
            y, z = y * c - z * s, y * s + z * c
        elif axis == "y":
            x, z = x * c + z * s, -x * s + z * c
        else:
            x, y = x * c - y * s, x * s + y * c
    return (x + 3.0, y - 2.0, z + 5.0)


def test_a_base_turned_in_space_is_laid_out_in_its_own_plane() -> None:
    # a 10 x 6 rectangle with an apex 7 above its middle, turned and moved: laid out from its first corner
    flat = [(0, 0, 0), (10, 0, 0), (10, 6, 0), (0, 6, 0), (5, 3, 7)]
    solid = _solid([_turned(p) for p in flat], [0, 1, 2, 3])
    assert close(K._base_points(solid), [(0, 0), (10, 0), (10, 6), (0, 6)])
    w, d, heights = K._base(solid)
    assert (w, d) == (pytest.approx(10), pytest.approx(6))
    assert close(heights, [0, 0, 0, 0, 7])
    # a triangle leaning back past its first corner: its width runs from -4 to 10
    tri = _solid([_turned(p) for p in [(0, 0, 0), (10, 0, 0), (-4, 5, 0), (1, 1, -2)]], [0, 1, 2])
    assert close(K._base_points(tri), [(0, 0), (10, 0), (-4, 5)])
    w, d, heights = K._base(tri)
    assert (w, d) == (pytest.approx(14), pytest.approx(5)) and close(heights, [0, 0, 0, 2])


def test_a_degenerate_base_lays_out_along_its_first_edge() -> None:
    # three corners on one line: no normal; the points still lie along the first edge, at no height
    line3 = _solid([(0, 0, 0), (4, 0, 0), (9, 0, 0), (0, 0, 3)], [0, 1, 2])
    assert close(K._base_points(line3), [(0, 0), (4, 0), (9, 0)])
    assert close(K._base(line3)[2], [0, 0, 0, 0])


def _vertical_dumbbell(reverse: bool, x0: float = 0.0, y0: float = 0.0) -> Drawing:
    pts = [(0, 0), (20, 0), (20, 20), (11, 20), (11, 30), (20, 30), (20, 50), (0, 50), (0, 30), (9, 30), (9, 20), (0, 20)]
    pts = [(x + x0, y + y0) for x, y in pts]
    return _outline(polygon(pts[::-1] if reverse else pts, CUT, "cut"))


@pytest.mark.parametrize("reverse", [False, True])
def test_a_neck_is_found_whichever_way_round_the_outline_runs(reverse: bool) -> None:
    # the neck is 2 mm wide between x = 9 and 11, in two columns of the 5 mm cells; across a horizontal neck the
    # same, the outline drawn either way (the later point lies left or right, above or below)
    assert K.narrowest(_vertical_dumbbell(reverse), 5.0) == pytest.approx(2.0, abs=0.05)
    assert K.narrowest(_vertical_dumbbell(reverse, 40, 40), 5.0) == pytest.approx(2.0, abs=0.05)
    flat = [(0, 0), (20, 0), (20, 9), (30, 9), (30, 0), (50, 0), (50, 20), (30, 20), (30, 11), (20, 11), (20, 20), (0, 20)]
    pts = flat[::-1] if reverse else flat
    assert K.narrowest(_outline(polygon(pts, CUT, "cut")), 5.0) == pytest.approx(2.0, abs=0.05)


def test_a_spike_sharper_than_the_rule_has_a_neck_where_the_way_round_outgrows_the_distance() -> None:
    # a 20-degree spike with 30 mm sides, sampled every limit / 6 = 1 mm from its tip: across the spike k mm up
    # each side the distance is 2k sin 10 deg and the way round 2k; the first k where the way round exceeds four
    # times the distance and the sampling's allowance (2 samples) is k = 4
    half = math.radians(10)
    tip, a, b = (0.0, 0.0), (30 * math.cos(half), 30 * math.sin(half)), (30 * math.cos(half), -30 * math.sin(half))
    got = K.narrowest(_outline(polygon([tip, a, b], CUT, "cut")), 6.0)
    assert got == pytest.approx(8 * math.sin(half), abs=1e-6)


def test_outlines_exactly_the_limit_apart_are_not_narrower() -> None:
    a = polygon([(0, 0), (10, 0), (10, 10), (0, 10)], CUT, "cut")
    b = polygon([(15, 0), (25, 0), (25, 10), (15, 10)], CUT, "cut")
    assert K.narrowest(_outline(a, b), 5.0) is None
    assert K.narrowest(_outline(a, b), 5.001) == pytest.approx(5.0)


def test_an_open_cut_keeps_its_last_point() -> None:
    # an open line ending 2 mm from a square: its end point is the closest
    end = DPath((("M", 0, 0), ("L", 30, 0)), CUT, "cut")
    box = polygon([(32, -5), (42, -5), (42, 5), (32, 5)], CUT, "cut")
    assert K.narrowest(_outline(end, box), 5.0) == pytest.approx(2.0)


def test_fold_lines_nearly_level_are_not_folds() -> None:
    front = Drawing(200, 100, [DPath((("M", 0, 10), ("L", 50, 10.5)), Paint(stroke="#000"), "fold"),
                               DPath((("M", 20, 0), ("L", 20.5, 50)), Paint(stroke="#000"), "fold")])
    art = Art(front, None, None, {"folds": [(0, 40, 100, 40.5), (60, 0, 60.5, 100)]})
    assert K.fold_lines(SimpleNamespace(), art) == []


def test_a_symbol_named_before_none_in_the_alphabet_is_kept(tmp_path: Any) -> None:
    game = game_from(tmp_path / "moon", GAME.replace('symbol = "star"', 'symbol = "moon"'))
    die = game.component("die")
    assert K.face_contents(game, die, game.variants["die"][0])[2] == (None, 3, "moon", "")


def test_pieces_differing_in_a_label_either_way_round_are_no_pair(tmp_path: Any) -> None:
    for first, second in (("a", "b"), ("b", "a")):
        body = GAME + (f'[layouts.tag]\nbackground = "{{colour.name}}"\nelements = [{{ type = "text", text = '
                       f'"{{\'{first}\' if colour.name == \'red\' else \'{second}\'}}", x = 2, y = 8, w = 30, size = "8pt" }}]\n'
                       '[[components]]\nid = "tag"\nkind = "token"\nsize = 20\nface = "tag"\nvary = ["colour"]\n')
        game = game_from(tmp_path / f"tag{first}", body)
        assert S.colour_only_pairs(game, draw(game), ["tag"]) == {("tag", "colour"): []}


def test_the_tolerance_a_gap_is_measured_with_is_a_millionth_of_a_mm(tmp_path: Any) -> None:
    # the checks that measure the kit pass a gap within EPS of the clearance: two cups 20 and 24 mm wide (a gap of
    # 2 mm at the base, the least of the three: 30 and 38 mm tall, 2.5 mm at the inner top, 8 mm above)
    from printkit.checks.nests import NestsCheck, check_nests

    body = GAME.replace('open = ["base"]', 'open = ["base"]\nnest = "size"').replace("height = 30", 'height = "{size.edge * 2 - 10}"')
    game = game_from(tmp_path / "eps", body)
    kit = draw(game)

    def verdict(clearance: float) -> str:
        c = NestsCheck(id="n", type="nests", source="s", component="cup", clearance=clearance, hollow=False, value=None)
        return check_nests(game, kit, c)[0].verdict

    assert verdict(2.0 + 5e-7) == "pass" and verdict(2.0 + 5e-6) == "fail"


def test_a_cut_drawn_as_a_curve_is_sampled_finely_for_its_hull(game: Any, kit: Any) -> None:
    # a circle of radius 1.5 drawn as a path (four Bezier quarters): sampled every 0.4 mm, its hull reaches out to
    # within one percent of the radius in every direction (each quarter sampled at its ends and middle only: 7.6 % short)
    from printkit.drawing import as_path

    comp, variant, _ = piece(kit, "card")
    ring = as_path(Circle(0, 0, 1.5, CUT, "cut"))
    got = K.footprint(game, comp, variant, Art(Drawing(3, 3), None, Drawing(3, 3, [ring]), {}))
    for deg in (0, 22.5, 67.5, 112.5, 200):
        ux, uy = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        assert 1.5 * 0.99 <= got.support(ux, uy) <= 1.5 + 1e-6, deg


def test_a_turned_texts_size_is_its_own() -> None:
    d = Drawing(50, 50, [Group((Text(0, 0, "a", 4.0),), rotate(30)), Group((Text(0, 0, "b", 4.0),), rotate(-60, 5, 5))])
    assert close([size for _, size in K.texts(d)], [4.0, 4.0])


def test_a_spike_within_one_cell_still_has_its_neck() -> None:
    # the spike of the test above moved so that both its sides near the tip lie in one 6 mm cell (with points of the
    # outline before and after the pair in it)
    half = math.radians(10)
    tip = (0.5, 3.0)
    a = (tip[0] + 30 * math.cos(half), tip[1] + 30 * math.sin(half))
    b = (tip[0] + 30 * math.cos(half), tip[1] - 30 * math.sin(half))
    got = K.narrowest(_outline(polygon([tip, a, b], CUT, "cut")), 6.0)
    assert got == pytest.approx(8 * math.sin(half), abs=1e-6)


def test_an_open_cut_whose_ends_nearly_meet_keeps_its_last_point() -> None:
    # the line ends at (0, 0), half a millimetre from where it began: (0, 0) is closest to the square's corner
    hook = DPath((("M", 0, 0.5), ("L", 0, 10), ("L", 30, 10), ("L", 30, 0), ("L", 0, 0)), CUT, "cut")
    corner = polygon([(-2, -2), (-12, -2), (-12, -12), (-2, -12)], CUT, "cut")
    assert K.narrowest(_outline(hook, corner), 5.0) == pytest.approx(math.dist((0, 0), (-2, -2)))


def test_a_closed_cut_keeps_its_last_point_before_it_closes() -> None:
    # the square's last side runs from (0, 0) back to its first corner (10, 0), sampled every 10/12 mm: its last point
    # before the corner, (10 - 10/12, 0), lies 3 mm above the triangle's tip
    x = 10 - 10 / 12
    square = polygon([(10, 0), (10, 10), (0, 10), (0, 0)], CUT, "cut")
    tip = polygon([(x, -3), (x + 5, -8), (x - 5, -8)], CUT, "cut")
    assert K.narrowest(_outline(square, tip), 5.0) == pytest.approx(3.0)


def test_a_coloured_set_with_one_value_does_not_hide_the_next(tmp_path: Any) -> None:
    body = ('[game]\ntitle = "Sets"\n[palette]\nred = "#cc2222"\nblue = "#2244cc"\ngreen = "#22aa44"\n'
            '[[sets.ink]]\nname = "green"\n[[sets.ink]]\nname = "red"\n'
            '[[sets.colour]]\nname = "red"\n[[sets.colour]]\nname = "blue"\n'
            '[layouts.chip]\nbackground = "{row.colour}"\nelements = []\n'
            '[[components]]\nid = "chip"\nkind = "token"\nsize = 20\nface = "chip"\ntable = "chips.csv"\n')
    game = game_from(tmp_path / "sets", body, **{"chips.csv": "name,ink,colour\na,green,red\nb,green,blue\n"})
    assert S.coloured_sets(game) == ["ink", "colour"]
    pairs = S.colour_only_pairs(game, draw(game), ["chip"])
    assert list(pairs) == [("chip", "colour")]
    assert [(p.values, p.pieces) for p in pairs[("chip", "colour")]] == [(("red", "blue"), ("chip-a", "chip-b"))]


def test_a_type_sorting_first_by_name_and_order_is_moved_to_the_front() -> None:
    load_checks()
    t = CheckType("aaa-test", _Model, lambda g, c: [], order=-5)
    try:
        CHECK_TYPES[t.name] = t
        assert next(iter(load_checks())) == "aaa-test"
    finally:
        CHECK_TYPES.pop("aaa-test", None)


def test_an_outline_without_a_cut_stands_on_the_face(kit: Any, game: Any) -> None:
    comp, variant, _ = piece(kit, "card")
    art = Art(Drawing(30, 50), None, Drawing(30, 50, [Circle(5, 5, 3, CUT, "art")]), {})
    assert K.footprint(game, comp, variant, art) == outlines.rectangle(30, 50)


def test_a_base_that_is_not_convex_is_measured_across_all_its_corners() -> None:
    # an L-shaped base whose corners reach 6 below its first edge and 10 above it: 16 deep, 15 wide
    flat = [(0, 0, 0), (10, 0, 0), (10, 10, 0), (-5, 10, 0), (-5, -6, 0), (0, -6, 0)]
    solid = _solid([_turned(p) for p in flat], [0, 1, 2, 3, 4, 5])
    w, d, _ = K._base(solid)
    assert (w, d) == (pytest.approx(15), pytest.approx(16))


def test_a_low_pyramid_still_tapers_to_its_apex(tmp_path: Any) -> None:
    game = game_from(tmp_path / "low", '[game]\ntitle = "Low"\n[[components]]\nid = "low"\nkind = "net"\n'
                     'solid = "square-pyramid"\nedge = 20\nheight = 0.8\n')
    comp = game.component("low")
    w, h, tapered, open_base = K._profile(game, comp, game.variants["low"][0])
    assert (w, h, tapered, open_base) == (pytest.approx(20), pytest.approx(0.8), True, False)


def test_a_round_cut_line_is_its_circle() -> None:
    cut = K.cut_line(Drawing(20, 20, [Circle(10, 10, 8, CUT, "cut")]))
    assert cut is not None and close(cut.box, (2, 2, 18, 18), 1e-6)
    assert cut.contains(10, 10) and cut.contains(4, 10) and not cut.contains(3, 3)


def test_an_empty_set_is_no_coloured_set(game: Any) -> None:
    fake = SimpleNamespace(palette=game.palette, data=SimpleNamespace(sets={
        "empty": [], "pair": [{"name": "red"}, {"name": "blue"}]}))
    assert S.coloured_sets(fake) == ["pair"]


def test_a_neck_behind_a_far_corner_of_its_cell_is_found() -> None:
    # an S-shaped outline: the corner (4.5, 0.5) and the corner (6.5, 0.5) face each other 2 mm apart, the way
    # between them round (4.5, 4.5), (9.5, 4.5) and (9.5, 0.5): the far corner (9.5, 4.5) lies in the second
    # corner's cell and comes before it in the outline
    s = polygon([(4.5, 0.5), (4.5, 4.5), (9.5, 4.5), (9.5, 0.5), (6.5, 0.5), (6.5, -3), (0, -3), (0, 0.5)], CUT, "cut")
    assert K.narrowest(_outline(s), 5.0) == pytest.approx(2.0)


def test_a_curved_cut_is_sampled_finely_for_its_narrowest_part() -> None:
    # a circle of radius 1.5 (a path of Bezier quarters) and a square whose corner lies 3 mm from its centre at
    # 22.5 degrees: 1.5 mm apart (sampled at the quarters' ends and middles only the circle would be 1.39 wide there)
    from printkit.drawing import as_path

    a = math.radians(22.5)
    c = (3 * math.cos(a), 3 * math.sin(a))
    square = polygon([c, (c[0] + 5, c[1]), (c[0] + 5, c[1] + 5), (c[0], c[1] + 5)], CUT, "cut")
    got = K.narrowest(_outline(as_path(Circle(0, 0, 1.5, CUT, "cut")), square), 5.0)
    assert got == pytest.approx(1.5, abs=0.05)


def test_a_way_round_of_exactly_four_widths_and_two_samples_is_no_neck() -> None:
    # a slot 1 mm wide and 2 mm deep (limit 3: samples every 0.5 mm): across its mouth the way round is 5 mm, four
    # times the width and two samples exactly, so not a neck; the narrowest part is 2 mm, where it opens out
    slot = polygon([(0, 0), (10, 0), (10, 10), (6, 10), (6, 4), (5, 4), (5, 2), (4, 2), (4, 4), (3, 4), (3, 10), (0, 10)],
                   CUT, "cut")
    assert K.narrowest(_outline(slot), 3.0) == pytest.approx(2.0)


def test_a_breakdown_of_three_components(game: Any) -> None:
    comps = C.selected(game, ["card", "disc", "hex"])
    assert C.breakdown(game, comps, {}) == "card 4 + disc 4 + hex 1 = 9"


def test_a_base_whose_first_corners_coincide_lays_out_at_its_first_corner() -> None:
    # no first edge to measure along: every corner at (0, 0), no height
    solid = _solid([(1, 1, 1), (1, 1, 1), (5, 1, 1), (1, 1, 4)], [0, 1, 2])
    assert close(K._base_points(solid), [(0, 0), (0, 0), (0, 0)])
    assert close(K._base(solid), (0, 0, [0, 0, 0, 0]))


def test_a_round_cut_line_follows_its_circle_to_within_two_hundredths() -> None:
    cut = K.cut_line(Drawing(20, 20, [Circle(10, 10, 8, CUT, "cut")]))
    assert cut is not None
    for quarter_deg in range(1440):
        a = math.radians(quarter_deg / 4)
        assert cut.contains(10 + 7.98 * math.cos(a), 10 + 7.98 * math.sin(a)), quarter_deg / 4
        assert not cut.contains(10 + 8.02 * math.cos(a), 10 + 8.02 * math.sin(a)), quarter_deg / 4


def test_a_slot_shallower_than_the_rule_is_no_neck() -> None:
    # a slot 2 mm wide and 3 mm deep in a 20 mm square (limit 3, samples every 0.5 mm): across it the way round is
    # at most 8 mm, not more than four times its width and two samples (9 mm): not a neck
    slot = polygon([(0, 0), (20, 0), (20, 20), (11, 20), (11, 17), (9, 17), (9, 20), (0, 20)], CUT, "cut")
    assert K.narrowest(_outline(slot), 3.0) is None


def test_pairs_are_made_within_every_other_set_whatever_its_name(tmp_path: Any) -> None:
    # the coloured set "team" sorts after the other set the pieces carry, "age"
    body = ('[game]\ntitle = "Teams"\n[palette]\nred = "#cc2222"\nblue = "#2244cc"\n'
            '[[sets.team]]\nname = "red"\n[[sets.team]]\nname = "blue"\n[[sets.age]]\nname = "young"\n[[sets.age]]\n'
            'name = "old"\n[layouts.chip]\nbackground = "{team.name}"\nelements = [{ type = "text", text = "{age.name}", '
            'x = 2, y = 8, w = 16, size = "6pt" }]\n'
            '[[components]]\nid = "chip"\nkind = "token"\nsize = 20\nface = "chip"\nvary = ["team", "age"]\n')
    game = game_from(tmp_path / "teams", body)
    pairs = S.colour_only_pairs(game, draw(game), ["chip"])
    assert [p.pieces for p in pairs[("chip", "team")]] == [("chip-red-young", "chip-blue-young"),
                                                           ("chip-red-old", "chip-blue-old")]


def test_an_open_cut_of_three_points_stands_on_its_triangle(kit: Any, game: Any) -> None:
    comp, variant, _ = piece(kit, "card")
    vee = DPath((("M", 0, 0), ("L", 12, 0), ("L", 0, 9)), CUT, "cut")
    got = K.footprint(game, comp, variant, Art(Drawing(30, 50), None, Drawing(30, 50, [vee]), {}))
    assert sorted(got.points) != [] and got.width() == pytest.approx(12) and got.height() == pytest.approx(9)


def test_a_strip_exactly_the_limit_wide_is_not_narrower() -> None:
    strip = polygon([(0, 0), (40, 0), (40, 3), (0, 3)], CUT, "cut")
    assert K.narrowest(_outline(strip), 3.0) is None
    assert K.narrowest(_outline(strip), 3.5) == pytest.approx(3.0)


def test_the_sampling_allowance_is_two_samples_long() -> None:
    # the spike of the tests above with a 3 mm limit (samples every 0.5 mm): the first pair across it whose way round
    # exceeds four times their distance and 1 mm lies 2 mm up each side
    half = math.radians(10)
    tip, a, b = (0.0, 0.0), (30 * math.cos(half), 30 * math.sin(half)), (30 * math.cos(half), -30 * math.sin(half))
    assert K.narrowest(_outline(polygon([tip, a, b], CUT, "cut")), 3.0) == pytest.approx(4 * math.sin(half), abs=1e-6)


def test_a_round_cut_beside_fold_and_guide_lines_stands_on_its_circle(kit: Any, game: Any) -> None:
    from printkit.drawing import FOLD, GUIDE

    comp, variant, _ = piece(kit, "card")
    outline = Drawing(60, 30, [Circle(10, 10, 7, CUT, "cut"), line(0, 0, 60, 0, FOLD, "fold"), line(0, 30, 60, 30, GUIDE, "guide")])
    assert K.footprint(game, comp, variant, Art(Drawing(60, 30), None, outline, {})) == outlines.circle(14.0)


def test_only_fold_paths_are_folds_whatever_comes_before_them() -> None:
    ink = Paint(stroke="#000")
    front = Drawing(200, 100, [Rect(0, 0, 5, 5, ink, "fold"), DPath((("M", 150, 0), ("L", 150, 100)), ink, "art"),
                               DPath((("M", 160, 0), ("L", 160, 100)), ink, "cut"),
                               DPath((("M", 170, 0), ("L", 170, 100)), ink, "guide"),
                               DPath((("M", 40, 0), ("L", 40, 100)), ink, "fold")])
    assert K.fold_lines(SimpleNamespace(), Art(front, None, None, {})) == [("x", 40.0, 0.0, 100.0)]


def test_pairs_of_a_coloured_set_of_three_values(tmp_path: Any) -> None:
    body = ('[game]\ntitle = "Three"\n[palette]\nred = "#cc2222"\nblue = "#2244cc"\ngreen = "#22aa44"\n'
            '[[sets.colour]]\nname = "red"\n[[sets.colour]]\nname = "blue"\n[[sets.colour]]\nname = "green"\n'
            '[layouts.chip]\nbackground = "{colour.name}"\nelements = []\n'
            '[[components]]\nid = "chip"\nkind = "token"\nsize = 20\nface = "chip"\nvary = ["colour"]\n')
    game = game_from(tmp_path / "three", body)
    pairs = S.colour_only_pairs(game, draw(game), ["chip"])
    assert [p.pieces for p in pairs[("chip", "colour")]] == [("chip-red", "chip-blue"), ("chip-red", "chip-green"),
                                                             ("chip-blue", "chip-green")]


def test_samples_are_never_closer_than_a_fifth_of_a_millimetre() -> None:
    # the spike with a 1 mm limit: samples every 0.2 mm (not limit / 6); the first pair across it whose way round
    # exceeds four times their distance and 0.4 mm lies 0.8 mm up each side
    half = math.radians(10)
    tip, a, b = (0.0, 0.0), (30 * math.cos(half), 30 * math.sin(half)), (30 * math.cos(half), -30 * math.sin(half))
    assert K.narrowest(_outline(polygon([tip, a, b], CUT, "cut")), 1.0) == pytest.approx(1.6 * math.sin(half), abs=1e-6)
