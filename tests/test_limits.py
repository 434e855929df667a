"""Every list, map and count has a bound in every form it can take, checked before the work it bounds:
each passing is one error line naming the key and the limit (exit 2). The limits are in one table
of docs/format.md, generated from the constants the checks use."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printkit import cli
from printkit.elements.hexgrid import MAX_CELLS
from printkit.errors import DataError
from printkit.layout import MAX_PER_PAGE
from printkit.load import MAX_ENTRIES
from printkit.papers import MAX_PAPERS
from printkit.render.raster import MAX_PIXELS, iter_images

HEAD = '[game]\ntitle = "Limits"\n\n'
BOARD = '\n[[components]]\nid = "board"\nkind = "board"\nwidth = 100\nheight = 100\nface = "b"\n'


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], toml: str) -> list[str]:
    game = tmp_path / "data" / "g"
    game.mkdir(parents=True, exist_ok=True)
    (game / "game.toml").write_text(toml)
    code = cli.main(["build", str(game), "--out", str(tmp_path / "out"), "--quiet"])
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and err and all(line.startswith("error: ") for line in err), err
    assert not (tmp_path / "out" / "g").exists()  # refused before anything was written
    return err


@pytest.mark.parametrize("form", ["listed", "from a set"])
def test_a_hex_map_listed_cell_by_cell_is_bounded(form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cells = " ".join(f"{q},{r}" for q in range(MAX_CELLS // 50 + 1) for r in range(50))
    assert len(cells.split()) > MAX_CELLS
    value = f'"{cells}"' if form == "listed" else '"{map.cells}"'
    sets = f'[sets]\nmap = [{{ name = "m", cells = "{cells}" }}]\n\n' if form == "from a set" else ""
    layout = f'[layouts.b]\nelements = [{{ type = "hexgrid", map = "cells", size = 1, coords = "axial", cells = {value} }}]\n'
    vary = 'vary = ["map"]\n' if form == "from a set" else ""
    err = refused(tmp_path, capsys, HEAD + sets + layout + BOARD + vary)
    assert len(err) == 1 and f"at most {MAX_CELLS} cells" in err[0] and "cells" in err[0], err


@pytest.mark.parametrize(("where", "toml"), [
    ("layouts.b.elements[0].points",
     '[layouts.b]\nelements = [{ type = "polygon", points = [' + ", ".join(["[1, 2]"] * (MAX_ENTRIES + 1)) + "] }]\n"),
    ("palette", "[palette]\n" + "".join(f'c{i} = "#000000"\n' for i in range(MAX_ENTRIES + 1)) + "[layouts.b]\n"),
    ("sets.s", "[sets]\ns = [" + ", ".join(f'{{ name = "n{i}" }}' for i in range(MAX_ENTRIES + 1)) + "]\n[layouts.b]\n"),
])
def test_any_array_or_table_of_the_file_is_bounded(where: str, toml: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(tmp_path, capsys, HEAD + toml + BOARD)
    assert len(err) == 1 and f" {where}: expected at most {MAX_ENTRIES:,} entries" in err[0], err


def test_papers_per_build_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    papers = ", ".join(f'"{100 + i}x{100 + i}mm"' for i in range(MAX_PAPERS + 1))
    err = refused(tmp_path, capsys, HEAD + f"[print]\npapers = [{papers}]\n\n[layouts.b]\n" + BOARD)
    assert len(err) == 1 and "print.papers" in err[0] and f"at most {MAX_PAPERS} papers" in err[0], err


def test_tiny_pieces_sharing_a_page_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml = HEAD + (f'[print]\npapers = ["a4"]\n\n[boxes]\nlid_box = false\n\n[layouts.chip]\n\n[[components]]\nid = "tile"\n'
                   f'kind = "token"\nshape = "hexagon"\nsize = 0.5\nbleed = 0\ncount = {MAX_PER_PAGE + 1}\n'
                   'face = "chip"\ntessellate = true\n')
    err = refused(tmp_path, capsys, toml)
    assert len(err) == 1 and "components.tile.size" in err[0] and f"at most {MAX_PER_PAGE} share a page" in err[0], err


def test_a_picture_is_bounded_before_its_pixels_are_allocated() -> None:
    doc = pdfium.PdfDocument.new()
    doc.new_page(2000 / 25.4 * 72, 2000 / 25.4 * 72)  # a 2 m board on one page
    buf = io.BytesIO()
    doc.save(buf)
    pictures = iter_images(buf.getvalue(), 300, "board.pdf", "; try a lower --dpi")
    with pytest.raises(DataError) as err:
        next(pictures)
    (problem,) = err.value.problems
    assert problem.file == "board.pdf" and f"{MAX_PIXELS // 1_000_000} million pixels" in problem.expected
    assert "23623 x 23623" in problem.found
    assert next(iter_images(buf.getvalue(), 10, "board.pdf")).size == (788, 788)  # a small picture of it is made


def test_the_docs_list_every_limit() -> None:
    from printkit.limits import markdown

    text = "\n".join(markdown())
    for value in (f"{MAX_CELLS:,}", f"{MAX_ENTRIES:,}", f"{MAX_PER_PAGE:,}", f"{MAX_PIXELS // 1_000_000} million",
                  f"{MAX_PAPERS} papers"):
        assert value in text
    assert text in (Path(__file__).resolve().parents[1] / "docs" / "format.md").read_text()


def test_long_texts_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from printkit.elements.text import MAX_CHARS
    from printkit.load import MAX_STRING

    face = '[layouts.b]\nelements = [{{ type = "text", text = "{}" }}]\n'
    err = refused(tmp_path / "a", capsys, HEAD + face.format("w " * MAX_STRING) + BOARD)
    assert len(err) == 1 and f"layouts.b.elements[0].text: expected a text of at most {MAX_STRING:,}" in err[0]
    err = refused(tmp_path / "b", capsys, HEAD + face.format("w" * (MAX_CHARS + 1)) + BOARD)
    assert len(err) == 1 and f"expected a text of at most {MAX_CHARS:,} characters, found {MAX_CHARS + 1}" in err[0]


def test_a_hex_map_table_is_read_no_further_than_its_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A table of a million rows is refused after reading one row more than a map may have."""
    game = tmp_path / "data" / "g"
    game.mkdir(parents=True)
    (game / "map.csv").write_text("cell\n" + "0,0\n" * 1_000_000)
    layout = '[layouts.b]\nelements = [{ type = "hexgrid", map = "hexagon", radius = 1, size = 5, table = "map.csv" }]\n'
    err = refused(tmp_path, capsys, HEAD + layout + BOARD)
    assert len(err) == 1 and f"table: expected at most {MAX_CELLS} rows" in err[0], err
    assert f"more than {MAX_CELLS} rows" in err[0]
