"""printkit docs: write docs/format.md from the models (--check: fail when it is out of date)."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("docs", help="write the data format documentation", description=__doc__)
    p.add_argument("--out", type=Path, default=Path("docs/format.md"), help="where to write (default: docs/format.md)")
    p.add_argument("--check", action="store_true", help="exit 1 when the file differs from what the models give")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.docs import format_markdown

    text = format_markdown() + "\n"
    if args.check:
        current = args.out.read_text() if args.out.is_file() else ""
        if current != text:
            print(f"{args.out} is out of date: run `printkit docs`")
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(f"wrote {args.out}")
    return 0
