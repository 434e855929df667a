"""Rulebooks: counts printed in the rules match the data, templates are sandboxed, HTML is valid, text stays in its frame."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import DATA, copy_game, manifest, run_cli
from pypdf import PdfReader

from printkit.load import load_game

GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.toml").is_file())
PT = 72 / 25.4
MARGIN = 18.0  # mm, the text frame of printkit.render.rulebook


def pdf_text(path: Path) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(path).pages)


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def listed(text: str, count: int, name: str) -> bool:
    return re.search(rf"(?<![\d]){count} {re.escape(name)}\b", squash(text)) is not None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rules_pdf_lists_every_component_with_its_count(built: Path, game: str, paper: str) -> None:
    text = pdf_text(built / game / f"{game}-rules-{paper}.pdf")
    comps = manifest(built, game)["components"]
    assert comps
    for comp in comps.values():
        assert listed(text, comp["pieces"], comp["name"]), (comp, squash(text)[:400])
    total = sum(c["pieces"] for c in comps.values())
    assert f"{total} pieces" in squash(text)


@pytest.mark.parametrize("game", GAMES)
def test_rules_pdf_is_numbered_and_sized(built: Path, game: str) -> None:
    for paper, (w, h) in {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}.items():
        reader = PdfReader(built / game / f"{game}-rules-{paper}.pdf")
        for n, page in enumerate(reader.pages, start=1):
            assert float(page.mediabox.width) == pytest.approx(w * PT, abs=0.01)
            assert float(page.mediabox.height) == pytest.approx(h * PT, abs=0.01)
            assert f"page {n}" in (page.extract_text() or "")


def test_rules_pdf_embeds_dejavu_only(built: Path) -> None:
    reader = PdfReader(built / "euclidean" / "euclidean-rules-a4.pdf")
    fonts = set()
    for page in reader.pages:
        for f in page["/Resources"]["/Font"].values():
            font = f.get_object()
            fonts.add(str(font["/BaseFont"]))
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font.get("/FontDescriptor")
            assert desc is not None and "/FontFile2" in desc.get_object(), font["/BaseFont"]
    assert fonts and all("DejaVu" in f for f in fonts)


@pytest.mark.parametrize("game", GAMES)
def test_text_never_leaves_the_frame(built: Path, game: str) -> None:
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(built / game / f"{game}-rules-a4.pdf")
    checked = 0
    for page in pdf:
        width, height = page.get_size()
        tp = page.get_textpage()
        for i in range(tp.count_chars()):
            left, bottom, right, top = tp.get_charbox(i)
            if right - left <= 0:
                continue  # spaces and line ends have no box
            if pdfium_c.FPDFText_GetFontSize(tp.raw, i) < 7.9:
                continue  # text of a scaled-down piece inside a picture, clipped to that piece
            checked += 1
            assert left >= MARGIN * PT - 1 and right <= width - MARGIN * PT + 1, (i, left, right)
            assert bottom >= 0 and top <= height - MARGIN * PT + 1, (i, bottom, top)
    assert checked > 200


class Checker(HTMLParser):
    """Collects tags and text; fails on unbalanced or misnested elements."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input", "path", "rect", "circle", "use"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[str] = []
        self.text: list[str] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self._cell = []
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


@pytest.mark.parametrize("game", GAMES)
def test_html_rulebook_is_valid_and_carries_the_counts(built: Path, game: str) -> None:
    html = (built / game / f"{game}-rules.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    checker = Checker()
    checker.feed(html)
    checker.close()
    assert checker.errors == [] and checker.stack == []
    assert checker.tags[:3] == ["html", "head", "meta"]
    assert checker.tags.count("h1") == 1 and checker.tags.count("body") == 1
    m = manifest(built, game)
    assert m["title"] in "".join(checker.text)
    comps = m["components"]
    rows = {r[1].split(" (")[0]: r[0] for r in checker.rows if len(r) >= 2}
    for comp in comps.values():
        assert rows.get(comp["name"]) == str(comp["pieces"]), (comp, rows)
    # Self-contained: a picture per component, drawn inline; nothing fetched from elsewhere.
    assert checker.tags.count("svg") >= len(comps)
    assert not re.search(r"""(src|href)=["'](?!#)""", html)


def test_html_svg_ids_are_unique(built: Path) -> None:
    html = (built / "euclidean" / "euclidean-rules.html").read_text(encoding="utf-8")
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert ids and len(ids) == len(set(ids))


def test_changing_a_count_changes_the_rulebook(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    toml = game / "game.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count("count = 4\nface = \"scoring\"") == 1
    text = text.replace("count = 4\nface = \"scoring\"", "count = 7\nface = \"scoring\"")
    # Keep the proof passing: the rulebook's stated count moves with the data.
    text = text.replace('count = 4\nsource = "4 Scoring Cards"', 'count = 7\nsource = "4 Scoring Cards"')
    toml.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    pdf = pdf_text(out / "euclidean" / "euclidean-rules-letter.pdf")
    assert listed(pdf, 7, "Scoring card") and not listed(pdf, 4, "Scoring card")
    assert "83 pieces" in squash(pdf)
    html = (out / "euclidean" / "euclidean-rules.html").read_text(encoding="utf-8")
    assert re.search(r'<td class="right">7</td><td class="left">Scoring card</td>', html)


def _build_with_template(tmp_path: Path, body: str) -> tuple[int, str]:
    game = copy_game("euclidean", tmp_path)
    (game / "rules" / "rulebook.md").write_text(body, encoding="utf-8")
    result = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet")
    return result.returncode, result.stderr


@pytest.mark.parametrize("expr", ["''.__class__.__mro__", "game.__class__", "rules.__init__.__globals__",
                                  "figure.__globals__['__builtins__']"])
def test_template_reaching_into_python_fails_clearly(tmp_path: Path, expr: str) -> None:
    code, err = _build_with_template(tmp_path, '{% extends "base/rulebook.md" %}\n{% block intro %}\n{{ ' + expr + " }}\n{% endblock %}\n")
    assert code == 2, err
    assert "Traceback" not in err
    assert re.search(r"rules/rulebook\.md:3: expected a template that uses only the game's data, found .*unsafe", err), err
    assert not (tmp_path / "out" / "euclidean").exists()


def test_template_errors_name_file_and_line(tmp_path: Path) -> None:
    code, err = _build_with_template(tmp_path, '{% extends "base/rulebook.md" %}\n{% block setup %}\nok\n{{ no_such_fact }}\n{% endblock %}\n')
    assert code == 2 and "Traceback" not in err
    assert re.search(r"rules/rulebook\.md:4: .*'no_such_fact' is undefined", err), err
    code, err = _build_with_template(tmp_path / "b", '{% extends "base/rulebook.md" %}\n{% block setup %}\n{% if %}\n{% endblock %}\n')
    assert code == 2 and "Traceback" not in err
    assert re.search(r"rules/rulebook\.md:3: .*syntax error", err), err


def test_unknown_picture_is_a_data_error(tmp_path: Path) -> None:
    code, err = _build_with_template(tmp_path, '{% extends "base/rulebook.md" %}\n{% block intro %}\n{{ figure("diagram:nope", "x") }}\n{% endblock %}\n')
    assert code == 2 and "Traceback" not in err
    known = ", ".join(sorted(load_game(DATA / "euclidean").data.diagrams))
    assert "triangle" in known and f'expected a diagram of this game ({known}), found "diagram:nope"' in err


def test_diagram_naming_a_missing_piece_is_reported(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    toml = game / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('piece = "line-card-yellow-top-left-60"', 'piece = "line-card-pink-top-left-60"'), encoding="utf-8")
    result = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert 'diagrams.triangle.pieces[2].piece: expected a piece name' in result.stderr
    assert '"line-card-pink-top-left-60"' in result.stderr


def test_game_without_own_rules_gets_the_shared_rulebook(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    for f in sorted((game / "rules").rglob("*"), reverse=True):
        f.unlink() if f.is_file() else f.rmdir()
    (game / "rules").rmdir()
    out = tmp_path / "out"
    result = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(out), "--quiet", "--paper", "a4")
    assert result.returncode == 0, result.stderr
    text = squash(pdf_text(out / "euclidean" / "euclidean-rules-a4.pdf"))
    assert listed(text, 72, "Line card") and "Setup" not in text
    assert not (out / "euclidean" / "euclidean-rules-letter.pdf").exists()


def test_rulebook_bytes_are_reproducible(built: Path) -> None:
    from printkit.build import cut_outlines, draw
    from printkit.load import load_game
    from printkit.rulebook import rulebooks

    game = load_game(DATA / "euclidean")
    kit = draw(game)
    files = rulebooks(game, kit.faces, ["a4"], outlines=cut_outlines(kit))
    assert files["euclidean-rules-a4.pdf"] == (built / "euclidean" / "euclidean-rules-a4.pdf").read_bytes()
    assert files["euclidean-rules.html"] == (built / "euclidean" / "euclidean-rules.html").read_bytes()


def test_compiled_templates_follow_edits_within_one_process(tmp_path: Path) -> None:
    """Templates compiled once per process (shared by every game's environment) are recompiled
    when their source changes: `printkit watch` rebuilds in one process."""
    from printkit.load import load_game
    from printkit.rulebook import COMPILED, rules_markdown

    game_dir = copy_game("euclidean", tmp_path)
    first = rules_markdown(load_game(game_dir), {})
    entry = game_dir / "rules" / "rulebook.md"
    text = entry.read_text()
    assert "Every card carries one coloured line" in text
    entry.write_text(text.replace("Every card carries one coloured line", "Each card shows one line in a colour"))
    second = rules_markdown(load_game(game_dir), {})
    assert "Every card carries one coloured line" in first and "Each card shows" not in first
    assert "Each card shows one line in a colour" in second and "Every card carries" not in second
    assert COMPILED._codes, "nothing was kept"
    other = copy_game("hypergrid", tmp_path)
    kept = len(COMPILED._codes)
    rules_markdown(load_game(other), {})
    assert len(COMPILED._codes) - kept <= 1, "the shared templates were compiled again for another game"


def test_euclidean_diagrams_show_the_printed_faces() -> None:
    from printkit.build import draw
    from printkit.drawing import Use
    from printkit.load import load_game
    from printkit.rulebook.diagrams import compose

    game = load_game(DATA / "euclidean")
    faces = draw(game).faces
    tri = compose(game, faces, "triangle", game.data.diagrams["triangle"])
    assert set(tri.defs) == {"line-card-yellow-bottom-180", "line-card-yellow-top-right-60", "line-card-yellow-top-left-60"}
    assert all(tri.defs[k] is faces[k] for k in tri.defs)  # the very faces that are printed
    # Bricks: 63 + 63 wide, 88 + 88 tall, plus 1 mm padding on each side.
    assert (tri.width, tri.height) == pytest.approx((128.0, 178.0))
    pos = compose(game, faces, "line-positions", game.data.diagrams["line-positions"])

    def refs(nodes) -> list[str]:  # type: ignore[no-untyped-def]
        out = []
        for n in nodes:
            if isinstance(n, Use):
                out.append(n.ref)
            elif hasattr(n, "children"):
                out += refs(n.children)
        return out

    shown = refs(pos.children)
    assert len(shown) == 8 == len(game.data.sets["position"])
    assert {r.split("line-card-blue-")[1] for r in shown} == {p["name"] for p in game.data.sets["position"]}
    # Labels name each piece's own values ("{position.label}"), so they cannot drift from the cards.
    from printkit.drawing import Text
    labels = [n.text for g in pos.children for n in g.children if isinstance(n, Text)]  # type: ignore[union-attr]
    assert labels == [p["label"] for p in game.data.sets["position"]]


def test_every_rulebook_template_compiles() -> None:
    """The rules of games whose data has not landed yet must at least be valid templates."""
    from jinja2 import FileSystemLoader

    from printkit.rulebook import TEMPLATES, RulebookSandbox
    from printkit.rulebook.filters import register

    files = [(TEMPLATES, p) for p in TEMPLATES.rglob("*.md")] + [(TEMPLATES, TEMPLATES / "page.html")]
    files += [(p.parent, p) for p in DATA.glob("*/rules/**/*.md")]
    games_with_rules = {p.relative_to(DATA).parts[0] for _, p in files if DATA in p.parents}
    assert {"euclidean", "hypergrid", "pythagoras", "equilibrix", "shape-cards"} <= games_with_rules
    for root, path in files:
        env = register(RulebookSandbox(loader=FileSystemLoader(str(root))))
        env.parse(path.read_text(encoding="utf-8"), name=path.name, filename=str(path))


@pytest.mark.parametrize("expr", ["'x' * 1000000000", "[1] * 10 ** 9", "9 ** 9 ** 9"])
def test_templates_cannot_exhaust_memory(expr: str) -> None:
    from jinja2.exceptions import SecurityError

    from printkit.rulebook import RulebookSandbox

    with pytest.raises(SecurityError):
        RulebookSandbox().from_string("{{ " + expr + " }}").render()


def test_component_pictures_are_the_printed_faces(built: Path) -> None:
    """The thumbnails are the kit's own faces: their printed text shows up in both rulebooks."""
    first_page = PdfReader(built / "euclidean" / "euclidean-rules-a4.pdf").pages[0].extract_text() or ""
    html = (built / "euclidean" / "euclidean-rules.html").read_text(encoding="utf-8")
    for face_text in ("Scoring a shape", "Colour wheel"):
        assert face_text in first_page
        assert re.search(rf"<text[^>]*>{face_text}</text>", html)


@pytest.mark.parametrize("value", ["Scoring *card* | no. 1", "[x](http://e.vil) <b>", "# 1. - + _a_ `c` \\ ~!"])
def test_md_filter_prints_data_literally(value: str) -> None:
    from printkit.rulebook.filters import md
    from printkit.rulebook.markdown import parse

    assert parse(md(value)).text() == value
    table = parse(f"| a | b |\n|---|---|\n| {md(value)} | 2 |\n")
    assert table.text().splitlines()[-1] == f"{value} | 2"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_diagram_shows_printed_faces(game_id: str) -> None:
    from printkit.build import draw
    from printkit.load import load_game
    from printkit.rulebook.diagrams import compose

    game = load_game(DATA / game_id)
    faces = draw(game).faces
    for name, diagram in game.data.diagrams.items():
        drawing = compose(game, faces, name, diagram)
        if diagram.pieces:
            assert drawing.defs and all(drawing.defs[k] is faces[k] for k in drawing.defs), name
        else:  # a drawing of layout elements only (e.g. a side view no printed face shows)
            assert diagram.elements and not drawing.defs, name
        assert drawing.width > 0 and drawing.height > 0


def test_shape_card_diagram_shows_every_shape_once() -> None:
    from printkit.load import load_game

    if "shape-cards" not in GAMES:
        pytest.skip("no shape-card game in data/")
    game = load_game(DATA / "shape-cards")
    shown = [p.piece for p in game.data.diagrams["shape-cards"].pieces]
    assert sorted(shown) == sorted(f"shape-card-{v.key}" for v in game.variants["shape-card"])


def test_a_game_can_replace_one_shared_part(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    (game / "rules" / "parts").mkdir()
    part = game / "rules" / "parts" / "components.md"
    part.write_text("{% for c in components %}\n- {{ c.name }}: {{ c.count }} in the box\n{% endfor %}\n", encoding="utf-8")
    out = tmp_path / "out"
    ok = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(out), "--quiet", "--paper", "a4")
    assert ok.returncode == 0, ok.stderr
    text = squash(pdf_text(out / "euclidean" / "euclidean-rules-a4.pdf"))
    assert "Line card: 72 in the box" in text and "Printed size" not in text
    part.write_text("fine\n{{ components.no_such_key }}\n", encoding="utf-8")
    bad = run_cli("build", "euclidean", "--data", str(tmp_path / "data"), "--out", str(out), "--quiet", "--paper", "a4")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert re.search(r"rules/parts/components\.md:2: .*no_such_key", bad.stderr), bad.stderr


def test_a_regular_install_ships_every_shared_template() -> None:
    """pyproject.toml copies templates/ into <prefix>/share/printkit/templates for a non-editable
    install (where printkit.rulebook finds it); a template added to the folder must be listed."""
    import tomllib

    root = DATA.parent
    data_files = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    shipped = {f"{Path(dest).relative_to('share/printkit')}/{Path(src).name}"
               for dest, sources in data_files.items() for src in sources}
    present = {p.relative_to(root).as_posix() for p in (root / "templates").rglob("*") if p.is_file()}
    assert shipped == present


# --- headings stay with what follows them (issue 27) ------------------------------------------------


def _last_lines(pdf: pdfium.PdfDocument) -> list[str]:
    """The last line of text above the footer on every page but the last."""
    out = []
    for n in range(len(pdf) - 1):
        lines = [line.strip() for line in pdf[n].get_textpage().get_text_range().splitlines()
                 if line.strip() and "\u2014 page " not in line]  # not the footer
        out.append(lines[-1] if lines else "")
    return out


def test_no_table_column_is_narrower_than_its_longest_word() -> None:
    """A column of small numbers under a "Count" header, beside wide columns of text: the table is squeezed
    to the page, but no column below its longest word (the header was set as "Cou" over "nt")."""
    from printkit.render.rulebook import rulebook_pdf
    from printkit.rulebook.markdown import parse

    long = "a piece with a long description that wraps onto several lines of the cell " * 2
    rows = "\n".join(f"| {n} | {long} | {long} |" for n in (1, 60, 4))
    md = f"# Title\n\n| Count | Component | Notes |\n|---|---|---|\n{rows}\n"
    text = PdfReader(io.BytesIO(rulebook_pdf(parse(md), lambda _src: None, (210, 297), "T"))).pages[0].extract_text()
    assert re.search(r"\bCount\b", text), text[:200]
    assert "Notes" in text and "Component" in text


def test_a_column_is_widened_to_its_longest_word_from_the_page_or_from_its_neighbours() -> None:
    from printkit.render.rulebook import _at_least

    assert _at_least([40, 100, 60], [30, 50, 20], 300) == [40, 100, 60]  # every word fits: as it was
    assert _at_least([20, 100, 60], [30, 50, 20], 300) == [30, 100, 60]  # the page has room: only it grows
    squeezed = _at_least([20, 100, 60], [30, 50, 20], 180)  # no room: the others give what they can spare
    assert sum(squeezed) == pytest.approx(180) and squeezed[0] == pytest.approx(30)
    assert squeezed[1] >= 50 and squeezed[2] >= 20 and squeezed[1] < 100 and squeezed[2] < 60
    tight = _at_least([20, 52, 22], [30, 50, 20], 94)  # not enough to spare: as near as the others allow
    assert tight == [pytest.approx(24), pytest.approx(50), pytest.approx(20)]


def test_a_heading_never_ends_a_page() -> None:
    """Sections of every length: wherever a heading falls, it is followed on its page by text, or moves on."""
    from printkit.render.rulebook import rulebook_pdf
    from printkit.rulebook.markdown import parse

    words = "The cards are laid side by side so that their lines close a polygon and score."
    parts = []
    for n in range(1, 40):
        parts.append(f"## Heading {n}\n\n" + " ".join([words] * (n % 7 + 1)) + "\n")
        parts.append(f"### Sub {n}\n\nSet up:\n\n" + "\n".join(f"- step {i} of the list" for i in range(n % 5 + 1)) + "\n")
    pdf = pdfium.PdfDocument(rulebook_pdf(parse("# Title\n\n" + "\n".join(parts)), lambda _src: None, (210, 297), "T"))
    ends = _last_lines(pdf)
    assert len(ends) > 5
    assert not [e for e in ends if re.fullmatch(r"(Heading|Sub) \d+", e)], ends


@pytest.mark.parametrize("game", GAMES)
def test_no_rulebook_page_ends_with_a_heading(built: Path, game: str) -> None:
    """The five rulebooks on both papers: no page's last line is one of the book's headings."""
    html = (built / game / f"{game}-rules.html").read_text()
    headings = {re.sub(r"<[^>]+>|\s+", " ", h).strip() for h in re.findall(r"<h[23][^>]*>(.*?)</h[23]>", html, re.S)}
    assert headings
    for paper in ("a4", "letter"):
        ends = _last_lines(pdfium.PdfDocument(built / game / f"{game}-rules-{paper}.pdf"))
        assert not [e for e in ends if e in headings], (paper, ends)


def test_component_table_counts_designs_and_gives_every_size(built: Path) -> None:
    """Issue 27: 60 pyramids are 12 designs (5 identical trios), each of the 3 built sizes is given; pieces in
    several sizes give the largest, as such."""
    pyth = squash(pdf_text(built / "pythagoras" / "pythagoras-rules-a4.pdf"))
    assert "60 Pyramid (12 different designs)" in pyth and "60 different" not in pyth
    assert re.search(r"25 × 18 × 18, 35 × 22 × 22, 44 × 25 × 25 mm, ?built", pyth)
    equi = squash(pdf_text(built / "equilibrix" / "equilibrix-rules-a4.pdf"))
    assert "up to 44 mm × 57.2 mm" in equi


def test_a_picture_column_is_as_wide_as_its_header_word(built_test_games: Path) -> None:
    """The components table's picture column holds a small card picture and the header "Picture": the
    column takes the wider of the two, so the header is not broken inside the word ("Pictur" / "e")."""
    import pypdf

    text = pypdf.PdfReader(built_test_games / "spells" / "spells-rules-a4.pdf").pages[0].extract_text()
    cells = [line.strip() for line in text.splitlines()]
    assert cells[cells.index("Count"):][:4] == ["Count", "Component", "Picture", "Size"], text


def test_a_rulebook_paragraph_breaks_its_lines_once_per_width(monkeypatch: pytest.MonkeyPatch) -> None:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from printkit.render.rulebook import _Paragraph

    text = "Each player draws two cards, then plays one of them face up; " * 6
    style = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=12)
    broken: list[float] = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: broken.append(widths[0]) or real(self, widths))
    para = _Paragraph(text, style)
    sizes = [para.wrap(w, 500) for w in (300.0, 180.0, 300.0, 180.0)]
    assert broken == [300.0, 180.0], "the lines were broken again at a width already broken"
    assert sizes[0] == sizes[2] and sizes[1] == sizes[3] and sizes[0][1] < sizes[1][1]
    fresh = Paragraph(text, style)
    fresh.wrap(180.0, 500)  # the state the drawing reads is that of the last width, as a fresh wrap leaves it
    assert (para.width, para.height, para._wrapWidths) == (fresh.width, fresh.height, fresh._wrapWidths)
    assert para.blPara.lines == fresh.blPara.lines
    assert para.wrap(0.0, 500) == fresh.wrap(0.0, 500) and para.width == 180.0  # no room: nothing kept
