"""The command line: ``printkit <command>``. Each command is a module in ``printkit.commands``.

Bad data prints one line per problem and exits 2; an interruption (Ctrl-C or
SIGTERM) exits 130; an output folder that cannot be written exits 1; none prints
a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import pkgutil
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from printkit import __version__, commands
from printkit.errors import DataError
from printkit.output import OutputError

EXIT_OK, EXIT_FAIL, EXIT_DATA = 0, 1, 2


def game_dirs(data: Path, names: Sequence[str]) -> list[Path]:
    """The game folders to work on: all under ``data`` or the named ones (a name or a path)."""
    from printkit.errors import Problem
    from printkit.folders import GAME_FILE, check_games, discover

    if not names:
        found = discover(data)
        if not found:
            raise DataError([Problem(str(data), "", f"a folder of games (sub-folders with a {GAME_FILE})", "none")])
        check_games(found)
        return found
    out = []
    for name in names:
        path = Path(name)
        if not (path / GAME_FILE).is_file():
            path = data / name
        if not (path / GAME_FILE).is_file():
            known = ", ".join(p.name for p in discover(data)) or "none"
            raise DataError([Problem(str(data / name), "", f"a game folder with a {GAME_FILE} (games here: {known})", "no such game")])
        if path.name in ("", ".", ".."):  # `printkit build .` inside a game folder: the folder's own name
            path = Path(os.path.normpath(path.absolute()))
        out.append(path)
    out = list(dict.fromkeys(out))
    check_games(out, discover(data))
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="printkit", description="Turn plain game data into a print-and-play kit.")
    p.add_argument("--version", action="version", version=f"printkit {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if not getattr(args, "run", None):
        p.print_help()
        return EXIT_DATA
    previous = _terminate_as_interrupt()
    _sweep(args)
    # A command is a short-lived process that allocates many small objects and few cycles: the
    # cyclic garbage collector would spend ~15 % of a large build finding next to nothing.
    # (`printkit watch`, which runs until stopped, turns it back on.)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return int(args.run(args))
    except DataError as err:
        for problem in err.problems:
            print(f"error: {problem}", file=sys.stderr)
        return EXIT_DATA
    except BrokenPipeError:  # e.g. `printkit schema | head`: the reader has gone, nothing to report
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        print("interrupted: outputs already in place are unchanged", file=sys.stderr)
        return 130
    except OutputError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_FAIL
    except RecursionError:
        print("error: the data is nested too deeply to process", file=sys.stderr)
        return EXIT_DATA
    except OSError as err:  # a folder that cannot be read or written: the system's word for it, no traceback
        where = f"{err.filename}: " if err.filename else ""
        print(f"error: {where}{err.strerror or err}", file=sys.stderr)
        return EXIT_FAIL
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        if collecting:
            gc.enable()


def _sweep(args: argparse.Namespace) -> None:
    """Whatever a killed printkit left in the output folder goes, whichever command runs next."""
    from printkit.output import sweep

    out = getattr(args, "out", None)
    folder = out if isinstance(out, Path) else Path("out")
    try:
        sweep(folder)
    except OSError:
        pass  # a folder we cannot tidy is reported, if it matters, by the command that writes to it


def _on_terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _terminate_as_interrupt() -> signal._HANDLER | None:
    """Let SIGTERM unwind like Ctrl-C, so temporary files are cleaned up on the way out."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _on_terminate)
