"""printkit docs: write docs/format.md from the models (--check: fail when it is out of date).

Without --out the file is the checkout's own docs/format.md, wherever the command is run
from (in a source checkout); an installed printkit writes docs/format.md in the current folder.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("docs", help="write the data format documentation", description=__doc__)
    p.add_argument("--out", type=Path, default=None,
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

    out: Path = args.out if args.out is not None else default_out()
    text = format_markdown() + "\n"
    if args.check:
        current = out.read_text(encoding="utf-8") if out.is_file() else ""
        if current != text:
            print(f"{out} is out of date: run `printkit docs`")
            return 1
        print(f"{out} is up to date")
        return 0
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0
