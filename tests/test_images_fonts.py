"""The image element and a game's own font: embedded in PDF and SVG, placed where asked."""

from __future__ import annotations

import io
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pypdfium2
from conftest import run_cli
from PIL import Image

from printkit.build import draw
from printkit.drawing import Group
from printkit.drawing import Image as ImageNode
from printkit.load import load_game

ROOT = Path(__file__).resolve().parent.parent
GREEN = (10, 200, 90)

PICTURE_GAME = '''[game]
title = "Pictures <&> \\"quoted\\""

[print]
papers = ["a4"]
font = "fonts/Game.ttf"

[palette]
ink = "#222222"

[layouts.face]
background = "white"
elements = [
  { type = "image", path = "art/{row.art}", x = 6, y = 6, w = 51, h = 51 },
  { type = "image", path = "art/wide.png", x = 6, y = 60, w = 20, h = 20, fit = "contain" },
  { type = "image", path = "art/wide.png", x = 30, y = 60, w = 20, h = 20, fit = "cover" },
  { type = "text", text = "{row.name}", x = 6, y = 82, w = 51, fill = "ink", size = "6pt" },
]

[[components]]
id = "card"
kind = "card"
size = "poker"
table = "cards.csv"
face = "face"
'''


def make_picture_game(dest: Path) -> Path:
    """A small game with PNG and JPEG art (one chosen per CSV row), a game font and hostile text."""
    game = dest / "pictures"
    (game / "art").mkdir(parents=True)
    (game / "fonts").mkdir()
    shutil.copy(ROOT / "printkit" / "fonts" / "DejaVuSans-Bold.ttf", game / "fonts" / "Game.ttf")
    Image.new("RGB", (32, 32), GREEN).save(game / "art" / "green.png")
    Image.new("RGB", (32, 32), (200, 30, 30)).save(game / "art" / "red.jpg", quality=95)
    Image.new("RGBA", (40, 20), (30, 30, 200, 255)).save(game / "art" / "wide.png")
    (game / "cards.csv").write_text('name,art,quantity\n"<script>alert(1)</script> & co",green.png,2\nRed,red.jpg,1\n')
    (game / "game.toml").write_text(PICTURE_GAME)
    return game


def test_contain_keeps_the_aspect_ratio_and_cover_clips_to_the_box(tmp_path: Path) -> None:
    kit = draw(load_game(make_picture_game(tmp_path)))
    front = kit.faces["card-script-alert-1-script-co"]
    images = [n for n in front.children if isinstance(n, ImageNode)]
    assert [(i.x, i.y, i.w, i.h) for i in images[:2]] == [(6, 6, 51, 51), (6, 65, 20, 10)]
    covered = next(n for n in front.children if isinstance(n, Group))
    inner = covered.children[0]
    assert isinstance(inner, ImageNode) and (inner.w, inner.h) == (40, 20) and inner.x == 30 - 10
    assert covered.clip is not None and (covered.clip.x, covered.clip.w) == (30, 20)


def test_images_and_font_are_embedded_and_text_is_escaped(tmp_path: Path) -> None:
    make_picture_game(tmp_path / "data")
    out = tmp_path / "out"
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    pdf_path = out / "pictures" / "pictures-cards-a4.pdf"
    reader = pypdf.PdfReader(pdf_path)
    fonts = set()
    images = 0
    for page in reader.pages:
        for obj in page["/Resources"].get("/Font", {}).values():
            fonts.add(str(obj.get_object()["/BaseFont"]).split("+")[-1])
        images += len(page.images)
    assert fonts == {"DejaVuSans-Bold"}, "every text uses the game's font, none the built-in regular face"
    assert images >= 1
    assert "<script>alert(1)</script> & co" in reader.pages[0].extract_text()
    # The picture is really printed: the middle of the first card's image area is green.
    page = pypdfium2.PdfDocument(str(pdf_path))[0]
    scale = 2.0
    bitmap = page.render(scale=scale).to_pil().convert("RGB")
    manifest = (out / "pictures" / "manifest.json").read_text()
    import json
    trim = json.loads(manifest)["sheets"]["pictures-cards-a4.pdf"]["placements"][0]["trim"]
    px = (trim[0] + 6 + 25.5) * 72 / 25.4 * scale
    py = (trim[1] + 6 + 25.5) * 72 / 25.4 * scale
    r, g, b = bitmap.getpixel((int(px), int(py)))
    assert abs(r - GREEN[0]) < 25 and abs(g - GREEN[1]) < 25 and abs(b - GREEN[2]) < 25
    # SVG: the picture as a data URI, the hostile text as text, the document well-formed.
    svg = (out / "pictures" / "svg" / "card-script-alert-1-script-co.svg").read_bytes()
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<script>alert(1)</script> & co" in texts
    assert b"<script>" not in svg and b"&lt;script&gt;" in svg
    hrefs = [el.get("{http://www.w3.org/1999/xlink}href") or el.get("href") or ""
             for el in root.iter("{http://www.w3.org/2000/svg}image")]
    assert any(h.startswith("data:image/png;base64,") for h in hrefs)
    assert "'DejaVu Sans'" in svg.decode()


def test_a_jpeg_keeps_its_format(tmp_path: Path) -> None:
    kit = draw(load_game(make_picture_game(tmp_path)))
    red = kit.faces["card-red"]
    first = next(n for n in red.children if isinstance(n, ImageNode))
    assert first.format == "jpeg" and Image.open(io.BytesIO(first.data)).format == "JPEG"


def test_a_templated_image_path_is_confined_when_drawn(tmp_path: Path) -> None:
    game = make_picture_game(tmp_path / "data")
    csv = game / "cards.csv"
    csv.write_text(csv.read_text().replace("red.jpg", "../../../etc/passwd"))
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    # Reported at the cell the path came from (the table, its line, its column), naming the element.
    assert "cards.csv:3: art: expected a path inside the game folder" in result.stderr
    assert 'found "art/../../../etc/passwd", used by layouts.face.elements[0].path' in result.stderr
    assert not (tmp_path / "out").exists()
