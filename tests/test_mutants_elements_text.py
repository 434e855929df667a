"""The text element (``printkit/elements/text.py``; the mutation target ``elements-text``), in-process: one tiny
game loaded once, elements validated and drawn directly.

Expectations are worked out here from the font's advances (``unit_width``: a glyph run's width at size 1, which
scales linearly with the size) and the rules written in the element's documentation: a line's baseline 0.8 of its
size below its top, lines ``leading`` x size apart, the box shrunk by 0.92 a step down to its smallest size, the
anchor and the left edge of each alignment, an icon 0.9 of its text's size tall and centred 0.36 of the size above
the baseline.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import game_from
from pydantic import ValidationError

from printkit.drawing import Group, Note, Paint, Rect, Text, rotate
from printkit.elements import ELEMENT_TYPES
from printkit.elements.text import (
    EDGE,
    MAX_CHARS,
    MIN_TEXT,
    TextElement,
    _broken,
    _family,
    _fit,
    _fit_cached,
    _line_nodes,
    _off_trim,
    _pt,
    _scaled,
    _style,
    _text,
    fit_text,
    resolve,
    rich_block,
    style_name,
    text_block,
)
from printkit.errors import DataError
from printkit.game import DrawContext, Game
from printkit.render.fonts import text_width, unit_width
from printkit.richtext import Atom, Break, Bullet, IconArt, Line, Style, parse

WHERE = "layouts.face.elements[0]"
PT = 25.4 / 72

GAME = """
[game]
title = "Text"
[palette]
sea = "#0000ff"
[layouts.face]
elements = [{ type = "text", text = "x" }]
[[components]]
id = "card"
kind = "card"
width = 60
height = 90
face = "face"
"""


def square_icon(x: float, top: float, h: float, fill: str) -> list[Any]:
    return [Rect(x, top, h, h, Paint(fill=fill))]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    g = game_from(tmp_path_factory.mktemp("text") / "g", GAME)
    # a family whose styles are the built-in fonts in another order: which key a style picks shows in the nodes
    g.families["odd"] = {"regular": "bold", "bold": "italic", "italic": "bold_italic", "bold_italic": "regular"}
    g.icons["sq"] = IconArt("sq", 1.0, square_icon)
    g.icons["wide"] = IconArt("wide", 2.0, square_icon)
    return g


def ctx_of(game: Game, on_piece: bool = False) -> DrawContext:
    ctx = DrawContext(game, game.variants["card"][0], WHERE)
    ctx.on_piece = on_piece
    return ctx


def el(**fields: Any) -> TextElement:
    return TextElement.model_validate({"type": "text", "text": "Hi", **fields})


def draw(game: Game, pw: float = 60, ph: float = 90, on_piece: bool = False, **fields: Any) -> list[Any]:
    return _text(el(**fields), ctx_of(game, on_piece), pw, ph, 0)


def problem(game: Game, **fields: Any) -> Any:
    with pytest.raises(DataError) as err:
        draw(game, **fields)
    [p] = err.value.problems
    return p


def uw(text: str, font: str = "regular") -> float:
    return unit_width(text, font)


def note_of(nodes: list[Any]) -> str:
    [g] = nodes
    assert isinstance(g, Group) and isinstance(g.note, Note)
    assert g.note.element == WHERE
    return g.note.problem


# --- the model ----------------------------------------------------------------------------------


def test_defaults() -> None:
    e = TextElement.model_validate({"type": "text", "text": "a"})
    assert (e.x, e.y, e.w, e.h, e.size, e.min_size, e.font) == (0, 0, "100%", None, "9pt", None, None)
    assert (e.bold, e.italic, e.align, e.valign, e.fill, e.rotate, e.leading) == (
        False, False, "left", "top", "black", 0, 1.2)


def test_leading_above_0_and_at_most_10() -> None:
    assert el(leading=10).leading == 10 and el(leading=0.01).leading == 0.01
    for bad in (0, -1, 10.01):
        with pytest.raises(ValidationError):
            el(leading=bad)


def test_constants() -> None:
    assert MIN_TEXT == pytest.approx(4 * PT)
    assert MAX_CHARS == 20_000
    assert EDGE == 0.05


def test_registered_with_its_example() -> None:
    t = ELEMENT_TYPES["text"]
    assert t.name == "text" and t.model is TextElement and t.draw is _text and t.memo is True
    assert t.example.startswith('{ type = "text", text = "Gain **2** :star:')


def test_style_name() -> None:
    assert style_name(False, False) == "regular"
    assert style_name(True, False) == "bold"
    assert style_name(False, True) == "italic"
    assert style_name(True, True) == "bold_italic"


def test_pt_and_broken() -> None:
    assert _pt(25.4) == "72.0pt" and _pt(MIN_TEXT) == "4.0pt" and _pt(1.0) == "2.8pt"
    assert _broken(("a",)) == 'has a word wider than its box, broken between letters: "a"'
    assert _broken(("a", "b", "c", "d")).endswith(': "a", "b", "c"')


# --- plain text: fitting ----------------------------------------------------------------------


def test_fit_text_one_line_at_its_size() -> None:
    lines, size, widest, broken, widths = fit_text("Hello world", "regular", 4.0, 100, None, 1.2)
    assert lines == ("Hello world",) and size == 4.0 and broken == ()
    assert widths == (pytest.approx(uw("Hello world") * 4),) and widest == pytest.approx(uw("Hello world") * 4)


def test_fit_text_wraps_between_words_and_keeps_each_width() -> None:
    w = (uw("aaa bbb") * 4 + uw("aaa bbb ccc") * 4) / 2  # room for two words, not three
    lines, size, widest, broken, widths = fit_text("aaa bbb ccc", "regular", 4.0, w, None, 1.2)
    assert lines == ("aaa bbb", "ccc") and size == 4.0
    assert widths == (pytest.approx(uw("aaa bbb") * 4), pytest.approx(uw("ccc") * 4))
    assert widest == pytest.approx(uw("aaa bbb") * 4)


def test_fit_text_shrinks_by_0_92_until_the_block_fits_its_height() -> None:
    # one line at size 10 is 10 tall: a box 8.5 tall takes 10 * 0.92 * 0.92 = 8.464, not 9.2
    lines, size, *_ = fit_text("a", "regular", 10.0, 100, 8.5, 1.2)
    assert lines == ("a",) and size == pytest.approx(10 * 0.92 ** 2)
    # exactly the height fits at once (two lines: 10 * 1.2 + 10 = 22)
    w = uw("a") * 10 * 1.5
    lines, size, *_ = fit_text("a a", "regular", 10.0, w, 22.0, 1.2)
    assert lines == ("a", "a") and size == 10.0
    lines, size, *_ = fit_text("a a", "regular", 10.0, w, 21.9, 1.2)
    assert size == pytest.approx(9.2)  # still two lines: the box is not wider for a smaller size
    lines, size, *_ = fit_text("a a", "regular", 10.0, w, 22.0, 1.5)  # 10 * 1.5 + 10 = 25 > 22
    assert size < 10.0


def test_fit_text_shrinks_until_the_widest_line_fits_its_width() -> None:
    # a letter wider than the box cannot be broken: the size shrinks (a word is broken instead)
    w = uw("W") * 10 * 0.95
    lines, size, widest, broken, _ = fit_text("W", "regular", 10.0, w, 100.0, 1.2)
    assert lines == ("W",) and size == pytest.approx(9.2) and broken == ()
    assert widest == pytest.approx(uw("W") * 9.2)
    # exactly as wide fits
    w = uw("W") * 10
    assert fit_text("W", "regular", 10.0, w, 100.0, 1.2)[1] == 10.0
    # a word too wide is broken between letters, and the pieces fit at the size asked
    w = uw("abcdefgh") * 10 * 0.95
    lines, size, _, broken, _ = fit_text("abcdefgh", "regular", 10.0, w, 100.0, 1.2)
    assert lines == ("abcdefg", "h") and size == 10.0 and broken == ("abcdefgh",)


def test_fit_text_stops_at_its_smallest_size_and_names_broken_words_once() -> None:
    w = uw("x") * 2.5
    lines, size, widest, broken, widths = fit_text("xxxxxx xxxxxx", "regular", 2.0, w, 1.0, 1.2, min_size=1.5)
    assert size == 1.5  # 2 * 0.92 = 1.84, 1.69, 1.56, then 1.5
    assert broken == ("xxxxxx",)
    assert all(len(line) <= 3 for line in lines) and "".join(lines) == "x" * 12
    assert widest == pytest.approx(max(widths))
    # the smallest size as given is taken as it is, without a step
    assert fit_text("xxxx", "regular", 1.5, w, 0.1, 1.2, min_size=1.5)[1] == 1.5
    # the default smallest size is 4pt
    assert fit_text("x", "regular", 10.0, 100, 0.01, 1.2)[1] == pytest.approx(MIN_TEXT)


def test_fit_text_of_nothing() -> None:
    lines, size, widest, broken, widths = fit_text("", "regular", 3.0, 10, None, 1.2)
    assert lines == ("",) and widest == 0.0 and broken == () and widths == (0.0,)


def test_fit_and_its_cache_give_the_lines_and_size() -> None:
    w = (uw("aaa bbb") * 4 + uw("aaa bbb ccc") * 4) / 2
    assert _fit("aaa bbb ccc", "regular", 4.0, w, None, 1.2) == (("aaa bbb", "ccc"), 4.0)
    assert _fit_cached("aaa bbb ccc", "regular", 4.0, w, None, 1.2) == (("aaa bbb", "ccc"), 4.0)
    assert _fit("a", "regular", 10.0, 100, 8.5, 1.2, 9.0) == (("a",), 9.0)


# --- plain text: the block -----------------------------------------------------------------------


@pytest.mark.parametrize(("align", "anchor", "tx"), [("left", "start", 10), ("center", "middle", 30),
                                                    ("right", "end", 50)])
def test_text_block_anchor_and_x_by_alignment(align: str, anchor: str, tx: float) -> None:
    [t] = text_block("Hi", 10, 20, 40, None, 4.0, align=align)
    assert (t.x, t.y, t.text, t.size, t.anchor, t.font, t.fill) == (tx, pytest.approx(23.2), "Hi", 4.0, anchor,
                                                                    "regular", "#000000")
    assert t.advance == pytest.approx(uw("Hi") * 4)


def test_text_block_lines_leading_apart_and_set_vertically_in_the_box() -> None:
    w = (uw("aaa bbb") * 4 + uw("aaa bbb ccc") * 4) / 2
    block = 4 * 1.5 + 4  # two lines, leading 1.5
    for valign, top in (("top", 20.0), ("middle", 20 + (30 - block) / 2), ("bottom", 20 + 30 - block)):
        a, b = text_block("aaa bbb ccc", 10, 20, w, 30, 4.0, valign=valign, leading=1.5, fill="#123456")
        assert a.y == pytest.approx(top + 3.2) and b.y == pytest.approx(top + 3.2 + 6.0)
        assert (a.text, b.text, a.fill) == ("aaa bbb", "ccc", "#123456")
        assert a.advance == pytest.approx(uw("aaa bbb") * 4) and b.advance == pytest.approx(uw("ccc") * 4)
    # no height: the box is the block
    a, b = text_block("aaa bbb ccc", 10, 20, w, None, 4.0, valign="bottom", leading=1.5)
    assert a.y == pytest.approx(23.2)


def test_text_block_fonts() -> None:
    assert text_block("Hi", 0, 0, 40, None, 4.0, bold=True)[0].font == "bold"
    assert text_block("Hi", 0, 0, 40, None, 4.0, bold=True, font="italic")[0].font == "italic"
    t = text_block("Hi", 0, 0, 40, None, 4.0, font="italic")[0]
    assert t.font == "italic" and t.advance == pytest.approx(uw("Hi", "italic") * 4)


def test_text_block_shrinks_to_its_box_and_its_smallest_size() -> None:
    [t] = text_block("a", 0, 0, 100, 8.5, 10.0)
    assert t.size == pytest.approx(10 * 0.92 ** 2) and t.y == pytest.approx(t.size * 0.8)
    [t] = text_block("a", 0, 0, 100, 8.5, 10.0, min_size=9.5)
    assert t.size == 9.5


def test_text_block_at_size_0_is_not_cached_and_still_set() -> None:
    [t] = text_block("", 0, 5, 40, None, 0.0)
    assert t.size == 0.0 and t.y == 5.0 and t.text == ""


# --- the element drawn: plain text -------------------------------------------------------------


def test_drawn_plain_text_at_its_place_and_size(game: Game) -> None:
    [t] = draw(game, text="Hello", x=5, y=6, size=4)
    assert isinstance(t, Text)
    assert (t.x, t.y, t.text, t.size, t.fill, t.font, t.anchor) == (5, pytest.approx(9.2), "Hello", 4, "#000000",
                                                                    "regular", "start")


def test_drawn_lengths_in_percentages_of_the_piece(game: Game) -> None:
    [t] = draw(game, text="Hi", x="10%", y="10%", w="50%", size=4, align="right")
    assert t.x == pytest.approx(6 + 30) and t.y == pytest.approx(9 + 3.2)
    # a height in percent of the piece's height: 10% of 90 = 9, the block set at its bottom
    [t] = draw(game, text="Hi", y=0, h="10%", size=4, valign="bottom")
    assert t.y == pytest.approx(9 - 4 + 3.2)


def test_drawn_fill_and_size_and_templates(game: Game) -> None:
    [t] = draw(game, text="{1 + 2}", fill="sea", size="10pt")
    assert t.text == "3" and t.fill == "#0000ff" and t.size == pytest.approx(10 * PT)
    [t] = draw(game, text="x", fill="none")
    assert t.fill == "#000000"


def test_drawn_styles_pick_the_family_key(game: Game) -> None:
    assert draw(game, text="a")[0].font == "regular"
    assert draw(game, text="a", bold=True)[0].font == "bold"
    assert draw(game, text="a", italic=True)[0].font == "italic"
    assert draw(game, text="a", bold=True, italic=True)[0].font == "bold_italic"
    assert draw(game, text="a", font="odd")[0].font == "bold"
    assert draw(game, text="a", font="odd", bold=True)[0].font == "italic"
    assert draw(game, text="a", font="odd", italic=True)[0].font == "bold_italic"
    assert draw(game, text="a", font="dejavu", italic=True)[0].font == "italic"
    assert draw(game, text="a", font="default", bold=True)[0].font == "bold"


def test_an_unknown_family_is_named_with_those_there_are(game: Game) -> None:
    p = problem(game, text="a", font="od")
    assert p.path == WHERE + ".font"
    assert p.expected == "a font family (default, dejavu, odd)"
    assert '"od"' in p.found and "odd" in p.found


def test_family_lookup(game: Game) -> None:
    ctx = ctx_of(game)
    assert _family(ctx, "odd", "font", "odd") is game.families["odd"]
    assert _family(ctx, None, "font", None) is game.fonts
    with pytest.raises(DataError):
        _family(ctx, "nope", "font", "nope")


def test_the_smallest_size_defaults_to_4pt_or_the_size(game: Game) -> None:
    [g] = draw(game, text="a", size=10, h=0.5)
    assert g.children[0].size == pytest.approx(MIN_TEXT) and "(4.0pt)" in g.note.problem
    [g] = draw(game, text="a", size=1, h=0.5)
    assert g.children[0].size == 1 and "(2.8pt)" in g.note.problem  # smaller than 4pt to start with: never shrunk
    [t] = draw(game, text="a", size=10, h=9.6, min_size=9.5)
    assert t.size == 9.5


def test_at_most_max_chars_characters(game: Game) -> None:
    nodes = draw(game, text="a" * MAX_CHARS, w=2000, size=0.01)
    assert "".join(t.text for t in nodes) == "a" * MAX_CHARS
    p = problem(game, text="a" * (MAX_CHARS + 1))
    assert p.path == WHERE + ".text"
    assert p.expected == "a text of at most 20,000 characters"
    assert p.found.startswith("20001")


def test_a_text_that_does_not_fit_its_box_is_noted(game: Game) -> None:
    msg = note_of(draw(game, text="a", size=10, h=1.0, min_size=2))
    assert msg == 'text "a" does not fit its box even at its smallest size (5.7pt)'
    # fitting exactly is no problem
    [t] = draw(game, text="a", size=10, h=10)
    assert isinstance(t, Text)


def test_a_word_wider_than_its_box_is_noted_and_quoted_short(game: Game) -> None:
    long = "w" * 70
    msg = note_of(draw(game, text=long, w=5, size=2, min_size=2))
    assert msg == f'text "{"w" * 57}..." has a word wider than its box, broken between letters: "{long}"'
    msg = note_of(draw(game, text="w" * 60, w=5, size=2, min_size=2))
    assert msg.startswith(f'text "{"w" * 60}" has a word')
    # both problems at once, joined
    msg = note_of(draw(game, text="www", w=uw("w") * 2, h=1, size=2, min_size=2))
    assert msg == 'text "www" has a word wider than its box, broken between letters: "www"; ' \
                  "does not fit its box even at its smallest size (5.7pt)"


def test_rotated_about_the_box_centre(game: Game) -> None:
    [g] = draw(game, text="Hi", x=10, y=20, w=30, h=10, size=4, rotate=90)
    assert isinstance(g, Group) and g.note is None
    assert g.transform == pytest.approx(rotate(90, 25, 25))
    [t] = g.children
    assert t.text == "Hi"
    # no height: about the middle of the block
    [g] = draw(game, text="Hi", x=10, y=20, w=30, size=4, rotate="{2*45}")
    assert g.transform == pytest.approx(rotate(90, 25, 22))
    # rotated off the piece: not reported (the rotated box is not worked out)
    [g] = draw(game, text="Hi", x=-10, w=30, size=4, rotate=30, on_piece=True)
    assert g.note is None


def test_rotated_and_noted(game: Game) -> None:
    [g] = draw(game, text="a", size=10, h=1.0, min_size=2, rotate=45)
    assert g.note is not None and "does not fit" in g.note.problem
    [inner] = g.children
    assert isinstance(inner, Group) and inner.transform == pytest.approx(rotate(45, 30, 0.5))


# --- leaving the piece ---------------------------------------------------------------------------


def test_off_trim_wholly_outside() -> None:
    for box in ((-5, 0, 0, 5), (0, -5, 5, 0), (10, 0, 15, 5), (0, 20, 5, 25)):
        [msg] = _off_trim(*box, 10, 20, False)
        assert msg.startswith("lies wholly outside the piece's trim: (")
    [msg] = _off_trim(-5.04, 1.26, -0.01, 3, 10, 20.5, False)
    assert msg == ("lies wholly outside the piece's trim: (-5.0, 1.3) to (-0.0, 3.0) mm on a piece of 10 x 20.5 mm")


def test_off_trim_past_each_edge_beyond_the_slack() -> None:
    assert _off_trim(0, 0, 10, 20, 10, 20, True) == []
    assert _off_trim(-EDGE, -EDGE, 10.04, 20.04, 10, 20, True) == []
    assert _off_trim(-0.051, 1, 5, 5, 10, 20, True) == ["runs 0.1 mm past the piece's left edge"]
    assert _off_trim(-0.06, 1, 5, 5, 10, 20, True) == ["runs 0.1 mm past the piece's left edge"]
    assert _off_trim(1, -0.26, 5, 5, 10, 20, True) == ["runs 0.3 mm past the piece's top edge"]
    assert _off_trim(1, 1, 10.5, 5, 10, 20, True) == ["runs 0.5 mm past the piece's right edge"]
    assert _off_trim(1, 1, 5, 21, 10, 20, True) == ["runs 1.0 mm past the piece's bottom edge (no height given)"]
    assert _off_trim(1, 1, 5, 21, 10, 20, False) == ["runs 1.0 mm past the piece's bottom edge"]
    assert _off_trim(-1, -2, 12, 23, 10, 20, False) == [
        "runs 1.0 mm past the piece's left edge", "runs 2.0 mm past the piece's top edge",
        "runs 2.0 mm past the piece's right edge", "runs 3.0 mm past the piece's bottom edge"]


def test_a_text_leaving_its_piece_is_noted_only_on_the_piece(game: Game) -> None:
    wide = uw("Hello") * 4
    msg = note_of(draw(game, text="Hello", x=-1, y=2, size=4, on_piece=True))
    assert msg == 'text "Hello" runs 1.0 mm past the piece\'s left edge'
    assert isinstance(draw(game, text="Hello", x=-1, y=2, size=4)[0], Text)  # inside another element
    # right: the text's own width, not the box's
    [t] = draw(game, text="Hello", x=60 - wide, y=2, size=4, on_piece=True)
    assert isinstance(t, Text)
    msg = note_of(draw(game, text="Hello", x=60 - wide + 0.5, y=2, size=4, on_piece=True))
    assert msg.endswith("runs 0.5 mm past the piece's right edge")
    # top and bottom; no height given
    assert note_of(draw(game, text="Hello", y=-0.3, size=4, on_piece=True)).endswith("top edge")
    assert note_of(draw(game, text="Hello", y=86.5, size=4, on_piece=True)).endswith(
        "runs 0.5 mm past the piece's bottom edge (no height given)")
    assert isinstance(draw(game, text="Hello", y=86, size=4, on_piece=True)[0], Text)
    # a box with a height: the block set inside it decides
    assert isinstance(draw(game, text="Hello", y=80, h=20, size=4, on_piece=True)[0], Text)
    msg = note_of(draw(game, text="Hello", y=80, h=12, size=4, valign="bottom", on_piece=True))
    assert msg.endswith("runs 2.0 mm past the piece's bottom edge")
    msg = note_of(draw(game, text="Hello", y=80, h=20, size=4, valign="middle", on_piece=True))
    assert msg.endswith("runs 2.0 mm past the piece's bottom edge")


@pytest.mark.parametrize(("align", "shift", "ok"), [
    ("center", 0.0, True), ("center", 0.4, False), ("right", 0.0, True), ("right", 0.4, False)])
def test_the_span_of_an_aligned_text(game: Game, align: str, shift: float, ok: bool) -> None:
    # "Hello" at 4 in a box as wide as the piece, right-aligned or centred in a box just as wide as the text:
    # it touches the right edge, past it once moved right by 0.4
    wide = uw("Hello") * 4
    x, w = (60 - wide, wide) if align == "center" else (0.0, 60.0)
    nodes = draw(game, text="Hello", x=x + shift, w=w, y=2, size=4, align=align, on_piece=True)
    assert isinstance(nodes[0], Text) is ok
    if not ok:
        assert note_of(nodes) == 'text "Hello" runs 0.4 mm past the piece\'s right edge'


def test_the_span_of_a_centred_text_on_the_left(game: Game) -> None:
    wide = uw("Hello") * 4
    # centred in a box from -10 to 20: the text runs from 5 - wide / 2
    msg = note_of(draw(game, text="Hello", x=-10, w=30, y=2, size=4, align="center", on_piece=True))
    assert msg.endswith(f"runs {wide / 2 - 5:.1f} mm past the piece's left edge")
    msg = note_of(draw(game, text="Hello", x=-30, w=30 + wide - 1, y=2, size=4, align="right", on_piece=True))
    assert msg.endswith("runs 1.0 mm past the piece's left edge")


def test_a_text_wholly_off_its_piece(game: Game) -> None:
    msg = note_of(draw(game, text="Hi", x=70, y=2, size=4, on_piece=True))
    assert msg.startswith('text "Hi" lies wholly outside the piece\'s trim: (70.0, 2.0) to (')
    assert msg.endswith(" mm on a piece of 60 x 90 mm")


# --- rich text ------------------------------------------------------------------------------------


def test_rich_runs_in_their_styles_side_by_side(game: Game) -> None:
    a, b = draw(game, text="**a** b", x=5, y=6, size=4)
    assert (a.text, a.font, a.x, a.y, a.size, a.fill, a.anchor) == ("a", "bold", 5, pytest.approx(9.2), 4,
                                                                    "#000000", "start")
    # the space is drawn as the start of the next run's x, not in its text
    assert (b.text, b.font, b.y) == ("b", "regular", pytest.approx(9.2))
    assert b.x == pytest.approx(5 + uw("a", "bold") * 4 + uw(" ") * 4)


def test_rich_text_bold_element_and_a_span_in_its_colour(game: Game) -> None:
    a, b = draw(game, text="x [y]{colour=sea}", bold=True, size=4, fill="#ff0000")
    assert (a.text, a.font, a.fill) == ("x", "bold", "#ff0000")
    assert (b.text, b.font, b.fill) == ("y", "bold", "#0000ff")
    [a] = draw(game, text="x *y*", italic=True, size=4)
    assert (a.text, a.font) == ("x y", "italic")  # italic in italic is italic
    a, b = draw(game, text="x *y*", bold=True, size=4)
    assert (a.font, b.font) == ("bold", "bold_italic")
    [a] = draw(game, text="**x**", font="odd", size=4)
    assert a.font == "italic"


def test_rich_text_aligned(game: Game) -> None:
    wide = uw("a", "bold") * 4
    [a] = draw(game, text="**a**", x=10, w=40, size=4, align="center")
    assert a.x == pytest.approx(10 + (40 - wide) / 2) and a.anchor == "start"
    [a] = draw(game, text="**a**", x=10, w=40, size=4, align="right")
    assert a.x == pytest.approx(50 - wide)


def test_rich_text_lines_and_valign(game: Game) -> None:
    for valign, top in (("top", 6.0), ("middle", 6 + (20 - 10) / 2), ("bottom", 6 + 20 - 10)):
        a, b = draw(game, text="**a**\nb", y=6, h=20, size=4, valign=valign, leading=1.5)
        assert a.y == pytest.approx(top + 3.2) and b.y == pytest.approx(top + 3.2 + 6)
        assert (a.text, b.text) == ("a", "b")


def test_rich_text_off_its_piece(game: Game) -> None:
    wide = uw("a", "bold") * 4
    msg = note_of(draw(game, text="**a**", x=60 - wide + 0.3, y=2, size=4, on_piece=True))
    assert msg == 'text "**a**" runs 0.3 mm past the piece\'s right edge'
    assert isinstance(draw(game, text="**a**", x=60 - wide, y=2, size=4, on_piece=True)[0], Text)
    msg = note_of(draw(game, text="**a**", x=-0.3, y=2, size=4, on_piece=True))
    assert msg.endswith("runs 0.3 mm past the piece's left edge")
    msg = note_of(draw(game, text="**a**", y=87, size=4, on_piece=True))
    assert msg.endswith("runs 1.0 mm past the piece's bottom edge (no height given)")


def test_rich_text_that_does_not_fit_or_has_a_broken_word(game: Game) -> None:
    msg = note_of(draw(game, text="**a**", size=10, h=1, min_size=2))
    assert msg == 'text "**a**" does not fit its box even at its smallest size (5.7pt)'
    msg = note_of(draw(game, text="**wwww**", w=uw("w", "bold") * 2.5, size=2, min_size=2))
    assert msg == 'text "**wwww**" has a word wider than its box, broken between letters: "wwww"'


def _rich(game: Game, text: str, **kw: Any) -> Any:
    args = {"x": 0.0, "y": 0.0, "w": 100.0, "h": None, **kw}
    return rich_block(text, ctx_of(game), "text", text, args.pop("x"), args.pop("y"), args.pop("w"), args.pop("h"),
                      Style("regular", args.pop("size", 10.0), "#000000"), game.fonts, False, False, **args)


def test_rich_block_shrinks_its_runs_together(game: Game) -> None:
    r = _rich(game, "**a** b", h=8.5)
    assert r.size == pytest.approx(10 * 0.92 ** 2) and r.problems == []
    assert r.height == pytest.approx(r.size)
    assert [n.size for n in r.nodes] == [pytest.approx(r.size)] * 2
    assert r.span == (0.0, pytest.approx(uw("a b", "regular") * r.size - uw("a") * r.size + uw("a", "bold") * r.size))
    r = _rich(game, "**a**", h=10)
    assert r.size == 10 and r.height == 10
    r = _rich(game, "**a**", h=1, min_size=9.0)
    assert r.size == pytest.approx(9.0) and r.problems == [
        "does not fit its box even at its smallest size (25.5pt)"]
    r = _rich(game, "**a**", h=1)
    assert r.size == pytest.approx(MIN_TEXT)


def test_rich_block_shrinks_to_its_width(game: Game) -> None:
    w = uw("ab", "bold") * 10 * 0.95
    r = _rich(game, "**ab**", w=w, h=100.0)
    assert r.size == pytest.approx(9.2) and r.problems == [] and [n.text for n in r.nodes] == ["ab"]
    # exactly as wide fits at once
    r = _rich(game, "**ab**", w=uw("ab", "bold") * 10)
    assert r.size == 10


def test_rich_block_smallest_size_reached_in_steps(game: Game) -> None:
    r = _rich(game, "**a**", size=2.0, h=0.1, min_size=1.5)
    assert r.size == pytest.approx(1.5)
    r = _rich(game, "**a**", size=1.5, h=0.1, min_size=1.5)
    assert r.size == 1.5


def test_rich_block_of_an_empty_line_spans_its_left(game: Game) -> None:
    r = _rich(game, "**a**\n\nb", x=3.0, w=50.0)
    assert len(r.nodes) == 2 and r.span == (3.0, pytest.approx(3 + uw("a", "bold") * 10))
    r = _rich(game, " ", x=3.0, w=50.0)
    assert r.nodes == [] and r.span == (3.0, 3.0)


def test_rich_block_span_over_lines(game: Game) -> None:
    r = _rich(game, "**aaa**\nb", x=3.0, w=50.0, align="right")
    assert r.span == (pytest.approx(53 - uw("aaa", "bold") * 10), pytest.approx(53.0))
    r = _rich(game, "b\n**aaa**", x=3.0, w=50.0, align="center")
    assert r.span == (pytest.approx(3 + (50 - uw("aaa", "bold") * 10) / 2),
                      pytest.approx(3 + (50 + uw("aaa", "bold") * 10) / 2))


def test_rich_block_lines_of_different_sizes(game: Game) -> None:
    r = _rich(game, "[big]{size=200%}\nb", y=1.0, leading=1.5)
    a, b = r.nodes
    assert a.size == 20 and a.y == pytest.approx(1 + 16) and b.y == pytest.approx(1 + 30 + 8)
    assert r.height == pytest.approx(30 + 10)


# --- icons, spaces and bullets ------------------------------------------------------------------


def test_an_icon_drawn_in_its_box_and_colour(game: Game) -> None:
    a, sq, b = draw(game, text="a :sq: b", x=5, y=6, size=10, fill="sea")
    assert (a.text, b.text) == ("a", "b")
    space = uw(" ") * 10
    ix = 5 + uw("a") * 10 + space
    assert isinstance(sq, Rect) and sq.paint.fill == "#0000ff"
    assert sq.w == pytest.approx(9.0) and sq.h == pytest.approx(9.0)
    assert sq.x == pytest.approx(ix + 0.8)
    assert sq.y == pytest.approx(6 + 8 - 3.6 - 4.5)
    # the icon's atom is as wide as its box and 0.16 of the size besides
    assert b.x == pytest.approx(ix + 9 + 1.6 + space)


def test_icons_next_to_text_and_each_other(game: Game) -> None:
    nodes = draw(game, text="a:sq::wide:b", size=10)
    a, sq, wide, b = nodes
    assert sq.x == pytest.approx(uw("a") * 10 + 0.8)
    assert wide.x == pytest.approx(uw("a") * 10 + 10.6 + 0.8)
    assert b.x == pytest.approx(uw("a") * 10 + 10.6 + 19.6) and b.text == "b"


def test_an_unknown_icon_is_named_with_those_there_are(game: Game) -> None:
    p = problem(game, text="a :sqq: b")
    assert p.path == WHERE + ".text"
    assert p.expected.startswith("an icon of the symbol library or of [icons] (")
    assert "sq" in p.expected and "wide" in p.expected and "star" in p.expected
    assert p.found.startswith('":sqq:"') and '"sq"' in p.found


def test_a_library_icon(game: Game) -> None:
    nodes = draw(game, text="a :star:", size=10)
    assert nodes[0].text == "a" and len(nodes) > 1


def test_line_nodes_merge_a_style_and_split_at_a_gap() -> None:
    s = Style("regular", 10.0, "#000000")
    t = Style("bold", 10.0, "#000000")
    wa = uw("a") * 10
    line = Line((Atom(0.0, wa, s, "a"), Atom(wa, 1.0, s, " "), Atom(wa + 1.0, wa, s, "a")), 2 * wa + 1, 10.0)
    [n] = _line_nodes(line, 2.0, 7.0)
    assert (n.x, n.y, n.text, n.font) == (2.0, 7.0, "a a", "regular")
    # a gap (a bullet's indent) starts a node of its own
    line = Line((Atom(0.0, wa, s, "a"), Atom(wa + 0.5, wa, s, "b")), 2 * wa + 0.5, 10.0)
    a, b = _line_nodes(line, 2.0, 7.0)
    assert (a.text, a.x, b.text, b.x) == ("a", 2.0, "b", pytest.approx(2.0 + wa + 0.5))
    # a gap of a millionth is none
    line = Line((Atom(0.0, wa, s, "a"), Atom(wa + 1e-7, wa, s, "b")), 2 * wa, 10.0)
    [n] = _line_nodes(line, 0.0, 7.0)
    assert n.text == "ab"
    # another style: another node; spaces alone draw nothing; leading spaces move the run in
    line = Line((Atom(0.0, 3.0, s, "  "), Atom(3.0, wa, t, "a"), Atom(3.0 + wa, 1.0, s, " "),
                 Atom(4.0 + wa, 1.0, s, "  b ")), 10.0, 10.0)
    a, b = _line_nodes(line, 1.0, 7.0)
    assert (a.text, a.font, a.x) == ("a", "bold", 4.0)
    assert (b.text, b.font) == ("b", "regular")
    assert b.x == pytest.approx(1.0 + 3.0 + wa + uw("   ") * 10)
    assert _line_nodes(Line((), 0.0, 10.0), 0.0, 0.0) == []


def test_a_bullet_line(game: Game) -> None:
    bullet, a = draw(game, text="- **a**", x=2, size=10)
    assert bullet.text == "\u2022" and bullet.x == 2 and bullet.font == "regular"
    assert a.text == "a" and a.font == "bold" and a.x == pytest.approx(2 + uw("\u2022 ") * 10)


def test_scaled() -> None:
    s = Style("bold", 10.0, "#ff0000")
    pieces: list[Any] = [("a", s), Break(), Bullet()]
    assert _scaled(pieces, 1.0) is pieces
    out = _scaled(pieces, 0.5)
    assert out[0] == ("a", Style("bold", 5.0, "#ff0000")) and out[1] is pieces[1] and out[2] is pieces[2]


# --- resolving spans ------------------------------------------------------------------------------


def test_resolve_keeps_breaks_and_bullets_and_shares_styles(game: Game) -> None:
    base = Style("regular", 4.0, "#000000")
    out = resolve(parse("- a **b**\nc **d** :sq:"), ctx_of(game), "text", "t", base, game.fonts, False, False)
    kinds = [type(p).__name__ if not isinstance(p, tuple) else p[0] if isinstance(p[0], str) else "icon"
             for p in out]
    assert kinds == ["Bullet", "a ", "b", "Break", "c ", "d", " ", "icon"]
    styles = [p[1] for p in out if isinstance(p, tuple)]
    assert styles[1] is styles[3] and styles[0] is styles[2] is styles[4]
    assert styles[1] == Style("bold", 4.0, "#000000")
    icon = out[-1]
    assert isinstance(icon, tuple) and icon[0] is game.icons["sq"]


def test_span_sizes(game: Game) -> None:
    ctx = ctx_of(game)
    base = Style("regular", 4.0, "#112233")
    assert _style((("size", "150%"),), ctx, "k", "t", base, game.fonts, False, False) == Style(
        "regular", 6.0, "#112233")
    assert _style((("size", "10pt"),), ctx, "k", "t", base, game.fonts, False, False).size == pytest.approx(10 * PT)
    assert _style((("size", "1000"),), ctx, "k", "t", base, game.fonts, False, False).size == 1000
    for bad, expected in (("x%", "a span size as a length (7pt, 2.5mm) or a percentage (120%)"),
                          ("0%", "a span size greater than 0 and at most 1000 mm"),
                          ("", "a span size greater than 0 and at most 1000 mm"),
                          ("1001", "a span size greater than 0 and at most 1000 mm"),
                          ("-1", "a span size greater than 0 and at most 1000 mm")):
        with pytest.raises(DataError) as err:
            _style((("size", bad),), ctx, "k", "t", base, game.fonts, False, False)
        [p] = err.value.problems
        assert p.path == WHERE + ".k" and p.expected == expected


def test_span_colours_fonts_and_bad_keys(game: Game) -> None:
    ctx = ctx_of(game)
    base = Style("regular", 4.0, "#112233")
    assert _style((("colour", "sea"),), ctx, "k", "t", base, game.fonts, False, False).fill == "#0000ff"
    assert _style((("colour", "none"),), ctx, "k", "t", base, game.fonts, False, False).fill == "#112233"
    assert _style((("font", "odd"),), ctx, "k", "t", base, game.fonts, True, True).font == "regular"
    assert _style((), ctx, "k", "t", base, game.fonts, False, True) == Style("italic", 4.0, "#112233")
    with pytest.raises(DataError) as err:
        _style((("colur", "sea"),), ctx, "k", "t", base, game.fonts, False, False)
    [p] = err.value.problems
    assert p.expected == "a span key (colour, size, font)" and '"colur"' in p.found and "colour" in p.found


def test_a_bad_span_in_the_element(game: Game) -> None:
    p = problem(game, text="[a]{size=0}")
    assert p.path == WHERE + ".text" and p.expected == "a span size greater than 0 and at most 1000 mm"
    p = problem(game, text="[a]{font=od}")
    assert p.path == WHERE + ".text" and p.expected == "a font family (default, dejavu, odd)"


def test_the_measured_width_is_kept_with_plain_nodes(game: Game) -> None:
    [t] = draw(game, text="Hello", size=4)
    assert t.advance == pytest.approx(text_width("Hello", "regular", 4))


# --- added after the mutation run's first survivors -------------------------------------------------------


def test_text_block_default_leading_is_1_2() -> None:
    w = (uw("aaa bbb") * 4 + uw("aaa bbb ccc") * 4) / 2
    a, b = text_block("aaa bbb ccc", 0, 0, w, None, 4.0)
    assert b.y - a.y == pytest.approx(4.8)


def test_off_trim_a_text_ending_just_inside_the_left_edge() -> None:
    assert _off_trim(-5, 1, 0.5, 3, 10, 20, False) == ["runs 5.0 mm past the piece's left edge"]
    assert _off_trim(1, -5, 3, 0.5, 10, 20, False) == ["runs 5.0 mm past the piece's top edge"]


def test_a_text_past_the_bottom_alone_is_noted(game: Game) -> None:
    # away from the other edges: only the bottom edge can report it
    for text in ("Hello", "**Hello**"):
        msg = note_of(draw(game, text=text, x=5, y=86.5, size=4, on_piece=True))
        assert msg.endswith("runs 0.5 mm past the piece's bottom edge (no height given)")
        assert isinstance(draw(game, text=text, x=5, y=85.9, size=4, on_piece=True)[0], Text)
    msg = note_of(draw(game, text="Hello", x=5, y=50, h=42, size=4, valign="bottom", on_piece=True))
    assert msg.endswith("runs 2.0 mm past the piece's bottom edge")


def test_a_tall_block_past_the_bottom_of_a_short_piece(game: Game) -> None:
    # top 0.5 and a block 10 tall on a piece 10 tall: past the bottom by 0.5, whatever top x block is
    msg = note_of(draw(game, ph=10, text="Hello", x=5, y=0.5, size=10, on_piece=True))
    assert msg.endswith("runs 0.5 mm past the piece's bottom edge (no height given)")


def test_a_span_key_sorting_after_size_is_unknown(game: Game) -> None:
    p = problem(game, text="[a]{width=2}")
    assert p.expected == "a span key (colour, size, font)" and '"width"' in p.found


def test_a_line_of_no_width_spans_its_own_place(game: Game) -> None:
    # a zero-width space is a line with an atom but no width: centred, it sits in the middle of the box
    r = _rich(game, "**\u200b**", x=3.0, w=50.0, align="center")
    assert r.span == (28.0, 28.0)


def test_off_trim_wholly_beyond_each_edge() -> None:
    for box in ((-5, 0, -1, 5), (0, -5, 5, -1), (11, 0, 15, 5), (0, 21, 5, 25)):
        [msg] = _off_trim(*box, 10, 20, False)
        assert msg.startswith("lies wholly outside the piece's trim: (")


def test_a_text_of_61_characters_is_quoted_short(game: Game) -> None:
    msg = note_of(draw(game, text="w" * 61, w=5, size=2, min_size=2))
    assert msg.startswith(f'text "{"w" * 57}..." has a word')


def test_a_span_key_sorting_before_colour_is_unknown(game: Game) -> None:
    # ("color" is read as "colour"; "bar" sorts before both)
    p = problem(game, text="[a]{bar=sea}")
    assert p.expected == "a span key (colour, size, font)" and p.found.startswith('"bar"')


def test_a_text_past_the_top_alone_is_noted(game: Game) -> None:
    for text in ("Hello", "**Hello**"):
        msg = note_of(draw(game, text=text, x=5, y=-0.3, size=4, on_piece=True))
        assert msg.endswith("runs 0.3 mm past the piece's top edge")


def test_span_sizes_of_1_mm_and_less(game: Game) -> None:
    ctx = ctx_of(game)
    base = Style("regular", 4.0, "#112233")
    assert _style((("size", "1"),), ctx, "k", "t", base, game.fonts, False, False).size == 1.0
    assert _style((("size", "0.5"),), ctx, "k", "t", base, game.fonts, False, False).size == 0.5


def test_two_lines_too_tall_for_their_box_at_the_smallest_size(game: Game) -> None:
    # two lines at 2: 2 x 1.2 + 2 = 4.4 tall, in a box 4 tall
    w = uw("aaa") * 2 * 1.5
    msg = note_of(draw(game, text="aaa aaa", w=w, h=4, size=2, min_size=2))
    assert msg == 'text "aaa aaa" does not fit its box even at its smallest size (5.7pt)'


def test_a_size_below_the_smallest_is_kept(game: Game) -> None:
    # asked for 2 with a smallest size of 3: set at 2 (never grown), and noted
    for text in ("a", "**a**"):
        [g] = draw(game, text=text, size=2, min_size=3, h=0.5)
        assert g.children[0].size == 2 and "does not fit" in g.note.problem


def test_rich_block_span_left_of_the_origin(game: Game) -> None:
    r = _rich(game, "**a**", x=-20.0, w=10.0)
    assert r.span == (-20.0, pytest.approx(-20 + uw("a", "bold") * 10))
