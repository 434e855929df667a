"""printkit list [GAME ...]: the games and their components with counts."""

from __future__ import annotations

import argparse
from pathlib import Path

from printkit.commands.build import path_arg


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="list games and their components", description=__doc__)
    p.add_argument("games", nargs="*", metavar="GAME")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from printkit.build import load_all
    from printkit.cli import game_dirs

    console = Console(highlight=False, emoji=False)
    for game in load_all(game_dirs(args.data, args.games)):
        table = Table(title=f"{game.info.title} ({game.id})")
        table.add_column("component")
        table.add_column("kind")
        table.add_column("variants", justify="right")
        table.add_column("pieces", justify="right")
        for comp in game.components:
            table.add_row(comp.id, comp.kind, str(len(game.variants[comp.id])), str(game.pieces(comp)))
        table.add_row("total", "", "", str(sum(game.pieces(c) for c in game.components)))
        console.print(table)
    return 0
