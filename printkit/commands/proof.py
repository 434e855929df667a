"""printkit proof [GAME ...]: check every game's components against its rules.

Builds every game in memory first (drawn, laid out, rendered; nothing written), so
every problem the build would report is reported here too, with the same words
and exit code. Then prints a table per game (check, source, expected, found,
verdict), the errors and the warnings apart, with the pieces they are about, and
the assumptions the data records. Exit code 0 when no check fails, 1 when one
does, 2 when the data cannot be read or built. With --out DIR it also writes
DIR/<game>/proof.json and DIR/<game>/<game>-proof.pdf, and nothing else: other
files in that folder (a built kit) are neither removed nor changed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.commands.build import path_arg
from printkit.errors import DataError

if TYPE_CHECKING:
    from rich.console import Console

    from printkit.game import Game
    from printkit.proof import GameReport, Line

VERDICT_STYLE = {"pass": "[green]pass[/green]", "fail": "[bold red]FAIL[/bold red]", "warn": "[yellow]warn[/yellow]"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("proof", help="count every component against the rules", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("games", nargs="*", metavar="GAME", help="game folder names under --data, or paths (default: all)")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--out", type=path_arg, default=None,
                   help="also write <OUT>/<game>/proof.json and <game>-proof.pdf (default: write nothing)")
    p.add_argument("--json", action="store_true", help="print the reports as JSON instead of tables")
    p.add_argument("--strict", action="store_true",
                   help="a component no expectation or check counts fails the proof (default: a warning)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from printkit.build import build_games, load_all
    from printkit.cli import game_dirs
    from printkit.folders import check_out
    from printkit.options import BuildOptions
    from printkit.output import write_files
    from printkit.parallel import cpu_workers
    from printkit.proof import strictly

    folders = game_dirs(args.data, args.games)
    if args.out is not None:
        check_out(folders, args.out)
    games = load_all(folders)
    # The build, in memory: every piece drawn, every sheet laid out and rendered, so any problem
    # the build would report is reported here, word for word (a DataError: exit 2). Nothing is written.
    # A glyph the font lacks only warns in a build; here it fails (and with --strict, so does coverage).
    try:
        built = build_games(games, BuildOptions(svg=False), cpu_workers())
    except DataError as err:
        # One mistake must not hide the rest: prove what can be drawn, with each problem the build
        # found as a failing line, print it all, then report the problems (exit 2) as the build does.
        show([strictly(r, args.strict) for r in partial_reports(games, err)], args.json)
        raise
    reports = [strictly(b.report, args.strict) for b in built]
    if args.out is not None:
        from printkit.build import draw, paper_for, proof_files

        for game, made, report in zip(games, built, reports, strict=True):
            files = {k: v for k, v in made.files.items() if k in ("proof.json", f"{game.id}-proof.pdf")}
            if report is not made.report:
                files = proof_files(draw(game), report, paper_for(game, game.settings.papers[0]))
            # Only the proof's own two files: a kit already in that folder is left as it is.
            write_files(args.out / game.id, files)
    show(reports, args.json)
    return 0 if all(r.ok for r in reports) else 1


def show(reports: list[GameReport], as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps([r.as_dict() for r in reports], indent=2, ensure_ascii=False, sort_keys=True) + "\n")
        return
    from rich.console import Console

    console = Console(highlight=False, emoji=False)
    for report in reports:
        print_report(console, report)


def partial_reports(games: list[Game], err: DataError) -> list[GameReport]:
    """The proof of each game whose pieces can still be drawn when its build failed: every check
    that can run, and one failing ``build`` line per problem the build found in that game (a
    diagram or the box art naming a piece that is gone, ...), each naming its cause."""
    from printkit.kit import draw
    from printkit.proof import prove
    from printkit.report import Line

    out = []
    for game in games:
        mine = [p for p in err.problems if p.file == game.rel()]
        try:
            report = prove(game, draw(game), keep_going=True)
        except DataError:
            continue  # its pieces cannot be drawn: the problems say why
        report.lines = [Line(f"build[{p.path}]", "build", "the kit must build", p.expected, p.found, "fail",
                             detail=f"the build stops here: {p.path}: expected {p.expected}, found {p.found}",
                             pieces=(p.found.strip('"'),)) for p in mine] + report.lines
        out.append(report)
    return out


def _rows(lines: list[Line]) -> list[tuple[str, Line]]:
    """Table rows: a run of passing per-value lines with the same numbers shows as one row."""
    rows: list[tuple[str, Line]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        base = line.check.split("[", 1)[0]
        j = i + 1
        while (j < len(lines) and lines[j].check.split("[", 1)[0] == base and "[" in lines[j].check
               and lines[j].verdict == line.verdict == "pass" and lines[j].expected == line.expected
               and lines[j].found == line.found):
            j += 1
        if j - i > 1:
            first, last = line.check.split("[", 1)[1][:-1], lines[j - 1].check.split("[", 1)[1][:-1]
            rows.append((f"{base} (each of {j - i}: {first} ... {last})", line))
        else:
            rows.append((line.check, line))
        i = j
    return rows


def expected_text(line: Line) -> str:
    """The expected value as shown: ``>= 65`` for a need that may be exceeded."""
    return f">= {line.expected}" if line.relation == "at least" else str(line.expected)


def print_report(console: Console, report: GameReport) -> None:
    """The proof of one game: a table, then errors, warnings and assumptions apart."""
    from rich.markup import escape  # rich loads when a proof is printed, not with every command
    from rich.table import Table

    table = Table(title=f"proof: {escape(report.title)} ({report.game})", show_lines=False)
    table.add_column("check", overflow="fold")
    table.add_column("source", overflow="fold", ratio=1)
    table.add_column("expected", justify="right")
    table.add_column("found", justify="right")
    table.add_column("verdict")
    for label, line in _rows(report.lines):
        table.add_row(escape(label), escape(line.source), escape(expected_text(line)),
                      escape(str(line.found)), VERDICT_STYLE[line.verdict])
    console.print(table)
    for title, lines, style in (("errors", report.errors, "bold red"), ("warnings", report.warnings, "yellow")):
        if lines:
            console.print(f"[{style}]{title} ({len(lines)})[/{style}]")
            for line in lines:
                console.print(f"  [{style}]{escape(line.check)}[/{style}]: expected "
                              f"{escape(expected_text(line))}, found {escape(str(line.found))}: "
                              f"{escape(line.detail)}")
                if line.pieces:
                    console.print(f"    pieces: {escape(', '.join(line.pieces))}")
                console.print(f"    rule: {escape(line.source)}")
    if report.assumptions:
        console.print(f"[bold]assumptions ({len(report.assumptions)})[/bold]")
        for a in report.assumptions:
            console.print(f"  [bold]{escape(a['id'])}[/bold]: {escape(a['text'])}")
    style = "green" if report.ok else "bold red"
    console.print(f"[{style}]{report.game}: {report.summary()}[/{style}]\n")
