"""The PDF writer's own page operators: text where it was asked for, CMYK operators, fonts embedded once
and subset, and a canvas painted on by the rulebook's pictures left as platypus expects it."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable

import pypdf
import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate

from printkit.drawing import Drawing, Group, Paint, Path, Rect, Text, Use, translate
from printkit.render import fonts, pdf
from printkit.render.pdf import PT, PdfWriter
from printkit.render.rulebook import DrawingFlowable

RED, GREEN = "#ff0000", "#00c000"


def one_page(drawing: Drawing, **kwargs: object) -> pypdf.PdfReader:
    writer = PdfWriter(io.BytesIO(), **kwargs)  # type: ignore[arg-type]
    writer.page(drawing)
    return pypdf.PdfReader(io.BytesIO(writer.close()))


def placed_text(page: pypdf.PageObject) -> list[tuple[str, float, float, str, float]]:
    """(text, x, y in PDF points, font's BaseFont, size) of every text shown on the page; the size
    is negative for text drawn upside down."""
    found: list[tuple[str, float, float, str, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: dict | None, size: float) -> None:
        if text.strip():
            m = pypdf.mult(tm, cm)
            found.append((text.strip(), m[4], m[5], str(font["/BaseFont"]) if font else "", size * m[3]))

    page.extract_text(visitor_text=visit)
    return found


def pixels(im: object) -> list[tuple[int, int, int]]:
    """The RGB pixels of a PIL image."""
    data = im.convert("RGB").tobytes()  # type: ignore[attr-defined]
    return list(zip(data[0::3], data[1::3], data[2::3]))


def test_text_is_extractable_at_its_place_in_the_embedded_font() -> None:
    d = Drawing(100, 50)
    d.add(Text(10, 20, "Plain (ASCII) \\ text", 5.0),
          Text(90, 40, "Déjà vu", 4.0, fill=RED, font="bold", anchor="end"),
          Text(50, 10, "", 4.0))
    (page,) = one_page(d).pages
    texts = {t[0]: t[1:] for t in placed_text(page)}
    assert set(texts) == {"Plain (ASCII) \\ text", "Déjà vu"}
    x, y, font, size = texts["Plain (ASCII) \\ text"]
    assert (round(x, 2), round(y, 2)) == (round(10 * PT, 2), round((50 - 20) * PT, 2))
    assert font.endswith("+DejaVuSans") and round(size, 2) == round(5 * PT, 2)
    x, y, font, size = texts["Déjà vu"]
    width = fonts.text_width("Déjà vu", "bold", 4.0)
    assert (round(x, 2), round(y, 2)) == (round((90 - width) * PT, 2), round(10 * PT, 2))
    assert font.endswith("+DejaVuSans-Bold")
    # pdfium draws the glyphs: the red text leaves red pixels where it stands, and only there.
    pdf = pypdfium2.PdfDocument(one_page_bytes(d))
    im = pdf[0].render(scale=2).to_pil().convert("RGB")
    s = 2 * PT
    box = im.crop((int((90 - width) * s), int(37 * s), int(90 * s), int(40.5 * s)))
    assert any(r > 200 and g < 60 and b < 60 for r, g, b in pixels(box))
    assert not any(r > 200 and g < 60 and b < 60 for r, g, b in pixels(im.crop((0, 0, int(50 * s), int(50 * s)))))


def one_page_bytes(drawing: Drawing) -> bytes:
    writer = PdfWriter(io.BytesIO())
    writer.page(drawing)
    return writer.close()


def test_fonts_are_embedded_once_as_subsets_for_every_page() -> None:
    writer = PdfWriter(io.BytesIO())
    for word in ("alpha", "βeta", "gamma"):
        d = Drawing(50, 50)
        d.add(Text(5, 20, word, 4.0), Text(5, 30, word.upper(), 4.0, font="bold"))
        writer.page(d)
    reader = pypdf.PdfReader(io.BytesIO(writer.close()))
    refs = set()
    for page in reader.pages:
        fonts_here = page["/Resources"]["/Font"]
        refs |= {fonts_here.raw_get(name).idnum for name in fonts_here}
        assert [t[0] for t in placed_text(page)] in (["alpha", "ALPHA"], ["βeta", "ΒETA"], ["gamma", "GAMMA"])
    assert len(refs) == 2  # regular and bold, each one font object shared by the three pages
    for ref in refs:
        font = reader.get_object(ref)
        assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", str(font["/BaseFont"]))
        assert "/FontFile2" in font["/FontDescriptor"]
        assert font["/LastChar"] < 255  # a subset, not the whole font


def test_a_font_subset_made_for_one_file_is_reused_by_the_next_and_the_bytes_are_reportlabs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def two_files(title: str) -> list[bytes]:
        out = []
        for paper in ("a4", "letter"):  # the same text in two files, as a game's files of each paper have
            writer = PdfWriter(io.BytesIO(), title=f"{title} {paper}")
            d = Drawing(60, 40)
            d.add(Text(5, 20, "Zyxt qvé", 4.0), Text(5, 30, "Zyxt", 4.0, font="bold"))
            writer.page(d)
            out.append(writer.close())
        return out

    made: list[list[int]] = []
    make = ttfonts.TTFontFile.makeSubset
    monkeypatch.setattr(ttfonts.TTFontFile, "makeSubset", lambda face, codes: made.append(list(codes)) or make(face, codes))
    pdf._SUBSETS.clear()
    reused = two_files("reuse")
    assert len(made) == 2  # regular and bold, made once for both files
    assert ttfonts.TTFontFace.makeSubset is ttfonts.TTFontFile.makeSubset  # reportlab's own again after saving
    monkeypatch.setattr(pdf, "_reused_subsets", contextlib.nullcontext)  # reportlab alone, as before the reuse
    assert two_files("reuse") == reused
    assert len(made) == 6
    assert reused[0] != reused[1]  # (the files differ: their titles and subset tags)


def test_a_file_saved_with_the_quick_formatting_is_the_file_reportlab_alone_writes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def saved() -> bytes:
        writer = PdfWriter(io.BytesIO(), title="Zyxt (qvé) <draft> #2 \u2603")
        card = Drawing(63, 88, bleed=3)
        card.add(Rect(0, 0, 63, 88, Paint(fill=RED)), Text(31.5, 40, "Zyxt qvé", 4.0, anchor="middle"))
        for _ in range(2):  # a shared face (a form) and pages with trim and bleed boxes
            sheet = Drawing(210, 297, defs={"face": card})
            sheet.add(Use("face", translate(20, 20)), Use("face", translate(90, 20)))
            writer.page(sheet, trim_box=(20, 20, 63, 88), bleed_box=(17, 17, 69, 94))
        return writer.close()

    quick = saved()
    assert pdfdoc.format is pdf._FORMAT and pdfdoc.PDFName is pdf._PDF_NAME  # reportlab's own again after saving
    monkeypatch.setattr(pdf, "_quick_formatting", contextlib.nullcontext)  # reportlab alone
    assert saved() == quick
    assert len(pypdf.PdfReader(io.BytesIO(quick)).pages) == 2


@given(st.one_of(st.text(), st.text(alphabet=st.characters(max_codepoint=0x7F)), st.binary()))
def test_the_quick_encoding_is_pdfdocencoding(text: str | bytes) -> None:
    def outcome(encode: Callable[[str | bytes], bytes]) -> object:
        try:
            return encode(text)
        except UnicodeEncodeError as err:  # a character PDFDocEncoding has not: both refuse it
            return type(err)

    assert outcome(pdf.pdfdoc_enc) == outcome(pdfdoc.pdfdocEnc)
    assert outcome(lambda t: pdf.pdf_format(t, None)) == outcome(lambda t: pdfdoc.format(t, None))


@given(st.text(), st.sampled_from([("!", "~"), (" ", "~")]))
def test_a_pdf_name_kept_is_the_name_reportlab_escapes(name: str, bounds: tuple[str, str]) -> None:
    assert pdf.pdf_name(name, *bounds) == pdfdoc.PDFName(name, *bounds)
    assert pdf.pdf_name(name) == pdfdoc.PDFName(name)


def test_numbers_and_objects_are_formatted_by_reportlab() -> None:
    assert pdf.pdf_format(1.5, None) == pdfdoc.format(1.5, None) == b"1.5"
    array = pdfdoc.PDFArray([1, "a"])
    assert pdf.pdf_format(array, None) == pdfdoc.format(array, None)


def test_a_shape_inside_a_shape_is_a_hole() -> None:
    """Fills and clips use the even-odd rule, as the SVG backend's fill-rule does."""
    square = lambda x, y, w: (("M", x, y), ("L", x + w, y), ("L", x + w, y + w), ("L", x, y + w), ("Z",))  # noqa: E731
    d = Drawing(40, 40)
    d.add(Path(square(5, 5, 30) + square(15, 15, 10), Paint(fill=RED)),
          Group((Rect(0, 0, 40, 40, Paint(fill=GREEN)),), clip=Path(square(0, 0, 4) + square(1, 1, 2))))
    im = pypdfium2.PdfDocument(one_page_bytes(d))[0].render(scale=4).to_pil().convert("RGB")
    at = lambda x, y: im.getpixel((int(x * 4 * PT), int(y * 4 * PT)))  # noqa: E731
    assert at(10, 10) == (255, 0, 0) and at(20, 20) == (255, 255, 255)
    assert at(0.5, 0.5) == (0, 192, 0) and at(2, 2) == (255, 255, 255)


def test_cmyk_writer_sets_colours_with_k_operators() -> None:
    rule = {RED: (0.0, 0.9, 0.8, 0.1), GREEN: (0.7, 0.0, 0.9, 0.2), "#000000": (0.0, 0.0, 0.0, 1.0)}
    d = Drawing(40, 40)
    d.add(Rect(5, 5, 10, 10, Paint(fill=RED, stroke=GREEN, width=0.5), r=2),
          Path((("M", 1, 1), ("L", 30, 30)), Paint(stroke=RED, dash=(2.0, 1.0))),
          Text(5, 30, "ink", 3.0))
    (page,) = one_page(d, cmyk=rule.__getitem__).pages
    ops = page.get_contents().get_data().decode("latin-1")
    assert "0 .9 .8 .1 k" in ops and ".7 0 .9 .2 K" in ops and "0 .9 .8 .1 K" in ops and "0 0 0 1 k" in ops
    assert "[2 1] 0 d" in ops and " B*" in ops
    assert not re.search(r"\b(rg|RG)\b", ops)


def test_repeated_state_is_not_set_again_but_a_restored_state_is() -> None:
    d = Drawing(40, 40)
    blue, green = Paint(fill="#0000ff"), Paint(fill="#00ff00")
    d.add(Rect(0, 0, 5, 5, blue), Rect(10, 0, 5, 5, blue),
          Group((Rect(0, 10, 5, 5, Paint(fill=RED)),), transform=translate(1, 1)),
          Rect(20, 0, 5, 5, blue),  # Q brought the blue back: not set again
          Group((Rect(0, 20, 5, 5, green),)),
          Rect(20, 20, 5, 5, green))  # Q took the green away: set again
    (page,) = one_page(d).pages
    ops = page.get_contents().get_data().decode("latin-1")
    assert (ops.count("0 0 1 rg"), ops.count("1 0 0 rg"), ops.count("0 1 0 rg")) == (1, 1, 2)
    im = pypdfium2.PdfDocument(one_page_bytes(d))[0].render(scale=1).to_pil().convert("RGB")
    assert im.getpixel((int(22.5 * PT), int(22.5 * PT))) == (0, 255, 0)


def test_painted_picture_leaves_the_canvas_font_and_colour_for_what_follows() -> None:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 100), invariant=1)
    c.setFont(fonts.register("bold"), 12)
    c.setFillColorRGB(0, 0, 0)
    picture = Drawing(60, 30)  # painted in points, straight onto the page: no save/restore around it
    picture.defs["mark"] = Drawing(5, 5, [Rect(0, 0, 5, 5, Paint(fill=GREEN))])
    picture.add(Rect(0, 0, 20, 10, Paint(fill=GREEN)), Text(1, 8, "picture", 5, fill=GREEN),
                Use("mark", translate(30, 0)))
    PdfWriter.painter(c).paint(picture.children, picture.defs)
    c.drawString(100, 20, "After")  # the canvas believes: bold 12 pt, black
    c.showPage()
    c.save()
    (page,) = pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages
    after = [t for t in placed_text(page) if t[0] == "After"]
    assert after and after[0][3].endswith("+DejaVuSans-Bold") and round(after[0][4]) == 12
    im = pypdfium2.PdfDocument(buf.getvalue())[0].render(scale=2).to_pil().convert("RGB")
    word = pixels(im.crop((200, 2 * (100 - 32), 2 * 140, 2 * (100 - 17))))
    assert any(r < 60 and g < 60 and b < 60 for r, g, b in word)  # black glyphs
    assert not any(g > 150 and r < 100 for r, g, b in word)  # none in the picture's green


def test_platypus_text_after_a_picture_keeps_its_own_font_and_colour() -> None:
    picture = Drawing(40, 20)
    picture.add(Rect(0, 0, 40, 20, Paint(fill=GREEN)), Text(2, 15, "inside", 6, fill=RED, font="bold"))
    style = ParagraphStyle("body", fontName=fonts.register("regular"), fontSize=14, textColor="#0000ff")
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=(300, 300), invariant=1)
    doc.build([DrawingFlowable(picture, 40), Paragraph("Blue words after", style)])
    (page,) = pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages
    texts = {t[0].strip(): t for t in placed_text(page)}
    assert texts["Blue words after"][3].endswith("+DejaVuSans") and round(texts["Blue words after"][4]) == 14
    assert texts["inside"][3].endswith("+DejaVuSans-Bold")
    im = pypdfium2.PdfDocument(buf.getvalue())[0].render(scale=1).to_pil().convert("RGB")
    y = texts["Blue words after"][2]
    line = pixels(im.crop((0, int(300 - y - 12), 300, int(300 - y + 3))))
    assert any(b > 200 and r < 60 and g < 60 for r, g, b in line)
    assert not any((r > 200 and g < 60) or (g > 150 and r < 100 and b < 100) for r, g, b in line)


def test_an_outline_is_formatted_once_for_every_file_the_process_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    # a game's sheets of each paper, its rulebooks and its proof sheet draw the same faces: their curves and
    # paths are formatted once per process, and each file holds the same operators as one written alone
    monkeypatch.setattr(pdf, "_OUTLINES", {})
    made = []
    real = pdf._path_ops

    def counted(shape: object) -> str:
        made.append(shape)
        return real(shape)  # type: ignore[arg-type]

    monkeypatch.setattr(pdf, "_path_ops", counted)
    star = Path((("M", 10.0, 2.0), ("L", 14.0, 18.0), ("L", 2.0, 8.0), ("L", 18.0, 8.0), ("L", 6.0, 18.0), ("Z",)),
                Paint(fill=RED))
    rounded = Rect(2.0, 22.0, 16.0, 10.0, Paint(stroke=GREEN), r=2.0)
    contents = []
    for _ in range(3):
        writer = PdfWriter(io.BytesIO())
        writer.page(Drawing(20.0, 40.0, [star, rounded, Path(star.segments, Paint(fill=GREEN))]))
        contents.append(pypdf.PdfReader(io.BytesIO(writer.close())).pages[0].get_contents().get_data())
    assert made == [star, rounded], "each outline formatted once, the second star by its coordinates"
    assert contents[0] == contents[1] == contents[2]
    assert contents[0].count(b" c\n") + contents[0].count(b" c ") >= 4, "the rounded corners are curves"
    monkeypatch.setattr(pdf, "_OUTLINES", {})
    writer = PdfWriter(io.BytesIO())
    writer.page(Drawing(20.0, 40.0, [star, rounded, Path(star.segments, Paint(fill=GREEN))]))
    assert pypdf.PdfReader(io.BytesIO(writer.close())).pages[0].get_contents().get_data() == contents[0]


def test_the_outlines_kept_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf, "_OUTLINES", {})
    writer = PdfWriter(io.BytesIO())
    writer.page(Drawing(100.0, 100.0, [Path((("M", float(n % 90), 1.0), ("L", 5.0, float(n % 97)), ("Z",)),
                                            Paint(fill=RED)) for n in range(5000)]))
    writer.close()
    assert 0 < len(pdf._OUTLINES) <= 4096
