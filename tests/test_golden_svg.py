"""Golden SVGs, byte for byte, and golden pages: one page of each kind of sheet, rendered.

Refresh both after an intended change with:

    PRINTKIT_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_svg.py

and review the diff of tests/golden/ before committing it (the pages are small greyscale PNGs
under tests/golden/pages/: open them; a failing page check writes the produced page and a
picture of the difference beside the test's temporary files and names them).
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
    "spells": ["deck-stone-golem.svg", "deck-fireball.svg", "deck-back.svg"],
    "squib-embed": ["sheet.svg", "sizes-large.svg"],
    "bestiary": ["deck-grey-wolf.svg", "deck-cave-dragon.svg", "deck-frost-nova.svg", "deck-mending-light.svg",
                 "deck-creature-back.svg", "deck-spell-back.svg"],
    "squib-excel": ["character-lookout.svg", "resource-timber.svg", "unit-scout.svg"],
    "tallies": ["terrain-1.svg", "moon-europa.svg"],
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


# One page of each kind of sheet: (pdf under out/<game>/, page number from 1) -> golden PNG name.
PAGES: dict[str, tuple[str, str, int]] = {
    "cards-front": ("euclidean", "euclidean-cards-a4.pdf", 1),
    "cards-back": ("euclidean", "euclidean-cards-a4.pdf", 2),
    "pieces": ("hypergrid", "hypergrid-pieces-a4.pdf", 1),
    "board-whole": ("hypergrid", "hypergrid-board-a4.pdf", 1),
    "board-tile": ("pythagoras", "pythagoras-board-a4.pdf", 2),
    "nets": ("pythagoras", "pythagoras-nets-a4.pdf", 1),
    "box": ("euclidean", "euclidean-box-a4.pdf", 1),
    "proof": ("euclidean", "euclidean-proof.pdf", 1),
    "rulebook": ("euclidean", "euclidean-rules-a4.pdf", 1),
}
PAGE_DPI = 50  # about 2 pixels a millimetre: a shift of half a millimetre shows along every edge
# Anti-aliasing may differ a little between builds of the rasteriser: a pixel counts as changed
# when it differs by more than INK levels of grey, and a page may have at most SPREAD of its
# pixels changed.
INK = 48
SPREAD = 0.0005


def render_page(pdf: Path, number: int):  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[number - 1].render(scale=PAGE_DPI / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("L")
    finally:
        doc.close()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_matches_golden(built: Path, name: str, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    game, pdf, number = PAGES[name]
    produced = render_page(built / game / pdf, number)
    golden = GOLDEN / "pages" / f"{name}.png"
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        produced.save(golden, optimize=True)
    assert golden.exists(), f"no golden page {golden}; refresh with PRINTKIT_UPDATE_GOLDEN=1"
    expected = Image.open(golden).convert("L")
    assert produced.size == expected.size, f"{name}: page size {produced.size} px, golden {expected.size} px"
    diff = ImageChops.difference(produced, expected)
    changed = sum(diff.point(lambda v: 255 if v > INK else 0).histogram()[255:])
    share = changed / (produced.size[0] * produced.size[1])
    if share > SPREAD:
        produced.save(tmp_path / f"{name}-produced.png")
        diff.point(lambda v: 255 - min(255, v * 4)).save(tmp_path / f"{name}-difference.png")
    assert share <= SPREAD, (f"{name} ({game}/{pdf} page {number}): {share:.2%} of the page differs from its golden "
                             f"picture (at most {SPREAD:.2%}); see {tmp_path}")


@pytest.mark.parametrize(("game", "name"), TEST_GAME_CASES)
def test_test_game_svg_matches_golden(built_test_games: Path, game: str, name: str) -> None:
    test_svg_matches_golden(built_test_games, game, name)


def test_no_unused_golden_files() -> None:
    expected = {GOLDEN / game / name for game, name in CASES + TEST_GAME_CASES}
    expected |= {GOLDEN / "pages" / f"{n}.png" for n in PAGES}
    present = set(GOLDEN.rglob("*.svg")) | set(GOLDEN.rglob("*.png"))
    assert present - expected == set(), "golden files no test uses: delete them or add them to SAMPLES or PAGES"
