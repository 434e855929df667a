"""The proof proves the kit can be played: one realistic mistake at a time, planted in a copy
of a real game, is caught, named and fails the proof; the untouched games pass.

Every plant replaces real text of a copied game.toml (``plant``), so a test breaks loudly
when the data it plants into changes; none depends on whether the shipped data has been
fixed (the defects are planted, not found).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import DATA, copy_game, run_cli

from printkit.build import draw
from printkit.load import load_game
from printkit.proof import GameReport, prove, strictly


def plant(tmp_path: Path, name: str, *edits: tuple[str, str]) -> Path:
    """Copy data/<name> and make each edit (old text -> new text, once); returns the copy."""
    game = copy_game(name, tmp_path)
    toml = game / "game.toml"
    text = toml.read_text()
    for old, new in edits:
        assert old in text, f"the planted mistake must replace something real: {old!r}"
        text = text.replace(old, new, 1)
    toml.write_text(text)
    return game


def append(game: Path, text: str) -> Path:
    toml = game / "game.toml"
    toml.write_text(toml.read_text() + "\n" + text)
    return game


def fails(report: GameReport) -> dict[str, str]:
    return {line.check: line.detail for line in report.errors}


def proof_of(game: Path) -> GameReport:
    return prove(load_game(game))


# --- the untouched games pass the new checks they declare -------------------------------


@pytest.mark.parametrize("name", ["hypergrid", "euclidean", "shape-cards"])
def test_untouched_games_pass_every_check_on_the_drawn_kit(name: str) -> None:
    report = proof_of(DATA / name)
    assert report.errors == []
    kit_lines = [line for line in report.lines if line.type not in ("expect", "coverage", "product", "supply",
                                                                     "requires", "board-ranks", "fits-board",
                                                                     "distinct-polyforms")]
    assert len(kit_lines) >= 4  # the game declares checks on its drawn pieces, and they ran


# --- 1. the proof sees what the build sees ---------------------------------------------------


BAD_INPUTS = {
    # a colour misspelled in a set: only drawing the chips finds it
    "misspelled-colour": ("hypergrid", ('colour = "water"', 'colour = "watre"')),
    # a template field that does not exist, in a card's face
    "unknown-field": ("euclidean", ('text = "{colour.label}", x = 8, y = 38', 'text = "{colour.lable}", x = 8, y = 38')),
    # a symbol that is not in the library, on a die face
    "unknown-symbol": ("hypergrid", ('{ fill = "water", symbol = "drop"', '{ fill = "water", symbol = "droplet"')),
    # a count the rules state that the data does not make (a proof failure, exit 1)
    "wrong-count": ("shape-cards", ("count = 16\nface = \"piece\"", "count = 15\nface = \"piece\"")),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_proof_and_build_report_the_same_problems(tmp_path: Path, case: str) -> None:
    name, edit = BAD_INPUTS[case]
    game = plant(tmp_path, name, edit)
    build = run_cli("build", str(game), "--out", str(tmp_path / "out"), "--no-svg", "--quiet")
    proof = run_cli("proof", str(game), "--json")
    assert build.returncode == proof.returncode != 0, (build.stderr, proof.stderr)
    errors = sorted(line for line in build.stderr.splitlines() if line.startswith("error:"))
    assert errors == sorted(line for line in proof.stderr.splitlines() if line.startswith("error:"))
    if build.returncode == 2:
        assert errors, build.stderr
        assert not (tmp_path / "out" / name).exists()
    else:
        built = json.loads((tmp_path / "out" / name / "proof.json").read_text())
        proved = json.loads(proof.stdout)[0]
        assert [e["check"] for e in built["errors"]] == [e["check"] for e in proved["errors"]] != []
        assert built["errors"] == proved["errors"]


def test_proof_writes_nothing_without_out(tmp_path: Path) -> None:
    game = copy_game("shape-cards", tmp_path)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    result = run_cli("proof", str(game), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


# --- 2. fit ----------------------------------------------------------------------------------


def test_chips_bigger_than_their_spots_fail_naming_both_sizes(tmp_path: Path) -> None:
    game = plant(tmp_path, "hypergrid", ('size = "23mm"', 'size = "27mm"'))
    detail = fails(proof_of(game))["chips-fit-spots"]
    assert "27.0 mm" in detail and "26.0 mm" in detail and "-0.5 mm to spare" in detail


def test_a_pyramid_wider_than_the_board_squares_fails(tmp_path: Path) -> None:
    game = plant(tmp_path, "pythagoras", ("base = 25\n", "base = 29\n"))
    report = proof_of(game)
    failed = [line for line in report.errors if line.check.startswith("pyramids-fit-squares")]
    assert len(failed) == 1
    assert "29.0 mm" in failed[0].detail and "28.0 mm" in failed[0].detail
    assert "pyramid-red-1-large" in failed[0].pieces and "board" in failed[0].pieces


def test_lattice_pieces_of_another_spacing_than_the_board_fail(tmp_path: Path) -> None:
    game = plant(tmp_path, "equilibrix", ('name = "Unique-shape piece"\nkind = "lattice-piece"\nspacing = 22',
                                          'name = "Unique-shape piece"\nkind = "lattice-piece"\nspacing = 20'))
    detail = fails(proof_of(game))["usp-on-fields"]
    assert "20.0 mm" in detail and "22.0 mm" in detail


# --- 3. stacking and nesting ----------------------------------------------------------------------


PYRAMID_CLOSED = '''[[components]]
id = "pyramid"
kind = "net"
name = "Pyramid"
solid = "square-pyramid"
vary = ["colour", "trio", "size"]
edge = "{size.base}"
height = "{size.height}"
unfold = "fan"
tab = 5
all = { fill = "{colour.name}", ink = "{colour.ink}", pips = "{size.pips}", pip_layout = "row" }
faces = [{ pips = 0 }]
'''


def _pythagoras_with(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """Pythagoras with its pyramids as closed square pyramids (whatever the shipped data says)."""
    game = plant(tmp_path, "pythagoras", *edits)
    toml = game / "game.toml"
    text = toml.read_text()
    text = re.sub(r'\[\[components\]\]\nid = "pyramid"\n.*?(?=\n\n)', PYRAMID_CLOSED.rstrip("\n"), text, count=1,
                  flags=re.DOTALL)
    text = re.sub(r'(id = "pinning"\ntype = "nests"\n(?:.+\n)*?)hollow = \w+', r"\1hollow = true", text, count=1)
    toml.write_text(text)
    return game


def test_closed_pyramids_cannot_pin(tmp_path: Path) -> None:
    report = proof_of(_pythagoras_with(tmp_path))
    detail = fails(report)["pinning[hollow]"]
    assert detail.startswith("closed at the base, so nothing fits under them: pyramid-red-1-medium")
    line = next(line for line in report.errors if line.check == "pinning[hollow]")
    assert len(line.pieces) == 40 and "pyramid-blue-5-large" in line.pieces
    assert not any(p.endswith("-small") for p in line.pieces)  # the smallest pyramid covers nothing


def test_swapped_middle_sizes_fail_the_value_order(tmp_path: Path) -> None:
    game = plant(tmp_path, "pythagoras", ('name = "medium"\nbase = 22\nheight = 35', 'name = "medium"\nbase = 25\nheight = 44'),
                 ('name = "large"\nbase = 25\nheight = 44', 'name = "large"\nbase = 22\nheight = 35'))
    detail = fails(proof_of(game))["pinning[pips by size]"]
    assert "medium" in detail and "large" in detail and "larger pieces must show more" in detail


def test_sizes_too_close_to_nest_fail_with_the_gap(tmp_path: Path) -> None:
    game = plant(tmp_path, "pythagoras", ('name = "medium"\nbase = 22', 'name = "medium"\nbase = 24.6'))
    report = proof_of(game)
    failed = [line for line in report.errors if line.check.startswith("pinning[") and " in " in line.check]
    assert len(failed) == 1 and "0.2 mm to spare" in failed[0].detail and "24.6 mm base" in failed[0].detail


# --- 4. solids and dice -------------------------------------------------------------------------------


def test_a_die_with_a_blank_face_fails(tmp_path: Path) -> None:
    game = plant(tmp_path, "shape-cards", ("{ pips = 5 }, { pips = 6 }]", "{ pips = 5 }, {}]"))
    assert "die face 5" in fails(proof_of(game))["dice-faces[faces]"]


def test_a_die_with_two_faces_alike_fails(tmp_path: Path) -> None:
    game = plant(tmp_path, "shape-cards", ("{ pips = 5 }, { pips = 6 }]", "{ pips = 5 }, { pips = 5 }]"))
    detail = fails(proof_of(game))["dice-faces[distinct]"]
    assert "die faces 4 and 5" in detail and "5 pips" in detail


def test_a_net_whose_glued_edges_differ_does_not_close(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from printkit.checks import _kit as playtest

    game = load_game(DATA / "shape-cards")
    real = playtest._net

    def stretched(*args):  # type: ignore[no-untyped-def]
        net = real(*args)
        (fa, (a1, a2)), other = net.glued[0]
        longer = (a1, (a2[0] + 3 * (a2[0] - a1[0]) / max(abs(a2[0] - a1[0]), 1e-9), a2[1]))
        return replace(net, glued=(((fa, longer), other), *net.glued[1:]))

    monkeypatch.setattr(playtest, "_net", stretched)
    assert "edges that cannot meet: die (face" in fails(prove(game))["dice-faces[closes]"]


# --- 5. decks --------------------------------------------------------------------------------------------


def test_one_deck_losing_its_backs_fails_naming_the_cards(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", ('face = "scoring"\nback = "card-back"', 'face = "scoring"'))
    report = proof_of(game)
    detail = fails(report)["card-backs[cards]"]
    assert "scoring-card" in detail and "none" in detail
    # the declared `backs` check and the automatic `decks` check both name it, and nothing else
    assert {line.pieces for line in report.errors} == {("scoring-card",)}


def test_a_card_with_another_back_fails_unless_declared(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", ('face = "scoring"\nback = "card-back"', 'face = "scoring"\nback = "colour-wheel-blank"'))
    assert "scoring-card differ from" in fails(proof_of(game))["card-backs[cards]"]


# --- 6. coverage and structure -----------------------------------------------------------------------------


def test_a_component_nothing_counts_warns_and_fails_with_strict(tmp_path: Path) -> None:
    game = append(copy_game("shape-cards", tmp_path), '[[components]]\nid = "spare-piece"\nkind = "token"\n'
                  'shape = "square"\nsize = "22mm"\ncount = 4\nface = "piece"\nvary = ["colour"]\n')
    report = proof_of(game)
    assert report.ok and any(w.check == "coverage[spare-piece]" for w in report.warnings)
    assert fails(strictly(report))["coverage[spare-piece]"] == ("no [[expect]] or [[checks]] names spare-piece "
                                                                 "(spare-piece, 12 pieces)")
    assert run_cli("proof", str(game)).returncode == 0
    strict = run_cli("proof", str(game), "--strict")
    assert strict.returncode == 1 and "spare-piece" in strict.stdout


def test_a_grid_with_a_column_too_many_fails_the_counted_places(tmp_path: Path) -> None:
    game = plant(tmp_path, "hypergrid", ("rows = 3, cols = 3, cell = 34, space = \"circle\"",
                                         "rows = 3, cols = 4, cell = 34, space = \"circle\""))
    detail = fails(proof_of(game))["pillar-spots"]
    assert detail.startswith("the rules say 9 cell places, the board draws 12")


# --- 7. printed words agree with what is drawn -----------------------------------------------------------


def test_a_label_naming_another_colour_fails(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", ('name = "red"\nlabel = "RED"', 'name = "red"\nlabel = "BLUE"'))
    report = proof_of(game)
    detail = fails(report)["line-card-words"]
    assert 'line-card-red-top-left-60 (colour red) prints "BLUE", a word of colour blue' in detail
    assert "line-card-red-top-left-60" in report.errors[0].pieces


def test_a_card_drawn_in_another_colour_than_it_says_fails(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", ('stroke = "{colour.name}", width = 2.2', 'stroke = "green", width = 2.2'))
    detail = fails(proof_of(game))["line-card-words"]
    assert "line-card-red-top-left-60 (colour red) is drawn in green, not in red" in detail


def test_pips_that_disagree_with_the_value_fail(tmp_path: Path) -> None:
    game = plant(tmp_path, "pythagoras", ('pips = "{size.pips}"', 'pips = "2"'))
    report = proof_of(game)
    assert "pyramid-red-1-small shows 2 pips, its value is 1" in fails(report)["pyramid-pips"]
    assert "pinning[pips by size]" in fails(report)


# --- 8. rule constraints on pieces ------------------------------------------------------------------------


SIX_AT_A_POINT = "-1,1-0,0 0,0-0,1 0,0-1,0 -1,0--1,1-0,0 -1,1-0,0-0,1 0,0-0,1-1,0"


def test_a_lattice_piece_with_six_fields_at_a_point_fails_the_five_dot_rule(tmp_path: Path) -> None:
    game = append(copy_game("equilibrix", tmp_path), f'''
[[components]]
id = "odd-piece"
kind = "lattice-piece"
spacing = 22
fields = "{SIX_AT_A_POINT}"
front = {{ fill = "black", dots = "white" }}

[[checks]]
id = "odd-piece-five-dots"
type = "per-point"
component = "odd-piece"
max = 5
source = "You cannot occupy more than 5 from 12 fields in any of connecting points (flower-centre)."
''')
    report = proof_of(game)
    assert fails(report)["odd-piece-five-dots"].endswith("odd-piece (6 fields at one point)")


def test_a_piece_too_narrow_to_cut_fails(tmp_path: Path) -> None:
    # a single triangular field: its corners are cusps, narrower than any scissors cut
    game = append(copy_game("equilibrix", tmp_path), '''
[[components]]
id = "thin-piece"
kind = "lattice-piece"
spacing = 22
fields = "0,0-1,0-0,1"
front = { fill = "black", dots = "white" }

[[checks]]
id = "thin-piece-cuttable"
type = "min-width"
components = ["thin-piece"]
min = 1.5
source = "Pieces are cut out with scissors (our rule: nothing narrower than 1.5 mm)"
''')
    detail = fails(proof_of(game))["thin-piece-cuttable"]
    assert detail.startswith("too narrow to cut with scissors: thin-piece (0")


def test_narrowest_finds_a_neck_and_passes_a_plain_shape() -> None:
    from printkit.checks._kit import narrowest
    from printkit.drawing import CUT, Drawing, Rect, polygon

    square = Drawing(20, 20, [Rect(0, 0, 20, 20, CUT, "cut")])
    assert narrowest(square, 3.0) is None
    # two squares joined by a 1 mm neck
    neck = Drawing(30, 10, [polygon([(0, 0), (10, 0), (10, 4.5), (20, 4.5), (20, 0), (30, 0), (30, 10), (20, 10),
                                     (20, 5.5), (10, 5.5), (10, 10), (0, 10)], CUT, "cut")])
    found = narrowest(neck, 3.0)
    assert found is not None and abs(found - 1.0) < 0.05
    # a 30 degree corner is not a neck
    tip = Drawing(30, 10, [polygon([(0, 0), (15, 4.02), (0, 8.04)], CUT, "cut")])
    assert narrowest(tip, 3.0) is None


def test_text_smaller_than_the_least_size_fails(tmp_path: Path) -> None:
    game = copy_game("hypergrid", tmp_path)
    toml = game / "game.toml"
    text, n = re.subn(r'(text = "Your turn"[^}\n]*?size = )"10pt"', r'\1"3pt"', toml.read_text(), count=1)
    assert n == 1
    toml.write_text(text)
    report = proof_of(game)
    assert fails(report)["readable-text"] == "text smaller than 5.0pt: turn-card (3.0pt)"


def test_a_duplicated_polyform_still_fails(tmp_path: Path) -> None:
    game = plant(tmp_path, "shape-cards", ('name = "Z"\ncells = "0,0 1,0 1,1 1,2 2,2"', 'name = "Z"\ncells = "1,0 2,0 0,1 1,1 1,2"'))
    assert "the same free pentomino" in fails(proof_of(game))["pentominoes"]


# --- 9. manufacture --------------------------------------------------------------------------------------


def _with_fold(kit, board: str, x: float):  # type: ignore[no-untyped-def]
    """The kit with a fold line printed across the board at ``x`` (a planted fold, as a board draws one)."""
    from dataclasses import replace as dc_replace

    from printkit.drawing import FOLD, Drawing, line

    for items in kit.groups.values():
        for i, item in enumerate(items):
            if item.component == board:
                f = item.art.front
                front = Drawing(f.width, f.height, [*f.children, line(x, 0, x, f.height, FOLD, "fold")], f.defs, f.bleed)
                items[i] = dc_replace(item, art=dc_replace(item.art, front=front))
    return kit


FOLDS_CHECK = """
[[checks]]
id = "board-folds"
type = "folds"
component = "board"
source = "A quadratic board depicting a four by four grid with 16 fields"
"""


def test_a_fold_printed_through_the_grid_fails(tmp_path: Path) -> None:
    game = load_game(append(copy_game("shape-cards", tmp_path), FOLDS_CHECK))
    assert "board-folds" not in fails(prove(game))
    # the grid's columns start at x = 12, 38, 64, 90 (26 mm cells): x = 70 runs through the third column
    report = prove(game, _with_fold(draw(game), "board", 70.0))
    detail = fails(report)["board-folds"]
    assert detail.startswith("the fold at x = 70.0 mm runs through layouts.board.elements[1] cell 3 (64.0-90.0 mm)")
    assert report.errors[0].pieces == ("board",)


def test_the_folds_checked_are_the_folds_the_build_prints(tmp_path: Path) -> None:
    from printkit.checks._kit import fold_lines
    from printkit.kinds import load_kinds

    game = load_game(DATA / "shape-cards")
    board = game.component("board").model_copy(update={"folds": "quarters"})
    art = load_kinds()[board.kind].draw(game, board, game.variants["board"][0])
    printed = art.info["folds"]
    assert len(printed) == 2
    assert sorted((a, round(v, 3)) for a, v, _, _ in fold_lines(board, art)) == sorted(
        ("x" if x0 == x1 else "y", round(x0 if x0 == x1 else y0, 3)) for x0, y0, x1, y1 in printed)
    assert fold_lines(board) == []  # nothing drawn: no folds


def test_a_fold_between_the_places_passes(tmp_path: Path) -> None:
    # the 4 x 4 grid's middle line lies at 12 + 2 x 26 = 64 mm: a board 128 mm wide folds there
    game = append(plant(tmp_path, "shape-cards", ('width = "128mm"\nheight = "136mm"\nface = "board"',
                                                  'width = "128mm"\nheight = "100mm"\nface = "board"\nfolds = "half"'),
                        ('y = 20, rows = 4', 'y = 2, rows = 4')), '''
[[checks]]
id = "board-folds"
type = "folds"
component = "board"
source = "A quadratic board depicting a four by four grid with 16 fields"
''')
    line = next(line for line in proof_of(game).lines if line.check == "board-folds")
    assert line.verdict == "pass" and "x = 64.0 mm" in line.detail


def test_every_component_is_reported_in_its_box() -> None:
    report = proof_of(DATA / "euclidean")
    lines = {line.check: line for line in report.lines if line.type == "fits-box"}
    assert set(lines) == {"in-the-box[line-card]", "in-the-box[colour-wheel-card]", "in-the-box[scoring-card]"}
    assert all(line.verdict == "pass" and "tuck box (inside 64.0 x 89.0" in line.detail for line in lines.values())


# --- 10. the report ----------------------------------------------------------------------------------


def test_failures_carry_rule_pieces_and_show_on_the_contact_sheet(tmp_path: Path) -> None:
    from printkit.build import paper_for
    from printkit.drawing import Rect, Text, walk
    from printkit.proofsheet import RED, contact_sheet

    game = load_game(plant(tmp_path, "hypergrid", ('size = "23mm"', 'size = "27mm"')))
    kit = draw(game)
    report = prove(game, kit)
    line = next(line for line in report.errors if line.check == "chips-fit-spots")
    assert line.source.startswith("Place one (1) token") and line.expected == ">= 0.5 mm" and line.found == "-0.5 mm"
    data = json.loads(report.to_json())
    assert data["errors"][0]["pieces"] == ["chip-fire", "chip-air", "chip-water", "chip-earth", "chip-aether", "mat"]
    shapes = [s for page in contact_sheet(kit, report, paper_for(game, "a4")) for s, _ in walk(page.children, page.defs)]
    marks = [s for s in shapes if isinstance(s, Text) and s.text.startswith("\u2717 chips-fit-spots")]
    frames = [s for s in shapes if isinstance(s, Rect) and s.paint.stroke == RED]
    assert len(marks) == len(frames) == 6  # five chip faces and the mat (backs are not marked)


# --- the example game: every check type on a small game the suite builds ------------------------------


EXAMPLE = Path(__file__).resolve().parent / "games" / "playable"


def test_the_example_game_builds_and_passes_every_kit_check(tmp_path: Path) -> None:
    from printkit.checks import load_checks

    result = run_cli("build", str(EXAMPLE), "--out", str(tmp_path / "out"), "--no-svg", "--quiet")
    assert result.returncode == 0, result.stderr + result.stdout
    report = json.loads((tmp_path / "out" / "playable" / "proof.json").read_text())
    assert report["verdict"] == "pass" and report["warnings"] == []
    # every declared check type on the drawn kit; the automatic ones (nesting needs a `nest` net,
    # which this game's declared `nests` check covers) are held by tests/test_proof_sees.py
    assert {line["type"] for line in report["passed"]} >= {n for n, t in load_checks().items()
                                                            if t.on_kit and t.name != "nesting"}
    places = {line["check"]: line["found"] for line in report["passed"] if line["check"] in
              ("squares", "ring-spots", "track-spaces", "lattice")}
    assert places == {"squares": 12, "ring-spots": 8, "track-spaces": 4, "lattice": 25}


def test_the_example_board_with_a_fold_through_a_square_fails() -> None:
    game = load_game(EXAMPLE)
    # the grid's columns start at x = 82, 106, 130, 154: x = 118 runs through the second
    detail = fails(prove(game, _with_fold(draw(game), "board", 118.0)))["board-folds"]
    assert detail.startswith("the fold at x = 118.0 mm")
    assert "runs through layouts.board.elements[0] cell 2 (106.0-130.0 mm)" in detail


def test_mirror_images_are_one_figure_unless_mirrors_are_declared_distinct(tmp_path: Path) -> None:
    # S is Z mirrored: the same free pentomino, but a different one-sided one
    edit = ('name = "Y"\ncells = "1,0 0,1 1,1 1,2 1,3"', 'name = "Y"\ncells = "2,0 1,0 1,1 1,2 0,2"')
    game = plant(tmp_path, "shape-cards", edit)
    assert fails(proof_of(game))["pentominoes"].startswith("the same free pentomino: shape-card-Y = shape-card-Z")
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('size = 5\ncount = 12\n', 'size = 5\ncount = 12\nmirrors = true\n', 1))
    assert "pentominoes" not in fails(proof_of(game))


@pytest.mark.parametrize(("game_name", "board", "kinds", "elements", "want"), [
    ("classic", "go19", ["point"], [], 361),   # a go board's places are the crossings of its lines
    ("classic", "chess", ["cell"], [], 64),
    ("hexmap", "island", ["cell"], ["hexgrid"], 19),
])
def test_expect_places_and_board_places_count_alike(tmp_path: Path, game_name: str, board: str, kinds: list[str],
                                                    elements: list[str], want: int) -> None:
    """`[[expect]] places` and the `board-places` check read a board's places the same way
    (printkit.places): both see go points and hex cells, and both fail on a wrong number."""
    game = tmp_path / game_name
    shutil.copytree(Path(__file__).parent / "games" / game_name, game)
    text = (game / "game.toml").read_text(encoding="utf-8")
    for n in (want, want + 1):
        (game / "game.toml").write_text(text + f'''
[[expect]]
id = "by-kind"
components = ["{board}"]
places = {json.dumps(kinds)}
count = {n}
source = "x"

[[checks]]
id = "by-element"
type = "board-places"
component = "{board}"
count = {n}
elements = {json.dumps(elements)}
source = "x"
''', encoding="utf-8")
        lines = {line.check: line for line in prove(load_game(game)).lines}
        assert lines["by-kind"].found == lines["by-element"].found == want
        assert (lines["by-kind"].verdict, lines["by-element"].verdict) == (("pass", "pass") if n == want else ("fail", "fail"))
