"""Rich text (issue 25): the markup parser, the line breaker, fonts per element and span, inline
icons, and the proof's report of texts that do not fit and elements off their piece."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.build import draw
from printkit.drawing import Group, Text
from printkit.drawing import Image as ImageNode
from printkit.drawing import Path as PathNode
from printkit.errors import DataError
from printkit.load import load_game
from printkit.proof import prove
from printkit.render.svg import render_svg
from printkit.richtext import NBSP, Break, Bullet, Icon, Run, Style, escape, has_markup, layout, parse, plain

ROOT = Path(__file__).resolve().parent.parent
SPELLS = ROOT / "tests" / "games" / "spells"

# --- the parser ---------------------------------------------------------------------------------


def test_markup_gives_styled_runs_icons_bullets_and_breaks() -> None:
    got = parse("Gain **2** :coin: and *draw* ***one***\n- [red]{colour=red size=120%} card\\ now \\*")
    assert got == (
        Run("Gain "), Run("2", bold=True), Run(" "), Icon("coin"), Run(" and "), Run("draw", italic=True),
        Run(" "), Run("one", bold=True, italic=True), Break(), Bullet(),
        Run("red", attrs=(("colour", "red"), ("size", "120%"))), Run(f" card{NBSP}now *"),
    )


def test_what_is_not_markup_prints_as_written() -> None:
    for text in ("2 * 3 = 6", "**open", "10:30:45", "[a]{bad", "a - b", "**a\nb**", "x ** y", "*** ***"):
        assert plain(parse(text)) == text, text
        assert all(not (isinstance(i, Run) and (i.bold or i.italic)) for i in parse(text)), text


def test_spans_nest_and_the_inner_one_wins() -> None:
    got = parse("[a [b]{colour=red} c]{colour=blue font=title}")
    assert got == (Run("a ", attrs=(("colour", "blue"), ("font", "title"))),
                   Run("b", attrs=(("colour", "red"), ("font", "title"))),
                   Run(" c", attrs=(("colour", "blue"), ("font", "title"))))
    assert parse('[x]{color="dark red"}') == (Run("x", attrs=(("colour", "dark red"),)),)


_MARKUP_CHARS = "*\\[]{}:-\n \u00a0"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(_MARKUP_CHARS + "abc:2")) | st.characters(), max_size=60))
def test_any_string_parses_and_markup_only_removes(text: str) -> None:
    """No crash; the text a reader sees is what was written with markup taken out (``\\ `` is a
    non-breaking space): never a character invented or moved."""
    seen = plain(parse(text))
    written = text.replace("\\ ", NBSP)
    it = iter(written)
    assert all(ch in it for ch in seen), (text, seen)  # a subsequence, in order


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_escaped_text_round_trips(text: str) -> None:
    """Any string written with :func:`escape` prints exactly, unstyled."""
    got = parse(escape(text))
    assert plain(got) == text
    assert all(isinstance(i, (Run, Break)) and not (i.bold or i.italic or i.attrs) if isinstance(i, Run) else True
               for i in got)
    assert not any(isinstance(i, (Icon, Bullet)) for i in got)


@given(st.text(alphabet=st.characters(blacklist_characters="*\\[:\u00a0\n"), max_size=60))
def test_plain_text_is_one_run_and_not_markup(text: str) -> None:
    if text.startswith("- "):
        return
    assert not has_markup(text)
    assert plain(parse(text)) == text


# --- the line breaker -----------------------------------------------------------------------------

_WORD = st.text(alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyzWMI.,")), min_size=1, max_size=14)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_WORD, st.booleans(), st.sampled_from([2.0, 3.0, 4.5])), min_size=1, max_size=25),
       st.floats(min_value=4.0, max_value=60.0))
def test_no_glyph_leaves_its_box_and_a_word_too_wide_is_reported(words: list[tuple[str, bool, float]],
                                                                  width: float) -> None:
    pieces = []
    for word, bold, size in words:
        pieces.append((word + " ", Style("bold" if bold else "regular", size, "#000000")))
    lay = layout(pieces, width, 1.2, Style("regular", 3.0, "#000000"))
    for line in lay.lines:
        for atom in line.atoms:
            if atom.text.strip() and len(atom.text) > 1:  # a single letter wider than the box goes alone
                assert atom.x >= -1e-9 and atom.x + atom.width <= width + 1e-6, (atom, width)
            elif atom.text.strip() and atom.width > width:
                assert any(atom.text in word for word in lay.too_wide)
    from printkit.render.fonts import text_width

    wide = [w for w, bold, size in words if text_width(w, "bold" if bold else "regular", size) > width + 1e-6]
    assert sorted(set(lay.too_wide)) == sorted(set(wide))
    # every letter is set, in order: a word is broken, never clipped
    assert "".join(a.text for line in lay.lines for a in line.atoms).replace(" ", "") == "".join(w for w, *_ in words)


# --- in a game ------------------------------------------------------------------------------------


def _spells(tmp_path: Path, **edits: str) -> Path:
    game = tmp_path / "spells"
    shutil.copytree(SPELLS, game)
    for name, (old, new) in ((k, v.split(" => ")) for k, v in edits.items()):
        path = game / name.replace("_", "/").replace("/csv", ".csv").replace("/toml", ".toml").replace("/md", ".md")
        text = path.read_text()
        assert old in text, old
        path.write_text(text.replace(old, new))
    return game


def test_the_example_deck_sets_fonts_styles_and_icons(tmp_path: Path) -> None:
    game = load_game(SPELLS)
    kit = draw(game)
    golem = kit.faces["deck-stone-golem"]
    texts = [n for n in golem.children if isinstance(n, Text)]
    fonts = {t.text: t.font for t in texts}
    body = game.families["body"]
    assert fonts["Guard."] == body["bold"] and fonts["Creature"] == body["italic"]
    assert fonts["Takes 1 less damage from"] == body["regular"]
    assert fonts["Stone Golem"] == game.families["title"]["regular"]
    assert next(t for t in texts if t.text == "earth").fill == "#44701f"  # a colour span, from a table cell
    assert sum(isinstance(n, ImageNode) for n in golem.children) == 2  # the coin PNG: the cost, and in the text
    # :power: is the game's SVG sword, read into shapes (vector), in its own colours
    from printkit.drawing import walk

    sword = [n for n in golem.children if isinstance(n, Group)]
    assert len(sword) == 1
    assert {shape.paint.fill for shape, _ in walk(sword, {})} - {None} == {"#8a8f98", "#b8401c", "#5a3a1c"}
    # :flame: in the text is the library's symbol, in the colour of its text
    assert any(isinstance(n, PathNode) and n.paint.fill == "#2a2118" for n in golem.children)
    svg = render_svg(golem).decode()
    # the title family's only face is a bold file: its weight reaches the SVG; italics are italic
    assert re.search(r'font-family="\'DejaVu Sans Condensed\'[^"]*" font-size="[\d.]+" font-weight="bold"', svg)
    assert 'font-style="italic"' in svg and "**" not in svg and ":coin:" not in svg
    report = prove(game, kit)
    assert not [line for line in report.lines if line.verdict != "pass"]


def _pdf_fonts(pdf: Path) -> set[str]:
    names = set()
    for page in pypdf.PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_the_pdfs_embed_each_face_the_text_uses(built_test_games: Path) -> None:
    out = built_test_games / "spells"
    assert {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic",
            "DejaVuSansCondensed-Bold", "DejaVuSansMono-Bold"} <= _pdf_fonts(out / "spells-cards-a4.pdf")
    # the rulebook is set in the game's family ([print] rulebook_font): emphasis in its italic face
    rules = _pdf_fonts(out / "spells-rules-a4.pdf")
    assert {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSansCondensed-Bold"} <= rules, rules
    text = pypdf.PdfReader(out / "spells-rules-a4.pdf").pages[0].extract_text()
    assert "Gain 2" in text and ":coin:" not in text and "{colour" not in text and "**" not in text
    assert "Once a turn you may pay one more" in text and "[" not in text  # a span holding emphasis


def test_the_html_rulebook_shows_spans_icons_and_the_game_fonts(built_test_games: Path) -> None:
    html = (built_test_games / "spells" / "spells-rules.html").read_text()
    assert '<span style="color: #b8401c">' in html
    # a span holding emphasis (markdown-it splits its text): each part keeps the span's colour
    assert ('<span style="color: #1f5f8b"><strong>Once a turn</strong></span><span style="color: #1f5f8b"> you may '
            'pay </span><span style="color: #1f5f8b"><em>one more</em></span>') in html
    # :coin:, :power: and :gem: (a library symbol under the game's own name) in the intro; :coin:, :power:, :coin:,
    # :heart:
    assert html.count('class="icon"') == 7
    assert ":coin:" not in html and "{colour" not in html and "{font" not in html
    faces = re.findall(r"@font-face \{ font-family: '([^']+)'; font-weight: (\d+); font-style: (\w+);", html)
    assert ("DejaVu Serif", "700", "italic") in faces and ("DejaVu Sans Condensed", "700", "normal") in faces
    assert ("DejaVu Sans Mono", "700", "normal") in faces  # the numbers on the card pictured in the page
    assert "body { font-family: 'DejaVu Serif'" in html


@pytest.mark.parametrize(("markdown", "runs"), [
    ("[**Gain** 2 :coin:]{size=120%} now", [("Gain", True, False, "size"), (" 2 ", False, False, "size"),
                                             ("coin", False, False, "size"), (" now", False, False, "")]),
    ("a [*b* **c**]{colour=red}", [("a ", False, False, ""), ("b", False, True, "colour"),
                                    (" ", False, False, "colour"), ("c", True, False, "colour")]),
    ("**[x]{colour=red} y**", [("x", True, False, "colour"), (" y", True, False, "")]),
    ("*[y :coin:]{size=90%}*", [("y ", False, True, "size"), ("coin", False, True, "size")]),
    ("[**x**] {colour=red}", [("[", False, False, ""), ("x", True, False, ""), ("] {colour=red}", False, False, "")]),
])
def test_a_rulebook_span_may_hold_emphasis(markdown: str, runs: list[tuple[str, bool, bool, str]]) -> None:
    from printkit.rulebook.markdown import Icon, Para, parse

    para = parse(markdown).blocks[0]
    assert isinstance(para, Para)
    got = [(i.name if isinstance(i, Icon) else i.text, i.bold, i.italic, ",".join(k for k, _ in i.attrs))
           for i in para.inlines]  # type: ignore[union-attr]
    assert got == runs


def test_unknown_names_in_the_rulebook_are_data_errors(tmp_path: Path) -> None:
    from printkit.build import draw as draw_kit
    from printkit.rulebook import Rulebook

    game = _spells(tmp_path, rules_rulebook_md="1. Gain 2 :coin:. => 1. Gain 2 :coins:.")
    loaded = load_game(game)
    book = Rulebook(loaded, draw_kit(loaded).faces)
    with pytest.raises(DataError) as err:
        book.pdf("a4")
    assert 'rulebook.md: expected an icon of the symbol library or of [icons]' in str(err.value)
    assert '(did you mean "coin"?)' in str(err.value)
    game = _spells(tmp_path / "2", rules_rulebook_md="{colour=ember} => {colour=amber}")
    loaded = load_game(game)
    with pytest.raises(DataError, match='found "amber"'):
        Rulebook(loaded, draw_kit(loaded).faces).html()


def test_a_character_the_game_font_lacks_is_reported_with_its_file(tmp_path: Path) -> None:
    game = _spells(tmp_path, cards_csv="When it enters, gain 1 :coin:. => When it enters, gain 1 \u00fc :coin:.")
    report = prove(load_game(game), draw(load_game(game)))
    glyphs = [line for line in report.lines if line.type == "glyphs"]
    assert len(glyphs) == 1 and glyphs[0].verdict == "fail"
    assert glyphs[0].detail.startswith('DejaVu Serif ("fonts/Body-Regular.ttf", [fonts.body]) has no glyph for 1 '
                                       'character')


@pytest.mark.parametrize(("edit", "message"), [
    ({"cards_csv": "gain 1 :coin:. => gain 1 :coins:."},
     'cards.csv:2: text: expected an icon of the symbol library or of [icons] (circle, club, coin, '),
    ({"cards_csv": "gain 1 :coin:. => gain 1 :coins:."}, '(did you mean "coin"?)'),
    ({"cards_csv": "{colour=moss} => {colour=mos}"}, 'found "mos"'),
    ({"cards_csv": "{colour=moss} => {colur=moss}"}, ('expected a span key (colour, size, font), found "colur" '
                                                     '(did you mean "colour"?)')),
    ({"cards_csv": "{font=title colour=sea} => {font=titel}"}, '(did you mean "title"?)'),
    ({"game_toml": 'font = "numbers", x = 44 => font = "number", x = 44'}, '(did you mean "numbers"?)'),
    ({"game_toml": 'coin = "icons/coin.png" => coin = "diamnd"'}, '(did you mean "diamond"?)'),
])
def test_unknown_names_in_markup_are_data_errors(tmp_path: Path, edit: dict[str, str], message: str) -> None:
    game = _spells(tmp_path, **edit)
    with pytest.raises(DataError) as err:
        draw(load_game(game))
    assert message in str(err.value)


def _fit_lines(game: Path) -> list[str]:
    report = prove(load_game(game), draw(load_game(game)))
    return [line.detail for line in report.lines if line.type == "fit"]


def test_the_proof_reports_texts_that_do_not_fit_and_elements_off_the_piece(tmp_path: Path) -> None:
    game = _spells(tmp_path, game_toml=(
        'h = 22, size = "9pt", min_size = "6pt" => h = 6, size = "9pt", min_size = "8pt" '
    ))
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace(
        '  { type = "rect", x = 6, y = 13,',
        '  { type = "circle", cx = 80, cy = 20, r = 3, fill = "ink" },\n'
        '  { type = "text", text = "{row.flavour} {row.flavour} {row.flavour}", x = 6, y = 80, w = 50, size = "8pt" },\n'
        '  { type = "rect", x = 6, y = 13,'))
    found = _fit_lines(game)
    assert found and len(found) == len(set(found)), found  # each problem once
    assert any(d.startswith("layouts.card.elements[3]: lies wholly outside the piece's trim: (77.0, 17.0) to "
                            "(83.0, 23.0) mm on a piece of 63 x 88 mm") for d in found), found
    assert any('text "When it enters, heal 2 :heart: from one creature. ***Once..." does not '
               "fit its box even at its smallest size (8.0pt), on 1 piece: deck-river-sprite" in d for d in found), found
    assert any("layouts.card.elements[4]" in d and "mm past the piece's bottom edge (no height given)" in d
               for d in found), found
    report = prove(load_game(game), draw(load_game(game)))
    assert {line.verdict for line in report.lines if line.type == "fit"} == {"warn"}


def test_a_word_wider_than_its_box_is_broken_and_reported(tmp_path: Path) -> None:
    game = _spells(tmp_path, cards_csv="Aim first. Ask later. => Abracadabracadabracadabracadabracadabracadabracadabra!")
    found = _fit_lines(game)
    assert any('has a word wider than its box, broken between letters: "Abracadabracadabracadabracadabracadabracadabracadabra!"' in d
               for d in found), found


def _cff_font(source: Path, dest: Path) -> None:
    """``source`` (a TrueType font) written as OpenType with CFF outlines, as many .otf files are."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    src = TTFont(source)
    glyphs, order = src.getGlyphSet(), src.getGlyphOrder()
    fb = FontBuilder(src["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(src.getBestCmap())
    strings = {}
    for name in order:
        pen = T2CharStringPen(glyphs[name].width, glyphs)
        glyphs[name].draw(pen)
        strings[name] = pen.getCharString()
    fb.setupCFF("CffTitle-Bold", {"FullName": "Cff Title Bold"}, strings, {})
    fb.setupHorizontalMetrics({n: (glyphs[n].width, 0) for n in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Cff Title", "styleName": "Bold"})
    fb.setupOS2(usWeightClass=700)
    fb.setupPost()
    fb.save(dest)


def test_an_opentype_font_with_cff_outlines_is_embedded(tmp_path: Path) -> None:
    from printkit.render.pdf import PdfWriter

    game = _spells(tmp_path, game_toml='regular = "fonts/Title-Bold.ttf" => regular = "fonts/Title.otf"')
    _cff_font(game / "fonts" / "Title-Bold.ttf", game / "fonts" / "Title.otf")
    assert (game / "fonts" / "Title.otf").read_bytes()[:4] == b"OTTO"
    loaded = load_game(game)
    face = draw(loaded).faces["deck-fireball"]
    writer = PdfWriter(tmp_path / "face.pdf", title="otf")
    writer.page(face)
    writer.close()
    assert "Cff-Title" in _pdf_fonts(tmp_path / "face.pdf")  # embedded (converted to TrueType outlines)
    title = next(n for n in face.children if isinstance(n, Text) and n.text == "Fireball")
    svg = render_svg(face).decode()
    assert "'Cff Title'" in svg and title.font == loaded.families["title"]["regular"]


def _icon_boxes(face: object) -> list[tuple[float, float, float]]:
    """(left, top, height) of every SVG icon on a face (SVG art is placed as a group: translate, then scale)."""
    out = []
    for node in face.children:  # type: ignore[attr-defined]
        if isinstance(node, Group) and node.transform[0] != 1.0:
            _a, _, _, d, e, f = node.transform
            out.append((e, f, d * 32))  # the icons' viewBox is 32 units high
    return out


def test_squibs_embed_sample_icons_follow_alignment_and_size() -> None:
    """Squib's embed-text sample (tests/games/squib-embed): an icon alone in a box is centred both ways;
    the three-card deck's icons grow with the font size (6, 8.5 and 11.5 pt)."""
    game = load_game(ROOT / "tests" / "games" / "squib-embed")
    faces = draw(game).faces
    icons = _icon_boxes(faces["sheet"])
    alone = [(x, y, h) for x, y, h in icons if 54.19 <= y <= 58.42 and x < 15.24]  # the box (0, 54.19) 15.24 x 4.23
    assert len(alone) == 1
    x, y, h = alone[0]
    assert x + h / 2 == pytest.approx(15.24 / 2, abs=0.01)  # the spanner's viewBox is square
    assert y + h / 2 == pytest.approx(54.19 + 4.23 / 2, abs=0.4)  # centred on the lower-case letters' middle
    heights = [max(h for _, _, h in _icon_boxes(faces[f"sizes-{name}"])) for name in ("small", "medium", "large")]
    assert heights == pytest.approx([0.9 * pt * 25.4 / 72 for pt in (6, 8.5, 11.5)], rel=1e-3)


@pytest.mark.parametrize(("edit", "message"), [
    ({"game_toml": "[fonts.title] => [fonts.default]"}, "fonts.default: expected a family name of letters, digits"),
    ({"game_toml": "[fonts.title] => [fonts.\"two words\"]"}, 'found "two words"'),
    ({"game_toml": 'regular = "fonts/Title-Bold.ttf" => regular = "fonts/Title.ttf"'}, "fonts.title.regular: "),
    ({"game_toml": 'coin = "icons/coin.png" => "2coin" = "icons/coin.png"'}, "icons.2coin: expected an icon name"),
    ({"game_toml": 'coin = "icons/coin.png" => coin = "icons/none.png"'}, "icons.coin: "),
    ({"game_toml": 'rulebook_font = "body" => rulebook_font = "bodi"'},
     'print.rulebook_font: expected a font family (body, default, dejavu, numbers, title), found "bodi" '
     '(did you mean "body"?)'),
])
def test_bad_fonts_and_icons_in_game_toml_are_data_errors(tmp_path: Path, edit: dict[str, str], message: str) -> None:
    game = _spells(tmp_path, **edit)
    with pytest.raises(DataError) as err:
        load_game(game)
    assert message in str(err.value)
