"""The assembly sheet and the boxes' look, on a small game with one part of every kind (tests/games/assembly)
and on the five games: its content comes from the data and the laid-out sheets, never from a game's name."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import DATA, run_cli
from pypdf import PdfReader

from printkit.assembly import assembly_markdown, card_stock, card_thickness, printed
from printkit.boxes import plan
from printkit.boxes.net import draw_net
from printkit.build import assembled_sizes, draw, layout, paper_for, piece_sizes
from printkit.drawing import Group, Rect, Text, walk
from printkit.drawing import Path as PathNode
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"
FIVE = ["equilibrix", "euclidean", "hypergrid", "pythagoras", "shape-cards"]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("assembly")
    shutil.copytree(GAMES / "assembly", root / "data" / "assembly")
    result = run_cli("build", "--data", str(root / "data"), "--out", str(root / "out"), "--quiet")
    assert result.returncode == 0, result.stderr
    return root / "out" / "assembly"


def _text(pdf: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "") for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_every_paper_gets_an_assembly_sheet_listed_in_the_manifest(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text())
    assert manifest["assembly"] == ["assembly-assembly-a4.pdf", "assembly-assembly-letter.pdf"]
    for name in manifest["assembly"]:
        assert (kit / name).read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_counts_papers_and_steps_come_from_the_data(kit: Path, paper: str) -> None:
    manifest = json.loads((kit / "manifest.json").read_text())
    text = _text((kit / f"assembly-assembly-{paper}.pdf").read_bytes())
    game = load_game(GAMES / "assembly")
    # each PDF with the number of physical sheets it takes (pages minus duplex backs)
    for name, sheet in {**manifest["sheets"], **manifest["box_sheets"]}.items():
        if not name.endswith(f"-{paper}.pdf"):
            continue
        backs = sum(1 for i in range(1, sheet["pages"] + 1)
                    if any(p["page"] == i and p["face"] == "back" for p in sheet["placements"]))
        n = sheet["pages"] - backs
        assert re.search(re.escape(name) + rf": {n} sheets?, ", text), name
    assert "assembly-cards-" + paper + ".pdf: 2 sheets, both sides" in text  # 12 cards, 9 a page, backs behind
    # the paper the data asks for, and printkit's advice for the rest
    assert "thin card, 160 g/m² (test paper)" in text
    assert card_stock(card_thickness(game)) in text
    # every component with its count and its note
    for comp in game.components:
        assert f"{game.pieces(comp)} × {comp.label}" in text
    assert "Roll it once to check it is square." in text
    assert "16 × 16 × 16 mm built" in text
    assert "fold it in half along its printed dashed fold line" in text


def test_steps_run_boards_cards_pieces_nets_then_boxes_and_pack() -> None:
    game = load_game(GAMES / "assembly")
    kit = draw(game)
    groups = layout(kit, paper_for(game, "a4"), "long")
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit), kit.faces)
    md = assembly_markdown(game, "a4", printed(game, "a4", groups), boxes, assembled_sizes(kit))
    heads = [line for line in md.splitlines() if line.startswith("## ")]
    assert [h.split(". ", 1)[1].split(":")[0] for h in heads] == ["Print", "Board", "Cards", "Pieces", "Nets",
                                                                   "Boxes", "Pack"]
    # a picture of every component and of every box part
    for comp in game.components:
        assert f"component:{comp.id}?" in md
    for box in boxes:
        for i in range(len(box.parts)):
            assert f"box:{box.id}-{i + 1}?" in md


@pytest.mark.parametrize("game_id", FIVE)
def test_the_five_games_get_an_assembly_sheet_naming_each_component(built: Path, game_id: str) -> None:
    game = load_game(DATA / game_id)
    text = _text((built / game_id / f"{game_id}-assembly-a4.pdf").read_bytes())
    for comp in game.components:
        assert f"{game.pieces(comp)} × {comp.label}" in text, comp.id
    boxes = json.loads((built / game_id / "manifest.json").read_text())["boxes"]
    for box in boxes:
        n = len(box["parts"])
        assert box["name"][:1].upper() + box["name"][1:] in text  # a part starts its cell with a capital
        assert (f"({n} parts make one piece)" in text and f"Once all {n} parts are joined" in text) == (n > 1), box["id"]


# --- the boxes' look ---------------------------------------------------------------------


def test_boxes_wear_the_palette_and_the_title_art() -> None:
    game = load_game(GAMES / "assembly")
    kit = draw(game)
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit), kit.faces)
    night, gold, cream = (game.palette[c].rgb for c in ("night", "gold", "cream"))
    back = kit.faces["card-back"]
    art_colours = {s.paint.stroke for s, _ in walk(back.children, back.defs) if hasattr(s, "paint")}
    assert gold in art_colours  # the card back's ring
    for box in boxes:
        drawing = draw_net(box.parts[0])
        shapes = [s for s, _ in walk(drawing.children, drawing.defs)]
        fills = {s.paint.fill for s in shapes if isinstance(s, (PathNode, Rect))}
        assert night in fills or any(isinstance(s, PathNode) and s.paint.stroke == night for s in shapes)
        texts = [s for s in shapes if isinstance(s, Text)]
        titles = [t for t in texts if t.text == game.info.title]
        if box.kind == "tuck" or box.id == "lid-box-lid":
            assert titles and all(t.fill == gold for t in titles), box.id
            # the card back's own text is drawn on the box: the title art
            assert any(t.text == "ASSEMBLY" and t.fill == gold for t in texts), box.id
            assert any(isinstance(s, Rect) and s.paint.stroke == gold for s in shapes), "a gold frame"
        assert all(t.fill in (cream, gold, "#555555") for t in texts if t.role == "art"), box.id
        # cut and fold lines show on the dark board
        lines = [s for s in shapes if s.role in ("cut", "fold")]
        assert lines and all(s.paint.stroke == "#ffffff" for s in lines)


def test_box_art_names_a_printed_face(tmp_path: Path) -> None:
    shutil.copytree(GAMES / "assembly", tmp_path / "assembly")
    toml = tmp_path / "assembly" / "game.toml"
    toml.write_text(toml.read_text().replace('art = "card-back"', 'art = "card-bak"'))
    result = run_cli("build", "--data", str(tmp_path), "--out", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 2
    assert result.stderr.count("error:") == 1
    assert "boxes.art: expected a piece name as in out/<game>/svg/" in result.stderr and '"card-bak"' in result.stderr
    assert not (tmp_path / "out" / "assembly").exists()


def test_a_box_without_art_or_accent_keeps_its_text() -> None:
    game = load_game(DATA / "euclidean")
    plain = game.data.boxes.model_copy(update={"art": None, "accent": None})
    object.__setattr__(game, "data", game.data.model_copy(update={"boxes": plain}))
    kit = draw(game)
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit), kit.faces)
    drawing = draw_net(boxes[-1].parts[0])
    shapes = [s for s, _ in walk(drawing.children, drawing.defs)]
    assert any(isinstance(s, Text) and s.text == "Euclidean" for s in shapes)
    assert not any(isinstance(s, Text) and s.text == "EUCLIDEAN" for s in shapes)  # the back's art is gone
    assert isinstance(drawing.children[0], Group)


@pytest.mark.parametrize("game_id", ["euclidean", "shape-cards"])
def test_tuck_boxes_and_the_assembly_sheet_name_one_card_stock(game_id: str) -> None:
    """The tuck box is sized for the card thickness the assembly sheet asks to print on, and the boxes'
    own card is the stock their folds are planned for (issue 27: 0.30 mm boxes, 0.4 mm advised)."""
    from printkit.boxes import plan

    game = load_game(DATA / game_id)
    kit = draw(game)
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit))
    tucks = [b for b in boxes if b.kind == "tuck"]
    assert tucks
    groups = layout(kit, paper_for(game, "a4"), "long")
    text = assembly_markdown(game, "a4", printed(game, "a4", groups), boxes, assembled_sizes(kit))
    for box in tucks:
        cards = sum(game.pieces(game.component(c)) for c in box.info["components"])
        per_card = box.info["deck_thickness"] / cards
        assert card_stock(per_card) in text, (per_card, text[:600])


def _sheet(game_id: str) -> str:
    from printkit.boxes import plan

    game = load_game(DATA / game_id)
    kit = draw(game)
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit))
    return assembly_markdown(game, "a4", printed(game, "a4", layout(kit, paper_for(game, "a4"), "long")), boxes,
                             assembled_sizes(kit))


def test_folding_boards_nesting_pieces_and_flat_boards_are_told_as_they_are() -> None:
    """Issue 27: a fold off the middle is named where it runs (not "in half"); a board that folds is not to be
    mounted on greyboard; pieces that nest are packed nested; a board that does not fold says so."""
    hyper = _sheet("hypergrid")
    assert "fold it in half" not in hyper and "mm from the left edge" in hyper
    assert "do not mount it on greyboard" in hyper
    pyth = _sheet("pythagoras")
    assert "fold it in quarters" in pyth and "do not mount it on greyboard" in pyth
    assert "nested one inside the other" in pyth
    assert "it does not fold: keep it flat" in _sheet("equilibrix")


# --- the duplex flip edge the sheet names ------------------------------------------------------


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_print_step_names_the_flip_edge_of_the_data(tmp_path: Path, duplex: str) -> None:
    """Cards with backs printed on a short-edge flip must say so: a long-edge flip puts every back upside down."""
    from printkit.assembly import Printed

    (tmp_path / "game.toml").write_text(
        f'[game]\ntitle = "Flip"\n[print]\nduplex = "{duplex}"\n[layouts.face]\nelements = []\n'
        '[[components]]\nid = "card"\nkind = "card"\nsize = "poker"\ncount = 12\nface = "face"\nback = "face"\n')
    game = load_game(tmp_path)
    files = [Printed("flip-cards-a4.pdf", "cards", 2, 4, True), Printed("flip-box-a4.pdf", "box", 1, 1, False)]
    lines = assembly_markdown(game, "a4", files, [], {}, rules=False).splitlines()
    other = {"long": "short", "short": "long"}[duplex]
    assert f"- **flip-cards-a4.pdf**: 2 sheets, both sides (duplex, flip on the {duplex} edge), on " in "\n".join(lines)
    assert not any(f"flip on the {other} edge" in line for line in lines)
    assert any(line.startswith("- **flip-box-a4.pdf**: 1 sheet, one side, on ") for line in lines)
    assert any("Print both sides first" in line for line in lines)  # the cards' step says so too


def test_the_built_assembly_sheet_prints_the_flip_edge(kit: Path) -> None:
    text = _text((kit / "assembly-assembly-a4.pdf").read_bytes())
    assert "assembly-cards-a4.pdf: 2 sheets, both sides (duplex, flip on the long edge)" in text
    assert "short edge" not in text


def test_the_assembly_sheet_is_typeset_with_the_rulebook_alike_whether_or_not_its_process_laid_the_paper_out() -> None:
    from printkit.build import BOOK, BuildOptions, _rules_part, _sheets_part, game_jobs, plan_boxes, settings_for

    game = load_game(DATA / "pythagoras")
    options = BuildOptions()
    s = settings_for(game, options)
    fresh = draw(game)
    boxes = plan_boxes(fresh, False)  # a worker that has not made the sheets: it lays the paper out again
    alone = _rules_part(fresh, s, boxes, ("a4",), False)
    assert sorted(fresh.printed) == ["a4"]
    laid = draw(game)
    sheets = _sheets_part(laid, s, boxes, "a4")
    assert "pythagoras-assembly-a4.pdf" not in sheets.files  # the sheets' job leaves it to the rulebook's
    assert laid.printed["a4"] == fresh.printed["a4"] and laid.printed["a4"]
    after = _rules_part(laid, s, boxes, ("a4",), False)
    assert alone.files["pythagoras-assembly-a4.pdf"] == after.files["pythagoras-assembly-a4.pdf"]
    assert alone.manifest["assembly"] == ["pythagoras-assembly-a4.pdf"]
    jobs = game_jobs(draw(game), options)
    assert [j.label for j in jobs if j.group == BOOK] == [
        "pythagoras-rules-a4.pdf, pythagoras-rules-letter.pdf, pythagoras-assembly-a4.pdf, pythagoras-assembly-letter.pdf",
        "pythagoras-rules.html", "proof"]
