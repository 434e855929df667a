"""Spreadsheet tables (``printkit/tables.py``): the cases the mutation run (issue 28, target
``tables``) found untested. In-process: workbooks are written with openpyxl in memory and read
back with ``read_sheet``; the zip limit is met with a container whose sizes the test writes.

Expectations come from the sheet as the test wrote it (row numbers as a spreadsheet numbers them,
column letters as every spreadsheet program names them), or from python-calamine itself where it
is the library that decides (its message for a file it cannot read, its sheet dimensions).
"""

from __future__ import annotations

import datetime as dt
import io
import struct
import zipfile

import pytest
import python_calamine
from openpyxl import Workbook

from printkit import tables
from printkit.errors import DataError, Problem
from printkit.model import TableSource
from printkit.tables import Sheet, cell_name, column_letter, read_sheet, table_file


def workbook(sheets: dict[str, dict[str, object]]) -> bytes:
    """An .xlsx whose sheets hold the given cells (``{"A1": "name", ...}``)."""
    book = Workbook()
    book.remove(book.active)
    for name, cells in sheets.items():
        ws = book.create_sheet(name)
        for ref, value in cells.items():
            ws[ref] = value
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def rows_sheet(rows: list[list[object]], name: str = "Deck") -> bytes:
    return workbook({name: {f"{'ABCDEFGH'[c]}{r + 1}": v for r, row in enumerate(rows)
                            for c, v in enumerate(row) if v is not None}})


def refused(data: bytes, sheet: str | None = None, max_rows: int = 100, rel: str = "t.xlsx",
            named_by: tuple[str, str] = ("", "")) -> Problem:
    with pytest.raises(DataError) as err:
        read_sheet(data, rel, "/g/t.xlsx", sheet, max_rows, named_by)
    (problem,) = err.value.problems
    return problem


@pytest.mark.parametrize("index, letters", [
    (0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA"), (701, "ZZ"), (702, "AAA"),
    (16383, "XFD"),   # the last column of a worksheet
])
def test_column_letters_as_spreadsheets_name_them(index: int, letters: str) -> None:
    assert column_letter(index) == letters


@pytest.mark.parametrize("sheet, column, row, label, name", [
    ("Creatures", 2, 7, "copies", "Creatures!C7 (copies)"),
    ("Deck_2", 0, 1, None, "Deck_2!A1"),
    ("My cards", 27, 3, None, "'My cards'!AB3"),
    ("It's", 1, 2, "", "'It''s'!B2"),
])
def test_a_cell_is_named_as_a_spreadsheet_names_it(sheet: str, column: int, row: int, label: str | None,
                                                   name: str) -> None:
    assert cell_name(sheet, column, row, label) == name


def test_a_sheet_reads_as_rows_numbered_from_1_padded_to_the_header() -> None:
    data = rows_sheet([["name", "side", "copies"], ["Ann", "hero", 2], [], ["Bob", None, 3]])
    sheet = read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 100)
    assert sheet == Sheet("Deck", ["name", "side", "copies"], [(2, ["Ann", "hero", "2"]), (4, ["Bob", "", "3"])])


def test_a_sheet_below_and_right_of_a1_keeps_its_row_numbers() -> None:
    data = workbook({"Deck": {"A3": "name", "B3": "cost", "A5": "Ann", "B5": 1}})
    sheet = read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 100)
    assert (sheet.header, sheet.rows) == (["name", "cost"], [(5, ["Ann", "1"])])


def test_blank_header_cells_at_the_right_end_are_dropped_others_kept() -> None:
    # One blank at the end of the header (a cell further right holds only a space).
    data = workbook({"Deck": {"A1": "name", "C1": "side", "A2": "Ann", "C2": "x", "D2": " "}})
    sheet = read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 100)
    assert (sheet.header, sheet.rows) == (["name", "", "side"], [(2, ["Ann", "", "x"])])
    # Two blanks at the end.
    data = workbook({"Deck": {"A1": "name", "B1": "side", "A2": "Ann", "B2": "x", "D2": " "}})
    sheet = read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 100)
    assert (sheet.header, sheet.rows) == (["name", "side"], [(2, ["Ann", "x"])])


def test_a_cell_under_no_header_is_named_by_the_first_such_cell() -> None:
    data = workbook({"Deck": {"A1": "name", "A2": "Ann", "A3": "Bob", "C3": "stray", "E3": "other"}})
    problem = refused(data)
    assert (problem.path, problem.expected, problem.found) == (
        "Deck!C3", "cells only under the 1 named columns", '"stray" under no header')


def test_only_max_rows_and_two_more_are_read() -> None:
    data = rows_sheet([["name"], *[[f"r{i}"] for i in range(10)]])
    sheet = read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 3)
    assert [n for n, _ in sheet.rows] == [2, 3, 4, 5]     # rows 1 to 3 + 2 of the sheet: the header and 4


def test_an_empty_sheet_is_refused_at_its_name() -> None:
    problem = refused(workbook({"Deck": {}}))
    assert (problem.path, problem.expected, problem.found) == ("Deck", "a header row naming the columns",
                                                             'an empty sheet "Deck"')


def test_the_first_sheet_or_the_one_named() -> None:
    data = workbook({"One": {"A1": "a", "A2": "1"}, "Two": {"A1": "b", "A2": "2"}, "Three": {"A1": "c", "A2": "3"}})
    assert read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 10).header == ["a"]
    assert read_sheet(data, "t.xlsx", "/g/t.xlsx", "Two", 10).header == ["b"]


def test_a_sheet_that_is_not_there_is_named_at_the_key_that_names_it() -> None:
    data = workbook({"One": {"A1": "a"}, "Two": {"A1": "b"}})
    problem = refused(data, "two", named_by=("game.toml", "components[0].table.sheet"))
    assert problem == Problem("game.toml", "components[0].table.sheet", 'a sheet of t.xlsx ("One", "Two")',
                              '"two" (did you mean "Two"?)')
    problem = refused(data, "Zebra")
    assert (problem.file, problem.path, problem.found) == ("/g/t.xlsx", "", '"Zebra"')


@pytest.mark.parametrize("data", [b"ABC not a spreadsheet", b"zzz not a spreadsheet", b""])
def test_a_file_that_is_no_spreadsheet_is_refused_with_calamines_reason(data: bytes) -> None:
    try:
        python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001  (what calamine says, whatever its type)
        reason = str(exc).splitlines()[0][:80]
    problem = refused(data, rel="deck.xlsx")
    assert (problem.expected, problem.found) == ("a spreadsheet printkit can read (.xlsx, .ods, .xls)",
                                                 f'"deck.xlsx" ({reason})')


class _Raises:
    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def from_filelike(self, _: object) -> object:
        raise self.exc


@pytest.mark.parametrize("exc, reason", [
    (ValueError("first line " + "x" * 100 + "\nsecond line"), "first line " + "x" * 69),
    (ValueError("a\nb"), "a"),
    (ValueError(""), "ValueError"),
])
def test_calamines_reason_is_its_first_line_cut_at_80_or_its_type(monkeypatch: pytest.MonkeyPatch,
                                                                 exc: Exception, reason: str) -> None:
    monkeypatch.setattr(python_calamine, "CalamineWorkbook", _Raises(exc))
    assert refused(b"xx").found == f'"t.xlsx" ({reason})'


class _Book:
    def __init__(self, names: list[str], error: Exception | None = None) -> None:
        self.sheet_names, self.error = names, error

    def from_filelike(self, _: object) -> _Book:
        return self

    def get_sheet_by_name(self, name: str) -> object:
        assert self.error is not None
        raise self.error


def test_a_workbook_without_sheets_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(python_calamine, "CalamineWorkbook", _Book([]))
    assert (refused(b"xx").expected, refused(b"xx").found) == ("a spreadsheet with at least one sheet", "none")


def test_a_sheet_calamine_cannot_read_is_refused_with_its_reason_cut_at_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(python_calamine, "CalamineWorkbook", _Book(["S"], RuntimeError("y" * 100)))
    problem = refused(b"xx")
    assert (problem.expected, problem.found) == ("a spreadsheet printkit can read", f'"t.xlsx" ({"y" * 80})')


@pytest.mark.parametrize("rows", [
    [["a", "b", "c"]] + [["1", "2", "3"]] * 5,
    [["a"]] + [["1"]] * 6,        # one column
])
def test_a_sheet_of_more_cells_than_the_most_is_refused(monkeypatch: pytest.MonkeyPatch, rows: list[list[str]]) -> None:
    data = rows_sheet(rows)
    height, width = len(rows), len(rows[0])   # the sheet as written: 6 rows x 3 columns, 7 rows x 1 column
    size = height * width
    monkeypatch.setattr(tables, "MAX_SHEET_CELLS", size)
    assert len(read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 100).rows) == len(rows) - 1
    monkeypatch.setattr(tables, "MAX_SHEET_CELLS", size - 1)
    problem = refused(data)
    assert (problem.expected, problem.found) == (f"a sheet of at most {size - 1:,} cells",
                                                 f"{height} rows x {width} columns")
    monkeypatch.setattr(tables, "MAX_SHEET_CELLS", size + 5)   # far from the most: read
    assert len(read_sheet(data, "t.xlsx", "/g/t.xlsx", None, 100).rows) == len(rows) - 1


def container(sizes: list[int]) -> bytes:
    """A zip whose central directory says its files unpack to ``sizes`` bytes (they hold nothing)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for i, _ in enumerate(sizes):
            zf.writestr(f"f{i}", b"")
    data = bytearray(buf.getvalue())
    at = 0
    for size in sizes:
        at = data.index(b"PK\x01\x02", at)
        data[at + 24:at + 28] = struct.pack("<I", size)
        at += 4
    return bytes(data)


@pytest.mark.parametrize("sizes, found", [
    ([200_000_001], "200 MB"),
    ([100_000_000, 100_000_001], "200 MB"),
    ([250_499_900], "250 MB"),
    ([250_500_100], "251 MB"),
    ([4_000_000_000], "4000 MB"),
])
def test_a_container_that_unpacks_past_200_mb_is_refused_unopened(sizes: list[int], found: str) -> None:
    problem = refused(container(sizes))
    assert (problem.expected, problem.found) == ("a spreadsheet that unpacks to at most 200 MB", found)


@pytest.mark.parametrize("sizes", [[200_000_000], [100_000_000, 100_000_000], [10]])
def test_a_container_of_at_most_200_mb_is_opened(sizes: list[int]) -> None:
    problem = refused(container(sizes))     # opened: it is no spreadsheet, calamine says so
    assert problem.expected == "a spreadsheet printkit can read (.xlsx, .ods, .xls)"


def test_a_damaged_container_is_refused() -> None:
    problem = refused(b"PK\x03\x04" + b"\x00" * 40)
    assert problem.expected == "a spreadsheet printkit can read"
    assert problem.found.startswith("a damaged file (")


@pytest.mark.parametrize("value, text", [
    (None, ""), (True, "TRUE"), (False, "FALSE"), (3.0, "3"), (-2.0, "-2"), (2.5, "2.5"), (0.1, "0.1"),
    (999_999_999_999_999.0, "999999999999999"), (1e15, "1000000000000000.0"), (-1e15, "-1000000000000000.0"),
    (1e20, "1e+20"), (7, "7"), ("Ann", "Ann"),
    (dt.datetime(2026, 11, 26, 10, 30), "2026-11-26T10:30:00"), (dt.date(2026, 11, 26), "2026-11-26"),
    (dt.time(9, 5), "09:05:00"),
])
def test_a_cells_value_is_the_text_a_csv_export_holds(value: object, text: str) -> None:
    assert tables._text(value) == text


def test_the_file_of_a_table() -> None:
    assert table_file("cards.csv") == "cards.csv"
    assert table_file(TableSource(file="deck.xlsx", sheet="Deck")) == "deck.xlsx"
