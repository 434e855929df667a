"""printkit new GAME [--template NAME]: start a game folder that builds and proofs at once.

Without a template it holds a small CSV-driven deck, a chip type in three colours, a
board and a rulebook that overrides parts of the shared template: a working example of
each thing a game is made of, to edit into your own. A template starts from a kind of
game instead: deck, board-and-tokens, hex-map, standees or dice.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
from importlib.resources import files
from pathlib import Path

from printkit.commands.build import path_arg
from printkit.errors import found_repr


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="start a new game folder", description=__doc__)
    p.add_argument("game", help="folder name of the new game (lowercase letters, digits, - and _)")
    p.add_argument("--data", type=path_arg, default=Path("data"), help="folder of game folders (default: data)")
    p.add_argument("--title", help="the game's title (default: from the folder name)")
    p.add_argument("--template", choices=TEMPLATES, help="start from a kind of game: " + ", ".join(TEMPLATES))
    p.set_defaults(run=run)


TEMPLATES = ("deck", "board-and-tokens", "hex-map", "standees", "dice")
"""The templates under printkit/scaffold/templates/, one game.toml each."""


def run(args: argparse.Namespace) -> int:
    from printkit.errors import DataError, Problem
    from printkit.folders import name_problem

    name = args.game
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", name):
        raise DataError([Problem("command line", "GAME", "a folder name of lowercase letters, digits, - and _",
                                 found_repr(name))])
    why = name_problem(name)
    if why is not None:
        raise DataError([Problem("command line", "GAME", why, found_repr(name))])
    title = args.title if args.title is not None else name.replace("-", " ").replace("_", " ").title()
    why = title_problem(title)
    if why is not None:
        raise DataError([Problem("command line", "--title", why, found_repr(title))])
    target = args.data / name
    if target.exists() or target.is_symlink():
        raise DataError([Problem(str(target), "", "a folder that does not exist yet (printkit new never overwrites)", "an existing folder")])
    quoted = toml_string(title)
    source = files("printkit") / "scaffold"
    if args.template:
        text = source.joinpath("templates", f"{args.template}.toml").read_text()
        written = {"game.toml": text.replace("__ID__", name).replace("__TITLE__", quoted)}
    else:
        written = {"game.toml": source.joinpath("game.toml").read_text().format(id=name, title=quoted),
                   "cards.csv": source.joinpath("cards.csv").read_text(),
                   "rules/rulebook.md": source.joinpath("rulebook.md").read_text()}
    try:
        for rel, text in written.items():
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            (target / rel).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(exc.filename or target)) from None
    what = f"game.toml, from the {args.template} template" if args.template else ", ".join(written)
    print(f"created {target}/ ({what})")
    print(f"next: {next_command(name, args.data)}   then open {Path('out') / name}/")
    return 0


def title_problem(title: str) -> str | None:
    """Why ``title`` cannot be the title of a new game (None: it can). The title is printed on the
    scaffold's faces, where ``{...}`` would be read as a template, in the built-in font."""
    from printkit.model import MAX_TITLE
    from printkit.render.fonts import missing_glyphs

    if not title.strip():
        return "a title with some text"
    if len(title) > MAX_TITLE:
        return f"a title of at most {MAX_TITLE} characters (found {len(title)})"
    if not title.isprintable():
        return "a title on one line, of printable characters"
    if "{" in title or "}" in title:
        return "a title without { or } (in printed texts they mark templates)"
    missing = missing_glyphs(title, "regular") + missing_glyphs(title, "bold")
    if missing:
        return f"a title the built-in font can print (it has no glyph for {''.join(dict.fromkeys(missing))})"
    return None


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: quotes and backslashes escaped (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def next_command(name: str, data: Path) -> str:
    """The build command that works from the current folder: ``--data`` only when it is not the default,
    quoted for the shell (a folder with spaces)."""
    argv = ["printkit", "build", name]
    if data != Path("data"):
        argv += ["--data", str(data)]
    return shlex.join(argv)
