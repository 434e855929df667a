"""printkit serve [GAME ...]: a live preview page in the browser, rebuilt as you save.

Builds each game, then serves a page on 127.0.0.1 (a free port unless --port; the address is
printed; --open opens it) showing every distinct face and back at its true proportions with its
count, the sheets page by page, the boxes, the rulebook and the proof, failing pieces framed.
Saving any of a game's files rebuilds it (the file events of `printkit watch`) and the open page
follows without a reload. Bad data shows as a banner with the same lines as the command line,
while the last good kit stays on the page. Only the games' own outputs are served, only to this
machine. Ctrl-C stops it (exit 130).
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.commands.build import PAPER_HELP, path_arg, whole

DRAFT_FACES = 500
"""Up to this many distinct faces, a save's faces are drawn and shown before its whole kit is built
(a few milliseconds per face); a larger game waits for its build."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="a live preview page of the kits in the browser", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=path_arg, default=Path("out"), help="output folder (default: out)")
    p.add_argument("--paper", help=PAPER_HELP)
    p.add_argument("--port", type=whole(0, 65535), default=0, help="port on 127.0.0.1, 1 to 65535 (default 0: a free one)")
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    gc.enable()  # a long-running server collects its garbage (each build turns collection off while it runs)
    from printkit.build import build, draw, face_svgs, load_all
    from printkit.cli import game_dirs
    from printkit.commands.build import papers_option
    from printkit.commands.watch import saved_games
    from printkit.errors import DataError, Problem
    from printkit.options import BuildOptions
    from printkit.proof import GameReport
    from printkit.serve.app import Hub, Server
    from printkit.serve.model import draft_model, page_model
    from printkit.state import inputs_digest

    options = BuildOptions(papers=papers_option(args.paper))
    folders = game_dirs(args.data, args.games)
    hub = Hub([f.name for f in folders], args.out)
    try:
        server = Server(hub, args.port)
    except OSError as err:
        raise DataError([Problem("--port", "", "a free port on 127.0.0.1", f"{args.port} ({err.strerror})")]) from None
    server.start()
    print(f"serving {', '.join(f.name for f in folders)} at {server.url} (Ctrl-C to stop)", flush=True)
    if args.open:  # in a thread: a browser command may only return when that browser is closed
        import threading
        import webbrowser

        threading.Thread(target=webbrowser.open, args=(server.url,), name="printkit-open", daemon=True).start()

    reports: dict[str, GameReport] = {}
    models: dict[str, dict[str, Any]] = {}

    def refresh(folder: Path, first: bool) -> None:
        """Build one game (every file of it: the page needs its drawn kit) and tell the page. After a
        save, the faces are drawn and shown first, while the rest of the kit is built."""
        name = folder.name
        start = time.perf_counter()
        hub.building(name)
        try:
            if not first and name in models:
                [game] = load_all([folder])
                kit = draw(game)
                if len(kit.faces) <= DRAFT_FACES and options.svg:
                    svgs = face_svgs(kit, options)
                    hub.drafted(name, draft_model(kit, reports[name], svgs, models[name]), svgs)
            [result] = build([folder], args.out, replace(options, force=True))
        except DataError as err:
            lines = [f"error: {problem}" for problem in err.problems]
            hub.failed(name, lines, models.get(name))  # the page first: what is printed has been shown
            for line in lines:
                print(line, flush=True)
            print(f"{name}: not rebuilt; fix the data and save again", flush=True)
            return
        assert result.kit is not None and result.report is not None  # a build of one game draws it here
        manifest = json.loads(result.files["manifest.json"])
        reports[name] = result.report
        models[name] = page_model(result.kit, result.report, result.files, manifest)
        hub.built(name, models[name], frozenset(result.files))
        took = time.perf_counter() - start
        print(f"{'built' if first else 'rebuilt'} {name} in {took:.2f} s "
              f"({len(result.changed)} files changed, {result.pages} pages)", flush=True)

    try:
        seen = {}
        for folder in folders:
            seen[folder] = inputs_digest(folder, options.key)
            refresh(folder, first=True)
        for batch in saved_games(folders, args.out, options.key, seen, step=50):
            for folder in batch:
                refresh(folder, first=False)
    finally:
        server.stop()
    return 0  # pragma: no cover - the loop above runs until interrupted
