"""CSV files printkit writes for others (print-shop orders, print-on-demand counts): safe to open in a spreadsheet.

A cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by Excel,
LibreOffice and Google Sheets as a formula, which can run commands or send data away (CSV
injection). Following the OWASP rule, such a cell is written with a leading single quote (``'``),
which spreadsheets show as text and do not print; every other cell is written as it is.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> str:
    """``value`` as a CSV cell that a spreadsheet shows as text, never runs as a formula."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    """A UTF-8 CSV file (RFC 4180 line ends): the header, then the rows, every cell neutralised by :func:`cell`."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")  # RFC 4180; a cell holding \r or \n is quoted
    writer.writerow([cell(h) for h in header])
    writer.writerows([cell(v) for v in row] for row in rows)
    return buf.getvalue().encode("utf-8")
