"""Every way the command line ends, and the code it ends with.

The contract (README): bad data -> 2, a failed proof or an output that cannot be written -> 1,
success -> 0, an interruption -> 130, and a bug in printkit -> 70 (EX_SOFTWARE; one line, the
traceback saved to a file), none of 0, 1, 2, so a script never mistakes a crash for "the data is
bad" or "the proof failed". Never a traceback on the screen. A RecursionError
while the data is loaded is the data's fault (nested too deeply): 2, never 1.

Each path of ``printkit.cli.main`` is reached in this process by replacing one command's ``run``
with a function that ends that way; the main ones are also checked end to end in a subprocess.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import DATA, ROOT, copy_game, run_cli

import printkit
import printkit.build
from printkit import cli
from printkit.cli import EXIT_BUG
from printkit.commands import list as list_command
from printkit.errors import DataError, Problem
from printkit.output import OutputError

DATA_CODES = {0, 1, 2}


def ending(monkeypatch: pytest.MonkeyPatch, fn: Callable[[argparse.Namespace], int]) -> None:
    """Make ``printkit list`` end with ``fn``."""
    monkeypatch.setattr(list_command, "run", fn)


def raising(exc: BaseException) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        raise exc

    return run


def test_success_is_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["list", "--data", str(DATA), "euclidean"]) == 0
    assert "euclidean" in capsys.readouterr().out


def test_no_command_prints_help_and_is_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert "usage: printkit" in capsys.readouterr().out


def test_an_unknown_option_is_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["build", "--no-such-option"])
    assert stop.value.code == 2


def test_bad_data_is_2_with_one_line_per_problem(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ending(monkeypatch, raising(DataError([Problem("a/game.toml", "components[0].count", "a whole number", "'x'"),
                                           Problem("a/cards.csv", "row 3", "a colour", "'teal'")])))
    assert cli.main(["list"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("error: ") for line in err)
    assert "a/game.toml" in err[0] and "components[0].count" in err[0]


def test_an_unknown_game_is_bad_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["list", "--data", str(DATA), "no-such-game"]) == 2
    assert "no such game" in capsys.readouterr().err


def test_a_folder_without_games_is_bad_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["list", "--data", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_docs_check_is_0_when_up_to_date_and_1_when_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["docs", "--check", "--out", str(ROOT / "docs" / "format.md")]) == 0
    stale = tmp_path / "docs" / "format.md"
    assert cli.main(["docs", "--check", "--out", str(stale)]) == 1  # missing
    assert cli.main(["docs", "--out", str(stale)]) == 0
    assert stale.read_text() == (ROOT / "docs" / "format.md").read_text()
    stale.write_text(stale.read_text() + "edited by hand\n")
    assert cli.main(["docs", "--check", "--out", str(stale)]) == 1
    assert "out of date" in capsys.readouterr().out


def test_a_failed_command_is_1(monkeypatch: pytest.MonkeyPatch) -> None:
    ending(monkeypatch, lambda args: 1)
    assert cli.main(["list"]) == 1


def test_an_output_that_cannot_be_written_is_1(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ending(monkeypatch, raising(OutputError("refusing to write an output named '../x'")))
    assert cli.main(["list"]) == 1
    assert capsys.readouterr().err == "error: refusing to write an output named '../x'\n"


@pytest.mark.parametrize("exc", [PermissionError(13, "Permission denied", "/out/game"), OSError(28, "No space left on device")],
                         ids=["with-file", "without-file"])
def test_a_system_error_is_1_without_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                 exc: OSError) -> None:
    ending(monkeypatch, raising(exc))
    assert cli.main(["list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.splitlines()) == 1 and exc.strerror in err
    assert ("/out/game: " in err) == (exc.filename is not None)


def test_a_closed_pipe_is_0(monkeypatch: pytest.MonkeyPatch) -> None:
    ending(monkeypatch, raising(BrokenPipeError(32, "Broken pipe")))
    stderr = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    assert cli.main(["list"]) == 0
    assert stderr.closed, "nothing more is written to a closed pipe"


def test_ctrl_c_is_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ending(monkeypatch, raising(KeyboardInterrupt()))
    assert cli.main(["list"]) == 130
    assert "interrupted" in capsys.readouterr().err


def test_sigterm_unwinds_like_ctrl_c_and_the_handler_is_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def terminated(args: argparse.Namespace) -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        raise AssertionError("SIGTERM did not interrupt the command")

    before = signal.getsignal(signal.SIGTERM)
    ending(monkeypatch, terminated)
    assert cli.main(["list"]) == 130
    assert signal.getsignal(signal.SIGTERM) is before


def test_the_garbage_collector_is_back_on_after_a_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    seen = []
    ending(monkeypatch, lambda args: seen.append(gc.isenabled()) or 0)
    assert gc.isenabled()
    assert cli.main(["list"]) == 0
    assert seen == [False] and gc.isenabled()


def test_a_recursion_error_is_bad_data_never_1_nor_0(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ending(monkeypatch, raising(RecursionError("maximum recursion depth exceeded")))
    try:
        code = cli.main(["list"])
    except RecursionError:  # pragma: no cover - a bug code may be given by letting it escape
        pytest.fail("a RecursionError escaped main() (Python would exit 1)")
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_bug_whose_traceback_cannot_be_saved_still_exits_70(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    import tempfile

    def no_room(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(28, "No space left on device")

    ending(monkeypatch, raising(ValueError("an impossible state")))
    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    assert cli.main(["list"]) == EXIT_BUG
    err = capsys.readouterr().err
    assert "the traceback could not be saved" in err and len(err.splitlines()) == 1


def test_an_output_folder_that_cannot_be_tidied_does_not_stop_a_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit import output

    def unreadable(folder: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(output, "sweep", unreadable)
    ending(monkeypatch, lambda args: 0)
    assert cli.main(["list"]) == 0


def test_sigterm_is_left_alone_outside_the_main_thread() -> None:
    import threading

    got: list[object] = []
    worker = threading.Thread(target=lambda: got.append(cli._terminate_as_interrupt()))
    worker.start()
    worker.join()
    assert got == [None]


def deep_toml(folder: Path, depth: int = 50_000) -> None:
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text("[game]\ntitle = \"deep\"\nx = " + "[" * depth + "]" * depth + "\n")


def test_data_nested_too_deeply_is_bad_data_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep_toml(tmp_path / "data" / "deep")
    assert cli.main(["list", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "game.toml" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["build", "proof", "list"])
def test_data_nested_too_deeply_is_2_end_to_end(tmp_path: Path, command: str) -> None:
    deep_toml(tmp_path / "data" / "deep")
    extra = ["--out", str(tmp_path / "out")] if command != "list" else []
    result = run_cli(command, "--data", str(tmp_path / "data"), *extra)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.startswith("error: ")
    assert not (tmp_path / "out" / "deep").exists()


def test_build_end_to_end_ok_0_then_failed_proof_1_then_bad_data_2(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    out = tmp_path / "out"
    ok = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4", "--quiet", "--jobs", "1")
    assert ok.returncode == 0, ok.stderr
    toml = game / "game.toml"
    good = toml.read_text()
    # The rulebook's stated totals no longer hold: the kit is written, the proof fails.
    toml.write_text(good.replace('vary = ["colour", "position"]', 'count = 2\nvary = ["colour", "position"]', 1))
    failed = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4", "--jobs", "1")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "proof failed" in failed.stdout
    written = (out / "euclidean" / "manifest.json").read_bytes()
    toml.write_text(good.replace('vary = ["colour", "position"]', 'count = "two"\nvary = ["colour", "position"]', 1))
    bad = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--paper", "a4", "--jobs", "1")
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "count" in bad.stderr
    assert (out / "euclidean" / "manifest.json").read_bytes() == written, "bad data clobbered the kit"


# `python -m printkit list` with a bug planted in the list command (wherever printkit turns a bug
# into its exit code, in main() or in __main__, this goes through it).
BUG = """
import runpy, sys
import printkit.commands.list as command
def run(args):
    return {}["a bug"]
command.run = run
sys.argv = ["printkit", "list"]
runpy.run_module("printkit", run_name="__main__", alter_sys=True)
"""


def test_a_bug_exits_70_end_to_end_with_none_of_the_codes_that_mean_ok_failed_or_bad_data() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", BUG], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert EXIT_BUG == 70 and EXIT_BUG not in DATA_CODES | {130}
    assert result.returncode == EXIT_BUG, result.stderr
    report = bug_report(result.stderr)
    try:
        assert "KeyError: 'a bug'" in report.read_text()
    finally:
        report.unlink()


# --- a bug in printkit: exit 70, one line, the traceback saved to a file --------------------------

TINY = Path(__file__).resolve().parent / "games" / "tiny"


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    shutil.copytree(TINY, tmp_path / "data" / "tiny")
    return tmp_path / "data"


def crash(*args: object, **kwargs: object) -> None:
    raise ValueError("an impossible state")


def recurse(*args: object, **kwargs: object) -> None:
    raise RecursionError("maximum recursion depth exceeded")


def bug_report(err: str) -> Path:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: internal error, a bug in printkit") and "Traceback" not in err
    m = re.search(r"the full traceback is in (\S+);", lines[0])
    assert m, err
    return Path(m.group(1))


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "in-a-worker"])
def test_a_bug_has_its_own_exit_code_and_a_saved_traceback(data: Path, tmp_path: Path, jobs: str,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(printkit.build, "_proof_part", crash)
    out = tmp_path / "out"
    code = cli.main(["build", "--data", str(data), "--out", str(out), "--quiet", "--jobs", jobs])
    err = capsys.readouterr().err
    assert code == EXIT_BUG and code not in (0, 1, 2), err
    report = bug_report(err)
    try:
        text = report.read_text()
        assert "ValueError: an impossible state" in text and "Traceback" in text
        assert "an impossible state" in err
    finally:
        report.unlink()
    assert not out.exists() or not any(out.iterdir()), "a crashed build wrote nothing"


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "in-a-worker"])
def test_a_recursion_error_is_never_exit_1(data: Path, tmp_path: Path, jobs: str, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(printkit.build, "_proof_part", recurse)
    code = cli.main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "--jobs", jobs])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_bug_while_loading_is_reported_the_same_way(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(printkit.build, "load_game", crash)
    assert cli.main(["list", "--data", str(data)]) == EXIT_BUG
    bug_report(capsys.readouterr().err).unlink()


@pytest.fixture
def signals_restored() -> Iterator[None]:
    """cli.run blocks SIGINT/SIGTERM and sets a SIGTERM handler: put this process's back afterwards."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    term = signal.getsignal(signal.SIGTERM)
    yield
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    signal.signal(signal.SIGTERM, term)
    gc.unfreeze()  # (cli.run leaves the objects of the ending process to the exit)


def _run_ending(monkeypatch: pytest.MonkeyPatch, fn: Callable[[], int]) -> int:
    monkeypatch.setattr(cli, "main", fn)
    with pytest.raises(SystemExit) as stop:
        cli.run()
    return int(stop.value.code)


def test_run_exits_with_mains_code_and_then_blocks_interrupts(monkeypatch: pytest.MonkeyPatch,
                                                              signals_restored: None) -> None:
    gc.unfreeze()
    assert _run_ending(monkeypatch, lambda: 2) == 2
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert {signal.SIGINT, signal.SIGTERM} <= blocked, "a signal after the exit code is decided changes nothing"
    assert gc.get_freeze_count() > 0, "the ending process's objects are left to the exit, not collected at it"


def test_run_turns_an_interrupt_inside_main_into_130(monkeypatch: pytest.MonkeyPatch, signals_restored: None,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted() -> int:
        raise KeyboardInterrupt

    assert _run_ending(monkeypatch, interrupted) == 130
    assert capsys.readouterr().err == "interrupted: outputs already in place are unchanged\n"


def test_run_keeps_mains_code_when_an_interrupt_lands_after_main(monkeypatch: pytest.MonkeyPatch,
                                                                signals_restored: None,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    real = cli._block_interrupts
    calls = []

    def late_interrupt() -> None:  # the signal lands between main's return and the block
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        real()

    monkeypatch.setattr(cli, "_block_interrupts", late_interrupt)
    assert _run_ending(monkeypatch, lambda: 0) == 0
    assert len(calls) == 2 and capsys.readouterr().err == "", "the work was done: no 'interrupted' line"
    assert {signal.SIGINT, signal.SIGTERM} <= signal.pthread_sigmask(signal.SIG_BLOCK, set())


def test_a_second_interrupt_while_the_first_is_handled_is_still_one_line_and_130(monkeypatch: pytest.MonkeyPatch,
                                                                    signals_restored: None,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted_twice() -> int:
        raise KeyboardInterrupt

    real = cli._block_interrupts
    calls = []

    def interrupted_block() -> None:  # a second signal while the first one is being handled
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        real()

    monkeypatch.setattr(cli, "_block_interrupts", interrupted_block)
    monkeypatch.setattr(cli, "main", interrupted_twice)
    with pytest.raises(SystemExit) as stop:
        cli.run()
    assert stop.value.code == 130
    assert capsys.readouterr().err == "interrupted: outputs already in place are unchanged\n"


class _Ended(Exception):
    """os._exit, stood in for: the code it was given."""


def _console_ending(monkeypatch: pytest.MonkeyPatch, code: int, threads: int = 1) -> tuple[list[str], int | None]:
    """Run cli.console with main giving ``code``: what it did at the exit, in order, and os._exit's code
    (None: it left the process to Python's own exit, SystemExit)."""
    done: list[str] = []
    monkeypatch.setattr(cli, "main", lambda: code)
    monkeypatch.setattr(cli.atexit, "_run_exitfuncs", lambda: done.append("atexit"))
    monkeypatch.setattr(cli.threading, "active_count", lambda: threads)

    def ended(value: int) -> None:
        done.append("exit")
        raise _Ended(value)

    monkeypatch.setattr(cli.os, "_exit", ended)
    try:
        cli.console()
    except _Ended as end:
        return done, int(str(end))
    except SystemExit as stop:
        assert stop.code == code
        return done, None
    raise AssertionError("console returned")


def test_console_runs_the_exit_functions_then_ends_the_process_with_mains_code(monkeypatch: pytest.MonkeyPatch,
                                                                              signals_restored: None) -> None:
    assert _console_ending(monkeypatch, 3) == (["atexit", "exit"], 3)
    assert _console_ending(monkeypatch, 0) == (["atexit", "exit"], 0)


def test_console_leaves_the_exit_to_python_while_another_thread_runs(monkeypatch: pytest.MonkeyPatch,
                                                                    signals_restored: None) -> None:
    assert _console_ending(monkeypatch, 2, threads=2) == ([], None), "Python waits for the thread, then exits"


def test_console_leaves_the_exit_to_python_when_its_output_cannot_be_flushed(monkeypatch: pytest.MonkeyPatch,
                                                                            signals_restored: None) -> None:
    class Gone(io.StringIO):
        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")  # the reader of printkit's output has gone

    monkeypatch.setattr(sys, "stdout", Gone())
    assert _console_ending(monkeypatch, 0) == (["atexit"], None), "Python reports the broken pipe as it always has"


def test_the_command_flushes_what_it_printed_and_runs_exit_functions_before_it_ends() -> None:
    script = ("import atexit, sys; atexit.register(print, 'exit function ran'); "
              "sys.argv = ['printkit', '--version']; from printkit.cli import console; console()")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"printkit {printkit.__version__}", "exit function ran"]
    bad = subprocess.run([sys.executable, "-m", "printkit", "build", "--no-such-option"], capture_output=True,
                         text=True, timeout=60, check=False)
    assert bad.returncode == 2 and "--no-such-option" in bad.stderr


def missing(name: str) -> Callable[..., None]:
    def run(*args: object, **kwargs: object) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    return run


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "in-a-worker"])
def test_a_package_missing_from_an_old_install_is_named_in_one_line(data: Path, tmp_path: Path, jobs: str,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A venv installed before printkit depended on a package: the line names the package and the fix."""
    monkeypatch.setitem(sys.modules, "coloraide", None)  # importing it now fails as if it were not installed
    monkeypatch.setattr(printkit.build, "_preload", lambda: None)  # (the parent imports it before forking)

    def proof_part(*args: object, **kwargs: object) -> None:
        if jobs == "2":  # as Python words it when the package is not there at all
            missing("coloraide.spaces")()
        import coloraide  # noqa: F401  (as the colour checks import it)

    monkeypatch.setattr(printkit.build, "_proof_part", proof_part)
    code = cli.main(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "--jobs", jobs])
    err = capsys.readouterr().err
    assert code == cli.EXIT_INSTALL and code not in (0, 1, 2, EXIT_BUG), err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("error: printkit's installation lacks the package 'coloraide'"), err
    assert "pip install -e ." in lines[0] and "bug" not in lines[0]


@pytest.mark.parametrize(("module", "package"), [("PIL.Image", "pillow"), ("markdown_it", "markdown-it-py"),
                                                 ("uvicorn", "uvicorn")])
def test_a_missing_package_is_named_as_pip_installs_it(module: str, package: str, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    ending(monkeypatch, missing(module))
    assert cli.main(["list", "--data", str(DATA)]) == cli.EXIT_INSTALL
    assert f"lacks the package {package!r}" in capsys.readouterr().err


def test_a_missing_part_of_printkit_itself_is_a_bug(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    ending(monkeypatch, missing("printkit.nowhere"))
    assert cli.main(["list", "--data", str(DATA)]) == EXIT_BUG
    bug_report(capsys.readouterr().err).unlink()
