"""Mutants of printkit/tts.py that outlived the suite (issue 28's mutation run, docs/testing.md): the faces
as Tabletop Simulator shows them are rendered at the cell's own size, and the saved deck object lies as
Tabletop Simulator spawns a deck. In-process, a few small pages."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from printkit import tts
from printkit.drawing import Drawing, Paint, Rect
from printkit.layout import Item

BLACK, RED = (0, 0, 0), (255, 0, 0)


def halves(w: float, h: float) -> Drawing:
    """A face black on its left half, red on its right half."""
    return Drawing(w, h, [Rect(0, 0, w / 2, h, Paint(fill="#000000")), Rect(w / 2, 0, w / 2, h, Paint(fill="#ff0000"))])


def test_a_face_is_rendered_at_the_cells_own_resolution() -> None:
    # 40 x 60 mm into a 236 x 354 cell: 150 dpi, so the halves meet on a pixel boundary and every pixel is
    # pure black or pure red (a face rendered at another resolution and resampled blurs the seam)
    size = (236, 354)
    [im] = tts._render(["a"], {"a": halves(40, 60)}, size)
    assert im.size == size
    for y in (0, 177, 353):
        row = [im.getpixel((x, y)) for x in range(size[0])]
        assert row == [BLACK] * 118 + [RED] * 118, y


def test_every_face_comes_out_the_size_of_a_cell() -> None:
    # the cell is the first face's size; a face of another size is scaled to the cell, never pasted smaller
    size = (236, 354)
    faces = {"a": halves(40, 60), "b": halves(30, 50), "c": halves(20, 20), "d": halves(50, 70), "e": halves(40, 90)}
    images = tts._render(list(faces), faces, size)
    assert [im.size for im in images] == [size] * 5
    assert images[1].getpixel((2, 177)) == BLACK and images[1].getpixel((233, 177)) == RED


def test_the_saved_deck_lies_face_down_at_the_table_centre_as_spawned() -> None:
    items = [Item("cards", f"c{i}", "", 1, None, f"f{i}", None) for i in range(3)]  # type: ignore[arg-type]
    files = tts.tts_files("g", "cards", "Cards", items, {f"f{i}": halves(6, 9) for i in range(3)})
    (obj,) = json.loads(files["tts/g-cards.json"])["ObjectStates"]
    # Tabletop Simulator's own saved decks: one unit above the table's centre, turned face down
    # (180 degrees about z) and half a turn about y so the top edge faces the player, at scale 1
    assert obj["Transform"] == {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                                "scaleX": 1, "scaleY": 1, "scaleZ": 1}
    sheet = Image.open(io.BytesIO(files["tts/g-cards-1.png"])).convert("RGB")
    cell = sheet.width // 3
    assert sheet.size == (3 * cell, sheet.height) and sheet.getpixel((cell + 1, sheet.height // 2)) == BLACK


def _deck(w: float, h: float, n: int) -> tuple[dict, dict[str, bytes]]:  # type: ignore[type-arg]
    items = [Item("cards", f"c{i}", "", 1, None, f"f{i}", None) for i in range(n)]  # type: ignore[arg-type]
    files = tts.tts_files("g", "cards", "Cards", items, {f"f{i}": halves(w, h) for i in range(n)})
    (obj,) = json.loads(files["tts/g-cards.json"])["ObjectStates"]
    return obj, files


def test_large_cards_are_scaled_down_to_keep_a_sheet_loadable() -> None:
    # 150 dpi unless ten across or seven down would pass 4096 pixels: then the larger of the two limits
    for w, h in ((63, 88), (100, 140), (60, 200), (90, 180)):
        obj, files = _deck(w, h, 1)
        scale = min(150 / 25.4, 4096 / (10 * w), 4096 / (7 * h))
        back = Image.open(io.BytesIO(files["tts/g-cards-back.png"]))
        assert all(abs(got - want) <= 1 for got, want in zip(back.size, (w * scale, h * scale))), (w, h, back.size)
        sheet = obj["CustomDeck"]["1"]
        assert (sheet["NumWidth"], sheet["NumHeight"], sheet["Type"]) == (1, 1, 0)  # Type 0: rectangular cards
        assert Image.open(io.BytesIO(files["tts/g-cards-1.png"])).size == back.size


@pytest.mark.parametrize("w, h", [(63, 88), (69, 88), (70, 88), (100, 140), (60, 200), (90, 180), (41, 63)])
def test_a_full_sheet_never_passes_the_longest_side(monkeypatch: pytest.MonkeyPatch, w: float, h: float) -> None:
    # 70 cards: a sheet of 10 x 7 cells; cards wider than about 69 mm once gave 10 x 410 = 4100 pixels
    monkeypatch.setattr(tts, "_render", lambda refs, faces, size: [Image.new("RGB", size, "white") for _ in refs])
    items = [Item("cards", f"c{i}", "", 1, None, f"f{i}", None) for i in range(70)]  # type: ignore[arg-type]
    files = tts.tts_files("g", "cards", "Cards", items, {f"f{i}": Drawing(w, h) for i in range(70)})
    sheet = Image.open(io.BytesIO(files["tts/g-cards-1.png"]))
    assert sheet.width <= 4096 and sheet.height <= 4096, sheet.size
    # and no smaller than it must be: each cell within a pixel of 150 dpi or of the scale that fits 4096
    scale = min(150 / 25.4, 4096 / (10 * w), 4096 / (7 * h))
    assert sheet.width >= 10 * (w * scale - 1) and sheet.height >= 7 * (h * scale - 1), sheet.size


def test_the_base_url_gets_one_slash_before_the_file_name() -> None:
    items = [Item("cards", "c0", "", 1, None, "f0", None)]  # type: ignore[arg-type]
    for base, want in (("https://example.org/kit", "https://example.org/kit/"), ("file:///tmp/kit/", "file:///tmp/kit/"),
                       (None, ""), ("", "")):
        files = tts.tts_files("g", "cards", "Cards", items, {"f0": halves(6, 9)}, base_url=base)
        (obj,) = json.loads(files["tts/g-cards.json"])["ObjectStates"]
        assert (obj["CustomDeck"]["1"]["FaceURL"], obj["CustomDeck"]["1"]["BackURL"]) == (
            want + "g-cards-1.png", want + "g-cards-back.png"), base


def test_each_card_names_its_own_sheet_in_a_deck_of_thirty_sheets(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2100 faces: 30 sheets of 70; card 69 of sheet 30 is CardID 3069, of CustomDeck "30" (3069 // 100)
    monkeypatch.setattr(tts, "_render", lambda refs, faces, size: [Image.new("RGB", size, "white") for _ in refs])
    items = [Item("cards", f"c{i}", "", 1, None, f"f{i}", None) for i in range(2100)]  # type: ignore[arg-type]
    face = Drawing(2, 3)
    files = tts.tts_files("g", "cards", "Cards", items, {f"f{i}": face for i in range(2100)})
    (obj,) = json.loads(files["tts/g-cards.json"])["ObjectStates"]
    assert len(obj["CustomDeck"]) == 30
    for i in (0, 69, 70, 2029, 2030, 2099):
        card = obj["ContainedObjects"][i]
        sheet = str(i // 70 + 1)
        assert card["CardID"] == (i // 70 + 1) * 100 + i % 70
        assert card["CustomDeck"] == {sheet: obj["CustomDeck"][sheet]}, i
