"""printkit preview [GAME ...]: PNG pictures of every output page, and an overview of all components.

Builds first (only what is out of date), then writes ``out/<game>/preview/<pdf>-p<N>.png``
for every page of every PDF of the kit, and ``out/<game>/preview/overview.png``: the
proof's contact sheet (every distinct component small, with its count), so a designer
can look without opening a PDF viewer.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("preview", help="PNG pictures of every output page", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=Path, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=Path, default=Path("out"), help="output folder (default: out)")
    p.add_argument("--dpi", type=int, default=72, help="resolution of the pictures (default 72)")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="which paper's PDFs to picture (default a4)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.build import build
    from printkit.cli import game_dirs
    from printkit.options import BuildOptions
    from printkit.output import write_all
    from printkit.render.raster import pdf_pages_png

    folders = game_dirs(args.data, args.games)
    build(folders, args.out, BuildOptions())
    for folder in folders:
        game_out = args.out / folder.name
        pdfs = sorted(p for p in game_out.glob("*.pdf") if p.stem.endswith(f"-{args.paper}") or p.stem.endswith("-proof"))
        files: dict[str, bytes] = {}
        for pdf in pdfs:
            for n, png in enumerate(pdf_pages_png(pdf.read_bytes(), args.dpi), start=1):
                files[f"{pdf.stem}-p{n}.png"] = png
        overview = next((p for p in pdfs if p.stem.endswith("-proof")), None) or (pdfs[0] if pdfs else None)
        if overview is not None:
            files["overview.png"] = files[f"{overview.stem}-p1.png"]
        write_all(game_out / "preview", files)
        print(f"{folder.name}: {len(files)} pictures in {game_out / 'preview'}")
    return 0
