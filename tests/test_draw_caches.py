"""What drawing remembers between pieces (parsed lengths, colour names, templates, wrapped text,
grid cells) never mixes up two pieces, and a bad value still fails with its own key and line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printkit import build
from printkit.drawing import Group, Rect, Text, Use
from printkit.errors import DataError
from printkit.faces import _fit, draw_element, resolve_layout, text_block
from printkit.game import DrawContext, Game
from printkit.layout import Placement
from printkit.load import load_game
from printkit.units import UnitError, parse_text

GAME = """\
[game]
title = "Caches"

[palette]
black = "#101010"
paper = "#FBF8F0"

[layouts.face]
background = "paper"
elements = [
  ELEMENTS
]

[layouts.back]
background = "black"
elements = [{ type = "rect", x = 2, y = 2, w = 10, h = 10, stroke = "#ABCDEF" }]

[[components]]
id = "card"
kind = "card"
width = 40
height = 60
table = "cards.csv"
face = "face"
back = "back"
"""

ROWS = "name,title,colour,x\na,Alpha,#FF0000,5\nb,Beta,paper,12mm\nc,Gamma,black,50%\n"

GOOD = """\
  { type = "rect", x = "{row.x}", y = 4, w = "50%", h = "25%", r = 1, stroke = "{row.colour}", width = "1pt" },
  { type = "text", text = "{row.title}: {row.name}", x = 2, y = 30, w = "90%", size = "9pt" },
  { type = "rect", x = "50%", y = "50%", w = 3, h = 3, fill = "black" },"""


def load(tmp_path: Path, elements: str = GOOD, rows: str = ROWS) -> Game:
    folder = tmp_path / "g"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(GAME.replace("ELEMENTS", elements), encoding="utf-8")
    (folder / "cards.csv").write_text(rows, encoding="utf-8")
    return load_game(folder)


def test_pieces_with_different_templated_values_differ(tmp_path: Path) -> None:
    kit = build.draw(load(tmp_path))
    faces = [kit.faces[f"card-{k}"].children for k in "abc"]
    frames = [f[1] for f in faces]
    assert all(isinstance(r, Rect) for r in frames)
    # x: a number, a length with a unit, a percentage of the width (40 mm), each converted for its own card
    assert [r.x for r in frames] == [5.0, 12.0, 20.0]  # type: ignore[union-attr]
    # stroke: a #rrggbb (lower-cased), a palette name, a palette name that shadows the built-in black
    assert [r.paint.stroke for r in frames] == ["#ff0000", "#fbf8f0", "#101010"]  # type: ignore[union-attr]
    assert [[t.text for t in f if isinstance(t, Text)] for f in faces] == [["Alpha: a"], ["Beta: b"], ["Gamma: c"]]
    # the plain values are the same on every card
    assert len({(f[0], f[3]) for f in faces}) == 1
    assert faces[0][3] == Rect(20.0, 30.0, 3.0, 3.0, faces[0][3].paint)  # type: ignore[union-attr]


def test_a_text_box_is_worked_out_again_where_templated_or_on_another_size(tmp_path: Path) -> None:
    texts = """\
  { type = "text", text = "{row.name}", x = "{row.x}", y = 30, w = 10, size = "9pt", fill = "{row.colour}" },
  { type = "text", text = "{row.name}", x = 2, y = 40, w = "50%", size = "9pt", align = "center" },"""
    game = load(tmp_path, texts)
    kit = build.draw(game)
    faces = [[t for t in kit.faces[f"card-{k}"].children if isinstance(t, Text)] for k in "abc"]
    assert [f[0].x for f in faces] == [5.0, 12.0, 20.0]
    assert [f[0].fill for f in faces] == ["#ff0000", "#fbf8f0", "#101010"]
    assert [f[1].x for f in faces] == [12.0] * 3  # 2 + half of 50 % of 40 mm
    _, element = resolve_layout(game, "face")[1][1]
    ctx = DrawContext(game, game.variants["card"][0], "here")
    assert [t.x for t in draw_element(element, ctx, 80.0, 60.0, 0.0)] == [22.0]  # half of 50 % of 80 mm


def test_a_bad_plain_value_fails_with_its_key_on_every_piece(tmp_path: Path) -> None:
    # "50%" is a fine x (a percentage of the width, remembered once parsed) but no corner radius:
    # the cache must not answer for a value without an extent.
    game = load(tmp_path, '  { type = "rect", x = "50%", y = 0, w = 5, h = 5, r = "50%" },')
    with pytest.raises(DataError) as err:
        build.draw(game)
    (problem,) = err.value.problems
    assert problem.path == "layouts.face.elements[0].r (variant a)"
    assert problem.expected == "a length such as 63mm, 2.5in or 9pt"
    assert problem.found == '"50%"'
    assert problem.line == 11
    # the same again, now that every good value is remembered
    with pytest.raises(DataError) as again:
        build.draw(game)
    assert again.value.problems == err.value.problems


def test_a_bad_templated_value_on_one_piece_names_that_piece(tmp_path: Path) -> None:
    game = load(tmp_path, rows=ROWS.replace("c,Gamma,black,50%", "c,Gamma,navy,50%"))
    with pytest.raises(DataError) as err:
        build.draw(game)
    (problem,) = err.value.problems
    # the value came whole from a cell of the table: the cell is what needs fixing, so it is named
    assert problem.file.endswith("cards.csv") and problem.path == "colour" and problem.line == 4
    assert problem.found == '"navy", used by layouts.face.elements[0].stroke'
    assert problem.expected.startswith("a palette colour (black, paper, white)")


def test_first_unknown_template_field_is_the_one_reported(tmp_path: Path) -> None:
    game = load(tmp_path, '  { type = "text", text = "{row.title} {component.nope} {component.gone}", x = 2, y = 2, w = 20 },')
    with pytest.raises(DataError) as err:
        build.draw(game)
    assert err.value.problems[0].found == '"{component.nope}"'


def test_lengths_keep_types_apart(tmp_path: Path) -> None:
    game = load(tmp_path)
    ctx = DrawContext(game, game.variants["card"][0], "here")
    assert ctx.length(1, "k") == 1.0 and ctx.length("1", "k") == 1.0
    with pytest.raises(DataError):
        ctx.length(True, "k")  # equal to 1 for a dict, but no length
    assert ctx.length("50%", "k", 40.0) == 20.0 and ctx.length("50%", "k", 60.0) == 30.0
    with pytest.raises(DataError):
        ctx.length("50%", "k")
    with pytest.raises(DataError):
        ctx.length(float("inf"), "k")
    with pytest.raises(UnitError):
        parse_text("4qq", None)
    with pytest.raises(UnitError):  # a failure is not remembered as a value
        parse_text("4qq", None)


def test_colours_remembered_per_game(tmp_path: Path) -> None:
    game = load(tmp_path)
    ctx = DrawContext(game, game.variants["card"][0], "here")
    assert ctx.colour("#ABCDEF", "k") == "#abcdef" and ctx.colour("#ABCDEF", "k") == "#abcdef"
    assert ctx.colour("white", "k") == "#ffffff" and ctx.colour("black", "k") == "#101010"
    assert ctx.colour("none", "k") is None
    with pytest.raises(DataError):
        ctx.colour("#ABCDEG", "k")
    other = load(tmp_path / "other")  # another game: its own table, built from its own palette
    other.data.palette.clear()
    other.cache.clear()
    assert DrawContext(other, other.variants["card"][0], "here").colour("black", "k") == "#000000"


def test_wrapped_text_depends_on_its_box() -> None:
    text = "A sentence long enough to wrap in a narrow box"
    wide = text_block(text, 0, 0, 200, None, 4.0)
    narrow = text_block(text, 0, 0, 20, None, 4.0)
    assert len(wide) == 1 and len(narrow) > 1
    assert text_block(text, 0, 0, 20, None, 4.0) == narrow
    moved = text_block(text, 5, 7, 20, None, 4.0)
    assert [(t.x, t.y) for t in moved] == [(t.x + 5, pytest.approx(t.y + 7)) for t in narrow]
    lines, size = _fit(text, "regular", 4.0, 20, 8, 1.2)  # too tall for 8 mm: shrinks
    assert size < 4.0 and [t.text for t in text_block(text, 0, 0, 20, 8, 4.0)] == list(lines)


def test_on_page_keeps_every_other_field() -> None:
    p = Placement("c", "c-a", "back", 0, 1.5, 2.5, 3.0, 4.0, copy=3, rotated=True, region=(1.0, 2.0, 3.0, 4.0))
    assert p.on_page(7) == replace(p, page=7)


def test_grid_cells_share_the_back_but_not_the_faces(tmp_path: Path) -> None:
    game = load(tmp_path)
    kit = build.draw(game)
    sheets = build.layout(kit, build.paper_for(game, "a4"), "long")["cards"]
    front, back = sheets[0].drawing.children, sheets[1].drawing.children
    fronts = [g for g in front if isinstance(g, Group)]
    backs = [g for g in back if isinstance(g, Group)]
    assert [g.children[0].ref for g in fronts] == ["card-a", "card-b", "card-c"]  # type: ignore[union-attr]
    assert {g.children[0].ref for g in backs} == {"card-back"}  # type: ignore[union-attr]
    # a back sits behind its own face: mirrored across the page, same row
    for f, b in zip(fronts, backs, strict=True):
        fx, bx = f.children[0].transform[4], b.children[0].transform[4]  # type: ignore[union-attr]
        assert fx + 40 + bx == pytest.approx(sheets[0].drawing.width)
        assert isinstance(f.children[0], Use) and f.clip is not None
    assert [p.page for s in sheets for p in s.placements] == [1, 1, 1, 2, 2, 2]


def test_an_element_drawn_once_per_distinct_template_values(tmp_path: Path) -> None:
    rows = "name,title,colour,x\na,Same,#FF0000,5\nb,Same,#ff0000,5\nc,Same,#FF0000,5\nd,Same,#FF0000,6\n"
    kit = build.draw(load(tmp_path, rows=rows))
    frames = [kit.faces[f"card-{k}"].children[1] for k in "abcd"]
    assert frames[0] is frames[2]  # same values: the very same (immutable) node
    assert frames[1] is not frames[0] and frames[1] == frames[0]  # other text, same colour once converted
    assert frames[3].x == 6.0 and frames[0].x == 5.0  # type: ignore[union-attr]


def test_element_memo_tells_value_types_apart(tmp_path: Path) -> None:
    from printkit.faces import draw_element
    from printkit.game import Variant
    from printkit.model import TextElement

    game = load(tmp_path)
    el = TextElement(type="text", text="{row.v}", w=30)
    texts = []
    for v in (1, 1.0, True, 0.0, -0.0, 1):
        ctx = DrawContext(game, Variant("k", {"row": {"v": v}}, 1), "layouts.x.elements[0]")
        texts.append(draw_element(el, ctx, 40, 60, 0)[0].text)  # type: ignore[union-attr]
    assert texts == ["1", "1.0", "True", "0.0", "-0.0", "1"]


def test_many_distinct_values_are_all_drawn_right(tmp_path: Path) -> None:
    # More distinct titles than an element remembers: every card still gets its own.
    rows = "name,title,colour,x\n" + "".join(f"c{i},Title {i},#FF0000,5\n" for i in range(100))
    kit = build.draw(load(tmp_path, rows=rows))
    titles = [next(t.text for t in kit.faces[f"card-c{i}"].children if isinstance(t, Text)) for i in range(100)]
    assert titles == [f"Title {i}: c{i}" for i in range(100)]
    assert kit.faces["card-c0"].children[1] is kit.faces["card-c99"].children[1]  # the frame: one drawing
