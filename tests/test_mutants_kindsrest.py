"""The component kinds but nets (``printkit/kinds/``: cards, tokens, pads, standees, boards, lattice
pieces and the registry; the mutation target ``kindsrest``). In-process: one small game loaded once,
each kind's ``draw`` called directly, models validated directly.

Expectations come from what each kind promises: the named card sizes as the field's own description
lists them, a hexagon's height across its flats (√3/2 of its width across corners) and its sides
pushed out by the bleed, a flat standee read top to bottom (tab, back panel upside down, fold, front
panel, tab), a marker rectangle of the face followed through each transform to where it lands.
"""

from __future__ import annotations

import math
import re
from pathlib import Path as FilePath
from typing import Any

import pytest
from conftest import game_from
from pydantic import ValidationError

from printkit.drawing import CUT, FOLD, Circle, Group, Path, Rect, apply, walk
from printkit.game import Game
from printkit.kinds import KINDS, Art, Kind
from printkit.kinds import board as board_kind
from printkit.kinds import card as card_kind
from printkit.kinds import lattice_piece as lattice_kind
from printkit.kinds import pad as pad_kind
from printkit.kinds import standee as standee_kind
from printkit.kinds import token as token_kind
from printkit.kinds.card import CardModel
from printkit.kinds.lattice_piece import LatticePieceModel, variants
from printkit.kinds.pad import PadModel
from printkit.kinds.standee import StandeeModel, folds
from printkit.kinds.token import TokenModel, outline
from printkit.load import load_game

R3 = math.sqrt(3)
MARK = "#ff0000"
BACK_MARK = "#0000ff"

GAME = """
[game]
title = "Kinds"
[layouts.face]
elements = [{ type = "rect", x = 1, y = 2, w = 4, h = 3, fill = "#ff0000" }]
[layouts.back]
elements = [{ type = "rect", x = 1, y = 2, w = 4, h = 3, fill = "#0000ff" }]
[layouts.board]
elements = [{ type = "grid", x = 70.12345, y = 20.5, rows = 2, cols = 3, cell = 10 }]
[[sets.side]]
name = "b"
[[components]]
id = "card"
kind = "card"
size = "poker"
face = "face"
back = "back"
[[components]]
id = "plain"
kind = "card"
width = 40
height = 30
face = "face"
corner_radius = 3
[[components]]
id = "perback"
kind = "card"
size = "mini"
face = "face"
back = "{side.name}ack"
vary = ["side"]
[[components]]
id = "board"
kind = "board"
width = 120.2468
height = 60.12345
face = "board"
folds = "half"
[[components]]
id = "flat"
kind = "board"
width = 120.2468
height = 60
face = "board"
folds = "none"
[[components]]
id = "quarters"
kind = "board"
width = 120.2468
height = 90
face = "board"
folds = "quarters"
[[components]]
id = "auto"
kind = "board"
width = 400
height = 300
face = "face"
[[components]]
id = "small"
kind = "board"
width = 100
height = 80
face = "face"
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return game_from(tmp_path_factory.mktemp("kinds") / "g", GAME)


def art_of(game: Game, cid: str) -> Art:
    comp = game.component(cid)
    return KINDS[comp.kind].draw(game, comp, game.variants[cid][0])


def drawn(game: Game, model: Any) -> Art:
    """A component validated here (not in the game file), drawn with the game's layouts."""
    from printkit.game import Variant

    return KINDS[model.kind].draw(game, model, Variant("v", {}, 1))


def marks(children: list[Any], colour: str) -> list[tuple[float, float, float, float]]:
    """Where each rectangle of ``colour`` lands: its box after every transform (x0, y0, x1, y1)."""
    out = []
    for shape, m in walk(children, {}):
        if isinstance(shape, Rect) and shape.paint.fill == colour:
            pts = [apply(m, x, y) for x in (shape.x, shape.x + shape.w) for y in (shape.y, shape.y + shape.h)]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def clips(children: list[Any]) -> list[Any]:
    return [n.clip for n in children if isinstance(n, Group) and n.clip is not None]


# --- the registry -----------------------------------------------------------------------------


def test_each_kind_is_registered_with_its_module_doc_sheet_and_engine() -> None:
    for module, name, sheet, layout in ((card_kind, "card", "cards", "grid"), (token_kind, "token", "pieces", "pack"),
                                        (pad_kind, "pad", "pads", "pack"), (board_kind, "board", "board", "tile"),
                                        (standee_kind, "standee", "pieces", "pack"),
                                        (lattice_kind, "lattice-piece", "pieces", "pack")):
        kind = KINDS[name]
        assert isinstance(kind, Kind) and kind.doc == module.__doc__ and kind.doc
        assert (kind.sheet, kind.layout, kind.example) == (sheet, layout, module.EXAMPLE)
    assert KINDS["lattice-piece"].variants is variants and KINDS["card"].variants is None
    with pytest.raises(AttributeError):
        KINDS["card"].sheet = "x"  # type: ignore[misc]  # a kind is fixed once registered
    art = Art(front="f")  # type: ignore[arg-type]
    assert (art.back, art.outline, art.info) == (None, None, {}) and Art("f").info is not art.info  # type: ignore[arg-type]


# --- cards ------------------------------------------------------------------------------------


def test_named_card_sizes_are_the_ones_documented() -> None:
    doc = CardModel.model_fields["size"].description or ""
    sizes = {name: (float(w), float(h)) for name, w, h in re.findall(r"(\w+) (\d+)x(\d+)", doc)}
    assert set(sizes) == {"poker", "bridge", "mini", "tarot", "square", "business"}
    for name, dims in sizes.items():
        card = CardModel.model_validate({"id": "c", "kind": "card", "size": name, "face": "f"})
        assert card.dimensions == dims


def test_a_card_is_sized_one_way() -> None:
    assert CardModel.model_validate({"id": "c", "kind": "card", "width": 40, "height": 30, "face": "f"}).dimensions == (
        40, 30)
    for bad in ({}, {"width": 40}, {"size": "poker", "width": 40}, {"size": "poker", "height": 40}):
        with pytest.raises(ValidationError):
            CardModel.model_validate({"id": "c", "kind": "card", "face": "f", **bad})


def test_a_card_front_back_and_shared_cut_line(game: Game) -> None:
    art = art_of(game, "card")
    assert (art.front.width, art.front.height) == (63.0, 88.0)
    assert marks(art.front.children, MARK) == [(1, 2, 5, 5)] and art.back is not None
    assert marks(art.back.children, BACK_MARK) == [(1, 2, 5, 5)]
    [cut] = art.outline.children  # type: ignore[union-attr]
    assert cut == Rect(0, 0, 63.0, 88.0, CUT, "cut", 0.0) and art.info == {}
    assert art_of(game, "card").outline is art.outline  # one cut line for every card of a size
    plain = art_of(game, "plain")
    assert plain.back is None and plain.outline.children == [Rect(0, 0, 40, 30, CUT, "cut", 3.0)]  # type: ignore[union-attr]
    assert CardModel.model_validate({"id": "c", "kind": "card", "size": "mini", "face": "f"}).corner_radius == 0.0


def test_a_back_chosen_per_card_is_named(game: Game) -> None:
    art = art_of(game, "perback")
    assert art.info == {"back_layout": "back"} and marks(art.back.children, BACK_MARK)  # type: ignore[union-attr]


# --- tokens -----------------------------------------------------------------------------------


def token(**keys: Any) -> TokenModel:
    return TokenModel.model_validate({"id": "t", "kind": "token", "face": "face", **keys})


def test_token_sizes_by_shape() -> None:
    assert token(size=20).dimensions == (20, 20)
    assert token(shape="square", size=20).dimensions == (20, 20)
    assert token(shape="rounded", size=20).dimensions == (20, 20)
    w, h = token(shape="hexagon", size=20).dimensions
    assert w == 20 and h == pytest.approx(2 * 10 * math.sin(math.radians(60)))  # across the flats
    assert token(shape="rounded", width=30, height=12).dimensions == (30, 12)
    assert token(shape="square", width=30, height=12).dimensions == (30, 12)
    for shape in ("circle", "hexagon"):
        with pytest.raises(ValidationError, match=f"`size` for a {shape} token"):
            token(shape=shape, width=30, height=12)
    assert token(shape="hexagon", size=5, tessellate=True).tessellate and token(shape="square", size=5, tessellate=True)
    for shape in ("circle", "rounded"):
        with pytest.raises(ValidationError, match="`tessellate` only with"):
            token(shape=shape, size=5, tessellate=True)
    defaults = token(size=5)
    assert (defaults.corner_radius, defaults.bleed, defaults.tessellate, defaults.shape) == (2.0, 1.0, False, "circle")


def test_token_outlines_grown_by_the_bleed() -> None:
    assert outline("circle", 20, 20, 1.5, 2.0) == Circle(10, 10, 11.5, CUT, "cut")
    assert outline("circle", 20, 20, 0.0, 2.0, "art") == Circle(10, 10, 10, CUT, "art")
    assert outline("square", 20, 12, 1.5, 2.0) == Rect(-1.5, -1.5, 23, 15, CUT, "cut", 0.0)
    assert outline("rounded", 20, 12, 1.5, 2.0) == Rect(-1.5, -1.5, 23, 15, CUT, "cut", 3.5)
    assert outline("rounded", 20, 12, 0.0, 2.0) == Rect(0, 0, 20, 12, CUT, "cut", 2.0)
    w, h = 20.0, 10 * R3
    for grow in (0.0, 1.5):
        hexagon = outline("hexagon", w, h, grow, 2.0)
        assert isinstance(hexagon, Path) and hexagon.role == "cut" and hexagon.segments[-1] == ("Z",)
        pts = [s[1:] for s in hexagon.segments[:-1]]
        assert len(pts) == 6
        for k, (x, y) in enumerate(pts):  # corners from the right-hand one, clockwise on the page
            angle = math.degrees(math.atan2(y - h / 2, x - w / 2))
            assert angle == pytest.approx([0, 60, 120, 180, -120, -60][k], abs=1e-9)
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):  # each side pushed out by `grow`
            assert math.hypot((x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2) == pytest.approx(h / 2 + grow)


def test_a_token_clipped_to_its_grown_outline_cut_on_its_own(game: Game) -> None:
    art = drawn(game, token(shape="hexagon", size=20, back="back", bleed=1.5))
    assert (art.front.width, art.front.height) == (20, pytest.approx(10 * R3)) and art.front.bleed == 1.5
    [clip] = clips(art.front.children)
    assert clip == outline("hexagon", 20, 10 * R3, 1.5, 2.0, "art")
    assert marks(art.front.children, MARK) == [(1, 2, 5, 5)] and marks(art.back.children, BACK_MARK) == [(1, 2, 5, 5)]  # type: ignore[union-attr]
    assert art.outline.children == [outline("hexagon", 20, 10 * R3, 0.0, 2.0)] and art.outline.bleed == 1.5  # type: ignore[union-attr]
    assert art.info == {}
    one = drawn(game, token(shape="rounded", width=20, height=10, corner_radius=1))
    assert one.back is None and one.outline.children == [Rect(0, 0, 20, 10, CUT, "cut", 1.0)]  # type: ignore[union-attr]
    assert clips(one.front.children) == [Rect(-1, -1, 22, 12, CUT, "art", 2.0)]
    assert drawn(game, token(shape="hexagon", size=20, tessellate=True)).info == {"tessellate": "hexagon"}
    assert drawn(game, token(shape="square", size=20, tessellate=True)).info == {"tessellate": "rectangle"}
    assert drawn(game, token(shape="square", size=20)).info == {}


# --- pads -------------------------------------------------------------------------------------


def pad(**keys: Any) -> PadModel:
    return PadModel.model_validate({"id": "p", "kind": "pad", "width": 30, "height": 40, "face": "face", **keys})


def test_pad_limits_and_defaults() -> None:
    p = pad()
    assert (p.bleed, p.per_page, p.cut_lines, p.number, p.number_from, p.dimensions) == (0.0, None, True, False, 1,
                                                                                          (30, 40))
    assert p.number_size == pytest.approx(6 * 25.4 / 72)
    assert pad(per_page=1).per_page == 1 and pad(per_page=100).per_page == 100
    assert pad(number_from=0).number_from == 0 and pad(number_from=1_000_000).number_from == 1_000_000
    for bad in ({"per_page": 0}, {"per_page": 101}, {"per_page": 2.0}, {"number_from": -1},
                {"number_from": 1_000_001}, {"number_from": 2.0}):
        with pytest.raises(ValidationError):
            pad(**bad)


def test_a_pad_sheet_clipped_at_its_bleed_and_numbered(game: Game) -> None:
    art = drawn(game, pad(bleed=1.5, back="back", number=True, number_from=7, per_page=4, cut_lines=False))
    assert (art.front.width, art.front.height, art.front.bleed) == (30, 40, 1.5)
    assert clips(art.front.children) == [Rect(-1.5, -1.5, 33, 43, role="art")]
    assert marks(art.front.children, MARK) == [(1, 2, 5, 5)] and marks(art.back.children, BACK_MARK) == [(1, 2, 5, 5)]  # type: ignore[union-attr]
    assert art.outline.children == [Rect(0, 0, 30, 40, role="cut")] and art.outline.bleed == 1.5  # type: ignore[union-attr]
    assert art.info == {"tessellate": "rectangle", "per_page": 4, "cut_lines": False,
                        "number": {"first": 7, "size": pytest.approx(6 * 25.4 / 72), "fill": "#555555"}}
    plain = drawn(game, pad())
    assert plain.back is None and plain.info == {"tessellate": "rectangle", "per_page": None, "cut_lines": True}
    assert clips(plain.front.children) == [Rect(0, 0, 30, 40, role="art")]


# --- standees -----------------------------------------------------------------------------------


def standee(**keys: Any) -> StandeeModel:
    return StandeeModel.model_validate({"id": "s", "kind": "standee", "width": 20, "height": 40, "face": "face", **keys})


def test_standee_and_tent_sizes_folds_and_built_shape() -> None:
    s = standee()
    assert (s.base, s.bleed, s.mirror_back, s.style, s.base_fill) == (12.0, 0.0, False, "standee", "white")
    assert s.tabs == 12 and s.dimensions == (20, 40 + 40 + 24) and folds(s) == [12, 52, 92] and s.built == (20, 40, 24)
    thin = standee(base=0.25)
    assert thin.tabs == 0.25 and folds(thin) == [0.25, 40.25, 80.25] and thin.built == (20, 40, 1.0)
    none = standee(base=0)
    assert none.dimensions == (20, 80) and folds(none) == [40] and none.built == (20, 40, 1.0)
    tent = standee(style="tent")
    assert tent.tabs == 0 and tent.dimensions == (20, 80) and folds(tent) == [40]
    # an A-frame opened to 60°: each panel 30° off the vertical
    w, height, depth = tent.built
    assert (w, height, depth) == (20, pytest.approx(40 * math.cos(math.pi / 6)), pytest.approx(2 * 40 * 0.5))
    assert standee(style="tent", base=0).tabs == 0
    for base in (5, 0.5):
        with pytest.raises(ValidationError, match="no `base` for a tent"):
            standee(style="tent", base=base)
    assert standee(base=5).tabs == 5


def test_a_standee_flat_top_to_bottom(game: Game) -> None:
    """Tab (0..10), back panel upside down (10..50), fold, front panel (50..90), tab (90..100)."""
    art = drawn(game, standee(base=10, bleed=1, back="back", base_fill="#00ff00"))
    w, total = 20, 100
    assert (art.front.width, art.front.height, art.front.bleed) == (w, total, 1)
    tabs = [n for n in art.front.children if isinstance(n, Rect)]
    assert tabs == [Rect(-1, -1, 22, 11, tabs[0].paint), Rect(-1, 90, 22, 11, tabs[0].paint)]
    assert tabs[0].paint.fill == "#00ff00" == tabs[1].paint.fill
    # the front's mark (1..5 x 2..5 on its panel) on the lower panel; the back's turned about the panel's centre
    assert marks(art.front.children, MARK) == [pytest.approx((1, 52, 5, 55))]
    assert marks(art.front.children, BACK_MARK) == [pytest.approx((w - 5, 10 + 40 - 5, w - 1, 10 + 40 - 2))]
    inner = [g.children[0] for g in art.front.children if isinstance(g, Group)]
    assert [g.clip for g in inner] == [Rect(-1, 0, 22, 40, CUT, "art")] * 2  # to the panel's edges and the bleed at its sides
    lines = [n for n in art.front.children if isinstance(n, Path)]
    assert [n.segments for n in lines] == [(("M", 0.0, y), ("L", w, y)) for y in (10, 50, 90)] * 2
    assert [n.paint for n in lines[:3]] == [standee_kind.FOLD_UNDER] * 3 and standee_kind.FOLD_UNDER.stroke == "#ffffff"
    assert [(n.paint, n.role) for n in lines[3:]] == [(FOLD, "fold")] * 3 and standee_kind.FOLD_UNDER.width == 0.35
    assert art.outline.children == [Rect(0, 0, w, total, CUT, "cut")]  # type: ignore[union-attr]
    assert art.back is None and art.info == {"style": "standee", "folds": 3, "assembled": (20, 40, 20)}
    thin = drawn(game, standee(base=0.5))
    assert [(r.y, r.h) for r in thin.front.children if isinstance(r, Rect)] == [(0, 0.5), (80.5, 0.5)]


@pytest.mark.parametrize("mirror", [False, True])
def test_a_back_from_the_front_turned_or_mirrored(game: Game, mirror: bool) -> None:
    art = drawn(game, standee(base=0, mirror_back=mirror, bleed=0.5))
    # panel 0..40 above the fold (the back), 40..80 below (the front)
    assert marks(art.front.children, MARK)[1] == pytest.approx((1, 42, 5, 45))
    back = marks(art.front.children, MARK)[0]
    assert back == pytest.approx((1, 35, 5, 38) if mirror else (15, 35, 19, 38))
    assert [n for n in art.front.children if isinstance(n, Rect)] == []  # no tabs
    inner = [g.children[0] for g in art.front.children if isinstance(g, Group)]
    assert [g.clip for g in inner] == [Rect(-0.5, 0, 21, 40.5, CUT, "art")] * 2  # and the bleed at the outer edge


def test_a_tent_is_folded_once_and_rounds_its_built_size(game: Game) -> None:
    art = drawn(game, standee(style="tent", height=40.1))
    lines = [n for n in art.front.children if isinstance(n, Path)]
    assert [n.segments[0][2] for n in lines] == [40.1, 40.1]
    standing = 40.1 * math.cos(math.radians(30))
    assert art.info == {"style": "tent", "folds": 1, "assembled": (20, round(standing, 3), round(40.1, 3))}
    assert art.info["assembled"][1] == 34.728  # type: ignore[index]


# --- boards -------------------------------------------------------------------------------------


def test_a_board_knows_its_spaces_and_folds(game: Game) -> None:
    art = art_of(game, "board")
    w, h = 120.2468, 60.12345
    assert art.back is None and art.outline.children == [Rect(0, 0, w, h, CUT, "cut")]  # type: ignore[union-attr]
    spaces = art.info["spaces"]
    assert len(spaces) == 6 and (70.123, 20.5, 80.123, 30.5) in spaces  # type: ignore[arg-type]
    [fold] = art.info["folds"]  # type: ignore[misc]
    assert fold[0] == fold[2] and fold[1] == 0 and fold[3] == 60.123  # one vertical line top to bottom, to 3 decimals
    assert w / 4 <= fold[0] <= 70.12345  # in the middle half, left of the spaces
    # folded: the wider part (right of the fold) by the whole height, two layers; 3 decimals kept
    assert art.info["folded"] == [round(w - fold[0], 3), 60.123, 2]
    assert set(art_of(game, "flat").info) == {"spaces"}
    four = art_of(game, "quarters").info
    assert len(four["folds"]) == 2 and four["folded"][2] == 4  # type: ignore[arg-type,index]


def test_auto_folds_only_for_the_lid_box(game: Game, tmp_path: FilePath) -> None:
    assert "folds" in art_of(game, "auto").info and "folds" not in art_of(game, "small").info
    folder = tmp_path / "nolid"
    folder.mkdir()
    (folder / "game.toml").write_text(GAME + "[boxes]\nlid_box = false\n", encoding="utf-8")
    assert "folds" not in art_of(load_game(folder), "auto").info


# --- lattice pieces -------------------------------------------------------------------------------


def piece(**keys: Any) -> LatticePieceModel:
    return LatticePieceModel.model_validate({"id": "l", "kind": "lattice-piece", "spacing": 8,
                                             "front": {"fill": "#111111", "dots": "#eeeeee"}, **keys})


def test_lattice_piece_limits() -> None:
    assert piece(fields="0,0-1,0").bleed == 0.8 and piece(fields="0,0-1,0", bleed=1.99).bleed == 1.99
    for bleed in (2, 2.5):  # a quarter of the spacing, or more
        with pytest.raises(ValidationError, match="a bleed smaller than a quarter"):
            piece(fields="0,0-1,0", bleed=bleed)
    assert piece(fields="0,0-1,0", min_tip=1.99).min_tip == 1.99
    for tip in (2, 2.5):
        with pytest.raises(ValidationError, match="a `min_tip` smaller than a quarter"):
            piece(fields="0,0-1,0", min_tip=tip)
    assert piece(free_shapes=[1, 10]).free_shapes == [1, 10]
    for bad, found in (([0], 0), ([11], 11), ([3, 12], 12), ([0, 11], 0)):
        with pytest.raises(ValidationError, match=rf"from 1 to 10 fields \(found {found}\)"):
            piece(free_shapes=bad)
    for bad in ([], [3, 3]):
        with pytest.raises(ValidationError):
            piece(free_shapes=bad)
    with pytest.raises(ValidationError, match="`free_shapes` or `vary`/`table`"):
        piece(free_shapes=[2], vary=["side"])
    with pytest.raises(ValidationError, match="`free_shapes` or `vary`/`table`"):
        piece(free_shapes=[2], table="t.csv")
    assert piece(free_shapes=[2], max_per_point=1).max_per_point == 1
    assert piece(free_shapes=[2], max_per_point=12).max_per_point == 12
    for bad in (0, 13, 2.0):
        with pytest.raises(ValidationError):
            piece(free_shapes=[2], max_per_point=bad)
    with pytest.raises(ValidationError, match="it needs `free_shapes`"):
        piece(fields="0,0-1,0", max_per_point=3)
    with pytest.raises(ValidationError, match=r"`fields` .* or `free_shapes`"):
        piece()
    assert piece(vary=["side"]).fields == "{shape.fields}" and piece(table="t.csv").fields == "{shape.fields}"
    with pytest.raises(ValidationError, match="fields connected"):
        piece(fields="0,0-1,0 5,5-6,5")
    assert piece(fields="{row.fields}").fields == "{row.fields}"  # checked when drawn
    d = piece(fields="0,0-1,0")
    assert (d.mirrors, d.dot, d.line_width, d.cut_halo, d.min_tip, d.back) == (False, 2.2, 0.25, "white", 0.0, None)


def test_free_shapes_make_one_variant_each(game: Game) -> None:
    assert variants(piece(fields="0,0-1,0")) is None
    vs = variants(piece(free_shapes=[1, 2], count=3))
    assert vs is not None
    names = [v.key for v in vs]
    ones = [n for n in names if n.startswith("1-")]
    assert ones == ["1-01", "1-02"]  # a petal and a triangle
    assert names == ["1-01", "1-02", "2-01"]  # and a petal with a triangle beside it: the one shape of 2
    for v in vs:
        assert v.values["shape"]["name"] == v.key and v.values["shape"]["size"] == int(v.key[0])
        assert len(v.values["shape"]["fields"].split()) == v.values["shape"]["size"] and v.copies == 3


def circles(children: list[Any], colour: str) -> list[Circle]:
    return [s for s, _ in walk(children, {}) if isinstance(s, Circle) and s.paint.fill == colour]


def points(path: Path) -> list[tuple[float, float]]:
    return [(float(s[-2]), float(s[-1])) for s in path.segments if s[0] != "Z"]


def test_a_petal_drawn_in_its_box(game: Game) -> None:
    art = drawn(game, piece(fields="0,0-1,0", back={"fill": "#ffffff", "dots": "#222222", "lines": "#333333",
                                                      "edge": "#444444"}))
    w, h = art.front.width, art.front.height
    # a petal between lattice points 8 mm apart: 8 long; its arcs, of radius 8 about the two points beside
    # both tips (8·√3/2 from its middle), leave it 2·(8 - 8·√3/2) wide
    assert (w, h) == (pytest.approx(8), pytest.approx(8 * (2 - R3)))
    cut = [n for n in art.outline.children if isinstance(n, Path) and n.role == "cut"]  # type: ignore[union-attr]
    assert len(cut) == 1 and cut[0].paint == CUT
    xs, ys = [p[0] for p in points(cut[0])], [p[1] for p in points(cut[0])]
    assert min(xs) == pytest.approx(0, abs=1e-9) and min(ys) >= -1e-9 and max(xs) <= w + 1e-9 and max(ys) <= h + 1e-9
    # the white halo just inside the cut line: clipped to the piece, 0.6 mm wider than the cut line
    [halo_group] = [n for n in art.outline.children if isinstance(n, Group)]  # type: ignore[union-attr]
    halo = halo_group.children[0]
    assert halo.paint.stroke == "#ffffff" and halo.paint.width == pytest.approx(CUT.width + 0.6) and halo.role == "art"
    assert halo_group.clip.segments == cut[0].segments and art.outline.bleed == 0.8  # type: ignore[union-attr]
    # a dot at each of the petal's two tips, 2.2 mm across, inside the piece
    dots = circles(art.front.children, "#eeeeee")
    assert len(dots) == 2 and all(d.r == pytest.approx(1.1) for d in dots)
    # the petal lies along x: its dots either side of the middle, on its axis
    assert (dots[0].cx + dots[1].cx) / 2 == pytest.approx(w / 2) and dots[0].cx != pytest.approx(dots[1].cx)
    assert dots[0].cy == pytest.approx(h / 2) == dots[1].cy
    assert not [s for s in art.front.children if isinstance(s, Path) and s.paint.stroke]  # no lines, no edge
    for d in dots:
        assert -1e-9 <= d.cx <= w + 1e-9 and -1e-9 <= d.cy <= h + 1e-9
    # the bleed: pieces of the fill outside the outline; the outline itself filled
    fills = [s for s, _ in walk(art.front.children, {}) if getattr(s, "paint", None) and s.paint.fill == "#111111"]
    assert any(isinstance(s, Path) and s.segments == cut[0].segments for s in fills) and len(fills) > 1
    assert art.front.bleed == 0.8 and art.info["size"] == 1 and art.info["most_at_point"] == 1
    # the back is the mirror image: its dots where the front's are, mirrored across the piece
    [back] = art.back.children  # type: ignore[union-attr]
    assert back.transform == (-1.0, 0.0, 0.0, 1.0, w, 0.0)
    back_dots = sorted((round(w - d.cx, 6), round(d.cy, 6)) for d in circles(list(back.children), "#222222"))
    assert back_dots == sorted((round(d.cx, 6), round(d.cy, 6)) for d in dots)
    edges = [s for s in back.children if isinstance(s, Path) and s.paint.stroke == "#444444"]
    assert len(edges) == 1 and edges[0].paint.width == 0.25 and edges[0].segments == cut[0].segments
    # one field: no inner arcs to draw
    assert not [s for s in back.children if isinstance(s, Path) and s.paint.stroke == "#333333"]


@pytest.mark.parametrize("fields", ["2,1-3,1", "0,3-1,3"])
def test_a_petal_away_from_the_lattice_origin_is_moved_into_its_box(game: Game, fields: str) -> None:
    art = drawn(game, piece(fields=fields))
    w, h = art.front.width, art.front.height
    assert (w, h) == (pytest.approx(8), pytest.approx(8 * (2 - R3)))
    cut = next(n for n in art.outline.children if isinstance(n, Path) and n.role == "cut")  # type: ignore[union-attr]
    xs = [p[0] for p in points(cut)]
    assert (min(xs), max(xs)) == (pytest.approx(0, abs=1e-9), pytest.approx(w))  # its tips at the box's sides
    dots = circles(art.front.children, "#eeeeee")
    assert (dots[0].cx + dots[1].cx) / 2 == pytest.approx(w / 2) and dots[0].cy == pytest.approx(h / 2)


@pytest.mark.parametrize("fields", ["0,0-1,0 0,0-1,0-0,1", "2,1-3,1 2,1-3,1-2,2"])
def test_inner_arcs_between_a_piece_own_fields(game: Game, fields: str) -> None:
    art = drawn(game, piece(fields=fields, line_width=0.4, bleed=0,
                            front={"fill": "#111111", "dots": "#eeeeee", "lines": "#333333"}))
    [lines] = [s for s in art.front.children if isinstance(s, Path) and s.paint.stroke == "#333333"]
    assert lines.paint.width == 0.4 and lines.segments[0][0] == "M"
    x, y = lines.segments[0][1:]
    assert -1e-9 <= x <= art.front.width + 1e-9 and -1e-9 <= y <= art.front.height + 1e-9  # moved into the piece's box
    ends = [s for s in lines.segments if s[0] == "M"]
    assert len(ends) == 1  # one shared arc between the petal and the triangle
    # it starts at a corner of the piece's outline (a lattice point where petal and triangle meet)
    cut = next(n for n in art.outline.children if isinstance(n, Path) and n.role == "cut")  # type: ignore[union-attr]
    corners = {(round(p[0], 6), round(p[1], 6)) for p in points(cut)}
    assert (round(x, 6), round(y, 6)) in corners
    # no bleed: only the outline filled, no grown parts
    assert [type(s).__name__ for s in art.front.children if getattr(s, "paint", None) and
            s.paint.fill == "#111111"] == ["Path"] and art.front.bleed == 0
    assert len(circles(art.front.children, "#eeeeee")) == 5  # 2 tips + 3 tips
    assert art.info["size"] == 2 and art.info["most_at_point"] == 2


def test_sharp_tips_cut_back(game: Game) -> None:
    sharp = drawn(game, piece(fields="0,0-1,0", min_tip=1.0, front={"fill": "#111111", "dots": "#eeeeee",
                                                                      "lines": "#333333"}))
    pointed = drawn(game, piece(fields="0,0-1,0"))
    cut = next(n for n in sharp.outline.children if isinstance(n, Path) and n.role == "cut")  # type: ignore[union-attr]
    full = next(n for n in pointed.outline.children if isinstance(n, Path) and n.role == "cut")  # type: ignore[union-attr]
    assert cut.segments != full.segments
    # the cut outline reaches less far along the petal: its tips are gone
    span = max(p[0] for p in points(cut)) - min(p[0] for p in points(cut))
    full_span = max(p[0] for p in points(full)) - min(p[0] for p in points(full))
    assert span < full_span - 0.5 or (max(p[1] for p in points(cut)) - min(p[1] for p in points(cut))) < (
        max(p[1] for p in points(full)) - min(p[1] for p in points(full))) - 0.5
    fills = [s for s in sharp.front.children if isinstance(s, Path) and s.paint.fill == "#111111"]
    assert fills[-1].segments == cut.segments and len(fills) > 1


def test_inner_arcs_stop_at_cut_tips(game: Game) -> None:
    art = drawn(game, piece(fields="0,0-1,0 0,0-1,0-0,1", min_tip=1.0,
                            front={"fill": "#111111", "dots": "#eeeeee", "lines": "#333333"}))
    cut = next(n for n in art.outline.children if isinstance(n, Path) and n.role == "cut")  # type: ignore[union-attr]
    [group] = [g for g in art.front.children if isinstance(g, Group)]
    assert group.clip.segments == cut.segments and group.children[0].paint.stroke == "#333333"


def test_bad_fields_when_drawn(game: Game) -> None:
    from printkit.errors import DataError
    from printkit.game import Variant

    comp = piece(fields="{row.fields}")
    for text, expected in (("0,0-5,5", ""), ("0,0-1,0 5,5-6,5", "fields connected")):
        with pytest.raises(DataError) as err:
            KINDS["lattice-piece"].draw(game, comp, Variant("v", {"row": {"fields": text}}, 1))
        [p] = err.value.problems
        assert p.path.startswith("components.l.fields") and expected in p.expected and text in p.found
    no_halo = drawn(game, piece(fields="0,0-1,0", cut_halo=None))
    assert [type(n).__name__ for n in no_halo.outline.children] == ["Path"]  # type: ignore[union-attr]
