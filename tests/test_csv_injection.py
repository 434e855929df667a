"""Every CSV file printkit writes is safe to open in a spreadsheet (OWASP's rule against CSV injection):
a cell beginning with = + - @, a tab or a carriage return is written with a leading single quote.

One test per file: ``print-shop/order.csv`` (from a build whose data tries to inject a formula
through the paper names) and ``pod/<profile>/counts.csv`` (whose cells come from printkit's own
names: written with a face named like a formula, to show the same rule covers it)."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from printkit.csvfile import FORMULA_START, cell, csv_bytes

GAME = Path(__file__).resolve().parent / "games" / "print-services"
ATTACKS = ["=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)", "\tx", "\r=1"]


def cells(data: bytes) -> list[str]:
    return [c for row in csv.reader(io.StringIO(data.decode("utf-8"), newline="")) for c in row]


def safe(value: str) -> bool:
    return not value.startswith(FORMULA_START)


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_cell_that_reads_as_a_formula_is_quoted_and_keeps_its_text(attack: str) -> None:
    assert cell(attack) == "'" + attack and safe(cell(attack))
    assert cell("63.5 x 88.9") == "63.5 x 88.9" and cell(3) == "3"  # everything else as it is
    assert cells(csv_bytes(["a"], [[attack]])) == ["a", "'" + attack]


def test_order_csv_of_the_print_shop_files(tmp_path: Path) -> None:
    from printkit.build import BuildOptions, build

    game = tmp_path / "print-services"
    shutil.copytree(GAME, game)
    text = (game / "game.toml").read_text()
    text = text.replace('shop_paper = "330 gsm black-core card"', 'shop_paper = "=HYPERLINK(\\"http://x\\")"')
    text = text.replace('mini = "300 gsm card, linen"', 'mini = "@SUM(1+1)"')
    assert text != (game / "game.toml").read_text()
    (game / "game.toml").write_text(text)
    build([game], tmp_path / "out", BuildOptions(pod=(), tts=False, cut_file=False, svg=False))
    order = (tmp_path / "out" / "print-services" / "print-shop" / "order.csv").read_bytes()
    found = cells(order)
    assert "'=HYPERLINK(\"http://x\")" in found and "'@SUM(1+1)" in found
    assert all(safe(c) for c in found)


def test_counts_csv_of_the_print_on_demand_files() -> None:
    from printkit.drawing import Drawing, Paint, Rect
    from printkit.kinds import Art
    from printkit.layout import Item
    from printkit.pod import pod_files, profiles

    p = profiles()["thegamecrafter-poker"]
    face = Drawing(p.trim[0], p.trim[1], [Rect(0, 0, p.trim[0], p.trim[1], Paint(fill="#ffffff"), "art")], bleed=p.bleed)
    ref = "=cmd|' /C calc'!A0"
    item = Item("c", ref, "v", 1, Art(face, None, face, {}), ref, None)
    files, _ = pod_files("game", [p.name], [item], {ref: face})
    found = cells(files[f"pod/{p.name}/counts.csv"])
    assert "'" + ref in found and all(safe(c) for c in found)


def test_texts_written_into_svg_html_and_pdf_stay_text(tmp_path: Path) -> None:
    """Markup in the data is printed as the characters it is made of, never read as markup."""
    import xml.etree.ElementTree as ET

    from pypdf import PdfReader

    from printkit.build import BuildOptions, build

    hostile = '<script>alert(1)</script> ]]> &amp; "q" <b>x</b>'
    game = tmp_path / "tiny"
    shutil.copytree(Path(__file__).resolve().parent / "games" / "tiny", game)
    text = (game / "game.toml").read_text()
    text = text.replace('title = "Tiny"', f"title = '{hostile}'").replace('text = "Hello"', f"text = '{hostile}'")
    (game / "game.toml").write_text(text)
    build([game], tmp_path / "out", BuildOptions(papers=("a4",)))
    out = tmp_path / "out" / "tiny"
    svg = ET.parse(out / "svg" / "card.svg").getroot()
    assert not [e for e in svg.iter() if e.tag.rsplit("}", 1)[-1] in ("script", "b", "foreignObject")]
    squeeze = str.maketrans("", "", " \n")  # the text is wrapped into lines
    assert hostile.translate(squeeze) in "".join(svg.itertext()).translate(squeeze)
    html = (out / "tiny-rules.html").read_text()
    assert "<script>" not in html and "<b>x</b>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    pdf = "".join(page.extract_text() for page in PdfReader(out / "tiny-cards-a4.pdf").pages)
    assert "<script>alert(1)</script>" in pdf.translate(squeeze)
