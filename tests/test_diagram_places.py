"""Pieces on boards in rulebook diagrams (issue 26): a diagram places the game's real pieces on a
board it shows, by square, printed label, coordinates, track number or place number, wherever the
board sits and however it is turned."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printkit.build import draw
from printkit.drawing import Group, Use, apply, mat_mul
from printkit.errors import DataError
from printkit.load import load_game
from printkit.places import board_places, find_place
from printkit.rulebook.diagrams import compose

GAMES = Path(__file__).resolve().parent / "games"


@pytest.fixture(scope="module")
def setup() -> Any:
    game = load_game(GAMES / "setup")
    return game, draw(game)


@pytest.mark.parametrize(("at", "element", "index"), [
    ("e1", "squares", 60),  # a1 is the bottom left: e1 is row 7 (from the top), column 4
    ("a8", "squares", 0),
    ("4,7", "squares", 60),
    ("cell 61", "squares", 60),
    ("squares 2", "squares", 1),
    ("score:0", "score", 0),
    ("score:8", "score", 8),
    ("space 3", "score", 2),
    ("squares cell 64", "squares", 63),
])
def test_find_place_by_every_kind_of_name(setup: Any, at: str, element: str, index: int) -> None:
    game, _ = setup
    place = find_place(board_places(game, game.component("board")), at)
    assert place is not None and (place.element, place.index) == (element, index)


def test_hex_cells_answer_to_their_printed_labels_and_coordinates(setup: Any) -> None:
    game, _ = setup
    places = board_places(game, game.component("map"))
    by_label = find_place(places, "0203")
    assert by_label is not None and find_place(places, "1,2") is by_label  # col 1, row 2 from 0: 02 03
    assert find_place(places, "0505") is None and find_place(places, "nowhere 3") is None


def centre_of(drawing: Any, ref: str, nth: int = 0) -> tuple[float, float]:
    """The diagram position of the centre of the nth use of face ``ref``."""
    found = []

    def visit(nodes: Any, m: Any) -> None:
        for n in nodes:
            if isinstance(n, Group):
                mm = mat_mul(m, n.transform)
                if any(isinstance(c, Group) and any(isinstance(u, Use) and u.ref == ref for u in c.children)
                       for c in n.children):
                    face = drawing.defs[ref]
                    found.append(apply(mm, face.width / 2, face.height / 2))
                visit(n.children, mm)
    visit(drawing.children, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return found[nth]


def test_the_setup_diagram_centres_each_piece_on_its_place(setup: Any) -> None:
    game, kit = setup
    picture = compose(game, kit.faces, "setup", game.data.diagrams["setup"], kit.outlines if hasattr(kit, "outlines")
                      else None)
    board = board_places(game, game.component("board"))
    e1 = find_place(board, "e1")
    d8 = find_place(board, "d8")
    assert e1 is not None and d8 is not None
    pad = 1.0  # the diagram's margin
    assert centre_of(picture, "king-white") == pytest.approx((e1.cx + pad, e1.cy + pad))
    assert centre_of(picture, "king-black") == pytest.approx((d8.cx + pad, d8.cy + pad))
    # the map is turned a quarter and placed at (124, 20): its hex 0203 moves with it
    hexes = board_places(game, game.component("map"))
    cell = find_place(hexes, "0203")
    assert cell is not None
    turned = (124 + 60 - cell.cy, 20 + cell.cx)  # a quarter turn clockwise of a 70 x 60 face, top left at (124, 20)
    assert centre_of(picture, "king-black", 1) == pytest.approx((turned[0] + pad, turned[1] + pad))


@pytest.mark.parametrize(("piece", "key", "expected"), [
    ('{ piece = "king-white", on = "board" }', "pieces[1]", "`on` (a board in the diagram) and `at`"),
    ('{ piece = "king-white", on = "board", at = "e1", x = 3, y = 3 }', "pieces[1]", "not both"),
    ('{ piece = "king-white", on = "table", at = "e1" }', "pieces[1].on", "a board placed in this diagram (board)"),
    ('{ piece = "king-white", on = "board", at = "z9" }', "pieces[1].at", "a place on board (squares cell 1"),
])
def test_bad_places_in_diagrams_are_data_errors(tmp_path: Path, piece: str, key: str, expected: str) -> None:
    folder = tmp_path / "setup"
    folder.mkdir()
    text = (GAMES / "setup" / "game.toml").read_text(encoding="utf-8")
    head = text[:text.index("[diagrams.setup]")]
    (folder / "game.toml").write_text(head + f'[diagrams.setup]\npieces = [{{ piece = "board" }}, {piece}]\n',
                                      encoding="utf-8")
    with pytest.raises(DataError) as err:
        game = load_game(folder)
        kit = draw(game)
        compose(game, kit.faces, "setup", game.data.diagrams["setup"])
    [problem] = err.value.problems
    assert problem.path.startswith(f"diagrams.setup.{key}"), problem
    assert expected in problem.expected, problem
