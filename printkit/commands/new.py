"""printkit new GAME [--template NAME]: start a game folder that builds and proofs at once.

Without a template it holds a small CSV-driven deck, a chip type in three colours, a
board and a rulebook that overrides parts of the shared template: a working example of
each thing a game is made of, to edit into your own. A template starts from a kind of
game instead: deck, board-and-tokens, hex-map, standees or dice.
"""

from __future__ import annotations

import argparse
import re
import shlex
from importlib.resources import files
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("new", help="start a new game folder", description=__doc__)
    p.add_argument("game", help="folder name of the new game (lowercase letters, digits, - and _)")
    p.add_argument("--data", type=Path, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--title", help="the game's title (default: from the folder name)")
    p.add_argument("--template", choices=TEMPLATES, help="start from a kind of game: " + ", ".join(TEMPLATES))
    p.set_defaults(run=run)


TEMPLATES = ("deck", "board-and-tokens", "hex-map", "standees", "dice")
"""The templates under printkit/scaffold/templates/, one game.toml each."""


def run(args: argparse.Namespace) -> int:
    from printkit.errors import DataError, Problem

    name = args.game
    from printkit.folders import name_problem

    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", name):
        raise DataError([Problem(name, "", "a folder name of lowercase letters, digits, - and _", f'"{name}"')])
    why = name_problem(name)
    if why is not None:
        raise DataError([Problem(name, "", why, f'"{name}"')])
    target = args.data / name
    if target.exists() or target.is_symlink():
        raise DataError([Problem(str(target), "", "a folder that does not exist yet (printkit new never overwrites)", "an existing folder")])
    title = args.title or name.replace("-", " ").replace("_", " ").title()
    source = files("printkit") / "scaffold"
    if args.template:
        text = source.joinpath("templates", f"{args.template}.toml").read_text()
        target.mkdir(parents=True)
        (target / "game.toml").write_text(text.replace("__ID__", name).replace("__TITLE__", title.replace('"', "'")))
        print(f"created {target}/ (game.toml, from the {args.template} template)")
        print(f"next: printkit build {name} --data {args.data}   then open out/{name}/")
        return 0
    target.mkdir(parents=True)
    (target / "rules").mkdir()
    (target / "game.toml").write_text(source.joinpath("game.toml").read_text().format(id=name, title=title.replace('"', "'")))
    (target / "cards.csv").write_text(source.joinpath("cards.csv").read_text())
    (target / "rules" / "rulebook.md").write_text(source.joinpath("rulebook.md").read_text())
    print(f"created {target}/ (game.toml, cards.csv, rules/rulebook.md)")
    print(f"next: {next_command(name, args.data)}   then open {Path('out') / name}/")
    return 0


def next_command(name: str, data: Path) -> str:
    """The build command that works from the current folder: ``--data`` only when it is not the default,
    quoted for the shell (a folder with spaces)."""
    argv = ["printkit", "build", name]
    if data != Path("data"):
        argv += ["--data", str(data)]
    return shlex.join(argv)
