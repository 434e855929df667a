"""The proof reads a deck's faces with memos (issue 29): a colour under a point found on one face is
reused on the next face that paints the same fills before it. The memo must not change an answer."""

from __future__ import annotations

from pathlib import Path

from printkit import looks
from printkit.kit import draw
from printkit.load import load_game

ROOT = Path(__file__).resolve().parent.parent


def test_the_colours_under_texts_are_the_same_with_a_shared_memo() -> None:
    kit = draw(load_game(ROOT / "tests" / "games" / "spells"))
    faces = list(kit.faces.values())
    memo = looks.BackdropMemo()
    plain = [looks.text_boxes(face) for face in faces]
    remembered = [looks.text_boxes(face, memo=memo) for face in faces]
    assert remembered == plain
    points = 5 * sum(len(spots) for spots in plain)  # each text is read at five points
    assert sum(len(spot.under) for spots in plain for spot in spots) > 0
    assert 0 < len(memo.colours) < points, "faces that paint alike share what lies under their texts"
