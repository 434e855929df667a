"""Tabletop Simulator: each deck as grid images and the JSON that loads it as a custom deck.

A deck is one component laid out on the grid engine (cards, tiles). Its distinct
faces go row by row onto sheets of at most 10 x 7 faces (Tabletop Simulator's
largest custom-deck sheet); copies share a cell. The back is one image (or a sheet
in the same order when the backs differ), shown for hidden cards too
(``BackIsHidden``). The JSON is a saved object: put it in Tabletop Simulator's
``Saved Objects`` folder. Each ``FaceURL``/``BackURL`` is the image's file name after
``base_url`` (``[print] tts_base_url`` or ``--tts-base-url``: where the images will be
hosted, or a local ``file:///`` folder); without one it is the bare file name, to be
replaced by hand.
"""

from __future__ import annotations

import io
import json
import math

from PIL import Image

from printkit.drawing import Drawing, Role, Use
from printkit.layout import Item
from printkit.render.pdf import PdfWriter
from printkit.render.raster import pdf_images, png_bytes

MAX_COLS, MAX_ROWS = 10, 7
MAX_SIDE = 4096
"""Longest side of a sheet image in pixels (larger sheets load badly)."""
ART: tuple[Role, ...] = ("art",)
DPI = 150.0


def sheet_shape(n: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding ``n`` faces (n <= 70)."""
    cols = min(MAX_COLS, n)
    return cols, math.ceil(n / cols)


def _trimmed(ref: str, face: Drawing) -> Drawing:
    """The face cut to its trim box: what a card looks like on the table."""
    return Drawing(face.width, face.height, [Use(ref)], {ref: face})


def _render(refs: list[str], faces: dict[str, Drawing], size: tuple[int, int]) -> list[Image.Image]:
    writer = PdfWriter(io.BytesIO(), title="tts", roles=ART)
    for ref in refs:
        writer.page(_trimmed(ref, faces[ref]))
    w_mm = faces[refs[0]].width
    images = pdf_images(writer.close(), size[0] * 25.4 / w_mm, f"Tabletop Simulator images of {refs[0]}")
    return [im if im.size == size else im.resize(size, Image.Resampling.LANCZOS) for im in images]


def _grid(images: list[Image.Image], cols: int, rows: int, cell: tuple[int, int]) -> bytes:
    sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
    for i, im in enumerate(images):
        r, c = divmod(i, cols)
        sheet.paste(im, (c * cell[0], r * cell[1]))
    return png_bytes(sheet)


def tts_files(game_id: str, deck: str, name: str, items: list[Item], faces: dict[str, Drawing],
              prefix: str = "tts", base_url: str | None = None) -> dict[str, bytes]:
    """Sheets ``<game>-<deck>-<n>.png``, back image(s) and ``<game>-<deck>.json`` (images named by ``base_url``)."""
    base = "" if not base_url else base_url if base_url.endswith("/") else base_url + "/"
    fronts = list(dict.fromkeys(i.front_ref for i in items))
    back_of = {i.front_ref: i.back_ref for i in items}
    first = faces[fronts[0]]
    scale = min(DPI / 25.4, MAX_SIDE / (MAX_COLS * first.width), MAX_SIDE / (MAX_ROWS * first.height))
    # rounded to whole pixels, never past MAX_SIDE for a full sheet (ten 409.6 px cells rounded up were 4100 px)
    cell = (min(round(first.width * scale), MAX_SIDE // MAX_COLS), min(round(first.height * scale), MAX_SIDE // MAX_ROWS))
    backs = list(dict.fromkeys(b for b in back_of.values() if b))
    unique_back = len(backs) > 1 or (len(backs) == 1 and None in back_of.values())
    files: dict[str, bytes] = {}
    custom: dict[str, dict[str, object]] = {}
    card_ids: dict[str, int] = {}
    per_sheet = MAX_COLS * MAX_ROWS
    single_back = None
    if not unique_back:
        single_back = f"{game_id}-{deck}-back.png"
        if backs:
            files[f"{prefix}/{single_back}"] = png_bytes(_render(backs, faces, cell)[0])
        else:
            files[f"{prefix}/{single_back}"] = png_bytes(Image.new("RGB", cell, "white"))
    for n, start in enumerate(range(0, len(fronts), per_sheet), start=1):
        chunk = fronts[start:start + per_sheet]
        cols, rows = sheet_shape(len(chunk))
        face_name = f"{game_id}-{deck}-{n}.png"
        files[f"{prefix}/{face_name}"] = _grid(_render(chunk, faces, cell), cols, rows, cell)
        entry: dict[str, object] = {"FaceURL": base + face_name, "BackURL": base + single_back if single_back else None,
                                    "NumWidth": cols,
                                    "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        if unique_back:
            back_name = f"{game_id}-{deck}-{n}-back.png"
            blank = Image.new("RGB", cell, "white")
            with_back = [r for r in chunk if back_of[r]]
            back_refs = [b for b in (back_of[r] for r in with_back) if b]
            rendered = dict(zip(with_back, _render(back_refs, faces, cell))) if with_back else {}
            files[f"{prefix}/{back_name}"] = _grid([rendered.get(r, blank) for r in chunk], cols, rows, cell)
            entry["BackURL"] = base + back_name
        custom[str(n)] = entry
        for i, ref in enumerate(chunk):
            card_ids[ref] = n * 100 + i
    cards = [{"Name": "Card", "CardID": card_ids[i.front_ref], "Nickname": i.piece,
              "CustomDeck": {str(card_ids[i.front_ref] // 100): custom[str(card_ids[i.front_ref] // 100)]}}
             for i in items]
    obj = {"ObjectStates": [{
        "Name": "DeckCustom", "Nickname": name,
        "Transform": {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                      "scaleX": 1, "scaleY": 1, "scaleZ": 1},
        "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards,
    }]}
    files[f"{prefix}/{game_id}-{deck}.json"] = (json.dumps(obj, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return files
