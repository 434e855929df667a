"""Spreadsheet tables (.xlsx, .ods) beside CSV, the quantity column's name, a layout and a back
chosen per row, and errors about table values reported at the table's file, row and column."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from printkit.build import draw
from printkit.errors import DataError
from printkit.load import load_game
from printkit.tables import cell_name, column_letter

GAMES = ROOT / "tests" / "games"

TOML = """\
[game]
title = "Sheet"

[layouts.hero]
elements = [{{ type = "text", text = "{{row.name}}" }}]
[layouts.villain]
elements = [{{ type = "text", text = "{{row.name}}!" }}]
[layouts.hero-back]
background = "#112233"
[layouts.villain-back]
background = "#332211"

[[components]]
id = "cards"
kind = "card"
size = "poker"
table = {table}
face = "{face}"
back = "{back}"
"""


def game(tmp_path: Path, table: str, face: str = "{row.side}", back: str = "{row.side}-back") -> Path:
    folder = tmp_path / "sheet"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(TOML.format(table=table, face=face, back=back))
    return folder


def xlsx(path: Path, sheets: dict[str, list[list[object]]]) -> None:
    book = Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        ws = book.create_sheet(name)
        for row in rows:
            ws.append(row)
    book.save(path)


def ods(path: Path, rows: list[list[str]]) -> None:
    """A minimal OpenDocument spreadsheet, as LibreOffice saves one (one sheet, text cells)."""
    def cell(v: str) -> str:
        if v.isdigit():
            return f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p></table:table-cell>'
        return f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'
    body = "".join("<table:table-row>" + "".join(cell(v) for v in row) + "</table:table-row>" for row in rows)
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name="Cards">{body}</table:table>'
               '</office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", content)
        zf.writestr("META-INF/manifest.xml", manifest)


def problems(folder: Path) -> list[str]:
    with pytest.raises(DataError) as err:
        load_game(folder)
    return [str(p) for p in err.value.problems]


ROWS = [["name", "side", "copies"], ["Ann", "hero", 2], ["Bob", "villain", 3]]


def test_the_bestiary_reads_its_deck_sheet_by_name_with_copies() -> None:
    loaded = load_game(GAMES / "bestiary")
    variants = loaded.variants["deck"]
    assert [v.key for v in variants] == ["grey-wolf", "cave-dragon", "fireball", "frost-nova", "mending-light"]
    assert [v.copies for v in variants] == [3, 1, 2, 2, 2]
    assert variants[0].values["row"]["cost"] == "2"  # a number cell reads as a CSV export would hold it
    assert variants[2].values["row"]["attack"] == ""  # an empty cell is empty text
    assert variants[1].row == (GAMES / "bestiary" / "cards.xlsx", 3) and variants[1].sheet == "Deck"


def test_a_layout_and_a_back_per_row_and_each_distinct_back_named_after_its_layout(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.xlsx", quantity = "copies" }')
    xlsx(folder / "cards.xlsx", {"Cards": ROWS})
    kit = draw(load_game(folder))
    items = [i for items in kit.groups.values() for i in items]
    assert [(i.piece, i.back_ref) for i in items] == [("cards-ann", "cards-hero-back")] * 2 + \
        [("cards-bob", "cards-villain-back")] * 3
    texts = {ref: [n.text for n in kit.faces[ref].children if hasattr(n, "text")] for ref in ("cards-ann", "cards-bob")}
    assert texts == {"cards-ann": ["Ann"], "cards-bob": ["Bob!"]}  # each row's own layout


def test_an_unknown_layout_in_a_row_is_reported_at_its_cell_with_a_did_you_mean(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.xlsx", sheet = "Cards", quantity = "copies" }')
    xlsx(folder / "cards.xlsx", {"Cards": [*ROWS, ["Cy", "vilain", 1]]})
    found = problems(folder)
    assert len(found) == 2  # face and back, each once
    assert found[0].endswith('cards.xlsx: Cards!B4 (side): expected a layout defined under [layouts] (hero, hero-back, '
                             'villain, villain-back), found "vilain" (did you mean "villain"?), used by components.cards.face')
    assert '"vilain-back" (did you mean "villain-back"?), used by components.cards.back' in found[1]


def test_a_wrong_sheet_name_gets_the_sheets_and_a_did_you_mean(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.xlsx", sheet = "card" }')
    xlsx(folder / "cards.xlsx", {"Notes": [["x"]], "Cards": ROWS})
    (found,) = problems(folder)
    assert found.endswith('game.toml:17: components.cards.table.sheet: expected a sheet of cards.xlsx ("Notes", "Cards"), '
                          'found "card" (did you mean "Cards"?)')


@pytest.mark.parametrize(("quantity", "column"), [("copies", "copies"), ("COPIES", "COPIES"), ("count", "count")])
def test_the_quantity_column_is_named_per_table_in_csv_too(tmp_path: Path, quantity: str, column: str) -> None:
    folder = game(tmp_path, f'{{ file = "cards.csv", quantity = "{quantity}" }}')
    (folder / "cards.csv").write_text(f"name,side,{column}\nAnn,hero,2\nBob,villain,3\n")
    assert [v.copies for v in load_game(folder).variants["cards"]] == [2, 3]


def test_a_quantity_column_that_is_not_there_gets_a_did_you_mean(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.csv", quantity = "copies" }')
    (folder / "cards.csv").write_text("name,side,Copies\nAnn,hero,2\n")
    (found,) = problems(folder)
    assert 'components.cards.table.quantity: expected a column of cards.csv (name, side, Copies), found "copies" ' \
           '(did you mean "Copies"?)' in found


def test_a_bad_count_in_a_spreadsheet_is_named_as_the_spreadsheet_names_the_cell(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.xlsx", quantity = "copies" }')
    xlsx(folder / "cards.xlsx", {"My cards": [*ROWS, ["Cy", "hero", 2.5]]})
    (found,) = problems(folder)
    assert found.endswith("cards.xlsx: 'My cards'!C4 (copies): expected a whole number from 1 to 100000, found \"2.5\"")


def test_a_sheet_is_read_from_its_header_row_down_with_gaps_skipped(tmp_path: Path) -> None:
    folder = game(tmp_path, '"cards.xlsx"', face="hero", back="hero-back")
    xlsx(folder / "cards.xlsx", {"Cards": [[], ["name", "side"], ["Ann", "hero"], [], ["Bob", "hero"]]})
    variants = load_game(folder).variants["cards"]
    assert [(v.key, v.row[1] if v.row else None) for v in variants] == [("ann", 3), ("bob", 5)]


def test_a_cell_under_no_header_is_refused(tmp_path: Path) -> None:
    folder = game(tmp_path, '"cards.xlsx"')
    xlsx(folder / "cards.xlsx", {"Cards": [["name", "side"], ["Ann", "hero", "stray"]]})
    (found,) = problems(folder)
    assert 'Cards!C2: expected cells only under the 2 named columns, found "stray" under no header' in found


def test_an_ods_table_reads_like_a_csv(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.ods", quantity = "copies" }')
    ods(folder / "cards.ods", [["name", "side", "copies"], ["Ann", "hero", "2"], ["Bob", "villain", "1"]])
    variants = load_game(folder).variants["cards"]
    assert [(v.key, v.copies, v.values["row"]["side"]) for v in variants] == [("ann", 2, "hero"), ("bob", 1, "villain")]


def test_a_spreadsheet_that_is_not_one_is_a_data_error(tmp_path: Path) -> None:
    folder = game(tmp_path, '"cards.xlsx"')
    (folder / "cards.xlsx").write_bytes(b"name,side\nAnn,hero\n")
    (found,) = problems(folder)
    assert "cards.xlsx: expected a spreadsheet printkit can read (.xlsx, .ods, .xls), found \"cards.xlsx\"" in found


def test_a_zip_bomb_is_refused_before_it_is_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.tables

    monkeypatch.setattr(printkit.tables, "MAX_UNPACKED_BYTES", 1000)
    folder = game(tmp_path, '"cards.xlsx"')
    xlsx(folder / "cards.xlsx", {"Cards": [["name", "side"], *[["A" * 50, "hero"]] * 100]})
    (found,) = problems(folder)
    assert "expected a spreadsheet that unpacks to at most 0 MB" in found


def test_a_csv_table_has_no_sheet(tmp_path: Path) -> None:
    folder = game(tmp_path, '{ file = "cards.csv", sheet = "Cards" }')
    (folder / "cards.csv").write_text("name,side\nAnn,hero\n")
    (found,) = problems(folder)
    assert "components.cards.table.sheet: expected no sheet for a CSV table" in found


def test_a_board_takes_no_template_for_its_face(tmp_path: Path) -> None:
    folder = tmp_path / "b"
    folder.mkdir()
    (folder / "game.toml").write_text('[game]\ntitle = "B"\n[layouts.x]\n[[components]]\nid = "b"\nkind = "board"\n'
                                      'width = 100\nheight = 100\nface = "{row.x}"\n')
    (found,) = problems(folder)
    assert "components.b.face: expected a layout name (a board has one face: no template)" in found


@pytest.mark.parametrize(("index", "letters"), [(0, "A"), (25, "Z"), (26, "AA"), (701, "ZZ"), (702, "AAA")])
def test_column_letters(index: int, letters: str) -> None:
    assert column_letter(index) == letters
    assert cell_name("Deck", index, 7, "art") == f"Deck!{letters}7 (art)"


def test_the_bestiary_kit_shows_both_backs_to_the_proof_the_print_shop_and_tts(built_test_games: Path) -> None:
    out = built_test_games / "bestiary"
    order = (out / "print-shop" / "order.csv").read_text()
    assert "backs/deck-creature-back.pdf,deck,deck-creature-back,63 x 88,3,4,1" in order
    assert "backs/deck-spell-back.pdf,deck,deck-spell-back,63 x 88,3,6,1" in order
    deck = json.loads((out / "tts" / "bestiary-deck.json").read_text())
    assert '"UniqueBack": true' in json.dumps(deck)
    proof = json.loads((out / "proof.json").read_text())
    (backs,) = [c for c in proof["passed"] if c["type"] == "backs"]
    assert backs["found"] == "2 backs" and "deck-creature-back: 2 designs, deck-spell-back: 3 designs" in backs["detail"]
    assert sorted(p.name for p in (out / "svg").glob("*back.svg")) == ["deck-creature-back.svg", "deck-spell-back.svg"]


def test_copying_the_bestiary_keeps_it_loadable(tmp_path: Path) -> None:
    shutil.copytree(GAMES / "bestiary", tmp_path / "bestiary")
    assert load_game(tmp_path / "bestiary").pieces(load_game(tmp_path / "bestiary").components[0]) == 10


def test_a_bad_length_built_from_a_csv_cell_is_reported_at_that_cell(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.toml").write_text(
        '[game]\ntitle = "G"\n[layouts.face]\nelements = [{ type = "text", text = "{row.name}", x = "{row.left}mm" }]\n'
        '[[components]]\nid = "c"\nkind = "card"\nsize = "poker"\ntable = "cards.csv"\nface = "face"\n')
    (folder / "cards.csv").write_text("name,left\nAnn,4\nBob,four\n")
    with pytest.raises(DataError) as err:
        draw(load_game(folder))
    (problem,) = err.value.problems
    assert problem.file.endswith("cards.csv") and problem.line == 3 and problem.path == "left"
    assert problem.found.startswith('"fourmm"') and problem.found.endswith("used by layouts.face.elements[0].x")


def test_a_hexgrid_reads_its_cell_table_from_a_spreadsheet_as_from_csv(tmp_path: Path) -> None:
    folder = tmp_path / "hex"
    folder.mkdir()
    toml = ('[game]\ntitle = "Hex"\n[layouts.map]\nelements = [{ type = "hexgrid", cols = 3, rows = 2, size = 10, '
            'fill = "{cell.fill}", table = "TABLE" }]\n[[components]]\nid = "map"\nkind = "board"\nwidth = 60\n'
            'height = 40\nface = "map"\n')
    rows = [["cell", "fill"], ["0,0", "#f4c7c3"], ["2,1", "#c3e0f4"]]
    (folder / "map.csv").write_text("\n".join(",".join(f'"{c}"' for c in row) for row in rows) + "\n")
    xlsx(folder / "map.xlsx", {"Map": rows})
    faces = []
    for table in ("map.csv", "map.xlsx"):
        (folder / "game.toml").write_text(toml.replace("TABLE", table))
        faces.append(repr(draw(load_game(folder)).faces["map"].children))
    assert faces[0] == faces[1] and "#f4c7c3" in faces[1] and "#c3e0f4" in faces[1]


_CELL = st.one_of(
    st.integers(min_value=-10**6, max_value=10**6),
    st.floats(min_value=-1e6, max_value=1e6).map(lambda f: round(f, 3)),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")), max_size=12)
    .filter(lambda t: not t.startswith("=")),  # "=..." would be a formula
)


@settings(max_examples=25)
@given(st.lists(st.lists(_CELL, min_size=2, max_size=2), min_size=1, max_size=6))
def test_a_spreadsheet_reads_as_the_same_rows_as_its_csv_export(tmp_path_factory: pytest.TempPathFactory,
                                                                rows: list[list[object]]) -> None:
    import csv
    import io

    folder = tmp_path_factory.mktemp("prop") / "sheet"
    folder.mkdir()
    def exported(v: object) -> object:  # as a spreadsheet exports a number: 3.0 shows as 3
        return int(v) if isinstance(v, float) and v.is_integer() else v

    text = io.StringIO()
    csv.writer(text).writerows([["name", "note"], *([exported(v) for v in row] for row in rows)])
    (folder / "cards.csv").write_text(text.getvalue())
    xlsx(folder / "cards.xlsx", {"Cards": [["name", "note"], *rows]})
    found = []
    for table in ('"cards.csv"', '"cards.xlsx"'):
        (folder / "game.toml").write_text(TOML.format(table=table, face="hero", back="hero-back"))
        found.append([(v.key, v.values["row"]) for v in load_game(folder).variants["cards"]])
    assert found[0] == found[1]
    assert [row["note"] for _, row in found[1]] == [str(exported(r[1])) for r in rows]


# --- the separator of a CSV table ----------------------------------------------------------------

SEPARATED = {
    "commas": ("name,cost,kind\n", ","),
    "semicolons": ("name;cost;kind\n", ";"),
    "tabs": ("name\tcost\tkind\n", "\t"),
    "one column": ("name\n", ","),
    "semicolons, commas inside a quoted header cell": ('name;"cost, in gold, or silver";kind\n', ";"),
    "commas, semicolons inside a quoted header cell": ('name,"cost; gold; silver",kind\n', ","),
    "tabs, commas inside a quoted header cell": ('name\t"a, b, c"\tkind\n', "\t"),
    "separators in the rows do not count": ("name,cost\nx;y;z;w;v,1\n", ","),
}


@pytest.mark.parametrize("case", list(SEPARATED))
def test_the_separator_is_the_headers_most_common_outside_quotes(case: str) -> None:
    from printkit.reading import separator

    text, expected = SEPARATED[case]
    assert separator(text) == expected


def test_a_semicolon_table_with_commas_in_a_quoted_header_cell_reads_its_columns(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text(
        '[game]\ntitle = "G"\n[layouts.face]\nelements = [{ type = "text", text = "{row.name}" }]\n'
        '[[components]]\nid = "c"\nkind = "card"\nsize = "poker"\ntable = "cards.csv"\nface = "face"\n')
    (tmp_path / "cards.csv").write_text('name;"cost, in gold, or silver";quantity\nAnn;3,5;2\nBob;4;1\n')
    game = load_game(tmp_path)
    rows = [v.values["row"] for v in game.variants["c"]]
    assert [r["cost, in gold, or silver"] for r in rows] == ["3,5", "4"]
    assert [r["name"] for r in rows] == ["Ann", "Bob"] and game.pieces(game.components[0]) == 3
