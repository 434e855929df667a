"""Reading a game's data files safely: paths confined to the game folder, sizes limited, text
decoded as UTF-8 (or refused, saying what the file most likely is). Used by the loader, by
assets (images, fonts) and by elements that read tables of their own."""

from __future__ import annotations

import re
from pathlib import Path

from printkit.errors import DataError, Problem, found_repr


def confined(root: Path, rel: str, file: str, key: str, line: int | None = None) -> Path:
    """Resolve a data path inside the game folder; refuse absolute paths, ``..`` and outward links.

    Every path a game's data names (tables, images, fonts) goes through here.
    """
    def refuse(expected: str, found: str) -> DataError:
        return DataError([Problem(file, key, expected, found, line=line)])

    if not isinstance(rel, str) or not rel.strip() or "\x00" in rel or "\\" in rel:
        raise refuse("a relative path inside the game folder, with / between folders", found_repr(rel))
    if Path(rel).is_absolute() or ".." in Path(rel).parts:
        raise refuse("a path inside the game folder (no absolute paths, no ..)", found_repr(rel))
    try:
        target = (root / rel).resolve()
        inside = target.is_relative_to(root.resolve())
        is_file = target.is_file()
    except (OSError, RuntimeError, ValueError):
        raise refuse("a path that can be read", found_repr(rel)) from None
    if not inside:
        raise refuse("a path inside the game folder (it links outside)", found_repr(rel))
    if not is_file:
        raise refuse("an existing file", f"{found_repr(rel)} (no such file)")
    return target


def read_limited(path: Path, limit: int, file: str, key: str, line: int | None = None) -> bytes:
    """The bytes of a data file, refusing files too large to be game data."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise DataError([Problem(file, key, f"a file of at most {limit // 1_000_000} MB", f"{size / 1e6:.1f} MB", line=line)])
        return path.read_bytes()
    except OSError as exc:
        raise DataError([Problem(file, key, "a file that can be read", exc.strerror or str(exc), line=line)]) from None


MAX_TABLE_BYTES = 20_000_000
MAX_ROW_PROBLEMS = 50
"""Bad rows of a table reported before the rest is skipped."""
MAX_TOML_BYTES = 5_000_000


def decode_text(data: bytes, where: str, table: bool = False) -> str:
    """UTF-8 text (a byte-order mark at the start is fine); anything else is refused at the line of
    the first byte that is not UTF-8, saying what the file most likely is and how to save it."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = exc.start
    how = 'save as "CSV UTF-8" from the spreadsheet' if table else "save as UTF-8 from the editor"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return _refuse_encoding(where, 1, how, "UTF-16 text (a spreadsheet's \"Unicode text\")")
    line = data.count(b"\n", 0, bad) + 1
    start = data.rfind(b"\n", 0, bad) + 1
    end = data.find(b"\n", bad)
    sample = data[start:end if end >= 0 else len(data)].decode("cp1252", errors="replace").strip()
    return _refuse_encoding(where, line, how, f"byte {bad} is not UTF-8, in {found_repr(sample, 40)} "
                                              "(Windows-1252 or Latin-1 text?)")


def _refuse_encoding(where: str, line: int, how: str, found: str) -> str:
    raise DataError([Problem(where, "", f"UTF-8 text ({how})", found, line=line)])


def separator(text: str) -> str:
    """The column separator of a CSV table: comma, or the semicolon or tab a spreadsheet writes in
    some languages, whichever the header row has most of (outside quotes)."""
    header = text.split("\n", 1)[0]
    header = re.sub(r'"[^"]*"', "", header)
    counts = {sep: header.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] > counts[","] else ","
