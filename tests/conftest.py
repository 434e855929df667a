"""Shared fixtures: the repository's games built once per session into a temporary folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"

# Property tests on a slow, shared machine: a deadline that catches a real slowdown (an example
# taking seconds) without failing on a busy core; examples are derandomized so CI runs the same ones.
settings.register_profile("printkit", deadline=5000, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "printkit"))


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """Run ``python -m printkit ARGS`` as a user would, capturing output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd or ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def run_expr(source: str, **values: object) -> object:
    """The value of a printkit expression with ``values`` as its names (``a.b`` reads ``values["a"]["b"]``)."""
    from printkit.expr import compile_expr

    def lookup(path: str) -> object:
        cur: object = values
        for part in path.split("."):
            assert isinstance(cur, dict) and part in cur, path
            cur = cur[part]
        return cur
    return compile_expr(source)(lookup)


def game_from(folder: Path, toml: str, **files: str | bytes) -> Any:
    """The game whose ``game.toml`` is ``toml``, written into ``folder`` (made if needed) with the other
    ``files`` (name: text or bytes), loaded."""
    from printkit.load import load_game

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(toml, encoding="utf-8")
    for name, data in files.items():
        (folder / name).write_bytes(data) if isinstance(data, bytes) else (folder / name).write_text(data, encoding="utf-8")
    return load_game(folder)


def _flat(value: Any) -> list[Any]:
    """Nested tuples and lists as one flat list (pytest.approx compares flat sequences)."""
    if isinstance(value, (tuple, list)):
        return [x for v in value for x in _flat(v)]
    return [value]


class approx:  # named as it reads: pytest.approx, nested
    """pytest.approx for nested tuples and lists of numbers (and strings, compared exactly)."""

    def __init__(self, expected: Any, **tol: float) -> None:
        self.expected, self.tol = expected, tol

    def __eq__(self, other: object) -> bool:
        return _flat(other) == pytest.approx(_flat(self.expected), **self.tol)

    def __repr__(self) -> str:
        return f"approx({self.expected!r})"


def board_context(game: Any, values: dict[str, Any] | None = None) -> Any:
    """The drawing context of the first element of a tiny game's ``board`` face (its first variant)."""
    from printkit.game import DrawContext

    return DrawContext(game, game.variants["board"][0], "layouts.face.elements[0]", values)


def only_problem(call: Any) -> Any:
    """The one data problem ``call()`` raises."""
    from printkit.errors import DataError

    with pytest.raises(DataError) as err:
        call()
    [p] = err.value.problems
    return p


def board_toml(element: str, before: str = "", board: str = "board") -> str:
    """``game.toml`` of a game of one 100 x 80 mm board, ``board``, whose face is one layout element (a TOML
    inline table); ``before``: tables written ahead of the layout (sets)."""
    return (f'[game]\ntitle = "T"\n{before}[layouts.face]\nelements = [{element}]\n'
            f'[[components]]\nid = "{board}"\nkind = "board"\nwidth = 100\nheight = 80\nface = "face"\n')


def board_face(tmp_path: Path, element: str) -> Any:
    """The face drawn from one layout element (TOML inline table) on a 100 x 80 mm board."""
    from printkit.faces import draw_face
    from printkit.game import DrawContext
    from printkit.load import load_game

    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(board_toml(element, board="sheet"), encoding="utf-8")
    game = load_game(folder)
    return draw_face(game, "face", DrawContext(game, game.variants["sheet"][0], "components.sheet"), 100, 80, 0)


def copy_game(name: str, dest: Path) -> Path:
    """Copy ``data/<name>`` into ``dest/data/<name>`` so a test may change it."""
    target = dest / "data" / name
    shutil.copytree(DATA / name, target)
    return target


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game in data/ built with the defaults; returns the out folder."""
    out = tmp_path_factory.mktemp("out")
    result = run_cli("build", "--data", str(DATA), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def built_test_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every example game in tests/games/ built with the defaults; returns the out folder."""
    out = tmp_path_factory.mktemp("out-test-games")
    result = run_cli("build", "--data", str(ROOT / "tests" / "games"), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


def manifest(out: Path, game: str) -> dict:  # type: ignore[type-arg]
    return json.loads((out / game / "manifest.json").read_text())


# --- coverage floors --------------------------------------------------------------------------
# pytest-cov measures every run (pyproject addopts), this process, its subprocesses and the
# build's forked workers alike. The floors only make sense for the whole suite: a run of some
# tests (paths, -k, -m, deselection, a failure under -x) reports coverage but enforces nothing.


def _coverage_minimums() -> dict[str, float]:
    import tomllib

    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["printkit"]["coverage"]
    return {str(k): float(v) for k, v in table["minimum"].items()}


def _whole_suite(session: pytest.Session) -> bool:
    config = session.config
    return (config.args_source == pytest.Config.ArgsSource.TESTPATHS and not config.option.keyword
            and not config.option.markexpr and not config.option.deselect
            and session.testscollected == len(session.items))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtestloop(session: pytest.Session):  # type: ignore[no-untyped-def]
    plugin = session.config.pluginmanager.getplugin("_cov")
    controller = getattr(plugin, "cov_controller", None)
    whole = _whole_suite(session)
    if controller is not None and not whole:
        plugin.options.cov_fail_under = None  # pytest-cov takes fail_under from the coverage config
    result = yield
    if controller is None or plugin.cov_total is None:
        return result
    reporter = session.config.pluginmanager.getplugin("terminalreporter")
    if not whole or session.shouldstop or plugin.failed:  # failed tests: their coverage means little
        return result
    cov = controller.cov
    low = []
    for rel, minimum in sorted(_coverage_minimums().items()):
        _, statements, _, missing, _ = cov.analysis2(str(ROOT / rel))
        pct = 100.0 * (len(statements) - len(missing)) / len(statements) if statements else 100.0
        if pct < minimum:
            low.append(f"{rel}: {pct:.1f} % of lines covered, below its minimum of {minimum:g} %")
    if low:
        reporter.write("\nERROR: coverage below a module's minimum ([tool.printkit.coverage] in pyproject.toml):\n"
                       + "".join(f"  {line}\n" for line in low), red=True, bold=True)
        session.testsfailed += 1
    else:
        reporter.write(f"\ncoverage: all {len(_coverage_minimums())} per-module minimums met\n", green=True)
    return result

