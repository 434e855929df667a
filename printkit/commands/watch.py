"""printkit watch [GAME ...]: rebuild a game when any of its files (data, templates, art) is saved.

Waits for the file system to report a change (watchfiles: inotify, FSEvents, ReadDirectoryChangesW;
polling only where the system offers nothing else), so it costs nothing while you think. A save
that leaves every input the same (an editor touching a file) says "no change"; otherwise it
says what it rebuilt and how long it took. Bad data is reported and watching goes on.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from printkit.commands.build import PAPER_HELP, path_arg, whole


def _say(message: str) -> None:
    print(message, flush=True)


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("watch", help="rebuild games when their files change", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=path_arg, default=Path("out"), help="output folder (default: out)")
    p.add_argument("--paper", help=PAPER_HELP)
    p.add_argument("--interval", type=float, help=argparse.SUPPRESS)  # polling was replaced by file events; kept for old scripts
    p.add_argument("--max-rebuilds", type=whole(0, 1_000_000), default=0, help="stop after this many rebuilds (0: run until Ctrl-C)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    gc.enable()  # a long-running watch collects its garbage (each build turns collection off while it runs)
    from printkit.build import build
    from printkit.cli import game_dirs
    from printkit.commands.build import papers_option
    from printkit.errors import DataError
    from printkit.options import BuildOptions
    from printkit.state import inputs_digest

    options = BuildOptions(papers=papers_option(args.paper))
    folders = game_dirs(args.data, args.games)

    def rebuild(folder: Path, first: bool) -> bool:
        """Build one game; False when it was up to date (nothing was rebuilt)."""
        start = time.perf_counter()
        try:
            [result] = build([folder], args.out, options)
        except DataError as err:
            for problem in err.problems:
                print(f"error: {problem}", flush=True)
            print(f"{folder.name}: not rebuilt; fix the data and save again", flush=True)
            return True
        if result.up_to_date:
            print(f"{folder.name}: {'up to date' if first else 'no change'}", flush=True)
            return False
        took = time.perf_counter() - start
        files = f"{len(result.changed)} files changed" if result.changed else "no file changed"
        print(f"{'built' if first else 'rebuilt'} {folder.name} in {took:.2f} s ({files}, {result.pages} pages)",
              flush=True)
        return True

    seen = {}
    for folder in folders:
        seen[folder] = inputs_digest(folder, options.key)
        rebuild(folder, first=True)
    rebuilds = 0
    try:
        for batch in saved_games(folders, args.out, options.key, seen):
            for folder in batch:
                if rebuild(folder, first=False):
                    rebuilds += 1
            if args.max_rebuilds and rebuilds >= args.max_rebuilds:
                break
    except KeyboardInterrupt:
        pass
    print("stopped watching", flush=True)
    return 0


def saved_games(folders: list[Path], out: Path, key: str, seen: dict[Path, str], step: int = 100,
                say: Callable[[str], None] = _say) -> Iterator[list[Path]]:
    """The games to rebuild, batch by batch, as their files are saved, until the caller stops
    (``watch`` and ``serve`` share it). ``seen`` holds each game's inputs digest as last built and
    is kept up to date; a save that leaves the inputs the same says "no change" and yields nothing.

    Waits for file events (watchfiles: inotify, FSEvents, ReadDirectoryChangesW); the output
    folder ``out`` is never watched. ``step`` ms without a new event end a batch of saves."""
    import watchfiles

    from printkit.state import inputs_digest, shared_templates

    templates = shared_templates()
    roots = [f.resolve() for f in folders]
    watched = [*roots, *([templates] if templates is not None else [])]
    resolved_out = out.resolve()
    ignore = watchfiles.DefaultFilter()
    watching = False
    for changes in watchfiles.watch(*watched, watch_filter=lambda change, path: ignore(change, path)
                                    and not Path(path).is_relative_to(resolved_out),
                                    step=step, rust_timeout=500, yield_on_timeout=True):
        first = not watching
        if first:
            # The watcher is up (its first wake-up): what was saved while the first builds ran
            # is caught by comparing every digest once; from now on file events say where to look.
            watching = True
            say(f"watching {', '.join(f.name for f in folders)} (Ctrl-C to stop)")
        affected = folders if first else _affected(folders, roots, templates, (Path(p) for _, p in changes))
        batch = []
        for folder in affected:
            digest = inputs_digest(folder, key)
            if digest == seen[folder]:
                if not first:
                    say(f"{folder.name}: no change")
                continue
            seen[folder] = digest
            batch.append(folder)
        if batch:
            yield batch


def _affected(folders: list[Path], roots: list[Path], templates: Path | None, paths: Iterable[Path]) -> list[Path]:
    """The games a batch of changed paths concerns: a changed shared template concerns every game."""
    hit: set[int] = set()
    for path in paths:
        if templates is not None and path.is_relative_to(templates):
            hit.update(range(len(folders)))
        hit.update(i for i, root in enumerate(roots) if path.is_relative_to(root))
    return [folders[i] for i in sorted(hit)]
