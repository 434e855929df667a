"""Golden SVGs, byte for byte. Refresh after an intended change with:

    PRINTKIT_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_svg.py

and review the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PRINTKIT_UPDATE_GOLDEN") == "1"

# game -> SVG files (relative to out/<game>/svg) that are pinned.
SAMPLES: dict[str, list[str]] = {
    "euclidean": [
        "line-card-red-top-left-60.svg",
        "line-card-white-bottom-180.svg",
        "line-card-grey-right-90.svg",
        "colour-wheel-card.svg",
        "colour-wheel-card-back.svg",
        "scoring-card.svg",
        "line-card-back.svg",
    ],
    "shape-cards": ["die.svg", "shape-card-F.svg", "piece-green.svg"],
    "pythagoras": ["pyramid-yellow-1-medium.svg"],
    "equilibrix": ["usp-6-02.svg"],
    "hypergrid": ["chip-fire.svg"],
}

# example games under tests/games/ (one per capability) -> pinned SVG files.
TEST_GAME_SAMPLES: dict[str, list[str]] = {
    "loops": ["dial.svg", "level-card-three.svg"],
    "hexmap": ["island.svg", "coords.svg", "tile-forest.svg"],
    "classic": ["chess.svg", "go9.svg"],
    "deck": ["card-clubs-7.svg", "card-spades-10.svg", "card-hearts-K.svg"],
    "standees": ["figure-white-king.svg", "plate.svg"],
}

CASES = [(game, name) for game, names in SAMPLES.items() for name in names]
TEST_GAME_CASES = [(game, name) for game, names in TEST_GAME_SAMPLES.items() for name in names]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_svg_matches_golden(built: Path, game: str, name: str) -> None:
    produced = (built / game / "svg" / name).read_bytes()
    golden = GOLDEN / game / name
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(produced)
    assert golden.exists(), f"no golden file {golden}; refresh with PRINTKIT_UPDATE_GOLDEN=1"
    assert produced == golden.read_bytes(), f"{game}/{name} differs from its golden file"


@pytest.mark.parametrize(("game", "name"), TEST_GAME_CASES)
def test_test_game_svg_matches_golden(built_test_games: Path, game: str, name: str) -> None:
    test_svg_matches_golden(built_test_games, game, name)


def test_no_unused_golden_files() -> None:
    expected = {GOLDEN / game / name for game, name in CASES + TEST_GAME_CASES}
    present = set(GOLDEN.rglob("*.svg"))
    assert present - expected == set(), "golden files no test uses: delete them or add them to SAMPLES"
