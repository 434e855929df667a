"""Tabletop Simulator decks: sheet shapes for every number of faces, every face in its cell, backs.

Tabletop Simulator reads a custom deck's face sheet as a grid of NumWidth x NumHeight cells, at
most 10 wide and 7 high; card N of sheet S is CardID ``S * 100 + N``, counted along the rows. With
``BackIsHidden`` the back stands for a hidden card, so all 70 cells can hold cards (without it the
70th cell would be the hidden card's picture). The faces are drawn by a stand-in renderer here (a
plain colour per face): what is tested is where each face goes, not how a face is rasterised
(tests/test_print_options.py builds real decks).
"""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from printkit import tts
from printkit.drawing import Drawing
from printkit.layout import Item

CELL_MM = (6.0, 9.0)  # small faces: 35 x 53 px cells at the sheets' 150 dpi


def colour(ref: str) -> tuple[int, int, int]:
    """The stand-in picture of face ``f<i>`` (or back ``b<i>``): a colour of its own."""
    i = int(ref[1:])
    return (3 * i, 255 - 3 * i, 40 if ref[0] == "f" else 200)


@pytest.fixture
def flat(monkeypatch: pytest.MonkeyPatch) -> None:
    def render(refs: list[str], faces: dict[str, Drawing], size: tuple[int, int]) -> list[Image.Image]:
        assert all(faces[r].width == CELL_MM[0] for r in refs)
        return [Image.new("RGB", size, colour(r)) for r in refs]

    monkeypatch.setattr(tts, "_render", render)


def deck(n: int, copies: int = 1, backs: list[str | None] | None = None) -> tuple[list[Item], dict[str, Drawing]]:
    backs = backs or [None] * n
    items = [Item("cards", f"card-{i}", "", c, None, f"f{i}", backs[i])  # type: ignore[arg-type]
             for i in range(n) for c in range(1, copies + 1)]
    faces = {ref: Drawing(*CELL_MM) for ref in {f"f{i}" for i in range(n)} | {b for b in backs if b}}
    return items, faces


def expected_shape(k: int) -> tuple[int, int]:
    """Columns and rows for ``k`` faces on one sheet: rows of ten, and one row as wide as it needs."""
    rows = len(range(0, k, 10))
    return (10 if rows > 1 else k, rows)


def load(files: dict[str, bytes]) -> tuple[dict, dict[str, Image.Image]]:  # type: ignore[type-arg]
    (obj,) = json.loads(files["tts/g-cards.json"])["ObjectStates"]
    images = {name.removeprefix("tts/"): Image.open(io.BytesIO(data)).convert("RGB")
              for name, data in files.items() if name.endswith(".png")}
    return obj, images


@pytest.mark.usefixtures("flat")
@pytest.mark.parametrize("n", range(1, 72))
def test_every_face_is_in_its_cell_of_a_sheet_of_the_right_shape(n: int) -> None:
    items, faces = deck(n, copies=2)
    obj, images = load(tts.tts_files("g", "cards", "Cards", items, faces))
    sheets = obj["CustomDeck"]
    assert sorted(sheets) == [str(s) for s in range(1, (n - 1) // 70 + 2)]  # 70 a sheet: 71 needs two
    cell = images["g-cards-back.png"].size
    assert cell == (round(CELL_MM[0] * tts.DPI / 25.4), round(CELL_MM[1] * tts.DPI / 25.4))
    for i in range(n):
        sheet = sheets[str(i // 70 + 1)]
        on_sheet = min(70, n - 70 * (i // 70))
        assert (sheet["NumWidth"], sheet["NumHeight"]) == expected_shape(on_sheet), (n, i)
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7 and sheet["BackIsHidden"] is True
        image = images[sheet["FaceURL"]]
        assert image.size == (sheet["NumWidth"] * cell[0], sheet["NumHeight"] * cell[1])
        j = i % 70
        col, row = j % sheet["NumWidth"], j // sheet["NumWidth"]
        assert image.getpixel((col * cell[0] + cell[0] // 2, row * cell[1] + cell[1] // 2)) == colour(f"f{i}"), (n, i)
    # both copies of a face are the same card of the same sheet, in the order of the items
    ids = [(i // 70 + 1) * 100 + i % 70 for i in range(n) for _ in range(2)]
    assert obj["DeckIDs"] == ids == [c["CardID"] for c in obj["ContainedObjects"]]
    assert all(list(c["CustomDeck"]) == [str(c["CardID"] // 100)] for c in obj["ContainedObjects"])


@pytest.mark.usefixtures("flat")
def test_one_back_for_a_deck_whose_cards_all_share_it() -> None:
    items, faces = deck(12, backs=["b1"] * 12)
    obj, images = load(tts.tts_files("g", "cards", "Cards", items, faces))
    (sheet,) = obj["CustomDeck"].values()
    assert sheet["UniqueBack"] is False and sheet["BackURL"] == "g-cards-back.png"
    assert images["g-cards-back.png"].getpixel((5, 5)) == colour("b1")


@pytest.mark.usefixtures("flat")
@pytest.mark.parametrize("backs", [
    ["b1", None, "b1", "b1", None, "b1", "b1", None, "b1", "b1", None, "b1", "b1"],  # one back, and none
    ["b1", None, "b1", "b2", None, "b1", "b2", None, "b1", "b1", None, "b2", "b1"],  # two backs, and none
    ["b1", "b2", "b1", "b2"],  # two backs
], ids=["one-back-and-none", "two-backs-and-none", "two-backs"])
def test_a_deck_mixing_backs_or_backless_cards_has_a_back_per_card(backs: list[str | None]) -> None:
    """A card without a back must not show another card's back: the backs are a sheet, blank where none."""
    items, faces = deck(len(backs), backs=backs)
    obj, images = load(tts.tts_files("g", "cards", "Cards", items, faces))
    (sheet,) = obj["CustomDeck"].values()
    assert sheet["UniqueBack"] is True and sheet["BackURL"] == "g-cards-1-back.png"
    back_sheet = images["g-cards-1-back.png"]
    assert back_sheet.size == images[sheet["FaceURL"]].size
    cw, ch = back_sheet.width // sheet["NumWidth"], back_sheet.height // sheet["NumHeight"]
    for i, back in enumerate(backs):
        col, row = i % sheet["NumWidth"], i // sheet["NumWidth"]
        seen = back_sheet.getpixel((col * cw + cw // 2, row * ch + ch // 2))
        assert seen == (colour(back) if back else (255, 255, 255)), (i, back)


@pytest.mark.usefixtures("flat")
def test_a_deck_of_backless_cards_has_one_blank_back() -> None:
    items, faces = deck(3)
    obj, images = load(tts.tts_files("g", "cards", "Cards", items, faces))
    (sheet,) = obj["CustomDeck"].values()
    assert sheet["UniqueBack"] is False
    assert images["g-cards-back.png"].getextrema() == ((255, 255),) * 3
