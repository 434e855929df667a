"""The proof's checks of how pieces look (`inside`, `contrast`, `swatches`, `min-text`, `solid`, `colours-apart`,
`colour-blind`, `min-width`) tested in-process (issue 28's mutation line: `bash mutation/run.sh checks-looks`).

A tiny game is loaded with `conftest.game_from`; its kit is drawn (`printkit.kit.draw`), or, where the check
measures geometry, made by hand from drawings built here (a circle 3 mm past the trim, a text of a known
width, an outline with a neck), so that what each check must report is worked out in the test: distances past
the edge from the shapes' coordinates and the font's advance, WCAG contrast ratios from the definition of
relative luminance, text sizes in points, CIEDE2000 differences from `printkit.colours` (a library function
outside these modules).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from conftest import game_from

from printkit import colours
from printkit.checks.colour_blind import ColourBlindCheck, check_colour_blind
from printkit.checks.colours_apart import ColoursApartCheck, check_colours_apart, named_colours
from printkit.checks.contrast import ContrastCheck, check_contrast
from printkit.checks.inside import InsideCheck, check_inside
from printkit.checks.min_text import MinTextCheck, check_min_text, diagram_text_sizes
from printkit.checks.min_width import MinWidthCheck, check_min_width
from printkit.checks.solid import SolidCheck, check_solid
from printkit.checks.swatches import SwatchesCheck, _box_gap, _covers, _distance, check_swatches
from printkit.checks.words import WordsCheck, check_words
from printkit.drawing import CUT, Circle, Drawing, Group, Paint, Rect, Text, Use, polygon
from printkit.drawing import Path as DPath
from printkit.errors import DataError
from printkit.kinds import Art
from printkit.kit import Kit, draw
from printkit.layout import Item
from printkit.looks import Layer
from printkit.render.fonts import advance
from printkit.report import Line

HEAD = '[game]\ntitle = "T"\n'
PT = 25.4 / 72
RED, BLUE = "#cc2222", "#2244cc"


def kit_of(tmp_path: Path, toml: str) -> tuple[Any, Any]:
    game = game_from(tmp_path / "g", HEAD + toml)
    return game, draw(game)


def hand_kit(game: Any, *items: tuple[str, str, str, Art]) -> Kit:
    """A kit of pieces drawn here: (component, piece, variant key, art), one copy each."""
    kit = Kit(game)
    for comp, piece, key, art in items:
        kit.groups.setdefault("pieces", []).append(Item(comp, piece, key, 1, art, piece, None))
    return kit


def line(c: Any, name: str, expected: Any, found: Any, ok: bool, detail: str, pieces: tuple[str, ...] = ()) -> Line:
    verdict = "pass" if ok else ("fail" if c.severity == "error" else "warn")
    return Line(name, c.type, c.source, expected, found, verdict, c.severity, detail=detail, pieces=pieces)  # type: ignore[arg-type]


def fill(colour: str) -> Paint:
    return Paint(fill=colour)


CARDS = '''
[layouts.f]
elements = []
[[components]]
id = "card"
kind = "card"
width = 60
height = 90
face = "f"
vary = ["n"]
[[sets.n]]
name = "a"
[[sets.n]]
name = "b"
[[sets.n]]
name = "c"
[[components]]
id = "tok"
kind = "token"
size = 20
face = "f"
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = 10
'''


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return game_from(tmp_path_factory.mktemp("cards") / "g", HEAD + CARDS)


def past(text: Text) -> float:
    """How far a text at the left of the trim passes it: its first letter's sample (an eighth of its width in)."""
    return -(text.x + advance(text) / 8)


# --- inside --------------------------------------------------------------------------------------------------


def inside(**kw: Any) -> InsideCheck:
    return InsideCheck(id="in", type="inside", source="On the piece.", **kw)


def test_inside_on_a_card_measures_marks_and_texts_past_the_trim(cards: Any) -> None:
    words = Text(-5, 10, "Hello", 4)
    front = Drawing(60, 90, [
        Rect(-3, -3, 66, 96, fill("#eeeeee")),                      # the background into the bleed: not a mark
        Circle(-1, 30, 2, fill(RED)),                               # 3 mm past the left edge
        Circle(30, 88.5, 2, fill(RED)),                             # 0.5 mm past the bottom
        Circle(61, 50, 2, Paint(stroke=RED)),                       # not filled: not judged
        Circle(-1, 60, 2, fill(RED), "guide"),                      # not art
        Group((Circle(-1, 70, 2, fill(RED)),), clip=Rect(0, 0, 60, 90)),   # clipped to the piece
        Group((Text(-4, 80, "Clip", 3),), clip=Rect(0, 0, 60, 90)),         # a clipped text is still judged
        words,
        Text(-9, 20, "   ", 4),                                     # blank
        Rect(59, 5, 2, 2, fill(BLUE)),                              # 1 mm past the right edge
        Circle(30, 1.75, 2, fill(BLUE)),                            # 0.25 mm past the top: within 0.3
    ])
    clip_text = Text(-4, 80, "Clip", 3)
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    c = inside()
    offs = ["circle (3.0 mm past the edge) on the front of card-a",
            "circle (0.5 mm past the edge) on the front of card-a",
            f'text "Clip" ({past(clip_text):.1f} mm past the edge) on the front of card-a',
            f'text "Hello" ({past(words):.1f} mm past the edge) on the front of card-a',
            "rect (1.0 mm past the edge) on the front of card-a"]
    assert check_inside(cards, kit, c) == [line(
        c, "in[card]", "inside", "5 outside", False, "printed past the cut line: " + ", ".join(offs), ("card-a",))]
    # tolerance 0.25: the top circle is at the limit and passes; 0.24: it fails too
    assert check_inside(cards, kit, inside(tolerance=0.25))[0].found == "5 outside"
    assert check_inside(cards, kit, inside(tolerance=0.24))[0].found == "6 outside"
    # with a tolerance of 3 mm only the text and the clipped text remain (3.7 and 3.x mm past)
    assert past(words) > 3.0 and past(clip_text) > 3.0
    assert check_inside(cards, kit, inside(tolerance=3.0))[0].found == "2 outside"


def test_inside_reads_shared_drawings_and_backs_and_every_piece(cards: Any) -> None:
    sym = Drawing(4, 4, [Circle(0, 0, 2, fill(RED))])
    front = Drawing(60, 90, [Use("sym", (1, 0, 0, 1, -1, 40))], {"sym": sym})  # a circle centred at x = -1
    back = Drawing(60, 90, [Text(10, 10, "Back", 4), Circle(60.5, 45, 2, fill(BLUE))])
    art = Art(front, back)
    kit = hand_kit(cards, ("card", "card-a", "a", art), ("card", "card-b", "b", art),
                   ("tok", "tok", "", Art(Drawing(20, 20, [Circle(10, 10, 5, fill(RED))]))))
    c = inside()
    got = check_inside(cards, kit, c)
    offs = [f"circle (3.0 mm past the edge) on the {side} of card-{k}" if side == "front" else
            f"circle (2.5 mm past the edge) on the back of card-{k}" for k in "ab" for side in ("front", "back")]
    assert got == [
        line(c, "in[card]", "inside", "4 outside", False, "printed past the cut line: " + ", ".join(offs),
             ("card-a", "card-b")),
        line(c, "in[tok]", "inside", "inside", True, "everything tok prints stays inside its cut line"),
    ]
    assert check_inside(cards, kit, inside(components=["tok", "die"])) == got[1:]


def test_inside_a_deck_whose_cards_differ_in_words_judges_each_card_s_words(cards: Any) -> None:
    ground = Rect(0, 0, 60, 90, fill("#ffffff"))
    dot = Circle(-1, 30, 2, fill(RED))
    fronts = {k: Drawing(60, 90, [ground, dot, Text(x, 20, f"Word {k}", 4)]) for k, x in (("a", 5), ("b", -6), ("c", 5))}
    kit = hand_kit(cards, *(("card", f"card-{k}", k, Art(f)) for k, f in fronts.items()))
    c = inside()
    b_text = Text(-6, 20, "Word b", 4)
    offs = ["circle (3.0 mm past the edge) on the front of card-a",
            "circle (3.0 mm past the edge) on the front of card-b",
            f'text "Word b" ({past(b_text):.1f} mm past the edge) on the front of card-b',
            "circle (3.0 mm past the edge) on the front of card-c"]
    assert check_inside(cards, kit, c)[0] == line(
        c, "in[card]", "inside", "4 outside", False, "printed past the cut line: " + ", ".join(offs),
        ("card-a", "card-b", "card-c"))


def disc_cut(cx: float = 10, cy: float = 10, r: float = 10) -> Drawing:
    return Drawing(20, 20, [Circle(cx, cy, r, CUT, "cut")])


def test_inside_a_token_s_cut_line_a_mark_mostly_off_and_a_letter_off(cards: Any) -> None:
    # a 20 mm disc: a dot centred just outside at the corner (mostly off), one straddling the edge with its
    # centre inside (meant), one off by less than the tolerance, and a text whose last letters leave the disc
    front = Drawing(20, 20, [
        Rect(-1, -1, 22, 22, fill("#eeeeee")),
        Circle(2, 2, 1, fill(RED)),          # centre 11.3 mm from the disc's centre: off
        Circle(19, 10, 1.5, fill(RED)),      # centre 9 mm from it: on
        Circle(10, 20.2, 0.5, fill(BLUE)),   # centre 10.2 mm away, 0.2 mm off: within 0.3
        Text(8, 11, "Long word", 3),
    ])
    kit = hand_kit(cards, ("tok", "tok", "", Art(front, None, disc_cut())))
    c = inside()
    assert check_inside(cards, kit, c) == [line(
        c, "in[tok]", "inside", "2 outside", False,
        'printed past the cut line: circle on the front of tok, text "Long word" on the front of tok', ("tok",))]
    assert check_inside(cards, kit, inside(tolerance=0.1))[0].found == "3 outside"


def test_inside_a_back_is_measured_against_the_mirrored_cut_line(cards: Any) -> None:
    # the cut line: a disc in the left half of a 40 x 20 piece; seen from the back it lies in the right half
    cut = Drawing(40, 20, [Circle(10, 10, 9, CUT, "cut")])
    left, right = Circle(10, 10, 2, fill(RED)), Circle(30, 10, 2, fill(RED))
    art = Art(Drawing(40, 20, [left]), Drawing(40, 20, [right]), cut)
    bad = Art(Drawing(40, 20, [right]), Drawing(40, 20, [left]), cut)
    kit = hand_kit(cards, ("tok", "good", "", art), ("card", "card-a", "a", bad))
    c = inside()
    assert check_inside(cards, kit, c) == [
        line(c, "in[card]", "inside", "2 outside", False,
             "printed past the cut line: circle on the front of card-a, circle on the back of card-a", ("card-a",)),
        line(c, "in[tok]", "inside", "inside", True, "everything tok prints stays inside its cut line"),
    ]


def test_inside_a_cut_drawn_as_separate_lines_counts_as_its_box_and_a_shared_outline_is_read_once(cards: Any) -> None:
    lines = Drawing(20, 20, [DPath((("M", 0, 0), ("L", 20, 0), ("L", 20, 20)), CUT, "cut"),
                             DPath((("M", 20, 20), ("L", 0, 20), ("L", 0, 0)), CUT, "cut")])
    same = Drawing(20, 20, [DPath((("M", 0, 0), ("L", 20, 0), ("L", 20, 20)), CUT, "cut"),
                            DPath((("M", 20, 20), ("L", 0, 20), ("L", 0, 0)), CUT, "cut")])
    off = Drawing(20, 20, [Circle(-2, 10, 1, fill(RED))])
    on = Drawing(20, 20, [Circle(2, 10, 1, fill(RED))])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(off, None, lines)), ("card", "card-b", "b", Art(on, None, same)),
                   ("card", "card-c", "c", Art(off, None, same)))
    c = inside()
    assert check_inside(cards, kit, c)[0].detail == (
        "printed past the cut line: circle on the front of card-a, circle on the front of card-c")


# --- min-text ------------------------------------------------------------------------------------------------


def min_text(**kw: Any) -> MinTextCheck:
    return MinTextCheck(id="mt", type="min-text", source="Readable.", **{"min": "5pt", **kw})


def test_min_text_fronts_backs_and_the_smallest_per_piece(cards: Any) -> None:
    a = Art(Drawing(60, 90, [Text(5, 10, "big", 6 * PT), Text(5, 20, "  ", 1 * PT)]),
            Drawing(60, 90, [Text(5, 10, "tiny", 4 * PT), Text(5, 20, "tinier", 3 * PT)]))
    b = Art(Drawing(60, 90, [Group((Text(5, 10, "scaled", 8 * PT),), (0.5, 0, 0, 0.5, 0, 0))]))
    ok = Art(Drawing(20, 20, [Text(5, 10, "exact", 5 * PT)]))
    kit = hand_kit(cards, ("card", "card-a", "a", a), ("card", "card-b", "b", b), ("tok", "tok", "", ok))
    c = min_text()
    assert check_min_text(cards, kit, c) == [line(
        c, "mt", ">= 5.0pt", "3.0pt", False, "text smaller than 5.0pt: card-a (3.0pt), card-b (4.0pt)",
        ("card-a", "card-b"))]
    c = min_text(components=["tok"])
    assert check_min_text(cards, kit, c) == [line(c, "mt", ">= 5.0pt", "5.0pt", True,
                                                  "the smallest printed text is 5.0pt")]
    c = min_text(components=["die"])
    assert check_min_text(cards, kit, c) == [line(c, "mt", ">= 5.0pt", "no text", True,
                                                  "the smallest printed text is no text")]


def test_min_text_words_on_a_back_alone_are_read(cards: Any) -> None:
    art = Art(Drawing(60, 90, []), Drawing(60, 90, [Text(5, 10, "back", 2 * PT)]))
    c = min_text()
    got = check_min_text(cards, hand_kit(cards, ("card", "card-a", "a", art)), c)
    assert got[0].verdict == "fail" and got[0].found == "2.0pt"


def test_min_text_reads_the_rulebook_diagrams_at_their_printed_size(cards: Any) -> None:
    # a diagram 200 mm wide printed 100 mm wide: its 8 pt label prints at 4 pt; a label in a group scaled by 2
    # prints at 8 * 2 / 2 = 8 pt; a blank one is left out; a face placed by reference (Use) is not its text
    picture = Drawing(200, 100, [Text(0, 10, "label", 8 * PT), Text(0, 20, " ", 1 * PT),
                                 Group((Text(0, 30, "big", 8 * PT),), (2, 0, 0, 2, 0, 0)),
                                 Use("face")], {"face": Drawing(10, 10, [Text(0, 5, "x", 1 * PT)])})
    assert [round(s / PT, 6) for s in diagram_text_sizes(picture)] == [8.0, 16.0]
    kit = hand_kit(cards, ("tok", "tok", "", Art(Drawing(20, 20, [Text(5, 10, "ok", 6 * PT)]))))
    kit.diagrams = {"rules.md#2": (picture, 100.0), "rules.md#1": (Drawing(0, 0, []), 50.0)}
    c = min_text(components=["tok"])
    assert check_min_text(cards, kit, c) == [line(
        c, "mt", ">= 5.0pt", "4.0pt", False, "text smaller than 5.0pt: rulebook rules.md#2 (4.0pt)",
        ("rulebook rules.md#2",))]
    # a picture with no width is read at its own size
    kit.diagrams = {"d": (Drawing(0, 0, [Text(0, 1, "small", 4.5 * PT)]), 30.0)}
    assert check_min_text(cards, kit, c)[0].found == "4.5pt"


# --- min-width -----------------------------------------------------------------------------------------------


def min_width(**kw: Any) -> MinWidthCheck:
    return MinWidthCheck(id="mw", type="min-width", source="Scissors.", **{"min": 2.0, **kw})


def neck(width: float) -> Drawing:
    """Two 10 mm squares joined by a neck ``width`` mm wide (0: they meet at a point)."""
    lo, hi = 5 - width / 2, 5 + width / 2
    if width == 0:
        pts = [(0, 0), (10, 0), (10, 10), (20, 10), (20, 20), (10, 20), (10, 10), (0, 10)]
    else:
        pts = [(0, 0), (10, 0), (10, lo), (20, lo), (20, 0), (30, 0), (30, 10), (20, 10), (20, hi), (10, hi),
               (10, 10), (0, 10)]
    return Drawing(30, 20, [polygon(pts, CUT, "cut")])


def test_min_width_lists_the_narrowest_first(cards: Any) -> None:
    kit = hand_kit(cards, ("card", "card-a", "a", Art(Drawing(30, 20), None, neck(1.5))),
                   ("card", "card-b", "b", Art(Drawing(30, 20), None, neck(0))),
                   ("card", "card-c", "c", Art(Drawing(30, 20), None, neck(4))),
                   ("tok", "tok", "", Art(Drawing(20, 20))))
    c = min_width()
    got = check_min_width(cards, kit, c)
    assert got[0].verdict == "fail" and got[0].pieces == ("card-b", "card-a")
    assert got[0].found == "0.0 mm"
    assert got[0].detail == ("too narrow to cut with scissors: card-b (0 mm: a cusp, or parts meeting in a point), "
                             "card-a (1.5 mm)")
    c = min_width(components=["tok"])
    assert check_min_width(cards, kit, c) == [line(c, "mw", ">= 2.0 mm", ">= 2.0 mm", True,
                                                   "no cut outline of 0 pieces narrows below 2.0 mm")]
    kit = hand_kit(cards, ("card", "card-c", "c", Art(Drawing(30, 20), None, neck(4))))
    c = min_width(min=1.0)
    assert check_min_width(cards, kit, c) == [line(c, "mw", ">= 1.0 mm", ">= 1.0 mm", True,
                                                   "no cut outline of 1 pieces narrows below 1.0 mm")]


def test_min_width_a_width_of_exactly_a_twentieth_is_printed_as_a_width(cards: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # 0.05 mm is the least width printed as a width (0.05 rounds up to "0.1 mm"); below it, a cusp
    import printkit.checks.min_width as module

    kit = hand_kit(cards, ("card", "card-a", "a", Art(Drawing(30, 20), None, neck(1.0))),
                   ("card", "card-b", "b", Art(Drawing(30, 20), None, neck(2.0))))
    widths = iter([0.05, 0.04])
    monkeypatch.setattr(module, "narrowest", lambda outline, least: next(widths))
    got = check_min_width(cards, kit, min_width())
    assert got[0].detail == ("too narrow to cut with scissors: card-b (0 mm: a cusp, or parts meeting in a point), "
                             "card-a (0.1 mm)")


def test_min_width_a_neck_of_a_twentieth_is_a_width_of_its_own(cards: Any) -> None:
    kit = hand_kit(cards, ("card", "card-a", "a", Art(Drawing(30, 20), None, neck(0.06))))
    got = check_min_width(cards, kit, min_width())
    assert got[0].detail == "too narrow to cut with scissors: card-a (0.1 mm)" and got[0].found == "0.1 mm"


# --- contrast ------------------------------------------------------------------------------------------------


def wcag(a: str, b: str) -> float:
    """The WCAG 2.x contrast ratio, from its definition (relative luminance of sRGB)."""
    def lum(colour: str) -> float:
        def ch(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def contrast(**kw: Any) -> ContrastCheck:
    return ContrastCheck(id="ct", type="contrast", source="Legible.", **kw)


WHITE = Rect(-1, -1, 62, 92, fill("#ffffff"))


def test_contrast_faint_text_small_and_large(cards: Any) -> None:
    grey, light = "#777777", "#888888"
    assert wcag(grey, "#ffffff") < 4.5 < wcag("#767676", "#ffffff")
    assert 3.0 < wcag(light, "#ffffff") < 4.5
    front = Drawing(60, 90, [WHITE, Text(5, 10, "Grey words", 3, grey), Text(5, 40, "Large", 14 * PT, light),
                             Text(5, 60, "Fine", 3, "#000000")])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    c = contrast()
    r, rl = wcag(grey, "#ffffff"), wcag(light, "#ffffff")
    assert check_contrast(cards, kit, c) == [line(
        c, "ct[card]", ">= 4.5:1", f"{rl:.1f}:1", False,
        f'text too faint on its background: "Grey words" ({grey} on #ffffff, {r:.1f}:1) on card-a; '
        "at least 4.5:1 wanted (3:1 from 14 pt)", ("card-a",))]
    # large text at 3.5:1 passes 3 but not 3.7; text of 14 pt less a hair is not large
    c = contrast(min=2.0, large=3.7)
    assert check_contrast(cards, kit, c)[0].detail.startswith('text too faint on its background: "Large"')
    c = contrast(min=2.0, large=3.0)
    assert check_contrast(cards, kit, c) == [line(
        c, "ct[card]", ">= 2:1", f"{rl:.1f}:1", True, f"3 texts, the faintest {rl:.1f}:1")]
    front2 = Drawing(60, 90, [WHITE, Text(5, 40, "Nearly", 14 * PT - 1e-6, light)])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front2)))
    assert check_contrast(cards, kit, contrast(large=3.0))[0].verdict == "warn"
    # exactly at the limit passes
    assert check_contrast(cards, kit, contrast(min=rl))[0].verdict == "pass"
    assert check_contrast(cards, kit, contrast(min=rl + 1e-6))[0].verdict == "warn"


def test_contrast_names_three_texts_of_one_piece_then_one_per_piece(cards: Any) -> None:
    grey = "#999999"
    a = Drawing(60, 90, [WHITE, *(Text(5, 10 + 10 * k, f"a{k}", 3, grey) for k in range(5))])
    b = Drawing(60, 90, [WHITE, Text(5, 10, "b0", 3, grey), Text(5, 20, "b1", 3, grey)])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(a)), ("card", "card-b", "b", Art(b)))
    r = wcag(grey, "#ffffff")
    got = check_contrast(cards, kit, contrast())[0]
    named = [f'"{t}" ({grey} on #ffffff, {r:.1f}:1) on card-{t[0]}' for t in ("a0", "a1", "a2", "b0")]
    assert got.detail == (f"text too faint on its background: {', '.join(named)}; at least 4.5:1 wanted "
                          "(3:1 from 14 pt)")
    assert got.pieces == ("card-a", "card-b")


def test_contrast_marks_and_pictures(cards: Any) -> None:
    faint = "#bbbbbb"
    rm = wcag(faint, "#ffffff")
    assert rm < 3.0
    front = Drawing(60, 90, [WHITE, Circle(30, 30, 3, fill(faint)), Circle(30, 60, 3, fill("#000000")),
                             Rect(0, 70, 60, 20, fill("image")), Text(5, 85, "On a picture", 3, "#eeeeee")])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    c = contrast()
    assert check_contrast(cards, kit, c) == [line(
        c, "ct[card]", ">= 4.5:1", f"{rm:.1f}:1", False,
        f"marks too faint on its background: a mark 6.0 x 6.0 mm at (30.0, 30.0) ({faint} on #ffffff, {rm:.1f}:1) "
        "on card-a; at least 4.5:1 wanted for text (3:1 from 14 pt), 3:1 for marks", ("card-a",))]
    c = contrast(marks=rm)
    assert check_contrast(cards, kit, c) == [line(
        c, "ct[card]", ">= 4.5:1", f"{rm:.1f}:1", True, f"2 marks, the faintest {rm:.1f}:1")]
    assert check_contrast(cards, kit, contrast(marks=rm + 1e-6))[0].verdict == "warn"
    # marks not measured: nothing measured at all, no line
    assert check_contrast(cards, kit, contrast(marks=1)) == []


def test_contrast_text_and_marks_together(cards: Any) -> None:
    grey, faint = "#999999", "#bbbbbb"
    front = Drawing(60, 90, [WHITE, Text(5, 10, "Grey", 3, grey), Circle(30, 30, 3, fill(faint)),
                             Text(5, 50, "Dark", 3, "#000000")])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    r, rm = wcag(grey, "#ffffff"), wcag(faint, "#ffffff")
    c = contrast()
    assert check_contrast(cards, kit, c)[0] == line(
        c, "ct[card]", ">= 4.5:1", f"{r:.1f}:1", False,
        f'text and marks too faint on its background: "Grey" ({grey} on #ffffff, {r:.1f}:1) on card-a, '
        f"a mark 6.0 x 6.0 mm at (30.0, 30.0) ({faint} on #ffffff, {rm:.1f}:1) on card-a; "
        "at least 4.5:1 wanted for text (3:1 from 14 pt), 3:1 for marks", ("card-a",))
    assert 1.5 < rm < 2 < r
    c = contrast(min=2, marks=1.5)
    assert check_contrast(cards, kit, c)[0] == line(
        c, "ct[card]", ">= 2:1", f"{r:.1f}:1", True,
        f"2 texts, the faintest {r:.1f}:1; 1 marks, the faintest {rm:.1f}:1")


def test_contrast_a_back_mark_outside_the_mirrored_cut_is_cut_away(cards: Any) -> None:
    faint = "#bbbbbb"
    cut = Drawing(40, 20, [Circle(10, 10, 9, CUT, "cut")])
    ground = Rect(-1, -1, 42, 22, fill("#ffffff"))
    side = Drawing(40, 20, [ground, Circle(10, 10, 3, fill(faint))])
    kit = hand_kit(cards, ("tok", "tok", "", Art(side, Drawing(40, 20, [ground, Circle(10, 10, 3, fill(faint))]), cut)))
    got = check_contrast(cards, kit, contrast())
    assert got[0].detail.startswith("marks too faint") and got[0].detail.count("a mark") == 1
    # the front's mark in the left half and the back's in its right half: both inside the cut, both measured
    kit = hand_kit(cards, ("tok", "tok", "", Art(side, Drawing(40, 20, [ground, Circle(30, 10, 3, fill(faint))]), cut)))
    assert check_contrast(cards, kit, contrast())[0].detail.count("a mark") == 2
    # the same mark on the back's right half (inside the mirrored cut) is measured, on the front it is cut away
    kit = hand_kit(cards, ("tok", "tok", "", Art(Drawing(40, 20, [ground, Circle(30, 10, 3, fill(faint))]),
                                                 Drawing(40, 20, [ground, Circle(30, 10, 3, fill(faint))]), cut)))
    got = check_contrast(cards, kit, contrast())
    assert got[0].detail.count("a mark") == 1


def test_contrast_a_mark_is_at_most_three_quarters_of_a_piece_or_eight_tenths_of_a_net_edge(cards: Any) -> None:
    faint = "#bbbbbb"
    ground = Rect(-1, -1, 42, 32, fill("#ffffff"))
    # on a 40 x 30 face: a 9 mm dot is a mark on a token, not on a net of edge 10 (8 mm at most); 7.8 mm is both
    # across: 30 mm of the 40 mm width at most (a 31 x 5 bar is not a mark), 22.5 of the 30 mm height
    for comp, d, e, n in (("tok", 9, 9, 1), ("die", 9, 9, 0), ("die", 7.8, 7.8, 1), ("die", 7.8, 8.1, 0),
                          ("tok", 30, 5, 1), ("tok", 30.1, 5, 0), ("tok", 5, 22.5, 1), ("tok", 5, 22.6, 0)):
        face = Drawing(40, 30, [ground, Rect(20 - d / 2, 15 - e / 2, d, e, fill(faint))])
        kit = hand_kit(cards, (comp, comp, "", Art(face)))
        got = check_contrast(cards, kit, contrast())
        assert len(got) == n, (comp, d, e)
    # an area of a quarter of the piece at most: 30 x 10 (300 of 1200 mm²) is a mark, 30 x 10.1 not
    for h, n in ((10, 1), (10.1, 0)):
        face = Drawing(40, 30, [ground, Rect(5, 10, 30, h, fill(faint))])
        assert len(check_contrast(cards, hand_kit(cards, ("tok", "tok", "", Art(face))), contrast())) == n


def test_contrast_faces_painted_alike_are_measured_alike(cards: Any) -> None:
    faint = "#bbbbbb"
    dot = Circle(30, 30, 3, fill(faint))
    fronts = [Drawing(60, 90, [WHITE, dot, Text(5, 10, f"Card {k}", 3, "#000000")]) for k in "abc"]
    other = Drawing(60, 90, [WHITE, Circle(30, 30, 3, fill(faint))])
    kit = hand_kit(cards, *(("card", f"card-{k}", k, Art(f)) for k, f in zip("ab", fronts, strict=False)),
                   ("card", "card-c", "c", Art(other)))
    got = check_contrast(cards, kit, contrast())[0]
    assert got.pieces == ("card-a", "card-b", "card-c") and got.detail.count("a mark") == 3


# --- swatches ------------------------------------------------------------------------------------------------

SWATCH_GAME = '''
[palette]
red = "#cc2222"
blue = "#2244cc"
[[sets.colour]]
name = "red"
label = "Crimson"
[[sets.colour]]
name = "blue"
[[sets.side]]
name = "x"
fill = "#123456"
[[sets.side]]
name = "y"
fill = "nothing"
[layouts.f]
elements = []
[[components]]
id = "card"
kind = "card"
width = 60
height = 90
face = "f"
vary = ["colour"]
'''


def test_swatches_distance_box_gap_and_covering() -> None:
    sq = Layer(0, (((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)),), (0.0, 0.0, 10.0, 10.0), "art", "#000000", 100.0)
    assert _distance(5, 5, sq) == 0.0
    assert _distance(13, 14, sq) == pytest.approx(5.0)      # from the corner (10, 10)
    assert _distance(5, -2, sq) == pytest.approx(2.0)       # from the bottom edge
    assert _distance(-3, 5, sq) == pytest.approx(3.0)
    point = Layer(0, (((2.0, 2.0), (2.0, 2.0)),), (2.0, 2.0, 2.0, 2.0), "art", "#000000", 0.0)
    assert _distance(5, 6, point) == pytest.approx(5.0)     # a ring of one point: its own distance
    assert _box_gap((0, 0, 1, 2), (4, 6, 6, 7)) == pytest.approx(5.0)
    assert _box_gap((4, 6, 6, 7), (0, 0, 1, 2)) == pytest.approx(5.0)
    assert _box_gap((0, 0, 4, 4), (2, 6, 3, 7)) == pytest.approx(2.0)
    assert _box_gap((0, 0, 4, 4), (3, 3, 5, 5)) == 0.0
    assert _covers((0, 0, 9, 9), 10, 10) and not _covers((0, 0, 8.9, 9), 10, 10) and not _covers((0, 0, 9, 8.9), 10, 10)
    assert _covers((0, 0, 9.5, 9.5), 10, 10) and not _covers((1, 0, 9.5, 10), 10, 10) and not _covers((0, 1, 10, 9.5), 10, 10)


def label(text: str, x: float, y: float) -> Text:
    return Text(x, y, text, 3)


def test_swatches_a_label_by_another_colour(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    face = Drawing(60, 90, [Rect(-1, -1, 62, 92, fill(RED)),                  # the card's own background: no swatch
                            Circle(5, 10, 2, fill(RED)), label("Crimson", 8, 11),   # by its own colour
                            Circle(5, 30, 2, fill(RED)), label("blue", 8, 31),      # by red, blue is far
                            Circle(50, 80, 2, fill(BLUE)),
                            label("red", 8, 60)])                                  # no patch within reach
    kit = hand_kit(game, ("card", "card-red", "red", Art(face)))
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    assert check_swatches(game, kit, c) == [line(
        c, "sw", "agree", "1 disagree", False,
        f'colour labels beside another colour: "blue" on card-red sits by red ({RED}), not by blue ({BLUE})',
        ("card-red",))]
    # reach 60: the red label at (8, 60) now reads the nearest patch too (the red dot at (5, 30) is 25 mm off,
    # the blue one farther)
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.", reach=60)
    got = check_swatches(game, kit, c)[0]
    assert got.found == "1 disagree"


def test_swatches_agree_and_a_background_under_the_label_is_no_swatch(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    face = Drawing(60, 90, [Rect(0, 0, 40, 40, fill(BLUE)),                   # under the label, many times its size
                            Circle(5, 10, 2, fill(RED)), label("red", 8, 11),
                            Circle(5, 30, 2, fill(BLUE)), label("blue", 8, 31)])
    kit = hand_kit(game, ("card", "card-red", "red", Art(face)), ("card", "card-blue", "blue", Art(face)))
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    assert check_swatches(game, kit, c) == [line(c, "sw", "agree", "agree", True,
                                                 "2 colour labels sit by their own colour")]


def test_swatches_nothing_to_read(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    # labels but no patch of a set's colour; a patch but no label; a label far from the patches
    for nodes in ([label("red", 8, 11)], [Circle(5, 10, 2, fill(RED))],
                  [Circle(5, 10, 2, fill(RED)), label("red", 30, 60)], [Rect(-1, -1, 62, 92, fill(RED)), label("red", 8, 11)]):
        assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(Drawing(60, 90, nodes)))), c) == []
    plain = game_from(tmp_path / "p", HEAD + CARDS)
    kit = hand_kit(plain, ("card", "card-a", "a", Art(Drawing(60, 90, [Circle(5, 10, 2, fill(RED)), label("red", 8, 11)]))))
    assert check_swatches(plain, kit, c) == []


def test_swatches_reads_a_face_once_and_backs_too(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    wrong = Drawing(60, 90, [Circle(5, 30, 2, fill(RED)), label("blue", 8, 31)])
    kit = hand_kit(game, ("card", "card-red", "red", Art(Drawing(60, 90, []), wrong)),
                   ("card", "card-blue", "blue", Art(wrong, wrong)))
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.", components=["card"])
    got = check_swatches(game, kit, c)[0]
    assert got.found == "1 disagree" and got.pieces == ("card-red",)


# --- solid ---------------------------------------------------------------------------------------------------

NETS = '''
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = 12
faces = [{ pips = 1 }, { pips = 2 }, { symbol = "star" }, { text = "X" }, { pips = 2 }, {}]
[[components]]
id = "cup"
kind = "net"
solid = "square-pyramid"
edge = 20
height = 25
unfold = "fan"
open = ["base"]
all = { pips = 1 }
[[components]]
id = "chip"
kind = "token"
size = 10
face = "f"
[layouts.f]
elements = []
'''


def solid(**kw: Any) -> SolidCheck:
    return SolidCheck(id="s", type="solid", source="Dice.", **{"component": "die", **kw})


def test_solid_blank_and_alike_faces(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, NETS)
    c = solid(distinct=True)
    assert check_solid(game, kit, c) == [
        line(c, "s[faces]", "every face printed", "1 blank", False, "faces with nothing printed: die face 5", ("die",)),
        line(c, "s[distinct]", "no two faces alike", "1 alike", False, "faces alike: die faces 1 and 4 (2 pips)",
             ("die",)),
        line(c, "s[closes]", "glued edges of equal length", "0 mismatched", True,
             "every glued edge meets its partner in length"),
    ]
    c = solid(blank=[5])
    assert check_solid(game, kit, c) == [
        line(c, "s[faces]", "every face printed but [5]", "0 blank", True, "every face of 1 pieces carries its content"),
        line(c, "s[closes]", "glued edges of equal length", "0 mismatched", True,
             "every glued edge meets its partner in length"),
    ]


def test_solid_an_open_face_needs_no_content_and_is_not_compared(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, NETS)
    c = solid(component="cup", distinct=True)
    got = check_solid(game, kit, c)
    # the base is left out: four sides of 1 pip each, alike (1 with 2, 3 and 4)
    assert got[0] == line(c, "s[faces]", "every face printed", "0 blank", True, "every face of 1 pieces carries its content")
    assert got[1] == line(c, "s[distinct]", "no two faces alike", "3 alike", False,
                          "faces alike: cup faces 1 and 2 (1 pips), cup faces 1 and 3 (1 pips), cup faces 1 and 4 (1 pips)",
                          ("cup",))


def test_solid_glued_edges_of_unequal_length(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, NETS)
    from printkit.checks import _kit
    comp = game.component("die")
    net = _kit._net(game, comp, game.variants["die"][0])
    # the same net with one glued pair made 0.06 mm apart in length, one 0.05 (still meeting)
    (fa, (a1, a2)), (fb, (b1, b2)) = net.glued[0]
    long_b = (b1, (b2[0] + (b2[0] - b1[0]) * 0.06 / 12, b2[1] + (b2[1] - b1[1]) * 0.06 / 12))
    near_b = (b1, (b2[0] + (b2[0] - b1[0]) * 0.04 / 12, b2[1] + (b2[1] - b1[1]) * 0.04 / 12))
    glued = [((fa, (a1, a2)), (fb, long_b)), ((fa, (a1, a2)), (fb, near_b))]

    class Fake:
        def __init__(self, glued: Any) -> None:
            self.glued, self.solid = glued, net.solid

    for key in [k for k in game.cache if isinstance(k, tuple) and k and k[0] == "playtest-net"]:
        game.cache[key] = Fake(glued)
    c = solid(blank=[5])
    assert check_solid(game, kit, c)[1] == line(
        c, "s[closes]", "glued edges of equal length", "1 mismatched", False,
        f"edges that cannot meet: die (face {fa} edge 12.0 mm glued to face {fb} edge 12.1 mm)", ("die",))


def test_solid_glued_edges_exactly_a_twentieth_apart_still_meet(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, NETS)
    from printkit.checks import _kit
    comp = game.component("die")
    net = _kit._net(game, comp, game.variants["die"][0])
    (fa, _), (fb, _) = net.glued[0]
    # lengths 0.05 and 0 mm: exactly 0.05 apart in floating point (hypot of one coordinate is that coordinate)
    glued = [((fa, ((0.0, 0.0), (0.05, 0.0))), (fb, ((3.0, 3.0), (3.0, 3.0))))]

    class Fake:
        def __init__(self) -> None:
            self.glued, self.solid = glued, net.solid

    for key in [k for k in game.cache if isinstance(k, tuple) and k and k[0] == "playtest-net"]:
        game.cache[key] = Fake()
    c = solid(blank=[5])
    assert check_solid(game, kit, c)[1] == line(c, "s[closes]", "glued edges of equal length", "0 mismatched", True,
                                                "every glued edge meets its partner in length")


def test_solid_wants_a_net(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, NETS)
    with pytest.raises(DataError) as err:
        check_solid(game, kit, solid(component="chip"))
    (p,) = err.value.problems
    assert (p.path, p.expected, p.found) == ("checks.s.component", "a `net` component", '"chip"')


# --- colours-apart and colour-blind --------------------------------------------------------------------------

COLOURED = '''
[palette]
red = "#cc2222"
crimson = "#c82424"
green = "#2e8b2e"
blue = "#2244cc"
[[sets.colour]]
name = "red"
[[sets.colour]]
name = "crimson"
[[sets.colour]]
name = "green"
[[sets.colour]]
name = "blue"
[[sets.team]]
name = "home"
colour = "red"
[[sets.team]]
name = "away"
colour = "green"
[layouts.plain]
background = "{colour.name}"
elements = []
[layouts.named]
background = "{colour.name}"
elements = [{ type = "text", text = "{colour.name}", x = 2, y = 10, size = 3 }]
[layouts.teamed]
background = "{team.colour}"
elements = []
[[components]]
id = "chip"
kind = "token"
size = 20
face = "plain"
vary = ["colour"]
[[components]]
id = "disc"
kind = "token"
size = 20
face = "named"
vary = ["colour"]
[[components]]
id = "pawn"
kind = "token"
size = 20
face = "teamed"
vary = ["team"]
'''


def apart(**kw: Any) -> ColoursApartCheck:
    return ColoursApartCheck(id="ca", type="colours-apart", source="Apart.", **kw)


def test_colours_apart_a_set_of_colours_and_pieces_told_apart_by_colour(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, COLOURED)
    pal = {"red": "#cc2222", "crimson": "#c82424", "green": "#2e8b2e", "blue": "#2244cc"}
    d = colours.difference(pal["red"], pal["crimson"])
    assert d < 10 and all(colours.difference(a, b) > 10 for a, b in
                          ((pal["red"], pal["green"]), (pal["red"], pal["blue"]), (pal["green"], pal["blue"]),
                           (pal["crimson"], pal["green"]), (pal["crimson"], pal["blue"])))
    c = apart(components=["chip", "disc"])
    got = check_colours_apart(game, kit, c)
    assert got[0] == line(c, "ca[colour]", ">= 10", f"{d:.1f}", False,
                          f"the colour values print alike: red and crimson (#cc2222 and #c82424, {d:.1f} apart); "
                          "colours named apart must differ by at least 10 (CIEDE2000)", ("chip", "disc"))
    assert got[1] == line(c, "ca[chip/colour]", ">= 10", f"{d:.1f}", False,
                          f"chip pieces told apart by colour only by colour look alike: red and crimson (#cc2222 and "
                          f"#c82424, {d:.1f} apart); they differ by less than 10 (CIEDE2000): change a colour or add a "
                          "symbol or label", ("chip-red", "chip-crimson"))
    assert got[2] == line(c, "ca[disc/colour]", ">= 10", "apart", True,
                          "disc: every two colour values differ by a symbol, a label or a figure")
    assert len(got) == 3


def test_colours_apart_all_apart(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, COLOURED.replace('crimson = "#c82424"', 'crimson = "#f0e040"'))
    c = apart(components=["chip"], min=5)
    got = check_colours_apart(game, kit, c)
    values = {"red": "#cc2222", "crimson": "#f0e040", "green": "#2e8b2e", "blue": "#2244cc"}
    least = min(colours.difference(a, b) for i, a in enumerate(values.values()) for b in list(values.values())[i + 1:])
    assert got[0] == line(c, "ca[colour]", ">= 5", f"{least:.1f}", True,
                          f"every two colour values differ by {least:.1f} or more (CIEDE2000)")
    assert got[1] == line(c, "ca[chip/colour]", ">= 5", f"{least:.1f}", True,
                          f"chip pieces told apart by colour by colour alone differ by {least:.1f} or more (CIEDE2000)")
    # a set whose records are not all colours by name (team: home, away) has no set line, but its pieces are compared
    c = apart(components=["pawn"])
    got = check_colours_apart(game, kit, c)
    d = colours.difference("#cc2222", "#2e8b2e")
    assert got == [line(c, "ca[pawn/team]", ">= 10", f"{d:.1f}", True,
                        f"pawn pieces told apart by team by colour alone differ by {d:.1f} or more (CIEDE2000)")]
    assert named_colours(game, kit, ["pawn"]) == []
    assert named_colours(game, kit, ["chip"]) == [("colour", values, ["chip"])]


def test_colours_apart_pieces_drawn_in_the_same_colours(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, COLOURED.replace('background = "{colour.name}"\nelements = []',
                                                  'background = "red"\nelements = []', 1))
    c = apart(components=["chip"])
    got = [ln for ln in check_colours_apart(game, kit, c) if ln.check == "ca[chip/colour]"]
    assert got[0].found == "0.0" and got[0].detail.startswith(
        "chip pieces told apart by colour only by colour look alike: red and crimson (drawn in the same colours), "
        "red and green (drawn in the same colours)")
    # each pair named once, every piece blamed in pairs' order
    assert got[0].pieces[:2] == ("chip-red", "chip-crimson")


def blind(**kw: Any) -> ColourBlindCheck:
    return ColourBlindCheck(id="cb", type="colour-blind", source="Colour-blind players.", **kw)


def test_colour_blind_red_and_green_alike_for_deuteranopes(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, COLOURED)
    red, green = "#cc2222", "#2e8b2e"
    seen = {d: colours.difference(colours.simulate(red, d), colours.simulate(green, d))
            for d in ("protanopia", "deuteranopia", "tritanopia")}
    assert seen["deuteranopia"] < 10 < seen["tritanopia"]
    c = blind(components=["pawn"])
    got = check_colour_blind(game, kit, c)
    close = [f"home and away with {d} ({v:.1f} apart)" for d, v in seen.items() if v < 10]
    least = min(seen.values())
    assert got == [line(c, "cb[pawn/team]", ">= 10", f"{least:.1f}", False,
                        f"pawn pieces told apart by team only by colour look alike to colour-blind players: "
                        f"{', '.join(close)} (Machado et al. 2009 simulation, CIEDE2000 below 10): choose colours "
                        "that differ in lightness too, or add a symbol or label", ("pawn-home", "pawn-away"))]
    c = blind(components=["pawn"], deficiencies=["tritanopia"], severity="error")
    assert check_colour_blind(game, kit, c) == [line(
        c, "cb[pawn/team]", ">= 10", f"{seen['tritanopia']:.1f}", True,
        f"pawn pieces stay {seen['tritanopia']:.1f} or more apart with tritanopia")]
    # pieces alike for everyone are left to colours-apart; labelled pieces are not compared
    c = blind(components=["chip", "disc"], deficiencies=["tritanopia"])
    got = check_colour_blind(game, kit, c)
    assert [ln.check for ln in got] == ["cb[chip/colour]"]
    red_crimson = ("red", "crimson")
    assert red_crimson[0] + " and " + red_crimson[1] not in got[0].detail


# --- words on backs (the planted bug: backs never read) ------------------------------------------------


def test_words_on_a_back_are_read(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    kit = hand_kit(game, ("card", "card-red", "red", Art(Drawing(60, 90, [Text(5, 10, "Red", 3)]),
                                                          Drawing(60, 90, [Text(5, 10, "Blue", 3)]))))
    c = WordsCheck(id="w", type="words", component="card", set="colour", source="Names.")
    got = check_words(game, kit, c)
    assert got[0].verdict == "fail" and 'prints "BLUE"' in got[0].detail


def test_inside_the_same_mark_and_text_on_faces_painted_differently_and_without_the_caches(cards: Any) -> None:
    from printkit.checks._kit import cut_line
    from printkit.checks.inside import _outside

    dot, words = Circle(-1, 30, 2, fill(RED)), Text(-5, 50, "Hello", 4)
    one = Drawing(60, 90, [dot, Group((words,)), Rect(5, 5, 2, 2, fill(BLUE))])
    two = Drawing(60, 90, [Rect(10, 10, 2, 2, fill(BLUE)), dot, Group((words,)), DPath((), fill(RED))])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(one)), ("card", "card-b", "b", Art(two)))
    far = f"{past(words):.1f}"
    offs = [f"circle (3.0 mm past the edge) on the front of card-{k}, "
            f'text "Hello" ({far} mm past the edge) on the front of card-{k}' for k in "ab"]
    assert check_inside(cards, kit, inside())[0].detail == "printed past the cut line: " + ", ".join(offs)
    # without caches: the same verdicts, on a cut line too
    face = Drawing(20, 20, [Circle(2, 2, 1, fill(RED)), Circle(19, 10, 1.5, fill(RED)), Text(8, 11, "Long word", 3)])
    cut = cut_line(disc_cut())
    assert _outside(face, cut, 0.3) == ["circle", 'text "Long word"']
    long_word = Text(8, 11, "Long word", 3)
    right = long_word.x + advance(long_word) * 7 / 8 - 20  # its last letter's sample past the right edge
    assert _outside(face, None, 0.3) == ["circle (0.5 mm past the edge)", f'text "Long word" ({right:.1f} mm past the edge)']


# --- killing the first run's survivors -------------------------------------------------------------------------


def test_min_text_a_turned_diagram_label_keeps_its_size_and_one_at_the_limit_passes(cards: Any) -> None:
    c45 = math.cos(math.radians(45))
    picture = Drawing(100, 50, [Group((Text(0, 10, "turned", 6 * PT),), (c45, c45, -c45, c45, 0, 0))])
    assert [round(v / PT, 6) for v in diagram_text_sizes(picture)] == [6.0]
    # a blank text before a small one on the same face; a text exactly at the limit less the tolerance
    art = Art(Drawing(60, 90, [Text(5, 5, " ", 1), Text(5, 10, "small", 1.0)]))
    kit = hand_kit(cards, ("card", "card-a", "a", art))
    assert check_min_text(cards, kit, min_text(min=1.5))[0].pieces == ("card-a",)
    edge = Art(Drawing(60, 90, [Text(5, 10, "edge", 2.0 - 1e-6)]))
    assert check_min_text(cards, hand_kit(cards, ("card", "card-a", "a", edge)), min_text(min=2.0))[0].verdict == "pass"


def test_inside_near_looks_a_tolerance_away_each_way(cards: Any) -> None:
    from printkit.checks._kit import cut_line
    from printkit.checks.inside import _near

    square = cut_line(Drawing(20, 20, [polygon([(0, 0), (20, 0), (20, 20), (0, 20)], CUT, "cut")]))
    assert square is not None
    assert _near(square, 20.2, 19.5, 0.3) and _near(square, -0.2, 0.5, 0.3)
    assert _near(square, 0.5, 20.2, 0.3) and _near(square, 19.5, -0.2, 0.3)
    assert not _near(square, 20.4, 10, 0.3) and not _near(square, 10, 20.4, 0.3)


def test_inside_a_large_shape_is_no_mark_and_a_mark_is_judged_by_its_middle_and_most_of_its_points(cards: Any) -> None:
    # on a 100 mm square token cut square: marks are at most 40 mm across
    cut = Drawing(100, 100, [polygon([(0, 0), (100, 0), (100, 100), (0, 100)], CUT, "cut")])
    red = fill(RED)
    shapes = {
        "mid in, most off": polygon([(90, 50), (102, 44), (102, 48), (102, 52), (102, 56)], red),
        "mid in, most off below": polygon([(50, 90), (44, 102), (48, 102), (52, 102), (56, 102)], red),
        "mid off, one off": polygon([(110, 50), (98, 44), (98, 48), (98, 52), (98, 56)], red),
        "mid off, two of five off": polygon([(110, 50), (110, 52), (98, 44), (98, 48), (98, 56)], red),
        # 24 points, every other one sampled (the 2nd of each pair off, and two sampled ones): 2 of 12 sampled off
        "comb": polygon([(104 if (i % 2 or i in (0, 2)) else 98, 20 + i) for i in range(24)], red),
    }
    for what, shape in shapes.items():
        kit = hand_kit(cards, ("tok", "tok", "", Art(Drawing(100, 100, [shape]), None, cut)))
        assert check_inside(cards, kit, inside())[0].verdict == "pass", what
    # a circle 30 mm across on a 60 mm card is no mark (at most 24 mm): it may run off
    kit = hand_kit(cards, ("card", "card-a", "a", Art(Drawing(60, 90, [Circle(-1, 45, 15, red)]))))
    assert check_inside(cards, kit, inside())[0].verdict == "pass"


def test_inside_one_drawing_as_front_and_back_is_judged_on_each_side(cards: Any) -> None:
    cut = Drawing(40, 20, [Circle(10, 10, 9, CUT, "cut")])
    both = Drawing(40, 20, [Circle(10, 10, 2, fill(RED))])
    kit = hand_kit(cards, ("tok", "tok", "", Art(both, both, cut)))
    assert check_inside(cards, kit, inside())[0].detail == "printed past the cut line: circle on the back of tok"


def test_contrast_a_card_s_light_grey_shapes_are_no_ground(cards: Any) -> None:
    # #eeeeee is a net's glue tab colour: on a net, what it paints before is its ground; on a card it is not
    faint = "#bbbbbb"
    front = Drawing(60, 90, [WHITE, Circle(30, 30, 3, fill(faint)), Rect(50, 80, 5, 5, fill("#eeeeee"))])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    assert check_contrast(cards, kit, contrast())[0].detail.count("a mark") == 2  # the dot and the light square


def test_contrast_text_on_a_picture_first_and_faces_of_the_same_shapes_in_other_colours(cards: Any) -> None:
    grey = "#999999"
    front = Drawing(60, 90, [WHITE, Rect(0, 0, 60, 20, fill("image")), Text(5, 10, "On a picture", 3, "#eeeeee"),
                             Text(5, 50, "Grey", 3, grey)])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    assert check_contrast(cards, kit, contrast())[0].detail.startswith('text too faint on its background: "Grey"')
    # the same dot in a faint and a dark colour on two cards: only the faint one is blamed
    a = Drawing(60, 90, [WHITE, Circle(30, 30, 3, fill("#bbbbbb"))])
    b = Drawing(60, 90, [WHITE, Circle(30, 30, 3, fill("#000000"))])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(a)), ("card", "card-b", "b", Art(b)))
    assert check_contrast(cards, kit, contrast())[0].pieces == ("card-a",)


def test_contrast_names_three_marks_of_one_piece_then_one_per_piece(cards: Any) -> None:
    faint = "#bbbbbb"
    a = Drawing(60, 90, [WHITE, *(Circle(10 + 10 * k, 30, 2, fill(faint)) for k in range(4))])
    b = Drawing(60, 90, [WHITE, Circle(30, 60, 2, fill(faint)), Circle(30, 70, 2, fill(faint))])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(a)), ("card", "card-b", "b", Art(b)))
    got = check_contrast(cards, kit, contrast())[0]
    assert got.detail.count("on card-a") == 3 and got.detail.count("on card-b") == 1
    assert "at (30.0, 60.0)" in got.detail and "at (40.0, 30.0)" not in got.detail


def test_swatches_small_patches_under_a_label_and_a_background_by_its_middle(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    blue = label("blue", 8, 31)
    x0, x1 = 8, 8 + advance(blue)
    y0, y1 = 31 - 0.72 * 3, 31 + 0.2 * 3
    area = (x1 - x0) * (y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    # a red patch under the label's middle, 9.5 times its size: no background (that takes 10 times), the nearest
    side = math.sqrt(9.5 * area)
    under = Rect(cx - side / 2, cy - side / 2, side, side, fill(RED))
    face = Drawing(60, 90, [under, blue, Circle(x1 + 2.5, cy, 1, fill(BLUE))])
    got = check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)
    assert got[0].found == "1 disagree"
    # a small red dot under the label's middle
    face = Drawing(60, 90, [Circle(cx, cy, 1, fill(RED)), blue, Circle(x1 + 2.5, cy, 1, fill(BLUE))])
    assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)[0].found == "1 disagree"
    # a red background reaching a little past the label's middle (14 mm square), a blue dot by it: they agree
    face = Drawing(60, 90, [Rect(0, 0, 14, 14, fill(RED)), label("blue", 8, 11), Circle(16, 10, 1, fill(BLUE))])
    assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)[0].found == "agree"


def test_swatches_a_patch_at_the_reach_exactly_and_shapes_not_in_a_set_colour(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    # the label's box starts at x = 8; a red patch ends at x = 4: 4 mm away, the reach
    face = Drawing(60, 90, [Rect(2, 28, 2, 2, fill(RED)), label("blue", 8, 31)])
    assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)[0].found == "1 disagree"
    # a black dot nearer than the red one is no swatch (black is no value's colour)
    face = Drawing(60, 90, [Circle(5, 30, 1, fill(RED)), Circle(8, 33, 0.5, fill("#000000")), label("red", 8, 31)])
    assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)[0].found == "agree"


def test_swatches_a_face_without_patches_before_one_with_them(tmp_path: Path) -> None:
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    bare = Drawing(60, 90, [label("red", 8, 11)])
    wrong = Drawing(60, 90, [Circle(5, 30, 2, fill(RED)), label("blue", 8, 31)])
    kit = hand_kit(game, ("card", "card-red", "red", Art(bare)), ("card", "card-blue", "blue", Art(wrong)))
    assert check_swatches(game, kit, c)[0].pieces == ("card-blue",)


def test_swatches_names_the_value_of_the_colour_it_sits_by(tmp_path: Path) -> None:
    # navy (#111166) sorts before blue (#2244cc): the label sits by blue and says so
    toml = SWATCH_GAME.replace('[[sets.colour]]\nname = "blue"', '[[sets.colour]]\nname = "navy"\n[[sets.colour]]\nname = "blue"')
    toml = toml.replace('blue = "#2244cc"', 'blue = "#2244cc"\nnavy = "#111166"')
    game = game_from(tmp_path / "g", HEAD + toml)
    face = Drawing(60, 90, [Circle(5, 10, 2, fill(BLUE)), label("red", 8, 11)])
    got = check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))),
                         SwatchesCheck(id="sw", type="swatches", source="Keys."))
    assert got[0].detail == f'colour labels beside another colour: "red" on card-red sits by blue ({BLUE}), not by red ({RED})'


def test_solid_faces_left_blank_are_numbered_0_to_5() -> None:
    from pydantic import ValidationError

    assert solid(blank=[0, 5]).blank == [0, 5]
    for bad in ([-1], [6]):
        with pytest.raises(ValidationError):
            solid(blank=bad)


def test_colours_apart_and_colour_blind_at_their_limits_and_components_without_pairs_first(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, COLOURED)
    red, green = "#cc2222", "#2e8b2e"
    d = colours.difference(red, green)
    # exactly the least difference: apart
    got = check_colours_apart(game, kit, apart(components=["disc", "pawn"], min=d))
    assert [(ln.check, ln.verdict) for ln in got][1:] == [("ca[disc/colour]", "pass"), ("ca[pawn/team]", "pass")]
    # for colour-blind players: pieces exactly `min` apart to everyone are measured with each deficiency
    deut = colours.difference(colours.simulate(red, "deuteranopia"), colours.simulate(green, "deuteranopia"))
    assert deut < d
    got = check_colour_blind(game, kit, blind(components=["disc", "pawn"], min=d, deficiencies=["deuteranopia"]))
    assert [(ln.check, ln.verdict) for ln in got] == [("cb[pawn/team]", "warn")]


def test_colours_apart_a_set_not_named_after_colours_before_one_that_is(tmp_path: Path) -> None:
    toml = COLOURED.replace('[[sets.team]]\nname = "home"\ncolour = "red"\n[[sets.team]]\nname = "away"\ncolour = "green"\n', '')
    toml = '[[sets.team]]\nname = "home"\ncolour = "red"\n[[sets.team]]\nname = "away"\ncolour = "green"\n' + toml
    game, kit = kit_of(tmp_path, toml)
    assert [s for s, _, _ in named_colours(game, kit, ["chip"])] == ["colour"]


def test_the_looks_checks_run_on_the_drawn_kit_in_their_documented_order(tmp_path: Path) -> None:
    import re

    from printkit.checks import load_checks
    from printkit.proof import counted, prove

    doc = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    part = doc[doc.index("## Structural checks"):]
    documented = re.findall(r"^### `([a-z-]+)`", part[:part.index("\n## ", 5)], flags=re.M)
    assert list(load_checks()) == documented
    toml = COLOURED + NETS.replace("[layouts.f]\nelements = []\n", "").replace('id = "chip"', 'id = "chit"') + (
        '[layouts.f]\nelements = []\n'
        '[[checks]]\nid = "s"\ntype = "solid"\ncomponent = "die"\nsource = "s"\n'
        '[[checks]]\nid = "mt"\ntype = "min-text"\nmin = "5pt"\nsource = "s"\n'
        '[[checks]]\nid = "mw"\ntype = "min-width"\nmin = 1\nsource = "s"\n')
    game, kit = kit_of(tmp_path, toml)
    types = {ln.type for ln in prove(game, kit).lines}
    assert {"solid", "min-text", "min-width", "inside", "contrast", "colours-apart", "colour-blind"} <= types
    assert counted(game) == set()


def test_inside_marks_at_most_four_tenths_across_either_way_and_a_net_first(tmp_path: Path, cards: Any) -> None:
    red = fill(RED)
    # on a 60 x 90 card a mark is at most 24 mm across (both ways): a 24 mm bar off the edge is a mark and fails,
    # a 30 x 5 mm bar is no mark (a band) and may run off
    for bar, n in ((Rect(-5, 40, 24, 5, red), 1), (Rect(-10, 40, 30, 5, red), 0), (Rect(40, -5, 5, 24, red), 1)):
        kit = hand_kit(cards, ("card", "card-a", "a", Art(Drawing(60, 90, [bar]))))
        assert check_inside(cards, kit, inside())[0].found == (f"{n} outside" if n else "inside"), bar
    # a net before the other components is passed over, the others still read
    game = game_from(tmp_path / "n", HEAD + '[[components]]\nid = "die"\nkind = "net"\nsolid = "cube"\nedge = 10\n'
                     '[layouts.f]\nelements = []\n[[components]]\nid = "tok"\nkind = "token"\nsize = 20\nface = "f"\n')
    kit = draw(game)
    assert [ln.check for ln in check_inside(game, kit, inside())] == ["in[tok]"]


def test_contrast_marks_beyond_21_to_1_are_refused() -> None:
    from pydantic import ValidationError

    assert contrast(marks=21, min=21, large=21).marks == 21
    for key in ("marks", "min", "large"):
        with pytest.raises(ValidationError):
            contrast(**{key: 21.5})


def test_solid_faces_alike_but_for_their_words_are_not_alike(tmp_path: Path) -> None:
    toml = ('[[components]]\nid = "die"\nkind = "net"\nsolid = "cube"\nedge = 12\n'
            'all = { symbol = "star" }\nfaces = [{ text = "A" }, { text = "B" }]\n')
    game, kit = kit_of(tmp_path, toml)
    got = check_solid(game, kit, solid(distinct=True))
    assert got[1].detail == "faces alike: die faces 2 and 3 (symbol star), die faces 2 and 4 (symbol star), " \
                            "die faces 2 and 5 (symbol star)"


def test_swatches_a_label_out_of_reach_before_one_in_reach_and_a_background_of_exactly_ten_times(tmp_path: Path) -> None:
    from printkit.looks import layers

    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    c = SwatchesCheck(id="sw", type="swatches", source="Keys.")
    face = Drawing(60, 90, [Circle(5, 30, 2, fill(RED)), label("red", 8, 70), label("blue", 8, 31)])
    assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)[0].found == "1 disagree"
    # a red patch under the label exactly ten times its area is no background yet (more than ten times is)
    blue = label("blue", 8, 31)
    x0, y0, x1, y1 = layers(Drawing(60, 90, [blue]))[0].box
    area = (x1 - x0) * (y1 - y0)
    patch = Rect(0, 28, 10 * area / 10.0, 10.0, fill(RED))
    assert layers(Drawing(60, 90, [patch]))[0].area == 10 * area and patch.y < y0 and patch.y + 10 > y1
    face = Drawing(60, 90, [patch, blue, Circle(20, 30, 1, fill(BLUE))])
    assert check_swatches(game, hand_kit(game, ("card", "card-red", "red", Art(face))), c)[0].found == "1 disagree"


@pytest.mark.parametrize(("make", "key", "least", "below"), [
    ("apart", "min", 0.0, -0.5), ("blind", "min", 0.0, -0.5), ("inside", "tolerance", 0.0, -0.1),
    ("contrast", "min", 1.0, 0.5), ("contrast", "large", 1.0, 0.5), ("contrast", "marks", 1.0, 0.5),
])
def test_settings_at_their_least_are_accepted_and_below_it_refused(make: str, key: str, least: float,
                                                                   below: float) -> None:
    from pydantic import ValidationError

    build = {"apart": apart, "blind": blind, "inside": inside, "contrast": contrast}[make]
    # a difference and a tolerance may be 0; a contrast ratio is at least 1:1 (a colour against itself)
    assert getattr(build(**{key: least}), key) == least
    with pytest.raises(ValidationError):
        build(**{key: below})


def test_swatches_reach_is_4_mm_unless_set_and_any_positive_reach_is_accepted() -> None:
    from pydantic import ValidationError

    # docs/format.md: `reach` defaults to 4.0 mm
    assert SwatchesCheck(id="sw", type="swatches", source="Keys.").reach == 4.0
    assert SwatchesCheck(id="sw", type="swatches", source="Keys.", reach=0.5).reach == 0.5
    with pytest.raises(ValidationError):
        SwatchesCheck(id="sw", type="swatches", source="Keys.", reach=0)


def test_long_texts_are_quoted_by_their_first_24_and_20_characters(cards: Any) -> None:
    from printkit.checks.inside import _outside

    text = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123"  # 30 characters
    front = Drawing(60, 90, [WHITE, Text(5, 10, text, 3, "#777777")])
    detail = check_contrast(cards, hand_kit(cards, ("card", "card-a", "a", Art(front))), contrast())[0].detail
    assert '"ABCDEFGHIJKLMNOPQRSTUVWX" (#777777 on #ffffff' in detail  # the faint text: 24 characters
    off = _outside(Drawing(60, 90, [Text(-5, 50, text, 4)]), None, 0.3)
    assert len(off) == 1 and off[0].startswith('text "ABCDEFGHIJKLMNOPQRST" (')  # past the edge: 20 characters


def test_contrast_text_partly_on_a_picture_is_judged_on_the_rest(cards: Any) -> None:
    grey = "#999999"  # 2.8:1 on white
    front = Drawing(60, 90, [WHITE, Rect(0, 0, 12, 20, fill("image")), Text(5, 10, "Grey words here", 3, grey)])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(front)))
    got = check_contrast(cards, kit, contrast())
    assert len(got) == 1 and f'"Grey words here" ({grey} on #ffffff, {wcag(grey, "#ffffff"):.1f}:1)' in got[0].detail


def test_contrast_large_from_14_pt_less_a_billionth_and_ratios_exactly_at_the_limit(cards: Any) -> None:
    light = "#888888"  # 3.5:1 on white: large text passes, small text does not
    big = Drawing(60, 90, [WHITE, Text(5, 40, "Large", 14 * 25.4 / 72 - 1e-9, light)])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(big)))
    assert check_contrast(cards, kit, contrast())[0].verdict == "pass"
    # a ratio exactly at the limit less the check's margin of 1e-9 passes, for text and for marks
    r = colours.contrast("#777777", "#ffffff")
    assert (r + 1e-9) - 1e-9 == r and abs(r - wcag("#777777", "#ffffff")) < 1e-9
    small = Drawing(60, 90, [WHITE, Text(5, 10, "Grey", 3, "#777777")])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(small)))
    assert check_contrast(cards, kit, contrast(min=r + 1e-9))[0].verdict == "pass"
    dot = Drawing(60, 90, [WHITE, Circle(30, 30, 3, fill("#777777"))])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(dot)))
    assert check_contrast(cards, kit, contrast(marks=r + 1e-9))[0].verdict == "pass"


def test_contrast_without_marks_still_reads_every_face(cards: Any) -> None:
    fine = Drawing(60, 90, [WHITE, Text(5, 10, "Dark", 3, "#000000")])
    faint = Drawing(60, 90, [WHITE, Text(5, 10, "Grey", 3, "#999999")])
    kit = hand_kit(cards, ("card", "card-a", "a", Art(fine)), ("card", "card-b", "b", Art(faint)))
    assert check_contrast(cards, kit, contrast(marks=1))[0].pieces == ("card-b",)


def test_inside_a_tall_bar_is_no_mark_and_marks_on_a_square_cut_at_exact_counts(cards: Any) -> None:
    from printkit.checks._kit import cut_line
    from printkit.checks.inside import _near, _outside

    # on a 60 x 90 card a mark is under 0.4 of 60 = 24 mm across either way: a bar 3 x 30 mm off the left edge is
    # none (a frame's side), a bar 3 x 20 mm there is one, 5 mm past the edge
    assert _outside(Drawing(60, 90, [Rect(-5, 10, 3, 30, fill(RED))]), None, 0.3) == []
    assert _outside(Drawing(60, 90, [Rect(-5, 10, 3, 20, fill(RED))]), None, 0.3) == ["rect (5.0 mm past the edge)"]
    square = cut_line(Drawing(20, 20, [polygon([(0, 0), (20, 0), (20, 20), (0, 20)], CUT, "cut")]))
    assert square is not None
    # 0.2 mm below the bottom edge, 0.5 mm from the right one: only the point 0.3 mm straight up is on the piece
    assert _near(square, 19.5, 20.2, 0.3)
    # a thin mark wholly past the edge but within the tolerance (read without the caches) stays
    assert _outside(Drawing(20, 20, [Rect(18, 20.05, 1, 0.1, fill(RED))]), square, 0.3) == []
    # middle 1 mm past the right edge: 2 corners of 4 off is not most of them; 5 points of 8 off is
    assert _outside(Drawing(20, 20, [polygon([(19, 5), (23, 5), (23, 9), (19, 9)], fill(RED))]), square, 0.3) == []
    eight = [(19, 5), (23, 5), (23, 6), (23, 7), (23, 8), (23, 9), (19, 9), (19, 7)]
    assert _outside(Drawing(20, 20, [polygon(eight, fill(RED))]), square, 0.3) == ["path"]
    # a comb of 22 points, 12 off (the first and every second): all 22 are read, so most are off
    comb = [(23 if i == 0 or i % 2 else 19, 2 + i * 0.3) for i in range(22)]  # 6.3 mm tall: a mark
    assert sum(x > 20 for x, _ in comb) == 12
    assert _outside(Drawing(20, 20, [polygon(comb, fill(RED))]), square, 0.3) == ["path"]


def test_colour_blind_reads_every_pair_past_one_alike_for_everyone_and_a_pair_exactly_at_min(tmp_path: Path) -> None:
    game, kit = kit_of(tmp_path, COLOURED)

    def deut(a: str, b: str) -> float:
        return colours.difference(colours.simulate(a, "deuteranopia"), colours.simulate(b, "deuteranopia"))

    red, crimson, green = "#cc2222", "#c82424", "#2e8b2e"
    assert colours.difference(red, crimson) < colours.APART  # red and crimson: alike for everyone, not this check's
    got = check_colour_blind(game, kit, blind(components=["chip"], deficiencies=["deuteranopia"]))
    assert len(got) == 1 and got[0].check == "cb[chip/colour]" and got[0].verdict == "warn"
    assert (f"red and green with deuteranopia ({deut(red, green):.1f} apart), "
            f"crimson and green with deuteranopia ({deut(crimson, green):.1f} apart)") in got[0].detail
    # exactly `min` apart as simulated: apart (the pawns, red against green)
    got = check_colour_blind(game, kit, blind(components=["pawn"], min=deut(red, green), deficiencies=["deuteranopia"]))
    assert [(ln.check, ln.verdict) for ln in got] == [("cb[pawn/team]", "pass")]


def test_min_text_diagrams_flat_turned_exactly_at_min_and_pieces_listed_smallest_first(cards: Any) -> None:
    kit = hand_kit(cards, ("tok", "tok", "", Art(Drawing(20, 20, [Text(5, 10, "ok", 6 * PT)]))))
    c = min_text(components=["tok"])
    # a picture 200 mm wide and 0 high printed 100 mm wide: its 8 pt label prints at 4 pt
    kit.diagrams = {"d": (Drawing(200, 0, [Text(0, 1, "flat", 8 * PT)]), 100.0)}
    assert check_min_text(cards, kit, c)[0].found == "4.0pt"
    # a label turned by 30 degrees keeps its size
    c30, s30 = math.cos(math.radians(30)), math.sin(math.radians(30))
    turned = Drawing(100, 50, [Group((Text(0, 10, "turned", 5.5 * PT),), (c30, s30, -s30, c30, 0, 0))])
    kit.diagrams = {"d": (turned, 100.0)}
    assert check_min_text(cards, kit, c)[0].found == "5.5pt"
    # a diagram label of exactly `min` (2 mm), printed at its own size, is big enough; a hair under is not
    kit.diagrams = {"d": (Drawing(100, 50, [Text(0, 10, "edge", 2.0)]), 100.0)}
    assert check_min_text(cards, kit, min_text(components=["tok"], min=2.0))[0].verdict == "pass"
    assert (2.0 + 1e-6) - 1e-6 == 2.0
    assert check_min_text(cards, kit, min_text(components=["tok"], min=2.0 + 1e-6))[0].verdict == "pass"
    assert check_min_text(cards, kit, min_text(components=["tok"], min=2.0 + 2e-6))[0].verdict == "fail"
    # pieces too small, listed smallest first
    a = Art(Drawing(60, 90, [Text(5, 10, "a", 4 * PT)]))
    b = Art(Drawing(60, 90, [Text(5, 10, "b", 3 * PT)]))
    kit = hand_kit(cards, ("card", "card-a", "a", a), ("card", "card-b", "b", b))
    assert check_min_text(cards, kit, min_text())[0].detail == "text smaller than 5.0pt: card-b (3.0pt), card-a (4.0pt)"


def test_solid_blank_faces_are_whole_numbers_and_a_card_is_no_net(tmp_path: Path) -> None:
    from pydantic import ValidationError

    for bad in (["1"], [True], [1.0]):
        with pytest.raises(ValidationError):
            solid(blank=bad)
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    with pytest.raises(DataError):
        check_solid(game, hand_kit(game), solid(component="card"))


def test_swatches_distance_off_the_origin_box_gap_down_and_a_face_shared_by_two_cards(tmp_path: Path) -> None:
    sq = Layer(0, (((10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)),), (10.0, 10.0, 20.0, 20.0), "art",
               "#000000", 100.0)
    assert _distance(15, 5, sq) == pytest.approx(5.0)  # below the middle of its bottom edge
    assert _box_gap((0, 5, 1, 6), (0, 0, 1, 1)) == pytest.approx(4.0)  # one above the other, 4 mm apart
    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    ok = Art(Drawing(60, 90, [Circle(5, 10, 2, fill(RED)), label("red", 8, 11)]))
    wrong = Art(Drawing(60, 90, [Circle(5, 30, 2, fill(RED)), label("blue", 8, 31)]))
    kit = hand_kit(game, ("card", "card-red", "red", ok), ("card", "card-red2", "red", ok),
                   ("card", "card-blue", "blue", wrong))
    got = check_swatches(game, kit, SwatchesCheck(id="sw", type="swatches", source="Keys."))
    assert got[0].pieces == ("card-blue",)


def test_solid_faces_of_words_alone_alike_and_faces_of_other_symbols_apart(tmp_path: Path) -> None:
    toml = ('[[components]]\nid = "die"\nkind = "net"\nsolid = "cube"\nedge = 12\n'
            'faces = [{ text = "A" }, { text = "A" }, { symbol = "star" }, { symbol = "heart" }, { pips = 1 }, '
            '{ pips = 2 }]\n')
    game, kit = kit_of(tmp_path, toml)
    got = check_solid(game, kit, solid(distinct=True))
    alike = [ln for ln in got if ln.detail.startswith("faces alike")]
    assert len(alike) == 1 and alike[0].detail.startswith("faces alike: die faces 0 and 1 (")
    assert "faces 2 and 3" not in alike[0].detail


def test_min_width_a_piece_without_a_cut_line_before_a_narrow_one(cards: Any) -> None:
    kit = hand_kit(cards, ("card", "card-a", "a", Art(Drawing(30, 20))),
                   ("card", "card-b", "b", Art(Drawing(30, 20), None, neck(1.5))))
    got = check_min_width(cards, kit, min_width())
    assert got[0].verdict == "fail" and got[0].pieces == ("card-b",)


def test_colours_apart_a_set_of_one_distinct_value_is_as_far_apart_as_black_and_white(tmp_path: Path) -> None:
    # two records named red: one distinct value, no pair to be alike; the figure is the widest there is
    toml = ('[palette]\nred = "#cc2222"\n[[sets.colour]]\nname = "red"\n[[sets.colour]]\nname = "red"\n'
            '[layouts.plain]\nbackground = "{colour.name}"\nelements = []\n'
            '[[components]]\nid = "chip"\nkind = "token"\nsize = 20\nface = "plain"\nvary = ["colour"]\n')
    game, kit = kit_of(tmp_path, toml)
    widest = f"{colours.difference('#000000', '#ffffff'):.1f}"
    got = [ln for ln in check_colours_apart(game, kit, apart()) if ln.check == "ca[colour]"]
    assert len(got) == 1 and got[0].verdict == "pass" and got[0].found == widest
    assert got[0].detail == f"every two colour values differ by {widest} or more (CIEDE2000)"


def test_contrast_a_token_in_the_net_tabs_colour_still_has_its_marks(cards: Any) -> None:
    from printkit.kinds.net import TAB_FILL

    # only a net's tabs are ground; a token's dot in their colour is a mark, and so is one painted before it
    face = Drawing(20, 20, [Rect(-1, -1, 22, 22, fill("#ffffff")), Circle(5, 5, 2, fill("#bbbbbb")),
                            Circle(15, 15, 2, fill(TAB_FILL))])
    got = check_contrast(cards, hand_kit(cards, ("tok", "tok", "", Art(face))), contrast())
    assert len(got) == 1 and got[0].check == "ct[tok]" and "(#bbbbbb on #ffffff" in got[0].detail
    assert f"({TAB_FILL} on #ffffff" in got[0].detail


def test_swatches_a_patch_beside_the_label_s_middle_is_nearer_than_one_above_it(tmp_path: Path) -> None:
    from printkit.looks import layers

    game = game_from(tmp_path / "g", HEAD + SWATCH_GAME)
    text = label("red", 20, 40)
    ((x0, y0, x1, y1), _), = [(lay.box, lay.text) for lay in layers(Drawing(60, 90, [text]))]
    cy = (y0 + y1) / 2
    # a red square 0.6 mm tall, 1 mm left of the label at its middle height: 1 mm from the label's side;
    # a blue bar 1.3 mm above the label's top: 1.3 mm from it, nearer than red is to any corner (about 1.6 mm)
    red = Rect(x0 - 1.6, cy - 0.3, 0.6, 0.6, fill(RED))
    blue = Rect(x0, y0 - 1.3 - 3, x1 - x0, 3, fill(BLUE))
    assert math.hypot(1.0, (y1 - y0) / 2 - 0.3) > 1.3
    kit = hand_kit(game, ("card", "card-red", "red", Art(Drawing(60, 90, [red, blue, text]))))
    got = check_swatches(game, kit, SwatchesCheck(id="sw", type="swatches", source="Keys."))
    assert got[0].verdict == "pass" and got[0].detail == "1 colour labels sit by their own colour"
