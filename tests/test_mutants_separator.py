"""Load's table reader, its text side (``printkit/reading.py``: ``separator``, ``decode_text``): the
cases the mutation run (issue 28, target ``separator``) found untested. In-process and instant.

Every expectation is written from how the test built its bytes: the line of the bad byte counted
by the test, the text around it as the test put it there, the separator the header was written with.
"""

from __future__ import annotations

import pytest

from printkit.errors import DataError
from printkit.reading import decode_text, separator


def refusal(data: bytes, table: bool | None = None) -> tuple[int | None, str, str]:
    """The line, the expected and the found text of ``decode_text``'s refusal of ``data``."""
    with pytest.raises(DataError) as err:
        decode_text(data, "deck.csv") if table is None else decode_text(data, "deck.csv", table=table)
    (problem,) = err.value.problems
    assert problem.file == "deck.csv"
    return problem.line, problem.expected, problem.found


@pytest.mark.parametrize("lines, bad_line", [
    (["name,cost", "Orc,1", "Elf\xe9,2"], 3),
    (["", "", "caf\xe9"], 3),              # blank lines first: each one counts
    (["caf\xe9", "x", "y"], 1),            # on the first line, with lines after it
    (["\xe9"], 1),
])
def test_the_line_of_the_first_byte_that_is_not_utf8(lines: list[str], bad_line: int) -> None:
    data = "\n".join(lines).encode("cp1252")
    line, _, found = refusal(data)
    assert line == bad_line
    assert type(line) is int
    offset = data.index(b"\xe9")
    assert found.startswith(f"byte {offset} is not UTF-8, in ")
    assert found.endswith(" (Windows-1252 or Latin-1 text?)")


@pytest.mark.parametrize("before, bad, after", [
    ("name,cost\n", "Elf\xe9,2", "\nOrc,3\n"),   # a line in the middle: only that line is shown
    ("\n", "caf\xe9 au lait", ""),               # the last line, no newline after it: all of it shown
    ("", "na\xefve", "\nrest"),                  # the first line
    ("a\nb\n", "x\xe9y", ""),                    # the last character of the file is shown too
    ("\n", "\xe9z", "\n"),
])
def test_the_sample_is_exactly_the_bad_line(before: str, bad: str, after: str) -> None:
    data = (before + bad + after).encode("cp1252")
    _, _, found = refusal(data)
    assert f", in \"{bad}\" (" in found


def test_a_long_bad_line_is_cut_at_40_characters_of_its_quoted_text() -> None:
    # 38 characters make a quoted text of 40: shown whole; 39 make 41: cut to 37 and "...".
    whole = "\xe9" + "a" * 37
    _, _, found = refusal(("ok\n" + whole + "\nmore").encode("cp1252"))
    assert f'in "{whole}" (' in found
    longer = "\xe9" + "b" * 38
    _, _, found = refusal(("ok\n" + longer + "\nmore").encode("cp1252"))
    assert f'in "{longer[:36]}... (' in found


def test_a_tables_refusal_says_how_a_spreadsheet_saves_and_a_texts_how_an_editor_does() -> None:
    bad = "caf\xe9".encode("cp1252")
    assert refusal(bad, table=True)[1] == 'UTF-8 text (save as "CSV UTF-8" from the spreadsheet)'
    assert refusal(bad, table=False)[1] == "UTF-8 text (save as UTF-8 from the editor)"
    assert refusal(bad)[1] == "UTF-8 text (save as UTF-8 from the editor)"   # the default: not a table


@pytest.mark.parametrize("bom", ["utf-16-le", "utf-16-be"])
def test_utf16_is_named_at_line_1(bom: str) -> None:
    data = "\ufeffname,cost\nOrc,1\n".encode(bom)
    line, expected, found = refusal(data, table=True)
    assert line == 1
    assert found == "UTF-16 text (a spreadsheet's \"Unicode text\")"
    assert expected.startswith("UTF-8 text (save as \"CSV UTF-8\"")


def test_a_file_starting_with_one_utf16_bom_byte_is_not_called_utf16() -> None:
    data = b"\xff" + b"name\n"      # not UTF-8 at byte 0, but not a UTF-16 mark either
    line, _, found = refusal(data)
    assert line == 1
    assert found.startswith("byte 0 is not UTF-8")


def test_utf8_reads_with_or_without_its_mark() -> None:
    assert decode_text("name\nOrc\u00e9\n".encode(), "x") == "name\nOrc\u00e9\n"
    assert decode_text("\ufeffname\n".encode(), "x") == "name\n"


@pytest.mark.parametrize("text, expected", [
    ("a;b;c\n1;2;3\n", ";"),
    ("a\tb\tc\n", "\t"),
    ("a,b,c\n", ","),
    ("a;b,c\n", ","),                 # a tie: comma
    ("a;b;c,d\n", ";"),               # more semicolons than commas, some commas
    ("a\tb\tc;d;e;f\n", ";"),
    ("name\n1;2;3;4\n", ","),         # the rows do not count
    ("single", ","),                  # one line, no newline at all
    ("a;b\n", ";"),
    ("a;b\nc,d,e,f,g\n", ";"),
])
def test_the_separator_is_counted_on_the_header_line_only(text: str, expected: str) -> None:
    assert separator(text) == expected
