"""The assembly sheet (``printkit/assembly.py``): the cases the mutation run (issue 28, target
``assembly``) found untested. In-process: the sheet's Markdown is read line by line, the steps of
one component at a time, folds given to the board as a test wants them, and the PDF's pictures
asked for through the renderer's own callback.

Expectations are written from the data: the sheets the test lays out, the folds it places (off the
middle by more or less than half a millimetre), the card stock by the documented model (830 g/m² a
millimetre, to the nearest 10 g/m²), the boxes and parts the test describes.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import game_from

import printkit.assembly as assembly
from printkit.assembly import (
    DEFAULT_PAPER,
    FALLBACK_PAPER,
    Printed,
    _box_how,
    _rank,
    _steps,
    assembly_markdown,
    card_stock,
    card_thickness,
    net_pictures,
    paper_for_group,
    part_pictures,
    printed,
)
from printkit.drawing import Drawing, Group, Rect, Use
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"


@pytest.fixture(scope="module")
def game() -> Any:
    return load_game(GAMES / "assembly")


def tiny(tmp_path: Path, components: str, extra: str = "") -> Any:
    return game_from(tmp_path, '[game]\ntitle = "Tiny"\n[layouts.face]\nelements = []\n'
                     '[layouts.board]\nelements = [{ type = "grid", x = 10, y = 10, rows = 4, cols = 4, cell = 20 }]\n'
                     + extra + components)


def roles(nodes: Any) -> list[str]:
    """The roles of every shape under ``nodes`` (references left as they are)."""
    out: list[str] = []
    for n in nodes:
        if isinstance(n, Group):
            out += roles(n.children)
        elif not isinstance(n, Use):
            out.append(n.role)
    return out


def sheets(*kinds: str) -> list[Any]:
    return [SimpleNamespace(kind=k) for k in kinds]


# --- what each PDF takes to print --------------------------------------------------------------


def test_printed_counts_sheets_pages_backs_and_tiles(game: Any) -> None:
    groups = {"cards": sheets("front", "back", "front", "back", "front"), "nets": [],
              "board": sheets("tile", "tile", "tile"), "pieces": sheets("front", "back"), "pads": sheets("front")}
    assert printed(game, "a4", groups) == [
        Printed("assembly-cards-a4.pdf", "cards", 3, 5, True, 0),
        Printed("assembly-board-a4.pdf", "board", 3, 3, False, 3),
        Printed("assembly-pieces-a4.pdf", "pieces", 1, 2, True, 0),   # exactly one back
        Printed("assembly-pads-a4.pdf", "pads", 1, 1, False, 0),
    ]


def test_a_printed_file_has_no_tiles_unless_told(game: Any) -> None:
    assert Printed("f.pdf", "board", 1, 1, False).tiles == 0
    assert _steps(game, "mat", "board", Printed("f.pdf", "board", 1, 1, False).tiles, None, False)[0] == \
        "cut along the crop marks"


# --- papers --------------------------------------------------------------------------------------


@pytest.mark.parametrize("thickness, stock", [
    (0.30, "card stock of about 250 g/m² (0.30 mm thick)"),     # 249 g/m²
    (0.2949, "card stock of about 240 g/m² (0.29 mm thick)"),   # 244.77 g/m²: down to 240
    (0.2953, "card stock of about 250 g/m² (0.30 mm thick)"),   # 245.10 g/m²: up to 250
    (0.5, "card stock of about 420 g/m² (0.50 mm thick)"),      # 415 g/m²
    (0.1, "card stock of about 80 g/m² (0.10 mm thick)"),       # 83 g/m²
])
def test_card_stock_by_weight_to_the_nearest_10(thickness: float, stock: str) -> None:
    assert card_stock(thickness) == stock


CARDS = """
[[components]]
id = "a"
kind = "card"
size = "poker"
face = "face"
{a}
[[components]]
id = "b"
kind = "card"
size = "poker"
face = "face"
{b}
[[components]]
id = "t"
kind = "token"
size = 20
face = "face"
[[components]]
id = "m"
kind = "board"
width = 100
height = 100
face = "board"
"""


@pytest.mark.parametrize("a, b, expected", [
    ("thickness = 0.45", "thickness = 0.45", 0.45),    # all agree: theirs
    ("thickness = 0.45", "", 0.35),                    # one does not say: the [boxes] one
    ("thickness = 0.45", "thickness = 0.25", 0.35),    # they disagree
    ("thickness = 0.25", "thickness = 0.45", 0.35),
    ("", "", 0.35),
])
def test_the_card_thickness_the_boxes_are_sized_for(tmp_path: Path, a: str, b: str, expected: float) -> None:
    game = tiny(tmp_path, CARDS.format(a=a, b=b), "[boxes]\ncard_thickness = 0.35\n")
    assert card_thickness(game) == expected


def test_no_cards_the_boxes_card_thickness(tmp_path: Path) -> None:
    game = tiny(tmp_path, '[[components]]\nid = "m"\nkind = "board"\nwidth = 100\nheight = 100\nface = "board"\n',
                "[boxes]\ncard_thickness = 0.35\n")
    assert card_thickness(game) == 0.35


@pytest.mark.parametrize("group", ["board", "box", "cards", "nets", "pads", "pieces", "rules", "zebra", "art"])
def test_the_paper_of_every_group(tmp_path: Path, group: str) -> None:
    game = tiny(tmp_path, CARDS.format(a="thickness = 0.45", b="thickness = 0.45"), "[boxes]\ncardstock = 0.5\n")
    expected = {"cards": "card stock of about 370 g/m² (0.45 mm thick): the boxes are planned for cards this thick",
                "box": "card stock of about 420 g/m² (0.50 mm thick): the boxes' folds are planned for it"}
    assert paper_for_group(game, group) == expected.get(group, DEFAULT_PAPER.get(group, FALLBACK_PAPER))


def test_the_paper_the_data_asks_for_wins(tmp_path: Path) -> None:
    game = tiny(tmp_path, CARDS.format(a="", b=""), '[assembly]\npaper = { cards = "my card", box = "my box" }\n')
    assert (paper_for_group(game, "cards"), paper_for_group(game, "box"), paper_for_group(game, "nets")) == (
        "my card", "my box", DEFAULT_PAPER["nets"])


# --- the steps of one component -------------------------------------------------------------------


def test_a_board_in_tiles_says_how_many(game: Any) -> None:
    steps = _steps(game, "mat", "board", 4, None, False)
    assert steps[0].startswith("printed in 4 tiles: cut each tile along its dashed line")
    assert _steps(game, "mat", "board", 0, None, False)[0] == "cut along the crop marks"


def fold(vertical: bool, at: float) -> Any:
    return SimpleNamespace(vertical=vertical, at=at)


BOARDS = """
[[components]]
id = "wide"
kind = "board"
width = 200
height = 140
face = "board"
[[components]]
id = "tall"
kind = "board"
width = 140
height = 200
face = "board"
[[components]]
id = "square"
kind = "board"
width = 150
height = 150
face = "board"
"""


@pytest.fixture
def boards(tmp_path: Path) -> Any:
    return tiny(tmp_path, BOARDS)


def fold_steps(monkeypatch: pytest.MonkeyPatch, game: Any, board: str, folds: list[Any]) -> list[str]:
    import printkit.kinds.board

    seen: list[Any] = []

    def given(game_: Any, comp: Any, ctx: Any) -> list[Any]:
        seen.append(ctx.variant)
        return folds

    monkeypatch.setattr(printkit.kinds.board, "board_folds", given)
    steps = _steps(game, board, "board", 0, None, False)
    assert seen == [game.variants[board][0]]
    return steps


FLAT = "it does not fold: keep it flat (it lies flat in the lid box)"
MOUNT = ("print it on paper or thin card and do not mount it on greyboard: it must fold, and the lid box is "
         "planned for the folded sheet")


@pytest.mark.parametrize("board, folds, step", [
    ("wide", [fold(True, 100)], "fold it in half along its printed dashed fold line, printed side out"),
    ("wide", [fold(True, 100.4)], "fold it in half along its printed dashed fold line, printed side out"),
    ("wide", [fold(True, 99.6)], "fold it in half along its printed dashed fold line, printed side out"),
    ("wide", [fold(True, 100.5)],
     "fold it in two along its printed dashed fold line (100.5 mm from the left edge), printed side out"),
    ("wide", [fold(True, 60)],
     "fold it in two along its printed dashed fold line (60 mm from the left edge), printed side out"),
    ("wide", [fold(False, 70)], "fold it in half along its printed dashed fold line, printed side out"),
    ("wide", [fold(False, 69.5)],
     "fold it in two along its printed dashed fold line (69.5 mm from the top edge), printed side out"),
    ("tall", [fold(False, 100)], "fold it in half along its printed dashed fold line, printed side out"),
    ("tall", [fold(True, 100)],
     "fold it in two along its printed dashed fold line (100 mm from the left edge), printed side out"),
])
def test_one_fold_in_half_or_where_it_runs(monkeypatch: pytest.MonkeyPatch, boards: Any, board: str,
                                          folds: list[Any], step: str) -> None:
    assert fold_steps(monkeypatch, boards, board, folds) == ["cut along the crop marks", step, MOUNT]


QUARTERS = "fold it in quarters along its printed dashed fold lines, printed side out: the fold across the long side first"


@pytest.mark.parametrize("board, folds, where", [
    ("wide", [fold(False, 50), fold(True, 80)], " (80 mm from the left edge)"),     # the vertical one: across
    ("wide", [fold(False, 50), fold(True, 100)], ""),
    ("tall", [fold(True, 50), fold(False, 80)], " (80 mm from the top edge)"),      # the horizontal one
    ("square", [fold(False, 50), fold(True, 40)], " (40 mm from the left edge)"),   # square: the vertical one
    ("wide", [fold(False, 30), fold(False, 100)], " (30 mm from the top edge)"),    # none across: the first
])
def test_quarters_name_the_fold_across_the_long_side(monkeypatch: pytest.MonkeyPatch, boards: Any, board: str,
                                                     folds: list[Any], where: str) -> None:
    assert fold_steps(monkeypatch, boards, board, folds) == ["cut along the crop marks", QUARTERS + where, MOUNT]


def test_a_board_that_does_not_fold_lies_flat(monkeypatch: pytest.MonkeyPatch, boards: Any) -> None:
    assert fold_steps(monkeypatch, boards, "wide", []) == ["cut along the crop marks", FLAT]


def test_the_board_folds_asked_for_of_its_first_variant(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "boards.csv").write_text("name\nFirst\nSecond\n")
    game = tiny(tmp_path, '[[components]]\nid = "m"\nkind = "board"\nwidth = 100\nheight = 80\nface = "board"\n'
                          'table = "boards.csv"\n')
    assert len(game.variants["m"]) == 2
    fold_steps(monkeypatch, game, "m", [])   # asserts the first variant


KINDS_GAME = """
[[components]]
id = "card"
kind = "card"
size = "poker"
face = "face"
back = "face"
[[components]]
id = "pad"
kind = "pad"
width = 80
height = 100
face = "face"
[[components]]
id = "tiles"
kind = "token"
size = 20
shape = "square"
tessellate = true
face = "face"
[[components]]
id = "hexes"
kind = "token"
size = 20
shape = "hexagon"
tessellate = true
face = "face"
[[components]]
id = "squares"
kind = "token"
size = 20
shape = "square"
face = "face"
back = "face"
[[components]]
id = "stand"
kind = "standee"
width = 30
height = 50
face = "face"
[[components]]
id = "lattice"
kind = "lattice-piece"
spacing = 14
fields = "0,0-1,0"
front = { fill = "ink", dots = "white" }
[[components]]
id = "die"
kind = "net"
solid = "cube"
edge = "16mm"
faces = [{ pips = 1 }, { pips = 2 }, { pips = 3 }, { pips = 4 }, { pips = 5 }, { pips = 6 }]
"""

SHARED = "cut straight across the whole sheet from mark to mark (neighbours share every cut)"
OUTLINE = "cut each piece along its outline"


@pytest.fixture
def kinds(tmp_path: Path) -> Any:
    return tiny(tmp_path, KINDS_GAME, '[assembly]\nnotes = { stand = "Slot it into its base." }\n')


@pytest.mark.parametrize("comp, group, built, duplex, steps", [
    ("card", "cards", None, False, ["cut along the crop marks; neighbouring pieces share a cut"]),
    ("card", "cards", None, True, ["print both sides first; check that the backs line up with the fronts",
                                   "cut along the crop marks; neighbouring pieces share a cut"]),
    ("pad", "pads", None, True, [SHARED]),                    # no back: nothing to line up
    ("tiles", "pieces", None, False, [SHARED]),
    ("hexes", "pieces", None, False, [OUTLINE]),
    ("squares", "pieces", None, True, ["print both sides first; check that the backs line up with the fronts",
                                       OUTLINE]),
    ("stand", "pieces", None, False, [OUTLINE, "Slot it into its base."]),
    ("lattice", "pieces", None, False, [OUTLINE]),
    ("die", "nets", (16.0, 16.0, 16.0), False, [
        "cut around the solid outline",
        "crease every dashed line with a blunt point and a ruler, then fold it away from you (printed side out)",
        "glue each grey tab inside the face next to it, closing the last face last (16 × 16 × 16 mm built)"]),
    ("die", "nets", (16.5, 20.0, 7.25), False, [
        "cut around the solid outline",
        "crease every dashed line with a blunt point and a ruler, then fold it away from you (printed side out)",
        "glue each grey tab inside the face next to it, closing the last face last (16.5 × 20 × 7.25 mm built)"]),
])
def test_the_steps_of_each_way_of_making_a_part(kinds: Any, comp: str, group: str, built: Any, duplex: bool,
                                                steps: list[str]) -> None:
    assert _steps(kinds, comp, group, 0, built, duplex) == steps


# --- the sheet ------------------------------------------------------------------------------------


def box(id_: str, kind: str, parts: int, inner: tuple[float, float, float] = (64.2, 89.5, 20.0)) -> Any:
    return SimpleNamespace(id=id_, kind=kind, name=id_.capitalize() + " box", inner=inner, parts=[object()] * parts)


def sheet_of(game: Any, files: list[Printed], boxes: list[Any], **kw: Any) -> list[str]:
    return assembly_markdown(game, "a4", files, boxes, {"die": (16.0, 16.0, 16.0)}, **kw).split("\n")


FILES = [Printed("assembly-nets-a4.pdf", "nets", 1, 1, False), Printed("assembly-zines-a4.pdf", "zines", 2, 2, False),
         Printed("assembly-cards-a4.pdf", "cards", 2, 4, True), Printed("assembly-box-a4.pdf", "box", 3, 3, False),
         Printed("assembly-board-a4.pdf", "board", 4, 4, False, 4), Printed("assembly-pieces-a4.pdf", "pieces", 1, 2, True),
         Printed("assembly-pads-a4.pdf", "pads", 1, 1, False)]   # the game has no pad: no section, the next ones still


def test_the_print_list_in_making_order_with_counts_and_papers(game: Any) -> None:
    lines = sheet_of(game, FILES, [])
    prints = [line for line in lines if line.startswith("- **")]
    assert prints == [
        f"- **assembly-board-a4.pdf**: 4 sheets, one side, on {paper_for_group(game, 'board')}.",
        f"- **assembly-cards-a4.pdf**: 2 sheets, both sides (duplex, flip on the long edge), on "
        f"{paper_for_group(game, 'cards')}.",
        f"- **assembly-pieces-a4.pdf**: 1 sheet, both sides (duplex, flip on the long edge), on "
        f"{paper_for_group(game, 'pieces')}.",
        f"- **assembly-pads-a4.pdf**: 1 sheet, one side, on {paper_for_group(game, 'pads')}.",
        f"- **assembly-nets-a4.pdf**: 1 sheet, one side, on {paper_for_group(game, 'nets')}.",
        f"- **assembly-zines-a4.pdf**: 2 sheets, one side, on {FALLBACK_PAPER}.",   # a group of no known kind
        f"- **assembly-box-a4.pdf**: 3 sheets, one side, on {paper_for_group(game, 'box')}.",
        f"- **assembly-rules-a4.pdf**: every page, on {DEFAULT_PAPER['rules']}.",
    ]
    assert "14 sheets in all, besides the rules. Print at 100 % (\"actual size\")" in "\n".join(lines)
    assert lines[0] == "# Assembly test game: making the kit"
    assert lines[2] == "How to print, cut, fold and glue every part of the kit on A4 paper, in order."
    assert lines[-2:] == ["", ""]     # the last table, a blank line, the end of the text


def test_no_sheet_is_one_sheet_and_rules_can_be_left_out(game: Any) -> None:
    lines = sheet_of(game, [Printed("x-cards-a4.pdf", "cards", 0, 0, False)], [], rules=False)
    assert any(line.startswith("- **x-cards-a4.pdf**: 0 sheets, one side") for line in lines)
    assert not any("-rules-" in line for line in lines)
    assert "0 sheets in all" in "\n".join(lines)


def test_parts_group_by_group_numbered_with_their_pictures_and_steps(game: Any) -> None:
    lines = sheet_of(game, FILES, [])
    heads = [line for line in lines if line.startswith("## ")]
    assert heads == ["## 1. Print", "## 2. Board: assembly-board-a4.pdf", "## 3. Cards: assembly-cards-a4.pdf",
                     "## 4. Pieces: assembly-pieces-a4.pdf", "## 5. Nets: assembly-nets-a4.pdf"]   # zines: no part
    rows = [line for line in lines if line.startswith("| ") and "Part |" not in line]
    assert rows[0].startswith("| 1 × Mat | ![](component:mat?box=22) | Printed in 4 tiles: cut each tile")
    assert rows[1] == ("| 12 × Card | ![](component:card?box=22) | Print both sides first; check that the backs line "
                       "up with the fronts; cut along the crop marks; neighbouring pieces share a cut. |")
    assert rows[2] == ("| 6 × Chip | ![](component:chip?box=22) | Print both sides first; check that the backs line "
                       "up with the fronts; cut each piece along its outline. |")
    assert rows[3].startswith("| 1 × Die | ![](component:die?box=22) | Cut around the solid outline; crease every")
    assert rows[3].endswith("(16 × 16 × 16 mm built). Roll it once to check it is square. |")  # the note: its own sentence


@pytest.mark.parametrize("note, written", [
    ("Slot it into its base.", "Slot it into its base."),      # a full stop of its own: not a second one
    ("slot it into its base", "Slot it into its base."),       # a capital and a full stop where it has none
    ("Done? Slot it in!", "Done? Slot it in!"),
    ("  Slot it in… ", "Slot it in…"),
])
def test_a_designers_note_is_a_sentence_of_its_own_after_the_steps(tmp_path: Path, note: str, written: str) -> None:
    game = tiny(tmp_path, KINDS_GAME, f'[assembly]\nnotes = {{ stand = "{note}" }}\n')
    lines = sheet_of(game, [Printed("x-pieces-a4.pdf", "pieces", 1, 1, False)], [])
    row = next(line for line in lines if line.startswith("| ") and "component:stand" in line)
    assert row.endswith(f"| Cut each piece along its outline. {written} |")


def test_boxes_part_by_part_then_packing(game: Any) -> None:
    boxes = [box("tuck", "tuck", 1), box("lid", "tray", 3, (142.4, 102.6, 20.5)), box("deck", "tuck", 2)]
    lines = sheet_of(game, [f for f in FILES if f.group != "board"], boxes)
    heads = [line for line in lines if line.startswith("## ")]
    assert heads[-2:] == ["## 5. Boxes: assembly-box-a4.pdf", "## 6. Pack"]
    rows = [line for line in lines if line.startswith("| ") and ("box:" in line)]
    finish_tray = "Fold up the four walls; glue each corner tab inside the wall next to it."
    assert rows == [
        "| Tuck box | ![](box:tuck-1?box=22) | Inside 64 × 90 × 20 mm. Glue the side tab inside the front, then the "
        "bottom flap; the lid tucks in at the top. |",
        "| Lid box, part 1 of 3 | ![](box:lid-1?box=22) | Inside 142 × 103 × 20 mm. Glue its lettered join tabs under "
        "the same letters on the other parts (3 parts make one piece). |",
        "| Lid box, part 2 of 3 | ![](box:lid-2?box=22) | Inside 142 × 103 × 20 mm. Glue its lettered join tabs under "
        "the same letters on the other parts (3 parts make one piece). |",
        "| Lid box, part 3 of 3 | ![](box:lid-3?box=22) | Inside 142 × 103 × 20 mm. Once all 3 parts are joined at "
        "their letters: " + finish_tray[0].lower() + finish_tray[1:] + " |",
        "| Deck box, part 1 of 2 | ![](box:deck-1?box=22) | Inside 64 × 90 × 20 mm. Glue its lettered join tabs under "
        "the same letters on the other parts (2 parts make one piece). |",
        "| Deck box, part 2 of 2 | ![](box:deck-2?box=22) | Inside 64 × 90 × 20 mm. Once all 2 parts are joined at "
        "their letters: glue the side tab inside the front, then the bottom flap; the lid tucks in at the top. |",
    ]
    # a part named in lower case (the lid box's trays are "lid box: base" and "lid box: lid") starts a cell
    tray = SimpleNamespace(id="lid-box-base", kind="tray", name="lid box: base", inner=(142.4, 102.6, 20.5),
                           parts=[object()])
    row = next(line for line in sheet_of(game, FILES, [tray]) if "box:lid-box-base-1" in line)
    assert row.startswith("| Lid box: base | ")
    pack = lines[lines.index("## 6. Pack") + 2:]
    assert pack[:6] == ["Put everything in the lid box's base and slide the lid over it:", "", "- 1 × Mat",
                        "- 12 × Card", "- 6 × Chip", "- 1 × Die"]


def test_the_box_file_when_no_box_sheet_is_listed(game: Any) -> None:
    lines = sheet_of(game, [], [box("tuck", "tuck", 1)])
    assert "## 2. Boxes: assembly-box-a4.pdf" in lines and "## 3. Pack" in lines


def test_nested_pieces_are_packed_nested() -> None:
    game = load_game(GAMES / "nesting")
    lines = sheet_of(game, [], [box("lid", "tray", 1)])
    pack = lines[lines.index("## 3. Pack") + 4:]
    nested = [c for c in game.components if getattr(c, "nest", None)]
    assert nested and len(nested) < len(game.components)
    for c in game.components:
        tail = (f", each set of pieces that differ only in {c.nest} nested one inside the other, smallest innermost "
                "(the box is planned for them nested)") if c in nested else ""
        assert f"- {game.pieces(c)} × {c.label}{tail}" in pack


@pytest.mark.parametrize("kind, n, index, text", [
    ("tuck", 1, 0, "Glue the side tab inside the front, then the bottom flap; the lid tucks in at the top."),
    ("tray", 1, 0, "Fold up the four walls; glue each corner tab inside the wall next to it."),
    ("tray", 2, 0, "Glue its lettered join tabs under the same letters on the other parts (2 parts make one piece)."),
    ("tuck", 2, 1, "Once all 2 parts are joined at their letters: glue the side tab inside the front, then the bottom "
                   "flap; the lid tucks in at the top."),
    ("tray", 4, 2, "Glue its lettered join tabs under the same letters on the other parts (4 parts make one piece)."),
])
def test_how_a_box_part_goes_together(kind: str, n: int, index: int, text: str) -> None:
    assert _box_how(box("b", kind, n), index) == text


def test_groups_rank_in_making_order_unknown_ones_before_boxes() -> None:
    groups = ["box", "zines", "nets", "art", "pads", "pieces", "cards", "board"]
    assert sorted(groups, key=_rank) == ["board", "cards", "pieces", "pads", "nets", "art", "zines", "box"]


# --- pictures --------------------------------------------------------------------------------------


def test_pictures_show_cut_and_fold_lines_as_art() -> None:
    inner = Rect(0, 0, 5, 5, role="fold")
    use = Use("shared")
    drawing = Drawing(10, 20, [Group((inner, Group((Rect(1, 1, 2, 2, role="cut"),)))), use, Rect(0, 0, 1, 1)],
                      {}, 3.0)
    (shown,) = net_pictures({"n": drawing}).values()
    assert (shown.width, shown.height, shown.bleed) == (10, 20, 3.0)
    assert roles(shown.children) == ["art", "art", "art"]
    assert use in shown.children


def test_every_part_of_every_box_gets_its_picture(game: Any) -> None:
    from printkit.boxes import plan
    from printkit.build import assembled_sizes, draw, piece_sizes

    kit = draw(game)
    boxes = plan(game, piece_sizes(kit), None, assembled_sizes(kit), kit.faces)
    two = SimpleNamespace(id="two", parts=boxes[0].parts * 2)
    pictures = part_pictures([*boxes, two])
    assert sorted(pictures) == sorted([f"{b.id}-1" for b in boxes] + ["two-1", "two-2"])
    for d in pictures.values():
        assert set(roles(d.children)) == {"art"}


def test_the_pdfs_pictures(monkeypatch: pytest.MonkeyPatch, game: Any) -> None:
    """The PDF's pictures as the renderer asks for them: a box part fitted in its square (wide parts
    by their width, tall ones by their height), folded nets shown with their lines, other faces as drawn."""
    import printkit.render.rulebook
    from printkit.build import assembled_sizes, cut_outlines, draw, layout, paper_for

    kit = draw(game)
    asked: dict[str, Any] = {}

    def rulebook_pdf(doc: Any, picture: Any, paper: Any, title: str) -> bytes:
        asked["picture"], asked["title"] = picture, title
        return b"%PDF"

    parts = {"wide-1": Drawing(40, 10, [], {}, 0.0), "tall-1": Drawing(10, 40, [], {}, 1.0)}
    monkeypatch.setattr(printkit.render.rulebook, "rulebook_pdf", rulebook_pdf)
    monkeypatch.setattr(assembly, "part_pictures", lambda boxes: parts)
    import printkit.rulebook.diagrams

    class Pictures:
        def __init__(self, game_: Any, shown: dict[str, Drawing], name: str, outlines: Any) -> None:
            asked["shown"], asked["name"], asked["outlines"] = shown, name, outlines

        def resolve(self, src: str) -> Any:
            return SimpleNamespace(drawing=asked["shown"][src], width=7.0)

    monkeypatch.setattr(printkit.rulebook.diagrams, "Pictures", Pictures)
    die = kit.faces["die"]
    faces = {**kit.faces, "die-2": die, "dice": die}     # "dice" is no face of "die"
    groups = layout(kit, paper_for(game, "a4"), "long")
    outlines = cut_outlines(kit)
    assert assembly.assembly_pdf(game, "a4", printed(game, "a4", groups), [], faces, outlines,
                                 assembled_sizes(kit)) == b"%PDF"
    assert (asked["title"], asked["name"], asked["outlines"]) == ("Assembly test game \u2014 assembly", "assembly",
                                                                  outlines)
    picture = asked["picture"]
    assert picture("box:wide-1?box=22") == (parts["wide-1"], 22.0)
    assert picture("box:wide-1?box=10") == (parts["wide-1"], 10.0)
    assert picture("box:wide-1") == (parts["wide-1"], 22.0)            # the square's size when none is given
    assert picture("box:tall-1?box=22") == (parts["tall-1"], pytest.approx(22 * 12 / 42))   # 10 x 40 and 1 mm bleed
    assert picture("box:tall-1") == (parts["tall-1"], pytest.approx(22 * 12 / 42))
    assert picture("card") == (kit.faces["card"], 7.0)
    shown = asked["shown"]
    assert set(roles(die.children)) != {"art"}      # the net as printed has cut and fold lines
    assert set(roles(shown["die"].children)) == set(roles(shown["die-2"].children)) == {"art"}
    assert shown["dice"] is die and shown["card"] is kit.faces["card"] and shown["mat"] is kit.faces["mat"]
    assert set(shown) == set(faces)
