"""The proof: planted mistakes are caught and named, untouched data passes, reports are pinned.

Each check type is exercised on a small synthetic game written into tmp_path (below) and,
where the repository's games use it, on a copy of that game with one mistake planted.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from conftest import DATA, copy_game, run_cli

from printkit.errors import DataError
from printkit.load import load_game
from printkit.proof import GameReport, prove

PENTOMINOES = {
    "f": "1,0 2,0 0,1 1,1 1,2", "i": "0,0 0,1 0,2 0,3 0,4", "l": "0,0 0,1 0,2 0,3 1,3",
    "n": "1,0 1,1 0,2 1,2 0,3", "p": "0,0 1,0 0,1 1,1 0,2", "t": "0,0 1,0 2,0 1,1 1,2",
    "u": "0,0 2,0 0,1 1,1 2,1", "v": "0,0 0,1 0,2 1,2 2,2", "w": "0,0 0,1 1,1 1,2 2,2",
    "x": "1,0 0,1 1,1 2,1 1,2", "y": "1,0 0,1 1,1 1,2 1,3", "z": "0,0 1,0 1,1 1,2 2,2",
}

SYNTHETIC = """
[game]
title = "Proof test game"
[proof]
off = ["colours-apart"]  # its pieces of three colours are drawn alike: these tests are about counts
[palette]
green = "#2a9d3f"
blue = "#1d4e9e"
yellow = "#fcbf49"
red = "#cc2222"
[[sets.colour]]
name = "green"
[[sets.colour]]
name = "blue"
[[sets.colour]]
name = "yellow"
[[sets.pos]]
name = "top"
[[sets.pos]]
name = "bottom"
""" + "".join(f'[[sets.element]]\nname = "{e}"\n' for e in ("fire", "water", "earth", "air", "aether")) + "".join(
    f'[[sets.shape]]\nname = "{n}"\ncells = "{c}"\n' for n, c in PENTOMINOES.items()) + """
[layouts.plain]
background = "white"
elements = [{ type = "text", text = "{component.name}", y = 2, size = "6pt", align = "center" }]
[layouts.shape-card]
background = "white"
elements = [{ type = "polyform", cells = "{shape.cells}", x = 4, y = 4, cell = 7, fill = "red" }]
[layouts.board]
background = "white"
elements = [
  { type = "grid", x = 10, y = 10, rows = 5, cols = 5, cell = 20 },
  { type = "grid", x = 115, y = 30, rows = 4, cols = 4, cell = 20 },
  { type = "grid", x = 200, y = 50, rows = 3, cols = 3, cell = 20 },
]
[[components]]
id = "tile"
kind = "card"
size = "mini"
table = "tiles.csv"
face = "plain"
[[components]]
id = "shape-card"
kind = "card"
size = "mini"
vary = ["shape"]
face = "shape-card"
[[components]]
id = "piece"
kind = "token"
size = 12
vary = ["colour"]
count = 16
face = "plain"
[[components]]
id = "chip"
kind = "token"
size = 15
vary = ["element"]
count = 13
face = "plain"
[[components]]
id = "die"
kind = "token"
shape = "square"
size = 16
count = 2
face = "plain"
[[components]]
id = "board"
kind = "board"
width = 270
height = 120
face = "board"

[[expect]]
id = "pieces-per-colour"
components = ["piece"]
per = "colour"
count = 16
source = "16 of each colour"

[[checks]]
id = "tile-product"
type = "product"
component = "tile"
sets = ["colour", "pos"]
source = "one tile per colour and position"
[[checks]]
id = "pentominoes"
type = "distinct-polyforms"
component = "shape-card"
cells = "{shape.cells}"
size = 5
count = 12
source = "12 shape cards, each a figure of 5 squares"
[[checks]]
id = "shapes-fit"
type = "fits-board"
component = "shape-card"
cells = "{shape.cells}"
rows = 4
cols = 4
severity = "warning"
source = "a 4x4 board"
[[checks]]
id = "ranks"
type = "board-ranks"
component = "board"
ranks = [12, 12, 12, 9, 5]
source = "12 spaces in ranks 1-3, 9 in rank 4, 5 in rank 5"
[[checks]]
id = "chips"
type = "supply"
components = ["chip"]
players = 2
per_player = [6, 5]
extra = 5
source = "6 of each of 5 elements per player, one of each on the track"
[[checks]]
id = "chips-per-element"
type = "supply"
components = ["chip"]
per = "element"
players = 2
per_player = 6
extra = 1
source = "6 of each element per player, one on the track"
[[checks]]
id = "dice"
type = "requires"
components = ["die"]
count = 2
source = "Each player gets a die."

[[assumptions]]
id = "test-assumption"
text = "Recorded so the report lists it."
"""

TILES = "name,colour,pos\n" + "".join(f"{c}-{p},{c},{p}\n" for c in ("green", "blue", "yellow") for p in ("top", "bottom"))


def synthetic(tmp_path: Path, old: str = "", new: str = "", tiles: str = TILES) -> Path:
    """Write the synthetic game, with ``old`` replaced by ``new`` once (a planted mistake)."""
    game = tmp_path / "data" / "synthetic"
    game.mkdir(parents=True)
    text = SYNTHETIC
    if old:
        assert old in text, "the planted mistake must replace something real"
        text = text.replace(old, new, 1)
    (game / "game.toml").write_text(text)
    (game / "tiles.csv").write_text(tiles)
    return game


def plant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    game = copy_game(name, tmp_path)
    toml = game / "game.toml"
    text = toml.read_text()
    assert old in text, "the planted mistake must replace something real"
    toml.write_text(text.replace(old, new, 1))
    return game


def failing(report: GameReport) -> dict[str, str]:
    return {line.check: line.detail for line in report.errors}


# --- untouched data ----------------------------------------------------------------


def test_the_synthetic_game_passes_with_the_straight_pentomino_warned(tmp_path: Path) -> None:
    report = prove(load_game(synthetic(tmp_path)))
    assert report.errors == []
    assert [(w.check, w.expected, w.found) for w in report.warnings] == [("shapes-fit", 12, 11)]
    assert "shape-card-i (1 x 5)" in report.warnings[0].detail
    assert "shape-card-l" not in report.warnings[0].detail
    by_id = {line.check: line for line in report.lines}
    assert by_id["chips"].expected == 65 and by_id["chips"].found == 65
    assert "2 players x 6 x 5 + 5 = 65" in by_id["chips"].detail
    assert {by_id[f"chips-per-element[element={e}]"].found for e in ("fire", "aether")} == {13}
    assert [by_id[f"ranks[rank {r}]"].found for r in range(1, 6)] == [12, 12, 12, 9, 5]
    assert by_id["ranks[total]"].found == 50
    assert by_id["pentominoes"].found == 12
    assert by_id["tile-product"].found == 6
    assert [a["id"] for a in report.assumptions] == ["test-assumption"]


def test_euclidean_report_is_pinned() -> None:
    report = prove(load_game(DATA / "euclidean"))
    assert report.ok
    assert [(w.check, w.expected, w.found) for w in report.warnings] == [("stated-total", 72, 80)]
    detail = report.warnings[0].detail
    assert "the rules say 72, the data makes 80" in detail
    assert "line-card 72 + colour-wheel-card 4 + scoring-card 4 = 80" in detail
    assert "Total 72" in report.warnings[0].source
    passed = {line.check for line in report.passed}
    assert {"line-cards", "colour-wheel-cards", "scoring-cards", "line-card-product"} <= passed
    assert {f"line-cards-per-colour[colour={c}]" for c in ("red", "grey", "white")} <= passed
    assert len([c for c in passed if c.startswith("line-cards-per-position[")]) == 8
    declared = tomllib.loads((DATA / "euclidean" / "game.toml").read_text())["assumptions"]
    assert [a["id"] for a in report.assumptions] == [a["id"] for a in declared]
    assert report.totals["by_kind"] == {"card": 80}
    assert report.totals["by_set"]["colour"]["purple"] == 8


# --- planted mistakes: each fails naming exactly that problem --------------------------


def test_a_changed_count_fails_its_expectation(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", 'count = 4\nface = "scoring"', 'count = 3\nface = "scoring"')
    report = prove(load_game(game))
    assert failing(report) == {"scoring-cards": "the rules say 4, the data makes 3"}


def test_an_added_colour_fails_the_totals_and_each_position(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", '[[sets.colour]]\nname = "red"',
                 '[[sets.colour]]\nname = "pink"\nlabel = "PINK"\n[[sets.colour]]\nname = "red"')
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('paper = "#f4efe3"', 'paper = "#f4efe3"\npink = "#ff88cc"', 1))
    report = prove(load_game(game))
    fails = failing(report)
    assert set(fails) == {"line-cards"} | {f"line-cards-per-position[position={p}]" for p in (
        "top-left-60", "top-right-60", "left-bottom-60", "right-bottom-60", "left-90", "right-90", "top-180",
        "bottom-180")}
    assert fails["line-cards"] == "the rules say 72, the data makes 80"
    assert fails["line-cards-per-position[position=left-90]"] == "the rules say 9, the data makes 10"
    assert any(w.check == "stated-total" and w.found == 88 for w in report.warnings)


def test_a_dropped_card_fails_the_product(tmp_path: Path) -> None:
    game = synthetic(tmp_path, tiles=TILES.replace("blue-bottom,blue,bottom\n", ""))
    assert failing(prove(load_game(game))) == {"tile-product": "missing: blue-bottom"}


def test_a_duplicated_card_and_a_stranger_fail_the_product(tmp_path: Path) -> None:
    game = synthetic(tmp_path, tiles=TILES + "green-top-2,green,top\nred-top,red,top\n")
    assert failing(prove(load_game(game))) == {
        "tile-product": "duplicate: green-top (2 pieces); not in the sets: red-top (1)"}


def test_a_duplicated_colour_record_fails_the_euclidean_product(tmp_path: Path) -> None:
    game = plant(tmp_path, "euclidean", '[[sets.colour]]\nname = "grey"\nlabel = "GREY"',
                 '[[sets.colour]]\nname = "red"\nlabel = "GREY"')
    fails = failing(prove(load_game(game)))
    assert set(fails) == {"line-card-product", "line-cards-per-colour[colour=red]"}
    assert fails["line-card-product"].startswith("duplicate: red-top-left-60 (2 pieces), red-top-right-60 (2 pieces)")
    assert fails["line-cards-per-colour[colour=red]"] == "the rules say 8, the data makes 16"


def test_a_duplicated_pentomino_is_named(tmp_path: Path) -> None:
    # w becomes the f pentomino turned a quarter and mirrored: same free pentomino
    game = synthetic(tmp_path, f'name = "w"\ncells = "{PENTOMINOES["w"]}"', 'name = "w"\ncells = "1,0 0,1 1,1 2,1 2,2"')
    fails = failing(prove(load_game(game)))
    assert set(fails) == {"pentominoes"}
    assert fails["pentominoes"] == ("the same free pentomino: shape-card-f = shape-card-w; "
                                    "11 different figures, the rules want 12")


def test_a_figure_of_four_squares_or_apart_is_named(tmp_path: Path) -> None:
    game = synthetic(tmp_path, f'name = "x"\ncells = "{PENTOMINOES["x"]}"', 'name = "x"\ncells = "0,0 2,0 0,1 1,1 2,1 4,4"')
    fails = failing(prove(load_game(game)))
    assert fails["pentominoes"] == ("not 5 squares: shape-card-x (6 squares); "
                                    "squares not all connected: shape-card-x")


def test_a_shape_that_cannot_fit_fails_when_it_is_an_error(tmp_path: Path) -> None:
    game = synthetic(tmp_path, 'cols = 4\nseverity = "warning"', "cols = 4")
    fails = failing(prove(load_game(game)))
    assert fails == {"shapes-fit": "cannot lie on a 4 x 4 board in any orientation: shape-card-i (1 x 5)"}


def test_a_shape_the_rules_set_aside_need_not_fit(tmp_path: Path) -> None:
    i_card = f'name = "i"\ncells = "{PENTOMINOES["i"]}"'
    game = synthetic(tmp_path, i_card, i_card + '\nset_aside = "yes"')
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('cols = 4\nseverity = "warning"', 'cols = 4\nset_aside = "{shape.set_aside}"'))
    line = next(ln for ln in prove(load_game(game)).lines if ln.check == "shapes-fit")
    assert (line.verdict, line.expected, line.found) == ("pass", 11, 11)
    assert line.detail.endswith("set aside by the rules before play: shape-card-i (1 x 5)")
    # a card set aside that would fit is not excused from anything, and counts as in play
    toml.write_text(toml.read_text().replace('set_aside = "yes"', '').replace(
        f'name = "l"\ncells = "{PENTOMINOES["l"]}"', f'name = "l"\ncells = "{PENTOMINOES["l"]}"\nset_aside = "yes"'))
    fails = failing(prove(load_game(game)))
    assert fails == {"shapes-fit": "cannot lie on a 4 x 4 board in any orientation: shape-card-i (1 x 5)"}


def test_a_smaller_grid_changes_the_ranks_it_spans(tmp_path: Path) -> None:
    game = synthetic(tmp_path, "rows = 3, cols = 3", "rows = 3, cols = 2")
    fails = failing(prove(load_game(game)))
    assert fails == {f"ranks[rank {r}]": f"rank {r} has 11 spaces, the rules say 12" for r in (1, 2, 3)} | {
        "ranks[total]": "the board has 47 spaces, the rules say 50"}


def test_a_grid_off_the_common_bottom_is_flagged(tmp_path: Path) -> None:
    game = synthetic(tmp_path, "x = 200, y = 50", "x = 200, y = 40")
    fails = failing(prove(load_game(game)))
    assert list(fails) == ["ranks[aligned]"]
    assert "layouts.board.elements[2] (bottom at 100.0 mm, the others at 110.0 mm)" in fails["ranks[aligned]"]


def test_a_short_supply_fails_in_total_and_per_element(tmp_path: Path) -> None:
    game = synthetic(tmp_path, 'vary = ["element"]\ncount = 13', 'vary = ["element"]\ncount = 12')
    fails = failing(prove(load_game(game)))
    assert fails["chips"] == "setup needs 2 players x 6 x 5 + 5 = 65; the data makes 60, 5 short"
    assert fails["chips-per-element[element=air]"] == "setup needs 2 players x 6 + 1 = 13; the data makes 12, 1 short"
    assert len(fails) == 6


def test_a_spare_piece_passes_and_is_reported(tmp_path: Path) -> None:
    game = synthetic(tmp_path, 'vary = ["element"]\ncount = 13', 'vary = ["element"]\ncount = 14')
    report = prove(load_game(game))
    assert report.ok
    chips = next(line for line in report.lines if line.check == "chips")
    assert (chips.found, chips.relation, chips.detail) == (70, "at least", "setup needs 2 players x 6 x 5 + 5 = 65; 5 spare")


def test_a_removed_die_fails_requires(tmp_path: Path) -> None:
    game = synthetic(tmp_path, '[[components]]\nid = "die"', '[[components]]\nid = "dice-bag"')
    assert failing(prove(load_game(game))) == {"dice": "no component `die` in the data; the rules use 2, the data makes 0"}


def test_one_die_is_not_enough(tmp_path: Path) -> None:
    game = synthetic(tmp_path, "size = 16\ncount = 2", "size = 16\ncount = 1")
    assert failing(prove(load_game(game))) == {"dice": "the rules use 2, the data makes 1"}


# --- bad checks are data errors (exit 2), not proof failures ------------------------


@pytest.mark.parametrize(("old", "new", "message"), [
    ('component = "board"', 'component = "bord"', "checks[3].component: expected a component id ("),
    ('sets = ["colour", "pos"]', 'sets = ["colour", "place"]', 'checks[0].sets: expected a set defined under [sets]'),
    ('per_player = 6\n', 'per_player = "6"\n', "checks[5].per_player: expected a whole number or a list of whole numbers, found"),
    ('cells = "{shape.cells}"\nsize', 'cells = "{shape.squares}"\nsize', "checks.pentominoes.cells (variant f): expected a known template field"),
    (f'cells = "{PENTOMINOES["v"]}"', 'cells = "0,0 0;1"', 'checks.pentominoes.cells (variant v): expected cells as "x,y x,y ..."'),
    ('type = "requires"', 'type = "needs"', "checks[6].type: expected a check type"),
    ('id = "dice"', 'id = "chips"', 'checks[6].id: expected an id used once among [[expect]] and [[checks]], found "chips" (also checks[4])'),
])
def test_bad_checks_are_data_errors(tmp_path: Path, old: str, new: str, message: str) -> None:
    game = synthetic(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        prove(load_game(game))
    assert message in str(err.value), str(err.value)
    assert len(err.value.problems) == 1


# --- the command line and the files ------------------------------------------------------


def test_proof_command_exit_codes_and_tables(tmp_path: Path) -> None:
    ok = run_cli("proof", "euclidean")
    assert ok.returncode == 0, ok.stderr
    assert "stated-total" in ok.stdout and "warnings (1)" in ok.stdout and "errors (" not in ok.stdout
    assert "the rules say 72, the data makes 80" in ok.stdout
    assumed = len(load_game(DATA / "euclidean").data.assumptions)
    assert assumed >= 6 and f"assumptions ({assumed})" in ok.stdout and "colour-bonus" in ok.stdout
    synthetic(tmp_path, "size = 16\ncount = 2", "size = 16\ncount = 1")
    bad = run_cli("proof", "--data", str(tmp_path / "data"), "--json")
    assert bad.returncode == 1
    reports = json.loads(bad.stdout)
    assert [r["verdict"] for r in reports] == ["fail"]
    assert [e["check"] for e in reports[0]["errors"]] == ["dice"]
    (tmp_path / "data" / "synthetic" / "game.toml").write_text("[game\n")
    broken = run_cli("proof", "--data", str(tmp_path / "data"))
    assert broken.returncode == 2 and "expected valid TOML" in broken.stderr and "Traceback" not in broken.stderr


def test_build_writes_the_kit_and_fails_when_the_proof_fails(tmp_path: Path) -> None:
    synthetic(tmp_path, "size = 16\ncount = 2", "size = 16\ncount = 1")
    out = tmp_path / "out"
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "proof failed" in result.stdout and "dice" in result.stdout
    assert (out / "synthetic" / "manifest.json").is_file()
    proof = json.loads((out / "synthetic" / "proof.json").read_text())
    assert proof["verdict"] == "fail" and proof["summary"]["failed"] == 1
    assert (out / "synthetic" / "synthetic-proof.pdf").is_file()
    again = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4")
    assert again.returncode == 1 and "up to date" in again.stdout and "proof failed: synthetic" in again.stdout


def test_proof_json_is_written_by_build_and_sorted(built: Path) -> None:
    raw = (built / "euclidean" / "proof.json").read_text()
    proof = json.loads(raw)
    assert raw == json.dumps(proof, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    assert proof["verdict"] == "pass"
    assert [(w["check"], w["expected"], w["found"], w["severity"]) for w in proof["warnings"]] == [
        ("stated-total", 72, 80, "warning")]
    assert proof["errors"] == []
    assert proof["summary"] == {"checks": len(proof["passed"]) + 1, "passed": len(proof["passed"]),
                                "failed": 0, "warned": 1}
    assert len(proof["assumptions"]) == len(load_game(DATA / "euclidean").data.assumptions) >= 6
    assert proof["components"][0] == {"id": "line-card", "kind": "card", "name": "Line card", "variants": 72,
                                      "pieces": 72}


def test_proof_pdf_shows_every_face_with_counts_and_assumptions(built: Path) -> None:
    import pypdf
    import pypdfium2

    path = built / "euclidean" / "euclidean-proof.pdf"
    reader = pypdf.PdfReader(path)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Every distinct face (76)" in text
    counts = [line for line in text.splitlines() if re.fullmatch("\u00d7[0-9]+", line)]
    assert sorted(counts) == sorted(["\u00d71"] * 72 + ["\u00d74"] * 3 + ["\u00d776"])
    assert "stated-total: expected 72, found 80" in text
    for a in ("stated-total", "card-size", "line-geometry", "reference-copies", "colour-wheel-back", "colour-bonus"):
        assert f"{a}:" in text
    # the first thumbnail is the red top-left line card: red ink inside its box
    page = pypdfium2.PdfDocument(str(path))[0].render(scale=2).to_pil().convert("RGB")
    reds = [page.getpixel((x, y)) for x in range(page.width // 4) for y in range(page.height // 4, page.height // 2)
            if page.getpixel((x, y))[0] > 180 and page.getpixel((x, y))[1] < 80]
    assert reds, "the red line card's thumbnail is missing"


def test_proof_files_are_byte_identical(tmp_path: Path) -> None:
    from printkit.build import draw, paper_for, proof_files

    game = load_game(DATA / "euclidean")
    first = proof_files(draw(game), prove(game), paper_for(game, "a4"))
    second = proof_files(draw(game), prove(game), paper_for(game, "a4"))
    assert first == second and set(first) == {"proof.json", "euclidean-proof.pdf"}


def test_every_check_type_is_registered_documented_and_exercised() -> None:
    """Each module of printkit/checks registers one type: its model is in the ``Check`` union (in
    registry order), it is documented (docstring, every key described, a row in docs/proof.md and
    a section in docs/format.md), its example validates, and some test or example game uses it."""
    import pkgutil
    import tomllib
    import typing

    from pydantic import TypeAdapter

    from printkit import checks, model

    types = checks.load_checks()
    modules = [m.name for m in pkgutil.iter_modules(checks.__path__) if not m.name.startswith("_")]
    assert sorted(t.run.__module__.rsplit(".", 1)[1] for t in types.values()) == sorted(modules)
    members = typing.get_args(typing.get_args(model.Check)[0])
    assert [t.model for t in types.values()] == list(members)
    root = Path(__file__).resolve().parent.parent
    proof_md = (root / "docs" / "proof.md").read_text()
    format_md = (root / "docs" / "format.md").read_text()
    used = {check["type"] for toml in [*root.glob("tests/games/*/game.toml"), *root.glob("data/*/game.toml")]
            for check in tomllib.loads(toml.read_text()).get("checks", [])}
    for name, t in types.items():
        assert t.model.model_fields["type"].annotation.__args__[0] == name
        assert t.doc, name
        assert [n for n, f in t.model.model_fields.items() if not f.description] == [], name
        assert f"| `{name}` |" in proof_md and f"### `{name}`" in format_md, name
        example = tomllib.loads(t.example)["checks"]
        assert [TypeAdapter(model.Check).validate_python(c).type for c in example] == [name]
        # an automatic check runs undeclared (tests/test_proof_sees.py holds each to passing in an example game)
        assert name in used or t.auto, f"no test or example game declares a `{name}` check"


def test_proof_out_writes_the_same_files_as_build(built: Path, tmp_path: Path) -> None:
    result = run_cli("proof", "euclidean", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    for name in ("proof.json", "euclidean-proof.pdf"):
        assert (tmp_path / "euclidean" / name).read_bytes() == (built / "euclidean" / name).read_bytes()
    assert sorted(p.name for p in (tmp_path / "euclidean").iterdir()) == ["euclidean-proof.pdf", "proof.json"]


def test_a_huge_deck_is_summed_up_not_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pypdf

    from printkit import proofsheet
    from printkit.build import draw, paper_for, proof_files

    monkeypatch.setattr(proofsheet, "MAX_TILES", 5)
    game = load_game(synthetic(tmp_path))
    pdf = proof_files(draw(game), prove(game), paper_for(game, "a4"))["synthetic-proof.pdf"]
    (tmp_path / "p.pdf").write_bytes(pdf)
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(tmp_path / "p.pdf").pages)
    assert len([line for line in text.splitlines() if re.fullmatch("\u00d7[0-9]+", line)]) == 5
    # 17 distinct faces (the 6 tiles print alike, as do the 3 pieces and the 5 chips: one face each; 12 shape
    # cards, 1 die, 1 board), 134 pieces; 5 tiles shown (the tile face x6 and four shape cards)
    assert "12 more distinct faces (124 pieces) are not shown here" in text.replace("\n", " ")


# --- the other games on main: pinned reports and planted mistakes -------------------------


def test_pythagoras_report_is_pinned() -> None:
    report = prove(load_game(DATA / "pythagoras"))
    assert report.ok and report.warnings == []
    by_id = {line.check: line for line in report.lines}
    assert [by_id[f"board-ranks[rank {r}]"].found for r in range(1, 6)] == [12, 12, 12, 9, 5]
    assert by_id["board-ranks[total]"].found == 50
    assert (by_id["pyramid-product"].found, by_id["pyramid-product"].detail) == (60, "4 colour x 5 trio x 3 size")
    assert by_id["setup-pyramids"].detail == "setup needs 4 players x 5 x 3 = 60"
    assert report.totals["by_set"]["colour"] == {"red": 15, "yellow": 15, "green": 15, "blue": 15}


def test_a_narrower_pythagoras_grid_fails_the_ranks_it_spans(tmp_path: Path) -> None:
    game = plant(tmp_path, "pythagoras", "rows = 4, cols = 4, cell = 28", "rows = 4, cols = 3, cell = 28")
    fails = failing(prove(load_game(game)))
    assert set(fails) == {"board-ranks[rank 1]", "board-ranks[rank 2]", "board-ranks[rank 3]",
                          "board-ranks[rank 4]", "board-ranks[total]", "board-spaces"}
    assert fails["board-ranks[rank 4]"] == "rank 4 has 8 spaces, the rules say 9"
    assert fails["board-spaces"].startswith("the rules say 50 cell places, the board draws 46")


def test_shape_cards_report_is_pinned() -> None:
    report = prove(load_game(DATA / "shape-cards"))
    assert report.ok
    assert report.warnings == []  # the I card cannot lie on the board, and the rules set it aside
    by_id = {line.check: line for line in report.lines}
    fit = by_id["shapes-fit-board"]
    assert (fit.expected, fit.found, fit.verdict) == (11, 11, "pass")
    assert fit.detail == ("every figure in play fits a 4 x 4 board; "
                          "set aside by the rules before play: shape-card-I (1 x 5)")
    assert (by_id["pentominoes"].found, by_id["pentominoes"].verdict) == (12, "pass")
    assert by_id["board-fields[total]"].found == 16
    assert by_id["setup-dice"].found == 2
    assert report.totals["by_set"]["colour"] == {"green": 16, "blue": 16, "yellow": 16}


def test_a_duplicated_shape_card_pentomino_is_named(tmp_path: Path) -> None:
    game = plant(tmp_path, "shape-cards", 'name = "W"\ncells = "0,0 0,1 1,1 1,2 2,2"', 'name = "W"\ncells = "0,1 1,1 1,0 2,0 1,2"')
    fails = failing(prove(load_game(game)))
    assert fails == {"pentominoes": "the same free pentomino: shape-card-F = shape-card-W; "
                                    "11 different figures, the rules want 12"}


def test_a_removed_die_fails_the_shape_card_game(tmp_path: Path) -> None:
    game = plant(tmp_path, "shape-cards", 'solid = "cube"\nedge = "18mm"\ncount = 2', 'solid = "cube"\nedge = "18mm"\ncount = 1')
    fails = failing(prove(load_game(game)))
    assert fails == {"dice": "the rules say 2, the data makes 1",
                     "setup-dice": "setup needs 2 players x 1 = 2; the data makes 1, 1 short"}


def test_hypergrid_report_is_pinned() -> None:
    report = prove(load_game(DATA / "hypergrid"))
    assert report.ok and report.warnings == []
    by_id = {line.check: line for line in report.lines}
    assert by_id["reserve-and-track"].detail == "setup needs 2 players x 6 x 5 + 5 = 65"
    assert {by_id[f"reserve-and-track-per-element[element={e}]"].found
            for e in ("fire", "air", "water", "earth", "aether")} == {13}
    assert (by_id["lines"].expected, by_id["lines"].found) == (8, 8)  # one lock die in play per line
    assert (by_id["markers-in-box"].found, by_id["markers-in-box"].verdict) == (12, "pass")
    assert by_id["markers-setup"].detail == "setup needs 2 players x 1 + 9 = 11; 1 spare"


def test_a_smaller_hypergrid_reserve_fails_the_supply(tmp_path: Path) -> None:
    game = plant(tmp_path, "hypergrid", 'vary = ["element"]\ncount = 13', 'vary = ["element"]\ncount = 12')
    fails = failing(prove(load_game(game)))
    assert fails["reserve-and-track"] == "setup needs 2 players x 6 x 5 + 5 = 65; the data makes 60, 5 short"
    assert set(fails) == {"chips", "setup-supply", "reserve-and-track"} | {
        f"{check}[element={e}]" for check in ("chips-per-element", "reserve-and-track-per-element")
        for e in ("fire", "air", "water", "earth", "aether")}


def test_equilibrix_report_is_pinned() -> None:
    report = prove(load_game(DATA / "equilibrix"))
    assert report.ok and report.warnings == []
    by_id = {line.check: line for line in report.lines}
    assert (by_id["stock-microbacts"].found, by_id["stock-five-plus-one"].found) == (8, 2)
    assert (by_id["inception-required"].found, by_id["inception-required"].verdict) == (1, "pass")


def test_a_missing_inception_is_flagged(tmp_path: Path) -> None:
    game = plant(tmp_path, "equilibrix", '[[components]]\nid = "inception"', '[[components]]\nid = "tetrahedron"')
    toml = game / "game.toml"
    text = toml.read_text()
    # the expectation and the assumption name the component too: point them at the renamed one
    toml.write_text(text.replace('components = ["inception"]\ncount', 'components = ["tetrahedron"]\ncount')
                    .replace('about = ["inception"]', 'about = ["tetrahedron"]')
                    .replace('component = "inception"', 'component = "tetrahedron"'))
    fails = failing(prove(load_game(game)))
    assert fails == {"inception-required": "no component `inception` in the data; the rules use 1, the data makes 0"}


def test_every_game_on_main_passes_its_proof() -> None:
    games = sorted(p.parent.name for p in DATA.glob("*/game.toml"))
    assert {"euclidean", "pythagoras", "shape-cards", "hypergrid", "equilibrix"} <= set(games)
    assert {g: prove(load_game(DATA / g)).ok for g in games} == dict.fromkeys(games, True)


def test_per_may_name_a_table_column(tmp_path: Path) -> None:
    game = synthetic(tmp_path, '[[checks]]\nid = "tile-product"', '[[expect]]\nid = "tiles-per-pos"\ncomponents = ["tile"]\nper = "pos"\ncount = 3\nsource = "3 per position"\n[[expect]]\nid = "tiles-per-side"\ncomponents = ["tile"]\nper = "name"\ncount = 1\nsource = "one of each"\n[[checks]]\nid = "tile-product"')
    report = prove(load_game(game))
    assert report.ok
    assert [line.check for line in report.lines if line.check.startswith("tiles-per-side[")][:2] == [
        "tiles-per-side[name=blue-bottom]", "tiles-per-side[name=blue-top]"]


def test_each_check_of_a_report_is_one_line(tmp_path: Path) -> None:
    """A check (or the fit of one element) reports once: a doubled line (the fit check run twice
    once slipped in through a merge) would double its warning in proof.json and on the sheet."""
    import shutil

    from printkit.kit import draw

    folder = tmp_path / "print-services"
    shutil.copytree(Path(__file__).resolve().parent / "games" / "print-services", folder)
    toml = folder / "game.toml"
    # the mini cards' back given the poker back's title: it runs off the 44 mm card (a fit line)
    mini = 'text = "PRINT SERVICES", x = 3, y = 30, w = 38, size = "9pt"'
    assert mini in toml.read_text()
    toml.write_text(toml.read_text().replace(mini, 'text = "PRINT SERVICES", x = 6, y = 42, w = 51.5, size = "11pt"'))
    game = load_game(folder)
    report = prove(game, draw(game), glyphs="warning")
    names = [line.check for line in report.lines]
    assert any(name.startswith("fit[") for name in names)
    assert sorted(names) == sorted(set(names))
