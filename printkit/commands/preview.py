"""printkit preview [GAME ...]: PNG pictures of every output page, and an overview of all components.

Builds first (only what is out of date, saying what it does as it goes), then writes
``out/<game>/preview/<pdf>-p<N>.png`` for every page of every PDF of the kit, and
``out/<game>/preview/overview.png``: the proof's contact sheet (every distinct component
small, with its count), so a designer can look without opening a PDF viewer.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.commands.build import PAPER_HELP, path_arg, whole

MIN_DPI, MAX_DPI = 10, 1200
"""Resolutions a preview may ask for (a picture's pixels are bounded too: see printkit.render.raster)."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("preview", help="PNG pictures of every output page", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=path_arg, default=Path("out"), help="output folder (default: out)")
    p.add_argument("--dpi", type=whole(MIN_DPI, MAX_DPI), default=72,
                   help=f"resolution of the pictures, {MIN_DPI} to {MAX_DPI} (default 72)")
    p.add_argument("--paper", help=PAPER_HELP + "; the pages of each are pictured")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors and the summary")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.build import build
    from printkit.cli import game_dirs
    from printkit.commands.build import papers_option
    from printkit.options import BuildOptions
    from printkit.output import write_all
    from printkit.render.raster import pdf_pages_png

    papers = papers_option(args.paper)
    folders = game_dirs(args.data, args.games)

    def say(msg: str) -> None:
        if not args.quiet:
            print(msg, flush=True)

    results = build(folders, args.out, BuildOptions(papers=papers), progress=say)
    for result in results:
        say(f"{result.game}: " + ("up to date" if result.up_to_date else f"built, {len(result.changed)} files changed"))
    for folder in folders:
        game_out = args.out / folder.name
        wanted = papers or _built_papers(game_out)
        pdfs = sorted(p for p in game_out.glob("*.pdf")  # a link someone put there is not the kit: not read
                      if not p.is_symlink()
                      and (any(p.stem.endswith(f"-{paper}") for paper in wanted) or p.stem.endswith("-proof")))
        files: dict[str, bytes] = {}
        for pdf in pdfs:
            say(f"{folder.name}: picturing {pdf.name}")
            for n, png in enumerate(pdf_pages_png(pdf.read_bytes(), args.dpi, str(pdf), "; try a lower --dpi"), start=1):
                files[f"{pdf.stem}-p{n}.png"] = png
        overview = next((p for p in pdfs if p.stem.endswith("-proof")), None) or (pdfs[0] if pdfs else None)
        if overview is not None:
            files["overview.png"] = files[f"{overview.stem}-p1.png"]
        write_all(game_out / "preview", files)
        print(f"{folder.name}: {len(files)} pictures in {game_out / 'preview'}")
    return 0


def _built_papers(game_out: Path) -> tuple[str, ...]:
    """The papers the last build used, from its manifest (the game's own ``[print] papers``)."""
    import json

    if (game_out / "manifest.json").is_symlink():
        return ()
    try:
        manifest = json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))
        return tuple(dict.fromkeys(str(s["paper"]["name"]) for s in manifest.get("sheets", {}).values()))
    except (OSError, ValueError, KeyError, TypeError):
        return ()
