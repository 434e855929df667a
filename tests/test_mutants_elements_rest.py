"""Every layout element but hexgrid, grid, text and track (the mutation target ``elements-rest``: pips, lanes,
repeat, flower, wheel, chord, polyform, image, ring, the shared edge and paint helpers, rect, fields, symbol, the
registry, line, polygon, group, circle), in-process: one tiny game loaded once, elements validated and drawn
directly.

Expectations are worked out here: playing-card pip places written out by hand, cell centres as
``x + (col + 0.5) * cell``, points on a circle from their angle (clockwise from 3 o'clock, y down), the flower
lattice's points at ``(a + b/2, b·√3/2)`` spacings, a picture's box from its aspect, lines clipped to the box by
hand.
"""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from conftest import game_from
from PIL import Image as PILImage
from pydantic import ValidationError

from printkit import lattice
from printkit.drawing import Circle, Group, Image, Paint, Path, Rect, Text, apply, rotate
from printkit.elements import ELEMENT_TYPES, ElementType, element_models, load_elements, register
from printkit.elements._edges import COMPASS, SQUARE_DIRECTIONS, EdgeStyle, Link, edge_paint, link_path, parse_edges
from printkit.elements._shared import _label, _paint, cell_centre
from printkit.elements.chord import ChordElement, _chord, clip_line
from printkit.elements.circle import CircleElement, _circle
from printkit.elements.fields import FieldsElement, _fields
from printkit.elements.flower import FlowerElement, _flower
from printkit.elements.group import GroupElement, _group
from printkit.elements.image import ImageElement, _image
from printkit.elements.lanes import LANE_NAMES, LanesElement, _lanes, lane_cells, lane_segments
from printkit.elements.line import LineElement, _line
from printkit.elements.pips import ARRANGEMENTS, PipsElement, _pips, pip_centres
from printkit.elements.polyform import PolyformElement, _polyform
from printkit.elements.polygon import PolygonElement, _polygon
from printkit.elements.rect import RectElement, _rect
from printkit.elements.repeat import (
    MAX_COPIES,
    MAX_REPEAT,
    MAX_SHAPES,
    RANGE_EXPECTED,
    RepeatElement,
    _copies,
    _repeat,
    _shapes,
    parse_range,
    static_copies,
)
from printkit.elements.ring import RingElement, _ring
from printkit.elements.symbol import SymbolElement, _symbol
from printkit.elements.wheel import WheelElement, _wheel
from printkit.errors import DataError
from printkit.game import DrawContext, Game
from printkit.model import Element  # noqa: F401  (builds the Element union the container elements hold)
from printkit.symbols import SYMBOLS, symbol_segments

R3 = math.sqrt(3)
WHERE = "layouts.face.elements[0]"


def png(w: int, h: int) -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (w, h), (255, 0, 0)).save(out, "PNG")
    return out.getvalue()


GAME = """
[game]
title = "Rest"
[palette]
sea = "#0000ff"
sun = "#ffcc00"
red = "#cc0000"
gold = "#e9c46a"
sky = "#87ceeb"
ink = "#1f2a44"
green = "#00aa00"
[[sets.suits]]
name = "hearts"
[[sets.suits]]
name = "spades"
[[sets.none]]
name = "x"
[layouts.face]
elements = [{ type = "rect" }]
[[components]]
id = "card"
kind = "card"
width = 60
height = 90
face = "face"
[[components]]
id = "deck"
kind = "card"
width = 60
height = 90
face = "face"
table = "deck.csv"
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    folder = tmp_path_factory.mktemp("rest") / "g"
    folder.mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "art" / "wide.png").write_bytes(png(20, 10))
    g = game_from(folder, GAME, **{
        "deck.csv": "name,art\none,art/wide.png\ntwo,art/gone.png\n",
        "tall.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20"/></svg>'})
    return g


def ctx_of(game: Game, values: dict[str, Any] | None = None, component: str = "card", k: int = 0) -> DrawContext:
    return DrawContext(game, game.variants[component][k], WHERE, values)


def draw(game: Game, fn: Any, model: Any, fields: dict[str, Any], w: float = 60, h: float = 90, b: float = 0,
         values: dict[str, Any] | None = None) -> list[Any]:
    game.cache.clear()
    return fn(model.model_validate(fields), ctx_of(game, values), w, h, b)


def problem(fn: Any) -> Any:
    with pytest.raises(DataError) as err:
        fn()
    [p] = err.value.problems
    return p


def move_point(node: Any) -> tuple[float, float]:
    return (node.segments[0][1], node.segments[0][2])


# --- the registry and the shared helpers ----------------------------------------------------------


def test_element_type_defaults_and_doc() -> None:
    t = ElementType("x", RectElement, _rect)
    assert t.memo is True and t.example == "" and t.picture == (60.0, 40.0)
    assert t.doc == "A rectangle; with no size it covers the whole piece including bleed."
    assert "\n" not in ELEMENT_TYPES["repeat"].doc and ELEMENT_TYPES["repeat"].doc.startswith("Child elements drawn")


def test_register_refuses_a_name_twice() -> None:
    with pytest.raises(RuntimeError, match="layout element 'rect' registered twice"):
        register(ElementType("rect", RectElement, _rect))


def test_elements_in_module_order_and_their_models() -> None:
    types = load_elements()
    modules = [e.model.__module__ for e in types.values()]
    assert modules == sorted(modules)
    assert element_models() == tuple(e.model for e in types.values())
    # registered out of order: put back in order
    saved = list(types.items())
    first = next(iter(types))
    entry = types.pop(first)
    types[first] = entry
    try:
        assert next(iter(load_elements())) == first
        assert [e.model.__module__ for e in load_elements().values()] == sorted(modules)
    finally:
        ELEMENT_TYPES.clear()
        ELEMENT_TYPES.update(saved)
    assert ELEMENT_TYPES["repeat"].memo is False and ELEMENT_TYPES["group"].memo is False
    assert all(ELEMENT_TYPES[n].memo for n in ("pips", "lanes", "flower", "wheel", "chord", "polyform", "image",
                                               "ring", "rect", "fields", "symbol", "line", "polygon", "circle"))


def test_every_example_draws(game: Game) -> None:
    # each element's gallery example is valid and draws something
    from printkit.model import Layout

    for name in ("pips", "lanes", "repeat", "flower", "wheel", "chord", "polyform", "ring", "rect", "fields",
                 "symbol", "line", "polygon", "group", "circle"):
        t = ELEMENT_TYPES[name]
        assert t.example.startswith(f'{{ type = "{name}"')
        import tomllib

        el = Layout.model_validate({"elements": [tomllib.loads("e = " + t.example)["e"]]}).elements[0]
        game.cache.clear()
        assert t.draw(el, ctx_of(game), *t.picture, 0)
    assert ELEMENT_TYPES["flower"].picture == (60.0, 44.0)


def test_paint_and_label_and_cell_centre(game: Game) -> None:
    ctx = ctx_of(game)
    assert _paint(ctx, "sea", "sun", 0.7) == Paint(fill="#0000ff", stroke="#ffcc00", width=0.7)
    assert _paint(ctx, None, None, "1mm") == Paint(fill=None, stroke=None, width=1.0)
    t = _label(10, 20, "7", 5, "#112233")
    assert (t.x, t.y, t.text, t.size, t.fill, t.font, t.anchor) == (10, pytest.approx(21.8), "7", 5, "#112233",
                                                                    "regular", "middle")
    assert _label(0, 0, "7", 5, "#000000", bold=True).font == "bold"
    assert cell_centre(1, 2, 10, 3, 4) == (36.0, 47.0)


# --- edges ---------------------------------------------------------------------------------------------


def test_edge_paint(game: Game) -> None:
    ctx = ctx_of(game)
    styles = {"river": EdgeStyle(stroke="sea", width=2, dash=[1, "2mm"])}
    assert edge_paint("river", styles, ctx, "k") == Paint(stroke="#0000ff", width=2.0, dash=(1.0, 2.0))
    assert edge_paint("link", styles, ctx, "k") == Paint(stroke="#000000", width=1.0)
    assert edge_paint("sun", styles, ctx, "k") == Paint(stroke="#ffcc00", width=1.0)
    assert edge_paint("#00ff00", {}, ctx, "k") == Paint(stroke="#00ff00", width=1.0)
    p = problem(lambda: edge_paint("none", styles, ctx, "k"))
    assert p.path == WHERE + ".k" and p.expected == "a name in `edge_styles` (river) or a colour"
    p = problem(lambda: edge_paint("road", {}, ctx, "k"))
    assert p.expected == "a name in `edge_styles` (none defined) or a colour" and p.found == '"road"'
    p = problem(lambda: edge_paint("x", {"b": EdgeStyle(), "a": EdgeStyle()}, ctx, "k"))
    assert p.expected == "a name in `edge_styles` (a, b) or a colour"
    # a style's own values and keys
    p = problem(lambda: edge_paint("bad", {"bad": EdgeStyle(stroke="nope")}, ctx, "k"))
    assert p.path == WHERE + ".edge_styles.bad.stroke"


def test_edge_style_and_link_models() -> None:
    s = EdgeStyle()
    assert (s.stroke, s.width, s.dash) == ("black", 1.0, [])
    link = Link(cells=["0,0", "1,1"])
    assert link.route == "straight" and link.style == "link"
    for bad in (["0,0"], ["0,0"] * 101):
        with pytest.raises(ValidationError):
            Link(cells=bad)
    assert len(Link(cells=["0,0"] * 100).cells) == 100
    assert SQUARE_DIRECTIONS == ("n", "e", "s", "w")
    assert COMPASS == ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def test_parse_edges() -> None:
    assert parse_edges("n:river  se:#ff0000 w:road-2", ("n", "se", "w")) == [
        ("n", "river"), ("se", "#ff0000"), ("w", "road-2")]
    assert parse_edges("", ("n",)) == []
    for bad in ("x:river", "n-river", "n:", "N:river", "n:ri ver:x", "n:a:b"):
        with pytest.raises(ValueError) as err:
            parse_edges(bad, ("w", "n", "se"))
        assert str(err.value) == 'edges written as direction:style, e.g. "n:river", with a direction of n, se, w'


def test_link_path() -> None:
    p = link_path([(1, 2), (3, 4), (5, 6)], Paint(stroke="#000000"))
    assert p.segments == (("M", 1, 2), ("L", 3, 4), ("L", 5, 6)) and p.paint.stroke == "#000000"


# --- simple shapes ------------------------------------------------------------------------------------


def test_rect_whole_piece_with_bleed_or_its_box(game: Game) -> None:
    [r] = draw(game, _rect, RectElement, {"type": "rect", "fill": "sea"}, b=3)
    assert (r.x, r.y, r.w, r.h, r.r) == (-3, -3, 66, 96, 0) and r.paint == Paint(fill="#0000ff", width=0.3)
    [r] = draw(game, _rect, RectElement, {"type": "rect", "x": "10%", "y": "10%", "w": "50%", "h": 5, "r": 1,
                                          "stroke": "sun", "width": 1}, b=3)
    assert (r.x, r.y, r.w, r.h, r.r) == (6, 9, 30, 5, 1) and r.paint == Paint(stroke="#ffcc00", width=1)
    [r] = draw(game, _rect, RectElement, {"type": "rect", "x": 5, "w": 10}, b=2)
    assert (r.x, r.y, r.w, r.h) == (5, -2, 10, 94)
    [r] = draw(game, _rect, RectElement, {"type": "rect", "y": 5, "h": 10}, b=2)
    assert (r.x, r.y, r.w, r.h) == (-2, 5, 64, 10)


def test_circle_line_polygon(game: Game) -> None:
    [c] = draw(game, _circle, CircleElement, {"type": "circle", "r": "10%", "fill": "sea"})
    assert (c.cx, c.cy, c.r) == (30, 45, 6) and c.paint == Paint(fill="#0000ff", width=0.3)
    [c] = draw(game, _circle, CircleElement, {"type": "circle", "cx": 1, "cy": "10%", "r": 2, "stroke": "sun",
                                              "width": 1})
    assert (c.cx, c.cy, c.r) == (1, 9, 2) and c.paint == Paint(stroke="#ffcc00", width=1)
    [ln] = draw(game, _line, LineElement, {"type": "line", "x1": "10%", "y1": "10%", "x2": 1, "y2": 2,
                                           "dash": [1, 2]})
    assert ln.segments == (("M", 6, 9), ("L", 1, 2))
    assert ln.paint == Paint(stroke="#000000", width=0.5, dash=(1.0, 2.0))
    [pg] = draw(game, _polygon, PolygonElement, {"type": "polygon", "points": [[1, 2], ["10%", "10%"], [5, 6]],
                                                 "fill": "sea"})
    assert pg.segments == (("M", 1, 2), ("L", 6, 9), ("L", 5, 6), ("Z",))
    assert pg.paint == Paint(fill="#0000ff", width=0.3)
    with pytest.raises(ValidationError):
        PolygonElement.model_validate({"type": "polygon", "points": [[1, 2], [3, 4]]})
    p = problem(lambda: draw(game, _polygon, PolygonElement, {"type": "polygon", "points": [[1, 2], [3, 4],
                                                                                              [5, "x"]]}))
    assert p.path == WHERE + ".points[2][1]"


def test_model_defaults_of_the_simple_shapes() -> None:
    r = RectElement.model_validate({"type": "rect"})
    assert (r.x, r.y, r.w, r.h, r.r, r.fill, r.stroke, r.width) == (0, 0, None, None, 0, None, None, 0.3)
    c = CircleElement.model_validate({"type": "circle", "r": 1})
    assert (c.cx, c.cy, c.fill, c.stroke, c.width) == ("50%", "50%", None, None, 0.3)
    ln = LineElement.model_validate({"type": "line", "x1": 0, "y1": 0, "x2": 1, "y2": 1})
    assert (ln.stroke, ln.width, ln.dash) == ("black", 0.5, [])
    pg = PolygonElement.model_validate({"type": "polygon", "points": [[0, 0], [1, 0], [0, 1]]})
    assert (pg.fill, pg.stroke, pg.width) == (None, None, 0.3)


def test_symbol(game: Game) -> None:
    [g] = draw(game, _symbol, SymbolElement, {"type": "symbol", "name": "star"})
    [path] = g.children
    assert path.segments == tuple(symbol_segments("star"))
    assert path.paint == Paint(fill="#000000", stroke=None, width=pytest.approx(0.03))
    assert apply(g.transform, 0, 0) == pytest.approx((30, 45)) and apply(g.transform, 1, 0) == pytest.approx((40, 45))
    [g] = draw(game, _symbol, SymbolElement, {"type": "symbol", "name": "heart", "cx": 5, "cy": "10%", "size": "10%",
                                              "rotate": 90, "stroke": "sea", "fill": None, "width": 0.6})
    assert apply(g.transform, 0, 0) == pytest.approx((5, 9))
    assert apply(g.transform, 1, 0) == pytest.approx((5, 15))  # size 6 (10% of the shorter side), turned down
    assert g.children[0].paint == Paint(fill=None, stroke="#0000ff", width=pytest.approx(0.1))
    [g] = draw(game, _symbol, SymbolElement, {"type": "symbol", "name": "star", "size": 0})
    assert g.children[0].paint.width == 0.3
    p = problem(lambda: draw(game, _symbol, SymbolElement, {"type": "symbol", "name": "stra"}))
    assert p.path == WHERE + ".name"
    assert p.expected == "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")" and "star" in p.found
    s = SymbolElement.model_validate({"type": "symbol", "name": "x"})
    assert (s.cx, s.cy, s.size, s.fill, s.stroke, s.width, s.rotate) == ("50%", "50%", 10, "black", None, 0.3, 0)


# --- pips --------------------------------------------------------------------------------------------------


def test_pip_arrangements() -> None:
    t, s = 1 / 3, 1 / 6
    side6 = [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)]
    side8 = [(0, 0), (1, 0), (0, t), (1, t), (0, 2 * t), (1, 2 * t), (0, 1), (1, 1)]
    expected = {1: [(0.5, 0.5)], 2: [(0.5, 0), (0.5, 1)], 3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
                4: [(0, 0), (1, 0), (0, 1), (1, 1)], 5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
                6: side6, 7: [*side6, (0.5, 0.25)], 8: [*side6, (0.5, 0.25), (0.5, 0.75)], 9: [*side8, (0.5, 0.5)],
                10: [*side8, (0.5, s), (0.5, 1 - s)]}
    assert set(ARRANGEMENTS) == set(expected)
    for n, places in expected.items():
        assert len(ARRANGEMENTS[n]) == n
        for got, want in zip(ARRANGEMENTS[n], places, strict=True):
            assert got == pytest.approx(want)


def test_pip_centres_and_which_turn() -> None:
    got = pip_centres(3, 10, 20, 40, 60)
    assert got == [(30, 20, False), (30, 50, False), (30, 80, True)]
    got = pip_centres(10, 0, 0, 1, 1)
    assert [c[2] for c in got] == [False, False, False, False, True, True, True, True, False, True]
    assert [c[2] for c in pip_centres(7, 0, 0, 1, 1)] == [False, False, False, False, True, True, False]


def test_pips_model() -> None:
    p = PipsElement.model_validate({"type": "pips", "count": 3})
    assert (p.symbol, p.x, p.y, p.w, p.h, p.size, p.ace_size, p.turn, p.fill, p.stroke, p.width) == (
        "pip", "25%", "18%", "50%", "64%", 8, None, True, "black", None, 0.3)
    for ok in (1, 10, "{n}"):
        assert PipsElement.model_validate({"type": "pips", "count": ok}).count == ok
    for bad, msg in ((0, "a whole number of pips from 1 to 10"), (11, "a whole number of pips from 1 to 10"),
                     ("3", "or a template")):
        with pytest.raises(ValidationError, match=msg):
            PipsElement.model_validate({"type": "pips", "count": bad})


def test_pips_drawn(game: Game) -> None:
    nodes = draw(game, _pips, PipsElement, {"type": "pips", "count": 3, "symbol": "heart", "fill": "sea",
                                            "stroke": "sun", "width": 0.8, "size": 4})
    assert len(nodes) == 3
    # the box: 25% .. 75% of 60 across, 18% .. 82% of 90 down
    centres = [apply(g.transform, 0, 0) for g in nodes]
    assert centres == [pytest.approx((30, 16.2)), pytest.approx((30, 45)), pytest.approx((30, 73.8))]
    # size 4; the lower pip turned upside down
    assert apply(nodes[0].transform, 1, 0) == pytest.approx((34, 16.2))
    assert apply(nodes[1].transform, 1, 0) == pytest.approx((34, 45))
    assert apply(nodes[2].transform, 1, 0) == pytest.approx((26, 73.8))
    [shape] = nodes[0].children
    assert shape.segments == tuple(symbol_segments("heart"))
    assert shape.paint == Paint(fill="#0000ff", stroke="#ffcc00", width=pytest.approx(0.2))
    nodes = draw(game, _pips, PipsElement, {"type": "pips", "count": 3, "turn": False, "x": 1, "y": 2, "w": 10,
                                            "h": 20, "size": "10%"})
    assert [apply(g.transform, 0, 0) for g in nodes] == [pytest.approx((6, 2)), pytest.approx((6, 12)),
                                                        pytest.approx((6, 22))]
    assert apply(nodes[2].transform, 1, 0) == pytest.approx((12, 22))  # 10% of 60, not turned


def test_an_ace_may_be_larger(game: Game) -> None:
    [g] = draw(game, _pips, PipsElement, {"type": "pips", "count": 1, "size": 4, "ace_size": "20%"})
    assert apply(g.transform, 1, 0) == pytest.approx((42, 45)) and g.children[0].paint.width == pytest.approx(0.025)
    a, _ = draw(game, _pips, PipsElement, {"type": "pips", "count": 2, "size": 4, "ace_size": 20})
    assert apply(a.transform, 1, 0)[0] == pytest.approx(34)
    [g] = draw(game, _pips, PipsElement, {"type": "pips", "count": 1, "size": 4})
    assert apply(g.transform, 1, 0)[0] == pytest.approx(34)
    [g] = draw(game, _pips, PipsElement, {"type": "pips", "count": 1, "size": 0})
    assert g.children[0].paint.width == 0.3


def test_pips_count_from_a_template(game: Game) -> None:
    nodes = draw(game, _pips, PipsElement, {"type": "pips", "count": "{n}"}, values={"n": 10})
    assert len(nodes) == 10
    nodes = draw(game, _pips, PipsElement, {"type": "pips", "count": "{n}"}, values={"n": 1.0})
    assert len(nodes) == 1
    for bad in (0, 11, 2.5, -3):
        p = problem(lambda bad=bad: draw(game, _pips, PipsElement, {"type": "pips", "count": "{n}"},
                                         values={"n": bad}))
        assert p.path == WHERE + ".count" and p.expected == "a whole number of pips from 1 to 10"


def test_pips_unknown_symbol(game: Game) -> None:
    p = problem(lambda: draw(game, _pips, PipsElement, {"type": "pips", "count": 2, "symbol": "hart"}))
    assert p.path == WHERE + ".symbol" and p.expected == "a symbol (" + ", ".join(sorted(SYMBOLS)) + ")"
    assert p.found == '"hart"'


# --- lanes -------------------------------------------------------------------------------------------------


def test_lane_cells() -> None:
    assert lane_cells("diag", 3, 3, 1) == ((-1, -1), (3, 3))
    assert lane_cells("anti", 3, 3, 0.5) == ((2.5, -0.5), (-0.5, 2.5))
    assert lane_cells("row1", 3, 4, 1) == ((-1, 0), (4, 0))
    assert lane_cells("row3", 3, 4, 0) == ((0, 2), (3, 2))
    assert lane_cells("col4", 3, 4, 2) == ((3, -2), (3, 4))
    assert lane_cells("col1", 3, 4, 0) == ((0, 0), (0, 2))
    for name in ("diag", "anti"):
        with pytest.raises(ValueError, match="a square grid for diagonal lanes"):
            lane_cells(name, 3, 4, 1)
    for bad in ("row0", "row4", "col5", "col0", "rowx", "row", "lane1", "ro1", "col-1"):
        with pytest.raises(ValueError) as err:
            lane_cells(bad, 3, 4, 1)
        assert str(err.value) == f"a lane of a 4 x 3 grid ({LANE_NAMES})"
    assert LANE_NAMES == "row1.., col1.., diag, anti"


def lanes_el(**fields: Any) -> dict[str, Any]:
    return {"type": "lanes", "cell": 10, "rows": 3, "cols": 3, **fields}


def test_lanes_model() -> None:
    el = LanesElement.model_validate(lanes_el(lanes=["row1"]))
    assert (el.x, el.y, el.extend, el.first, el.stroke, el.width, el.dash, el.badges, el.badge_at, el.badge_r) == (
        0, 0, 1, 1, "black", 1.0, [], True, 0.5, 3.2)
    assert (el.badge_fill, el.badge_stroke, el.label_size, el.label_fill) == ("white", "black", "8pt", "black")
    for bad in ({"lanes": []}, {"lanes": ["row1"], "rows": 0}, {"lanes": ["row1"], "cols": 101}):
        with pytest.raises(ValidationError):
            LanesElement.model_validate(lanes_el(**bad))
    assert LanesElement.model_validate(lanes_el(lanes=["row1"], rows=100, cols=1)).rows == 100


def test_lane_segments_through_cell_centres(game: Game) -> None:
    el = LanesElement.model_validate(lanes_el(lanes=["row2", "col1", "diag"], x="10%", y=5))
    segs = lane_segments(el, ctx_of(game), 60, 90)
    assert segs == [((1, 20), (41, 20)), ((11, 0), (11, 40)), ((1, 0), (41, 40))]
    p = problem(lambda: lane_segments(LanesElement.model_validate(lanes_el(lanes=["row1", "row9"])), ctx_of(game),
                                      60, 90))
    assert p.path == WHERE + ".lanes[1]" and p.expected == f"a lane of a 3 x 3 grid ({LANE_NAMES})"
    assert p.found == '"row9"'


def test_lanes_without_badges(game: Game) -> None:
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["row1", "col3"], badges=False, stroke="sea", width=2,
                                                      dash=[1, 2], extend=0))
    assert [n.segments for n in nodes] == [(("M", 5, 5), ("L", 25, 5)), (("M", 25, 5), ("L", 25, 25))]
    assert nodes[0].paint == Paint(stroke="#0000ff", width=2, dash=(1.0, 2.0))


def test_lane_badges_near_both_ends(game: Game) -> None:
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["row1", "diag"], first=4, badge_r=2, label_size=3,
                                                      badge_fill="sun", badge_stroke="sea", label_fill="sea"))
    paths = [n for n in nodes if isinstance(n, Path)]
    circles = [n for n in nodes if isinstance(n, Circle)]
    texts = [n for n in nodes if isinstance(n, Text)]
    assert len(paths) == 2 and len(circles) == 4 and len(texts) == 4
    # row1 runs from x -5 to 35 at y 5 (4 cells): badges half a cell in from each end
    assert [(c.cx, c.cy) for c in circles[:2]] == [pytest.approx((0, 5)), pytest.approx((30, 5))]
    # the diagonal from (-5, -5) to (35, 35): half a cell along each axis
    assert [(c.cx, c.cy) for c in circles[2:]] == [pytest.approx((0, 0)), pytest.approx((30, 30))]
    assert circles[0].r == 2 and circles[0].paint == Paint(fill="#ffcc00", stroke="#0000ff", width=0.3)
    assert [t.text for t in texts] == ["4", "4", "5", "5"]
    t = texts[0]
    assert (t.x, t.y, t.size, t.fill, t.font, t.anchor) == (pytest.approx(0), pytest.approx(5 + 1.05), 3, "#0000ff",
                                                            "bold", "middle")
    # nodes in order: the lines, then each lane's badge and number at one end, then the other
    assert [type(n).__name__ for n in nodes[2:6]] == ["Circle", "Text", "Circle", "Text"]


def test_lane_badges_where_asked(game: Game) -> None:
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["col2"], badge_at=1, extend=2))
    circles = [n for n in nodes if isinstance(n, Circle)]
    assert [(c.cx, c.cy) for c in circles] == [pytest.approx((15, -5)), pytest.approx((15, 35))]
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["col2"], badge_at=0, extend=0, label_fill="none"))
    circles = [n for n in nodes if isinstance(n, Circle)]
    assert [(c.cx, c.cy) for c in circles] == [pytest.approx((15, 5)), pytest.approx((15, 25))]
    assert next(n for n in nodes if isinstance(n, Text)).fill == "#000000"


def test_a_lane_of_one_cell_has_no_badges(game: Game) -> None:
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["row1"], rows=1, cols=1, extend=0, x=3))
    assert len(nodes) == 1 and nodes[0].segments == (("M", 8, 5), ("L", 8, 5))
    # a column whose top end's x is its bottom end's y still has its badges
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["col1"], rows=1, cols=1, extend=1, y=-10))
    assert nodes[0].segments == (("M", 5, -15), ("L", 5, 5)) and len(nodes) == 5
    nodes = draw(game, _lanes, LanesElement, lanes_el(lanes=["row1"], rows=1, cols=1, extend=1))
    assert len(nodes) == 5


# --- chord ---------------------------------------------------------------------------------------------------


def seg(s: Any) -> Any:
    return None if s is None else (*s[0], *s[1])


def test_clip_line_by_hand() -> None:
    box = (0.0, 0.0, 10.0, 20.0)
    assert seg(clip_line(3, 4, 0, box)) == pytest.approx((0, 4, 10, 4))
    assert seg(clip_line(3, 4, 180, box)) == pytest.approx((10, 4, 0, 4))
    assert seg(clip_line(3, 4, 90, box)) == pytest.approx((3, 20, 3, 0))  # counter-clockwise: up the page
    assert seg(clip_line(5, 10, 45, box)) == pytest.approx((0, 15, 10, 5))
    assert seg(clip_line(5, 10, -45, box)) == pytest.approx((0, 5, 10, 15))
    # on the box's edge still crosses it; beyond it, not
    assert seg(clip_line(3, 20, 0, box)) == pytest.approx((0, 20, 10, 20))
    assert seg(clip_line(10, 4, 90, box)) == pytest.approx((10, 20, 10, 0))
    assert seg(clip_line(3, 0, 0, box)) == pytest.approx((0, 0, 10, 0))
    assert seg(clip_line(0, 4, 90, box)) == pytest.approx((0, 20, 0, 0))
    assert clip_line(3, 21, 0, box) is None and clip_line(3, -1, 0, box) is None
    assert clip_line(11, 4, 90, box) is None and clip_line(-1, 4, 90, box) is None
    assert clip_line(30, 0, 135, box) is None  # a diagonal that passes the corner by
    assert clip_line(40, 0, 45, box) is None and clip_line(-10, 0, 45, box) is None


def test_chord_drawn_to_the_bleed(game: Game) -> None:
    nodes = draw(game, _chord, ChordElement, {"type": "chord", "x": "50%", "y": 10, "angle": 0, "stroke": "sea"},
                 b=2)
    [p] = nodes
    assert p.segments == (("M", -2, 10), ("L", 62, 10)) and p.paint == Paint(stroke="#0000ff", width=2.0)
    under, p = draw(game, _chord, ChordElement, {"type": "chord", "x": 5, "y": "50%", "angle": 90, "outline": "sun",
                                                 "width": 1}, b=3)
    assert under.segments == (("M", pytest.approx(5), 93), ("L", pytest.approx(5), -3))
    assert under.paint == Paint(stroke="#ffcc00", width=1.8) and p.paint.width == 1
    assert p.segments == under.segments
    p = problem(lambda: draw(game, _chord, ChordElement, {"type": "chord", "x": 5, "y": 95, "angle": 0}, b=2))
    assert p.path == WHERE + ".x" and p.expected == "a point and angle whose line crosses the piece"
    [p] = draw(game, _chord, ChordElement, {"type": "chord", "x": 5, "y": 91, "angle": 0}, b=2)
    assert p.segments[0][2] == 91


# --- polyform ------------------------------------------------------------------------------------------------


def test_polyform_cells_in_reading_order(game: Game) -> None:
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "1,1 0,1 2,0", "x": 3, "y": "10%",
                                                    "cell": 5, "fill": "sea", "stroke": "sun", "width": 1})
    assert [(r.x, r.y, r.w, r.h) for r in nodes] == [(13, 9, 5, 5), (3, 14, 5, 5), (8, 14, 5, 5)]
    assert nodes[0].paint == Paint(fill="#0000ff", stroke="#ffcc00", width=1)
    p = PolyformElement.model_validate({"type": "polyform", "cells": "0,0", "cell": 1})
    assert (p.x, p.y, p.fill, p.stroke, p.width, p.grid_cols, p.grid_rows, p.grid_stroke) == (
        0, 0, "black", "black", 0.4, 0, 0, "#bbbbbb")
    zero = PolyformElement.model_validate({"type": "polyform", "cells": "0,0", "cell": 1, "grid_cols": 0, "grid_rows": 0})
    assert (zero.grid_cols, zero.grid_rows) == (0, 0)
    for ok in ({"grid_cols": 100}, {"grid_rows": 100}):
        assert PolyformElement.model_validate({"type": "polyform", "cells": "0,0", "cell": 1, **ok})
    for bad in ({"grid_cols": -1}, {"grid_rows": 101}, {"grid_cols": 101}, {"grid_rows": -1}):
        with pytest.raises(ValidationError):
            PolyformElement.model_validate({"type": "polyform", "cells": "0,0", "cell": 1, **bad})


def test_polyform_centred_on_its_grid_on_whole_cells(game: Game) -> None:
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "2,5 3,5", "x": 1, "y": 2,
                                                    "cell": 10, "grid_cols": 5, "grid_rows": 3, "grid_stroke": "sea"})
    grid, figure = nodes[:15], nodes[15:]
    assert [(r.x, r.y) for r in grid[:6]] == [(1, 2), (11, 2), (21, 2), (31, 2), (41, 2), (1, 12)]
    assert (grid[-1].x, grid[-1].y, grid[-1].w) == (41, 22, 10)
    assert grid[0].paint == Paint(stroke="#0000ff", width=0.25)
    # 2 wide on 5 columns: 1 cell in (3 // 2); 1 high on 3 rows: 1 cell down
    assert [(r.x, r.y) for r in figure] == [(11, 12), (21, 12)]
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "0,0 0,1 0,2", "cell": 10,
                                                    "grid_cols": 4, "grid_rows": 4})
    assert [(r.x, r.y) for r in nodes[16:]] == [(10, 0), (10, 10), (10, 20)]
    # a grid needs both its columns and rows
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "1,1", "cell": 10, "grid_cols": 4})
    assert [(r.x, r.y) for r in nodes] == [(10, 10)]
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "1,1", "cell": 10, "grid_rows": 4})
    assert [(r.x, r.y) for r in nodes] == [(10, 10)]


def test_polyform_bad_cells(game: Game) -> None:
    p = problem(lambda: draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "1;1", "cell": 10}))
    assert p.path == WHERE + ".cells" and p.found.startswith('"1;1"')


# --- ring and wheel ------------------------------------------------------------------------------------------


def test_ring_spaces_on_the_circle(game: Game) -> None:
    nodes = draw(game, _ring, RingElement, {"type": "ring", "r": 10, "count": 4, "space": 4, "first": 1,
                                            "first_fill": "sun", "fill": "sea", "label_size": 3, "label_fill": "sun"})
    circles = nodes[0::2]
    labels = nodes[1::2]
    assert [(c.cx, c.cy) for c in circles] == [pytest.approx(p) for p in ((30, 35), (40, 45), (30, 55), (20, 45))]
    assert circles[0].r == 2 and circles[0].paint == Paint(fill="#ffcc00", stroke="#000000", width=0.4)
    assert circles[1].paint == Paint(fill="#0000ff", stroke="#000000", width=0.4)
    assert [t.text for t in labels] == ["1", "2", "3", "4"]
    assert (labels[1].x, labels[1].y, labels[1].size, labels[1].fill, labels[1].anchor) == (
        pytest.approx(40), pytest.approx(45 + 3 * 0.36), 3, "#ffcc00", "middle")
    nodes = draw(game, _ring, RingElement, {"type": "ring", "cx": 5, "cy": "10%", "r": 10, "count": 3, "space": 2,
                                            "labels": False, "start": 0, "label_fill": "none"})
    assert [(c.cx, c.cy) for c in nodes] == [pytest.approx((15, 9)), pytest.approx((0, 9 + 5 * R3)),
                                             pytest.approx((0, 9 - 5 * R3))]
    assert all(c.paint == Paint(stroke="#000000", width=0.4) for c in nodes)
    nodes = draw(game, _ring, RingElement, {"type": "ring", "r": 10, "count": 2, "space": 2, "label_fill": "none"})
    assert nodes[1].fill == "#000000" and nodes[1].text == "0"
    r = RingElement.model_validate({"type": "ring", "r": 1, "count": 1, "space": 1})
    assert (r.cx, r.cy, r.start, r.labels, r.first, r.fill, r.first_fill, r.stroke, r.width) == (
        "50%", "50%", -90, True, 0, None, None, "black", 0.4)
    assert (r.label_size, r.label_fill) == ("8pt", "black")
    for bad in (0, 1001):
        with pytest.raises(ValidationError):
            RingElement.model_validate({"type": "ring", "r": 1, "count": bad, "space": 1})
    assert RingElement.model_validate({"type": "ring", "r": 1, "count": 1000, "space": 1}).count == 1000


def test_wheel_segments(game: Game) -> None:
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea", None, "", "sun"],
                                              "stroke": "sun", "width": 1})
    assert len(nodes) == 4
    first = nodes[0]
    assert move_point(first) == pytest.approx((30, 35))  # -90: at the top
    assert first.segments[-2] == ("L", 30, 45) and first.segments[-1] == ("Z",)
    assert first.segments[-3][-2:] == pytest.approx((40, 45))  # a quarter turn clockwise
    assert move_point(nodes[1]) == pytest.approx((40, 45))
    assert [n.paint.fill for n in nodes] == ["#0000ff", None, None, "#ffcc00"]
    assert nodes[0].paint == Paint(fill="#0000ff", stroke="#ffcc00", width=1)
    w = WheelElement.model_validate({"type": "wheel", "r": 1, "fills": [None]})
    assert (w.cx, w.cy, w.inner, w.labels, w.start, w.stroke, w.width, w.label_size) == (
        "50%", "50%", 0, [], -90, "black", 0.3, "7pt")
    with pytest.raises(ValidationError):
        WheelElement.model_validate({"type": "wheel", "r": 1, "fills": []})


def test_wheel_ring_with_a_hole(game: Game) -> None:
    [n, _] = draw(game, _wheel, WheelElement, {"type": "wheel", "cx": 10, "cy": "10%", "r": 10, "inner": 4,
                                               "fills": ["sea", "sun"], "start": 0})
    # out along the outer arc from 0 to 180 degrees, in to the inner circle at 180, back along it to 0
    assert move_point(n) == pytest.approx((20, 9))
    lines = [s for s in n.segments if s[0] == "L"]
    assert lines == [("L", pytest.approx(6), pytest.approx(9))]
    assert n.segments[-2][-2:] == pytest.approx((14, 9)) and n.segments[-1] == ("Z",)
    assert n.segments[1][-2:] != n.segments[-2][-2:]
    # a quarter: the inner arc runs back from 90 to 0 degrees
    n = draw(game, _wheel, WheelElement, {"type": "wheel", "cx": 10, "cy": 20, "r": 10, "inner": 4,
                                          "fills": ["sea"] * 4, "start": 0})[0]
    assert n.segments[-3] == ("L", pytest.approx(10), pytest.approx(24))
    assert n.segments[-2][-2:] == pytest.approx((14, 20))


def test_wheel_labels_outside_each_segment(game: Game) -> None:
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea"] * 4, "start": -135,
                                              "labels": ["N", "E", "{1 + 1}", "W", "extra"], "label_size": 2,
                                              "stroke": "sea"})
    texts = nodes[4:]
    assert [t.text for t in texts] == ["N", "E", "2", "W"]
    n, e, s, w = texts
    gap = 1.2
    assert (n.x, n.y, n.anchor) == (pytest.approx(30), pytest.approx(45 - 10 - gap + 0.7 - 0.9), "middle")
    assert (e.x, e.y, e.anchor) == (pytest.approx(40 + gap), pytest.approx(45 + 0.7), "start")
    assert (s.x, s.y, s.anchor) == (pytest.approx(30), pytest.approx(45 + 10 + gap + 0.7 + 0.9), "middle")
    assert (w.x, w.y, w.anchor) == (pytest.approx(20 - gap), pytest.approx(45 + 0.7), "end")
    assert (n.size, n.fill, n.font) == (2, "#0000ff", "regular")
    # no outline colour: black labels
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea"], "labels": ["a"],
                                              "stroke": "none"})
    assert nodes[1].fill == "#000000"
    # a segment centred at 60 degrees: cos 0.5, a label starting there; at 110, cos -0.34, ending there
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea", "sea"], "labels": ["a", "b"],
                                              "start": 45, "label_size": 2})
    assert nodes[2].anchor == "end" and nodes[3].anchor == "start"
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea"] * 36, "labels": ["a"] * 36,
                                              "start": -5, "label_size": 2})
    anchors = [t.anchor for t in nodes[36:]]
    # mids at 0, 10, ..., 350: cos > 0.3 up to 70 and from 290, below -0.3 from 110 to 250
    assert anchors[7] == "start" and anchors[8] == "middle" and anchors[10] == "middle" and anchors[11] == "end"
    assert anchors[25] == "end" and anchors[26] == "middle" and anchors[29] == "start"


# --- flower and fields ---------------------------------------------------------------------------------------


def flower(**fields: Any) -> dict[str, Any]:
    return {"type": "flower", "spacing": 10, "rings": 1, **fields}


def moves(path: Any) -> int:
    return sum(1 for s in path.segments if s[0] == "M")


def test_flower_of_one_ring(game: Game) -> None:
    nodes = draw(game, _flower, FlowerElement, flower(stroke="sea", width=0.5, edge_width=1, circle_width=0.7,
                                                      circle_dash=[1, 1], circle_stroke="sun"))
    lines, edge, circle = nodes
    assert lines.paint == Paint(stroke="#0000ff", width=0.5) and edge.paint == Paint(stroke="#0000ff", width=1)
    # 7 points, 12 petals and 6 triangles; the arcs between them: each petal's two
    assert moves(lines) == 24
    assert moves(edge) == 1  # one outline: the outer arcs of the six outer petals
    assert isinstance(circle, Circle) and (circle.cx, circle.cy, circle.r) == (30, 45, 10)
    assert circle.paint == Paint(stroke="#ffcc00", width=0.7, dash=(1.0, 1.0))


def test_flower_fills_dots_and_no_circle(game: Game) -> None:
    nodes = draw(game, _flower, FlowerElement, flower(cx=10, cy="10%", background="sun", petal_fill="sea",
                                                      triangle_fill="#00ff00", points=2, point_fill="sea",
                                                      circle=False))
    back, petals, triangles, lines, edge, *dots = nodes
    assert back.paint == Paint(fill="#ffcc00") and back.segments == edge.segments
    assert petals.paint == Paint(fill="#0000ff") and moves(petals) == 12
    assert triangles.paint == Paint(fill="#00ff00") and moves(triangles) == 6
    assert len(dots) == 7 and all(isinstance(d, Circle) and d.r == 1 and d.paint == Paint(fill="#0000ff")
                                  for d in dots)
    got = sorted((round(d.cx, 6), round(d.cy, 6)) for d in dots)
    want = sorted((round(10 + x, 6), round(9 + y, 6)) for x, y in (
        (0, 0), (10, 0), (-10, 0), (5, 5 * R3), (-5, 5 * R3), (5, -5 * R3), (-5, -5 * R3)))
    assert got == want
    # dots 1 mm across are drawn too
    nodes = draw(game, _flower, FlowerElement, flower(points=1, circle=False))
    assert len(nodes) == 9 and nodes[-1].r == 0.5
    # only triangles
    nodes = draw(game, _flower, FlowerElement, flower(triangle_fill="sea", circle=False))
    assert len(nodes) == 3 and moves(nodes[0]) == 6


def test_flower_turned_about_its_centre(game: Game) -> None:
    [g] = draw(game, _flower, FlowerElement, flower(rotate=30))
    assert isinstance(g, Group) and g.transform == pytest.approx(rotate(30, 30, 45))
    assert len(g.children) == 3


def test_flower_goal_marks_clockwise_from_the_right(game: Game) -> None:
    nodes = draw(game, _flower, FlowerElement, flower(goals=4, goal_fills=["sea", "sun"], goal_stroke="sun",
                                                      circle=False))
    marks = nodes[2:]
    assert len(marks) == 6
    centres = [(m.segments[0][1] - 2, m.segments[0][2]) for m in marks]
    want = [(30 + 10 * math.cos(math.radians(a)), 45 + 10 * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    assert centres == [pytest.approx(p) for p in want]
    assert [m.paint.fill for m in marks] == ["#0000ff", "#ffcc00"] * 3
    assert marks[0].paint == Paint(fill="#0000ff", stroke="#ffcc00", width=0.4)
    # a ring: the outer circle of diameter 4 and a hole of diameter 2
    ms = [s for s in marks[0].segments if s[0] == "M"]
    assert ms == [("M", pytest.approx(42), pytest.approx(45)), ("M", pytest.approx(41), pytest.approx(45))]
    assert sum(1 for s in marks[0].segments if s[0] == "Z") == 2
    # turned by 90: the first mark is the one that comes to the right (the one at 300 degrees, now at 30)
    [g] = draw(game, _flower, FlowerElement, flower(goals=4, goal_fills=["sea", "sun", "#00ff00"], circle=False,
                                                    rotate=90))
    marks = g.children[2:]
    first = (marks[0].segments[0][1] - 2, marks[0].segments[0][2])
    assert first == pytest.approx((30 + 5, 45 - 5 * R3))
    assert [m.paint.fill for m in marks] == ["#0000ff", "#ffcc00", "#00ff00"] * 2
    assert marks[0].paint.stroke == "#000000"
    # marks of 1 mm across are drawn too
    nodes = draw(game, _flower, FlowerElement, flower(goals=1, circle=False))
    assert len(nodes) == 8 and next(s for s in nodes[2].segments if s[0] == "M")[1] == pytest.approx(40.5)


def test_flower_refusals(game: Game) -> None:
    p = problem(lambda: draw(game, _flower, FlowerElement, flower(spacing=0)))
    assert p.path == WHERE + ".spacing" and p.expected == "a length greater than 0"
    p = problem(lambda: draw(game, _flower, FlowerElement, flower(spacing=-1)))
    assert p.path == WHERE + ".spacing"
    p = problem(lambda: draw(game, _flower, FlowerElement, flower(rings=0.9)))
    assert p.path == WHERE + ".rings" and p.expected == "a radius of at least 1 spacing (the board has no fields)"
    p = problem(lambda: draw(game, _flower, FlowerElement, flower(rings=1.5, goals=2)))
    assert p.path == WHERE + ".goals" and p.expected.startswith("a `rings` radius with lattice points on the")
    assert len(draw(game, _flower, FlowerElement, flower(rings=1.5))) == 3
    f = FlowerElement.model_validate(flower())
    assert (f.cx, f.cy, f.rotate, f.petal_fill, f.triangle_fill, f.background, f.stroke, f.width) == (
        "50%", "50%", 0, None, None, None, "black", 0.35)
    assert (f.edge_width, f.points, f.point_fill, f.circle, f.circle_stroke, f.circle_width, f.circle_dash) == (
        0.8, 0, "black", True, "black", 0.5, [])
    assert (f.goals, f.goal_fills, f.goal_stroke) == (0, ["white"], "black")
    for bad in ({"rings": 0}, {"rings": 41}, {"goal_fills": []}):
        with pytest.raises(ValidationError):
            FlowerElement.model_validate(flower(**bad))
    assert FlowerElement.model_validate(flower(rings=40)).rings == 40


def test_fields_outline_and_dots(game: Game) -> None:
    text = "0,0-1,0 0,0-0,1-1,0"
    got = draw(game, _fields, FieldsElement, {"type": "fields", "fields": text, "spacing": 10, "fill": "sea",
                                              "opacity": 0.5})
    [fill] = got
    assert fill.paint == Paint(fill="#0000ff", opacity=0.5)
    fs = lattice.parse_fields(text)
    assert fill.segments == tuple(lattice.loops_path(lattice.outline(fs), 10, (30, 45)))
    nodes = draw(game, _fields, FieldsElement, {"type": "fields", "fields": text, "cx": 5, "cy": "10%", "spacing": 10,
                                                "stroke": "sun", "width": 1, "dash": [2, 1], "dots": "sea", "dot": 3})
    fill, line, *dots = nodes
    assert fill.segments == line.segments == tuple(lattice.loops_path(lattice.outline(fs), 10, (5, 9)))
    assert line.paint == Paint(stroke="#ffcc00", width=1, dash=(2.0, 1.0))
    peaks = lattice.peaks(fs)
    assert len(dots) == len(peaks) == 5
    for d, (p, f) in zip(dots, peaks, strict=True):
        x, y = lattice.peak_position(p, f, 10)
        assert (d.cx, d.cy, d.r) == (pytest.approx(x + 5), pytest.approx(y + 9), 1.5)
        assert d.paint == Paint(fill="#0000ff")
    f = FieldsElement.model_validate({"type": "fields", "fields": "x", "spacing": 1})
    assert (f.cx, f.cy, f.fill, f.opacity, f.stroke, f.width, f.dash, f.dots, f.dot) == (
        "50%", "50%", "black", 1.0, None, 0.5, [], None, 2.0)
    for bad in (-0.1, 1.1):
        with pytest.raises(ValidationError):
            FieldsElement.model_validate({"type": "fields", "fields": "x", "spacing": 1, "opacity": bad})


def test_fields_refusals(game: Game) -> None:
    p = problem(lambda: draw(game, _fields, FieldsElement, {"type": "fields", "fields": "0,0-9,9", "spacing": 10}))
    assert p.path == WHERE + ".fields" and p.found.startswith('"0,0-9,9"')
    for s in (0, -2):
        p = problem(lambda s=s: draw(game, _fields, FieldsElement, {"type": "fields", "fields": "0,0-1,0",
                                                                    "spacing": s}))
        assert p.path == WHERE + ".spacing" and p.expected == "a length greater than 0"


# --- image --------------------------------------------------------------------------------------------------


def image(**fields: Any) -> dict[str, Any]:
    return {"type": "image", "path": "art/wide.png", **fields}


def test_image_contained_in_its_box(game: Game) -> None:
    [img] = draw(game, _image, ImageElement, image(x=10, y="10%", w=40, h=40))
    assert isinstance(img, Image) and img.format == "png" and img.data == (game.root / "art/wide.png").read_bytes()
    assert (img.x, img.y, img.w, img.h) == (10, 19, 40, 20)  # 2:1 in a square: as wide, centred down
    [img] = draw(game, _image, ImageElement, image())
    assert (img.x, img.y, img.w, img.h) == (0, 30, 60, 30)
    [img] = draw(game, _image, ImageElement, image(w=10, h=40))
    assert (img.x, img.y, img.w, img.h) == (0, 17.5, 10, 5)


def test_image_covering_or_stretched(game: Game) -> None:
    [g] = draw(game, _image, ImageElement, image(x=10, y=5, w=40, h=40, fit="cover"))
    assert isinstance(g, Group) and g.clip == Rect(10, 5, 40, 40)
    [img] = g.children
    assert (img.x, img.y, img.w, img.h) == (-10, 5, 80, 40)
    [img] = draw(game, _image, ImageElement, image(x=10, y=5, w=40, h=40, fit="stretch"))
    assert (img.x, img.y, img.w, img.h) == (10, 5, 40, 40)


def test_svg_art_placed_in_its_box(game: Game) -> None:
    [g] = draw(game, _image, ImageElement, {"type": "image", "path": "tall.svg", "x": 10, "y": 5, "w": 40, "h": 40})
    assert isinstance(g, Group)
    # 10 x 20 art in a 40 x 40 box: 20 wide, centred across
    assert apply(g.transform, 0, 0) == pytest.approx((20, 5)) and apply(g.transform, 10, 20) == pytest.approx((40, 45))
    [g] = draw(game, _image, ImageElement, {"type": "image", "path": "tall.svg", "x": 10, "y": 5, "w": 40, "h": 40,
                                            "fit": "stretch"})
    assert apply(g.transform, 10, 20) == pytest.approx((50, 45))
    im = ImageElement.model_validate(image())
    assert (im.x, im.y, im.w, im.h, im.fit) == (0, 0, "100%", "100%", "contain")


def test_a_missing_image(game: Game) -> None:
    p = problem(lambda: draw(game, _image, ImageElement, image(path="art/{n}.png"), values={"n": "gone"}))
    assert p.path == WHERE + ".path" and "art/gone.png" in p.found
    assert p.file.endswith("/game.toml")


def test_a_missing_image_named_by_a_table_cell(game: Game) -> None:
    el = ImageElement.model_validate(image(path="{row.art}"))
    ctx = ctx_of(game, component="deck", k=1)
    p = problem(lambda: _image(el, ctx, 60, 90, 0))
    assert p.file.endswith("/deck.csv") and p.path == "art" and p.line == 3
    assert p.found.endswith(f", used by {WHERE}.path") and "art/gone.png" in p.found
    [img] = _image(el, ctx_of(game, component="deck", k=0), 60, 90, 0)
    assert isinstance(img, Image)
    # a path not whole from one cell: the element's key, with its variant
    el = ImageElement.model_validate(image(path="{row.art}{row.name}"))
    p = problem(lambda: _image(el, ctx, 60, 90, 0))
    assert p.file.endswith("/game.toml") and p.path.startswith(WHERE + ".path")


# --- repeat ---------------------------------------------------------------------------------------------------


def test_parse_range() -> None:
    assert parse_range("0..3", 1) == [0, 1, 2, 3]
    assert parse_range(" 3 .. -1 ", 1) == [3, 2, 1, 0, -1]
    assert parse_range("+1..7", 3) == [1, 4, 7]
    assert parse_range("7..1", 3) == [7, 4, 1]
    assert parse_range("7..2", 3) == [7, 4]
    assert parse_range("2..7", 3) == [2, 5]
    assert parse_range("5..5", 2) == [5]
    for bad in ("0..", "a..b", "0...3", "0.5..3", "0..3x", "x0..3"):
        with pytest.raises(ValueError) as err:
            parse_range(bad, 1)
        assert str(err.value) == RANGE_EXPECTED
    assert len(parse_range("0..999", 1)) == 1000 and len(parse_range("999..0", 1)) == 1000
    assert len(parse_range("0..1998", 2)) == 1000 and len(parse_range("0..1999", 2)) == 1000
    for bad, step in (("0..1000", 1), ("1000..0", 1), ("0..2000", 2), ("-1000..0", 1)):
        with pytest.raises(ValueError, match="a range of at most 1000 values"):
            parse_range(bad, step)
    assert (MAX_REPEAT, MAX_COPIES, MAX_SHAPES) == (1000, 10_000, 100_000)


CHILD = {"type": "circle", "cx": "{i * 10}", "cy": 5, "r": 1}


def rep(**fields: Any) -> dict[str, Any]:
    return {"type": "repeat", "elements": [CHILD], **fields}


def test_repeat_model() -> None:
    r = RepeatElement.model_validate(rep(count=2))
    assert (r.set, r.range, r.step, r.var, r.dx, r.dy) == (None, None, 1, "i", 0, 0)
    for ok in (0, 1000, "{n}"):
        assert RepeatElement.model_validate(rep(count=ok)).count == ok
    for bad, msg in ((-1, "from 0 to 1000"), (1001, "from 0 to 1000"),
                     ("3", "a whole number, or a template")):
        with pytest.raises(ValidationError, match=msg):
            RepeatElement.model_validate(rep(count=bad))
    for ok in ("j", "_a1", "a" * 32):
        assert RepeatElement.model_validate(rep(count=1, var=ok)).var == ok
    for bad in ("A", "1a", "a-b", "a" * 33, ""):
        with pytest.raises(ValidationError, match="a name of lowercase letters"):
            RepeatElement.model_validate(rep(count=1, var=bad))
    with pytest.raises(ValidationError, match=r"exactly one of `set`, `count` or `range` \(found none\)"):
        RepeatElement.model_validate(rep())
    with pytest.raises(ValidationError, match=r"\(found set, count\)"):
        RepeatElement.model_validate(rep(set="suits", count=1))
    with pytest.raises(ValidationError, match=r"\(found count, range\)"):
        RepeatElement.model_validate(rep(count=1, range="0..1"))
    with pytest.raises(ValidationError, match="a range of whole numbers"):
        RepeatElement.model_validate(rep(range="0..x"))
    with pytest.raises(ValidationError, match="a range of at most 1000"):
        RepeatElement.model_validate(rep(range="0..2000", step=2))
    assert RepeatElement.model_validate(rep(range="0..1998", step=2)).step == 2
    assert RepeatElement.model_validate(rep(range="0..{n}")).range == "0..{n}"
    for bad in (0, 1001, 1.0, "2"):
        with pytest.raises(ValidationError):
            RepeatElement.model_validate(rep(range="0..1", step=bad))
    assert RepeatElement.model_validate(rep(range="0..1", step=1000)).step == 1000
    with pytest.raises(ValidationError):
        RepeatElement.model_validate({"type": "repeat", "count": 1, "elements": []})


def test_static_copies() -> None:
    sets = {"suits": [1, 2, 3], "empty": []}
    for fields, n in (({"set": "suits"}, 3), ({"set": "empty"}, 0), ({"set": "gone"}, 0), ({"count": 7}, 7),
                      ({"count": 0}, 0), ({"count": "{n}"}, 1), ({"range": "1..4"}, 4), ({"range": "1..9", "step": 4}, 3),
                      ({"range": "1..{n}"}, 1)):
        assert static_copies(RepeatElement.model_validate(rep(**fields)), sets) == n


def test_copies_and_their_values(game: Game) -> None:
    ctx = ctx_of(game, {"n": 3})
    key, copies = _copies(RepeatElement.model_validate(rep(set="suits", var="k")), ctx)
    assert key == "set" and [c["k"] for c in copies] == [0, 1] and [c["suits"]["name"] for c in copies] == [
        "hearts", "spades"]
    assert _copies(RepeatElement.model_validate(rep(count="{n}")), ctx) == ("count", [{"i": 0}, {"i": 1}, {"i": 2}])
    assert _copies(RepeatElement.model_validate(rep(count=0)), ctx) == ("count", [])
    assert _copies(RepeatElement.model_validate(rep(range="{n}..1", var="j")), ctx) == (
        "range", [{"j": 3}, {"j": 2}, {"j": 1}])
    p = problem(lambda: _copies(RepeatElement.model_validate(rep(set="suit")), ctx))
    assert p.path == WHERE + ".set" and p.expected == "a set defined under [sets] (none, suits)"
    assert p.found.startswith('"suit"') and "suits" in p.found
    for n in (-1, 2.5, 1001):
        p = problem(lambda n=n: _copies(RepeatElement.model_validate(rep(count="{n}")), ctx_of(game, {"n": n})))
        assert p.path == WHERE + ".count" and p.expected == "a whole number of copies from 0 to 1000"
    assert len(_copies(RepeatElement.model_validate(rep(count="{n}")), ctx_of(game, {"n": 1000}))[1]) == 1000
    p = problem(lambda: _copies(RepeatElement.model_validate(rep(range="0..{n}")), ctx_of(game, {"n": "x"})))
    assert p.path == WHERE + ".range" and p.expected == RANGE_EXPECTED and p.found == '"0..x"'


def test_shapes_counted_through_groups() -> None:
    c = Circle(0, 0, 1)
    assert _shapes([c, Group((c, Group((c, c)))), Group(())]) == 4
    assert _shapes(()) == 0


def test_repeat_drawn_copy_by_copy(game: Game) -> None:
    nodes = draw(game, _repeat, RepeatElement, rep(count=3, dx=2, dy="1mm"))
    assert len(nodes) == 3
    assert [n.transform for n in nodes] == [pytest.approx((1, 0, 0, 1, 2 * i, i)) for i in range(3)]
    assert [n.children[0].cx for n in nodes] == [0, 10, 20]
    # the copies' own values: index from 1 and their number
    nodes = draw(game, _repeat, RepeatElement, {
        "type": "repeat", "set": "suits", "var": "k", "elements": [
            {"type": "circle", "cx": "{repeat.index * 10 + k}", "cy": "{repeat.count}", "r": 1},
            {"type": "rect", "x": 0, "y": 0, "w": 1, "h": 1}]})
    assert [(n.children[0].cx, n.children[0].cy) for n in nodes] == [(10, 2), (21, 2)]
    assert [len(n.children) for n in nodes] == [2, 2] and all(n.transform == pytest.approx((1, 0, 0, 1, 0, 0))
                                                              for n in nodes)


def test_a_child_error_names_its_place_in_the_repeat(game: Game) -> None:
    p = problem(lambda: draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 2, "elements": [
        CHILD, {"type": "circle", "r": "{i + 'x'}"}]}))
    assert p.path.startswith(WHERE + ".elements[1].r")


def test_an_empty_copy_is_left_out(game: Game) -> None:
    nodes = draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 3, "elements": [
        {"type": "repeat", "var": "j", "count": "{i}", "elements": [{"type": "circle", "cx": "{j}", "r": 1}]}]})
    assert len(nodes) == 2 and nodes[0].transform == pytest.approx((1, 0, 0, 1, 0, 0))
    assert [len(n.children) for n in nodes] == [1, 2]
    assert draw(game, _repeat, RepeatElement, rep(count=0)) == []


def test_each_copy_turned_with_its_own_values(game: Game) -> None:
    nodes = draw(game, _repeat, RepeatElement, rep(count=2, transform={"rotate": "{i * 90}", "origin": [0, 0]}))
    turned = nodes[1].children[0]
    assert isinstance(turned, Group) and turned.transform == pytest.approx(rotate(90, 0, 0))
    first = nodes[0].children[0]
    assert isinstance(first, Circle) or (isinstance(first, Group) and first.transform == pytest.approx(rotate(0)))


def test_copies_nested_and_multiplied_within_the_limit(game: Game) -> None:
    dot = [{"type": "circle", "r": 1}]
    assert len(draw(game, _repeat, RepeatElement, rep(count=1000, elements=dot), values={"_copies": 10})) == 1000
    p = problem(lambda: draw(game, _repeat, RepeatElement, rep(count=1000, elements=dot), values={"_copies": 11}))
    assert p.path == WHERE + ".count" and p.expected == (
        "at most 10000 copies in one face, nested repeats multiplied (a limit that refuses runaway loops; this makes "
        "11000)")
    p = problem(lambda: draw(game, _repeat, RepeatElement, rep(range="1..101"), values={"_copies": 100}))
    assert p.path == WHERE + ".range" and p.found == '"1..101"'
    # the inner repeat sees the copies multiplied
    p = problem(lambda: draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 101, "elements": [
        {"type": "repeat", "var": "j", "count": 100, "elements": [CHILD]}]}))
    assert p.path == WHERE + ".elements[0].count" and p.expected.endswith("this makes 10100)")
    # and so does the copy's own drawing
    nodes = draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 2, "elements": [
        {"type": "text", "text": "{_copies}"}]}, values={"_copies": 3})
    assert [n.children[0].text for n in nodes] == ["6", "6"]


def test_at_most_max_shapes_in_one_repeat(game: Game) -> None:
    row = " ".join(f"{c},0" for c in range(100))
    grid = {"type": "polyform", "cells": row, "cell": 1, "grid_cols": 99, "grid_rows": 100}  # 9900 + 100 shapes
    assert len(draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 10, "elements": [grid]})) == 10
    p = problem(lambda: draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 11, "elements": [grid]}))
    assert p.path == WHERE + ".count" and p.expected == (
        "a repeat drawing at most 100000 shapes in one face (a limit that refuses runaway output)")
    assert p.found == "11"
    # one shape over: ten copies of 10000 and one of a single circle
    p = problem(lambda: draw(game, _repeat, RepeatElement, {"type": "repeat", "count": 11, "elements": [
        {**grid, "when": "{i < 10}"}, {"type": "circle", "r": 1, "when": "{i == 10}"}]}))
    assert p.path == WHERE + ".count"


# --- group ------------------------------------------------------------------------------------------------------


def test_group_draws_its_children_in_order(game: Game) -> None:
    nodes = draw(game, _group, GroupElement, {"type": "group", "elements": [
        {"type": "circle", "r": 1}, {"type": "rect", "x": 1, "w": 2}]})
    assert isinstance(nodes[0], Circle) and isinstance(nodes[1], Rect) and len(nodes) == 2
    p = problem(lambda: draw(game, _group, GroupElement, {"type": "group", "elements": [
        {"type": "circle", "r": 1}, {"type": "circle", "r": "{x}"}]}))
    assert p.path.startswith(WHERE + ".elements[1].r")
    with pytest.raises(ValidationError):
        GroupElement.model_validate({"type": "group", "elements": []})


# --- added after the mutation run's survivors ----------------------------------------------------------------


def test_clip_line_in_a_box_away_from_the_origin_and_of_no_width() -> None:
    assert seg(clip_line(3, 10, 90, (0.0, 5.0, 10.0, 20.0))) == pytest.approx((3, 20, 3, 5))
    assert seg(clip_line(3, 10, 0, (2.0, 5.0, 10.0, 20.0))) == pytest.approx((2, 10, 10, 10))
    # a box of no width across the line's way: the line meets it in one point
    assert seg(clip_line(5, 0, 0, (5.0, 0.0, 5.0, 10.0))) == pytest.approx((5, 0, 5, 0))


def test_fields_of_spacing_1(game: Game) -> None:
    [fill] = draw(game, _fields, FieldsElement, {"type": "fields", "fields": "0,0-1,0", "spacing": 1})
    fs = lattice.parse_fields("0,0-1,0")
    assert fill.segments == tuple(lattice.loops_path(lattice.outline(fs), 1, (30, 45)))


def test_polyform_two_spare_columns(game: Game) -> None:
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "0,0 1,0", "cell": 10,
                                                    "grid_cols": 4, "grid_rows": 1})
    assert [(r.x, r.y) for r in nodes[4:]] == [(10, 0), (20, 0)]


def test_wheel_inner_radius_of_1_or_below_0(game: Game) -> None:
    [n] = draw(game, _wheel, WheelElement, {"type": "wheel", "cx": 10, "cy": 20, "r": 10, "inner": 1,
                                            "fills": ["sea"], "start": 0})
    assert n.segments[-2][-2:] == pytest.approx((11, 20))  # back round the hole of radius 1
    [n] = draw(game, _wheel, WheelElement, {"type": "wheel", "cx": 10, "cy": 20, "r": 10, "inner": -2,
                                            "fills": ["sea"], "start": 0})
    assert n.segments[-2] == ("L", 10, 20)  # a pie


def test_goal_rings_close_on_their_start(game: Game) -> None:
    nodes = draw(game, _flower, FlowerElement, flower(goals=4, circle=False))
    segs = nodes[2].segments
    z = [i for i, s in enumerate(segs) if s[0] == "Z"]
    assert segs[z[0] - 1][-2:] == pytest.approx(segs[0][1:])
    assert segs[z[1] - 1][-2:] == pytest.approx(segs[z[0] + 1][1:])


def test_wheel_label_heights_by_anchor(game: Game) -> None:
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea"] * 36, "labels": ["a"] * 36,
                                              "start": -5, "label_size": 2})
    labels = nodes[36:]
    for k in (3, 8):  # mids at 30 degrees (a label starting there) and 80 (centred over it)
        a = math.radians(k * 10)
        y = 45 + (10 + 1.2) * math.sin(a) + 0.7 + (0.9 * math.sin(a) if k == 8 else 0.0)
        assert labels[k].y == pytest.approx(y)
    assert labels[3].anchor == "start" and labels[8].anchor == "middle"


def test_a_group_of_one_and_frozen_element_types(game: Game) -> None:
    [c] = draw(game, _group, GroupElement, {"type": "group", "elements": [{"type": "circle", "r": 1}]})
    assert isinstance(c, Circle)
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        ELEMENT_TYPES["rect"].name = "x"  # type: ignore[misc]


def test_lanes_grid_bounds() -> None:
    assert LanesElement.model_validate(lanes_el(lanes=["row1"], cols=100)).cols == 100
    for bad in ({"rows": 101}, {"cols": 0}):
        with pytest.raises(ValidationError):
            LanesElement.model_validate(lanes_el(lanes=["row1"], **bad))


def test_flower_of_spacing_1_and_no_goals_below_0(game: Game) -> None:
    lines, edge, circle = draw(game, _flower, FlowerElement, flower(spacing=1))
    assert circle.r == 1
    assert len(draw(game, _flower, FlowerElement, flower(goals=-1))) == 3


def test_polyform_centred_down_with_three_spare_rows(game: Game) -> None:
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "0,0 1,0", "cell": 10,
                                                    "grid_cols": 2, "grid_rows": 4})
    assert [(r.x, r.y) for r in nodes[8:]] == [(0, 10), (10, 10)]


def test_polyform_cells_left_to_right_along_a_row(game: Game) -> None:
    nodes = draw(game, _polyform, PolyformElement, {"type": "polyform", "cells": "0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0",
                                                    "cell": 1})
    assert [r.x for r in nodes] == [0, 1, 2, 3, 4, 5, 6, 7]


# --- added after the rest of the run (the 381 mutants it had not reached) ------------------------------------


def test_wheel_labels_ending_below_and_above_the_centre(game: Game) -> None:
    nodes = draw(game, _wheel, WheelElement, {"type": "wheel", "r": 10, "fills": ["sea"] * 36, "labels": ["a"] * 36,
                                              "start": -5, "label_size": 2})
    labels = nodes[36:]
    for k in (15, 21):  # mids at 150 and 210 degrees: labels ending there, no lift by the sine
        a = math.radians(k * 10)
        assert labels[k].anchor == "end"
        assert labels[k].y == pytest.approx(45 + (10 + 1.2) * math.sin(a) + 0.7)


def test_ring_spaces_of_a_diameter_other_than_4(game: Game) -> None:
    nodes = draw(game, _ring, RingElement, {"type": "ring", "r": 10, "count": 2, "space": 5, "labels": False})
    assert [c.r for c in nodes] == [2.5, 2.5]


def test_flower_no_dots_below_0(game: Game) -> None:
    nodes = draw(game, _flower, FlowerElement, flower(points=-1))
    assert len(nodes) == 3 and not any(isinstance(n, Circle) and n.r != 10 for n in nodes)


def test_goal_marks_turned_just_short_of_a_whole_turn(game: Game) -> None:
    # turned by 359.5: the mark at 0 degrees comes to 359.5, the last clockwise from the right; the one at 60
    # degrees comes to 59.5 and is first
    [g] = draw(game, _flower, FlowerElement, flower(goals=4, goal_fills=["sea", "sun", "#00ff00", "red", "gold",
                                                                        "sky"], circle=False, rotate=359.5))
    marks = g.children[2:]
    centres = [(m.segments[0][1] - 2, m.segments[0][2]) for m in marks]
    assert centres[0] == pytest.approx((30 + 5, 45 + 5 * R3))
    assert centres[-1] == pytest.approx((40, 45))
    # turned by 360.5: the mark at 0 degrees comes to 0.5, the first
    [g] = draw(game, _flower, FlowerElement, flower(goals=4, goal_fills=["sea"], circle=False, rotate=360.5))
    centres = [(m.segments[0][1] - 2, m.segments[0][2]) for m in g.children[2:]]
    assert centres[:2] == [pytest.approx((40, 45)), pytest.approx((30 + 5, 45 + 5 * R3))]


def test_a_repeat_step_of_1_given() -> None:
    r = RepeatElement.model_validate(rep(range="3..5", step=1))
    assert r.step == 1 and parse_range(r.range or "", r.step) == [3, 4, 5]


def test_a_range_across_0_counted_end_to_end() -> None:
    # -600..500 holds 1101 values (the two ends' distance plus one), too many
    for bad in ("-600..500", "500..-600"):
        with pytest.raises(ValueError, match="a range of at most 1000 values"):
            parse_range(bad, 1)
    assert len(parse_range("-500..499", 1)) == 1000


def test_diagonal_lanes_refused_on_a_grid_taller_than_wide() -> None:
    for name in ("diag", "anti"):
        with pytest.raises(ValueError, match="a square grid for diagonal lanes"):
            lane_cells(name, 4, 3, 1)
