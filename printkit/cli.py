"""The command line: ``printkit <command>``. Each command is a module in ``printkit.commands``.

Exit codes: 0 done; 1 a proof check failed, or an output folder cannot be written;
2 bad data (one line per problem) or a bad command line; 69 printkit's installation lacks a
package it depends on (one line naming it); 70 an internal error, a bug
in printkit (one line saying where the full traceback was written); 130 interrupted
(Ctrl-C or SIGTERM). None prints a traceback.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import os
import pkgutil
import re
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from printkit import __version__, commands
from printkit.errors import DataError, OutputError

EXIT_OK, EXIT_FAIL, EXIT_DATA = 0, 1, 2
EXIT_BUG = 70
"""An internal error: a bug in printkit, not in the data (EX_SOFTWARE of sysexits.h)."""
EXIT_INSTALL = 69
"""printkit's installation lacks a package it depends on (EX_UNAVAILABLE of sysexits.h)."""


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


class Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one ``error:`` line naming the option (exit 2), no usage text:
    the same shape as every other error printkit reports. ``printkit COMMAND --help`` shows the usage."""

    argv: Sequence[str] = ()

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        self.argv = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("printkit").strip()
        known = {o for a in self._actions for o in a.option_strings}
        stray = [a for a in self.argv if a.startswith("-") and a != "-" and a.split("=")[0] not in known]
        if message.startswith("the following arguments are required") and stray:
            message += f"; found {stray[0]!r}, which reads as an option (a name cannot begin with -)"
        line = f"error: command line{': ' + command if command else ''}: {message}"
        line = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in line)
        print(line + f" (see `{self.prog} --help`)", file=sys.stderr)
        raise SystemExit(EXIT_DATA)


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="printkit", description="Turn plain game data into a print-and-play kit.")
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
        out = getattr(args, "out", None)  # unnamed by the system (rare: writes name their folder): the output's
        where = f"{err.filename}: " if err.filename else f"{out}: " if out is not None else ""
        print(f"error: {where}{err.strerror or err}", file=sys.stderr)
        return EXIT_FAIL
    except Exception as err:  # noqa: BLE001 - anything else is a bug: reported as one, once
        kind, trace = getattr(err, "kind", ""), getattr(err, "trace", "")  # a parallel.WorkerError
        if kind == "RecursionError":
            print("error: the data is nested too deeply to process", file=sys.stderr)
            return EXIT_DATA
        missing = _missing_package(err, kind)
        if missing:
            print(f"error: printkit's installation lacks the package {missing!r} it depends on (installed before "
                  "printkit needed it?): reinstall printkit (`pip install -e .` in its source folder, or "
                  "`pip install --upgrade printkit`)", file=sys.stderr)
            return EXIT_INSTALL
        return _bug(err, trace)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        if collecting:
            gc.enable()


def run() -> None:
    """The ``printkit`` command (and ``python -m printkit``): :func:`main`, then exit with its code.

    A Ctrl+C or SIGTERM can land at any instruction, also after :func:`main` has returned or while
    it tidies up: it still means one line and 130 (or the code main had decided), never a traceback
    or a death by signal. Once main is done, both signals are blocked until the process exits."""
    _terminate_as_interrupt()  # SIGTERM unwinds like Ctrl+C here too, outside main
    code: int | None = None
    try:
        try:
            code = main()
        finally:
            _block_interrupts()
    except KeyboardInterrupt:  # outside main's own handler, or after main returned but before the block
        _block_interrupts()
        if code is None:
            print("interrupted: outputs already in place are unchanged", file=sys.stderr)
            code = 130
    # The process ends here, and everything it holds goes with it: Python's last collection at exit would
    # walk every object of the imported libraries and the loaded games to find next to nothing (about a
    # tenth of a second of the five games' build, after the work is done). Frozen objects are not walked.
    gc.freeze()
    raise SystemExit(code)


def console() -> None:
    """The installed ``printkit`` command and ``python -m printkit``: :func:`run`, then the process ends
    at once. What Python would do at its exit is done (the ``atexit`` functions, the output streams
    flushed); what it would do besides is not: taking apart every module and object of the libraries and
    the loaded games one by one (about a fortieth of a second after the five games' build). Left to
    Python's own exit when another thread still runs (Python waits for it) or a stream cannot be flushed
    (a reader gone: Python reports it as it always has)."""
    try:
        run()
    except SystemExit as stop:
        if threading.active_count() == 1 and isinstance(stop.code, int):
            atexit._run_exitfuncs()
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except (OSError, ValueError):
                raise stop from None
            os._exit(stop.code)
        raise


def _block_interrupts() -> None:
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


_DISTRIBUTIONS = {"PIL": "pillow", "fontTools": "fonttools", "markdown_it": "markdown-it-py",
                  "python_calamine": "python-calamine"}
"""Import names of printkit's dependencies that differ from the name pip installs them by."""


def _missing_package(err: BaseException, kind: str) -> str | None:
    """The package to install when ``err`` is an import of a module that is not installed (here or in
    a build worker); None for anything else, and for a missing part of printkit itself (a bug)."""
    if isinstance(err, ModuleNotFoundError):
        name = err.name or ""
    else:
        found = re.search(r"No module named '([^']+)'|import of (\S+) halted", str(err)) \
            if kind == "ModuleNotFoundError" else None
        name = (found.group(1) or found.group(2)) if found else ""
    top = name.partition(".")[0]
    return _DISTRIBUTIONS.get(top, top) if top and top != "printkit" else None


def _bug(err: BaseException, worker_trace: str = "") -> int:
    """Report an internal error: one line, the full traceback in a file for the bug report."""
    import platform
    import tempfile
    import traceback

    text = (f"printkit {__version__}, Python {platform.python_version()} on {platform.platform()}\n"
            f"command: {' '.join(sys.argv)}\n\n" + "".join(traceback.format_exception(err)))
    if worker_trace:
        text += f"\nin a build worker:\n{worker_trace}"
    try:
        fd, name = tempfile.mkstemp(prefix="printkit-bug-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        where = f"the full traceback is in {name}"
    except OSError:
        where = "the traceback could not be saved"
    summary = str(err).splitlines()[0][:160] if str(err) else type(err).__name__
    if not worker_trace:
        summary = f"{type(err).__name__}: {summary}"
    print(f"error: internal error, a bug in printkit (not in your data): {summary}; {where}; please report it",
          file=sys.stderr)
    return EXIT_BUG


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
