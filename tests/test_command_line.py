"""Every option of every command, given values a user could mistype: one ``error:`` line per problem
naming the option and exit 2, or the command goes on (to a folder with no games here); never usage
text, a traceback or an internal error. The cases are generated from the argparse parsers, so an
option added tomorrow is tested too.

Each case runs in an empty folder (no ``data/``): an accepted value ends at "no games", quickly.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from printkit import cli, output

BAD_VALUES = ["", " ", "0", "-72", "100000", "1e400", "nan", "x", "-", "a,b", "a\x00b", "two\nlines", "é" * 300]


def _options() -> list[tuple[str, str]]:
    out = []
    sub = next(a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction))
    for command, p in sorted(sub.choices.items()):
        for action in p._actions:
            if action.option_strings and action.nargs != 0 and action.dest != "help":
                out.append((command, max(action.option_strings, key=len)))
    return out


OPTIONS = _options()


def _positionals() -> list[tuple[str, str]]:
    sub = next(a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction))
    return [(command, a.dest) for command, p in sorted(sub.choices.items())
            for a in p._actions if not a.option_strings and a.dest != "help"]


POSITIONALS = _positionals()
NO_GAMES = "expected a folder of games"


@pytest.fixture
def in_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    # `printkit docs` would render its gallery for every accepted value: a stand-in keeps the case fast
    # (what is tested here is how the command takes its options, not what it writes).
    import printkit.docs
    import printkit.gallery

    monkeypatch.setattr(printkit.docs, "format_markdown", lambda: "# format")
    monkeypatch.setattr(printkit.gallery, "gallery_files", dict)
    return tmp_path


def test_the_parsers_have_options_to_test() -> None:
    commands = {c for c, _ in OPTIONS}
    assert {"build", "preview", "watch", "new", "calibrate", "docs", "proof", "list"} <= commands
    assert ("preview", "--dpi") in OPTIONS and ("build", "--pod") in OPTIONS


def ends_cleanly(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """Run ``printkit ARGV``: it ends with 0, 1 or 2, only ``error:``/``warning:`` lines on stderr,
    no usage text and no traceback. Returns the exit code and the stderr lines."""
    try:
        code = cli.main(argv)
    except SystemExit as stop:  # argparse's own refusal (through cli.Parser.error)
        code = stop.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert code in (0, 1, 2), (argv, code, err)
    assert "usage:" not in out + err and "Traceback" not in err, (argv, err)
    assert all(line.startswith(("error: ", "warning: ")) for line in lines), (argv, err)
    return code, lines


@pytest.mark.parametrize(("command", "option"), OPTIONS)
def test_every_option_takes_a_bad_value_as_one_error_line(command: str, option: str, in_empty: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    for value in BAD_VALUES:
        argv = [command, *(["g"] if command == "new" else []), f"{option}={value}"]
        code, lines = ends_cleanly(argv, capsys)
        if code == 2 and not any(NO_GAMES in line for line in lines):
            assert lines and all(option in line for line in lines), (argv, lines)
        for leftover in (in_empty / "data" / "g", in_empty / "g"):  # `new g` made a game: the next value starts afresh
            shutil.rmtree(leftover, ignore_errors=True)


@pytest.mark.parametrize(("command", "dest"), POSITIONALS)
def test_every_positional_takes_a_bad_value_as_one_error_line(command: str, dest: str, in_empty: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    for value in [*BAD_VALUES, "..", "/", "data/../..", "-x"]:
        code, lines = ends_cleanly([command, "--", value], capsys)
        if code == 2:
            assert len(lines) == 1 and ("GAME" in lines[0] or "game" in lines[0]), (value, lines)


@pytest.mark.parametrize(("argv", "option"), [
    (["preview", "--dpi", "0"], "--dpi"), (["preview", "--dpi=-72"], "--dpi"), (["preview", "--dpi", "100000"], "--dpi"),
    (["build", "--pod", "no-such-shop"], "--pod"), (["preview", "--paper", "a9"], "--paper"),
    (["new", "g", "--template", "no-such-template"], "--template"), (["new", "-g"], "reads as an option"),
    (["new", "g", "--title", "a\nb"], "--title"), (["build", "--jobs", "0"], "--jobs"),
    (["watch", "--max-rebuilds", "-1"], "--max-rebuilds"), (["build", "--offset", "1e6,0"], "--offset"),
    (["calibrate", "--out", "a\x00b"], "--out"),
])
def test_known_bad_values_are_refused_naming_the_option(argv: list[str], option: str, in_empty: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = cli.main(argv)
    except SystemExit as stop:
        code = stop.code  # type: ignore[assignment]
    _, err = capsys.readouterr()
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1, (argv, err)
    assert lines[0].startswith("error: command line") and option in lines[0] and "game.toml" not in lines[0], err


@pytest.mark.parametrize(("errno_", "word"), [(28, "No space left on device"), (30, "Read-only file system")])
def test_an_os_error_names_the_folder(errno_: int, word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A full disk or a read-only mount fails a write, which the system does not name: the error does."""
    import shutil

    game = tmp_path / "data" / "tiny"
    shutil.copytree(Path(__file__).resolve().parent / "games" / "tiny", game)

    def full(path: str, data: bytes) -> None:
        raise OSError(errno_, word)

    monkeypatch.setattr(output, "_put", full)  # each file of the kit is written by it
    code = cli.main(["build", str(game), "--out", str(tmp_path / "out"), "--quiet", "--no-svg"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1, err
    assert err[0] == f"error: {tmp_path / 'out' / 'tiny'}: {word}"
