"""Prepress (issue 27), measured from the files of tests/games/prepress and of every kind's own example:

* every print-shop file has at least ``shop_bleed`` (3 mm) of bleed, whatever the piece's own bleed on
  home sheets (chips, nets, lattice pieces, standees);
* near-blacks and neutral greys print on black ink only, a near-black as solid K, per colour class;
* print-shop PDFs declare PDF/X-1a:2001 and keep each of its rules, read back with pypdf;
* nothing is printed in a sheet's unprintable margin, and gutterfold sheets on Letter get marks, not
  solid lines along the trims;
* print-on-demand images scale the trim onto the profile's trim, and the safe-zone report is honest;
* the fit check uses the papers chosen for the build.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from printkit.build import BuildOptions, build, draw, finished_sheets, paper_for, plan_boxes, settings_for, shop_kit
from printkit.drawing import Drawing, walk
from printkit.drawing import Path as DPath
from printkit.gallery import HEADER
from printkit.kinds import load_kinds
from printkit.layout import Item
from printkit.load import load_game
from printkit.pod import TOLERANCE, outside_safe, profile_for
from printkit.render.pdf import CmykRule

GAME = Path(__file__).resolve().parent / "games" / "prepress"
PT = 72 / 25.4


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("prepress")
    build([GAME], root, BuildOptions(svg=False), workers=1)
    return root / "prepress"


def shop_pdfs(out: Path) -> list[Path]:
    return sorted(p for p in (out / "print-shop").rglob("*.pdf") if p.name != "order.pdf")


# --- bleed of print-shop files ------------------------------------------------------------


def _bleed(page: object) -> float:
    trim, bleed = page.trimbox, page.bleedbox  # type: ignore[attr-defined]
    return min(float(trim.left) - float(bleed.left), float(trim.bottom) - float(bleed.bottom),
               float(bleed.right) - float(trim.right), float(bleed.top) - float(trim.top)) / PT


def test_print_shop_files_have_three_millimetres_of_bleed(out: Path) -> None:
    """The chips are drawn with 1 mm of bleed for home sheets; their print-shop file has 3 mm, with art in it."""
    for pdf in shop_pdfs(out):
        for page in PdfReader(pdf).pages:
            assert _bleed(page) >= 3.0 - 1e-3, f"{pdf.name}: {_bleed(page):.2f} mm of bleed"
    page = pdfium.PdfDocument(out / "print-shop" / "chip.pdf")[0]
    image = page.render(scale=10 / PT).to_pil().convert("RGB")  # 10 px per mm; the page is 26 mm wide
    # 2.5 mm outside the chip's 20 mm circle, on its horizontal axis: still the red of the art.
    assert image.getpixel((round(10 * 0.5), image.height // 2))[0] > 180
    assert image.getpixel((round(10 * 0.5), image.height // 2))[1] < 100


@pytest.mark.parametrize("name", sorted(load_kinds()))
def test_every_kind_draws_the_shop_bleed(name: str, tmp_path: Path) -> None:
    """Each kind's own example, drawn for the print shop, has at least 3 mm of bleed on every face."""
    (tmp_path / "game.toml").write_text(HEADER + "\n" + load_kinds()[name].example, encoding="utf-8")
    kit = shop_kit(draw(load_game(tmp_path)), 3.0)
    assert kit.faces and all(face.bleed >= 3.0 for face in kit.faces.values()), \
        {ref: face.bleed for ref, face in kit.faces.items()}


def test_a_standee_runs_its_art_into_its_bleed(tmp_path: Path) -> None:
    """A standee's panels reach past its sides into the bleed, and never over the fold."""
    (tmp_path / "game.toml").write_text(HEADER + "\n" + load_kinds()["standee"].example, encoding="utf-8")
    kit = shop_kit(draw(load_game(tmp_path)), 3.0)
    face = kit.faces["piece"]
    boxes = [shape for shape, _ in walk(face.children, face.defs) if hasattr(shape, "w") and shape.role == "art"]
    assert min(b.x for b in boxes) <= -3.0 + 1e-9 and max(b.x + b.w for b in boxes) >= face.width + 3.0 - 1e-9


# --- colour --------------------------------------------------------------------------------

CLASSES = {
    "black": ("#000000", (0.0, 0.0, 0.0, 1.0)),
    "near-black, cool": ("#1e1e24", (0.0, 0.0, 0.0, 1.0)),
    "near-black, warm": ("#2b2118", (0.0, 0.0, 0.0, 1.0)),
    "dark grey used as black": ("#222222", (0.0, 0.0, 0.0, 1.0)),
    "mid grey": ("#808080", None),
    "tinted grey": ("#5b5b66", None),
    "white": ("#ffffff", (0.0, 0.0, 0.0, 0.0)),
}


@pytest.mark.parametrize("cls", list(CLASSES))
def test_neutrals_print_on_black_ink_only(cls: str) -> None:
    from printkit.printshop import cmyk_rule

    rgb, expected = CLASSES[cls]
    c, m, y, k = cmyk_rule(load_game(GAME))(rgb)
    assert (c, m, y) == (0.0, 0.0, 0.0), f"{cls} {rgb} separates to four colours: {(c, m, y, k)}"
    if expected is not None:
        assert (c, m, y, k) == expected
    else:
        assert 0.3 < k < 0.8  # a grey stays a grey: screened K, not solid


def test_colours_with_a_hue_and_declared_ones_keep_their_separation() -> None:
    from printkit.printshop import cmyk_rule

    rule = cmyk_rule(load_game(GAME))
    assert sum(rule("#1f2a44")[:3]) > 0.3  # a dark navy is a colour, not a black
    assert rule("#d62828") == (0.0, 0.95, 0.9, 0.05)  # the palette's own CMYK


# Every class of the CMYK rule, each with the conversion it must get. Neutrals (channels within 24 of
# each other) print on K alone, K = 1 - luma (Rec. 709 weights), solid at K >= 0.8; anything with a hue
# goes through the ICC profile, its leading inks named here.
NEUTRALS = {
    "black": ("#000000", 1.0),
    "white": ("#ffffff", 0.0),
    "mid grey": ("#808080", 0.498),  # 1 - 128/255
    "near-white, bluish": ("#fafaff", 0.0182),  # 1 - (250 x 0.9278 + 255 x 0.0722) / 255
    "near-grey, bluish (spread 22)": ("#7a8090", 0.4985),
    "near-grey, yellowish r = g (spread 24, the limit)": ("#b4b49c", 0.3009),
    "near-black, cool": ("#1e1e24", 1.0),
    "near-black, warm": ("#2b2118", 1.0),
    "grey at K 0.8 exactly: black": ("#333333", 1.0),  # 1 - 51/255 = 0.8
    "grey just under K 0.8: screened": ("#343434", 0.7961),
}
HUES = {
    "yellow r = g > b": ("#f0f000", "y"),
    "pale yellow r = g > b": ("#c8c864", "y"),
    "yellowish r = g, spread 25 (past the limit)": ("#b4b49b", "y"),
    "dark yellow r = g > b": ("#606010", "y"),
    "cyan g = b > r": ("#30c0c0", "c"),
    "magenta r = b > g": ("#c030c0", "m"),
    "red r > g = b": ("#c03030", "my"),
    "green g > r = b": ("#30c030", "cy"),
    "blue b > r = g": ("#3030c0", "cm"),
    "bluish grey, spread 26": ("#80809a", "cm"),
    "dark navy": ("#1f2a44", "cm"),
}


@pytest.fixture(scope="module")
def rule(tmp_path_factory: pytest.TempPathFactory) -> CmykRule:
    """The rule of a palette declaring a rich black and a brick red by CMYK, and a grey without."""
    from printkit.printshop import cmyk_rule

    folder = tmp_path_factory.mktemp("palette") / "g"
    folder.mkdir()
    (folder / "game.toml").write_text(
        '[game]\ntitle = "G"\n[palette]\nrich = { rgb = "#000000", cmyk = [0.6, 0.4, 0.4, 1.0] }\n'
        'brick = { rgb = "#B04030", cmyk = [0.1, 0.8, 0.85, 0.2] }\ngrey = { rgb = "#808080" }\n'
        '[layouts.face]\nelements = []\n[[components]]\nid = "c"\nkind = "card"\nsize = "poker"\nface = "face"\n')
    return cmyk_rule(load_game(folder))


@pytest.fixture(scope="module")
def plain() -> CmykRule:
    """The rule of the prepress game, whose palette declares no neutral's CMYK."""
    from printkit.printshop import cmyk_rule

    return cmyk_rule(load_game(GAME))


@pytest.mark.parametrize("cls", list(NEUTRALS))
def test_every_neutral_class_prints_on_black_ink_alone(plain: CmykRule, rule: CmykRule, cls: str) -> None:
    rgb, k = NEUTRALS[cls]
    assert plain(rgb) == plain(rgb.upper()) == (0.0, 0.0, 0.0, k)
    if rgb != "#000000":  # declared as a rich black in the other palette
        assert rule(rgb) == (0.0, 0.0, 0.0, k)


@pytest.mark.parametrize("cls", list(HUES))
def test_every_colour_with_a_hue_goes_through_the_profile(rule: CmykRule, cls: str) -> None:
    from printkit.printshop import icc_cmyk

    rgb, leading = HUES[cls]
    cmyk = rule(rgb)
    assert cmyk == icc_cmyk(rgb)
    inks = dict(zip("cmy", cmyk[:3]))
    others = [v for ink, v in inks.items() if ink not in leading]
    assert min(inks[ink] for ink in leading) > max(others) + 0.1, (cls, cmyk)


def test_a_declared_cmyk_wins_over_every_other_rule(rule: CmykRule) -> None:
    assert rule("#000000") == (0.6, 0.4, 0.4, 1.0)  # a rich black, declared: not K alone
    assert rule("#b04030") == rule("#B04030") == (0.1, 0.8, 0.85, 0.2)  # matched by value, any case
    assert rule("#808080") == (0.0, 0.0, 0.0, 0.498)  # declared without cmyk: the neutral rule


def test_near_black_text_is_solid_k_in_the_files(out: Path) -> None:
    """Every text of the card's face is set in K only, the near-black words in solid K."""
    content = PdfReader(out / "print-shop" / "card.pdf").pages[0].get_contents().get_data().decode("latin-1")
    texts = re.findall(r"BT(.*?)ET", content, re.DOTALL)
    fills = re.findall(r"(\S+) (\S+) (\S+) (\S+) k", content)
    assert texts and ("0", "0", "0", "1") in fills
    for block in texts:
        for c, m, y, _k in re.findall(r"(\S+) (\S+) (\S+) (\S+) k", block):
            assert float(c) == float(m) == float(y) == 0.0, block


# --- PDF/X-1a -------------------------------------------------------------------------------


def _resolve(obj: object) -> object:
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def test_print_shop_files_declare_and_keep_pdfx_1a(out: Path) -> None:
    files = [*shop_pdfs(out), out / "print-shop" / "order.pdf"]
    for pdf in files:
        raw = pdf.read_bytes()
        reader = PdfReader(pdf)
        info = reader.metadata
        assert raw.startswith(b"%PDF-1.3"), pdf.name  # X-1a:2001 is PDF 1.3
        assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001" and info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
        assert info["/Trapped"] in ("/True", "/False") and info["/Title"] and info["/CreationDate"]
        assert reader.trailer["/ID"]
        (intent,) = reader.trailer["/Root"]["/OutputIntents"]
        intent = _resolve(intent)
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"]
        assert _resolve(intent["/DestOutputProfile"])["/N"] == 4  # a CMYK profile
        for page in reader.pages:
            # TrimBox and BleedBox on every page, the bleed box inside the media box.
            media, bleed = page.mediabox, page.bleedbox
            assert "/TrimBox" in page and "/BleedBox" in page
            assert float(bleed.left) >= float(media.left) - 1e-6 and float(bleed.top) <= float(media.top) + 1e-6
            content = page.get_contents().get_data().decode("latin-1")
            # DeviceCMYK only: no RGB or grey colour operators, no colour spaces of their own.
            assert not re.search(r"(^|\s)(rg|RG|g|G|sc|scn|SC|SCN|cs|CS)(\s|$)", content), pdf.name
            resources = page["/Resources"]
            # No transparency: no soft masks or constant alpha below 1, no transparency group.
            assert "/Group" not in page
            for gs in _resolve(resources.get("/ExtGState", {})).values():
                gs = _resolve(gs)
                assert "/SMask" not in gs or gs["/SMask"] == "/None"
                assert float(gs.get("/CA", 1)) == 1.0 and float(gs.get("/ca", 1)) == 1.0
            # Every font embedded.
            for font in _resolve(resources.get("/Font", {})).values():
                font = _resolve(font)
                descendants = [_resolve(d) for d in font.get("/DescendantFonts", [])] or [font]
                for f in descendants:
                    desc = _resolve(f["/FontDescriptor"])
                    assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), (pdf.name, f["/BaseFont"])


# --- the unprintable margin -------------------------------------------------------------------


def test_nothing_prints_in_the_margin_of_any_sheet(out: Path) -> None:
    """Letter cards fill the page: their outer bleed is clipped at the 5 mm margin, never printed into it."""
    sheets = [p for p in out.glob("prepress-*-letter.pdf") if "rules" not in p.name and "proof" not in p.name]
    assert len(sheets) >= 3
    band = int(5 * PT * 2) - 1  # 2 px per point
    for pdf in sheets:
        doc = pdfium.PdfDocument(pdf)
        for n in range(len(doc)):
            image = doc[n].render(scale=2).to_pil().convert("L")
            w, h = image.size
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
                assert image.crop(box).getextrema()[0] >= 250, f"{pdf.name} p{n + 1}: ink in the margin at {box}"


@pytest.mark.parametrize("count", [9, 8])
def test_gutterfold_on_letter_has_marks_not_lines_along_the_trims(count: int, tmp_path: Path) -> None:
    """Letter cards folded down the sheet's middle (9 cards: 3 a sheet) or across it (8 cards: 4 a sheet,
    turned, 0.65 mm beside the 5 mm margin): every cut line gets short marks, none runs along a trim; the
    marks on the fold's side run on towards the fold instead."""
    text = (GAME / "game.toml").read_text().replace("count = 9", f"count = {count}")
    (tmp_path / "game.toml").write_text(text)
    kit = draw(load_game(tmp_path))
    s = settings_for(kit.game, BuildOptions(backs="fold"))
    paper = paper_for(kit.game, "letter", s)
    sheets = finished_sheets(kit, s, plan_boxes(kit), paper)["cards"]
    assert any(sh.info.get("fold") for sh in sheets)
    for sheet in sheets:
        trims = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in sheet.placements]
        guides = 0
        for shape, m in walk(sheet.drawing.children, sheet.drawing.defs):
            if not isinstance(shape, DPath) or shape.role != "guide" or shape.paint.stroke == "#ffffff":
                continue
            (_, x1, y1), (_, x2, y2) = shape.segments[0], shape.segments[1]
            x1, y1 = m[0] * x1 + m[2] * y1 + m[4], m[1] * x1 + m[3] * y1 + m[5]
            x2, y2 = m[0] * x2 + m[2] * y2 + m[4], m[1] * x2 + m[3] * y2 + m[5]
            guides += 1
            for x0, y0, x3, y3 in trims:
                on_edge = (abs(x1 - x2) < 1e-6 and min(abs(x1 - x0), abs(x1 - x3)) < 1e-6) or \
                          (abs(y1 - y2) < 1e-6 and min(abs(y1 - y0), abs(y1 - y3)) < 1e-6)
                along = min(max(y1, y2), y3) - max(min(y1, y2), y0) if abs(x1 - x2) < 1e-6 else \
                    min(max(x1, x2), x3) - max(min(x1, x2), x0)
                assert not (on_edge and along > 1e-6), f"a guide along a trim: {(x1, y1, x2, y2)}"
        assert guides > 0


# --- print on demand ----------------------------------------------------------------------------


def test_print_on_demand_scales_the_trim_onto_the_profile_trim(out: Path) -> None:
    """A 63 x 88 mm card goes to the 63.5 x 88.9 mm profile scaled by 88.9 / 88 (1.0102): its trim covers
    the profile's, and its bleed still covers the whole image (no paper-white edge)."""
    from printkit.pod import _fit

    profile = profile_for("thegamecrafter-poker", "")
    face = draw(load_game(GAME)).faces["card"]
    assert _fit(face, profile) == pytest.approx(88.9 / 88, abs=1e-9)
    image = Image.open(out / "pod" / "thegamecrafter-poker" / "001-card.png").convert("RGB")
    assert image.size == profile.pixels
    paper = (0xF4, 0xEF, 0xE3)
    for xy in ((0, 0), (image.width - 1, image.height - 1), (0, image.height - 1), (image.width - 1, 0)):
        assert max(abs(a - b) for a, b in zip(image.getpixel(xy), paper)) <= 3, xy
    # The navy back fills its image to every edge.
    back = Image.open(out / "pod" / "thegamecrafter-poker" / "002-card-back.png").convert("RGB")
    assert all(max(back.getpixel(xy)) < 90 for xy in ((0, 0), (back.width - 1, back.height - 1)))
    assert TOLERANCE < 0.05


def test_safe_zone_report_flags_text_not_lines_that_run_off_the_edge(out: Path) -> None:
    report = (out / "pod" / "thegamecrafter-poker" / "report.txt").read_text()
    assert 'outside the safe zone: card: text "edge"' in report
    assert "path" not in report and "every face fits" not in report
    face = draw(load_game(GAME)).faces["card"]
    assert outside_safe(face, profile_for("thegamecrafter-poker", ""), 88.9 / 88) == ['text "edge"']


def test_safe_zone_report_says_when_nothing_was_exported(tmp_path: Path) -> None:
    from printkit.pod import pod_files

    kit = draw(load_game(GAME))
    chips = [i for items in kit.groups.values() for i in items if i.component == "chip"]
    files, manifest = pod_files("prepress", ["thegamecrafter-poker"], chips, kit.faces)
    report = files["pod/thegamecrafter-poker/report.txt"].decode()
    assert "no face exported" in report and "every face fits" not in report
    assert manifest["thegamecrafter-poker"]["images"] == 0  # type: ignore[index]


# A card is exported for a profile when both its sides are within TOLERANCE (3 %) of the profile's trim
# (63.5 x 88.9 mm): a card of the right width but the wrong height is not, nor the other way round.
SIZES = {
    "exact": (63.5, 88.9, True),
    "63 x 88 (within 3 %)": (63.0, 88.0, True),
    "taller by 4 %": (63.5, 88.9 * 1.04, False),
    "shorter by 4 %": (63.5, 88.9 * 0.96, False),
    "wider by 4 %": (63.5 * 1.04, 88.9, False),
    "narrower by 4 %": (63.5 * 0.96, 88.9, False),
    "taller by 2.9 %": (63.5, 88.9 * 1.029, True),
    "tarot height": (63.5, 120.0, False),
}


@pytest.mark.parametrize("case", list(SIZES))
def test_print_on_demand_exports_only_cards_of_the_profiles_width_and_height(case: str) -> None:
    from printkit.pod import _fit

    w, h, exported = SIZES[case]
    assert (_fit(Drawing(w, h), profile_for("thegamecrafter-poker", "")) is not None) is exported


def test_a_card_of_the_wrong_height_is_reported_not_exported() -> None:
    from printkit.pod import pod_files

    faces = {"tall": Drawing(63.5, 95.0), "short": Drawing(63.5, 80.0), "wide": Drawing(70.0, 88.9)}
    items = [Item("c", ref, "", 1, None, ref, None) for ref in faces]  # type: ignore[arg-type]
    files, manifest = pod_files("g", ["thegamecrafter-poker"], items, faces)
    report = files["pod/thegamecrafter-poker/report.txt"].decode()
    assert manifest["thegamecrafter-poker"]["skipped"] == ["short", "tall", "wide"]  # type: ignore[index]
    assert "not exported: tall: 63.5 x 95 mm is not 63.5 x 88.9 mm" in report
    assert [f for f in files if f.endswith(".png")] == []


# --- the fit check uses the chosen paper ---------------------------------------------------------

WIDE = """\
[game]
title = "Wide token"

[layouts.plain]
background = "#dddddd"

[[components]]
id = "mat"
kind = "token"
shape = "square"
size = 203
face = "plain"
"""


def test_fit_check_uses_the_chosen_paper(tmp_path: Path) -> None:
    from conftest import run_cli

    (tmp_path / "data" / "wide").mkdir(parents=True)
    (tmp_path / "data" / "wide" / "game.toml").write_text(WIDE)
    base = ("build", "--data", str(tmp_path / "data"), "--no-svg", "--quiet", "--jobs", "1")
    letter = run_cli(*base, "--out", str(tmp_path / "letter"), "--paper", "letter")
    assert letter.returncode == 0, letter.stderr  # 203 mm fits Letter's 205.9 mm printable width
    manifest = json.loads((tmp_path / "letter" / "wide" / "manifest.json").read_text())
    assert any(name.endswith("-letter.pdf") for name in manifest["sheets"])
    a4 = run_cli(*base, "--out", str(tmp_path / "a4"), "--paper", "a4")
    assert a4.returncode != 0 and "Traceback" not in a4.stderr
    assert len(a4.stderr.strip().splitlines()) == 1 and "a4" in a4.stderr and "203" in a4.stderr
    assert io.StringIO(a4.stderr).read().count("letter") == 0
