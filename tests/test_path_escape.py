"""Paths in game data stay inside the game folder: no ``..``, no absolute paths, no links out."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import DataError
from printkit.load import confined


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "data" / "game"
    (root / "art").mkdir(parents=True)
    (root / "art" / "ok.png").write_bytes(b"inside")
    (tmp_path / "data" / "secret.txt").write_text("outside the game")
    return root


@pytest.mark.parametrize("rel", ["../secret.txt", "art/../../secret.txt", "/etc/passwd", "art\\..\\..\\secret.txt",
                                 "art/ok.png\x00.txt", "", "   "])
def test_paths_that_leave_the_game_or_make_no_sense_are_refused(game: Path, rel: str) -> None:
    with pytest.raises(DataError) as err:
        confined(game, rel, "game.toml", "components.card.table")
    (problem,) = err.value.problems
    assert problem.path == "components.card.table" and "expected a" in str(problem)


def test_a_link_pointing_outside_is_refused(game: Path) -> None:
    (game / "art" / "link.png").symlink_to(game.parent / "secret.txt")
    with pytest.raises(DataError, match="it links outside"):
        confined(game, "art/link.png", "game.toml", "key")


def test_a_linked_folder_pointing_outside_is_refused(game: Path) -> None:
    (game / "shared").symlink_to(game.parent)
    with pytest.raises(DataError, match="it links outside"):
        confined(game, "shared/secret.txt", "game.toml", "key")


def test_a_link_inside_the_game_is_fine(game: Path) -> None:
    (game / "art" / "alias.png").symlink_to("ok.png")
    assert confined(game, "art/alias.png", "game.toml", "key").read_bytes() == b"inside"


def test_an_ordinary_path_resolves(game: Path) -> None:
    assert confined(game, "art/ok.png", "game.toml", "key") == (game / "art" / "ok.png").resolve()
