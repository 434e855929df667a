"""The box planner and its nets, tested in-process against sizes worked out here (issue 28's mutation line).

Expectations are computed in the tests from the contents and the settings (a deck's inner size from its
cards, the lid box from its layers, the paper from A4 and Letter less margins), or read off the nets
(panel sizes between fold lines, the cut outline), never copied from what the code returned.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import game_from

from printkit import boxes as B
from printkit.boxes import Block, Deck, decks, fits_paper, fold_limit, nested_stacks, pack_layers, plan
from printkit.boxes.net import Face, Net, rect
from printkit.drawing import Drawing, Rect, Text, walk
from printkit.errors import DataError
from printkit.game import Variant
from printkit.model import BoardPacking, BoxSettings

PT = 25.4 / 72  # a point in mm
# The printable area A4 (210 x 297) and Letter (215.9 x 279.4) share, less 5 mm margins, less the caption band.
PAPER_W = min(210.0, 215.9) - 10
PAPER_H = min(297.0, 279.4) - 10 - 10

HEAD = '''[game]
title = "Crate"
subtitle = "A test of boxes"
{info}
[layouts.face]
elements = []
'''


@pytest.fixture(scope="module")
def make(tmp_path_factory: pytest.TempPathFactory) -> Any:
    count = iter(range(1000))

    def load(body: str, info: str = 'players = "2-4"\ntime = "30 min"\nage = "10+"') -> Any:
        return game_from(tmp_path_factory.mktemp(f"crate{next(count)}"), HEAD.format(info=info) + body)

    return load


def card(cid: str, n: int, size: str = "63x88", extra: str = "") -> str:
    w, h = size.split("x")
    return (f'[[components]]\nid = "{cid}"\nkind = "card"\nwidth = {w}\nheight = {h}\ncount = {n}\nface = "face"\n'
            f'{extra}\n')


def token(cid: str, n: int, w: float, h: float, extra: str = "") -> str:
    return (f'[[components]]\nid = "{cid}"\nkind = "token"\nshape = "rounded"\nwidth = {w}\nheight = {h}\n'
            f'count = {n}\nface = "face"\n{extra}\n')


def texts(face: Face) -> list[Text]:
    return [s for s, _ in walk(face.art, {}) if isinstance(s, Text)]


def words(face: Face) -> str:
    return " ".join(t.text for t in texts(face))


def panel(net: Net, name: str) -> tuple[float, float]:
    x0, y0, x1, y1 = net.face(name).bbox
    return (x1 - x0, y1 - y0)


# --- decks -------------------------------------------------------------------------------------------


def test_decks_group_cards_by_size_and_add_up_their_thickness(make: Any) -> None:
    game = make(card("a", 12, extra="thickness = 0.5") + card("b", 5) + card("c", 20, "41x63")
                + token("t", 3, 20, 20))
    s = game.data.boxes
    got = {d.id: d for d in decks(game, s, False)}
    assert set(got) == {"cards-63x88", "cards-41x63"}  # tokens are no deck
    poker = got["cards-63x88"]
    assert (poker.width, poker.height) == (63.0, 88.0)
    assert poker.thickness == pytest.approx(12 * 0.5 + 5 * s.card_thickness)
    assert poker.components == [("a", "a", 12), ("b", "b", 5)] and poker.count == 17
    assert poker.name == "63 x 88 mm cards"  # two components, two decks: named by card size
    assert got["cards-41x63"].name == "c"  # one component: its name
    sleeved = {d.id: d for d in decks(game, s, True)}["cards-63x88"]
    assert (sleeved.width, sleeved.height) == (63.0 + s.sleeve_margin, 88.0 + s.sleeve_margin)
    assert sleeved.thickness == pytest.approx(12 * (0.5 + s.sleeve_thickness) + 5 * (0.3 + s.sleeve_thickness))
    assert sleeved.name == "63 x 88 mm cards"  # named by the card, not the sleeve


def test_one_deck_of_several_components_is_named_after_the_game(make: Any) -> None:
    game = make(card("a", 3) + card("b", 4))
    (deck,) = decks(game, game.data.boxes, False)
    assert (deck.id, deck.name, deck.count) == ("cards", "Crate cards", 7)


def test_declared_decks_come_first_and_take_the_largest_card(make: Any) -> None:
    game = make(card("a", 10) + card("b", 6, "41x63") + card("c", 8, "41x63") + card("d", 9, "70x120")
                + '[[boxes.decks]]\nid = "mix"\nname = "Mixed"\ncomponents = ["a", "b"]\n'
                + '[[boxes.decks]]\nid = "solo"\ncomponents = ["d"]\n')
    got = decks(game, game.data.boxes, False)
    assert [d.id for d in got] == ["mix", "solo", "cards"]  # c alone is left: one size, "cards"
    mix = got[0]
    assert (mix.name, mix.width, mix.height, mix.count) == ("Mixed", 63.0, 88.0, 16)
    assert got[1].name == "d" and got[2].name == "c"
    assert [c for c, _, _ in mix.components] == ["a", "b"]


def test_a_card_size_with_a_fraction_names_its_deck_by_it(make: Any) -> None:
    game = make(card("a", 10, extra="") + '[[components]]\nid = "b"\nkind = "card"\nwidth = 63.5\nheight = 88\n'
                'count = 10\nface = "face"\n' + card("c", 10))
    ids = {d.id: d.name for d in decks(game, game.data.boxes, False)}
    assert ids == {"cards-63x88": "63 x 88 mm cards", "cards-63.5x88": "b"}


# --- the paper ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("w", "h", "fits"), [
    (PAPER_W, PAPER_H, True), (PAPER_H, PAPER_W, True), (PAPER_W + 0.01, 100, True), (100, PAPER_W + 0.01, True),
    (PAPER_W + 0.01, PAPER_H, False), (PAPER_W, PAPER_H + 0.01, False), (PAPER_H + 0.01, 10, False),
    (10, PAPER_H + 0.01, False), (PAPER_H, PAPER_W + 0.01, False), (PAPER_W + 0.01, PAPER_W + 0.01, False),
])
def test_a_part_fits_the_paper_either_way_round(w: float, h: float, fits: bool) -> None:
    assert B.PAPER_ENVELOPE == pytest.approx((PAPER_W, PAPER_H + 10)) and B.HEADER == 10.0
    assert fits_paper(Net("n", [Face("f", rect(5.0, -3.0, w, h))])) is fits


def test_the_fold_limit_leaves_room_for_the_box_around_the_floor() -> None:
    s = BoxSettings()
    # lid floor panel: footprint + content play, the base's walls and the lid's play each side, the lid's own
    # board, and 2 mm to spare
    extra = 2 * s.content_clearance + 4 * s.cardstock + 2 * s.lid_clearance + 2.0
    assert extra == pytest.approx(2 * 2.0 + 4 * 0.4 + 2 * 0.5 + 2.0)
    assert fold_limit(s) == pytest.approx((PAPER_W - extra, PAPER_H - extra))
    s2 = BoxSettings(content_clearance=3, cardstock=0.5, lid_clearance=1)
    assert fold_limit(s2) == pytest.approx((PAPER_W - 12.0, PAPER_H - 12.0))


# --- plan: tuck boxes --------------------------------------------------------------------------------


def test_a_tuck_box_is_the_deck_plus_clearance(make: Any) -> None:
    game = make(card("deck", 12))
    s = game.data.boxes
    got = {b.id: b for b in plan(game, {"deck": [(63.0, 88.0, 12)]})}
    tuck = got["tuck-cards"]
    inner = (63.0 + 1.0, 88.0 + 1.0, 12 * 0.3 + 1.0)
    assert tuck.kind == "tuck" and tuck.name == "deck tuck box"
    assert tuck.inner == pytest.approx(inner)
    assert tuck.info == {"cards": 12, "card": [63.0, 88.0], "deck_thickness": 3.6, "components": ["deck"],
                         "sleeves": False, "cardstock": 0.4, "clearance": 1.0}
    (net,) = tuck.parts
    t = s.cardstock
    assert panel(net, "back") == pytest.approx((inner[0] + t, inner[1] + t))
    assert panel(net, "side-left") == pytest.approx((inner[2] + t, inner[1] + t))
    # the lid box holds the tuck box: its outside, a board's thickness beyond the inside on each side
    contents = {c["what"]: c["size"] for c in got["lid-box-base"].info["contents"]}
    assert contents == {"deck tuck box": pytest.approx([inner[0] + 2 * t, inner[1] + 2 * t, inner[2] + 2 * t],
                                                       abs=0.006)}
    assert net.background == "#ffffff"


def test_the_tuck_box_prints_the_title_the_deck_and_its_count(make: Any) -> None:
    game = make(card("deck", 40) + card("more", 3) + '[boxes]\naccent = "#aa0000"\nink = "#112233"\n')
    (net,) = plan(game, {}, sleeves=False)[0].parts
    front, back = texts(net.face("front")), texts(net.face("back"))
    sizes = {t.text: (round(t.size, 4), t.font, t.fill) for t in front}
    assert sizes == {"Crate": (round(9 * PT * 1.6, 4), "bold", "#aa0000"),
                     "Crate cards": (round(9 * PT, 4), "regular", "#112233"),
                     "43 cards": (round(7 * PT, 4), "regular", "#112233")}
    assert {t.text: (round(t.size, 4), t.font) for t in back} == {
        "Crate cards": (round(9 * PT, 4), "bold"), "40 × deck · 3 × more": (round(7 * PT, 4), "regular"),
        "2-4 players · 30 min · age 10+": (round(6 * PT, 4), "regular")}
    for side in ("side-left", "side-right"):
        assert {(t.text, round(t.size, 4), t.font) for t in texts(net.face(side))} == {("Crate", round(8 * PT, 4),
                                                                                         "bold")}
    assert {(t.text, round(t.size, 4), t.font) for t in texts(net.face("lid"))} == {("Crate cards", round(7 * PT, 4),
                                                                                       "bold")}
    frames = [s for s, _ in walk(net.face("front").art, {}) if isinstance(s, Rect)]
    assert [f.paint.stroke for f in frames] == ["#aa0000"]


@pytest.mark.parametrize(("cards", "min_deck", "tucked"), [(9, 10, False), (10, 10, True), (11, 10, True),
                                                           (3, 3, True), (2, 3, False)])
def test_a_deck_of_min_deck_cards_or_more_gets_a_tuck_box(make: Any, cards: int, min_deck: int, tucked: bool) -> None:
    game = make(card("deck", cards) + f"[boxes]\nmin_deck = {min_deck}\n")
    got = {b.id: b for b in plan(game, {"deck": [(63.0, 88.0, cards)]})}
    assert ("tuck-cards" in got) is tucked
    contents = {c["what"]: c["size"] for c in got["lid-box-base"].info["contents"]}
    if not tucked:  # the cards lie loose: the deck itself, no box around it
        assert contents == {"deck": pytest.approx([63.0, 88.0, cards * 0.3])}


def test_a_small_deck_lies_loose_and_the_next_deck_still_gets_its_box(make: Any) -> None:
    game = make(card("few", 5) + card("many", 20, "41x63"))
    got = {b.id: b for b in plan(game, {})}
    assert sorted(got) == ["lid-box-base", "lid-box-lid", "tuck-cards-41x63"]
    assert [c["what"] for c in got["lid-box-base"].info["contents"]] == ["few", "many tuck box"]


def test_no_tuck_boxes_lays_every_deck_loose(make: Any) -> None:
    game = make(card("deck", 30) + "[boxes]\ntuck_boxes = false\n")
    got = plan(game, {})
    assert [b.id for b in got] == ["lid-box-base", "lid-box-lid"]
    assert got[0].info["contents"] == [{"what": "deck", "size": [63.0, 88.0, 9.0]}]


def test_sleeves_from_the_call_or_the_settings(make: Any) -> None:
    game = make(card("deck", 10) + "[boxes]\nsleeves = true\n")
    s = game.data.boxes
    on = plan(game, {})[0]
    assert on.info["sleeves"] is True and on.inner[0] == pytest.approx(63 + s.sleeve_margin + s.clearance)
    off = plan(game, {}, sleeves=False)[0]
    assert off.info["sleeves"] is False and off.inner[0] == pytest.approx(63 + s.clearance)
    plain = make(card("deck", 10))
    assert plan(plain, {}, sleeves=True)[0].inner[2] == pytest.approx(10 * (0.3 + 0.1) + 1.0)


def test_no_lid_box_or_nothing_to_put_in_it(make: Any) -> None:
    game = make(card("deck", 10) + "[boxes]\nlid_box = false\n")
    assert [b.id for b in plan(game, {})] == ["tuck-cards"]
    loose = make(token("t", 3, 20, 20))
    assert plan(loose, {}) == []  # no drawn pieces, no deck: no blocks, no box
    assert [b.id for b in plan(loose, {"t": [(20.0, 20.0, 3)]})] == ["lid-box-base", "lid-box-lid"]


def test_a_box_too_large_for_the_paper_is_refused(make: Any) -> None:
    game = make('[[components]]\nid = "huge"\nkind = "card"\nwidth = 195\nheight = 265\ncount = 10\nface = "face"\n')
    with pytest.raises(DataError, match=r"a tuck box that can be printed on A4 and Letter \(or `lid_box = false`"):
        plan(game, {})
    game = make('[[components]]\nid = "huge"\nkind = "card"\nwidth = 195\nheight = 265\ncount = 10\nface = "face"\n'
                "[boxes]\ntuck_boxes = false\n")
    with pytest.raises(DataError, match=r"boxes: expected a lid box base that can be printed"):
        plan(game, {})


# --- the lid box -------------------------------------------------------------------------------------


def test_the_lid_box_is_as_deep_as_all_its_layers_and_the_lid_covers_a_share(make: Any) -> None:
    game = make(card("deck", 10) + token("tile", 100, 92, 66) + "[boxes]\nlid_depth = 0.5\n")
    s = game.data.boxes
    got = {b.id: b for b in plan(game, {"deck": [(63.0, 88.0, 10)], "tile": [(92.0, 66.0, 100)]})}
    t, cc, lc = s.cardstock, s.content_clearance, s.lid_clearance
    tuck = (63 + 1 + 2 * t, 88 + 1 + 2 * t, 10 * 0.3 + 1 + 2 * t)
    per_pile = math.floor(20.0 / 0.3)  # 66 tiles to a pile, then 34
    layers = [per_pile * 0.3, (100 - per_pile) * 0.3, tuck[2]]  # each covers the floor: one layer each
    base, lid = got["lid-box-base"], got["lid-box-lid"]
    floor = (max(92.0, tuck[1]), max(66.0, tuck[0]))
    inner = (floor[0] + cc, floor[1] + cc, sum(layers) + cc)
    assert base.inner == pytest.approx(inner) and base.kind == "tray" and base.name == "lid box: base"
    outer = (inner[0] + 2 * t, inner[1] + 2 * t, inner[2] + t)
    assert base.info["base_outer"] == pytest.approx(outer, abs=0.001) and base.info["layers"] == 3
    assert lid.inner == pytest.approx((outer[0] + 2 * lc, outer[1] + 2 * lc, 0.5 * outer[2]))
    assert lid.name == "lid box: lid" and base.info == lid.info and base.info is not lid.info
    assert base.info["cardstock"] == t and base.info["lid_clearance"] == lc
    assert [c["what"] for c in base.info["contents"]] == ["deck tuck box", "tile (pile of 66)", "tile (pile of 34)"]
    assert base.info["contents"][1]["size"] == [92.0, 66.0, round(66 * 0.3, 2)]
    (bnet,), (lnet,) = base.parts, lid.parts
    assert panel(bnet, "floor") == pytest.approx((inner[0] + t, inner[1] + t))
    assert panel(lnet, "floor") == pytest.approx((lid.inner[0] + t, lid.inner[1] + t))
    assert panel(lnet, "wall-front")[1] == pytest.approx(lid.inner[2] + t / 2)
    assert panel(bnet, "wall-front")[1] == pytest.approx(inner[2] + t / 2)


def test_the_contents_are_listed_to_a_hundredth_of_a_mm(make: Any) -> None:
    game = make(token("t", 1, 20, 10) + "[boxes]\npiece_thickness = 0.1234\n")
    base = plan(game, {"t": [(10.5678, 20.1234, 1)]})[0]
    assert base.info["contents"] == [{"what": "t", "size": [20.12, 10.57, 0.12]}]
    # a pile's footprint is kept to a thousandth (20.123 x 10.568): the lid box around it too
    assert base.info["base_outer"] == pytest.approx([20.123 + 2.8, 10.568 + 2.8, 20.4], abs=1e-9)


def test_the_tuck_box_info_is_to_a_thousandth_of_a_mm(make: Any) -> None:
    game = make(card("deck", 10, "63.12345x88.54321", extra="thickness = 0.30017"))
    info = plan(game, {})[0].info
    assert info["card"] == [63.123, 88.543] and info["deck_thickness"] == 3.002  # 10 cards: 3.0017 mm
    # the lid box round the tuck box (its outside: the card, 1 mm of play and two boards), + 2 mm and two boards
    base = plan(game, {})[1]
    assert base.id == "lid-box-base" and base.info["base_outer"][:2] == [round(88.54321 + 1.8 + 2.8, 3),
                                                                         round(63.12345 + 1.8 + 2.8, 3)]


def test_a_shallow_lid_box_is_min_depth_deep(make: Any) -> None:
    game = make(token("t", 3, 20, 30) + "[boxes]\nmin_depth = 12\n")
    base = plan(game, {"t": [(20.0, 30.0, 3)]})[0]
    assert base.inner == pytest.approx((30 + 2.0, 20 + 2.0, 12.0))
    assert base.info["contents"] == [{"what": "t (pile of 3)", "size": [30.0, 20.0, 0.9]}]


def test_the_lid_and_base_print_the_game(make: Any) -> None:
    game = make(card("deck", 4) + token("t", 3, 20, 30) + '[boxes]\naccent = "#aa0000"\n')
    base, lid = plan(game, {"t": [(20.0, 30.0, 3)]})
    (lnet,), (bnet,) = lid.parts, base.parts
    top = {t.text: (round(t.size, 4), t.font, t.fill) for t in texts(lnet.face("floor"))}
    assert top == {"Crate": (round(18 * PT, 4), "bold", "#aa0000"),
                   "A test of boxes": (round(9 * PT, 4), "regular", "#000000"),
                   "2-4 players · 30 min · age 10+": (round(8 * PT, 4), "regular", "#000000")}
    assert {(t.text, round(t.size, 4), t.font, t.fill) for t in texts(lnet.face("wall-front"))} == {
        ("Crate", round(14 * PT, 4), "bold", "#aa0000")}
    assert words(lnet.face("wall-back")).startswith("Contents: 4 × deck · 3 × t")
    assert {(round(t.size, 4), t.font) for t in texts(lnet.face("wall-back"))} == {(round(7 * PT, 4), "regular")}
    assert {(t.text, round(t.size, 4), t.font) for t in texts(lnet.face("wall-left"))} == {
        ("2-4 players · 30 min · age 10+", round(8 * PT, 4), "bold")}
    floor = {t.text: (round(t.size, 4), t.font) for t in texts(bnet.face("floor"))}
    assert floor == {"Crate": (round(12 * PT, 4), "bold"), "Contents": (round(8 * PT, 4), "bold"),
                     "4 × deck": (round(8 * PT, 4), "regular"), "3 × t": (round(8 * PT, 4), "regular"),
                     "2-4 players · 30 min · age 10+": (round(7 * PT, 4), "regular")}
    assert not texts(bnet.face("wall-front"))
    assert [s.paint.stroke for s, _ in walk(lnet.face("floor").art, {}) if isinstance(s, Rect)] == ["#aa0000"]
    assert not [s for s, _ in walk(bnet.face("floor").art, {}) if isinstance(s, Rect)]  # the base: no frame


def test_facts_are_what_the_game_gives() -> None:
    def info(**kw: str | None) -> Any:
        return SimpleNamespace(info=SimpleNamespace(**{"players": None, "time": None, "age": None, **kw}))

    assert B._facts(info()) == ""
    assert B._facts(info(players="2")) == "2 players"
    assert B._facts(info(time="1 h")) == "1 h"
    assert B._facts(info(age="8+")) == "age 8+"
    assert B._facts(info(players="1", age="9")) == "1 players · age 9"


def test_without_facts_the_lid_sides_show_the_title(make: Any) -> None:
    game = make(token("t", 3, 20, 30), info="")
    _, lid = plan(game, {"t": [(20.0, 30.0, 3)]})
    assert {t.text for t in texts(lid.parts[0].face("wall-right"))} == {"Crate"}


# --- the lid box's contents --------------------------------------------------------------------------


def fake(comps: list[Any], pieces: dict[str, int] | None = None, variants: dict[str, list[Variant]] | None = None
         ) -> Any:
    return SimpleNamespace(components=comps, pieces=lambda c: (pieces or {}).get(c.id, 1),
                           variants=variants or {}, rel=lambda: "crate/game.toml")


def comp(cid: str, **kw: Any) -> Any:
    return SimpleNamespace(id=cid, label=cid.title(), **kw)


def loose(game: Any, s: BoxSettings, sizes: dict[str, list[tuple[float, float, int]]],
          assembled: dict[str, tuple[float, float, float]] | None = None,
          folded: dict[str, tuple[float, float, int]] | None = None, in_decks: set[str] | None = None
          ) -> list[tuple[str, float, float, float]]:
    blocks = B._loose_blocks(game, s, sizes, in_decks or set(), assembled or {}, folded)
    return [(b.what, round(b.w, 4), round(b.l, 4), round(b.h, 4)) for b in blocks]


def test_flat_pieces_lie_in_piles_of_pile_height() -> None:
    s = BoxSettings()
    game = fake([comp("tok"), comp("one"), comp("deck")])
    sizes = {"tok": [(20.0, 30.0, 50), (30.0, 20.0, 50), (10.0, 10.0, 1)], "one": [(40.0, 15.0, 1)],
             "deck": [(63.0, 88.0, 10)]}
    per = math.floor(20.0 / 0.3)
    assert loose(game, s, sizes, in_decks={"deck"}) == [
        (f"Tok (pile of {per})", 30.0, 20.0, round(per * 0.3, 4)), (f"Tok (pile of {100 - per})", 30.0, 20.0,
                                                                    round((100 - per) * 0.3, 4)),
        ("Tok", 10.0, 10.0, 0.3), ("One", 40.0, 15.0, 0.3)]
    odd = loose(game, s, {"tok": [(20.125, 10.0, 3), (10.0, 20.125, 2)]})  # the same size to a thousandth: one pile
    assert odd == [("Tok (pile of 5)", 20.125, 10.0, 1.5)]
    assert loose(game, s, {"tok": [(10.125, 30.0, 3), (30.0, 10.125, 2)]}) == [("Tok (pile of 5)", 30.0, 10.125, 1.5)]
    # kept to a thousandth: 20.1234 x 10.5678 is a pile of 20.123 x 10.568
    assert loose(game, s, {"tok": [(20.1234, 10.5678, 3), (10.5678, 20.1234, 2)]}) == [
        ("Tok (pile of 5)", 20.123, 10.568, 1.5)]
    assert loose(game, s, {"one": [(40.0, 15.0, 2)]}) == [("One (pile of 2)", 40.0, 15.0, 0.6)]
    thin = BoxSettings(pile_height=0.2)  # thinner than a piece: still one a pile
    assert loose(game, thin, {"one": [(40.0, 15.0, 2)]}) == [("One", 40.0, 15.0, 0.3)] * 2
    exact = BoxSettings(pile_height=1.0, piece_thickness=0.25)
    assert loose(game, exact, {"one": [(40.0, 15.0, 5)]}) == [("One (pile of 4)", 40.0, 15.0, 1.0), ("One", 40, 15, .25)]


def test_built_solids_lie_on_their_largest_side_and_nests_stack() -> None:
    s = BoxSettings()
    box, nest = comp("box", nest=None), comp("cup", nest="size")
    v = [Variant("s", {"size": {"name": "small"}, "colour": {"name": "red"}}, 2),
         Variant("m", {"size": {"name": "mid"}, "colour": {"name": "red"}}, 1),
         Variant("l", {"size": {"name": "large"}, "colour": {"name": "red"}}, 3),
         Variant("b", {"size": {"name": "small"}, "colour": {"name": "blue"}}, 1)]
    game = fake([box, nest], {"box": 2}, {"cup": v})
    got = loose(game, s, {"box": [(1.0, 1.0, 9)]}, assembled={"box": (10.0, 30.0, 20.0), "cup": (5.0, 7.0, 6.0)})
    assert got == [("Box (assembled)", 30.0, 20.0, 10.0)] * 2 + [
        (f"Cup (nested stack of {k})", 7.0, 6.0, 5.0) for k in (3, 2, 1, 1)]


def test_nested_stacks_group_variants_that_differ_only_in_the_nest_set() -> None:
    v = [Variant("a", {"size": {"name": "s"}, "shade": {"hue": "red"}}, 1),
         Variant("b", {"size": {"name": "m"}, "shade": {"hue": "blue"}}, 2),
         Variant("c", {"size": {"name": "l"}, "shade": {"hue": "red"}}, 2),
         Variant("d", {"size": {"name": "l"}, "shade": {"hue": "blue"}}, 1)]
    game = fake([], variants={"x": v})
    # red: copies 1 and 2: stacks of 2 and 1; blue: 2 and 1: 2 and 1 (a record without a name by its text)
    assert nested_stacks(game, comp("x"), "size") == [2, 1, 2, 1]
    assert nested_stacks(game, comp("x"), "shade") == [1, 1, 1, 2, 1]  # by size: s (1); m (2 copies); l (2 and 1)


def test_declared_boards_fold_or_stack_into_parts() -> None:
    s = BoxSettings(boards=[BoardPacking(component="mat", across=2, down=3, how="stack"),
                            BoardPacking(component="map", across=2)])
    game = fake([comp("mat"), comp("map")])
    got = loose(game, s, {"mat": [(300.0, 450.0, 2), (300.0, 450.0, 1)], "map": [(400.0, 150.0, 1)]})
    assert got == [("Mat (stack 2 x 3)", 150.0, 150.0, round(6 * 0.3, 4))] * 3 + [
        ("Map (fold 2 x 1)", 200.0, 150.0, 0.6)]


@pytest.mark.parametrize(("w", "h", "ok"), [("L1", "L0", True), ("L0", "L1", True), ("L1+", 10.0, False),
                                            (10.0, "L1+", False), ("L0+", "L0+", False), ("L1", "L0+", False)])
def test_a_declared_board_part_must_fit_the_floor(w: Any, h: Any, ok: bool) -> None:
    s = BoxSettings(boards=[BoardPacking(component="x"), BoardPacking(component="mat")])
    limit = fold_limit(s)
    val = {"L0": limit[0], "L1": limit[1], "L0+": limit[0] + 0.01, "L1+": limit[1] + 0.01}
    fw, fh = val.get(w, w), val.get(h, h)
    game = fake([comp("mat")])
    if ok:
        assert loose(game, s, {"mat": [(fw, fh, 1)]})[0][1:3] == (round(max(fw, fh), 4), round(min(fw, fh), 4))
    else:
        with pytest.raises(DataError, match=r"boxes\.boards\[1\]: expected parts that fit the lid box floor on the "
                                            r"paper \(191 x 251 mm\)"):
            loose(game, s, {"mat": [(fw, fh, 1)]})


def test_a_board_folds_where_its_fold_lines_are() -> None:
    s = BoxSettings()
    limit = fold_limit(s)
    game = fake([comp("half", folds="half"), comp("flat", folds="none"), comp("big", folds="auto"),
                 comp("odd", folds="auto"), comp("fit", folds="auto"), comp("long", folds="auto"),
                 comp("broad", folds="auto"), comp("rim", folds="auto"), comp("tip", folds="auto")])
    folded = {"half": (150.0, 200.0, 2), "big": (300.0, 400.0, 4), "fit": (150.0, 200.0, 2), "long": (150.0, 300.0, 2),
              "broad": (200.0, 240.0, 2), "rim": (limit[0], 200.0, 2), "tip": (100.0, limit[1], 2)}
    got = loose(game, s, {"half": [(300.0, 200.0, 1), (300.0, 200.0, 1)], "flat": [(100.0, 120.0, 1)], "big": [(600.0, 800.0, 1)],
                          "odd": [(limit[1], limit[0], 1)], "fit": [(300.0, 200.0, 1)], "long": [(300.0, 300.0, 1)],
                          "broad": [(400.0, 240.0, 1)], "rim": [(400.0, limit[0], 1)],
                          "tip": [(200.0, limit[1], 1)]},
                 folded=folded)
    w2, h2, more = 200.0, 150.0, 4  # 400 x 300 halved to 200 x 300 (still too long) and to 200 x 150
    note = "; its printed folds leave it too large for a box printed on A4 and Letter"
    assert got == [("Half (folded in 2)", 200.0, 150.0, 0.6)] * 2 + [
        ("Flat", 120.0, 100.0, 0.3), (f"Big (folded in {4 * more}{note})", w2, h2, round(4 * more * 0.3, 4)),
        ("Odd", round(limit[1], 4), round(limit[0], 4), 0.3),
        ("Fit (folded in 2)", 200.0, 150.0, 0.6),  # auto, and its folds leave it within the floor: no note
        (f"Long (folded in 4{note})", 150.0, 150.0, 1.2),  # 300 long is too long: halved once more
        (f"Broad (folded in 4{note})", 200.0, 120.0, 1.2),  # 200 across is too wide: 240 halved
        ("Rim (folded in 2)", 200.0, round(limit[0], 4), 0.6),  # exactly as wide as the floor allows: no note
        ("Tip (folded in 2)", round(limit[1], 4), 100.0, 0.6)]  # exactly as long


@pytest.mark.parametrize(("size", "k", "how"), [((300.0, 150.0), 1, "unfolded"), ((150.0, 260.0), 2, "folded in 2"),
                                                ((192.0, 192.0), 4, "folded in 4")])
def test_a_board_whose_folds_leave_it_too_large_is_refused(size: tuple[float, float], k: int, how: str) -> None:
    game = fake([comp("mat", folds="half")])
    with pytest.raises(DataError, match=r"components\.mat\.folds: expected folds that make the piece fit the lid box "
                                        rf"floor printed on A4 and Letter \(191 x 251 mm\).*{how}"):
        loose(game, BoxSettings(), {"mat": [(600.0, 600.0, 1)]}, folded={"mat": (*size, k)})


def test_a_piece_with_a_fold_of_its_own_and_large_pieces_halve_to_fit() -> None:
    s = BoxSettings()
    limit = fold_limit(s)
    game = fake([comp("h", folds="half"), comp("q", folds="quarters"), comp("big", folds="quarters"),
                 comp("n", folds="none"), comp("a", folds="auto"), comp("plain"), comp("edge"), comp("wide")])
    sizes = {"h": [(300.0, 200.0, 1), (200.0, 300.0, 1)], "q": [(300.0, 200.0, 1)], "big": [(800.0, 600.0, 1)], "n": [(600.0, 100.0, 1)],
             "a": [(100.0, 200.0, 1)], "plain": [(260.0, 100.0, 1)], "edge": [(limit[0], limit[1], 1)],
             "wide": [(200.0, 195.0, 1)]}
    note = "; its own fold leaves it too large for a box printed on A4 and Letter"
    assert loose(game, s, sizes) == [
        ("H (folded in 2)", 200.0, 150.0, 0.6), ("H (folded in 2)", 200.0, 150.0, 0.6),
        ("Q (folded in 4)", 150.0, 100.0, 1.2),
        # quarters of 800 x 600 are 400 x 300; halved twice more: 300 x 200, 200 x 150
        (f"Big (folded in 16{note})", 200.0, 150.0, round(16 * 0.3, 4)),
        ("N (folded in 4)", 150.0, 100.0, 1.2),  # 600 x 100: 300 x 100, 150 x 100
        ("A", 200.0, 100.0, 0.3),  # 200 long is within 250.8, 100 across within 191.4: whole
        ("Plain (folded in 2)", 130.0, 100.0, 0.6), ("Edge", round(limit[1], 4), round(limit[0], 4), 0.3),
        ("Wide (folded in 2)", 195.0, 100.0, 0.6)]  # 200 long fits, 195 across does not: halved to 195 x 100


@pytest.mark.parametrize(("w", "h", "want"), [(600.0, 100.0, (150.0, 100.0, 4)), (250.0, 200.0, (200.0, 125.0, 2)),
                                              (250.0, 191.0, (250.0, 191.0, 1)), (251.0, 191.0, (191.0, 125.5, 2)),
                                              (250.8, 191.4, (250.8, 191.4, 1)), (250.8, 191.5, (191.5, 125.4, 2))])
def test_halving_folds_across_the_long_side_until_it_fits(w: float, h: float, want: tuple[float, float, int]) -> None:
    assert B._halve_to_fit(w, h, (191.4, 250.8)) == pytest.approx(want)


# --- layers ------------------------------------------------------------------------------------------


def test_blocks_go_on_shelves_tallest_first_turned_when_that_fits() -> None:
    a, b, c = Block("a", 60, 40, 5), Block("b", 50, 40, 4), Block("c", 20, 40, 3)
    d, e, f = Block("d", 95, 15, 2), Block("e", 10, 30, 1), Block("f", 20, 10, 1)
    layers = pack_layers([f, e, d, c, b, a], (100.0, 60.0))
    # a opens a shelf 40 deep; b fits neither beside it (110 > 100) nor under it (80 > 60): a new layer.
    # c beside a; d on a new shelf under them (95 wide); e beside c; f only turned (10 wide: 90 + 10 = 100).
    assert layers == [[(a, 0.0, 0.0, False), (c, 60.0, 0.0, False), (d, 0.0, 40.0, False), (e, 80.0, 0.0, False),
                       (f, 90.0, 0.0, True)], [(b, 0.0, 0.0, False)]]
    p, q = Block("p", 90, 10, 1), Block("q", 40, 40, 1)  # q has the larger area (p the longer sides): q first
    assert pack_layers([p, q], (100.0, 60.0)) == [[(q, 0.0, 0.0, False), (p, 0.0, 40.0, False)]]
    g, h = Block("g", 40, 100, 1), Block("h", 30, 30, 1)
    assert pack_layers([g], (100.0, 60.0)) == [[(g, 0.0, 0.0, True)]]  # turned to open the shelf
    # same height and area: by name
    h2 = Block("a-h", 30, 30, 1)
    assert [blk.what for blk, *_ in pack_layers([h, h2], (100.0, 60.0))[0]] == ["a-h", "h"]
    with pytest.raises(ValueError, match=r"big \(101 x 61 mm\) is larger than the floor"):
        pack_layers([Block("big", 101, 61, 1)], (100.0, 60.0))
    with pytest.raises(ValueError, match=r"wide \(101 x 10 mm\) is larger than the floor"):
        pack_layers([Block("wide", 101, 10, 1)], (100.0, 60.0))  # too wide either way round


def test_a_shelf_opens_under_a_turned_block_only_when_it_fits_down() -> None:
    a, b = Block("a", 100, 30, 2), Block("b", 20, 31, 1)
    # b is deeper than a's shelf and too wide turned (31 + 100 > 100): a new shelf at 30, as deep as b
    assert pack_layers([a, b], (100.0, 61.0)) == [[(a, 0.0, 0.0, False), (b, 0.0, 30.0, False)]]
    assert pack_layers([a, b], (100.0, 60.9)) == [[(a, 0.0, 0.0, False), (b, 0.0, 30.0, True)]]
    assert pack_layers([a, b], (100.0, 49.9)) == [[(a, 0.0, 0.0, False)], [(b, 0.0, 0.0, False)]]


def just_over(base: float, plus: float) -> float:
    """The float ``x`` with ``base + x`` exactly ``plus`` (the tolerance's very edge)."""
    x = plus - base
    while base + x < plus:
        x = math.nextafter(x, math.inf)
    while base + x > plus:
        x = math.nextafter(x, -math.inf)
    assert base + x == plus
    return x


def test_blocks_fit_within_a_millionth_of_a_mm() -> None:
    eps = 1e-6
    a = Block("a", 60.0, 40.0, 2)
    beside = Block("b", just_over(60.0, 100.0 + eps), 40.0 + eps, 1)  # up to the floor's edge and the shelf's depth
    assert 40.0 + eps == beside.l + 0.0 and pack_layers([a, beside], (100.0, 60.0)) == [
        [(a, 0.0, 0.0, False), (beside, 60.0, 0.0, False)]]
    under = Block("u", 100.0 + eps, just_over(40.0, 60.0 + eps), 1)  # a new shelf to the floor's far edge
    assert pack_layers([a, under], (100.0, 60.0)) == [[(a, 0.0, 0.0, False), (under, 0.0, 40.0, False)]]


def test_a_deck_is_a_deck() -> None:
    d = Deck("x", "X", [("a", "A", 3), ("b", "B", 4)], 1.0, 2.0, 0.5)
    assert d.count == 7


# --- title art ---------------------------------------------------------------------------------------


def test_title_art_is_a_printed_face_by_name(make: Any) -> None:
    game = make(card("deck", 10) + '[boxes]\nart = "deck"\n')
    face = Drawing(63.0, 88.0)
    face.add(Rect(0, 0, 63, 88, role="art"))
    s = game.data.boxes
    assert B._title_art(game, s, None) is None
    assert B._title_art(game, s, {"deck": face}) is face
    with pytest.raises(DataError, match=r"boxes\.art: expected a piece name as in out/<game>/svg/"):
        B._title_art(game, s, {"other": face})
    assert B._title_art(make(card("deck", 10)), make(card("deck", 10)).data.boxes, {"deck": face}) is None
    (net,) = plan(game, {}, faces={"deck": face})[0].parts
    assert any(isinstance(s, Rect) and s.w == 63 for s, _ in walk(net.face("front").art, {}))


# --- nets: faces, folds, the cut ---------------------------------------------------------------------

from printkit.boxes import net as N  # noqa: E402
from printkit.drawing import CUT, FOLD, Group, Path  # noqa: E402


def test_a_face_knows_its_box_area_and_clockwise_edges() -> None:
    pts = rect(1.0, 2.0, 4.0, 3.0)
    assert pts == ((1.0, 2.0), (5.0, 2.0), (5.0, 5.0), (1.0, 5.0))
    cw = Face("f", pts)
    ccw = Face("g", tuple(reversed(pts)))  # the same face listed the other way round
    assert cw.bbox == (1.0, 2.0, 5.0, 5.0) and cw.area == 12.0 and ccw.area == 12.0
    assert cw.edges() == ccw.edges()[-1:] + ccw.edges()[:-1] or sorted(cw.edges()) == sorted(ccw.edges())
    assert cw.edges() == [((1.0, 2.0), (5.0, 2.0)), ((5.0, 2.0), (5.0, 5.0)), ((5.0, 5.0), (1.0, 5.0)),
                          ((1.0, 5.0), (1.0, 2.0))]
    assert N._signed_area(pts) == 12.0 and N._signed_area(reversed(pts)) == -12.0
    assert N._clockwise(tuple(reversed(pts))) == pts and N._clockwise(pts) is pts
    tiny = rect(0.0, 0.0, 0.5, 0.5)  # a quarter of a square mm, listed the other way round, turned too
    assert N._clockwise(tuple(reversed(tiny))) == tiny and N._clockwise(tiny) is tiny
    tri = Face("t", ((0.0, 0.0), (4.0, 0.0), (0.0, 3.0)))
    assert tri.area == 6.0 and tri.bbox == (0.0, 0.0, 4.0, 3.0)


def test_points_are_keyed_to_a_tenth_of_a_micron_without_negative_zero() -> None:
    key = N._key((-0.00001, 1.23456))
    assert key == (0.0, 1.2346) and math.copysign(1.0, key[0]) == 1.0
    assert N._key((2.00004, -3.00006)) == (2.0, -3.0001)
    assert N._key((1.23456, 7.65432)) == (1.2346, 7.6543)
    assert [math.copysign(1.0, v) for v in N._key((-0.00001, -0.00001))] == [1.0, 1.0]


@pytest.mark.parametrize(("a", "b", "depth", "inset", "want"), [
    ((0.0, 0.0), (10.0, 0.0), 3.0, 2.0, ((8.0, -3.0), (2.0, -3.0))),  # on a top edge: up (y down)
    ((0.0, 0.0), (0.0, 10.0), 3.0, 2.0, ((3.0, 8.0), (3.0, 2.0))),  # on a right edge: right
    ((10.0, 5.0), (0.0, 5.0), 2.0, 1.0, ((1.0, 7.0), (9.0, 7.0))),  # on a bottom edge: down
    ((0.0, 0.0), (4.0, 0.0), 3.0, 5.0, ((2.5, -3.0), (1.5, -3.0))),  # inset at most half the edge less 0.5
    ((0.0, 0.0), (6.0, 0.0), 3.0, 5.0, ((3.5, -3.0), (2.5, -3.0))),
])
def test_a_tab_stands_outside_its_edge(a: N.Pt, b: N.Pt, depth: float, inset: float, want: tuple[N.Pt, N.Pt]) -> None:
    got = N.tab(a, b, depth, inset)
    assert got[:2] == (a, b) and [v for p in got[2:] for v in p] == pytest.approx([v for p in want for v in p])


def two_panels() -> Net:
    return Net("pair", [Face("b", rect(0.0, 0.0, 10.0, 5.0)), Face("a", rect(10.0, 0.0, 4.0, 5.0))])


def test_folds_are_the_shared_edges_named_by_their_faces() -> None:
    net = two_panels()
    assert net.folds() == [(((10.0, 5.0), (10.0, 0.0)), "a", "b")]  # the edge as the first face by name has it
    net.faces.append(Face("c", rect(14.0, 0.0, 3.0, 5.0)))
    assert [(fa, fb) for _, fa, fb in net.folds()] == [("a", "b"), ("a", "c")]
    assert net.bbox == (0.0, 0.0, 17.0, 5.0) and net.face("c").name == "c"
    with pytest.raises(KeyError):
        net.face("d")


def test_the_cut_is_the_outline_of_the_union() -> None:
    net = two_panels()
    assert net.outline() == [[(0.0, 0.0), (14.0, 0.0), (14.0, 5.0), (0.0, 5.0)]]  # (10, 0) and (10, 5) dropped
    net.faces.append(Face("apart", rect(20.0, 0.0, 2.0, 2.0)))
    assert net.outline() == [[(0.0, 0.0), (14.0, 0.0), (14.0, 5.0), (0.0, 5.0)],
                             [(20.0, 0.0), (22.0, 0.0), (22.0, 2.0), (20.0, 2.0)]]
    # a face lying on another along an edge in the same direction leaves the outline open
    bad = Net("bad", [Face("a", rect(0.0, 0.0, 10.0, 5.0)), Face("c", rect(0.0, 0.0, 10.0, 3.0))])
    with pytest.raises(ValueError, match=r"net bad: the outline is open at \(0\.0, 0\.0\)"):
        bad.outline()


def test_two_faces_touching_at_a_corner_are_cut_as_two_loops() -> None:
    net = Net("eight", [Face("a", rect(0.0, 0.0, 10.0, 10.0)), Face("b", rect(10.0, 10.0, 10.0, 10.0))])
    assert net.outline() == [[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
                             [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)]]
    assert net.folds() == []


def test_simplify_drops_only_points_on_a_straight_run() -> None:
    loop = [(0.0, 0.0), (5.0, 0.0), (10.0, 0.0), (10.0, 4.0), (10.0, 5.0), (5.0, 5.0 + 1e-8), (0.0, 5.0)]
    assert N._simplify(loop) == [(0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (5.0, 5.0 + 1e-8), (0.0, 5.0)]
    assert N._simplify([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]) == [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]


def strip(widths: list[float], height: float, name: str = "strip") -> Net:
    faces, x = [], 0.0
    for i, w in enumerate(widths):
        faces.append(Face(f"p{i + 1}", rect(x, 0.0, w, height)))
        x += w
    return Net(name, faces, background="#123456")


def test_a_net_that_fits_is_one_part() -> None:
    net = strip([50.0, 50.0], 100.0)
    (part,) = N.split(net, fits_paper, 10.0)
    assert part.name == "strip" and part.faces == net.faces and part.joins == [] and part.background == "#123456"
    assert part is not net


def test_a_net_is_cut_at_the_fold_leaving_the_largest_part_that_fits() -> None:
    # 150 | 60 | 60 | 60 wide, 100 high: cutting after the first panel leaves 150 (+ tab) and 180, both on the
    # paper, the smaller as large as it can be; after the second, 210 (turned: fits) and 120 (smaller).
    parts = N.split(strip([150.0, 60.0, 60.0, 60.0], 100.0), fits_paper, 10.0)
    assert [p.name for p in parts] == ["strip-1", "strip-2"]
    big, small = parts
    assert [f.name for f in big.faces] == ["p2", "p3", "p4"] and [f.name for f in small.faces] == ["p1", "p1-join"]
    (mark,) = small.joins
    assert big.joins == [mark] and (mark.letter, mark.tab_face, mark.panel_face) == ("A", "p1", "p2")
    assert mark.edge == ((150.0, 0.0), (150.0, 100.0))
    join = small.faces[-1]
    assert join.kind == "join" and join.label == "JOIN A" and join.bbox == (150.0, 0.0, 160.0, 100.0)
    assert join.points[2:] == ((160.0, 97.0), (160.0, 3.0))  # inset 3 mm at each end: at most 3
    assert all(p.background == "#123456" for p in parts)


def test_the_cut_leaves_the_larger_smaller_part_even_at_a_later_fold() -> None:
    # 60 | 60 | 60 | 150: after the second panel both sides fit (120 and 210), after the third too (180 and 150):
    # the smaller side is larger there (150 against 120)
    big, small = N.split(strip([60.0, 60.0, 60.0, 150.0], 100.0), fits_paper, 10.0)
    assert [f.name for f in big.faces] == ["p1", "p2", "p3"] and [f.name for f in small.faces] == ["p4", "p4-join"]


def test_of_two_equal_halves_the_first_takes_the_join_tab() -> None:
    big, small = N.split(strip([150.0, 150.0], 100.0), fits_paper, 10.0)
    assert [f.name for f in big.faces] == ["p2"] and [f.name for f in small.faces] == ["p1", "p1-join"]
    assert (small.joins[0].tab_face, small.joins[0].panel_face) == ("p1", "p2")


def test_a_net_too_wide_for_one_cut_is_cut_where_the_least_is_left_over() -> None:
    # five 100 x 150 panels: one cut leaves a part too large whatever fold it is; the least left over is
    # 300 x 150 (cut after two panels, the first such fold); the 300 is cut again after its first panel.
    parts = N.split(strip([100.0] * 5, 150.0), fits_paper, 8.0)
    assert all(fits_paper(p) for p in parts) and len(parts) == 3
    marks = {m.letter: m for p in parts for m in p.joins}
    assert sorted(marks) == ["A", "B"]
    assert marks["A"].edge == ((200.0, 0.0), (200.0, 150.0)) and marks["A"].tab_face == "p2"
    assert marks["B"].edge == ((300.0, 0.0), (300.0, 150.0)) and marks["B"].tab_face == "p3"
    names = [[f.name for f in p.faces] for p in parts]
    assert names == [["p4", "p5"], ["p3", "p3-join"], ["p1", "p2", "p2-join"]]
    # each part keeps the joins it holds a face of: the middle part both, the others one
    assert [[m.letter for m in p.joins] for p in parts] == [["B"], ["A", "B"], ["A"]]
    assert parts[2].faces[-1].bbox == (200.0, 0.0, 208.0, 150.0)


def test_a_flap_s_fold_is_passed_over_for_the_panels_fold() -> None:
    # the flap's fold (x = 0) sorts first; the cut is between the panels (x = 150)
    net = Net("n", [Face("flap", rect(-20.0, 0.0, 20.0, 100.0), "flap"), Face("p1", rect(0.0, 0.0, 150.0, 100.0)),
                    Face("p2", rect(150.0, 0.0, 150.0, 100.0))])
    parts = N.split(net, fits_paper, 10.0)
    assert sorted(sorted(f.name for f in p.faces) for p in parts) == [["flap", "p1"], ["p2", "p2-join"]]
    # p2 (the smaller side, the second face of the fold) holds the tab; it is glued to p1
    assert {(m.letter, m.tab_face, m.panel_face) for p in parts for m in p.joins} == {("A", "p2", "p1")}


def test_a_long_strip_is_cut_until_every_part_fits_and_no_panel_is_lost() -> None:
    parts = N.split(strip([100.0] * 9, 150.0), fits_paper, 10.0)
    panels = sorted(f.name for p in parts for f in p.faces if f.kind == "panel")
    assert panels == sorted(f"p{i}" for i in range(1, 10)) and all(fits_paper(p) for p in parts)
    assert len(parts) == 5 and [p.name for p in parts] == [f"strip-{i}" for i in range(1, 6)]


def test_only_panel_to_panel_folds_are_cut() -> None:
    wide = [Face("p", rect(0.0, 0.0, 250.0, 210.0)), Face("flap", rect(250.0, 0.0, 100.0, 210.0), "flap")]
    with pytest.raises(ValueError, match="350 x 210 mm cannot be split at its folds into parts that fit the paper"):
        N.split(Net("n", wide), fits_paper, 10.0)
    wide[1] = Face("tuck", rect(250.0, 0.0, 100.0, 210.0), "flap")  # the flap second in the fold's names
    with pytest.raises(ValueError, match="350 x 210 mm cannot be split"):
        N.split(Net("n", wide), fits_paper, 10.0)
    with pytest.raises(ValueError, match="300 x 310 mm cannot be split"):  # measured where it lies
        N.split(Net("n", [Face("p", rect(10.0, 20.0, 300.0, 310.0))]), fits_paper, 10.0)
    ring = [Face("a", rect(0.0, 0.0, 150.0, 150.0)), Face("b", rect(150.0, 0.0, 150.0, 150.0)),
            Face("c", rect(0.0, 150.0, 150.0, 150.0)), Face("d", rect(150.0, 150.0, 150.0, 150.0))]
    assert N._components(Net("r", ring), ((150.0, 0.0), (150.0, 150.0))) is None  # still joined round the square
    with pytest.raises(ValueError, match="300 x 300 mm cannot be split"):
        N.split(Net("r", ring), fits_paper, 10.0)
    one, two = N._components(strip([10.0, 10.0, 10.0], 5.0), ((20.0, 0.0), (20.0, 5.0)))  # type: ignore[misc]
    assert [f.name for f in one] == ["p1", "p2"] and [f.name for f in two] == ["p3"]


def test_a_fold_in_a_ring_of_panels_is_passed_over_for_one_that_parts_them() -> None:
    # four 60 x 60 panels in a square (their folds close a ring: cutting one parts nothing) and a 150 mm tail
    ring = [Face("a", rect(0.0, 0.0, 60.0, 60.0)), Face("b", rect(60.0, 0.0, 60.0, 60.0)),
            Face("c", rect(0.0, 60.0, 60.0, 60.0)), Face("d", rect(60.0, 60.0, 60.0, 60.0))]
    parts = N.split(Net("r", [*ring, Face("tail", rect(120.0, 0.0, 150.0, 60.0))]), fits_paper, 10.0)
    assert [sorted(f.name for f in p.faces) for p in parts] == [["a", "b", "c", "d"], ["tail", "tail-join"]]


def test_overflow_is_the_area_of_a_part_that_does_not_fit() -> None:
    assert N._overflow(strip([300.0], 10.0), fits_paper) == 3000.0
    assert N._overflow(strip([100.0], 10.0), fits_paper) == 0.0
    assert N._overflow(Net("n", [Face("f", rect(4.0, 5.0, 300.0, 10.0))]), fits_paper) == 3000.0  # not at the origin
    assert N._has(two_panels(), "a") and not N._has(two_panels(), "z")


# --- nets: drawing -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("colour", "dark"), [(None, False), ("", False), ("#000000", True), ("#ffffff", False),
                                              ("#656565", True), ("#666666", False), ("#00ff00", False),
                                              ("#0000ff", True), ("#ff0000", True), ("black", False),
                                              ("#12345", False), ("x123456", False), ("#1234567", False),
                                              ("#009000", False), ("#900000", True), ("#000090", True),
                                              ("#ff00ff", True), ("#00ffff", False), ("#666664", True),
                                              ("#f07000", False)])
def test_dark_backgrounds_by_luminance(colour: str | None, dark: bool) -> None:
    # luminance 0.2126 r + 0.7152 g + 0.0722 b below 0.4: #666666 is 0.4 exactly; pure red 0.21, green 0.72,
    # #009000 0.404, #666664 0.3994, #f07000 0.514
    assert N._dark(colour) is dark


def shapes(d: Drawing) -> list[tuple[Any, tuple[float, ...]]]:
    return list(walk(d.children, d.defs))


def test_a_drawn_net_has_its_art_folds_and_cut_in_place() -> None:
    art = (Rect(2.0, 12.0, 3.0, 3.0),)
    net = Net("n", [Face("a", rect(0.0, 10.0, 20.0, 10.0), art=art), Face("b", rect(20.0, 10.0, 10.0, 10.0)),
                    Face("g", N.tab((30.0, 10.0), (30.0, 20.0), 5.0, 2.0), "glue")], background="#fafafa")
    d = N.draw_net(net, "#112233")
    assert (d.width, d.height, d.bleed) == (35.0, 10.0, 1.5)
    (top,) = d.children
    assert isinstance(top, Group) and top.transform == (1.0, 0.0, 0.0, 1.0, -0.0, -10.0)
    bg = top.children[0]
    assert isinstance(bg, Path) and bg.paint.fill == bg.paint.stroke == "#fafafa" and bg.paint.width == 3.0
    assert bg.segments[0] == ("M", 0.0, 10.0) and bg.segments[-1] == ("Z",)
    cut_path = next(n for n in top.children if isinstance(n, Path) and n.role == "cut")
    assert bg.segments == cut_path.segments  # the background fills exactly the outline
    folds = [n for n in top.children if isinstance(n, Path) and n.role == "fold"]
    cuts = [n for n in top.children if isinstance(n, Path) and n.role == "cut"]
    # each fold as the face first by name goes round it (clockwise): a's right edge, b's right edge
    assert [f.segments for f in folds] == [(("M", 20.0, 10.0), ("L", 20.0, 20.0)), (("M", 30.0, 10.0),
                                                                                   ("L", 30.0, 20.0))]
    assert all(f.paint == FOLD for f in folds) and [c.paint for c in cuts] == [CUT]
    # the cut: round the two panels and the glue tab (5 deep, 2 in at each end), the corners between them dropped
    assert cuts[0].segments == (("M", 0.0, 10.0), ("L", 30.0, 10.0), ("L", 35.0, 12.0), ("L", 35.0, 18.0),
                                ("L", 30.0, 20.0), ("L", 0.0, 20.0), ("Z",))
    clipped = [n for n in top.children if isinstance(n, Group) and n.clip is not None and n.children == art]
    assert len(clipped) == 1 and clipped[0].clip.segments[1] == ("L", 20.0, 10.0)  # type: ignore[union-attr]
    dark = N.draw_net(Net("n", net.faces, background="#101010"))
    lines = [n for n in dark.children[0].children if isinstance(n, Path) and n.role in ("fold", "cut")]  # type: ignore[union-attr]
    assert {n.paint.stroke for n in lines} == {"#ffffff"} and {n.paint.dash for n in lines} == {(), FOLD.dash}
    greys = [n for n in top.children if isinstance(n, Path) and n.paint.fill == N.GLUE_FILL]
    assert len(greys) == 1 and greys[0].segments[0] == ("M", 30.0, 10.0)  # the glue tab, and only it
    joined = N.draw_net(Net("n", [*net.faces[:2], Face("j", N.tab((20.0, 20.0), (0.0, 20.0), 5.0, 2.0), "join")]))
    assert [n.segments[0] for n in joined.children[0].children  # type: ignore[union-attr]
            if isinstance(n, Path) and n.paint.fill == N.GLUE_FILL] == [("M", 20.0, 20.0)]
    away = N.draw_net(Net("n", [Face("a", rect(5.0, 7.0, 10.0, 10.0))]))
    assert away.children[0].transform == translate(-5.0, -7.0)  # type: ignore[union-attr]
    plain = N.draw_net(Net("n", net.faces[:2]))
    assert not any(isinstance(n, Path) and n.role == "art" for n in plain.children[0].children)  # type: ignore[union-attr]


def test_glue_areas_are_grey_hatched_and_say_what_they_are() -> None:
    wide = Face("g", rect(0.0, 0.0, 20.0, 5.0), "glue")
    out = N._glue_mark(wide)
    assert out[0].paint == N.Paint(fill=N.GLUE_FILL) and N.GLUE_FILL == "#d9d9d9"  # type: ignore[union-attr]
    hatch = out[1]
    assert isinstance(hatch, Group) and hatch.clip is not None
    (lines,) = hatch.children
    starts = [s for s in lines.segments if s[0] == "M"]  # type: ignore[union-attr]
    assert [s[1] for s in starts] == [3.0 * k for k in range(9)]  # every 3 mm over width + height (25)
    assert lines.segments[1] == ("L", 0.0 - 5.0, 5.0)  # type: ignore[union-attr]  # down-left at 45 degrees
    assert lines.paint == N.Paint(stroke="#ffffff", width=0.5)  # type: ignore[union-attr]
    word = out[2]
    assert isinstance(word, Text) and (word.text, word.fill, word.font, word.anchor) == ("GLUE", N.GLUE_INK, "bold",
                                                                                        "middle")
    assert N.GLUE_INK == "#555555"
    (lines24,) = N._glue_mark(Face("g", rect(0.0, 0.0, 20.0, 4.0), "glue"))[1].children  # type: ignore[union-attr]
    assert [s[1] for s in lines24.segments if s[0] == "M"] == [3.0 * k for k in range(9)]  # type: ignore[union-attr]  # to 24 = 20 + 4
    size = 5.0 * 0.35
    assert (word.x, word.y, word.size) == pytest.approx((10.0, 2.5 + size * 0.35, size))
    tall = N._glue_mark(Face("j", rect(0.0, 0.0, 4.0, 30.0), "join", label="JOIN C"))[2]
    assert isinstance(tall, Group) and tall.transform == pytest.approx(N.rotate(-90, 2.0, 15.0))
    (t,) = tall.children
    assert isinstance(t, Text) and t.text == "JOIN C" and t.size == 1.6  # 4 x 0.35 is under the 1.6 mm least
    assert N._glue_mark(Face("j", rect(0.0, 0.0, 30.0, 30.0), "join"))[2].size == 3.0  # type: ignore[union-attr]
    far = N._glue_mark(Face("j", rect(10.0, 0.0, 4.0, 30.0), "join"))[2]  # tall and narrow, away from the origin
    assert isinstance(far, Group) and far.children[0].size == 1.6  # type: ignore[union-attr]
    assert N._glue_mark(Face("j", rect(0.0, 0.0, 30.0, 20.0), "join"))[2].text == "JOIN"  # type: ignore[union-attr]
    assert N._glue_mark(Face("j", rect(0.0, 0.0, 8.0, 8.0), "glue"))[2].size == pytest.approx(2.8)  # type: ignore[union-attr]
    away = N._glue_mark(Face("g", rect(2.0, 3.0, 20.0, 5.0), "glue"))  # not at the origin
    (lines,) = away[1].children  # type: ignore[union-attr]
    assert lines.segments[:4] == (("M", 2.0, 3.0), ("L", -3.0, 8.0), ("M", 5.0, 3.0), ("L", 0.0, 8.0))  # type: ignore[union-attr]
    assert len(lines.segments) == 2 * 9  # type: ignore[union-attr]  # every 3 mm over 20 + 5: 0 to 24
    assert (away[2].x, away[2].y) == pytest.approx((12.0, 5.5 + 1.75 * 0.35))  # type: ignore[union-attr]


def test_a_join_letter_stands_on_the_panel_side_of_its_edge() -> None:
    net = Net("n", [Face("p2", rect(10.0, 0.0, 10.0, 20.0))])
    for edge in (((10.0, 0.0), (10.0, 20.0)), ((10.0, 20.0), (10.0, 0.0))):
        (t,) = N._join_letter(net, N.JoinMark("B", edge, "p1", "p2"), "#123456")
        assert isinstance(t, Text) and (t.text, t.size, t.fill, t.font, t.anchor) == ("B", 4.0, "#123456", "bold",
                                                                                     "middle")
        assert (t.x, t.y) == pytest.approx((14.0, 10.0 + 4.0 * 0.35))  # 4 mm into the panel from the middle
    left = Net("n", [Face("p1", rect(0.0, 0.0, 10.0, 20.0))])
    (t,) = N._join_letter(left, N.JoinMark("B", ((10.0, 0.0), (10.0, 20.0)), "p1", "p1"), "#000000")
    assert (t.x, t.y) == pytest.approx((6.0, 10.0 + 1.4))  # type: ignore[union-attr]
    flat = Net("n", [Face("p", rect(0.0, 0.0, 30.0, 10.0))])
    (t,) = N._join_letter(flat, N.JoinMark("C", ((0.0, 10.0), (30.0, 10.0)), "x", "p"), "#000000")
    assert (t.x, t.y) == pytest.approx((15.0, 6.0 + 1.4))  # type: ignore[union-attr]
    assert N._join_letter(left, N.JoinMark("B", ((10.0, 0.0), (10.0, 20.0)), "p1", "p9"), "#000000") == []
    # a narrow panel (1.5 mm: its middle 0.75 mm from the edge), below the edge and above it
    below = Net("n", [Face("s", rect(0.0, 10.0, 30.0, 1.5))])
    (t,) = N._join_letter(below, N.JoinMark("E", ((0.0, 10.0), (30.0, 10.0)), "x", "s"), "#000000")
    assert (t.x, t.y) == pytest.approx((15.0, 14.0 + 1.4))  # type: ignore[union-attr]
    above = Net("n", [Face("s", rect(0.0, 8.5, 30.0, 1.5))])
    for edge in (((30.0, 10.0), (0.0, 10.0)), ((0.0, 10.0), (30.0, 10.0))):
        (t,) = N._join_letter(above, N.JoinMark("E", edge, "x", "s"), "#000000")
        assert (t.x, t.y) == pytest.approx((15.0, 6.0 + 1.4))  # type: ignore[union-attr]
    tri = Net("n", [Face("t", ((0.0, 0.0), (10.0, 10.0), (10.0, 0.0)))])  # a slanting edge: 4 mm across it
    (t,) = N._join_letter(tri, N.JoinMark("D", ((0.0, 0.0), (10.0, 10.0)), "x", "t"), "#000000")
    r = 4.0 / math.sqrt(2.0)
    assert (t.x, t.y) == pytest.approx((5.0 + r, 5.0 - r + 1.4))  # type: ignore[union-attr]


def test_a_split_net_draws_its_join_letters() -> None:
    big, small = N.split(strip([150.0, 60.0, 60.0, 60.0], 100.0), fits_paper, 10.0)
    letters = [s for s, _ in shapes(N.draw_net(big)) if isinstance(s, Text) and s.size == 4.0]
    assert [t.text for t in letters] == ["A"]
    assert not [s for s, _ in shapes(N.draw_net(small)) if isinstance(s, Text) and s.size == 4.0]


def test_a_turned_net_is_a_quarter_turn_clockwise() -> None:
    art = (Rect(0.0, 0.0, 1.0, 1.0),)
    mark = N.JoinMark("A", ((10.0, 0.0), (10.0, 5.0)), "a", "b")
    net = Net("n", [Face("a", rect(0.0, 0.0, 10.0, 5.0), art=art), Face("b", rect(10.0, 0.0, 4.0, 5.0))], [mark],
              "#abcdef")
    turned = N.rotated(net)
    assert turned.faces[0].points == ((0.0, 0.0), (0.0, 10.0), (-5.0, 10.0), (-5.0, 0.0))
    assert turned.faces[0].art == (Group(art, N.rotate(90)),) and turned.faces[1].art == ()
    assert turned.joins == [N.JoinMark("A", ((0.0, 10.0), (-5.0, 10.0)), "a", "b")]
    assert (turned.name, turned.background) == ("n", "#abcdef")
    assert turned.bbox == (-5.0, 0.0, 0.0, 14.0)


# --- the tuck box ------------------------------------------------------------------------------------

from printkit.boxes.telescope import TraySpec, floor_panel, tray_net  # noqa: E402
from printkit.boxes.tuck import TuckSpec, tuck_net  # noqa: E402


def tuck_spec(w: float, h: float, d: float, glue: float = 10.0, t: float = 0.4, **kw: Any) -> TuckSpec:
    lines: dict[str, Any] = {"front": [], "back": [], "side": [], "top": [], **kw}
    return TuckSpec(name="tuck", width=w, height=h, depth=d, cardstock=t, glue_tab=glue, **lines)


def size(face: Face) -> tuple[float, float]:
    x0, y0, x1, y1 = face.bbox
    return (round(x1 - x0, 6), round(y1 - y0, 6))


@pytest.mark.parametrize(("w", "h", "d", "glue"), [(63.6, 88.6, 20.6, 10.0), (43.6, 39.6, 4.6, 30.0),
                                                   (15.6, 30.6, 40.6, 4.0), (99.6, 59.6, 14.6, 10.0),
                                                   (99.6, 120.6, 50.6, 10.0)])
def test_a_tuck_box_net_is_its_panels_round_the_deck(w: float, h: float, d: float, glue: float) -> None:
    net = tuck_net(tuck_spec(w - 0.4, h - 0.4, d - 0.4, glue))  # panels: the inside plus one board
    # the strip: front, side, back, side, left to right on one line; lid and bottom on the back
    assert size(net.face("front")) == pytest.approx((w, h)) and size(net.face("back")) == pytest.approx((w, h))
    assert size(net.face("side-right")) == pytest.approx((d, h)) == size(net.face("side-left"))
    assert size(net.face("lid")) == pytest.approx((w, d)) == size(net.face("bottom"))
    fx0, fy0, _, _ = net.face("front").bbox
    xs = [net.face(n).bbox[0] - fx0 for n in ("front", "side-right", "back", "side-left")]
    assert xs == pytest.approx([0.0, w, w + d, 2 * w + d])
    assert {net.face(n).bbox[1] for n in ("front", "side-right", "back", "side-left")} == {fy0}
    assert net.face("lid").bbox[1:4:2] == pytest.approx((fy0 - d, fy0))
    assert net.face("lid").bbox[0] == net.face("back").bbox[0] == net.face("bottom").bbox[0]
    assert net.face("bottom").bbox[1] == pytest.approx(fy0 + h)
    # flaps: the tuck flap 10 to 20 mm (a quarter of the height), at most half the width; dust flaps 90 % of the
    # depth, at most 45 % of the width and 25 mm; the bottom's glue flap 80 % of the depth, 8 to 15 mm, at most a
    # third of the height; the side glue tab at most a third of the width
    tuck = min(20.0, max(10.0, h / 4), w / 2)
    dust = min(0.9 * d, 0.45 * w, 25.0)
    bottom = min(15.0, max(8.0, 0.8 * d), h / 3)
    assert size(net.face("tuck"))[1] == pytest.approx(tuck) and net.face("tuck").bbox[1] == pytest.approx(0.0)
    inset = min(0.3 * d, 0.5 * dust)  # a dust flap's outer edge is shorter by this at each end
    for name in ("dust-top-right", "dust-top-left", "dust-bottom-right", "dust-bottom-left"):
        assert size(net.face(name))[1] == pytest.approx(dust), name
        outer = net.face(name).points[2:]
        assert math.dist(*outer) == pytest.approx(d - 2 * inset), name
    assert size(net.face("bottom-glue"))[1] == pytest.approx(bottom)
    assert size(net.face("glue"))[0] == pytest.approx(min(glue, w / 3))
    assert fy0 == pytest.approx(d + tuck)
    kinds = {f.name: f.kind for f in net.faces}
    assert kinds == {"front": "panel", "side-right": "panel", "back": "panel", "side-left": "panel", "glue": "glue",
                     "lid": "panel", "tuck": "flap", "bottom": "panel", "bottom-glue": "glue",
                     "dust-top-right": "flap", "dust-bottom-right": "flap", "dust-top-left": "flap",
                     "dust-bottom-left": "flap"}
    # every flap on the edge of its panel: the net folds at each, and the cut is one loop
    folds = {frozenset((a, b)) for _, a, b in net.folds()}
    assert folds == {frozenset(p) for p in [("front", "side-right"), ("side-right", "back"), ("back", "side-left"),
                                            ("side-left", "glue"), ("back", "lid"), ("lid", "tuck"),
                                            ("back", "bottom"), ("bottom", "bottom-glue"),
                                            ("side-right", "dust-top-right"), ("side-right", "dust-bottom-right"),
                                            ("side-left", "dust-top-left"), ("side-left", "dust-bottom-left")]}
    assert len(net.outline()) == 1


def test_tuck_flaps_are_inset_at_their_ends() -> None:
    w, h, d = 63.6, 88.6, 20.6
    net = tuck_net(tuck_spec(w - 0.4, h - 0.4, d - 0.4))
    x0, y0 = w + d + w, d + min(20.0, max(10.0, h / 4), w / 2)  # side-left's top left corner
    glue = net.face("glue").points  # on side-left's right edge, 4 mm in at each end (a quarter of h at most)
    assert glue[:2] == ((x0 + d, y0), (x0 + d, y0 + h))
    assert [v for p in glue[2:] for v in p] == pytest.approx([x0 + d + 10.0, y0 + h - 4.0, x0 + d + 10.0, y0 + 4.0])
    dust = min(0.9 * d, 0.45 * w, 25.0)
    top = net.face("dust-top-left").points
    inset = min(0.3 * d, 0.5 * dust)
    assert [v for p in top for v in p] == pytest.approx([x0, y0, x0 + d, y0, x0 + d - inset, y0 - dust, x0 + inset,
                                                        y0 - dust])
    xb = w + d
    bottom = net.face("bottom-glue").points
    bg = min(15.0, max(8.0, 0.8 * d), h / 3)
    assert [v for p in bottom for v in p] == pytest.approx([xb + w, y0 + h + d, xb, y0 + h + d, xb + 3.0,
                                                           y0 + h + d + bg, xb + w - 3.0, y0 + h + d + bg])
    small = tuck_net(tuck_spec(11.6, 11.6, 4.6))  # w = 12, h = 12: insets of a sixth and a quarter of them
    sg = small.face("glue").points
    assert sg[2][1] - sg[1][1] == pytest.approx(-3.0) and small.face("bottom-glue").points[2][0] == pytest.approx(
        12.0 + 5.0 + 2.0)


def test_the_front_has_a_thumb_notch_and_the_tuck_flap_round_corners() -> None:
    for w, h in ((63.6, 88.6), (30.0, 80.0), (80.0, 30.0), (20.0, 60.0)):
        net = tuck_net(tuck_spec(w - 0.4, h - 0.4, 10.0))
        pts = net.face("front").points
        x0, y0, _, _ = net.face("front").bbox
        r = min(10.0, w / 5, h / 5)
        cx = x0 + w / 2
        assert pts[0] == (x0, y0) and pts[-3:] == ((x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))
        arc = pts[1:-3]
        assert len(arc) == 13  # every 15 degrees round the half circle
        assert arc[0] == pytest.approx((cx - r, y0)) and arc[-1] == pytest.approx((cx + r, y0))
        assert arc[6] == pytest.approx((cx, y0 + r))  # the notch's deepest point, r below the top edge
        assert all(math.dist(p, (cx, y0)) == pytest.approx(r) for p in arc)
        flap = net.face("tuck")
        fx0, fy0, fx1, fy1 = flap.bbox
        inset = min(1.5, w / 20)
        depth = min(20.0, max(10.0, h / 4), w / 2)
        rr = min(depth * 0.8, w / 4)
        xb = x0 + w + 10.4  # the back (and the lid) begin after the front and a side
        assert (fx0, fx1) == pytest.approx((xb, xb + w)) and fy1 - fy0 == pytest.approx(depth)
        assert flap.points[0] == pytest.approx((xb, fy1)) and flap.points[-1] == pytest.approx((xb + w, fy1))
        left, right = xb + inset, xb + w - inset  # above its base the flap is narrower by the inset each side
        rounded = flap.points[1:-1]
        assert min(p[0] for p in rounded) == pytest.approx(left) and max(p[0] for p in rounded) == pytest.approx(right)
        # corners rounded with radius rr: the straight top runs from rr in on the left to rr in on the right
        on_top = sorted(p[0] for p in rounded if p[1] == pytest.approx(fy0))
        assert on_top == pytest.approx([left + rr, right - rr])
        assert [p for p in rounded if p[0] == pytest.approx(left)] == [pytest.approx((left, fy0 + rr))]
        assert len(flap.points) == 2 + 7 + 7


def test_the_tuck_box_text_turns_with_its_panels() -> None:
    line = [("Deck", 3.0, True)]
    net = tuck_net(tuck_spec(63.0, 88.0, 20.0, front=line, back=line, side=line, top=line, ink="#123456",
                             accent="#aa0000", background="#eeeeee"))
    assert net.background == "#eeeeee" and net.name == "tuck"

    def turn(face: Face) -> tuple[float, float]:  # the way a text's top points on the page
        (shape, m), = [(s, m) for s, m in walk(face.art, {}) if isinstance(s, Text)]
        return (round(-m[2], 6) + 0.0, round(-m[3], 6) + 0.0)

    assert turn(net.face("front")) == (0.0, -1.0) and turn(net.face("back")) == (0.0, -1.0)
    assert turn(net.face("side-left")) == (-1.0, 0.0) == turn(net.face("side-right"))  # 270: top to the left
    assert turn(net.face("lid")) == (0.0, 1.0)  # 180: read from the front
    assert {t.fill for f in net.faces for t in texts(f)} == {"#123456"}
    for name in ("back", "side-left", "side-right", "lid"):  # one line: its baseline through the panel's middle
        (t, x, y), = placed(net.face(name).art)
        x0, y0, x1, y1 = net.face(name).bbox
        assert (x, y) == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2)), name
    assert [s.paint.stroke for s, _ in walk(net.face("front").art, {}) if isinstance(s, Rect)] == ["#aa0000"]
    assert not net.face("bottom").art


# --- the telescoping trays ---------------------------------------------------------------------------


def tray(w: float, length: float, d: float, glue: float = 10.0, t: float = 0.4, **kw: Any) -> Net:
    lines: dict[str, Any] = {"floor": [], "front": [], "back": [], "sides": [], **kw}
    return tray_net(TraySpec(name="tray", width=w, length=length, depth=d, cardstock=t, glue_tab=glue, **lines))


@pytest.mark.parametrize(("w", "length", "d", "glue"), [(100.0, 60.0, 30.0, 10.0), (60.0, 100.0, 30.0, 10.0),
                                                        (80.0, 80.0, 5.0, 10.0), (10.0, 12.0, 40.0, 10.0),
                                                        (120.0, 90.0, 40.0, 6.0)])
def test_a_tray_is_a_floor_with_a_wall_on_each_edge(w: float, length: float, d: float, glue: float) -> None:
    net = tray(w, length, d, glue)
    a, b, hw = w + 0.4, length + 0.4, d + 0.2  # walls from the fold in mid-board to the rim
    assert floor_panel(net) == pytest.approx((a, b)) and net.face("floor").bbox[:2] == pytest.approx((hw, hw))
    assert size(net.face("wall-back")) == pytest.approx((a, hw)) == size(net.face("wall-front"))
    assert size(net.face("wall-left")) == pytest.approx((hw, b)) == size(net.face("wall-right"))
    assert net.face("wall-back").bbox[:2] == pytest.approx((hw, 0.0))
    assert net.face("wall-front").bbox[:2] == pytest.approx((hw, hw + b))
    assert net.face("wall-left").bbox[:2] == pytest.approx((0.0, hw))
    assert net.face("wall-right").bbox[:2] == pytest.approx((hw + a, hw))
    g = min(glue, hw - 1.0, max(a, b) / 2 - 1.0)
    tabs = {f.name: f for f in net.faces if f.kind == "glue"}
    # the tabs sit on the ends of the shorter walls (the longer pair of walls stays as long as the floor)
    short = ("left", "right") if a >= b else ("back", "front")
    assert sorted(tabs) == sorted(f"tab-{s}-{i}" for s in short for i in (1, 2))
    inset = min(g * 0.8, hw / 3)
    for name, f in tabs.items():
        fw, fh = size(f)
        assert min(fw, fh) == pytest.approx(g), name  # g deep
        assert max(fw, fh) == pytest.approx(hw), name  # along the wall's end
        along = list(f.points[2:])
        # the outer edge is inset at both ends
        assert math.dist(*along) == pytest.approx(hw - 2 * inset), name
    for s in short:  # the tabs stand beyond the floor's ends, on the wall's end edges
        t1, t2 = net.face(f"tab-{s}-1").bbox, net.face(f"tab-{s}-2").bbox
        if a >= b:
            assert (t1[3], t2[1]) == pytest.approx((hw, hw + b))
        else:
            assert (t1[2], t2[0]) == pytest.approx((hw, hw + a))
    assert len(net.outline()) == 1 and net.name == "tray"
    assert {frozenset((x, y)) for _, x, y in net.folds()} >= {frozenset(("floor", f"wall-{s}")) for s in
                                                            ("back", "front", "left", "right")}


def test_tray_text_reads_upright_on_a_lid_and_on_a_base() -> None:
    line = [("Word", 2.0, False)]
    kw: dict[str, Any] = {"floor": line, "front": [("F", 2.0, False)], "back": [("B", 2.0, False)], "sides": [("S", 2.0, False)]}

    def up(net: Net, face: str) -> tuple[float, float]:
        (shape, m), = [(s, m) for s, m in walk(net.face(face).art, {}) if isinstance(s, Text)]
        return (round(-m[2], 6) + 0.0, round(-m[3], 6) + 0.0)

    lid = tray_net(TraySpec(name="lid", width=100, length=60, depth=30, cardstock=0.4, glue_tab=10, **kw,
                            accent="#aa0000"))
    base = tray_net(TraySpec(name="base", width=100, length=60, depth=30, cardstock=0.4, glue_tab=10, **kw,
                             upside_down=False, accent="#aa0000"))
    # on the lid a wall's text points its top toward the floor (the top of the closed box); on the base, away
    assert [up(lid, f"wall-{s}") for s in ("front", "back", "left", "right")] == [(0.0, -1.0), (0.0, 1.0),
                                                                                  (1.0, 0.0), (-1.0, 0.0)]
    assert [up(base, f"wall-{s}") for s in ("front", "back", "left", "right")] == [(0.0, 1.0), (0.0, -1.0),
                                                                                   (-1.0, 0.0), (1.0, 0.0)]
    assert [t.text for t in texts(lid.face("wall-front"))] == ["F"] and [t.text for t in texts(lid.face("wall-back"))
                                                                        ] == ["B"]
    assert [t.text for t in texts(lid.face("wall-left"))] == ["S"] == [t.text for t in texts(lid.face("wall-right"))]
    frames = [[s for s, _ in walk(n.face("floor").art, {}) if isinstance(s, Rect)] for n in (lid, base)]
    assert [len(f) for f in frames] == [1, 0]  # the frame on the lid's top only
    assert up(lid, "floor") == (0.0, -1.0) and up(base, "floor") == (0.0, -1.0)
    # wall text is padded 2 mm: a 5.2 mm wall is too narrow for any (5.2 - 2 x 2 is under 2 mm), 6.2 is not
    shallow = tray_net(TraySpec(name="s", width=100, length=60, depth=5.0, cardstock=0.4, glue_tab=10, **kw))
    assert not texts(shallow.face("wall-front"))
    roomy = tray_net(TraySpec(name="s", width=100, length=60, depth=6.0, cardstock=0.4, glue_tab=10, **kw))
    assert texts(roomy.face("wall-front"))


# --- text and art on the panels ----------------------------------------------------------------------

from printkit.boxes import Box  # noqa: E402
from printkit.boxes.art import inline, panel_art, panel_text  # noqa: E402
from printkit.boxes.pages import box_sheets, part_label, parts_label  # noqa: E402
from printkit.drawing import Use, mat_mul, rotate, scale, translate  # noqa: E402
from printkit.layout import Paper  # noqa: E402
from printkit.render.fonts import text_width  # noqa: E402


def placed(nodes: tuple[Any, ...]) -> list[tuple[Text, float, float]]:
    """Each text with where its anchor lands on the page."""
    out = []
    for s, m in walk(nodes, {}):
        if isinstance(s, Text):
            out.append((s, m[0] * s.x + m[2] * s.y + m[4], m[1] * s.x + m[3] * s.y + m[5]))
    return out


def test_panel_text_is_centred_line_under_line() -> None:
    (t, x, y), = placed(panel_text((10.0, 20.0, 60.0, 40.0), [("Hello", 3.0, False)], "#123456"))
    # one line: its baseline at the middle (a line takes 1.6 x its size, 0.8 of it above the baseline)
    assert (x, y) == pytest.approx((40.0, 40.0)) and (t.size, t.fill, t.font, t.anchor) == (3.0, "#123456", "regular",
                                                                                            "middle")
    two = placed(panel_text((10.0, 20.0, 60.0, 40.0), [("One", 3.0, True, "#aa0000"), ("", 9.0, False),
                                                       ("Two", 2.0, False)], "#000000"))
    assert [(t.text, t.font, t.fill) for t, _, _ in two] == [("One", "bold", "#aa0000"), ("Two", "regular", "#000000")]
    assert [y for _, _, y in two] == pytest.approx([40.0 - 0.8 * 2.0, 40.0 + 0.8 * 3.0])
    assert panel_text((0.0, 0.0, 60.0, 40.0), [("", 3.0, False)], "#000000") == ()
    assert panel_text((0.0, 0.0, 60.0, 40.0), [], "#000000") == ()


@pytest.mark.parametrize(("w", "h", "pad", "drawn"), [(8.0, 40.0, 3.0, False), (8.01, 40.0, 3.0, True),
                                                      (40.0, 8.0, 3.0, False), (40.0, 8.01, 3.0, True),
                                                      (6.0, 40.0, 2.0, False), (6.01, 40.0, 2.0, True),
                                                      (7.0, 40.0, 3.0, False), (40.0, 7.0, 3.0, False)])
def test_panel_text_needs_more_than_2_mm_inside_the_padding(w: float, h: float, pad: float, drawn: bool) -> None:
    assert bool(panel_text((0.0, 0.0, w, h), [("i", 0.5, False)], "#000000", pad=pad)) is drawn


def test_panel_text_shrinks_by_a_tenth_until_it_fits() -> None:
    # 4 mm of room (10 less 3 + 3): a 4 mm line needs 6.4; 0.9^5 of it (3.78) is the first that fits
    (t, _, _), = placed(panel_text((0.0, 0.0, 100.0, 10.0), [("A", 4.0, False)], "#000000"))
    assert t.size == pytest.approx(4.0 * 0.9 ** 5)
    # a 2.5 mm line needs 1.6 x 2.5 = 4 mm: exactly the room, kept at its size
    (t, _, _), = placed(panel_text((0.0, 0.0, 100.0, 10.0), [("A", 2.5, False)], "#000000"))
    assert t.size == 2.5
    # never below a fifth: 0.9^16 is the first factor under 0.2
    (t, _, _), = placed(panel_text((0.0, 0.0, 400.0, 8.5), [("A", 100.0, False)], "#000000", pad=3.0))
    assert t.size == pytest.approx(100.0 * 0.9 ** 16)


def test_panel_text_turns_about_the_panel_centre() -> None:
    box = (10.0, 20.0, 14.0, 100.0)  # tall and narrow: turned, the line runs along the 100 mm
    nodes = panel_text(box, [("Long title", 3.0, True)], "#000000", turn=90)
    (group,) = nodes
    assert isinstance(group, Group) and group.transform == pytest.approx(rotate(90, 17.0, 70.0))
    (t, x, y), = placed(nodes)
    assert t.size == 3.0 and (x, y) == pytest.approx((17.0, 70.0))
    upright = placed(panel_text(box, [("Long title", 3.0, True)], "#000000"))
    assert len(upright) > 1  # 8 mm across: wrapped
    assert placed(panel_text(box, [("Long title", 3.0, True)], "#000000", turn=180))[0][0].size == upright[0][0].size
    (t, x, y), = placed(panel_text(box, [("Long title", 3.0, True)], "#000000", turn=270))
    assert t.size == 3.0


def test_inline_expands_references_and_keeps_only_art() -> None:
    inner = Drawing(5.0, 5.0)
    inner.add(Rect(0.0, 0.0, 1.0, 1.0))
    inner.add(Rect(0.0, 0.0, 5.0, 5.0, role="cut"))
    sub = Drawing(10.0, 10.0)
    sub.defs["in"] = inner
    sub.add(Use("in", translate(1.0, 2.0)))
    sub.add(Path((("M", 0.0, 0.0), ("L", 1.0, 1.0)), role="fold"))
    clip = Rect(0.0, 0.0, 3.0, 3.0)
    nodes = (Group((Use("sub", scale(2.0)), Rect(1.0, 1.0, 1.0, 1.0, role="guide")), translate(5.0, 5.0), clip),
             Text(0.0, 0.0, "t", 2.0))
    got = inline(nodes, {"sub": sub})
    assert got == (Group((Group((Group((Rect(0.0, 0.0, 1.0, 1.0),), translate(1.0, 2.0)),), scale(2.0)),),
                         translate(5.0, 5.0), clip), Text(0.0, 0.0, "t", 2.0))


def test_panel_art_frames_the_panel_and_puts_the_art_above_the_text() -> None:
    art = Drawing(30.0, 20.0)
    art.add(Rect(0.0, 0.0, 30.0, 20.0))
    art.add(Rect(0.0, 0.0, 30.0, 20.0, role="cut"))
    lines: list[Any] = [("Title", 3.0, True)]
    nodes = panel_art((10.0, 20.0, 60.0, 100.0), lines, "#000000", art, "#aa0000")
    frame, pic, *text = nodes
    assert frame == Rect(13.0, 23.0, 54.0, 94.0, N.Paint(stroke="#aa0000", width=0.8), r=2.0)
    room_w, room_h = 60.0 - 18.0, (100.0 - 9.0) * 0.55
    k = min(room_w / 30.0, room_h / 20.0)
    assert isinstance(pic, Group) and pic.clip == Rect(0, 0, 30.0, 20.0)
    assert pic.transform == pytest.approx(mat_mul(translate(10.0 + (60.0 - 30.0 * k) / 2,
                                                            20.0 + 6.0 + (room_h - 20.0 * k) / 2), scale(k)))
    assert pic.children == (Rect(0.0, 0.0, 30.0, 20.0),)  # the art's own cut line left out
    top = 20.0 + 6.0 + room_h
    (t, x, y), = placed(tuple(text))
    assert (x, y) == pytest.approx((40.0, top + (20.0 + 100.0 - 3.0 - top) / 2))
    tall = Drawing(10.0, 100.0)
    tall.add(Rect(0.0, 0.0, 10.0, 100.0))
    pic = panel_art((0.0, 0.0, 60.0, 100.0), lines, "#000000", tall, None, share=0.5, pad=2.0)[0]
    k = min((60.0 - 12.0) / 10.0, (100.0 - 6.0) * 0.5 / 100.0)
    assert pic.transform == pytest.approx(mat_mul(translate((60.0 - 10.0 * k) / 2, 4.0 + (47.0 - 100.0 * k) / 2),  # type: ignore[union-attr]
                                                  scale(k)))


@pytest.mark.parametrize(("w", "h", "frame", "pic"), [(12.0, 50.0, False, False), (12.01, 50.0, True, False),
                                                      (50.0, 12.0, False, False), (50.0, 12.01, True, False),
                                                      (10.0, 50.0, False, False), (50.0, 10.0, False, False),
                                                      (24.0, 50.0, True, True), (23.99, 50.0, True, False),
                                                      (50.0, 24.0, True, True), (50.0, 23.99, True, False)])
def test_panel_art_needs_room_for_a_frame_and_for_art(w: float, h: float, frame: bool, pic: bool) -> None:
    art = Drawing(10.0, 10.0)
    art.add(Rect(0.0, 0.0, 10.0, 10.0))
    nodes = panel_art((0.0, 0.0, w, h), [("x", 1.0, False)], "#000000", art, "#aa0000")
    assert any(isinstance(n, Rect) and n.paint.stroke == "#aa0000" for n in nodes) is frame
    assert any(isinstance(n, Group) and n.clip is not None for n in nodes) is pic
    plain = panel_art((0.0, 0.0, w, h), [("x", 1.0, False)], "#000000", None, None)
    assert plain == panel_text((0.0, 0.0, w, h), [("x", 1.0, False)], "#000000")


# --- box parts on pages ------------------------------------------------------------------------------


def part(name: str, w: float, h: float) -> Net:
    return Net(name, [Face("p", rect(0.0, 0.0, w, h))])


def test_part_labels_name_the_parts_a_page_holds() -> None:
    box = Box("b", "tray", "Lid", (1.0, 2.0, 3.0), [part("a", 1, 1)] * 4)
    one = Box("o", "tuck", "Deck box", (1.0, 2.0, 3.0), [part("a", 1, 1)])
    assert part_label(box, 2) == "Lid, part 3 of 4" and part_label(one, 0) == "Deck box"
    assert parts_label(one, [0]) == "Deck box" and parts_label(box, [1]) == "Lid, part 2 of 4"
    assert parts_label(box, [0, 1, 2]) == "Lid, parts 1–3 of 4" and parts_label(box, [0, 2]) == "Lid, parts 1, 3 of 4"
    assert parts_label(box, [1, 2, 3]) == "Lid, parts 2–4 of 4" and parts_label(box, [2, 3]) == "Lid, parts 3–4 of 4"


A4 = Paper("a4", 210.0, 297.0, 5.0)


def test_box_parts_share_pages_on_shelves_and_alone_are_centred() -> None:
    a = Box("a", "tray", "A", (1.0, 2.0, 3.0), [part("a-1", 100.0, 50.0), part("a-2", 90.0, 50.0)])
    b = Box("b", "tuck", "B", (4.25, 5.0, 6.0), [part("b", 250.0, 100.0)])  # turned: 100 x 250
    sheets = box_sheets("T", [a, b], A4, "#123456")
    assert len(sheets) == 2 and all(s.kind == "front" and s.roles == ("art", "fold", "cut", "guide") for s in sheets)
    px, py, pw, ph = 5.0, 5.0, 200.0, 287.0
    top = py + 10.0
    p1, p2 = sheets[0].placements, sheets[1].placements
    # side by side 5 mm apart, each under a 4 mm band for its name; the third would need a row 59 mm down,
    # 254 mm deep: past the 277 mm of room
    assert [(p.component, p.piece, p.page, p.x, p.y, p.w, p.h, p.rotated) for p in p1] == [
        ("a", "a-1", 1, px, top + 4.0, 100.0, 50.0, False), ("a", "a-2", 1, px + 105.0, top + 4.0, 90.0, 50.0, False)]
    (q,) = p2
    assert (q.component, q.page, q.w, q.h, q.rotated) == ("b", 2, 100.0, 250.0, True)
    assert (q.x, q.y) == pytest.approx((px + (pw - 100.0) / 2, top + (ph - 10.0 - 250.0) / 2))
    d1 = sheets[0].drawing
    assert (d1.width, d1.height) == (210.0, 297.0) and sorted(d1.defs) == ["box-a-1", "box-a-2"]
    uses = [n for n in d1.children if isinstance(n, Use)]
    assert [(u.ref, u.transform) for u in uses] == [("box-a-1", translate(px, top + 4.0)),
                                                    ("box-a-2", translate(px + 105.0, top + 4.0))]
    guides = [t for t, _ in walk(d1.children, d1.defs) if isinstance(t, Text)]
    names = [(t.text, t.x, t.y, t.size, t.fill, t.role, t.anchor) for t in guides if t.text.startswith("A,")]
    assert names == [("A, part 1 of 2", px, top + 4.0 - 1.2, 2.6, "#123456", "guide", "start"),
                     ("A, part 2 of 2", px + 105.0, top + 4.0 - 1.2, 2.6, "#123456", "guide", "start")]
    (cap,) = [t for t in guides if t.text.startswith("T —")]
    assert cap.text == ("T — A, parts 1–2 of 2 · inside 1.0 x 2.0 x 3.0 mm · cut solid lines, fold dashed lines, "
                        "glue grey areas, printed side out")
    assert (cap.x, cap.y, cap.size, cap.role) == (px, py + 4.0, 2.6, "guide")
    d2 = sheets[1].drawing
    assert not [t for t, _ in walk(d2.children, d2.defs) if isinstance(t, Text) and t.text.startswith("B")]  # alone: none
    (cap2,) = [t for t, _ in walk(d2.children, d2.defs) if isinstance(t, Text)]
    assert cap2.text.startswith("T — B · inside 4.2 x 5.0 x 6.0 mm ·") or cap2.text.startswith("T — B · inside 4.3")
    assert d2.defs["box-b-1"].width == 100.0 and d2.defs["box-b-1"].height == 250.0


def test_parts_fill_a_row_exactly_and_then_go_down_and_over() -> None:
    box = Box("x", "tray", "X", (1.0, 1.0, 1.0), [part(f"x{i}", w, 40.0) for i, w in enumerate((65.0, 65.0, 60.0,
                                                                                               61.0, 200.0))])
    (sheet,) = box_sheets("T", [box], A4)
    xy = [(p.x - 5.0, p.y - 15.0 - 4.0) for p in sheet.placements]
    # 65 + 5 + 65 + 5 + 60 is 200: one row; 61 opens the next, 44 + 5 down; 200 wide, exactly the page, the third
    assert xy == [(0.0, 0.0), (70.0, 0.0), (140.0, 0.0), (0.0, 49.0), (0.0, 98.0)]
    assert [p.rotated for p in sheet.placements] == [False] * 5
    deep = Box("y", "tray", "Y", (1.0, 1.0, 1.0), [part("y1", 50.0, 200.0), part("y2", 50.0, 69.0),
                                                   part("y3", 160.0, 68.0)])
    sheets = box_sheets("T", [deep], A4)
    # y1 and y2 side by side (204 deep with the band); y3 below them: 204 + 5 + 72 = 281 > 277, a new page
    assert [[p.piece for p in s.placements] for s in sheets] == [["y1", "y2"], ["y3"]]
    more = Box("m", "tray", "M", (1.0, 1.0, 1.0), [part("m1", 200.0, 250.0), part("m2", 50.0, 40.0),
                                                   part("m3", 60.0, 40.0)])
    first, second = box_sheets("T", [more], A4)
    # m1 fills the first page (200 across, 254 of 277 down with its band); m2 and m3 share the second, at its top
    assert [(p.piece, p.page, p.x - 5.0, p.y - 15.0) for p in second.placements] == [("m2", 2, 0.0, 4.0),
                                                                                     ("m3", 2, 55.0, 4.0)]
    fits = Box("z", "tray", "Z", (1.0, 1.0, 1.0), [part("z1", 50.0, 200.0), part("z2", 160.0, 64.0)])
    assert len(box_sheets("T", [fits], A4)) == 1  # 204 + 5 + 68 = 277: exactly the room
    over = Box("o", "tray", "O", (1.0, 1.0, 1.0), [part("o1", 50.0, 200.0), part("o2", 160.0, 64.5)])
    assert len(box_sheets("T", [over], A4)) == 2  # 204 + 5 + 68.5 = 277.5: half a mm too deep, a new page
    edge = Box("e", "tray", "E", (1.0, 1.0, 1.0), [part("e1", 50.0, 200.0), part("e2", 160.0, (277.0 + 1e-6) - 213.0)])
    assert len(box_sheets("T", [edge], A4)) == 1  # within a millionth of a mm of the room: the same page

    def rows(widths: list[float]) -> list[float]:
        parts = [part(f"r{i}", w, 40.0) for i, w in enumerate(widths)]
        (sheet,) = box_sheets("T", [Box("r", "tray", "R", (1.0, 1.0, 1.0), parts)], A4)
        return [p.y - 15.0 - 4.0 for p in sheet.placements]

    assert rows([100.0, 95.5]) == [0.0, 49.0]  # 105 + 95.5 is half a mm past the 200: the next row
    assert rows([100.0, (200.0 + 1e-6) - 105.0]) == [0.0, 0.0]  # within a millionth of a mm: the same row


def test_a_part_that_fits_neither_way_is_refused_and_long_captions_shrink() -> None:
    with pytest.raises(ValueError, match=r"box part big \(250 x 260 mm\) does not fit a4"):
        box_sheets("T", [Box("b", "tray", "B", (1.0, 1.0, 1.0), [part("big", 260.0, 250.0)])], A4)
    # too wide upright (277.6 across 200), too tall turned (277.6 down 277): refused, not placed past the page
    with pytest.raises(ValueError, match=r"box part long \(199 x 278 mm\) does not fit a4"):
        box_sheets("T", [Box("l", "tray", "L", (1.0, 1.0, 1.0), [part("long", 277.6, 199.0)])], A4)
    with pytest.raises(ValueError, match=r"box part wide \(200 x 250 mm\) does not fit a4"):  # 200.5 x 250 turned
        box_sheets("T", [Box("w", "tray", "W", (1.0, 1.0, 1.0), [part("wide", 250.0, 200.5)])], A4)
    # turned, a part within a millionth of a mm of the printable width (200) or room (277) still fits
    for w, h in ((250.0, 200.0 + 1e-6), (277.0 + 1e-6, 150.0)):
        (turned,) = box_sheets("T", [Box("t", "tray", "T", (1.0, 1.0, 1.0), [part("t", w, h)])], A4)[0].placements
        assert turned.rotated and (turned.w, turned.h) == pytest.approx((h, w))
    # a part cut from a larger net keeps its place in that net: its size, not where it ends, decides the turn
    cut = Net("cut", [Face("p", rect(120.0, 30.0, 150.0, 100.0))])
    (placed_cut,) = box_sheets("T", [Box("c", "tray", "C", (1.0, 1.0, 1.0), [cut])], A4)[0].placements
    assert not placed_cut.rotated and (placed_cut.w, placed_cut.h) == pytest.approx((150.0, 100.0))
    low = Net("low", [Face("p", rect(30.0, 150.0, 150.0, 200.0))])  # 200 deep, ending 350 down: fits upright
    (placed_low,) = box_sheets("T", [Box("c", "tray", "C", (1.0, 1.0, 1.0), [low])], A4)[0].placements
    assert not placed_low.rotated and (placed_low.w, placed_low.h) == pytest.approx((150.0, 200.0))
    edge = box_sheets("T", [Box("e", "tray", "E", (1.0, 1.0, 1.0), [part("e", 200.0, 277.0)])], A4)
    assert not edge[0].placements[0].rotated
    landscape = Paper("a4", 297.0, 210.0, 5.0)  # 287 across, 190 down under the caption
    tall = box_sheets("T", [Box("e", "tray", "E", (1.0, 1.0, 1.0), [part("e", 150.0, 190.01)])], landscape)
    assert tall[0].placements[0].rotated and tall[0].placements[0].w == pytest.approx(190.01)
    level = box_sheets("T", [Box("e", "tray", "E", (1.0, 1.0, 1.0), [part("e", 287.0, 190.0)])], landscape)
    assert not level[0].placements[0].rotated
    (sheet,) = box_sheets("A very long title " * 8, [Box("s", "tray", "S", (1.0, 1.0, 1.0), [part("s", 10, 10)])], A4)
    (cap,) = [t for t, _ in walk(sheet.drawing.children, sheet.drawing.defs) if isinstance(t, Text)]
    assert cap.size < 2.6 and text_width(cap.text, "regular", cap.size) == pytest.approx(200.0)
