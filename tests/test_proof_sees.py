"""The proof sees what a player sees (issue 24): each class of designer mistake planted into a copy
of real data (data/ and tests/games/) fails the proof, naming the check and the pieces; the
automatic checks run without being declared, can be turned off by id and tightened by declaring;
fit is measured on outlines, on the tightest place; one broken reference does not hide the rest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from printkit.checks import load_checks
from printkit.kit import draw
from printkit.load import load_game
from printkit.proof import prove
from printkit.report import GameReport, Line
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
GAMES = ROOT / "tests" / "games"


def planted(tmp_path: Path, source: Path, *edits: tuple[str, str]) -> Path:
    """A copy of a game folder with each (old, new) edit made once in its game.toml."""
    dest = tmp_path / source.name
    shutil.copytree(source, dest)
    toml = dest / "game.toml"
    text = toml.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    toml.write_text(text, encoding="utf-8")
    return dest


def proved(folder: Path) -> GameReport:
    game = load_game(folder)
    return prove(game, draw(game))


def line(report: GameReport, check: str) -> Line:
    found = [ln for ln in report.lines if ln.check == check]
    assert found, f"no line {check}: {[ln.check for ln in report.lines]}"
    return found[0]


# --- colours a player can tell apart ---------------------------------------------------------


def test_two_colours_made_equal_fail_colours_apart_naming_the_pieces(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "pythagoras", ('green = { rgb = "#00876c"', 'green = { rgb = "#c8102e"'))
    bad = line(proved(folder), "colours-apart[pyramid/colour]")
    assert bad.verdict == "fail" and bad.type == "colours-apart"
    assert "red and green" in bad.detail and "drawn in the same colours" in bad.detail
    assert "pyramid-red-1-small" in bad.pieces and "pyramid-green-1-small" in bad.pieces
    assert "pyramid-blue-1-small" not in bad.pieces


def test_a_set_of_colours_with_two_made_equal_fails_though_labels_differ(tmp_path: Path) -> None:
    # Euclidean's line cards print their colour's name; its colour set must still print apart.
    folder = planted(tmp_path, DATA / "euclidean", ('orange = { rgb = "#f77f00"', 'orange = { rgb = "#d62828"'))
    report = proved(folder)
    bad = line(report, "colours-apart[colour]")
    assert bad.verdict == "fail" and "red and orange (#d62828 and #d62828, 0.0 apart)" in bad.detail
    assert bad.pieces == ("line-card",)
    assert line(report, "colours-apart[line-card/colour]").verdict == "pass"  # the labels differ
    assert line(proved(DATA / "euclidean"), "colours-apart[colour]").found == "19.4"


def test_a_colour_nudged_close_to_another_fails_and_the_real_ones_pass(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "pythagoras", ('blue = { rgb = "#1f4e9c"', 'blue = { rgb = "#08735e"'))
    report = proved(folder)
    bad = line(report, "colours-apart[pyramid/colour]")
    assert bad.verdict == "fail" and "green and blue (#00876c and #08735e" in bad.detail
    assert line(proved(DATA / "pythagoras"), "colours-apart[pyramid/colour]").verdict == "pass"


def test_a_symbol_or_label_tells_pieces_apart_when_colours_do_not(tmp_path: Path) -> None:
    # Hypergrid's chips carry each element's symbol: fire and water in one colour still differ.
    folder = planted(tmp_path, DATA / "hypergrid", ('water = { rgb = "#1f6fc5"', 'water = { rgb = "#d7301f"'))
    ok = line(proved(folder), "colours-apart[chip/element]")
    assert ok.verdict == "pass" and "symbol, a label or a figure" in ok.detail


def test_colours_alike_to_a_deuteranope_warn_naming_the_deficiency(tmp_path: Path) -> None:
    # Pythagoras' green before this issue: red and green pyramids look alike with deuteranopia.
    folder = planted(tmp_path, DATA / "pythagoras", ('green = { rgb = "#00876c"', 'green = { rgb = "#1e8c3a"'))
    warn = line(proved(folder), "colour-blind[pyramid/colour]")
    assert warn.verdict == "warn" and warn.severity == "warning"
    assert "red and green with deuteranopia (4.6 apart)" in warn.detail and "Machado" in warn.detail
    assert "pyramid-red-1-small" in warn.pieces
    assert line(proved(DATA / "pythagoras"), "colour-blind[pyramid/colour]").verdict == "pass"


def test_faint_text_warns_with_its_contrast_ratio(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "euclidean", ('ink = "#222222"', 'ink = "#c8c0b0"'))
    warn = line(proved(folder), "contrast[line-card]")
    assert warn.verdict == "warn" and "(#c8c0b0 on #f4efe3, 1.6:1)" in warn.detail
    assert "line-card-red-top-left-60" in warn.pieces


def test_a_colour_wheel_with_segments_swapped_against_its_labels_fails(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "euclidean",
                     ('fills = ["red", "orange", "yellow"', 'fills = ["orange", "red", "yellow"'))
    bad = line(proved(folder), "swatches")
    assert bad.verdict == "fail" and bad.pieces == ("colour-wheel-card",)
    assert '"red" on colour-wheel-card sits by orange' in bad.detail
    assert line(proved(DATA / "euclidean"), "swatches").verdict == "pass"


# --- printed texts agree with the data ---------------------------------------------------------


def test_a_card_giving_a_power_to_the_wrong_element_fails(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "hypergrid", ('"FIRE burns one token', '"FIRE blows one token'))
    bad = line(proved(folder), "attributes[element]")
    assert bad.verdict == "fail" and bad.pieces == ("powers-card",)
    assert "blows is the power of air; fire's is burns" in bad.detail
    assert line(proved(DATA / "hypergrid"), "attributes[element]").verdict == "pass"


def _cards_game(tmp_path: Path, back: str) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(f"""
[game]
title = "Cards"
[palette]
red = "#cc2222"
blue = "#2244cc"
[[sets.colour]]
name = "red"
[[sets.colour]]
name = "blue"
[layouts.face]
background = "{{colour.name}}"
elements = [{{ type = "text", text = "{{colour.name}}", x = 5, y = 10, w = 53, size = "10pt", fill = "white" }}]
[layouts.back]
{back}
[[components]]
id = "card"
kind = "card"
size = "poker"
vary = ["colour"]
face = "face"
back = "back"
[[checks]]
id = "card-words"
type = "words"
component = "card"
set = "colour"
source = "A card shows its colour."
""", encoding="utf-8")
    return folder


def test_words_on_card_backs_are_read_as_on_fronts(tmp_path: Path) -> None:
    fine = _cards_game(tmp_path / "a", 'background = "{colour.name}"')
    assert line(proved(fine), "card-words").verdict == "pass"
    word = _cards_game(tmp_path / "b", 'elements = [{ type = "text", text = "{\'blue\' if colour.name == \'red\' '
                                         'else \'red\'}", x = 5, y = 10, w = 53, size = "10pt" }]')
    bad = line(proved(word), "card-words")
    assert bad.verdict == "fail" and set(bad.pieces) == {"card-red", "card-blue"}
    assert 'card-red (colour red) prints "BLUE"' in bad.detail
    colour = _cards_game(tmp_path / "c", 'background = "{\'blue\' if colour.name == \'red\' else \'red\'}"')
    bad = line(proved(colour), "card-words")
    assert bad.verdict == "fail" and "card-red (colour red) has its back drawn in blue, not in red" in bad.detail


# --- checks that follow from the data -------------------------------------------------------------


def test_a_card_of_another_size_under_the_same_back_fails_decks(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "euclidean",
                     ('id = "scoring-card"\nkind = "card"\nname = "Scoring card"\nsize = "poker"',
                      'id = "scoring-card"\nkind = "card"\nname = "Scoring card"\nsize = "mini"'))
    bad = line(proved(folder), "decks[size/card-back]")
    assert bad.verdict == "fail" and bad.pieces == ("scoring-card",)
    assert "scoring-card (44 x 63 mm)" in bad.detail


def test_cards_that_lost_their_back_fail_decks(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "euclidean", ('face = "scoring"\nback = "card-back"', 'face = "scoring"'),
                     ('art = "line-card-back"', 'art = "scoring-card"'))
    bad = line(proved(folder), "decks[backs/cards]")
    assert bad.verdict == "fail" and bad.pieces == ("scoring-card",)
    assert "cards have a back and 1 none: scoring-card lack one" in bad.detail


def test_a_widened_cup_that_no_longer_nests_fails_nesting(tmp_path: Path) -> None:
    folder = planted(tmp_path, GAMES / "nesting", ("base = 22\nheight = 35", "base = 26\nheight = 35"))
    report = proved(folder)
    bad = [ln for ln in report.lines if ln.type == "nesting" and ln.verdict == "fail"]
    # the widened medium cup (26 mm) is now the widest: the large one (25 mm) must go inside it
    assert bad and bad[0].check == "nesting[cup: cup-red-large in cup-red-medium]"
    assert "at the base 0.5" in bad[0].detail and "above it -9.0" in bad[0].detail
    assert all(ln.verdict == "pass" for ln in proved(GAMES / "nesting").lines if ln.type == "nesting")


def test_nesting_checks_height_as_well_as_base(tmp_path: Path) -> None:
    # The medium cup as tall as the large one: its base still clears, its top does not.
    folder = planted(tmp_path, GAMES / "nesting", ("base = 22\nheight = 35", "base = 22\nheight = 44"))
    bad = [ln for ln in proved(folder).lines if ln.type == "nesting" and ln.verdict == "fail"]
    assert bad and "above it 0.0" in bad[0].detail and "at the base 1.5" in bad[0].detail


def test_a_word_run_off_the_card_fails_inside(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "euclidean", ('text = "TOP ▲", x = 36', 'text = "TOP ▲", x = 52'))
    bad = line(proved(folder), "inside[line-card]")
    assert bad.verdict == "fail" and 'text "TOP ▲" on the front of line-card-red-top-left-60' in bad.detail
    assert line(proved(DATA / "euclidean"), "inside[line-card]").verdict == "pass"


def test_a_box_that_folds_a_board_where_it_prints_no_fold_fails(tmp_path: Path) -> None:
    boards = '[[boxes.boards]]\ncomponent = "mat"\nacross = 2\ndown = 2\n\n[[components]]\nid = "mat"'
    folder = planted(tmp_path, DATA / "hypergrid", ('[[components]]\nid = "mat"', boards))
    bad = line(proved(folder), "box-folds[mat]")
    assert bad.verdict == "fail" and bad.pieces == ("mat",)
    assert "folds mat in 4, its printed folds make 2 parts" in bad.detail
    assert line(proved(DATA / "hypergrid"), "box-folds[mat]").verdict == "pass"


def test_a_triangular_microbact_made_of_a_petal_fails_shape_names(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "equilibrix", ('fields = "0,0-1,0-0,1"', 'fields = "0,0-1,0"'))
    bad = line(proved(folder), "shape-names[microbact-triangular]")
    assert bad.verdict == "fail" and bad.pieces == ("microbact-triangular",)
    assert "is named triangle but is 1 field (petal)" in bad.detail


def test_automatic_checks_turn_off_by_id_and_tighten_when_declared(tmp_path: Path) -> None:
    folder = planted(tmp_path, DATA / "pythagoras", ("[palette]", '[proof]\noff = ["colour-blind", "inside"]\n\n[palette]'),
                     ("[[checks]]", ('[[checks]]\nid = "player-colours"\ntype = "colours-apart"\nmin = 45\n'
                                     'source = "Four colours, far apart."\n\n[[checks]]')))
    report = proved(folder)
    types = {ln.type for ln in report.lines}
    assert "colour-blind" not in types and "inside" not in types and "contrast" in types
    tight = line(report, "player-colours[pyramid/colour]")
    assert tight.verdict == "fail" and "less than 45" in tight.detail  # green and blue are 39.1 apart
    assert not [ln for ln in report.lines if ln.check.startswith("colours-apart")]


def test_every_automatic_check_passes_in_an_example_game() -> None:
    seen: set[str] = set()
    for name in ("playable", "nesting"):
        report = proved(GAMES / name)
        seen |= {ln.type for ln in report.lines if ln.verdict == "pass"}
    autos = {n for n, t in load_checks().items() if t.auto}
    assert len(autos) == 10 and autos <= seen


# --- fit measured right ------------------------------------------------------------------------------

FIT_GAME = """
[game]
title = "Fit"
[layouts.board]
elements = [ELEMENTS]
[layouts.piece]
background = "#888888"
[[components]]
id = "board"
kind = "board"
width = 250
height = 250
face = "board"
[[components]]
id = "piece"
kind = "token"
face = "piece"
PIECE
[[checks]]
id = "fit"
type = "fits"
component = "piece"
board = "board"
places = PLACES
source = "Pieces go on the places."
"""


def _fit(tmp_path: Path, elements: str, piece: str, places: str = '["cell"]') -> Line:
    folder = tmp_path / "fit"
    folder.mkdir()
    (folder / "game.toml").write_text(FIT_GAME.replace("ELEMENTS", elements).replace("PIECE", piece)
                                      .replace("PLACES", places), encoding="utf-8")
    return line(proved(folder), "fit")


def test_an_80_mm_hex_tile_fits_an_80_mm_hex_place(tmp_path: Path) -> None:
    fit = _fit(tmp_path, '{ type = "hexgrid", size = 40, cols = 2 }', 'shape = "hexagon"\nsize = 80')
    assert fit.verdict == "pass" and fit.found == "0.0 mm"
    assert "a hexagon 80.0 mm across the corners" in fit.detail and "covers it exactly" in fit.detail


def test_a_hex_tile_on_pointy_cells_is_turned_to_them(tmp_path: Path) -> None:
    fit = _fit(tmp_path, '{ type = "hexgrid", size = 40, orientation = "pointy" }', 'shape = "hexagon"\nsize = 70')
    assert fit.verdict == "pass" and "turned 30°" in fit.detail and fit.found == "4.3 mm"


def test_a_square_token_on_a_round_spot_is_measured_by_its_diagonal(tmp_path: Path) -> None:
    # 20 mm square on a 26 mm spot: 5 mm to spare across, but its diagonal (28.3 mm) overhangs.
    fit = _fit(tmp_path, '{ type = "ring", cx = 125, cy = 125, r = 60, count = 4, space = 26 }',
               'shape = "square"\nsize = 20', '["spot"]')
    assert fit.verdict == "fail" and fit.found == "-1.1 mm"
    assert fit.pieces == ("piece", "board")


def test_the_tightest_place_decides(tmp_path: Path) -> None:
    # A 23 mm chip fits the 30 mm cells with room but not the 20 mm ring spots it is also played on.
    fit = _fit(tmp_path, '{ type = "grid", x = 10, y = 10, rows = 2, cols = 2, cell = 30, space = "circle", '
               'space_size = 30 }, { type = "ring", cx = 170, cy = 170, r = 50, count = 6, space = 20 }',
               'size = 23', '["cell", "spot"]')
    assert fit.verdict == "fail" and fit.found == "-1.5 mm" and "spot" in fit.detail


# --- one mistake, its own name ---------------------------------------------------------------------


def test_a_lost_line_position_reports_the_counts_and_the_broken_reference(tmp_path: Path) -> None:
    text = (DATA / "euclidean" / "game.toml").read_text(encoding="utf-8")
    first = text.index("[[sets.position]]")
    second = text.index("[[sets.position]]", first + 1)
    folder = planted(tmp_path, DATA / "euclidean", (text[first:second], ""))
    result = run_cli("proof", str(folder), "--json")
    assert result.returncode == 2
    assert "diagrams.line-positions.pieces[0].piece" in result.stderr
    report = json.loads(result.stdout)[0]
    failed = {ln["check"]: ln for ln in report["errors"]}
    assert failed["line-cards"]["found"] == 63 and failed["line-cards"]["expected"] == 72
    build = failed["build[diagrams.line-positions.pieces[0].piece]"]
    assert build["type"] == "build" and build["pieces"] == ["line-card-blue-top-left-60"]


# --- marks stand out from what they are printed on (WCAG 2.1 non-text contrast, 1.4.11) ---------


def _wcag(a: str, b: str) -> float:
    """The WCAG 2.x contrast ratio, computed here from its definition (relative luminance of sRGB)."""
    def lum(hex_colour: str) -> float:
        rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_faint_pips_on_a_net_warn_naming_the_pieces_and_their_ratio(tmp_path: Path) -> None:
    # Pythagoras' yellow pyramids print black pips; planted: a dark yellow hardly seen on the yellow.
    folder = planted(tmp_path, DATA / "pythagoras", ('name = "yellow"\nink = "black"', 'name = "yellow"\nink = "#c8a000"'))
    warn = line(proved(folder), "contrast[pyramid]")
    assert warn.verdict == "warn" and "marks too faint" in warn.detail and "3:1 for marks" in warn.detail
    assert "(#c8a000 on #f2c500, " in warn.detail
    assert f"{_wcag('#c8a000', '#f2c500'):.1f}:1) on pyramid-yellow-" in warn.detail
    assert warn.pieces and all(p.startswith("pyramid-yellow-") for p in warn.pieces)
    kept = line(proved(DATA / "pythagoras"), "contrast[pyramid]")
    assert kept.verdict == "pass" and "marks, the faintest" in kept.detail
    # a declared contrast check with marks = 1 measures text only
    folder = planted(tmp_path / "off", folder, ("[[checks]]", '[[checks]]\nid = "contrast"\ntype = "contrast"\nmarks = 1\n'
                                                              'source = "Pips are felt, not seen."\n\n[[checks]]'))
    assert line(proved(folder), "contrast[pyramid]").verdict == "pass"


def test_a_faint_symbol_on_a_chip_warns_and_the_real_ones_pass(tmp_path: Path) -> None:
    # Hypergrid's air chip: its wind symbol planted in a pale gold on the yellow chip.
    folder = planted(tmp_path, DATA / "hypergrid", ('symbol = "wind"', 'symbol = "wind"\nink = "#f7d774"'),
                     ('ink = "ink"\nsymbol = "wind"', 'symbol = "wind"'))
    report = proved(folder)
    warn = line(report, "contrast[chip]")
    assert warn.verdict == "warn" and warn.pieces == ("chip-air",), warn.detail
    ratio = _wcag("#f7d774", "#f2c12e")
    assert ratio < 3 and f"(#f7d774 on #f2c12e, {ratio:.1f}:1) on chip-air" in warn.detail
    assert line(proved(DATA / "hypergrid"), "contrast[chip]").verdict == "pass"


def test_marks_are_symbols_and_pips_not_frames_pictures_bleed_or_shading() -> None:
    from printkit import looks
    from printkit.drawing import Circle, Drawing, Group, Paint, Path, Rect

    face = Drawing(60, 80, [
        Rect(-3, -3, 66, 86, Paint(fill="#f4efe3")),  # the background
        Rect(4, 4, 52, 72, Paint(stroke="#e0dccf", width=0.5)),  # a faint frame: decoration
        Circle(10, 10, 2, Paint(fill="#dcd5c5")),  # a faint dot: a mark
        Circle(30, 10, 2, Paint(fill="#f1ecdf")),  # a shade of its ground (a gradient band, a bleed strip)
        Circle(50, 10, 2, Paint(fill="#d8d0bc", stroke="#222222", width=0.3)),  # pale, outlined: its edge shows
        Path((("M", 5, 30), ("L", 15, 30), ("L", 10, 40), ("Z",)), Paint(fill="#eeeeee", rule="nonzero")),  # SVG art
        Circle(30, 60, 2, Paint(fill="#ebe5d8")),  # hidden under the next
        Rect(25, 55, 10, 10, Paint(fill="#222222")),  # a dark mark
        Group((Circle(45, 60, 1, Paint(fill="#dcd5c5")),), clip=Rect(0, 0, 60, 80)),
    ])
    found = {(round(m.layer.box[0]), round(m.layer.box[1])): m for m in looks.marks(face, (45, 60, 1200))}
    assert set(found) == {(8, 8), (48, 8), (25, 55), (44, 59)}
    assert found[(8, 8)].colours == ("#dcd5c5",) and found[(8, 8)].under == ("#f4efe3",)
    assert found[(48, 8)].colours == ("#d8d0bc", "#222222")
    assert "#f4efe3" in found[(25, 55)].under
