"""Where games live: a folder of game folders, each holding a ``game.toml`` (no heavy imports here)."""

from __future__ import annotations

from pathlib import Path

GAME_FILE = "game.toml"


def discover(data_dir: Path) -> list[Path]:
    """Game folders under ``data_dir``: every sub-folder holding a ``game.toml``, by name (hidden ones,
    whose name starts with a dot, are not games; naming one on the command line is refused)."""
    if not data_dir.is_dir():
        return []
    return sorted((p for p in data_dir.iterdir() if not p.name.startswith(".") and (p / GAME_FILE).is_file()),
                  key=lambda p: p.name)


MAX_NAME = 100
"""Longest game folder name (characters): the kit's file names start with it."""
_FORBIDDEN = set('/\\:*?"<>|')
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a kit folder under ``out/`` (one on every system), or None when it can."""
    import unicodedata

    if name in ("", ".", ".."):
        return "a folder name (not empty, not . or ..)"
    if name.startswith("."):
        return "a name that does not start with a dot (hidden folders are not games)"
    if len(name) > MAX_NAME:
        return f"a name of at most {MAX_NAME} characters (found {len(name)})"
    bad = sorted({ch for ch in name if ch in _FORBIDDEN or unicodedata.category(ch).startswith("C")})
    if bad:
        return "a name without control characters or any of / \\ : * ? \" < > | (found " + \
            " ".join(repr(ch) for ch in bad) + ")"
    if name != name.strip() or name.endswith("."):
        return "a name that does not start or end with a space or end with a dot"
    if name.split(".")[0].strip().lower() in _RESERVED:
        return "a name that is not reserved by Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9)"
    return None


def name_key(name: str) -> str:
    """Names that are one folder on a case-insensitive or normalising file system share a key."""
    import unicodedata

    return unicodedata.normalize("NFC", name).casefold()


def check_games(folders: list[Path], others: list[Path] = ()) -> None:  # type: ignore[assignment]
    """Refuse game folders whose names cannot each map to one safe ``out/<name>/`` folder.

    ``others`` are games not built in this run but sharing the same ``out/`` (the rest of
    the data folder): a name equal to one of theirs but for case would share its kit folder.
    """
    from printkit.errors import DataError, Problem, found_repr

    problems: list[Problem] = []
    seen: dict[str, Path] = {}
    for folder in [*folders, *(o for o in others if o not in folders)]:
        why = name_problem(folder.name)
        if why is not None:
            if folder in folders:
                problems.append(Problem(str(folder), "", f"a game folder whose name can name its kit folder: {why}",
                                        found_repr(folder.name)))
            continue
        key = name_key(folder.name)
        first = seen.setdefault(key, folder)
        if first is not folder and first.name != folder.name and (folder in folders or first in folders):
            problems.append(Problem(str(folder), "", "a game name that differs from every other game's by more than "
                                    "upper/lower case (they would share one kit folder)",
                                    f"{found_repr(folder.name)} and {found_repr(first.name)}"))
    if problems:
        raise DataError(problems)


def check_out(folders: list[Path], out: Path) -> None:
    """Refuse an output folder that would put a kit inside a game folder or a game inside a kit."""
    from printkit.errors import DataError, Problem

    problems = []
    for folder in folders:
        try:
            game, kit = folder.resolve(), (out / folder.name).resolve()
        except (OSError, RuntimeError):
            continue
        if kit == game or kit.is_relative_to(game) or game.is_relative_to(kit):
            problems.append(Problem("command line", "--out", f"an output folder apart from the game folder {folder}",
                                    str(out)))
    if problems:
        raise DataError(problems)
