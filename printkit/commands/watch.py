"""printkit watch [GAME ...]: rebuild a game when any of its files (data, templates, art) is saved.

Polls content hashes (no extra dependency, works on every file system); says what it
rebuilt and how long it took; bad data is reported and watching goes on.
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("watch", help="rebuild games when their files change", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=Path, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=Path, default=Path("out"), help="output folder (default: out)")
    p.add_argument("--paper", choices=["a4", "letter", "both"], help="paper size (default: the game's)")
    p.add_argument("--interval", type=float, default=0.5, help="seconds between checks (default 0.5)")
    p.add_argument("--max-rebuilds", type=int, default=0, help="stop after this many rebuilds (0: run until Ctrl-C)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    gc.enable()  # a long-running watch collects its garbage (each build turns collection off while it runs)
    from printkit.build import build
    from printkit.cli import game_dirs
    from printkit.errors import DataError
    from printkit.options import BuildOptions
    from printkit.state import inputs_digest

    papers = None if args.paper is None else (("a4", "letter") if args.paper == "both" else (args.paper,))
    options = BuildOptions(papers=papers)
    folders = game_dirs(args.data, args.games)

    def rebuild(folder: Path, reason: str) -> None:
        start = time.perf_counter()
        try:
            [result] = build([folder], args.out, options)
        except DataError as err:
            for problem in err.problems:
                print(f"error: {problem}", flush=True)
            print(f"{folder.name}: not rebuilt ({reason}); fix the data and save again", flush=True)
            return
        took = time.perf_counter() - start
        what = "up to date" if result.up_to_date else f"{len(result.changed)} files changed, {result.pages} pages"
        print(f"rebuilt {folder.name} in {took:.2f} s ({reason}: {what})", flush=True)

    seen = {}
    for folder in folders:
        seen[folder] = inputs_digest(folder, options.key)
        rebuild(folder, "start")
    print(f"watching {', '.join(f.name for f in folders)} (Ctrl-C to stop)", flush=True)
    rebuilds = 0
    try:
        while not args.max_rebuilds or rebuilds < args.max_rebuilds:
            time.sleep(args.interval)
            for folder in folders:
                digest = inputs_digest(folder, options.key)
                if digest != seen[folder]:
                    seen[folder] = digest
                    rebuild(folder, "changed")
                    rebuilds += 1
    except KeyboardInterrupt:
        print("stopped watching", flush=True)
    return 0
