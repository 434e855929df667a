"""Bad data: one clear line per problem (file, key, expected, found), exit 2, no traceback, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_game, run_cli


def break_game(tmp_path: Path, old: str, new: str) -> Path:
    game = copy_game("euclidean", tmp_path)
    toml = game / "game.toml"
    text = toml.read_text()
    assert old in text, "the planted mistake must replace something real"
    toml.write_text(text.replace(old, new, 1))
    return game


def build_fails(tmp_path: Path) -> str:
    out = tmp_path / "out"
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists(), "a failed build must not write anything"
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and all(line.startswith("error: ") for line in lines), result.stderr
    return result.stderr


def test_unknown_key(tmp_path: Path) -> None:
    game = break_game(tmp_path, 'size = "poker"\nvary', 'size = "poker"\ncolour = "red"\nvary')
    line = (game / "game.toml").read_text().splitlines().index('colour = "red"') + 1
    err = build_fails(tmp_path)
    assert f"game.toml:{line}: components.line-card.colour: expected no such key (known keys: " in err
    assert "found `colour`" in err
    assert len(err.strip().splitlines()) == 1, "one mistake, one line"


def test_negative_count(tmp_path: Path) -> None:
    break_game(tmp_path, "count = 4", "count = -4")
    err = build_fails(tmp_path)
    assert "components.colour-wheel-card.count: expected a number of at least 1, found -4" in err


def test_wrong_type(tmp_path: Path) -> None:
    break_game(tmp_path, "count = 4", 'count = "four"')
    err = build_fails(tmp_path)
    assert 'components.colour-wheel-card.count: expected a whole number, found "four"' in err


def test_absurd_count_is_refused_with_the_limit(tmp_path: Path) -> None:
    break_game(tmp_path, "count = 4", "count = 1000000")
    err = build_fails(tmp_path)
    assert "components.colour-wheel-card.count: expected at most 100000" in err


def test_missing_table_file(tmp_path: Path) -> None:
    break_game(tmp_path, 'vary = ["colour", "position"]', 'table = "cards.csv"')
    err = build_fails(tmp_path)
    assert 'components.line-card.table: expected an existing file, found "cards.csv" (no such file)' in err


def test_missing_game_file(tmp_path: Path) -> None:
    (tmp_path / "data" / "empty").mkdir(parents=True)
    result = run_cli("build", "empty", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "expected a game folder with a game.toml" in result.stderr


def test_malformed_toml_names_the_line(tmp_path: Path) -> None:
    break_game(tmp_path, 'title = "Euclidean"', 'title = "Euclidean')
    err = build_fails(tmp_path)
    assert "game.toml:" in err and "expected valid TOML" in err


def test_unknown_colour_names_the_layout_key(tmp_path: Path) -> None:
    break_game(tmp_path, 'background = "back-field"', 'background = "navy"')
    err = build_fails(tmp_path)
    assert "layouts.card-back.background" in err and 'found "navy"' in err and "palette colour" in err


def test_all_problems_of_a_file_at_once(tmp_path: Path) -> None:
    game = break_game(tmp_path, "count = 4", "count = -4")
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('kind = "card"', 'kind = "cardd"', 1))
    err = build_fails(tmp_path)
    assert "components.line-card.kind: expected a component kind" in err
    assert "components.colour-wheel-card.count" in err


def test_a_failed_build_leaves_previous_outputs_alone(tmp_path: Path) -> None:
    game = copy_game("euclidean", tmp_path)
    out = tmp_path / "out"
    assert run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out), "--quiet").returncode == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace("count = 4", "count = 0", 1))
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(out))
    assert result.returncode == 2
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.parametrize("args", [["--version"], ["build", "--help"], ["list", "--help"]])
def test_cli_basics(args: list[str]) -> None:
    result = run_cli(*args)
    assert result.returncode == 0 and ("printkit" in result.stdout)
