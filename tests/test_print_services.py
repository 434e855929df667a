"""Print services (issue 19), measured from the files of tests/games/print-services:

* print-shop files: an order sheet (CSV and PDF) whose quantities equal the manifest, shared backs
  listed with their cards; ICC CMYK with an OutputIntent; black text as pure K; font subset tags
  that differ between files;
* print-on-demand images at each profile's pixel size, with counts, and faces crossing the safe
  zone reported;
* SVG text as outlines that sit where the PDF's glyphs sit;
* cut files that cut each shared edge once, registration marks in their own layer and file;
* Tabletop Simulator images named by the base URL.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.build import BuildOptions, build

GAME = Path(__file__).resolve().parent / "games" / "print-services"
SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("services")
    build([GAME], root, BuildOptions())
    return root / "print-services"


def manifest(out: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((out / "manifest.json").read_text())


def fronts(out: Path) -> Counter[str]:
    m = manifest(out)
    return Counter(p["piece"] for s in m["sheets"].values() for p in s["placements"] if p["face"] == "front")


# --- order sheet -------------------------------------------------------------------------


def test_order_sheet_quantities_equal_the_manifest(out: Path) -> None:
    rows = list(csv.DictReader(io.StringIO((out / "print-shop" / "order.csv").read_text())))
    designs = {r["design"]: r for r in rows if not r["file"].startswith("backs/")}
    assert {d: int(r["quantity"]) for d, r in designs.items()} == dict(fronts(out))
    for r in rows:
        assert (out / "print-shop" / r["file"]).exists(), r["file"]
    # Every design names its paper and back; the shared back is listed with all its cards and their total.
    assert designs["deck-sun"]["paper"] == "330 gsm black-core card"
    assert designs["mini"]["paper"] == "300 gsm card, linen"
    assert designs["deck-sun"]["trim_mm"] == "63.5 x 88.9"
    backs = {r["design"]: r for r in rows if r["file"].startswith("backs/")}
    # One back drawing for every poker-size card of both components: one file; the mini cards' own.
    assert sorted(backs) == ["deck-back", "mini-back"]
    back = backs["deck-back"]
    with_it = back["back"].removeprefix("back of: ").split()
    assert sorted(with_it) == ["deck-moon", "deck-star", "deck-sun", "edge-card"]
    assert all(designs[d]["back"] == back["file"] for d in with_it)
    assert int(back["quantity"]) == sum(n for d, n in fronts(out).items() if d in with_it) == 7
    # The PDF order sheet says the same.
    text = "".join(page.extract_text() for page in PdfReader(out / "print-shop" / "order.pdf").pages)
    for r in rows:
        assert r["file"][:20] in text and r["quantity"] in text


# --- colour -------------------------------------------------------------------------------


def _streams(reader: PdfReader) -> list[bytes]:
    """Every content stream: pages and the form XObjects they use, however deep."""
    out: list[bytes] = []
    seen: set[int] = set()

    def forms(res: object) -> None:
        xobjs = res.get("/XObject") if res else None  # type: ignore[attr-defined]
        for ref in (xobjs.get_object().values() if xobjs else []):
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                out.append(obj.get_data())
                forms(obj.get("/Resources"))

    for page in reader.pages:
        out.append(page.get_contents().get_data())  # type: ignore[union-attr]
        forms(page.get("/Resources"))
    return out


def colour_ops(data: bytes) -> list[tuple[str, tuple[float, ...], str]]:
    """(operator, colour, what it painted first: 'text' or 'line' or 'fill') for every colour set in a stream."""
    tokens = re.findall(rb"\((?:\\.|[^\\)])*\)|[^\s\[\]()]+", data)
    out = []
    fill: tuple[float, ...] = ()
    stroke: tuple[float, ...] = ()
    for i, tok in enumerate(tokens):
        if tok in (b"k", b"K"):
            vals = tuple(float(t) for t in tokens[i - 4:i])
            if tok == b"k":
                fill = vals
            else:
                stroke = vals
        elif tok == b"Tj" and fill:
            out.append(("text", fill, ""))
        elif tok in (b"S", b"s") and stroke:
            out.append(("line", stroke, ""))
    return [(kind, col, "") for kind, col, _ in out]


def test_print_shop_pdfs_have_an_output_intent_and_black_as_pure_k(out: Path) -> None:
    files = sorted((out / "print-shop").rglob("*.pdf"))
    assert len(files) >= 5
    icc = (Path(__file__).resolve().parent.parent / "printkit" / "icc" / "printkit-cmyk.icc").read_bytes()
    painted = 0
    for f in files:
        reader = PdfReader(f)
        intents = reader.trailer["/Root"]["/OutputIntents"]
        (intent,) = [i.get_object() for i in intents]
        assert intent["/S"] == "/GTS_PDFX" and intent["/DestOutputProfile"].get_object()["/N"] == 4
        assert intent["/DestOutputProfile"].get_object().get_data() == icc
        for data in _streams(reader):
            assert not re.search(rb"\b(rg|RG)\b", data), f.name
            for kind, (c, m, y, k), _ in colour_ops(data):
                painted += 1
                if k >= 0.5 and c + m + y < 0.5:  # a black or grey: black ink alone
                    assert c == m == y == 0, (f.name, kind, (c, m, y, k))
    assert painted > 10
    # The black text of the cards is exactly 0 0 0 1.
    data = b"".join(_streams(PdfReader(out / "print-shop" / "deck-sun.pdf")))
    assert ("text", (0.0, 0.0, 0.0, 1.0), "") in colour_ops(data)


def test_colours_go_through_the_icc_profile() -> None:
    from printkit.printshop import icc_cmyk, naive_cmyk

    teal = icc_cmyk("#1b8a8f")
    assert teal != naive_cmyk("#1b8a8f")
    c, m, y, k = teal
    assert c > 0.6 and m < 0.5 and 0 <= k < 0.6  # a cyan-led teal, not a naive formula's
    # The profile's gamut: pure sRGB blue cannot be printed, and comes out a strong cyan + magenta.
    c, m, y, k = icc_cmyk("#0000ff")
    assert c > 0.7 and m > 0.6 and y < 0.2


def test_font_subset_tags_differ_between_files(out: Path) -> None:
    tags: dict[str, str] = {}
    for f in sorted((out / "print-shop").rglob("*.pdf")) + sorted(out.glob("*.pdf")):
        names = set(re.findall(rb"/BaseFont /([A-Z]{6})\+([A-Za-z-]+)", f.read_bytes()))
        assert names, f.name
        assert len({tag for tag, _ in names}) == len(names), f"{f.name}: two subsets share a tag"
        for tag, font in names:
            key = tag.decode() + "+" + font.decode()
            assert key not in tags, f"{f.name} and {tags.get(key)} both hold subset {key}"
            tags[key] = f.name
    # ... and they are stable: the same input gives the same tags (byte-identical builds).
    from printkit.render.pdf import subset_tag

    assert subset_tag("a", 0) == subset_tag("a", 0) != subset_tag("b", 0)


# --- print on demand ---------------------------------------------------------------------------


@pytest.mark.parametrize(("profile", "ext"), [("thegamecrafter-poker", "png"), ("drivethrucards-poker", "jpg")])
def test_print_on_demand_images_have_the_profile_size_and_counts(out: Path, profile: str, ext: str) -> None:
    from printkit.pod import profiles

    p = profiles()[profile]
    assert p.pixels == (825, 1125)  # 2.75 x 3.75 in at 300 dpi: the published template size
    folder = out / "pod" / profile
    rows = list(csv.DictReader(io.StringIO((folder / "counts.csv").read_text())))
    for r in rows:
        img = Image.open(folder / r["file"])
        assert img.size == (825, 1125) and img.format == ("PNG" if ext == "png" else "JPEG")
        assert img.info["dpi"] == pytest.approx((300, 300), abs=0.5)
    faces = {r["face"]: int(r["quantity"]) for r in rows if r["side"] == "front"}
    expected = {k: v for k, v in fronts(out).items() if k != "mini"}
    assert faces == expected
    (back,) = [r for r in rows if r["side"] == "back"]
    assert int(back["quantity"]) == sum(expected.values())
    # The mini cards (44 x 63 mm) are not a poker card: reported, not stretched.
    entry = manifest(out)["pod"][profile]
    assert entry["skipped"] == ["mini", "mini-back"] and entry["images"] == len(rows)
    # Only the card whose text runs to its edge is reported outside the safe zone.
    assert list(entry["outside_safe"]) == ["edge-card"]
    report = (folder / "report.txt").read_text()
    assert "edge-card" in report and 'text "too close to the edge"' in report and "not exported: mini" in report


def test_print_on_demand_image_centres_the_trim(out: Path) -> None:
    """The card's own trim line (its frame is 6 mm inside it) lands where the profile's trim is."""
    img = Image.open(out / "pod" / "thegamecrafter-poker" / "001-deck-sun.png").convert("L")
    px = 300 / 25.4
    # The card is 2.5 x 3.5 in, the profile's own trim: it is not scaled (s = 1; its trim maps onto the
    # profile's trim), so its frame's left edge, 6 mm inside its trim, lands 6 mm inside the profile's trim.
    s = max(63.5 / 63.5, 88.9 / 88.9)
    expected = ((63.5 + 6.35) / 2 + (6 - 63.5 / 2) * s) * px
    row = [img.getpixel((x, img.height // 2)) for x in range(img.width // 3)]
    dark = [x for x, v in enumerate(row) if v < 100]
    assert dark and abs((dark[0] + dark[-1]) / 2 - expected) <= 1.0


def test_unknown_profile_is_a_one_line_error(tmp_path: Path) -> None:
    from conftest import run_cli

    r = run_cli("build", str(GAME), "--out", str(tmp_path), "--pod", "nosuchprinter", "--quiet")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "thegamecrafter-poker" in r.stderr
    assert "command line: --pod:" in r.stderr and "game.toml" not in r.stderr  # the option, not the game, is wrong


# --- SVG text as outlines ------------------------------------------------------------------------


def test_svg_text_is_outlined_where_the_pdf_draws_it(out: Path) -> None:
    from printkit.build import draw
    from printkit.load import load_game
    from printkit.render.pdf import PdfWriter

    svg = (out / "svg" / "deck-sun.svg").read_text()
    assert "<text" not in svg and "font-family" not in svg
    root = ET.fromstring(svg)
    # The outlines of the big title "Sun": the filled paths with the most segments inside its band.
    kit = draw(load_game(GAME))
    face = kit.faces["deck-sun"]
    writer = PdfWriter(io.BytesIO())
    writer.page(face)
    page = pdfium.PdfDocument(writer.close())[0]
    text = page.get_textpage()
    boxes = [text.get_charbox(i) for i in range(text.count_chars()) if text.get_text_range(i, 1) in "Sun"]
    (x0, y0, x1, y1) = boxes[0]
    height = page.get_height()
    b = face.bleed
    # pdfium's box of "S" in face mm (the page is the bleed box, y up).
    s_box = (x0 / PT - b, (height - y1) / PT - b, x1 / PT - b, (height - y0) / PT - b)
    best = None
    for path in root.iter(f"{SVG}path"):
        nums = [float(v) for v in re.findall(r"-?\d+\.?\d*", path.get("d", ""))]
        if path.get("fill") != "#000000" or len(nums) < 8:
            continue
        xs, ys = nums[0::2], nums[1::2]
        box = (min(xs), min(ys), max(xs), max(ys))
        if abs(box[1] - s_box[1]) < 1.0:
            best = box
            break
    assert best is not None
    assert best[0] == pytest.approx(s_box[0], abs=0.3) and best[1] == pytest.approx(s_box[1], abs=0.3)
    assert best[3] == pytest.approx(s_box[3], abs=0.3)


# --- cut files and TTS ---------------------------------------------------------------------------


def test_cut_files_cut_shared_edges_once_and_marks_have_their_own_layer_and_file(out: Path) -> None:
    from test_print_options import cut_segments, overlaps

    m = manifest(out)["sheets"]["print-services-cards-a4.pdf"]
    total_own = total_merged = 0.0
    for page, rel in m["cut_files"].items():
        root = ET.parse(out / rel).getroot()
        layers = {g.get("id"): g for g in root.findall(f"{SVG}g")}
        segs = [s for p in layers["cut"] for s in cut_segments(p.get("d", ""))]
        assert not overlaps(segs)
        placed = [p for p in m["placements"] if p["page"] == int(page) and p["face"] == "front"]
        total_own += sum(2 * (p["trim"][2] + p["trim"][3]) for p in placed)
        total_merged += sum(((s[2] - s[0]) ** 2 + (s[3] - s[1]) ** 2) ** 0.5 for s in segs)
    assert total_merged < 0.75 * total_own  # neighbours share most of their edges
    reg = ET.parse(out / m["registration_file"]).getroot()
    (layer,) = reg.findall(f"{SVG}g")
    assert layer.get("{http://www.inkscape.org/namespaces/inkscape}groupmode") == "layer"
    assert len(list(layer)) == 3


def test_tts_images_are_named_by_the_base_url(out: Path) -> None:
    data = json.loads((out / "tts" / "print-services-deck.json").read_text())
    (sheet,) = data["ObjectStates"][0]["CustomDeck"].values()
    base = "https://example.org/print-services/tts/"
    for key in ("FaceURL", "BackURL"):
        assert sheet[key].startswith(base)
        assert (out / "tts" / sheet[key].removeprefix(base)).exists()


# --- the ICC conversion in forked workers ----------------------------------------------------


def _open_files() -> list[str]:
    """What this process's file descriptors point at (Linux: /proc/self/fd)."""
    out = []
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # the listing's own descriptor is gone by now
            out.append(os.readlink(f"/proc/self/fd/{fd}"))
    return out


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc/self/fd (Linux)")
def test_the_icc_profile_is_held_in_memory_not_through_a_shared_file_handle() -> None:
    """littleCMS reads a profile opened from a file lazily, through a FILE handle; forked workers share
    its offset and read each other's positions ("OSError: Could not determine profile size" under load)."""
    from printkit.printshop import PROFILE, icc_cmyk

    assert icc_cmyk("#1b8a8f") == icc_cmyk("#1b8a8f")  # the transform is built and used
    assert str(PROFILE) not in _open_files()


def test_the_print_shop_files_convert_colours_in_many_workers_at_once() -> None:
    """Eight print-shop builds in two forked workers, each converting 72 colours of its own through the
    profile (the transform built here first, as a build's first conversion builds it before forking)."""
    from printkit.build import _all_items, draw
    from printkit.drawing import Drawing, Paint, Rect
    from printkit.load import load_game
    from printkit.parallel import run_all
    from printkit.printshop import cmyk_rule, icc_cmyk, print_shop_files

    icc_cmyk("#1b8a8f")
    game = load_game(Path(__file__).resolve().parent / "games" / "tiny")
    card = _all_items(draw(game))[0]
    items = [dataclasses.replace(card, piece=f"card-{k}", front_ref=f"card-{k}") for k in range(3)]
    refs = [i.front_ref for i in items]

    def colours(job: int, face: int) -> list[str]:
        return [f"#{(job * 37 + face * 91 + i * 11) % 200 + 30:02x}{(i * 53 + job) % 256:02x}"
                f"{(face * 29 + i * 7 + 128) % 256:02x}" for i in range(24)]

    def job(n: int) -> dict[str, bytes]:
        faces = {ref: Drawing(12.0, 12.0, [Rect(i * 0.5, 2.0, 0.5, 8.0, Paint(fill=c))  # small: cheap PNGs
                                           for i, c in enumerate(colours(n, f))], bleed=1.0)
                 for f, ref in enumerate(refs)}
        files = print_shop_files(game, items, faces)
        return {ref: files[f"print-shop/{ref}.pdf"] for ref in refs}

    results = run_all([lambda n=n: job(n) for n in range(8)], workers=2)
    rule = cmyk_rule(game)
    assert results[5] == job(5)  # a worker's files are the bytes this process makes
    for f, ref in enumerate(refs):  # and their colours are the rule's
        data = b"".join(_streams(PdfReader(io.BytesIO(results[5][ref]))))
        fills = re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k", data)
        assert {tuple(float(v) for v in fill) for fill in fills} == {rule(c) for c in colours(5, f)}, ref
    assert len({files[refs[0]] for files in results}) == 8
