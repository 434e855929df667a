"""Spreadsheet tables (.xlsx, .xlsm, .xls, .ods) read as rows of text, the way a CSV table is.

A spreadsheet is read with ``python-calamine`` (one maintained library for every format a
spreadsheet program saves, reading values only: no formulas are run, no macros, no links
followed). Before it opens the file, its zip container is checked so a small file cannot
unpack into gigabytes. Each cell becomes the text a CSV export would hold (a whole number
``3``, not ``3.0``), and each row keeps its row number, so a problem is reported at the cell a
designer sees in the spreadsheet: ``cards.xlsx: Creatures!C7 (copies)``.
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from dataclasses import dataclass

from printkit.errors import DataError, Problem, found_repr, suggest

SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods")
MAX_UNPACKED_BYTES = 200_000_000
"""Most bytes a spreadsheet's zip container may unpack to (a large deck's workbook is a few MB)."""
MAX_SHEET_CELLS = 5_000_000


@dataclass(frozen=True, slots=True)
class Sheet:
    """A spreadsheet's sheet as text: the header and each row with its row number (from 1)."""

    name: str
    header: list[str]
    rows: list[tuple[int, list[str]]]


def is_spreadsheet(rel: str) -> bool:
    return rel.lower().endswith(SPREADSHEET_SUFFIXES)


def column_letter(index: int) -> str:
    """Spreadsheet column letters of a 0-based column index: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def cell_name(sheet: str, column: int, row: int, label: str | None = None) -> str:
    """``Creatures!C7 (copies)``: a cell as a spreadsheet names it, and its column's header."""
    quoted = sheet if sheet.replace("_", "").isalnum() else "'" + sheet.replace("'", "''") + "'"
    return f"{quoted}!{column_letter(column)}{row}" + (f" ({label})" if label else "")


def read_sheet(data: bytes, rel: str, where: str, sheet: str | None, max_rows: int,
               named_by: tuple[str, str] = ("", "")) -> Sheet:
    """The sheet named ``sheet`` (the first sheet when None) of the spreadsheet ``data``.

    ``where`` names the spreadsheet in messages; ``named_by`` is the data file and key that name
    the sheet, where a sheet that is not there is reported."""
    from python_calamine import CalamineWorkbook

    def bad(expected: str, found: str, at: str = "", line: int | None = None) -> DataError:
        return DataError([Problem(where, at, expected, found, line=line)])

    if data[:4] == b"PK\x03\x04":
        _check_zip(data, where)
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001  (calamine raises its own types, and ValueError, for broken files)
        raise bad("a spreadsheet printkit can read (.xlsx, .ods, .xls)",
                  f"{found_repr(rel)} ({(str(exc).splitlines() or [type(exc).__name__])[0][:80]})") from None
    names = list(book.sheet_names)
    if not names:
        raise bad("a spreadsheet with at least one sheet", "none")
    name = names[0] if sheet is None else sheet
    if name not in names:
        raise DataError([Problem(named_by[0] or where, named_by[1], "a sheet of " + rel + " ("
                                 + ", ".join(found_repr(n) for n in names) + ")", found_repr(sheet) + suggest(sheet, names))])
    try:
        ws = book.get_sheet_by_name(name)
        # the sheet's stated size, read before its cells: calamine gives the last row's and column's index
        height, width = ws.total_height + 1, ws.total_width + 1
        if height * width > MAX_SHEET_CELLS:
            raise bad(f"a sheet of at most {MAX_SHEET_CELLS:,} cells", f"{height:,} rows x {width:,} columns")
        # From cell A1 (skip_empty_area=False), so rows and columns are numbered as the spreadsheet numbers them.
        raw_rows = ws.to_python(skip_empty_area=False, nrows=max_rows + 2)
    except DataError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise bad("a spreadsheet printkit can read", f"{found_repr(rel)} ({str(exc)[:80]})") from None
    rows = [(i + 1, [_text(v) for v in raw]) for i, raw in enumerate(raw_rows)]
    rows = [(n, cells) for n, cells in rows if any(c.strip() for c in cells)]
    if not rows:
        raise bad("a header row naming the columns", f"an empty sheet {found_repr(name)}", name)
    (_, header), body = rows[0], rows[1:]
    while header and not header[-1].strip():
        header = header[:-1]
    width = len(header)
    out: list[tuple[int, list[str]]] = []
    for n, cells in body:
        extra = [i for i, c in enumerate(cells[width:], start=width) if c.strip()]
        if extra:
            raise bad(f"cells only under the {width} named columns", f"{found_repr(cells[extra[0]])} under no header",
                      cell_name(name, extra[0], n))
        out.append((n, (cells + [""] * width)[:width]))
    return Sheet(name, header, out)


def _check_zip(data: bytes, where: str) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            total = sum(info.file_size for info in zf.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise DataError([Problem(where, "", "a spreadsheet printkit can read", f"a damaged file ({exc})")]) from None
    if total > MAX_UNPACKED_BYTES:
        raise DataError([Problem(where, "", f"a spreadsheet that unpacks to at most {MAX_UNPACKED_BYTES // 1_000_000} MB",
                                 f"{total / 1e6:.0f} MB")])


def _text(value: object) -> str:
    """A cell's value as the text a CSV export would hold."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def table_file(table: object) -> str:
    """The file of a component's ``table`` (a path, or a table with a ``file``)."""
    return table if isinstance(table, str) else str(getattr(table, "file", ""))
