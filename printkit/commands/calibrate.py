"""printkit calibrate: a one-sheet test pattern (front and back) to measure a duplex printer's offset.

Print it on both sides, read the scales on the back against the crosses on the
front, then give the reading to ``printkit build --offset X,Y``.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from printkit.commands.build import length_option, offset_option, path_arg
from printkit.errors import DataError, Problem, found_repr


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("calibrate", help="print a duplex calibration sheet", description=__doc__)
    p.add_argument("--paper", default="a4", help="a4, letter, a3, tabloid or WxH such as 300x400mm (default: a4)")
    p.add_argument("--duplex", choices=["long", "short"], default="long", help="how the sheet is flipped (default: long)")
    p.add_argument("--offset", metavar="X,Y", help="print the back shifted, to check a measured offset (every cross reads 0)")
    p.add_argument("--margin", help="unprintable border, for the paper record (default: 5mm)")
    p.add_argument("--out", type=path_arg, default=Path("out"), help="output folder (default: out)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.calibrate import calibration_pages
    from printkit.layout import Paper
    from printkit.output import write_atomic
    from printkit.papers import paper_size
    from printkit.render.pdf import PdfWriter

    try:
        w, h = paper_size(args.paper)
    except ValueError as exc:
        raise DataError([Problem("command line", "--paper", str(exc), found_repr(args.paper))]) from None
    margin = length_option("--margin", args.margin)
    name = args.paper.strip().lower()
    paper = Paper(name, w, h, 5.0 if margin is None else margin)
    offset = offset_option(args.offset) or (0.0, 0.0)
    writer = PdfWriter(io.BytesIO(), title=f"printkit duplex calibration ({name}, {args.duplex} edge)")
    for page in calibration_pages(paper, args.duplex, offset):
        writer.page(page)
    target = args.out / f"calibrate-{name}-{args.duplex}.pdf"
    write_atomic(target, writer.close())
    print(f"wrote {target}: print both sides ({args.duplex}-edge flip), then read the scales on the back")
    return 0
