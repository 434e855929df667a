"""Load's table reader (``printkit/load.py``: ``_read_table``, ``_csv_rows``, ``_unique``): the cases
the mutation run (issue 28, target ``loadtables``) found untested. In-process: the reader is called
on a table file written by the test, with a stand-in for the component (its ``table`` and ``count``).

Expectations come from the table as the test wrote it: row numbers counted with the header as row 1,
lines counted in the file, copies as count x quantity, keys as the row's name in lower case.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from openpyxl import Workbook

import printkit.load as load
from printkit.errors import DataError, Problem
from printkit.model import TableSource

FILE, KEY = "game.toml", "components[0].table"


def read(tmp_path: Path, text: str | None, table: object = "t.csv", count: int = 1) -> list[load.Variant]:
    if text is not None:
        (tmp_path / "t.csv").write_text(text, encoding="utf-8")
    return load._read_table(tmp_path, SimpleNamespace(table=table, count=count), FILE, KEY)  # type: ignore[arg-type]


def refused(tmp_path: Path, text: str | None, table: object = "t.csv", count: int = 1) -> list[Problem]:
    with pytest.raises(DataError) as err:
        read(tmp_path, text, table, count)
    return err.value.problems


def test_rows_become_variants_keyed_by_name_with_copies_line_and_values(tmp_path: Path) -> None:
    variants = read(tmp_path, "name,quantity,cost\nAnn,3,1\nBob Two,1,2\n", count=2)
    assert [v.key for v in variants] == ["ann", "bob-two"]
    assert [v.copies for v in variants] == [6, 2]
    assert [v.row for v in variants] == [((tmp_path / "t.csv").resolve(), 2), ((tmp_path / "t.csv").resolve(), 3)]
    assert [v.sheet for v in variants] == [None, None]
    assert variants[1].values == {"row": {"name": "Bob Two", "quantity": "1", "cost": "2"}}


def test_a_table_without_a_quantity_column_has_the_components_count(tmp_path: Path) -> None:
    variants = read(tmp_path, "name,cost\nAnn,1\n", count=4)
    assert [(v.key, v.copies) for v in variants] == [("ann", 4)]
    assert [(v.key, v.copies) for v in read(tmp_path, None, TableSource(file="t.csv"), 3)] == [("ann", 3)]


def test_the_quantity_column_named_by_the_table(tmp_path: Path) -> None:
    variants = read(tmp_path, "name,copies,quantity\nAnn,2,5\n", TableSource(file="t.csv", quantity="copies"))
    assert [v.copies for v in variants] == [2]


@pytest.mark.parametrize("quantity", ["copies", "stock", "Quantity"])   # before and after "quantity" in sort order
def test_a_quantity_column_that_is_not_there_is_refused_at_the_components_key(tmp_path: Path, quantity: str) -> None:
    (problem,) = refused(tmp_path, "name,cost\nAnn,1\n", TableSource(file="t.csv", quantity=quantity))
    assert (problem.file, problem.path) == (FILE, f"{KEY}.quantity")
    assert problem.expected == "a column of t.csv (name, cost)"
    assert problem.found.startswith(f'"{quantity}"')


def test_a_missing_quantity_column_is_said_with_the_close_name(tmp_path: Path) -> None:
    (problem,) = refused(tmp_path, "name,copies\nAnn,1\n", TableSource(file="t.csv", quantity="Copies"))
    assert problem.found == '"Copies" (did you mean "copies"?)'


def test_a_missing_file_is_named_at_the_table_key_or_its_file_key(tmp_path: Path) -> None:
    (problem,) = refused(tmp_path, None, "none.csv")
    assert (problem.file, problem.path) == (FILE, KEY)
    (problem,) = refused(tmp_path, None, TableSource(file="none.csv"))
    assert (problem.file, problem.path) == (FILE, f"{KEY}.file")


def test_a_sheet_for_a_csv_table_is_refused(tmp_path: Path) -> None:
    (problem,) = refused(tmp_path, "name\nAnn\n", TableSource(file="t.csv", sheet="Deck"))
    assert (problem.file, problem.path, problem.found) == (FILE, f"{KEY}.sheet", '"Deck"')


@pytest.mark.parametrize("header, found", [("a,b,a", '"a"'), ("b,a,b,a,c", '"a", "b"'), ("a,,b", '""'), ("a, a", '"a"')])
def test_column_names_must_be_distinct_and_not_empty(tmp_path: Path, header: str, found: str) -> None:
    width = header.count(",") + 1
    (problem,) = refused(tmp_path, header + "\n" + ",".join("x" * width) + "\n")
    assert (problem.path, problem.found, problem.line) == ("header", found, 1)
    assert problem.file == str(tmp_path / "t.csv")


def test_an_empty_csv_is_refused_at_line_1(tmp_path: Path) -> None:
    (problem,) = refused(tmp_path, "")
    assert (problem.path, problem.expected, problem.line) == ("header", "a header row naming the columns", 1)


def test_a_header_alone_is_refused(tmp_path: Path) -> None:
    (problem,) = refused(tmp_path, "name,cost\n\n")
    assert (problem.expected, problem.found, problem.line) == (
        "at least one row of pieces under the header", "only the header", 1)


def test_a_table_not_in_utf8_is_told_how_a_spreadsheet_saves_csv(tmp_path: Path) -> None:
    (tmp_path / "t.csv").write_bytes("name\nCaf\xe9\n".encode("cp1252"))
    (problem,) = refused(tmp_path, None)
    assert '"CSV UTF-8"' in problem.expected


def test_a_name_column_in_any_case_names_the_rows(tmp_path: Path) -> None:
    # Columns sorting before and after "name" come first, so only "== name" finds it.
    variants = read(tmp_path, "cost,zeta,Name\n1,z,Ann\n2,y,Bob\n")
    assert [v.key for v in variants] == ["ann", "bob"]
    assert [v.key for v in read(tmp_path, "cost,name\n1,Ann\n")] == ["ann"]


def test_rows_without_a_name_are_numbered_from_1(tmp_path: Path) -> None:
    assert [v.key for v in read(tmp_path, "cost\n1\n2\n3\n")] == ["1", "2", "3"]
    # a name with nothing a key can hold: its row number
    assert [v.key for v in read(tmp_path, "name\nAnn\n???\n")] == ["ann", "2"]


def test_blank_lines_are_skipped_and_lines_kept(tmp_path: Path) -> None:
    variants = read(tmp_path, "name\nAnn\n\nBob\n")
    assert [(v.key, v.row[1] if v.row else None) for v in variants] == [("ann", 2), ("bob", 4)]


def test_rows_of_the_wrong_width_are_each_reported_by_row_number(tmp_path: Path) -> None:
    problems = refused(tmp_path, "name,cost\nAnn,1\nBob\nCy,1,2\nDi,4\nEd,1,2,3\n")
    assert [(p.path, p.found, p.line) for p in problems] == [
        ("row 3", "1 cells", 3), ("row 4", "3 cells", 4), ("row 6", "4 cells", 6)]
    assert problems[0].expected == "2 cells (name, cost)"


@pytest.mark.parametrize("q", ["1", "2", "100000", " 7 "])
def test_quantities_from_1_to_the_most(tmp_path: Path, q: str) -> None:
    (variant,) = read(tmp_path, f"name,quantity\nAnn,{q}\n")
    assert variant.copies == int(q)


@pytest.mark.parametrize("q", ["0", "100001", "x", "", "-1", "2.5"])
def test_other_quantities_are_refused_at_their_row(tmp_path: Path, q: str) -> None:
    problems = refused(tmp_path, f"name,quantity\nAnn,1\nBob,{q}\nCy,1\nDi,{q}\n")
    assert [(p.path, p.line) for p in problems] == [("row 3.quantity", 3), ("row 5.quantity", 5)]
    assert problems[0].expected == "a whole number from 1 to 100000"


def test_a_bad_quantity_in_a_spreadsheet_is_named_by_its_cell(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    ws.title = "Deck"
    for row in [["name", "side", "copies"], ["Ann", "x", 2], ["Bob", "x", 0]]:
        ws.append(row)
    book.save(tmp_path / "t.xlsx")
    (problem,) = refused(tmp_path, None, TableSource(file="t.xlsx", quantity="copies"))
    assert (problem.path, problem.line) == ("Deck!C3 (copies)", None)
    ws["C3"] = 3
    book.save(tmp_path / "t.xlsx")
    variants = read(tmp_path, None, TableSource(file="t.xlsx", quantity="copies"))
    assert [(v.key, v.copies, v.sheet, v.row[1] if v.row else None) for v in variants] == [
        ("ann", 2, "Deck", 2), ("bob", 3, "Deck", 3)]


def test_after_50_bad_rows_the_rest_is_one_problem(tmp_path: Path) -> None:
    problems = refused(tmp_path, "name,cost\n" + "x\n" * 60)
    assert len(problems) == 51
    assert [p.line for p in problems[:50]] == list(range(2, 52))
    assert (problems[50].found, problems[50].line) == ("more", 52)


def test_more_rows_than_the_most_pieces_is_one_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(load, "MAX_COUNT", 3)
    assert len(read(tmp_path, "name\na\nb\nc\n")) == 3
    (problem,) = refused(tmp_path, "name\n" + "".join(f"r{i}\n" for i in range(10)))
    assert (problem.found, problem.line) == ("more", 5)      # the 4th row, on line 5
    # Bad rows do not count towards the pieces, but the reading stops 2 rows past the most.
    problems = refused(tmp_path, "name,quantity\nbad,0\n" + "".join(f"r{i},1\n" for i in range(10)))
    assert [(p.path, p.found, p.line) for p in problems] == [("row 2.quantity", '"0"', 2), ("", "more", 6)]
    problems = refused(tmp_path, "name,quantity\n" + "".join(f"r{i},0\n" for i in range(10)))
    assert [p.line for p in problems] == [2, 3, 4, 5, 6]       # 5 rows read: the most, and 2 more


def test_rows_of_the_same_name_get_numbered_keys(tmp_path: Path) -> None:
    variants = read(tmp_path, "name\nAnn\nBob\nann\nAnn\nBob\n")
    assert [v.key for v in variants] == ["ann", "bob", "ann-2", "ann-3", "bob-2"]
