"""printkit build [GAME ...]: build every game (or the named ones) into out/<game>/.

Each build ends with the proof (see `printkit proof`): the kit is written either way,
with out/<game>/proof.json and <game>-proof.pdf, and the exit code is 1 when a check fails
(also when the game is up to date and its last proof failed).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import DataError, Problem, found_repr, suggest
from printkit.papers import MAX_PAPERS, paper_size
from printkit.units import UnitError, parse_length

if TYPE_CHECKING:
    from rich.console import Console


PAPER_HELP = ("papers, comma separated: a4, letter, a3, tabloid, both (a4,letter) "
              "or a size WxH such as 300x400mm (default: the game's)")
"""``--paper`` means the same for build, watch and preview."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("build", help="build print-ready kits", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=path_arg, default=Path("out"), help="output folder (default: out)")
    p.add_argument("--paper", help=PAPER_HELP)
    p.add_argument("--margin", help="unprintable border of the paper, e.g. 5mm (default: the game's, 5 mm)")
    p.add_argument("--duplex", choices=["long", "short", "none"], help="back pages for long-edge or short-edge flip, or none")
    p.add_argument("--no-svg", dest="svg", action="store_false", help="skip the per-piece SVG files")
    p.add_argument("--force", action="store_true", help="rebuild even games whose inputs have not changed")
    p.add_argument("--sleeves", action="store_true", default=None,
                   help="size tuck boxes for sleeved cards (also `sleeves = true` under [boxes])")
    p.add_argument("--backs", choices=["duplex", "fold"],
                   help="duplex: backs on back pages; fold: each back beside its face across a fold line (gutterfold)")
    p.add_argument("--offset", metavar="X,Y",
                   help="shift back pages by X,Y mm to correct duplex misregistration (see printkit calibrate)")
    p.add_argument("--ink-saver", action=argparse.BooleanOptionalAction, default=None,
                   help="drop large fills and backgrounds, keep outlines, symbols and text")
    p.add_argument("--print-shop", action=argparse.BooleanOptionalAction, default=None,
                   help="also write one CMYK PDF per design at trim + bleed, and a 300 dpi PNG per face")
    p.add_argument("--cut-file", action=argparse.BooleanOptionalAction, default=None,
                   help="also write an SVG of the cut lines per sheet, with registration marks printed on the sheet")
    p.add_argument("--tts", action=argparse.BooleanOptionalAction, default=None,
                   help="also write Tabletop Simulator deck images and JSON")
    p.add_argument("--tts-base-url", metavar="URL",
                   help="URL the Tabletop Simulator images will be hosted at (the deck JSON names them by it)")
    p.add_argument("--pod", metavar="PROFILE[,PROFILE]",
                   help="also export every card face and back for print-on-demand profiles: thegamecrafter-poker, drivethrucards-poker")
    p.add_argument("--svg-outlines", dest="svg_text", action="store_const", const="outlines", default=None,
                   help="text in the SVGs as outlines (paths), not live text")
    p.add_argument("--jobs", "-j", type=_positive_int, metavar="N",
                   help="worker processes sharing the build (default: one per core); the files are the same either way")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors and warnings")
    p.add_argument("--json", action="store_true", help="print a JSON summary on stdout (for scripts), nothing else")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.cli import game_dirs
    from printkit.folders import check_out
    from printkit.options import BuildOptions
    from printkit.state import inputs_digest, read_state, up_to_date

    start = time.perf_counter()
    options = BuildOptions(  # the command line first: a bad value is named before any game is looked at
        papers=papers_option(args.paper), duplex=args.duplex, force=args.force, svg=args.svg, sleeves=args.sleeves,
        margin=length_option("--margin", args.margin), ink_saver=args.ink_saver, backs=args.backs,
        offset=offset_option(args.offset), print_shop=args.print_shop, cut_file=args.cut_file, tts=args.tts,
        tts_base_url=url_option("--tts-base-url", args.tts_base_url), svg_text=args.svg_text,
        pod=pod_option(args.pod),
    )
    folders = game_dirs(args.data, args.games)
    check_out(folders, args.out)
    if not args.force and not args.json and all(up_to_date(args.out / f.name, inputs_digest(f, options.key)) for f in folders):
        # Nothing to do: answer without loading the data model or the backends.
        if not args.quiet:
            print(f"up to date: {', '.join(f.name for f in folders)} ({time.perf_counter() - start:.2f} s)")
        failed = [f.name for f in folders if _last_verdict(read_state(args.out / f.name)) == "fail"]
        for name in failed:
            print(f"proof failed: {name} (unchanged since the last build; see `printkit proof {name}`)")
        return 1 if failed else 0

    from printkit.build import build

    quiet = args.quiet or args.json
    console = None if quiet else _console()  # rich loads only when something is printed with it
    results = build(folders, args.out, options, progress=_progress(console), workers=args.jobs)
    if args.json:
        import json

        summary = {
            "out": str(args.out), "seconds": round(time.perf_counter() - start, 3),
            "games": [{"game": r.game, "up_to_date": r.up_to_date, "files": sorted(r.files), "changed": r.changed,
                       "pages": r.pages, "pieces": r.pieces, "seconds": round(r.seconds, 3)} for r in results],
        }
        print(json.dumps(summary, indent=2))
    elif console is not None:
        from rich.table import Table

        table = Table(title=f"printkit build -> {args.out}")
        for col in ("game", "files", "changed", "pages", "pieces", "time", "proof"):
            table.add_column(col, justify="right" if col != "game" else "left")
        for r in results:
            files = "up to date" if r.up_to_date else str(len(r.files))
            took = "-" if r.up_to_date else f"{r.seconds:.2f} s"
            table.add_row(r.game, files, str(len(r.changed)), str(r.pages), str(r.pieces), took, _proof_cell(r.proof))
        console.print(table)
        console.print(f"done in {time.perf_counter() - start:.2f} s")
    for r in results:  # shown even with --quiet or --json (on stderr): the kit prints, but not as designed
        for line in r.report.warnings if r.report else []:
            if line.type == "glyphs":
                print(f"warning: {r.game}: {line.detail}", file=sys.stderr)
    failing = [r for r in results if r.proof.get("verdict") == "fail"]
    if failing:
        from rich.markup import escape

        shown = console or _console()
        for r in failing:
            details = ([f"{line.check}: {line.detail}" for line in r.report.errors] if r.report
                       else ["unchanged since the last build"])
            for detail in details:
                shown.print(f"[bold red]proof failed[/bold red]: {r.game}: {escape(detail)}")
        shown.print("the kits were written; `printkit proof` shows the whole report")
    return 1 if failing else 0


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False, emoji=False)


def _progress(console: Console | None) -> Callable[[str], None] | None:
    """The build's progress lines, dimmed, on ``console`` (none without one)."""
    return None if console is None else lambda msg: console.print(f"[dim]{msg}[/dim]")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (argparse names the option when it is not)."""
    def parse(value: str) -> int:
        try:
            n = int(value.strip())
        except ValueError:
            n = low - 1
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, found {found_repr(value)}")
        return n

    parse.__name__ = "whole number"
    return parse


_positive_int = whole(1, 256)


def path_arg(value: str) -> Path:
    """An argparse type: a file or folder path, not empty, on one line (a NUL or a newline is a typing slip)."""
    if not value.strip() or not value.isprintable():
        raise argparse.ArgumentTypeError(f"expected a path of printable characters, found {found_repr(value)}")
    return Path(value)


path_arg.__name__ = "path"


def pod_option(value: str | None) -> tuple[str, ...] | None:
    """``--pod a,b``: every profile name checked against the shipped profiles, bad ones reported together."""
    if value is None:
        return None
    from printkit.pod import profiles

    names = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
    known = profiles()
    bad = [Problem("command line", "--pod", f"a print-on-demand profile: {', '.join(sorted(known))}",
                   found_repr(n) + suggest(n, known)) for n in names if n not in known]
    if bad or not names:
        raise DataError(bad or [Problem("command line", "--pod", "one or more profile names", found_repr(value))])
    return names


def url_option(flag: str, value: str | None) -> str | None:
    """A URL or folder prefix given on the command line: printable, one line, of a sane length."""
    if value is not None and (len(value) > 2000 or not value.isprintable()):
        raise DataError([Problem("command line", flag, "a URL of at most 2000 printable characters", found_repr(value))])
    return value


def _last_verdict(state: object) -> object:
    proof = state.get("proof") if isinstance(state, dict) else None
    return proof.get("verdict") if isinstance(proof, dict) else None


def _proof_cell(proof: dict[str, object]) -> str:
    if not proof:
        return ""
    if proof.get("verdict") == "fail":
        return f"[bold red]FAIL {proof.get('failed')}[/bold red]"
    warned = proof.get("warned")
    return "[green]pass[/green]" + (f" [yellow]({warned} warned)[/yellow]" if warned else "")


def papers_option(value: str | None) -> tuple[str, ...] | None:
    """``--paper a4,letter`` (``both`` is a4 and letter); every name checked, bad ones reported together."""
    if value is None:
        return None
    names: list[str] = []
    for part in value.split(","):
        part = part.strip().lower()
        names += ["a4", "letter"] if part == "both" else [part]
    problems = []
    for name in names:
        try:
            paper_size(name)
        except ValueError as exc:
            problems.append(Problem("command line", "--paper", str(exc), found_repr(name)))
    unique = tuple(dict.fromkeys(names))
    if len(unique) > MAX_PAPERS:
        problems.append(Problem("command line", "--paper", f"at most {MAX_PAPERS} papers (each is a whole kit)",
                                f"{len(unique)}"))
    if problems:
        raise DataError(problems[:10])
    return unique


def length_option(flag: str, value: str | None) -> float | None:
    if value is None:
        return None
    from printkit.model import MAX_LENGTH

    try:
        mm = parse_length(value)
    except UnitError as exc:
        raise DataError([Problem("command line", flag, str(exc), found_repr(value))]) from None
    if not 0 <= mm <= MAX_LENGTH:
        raise DataError([Problem("command line", flag, f"a length from 0 to {MAX_LENGTH:g} mm", found_repr(value))])
    return mm


MAX_OFFSET = 50.0
"""Largest ``--offset`` either way: a printer that shifts the back by more needs mending, not an offset."""


def offset_option(value: str | None) -> tuple[float, float] | None:
    """``--offset X,Y``: two lengths (mm unless a unit is given), either may be negative."""
    if value is None:
        return None
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise UnitError("two lengths X,Y such as 1.5,-0.5")
        x, y = parse_length(parts[0]), parse_length(parts[1])
        if max(abs(x), abs(y)) > MAX_OFFSET:
            raise UnitError(f"an offset of at most {MAX_OFFSET:g} mm each way")
        return (x, y)
    except UnitError as exc:
        raise DataError([Problem("command line", "--offset", str(exc), found_repr(value))]) from None
