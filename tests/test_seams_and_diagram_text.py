"""Two checks widened by issue 27, each on a tiny game and on a real one:

* ``folds`` measures the seams of a tiled board on every paper too: the tile engine puts them between play
  spaces where it can (Pythagoras' board), and the check reports one it cannot place (a board whose spaces
  leave no free line in reach);
* ``min-text`` measures the rulebook's diagrams at their printed size: their labels, not the printed faces
  they picture.
"""

from __future__ import annotations

from pathlib import Path

from conftest import DATA, copy_game

from printkit.kit import draw
from printkit.load import load_game
from printkit.proof import prove
from printkit.rulebook import diagram_pictures, rules_markdown

WIDE = """\
[game]
title = "Wide board"

[print]
papers = ["a4"]

[layouts.board]
background = "#ffffff"
elements = [{ type = "grid", x = 10, y = 10, rows = 1, cols = 2, cell = 190, fill = "#eeeeee", stroke = "#000000" }]

[[components]]
id = "board"
kind = "board"
width = 400
height = 210
folds = "none"
face = "board"

[[boxes.boards]]
component = "board"
across = 2
down = 2
how = "stack"

[[checks]]
id = "board-folds"
type = "folds"
component = "board"
source = "The tiles meet between the places (our rule)."
"""


def _line(report: object, check: str) -> object:
    return next(line for line in [*report.passed, *report.errors, *report.warnings] if line.check == check)  # type: ignore[attr-defined]


def test_seams_of_the_tiled_pythagoras_board_fall_between_its_spaces() -> None:
    line = _line(prove(load_game(DATA / "pythagoras")), "board-folds")
    assert line.verdict == "pass" and "tile seams on a4, letter" in line.detail  # type: ignore[attr-defined]


def test_a_seam_through_a_play_space_is_reported(tmp_path: Path) -> None:
    """Two cells 190 mm wide: on A4 (200 mm printable) the first seam must fall between 100 and 195 mm, where
    the first cell is; the engine uses the page whole and the check names the cell it crosses."""
    (tmp_path / "game.toml").write_text(WIDE)
    game = load_game(tmp_path)
    kit = draw(game)
    (item,) = [i for items in kit.groups.values() for i in items]
    assert item.art.info["spaces"] == [(10.0, 10.0, 200.0, 200.0), (200.0, 10.0, 390.0, 200.0)]
    report = prove(game, kit)
    (line,) = [x for x in report.errors if x.check == "board-folds"]
    assert "a4 tile seam at x = " in line.detail


def test_min_text_measures_the_rulebook_diagrams_as_printed(tmp_path: Path) -> None:
    """Euclidean's polygon labels print at 5.1 pt (19 pt in a diagram printed at 165 of its 618 mm); at the
    16 pt they had, they print at 4.3 pt and the check fails, naming the diagram."""
    kit = draw(load_game(DATA / "euclidean"))
    kit.diagrams = diagram_pictures(kit.game, kit.faces, rules_markdown(kit.game, kit.faces))
    assert "diagram:polygons" in kit.diagrams
    line = _line(prove(kit.game, kit), "readable-text")
    assert line.verdict == "pass" and line.found == "5.1pt"  # type: ignore[attr-defined]
    folder = copy_game("euclidean", tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('size = "19pt"', 'size = "16pt"'))
    small = draw(load_game(folder))
    small.diagrams = diagram_pictures(small.game, small.faces, rules_markdown(small.game, small.faces))
    line = _line(prove(small.game, small), "readable-text")
    assert line.verdict == "fail" and "rulebook diagram:polygons (4.3pt)" in line.detail  # type: ignore[attr-defined]
