"""printkit docs: write docs/format.md from the models and docs/gallery.md with a picture per element
and kind beside it (--check: fail when any of them is out of date).

Without --out the file is the checkout's own docs/format.md, wherever the command is run
from (in a source checkout); an installed printkit writes docs/format.md in the current folder.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.commands.build import path_arg


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("docs", help="write the data format documentation", description=__doc__)
    p.add_argument("--out", type=path_arg, default=None,
                   help="where to write (default: docs/format.md of the printkit checkout, else of the current folder)")
    p.add_argument("--check", action="store_true", help="exit 1 when the file differs from what the models give")
    p.set_defaults(run=run)


def default_out() -> Path:
    """docs/format.md beside the package when printkit runs from its source checkout, else under the current folder."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and (checkout / "docs").is_dir():
        return checkout / "docs" / "format.md"
    return Path("docs") / "format.md"


def run(args: argparse.Namespace) -> int:
    from printkit.docs import format_markdown
    from printkit.gallery import GALLERY_DIR, gallery_files

    out: Path = args.out if args.out is not None else default_out()
    files = {out: (format_markdown() + "\n").encode()}
    files.update({out.parent / rel: data for rel, data in gallery_files().items()})
    pictures = out.parent / GALLERY_DIR
    stale = sorted(p for p in pictures.glob("*") if p not in files) if pictures.is_dir() else []
    if args.check:
        # A link in place of a file is out of date, never read: what it points to is not ours to open.
        old = [p for p, data in files.items() if p.is_symlink() or not p.is_file() or p.read_bytes() != data]
        if old or stale:
            for p in old:
                print(f"{p} is out of date: run `printkit docs`")
            for p in stale:
                print(f"{p} is no longer generated: run `printkit docs`")
            return 1
        print(f"{out} and the gallery are up to date")
        return 0
    from printkit.output import write_files

    # Each file replaced whole (a link in its place is replaced, never written through); unchanged ones kept.
    write_files(out.parent, {p.relative_to(out.parent).as_posix(): data for p, data in files.items()})
    for p in stale:
        p.unlink()
    print(f"wrote {out} and {out.parent / 'gallery.md'} ({len(files) - 2} pictures)")
    return 0
