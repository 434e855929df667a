"""Same inputs, same bytes: whatever the folder, the time zone, the locale, the hash seed or file order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import DATA, ROOT
from test_images_fonts import make_picture_game


def copy_tree(src: Path, dest: Path, *, reverse: bool) -> None:
    """Copy file by file, in name order or reversed, so directory listings come out differently."""
    files = sorted(p for p in src.rglob("*") if p.is_file())
    for path in reversed(files) if reverse else files:
        target = dest / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())


def build(data: Path, out: Path, cwd: Path, env: dict[str, str]) -> dict[str, bytes]:
    full_env = {k: v for k, v in os.environ.items() if k not in ("TZ", "LC_ALL", "LANG", "PYTHONHASHSEED")}
    full_env.update(env, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "printkit", "build", "--data", str(data), "--out", str(out),
                             "--quiet"], cwd=cwd, env=full_env, capture_output=True, text=True, timeout=240, check=False)
    assert result.returncode == 0, result.stderr
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


HOSTILE_ENV = {"TZ": "Pacific/Chatham", "LANG": "de_DE.UTF-8", "LC_ALL": "tr_TR.UTF-8", "PYTHONHASHSEED": "4242",
               "SOURCE_DATE_EPOCH": "86400"}


def test_every_game_builds_byte_identical_elsewhere_and_otherwise(built: Path, tmp_path: Path) -> None:
    """All games of data/, copied in reverse file order to another folder, built from another
    working folder under another time zone, locale and hash seed, match the session build."""
    data = tmp_path / "some" / "other" / "place" / "data"
    copy_tree(DATA, data, reverse=True)
    second = build(data, tmp_path / "out", tmp_path, HOSTILE_ENV)
    first = {p.relative_to(built).as_posix(): p.read_bytes() for p in sorted(built.rglob("*")) if p.is_file()}
    assert any(name.endswith(".pdf") for name in first) and any(name.endswith(".svg") for name in first)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


def test_images_and_fonts_build_byte_identical(tmp_path: Path) -> None:
    source = tmp_path / "source"
    make_picture_game(source)
    first_data, second_data = tmp_path / "a" / "data", tmp_path / "b" / "elsewhere" / "data"
    copy_tree(source, first_data, reverse=False)
    copy_tree(source, second_data, reverse=True)
    first = build(first_data, tmp_path / "a" / "out", ROOT, {"TZ": "UTC", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "1"})
    second = build(second_data, tmp_path / "b" / "out", tmp_path / "b", HOSTILE_ENV)
    assert any(name.startswith("pictures/") and name.endswith(".pdf") for name in first)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
